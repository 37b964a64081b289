//! early-cse: a value computed twice is computed once. Walking the dominator
//! tree, an instruction equal to one that dominates it (same operation,
//! operands and type; operands of commutative operators in either order) is
//! replaced by it. Reads of special registers (`%tid.x`, …) are equal within
//! a launch. Loads are reused within a block until a store, a call or a
//! barrier may have changed memory.

use crate::ir::*;
use std::collections::HashMap;

pub fn run(m: &mut Module, _cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            changed |= run_function(f);
        }
    }
    changed
}

/// A key equal for equal computations, `None` for instructions never merged.
fn key(f: &Function, id: InstId) -> Option<String> {
    let inst = f.inst(id);
    let mut kind = inst.kind.clone();
    match &mut kind {
        InstKind::Bin { op, lhs, rhs, .. } if op.is_commutative() => {
            if format!("{lhs:?}") > format!("{rhs:?}") {
                std::mem::swap(lhs, rhs);
            }
        }
        InstKind::Bin { .. }
        | InstKind::FNeg(_)
        | InstKind::ICmp { .. }
        | InstKind::FCmp { .. }
        | InstKind::Select { .. }
        | InstKind::Cast { .. }
        | InstKind::Gep { .. } => {}
        InstKind::Call { callee, .. } if is_pure_intrinsic(callee) => {}
        _ => return None,
    }
    Some(format!("{}|{kind:?}", inst.ty))
}

fn run_function(f: &mut Function) -> bool {
    let dom = DomTree::new(f);
    let children = dom.children();
    let mut replace: Vec<(InstId, Value)> = Vec::new();
    // Scoped table: entries added in a block are removed when leaving its subtree.
    let mut table: HashMap<String, InstId> = HashMap::new();
    enum Step {
        Enter(BlockId),
        Leave(Vec<String>),
    }
    let mut stack = vec![Step::Enter(f.entry())];
    let mut repl: HashMap<InstId, Value> = HashMap::new();
    while let Some(step) = stack.pop() {
        let b = match step {
            Step::Leave(keys) => {
                for k in keys {
                    table.remove(&k);
                }
                continue;
            }
            Step::Enter(b) => b,
        };
        let mut added = Vec::new();
        // Loads seen in this block: (pointer, type) → value, forgotten at any write.
        let mut loads: HashMap<String, InstId> = HashMap::new();
        for i in f.block(b).insts.clone() {
            // Operands already replaced (in a dominating block) are compared as replaced.
            let mut kind = f.inst(i).kind.clone();
            for op in kind.operands_mut() {
                if let Value::Inst(d) = op {
                    if let Some(r) = repl.get(d) {
                        *op = r.clone();
                    }
                }
            }
            f.inst_mut(i).kind = kind;
            match &f.inst(i).kind {
                InstKind::Load {
                    ptr,
                    volatile: false,
                    ..
                } => {
                    let k = format!("{}|{ptr:?}", f.inst(i).ty);
                    match loads.get(&k) {
                        Some(&prev) => {
                            repl.insert(i, Value::Inst(prev));
                            replace.push((i, Value::Inst(prev)));
                        }
                        None => {
                            loads.insert(k, i);
                        }
                    }
                    continue;
                }
                InstKind::Store { .. }
                | InstKind::Load { volatile: true, .. }
                | InstKind::AtomicRmw { .. }
                | InstKind::CmpXchg { .. }
                | InstKind::Fence { .. } => {
                    loads.clear();
                    continue;
                }
                InstKind::Call { callee, .. } if !is_pure_intrinsic(callee) => {
                    loads.clear();
                    continue;
                }
                _ => {}
            }
            let Some(k) = key(f, i) else { continue };
            match table.get(&k) {
                Some(&prev) => {
                    repl.insert(i, Value::Inst(prev));
                    replace.push((i, Value::Inst(prev)));
                }
                None => {
                    table.insert(k.clone(), i);
                    added.push(k);
                }
            }
        }
        stack.push(Step::Leave(added));
        for &c in children[b.0 as usize].iter().rev() {
            stack.push(Step::Enter(c));
        }
    }
    if replace.is_empty() {
        return false;
    }
    // Uses in blocks not yet rewritten (phis, later blocks) follow the map.
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        for k in 0..f.block(b).insts.len() {
            let id = f.block(b).insts[k];
            let mut kind = f.inst(id).kind.clone();
            let mut touched = false;
            for op in kind.operands_mut() {
                if let Value::Inst(d) = op {
                    if let Some(r) = repl.get(d) {
                        *op = r.clone();
                        touched = true;
                    }
                }
            }
            if touched {
                f.inst_mut(id).kind = kind;
            }
        }
    }
    let dead: Vec<InstId> = replace.iter().map(|(i, _)| *i).collect();
    for b in f.layout.clone() {
        f.block_mut(b).insts.retain(|i| !dead.contains(i));
    }
    for i in dead {
        f.erase_inst(i);
    }
    true
}
