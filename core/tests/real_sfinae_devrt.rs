//! C++ and runtime constructs of real programs (HeCBench's logic-rewrite
//! with CLI11, device-side error strings and heap): every written form of an
//! `enable_if` template parameter (`enable_if_t<C, int> = 0`, CLI11's
//! `enable_if_t<C, detail::enabler> = detail::dummy`, `enable_if<C>::type *
//! = nullptr`, `enable_if_t<C> * = nullptr`), an alias template naming a
//! member its instance lacks, and device code calling the runtime
//! (`cudaGetErrorString` → `__cudaCDP2GetErrorString`) and `malloc`/`free`,
//! as nvcc 13.5 writes them (names and values checked against nvcc by hand).

mod common;

use ptxlab_core::{compile_source, Options};

fn compile(src: &str) -> ptxlab_core::Compilation {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    compile_source("k.cu", src, &opts)
}

/// The PTX of a compile with no error, checked by ptxas when installed.
fn ptx(tag: &str, src: &str) -> String {
    let c = compile(src);
    assert!(
        c.diagnostics.iter().all(|d| !d.is_error()),
        "{:#?}",
        c.diagnostics
    );
    let ptx = c.ptx.expect("no PTX");
    if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", tag) {
        panic!("ptxas rejects:\n{e}\n{ptx}");
    }
    ptx
}

const SFINAE: &str = r#"#include <type_traits>
namespace detail { enum class enabler {}; constexpr enabler dummy = {}; }
template <bool B, class T = void> using enable_if_t = typename std::enable_if<B, T>::type;
template <typename T, enable_if_t<std::is_integral<T>::value, detail::enabler> = detail::dummy>
__device__ int cli(T) { return 1; }
template <typename T, enable_if_t<!std::is_integral<T>::value, detail::enabler> = detail::dummy>
__device__ int cli(T) { return 2; }
template <typename T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
__device__ int g(T) { return 1; }
template <typename T, std::enable_if_t<std::is_floating_point<T>::value, int> = 0>
__device__ int g(T) { return 2; }
template <typename T, typename std::enable_if<std::is_integral<T>::value>::type * = nullptr>
__device__ int h(T) { return 1; }
template <typename T, typename std::enable_if<std::is_floating_point<T>::value>::type * = nullptr>
__device__ int h(T) { return 2; }
template <typename T, std::enable_if_t<std::is_integral<T>::value> * = nullptr>
__device__ int m(T) { return 1; }
template <typename T, std::enable_if_t<std::is_floating_point<T>::value> * = nullptr>
__device__ int m(T) { return 2; }
template <typename T, std::enable_if_t<std::is_integral<T>::value, int> = 0>
__global__ void kint(T *p) { p[0] = g(p[0]) + 10 * h(1.0f) + 100 * m(2) + 1000 * cli(3.0) + 10000 * cli(4); }
template __global__ void kint<int>(int *);
"#;

#[test]
fn every_enable_if_parameter_form_picks_the_overload_nvcc_picks() {
    let p = ptx("sfinae_forms", SFINAE);
    assert!(p.contains(".entry _Z4kintIiLi0EEvPT_("), "{p}");
    // g(int) 1, h(float) 2, m(int) 1, cli(double) 2, cli(int) 1: nvcc's 12121.
    assert!(p.contains(", 12121;"), "{p}");
}

#[test]
fn an_alias_template_naming_a_missing_member_is_no_type() {
    let c = compile(
        "#include <type_traits>\n\
         template <class T> using E = typename std::enable_if<std::is_integral<T>::value, T>::type;\n\
         E<int> ok;\nE<float> bad;\n__global__ void k(int *p) { *p = 1; }\n",
    );
    let errors: Vec<String> = c
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].contains("has no member \"type\""), "{errors:#?}");
}

/// Device runtime functions resolve at device link (`-rdc`, `cudadevrt`),
/// so ptxas checks such PTX as a relocatable object (`-c`), as it would
/// nvcc's.
fn ptxas_relocatable_rejects(ptx: &str, tag: &str) -> Option<String> {
    let ptxas = common::ptxas()?;
    let dir = common::scratch(tag);
    let file = dir.join("k.ptx");
    std::fs::write(&file, ptx).unwrap();
    let out = std::process::Command::new(ptxas)
        .args(["-arch=sm_80", "-c"])
        .arg(&file)
        .arg("-o")
        .arg(dir.join("k.o"))
        .output()
        .expect("run ptxas");
    (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

#[test]
fn device_code_calls_the_device_runtime_and_the_heap() {
    let c = compile(
        "__device__ void check(cudaError_t e) {\n\
           if (e != cudaSuccess) printf(\"%s %s\\n\", cudaGetErrorString(e), cudaGetErrorName(e));\n}\n\
         __global__ void rt(int **p) {\n\
           check((cudaError_t)**p);\n  check(cudaGetLastError());\n\
           p[1] = (int *)malloc(16);\n  free(p[2]);\n}\n\
         int main() { printf(\"%s\\n\", cudaGetErrorString(cudaGetLastError())); }\n",
    );
    assert!(
        c.diagnostics.iter().all(|d| !d.is_error()),
        "{:#?}",
        c.diagnostics
    );
    let p = c.ptx.expect("no PTX");
    if let Some(e) = ptxas_relocatable_rejects(&p, "devrt") {
        panic!("ptxas rejects:\n{e}\n{p}");
    }
    for f in [
        "__cudaCDP2GetErrorString",
        "__cudaCDP2GetErrorName",
        "__cudaCDP2GetLastError",
        "malloc",
        "free",
    ] {
        assert!(
            p.lines().any(|l| l.starts_with(".extern .func")
                && l.split_whitespace()
                    .last()
                    .and_then(|w| w.split('(').next())
                    == Some(f)),
            "no extern {f}:\n{p}"
        );
    }
    assert!(!p.contains("_Z6mallocm"), "{p}");
}

#[test]
fn a_typename_member_of_a_declared_only_class_template_in_a_signature() {
    // gdt's `vec_t<typename BinaryOpResultType<T1, T2>::type, 3>`: the
    // primary template is only declared, specializations give `type`.
    let p = ptx(
        "typename_member",
        "template <typename A, typename B> struct Result;\n\
         template <typename S> struct Result<S, S> { typedef S type; };\n\
         template <> struct Result<int, float> { typedef float type; };\n\
         template <typename T, int N> struct vec { T v[N]; };\n\
         template <typename T1, typename T2>\n\
         __device__ vec<typename Result<T1, T2>::type, 2> add(const vec<T1, 2> &a, const vec<T2, 2> &b) {\n\
           vec<typename Result<T1, T2>::type, 2> r; r.v[0] = a.v[0] + b.v[0]; r.v[1] = a.v[1] + b.v[1]; return r;\n}\n\
         __global__ void k(float *p) { vec<int, 2> a{{1, 2}}; vec<float, 2> b{{p[0], p[1]}}; p[2] = add(a, b).v[1]; }\n",
    );
    assert!(p.contains(".entry _Z1kPf("), "{p}");
}

#[test]
fn templates_naming_a_class_for_their_placeholders_have_no_instance_budget_of_1000() {
    // gdt's vec headers: well over a thousand function templates each name
    // `vec_t<T, N>` for their own `T`; C++ makes no instance for those.
    let mut src = String::from("template <typename T, int N> struct vec { T v[N]; };\n");
    for i in 0..1100 {
        src.push_str(&format!(
            "template <typename T> __device__ T f{i}(const vec<T, 1> &a) {{ return a.v[0] + {i}; }}\n"
        ));
    }
    src.push_str("__global__ void k(int *p) { vec<int, 1> a{{p[0]}}; p[1] = f1099(a); }\n");
    let p = ptx("pattern_budget", &src);
    assert!(p.contains(", 1099;"), "{p}");
}

#[test]
fn mem_initializers_name_members_of_anonymous_unions_and_structs() {
    // gdt's vec_t<T, 2>: `union { struct { T x, y; }; struct { T s, t; }; }`
    // initialized as `: x(t), y(t)`.
    let p = ptx(
        "anonymous_meminit",
        "template <typename T> struct v2 {\n\
           __device__ v2(const T &t) : x(t), y(t + 1) {}\n\
           union { struct { T x, y; }; struct { T s, t; }; };\n};\n\
         __global__ void k(float *p) { v2<float> a(p[0]); p[1] = a.t; p[2] = a.s; }\n",
    );
    // t is y (p[0] + 1), s is x (p[0]).
    assert!(p.contains("add.f32"), "{p}");
    assert!(p.contains("st.global.f32 \t[%rd2+4], %f2;"), "{p}");
    assert!(p.contains("st.global.f32 \t[%rd2+8], %f1;"), "{p}");
}

#[test]
fn math_constants_h_defines_the_cudart_constants() {
    let p = ptx(
        "math_constants",
        "#include <math_constants.h>\n\
         __global__ void k(float *f, double *d) {\n\
           f[0] = CUDART_INF_F; f[1] = CUDART_PI_F; f[2] = CUDART_NAN_F; f[3] = CUDART_SQRT_HALF_F;\n\
           d[0] = CUDART_INF; d[1] = CUDART_PI; d[2] = CUDART_LN2;\n}\n",
    );
    // nvcc's bits: inf, pi, its NaN, sqrt(1/2); and the doubles'.
    for bits in [
        "0f7F800000",
        "0f40490FDB",
        "2147483647",
        "0f3F3504F3",
        "0d7FF0000000000000",
        "0d400921FB54442D18",
        "0d3FE62E42FEFA39EF",
    ] {
        assert!(
            common::has_float_constant(&p, bits) || p.contains(bits),
            "{bits}:\n{p}"
        );
    }
}
