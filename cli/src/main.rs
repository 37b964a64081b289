//! `ptxlab`: the command-line compiler, with nvcc/cicc's flag spellings.
//!
//! `ptxlab [options] FILE.cu` writes `FILE.ptx` (in the current directory, as
//! `nvcc -ptx` does), or to `-o FILE` (`-o -` is stdout). Errors go to stderr
//! as `FILE(LINE): error: message`, with the source line and a caret; the
//! exit status is 1.
//!
//! `ptxlab run FILE.cu --kernel NAME --grid X[,Y,Z] --block X[,Y,Z] --args ARGS`
//! compiles to IR and runs one launch in the interpreter, printing the buffer
//! arguments after the launch as JSON (see `run_main`).
//!
//! `ptxlab run-ptx FILE.ptx --kernel NAME --grid … --block … --args …` runs
//! one launch of a PTX file (ours or NVRTC's) in the PTX emulator, with the
//! same arguments and output (see `run_ptx_main`).
//!
//! `ptxlab bisect` and `ptxlab reduce` (`bisect.rs`, `reduce.rs`) hunt
//! miscompiles: the pass run and rewrite at fault, and a smaller kernel.

use clap::Parser;
mod bisect;
mod reduce;

use ptxlab_core::{
    compile, compile_to_ir, opt, Compilation, Define, Diagnostic, FileProvider, Options,
    PtxVersion, RewriteLimit, StageKind,
};
use ptxlab_sim::{interp, spec};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// nvcc spells long options with one dash (`-arch=sm_90`, `-ftz=true`);
/// clap wants two. These are rewritten before parsing.
const SINGLE_DASH_LONG: &[&str] = &[
    "arch",
    "ftz",
    "prec-div",
    "prec-sqrt",
    "fmad",
    "use_fast_math",
    "lineinfo",
    "gpu-architecture",
    "expt-relaxed-constexpr",
    "ptx-version",
];

#[derive(Parser, Debug)]
#[command(
    name = "ptxlab",
    version,
    about = "CUDA C to PTX compiler (no LLVM), with every pass visible"
)]
struct Cli {
    /// The CUDA source file.
    #[arg(required_unless_present_any = ["list_passes", "list_bugs"])]
    file: Option<PathBuf>,
    /// Output file; `-` for stdout. Default: the input's name with .ptx, in the current directory.
    #[arg(short = 'o')]
    output: Option<String>,
    /// Target architecture (sm_75 … sm_121).
    #[arg(long = "arch", alias = "gpu-architecture", default_value = "sm_75")]
    arch: String,
    /// Optimization level 0–3.
    #[arg(short = 'O', default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: u8,
    /// Add a directory to the #include search path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<String>,
    /// Define a macro: NAME or NAME=VALUE.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Flush f32 denormals to zero.
    #[arg(long, value_name = "true|false", value_parser = parse_bool)]
    ftz: Option<bool>,
    /// IEEE-rounded f32 division.
    #[arg(long = "prec-div", value_name = "true|false", value_parser = parse_bool)]
    prec_div: Option<bool>,
    /// IEEE-rounded f32 square root.
    #[arg(long = "prec-sqrt", value_name = "true|false", value_parser = parse_bool)]
    prec_sqrt: Option<bool>,
    /// Contract a*b+c into fma.
    #[arg(long, value_name = "true|false", value_parser = parse_bool)]
    fmad: Option<bool>,
    /// -ftz=true -prec-div=false -prec-sqrt=false -fmad=true.
    #[arg(long = "use_fast_math", alias = "use-fast-math")]
    use_fast_math: bool,
    /// Let device code call constexpr host functions (std::max,
    /// std::numeric_limits<T>::max()), as nvcc's experimental flag does.
    #[arg(long = "expt-relaxed-constexpr")]
    expt_relaxed_constexpr: bool,
    /// The PTX ISA version to write, X.Y (an error where the target or an
    /// instruction needs a newer one), or `lowest`: the lowest they need, for
    /// drivers older than CUDA 13.5. Default: NVRTC 13.5's, 9.5.
    #[arg(long = "ptx-version", value_name = "X.Y|lowest", value_parser = PtxVersion::parse)]
    ptx_version: Option<PtxVersion>,
    /// Write .file/.loc line information into the PTX, and each IR
    /// instruction's source location (`, !dbg !DILocation(line: L, column: C)`)
    /// into the IR that --print-after-all and --stages-json show.
    #[arg(long)]
    lineinfo: bool,
    /// Print the IR after every stage to stderr.
    #[arg(long = "print-after-all")]
    print_after_all: bool,
    /// Print the IR only after stages that changed it.
    #[arg(long = "print-changed")]
    print_changed: bool,
    /// Never run this pass (may be repeated).
    #[arg(long = "disable-pass", value_name = "NAME")]
    disable_pass: Vec<String>,
    /// Run only the first N pass runs of the pipeline.
    #[arg(long = "opt-bisect-limit", value_name = "N")]
    opt_bisect_limit: Option<usize>,
    /// Pass run RUN (1-based, or `layout`) makes only its first N rewrites
    /// (LLVM's DebugCounter; may be repeated).
    #[arg(long = "rewrite-limit", value_name = "RUN:N", value_parser = RewriteLimit::parse)]
    rewrite_limit: Vec<RewriteLimit>,
    /// Switch on a deliberately wrong rewrite of the miscompile lab
    /// (--list-bugs names them; may be repeated).
    #[arg(long = "inject-bug", value_name = "NAME", value_parser = parse_bug)]
    inject_bug: Vec<String>,
    /// Edit and continue: replace the IR after pass run N (0: after link)
    /// by the functions of the --ir file and run the rest of the pipeline.
    #[arg(long = "resume-at", value_name = "N", requires = "ir")]
    resume_at: Option<usize>,
    /// The edited IR for --resume-at: one or more functions' `define`s as
    /// --print-after-all shows them.
    #[arg(long = "ir", value_name = "FILE", requires = "resume_at")]
    ir: Option<PathBuf>,
    /// List the miscompile lab's injectable bugs and exit.
    #[arg(long = "list-bugs", exclusive = true)]
    list_bugs: bool,
    /// Print a table of stage times to stderr.
    #[arg(long = "time-passes")]
    time_passes: bool,
    /// Print what each pass did to the program, as `file(line): remark: [pass] text`.
    #[arg(long)]
    remarks: bool,
    /// With the remarks, print what passes could not do (and why).
    #[arg(long = "remarks-missed")]
    remarks_missed: bool,
    /// Print the program's size after every stage: instructions, blocks,
    /// loads and stores by space, local bytes, virtual registers.
    #[arg(long)]
    stats: bool,
    /// Write the whole Compilation (every stage) as JSON.
    #[arg(long = "stages-json", value_name = "FILE")]
    stages_json: Option<PathBuf>,
    /// List the passes with their descriptions and exit.
    #[arg(long = "list-passes", exclusive = true)]
    list_passes: bool,
}

/// A bug of the miscompile lab, by name.
fn parse_bug(s: &str) -> Result<String, String> {
    match ptxlab_core::bugs::Bug::from_name(s) {
        Some(_) => Ok(s.to_string()),
        None => Err(format!(
            "unknown bug '{s}' (known: {})",
            ptxlab_core::bugs::BUGS
                .iter()
                .map(|b| b.name)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

fn parse_bool(s: &str) -> Result<bool, String> {
    match s {
        "true" | "1" => Ok(true),
        "false" | "0" => Ok(false),
        _ => Err(format!("expected true or false, got '{s}'")),
    }
}

/// Rewrites `-arch=sm_90` to `--arch=sm_90` and so on.
fn normalize_args(args: impl Iterator<Item = String>) -> Vec<String> {
    args.map(|a| {
        let Some(rest) = a.strip_prefix('-') else {
            return a;
        };
        if rest.starts_with('-') {
            return a;
        }
        let name = rest.split('=').next().unwrap_or(rest);
        if SINGLE_DASH_LONG.contains(&name) {
            format!("-{a}")
        } else {
            a
        }
    })
    .collect()
}

/// Reads `#include`d files from disk.
struct Disk;

impl FileProvider for Disk {
    fn read(&self, path: &str) -> Option<String> {
        std::fs::read(path)
            .ok()
            .map(|b| String::from_utf8_lossy(&b).into_owned())
    }
}

fn options(cli: &Cli) -> Options {
    let mut o = Options {
        arch: cli.arch.clone(),
        opt_level: cli.opt_level,
        ..Options::default()
    };
    if cli.use_fast_math {
        o.use_fast_math();
    }
    if let Some(v) = cli.ftz {
        o.ftz = v;
    }
    if let Some(v) = cli.prec_div {
        o.prec_div = v;
    }
    if let Some(v) = cli.prec_sqrt {
        o.prec_sqrt = v;
    }
    if let Some(v) = cli.fmad {
        o.fmad = v;
    }
    o.lineinfo = cli.lineinfo;
    o.ptx_version = cli.ptx_version;
    o.expt_relaxed_constexpr = cli.expt_relaxed_constexpr;
    // The IR after every pass only where it is printed.
    o.snapshots = cli.print_after_all
        || cli.print_changed
        || cli.stages_json.is_some()
        || cli.remarks
        || cli.remarks_missed
        || cli.stats;
    o.include_dirs.clone_from(&cli.include);
    o.defines = cli
        .define
        .iter()
        .map(|d| match d.split_once('=') {
            Some((n, v)) => Define {
                name: n.to_string(),
                value: Some(v.to_string()),
            },
            None => Define {
                name: d.clone(),
                value: None,
            },
        })
        .collect();
    o.disabled_passes.clone_from(&cli.disable_pass);
    o.opt_bisect_limit = cli.opt_bisect_limit;
    o.rewrite_limits.clone_from(&cli.rewrite_limit);
    o.inject_bugs.clone_from(&cli.inject_bug);
    o
}

fn print_stages(c: &Compilation, only_changed: bool) {
    for s in &c.stages {
        if s.kind == StageKind::Ptx || (only_changed && !s.changed) {
            continue;
        }
        eprintln!("; *** IR Dump After {} ***", s.name);
        eprint!("{}", s.text());
        eprintln!();
    }
}

fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("run") {
        let args = std::env::args().enumerate().filter(|(i, _)| *i != 1);
        return run_main(RunCli::parse_from(normalize_args(args.map(|(_, a)| a))));
    }
    if std::env::args().nth(1).as_deref() == Some("bisect") {
        let args = std::env::args().enumerate().filter(|(i, _)| *i != 1);
        return bisect::main(bisect::BisectCli::parse_from(normalize_args(
            args.map(|(_, a)| a),
        )));
    }
    if std::env::args().nth(1).as_deref() == Some("reduce") {
        let args = std::env::args().enumerate().filter(|(i, _)| *i != 1);
        return reduce::main(reduce::ReduceCli::parse_from(normalize_args(
            args.map(|(_, a)| a),
        )));
    }
    if std::env::args().nth(1).as_deref() == Some("run-ptx") {
        let args = std::env::args().enumerate().filter(|(i, _)| *i != 1);
        return run_ptx_main(RunPtxCli::parse_from(args.map(|(_, a)| a)));
    }
    let cli = Cli::parse_from(normalize_args(std::env::args()));
    if cli.list_bugs {
        for b in ptxlab_core::bugs::BUGS {
            println!("{:<18} {:<12} {}", b.name, b.stage, b.description);
        }
        return ExitCode::SUCCESS;
    }
    if cli.list_passes {
        for p in opt::PASSES {
            println!("{:<20} {}", p.name, p.description);
        }
        return ExitCode::SUCCESS;
    }
    // Pass names are checked here, at the boundary: the compiler takes them as given.
    if let Some(bad) = cli
        .disable_pass
        .iter()
        .find(|name| opt::Pass::from_name(name).is_none())
    {
        eprintln!(
            "ptxlab fatal   : Unknown pass '{bad}' in --disable-pass (--list-passes names them)"
        );
        return ExitCode::FAILURE;
    }
    let file = cli
        .file
        .clone()
        .expect("clap requires a file without --list-passes");
    let (path_text, source) = match read_input(&file) {
        Ok(input) => input,
        Err(code) => return code,
    };
    let mut opts = options(&cli);
    if let (Some(run), Some(ir)) = (cli.resume_at, &cli.ir) {
        let (file, ir) = match read_input(ir) {
            Ok(input) => input,
            Err(code) => return code,
        };
        opts.ir_edit = Some(ptxlab_core::edit::IrEdit { run, ir, file });
    }
    let c = {
        let (path_text, source, opts) = (path_text.clone(), source.clone(), opts.clone());
        match on_compiler_stack(
            move || {
                // One compile in this process: nothing could reuse the state
                // after the file's leading headers, so none is kept.
                ptxlab_core::frontend::prelude::set_keeping_headers(false);
                compile(&path_text, &source, &Disk, &opts)
            },
            "internal compiler error (the compiler thread failed)",
        ) {
            Ok(c) => c,
            Err(code) => return code,
        }
    };

    if cli.print_after_all || cli.print_changed {
        print_stages(&c, cli.print_changed && !cli.print_after_all);
    }
    if cli.time_passes {
        eprintln!("{:>6}  {:>10}  {:<8} pass", "run", "micros", "changed");
        for s in &c.stages {
            eprintln!(
                "{:>6}  {:>10}  {:<8} {}",
                s.index, s.micros, s.changed, s.name
            );
        }
        eprintln!(
            "total {} us (frontend {} us)",
            c.stats.total_micros, c.stats.frontend_micros
        );
    }
    print_diagnostics(&c.diagnostics, &path_text, &source);
    if cli.remarks || cli.remarks_missed || cli.stats {
        print_remarks_and_stats(&c, &path_text, &cli);
    }
    if let Some(json_path) = &cli.stages_json {
        let json = match serde_json::to_string_pretty(&c) {
            Ok(j) => j,
            Err(e) => {
                eprintln!("ptxlab fatal   : could not serialize the compilation: {e}");
                return ExitCode::FAILURE;
            }
        };
        if let Err(e) = std::fs::write(json_path, json) {
            eprintln!(
                "ptxlab fatal   : could not write '{}': {e}",
                json_path.display()
            );
            return ExitCode::FAILURE;
        }
    }
    let errors = c.diagnostics.iter().filter(|d| d.is_error()).count();
    let Some(ptx) = c.ptx.as_deref().filter(|_| errors == 0) else {
        eprintln!(
            "{errors} error{} detected in the compilation of \"{path_text}\".",
            if errors == 1 { "" } else { "s" }
        );
        return ExitCode::FAILURE;
    };
    let out = cli.output.clone().unwrap_or_else(|| {
        let stem = Path::new(&file)
            .file_stem()
            .map_or("out".into(), |s| s.to_string_lossy().into_owned());
        format!("{stem}.ptx")
    });
    if out == "-" {
        print!("{ptx}");
    } else if let Err(e) = std::fs::write(&out, ptx) {
        eprintln!("ptxlab fatal   : could not write '{out}': {e}");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// `--remarks`, `--remarks-missed` and `--stats`, to stderr.
fn print_remarks_and_stats(c: &Compilation, path_text: &str, cli: &Cli) {
    use ptxlab_core::compilation::RemarkKind;
    for s in c
        .stages
        .iter()
        .filter(|_| cli.remarks || cli.remarks_missed)
    {
        for r in &s.remarks {
            if r.kind == RemarkKind::Missed && !cli.remarks_missed {
                continue;
            }
            let at = match r.line {
                0 => path_text.to_string(),
                l => format!("{path_text}({l})"),
            };
            eprintln!("{at}: remark: [{}] {}", s.name, r.text);
        }
    }
    if !cli.stats {
        return;
    }
    let spaces = |m: &std::collections::BTreeMap<String, usize>| {
        let v: Vec<String> = m.iter().map(|(s, n)| format!("{s}:{n}")).collect();
        if v.is_empty() {
            "-".into()
        } else {
            v.join(" ")
        }
    };
    eprintln!(
        "{:>5}  {:<30} {:>6} {:>6}  {:<24} {:<24} {:>6}  registers",
        "stage", "pass", "insts", "blocks", "loads", "stores", "local"
    );
    for s in &c.stages {
        let Some(m) = &s.metrics else { continue };
        let regs: Vec<String> = m
            .registers
            .iter()
            .map(|(k, n)| format!("%{k}:{n}"))
            .collect();
        eprintln!(
            "{:>5}  {:<30} {:>6} {:>6}  {:<24} {:<24} {:>6}  {}",
            s.index,
            s.name,
            m.instructions,
            m.blocks,
            spaces(&m.loads),
            spaces(&m.stores),
            m.local_bytes,
            if regs.is_empty() {
                "-".into()
            } else {
                regs.join(" ")
            }
        );
    }
}

fn print_diagnostics(diags: &[Diagnostic], path_text: &str, source: &str) {
    for d in diags {
        let line = if d.span.file == path_text && d.span.line > 0 {
            source.lines().nth(d.span.line as usize - 1)
        } else {
            None
        };
        eprintln!("{}", d.render_with_source(line));
    }
}

/// The compile under `run`, `bisect` and `reduce`: optimization level,
/// target, include paths, macros, `-ftz` and the lab's injected bugs.
#[derive(clap::Args, Debug)]
struct PipelineArgs {
    /// Optimization level 0–3 of the pipeline.
    #[arg(short = 'O', default_value_t = 3, value_parser = clap::value_parser!(u8).range(0..=3))]
    opt_level: u8,
    /// Target architecture (sets __CUDA_ARCH__).
    #[arg(long = "arch", alias = "gpu-architecture", default_value = "sm_75")]
    arch: String,
    /// Add a directory to the #include search path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<String>,
    /// Define a macro: NAME or NAME=VALUE.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Flush f32 denormals to zero.
    #[arg(long, value_name = "true|false", value_parser = parse_bool)]
    ftz: Option<bool>,
    /// Switch on a deliberately wrong rewrite (`ptxlab --list-bugs`).
    #[arg(long = "inject-bug", value_name = "NAME", value_parser = parse_bug)]
    inject_bug: Vec<String>,
}

impl PipelineArgs {
    /// The options these flags give (the rest at their defaults).
    fn options(&self) -> Options {
        let mut opts = Options {
            arch: self.arch.clone(),
            opt_level: self.opt_level,
            include_dirs: self.include.clone(),
            defines: defines(&self.define),
            inject_bugs: self.inject_bug.clone(),
            ..Options::default()
        };
        if let Some(v) = self.ftz {
            opts.ftz = v;
        }
        opts
    }
}

/// The launch of `run` and `run-ptx`: its shape, arguments and shared memory.
#[derive(clap::Args, Debug)]
struct LaunchArgs {
    /// Blocks in the grid: X or X,Y or X,Y,Z.
    #[arg(long, default_value = "1", value_parser = spec::parse_dim3)]
    grid: [u32; 3],
    /// Threads in a block: X or X,Y or X,Y,Z.
    #[arg(long, value_parser = spec::parse_dim3)]
    block: [u32; 3],
    /// The kernel's arguments (see the help's end).
    #[arg(long, default_value = "", allow_hyphen_values = true)]
    args: String,
    /// Bytes of dynamic shared memory (extern __shared__, extern .shared).
    #[arg(long = "shared", value_name = "BYTES", default_value_t = 0)]
    shared: u32,
    /// Skip the undefined-behaviour checks (data races, uninitialized
    /// shared and local reads, division by zero and overflow, inactive
    /// lanes and warp masks, barrier divergence): faster, and never exits 3.
    #[arg(long = "no-ub-checks")]
    no_ub_checks: bool,
    /// Launch cooperatively (cudaLaunchCooperativeKernel): every block
    /// resident at once, so that grid.sync() can be met; a grid larger
    /// than the model's GPU holds at once fails to launch. The checks for
    /// races and uninitialized reads are off.
    #[arg(long)]
    cooperative: bool,
}

/// `ptxlab run`: one kernel launch in the IR interpreter.
#[derive(Parser, Debug)]
#[command(
    name = "ptxlab run",
    about = "Run one kernel launch in the IR interpreter and print the buffers after it as JSON",
    after_help = "ARGS is comma-separated, in parameter order. A scalar is a literal (1024, -3, 0x10, 2.5), \
converted to the parameter's type. A buffer is TYPE[N]:INIT with TYPE one of i8 u8 i16 u16 i32 u32 i64 u64 f32 f64 \
and INIT one of zeros, ones, iota (0,1,2,...), rand:SEED (floats in [0,1), integers in 0..100) or a list [1,2,3] \
of N values; TYPE[N] alone is zeros.\n\nText the kernel writes with printf goes to stderr (also when the launch \
fails), in execution order: block after block, a block's threads one after another between barriers; stdout \
has only the JSON.\n\nExample: ptxlab run saxpy.cu --kernel saxpy --grid 4 --block 256 \
--args 1000,2.0,f32[1000]:iota,f32[1000]:ones"
)]
struct RunCli {
    /// The CUDA source file.
    file: PathBuf,
    /// The kernel: its source name (saxpy) or its mangled name (_Z5saxpyifPKfPf).
    #[arg(long)]
    kernel: String,
    #[command(flatten)]
    launch: LaunchArgs,
    #[command(flatten)]
    pipeline: PipelineArgs,
    /// Run the IR as it stood after pass run N (0: after irgen and link).
    #[arg(long = "after-pass", value_name = "N")]
    after_pass: Option<usize>,
    /// Let device code call constexpr host functions (nvcc's experimental flag).
    #[arg(long = "expt-relaxed-constexpr")]
    expt_relaxed_constexpr: bool,
    /// Stop after this many instructions (all threads together).
    #[arg(long = "max-steps", value_name = "N", default_value_t = interp::Config::default().max_steps)]
    max_steps: u64,
    /// Print what the launch did (instructions, threads, time) to stderr.
    #[arg(long)]
    stats: bool,
    /// Pass run RUN makes only its first N rewrites (may be repeated).
    #[arg(long = "rewrite-limit", value_name = "RUN:N", value_parser = RewriteLimit::parse)]
    rewrite_limit: Vec<RewriteLimit>,
}

fn run_main(cli: RunCli) -> ExitCode {
    let (path_text, source) = match read_input(&cli.file) {
        Ok(input) => input,
        Err(code) => return code,
    };
    let mut opts = cli.pipeline.options();
    opts.expt_relaxed_constexpr = cli.expt_relaxed_constexpr;
    opts.rewrite_limits.clone_from(&cli.rewrite_limit);
    // The interpreter runs on the compiler's thread.
    on_compiler_stack(
        move || run_launch(&cli, &path_text, &source, &opts),
        "internal error (the interpreter thread failed)",
    )
    .unwrap_or_else(|code| code)
}

/// A source file's name as given and its text (invalid UTF-8 replaced), or
/// nvcc's fatal message and the failure status when it cannot be read.
fn read_input(path: &std::path::Path) -> Result<(String, String), ExitCode> {
    let path_text = path.to_string_lossy().into_owned();
    match std::fs::read(path) {
        Ok(b) => Ok((path_text, String::from_utf8_lossy(&b).into_owned())),
        Err(e) => {
            eprintln!("ptxlab fatal   : Could not open input file '{path_text}': {e}");
            Err(ExitCode::FAILURE)
        }
    }
}

/// Runs `f` on a thread with the compiler's big stack (`STACK_SIZE`); if
/// the thread fails, prints `failure` as a fatal error.
fn on_compiler_stack<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
    failure: &str,
) -> Result<T, ExitCode> {
    let worker = std::thread::Builder::new()
        .stack_size(ptxlab_core::STACK_SIZE)
        .spawn(f);
    match worker.map(|h| h.join()) {
        Ok(Ok(v)) => Ok(v),
        _ => {
            eprintln!("ptxlab fatal   : {failure}");
            Err(ExitCode::FAILURE)
        }
    }
}

/// `-D NAME[=VALUE]`s as the options hold them.
fn defines(given: &[String]) -> Vec<Define> {
    given
        .iter()
        .map(|d| match d.split_once('=') {
            Some((n, v)) => Define {
                name: n.to_string(),
                value: Some(v.to_string()),
            },
            None => Define {
                name: d.clone(),
                value: None,
            },
        })
        .collect()
}

fn run_launch(cli: &RunCli, path_text: &str, source: &str, opts: &Options) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("ptxlab run: error: {msg}");
        ExitCode::FAILURE
    };
    let module = match compile_to_ir(path_text, source, &Disk, opts, cli.after_pass) {
        Ok(m) => m,
        Err(diags) => {
            print_diagnostics(&diags, path_text, source);
            return ExitCode::FAILURE;
        }
    };
    let kernel = match spec::find_kernel(&module, &cli.kernel) {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let specs = match spec::parse_args(&cli.launch.args) {
        Ok(s) => s,
        Err(e) => return fail(format!("--args: {e}")),
    };
    let mut memory = interp::Memory::new();
    let (args, buffers) = match spec::bind_args(&specs, kernel, &mut memory) {
        Ok(b) => b,
        Err(e) => return fail(format!("--args: {e}")),
    };
    let launch = interp::Launch {
        grid: cli.launch.grid,
        block: cli.launch.block,
        dynamic_shared: cli.launch.shared,
        args,
    };
    let config = interp::Config {
        max_steps: cli.max_steps,
        check_undefined: !cli.launch.no_ub_checks,
        cooperative: cli.launch.cooperative,
        ..interp::Config::for_options(opts)
    };
    let start = std::time::Instant::now();
    let result = interp::run_kernel(&module, &kernel.name, &launch, &mut memory, &config);
    let elapsed = start.elapsed();
    print_output(&result);
    let stats = match result {
        Ok(s) => s,
        Err(e) => {
            let line = e.at.as_ref().and_then(|a| a.line);
            match line {
                Some(l) => eprintln!("{path_text}({l}): error: {e}"),
                None => eprintln!("{path_text}: error: {e}"),
            }
            return run_error_status(&e);
        }
    };
    print_buffers(&memory, &buffers);
    if cli.stats {
        print_stats("ptxlab run", &stats, elapsed);
    }
    undefined_status(path_text, &stats)
}

/// The exit status of a launch that stopped: 3 when it stopped at the
/// kernel's undefined behaviour (as for a finding), else 1.
fn run_error_status(e: &interp::InterpError) -> ExitCode {
    if e.is_undefined() {
        ExitCode::from(3)
    } else {
        ExitCode::FAILURE
    }
}

/// The undefined behaviour a launch found, one line each on stderr (with
/// the source or PTX line, as nvcc names them); exit status 3 if any, else
/// success. Warnings (a barrier reached after some threads exited: they
/// count as arrived on sm_70+) come first as `warning:` lines and leave the
/// status alone.
fn undefined_status(path_text: &str, stats: &interp::Stats) -> ExitCode {
    for f in &stats.warnings {
        match f.line {
            Some(l) => eprintln!("{path_text}({l}): warning: {f}"),
            None => eprintln!("{path_text}: warning: {f}"),
        }
    }
    for f in &stats.undefined {
        match f.line {
            Some(l) => eprintln!("{path_text}({l}): error: {f}"),
            None => eprintln!("{path_text}: error: {f}"),
        }
    }
    if stats.undefined.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(3)
    }
}

/// The buffer arguments after a launch, as one JSON object on stdout.
fn print_buffers(memory: &interp::Memory, buffers: &[spec::BoundBuffer]) {
    let mut out = String::from("{");
    for (i, b) in buffers.iter().enumerate() {
        let values = buffer_json(memory, b);
        let key = serde_json::to_string(&b.param).unwrap_or_default();
        out.push_str(if i == 0 { "\n  " } else { ",\n  " });
        out.push_str(&format!("{key}: {values}"));
    }
    out.push_str(if buffers.is_empty() { "}" } else { "\n}" });
    // A closed pipe (`| head`) is not an error of the launch.
    let _ = writeln!(std::io::stdout().lock(), "{out}");
}

fn print_stats(who: &str, stats: &interp::Stats, elapsed: std::time::Duration) {
    let secs = elapsed.as_secs_f64();
    eprintln!(
        "{who}: {} instructions in {} threads of {} blocks, {} barriers, {:.3} s ({:.1} M instructions/s)",
        stats.steps,
        stats.threads,
        stats.blocks,
        stats.barriers,
        secs,
        stats.steps as f64 / secs.max(1e-9) / 1e6
    );
}

/// Device printf's text, on stderr so stdout stays one JSON value.
fn print_output(result: &Result<interp::Stats, interp::InterpError>) {
    let printed = match result {
        Ok(s) => &s.output,
        Err(e) => &e.output,
    };
    if !printed.is_empty() {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(printed.as_bytes());
        let _ = err.flush();
    }
}

/// `ptxlab run-ptx`: one kernel launch of a PTX file in the PTX emulator.
#[derive(Parser, Debug)]
#[command(
    name = "ptxlab run-ptx",
    about = "Run one kernel launch of a PTX file (ours or NVRTC's) in the PTX emulator and print the buffers after it as JSON",
    after_help = "ARGS are written as for `ptxlab run` (see `ptxlab run --help`): scalars, and buffers TYPE[N]:INIT \
for pointer parameters (.u64) and for structs passed by value (.b8 arrays: the buffer holds the bytes). \
Errors name the PTX line.\n\nExample: ptxlab run-ptx saxpy.ptx --kernel saxpy --grid 4 --block 256 \
--args 1000,2.0,f32[1000]:iota,f32[1000]:ones"
)]
struct RunPtxCli {
    /// The PTX file.
    file: PathBuf,
    /// The kernel: its .entry name (_Z5saxpyifPKfPf) or, when that names one kernel, its source name (saxpy).
    #[arg(long)]
    kernel: String,
    #[command(flatten)]
    launch: LaunchArgs,
    /// Stop after this many instructions (all threads together).
    #[arg(long = "max-steps", value_name = "N", default_value_t = interp::Config::default().max_steps)]
    max_steps: u64,
    /// Print what the launch did (instructions, threads, time) to stderr.
    #[arg(long)]
    stats: bool,
}

fn run_ptx_main(cli: RunPtxCli) -> ExitCode {
    use ptxlab_sim::emu;
    let fail = |msg: String| {
        eprintln!("ptxlab run-ptx: error: {msg}");
        ExitCode::FAILURE
    };
    let (path_text, text) = match read_input(&cli.file) {
        Ok(input) => input,
        Err(code) => return code,
    };
    let module = match emu::PtxModule::parse(&text) {
        Ok(m) => m,
        Err(e) => {
            eprintln!("{path_text}({}): error: {}", e.line, e.message);
            return ExitCode::FAILURE;
        }
    };
    let kernel = match ptxlab_sim::bisect::find_ptx_kernel(&module, &cli.kernel) {
        Ok(k) => k,
        Err(e) => return fail(e),
    };
    let specs = match spec::parse_args(&cli.launch.args) {
        Ok(s) => s,
        Err(e) => return fail(format!("--args: {e}")),
    };
    let params = spec::ptx_param_types(&module.kernel_params(&kernel).unwrap_or_default(), &specs);
    let mut memory = interp::Memory::new();
    let (args, buffers) = match spec::bind_params(&specs, &params, &mut memory) {
        Ok(b) => b,
        Err(e) => return fail(format!("--args: {e}")),
    };
    let launch = interp::Launch {
        grid: cli.launch.grid,
        block: cli.launch.block,
        dynamic_shared: cli.launch.shared,
        args,
    };
    let config = interp::Config {
        max_steps: cli.max_steps,
        check_undefined: !cli.launch.no_ub_checks,
        cooperative: cli.launch.cooperative,
        ..interp::Config::default()
    };
    // The PTX's own target sets the limits a cooperative launch meets.
    let mut config = config;
    if let Some(arch) = emu::ptx_target(&text) {
        config.options.arch = arch.to_string();
    }
    let start = std::time::Instant::now();
    let result = emu::run_kernel(&module, &kernel, &launch, &mut memory, &config);
    let elapsed = start.elapsed();
    print_output(&result);
    let stats = match result {
        Ok(s) => s,
        Err(e) => {
            match e.at.as_ref().and_then(|a| a.line) {
                Some(l) => eprintln!("{path_text}({l}): error: {e}"),
                None => eprintln!("{path_text}: error: {e}"),
            }
            return run_error_status(&e);
        }
    };
    print_buffers(&memory, &buffers);
    if cli.stats {
        print_stats("ptxlab run-ptx", &stats, elapsed);
    }
    undefined_status(&path_text, &stats)
}

/// A buffer's values as a JSON array (non-finite floats as null, as JSON has none).
fn buffer_json(memory: &interp::Memory, b: &spec::BoundBuffer) -> String {
    use spec::ElemType as E;
    let id = b.buffer;
    let json = match b.ty {
        E::I8 => serde_json::to_string(&memory.download::<i8>(id)),
        E::U8 => serde_json::to_string(&memory.download::<u8>(id)),
        E::I16 => serde_json::to_string(&memory.download::<i16>(id)),
        E::U16 => serde_json::to_string(&memory.download::<u16>(id)),
        E::I32 => serde_json::to_string(&memory.download::<i32>(id)),
        E::U32 => serde_json::to_string(&memory.download::<u32>(id)),
        E::I64 => serde_json::to_string(&memory.download::<i64>(id)),
        E::U64 => serde_json::to_string(&memory.download::<u64>(id)),
        E::F32 => serde_json::to_string(&memory.download::<f32>(id)),
        E::F64 => serde_json::to_string(&memory.download::<f64>(id)),
    };
    json.unwrap_or_else(|_| "null".to_string())
}
