//! Register classes and the PTX type suffixes of IR types: which `%r`/`%rd`/…
//! class a value lives in, its width there (`reg_bits`), and the `.s32`/`.f32`/
//! `.u8` spellings of arithmetic, loads and stores, `.param` passing, atomics' scopes
//! and state spaces.

use crate::ir::*;
use crate::ptx::RegClass;

pub fn reg_class(t: &Type) -> RegClass {
    match t {
        Type::I1 => RegClass::Pred,
        Type::I8 | Type::I16 | Type::Half => RegClass::B16,
        Type::I32 | Type::Ptr(addrspace::SHARED) => RegClass::B32,
        Type::F32 => RegClass::F32,
        Type::F64 => RegClass::F64,
        _ => RegClass::B64,
    }
}

/// The width of a value of type `t` in a register: its IR width, except
/// that a shared-memory pointer is 32 bits, as NVVM's data layout has it
/// (`p3:32:32:32`, on by default from sm_70): shared addresses are offsets
/// in a window of at most 228 KiB, so their arithmetic is 32-bit.
pub fn reg_bits(t: &Type) -> u32 {
    match t {
        Type::Ptr(addrspace::SHARED) => 32,
        t => t.bits(),
    }
}

/// The PTX type suffix for a value of IR type `t` used as `kind` (s: signed, u: unsigned, b: bits).
pub(super) fn int_suffix(t: &Type, kind: char) -> String {
    let bits = match t {
        Type::I1 => return ".pred".into(),
        Type::I8 if kind == 'b' => 16,
        t => reg_bits(t),
    };
    format!(".{kind}{bits}")
}

pub(super) fn float_suffix(t: &Type) -> &'static str {
    match t {
        Type::F64 => ".f64",
        Type::Half => ".f16",
        _ => ".f32",
    }
}

/// The memory access type of a load or store of `t`.
pub(super) fn mem_suffix(t: &Type) -> &'static str {
    match t {
        Type::I1 | Type::I8 => ".u8",
        Type::I16 => ".u16",
        Type::I32 => ".u32",
        Type::I64 | Type::Ptr(_) => ".u64",
        Type::F32 => ".f32",
        Type::F64 => ".f64",
        Type::Half => ".b16",
        _ => ".b8",
    }
}

/// How a value of type `t` is passed to or returned from a `.func`: its
/// `.param` declaration type and the type of the call's `st.param` of an
/// argument, its `ld.param` of the result and the callee's `st.param` of
/// its return value (NVVM declares 32-bit float parameters `.b32` and moves
/// them `.f32`; integers and pointers move untyped, `st.param.b64 [param0+0]`,
/// `ld.param.b32 %r, [retval0+0]`, as nvcc writes them; the callee reads
/// its own parameters typed, `ld.param.u32`, see [`param_type`]).
pub fn func_param_types(t: &Type) -> (&'static str, &'static str) {
    match t {
        Type::F32 => (".b32", ".f32"),
        Type::F64 => (".b64", ".f64"),
        Type::I64 | Type::Ptr(_) if *t != Type::Ptr(addrspace::SHARED) => (".b64", ".b64"),
        _ => (".b32", ".b32"),
    }
}

pub fn param_type(t: &Type) -> &'static str {
    match t {
        Type::I1 | Type::I8 => ".u8",
        Type::I16 => ".u16",
        Type::I32 | Type::Ptr(addrspace::SHARED) => ".u32",
        Type::F32 => ".f32",
        Type::F64 => ".f64",
        _ => ".u64",
    }
}

/// The PTX scope of an atomic: `.cta`, nothing (the GPU), `.sys`.
pub(super) fn scope_suffix(s: SyncScope) -> &'static str {
    match s {
        SyncScope::Block => ".cta",
        SyncScope::Device => "",
        SyncScope::System => ".sys",
    }
}

pub(super) fn space_name(space: u32) -> &'static str {
    match space {
        addrspace::GLOBAL => ".global",
        addrspace::SHARED => ".shared",
        addrspace::CONST => ".const",
        addrspace::LOCAL => ".local",
        addrspace::PARAM => ".param",
        _ => "",
    }
}
