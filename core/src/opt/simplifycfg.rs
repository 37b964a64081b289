//! simplifycfg: folds branches on constants, deletes unreachable blocks,
//! merges a block into its predecessor when that is its only one and it is
//! the predecessor's only successor, branches on `c` instead of `!c` (the
//! targets swapped), and turns an if whose arms only compute a few values
//! for a phi (`c && d`, `c ? 1 : 2`) into selects (LLVM's
//! FoldTwoEntryPHINode: both arms' instructions run, the branch goes). A
//! switch on a constant becomes a jump, its cases that go to the default
//! go, and a switch left with one case becomes a compare and a conditional
//! branch. A block that holds only `br label %s` goes, its predecessors
//! branching to `s` directly (LLVM's TryToSimplifyUncondBranchFromEmptyBlock:
//! the empty `cond.false` of `c ? x : 0` leaves, and the 0 flows into the
//! phi straight from the branch), unless `s` heads a loop (its preheader
//! stays) or a predecessor reaches `s` already with another value. A
//! branch to two blocks that only return becomes one return (of a select;
//! of the other value where one path falls off the end, `ret undef`).

use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let before = super::remark::size(f);
        let mut did = false;
        for _ in 0..64 {
            // Rewrites: each branch folded, inverted or merged, each block
            // merged or bypassed; a sweep over switches or unreachable
            // blocks is one.
            let c = cx.counted(|| fold_constant_branches(f))
                | cx.counted(|| simplify_switches(f))
                | cx.counted(|| remove_unreachable(f))
                | invert_not_branches(f, cx)
                | fold_two_entry_phis(f, cx)
                | fold_branches_to_two_returns(f, cx)
                | merge_blocks(f, cx)
                | remove_forwarding_blocks(f, cx);
            if !c {
                break;
            }
            did = true;
        }
        if did {
            changed = true;
            cx.changed_function(f, before, "control flow simplified");
        }
    }
    changed
}

/// Removes `pred`'s entries from the phis of `block`.
fn drop_phi_entries(f: &mut Function, block: BlockId, pred: BlockId) {
    for i in f.block(block).insts.clone() {
        if let InstKind::Phi { incoming } = &mut f.inst_mut(i).kind {
            if let Some(pos) = incoming.iter().position(|(_, b)| *b == pred) {
                incoming.remove(pos);
            }
        }
    }
}

pub(super) fn fold_constant_branches(f: &mut Function) -> bool {
    let mut changed = false;
    for b in f.layout.clone() {
        let Some(&term) = f.block(b).insts.last() else {
            continue;
        };
        let (dest, other) = match &f.inst(term).kind {
            InstKind::CondBr {
                cond: Value::Int(_, c),
                t,
                f: e,
            } => (if *c != 0 { *t } else { *e }, if *c != 0 { *e } else { *t }),
            InstKind::CondBr { t, f: e, .. } if t == e => (*t, *t),
            _ => continue,
        };
        if dest != other {
            drop_phi_entries(f, other, b);
        } else {
            // Both edges went to one block: its phis had two entries from `b`.
            drop_phi_entries(f, dest, b);
        }
        f.inst_mut(term).kind = InstKind::Br { dest };
        changed = true;
    }
    changed
}

/// Folds what can be folded in the switches of `f` (see the module comment).
pub(super) fn simplify_switches(f: &mut Function) -> bool {
    let mut changed = false;
    for b in f.layout.clone() {
        changed |= simplify_switch(f, b);
    }
    changed
}

fn simplify_switch(f: &mut Function, b: BlockId) -> bool {
    let Some(&term) = f.block(b).insts.last() else {
        return false;
    };
    let InstKind::Switch {
        val,
        default,
        cases,
    } = f.inst(term).kind.clone()
    else {
        return false;
    };
    if matches!(val, Value::Int(..) | Value::Undef(_)) {
        let c = val.as_int().unwrap_or(0);
        let dest = switch_target(default, &cases, c);
        f.replace_terminator_with_br(b, dest);
        return true;
    }
    let mut changed = false;
    // A case whose block only jumps on (clang's block for a label that falls
    // through to the next) goes straight there, so cases that share code
    // share a destination (and adjacent ones become one range for isel).
    let cases: Vec<(i64, BlockId)> = cases
        .into_iter()
        .map(|(c, d)| match forwarding_target(f, d) {
            Some(s) if s != d && s != b => {
                changed = true;
                (c, s)
            }
            _ => (c, d),
        })
        .collect();
    let to_default = cases.iter().filter(|(_, d)| *d == default).count();
    let cases: Vec<(i64, BlockId)> = if to_default > 0 {
        f.drop_phi_entries(default, b, to_default);
        changed = true;
        cases.into_iter().filter(|(_, d)| *d != default).collect()
    } else {
        cases
    };
    let loc = f.inst(term).loc;
    match cases.as_slice() {
        [] => {
            f.inst_mut(term).kind = InstKind::Br { dest: default };
            return true;
        }
        [(c, dest)] => {
            // `switch %x, %d [ c, %a ]` is `br (icmp eq %x, c), %a, %d`.
            let ty = f.value_type(&val);
            let cmp = f.create_inst(
                "switch.cmp",
                Type::I1,
                InstKind::ICmp {
                    pred: ICmp::Eq,
                    lhs: val.clone(),
                    rhs: Value::Int(ty, *c),
                },
                loc,
            );
            let blk = f.block_mut(b);
            let at = blk.insts.len() - 1;
            blk.insts.insert(at, cmp);
            f.inst_mut(term).kind = InstKind::CondBr {
                cond: Value::Inst(cmp),
                t: *dest,
                f: default,
            };
            return true;
        }
        _ => {}
    }
    if changed {
        // Retargeted edges are still edges into blocks without phis: no entries to fix.
        f.inst_mut(term).kind = InstKind::Switch {
            val,
            default,
            cases,
        };
    }
    changed
}

/// Where a block that holds nothing but `br label %s` goes, when neither it
/// nor `s` has phis (so moving an edge from it to `s` needs no phi entries).
fn forwarding_target(f: &Function, d: BlockId) -> Option<BlockId> {
    let [only] = f.block(d).insts.as_slice() else {
        return None;
    };
    let InstKind::Br { dest } = f.inst(*only).kind else {
        return None;
    };
    let has_phi = f
        .block(dest)
        .insts
        .first()
        .is_some_and(|i| matches!(f.inst(*i).kind, InstKind::Phi { .. }));
    (!has_phi && !f.loop_hints.iter().any(|h| h.latch == d)).then_some(dest)
}

pub(super) fn remove_unreachable(f: &mut Function) -> bool {
    let rpo = f.reverse_postorder();
    let mut reachable = vec![false; f.blocks.len()];
    for b in &rpo {
        reachable[b.0 as usize] = true;
    }
    let dead: Vec<BlockId> = f
        .layout
        .iter()
        .copied()
        .filter(|b| !reachable[b.0 as usize])
        .collect();
    if dead.is_empty() {
        return false;
    }
    for &d in &dead {
        for s in f.successors(d) {
            if reachable[s.0 as usize] {
                drop_phi_entries(f, s, d);
            }
        }
    }
    // Values defined in dead blocks may still be named by other dead blocks only.
    f.remove_blocks(&dead);
    true
}

/// Merges every block that ends in `br S` with its `S` when it is `S`'s only
/// predecessor (chains in one sweep: the predecessor lists are kept up to
/// date as blocks go).
fn merge_blocks(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut preds = f.predecessors();
    let entry = f.entry();
    let mut removed = vec![false; preds.len()];
    let mut changed = false;
    // The single-entry phis that went, replaced in one walk at the end.
    let mut replaced = crate::collections::HashMap::default();
    for b in f.layout.clone() {
        if removed[b.0 as usize] {
            continue;
        }
        while let Some(s) = mergeable_successor(f, &preds, entry, b) {
            if !cx.may_rewrite() {
                break;
            }
            merge_into(f, b, s, &mut replaced);
            for succ in f.successors(b) {
                for p in preds[succ.0 as usize].iter_mut() {
                    if *p == s {
                        *p = b;
                    }
                }
            }
            removed[s.0 as usize] = true;
            changed = true;
        }
    }
    f.replace_uses_by_map(&replaced);
    changed
}

/// `b`'s successor when `b` ends in `br S` and is `S`'s only predecessor
/// (and `S` is neither `b`, the entry, nor a second loop latch with a hint).
fn mergeable_successor(
    f: &Function,
    preds: &[Vec<BlockId>],
    entry: BlockId,
    b: BlockId,
) -> Option<BlockId> {
    let &term = f.block(b).insts.last()?;
    let InstKind::Br { dest: s } = f.inst(term).kind else {
        return None;
    };
    if s == b || s == entry || preds[s.0 as usize].len() != 1 {
        return None;
    }
    // Keep a loop's latch (and its unroll hint) when both blocks carry one.
    let hint_b = f.loop_hints.iter().any(|h| h.latch == b);
    let hint_s = f.loop_hints.iter().any(|h| h.latch == s);
    (!(hint_b && hint_s)).then_some(s)
}

/// Moves `s`'s instructions (its phis resolved) to the end of `b` in place
/// of `b`'s `br s`, and removes `s`. The phis of `s` go into `replaced`
/// (with the value that replaces them), for the caller to rewrite their uses.
fn merge_into(
    f: &mut Function,
    b: BlockId,
    s: BlockId,
    replaced: &mut crate::collections::HashMap<InstId, Value>,
) {
    let term = *f.block(b).insts.last().expect("b ends in br s");
    // Phis of `s` have a single entry: they are that value.
    let s_insts = f.block(s).insts.clone();
    let mut moved = Vec::new();
    for i in s_insts {
        if let InstKind::Phi { incoming } = &f.inst(i).kind {
            let v = incoming
                .first()
                .map(|(v, _)| v.clone())
                .unwrap_or(Value::Undef(f.inst(i).ty.clone()));
            replaced.insert(i, v);
            f.erase_inst(i);
        } else {
            moved.push(i);
        }
    }
    f.block_mut(b).insts.pop();
    f.erase_inst(term);
    f.block_mut(b).insts.extend(moved);
    f.block_mut(s).insts.clear();
    // Successors of `s` now come from `b`.
    for succ in f.successors(b) {
        for i in f.block(succ).insts.clone() {
            if let InstKind::Phi { incoming } = &mut f.inst_mut(i).kind {
                for (_, from) in incoming.iter_mut() {
                    if *from == s {
                        *from = b;
                    }
                }
            }
        }
    }
    for h in &mut f.loop_hints {
        if h.latch == s {
            h.latch = b;
        }
    }
    f.remove_block(s);
}

/// Removes the blocks that only branch on (see the module comment), in
/// one sweep: the predecessor lists are kept up to date as blocks go, and
/// the dominator tree stays right for the blocks left (a path through a
/// removed block is a path around it).
fn remove_forwarding_blocks(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut preds = f.predecessors();
    let entry = f.entry();
    let mut changed = false;
    // Built on the first candidate that needs it: most calls find none.
    let mut dom: Option<DomTree> = None;
    for e in f.layout.clone() {
        let [only] = f.block(e).insts.as_slice() else {
            continue;
        };
        let InstKind::Br { dest: s } = f.inst(*only).kind else {
            continue;
        };
        let into_e = &preds[e.0 as usize];
        if e == entry || s == e || into_e.is_empty() || f.loop_hints.iter().any(|h| h.latch == e) {
            continue;
        }
        // A loop header keeps its preheader (and its latches); a block
        // reached only from `e` is merged into it instead (keeping `e`'s name).
        if preds[s.0 as usize].len() == 1 || {
            let dom = dom.get_or_insert_with(|| DomTree::new(f));
            preds[s.0 as usize].iter().any(|&q| dom.dominates(s, q))
        } {
            continue;
        }
        let phis: Vec<InstId> = f
            .block(s)
            .insts
            .iter()
            .copied()
            .filter(|&i| matches!(f.inst(i).kind, InstKind::Phi { .. }))
            .collect();
        let value_from = |f: &Function, phi: InstId, b: BlockId| match &f.inst(phi).kind {
            InstKind::Phi { incoming } => incoming
                .iter()
                .find(|(_, x)| *x == b)
                .map(|(v, _)| v.clone()),
            _ => None,
        };
        // A predecessor that already reaches `s` must bring the same values.
        let agree = into_e.iter().all(|&p| {
            !preds[s.0 as usize].contains(&p)
                || phis
                    .iter()
                    .all(|&phi| value_from(f, phi, p) == value_from(f, phi, e))
        });
        if !agree || !cx.may_rewrite() {
            continue;
        }
        for &phi in &phis {
            let v = value_from(f, phi, e).unwrap_or(Value::Undef(f.inst(phi).ty.clone()));
            if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                incoming.retain(|(_, b)| *b != e);
                for &p in into_e {
                    incoming.push((v.clone(), p));
                }
            }
        }
        for &p in into_e {
            let term = *f
                .block(p)
                .insts
                .last()
                .expect("a predecessor has a terminator");
            for slot in f.inst_mut(term).kind.successors_mut() {
                if *slot == e {
                    *slot = s;
                }
            }
        }
        let into_e = std::mem::take(&mut preds[e.0 as usize]);
        let into_s = &mut preds[s.0 as usize];
        into_s.retain(|&x| x != e);
        into_s.extend(into_e);
        f.remove_block(e);
        changed = true;
    }
    changed
}

/// `br (xor c, true), A, B` → `br c, B, A`.
fn invert_not_branches(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for b in f.layout.clone() {
        let Some(&term) = f.block(b).insts.last() else {
            continue;
        };
        let InstKind::CondBr {
            cond: Value::Inst(x),
            t,
            f: e,
        } = f.inst(term).kind.clone()
        else {
            continue;
        };
        let InstKind::Bin {
            op: BinOp::Xor,
            lhs,
            rhs,
            ..
        } = &f.inst(x).kind
        else {
            continue;
        };
        if f.inst(x).ty != Type::I1 || rhs.as_int() != Some(-1) || !cx.may_rewrite() {
            continue;
        }
        f.inst_mut(term).kind = InstKind::CondBr {
            cond: lhs.clone(),
            t: e,
            f: t,
        };
        changed = true;
    }
    changed
}

/// A block that returns a value right after at most [`SPECULATE_LIMIT`]
/// speculatable instructions, which may run in `pred` instead (so the block
/// has no other predecessor unless it holds only its `ret`): its value.
fn returning_arm(f: &Function, preds: &[Vec<BlockId>], b: BlockId, pred: BlockId) -> Option<Value> {
    let (&last, body) = f.block(b).insts.split_last()?;
    let InstKind::Ret { val: Some(v) } = &f.inst(last).kind else {
        return None;
    };
    let alone = preds[b.0 as usize].iter().all(|p| *p == pred);
    (body.is_empty()
        || (alone
            && body.len() <= SPECULATE_LIMIT
            && body.iter().all(|i| speculatable(&f.inst(*i).kind))))
    .then(|| v.clone())
}

/// Turns `br c, %a, %b` where `%a` and `%b` only return a value (after a
/// few cheap instructions, which move up) into one return of `select c, va,
/// vb` (LLVM's SimplifyCondBranchToTwoReturns after FoldTwoEntryPHINode
/// speculated the arms). An `undef` value (a path that falls off the end of
/// the function) takes the other value, so the branch goes without a
/// select, as nvcc's PTX shows: `if (x > 0) return 2 * x; if (x < -5)
/// return 3;` returns `x > 0 ? 2 * x : 3`. The returning blocks go when
/// nothing else reaches them.
fn fold_branches_to_two_returns(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut changed = false;
    let mut preds = f.predecessors();
    for b in f.layout.clone() {
        let Some(&term) = f.block(b).insts.last() else {
            continue;
        };
        let InstKind::CondBr { cond, t, f: e } = f.inst(term).kind.clone() else {
            continue;
        };
        if t == e || t == b || e == b || f.loop_hints.iter().any(|h| h.latch == b) {
            continue;
        }
        let (Some(tv), Some(fv)) = (
            returning_arm(f, &preds, t, b),
            returning_arm(f, &preds, e, b),
        ) else {
            continue;
        };
        if !cx.may_rewrite() {
            continue;
        }
        // The arms' instructions run in `b`, before its branch.
        f.block_mut(b).insts.pop();
        for arm in [t, e] {
            let insts = &f.block(arm).insts;
            let body = insts[..insts.len() - 1].to_vec();
            if !body.is_empty() {
                let ret = f.block(arm).insts[insts.len() - 1];
                f.block_mut(arm).insts = vec![ret];
                f.block_mut(b).insts.extend(body);
            }
            preds[arm.0 as usize].retain(|p| *p != b);
        }
        let val = match (&tv, &fv) {
            (Value::Undef(_), _) => fv,
            (_, Value::Undef(_)) => tv,
            _ if tv == fv => tv,
            _ => {
                let ty = f.value_type(&tv);
                let loc = f.inst(term).loc;
                let sel = f.create_inst(
                    "retval",
                    ty,
                    InstKind::Select {
                        cond: cond.clone(),
                        t: tv,
                        f: fv,
                    },
                    loc,
                );
                f.block_mut(b).insts.push(sel);
                Value::Inst(sel)
            }
        };
        f.inst_mut(term).kind = InstKind::Ret { val: Some(val) };
        f.block_mut(b).insts.push(term);
        changed = true;
    }
    changed
}

/// The most instructions (besides its branch) an arm may have to be run
/// unconditionally: a few cheap operations cost less than a branch.
const SPECULATE_LIMIT: usize = 3;

/// Whether running `k` when its arm was not taken is harmless and cheap:
/// no memory access, call or side effect, and no division (it may trap).
fn speculatable(k: &InstKind) -> bool {
    match k {
        InstKind::Bin { op, .. } => {
            !matches!(op, BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem)
        }
        InstKind::ICmp { .. }
        | InstKind::FCmp { .. }
        | InstKind::Select { .. }
        | InstKind::Cast { .. }
        | InstKind::FNeg(_)
        | InstKind::Gep { .. } => true,
        _ => false,
    }
}

/// Merges every `if (c) { a } else { b }` (a diamond) or `if (c) { a }` (a
/// triangle) whose arms are short and speculatable into the branching
/// block: the arms' instructions move there, the merge block's phis become
/// `select c, …` (keeping their names) and the branch goes. One sweep over
/// the blocks folds every if it finds (the predecessor lists kept up to
/// date as arms go), so a function of many ifs needs no round per if.
fn fold_two_entry_phis(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut preds = f.predecessors();
    let entry = f.entry();
    let mut removed = vec![false; preds.len()];
    let mut changed = false;
    for m in f.layout.clone() {
        if removed[m.0 as usize] {
            continue;
        }
        if let Some((d, arms)) = foldable_if(f, &preds, entry, m).filter(|_| cx.may_rewrite()) {
            fold_if(f, d, m, &arms, &preds[m.0 as usize]);
            for &arm in &arms {
                removed[arm.0 as usize] = true;
            }
            // `m` is entered from `d` where it was entered from the arms
            // (and, at a join of more paths, still from the others).
            let ps = &mut preds[m.0 as usize];
            ps.retain(|p| !arms.contains(p) && *p != d);
            ps.push(d);
            changed = true;
        }
    }
    changed
}

/// The branching block and the arms of the if that merges at `m`, when it
/// folds (see [`fold_two_entry_phis`]).
fn foldable_if(
    f: &Function,
    preds: &[Vec<BlockId>],
    entry: BlockId,
    m: BlockId,
) -> Option<(BlockId, Vec<BlockId>)> {
    // An arm: entered only from one block, ends in `br m`, speculatable body.
    let arm_of = |x: BlockId| -> Option<BlockId> {
        let p = &preds[x.0 as usize];
        if p.len() != 1 || x == entry || f.loop_hints.iter().any(|h| h.latch == x) {
            return None;
        }
        let insts = &f.block(x).insts;
        let (&last, body) = insts.split_last()?;
        if f.inst(last).kind != (InstKind::Br { dest: m }) || body.len() > SPECULATE_LIMIT {
            return None;
        }
        body.iter()
            .all(|i| speculatable(&f.inst(*i).kind))
            .then_some(p[0])
    };
    let ps = &preds[m.0 as usize];
    if m == entry || ps.len() < 2 || ps[0] == ps[1] {
        return None;
    }
    if ps.len() > 2 {
        // A join of more paths: a triangle of one instruction only (LLVM's
        // SpeculativelyExecuteBB), its two entries becoming one select.
        let phis = f
            .block(m)
            .insts
            .iter()
            .take_while(|i| matches!(f.inst(**i).kind, InstKind::Phi { .. }))
            .count();
        if phis > 2 {
            return None;
        }
        let (d, x) = ps.iter().find_map(|&x| {
            let d = arm_of(x).filter(|d| ps.contains(d) && *d != m)?;
            let one = f.block(x).insts.len() <= 2;
            let distinct = ps.iter().filter(|p| **p == d || **p == x).count() == 2;
            (one && distinct).then_some((d, x))
        })?;
        if f.loop_hints.iter().any(|h| h.latch == d) {
            return None;
        }
        let &term = f.block(d).insts.last()?;
        let InstKind::CondBr { t, f: e, .. } = f.inst(term).kind else {
            return None;
        };
        return ((t == x && e == m) || (t == m && e == x)).then_some((d, vec![x]));
    }
    let (a, b) = (ps[0], ps[1]);
    let (d, arms) = match (arm_of(a), arm_of(b)) {
        (Some(da), Some(db)) if da == db => (da, vec![a, b]),
        (Some(da), _) if da == b => (b, vec![a]),
        (_, Some(db)) if db == a => (a, vec![b]),
        _ => return None,
    };
    if d == m || f.loop_hints.iter().any(|h| h.latch == d) {
        return None;
    }
    let &term = f.block(d).insts.last()?;
    let InstKind::CondBr { t, f: e, .. } = f.inst(term).kind else {
        return None;
    };
    // The blocks the phis' values come from on the true and false edges.
    let from = |x: BlockId| if x == m { d } else { x };
    let (tp, fp) = (from(t), from(e));
    (tp != fp && ps.contains(&tp) && ps.contains(&fp)).then_some((d, arms))
}

/// Folds the if from `d` through `arms` to `m` (whose predecessors are
/// `ps`), as [`foldable_if`] found it.
fn fold_if(f: &mut Function, d: BlockId, m: BlockId, arms: &[BlockId], ps: &[BlockId]) {
    let term = *f.block(d).insts.last().expect("d ends in a branch");
    let InstKind::CondBr { cond, t, f: e } = f.inst(term).kind.clone() else {
        unreachable!("foldable_if checked the branch");
    };
    let from = |x: BlockId| if x == m { d } else { x };
    let (tp, fp) = (from(t), from(e));
    debug_assert!(ps.contains(&tp) && ps.contains(&fp));
    // The arms' instructions run in `d`, before its branch (now `br m`).
    f.block_mut(d).insts.pop();
    for &arm in arms {
        let mut insts = std::mem::take(&mut f.block_mut(arm).insts);
        if let Some(br) = insts.pop() {
            f.erase_inst(br);
        }
        f.block_mut(d).insts.extend(insts);
        f.remove_block(arm);
    }
    f.inst_mut(term).kind = InstKind::Br { dest: m };
    f.block_mut(d).insts.push(term);
    for i in f.block(m).insts.clone() {
        let InstKind::Phi { incoming } = &f.inst(i).kind else {
            break;
        };
        let val = |p: BlockId| {
            incoming
                .iter()
                .find(|(_, b)| *b == p)
                .map(|(v, _)| v.clone())
                .unwrap_or(Value::Undef(f.inst(i).ty.clone()))
        };
        let (tv, fv) = (val(tp), val(fp));
        let same = tv == fv;
        let select = InstKind::Select {
            cond: cond.clone(),
            t: tv.clone(),
            f: fv,
        };
        if ps.len() == 2 {
            f.inst_mut(i).kind = select;
            continue;
        }
        // Other paths join at `m` too: the phi keeps their entries, and
        // the if's two become one, from `d`.
        let v = if same {
            tv
        } else {
            let name = format!("spec.select.{}", f.inst(i).name);
            let ty = f.inst(i).ty.clone();
            super::loops::emit(f, d, &name, ty, select)
        };
        let InstKind::Phi { incoming } = &mut f.inst_mut(i).kind else {
            unreachable!("a phi");
        };
        incoming.retain(|(_, b)| *b != tp && *b != fp);
        incoming.push((v, d));
    }
}
