//! Kernels that host code instantiates in real programs (HeCBench's axpby,
//! btree), each written small: the `.entry` list is nvcc 13's (`nvcc
//! -arch=sm_80 --ptx -std=c++17`) for the same source, with no warning, and
//! ptxas (when installed) accepts the PTX. Also the constructs those
//! programs' kernels need: a constant array's element in a constant
//! expression, `std::aligned_storage`, `thrust::pair`.

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

/// A class template's host members defined out of the class (btree's
/// `GpuBTreeMap<…>::insertKeys`), reached from a use of an instance in
/// `main` through in-class members and the constructor: their launches
/// ask for the instances their arguments deduce, a data member of the
/// class (`alloc_`) among them, in nvcc's order.
const MAP: &str = r#"#include <cstdint>
struct Pool { int *p; };
namespace tree {
namespace kernels {
template <typename A> __global__ void init(uint32_t *root, A a) { root[0] = a.p[0]; }
template <typename K, typename V, typename S, typename A>
__global__ void insert(uint32_t *root, K *keys, V *values, S n, A a) { root[0] = keys[0] + values[0] + n + a.p[0]; }
template <typename K, typename A> __global__ void remove(uint32_t *root, K *keys, A a) { root[0] = keys[0]; }
}
template <typename K, typename V, typename S = K, typename A = Pool>
class Map {
  static constexpr uint32_t BLOCK = 256;
  uint32_t *root_;
  A alloc_;
  cudaError_t initTree(uint32_t *&root, cudaStream_t s = 0);
  cudaError_t insertKeys(uint32_t *&root, K *&keys, V *&values, S &n, cudaStream_t s = 0);
  REMOVE_DECL
 public:
  Map() { initTree(root_); }
  cudaError_t insertKeys(K *keys, V *values, S n) { return insertKeys(root_, keys, values, n); }
};
template <typename K, typename V, typename S, typename A>
cudaError_t Map<K, V, S, A>::initTree(uint32_t *&root, cudaStream_t s) {
  kernels::init<<<1, 32, 0, s>>>(root, alloc_);
  return cudaSuccess;
}
template <typename K, typename V, typename S, typename A>
cudaError_t Map<K, V, S, A>::insertKeys(uint32_t *&root, K *&keys, V *&values, S &n, cudaStream_t s) {
  const uint32_t blocks = (n + BLOCK - 1) / BLOCK;
  kernels::insert<<<blocks, BLOCK, 0, s>>>(root, keys, values, n, alloc_);
  return cudaSuccess;
}
REMOVE_DEF
}
int main() {
  tree::Map<uint32_t, uint32_t, uint32_t> m;
  uint32_t *k = 0, *v = 0;
  m.insertKeys(k, v, 4u);
}
"#;

#[test]
fn out_of_class_host_members_of_a_class_template_used_in_main() {
    let src = MAP.replace("REMOVE_DECL", "").replace("REMOVE_DEF", "");
    let ptx = ptx("scan_out_of_class", &src);
    assert_eq!(
        entries(&ptx),
        [
            "_ZN4tree7kernels4initI4PoolEEvPjT_",
            "_ZN4tree7kernels6insertIjjj4PoolEEvPjPT_PT0_T1_T2_"
        ]
    );
}

/// A member defined out of the class that no use reads (`removeKeys`,
/// which nvcc does not instantiate either) keeps the warning naming the
/// kernel template it launches; those read lose theirs.
#[test]
fn an_out_of_class_member_no_use_reads_keeps_its_warning() {
    let src = MAP
        .replace(
            "REMOVE_DECL",
            "cudaError_t removeKeys(uint32_t *&root, K *&keys, cudaStream_t s = 0);",
        )
        .replace(
            "REMOVE_DEF",
            "template <typename K, typename V, typename S, typename A>\n\
             cudaError_t Map<K, V, S, A>::removeKeys(uint32_t *&root, K *&keys, cudaStream_t s) {\n\
               kernels::remove<<<1, BLOCK, 0, s>>>(root, keys, alloc_);\n\
               return cudaSuccess;\n\
             }",
        );
    let opts = ptxlab_core::Options {
        arch: "sm_80".into(),
        ..ptxlab_core::Options::default()
    };
    let c = ptxlab_core::compile_source("k.cu", &src, &opts);
    let warnings: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(warnings.len(), 1, "{warnings:#?}");
    assert!(
        warnings[0].contains("kernel template \"tree::kernels::remove\""),
        "{warnings:#?}"
    );
    assert_eq!(
        entries(c.ptx.as_deref().expect("PTX")),
        [
            "_ZN4tree7kernels4initI4PoolEEvPjT_",
            "_ZN4tree7kernels6insertIjjj4PoolEEvPjPT_PT0_T1_T2_"
        ]
    );
}

/// `<thrust/pair.h>`: `thrust::pair` and `thrust::make_pair` are
/// libcu++'s, as in CCCL 3, so a kernel taking one carries nvcc's
/// `cuda::std::__4::pair` in its name.
#[test]
fn thrust_pair_is_libcuxx_pair() {
    let src = "#include <thrust/pair.h>\n\
               __global__ void k(thrust::pair<int, float> p, float *o) {\n\
                 auto q = thrust::make_pair(p.first, p.second * 2.f);\n\
                 thrust::pair<float, float> r(q.second, 1.f);\n\
                 o[0] = q.first + r.first + r.second;\n\
               }\n";
    let ptx = ptx("thrust_pair", src);
    assert_eq!(entries(&ptx), ["_Z1kN4cuda3std3__44pairIifEEPf"]);
}
