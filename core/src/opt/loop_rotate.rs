//! loop-rotate: a loop tested at the top (`for`, `while`) becomes a guarded
//! loop tested at the bottom (`do … while`), as LLVM's LoopRotate does.
//!
//! ```text
//! preheader: br header                  preheader: %c.pre = <header code on the initial values>
//! header:    %i = phi [init, preheader],           br %c.pre, body.lr.ph, exit      (the guard)
//!                     [%i.next, latch]   →   body.lr.ph: br body
//!            %c = <test on %i>              body:  %i = phi [init, body.lr.ph], [%i.next, latch]
//!            br %c, body, exit                     ...
//! body:      ...                            latch: ... %c = <test on %i.next>
//! latch:     ... br header                         br %c, body, exit                (the back branch)
//! ```
//!
//! The header's computation is copied into the preheader (as the guard,
//! with the phis' initial values; copies get a `.pre` suffix and fold when
//! constant, so `for (i = 0; i < 8; …)` needs no guard) and moved to the
//! end of the latch (with the phis' next values). The header's phis move to
//! the new header, the old body entry. So the loop branches once per
//! iteration, conditionally, at the bottom: the shape nvcc's PTX has.
//!
//! Values of the old header used after the loop get phis in the exit
//! (`%x.lcssa`: the guard's value or the loop's); header values other than
//! phis used in the body get one in the new header (`%x.rot`).
//!
//! A loop with several latches (a `continue` in a `while` loop jumps to the
//! header) first gets a single one, `<header>.backedge`, as LLVM's
//! loop-simplify makes it.
//!
//! Left alone: loops already tested at the bottom (the latch exits),
//! a header whose test is not a two-way branch with one
//! side leaving the loop, a body entry with other predecessors, a header
//! with side effects (stores, calls, barriers) or more than
//! [`MAX_HEADER`] instructions, and a phi that carries a value computed in
//! the header itself.

use super::loops::*;
use crate::collections::{HashMap, HashSet};
use crate::ir::*;

/// Header instructions (besides phis and the branch) that may be copied;
/// LLVM's `rotation-max-header-size` default.
pub const MAX_HEADER: usize = 16;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_defined(m, run_function)
}

pub fn run_function(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut changed = false;
    // Headers already tried (the old one and, after a rotation, the new one).
    let mut tried: Vec<BlockId> = Vec::new();
    // Bounded: each round merges latches or tries a header (at most twice per loop).
    // The loop forest is rebuilt only when the next loop to try shares a
    // block with a loop changed since the last build (its parent does, a
    // loop beside it does not: a rotation adds blocks to the parent only,
    // and leaves every other loop's blocks, header and latches as they were).
    let mut forest: Option<LoopInfo> = None;
    let mut touched: HashSet<BlockId> = HashSet::default();
    // The predecessors, and which blocks the entry reaches, computed once
    // and kept up to date: a rotation changes a few blocks' edges, neither
    // makes a block unreachable nor reaches an unreachable one, and the
    // blocks it adds are reached.
    let mut cfg = SsaCfg {
        preds: f.predecessors(),
        reachable: vec![false; f.blocks.len()],
    };
    for b in f.reverse_postorder() {
        cfg.reachable[b.0 as usize] = true;
    }
    for _ in 0..=2 * f.blocks.len() {
        let mut next = None;
        for fresh in [false, true] {
            if fresh || forest.is_none() {
                forest = Some(LoopInfo::new(f, &DomTree::new(f)));
                touched.clear();
            }
            let li = forest.as_ref().expect("built above");
            next = li
                .innermost_first()
                .into_iter()
                .map(|i| &li.loops[i])
                .find(|l| !tried.contains(&l.header))
                .cloned();
            if next
                .as_ref()
                .is_none_or(|l| !l.blocks.iter().any(|b| touched.contains(b)))
            {
                break;
            }
        }
        let Some(l) = next else {
            break;
        };
        // Several latches (a `continue` to the header) become one first,
        // when the loop is otherwise one to rotate.
        if l.latches.len() > 1
            && shape(f, &l, false, &cfg.preds).is_some()
            && ensure_single_latch(f, &l).is_some()
        {
            changed = true;
            cfg.preds = f.predecessors();
            cfg.reachable.resize(f.blocks.len(), true);
            touched.extend(l.blocks.iter().copied());
            let line = super::remark::loop_line(f, &l);
            cx.applied(
                line,
                format_args!(
                    "{}: its latches merged into one",
                    super::remark::loop_name(f, line)
                ),
            );
            continue;
        }
        tried.push(l.header);
        let line = super::remark::loop_line(f, &l);
        let (did, new_header) = rotate(f, &l, &mut cfg);
        if did {
            cx.applied(
                line,
                format_args!(
                    "{} rotated: tested at the bottom, guarded before",
                    super::remark::loop_name(f, line)
                ),
            );
        }
        if did {
            touched.extend(l.blocks.iter().copied());
        }
        changed |= did;
        tried.extend(new_header);
    }
    changed
}

/// What rotation needs to know, checked before anything changes.
struct Shape {
    latch: BlockId,
    body: BlockId,
    exit: BlockId,
    /// The header's instructions between its phis and its branch.
    code: Vec<InstId>,
}

/// The loop's shape when it can be rotated; unless `single_latch`, the checks
/// that do not depend on having a single latch (the latch is then the first).
fn shape(f: &Function, l: &Loop, single_latch: bool, preds: &[Vec<BlockId>]) -> Option<Shape> {
    let h = l.header;
    let latch = if single_latch {
        l.latch()?
    } else {
        *l.latches.first()?
    };
    if l.latches
        .iter()
        .any(|&x| x == h || !matches!(f.terminator(x).map(|t| &t.kind), Some(InstKind::Br { .. })))
    {
        return None;
    }
    let InstKind::CondBr { t, f: e, .. } = f.terminator(h)?.kind else {
        return None;
    };
    let (body, exit) = match (l.contains(t), l.contains(e)) {
        (true, false) => (t, e),
        (false, true) => (e, t),
        _ => return None,
    };
    if body == h || distinct(preds[body.0 as usize].iter().copied()) != [h] {
        return None;
    }
    let insts = &f.block(h).insts;
    let code: Vec<InstId> = insts[..insts.len() - 1]
        .iter()
        .copied()
        .filter(|&i| !matches!(f.inst(i).kind, InstKind::Phi { .. }))
        .collect();
    if code.len() > MAX_HEADER
        || code.iter().any(|&i| {
            let k = &f.inst(i).kind;
            k.has_side_effects() || matches!(k, InstKind::Alloca { .. })
        })
    {
        return None;
    }
    // A phi's next value must be known at the end of the latch, before the header code.
    for phi in phis(f, h) {
        for &x in &l.latches {
            if let Some(Value::Inst(d)) = incoming_from(f, phi, x) {
                if code.contains(&d) {
                    return None;
                }
            }
        }
    }
    Some(Shape {
        latch,
        body,
        exit,
        code,
    })
}

/// Rotates one loop: (whether the function changed, the new header).
/// `cfg` is the function's CFG, before and after.
fn rotate(f: &mut Function, l: &Loop, cfg: &mut SsaCfg) -> (bool, Option<BlockId>) {
    let Some(Shape {
        latch,
        body,
        exit,
        code,
    }) = shape(f, l, true, &cfg.preds)
    else {
        return (false, None);
    };
    let h = l.header;
    let header_preds = cfg.preds[h.0 as usize].clone();
    let mut edges: Vec<(BlockId, Vec<BlockId>)> = distinct(header_preds.iter().copied())
        .into_iter()
        .map(|p| (p, f.successors(p)))
        .collect();
    let blocks_before = f.blocks.len();
    let Some(pre) = ensure_preheader_in(f, l, &header_preds) else {
        return (false, None);
    };
    if f.blocks.len() > blocks_before {
        edges.push((pre, Vec::new()));
        cfg.update(f, &edges);
    }
    let mut edges = vec![(pre, f.successors(pre))];
    let header_phis = phis(f, h);
    let init: HashMap<InstId, Value> = header_phis
        .iter()
        .map(|&p| (p, incoming_from(f, p, pre).expect("preheader entry")))
        .collect();
    let next: HashMap<InstId, Value> = header_phis
        .iter()
        .map(|&p| (p, incoming_from(f, p, latch).expect("latch entry")))
        .collect();

    // The header's code, on the initial values, at the end of the preheader.
    let mut at_pre: HashMap<InstId, Value> = init.clone();
    let map_pre = |at_pre: &HashMap<InstId, Value>, v: &Value| match v {
        Value::Inst(d) => at_pre.get(d).cloned().unwrap_or_else(|| v.clone()),
        v => v.clone(),
    };
    let old_br = f.block_mut(pre).insts.pop().expect("preheader branch");
    f.erase_inst(old_br);
    for &i in &code {
        let mut kind = f.inst(i).kind.clone();
        for op in kind.operands_mut() {
            *op = map_pre(&at_pre, op);
        }
        let ty = f.inst(i).ty.clone();
        if let Some(c) = fold_inst(f, &kind, &ty) {
            at_pre.insert(i, c);
            continue;
        }
        let name = format!("{}.pre", f.inst(i).name);
        let loc = f.inst(i).loc;
        let c = f.create_inst(&name, ty, kind, loc);
        f.block_mut(pre).insts.push(c);
        at_pre.insert(i, Value::Inst(c));
    }

    // The guard: the header's branch on those values.
    let term = *f.block(h).insts.last().expect("terminator");
    let term_loc = f.inst(term).loc;
    let InstKind::CondBr { cond, t, .. } = f.inst(term).kind.clone() else {
        unreachable!("checked by shape")
    };
    let guard = map_pre(&at_pre, &cond);
    let enters = if guard.as_int().is_some_and(|c| c != 0) {
        let br = f.create_inst("", Type::Void, InstKind::Br { dest: body }, term_loc);
        f.block_mut(pre).insts.push(br);
        pre
    } else {
        let lr_ph = f.add_block(&format!("{}.lr.ph", f.block(body).name));
        place_before(f, lr_ph, body);
        let br = f.create_inst("", Type::Void, InstKind::Br { dest: body }, term_loc);
        f.block_mut(lr_ph).insts.push(br);
        edges.push((lr_ph, Vec::new()));
        let (tt, ff) = if t == body {
            (lr_ph, exit)
        } else {
            (exit, lr_ph)
        };
        let cbr = f.create_inst(
            "",
            Type::Void,
            InstKind::CondBr {
                cond: guard,
                t: tt,
                f: ff,
            },
            term_loc,
        );
        f.block_mut(pre).insts.push(cbr);
        // The exit is now also entered from the guard.
        for phi in phis(f, exit) {
            let v = incoming_from(f, phi, h).expect("exit entry from the header");
            let v = map_pre(&at_pre, &v);
            if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                incoming.push((v, pre));
            }
        }
        lr_ph
    };

    // The header's phis move to the body entry, which is the new header.
    for phi in phis(f, body) {
        let v = incoming_from(f, phi, h).expect("entry from the header");
        let v = map_pre(&at_pre, &v);
        if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
            incoming.push((v, enters));
        }
    }
    f.block_mut(h).insts.retain(|i| !header_phis.contains(i));
    for (k, &phi) in header_phis.iter().enumerate() {
        f.inst_mut(phi).kind = InstKind::Phi {
            incoming: vec![(init[&phi].clone(), enters), (next[&phi].clone(), h)],
        };
        f.block_mut(body).insts.insert(k, phi);
    }
    // The header code now runs at the end of an iteration, on the next values.
    for i in f.block(h).insts.clone() {
        for op in f.inst_mut(i).kind.operands_mut() {
            if let Value::Inst(d) = op {
                if let Some(v) = next.get(d) {
                    *op = v.clone();
                }
            }
        }
    }

    // Uses elsewhere read the value that reaches them.
    let in_loop_use = |f: &Function, v: InstId| {
        l.blocks.iter().filter(|&&b| b != h).any(|&b| {
            f.block(b).insts.iter().any(|&i| match &f.inst(i).kind {
                InstKind::Phi { incoming } => incoming
                    .iter()
                    .any(|(x, from)| *x == Value::Inst(v) && *from != h),
                k => k.operands().contains(&&Value::Inst(v)),
            })
        })
    };
    // Every value's uses are found before any is rewritten: an operand one
    // updater puts there (the exit reads q's next value, which is the phi
    // p) is a value as it places it, not a use of p for p's updater to
    // rewrite again (`y = x; x = f(x)`: after the loop, y is the last x).
    let values: Vec<InstId> = header_phis.iter().chain(code.iter()).copied().collect();
    let mut sites = use_sites_of(f, &values, &|b, i, _| b == h || header_phis.contains(&i));
    // The CFG stays as it is while the values are rewritten (only phis go in).
    cfg.update(f, &edges);
    let shared = std::rc::Rc::new(std::mem::take(cfg));
    for (&v, sites) in values.iter().zip(sites.iter_mut()) {
        let ty = f.inst(v).ty.clone();
        let name = f.inst(v).name.clone();
        let mut up = SsaUpdater::with_cfg(shared.clone(), ty.clone(), &format!("{name}.lcssa"));
        up.def_at_end(pre, map_pre(&at_pre, &Value::Inst(v)));
        if header_phis.contains(&v) {
            up.def_at_end(h, next[&v].clone());
            up.def_at_start(body, Value::Inst(v));
        } else {
            up.def_at_end(h, Value::Inst(v));
            if in_loop_use(f, v) {
                let phi = f.create_inst(
                    &format!("{name}.rot"),
                    ty,
                    InstKind::Phi {
                        incoming: vec![
                            (map_pre(&at_pre, &Value::Inst(v)), enters),
                            (Value::Inst(v), h),
                        ],
                    },
                    f.inst(v).loc,
                );
                let at = phis(f, body).len();
                f.block_mut(body).insts.insert(at, phi);
                up.def_at_start(body, Value::Inst(phi));
            }
        }
        up.rewrite_sites(f, v, std::mem::take(sites));
    }

    *cfg = std::rc::Rc::try_unwrap(shared)
        .ok()
        .expect("the updaters are gone");

    // The old header has one predecessor now, the latch: merge it there.
    let edges = [(latch, f.successors(latch)), (h, f.successors(h))];
    let br = f.block_mut(latch).insts.pop().expect("latch branch");
    f.erase_inst(br);
    let moved = std::mem::take(&mut f.block_mut(h).insts);
    f.block_mut(latch).insts.extend(moved);
    for s in distinct(f.successors(latch)) {
        rename_incoming(f, s, h, latch);
    }
    f.remove_block(h);
    cfg.update(f, &edges);
    (true, Some(body))
}
