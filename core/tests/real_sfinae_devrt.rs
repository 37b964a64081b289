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
