//! Out of SSA: each phi becomes copies on the edges into its block. Critical
//! edges (from a block with several successors to a block with several
//! predecessors) get a block of their own first, so a copy never runs on a
//! path it does not belong to; the copies of one edge are a parallel copy,
//! ordered so no source is overwritten before it is read (a cycle uses a
//! temporary register).

use super::isel::Phi;
use crate::collections::{HashMap, HashSet};
use crate::ptx::*;

/// The targets of a block's branches.
pub(super) fn successors(b: &MBlock) -> Vec<usize> {
    b.insts
        .iter()
        .filter(|i| i.is_branch())
        .filter_map(|i| match i.operands.first() {
            Some(Operand::Label(t)) => Some(*t),
            _ => None,
        })
        .collect()
}

/// Index where copies go at the end of a block: before its trailing branches.
fn insertion_point(b: &MBlock) -> usize {
    let mut at = b.insts.len();
    while at > 0 && b.insts[at - 1].is_terminator() {
        at -= 1;
    }
    at
}

fn mov(dst: Reg, src: Operand) -> Instr {
    Instr::new(Op::Mov, dst.class.mov_type(), vec![Operand::Reg(dst), src])
}

/// Every register an instruction reads (its operands but the destination).
pub(super) fn reads(i: &Instr) -> Vec<Reg> {
    let skip = usize::from(i.defs().is_some());
    let mut r: Vec<Reg> = i
        .operands
        .iter()
        .skip(skip)
        .flat_map(Operand::regs)
        .collect();
    if let Some((g, _)) = i.guard {
        r.push(g);
    }
    r
}

/// Whether `o` holds a register for which `p` holds.
fn operand_reads(o: &Operand, p: &mut dyn FnMut(Reg) -> bool) -> bool {
    match o {
        Operand::List(v) => v.iter().any(|x| operand_reads(x, p)),
        Operand::Image(h, v) => operand_reads(h, p) || v.iter().any(|x| operand_reads(x, p)),
        o => o.reg().is_some_and(p),
    }
}

/// Whether the instruction reads a register for which `p` holds: [`reads`]
/// without its vector (the scans of a block after a definition ask it of
/// every instruction).
fn reads_any(i: &Instr, mut p: impl FnMut(Reg) -> bool) -> bool {
    let skip = usize::from(i.defs().is_some());
    i.operands
        .iter()
        .skip(skip)
        .any(|o| operand_reads(o, &mut p))
        || i.guard.is_some_and(|(g, _)| p(g))
}

/// How many instructions read and define each register: the counts that
/// let [`coalesce`] ask "is this value read or defined anywhere else?"
/// without scanning the function.
#[derive(Default)]
struct Uses {
    reads: HashMap<Reg, u32>,
    defs: HashMap<Reg, u32>,
}

impl Uses {
    fn new(f: &MFunction) -> Uses {
        let mut u = Uses::default();
        for i in f.blocks.iter().flat_map(|b| &b.insts) {
            u.add(i, 1);
        }
        u
    }

    /// Counts `i` in (`delta` 1) or out (`delta` -1); a register read
    /// twice by one instruction counts once.
    fn add(&mut self, i: &Instr, delta: i32) {
        let mut r = reads(i);
        r.sort_unstable();
        r.dedup();
        for x in r {
            let n = self.reads.entry(x).or_default();
            *n = n.wrapping_add_signed(delta);
        }
        if let Some(d) = i.defs() {
            let n = self.defs.entry(d).or_default();
            *n = n.wrapping_add_signed(delta);
        }
    }

    fn reads(&self, r: Reg) -> u32 {
        self.reads.get(&r).copied().unwrap_or(0)
    }

    fn defs(&self, r: Reg) -> u32 {
        self.defs.get(&r).copied().unwrap_or(0)
    }
}

/// The copies of every edge, in order, with the edges whose copies read
/// each register (a superset: an entry may be stale after a rename), and
/// the phis' registers.
struct EdgeCopies {
    edges: Vec<(Edge, Vec<(Reg, Operand)>)>,
    readers: HashMap<Reg, Vec<usize>>,
    phi_regs: HashSet<Reg>,
    /// The registers coalesced into a phi's: (register, phi register).
    renamed: Vec<(Reg, Reg)>,
}

/// Copy coalescing: when a phi's incoming value is computed in the
/// predecessor, used nowhere else, and the phi's register is not read
/// after that point in the block (nor by another copy of this edge), the
/// computation writes the phi's register directly and the copy goes:
/// `add.s32 %r5, %r2, 1; mov.u32 %r2, %r5;` becomes `add.s32 %r2, %r2, 1;`.
/// Another copy of this edge that reads the same value (two phis of one
/// block taking it) then reads the phi's register, which holds it at the
/// block's end. The edges after `edge` hold the copies not placed yet: a
/// copy on another edge out of `from` (placed at its end, or in the block
/// that splits the edge, where the phi's register still holds the value) is
/// renamed with the computation; one on an edge out of another block keeps
/// it from coalescing.
#[allow(clippy::too_many_arguments)] // the phi's parts and the rewrite budget
fn coalesce(
    f: &mut MFunction,
    uses: &mut Uses,
    from: usize,
    mut copies: Vec<(Reg, Operand)>,
    pending: &mut EdgeCopies,
    edge: usize,
    split_from: &dyn Fn(usize) -> usize,
    may_rewrite: &mut dyn FnMut() -> bool,
) -> Vec<(Reg, Operand)> {
    let mut kept: Vec<(Reg, Operand)> = Vec::new();
    for k in 0..copies.len() {
        let (dst, src) = copies[k].clone();
        let (dst, src) = (&dst, &src);
        let Operand::Reg(r) = src else {
            kept.push((*dst, src.clone()));
            continue;
        };
        let others_read_dst = copies
            .iter()
            .enumerate()
            .any(|(j, (_, s))| j != k && s.reg() == Some(*dst));
        let blk = &f.blocks[from];
        let def = blk.insts.iter().rposition(|i| i.defs() == Some(*r));
        let readers: Vec<usize> = pending
            .readers
            .get(r)
            .map(|v| v.iter().copied().filter(|e| *e > edge).collect())
            .unwrap_or_default();
        let ok = match def {
            Some(d)
                if r.class == dst.class && !others_read_dst && !pending.phi_regs.contains(r) =>
            {
                // The value is read only after its definition in this block (those
                // reads will read the phi's register, which then holds it) …
                let read_after = blk.insts[d + 1..]
                    .iter()
                    .filter(|i| reads_any(i, |x| x == *r))
                    .count();
                let read_elsewhere = uses.reads(*r) as usize != read_after;
                let defined_elsewhere = uses.defs(*r) != 1;
                // … and the phi register keeps its old value until the end of the
                // block (the defining instruction itself may read it: it reads
                // before it writes).
                let read_by_other_edge = readers.iter().any(|e| {
                    let ((b, _), cs) = &pending.edges[*e];
                    split_from(*b) != from && cs.iter().any(|(_, s)| s.reg() == Some(*r))
                });
                !read_elsewhere
                    && !read_by_other_edge
                    && !defined_elsewhere
                    && !blk.insts[d + 1..]
                        .iter()
                        .any(|i| reads_any(i, |x| x == *dst))
            }
            _ => false,
        };
        // Each coalescing is a rewrite (`--rewrite-limit out-of-ssa:N`):
        // past the limit the value is copied instead.
        if ok && may_rewrite() {
            pending.renamed.push((*r, *dst));
            let d = def.expect("checked");
            let insts = &mut f.blocks[from].insts;
            uses.add(&insts[d], -1);
            if let Some(Operand::Reg(x) | Operand::Pair(x, _)) = insts[d].operands.first_mut() {
                *x = *dst;
            }
            uses.add(&insts[d], 1);
            for i in &mut insts[d + 1..] {
                let touches = i.operands.iter().any(|o| o.regs().contains(r))
                    || i.guard.is_some_and(|(g, _)| g == *r);
                if !touches {
                    continue;
                }
                uses.add(i, -1);
                for op in &mut i.operands {
                    rename(op, *r, *dst);
                }
                if let Some((g, _)) = &mut i.guard {
                    if *g == *r {
                        *g = *dst;
                    }
                }
                uses.add(i, 1);
            }
            for e in &readers {
                for (_, s) in pending.edges[*e].1.iter_mut() {
                    rename(s, *r, *dst);
                }
            }
            pending.readers.entry(*dst).or_default().extend(readers);
            // This edge's other copies of the value, placed or not.
            for (_, s) in kept.iter_mut().chain(copies[k + 1..].iter_mut()) {
                rename(s, *r, *dst);
            }
        } else {
            kept.push((*dst, src.clone()));
        }
    }
    kept
}

fn rename(op: &mut Operand, from: Reg, to: Reg) {
    op.each_reg_mut(&mut |x| {
        if *x == from {
            *x = to;
        }
    });
}

/// Whether the copies for the edge `b → s` may run at the end of `b` for
/// every successor: no other path out of `b` reads the phi registers of `s`
/// before they are written again (every edge into `s` writes them, so the
/// search stops at `s`), and the branch does not test one of them. A loop's
/// latch then keeps one conditional back branch at its bottom instead of a
/// block of its own for the copies.
fn copies_may_precede_branch(
    f: &MFunction,
    b: usize,
    s: usize,
    dsts: &[Reg],
    phis: &PhiIndex,
) -> bool {
    let blk = &f.blocks[b];
    if blk
        .insts
        .iter()
        .any(|i| i.guard.is_some_and(|(g, _)| dsts.contains(&g)))
    {
        return false;
    }
    let mut seen: HashSet<usize> = HashSet::default();
    let mut stack: Vec<usize> = successors(blk).into_iter().filter(|t| *t != s).collect();
    while let Some(x) = stack.pop() {
        if x == s || !seen.insert(x) {
            continue;
        }
        if f.blocks[x]
            .insts
            .iter()
            .any(|i| reads_any(i, |r| dsts.contains(&r)))
        {
            return false;
        }
        stack.extend(successors(&f.blocks[x]));
    }
    // Copies still to be placed on edges out of the blocks reached (or out of
    // `b` itself) must not read the registers either.
    !std::iter::once(b).chain(seen).any(|from| {
        phis.by_from.get(&from).is_some_and(|v| {
            v.iter()
                .any(|(block, r)| *block != s && r.is_some_and(|r| dsts.contains(&r)))
        })
    })
}

/// A copy that repeats one earlier in the block, neither register written
/// since, goes: a latch whose exit edge and back edge need the same copy
/// (`mov.u32 %r12, %r8;` for both) holds it once.
fn drop_repeated_copies(blk: &mut MBlock) {
    // The copies that still hold, by destination, and the destinations
    // holding a copy of each source register.
    let mut held: HashMap<Reg, Operand> = HashMap::default();
    let mut readers: HashMap<Reg, Vec<Reg>> = HashMap::default();
    let mut keep = Vec::with_capacity(blk.insts.len());
    for i in std::mem::take(&mut blk.insts) {
        let copy = match (i.op, i.guard, i.operands.as_slice()) {
            (Op::Mov, None, [Operand::Reg(d), src @ (Operand::Reg(_) | Operand::Imm(_))]) => {
                Some((*d, src.clone()))
            }
            _ => None,
        };
        if let Some((d, src)) = &copy {
            if held.get(d) == Some(src) {
                continue;
            }
        }
        if matches!(i.op, Op::Call | Op::Text | Op::Asm | Op::AsmEffect) {
            held.clear();
            readers.clear();
        } else if let Some(first) = i.operands.first() {
            for w in first.regs() {
                held.remove(&w);
                for d in readers.remove(&w).unwrap_or_default() {
                    if held.get(&d).and_then(Operand::reg) == Some(w) {
                        held.remove(&d);
                    }
                }
            }
        }
        if let Some((d, src)) = copy {
            if src.reg() != Some(d) {
                if let Some(r) = src.reg() {
                    readers.entry(r).or_default().push(d);
                }
                held.insert(d, src);
            }
        }
        keep.push(i);
    }
    blk.insts = keep;
}

/// Whether every path from the function's entry to `b` passes through `s`.
fn dominates(f: &MFunction, s: usize, b: usize) -> bool {
    if s == b {
        return true;
    }
    let Some(&entry) = f.order.first() else {
        return false;
    };
    let mut seen: HashSet<usize> = HashSet::default();
    let mut stack = vec![entry];
    while let Some(x) = stack.pop() {
        if x == s || !seen.insert(x) {
            continue;
        }
        if x == b {
            return false;
        }
        stack.extend(successors(&f.blocks[x]));
    }
    true
}

/// The phis by block (their registers) and by incoming block (the phi's
/// block and the incoming value's register).
struct PhiIndex {
    dsts: HashMap<usize, Vec<Reg>>,
    by_from: HashMap<usize, Vec<(usize, Option<Reg>)>>,
}

impl PhiIndex {
    fn new(phis: &[Phi]) -> PhiIndex {
        let mut ix = PhiIndex {
            dsts: HashMap::default(),
            by_from: HashMap::default(),
        };
        for p in phis {
            ix.dsts.entry(p.block).or_default().push(p.dst);
            for (from, op) in &p.incoming {
                ix.by_from
                    .entry(*from)
                    .or_default()
                    .push((p.block, op.reg()));
            }
        }
        ix
    }
}

/// Orders a parallel copy into sequential moves.
fn sequentialize(f: &mut MFunction, mut copies: Vec<(Reg, Operand)>) -> Vec<Instr> {
    copies.retain(|(d, s)| *s != Operand::Reg(*d));
    let mut out = Vec::new();
    while !copies.is_empty() {
        // A copy whose destination no other pending copy reads can go now.
        let ready = copies
            .iter()
            .position(|(d, _)| !copies.iter().any(|(_, s)| s.reg() == Some(*d)));
        match ready {
            Some(k) => {
                let (d, s) = copies.remove(k);
                out.push(mov(d, s));
            }
            None => {
                // Only cycles remain: save one destination in a temporary.
                let (d, _) = copies[0].clone();
                let t = f.new_reg(d.class);
                out.push(mov(t, Operand::Reg(d)));
                for (_, s) in copies.iter_mut() {
                    if s.reg() == Some(d) {
                        *s = Operand::Reg(t);
                    }
                }
            }
        }
    }
    out
}

/// A CFG edge: (from block, to block).
type Edge = (usize, usize);

/// Replaces the phis by copies; returns the registers coalesced away, in
/// order: (register, the phi's register that now holds its value).
///
/// Coalescing a value into its phi's register is an optional rewrite:
/// `rewrites` counts them over the module's functions and only the first
/// `limit` are made (`--rewrite-limit out-of-ssa:N`).
pub fn run(
    f: &mut MFunction,
    phis: &[Phi],
    limit: Option<usize>,
    rewrites: &mut usize,
) -> Vec<(Reg, Reg)> {
    let nblocks = f.blocks.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nblocks];
    for (b, blk) in f.blocks.iter().enumerate() {
        for s in successors(blk) {
            preds[s].push(b);
        }
    }
    // Split critical edges into blocks that have phis.
    let mut edge_block: HashMap<(usize, usize), usize> = HashMap::default();
    let phi_blocks: HashSet<usize> = phis.iter().map(|p| p.block).collect();
    let mut phis: Vec<Phi> = phis.to_vec();
    let mut phi_index = PhiIndex::new(&phis);
    // The phis' registers, and those a phi takes its values in instead.
    let mut phi_regs: HashSet<Reg> = phis.iter().map(|p| p.dst).collect();
    for b in 0..nblocks {
        let succ = successors(&f.blocks[b]);
        if succ.len() < 2 {
            continue;
        }
        for s in succ {
            if preds[s].len() < 2 || !phi_blocks.contains(&s) || edge_block.contains_key(&(b, s)) {
                continue;
            }
            let dsts = phi_index.dsts.get(&s).cloned().unwrap_or_default();
            if copies_may_precede_branch(f, b, s, &dsts, &phi_index) {
                continue;
            }
            // A loop's back edge is not split (LLVM's PHIElimination: an
            // out-of-line block in the loop costs a branch per trip): a phi
            // whose register the other paths read takes its values in a
            // register of its own, copied to the phi's at the top of the
            // loop (nvcc's `mov.u32` after `.pragma "nounroll"`).
            if dominates(f, s, b) {
                let taken: Vec<Reg> = dsts
                    .iter()
                    .copied()
                    .filter(|d| !copies_may_precede_branch(f, b, s, &[*d], &phi_index))
                    .collect();
                let mut tops = Vec::new();
                for d in taken {
                    let fresh = f.new_reg(d.class);
                    phi_regs.insert(fresh);
                    for p in phis.iter_mut().filter(|p| p.block == s && p.dst == d) {
                        p.dst = fresh;
                    }
                    tops.push(mov(d, Operand::Reg(fresh)));
                }
                f.blocks[s].insts.splice(0..0, tops);
                phi_index = PhiIndex::new(&phis);
                let dsts = phi_index.dsts.get(&s).cloned().unwrap_or_default();
                if copies_may_precede_branch(f, b, s, &dsts, &phi_index) {
                    continue;
                }
            }
            let nb = f.blocks.len();
            let name = format!("{}.{}.crit", f.blocks[b].name, f.blocks[s].name);
            f.blocks.push(MBlock {
                name,
                insts: vec![Instr::new(Op::Bra, ".uni", vec![Operand::Label(s)])],
                nounroll: false,
                unreachable: false,
            });
            for i in f.blocks[b].insts.iter_mut().filter(|i| i.is_branch()) {
                if i.operands.first() == Some(&Operand::Label(s)) {
                    i.operands[0] = Operand::Label(nb);
                }
            }
            // Place the new block right after its predecessor.
            let pos = f
                .order
                .iter()
                .position(|x| *x == b)
                .map_or(f.order.len(), |p| p + 1);
            f.order.insert(pos, nb);
            edge_block.insert((b, s), nb);
        }
    }
    // Group the copies by edge.
    let mut pending = EdgeCopies {
        edges: Vec::new(),
        readers: HashMap::default(),
        phi_regs,
        renamed: Vec::new(),
    };
    let mut edge_index: HashMap<Edge, usize> = HashMap::default();
    for p in &phis {
        for (pred, op) in &p.incoming {
            let from = edge_block.get(&(*pred, p.block)).copied().unwrap_or(*pred);
            let e = *edge_index.entry((from, p.block)).or_insert_with(|| {
                pending.edges.push(((from, p.block), Vec::new()));
                pending.edges.len() - 1
            });
            pending.edges[e].1.push((p.dst, op.clone()));
            if let Some(r) = op.reg() {
                pending.readers.entry(r).or_default().push(e);
            }
        }
    }
    // The block an edge's copies go to was split off this one (or is it).
    let split_of: HashMap<usize, usize> = edge_block
        .iter()
        .map(|((pred, _), nb)| (*nb, *pred))
        .collect();
    let split_from = |b: usize| split_of.get(&b).copied().unwrap_or(b);
    let mut uses = Uses::new(f);
    for k in 0..pending.edges.len() {
        let ((from, _to), copies) = std::mem::take(&mut pending.edges[k]);
        let mut may_rewrite = || {
            *rewrites += 1;
            limit.is_none_or(|l| *rewrites <= l)
        };
        let copies = coalesce(
            f,
            &mut uses,
            from,
            copies,
            &mut pending,
            k,
            &split_from,
            &mut may_rewrite,
        );
        let seq = sequentialize(f, copies);
        for i in &seq {
            uses.add(i, 1);
        }
        let at = insertion_point(&f.blocks[from]);
        f.blocks[from].insts.splice(at..at, seq);
    }
    // The copies left whose registers are never live at once join.
    let mut renamed = pending.renamed;
    renamed.extend(super::coalesce::run(f, limit, rewrites));
    for b in &mut f.blocks {
        drop_repeated_copies(b);
    }
    renamed
}
