//! Kernels that host code instantiates in real programs (HeCBench's axpby,
//! btree), each written small: the `.entry` list is nvcc 13's (`nvcc
//! -arch=sm_80 --ptx -std=c++17`) for the same source, with no warning, and
//! ptxas (when installed) accepts the PTX. Also the constructs those
//! programs' kernels need: a constant array's element in a constant
//! expression, `std::aligned_storage`.

mod common;

use common::{checked_ptx as ptx, entries};

/// A launch in a host template whose argument is a temporary of a class
/// template with several arguments (`Functor<A, B, C>()`: the commas in
/// its `<…>` do not split the call's arguments), a parameter pack passed
/// on, and a class template whose array bounds read a `constexpr` array.
#[test]
fn temporary_of_class_template_as_argument_through_host_templates() {
    let src = r#"#include <vector>
#include <cstdint>
constexpr int maxt[3] = {110, 64, 48};
template <typename T> struct Tensor { T *data_ptr; int64_t numel; };
template <int n> struct Meta { void *addresses[n][maxt[n - 1]]; int sizes[maxt[n - 1]]; };
template <typename T, typename U, typename... ArgTypes>
__global__ void apply_kernel(int64_t chunk, volatile int *flag, T tl, U callable, ArgTypes... args) {
  callable(chunk, flag, tl, args...);
}
template <int depth, typename T, typename... ArgTypes>
void apply(int64_t block, int64_t chunk, const Tensor<int> &flag,
           const std::vector<std::vector<Tensor<float>>> &lists, T callable, ArgTypes... args) {
  Meta<depth> tl;
  for (int d = 0; d < depth; d++) tl.addresses[d][0] = lists[d][0].data_ptr;
  apply_kernel<<<1, block>>>(chunk, flag.data_ptr, tl, callable, args...);
}
template <typename A, typename B, typename C> struct Functor {
  __device__ void operator()(int c, volatile int *f, Meta<3> &tl, float a, float b, int x) {
    f[0] = tl.sizes[0] + x;
  }
};
template <typename A, typename B, typename C>
void axpby(int chunk, Tensor<int> flag, std::vector<std::vector<Tensor<C>>> &lists, float a, float b, int x) {
  apply<3>(512, chunk, flag, lists, Functor<A, B, C>(), a, b, x);
}
int main() {
  Tensor<int> flag;
  std::vector<std::vector<Tensor<float>>> lists(3);
  const float a = 1.f;
  int x = 0;
  axpby<float, float, float>(256, flag, lists, a, a, x);
}
"#;
    let ptx = ptx("scan_temporary", src);
    assert_eq!(
        entries(&ptx),
        ["_Z12apply_kernelI4MetaILi3EE7FunctorIfffEJffiEEvlPViT_T0_DpT1_"]
    );
    // `Meta<3>` by value: 3 * 48 pointers and 48 ints.
    assert!(ptx.contains("_param_2[1344]"), "{ptx}");
}

/// `constexpr` and `const` integer arrays read in constant expressions:
/// an array bound, a template argument, `static_assert`.
#[test]
fn constant_array_elements_in_constant_expressions() {
    let src = "constexpr int sizes[4] = {3, 5, 7, 1 << 4};\n\
               const unsigned widths[] = {2u, 4u};\n\
               template <int n> struct Buf { int v[sizes[n - 1]]; };\n\
               static_assert(sizes[3] == 16, \"element\");\n\
               template <int W> __global__ void k(Buf<3> b, int *o) { o[0] = sizeof(b) + W; }\n\
               template __global__ void k<widths[1]>(Buf<3>, int *);\n";
    let ptx = ptx("const_array", src);
    assert_eq!(entries(&ptx), ["_Z1kILi4EEv3BufILi3EEPi"]);
    assert!(ptx.contains("_param_0[28]"), "{ptx}");
}

/// `std::aligned_storage<Len, Align>::type`: `Len` bytes at alignment
/// `Align` (16 when not given, as the host's library has it), the type
/// real kernels reinterpret vectors through.
#[test]
fn aligned_storage_has_its_size_and_alignment() {
    let src = "#include <type_traits>\n\
               template <typename T> __device__ void copy4(T *dst, const T *src) {\n\
                 typedef typename std::aligned_storage<4 * sizeof(T), 4 * alignof(T)>::type LT;\n\
                 ((LT *)dst)[0] = ((const LT *)src)[0];\n\
               }\n\
               __global__ void k(float *a, const float *b, unsigned long *o) {\n\
                 copy4(a, b);\n\
                 o[0] = sizeof(std::aligned_storage<24, 8>::type) * 100 + alignof(std::aligned_storage<24, 8>::type);\n\
                 o[1] = alignof(std::aligned_storage<4>::type);\n\
               }\n";
    let ptx = ptx("aligned_storage", src);
    assert_eq!(entries(&ptx), ["_Z1kPfPKfPm"]);
    assert!(ptx.contains(", 2408;"), "{ptx}");
    assert!(ptx.contains(", 16;"), "{ptx}");
}
