//! Compiles one file N times in one process, as the page's worker does
//! on each edit (the prelude, the file's leading headers and libdevice
//! kept after the first), a plain compile to PTX as the CLI's: what `valgrind --tool=callgrind` counts for a
//! warm compile is the count of N compiles less that of N - 1. Prints the
//! time of each compile and the last one's diagnostics.
//!
//! `cargo run --profile profiling -p ptxlab-core --example warm -- FILE.cu [N]`

use ptxlab_core::{compile_source, Options};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        eprintln!("usage: warm FILE.cu [N]");
        std::process::exit(2);
    };
    let runs: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(2);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
        eprintln!("{path}: {e}");
        std::process::exit(2);
    });
    let name = std::path::Path::new(&path)
        .file_name()
        .map_or(path.clone(), |n| n.to_string_lossy().into_owned());
    let opts = Options {
        arch: "sm_80".into(),
        snapshots: false,
        ..Options::default()
    };
    let mut last = None;
    for i in 0..runs {
        let t = Instant::now();
        let c = compile_source(&name, &text, &opts);
        println!("compile {i}: {:.0} µs", t.elapsed().as_secs_f64() * 1e6);
        last = Some(c);
    }
    if let Some(c) = last {
        for d in &c.diagnostics {
            println!("{d}");
        }
    }
}
