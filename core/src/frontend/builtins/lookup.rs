//! Looking built-ins up: by name, by index (`ExprKind::BuiltinCall`'s),
//! their overloads' C types from the table's compact spelling.

use super::{all, Builtin, Overload, ATOMIC_FADD, BUILTINS};
use crate::frontend::ast::{CType, IntKind};

pub fn find(name: &str) -> Option<&'static Builtin> {
    all().find(|b| b.name == name)
}

/// The built-in with this index in [`all`] (`ExprKind::BuiltinCall`'s).
pub fn get(index: usize) -> &'static Builtin {
    all().nth(index).unwrap_or(&BUILTINS[0])
}

/// The index in [`all`] of the built-in named `name`.
pub fn position(name: &str) -> Option<usize> {
    all().position(|b| b.name == name)
}

/// The C type a spelling letter stands for.
pub fn ctype(spelling: &str) -> CType {
    if let Some(rest) = spelling.strip_prefix('*') {
        return CType::ptr_to(ctype(rest));
    }
    if let Some(rest) = spelling.strip_prefix('&') {
        return CType::Ptr {
            pointee: Box::new(ctype(rest)),
            konst: true,
            volatile: false,
        };
    }
    match spelling {
        "c" => CType::Int(IntKind::Char),
        "i" => CType::INT,
        "u" => CType::UINT,
        "t" => CType::Int(IntKind::UShort),
        "l" => CType::Int(IntKind::LongLong),
        "y" => CType::Int(IntKind::ULongLong),
        "L" => CType::Int(IntKind::Long),
        "m" => CType::Int(IntKind::ULong),
        "f" => CType::Float,
        "d" => CType::Double,
        "b" => CType::Bool,
        _ => CType::Void,
    }
}

/// The overloads of a built-in, including the float forms of atomicAdd.
pub fn overloads(b: &Builtin) -> Vec<Overload> {
    let mut v = b.overloads.to_vec();
    if b.name.starts_with("atomicAdd") {
        v.extend_from_slice(ATOMIC_FADD);
    }
    v
}

/// Whether an overload is the float form of an atomic add.
pub fn is_float_atomic_add(b: &Builtin, ov: &Overload) -> bool {
    b.name.starts_with("atomicAdd") && matches!(ov.ret, "f" | "d")
}
