//! `ptxlab run`: a kernel compiled to IR and run in the interpreter, its
//! buffers printed as JSON (moved from `sim/tests/interp.rs`).

#[path = "../../core/tests/common/mod.rs"]
mod common;

use std::process::Command;

// ---------------------------------------------------------------------------
// `ptxlab run`

fn ptxlab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ptxlab"))
}

#[test]
fn cli_runs_saxpy_and_prints_the_buffers_as_json() {
    let out = ptxlab()
        .arg("run")
        .arg(common::corpus_dir().join("saxpy.cu"))
        .args(["--kernel", "saxpy", "--grid", "4", "--block", "256"])
        .args(["--args", "1000,2.0,f32[1000]:iota,f32[1000]:ones"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let y = json["y"].as_array().expect("y");
    assert_eq!(y.len(), 1000);
    for (i, v) in y.iter().enumerate() {
        assert_eq!(v.as_f64(), Some(2.0 * i as f64 + 1.0), "y[{i}]");
    }
    assert_eq!(json["x"][999].as_f64(), Some(999.0));
    // Keys in parameter order.
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.find("\"x\"") < text.find("\"y\""));
}

#[test]
fn cli_prints_device_printf_to_stderr_and_keeps_stdout_json() {
    let out = ptxlab()
        .arg("run")
        .arg(common::corpus_dir().join("printf.cu"))
        .args(["--kernel", "print_values", "--grid", "2", "--block", "4"])
        .args(["--args", "i32[7],f32[7]:iota,7"])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["out"][6].as_i64(), Some(8));
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 2 + 7, "{stderr}");
    assert_eq!(lines[0], "block 0 of 2");
    assert_eq!(
        lines[2],
        "[ 1] odd |x=   1.000|0x0011|b|1099511627776|4294967295|ok%"
    );
    assert_eq!(lines[5], "block 1 of 2");
}

#[test]
fn cli_takes_mangled_names_2d_launches_and_pass_numbers() {
    let file = common::corpus_dir().join("matrix2d.cu");
    for extra in [
        vec!["-O0"],
        vec!["--after-pass", "0"],
        vec!["--after-pass", "3"],
    ] {
        let out = ptxlab()
            .arg("run")
            .arg(&file)
            .args([
                "--kernel",
                "_Z6matmulPKfS0_Pfiii",
                "--grid",
                "1,1",
                "--block",
                "2,2,1",
            ])
            .args(["--args", "f32[4]:[1,2,3,4],f32[4]:[1,0,0,1],f32[4],2,2,2"])
            .args(&extra)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(
            json["C"],
            serde_json::json!([1.0, 2.0, 3.0, 4.0]),
            "{extra:?}"
        );
    }
}

#[test]
fn cli_errors_exit_1_with_a_message() {
    let dir = common::scratch("interp-cli");
    let oob = dir.join("oob.cu");
    std::fs::write(
        &oob,
        "__global__ void oob(const int *x, int *y) {\n    y[threadIdx.x] = x[threadIdx.x * 2];\n}\n",
    )
    .unwrap();
    let spin = dir.join("spin.cu");
    std::fs::write(
        &spin,
        "__global__ void spin(int *p) {\n  while (p[0] == 0) {}\n}\n",
    )
    .unwrap();
    let saxpy = common::corpus_dir().join("saxpy.cu");
    let cases: Vec<(Vec<std::ffi::OsString>, &str)> = vec![
        (
            vec![
                oob.clone().into(),
                "--kernel".into(),
                "oob".into(),
                "--block".into(),
                "8".into(),
                "--args".into(),
                "i32[8]:iota,i32[8]".into(),
            ],
            "out-of-bounds load of 4 bytes at offset 32 of global buffer 0",
        ),
        (
            vec![
                spin.into(),
                "--kernel".into(),
                "spin".into(),
                "--block".into(),
                "1".into(),
                "--args".into(),
                "i32[1]".into(),
                "--max-steps".into(),
                "5000".into(),
            ],
            "step limit reached",
        ),
        (
            vec![
                saxpy.clone().into(),
                "--kernel".into(),
                "saxpyy".into(),
                "--block".into(),
                "1".into(),
            ],
            "no kernel named 'saxpyy' (kernels: saxpy)",
        ),
        (
            vec![
                saxpy.clone().into(),
                "--kernel".into(),
                "saxpy".into(),
                "--block".into(),
                "1".into(),
                "--args".into(),
                "1,2".into(),
            ],
            "the kernel takes 4 arguments (i32 n, float a, ptr x, ptr y), --args gives 2",
        ),
        (
            vec![
                saxpy.into(),
                "--kernel".into(),
                "saxpy".into(),
                "--block".into(),
                "1".into(),
                "--args".into(),
                "1,2.x,f32[1],f32[1]".into(),
            ],
            "argument 2 (a): '2.x' is not a float",
        ),
    ];
    for (args, message) in cases {
        let out = ptxlab().arg("run").args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains(message), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn cli_out_of_bounds_error_names_the_instruction_and_line() {
    let dir = common::scratch("interp-cli-oob");
    let oob = dir.join("oob.cu");
    std::fs::write(
        &oob,
        "__global__ void oob(const int *x, int *y) {\n    y[threadIdx.x] = x[threadIdx.x * 2];\n}\n",
    )
    .unwrap();
    let out = ptxlab()
        .arg("run")
        .arg(&oob)
        .args([
            "--kernel",
            "oob",
            "--block",
            "8",
            "--args",
            "i32[8]:iota,i32[8]",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr.contains("oob.cu(2): error: out-of-bounds load"),
        "{stderr}"
    );
    assert!(stderr.contains("load i32, ptr addrspace(1)"), "{stderr}");
    assert!(
        stderr.contains("thread (4,0,0) of block (0,0,0)"),
        "{stderr}"
    );
}

#[test]
fn the_compile_form_still_works_beside_run() {
    let out = ptxlab()
        .arg(common::corpus_dir().join("saxpy.cu"))
        .args(["-o", "-"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert!(String::from_utf8_lossy(&out.stdout).contains(".visible .entry saxpy("));
}

#[test]
fn cli_reports_a_shared_memory_race_and_exits_3() {
    let dir = std::env::temp_dir().join(format!("ptxlab-race-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let racy = "extern \"C\" __global__ void k(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  SYNC
  for (int d = 32; d > 0; d /= 2) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
";
    let run = |name: &str, sync: &str| {
        let path = dir.join(name);
        std::fs::write(&path, racy.replace("SYNC", sync)).unwrap();
        ptxlab()
            .arg("run")
            .arg(&path)
            .args(["--kernel", "k", "--grid", "1", "--block", "64"])
            .args(["--args", "i32[64]:iota,i32[1]"])
            .output()
            .unwrap()
    };
    let out = run("racy.cu", "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("racy.cu(4): error: data race on shared memory: thread (32,0,0) of block (0,0,0) writes 4 bytes at shared+0x80 that thread (0,0,0) read at line 7 without a barrier between"),
        "{stderr}"
    );
    // The buffers are still printed: the run completed.
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json["out"].is_array());
    let out = run("clean.cu", "__syncthreads();");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_reports_a_global_memory_race_between_blocks_and_exits_3() {
    let dir = std::env::temp_dir().join(format!("ptxlab-grace-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = "extern \"C\" __global__ void k(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) out[INDEX] = in[i];
}
";
    let run = |name: &str, index: &str, extra: &[&str]| {
        let path = dir.join(name);
        std::fs::write(&path, src.replace("INDEX", index)).unwrap();
        ptxlab()
            .arg("run")
            .arg(&path)
            .args(["--kernel", "k", "--grid", "4", "--block", "32"])
            .args(["--args", "i32[128]:iota,i32[4]"])
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run("racy.cu", "0", &[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("racy.cu(3): error: data race on global memory: thread (0,0,0) of block (1,0,0) writes 4 bytes at global buffer 1+0x0 that thread (0,0,0) of block (0,0,0) wrote at line 3 (blocks are not ordered)"),
        "{stderr}"
    );
    // --no-ub-checks runs it silently; the twin is clean.
    let out = run("racy.cu", "0", &["--no-ub-checks"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run("clean.cu", "blockIdx.x", &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cli_reports_division_by_zero_and_a_divergent_barrier_with_status_3() {
    let dir = std::env::temp_dir().join(format!("ptxlab-ub-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, src: &str, ptx: bool| {
        let path = dir.join(name);
        std::fs::write(&path, src).unwrap();
        let mut cmd = ptxlab();
        if ptx {
            let out = dir.join(format!("{name}.ptx"));
            let c = ptxlab().arg(&path).arg("-o").arg(&out).output().unwrap();
            assert!(c.status.success(), "{}", String::from_utf8_lossy(&c.stderr));
            cmd.arg("run-ptx").arg(&out);
        } else {
            cmd.arg("run").arg(&path);
        }
        cmd.args(["--kernel", "k", "--grid", "1", "--block", "8"])
            .args(["--args", "i32[8],5"])
            .output()
            .unwrap()
    };
    let div = "extern \"C\" __global__ void k(int *out, int d) {\n  out[threadIdx.x] = 100 / (d - (int)threadIdx.x);\n}\n";
    // Half the block waits at one barrier, half at another.
    let half = "extern \"C\" __global__ void k(int *out, int d) {\n  if (threadIdx.x < 4) {\n    __syncthreads();\n    out[threadIdx.x] = d;\n  } else {\n    out[threadIdx.x] = 1;\n    __syncthreads();\n  }\n}\n";
    for ptx in [false, true] {
        let out = run("div.cu", div, ptx);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{stderr}");
        assert!(
            stderr.contains("integer division by zero: thread (5,0,0)"),
            "{stderr}"
        );
        if !ptx {
            assert!(stderr.contains("div.cu(2): error:"), "{stderr}");
        }
        // A finding, not an error: the run went on and printed the buffers
        // (thread 5 got the H200's all ones).
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(json.as_object().unwrap().values().next().unwrap()[5], -1);
    }
    // In PTX two `bar.sync 0` meet wherever they are; in the IR (CUDA's
    // `__syncthreads()`) they must be the same one.
    let out = run("half.cu", half, false);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{stderr}");
    assert!(
        stderr.contains("half.cu(3): error: barrier divergence: thread (0,0,0)"),
        "{stderr}"
    );
    // A fault of the access checks stays an error (status 1).
    let oob = "extern \"C\" __global__ void k(int *out, int d) {\n  out[threadIdx.x + d] = d;\n}\n";
    let out = run("oob.cu", oob, false);
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Every kernel of the undefined-behaviour corpus (`sim/tests/ub`): `ptxlab
/// run` names its kind at its line and exits 3; its twin runs clean.
#[test]
fn cli_names_each_kind_of_undefined_behaviour_at_its_line() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../sim/tests/ub");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut seen = 0;
    for path in files {
        let src = std::fs::read_to_string(&path).unwrap();
        let header = |key: &str| {
            src.lines()
                .find_map(|l| l.strip_prefix(key))
                .unwrap()
                .trim()
                .to_string()
        };
        let (ub, launch) = (header("// ub:"), header("// launch:"));
        let kernel = src
            .split("void ")
            .nth(1)
            .unwrap()
            .split('(')
            .next()
            .unwrap();
        let out = ptxlab()
            .arg("run")
            .arg(&path)
            .args(["--kernel", kernel])
            .args(launch.split_whitespace())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        let name = path.file_name().unwrap().to_string_lossy();
        if ub == "none" {
            assert!(out.status.success(), "{name}: {stderr}");
            assert_eq!(stderr, "", "{name}");
            continue;
        }
        let mut w = ub.split_whitespace();
        let (kind, line) = (w.next().unwrap(), w.next().unwrap());
        let kind = [
            ptxlab_sim::FindingKind::SharedRace,
            ptxlab_sim::FindingKind::GlobalRace,
            ptxlab_sim::FindingKind::UninitializedShared,
            ptxlab_sim::FindingKind::UninitializedLocal,
            ptxlab_sim::FindingKind::DivisionByZero,
            ptxlab_sim::FindingKind::DivisionOverflow,
            ptxlab_sim::FindingKind::InactiveLane,
            ptxlab_sim::FindingKind::WarpMask,
            ptxlab_sim::FindingKind::BarrierDivergence,
            ptxlab_sim::FindingKind::BarrierAfterExit,
        ]
        .into_iter()
        .find(|k| format!("{k:?}") == kind)
        .unwrap();
        // A barrier after exited threads is a warning (exit 0), the rest
        // undefined behaviour (exit 3).
        let (code, severity) = if kind.is_warning() {
            (0, "warning")
        } else {
            (3, "error")
        };
        assert_eq!(out.status.code(), Some(code), "{name}: {stderr}");
        let want = format!("{name}({line}): {severity}: {}: ", kind.describe());
        assert!(
            stderr.contains(&want),
            "{name}: expected '{want}' in\n{stderr}"
        );
        seen += 1;
    }
    assert!(seen >= 9, "{seen} kernels with undefined behaviour");
}

/// `--cooperative`: grid.sync() meets across the blocks in the interpreter
/// and, on our PTX, in the emulator (`run-ptx`, whose `.target` sets the
/// limits); without it the barrier traps, and a grid the model's SM cannot
/// hold at once fails to launch.
#[test]
fn cli_runs_a_cooperative_launch() {
    let dir = std::env::temp_dir().join(format!("ptxlab-coop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cu = dir.join("g.cu");
    std::fs::write(
        &cu,
        "#include <cooperative_groups.h>\n\
         __global__ void k(int *a, int *b) {\n\
           cooperative_groups::grid_group g = cooperative_groups::this_grid();\n\
           unsigned i = g.thread_rank(), n = g.size();\n\
           a[i] = i; g.sync(); b[i] = a[(i + 1) % n];\n\
         }\n",
    )
    .unwrap();
    let ptx = dir.join("g.ptx");
    let st = ptxlab()
        .arg(&cu)
        .args(["-arch=sm_80", "-o"])
        .arg(&ptx)
        .status()
        .unwrap();
    assert!(st.success());
    let launch = |sub: &str, file: &std::path::Path, grid: &str, coop: bool| {
        let mut c = ptxlab();
        c.arg(sub).arg(file);
        c.args([
            "--kernel",
            "k",
            "--grid",
            grid,
            "--block",
            "64",
            "--args",
            "i32[512],i32[512]",
        ]);
        if coop {
            c.arg("--cooperative");
        }
        c.output().unwrap()
    };
    for (sub, file) in [("run", &cu), ("run-ptx", &ptx)] {
        let out = launch(sub, file, "3", true);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{sub}: {stderr}");
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let b = json
            .as_object()
            .unwrap()
            .values()
            .nth(1)
            .unwrap()
            .as_array()
            .unwrap()
            .clone();
        assert_eq!(b[63].as_i64(), Some(64), "{sub}");
        assert_eq!(b[191].as_i64(), Some(0), "{sub}");
        let out = launch(sub, file, "3", false);
        assert!(!out.status.success(), "{sub}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains("trap"),
            "{sub}"
        );
        // sm_80: 2048 threads an SM, 32 blocks of 64.
        let out = launch(sub, file, "33", true);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("cooperative launch of 33 blocks is too large"),
            "{sub}: {stderr}"
        );
    }
    std::fs::remove_dir_all(&dir).ok();
}
