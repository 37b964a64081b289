//! Edit and continue: the IR after one pass run replaced by a user's text
//! (the page's edited IR view, `ptxlab compile --resume-at N --ir FILE`).
//! An [`IrEdit`] travels in [`Options::ir_edit`](crate::Options::ir_edit),
//! so the compile, the page's launches and bisection all run the edited
//! pipeline through the one [`Stepper`](crate::Stepper): the runs before
//! N as usual, the edited module as run N's result, the rest of the
//! pipeline and the backend on it.
//!
//! The text holds one or more functions' `define`s as a stage shows them
//! (each may start with the named struct types it uses); they replace the
//! module's functions of the same names (a new name is added), and the
//! module's other functions, globals and declarations stay. Errors come
//! back as diagnostics at a line and column of the text.

use crate::diag::{Diagnostic, Span};
use crate::ir::{parse_function, print_module, verify, Module};
use serde::{Deserialize, Serialize};

/// An edit of the IR after pass run `run` (0: the module as link left it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IrEdit {
    pub run: usize,
    /// The edited functions' text.
    pub ir: String,
    /// The file the text came from, for diagnostics (none: `ir-run-N.ll`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub file: String,
}

impl IrEdit {
    /// The name the edit's diagnostics carry (`ir-run-10.ll(3): error: …`).
    pub fn file(&self) -> String {
        match self.file.as_str() {
            "" => format!("ir-run-{}.ll", self.run),
            f => f.to_string(),
        }
    }
}

/// The lines where each function of `text` starts (its type definitions
/// included) and where its `define`/`declare` line is, both 0-based.
fn chunks(text: &str) -> Vec<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("define ") || l.starts_with("declare ") {
            // Back over the type definitions (and blank lines) before it.
            let floor = out.last().map_or(0, |&(_, d): &(usize, usize)| d + 1);
            let mut start = i;
            while start > floor {
                let p = lines[start - 1].trim();
                if p.is_empty()
                    || p.starts_with(';')
                    || (p.starts_with('%') && p.contains("= type"))
                {
                    start -= 1;
                } else {
                    break;
                }
            }
            // A blank line ends the function before; keep them with it.
            while start < i && lines[start].trim().is_empty() {
                start += 1;
            }
            out.push((start, i));
        }
    }
    out
}

/// `module` with the functions `edit.ir` defines in place of its own, or
/// the errors (parse or verifier), each at a line and column of the text.
pub fn apply(module: &Module, edit: &IrEdit) -> Result<Module, Vec<Diagnostic>> {
    let file = edit.file();
    let at = |line: usize, column: u32, message: String| {
        Diagnostic::error(
            Span {
                file: file.clone(),
                line: line as u32,
                column,
                len: 1,
            },
            message,
        )
    };
    let lines: Vec<&str> = edit.ir.lines().collect();
    let found = chunks(&edit.ir);
    let Some(&(first, _)) = found.first() else {
        return Err(vec![at(
            1,
            1,
            "the edited IR defines no function (write a 'define' as the run shows it)".into(),
        )]);
    };
    if let Some(i) = lines[..first]
        .iter()
        .position(|l| !l.trim().is_empty() && !l.trim().starts_with(';'))
    {
        let col = lines[i].len() - lines[i].trim_start().len() + 1;
        return Err(vec![at(
            i + 1,
            col as u32,
            "expected 'define' (the edited IR is functions as a run shows them)".into(),
        )]);
    }
    let mut out = module.clone();
    // Each function's text, by name, with its first line (1-based).
    let mut texts: Vec<(String, usize, usize)> = Vec::new();
    let mut errors = Vec::new();
    for (k, &(start, define)) in found.iter().enumerate() {
        let end = found.get(k + 1).map_or(lines.len(), |&(s, _)| s);
        let chunk = lines[start..end].join("\n") + "\n";
        match parse_function(&chunk) {
            Ok(f) => {
                if texts.iter().any(|(n, _, _)| *n == f.name) {
                    errors.push(at(define + 1, 1, format!("@{} is defined twice", f.name)));
                    continue;
                }
                texts.push((f.name.clone(), start, end));
                match out.functions.iter_mut().find(|g| g.name == f.name) {
                    Some(g) => *g = f,
                    None => out.functions.push(f),
                }
            }
            Err(e) => errors.push(at(start + e.line as usize, e.column, e.message)),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // The verifier's `@f: message at 'instruction'`: at that instruction's
    // line of f's text, else at its `define`.
    let place = |message: &str| -> (usize, u32) {
        let name = message
            .strip_prefix('@')
            .and_then(|m| m.split(':').next())
            .unwrap_or_default();
        let Some(&(_, start, end)) = texts.iter().find(|(n, _, _)| n == name) else {
            return (found[0].1 + 1, 1);
        };
        let inst = message
            .rsplit_once(" at '")
            .map(|(_, i)| i.trim_end_matches('\''));
        for (i, l) in lines.iter().enumerate().take(end).skip(start) {
            if let Some(col) = inst.and_then(|t| l.find(t)) {
                return (i + 1, col as u32 + 1);
            }
        }
        let define = (start..end)
            .find(|&i| lines[i].starts_with("define"))
            .unwrap_or(start);
        (define + 1, 1)
    };
    let errs = verify::verify_module(&out);
    if !errs.is_empty() {
        return Err(errs
            .iter()
            .map(|m| {
                let (line, col) = place(m);
                at(line, col, format!("invalid IR: {m}"))
            })
            .collect());
    }
    // Calls and globals against the whole module: its text must read back.
    if let Err(e) = crate::ir::parse_module(&print_module(&out)) {
        let printed = print_module(&out);
        let bad = printed.lines().nth(e.line as usize - 1).unwrap_or_default();
        let line = lines
            .iter()
            .position(|l| l.trim() == bad.trim())
            .map_or(found[0].1 + 1, |i| i + 1);
        let col = lines.get(line - 1).map_or(e.column, |l| {
            let shift = l.len() - l.trim_start().len();
            let printed_shift = bad.len() - bad.trim_start().len();
            (e.column as usize + shift)
                .saturating_sub(printed_shift)
                .max(1) as u32
        });
        return Err(vec![at(line, col, e.message)]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{compile_to_ir, opt, NoFiles, Options};

    const SRC: &str = "__global__ void k(float *p, int n) { int i = threadIdx.x; if (i < n) p[i] = p[i] * 5.0f; }\n";

    fn after(n: usize) -> Module {
        compile_to_ir("k.cu", SRC, &NoFiles, &Options::default(), Some(n)).unwrap()
    }

    #[test]
    fn a_shown_function_reads_back_and_replaces_its_own() {
        let m = after(10);
        let text = opt::snapshot(&m)[0]
            .text
            .replace("5.000000e+00", "7.000000e+00");
        assert!(text.contains("7.000000e+00"), "{text}");
        let edit = IrEdit {
            run: 10,
            ir: text,
            file: String::new(),
        };
        let out = apply(&m, &edit).unwrap();
        assert_eq!(out.functions.len(), m.functions.len());
        assert_eq!(*opt::snapshot(&out)[0].text, *edit.ir);
    }

    #[test]
    fn errors_have_the_line_and_column_of_the_text() {
        let m = after(10);
        let text = opt::snapshot(&m)[0].text.clone();
        // A misspelled opcode on the third line.
        let mut lines: Vec<String> = text.lines().map(String::from).collect();
        let i = lines.iter().position(|l| l.contains(" = ")).unwrap();
        let col = lines[i].find('=').unwrap() + 3;
        let (head, _) = lines[i].split_at(col - 1);
        lines[i] = format!("{head}frobnicate i32 1, 2");
        let edit = IrEdit {
            run: 10,
            ir: lines.join("\n"),
            file: String::new(),
        };
        let errs = apply(&m, &edit).unwrap_err();
        assert_eq!(errs[0].span.line as usize, i + 1, "{errs:?}");
        assert_eq!(errs[0].span.column as usize, col, "{errs:?}");
        assert!(
            errs[0].to_string().starts_with("ir-run-10.ll("),
            "{}",
            errs[0]
        );

        // A use of an undefined value: the verifier's error at its line.
        let ret = text.lines().position(|l| l.trim() == "ret void").unwrap();
        let bad = text.replace("ret void", "store i32 %nosuch, ptr %p, align 4\n  ret void");
        let errs = apply(
            &m,
            &IrEdit {
                run: 10,
                ir: bad,
                file: String::new(),
            },
        )
        .unwrap_err();
        assert_eq!(errs[0].span.line as usize, ret + 1, "{errs:?}");

        // No function at all.
        let errs = apply(
            &m,
            &IrEdit {
                run: 10,
                ir: "hello\n".into(),
                file: String::new(),
            },
        )
        .unwrap_err();
        assert_eq!(errs[0].span.line, 1);
    }

    /// The compile resumes at the edited run: its stage shows the edit,
    /// and the rest of the pipeline and the PTX follow from it.
    #[test]
    fn a_compile_resumes_from_the_edited_run() {
        let plain = crate::compile_source("k.cu", SRC, &Options::default());
        let stage = crate::Compilation::stage_of_pass_run(10);
        let text = plain.stages[stage].functions[0]
            .text
            .replace("5.000000e+00", "7.000000e+00");
        let opts = Options {
            ir_edit: Some(IrEdit {
                run: 10,
                ir: text.clone(),
                file: String::new(),
            }),
            ..Options::default()
        };
        let c = crate::compile_source("k.cu", SRC, &opts);
        assert!(!c.has_errors(), "{:?}", c.diagnostics);
        assert_eq!(c.stages.len(), plain.stages.len());
        assert!(c.stages[stage].edited && !plain.stages[stage].edited);
        assert_eq!(*c.stages[stage].functions[0].text, *text);
        assert_eq!(c.stages.iter().filter(|s| s.edited).count(), 1);
        let (a, b) = (plain.ptx.unwrap(), c.ptx.unwrap());
        assert!(a.contains("0f40A00000") && !a.contains("0f40E00000"), "{a}");
        assert!(b.contains("0f40E00000") && !b.contains("0f40A00000"), "{b}");

        // Stepping gives the same module at the end.
        let mut s = crate::Stepper::new("k.cu", SRC, &NoFiles, &opts).unwrap();
        assert_eq!(s.edited_run(), Some(10));
        s.run_to(usize::MAX);
        let last = c.stages[crate::Compilation::stage_of_pass_run(s.total())].functions[0].clone();
        assert_eq!(opt::snapshot(s.module())[0].text, last.text);

        // An error in the edit is the compile's diagnostic, at its line.
        let bad = Options {
            ir_edit: Some(IrEdit {
                run: 10,
                ir: text.replace("fmul", "fmul fmul"),
                file: String::new(),
            }),
            ..Options::default()
        };
        let c = crate::compile_source("k.cu", SRC, &bad);
        assert!(c.has_errors() && c.ptx.is_none());
        assert_eq!(c.diagnostics[0].span.file, "ir-run-10.ll");
        let line = text.lines().position(|l| l.contains("fmul")).unwrap() + 1;
        assert_eq!(
            c.diagnostics[0].span.line as usize, line,
            "{:?}",
            c.diagnostics
        );
    }
}
