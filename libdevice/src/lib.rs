//! The `__nv_*` functions of the CUDA math API, as CUDA C source text that
//! ptxlab's own frontend compiles and the `link` stage adds on demand.
//!
//! Architecture Invariant: this crate holds source text only; it depends on
//! nothing, so the compiler can embed it in the wasm bundle.

/// One libdevice function: its `__nv_*` name and the CUDA C that defines it.
pub struct LibdeviceFunction {
    pub name: &'static str,
    pub source: &'static str,
}

/// Every function libdevice defines. Empty until the math-library issue
/// fills it; the link stage already consults it.
pub const FUNCTIONS: &[LibdeviceFunction] = &[];

/// Looks up a function by its `__nv_*` name.
pub fn find(name: &str) -> Option<&'static LibdeviceFunction> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn unknown_name_is_absent() {
        assert!(super::find("__nv_no_such_function").is_none());
    }
}
