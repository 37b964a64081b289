//! Constructs met in a large public suite of real benchmark programs that
//! nvcc accepts, each written small: the kernels come out with nvcc's
//! names, and ptxas accepts the PTX (when it is installed).

mod common;

use common::{checked_ptx as ptx, entries};

use ptxlab_core::{compile_source, Options};

/// glibc's `uint`, `ulong` and `ushort` are known with no include (nvcc's
/// runtime header brings `stdlib.h`, which brings `sys/types.h`).
#[test]
fn glibc_short_unsigned_names_need_no_include() {
    let p = ptx(
        "uint",
        "__global__ void k(uint *a, ulong b, ushort c) { a[0] = b + c; }\n",
    );
    assert_eq!(entries(&p), ["_Z1kPjmt"]);
}

/// A host `const` floating variable with a constant initializer is read by
/// device code as its value (nvcc folds it: 3.1415f * 8.314 + 0.0 is
/// 0f41D0F28C).
#[test]
fn device_code_reads_host_const_floating_variables() {
    let src =
        "const float phi = 3.1415f;\nstatic const double ZERO = 0.0;\nconst double R = 8.314;\n\
               __global__ void k(float *f) { f[0] = phi * R + ZERO; }\n";
    let p = ptx("constfloat", src);
    assert_eq!(entries(&p), ["_Z1kPf"]);
    assert!(common::has_float_constant(&p, "0f41D0F28C"), "{p}");
}

/// `and`, `or`, `not`, … are the operators they spell; a byte order mark
/// starts the file; GNU's `, ## __VA_ARGS__` drops the comma when no
/// variable arguments are given.
#[test]
fn alternative_operator_spellings_bom_and_gnu_comma_paste() {
    let src = "\u{feff}#define P(fmt, ...) printf(fmt, ## __VA_ARGS__)\n\
               __global__ void k(int *a, int b, int c) {\n\
               if (not (b and c) or (b bitand c) not_eq 0) a[0] = compl b xor c;\n\
               P(\"x\\n\");\n  P(\"%d %d\\n\", b, c);\n}\n";
    let p = ptx("alt", src);
    assert_eq!(entries(&p), ["_Z1kPiii"]);
    assert_eq!(p.matches("call.uni").count(), 2, "{p}");
}

/// nvcc's `__nv_atomic_load_n` with no include: one `ld.<order>.<scope>`,
/// a `fence.sc` first for sequential consistency, as nvcc writes them.
#[test]
fn nv_atomic_load_n_is_nvccs_load() {
    let src = "__global__ void k(unsigned long long *p, int *q, long long *r) {\n\
               p[1] = __nv_atomic_load_n(p, __NV_ATOMIC_RELAXED);\n\
               q[1] = __nv_atomic_load_n(q, __NV_ATOMIC_SEQ_CST);\n\
               r[1] = __nv_atomic_load_n(r, __NV_ATOMIC_ACQUIRE, __NV_THREAD_SCOPE_DEVICE);\n}\n";
    let p = ptx("nvatomic", src);
    assert_eq!(entries(&p), ["_Z1kPyPiPx"]);
    let body: Vec<&str> = p
        .lines()
        .map(str::trim)
        .filter(|l| {
            l.starts_with("ld.relaxed") || l.starts_with("ld.acquire") || l.starts_with("fence")
        })
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(
        body,
        [
            "ld.relaxed.sys.b64",
            "fence.sc.sys;",
            "ld.acquire.sys.b32",
            "ld.acquire.gpu.b64"
        ]
    );
}

/// Host headers of benchmark programs: BSD's `err.h`, `sys/timeb.h`, and
/// `<regex>` (a host-only header: a warning).
#[test]
fn err_timeb_and_regex_headers() {
    let src = "#include <err.h>\n#include <sys/timeb.h>\n\
               double now() { struct timeb t; ftime(&t); return t.time + t.millitm * 1e-3; }\n\
               void die() { errx(1, \"bad %d\", 2); }\n\
               __global__ void k(int *a) { a[0] = 1; }\n";
    assert_eq!(entries(&ptx("errh", src)), ["_Z1kPi"]);
    let opts = Options::default();
    let c = compile_source(
        "k.cu",
        "#include <regex>\n__global__ void k(int *a) { a[0] = 1; }\n",
        &opts,
    );
    assert!(
        c.diagnostics.iter().all(|d| !d.is_error()),
        "{:#?}",
        c.diagnostics
    );
    assert!(c.ptx.is_some());
}

/// An explicit specialization may leave its template arguments to
/// deduction from its parameters (`template <> float f(float)`).
#[test]
fn explicit_specializations_deduce_their_arguments() {
    let src = "template <typename T> __host__ __device__ float toF(T a);\n\
               template <> inline __host__ __device__ float toF(float a) { return a; }\n\
               template <typename T> __device__ T init(T v) { return v + 1; }\n\
               template <> __device__ int init(int v) { return v + 7; }\n\
               template <typename T> __global__ void k(float *o, T x) { o[0] = toF(x) + init(3); }\n\
               template __global__ void k<float>(float *, float);\n";
    let p = ptx("explspec", src);
    assert_eq!(entries(&p), ["_Z1kIfEvPfT_"]);
    // init<int> is the specialization: 3 + 7.
    assert!(common::has_float_constant(&p, "0f41200000"), "{p}");
}

/// `alignas` before a struct's name, in a class template too (its value
/// depends on the parameters) and with a type.
#[test]
fn alignas_on_structs_and_class_templates() {
    let src = "template <typename T, int V>\nstruct alignas(sizeof(T) * V) vec_t { T v[V]; };\n\
               typedef struct alignas(32) { float a; } B;\n\
               __global__ void k(float *o, float *p) {\n\
               struct alignas(double) { float x; } t;\n  t.x = p[2];\n\
               vec_t<float, 4> a = reinterpret_cast<vec_t<float, 4> *>(p)[0];\n\
               o[0] = a.v[1] + t.x + sizeof(B) + alignof(vec_t<float, 4>);\n}\n";
    let p = ptx("alignas", src);
    assert_eq!(entries(&p), ["_Z1kPfS_"]);
    // One 16-byte load of the aligned vector.
    assert!(
        p.contains("ld.global.v4.f32")
            || p.lines()
                .any(|l| l.contains("ld.global.f32") && l.ends_with("+4];")),
        "{p}"
    );
    // sizeof(B) is 32, alignof(vec_t<float, 4>) 16 (nvcc's adds).
    assert!(
        p.contains("0f42000000;") && p.contains("0f41800000;"),
        "{p}"
    );
}

/// `namespace cg = cooperative_groups;` inside a function body, and a
/// using-declaration of a namespace's operator (`using N::operator<<;`).
#[test]
fn block_scope_namespace_alias_and_using_operator() {
    let src = "#include <cooperative_groups.h>\n\
               namespace ops { struct S { int a; };\n\
               __device__ inline int operator<<(S s, int b) { return s.a * 16 + b; } }\n\
               using ops::operator<<;\n\
               __global__ void k(int *p) {\n\
                 namespace cg = cooperative_groups;\n\
                 cg::thread_block b = cg::this_thread_block();\n\
                 ops::S s{p[0]};\n\
                 p[b.thread_rank()] = s << 3;\n\
               }\n";
    let p = ptx("nsalias", src);
    assert_eq!(entries(&p), ["_Z1kPi"]);
}

/// Function specifiers before `friend` (`__host__ __device__ friend int
/// operator/(…);`), and `x /= d` with a class `d` that converts to `int`:
/// the built-in operator on the converted value.
#[test]
fn specifiers_before_friend_and_compound_assignment_by_conversion() {
    let src = "struct D { int d;\n\
                 __host__ __device__ operator int() const { return d; }\n\
                 __host__ __device__ __forceinline__ friend int operator/(int n, const D &x);\n\
               };\n\
               __host__ __device__ __forceinline__ int operator/(int n, const D &x) { return n >> 1; }\n\
               __global__ void k(int *p, D d) { int x = p[0]; x /= d; p[1] = x; p[2] = p[0] / d; }\n";
    let p = ptx("friendspec", src);
    assert_eq!(entries(&p), ["_Z1kPi1D"]);
    // `x /= d` divides; `p[0] / d` calls the friend operator (a shift).
    assert!(p.contains("div.s32"), "{p}");
    assert!(p.contains("shr.s32"), "{p}");
}

/// `<iomanip>` brings `<sstream>` (as libstdc++'s does): a host class may
/// name `std::istringstream` with only `<iomanip>` included.
#[test]
fn iomanip_brings_sstream() {
    let src = "#include <iomanip>\n\
               struct A { std::string fill(std::istringstream &iss); };\n\
               __global__ void k(int *p) { p[0] = 1; }\n";
    let p = ptx("iomanip", src);
    assert_eq!(entries(&p), ["_Z1kPi"]);
}

/// A member function returning a pointer or a reference to one, defined
/// out of its class (`char **&C::argv()`, `int *C::at(int)`): the return
/// type is the one declared in the class.
#[test]
fn out_of_class_members_returning_pointers() {
    let src = "struct C { int *p;\n\
                 __device__ int *at(int i);\n\
                 static inline char **&argv();\n\
                 static char **a;\n\
               };\n\
               char **C::a = 0;\n\
               inline char **&\nC::argv() { return a; }\n\
               __device__ int *C::at(int i) { return p + i; }\n\
               __global__ void k(C c) { *c.at(3) = 7; }\n";
    let p = ptx("outofclassptr", src);
    assert_eq!(entries(&p), ["_Z1k1C"]);
    assert!(p.contains("st.global.u32") || p.contains("st.u32"), "{p}");
}

/// A function template's parameter `T (&a)[N]` binds an array argument
/// without decay and deduces `N` from its length; GCC's
/// `__builtin_expect`, `__builtin_assume` and `__builtin_unreachable`.
#[test]
fn array_reference_parameters_deduce_their_length() {
    let src = "template <typename T, int N>\n\
               __device__ T sum(const T (&a)[N]) { T s = 0; for (int i = 0; i < N; i++) s += a[i]; return s; }\n\
               template <int N>\n\
               __device__ void fill(float (&a)[N], float v) { for (int i = 0; i < N; i++) a[i] = v + i; }\n\
               __device__ int f(int x) { if (x > 0) return x; __builtin_unreachable(); }\n\
               __global__ void k(float *o, int *q) {\n\
                 float z[4]; fill(z, 1.0f); o[0] = sum(z);\n\
                 __builtin_assume(q[0] > 0);\n\
                 if (__builtin_expect(q[1] == 2, 0)) q[2] = f(q[0]);\n\
               }\n";
    let p = ptx("arrayref", src);
    assert_eq!(entries(&p), ["_Z1kPfPi"]);
    // 1 + 2 + 3 + 4, folded: N was deduced as 4.
    assert!(common::has_float_constant(&p, "0f41200000"), "{p}");
}

/// A function template whose return type names a member of a class
/// template instance (`typename vec3<T>::Type f(…)`, cuda-samples' nbody)
/// is a function template, not an out-of-class member of `vec3`.
#[test]
fn dependent_member_return_type_is_not_an_out_of_class_member() {
    let src = "template <typename T> struct vec4 { typedef float4 Type; };\n\
               template <typename T>\n\
               __device__ typename vec4<T>::Type\n\
               comp(typename vec4<T>::Type p) { p.y = p.x; return p; }\n\
               __global__ void k(float4 *o) { o[1] = comp<float>(o[0]); }\n";
    let p = ptx("deprettype", src);
    assert_eq!(entries(&p), ["_Z1kP6float4"]);
}
