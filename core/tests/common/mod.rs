//! Helpers shared by the integration tests: the corpus and NVIDIA's tools.
#![allow(dead_code)]

pub mod nvrtc;
pub mod sass;

use std::path::{Path, PathBuf};

/// The targets every corpus kernel must assemble for.
pub const TARGETS: &[&str] = &[
    "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_100", "sm_120",
];

pub fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/corpus")
}

/// Every `.cu` file of the corpus, sorted, with its text.
pub fn corpus() -> Vec<(String, String)> {
    let mut files: Vec<(String, String)> = std::fs::read_dir(corpus_dir())
        .expect("corpus directory")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "cu"))
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// A tool from the PyPI `nvidia-*` packages: the environment variable names it
/// (`cargo xtask test` sets it; then its absence is a failure), else the
/// workspace's `.venv` is searched. `None` when neither has it.
pub fn nvidia_tool(env: &str, rel: &str) -> Option<PathBuf> {
    if let Ok(p) = std::env::var(env) {
        let p = PathBuf::from(p);
        assert!(
            p.exists(),
            "{env} names {} which does not exist",
            p.display()
        );
        return Some(p);
    }
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/lib");
    for entry in std::fs::read_dir(lib).ok()?.flatten() {
        let p = entry.path().join("site-packages/nvidia/cu13").join(rel);
        if p.exists() {
            return Some(p);
        }
    }
    None
}

pub fn ptxas() -> Option<PathBuf> {
    nvidia_tool("PTXLAB_PTXAS", "bin/ptxas")
}

/// The NVRTC options a corpus file's `// nvrtc-options: …` lines ask for;
/// `--use-bundled-headers` alone gets a scratch directory where NVRTC
/// unpacks its own CUDA headers (cooperative_groups.h).
#[allow(dead_code)] // not every test file that includes this module asks
pub fn nvrtc_file_options(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| l.trim_start().strip_prefix("// nvrtc-options:"))
        .flat_map(|o| o.split_whitespace())
        .map(|o| {
            if o == "--use-bundled-headers" {
                // A directory per call: tests run in parallel.
                static CALLS: std::sync::atomic::AtomicUsize =
                    std::sync::atomic::AtomicUsize::new(0);
                let n = CALLS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                format!("{o}={}", scratch(&format!("nvrtc-headers-{n}")).display())
            } else {
                o.to_string()
            }
        })
        .collect()
}

/// ptxas's complaint about `ptx` for `arch` (`None` when it accepts it, or
/// when ptxas is not installed); `tag` names the scratch directory.
pub fn ptxas_rejects(ptx: &str, arch: &str, tag: &str) -> Option<String> {
    let ptxas = ptxas()?;
    let dir = scratch(tag);
    let file = dir.join("k.ptx");
    std::fs::write(&file, ptx).unwrap();
    let out = std::process::Command::new(ptxas)
        .arg(format!("-arch={arch}"))
        .arg(&file)
        .arg("-o")
        .arg(dir.join("k.cubin"))
        .output()
        .expect("run ptxas");
    (!out.status.success()).then(|| String::from_utf8_lossy(&out.stderr).into_owned())
}

/// A fresh scratch directory for one test, under one directory per test
/// process (`ptxlab-test-<pid>`). The first call of a process removes the
/// directories of test processes that are no longer running, so repeated
/// test runs do not fill the disk (NVRTC's bundled headers alone are 26 MB
/// per directory).
pub fn scratch(name: &str) -> PathBuf {
    static SWEEP: std::sync::Once = std::sync::Once::new();
    let tmp = std::env::temp_dir();
    SWEEP.call_once(|| sweep_dead_scratch(&tmp));
    let d = tmp
        .join(format!("ptxlab-test-{}", std::process::id()))
        .join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Removes `ptxlab-test-<pid>…` entries of `tmp` whose process has exited
/// (Linux only: a process is alive while `/proc/<pid>` exists).
fn sweep_dead_scratch(tmp: &std::path::Path) {
    if !std::path::Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(tmp) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(rest) = name.to_str().and_then(|n| n.strip_prefix("ptxlab-test-")) else {
            continue;
        };
        let pid: String = rest.chars().take_while(char::is_ascii_digit).collect();
        if !pid.is_empty() && !std::path::Path::new("/proc").join(&pid).exists() {
            let _ = std::fs::remove_dir_all(e.path());
        }
    }
}

/// The sm_80 PTX of `src` compiled as `k.cu`, which must give no
/// diagnostic; ptxas (when installed) must accept it (`tag` names its
/// scratch directory). The real-construct tests' compile.
pub fn checked_ptx(tag: &str, src: &str) -> String {
    let c = ptxlab_core::compile_source("k.cu", src, &sm80());
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.expect("no PTX");
    if let Some(e) = ptxas_rejects(&ptx, "sm_80", tag) {
        panic!("ptxas rejects:\n{e}\n{ptx}");
    }
    ptx
}

/// The errors (as nvcc prints them) of an sm_80 compile of `src` as `k.cu`.
pub fn compile_errors(src: &str) -> Vec<String> {
    let c = ptxlab_core::compile_source("k.cu", src, &sm80());
    c.diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| d.to_string())
        .collect()
}

fn sm80() -> ptxlab_core::Options {
    ptxlab_core::Options {
        arch: "sm_80".into(),
        ..ptxlab_core::Options::default()
    }
}

/// The `.entry` names of PTX text, in order.
pub fn entries(ptx: &str) -> Vec<&str> {
    ptx.lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|l| l.trim_end_matches('('))
        .collect()
}

/// Whether the float constant `hex` (PTX's `0f3F800000` or
/// `0d4008000000000000`) is in the PTX: as an operand, or, where it is
/// stored to memory, as its bits moved into an integer register
/// (`mov.u32 %r2, 1065353216;`, the signed decimal nvcc writes).
pub fn has_float_constant(ptx: &str, hex: &str) -> bool {
    if ptx.contains(hex) {
        return true;
    }
    let bits = match (hex.get(..2), hex.get(2..)) {
        (Some("0f"), Some(h)) => u32::from_str_radix(h, 16).map(|b| i64::from(b as i32)),
        (Some("0d"), Some(h)) => u64::from_str_radix(h, 16).map(|b| b as i64),
        _ => return false,
    };
    let Ok(bits) = bits else { return false };
    let width = if hex.starts_with("0f") { "u32" } else { "u64" };
    ptx.lines().any(|l| {
        let l = l.trim();
        l.starts_with(&format!("mov.{width}")) && l.ends_with(&format!(", {bits};"))
    })
}
