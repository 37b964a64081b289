//! Constructs of real suites (issue 15) written small, each checked against
//! what nvcc 13.5 makes of it: the kernels come out with nvcc's names, ptxas
//! accepts the PTX (when it is installed) and bad input gets nvcc's message.

mod common;

use common::{checked_ptx as ptx, compile_errors as errors, entries};

/// `c ? p : q` of `int *` and `const int *`: the composite pointer type
/// is `const int *` (C++'s [expr.type]), a `void *` operand makes it
/// `void *`, and the qualifiers of both sides meet. Overloads on the
/// result's type tell which one sema chose: nvcc folds the sum to 8420.
#[test]
fn conditional_pointers_meet_in_composite_type() {
    let src = "__device__ int f(int *) { return 1; }\n\
               __device__ int f(const int *) { return 2; }\n\
               __device__ int f(void *) { return 4; }\n\
               __device__ int f(const volatile void *) { return 8; }\n\
               __global__ void k(int *p, const int *q, void *v, volatile float *w, int c, int *o) {\n\
                 const int *r = c ? (const int *)p : q;\n\
                 o[0] = *r + f(c ? p : q) * 10 + f(c ? p : v) * 100 + f(c ? q : (volatile void *)w) * 1000;\n\
               }\n";
    let ptx = ptx("cond_composite", src);
    assert_eq!(entries(&ptx), ["_Z1kPiPKiPvPVfiS_"]);
    assert!(ptx.contains("8420;"), "{ptx}");
}

/// Pointers to unrelated types have no composite type: nvcc's message.
#[test]
fn conditional_pointers_to_unrelated_types_are_incompatible() {
    let e = errors(
        "__global__ void k(int *p, float *q, int c, int *o) { o[0] = *(int *)(c ? p : q); }\n",
    );
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains("operand types are incompatible (\"int *\" and \"float *\")"),
        "{e:?}"
    );
}

/// diamond's tinythread: a host class made non-copyable with `= delete`
/// on its copy constructor and copy assignment, and a `static __thread`
/// host variable (`thread_local` likewise) beside a kernel: nvcc accepts
/// them; the kernel comes out alone.
#[test]
fn deleted_copy_constructor_and_thread_storage() {
    let src =
        "struct M { M() {} M(const M &) = delete; M &operator=(const M &) = delete; int x; };\n\
               static __thread int *tp;\n\
               thread_local int tl;\n\
               struct P { int v; __device__ P(int a) : v(a) {} P(const P &) = delete; };\n\
               __global__ void k(int *o) { P p(7); o[0] = p.v; }\n";
    let ptx = ptx("deleted_ctor", src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    assert!(ptx.contains(", 7;"), "{ptx}");
}

/// diamond's sequence_set.h: `String_set<'\xff', 1>`. A character
/// constant of one hex or octal escape is a `char`, signed as nvcc's x86-64
/// host compiler has it: `'\xff'` is -1, and so the template argument
/// (mangled `Lcn1E`); `'\x7f' + '\101'` is 127 + 65.
#[test]
fn hex_escape_character_constants_are_signed_chars() {
    let src = "template <char D, int N> struct SS { __device__ static int delim() { return D; } char pad[N]; };\n\
               struct Q : public SS<'\\xff', 1> {};\n\
               template <char D> __global__ void k(int *o, const char *s) {\n\
                 o[0] = D; o[1] = Q::delim(); o[2] = s[0] != '\\xff'; o[3] = '\\x7f' + '\\101' + sizeof(Q);\n\
               }\n\
               template __global__ void k<'\\xff'>(int *, const char *);\n\
               template __global__ void k<'\\x7f'>(int *, const char *);\n";
    let ptx = ptx("hex_char", src);
    assert_eq!(entries(&ptx), ["_Z1kILcn1EEvPiPKc", "_Z1kILc127EEvPiPKc"]);
    let first = &ptx[..ptx.find("_Z1kILc127EEvPiPKc(").unwrap()];
    assert!(first.contains(", -1;") && first.contains(", 193;"), "{ptx}");
    assert!(!first.contains(", 255;"), "{ptx}");
}

/// diamond's score_matrix.h and reduction.h: `T data[N]
/// __attribute__((aligned(16)));`, the attribute after the member's
/// declarator: that member alone goes at a multiple of 16, and the class's
/// alignment and size grow with it (nvcc: 32, 16, 21 / 32, 16, 19, 20, 16).
/// `alignas(16)` before a member does the same.
#[test]
fn aligned_attribute_after_a_member_declarator() {
    let src = "#include <cstddef>\n\
               template <typename T> struct M { int n; T data[5] __attribute__((aligned(16))); char tail; };\n\
               struct R { char c; char map8_[3] __attribute__((aligned(16))), b; int z; };\n\
               struct A { char c; alignas(8) char d; };\n\
               __global__ void k(int *o) {\n\
                 o[0] = sizeof(M<char>) * 100 + offsetof(M<char>, data); o[1] = offsetof(M<char>, tail);\n\
                 o[2] = sizeof(R) * 100 + offsetof(R, map8_); o[3] = offsetof(R, b) * 100 + offsetof(R, z);\n\
                 o[4] = alignof(R) * 100 + offsetof(A, d) * 10 + sizeof(A) / 8;\n\
               }\n";
    let ptx = ptx("member_aligned", src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    for v in [", 3216;", ", 21;", ", 1920;", ", 1682;"] {
        assert!(ptx.contains(v), "{v}: {ptx}");
    }
}

/// diamond's tinythread.h: `class thread::id { … };`, a class declared in
/// `thread` and defined after it. Its members are `thread::id`'s (the
/// kernel's parameter type is mangled `N3Box2InE`), and its size is its
/// members' (nvcc folds 9 + 8).
#[test]
fn nested_class_defined_outside_its_class() {
    let src = "class thread {\n\
               public:\n\
                 class id;\n\
                 static int count() { return 3; }\n\
               };\n\
               class thread::id {\n\
               public:\n\
                 id() : mId(0) {}\n\
                 __host__ __device__ static int width() { return sizeof(unsigned long) + 1; }\n\
                 inline friend bool operator==(const id &a, const id &b) { return a.mId == b.mId; }\n\
               private:\n\
                 unsigned long mId;\n\
               };\n\
               struct Box { struct In; int k; };\n\
               struct Box::In { int a, b; __device__ int sum() const { return a + b; } };\n\
               __global__ void k(int *o, Box::In in) { o[0] = thread::id::width() + sizeof(thread::id) + in.sum(); }\n";
    let ptx = ptx("nested_outside", src);
    assert_eq!(entries(&ptx), ["_Z1kPiN3Box2InE"]);
    assert!(ptx.contains(", 17;"), "{ptx}");
}

/// A class not declared in the one named before `::` is nvcc's error.
#[test]
fn nested_class_not_declared_in_its_class() {
    let e = errors(
        "struct Box { int k; };\nstruct Box::In { int a; };\n__global__ void k(int *o) {}\n",
    );
    assert!(
        e.iter()
            .any(|m| m.contains("(2): error: class \"Box\" has no tag member named \"In\"")),
        "{e:?}"
    );
}

/// diamond's masking.h: `using std::auto_ptr;` and a static `auto_ptr`
/// member of a host class. C++17 removed it, but libstdc++ (nvcc's host
/// library) still declares it, so nvcc accepts it; it holds one pointer.
#[test]
fn auto_ptr_still_declared_for_host_code() {
    let src = "#include <memory>\n\
               using std::auto_ptr;\n\
               struct Mk { static const Mk &get() { return *instance; } static auto_ptr<Mk> instance; int n; };\n\
               auto_ptr<Mk> Mk::instance;\n\
               __global__ void k(int *o) { o[0] = sizeof(auto_ptr<Mk>) * 3; }\n";
    let ptx = ptx("auto_ptr", src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    assert!(ptx.contains(", 24;"), "{ptx}");
}

/// masking.cu's `firstRepeatOffsetProb`: an `if`/`else` whose arms both
/// return leaves no reachable end, so nvcc has no "missing return
/// statement" warning; without the `else` it has (#940-D).
#[test]
fn missing_return_warning_only_where_the_end_is_reachable() {
    let both = "__device__ double f(double p, int m) {\n\
                  if (p < 1 || p > 1) return (1 - p) / m;\n\
                  else return 1.0 / m;\n\
                }\n\
                __global__ void k(double *o) { o[0] = f(o[1], 3); }\n";
    let ptx = ptx("both_return", both);
    assert_eq!(entries(&ptx), ["_Z1kPd"]);
    let one = "__device__ int f(int p) {\n  if (p < 1) return 2;\n}\n\
               __global__ void k(int *o) { o[0] = f(o[1]); }\n";
    let opts = ptxlab_core::Options {
        arch: "sm_80".into(),
        ..ptxlab_core::Options::default()
    };
    let c = ptxlab_core::compile_source("k.cu", one, &opts);
    let d: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
    assert_eq!(d.len(), 1, "{d:?}");
    assert!(
        d[0].contains(
            "k.cu(1): warning: missing return statement at end of non-void function \"f\""
        ),
        "{d:?}"
    );
}
