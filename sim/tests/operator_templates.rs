//! Operator templates (`template <typename T> V<T> operator*(const V<T> &,
//! const T &)`), found in scope and by argument-dependent lookup in the
//! operands' namespace; a defaulted copy assignment (the implicit one, which
//! device code may call); a class assignment as an lvalue (`return *this =
//! *this + r;`), as GROMACS' `BasicVector` writes them: values in the IR
//! interpreter and as our PTX (ptxas-checked) in the emulator.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
namespace gmx {
template <typename T> class Vec {
public:
    Vec() {}
    __host__ __device__ Vec(T x, T y, T z) : x_{x, y, z} {}
    Vec(const Vec &s) = default;
    Vec &operator=(const Vec &v) = default;
    __device__ Vec<T> &operator+=(const Vec<T> &r) { return *this = *this + r; }
    __device__ Vec<T> operator+(const Vec<T> &r) const { return {x_[0] + r[0], x_[1] + r[1], x_[2] + r[2]}; }
    __host__ __device__ const T &operator[](int i) const { return x_[i]; }
private:
    T x_[3];
};
template <typename T>
__forceinline__ __device__ Vec<T> operator*(const Vec<T> &v, const T &s) { return {v[0] * s, v[1] * s, v[2] * s}; }
template <typename T>
__forceinline__ __device__ Vec<T> operator*(const T &s, const Vec<T> &v) { return {s * v[0], s * v[1], s * v[2]}; }
}
template <typename T> struct Pair { T a, b; };
template <typename T>
__device__ Pair<T> operator-(const Pair<T> &p, const Pair<T> &q) { return {p.a - q.a, p.b - q.b}; }

typedef gmx::Vec<float> Float3;
__global__ void ops(const float *in, float *out) {
    int t = threadIdx.x;
    float a = in[2 * t], b = in[2 * t + 1];
    const Float3 r(a, b, 1.0f);
    Float3 q = r * b;
    q += 2.0f * r;
    Pair<int> p = {t, 2 * t}, s = {1, 5};
    Pair<int> d = p - s;
    out[4 * t] = q[0];
    out[4 * t + 1] = q[1];
    out[4 * t + 2] = q[2];
    out[4 * t + 3] = (float)(d.a * 100 + d.b);
}
"#;

const T: usize = 32;

fn case() -> Case {
    let mut rng = Rng(3);
    // Halves of small integers: every product and sum exact (a contracted
    // fma gives the same value).
    let input: Vec<f32> = (0..T * 2).map(|_| rng.int(-16, 16) as f32 * 0.5).collect();
    let mut want = Vec::new();
    for t in 0..T {
        let (a, b) = (input[2 * t], input[2 * t + 1]);
        want.extend([
            a * b + 2.0 * a,
            b * b + 2.0 * b,
            b + 2.0,
            ((t as i32 - 1) * 100 + (2 * t as i32 - 5)) as f32,
        ]);
    }
    Case::new(
        "ops.cu",
        [1, 1, 1],
        [T as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; T * 4])),
        ],
    )
    .expect("out", Data::F32(want))
    .kernel("ops")
}

#[test]
fn operator_templates_by_argument_dependent_lookup_compute_the_reference() {
    let mut c = case();
    c.source = Some(SRC);
    let failures = libcheck::check_ours("ops.cu", SRC, "sm_80", &[("ops", c)]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `thrust::tie(a, b) = pair` (`<thrust/tuple.h>`): a member operator
/// template called on a class rvalue, as rowwiseMoments' Welford reduction
/// writes it.
const TIE: &str = r#"
#include <thrust/pair.h>
#include <thrust/tuple.h>
template <typename T> __device__ thrust::pair<T, T> project(T m, T v) { return thrust::make_pair(m, v * 2); }
__global__ void tie(const float *in, float *out) {
    int t = threadIdx.x;
    float m, v;
    thrust::tie(m, v) = project(in[t], in[t] + 1.0f);
    out[2 * t] = m;
    out[2 * t + 1] = v;
}
"#;

#[test]
fn thrust_tie_takes_a_pair() {
    let input: Vec<f32> = (0..T).map(|i| i as f32 * 0.25 - 3.0).collect();
    let want: Vec<f32> = input.iter().flat_map(|&x| [x, (x + 1.0) * 2.0]).collect();
    let mut c = Case::new(
        "tie.cu",
        [1, 1, 1],
        [T as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; T * 2])),
        ],
    )
    .expect("out", Data::F32(want))
    .kernel("tie");
    c.source = Some(TIE);
    let failures = libcheck::check_ours("tie.cu", TIE, "sm_80", &[("tie", c)]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
