//! ptxlab-sim: runs kernels on the CPU, one launch at a time.
//!
//! Two front ends over one machine model (`model`: memory spaces, pointers
//! and access checks, the scheduler of threads, warps and barriers, the
//! warp-wide operations, atomics, float semantics and rounding, `printf`,
//! the launch and its limits); neither front end imports the other:
//! - [`interp`], the IR interpreter: runs a kernel of an IR module — the
//!   optimizer's oracle (every pass run must keep a kernel's results) and
//!   `ptxlab run`;
//! - [`emu`], the PTX emulator: runs PTX text, ours and NVRTC's — the
//!   backend's oracle and `ptxlab run-ptx`.
//!
//! [`bisect`] finds the pass run, and the rewrite in it, that changes a
//! launch's result (`ptxlab bisect` and the page's Run panel).
//!
//! [`spec`] reads a launch as the CLI and the web page write it
//! (`--grid 4 --block 256 --args 1000,2.0,f32[1000]:iota`).
//!
//! Architecture Invariant: no input (module, PTX text, launch or memory)
//! makes a front end panic or run without bound; it runs the same natively
//! and in wasm32.

pub mod bisect;
pub mod emu;
pub mod interp;
mod model;
pub mod reduce;
pub mod spec;

pub use model::{
    approx_error, set_approx_error, AccessKind, ApproxError, ArgValue, BufferId, Config, Elem,
    ErrorKind, Finding, FindingKind, InterpError, Launch, Location, Memory, Other, Stats,
};
