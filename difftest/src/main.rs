//! `ptxlab-difftest --programs N --seed S [--jobs J]`: generates programs
//! of seeds S, S+1, … and runs each through every oracle; prints each
//! mismatch (seed, oracle, program) and a summary. `--show SEED` prints
//! one program, `--show-emi SEED` its variant with dead regions; `--file F --seed S` checks the file F (a program reduced
//! by hand) with seed S's inputs. Exits 1 when an oracle disagreed. Each
//! mismatch is reduced (the same oracle disagreeing) and written to
//! `difftest/found/seed-N-min.cu`; `--no-reduce` skips that.
//! `--gpu-bundle DIR --programs N --seed S [--jobs J]` writes the programs
//! for a real GPU instead ([`ptxlab_difftest::bundle`]; run them there with
//! `python3 core/tests/gpu/run_cupy.py DIR`).

use ptxlab_difftest::{bundle, gen, nvrtc, oracle, reduce, run_batch};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: ptxlab-difftest [--programs N] [--seed S] [--jobs J] [--no-reduce] [--gpu-bundle DIR] | --show SEED | --show-emi SEED | --file F --seed S";

/// Candidates the reducer tests per mismatch (each runs every oracle).
const REDUCE_TESTS: usize = 400;

fn main() -> ExitCode {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `--file F --seed S`: F (a program being reduced by hand) with seed
    // S's inputs, through every oracle.
    if let Some(i) = args.iter().position(|a| a == "--file") {
        let Some(path) = args.get(i + 1).cloned() else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        args.drain(i..i + 2);
        let seed = args
            .iter()
            .position(|a| a == "--seed")
            .and_then(|i| args.get(i + 1)?.parse().ok())
            .unwrap_or(1);
        let mut p = gen::generate(seed);
        p.source = match std::fs::read_to_string(&path) {
            Ok(s) => s,
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::from(2);
            }
        };
        return match oracle::check(&p, &oracle::Checks::from_env()) {
            Ok(_) => {
                println!("agree");
                ExitCode::SUCCESS
            }
            Err(m) => {
                println!("MISMATCH oracle {}: {}", m.oracle, m.detail);
                ExitCode::FAILURE
            }
        };
    }
    let no_reduce = args.iter().any(|a| a == "--no-reduce");
    args.retain(|a| a != "--no-reduce");
    let gpu_bundle = match args.iter().position(|a| a == "--gpu-bundle") {
        Some(i) if i + 1 < args.len() => Some(args.drain(i..i + 2).nth(1).unwrap_or_default()),
        Some(_) => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
        None => None,
    };
    let (mut programs, mut seed, mut jobs) = (100u64, 1u64, 1usize);
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        let Some(v) = value else {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        };
        match args[i].as_str() {
            "--programs" => programs = v,
            "--seed" => seed = v,
            "--jobs" => jobs = v as usize,
            "--show" => {
                print!("{}", gen::generate(v).source);
                return ExitCode::SUCCESS;
            }
            "--show-emi" => {
                print!("{}", gen::generate_emi(v).source);
                return ExitCode::SUCCESS;
            }
            _ => {
                eprintln!("{USAGE}");
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    if let Some(dir) = gpu_bundle {
        return write_bundle(std::path::Path::new(&dir), seed, programs, jobs);
    }
    let checks = oracle::Checks::from_env();
    println!(
        "difftest: {programs} programs from seed {seed} on {jobs} threads; oracles: {}",
        checks.describe()
    );
    let start = Instant::now();
    let summary = run_batch(seed, programs, jobs, &checks, &|m| println!("{m}"));
    let secs = start.elapsed().as_secs_f64();
    println!(
        "difftest: {} programs, {} oracle runs agreed, {} mismatches, {:.1} s, {:.1} programs/s, {:.1}M reference IR steps",
        summary.programs,
        summary.oracles,
        summary.mismatches.len(),
        secs,
        summary.programs as f64 / secs,
        summary.steps as f64 / 1e6
    );
    let found = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("found");
    for m in &summary.mismatches {
        println!("  seed {}: {}", m.seed, m.oracle);
        if no_reduce {
            continue;
        }
        // The mismatch's own program (an EMI variant's is not the seed's).
        let mut p = gen::generate(m.seed);
        p.source = m.source.clone();
        let check = |q: &gen::Program| oracle::check(q, &checks);
        match reduce::reduce_mismatch(&p, m, &check, REDUCE_TESTS) {
            Some(r) => match reduce::write_found(&found, m, &r) {
                Ok(path) => println!(
                    "    reduced to {} lines ({} tests): {}",
                    r.lines_after,
                    r.tests,
                    path.display()
                ),
                Err(e) => println!("    cannot write the reduced program: {e}"),
            },
            None => println!("    not reduced: the mismatch does not reproduce cleanly"),
        }
    }
    if summary.mismatches.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// `--gpu-bundle DIR`: the programs as a GPU bundle, with how to run it.
fn write_bundle(dir: &std::path::Path, seed: u64, programs: u64, jobs: usize) -> ExitCode {
    let Some(lib) = bundle::find_nvrtc() else {
        eprintln!(
            "--gpu-bundle needs libnvrtc: set PTXLAB_NVRTC (cargo xtask test installs it in .venv)"
        );
        return ExitCode::from(2);
    };
    let nvrtc = match nvrtc::Nvrtc::load(&lib) {
        Ok(n) => n,
        Err(e) => {
            eprintln!("{}: {e}", lib.display());
            return ExitCode::from(2);
        }
    };
    let start = Instant::now();
    match bundle::write(dir, seed, programs, jobs, &nvrtc) {
        Ok(w) => {
            println!(
                "GPU bundle: {} programs (seeds {seed}..{}) in {}, {:.1} s",
                w.programs,
                seed + programs,
                dir.display(),
                start.elapsed().as_secs_f64()
            );
            for (s, why) in &w.skipped {
                println!("  left out seed {s}: {why}");
            }
            println!(
                "on a machine with an NVIDIA GPU and CuPy:\n  python3 core/tests/gpu/run_cupy.py {}",
                dir.display()
            );
            if w.skipped.is_empty() {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
