//! `ptxlab run-ptx`: a PTX file run in the emulator, with `run`'s arguments
//! and output (moved from `sim/tests/ptx_emu.rs`).

#[path = "../../core/tests/common/mod.rs"]
mod common;

use std::process::Command;

/// The header of a PTX module (as `sim/tests/ptx_emu.rs` writes its tests' modules).
const HEAD: &str = ".version 9.5\n.target sm_80\n.address_size 64\n";

// ---------------------------------------------------------------------------
// `ptxlab run-ptx`

fn ptxlab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ptxlab"))
}

#[test]
fn cli_runs_a_ptx_file_as_run_runs_the_source() {
    let dir = common::scratch("run-ptx");
    let ptx = dir.join("saxpy.ptx");
    let src = common::corpus_dir().join("saxpy.cu");
    // Without contraction, as the interpreter computes.
    let out = ptxlab()
        .arg(&src)
        .args(["-arch=sm_80", "-fmad=false", "-o"])
        .arg(&ptx)
        .output()
        .unwrap();
    assert!(out.status.success());
    let launch = [
        "--kernel",
        "saxpy",
        "--grid",
        "4",
        "--block",
        "256",
        "--args",
        "1000,2.0,f32[1000]:rand:3,f32[1000]:iota",
    ];
    let run = ptxlab()
        .arg("run")
        .arg(&src)
        .args(launch)
        .arg("-arch=sm_80")
        .output()
        .unwrap();
    let emu = ptxlab()
        .arg("run-ptx")
        .arg(&ptx)
        .args(launch)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&emu.stderr);
    assert!(emu.status.success(), "{stderr}");
    let a: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let b: serde_json::Value = serde_json::from_slice(&emu.stdout).unwrap();
    // The same values, under the PTX's parameter names.
    assert_eq!(a["y"], b["saxpy_param_3"]);
    assert_eq!(a["x"], b["saxpy_param_2"]);
    assert_eq!(b["saxpy_param_3"].as_array().map(Vec::len), Some(1000));
}

#[test]
fn cli_errors_name_the_ptx_file_and_line() {
    let dir = common::scratch("run-ptx-errors");
    let bad = dir.join("bad.ptx");
    std::fs::write(
        &bad,
        format!("{HEAD}.visible .entry k()\n{{\n\tmov.u32 %r1, 1;\n}}\n"),
    )
    .unwrap();
    let out = ptxlab()
        .arg("run-ptx")
        .arg(&bad)
        .args(["--kernel", "k", "--block", "1"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("bad.ptx(6): error: '%r1' is not a declared register"),
        "{stderr}"
    );
    let oob = dir.join("oob.ptx");
    std::fs::write(
        &oob,
        format!("{HEAD}.visible .entry k(.param .u64 k_param_0)\n{{\n\t.reg .b32 %r<2>;\n\t.reg .b64 %rd<2>;\n\tld.param.u64 %rd1, [k_param_0];\n\tld.global.u32 %r1, [%rd1+400];\n\tret;\n}}\n"),
    )
    .unwrap();
    let out = ptxlab()
        .arg("run-ptx")
        .arg(&oob)
        .args(["--kernel", "k", "--block", "2", "--args", "i32[4]"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("oob.ptx(9): error: out-of-bounds load"),
        "{stderr}"
    );
    assert!(
        stderr.contains("thread (0,0,0) of block (0,0,0)"),
        "{stderr}"
    );
    let out = ptxlab()
        .arg("run-ptx")
        .arg(&oob)
        .args(["--kernel", "nope", "--block", "2", "--args", "i32[4]"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("no kernel named 'nope' (kernels: k)"),
        "{stderr}"
    );
    let out = ptxlab()
        .arg("run-ptx")
        .arg(&oob)
        .args(["--kernel", "k", "--block", "2", "--args", "2.5"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("--args: argument 1 (k_param_0): '2.5' is not an integer"),
        "{stderr}"
    );
}
