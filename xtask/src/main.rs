//! `cargo xtask <command>`: ptxlab's automation, in Rust (rust-analyzer's convention).
//!
//! - `dist [--features F] [--out DIR] [--no-opt]`: build the static site into `dist/`.
//! - `serve [--port N] [--no-build]`: build `dist/` and serve it on 127.0.0.1.
//! - `test`: every check CI runs: fmt, clippy, unit and oracle tests, dist, browser tests.
//! - `e2e [--no-build]`: only the browser tests, against a freshly built `dist/`.
//! - `bench [--runs N]`: compile latency and code quality (registers, SASS
//!   instructions) of the corpus beside NVRTC's.
//! - `libtable`: the device-library kernels (`sim/tests/libcorpus`, the corpus's
//!   library files) with registers and SASS instructions beside NVRTC's, in Markdown.
//! - `gpu-bundle`: the corpus cases (PTX, launches, inputs, expected buffers)
//!   in `target/gpu-bundle/`, for `core/tests/gpu/run_cupy.py` on a machine with a GPU.
//! - `realcode DIR... [--include DIR]... [--define N[=V]]... [--jobs N]`: every `.cu`
//!   under the directories through nvcc and ptxlab, kernels compared (`realcode.rs`).
//! - `bench-web [--features F] [--loads L] [--runs N] [--kernels K] [--no-build] [--site DIR]`: the
//!   browser figures (e2e/bench.mjs): the first PTX after navigation in L fresh browsers
//!   and the bytes requested before it (each file gzip -9), the worker's compile of K
//!   saxpy kernels (median of N), the worker's interpreter in instructions/s; `--site`
//!   measures a built site (e.g. `dist`) instead of building one.
//!
//! Architecture Invariant: every command installs what it needs when it is missing
//! (see `tools.rs`), and does nothing on a second run when nothing changed.

mod dist;
mod realcode;
mod serve;
mod tools;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

type Result<T = ()> = std::result::Result<T, String>;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: error: {message}");
            ExitCode::FAILURE
        }
    }
}

const USAGE: &str = "usage: cargo xtask <command>
  dist [--features F] [--out DIR] [--no-opt]   build the static site into dist/
  serve [--port N] [--no-build]                build dist/ and serve it on 127.0.0.1
  test                                         run every test (what CI runs)
  e2e [--no-build]                             run the browser tests only
  bench [--runs N]                             compile time and code quality beside NVRTC
  libtable                                     library kernels' registers and SASS beside NVRTC's
  gpu-bundle                                   the corpus for a real GPU (target/gpu-bundle/)
  realcode DIR... [--include DIR]... [--define N[=V]]... [--jobs N]
                                               every .cu under DIR through nvcc and ptxlab, kernels compared
  difftest [--programs N] [--seed S] [--jobs J] random kernels checked by every oracle
  bench-web [--features F] [--loads L] [--runs N] [--kernels K] [--no-build] [--site DIR]
                                               first load, compile and interpreter in the browser";

fn run(args: &[String]) -> Result {
    let Some((command, rest)) = args.split_first() else {
        println!("{USAGE}");
        return Ok(());
    };
    let mut flags = Flags::parse(rest)?;
    match command.as_str() {
        "dist" => {
            let opts = dist::DistOptions {
                out: flags.path("--out").unwrap_or_else(|| root().join("dist")),
                features: flags.value("--features"),
                wasm_opt: !flags.switch("--no-opt"),
            };
            flags.finish()?;
            dist::build(&opts).map(|_| ())
        }
        "serve" => {
            let port: u16 = match flags.value("--port") {
                Some(p) => p
                    .parse()
                    .map_err(|_| format!("--port: not a port number: {p}"))?,
                None => 8000,
            };
            let build = !flags.switch("--no-build");
            flags.finish()?;
            let site = root().join("dist");
            if build {
                dist::build(&dist::DistOptions::default())?;
            }
            serve::serve_forever(&site, port)
        }
        "test" => {
            flags.finish()?;
            test_all()
        }
        "e2e" => {
            let build = !flags.switch("--no-build");
            flags.finish()?;
            if build {
                dist::build(&dist::DistOptions::default())?;
            }
            e2e(&root().join("dist"))
        }
        "bench-web" => {
            let features = flags.value("--features");
            let runs = flags.value("--runs").unwrap_or_else(|| "15".to_string());
            let kernels = flags.value("--kernels").unwrap_or_else(|| "1".to_string());
            let loads = flags.value("--loads").unwrap_or_else(|| "5".to_string());
            let site = flags.path("--site");
            let build = !flags.switch("--no-build");
            flags.finish()?;
            bench_web(
                features,
                site,
                &[
                    ("--loads", &loads),
                    ("--runs", &runs),
                    ("--kernels", &kernels),
                ],
                build,
            )
        }
        "bench" => {
            let runs = flags.value("--runs").unwrap_or_else(|| "20".to_string());
            flags.finish()?;
            bench(&runs)
        }
        "libtable" => {
            flags.finish()?;
            libtable()
        }
        "gpu-bundle" => {
            flags.finish()?;
            gpu_bundle()
        }
        "realcode" => {
            let includes = std::iter::from_fn(|| flags.path("--include")).collect();
            let defines = std::iter::from_fn(|| flags.value("--define")).collect();
            let jobs = match flags.value("--jobs") {
                Some(j) => j
                    .parse()
                    .map_err(|_| format!("--jobs: not a number: {j}"))?,
                None => std::thread::available_parallelism().map_or(2, |n| n.get()),
            };
            let dirs = flags.rest();
            if dirs.is_empty() {
                return Err(format!("realcode: name at least one directory\n{USAGE}"));
            }
            realcode::run(&realcode::RealcodeOptions {
                dirs,
                includes,
                defines,
                jobs,
            })
        }
        "difftest" => {
            let programs = flags.value("--programs").unwrap_or_else(|| "1000".into());
            let seed = flags.value("--seed").unwrap_or_else(|| "1".into());
            let jobs = flags.value("--jobs");
            flags.finish()?;
            difftest(&programs, &seed, jobs)
        }
        "help" | "--help" | "-h" => {
            println!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command `{other}`\n{USAGE}")),
    }
}

/// `cargo run [--release] -p PACKAGE --example NAME -- ARGS`, with NVIDIA's
/// tools at their pinned versions in its environment.
fn example(
    oracles: &tools::Oracles,
    release: bool,
    package: &str,
    name: &str,
    args: &[&str],
) -> Command {
    let mut cmd = Command::new(cargo_bin());
    cmd.current_dir(root()).args(["run", "--quiet"]);
    if release {
        cmd.arg("--release");
    }
    cmd.args(["-p", package, "--example", name, "--"])
        .args(args);
    for (k, v) in &oracles.env {
        cmd.env(k, v);
    }
    cmd
}

/// The native benchmark table (core/examples/bench.rs): compile latency,
/// registers and SASS instructions beside NVRTC's, on the same machine;
/// then the scaling table (core/examples/scaling.rs) and the interpreters'
/// speed (sim/examples/interp_speed.rs).
fn bench(runs: &str) -> Result {
    let oracles = tools::ensure_python_oracles()?;
    run_cmd(&mut example(
        &oracles,
        true,
        "ptxlab-core",
        "bench",
        &[runs],
    ))?;
    run_cmd(&mut example(&oracles, true, "ptxlab-core", "scaling", &[]))?;
    run_cmd(&mut example(
        &oracles,
        true,
        "ptxlab-sim",
        "interp_speed",
        &[],
    ))
}

/// The device-library table (sim/examples/libtable.rs), with NVIDIA's
/// ptxas, NVRTC, cuobjdump and nvdisasm at their pinned versions.
fn libtable() -> Result {
    let oracles = tools::ensure_python_oracles()?;
    run_cmd(&mut example(&oracles, false, "ptxlab-sim", "libtable", &[]))
}

/// Random kernels through every oracle (difftest/): the generator and the
/// oracles in release mode, on `jobs` threads (all cores by default).
fn difftest(programs: &str, seed: &str, jobs: Option<String>) -> Result {
    let jobs = jobs.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .to_string()
    });
    let mut cmd = Command::new(cargo_bin());
    cmd.current_dir(root()).args([
        "run",
        "--quiet",
        "--release",
        "-p",
        "ptxlab-difftest",
        "--",
        "--programs",
        programs,
        "--seed",
        seed,
        "--jobs",
        &jobs,
    ]);
    run_cmd(&mut cmd)
}

/// The corpus cases for a real GPU (`ptx_emu.rs`' ignored `gpu_bundle` test),
/// with how to run them there.
fn gpu_bundle() -> Result {
    let oracles = tools::ensure_python_oracles()?;
    let dir = root().join("target").join("gpu-bundle");
    let mut cmd = Command::new(cargo_bin());
    cmd.current_dir(root())
        .args([
            "test",
            "-p",
            "ptxlab-sim",
            "--test",
            "ptx_emu",
            "--",
            "--ignored",
            "--exact",
            "gpu_bundle",
        ])
        .env("PTXLAB_GPU_BUNDLE", &dir);
    for (k, v) in &oracles.env {
        cmd.env(k, v);
    }
    run_cmd(&mut cmd)?;
    // The accuracy report's functions, ours and NVIDIA's libdevice, beside it.
    let mut cmd = Command::new(cargo_bin());
    cmd.current_dir(root())
        .args([
            "test",
            "-p",
            "ptxlab-accuracy",
            "--test",
            "libdevice_ptx",
            "--",
            "--ignored",
            "--exact",
            "gpu_accuracy_bundle",
        ])
        .env("PTXLAB_GPU_BUNDLE", dir.join("accuracy"));
    for (k, v) in &oracles.env {
        cmd.env(k, v);
    }
    run_cmd(&mut cmd)?;
    println!(
        "on a machine with an NVIDIA GPU and CuPy, from the repository root:\n  python3 core/tests/gpu/run_cupy.py target/gpu-bundle\n  python3 core/tests/gpu/run_cupy.py target/gpu-bundle/accuracy"
    );
    Ok(())
}

/// Everything CI checks, cheapest first so a typo fails in seconds.
fn test_all() -> Result {
    let mut timings = Timings::default();
    let oracles = timings.time("tools", || {
        tools::ensure_wasm_target()?;
        let mut oracles = tools::ensure_python_oracles()?;
        // nvcc with its headers and CCCL: the whole-program tests compare
        // kernel lists with it, and the CUB tests compile with CCCL.
        let nvcc = tools::ensure_nvcc()?;
        oracles.env.push(("PTXLAB_NVCC", nvcc.nvcc));
        Ok(oracles)
    })?;

    timings.time("fmt", || {
        step("cargo fmt");
        cargo(&["fmt", "--all", "--check"])
    })?;
    timings.time("clippy", || {
        step("cargo clippy (native)");
        cargo(&[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ])?;
        step("cargo clippy (wasm32: the web app and worker)");
        cargo(&[
            "clippy",
            "-p",
            "ptxlab-web",
            "--target",
            tools::WASM_TARGET,
            "--lib",
            "--bins",
            "--all-features",
            "--",
            "-D",
            "warnings",
        ])
    })?;
    timings.time("cargo test", || {
        step("cargo test");
        let mut test = Command::new(cargo_bin());
        test.args(["test", "--workspace"]).current_dir(root());
        for (key, value) in &oracles.env {
            println!("  {key}={}", value.display());
            test.env(key, value);
        }
        run_cmd(&mut test)
    })?;
    timings.time("dist", || {
        dist::build(&dist::DistOptions::default()).map(|_| ())
    })?;
    timings.time("e2e", || e2e(&root().join("dist")))?;
    timings.print();
    Ok(())
}

/// How long each step of `test` took, printed at the end (CI has a time limit).
#[derive(Default)]
struct Timings(Vec<(&'static str, std::time::Duration)>);

impl Timings {
    fn time<T>(&mut self, name: &'static str, f: impl FnOnce() -> Result<T>) -> Result<T> {
        let started = std::time::Instant::now();
        let out = f();
        self.0.push((name, started.elapsed()));
        if out.is_err() {
            self.print();
        }
        out
    }

    fn print(&self) {
        println!("\nxtask test timings:");
        let mut total = std::time::Duration::ZERO;
        for (name, d) in &self.0 {
            println!("  {name:<12} {:>7.1} s", d.as_secs_f64());
            total += *d;
        }
        println!("  {:<12} {:>7.1} s", "total", total.as_secs_f64());
    }
}

/// Serves `site` on a free port and runs the node test runner over `e2e/tests`.
fn e2e(site: &Path) -> Result {
    step("browser tests (e2e/, playwright-core + chromium)");
    let chromium = tools::ensure_chromium()?;
    tools::ensure_npm_packages()?;
    // native_wasm.test.mjs compares the worker's wasm with the native CLI.
    step("cargo build -p ptxlab (the native CLI, for native == wasm)");
    cargo(&["build", "-p", "ptxlab", "--bin", "ptxlab"])?;
    let cli = root().join("target").join("debug").join("ptxlab");
    let server = serve::spawn(site, 0)?;
    let url = format!("http://{}/", server.addr);
    let e2e_dir = root().join("e2e");
    let mut node = Command::new("node");
    node.args([
        "--test",
        "--test-reporter=spec",
        "--test-concurrency=1",
        "tests/",
    ])
    .current_dir(&e2e_dir)
    .env("PTXLAB_URL", &url)
    .env("PTXLAB_CLI", &cli)
    .env("CHROMIUM", &chromium);
    run_cmd(&mut node)
}

/// The browser figures of issue 21 (e2e/bench.mjs) on a dist/ of its own
/// (`target/dist-bench-<features>`), served on a free port.
/// `site`: a built site to measure as it is (`--site dist`).
fn bench_web(
    features: Option<String>,
    site: Option<PathBuf>,
    settings: &[(&str, &str)],
    build: bool,
) -> Result {
    let name = features
        .as_deref()
        .unwrap_or("default")
        .replace([',', ' '], "-");
    let build = build && site.is_none();
    let out = site.unwrap_or_else(|| root().join("target").join(format!("dist-bench-{name}")));
    if build {
        dist::build(&dist::DistOptions {
            out: out.clone(),
            features,
            wasm_opt: true,
        })?;
    }
    let chromium = tools::ensure_chromium()?;
    tools::ensure_npm_packages()?;
    let server = serve::spawn(&out, 0)?;
    let url = format!("http://{}/", server.addr);
    step(&format!("bench: {name}"));
    let mut node = Command::new("node");
    node.arg("bench.mjs").arg(&url).arg(&out);
    for (flag, value) in settings {
        node.args([flag, value]);
    }
    node.current_dir(root().join("e2e"))
        .env("CHROMIUM", &chromium);
    run_cmd(&mut node)
}

/// The workspace root (xtask lives one level below it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask has a parent")
        .to_path_buf()
}

fn cargo_bin() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

fn cargo(args: &[&str]) -> Result {
    run_cmd(Command::new(cargo_bin()).args(args).current_dir(root()))
}

/// Runs a command with inherited output; a non-zero exit is an error naming it.
fn run_cmd(cmd: &mut Command) -> Result {
    println!("$ {}", describe(cmd));
    let status = cmd
        .status()
        .map_err(|e| format!("cannot run `{}`: {e}", describe(cmd)))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({status})", describe(cmd)))
    }
}

/// Runs a command and returns its stdout, or `None` when it cannot run or fails.
fn output_of(cmd: &mut Command) -> Option<String> {
    let out = cmd.output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}

fn describe(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        s.push(' ');
        s.push_str(&a.to_string_lossy());
    }
    s
}

fn step(name: &str) {
    println!("\n==> {name}");
}

/// `--name value`, `--name=value` and `--switch` flags, checked for leftovers.
struct Flags(Vec<String>);

impl Flags {
    fn parse(args: &[String]) -> Result<Flags> {
        let mut out = Vec::new();
        for a in args {
            match a.split_once('=') {
                Some((k, v)) if k.starts_with("--") => {
                    out.push(k.to_string());
                    out.push(v.to_string());
                }
                _ => out.push(a.clone()),
            }
        }
        Ok(Flags(out))
    }

    fn value(&mut self, name: &str) -> Option<String> {
        let i = self.0.iter().position(|a| a == name)?;
        if i + 1 >= self.0.len() {
            return None;
        }
        let v = self.0.remove(i + 1);
        self.0.remove(i);
        Some(v)
    }

    fn path(&mut self, name: &str) -> Option<PathBuf> {
        self.value(name)
            .map(|p| std::env::current_dir().unwrap_or_else(|_| root()).join(p))
    }

    fn switch(&mut self, name: &str) -> bool {
        match self.0.iter().position(|a| a == name) {
            Some(i) => {
                self.0.remove(i);
                true
            }
            None => false,
        }
    }

    /// What is left, as paths (positional arguments).
    fn rest(&mut self) -> Vec<PathBuf> {
        let cwd = std::env::current_dir().unwrap_or_else(|_| root());
        std::mem::take(&mut self.0)
            .into_iter()
            .map(|a| cwd.join(a))
            .collect()
    }

    fn finish(self) -> Result {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(format!(
                "unexpected arguments: {}\n{USAGE}",
                self.0.join(" ")
            ))
        }
    }
}
