//! indvars: induction-variable simplification, the widening part of LLVM's
//! IndVarSimplify. An i32 induction variable `%i = phi [%s, pre], [%i.next, latch]`
//! with `%i.next = add nsw i32 %i, %step` (a step the loop does not change)
//! that the loop sign-extends to i64 (an array index) gets an i64 twin
//! stepping alongside it: `%i.wide = phi i64 [sext %s, pre], [%i.next.wide, latch]`.
//! The loop's `sext %i` and `sext %i.next` become the twin, so no extension
//! runs per iteration. `nsw` makes this exact: an i32 step that overflows is
//! undefined, so while the program is defined, the sign extension of each
//! value equals the i64 sum. The same holds through `nsw` arithmetic on the
//! variable (LLVM's `widenIVUse`): `sext(row * K + k)` becomes
//! `sext(row * K) + %k.wide` in i64, so the address is affine in the i64
//! counter and loop-reduce can step a pointer through it. One walk over each
//! loop's header phis and blocks.

use super::loops::{self, LoopInfo};
use crate::collections::HashMap;
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
    let sext = InstKind::Cast {
        op: CastOp::SExt,
        val: v.clone(),
    };
    loops::emit(f, pre, base, Type::I64, sext)
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
            // The loop's sign extensions of the variable and of its next
            // value, and of `nsw` arithmetic on them (`sext(row * K + k)`).
            let mut users = Vec::new();
            let mut trees = Vec::new();
            for &b in &l.blocks {
                for &i in &f.block(b).insts {
                    if let InstKind::Cast {
                        op: CastOp::SExt,
                        val: Value::Inst(v),
                    } = &f.inst(i).kind
                    {
                        if *v == phi || *v == next {
                            users.push((i, *v == phi));
                        } else if f.inst(i).ty == Type::I64
                            && matches!(
                                widenable(f, &Value::Inst(*v), phi, next, &in_loop, 0),
                                Some(Shape::Counter | Shape::Affine)
                            )
                        {
                            trees.push(i);
                        }
                    }
                }
            }
            if users.is_empty() && trees.is_empty() {
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
            let mut wide_invariants = HashMap::default();
            for u in trees {
                let InstKind::Cast { val, .. } = f.inst(u).kind.clone() else {
                    unreachable!("a sext");
                };
                let ub = block_of[u.0 as usize].expect("in the loop");
                let mut at = f
                    .block(ub)
                    .insts
                    .iter()
                    .position(|x| *x == u)
                    .expect("in its block");
                let ends = Ends {
                    in_loop: &in_loop,
                    phi,
                    next,
                    wphi,
                    wnext,
                    pre,
                };
                let w = widen(f, &val, &ends, &mut wide_invariants, (ub, &mut at));
                f.replace_all_uses(&Value::Inst(u), &w);
                f.block_mut(ub).insts.retain(|x| *x != u);
                f.erase_inst(u);
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

/// How deep `widenable` looks into an index's arithmetic.
const MAX_DEPTH: u32 = 6;

/// What an index reads, for `widenable`.
#[derive(Clone, Copy, PartialEq)]
enum Shape {
    /// A constant.
    Const,
    /// Values the loop does not change.
    Invariant,
    /// The counter, scaled and offset by constants.
    Counter,
    /// The counter (times a constant or one invariant value) plus
    /// invariant values: what loop-reduce steps a pointer through.
    Affine,
}

/// The shape of `v` (i32) when it is `nsw` arithmetic (add, sub, mul, shl
/// by a constant) on the counter `phi`/`next`, constants and values the
/// loop does not change, whose sign extension is then the same arithmetic
/// in i64, and affine in the counter as loop-reduce reads it (anything
/// else, a product of two of the loop's values, stays i32: 64-bit
/// arithmetic no pointer replaces would cost more than `mul.wide`).
fn widenable(
    f: &Function,
    v: &Value,
    phi: InstId,
    next: InstId,
    in_loop: &dyn Fn(&Value) -> bool,
    depth: u32,
) -> Option<Shape> {
    use Shape::*;
    match v {
        Value::Int(..) => Some(Const),
        Value::Inst(i) if *i == phi || *i == next => Some(Counter),
        _ if !in_loop(v) => Some(Invariant),
        Value::Inst(i) if depth < MAX_DEPTH && f.inst(*i).ty == Type::I32 => {
            let InstKind::Bin {
                op,
                lhs,
                rhs,
                flags,
            } = &f.inst(*i).kind
            else {
                return None;
            };
            if !flags.nsw {
                return None;
            }
            let sub = |v| widenable(f, v, phi, next, in_loop, depth + 1);
            match op {
                BinOp::Add | BinOp::Sub => match (sub(lhs)?, sub(rhs)?) {
                    (Counter | Affine, Counter | Affine) => None,
                    (Counter, Const) | (Const, Counter) => Some(Counter),
                    (Counter | Affine, _) | (_, Counter | Affine) => Some(Affine),
                    (Const, Const) => Some(Const),
                    _ => Some(Invariant),
                },
                BinOp::Shl if rhs.as_int().is_some_and(|c| (0..31).contains(&c)) => sub(lhs),
                BinOp::Mul => match (sub(lhs)?, sub(rhs)?) {
                    (x, Const) | (Const, x) => Some(x),
                    (Counter, Invariant) | (Invariant, Counter) => Some(Affine),
                    _ => None,
                },
                _ => None,
            }
        }
        _ => None,
    }
}

/// The counter and its i64 twin, for `widen`.
struct Ends<'a> {
    in_loop: &'a dyn Fn(&Value) -> bool,
    phi: InstId,
    next: InstId,
    wphi: InstId,
    wnext: InstId,
    pre: BlockId,
}

/// `v` (checked by `widenable`) rebuilt in i64 before position `at.1` of
/// block `at.0`: the counter is its twin, a constant is widened, a value
/// from outside the loop is sign-extended once in the preheader.
fn widen(
    f: &mut Function,
    v: &Value,
    e: &Ends,
    invariants: &mut HashMap<Value, Value>,
    at: (BlockId, &mut usize),
) -> Value {
    match v {
        Value::Int(_, c) => Value::i64(*c),
        Value::Inst(i) if *i == e.phi => Value::Inst(e.wphi),
        Value::Inst(i) if *i == e.next => Value::Inst(e.wnext),
        Value::Inst(i) if (e.in_loop)(v) => {
            let InstKind::Bin {
                op,
                lhs,
                rhs,
                flags: _,
            } = f.inst(*i).kind.clone()
            else {
                unreachable!("a binary operation");
            };
            let (block, pos) = at;
            let a = widen(f, &lhs, e, invariants, (block, &mut *pos));
            // A shift's amount is a constant (`widenable`): widened as one.
            let b = widen(f, &rhs, e, invariants, (block, &mut *pos));
            let name = format!("{}.wide", f.inst(*i).name);
            let w = f.create_inst(
                &name,
                Type::I64,
                InstKind::Bin {
                    op,
                    lhs: a,
                    rhs: b,
                    flags: Flags {
                        nsw: true,
                        ..Flags::default()
                    },
                },
                f.inst(*i).loc,
            );
            f.block_mut(block).insts.insert(*pos, w);
            *pos += 1;
            Value::Inst(w)
        }
        _ => {
            if let Some(w) = invariants.get(v) {
                return w.clone();
            }
            let w = widened(f, v, e.pre, "idxprom.wide");
            invariants.insert(v.clone(), w.clone());
            w
        }
    }
}
