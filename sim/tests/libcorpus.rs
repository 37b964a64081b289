//! The device-library corpus (`tests/libcorpus/*.cu`, format in
//! `common/libcorpus.rs`): ptxas accepts our PTX of every file on every
//! target it supports, and each kernel, run on NVRTC's PTX of the same
//! source (NVIDIA's headers) in the emulator, gives the reference buffers
//! that our PTX in the emulator and the IR interpreter at -O0 and -O3 must
//! equal bit for bit.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;
#[path = "common/libcorpus.rs"]
mod libcorpus;

use ptxlab_core::{compile_source, Options};

#[test]
fn the_corpus_has_thirty_library_kernels_with_the_issues_examples() {
    let files = libcorpus::files();
    let kernels: Vec<&str> = files
        .iter()
        .flat_map(|f| f.runs.iter().map(|(k, _)| k.as_str()))
        .collect();
    // With the main corpus's library kernels (wmma_gemm, bf16_axpy, ...;
    // checked against NVRTC's by tests/ptx_emu.rs) at least 30.
    let main: usize = common::corpus()
        .iter()
        .filter(|(_, text)| libcorpus::uses_a_library(text))
        .map(|(_, text)| text.matches("__global__").count())
        .sum();
    assert!(kernels.len() + main >= 30, "{main} and {kernels:?}");
    for k in [
        "pi_xorwow",
        "pi_philox",
        "block_sum",
        "block_scan4",
        "block_radix_sort",
        "matmul_cp_async",
        "cg_reduce16",
    ] {
        assert!(kernels.contains(&k), "{k} missing");
    }
    for f in &files {
        for (k, _) in &f.runs {
            assert!(
                f.source.contains(&format!("__global__ void {k}(")),
                "{}: no kernel {k}",
                f.name
            );
        }
    }
}

#[test]
fn ptxas_accepts_every_library_kernel_on_every_target() {
    let mut failures = Vec::new();
    for f in libcorpus::files() {
        for arch in libcorpus::targets(&f.min, common::TARGETS) {
            let opts = Options {
                arch: arch.into(),
                opt_level: 3,
                ..Options::default()
            };
            let out = compile_source(&f.name, &f.source, &opts);
            let Some(ptx) = out.ptx else {
                failures.push(format!("{} at {arch}: {:?}", f.name, out.diagnostics));
                continue;
            };
            if let Some(e) = common::ptxas_rejects(&ptx, arch, &format!("lib-{}-{arch}", f.name)) {
                failures.push(format!("ptxas rejects {} at {arch}:\n{e}", f.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_library_kernel_gives_nvrtcs_buffers() {
    let mut failures = Vec::new();
    for f in libcorpus::files() {
        let name = f.name.clone();
        // One file's panic (an instruction the emulator lacks) is reported
        // with the others'.
        match std::panic::catch_unwind(|| check_file(f)) {
            Ok(Some(mut e)) => failures.append(&mut e),
            Ok(None) => return,
            Err(p) => failures.push(format!(
                "{name}: {}",
                p.downcast_ref::<String>()
                    .map_or("panicked", String::as_str)
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One file's kernels against NVRTC's: the differences (`None` without NVRTC).
fn check_file(f: libcorpus::LibFile) -> Option<Vec<String>> {
    let extra: Vec<&str> = f.nvrtc_options.iter().map(String::as_str).collect();
    let theirs = libcheck::nvrtc_ptx(&f.name, &f.source, &f.arch, "cuda_fp16.h", &extra)?;
    let mut failures = Vec::new();
    let mut runs = Vec::new();
    for (k, mut c) in f.runs {
        let initial = c.expected.clone();
        c.expected = c.on_ptx(&theirs, &k);
        // A kernel that writes nothing would compare equal to anything.
        if libcheck::same(&initial, &c.expected) {
            failures.push(format!("{}: {k} changes no buffer under NVRTC", f.name));
        }
        runs.push((c.kernel.expect("a run names its kernel"), c));
    }
    failures.extend(
        libcheck::check_ours(&f.name, &f.source, &f.arch, &runs)
            .into_iter()
            .map(|e| format!("{}: {e}", f.name)),
    );
    Some(failures)
}
