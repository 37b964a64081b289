//! sink (LLVM's Sink pass, which cicc runs at -O2 and above: digest part 2,
//! the tier sub-pipeline's "Sink (tier!=1)", and part 1's "mid" path
//! "CVP → Sink → SimplifyCFG"): an instruction whose every use is on one
//! side of a branch moves down into that side, so the path that does not
//! need it does not compute it and its register is live for less time.
//!
//! Its typical case is a kernel's pointer parameter: nvptx-lower-args casts
//! it to the global space at the top of the kernel (`cvta.to.global.u64`),
//! and `if (i < n) y[i] = …` uses it only in the if's arm; the cast moves
//! into the arm, where nvcc's PTX has it.
//!
//! As LLVM's: blocks that branch two or more ways are scanned bottom-up; an
//! instruction moves to the nearest block that dominates all its uses (a
//! phi's use counts in the block it comes from), walking back up the
//! dominator tree while that block is unacceptable: one reached along an
//! edge that is not the only way into it takes no load (another path may
//! store first), no block the instruction's block does not dominate, and no
//! loop the instruction is not already in. It never moves phis, allocas,
//! terminators, calls that are not pure, stores, atomics, inline assembly,
//! volatile loads, nor a load with a memory write below it in its block
//! (the write may change what it reads). It repeats until nothing moves.
//!
//! A parameter's address-space cast read in two or more blocks stays where
//! it is (at the top of the kernel): nvcc's `cvta.to.global.u64` of a
//! pointer used in both arms of an if, or in a loop and its remainder, is
//! right after the `ld.param`s, and moves only toward a single reading
//! block (NVPTX's lower-args runs in the code generator, after LLVM's Sink,
//! and MachineSink leaves a cast with several reading blocks in place).
//!
//! Then, within its block, a parameter's address-space cast moves down to
//! just before the first instruction that reads it, where nvcc's PTX has
//! its `cvta.to.global.u64` (NVPTX's scheduler puts it next to its use;
//! Sinking2's "intra-block reordering", digest part 2 §L); in the entry
//! block the casts stay at the top, the one read last first, as nvcc's
//! follow its `ld.param`s there.

use crate::collections::HashMap;
use crate::ir::*;
use crate::opt::loops::LoopInfo;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let mut moved = 0;
        while run_once(f, cx, &mut moved) {}
        moved += place_casts(f, cx);
        if moved > 0 {
            changed = true;
            let line = f
                .layout
                .first()
                .map_or(0, |&b| super::remark::block_line(f, b));
            cx.applied(
                line,
                format_args!(
                    "`{}`: {} sunk toward {}",
                    f.name,
                    super::remark::plural(moved, "instruction"),
                    if moved == 1 { "its uses" } else { "their uses" }
                ),
            );
        }
    }
    changed
}

/// Where an instruction's result is used: the using instruction, and for a
/// phi the block the value comes from.
type Uses = HashMap<InstId, Vec<(InstId, Option<BlockId>)>>;

/// One sweep over the blocks (true when something moved).
fn run_once(f: &mut Function, cx: &super::PassContext, moved: &mut usize) -> bool {
    // Moving instructions changes neither the CFG nor the dominator tree.
    let dom = DomTree::new(f);
    let loops = LoopInfo::new(f, &dom);
    let preds = f.predecessors();
    // The innermost loop of each block (an index into `loops.loops`).
    let mut loop_of: Vec<Option<usize>> = vec![None; f.blocks.len()];
    for (k, l) in loops.loops.iter().enumerate() {
        for &b in &l.blocks {
            let slot = &mut loop_of[b.0 as usize];
            if slot.is_none_or(|o| loops.loops[o].depth < l.depth) {
                *slot = Some(k);
            }
        }
    }
    let mut block_of: HashMap<InstId, BlockId> = HashMap::default();
    let mut uses: Uses = HashMap::default();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of.insert(i, b);
            match &f.inst(i).kind {
                InstKind::Phi { incoming } => {
                    for (v, from) in incoming {
                        if let Some(d) = v.as_inst() {
                            uses.entry(d).or_default().push((i, Some(*from)));
                        }
                    }
                }
                k => k.for_each_operand(|v| {
                    if let Some(d) = v.as_inst() {
                        uses.entry(d).or_default().push((i, None));
                    }
                }),
            }
        }
    }
    let mut any = false;
    for b in f.layout.clone() {
        if f.successors(b).len() < 2 || !dom.is_reachable(b) {
            continue;
        }
        // Bottom-up; whether a memory write was seen below.
        let mut writes_below = false;
        let insts = f.block(b).insts.clone();
        for &i in insts.iter().rev() {
            let kind = &f.inst(i).kind;
            if writes_memory(kind) {
                writes_below = true;
                continue;
            }
            let is_load = matches!(kind, InstKind::Load { .. });
            if !movable(kind) || is_load && writes_below {
                continue;
            }
            if is_param_cast(f, i) && use_blocks(&block_of, &uses, i) > 1 {
                continue;
            }
            let Some(target) = target(&dom, &loop_of, &preds, &block_of, &uses, i, b, is_load)
            else {
                continue;
            };
            if !cx.may_rewrite() {
                continue;
            }
            f.block_mut(b).insts.retain(|&x| x != i);
            let at = f
                .block(target)
                .insts
                .iter()
                .position(|&x| !matches!(f.inst(x).kind, InstKind::Phi { .. }))
                .unwrap_or(0);
            f.block_mut(target).insts.insert(at, i);
            block_of.insert(i, target);
            *moved += 1;
            any = true;
        }
    }
    any
}

/// Whether the instruction may write memory (or order memory: barriers,
/// fences, calls that are not pure).
pub(super) fn writes_memory(k: &InstKind) -> bool {
    match k {
        InstKind::Store { .. }
        | InstKind::AtomicRmw { .. }
        | InstKind::CmpXchg { .. }
        | InstKind::Fence { .. }
        | InstKind::CallIndirect { .. } => true,
        InstKind::Call { callee, .. } => !callee.is_pure(),
        InstKind::Asm(_) => true,
        _ => false,
    }
}

/// Whether the instruction may move at all: no phi, alloca, terminator,
/// side effect or inline assembly.
fn movable(k: &InstKind) -> bool {
    !matches!(
        k,
        InstKind::Phi { .. } | InstKind::Alloca { .. } | InstKind::Asm(_)
    ) && !k.is_terminator()
        && !k.has_side_effects()
        && !writes_memory(k)
}

/// In how many blocks `i`'s result is read (a phi's use counted in the
/// block its value comes from).
fn use_blocks(block_of: &HashMap<InstId, BlockId>, uses: &Uses, i: InstId) -> usize {
    let mut blocks: Vec<BlockId> = uses
        .get(&i)
        .map_or(&[][..], Vec::as_slice)
        .iter()
        .filter_map(|&(user, from)| from.or_else(|| block_of.get(&user).copied()))
        .collect();
    blocks.sort_unstable();
    blocks.dedup();
    blocks.len()
}

/// The nearest common dominator of `a` and `b`.
fn common_dominator(dom: &DomTree, mut a: BlockId, mut b: BlockId) -> BlockId {
    while a != b {
        if dom.rpo_position(a) > dom.rpo_position(b) {
            a = dom.idom[a.0 as usize].expect("reachable");
        } else {
            b = dom.idom[b.0 as usize].expect("reachable");
        }
    }
    a
}

/// The block `i` (in `b`) sinks to, if any: LLVM's `SinkInstruction`.
#[allow(clippy::too_many_arguments)] // the analyses the choice reads
fn target(
    dom: &DomTree,
    loop_of: &[Option<usize>],
    preds: &[Vec<BlockId>],
    block_of: &HashMap<InstId, BlockId>,
    uses: &Uses,
    i: InstId,
    b: BlockId,
    is_load: bool,
) -> Option<BlockId> {
    let mut to: Option<BlockId> = None;
    for &(user, from) in uses.get(&i).map_or(&[][..], Vec::as_slice) {
        let Some(&ub) = block_of.get(&user) else {
            continue;
        };
        let ub = from.unwrap_or(ub);
        if !dom.is_reachable(ub) {
            continue;
        }
        let t = match to {
            Some(t) => common_dominator(dom, t, ub),
            None => ub,
        };
        if !dom.dominates(b, t) {
            return None;
        }
        to = Some(t);
    }
    let mut to = to?;
    let acceptable = |t: BlockId| {
        let only_from_b = {
            let p = &preds[t.0 as usize];
            !p.is_empty() && p.iter().all(|&x| x == b)
        };
        if only_from_b {
            return true;
        }
        // Another way in: no load, only a block `b` dominates, no other loop.
        let inner = loop_of[t.0 as usize];
        !is_load && dom.dominates(b, t) && (inner.is_none() || inner == loop_of[b.0 as usize])
    };
    while to != b && !acceptable(to) {
        to = dom.idom[to.0 as usize].expect("reachable");
    }
    (to != b).then_some(to)
}

/// Whether `i` casts a parameter to another address space.
fn is_param_cast(f: &Function, i: InstId) -> bool {
    matches!(
        &f.inst(i).kind,
        InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: Value::Arg(_)
        }
    )
}

/// The entry block's parameter casts at its top (after the allocas), the
/// one first read last first, as NVPTX's scheduler leaves nvcc's
/// `cvta.to.global.u64`s right after the `ld.param`s. Returns how many moved.
fn order_entry_casts(f: &mut Function, cx: &super::PassContext) -> usize {
    let entry = f.entry();
    let insts = f.block(entry).insts.clone();
    let casts: Vec<InstId> = insts
        .iter()
        .copied()
        .filter(|&i| is_param_cast(f, i))
        .collect();
    if casts.is_empty() {
        return 0;
    }
    let first_read = |c: InstId| {
        insts
            .iter()
            .position(|&u| {
                let mut reads = false;
                f.inst(u)
                    .kind
                    .for_each_operand(|v| reads |= v.as_inst() == Some(c));
                reads
            })
            .unwrap_or(usize::MAX)
    };
    let mut order = casts.clone();
    order.sort_by_key(|&c| std::cmp::Reverse(first_read(c)));
    let top = insts
        .iter()
        .take_while(|&&i| matches!(f.inst(i).kind, InstKind::Alloca { .. }))
        .count();
    let rest: Vec<InstId> = insts[top..]
        .iter()
        .copied()
        .filter(|i| !casts.contains(i))
        .collect();
    let new: Vec<InstId> = insts[..top]
        .iter()
        .copied()
        .chain(order)
        .chain(rest)
        .collect();
    if new == insts || !cx.may_rewrite() {
        return 0;
    }
    let moved = new
        .iter()
        .zip(&insts)
        .filter(|(a, b)| a != b)
        .count()
        .min(casts.len());
    f.block_mut(entry).insts = new;
    moved
}

/// Orders the entry block's parameter casts, then moves each cast of a
/// parameter in another block down to just before its first reader there
/// (the number moved).
fn place_casts(f: &mut Function, cx: &super::PassContext) -> usize {
    let mut moved = 0;
    // Each cast moves once: two casts read by the same instruction would
    // otherwise pass each other without end (HeCBench's concat hung here).
    let mut placed = crate::collections::HashSet::default();
    let entry = f.entry();
    moved += order_entry_casts(f, cx);
    for b in f.layout.clone() {
        if b == entry {
            continue;
        }
        let mut k = 0;
        while k < f.block(b).insts.len() {
            let i = f.block(b).insts[k];
            let is_param_cast = !placed.contains(&i) && is_param_cast(f, i);
            let insts = &f.block(b).insts;
            let reader = insts[k + 1..].iter().position(|&u| {
                let mut reads = false;
                f.inst(u)
                    .kind
                    .for_each_operand(|v| reads |= v.as_inst() == Some(i));
                reads && !matches!(f.inst(u).kind, InstKind::Phi { .. })
            });
            match reader {
                Some(r) if is_param_cast && r > 0 && cx.may_rewrite() => {
                    let insts = &mut f.block_mut(b).insts;
                    insts.remove(k);
                    // The reader was at k + 1 + r; it is now at k + r.
                    insts.insert(k + r, i);
                    placed.insert(i);
                    moved += 1;
                    // What moved up into position k is looked at next.
                }
                _ => k += 1,
            }
        }
    }
    moved
}
