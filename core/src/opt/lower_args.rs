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
        let entry = f.entry();
        let mut at = 0;
        // Keep allocas first in the entry block.
        while f
            .block(entry)
            .insts
            .get(at)
            .is_some_and(|&i| matches!(f.inst(i).kind, InstKind::Alloca { .. }))
        {
            at += 1;
        }
        for a in 0..f.params.len() {
            // A struct by value points to its bytes in the .param space.
            if f.params[a].ty != Type::Ptr(addrspace::GENERIC) || f.params[a].byval.is_some() {
                continue;
            }
            let arg = Value::Arg(a as u32);
            let uses = f
                .layout
                .iter()
                .flat_map(|b| f.block(*b).insts.iter())
                .any(|&i| f.inst(i).kind.operands().contains(&&arg));
            if !uses {
                continue;
            }
            let name = f.params[a].name.clone();
            let global = f.create_inst(
                &format!("{name}.global"),
                Type::Ptr(addrspace::GLOBAL),
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
                    val: Value::Inst(global),
                },
                None,
            );
            // The casts are not placed yet, so this leaves the first cast's operand alone.
            f.replace_all_uses(&arg, &Value::Inst(generic));
            let insts = &mut f.block_mut(entry).insts;
            insts.insert(at, global);
            insts.insert(at + 1, generic);
            at += 2;
            changed = true;
            cx.applied(
                0,
                format_args!(
                    "pointer parameter `{name}` of kernel `{}` points to global memory",
                    f.name
                ),
            );
        }
    }
    changed
}
