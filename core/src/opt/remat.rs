//! remat: the IV-demotion step of NVIDIA's IR rematerialization
//! (`nvvmrematerialize`, digest part 2 §Q; the demotion itself §R). A
//! 64-bit loop counter costs a register pair and two instructions per step
//! (`add.cc.u32` + `addc.u32` in SASS); when its values provably fit an i32
//! it becomes an i32 phi, as cicc's:
//!
//! ```text
//! %newBaseIV = phi i32 [ <init>, %preheader ], [ %newInc, %latch ]
//! %newInc = add nsw i32 %newBaseIV, <step>
//! %newICmp = icmp slt i32 %newInc, <bound>
//! ```
//!
//! and the counter's other uses read `%substIV = sext i32 %newBaseIV to i64`
//! (cicc's "escapes": sext back to 64 bits).
//!
//! The proof is the loop's own exit test, no guard outside it: the counter
//! starts at a constant `c`, steps by a constant `s > 0`, and the latch goes
//! back to the header only while `next < b` (`slt`, or `ult` with `c >= 0`),
//! `b` a constant or the sign extension of an i32. Every value the header
//! sees is then `c` or below `b`, so the counter stays within
//! `[c, max(c + s, b - 1 + s)]`, which must fit an i32: for a constant `b`
//! that is checked, for an extended i32 `b` the step must be 1.
//!
//! Not in the default pipeline: nvcc 13.5 narrows none of the loops this
//! proof covers (`for (long i = 0; i < n; i++)` with an `int n`, or up to a
//! constant, keeps `add.s64`/`setp.lt.s64`), and its output wins over the
//! seeds. Run at cicc's place (Tier 1/2/3 #55, before memory-space-opt) it
//! leaves the 27 corpus programs' PTX unchanged and turns such a loop's
//! `add.s64` counter into `add.s32`/`mul.wide.s32` (ptxas at sm_80: 10
//! registers and 40 SASS instructions become 8 and 32). cicc's live-in-driven
//! recomputation of cheap values is not here.

use super::loops::{self, LoopInfo};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "64-bit loop counters demoted to 32 bits", run_function)
}

/// A counter to demote: its phi and step, its constant start and step, the
/// exit test and the i32 bound the new test compares with.
struct Demotion {
    phi: InstId,
    next: InstId,
    start: i64,
    step: i64,
    cmp: InstId,
    pred: ICmp,
    bound: Value,
}

fn fits_i32(v: i64) -> bool {
    i32::try_from(v).is_ok()
}

/// The i32 value whose sign extension `v` is, with its largest value.
fn narrow_bound(f: &Function, v: &Value) -> Option<(Value, i64, bool)> {
    match v {
        Value::Int(Type::I64, b) if fits_i32(*b) => Some((Value::i32(*b as i32), *b, true)),
        Value::Inst(i) => match &f.inst(*i).kind {
            InstKind::Cast {
                op: CastOp::SExt,
                val,
            } if f.value_type(val) == Type::I32 => Some((val.clone(), i64::from(i32::MAX), false)),
            _ => None,
        },
        _ => None,
    }
}

fn candidate(f: &Function, l: &loops::Loop, pre: BlockId, latch: BlockId) -> Option<Demotion> {
    let InstKind::CondBr {
        cond: Value::Inst(cmp),
        t,
        f: e,
    } = f.terminator(latch)?.kind.clone()
    else {
        return None;
    };
    let InstKind::ICmp { pred, lhs, rhs } = f.inst(cmp).kind.clone() else {
        return None;
    };
    // The predicate under which the loop goes on, the counter on its left.
    let pred = match (t == l.header, e == l.header) {
        (true, false) => pred,
        (false, true) => pred.inverse(),
        _ => return None,
    };
    for phi in loops::phis(f, l.header) {
        if f.inst(phi).ty != Type::I64 {
            continue;
        }
        let (Some(Value::Int(_, start)), Some(Value::Inst(next))) = (
            loops::incoming_from(f, phi, pre),
            loops::incoming_from(f, phi, latch),
        ) else {
            continue;
        };
        let InstKind::Bin {
            op: BinOp::Add,
            lhs: a,
            rhs: b,
            ..
        } = &f.inst(next).kind
        else {
            continue;
        };
        let step = match (a, b) {
            (Value::Inst(p), Value::Int(_, s)) | (Value::Int(_, s), Value::Inst(p))
                if *p == phi =>
            {
                *s
            }
            _ => continue,
        };
        let (pred, bound) = if lhs == Value::Inst(next) {
            (pred, &rhs)
        } else if rhs == Value::Inst(next) {
            (pred.swapped(), &lhs)
        } else {
            continue;
        };
        let Some((narrow, largest, constant)) = narrow_bound(f, bound) else {
            continue;
        };
        let fits = step > 0
            && fits_i32(start)
            && fits_i32(start + step)
            && match pred {
                ICmp::Slt => true,
                ICmp::Ult => start >= 0 && largest >= 0 && constant,
                _ => false,
            }
            && if constant {
                fits_i32(largest - 1 + step)
            } else {
                step == 1
            };
        if fits {
            return Some(Demotion {
                phi,
                next,
                start,
                step,
                cmp,
                pred,
                bound: narrow,
            });
        }
    }
    None
}

/// Inserts `inst` into `b` just after `after` (or at the top when `None`).
fn insert_after(f: &mut Function, b: BlockId, after: Option<InstId>, inst: InstId) {
    let at = after.map_or(0, |a| {
        f.block(b)
            .insts
            .iter()
            .position(|x| *x == a)
            .expect("in its block")
            + 1
    });
    f.block_mut(b).insts.insert(at, inst);
}

fn block_of(f: &Function, i: InstId) -> BlockId {
    *f.layout
        .iter()
        .find(|&&b| f.block(b).insts.contains(&i))
        .expect("a live instruction")
}

fn demote(f: &mut Function, header: BlockId, pre: BlockId, latch: BlockId, d: Demotion) {
    let loc = f.inst(d.phi).loc;
    let base = f.create_inst(
        "newBaseIV",
        Type::I32,
        InstKind::Phi {
            incoming: vec![(Value::i32(d.start as i32), pre)],
        },
        loc,
    );
    insert_after(f, header, None, base);
    let next_block = block_of(f, d.next);
    let inc = f.create_inst(
        "newInc",
        Type::I32,
        InstKind::Bin {
            op: BinOp::Add,
            lhs: Value::Inst(base),
            rhs: Value::i32(d.step as i32),
            flags: Flags {
                nsw: true,
                ..Flags::default()
            },
        },
        f.inst(d.next).loc,
    );
    insert_after(f, next_block, Some(d.next), inc);
    if let InstKind::Phi { incoming } = &mut f.inst_mut(base).kind {
        incoming.push((Value::Inst(inc), latch));
    }
    let cmp_block = block_of(f, d.cmp);
    let icmp = f.create_inst(
        "newICmp",
        Type::I1,
        InstKind::ICmp {
            pred: d.pred,
            lhs: Value::Inst(inc),
            rhs: d.bound,
        },
        f.inst(d.cmp).loc,
    );
    insert_after(f, cmp_block, Some(d.cmp), icmp);
    f.replace_all_uses(&Value::Inst(d.cmp), &Value::Inst(icmp));
    f.delete_insts([d.cmp]);
    // The old counter's uses outside its own cycle read the narrow one
    // extended back.
    let counts = f.use_counts();
    let cycle = |v: InstId, other_in_cycle: u32| counts[v.0 as usize] > other_in_cycle;
    let (phi_escapes, next_escapes) = (cycle(d.phi, 1), cycle(d.next, 1));
    if next_escapes {
        let s = f.create_inst(
            "substIV",
            Type::I64,
            InstKind::Cast {
                op: CastOp::SExt,
                val: Value::Inst(inc),
            },
            loc,
        );
        insert_after(f, next_block, Some(inc), s);
        f.replace_all_uses(&Value::Inst(d.next), &Value::Inst(s));
    }
    if phi_escapes {
        let last_phi = loops::phis(f, header).last().copied();
        let s = f.create_inst(
            "substIV",
            Type::I64,
            InstKind::Cast {
                op: CastOp::SExt,
                val: Value::Inst(base),
            },
            loc,
        );
        insert_after(f, header, last_phi, s);
        f.replace_all_uses(&Value::Inst(d.phi), &Value::Inst(s));
    }
    f.delete_insts([d.phi, d.next]);
}

fn run_function(f: &mut Function) -> bool {
    let mut changed = false;
    // One counter per loop per round; loops are found again after each.
    loop {
        let dom = DomTree::new(f);
        let li = LoopInfo::new(f, &dom);
        let preds = f.predecessors();
        let found = li.loops.iter().find_map(|l| {
            let (pre, latch) = (l.preheader(f, &preds)?, l.latch()?);
            candidate(f, l, pre, latch).map(|d| (l.header, pre, latch, d))
        });
        let Some((header, pre, latch, d)) = found else {
            return changed;
        };
        demote(f, header, pre, latch, d);
        changed = true;
    }
}
