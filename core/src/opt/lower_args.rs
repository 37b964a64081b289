//! nvptx-lower-args: a kernel's pointer parameters point into global memory
//! (the CUDA programming model says so). Each gets an `addrspacecast` to
//! `ptr addrspace(1)` and back at the entry; memory-space-opt then follows
//! the global pointer to the loads and stores. This is the `cvta.to.global`
//! nvcc emits at the top of every kernel.

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
    }
    changed
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
    let specific = f.create_inst(
        &format!("{name}.{}", super::remark::space_name(space)),
        Type::Ptr(space),
        InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: arg.clone(),
        },
        None,
    );
    let generic = f.create_inst(
        &format!("{name}.gen"),
        Type::Ptr(addrspace::GENERIC),
        InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: Value::Inst(specific),
        },
        None,
    );
    // The casts are not placed yet, so this leaves the first cast's operand alone.
    f.replace_all_uses(&arg, &Value::Inst(generic));
    let entry = f.entry();
    let insts = &mut f.block_mut(entry).insts;
    insts.insert(*at, specific);
    insts.insert(*at + 1, generic);
    *at += 2;
    true
}
