//! Template syntax and the standard library's type machinery met in real
//! benchmark programs: parameter packs, non-type parameters typed by a
//! type parameter, alias templates, friend templates, `if constexpr`,
//! <type_traits>. Each kernel comes out with nvcc 13's name (checked
//! against nvcc by hand), its PTX accepted by ptxas when installed.

mod common;

use ptxlab_core::{compile_source, Options};

/// The PTX of a compile with no error (warnings allowed), checked by ptxas.
fn ptx(tag: &str, src: &str) -> String {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
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

fn entries(ptx: &str) -> Vec<&str> {
    ptx.lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|l| l.trim_end_matches('('))
        .collect()
}

/// The lines of one kernel's body.
fn body<'p>(ptx: &'p str, entry: &str) -> Vec<&'p str> {
    ptx.lines()
        .skip_while(|l| !l.contains(&format!(".entry {entry}(")))
        .take_while(|l| *l != "}")
        .collect()
}

/// Variadic kernels launched directly and through a host template that
/// forwards its pack (`apply<<<…>>>(out, rest...)`): the pack deduced from
/// the launch's arguments, mangled `J…E` and `DpT_` as nvcc; an empty
/// pack; `sizeof...`; expansion in a braced list and a call.
#[test]
fn parameter_packs_deduce_expand_and_mangle_as_nvcc() {
    let src = "template <typename T, typename... Args>\n\
               __global__ void apply(T *out, Args... args) {\n\
                 T vals[] = {T(args)...};\n  T s = 0;\n\
                 for (int i = 0; i < (int)sizeof...(Args); i++) s += vals[i];\n\
                 out[threadIdx.x] = s;\n}\n\
               __device__ int add3(int a, int b, int c) { return a + b + c; }\n\
               template <typename... Args> __global__ void fwd(int *o, Args... args) { o[0] = add3(args...); }\n\
               template <typename T, typename... Rest>\n\
               void run(T *out, Rest... rest) { apply<<<1, 32>>>(out, rest...); }\n\
               template <class Kernel, class... KernelArgs>\n\
               float bench(int repeat, Kernel kernel, KernelArgs&&... kernel_args) {\n\
                 for (int i = 0; i < repeat; i++) kernel(std::forward<KernelArgs>(kernel_args)...);\n\
                 return 0.f;\n}\n\
               template <typename... Args> __global__ void cnt(int *o, Args... a) { o[0] = sizeof...(Args); }\n\
               int main() {\n  float *d = 0; int *o = 0;\n  run(d, 1.0f, 2, 3.0);\n\
                 fwd<<<1, 1>>>(o, 1, 2, 3);\n  cnt<<<1, 1>>>(o);\n  cnt<<<1, 1>>>(o, 2.0, d);\n\
                 return 0;\n}\n";
    let p = ptx("packs", src);
    let mut names = entries(&p);
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "_Z3cntIJEEvPiDpT_",
            "_Z3cntIJdPfEEvPiDpT_",
            "_Z3fwdIJiiiEEvPiDpT_",
            "_Z5applyIfJfidEEvPT_DpT0_",
        ]
    );
    // Each element a parameter of its own type; sizeof... is the count.
    let apply = body(&p, "_Z5applyIfJfidEEvPT_DpT0_");
    for ty in [".u64", ".f32", ".u32", ".f64"] {
        assert!(
            apply.iter().any(|l| l.contains(".param") && l.contains(ty)),
            "{p}"
        );
    }
    assert!(
        body(&p, "_Z3cntIJdPfEEvPiDpT_")
            .iter()
            .any(|l| l.contains("mov.u32") && l.ends_with(", 2;")),
        "{p}"
    );
    assert!(
        body(&p, "_Z3cntIJEEvPiDpT_")
            .iter()
            .any(|l| l.contains("mov.u32") && l.ends_with(", 0;")),
        "{p}"
    );
}

/// `template <typename T, T val>` (the value converted to T: `Lm7E`), a
/// qualified non-type parameter type (`std::size_t`, known with no
/// include, as nvcc's runtime header brings it).
#[test]
fn non_type_parameters_typed_by_a_type_parameter_or_a_qualified_name() {
    let src = "template <typename T, T val> struct equalsVal {\n\
                 __host__ __device__ bool operator()(const T &e) { return e == val; }\n};\n\
               template <typename T, T val> __global__ void count(const T *a, int *n) {\n\
                 equalsVal<T, val> eq;\n  if (eq(a[threadIdx.x])) atomicAdd(n, 1);\n}\n\
               template __global__ void count<int, 3>(const int *, int *);\n\
               template __global__ void count<unsigned long, 7>(const unsigned long *, int *);\n\
               template <class T, std::size_t C> __global__ void fill(T *p) { p[threadIdx.x] = C; }\n\
               template __global__ void fill<float, 4>(float *);\n";
    let p = ptx("nttp", src);
    assert_eq!(
        entries(&p),
        [
            "_Z5countIiLi3EEvPKT_Pi",
            "_Z5countImLm7EEvPKT_Pi",
            "_Z4fillIfLm4EEvPT_"
        ]
    );
    assert!(
        body(&p, "_Z5countImLm7EEvPKT_Pi")
            .iter()
            .any(|l| l.contains("setp") && l.contains(", 7;")),
        "{p}"
    );
}

/// Alias templates (in a kernel's signature, mangled as what they name,
/// and in its body; `ptr_t<const T>` loses its `const` yet) and <type_traits>' classes and `_t` aliases, each
/// trait's value as nvcc computes it (53 for float, 34 for unsigned).
#[test]
fn alias_templates_and_type_traits() {
    let src = "#include <type_traits>\n\
               template <class T> using ptr_t = T *;\n\
               template <bool B, class T1, class T2>\n\
               using cond_t = typename std::conditional<B, T1, T2>::type;\n\
               template <typename T> __global__ void widen(ptr_t<T> in, long long *out) {\n\
                 using U = typename std::make_unsigned<T>::type;\n\
                 cond_t<(sizeof(T) < 8), long long, T> w = (U)in[threadIdx.x];\n\
                 out[threadIdx.x] = w;\n}\n\
               template __global__ void widen<int>(int *, long long *);\n\
               template <typename T> __global__ void traits(int *o) {\n\
                 o[0] = std::is_same<T, float>::value + 2 * std::is_integral<T>::value + 4 * std::is_signed<T>::value\n\
                      + 8 * std::is_same<std::remove_pointer_t<T *>, int>::value + 16 * std::is_floating_point<T>::value\n\
                      + 32 * std::is_same<std::enable_if_t<sizeof(T) == 4, T>, T>::value;\n}\n\
               template __global__ void traits<float>(int *);\n\
               template __global__ void traits<unsigned>(int *);\n";
    let p = ptx("traits", src);
    assert_eq!(
        entries(&p),
        ["_Z5widenIiEvPT_Px", "_Z6traitsIfEvPi", "_Z6traitsIjEvPi"]
    );
    // (unsigned)in[i] widened to 64 bits: zero-extended (loaded so,
    // `ld.global.u32 %rd`, as nvcc), never sign-extended.
    let widen = body(&p, "_Z5widenIiEvPT_Px");
    let loads_wide = |l: &&str, op: &str| {
        let t: Vec<&str> = l.split_whitespace().collect();
        t.first() == Some(&op) && t.get(1).is_some_and(|r| r.starts_with("%rd"))
    };
    assert!(
        widen
            .iter()
            .any(|l| l.contains("cvt.u64.u32") || loads_wide(l, "ld.global.u32")),
        "{p}"
    );
    assert!(
        !widen
            .iter()
            .any(|l| l.contains("cvt.s64") || loads_wide(l, "ld.global.s32")),
        "{p}"
    );
    let value = |k: &str| {
        body(&p, k)
            .iter()
            .find(|l| {
                l.contains("mov.u32") && !l.contains('%')
                    || l.contains("mov.u32")
                        && l.trim_end_matches(';')
                            .rsplit(", ")
                            .next()
                            .is_some_and(|v| v.parse::<i32>().is_ok())
            })
            .map(|l| {
                l.trim_end_matches(';')
                    .rsplit(", ")
                    .next()
                    .unwrap_or_default()
                    .to_string()
            })
    };
    assert_eq!(value("_Z6traitsIfEvPi").as_deref(), Some("53"), "{p}");
    assert_eq!(value("_Z6traitsIjEvPi").as_deref(), Some("34"), "{p}");
}

/// `if constexpr` drops the branch not taken (it would not check for
/// these arguments); friend templates and a host member template defined
/// out of its (plain) class are accepted; <type_traits> with no include.
#[test]
fn if_constexpr_and_friend_templates() {
    let src = "struct Pair { int x, y; };\n\
               template <typename T> __global__ void pick(const T *in, int *o) {\n\
                 if constexpr (std::is_same<T, Pair>::value) {\n\
                   o[threadIdx.x] = in[threadIdx.x].x + in[threadIdx.x].y;\n\
                 } else {\n    o[threadIdx.x] = in[threadIdx.x] * 2;\n  }\n}\n\
               template __global__ void pick<Pair>(const Pair *, int *);\n\
               template __global__ void pick<int>(const int *, int *);\n\
               #include <map>\n#include <string>\n\
               class Reader {\n  template <class> friend class Tester;\n\
                 template <class T> bool convert(const std::string &s, T &v);\n\
                 typedef std::map<std::string, int> Map;\n  typedef Map::iterator Iter;\n  int x;\n};\n\
               template <class T> inline bool Reader::convert(const std::string &s, T &v) { return true; }\n\
               __global__ void k(int *o) {\n  o[0] = std::is_same<int, int>::value;\n}\n";
    let p = ptx("ifconstexpr", src);
    assert_eq!(
        entries(&p),
        ["_Z4pickI4PairEvPKT_Pi", "_Z4pickIiEvPKT_Pi", "_Z1kPi"]
    );
    assert!(
        body(&p, "_Z4pickI4PairEvPKT_Pi")
            .iter()
            .any(|l| l.contains("add.s32")),
        "{p}"
    );
    assert!(
        body(&p, "_Z4pickIiEvPKT_Pi")
            .iter()
            .any(|l| l.contains("shl.b32") && l.ends_with(", 1;")),
        "{p}"
    );
}

/// A constexpr __host__ function (`std::numeric_limits<int>::max()`) in a
/// `__host__ __device__` function's constexpr variable: no error (nvcc
/// only warns) and the value folded; from a `__global__` function it stays
/// nvcc's error.
#[test]
fn constexpr_host_calls_in_host_device_functions_warn() {
    let src = "#include <limits>\n\
               template <int D> __device__ __host__ constexpr int imp(float y) {\n\
                 constexpr long long maxint = (long long)(std::numeric_limits<int>::max()) + 1LL;\n\
                 return (int)(y * (maxint / 4));\n}\n\
               __device__ int hd(float y) { return imp<2>(y); }\n\
               __global__ void k(int *o, float y) { o[0] = hd(y); }\n";
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(
        c.diagnostics.iter().all(|d| !d.is_error()),
        "{:#?}",
        c.diagnostics
    );
    let p = ptx("limits", src);
    assert_eq!(entries(&p), ["_Z1kPif"]);
    // 2^31 / 4 as a float.
    assert!(p.contains("0f4E000000"), "{p}");
    assert!(!p.contains("call"), "{p}");
    let bad = "#include <limits>\n__global__ void k(long long *o) {\n\
               constexpr long long m = std::numeric_limits<int>::max();\n  o[0] = m;\n}\n";
    let c = compile_source("k.cu", bad, &opts);
    assert!(
        c.diagnostics.iter().any(|d| d.is_error()
            && d.message.contains(
                "calling a constexpr __host__ function(\"max\") from a __global__ function"
            )),
        "{:#?}",
        c.diagnostics
    );
}

/// Template template parameters are accepted (see `real_templates3.rs`),
/// and variadic class templates (see `real_variadic.rs`).
#[test]
fn template_template_parameters_and_variadic_classes_accepted() {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source(
        "k.cu",
        "template <template <class> class P, class T> struct A { P<T> p; };\n",
        &opts,
    );
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let p = ptx(
        "variadic",
        "template <class... T> struct Tuple { int n = sizeof...(T); };\n__global__ void k(Tuple<int, float> *t) { t->n = Tuple<char>().n; }\n",
    );
    assert_eq!(entries(&p), ["_Z1kP5TupleIJifEE"]);
}
