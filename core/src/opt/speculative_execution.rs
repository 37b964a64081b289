//! speculative-execution (LLVM's SpeculativeExecution, which NVPTX runs
//! among its straight-line scalar optimizations because branches diverge on
//! a GPU): the cheap, side-effect-free instructions at the top of the arm of
//! an if (`if (i < n) data[i] = …`: the index extension and the address)
//! move up into the block that branches, where they run whether or not the
//! arm does. The early-cse after it then merges them with their twins in
//! other arms or later blocks, so `&data[i]` is computed once.
//!
//! As LLVM: only from an arm whose only predecessor is the branching block
//! and which goes on to the other successor (a triangle), or from the one
//! non-empty arm of a diamond; the arm's hoistable instructions are all
//! hoisted or none (their cost over 7, or more than 5 that must stay, keeps
//! the arm as it is). An instruction is hoisted when it is arithmetic,
//! comparison, cast, select, getelementptr or a pure intrinsic call that
//! cannot trap (no division by a value that may be zero or -1) and every
//! operand it takes from the arm is hoisted too.

use crate::collections::HashSet;
use crate::ir::*;

/// LLVM's `spec-exec-max-speculation-cost`.
const MAX_COST: u32 = 7;
/// LLVM's `spec-exec-max-not-hoisted`.
const MAX_NOT_HOISTED: u32 = 5;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            // Hoisting moves instructions, never edges: one CFG for all blocks.
            let preds = f.predecessors();
            for b in f.layout.clone() {
                let before = f.block(b).insts.len();
                if run_block(f, &preds, b) {
                    changed = true;
                    let hoisted = f.block(b).insts.len().saturating_sub(before);
                    cx.applied(
                        super::remark::block_line(f, b),
                        format_args!(
                            "{} hoisted above the branch in `{}`",
                            super::remark::plural(hoisted, "instruction"),
                            f.block(b).name
                        ),
                    );
                }
            }
        }
    }
    changed
}

fn run_block(f: &mut Function, preds: &[Vec<BlockId>], b: BlockId) -> bool {
    let Some(&term) = f.block(b).insts.last() else {
        return false;
    };
    let InstKind::CondBr { t, f: e, .. } = f.inst(term).kind else {
        return false;
    };
    if t == b || e == b || t == e {
        return false;
    }
    let single_pred = |x: BlockId| preds[x.0 as usize] == [b];
    let single_succ = |x: BlockId| match f.successors(x).as_slice() {
        [s] => Some(*s),
        _ => None,
    };
    let from = if single_pred(t) && single_succ(t) == Some(e) {
        t
    } else if single_pred(e) && single_succ(e) == Some(t) {
        e
    } else if single_pred(t)
        && single_pred(e)
        && single_succ(e).is_some()
        && single_succ(e) != Some(b)
        && single_succ(e) == single_succ(t)
    {
        // A diamond with one empty arm is a triangle.
        if f.block(e).insts.len() == 1 {
            t
        } else if f.block(t).insts.len() == 1 {
            e
        } else {
            return false;
        }
    } else {
        return false;
    };
    hoist(f, from, b)
}

/// The cost of speculating `k`, or `None` when it may not be speculated.
fn cost(k: &InstKind) -> Option<u32> {
    match k {
        InstKind::Bin { op, rhs, .. } => match op {
            BinOp::SDiv | BinOp::SRem => {
                matches!(rhs.as_int(), Some(c) if c != 0 && c != -1).then_some(1)
            }
            BinOp::UDiv | BinOp::URem => matches!(rhs.as_int(), Some(c) if c != 0).then_some(1),
            _ => Some(1),
        },
        InstKind::FNeg(_)
        | InstKind::ICmp { .. }
        | InstKind::FCmp { .. }
        | InstKind::Select { .. }
        | InstKind::Cast { .. } => Some(1),
        InstKind::Gep { indices, .. } => {
            Some(u32::from(indices.iter().any(|i| i.as_int().is_none())))
        }
        InstKind::Call { callee, .. } => callee.is_pure().then_some(1),
        _ => None,
    }
}

/// Hoists the speculatable prefix-closed part of `from` to the end of `to`
/// (before its branch), if the costs allow.
fn hoist(f: &mut Function, from: BlockId, to: BlockId) -> bool {
    let mut hoisted: Vec<InstId> = Vec::new();
    let mut kept: HashSet<InstId> = HashSet::default();
    let (mut total, mut not_hoisted) = (0u32, 0u32);
    for &i in &f.block(from).insts {
        let kind = &f.inst(i).kind;
        let ok = !matches!(kind, InstKind::Phi { .. })
            && kind
                .operands()
                .iter()
                .all(|v| v.as_inst().is_none_or(|d| !kept.contains(&d)));
        match cost(kind).filter(|_| ok) {
            Some(c) => {
                total += c;
                if total > MAX_COST {
                    return false;
                }
                hoisted.push(i);
            }
            None => {
                not_hoisted += 1;
                if not_hoisted > MAX_NOT_HOISTED {
                    return false;
                }
                kept.insert(i);
            }
        }
    }
    if hoisted.is_empty() {
        return false;
    }
    f.block_mut(from).insts.retain(|i| !hoisted.contains(i));
    let insts = &mut f.block_mut(to).insts;
    let at = insts.len() - 1;
    for (k, i) in hoisted.into_iter().enumerate() {
        insts.insert(at + k, i);
    }
    true
}
