//! Constructs of real benchmark programs that nvcc accepts, each written
//! small (HeCBench's langford, quantBnB, blockAccess, lrn, nbnxm, sc,
//! reshapeKVCache, CLI11's traits): the kernels come out with nvcc's names
//! and ptxas accepts the PTX (when it is installed); bad input gets nvcc's
//! message. (What they compute is run in `sim/tests/real_misc3_run.rs`.)

mod common;

use common::{checked_ptx as ptx, compile_errors as errors, entries};

use ptxlab_core::{compile_source, Options};

/// A host `constexpr` function (its body skipped as host code) called in
/// an alias template's array bound (langford's `int8_t[div_up(n, 8) *
/// 8]`).
#[test]
fn host_constexpr_function_in_array_bounds() {
    let src = "#include <cstdint>\n\
               constexpr int div_up(int p, int q) { return (p + q - 1) / q; }\n\
               template <int n> using PositionsGPU = int8_t[div_up(n, 8) * 8];\n\
               template <int n> __global__ void k(int8_t *q) { PositionsGPU<n> &p = *(PositionsGPU<n> *)q; p[threadIdx.x] = sizeof(PositionsGPU<n>); }\n\
               template __global__ void k<13>(int8_t *);\n";
    let ptx = ptx("host_constexpr", src);
    assert_eq!(entries(&ptx), ["_Z1kILi13EEvPa"]);
}

/// A kernel template whose parameter is a pointer to an array of its
/// non-type parameter's bound: nvcc writes the bound as the parameter.
#[test]
fn dependent_array_bound_mangles_as_parameter() {
    let src = "template <int n> __global__ void k(char (*p)[n]) { p[0][threadIdx.x] = 1; }\n\
               template __global__ void k<13>(char (*)[13]);\n";
    let ptx = ptx("dependent_bound", src);
    assert_eq!(entries(&ptx), ["_Z1kILi13EEvPAT__c"]);
}

/// CUB-style block load: a member template of a partial specialization
/// nested in a class template, its signature naming the enclosing class's
/// value parameter (`InputT (&items)[ITEMS_PER_THREAD]`).
#[test]
fn member_template_signature_reads_enclosing_class_value() {
    let src = "template <typename T, int IPT> class BL {\n\
                 template <int A, int D> struct LI;\n\
                 template <int D> struct LI<0, D> {\n\
                   int tid;\n\
                   template <typename It>\n\
                   __device__ void Load(It p, T (&items)[IPT]) { for (int i = 0; i < IPT; i++) items[i] = p[tid * IPT + i]; }\n\
                 };\n\
                 typedef LI<0, 0> IL;\n\
               public:\n\
                 __device__ void Load(const T *p, T (&items)[IPT]) { IL l{(int)threadIdx.x}; l.Load(p, items); }\n\
               };\n\
               template <int TH, int NUM>\n\
               __global__ void k(const float *p, float *o) { float it[NUM]; BL<float, NUM>().Load(p, it); o[threadIdx.x] = it[0] + it[3]; }\n\
               template __global__ void k<256, 4>(const float *p, float *o);\n";
    let ptx = ptx("member_template_outer", src);
    assert_eq!(entries(&ptx), ["_Z1kILi256ELi4EEvPKfPf"]);
}

/// CUB's `AlignBytes<const T>`, `<volatile T>`, `<const volatile T>`
/// beside the primary (a plain class was "more than one partial
/// specialization matches"), and `reinterpret_cast<T &>(*this)`.
#[test]
fn cv_partial_specializations_and_reinterpret_cast_to_reference() {
    let src = "struct NullType {};\n\
               template <typename T> struct AlignBytes { struct Pad { T val; char byte; }; enum { ALIGN_BYTES = sizeof(Pad) - sizeof(T) }; };\n\
               template <typename T> struct AlignBytes<volatile T> : AlignBytes<T> {};\n\
               template <typename T> struct AlignBytes<const T> : AlignBytes<T> {};\n\
               template <typename T> struct AlignBytes<T const volatile> : AlignBytes<T> {};\n\
               template <typename T> struct AlignBytes<const T *> { enum { ALIGN_BYTES = 99 }; };\n\
               struct A { int x; };\n\
               struct B { int w[1]; __device__ A &alias() { return reinterpret_cast<A &>(*this); } };\n\
               __global__ void k(int *o) { __shared__ B b; b.alias().x = 3; o[0] = AlignBytes<NullType>::ALIGN_BYTES + AlignBytes<double>::ALIGN_BYTES + b.w[0] + AlignBytes<const int *>::ALIGN_BYTES; }\n";
    let ptx = ptx("cv_partials", src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    // 1 + 8 + 99 beside the shared word, as nvcc adds them.
    assert!(ptx.contains("108;"), "{ptx}");
}

/// CLI11's traits: a partial specialization selected by
/// `typename std::enable_if<trait<T>::value>::type` (read per instance; a
/// false condition is no match, not an error).
#[test]
fn enable_if_partial_specialization() {
    let src = "#include <type_traits>\n\
               template <typename T> struct isp { static constexpr bool value = std::is_pointer<T>::value; };\n\
               template <typename T> struct is_copyable_ptr { static bool const value = isp<T>::value; };\n\
               template <typename T, typename Enable = void> struct et { using type = T; };\n\
               template <typename T> struct et<T, typename std::enable_if<is_copyable_ptr<T>::value>::type> { using type = char; };\n\
               __global__ void k(int *o) { o[0] = sizeof(et<double *>::type) * 100 + sizeof(et<double>::type); }\n";
    let ptx = ptx("enable_if_partial", src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    assert!(ptx.contains("108;"), "{ptx}");
}

/// lrn's lambda calling a lambda it captured, and nbnxm's `norm2(v)` found
/// in the namespace of its argument's class (argument-dependent lookup).
#[test]
fn captured_lambda_call_and_argument_dependent_lookup() {
    let src = "namespace g {\n\
               template <typename T> struct V { T x, y, z; __device__ T norm2() const { return x * x + y * y + z * z; } };\n\
               template <typename T> static __forceinline__ __device__ T norm2(V<T> v) { return v.norm2(); }\n\
               __device__ float first(const V<float> *v) { return v->x; }\n\
               }\n\
               typedef g::V<float> F3;\n\
               __global__ void k(long *o, long s, float *f) {\n\
                 auto off = [=](long a, long b) { return a * s + b; };\n\
                 auto ker = [=](long a) { long t = off(a, 1); return t * 2; };\n\
                 o[threadIdx.x] = ker(threadIdx.x);\n\
                 F3 v{1, 2, 3}; f[0] = norm2(v) + first(&v);\n\
               }\n";
    let ptx = ptx("lambda_adl", src);
    assert_eq!(entries(&ptx), ["_Z1kPllPf"]);
}

/// A program's `#define T int` (sc's common.h) before `<fstream>`,
/// `<vector>`: our headers' `template <class T>` are not its to expand.
#[test]
fn program_macros_leave_our_headers_alone() {
    let src = "#define T int\n#define N 4\n#define It x\n\
               #include <vector>\n#include <fstream>\n#include <array>\n#include <initializer_list>\n\
               __global__ void k(T *o) { o[0] = N; }\n";
    let ptx = ptx("macro_t", src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
}

/// reshapeKVCache's `struct __align__(vec_size * sizeof(scalar_t))
/// vec_n_t` (the alignment read per instance) and `auto *p =
/// reinterpret_cast<const vin_t *>(in)` (`auto` is `const vin_t`).
#[test]
fn dependent_align_and_auto_pointer_to_const() {
    let src = "template <typename scalar_t, unsigned long vec_size>\n\
               struct __align__(vec_size * sizeof(scalar_t)) vec_n_t { scalar_t val[vec_size]; };\n\
               template <typename T, int V> struct alignas(V * sizeof(T)) vb { T val[V]; };\n\
               __global__ void k(const float *in, int *o) {\n\
                 auto *v = reinterpret_cast<const vec_n_t<float, 4> *>(in); const auto *w = v;\n\
                 o[0] = alignof(vec_n_t<float, 4>) + alignof(vb<short, 2>) + sizeof(vec_n_t<char, 8>) + (int)w->val[1];\n\
               }\n";
    let ptx = ptx("dependent_align", src);
    assert_eq!(entries(&ptx), ["_Z1kPKfPi"]);
}

/// `friend` outside a class: nvcc's error, at the specifier (inside a
/// class, `__host__ __device__ friend` is a friend as before).
#[test]
fn friend_outside_a_class_is_an_error() {
    let e = errors("friend int f(int x) { return x; }\n__global__ void k(int *o) { o[0] = 1; }\n");
    assert_eq!(
        e,
        ["k.cu(1): error: invalid specifier outside a class declaration"],
        "{e:?}"
    );
    let e = errors("__device__ friend int g(int x);\n__global__ void k(int *o) { o[0] = 1; }\n");
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].contains("(1): error: invalid specifier outside a class declaration"));
    let src = "template <typename T> struct A { T v; __host__ __device__ friend A operator+(A a, A b) { return A{a.v + b.v}; } };\n\
               struct C { int v; __host__ __device__ friend C operator-(C a, C b) { return C{a.v - b.v}; } };\n\
               __global__ void k(int *o) { A<int> a{1}, b{2}; C c{3}, d{1}; o[0] = (a + b).v + (c - d).v; }\n";
    assert_eq!(entries(&ptx("friend_in_class", src)), ["_Z1kPi"]);
}

/// histogram's run functions: a local `enum { NUM_PARTS = 1024 }` in a
/// host function template names the launched kernel's argument, and the
/// run function is passed as a value to another host template.
#[test]
fn local_enum_in_host_template_launch() {
    let src = "template <int N> __global__ void acc(int *o) { o[0] = N; }\n\
               template <int C> double run(int *o) { enum { PARTS = 1024, NEXT }; acc<PARTS + C><<<1, 1>>>(o); acc<NEXT><<<1, 1>>>(o); return 0; }\n\
               template <int C> void test(double (*f)(int *), int *o) { f(o); }\n\
               int main() { int *o = 0; test<1>(run<1>, o); test<3>(run<3>, o); return 0; }\n";
    let ptx = ptx("local_enum", src);
    let mut e = entries(&ptx);
    e.sort();
    assert_eq!(e, ["_Z3accILi1025EEvPi", "_Z3accILi1027EEvPi"]);
}

/// btree's launches in a class template's host members defined outside
/// the class: the instance `main` uses reads its members, so the kernel
/// instance is made as nvcc makes it, without a warning.
#[test]
fn launches_in_out_of_class_host_members_make_their_kernels() {
    let src = "namespace N {\n\
               namespace kernels { template <typename A> __global__ void init(unsigned *r, A a) { r[0] = sizeof(A); } }\n\
               template <typename K, typename A> class Map { A alloc; public: void build(unsigned *r); };\n\
               template <typename K, typename A> void Map<K, A>::build(unsigned *r) { kernels::init<<<1, 32>>>(r, alloc); }\n\
               }\n\
               int main() { N::Map<int, float> m; m.build(0); return 0; }\n";
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(c.diagnostics.is_empty(), "{:?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    assert_eq!(entries(&ptx), ["_ZN1N7kernels4initIfEEvPjT_"]);
}
