//! Templates as real programs write them (HeCBench's files): default
//! arguments, overloads and partial ordering of function templates,
//! explicit specializations deduced from the whole function type,
//! out-of-class members of class templates, specifiers where nvcc accepts
//! them. Each compiles with no diagnostic, ptxas accepts the PTX (when it is
//! installed) and the kernels have nvcc's names (nvcc 13 at sm_80).

mod common;

use common::{checked_ptx as ptx, entries};

use ptxlab_core::{compile_source, Options};

/// Function templates called with their trailing defaults left out (`int width = 32`), the
/// more specialized of two viable templates chosen (`shfl(const Pair<K, V> &, …)` over
/// `shfl(const T, …)` for a `Pair`: a reference to const ranks as a by-value parameter),
/// and a recursive template with an explicit specialization ending it.
#[test]
fn default_arguments_and_partial_ordering_of_function_templates() {
    let src = r#"
template <typename K, typename V> struct Pair { K k; V v; __device__ Pair() {} __device__ Pair(K a, V b) : k(a), v(b) {} };
template <typename T> __device__ T shfl(const T val, int lane, int width = 32) { return __shfl_xor_sync(0xffffffff, val, lane, width); }
template <typename K, typename V> __device__ Pair<K, V> shfl(const Pair<K, V> &p, int lane, int width = 32) {
  return Pair<K, V>(__shfl_xor_sync(0xffffffff, p.k, lane, width), __shfl_xor_sync(0xffffffff, p.v, lane, width)); }
template <int N> __device__ void tea(unsigned &v0, unsigned &v1, unsigned sum = 0) { sum += 7; v0 += v1 ^ sum; v1 += v0 + sum; tea<N - 1>(v0, v1, sum); }
template <> __device__ void tea<0>(unsigned &v0, unsigned &v1, unsigned sum) {}
template <typename T> __global__ void k(T *x, unsigned *u) {
  Pair<T, bool> p(x[threadIdx.x], true); p = shfl(p, 1); x[threadIdx.x] = p.k + shfl(x[0], 2, 16);
  unsigned a = u[0], b = u[1]; tea<4>(a, b); u[2] = a; u[3] = b; }
template __global__ void k<int>(int *, unsigned *);
"#;
    let p = ptx("default_argu", src);
    assert_eq!(entries(&p), ["_Z1kIiEvPT_Pj"]);
}

/// Function templates of one name and signature but other template parameter lists are
/// overloads, not redefinitions (HeCBench channelSum's `BlockReduce`).
#[test]
fn overloads_with_other_template_parameter_lists() {
    let src = r#"
template <typename T, int X, int Y> __device__ void acc(T &a, T &b) { a += X; b += Y; }
template <typename T> __device__ void acc(T &a, T &b) { a += 1; b += 2; }
__global__ void k(float *x) { acc<float, 3, 4>(x[0], x[1]); acc<float>(x[2], x[3]); acc(x[4], x[5]); }
"#;
    let p = ptx("overloads_wi", src);
    assert_eq!(entries(&p), ["_Z1kPf"]);
}

/// Explicit specializations whose arguments come from the return type (`template <>
/// __half from_float(const float)`) or are deduced from the whole function type.
#[test]
fn explicit_specializations_deduced_from_the_return_type() {
    let src = r#"
#include <cuda_fp16.h>
template <typename T> __device__ T from_float(const float x);
template <> __device__ __half from_float(const float x) { return __float2half(x); }
template <> __device__ float from_float(const float x) { return x; }
template <typename Acc, typename A, typename B> __device__ Acc mul(A a, B b);
template <> __device__ float mul<float, float>(float a, float b) { return a * b; }
template <> __device__ float2 mul(float2 a, float2 b) { return make_float2(a.x * b.x, a.y * b.y); }
template <class T> __device__ T init(int v) { return 0; }
template <> __device__ int init(int v) { return v; }
__global__ void k(float *x, __half *h, int *i) {
  h[0] = from_float<__half>(x[0]); x[1] = from_float<float>(x[2]) + mul<float, float, float>(x[3], x[4]);
  float2 p = mul<float2, float2, float2>(make_float2(x[5], x[6]), make_float2(x[7], x[8])); x[9] = p.x + p.y; i[0] = init<int>(i[1]); }
"#;
    let p = ptx("explicit_spe", src);
    assert_eq!(entries(&p), ["_Z1kPfP6__halfPi"]);
}

/// GCC's `__attribute__((always_inline))` among the specifiers, and execution-space
/// specifiers between the return type's `&` and the name (`T const & __device__ __host__ f(…)`).
#[test]
fn specifiers_after_the_type_and_gnu_attributes() {
    let src = r#"
#include <cstdint>
#define FORCE_INLINE inline __attribute__((always_inline))
__host__ __device__ FORCE_INLINE uint64_t block64(const uint8_t *p, uint32_t i) { return p[i]; }
template <typename T> T const &
__device__ __host__ biggest(const T &a, const T &b) { return a < b ? b : a; }
__global__ void k(uint64_t *x, const uint8_t *p, int *q) { x[0] = block64(p, 3); q[0] = biggest(q[1], q[2]); }
"#;
    let p = ptx("specifiers_a", src);
    assert_eq!(entries(&p), ["_Z1kPmPKhPi"]);
}

/// A temporary's `operator()`: `Impl<T, 8>()(p, v);` as a statement and `Max()(a, b)`
/// (a member template) in an expression.
#[test]
fn a_temporarys_call_operator() {
    let src = r#"
template <typename T, int N> struct AddImpl { __device__ void operator()(T *a, T v) { atomicAdd((unsigned long long *)a, (unsigned long long)v); } };
struct Max { template <typename T, typename U> __device__ T operator()(T t, U u) const { return t > u ? t : u; } };
__global__ void k(long long *x, float *f) { AddImpl<long long, sizeof(long long)>()(x, 3); f[0] = Max()(f[1], f[2]); }
"#;
    let p = ptx("a_temporarys", src);
    assert_eq!(entries(&p), ["_Z1kPxPf"]);
}

/// A class template's static constant named through a typedef (`V::Ratio`, a partial
/// specialization's too), and member templates whose signatures name the class's typedefs.
#[test]
fn class_template_constants_through_typedefs_and_member_typedefs_in_member_templates() {
    let src = r#"
template <typename T, int N> struct TxN { typedef T math_t; static const int Ratio = N; T data[N];
  template <typename I = int> __device__ void load(const math_t *p, I i) { data[0] = p[i]; }
  template <typename I = int> __device__ void load(math_t *p, I i) { data[0] = p[i] + 1; } };
template <typename T> struct TxN<T, 0> { static const int Ratio = 1; struct { T data[1]; } val; };
template <typename T, int N> __global__ void rev(const T *in, T *out) {
  typedef TxN<T, N> V; typedef TxN<T, 0> Z; int i = threadIdx.x * V::Ratio + Z::Ratio; V a; a.load(in, i); out[i] = a.data[0]; }
template __global__ void rev<float, 4>(const float *, float *);
template __global__ void rev<unsigned long, 2>(const unsigned long *, unsigned long *);
"#;
    let p = ptx("class_templa", src);
    assert_eq!(
        entries(&p),
        ["_Z3revIfLi4EEvPKT_PS0_", "_Z3revImLi2EEvPKT_PS0_"]
    );
}

/// Member functions of class templates (and of a partial specialization) defined out of
/// their class: constructors with member initializers, `const` members.
#[test]
fn members_of_class_templates_defined_out_of_their_class() {
    let src = r#"
template <typename T, int N> struct vec;
template <typename T> struct vec<T, 3> { T x, y, z; __device__ vec(const vec<T, 4> &v); __device__ T sum() const; };
template <typename T> struct vec<T, 4> { T x, y, z, w; __device__ vec(T a) : x(a), y(a + 1), z(a + 2), w(a + 3) {} };
template <typename T> __device__ vec<T, 3>::vec(const vec<T, 4> &v) : x(v.x), y(v.y), z(v.w) {}
template <typename T> __device__ T vec<T, 3>::sum() const { return x + y * 10 + z * 100; }
template <typename T> struct Iv { T lo, hi; __device__ Iv(); __device__ Iv(T a, T b); __device__ T width() const; };
template <typename T> inline __device__ __host__ Iv<T>::Iv() {}
template <typename T> inline __device__ __host__ Iv<T>::Iv(T a, T b) : lo(a), hi(b) {}
template <typename T> inline __device__ T Iv<T>::width() const { return hi - lo; }
__global__ void k(float *x, int *y) { vec<float, 4> a(x[0]); vec<float, 3> b(a); x[1] = b.sum(); Iv<int> i(y[0], y[1]); y[2] = i.width(); }
"#;
    let p = ptx("members_of_c", src);
    assert_eq!(entries(&p), ["_Z1kPfPi"]);
}

/// `<cmath>` brings `std::size_t` (a host template's signature names it) and a default
/// argument of a function template's own parameter type.
#[test]
fn cmath_brings_std_size_t() {
    let src = r#"
#include <cmath>
template <class D, class T> void validate(D *d, const T *c, const char *name, std::size_t n, T tolerance = 1e-4) {}
__global__ void k(float *x) { x[0] = sqrtf(x[1]); }
"#;
    let p = ptx("cmath_brings", src);
    assert_eq!(entries(&p), ["_Z1kPf"]);
}

/// An explicit specialization of a member template of a class template's
/// instance (`template <> template <> float Kiss<unsigned>::next<float>()`),
/// its body read in the instance's scope (HeCBench kiss).
#[test]
fn member_template_specializations_of_class_instances() {
    let src = r#"
#include <cstdint>
namespace kiss {
template <class T> class Kiss {
public:
  __host__ __device__ inline constexpr explicit Kiss(T seed) noexcept : x(seed), y(seed + 1), z(seed + 2), w(seed + 3) {}
  template <class Result> __host__ __device__ inline constexpr Result next() noexcept;
private:
  T x, y, z, w;
};
template <> template <> __host__ __device__ inline constexpr std::uint32_t Kiss<std::uint32_t>::next<std::uint32_t>() noexcept {
  x = 69069 * x + 12345; y ^= y << 13; return x + y + z;
}
template <> template <> __host__ __device__ inline constexpr float Kiss<std::uint32_t>::next<float>() noexcept {
  return float(next<std::uint32_t>()) / 4294967295.0f;
}
}
__global__ void k(float *out, unsigned *u) { kiss::Kiss<std::uint32_t> r(u[0]); out[0] = r.next<float>(); u[1] = r.next<std::uint32_t>(); }
"#;
    let p = ptx("memberspec", src);
    assert_eq!(entries(&p), ["_Z1kPfPj"]);
}

/// Rvalue and forwarding references in device code: `T &&` deduces `A &`
/// for an lvalue and `A` for an rvalue, `A & &&` collapses (HeCBench moe's
/// `Max`); instances are named as nvcc's (`_Z2twIRiEiOT_`, `_Z2twIiEiOT_`).
#[test]
fn rvalue_and_forwarding_references() {
    let src = r#"
struct Max {
  template <typename T, typename U>
  __device__ __forceinline__ T operator()(T &&t, U &&u) const { return t > u ? t : u; }
};
template <typename T> __device__ void set(T &&x, int v) { x = v; }
template <typename T> __device__ int twice(T &&x) { return x + x; }
__global__ void k(float *f, int *i) {
  float a = f[0];
  f[1] = Max()(a, f[2]);
  f[3] = Max()(1.5f, a);
  set(i[0], 7);
  int n = 2; set(n, 9); i[1] = n + twice(n) + twice(4);
}
"#;
    let p = ptx("forwarding", src);
    assert_eq!(entries(&p), ["_Z1kPfPi"]);
}

/// Forwarding references' instances have nvcc's symbols: `T` an lvalue
/// reference (`IRiE`, `IRKiE`) or the value type, the parameter `OT_`.
#[test]
fn forwarding_reference_instances_are_named_as_nvccs() {
    let src = r#"
template <typename T> __device__ __noinline__ int tw(T &&x) { return x + x; }
template <typename T> __device__ __noinline__ void st(T &&x) { x = 3; }
__global__ void k(int *i) { int n = i[0]; i[1] = tw(n) + tw(4); st(i[2]); const int c = i[3]; i[4] = tw(c); }
"#;
    let p = ptx("fwdnames", src);
    assert_eq!(entries(&p), ["_Z1kPi"]);
    let mut funcs: Vec<&str> = p
        .lines()
        .filter(|l| l.starts_with(".func"))
        .filter_map(|l| l.split_whitespace().last())
        .map(|l| l.trim_end_matches('('))
        .collect();
    // (Each is declared before the kernel and defined after it.)
    funcs.sort_unstable();
    funcs.dedup();
    assert_eq!(
        funcs,
        [
            "_Z2stIRiEvOT_",
            "_Z2twIRKiEiOT_",
            "_Z2twIRiEiOT_",
            "_Z2twIiEiOT_"
        ]
    );
}

/// What stays an error: a second definition of a template with the same
/// parameter lists, and an explicit specialization no template matches.
#[test]
fn redefinitions_and_unmatched_specializations_stay_errors() {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let twice = "template <typename T> __device__ T f(T x) { return x; }\n\
                 template <typename U> __device__ U f(U y) { return y; }\n\
                 __global__ void k(float *x) { x[0] = f(x[1]); }\n";
    let c = compile_source("k.cu", twice, &opts);
    assert!(
        c.diagnostics
            .iter()
            .any(|d| d.message.contains("has already been defined")),
        "{:#?}",
        c.diagnostics
    );
    let unmatched = "template <typename T> __device__ T g(int x);\n\
                     template <> __device__ float g(double x) { return x; }\n\
                     __global__ void k(float *x) { x[0] = 1; }\n";
    let c = compile_source("k.cu", unmatched, &opts);
    assert!(
        c.diagnostics.iter().any(|d| d
            .message
            .contains("no instance of function template \"g\" matches the specified type")),
        "{:#?}",
        c.diagnostics
    );
}

/// An array bound that is a template's non-type parameter (`T (&a)[N]`) is
/// mangled as that parameter (`RAT0__S0_`), in function templates and member
/// templates alike, as nvcc names them (the bound was written as its
/// placeholder value, `RA1073676289_`).
#[test]
fn array_bounds_from_template_parameters_mangle_as_the_parameter() {
    let src = r#"
template <typename T, int N> __device__ __noinline__ T sum(T (&a)[N]) { T s = 0; for (int i = 0; i < N; i++) s += a[i]; return s; }
struct S { template <typename T, int N> __device__ __noinline__ T msum(T (&a)[N]) { T s = 0; for (int i = 0; i < N; i++) s += a[i]; return s; } };
__global__ void k(int *o) { int a[4] = {o[0], o[1], o[2], o[3]}; S s; o[4] = sum(a); o[5] = s.msum(a); }
"#;
    let p = ptx("array-bound-mangling", src);
    for name in ["_Z3sumIiLi4EET_RAT0__S0_", "_ZN1S4msumIiLi4EEET_RAT0__S1_"] {
        assert!(p.contains(&format!("{name}(")), "{name} missing:\n{p}");
    }
}
