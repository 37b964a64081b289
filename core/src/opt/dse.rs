//! dse: dead store elimination. A store overwritten by a later store to the
//! same address in the same block, with nothing in between that may read
//! memory, never matters; nor does a store into a stack slot (alloca) that is
//! never read and whose address goes nowhere else.

use crate::collections::HashSet;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        // A deleted store can make a load dead, and that an earlier store: repeat.
        let before = super::remark::size(f);
        let mut did = false;
        while !f.is_declaration() && run_function(f, cx) {
            did = true;
        }
        if did {
            changed = true;
            cx.changed_function(f, before, "dead stores deleted");
        }
    }
    changed
}

/// Whether an instruction may read memory a store wrote.
fn may_read(kind: &InstKind) -> bool {
    match kind {
        InstKind::Load { .. }
        | InstKind::AtomicRmw { .. }
        | InstKind::CmpXchg { .. }
        | InstKind::Fence { .. } => true,
        InstKind::Call { callee, .. } => !callee.is_pure(),
        InstKind::CallIndirect { .. } => true,
        InstKind::Asm(a) => a.touches_memory(),
        k => k.is_terminator(),
    }
}

/// Each store deleted is one rewrite.
fn run_function(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut dead: HashSet<InstId> = HashSet::default();
    // The miscompile lab's `dse-drop`: loads are not taken as reads.
    let drop_bug = cx.bug(crate::bugs::Bug::DseDrop);
    // Overwritten stores, block by block (walk backwards, remembering the
    // addresses stored to since the last possible read).
    for &b in &f.layout {
        let mut overwritten: Vec<(Value, Type)> = Vec::new();
        for &i in f.block(b).insts.iter().rev() {
            let kind = &f.inst(i).kind;
            match kind {
                InstKind::Store {
                    val,
                    ptr,
                    volatile: false,
                    ..
                } => {
                    let ty = f.value_type(val);
                    if overwritten.iter().any(|(p, t)| p == ptr && *t == ty) {
                        if cx.may_rewrite() {
                            dead.insert(i);
                        }
                    } else {
                        overwritten.push((ptr.clone(), ty));
                    }
                }
                InstKind::Store { .. } => overwritten.clear(),
                InstKind::Load {
                    volatile: false, ..
                } if drop_bug => {}
                k if may_read(k) => overwritten.clear(),
                _ => {}
            }
        }
    }
    // Stores into allocas nobody reads.
    let mut only_stored: Vec<InstId> = f
        .block(f.entry())
        .insts
        .iter()
        .copied()
        .filter(|&i| matches!(f.inst(i).kind, InstKind::Alloca { .. }))
        .collect();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let kind = &f.inst(i).kind;
            for op in kind.operands() {
                let Value::Inst(a) = op else { continue };
                let is_store_target =
                    matches!(kind, InstKind::Store { ptr, val, .. } if ptr == op && val != op);
                if !is_store_target {
                    only_stored.retain(|x| x != a);
                }
            }
        }
    }
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            if let InstKind::Store {
                ptr: Value::Inst(a),
                ..
            } = &f.inst(i).kind
            {
                if only_stored.contains(a) && !dead.contains(&i) && cx.may_rewrite() {
                    dead.insert(i);
                }
            }
        }
    }
    if dead.is_empty() {
        return false;
    }
    f.delete_insts(dead);
    // The allocas left without uses.
    super::dce::run_function(f);
    true
}
