//! `ptxlab bisect FILE --kernel K --grid G --block B --args A [-O3 …]`:
//! finds the pass run, and the rewrite in it, after which a launch's result
//! differs from the IR before any pass (`ptxlab_sim::bisect`), or names the
//! backend when only our PTX differs; undefined behaviour the reference
//! launch finds is said first.
//!
//! Exit status: 0 no pass run or backend stage changes the result; 4 one
//! does (a miscompile, named); 3 the kernel has undefined behaviour (said
//! first, with what changes, if anything); 1 the source does not compile or
//! the launch's setup is wrong.

use super::{on_compiler_stack, print_diagnostics, read_input, Disk, LaunchArgs, PipelineArgs};
use clap::Parser;
use ptxlab_core::{Options, RewriteLimit};
use ptxlab_sim::bisect::{self, element_text, Culprit, LaunchSetup, Ran};
use ptxlab_sim::{interp, spec};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser, Debug)]
#[command(
    name = "ptxlab bisect",
    about = "Find the pass run and the rewrite in it that change a kernel launch's result",
    after_help = "The launch runs on the IR before any pass (the reference), then after every pass run that \
changes the IR. Inside the first pass run whose result differs, its rewrites are bisected (--rewrite-limit) \
down to the one that changes the result, shown with its IR diff. When every IR run agrees, our PTX runs in \
the PTX emulator: a different result there is a backend bug.\n\nARGS are written as for `ptxlab run`.\n\n\
Exit status: 0 nothing changes the result; 4 a pass run or the backend changes it; 3 the kernel has \
undefined behaviour (a pass may change what it computes); 1 the source does not compile or the launch is \
wrong.\n\nExample: ptxlab bisect k.cu --kernel negate --grid 1 --block 32 --args i32[32]:iota,i32[32] \
--inject-bug instcombine-sign"
)]
pub struct BisectCli {
    /// The CUDA source file.
    file: PathBuf,
    /// The kernel: its source name or its mangled name.
    #[arg(long)]
    kernel: String,
    #[command(flatten)]
    launch: LaunchArgs,
    #[command(flatten)]
    pipeline: PipelineArgs,
    /// Pass run RUN makes only its first N rewrites (may be repeated).
    #[arg(long = "rewrite-limit", value_name = "RUN:N", value_parser = RewriteLimit::parse)]
    rewrite_limit: Vec<RewriteLimit>,
    /// Stop each launch after this many instructions (all threads together).
    #[arg(long = "max-steps", value_name = "N", default_value_t = interp::Config::default().max_steps)]
    max_steps: u64,
    /// Leave the backend out (compare only the IR runs).
    #[arg(long = "no-backend")]
    no_backend: bool,
}

pub fn main(cli: BisectCli) -> ExitCode {
    let (path_text, source) = match read_input(&cli.file) {
        Ok(input) => input,
        Err(code) => return code,
    };
    let mut opts = cli.pipeline.options();
    opts.snapshots = false;
    opts.rewrite_limits.clone_from(&cli.rewrite_limit);
    on_compiler_stack(
        move || run(&cli, &path_text, &source, &opts),
        "internal error (the bisect thread failed)",
    )
    .unwrap_or_else(|code| code)
}

fn run(cli: &BisectCli, path_text: &str, source: &str, opts: &Options) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("ptxlab bisect: error: {msg}");
        ExitCode::FAILURE
    };
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
            check_undefined: !cli.launch.no_ub_checks,
            ..interp::Config::for_options(opts)
        },
    };
    let result = bisect::bisect(
        path_text,
        source,
        &Disk,
        opts,
        &setup,
        !cli.no_backend,
        |_, _, _| {},
    );
    let b = match result {
        Ok(b) => b,
        Err(bisect::BisectError::Compile(diags)) => {
            print_diagnostics(&diags, path_text, source);
            return ExitCode::FAILURE;
        }
        Err(bisect::BisectError::Setup(e)) => return fail(e),
    };
    let mut code = ExitCode::SUCCESS;
    let change = match &b.culprit {
        None => None,
        Some(Culprit::PassRun { pass_run, pass, .. }) => Some(format!(
            "the result changes at pass run {pass_run} ({pass}) of {}",
            b.total
        )),
        Some(Culprit::Backend { stage, .. }) => Some(format!(
            "every IR run agrees, but our PTX in the emulator does not: a backend bug{}",
            stage.map_or(String::new(), |s| format!(" (in {s})"))
        )),
    };
    if !b.undefined.is_empty() {
        code = ExitCode::from(3);
        let first = &b.undefined[0];
        match &change {
            Some(c) => println!(
                "{c}, but the kernel has undefined behaviour ({first}): a pass may change what such a kernel computes"
            ),
            None => println!("the kernel has undefined behaviour: {first}"),
        }
        for u in &b.undefined[1..] {
            println!("  also: {u}");
        }
    } else if let Some(c) = &change {
        code = ExitCode::from(4);
        println!("{c}");
    } else {
        println!(
            "no pass run{} changes the result ({} pass runs, {} launches)",
            if cli.no_backend {
                ""
            } else {
                " or backend stage"
            },
            b.total,
            b.launches
        );
    }
    if let Some(note) = &b.backend_note {
        println!("the backend was not checked: {note}");
    }
    let rewrite = match &b.culprit {
        Some(Culprit::PassRun { pass, rewrite, .. }) => rewrite.as_ref().map(|r| (pass.name(), r)),
        Some(Culprit::Backend {
            stage: Some(s),
            rewrite,
            ..
        }) => rewrite.as_ref().map(|r| (*s, r)),
        _ => None,
    };
    if let Some((stage, r)) = rewrite {
        println!("{stage}, {}", r.summary());
        for l in r.diff.lines() {
            println!("    {l}");
        }
    }
    if let Some(c) = &b.culprit {
        for d in &b.differences {
            println!("  {d}");
        }
        if b.differing > b.differences.len() {
            println!("  ({} elements differ)", b.differing);
        }
        println!("reference (IR before any pass):");
        print_result(&b.reference);
        println!(
            "after {}:",
            match c {
                Culprit::PassRun { pass_run, pass, .. } => format!("pass run {pass_run} ({pass})"),
                Culprit::Backend { .. } => "the backend (our PTX in the emulator)".into(),
            }
        );
        print_result(c.after());
    }
    code
}

/// Elements of each buffer printed.
const SHOWN: usize = 16;

fn print_result(r: &Ran) {
    if let Err(e) = &r.result {
        println!("  the launch fails: {e}");
    }
    for (b, _) in &r.buffers {
        let bytes = r.memory.bytes(b.buffer);
        let len = bytes.len() / b.ty.size();
        let shown: Vec<String> = (0..len.min(SHOWN))
            .map(|i| element_text(b.ty, bytes, i))
            .collect();
        let more = if len > SHOWN { ", …" } else { "" };
        println!("  {}: [{}{more}]", b.param, shown.join(", "));
    }
}
