//! The pipeline pane's logic, free of the browser: which functions there are,
//! a run's text for one function, whether a run changed that function, and
//! the rows of the pass list (filtered, with unchanged runs grouped, or
//! folded into the next changed run as in Go's ssa.html).

use ptxlab_core::{Compilation, Stage, StageKind};

/// Every function name in any stage, in first-seen order (`<module>` last).
pub fn functions(c: &Compilation) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for stage in &c.stages {
        for f in &stage.functions {
            if f.name != "<module>" && !names.contains(&f.name) {
                names.push(f.name.clone());
            }
        }
    }
    names
}

/// A run's text: one function's, or every function's when `function` is
/// `None` or the run is the final PTX (one module). A function the run does
/// not have (inlined and deleted, or not yet linked) is a one-line note.
pub fn text(stage: &Stage, function: Option<&str>) -> String {
    let Some(name) = function.filter(|_| stage.kind != StageKind::Ptx) else {
        return stage.text();
    };
    match stage.functions.iter().find(|f| f.name == name) {
        Some(f) => f.text.to_string(),
        None => format!("; @{name} is not in the module after this run (inlined and deleted, or not linked yet)\n"),
    }
}

/// Whether run `i` changed what is shown: the stage's own mark for the whole
/// module, or a text comparison with the run before for one function.
pub fn changed(c: &Compilation, i: usize, function: Option<&str>) -> bool {
    let Some(stage) = c.stages.get(i) else {
        return false;
    };
    match function {
        None => stage.changed,
        Some(_) if i == 0 || !stage.changed => stage.changed,
        Some(name) => {
            let now = stage.functions.iter().find(|f| f.name == name);
            let before = c.stages[i - 1].functions.iter().find(|f| f.name == name);
            match (now, before) {
                (Some(a), Some(b)) => a.text != b.text,
                // The function appears or goes away, or the text changes form (ptx).
                _ => true,
            }
        }
    }
}

/// One row of the pass list: a run, or several consecutive unchanged runs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// First and last run (stage index) in the row.
    pub first: usize,
    pub last: usize,
    /// `mem2reg`, or `sccp + dse` for a collapsed group.
    pub label: String,
    pub changed: bool,
    pub micros: u64,
    /// The pass's one-line description (each run's, for a group).
    pub description: String,
}

impl Row {
    pub fn contains(&self, run: usize) -> bool {
        (self.first..=self.last).contains(&run)
    }
}

/// How the pass list shows runs that changed nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Collapse {
    /// Consecutive unchanged runs become one row.
    pub hide_unchanged: bool,
    /// Unchanged runs fold into the next changed run's row (Go's
    /// ssa.html); those after the last changed run stay one group.
    pub fold: bool,
}

/// The pass list's rows, collapsed as `collapse` says; `filter` keeps rows
/// whose pass names contain it (case-insensitive).
pub fn rows(c: &Compilation, function: Option<&str>, collapse: Collapse, filter: &str) -> Vec<Row> {
    let mut rows: Vec<Row> = Vec::new();
    // With `fold`, the unchanged runs waiting for the next changed one.
    let mut pending: Option<usize> = None;
    for (i, stage) in c.stages.iter().enumerate() {
        let changed = changed(c, i, function);
        if collapse.fold && !changed {
            pending.get_or_insert(i);
            continue;
        }
        if let Some(last) = rows.last_mut() {
            if collapse.hide_unchanged && !changed && !last.changed && last.last + 1 == i {
                last.last = i;
                last.label.push_str(" + ");
                last.label.push_str(&stage.name);
                last.micros += stage.micros;
                last.description.push('\n');
                last.description
                    .push_str(&format!("{}: {}", stage.name, stage.description));
                continue;
            }
        }
        let first = pending.take().unwrap_or(i);
        let mut description = if collapse.hide_unchanged && !changed {
            format!("{}: {}", stage.name, stage.description)
        } else {
            stage.description.clone()
        };
        if first < i {
            let names: Vec<&str> = c.stages[first..i].iter().map(|s| s.name.as_str()).collect();
            description.push_str(&format!(
                "\n(folded in, changed nothing: {})",
                names.join(", ")
            ));
        }
        rows.push(Row {
            first,
            last: i,
            label: stage.name.clone(),
            changed,
            micros: c.stages[first..=i].iter().map(|s| s.micros).sum(),
            description,
        });
    }
    if let Some(first) = pending {
        // Unchanged runs after the last changed one: one group.
        let runs = &c.stages[first..];
        rows.push(Row {
            first,
            last: c.stages.len() - 1,
            label: runs
                .iter()
                .map(|s| s.name.as_str())
                .collect::<Vec<_>>()
                .join(" + "),
            changed: false,
            micros: runs.iter().map(|s| s.micros).sum(),
            description: runs
                .iter()
                .map(|s| format!("{}: {}", s.name, s.description))
                .collect::<Vec<_>>()
                .join("\n"),
        });
    }
    let filter = filter.trim().to_lowercase();
    if !filter.is_empty() {
        rows.retain(|r| r.label.to_lowercase().contains(&filter));
    }
    rows
}

/// The run to select after moving `delta` rows from the one holding `run`
/// (a collapsed row is entered at its last run, whose text is the row's).
pub fn step(rows: &[Row], run: Option<usize>, delta: isize) -> Option<usize> {
    if rows.is_empty() {
        return None;
    }
    let at = run.and_then(|r| rows.iter().position(|row| row.contains(r)));
    let next = match at {
        Some(i) => (i as isize + delta).clamp(0, rows.len() as isize - 1) as usize,
        None if delta < 0 => rows.len() - 1,
        None => 0,
    };
    Some(rows[next].last)
}

/// The default run to show: the last IR stage (the optimized IR).
pub fn default_run(c: &Compilation) -> Option<usize> {
    c.stages
        .iter()
        .rposition(|s| s.kind == StageKind::Ir)
        .or(c.stages.len().checked_sub(1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxlab_core::{compile_source, Options};

    fn saxpy() -> Compilation {
        let c = compile_source("kernel.cu", crate::examples::SAXPY, &Options::default());
        assert!(!c.has_errors());
        c
    }

    #[test]
    fn every_run_is_a_row_unless_collapsed() {
        let c = saxpy();
        let all = rows(&c, None, Collapse::default(), "");
        assert_eq!(all.len(), c.stages.len());
        assert_eq!(all[0].label, "irgen");
        assert_eq!(all.last().unwrap().label, "ptx");

        let collapsed = rows(&c, None, HIDE, "");
        assert!(collapsed.len() < all.len());
        // Runs stay in order, each in exactly one row.
        let covered: Vec<usize> = collapsed.iter().flat_map(|r| r.first..=r.last).collect();
        assert_eq!(covered, (0..c.stages.len()).collect::<Vec<_>>());
        // No two unchanged rows are neighbours.
        for w in collapsed.windows(2) {
            assert!(w[0].changed || w[1].changed, "{w:?}");
        }
        let group = collapsed
            .iter()
            .find(|r| r.first < r.last)
            .expect("a group");
        assert!(group.label.contains(" + "));
        assert!(!group.changed);
    }

    const HIDE: Collapse = Collapse {
        hide_unchanged: true,
        fold: false,
    };

    #[test]
    fn folding_puts_unchanged_runs_into_the_next_changed_one() {
        let c = saxpy();
        let folded = rows(
            &c,
            None,
            Collapse {
                hide_unchanged: false,
                fold: true,
            },
            "",
        );
        let covered: Vec<usize> = folded.iter().flat_map(|r| r.first..=r.last).collect();
        assert_eq!(covered, (0..c.stages.len()).collect::<Vec<_>>());
        // Every row but a trailing group is a changed run, named after it.
        let (last, changed) = folded.split_last().unwrap();
        assert!(changed
            .iter()
            .all(|r| r.changed && c.stages[r.last].name == r.label));
        assert!(last.changed || last.last == c.stages.len() - 1);
        let row = folded
            .iter()
            .find(|r| r.first < r.last && r.changed)
            .expect("a fold");
        assert!(row.description.contains("folded in"), "{}", row.description);
        assert!(folded.len() < c.stages.len());
    }

    #[test]
    fn the_filter_keeps_matching_passes() {
        let c = saxpy();
        let found = rows(&c, None, Collapse::default(), "Memory-Space");
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].label, "memory-space-opt");
        assert!(found[0].changed);
        assert!(rows(&c, None, Collapse::default(), "no-such-pass").is_empty());
    }

    #[test]
    fn per_function_marks_and_text() {
        let src = format!("{}\n__global__ void other() {{}}\n", crate::examples::SAXPY);
        let c = compile_source("kernel.cu", &src, &Options::default());
        assert_eq!(functions(&c)[0], "saxpy");
        let other = functions(&c)
            .into_iter()
            .find(|f| f.contains("other"))
            .unwrap();
        // mem2reg changes saxpy (its allocas) but not the empty `other`.
        let i = c.stages.iter().position(|s| s.name == "mem2reg").unwrap();
        assert!(changed(&c, i, Some("saxpy")));
        assert!(
            !changed(&c, i, Some(&other)),
            "{}",
            text(&c.stages[i], Some(&other))
        );
        assert!(text(&c.stages[0], Some("saxpy")).contains("@saxpy"));
        assert!(!text(&c.stages[0], Some("saxpy")).contains(&other));
        let ptx = c.stages.last().unwrap();
        assert_eq!(text(ptx, Some("saxpy")), ptx.text());
        assert!(text(&c.stages[0], Some("gone")).starts_with("; @gone is not in the module"));
    }

    #[test]
    fn stepping_moves_through_rows_and_stops_at_the_ends() {
        let c = saxpy();
        let r = rows(&c, None, HIDE, "");
        assert_eq!(step(&r, None, 1), Some(r[0].last));
        assert_eq!(step(&r, Some(0), -1), Some(r[0].last));
        assert_eq!(step(&r, Some(r[1].first), 1), Some(r[2].last));
        let end = r.last().unwrap().last;
        assert_eq!(step(&r, Some(end), 1), Some(end));
        assert_eq!(
            default_run(&c).map(|i| c.stages[i].kind),
            Some(ptxlab_core::StageKind::Ir)
        );
    }
}
