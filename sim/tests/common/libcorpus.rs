//! The device-library corpus (`sim/tests/libcorpus/*.cu`): kernels of our
//! own that use CUB, cuRAND, WMMA, cooperative groups, `cuda::pipeline`,
//! half and bfloat16, each file saying in its leading comments how to run
//! its kernels:
//!
//! - `// arch: sm_75`: the target of the runs and of the register and SASS
//!   table (sm_80 when absent);
//! - `// min: sm_80`: the oldest target it supports (sm_75 when absent);
//!   ptxas must accept our PTX on every target of `common::TARGETS` from it;
//! - `// nvrtc-options: ...`: extra NVRTC flags;
//! - `// run: KERNEL grid=X[,Y] block=X[,Y] [shared=BYTES] [cooperative] ARG...`,
//!   one per kernel (`cooperative`: `cudaLaunchCooperativeKernel`, for
//!   `grid.sync()`), each `ARG` a buffer `T[N]` of random values, `T[N]=0`
//!   of zeros, or a scalar `T=V` (`T` one of i32, u32, i64, u64, f32, f64).
//!
//! Every buffer is compared after the run; NVRTC's PTX in the emulator is
//! the reference (`tests/libcorpus.rs`), and `examples/libtable.rs` prints
//! registers and SASS instructions beside NVRTC's.
#![allow(dead_code)]

use super::cases::{Arg, Case, Data, Rng};
use ptxlab_sim::ArgValue;
use std::path::PathBuf;

/// One corpus file and its runs.
pub struct LibFile {
    pub name: String,
    pub source: String,
    pub arch: String,
    pub min: String,
    pub nvrtc_options: Vec<String>,
    /// Each kernel and its case (inputs; `expected` holds every buffer's
    /// initial contents, to be replaced by the reference).
    pub runs: Vec<(String, Case)>,
}

/// The corpus directory.
pub fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/libcorpus")
}

/// Every corpus file, by name.
pub fn files() -> Vec<LibFile> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir())
        .expect("sim/tests/libcorpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "cu"))
        .collect();
    names.sort();
    names
        .iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            let source = std::fs::read_to_string(p).unwrap();
            parse(&name, &source).unwrap_or_else(|e| panic!("{name}: {e}"))
        })
        .collect()
}

fn leak(s: &str) -> &'static str {
    Box::leak(s.to_string().into_boxed_str())
}

fn dims(s: &str) -> Result<[u32; 3], String> {
    let mut d = [1u32; 3];
    for (i, x) in s.split(',').enumerate() {
        if i >= 3 {
            return Err(format!("too many dimensions in `{s}`"));
        }
        d[i] = x.parse().map_err(|_| format!("bad dimension `{s}`"))?;
    }
    Ok(d)
}

/// A seed of its own for each buffer of each kernel (FNV-1a of its name).
fn seed(kernel: &str, arg: usize) -> u64 {
    format!("{kernel}/{arg}")
        .bytes()
        .fold(0xcbf29ce484222325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x100000001b3)
        })
}

fn buffer(ty: &str, n: usize, zero: bool, rng: &mut Rng) -> Result<Data, String> {
    Ok(match ty {
        "i32" => Data::I32(
            (0..n)
                .map(|_| if zero { 0 } else { rng.int(-1000, 1000) as i32 })
                .collect(),
        ),
        "u32" => Data::U32(
            (0..n)
                .map(|_| if zero { 0 } else { rng.next() as u32 })
                .collect(),
        ),
        "i64" | "u64" => Data::I64(
            (0..n)
                .map(|_| if zero { 0 } else { rng.next() as i64 })
                .collect(),
        ),
        "f32" => Data::F32(
            (0..n)
                .map(|_| if zero { 0.0 } else { rng.f32(-1.0, 1.0) })
                .collect(),
        ),
        "f64" => Data::F64(
            (0..n)
                .map(|_| if zero { 0.0 } else { rng.f64(-1.0, 1.0) })
                .collect(),
        ),
        _ => return Err(format!("unknown element type `{ty}`")),
    })
}

fn scalar(ty: &str, v: &str) -> Result<ArgValue, String> {
    let bad = || format!("bad {ty} `{v}`");
    Ok(match ty {
        "i32" | "u32" => ArgValue::I32(v.parse::<i64>().map_err(|_| bad())? as i32),
        "i64" | "u64" => ArgValue::I64(v.parse::<i128>().map_err(|_| bad())? as i64),
        "f32" => ArgValue::F32(v.parse().map_err(|_| bad())?),
        "f64" => ArgValue::F64(v.parse().map_err(|_| bad())?),
        _ => return Err(format!("unknown scalar type `{ty}`")),
    })
}

fn run_line(
    file: &'static str,
    source: &'static str,
    line: &str,
) -> Result<(String, Case), String> {
    let mut words = line.split_whitespace();
    let kernel = words.next().ok_or("a run without a kernel")?;
    let (mut grid, mut block) = ([1; 3], [1; 3]);
    let mut args = Vec::new();
    let (mut shared, mut cooperative) = (0, false);
    for w in words {
        if w == "cooperative" {
            cooperative = true;
        } else if let Some(s) = w.strip_prefix("shared=") {
            shared = s
                .parse()
                .map_err(|_| format!("bad shared memory size `{s}`"))?;
        } else if let Some(g) = w.strip_prefix("grid=") {
            grid = dims(g)?;
        } else if let Some(b) = w.strip_prefix("block=") {
            block = dims(b)?;
        } else if let Some((ty, rest)) = w.split_once('[') {
            let (n, zero) = match rest.split_once(']') {
                Some((n, "")) => (n, false),
                Some((n, "=0")) => (n, true),
                _ => return Err(format!("bad buffer `{w}`")),
            };
            let n = n.parse().map_err(|_| format!("bad length in `{w}`"))?;
            let mut rng = Rng(seed(kernel, args.len()));
            let name = leak(&format!("arg{}", args.len()));
            args.push(Arg::Buf(name, buffer(ty, n, zero, &mut rng)?));
        } else if let Some((ty, v)) = w.split_once('=') {
            args.push(Arg::Scalar(scalar(ty, v)?));
        } else {
            return Err(format!("bad argument `{w}`"));
        }
    }
    let mut case = Case::new(file, grid, block, Vec::new()).kernel(leak(kernel));
    for a in &args {
        if let Arg::Buf(name, d) = a {
            case = case.expect(name, d.clone());
        }
    }
    case.args = args;
    case.source = Some(source);
    case.dynamic_shared = shared;
    case.cooperative = cooperative;
    Ok((kernel.to_string(), case))
}

/// A corpus file's settings and runs, from its leading comments.
pub fn parse(name: &str, source: &str) -> Result<LibFile, String> {
    let file = leak(name);
    let text = leak(source);
    let mut f = LibFile {
        name: name.to_string(),
        source: source.to_string(),
        arch: "sm_80".into(),
        min: "sm_75".into(),
        nvrtc_options: Vec::new(),
        runs: Vec::new(),
    };
    for line in source.lines().take_while(|l| l.starts_with("//")) {
        let line = line.trim_start_matches('/').trim();
        if let Some(a) = line.strip_prefix("arch:") {
            f.arch = a.trim().to_string();
        } else if let Some(m) = line.strip_prefix("min:") {
            f.min = m.trim().to_string();
        } else if let Some(o) = line.strip_prefix("nvrtc-options:") {
            f.nvrtc_options = o.split_whitespace().map(str::to_string).collect();
        } else if let Some(r) = line.strip_prefix("run:") {
            f.runs.push(run_line(file, text, r)?);
        }
    }
    if f.runs.is_empty() {
        return Err("no `// run:` line".into());
    }
    Ok(f)
}

/// The targets of `common::TARGETS` from `min` on.
pub fn targets(min: &str, all: &[&'static str]) -> Vec<&'static str> {
    let cc = |a: &str| ptxlab_core::target::find(a).map_or(0, |t| t.sm);
    all.iter().copied().filter(|a| cc(a) >= cc(min)).collect()
}

/// The headers that make a main-corpus file (`core/tests/corpus`) a
/// device-library kernel too (`wmma_gemm.cu`, `bf16_axpy.cu`, ...).
const LIBRARY_HEADERS: &[&str] = &[
    "<mma.h>",
    "<cuda_fp16.h>",
    "<cuda_bf16.h>",
    "<cuda_fp8.h>",
    "<curand_kernel.h>",
    "<cooperative_groups",
    "<cub/",
    "<cuda/pipeline>",
    "<cuda/barrier>",
    "<cuda_pipeline.h>",
];

/// Whether a main-corpus source includes a device library.
pub fn uses_a_library(text: &str) -> bool {
    LIBRARY_HEADERS.iter().any(|h| text.contains(h))
}
