//! Itanium C++ name mangling, as nvcc applies it to device symbols that are
//! not `extern "C"` (`_Z5saxpyifPKfPf`).

use super::ast::{CType, FunctionDef, IntKind};

/// The symbol a function gets in PTX.
pub fn symbol_name(f: &FunctionDef) -> String {
    if f.extern_c || f.name == "main" {
        return f.name.clone();
    }
    let mut out = format!("_Z{}{}", f.name.len(), f.name);
    if f.params.is_empty() && !f.variadic {
        out.push('v');
    }
    let mut subs = Vec::new();
    for p in &f.params {
        out.push_str(&mangle(&p.ty, &mut subs));
    }
    if f.variadic {
        out.push('z');
    }
    out
}

fn builtin_code(t: &CType) -> Option<&'static str> {
    Some(match t {
        CType::Void => "v",
        CType::Bool => "b",
        CType::Float => "f",
        CType::Double => "d",
        CType::Int(k) => match k {
            IntKind::Char => "c",
            IntKind::SChar => "a",
            IntKind::UChar => "h",
            IntKind::Short => "s",
            IntKind::UShort => "t",
            IntKind::Int => "i",
            IntKind::UInt => "j",
            IntKind::Long => "l",
            IntKind::ULong => "m",
            IntKind::LongLong => "x",
            IntKind::ULongLong => "y",
        },
        _ => return None,
    })
}

fn quals(konst: bool, volatile: bool) -> &'static str {
    match (volatile, konst) {
        (true, true) => "VK",
        (true, false) => "V",
        (false, true) => "K",
        (false, false) => "",
    }
}

/// The mangling with no substitutions: the key of the substitution table.
fn canonical(t: &CType) -> String {
    if let Some(c) = builtin_code(t) {
        return c.to_string();
    }
    match t {
        CType::Ptr {
            pointee,
            konst,
            volatile,
        } => format!("P{}{}", quals(*konst, *volatile), canonical(pointee)),
        CType::Array(e, n) => format!("A{n}_{}", canonical(e)),
        CType::Builtin(_) => "4dim3".to_string(),
        CType::Record(r) => source_name(&r.name.borrow()),
        CType::Enum(e) => source_name(&e.name.borrow()),
        _ => String::new(),
    }
}

/// A class or enum name: its length and spelling (`6float4`); an unnamed
/// one is `Ut_`.
fn source_name(name: &str) -> String {
    if name.is_empty() {
        "Ut_".to_string()
    } else {
        format!("{}{name}", name.len())
    }
}

fn sub_ref(i: usize) -> String {
    if i == 0 {
        return "S_".to_string();
    }
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut n = i - 1;
    let mut s = Vec::new();
    loop {
        s.push(DIGITS[n % 36]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    s.reverse();
    format!("S{}_", String::from_utf8_lossy(&s))
}

fn mangle(t: &CType, subs: &mut Vec<String>) -> String {
    if let Some(c) = builtin_code(t) {
        return c.to_string();
    }
    let key = canonical(t);
    if let Some(i) = subs.iter().position(|s| *s == key) {
        return sub_ref(i);
    }
    let out = match t {
        CType::Ptr {
            pointee,
            konst,
            volatile,
        } => {
            let q = quals(*konst, *volatile);
            let inner = if q.is_empty() {
                mangle(pointee, subs)
            } else {
                let qkey = format!("{q}{}", canonical(pointee));
                match subs.iter().position(|s| *s == qkey) {
                    Some(i) => sub_ref(i),
                    None => {
                        let m = format!("{q}{}", mangle(pointee, subs));
                        subs.push(qkey);
                        m
                    }
                }
            };
            format!("P{inner}")
        }
        CType::Array(e, n) => format!("A{n}_{}", mangle(e, subs)),
        _ => key.clone(),
    };
    subs.push(key);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::frontend::ast::*;

    fn f(name: &str, params: Vec<CType>) -> FunctionDef {
        FunctionDef {
            name: name.into(),
            span: Default::default(),
            ret: CType::Void,
            params: params
                .into_iter()
                .map(|ty| Param {
                    name: String::new(),
                    ty,
                    restrict: false,
                    span: Default::default(),
                })
                .collect(),
            variadic: false,
            space: ExecSpace::Global,
            extern_c: false,
            inline: InlineHint::Default,
            launch_bounds: vec![],
            body: None,
            locals: vec![],
        }
    }

    fn cptr(t: CType) -> CType {
        CType::Ptr {
            pointee: Box::new(t),
            konst: true,
            volatile: false,
        }
    }

    #[test]
    fn matches_nvcc_manglings() {
        let pf = CType::ptr_to(CType::Float);
        let g = f(
            "gemm_kernel",
            vec![
                CType::INT,
                CType::INT,
                CType::INT,
                CType::Float,
                CType::Float,
                pf.clone(),
                pf.clone(),
                pf.clone(),
            ],
        );
        assert_eq!(symbol_name(&g), "_Z11gemm_kerneliiiffPfS_S_");
        assert_eq!(
            symbol_name(&f("loop", vec![CType::INT, pf.clone(), cptr(CType::INT)])),
            "_Z4loopiPfPKi"
        );
        assert_eq!(
            symbol_name(&f("k", vec![cptr(CType::Float), cptr(CType::Float), pf])),
            "_Z1kPKfS0_Pf"
        );
        assert_eq!(symbol_name(&f("k", vec![])), "_Z1kv");
    }
}
