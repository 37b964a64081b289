//! Declarators, initializers, constant expressions and C-style code met in
//! real benchmark programs that nvcc accepts, each written small: the
//! kernels come out with nvcc's names, ptxas accepts the PTX (when it is
//! installed), and the constants nvcc folds are the same. (The values the
//! kernels compute are run in `sim/tests/real_decl_run.rs`.)

mod common;

use common::{checked_ptx as ptx, compile_errors as errors, entries};

/// `M (&m)[4]` (a reference to an array), `int (*rows)[8]` (a pointer to
/// an array), `unsigned char (*idx)[16]` as a member, and a pointer to an
/// array initialized from a cast to its own `decltype` (the variable is in
/// scope in its initializer): nvcc's names (`PA8_i`, `RA4_f`), sizes and
/// offsets.
#[test]
fn pointer_and_reference_to_array_declarators() {
    let src = "struct M { int v; };\n\
               __device__ void sort4(M (&m)[4]) { for (int i = 0; i < 3; i++) if (m[i].v > m[i+1].v) { M t = m[i]; m[i] = m[i+1]; m[i+1] = t; } }\n\
               __global__ void k(M *g, int *o) { M m[4]; for (int i = 0; i < 4; i++) m[i] = g[i]; sort4(m); o[0] = m[0].v; }\n\
               __global__ void k2(int (*rows)[8], float (&r)[4]) { rows[1][2] = 5; r[3] = 1.f; }\n\
               struct H { unsigned char (*idx)[16]; int n; };\n\
               __global__ void k3(H h, int *o) { extern __shared__ float ex[];\n\
                 float (*x)[4][4] = reinterpret_cast<decltype(x)>(ex); x[1][2][3] = 1.f;\n\
                 o[0] = h.idx[1][3] + sizeof(H); }\n";
    let p = ptx("arrdecl", src);
    assert_eq!(entries(&p), ["_Z1kP1MPi", "_Z2k2PA8_iRA4_f", "_Z2k31HPi"]);
    // rows[1][2] is 40 bytes on, r[3] 12; x[1][2][3] is float 27; sizeof(H) 16.
    assert!(p.contains("+40], ") && p.contains("+12], "), "{p}");
    assert!(p.contains("+108], ") && p.contains(", 16;"), "{p}");
}

/// Pointers to members in typedefs (lulesh's `typedef Real_t
/// &(Domain::* Domain_member)(Index_t)`): Itanium's sizes, 16 bytes to a
/// member function, 8 to a data member.
#[test]
fn pointer_to_member_typedefs() {
    let src = "struct D { float &get(int); float f; };\n\
               typedef float &(D::* D_member)(int);\n\
               typedef float D::* D_field;\n\
               __global__ void k(int *o) { o[0] = sizeof(D_member) * 10 + sizeof(D_field); }\n";
    let p = ptx("memptr", src);
    assert_eq!(entries(&p), ["_Z1kPi"]);
    assert!(p.contains(", 168;"), "{p}");
}

/// `__attribute__((packed))` before the name or after the body, with
/// `aligned` in the same list: GCC's layout, as nvcc's sizes, alignments
/// and offsets (sizeof + 100 * alignof: Atom 116, B 107, C 105, E 408;
/// offsetof(B, s) 5).
#[test]
fn packed_records_are_laid_out_as_gcc() {
    let src = "#include <stddef.h>\n\
               struct __attribute__((__packed__)) Atom { float x, y, z; int type; };\n\
               struct __attribute__((packed)) B { char c; int i; short s; };\n\
               struct C { char c; int i; } __attribute__((packed));\n\
               struct __attribute__((packed, aligned(4))) E { char c; int i; };\n\
               __global__ void k(Atom *a, unsigned long *o) {\n\
               o[0] = sizeof(Atom) + 100 * alignof(Atom); o[1] = sizeof(B) + 100 * alignof(B);\n\
               o[2] = sizeof(C) + 100 * alignof(C); o[3] = sizeof(E) + 100 * alignof(E);\n\
               o[4] = offsetof(B, s) + __builtin_offsetof(Atom, z) * 10; }\n";
    let p = ptx("packed", src);
    assert_eq!(entries(&p), ["_Z1kP4AtomPm"]);
    for v in [", 116;", ", 107;", ", 105;", ", 408;", ", 85;"] {
        assert!(p.contains(v), "{v}: {p}");
    }
}

/// Braced lists as assigned values (`p = {a, b}`, `v.q = {}`, designated
/// `{.q = {…}, .ext = 3}`), as arguments (the parameter's type), C's
/// compound literal `(F2){…}`, GNU's statement expressions with
/// `__typeof__` (chemv's `ppcg_min`, lulesh's `max` macro), a local
/// variable hiding a function template (`double max; max < t`), a
/// parameter hiding an enumeration (`int *dir; dir[t] = dir::x_`): nvcc's
/// kernel name.
#[test]
fn braced_lists_statement_expressions_and_hiding_names() {
    let src = "#define ppcg_min(x,y) ({ __typeof__(x) _x = (x); __typeof__(y) _y = (y); _x < _y ? _x : _y; })\n\
               #define max(a,b) ({ __typeof__ (a) _a = (a); __typeof__ (b) _b = (b); _a > _b ? _a : _b; })\n\
               struct F2 { float x, y; };\n\
               enum dir { x, x_, y };\n\
               __device__ F2 mk(float a) { return (F2){ a, -a }; }\n\
               __device__ float len(F2 p) { return p.x + p.y * 2; }\n\
               struct V { struct { int hi[2]; } q; int ext, count; };\n\
               __global__ void k(int *o, float *f, int *dir, V *v) {\n\
                 int t = threadIdx.x;\n\
                 double max = 0, temp = t;\n\
                 if (max < temp) max = temp;\n\
                 int s = 0;\n\
                 for (int c = 0; c <= ppcg_min(10, 3 * t + 1); c += 1) s += c;\n\
                 o[t] = s + max(t, 2) + (int)max;\n\
                 F2 p; p = {f[0], f[1]};\n\
                 F2 q = mk(f[2]);\n\
                 f[t + 4] = len({p.x, q.y}) + len(p);\n\
                 dir[t] = dir::x_ + y;\n\
                 v[t] = {.q = {{t, 1}}, .ext = 3, .count = t};\n\
                 v[t + 4].q = {};\n\
               }\n";
    assert_eq!(entries(&ptx("braced", src)), ["_Z1kPiPfS_P1V"]);
}

/// A braced list where no type comes from the context is an error, not a
/// crash.
#[test]
fn a_braced_list_without_a_type_is_an_error() {
    let e = errors("__global__ void k(int *o) { o[0] = 1 + {2}; }\n");
    assert!(!e.is_empty());
    assert!(e[0].contains("k.cu(1): error"), "{e:?}");
}

/// Constant expressions: `constexpr` direct initialization (`voxelZ(8)`),
/// `sizeof` of a string literal (columnarSolver's `sizeof(TEXT) - 1`), an
/// unscoped enumerator named through its enumeration, `enum class`
/// members; a local `unsigned char` array sized by its string literal
/// (base64's table).
#[test]
fn constant_expressions_and_string_initialized_arrays() {
    let src = "#define TEXT \"abcdefgh\"\n\
               #define LEN ((int)sizeof(TEXT) - 1)\n\
               constexpr unsigned int voxelZ(8);\n\
               enum dir { dx, dy, dz };\n\
               enum class Col { R, G = 5 };\n\
               typedef unsigned char uchar;\n\
               __global__ void k(int *o, int i) {\n\
                 __shared__ unsigned short idx[voxelZ][LEN / 2 + 1];\n\
                 int a[(int)Col::G + dir::dz];\n\
                 const uchar tab[] = \"ABCDEFGH\";\n\
                 idx[i][i] = 1; a[i] = 2;\n\
                 o[0] = idx[1][i] + a[i] + tab[i] + sizeof(idx) * 1000 + sizeof(a) * 100000 + sizeof(tab) * 10000000;\n\
               }\n";
    let p = ptx("consts", src);
    assert_eq!(entries(&p), ["_Z1kPii"]);
    // sizeof(idx) = 8 * 5 * 2 = 80, sizeof(a) = 7 * 4 = 28, sizeof(tab) = 9:
    // 80000 + 2800000 + 90000000 (nvcc folds a[i] = 2 in too: 92880002).
    assert!(p.contains(" 9288000"), "{p}");
    assert!(p.contains("_ZZ1kPiiE3idx[80]"), "{p}");
    // The table is the string's bytes and a zero, stored on the stack as
    // nvcc's nine `st.local.u8`.
    assert_eq!(p.matches("st.local.u8").count(), 9, "{p}");
    for b in 65..=72 {
        assert!(p.contains(&format!(", {b};")), "{b}: {p}");
    }
}

/// A packed record's members at offsets their type's alignment does not
/// divide are read byte by byte, as nvcc's (`a[1].y` of a 16-byte packed
/// `Atom` is four `ld.global.u8` at +20..+23; `b->i` at +1..+4).
#[test]
fn packed_members_are_read_in_bytes() {
    let src = "struct __attribute__((__packed__)) Atom { float x, y, z; int type; };\n\
               struct __attribute__((packed)) B { char c; int i; short s; };\n\
               __global__ void k(const Atom *a, float *o, B *b) { o[0] = a[1].y; o[1] = b->i; b->s = 7; }\n";
    let p = ptx("packedld", src);
    assert_eq!(entries(&p), ["_Z1kPK4AtomPfP1B"]);
    for off in ["+20]", "+21]", "+22]", "+23]", "+1]", "+2]", "+3]", "+4]"] {
        assert!(
            p.lines()
                .any(|l| l.contains("ld.global.u8") && l.contains(off)),
            "{off}: {p}"
        );
    }
    assert_eq!(p.matches("ld.global.u8").count(), 8, "{p}");
    // b->s at offset 5: two byte stores.
    assert_eq!(p.matches("st.global.u8").count(), 2, "{p}");
}
