//! jump-threading: LLVM's JumpThreading (cicc runs the stock pass, digest
//! part 2 §AC). A block `B` ending in a conditional branch whose condition is
//! decided on one incoming edge (`%v = phi [ 42, %p ], …; %c = icmp eq %v,
//! 42; br %c, …`: from `%p` it always goes one way) gets a copy `B.thread`
//! for that edge: `%p` branches to the copy, which computes what `B` computes
//! with the phis replaced by `%p`'s values (folded where they make constants)
//! and jumps straight to the known successor. The test runs only on the
//! paths where it is not known.
//!
//! cicc's limits: at most 6 instructions copied per block
//! (`jump-threading-threshold`), 512 per function and run (its budget), loop
//! headers never threaded (PTX needs reducible control flow). Blocks with
//! calls, asm or side effects stay (a copy would change a barrier's or a
//! warp operation's convergence). Values of `B` used after it get phis where
//! `B` and its copy meet (SSA repair); a `B` left without predecessors goes.

use super::loops::{self, LoopInfo, SsaCfg, SsaUpdater};
use crate::collections::HashMap;
use crate::ir::*;

/// The most instructions (besides phis and the branch) a threaded block may
/// hold (cicc's `jump-threading-threshold`).
const THRESHOLD: usize = 6;
/// The most instructions copied per function and run (cicc's budget).
const BUDGET: usize = 512;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let mut budget = BUDGET;
        let mut threaded = 0;
        // Rounds: a threaded edge can decide another block's branch; each
        // round is one walk over the blocks.
        for _ in 0..4 {
            let n = run_round(f, cx, &mut budget);
            threaded += n;
            if n == 0 {
                break;
            }
        }
        if threaded > 0 {
            changed = true;
            let s = if threaded == 1 { "" } else { "s" };
            cx.applied(
                0,
                format_args!(
                    "`{}`: {threaded} edge{s} threaded past a branch they decide",
                    f.name
                ),
            );
        }
    }
    changed
}

fn run_round(f: &mut Function, cx: &super::PassContext, budget: &mut usize) -> usize {
    let dom = DomTree::new(f);
    let li = LoopInfo::new(f, &dom);
    let mut header = vec![false; f.blocks.len()];
    for l in &li.loops {
        header[l.header.0 as usize] = true;
    }
    let entry = f.entry();
    let mut threaded = 0;
    for b in f.layout.clone() {
        if b == entry || header[b.0 as usize] || !f.layout.contains(&b) {
            continue;
        }
        let Some(size) = threadable(f, b) else {
            continue;
        };
        // One edge per block and round (the block's predecessors change).
        let preds = f.predecessors_of(b);
        for &p in &loops::distinct(preds.iter().copied()) {
            if p == b || preds.iter().filter(|x| **x == p).count() != 1 {
                continue;
            }
            let Some(to) = decided(f, b, p) else {
                continue;
            };
            if to == b || size > *budget || !cx.may_rewrite() {
                continue;
            }
            *budget -= size;
            thread(f, b, p, to);
            threaded += 1;
            break;
        }
    }
    threaded
}

/// The number of instructions a copy of `b` takes, when `b` may be
/// threaded: it ends in a conditional branch and holds at most
/// [`THRESHOLD`] instructions besides phis, none with an effect or a call.
fn threadable(f: &Function, b: BlockId) -> Option<usize> {
    let term = f.terminator(b)?;
    let InstKind::CondBr { t, f: e, .. } = &term.kind else {
        return None;
    };
    if t == e {
        return None;
    }
    let mut size = 0;
    for &i in &f.block(b).insts {
        let k = &f.inst(i).kind;
        match k {
            InstKind::Phi { .. } | InstKind::CondBr { .. } => {}
            InstKind::Call { .. }
            | InstKind::CallIndirect { .. }
            | InstKind::Asm(_)
            | InstKind::Alloca { .. } => return None,
            _ if k.has_side_effects() => return None,
            _ => size += 1,
        }
    }
    (size <= THRESHOLD).then_some(size)
}

/// Where `b`'s branch goes when entered from `p`, when that is decided:
/// the condition evaluated with `b`'s phis as `p` gives them.
fn decided(f: &Function, b: BlockId, p: BlockId) -> Option<BlockId> {
    let InstKind::CondBr { cond, t, f: e } = &f.terminator(b)?.kind else {
        return None;
    };
    let mut known: HashMap<InstId, Value> = HashMap::default();
    for &i in &f.block(b).insts {
        let inst = f.inst(i);
        let v = match &inst.kind {
            InstKind::Phi { .. } => loops::incoming_from(f, i, p),
            k if k.is_terminator() => None,
            k => {
                let mut k = k.clone();
                let mut all = true;
                for op in k.operands_mut() {
                    if let Value::Inst(d) = op {
                        match known.get(d) {
                            Some(v) => *op = v.clone(),
                            None => all = false,
                        }
                    }
                }
                if all || matches!(k, InstKind::Select { .. }) {
                    loops::fold_inst(f, &k, &inst.ty)
                } else {
                    None
                }
            }
        };
        if let Some(v) = v.filter(Value::is_const) {
            known.insert(i, v);
        }
    }
    let c = match cond {
        Value::Inst(i) => known.get(i)?.as_int()?,
        v => v.as_int()?,
    };
    Some(if c != 0 { *t } else { *e })
}

/// Threads the edge `p → b` to `to`: a copy of `b` for that edge.
fn thread(f: &mut Function, b: BlockId, p: BlockId, to: BlockId) {
    let name = format!("{}.thread", f.block(b).name);
    let copy = f.add_block(&name);
    f.layout.pop();
    let at = f.layout.iter().position(|x| *x == b).expect("b is placed");
    f.layout.insert(at + 1, copy);
    let mut map: HashMap<InstId, Value> = HashMap::default();
    let body = f.block(b).insts.clone();
    for &i in &body {
        let inst = f.inst(i).clone();
        match &inst.kind {
            InstKind::Phi { .. } => {
                let v = loops::incoming_from(f, i, p).expect("p enters b");
                map.insert(i, v);
            }
            k if k.is_terminator() => {}
            k => {
                let mut k = k.clone();
                for op in k.operands_mut() {
                    if let Value::Inst(d) = op {
                        if let Some(v) = map.get(d) {
                            *op = v.clone();
                        }
                    }
                }
                // What the copy knows folds (`icmp eq i32 42, 42`).
                if let Some(v) = loops::fold_inst(f, &k, &inst.ty).filter(Value::is_const) {
                    map.insert(i, v);
                    continue;
                }
                let base = inst.name.clone();
                let c = f.create_inst(&base, inst.ty.clone(), k, inst.loc);
                f.block_mut(copy).insts.push(c);
                map.insert(i, Value::Inst(c));
            }
        }
    }
    let loc = f.terminator(b).and_then(|t| t.loc);
    let br = f.create_inst("", Type::Void, InstKind::Br { dest: to }, loc);
    f.block_mut(copy).insts.push(br);
    loops::redirect_edge(f, p, b, copy);
    f.drop_phi_entries(b, p, 1);
    let mapped = |map: &HashMap<InstId, Value>, v: &Value| match v {
        Value::Inst(d) => map.get(d).cloned().unwrap_or_else(|| v.clone()),
        _ => v.clone(),
    };
    for phi in loops::phis(f, to) {
        let v = loops::incoming_from(f, phi, b).expect("b enters to");
        let v = mapped(&map, &v);
        if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
            incoming.push((v, copy));
        }
    }
    // `b`'s values used past it: defined in `b` and in its copy now.
    let values: Vec<InstId> = body
        .iter()
        .copied()
        .filter(|&i| f.inst(i).ty != Type::Void)
        .collect();
    let skip = |blk: BlockId, _: InstId, from: Option<BlockId>| {
        (blk == b || blk == copy) && from.is_none() || from == Some(copy)
    };
    let sites = loops::use_sites_of(f, &values, &skip);
    if sites.iter().any(|s| !s.is_empty()) {
        let cfg = SsaCfg::new(f);
        for (&v, sites) in values.iter().zip(sites) {
            if sites.is_empty() {
                continue;
            }
            let name = f.inst(v).name.clone();
            let mut up = SsaUpdater::with_cfg(cfg.clone(), f.inst(v).ty.clone(), &name);
            up.def_at_end(b, Value::Inst(v));
            up.def_at_end(copy, mapped(&map, &Value::Inst(v)));
            up.rewrite_sites(f, v, sites);
        }
    }
    if f.predecessors_of(b).is_empty() {
        for s in f.successors(b) {
            f.drop_phi_entries(s, b, 1);
        }
        // What still uses `b`'s values is unreachable now too (a block only
        // `b` entered): it reads undef until simplifycfg removes it.
        let dead: HashMap<InstId, Value> = values
            .iter()
            .map(|&v| (v, Value::Undef(f.inst(v).ty.clone())))
            .collect();
        f.remove_block(b);
        f.replace_uses_by_map(&dead);
    }
}
