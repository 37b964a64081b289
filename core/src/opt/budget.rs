//! The optimizer's resource budgets: a kernel that inlines or unrolls to a
//! huge size, or IR that outgrows the memory a browser tab can spare, ends
//! the compile with one error naming the limit, quickly, instead of
//! running for minutes or exhausting the tab.
//!
//! - [`MAX_INSTS_AFTER_INLINING`]: live IR instructions in the module after
//!   the inliners (`__forceinline__` chains that multiply, templates called
//!   everywhere). They stop copying once past it.
//! - [`MAX_INSTS_AFTER_UNROLLING`]: the same after loop-unroll (each
//!   `#pragma unroll` loop is held to cicc's 32768 instructions, but a
//!   kernel may hold many). The unroller stops once past it.
//! - [`MAX_IR_BYTES`]: the instruction and block arenas of every function
//!   (the dead entries that passes leave included), after the link and
//!   after every pass run: IR straight from a huge source, or grown by
//!   churn.
//!
//! Real code stays far below them: HeCBench's bm3d-cuda, our largest
//! unrolled real file, peaks at 1,850 live instructions and 360 KiB of
//! arenas at -O3 (`filtering.cu`). `tests/limits.rs` holds a kernel over
//! each one.

use super::Pass;
use crate::ir::{Block, Function, Inst, Module};

/// The most live IR instructions a module may hold after inlining.
pub const MAX_INSTS_AFTER_INLINING: usize = 500_000;
/// The most live IR instructions a module may hold after loop unrolling.
pub const MAX_INSTS_AFTER_UNROLLING: usize = 500_000;
/// The most bytes the IR's instruction and block arenas may take.
pub const MAX_IR_BYTES: usize = 256 << 20;

/// Live instructions of `f` (in blocks of its layout).
pub fn live_insts(f: &Function) -> usize {
    f.layout.iter().map(|b| f.block(*b).insts.len()).sum()
}

/// The bytes of `f`'s arenas (dead entries included).
pub fn arena_bytes(f: &Function) -> usize {
    f.insts.len() * std::mem::size_of::<Inst>() + f.blocks.len() * std::mem::size_of::<Block>()
}

/// The error of a module over a budget after `pass` (`None`: the link, or
/// a pass run that only the memory budget applies to), at the first line of
/// its largest function; `None` when within them.
pub fn check(m: &Module, pass: Option<Pass>) -> Option<(u32, String)> {
    let defined = || m.functions.iter().filter(|f| !f.is_declaration());
    let (insts_limit, after) = match pass {
        Some(Pass::Inline | Pass::AlwaysInline) => (MAX_INSTS_AFTER_INLINING, "inlining"),
        Some(Pass::LoopUnroll) => (MAX_INSTS_AFTER_UNROLLING, "loop unrolling"),
        _ => (usize::MAX, ""),
    };
    if insts_limit < usize::MAX {
        let live: usize = defined().map(live_insts).sum();
        if live > insts_limit {
            let big = defined().max_by_key(|f| live_insts(f))?;
            return Some((
                first_line(big),
                format!(
                    "the IR after {after} has {live} instructions, more than the limit of \
                     {insts_limit} (function \"{}\" has {})",
                    big.name,
                    live_insts(big)
                ),
            ));
        }
    }
    let bytes: usize = defined().map(arena_bytes).sum();
    if bytes > MAX_IR_BYTES {
        let big = defined().max_by_key(|f| arena_bytes(f))?;
        return Some((
            first_line(big),
            format!(
                "the IR takes {} MiB, more than the limit of {} MiB (function \"{}\" takes {} MiB)",
                bytes >> 20,
                MAX_IR_BYTES >> 20,
                big.name,
                arena_bytes(big) >> 20
            ),
        ));
    }
    None
}

/// The first source line an instruction of `f` carries (0: none).
fn first_line(f: &Function) -> u32 {
    f.insts
        .iter()
        .filter_map(|i| i.loc)
        .map(|l| l.line)
        .find(|&l| l > 0)
        .unwrap_or(0)
}
