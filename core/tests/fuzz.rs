//! A bounded fuzz run of the whole compiler (frontend → PTX): thousands of
//! seeded inputs — random bytes, token soup, corpus kernels with random
//! mutations — each must give diagnostics or PTX, never a panic (which
//! `compile` turns into an "internal compiler error"), never a hang. Longer,
//! coverage-guided runs: `fuzz/` (cargo-fuzz, see ARCHITECTURE.md).
//!
//! `PTXLAB_FUZZ_SEED=N` and `PTXLAB_FUZZ_CASES=N` run another seed or more cases.

mod common;

use ptxlab_core::{compile, NoFiles, Options};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// xorshift64*: deterministic and dependency-free.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn pick<'a, T>(&mut self, xs: &'a [T]) -> &'a T {
        &xs[self.below(xs.len())]
    }
}

/// Tokens CUDA source is made of, keywords and punctuation that steer the
/// parser into its less travelled corners.
const TOKENS: &[&str] = &[
    "__global__",
    "__device__",
    "__shared__",
    "__constant__",
    "extern",
    "\"C\"",
    "static",
    "inline",
    "__forceinline__",
    "__launch_bounds__",
    "void",
    "int",
    "unsigned",
    "char",
    "short",
    "long",
    "float",
    "double",
    "bool",
    "const",
    "volatile",
    "struct",
    "union",
    "enum",
    "typedef",
    "sizeof",
    "alignof",
    "if",
    "else",
    "for",
    "while",
    "do",
    "switch",
    "case",
    "default",
    "break",
    "continue",
    "return",
    "goto",
    "template",
    "typename",
    "class",
    "namespace",
    "using",
    "operator",
    "auto",
    "nullptr",
    "true",
    "false",
    "this",
    "new",
    "delete",
    "threadIdx",
    "blockIdx",
    "blockDim",
    "gridDim",
    "warpSize",
    "__syncthreads",
    "atomicAdd",
    "printf",
    "__shfl_down_sync",
    "sqrtf",
    "float4",
    "int2",
    "make_float4",
    "dim3",
    "x",
    "y",
    "z",
    "a",
    "b",
    "i",
    "n",
    "p",
    "f",
    "g",
    "S",
    "T",
    "0",
    "1",
    "42",
    "0x1f",
    "1.5f",
    "2.0",
    "1e309",
    "0x1p-3f",
    "'c'",
    "'\\n'",
    "\"s\"",
    "\"%d\\n\"",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ";",
    ",",
    ".",
    "->",
    "::",
    "?",
    ":",
    "=",
    "+=",
    "-=",
    "*=",
    "/=",
    "%=",
    "<<=",
    ">>=",
    "&=",
    "|=",
    "^=",
    "+",
    "-",
    "*",
    "/",
    "%",
    "<<",
    ">>",
    "<",
    ">",
    "<=",
    ">=",
    "==",
    "!=",
    "&&",
    "||",
    "!",
    "~",
    "&",
    "|",
    "^",
    "++",
    "--",
    "...",
    "#",
    "##",
    "\n#define M(x) ",
    "\n#include ",
    "\n#if ",
    "\n#ifdef ",
    "\n#endif\n",
    "\n#else\n",
    "\n#pragma unroll\n",
    "\n#undef ",
    "__VA_ARGS__",
    "\\\n",
    "//",
    "/*",
    "*/",
    "\n",
];

fn token(r: &mut Rng) -> &'static str {
    TOKENS[r.below(TOKENS.len())]
}

fn random_bytes(r: &mut Rng) -> String {
    let len = r.below(300);
    let bytes: Vec<u8> = (0..len)
        .map(|_| {
            // Mostly printable ASCII, some control and high bytes.
            match r.below(10) {
                0 => r.next() as u8,
                1 => b"\n\t\0\r"[r.below(4)],
                _ => 32 + r.below(95) as u8,
            }
        })
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

fn token_soup(r: &mut Rng) -> String {
    let mut s = String::new();
    // Often inside a kernel, so the statement and expression parsers see it.
    let wrapped = r.below(2) == 0;
    if wrapped {
        s.push_str("__global__ void k(int *p, float *q, int n) {\n");
    }
    for _ in 0..r.below(80) {
        s.push_str(token(r));
        s.push(' ');
    }
    if wrapped {
        s.push_str("\n}\n");
    }
    s
}

/// A corpus kernel with a few random edits: a range deleted, duplicated or
/// moved, a token inserted or replaced, lines swapped.
fn mutate(r: &mut Rng, src: &str) -> String {
    let mut b: Vec<u8> = src.as_bytes().to_vec();
    // Half the time, small edits that keep the kernel valid: a digit or an
    // operator changed (constants and shapes the passes have not seen).
    if r.below(2) == 0 {
        for _ in 0..1 + r.below(3) {
            let at = r.below(b.len());
            let swaps: &[(&[u8], &[u8])] = &[
                (b"0123456789", b"0123456789"),
                (b"+-", b"-+"),
                (b"<>", b"><"),
                (b"&|^", b"|^&"),
            ];
            if let Some(&(from, to)) = swaps.iter().find(|(f, _)| f.contains(&b[at])) {
                let k = if from[0] == b'0' {
                    r.below(10)
                } else {
                    from.iter().position(|c| *c == b[at]).unwrap_or(0)
                };
                b[at] = to[k];
            }
        }
        return String::from_utf8_lossy(&b).into_owned();
    }
    for _ in 0..1 + r.below(4) {
        let len = b.len().max(1);
        let at = r.below(len);
        let span = 1 + r.below(40).min(len - at);
        let end = (at + span).min(b.len());
        match r.below(6) {
            0 => {
                b.drain(at..end);
            }
            1 => {
                let piece: Vec<u8> = b[at..end].to_vec();
                let to = r.below(b.len() + 1);
                b.splice(to..to, piece);
            }
            2 | 3 => {
                let tok = format!(" {} ", token(r));
                b.splice(at..at, tok.bytes());
            }
            4 => {
                let tok = token(r).as_bytes().to_vec();
                b.splice(at..end, tok);
            }
            _ => {
                let text = String::from_utf8_lossy(&b).into_owned();
                let mut lines: Vec<&str> = text.lines().collect();
                if lines.len() > 1 {
                    let (i, j) = (r.below(lines.len()), r.below(lines.len()));
                    lines.swap(i, j);
                }
                b = lines.join("\n").into_bytes();
            }
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// What went wrong with one input, if anything (`Ok(true)`: it compiled).
fn check(src: &str, level: u8) -> Result<bool, String> {
    let opts = Options {
        opt_level: level,
        ..Options::default()
    };
    let c = compile("fuzz.cu", src, &NoFiles, &opts);
    if let Some(d) = c
        .diagnostics
        .iter()
        .find(|d| d.message.contains("internal compiler error"))
    {
        return Err(d.message.clone());
    }
    let errors = c
        .diagnostics
        .iter()
        .any(|d| d.severity == ptxlab_core::Severity::Error);
    if errors == c.ptx.is_some() {
        return Err(format!(
            "errors: {errors}, PTX: {} (one or the other)",
            c.ptx.is_some()
        ));
    }
    Ok(!errors)
}

#[test]
fn random_inputs_give_diagnostics_or_ptx_never_a_panic_or_hang() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(d)
    };
    let seed = env("PTXLAB_FUZZ_SEED", 0x5eed_f00d);
    let cases = env("PTXLAB_FUZZ_CASES", 2400) as usize;
    let corpus = common::corpus();
    let mut r = Rng(seed | 1);
    let inputs: Vec<(String, u8)> = (0..cases)
        .map(|k| match k % 3 {
            0 => (random_bytes(&mut r), 0),
            1 => (token_soup(&mut r), 3),
            _ => {
                let (_, src) = r.pick(&corpus);
                let level = if r.below(4) == 0 { 3 } else { 0 };
                (mutate(&mut r, src), level)
            }
        })
        .collect();
    // The compiler runs on a thread with the stack it is given in the CLI;
    // each input must come back within the limit.
    let (tx, rx) = mpsc::channel();
    let work = inputs.clone();
    std::thread::Builder::new()
        .stack_size(ptxlab_core::STACK_SIZE)
        .spawn(move || {
            for (k, (src, level)) in work.iter().enumerate() {
                let problem = check(src, *level);
                if tx.send((k, problem)).is_err() {
                    return;
                }
            }
        })
        .unwrap();
    let start = Instant::now();
    let mut failures = Vec::new();
    let mut compiled = 0;
    for k in 0..inputs.len() {
        match rx.recv_timeout(Duration::from_secs(20)) {
            Ok((_, Ok(ok))) => compiled += usize::from(ok),
            Ok((i, Err(p))) => failures.push(format!(
                "input {i} (-O{}): {p}\n--- source ---\n{}\n---",
                inputs[i].1, inputs[i].0
            )),
            Err(_) => {
                panic!(
                    "input {k} (-O{}) did not finish in 20 s (a hang?)\n--- source ---\n{}\n---",
                    inputs[k].1, inputs[k].0
                )
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} inputs (seed {seed:#x}) failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!(
        "{cases} inputs in {:.1} s, {compiled} compiled to PTX",
        start.elapsed().as_secs_f64()
    );
    // The mutations must leave some kernels whole, or the back end goes untested.
    assert!(compiled * 20 > cases, "only {compiled} of {cases} compiled");
}
