//! correlated-propagation: the part of LLVM's CorrelatedValuePropagation
//! that reads dominating branch conditions (cicc runs CVP after its
//! JumpThreading, digest part 5 Tier 0, and in the "mid" path, part 1). In
//! the blocks a branch's edge alone reaches (its target has no other
//! predecessor, and what that block dominates), the branch's condition is
//! known: `if (i < n) { … i >= n … }` makes the inner compare false, a
//! `select` on a known condition is its chosen arm, and a branch there on
//! the same condition goes one way (simplifycfg then folds it).
//!
//! A compare is decided when it compares the same two values as the known
//! condition and the known predicate implies it or its inverse (`a < b`
//! implies `a <= b` and `a != b`; signed and unsigned orders only through
//! `==` and `!=`). One walk down the dominator tree, each block checked
//! against the closest [`FACTS`] conditions above it.

use crate::collections::HashMap;
use crate::ir::*;

/// How many of the nearest dominating conditions a compare is checked
/// against (keeps the pass linear in the function's size).
const FACTS: usize = 16;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let n = run_function(f, cx);
        if n > 0 {
            changed = true;
            let what = if n == 1 {
                "compare, select or branch"
            } else {
                "compares, selects or branches"
            };
            cx.applied(
                0,
                format_args!("`{}`: {n} {what} decided by a dominating branch", f.name),
            );
        }
    }
    changed
}

/// A condition known to hold in a region: `lhs pred rhs` (the compare
/// `cond`, or its inverse when it was false).
struct Fact {
    cond: InstId,
    holds: bool,
    cmp: Option<(ICmp, Value, Value)>,
}

fn run_function(f: &mut Function, cx: &super::PassContext) -> usize {
    let dom = DomTree::new(f);
    let children = dom.children();
    let preds = f.predecessors();
    let mut facts: Vec<Fact> = Vec::new();
    // What each decided value becomes, and the branches to point one way.
    let mut map: HashMap<InstId, Value> = HashMap::default();
    let mut branches: Vec<(InstId, bool)> = Vec::new();
    // Depth-first down the dominator tree: (block, facts below it) on entry,
    // popped back to that length on leaving.
    let mut stack: Vec<(BlockId, usize, bool)> = vec![(f.entry(), 0, false)];
    while let Some((b, depth, done)) = stack.pop() {
        if done {
            facts.truncate(depth);
            continue;
        }
        let depth = facts.len();
        stack.push((b, depth, true));
        if let Some(fact) = edge_fact(f, &preds[b.0 as usize], b) {
            facts.push(fact);
        }
        let near = &facts[facts.len().saturating_sub(FACTS)..];
        for &i in &f.block(b).insts {
            let inst = f.inst(i);
            let known = |c: &Value, map: &HashMap<InstId, Value>| -> Option<bool> {
                let Value::Inst(c) = c else { return None };
                if let Some(v) = map.get(c).and_then(Value::as_int) {
                    return Some(v != 0);
                }
                near.iter().rev().find(|x| x.cond == *c).map(|x| x.holds)
            };
            match &inst.kind {
                InstKind::ICmp { pred, lhs, rhs } => {
                    let decided = near.iter().rev().find_map(|x| {
                        if x.cond == i {
                            return Some(x.holds);
                        }
                        let (p, a, b) = x.cmp.as_ref()?;
                        let q = if (lhs, rhs) == (a, b) {
                            *pred
                        } else if (lhs, rhs) == (b, a) {
                            pred.swapped()
                        } else {
                            return None;
                        };
                        if implies(*p, q) {
                            Some(true)
                        } else if implies(*p, q.inverse()) {
                            Some(false)
                        } else {
                            None
                        }
                    });
                    if let Some(v) = decided {
                        if cx.may_rewrite() {
                            map.insert(i, Value::bool(v));
                        }
                    }
                }
                InstKind::Select { cond, t, f: e } => {
                    if let Some(v) = known(cond, &map) {
                        let arm = if v { t } else { e };
                        let arm = match arm {
                            Value::Inst(a) => map.get(a).cloned().unwrap_or(arm.clone()),
                            _ => arm.clone(),
                        };
                        if cx.may_rewrite() {
                            map.insert(i, arm);
                        }
                    }
                }
                InstKind::CondBr { cond, .. } => {
                    // A compare decided above is replaced with its uses.
                    let mapped = cond.as_inst().is_some_and(|c| map.contains_key(&c));
                    if let Some(v) = known(cond, &map).filter(|_| !mapped) {
                        if cx.may_rewrite() {
                            branches.push((i, v));
                        }
                    }
                }
                _ => {}
            }
        }
        for &c in &children[b.0 as usize] {
            stack.push((c, 0, false));
        }
    }
    let n = map.len() + branches.len();
    for (br, v) in branches {
        if let InstKind::CondBr { cond, .. } = &mut f.inst_mut(br).kind {
            *cond = Value::bool(v);
        }
    }
    if !map.is_empty() {
        f.replace_uses_by_map(&map);
        let dead: Vec<InstId> = map.keys().copied().collect();
        for &b in &f.layout.clone() {
            f.block_mut(b).insts.retain(|i| !map.contains_key(i));
        }
        for i in dead {
            f.erase_inst(i);
        }
    }
    n
}

/// The condition known on entry to `b` when its only predecessor ends in a
/// conditional branch to it (on one side only).
fn edge_fact(f: &Function, preds: &[BlockId], b: BlockId) -> Option<Fact> {
    let [d] = preds[..] else { return None };
    let InstKind::CondBr {
        cond: Value::Inst(c),
        t,
        f: e,
    } = &f.terminator(d)?.kind
    else {
        return None;
    };
    if t == e {
        return None;
    }
    let holds = *t == b;
    let cmp = match &f.inst(*c).kind {
        InstKind::ICmp { pred, lhs, rhs } => {
            let p = if holds { *pred } else { pred.inverse() };
            Some((p, lhs.clone(), rhs.clone()))
        }
        _ => None,
    };
    Some(Fact {
        cond: *c,
        holds,
        cmp,
    })
}

/// The outcomes (less, equal, greater) a predicate accepts, and its order:
/// 0 either (`==`, `!=`), 1 signed, 2 unsigned.
fn outcomes(p: ICmp) -> (u8, u8) {
    match p {
        ICmp::Eq => (0, 0b010),
        ICmp::Ne => (0, 0b101),
        ICmp::Slt => (1, 0b001),
        ICmp::Sle => (1, 0b011),
        ICmp::Sgt => (1, 0b100),
        ICmp::Sge => (1, 0b110),
        ICmp::Ult => (2, 0b001),
        ICmp::Ule => (2, 0b011),
        ICmp::Ugt => (2, 0b100),
        ICmp::Uge => (2, 0b110),
    }
}

/// Whether `a p b` implies `a q b`.
fn implies(p: ICmp, q: ICmp) -> bool {
    let ((dp, sp), (dq, sq)) = (outcomes(p), outcomes(q));
    (dp == dq || dp == 0 || dq == 0) && sp & !sq == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implications_follow_the_orders() {
        assert!(implies(ICmp::Slt, ICmp::Sle));
        assert!(implies(ICmp::Slt, ICmp::Ne));
        assert!(implies(ICmp::Eq, ICmp::Uge));
        assert!(implies(ICmp::Slt, ICmp::Sge.inverse()));
        assert!(!implies(ICmp::Slt, ICmp::Ult));
        assert!(!implies(ICmp::Ne, ICmp::Slt));
        assert!(!implies(ICmp::Sle, ICmp::Slt));
    }
}
