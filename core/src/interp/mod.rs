//! The IR interpreter: runs one kernel launch of an IR [`Module`] on the CPU.
//!
//! It is the oracle for the optimizer: every pass must leave a kernel's
//! results unchanged, so the results after each pass run are compared with the
//! results at -O0 (`core/tests/interp.rs`), and `ptxlab run` shows them.
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
pub(crate) mod float;
pub(crate) mod memory;
pub(crate) mod printf;
pub(crate) mod program;
pub(crate) mod rounding;
pub mod spec;

pub use memory::{BufferId, Elem, Memory};

use crate::ir::Module;
use crate::options::Options;
use std::fmt;

/// One kernel launch: `kernel<<<grid, block, dynamic_shared>>>(args…)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    /// Bytes of dynamic shared memory (`extern __shared__` arrays).
    pub dynamic_shared: u32,
    /// One per kernel parameter, in order.
    pub args: Vec<ArgValue>,
}

impl Launch {
    /// A launch with no dynamic shared memory.
    pub fn new(grid: [u32; 3], block: [u32; 3], args: Vec<ArgValue>) -> Launch {
        Launch {
            grid,
            block,
            dynamic_shared: 0,
            args,
        }
    }
}

/// A kernel argument. Integer values fit any integer parameter they fit in
/// (as a signed or an unsigned number); a buffer is a global pointer to its
/// first byte.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ArgValue {
    I32(i32),
    I64(i64),
    F32(f32),
    F64(f64),
    Buffer(BufferId),
}

/// How the interpreter runs: the options the module was compiled with (the
/// math mode, `-ftz`; the answers to `__nvvm_reflect`), and the limits that
/// stop a runaway kernel.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    pub options: Options,
    /// Instructions executed in all threads together before the launch stops.
    pub max_steps: u64,
    /// Nested calls one thread may make.
    pub max_call_depth: usize,
    /// Bytes of local memory (allocas) one thread may hold; 512 KiB is the
    /// hardware's limit.
    pub max_local_bytes: u64,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            options: Options::default(),
            max_steps: 100_000_000,
            max_call_depth: 1000,
            max_local_bytes: 512 * 1024,
        }
    }
}

impl Config {
    /// The configuration that runs a module compiled with `opts`.
    pub fn for_options(opts: &Options) -> Config {
        Config {
            options: opts.clone(),
            ..Config::default()
        }
    }
}

/// What a launch did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// IR instructions executed, over all threads (phis are not counted: they
    /// move on the branch that reaches them).
    pub steps: u64,
    pub blocks: u64,
    pub threads: u64,
    /// Barriers passed, counted once per block.
    pub barriers: u64,
    /// The text device `printf` wrote, in execution order (a block's threads
    /// one after another between barriers, blocks in order), at most 1 MiB.
    pub output: String,
}

/// The kind of a failed launch, for callers that react to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The launch itself is wrong: no such kernel, argument count or type,
    /// grid or block dimensions.
    Launch,
    OutOfBounds,
    Misaligned,
    NullPointer,
    /// A pointer used in a space it does not point into, or a store to
    /// constant memory.
    WrongSpace,
    DivisionByZero,
    DivergentBarrier,
    /// A warp-wide operation (shuffle, vote, `__syncwarp`) whose lanes do not
    /// meet: a lane of its mask waits elsewhere, or it reads a lane that takes
    /// no part.
    DivergentWarp,
    StepLimit,
    /// Too many nested calls, or too much local memory.
    StackOverflow,
    /// `unreachable` executed.
    Unreachable,
    /// Something the interpreter does not implement (an unknown intrinsic, a
    /// call to a function with no body).
    Unsupported,
}

/// Where a failure happened: the instruction, its function and the thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub function: String,
    /// The instruction as printed in the IR.
    pub inst: String,
    /// The source line the instruction came from, when known.
    pub line: Option<u32>,
    pub block_idx: [u32; 3],
    pub thread_idx: [u32; 3],
}

/// A launch that failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InterpError {
    pub kind: ErrorKind,
    pub message: String,
    /// `None` for errors in the launch itself.
    pub at: Option<Box<Location>>,
    /// What device `printf` wrote before the failure.
    pub output: String,
}

impl InterpError {
    pub(crate) fn launch(message: impl Into<String>) -> InterpError {
        InterpError {
            kind: ErrorKind::Launch,
            message: message.into(),
            at: None,
            output: String::new(),
        }
    }
}

impl fmt::Display for InterpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        if let Some(at) = &self.at {
            let [tx, ty, tz] = at.thread_idx;
            let [bx, by, bz] = at.block_idx;
            write!(f, "\n  at: {}\n  in @{}", at.inst, at.function)?;
            if let Some(line) = at.line {
                write!(f, ", source line {line}")?;
            }
            write!(f, "\n  thread ({tx},{ty},{tz}) of block ({bx},{by},{bz})")?;
        }
        Ok(())
    }
}

impl std::error::Error for InterpError {}

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
