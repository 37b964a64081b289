//! The command-line compiler, run as a user runs it.

#[path = "../../core/tests/common/mod.rs"]
mod common;

use std::process::Command;

fn ptxlab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ptxlab"))
}

/// The PTX of `file` compiled with `args` (and `-o -`); the compile must succeed.
fn ptx_of(file: &std::path::Path, args: &[&str]) -> String {
    let out = ptxlab()
        .arg(file)
        .args(["-o", "-"])
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn compiles_saxpy_to_a_file_named_after_the_input() {
    let dir = common::scratch("cli-saxpy");
    std::fs::copy(common::corpus_dir().join("saxpy.cu"), dir.join("saxpy.cu")).unwrap();
    let out = ptxlab()
        .current_dir(&dir)
        .args(["saxpy.cu", "-arch=sm_90"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ptx = std::fs::read_to_string(dir.join("saxpy.ptx")).unwrap();
    assert!(ptx.contains(".target sm_90"));
    assert!(ptx.contains(".visible .entry saxpy("));
    assert!(
        ptx.contains("ld.global.nc.f32"),
        "restrict const pointer reads use the non-coherent path:\n{ptx}"
    );
    assert!(
        ptx.contains("fma.rn.f32"),
        "-fmad=true (default) contracts a*x+y:\n{ptx}"
    );
}

#[test]
fn o_dash_writes_to_stdout_and_defaults_to_sm_75() {
    let out = ptxlab()
        .arg(common::corpus_dir().join("saxpy.cu"))
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let ptx = String::from_utf8(out.stdout).unwrap();
    assert!(ptx.contains(".target sm_75"), "{ptx}");
    assert!(ptx.contains(".version 9.5"));
}

#[test]
fn errors_are_reported_in_nvcc_form_with_exit_status_1() {
    let dir = common::scratch("cli-error");
    let src = "__global__ void k(int *p) {\n    int x = 1\n    p[0] = y;\n}\n";
    std::fs::write(dir.join("bad.cu"), src).unwrap();
    let out = ptxlab()
        .current_dir(&dir)
        .args(["bad.cu"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bad.cu(3): error: expected a \";\""), "{err}");
    assert!(
        err.contains("error detected in the compilation of \"bad.cu\""),
        "{err}"
    );
    assert!(!dir.join("bad.ptx").exists());
    assert!(!err.contains("panicked"));
}

#[test]
fn ir_dumps_show_source_locations_only_with_lineinfo() {
    let file = common::corpus_dir().join("saxpy.cu");
    for lineinfo in [false, true] {
        let mut cmd = ptxlab();
        cmd.arg(&file).args(["-o", "-", "--print-after-all"]);
        if lineinfo {
            cmd.arg("--lineinfo");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        let located = err
            .lines()
            .filter(|l| l.contains(", !dbg !DILocation(line: "))
            .count();
        if lineinfo {
            // Every instruction of the kernel after irgen has a location.
            assert!(located > 20, "{located}\n{err}");
        } else {
            assert_eq!(located, 0, "{err}");
        }
    }
}

#[test]
fn print_after_all_and_print_changed() {
    let file = common::corpus_dir().join("loops.cu");
    let out = ptxlab()
        .arg(&file)
        .args(["-o", "-", "--print-after-all"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    for stage in [
        "irgen",
        "link",
        "mem2reg",
        "simplifycfg",
        "isel",
        "out-of-ssa",
        "layout",
    ] {
        assert!(
            err.contains(&format!("; *** IR Dump After {stage} ***")),
            "missing {stage}"
        );
    }
    assert!(err.contains("phi i32"), "mem2reg made phis");
    let all = err.matches("*** IR Dump After").count();
    let out = ptxlab()
        .arg(&file)
        .args(["-o", "-", "--print-changed"])
        .output()
        .unwrap();
    let changed = String::from_utf8_lossy(&out.stderr)
        .matches("*** IR Dump After")
        .count();
    assert!(
        changed < all && changed > 3,
        "print-changed shows {changed} of {all}"
    );
}

#[test]
fn flags_in_nvcc_spelling_change_the_ptx() {
    let file = common::corpus_dir().join("float_math.cu");
    let run = |args: &[&str]| ptx_of(&file, args);
    let default = run(&[]);
    assert!(
        default.contains("div.rn.f32")
            && default.contains("fma.rn.f32")
            && !default.contains(".ftz")
    );
    let fast = run(&["-use_fast_math"]);
    assert!(
        fast.contains("div.full.ftz.f32") && fast.contains("fma.rn.ftz.f32"),
        "{fast}"
    );
    let nofma = run(&["-fmad=false"]);
    assert!(
        !nofma.contains("fma.rn") && nofma.contains("mul.rn.f32") && nofma.contains("add.rn.f32"),
        "{nofma}"
    );
}

#[test]
fn stages_json_holds_the_whole_compilation() {
    let dir = common::scratch("cli-json");
    let json = dir.join("stages.json");
    let out = ptxlab()
        .arg(common::corpus_dir().join("saxpy.cu"))
        .args(["-o", "-", "--stages-json"])
        .arg(&json)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let stages = v["stages"].as_array().unwrap();
    assert!(stages.len() >= 8);
    assert_eq!(stages[0]["name"], "irgen");
    assert!(v["ptx"].as_str().unwrap().contains(".entry saxpy"));
}

#[test]
fn defines_and_include_dirs() {
    let dir = common::scratch("cli-include");
    std::fs::create_dir_all(dir.join("inc")).unwrap();
    std::fs::write(dir.join("inc/scale.h"), "#define FACTOR 3\n").unwrap();
    std::fs::write(
        dir.join("k.cu"),
        "#include \"scale.h\"\n__global__ void k(int *p) { p[0] = FACTOR * EXTRA; }\n",
    )
    .unwrap();
    let out = ptxlab()
        .current_dir(&dir)
        .args(["k.cu", "-I", "inc", "-DEXTRA=5", "-o", "-"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("15;"));
}

#[test]
fn unknown_arch_is_an_error() {
    let out = ptxlab()
        .arg(common::corpus_dir().join("saxpy.cu"))
        .args(["-arch=sm_52", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unsupported GPU architecture 'sm_52'"));
}

/// `-ptx-version`: the version written is the one asked for, or with
/// `lowest` the oldest the target accepts; one the target does not know,
/// or a spelling that is no version, is an error.
#[test]
fn ptx_version_chooses_the_version_directive() {
    let saxpy = common::corpus_dir().join("saxpy.cu");
    let version = |args: &[&str]| {
        ptx_of(&saxpy, args)
            .lines()
            .find(|l| l.starts_with(".version"))
            .unwrap()
            .to_string()
    };
    assert_eq!(version(&["-arch=sm_80"]), ".version 9.5");
    assert_eq!(
        version(&["-arch=sm_80", "-ptx-version=lowest"]),
        ".version 7.0"
    );
    assert_eq!(
        version(&["-arch=sm_90", "-ptx-version=lowest"]),
        ".version 7.8"
    );
    assert_eq!(
        version(&["-arch=sm_80", "-ptx-version=8.0"]),
        ".version 8.0"
    );
    for (arg, says) in [
        (
            "-ptx-version=6.5",
            "PTX ISA 6.5 does not support target sm_80 (it needs 7.0 or later)",
        ),
        ("-ptx-version=9.9", "PTX ISA 9.9 is newer than ptxlab knows"),
        ("-ptx-version=eight", "invalid PTX ISA version 'eight'"),
    ] {
        let out = ptxlab()
            .arg(&saxpy)
            .args(["-arch=sm_80", arg, "-o", "-"])
            .output()
            .unwrap();
        assert!(!out.status.success(), "{arg}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(says),
            "{arg}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// `--disable-pass` takes the names `--list-passes` prints; another name is
/// an error in nvcc's form before anything compiles, not a pass silently kept.
#[test]
fn an_unknown_pass_to_disable_is_an_error() {
    let saxpy = common::corpus_dir().join("saxpy.cu");
    let out = ptxlab()
        .arg(&saxpy)
        .args(["--disable-pass=mem2rge", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "ptxlab fatal   : Unknown pass 'mem2rge' in --disable-pass (--list-passes names them)\n"
    );
    // A known one compiles, without that pass.
    let out = ptxlab()
        .arg(&saxpy)
        .args(["--disable-pass=mem2reg", "--print-after-all", "-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let dumps = String::from_utf8_lossy(&out.stderr);
    assert!(dumps.contains("; *** IR Dump After mem2reg ***"), "{dumps}");
    assert!(dumps.contains("alloca"), "mem2reg did not run:\n{dumps}");
}

#[test]
fn launch_bounds_become_kernel_directives() {
    let file = common::corpus_dir().join("launch_bounds.cu");
    let ptx = ptx_of(&file, &["-arch=sm_80"]);
    assert!(
        ptx.contains(")\n.maxntid 128, 1, 1\n.minnctapersm 4\n{"),
        "{ptx}"
    );
    assert!(
        !ptx.contains(".maxclusterrank"),
        "sm_80 has no clusters:\n{ptx}"
    );
    assert!(ptx_of(&file, &["-arch=sm_90"]).contains(".minnctapersm 2\n.maxclusterrank 8\n{"));
}

#[test]
fn nvvm_reflect_follows_the_target_and_ftz() {
    let file = common::corpus_dir().join("reflect.cu");
    let run = |args: &[&str]| ptx_of(&file, args);
    let ftz = run(&["-arch=sm_86", "-ftz=true"]);
    // The FTZ branch's x * 2.0f, written x + x as NVRTC writes it.
    assert!(
        ftz.contains("add.ftz.f32 \t%f2, %f1, %f1;") && ftz.contains("860;"),
        "{ftz}"
    );
    let plain = run(&["-arch=sm_90"]);
    assert!(
        plain.contains("0f40400000") && !plain.contains("0f40000000") && plain.contains("900;"),
        "{plain}"
    );
    assert!(
        !plain.contains("__nvvm_reflect") && !plain.contains("$str"),
        "{plain}"
    );
}

#[test]
fn struct_parameters_pass_through_the_param_space() {
    let ptx = ptx_of(&common::corpus_dir().join("structs.cu"), &[]);
    let k = "_Z7structsP8ParticlePf6ParamsiP4Hist";
    // A struct kernel parameter: bytes with the struct's alignment, read in
    // place member by member (as NVRTC declares and reads it).
    assert!(
        ptx.contains(&format!(".param .align 8 .b8 {k}_param_2[24]")),
        "{ptx}"
    );
    let reads = |op: &str, addr: &str| {
        ptx.lines().any(|l| {
            l.trim_start().starts_with(op) && l.ends_with(&format!("[{k}_param_2{addr}];"))
        })
    };
    assert!(
        reads("ld.param.u32", "") && reads("ld.param.f32", "+4"),
        "{ptx}"
    );
    assert!(
        reads("ld.param.f64", "+8") && reads("ld.param.u8", "+16"),
        "{ptx}"
    );
    // A __noinline__ function takes struct parameters the same way and is
    // called with .param byte arrays.
    assert!(
        ptx.contains(".param .align 4 .b8 _Z3add4Vec3S__param_1[12]"),
        "{ptx}"
    );
    assert!(ptx.contains(".param .align 4 .b8 param1[12];"), "{ptx}");
    // The argument's members go from registers to the .param array, as in
    // NVRTC's PTX; the temporary that held them takes no local memory.
    assert!(ptx.contains("st.param.f32 \t[param1+8], %f"), "{ptx}");
    assert!(ptx.contains("st.param.f32 \t[param0+4], %f"), "{ptx}");
    // A struct result comes back in a .param array too, read from there
    // straight into registers.
    assert!(
        ptx.contains(".func  (.param .align 4 .b8 func_retval0[12]) _Z3add4Vec3S_(\n\t.param .align 4 .b8 _Z3add4Vec3S__param_0[12],"),
        "{ptx}"
    );
    assert!(ptx.contains("st.param.f32 \t[func_retval0+8], %f"), "{ptx}");
    assert!(
        ptx.contains(".param .align 4 .b8 retval0[12];\n\tcall.uni (retval0), \n\t_Z3add4Vec3S_, \n\t(\n\tparam0, \n\tparam1\n\t);"),
        "{ptx}"
    );
    assert!(ptx.contains("ld.param.f32 \t%f"), "{ptx}");
    assert!(ptx.contains(", [retval0+4];"), "{ptx}");
}

#[test]
fn struct_locals_stay_out_of_local_memory_at_o3() {
    for file in [
        "vector_types.cu",
        "struct_init.cu",
        "designators.cu",
        "shared_structs.cu",
    ] {
        let path = common::corpus_dir().join(file);
        let o3 = ptx_of(&path, &["-O3"]);
        assert!(!o3.contains(".local"), "{file} at -O3:\n{o3}");
        // At -O0 (no sroa, no mem2reg) the same structs live in the frame.
        let o0 = ptx_of(&path, &["-O0"]);
        assert!(o0.contains("__local_depot"), "{file} at -O0:\n{o0}");
    }
}

/// Every math function that maps to one PTX instruction, in NVRTC's
/// spelling, and with -ftz / -prec-sqrt=false as NVRTC changes them; the
/// PTX assembles for every target.
#[test]
fn math_intrinsics_have_nvrtcs_spellings() {
    let dir = common::scratch("cli-math");
    let src = dir.join("m.cu");
    std::fs::write(
        &src,
        "__global__ void k(float *o, double *d, int *r, const float *a) {
    float x = a[0], y = a[1], z = a[2];
    o[0] = sqrtf(x); o[1] = rsqrtf(x); o[2] = fabsf(x); o[3] = fminf(x, y);
    o[4] = fmaxf(x, y); o[5] = floorf(x); o[6] = ceilf(x); o[7] = truncf(x);
    o[8] = rintf(x); o[9] = fmaf(x, y, z); o[10] = __fdividef(x, y);
    o[11] = __frcp_rn(x); o[12] = __fsqrt_rn(y); o[13] = __fadd_rz(x, y);
    o[14] = __fadd_ru(x, y); o[15] = __fadd_rd(x, y); o[16] = __fmul_rn(x, y);
    o[17] = __fmul_rz(x, y); o[18] = __fmaf_rn(x, y, z); o[19] = __saturatef(x);
    o[20] = __sinf(x); o[21] = __cosf(x); o[22] = __expf(x); o[23] = __logf(x);
    o[24] = __int_as_float(r[9]);
    r[0] = __float2int_rn(x); r[1] = __float2int_rz(x); r[2] = __float2int_ru(x);
    r[3] = __float2int_rd(x); r[4] = min(r[5], r[6]); r[7] = abs(r[8]);
    d[0] = sqrt((double)x); d[1] = floor(d[2]); d[3] = fma(d[4], d[5], d[6]);
    d[7] = fmax(d[8], d[9]); d[10] = rsqrt(d[11]);
}
",
    )
    .unwrap();
    let plain = ptx_of(&src, &[]);
    for op in [
        "sqrt.rn.f32",
        "rsqrt.approx.f32",
        "abs.f32",
        "min.f32",
        "max.f32",
        "cvt.rmi.f32.f32",
        "cvt.rpi.f32.f32",
        "cvt.rzi.f32.f32",
        "cvt.rni.f32.f32",
        "fma.rn.f32",
        "div.approx.f32",
        "rcp.rn.f32",
        "add.rz.f32",
        "add.rp.f32",
        "add.rm.f32",
        "mul.rn.f32",
        "mul.rz.f32",
        "cvt.sat.f32.f32",
        "sin.approx.f32",
        "cos.approx.f32",
        "ex2.approx.f32",
        "lg2.approx.f32",
        "cvt.rni.s32.f32",
        "cvt.rzi.s32.f32",
        "cvt.rpi.s32.f32",
        "cvt.rmi.s32.f32",
        "min.s32",
        "abs.s32",
        "sqrt.rn.f64",
        "cvt.rmi.f64.f64",
        "fma.rn.f64",
        "max.f64",
    ] {
        assert!(plain.contains(&format!("\t{op} ")), "no {op}:\n{plain}");
    }
    // __int_as_float(r[9]) is r[9]'s bits loaded as the float, no mov.b32
    // (NVRTC: `ld.global.f32 %f1, [%rd4+36]`).
    assert!(
        plain
            .lines()
            .any(|l| l.contains("ld.global.f32") && l.ends_with("+36];")),
        "{plain}"
    );
    // __expf is 2^(x·log2 e), __logf lg2(x)·ln 2, with NVRTC's constants.
    assert!(
        plain.contains(", 0f3FB8AA3B;") && plain.contains(", 0f3F317218;"),
        "{plain}"
    );
    let ftz = ptx_of(&src, &["-ftz=true"]);
    for op in [
        "sqrt.rn.ftz.f32",
        "rsqrt.approx.ftz.f32",
        "abs.ftz.f32",
        "min.ftz.f32",
        "cvt.rmi.ftz.f32.f32",
        "div.approx.ftz.f32",
        "rcp.rn.ftz.f32",
        "add.rz.ftz.f32",
        "cvt.ftz.sat.f32.f32",
        "sin.approx.ftz.f32",
        "ex2.approx.ftz.f32",
        "cvt.rni.ftz.s32.f32",
        "fma.rn.ftz.f32",
    ] {
        assert!(
            ftz.contains(&format!("\t{op} ")),
            "no {op} with -ftz:\n{ftz}"
        );
    }
    assert!(
        ftz.contains("\tsqrt.rn.f64 "),
        "doubles never flush:\n{ftz}"
    );
    let approx = ptx_of(&src, &["-prec-sqrt=false"]);
    assert!(approx.contains("\tsqrt.approx.f32 "), "{approx}");
    // __fsqrt_rn stays IEEE-rounded whatever the flags.
    assert!(approx.contains("\tsqrt.rn.f32 "), "{approx}");
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED the ptxas half: ptxas not found");
        return;
    };
    for (n, ptx) in [plain, ftz, approx].iter().enumerate() {
        for arch in common::TARGETS {
            let file = dir.join(format!("m{n}-{arch}.ptx"));
            std::fs::write(
                &file,
                ptx.replace(".target sm_75", &format!(".target {arch}")),
            )
            .unwrap();
            let out = Command::new(&ptxas)
                .arg(format!("-arch={arch}"))
                .arg(&file)
                .arg("-o")
                .arg(dir.join("m.cubin"))
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "ptxas {arch}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

#[test]
fn whole_vector_types_load_and_store_as_ptx_vectors() {
    let ptx = ptx_of(&common::corpus_dir().join("vector_types.cu"), &["-O3"]);
    // As NVRTC: a float4 copy is one 16-byte access, an int2 or double2 one
    // 8- or 16-byte pair, a uchar4 four bytes at once.
    for op in [
        "ld.global.v4.f32",
        "st.global.v4.f32",
        "ld.global.v2.u32",
        "st.global.v2.u32",
        "ld.global.v4.u8",
        "st.global.v4.u8",
        "ld.global.v2.f64",
        "st.global.v2.f64",
    ] {
        assert!(
            ptx.contains(&format!("\t{op} \t{{")) || ptx.contains(&format!("\t{op} \t[")),
            "no {op}:\n{ptx}"
        );
    }
    // A float3 is only 4-byte aligned: three scalar loads.
    assert!(!ptx.contains(".v4.f32 \t{%f5"), "{ptx}");
    let loads = ptx.lines().filter(|l| l.contains("ld.global.f32")).count();
    assert_eq!(loads, 3, "{ptx}");
}

#[test]
fn device_printf_becomes_vprintf() {
    let dir = common::scratch("cli-printf");
    let file = dir.join("p.cu");
    std::fs::write(&file, "#include <stdio.h>\n__global__ void k(const float *x) {\n  printf(\"%d %f %c\\n\", (int)threadIdx.x, x[0], 'z');\n}\n").unwrap();
    let ptx = ptx_of(&file, &["-arch=sm_80"]);
    assert!(
        ptx.contains(
            ".extern .func  (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,"
        ),
        "{ptx}"
    );
    assert!(
        ptx.contains("call.uni (retval0), \n\tvprintf, \n\t(\n\tparam0, \n\tparam1\n\t);"),
        "{ptx}"
    );
    // The double argument sits at offset 8 of the buffer, the char (as int) at 16.
    assert!(
        ptx.contains("+8], %fd") && ptx.contains("+16], %r"),
        "{ptx}"
    );
    if let Some(ptxas) = common::ptxas() {
        let f = dir.join("p.ptx");
        std::fs::write(&f, &ptx).unwrap();
        let out = Command::new(ptxas)
            .args(["-arch=sm_80"])
            .arg(&f)
            .arg("-o")
            .arg(dir.join("p.cubin"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // Without the header too, as NVRTC.
    std::fs::write(
        &file,
        "__global__ void k(int *p) { printf(\"%d\\n\", p[0]); }\n",
    )
    .unwrap();
    assert!(ptx_of(&file, &[]).contains("vprintf"));
}

/// nvcc's `-expt-relaxed-constexpr` (one dash or two) lets device code call
/// `constexpr` host functions such as `std::max`.
#[test]
fn expt_relaxed_constexpr_allows_std_max_on_the_device() {
    let dir = common::scratch("cli-relaxed");
    let file = dir.join("m.cu");
    std::fs::write(
        &file,
        "#include <algorithm>\n__global__ void k(float *p) { p[0] = std::max(p[1], p[2]); }\n",
    )
    .unwrap();
    let out = ptxlab().arg(&file).args(["-o", "-"]).output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("m.cu(2): error: calling a constexpr __host__ function(\"max\") from a __global__ function is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this."),
        "{err}"
    );
    for flag in ["-expt-relaxed-constexpr", "--expt-relaxed-constexpr"] {
        let ptx = ptx_of(&file, &[flag]);
        assert!(ptx.contains(".entry _Z1kPf("), "{ptx}");
    }
}

/// `--list-passes` needs no input file and prints every pass with its
/// description; without it a file is required.
#[test]
fn list_passes_needs_no_file() {
    let out = ptxlab().arg("--list-passes").output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    for p in ptxlab_core::opt::PASSES {
        assert!(
            text.lines()
                .any(|l| l.split_whitespace().next() == Some(p.name)),
            "{} missing from:\n{text}",
            p.name
        );
    }
    let out = ptxlab().output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("<FILE>"));
}

/// Without snapshots (a plain compile, the CLI's default) the pipeline
/// keeps no IR text and marks a run changed by its pass's own report: the
/// marks equal those the snapshot comparison gives, and the PTX is the same.
#[test]
fn without_snapshots_the_changed_marks_and_the_ptx_are_the_same() {
    use ptxlab_core::{compile_source, compile_to_ir, opt, NoFiles, Options};
    for file in [
        "saxpy.cu",
        "scan.cu",
        "cxx_structs.cu",
        "function_pointers.cu",
    ] {
        let text = std::fs::read_to_string(common::corpus_dir().join(file)).unwrap();
        let with = Options {
            arch: "sm_80".into(),
            ..Options::default()
        };
        let without = Options {
            snapshots: false,
            ..with.clone()
        };
        let marks = |opts: &Options| {
            let mut m = compile_to_ir(file, &text, &NoFiles, opts, Some(0)).unwrap();
            let passes = opt::pipeline::passes(opts.opt_level);
            let cx = opt::PassContext::new(opts).unwrap();
            let (stages, broken) = opt::run(&mut m, passes, 0, &cx, 2, false);
            assert!(broken.is_none());
            let texts = stages.iter().any(|s| !s.functions.is_empty());
            assert_eq!(texts, opts.snapshots, "{file}");
            stages
                .iter()
                .map(|s| (s.name.clone(), s.changed))
                .collect::<Vec<_>>()
        };
        assert_eq!(marks(&with), marks(&without), "{file}");
        assert_eq!(
            compile_source(file, &text, &with).ptx,
            compile_source(file, &text, &without).ptx,
            "{file}"
        );
    }
}

/// Writes `text` as `k.cu` in a scratch directory named `name`; runs the
/// CLI there on it with `args`, returning its stderr (the compile must succeed).
fn stderr_of(name: &str, text: &str, args: &[&str]) -> String {
    let dir = common::scratch(name);
    std::fs::write(dir.join("k.cu"), text).unwrap();
    let out = ptxlab()
        .current_dir(&dir)
        .args(["k.cu", "-o", "-"])
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(out.status.success(), "{err}");
    err
}

const REMARKS_SRC: &str = "\
__device__ __noinline__ float twice(float x) { return 2.0f * x; }
__global__ void k(const float *__restrict__ a, float *b, int n) {
    float acc = 0;
#pragma unroll 4
    for (int i = 0; i < n; i++)
        acc += a[i];
    for (int j = 0; j < n; j++)
        acc += twice(acc);
    b[0] = acc;
}
";

#[test]
fn remarks_name_file_line_and_pass() {
    let err = stderr_of("cli-remarks", REMARKS_SRC, &["--remarks"]);
    for want in [
        "k.cu: remark: [mem2reg] `_Z1kPKfPfi`: promoted ",
        "k.cu(5): remark: [loop-unroll] loop at line 5 unrolled x4 with a remainder loop (pragma)",
        "k.cu(7): remark: [loop-unroll] loop at line 7 unrolled x4 with a remainder loop (runtime trip count)",
        "k.cu(5): remark: [loop-rotate] loop at line 5 rotated",
        "k.cu: remark: [memory-space-opt] `_Z1kPKfPfi`: memory accesses given their address space: ",
        "k.cu: remark: [isel] `_Z1kPKfPfi`: ",
        "k.cu: remark: [isel] `_Z1kPKfPfi`: `ld.global` -> `ld.global.nc` for ",
        "k.cu: remark: [layout] ",
    ] {
        assert!(err.contains(want), "missing '{want}' in:\n{err}");
    }
    // Missed remarks only with --remarks-missed.
    assert!(!err.contains("not inlined"), "{err}");
    let missed = stderr_of("cli-remarks-missed", REMARKS_SRC, &["--remarks-missed"]);
    for want in [
        "k.cu(8): remark: [inline] `_Z5twicef` not inlined into `_Z1kPKfPfi`: __noinline__",
        "k.cu(5): remark: [loop-unroll] loop at line 5 unrolled x4 with a remainder loop (pragma)",
    ] {
        assert!(missed.contains(want), "missing '{want}' in:\n{missed}");
    }
    // Without the flags, nothing.
    let plain = stderr_of("cli-remarks-none", REMARKS_SRC, &[]);
    assert!(!plain.contains("remark:"), "{plain}");
}

#[test]
fn stats_print_one_row_per_stage() {
    let err = stderr_of("cli-stats", REMARKS_SRC, &["--stats"]);
    let lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].contains("stage") && lines[0].contains("insts") && lines[0].contains("registers"),
        "{err}"
    );
    let row = |name: &str| {
        lines
            .iter()
            .find(|l| l.split_whitespace().nth(1) == Some(name))
            .unwrap_or_else(|| panic!("no row for {name} in:\n{err}"))
            .to_string()
    };
    assert!(row("irgen").contains("generic:"), "{err}");
    assert!(row("memory-space-opt").contains("global:"), "{err}");
    // After isel: virtual registers per class.
    assert!(
        row("isel").contains("%r:") && row("layout").contains("%f:"),
        "{err}"
    );
    assert!(!err.contains("remark:"), "{err}");
    // One row per stage but ptx.
    let rows = lines.len() - 1;
    let c = ptxlab_core::compile_source("k.cu", REMARKS_SRC, &ptxlab_core::Options::default());
    assert_eq!(rows, c.stages.len() - 1, "{err}");
}

/// Edit and continue: the IR after a pass run, edited, replaces that run's
/// result and the rest of the pipeline makes the PTX; a bad edit is an
/// error at its line.
#[test]
fn resume_at_a_run_from_edited_ir() {
    let dir = common::scratch("cli-resume");
    let cu = dir.join("k.cu");
    std::fs::write(
        &cu,
        "__global__ void k(float *p) { p[threadIdx.x] = p[threadIdx.x] * 5.0f; }\n",
    )
    .unwrap();
    let out = ptxlab()
        .arg(&cu)
        .args(["--print-after-all", "--opt-bisect-limit", "10", "-o", "-"])
        .output()
        .unwrap();
    let dump = String::from_utf8_lossy(&out.stderr).into_owned();
    // The last dump is the IR after run 10 (the later runs are skipped).
    let ir = dump
        .split("; *** IR Dump After ")
        .filter(|d| !d.starts_with("isel") && !d.starts_with("out-of-ssa"))
        .nth(12)
        .and_then(|d| d.split_once("***\n"))
        .map(|(_, t)| t.to_string())
        .unwrap();
    assert!(ir.contains("5.000000e+00"), "{ir}");
    let edited = dir.join("edit.ll");
    std::fs::write(&edited, ir.replace("5.000000e+00", "7.000000e+00")).unwrap();
    let plain = ptx_of(&cu, &[]);
    let resumed = ptx_of(
        &cu,
        &["--resume-at", "10", "--ir", edited.to_str().unwrap()],
    );
    assert!(plain.contains("0f40A00000"), "{plain}");
    assert!(
        resumed.contains("0f40E00000") && !resumed.contains("0f40A00000"),
        "{resumed}"
    );

    let line = ir.lines().position(|l| l.contains("fmul")).unwrap() + 1;
    std::fs::write(&edited, ir.replace("fmul", "fmull")).unwrap();
    let out = ptxlab()
        .arg(&cu)
        .args(["-o", "-", "--resume-at", "10", "--ir"])
        .arg(&edited)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains(&format!("edit.ll({line}): error:")),
        "{stderr}"
    );
}
