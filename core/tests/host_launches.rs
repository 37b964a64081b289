//! Kernel template instances launched from host code, which is not
//! compiled but read for its launches: each case's `.entry` list (names and
//! order) is nvcc 13's (`nvcc -arch=sm_80 --ptx -std=c++17`) for the same
//! source. And a launch whose template arguments cannot be established is
//! reported, never dropped silently.

use ptxlab_core::{compile_source, Options};

/// The `.entry` names of a source's PTX, in order.
fn entries(src: &str) -> Vec<String> {
    let c = compile_source("k.cu", src, &Options::default());
    let ptx = c
        .ptx
        .unwrap_or_else(|| panic!("no PTX for:\n{src}\n{:#?}", c.diagnostics));
    ptx.lines()
        .filter_map(|l| l.split_once(".entry ").map(|(_, r)| r))
        .map(|r| r.trim_end_matches('(').to_string())
        .collect()
}

#[test]
fn switch_and_if_dispatch_in_host_templates_called_explicitly_deduced_and_transitively() {
    let src = r#"template <class T> __global__ void k(T *d) { d[0] = T(1); }
template <class T, int N> __global__ void r(T *d) { d[0] = T(N); }
template <class T> void run(T *d, int n) {
  k<T><<<1, 1>>>(d);
  switch (n) {
  case 512: r<T, 512><<<1, 1>>>(d); break;
  case 256: r<T, 256><<<1, 1>>>(d); break;
  }
  if (n > 3) r<T, 3><<<1, 1>>>(d);
}
template <class T> void outer(T *d) { run<T>(d, 4); }
void host(float *p, int n) {
  double *q = 0;
  run<float>(p, n);
  run(q, 2);
  int x[4];
  outer(x);
}
"#;
    assert_eq!(
        entries(src),
        [
            "_Z1kIfEvPT_",
            "_Z1rIfLi512EEvPT_",
            "_Z1rIfLi256EEvPT_",
            "_Z1rIfLi3EEvPT_",
            "_Z1kIdEvPT_",
            "_Z1rIdLi512EEvPT_",
            "_Z1rIdLi256EEvPT_",
            "_Z1rIdLi3EEvPT_",
            "_Z1kIiEvPT_",
            "_Z1rIiLi512EEvPT_",
            "_Z1rIiLi256EEvPT_",
            "_Z1rIiLi3EEvPT_",
        ]
    );
}

#[test]
fn class_template_members_called_from_host_code_and_lambdas() {
    let src = r#"template <class T> __global__ void k(T *d) { d[0] = T(1); }
template <class T> struct Runner {
  T *d;
  Runner(T *p) : d(p) {}
  void go() { k<T><<<1, 1>>>(d); }
  void unused() { k<char><<<1, 1>>>((char *)0); }
};
void host(float *p) {
  Runner<float> r(p);
  r.go();
  auto f = [&]() { k<int><<<1, 1>>>((int *)0); };
  f();
}
"#;
    assert_eq!(entries(src), ["_Z1kIiEvPT_", "_Z1kIfEvPT_",]);
}

#[test]
fn instances_from_host_templates_follow_the_file_as_nvcc_orders_them() {
    let src = r#"template <class T> __global__ void k(T *d) { d[0] = T(1); }
template <class T> void run(T *d) { k<T><<<1, 1>>>(d); }
template <class T> void twice(T *d) { run(d); k<char><<<1, 1>>>((char *)0); }
void host(float *p, short *s) {
  run<float>(p);
  k<unsigned><<<1, 1>>>((unsigned *)0);
  twice(s);
}
__global__ void plain(int *p) { p[0] = 1; }
"#;
    assert_eq!(
        entries(src),
        [
            "_Z1kIjEvPT_",
            "_Z5plainPi",
            "_Z1kIfEvPT_",
            "_Z1kIcEvPT_",
            "_Z1kIsEvPT_",
        ]
    );
}

#[test]
fn if_constexpr_discards_a_branch_and_explicit_instantiations_read_the_body() {
    let src = r#"template <class T> __global__ void k(T *d) { d[0] = T(1); }
template <class T, bool B> __global__ void b(T *d) { d[0] = B ? T(1) : T(0); }
namespace ns {
template <class T> void run(T *d, bool f) {
  if constexpr (sizeof(T) > 4) {
    b<T, true><<<1, 1>>>(d);
  } else {
    b<T, false><<<1, 1>>>(d);
  }
  auto go = [=]() { k<T><<<1, 1>>>(d); };
  go();
}
}
namespace ns { template void run<long>(long *, bool); }
void host(float *x) {
  k<<<1, 1>>>(x);
  ns::run<int>((int *)0, true);
}
"#;
    assert_eq!(
        entries(src),
        [
            "_Z1kIfEvPT_",
            "_Z1bIlLb1EEvPT_",
            "_Z1kIlEvPT_",
            "_Z1bIiLb0EEvPT_",
            "_Z1kIiEvPT_",
        ]
    );
}

#[test]
fn a_launch_deduces_from_the_declared_argument_type() {
    // nvcc: `_Z1kIfEvPT_`.
    let src = "template <typename T> __global__ void k(T *x) {}\nvoid host(float *x) {\n  k<<<1, 1>>>(x);\n}\n";
    assert_eq!(entries(src), ["_Z1kIfEvPT_"]);
}

#[test]
fn a_launch_whose_template_arguments_are_not_known_gets_a_warning() {
    let src = "template <class T> __global__ void k(T *d) { d[0] = T(1); }\n\
               template <class T> void run(T *d) { k<T><<<1, 1>>>(d); }\n\
               void *get();\n\
               void host(void *v) {\n\
               \x20 run(static_cast<float *>(v));\n\
               \x20 k<<<1, 1>>>((float *)get());\n\
               }\n";
    let c = compile_source("k.cu", src, &Options::default());
    let warnings: Vec<(u32, &str)> = c
        .diagnostics
        .iter()
        .filter(|d| !d.is_error())
        .map(|d| (d.span.line, d.message.as_str()))
        .collect();
    let text = "launched here are not known to this compile (they depend on host code it does not read): it may need instances this compile does not make";
    assert_eq!(warnings.len(), 2, "{warnings:#?}");
    for ((line, msg), want) in warnings.iter().zip([2, 6]) {
        assert_eq!(*line, want);
        assert!(
            msg.contains("kernel template \"k\"") && msg.contains(text),
            "{msg}"
        );
    }
    assert!(c.diagnostics.iter().all(|d| !d.is_error()));
}

#[test]
fn a_static_kernel_nothing_refers_to_gets_nvccs_warning_177() {
    // nvcc emits both kernels, and warns (#177-D) for `pack2` alone.
    let src = "static __global__ void pack2(int *p) { p[0] = 1; }\n\
               static __global__ void used(int *p) { p[0] = 2; }\n\
               void host(int *p) { used<<<1, 1>>>(p); }\n";
    let c = compile_source("k.cu", src, &Options::default());
    let warnings: Vec<(u32, &str)> = c
        .diagnostics
        .iter()
        .filter(|d| !d.is_error())
        .map(|d| (d.span.line, d.message.as_str()))
        .collect();
    assert_eq!(
        warnings,
        [(1, "function \"pack2\" was declared but never referenced")]
    );
    assert_eq!(entries(src), ["_Z5pack2Pi", "_Z4usedPi"]);
}

/// A host function template instantiated explicitly (cuda-samples' nbody:
/// `template void integrate<float>(Data<float> *, cudaGraphicsResource **,
/// …);`) makes its launches' instances, whatever its parameters name: the
/// interop type is the runtime header's, and a host-only type is not read.
#[test]
fn explicit_instantiations_of_host_templates_launch_their_kernels() {
    let src = r#"template <class T> __global__ void k(T *d) { d[0] = T(1); }
template <class T> void run(T *d, cudaGraphicsResource **res, int n) {
  cudaGraphicsMapResources(1, res, 0);
  k<T><<<1, n>>>(d);
}
template <class T> void go(T *d, struct HostOnly *h) { k<T><<<1, 1>>>(d); }
template void run<float>(float *d, cudaGraphicsResource **res, int n);
template void run<double>(double *d, cudaGraphicsResource **res, int n);
template void go<int>(int *d, struct HostOnly *h);
"#;
    // nvcc 13.5: the instances in the order of the instantiations.
    assert_eq!(entries(src), ["_Z1kIfEvPT_", "_Z1kIdEvPT_", "_Z1kIiEvPT_"]);
}

/// An explicit instantiation of a class template (`template class
/// PiEstimator<float>;`, cuda-samples' Monte Carlo estimators) reads the
/// bodies of its host members defined out of the class for what they
/// launch, the class's parameters bound.
#[test]
fn explicit_class_instantiations_read_members_defined_out_of_class() {
    let src = r#"template <class T> __global__ void k(T *d) { d[0] = T(1); }
template <class T, int N> __global__ void r(T *d) { d[0] = T(N); }
template <typename Real> class Est {
public:
    Est(int n);
    Real operator()(Real *p);
    void other(Real *p);
};
template <typename Real> Est<Real>::Est(int n) {}
template <typename Real> Real Est<Real>::operator()(Real *p) { k<Real><<<1, 1>>>(p); return 0; }
template <typename Real> void Est<Real>::other(Real *p) { r<Real, 4><<<1, 1>>>(p); }
template class Est<float>;
template class Est<double>;
"#;
    assert_eq!(
        entries(src),
        [
            "_Z1kIfEvPT_",
            "_Z1rIfLi4EEvPT_",
            "_Z1kIdEvPT_",
            "_Z1rIdLi4EEvPT_"
        ]
    );
}

#[test]
fn a_class_template_whose_host_members_name_the_class_is_read_once() {
    // Before, reading `run` for launches read `Img<float>`'s members again
    // through `other`, without end (a stack overflow on HeCBench's bm3d,
    // whose CImg does this everywhere).
    let src = "template <typename T> __global__ void k(T *p) { p[threadIdx.x] += 1; }
template <typename T> struct Img {
    Img<T> twin() const { Img<T> r; r.twin(); return r; }
    void run(T *p) { k<T><<<1, 32>>>(p); Img<T> other; other.run(p); other.twin(); }
};
template <typename T> struct Pair { void go(T *p) { Img<T> a; a.run(p); Pair<T> b; b.go(p); } };
void host(float *p, int *q) { Img<float> i; i.run(p); Pair<int> j; j.go(q); }";
    assert_eq!(entries(src), ["_Z1kIfEvPT_", "_Z1kIiEvPT_"]);
}

#[test]
fn static_const_locals_of_host_templates_are_template_arguments() {
    let src = r#"template <typename T, typename I, int TPB, int C = 32>
__global__ void sop(T *s, const T *d, I D) { s[0] = d[0] + D + TPB + C; }
template <typename T, typename I = int>
void run(T *s, const T *d, I D) {
  static const int TPB = 256;
  const int C = 16;
  sop<T, I, TPB, C><<<1, TPB>>>(s, d, D);
}
int main() { float *a = 0; int D = 3; run(a, a, D); return 0; }
"#;
    assert_eq!(entries(src), ["_Z3sopIfiLi256ELi16EEvPT_PKS0_T0_"]);
}

#[test]
fn explicit_instantiations_of_host_templates_deduce_from_their_parameters() {
    let src = r#"#include <vector>
template <typename T> struct mat { int n; T *v; };
template <typename T> __global__ void dk(int n, const T *x, T *y) { y[0] = x[n]; }
template <typename T> T dd(int n, const T *x, T *s) { dk<T><<<1, 32>>>(n, x, s); return s[0]; }
template <typename T> std::vector<T> lz(const mat<T> &m, int k) { T *s = 0; dd(m.n, m.v, s); return std::vector<T>(k); }
template <typename T> std::vector<T> eig(const mat<T> &m, int k) { return lz(m, k); }
template std::vector<float> eig(const mat<float> &m, int k);
template std::vector<double> eig(const mat<double> &m, int k);
"#;
    assert_eq!(entries(src), ["_Z2dkIfEviPKT_PS0_", "_Z2dkIdEviPKT_PS0_"]);
}

#[test]
fn host_template_instances_taken_as_addresses_launch_their_kernels() {
    // A table of instances (`void (*funcs[])(…) = { run<32>, … }`, as
    // HeCBench's lut-gemm dispatches): each address instantiates the host
    // template, whose launch asks for the kernel. They were dropped without
    // a word.
    let src = "template <int N> __global__ void k(float *p) { p[threadIdx.x] *= N; }
template <int N> void run(float *p) { k<N><<<1, 32>>>(p); }
inline auto pick(int i) {
    void (*funcs[])(float *) = { run<32 * 1>, run<32 * 2>, &run<96> };
    return funcs[i];
}
void host(float *p) { pick(0)(p); }";
    assert_eq!(
        entries(src),
        ["_Z1kILi32EEvPf", "_Z1kILi64EEvPf", "_Z1kILi96EEvPf"]
    );
}
