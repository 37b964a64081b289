//! Line diffs between two snapshots (a pass run and the run before it, or any
//! two runs), computed with `similar` and shaped for the page: unified rows
//! with long unchanged stretches folded, or side-by-side rows.

use similar::algorithms::{patience, Capture};
use similar::DiffOp;
use std::time::Duration;

/// Unchanged lines kept around each change when a stretch is folded.
pub const CONTEXT: usize = 3;

/// What happened to one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tag {
    Same,
    Removed,
    Added,
}

/// One line of a unified diff; line numbers are 1-based.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub tag: Tag,
    pub old: Option<u32>,
    pub new: Option<u32>,
    pub text: String,
}

/// A row of the unified view: a line, or `n` unchanged lines folded away.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    Line(Line),
    Fold(usize),
}

/// A row of the side-by-side view: the old line on the left, the new on the
/// right; a removed line with no partner leaves the right side empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SideRow {
    Pair(Option<Line>, Option<Line>),
    Fold(usize),
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Diff {
    pub lines: Vec<Line>,
    pub added: usize,
    pub removed: usize,
}

/// The line diff of `old` → `new` (patience, as `git diff --patience`: it
/// anchors on unique lines, which suits IR where braces and labels repeat).
/// One algorithm, called directly on line slices: `similar`'s `TextDiff`
/// would compile every algorithm into the page.
pub fn diff(old: &str, new: &str) -> Diff {
    let old_lines: Vec<&str> = old.lines().collect();
    let new_lines: Vec<&str> = new.lines().collect();
    // Huge inputs get an approximate diff rather than a frozen page.
    let deadline = web_time::Instant::now().checked_add(Duration::from_millis(500));
    let mut capture = Capture::new();
    let Ok(()) = patience::diff_deadline_raw(
        &mut capture,
        &old_lines,
        0..old_lines.len(),
        &new_lines,
        0..new_lines.len(),
        deadline,
    );
    let mut out = Diff::default();
    let mut push = |tag: Tag, old: Option<usize>, new: Option<usize>, text: &str| {
        match tag {
            Tag::Added => out.added += 1,
            Tag::Removed => out.removed += 1,
            Tag::Same => {}
        }
        out.lines.push(Line {
            tag,
            old: old.map(|i| i as u32 + 1),
            new: new.map(|i| i as u32 + 1),
            text: text.to_string(),
        });
    };
    // A change shows its removed lines before its added ones, whatever order
    // the algorithm reported them in.
    let mut ops = capture.into_ops();
    for i in 1..ops.len() {
        if matches!(ops[i - 1], DiffOp::Insert { .. }) && matches!(ops[i], DiffOp::Delete { .. }) {
            ops.swap(i - 1, i);
        }
    }
    let removed = |out: &mut Vec<(Tag, Option<usize>, Option<usize>)>, at: usize, n: usize| {
        out.extend((at..at + n).map(|k| (Tag::Removed, Some(k), None)));
    };
    let added = |out: &mut Vec<(Tag, Option<usize>, Option<usize>)>, at: usize, n: usize| {
        out.extend((at..at + n).map(|k| (Tag::Added, None, Some(k))));
    };
    let mut lines = Vec::new();
    for op in ops {
        match op {
            DiffOp::Equal {
                old_index,
                new_index,
                len,
            } => lines
                .extend((0..len).map(|k| (Tag::Same, Some(old_index + k), Some(new_index + k)))),
            DiffOp::Delete {
                old_index, old_len, ..
            } => removed(&mut lines, old_index, old_len),
            DiffOp::Insert {
                new_index, new_len, ..
            } => added(&mut lines, new_index, new_len),
            DiffOp::Replace {
                old_index,
                old_len,
                new_index,
                new_len,
            } => {
                removed(&mut lines, old_index, old_len);
                added(&mut lines, new_index, new_len);
            }
        }
    }
    for (tag, old, new) in lines {
        let text = match (old, new) {
            (Some(o), _) => old_lines[o],
            (None, Some(n)) => new_lines[n],
            (None, None) => "",
        };
        push(tag, old, new, text);
    }
    out
}

impl Diff {
    pub fn is_empty(&self) -> bool {
        self.added == 0 && self.removed == 0
    }

    /// The unified rows, with unchanged stretches longer than `2 * context + 1`
    /// folded to `context` lines on each side of a change.
    pub fn unified(&self, context: usize) -> Vec<Row> {
        let mut rows = Vec::new();
        let lines = &self.lines;
        let mut i = 0;
        while i < lines.len() {
            if lines[i].tag != Tag::Same {
                rows.push(Row::Line(lines[i].clone()));
                i += 1;
                continue;
            }
            let start = i;
            while i < lines.len() && lines[i].tag == Tag::Same {
                i += 1;
            }
            let keep_before = if start == 0 { 0 } else { context };
            let keep_after = if i == lines.len() { 0 } else { context };
            let len = i - start;
            if len > keep_before + keep_after + 1 {
                rows.extend(
                    lines[start..start + keep_before]
                        .iter()
                        .cloned()
                        .map(Row::Line),
                );
                rows.push(Row::Fold(len - keep_before - keep_after));
                rows.extend(lines[i - keep_after..i].iter().cloned().map(Row::Line));
            } else {
                rows.extend(lines[start..i].iter().cloned().map(Row::Line));
            }
        }
        rows
    }

    /// Side-by-side rows from the unified ones: each run of removals is paired
    /// line by line with the additions that follow it.
    pub fn side_by_side(&self, context: usize) -> Vec<SideRow> {
        let rows = self.unified(context);
        let mut out = Vec::new();
        let mut i = 0;
        while i < rows.len() {
            match &rows[i] {
                Row::Fold(n) => {
                    out.push(SideRow::Fold(*n));
                    i += 1;
                }
                Row::Line(l) if l.tag == Tag::Same => {
                    out.push(SideRow::Pair(Some(l.clone()), Some(l.clone())));
                    i += 1;
                }
                Row::Line(_) => {
                    let mut removed = Vec::new();
                    let mut added = Vec::new();
                    while let Some(Row::Line(l)) = rows.get(i) {
                        match l.tag {
                            Tag::Removed if added.is_empty() => removed.push(l.clone()),
                            Tag::Added => added.push(l.clone()),
                            _ => break,
                        }
                        i += 1;
                    }
                    let n = removed.len().max(added.len());
                    let mut removed = removed.into_iter();
                    let mut added = added.into_iter();
                    for _ in 0..n {
                        out.push(SideRow::Pair(removed.next(), added.next()));
                    }
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_added_and_removed_lines_with_line_numbers() {
        let d = diff("a\nb\nc\n", "a\nB\nc\nd\n");
        assert_eq!((d.added, d.removed), (2, 1));
        let removed = d.lines.iter().find(|l| l.tag == Tag::Removed).unwrap();
        assert_eq!(
            (removed.old, removed.new, removed.text.as_str()),
            (Some(2), None, "b")
        );
        let added: Vec<_> = d
            .lines
            .iter()
            .filter(|l| l.tag == Tag::Added)
            .map(|l| (l.new, l.text.as_str()))
            .collect();
        assert_eq!(added, [(Some(2), "B"), (Some(4), "d")]);
    }

    #[test]
    fn equal_texts_have_an_empty_diff() {
        let d = diff("x\ny\n", "x\ny\n");
        assert!(d.is_empty());
        assert_eq!(d.lines.len(), 2);
    }

    #[test]
    fn long_unchanged_stretches_fold_to_context() {
        let old: String = (0..40).map(|i| format!("l{i}\n")).collect();
        let new = old.replace("l20\n", "changed\n");
        let rows = diff(&old, &new).unified(CONTEXT);
        let folds: Vec<usize> = rows
            .iter()
            .filter_map(|r| match r {
                Row::Fold(n) => Some(*n),
                _ => None,
            })
            .collect();
        // 20 lines before the change keep 3; 19 after keep 3.
        assert_eq!(folds, [17, 16]);
        assert_eq!(rows.len(), 2 + 3 + 2 + 3);
    }

    #[test]
    fn side_by_side_pairs_a_replacement_on_one_row() {
        let rows = diff("a\nb\nc\n", "a\nB\nB2\nc\n").side_by_side(CONTEXT);
        let texts: Vec<(Option<&str>, Option<&str>)> = rows
            .iter()
            .map(|r| match r {
                SideRow::Pair(l, r) => (
                    l.as_ref().map(|l| l.text.as_str()),
                    r.as_ref().map(|r| r.text.as_str()),
                ),
                SideRow::Fold(_) => (None, None),
            })
            .collect();
        assert_eq!(
            texts,
            [
                (Some("a"), Some("a")),
                (Some("b"), Some("B")),
                (None, Some("B2")),
                (Some("c"), Some("c")),
            ]
        );
    }
}
