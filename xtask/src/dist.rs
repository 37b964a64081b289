//! `cargo xtask dist`: the static site. The web crate's three binaries go through
//! wasm-bindgen: `app` as an ES module (`--target web`, loaded by index.html),
//! `worker` (compiles) and `runner` (launches, bisections, reductions) as classic
//! scripts (`--target no-modules`, what the worker loader (static/worker.js)
//! `importScripts`, each under its own global). Built with the `wasm` profile
//! (opt-level "s" in every crate); then binaryen's wasm-opt, index.html and
//! static/, and the source editor bundled by esbuild.

use crate::{root, run_cmd, step, tools, Result};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

pub struct DistOptions {
    pub out: PathBuf,
    /// Cargo features of ptxlab-web (e.g. `wee_alloc`).
    pub features: Option<String>,
    pub wasm_opt: bool,
}

impl Default for DistOptions {
    fn default() -> Self {
        DistOptions {
            out: root().join("dist"),
            features: None,
            wasm_opt: true,
        }
    }
}

/// The web crate's binaries, how wasm-bindgen wraps each and, for the worker's
/// classic scripts, the global each glue defines (both live in one worker).
const BUNDLES: &[(&str, &str, Option<&str>)] = &[
    ("app", "web", None),
    ("worker", "no-modules", Some("wasm_bindgen")),
    ("runner", "no-modules", Some("ptxlab_runner")),
];

/// The cargo profile of the browser's wasm (Cargo.toml).
const PROFILE: &str = "wasm";

pub fn build(opts: &DistOptions) -> Result<Vec<FileSize>> {
    tools::ensure_wasm_target()?;
    let wasm_bindgen = tools::ensure_wasm_bindgen()?;
    if opts.wasm_opt {
        // binaryen comes with the e2e packages (Debian's wasm-opt is too old).
        tools::ensure_npm_packages()?;
    }

    step("building ptxlab-web for wasm32 (profile wasm)");
    let mut build = Command::new(crate::cargo_bin());
    build
        .args([
            "build",
            "--profile",
            PROFILE,
            "--target",
            tools::WASM_TARGET,
            "-p",
            "ptxlab-web",
            "--bins",
        ])
        .current_dir(root());
    if let Some(f) = &opts.features {
        build.args(["--features", f]);
    }
    run_cmd(&mut build)?;

    let out = &opts.out;
    if out.exists() {
        std::fs::remove_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    }
    let pkg = out.join("pkg");
    let wasm_dir = root().join("target").join(tools::WASM_TARGET).join(PROFILE);
    for (bin, target, global) in BUNDLES {
        let mut bindgen = Command::new(&wasm_bindgen);
        bindgen
            .arg(wasm_dir.join(format!("{bin}.wasm")))
            .args(["--target", target, "--no-typescript", "--out-dir"])
            .arg(&pkg);
        if let Some(global) = global {
            bindgen.args(["--no-modules-global", global]);
        }
        run_cmd(&mut bindgen)?;
        let wasm = pkg.join(format!("{bin}_bg.wasm"));
        match tools::wasm_opt().filter(|_| opts.wasm_opt) {
            Some(wasm_opt) => run_cmd(
                Command::new(wasm_opt)
                    .arg(&wasm)
                    .arg("-o")
                    .arg(&wasm)
                    // The features rustc enables by default for wasm32-unknown-unknown.
                    .args(["-Os", "--strip-debug", "--strip-producers"])
                    .args(WASM_FEATURES),
            )?,
            None if opts.wasm_opt => println!("(no wasm-opt found; skipping it)"),
            None => {}
        }
    }

    copy_file(&root().join("index.html"), &out.join("index.html"))?;
    copy_dir(&root().join("static"), &out.join("static"))?;
    bundle_editor(&out.join("static").join("editor.js"))?;

    let mut sizes = sizes(&pkg)?;
    sizes.extend(sizes_of(&[out.join("static").join("editor.js")])?);
    print_sizes(out, &sizes);
    Ok(sizes)
}

const WASM_FEATURES: &[&str] = &[
    "--enable-bulk-memory",
    "--enable-bulk-memory-opt",
    "--enable-mutable-globals",
    "--enable-nontrapping-float-to-int",
    "--enable-sign-ext",
    "--enable-reference-types",
    "--enable-multivalue",
];

fn copy_file(from: &Path, to: &Path) -> Result {
    if let Some(dir) = to.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::copy(from, to).map_err(|e| format!("copy {}: {e}", from.display()))?;
    Ok(())
}

fn copy_dir(from: &Path, to: &Path) -> Result {
    let entries = std::fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let dest = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_dir(&path, &dest)?;
        } else {
            copy_file(&path, &dest)?;
        }
    }
    Ok(())
}

/// One bundle file's size as served, raw and gzipped (what a browser downloads).
pub struct FileSize {
    pub name: String,
    pub raw: u64,
    pub gzip: u64,
}

/// The source editor (web/js/editor.js and CodeMirror) as one minified ES
/// module, by esbuild from web/js's npm packages.
fn bundle_editor(out: &Path) -> Result {
    tools::ensure_editor_packages()?;
    step("bundling the editor (esbuild)");
    let js = root().join("web").join("js");
    run_cmd(
        Command::new(js.join("node_modules").join(".bin").join("esbuild"))
            .arg("editor.js")
            .args([
                "--bundle",
                "--minify",
                "--format=esm",
                "--target=es2020",
                "--log-level=warning",
            ])
            .arg(format!("--outfile={}", out.display()))
            .current_dir(&js),
    )
}

fn sizes(pkg: &Path) -> Result<Vec<FileSize>> {
    let mut entries: Vec<_> = std::fs::read_dir(pkg)
        .map_err(|e| format!("{}: {e}", pkg.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    entries.sort();
    sizes_of(&entries)
}

fn sizes_of(paths: &[PathBuf]) -> Result<Vec<FileSize>> {
    let mut out = Vec::new();
    for path in paths {
        let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
        let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        gz.write_all(&bytes).map_err(|e| e.to_string())?;
        let gzip = gz.finish().map_err(|e| e.to_string())?.len() as u64;
        let name = path
            .file_name()
            .unwrap_or_default()
            .to_string_lossy()
            .into_owned();
        out.push(FileSize {
            name,
            raw: bytes.len() as u64,
            gzip,
        });
    }
    Ok(out)
}

fn print_sizes(out: &Path, sizes: &[FileSize]) {
    println!("\n{} (pkg/ and the editor):", out.display());
    println!("  {:<22} {:>10} {:>10}", "file", "raw", "gzip");
    let (mut raw, mut gzip) = (0, 0);
    for s in sizes {
        println!("  {:<22} {:>10} {:>10}", s.name, kib(s.raw), kib(s.gzip));
        raw += s.raw;
        gzip += s.gzip;
    }
    println!("  {:<22} {:>10} {:>10}", "total", kib(raw), kib(gzip));
}

fn kib(bytes: u64) -> String {
    format!("{:.1} KiB", bytes as f64 / 1024.0)
}
