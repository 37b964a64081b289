//! The command-line compiler, run as a user runs it.

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

#[test]
fn launch_bounds_become_kernel_directives() {
    let file = common::corpus_dir().join("launch_bounds.cu");
    let out = ptxlab()
        .arg(&file)
        .args(["-o", "-", "-arch=sm_80"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let ptx = String::from_utf8(out.stdout).unwrap();
    assert!(
        ptx.contains(")\n.maxntid 128, 1, 1\n.minnctapersm 4\n{"),
        "{ptx}"
    );
    assert!(
        !ptx.contains(".maxclusterrank"),
        "sm_80 has no clusters:\n{ptx}"
    );
    let out = ptxlab()
        .arg(&file)
        .args(["-o", "-", "-arch=sm_90"])
        .output()
        .unwrap();
    assert!(String::from_utf8(out.stdout)
        .unwrap()
        .contains(".minnctapersm 2\n.maxclusterrank 8\n{"));
}

#[test]
fn nvvm_reflect_follows_the_target_and_ftz() {
    let file = common::corpus_dir().join("reflect.cu");
    let run = |args: &[&str]| ptx_of(&file, args);
    let ftz = run(&["-arch=sm_86", "-ftz=true"]);
    assert!(
        ftz.contains("mul.ftz.f32") && ftz.contains("0f40000000") && ftz.contains("860;"),
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
    let k = "_Z7structsP8ParticlePf6Paramsi";
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
    assert!(ptx.contains("st.param.b32 \t[param1+8], "), "{ptx}");
}

#[test]
fn struct_locals_stay_out_of_local_memory_at_o3() {
    for file in ["vector_types.cu", "struct_init.cu", "designators.cu"] {
        let path = common::corpus_dir().join(file);
        let o3 = ptx_of(&path, &["-O3"]);
        assert!(!o3.contains(".local"), "{file} at -O3:\n{o3}");
        // At -O0 (no sroa, no mem2reg) the same structs live in the frame.
        let o0 = ptx_of(&path, &["-O0"]);
        assert!(o0.contains("__local_depot"), "{file} at -O0:\n{o0}");
    }
}
