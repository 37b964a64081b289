//! What the undefined-behaviour checks cost: every corpus case's launch run
//! with the checks and without, in the IR interpreter (at -O0 and -O3) and
//! in the emulator (our PTX at -O0 and -O3), the time of each side summed
//! (the best of a few rounds), the kernel runs alone (not the uploads). Ignored by default (a measurement, not a
//! check); `cargo test -p ptxlab-sim --test ub_cost -- --ignored
//! --nocapture` prints the numbers. The issue allows at most 3×.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;

use cases::*;
use ptxlab_core::{compile_source, compile_to_ir, NoFiles};
use ptxlab_sim::emu::PtxModule;
use ptxlab_sim::{emu, interp, Config};
use std::time::{Duration, Instant};

/// A case's launch, built once, timed under a configuration.
type Timed<'c> = (&'c Case, Box<dyn Fn(&Config) -> Duration>);

#[test]
#[ignore = "a measurement: run with --ignored --nocapture"]
fn ub_checks_cost_at_most_three_times_the_unchecked_run() {
    let rounds = 3;
    let mut lines = Vec::new();
    for (who, level) in [("IR", 0u8), ("IR", 3), ("PTX", 0), ("PTX", 3)] {
        // Each case's program, built once.
        let mut progs: Vec<Timed> = Vec::new();
        let cases = Box::leak(Box::new(cases()));
        for case in cases.iter() {
            let text = case.source_text();
            let opts = case.options(level);
            if who == "IR" {
                let Ok(m) = compile_to_ir(case.file, &text, &NoFiles, &opts, None) else {
                    continue;
                };
                let kernel = case.kernel.map_or_else(
                    || {
                        m.functions
                            .iter()
                            .find(|f| f.attrs.kernel)
                            .unwrap()
                            .name
                            .clone()
                    },
                    str::to_string,
                );
                progs.push((
                    case,
                    Box::new(move |cfg: &Config| {
                        let mut took = Duration::ZERO;
                        let _ = case.run_with(|l, mem| {
                            let start = Instant::now();
                            let r = interp::run_kernel(&m, &kernel, l, mem, cfg);
                            took = start.elapsed();
                            r
                        });
                        took
                    }),
                ));
            } else {
                let c = compile_source(case.file, &text, &opts);
                let Some(Ok(m)) = c.ptx.as_deref().map(PtxModule::parse) else {
                    continue;
                };
                let kernel = case
                    .kernel
                    .map_or_else(|| m.kernels()[0].to_string(), str::to_string);
                progs.push((
                    case,
                    Box::new(move |cfg: &Config| {
                        let mut took = Duration::ZERO;
                        let _ = case.run_with(|l, mem| {
                            let start = Instant::now();
                            let r = emu::run_kernel(&m, &kernel, l, mem, cfg);
                            took = start.elapsed();
                            r
                        });
                        took
                    }),
                ));
            }
        }
        let on = Config::default();
        let off = Config {
            check_undefined: false,
            ..Config::default()
        };
        let (mut best_on, mut best_off) = (Duration::MAX, Duration::MAX);
        for _ in 0..rounds {
            let (mut t_on, mut t_off) = (Duration::ZERO, Duration::ZERO);
            for (case, run) in &progs {
                let cfg = |c: &Config| Config {
                    options: case.options(level),
                    ..c.clone()
                };
                t_off += run(&cfg(&off));
                t_on += run(&cfg(&on));
            }
            best_on = best_on.min(t_on);
            best_off = best_off.min(t_off);
        }
        let ratio = best_on.as_secs_f64() / best_off.as_secs_f64();
        lines.push(format!(
            "{who} -O{level}: {} cases, checks on {:.3} s, off {:.3} s: {ratio:.2}x",
            progs.len(),
            best_on.as_secs_f64(),
            best_off.as_secs_f64()
        ));
        assert!(ratio <= 3.0, "{}", lines.last().unwrap());
    }
    eprintln!("{}", lines.join("\n"));
}
