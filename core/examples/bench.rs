//! The benchmark table: for each corpus kernel at sm_80, ptxlab beside
//! NVRTC on the same machine in the same run —
//! compile time (median of N runs, in-process: warm, going on from the
//! kept prelude and headers and the compiled libdevice functions as the
//! page's worker does; and cold, with nothing kept, as a CLI run or a new
//! worker's first compile; NVRTC gets each file's `// nvrtc-options:`),
//! PTX instructions, ptxas
//! registers and SASS instructions (cuobjdump -sass on ptxas's cubin),
//! with the ratios and their geometric means, and how much our PTX reads like
//! NVRTC's (the difflib ratio of the two opcode sequences,
//! `tests/common/resemble.rs`) with its median. It prints; it asserts nothing.
//!
//! `cargo run --release -p ptxlab-core --example bench [-- RUNS]`
//! (NVIDIA's tools from the workspace's .venv, or PTXLAB_PTXAS/PTXLAB_NVRTC).

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "support/peak.rs"]
mod peak;
#[path = "../tests/common/resemble.rs"]
mod resemble;

#[global_allocator]
static ALLOCATOR: peak::Counting = peak::Counting;

use common::nvrtc::{entry_names, Nvrtc};
use common::sass;
use ptxlab_core::frontend::prelude;
use ptxlab_core::{compile_source, link, Options};
use std::time::Instant;

const ARCH: &str = "sm_80";

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn geomean(v: &[f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    (v.iter().map(|x| x.ln()).sum::<f64>() / v.len() as f64).exp()
}

/// Drops everything compiles keep between them: the prelude and header
/// states, the built-in headers' tokens and the compiled libdevice
/// functions (the next compile is a new process's first).
fn forget_kept() {
    prelude::forget();
    link::forget();
}

/// The most heap each corpus file's compile holds at once: a new worker's
/// first compile (nothing kept, every stage's IR kept as the page asks) and
/// one going on from the kept state. Native heap: the worker's wasm heap
/// holds the same data in 32-bit pointers, so this is an upper bound.
fn peak_memory(explorer: &Options) {
    let mut worst = [(0usize, String::new()), (0, String::new())];
    for (name, text) in common::corpus() {
        forget_kept();
        let (_, cold) = peak::measure(|| compile_source(&name, &text, explorer));
        let (_, warm) = peak::measure(|| compile_source(&name, &text, explorer));
        for (w, bytes) in worst.iter_mut().zip([cold, warm]) {
            if bytes > w.0 {
                *w = (bytes, name.clone());
            }
        }
    }
    let mb = |b: usize| b as f64 / (1024.0 * 1024.0);
    println!(
        "peak heap of a compile with every stage kept: first compile {:.1} MB (most: {}), warm {:.1} MB (most: {}) (goal: at most 64 MB)\n",
        mb(worst[0].0),
        worst[0].1,
        mb(worst[1].0),
        worst[1].1
    );
}

/// The whole-file figure (issue 15/21): a file as people paste it —
/// `<vector>`, `<iostream>`, `<chrono>`, `<random>`, `cuda_fp16.h`, a few
/// kernels and a host `main` (`tests/programs/27_half_whole_file.cu`) —
/// compiled warm (its leading headers kept, as the prelude is) and cold.
fn whole_file(opts: &Options, runs: usize) {
    const NAME: &str = "27_half_whole_file.cu";
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/programs/27_half_whole_file.cu"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        println!("whole file: {path} not found");
        return;
    };
    let c = compile_source(NAME, &text, opts);
    if c.ptx.is_none() {
        println!("whole file: {NAME} does not compile: {:?}", c.diagnostics);
        return;
    }
    let time = |cold: bool| {
        median(
            (0..runs)
                .map(|_| {
                    if cold {
                        forget_kept();
                    }
                    let t = Instant::now();
                    let _ = compile_source(NAME, &text, opts);
                    t.elapsed().as_secs_f64() * 1e3
                })
                .collect(),
        )
    };
    let (cold, warm) = (time(true), time(false));
    println!(
        "whole file ({NAME}: <vector> <iostream> <chrono> <random> cuda_fp16.h, 3 kernels, host main): warm {warm:.2} ms (goal: at most 10 ms), cold {cold:.2} ms\n"
    );
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let nvrtc = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13")
        .and_then(|p| Nvrtc::load(&p).ok());
    let ptxas = common::ptxas();
    let cuobjdump = common::nvidia_tool("PTXLAB_CUOBJDUMP", "bin/cuobjdump");
    if nvrtc.is_none() || ptxas.is_none() {
        eprintln!("NVRTC or ptxas not found (run `cargo xtask test` once to install them): printing ptxlab's numbers only");
    }
    // A compile to PTX, as NVRTC's; the explorer's compile also keeps the
    // IR after every pass (timed apart).
    let opts = Options {
        arch: ARCH.into(),
        snapshots: false,
        ..Options::default()
    };
    let explorer = Options {
        snapshots: true,
        ..opts.clone()
    };
    if let Some(n) = &nvrtc {
        // NVRTC's first call pays ~200 ms of library set-up: not part of a compile.
        let _ = n.compile("warm.cu", "__global__ void k() {}", ARCH, &[]);
    }
    println!("compile latency, {ARCH}, median of {runs} runs (µs):");
    println!(
        "{:<22} {:>10} {:>10} {:>10} {:>10} {:>8} {:>8}",
        "kernel", "ptxlab", "explorer", "cold", "nvrtc", "speedup", "cold"
    );
    let mut speedups = Vec::new();
    let mut explorer_speedups = Vec::new();
    let mut cold_speedups = Vec::new();
    let mut slowest: Option<(f64, String)> = None;
    let mut quality: Vec<(String, String, Option<String>)> = Vec::new();
    for (name, text) in common::corpus() {
        let ours_ptx = compile_source(&name, &text, &opts).ptx;
        let Some(ours_ptx) = ours_ptx else {
            println!("{name:<22} does not compile");
            continue;
        };
        let time = |opts: &Options, cold: bool| {
            median(
                (0..runs)
                    .map(|_| {
                        if cold {
                            forget_kept();
                        }
                        let t = Instant::now();
                        let _ = compile_source(&name, &text, opts);
                        t.elapsed().as_secs_f64() * 1e6
                    })
                    .collect(),
            )
        };
        let cold = time(&opts, true);
        let (ours, with_stages) = (time(&opts, false), time(&explorer, false));
        // The options the file asks NVRTC for (C++20, its bundled headers),
        // read once: the same for every run.
        let nv_opts = common::nvrtc_file_options(&text);
        let nv_opts: Vec<&str> = nv_opts.iter().map(String::as_str).collect();
        let skip = text.lines().any(|l| l.starts_with("// nvrtc: skip"));
        let theirs_ptx = nvrtc
            .as_ref()
            .filter(|_| !skip)
            .and_then(|nv| nv.compile(&name, &text, ARCH, &nv_opts).ok());
        let theirs = theirs_ptx.as_ref().and(nvrtc.as_ref()).map(|nv| {
            median(
                (0..runs)
                    .map(|_| {
                        let t = Instant::now();
                        let _ = nv.compile(&name, &text, ARCH, &nv_opts);
                        t.elapsed().as_secs_f64() * 1e6
                    })
                    .collect(),
            )
        });
        match theirs {
            Some(t) => {
                println!(
                    "{name:<22} {ours:>10.0} {with_stages:>10.0} {cold:>10.0} {t:>10.0} {:>7.0}x {:>7.0}x",
                    t / ours,
                    t / cold
                );
                speedups.push(t / ours);
                explorer_speedups.push(t / with_stages);
                cold_speedups.push(t / cold);
                if slowest.as_ref().is_none_or(|(s, _)| t / ours < *s) {
                    slowest = Some((t / ours, name.clone()));
                }
            }
            None => println!(
                "{name:<22} {ours:>10.0} {with_stages:>10.0} {cold:>10.0} {:>10} {:>8} {:>8}",
                if skip { "skip" } else { "-" },
                "-",
                "-"
            ),
        }
        quality.push((name, ours_ptx, theirs_ptx));
    }
    println!(
        "geometric-mean speedup over NVRTC: {:.0}x ({} files); with every pass's IR kept (the explorer): {:.0}x; cold (nothing kept): {:.0}x",
        geomean(&speedups),
        speedups.len(),
        geomean(&explorer_speedups),
        geomean(&cold_speedups)
    );
    if let Some((s, name)) = slowest {
        println!("slowest beside NVRTC: {name} at {s:.0}x");
    }
    whole_file(&opts, runs);
    peak_memory(&explorer);

    let Some(ptxas) = ptxas else { return };
    println!("code quality per kernel, {ARCH} (ours / NVRTC's):");
    println!(
        "{:<36} {:>11} {:>11} {:>11} {:>8}",
        "kernel", "PTX insts", "registers", "SASS insts", "similar"
    );
    let (mut reg_ratios, mut sass_ratios, mut ptx_ratios) = (Vec::new(), Vec::new(), Vec::new());
    let mut similarities: Vec<(f64, String)> = Vec::new();
    // Instructions of one entry's body: the resemblance measure's tokens.
    let count_ptx =
        |ptx: &str, entry: &str| resemble::opcodes(resemble::entry_body(ptx, entry)).len();
    for (name, ours, theirs) in &quality {
        let a = sass::assemble(&ptxas, cuobjdump.as_deref(), ours, ARCH, "bench-ours");
        let b = theirs
            .as_ref()
            .map(|t| sass::assemble(&ptxas, cuobjdump.as_deref(), t, ARCH, "bench-nvrtc"));
        for entry in entry_names(ours) {
            let (ra, sa) = a.get(&entry).copied().unwrap_or((0, 0));
            let pa = count_ptx(ours, &entry);
            let short = format!("{}:{}", name.trim_end_matches(".cu"), entry);
            match (b.as_ref().and_then(|b| b.get(&entry).copied()), theirs) {
                (Some((rb, sb)), Some(t)) => {
                    let pb = count_ptx(t, &entry);
                    let similar = resemble::ratio(
                        &resemble::opcodes(resemble::entry_body(ours, &entry)),
                        &resemble::opcodes(resemble::entry_body(t, &entry)),
                    );
                    println!(
                        "{short:<36} {:>5}/{:<5} {:>5}/{:<5} {:>5}/{:<5} {similar:>8.2}",
                        pa, pb, ra, rb, sa, sb
                    );
                    similarities.push((similar, short.clone()));
                    if pb > 0 && pa > 0 {
                        ptx_ratios.push(pa as f64 / pb as f64);
                    }
                    if rb > 0 && ra > 0 {
                        reg_ratios.push(f64::from(ra) / f64::from(rb));
                    }
                    if sb > 0 && sa > 0 {
                        sass_ratios.push(f64::from(sa) / f64::from(sb));
                    }
                }
                _ => println!(
                    "{short:<36} {:>5}/{:<5} {:>5}/{:<5} {:>5}/{:<5}",
                    pa, "-", ra, "-", sa, "-"
                ),
            }
        }
    }
    println!(
        "geometric-mean ratio to NVRTC: PTX instructions {:.2}, registers {:.2}, SASS instructions {:.2} ({} kernels)",
        geomean(&ptx_ratios),
        geomean(&reg_ratios),
        geomean(&sass_ratios),
        sass_ratios.len()
    );
    let values: Vec<f64> = similarities.iter().map(|s| s.0).collect();
    let (median, below, min) = resemble::summary(&values, 0.8);
    let least = similarities
        .iter()
        .find(|s| s.0 == min)
        .map_or("", |s| s.1.as_str());
    println!(
        "opcode-sequence similarity to NVRTC (difflib ratio): median {median:.2}, {below} of {} below 0.80, min {min:.2} ({least})",
        values.len()
    );
}
