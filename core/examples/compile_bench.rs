//! Compile latency: ptxlab vs NVRTC on the corpus, same machine, same process.
//! Prints a table (median of N runs each) and the geometric mean of the ratios.
//!
//! `cargo run --release -p ptxlab-core --example compile_bench [-- RUNS]`
//! (finds libnvrtc through PTXLAB_NVRTC or the workspace's .venv).

#[path = "../tests/common/mod.rs"]
mod common;

use common::nvrtc::Nvrtc;
use ptxlab_core::{compile_source, Options};
use std::time::Instant;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20);
    let nvrtc = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13")
        .and_then(|p| Nvrtc::load(&p).ok());
    if nvrtc.is_none() {
        eprintln!("libnvrtc not found: printing ptxlab's times only");
    }
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    // Load NVRTC once before timing (its first call pays ~200 ms of library set-up).
    if let Some(n) = &nvrtc {
        let _ = n.compile("warm.cu", "__global__ void k() {}", "sm_80", &[]);
    }
    println!(
        "{:<18} {:>12} {:>12} {:>9} {:>9}",
        "kernel", "ptxlab us", "nvrtc us", "speedup", "ptx insts"
    );
    let mut log_sum = 0.0;
    let mut n = 0;
    for (name, text) in common::corpus() {
        let ours = median(
            (0..runs)
                .map(|_| {
                    let t = Instant::now();
                    let c = compile_source(&name, &text, &opts);
                    assert!(c.ptx.is_some(), "{name} failed to compile");
                    t.elapsed().as_secs_f64() * 1e6
                })
                .collect(),
        );
        let insts = compile_source(&name, &text, &opts).stats.ptx_instructions;
        let theirs = nvrtc.as_ref().and_then(|nv| {
            nv.compile(&name, &text, "sm_80", &[]).ok()?;
            Some(median(
                (0..runs)
                    .map(|_| {
                        let t = Instant::now();
                        let _ = nv.compile(&name, &text, "sm_80", &[]);
                        t.elapsed().as_secs_f64() * 1e6
                    })
                    .collect(),
            ))
        });
        match theirs {
            Some(t) => {
                println!(
                    "{:<18} {:>12.0} {:>12.0} {:>8.0}x {:>9}",
                    name,
                    ours,
                    t,
                    t / ours,
                    insts
                );
                log_sum += (t / ours).ln();
                n += 1;
            }
            None => println!(
                "{:<18} {:>12.0} {:>12} {:>9} {:>9}",
                name, ours, "-", "-", insts
            ),
        }
    }
    if n > 0 {
        println!(
            "geometric-mean speedup over NVRTC: {:.0}x ({n} kernels)",
            (log_sum / n as f64).exp()
        );
    }
}
