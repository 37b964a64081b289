//! dce: deletes instructions whose results nobody uses and that have no
//! side effects, repeating until nothing more goes (a chain of dead values
//! dies in one run).

use crate::ir::{Function, InstKind, Module, Type};

pub fn run(m: &mut Module, _cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        changed |= run_function(f);
    }
    changed
}

pub fn run_function(f: &mut Function) -> bool {
    let mut changed = false;
    loop {
        let uses = f.use_counts();
        let mut dead = Vec::new();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let inst = f.inst(i);
                if !inst.kind.has_side_effects() && inst.ty != Type::Void && uses[i.0 as usize] == 0
                {
                    dead.push(i);
                }
            }
        }
        // Phis that only feed each other are dead too.
        dead.extend(dead_phi_cycles(f));
        dead.sort();
        dead.dedup();
        if dead.is_empty() {
            return changed;
        }
        for b in f.layout.clone() {
            f.block_mut(b)
                .insts
                .retain(|i| dead.binary_search(i).is_err());
        }
        for i in dead {
            f.erase_inst(i);
        }
        changed = true;
    }
}

/// Phis whose only users are (transitively) phis that are never used otherwise.
fn dead_phi_cycles(f: &Function) -> Vec<crate::ir::InstId> {
    use crate::ir::Value;
    let mut live = vec![false; f.insts.len()];
    let mut work = Vec::new();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let inst = f.inst(i);
            if matches!(inst.kind, InstKind::Phi { .. }) {
                continue;
            }
            for op in inst.kind.operands() {
                if let Value::Inst(d) = op {
                    if !live[d.0 as usize] {
                        live[d.0 as usize] = true;
                        work.push(*d);
                    }
                }
            }
        }
    }
    while let Some(p) = work.pop() {
        if let InstKind::Phi { incoming } = &f.inst(p).kind {
            for (v, _) in incoming {
                if let Value::Inst(d) = v {
                    if !live[d.0 as usize] {
                        live[d.0 as usize] = true;
                        work.push(*d);
                    }
                }
            }
        }
    }
    let mut dead = Vec::new();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            if matches!(f.inst(i).kind, InstKind::Phi { .. }) && !live[i.0 as usize] {
                dead.push(i);
            }
        }
    }
    dead
}
