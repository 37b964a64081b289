//! `ptxlab reduce FILE --kernel K --grid G --block B --args A [--property P]
//! [-O3 …] [-o OUT]`: shrinks a kernel and its launch while a property holds
//! (`ptxlab_sim::reduce`, C-Reduce's approach), printing progress on stderr
//! and the reduced source on stdout (or into OUT), with the reduced launch.
//!
//! Properties: `bisect` (the default: the pass run, or the backend, that
//! bisect finds on the input stays guilty), `pass-run:N` or `pass-run:NAME`
//! (that run, or the run of pass NAME, changes the result), `verifier:PASS`
//! (the verifier fails after PASS), `ptxas` (ptxas rejects our PTX) and
//! `differs-from:FILE.ptx` (our PTX's result differs from that PTX's).
//!
//! Exit status: 0 reduced; 1 the source does not compile, the launch or
//! the property is wrong, or the input does not have the property.

use super::{on_compiler_stack, print_diagnostics, read_input, Disk, LaunchArgs, PipelineArgs};
use clap::Parser;
use ptxlab_core::{opt, Options};
use ptxlab_sim::bisect::LaunchSetup;
use ptxlab_sim::reduce::{self, args_text, dim_text, Property, ReduceError, Reducer};
use ptxlab_sim::{interp, spec};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

#[derive(Parser, Debug)]
#[command(
    name = "ptxlab reduce",
    about = "Shrink a kernel and its launch while a property (a miscompile) still holds",
    after_help = "C-Reduce's approach on the source: delete statements (top level and nested), replace \
control statements by their bodies, simplify expressions, remove parameters with their arguments, shrink \
integer constants and the launch (grid, block, buffer lengths, scalars), until nothing more can go. A \
candidate that does not compile, whose launch fails, or that has undefined behaviour never counts.\n\n\
PROPERTY: bisect (default: the pass run or backend stage bisect names on the input stays guilty), \
pass-run:N, pass-run:NAME, verifier:PASS, ptxas (ptxas rejects our PTX; --ptxas names it), \
differs-from:FILE.ptx (our PTX's result differs from that PTX's, the source's meaning unchanged).\n\n\
Example: ptxlab reduce k.cu --kernel pipeline --block 64 --args i32[64]:iota,i32[128],f32[64],64,3 \
--inject-bug instcombine-sign -o small.cu"
)]
pub struct ReduceCli {
    /// The CUDA source file.
    file: PathBuf,
    /// The kernel: its source name or its mangled name.
    #[arg(long)]
    kernel: String,
    #[command(flatten)]
    launch: LaunchArgs,
    #[command(flatten)]
    pipeline: PipelineArgs,
    /// What the reduced kernel must still show.
    #[arg(long, default_value = "bisect")]
    property: String,
    /// Where the reduced source goes (stdout without it).
    #[arg(short = 'o', value_name = "OUT")]
    output: Option<PathBuf>,
    /// Stop each launch after this many instructions.
    #[arg(long = "max-steps", value_name = "N", default_value_t = interp::Config::default().max_steps)]
    max_steps: u64,
    /// Stop after testing this many candidates.
    #[arg(long = "max-tests", value_name = "N")]
    max_tests: Option<usize>,
    /// The ptxas of `--property ptxas`.
    #[arg(long = "ptxas", value_name = "PATH", default_value = "ptxas")]
    ptxas: String,
}

pub fn main(cli: ReduceCli) -> ExitCode {
    let (path_text, source) = match read_input(&cli.file) {
        Ok(input) => input,
        Err(code) => return code,
    };
    let mut opts = cli.pipeline.options();
    opts.snapshots = false;
    on_compiler_stack(
        move || run(&cli, &path_text, &source, &opts),
        "internal error (the reduce thread failed)",
    )
    .unwrap_or_else(|code| code)
}

fn fail(msg: String) -> ExitCode {
    eprintln!("ptxlab reduce: error: {msg}");
    ExitCode::FAILURE
}

/// The `--property` asked for, checked against the input where it needs it.
fn property<'a>(
    cli: &'a ReduceCli,
    path_text: &str,
    source: &str,
    opts: &'a Options,
    setup: &LaunchSetup,
) -> Result<Property<'a>, String> {
    let (kind, arg) = cli
        .property
        .split_once(':')
        .unwrap_or((cli.property.as_str(), ""));
    let pass = |name: &str| {
        opt::Pass::from_name(name)
            .ok_or_else(|| format!("--property: unknown pass '{name}' (--list-passes names them)"))
    };
    match (kind, arg) {
        ("bisect", "") => Property::from_bisect(path_text, source, &Disk, opts, setup),
        ("pass-run", n) if n.parse::<usize>().is_ok() => {
            let n: usize = n.parse().unwrap_or(0);
            let total = opt::pipeline::passes(opts.opt_level).len();
            if n == 0 || n > total {
                return Err(format!(
                    "--property: pass run {n} does not exist (-O{} has {total})",
                    opts.opt_level
                ));
            }
            Ok(Property::PassRun(n))
        }
        ("pass-run", name) if !name.is_empty() => {
            let p = pass(name)?;
            // The run of that pass bisect names, else its first run.
            match Property::from_bisect(path_text, source, &Disk, opts, setup) {
                Ok(Property::PassRun(n))
                    if opt::pipeline::passes(opts.opt_level).get(n - 1) == Some(&p) =>
                {
                    Ok(Property::PassRun(n))
                }
                _ => opt::pipeline::passes(opts.opt_level)
                    .iter()
                    .position(|q| *q == p)
                    .map(|i| Property::PassRun(i + 1))
                    .ok_or_else(|| {
                        format!("--property: -O{} never runs {name}", opts.opt_level)
                    }),
            }
        }
        ("verifier", name) if !name.is_empty() => Ok(Property::Verifier(pass(name)?)),
        ("ptxas", "") => {
            let ptxas = cli.ptxas.clone();
            let arch = cli.pipeline.arch.clone();
            let name = path_text.to_string();
            Ok(Property::Custom(Box::new(move |src: &str, _: &LaunchSetup| {
                ptxas_rejects(&ptxas, &arch, &name, src, opts)
            })))
        }
        ("differs-from", file) if !file.is_empty() => std::fs::read_to_string(file)
            .map(Property::DiffersFromPtx)
            .map_err(|e| format!("--property: cannot read {file}: {e}")),
        _ => Err(format!(
            "--property: '{}' is not bisect, pass-run:N, pass-run:NAME, verifier:PASS, ptxas or differs-from:FILE.ptx",
            cli.property
        )),
    }
}

/// Whether ptxas rejects our PTX of `src` (a compile error is no rejection).
fn ptxas_rejects(ptxas: &str, arch: &str, name: &str, src: &str, opts: &Options) -> bool {
    let c = ptxlab_core::compile(name, src, &Disk, opts);
    let Some(ptx) = c.ptx else {
        return false;
    };
    let dir = std::env::temp_dir().join(format!("ptxlab-reduce-{}", std::process::id()));
    if std::fs::create_dir_all(&dir).is_err() {
        return false;
    }
    let file = dir.join("k.ptx");
    if std::fs::write(&file, ptx).is_err() {
        return false;
    }
    let status = Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg(&file)
        .arg("-o")
        .arg(dir.join("k.cubin"))
        .output();
    let _ = std::fs::remove_dir_all(&dir);
    // ptxas that cannot start is no verdict.
    status.is_ok_and(|o| !o.status.success())
}

fn run(cli: &ReduceCli, path_text: &str, source: &str, opts: &Options) -> ExitCode {
    let args = match spec::parse_args(&cli.launch.args) {
        Ok(a) => a,
        Err(e) => return fail(format!("--args: {e}")),
    };
    let setup = LaunchSetup {
        kernel: cli.kernel.clone(),
        grid: cli.launch.grid,
        block: cli.launch.block,
        shared: cli.launch.shared,
        args,
        config: interp::Config {
            max_steps: cli.max_steps,
            check_undefined: true,
            ..interp::Config::for_options(opts)
        },
    };
    // The input must compile: its diagnostics, as the compiler prints them.
    if let Err(diags) = ptxlab_core::Stepper::new(path_text, source, &Disk, opts) {
        print_diagnostics(&diags, path_text, source);
        return ExitCode::FAILURE;
    }
    let property = match property(cli, path_text, source, opts, &setup) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    eprintln!("reduce: keeping: {}", property.describe(opts));
    let mut reducer = match Reducer::new(path_text, source, &Disk, opts, &setup, property) {
        Ok(r) => r,
        Err(ReduceError::NotInteresting(why)) => return fail(why),
    };
    reducer.max_tests = cli.max_tests;
    let mut last_kept = 0;
    let out = reduce::reduce(reducer, |p| {
        if p.kept != last_kept || p.tests % 50 == 0 {
            last_kept = p.kept;
            eprintln!(
                "reduce: round {}, {}: {} tests, {} kept, {} lines",
                p.round, p.pass, p.tests, p.kept, p.lines
            );
        }
    });
    let s = &out.case.setup;
    eprintln!(
        "reduce: {} → {} lines in {} tests ({} kept, {} rounds, {:.1} s)",
        out.lines_before,
        out.lines_after,
        out.tests,
        out.kept,
        out.rounds,
        out.micros as f64 / 1e6
    );
    eprintln!(
        "reduce: launch: --kernel {} --grid {} --block {} --args {}{}",
        s.kernel,
        dim_text(s.grid),
        dim_text(s.block),
        args_text(&s.args),
        if s.shared > 0 {
            format!(" --shared {}", s.shared)
        } else {
            String::new()
        }
    );
    match &cli.output {
        Some(path) if path != Path::new("-") => {
            if let Err(e) = std::fs::write(path, &out.case.source) {
                return fail(format!("cannot write {}: {e}", path.display()));
            }
        }
        _ => print!("{}", out.case.source),
    }
    ExitCode::SUCCESS
}
