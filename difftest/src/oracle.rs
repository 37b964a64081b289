//! The oracles a generated program runs through, all in-process: the IR
//! interpreter at -O0 is the reference; the interpreter at -O1, -O2 and
//! -O3, our PTX at -O0 and -O3 in the PTX emulator, and ptxas (when
//! `PTXLAB_PTXAS` names it) must agree. A disagreement at an optimization
//! level is narrowed to the first pass run whose result differs.

use crate::gen::{Program, BLOCK, GRID, THREADS};
use ptxlab_core::ir::Module;
use ptxlab_core::{compile_source, compile_to_ir, opt, NoFiles, Options};
use ptxlab_sim::emu::{self, PtxModule};
use ptxlab_sim::interp::{self, ArgValue, Config, Launch, Memory};
use std::fmt;
use std::path::PathBuf;
use std::process::Command;

/// Which oracles run.
#[derive(Clone, Debug, Default)]
pub struct Checks {
    /// ptxas, to assemble our -O3 PTX for sm_80.
    pub ptxas: Option<PathBuf>,
    /// A scratch directory for ptxas' files.
    pub scratch: Option<PathBuf>,
}

impl Checks {
    /// ptxas from `PTXLAB_PTXAS` when set.
    pub fn from_env() -> Checks {
        let ptxas = std::env::var_os("PTXLAB_PTXAS").map(PathBuf::from);
        Checks {
            scratch: ptxas
                .as_ref()
                .map(|_| std::env::temp_dir().join("ptxlab-difftest")),
            ptxas,
        }
    }
}

/// A program on which an oracle disagreed with the reference (or failed).
#[derive(Clone, Debug)]
pub struct Mismatch {
    pub seed: u64,
    /// The oracle: `-O2`, `ptx -O3`, `ptxas`, `reference`, …
    pub oracle: String,
    pub detail: String,
    pub source: String,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "MISMATCH seed {} oracle {}: {}\n--- program (seed {}) ---\n{}",
            self.seed, self.oracle, self.detail, self.seed, self.source
        )
    }
}

/// What a passing program did.
#[derive(Clone, Copy, Debug, Default)]
pub struct Passed {
    /// IR instructions the reference executed.
    pub steps: u64,
    /// Oracles run.
    pub oracles: u32,
}

/// The options every oracle compiles with at `level` (sm_80, nvcc's math flags).
pub fn options(level: u8) -> Options {
    Options {
        opt_level: level,
        arch: "sm_80".into(),
        snapshots: false,
        ..Options::default()
    }
}

/// The launch's inputs in a fresh memory; the ids of `out` and `scratch`.
fn launch(p: &Program) -> (Launch, Memory, [interp::BufferId; 2]) {
    let mut mem = Memory::new();
    let out = mem.upload(&vec![0u64; THREADS]);
    let inp = mem.upload(&p.inputs);
    let scratch = mem.upload(&vec![0i64; THREADS * 4]);
    let args = vec![
        ArgValue::Buffer(out),
        ArgValue::Buffer(inp),
        ArgValue::I32(p.p0),
        ArgValue::I32(p.p1 as i32),
        ArgValue::Buffer(scratch),
    ];
    (
        Launch::new([GRID, 1, 1], [BLOCK, 1, 1], args),
        mem,
        [out, scratch],
    )
}

fn ir(p: &Program, level: u8, pass_runs: Option<usize>) -> Result<Module, String> {
    compile_to_ir(
        "difftest.cu",
        &p.source,
        &NoFiles,
        &options(level),
        pass_runs,
    )
    .map_err(|d| {
        let msgs: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        format!("does not compile: {}", msgs.join("; "))
    })
}

/// What a launch leaves: `out`, then `scratch` (as u64s).
fn results(mem: &Memory, [out, scratch]: [interp::BufferId; 2]) -> Vec<u64> {
    let mut r: Vec<u64> = mem.download(out);
    r.extend(mem.download::<i64>(scratch).iter().map(|&v| v as u64));
    r
}

/// Runs the module's kernel in the IR interpreter: its results and steps.
fn run_ir(p: &Program, m: &Module, level: u8) -> Result<(Vec<u64>, u64), String> {
    let kernel = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .ok_or("no kernel")?
        .name
        .clone();
    let (l, mut mem, out) = launch(p);
    let stats = interp::run_kernel(
        m,
        &kernel,
        &l,
        &mut mem,
        &Config::for_options(&options(level)),
    )
    .map_err(|e| format!("the interpreter failed: {e}"))?;
    Ok((results(&mem, out), stats.steps))
}

/// Runs PTX in the emulator: its results.
fn run_ptx(p: &Program, ptx: &str) -> Result<Vec<u64>, String> {
    let m = PtxModule::parse(ptx).map_err(|e| format!("the PTX does not parse: {e}"))?;
    let kernel = m.kernels().first().ok_or("no .entry")?.to_string();
    let (l, mut mem, out) = launch(p);
    emu::run_kernel(&m, &kernel, &l, &mut mem, &Config::default())
        .map_err(|e| format!("the emulator failed: {e}"))?;
    Ok(results(&mem, out))
}

/// The first thread whose checksum differs, described.
fn differs(got: &[u64], want: &[u64]) -> Option<String> {
    let t = (0..want.len()).find(|&i| got.get(i) != want.get(i))?;
    let n = (0..want.len())
        .filter(|&i| got.get(i) != want.get(i))
        .count();
    let at = if t < THREADS {
        format!("out[{t}]")
    } else {
        format!("scratch[{}]", t - THREADS)
    };
    Some(format!(
        "{at} = {:#018x}, the reference {:#018x} ({n} of {} words differ)",
        got.get(t).copied().unwrap_or(0),
        want[t],
        want.len()
    ))
}

/// The first pass run of `level`'s pipeline after which the result
/// differs from `want`, described.
pub fn pass_at_fault(p: &Program, level: u8, want: &[u64]) -> String {
    let pipeline = opt::pipeline::passes(level);
    for n in 0..=pipeline.len() {
        let after = if n == 0 {
            "irgen".to_string()
        } else {
            format!("pass run {n} ({})", pipeline[n - 1])
        };
        let got = ir(p, level, Some(n)).and_then(|m| run_ir(p, &m, level));
        match got {
            Ok((got, _)) if got == want => continue,
            Ok((got, _)) => {
                return format!(
                    "first differs after {after}: {}",
                    differs(&got, want).unwrap_or_default()
                )
            }
            Err(e) => return format!("first fails after {after}: {e}"),
        }
    }
    "every pass run agrees with the reference (the difference is in the last step)".into()
}

/// The reference's results (the IR interpreter at -O0): `out`, then
/// `scratch` as u64s.
pub fn reference(p: &Program) -> Result<Vec<u64>, String> {
    let m = ir(p, 0, None)?;
    Ok(run_ir(p, &m, 0)?.0)
}

/// Runs `p` through every oracle.
pub fn check(p: &Program, checks: &Checks) -> Result<Passed, Mismatch> {
    let fail = |oracle: &str, detail: String| Mismatch {
        seed: p.seed,
        oracle: oracle.into(),
        detail,
        source: p.source.clone(),
    };
    let m0 = ir(p, 0, None).map_err(|e| fail("reference (-O0 IR)", e))?;
    let (want, steps) = run_ir(p, &m0, 0).map_err(|e| fail("reference (-O0 IR)", e))?;
    let mut oracles = 1;
    for level in 1..=3 {
        let oracle = format!("IR interpreter -O{level}");
        let got = ir(p, level, None)
            .and_then(|m| run_ir(p, &m, level))
            .map_err(|e| fail(&oracle, e))?;
        if let Some(d) = differs(&got.0, &want) {
            let fault = pass_at_fault(p, level, &want);
            return Err(fail(&oracle, format!("{d}; {fault}")));
        }
        oracles += 1;
    }
    for level in [0, 3] {
        let oracle = format!("PTX emulator -O{level}");
        let c = compile_source("difftest.cu", &p.source, &options(level));
        let errors = c.has_errors();
        let ptx = match (c.ptx, errors) {
            (Some(ptx), false) => ptx,
            _ => {
                let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
                return Err(fail(
                    &oracle,
                    format!("does not compile: {}", msgs.join("; ")),
                ));
            }
        };
        let got = run_ptx(p, &ptx).map_err(|e| fail(&oracle, e))?;
        if let Some(d) = differs(&got, &want) {
            return Err(fail(&oracle, d));
        }
        oracles += 1;
        if level == 3 {
            if let (Some(ptxas), Some(dir)) = (&checks.ptxas, &checks.scratch) {
                ptxas_accepts(ptxas, dir, p.seed, &ptx).map_err(|e| fail("ptxas sm_80", e))?;
                oracles += 1;
            }
        }
    }
    Ok(Passed { steps, oracles })
}

fn ptxas_accepts(ptxas: &PathBuf, dir: &PathBuf, seed: u64, ptx: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let file = dir.join(format!("{seed}.ptx"));
    std::fs::write(&file, ptx).map_err(|e| e.to_string())?;
    let out = Command::new(ptxas)
        .arg("-arch=sm_80")
        .arg(&file)
        .arg("-o")
        .arg(dir.join(format!("{seed}.cubin")))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", ptxas.display()))?;
    let _ = std::fs::remove_file(dir.join(format!("{seed}.cubin")));
    if out.status.success() {
        let _ = std::fs::remove_file(&file);
        Ok(())
    } else {
        Err(format!(
            "ptxas rejected our -O3 PTX:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}
