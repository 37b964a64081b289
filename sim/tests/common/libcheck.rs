//! What the device-library tests (CUB, cuComplex, fp8, ...) share: a
//! source of our own kernels checked against a reference computed in the
//! test, on our PTX in the emulator and in the IR interpreter at -O0 and
//! -O3 (ptxas accepting our PTX), and the same source compiled by NVRTC
//! with NVIDIA's headers, whose PTX must give the same buffers in the
//! emulator. (Included with `#[path]` after `mod cases;` and `mod common;`.)
#![allow(dead_code)]

use super::cases::{difference, Case, Data};
use super::common;
use super::common::nvrtc::Nvrtc;
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};

/// Whether two runs' buffers hold the same bits.
pub fn same(a: &[(String, Data)], b: &[(String, Data)]) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.0 == y.0 && x.1.elems() == y.1.elems())
}

/// The buffers after `kernel` (a part of its symbol) of `src` runs in
/// the IR interpreter, compiled at `opts`.
pub fn on_ir(
    case: &Case,
    file: &str,
    src: &str,
    opts: &Options,
    kernel: &str,
) -> Vec<(String, Data)> {
    use ptxlab_sim::interp::run_kernel;
    let m = compile_to_ir(file, src, &NoFiles, opts, None)
        .unwrap_or_else(|d| panic!("{kernel}: {d:?}"));
    let symbol = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel && f.name.contains(kernel))
        .unwrap_or_else(|| panic!("no kernel {kernel}"))
        .name
        .clone();
    case.run_with(|l, mem| run_kernel(&m, &symbol, l, mem, &case.config(opts)))
        .unwrap_or_else(|e| panic!("{kernel}: {e}"))
        .0
}

/// Named buffers after a run.
pub type Buffers = Vec<(String, Data)>;

/// What a run's buffers go through before the comparison.
pub type Canon = fn(Buffers) -> Buffers;

/// The buffers as they are (see [`check_runs`]).
pub fn as_is(got: Vec<(String, Data)>) -> Vec<(String, Data)> {
    got
}

/// Our PTX of `src` at -O3 for `arch`; ptxas must accept it.
pub fn our_ptx(file: &str, src: &str, arch: &str) -> String {
    let opts = Options {
        arch: arch.into(),
        opt_level: 3,
        ..Options::default()
    };
    let ours = compile_source(file, src, &opts);
    let Some(ours) = ours.ptx else {
        panic!("{file} at {arch}: {:?}", ours.diagnostics);
    };
    if let Some(e) = common::ptxas_rejects(&ours, arch, &format!("{file}-{arch}")) {
        panic!("ptxas rejects our PTX of {file} at {arch}:\n{e}");
    }
    ours
}

/// Runs each case on `ptx` (ours for `arch`) and in the IR interpreter at
/// -O0 and -O3, each run's buffers through `canon` (NaN bits made one,
/// say), compared with the reference (within its tolerance where it has
/// one): the runs that differ, described.
pub fn check_runs(
    file: &str,
    src: &str,
    arch: &str,
    ptx: &str,
    cases: &[(&str, Case)],
    canon: Canon,
) -> Vec<String> {
    let mut failures = Vec::new();
    for (k, c) in cases {
        let mut got = vec![("our PTX", c.on_ptx(ptx, k))];
        for level in [0, 3] {
            let o = Options {
                arch: arch.into(),
                opt_level: level,
                ..Options::default()
            };
            let what = if level == 0 { "IR -O0" } else { "IR -O3" };
            got.push((what, on_ir(c, file, src, &o, k)));
        }
        for (what, g) in got {
            if let Some(d) = difference(&canon(g), &c.expected) {
                failures.push(format!("{k}, {what}: {d}"));
            }
        }
    }
    failures
}

/// Compiles `src` at -O3 for `arch` (ptxas must accept it) and runs each
/// case on our PTX and in the IR interpreter at -O0 and -O3: the runs
/// that differ from the reference, described.
pub fn check_ours(file: &str, src: &str, arch: &str, cases: &[(&str, Case)]) -> Vec<String> {
    let ptx = our_ptx(file, src, arch);
    check_runs(file, src, arch, &ptx, cases, as_is)
}

/// NVRTC's PTX of `src` for `arch`, with NVIDIA's headers (`include` and
/// `include/cccl`), C++17 and `extra` flags; `None` (and why, printed)
/// where libnvrtc or the header `needs` (under `include`) is absent.
pub fn nvrtc_ptx(file: &str, src: &str, arch: &str, needs: &str, extra: &[&str]) -> Option<String> {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return None;
    };
    let include = lib.parent()?.parent()?.join("include");
    if !include.join(needs).exists() {
        eprintln!("SKIPPED: NVIDIA's {needs} not found");
        return None;
    }
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let mut flags = vec![
        format!("-I{}", include.display()),
        format!("-I{}", include.join("cccl").display()),
        "-std=c++17".to_string(),
    ];
    flags.extend(extra.iter().map(|s| s.to_string()));
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    Some(
        nvrtc
            .compile(file, src, arch, &flags)
            .unwrap_or_else(|log| panic!("NVRTC:\n{log}")),
    )
}

/// Each case on NVRTC's PTX: the runs that differ from the reference.
pub fn check_theirs(ptx: &str, cases: &[(&str, Case)]) -> Vec<String> {
    check_theirs_with(ptx, cases, as_is)
}

/// [`check_theirs`], each run's buffers through `canon` first.
pub fn check_theirs_with(ptx: &str, cases: &[(&str, Case)], canon: Canon) -> Vec<String> {
    cases
        .iter()
        .filter_map(|(k, c)| {
            difference(&canon(c.on_ptx(ptx, k)), &c.expected)
                .map(|d| format!("{k}: NVRTC's PTX: {d}"))
        })
        .collect()
}
