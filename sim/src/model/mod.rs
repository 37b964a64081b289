//! The machine both front ends run on, so that each only decodes its
//! instruction set into it: what a launch is ([`Launch`], [`ArgValue`]),
//! the limits it runs under ([`Config`], [`check_dims`]), what it did
//! ([`Stats`]) and how it fails ([`InterpError`], [`ErrorKind`],
//! [`Location`]); the scheduler of blocks, threads, warps and barriers with
//! the warp-wide operations and special registers (`sched.rs`, the
//! [`sched::Front`] trait a front end implements); memory, its pointers and
//! the access checks (`memory.rs`); values and integer operations, atomics
//! (`value.rs`); shuffles (`warp.rs`); IEEE arithmetic with PTX's `.ftz`
//! (`float.rs`), the rounding modes and `.approx` operations
//! (`rounding.rs`) and their error model (`approx.rs`: results at the ends
//! of the documented error, a mode the accuracy tests use), device `printf` (`printf.rs`), asynchronous copies and
//! memory barriers (`asyncmem.rs`), and the checks for
//! undefined behaviour that do not stop a run (`check.rs`: shared- and
//! global-memory races, uninitialized shared reads).

pub(crate) mod approx;
pub(crate) mod asyncmem;
pub(crate) mod check;
pub(crate) mod coop;
pub(crate) mod float;
pub(crate) mod fp8;
pub(crate) mod half;
pub(crate) mod memory;
pub(crate) mod printf;
pub(crate) mod rounding;
pub(crate) mod sched;
pub(crate) mod value;
pub(crate) mod warp;
pub(crate) mod wmma;

pub use approx::{approx_error, set_approx_error, ApproxError};
pub use check::{AccessKind, Finding, FindingKind, Other};
pub use memory::{BufferId, Elem, Memory};

use ptxlab_core::Options;
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
    /// Whether the run looks for undefined behaviour that does not stop it
    /// (data races and uninitialized reads of shared memory), into
    /// [`Stats::undefined`].
    pub check_undefined: bool,
    /// Whether launches are cooperative (`cudaLaunchCooperativeKernel`):
    /// every block of the grid resident at once, their threads interleaved,
    /// and a grid workspace for `grid.sync()` (`coop.rs`). A grid larger
    /// than the model's GPU holds at once fails to launch.
    pub cooperative: bool,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            options: Options::default(),
            max_steps: 100_000_000,
            max_call_depth: 1000,
            max_local_bytes: 512 * 1024,
            check_undefined: true,
            cooperative: false,
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
    /// The undefined behaviour the run found without stopping (at most
    /// [`check::MAX_FINDINGS_PER_KIND`] of each kind, one per pair of sites);
    /// empty when [`Config::check_undefined`] is off.
    pub undefined: Vec<Finding>,
    /// What the checks found that is well defined on the targets we compile
    /// for but worth a word ([`FindingKind::is_warning`]: a barrier reached
    /// after some threads exited).
    pub warnings: Vec<Finding>,
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

    /// An error at `at`, before the launch's output is added.
    pub(crate) fn located(kind: ErrorKind, message: String, at: Location) -> InterpError {
        InterpError {
            kind,
            message,
            at: Some(Box::new(at)),
            output: String::new(),
        }
    }

    /// Whether the run stopped at undefined behaviour of the kernel's own
    /// that cannot be run on (a division by zero, a barrier not every live
    /// thread reaches the same number of times, a warp operation whose mask
    /// names lanes that are not there): `ptxlab run` exits 3 on it, as on a
    /// finding. Faults of the access checks (bounds, alignment) are errors.
    pub fn is_undefined(&self) -> bool {
        matches!(
            self.kind,
            ErrorKind::DivisionByZero | ErrorKind::DivergentBarrier | ErrorKind::DivergentWarp
        )
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

/// Shared memory a block may use: the largest any GPU gives (227 KiB).
pub(crate) const MAX_SHARED_BYTES: u64 = 227 * 1024;
/// The largest module variable the interpreter creates.
pub(crate) const MAX_SYMBOL_BYTES: u64 = 256 << 20;

pub(crate) fn check_dims(launch: &Launch) -> Result<(), InterpError> {
    let [gx, gy, gz] = launch.grid;
    let [bx, by, bz] = launch.block;
    if launch.grid.contains(&0) || launch.block.contains(&0) {
        return Err(InterpError::launch(format!(
            "grid ({gx},{gy},{gz}) and block ({bx},{by},{bz}) dimensions must be at least 1"
        )));
    }
    let threads = u64::from(bx) * u64::from(by) * u64::from(bz);
    if threads > 1024 || bz > 64 {
        return Err(InterpError::launch(format!(
            "a block of ({bx},{by},{bz}) threads is too large: at most 1024 threads, and z at most 64"
        )));
    }
    if gx > i32::MAX as u32 || gy > 65535 || gz > 65535 {
        return Err(InterpError::launch(format!(
            "a grid of ({gx},{gy},{gz}) blocks is too large: x at most 2^31-1, y and z at most 65535"
        )));
    }
    if u64::from(launch.dynamic_shared) > MAX_SHARED_BYTES {
        return Err(InterpError::launch(format!(
            "{} bytes of dynamic shared memory is more than a block can have ({MAX_SHARED_BYTES})",
            launch.dynamic_shared
        )));
    }
    Ok(())
}
