//! `ptxlab`: the command-line compiler, with nvcc/cicc's flag spellings.
//!
//! `ptxlab [options] FILE.cu` writes `FILE.ptx` (in the current directory, as
//! `nvcc -ptx` does), or to `-o FILE` (`-o -` is stdout). Errors go to stderr
//! as `FILE(LINE): error: message`, with the source line and a caret; the
//! exit status is 1.

use clap::Parser;
use ptxlab_core::{compile, opt, Compilation, Define, FileProvider, Options, StageKind};
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
];

#[derive(Parser, Debug)]
#[command(
    name = "ptxlab",
    version,
    about = "CUDA C to PTX compiler (no LLVM), with every pass visible"
)]
struct Cli {
    /// The CUDA source file.
    file: PathBuf,
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
    /// Write .file/.loc line information into the PTX.
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
    /// Print a table of stage times to stderr.
    #[arg(long = "time-passes")]
    time_passes: bool,
    /// Write the whole Compilation (every stage) as JSON.
    #[arg(long = "stages-json", value_name = "FILE")]
    stages_json: Option<PathBuf>,
    /// List the passes with their descriptions and exit.
    #[arg(long = "list-passes", exclusive = true)]
    list_passes: bool,
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
    let cli = Cli::parse_from(normalize_args(std::env::args()));
    if cli.list_passes {
        for p in opt::PASSES {
            println!("{:<20} {}", p.name, p.description);
        }
        return ExitCode::SUCCESS;
    }
    let path_text = cli.file.to_string_lossy().into_owned();
    let source = match std::fs::read(&cli.file) {
        Ok(b) => String::from_utf8_lossy(&b).into_owned(),
        Err(e) => {
            eprintln!("ptxlab fatal   : Could not open input file '{path_text}': {e}");
            return ExitCode::FAILURE;
        }
    };
    let opts = options(&cli);
    let c = {
        let (path_text, source, opts) = (path_text.clone(), source.clone(), opts.clone());
        let worker = std::thread::Builder::new()
            .stack_size(ptxlab_core::STACK_SIZE)
            .spawn(move || compile(&path_text, &source, &Disk, &opts));
        match worker.map(|h| h.join()) {
            Ok(Ok(c)) => c,
            _ => {
                eprintln!("ptxlab fatal   : internal compiler error (the compiler thread failed)");
                return ExitCode::FAILURE;
            }
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
    for d in &c.diagnostics {
        let line = if d.span.file == path_text && d.span.line > 0 {
            source.lines().nth(d.span.line as usize - 1)
        } else {
            None
        };
        eprintln!("{}", d.render_with_source(line));
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
        let stem = Path::new(&cli.file)
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
