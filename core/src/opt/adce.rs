//! adce: aggressive dead code elimination. Everything is assumed dead until
//! shown live: instructions with side effects are live, so are the values
//! they use, and so is each branch that decides whether a live instruction
//! runs (control dependence, from the post-dominator tree). A branch nothing
//! live depends on becomes a jump to the nearest live post-dominator, so an
//! `if` whose results nobody uses disappears entirely — which dce, keeping
//! every branch, cannot do. Loops stay (they may not end), as in LLVM's
//! default; what they compute for nobody goes.

use crate::collections::HashSet;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "dead code deleted", run_function)
}

/// Immediate post-dominators, with `None` standing for the virtual exit
/// (every `ret`/`unreachable` block flows to it). Cooper-Harvey-Kennedy on
/// the reverse graph. Blocks that cannot reach an exit (endless loops) get
/// no post-dominator and are kept whole.
struct PostDom {
    ipdom: Vec<Option<Option<BlockId>>>,
}

impl PostDom {
    fn new(f: &Function) -> PostDom {
        let n = f.blocks.len();
        let preds = f.predecessors();
        // Reverse post-order of the reverse graph from the virtual exit.
        let exits: Vec<BlockId> = f
            .layout
            .iter()
            .copied()
            .filter(|b| f.successors(*b).is_empty())
            .collect();
        let mut seen = vec![false; n];
        let mut post: Vec<BlockId> = Vec::new();
        for &e in &exits {
            if seen[e.0 as usize] {
                continue;
            }
            seen[e.0 as usize] = true;
            let mut stack = vec![(e, 0usize)];
            while let Some((b, i)) = stack.pop() {
                let ps = &preds[b.0 as usize];
                if i < ps.len() {
                    stack.push((b, i + 1));
                    let p = ps[i];
                    if !seen[p.0 as usize] {
                        seen[p.0 as usize] = true;
                        stack.push((p, 0));
                    }
                } else {
                    post.push(b);
                }
            }
        }
        let rpo: Vec<BlockId> = post.into_iter().rev().collect();
        let mut order = vec![usize::MAX; n];
        for (k, b) in rpo.iter().enumerate() {
            order[b.0 as usize] = k + 1; // 0 is the virtual exit
        }
        let mut ipdom: Vec<Option<Option<BlockId>>> = vec![None; n];
        for &e in &exits {
            ipdom[e.0 as usize] = Some(None);
        }
        let pos = |x: Option<BlockId>| x.map_or(0, |b| order[b.0 as usize]);
        let mut changed = true;
        while changed {
            changed = false;
            for &b in &rpo {
                if exits.contains(&b) {
                    continue;
                }
                let mut new: Option<Option<BlockId>> = None;
                for s in f.successors(b) {
                    if ipdom[s.0 as usize].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => Some(s),
                        Some(cur) => {
                            let (mut a, mut c) = (Some(s), cur);
                            while a != c {
                                while pos(a) > pos(c) {
                                    a = ipdom[a.expect("not the exit").0 as usize]
                                        .expect("processed");
                                }
                                while pos(c) > pos(a) {
                                    c = ipdom[c.expect("not the exit").0 as usize]
                                        .expect("processed");
                                }
                            }
                            a
                        }
                    });
                }
                if new.is_some() && ipdom[b.0 as usize] != new {
                    ipdom[b.0 as usize] = new;
                    changed = true;
                }
            }
        }
        PostDom { ipdom }
    }

    fn ipdom(&self, b: BlockId) -> Option<Option<BlockId>> {
        self.ipdom[b.0 as usize]
    }
}

fn run_function(f: &mut Function) -> bool {
    let pd = PostDom::new(f);
    // Blocks that reach no exit keep everything (an endless loop is an effect).
    if f.layout.iter().any(|b| pd.ipdom(*b).is_none()) {
        return false;
    }
    // Control dependences: block → the blocks whose branch decides whether it runs.
    let mut cdep: Vec<Vec<BlockId>> = vec![Vec::new(); f.blocks.len()];
    for &a in &f.layout {
        for s in f.successors(a) {
            // Every block from s up to (not including) ipdom(a) depends on a.
            let stop = pd.ipdom(a).flatten();
            let mut x = Some(s);
            while x != stop {
                let Some(b) = x else { break };
                if !cdep[b.0 as usize].contains(&a) {
                    cdep[b.0 as usize].push(a);
                }
                x = pd.ipdom(b).flatten();
            }
        }
    }
    let mut block_of = vec![None; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of[i.0 as usize] = Some(b);
        }
    }
    let mut live: HashSet<InstId> = HashSet::default();
    let mut live_blocks: HashSet<BlockId> = HashSet::default();
    let mut work: Vec<InstId> = Vec::new();
    // As LLVM's ADCE by default, loops stay: a loop may not end, and running
    // forever is an effect. Every branch inside a cycle is live.
    let dom = DomTree::new(f);
    let preds = f.predecessors();
    for &a in &f.layout {
        for h in f.successors(a) {
            if !dom.dominates(h, a) {
                continue;
            }
            let mut body = vec![h];
            let mut stack = vec![a];
            while let Some(x) = stack.pop() {
                if body.contains(&x) {
                    continue;
                }
                body.push(x);
                stack.extend(preds[x.0 as usize].iter().copied());
            }
            for x in body {
                if let Some(&t) = f.block(x).insts.last() {
                    if live.insert(t) {
                        work.push(t);
                    }
                }
            }
        }
    }
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let k = &f.inst(i).kind;
            let root = match k {
                InstKind::Br { .. } | InstKind::CondBr { .. } => false,
                k => k.has_side_effects(),
            };
            if root && live.insert(i) {
                work.push(i);
            }
        }
    }
    // The nearest live post-dominator of a block: where a dead branch jumps.
    let target = |b: BlockId, live_blocks: &HashSet<BlockId>| -> Option<BlockId> {
        let mut x = pd.ipdom(b).flatten();
        while let Some(y) = x {
            if live_blocks.contains(&y) {
                return Some(y);
            }
            x = pd.ipdom(y).flatten();
        }
        None
    };
    loop {
        while let Some(i) = work.pop() {
            let b = block_of[i.0 as usize].expect("live instructions are placed");
            let kind = f.inst(i).kind.clone();
            let mark = |x: InstId, live: &mut HashSet<InstId>, work: &mut Vec<InstId>| {
                if live.insert(x) {
                    work.push(x);
                }
            };
            kind.for_each_operand(|op| {
                if let Value::Inst(d) = op {
                    mark(*d, &mut live, &mut work);
                }
            });
            // A live phi needs the branches that pick its incoming edge.
            if let InstKind::Phi { incoming } = &kind {
                for (_, from) in incoming {
                    if let Some(&t) = f.block(*from).insts.last() {
                        mark(t, &mut live, &mut work);
                    }
                }
            }
            if live_blocks.insert(b) {
                for &c in &cdep[b.0 as usize] {
                    if let Some(&t) = f.block(c).insts.last() {
                        mark(t, &mut live, &mut work);
                    }
                }
            }
        }
        // A dead branch whose jump target has phis cannot simply jump there
        // (the phis would lack a value for the new edge): keep it, with what
        // it needs, and look again.
        let blocked: Vec<InstId> = f
            .layout
            .iter()
            .filter_map(|&b| {
                let &t = f.block(b).insts.last()?;
                let dead_branch =
                    !live.contains(&t) && matches!(f.inst(t).kind, InstKind::CondBr { .. });
                let ok = target(b, &live_blocks).is_some_and(|d| {
                    !f.block(d)
                        .insts
                        .iter()
                        .any(|&i| matches!(f.inst(i).kind, InstKind::Phi { .. }))
                });
                (dead_branch && !ok).then_some(t)
            })
            .collect();
        if blocked.is_empty() {
            break;
        }
        for t in blocked {
            if live.insert(t) {
                work.push(t);
            }
        }
    }
    let mut changed = false;
    for b in f.layout.clone() {
        let Some(&t) = f.block(b).insts.last() else {
            continue;
        };
        if live.contains(&t) || !matches!(f.inst(t).kind, InstKind::CondBr { .. }) {
            continue;
        }
        let Some(dest) = target(b, &live_blocks) else {
            continue;
        };
        for s in f.successors(b) {
            for i in f.block(s).insts.clone() {
                if let InstKind::Phi { incoming } = &mut f.inst_mut(i).kind {
                    incoming.retain(|(_, from)| *from != b);
                }
            }
        }
        f.inst_mut(t).kind = InstKind::Br { dest };
        live.insert(t);
        changed = true;
    }
    // Everything else not live goes (terminators stay).
    let mut dead = Vec::new();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let k = &f.inst(i).kind;
            if !live.contains(&i) && !k.is_terminator() {
                dead.push(i);
            }
        }
    }
    if !dead.is_empty() {
        let set: HashSet<InstId> = dead.iter().copied().collect();
        for b in f.layout.clone() {
            f.block_mut(b).insts.retain(|i| !set.contains(i));
        }
        for i in dead {
            f.erase_inst(i);
        }
        changed = true;
    }
    if changed {
        super::simplifycfg::remove_unreachable(f);
    }
    changed
}
