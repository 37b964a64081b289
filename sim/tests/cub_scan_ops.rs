//! CUB's scans and reductions with operations of the program's own: a
//! functor over a struct (affine maps composed, associative but not
//! commutative, so the order of every combination shows), lambdas, and
//! block-prefix callbacks that carry a running total across tiles, over
//! single items and items-per-thread arrays. Our CUB runs in the IR
//! interpreter (-O0, -O3) and as our PTX in the emulator against a
//! reference computed here; NVRTC compiles the same source with NVIDIA's
//! CUB and its PTX must give the same buffers.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
#include <cub/block/block_scan.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cub/warp/warp_reduce.cuh>
struct Affine { unsigned a, b; };
/* x -> l.a*x + l.b, then r: composed. */
struct Compose {
    __device__ Affine operator()(const Affine &l, const Affine &r) const {
        Affine o; o.a = r.a * l.a; o.b = r.a * l.b + r.b; return o;
    }
};
struct MaxOp { __device__ int operator()(int a, int b) const { return a < b ? b : a; } };
struct RunningSum {
    int total;
    __device__ RunningSum(int t) : total(t) {}
    __device__ int operator()(int block_aggregate) { int old = total; total += block_aggregate; return old; }
};
struct RunningMax {
    int best;
    __device__ int operator()(int block_aggregate) { int old = best; best = best < block_aggregate ? block_aggregate : best; return old; }
};
struct RunningCompose {
    Affine total;
    __device__ Affine operator()(Affine block_aggregate) { Affine old = total; total = Compose()(total, block_aggregate); return old; }
};
#define B 96
#define N 3
#define TILE (B * N)
__device__ Affine load(const unsigned *in, int i) { Affine x; x.a = in[2 * i] | 1u; x.b = in[2 * i + 1]; return x; }
__device__ void put(unsigned *out, int i, Affine x) { out[2 * i] = x.a; out[2 * i + 1] = x.b; }

__global__ void block_struct(const unsigned *in, unsigned *out) {
    typedef cub::BlockScan<Affine, B> S;
    __shared__ typename S::TempStorage t;
    int tid = threadIdx.x;
    Affine id; id.a = 1; id.b = 0;
    Affine x = load(in, tid), y, agg, agg2;
    S(t).InclusiveScan(x, y, Compose(), agg);
    put(out, tid, y);
    __syncthreads();
    S(t).ExclusiveScan(x, y, id, Compose());
    put(out, TILE + tid, y);
    __syncthreads();
    Affine items[N], outs[N];
    for (int i = 0; i < N; i++) items[i] = load(in, tid * N + i);
    S(t).InclusiveScan(items, outs, Compose());
    for (int i = 0; i < N; i++) put(out, 2 * TILE + tid * N + i, outs[i]);
    __syncthreads();
    S(t).ExclusiveScan(items, outs, id, Compose(), agg2);
    for (int i = 0; i < N; i++) put(out, 3 * TILE + tid * N + i, outs[i]);
    __syncthreads();
    RunningCompose prefix; prefix.total = id;
    for (int k = 0; k < 2; k++) {
        for (int i = 0; i < N; i++) items[i] = load(in, k * TILE + tid * N + i);
        S(t).InclusiveScan(items, items, Compose(), prefix);
        for (int i = 0; i < N; i++) put(out, (4 + k) * TILE + tid * N + i, items[i]);
        __syncthreads();
    }
    if (tid == 0) { put(out, 6 * TILE, agg); put(out, 6 * TILE + 1, agg2); put(out, 6 * TILE + 2, prefix.total); }
}

__global__ void block_int(const int *in, int *out) {
    typedef cub::BlockScan<int, B> S;
    typedef cub::BlockReduce<int, B> R;
    __shared__ typename S::TempStorage t;
    __shared__ typename R::TempStorage r;
    int tid = threadIdx.x;
    int items[N], y, agg;
    RunningSum sum(0);
    for (int k = 0; k < 3; k++) {
        for (int i = 0; i < N; i++) items[i] = in[k * TILE + tid * N + i];
        S(t).ExclusiveSum(items, items, sum);
        for (int i = 0; i < N; i++) out[k * TILE + tid * N + i] = items[i];
        __syncthreads();
    }
    RunningSum from1000(1000);
    RunningMax best; best.best = -100000;
    for (int k = 0; k < 3; k++) {
        S(t).InclusiveSum(in[k * B + tid], y, from1000);
        out[3 * TILE + k * B + tid] = y;
        __syncthreads();
        S(t).ExclusiveScan(in[k * B + tid], y, MaxOp(), best);
        out[4 * TILE + k * B + tid] = y;
        __syncthreads();
    }
    auto mx = [](int a, int b) { return a < b ? b : a; };
    S(t).InclusiveScan(in[tid], y, mx);
    out[5 * TILE + tid] = y;
    __syncthreads();
    int outs[N];
    for (int i = 0; i < N; i++) items[i] = in[tid * N + i];
    S(t).InclusiveScan(items, outs, MaxOp(), agg);
    for (int i = 0; i < N; i++) out[6 * TILE + tid * N + i] = outs[i];
    int s = R(r).Reduce(in[tid], [](int a, int b) { return a + b; });
    __syncthreads();
    int m = R(r).Reduce(items, MaxOp());
    __syncthreads();
    int s2 = R(r).Sum(items);
    if (tid == 0) {
        out[7 * TILE] = s; out[7 * TILE + 1] = m; out[7 * TILE + 2] = s2;
        out[7 * TILE + 3] = sum.total; out[7 * TILE + 4] = agg;
    }
}

__global__ void warp_ops(const unsigned *in, unsigned *out) {
    typedef cub::WarpScan<Affine> WS;
    typedef cub::WarpScan<int, 16> WS16;
    typedef cub::WarpReduce<int> WR;
    typedef cub::WarpReduce<Affine> WRA;
    __shared__ typename WS::TempStorage ws[2];
    __shared__ typename WS16::TempStorage ws16[4];
    __shared__ typename WR::TempStorage wr[2];
    __shared__ typename WRA::TempStorage wra[2];
    int tid = threadIdx.x, w = tid / 32;
    Affine id; id.a = 1; id.b = 0;
    Affine x = load(in, tid), y;
    WS(ws[w]).InclusiveScan(x, y, Compose());
    put(out, tid, y);
    WS(ws[w]).ExclusiveScan(x, y, id, Compose());
    put(out, 64 + tid, y);
    int v = (int)(in[2 * tid + 1] % 2000u) - 1000, u;
    WS16(ws16[tid / 16]).InclusiveScan(v, u, MaxOp());
    out[256 + tid] = (unsigned)u;
    int m = WR(wr[w]).Reduce(v, [](int a, int b) { return a < b ? b : a; });
    Affine c = WRA(wra[w]).Reduce(x, Compose());
    if (tid % 32 == 0) { out[320 + w] = (unsigned)m; put(out, 161 + w, c); }
}
"#;

const B: usize = 96;
const N: usize = 3;
const TILE: usize = B * N;

type Affine = (u32, u32);

fn compose(l: Affine, r: Affine) -> Affine {
    (
        r.0.wrapping_mul(l.0),
        r.0.wrapping_mul(l.1).wrapping_add(r.1),
    )
}

fn affines(words: &[u32]) -> Vec<Affine> {
    words.chunks(2).map(|c| (c[0] | 1, c[1])).collect()
}

/// Inclusive (exclusive: each element's fold before it) scans from `init`.
fn scan<T: Copy>(xs: &[T], init: T, op: impl Fn(T, T) -> T, inclusive: bool) -> Vec<T> {
    let mut acc = init;
    xs.iter()
        .map(|&x| {
            let before = acc;
            acc = op(acc, x);
            if inclusive {
                acc
            } else {
                before
            }
        })
        .collect()
}

const ID: Affine = (1, 0);

fn block_struct_reference(words: &[u32]) -> Vec<u32> {
    let xs = affines(words);
    let mut o = vec![(0u32, 0u32); 6 * TILE + 3];
    let first = &xs[..B];
    for (t, y) in scan(first, ID, compose, true).into_iter().enumerate() {
        o[t] = y;
    }
    for (t, y) in scan(first, ID, compose, false).into_iter().enumerate() {
        o[TILE + t] = y;
    }
    let tile = &xs[..TILE];
    for (i, y) in scan(tile, ID, compose, true).into_iter().enumerate() {
        o[2 * TILE + i] = y;
    }
    for (i, y) in scan(tile, ID, compose, false).into_iter().enumerate() {
        o[3 * TILE + i] = y;
    }
    for (i, y) in scan(&xs[..2 * TILE], ID, compose, true)
        .into_iter()
        .enumerate()
    {
        o[4 * TILE + i] = y;
    }
    let fold = |s: &[Affine]| s.iter().fold(ID, |a, &x| compose(a, x));
    o[6 * TILE] = fold(first);
    o[6 * TILE + 1] = fold(tile);
    o[6 * TILE + 2] = fold(&xs[..2 * TILE]);
    o.into_iter().flat_map(|(a, b)| [a, b]).collect()
}

fn block_int_reference(x: &[i32]) -> Vec<i32> {
    let mut o = vec![0; 7 * TILE + 8];
    let add = |a: i32, b: i32| a + b;
    let max = |a: i32, b: i32| a.max(b);
    for (i, y) in scan(&x[..3 * TILE], 0, add, false).into_iter().enumerate() {
        o[i] = y;
    }
    for (i, y) in scan(&x[..3 * B], 1000, add, true).into_iter().enumerate() {
        o[3 * TILE + i] = y;
    }
    for (i, y) in scan(&x[..3 * B], -100000, max, false)
        .into_iter()
        .enumerate()
    {
        o[4 * TILE + i] = y;
    }
    for (i, y) in scan(&x[..B], i32::MIN, max, true).into_iter().enumerate() {
        o[5 * TILE + i] = y;
    }
    for (i, y) in scan(&x[..TILE], i32::MIN, max, true)
        .into_iter()
        .enumerate()
    {
        o[6 * TILE + i] = y;
    }
    o[7 * TILE] = x[..B].iter().sum();
    o[7 * TILE + 1] = *x[..TILE].iter().max().unwrap();
    o[7 * TILE + 2] = x[..TILE].iter().sum();
    o[7 * TILE + 3] = x[..3 * TILE].iter().sum();
    o[7 * TILE + 4] = o[7 * TILE + 1];
    o
}

fn warp_reference(words: &[u32]) -> Vec<u32> {
    let xs = affines(words);
    let mut o = vec![0u32; 326];
    let put = |o: &mut Vec<u32>, i: usize, y: Affine| {
        o[2 * i] = y.0;
        o[2 * i + 1] = y.1;
    };
    for w in 0..2 {
        let lanes = &xs[w * 32..w * 32 + 32];
        for (l, y) in scan(lanes, ID, compose, true).into_iter().enumerate() {
            put(&mut o, w * 32 + l, y);
        }
        for (l, y) in scan(lanes, ID, compose, false).into_iter().enumerate() {
            put(&mut o, 64 + w * 32 + l, y);
        }
        put(
            &mut o,
            161 + w,
            lanes.iter().fold(ID, |a, &x| compose(a, x)),
        );
    }
    let v: Vec<i32> = (0..64)
        .map(|t| (words[2 * t + 1] % 2000) as i32 - 1000)
        .collect();
    for h in 0..4 {
        let part = &v[h * 16..h * 16 + 16];
        for (l, y) in scan(part, i32::MIN, |a, b| a.max(b), true)
            .into_iter()
            .enumerate()
        {
            o[256 + h * 16 + l] = y as u32;
        }
    }
    for w in 0..2 {
        o[320 + w] = *v[w * 32..w * 32 + 32].iter().max().unwrap() as u32;
    }
    o
}

fn cases() -> Vec<(&'static str, Case)> {
    let mut r = Rng(7);
    let words: Vec<u32> = (0..4 * TILE).map(|_| r.next() as u32).collect();
    let ints: Vec<i32> = (0..3 * TILE).map(|_| r.int(-1000, 1000) as i32).collect();
    let mk = |block: usize, input: Data, out: Data, want: Data, kernel: &'static str| {
        let mut c = Case::new(
            "cub_scan_ops.cu",
            [1, 1, 1],
            [block as u32, 1, 1],
            vec![Arg::Buf("in", input), Arg::Buf("out", out)],
        )
        .expect("out", want)
        .kernel(kernel);
        c.source = Some(SRC);
        (kernel, c)
    };
    vec![
        mk(
            B,
            Data::U32(words.clone()),
            Data::U32(vec![0; 2 * (6 * TILE + 3)]),
            Data::U32(block_struct_reference(&words)),
            "block_struct",
        ),
        mk(
            B,
            Data::I32(ints.clone()),
            Data::I32(vec![0; 7 * TILE + 8]),
            Data::I32(block_int_reference(&ints)),
            "block_int",
        ),
        mk(
            64,
            Data::U32(words.clone()),
            Data::U32(vec![0; 326]),
            Data::U32(warp_reference(&words)),
            "warp_ops",
        ),
    ]
}

#[test]
fn our_cub_scans_with_the_programs_operations() {
    let failures = libcheck::check_ours("cub_scan_ops.cu", SRC, "sm_80", &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvidias_cub_gives_the_same_buffers() {
    // sm_80: NVIDIA's warp reductions of int are `redux.sync`.
    let Some(theirs) = libcheck::nvrtc_ptx(
        "cub_scan_ops.cu",
        SRC,
        "sm_80",
        "cccl/cub/block/block_scan.cuh",
        &[],
    ) else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
