//! CUB's warp and block primitives (our `<cub/cub.cuh>`): kernels that
//! reduce and scan over warps (of 32 and of 16 lanes) and over blocks of
//! 48, 96 and 128 threads (partial warps included) run in the IR
//! interpreter (-O0, -O3) and as our PTX in the emulator, against a
//! reference computed here; NVRTC compiles the same source with NVIDIA's
//! CUB (`cuda::maximum<>` for `cub::Max`, which CCCL 3 dropped) and its
//! PTX in the emulator must give the same buffers (at sm_80, where NVIDIA's
//! warp sums are `redux.sync`); ptxas accepts ours.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#ifndef MAXOP
#define MAXOP cub::Max()
#endif
__global__ void warp_prims(const int *in, int *out) {
    typedef cub::WarpReduce<int> WR;
    typedef cub::WarpScan<int> WS;
    typedef cub::WarpReduce<int, 16> WR16;
    __shared__ typename WR::TempStorage t[2];
    __shared__ typename WS::TempStorage u[2];
    __shared__ typename WR16::TempStorage t16[4];
    int w = threadIdx.x / 32;
    int x = in[threadIdx.x];
    int s = WR(t[w]).Sum(x);
    int m = WR(t[w]).Reduce(x, MAXOP);
    int p = WR(t[w]).Sum(x, 20);
    int h = WR16(t16[threadIdx.x / 16]).Sum(x);
    int a, b, e, agg;
    WS(u[w]).InclusiveSum(x, a);
    WS(u[w]).ExclusiveSum(x, b, agg);
    WS(u[w]).ExclusiveScan(x, e, -5000, MAXOP);
    out[threadIdx.x] = a;
    out[64 + threadIdx.x] = b;
    out[140 + threadIdx.x] = e;
    if (threadIdx.x % 32 == 0) {
        out[128 + w * 4] = s; out[129 + w * 4] = m; out[130 + w * 4] = p; out[131 + w * 4] = agg;
    }
    if (threadIdx.x % 16 == 0) out[136 + threadIdx.x / 16] = h;
}
template <int B>
__device__ void block_body(const int *in, int *out) {
    typedef cub::BlockReduce<int, B> BR;
    typedef cub::BlockScan<int, B, cub::BLOCK_SCAN_WARP_SCANS> BS;
    __shared__ typename BR::TempStorage t;
    __shared__ typename BS::TempStorage u;
    int x = in[threadIdx.x];
    int s = BR(t).Sum(x);
    __syncthreads();
    int m = BR(t).Reduce(x, MAXOP);
    __syncthreads();
    int p = BR(t).Sum(x, B - 5);
    int a, b, e, agg;
    BS(u).InclusiveSum(x, a);
    __syncthreads();
    BS(u).ExclusiveSum(x, b, agg);
    __syncthreads();
    BS(u).ExclusiveScan(x, e, -5000, MAXOP);
    out[threadIdx.x] = a;
    out[256 + threadIdx.x] = b;
    out[520 + threadIdx.x] = e;
    if (threadIdx.x == 0) { out[512] = s; out[513] = m; out[514] = agg; out[515] = p; }
}
__global__ void block48(const int *in, int *out) { block_body<48>(in, out); }
__global__ void block96(const int *in, int *out) { block_body<96>(in, out); }
__global__ void block128(const int *in, int *out) { block_body<128>(in, out); }
"#;

fn input(n: usize, seed: u64) -> Vec<i32> {
    let mut r = Rng(seed);
    (0..n).map(|_| r.int(-1000, 1000) as i32).collect()
}

/// The reference of `warp_prims` on 64 threads.
fn warp_reference(x: &[i32]) -> Vec<i32> {
    let mut o = vec![0; 204];
    for w in 0..2 {
        let v = &x[w * 32..w * 32 + 32];
        let (mut inc, mut mx) = (0, -5000);
        for (l, &e) in v.iter().enumerate() {
            o[64 + w * 32 + l] = inc;
            o[140 + w * 32 + l] = mx;
            inc += e;
            mx = mx.max(e);
            o[w * 32 + l] = inc;
        }
        o[128 + w * 4] = inc;
        o[129 + w * 4] = *v.iter().max().unwrap();
        o[130 + w * 4] = v[..20].iter().sum();
        o[131 + w * 4] = inc;
    }
    for h in 0..4 {
        o[136 + h] = x[h * 16..h * 16 + 16].iter().sum();
    }
    o
}

/// The reference of `block_body<B>`.
fn block_reference(x: &[i32], b: usize) -> Vec<i32> {
    let mut o = vec![0; 648];
    let (mut inc, mut mx) = (0, -5000);
    for (t, &e) in x.iter().enumerate() {
        o[256 + t] = inc;
        o[520 + t] = mx;
        inc += e;
        mx = mx.max(e);
        o[t] = inc;
    }
    o[512] = inc;
    o[513] = *x.iter().max().unwrap();
    o[514] = inc;
    o[515] = x[..b - 5].iter().sum();
    o
}

fn cases() -> Vec<(&'static str, Case)> {
    let mut v = Vec::new();
    let x = input(64, 11);
    let mut c = Case::new(
        "cub.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(x.clone())),
            Arg::Buf("out", Data::I32(vec![0; 204])),
        ],
    )
    .expect("out", Data::I32(warp_reference(&x)))
    .kernel("warp_prims");
    c.source = Some(SRC);
    v.push(("warp_prims", c));
    for (name, b) in [("block48", 48), ("block96", 96), ("block128", 128)] {
        let x = input(b, b as u64);
        let mut c = Case::new(
            "cub.cu",
            [1, 1, 1],
            [b as u32, 1, 1],
            vec![
                Arg::Buf("in", Data::I32(x.clone())),
                Arg::Buf("out", Data::I32(vec![0; 648])),
            ],
        )
        .expect("out", Data::I32(block_reference(&x, b)))
        .kernel(name);
        c.source = Some(SRC);
        v.push((name, c));
    }
    v
}

#[test]
fn our_cub_reduces_and_scans_as_the_reference() {
    let cases = cases();
    let mut failures = Vec::new();
    for arch in ["sm_75", "sm_80", "sm_90"] {
        // Every target must assemble; the runs are at sm_80.
        let run: &[(&str, Case)] = if arch == "sm_80" { &cases } else { &[] };
        failures.extend(libcheck::check_ours("cub.cu", SRC, arch, run));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvidias_cub_gives_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx(
        "cub.cu",
        SRC,
        "sm_80",
        "cccl/cub/block/block_reduce.cuh",
        &["-DMAXOP=cuda::maximum<>()"],
    ) else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
