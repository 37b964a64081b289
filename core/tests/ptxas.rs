//! Oracle test: NVIDIA's ptxas must accept the PTX of every corpus kernel,
//! for every target we claim, at -O0 (written as PTX ISA 9.5, NVRTC's) and
//! -O3 (at `-ptx-version=lowest`: the oldest ISA the target and the
//! instructions need, so an instruction newer than the table says fails).

mod common;

use ptxlab_core::{compile_source, Options, PtxVersion};
use std::process::Command;

#[test]
fn ptxas_accepts_every_corpus_kernel_on_every_target() {
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let dir = common::scratch("ptxas");
    let mut failures = Vec::new();
    let mut checked = 0;
    for (name, text) in common::corpus() {
        for arch in common::TARGETS {
            for opt_level in [0, 3] {
                let opts = Options {
                    arch: arch.to_string(),
                    opt_level,
                    ptx_version: (opt_level == 3).then_some(PtxVersion::Lowest),
                    ..Options::default()
                };
                let c = compile_source(&name, &text, &opts);
                let Some(ptx) = c.ptx.as_ref().filter(|_| !c.has_errors()) else {
                    let msgs: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
                    failures.push(format!(
                        "{name} {arch} -O{opt_level}: did not compile: {}",
                        msgs.join("; ")
                    ));
                    continue;
                };
                let file = dir.join(format!(
                    "{}-{arch}-O{opt_level}.ptx",
                    name.trim_end_matches(".cu")
                ));
                std::fs::write(&file, ptx).unwrap();
                let out = Command::new(&ptxas)
                    .arg(format!("-arch={arch}"))
                    .arg(&file)
                    .arg("-o")
                    .arg(dir.join("out.cubin"))
                    .output()
                    .expect("run ptxas");
                if !out.status.success() {
                    failures.push(format!(
                        "{name} {arch} -O{opt_level}: ptxas rejected it:\n{}",
                        String::from_utf8_lossy(&out.stderr)
                    ));
                }
                checked += 1;
            }
        }
    }
    eprintln!("ptxas checked {checked} modules");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
    assert!(checked >= 12 * common::TARGETS.len() * 2);
}

/// Every row of the target table: ptxas takes the PTX ISA we write and the
/// oldest one the row claims, for that target.
#[test]
fn target_table_versions_are_what_ptxas_accepts() {
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let dir = common::scratch("targets");
    let mut failures = Vec::new();
    for t in ptxlab_core::target::TARGETS {
        for (maj, min) in [t.ptx_isa, t.min_ptx_isa] {
            let ptx = format!(".version {maj}.{min}\n.target {}\n.address_size 64\n\n.visible .entry k()\n{{\n\tret;\n}}\n", t.name);
            let file = dir.join(format!("{}-{maj}.{min}.ptx", t.name));
            std::fs::write(&file, ptx).unwrap();
            let out = Command::new(&ptxas)
                .arg(format!("-arch={}", t.name))
                .arg(&file)
                .arg("-o")
                .arg(dir.join("k.cubin"))
                .output()
                .unwrap();
            if !out.status.success() {
                failures.push(format!(
                    "{} .version {maj}.{min}: {}",
                    t.name,
                    String::from_utf8_lossy(&out.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The registers an instruction line writes: its first operand (a register
/// or a `{…}` list of them), for instructions that have a destination.
fn written_regs(line: &str) -> Vec<String> {
    let line = line.trim();
    let line = match line.strip_prefix('@') {
        Some(rest) => rest
            .split_once(char::is_whitespace)
            .map_or("", |(_, r)| r)
            .trim(),
        None => line,
    };
    let Some((op, rest)) = line.split_once(char::is_whitespace) else {
        return Vec::new();
    };
    let no_dest = [
        "st.", "bra", "bar", "ret", "red.", "call", "exit", "membar", "fence",
    ];
    let has_dest = op.starts_with("bar.red");
    if !has_dest && no_dest.iter().any(|p| op.starts_with(p))
        || op.starts_with('.')
        || op.ends_with(':')
    {
        return Vec::new();
    }
    let rest = rest.trim();
    let first = if rest.starts_with('{') {
        rest.split_once('}').map_or(rest, |(a, _)| a)
    } else {
        rest.split(',').next().unwrap_or("")
    };
    registers(first)
}

fn registers(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(p) = rest.find('%') {
        let tail = &rest[p + 1..];
        let end = tail
            .find(|c: char| !c.is_ascii_alphanumeric() && c != '_')
            .unwrap_or(tail.len());
        let name = &tail[..end];
        // Virtual registers (%r12, %rd3, %f7, %p1), not special ones (%tid.x).
        if name.ends_with(|c: char| c.is_ascii_digit()) && !tail[end..].starts_with('.') {
            out.push(name.to_string());
        }
        rest = &tail[end..];
    }
    out
}

/// Every virtual register a function reads is written somewhere in it (a
/// read of a never-written register is garbage that ptxas accepts silently),
/// and no instruction sits where it cannot run.
#[test]
fn every_register_read_is_written() {
    let mut failures = Vec::new();
    for (name, text) in common::corpus() {
        for opt_level in [0, 3] {
            let opts = Options {
                arch: "sm_80".into(),
                opt_level,
                ..Options::default()
            };
            let c = compile_source(&name, &text, &opts);
            // A compile that failed is a failure, not a module with no registers.
            let Some(ptx) = c.ptx.as_deref().filter(|_| !c.has_errors()) else {
                let errors: Vec<String> = c.diagnostics.iter().map(|d| d.to_string()).collect();
                failures.push(format!(
                    "{name} -O{opt_level}: does not compile: {errors:?}"
                ));
                continue;
            };
            for body in ptx.split("\n{\n").skip(1) {
                let body = body.split("\n}\n").next().unwrap_or(body);
                let lines: Vec<&str> = body
                    .lines()
                    .map(|l| l.split("//").next().unwrap_or(""))
                    .filter(|l| !l.trim_start().starts_with(".reg"))
                    .collect();
                let written: std::collections::HashSet<String> =
                    lines.iter().flat_map(|l| written_regs(l)).collect();
                // Nothing follows an unconditional branch or ret but a label:
                // an instruction there never runs (a copy placed after its
                // block's branch).
                for w in lines.windows(2) {
                    let (a, b) = (w[0].trim(), w[1].trim());
                    if (a.starts_with("bra.uni") || a.starts_with("ret;"))
                        && !(b.is_empty() || b.ends_with(':') || b == "}")
                    {
                        failures.push(format!("{name} -O{opt_level}: unreachable: {a} / {b}"));
                    }
                }
                for l in &lines {
                    for r in registers(l) {
                        if !written.contains(&r) {
                            failures.push(format!(
                                "{name} -O{opt_level}: %{r} is never written: {}",
                                l.trim()
                            ));
                        }
                    }
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
