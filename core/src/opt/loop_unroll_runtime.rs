//! Runtime unrolling, loop-unroll's part for a loop whose trip count is
//! known only when it runs (cicc's `unroll-runtime`, digest part 3 §2.7,
//! step 6), in the shape nvcc 13.5 emits for `for (i = 0; i < n; i++)`:
//!
//! ```text
//! preheader:      tc = n - s; xtraiter = tc & 3; br (tc - 1 <u 3), unr-lcssa, new
//! .new:           unroll_iter = tc - xtraiter
//! body ×4:        four copies; only the last tests: niter -= 4, back while niter != 0
//! unr-lcssa:      the counters as the copies left them; br (xtraiter != 0), epil, exit
//! epil:           the original body, xtraiter more times (a loop not unrolled again;
//!                 with 2 copies, one guarded copy)
//! ```
//!
//! The remainder runs after the unrolled loop (an epilogue), as nvcc's PTX
//! shows, although the digest lists `unroll-runtime-epilog` false: nvcc's
//! output wins. The loop needs one counter `i = phi [s, pre], [i + C, latch]`
//! (`C` a positive constant, `nsw` for a signed test) tested against a value
//! the loop does not change (`i + C < n`, or `!=` when `C` is 1), its only exit
//! at that test, and the guard loop-rotate placed before it (`s < n`), so the
//! trip count is `(n - s - 1) / C + 1`. A counter stepping down by `C`
//! (`i - C > n`, `nsw`: `for (; n > 1; n--)`, the loop tail-call
//! elimination makes of a factorial) counts `(s - n - 1) / C + 1`. Calls
//! and barriers do not prevent it
//! (cicc's `unroll-runtime-convergent` is on; nvcc unrolls loops around
//! `__syncthreads()` and calls alike); loops around other loops are left to
//! full unrolling, as LLVM's runtime unrolling takes innermost loops only.

use super::loop_strength_reduce::affine;
use super::loop_unroll::{unroll, Control, Mode};
use super::loops::*;
use crate::collections::{HashMap, HashSet};
use crate::ir::fold;
use crate::ir::*;

/// The most instructions a loop body may hold to be unrolled at run time
/// (cicc's `runtime-unroll-threshold`, digest part 3 §2.7 "Thresholds").
pub const RUNTIME_UNROLL_THRESHOLD: usize = 95;
/// The copies runtime unrolling makes of a small body: nvcc 13.5 makes 4 for
/// every loop body it unrolls at run time up to about 40 PTX instructions
/// (probed; the digest gives no runtime count).
pub const RUNTIME_COUNT: usize = 4;
/// A loop known to run fewer trips than this stays rolled (cicc's
/// `MaxUpperBound`, digest part 3 §2.7 "Thresholds").
pub const MAX_UPPER_BOUND: i64 = 8;
/// Copies × body size above which the count halves (4 → 2): nvcc 13.5 makes 2
/// copies of bodies about 50 instructions and over (probed). cicc's partial
/// threshold (75, digest part 3 §2.7) counts LLVM's costs, in which addresses
/// and extensions are free; this counts our instructions.
pub const RUNTIME_BUDGET: usize = 160;

/// The loop's counter and its bound.
pub(super) struct Counter {
    start: Value,
    step: i64,
    bound: Value,
    ty: Type,
    /// Entered without a guard: the first trip runs whatever the bound, and
    /// the bound counts as at least `start + step` (in this comparison's sense).
    at_least: Option<ICmp>,
}

/// The counter runtime unrolling needs, or why the loop has none.
pub(super) fn counter(f: &Function, l: &Loop, c: &Control) -> Result<Counter, String> {
    let in_loop = |v: &Value| match v {
        Value::Inst(i) => l.blocks.iter().any(|&b| f.block(b).insts.contains(i)),
        _ => false,
    };
    if l.exiting_blocks(f) != [c.latch] {
        return Err("it has more than one exit".into());
    }
    let Value::Inst(cond) = &c.cond else {
        return Err("exit test not a comparison".into());
    };
    let InstKind::ICmp { pred, lhs, rhs } = f.inst(*cond).kind.clone() else {
        return Err("exit test not a comparison".into());
    };
    // The test that keeps the loop going, as `next pred bound`.
    let pred = if c.back_if_true { pred } else { pred.inverse() };
    let counter_of = |v: &Value| -> Option<(InstId, Value, bool)> {
        let Value::Inst(next) = v else { return None };
        let InstKind::Bin {
            op: BinOp::Add,
            lhs,
            rhs,
            flags,
        } = &f.inst(*next).kind
        else {
            return None;
        };
        let (phi, step) = match (lhs, rhs) {
            (Value::Inst(p), s) | (s, Value::Inst(p)) if s.as_int().is_some() => (*p, s.clone()),
            _ => return None,
        };
        let header_phi = phis(f, l.header).contains(&phi)
            && incoming_from(f, phi, c.latch) == Some(Value::Inst(*next));
        header_phi.then_some((phi, step, flags.nsw))
    };
    let (phi, step, nsw, bound, pred) = match (counter_of(&lhs), counter_of(&rhs)) {
        (Some((p, s, nsw)), _) => (p, s, nsw, rhs, pred),
        (None, Some((p, s, nsw))) => (p, s, nsw, lhs, pred.swapped()),
        _ => return Err("no counter stepping by a constant in its exit test".into()),
    };
    let step = step.as_int().unwrap_or(0);
    let ty = f.inst(phi).ty.clone();
    if in_loop(&bound) {
        return Err("the loop changes its bound".into());
    }
    if !matches!(ty, Type::I32 | Type::I64) {
        return Err("counter not i32 or i64".into());
    }
    // Against a constant, the strict test (`n >= 2` is `n > 1`).
    let (pred, bound) = fold::strict_against(pred, &bound).unwrap_or((pred, bound));
    let ok = match pred {
        ICmp::Slt => step > 0 && nsw,
        // Counting down (`for (; n > 1; n--)`).
        ICmp::Sgt => step < 0 && step > i64::from(i32::MIN) && nsw,
        ICmp::Ult | ICmp::Ne => step == 1,
        _ => false,
    };
    if !ok {
        return Err(format!(
            "exit test `{}` with a step of {step} not counted",
            pred.name()
        ));
    }
    // The guard before the loop: the preheader is entered only when `start pred bound`.
    let preds = f.predecessors();
    let pre = l.preheader(f, &preds).ok_or("no preheader")?;
    let start = incoming_from(f, phi, pre).ok_or("no preheader")?;
    let guarded = match preds[pre.0 as usize].as_slice() {
        [g] => guard_holds(f, *g, pre, (&start, pred, &bound)),
        _ => false,
    };
    // Our loop-reduce makes pointers of addresses affine in a 64-bit counter
    // (`A[row * K + k]`, `B[k * N + col]` once indvars has widened them);
    // other addresses cost a multiply and an add per copy, where nvcc's LSR
    // steps a pointer, and the unrolled loop would be bigger than nvcc's:
    // left rolled (ours, not cicc's, rule).
    let wide: Vec<InstId> = phis(f, l.header)
        .into_iter()
        .filter(|p| f.inst(*p).ty == Type::I64)
        .collect();
    for &b in &l.blocks {
        for &i in &f.block(b).insts {
            let InstKind::Gep { indices, .. } = &f.inst(i).kind else {
                continue;
            };
            let counted = |v: &Value| match v {
                Value::Inst(x) if in_loop(v) => {
                    phis(f, l.header).contains(x)
                        || matches!(&f.inst(*x).kind, InstKind::Cast { op: CastOp::SExt | CastOp::ZExt, val: Value::Inst(y) } if phis(f, l.header).contains(y))
                        || wide
                            .iter()
                            .any(|&p| affine(f, v, p, &in_loop, 0).is_some_and(|a| a.iv.is_some()))
                }
                _ => true,
            };
            if !indices.iter().all(counted) {
                return Err("an address not indexed by a counter (no pointer to step)".into());
            }
        }
    }
    let constant_start_below = match (start.as_int(), bound.as_int(), pred) {
        (Some(s), Some(n), ICmp::Slt) => s < n,
        (Some(s), Some(n), ICmp::Sgt) => s > n,
        (Some(s), Some(n), ICmp::Ult) => (s as u64) < (n as u64),
        (Some(s), Some(n), _) => s != n,
        _ => false,
    };
    // LLVM's unroller leaves a loop with a small known maximum trip count
    // rolled rather than unroll it at run time (cicc's MaxUpperBound, 8).
    // (Counting down from a bounded start, SCEV finds no small maximum in
    // its umax form of the count, and nvcc unrolls: `factorial(i & 7)`.)
    if let (Some(max), Some(s), true) = (upper_bound(f, &bound), start.as_int(), step > 0) {
        let trips = if max > s { (max - s - 1) / step + 1 } else { 1 };
        if trips < MAX_UPPER_BOUND {
            return Err(format!(
                "at most {trips} trips, under cicc's MaxUpperBound ({MAX_UPPER_BOUND})"
            ));
        }
    }
    // A loop entered unguarded (a do-while) runs once whatever the bound:
    // its trip count counts from max(bound, start + step), as LLVM's SCEV
    // writes it (nvcc's `max.s32` before the remainder's `and.b32`).
    let runs_once = !guarded && !constant_start_below;
    if runs_once && !matches!(pred, ICmp::Slt | ICmp::Sgt | ICmp::Ult) {
        return Err("no guard proving it runs at least once".into());
    }
    Ok(Counter {
        start,
        step,
        bound,
        ty,
        at_least: runs_once.then_some(pred),
    })
}

/// The largest value `v` can take, when a mask or a remainder bounds it
/// (what SCEV's range of a trip count knows for `i & 7` or `i % 6`).
fn upper_bound(f: &Function, v: &Value) -> Option<i64> {
    let Value::Inst(i) = v else { return v.as_int() };
    match &f.inst(*i).kind {
        InstKind::Bin {
            op: BinOp::And,
            lhs,
            rhs,
            ..
        } => [lhs, rhs]
            .into_iter()
            .filter_map(|x| x.as_int())
            .find(|m| *m >= 0),
        InstKind::Bin {
            op: BinOp::URem,
            rhs,
            ..
        } => rhs.as_int().filter(|m| *m > 0).map(|m| m - 1),
        _ => None,
    }
}

/// Whether `g` branches to `pre` only when `start pred bound` holds.
fn guard_holds(f: &Function, g: BlockId, pre: BlockId, test: (&Value, ICmp, &Value)) -> bool {
    let (start, pred, bound) = test;
    let Some(InstKind::CondBr { cond, t, f: e }) = f.terminator(g).map(|t| t.kind.clone()) else {
        return false;
    };
    if t == e || (t != pre && e != pre) {
        return false;
    }
    let Value::Inst(gi) = cond else { return false };
    let InstKind::ICmp {
        pred: gp,
        lhs: a,
        rhs: b,
    } = f.inst(gi).kind.clone()
    else {
        return false;
    };
    let gp = if t == pre { gp } else { gp.inverse() };
    let (a, gp, b) = strict(a, gp, b);
    let (s, p, n) = strict(start.clone(), pred, bound.clone());
    gp == p && same(f, &a, &s, 2) && same(f, &b, &n, 2)
}

/// `a` and `b` compute the same value: the same value, or the same
/// arithmetic on the same operands (loop-rotate's copy of the header's
/// `n + t` beside the one LICM hoisted).
fn same(f: &Function, a: &Value, b: &Value, depth: u32) -> bool {
    if a == b {
        return true;
    }
    let (Value::Inst(x), Value::Inst(y)) = (a, b) else {
        return false;
    };
    if depth == 0 || f.inst(*x).ty != f.inst(*y).ty {
        return false;
    }
    match (&f.inst(*x).kind, &f.inst(*y).kind) {
        (
            InstKind::Bin { op, lhs, rhs, .. },
            InstKind::Bin {
                op: op2,
                lhs: lhs2,
                rhs: rhs2,
                ..
            },
        ) => op == op2 && same(f, lhs, lhs2, depth - 1) && same(f, rhs, rhs2, depth - 1),
        (InstKind::Cast { op, val }, InstKind::Cast { op: op2, val: val2 }) => {
            op == op2 && same(f, val, val2, depth - 1)
        }
        _ => false,
    }
}

/// `a pred b` in one spelling per meaning: a constant to the right in its
/// strict form ([`fold::strict_against`]), then `>` as `<` swapped
/// (instcombine writes the guard `0 < n` as `n > 0` or `n >= 1`, or
/// inverted, `n < 1`).
fn strict(a: Value, pred: ICmp, b: Value) -> (Value, ICmp, Value) {
    let (a, pred, b) = if a.as_int().is_some() && b.as_int().is_none() {
        (b, pred.swapped(), a)
    } else {
        (a, pred, b)
    };
    let (pred, b) = fold::strict_against(pred, &b).unwrap_or((pred, b));
    match pred {
        ICmp::Sgt | ICmp::Ugt | ICmp::Sge | ICmp::Uge => (b, pred.swapped(), a),
        _ => (a, pred, b),
    }
}

/// The copies to make of a body of `size` instructions, or why none.
pub(super) fn auto_count(size: usize) -> Result<usize, String> {
    if size > RUNTIME_UNROLL_THRESHOLD {
        return Err(format!(
            "{size} instructions, too many to unroll with a runtime trip count (limit {RUNTIME_UNROLL_THRESHOLD})"
        ));
    }
    let mut count = RUNTIME_COUNT;
    while count > 1 && count * size > RUNTIME_BUDGET {
        count /= 2;
    }
    if count < 2 {
        return Err(format!("{size} instructions, too many to copy"));
    }
    Ok(count)
}

/// An instruction at the end of `b`: its value.
/// Appends `kind` to block `b` (which has no terminator yet).
fn emit_last(f: &mut Function, b: BlockId, name: &str, ty: Type, kind: InstKind) -> Value {
    let i = f.create_inst(name, ty, kind, None);
    f.block_mut(b).insts.push(i);
    Value::Inst(i)
}

/// `op lhs, rhs` without flags.
pub(super) fn bin(op: BinOp, lhs: Value, rhs: Value) -> InstKind {
    InstKind::Bin {
        op,
        lhs,
        rhs,
        flags: Flags::default(),
    }
}

/// Unrolls `l` by `count` with a remainder loop (`pragma`: the count came
/// from `#pragma unroll`). The loop has dedicated
/// exits, a preheader and the counter `k`; `false` when its exit is not
/// dedicated (nothing changed then).
pub(super) fn unroll_runtime(
    f: &mut Function,
    l: &Loop,
    k: &Counter,
    count: usize,
    pragma: bool,
    tried: &mut Vec<BlockId>,
) -> bool {
    if !ensure_dedicated_exits(f, l) {
        return false;
    }
    let Some(c) = super::loop_unroll::control(f, l) else {
        return false;
    };
    let (h, exit) = (l.header, c.exit);
    let pre = l
        .preheader(f, &f.predecessors())
        .expect("checked by counter()");
    let ty = k.ty.clone();
    let int = |v: i64| Value::Int(ty.clone(), v);

    // The exit's phis have one entry each (the exit is dedicated): the value itself.
    let mut replaced: HashMap<InstId, Value> = HashMap::default();
    for p in phis(f, exit) {
        if let InstKind::Phi { incoming } = &f.inst(p).kind {
            if let [(v, _)] = incoming.as_slice() {
                replaced.insert(p, v.clone());
            }
        }
    }
    f.replace_uses_by_map(&replaced);
    f.block_mut(exit)
        .insts
        .retain(|x| !replaced.contains_key(x));
    for p in phis(f, exit) {
        if replaced.contains_key(&p) {
            f.erase_inst(p);
        }
    }
    // The loop's values used after it.
    let mut in_loop = vec![false; f.insts.len()];
    for &b in &l.blocks {
        for &i in &f.block(b).insts {
            in_loop[i.0 as usize] = true;
        }
    }
    let mut live_out: Vec<InstId> = Vec::new();
    for &b in &f.layout {
        if l.contains(b) {
            continue;
        }
        for &i in &f.block(b).insts {
            for op in f.inst(i).kind.operands() {
                if let Value::Inst(d) = op {
                    if in_loop.get(d.0 as usize) == Some(&true) && !live_out.contains(d) {
                        live_out.push(*d);
                    }
                }
            }
        }
    }

    // The trip count, in the preheader: tc = (n - s - 1) / C + 1, with
    // n = max(n, s + C) for a loop that runs once unguarded (counting down
    // by -C: tc = (s - n - 1) / C + 1, n = min(n, s - C)).
    let down = k.step < 0;
    let stride = k.step.abs();
    let bound = match k.at_least {
        None => k.bound.clone(),
        Some(pred) => {
            let first = match k.start.as_int() {
                Some(s) => int(s.wrapping_add(k.step)),
                None => emit(
                    f,
                    pre,
                    "trip.first",
                    ty.clone(),
                    bin(BinOp::Add, k.start.clone(), int(k.step)),
                ),
            };
            let (cmp, name) = match pred {
                ICmp::Ult => (ICmp::Ugt, "umax"),
                ICmp::Sgt => (ICmp::Slt, "smin"),
                _ => (ICmp::Sgt, "smax"),
            };
            let above = emit(
                f,
                pre,
                &format!("{name}.cmp"),
                Type::I1,
                InstKind::ICmp {
                    pred: cmp,
                    lhs: k.bound.clone(),
                    rhs: first.clone(),
                },
            );
            emit(
                f,
                pre,
                name,
                ty.clone(),
                InstKind::Select {
                    cond: above,
                    t: k.bound.clone(),
                    f: first,
                },
            )
        }
    };
    // The distance the counter travels: n - s, or s - n counting down.
    let (far, near) = if down {
        (k.start.clone(), bound)
    } else {
        (bound, k.start.clone())
    };
    let d = match near.as_int() {
        Some(0) if !down => far,
        _ => emit(f, pre, "trip.diff", ty.clone(), bin(BinOp::Sub, far, near)),
    };
    let (btc, tc) = if stride == 1 {
        let btc = emit(
            f,
            pre,
            "trip.count.minus1",
            ty.clone(),
            bin(BinOp::Add, d.clone(), int(-1)),
        );
        (btc, d)
    } else {
        let dm1 = emit(
            f,
            pre,
            "trip.diff.minus1",
            ty.clone(),
            bin(BinOp::Add, d, int(-1)),
        );
        let btc = if stride.count_ones() == 1 {
            let sh = i64::from(stride.trailing_zeros());
            emit(
                f,
                pre,
                "trip.count.minus1",
                ty.clone(),
                bin(BinOp::LShr, dm1, int(sh)),
            )
        } else {
            emit(
                f,
                pre,
                "trip.count.minus1",
                ty.clone(),
                bin(BinOp::UDiv, dm1, int(stride)),
            )
        };
        let tc = emit(
            f,
            pre,
            "trip.count",
            ty.clone(),
            bin(BinOp::Add, btc.clone(), int(1)),
        );
        (btc, tc)
    };
    let n = count as i64;
    // The iterations left for the remainder: tc mod count.
    let rem = if count.is_power_of_two() {
        bin(BinOp::And, tc.clone(), int(n - 1))
    } else {
        bin(BinOp::URem, tc.clone(), int(n))
    };
    let xtraiter = emit(f, pre, "xtraiter", ty.clone(), rem);
    let small = emit(
        f,
        pre,
        "unroll.small",
        Type::I1,
        InstKind::ICmp {
            pred: ICmp::Ult,
            lhs: btc,
            rhs: int(n - 1),
        },
    );

    // The remainder: a copy of the original loop, made before unrolling it.
    let body: Vec<BlockId> = f
        .layout
        .iter()
        .copied()
        .filter(|b| l.contains(*b))
        .collect();
    let (mut vm_e, bm_e) = clone_blocks(f, &body, h, ".epil");
    let (h_e, latch_e) = (bm_e[&h], bm_e[&c.latch]);
    let header_phis = phis(f, h);
    let next: HashMap<InstId, Value> = header_phis
        .iter()
        .map(|&p| (p, incoming_from(f, p, c.latch).expect("latch entry")))
        .collect();
    let init: HashMap<InstId, Value> = header_phis
        .iter()
        .map(|&p| (p, incoming_from(f, p, pre).expect("preheader entry")))
        .collect();

    let (vmaps, bmaps) = unroll(f, l, &c, count, Mode::Multiple, false);
    let last = count - 1;
    let latch_l = bmaps[last][&c.latch];
    // nvcc marks the unrolled loop not to unroll again (`.pragma "nounroll"`)
    // only when a pragma asked for the count; ptxas may unroll it further.
    if !pragma {
        f.loop_hints.retain(|x| x.latch != latch_l);
    }
    let map_last = |v: &Value| match v {
        Value::Inst(d) => vmaps[last].get(d).cloned().unwrap_or_else(|| v.clone()),
        v => v.clone(),
    };

    // The preheader skips the unrolled loop when fewer than `count` iterations run.
    let pre_name = f.block(pre).name.clone();
    let new = f.add_block(&format!("{pre_name}.new"));
    let exit_name = f.block(exit).name.clone();
    let middle = f.add_block(&format!("{exit_name}.unr-lcssa"));
    let h_name = f.block(h).name.clone();
    let epil_pre = f.add_block(&format!("{h_name}.epil.preheader"));
    let unroll_iter = f.create_inst(
        "unroll_iter",
        ty.clone(),
        bin(BinOp::Sub, tc.clone(), xtraiter.clone()),
        None,
    );
    let br_h = f.create_inst("", Type::Void, InstKind::Br { dest: h }, None);
    f.block_mut(new).insts = vec![unroll_iter, br_h];
    let term = *f.block(pre).insts.last().expect("preheader branch");
    f.inst_mut(term).kind = InstKind::CondBr {
        cond: small,
        t: middle,
        f: new,
    };
    rename_incoming(f, h, pre, new);

    // The unrolled loop counts its trips down: niter -= count, back while not zero.
    let niter = f.create_inst(
        "niter",
        ty.clone(),
        InstKind::Phi { incoming: vec![] },
        None,
    );
    f.block_mut(h).insts.insert(0, niter);
    let nsub = emit(
        f,
        latch_l,
        "niter.nsub",
        ty.clone(),
        bin(BinOp::Add, Value::Inst(niter), int(-n)),
    );
    let ncmp = emit(
        f,
        latch_l,
        "niter.ncmp",
        Type::I1,
        InstKind::ICmp {
            pred: ICmp::Ne,
            lhs: nsub.clone(),
            rhs: int(0),
        },
    );
    f.inst_mut(niter).kind = InstKind::Phi {
        incoming: vec![(Value::Inst(unroll_iter), new), (nsub, latch_l)],
    };
    let term = *f.block(latch_l).insts.last().expect("latch branch");
    f.inst_mut(term).kind = InstKind::CondBr {
        cond: ncmp,
        t: h,
        f: middle,
    };

    // Where the unrolled loop leaves (or was skipped): the counters so far.
    let mut unr: HashMap<InstId, Value> = HashMap::default();
    let mut made: HashSet<InstId> = HashSet::default();
    // A 64-bit counter that is the sign extension of a 32-bit one (indvars'
    // twin) leaves as that extension, made where the remainder begins: the
    // unrolled loop then needs only the 32-bit counter after loop-reduce, as
    // nvcc's (IV demotion's effect; the remainder's start is a `mul.wide.s32`).
    let twins: Vec<(InstId, InstId)> = header_phis
        .iter()
        .filter_map(|&p| narrow_twin(f, &header_phis, &init, &next, p).map(|q| (p, q)))
        .collect();
    for &p in &header_phis {
        if twins.iter().any(|t| t.0 == p) {
            continue;
        }
        let name = format!("{}.unr", f.inst(p).name);
        let phi = f.create_inst(
            &name,
            f.inst(p).ty.clone(),
            InstKind::Phi {
                incoming: vec![(init[&p].clone(), pre), (map_last(&next[&p]), latch_l)],
            },
            None,
        );
        f.block_mut(middle).insts.push(phi);
        unr.insert(p, Value::Inst(phi));
        made.insert(phi);
    }
    for (p, q) in twins {
        let name = format!("{}.unr", f.inst(p).name);
        let val = unr[&q].clone();
        let wide = emit_last(
            f,
            epil_pre,
            &name,
            Type::I64,
            InstKind::Cast {
                op: CastOp::SExt,
                val,
            },
        );
        unr.insert(p, wide);
    }
    let lcmp = f.create_inst(
        "lcmp.mod",
        Type::I1,
        InstKind::ICmp {
            pred: ICmp::Ne,
            lhs: xtraiter.clone(),
            rhs: int(0),
        },
        None,
    );
    let br = f.create_inst(
        "",
        Type::Void,
        InstKind::CondBr {
            cond: Value::Inst(lcmp),
            t: epil_pre,
            f: exit,
        },
        None,
    );
    f.block_mut(middle).insts.extend([lcmp, br]);
    let br = f.create_inst("", Type::Void, InstKind::Br { dest: h_e }, None);
    f.block_mut(epil_pre).insts.push(br);

    // The remainder runs xtraiter times (at most once with two copies).
    let epil_term = *f.block(latch_e).insts.last().expect("latch branch");
    if count > 2 {
        let iter = f.create_inst(
            "epil.iter",
            ty.clone(),
            InstKind::Phi { incoming: vec![] },
            None,
        );
        f.block_mut(h_e).insts.insert(0, iter);
        let sub = emit(
            f,
            latch_e,
            "epil.iter.sub",
            ty.clone(),
            bin(BinOp::Add, Value::Inst(iter), int(-1)),
        );
        let cmp = emit(
            f,
            latch_e,
            "epil.iter.cmp",
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Ne,
                lhs: sub.clone(),
                rhs: int(0),
            },
        );
        f.inst_mut(iter).kind = InstKind::Phi {
            incoming: vec![(xtraiter, epil_pre), (sub, latch_e)],
        };
        f.inst_mut(epil_term).kind = InstKind::CondBr {
            cond: cmp,
            t: h_e,
            f: exit,
        };
        for &p in &header_phis {
            let Value::Inst(pe) = vm_e[&p] else { continue };
            if let InstKind::Phi { incoming } = &mut f.inst_mut(pe).kind {
                for (v, from) in incoming.iter_mut() {
                    if *from == pre {
                        *v = unr[&p].clone();
                        *from = epil_pre;
                    }
                }
            }
        }
        f.loop_hints.push(LoopHint {
            latch: latch_e,
            unroll: 1,
        });
    } else {
        f.inst_mut(epil_term).kind = InstKind::Br { dest: exit };
        let mut replaced: HashMap<InstId, Value> = HashMap::default();
        let mut gone = Vec::new();
        for &p in &header_phis {
            let Value::Inst(pe) = vm_e[&p] else { continue };
            replaced.insert(pe, unr[&p].clone());
            gone.push(pe);
            vm_e.insert(p, unr[&p].clone());
        }
        f.replace_uses_by_map(&replaced);
        f.block_mut(h_e).insts.retain(|x| !replaced.contains_key(x));
        for pe in gone {
            f.erase_inst(pe);
        }
    }
    tried.push(h_e);

    // Layout: the new preheader after the old; the rest after the last copy.
    f.layout
        .retain(|b| *b != new && *b != middle && *b != epil_pre && !bm_e.values().any(|x| x == b));
    let at = f.layout.iter().position(|b| *b == pre).expect("in layout") + 1;
    f.layout.insert(at, new);
    let copies: Vec<BlockId> = bmaps.iter().flat_map(|m| m.values().copied()).collect();
    let at = f
        .layout
        .iter()
        .rposition(|b| copies.contains(b))
        .expect("copies in layout")
        + 1;
    let mut tail = vec![middle, epil_pre];
    tail.extend(body.iter().map(|b| bm_e[b]));
    for (k, b) in tail.into_iter().enumerate() {
        f.layout.insert(at + k, b);
    }

    // Values used after the loop: from the unrolled loop or the remainder.
    let epil: Vec<BlockId> = bm_e.values().copied().collect();
    for v in live_out {
        let Value::Inst(w) = map_last(&Value::Inst(v)) else {
            continue;
        };
        let ty = f.inst(v).ty.clone();
        let mut up = SsaUpdater::new(f, ty, &format!("{}.lcssa", f.inst(v).name));
        up.def_at_end(latch_l, Value::Inst(w));
        // A counter's next value leaves the unrolled loop as the counter's
        // `.unr` phi: where the copies were skipped, the remainder runs and
        // gives the value, so the phi stands for both (one register, as
        // nvcc's, where a phi of `undef` would need a copy).
        let carried = header_phis
            .iter()
            .find(|p| map_last(&next[p]) == Value::Inst(w))
            .and_then(|p| unr.get(p));
        if let Some(Value::Inst(u)) = carried {
            if f.block(middle).insts.contains(u) {
                up.def_at_end(middle, Value::Inst(*u));
            }
        }
        let ve = vm_e.get(&v).cloned().unwrap_or(Value::Inst(v));
        up.def_at_end(latch_e, ve);
        up.rewrite_uses(f, w, &|b, i, _| {
            copies.contains(&b) || epil.contains(&b) || made.contains(&i)
        });
        made.extend(up.created_phis());
    }
    true
}

/// The 32-bit header phi whose sign extension 64-bit phi `p` always is:
/// both start at the same value (`p` at its extension) and step by the same
/// constant with `add nsw` (so the 32-bit one never wraps and the relation
/// holds every iteration).
fn narrow_twin(
    f: &Function,
    header_phis: &[InstId],
    init: &HashMap<InstId, Value>,
    next: &HashMap<InstId, Value>,
    p: InstId,
) -> Option<InstId> {
    let step = |x: InstId| match next[&x] {
        Value::Inst(i) => match &f.inst(i).kind {
            InstKind::Bin {
                op: BinOp::Add,
                lhs: Value::Inst(l),
                rhs,
                flags,
            } if *l == x && flags.nsw => rhs.as_int(),
            _ => None,
        },
        _ => None,
    };
    if f.inst(p).ty != Type::I64 {
        return None;
    }
    let c = step(p)?;
    header_phis.iter().copied().find(|&q| {
        f.inst(q).ty == Type::I32
            && step(q) == Some(c)
            && match (&init[&p], &init[&q]) {
                (a, b) if a.as_int().is_some() => {
                    b.as_int().map(|b| i64::from(b as i32)) == a.as_int()
                }
                (Value::Inst(a), b) => matches!(
                    &f.inst(*a).kind,
                    InstKind::Cast { op: CastOp::SExt, val } if val == b
                ),
                _ => false,
            }
    })
}

/// Copies `blocks` (a loop with `header`, in layout order) with `suffix` on every name;
/// the copies refer to each other, and to the originals' values from
/// outside. The value and block maps from originals to copies.
fn clone_blocks(
    f: &mut Function,
    blocks: &[BlockId],
    header: BlockId,
    suffix: &str,
) -> (HashMap<InstId, Value>, HashMap<BlockId, BlockId>) {
    let mut bm = HashMap::default();
    for &b in blocks {
        let name = format!("{}{suffix}", f.block(b).name);
        bm.insert(b, f.add_block(&name));
    }
    let mut vm: HashMap<InstId, Value> = HashMap::default();
    for &b in blocks {
        for &i in &f.block(b).insts.clone() {
            let src = f.inst(i).clone();
            let name = if src.name.is_empty() {
                String::new()
            } else {
                format!("{}{suffix}", src.name)
            };
            let id = f.create_inst(&name, src.ty, InstKind::Unreachable, src.loc);
            vm.insert(i, Value::Inst(id));
        }
    }
    for &b in blocks {
        for &i in &f.block(b).insts.clone() {
            let mut kind = f.inst(i).kind.clone();
            for op in kind.operands_mut() {
                if let Value::Inst(d) = op {
                    if let Some(v) = vm.get(d) {
                        *op = v.clone();
                    }
                }
            }
            match &mut kind {
                // The header keeps its entry from outside (the caller
                // rewires it); elsewhere, entries from outside the loop come
                // from unreachable blocks, which do not branch to the copy.
                InstKind::Phi { incoming } => {
                    incoming.retain(|(_, from)| b == header || bm.contains_key(from));
                    for (_, from) in incoming.iter_mut() {
                        *from = *bm.get(from).unwrap_or(from);
                    }
                }
                k => {
                    for s in k.successors_mut() {
                        *s = *bm.get(s).unwrap_or(s);
                    }
                }
            }
            let Value::Inst(id) = vm[&i] else {
                unreachable!("created above")
            };
            f.inst_mut(id).kind = kind;
            f.block_mut(bm[&b]).insts.push(id);
        }
    }
    (vm, bm)
}
