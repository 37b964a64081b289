//! Kernels that host dispatchers instantiate (FlashInfer's decode kernels in
//! HeCBench's attentionMultiHeadKVCache, written small), and the rule that
//! none is dropped without a word: each `.entry` list is nvcc 13's (`nvcc
//! -arch=sm_80 --ptx -std=c++17`) for the same source, and ptxas (when
//! installed) accepts the PTX.

mod common;

use common::{checked_ptx as ptx, entries};

/// A dispatch branch's `constexpr` locals read the ones declared before
/// them (`t` reads `G`), and a C++14 `constexpr` host function whose body
/// is `if`s and `return`s gives a template argument: the kernel named as a
/// value and launched by `cudaLaunchKernel` is instantiated per branch.
#[test]
fn dispatch_constants_and_constexpr_function_with_ifs() {
    let src = r#"#include <cstdint>
#include <cuda_runtime.h>
template <int N> __global__ void kern(int *p) { p[threadIdx.x] = N; }
constexpr uint32_t threads_for(uint32_t group, uint32_t bytes) {
  if (group == 8U) {
    if (bytes == 1U) {
      return 256U;
    } else {
      return 512U;
    }
  }
  return 128U;
}
void launch(int *p, int group) {
  if (group == 1) {
    constexpr uint32_t G = 1;
    constexpr uint32_t n = threads_for(G, 2) / 32;
    constexpr uint32_t t = G == 1 ? (sizeof(short) == 1 ? 2U : 8U) : 1U;
    auto k = kern<n + t>;
    void *args[] = {(void *)&p};
    cudaLaunchKernel((void *)k, 1, 1, args, 0, 0);
  } else {
    constexpr uint32_t G = 8;
    constexpr uint32_t n = threads_for(G, 1) / 32;
    auto k = kern<n>;
    void *args[] = {(void *)&p};
    cudaLaunchKernel((void *)k, 1, 1, args, 0, 0);
  }
}
"#;
    let ptx = ptx("dispatch_constants", src);
    assert_eq!(entries(&ptx), ["_Z4kernILi12EEvPi", "_Z4kernILi8EEvPi"]);
}

/// A member function template of a class template's instance called as
/// `C<…>::f<N>(…)` without `template` (EDG reads it: the instance is known
/// where the call is read), in a function template and outside one.
#[test]
fn member_template_of_class_instance_called_without_template_keyword() {
    let src = r#"template <typename D, typename S> struct vec_cast {
  template <unsigned long n> __device__ static void cast(D *d, const S *s) {
    for (unsigned long i = 0; i < n; ++i) d[i] = (D)s[i];
  }
};
template <typename S, typename D, unsigned long n> __device__ void convert(D *d, const S *s) {
  vec_cast<D, S>::cast<n>(d, s);
}
__global__ void to_float(float *d, const int *s) { convert<int, float, 4>(d, s); }
__global__ void to_int(int *d, const float *s) { vec_cast<int, float>::cast<2>(d, s); }
"#;
    let ptx = ptx("member_template_call", src);
    assert_eq!(entries(&ptx), ["_Z8to_floatPfPKi", "_Z6to_intPiPKf"]);
    assert_eq!(ptx.matches("cvt.rn.f32.s32").count(), 4, "{ptx}");
    assert_eq!(ptx.matches("cvt.rzi.s32.f32").count(), 2, "{ptx}");
}

/// `__cvta_generic_to_shared`: a shared variable's address as a `size_t`,
/// the 32-bit shared address nvcc's `cvta.to.shared` gives (the value
/// stored is the `st.shared`'s address register).
#[test]
fn cvta_generic_to_shared_gives_the_shared_address() {
    let src = r#"__global__ void k(unsigned *out, const float *g) {
  __shared__ float s[64];
  s[threadIdx.x] = g[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = static_cast<unsigned>(__cvta_generic_to_shared(s + threadIdx.x));
}
"#;
    let ptx = ptx("cvta_shared", src);
    assert_eq!(entries(&ptx), ["_Z1kPjPKf"]);
    let addr = ptx
        .lines()
        .find(|l| l.contains("st.shared.f32"))
        .and_then(|l| l.split('[').nth(1))
        .and_then(|l| l.split(']').next())
        .expect("st.shared")
        .to_string();
    assert!(
        ptx.lines()
            .any(|l| l.contains("cvt.u64.u32") && l.ends_with(&format!(", {addr};"))),
        "{ptx}"
    );
}

/// A host template whose template arguments this compile cannot establish
/// and whose body names a kernel template (launched through
/// `cudaLaunchKernel`, no `<<<`): a warning names the kernel template, as
/// nvcc makes `kern<float>` and this compile does not.
#[test]
fn kernel_named_in_unresolved_host_template_is_reported() {
    let src = r#"#include <cuda_runtime.h>
template <typename T> __global__ void kern(T *p) { p[threadIdx.x] = T(1); }
template <typename T> void run(T *p) {
  auto k = kern<T>;
  void *args[] = {(void *)&p};
  cudaLaunchKernel((void *)k, 1, 1, args, 0, 0);
}
struct Buffers;
float *pick(Buffers &b);
void go(Buffers &b) { run(pick(b)); }
"#;
    let c = ptxlab_core::compile_source(
        "k.cu",
        src,
        &ptxlab_core::Options {
            arch: "sm_80".into(),
            ..ptxlab_core::Options::default()
        },
    );
    let warnings: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
    assert!(
        warnings
            .iter()
            .any(|w| w.starts_with("k.cu(4): warning:") && w.contains("\"kern\"")),
        "{warnings:#?}"
    );
}

/// An explicit instantiation of a host function template that does not
/// parse here (its argument names an alias of what no header declares) is
/// skipped as host code, as a host function that does not parse is; the
/// function template launches a kernel template, so a warning names it
/// (before, the file compiled with no kernel and no word). A skipped
/// declaration that names no kernel stays quiet.
#[test]
fn skipped_explicit_instantiation_naming_a_launcher_is_reported() {
    let src = r#"template <class T = void> using op = ::lib::op<T>;
template <class F, class T> __global__ void kern(T *a, F f) { a[threadIdx.x] = f(a[threadIdx.x], T(1)); }
template <class F, class T> void run(T *a, F f) { kern<<<1, 1>>>(a, f); }
template <class F> void quiet(F f) {}
template void quiet<op<float>>(op<float>);
template void run<op<float>, float>(float *, op<float>);
"#;
    let c = ptxlab_core::compile_source(
        "k.cu",
        src,
        &ptxlab_core::Options {
            arch: "sm_80".into(),
            ..ptxlab_core::Options::default()
        },
    );
    let warnings: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
    let named: Vec<&String> = warnings.iter().filter(|w| w.contains("warning:")).collect();
    assert_eq!(named.len(), 1, "{warnings:#?}");
    assert!(
        named[0].starts_with("k.cu(6): warning:") && named[0].contains("\"run\""),
        "{warnings:#?}"
    );
}
