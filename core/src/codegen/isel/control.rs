//! Control flow: returns and switches (lowered to compare-and-branch trees as
//! SelectionDAG does for NVPTX). Plain branches are written by `Sel::inst`.

use super::types::*;
use super::Sel;
use crate::collections::HashSet;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// A switch as NVVM lowers it (SelectionDAG's `visitSwitch`, without jump
    /// tables, which NVPTX does not use): adjacent case values with one
    /// destination form a range; more than three ranges split into a
    /// balanced binary search on the first value of the right half
    /// (`setp.gt.s32 %p, %r, pivot-1; @%p bra right`), and three or fewer
    /// are tested one after another, each compare in a block of its own.
    pub(super) fn switch(&mut self, val: &Value, default: BlockId, cases: &[(i64, BlockId)]) {
        let t = self.f.value_type(val);
        let t = if t == Type::I1 { Type::I16 } else { t };
        let sfx = |kind: char| int_suffix(&t, kind).replace("8", "16");
        let x = if self.f.value_type(val) == Type::I1 {
            let p = self.reg(val);
            let r = self.m.new_reg(RegClass::B16);
            self.emit(
                Op::Selp,
                ".u16",
                vec![
                    Operand::Reg(r),
                    Operand::Imm(1),
                    Operand::Imm(0),
                    Operand::Reg(p),
                ],
            );
            r
        } else {
            self.reg(val)
        };
        let bi = |s: &Self, b: BlockId| s.block_index[&b];
        let dflt = bi(self, default);
        // Clusters (lo, hi, destination), by signed value.
        let mut sorted: Vec<(i64, usize)> = cases
            .iter()
            .map(|(c, b)| (*c, bi(self, *b)))
            .filter(|(_, b)| *b != dflt)
            .collect();
        sorted.sort();
        let mut clusters: Vec<(i64, i64, usize)> = Vec::new();
        for (c, b) in sorted {
            match clusters.last_mut() {
                Some((_, hi, d)) if *d == b && hi.checked_add(1) == Some(c) => *hi = c,
                _ => clusters.push((c, c, b)),
            }
        }
        // Every case is equally likely: a cluster weighs its number of values.
        let weight = |c: &(i64, i64, usize)| c.1.abs_diff(c.0).saturating_add(1);
        let head = self.cur;
        let ir_block = head;
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut new_blocks: Vec<usize> = Vec::new();
        let base_name = self.m.blocks[head].name.clone();
        let new_block = |s: &mut Self, new_blocks: &mut Vec<usize>| {
            let nb = s.m.blocks.len();
            s.m.blocks.push(MBlock {
                name: format!("{base_name}.sw{}", new_blocks.len() + 1),
                insts: Vec::new(),
                nounroll: false,
                unreachable: false,
            });
            new_blocks.push(nb);
            nb
        };
        let bits = t.bits();
        let (tmin, tmax) = if bits >= 64 {
            (i64::MIN, i64::MAX)
        } else {
            (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
        };
        // Work items: (machine block, first cluster, last cluster + 1, known lo, known hi);
        // a stack whose order lays the left side out first.
        let mut work = vec![(head, 0usize, clusters.len(), tmin, tmax)];
        // The new blocks in layout order: depth first, left before right.
        let mut placed: Vec<usize> = Vec::new();
        while let Some((mb, first, end, lo, hi)) = work.pop() {
            if mb != head {
                placed.push(mb);
            }
            self.cur = mb;
            let n = end - first;
            if n > 3 {
                // Balance the two sides, taking one cluster at a time from
                // each end, alternating when they are even (LLVM's pivot).
                let (mut last_left, mut first_right) = (first, end - 1);
                let (mut lw, mut rw) = (weight(&clusters[first]), weight(&clusters[end - 1]));
                let mut k = 0usize;
                while last_left + 1 < first_right {
                    if lw < rw || (lw == rw && k % 2 == 1) {
                        last_left += 1;
                        lw = lw.saturating_add(weight(&clusters[last_left]));
                    } else {
                        first_right -= 1;
                        rw = rw.saturating_add(weight(&clusters[first_right]));
                    }
                    k += 1;
                }
                let pivot = clusters[first_right].0;
                let left = new_block(self, &mut new_blocks);
                let right = new_block(self, &mut new_blocks);
                let p = self.m.new_reg(RegClass::Pred);
                self.emit(
                    Op::Setp,
                    format!(".gt{}", sfx('s')),
                    vec![Operand::Reg(p), Operand::Reg(x), Operand::Imm(pivot - 1)],
                );
                self.emit_guarded((p, false), Op::Bra, "", vec![Operand::Label(right)]);
                self.emit(Op::Bra, ".uni", vec![Operand::Label(left)]);
                edges.push((mb, right));
                edges.push((mb, left));
                work.push((right, first_right, end, pivot, hi));
                work.push((left, first, first_right, lo, pivot - 1));
                continue;
            }
            let mut cur = mb;
            for (k, &(clo, chi, dest)) in clusters[first..end].iter().enumerate() {
                let last = k + 1 == n;
                self.cur = cur;
                if last && clo == lo && chi == hi {
                    // The known range is this cluster: no test left.
                    self.emit(Op::Bra, ".uni", vec![Operand::Label(dest)]);
                    edges.push((cur, dest));
                    break;
                }
                let p = self.m.new_reg(RegClass::Pred);
                if clo == chi {
                    self.emit(
                        Op::Setp,
                        format!(".eq{}", sfx('s')),
                        vec![Operand::Reg(p), Operand::Reg(x), Operand::Imm(clo)],
                    );
                } else {
                    // lo ≤ x ≤ hi as one unsigned compare: x - lo < hi - lo + 1.
                    let d = self.m.new_reg(x.class);
                    self.emit(
                        Op::Add,
                        sfx('s'),
                        vec![
                            Operand::Reg(d),
                            Operand::Reg(x),
                            Operand::Imm(clo.wrapping_neg()),
                        ],
                    );
                    self.emit(
                        Op::Setp,
                        format!(".lt{}", sfx('u')),
                        vec![
                            Operand::Reg(p),
                            Operand::Reg(d),
                            Operand::Imm(chi.wrapping_sub(clo).wrapping_add(1)),
                        ],
                    );
                }
                self.emit_guarded((p, false), Op::Bra, "", vec![Operand::Label(dest)]);
                edges.push((cur, dest));
                let next = if last {
                    dflt
                } else {
                    let nb = new_block(self, &mut new_blocks);
                    placed.push(nb);
                    nb
                };
                self.emit(Op::Bra, ".uni", vec![Operand::Label(next)]);
                edges.push((cur, next));
                cur = next;
            }
            if n == 0 {
                self.emit(Op::Bra, ".uni", vec![Operand::Label(dflt)]);
                edges.push((mb, dflt));
            }
        }
        // The new blocks follow the switch's block.
        let pos = self
            .m
            .order
            .iter()
            .position(|b| *b == head)
            .map_or(self.m.order.len(), |p| p + 1);
        for (k, b) in placed.iter().enumerate() {
            self.m.order.insert(pos + k, *b);
        }
        // Only the edges that leave the switch's blocks matter to the phis.
        let mine: HashSet<usize> = new_blocks.iter().copied().chain([head]).collect();
        edges.retain(|(_, to)| !mine.contains(to));
        self.switch_edges.insert(ir_block, edges);
        self.cur = head;
    }

    /// A return: the value stored to `func_retval0`, then `ret`.
    pub(super) fn ret(&mut self, val: Option<&Value>) {
        let f = self.f;
        // `ret undef` stores nothing (NVPTX writes no `st.param`).
        if let Some(v) = val.filter(|v| !matches!(v, Value::Undef(_))) {
            let t = f.value_type(v);
            let r = self.param_reg(v);
            let (_, st) = func_param_types(&t);
            self.emit(
                Op::St,
                format!(".param{st}"),
                vec![
                    Operand::Addr(Box::new(Operand::Sym("func_retval0".into())), 0),
                    Operand::Reg(r),
                ],
            );
        }
        self.emit(Op::Ret, "", vec![]);
    }
}
