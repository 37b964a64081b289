//! nvptx-lower-alloca: a local variable left in memory (an array indexed at
//! run time, a value whose address is taken) lives in the thread's local
//! frame. Each alloca gets an `addrspacecast` to `ptr addrspace(5)` and back
//! after the entry's allocas, as NVVM's NVPTXLowerAlloca does; memory-space-opt
//! then follows the local pointer to the loads and stores (`ld.local`), and
//! only uses that let the address escape keep the generic one (`%SP`).
//! Allocas passed as a struct argument's bytes or a struct result's place
//! (`byval`, `sret` parameters) are left alone: isel gives those temporaries
//! no frame slot at all.

use crate::collections::HashMap;
use crate::ir::*;

/// Per function: which parameters take a struct's bytes (byval, sret).
pub(super) type ByBytes = HashMap<String, Vec<bool>>;

pub(super) fn by_bytes_params(m: &Module) -> ByBytes {
    m.functions
        .iter()
        .map(|f| {
            let v = f
                .params
                .iter()
                .map(|p| p.byval.is_some() || p.sret.is_some())
                .collect();
            (f.name.clone(), v)
        })
        .collect()
}

/// Whether `kind` is a call that passes `v` as a struct argument's bytes or
/// a struct result's place: isel makes such an alloca a temporary of the
/// call's `.param` arrays (its stores `st.param`, its loads `ld.param`).
pub(super) fn passes_by_bytes(kind: &InstKind, v: &Value, by_bytes: &ByBytes) -> bool {
    let InstKind::Call {
        callee: Callee::Function(callee),
        args,
    } = kind
    else {
        return false;
    };
    let bytes = by_bytes.get(callee);
    args.iter()
        .enumerate()
        .any(|(k, a)| a == v && bytes.is_some_and(|b| b.get(k).copied().unwrap_or(false)))
}

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let by_bytes = by_bytes_params(m);
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            changed |= run_function(f, &by_bytes, cx);
        }
    }
    changed
}

fn run_function(f: &mut Function, by_bytes: &ByBytes, cx: &super::PassContext) -> bool {
    let entry = f.entry();
    let allocas: Vec<InstId> = f
        .block(entry)
        .insts
        .iter()
        .copied()
        .filter(|&i| matches!(f.inst(i).kind, InstKind::Alloca { .. }))
        .collect();
    let mut at = f
        .block(entry)
        .insts
        .iter()
        .position(|&i| !matches!(f.inst(i).kind, InstKind::Alloca { .. }))
        .unwrap_or(f.block(entry).insts.len());
    let mut changed = false;
    for a in allocas {
        let me = Value::Inst(a);
        let mut used = false;
        let mut passed = false;
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let kind = &f.inst(i).kind;
                if !kind.operands().contains(&&me) {
                    continue;
                }
                used = true;
                match kind {
                    InstKind::Call { .. } => passed |= passes_by_bytes(kind, &me, by_bytes),
                    // Already lowered (a second run of the pass).
                    InstKind::Cast {
                        op: CastOp::AddrSpaceCast,
                        ..
                    } if f.inst(i).ty == Type::Ptr(addrspace::LOCAL) => passed = true,
                    _ => {}
                }
            }
        }
        if !used || passed || f.inst(a).ty != Type::Ptr(addrspace::GENERIC) {
            continue;
        }
        let name = f.inst(a).name.clone();
        let loc = f.inst(a).loc;
        let (local, generic) =
            super::lower_args::space_round_trip(f, &me, &name, addrspace::LOCAL, loc);
        let insts = &mut f.block_mut(entry).insts;
        insts.insert(at, local);
        insts.insert(at + 1, generic);
        at += 2;
        changed = true;
        cx.applied(
            loc.map_or(0, |l| l.line),
            format_args!(
                "`%{name}` in `{}` lives in local memory (addrspace 5)",
                f.name
            ),
        );
    }
    changed
}
