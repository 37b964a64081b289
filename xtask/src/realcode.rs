//! `cargo xtask realcode DIR... [--include DIR]... [--define NAME[=V]]... [--jobs N]`:
//! every `.cu` file under the directories through nvcc (the reference, from
//! `.venv`, with the pinned CCCL headers on its include path) and through
//! ptxlab, each at sm_80 with `-std=c++17`; ptxlab's PTX through ptxas; the
//! `.entry` sets compared. Prints, per directory, how many files nvcc
//! compiles, how many of those ptxlab compiles, ptxas accepts, and give
//! exactly nvcc's kernels (kernels that Thrust, CUB or libcu++ instantiate
//! inside themselves may be missing from ours), then the failures grouped by
//! their first error. nvcc's side is cached under `target/realcode/`
//! (keyed by the file's text and the flags), so a second run only runs ptxlab.
//! The suites' code never enters the repository: fetch them elsewhere.

use crate::tools::Nvcc;
use crate::{cargo_bin, root, run_cmd, Result};
use std::collections::{BTreeMap, BTreeSet};
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Mutex;

pub struct RealcodeOptions {
    pub dirs: Vec<PathBuf>,
    pub includes: Vec<PathBuf>,
    pub defines: Vec<String>,
    pub jobs: usize,
}

/// One file's outcome.
struct Outcome {
    file: PathBuf,
    nvcc_ok: bool,
    ours_ok: bool,
    ptxas_ok: bool,
    same_kernels: bool,
    first_error: Option<String>,
}

pub fn run(opts: &RealcodeOptions) -> Result {
    let nvcc = crate::tools::ensure_nvcc()?;
    run_cmd(Command::new(cargo_bin()).current_dir(root()).args([
        "build",
        "--release",
        "-p",
        "ptxlab",
        "--bin",
        "ptxlab",
    ]))?;
    let ptxlab = root().join("target").join("release").join("ptxlab");
    let cache = root().join("target").join("realcode");
    std::fs::create_dir_all(cache.join("nvcc")).map_err(|e| e.to_string())?;
    for dir in &opts.dirs {
        let mut files = Vec::new();
        collect_cu(dir, &mut files);
        files.sort();
        let queue = Mutex::new(files.into_iter());
        let results = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..opts.jobs.max(1) {
                s.spawn(|| loop {
                    let Some(f) = queue.lock().unwrap().next() else {
                        return;
                    };
                    let o = one(&f, opts, &nvcc, &ptxlab, &cache);
                    results.lock().unwrap().push(o);
                });
            }
        });
        report(dir, &results.into_inner().unwrap());
    }
    Ok(())
}

fn collect_cu(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            collect_cu(&p, out);
        } else if p.extension().is_some_and(|x| x == "cu") {
            out.push(p);
        }
    }
}

/// The flags both compilers get: the file's folder, the `--include`s, the
/// `--define`s.
fn common_flags(file: &Path, opts: &RealcodeOptions) -> Vec<String> {
    let mut flags = vec!["-arch=sm_80".to_string()];
    if let Some(d) = file.parent() {
        flags.push(format!("-I{}", d.display()));
    }
    flags.extend(opts.includes.iter().map(|i| format!("-I{}", i.display())));
    flags.extend(opts.defines.iter().map(|d| format!("-D{d}")));
    flags
}

fn one(file: &Path, opts: &RealcodeOptions, nvcc: &Nvcc, ptxlab: &Path, cache: &Path) -> Outcome {
    let flags = common_flags(file, opts);
    let text = std::fs::read(file).unwrap_or_default();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    (&text, &flags, file).hash(&mut h);
    let key = cache.join("nvcc").join(format!("{:016x}", h.finish()));
    let reference = match std::fs::read_to_string(&key) {
        Ok(cached) => cached,
        Err(_) => {
            let out = scratch(file, "nvcc.ptx");
            let ok = Command::new(&nvcc.nvcc)
                .args(&flags)
                .args(["-std=c++17", "--ptx", "-I"])
                .arg(&nvcc.cccl)
                .arg(file)
                .arg("-o")
                .arg(&out)
                .output()
                .is_ok_and(|o| o.status.success());
            let text = if ok {
                format!(
                    "ok\n{}",
                    entries(&out).into_iter().collect::<Vec<_>>().join("\n")
                )
            } else {
                "failed\n".to_string()
            };
            let _ = std::fs::write(&key, &text);
            text
        }
    };
    let mut lines = reference.lines();
    let nvcc_ok = lines.next() == Some("ok");
    let theirs: BTreeSet<String> = lines.map(str::to_string).collect();
    let out = scratch(file, "ptx");
    let run = Command::new(ptxlab)
        .args(&flags)
        .arg(file)
        .arg("-o")
        .arg(&out)
        .output();
    let (ours_ok, first_error) = match run {
        Ok(o) => {
            let stderr = String::from_utf8_lossy(&o.stderr);
            let first = stderr
                .lines()
                .find(|l| l.contains("error") || l.contains("fatal"))
                .map(str::to_string);
            (o.status.success(), first)
        }
        Err(e) => (false, Some(format!("cannot run ptxlab: {e}"))),
    };
    // A file that calls device functions defined in another of the
    // program's files (`.extern .func`) is built with `-rdc=true`: its PTX
    // is checked as relocatable code (`ptxas -c`), as nvcc's would be
    // (whole-program ptxas rejects nvcc's too: "Unresolved extern function").
    let relocatable = std::fs::read_to_string(&out).is_ok_and(|p| p.contains(".extern .func"));
    let ptxas_ok = ours_ok
        && Command::new(&nvcc.ptxas)
            .args(["-arch=sm_80", "-o", "/dev/null"])
            .args(relocatable.then_some("-c"))
            .arg(&out)
            .output()
            .is_ok_and(|o| o.status.success());
    let ours = if ours_ok {
        entries(&out)
    } else {
        BTreeSet::new()
    };
    // Every kernel of ours is nvcc's, and every kernel of nvcc's is ours but
    // those the libraries instantiate inside themselves.
    let library = |k: &String| {
        ["_ZN6thrust", "_ZN3cub", "_ZN4cuda"]
            .iter()
            .any(|p| k.starts_with(p))
    };
    let same_kernels =
        ours_ok && ours.is_subset(&theirs) && theirs.iter().all(|k| library(k) || ours.contains(k));
    let _ = std::fs::remove_file(&out);
    Outcome {
        file: file.to_path_buf(),
        nvcc_ok,
        ours_ok,
        ptxas_ok,
        same_kernels,
        first_error: (!ours_ok).then_some(first_error).flatten(),
    }
}

fn scratch(file: &Path, ext: &str) -> PathBuf {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    file.hash(&mut h);
    std::env::temp_dir().join(format!("ptxlab-realcode-{:016x}.{ext}", h.finish()))
}

/// The `.entry` names of a PTX file.
fn entries(ptx: &Path) -> BTreeSet<String> {
    let text = std::fs::read_to_string(ptx).unwrap_or_default();
    text.lines()
        .filter_map(|l| {
            let rest = l.trim_start().split(".entry ").nth(1)?;
            let name = rest.split(['(', ' ']).next()?;
            (!name.is_empty()).then(|| name.to_string())
        })
        .collect()
}

/// A first error with its file, line and names taken out, so that failures
/// of one cause group together.
fn normalized(error: &str) -> String {
    let message = match error.find("): ") {
        Some(i) => &error[i + 3..],
        None => error,
    };
    let mut out = String::new();
    let mut quoted = false;
    for c in message.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                out.push_str(if quoted { "\"…" } else { "\"" });
            }
            _ if quoted => {}
            '0'..='9' => {
                if !out.ends_with('N') {
                    out.push('N');
                }
            }
            _ => out.push(c),
        }
    }
    out
}

fn report(dir: &Path, results: &[Outcome]) {
    let reference: Vec<&Outcome> = results.iter().filter(|o| o.nvcc_ok).collect();
    let count = |f: &dyn Fn(&Outcome) -> bool| reference.iter().filter(|o| f(o)).count();
    let same = count(&|o| o.same_kernels && o.ptxas_ok);
    println!(
        "{}: {} files; nvcc compiles {}; ptxlab compiles {}, ptxas accepts {}, exactly nvcc's kernels {} ({:.0}%)",
        dir.display(),
        results.len(),
        reference.len(),
        count(&|o| o.ours_ok),
        count(&|o| o.ptxas_ok),
        same,
        if reference.is_empty() { 0.0 } else { 100.0 * same as f64 / reference.len() as f64 }
    );
    let mut causes: BTreeMap<String, Vec<&Path>> = BTreeMap::new();
    for o in &reference {
        let cause = if let Some(e) = &o.first_error {
            normalized(e)
        } else if !o.ours_ok {
            "failed without a diagnostic".to_string()
        } else if !o.ptxas_ok {
            "ptxas rejects our PTX".to_string()
        } else if !o.same_kernels {
            "compiles, but the kernels differ from nvcc's".to_string()
        } else {
            continue;
        };
        causes.entry(cause).or_default().push(&o.file);
    }
    let mut causes: Vec<_> = causes.into_iter().collect();
    causes.sort_by_key(|(_, files)| std::cmp::Reverse(files.len()));
    for (cause, files) in causes.iter().take(25) {
        let example = files[0].strip_prefix(dir).unwrap_or(files[0]);
        println!(
            "  {:>4}  {cause}  (e.g. {})",
            files.len(),
            example.display()
        );
    }
}

#[cfg(test)]
mod tests {
    use super::normalized;

    #[test]
    fn errors_group_without_their_places_and_names() {
        assert_eq!(
            normalized("a/b.cu(12): error: identifier \"foo\" is undefined"),
            "error: identifier \"…\" is undefined"
        );
        assert_eq!(
            normalized("error: expected 3 arguments"),
            "error: expected N arguments"
        );
    }
}
