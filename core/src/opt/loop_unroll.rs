//! loop-unroll: copies a loop's body so the loop branches less often, or
//! not at all.
//!
//! The trip count is found by running the loop's control on constants: the
//! header phis start from their constant initial values and the latch's exit
//! test (and the values it depends on) is evaluated iteration by iteration,
//! until the test leaves the loop (at most [`PRAGMA_THRESHOLD`] iterations).
//!
//! - **Full unrolling** (the trip count is known): one copy of the body per
//!   iteration, each copy's header values being the previous copy's next
//!   values; no back branch remains. Done when `#pragma unroll` asks (hint 0,
//!   or a count at least the trip count) and the copies hold at most
//!   [`PRAGMA_THRESHOLD`] instructions, or without a pragma when they hold at
//!   most [`THRESHOLD`] (cicc's thresholds: 32768 for a pragma, 300 otherwise).
//! - **Partial unrolling** by N (`#pragma unroll N`, when the loop is not
//!   fully unrolled): N copies per trip around the loop. When the trip count
//!   is known and a multiple of N, only the last copy tests and branches
//!   back. Otherwise every copy keeps its exit test (a guard on each
//!   iteration: correct for any trip count, with no remainder loop); only
//!   the last branches back. The loop's hint becomes 1, so it is not
//!   unrolled again.
//! - Never with `#pragma unroll 1`. No partial unrolling without a pragma.
//!
//! Copies are named LLVM's way: `%add.1`, `for.body.2`. Exits from inside
//! the body (`break`, `return`) stay in every copy, and values used after the
//! loop read the copy that ran last (phis in the exits where several copies
//! leave). The loop must have one latch ending in a conditional branch that
//! leaves the loop (the bottom-tested shape loop-rotate makes).

use super::loop_unroll_runtime as runtime;
use super::loops::*;
use crate::collections::{HashMap, HashSet};
use crate::ir::*;

/// The most instructions a full unroll may produce without a pragma (cicc's `Threshold`).
pub const THRESHOLD: usize = 300;
/// The most instructions unrolling by a pragma may produce (cicc's pragma threshold).
pub const PRAGMA_THRESHOLD: usize = 32768;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    let mut live: usize = m.functions.iter().map(super::budget::live_insts).sum();
    for f in &mut m.functions {
        if !f.is_declaration() {
            // Past the module's budget no loop is unrolled (the pass
            // manager then ends the compile with the budget's error).
            let others = live - super::budget::live_insts(f);
            let room = super::budget::MAX_INSTS_AFTER_UNROLLING.saturating_sub(others);
            changed |= run_function(f, cx, room);
            live = others + super::budget::live_insts(f);
        }
    }
    changed
}

/// Unrolls `f`'s loops while it holds at most `room` live instructions.
pub fn run_function(f: &mut Function, cx: &super::PassContext, room: usize) -> bool {
    let mut changed = false;
    let mut tried: Vec<BlockId> = Vec::new();
    // The dominator tree and loop forest, rebuilt only after a round changed
    // the function: a loop left as it was (most "not unrolled" answers)
    // keeps them. Every change here makes blocks or instructions, so their
    // counts tell.
    let mut analyses: Option<(DomTree, LoopInfo, (usize, usize))> = None;
    for _ in 0..=f.blocks.len() {
        if super::budget::live_insts(f) > room {
            break;
        }
        let size = (f.blocks.len(), f.insts.len());
        if analyses.as_ref().is_some_and(|a| a.2 != size) {
            analyses = None;
        }
        let (dom, li, _) = analyses.get_or_insert_with(|| {
            let dom = DomTree::new(f);
            let li = LoopInfo::new(f, &dom);
            (dom, li, size)
        });
        let Some(index) = li
            .innermost_first()
            .into_iter()
            .find(|&i| !tried.contains(&li.loops[i].header))
        else {
            break;
        };
        let l = li.loops[index].clone();
        let innermost = !li.loops.iter().any(|x| x.parent == Some(index));
        tried.push(l.header);
        let line = super::remark::loop_line(f, &l);
        // Each loop unrolled is one rewrite; past the limit none is tried.
        let outcome = if cx.rewrites_left() {
            let bug = cx.bug(crate::bugs::Bug::UnrollPhi);
            unroll_loop(f, dom, &l, innermost, &mut tried, bug)
        } else {
            Err("past the rewrite limit".to_string())
        };
        if outcome.is_ok() {
            cx.may_rewrite();
        }
        match outcome {
            Ok(how) => {
                analyses = None;
                fold_constants(f);
                changed = true;
                let name = super::remark::loop_name(f, line);
                cx.applied(line, format_args!("{name} unrolled {how}"));
            }
            Err(why) => {
                let name = super::remark::loop_name(f, line);
                cx.missed(line, format_args!("{name} not unrolled: {why}"));
            }
        }
    }
    changed
}

/// How the latches of the copies end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Mode {
    /// No back branch: the last copy leaves the loop.
    Full,
    /// Only the last copy tests (the trip count is a multiple of the count).
    Multiple,
    /// Every copy tests; the last branches back.
    KeepTests,
}

/// The loop's latch, its exit test and where the test leads.
pub(super) struct Control {
    pub latch: BlockId,
    pub cond: Value,
    /// The latch branches back when `cond` is true (else when it is false).
    pub back_if_true: bool,
    pub exit: BlockId,
}

pub(super) fn control(f: &Function, l: &Loop) -> Option<Control> {
    let latch = l.latch()?;
    let InstKind::CondBr { cond, t, f: e } = f.terminator(latch)?.kind.clone() else {
        return None;
    };
    let (back_if_true, exit) = if t == l.header && !l.contains(e) {
        (true, e)
    } else if e == l.header && !l.contains(t) {
        (false, t)
    } else {
        return None;
    };
    Some(Control {
        latch,
        cond,
        back_if_true,
        exit,
    })
}

/// Unrolls `l` when it should: how (`x4 (pragma)`), or why not. Loops
/// made here that are not to be tried again go to `tried`.
fn unroll_loop(
    f: &mut Function,
    dom: &DomTree,
    l: &Loop,
    innermost: bool,
    tried: &mut Vec<BlockId>,
    bug: bool,
) -> Result<String, String> {
    let Some(c) = control(f, l) else {
        return Err("no single latch ending in the exit test".into());
    };
    let hint = f
        .loop_hints
        .iter()
        .find(|h| h.latch == c.latch)
        .map(|h| h.unroll);
    if hint == Some(1) {
        return Err("#pragma unroll 1".into());
    }
    let mut size = 0;
    for &b in &l.blocks {
        for &i in &f.block(b).insts {
            match f.inst(i).kind {
                InstKind::Alloca { .. } => return Err("it holds an alloca".into()),
                InstKind::Phi { .. } => {}
                _ => size += 1,
            }
        }
    }
    let limit = if hint.is_some() {
        PRAGMA_THRESHOLD
    } else {
        THRESHOLD
    };
    let trip = trip_count(f, dom, l, &c, (limit / size.max(1)) as u64).ok();
    let fits = |n: u64| n.saturating_mul(size as u64) <= limit as u64;
    // Runtime unrolling (a remainder loop after the unrolled one): by the
    // pragma's count, else by cicc's for a small innermost loop.
    let runtime =
        |f: &mut Function, count: Option<usize>, trip: Option<String>, tried: &mut Vec<BlockId>| {
            if !innermost {
                return Err("it holds another loop".to_string());
            }
            let k = runtime::counter(f, l, &c)?;
            let count = match count {
                Some(n) => n,
                None => runtime::auto_count(size)?,
            };
            ensure_preheader(f, l).ok_or("no preheader")?;
            if !runtime::unroll_runtime(f, l, &k, count, hint.is_some(), tried) {
                return Err("its exit is another loop's header".into());
            }
            Ok(match (hint, trip) {
                (Some(_), _) => format!("x{count} with a remainder loop (pragma)"),
                (None, Some(t)) => format!(
                    "x{count} with a remainder loop ({t} iterations, too many to unroll fully)"
                ),
                (None, None) => format!("x{count} with a remainder loop (runtime trip count)"),
            })
        };
    let (count, mode) = match (hint, trip) {
        (None | Some(0), Some(t)) if fits(t) => (t, Mode::Full),
        (Some(n), Some(t)) if n >= 2 && u64::from(n) >= t && fits(t) => (t, Mode::Full),
        (Some(n), Some(t)) if n >= 2 && t % u64::from(n) == 0 && fits(u64::from(n)) => {
            (u64::from(n), Mode::Multiple)
        }
        (Some(n), None) if n >= 2 && fits(u64::from(n)) => {
            match runtime(f, Some(n as usize), None, tried) {
                Ok(how) => return Ok(how),
                Err(_) => (u64::from(n), Mode::KeepTests),
            }
        }
        (Some(n), _) if n >= 2 && fits(u64::from(n)) => (u64::from(n), Mode::KeepTests),
        (None, None) => {
            let trip = trip_count(f, dom, l, &c, REMARK_TRIPS);
            let known = (trip != Err(false)).then(|| trips(trip));
            return runtime(f, None, known, tried).map_err(|why| match trip {
                Err(false) => format!("trip count unknown, and not unrolled with a remainder: {why}"),
                t => format!(
                    "too big ({} iterations of {size} instructions, limit {limit}), and not unrolled with a remainder: {why}",
                    trips(t)
                ),
            });
        }
        (Some(0), None) => {
            return Err(match trip_count(f, dom, l, &c, REMARK_TRIPS) {
                Err(false) => "trip count unknown".into(),
                t => format!(
                    "too big ({} iterations of {size} instructions, limit {limit})",
                    trips(t)
                ),
            })
        }
        (_, Some(t)) if !fits(t) && hint.is_none_or(|n| n == 0) => {
            return Err(format!(
                "too big ({t} iterations of {size} instructions, limit {limit})"
            ))
        }
        _ => return Err(format!("{size} instructions per copy, limit {limit}")),
    };
    if ensure_preheader(f, l).is_none() {
        return Err("no preheader".into());
    }
    unroll(f, l, &c, count as usize, mode, bug);
    let why = match hint {
        Some(_) => "pragma",
        None => "small",
    };
    Ok(match mode {
        Mode::Full => format!("fully ({count} iterations, {why})"),
        _ => format!("x{count} ({why})"),
    })
}

/// How many iterations a remark's trip count is simulated for: a loop that
/// runs longer is "more than" this (simulating `for (i = 0; i < 1 << 30;
/// i++)` to the end took minutes).
const REMARK_TRIPS: u64 = 4096;

/// A trip count for a remark: the number, or "more than" the simulated ones.
fn trips(t: Result<u64, bool>) -> String {
    match t {
        Ok(t) => t.to_string(),
        _ => format!("more than {REMARK_TRIPS}"),
    }
}

/// The number of times the latch runs, from constant initial values;
/// `Err(true)` when above `max`, `Err(false)` when unknown.
fn trip_count(f: &Function, dom: &DomTree, l: &Loop, c: &Control, max: u64) -> Result<u64, bool> {
    let outside = l.outside_preds_in(&f.predecessors_of(l.header));
    let mut block_of: HashMap<InstId, BlockId> = HashMap::default();
    for &b in &l.blocks {
        for &i in &f.block(b).insts {
            block_of.insert(i, b);
        }
    }
    let header_phis = phis(f, l.header);
    // Each header phi's value on the first iteration, when the entries agree on a constant.
    let mut state: HashMap<InstId, Value> = HashMap::default();
    for &p in &header_phis {
        let vals: Vec<Value> = outside
            .iter()
            .filter_map(|&o| incoming_from(f, p, o))
            .collect();
        if let Some(v) = vals.first() {
            if v.is_const() && vals.iter().all(|x| x == v) {
                state.insert(p, v.clone());
            }
        }
    }
    let next: HashMap<InstId, Value> = header_phis
        .iter()
        .filter_map(|&p| incoming_from(f, p, c.latch).map(|v| (p, v)))
        .collect();
    let eval = |state: &HashMap<InstId, Value>, v: &Value| -> Option<Value> {
        Eval {
            f,
            dom,
            header: l.header,
            latch: c.latch,
            block_of: &block_of,
            state,
            memo: HashMap::default(),
        }
        .value(v, 0)
    };
    for k in 1..=max {
        let cond = eval(&state, &c.cond)
            .and_then(|v| v.as_int())
            .ok_or(false)?;
        if (cond != 0) != c.back_if_true {
            return Ok(k);
        }
        let mut new_state = HashMap::default();
        for &p in &header_phis {
            if let Some(v) = next.get(&p).and_then(|v| eval(&state, v)) {
                new_state.insert(p, v);
            }
        }
        state = new_state;
    }
    Err(true)
}

/// Evaluates the loop's control on constants for one iteration.
struct Eval<'a> {
    f: &'a Function,
    dom: &'a DomTree,
    header: BlockId,
    latch: BlockId,
    block_of: &'a HashMap<InstId, BlockId>,
    /// The header phis' values this iteration.
    state: &'a HashMap<InstId, Value>,
    memo: HashMap<InstId, Option<Value>>,
}

impl Eval<'_> {
    fn value(&mut self, v: &Value, depth: u32) -> Option<Value> {
        let Value::Inst(d) = v else {
            return matches!(v, Value::Int(..) | Value::Float(..)).then(|| v.clone());
        };
        // Only values computed on every iteration before the test, by pure operations.
        let b = *self.block_of.get(d)?;
        if b == self.header {
            if let InstKind::Phi { .. } = self.f.inst(*d).kind {
                return self.state.get(d).cloned();
            }
        }
        if depth > 64 || !self.dom.dominates(b, self.latch) {
            return None;
        }
        if let Some(r) = self.memo.get(d) {
            return r.clone();
        }
        let inst = self.f.inst(*d);
        let mut kind = inst.kind.clone();
        let pure = matches!(
            kind,
            InstKind::Bin { .. }
                | InstKind::ICmp { .. }
                | InstKind::Cast { .. }
                | InstKind::Select { .. }
        );
        let r = if pure {
            let mut ok = true;
            for op in kind.operands_mut() {
                match self.value(op, depth + 1) {
                    Some(c) => *op = c,
                    None => ok = false,
                }
            }
            if ok {
                fold_inst(self.f, &kind, &inst.ty)
            } else {
                None
            }
        } else {
            None
        };
        self.memo.insert(*d, r.clone());
        r
    }
}

/// The value and block maps of each copy (copy 0 is the loop itself).
type CopyMaps = (Vec<HashMap<InstId, Value>>, Vec<HashMap<BlockId, BlockId>>);

/// Makes `count` copies of the loop (the original is copy 0). With
/// `wrong_phi` (the miscompile lab's `unroll-phi`), a full unroll's values
/// live after the loop come from the next-to-last copy.
pub(super) fn unroll(
    f: &mut Function,
    l: &Loop,
    c: &Control,
    count: usize,
    mode: Mode,
    wrong_phi: bool,
) -> CopyMaps {
    // The copy whose values leave the loop: the last (or, with the bug, the one before).
    let out_copy = |k: usize| {
        if wrong_phi && mode == Mode::Full && count >= 2 && k == count - 1 {
            k - 1
        } else {
            k
        }
    };
    let h = l.header;
    let pre = l
        .preheader_in(f, &f.predecessors_of(h))
        .expect("preheader ensured");
    let header_phis = phis(f, h);
    let init: HashMap<InstId, Value> = header_phis
        .iter()
        .map(|&p| (p, incoming_from(f, p, pre).expect("preheader entry")))
        .collect();
    let next: HashMap<InstId, Value> = header_phis
        .iter()
        .map(|&p| (p, incoming_from(f, p, c.latch).expect("latch entry")))
        .collect();
    // The loop's blocks in layout order, so each copy falls through as the original.
    let body: Vec<BlockId> = f
        .layout
        .iter()
        .copied()
        .filter(|b| l.contains(*b))
        .collect();
    let insts: Vec<InstId> = body
        .iter()
        .flat_map(|b| f.block(*b).insts.clone())
        .filter(|i| !header_phis.contains(i))
        .collect();
    let in_loop: Vec<bool> = {
        let mut v = vec![false; f.insts.len()];
        for &b in &l.blocks {
            for &i in &f.block(b).insts {
                v[i.0 as usize] = true;
            }
        }
        v
    };
    let inner_hints: Vec<LoopHint> = f
        .loop_hints
        .iter()
        .filter(|x| x.latch != c.latch && l.contains(x.latch))
        .cloned()
        .collect();

    // Copy 0 is the loop itself; when fully unrolled its header phis are their initial values.
    let mut vmaps: Vec<HashMap<InstId, Value>> = vec![HashMap::default()];
    let mut bmaps: Vec<HashMap<BlockId, BlockId>> = vec![body.iter().map(|&b| (b, b)).collect()];
    if mode == Mode::Full {
        vmaps[0] = init.clone();
    }
    let map = |vm: &HashMap<InstId, Value>, v: &Value| match v {
        Value::Inst(d) => vm.get(d).cloned().unwrap_or_else(|| v.clone()),
        v => v.clone(),
    };
    let mut after = *body.last().expect("loop blocks");
    for k in 1..count {
        let mut bm = HashMap::default();
        for &b in &body {
            let nb = f.add_block(&format!("{}.{k}", f.block(b).name));
            f.layout.retain(|x| *x != nb);
            let at = f
                .layout
                .iter()
                .position(|x| *x == after)
                .expect("in layout")
                + 1;
            f.layout.insert(at, nb);
            after = nb;
            bm.insert(b, nb);
        }
        let mut vm: HashMap<InstId, Value> = header_phis
            .iter()
            .map(|&p| (p, map(&vmaps[k - 1], &next[&p])))
            .collect();
        for &i in &insts {
            let src = f.inst(i).clone();
            let name = if src.name.is_empty() {
                String::new()
            } else {
                format!("{}.{k}", src.name)
            };
            let id = f.create_inst(&name, src.ty, InstKind::Unreachable, src.loc);
            vm.insert(i, Value::Inst(id));
        }
        for &b in &body {
            let nb = bm[&b];
            for &i in f.block(b).insts.clone().iter() {
                if header_phis.contains(&i) {
                    continue;
                }
                let mut kind = f.inst(i).kind.clone();
                for op in kind.operands_mut() {
                    *op = map(&vm, op);
                }
                match &mut kind {
                    // Entries from unreachable blocks (outside the loop) have no copy.
                    InstKind::Phi { incoming } => {
                        incoming.retain(|(_, from)| bm.contains_key(from));
                        for (_, from) in incoming.iter_mut() {
                            *from = bm[from];
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
                f.block_mut(nb).insts.push(id);
            }
        }
        for x in &inner_hints {
            f.loop_hints.push(LoopHint {
                latch: bm[&x.latch],
                unroll: x.unroll,
            });
        }
        vmaps.push(vm);
        bmaps.push(bm);
    }

    // Exits from inside the body are taken from every copy.
    let exits = l.exit_blocks(f);
    for &e in &exits {
        for phi in phis(f, e) {
            let InstKind::Phi { incoming } = f.inst(phi).kind.clone() else {
                continue;
            };
            let mut out = Vec::new();
            for (v, from) in incoming {
                if !l.contains(from) {
                    out.push((v, from));
                    continue;
                }
                for k in 0..count {
                    let latch_exits = match mode {
                        Mode::KeepTests => true,
                        Mode::Full | Mode::Multiple => k == count - 1,
                    };
                    if from != c.latch || e != c.exit || latch_exits {
                        out.push((map(&vmaps[out_copy(k)], &v), bmaps[k][&from]));
                    }
                }
            }
            f.inst_mut(phi).kind = InstKind::Phi { incoming: out };
        }
    }

    // The latches: each copy goes on to the next; the last one back or out.
    for k in 0..count {
        let latch = bmaps[k][&c.latch];
        let term = *f.block(latch).insts.last().expect("latch branch");
        let to_next = if k + 1 < count { bmaps[k + 1][&h] } else { h };
        let cond = map(&vmaps[k], &c.cond);
        let (back, out) = (to_next, c.exit);
        let kind = match mode {
            Mode::Full if k + 1 == count => InstKind::Br { dest: out },
            Mode::Full | Mode::Multiple if k + 1 < count => InstKind::Br { dest: back },
            _ => {
                let (t, e) = if c.back_if_true {
                    (back, out)
                } else {
                    (out, back)
                };
                InstKind::CondBr { cond, t, f: e }
            }
        };
        f.inst_mut(term).kind = kind;
    }

    // The header phis: the initial values (full), or the last copy's next values.
    let last = count - 1;
    if mode != Mode::Full {
        for &p in &header_phis {
            f.inst_mut(p).kind = InstKind::Phi {
                incoming: vec![
                    (init[&p].clone(), pre),
                    (map(&vmaps[last], &next[&p]), bmaps[last][&c.latch]),
                ],
            };
        }
    }
    f.loop_hints.retain(|x| x.latch != c.latch);
    if mode != Mode::Full {
        f.loop_hints.push(LoopHint {
            latch: bmaps[last][&c.latch],
            unroll: 1,
        });
    }

    // Other uses after the loop read the copy that ran last.
    let copies: Vec<BlockId> = bmaps.iter().flat_map(|m| m.values().copied()).collect();
    let mut outside_use = vec![false; f.insts.len()];
    for &b in &f.layout {
        if copies.contains(&b) {
            continue;
        }
        for &i in &f.block(b).insts {
            for op in f.inst(i).kind.operands() {
                if let Value::Inst(d) = op {
                    if (d.0 as usize) < in_loop.len() && in_loop[d.0 as usize] {
                        outside_use[d.0 as usize] = true;
                    }
                }
            }
        }
    }
    // Phis an earlier updater made hold values as it placed them: not uses
    // for a later one to rewrite.
    let mut made: HashSet<InstId> = HashSet::default();
    for &v in insts.iter().chain(header_phis.iter()) {
        if !outside_use[v.0 as usize] {
            continue;
        }
        let def_block = *body
            .iter()
            .find(|&&b| f.block(b).insts.contains(&v))
            .expect("defined in the loop");
        let ty = f.inst(v).ty.clone();
        let mut up = SsaUpdater::new(f, ty, &format!("{}.lcssa", f.inst(v).name));
        for k in 0..count {
            up.def_at_end(
                bmaps[k][&def_block],
                map(&vmaps[out_copy(k)], &Value::Inst(v)),
            );
        }
        // Phi entries from the copies were mapped above, each in its own copy.
        up.rewrite_uses(f, v, &|b, i, from| {
            copies.contains(&b) || from.is_some_and(|x| copies.contains(&x)) || made.contains(&i)
        });
        made.extend(up.created_phis());
    }
    // Fully unrolled, the first copy reads the initial values.
    if mode == Mode::Full {
        let replaced: HashMap<InstId, Value> =
            header_phis.iter().map(|&p| (p, init[&p].clone())).collect();
        f.replace_uses_by_map(&replaced);
        f.block_mut(h).insts.retain(|i| !replaced.contains_key(i));
        for &p in &header_phis {
            f.erase_inst(p);
        }
    }
    (vmaps, bmaps)
}
