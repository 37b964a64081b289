//! Differential testing of ptxlab with random kernels (issue 17): a
//! seeded generator of well-defined CUDA programs in Csmith's style
//! ([`gen`]) and the oracles that must agree on each ([`oracle`]).
//! `cargo xtask difftest` runs batches; `tests/batch.rs` a fixed one; a
//! mismatch is reduced and written to `found/` ([`reduce`]); [`bundle`]
//! writes programs for a run on a real GPU.

pub mod bundle;
pub mod gen;
/// NVRTC loaded at run time: the test suites' loader, one source of truth.
#[path = "../../core/tests/common/nvrtc.rs"]
#[allow(dead_code)]
pub mod nvrtc;
pub mod oracle;
pub mod reduce;
pub mod rng;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// What a batch did.
#[derive(Debug, Default)]
pub struct Summary {
    pub programs: u64,
    /// Oracle runs that agreed, over all programs.
    pub oracles: u64,
    /// IR instructions the references executed.
    pub steps: u64,
    pub mismatches: Vec<oracle::Mismatch>,
}

/// Runs the programs of seeds `first .. first + count` on `jobs` threads;
/// `report` sees each mismatch as it is found.
pub fn run_batch(
    first: u64,
    count: u64,
    jobs: usize,
    checks: &oracle::Checks,
    report: &(dyn Fn(&oracle::Mismatch) + Sync),
) -> Summary {
    let next = AtomicU64::new(0);
    let (oracles, steps) = (AtomicU64::new(0), AtomicU64::new(0));
    let mismatches = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let p = gen::generate(first.wrapping_add(i));
                match oracle::check(&p, checks) {
                    Ok(passed) => {
                        oracles.fetch_add(passed.oracles as u64, Ordering::Relaxed);
                        steps.fetch_add(passed.steps, Ordering::Relaxed);
                    }
                    Err(m) => {
                        report(&m);
                        mismatches.lock().unwrap().push(m);
                    }
                }
            });
        }
    });
    let mut mismatches = mismatches.into_inner().unwrap();
    mismatches.sort_by_key(|m| m.seed);
    Summary {
        programs: count,
        oracles: oracles.into_inner(),
        steps: steps.into_inner(),
        mismatches,
    }
}
