//! CUB's block reduction and scan algorithms, each variant on blocks of 32
//! (one warp: the raking algorithms reduce and scan by shuffles alone), 48
//! (24 raking threads, a partial warp), 96, 128 and 256 threads:
//! `BLOCK_REDUCE_WARP_REDUCTIONS` with `BLOCK_SCAN_WARP_SCANS`,
//! `BLOCK_REDUCE_RAKING` with `BLOCK_SCAN_RAKING`, and
//! `BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY` with `BLOCK_SCAN_RAKING_MEMOIZE`;
//! full and partial reductions, a thread's four items, inclusive and
//! exclusive scans with an initial value, an aggregate or a block-prefix
//! callback.
//!
//! On inputs whose sums are exact in any order (quarters), ours (our PTX
//! in the emulator, the IR interpreter at -O0 and -O3) and NVRTC's PTX of
//! the same source with NVIDIA's CUB give the reference computed here. On
//! inputs whose float sums depend on the order, ours must give NVIDIA's
//! bits: the same algorithm, in the same order.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#ifndef MAXOP
#define MAXOP cub::Max()
#define SUMOP cub::Sum()
#endif
struct Prefix {
    float running;
    __device__ float operator()(float aggregate) { float old = running; running += aggregate; return old; }
};
template <int B, cub::BlockReduceAlgorithm RA, cub::BlockScanAlgorithm SA>
__device__ void body(const float *fin, const int *iin, float *fo, int *io) {
    typedef cub::BlockReduce<float, B, RA> RF;
    typedef cub::BlockReduce<int, B, RA> RI;
    typedef cub::BlockScan<float, B, SA> SF;
    typedef cub::BlockScan<int, B, SA> SI;
    __shared__ union {
        typename RF::TempStorage rf;
        typename RI::TempStorage ri;
        typename SF::TempStorage sf;
        typename SI::TempStorage si;
    } t;
    int tid = threadIdx.x;
    float x = fin[tid];
    int y = iin[tid];
    float f4[4];
    for (int i = 0; i < 4; i++) f4[i] = fin[B + tid * 4 + i];
    float s = RF(t.rf).Sum(x);
    __syncthreads();
    float sp = RF(t.rf).Sum(x, B - 7);
    __syncthreads();
    float s4 = RF(t.rf).Sum(f4);
    __syncthreads();
    int m = RI(t.ri).Reduce(y, MAXOP);
    __syncthreads();
    int mp = RI(t.ri).Reduce(y, MAXOP, B / 2 + 3);
    __syncthreads();
    float inc, exc, agg;
    SF(t.sf).InclusiveSum(x, inc);
    __syncthreads();
    SF(t.sf).ExclusiveSum(x, exc, agg);
    __syncthreads();
    int e, ie, iagg;
    SI(t.si).ExclusiveScan(y, e, -5000, MAXOP);
    __syncthreads();
    SI(t.si).InclusiveScan(y, ie, MAXOP, iagg);
    __syncthreads();
    float o4[4];
    SF(t.sf).InclusiveSum(f4, o4);
    __syncthreads();
    Prefix p = {100.0f};
    float pe;
    SF(t.sf).ExclusiveSum(x, pe, p);
    __syncthreads();
    Prefix q = {-3.5f};
    float pi;
    SF(t.sf).InclusiveScan(x, pi, SUMOP, q);
    fo[tid] = inc;
    fo[B + tid] = exc;
    fo[2 * B + tid] = pe;
    fo[3 * B + tid] = pi;
    for (int i = 0; i < 4; i++) fo[4 * B + tid * 4 + i] = o4[i];
    io[tid] = e;
    io[B + tid] = ie;
    if (tid == 0) {
        fo[8 * B] = s; fo[8 * B + 1] = sp; fo[8 * B + 2] = s4; fo[8 * B + 3] = agg;
        io[2 * B] = m; io[2 * B + 1] = mp; io[2 * B + 2] = iagg;
    }
}
#define KERNELS_(B) \
__global__ void warps##B(const float *f, const int *i, float *fo, int *io) { body<B, cub::BLOCK_REDUCE_WARP_REDUCTIONS, cub::BLOCK_SCAN_WARP_SCANS>(f, i, fo, io); } \
__global__ void raking##B(const float *f, const int *i, float *fo, int *io) { body<B, cub::BLOCK_REDUCE_RAKING, cub::BLOCK_SCAN_RAKING>(f, i, fo, io); } \
__global__ void commutative##B(const float *f, const int *i, float *fo, int *io) { body<B, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, cub::BLOCK_SCAN_RAKING_MEMOIZE>(f, i, fo, io); }
#define KERNELS(B) KERNELS_(B)
KERNELS(SIZE)
"#;

/// The source for blocks of `b` threads (one size a compile: the five in
/// one module pass the inliner's limit).
fn source(b: usize) -> &'static str {
    Box::leak(format!("#define SIZE {b}\n{SRC}").into_boxed_str())
}

const SIZES: [usize; 5] = [32, 48, 96, 128, 256];
const VARIANTS: [&str; 3] = ["warps", "raking", "commutative"];

/// The float inputs of a block of `b` (5b of them): quarters, whose sums
/// are exact, or floats of 24 random bits, whose sums round.
fn floats(b: usize, seed: u64, exact: bool) -> Vec<f32> {
    let mut r = Rng(seed);
    (0..5 * b)
        .map(|_| {
            if exact {
                r.int(-400, 400) as f32 / 4.0
            } else {
                r.f32(-10.0, 10.0)
            }
        })
        .collect()
}

fn ints(b: usize, seed: u64) -> Vec<i32> {
    let mut r = Rng(seed);
    (0..b).map(|_| r.int(-1000, 1000) as i32).collect()
}

/// The buffers `body<b>` writes, computed here (exact for quarters).
fn reference(b: usize, f: &[f32], i: &[i32]) -> (Vec<f32>, Vec<i32>) {
    let mut fo = vec![0f32; 8 * b + 4];
    let mut io = vec![0i32; 2 * b + 3];
    let x = &f[..b];
    let (mut sum, mut max) = (0f32, -5000);
    for t in 0..b {
        fo[b + t] = sum;
        fo[2 * b + t] = 100.0 + sum;
        sum += x[t];
        fo[t] = sum;
        fo[3 * b + t] = -3.5 + sum;
        io[t] = max;
        max = max.max(i[t]);
        io[b + t] = i[..=t].iter().copied().max().unwrap();
    }
    let mut running = 0f32;
    for t in 0..b {
        for k in 0..4 {
            running += f[b + t * 4 + k];
            fo[4 * b + t * 4 + k] = running;
        }
    }
    fo[8 * b] = sum;
    fo[8 * b + 1] = x[..b - 7].iter().sum();
    fo[8 * b + 2] = running;
    fo[8 * b + 3] = sum;
    io[2 * b] = *i.iter().max().unwrap();
    io[2 * b + 1] = *i[..b / 2 + 3].iter().max().unwrap();
    io[2 * b + 2] = io[2 * b];
    (fo, io)
}

fn case(kernel: &'static str, b: usize, f: Vec<f32>, i: Vec<i32>) -> Case {
    let mut c = Case::new(
        "cub_algorithms.cu",
        [1, 1, 1],
        [b as u32, 1, 1],
        vec![
            Arg::Buf("fin", Data::F32(f)),
            Arg::Buf("iin", Data::I32(i)),
            Arg::Buf("fo", Data::F32(vec![0.0; 8 * b + 4])),
            Arg::Buf("io", Data::I32(vec![0; 2 * b + 3])),
        ],
    )
    .kernel(kernel);
    c.source = Some(source(b));
    c
}

/// The kernel names for blocks of `b` (the cases keep `&'static str`s).
fn kernels(b: usize) -> Vec<&'static str> {
    VARIANTS
        .iter()
        .map(|v| &*Box::leak(format!("{v}{b}").into_boxed_str()))
        .collect()
}

/// The cases on quarters, against the reference.
fn exact_cases(b: usize) -> Vec<(&'static str, Case)> {
    kernels(b)
        .into_iter()
        .map(|k| {
            let (f, i) = (floats(b, b as u64, true), ints(b, 7 + b as u64));
            let (fo, io) = reference(b, &f, &i);
            (
                k,
                case(k, b, f, i)
                    .expect("fo", Data::F32(fo))
                    .expect("io", Data::I32(io)),
            )
        })
        .collect()
}

fn nvrtc(b: usize) -> Option<String> {
    libcheck::nvrtc_ptx(
        "cub_algorithms.cu",
        source(b),
        "sm_80",
        "cccl/cub/block/block_reduce.cuh",
        &["-DMAXOP=cuda::maximum<>()", "-DSUMOP=cuda::std::plus<>()"],
    )
}

#[test]
fn every_algorithm_reduces_and_scans_as_the_reference() {
    let mut failures = Vec::new();
    for b in SIZES {
        let cases = exact_cases(b);
        failures.extend(libcheck::check_ours(
            "cub_algorithms.cu",
            source(b),
            "sm_80",
            &cases,
        ));
        // Every target assembles.
        for arch in ["sm_75", "sm_90"] {
            libcheck::our_ptx("cub_algorithms.cu", source(b), arch);
        }
        if let Some(theirs) = nvrtc(b) {
            failures.extend(libcheck::check_theirs(&theirs, &cases));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn float_results_are_nvidias_bits() {
    let mut failures = Vec::new();
    for b in SIZES {
        let Some(theirs) = nvrtc(b) else {
            return;
        };
        let cases: Vec<(&str, Case)> = kernels(b)
            .into_iter()
            .map(|k| {
                let make = || case(k, b, floats(b, 100 + b as u64, false), ints(b, 3));
                // (A run reads back the buffers a case expects.)
                let named = make()
                    .expect("fo", Data::F32(Vec::new()))
                    .expect("io", Data::I32(Vec::new()));
                let theirs = named.on_ptx(&theirs, k);
                assert_eq!(theirs.len(), 2);
                let mut c = make();
                for (name, data) in theirs {
                    c = c.expect(&name, data);
                }
                (k, c)
            })
            .collect();
        failures.extend(libcheck::check_ours(
            "cub_algorithms.cu",
            source(b),
            "sm_80",
            &cases,
        ));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Radix sorts of 8 items a thread (where CUB's exchanges pad the tile),
/// by 4 and 5 bits a pass, over float, int and 64-bit keys and part of a
/// key's bits, with values that show each sort is stable.
const RADIX: &str = r#"
#include <cub/block/block_radix_sort.cuh>
__global__ void radix8(const int *in, int *out, long long *wide) {
    typedef cub::BlockRadixSort<float, 128, 8, int> F;
    typedef cub::BlockRadixSort<int, 128, 8, cub::NullType, 5> I;
    typedef cub::BlockRadixSort<long long, 128, 8, int> L;
    __shared__ union { typename F::TempStorage f; typename I::TempStorage i; typename L::TempStorage l; } t;
    int tid = threadIdx.x;
    float f[8];
    int v[8], a[8], lv[8];
    long long w[8];
    for (int i = 0; i < 8; i++) {
        int x = in[tid * 8 + i];
        f[i] = x * 0.5f;
        v[i] = tid * 8 + i;
        a[i] = x;
        w[i] = (long long)x * 1000003LL;
        lv[i] = tid * 8 + i;
    }
    F(t.f).SortDescendingBlockedToStriped(f, v);
    __syncthreads();
    I(t.i).Sort(a);
    __syncthreads();
    L(t.l).Sort(w, lv, 4, 40);
    for (int i = 0; i < 8; i++) {
        out[tid * 8 + i] = (int)(f[i] * 2.0f);
        out[1024 + tid * 8 + i] = v[i];
        out[2048 + tid * 8 + i] = a[i];
        out[3072 + tid * 8 + i] = lv[i];
        wide[tid * 8 + i] = w[i];
    }
}
"#;

/// What `radix8` writes for keys `x` (1024 of them).
fn radix_reference(x: &[i32]) -> (Vec<i32>, Vec<i64>) {
    let mut out = vec![0; 4096];
    // Descending by key, stable, then striped: thread t's item i is
    // sorted element i * 128 + t.
    let mut order: Vec<usize> = (0..1024).collect();
    order.sort_by(|&p, &q| x[q].cmp(&x[p]));
    for t in 0..128 {
        for i in 0..8 {
            let r = order[i * 128 + t];
            out[t * 8 + i] = x[r];
            out[1024 + t * 8 + i] = r as i32;
        }
    }
    let mut a = x.to_vec();
    a.sort();
    out[2048..3072].copy_from_slice(&a);
    // By bits [4, 40) of the key's radix ordering (sign bit flipped).
    let w: Vec<i64> = x.iter().map(|&k| i64::from(k) * 1000003).collect();
    let digits = |k: i64| ((k as u64 ^ (1 << 63)) >> 4) & ((1 << 36) - 1);
    let mut order: Vec<usize> = (0..1024).collect();
    order.sort_by_key(|&p| digits(w[p]));
    let mut wide = Vec::new();
    for (i, &r) in order.iter().enumerate() {
        out[3072 + i] = r as i32;
        wide.push(w[r]);
    }
    (out, wide)
}

#[test]
fn radix_sorts_of_eight_items_a_thread_are_stable_sorts() {
    let mut r = Rng(5);
    let x: Vec<i32> = (0..1024).map(|_| r.int(-300, 300) as i32).collect();
    let (out, wide) = radix_reference(&x);
    let mut c = Case::new(
        "radix8.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(x)),
            Arg::Buf("out", Data::I32(vec![0; 4096])),
            Arg::Buf("wide", Data::I64(vec![0; 1024])),
        ],
    )
    .expect("out", Data::I32(out))
    .expect("wide", Data::I64(wide))
    .kernel("radix8");
    c.source = Some(RADIX);
    let cases = [("radix8", c)];
    let mut failures = libcheck::check_ours("radix8.cu", RADIX, "sm_80", &cases);
    if let Some(theirs) = libcheck::nvrtc_ptx(
        "radix8.cu",
        RADIX,
        "sm_80",
        "cccl/cub/block/block_radix_sort.cuh",
        &[],
    ) {
        failures.extend(libcheck::check_theirs(&theirs, &cases));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
