//! `libdevice-report [--samples N] [FUNC…]`: the accuracy of the math
//! functions, one row per function with its maximum error in ulp and its
//! documented bound; the exit status is 1 when one is out of bound.
//! `cargo run --release -p ptxlab-accuracy --bin libdevice-report -- sinf`.

use clap::Parser;
use ptxlab_accuracy as report;
use ptxlab_core::Options;
use std::io::Write;
use std::process::ExitCode;

/// The command line.
#[derive(Parser, Debug)]
#[command(
    name = "libdevice-report",
    about = "Measure the math functions (our libdevice, run in the IR interpreter) against an f64 reference (320-bit for the doubles), in ulp"
)]
struct ReportCli {
    /// Random inputs per function (special values and hard cases come on top).
    #[arg(long, default_value_t = 10000)]
    samples: usize,
    /// The functions to measure (default: all), by CUDA name (sinf, powf, …).
    funcs: Vec<String>,
}

fn main() -> ExitCode {
    let cli = ReportCli::parse();
    let funcs = match report::select(&cli.funcs) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("libdevice-report: error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = std::time::Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let rows = report::measure_all(&funcs, cli.samples, &Options::default(), threads);
    let failed = rows.iter().filter(|r| !r.pass()).count();
    // A closed pipe (`| head`) ends the output, not the process with a panic.
    let _ = writeln!(
        std::io::stdout(),
        "{}{} functions, {} within bound, {failed} failing ({:.1} s)",
        report::format(&rows),
        rows.len(),
        rows.len() - failed,
        start.elapsed().as_secs_f64()
    );
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
