//! indvars: induction-variable simplification, the widening part of LLVM's
//! IndVarSimplify. An i32 induction variable `%i = phi [%s, pre], [%i.next, latch]`
//! with `%i.next = add nsw i32 %i, %step` (a step the loop does not change)
//! that the loop sign-extends to i64 (an array index) gets an i64 twin
//! stepping alongside it: `%i.wide = phi i64 [sext %s, pre], [%i.next.wide, latch]`.
//! The loop's `sext %i` and `sext %i.next` become the twin, so no extension
//! runs per iteration. `nsw` makes this exact: an i32 step that overflows is
//! undefined, so while the program is defined, the sign extension of each
//! value equals the i64 sum. One walk over each loop's header phis and blocks.

use super::loops::{self, LoopInfo};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "loop counters widened to 64 bits", run_function)
}

/// An i32 value as i64: a constant folds, anything else is a `sext` at the
/// end of `pre` (the loop's preheader, which the value dominates).
fn widened(f: &mut Function, v: &Value, pre: BlockId, base: &str) -> Value {
    if let Some(c) = v.as_int() {
        return Value::i64(c);
    }
    let s = f.create_inst(
        base,
        Type::I64,
        InstKind::Cast {
            op: CastOp::SExt,
            val: v.clone(),
        },
        None,
    );
    let at = f.block(pre).insts.len().saturating_sub(1);
    f.block_mut(pre).insts.insert(at, s);
    Value::Inst(s)
}

fn run_function(f: &mut Function) -> bool {
    let dom = DomTree::new(f);
    let li = LoopInfo::new(f, &dom);
    let preds = f.predecessors();
    let mut block_of = vec![None; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of[i.0 as usize] = Some(b);
        }
    }
    let mut changed = false;
    for l in &li.loops {
        let (Some(pre), Some(latch)) = (l.preheader(f, &preds), l.latch()) else {
            continue;
        };
        let in_loop = |v: &Value| {
            v.as_inst()
                .and_then(|i| block_of.get(i.0 as usize).copied().flatten())
                .is_some_and(|b| l.contains(b))
        };
        for phi in loops::phis(f, l.header) {
            if f.inst(phi).ty != Type::I32 {
                continue;
            }
            let (Some(start), Some(Value::Inst(next))) = (
                loops::incoming_from(f, phi, pre),
                loops::incoming_from(f, phi, latch),
            ) else {
                continue;
            };
            let InstKind::Bin {
                op: BinOp::Add,
                lhs,
                rhs,
                flags,
            } = f.inst(next).kind.clone()
            else {
                continue;
            };
            let me = Value::Inst(phi);
            let step = if lhs == me {
                rhs
            } else if rhs == me {
                lhs
            } else {
                continue;
            };
            if !flags.nsw || in_loop(&step) || !in_loop(&Value::Inst(next)) {
                continue;
            }
            // The loop's sign extensions of the variable and of its next value.
            let mut users = Vec::new();
            for &b in &l.blocks {
                for &i in &f.block(b).insts {
                    if let InstKind::Cast {
                        op: CastOp::SExt,
                        val: Value::Inst(v),
                    } = &f.inst(i).kind
                    {
                        if *v == phi || *v == next {
                            users.push((i, *v == phi));
                        }
                    }
                }
            }
            if users.is_empty() {
                continue;
            }
            let name = format!("{}.wide", f.inst(phi).name);
            let wstart = widened(f, &start, pre, &format!("{name}.start"));
            let wstep = widened(f, &step, pre, &format!("{name}.step"));
            let wphi = f.create_inst(
                &name,
                Type::I64,
                InstKind::Phi {
                    incoming: vec![(wstart, pre)],
                },
                f.inst(phi).loc,
            );
            f.block_mut(l.header).insts.insert(0, wphi);
            let next_name = format!("{}.wide", f.inst(next).name);
            let wnext = f.create_inst(
                &next_name,
                Type::I64,
                InstKind::Bin {
                    op: BinOp::Add,
                    lhs: Value::Inst(wphi),
                    rhs: wstep,
                    flags: Flags {
                        nsw: true,
                        ..Flags::default()
                    },
                },
                f.inst(next).loc,
            );
            let nb = block_of[next.0 as usize].expect("in the loop");
            let at = f
                .block(nb)
                .insts
                .iter()
                .position(|x| *x == next)
                .expect("in its block");
            f.block_mut(nb).insts.insert(at + 1, wnext);
            if let InstKind::Phi { incoming } = &mut f.inst_mut(wphi).kind {
                incoming.push((Value::Inst(wnext), latch));
            }
            for (u, of_phi) in users {
                let to = Value::Inst(if of_phi { wphi } else { wnext });
                f.replace_all_uses(&Value::Inst(u), &to);
                let b = block_of[u.0 as usize].expect("in the loop");
                f.block_mut(b).insts.retain(|x| *x != u);
                f.erase_inst(u);
            }
            changed = true;
        }
    }
    changed
}
