//! Kernel template instances that real programs launch through host code
//! patterns (the HeCBench programs that compiled without error but lacked
//! kernels nvcc emits): each case's `.entry` list, names and order, is nvcc
//! 13.5's (`nvcc -arch=sm_80 --ptx -std=c++17`) for the same source, and
//! ptxas accepts the PTX (when it is installed).

mod common;

use ptxlab_core::{compile_source, Options};

/// The `.entry` names of a compile with no error, its PTX checked by ptxas.
fn entries(tag: &str, src: &str) -> (Vec<String>, String) {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.expect("no PTX");
    if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", tag) {
        panic!("ptxas rejects:\n{e}\n{ptx}");
    }
    let names = ptx
        .lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|l| l.trim_end_matches('(').to_string())
        .collect();
    (names, ptx)
}

/// `T *values, *x;`: a later declarator of a declaration has the
/// declaration's type, so `ddot(rows, x, y, s)` deduces `T` (lanczos).
#[test]
fn arguments_declared_by_later_declarators_deduce() {
    assert_eq!(
        entries("decls", SRC1).0,
        ["_Z3dotIfEviPKT_S2_PS0_", "_Z3dotIdEviPKT_S2_PS0_"]
    );
}

/// A dispatch macro's `[&] { if (v == 1) { constexpr int N = 1; return
/// f(); } … }()`: each branch's constant is the one in scope at the launch
/// it holds, so every combination is made (geglu).
#[test]
fn constants_declared_in_each_dispatch_branch_are_scoped() {
    assert_eq!(
        entries("dispatch", SRC2).0,
        [
            "_Z5gegluIfLi128ELi1EEvPT_",
            "_Z5gegluIfLi256ELi1EEvPT_",
            "_Z5gegluIfLi128ELi2EEvPT_",
            "_Z5gegluIfLi256ELi2EEvPT_",
        ]
    );
}

/// A temporary as an argument (`do_run(4, PayoffPut(1.0), …)`, `Call{2.0}`)
/// deduces its class (aop), and a kernel template's address taken as a
/// value (`auto k = align<int, fill>;`, `&align<int, 64>`) instantiates it
/// (moe-align).
#[test]
fn temporaries_deduce_and_kernel_addresses_instantiate() {
    assert_eq!(
        entries("values", SRC3).0,
        [
            "_Z5alignIiLi256EEvPKT_Pi",
            "_Z5alignIiLi64EEvPKT_Pi",
            "_Z5pathsILi256E9PayoffPutEviT0_Pd",
            "_Z5pathsILi256E10PayoffCallEviT0_Pd",
        ]
    );
}

/// A kernel traits class named through a local alias (`using K =
/// Traits<…>;`, `typedef`), made while reading a host template's instance:
/// its static constants (one set by `std::min`/`std::max`) and member types
/// are known to the kernel's instance, in `__launch_bounds__` too, and `if
/// constexpr` keeps one branch (hadamard). nvcc folds the same values:
/// 96.0 and 1280.0 * 4.
#[test]
fn kernel_traits_through_local_aliases() {
    let (names, ptx) = entries("traits", SRC4);
    assert_eq!(
        names,
        [
            "_Z9transformI6TraitsILi32ELi3EfEEv6Params",
            "_Z9transformI6TraitsILi128ELi8EfEEv6Params",
        ]
    );
    assert!(
        ptx.contains(".maxntid 32, 1, 1") && ptx.contains(".maxntid 128, 1, 1"),
        "{ptx}"
    );
    assert!(
        common::has_float_constant(&ptx, "0f42C00000")
            && common::has_float_constant(&ptx, "0f45A00000"),
        "{ptx}"
    );
}

/// A class template's host member defined out of its class, instantiated
/// explicitly (`template class Estimator<float>;`), reads the names the
/// file declared before (curand's state types), and a class instance's
/// constant is a template argument (`IF<TYPE_IS<Real, double>::test, …>`,
/// `flag<TYPE_IS<Real, float>::test>`): cuda-samples' MC_EstimatePiInlineQ.
#[test]
fn explicit_class_instances_with_traits_constants_as_arguments() {
    assert_eq!(
        entries("estimator", SRC5).0,
        [
            "_Z7initRNGI18curandStateSobol32A32_jEvPT_PT0_j",
            "_Z12computeValueIf18curandStateSobol32EvPjPT0_j",
            "_Z4flagILb1EEvPi",
            "_Z7initRNGI18curandStateSobol64A64_yEvPT_PT0_j",
            "_Z12computeValueId18curandStateSobol64EvPjPT0_j",
            "_Z4flagILb0EEvPi",
        ]
    );
}

/// A lambda with template parameters (`auto d = [&]<bool A, bool B>() {
/// … };`, vLLM's dispatch) called with explicit arguments
/// (`d.operator()<true, false>()`): each call's instance launches its
/// kernel, and the lambda's own body is no launch of unknown arguments (no
/// warning). HeCBench ssm-cuda's dispatch.
#[test]
fn template_lambdas_called_with_explicit_arguments() {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", SRC6, &opts);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    assert_eq!(
        entries("lambdas", SRC6).0,
        [
            "_Z4scanI6TraitsILi128ELb1ELb1EEEvPf",
            "_Z4scanI6TraitsILi128ELb1ELb0EEEvPf",
            "_Z4scanI6TraitsILi128ELb0ELb0EEEvPf",
        ]
    );
}

const SRC1: &str = r#"template <typename T>
__global__ void dot(const int n, const T *x, const T *y, T *s) { s[0] = x[n] * y[n]; }
template <typename T>
T ddot(int n, const T *x, const T *y, T *s) {
  dot<T><<<1, 32>>>(n, x, y, s);
  return T(0);
}
template <typename T>
void run(int rows) {
  T *values, *x, *y, *scratch;
  T product = ddot(rows, x, y, scratch);
}
template void run<float>(int);
template void run<double>(int);
"#;

const SRC2: &str = r#"#include <stdexcept>
#include <string>
template <typename T, int DIM, int LOOP>
__global__ void geglu(T *out) { out[threadIdx.x] = T(DIM * LOOP); }
#define DISPATCH_DIM(VALUE, NAME, ...) [&] { \
  if (VALUE == 128) { constexpr int NAME = 128; return __VA_ARGS__(); } \
  if (VALUE == 256) { constexpr int NAME = 256; return __VA_ARGS__(); } \
  throw std::invalid_argument("dim " + std::to_string(VALUE)); }()
#define DISPATCH_LOOP(VALUE, NAME, ...) [&] { \
  if (VALUE == 1) { constexpr int NAME = 1; return __VA_ARGS__(); } \
  if (VALUE == 2) { constexpr int NAME = 2; return __VA_ARGS__(); } \
  throw std::invalid_argument("loop"); }()
template <typename T>
void geglu_gpu(T *out, int dim, int loop) {
  DISPATCH_LOOP(loop, LOOP, [&] {
    DISPATCH_DIM(dim, DIM, [&] { geglu<T, DIM, LOOP><<<1, 32>>>(out); });
  });
}
int main() {
  float *a, *d_out;
  geglu_gpu(d_out, 128, 1);
  return 0;
}
"#;

const SRC3: &str = r#"struct PayoffCall { double k; __host__ __device__ PayoffCall(double k) : k(k) {} };
struct PayoffPut { double k; __host__ __device__ PayoffPut(double k) : k(k) {} };
template <int N, typename Payoff>
__global__ void paths(int n, Payoff p, double *out) { out[threadIdx.x] = p.k * N + n; }
template <int N>
__global__ void sums(int n, double *out) { out[threadIdx.x] = N + n; }
template <typename Payoff>
static void do_run(int n, const Payoff &payoff, double *d, double *h_price) {
  const int THREADS = 256;
  paths<THREADS><<<1, THREADS>>>(n, payoff, d);
}
template <typename K, int B> __global__ void align(const K *ids, int *out) { out[0] = ids[0] + B; }
void dispatch(const int *ids, int *out, bool small) {
  if (small) {
    constexpr int fill = 256;
    auto kernel = align<int, fill>;
    kernel<<<1, fill>>>(ids, out);
  } else {
    auto other = &align<int, 64>;
    other<<<1, 64>>>(ids, out);
  }
}
int main() {
  double *d, price;
  do_run(4, PayoffPut(1.0), d, &price);
  do_run(4, PayoffCall{2.0}, d, &price);
  return 0;
}
"#;

const SRC4: &str = r#"#include <algorithm>
struct Params { int batch, log_n; float *x; };
template <int kNThreads_, int kLogN_, typename T_>
struct Traits {
  using input_t = T_;
  static constexpr int kNThreads = kNThreads_;
  static constexpr int N = 1 << kLogN_;
  static constexpr int kSmem = std::min(N * 4, 1024);
  static constexpr int kLarge = std::max(N, 64);
};
template <typename K>
__global__ __launch_bounds__(K::kNThreads) void transform(Params p) {
  using input_t = typename K::input_t;
  constexpr int kWarps = K::kNThreads / 32;
  input_t v = input_t(K::kSmem + K::kLarge);
  if constexpr (kWarps > 1) {
    p.x[threadIdx.x] = v * kWarps;
  } else {
    p.x[threadIdx.x] = v;
  }
}
template <int kNThreads, int kLogN, typename T>
void launch(Params &p, cudaStream_t stream) {
  using K = Traits<kNThreads, kLogN, T>;
  typedef Traits<kNThreads, kLogN, T> Same;
  constexpr int kSmem = K::kSmem;
  transform<K><<<p.batch, K::kNThreads, kSmem, stream>>>(p);
  transform<Same><<<p.batch, Same::kNThreads, kSmem, stream>>>(p);
}
template <typename T>
void run(Params &p) {
  if (p.log_n == 3) launch<32, 3, T>(p, 0);
  else if (p.log_n == 8) launch<128, 8, T>(p, 0);
}
int main() { Params p; run<float>(p); return 0; }
"#;

const SRC5: &str = r#"#include <curand_kernel.h>
template <typename L, typename R> struct TYPE_IS { static const bool test = false; };
template <typename L> struct TYPE_IS<L, L> { static const bool test = true; };
template <bool, class L, class R> struct IF { typedef R type; };
template <class L, class R> struct IF<true, L, R> { typedef L type; };
template <typename S, typename D>
__global__ void initRNG(S *const states, D *const dirs, unsigned int n) {
  curand_init(dirs[0], n, &states[threadIdx.x]);
}
template <typename Real, typename S>
__global__ void computeValue(unsigned int *const out, S *const states, const unsigned int n) {
  out[threadIdx.x] = (unsigned int)(curand_uniform(&states[threadIdx.x]) * sizeof(Real) * n);
}
template <bool B> __global__ void flag(int *p) { p[0] = B; }
template <typename Real> class Estimator {
public:
  Estimator(unsigned int n) : m_n(n) {}
  Real operator()();
private:
  unsigned int m_n;
};
template <typename Real> Real Estimator<Real>::operator()() {
  typedef typename IF<TYPE_IS<Real, double>::test, curandStateSobol64_t, curandStateSobol32_t>::type State;
  typedef typename IF<TYPE_IS<Real, double>::test, curandDirectionVectors64_t, curandDirectionVectors32_t>::type Dirs;
  State *d_states = 0;
  Dirs *d_dirs = 0;
  unsigned int *d_out = 0;
  initRNG<<<1, 32>>>(d_states, d_dirs, m_n);
  computeValue<Real><<<1, 32>>>(d_out, d_states, m_n);
  flag<TYPE_IS<Real, float>::test><<<1, 1>>>((int *)d_out);
  return 0;
}
template class Estimator<float>;
template class Estimator<double>;
"#;

const SRC6: &str = r#"template <int N, bool A, bool B> struct Traits { static constexpr int kN = N; static constexpr bool kA = A; static constexpr bool kB = B; };
template <typename K> __global__ void scan(float *p) { p[threadIdx.x] = K::kN + (K::kA ? 1 : 0) + (K::kB ? 2 : 0); }
static constexpr int kNT = 128;
void launch(float *p, bool a, bool b) {
  auto dispatch = [&]<bool A, bool B>() {
    using K = Traits<kNT, A, B>;
    scan<K><<<1, kNT>>>(p);
  };
  if (a && b) dispatch.operator()<true, true>();
  if (a && !b) dispatch.operator()<true, false>();
  if (!a) dispatch.operator()<false, false>();
}
"#;
