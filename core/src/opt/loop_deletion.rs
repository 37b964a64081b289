//! loop-deletion: LLVM's LoopDeletion (cicc runs it in its loop pipeline,
//! digest part 3 §2.0; LLVM's `loop(indvars, loop-deletion)`, part 2). A loop
//! goes when running it changes nothing anyone sees:
//!
//! - nothing in it has a side effect (no store, call, atomic, barrier,
//!   volatile load, memory-touching asm; its blocks end in branches only);
//! - no value it computes is used after it, except through the phis of its
//!   one exit block whose entries from the loop all carry one value defined
//!   before the loop (a value the loop does not change);
//! - it provably ends: its latch tests a counter that steps by a constant
//!   towards a bound the loop does not change, in a way that reaches the
//!   bound (`i < n` with `add nsw`, `i != n` stepping by one, …). A loop
//!   that may spin forever stays (as adce leaves loops).
//!
//! The preheader then branches straight to the exit, and the loop's blocks
//! are deleted. Innermost loops first; a loop whose inner loops all went is
//! tried in the next round (rounds are bounded by the nesting depth, each
//! one walk over the function).

use super::loop_unroll::control;
use super::loops::{Loop, LoopInfo};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() && run_function(f, cx) {
            changed = true;
        }
    }
    changed
}

fn run_function(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut changed = false;
    // Each round deletes at least one loop or stops; a loop is tried once
    // its inner loops are gone, so rounds are at most the nesting depth + 1.
    loop {
        let dom = DomTree::new(f);
        let li = LoopInfo::new(f, &dom);
        if li.loops.is_empty() {
            break;
        }
        let uses = Uses::new(f);
        let mut deleted = false;
        for (index, l) in li.loops.iter().enumerate() {
            if li.loops.iter().any(|x| x.parent == Some(index)) {
                continue;
            }
            // A deletion changes its preheader's and exit's edges: a loop next
            // to it waits for the next round, whose analyses see the change.
            let Some(plan) = deletable(f, l, &uses) else {
                continue;
            };
            if !cx.may_rewrite() {
                return changed;
            }
            let line = super::remark::loop_line(f, l);
            delete(f, l, &plan);
            let name = super::remark::loop_name(f, line);
            cx.applied(
                line,
                format_args!("{name} deleted (no effect, result unused, it ends)"),
            );
            changed = true;
            deleted = true;
            break;
        }
        if !deleted {
            break;
        }
    }
    changed
}

/// Where each instruction's value is used: the blocks of its users, a phi's
/// use counted in the phi's block with the edge it comes along.
struct Uses {
    /// Per instruction: (the user's block, the user, the incoming block when
    /// the user is a phi).
    of: Vec<Vec<(BlockId, InstId, Option<BlockId>)>>,
    /// Each placed instruction's block.
    block_of: Vec<Option<BlockId>>,
}

impl Uses {
    fn new(f: &Function) -> Uses {
        let mut of = vec![Vec::new(); f.insts.len()];
        let mut block_of = vec![None; f.insts.len()];
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                block_of[i.0 as usize] = Some(b);
                match &f.inst(i).kind {
                    InstKind::Phi { incoming } => {
                        for (v, from) in incoming {
                            if let Value::Inst(d) = v {
                                of[d.0 as usize].push((b, i, Some(*from)));
                            }
                        }
                    }
                    k => {
                        for v in k.operands() {
                            if let Value::Inst(d) = v {
                                of[d.0 as usize].push((b, i, None));
                            }
                        }
                    }
                }
            }
        }
        Uses { of, block_of }
    }

    /// Whether `v` is computed in the loop.
    fn in_loop(&self, l: &Loop, v: &Value) -> bool {
        match v {
            Value::Inst(d) => self.block_of[d.0 as usize].is_some_and(|b| l.contains(b)),
            _ => false,
        }
    }
}

/// What deleting a loop needs: its preheader, its exit and the value each
/// exit phi takes from the preheader instead of the loop.
struct Plan {
    pre: BlockId,
    exit: BlockId,
    phi_values: Vec<(InstId, Value)>,
}

fn deletable(f: &Function, l: &Loop, uses: &Uses) -> Option<Plan> {
    let pre = l.preheader_in(f, &f.predecessors_of(l.header))?;
    let [exit] = l.exit_blocks(f)[..] else {
        return None;
    };
    // Entered only through the preheader: a block the dominator tree does
    // not reach (left by sccp for simplifycfg) may still branch into the
    // loop's middle, and would branch to a deleted block.
    for &p in f.layout.iter().filter(|&&p| !l.contains(p)) {
        let into = |s: &BlockId| l.contains(*s) && !(*s == l.header && p == pre);
        if f.successors(p).iter().any(into) {
            return None;
        }
    }
    for &b in &l.blocks {
        for &i in &f.block(b).insts {
            let k = &f.inst(i).kind;
            let effect = if k.is_terminator() {
                !matches!(k, InstKind::Br { .. } | InstKind::CondBr { .. })
            } else {
                k.has_side_effects()
            };
            if effect {
                return None;
            }
            // Used only in the loop, or by an exit phi along a loop edge
            // (checked below: that phi must not take a loop value).
            for &(ub, _, from) in &uses.of[i.0 as usize] {
                let exit_phi = ub == exit && from.is_some_and(|p| l.contains(p));
                if !l.contains(ub) && !exit_phi {
                    return None;
                }
            }
        }
    }
    let mut phi_values = Vec::new();
    for &i in &f.block(exit).insts {
        let InstKind::Phi { incoming } = &f.inst(i).kind else {
            break;
        };
        let mut from_loop = incoming.iter().filter(|(_, p)| l.contains(*p));
        let (v, _) = from_loop.next()?;
        if from_loop.any(|(w, _)| w != v) || uses.in_loop(l, v) {
            return None;
        }
        phi_values.push((i, v.clone()));
    }
    ends(f, l, uses).then_some(Plan {
        pre,
        exit,
        phi_values,
    })
}

/// Whether the loop provably ends: its latch leaves unless `iv pred bound`,
/// `iv` a header phi (or its next value) stepping by a constant each trip
/// and `bound` a value the loop does not change, and stepping reaches the
/// bound (signed tests need `nsw`: an overflow would be undefined).
fn ends(f: &Function, l: &Loop, uses: &Uses) -> bool {
    let Some(c) = control(f, l) else {
        return false;
    };
    let Value::Inst(cond) = &c.cond else {
        return false;
    };
    let InstKind::ICmp { pred, lhs, rhs } = &f.inst(*cond).kind else {
        return false;
    };
    // The test that keeps the loop going.
    let pred = if c.back_if_true {
        *pred
    } else {
        pred.inverse()
    };
    let in_loop = |v: &Value| uses.in_loop(l, v);
    // `v` as a counter: its step and whether the step has nsw / nuw.
    let counter = |v: &Value| -> Option<(i64, Flags)> {
        let Value::Inst(v) = v else { return None };
        let (phi, next) = match &f.inst(*v).kind {
            InstKind::Phi { .. } => (*v, super::loops::incoming_from(f, *v, c.latch)?),
            InstKind::Bin { .. } => {
                let phi = super::loops::phis(f, l.header).into_iter().find(|&p| {
                    super::loops::incoming_from(f, p, c.latch) == Some(Value::Inst(*v))
                })?;
                (phi, Value::Inst(*v))
            }
            _ => return None,
        };
        if !super::loops::phis(f, l.header).contains(&phi) {
            return None;
        }
        let Value::Inst(next) = next else { return None };
        let InstKind::Bin {
            op,
            lhs,
            rhs,
            flags,
        } = &f.inst(next).kind
        else {
            return None;
        };
        let step = match (op, lhs, rhs) {
            (BinOp::Add, Value::Inst(p), s) | (BinOp::Add, s, Value::Inst(p)) if *p == phi => {
                s.as_int()?
            }
            // `sub nsw i, c` overflows where `add nsw i, -c` does; its
            // nuw says nothing of the addition's.
            (BinOp::Sub, Value::Inst(p), s) if *p == phi => {
                let step = s.as_int()?.checked_neg()?;
                return Some((
                    step,
                    Flags {
                        nuw: false,
                        ..*flags
                    },
                ));
            }
            _ => return None,
        };
        Some((step, *flags))
    };
    let (step, flags, pred) = match (counter(lhs), counter(rhs)) {
        (Some((s, fl)), _) if !in_loop(rhs) => (s, fl, pred),
        (_, Some((s, fl))) if !in_loop(lhs) => (s, fl, pred.swapped()),
        _ => return false,
    };
    match pred {
        ICmp::Slt | ICmp::Sle => step > 0 && flags.nsw,
        ICmp::Sgt | ICmp::Sge => step < 0 && flags.nsw,
        ICmp::Ult => step == 1 || (step > 0 && flags.nuw),
        ICmp::Ule => step > 0 && flags.nuw,
        ICmp::Ugt => step == -1,
        ICmp::Ne => step == 1 || step == -1,
        _ => false,
    }
}

fn delete(f: &mut Function, l: &Loop, plan: &Plan) {
    for (phi, v) in &plan.phi_values {
        if let InstKind::Phi { incoming } = &mut f.inst_mut(*phi).kind {
            incoming.retain(|(_, p)| !l.contains(*p));
            incoming.push((v.clone(), plan.pre));
        }
    }
    if let Some(&term) = f.block(plan.pre).insts.last() {
        f.inst_mut(term).kind = InstKind::Br { dest: plan.exit };
    }
    f.remove_blocks(&l.blocks);
}
