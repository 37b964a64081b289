//! A mismatch made small: the program goes through the reducer
//! (`ptxlab_sim::reduce`) while the same oracle still disagrees, with the
//! seed's launch and inputs fixed, and is written beside the others in
//! `found/` as `seed-N-min.cu` with a header saying what it shows.

use crate::gen::{Program, BLOCK, GRID, THREADS};
use crate::oracle::{Mismatch, Passed};
use ptxlab_core::{NoFiles, Options};
use ptxlab_sim::bisect::LaunchSetup;
use ptxlab_sim::interp::Config;
use ptxlab_sim::reduce::{self, Property, Reduced, Reducer};
use ptxlab_sim::spec::{ArgSpec, BufferInit, ElemType};
use std::path::{Path, PathBuf};

/// The launch every oracle runs for `p`, as the reducer's launch (its
/// undefined-behaviour check runs on it): `out`, `in`, `p0`, `p1`, `scratch`.
pub fn launch_setup(p: &Program) -> LaunchSetup {
    let buffer = |ty, len, init| ArgSpec::Buffer { ty, len, init };
    LaunchSetup {
        kernel: "kernel".into(),
        grid: [GRID, 1, 1],
        block: [BLOCK, 1, 1],
        shared: 0,
        args: vec![
            buffer(ElemType::U64, THREADS, BufferInit::Zeros),
            buffer(
                ElemType::I32,
                p.inputs.len(),
                BufferInit::List(p.inputs.iter().map(|v| v.to_string()).collect()),
            ),
            ArgSpec::Scalar(p.p0.to_string()),
            ArgSpec::Scalar(p.p1.to_string()),
            buffer(ElemType::I64, THREADS * 4, BufferInit::Zeros),
        ],
        config: Config::default(),
    }
}

/// Reduces `p`'s source while `check` still reports a mismatch of
/// `m.oracle` (not a compile failure), testing at most `max_tests`
/// candidates; `None` when the reducer cannot start (the original does not
/// reproduce, or has undefined behaviour).
pub fn reduce_mismatch(
    p: &Program,
    m: &Mismatch,
    check: &dyn Fn(&Program) -> Result<Passed, Mismatch>,
    max_tests: usize,
) -> Option<Reduced> {
    // An EMI mismatch's program is the variant: reduced, it fails the
    // plain oracle (a reduced program has no variant of its own).
    let oracle = m.oracle.trim_start_matches(crate::oracle::EMI).to_string();
    let base = p.clone();
    let test = move |source: &str, _: &LaunchSetup| {
        let mut q = base.clone();
        q.source = source.to_string();
        matches!(check(&q), Err(m2) if m2.oracle == oracle && !m2.detail.starts_with("does not compile"))
    };
    let opts = Options {
        arch: "sm_80".into(),
        opt_level: 0,
        snapshots: false,
        ..Options::default()
    };
    let setup = launch_setup(p);
    let mut r = Reducer::new(
        "difftest.cu",
        &p.source,
        &NoFiles,
        &opts,
        &setup,
        Property::Custom(Box::new(test)),
    )
    .ok()?;
    r.shrink_launch = false;
    r.max_tests = Some(max_tests);
    Some(reduce::reduce(r, |_| {}))
}

/// Writes the reduced program as `dir/seed-N-min.cu`, with a header
/// (the seed, the oracle and what it saw, how to reproduce).
pub fn write_found(dir: &Path, m: &Mismatch, reduced: &Reduced) -> std::io::Result<PathBuf> {
    std::fs::create_dir_all(dir)?;
    let path = dir.join(format!("seed-{}-min.cu", m.seed));
    let detail: String = m
        .detail
        .lines()
        .next()
        .unwrap_or("")
        .chars()
        .take(300)
        .collect();
    let text = format!(
        "// Found by ptxlab-difftest, seed {seed}; reduced automatically ({before} → {after} lines, {tests} tests).\n\
         // Oracle: {oracle}: {detail}\n\
         // Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-{seed}-min.cu --seed {seed}\n{source}",
        seed = m.seed,
        before = reduced.lines_before,
        after = reduced.lines_after,
        tests = reduced.tests,
        oracle = m.oracle,
        source = reduced.case.source,
    );
    std::fs::write(&path, text)?;
    Ok(path)
}
