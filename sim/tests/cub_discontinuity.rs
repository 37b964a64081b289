//! CUB's `BlockDiscontinuity`: head and tail flags of a blocked tile, with
//! and without a tile predecessor and successor item, with a functor and
//! a lambda as the flag operation and two flag types. Our CUB runs in the
//! IR interpreter (-O0, -O3) and as our PTX in the emulator against a
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
#include <cub/block/block_discontinuity.cuh>
#define B 64
#define N 4
#define T (B * N)
struct Differ {
    template <typename V> __device__ bool operator()(const V &a, const V &b) const { return a != b; }
};
template <typename F> __device__ void dump(int *out, F (&flags)[N]) {
    for (int i = 0; i < N; i++) out[threadIdx.x * N + i] = (int)flags[i];
}
__global__ void flags(const int *in, int *out) {
    typedef cub::BlockDiscontinuity<int, B> D;
    __shared__ typename D::TempStorage temp;
    int a[N], h[N], t[N];
    unsigned char c[N];
    for (int i = 0; i < N; i++) a[i] = in[threadIdx.x * N + i];
    D(temp).FlagHeads(h, a, Differ());
    dump(out, h);
    __syncthreads();
    D(temp).FlagHeads(c, a, Differ(), 1);
    dump(out + T, c);
    __syncthreads();
    D(temp).FlagTails(t, a, Differ());
    dump(out + 2 * T, t);
    __syncthreads();
    D(temp).FlagTails(t, a, [](int x, int y) { return y < x; }, 2);
    dump(out + 3 * T, t);
    __syncthreads();
    D(temp).FlagHeadsAndTails(h, t, a, Differ());
    dump(out + 4 * T, h);
    dump(out + 5 * T, t);
    __syncthreads();
    D(temp).FlagHeadsAndTails(h, 0, t, 3, a, Differ());
    dump(out + 6 * T, h);
    dump(out + 7 * T, t);
    __syncthreads();
    D(temp).FlagHeadsAndTails(h, t, 3, a, Differ());
    dump(out + 8 * T, h);
    dump(out + 9 * T, t);
    __syncthreads();
    D(temp).FlagHeadsAndTails(h, 0, t, a, Differ());
    dump(out + 10 * T, h);
    dump(out + 11 * T, t);
}
"#;

const T: usize = 256;

/// Heads: item i against the one before it (the first against `pred`,
/// or set); tails: against the one after (the last against `succ`, or
/// set).
fn heads(x: &[i32], pred: Option<i32>, op: impl Fn(i32, i32) -> bool) -> Vec<i32> {
    (0..x.len())
        .map(|i| match (i, pred) {
            (0, None) => 1,
            (0, Some(p)) => op(p, x[0]) as i32,
            _ => op(x[i - 1], x[i]) as i32,
        })
        .collect()
}

fn tails(x: &[i32], succ: Option<i32>, op: impl Fn(i32, i32) -> bool) -> Vec<i32> {
    let n = x.len();
    (0..n)
        .map(|i| match (i + 1 == n, succ) {
            (true, None) => 1,
            (true, Some(s)) => op(x[i], s) as i32,
            _ => op(x[i], x[i + 1]) as i32,
        })
        .collect()
}

fn reference(x: &[i32]) -> Vec<i32> {
    let ne = |a: i32, b: i32| a != b;
    [
        heads(x, None, ne),
        heads(x, Some(1), ne),
        tails(x, None, ne),
        tails(x, Some(2), |a, b| b < a),
        heads(x, None, ne),
        tails(x, None, ne),
        heads(x, Some(0), ne),
        tails(x, Some(3), ne),
        heads(x, None, ne),
        tails(x, Some(3), ne),
        heads(x, Some(0), ne),
        tails(x, None, ne),
    ]
    .concat()
}

fn cases() -> Vec<(&'static str, Case)> {
    let mut r = Rng(5);
    // Few values, so that runs of equal items cross threads.
    let x: Vec<i32> = (0..T).map(|_| r.int(0, 3) as i32).collect();
    let mut c = Case::new(
        "cub_discontinuity.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(x.clone())),
            Arg::Buf("out", Data::I32(vec![-1; 12 * T])),
        ],
    )
    .expect("out", Data::I32(reference(&x)))
    .kernel("flags");
    c.source = Some(SRC);
    vec![("flags", c)]
}

#[test]
fn our_block_discontinuity_flags_as_the_reference() {
    let failures = libcheck::check_ours("cub_discontinuity.cu", SRC, "sm_80", &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvidias_block_discontinuity_gives_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx(
        "cub_discontinuity.cu",
        SRC,
        "sm_80",
        "cccl/cub/block/block_discontinuity.cuh",
        &[],
    ) else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
