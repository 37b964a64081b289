//! The undefined-behaviour corpus, `tests/ub/`: one kernel per kind of
//! finding that has it (`// ub: Kind LINE`, optionally `(also Kind, …)` for
//! findings that come with it) beside a twin without it (`// ub: none`),
//! each with its launch (`// launch: --grid … --block … --args …`, as
//! `ptxlab run` takes it, and `--arch` where it needs a newer target than sm_75). A warning kind (`BarrierAfterExit`) is listed
//! the same way and must come as a warning, never as undefined behaviour.
//! Both executors must report exactly the kind at
//! the line (the emulator's PTX line mapped back to the source through the
//! compilation's line map) and nothing in the twins, at -O0 and -O3 (the
//! buggy kernels at -O0 only: an optimizer may remove undefined behaviour).

use ptxlab_core::{compile_source, compile_to_ir, Compilation, NoFiles, Options};
use ptxlab_sim::emu::{self, PtxModule};
use ptxlab_sim::{interp, spec, Config, FindingKind, Launch, Stats};
use std::path::PathBuf;

struct UbFile {
    name: String,
    source: String,
    /// The kind and line expected, `None` for a twin.
    expect: Option<(String, u32)>,
    /// Kinds that may come with it.
    also: Vec<String>,
    grid: [u32; 3],
    block: [u32; 3],
    args: String,
    /// The target (`// launch: … --arch sm_80`; sm_75 when absent).
    arch: String,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/ub")
}

fn files() -> Vec<UbFile> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|p| {
            let source = std::fs::read_to_string(&p).unwrap();
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let header = |key: &str| {
                source
                    .lines()
                    .find_map(|l| l.strip_prefix(key))
                    .unwrap_or_else(|| panic!("{name}: no '{key}' line"))
                    .trim()
                    .to_string()
            };
            let ub = header("// ub:");
            let (expect, also) = if ub == "none" {
                (None, Vec::new())
            } else {
                let (main, also) = ub.split_once('(').unwrap_or((&ub, ""));
                let mut w = main.split_whitespace();
                let kind = w.next().unwrap().to_string();
                let line = w.next().unwrap().parse().unwrap();
                let also = also
                    .trim_end_matches(')')
                    .trim_start_matches("also")
                    .split(',')
                    .map(|k| k.trim().to_string())
                    .filter(|k| !k.is_empty())
                    .collect();
                (Some((kind, line)), also)
            };
            let launch = header("// launch:");
            let opt = |flag: &str| {
                let mut w = launch.split_whitespace();
                w.find(|x| *x == flag);
                w.next()
                    .unwrap_or_else(|| panic!("{name}: no {flag}"))
                    .to_string()
            };
            UbFile {
                expect,
                also,
                grid: spec::parse_dim3(&opt("--grid")).unwrap(),
                block: spec::parse_dim3(&opt("--block")).unwrap(),
                args: opt("--args"),
                arch: launch
                    .split_whitespace()
                    .skip_while(|w| *w != "--arch")
                    .nth(1)
                    .unwrap_or("sm_75")
                    .to_string(),
                name,
                source,
            }
        })
        .collect()
}

fn options(level: u8, arch: &str) -> Options {
    Options {
        opt_level: level,
        arch: arch.to_string(),
        ..Options::default()
    }
}

impl UbFile {
    /// The launch in the IR interpreter at `level`.
    fn run_ir(&self, level: u8, config: &Config) -> Stats {
        let m = compile_to_ir(
            &self.name,
            &self.source,
            &NoFiles,
            &options(level, &self.arch),
            None,
        )
        .unwrap_or_else(|e| panic!("{}: {e:?}", self.name));
        let k = m.functions.iter().find(|f| f.attrs.kernel).unwrap();
        let mut mem = interp::Memory::new();
        let specs = spec::parse_args(&self.args).unwrap();
        let (args, _) = spec::bind_args(&specs, k, &mut mem).unwrap();
        let launch = Launch::new(self.grid, self.block, args);
        interp::run_kernel(&m, &k.name, &launch, &mut mem, config)
            .unwrap_or_else(|e| panic!("{} (IR, -O{level}): {e}", self.name))
    }

    /// The launch of our PTX at `level` in the emulator, and the compilation.
    fn run_ptx(&self, level: u8, config: &Config) -> (Stats, Compilation) {
        let c = compile_source(&self.name, &self.source, &options(level, &self.arch));
        let ptx = PtxModule::parse(c.ptx.as_deref().expect("PTX")).unwrap();
        let k = ptx.kernels()[0].to_string();
        let specs = spec::parse_args(&self.args).unwrap();
        let params = spec::ptx_param_types(&ptx.kernel_params(&k).unwrap(), &specs);
        let mut mem = interp::Memory::new();
        let (args, _) = spec::bind_params(&specs, &params, &mut mem).unwrap();
        let launch = Launch::new(self.grid, self.block, args);
        let stats = emu::run_kernel(&ptx, &k, &launch, &mut mem, config)
            .unwrap_or_else(|e| panic!("{} (PTX, -O{level}): {e}", self.name));
        (stats, c)
    }
}

/// The source line of PTX line `l`.
fn source_line(c: &Compilation, l: Option<u32>) -> Option<u32> {
    let l = l?;
    c.line_map
        .iter()
        .find(|e| e.ptx_line == l)
        .map(|e| e.source_line)
}

fn kind_name(k: FindingKind) -> String {
    format!("{k:?}")
}

#[test]
fn every_kind_of_finding_has_a_kernel_and_a_twin() {
    let files = files();
    for kind in [
        FindingKind::SharedRace,
        FindingKind::GlobalRace,
        FindingKind::UninitializedShared,
        FindingKind::UninitializedLocal,
        FindingKind::DivisionByZero,
        FindingKind::DivisionOverflow,
        FindingKind::InactiveLane,
        FindingKind::WarpMask,
        FindingKind::BarrierDivergence,
        FindingKind::BarrierAfterExit,
    ] {
        let buggy = files
            .iter()
            .find(|f| f.expect.as_ref().is_some_and(|e| e.0 == kind_name(kind)))
            .unwrap_or_else(|| panic!("no kernel in tests/ub has {kind:?}"));
        let twin = buggy.name.replace(".cu", "_ok.cu");
        assert!(
            files.iter().any(|f| f.name == twin && f.expect.is_none()),
            "{} has no twin {twin}",
            buggy.name
        );
    }
}

#[test]
fn both_executors_name_the_kind_and_the_line() {
    let config = Config::default();
    for f in files() {
        let Some((kind, line)) = &f.expect else {
            continue;
        };
        let (pt, c) = f.run_ptx(0, &config);
        let ir = f.run_ir(0, &config);
        for (who, stats, lines) in [
            (
                "IR",
                &ir,
                ir.undefined
                    .iter()
                    .chain(&ir.warnings)
                    .map(|u| u.line)
                    .collect::<Vec<_>>(),
            ),
            (
                "PTX",
                &pt,
                pt.undefined
                    .iter()
                    .chain(&pt.warnings)
                    .map(|u| source_line(&c, u.line))
                    .collect(),
            ),
        ] {
            // A warning (a barrier after exited threads) is not undefined
            // behaviour: it comes in `warnings`, and nothing in `undefined`.
            let all: Vec<_> = stats.undefined.iter().chain(&stats.warnings).collect();
            for u in &all {
                assert_eq!(
                    u.kind.is_warning(),
                    stats.warnings.contains(u),
                    "{} ({who}): {u}",
                    f.name
                );
            }
            let found: Vec<(String, Option<u32>)> = all
                .iter()
                .zip(lines)
                .map(|(u, l)| (kind_name(u.kind), l))
                .collect();
            assert!(
                found.contains(&(kind.clone(), Some(*line))),
                "{} ({who}): expected {kind} at line {line}, found {found:?}\n{:#?}",
                f.name,
                stats.undefined
            );
            for (k, _) in &found {
                assert!(
                    k == kind || f.also.contains(k),
                    "{} ({who}): unexpected {k} in {found:?}",
                    f.name
                );
            }
            let u = all.iter().find(|u| kind_name(u.kind) == *kind).unwrap();
            assert!(u.to_string().starts_with(u.kind.describe()), "{u}");
        }
        // The checks turned off: no findings, and the run still completes.
        let off = Config {
            check_undefined: false,
            ..Config::default()
        };
        let (ir, pt) = (f.run_ir(0, &off), f.run_ptx(0, &off).0);
        assert_eq!(ir.undefined, vec![], "{}", f.name);
        assert_eq!(pt.undefined, vec![], "{}", f.name);
        assert_eq!((ir.warnings, pt.warnings), (vec![], vec![]), "{}", f.name);
    }
}

#[test]
fn the_twins_are_clean_at_every_level() {
    let config = Config::default();
    for f in files() {
        if f.expect.is_some() {
            continue;
        }
        for level in [0, 3] {
            let ir = f.run_ir(level, &config);
            assert_eq!(ir.undefined, vec![], "{} (IR, -O{level})", f.name);
            assert_eq!(ir.warnings, vec![], "{} (IR, -O{level})", f.name);
            let (pt, _) = f.run_ptx(level, &config);
            assert_eq!(pt.undefined, vec![], "{} (PTX, -O{level})", f.name);
            assert_eq!(pt.warnings, vec![], "{} (PTX, -O{level})", f.name);
        }
    }
}
