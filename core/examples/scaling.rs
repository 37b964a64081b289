//! The scaling table (issue 21, "Scaling"): kernels of growing size at 1×,
//! 4× and 16× for each shape — straight-line code, guarded statements,
//! nested loops, many blocks, many small device functions, a long `switch`,
//! many kernels in one file — each compiled plain (`snapshots = false`) and
//! as the explorer does (snapshots on). Prints the time at each size, the
//! ratio 16×/1× (the goal: ≤ 20) and the slowest stages at 16×. It prints;
//! it asserts nothing.
//!
//! `cargo run --release -p ptxlab-core --example scaling [-- RUNS [SHAPE]]`
//! (also run by `cargo xtask bench`). With SHAPE, only that shape's row.

use ptxlab_core::{compile_source, Compilation, Options};
use std::fmt::Write;
use std::time::Instant;

#[path = "support/peak.rs"]
mod peak;

#[global_allocator]
static ALLOCATOR: peak::Counting = peak::Counting;

/// The sizes, as multiples of a shape's base count.
const SCALES: [usize; 3] = [1, 4, 16];

/// A shape: its name, its base count and the source for a count.
struct Shape {
    name: &'static str,
    base: usize,
    source: fn(usize) -> String,
}

const SHAPES: &[Shape] = &[
    Shape {
        name: "straight-line",
        base: 100,
        source: straight_line,
    },
    Shape {
        name: "guarded",
        base: 100,
        source: guarded,
    },
    Shape {
        name: "nested-loops",
        base: 8,
        source: nested_loops,
    },
    Shape {
        name: "many-blocks",
        base: 50,
        source: many_blocks,
    },
    Shape {
        name: "device-functions",
        base: 20,
        source: device_functions,
    },
    Shape {
        name: "switch",
        base: 50,
        source: switch,
    },
    Shape {
        name: "many-kernels",
        base: 8,
        source: many_kernels,
    },
];

/// `n` statements of straight-line arithmetic and loads.
fn straight_line(n: usize) -> String {
    let mut s = String::from(
        "__global__ void k(float *a, const float *b, int n) {\n  int i = threadIdx.x;\n  float x = b[i];\n",
    );
    for k in 0..n {
        let _ = writeln!(s, "  x = x * 1.5f + b[(i + {k}) % n];");
    }
    s.push_str("  a[i] = x;\n}\n");
    s
}

/// `n` guarded statements, as the issue measured them.
fn guarded(n: usize) -> String {
    let mut s = String::from(
        "__global__ void k(float *out, const float *a, int n) {\n  int i = threadIdx.x;\n  float x = a[i];\n",
    );
    for k in 0..n {
        let _ = writeln!(
            s,
            "  x = x * 2.5f + a[(i + {k}) % n]; if (x > {k}) x -= 3.0f;"
        );
    }
    s.push_str("  out[i] = x;\n}\n");
    s
}

/// `n` loop nests, each two loops deep with a guarded body.
fn nested_loops(n: usize) -> String {
    let mut s = String::from(
        "__global__ void k(float *a, const float *b, int n, int m) {\n  int i = threadIdx.x;\n  float x = 0.0f;\n",
    );
    for k in 0..n {
        let _ = writeln!(
            s,
            "  for (int p = 0; p < n; p++)\n    for (int q = 0; q < m; q++) {{\n      x += b[(p * m + q + {k}) % n];\n      if (x > {k}.0f) x *= 0.5f;\n    }}"
        );
    }
    s.push_str("  a[i] = x;\n}\n");
    s
}

/// `n` if/else statements one after another (many blocks).
fn many_blocks(n: usize) -> String {
    let mut s = String::from(
        "__global__ void k(float *a, const float *b, int n) {\n  int i = threadIdx.x;\n  float x = b[i];\n  int c = i % n;\n",
    );
    for k in 0..n {
        let _ = writeln!(
            s,
            "  if (c == {k}) x = x * {k}.5f + b[(i + {k}) % n]; else x = -x;"
        );
    }
    s.push_str("  a[i] = x;\n}\n");
    s
}

/// `n` small device functions, each called once from the kernel.
fn device_functions(n: usize) -> String {
    let mut s = String::new();
    for k in 0..n {
        let _ = writeln!(
            s,
            "__device__ __noinline__ float f{k}(float x, int i) {{ return x > {k}.0f ? x * 0.5f + i : x + {k}.0f; }}"
        );
    }
    s.push_str("__global__ void k(float *a, int n) {\n  int i = threadIdx.x;\n  float x = a[i];\n");
    for k in 0..n {
        let _ = writeln!(s, "  x = f{k}(x, i);");
    }
    s.push_str("  a[i] = x;\n}\n");
    s
}

/// A `switch` of `n` cases.
fn switch(n: usize) -> String {
    let mut s = String::from(
        "__global__ void k(float *a, const float *b, int n) {\n  int i = threadIdx.x;\n  float x = b[i];\n  switch (i % n) {\n",
    );
    for k in 0..n {
        let _ = writeln!(s, "  case {k}: x = x * {k}.5f + b[(i + {k}) % n]; break;");
    }
    s.push_str("  default: x = -x;\n  }\n  a[i] = x;\n}\n");
    s
}

/// `n` kernels in one file.
fn many_kernels(n: usize) -> String {
    let mut s = String::new();
    for k in 0..n {
        let _ = writeln!(
            s,
            "__global__ void k{k}(float *a, const float *b, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) a[i] = a[i] * {k}.5f + b[i];\n}}"
        );
    }
    s
}

/// The median wall time (ms) of `runs` compiles, and the last compile.
fn time(src: &str, opts: &Options, runs: usize) -> (f64, Compilation) {
    let mut times = Vec::new();
    let mut last = None;
    for _ in 0..runs {
        let t = Instant::now();
        let c = compile_source("scaling.cu", src, opts);
        times.push(t.elapsed().as_secs_f64() * 1e3);
        last = Some(c);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    let c = last.expect("at least one run");
    assert!(!c.has_errors(), "{:?}", c.diagnostics);
    (times[times.len() / 2], c)
}

/// The three slowest stages (summed over runs of the same pass), as text.
fn slowest(c: &Compilation) -> String {
    let mut by_name: Vec<(String, u64)> = Vec::new();
    for s in &c.stages {
        match by_name.iter_mut().find(|(n, _)| *n == s.name) {
            Some((_, m)) => *m += s.micros,
            None => by_name.push((s.name.clone(), s.micros)),
        }
    }
    by_name.sort_by_key(|(_, m)| std::cmp::Reverse(*m));
    let top: Vec<String> = by_name
        .iter()
        .take(3)
        .map(|(n, m)| format!("{n} {:.1}", *m as f64 / 1e3))
        .collect();
    top.join(", ")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = args.first().and_then(|r| r.parse().ok()).unwrap_or(3);
    let only = args.get(1);
    let plain = Options {
        snapshots: false,
        ..Options::default()
    };
    let explorer = Options::default();
    println!(
        "{:<17} {:<8} {:>9} {:>9} {:>9} {:>7}  slowest stages at 16x (ms)",
        "shape", "compile", "1x ms", "4x ms", "16x ms", "16x/1x"
    );
    for shape in SHAPES.iter().filter(|s| only.is_none_or(|o| o == s.name)) {
        let sources: Vec<String> = SCALES
            .iter()
            .map(|m| (shape.source)(shape.base * m))
            .collect();
        for (label, opts) in [("plain", &plain), ("explorer", &explorer)] {
            let mut ms = Vec::new();
            let mut top = String::new();
            for src in &sources {
                let (t, c) = time(src, opts, runs);
                ms.push(t);
                top = slowest(&c);
            }
            println!(
                "{:<17} {:<8} {:>9.2} {:>9.2} {:>9.2} {:>7.1}  {top}",
                shape.name,
                label,
                ms[0],
                ms[1],
                ms[2],
                ms[2] / ms[0]
            );
        }
    }
    if only.is_some() {
        return;
    }
    // The two absolute goals, plain compiles.
    let (t, _) = time(&guarded(1600), &plain, runs);
    println!("guarded kernel of 1,600 statements: {t:.1} ms (goal: at most 50 ms)");
    let big = many_kernels(5000);
    let lines = big.lines().count();
    let (t, c) = time(&big, &plain, runs);
    println!(
        "a file of {lines} lines (5,000 kernels): {t:.1} ms (goal: at most 200 ms); slowest stages (ms): {}",
        slowest(&c)
    );
    drop(c);
    let (_, bytes) = peak::measure(|| compile_source("scaling.cu", &big, &explorer));
    println!(
        "peak heap compiling it with every stage kept (the page's compile): {:.0} MB (goal: at most 256 MB)",
        bytes as f64 / (1024.0 * 1024.0)
    );
}
