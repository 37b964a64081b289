//! "Follow a value": which lines of a run mention a value (`%add`, a PTX
//! register `%r3`), and the value's history across the pass runs: where it
//! was created, changed (a line that defines or uses it differs from the run
//! before) or deleted. A value keeps its name across passes (the IR printer's
//! invariant), so following it is a name comparison, token by token as the
//! highlighter splits lines (`%add` is not `%add1`).

use crate::highlight::{self, Class, Lang};
use crate::pipeline;
use ptxlab_core::{Compilation, StageKind};

/// Whether `name` can be followed: a local value or register (`%…`).
pub fn followable(name: &str) -> bool {
    name.len() > 1 && name.starts_with('%')
}

/// Whether `line` mentions the value `name` (a register span equal to it).
pub fn mentions(lang: Lang, line: &str, name: &str) -> bool {
    line.contains(name)
        && highlight::line(lang, line)
            .iter()
            .any(|&(class, s)| class == Class::Reg && s.trim_start_matches(['@', '!']) == name)
}

/// Whether `line` defines `name`: an IR `%name = …`, or a PTX instruction
/// whose first operand (its destination) is the register.
pub fn defines(lang: Lang, line: &str, name: &str) -> bool {
    if !line.contains(name) {
        return false;
    }
    match lang {
        Lang::Ir => line
            .trim_start()
            .strip_prefix(name)
            .is_some_and(|rest| rest.trim_start().starts_with('=')),
        Lang::Ptx => {
            let spans = highlight::line(lang, line);
            let Some(op) = spans.iter().position(|&(c, _)| c == Class::Op) else {
                return false;
            };
            // The first register after the instruction, unless an address
            // (`st.global [%rd1], %f1` defines nothing) comes first.
            spans[op + 1..]
                .iter()
                .take_while(|&&(_, s)| !s.contains('['))
                .find(|&&(c, _)| c == Class::Reg)
                .is_some_and(|&(_, s)| s == name)
        }
    }
}

/// The language a run's text is in.
pub fn lang_of(kind: StageKind) -> Lang {
    match kind {
        StageKind::Ir => Lang::Ir,
        StageKind::Machine | StageKind::Ptx => Lang::Ptx,
    }
}

/// What a run did to a followed value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    Created,
    Changed,
    Deleted,
}

impl Change {
    pub fn as_str(self) -> &'static str {
        match self {
            Change::Created => "created",
            Change::Changed => "changed",
            Change::Deleted => "deleted",
        }
    }
}

/// A run that created, changed or deleted the value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Event {
    pub run: usize,
    pub change: Change,
}

/// The value's history over the runs written in `lang` (IR values live in
/// the IR runs, registers in the machine runs and the PTX), for one
/// function or all of them: the events in run order, and the runs whose
/// text mentions it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct History {
    pub events: Vec<Event>,
    pub present: Vec<usize>,
}

/// Follows `name` through the runs of `c` written in `lang`.
pub fn history(c: &Compilation, function: Option<&str>, lang: Lang, name: &str) -> History {
    let mut out = History::default();
    if !followable(name) {
        return out;
    }
    // The lines mentioning the value in the run before (`None`: no run of
    // this language yet).
    let mut before: Option<Vec<String>> = None;
    for (i, stage) in c.stages.iter().enumerate() {
        if lang_of(stage.kind) != lang {
            continue;
        }
        let text = pipeline::text(stage, function);
        let lines: Vec<String> = text
            .lines()
            .filter(|l| mentions(lang, l, name))
            .map(|l| l.trim().to_string())
            .collect();
        let had = before.as_ref().is_some_and(|b| !b.is_empty());
        let change = match (had, lines.is_empty()) {
            (false, false) => Some(Change::Created),
            (true, true) => Some(Change::Deleted),
            (true, false) if before.as_ref() != Some(&lines) => Some(Change::Changed),
            _ => None,
        };
        if let Some(change) = change {
            out.events.push(Event { run: i, change });
        }
        if !lines.is_empty() {
            out.present.push(i);
        }
        before = Some(lines);
    }
    out
}

/// What following a value shows beyond its own name, from the compiler's
/// map of IR values to PTX registers (`Compilation::values`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Related {
    /// For an IR value, the PTX registers holding it; for a PTX register,
    /// the IR values (of the last IR run) it holds.
    pub names: Vec<String>,
    /// For an IR value: the PTX lines (0-based) whose instructions define
    /// it, and every (line, register) of its functions' bodies where one of
    /// its registers appears (a register name is only unique in its function).
    pub def_lines: Vec<usize>,
    pub reg_lines: Vec<(usize, String)>,
}

/// What `name` (a PTX register when `ptx`, else an IR value) is related to in
/// `function` (or every function).
pub fn related(c: &Compilation, function: Option<&str>, name: &str, ptx: bool) -> Related {
    let mut out = Related::default();
    let funcs = c
        .values
        .iter()
        .filter(|f| function.is_none_or(|n| n == f.function));
    if ptx {
        for f in funcs {
            for v in f
                .values
                .iter()
                .filter(|v| v.registers.iter().any(|r| r == name))
            {
                if !out.names.contains(&v.value) {
                    out.names.push(v.value.clone());
                }
            }
        }
        return out;
    }
    let ptx_lines: Vec<&str> = c.ptx.as_deref().unwrap_or_default().lines().collect();
    for f in funcs {
        let Some(v) = f.values.iter().find(|v| v.value == name) else {
            continue;
        };
        for r in &v.registers {
            if !out.names.contains(r) {
                out.names.push(r.clone());
            }
        }
        out.def_lines
            .extend(v.ptx_lines.iter().map(|&l| (l as usize).saturating_sub(1)));
        // The function's body: from the `{` before its first definition to
        // the `}` closing it.
        let Some(first) = f.values.iter().flat_map(|v| &v.ptx_lines).min() else {
            continue;
        };
        let first = (*first as usize).saturating_sub(1).min(ptx_lines.len());
        let start = ptx_lines[..first]
            .iter()
            .rposition(|l| l.trim() == "{")
            .unwrap_or(first);
        let end = ptx_lines[first..]
            .iter()
            .position(|l| l.trim() == "}")
            .map_or(ptx_lines.len(), |e| first + e);
        for (i, line) in ptx_lines.iter().enumerate().take(end).skip(start) {
            for r in &v.registers {
                if mentions(Lang::Ptx, line, r) {
                    out.reg_lines.push((i, r.clone()));
                }
            }
        }
    }
    out.def_lines.sort_unstable();
    out.def_lines.dedup();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxlab_core::{compile_source, Options};

    #[test]
    fn mentions_are_whole_tokens() {
        let l = "  %add1 = fadd float %add, %add.i";
        assert!(mentions(Lang::Ir, l, "%add"));
        assert!(mentions(Lang::Ir, l, "%add1"));
        assert!(mentions(Lang::Ir, l, "%add.i"));
        assert!(!mentions(Lang::Ir, l, "%ad"));
        assert!(!mentions(Lang::Ir, "; %add in a comment", "%add"));
        assert!(mentions(Lang::Ptx, "\t@%p1 bra \t$L__BB0_2;", "%p1"));
        assert!(mentions(Lang::Ptx, "\t@!%p1 bra \t$L__BB0_2;", "%p1"));
        assert!(!mentions(Lang::Ptx, "\tadd.s32 \t%r10, %r1, 1;", "%r"));
        assert!(!followable("%") && !followable("@saxpy") && followable("%r1"));
        assert!(defines(Lang::Ir, l, "%add1"));
        assert!(!defines(Lang::Ir, l, "%add"));
        assert!(defines(Lang::Ptx, "\tadd.s32 \t%r10, %r1, 1;", "%r10"));
        assert!(!defines(Lang::Ptx, "\tadd.s32 \t%r10, %r1, 1;", "%r1"));
        assert!(!defines(Lang::Ptx, "\tst.global.f32 \t[%rd8], %f3;", "%f3"));
        assert!(!defines(
            Lang::Ptx,
            "\tst.global.f32 \t[%rd8], %f3;",
            "%rd8"
        ));
    }

    #[test]
    fn an_ir_value_finds_its_ptx_and_a_register_its_ir_values() {
        let c = compile_source("kernel.cu", crate::examples::SAXPY, &Options::default());
        let ptx: Vec<&str> = c.ptx.as_deref().unwrap().lines().collect();
        // The fadd of `a * x[i] + y[i]` is the fma; its fmul too.
        let r = related(&c, Some("saxpy"), "%add1", false);
        assert_eq!(r.names.len(), 1, "{r:?}");
        assert!(r.names[0].starts_with("%f"), "{r:?}");
        assert_eq!(r.def_lines.len(), 1, "{r:?}");
        assert!(ptx[r.def_lines[0]].contains("fma.rn.f32"), "{r:?}");
        assert!(defines(Lang::Ptx, ptx[r.def_lines[0]], &r.names[0]));
        // Its register is defined by the fma and read by the store.
        let lines: Vec<&str> = r.reg_lines.iter().map(|(i, _)| ptx[*i]).collect();
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[1].contains("st.global.f32"), "{lines:?}");
        assert_eq!(related(&c, None, "%add1", false), r);
        // The fma's register holds the fadd and the folded fmul.
        let back = related(&c, Some("saxpy"), &r.names[0], true);
        assert!(back.names.contains(&"%add1".to_string()), "{back:?}");
        assert!(back.names.contains(&"%mul1".to_string()), "{back:?}");
        assert!(back.def_lines.is_empty() && back.reg_lines.is_empty());
        // The integer %add: a register defined once, by the mad.
        let add = related(&c, Some("saxpy"), "%add", false);
        assert!(add.names.iter().all(|n| n.starts_with("%r")), "{add:?}");
        assert!(ptx[add.def_lines[0]].contains("mad.lo.s32"), "{add:?}");
        // No map for another function, or a name that is no value.
        assert_eq!(
            related(&c, Some("other"), "%add", false),
            Related::default()
        );
        assert_eq!(related(&c, None, "%nothing", false), Related::default());
    }

    #[test]
    fn saxpy_add_is_created_by_irgen_and_present_in_several_runs() {
        let c = compile_source("kernel.cu", crate::examples::SAXPY, &Options::default());
        let h = history(&c, Some("saxpy"), Lang::Ir, "%add");
        assert_eq!(
            h.events.first(),
            Some(&Event {
                run: 0,
                change: Change::Created
            }),
            "{h:?}"
        );
        assert!(h.present.len() >= 3, "{h:?}");
        // Events alternate sensibly: no deletion without the value before it.
        for e in &h.events {
            if e.change == Change::Deleted {
                assert!(!h.present.contains(&e.run), "{h:?}");
                assert!(h.present.iter().any(|&p| p < e.run), "{h:?}");
            }
        }
        // Only IR runs are followed for an IR value.
        assert!(h.present.iter().all(|&r| c.stages[r].kind == StageKind::Ir));
        // A PTX register lives in the machine runs and the PTX.
        let r = history(&c, Some("saxpy"), Lang::Ptx, "%r1");
        assert!(!r.present.is_empty(), "{r:?}");
        assert!(r.present.iter().all(|&i| c.stages[i].kind != StageKind::Ir));
        assert_eq!(r.events[0].change, Change::Created);
        // A name nowhere in the program has no history.
        assert_eq!(
            history(&c, None, Lang::Ir, "%no_such_value"),
            History::default()
        );
    }
}
