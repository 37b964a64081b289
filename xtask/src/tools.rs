//! Installing what the commands need, each only when it is missing: the wasm32
//! target, wasm-bindgen-cli at the version in Cargo.lock, chromium, the e2e npm
//! packages, and the Python venv holding NVIDIA's ptxas, NVRTC, cuobjdump and nvdisasm (the oracles).

use crate::{output_of, root, run_cmd, step, Result};
use std::path::{Path, PathBuf};
use std::process::Command;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// The PyPI packages holding the oracles, pinned: their output is what tests compare with.
const PY_PACKAGES: &[(&str, &str)] = &[
    ("nvidia-cuda-nvcc", "13.5.37"),
    ("nvidia-cuda-nvrtc", "13.5.37"),
    ("nvidia-cuda-cuobjdump", "13.5.37"),
    // cuobjdump -sass runs nvdisasm (the bench's SASS instruction counts).
    ("nvidia-cuda-nvdisasm", "13.5.37"),
];

pub fn ensure_wasm_target() -> Result {
    let installed = output_of(Command::new("rustup").args(["target", "list", "--installed"]));
    match installed {
        Some(list) if list.lines().any(|l| l.trim() == WASM_TARGET) => Ok(()),
        Some(_) => {
            step(&format!("installing the {WASM_TARGET} target"));
            run_cmd(Command::new("rustup").args(["target", "add", WASM_TARGET]))
        }
        // No rustup: a toolchain managed some other way; let cargo report a missing target.
        None => Ok(()),
    }
}

/// The version of `name` that Cargo.lock pins (the lock is created when missing).
fn locked_version(name: &str) -> Result<String> {
    let lock_path = root().join("Cargo.lock");
    if !lock_path.exists() {
        run_cmd(
            Command::new(crate::cargo_bin())
                .arg("generate-lockfile")
                .current_dir(root()),
        )?;
    }
    let lock = std::fs::read_to_string(&lock_path).map_err(|e| format!("Cargo.lock: {e}"))?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line.trim() == format!("name = \"{name}\"") {
            if let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = "))
            {
                return Ok(v.trim_matches('"').to_string());
            }
        }
    }
    Err(format!("Cargo.lock has no package `{name}`"))
}

/// wasm-bindgen-cli must match the `wasm-bindgen` crate exactly, or its output
/// does not load; returns the binary to run.
pub fn ensure_wasm_bindgen() -> Result<PathBuf> {
    let want = locked_version("wasm-bindgen")?;
    let candidates = [
        PathBuf::from("wasm-bindgen"),
        cargo_home().join("bin").join("wasm-bindgen"),
    ];
    for bin in &candidates {
        if let Some(v) = output_of(Command::new(bin).arg("--version")) {
            if v.split_whitespace().nth(1) == Some(want.as_str()) {
                return Ok(bin.clone());
            }
        }
    }
    step(&format!(
        "installing wasm-bindgen-cli {want} (once; takes a few minutes)"
    ));
    run_cmd(Command::new(crate::cargo_bin()).args([
        "install",
        "wasm-bindgen-cli",
        "--version",
        &want,
        "--force",
    ]))?;
    Ok(cargo_home().join("bin").join("wasm-bindgen"))
}

fn cargo_home() -> PathBuf {
    std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(&std::env::var_os("HOME").unwrap_or_default()).join(".cargo"))
}

/// Debian's chromium, which playwright-core drives (no browser download).
pub fn ensure_chromium() -> Result<PathBuf> {
    let path = PathBuf::from("/usr/bin/chromium");
    if path.exists() {
        return Ok(path);
    }
    step("installing chromium (apt)");
    let sudo = output_of(Command::new("id").arg("-u")).is_some_and(|u| u.trim() != "0");
    let apt = |args: &[&str]| {
        let mut cmd = if sudo {
            Command::new("sudo")
        } else {
            Command::new("apt-get")
        };
        if sudo {
            cmd.arg("apt-get");
        }
        cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        run_cmd(&mut cmd)
    };
    apt(&["update"])?;
    apt(&["install", "-y", "--no-install-recommends", "chromium"])?;
    Ok(path)
}

/// `npm ci` in e2e/ when node_modules is missing or older than the lockfile.
pub fn ensure_npm_packages() -> Result {
    ensure_npm_ci(&root().join("e2e"))
}

/// The editor's packages (CodeMirror, esbuild) in web/js/.
pub fn ensure_editor_packages() -> Result {
    ensure_npm_ci(&root().join("web").join("js"))
}

/// `npm ci` in `dir` when node_modules is missing or older than the lockfile.
fn ensure_npm_ci(dir: &Path) -> Result {
    let dir = dir.to_path_buf();
    let lock = dir.join("package-lock.json");
    let stamp = dir.join("node_modules").join(".package-lock.json");
    let fresh = match (mtime(&lock), mtime(&stamp)) {
        (Some(l), Some(s)) => s >= l,
        _ => false,
    };
    if fresh {
        return Ok(());
    }
    step(&format!(
        "installing npm packages in {} (npm ci)",
        dir.display()
    ));
    run_cmd(
        Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&dir),
    )
}

fn mtime(path: &Path) -> Option<std::time::SystemTime> {
    std::fs::metadata(path).and_then(|m| m.modified()).ok()
}

/// The binaryen `wasm-opt` from the e2e npm packages, if installed.
pub fn wasm_opt() -> Option<PathBuf> {
    let bin = root()
        .join("e2e")
        .join("node_modules")
        .join(".bin")
        .join("wasm-opt");
    bin.exists().then_some(bin)
}

/// Where the oracles are, as the environment variables core's tests read.
pub struct Oracles {
    pub env: Vec<(&'static str, PathBuf)>,
}

/// The git-ignored `.venv` with NVIDIA's compilers (CPU only, no GPU needed).
pub fn ensure_python_oracles() -> Result<Oracles> {
    let venv = root().join(".venv");
    let python = venv.join("bin").join("python");
    if !python.exists() {
        step("creating the Python venv .venv");
        run_cmd(Command::new("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    ensure_pip(&venv, PY_PACKAGES, "NVIDIA's ptxas and NVRTC")?;
    let site = site_packages(&venv).ok_or("no site-packages in .venv")?;
    let cu13 = site.join("nvidia").join("cu13");
    let ptxas = cu13.join("bin").join("ptxas");
    let nvrtc = cu13.join("lib").join("libnvrtc.so.13");
    let cuobjdump = cu13.join("bin").join("cuobjdump");
    // cuobjdump looks for nvdisasm beside itself, on PATH or at NVDISASM_PATH.
    let nvdisasm = cu13.join("bin").join("nvdisasm");
    for p in [&ptxas, &nvrtc, &cuobjdump, &nvdisasm] {
        if !p.exists() {
            return Err(format!(
                "{} is missing after installing the pip packages",
                p.display()
            ));
        }
    }
    Ok(Oracles {
        env: vec![
            ("PTXLAB_PTXAS", ptxas),
            ("PTXLAB_NVRTC", nvrtc),
            ("PTXLAB_CUOBJDUMP", cuobjdump),
            ("NVDISASM_PATH", cu13.join("bin")),
        ],
    })
}

/// Installs `packages` (pinned, without their dependencies) into the venv
/// unless each is there already.
fn ensure_pip(venv: &Path, packages: &[(&str, &str)], what: &str) -> Result {
    let installed = |site: &Path| {
        packages.iter().all(|(name, version)| {
            site.join(format!("{}-{version}.dist-info", name.replace('-', "_")))
                .is_dir()
        })
    };
    if site_packages(venv).is_some_and(|s| installed(&s)) {
        return Ok(());
    }
    step(&format!("installing {what} into .venv (pip)"));
    let mut pip = Command::new(venv.join("bin").join("python"));
    pip.args([
        "-m",
        "pip",
        "install",
        "--disable-pip-version-check",
        "--no-deps",
    ]);
    for (name, version) in packages {
        pip.arg(format!("{name}=={version}"));
    }
    run_cmd(&mut pip)
}

/// What nvcc needs beyond the oracles' packages to compile whole files
/// (the runtime's and CRT's headers, cicc, CCCL, cuRAND), pinned as they.
const NVCC_PACKAGES: &[(&str, &str)] = &[
    ("nvidia-cuda-runtime", "13.5.37"),
    ("nvidia-cuda-crt", "13.5.37"),
    ("nvidia-nvvm", "13.5.37"),
    ("nvidia-cuda-cccl", "13.3.5.0.6"),
    ("nvidia-curand", "10.4.4.72"),
];

/// nvcc, the reference for real files, and the CCCL include folder it needs
/// on its path (CUB, Thrust, libcu++; `cuda_fp16.h` includes it too).
pub struct Nvcc {
    pub nvcc: PathBuf,
    pub ptxas: PathBuf,
    pub cccl: PathBuf,
}

pub fn ensure_nvcc() -> Result<Nvcc> {
    let oracles = ensure_python_oracles()?;
    let venv = root().join(".venv");
    ensure_pip(&venv, NVCC_PACKAGES, "nvcc's headers, cicc and CCCL")?;
    let site = site_packages(&venv).ok_or("no site-packages in .venv")?;
    let cu13 = site.join("nvidia").join("cu13");
    let ptxas = oracles
        .env
        .iter()
        .find(|(k, _)| *k == "PTXLAB_PTXAS")
        .map(|(_, v)| v.clone())
        .ok_or("no ptxas")?;
    Ok(Nvcc {
        nvcc: cu13.join("bin").join("nvcc"),
        ptxas,
        cccl: cu13.join("include").join("cccl"),
    })
}

fn site_packages(venv: &Path) -> Option<PathBuf> {
    let lib = std::fs::read_dir(venv.join("lib")).ok()?;
    lib.filter_map(|e| e.ok())
        .map(|e| e.path().join("site-packages"))
        .find(|p| {
            p.is_dir()
                && p.parent()
                    .is_some_and(|d| d.to_string_lossy().contains("python3"))
        })
}
