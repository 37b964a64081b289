//! CUB's tile primitives (our `<cub/block/block_load.cuh>` and friends):
//! kernels over a block of 64 threads with 4 items each that load and
//! store a tile by each `BlockLoad`/`BlockStore` algorithm (guarded, with
//! and without a default), rearrange it by `BlockExchange` (the whole
//! tile at once and a warp's worth at a time) and the direct
//! load/store functions, take `BlockAdjacentDifference`s and
//! `BlockScan`'s items-per-thread sums and `BlockRadixSort`'s sorts (keys
//! and key-value pairs, a bit range, descending, to striped) run in the IR interpreter (-O0,
//! -O3) and as our PTX in the emulator, against a reference computed
//! here; NVRTC compiles the same source with NVIDIA's CUB and its PTX in
//! the emulator must give the same buffers (at sm_80); ptxas accepts ours.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

/// Threads, items per thread, the tile, and the valid items of the
/// guarded loads and stores.
const B: usize = 64;
const N: usize = 4;
const T: usize = B * N;
const VALID: usize = 201;
const VALID_STORE: usize = 77;

const SRC: &str = r#"
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/block/block_exchange.cuh>
#include <cub/block/block_adjacent_difference.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_radix_sort.cuh>
#define B 64
#define N 4
#define T (B * N)
struct Difference {
    template <typename V> __device__ V operator()(V &lhs, V &rhs) { return lhs - 2 * rhs; }
};
__device__ void dump(int *out, int (&items)[N]) {
    for (int i = 0; i < N; i++) out[threadIdx.x * N + i] = items[i];
}
template <cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
__device__ void io_body(const int *in, int *out) {
    typedef cub::BlockLoad<int, B, N, LA> L;
    typedef cub::BlockStore<int, B, N, SA> S;
    __shared__ union { typename L::TempStorage load; typename S::TempStorage store; } temp;
    int a[N], b[N], c[N];
    for (int i = 0; i < N; i++) c[i] = -7;
    L(temp.load).Load(in, a);
    __syncthreads();
    L(temp.load).Load(in, b, 201, -1);
    __syncthreads();
    L(temp.load).Load(in, c, 201);
    __syncthreads();
    dump(out, a);
    dump(out + T, b);
    dump(out + 2 * T, c);
    S(temp.store).Store(out + 3 * T, a, 77);
    __syncthreads();
    L(temp.load).Load(in, a);
    __syncthreads();
    S(temp.store).Store(out + 4 * T, a);
    dump(out + 5 * T, a);
}
__global__ void io_direct(const int *in, int *out) { io_body<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_DIRECT>(in, out); }
__global__ void io_striped(const int *in, int *out) { io_body<cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED>(in, out); }
__global__ void io_vectorize(const int *in, int *out) { io_body<cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_TRANSPOSE>(in, out); }
__global__ void io_transpose(const int *in, int *out) { io_body<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>(in, out); }
__global__ void io_warp_transpose(const int *in, int *out) { io_body<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_VECTORIZE>(in, out); }
__global__ void io_timesliced(const int *in, int *out) { io_body<cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>(in, out); }

template <bool SLICED> __device__ void exchange_body(const int *in, int *out) {
    typedef cub::BlockExchange<int, B, N, SLICED> E;
    __shared__ typename E::TempStorage temp;
    int a[N], b[N];
    cub::LoadDirectBlocked(threadIdx.x, in, a);
    E(temp).BlockedToStriped(a, b);
    dump(out, b);
    __syncthreads();
    E(temp).StripedToBlocked(b, b);
    dump(out + T, b);
    __syncthreads();
    E(temp).BlockedToWarpStriped(a, b);
    dump(out + 2 * T, b);
    __syncthreads();
    E(temp).WarpStripedToBlocked(b, a);
    dump(out + 3 * T, a);
    cub::LoadDirectStriped<B>(threadIdx.x, in, b);
    dump(out + 4 * T, b);
    for (int i = 0; i < N; i++) b[i] = -7;
    cub::LoadDirectStriped<B>(threadIdx.x, in, b, 201);
    dump(out + 5 * T, b);
    cub::LoadDirectBlocked(threadIdx.x, in, b, 201, -1);
    dump(out + 6 * T, b);
    cub::StoreDirectStriped<B>(threadIdx.x, out + 7 * T, a, 77);
    cub::StoreDirectBlocked(threadIdx.x, out + 8 * T, a, 77);
}
__global__ void exchange(const int *in, int *out) { exchange_body<false>(in, out); }
/* (A warp's worth of the tile at a time.) */
__global__ void xchg_sliced(const int *in, int *out) { exchange_body<true>(in, out); }

__global__ void adjacent(const int *in, int *out) {
    typedef cub::BlockAdjacentDifference<int, B> A;
    __shared__ typename A::TempStorage temp;
    int a[N], b[N];
    cub::LoadDirectBlocked(threadIdx.x, in, a);
    A(temp).SubtractLeft(a, b, Difference());
    dump(out, b);
    __syncthreads();
    A(temp).SubtractLeft(a, b, Difference(), 1000);
    dump(out + T, b);
    __syncthreads();
    A(temp).SubtractRight(a, b, Difference());
    dump(out + 2 * T, b);
    __syncthreads();
    A(temp).SubtractRight(a, b, Difference(), 1000);
    dump(out + 3 * T, b);
    __syncthreads();
    A(temp).SubtractLeft(a, a, Difference());
    dump(out + 4 * T, a);
}

__global__ void scan_items(const int *in, int *out) {
    typedef cub::BlockScan<int, B> S;
    __shared__ typename S::TempStorage temp;
    int a[N], b[N], agg, agg2;
    cub::LoadDirectBlocked(threadIdx.x, in, a);
    S(temp).InclusiveSum(a, b, agg);
    dump(out, b);
    __syncthreads();
    S(temp).ExclusiveSum(a, a, agg2);
    dump(out + T, a);
    if (threadIdx.x == 0) { out[2 * T] = agg; out[2 * T + 1] = agg2; }
}

__global__ void radix_sort(const int *in, int *out) {
    typedef cub::BlockRadixSort<int, B, N> S;
    typedef cub::BlockRadixSort<unsigned, B, N, int> KV;
    typedef cub::BlockRadixSort<float, B, N> F;
    __shared__ union { typename S::TempStorage s; typename KV::TempStorage kv; typename F::TempStorage f; } temp;
    int a[N], v[N];
    unsigned u[N];
    float f[N];
    cub::LoadDirectBlocked(threadIdx.x, in, a);
    for (int i = 0; i < N; i++) { u[i] = (unsigned)a[i]; v[i] = threadIdx.x * N + i; f[i] = a[i] * 0.25f; }
    S(temp.s).Sort(a);
    __syncthreads();
    KV(temp.kv).SortBlockedToStriped(u, v, 0, 8);
    __syncthreads();
    F(temp.f).SortDescending(f);
    dump(out, a);
    for (int i = 0; i < N; i++) a[i] = (int)u[i];
    dump(out + T, a);
    dump(out + 2 * T, v);
    for (int i = 0; i < N; i++) a[i] = (int)(f[i] * 4.0f);
    dump(out + 3 * T, a);
}
"#;

fn input(seed: u64) -> Vec<i32> {
    let mut r = Rng(seed);
    (0..T).map(|_| r.int(-1000, 1000) as i32).collect()
}

/// Where item `i` of thread `t` lies in the tile: blocked, striped,
/// warp-striped.
fn blocked(t: usize, i: usize) -> usize {
    t * N + i
}
fn striped(t: usize, i: usize) -> usize {
    i * B + t
}
fn warp_striped(t: usize, i: usize) -> usize {
    (t / 32) * 32 * N + i * 32 + t % 32
}

/// A tile whose thread `t`'s item `i` is `f(t, i)`, laid out blocked (as
/// the kernels dump it).
fn dumped(f: impl Fn(usize, usize) -> i32) -> Vec<i32> {
    (0..T).map(|r| f(r / N, r % N)).collect()
}

/// The reference of `io_*`: the load's arrangement `arr` (`striped` for
/// BLOCK_LOAD_STRIPED, else `blocked`) and the items' after a store
/// (the transposing stores leave them in the arrangement they write).
fn io_reference(
    x: &[i32],
    arr: fn(usize, usize) -> usize,
    after: fn(usize, usize) -> usize,
) -> Vec<i32> {
    let mut o = dumped(|t, i| x[arr(t, i)]);
    o.extend(dumped(|t, i| {
        let r = arr(t, i);
        if r < VALID {
            x[r]
        } else {
            -1
        }
    }));
    o.extend(dumped(|t, i| {
        let r = arr(t, i);
        if r < VALID {
            x[r]
        } else {
            -7
        }
    }));
    o.extend((0..T).map(|r| if r < VALID_STORE { x[r] } else { 0 }));
    o.extend_from_slice(x);
    o.extend(dumped(|t, i| x[after(t, i)]));
    o
}

fn exchange_reference(x: &[i32]) -> Vec<i32> {
    let mut o = dumped(|t, i| x[striped(t, i)]);
    o.extend_from_slice(x);
    o.extend(dumped(|t, i| x[warp_striped(t, i)]));
    o.extend_from_slice(x);
    o.extend(dumped(|t, i| x[striped(t, i)]));
    o.extend(dumped(|t, i| {
        if striped(t, i) < VALID {
            x[striped(t, i)]
        } else {
            -7
        }
    }));
    o.extend(dumped(|t, i| {
        if blocked(t, i) < VALID {
            x[blocked(t, i)]
        } else {
            -1
        }
    }));
    // Thread t's blocked items stored striped / blocked, the first 77.
    let mut s = vec![0; T];
    let mut b = vec![0; T];
    for t in 0..B {
        for i in 0..N {
            if striped(t, i) < VALID_STORE {
                s[striped(t, i)] = x[blocked(t, i)];
            }
            if blocked(t, i) < VALID_STORE {
                b[blocked(t, i)] = x[blocked(t, i)];
            }
        }
    }
    o.extend(s);
    o.extend(b);
    o
}

fn adjacent_reference(x: &[i32]) -> Vec<i32> {
    let d = |a: i32, b: i32| a - 2 * b;
    let left = |pred: Option<i32>| -> Vec<i32> {
        (0..T)
            .map(|r| match (r, pred) {
                (0, None) => x[0],
                (0, Some(p)) => d(x[0], p),
                _ => d(x[r], x[r - 1]),
            })
            .collect()
    };
    let right = |succ: Option<i32>| -> Vec<i32> {
        (0..T)
            .map(|r| match (r == T - 1, succ) {
                (true, None) => x[r],
                (true, Some(s)) => d(x[r], s),
                _ => d(x[r], x[r + 1]),
            })
            .collect()
    };
    let mut o = left(None);
    o.extend(left(Some(1000)));
    o.extend(right(None));
    o.extend(right(Some(1000)));
    o.extend(left(None));
    o
}

fn scan_reference(x: &[i32]) -> Vec<i32> {
    let mut inc = Vec::new();
    let mut exc = Vec::new();
    let mut s = 0;
    for &e in x {
        exc.push(s);
        s += e;
        inc.push(s);
    }
    let mut o = inc;
    o.extend(exc);
    o.extend([s, s]);
    o
}

fn radix_reference(x: &[i32]) -> Vec<i32> {
    let mut o = x.to_vec();
    o.sort();
    // Stable by the low 8 bits, with the original places as values, striped.
    let mut kv: Vec<(u32, i32)> = x
        .iter()
        .enumerate()
        .map(|(r, &k)| (k as u32, r as i32))
        .collect();
    kv.sort_by_key(|&(k, _)| k & 0xff);
    o.extend(dumped(|t, i| kv[striped(t, i)].0 as i32));
    o.extend(dumped(|t, i| kv[striped(t, i)].1));
    let mut d = x.to_vec();
    d.sort_by(|a, b| b.cmp(a));
    o.extend(d);
    o
}

fn cases() -> Vec<(&'static str, Case)> {
    let x = input(5);
    type Arrangement = fn(usize, usize) -> usize;
    let arrangements: [(&'static str, Arrangement, Arrangement); 6] = [
        ("io_direct", blocked, blocked),
        ("io_striped", striped, striped),
        ("io_vectorize", blocked, striped),
        ("io_transpose", blocked, warp_striped),
        ("io_warp_transpose", blocked, blocked),
        ("io_timesliced", blocked, warp_striped),
    ];
    let mut want: Vec<(&'static str, Vec<i32>)> = arrangements
        .iter()
        .map(|&(k, arr, after)| (k, io_reference(&x, arr, after)))
        .collect();
    want.push(("exchange", exchange_reference(&x)));
    want.push(("xchg_sliced", exchange_reference(&x)));
    want.push(("adjacent", adjacent_reference(&x)));
    want.push(("scan_items", scan_reference(&x)));
    want.push(("radix_sort", radix_reference(&x)));
    want.into_iter()
        .map(|(k, o)| {
            let mut c = Case::new(
                "cub_block_io.cu",
                [1, 1, 1],
                [B as u32, 1, 1],
                vec![
                    Arg::Buf("in", Data::I32(x.clone())),
                    Arg::Buf("out", Data::I32(vec![0; o.len()])),
                ],
            )
            .expect("out", Data::I32(o))
            .kernel(k);
            c.source = Some(SRC);
            (k, c)
        })
        .collect()
}

#[test]
fn our_cub_tile_primitives_give_the_reference() {
    let failures = libcheck::check_ours("cub_block_io.cu", SRC, "sm_80", &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvidias_cub_gives_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx(
        "cub_block_io.cu",
        SRC,
        "sm_80",
        "cccl/cub/block/block_load.cuh",
        &[],
    ) else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
