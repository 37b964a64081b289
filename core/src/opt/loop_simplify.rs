//! loop-simplify: puts every loop in the form the loop passes expect
//! (LLVM's pass of the same name): a preheader (`<header>.preheader`, the
//! one block that enters the loop), a single latch (`<header>.backedge`,
//! the one block that branches back) and dedicated exits
//! (`<exit>.loopexit`, blocks entered only from the loop).
//!
//! The loop passes make what they need themselves (loop-rotate a preheader
//! and a single latch, licm and loop-unroll a preheader), so the pipelines
//! do not run it; it shows the form on its own, and the helpers it runs
//! live in `loops.rs`.

use super::loops::*;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "loops put in canonical form", run_function)
}

pub fn run_function(f: &mut Function) -> bool {
    let li = LoopInfo::new(f, &DomTree::new(f));
    let headers: Vec<BlockId> = li
        .innermost_first()
        .into_iter()
        .map(|i| li.loops[i].header)
        .collect();
    let mut changed = false;
    for h in headers {
        // Each step changes blocks of this loop or enclosing ones: recompute.
        let loop_of = |f: &Function| LoopInfo::new(f, &DomTree::new(f)).with_header(h).cloned();
        let Some(l) = loop_of(f) else { continue };
        if l.preheader(f, &f.predecessors()).is_none() && ensure_preheader(f, &l).is_some() {
            changed = true;
        }
        let Some(l) = loop_of(f) else { continue };
        if l.latches.len() > 1 && ensure_single_latch(f, &l).is_some() {
            changed = true;
        }
        let Some(l) = loop_of(f) else { continue };
        let before = f.blocks.len();
        ensure_dedicated_exits(f, &l);
        changed |= f.blocks.len() != before;
    }
    changed
}
