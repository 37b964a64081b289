//! Templates as real programs write them (HeCBench's files), third part:
//! `std::common_type` in member templates' signatures, template template
//! parameters, variable templates, member template constructors and
//! SFINAE in non-type template parameters. Each compiles with no
//! diagnostic, ptxas accepts the PTX (when it is installed) and the
//! kernels have the names nvcc 13 gives them at sm_80.

mod common;

use common::checked_ptx as ptx;

use ptxlab_core::{compile_source, Options};

/// The diagnostics of a compile that fails.
fn errors(src: &str) -> Vec<String> {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    c.diagnostics.iter().map(|d| d.message.clone()).collect()
}

fn entries(ptx: &str) -> Vec<&str> {
    let mut e: Vec<&str> = ptx
        .lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|l| l.trim_end_matches('('))
        .collect();
    e.sort_unstable();
    e
}

/// `typename std::common_type<T, U>::type` as a member template's return
/// type (CUB's `Max` copied into HeCBench's moe, adamw, softmax-online): the
/// usual arithmetic conversions of the decayed types; in a kernel's
/// signature it mangles as the standard library's variadic template
/// (`common_type<…>` with its arguments a pack, `IJS0_iEE`). GNU's
/// `__const__` is `const`.
#[test]
fn common_type_in_member_template_signatures() {
    let src = r#"
#include <type_traits>
struct Max {
  template <typename T, typename U>
  __device__ __forceinline__ typename std::common_type<T, U>::type operator()(T &&t, U &&u) const {
    return ((t) > (u)) ? (t) : (u);
  }
};
static __device__ __const__ float scale = 2.0f;
template <typename T> __global__ void k(T *a, const int *b, std::common_type_t<T, int> *c) {
  a[threadIdx.x] = Max()(a[threadIdx.x], b[threadIdx.x]) * scale;
  c[threadIdx.x] = Max()(b[threadIdx.x], (short)3);
}
template __global__ void k<float>(float *, const int *, float *);
template __global__ void k<unsigned>(unsigned *, const int *, unsigned *);
static_assert(std::is_same<std::common_type<char, short>::type, int>::value, "promoted");
static_assert(std::is_same<std::common_type_t<unsigned, long>, long>::value, "long");
static_assert(std::is_same<std::common_type_t<float &, const double &>, double>::value, "decayed");
"#;
    let p = ptx("common_type", src);
    assert_eq!(
        entries(&p),
        [
            "_Z1kIfEvPT_PKiPNSt11common_typeIJS0_iEE4typeE",
            "_Z1kIjEvPT_PKiPNSt11common_typeIJS0_iEE4typeE",
        ]
    );
    let e = errors(
        "#include <type_traits>\nstruct A {}; struct B {};\nstd::common_type<A, B>::type x;\n",
    );
    assert!(
        e.iter()
            .any(|m| m.contains("no common type for \"A\" and \"B\"")),
        "{e:?}"
    );
}

/// Template template parameters (HeCBench's rmsnorm `WarpReduce<Func, T>`,
/// tensorAccessor's `template <typename U> class PtrTraits =
/// DefaultPtrTraits` with a partial specialization over it): the class
/// template passed names its instances in the body; in a kernel's signature
/// it mangles as its name, a substitution candidate (`17RestrictPtrTraits`,
/// then `S0_`).
#[test]
fn template_template_parameters() {
    let src = r#"
#include <cstdint>
#include <cstddef>
template <typename T> struct SumOp { __device__ static T init() { return T(0); } __device__ static T op(const T &a, const T &b) { return a + b; } };
template <typename T> struct MaxOp { __device__ static T init() { return T(-1e30); } __device__ static T op(const T &a, const T &b) { return a > b ? a : b; } };
template <template <class> class Func, typename T>
__device__ T WarpReduce(T val) {
  for (int offset = 16; offset > 0; offset >>= 1) {
    T tmp = __shfl_xor_sync(0xffffffff, val, offset);
    val = Func<T>::op(tmp, val);
  }
  return val;
}
template <template <class> class Func, typename T>
__device__ T BlockReduce(const T val) {
  T v = Func<T>::op(Func<T>::init(), val);
  return WarpReduce<Func, T>(v);
}
template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
class Acc {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __device__ Acc(PtrType d, index_t s) : data_(d), stride_(s) {}
  __device__ T &at(index_t i) { return data_[i * stride_ * N]; }
  PtrType data_;
  index_t stride_;
};
template <typename T, template <typename U> class PtrTraits, typename index_t>
class Acc<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __device__ Acc(PtrType d, index_t s) : data_(d) {}
  __device__ T &at(index_t i) { return data_[i]; }
  PtrType data_;
};
template <typename T, int U>
__global__ void k(const T *in, T *out, float *f) {
  T s = BlockReduce<SumOp, T>(in[threadIdx.x]);
  T m = BlockReduce<MaxOp>(in[threadIdx.x]);
  out[threadIdx.x] = s * U + m;
  Acc<float, 2, RestrictPtrTraits> a(f, 1);
  Acc<float, 1> b(f, 1);
  a.at(threadIdx.x) += b.at(threadIdx.x);
}
__global__ void acc(Acc<float, 1, RestrictPtrTraits, long> a, Acc<float, 2, RestrictPtrTraits, long> b, Acc<float, 2> c) { a.at(threadIdx.x) = b.at(0) + c.at(1); }
template __global__ void k<float, 4>(const float *, float *, float *);
template __global__ void k<int, 1>(const int *, int *, float *);
"#;
    let p = ptx("tt_params", src);
    assert_eq!(
        entries(&p),
        [
            "_Z1kIfLi4EEvPKT_PS0_Pf",
            "_Z1kIiLi1EEvPKT_PS0_Pf",
            "_Z3acc3AccIfLm1E17RestrictPtrTraitslES_IfLm2ES0_lES_IfLm2E16DefaultPtrTraitslE",
        ]
    );
}

/// A template template parameter deduced from an argument (`C<T> &` from a
/// `Box<float>`): in the template's own signature `C<T>` mangles as the
/// parameter with arguments (`T_IS1_E`), as nvcc writes it.
#[test]
fn template_template_parameters_deduced() {
    let src = r#"
template <typename T> struct Box { T v; };
template <template <class> class C, class T> __device__ __noinline__ T first(C<T> &c) { return c.v; }
template <template <class> class C, class T> __global__ void g(C<T> c, T *o) { o[0] = first(c); }
template __global__ void g<Box, float>(Box<float>, float *);
__global__ void k(float *o) { Box<float> b; b.v = o[1]; o[0] = first(b); }
"#;
    let p = ptx("tt_deduced", src);
    assert_eq!(entries(&p), ["_Z1gI3BoxfEvT_IT0_EPS2_", "_Z1kPf"]);
    assert!(
        p.contains(".func  (.param .b32 func_retval0) _Z5firstI3BoxfET0_RT_IS1_E("),
        "{p}"
    );
    let e = errors(
        "template <typename T> struct S { static __device__ T op(T a) { return a; } };\n\
template <template <class> class F, typename T> __device__ T r(T v) { return F<T>::op(v); }\n\
__global__ void k(int *o) { o[0] = r<int, int>(o[1]); }\n",
    );
    assert!(
        e.iter()
            .any(|m| m.contains("no instance of function template \"r\" matches")),
        "{e:?}"
    );
}

/// Member template constructors (HeCBench ssim's gdt `vec_t`: `template
/// <typename OT> explicit vec_t(const vec_t<OT, 2> &o) : x((T)o.x), …`, in a
/// partial specialization, and one in a plain class): ranked with the
/// class's other constructors, the argument deduced; mangled `C1` with no
/// return type, as nvcc writes them.
#[test]
fn member_template_constructors() {
    let src = r#"
template <typename T, int N> struct vec_t;
template <typename T> struct vec_t<T, 2> {
  inline __device__ vec_t() {}
  inline __device__ vec_t(T a, T b) : x(a), y(b) {}
  template<typename OT>
  __noinline__ __device__ explicit vec_t(const vec_t<OT, 2>& o) : x((T)o.x), y((T)o.y) {}
  T x, y;
};
struct P {
  int v;
  template <typename S> __device__ __noinline__ P(S s) : v((int)s * 2) {}
};
__global__ void k(float *f, int *i) {
  vec_t<int, 2> a(i[0], i[1]);
  vec_t<float, 2> b(a);
  f[0] = b.x + b.y;
  P p(f[1]);
  i[2] = p.v;
}
"#;
    let p = ptx("tmpl_ctor", src);
    assert_eq!(entries(&p), ["_Z1kPfPi"]);
    assert!(
        p.contains(".func _ZN5vec_tIfLi2EEC1IiEERKS_IT_Li2EE("),
        "{p}"
    );
    assert!(p.contains(".func _ZN1PC1IfEET_("), "{p}");
}

/// A static member template called through `C<T>::template f<N>(…)` and
/// through a class's alias (`typedef C<T> Impl; Impl::template f<N>(…)`,
/// and without the disambiguator), as CUB's block algorithms call their
/// warp primitives: each call is the member template's instance.
#[test]
fn static_member_templates_through_the_template_disambiguator() {
    let src = r#"
template <typename T> struct Lanes {
  template <bool NEG> static __device__ T apply(T a) { return NEG ? -a : a + 1; }
};
template <typename T> __device__ T direct(T a) { return Lanes<T>::template apply<true>(a); }
template <typename T> struct User {
  typedef Lanes<T> Impl;
  __device__ T via_alias(T a) { return Impl::template apply<false>(a); }
  __device__ T plain(T a) { return Impl::apply<true>(a); }
};
__global__ void k(int *o) {
  o[0] = direct(o[1]);
  User<int> u;
  o[2] = u.via_alias(o[3]);
  o[4] = u.plain(o[5]);
}
"#;
    let p = ptx("template_disambiguator", src);
    assert_eq!(entries(&p), ["_Z1kPi"]);
    assert_eq!(p.matches("neg.s32").count(), 2, "{p}");
    assert_eq!(p.matches("add.s32").count(), 1, "{p}");
}
