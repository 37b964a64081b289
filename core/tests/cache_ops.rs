//! The cache-operator loads and stores of `cuda_runtime.h` (`__ldg`,
//! `__ldcg`, `__ldca`, `__ldcs`, `__ldlu`, `__ldcv`, `__stwb`, `__stcg`,
//! `__stcs`, `__stwt`) are each the one instruction nvcc 13 writes at
//! sm_80 for the type (its spellings below, copied from nvcc's PTX; the
//! 16-bit float types of cuda_fp16.h/cuda_bf16.h as `.b16`/`.b32`), and
//! ptxas accepts our PTX.

mod common;

use ptxlab_core::{compile_source, Options};

/// A kernel body over `p` (`const T *`) and `q` (`T *`), its type, and
/// nvcc's instruction for the access.
const CASES: &[(&str, &str, &str)] = &[
    ("int", "*q = __ldg(p);", "ld.global.nc.u32"),
    ("int", "*q = __ldcg(p);", "ld.global.cg.s32"),
    ("int", "*q = __ldca(p);", "ld.global.ca.s32"),
    ("int", "*q = __ldcs(p);", "ld.global.cs.s32"),
    ("int", "*q = __ldlu(p);", "ld.global.lu.s32"),
    ("int", "*q = __ldcv(p);", "ld.global.cv.s32"),
    ("int", "__stwb(q, 1);", "st.global.wb.s32"),
    ("int", "__stcg(q, 2);", "st.global.cg.s32"),
    ("int", "__stcs(q, 3);", "st.global.cs.s32"),
    ("int", "__stwt(q, 4);", "st.global.wt.s32"),
    ("char", "*q = __ldg(p);", "ld.global.nc.u8"),
    ("char", "*q = __ldcs(p);", "ld.global.cs.s8"),
    ("char", "__stcs(q, (char)5);", "st.global.cs.s8"),
    ("short", "*q = __ldlu(p);", "ld.global.lu.s16"),
    ("short", "__stwb(q, (short)3);", "st.global.wb.s16"),
    ("double", "*q = __ldcg(p);", "ld.global.cg.f64"),
    ("double", "__stwt(q, 2.0);", "st.global.wt.f64"),
    ("unsigned long long", "*q = __ldca(p);", "ld.global.ca.u64"),
    ("unsigned long long", "__stcs(q, 7ull);", "st.global.cs.u64"),
    ("float4", "*q = __ldcs(p);", "ld.global.cs.v4.f32"),
    ("float4", "*q = __ldg(p);", "ld.global.nc.v4.f32"),
    (
        "float4",
        "__stcg(q, make_float4(1, 2, 3, 4));",
        "st.global.cg.v4.f32",
    ),
    ("int4", "*q = __ldcv(p);", "ld.global.cv.v4.s32"),
    ("int4", "*q = __ldg(p);", "ld.global.nc.v4.s32"),
    (
        "int4",
        "__stcs(q, make_int4(1, 2, 3, 4));",
        "st.global.cs.v4.s32",
    ),
    ("float2", "*q = __ldcs(p);", "ld.global.cs.v2.f32"),
    (
        "float2",
        "__stwt(q, make_float2(1, 2));",
        "st.global.wt.v2.f32",
    ),
    ("char4", "*q = __ldcs(p);", "ld.global.cs.v4.s8"),
    ("char4", "*q = __ldg(p);", "ld.global.nc.v4.s8"),
    (
        "char4",
        "__stcs(q, make_char4(1, 2, 3, 4));",
        "st.global.cs.v4.s8",
    ),
    // cuda_fp16.h/cuda_bf16.h: untyped bits, `__ldg` too.
    ("__half", "*q = __ldcs(p);", "ld.global.cs.b16"),
    ("__half", "*q = __ldg(p);", "ld.global.nc.b16"),
    ("__half", "__stwt(q, *p);", "st.global.wt.b16"),
    ("__half2", "*q = __ldcg(p);", "ld.global.cg.b32"),
    ("__half2", "__stcs(q, *p);", "st.global.cs.b32"),
    ("__nv_bfloat16", "*q = __ldlu(p);", "ld.global.lu.b16"),
    ("__nv_bfloat16", "__stwb(q, *p);", "st.global.wb.b16"),
    ("__nv_bfloat162", "*q = __ldg(p);", "ld.global.nc.b32"),
    ("__nv_bfloat162", "__stcg(q, *p);", "st.global.cg.b32"),
];

/// The cache-operator instructions of each kernel `k_<n>`, in order.
fn accesses(ptx: &str) -> Vec<(usize, Vec<String>)> {
    let ops = [
        ".nc.", ".cg.", ".ca.", ".cs.", ".lu.", ".cv.", ".wb.", ".wt.",
    ];
    let mut out: Vec<(usize, Vec<String>)> = Vec::new();
    for line in ptx.lines() {
        if let Some(rest) = line.split(".entry ").nth(1) {
            let n = rest
                .split("k_")
                .nth(1)
                .and_then(|s| s.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok());
            out.push((n.unwrap_or(usize::MAX), Vec::new()));
            continue;
        }
        let Some(op) = line.split_whitespace().next() else {
            continue;
        };
        if (op.starts_with("ld.global.") || op.starts_with("st.global."))
            && ops.iter().any(|o| op.contains(o))
        {
            if let Some(last) = out.last_mut() {
                last.1.push(op.to_string());
            }
        }
    }
    out
}

#[test]
fn each_access_is_the_instruction_nvcc_writes() {
    let mut src = String::from("#include <cuda_fp16.h>\n#include <cuda_bf16.h>\n");
    for (n, (ty, body, _)) in CASES.iter().enumerate() {
        src += &format!("__global__ void k_{n}(const {ty} *p, {ty} *q) {{ {body} }}\n");
    }
    for level in [0, 3] {
        let opts = Options {
            arch: "sm_80".into(),
            opt_level: level,
            ..Options::default()
        };
        let out = compile_source("cache_ops.cu", &src, &opts);
        let Some(ptx) = out.ptx else {
            panic!("{:?}", out.diagnostics);
        };
        if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", &format!("cache_ops-O{level}")) {
            panic!("ptxas rejects our PTX at -O{level}:\n{e}");
        }
        let got = accesses(&ptx);
        assert_eq!(got.len(), CASES.len(), "{ptx}");
        for (n, ops) in got {
            let (ty, body, want) = CASES[n];
            assert_eq!(ops, vec![want.to_string()], "-O{level}, {ty}: {body}");
        }
    }
}

#[test]
fn an_access_of_a_struct_is_a_diagnostic() {
    let src = "struct S { int a, b, c; };\n__global__ void k(const S *p, S *q) { S r; __ptxlab_ld_cs(&r, p); *q = r; }\n";
    let out = compile_source("bad.cu", src, &Options::default());
    assert!(out.ptx.is_none());
    let text = format!("{:?}", out.diagnostics);
    assert!(
        text.contains("no instance of overloaded function \\\"__ptxlab_ld_cs\\\""),
        "{text}"
    );
}

/// nvcc's accesses take the kernel's generic pointer as it is: no
/// `cvta.to.global` is written for a pointer only they use.
#[test]
fn accesses_of_a_kernel_pointer_write_no_cvta() {
    let src = "__global__ void k(float *q, const float *p, int i) {\n\
               float v = __ldcs(p + i);\n\
               __stwt(q + i, v * 2.0f);\n\
               __stcs(q + i + 1, __ldcg(p + i + 1));\n}\n";
    let opts = Options {
        arch: "sm_80".into(),
        opt_level: 3,
        ..Options::default()
    };
    let ptx = compile_source("k.cu", src, &opts).ptx.expect("PTX");
    assert!(!ptx.contains("cvta"), "{ptx}");
    for want in [
        "ld.global.cs.f32",
        "st.global.wt.f32",
        "ld.global.cg.f32",
        "st.global.cs.f32",
    ] {
        assert!(ptx.contains(want), "no {want}:\n{ptx}");
    }
}
