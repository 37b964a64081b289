//! Copy coalescing after out of SSA (Chaitin's aggressive coalescing, as
//! LLVM's register coalescer joins the intervals of a copy): a `mov %a, %b`
//! whose two registers are never live at once with different values
//! becomes one register, and the copy goes. Out of SSA leaves such copies
//! where a loop's value flows through several phis (`s` at the loop's
//! head, `s` after a `continue`, `s` after the loop: nvcc's PTX keeps one
//! `%f` for all three, and so do we now).
//!
//! Two registers interfere when one is written while the other is live,
//! unless the write is the copy of the other (Chaitin's rule); the liveness
//! is computed for the registers of copies only (a register's liveness
//! depends on its own reads and writes alone). A guarded write does not end
//! a register's life. Registers that vector operands or inline assembly
//! name are left alone. Each copy removed is one rewrite of the out-of-ssa
//! stage (`--rewrite-limit out-of-ssa:N`).

use crate::collections::{HashMap, HashSet};
use crate::ptx::*;

/// Whether `i` is a plain copy `mov %a, %b` between two registers of one class.
fn copy_of(i: &Instr) -> Option<(Reg, Reg)> {
    match (i.op, i.guard, i.operands.as_slice()) {
        (Op::Mov, None, [Operand::Reg(d), Operand::Reg(s)]) if d.class == s.class && d != s => {
            Some((*d, *s))
        }
        _ => None,
    }
}

/// The registers an instruction reads (guard included) and the one it writes.
fn reads_and_def(i: &Instr) -> (Vec<Reg>, Option<Reg>) {
    (super::out_of_ssa::reads(i), i.defs())
}

/// The blocks control can reach from block `b` (at position `pos` of the
/// layout order): its branches' targets, and the next block when it can
/// fall through.
fn successors(f: &MFunction, b: usize, pos: usize) -> Vec<usize> {
    let insts = &f.blocks[b].insts;
    let mut out = super::out_of_ssa::successors(&f.blocks[b]);
    let ends = insts
        .last()
        .is_some_and(|i| i.is_terminator() && i.guard.is_none());
    if !ends {
        if let Some(&next) = f.order.get(pos + 1) {
            out.push(next);
        }
    }
    out
}

/// For each copy of a block (by position), the registers that hold its
/// source's value right then: the source, and the registers copied from it
/// (or from what it was copied from) with neither written since. A copy's
/// destination does not interfere with them (they hold the value it gets):
/// `mov %f3, %f2; mov %f1, %f2` leaves %f1 free to join %f3.
fn same_values(insts: &[Instr], index: &HashMap<Reg, usize>) -> HashMap<usize, Vec<usize>> {
    // Register → the register whose value it holds (the origin of a chain of copies).
    let mut holds: HashMap<usize, usize> = HashMap::default();
    let mut out = HashMap::default();
    for (k, i) in insts.iter().enumerate() {
        let copy = copy_of(i).and_then(|(d, s)| Some((*index.get(&d)?, *index.get(&s)?)));
        if let Some((_, s)) = copy {
            let origin = holds.get(&s).copied().unwrap_or(s);
            let mut equal: Vec<usize> = holds
                .iter()
                .filter(|(_, o)| **o == origin)
                .map(|(r, _)| *r)
                .collect();
            equal.push(origin);
            equal.push(s);
            out.insert(k, equal);
        }
        if let Some(d) = i.defs().and_then(|d| index.get(&d).copied()) {
            // d is written: it holds nothing it held, and nothing holds it.
            holds.remove(&d);
            holds.retain(|_, o| *o != d);
            if let Some((_, s)) = copy.filter(|_| i.guard.is_none()) {
                let origin = holds.get(&s).copied().unwrap_or(s);
                if origin != d {
                    holds.insert(d, origin);
                }
            }
        }
    }
    out
}

/// A set of the copies' registers, by their dense index.
#[derive(Clone, PartialEq)]
struct Bits(Vec<u64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits(vec![0; n.div_ceil(64)])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    fn clear(&mut self, i: usize) {
        self.0[i / 64] &= !(1 << (i % 64));
    }
    fn union(&mut self, o: &Bits) {
        for (a, b) in self.0.iter_mut().zip(&o.0) {
            *a |= b;
        }
    }
    fn ones(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &x)| {
            (0..64)
                .filter(move |b| x >> b & 1 == 1)
                .map(move |b| w * 64 + b)
        })
    }
}

/// Coalesces `f`'s copies; returns the registers renamed, each to the one
/// it joined (`rewrites` counts the copies removed, up to `limit`).
pub fn run(f: &mut MFunction, limit: Option<usize>, rewrites: &mut usize) -> Vec<(Reg, Reg)> {
    // Registers that vector operands and inline assembly name stay as they are.
    let mut blocked: HashSet<Reg> = HashSet::default();
    let mut copies = Vec::new();
    for &b in &f.order {
        for (k, i) in f.blocks[b].insts.iter().enumerate() {
            if matches!(i.op, Op::Asm | Op::AsmEffect) {
                blocked.extend(i.operands.iter().flat_map(Operand::regs));
            }
            for o in &i.operands {
                if matches!(o, Operand::List(_) | Operand::Image(..) | Operand::Pair(..)) {
                    blocked.extend(o.regs());
                }
            }
            if let Some(c) = copy_of(i) {
                copies.push((b, k, c));
            }
        }
    }
    copies.retain(|(_, _, (d, s))| !blocked.contains(d) && !blocked.contains(s));
    if copies.is_empty() {
        return Vec::new();
    }
    let mut index: HashMap<Reg, usize> = HashMap::default();
    let mut regs: Vec<Reg> = Vec::new();
    for (_, _, (d, s)) in &copies {
        for r in [*d, *s] {
            index.entry(r).or_insert_with(|| {
                regs.push(r);
                regs.len() - 1
            });
        }
    }
    let n = regs.len();
    // Liveness of those registers, block by block, to a fixed point.
    let nb = f.blocks.len();
    let (mut gen, mut kill) = (vec![Bits::new(n); nb], vec![Bits::new(n); nb]);
    for &b in &f.order {
        for i in f.blocks[b].insts.iter().rev() {
            let (reads, def) = reads_and_def(i);
            if let Some(x) = def.and_then(|d| index.get(&d)) {
                if i.guard.is_none() {
                    kill[b].set(*x);
                    gen[b].clear(*x);
                }
            }
            for r in reads {
                if let Some(x) = index.get(&r) {
                    gen[b].set(*x);
                }
            }
        }
    }
    let succs: Vec<(usize, Vec<usize>)> = f
        .order
        .iter()
        .enumerate()
        .map(|(pos, &b)| (b, successors(f, b, pos)))
        .collect();
    let (mut live_in, mut live_out) = (vec![Bits::new(n); nb], vec![Bits::new(n); nb]);
    let mut changed = true;
    while changed {
        changed = false;
        for (b, ss) in succs.iter().rev() {
            let mut out = Bits::new(n);
            for s in ss {
                out.union(&live_in[*s]);
            }
            let mut inn = out.clone();
            for (w, (g, k)) in inn.0.iter_mut().zip(gen[*b].0.iter().zip(&kill[*b].0)) {
                *w = (*w & !k) | g;
            }
            live_out[*b] = out;
            if inn != live_in[*b] {
                live_in[*b] = inn;
                changed = true;
            }
        }
    }
    // Interference among them: a write against everything live after it.
    let mut edges: Vec<HashSet<usize>> = vec![HashSet::default(); n];
    for &b in &f.order {
        let same = same_values(&f.blocks[b].insts, &index);
        let mut live = live_out[b].clone();
        for (k, i) in f.blocks[b].insts.iter().enumerate().rev() {
            let (reads, def) = reads_and_def(i);
            if let Some(&x) = def.as_ref().and_then(|d| index.get(d)) {
                let equal = same.get(&k).map_or(&[][..], Vec::as_slice);
                for y in live.ones() {
                    if y != x && !equal.contains(&y) {
                        edges[x].insert(y);
                        edges[y].insert(x);
                    }
                }
                if i.guard.is_none() {
                    live.clear(x);
                }
            }
            for r in reads {
                if let Some(x) = index.get(&r) {
                    live.set(*x);
                }
            }
        }
    }
    // Join each copy's two registers while they do not interfere.
    let mut rep: Vec<usize> = (0..n).collect();
    fn find(rep: &mut [usize], x: usize) -> usize {
        let mut r = x;
        while rep[r] != r {
            r = rep[r];
        }
        rep[x] = r;
        r
    }
    let mut removed = Vec::new();
    for (b, k, (d, s)) in &copies {
        let (a, c) = (find(&mut rep, index[d]), find(&mut rep, index[s]));
        if a != c {
            if edges[a].contains(&c) {
                continue;
            }
            *rewrites += 1;
            if limit.is_some_and(|l| *rewrites > l) {
                continue;
            }
            // c joins a: a's neighbours become c's too.
            rep[c] = a;
            for y in std::mem::take(&mut edges[c]) {
                edges[y].remove(&c);
                edges[y].insert(a);
                edges[a].insert(y);
            }
        }
        removed.push((*b, *k));
    }
    let mut renames: HashMap<Reg, Reg> = HashMap::default();
    for x in 0..n {
        let r = find(&mut rep, x);
        if r != x {
            renames.insert(regs[x], regs[r]);
        }
    }
    // The copies that now copy a register to itself go, then the renames.
    removed.sort_unstable();
    for &(b, k) in removed.iter().rev() {
        f.blocks[b].insts.remove(k);
    }
    if !renames.is_empty() {
        let mut map = |r: &mut Reg| {
            if let Some(t) = renames.get(r) {
                *r = *t;
            }
        };
        for blk in &mut f.blocks {
            for i in &mut blk.insts {
                for o in &mut i.operands {
                    o.each_reg_mut(&mut map);
                }
                if let Some((g, _)) = &mut i.guard {
                    map(g);
                }
            }
        }
    }
    let mut out: Vec<(Reg, Reg)> = renames.into_iter().collect();
    out.sort();
    out
}
