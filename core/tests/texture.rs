//! Texture and surface objects: every fetch and surface access for every
//! texel type it takes assembles with ptxas; the instructions are spelled
//! as nvcc 13.5 spells them (its lines, observed with `nvcc -arch=sm_80
//! --ptx`, are the data below); texel types a fetch cannot give and the
//! texture references CUDA 12 removed get nvcc's errors.

mod common;

use ptxlab_core::{compile_source, Options};
use std::process::Command;

fn compile(src: &str, opt_level: u8, arch: &str) -> ptxlab_core::Compilation {
    let opts = Options {
        arch: arch.to_string(),
        opt_level,
        ..Options::default()
    };
    compile_source("tex.cu", src, &opts)
}

fn errors(c: &ptxlab_core::Compilation) -> Vec<String> {
    c.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect()
}

/// The texel types of fetches (8 to 32 bits, 1, 2 or 4 lanes).
const FETCH_TYPES: &[&str] = &[
    "char",
    "signed char",
    "unsigned char",
    "short",
    "unsigned short",
    "int",
    "unsigned int",
    "float",
    "char1",
    "char2",
    "char4",
    "uchar1",
    "uchar2",
    "uchar4",
    "short1",
    "short2",
    "short4",
    "ushort1",
    "ushort2",
    "ushort4",
    "int1",
    "int2",
    "int4",
    "uint1",
    "uint2",
    "uint4",
    "float1",
    "float2",
    "float4",
];

/// Each fetch with its arguments after the handle (`x`, `y`, `z` floats,
/// `i` an int, `d` a float2).
const FETCHES: &[(&str, &str)] = &[
    ("tex1Dfetch", "i"),
    ("tex1D", "x"),
    ("tex2D", "x, y"),
    ("tex3D", "x, y, z"),
    ("tex1DLayered", "x, i"),
    ("tex2DLayered", "x, y, i"),
    ("texCubemap", "x, y, z"),
    ("tex1DLod", "x, z"),
    ("tex2DLod", "x, y, z"),
    ("tex3DLod", "x, y, z, x"),
    ("tex2DGrad", "x, y, d, d"),
    ("tex2Dgather", "x, y"),
    ("tex2Dgather", "x, y, 2"),
];

/// A module of one kernel per fetch and texel type.
fn fetch_probes() -> String {
    let mut src = String::new();
    for (f, (name, args)) in FETCHES.iter().enumerate() {
        for (t, ty) in FETCH_TYPES.iter().enumerate() {
            src.push_str(&format!(
                "__global__ void k{f}_{t}(cudaTextureObject_t tex, {ty} *o, float x, float y, float z, int i, float2 d) {{ o[i] = {name}<{ty}>(tex, {args}); }}\n"
            ));
        }
    }
    src
}

/// The texel types of surfaces: the fetches' and 64-bit ones (no four of those).
const SURFACE_TYPES: &[&str] = &[
    "char",
    "unsigned char",
    "short",
    "unsigned short",
    "int",
    "unsigned int",
    "float",
    "long long",
    "unsigned long long",
    "double",
    "char2",
    "uchar4",
    "short2",
    "ushort4",
    "int2",
    "int4",
    "uint4",
    "float2",
    "float4",
    "longlong2",
    "double2",
];

/// A module reading and writing each surface type in 1, 2 and 3 dimensions
/// and layered in 1 and 2,
/// with the default boundary mode and each one named.
fn surface_probes() -> String {
    let modes = [
        "",
        ", cudaBoundaryModeTrap",
        ", cudaBoundaryModeClamp",
        ", cudaBoundaryModeZero",
    ];
    // (The layered forms take the layer last: `z` here.)
    let coords = [
        ("1D", "x"),
        ("2D", "x, y"),
        ("3D", "x, y, z"),
        ("1DLayered", "x, z"),
        ("2DLayered", "x, y, z"),
    ];
    let mut src = String::new();
    for (t, ty) in SURFACE_TYPES.iter().enumerate() {
        for (d, (n, c)) in coords.iter().enumerate() {
            for (m, mode) in modes.iter().enumerate() {
                src.push_str(&format!(
                    "__global__ void r{t}_{d}_{m}(cudaSurfaceObject_t s, {ty} *o, int x, int y, int z) {{ o[x] = surf{n}read<{ty}>(s, {c}{mode}); }}\n\
                     __global__ void w{t}_{d}_{m}(cudaSurfaceObject_t s, const {ty} *v, int x, int y, int z) {{ surf{n}write(v[x], s, {c}{mode}); }}\n"
                ));
            }
        }
    }
    src
}

/// Compiles `src` at -O0 and -O3 for a few targets and runs ptxas on each.
fn assembles(name: &str, src: &str) {
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let dir = common::scratch(name);
    for arch in ["sm_75", "sm_80", "sm_90"] {
        for opt in [0, 3] {
            let c = compile(src, opt, arch);
            assert_eq!(errors(&c), Vec::<String>::new(), "{arch} -O{opt}");
            let ptx = c.ptx.expect("PTX");
            let file = dir.join(format!("{name}-{arch}-O{opt}.ptx"));
            std::fs::write(&file, &ptx).unwrap();
            let out = Command::new(&ptxas)
                .arg(format!("-arch={arch}"))
                .arg(&file)
                .arg("-o")
                .arg(dir.join("out.cubin"))
                .output()
                .expect("run ptxas");
            assert!(
                out.status.success(),
                "{arch} -O{opt}: ptxas rejected {}:\n{}",
                file.display(),
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn every_fetch_of_every_texel_type_assembles() {
    assembles("fetches", &fetch_probes());
}

#[test]
fn every_surface_access_of_every_type_assembles() {
    assembles("surfaces", &surface_probes());
}

/// The fetch and surface instructions of a PTX text, whitespace collapsed
/// and registers written by class only (`%f`, `%r`, `%rd`, `%rs`): nvcc
/// and ptxlab number registers differently.
fn texture_lines(ptx: &str) -> Vec<String> {
    ptx.lines()
        .map(str::trim)
        .filter(|l| {
            ["tex.", "tld4.", "suld.", "sust."]
                .iter()
                .any(|p| l.starts_with(p))
        })
        .map(|l| {
            let l = l.split_whitespace().collect::<Vec<_>>().join(" ");
            let mut out = String::new();
            let mut chars = l.chars().peekable();
            while let Some(c) = chars.next() {
                out.push(c);
                if c == '%' {
                    while chars.peek().is_some_and(|c| c.is_ascii_alphabetic()) {
                        out.push(chars.next().unwrap());
                    }
                    while chars.peek().is_some_and(|c| c.is_ascii_digit()) {
                        chars.next();
                    }
                }
            }
            out
        })
        .collect()
}

/// Probes and the instruction nvcc 13.5 writes for each (`nvcc -arch=sm_80
/// --ptx -std=c++17`; kernel parameters: the handle, then the output).
const NVCC_LINES: &[(&str, &str)] = &[
    (
        "__global__ void k(cudaTextureObject_t t, float *o, float x, float y) { o[0] = tex2D<float>(t, x, y); }",
        "tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float4 *o, float x, float y) { o[0] = tex2D<float4>(t, x, y); }",
        "tex.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, uchar4 *o, float x, float y) { o[0] = tex2D<uchar4>(t, x, y); }",
        "tex.2d.v4.u32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%f1, %f2}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, short *o, float x, float y) { o[0] = tex2D<short>(t, x, y); }",
        "tex.2d.v4.s32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%f1, %f2}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, int *o, int i) { o[0] = tex1Dfetch<int>(t, i); }",
        "tex.1d.v4.s32.s32 {%r2, %r3, %r4, %r5}, [%rd1, {%r1}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float4 *o, int i) { o[0] = tex1Dfetch<float4>(t, i); }",
        "tex.1d.v4.f32.s32 {%f1, %f2, %f3, %f4}, [%rd1, {%r1}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, unsigned *o, float x, float y, float z) { o[0] = tex3D<unsigned>(t, x, y, z); }",
        "tex.3d.v4.u32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%f1, %f2, %f3, %f3}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float *o, float x, int l) { o[0] = tex1DLayered<float>(t, x, l); }",
        "tex.a1d.v4.f32.f32 {%f2, %f3, %f4, %f5}, [%rd1, {%r1, %f1}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float *o, float x, float y, int l) { o[0] = tex2DLayered<float>(t, x, y, l); }",
        "tex.a2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%r1, %f1, %f2, %f2}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float *o, float x, float y, float z) { o[0] = texCubemap<float>(t, x, y, z); }",
        "tex.cube.v4.f32.f32 {%f4, %f5, %f6, %f7}, [%rd1, {%f1, %f2, %f3, %f3}];",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float *o, float x, float y, float l) { o[0] = tex2DLod<float>(t, x, y, l); }",
        "tex.level.2d.v4.f32.f32 {%f4, %f5, %f6, %f7}, [%rd1, {%f1, %f2}], %f3;",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float *o, float x, float y, float2 dx, float2 dy) { o[0] = tex2DGrad<float>(t, x, y, dx, dy); }",
        "tex.grad.2d.v4.f32.f32 {%f7, %f8, %f9, %f10}, [%rd1, {%f1, %f2}], {%f6, %f5}, {%f4, %f3};",
    ),
    (
        "__global__ void k(cudaTextureObject_t t, float4 *o, float x, float y) { o[0] = tex2Dgather<float4>(t, x, y, 1); }",
        "tld4.g.2d.v4.f32.f32 {%f3, %f4, %f5, %f6}, [%rd1, {%f1, %f2}];",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, float *o, int x, int y) { o[0] = surf2Dread<float>(s, x * 4, y); }",
        "suld.b.2d.b32.trap {%r4}, [%rd1, {%r3, %r2}];",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, uchar4 *o, int x, int y) { o[0] = surf2Dread<uchar4>(s, x * 4, y); }",
        "suld.b.2d.v4.b8.trap {%rs1, %rs2, %rs3, %rs4}, [%rd1, {%r3, %r2}];",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, float4 *o, int x, int y, int z) { o[0] = surf3Dread<float4>(s, x * 16, y, z); }",
        "suld.b.3d.v4.b32.trap {%r5, %r6, %r7, %r8}, [%rd1, {%r4, %r2, %r3, %r3}];",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, float *o, int x, int y) { o[0] = surf2Dread<float>(s, x * 4, y, cudaBoundaryModeClamp); }",
        "suld.b.2d.b32.clamp {%r4}, [%rd1, {%r3, %r2}];",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, float v, int x, int y) { surf2Dwrite(v, s, x * 4, y); }",
        "sust.b.2d.b32.trap [%rd1, {%r3, %r2}], {%r4};",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, uchar4 v, int x, int y) { surf2Dwrite(v, s, x * 4, y); }",
        "sust.b.2d.v4.b8.trap [%rd1, {%r3, %r2}], {%rs1, %rs2, %rs3, %rs4};",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, short v, int x, int y) { surf2Dwrite(v, s, x * 2, y); }",
        "sust.b.2d.b16.trap [%rd1, {%r3, %r2}], {%rs1};",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, float v, int x) { surf1Dwrite(v, s, x * 4); }",
        "sust.b.1d.b32.trap [%rd1, {%r2}], {%r3};",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, float v, int x, int y) { surf2Dwrite(v, s, x * 4, y, cudaBoundaryModeZero); }",
        "sust.b.2d.b32.zero [%rd1, {%r3, %r2}], {%r4};",
    ),
    // Layered surfaces: the layer first, `a2d` padded to four coordinates.
    (
        "__global__ void k(cudaSurfaceObject_t s, float4 v, int x, int y, int l) { surf2DLayeredwrite(v, s, x * 16, y, l); }",
        "sust.b.a2d.v4.b32.trap [%rd1, {%r3, %r4, %r2, %r2}], {%r5, %r6, %r7, %r8};",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, float *o, int x, int y, int l) { o[0] = surf2DLayeredread<float>(s, x * 4, y, l, cudaBoundaryModeClamp); }",
        "suld.b.a2d.b32.clamp {%r5}, [%rd1, {%r3, %r4, %r2, %r2}];",
    ),
    (
        "__global__ void k(cudaSurfaceObject_t s, short v, int x, int l) { surf1DLayeredwrite(v, s, x * 2, l, cudaBoundaryModeZero); }",
        "sust.b.a1d.b16.zero [%rd1, {%r2, %r3}], {%rs1};",
    ),
];

#[test]
fn fetch_and_surface_instructions_are_spelled_as_nvcc_spells_them() {
    for (src, nvcc) in NVCC_LINES {
        let c = compile(src, 3, "sm_80");
        assert_eq!(errors(&c), Vec::<String>::new(), "{src}");
        let ours = texture_lines(c.ptx.as_deref().unwrap_or_default());
        assert_eq!(ours, texture_lines(nvcc), "{src}");
    }
}

/// The kernel takes the handle as a `.param .u64` and uses its register as
/// the instruction's operand, with nothing in between.
#[test]
fn the_handle_is_the_kernel_parameter() {
    let c = compile(NVCC_LINES[0].0, 3, "sm_80");
    let ptx = c.ptx.unwrap();
    assert!(ptx.contains(".param .u64 _Z1kyPfff_param_0"), "{ptx}");
    assert!(
        ptx.contains("ld.param.u64 \t%rd1, [_Z1kyPfff_param_0];"),
        "{ptx}"
    );
    assert!(ptx.contains("[%rd1, {"), "{ptx}");
}

/// Fetches are pure: two of the same texel are one instruction, and one
/// in a loop whose coordinates do not change is hoisted out of it.
/// Surface writes stay, each of them (the loop kept rolled, as
/// `#pragma unroll 1` does, so each is written once).
#[test]
fn fetches_are_pure_and_surface_writes_are_not() {
    let src = "__global__ void k(cudaTextureObject_t t, cudaSurfaceObject_t s, float *o, float x, int n) {\n\
        float a = tex1D<float>(t, x) + tex1D<float>(t, x);\n\
        #pragma unroll 1\n\
        for (int i = 0; i < n; i++) { a += tex1D<float>(t, x) * i; surf1Dwrite(a, s, 0); surf1Dwrite(a, s, 0); }\n\
        o[0] = a;\n}\n";
    let c = compile(src, 3, "sm_80");
    let ptx = c.ptx.unwrap();
    assert_eq!(ptx.matches("tex.1d").count(), 1, "{ptx}");
    assert_eq!(ptx.matches("sust.b.1d").count(), 2, "{ptx}");
    // An unused fetch goes; an unused surface read stays (it may trap).
    let src = "__global__ void k(cudaTextureObject_t t, cudaSurfaceObject_t s) { tex1D<float>(t, 0.5f); surf1Dread<int>(s, 0); }\n";
    let ptx = compile(src, 3, "sm_80").ptx.unwrap();
    assert!(!ptx.contains("tex.1d"), "{ptx}");
    assert!(ptx.contains("suld.b.1d.b32.trap"), "{ptx}");
}

/// The IR shows the fetch as NVVM's intrinsic, its texels as a vector read
/// lane by lane.
#[test]
fn the_ir_names_nvvms_intrinsics() {
    let src = "__global__ void k(cudaTextureObject_t t, float4 *o, float x, float y) { o[0] = tex2D<float4>(t, x, y); }\n\
               __global__ void w(cudaSurfaceObject_t s, uchar4 v, int x) { surf1Dwrite(v, s, x); }\n";
    let opts = Options {
        arch: "sm_80".into(),
        snapshots: true,
        ..Options::default()
    };
    let c = compile_source("tex.cu", src, &opts);
    let ir: String = c
        .stages
        .iter()
        .filter(|s| s.name == "irgen")
        .flat_map(|s| s.functions.iter().map(|f| f.text.to_string()))
        .collect();
    assert!(
        ir.contains("call <4 x float> @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %"),
        "{ir}"
    );
    assert!(ir.contains("extractelement <4 x float> %tex"), "{ir}");
    assert!(
        ir.contains("call void @llvm.nvvm.sust.b.1d.v4i8.trap(i64 %"),
        "{ir}"
    );
}

/// nvcc's errors: a texel type no fetch gives, a fetch with too few
/// coordinates, and the texture and surface references CUDA 12 removed.
#[test]
fn what_nvcc_rejects_is_rejected_with_its_words() {
    let c = compile(
        "__global__ void k(float *o, cudaTextureObject_t t) { o[0] = tex2D<float3>(t, 0.5f, 1.f).x; }\n",
        3,
        "sm_80",
    );
    let e = errors(&c).join("\n");
    assert!(
        e.contains("no instance of overloaded function \"tex2D\" matches the argument list (argument types are: (float3 *"),
        "{e}"
    );
    let c = compile(
        "__global__ void k(float *o, cudaTextureObject_t t) { o[0] = tex2D<double>(t, 0.5f, 1.f); }\n",
        3,
        "sm_80",
    );
    assert!(
        errors(&c).join("\n").contains("\"tex2D\""),
        "{:?}",
        errors(&c)
    );
    let c = compile(
        "__global__ void k(float *o, cudaTextureObject_t t) { o[0] = tex2D<float>(t, 0.5f); }\n",
        3,
        "sm_80",
    );
    assert!(
        errors(&c)
            .join("\n")
            .contains("no instance of overloaded function \"tex2D\" matches the argument list"),
        "{:?}",
        errors(&c)
    );
    for (src, msg) in [
        (
            "texture<float, 2, cudaReadModeElementType> tr;\n",
            "real.cu(1): error: texture is not a template",
        ),
        (
            "surface<void, 2> sr;\n",
            "real.cu(1): error: surface is not a template",
        ),
    ] {
        let c = compile_source("real.cu", src, &Options::default());
        assert_eq!(
            errors(&c)
                .first()
                .map(|e| e.lines().next().unwrap_or_default()),
            Some(msg),
            "{src}"
        );
    }
}
