//! Overload sets that mix kinds of function, as device libraries and real
//! files write them: a class's member function templates beside its plain
//! members of the same name (CUB's `BlockScan::InclusiveSum(T, T &)` and
//! `InclusiveSum<N>(T (&)[N], T (&)[N])`), a built-in beside a template of
//! its name (CUB's shuffle of any type beside CUDA's `__shfl_up_sync`), and
//! a file's four-operand `fma` template beside CUDA's `fma` (HeCBench's
//! addBiasResidualLayerNorm). Each compiles as nvcc does: ptxas accepts the
//! PTX and it holds the instructions the chosen functions make.

mod common;

use ptxlab_core::{compile_source, Options};

fn ptx(src: &str) -> String {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.expect("no PTX");
    if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", "overload_sets") {
        panic!("ptxas rejects:\n{e}\n{ptx}");
    }
    ptx
}

fn count(ptx: &str, what: &str) -> usize {
    ptx.lines()
        .filter(|l| l.trim_start().starts_with(what))
        .count()
}

#[test]
fn member_templates_overload_with_plain_members() {
    let src = r#"
template <typename T> struct S {
    __device__ T f(T x) { return x + 1; }
    template <int N> __device__ T f(T (&a)[N]) { return a[N - 1] * 3; }
    template <typename U> __device__ T f(T x, U y) { return x - (T)y; }
    /* Called unqualified from a member: on *this, all three kinds. */
    template <int N> __device__ T g(T (&a)[N]) { return f(a) + f(a[0]) + f(a[1], 2.0f); }
};
__global__ void k(int *o) {
    int a[4];
    for (int i = 0; i < 4; i++) a[i] = o[i];
    S<int> s;
    o[4] = s.f(a);
    o[5] = s.f(o[6]);
    o[7] = s.f(o[8], 1.5);
    o[9] = s.g(a);
}
"#;
    let ptx = ptx(src);
    assert!(count(&ptx, "st.global") == 4, "{ptx}");
}

#[test]
fn a_builtin_taking_the_arguments_exactly_beats_a_template_of_its_name() {
    // The template shuffles a struct word by word; an int goes to CUDA's
    // built-in, which shuffles once and has no local copy.
    let src = r#"
namespace lib {
template <typename T> union words { T item; unsigned w[(sizeof(T) + 3) / 4]; };
template <typename T> __device__ T __shfl_up_sync(unsigned m, T x, int d, int width = 32) {
    words<T> u;
    u.item = x;
    for (int i = 0; i < (int)((sizeof(T) + 3) / 4); i++) u.w[i] = ::__shfl_up_sync(m, u.w[i], d, width);
    return u.item;
}
struct P { int a, b, c; };
__device__ int one(int x) { return __shfl_up_sync(0xffffffffu, x, 1); }
__device__ P three(P x) { return __shfl_up_sync(0xffffffffu, x, 1); }
}
__global__ void k(int *o, lib::P *p) {
    o[threadIdx.x] = lib::one(o[threadIdx.x]);
    p[threadIdx.x] = lib::three(p[threadIdx.x]);
}
"#;
    let opts = Options {
        arch: "sm_80".into(),
        opt_level: 0,
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.expect("no PTX");
    // -O0 keeps the calls: the template has an instance for `P`, none
    // for `int`.
    assert!(ptx.contains("__shfl_up_syncINS_1PEE"), "{ptx}");
    assert!(!ptx.contains("__shfl_up_syncIi"), "{ptx}");
    assert_eq!(count(&ptx, "shfl.sync.up.b32"), 2, "{ptx}");
}

#[test]
fn a_files_four_operand_fma_template_beside_cudas_fma() {
    let src = r#"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
template <typename T> inline __device__ T fma(T a, T b, T c, T d) { return a * b * c + d; }
template <> inline __device__ __nv_bfloat162 fma(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c, __nv_bfloat162 d) {
    return __hadd2(__hmul2(__hmul2(a, b), c), d);
}
__global__ void k(__nv_bfloat162 *p, float *f, double *d) {
    p[0] = fma(p[1], p[2], p[3], p[4]);
    f[0] = fma(f[1], f[2], f[3]);
    f[4] = fma(f[1], f[2], f[3], f[5]);
    d[0] = fma(d[1], 2.0f, d[2]);
}
"#;
    let ptx = ptx(src);
    assert!(count(&ptx, "fma.rn.bf16x2") >= 1, "{ptx}");
    // CUDA's fma of floats, and of doubles (a float argument converted).
    assert!(count(&ptx, "fma.rn.f32") >= 2, "{ptx}");
    assert_eq!(count(&ptx, "fma.rn.f64"), 1, "{ptx}");
}
