//! The IR interpreter: runs one kernel launch of an IR [`Module`] on the CPU.
//!
//! It is the oracle for the optimizer: every pass must leave a kernel's
//! results unchanged, so the results after each pass run are compared with the
//! results at -O0 (`sim/tests/interp.rs`), and `ptxlab run` shows them.
//!
//! How a launch runs (`run_kernel`):
//! - **Memory.** Global buffers live in a [`Memory`] the caller fills; a
//!   kernel's pointer arguments point into them. Module variables in the
//!   global and constant spaces are buffers of the same `Memory` (named, see
//!   [`Memory::symbol`]), created from their initializers on first use. Each
//!   block has its own shared memory (the module's `addrspace(3)` variables,
//!   plus the launch's dynamic shared bytes for `extern __shared__`), each
//!   thread its own local memory (one region per `alloca`). Everything starts
//!   zeroed, as `undef` values read as zero, so a kernel reads the same before
//!   and after mem2reg.
//! - **Pointers** are 64-bit values that carry their space, region and offset
//!   (`memory::Ptr`): a generic pointer works wherever it points, an
//!   `addrspacecast` keeps the bits, and an access through a pointer of a
//!   named space checks that the pointer points into that space. Accesses out
//!   of bounds, misaligned, through null or into constant memory are errors
//!   that name the instruction — never executed, never a panic.
//! - **Threads** are resumable state machines (call frames over a register
//!   file). A block's threads run one after another, each until it reaches a
//!   barrier, a warp-wide operation or its end. Threads form warps of 32
//!   consecutive threads: when a warp's lanes have stopped, the lanes waiting
//!   at a shuffle, vote or `__syncwarp` (those of its mask that have not
//!   exited) perform it together and go on. When every live thread of the
//!   block waits at the same barrier they all go on (`__syncthreads_count`
//!   and friends get their combined predicate). Threads at different barriers,
//!   or lanes of a mask at different warp operations, are errors. Because a
//!   thread runs alone between these meeting points, a transformation that
//!   keeps one thread's meaning cannot change the results, even of a kernel
//!   with a data race; atomics are atomic for the same reason, and their order
//!   (thread by thread, warp by warp, block by block) is the same every run.
//! - **Arithmetic** follows the IR: integers wrap at their width, shifts by
//!   the width or more give PTX's clamped results, division by zero is an
//!   error; f32 is computed in f32 and f64 in f64 with IEEE rounding, each
//!   instruction rounded on its own (`contract` allows a backend to fuse, it does
//!   not fuse here); with `ftz`, f32 denormal inputs and results are flushed to
//!   zero as PTX's `.ftz` instructions do; `fptosi`/`fptoui` saturate as `cvt.rzi`
//!   does and map NaN as a GPU does (measured on an H200: a double's NaN to the
//!   destination's sign bit, a float's to 0 below 64 bits; `rounding.rs`). NVVM's intrinsics with a rounding mode
//!   (`add.rz`, `fma.rm`, `cvt.rpi`, `cvt.rz.f32.s64`) round exactly in that
//!   mode, their `.ftz` coming from the name; the approximate ones
//!   (`sin.approx`, `rsqrt.approx`, `div.approx`) are computed in f64 and
//!   rounded once, within PTX's documented error (`rounding.rs`).
//!
//! Architecture Invariant: no input (module, launch or memory) makes the
//! interpreter panic or run without bound: the step limit stops loops, the
//! call-depth limit stops recursion, the local-memory limit stops allocas.

pub(crate) mod exec;
pub(crate) mod program;

// The launch types, so that `interp::Memory`, `interp::run_kernel` … read as
// one API.
pub use crate::model::{
    ArgValue, BufferId, Config, Elem, ErrorKind, InterpError, Launch, Location, Memory, Stats,
};

use ptxlab_core::ir::Module;

/// Runs `kernel` (its IR name, e.g. `_Z5saxpyifPKfPf`) over the launch's grid.
/// Buffers in `memory` keep what the kernel wrote, also when the launch fails
/// part way.
pub fn run_kernel(
    module: &Module,
    kernel: &str,
    launch: &Launch,
    memory: &mut Memory,
    config: &Config,
) -> Result<Stats, InterpError> {
    let program = program::Program::new(module, kernel, launch, memory, config)?;
    exec::run(&program, launch, memory, config)
}
