//! ptxlab-accuracy: the accuracy report of the CUDA math functions
//! (`cargo run -p ptxlab-accuracy --bin libdevice-report`,
//! `tests/libdevice.rs`): each function, compiled by our pipeline (with its
//! libdevice code linked) and run in the IR interpreter, one launch over all
//! samples, against a reference in f64, in units in the last place (ulp)
//! of the result type. [`FUNCTIONS`] is the single table of what is measured
//! and of the documented bounds (CUDA C Programming Guide, "Mathematical
//! Functions", maximum ulp error per function).
//!
//! Samples: uniform and log-uniform over each function's regions, every
//! combination of the special values ([`specials`]: ±0, denormals, ±1, ±Inf,
//! NaN, the largest finite) and the function's own hard cases. Where the
//! reference is NaN, ±Inf or ±0 the result must be the same exactly (C99
//! Annex F); elsewhere its error counts toward the maximum.
//!
//! Double functions are measured against a 320-bit reference ([`mpref`],
//! the `mpref` feature). The fast intrinsics (`__sinf`, `__expf`, …) are one
//! to three approximate PTX instructions (`sin.approx`, `ex2.approx`, …),
//! which the interpreter computes correctly rounded: their rows check the
//! lowering (the scale constants, the operands, the special values), not
//! the approximation error of the hardware.
//!
//! A development crate: the compiler library keeps no measuring code.
//! `function.rs` and `table.rs` say what is measured, `reference.rs` holds
//! the f64 reference math std lacks, `inputs.rs` the samples and the kernel,
//! `measure.rs` the measuring and the report's text, `mpref.rs` the 320-bit
//! reference.

mod function;
mod inputs;
mod measure;
#[cfg(feature = "mpref")]
pub mod mpref;
mod reference;
mod table;

pub use function::*;
pub use inputs::{inputs, kernel_source, specials};
pub use measure::{format, measure, measure_all, measure_with, select, ulp_error, Row};
pub use table::FUNCTIONS;
