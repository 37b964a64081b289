//! Variable templates and constants of real benchmark programs, each
//! written small (HeCBench's convolution1D `__constant__ T mask[N]`, dp4a's
//! `std::is_same_v`, adamw's `static __device__ const` masks, minibude's
//! `std::array` reached through `<functional>`, tsne's `template <…> void
//! ns::f(…) {…}`, ert's `enable_if` non-type parameters): the kernels and variables
//! come out with nvcc's names, the constants with nvcc's values, and ptxas
//! accepts the PTX (when it is installed).

mod common;

use common::{checked_ptx as ptx, compile_errors as errors, entries};

/// The namespace-scope variables a PTX text declares (`.global`/`.const`
/// lines), sorted.
fn variables(ptx: &str) -> Vec<&str> {
    let mut v: Vec<&str> = ptx
        .lines()
        .filter(|l| l.starts_with(".global ") || l.starts_with(".const "))
        .collect();
    v.sort_unstable();
    v
}

/// A `__constant__`/`__device__` variable template is one variable per
/// instance, named as nvcc names it (`_Z4maskIfE`, `_ZN2ns4maskIfEE`,
/// `_Z5tableIfLi3EE`); a `constexpr` one's uses are its value, and the
/// `_v` traits of `<type_traits>` are constants `if constexpr` reads.
#[test]
fn variable_templates_are_variables_and_constants() {
    let src = "#include <type_traits>\n\
               template <typename T> constexpr T pi_v = T(3.14159);\n\
               namespace ns { template <typename T> __constant__ T mask[4]; }\n\
               template <typename T> __constant__ T mask[10];\n\
               template <typename T, int N> __device__ T table[N];\n\
               template <typename T> __global__ void k(T *o) {\n\
                 int i = threadIdx.x;\n\
                 o[i] = mask<T>[i] * pi_v<T> + ns::mask<T>[i & 3] + table<T, 3>[0];\n\
                 if constexpr (std::is_same_v<T, float>) o[0] = 1; else o[0] = 2;\n\
                 o[1] = std::is_integral_v<T> ? 5 : 6;\n\
               }\n\
               template __global__ void k<float>(float *);\n\
               template __global__ void k<double>(double *);\n";
    let ptx = ptx("vartmpl", src);
    assert_eq!(entries(&ptx), ["_Z1kIfEvPT_", "_Z1kIdEvPT_"]);
    assert_eq!(
        variables(&ptx),
        [
            ".const .align 4 .b8 _Z4maskIfE[40];",
            ".const .align 4 .b8 _ZN2ns4maskIfEE[16];",
            ".const .align 8 .b8 _Z4maskIdE[80];",
            ".const .align 8 .b8 _ZN2ns4maskIdEE[32];",
            ".global .align 4 .b8 _Z5tableIfLi3EE[12];",
            ".global .align 8 .b8 _Z5tableIdLi3EE[24];",
        ]
    );
    let float = ptx
        .split(".entry _Z1kIfEvPT_")
        .nth(1)
        .and_then(|b| b.split(".entry").next())
        .unwrap_or_default();
    // pi_v<float> is 3.14159f (0f40490FD0); `is_same_v<float, float>`
    // stores 1.0f; `is_integral_v<float>` is false: 6.0f.
    assert!(common::has_float_constant(float, "0f40490FD0"), "{float}");
    assert!(common::has_float_constant(float, "0f3F800000"), "{float}");
    assert!(common::has_float_constant(float, "0f40C00000"), "{float}");
    assert!(!common::has_float_constant(float, "0f40000000"), "{float}");
}

/// A variable template named with the wrong number of arguments is an
/// error, not a panic or a silent instance.
#[test]
fn variable_template_argument_mismatch_is_an_error() {
    let src = "template <typename T> constexpr T one_v = T(1);\n\
               __global__ void k(float *o) { o[0] = one_v<float, int>; }\n";
    let e = errors(src);
    assert!(
        e.iter().any(|m| m.contains("variable template \"one_v\"")),
        "{e:?}"
    );
}

/// A `const` device variable with a constant initializer is usable in
/// constant expressions (another's initializer, an array bound) and its
/// reads are its value, as nvcc folds them; it stays a variable nvcc
/// emits, and `&G` is its address.
#[test]
fn const_device_variables_in_constant_expressions() {
    let src = "#include <cstdint>\n\
               static __device__ __const__ uint8_t _bitmask = 15;\n\
               static __device__ __const__ uint8_t _right_pack_bitmask = _bitmask << 4;\n\
               __device__ const int G = 7;\n\
               __device__ const int H = G + 1;\n\
               __global__ void k(int *p) {\n\
                 int a[H];\n\
                 a[threadIdx.x] = _right_pack_bitmask;\n\
                 p[0] = a[1];\n\
                 p[1] = *(&G + threadIdx.x);\n\
                 p[2] = sizeof(a);\n\
               }\n";
    let ptx = ptx("const_device", src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    assert_eq!(
        variables(&ptx),
        [
            ".global .align 1 .u8 _bitmask = 15;",
            ".global .align 1 .u8 _right_pack_bitmask = -16;",
            ".global .align 4 .u32 G = 7;",
            ".global .align 4 .u32 H = 8;",
        ]
    );
    // 0xF0 stored, sizeof(int[8]) = 32, and G read through its address.
    assert!(ptx.contains(", 240;"), "{ptx}");
    assert!(ptx.contains(", 32;"), "{ptx}");
    assert!(ptx.contains("ld.global.u32"), "{ptx}");
}

/// `<functional>` brings `std::array` (libstdc++'s does): minibude names
/// `std::array<std::vector<float>, 6>` including only it.
#[test]
fn functional_includes_array() {
    let src = "#include <functional>\n\
               #include <vector>\n\
               struct P { std::array<std::vector<float>, 6> poses; int n; };\n\
               __global__ void k(float *p) { p[threadIdx.x] = sizeof(std::array<float, 6>); }\n\
               int main() { P s; s.poses[0].push_back(1.0f); return s.n; }\n";
    let ptx = ptx("functional_array", src);
    assert_eq!(entries(&ptx), ["_Z1kPf"]);
    assert!(common::has_float_constant(&ptx, "0f41C00000"), "{ptx}");
}

/// A function template defined with its namespace-qualified name outside
/// the namespace that declared it (tsne's `template <…> __global__ void
/// tsne::utils::BroadcastRowVector(…) {…}`): one template, read as if
/// written in the namespace; a host template's launch and an explicit
/// instantiation both make kernels named as nvcc names them.
#[test]
fn function_template_defined_with_qualified_name() {
    let src = "namespace tsne { namespace utils {\n\
               template <typename T> __global__ void k(T *p, int n);\n\
               template <typename T> void run(T *p);\n\
               } }\n\
               template <typename T>\n\
               __global__ void tsne::utils::k(T *p, int n) { if (threadIdx.x < n) p[threadIdx.x] = T(2) * p[threadIdx.x]; }\n\
               template <typename T> void tsne::utils::run(T *p) { tsne::utils::k<<<1, 32>>>(p, 32); }\n\
               template void tsne::utils::run<float>(float *);\n\
               template __global__ void tsne::utils::k<int>(int *, int);\n";
    let ptx = ptx("qualified_template", src);
    assert_eq!(
        entries(&ptx),
        ["_ZN4tsne5utils1kIiEEvPT_i", "_ZN4tsne5utils1kIfEEvPT_i"]
    );
    // A definition of another namespace's template is still an error.
    let e = errors(
        "namespace a { template <typename T> __global__ void k(T *p); }\n\
         template <typename T> __global__ void b::k(T *p) { p[0] = 1; }\n",
    );
    assert!(!e.is_empty());
}

/// `enable_if` as a non-type template parameter (ert's `template <typename
/// T, typename std::enable_if<std::is_same<T, half2>::value, int>::type =
/// 0>`): an overload whose condition fails for the arguments is no
/// candidate (SFINAE), the parameter is an `int` nvcc writes in the name
/// (`Li0E`).
#[test]
fn enable_if_non_type_parameters_choose_overloads() {
    let src = "#include <type_traits>\n\
               #include <cuda_fp16.h>\n\
               template <typename T, typename std::enable_if<std::is_same<T, half2>::value, int>::type = 0>\n\
               __global__ void bs(T *A) { A[threadIdx.x] = __hadd2(A[0], A[1]); }\n\
               template <typename T, typename std::enable_if<!std::is_same<T, half2>::value, int>::type = 0>\n\
               __global__ void bs(T *A) { A[threadIdx.x] = A[0] + A[1]; }\n\
               template <typename T> void run(T *A) { bs<T><<<1, 32>>>(A); }\n\
               template void run<float>(float *);\n\
               template void run<half2>(half2 *);\n\
               template void run<double>(double *);\n";
    let ptx = ptx("enable_if_nttp", src);
    assert_eq!(
        entries(&ptx),
        [
            "_Z2bsIfLi0EEvPT_",
            "_Z2bsI7__half2Li0EEvPT_",
            "_Z2bsIdLi0EEvPT_",
        ]
    );
}
