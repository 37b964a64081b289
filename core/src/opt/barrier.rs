//! Dead barrier elimination: NVIDIA's `basic-dbe` and `branch-dist` (cicc
//! digest part 2, sections N and O). A `__syncthreads()` orders the shared
//! and global memory accesses of a block's threads before it against those
//! after it; where no pair of them could conflict, the barrier orders
//! nothing and can go.
//!
//! Both passes classify each instruction as reading (R) and/or writing (W)
//! shared or global memory (local memory, address space 5, is per thread
//! and ignored; calls, fences and memory-touching inline asm read and
//! write), then look at the accesses "above" a barrier (back to the
//! previous barrier) and "below" it (on to the next one). They differ only
//! in how far they look:
//!
//! - `basic-dbe` stays inside the barrier's block: a block's start is
//!   unknown (R+W) unless it is a kernel's entry (nothing ran before), and
//!   its end is unknown unless it returns from a kernel (nothing runs
//!   after). So it removes repeated barriers and those at a kernel's start
//!   or end with no access on that side.
//! - `branch-dist` propagates the accesses over the CFG (a fixed point, as
//!   cicc's phase 2, meet = or), so it sees through branches and loops.
//!
//! The keep rule is the digest's safe one (its reviewer's note: cicc's
//! stated conditions would delete a barrier between a write and a read):
//! a barrier stays when a write above meets a read or write below, or a
//! read above meets a write below. Only the plain `__syncthreads()`
//! (`llvm.nvvm.barrier0`) is removed; the data-carrying
//! `__syncthreads_count/and/or` are never removed (they bound the regions
//! as barriers), and a named `barrier.sync`, which may wait for part of
//! the block only, counts as an access.
//!
//! nvcc 13.5 removes no barrier: two and five adjacent `__syncthreads()`,
//! one at a kernel's entry or exit, one with only reads around it, one in
//! a kernel without memory accesses all stay in its PTX. So the pipelines
//! do not run these passes (see `pipeline.rs`); they are in the stage
//! table, for filetests and to show what cicc's passes would do.

use crate::ir::{Callee, Function, InstId, InstKind, Intrinsic, Module, Type, Value};

/// Accesses as bits.
const R: u8 = 1;
const W: u8 = 2;
const RW: u8 = R | W;

pub fn run_basic(m: &mut Module, cx: &super::PassContext) -> bool {
    run(m, cx, Scope::Block)
}

pub fn run_branch_dist(m: &mut Module, cx: &super::PassContext) -> bool {
    run(m, cx, Scope::Cfg)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Scope {
    Block,
    Cfg,
}

fn run(m: &mut Module, cx: &super::PassContext, scope: Scope) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let before = super::remark::size(f);
        let mut removed = false;
        // One barrier at a time, then the analysis again (as cicc restarts):
        // a removed barrier joins the regions on its two sides.
        while let Some(b) = dead_barrier(f, scope) {
            if !cx.may_rewrite() {
                break;
            }
            f.delete_insts([b]);
            removed = true;
        }
        if removed {
            changed = true;
            cx.changed_function(f, before, "dead barriers deleted");
        }
    }
    changed
}

/// What an instruction is to the analysis.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sync {
    /// `__syncthreads()`: bounds the regions, may be removed.
    Plain,
    /// `__syncthreads_count/and/or`: bounds the regions, stays.
    Carrying,
}

fn sync_of(f: &Function, i: InstId) -> Option<Sync> {
    match &f.inst(i).kind {
        InstKind::Call {
            callee: Callee::Intrinsic(Intrinsic::Barrier0),
            ..
        } => Some(Sync::Plain),
        InstKind::Call {
            callee: Callee::Intrinsic(Intrinsic::BarrierRed(_)),
            ..
        } => Some(Sync::Carrying),
        _ => None,
    }
}

/// The shared/global accesses of an instruction (not a barrier).
fn access(f: &Function, i: InstId) -> u8 {
    let local = |p: &Value| f.value_type(p) == Type::Ptr(5);
    match &f.inst(i).kind {
        InstKind::Load { ptr, .. } if !local(ptr) => R,
        InstKind::Store { ptr, .. } if !local(ptr) => W,
        InstKind::AtomicRmw { ptr, .. } | InstKind::CmpXchg { ptr, .. } if !local(ptr) => RW,
        InstKind::Fence { .. } | InstKind::CallIndirect { .. } => RW,
        k @ (InstKind::Call { .. } | InstKind::Asm(_)) if k.has_side_effects() => RW,
        _ => 0,
    }
}

/// A block in the analysis' terms: the accesses before its first barrier
/// (`top`), after its last (`bottom`), and whether it has one.
struct Summary {
    top: u8,
    bottom: u8,
    has_sync: bool,
}

fn summarize(f: &Function, b: crate::ir::BlockId) -> Summary {
    let mut s = Summary {
        top: 0,
        bottom: 0,
        has_sync: false,
    };
    for &i in &f.block(b).insts {
        if sync_of(f, i).is_some() {
            s.has_sync = true;
            s.bottom = 0;
        } else {
            let a = access(f, i);
            s.bottom |= a;
            if !s.has_sync {
                s.top |= a;
            }
        }
    }
    s
}

/// What may run before a function's entry and after its returns: nothing
/// for a kernel, anything for a device function (its callers).
fn outside(f: &Function) -> u8 {
    if f.attrs.kernel {
        0
    } else {
        RW
    }
}

/// The accesses reaching each block's start from above and its end from
/// below, over the CFG (`Scope::Cfg`) or assumed (`Scope::Block`).
fn boundaries(f: &Function, scope: Scope) -> (Vec<u8>, Vec<u8>) {
    let n = f.blocks.len();
    let exits = |b: crate::ir::BlockId| match f.terminator(b).map(|t| &t.kind) {
        Some(InstKind::Ret { .. }) => outside(f),
        Some(InstKind::Unreachable) => 0,
        _ => RW,
    };
    let mut above = vec![RW; n];
    let mut below = vec![RW; n];
    above[f.entry().0 as usize] = outside(f);
    for &b in &f.layout {
        if f.successors(b).is_empty() {
            below[b.0 as usize] = exits(b);
        }
    }
    if scope == Scope::Block {
        return (above, below);
    }
    let sums: Vec<Option<Summary>> = (0..n)
        .map(|b| {
            let b = crate::ir::BlockId(b as u32);
            f.layout.contains(&b).then(|| summarize(f, b))
        })
        .collect();
    let preds = f.predecessors();
    above.fill(0);
    below.fill(0);
    let entry = f.entry();
    loop {
        let mut moved = false;
        for &b in &f.layout {
            let bi = b.0 as usize;
            let mut a = if b == entry { outside(f) } else { 0 };
            for p in &preds[bi] {
                let s = sums[p.0 as usize].as_ref().unwrap();
                a |= if s.has_sync {
                    s.bottom
                } else {
                    above[p.0 as usize] | s.bottom
                };
            }
            let succs = f.successors(b);
            let mut d = if succs.is_empty() { exits(b) } else { 0 };
            for s in &succs {
                let t = sums[s.0 as usize].as_ref().unwrap();
                d |= if t.has_sync {
                    t.top
                } else {
                    below[s.0 as usize] | t.top
                };
            }
            if a != above[bi] || d != below[bi] {
                above[bi] |= a;
                below[bi] |= d;
                moved = true;
            }
        }
        if !moved {
            return (above, below);
        }
    }
}

/// Whether a barrier with accesses `above` and `below` orders anything:
/// a write above against a read or write below, a read above against a
/// write below.
fn needed(above: u8, below: u8) -> bool {
    (above & W != 0 && below != 0) || (above & R != 0 && below & W != 0)
}

/// The first removable barrier that orders nothing.
fn dead_barrier(f: &Function, scope: Scope) -> Option<InstId> {
    let (above, below) = boundaries(f, scope);
    for &b in &f.layout {
        let insts = &f.block(b).insts;
        let mut seen = above[b.0 as usize];
        for (k, &i) in insts.iter().enumerate() {
            match sync_of(f, i) {
                Some(sync) => {
                    if sync == Sync::Plain {
                        let mut after = 0;
                        let mut bounded = false;
                        for &j in &insts[k + 1..] {
                            if sync_of(f, j).is_some() {
                                bounded = true;
                                break;
                            }
                            after |= access(f, j);
                        }
                        if !bounded {
                            after |= below[b.0 as usize];
                        }
                        if !needed(seen, after) {
                            return Some(i);
                        }
                    }
                    seen = 0;
                }
                None => seen |= access(f, i),
            }
        }
    }
    None
}
