//! The dominator tree.

use super::*;

/// The dominator tree (Cooper, Harvey and Kennedy's iterative algorithm).
pub struct DomTree {
    /// Immediate dominator of each block (entry: itself); `None` if unreachable.
    pub idom: Vec<Option<BlockId>>,
    /// Reverse post-order of reachable blocks.
    pub rpo: Vec<BlockId>,
    rpo_index: Vec<usize>,
}

impl DomTree {
    pub fn new(f: &Function) -> DomTree {
        let rpo = f.reverse_postorder();
        let n = f.blocks.len();
        let mut rpo_index = vec![usize::MAX; n];
        for (i, b) in rpo.iter().enumerate() {
            rpo_index[b.0 as usize] = i;
        }
        let preds = f.predecessors();
        let mut idom: Vec<Option<BlockId>> = vec![None; n];
        if let Some(&entry) = rpo.first() {
            idom[entry.0 as usize] = Some(entry);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new: Option<BlockId> = None;
                for &p in &preds[b.0 as usize] {
                    if idom[p.0 as usize].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(cur) => {
                            let (mut a, mut c) = (p, cur);
                            while a != c {
                                while rpo_index[a.0 as usize] > rpo_index[c.0 as usize] {
                                    a = idom[a.0 as usize].expect("processed");
                                }
                                while rpo_index[c.0 as usize] > rpo_index[a.0 as usize] {
                                    c = idom[c.0 as usize].expect("processed");
                                }
                            }
                            a
                        }
                    });
                }
                if new.is_some() && idom[b.0 as usize] != new {
                    idom[b.0 as usize] = new;
                    changed = true;
                }
            }
        }
        DomTree {
            idom,
            rpo,
            rpo_index,
        }
    }

    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.idom[b.0 as usize].is_some()
    }

    /// Whether `a` dominates `b`. A dominator comes before the blocks it
    /// dominates in reverse post-order, so the walk up `b`'s dominators
    /// stops at the first one before `a`: the usual question (does a
    /// later block dominate an earlier one?) is answered at once, not by a
    /// walk to the entry (which made loop analysis quadratic in the blocks
    /// of a function of many unrolled loops).
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let at = self.rpo_index[a.0 as usize];
        let mut x = b;
        loop {
            if x == a {
                return true;
            }
            if self.rpo_index[x.0 as usize] < at {
                return false;
            }
            let up = self.idom[x.0 as usize].expect("reachable");
            if up == x {
                return false;
            }
            x = up;
        }
    }

    /// Children in the dominator tree, in reverse post-order.
    pub fn children(&self) -> Vec<Vec<BlockId>> {
        let mut ch = vec![Vec::new(); self.idom.len()];
        for &b in self.rpo.iter().skip(1) {
            if let Some(p) = self.idom[b.0 as usize] {
                ch[p.0 as usize].push(b);
            }
        }
        ch
    }

    /// Dominance frontiers (Cooper/Harvey/Kennedy).
    pub fn frontiers(&self, f: &Function) -> Vec<Vec<BlockId>> {
        let preds = f.predecessors();
        let mut df = vec![Vec::new(); self.idom.len()];
        for &b in &self.rpo {
            let ps: Vec<BlockId> = preds[b.0 as usize]
                .iter()
                .copied()
                .filter(|p| self.is_reachable(*p))
                .collect();
            if ps.len() < 2 {
                continue;
            }
            let Some(idom_b) = self.idom[b.0 as usize] else {
                continue;
            };
            for p in ps {
                let mut runner = p;
                while runner != idom_b {
                    if !df[runner.0 as usize].contains(&b) {
                        df[runner.0 as usize].push(b);
                    }
                    let up = self.idom[runner.0 as usize].expect("reachable");
                    if up == runner {
                        break;
                    }
                    runner = up;
                }
            }
        }
        df
    }

    pub fn rpo_position(&self, b: BlockId) -> usize {
        self.rpo_index[b.0 as usize]
    }
}
