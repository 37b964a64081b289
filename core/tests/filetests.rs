//! Filetests: what passes do to IR text, in Cranelift's style.
//!
//! Each `tests/filetests/*.ll` file is
//!
//! ```text
//! ; RUN: instcombine,dce           the passes to run, by their names in `opt::PASSES`
//! define void @f(...) { ... }     the input: a module, read by `ir::parse_module`
//! ; CHECK: %x = add i32 %a, 1     a line of the output, after the previous match
//! ; CHECK-NEXT: ret i32 %x        the line right after the previous match
//! ; CHECK-NOT: alloca             on no line between the previous match and the next
//! ; REMARK: promoted 2 allocas     a remark of the passes, after the previous REMARK match
//! ; REMARK-NOT: missed:            on no remark between the previous REMARK match and the next
//! ; REWRITE-LIMIT: 1:2              `--rewrite-limit`: pass run 1 makes only its first 2 rewrites
//! ```
//!
//! The remarks are matched as lines `[pass] text` (applied) and
//! `[pass] missed: text` (missed), in the order the passes reported them,
//! apart from the output: REMARK and REMARK-NOT are CHECK and CHECK-NOT
//! over those lines.
//!
//! The input is parsed and verified, the passes run through `opt::run` with
//! the verifier after each, and the module is printed. A directive matches a
//! line that contains its text, with runs of white space counted as one space
//! (FileCheck's default). Directives are comments, so the input parses as is.

use ptxlab_core::compilation::RemarkKind;
use ptxlab_core::ir::{parse_module, print_module, verify};
use ptxlab_core::{opt, Options};
use std::path::Path;

#[derive(Clone, Copy, Debug, PartialEq)]
enum Kind {
    Check,
    Next,
    Not,
}

#[derive(Debug)]
struct Directive {
    kind: Kind,
    /// A REMARK or REMARK-NOT: matched against the remarks.
    remark: bool,
    pattern: String,
    /// Line in the test file (1-based).
    line: usize,
}

impl Directive {
    fn describe(&self) -> String {
        let name = match (self.kind, self.remark) {
            (Kind::Check, false) => "CHECK",
            (Kind::Next, _) => "CHECK-NEXT",
            (Kind::Not, false) => "CHECK-NOT",
            (Kind::Check, true) => "REMARK",
            (Kind::Not, true) => "REMARK-NOT",
        };
        format!("line {}: '; {name}: {}'", self.line, self.pattern)
    }
}

/// A test file's header and directives.
struct Spec {
    passes: Vec<opt::Pass>,
    directives: Vec<Directive>,
    /// REMARK and REMARK-NOT, in order.
    remarks: Vec<Directive>,
    /// REWRITE-LIMIT lines.
    limits: Vec<ptxlab_core::RewriteLimit>,
}

fn normalize(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Reads `; RUN:` and the check directives. Any `; WORD:` comment is a
/// directive, so a misspelt one is an error rather than a check that never runs.
fn parse_spec(text: &str) -> Result<Spec, String> {
    let mut passes = None;
    let mut directives = Vec::new();
    let mut remarks = Vec::new();
    let mut limits = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let Some(comment) = line.trim_start().strip_prefix(';') else {
            continue;
        };
        let comment = comment.trim_start();
        let Some((word, rest)) = comment.split_once(':') else {
            continue;
        };
        if word.is_empty() || !word.chars().all(|c| c.is_ascii_uppercase() || c == '-') {
            continue;
        }
        let rest = normalize(rest);
        let at = n + 1;
        let kind = match word {
            "RUN" => {
                if passes.is_some() {
                    return Err(format!("line {at}: a second '; RUN:' line"));
                }
                let mut names = Vec::new();
                for name in rest.split(',').map(str::trim).filter(|s| !s.is_empty()) {
                    let Some(pass) = opt::Pass::from_name(name) else {
                        let known: Vec<&str> = opt::PASSES.iter().map(|p| p.name).collect();
                        return Err(format!(
                            "line {at}: unknown pass '{name}' (known: {})",
                            known.join(", ")
                        ));
                    };
                    names.push(pass);
                }
                if names.is_empty() {
                    return Err(format!("line {at}: '; RUN:' names no pass"));
                }
                passes = Some(names);
                continue;
            }
            "REWRITE-LIMIT" => {
                limits.push(
                    ptxlab_core::RewriteLimit::parse(&rest)
                        .map_err(|e| format!("line {at}: {e}"))?,
                );
                continue;
            }
            "CHECK" => Kind::Check,
            "CHECK-NEXT" => Kind::Next,
            "CHECK-NOT" => Kind::Not,
            "REMARK" | "REMARK-NOT" => {
                if rest.is_empty() {
                    return Err(format!("line {at}: {word}: with nothing to match"));
                }
                remarks.push(Directive {
                    kind: if word == "REMARK" {
                        Kind::Check
                    } else {
                        Kind::Not
                    },
                    remark: true,
                    pattern: rest,
                    line: at,
                });
                continue;
            }
            other => return Err(format!("line {at}: unknown directive '{other}:'")),
        };
        if rest.is_empty() {
            return Err(format!("line {at}: {word}: with nothing to match"));
        }
        directives.push(Directive {
            kind,
            remark: false,
            pattern: rest,
            line: at,
        });
    }
    let passes = passes.ok_or("no '; RUN: pass,…' line")?;
    if !directives
        .iter()
        .chain(&remarks)
        .any(|d| d.kind == Kind::Check)
    {
        return Err("no '; CHECK:' or '; REMARK:' line: the test could not fail".into());
    }
    Ok(Spec {
        passes,
        directives,
        remarks,
        limits,
    })
}

/// Fails if a pending CHECK-NOT matches one of `lines[from..to]`.
fn check_nots(nots: &[&Directive], lines: &[String], from: usize, to: usize) -> Result<(), String> {
    for d in nots {
        if let Some(i) = (from..to).find(|&i| lines[i].contains(&d.pattern)) {
            return Err(format!(
                "{} matched output line {}: '{}'",
                d.describe(),
                i + 1,
                lines[i]
            ));
        }
    }
    Ok(())
}

/// Matches the directives against `output`, in order.
fn check(output: &str, directives: &[Directive]) -> Result<(), String> {
    let lines: Vec<String> = output.lines().map(normalize).collect();
    // The next line a CHECK may match, and the last line matched.
    let mut from = 0;
    let mut last: Option<usize> = None;
    let mut nots: Vec<&Directive> = Vec::new();
    for d in directives {
        let at = match d.kind {
            Kind::Not => {
                nots.push(d);
                continue;
            }
            Kind::Check => (from..lines.len())
                .find(|&i| lines[i].contains(&d.pattern))
                .ok_or_else(|| match last {
                    Some(l) => format!("{} not found after output line {}", d.describe(), l + 1),
                    None => format!("{} not found", d.describe()),
                })?,
            Kind::Next => {
                let Some(l) = last else {
                    return Err(format!("{} has no previous match", d.describe()));
                };
                match lines.get(l + 1) {
                    Some(next) if next.contains(&d.pattern) => l + 1,
                    Some(next) => {
                        return Err(format!(
                            "{} does not match output line {}: '{next}'",
                            d.describe(),
                            l + 2
                        ))
                    }
                    None => return Err(format!("{} is past the end of the output", d.describe())),
                }
            }
        };
        check_nots(&nots, &lines, from, at)?;
        nots.clear();
        last = Some(at);
        from = at + 1;
    }
    check_nots(&nots, &lines, from, lines.len())
}

/// Runs one filetest; the error says what failed and shows the output.
fn run_filetest(text: &str) -> Result<(), String> {
    let spec = parse_spec(text)?;
    let mut m = parse_module(text).map_err(|e| format!("input does not parse: {e}"))?;
    let errors = verify::verify_module(&m);
    if !errors.is_empty() {
        return Err(format!("input does not verify:\n  {}", errors.join("\n  ")));
    }
    let opts = Options {
        rewrite_limits: spec.limits.clone(),
        ..Options::default()
    };
    let cx = opt::PassContext::new(&opts).map_err(|d| d.to_string())?;
    let (stages, broken) = opt::run(&mut m, &spec.passes, 0, &cx, 0, true);
    let output = print_module(&m);
    let remarks: String = stages
        .iter()
        .flat_map(|s| s.remarks.iter().map(move |r| (s, r)))
        .map(|(s, r)| match r.kind {
            RemarkKind::Applied => format!("[{}] {}\n", s.name, r.text),
            RemarkKind::Missed => format!("[{}] missed: {}\n", s.name, r.text),
        })
        .collect();
    if let Some(b) = broken {
        return Err(format!(
            "pass '{}' left invalid IR:\n  {}\n--- output ---\n{output}",
            b.pass,
            b.errors.join("\n  ")
        ));
    }
    check(&remarks, &spec.remarks).map_err(|e| format!("{e}\n--- remarks ---\n{remarks}"))?;
    check(&output, &spec.directives).map_err(|e| {
        let numbered: Vec<String> = output
            .lines()
            .enumerate()
            .map(|(n, l)| format!("{:4} | {l}", n + 1))
            .collect();
        format!("{e}\n--- output ---\n{}", numbered.join("\n"))
    })
}

#[test]
fn filetests() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("tests/filetests")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no filetests in {}", dir.display());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).expect("readable filetest");
        if let Err(e) = run_filetest(&text) {
            failures.push(format!("FAIL {}\n{e}\n", path.display()));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} filetests failed:\n\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

// The matcher must be able to say no.

fn directives(text: &str) -> Vec<Directive> {
    parse_spec(&format!("; RUN: dce\n{text}"))
        .expect("spec")
        .directives
}

const OUT: &str = "\
define i32 @f(i32 %a) {
entry:
  %x = add i32 %a,   1
  %y = mul i32 %x, 2
  ret i32 %y
}
";

#[test]
fn matcher_accepts_lines_in_order() {
    let d = directives(
        "; CHECK: define i32 @f\n; CHECK-NOT: sub\n; CHECK: %x = add i32 %a, 1\n; CHECK-NEXT: mul\n; CHECK: ret i32 %y\n; CHECK-NOT: add",
    );
    check(OUT, &d).unwrap();
}

#[test]
fn matcher_rejects_a_missing_line() {
    let e = check(OUT, &directives("; CHECK: %x = sub i32")).unwrap_err();
    assert!(
        e.contains("line 2: '; CHECK: %x = sub i32' not found"),
        "{e}"
    );
}

#[test]
fn matcher_rejects_lines_out_of_order() {
    let e = check(OUT, &directives("; CHECK: ret i32\n; CHECK: %x = add")).unwrap_err();
    assert!(e.contains("not found after output line 5"), "{e}");
}

#[test]
fn matcher_rejects_a_check_not_between_matches() {
    let e = check(
        OUT,
        &directives("; CHECK: entry:\n; CHECK-NOT: mul\n; CHECK: ret"),
    )
    .unwrap_err();
    assert!(
        e.contains("'; CHECK-NOT: mul' matched output line 4"),
        "{e}"
    );
    // Before the first match or after the last, the same text is out of range.
    check(OUT, &directives("; CHECK: ret\n; CHECK-NOT: mul")).unwrap();
    check(OUT, &directives("; CHECK-NOT: ret\n; CHECK: %y = mul")).unwrap();
    let e = check(OUT, &directives("; CHECK: %y\n; CHECK-NOT: }")).unwrap_err();
    assert!(e.contains("matched output line 6"), "{e}");
}

#[test]
fn matcher_rejects_check_next_on_a_later_line() {
    let e = check(OUT, &directives("; CHECK: %x = add\n; CHECK-NEXT: ret")).unwrap_err();
    assert!(e.contains("does not match output line 4"), "{e}");
}

#[test]
fn remarks_are_matched_in_order() {
    let test = "; RUN: instcombine\ndefine i32 @f(i32 %a) {\nentry:\n  %x = add i32 %a, 0\n  ret i32 %x\n}\n; CHECK: ret i32 %a\n";
    run_filetest(&format!(
        "{test}; REMARK: [instcombine] `f`: instructions simplified\n; REMARK-NOT: missed\n"
    ))
    .unwrap();
    let e = run_filetest(&format!("{test}; REMARK: [dce]\n")).unwrap_err();
    assert!(
        e.contains("'; REMARK: [dce]' not found") && e.contains("--- remarks ---"),
        "{e}"
    );
    let e = run_filetest(&format!("{test}; REMARK-NOT: simplified\n")).unwrap_err();
    assert!(e.contains("'; REMARK-NOT: simplified' matched"), "{e}");
}

#[test]
fn a_wrong_check_fails_the_whole_filetest() {
    let test = "; RUN: instcombine\ndefine i32 @f(i32 %a) {\nentry:\n  %x = add i32 %a, 0\n  ret i32 %x\n}\n";
    run_filetest(&format!("{test}; CHECK: ret i32 %a\n")).unwrap();
    let e = run_filetest(&format!("{test}; CHECK: ret i32 %x\n")).unwrap_err();
    assert!(e.contains("not found") && e.contains("ret i32 %a"), "{e}");
}

#[test]
fn bad_specs_are_errors() {
    for (text, want) in [
        (
            "define void @f() {\nentry:\n  ret void\n}\n; CHECK: ret",
            "no '; RUN",
        ),
        ("; RUN: nosuchpass\n; CHECK: x", "unknown pass 'nosuchpass'"),
        (
            "; RUN: dce\n; CHECK-NOT: x",
            "no '; CHECK:' or '; REMARK:' line",
        ),
        ("; RUN: dce\n; REMARK:  ", "with nothing to match"),
        ("; RUN: dce\n; CHEKC: x", "unknown directive 'CHEKC:'"),
        ("; RUN: dce\n; CHECK:   ", "with nothing to match"),
    ] {
        let e = parse_spec(text).err().unwrap_or_default();
        assert!(e.contains(want), "{text}: {e}");
    }
}

/// Every pass has a filetest asserting a remark for a program it transforms
/// (`; REMARK: [pass] …`) and one asserting it reports nothing for a program
/// it leaves alone (`; REMARK-NOT: [` or `; REMARK-NOT: [pass]`, and no
/// remark of that pass expected).
#[test]
fn every_pass_has_remark_filetests_for_a_change_and_for_none() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/filetests");
    let specs: Vec<(String, Vec<String>, String)> = std::fs::read_dir(&dir)
        .expect("tests/filetests")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ll"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable filetest");
            let run = text
                .lines()
                .find_map(|l| l.strip_prefix("; RUN:"))
                .unwrap_or_default()
                .split(',')
                .map(|s| s.trim().to_string())
                .collect();
            (p.display().to_string(), run, text)
        })
        .collect();
    let mut missing = Vec::new();
    for pass in ptxlab_core::opt::Pass::all() {
        let name = pass.name();
        let tag = format!("[{name}]");
        let runs = |run: &[String]| run.iter().any(|p| p == name);
        let expects = |text: &str| {
            text.lines()
                .filter_map(|l| l.strip_prefix("; REMARK:"))
                .any(|r| r.trim_start().starts_with(&tag))
        };
        let forbids = |text: &str| {
            text.lines()
                .filter_map(|l| l.strip_prefix("; REMARK-NOT:"))
                .map(str::trim)
                .any(|r| r == "[" || r.starts_with(&tag))
        };
        if !specs
            .iter()
            .any(|(_, run, text)| runs(run) && expects(text))
        {
            missing.push(format!("{name}: no filetest expects a remark of it"));
        }
        if !specs
            .iter()
            .any(|(_, run, text)| runs(run) && forbids(text) && !expects(text))
        {
            missing.push(format!("{name}: no filetest where it reports nothing"));
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
}
