//! The oracles a generated program runs through: the IR interpreter at -O0
//! is the reference; the interpreter at -O1, -O2 and -O3, and after every
//! pass run of -O3 for one program in four; our PTX in the
//! PTX emulator at -O0 and -O3, at -O3 under three flag sets (`-ftz=true`,
//! `--use_fast_math`, `-fmad=false`) and for sm_90; NVRTC's PTX for the same
//! source and flags in the emulator; ptxas accepting our -O3 PTX for sm_80
//! and sm_90; and equivalence modulo inputs (the program with dead regions,
//! [`gen::generate_emi`], at -O3 in the interpreter and the emulator). All
//! must agree. The generator keeps floats to exact operations, so the flag
//! sets cannot change a bit. NVRTC and ptxas are found in the repository's
//! `.venv` (`cargo xtask test` installs them) or named by `PTXLAB_NVRTC` and
//! `PTXLAB_PTXAS`; without them their oracles are skipped (and the batch
//! says so). A disagreement at an optimization level is narrowed to the
//! first pass run whose result differs.

use crate::gen::{self, Program, BLOCK, GRID, THREADS};
use crate::nvrtc::Nvrtc;
use ptxlab_core::ir::Module;
use ptxlab_core::{compile_source, compile_to_ir, opt, NoFiles, Options, Stepper};
use ptxlab_sim::emu::{self, PtxModule};
use ptxlab_sim::interp::{self, ArgValue, Config, Launch, Memory};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

/// Which oracles run.
#[derive(Clone, Default)]
pub struct Checks {
    /// ptxas, to assemble our -O3 PTX for sm_80 and sm_90.
    pub ptxas: Option<PathBuf>,
    /// A scratch directory for ptxas' files.
    pub scratch: Option<PathBuf>,
    /// NVRTC, whose PTX for the same source runs in the emulator.
    pub nvrtc: Option<Arc<Nvrtc>>,
    /// Our -O3 PTX under [`FLAG_SETS`] and for sm_90.
    pub variants: bool,
    /// Equivalence modulo inputs.
    pub emi: bool,
    /// The interpreter after every pass run of -O3, for one program in
    /// [`EVERY_PASS_1_IN`].
    pub every_pass: bool,
}

/// One program in this many (by seed) also runs in the interpreter after
/// every pass run of -O3 that changed the IR (the other oracles see only
/// the pipeline's end; this one sees a pass that breaks what a later pass
/// happens to mend).
pub const EVERY_PASS_1_IN: u64 = 4;

/// A flag set: its nvcc spelling and how it changes [`options`].
pub type FlagSet = (&'static str, fn(&mut Options));

/// The flag sets our -O3 PTX also runs under.
pub const FLAG_SETS: [FlagSet; 3] = [
    ("-ftz=true", |o| o.ftz = true),
    ("--use_fast_math", Options::use_fast_math),
    ("-fmad=false", |o| o.fmad = false),
];

/// The second target: our -O3 PTX for it runs in the emulator and goes
/// through ptxas.
pub const SECOND_ARCH: &str = "sm_90";

impl Checks {
    /// Every oracle: ptxas from `PTXLAB_PTXAS` or the `.venv`, NVRTC from
    /// `PTXLAB_NVRTC` or the `.venv` (either skipped when not found).
    pub fn from_env() -> Checks {
        let ptxas = std::env::var_os("PTXLAB_PTXAS")
            .map(PathBuf::from)
            .or_else(|| venv_file("nvidia/cu13/bin/ptxas"));
        let nvrtc = crate::bundle::find_nvrtc().and_then(|lib| Nvrtc::load(&lib).ok());
        Checks {
            scratch: ptxas
                .as_ref()
                .map(|_| std::env::temp_dir().join("ptxlab-difftest")),
            ptxas,
            nvrtc: nvrtc.map(Arc::new),
            variants: true,
            emi: true,
            every_pass: true,
        }
    }

    /// The oracles that run, for a batch's first line.
    pub fn describe(&self) -> String {
        let mut s = String::from("IR -O0..-O3, PTX -O0/-O3");
        if self.every_pass {
            s.push_str(&format!(
                ", IR after every -O3 pass run (1 in {EVERY_PASS_1_IN})"
            ));
        }
        if self.variants {
            s.push_str(", PTX -O3 with");
            for (name, _) in FLAG_SETS {
                s.push(' ');
                s.push_str(name);
            }
            s.push_str(&format!(" and for {SECOND_ARCH}"));
        }
        if self.emi {
            s.push_str(", EMI");
        }
        s.push_str(match &self.nvrtc {
            Some(_) => ", NVRTC's PTX",
            None => ", no NVRTC (not found)",
        });
        s.push_str(match &self.ptxas {
            Some(_) => ", ptxas",
            None => ", no ptxas (not found)",
        });
        s
    }
}

/// A file under the repository's `.venv`'s `site-packages`, if there.
fn venv_file(rel: &str) -> Option<PathBuf> {
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/lib");
    std::fs::read_dir(lib)
        .ok()?
        .flatten()
        .map(|e| e.path().join("site-packages").join(rel))
        .find(|p| p.exists())
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

/// NVRTC's options for `o`: its target and math flags.
pub fn nvrtc_flags(o: &Options) -> Vec<String> {
    vec![
        format!("--ftz={}", o.ftz),
        format!("--prec-div={}", o.prec_div),
        format!("--prec-sqrt={}", o.prec_sqrt),
        format!("--fmad={}", o.fmad),
    ]
}

/// Our PTX for `p` under `o`, or why it did not compile.
pub fn our_ptx(p: &Program, o: &Options) -> Result<String, String> {
    let c = compile_source("difftest.cu", &p.source, o);
    match c.ptx {
        Some(ptx) if !c.has_errors() => Ok(ptx),
        _ => {
            let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
            Err(format!("does not compile: {}", msgs.join("; ")))
        }
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
    if checks.every_pass && p.seed.is_multiple_of(EVERY_PASS_1_IN) {
        every_pass_run(p, &want).map_err(|d| fail("IR interpreter after every -O3 pass run", d))?;
        oracles += 1;
    }
    let mut o3_ptx = String::new();
    for level in [0, 3] {
        let oracle = format!("PTX emulator -O{level}");
        let ptx = our_ptx(p, &options(level)).map_err(|e| fail(&oracle, e))?;
        let got = run_ptx(p, &ptx).map_err(|e| fail(&oracle, e))?;
        if let Some(d) = differs(&got, &want) {
            return Err(fail(&oracle, d));
        }
        oracles += 1;
        o3_ptx = ptx;
    }
    if let (Some(ptxas), Some(dir)) = (&checks.ptxas, &checks.scratch) {
        ptxas_accepts(ptxas, dir, p.seed, "sm_80", &o3_ptx).map_err(|e| fail("ptxas sm_80", e))?;
        oracles += 1;
    }
    if checks.variants {
        let mut sets: Vec<(String, Options)> = FLAG_SETS
            .iter()
            .map(|(name, set)| {
                let mut o = options(3);
                set(&mut o);
                (format!("PTX emulator -O3 {name}"), o)
            })
            .collect();
        let second = Options {
            arch: SECOND_ARCH.into(),
            ..options(3)
        };
        sets.push((format!("PTX emulator -O3 {SECOND_ARCH}"), second));
        for (oracle, o) in &sets {
            let ptx = our_ptx(p, o).map_err(|e| fail(oracle, e))?;
            let got = run_ptx(p, &ptx).map_err(|e| fail(oracle, e))?;
            if let Some(d) = differs(&got, &want) {
                return Err(fail(oracle, d));
            }
            oracles += 1;
            if o.arch == SECOND_ARCH {
                if let (Some(ptxas), Some(dir)) = (&checks.ptxas, &checks.scratch) {
                    let oracle = format!("ptxas {SECOND_ARCH}");
                    ptxas_accepts(ptxas, dir, p.seed, SECOND_ARCH, &ptx)
                        .map_err(|e| fail(&oracle, e))?;
                    oracles += 1;
                }
            }
        }
    }
    if let Some(nvrtc) = &checks.nvrtc {
        let oracle = "NVRTC's PTX in the emulator";
        let o = options(3);
        let flags = nvrtc_flags(&o);
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let ptx = nvrtc
            .compile("difftest.cu", &p.source, &o.arch, &flags)
            .map_err(|log| fail(oracle, format!("NVRTC does not compile it: {log}")))?;
        let got = run_ptx(p, &ptx).map_err(|e| fail(oracle, e))?;
        if let Some(d) = differs(&got, &want) {
            return Err(fail(oracle, d));
        }
        oracles += 1;
    }
    // Equivalence modulo inputs, for a program as generated (not one being
    // reduced): its variant with dead regions must compute the same.
    if checks.emi && p.source == gen::generate(p.seed).source {
        let v = gen::generate_emi(p.seed);
        let emi_fail = |oracle: &str, detail: String| Mismatch {
            seed: p.seed,
            oracle: format!("{EMI}{oracle}"),
            detail,
            source: v.source.clone(),
        };
        let oracle = "IR interpreter -O3";
        let got = ir(&v, 3, None)
            .and_then(|m| run_ir(&v, &m, 3))
            .map_err(|e| emi_fail(oracle, e))?;
        if let Some(d) = differs(&got.0, &want) {
            // The variant's own reference first: a difference there is the
            // generator's (a region that was not dead), not a miscompile.
            let fault = match reference(&v) {
                Ok(r) if r != want => "the variant's -O0 reference differs too".to_string(),
                _ => pass_at_fault(&v, 3, &want),
            };
            return Err(emi_fail(oracle, format!("{d}; {fault}")));
        }
        oracles += 1;
        let oracle = "PTX emulator -O3";
        let ptx = our_ptx(&v, &options(3)).map_err(|e| emi_fail(oracle, e))?;
        let got = run_ptx(&v, &ptx).map_err(|e| emi_fail(oracle, e))?;
        if let Some(d) = differs(&got, &want) {
            return Err(emi_fail(oracle, d));
        }
        oracles += 1;
    }
    Ok(Passed { steps, oracles })
}

/// Runs `p` in the interpreter after each pass run of -O3 that changed
/// the IR: the first run whose result differs from `want`, described.
fn every_pass_run(p: &Program, want: &[u64]) -> Result<(), String> {
    let o = options(3);
    let mut st = Stepper::new("difftest.cu", &p.source, &NoFiles, &o).map_err(|d| {
        let msgs: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        format!("does not compile: {}", msgs.join("; "))
    })?;
    while let Some(run) = st.step() {
        if !run.changed {
            continue;
        }
        let after = format!("after pass run {} ({})", run.n, run.pass);
        let (got, _) = run_ir(p, st.module(), 3).map_err(|e| format!("{after}: {e}"))?;
        if let Some(d) = differs(&got, want) {
            return Err(format!("first differs {after}: {d}"));
        }
    }
    Ok(())
}

/// The prefix of an EMI oracle's name: the mismatch's program is the
/// variant, and the reducer reduces it under the plain oracle.
pub const EMI: &str = "EMI: ";

fn ptxas_accepts(
    ptxas: &PathBuf,
    dir: &PathBuf,
    seed: u64,
    arch: &str,
    ptx: &str,
) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| e.to_string())?;
    let file = dir.join(format!("{seed}.{arch}.ptx"));
    let cubin = dir.join(format!("{seed}.{arch}.cubin"));
    std::fs::write(&file, ptx).map_err(|e| e.to_string())?;
    let out = Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg(&file)
        .arg("-o")
        .arg(&cubin)
        .output()
        .map_err(|e| format!("cannot run {}: {e}", ptxas.display()))?;
    let _ = std::fs::remove_file(&cubin);
    if out.status.success() {
        let _ = std::fs::remove_file(&file);
        Ok(())
    } else {
        Err(format!(
            "ptxas rejected our -O3 PTX for {arch}:\n{}",
            String::from_utf8_lossy(&out.stderr)
        ))
    }
}
