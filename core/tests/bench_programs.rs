//! Whole programs of our own written the way real benchmarks are (a host
//! `main` with argument parsing and timing, `std::vector` buffers, an
//! error-check macro, templated launches from host templates and class
//! members, helper headers in a second file): each compiles with no
//! diagnostic, its PTX passes ptxas, and its kernels are exactly nvcc's —
//! the list in `programs/nvcc_entries.txt`, which is itself checked against
//! nvcc where nvcc is installed (`cargo xtask test` installs it).

mod common;

use std::collections::BTreeMap;
use std::path::Path;

fn programs_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/programs"))
}

/// Every file of the folder by name: the programs and their headers.
fn files() -> BTreeMap<String, String> {
    std::fs::read_dir(programs_dir())
        .unwrap()
        .flatten()
        .map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(e.path()).unwrap())
        })
        .collect()
}

/// nvcc's kernels per program, as recorded.
fn recorded() -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(programs_dir().join("nvcc_entries.txt")).unwrap();
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let (file, entries) = l.split_once(':').expect("FILE: ENTRY ...");
            let entries = entries.split_whitespace().map(String::from).collect();
            (file.to_string(), entries)
        })
        .collect()
}

fn sorted_entries(ptx: &str) -> Vec<String> {
    let mut e: Vec<String> = common::entries(ptx).into_iter().map(String::from).collect();
    e.sort();
    e
}

#[test]
fn every_program_compiles_to_exactly_nvccs_kernels() {
    let files = files();
    let recorded = recorded();
    let programs: Vec<&String> = files.keys().filter(|n| n.ends_with(".cu")).collect();
    assert!(programs.len() >= 25, "{} programs", programs.len());
    let opts = ptxlab_core::Options {
        arch: "sm_80".into(),
        ..ptxlab_core::Options::default()
    };
    let mut failures = Vec::new();
    for name in &programs {
        let c = ptxlab_core::compile(name, &files[*name], &files, &opts);
        if !c.diagnostics.is_empty() {
            failures.push(format!("{name}: {:#?}", c.diagnostics));
            continue;
        }
        let ptx = c.ptx.unwrap();
        if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", &format!("programs-{name}")) {
            failures.push(format!("{name}: ptxas rejects: {e}"));
        }
        let want = recorded.get(*name).cloned().unwrap_or_default();
        let got = sorted_entries(&ptx);
        if got != want {
            failures.push(format!("{name}: kernels {got:?}, nvcc's {want:?}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(
        recorded.len(),
        programs.len(),
        "nvcc_entries.txt lists every program"
    );
}

/// The recorded lists are nvcc's: run nvcc on every program (in parallel).
#[test]
fn the_recorded_kernels_are_nvccs() {
    let Some(nvcc) = common::nvidia_tool("PTXLAB_NVCC", "bin/nvcc") else {
        eprintln!("SKIPPED: nvcc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let cccl = nvcc
        .parent()
        .unwrap()
        .parent()
        .unwrap()
        .join("include/cccl");
    let recorded = recorded();
    let names: Vec<&String> = recorded.keys().collect();
    let out = common::scratch("programs-nvcc");
    let results: Vec<(String, Result<Vec<String>, String>)> = std::thread::scope(|s| {
        let chunks: Vec<_> = names.chunks(names.len().div_ceil(4)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let (nvcc, cccl, out) = (&nvcc, &cccl, &out);
                s.spawn(move || {
                    chunk
                        .iter()
                        .map(|name| {
                            let ptx = out.join(format!("{name}.ptx"));
                            let run = std::process::Command::new(nvcc)
                                .current_dir(programs_dir())
                                .args(["-arch=sm_80", "--ptx", "-std=c++17", "-I", "."])
                                .arg("-I")
                                .arg(cccl)
                                .arg(name.as_str())
                                .arg("-o")
                                .arg(&ptx)
                                .output()
                                .expect("run nvcc");
                            let r = if run.status.success() {
                                Ok(sorted_entries(&std::fs::read_to_string(&ptx).unwrap()))
                            } else {
                                Err(String::from_utf8_lossy(&run.stderr).into_owned())
                            };
                            (name.to_string(), r)
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    for (name, r) in results {
        match r {
            Ok(entries) => assert_eq!(entries, recorded[&name], "{name}: nvcc's kernels"),
            Err(e) => panic!("{name}: nvcc failed:\n{e}"),
        }
    }
}
