//! The device-library table: every kernel of the library corpus
//! (`tests/libcorpus/*.cu`) and of the main corpus's files that include a
//! device library (`core/tests/corpus`), with ptxas's registers and the
//! SASS instructions of our PTX beside NVRTC's (NVIDIA's headers), each on
//! its file's target, as a Markdown table. It prints; the checks are in
//! `tests/libcorpus.rs` and the corpus tests.
//!
//! `cargo xtask libtable` (or `cargo run -p ptxlab-sim --example libtable`
//! with NVIDIA's tools in the workspace's .venv).

#[path = "../tests/common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "../tests/common/libcorpus.rs"]
mod libcorpus;

use common::nvrtc::{entry_names, Nvrtc};
use common::sass;
use ptxlab_core::{compile_source, Options};

struct Row {
    file: String,
    arch: String,
    source: String,
    options: Vec<String>,
}

fn rows() -> Vec<Row> {
    let mut rows: Vec<Row> = common::corpus()
        .into_iter()
        .filter(|(_, text)| libcorpus::uses_a_library(text))
        .map(|(name, text)| Row {
            options: common::nvrtc_file_options(&text),
            file: format!("corpus/{name}"),
            arch: "sm_80".into(),
            source: text,
        })
        .collect();
    rows.extend(libcorpus::files().into_iter().map(|f| Row {
        file: format!("libcorpus/{}", f.name),
        arch: f.arch,
        source: f.source,
        options: f.nvrtc_options,
    }));
    rows
}

fn main() {
    let (Some(lib), Some(ptxas)) = (
        common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13"),
        common::ptxas(),
    ) else {
        eprintln!("NVRTC or ptxas not found: run `cargo xtask libtable`, which installs them");
        std::process::exit(1);
    };
    let cuobjdump = common::nvidia_tool("PTXLAB_CUOBJDUMP", "bin/cuobjdump");
    if cuobjdump.is_none() {
        eprintln!("cuobjdump not found: SASS counts are 0");
    }
    let include = lib.parent().unwrap().parent().unwrap().join("include");
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    println!(
        "| kernel | file | target | registers ours / NVRTC | SASS instructions ours / NVRTC |"
    );
    println!("|---|---|---|---|---|");
    let (mut kernels, mut reg_ratio, mut sass_ratio) = (0, 0.0f64, 0.0f64);
    for row in rows() {
        let opts = Options {
            arch: row.arch.clone(),
            opt_level: 3,
            ..Options::default()
        };
        let Some(ours) = compile_source(&row.file, &row.source, &opts).ptx else {
            println!("| - | {} | {} | does not compile | |", row.file, row.arch);
            continue;
        };
        let mut flags = vec![
            format!("-I{}", include.display()),
            format!("-I{}", include.join("cccl").display()),
            "-std=c++17".to_string(),
        ];
        if !row
            .options
            .iter()
            .any(|o| o.starts_with("--use-bundled-headers"))
        {
            flags.extend(row.options.iter().cloned());
        }
        let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
        let theirs = nvrtc
            .compile(&row.file, &row.source, &row.arch, &flags)
            .ok();
        let tag = row.file.replace('/', "-");
        let a = sass::assemble(
            &ptxas,
            cuobjdump.as_deref(),
            &ours,
            &row.arch,
            &format!("ours-{tag}"),
        );
        let b = theirs.as_ref().map(|t| {
            sass::assemble(
                &ptxas,
                cuobjdump.as_deref(),
                t,
                &row.arch,
                &format!("nvrtc-{tag}"),
            )
        });
        for entry in entry_names(&ours) {
            let (ra, sa) = a.get(&entry).copied().unwrap_or((0, 0));
            let theirs = b.as_ref().and_then(|b| b.get(&entry).copied());
            let (rb, sb) = theirs.map_or(("-".to_string(), "-".to_string()), |(r, s)| {
                (r.to_string(), s.to_string())
            });
            if let Some((r, s)) = theirs.filter(|&(r, s)| r > 0 && s > 0 && ra > 0 && sa > 0) {
                kernels += 1;
                reg_ratio += (f64::from(ra) / f64::from(r)).ln();
                sass_ratio += (f64::from(sa) / f64::from(s)).ln();
            }
            println!(
                "| `{}` | {} | {} | {ra} / {rb} | {sa} / {sb} |",
                demangle(&entry),
                row.file,
                row.arch
            );
        }
    }
    if kernels > 0 {
        println!(
            "\n{kernels} kernels; geometric-mean ratio to NVRTC: registers {:.2}, SASS instructions {:.2}",
            (reg_ratio / f64::from(kernels)).exp(),
            (sass_ratio / f64::from(kernels)).exp()
        );
    }
}

/// The kernel's name in an Itanium symbol (`_Z9pi_xorwowPjS_y` → `pi_xorwow`).
fn demangle(symbol: &str) -> String {
    let Some(rest) = symbol.strip_prefix("_Z") else {
        return symbol.to_string();
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<usize>() {
        Ok(n) => rest[digits.len()..].chars().take(n).collect(),
        Err(_) => symbol.to_string(),
    }
}
