//! C++ that real CUDA files write and the front end (lexer, preprocessor,
//! parser) must accept, each compared with what nvcc makes of it: the
//! kernels (`.entry`), their directives and the constants in the PTX.

mod common;

use ptxlab_core::{compile_source, Compilation, Options};

fn compile(src: &str) -> Compilation {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    compile_source("k.cu", src, &opts)
}

/// The PTX of a compile that must succeed without a warning.
fn ptx(src: &str) -> String {
    let c = compile(src);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    c.ptx.expect("no PTX")
}

/// The `.entry` names of a module, in order.
fn entries(ptx: &str) -> Vec<&str> {
    ptx.lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|l| l.trim_end_matches('('))
        .collect()
}

/// Names nvcc 13.5 writes: an array bound `[n + 1]` in a function
/// template's parameter is the expression (`RAplT_Li1E_i`), `[n - 1]`
/// likewise (`miT_Li1E`), and `std::common_type<T>` with one argument is a
/// pack of one (`IJT_E`).
#[test]
fn dependent_array_bounds_and_one_argument_common_type_mangle_as_nvcc() {
    let src = r#"
#include <type_traits>
template <int n> __device__ __noinline__ int sum(int (&a)[n + 1]) { int s = 0; for (int i = 0; i <= n; i++) s += a[i]; return s; }
template <int n> __device__ __noinline__ int first(int (&a)[n - 1]) { return a[0] + n; }
__global__ void k(int *o) { int a[4] = {o[0], o[1], o[2], o[3]}; o[4] = sum<3>(a); o[5] = first<5>(a); }
template <typename T> __global__ void k3(typename std::common_type<T>::type *o) { *o = 1; }
template __global__ void k3<int>(int *);
"#;
    let p = ptx(src);
    assert!(
        p.contains(".func  (.param .b32 func_retval0) _Z3sumILi3EEiRAplT_Li1E_i("),
        "{p}"
    );
    assert!(p.contains("_Z5firstILi5EEiRAmiT_Li1E_i("), "{p}");
    assert_eq!(
        entries(&p),
        ["_Z1kPi", "_Z2k3IiEvPNSt11common_typeIJT_EE4typeE"]
    );
}

#[test]
fn line_splices_join_string_literals_and_keep_physical_lines() {
    // Rodinia's dwt2d/main.cu writes its usage text this way.
    let src = "__global__ void k(int *p) {\n  printf(\"dwt [otpions] src_img.rgb <out_img.dwt>\\n\\\n  -d, --dimension\\t\\tdimensions\\n\");\n  p[0] = 1;\n}\n";
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    // The string is one literal: the spliced line's blanks are in it.
    let bytes: String = "dwt [otpions] src_img.rgb <out_img.dwt>\n  -d"
        .bytes()
        .map(|b| format!("{b}, "))
        .collect();
    assert!(ptx.contains(&bytes), "{ptx}");
    // A diagnostic after a splice names the physical line, as nvcc does.
    let c = compile("#define X 1 + \\\n  2\n__global__ void k(int *p) {\n  p[0] = q;\n}\n");
    assert_eq!(c.diagnostics.len(), 1, "{:#?}", c.diagnostics);
    assert_eq!(c.diagnostics[0].span.line, 4);
    assert!(c.diagnostics[0].message.contains("\"q\" is undefined"));
}

#[test]
fn hex_float_literals_have_nvcc_values() {
    let src = "__global__ void k(float *p, double *q) {\n  p[0] = 0x1p-3f;\n  q[0] = 0xf.8eedp-4;\n  q[1] = 0x1.8p1;\n  q[2] = 0x1p-1074;\n  q[3] = 0x1.fffffffffffffp1023;\n}\n";
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPfPd"]);
    // nvcc: 0.125f, 0.97233…, 3.0, the least subnormal, the greatest double.
    for c in [
        "0f3E000000",
        "0d3FEF1DDA00000000",
        "0d4008000000000000",
        "0d0000000000000001",
        "0d7FEFFFFFFFFFFFFF",
    ] {
        assert!(common::has_float_constant(&ptx, c), "{c} missing:\n{ptx}");
    }
}

#[test]
fn static_data_members_are_host_variables_defined_out_of_class() {
    // Rodinia's dwt2d/dwt_cuda/common.h declares `static bool testRunning;`.
    let src = "extern double x;\ndouble x = 0;\nextern __device__ float g;\n__global__ void k(float *p) { p[0] = g; }\n__device__ float g = 1.0f;\n\
struct C {\n  static bool testRunning;\n  static int n;\n  static const int K;\n  static const int L = 4;\n  static float arr[4];\n  static constexpr int N = 8;\n  static inline int m = 2;\n};\n\
bool C::testRunning = false;\nint C::n;\nconst int C::K = 3;\nfloat C::arr[4];\nconstexpr int C::N;\n\
__global__ void k2(int *p) { p[0] = C::K + C::L + C::N; }\n";
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPf", "_Z2k2Pi"]);
    // As nvcc: one `g`, the host's variables absent, `C::K` a constant.
    assert_eq!(
        ptx.matches(".global .align 4 .f32 g = 0f3F800000;").count(),
        1,
        "{ptx}"
    );
    assert!(
        !ptx.contains("testRunning") && !ptx.contains("arr"),
        "{ptx}"
    );
    assert!(ptx.contains("15;"), "{ptx}");
    // Device code may not read one (nvcc: "identifier "C::n" is undefined
    // in device code"), nor may a member be `__device__`.
    let c = compile(
        "struct C { static int n; };\nint C::n = 1;\n__global__ void k(int *p) { p[0] = C::n; }\n",
    );
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .map(|d| (d.span.line, d.message.as_str()))
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].0, 3);
    assert!(errors[0].1.contains("\"C::n\""), "{errors:?}");
    let c = compile("struct C { static __device__ int d; };\n");
    assert_eq!(c.diagnostics.len(), 1, "{:#?}", c.diagnostics);
    assert_eq!(
        c.diagnostics[0].message,
        "memory qualifier on data member is not allowed"
    );
}

/// Each `.entry` with its `.maxntid` and `.minnctapersm` lines.
fn bounds(ptx: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for l in ptx.lines() {
        if let Some(name) = l.split(".entry ").nth(1) {
            out.push(name.trim_end_matches('(').to_string());
        } else if l.starts_with(".maxntid") || l.starts_with(".minnctapersm") {
            if let Some(last) = out.last_mut() {
                last.push_str(&format!(" {l}"));
            }
        }
    }
    out
}

#[test]
fn launch_bounds_take_template_and_constexpr_arguments() {
    let src = "struct Cfg { static constexpr int T = 64; enum { M = 4 }; };\n\
namespace ns { constexpr unsigned W = 32; }\n\
constexpr int N = 256;\n\
template <int B, int M> __global__ void __launch_bounds__(B, M) kt(float *p) { p[threadIdx.x] = 1; }\n\
template <typename C> __global__ void __launch_bounds__(C::T, C::M) ku(float *p) { p[threadIdx.x] = C::T; }\n\
__launch_bounds__(ns::W * 4) __global__ void kw(float *p) { p[threadIdx.x] = 2; }\n\
__global__ void __launch_bounds__(N, 2) kc(float *p) { p[threadIdx.x] = 2; }\n\
template <int B> __global__ void __launch_bounds__(B > 256 ? 256 : B) ky(float *p) { p[threadIdx.x] = 1; }\n\
void host(float *p) { kt<256, 2><<<1, 256>>>(p); ku<Cfg><<<1, 64>>>(p); ky<512><<<1, 1>>>(p); }\n";
    // nvcc's kernels and directives (the instances' linkage aside).
    let mut got = bounds(&ptx(src));
    got.sort();
    let mut want = [
        "_Z2kwPf .maxntid 128, 1, 1",
        "_Z2kcPf .maxntid 256, 1, 1 .minnctapersm 2",
        "_Z2ktILi256ELi2EEvPf .maxntid 256, 1, 1 .minnctapersm 2",
        "_Z2kuI3CfgEvPf .maxntid 64, 1, 1 .minnctapersm 4",
        "_Z2kyILi512EEvPf .maxntid 256, 1, 1",
    ];
    want.sort();
    assert_eq!(got, want);
}

#[test]
fn host_code_may_use_rvalue_references() {
    // Host classes with move operations, host functions taking `T &&`:
    // host code, parsed and not compiled; the kernels are nvcc's.
    let src = "struct Buf {\n  float *p;\n  Buf(Buf &&o) : p(o.p) { o.p = nullptr; }\n  Buf &operator=(Buf &&o) { p = o.p; return *this; }\n  __device__ float get() const { return p[0]; }\n};\n\
void consume(Buf &&b, int &&n) {}\n\
__global__ void k(const Buf *b, float *out) { out[0] = b->get(); }\n";
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPK3BufPf"]);
    // Device code: not yet (sema has no rvalue references).
    let c = compile("__device__ float f(float &&x) { return x; }\n");
    assert_eq!(c.diagnostics.len(), 1, "{:#?}", c.diagnostics);
    assert_eq!(
        c.diagnostics[0].message,
        "rvalue references are not supported yet"
    );
}

/// Internal linkage, as nvcc 13 (`-arch=sm_80 --ptx`) writes it: a `static`
/// kernel, one in an anonymous namespace and a `static` template's instance
/// are `.entry` with no `.visible`; device functions and variables (whole
/// program) have no linkage directive either way. The expectations are
/// nvcc's lines, but for the names nvcc gives internal symbols
/// (`_ZN28_INTERNAL_<hash>_…`; ours are the plain Itanium ones).
#[test]
fn internal_linkage_is_nvccs() {
    let src = r#"
static __device__ int sv;
__device__ int gv;
namespace { __device__ int av; }
static __device__ __noinline__ int sf(int a) { return a + sv + av; }
namespace { __device__ __noinline__ int af(int a) { return a * 3 + gv; } }
__device__ __noinline__ int gf(int a) { return a - 1; }
template <typename T> static __device__ __noinline__ T tf(T a) { return a + 2; }
static __global__ void sk(int *p) { p[0] = sf(p[1]) + af(p[2]) + gf(p[3]) + tf(p[4]); }
namespace { __global__ void ak(int *p) { p[0] = 1; } }
__global__ void gk(int *p) { p[0] = 2; }
template <typename T> static __global__ void stk(T *p) { p[0] = 3; }
void host(int *p) { sk<<<1,1>>>(p); ak<<<1,1>>>(p); stk<int><<<1,1>>>(p); }
"#;
    let ptx = ptx(src);
    let mut heads: Vec<&str> = ptx
        .lines()
        .filter(|l| {
            [".entry", ".func", ".global", ".visible", ".weak"]
                .iter()
                .any(|d| l.starts_with(d))
                // A declaration (NVPTX's form: its parameters on the next lines) is not a definition.
                && (!l.starts_with(".func") || l.ends_with('('))
        })
        .collect();
    heads.sort_unstable();
    heads.dedup();
    let mut nvcc = vec![
        ".entry _Z2skPi(",
        ".entry _Z3stkIiEvPT_(",
        ".entry _ZN12_GLOBAL__N_12akEPi(", // nvcc: _ZN30_GLOBAL__N__<hash>_4_x_cu_gc2akEPi
        ".func  (.param .b32 func_retval0) _Z2gfi(",
        ".func  (.param .b32 func_retval0) _Z2sfi(", // nvcc: _ZN28_INTERNAL_<hash>_4_x_cu_gc2sfEi
        ".func  (.param .b32 func_retval0) _Z2tfIiET_S0_(",
        ".func  (.param .b32 func_retval0) _ZN12_GLOBAL__N_12afEi(",
        ".global .align 4 .u32 _ZN12_GLOBAL__N_12avE;",
        ".global .align 4 .u32 gv;",
        ".global .align 4 .u32 sv;",
        ".visible .entry _Z2gkPi(",
    ];
    nvcc.sort_unstable();
    assert_eq!(heads, nvcc, "{ptx}");
}

#[test]
fn explicit_template_arguments_let_other_arguments_convert() {
    // difftest found `tmax3<int>(x, y_char, 1)` rejected: an explicit `T` is
    // not deduced, so a `signed char` argument converts to it, as in nvcc.
    let src = "template <typename T> __device__ T tmax3(T a, T b, T c) { return a > b ? (a > c ? a : c) : (b > c ? b : c); }\n__global__ void k(int *o, int x, signed char y) { o[0] = tmax3<int>(x, y, 1); }\n";
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPiia"]);
    assert!(ptx.contains("max.s32"), "{ptx}");
    // Without the explicit argument the deduction conflicts (int vs signed char).
    let c = compile("template <typename T> __device__ T tmax3(T a, T b, T c) { return a; }\n__global__ void k(int *o, int x, signed char y) { o[0] = tmax3(x, y, 1); }\n");
    assert!(
        c.diagnostics.iter().any(|d| d
            .message
            .contains("no instance of function template \"tmax3\"")),
        "{:#?}",
        c.diagnostics
    );
}

#[test]
fn a_conditional_of_one_type_keeps_it() {
    // C++ [expr.cond]: `c ? s : s` on shorts is a short (sizeof 2), while
    // `c ? s : ch` gets the usual arithmetic conversions (int, 4); nvcc
    // stores the constants 2, 4 and 1.
    for (e, v) in [("c ? s : s", 2), ("c ? s : y", 4), ("c ? y : y", 1)] {
        let src = format!(
            "__global__ void k(int *o, short s, signed char y, bool c) {{ o[0] = sizeof({e}); }}\n"
        );
        let ptx = ptx(&src);
        let stored: Vec<&str> = ptx
            .lines()
            .filter(|l| l.contains("mov.u32") || l.contains("st.global.u32"))
            .collect();
        assert!(
            stored
                .iter()
                .any(|l| l.trim_end().ends_with(&format!(", {v};"))),
            "sizeof({e}) should be {v}: {ptx}"
        );
    }
}

#[test]
fn dependent_member_types_in_template_signatures_mangle_as_written() {
    // cuda-samples' nbody: `typename vec4<T>::Type *` parameters. nvcc
    // mangles the signature as declared (`PN4vec4IT_E4TypeE`), whatever the
    // instance makes of it; a member typedef of a class instance made while
    // reading another instance's signature is known here too (`tr<T>::type`).
    let src = r#"template <typename T> struct vec4 { typedef float Type; };
template <> struct vec4<float> { typedef float4 Type; };
template <> struct vec4<double> { typedef double4 Type; };
template <typename T> struct tr { typedef T type; };
template <typename T>
__global__ void k(typename vec4<T>::Type *a, typename vec4<T>::Type *b, typename tr<T>::type c, T d) { a[0].x = c + d; b[0].y = 1; }
template __global__ void k<float>(float4 *, float4 *, float, float);
template __global__ void k<double>(double4 *, double4 *, double, double);
template <typename T> __device__ T f(typename tr<T>::type x) { return x + 1; }
__global__ void g(float *p) { p[0] = f<float>(p[1]); }
"#;
    let ptx = ptx(src);
    assert_eq!(
        entries(&ptx),
        [
            "_Z1kIfEvPN4vec4IT_E4TypeES4_N2trIS1_E4typeES1_",
            "_Z1kIdEvPN4vec4IT_E4TypeES4_N2trIS1_E4typeES1_",
            "_Z1gPf"
        ]
    );
    // The double instance's vec4 is double4: 64-bit stores.
    assert!(ptx.contains("st.global.f64"), "{ptx}");
}

/// A parenthesized expression that starts with a functional cast
/// (`(int(b) << 16)`, `(uint(w * 255) << 24)`, cuda-samples' colour
/// packing) is an expression, not a C cast; `(int)(w)` still is a cast.
#[test]
fn parentheses_opening_with_a_functional_cast_are_an_expression() {
    let src = r#"typedef unsigned int uint;
__device__ int pack(float r, float g, float b) { return (int(b) << 16) | (int(g) << 8) | int(r); }
__device__ uint pack_w(float w) { return (uint(w * 255) << 24) | uint(w); }
__global__ void k(int *p, unsigned *q, float *x) {
    p[0] = pack(x[0], x[1], x[2]);
    q[0] = pack_w(x[3]);
    p[1] = (int)(x[4]) + (int(x[5]));
}
"#;
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPiPjPf"]);
    assert!(
        ptx.contains("shl.b32") && ptx.contains("cvt.rzi.s32.f32"),
        "{ptx}"
    );
    assert!(ptx.contains("cvt.rzi.u32.f32"), "{ptx}");
}

/// The `.func` symbols a -O0 compile defines, sorted.
fn funcs_o0(src: &str) -> Vec<String> {
    let opts = Options {
        arch: "sm_80".into(),
        opt_level: 0,
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.expect("no PTX");
    let mut v: Vec<String> = ptx
        .lines()
        .filter(|l| l.starts_with(".func") && l.ends_with('('))
        .filter_map(|l| l.trim_end_matches('(').rsplit(' ').next())
        .map(str::to_string)
        .collect();
    v.sort();
    v.dedup();
    v
}

/// Lambdas in device code: each closure's `operator()` is a `.func` at -O0
/// with nvcc 13.5's symbol (numbered among the lambdas of the same
/// parameters, `K` unless `mutable`, a lambda's lambda local to its
/// `operator()`, a closure as a template argument its local name).
#[test]
fn lambdas_are_named_as_nvcc_names_them() {
    let src = r#"
template <class T, class Op> __device__ T apply(T x, Op op) { return op(x); }
__device__ int dev(int a) { auto q = [a](int i) -> long { return a * i; }; return apply(a, q); }
__global__ void k(int *out) {
    int base = out[0];
    auto f = [&](int i) { return base + i; };
    auto g = [=](int i) { return base + i; };
    auto h = [base, &out](int i) mutable { base++; return base + i + out[0]; };
    auto n = [&] { auto in = [&](int j) { return base + j; }; return in(1); };
    out[1] = f(1) + g(2) + h(3) + n() + dev(4);
}
"#;
    // nvcc -arch=sm_80 --ptx -O0 -Xcicc -O0 (13.5).
    let mut want = vec![
        "_Z3devi",
        "_Z5applyIiZ3deviEUliE_ET_S1_T0_",
        "_ZZ1kPiENKUliE_clEi",
        "_ZZ1kPiENKUliE0_clEi",
        "_ZZ1kPiENUliE1_clEi",
        "_ZZ1kPiENKUlvE_clEv",
        "_ZZZ1kPiENKUlvE_clEvENKUliE_clEi",
        "_ZZ3deviENKUliE_clEi",
    ];
    want.sort();
    assert_eq!(funcs_o0(src), want);
}

/// Captures nvcc rejects, in its words.
#[test]
fn bad_lambda_captures_are_nvccs_errors() {
    let src = "__global__ void k(int *o) {\n  auto f = [q](int i) { return i; };\n  auto g = [o, o]() { return o[0]; };\n  o[0] = f(1) + g();\n}\n";
    let c = compile(src);
    let msgs: Vec<(u32, String)> = c
        .diagnostics
        .iter()
        .map(|d| (d.span.line, d.message.clone()))
        .collect();
    assert_eq!(
        msgs,
        [
            (2, "identifier \"q\" is undefined".to_string()),
            (
                3,
                "a name cannot appear more than once in a capture-list".to_string()
            ),
        ]
    );
}

/// A generic lambda is reported where its `auto` parameter is, not
/// miscompiled.
#[test]
fn generic_lambdas_are_reported() {
    let c = compile("__global__ void k(int *o) {\n  o[0] = [](auto x) { return x; }(1);\n}\n");
    assert_eq!(c.diagnostics.len(), 1, "{:#?}", c.diagnostics);
    assert_eq!(c.diagnostics[0].span.line, 2);
    assert!(c.diagnostics[0].message.contains("generic lambdas"));
    assert!(c.ptx.is_none());
}

/// An enumerator as a template argument is `L<enum><value>E` (the enum a
/// substitution candidate); names checked against nvcc 13.5.
#[test]
fn enum_template_arguments_mangle_with_their_enum() {
    let ptx = ptx(r#"
enum Op { ERODE, DILATE };
enum class Mem : int { A, B };
template <Op op> __global__ void k(int *p) { p[0] = op; }
template <typename T, Mem m> __global__ void k2(T *p, const T* q) { p[0] = (int)m; }
template __global__ void k<ERODE>(int*);
template __global__ void k<DILATE>(int*);
template __global__ void k2<float, Mem::B>(float*, const float*);
"#);
    assert_eq!(
        entries(&ptx),
        [
            "_Z1kIL2Op0EEvPi",
            "_Z1kIL2Op1EEvPi",
            "_Z2k2IfL3Mem1EEvPT_PKS1_"
        ]
    );
}

/// An array parameter's `const` (and `volatile`) is its element's: the
/// pointer it decays to points to const (`PA4_A4_Kd`), but `const float *a[4]`
/// spent it on the element pointer. Names checked against nvcc 13.5.
#[test]
fn array_parameters_keep_their_element_qualifiers() {
    let ptx = ptx(r#"
__global__ void ch(double a[][4][4], const double b[][4][4], const double c[][4][4], double x) { a[0][0][0] = b[0][0][0] + c[0][0][0] + x; }
__global__ void wb(const unsigned char a[8], const unsigned char b[8], unsigned int *c) { c[0] = a[0] + b[0]; }
__global__ void wc(const float *a[4], volatile int v[], float *o) { o[0] = *a[0] + v[1]; }
"#);
    assert_eq!(
        entries(&ptx),
        [
            "_Z2chPA4_A4_dPA4_A4_KdS5_d",
            "_Z2wbPKhS0_Pj",
            "_Z2wcPPKfPViPf"
        ]
    );
}

/// Member function templates (called with explicit arguments, deduced,
/// static, from another member on `*this`, `o.template f<…>()`) and class
/// templates nested in a class: each instance a member function with
/// nvcc 13.5's symbol, the PTX accepted by ptxas.
#[test]
fn member_templates_are_members_named_as_nvcc() {
    let src = r#"
struct Buf {
    float d[4];
    template <class T> __device__ T get(int i) const { return (T)d[i]; }
    template <class F> __device__ void apply(const F &f) { for (int i = 0; i < 4; i++) d[i] = f(d[i]); }
    template <int N> struct Inner { int v[N]; __device__ int sum() const { int s = 0; for (int i = 0; i < N; i++) s += v[i]; return s; } };
    template <int N> __device__ int total(const Inner<N> &in) const { return in.sum() + get<int>(0); }
    template <class T> static __device__ T twice(T x) { return x + x; }
    template <class T> static T host_only(const T &r) { return r; }
};
struct Sq { __device__ float operator()(float x) const { return x * x; } };
template <int W> struct Outer {
    enum { STRIDE = W * 2 };
    template <bool C> __device__ int init(int k) { return STRIDE + (C ? k : -k); }
    template <bool A, bool B> __device__ int run(int k) { return init<A>(k) + (B ? 1 : 0); }
    __device__ static int go(int k) { Outer<W> o; return o.run<true, true>(k); }
};
template <int W> __global__ void launch(int *o) { Outer<W>::go(o[0]); }
template __global__ void launch<3>(int *);
__global__ void k(float *out, int *iout) {
    Buf b;
    for (int i = 0; i < 4; i++) b.d[i] = out[i];
    b.apply(Sq());
    out[0] = b.get<float>(1) + Buf::twice(2.0f);
    iout[0] = b.get<int>(2);
    Buf::Inner<3> in = {{1, 2, 3}};
    iout[1] = b.total(in);
    Outer<8> o;
    iout[2] = o.run<true, false>(iout[3]) + o.template run<false, true>(1);
}
"#;
    let c = compile(src);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.unwrap();
    assert_eq!(entries(&ptx), ["_Z6launchILi3EEvPi", "_Z1kPfPi"]);
    if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", "member_templates") {
        panic!("ptxas: {e}\n{ptx}");
    }
    // nvcc 13.5 -G's functions.
    let want = [
        "_ZN3Buf5applyI2SqEEvRKT_",
        "_ZN3Buf5twiceIfEET_S1_",
        "_ZN5OuterILi3EE2goEi",
        "_ZN5OuterILi3EE3runILb1ELb1EEEii",
        "_ZN5OuterILi3EE4initILb1EEEii",
        "_ZN5OuterILi8EE3runILb0ELb1EEEii",
        "_ZN5OuterILi8EE3runILb1ELb0EEEii",
        "_ZN5OuterILi8EE4initILb0EEEii",
        "_ZN5OuterILi8EE4initILb1EEEii",
        "_ZNK2SqclEf",
        "_ZNK3Buf3getIfEET_i",
        "_ZNK3Buf3getIiEET_i",
        "_ZNK3Buf5InnerILi3EE3sumEv",
        "_ZNK3Buf5totalILi3EEEiRKNS_5InnerIXT_EEE",
    ];
    assert_eq!(funcs_o0(src), want);
}

/// A host `const float` with a constant initializer is read in device code
/// as nvcc allows (Rodinia's dwt2d `const float f97Predict1 = -1.586…;`).
#[test]
fn host_const_floats_are_constants_in_device_code() {
    let src = "const float k1 = -1.586134342;\nconst float k2 = 1.0 / k1;\nconst double d = 0.5;\n\
__global__ void k(float *p, double *q) { p[0] = k1; p[1] = k2; q[0] = d; }\n";
    let ptx = ptx(src);
    assert!(!ptx.contains(".global .align"), "{ptx}");
    // -1.586134342f (nvcc: 0xBFCB0673), 1.0 / k1 in double rounded to
    // float, 0.5.
    for c in ["0fBFCB0673", "0fBF216611", "0d3FE0000000000000"] {
        assert!(common::has_float_constant(&ptx, c), "{c}\n{ptx}");
    }
}

/// A C-style cast to a class goes through the source's explicit conversion
/// operator to that class (`(__nv_bfloat162)fp8x2`), and a cast of a class
/// to itself is its value: (Pair)w is {5, 6}, (W)w is w; 6 * 100 + 5.
#[test]
fn c_style_casts_to_a_class_use_its_conversion_operator() {
    let ptx = ptx("struct Pair { int a, b; };\n\
struct W {\n  int v;\n  explicit __device__ operator Pair() const { Pair p; p.a = v; p.b = v + 1; return p; }\n};\n\
__global__ void k(int *p) {\n  W w; w.v = 5;\n  p[0] = ((Pair)w).b * 100 + ((W)w).v;\n}\n");
    assert!(ptx.contains("605;"), "{ptx}");
}
