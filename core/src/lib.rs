//! ptxlab-core: a CUDA C → PTX compiler without LLVM.
//!
//! The pipeline, one module per stage, data flowing one way:
//! `frontend::compile_unit` → `irgen::lower` → `link::libdevice` → `opt::run`
//! → `codegen::select` … `codegen::emit`. [`compile`] runs it and returns a
//! [`Compilation`] holding every stage's snapshot.
//!
//! Architecture Invariant: the library does no I/O (files come through
//! [`FileProvider`]) and never panics on user input; it runs the same natively
//! and in wasm32.

pub mod bugs;
pub mod codegen;
pub mod collections;
pub mod compilation;
pub mod diag;
pub mod edit;
pub mod frontend;
pub mod ir;
pub mod irgen;
pub mod link;
pub mod opt;
pub mod options;
pub mod ptx;
pub mod target;
pub mod wmma;

mod driver;

pub use compilation::{
    Compilation, FunctionText, FunctionValues, Kernel, KernelParam, LineMapEntry, ParamKind, Stage,
    StageKind, Stats, ValueRegs,
};
pub use diag::{Diagnostic, Severity, Span};
pub use driver::{compile, compile_source, compile_to_ir, PassRun, Stepper};
pub use options::{Define, Options, PtxVersion, RewriteLimit, RewriteSite};

/// Where `#include`d files come from. The CLI reads the disk; the browser
/// holds a map of files; tests use either.
pub trait FileProvider {
    /// The text of the file at `path`, or `None` when there is no such file.
    fn read(&self, path: &str) -> Option<String>;
}

/// No files besides the main one (and the built-in headers).
pub struct NoFiles;

impl FileProvider for NoFiles {
    fn read(&self, _path: &str) -> Option<String> {
        None
    }
}

/// Files by name (the page's tabs): `#include "./util/../x.cuh"` finds `x.cuh`.
impl FileProvider for std::collections::BTreeMap<String, String> {
    fn read(&self, path: &str) -> Option<String> {
        self.get(path)
            .or_else(|| self.get(&normalize_path(path)))
            .cloned()
    }
}

/// `path` without `.` segments and with each `dir/..` pair removed (a `..`
/// above the first segment stays).
pub fn normalize_path(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

/// The stack the compiler needs for the deepest input it accepts (nesting is
/// limited in the parser); the CLI runs the compiler on a thread of this size and
/// the web worker is linked with it.
pub const STACK_SIZE: usize = 16 << 20;

/// The version string shown in the UI and written into shared links.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// The page's files: a header in a folder includes its neighbour, and
    /// `./` and `..` in a name are resolved.
    #[test]
    fn includes_find_files_by_name() {
        let files: BTreeMap<String, String> = [
            ("inc/util.cuh", "#include \"scale.cuh\"\n__device__ float twice(float x) { return scale(x, 2.0f); }\n"),
            ("inc/scale.cuh", "__device__ float scale(float x, float k) { return x * k; }\n"),
            ("common.cuh", "#define N 4\n"),
        ]
        .into_iter()
        .map(|(n, t)| (n.to_string(), t.to_string()))
        .collect();
        let src = "#include \"./inc/../common.cuh\"\n#include \"inc/util.cuh\"\n\
                   __global__ void k(float *p) { p[N] = twice(p[0]); }\n";
        let c = compile("kernel.cu", src, &files, &Options::default());
        assert!(c.ptx.is_some(), "{:?}", c.diagnostics);
        let c = compile(
            "kernel.cu",
            "#include \"nope.cuh\"\n",
            &files,
            &Options::default(),
        );
        assert!(c.ptx.is_none());
        assert_eq!(normalize_path("./a/b/../c.cuh"), "a/c.cuh");
        assert_eq!(normalize_path("../x.cuh"), "../x.cuh");
    }
}
