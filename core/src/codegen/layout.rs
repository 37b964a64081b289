//! Block layout: keeps the source order but for blocks that end in
//! `unreachable`, which go last (as nvcc places them: nothing follows them,
//! and nothing is emitted for them), drops a branch to the block that
//! follows anyway, and turns `@p bra next; bra.uni other` into `@!p bra other`
//! — or, when `%p` is a comparison read by nothing but guards, most of them
//! negated, into `@p bra other` with the comparison inverted (`setp.lt.s32`
//! becomes `setp.ge.s32`, a float `setp.lt.f32` becomes `setp.geu.f32`:
//! true when unordered too), as
//! LLVM's instruction selection inverts a branch's condition (against a
//! constant in the strict form: `x < 128` inverted is `x > 127`).
//!
//! Returns share one `ret;` at the end, as nvcc's branch folding merges
//! them: an early `if (i >= n) return;` branches to the last block instead
//! of falling through to a `ret;` of its own in the middle.
//!
//! Each branch removed or inverted, and each return merged, is one rewrite
//! (`--rewrite-limit layout:N`, counted over the module's functions in
//! `rewrites`).

use crate::bugs::Bug;
use crate::collections::{HashMap, HashSet};
use crate::options::{Options, RewriteSite};
use crate::ptx::*;

/// What layout did to one function.
#[derive(Default)]
pub struct Done {
    /// Conditional branches inverted to fall through.
    pub inverted: usize,
    /// Return blocks merged into the shared last one.
    pub merged_returns: usize,
}

pub fn run(f: &mut MFunction, opts: &Options, rewrites: &mut usize) -> Done {
    let mut done = Done::default();
    // The entry block stays first whatever it ends in.
    let (mut order, mut last) = (Vec::new(), Vec::new());
    for (pos, &b) in f.order.iter().enumerate() {
        if pos > 0 && f.blocks[b].unreachable {
            last.push(b);
        } else {
            order.push(b);
        }
    }
    let limit = opts.rewrite_limit(RewriteSite::Layout);
    let bug = Bug::LayoutInvert.on(opts);
    let mut may_rewrite = || {
        *rewrites += 1;
        limit.is_none_or(|l| *rewrites <= l)
    };
    place_loop_exits(f, &mut order, &mut may_rewrite);
    done.merged_returns = merge_returns(f, &mut order, &mut may_rewrite);
    order.append(&mut last);
    f.order = order.clone();
    // Empty blocks that only jump on could be threaded; kept for now so
    // every IR block stays visible in the snapshots.
    for (pos, &b) in order.iter().enumerate() {
        let next = order.get(pos + 1).copied();
        let insts = &mut f.blocks[b].insts;
        let n = insts.len();
        if n >= 2
            && insts[n - 2].is_branch()
            && !insts[n - 2].is_uniform_branch()
            && insts[n - 1].is_uniform_branch()
        {
            let t = insts[n - 2].operands.first().cloned();
            let e = insts[n - 1].operands.first().cloned();
            if t == e {
                if may_rewrite() {
                    insts.remove(n - 2);
                }
            } else if t == next.map(Operand::Label) && may_rewrite() {
                // Branch to the other side on the negated condition, fall through.
                let last = insts.pop().expect("n >= 2");
                done.inverted += 1;
                // The lab's bug: the predicate is left as it was.
                if let Some(g) = insts[n - 2].guard.as_mut().filter(|_| !bug) {
                    g.1 = !g.1;
                }
                insts[n - 2].operands = last.operands;
            }
        }
        let insts = &mut f.blocks[b].insts;
        if let Some(last) = insts.last() {
            if last.is_uniform_branch()
                && last.guard.is_none()
                && last.operands.first() == next.map(Operand::Label).as_ref()
                && may_rewrite()
            {
                insts.pop();
            }
        }
    }
    invert_negated_guards(f);
    done
}

/// Where every read of a predicate is a guard and most of them are
/// negated (`@!%p bra`), inverts the comparison that writes it and every
/// guard instead, as nvcc does: its PTX has no `@!%p` where a comparison
/// can be inverted (two branches on one `base + t < n`, in two blocks, both
/// read `@%p` of one `setp.ge.s32`). A predicate that is the `and.pred` or
/// `or.pred` of two comparisons read by nothing else is inverted by De
/// Morgan's law: both comparisons inverted, `and` and `or` swapped
/// (`if (i >= 2 && i < n - 2)` branches around on `setp.lt; setp.ge;
/// or.pred`, as nvcc's does).
fn invert_negated_guards(f: &mut MFunction) {
    let (defs, uses) = pred_counts(f);
    let mut negated: HashMap<Reg, (usize, usize)> = HashMap::default();
    let mut at: HashMap<Reg, (usize, usize)> = HashMap::default();
    for (b, blk) in f.blocks.iter().enumerate() {
        for (k, i) in blk.insts.iter().enumerate() {
            if let Some((p, neg)) = i.guard {
                let (n, all) = negated.entry(p).or_insert((0, 0));
                *n += usize::from(neg);
                *all += 1;
            }
            if let Some(r) = i.defs().filter(|r| r.class == RegClass::Pred) {
                at.insert(r, (b, k));
            }
        }
    }
    let mut candidates: Vec<Reg> = negated
        .into_iter()
        .filter(|&(p, (n, all))| {
            2 * n > all && defs.get(&p) == Some(&1) && uses.get(&p) == Some(&all)
        })
        .map(|(p, _)| p)
        .collect();
    candidates.sort();
    let mut flipped = HashSet::default();
    for p in candidates {
        let mut edits = Vec::new();
        if inverted(f, p, &at, &defs, &uses, true, &mut edits) {
            for (b, k, i) in edits {
                f.blocks[b].insts[k] = i;
            }
            flipped.insert(p);
        }
    }
    for i in f.blocks.iter_mut().flat_map(|b| &mut b.insts) {
        if let Some((p, neg)) = i.guard.as_mut() {
            if flipped.contains(p) {
                *neg = !*neg;
            }
        }
    }
}

/// The instructions that compute the negation of `p` in its place (a
/// comparison inverted; at the top, an `and`/`or` of two such, swapped),
/// pushed to `edits` with their positions; false when there are none.
fn inverted(
    f: &MFunction,
    p: Reg,
    at: &HashMap<Reg, (usize, usize)>,
    defs: &HashMap<Reg, usize>,
    uses: &HashMap<Reg, usize>,
    top: bool,
    edits: &mut Vec<(usize, usize, Instr)>,
) -> bool {
    let Some(&(b, k)) = at.get(&p) else {
        return false;
    };
    let mut i = f.blocks[b].insts[k].clone();
    if invert_setp(&mut i) {
        edits.push((b, k, i));
        return true;
    }
    let swapped = match i.op {
        Op::And => Op::Or,
        Op::Or => Op::And,
        _ => return false,
    };
    if !top || i.guard.is_some() || i.modifiers != ".pred" || i.operands.len() != 3 {
        return false;
    }
    for q in [&i.operands[1], &i.operands[2]] {
        let Operand::Reg(q) = q else { return false };
        let lone = defs.get(q) == Some(&1) && uses.get(q) == Some(&1);
        if !lone || !inverted(f, *q, at, defs, uses, false, edits) {
            return false;
        }
    }
    i.op = swapped;
    edits.push((b, k, i));
    true
}

/// Whether a block is a bare `ret;`.
fn bare_return(b: &MBlock) -> bool {
    b.insts.len() == 1 && b.insts[0].op == Op::Ret && b.insts[0].guard.is_none()
}

/// Merges returns, as nvcc's tail merging: when a bare `ret;` block sits
/// before the end, it moves to the end of `order`, every other bare `ret;`
/// block's branches go to it (those blocks leave `order`), and the block
/// then before it, if it ended in `ret;`, falls through to it instead.
/// Returns the number of returns merged.
fn merge_returns(
    f: &mut MFunction,
    order: &mut Vec<usize>,
    may_rewrite: &mut dyn FnMut() -> bool,
) -> usize {
    let bare: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&b| b != order[0] && bare_return(&f.blocks[b]))
        .collect();
    let Some(&target) = bare.first() else {
        return 0;
    };
    let ends_in_ret = |b: &MBlock| {
        b.insts
            .last()
            .is_some_and(|i| i.op == Op::Ret && i.guard.is_none())
    };
    let others = order
        .iter()
        .filter(|&&b| b != target && ends_in_ret(&f.blocks[b]))
        .count();
    if others == 0 || order.last() == Some(&target) && bare.len() == 1 || !may_rewrite() {
        return 0;
    }
    let mut merged = 1;
    for &b in &bare[1..] {
        if !may_rewrite() {
            break;
        }
        for blk in &mut f.blocks {
            for i in &mut blk.insts {
                for op in &mut i.operands {
                    if *op == Operand::Label(b) {
                        *op = Operand::Label(target);
                    }
                }
            }
        }
        order.retain(|&x| x != b);
        merged += 1;
    }
    order.retain(|&x| x != target);
    if let Some(&prev) = order.last() {
        if ends_in_ret(&f.blocks[prev]) && f.blocks[prev].insts.len() > 1 {
            f.blocks[prev].insts.pop();
        }
    }
    order.push(target);
    merged
}

/// A loop's exit block that the source order put before the loop (the
/// `cond.true` of `n <= 1 ? 1 : n * f(n - 1)` once tail recursion is a loop)
/// moves to right after the loop's latch, as LLVM's block placement chains
/// a loop before what follows it: the latch then ends in its conditional
/// back branch and falls into the exit, where it would branch out and jump
/// back. Only when the exit goes on to the block already after the latch
/// (or returns), and the block before it ends in a branch, so no other
/// fall-through is lost. An exit that only falls (or jumps) into the next
/// block moves with it.
fn place_loop_exits(f: &MFunction, order: &mut Vec<usize>, may_rewrite: &mut dyn FnMut() -> bool) {
    // Each block's place in `order` (None: not placed), rebuilt after a move.
    let places = |order: &[usize]| {
        let mut at = vec![None; f.blocks.len()];
        for (k, &b) in order.iter().enumerate() {
            at[b] = Some(k);
        }
        at
    };
    let mut at = places(order);
    let pos = |at: &[Option<usize>], b: usize| at[b];
    let mut k = 0;
    while k < order.len() {
        let latch = order[k];
        let succ = super::out_of_ssa::successors(&f.blocks[latch]);
        let back = succ.iter().any(|&h| pos(&at, h).is_some_and(|ph| ph <= k));
        let exit = succ.iter().copied().find(|&e| {
            pos(&at, e).is_some_and(|pe| {
                pe > 0
                    && succ
                        .iter()
                        .all(|&h| h == e || pos(&at, h).is_some_and(|ph| pe < ph))
            })
        });
        if let (true, Some(e)) = (back, exit) {
            let pe = pos(&at, e).expect("placed");
            // The exit and the blocks it falls into on its way on (an empty
            // `.loopexit` block before the join it jumps to), short of the loop.
            let top = succ
                .iter()
                .filter(|&&h| h != e)
                .filter_map(|&h| pos(&at, h).filter(|&ph| ph <= k))
                .min()
                .unwrap_or(k);
            let mut end = pe;
            while end + 1 < top && falls_into(&f.blocks[order[end]], order[end + 1]) {
                end += 1;
            }
            let blk = &f.blocks[order[end]];
            let then = order.get(k + 1).copied();
            let goes_on = match blk.insts.last() {
                Some(i) if i.op == Op::Ret && i.guard.is_none() => true,
                Some(i) if i.is_uniform_branch() => then.is_some_and(|t| falls_into(blk, t)),
                _ => false,
            };
            let before_ends = f.blocks[order[pe - 1]]
                .insts
                .last()
                .is_some_and(|i| i.is_terminator() && i.guard.is_none());
            if goes_on && before_ends && may_rewrite() {
                let moved: Vec<usize> = order.drain(pe..=end).collect();
                // The latch moved up by as many blocks.
                let after = k + 1 - moved.len();
                order.splice(after..after, moved);
                at = places(order);
                k = after;
                continue;
            }
        }
        k += 1;
    }
}

/// Whether `blk` goes on only to `next`, the block after it: it ends in no
/// branch or return, or in an unconditional branch to `next`.
fn falls_into(blk: &MBlock, next: usize) -> bool {
    match blk.insts.last() {
        Some(i) if i.is_terminator() => {
            i.is_uniform_branch()
                && i.guard.is_none()
                && super::out_of_ssa::successors(blk) == [next]
        }
        _ => true,
    }
}

/// How many instructions write, and how many read, each predicate register
/// (a guard is a read).
fn pred_counts(f: &MFunction) -> (HashMap<Reg, usize>, HashMap<Reg, usize>) {
    let (mut defs, mut uses) = (HashMap::default(), HashMap::default());
    for i in f.blocks.iter().flat_map(|b| &b.insts) {
        let d = i.defs();
        if let Some(r) = d {
            if r.class == RegClass::Pred {
                *defs.entry(r).or_insert(0) += 1;
            }
        }
        if let Some((g, _)) = i.guard {
            *uses.entry(g).or_insert(0) += 1;
        }
        let skip = usize::from(d.is_some());
        for op in i.operands.iter().skip(skip) {
            for r in op.regs() {
                if r.class == RegClass::Pred {
                    *uses.entry(r).or_insert(0) += 1;
                }
            }
        }
    }
    (defs, uses)
}

/// Inverts `i` when it is an unguarded `setp.CMP.TYPE %p, a, b` (true when
/// it was).
fn invert_setp(i: &mut Instr) -> bool {
    if i.op != Op::Setp || i.guard.is_some() || i.operands.len() != 3 {
        return false;
    }
    let mut parts = i.modifiers.trim_start_matches('.').split('.');
    let (Some(cmp), Some(ty), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let Some(mut inv) = inverse(cmp, ty.starts_with('f')) else {
        return false;
    };
    // Against a constant, the strict form, as LLVM's selection writes
    // it: `x >= 128` is `setp.gt.s32 %p, %r, 127`.
    if !ty.starts_with('f') {
        // (Signed: `x > 0` inverted is `x < 1`, `x >= 0` is `x > -1`.)
        let bits: u32 = ty[1..].parse().unwrap_or(32).clamp(8, 64);
        let range = if ty.starts_with('s') {
            let max = i64::MAX >> (64 - bits);
            -max..=max - 1
        } else {
            1..=0x7fff_fffe
        };
        if let Operand::Imm(c) = &mut i.operands[2] {
            if range.contains(c) {
                match inv {
                    "ge" => (inv, *c) = ("gt", *c - 1),
                    "le" => (inv, *c) = ("lt", *c + 1),
                    _ => {}
                }
            }
        }
    }
    i.modifiers = format!(".{inv}.{ty}");
    true
}

/// The comparison true exactly when `cmp` is false (floats: unordered
/// operands included).
fn inverse(cmp: &str, float: bool) -> Option<&'static str> {
    Some(match (cmp, float) {
        ("eq", false) => "ne",
        ("ne", false) => "eq",
        ("lt", false) => "ge",
        ("ge", false) => "lt",
        ("le", false) => "gt",
        ("gt", false) => "le",
        ("lo", false) => "hs",
        ("hs", false) => "lo",
        ("ls", false) => "hi",
        ("hi", false) => "ls",
        ("eq", true) => "neu",
        ("neu", true) => "eq",
        ("ne", true) => "equ",
        ("equ", true) => "ne",
        ("lt", true) => "geu",
        ("geu", true) => "lt",
        ("le", true) => "gtu",
        ("gtu", true) => "le",
        ("gt", true) => "leu",
        ("leu", true) => "gt",
        ("ge", true) => "ltu",
        ("ltu", true) => "ge",
        ("num", true) => "nan",
        ("nan", true) => "num",
        _ => return None,
    })
}
