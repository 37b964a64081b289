//! Warp matrix operations (`mma.h`): every shape and type nvcc has on a
//! target compiles to the instruction nvcc 13.5 writes (its spellings,
//! observed with `nvcc -arch=sm_80 --ptx`, are the data below) with nvcc's
//! registers per fragment, in `.global`/`.shared` form where memory-space
//! inference knows the space (at -O3); ptxas accepts them; shapes a target lacks are
//! nvcc's "incomplete type" error; the IR's intrinsics print and parse back.

mod common;

use ptxlab_core::ir::{parse_module, print_module};
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};

fn opts(arch: &str, opt_level: u8) -> Options {
    Options {
        arch: arch.to_string(),
        opt_level,
        ..Options::default()
    }
}

/// One load/load/load/mma/store sequence per line: (A type, C/D type,
/// m, n, k, A layout, B layout, pointer types, satf).
type Combo = (
    &'static str,
    &'static str,
    u32,
    u32,
    u32,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const COMBOS: &[Combo] = &[
    (
        "half", "float", 16, 16, 16, "row", "col", "half", "float", "",
    ),
    ("half", "half", 16, 16, 16, "col", "row", "half", "half", ""),
    (
        "half", "float", 32, 8, 16, "col", "row", "half", "float", "",
    ),
    ("half", "half", 8, 32, 16, "col", "row", "half", "half", ""),
    (
        "__nv_bfloat16",
        "float",
        16,
        16,
        16,
        "row",
        "col",
        "__nv_bfloat16",
        "float",
        "",
    ),
    (
        "__nv_bfloat16",
        "float",
        32,
        8,
        16,
        "row",
        "col",
        "__nv_bfloat16",
        "float",
        "",
    ),
    (
        "wmma::precision::tf32",
        "float",
        16,
        16,
        8,
        "row",
        "col",
        "float",
        "float",
        "",
    ),
    (
        "double", "double", 8, 8, 4, "row", "col", "double", "double", "",
    ),
    (
        "signed char",
        "int",
        16,
        16,
        16,
        "row",
        "col",
        "signed char",
        "int",
        ", true",
    ),
    (
        "unsigned char",
        "int",
        32,
        8,
        16,
        "row",
        "col",
        "unsigned char",
        "int",
        "",
    ),
    (
        "signed char",
        "int",
        8,
        32,
        16,
        "row",
        "col",
        "signed char",
        "int",
        "",
    ),
];

/// nvcc's instructions for [`COMBOS`], in order (its `.global` forms).
const NVCC: &[&str] = &[
    "wmma.load.a.sync.aligned.row.m16n16k16.global.f16 \t{%r",
    "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f",
    "wmma.store.d.sync.aligned.col.m16n16k16.global.f32 \t[%rd",
    "wmma.mma.sync.aligned.col.row.m16n16k16.f16.f16 {%r",
    "wmma.load.c.sync.aligned.row.m32n8k16.global.f32 \t{%f",
    "wmma.mma.sync.aligned.col.row.m32n8k16.f32.f32 {%f",
    "wmma.mma.sync.aligned.col.row.m8n32k16.f16.f16 {%r",
    "wmma.load.a.sync.aligned.row.m16n16k16.global.bf16 \t{%r",
    "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f32 {%f",
    "wmma.mma.sync.aligned.row.col.m32n8k16.f32.bf16.bf16.f32 {%f",
    "wmma.load.a.sync.aligned.row.m16n16k8.global.tf32 \t{%r",
    "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32 {%f",
    "wmma.load.a.sync.aligned.row.m8n8k4.global.f64 \t{%fd",
    "wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64.rn {%fd",
    "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32.satfinite {%r",
    "wmma.load.a.sync.aligned.row.m32n8k16.global.u8 \t{%r",
    "wmma.mma.sync.aligned.row.col.m32n8k16.s32.u8.u8.s32 {%r",
    "wmma.mma.sync.aligned.row.col.m8n32k16.s32.s8.s8.s32 {%r",
    "wmma.store.d.sync.aligned.col.m8n32k16.global.s32 \t[%rd",
];

fn source() -> String {
    let mut s = String::from("#include <mma.h>\nusing namespace nvcuda;\n");
    for (i, (t, c, m, n, k, la, lb, pa, pc, sat)) in COMBOS.iter().enumerate() {
        s.push_str(&format!(
            "__global__ void k{i}({pa} *a, {pa} *b, {pc} *c, {pc} *d) {{
    wmma::fragment<wmma::matrix_a, {m}, {n}, {k}, {t}, wmma::{la}_major> fa;
    wmma::fragment<wmma::matrix_b, {m}, {n}, {k}, {t}, wmma::{lb}_major> fb;
    wmma::fragment<wmma::accumulator, {m}, {n}, {k}, {c}> fc;
    wmma::load_matrix_sync(fa, a, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc{sat});
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
}}
"
        ));
    }
    s
}

#[test]
fn every_shape_and_type_is_written_as_nvcc_writes_it() {
    for level in [0, 3] {
        let c = compile_source("w.cu", &source(), &opts("sm_80", level));
        let ptx = c
            .ptx
            .unwrap_or_else(|| panic!("-O{level}: {:?}", c.diagnostics));
        for want in NVCC {
            // At -O0 nothing is inlined, so no address has a known space.
            let want = if level == 0 {
                want.replace(".global", "")
            } else {
                want.to_string()
            };
            assert!(ptx.contains(&want), "-O{level}: no `{want}` in\n{ptx}");
        }
        // nvcc's registers per fragment: f16 A as 8 x b32, f32 C as 8 x f32,
        // f16 C as 4 x b32, f64 C as 2 x f64.
        let mma = ptx
            .lines()
            .find(|l| l.contains("m16n16k16.f32.f32"))
            .expect("mma");
        assert_eq!(mma.matches("%r").count(), 16, "{mma}");
        assert_eq!(mma.matches("%f").count(), 16, "{mma}");
        let h = ptx
            .lines()
            .find(|l| l.contains("m16n16k16.f16.f16"))
            .expect("mma");
        assert_eq!(h.matches("%r").count(), 8 + 8 + 4 + 4, "{h}");
        let d = ptx.lines().find(|l| l.contains(".f64.rn")).expect("dmma");
        assert_eq!(d.matches("%fd").count(), 2 + 1 + 1 + 2, "{d}");
        if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", &format!("wmma_O{level}")) {
            panic!("ptxas rejects our PTX at -O{level}:\n{e}");
        }
    }
}

#[test]
fn shared_fragments_use_the_shared_forms() {
    let src = "#include <mma.h>
using namespace nvcuda;
__global__ void k(float *out) {
    __shared__ half s[256];
    __shared__ float t[256];
    s[threadIdx.x] = __float2half(1.0f);
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> c;
    wmma::load_matrix_sync(a, s, 16);
    wmma::load_matrix_sync(b, s, 16);
    wmma::fill_fragment(c, 0.0f);
    wmma::mma_sync(c, a, b, c);
    wmma::store_matrix_sync(t, c, 16, wmma::mem_col_major);
    __syncthreads();
    out[threadIdx.x] = t[threadIdx.x] * c.num_elements;
}
";
    let c = compile_source("s.cu", src, &opts("sm_75", 3));
    let ptx = c.ptx.unwrap_or_else(|| panic!("{:?}", c.diagnostics));
    assert!(
        ptx.contains("wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 \t{%r"),
        "{ptx}"
    );
    assert!(
        ptx.contains("wmma.store.d.sync.aligned.col.m16n16k16.shared.f32 \t[%r"),
        "{ptx}"
    );
}

#[test]
fn shapes_a_target_lacks_are_incomplete_types() {
    let src = "#include <mma.h>
using namespace nvcuda;
__global__ void k() {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> a;
}
";
    let c = compile_source("b.cu", src, &opts("sm_75", 3));
    let errs: Vec<String> = c
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect();
    assert!(
        errs.iter().any(|e| e.contains("b.cu(4): error: incomplete type \"nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, __nv_bfloat16, nvcuda::wmma::row_major>\" is not allowed")),
        "{errs:?}"
    );
    let c = compile_source("b.cu", src, &opts("sm_80", 3));
    assert!(c.ptx.is_some(), "{:?}", c.diagnostics);
}

#[test]
fn wmma_intrinsics_print_and_parse_back() {
    let m = compile_to_ir("w.cu", &source(), &NoFiles, &opts("sm_80", 3), None)
        .unwrap_or_else(|d| panic!("{d:?}"));
    let text = print_module(&m);
    assert!(
        text.contains("call <8 x float> @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32("),
        "{text}"
    );
    assert!(
        text.contains("@llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p1(ptr addrspace(1)"),
        "{text}"
    );
    let back = parse_module(&text).expect("parses");
    assert_eq!(print_module(&back), text);
}
