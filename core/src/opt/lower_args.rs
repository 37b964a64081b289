//! nvptx-lower-args: a kernel's pointer parameters point into global memory
//! (the CUDA programming model says so). Each gets an `addrspacecast` to
//! `ptr addrspace(1)` and back at the entry; memory-space-opt then follows
//! the global pointer to the loads and stores. This is the `cvta.to.global`
//! nvcc emits at the top of every kernel. An integer parameter turned into a
//! pointer (`(int *)addr`) holds a global address too, as in LLVM's
//! NVPTXLowerArgs: the `inttoptr` gets the same casts after it. So does a
//! pointer loaded from a struct passed by value (`c.p` of `k(C c)`): the
//! struct's bytes come from the host, so its pointers are global too, and
//! nvcc writes `cvta.to.global` and `st.global` through them.

use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.attrs.kernel || f.is_declaration() {
            continue;
        }
        let mut at = first_non_alloca(f);
        for a in 0..f.params.len() {
            // A struct by value points to its bytes in the .param space.
            if f.params[a].ty != Type::Ptr(addrspace::GENERIC) || f.params[a].byval.is_some() {
                continue;
            }
            if !cast_param(f, a, addrspace::GLOBAL, &mut at) {
                continue;
            }
            changed = true;
            cx.applied(
                0,
                format_args!(
                    "pointer parameter `{}` of kernel `{}` points to global memory",
                    f.params[a].name, f.name
                ),
            );
        }
        for a in 0..f.params.len() {
            if f.params[a].byval.is_some() && cast_loaded_ptrs(f, a) {
                changed = true;
                cx.applied(
                    0,
                    format_args!(
                        "pointers loaded from struct parameter `{}` of kernel `{}` point to global memory",
                        f.params[a].name, f.name
                    ),
                );
            }
        }
        for a in 0..f.params.len() {
            if f.params[a].ty == Type::I64 && cast_int_to_ptr(f, a) {
                changed = true;
                cx.applied(
                    0,
                    format_args!(
                        "integer parameter `{}` of kernel `{}` cast to a pointer points to global memory",
                        f.params[a].name, f.name
                    ),
                );
            }
        }
    }
    changed
}

/// Casts of generic pointer `val` to `space` (`%name.<space>`) and back
/// (`%name.gen`), not yet placed, with every use of `val` reading the cast
/// back (so the first cast keeps its operand).
pub(super) fn space_round_trip(
    f: &mut Function,
    val: &Value,
    name: &str,
    space: u32,
    loc: Option<DebugLoc>,
) -> (InstId, InstId) {
    let specific = f.create_inst(
        &format!("{name}.{}", super::remark::space_name(space)),
        Type::Ptr(space),
        InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: val.clone(),
        },
        loc,
    );
    let generic = f.create_inst(
        &format!("{name}.gen"),
        Type::Ptr(addrspace::GENERIC),
        InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: Value::Inst(specific),
        },
        loc,
    );
    f.replace_all_uses(val, &Value::Inst(generic));
    (specific, generic)
}

/// Each `inttoptr` of integer parameter `a` to a generic pointer is cast to
/// the global space and back right after it, its uses reading the cast
/// back. False when there is none.
fn cast_int_to_ptr(f: &mut Function, a: usize) -> bool {
    let arg = Value::Arg(a as u32);
    cast_results_to_global(
        f,
        |_, kind| matches!(kind, InstKind::Cast { op: CastOp::IntToPtr, val } if *val == arg),
    )
}

/// Each generic pointer loaded from by-value struct parameter `a` (at the
/// parameter or a `getelementptr` of it) is cast to the global space and
/// back right after the load. False when there is none.
fn cast_loaded_ptrs(f: &mut Function, a: usize) -> bool {
    let arg = Value::Arg(a as u32);
    cast_results_to_global(f, |f, kind| {
        let InstKind::Load { ptr, .. } = kind else {
            return false;
        };
        *ptr == arg
            || matches!(ptr, Value::Inst(g)
                if matches!(&f.inst(*g).kind, InstKind::Gep { base, .. } if *base == arg))
    })
}

/// Casts the result of every generic-pointer instruction `pick` selects to
/// the global space and back right after it, its uses reading the cast
/// back. False when there is none.
fn cast_results_to_global(f: &mut Function, pick: impl Fn(&Function, &InstKind) -> bool) -> bool {
    let mut found = Vec::new();
    for &b in &f.layout {
        for (pos, &i) in f.block(b).insts.iter().enumerate() {
            let inst = f.inst(i);
            if inst.ty == Type::Ptr(addrspace::GENERIC) && pick(f, &inst.kind) {
                found.push((b, pos, i));
            }
        }
    }
    // From the last, so earlier positions stay valid.
    for &(b, pos, i) in found.iter().rev() {
        let name = f.inst(i).name.clone();
        let loc = f.inst(i).loc;
        let (global, generic) = space_round_trip(f, &Value::Inst(i), &name, addrspace::GLOBAL, loc);
        let insts = &mut f.block_mut(b).insts;
        insts.insert(pos + 1, global);
        insts.insert(pos + 2, generic);
    }
    !found.is_empty()
}

/// Where casts of parameters go in the entry block: after its allocas
/// (allocas stay first).
pub(super) fn first_non_alloca(f: &Function) -> usize {
    let entry = f.entry();
    f.block(entry)
        .insts
        .iter()
        .take_while(|&&i| matches!(f.inst(i).kind, InstKind::Alloca { .. }))
        .count()
}

/// Casts generic pointer parameter `a` to `space` and back at entry
/// position `*at` (`%p.global`, `%p.gen`), and makes every use of the
/// parameter read the cast back, so memory-space-opt can follow the pointer
/// in `space` to its accesses. False (and nothing done) when nothing uses it.
pub(super) fn cast_param(f: &mut Function, a: usize, space: u32, at: &mut usize) -> bool {
    let arg = Value::Arg(a as u32);
    let uses = f
        .layout
        .iter()
        .flat_map(|b| f.block(*b).insts.iter())
        .any(|&i| f.inst(i).kind.operands().contains(&&arg));
    if !uses {
        return false;
    }
    let name = f.params[a].name.clone();
    let (specific, generic) = space_round_trip(f, &arg, &name, space, None);
    let entry = f.entry();
    let insts = &mut f.block_mut(entry).insts;
    insts.insert(*at, specific);
    insts.insert(*at + 1, generic);
    *at += 2;
    true
}
