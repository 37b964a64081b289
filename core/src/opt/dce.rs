//! dce: deletes instructions whose results nobody needs and that have no
//! side effects. Liveness is marked from the instructions with side effects
//! back through their operands, so a dead chain and a dead cycle (a loop
//! variable that is updated but never read) die in one run.

use crate::ir::{Function, InstId, Module, Type, Value};

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        let before = super::remark::size(f);
        if run_function(f) {
            changed = true;
            cx.changed_function(f, before, "dead instructions deleted");
        }
    }
    changed
}

pub fn run_function(f: &mut Function) -> bool {
    let dead = dead_values(f);
    if dead.is_empty() {
        return false;
    }
    f.delete_insts(dead);
    true
}

/// Values nothing with a side effect needs, directly or through other values
/// (phis included), sorted.
fn dead_values(f: &Function) -> Vec<InstId> {
    let mut live = vec![false; f.insts.len()];
    let mut work = Vec::new();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let inst = f.inst(i);
            if inst.kind.has_side_effects() || inst.ty == Type::Void {
                live[i.0 as usize] = true;
                work.push(i);
            }
        }
    }
    while let Some(i) = work.pop() {
        f.inst(i).kind.for_each_operand(|op| {
            if let Value::Inst(d) = op {
                if !live[d.0 as usize] {
                    live[d.0 as usize] = true;
                    work.push(*d);
                }
            }
        });
    }
    let mut dead: Vec<InstId> = f
        .layout
        .iter()
        .flat_map(|b| f.block(*b).insts.iter().copied())
        .filter(|i| !live[i.0 as usize])
        .collect();
    dead.sort();
    dead
}
