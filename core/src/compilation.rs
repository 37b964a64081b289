//! `Compilation`: the one result of a compile, and the contract between the
//! compiler and everything that shows it (CLI, web worker, tests).

use crate::diag::Diagnostic;
use serde::{Deserialize, Serialize};

/// What a compile produced: diagnostics, a snapshot after every stage, and the PTX.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Compilation {
    /// Errors and warnings, in source order per stage.
    pub diagnostics: Vec<Diagnostic>,
    /// One entry per stage run, in order: irgen, each pass run, the machine stages, ptx.
    pub stages: Vec<Stage>,
    /// The PTX module, when no error stopped the compile.
    pub ptx: Option<String>,
    /// PTX line ↔ source line, for cross-highlighting.
    pub line_map: Vec<LineMapEntry>,
    pub stats: Stats,
}

impl Compilation {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }

    /// The stage with this name (the first, if the pass ran several times).
    pub fn stage(&self, name: &str) -> Option<&Stage> {
        self.stages.iter().find(|s| s.name == name)
    }
}

/// Which representation a stage's text is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StageKind {
    /// LLVM-like IR (irgen, link, every optimization pass).
    Ir,
    /// PTX machine IR on virtual registers (isel, out-of-ssa, layout).
    Machine,
    /// The final PTX text.
    Ptx,
}

/// The state of the program after one stage ran.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Stage {
    /// The pass or stage name (`mem2reg`, `isel`, …); a pass that runs several
    /// times appears several times.
    pub name: String,
    /// Position in the run list: 0 is irgen, then 1, 2, … in order.
    pub index: usize,
    pub kind: StageKind,
    /// One line for learners: what this stage does.
    pub description: String,
    /// The text of each function (and `<module>` for globals) after this stage.
    pub functions: Vec<FunctionText>,
    /// Whether any function's text differs from the stage before.
    pub changed: bool,
    /// Wall time of the stage in microseconds.
    pub micros: u64,
}

impl Stage {
    /// Per line of [`Stage::text`], the source line (0: none); empty when a
    /// function has no line map (machine stages, PTX).
    pub fn text_lines(&self) -> Vec<u32> {
        let mut out = Vec::new();
        for (i, f) in self.functions.iter().enumerate() {
            if f.lines.len() != f.text.lines().count() {
                return Vec::new();
            }
            if i > 0 {
                out.push(0);
            }
            out.extend(&f.lines);
        }
        out
    }

    /// All functions' text joined, as the CLI's `--print-after-all` shows it.
    pub fn text(&self) -> String {
        let mut out = String::new();
        for (i, f) in self.functions.iter().enumerate() {
            if i > 0 {
                out.push('\n');
            }
            out.push_str(&f.text);
            if !f.text.ends_with('\n') {
                out.push('\n');
            }
        }
        out
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionText {
    pub name: String,
    pub text: String,
    /// For IR stages, per line of `text`, the source line it came from (0:
    /// none); empty for the machine stages and the PTX (see `line_map`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<u32>,
}

impl FunctionText {
    /// A text with no source lines.
    pub fn new(name: impl Into<String>, text: impl Into<String>) -> FunctionText {
        FunctionText {
            name: name.into(),
            text: text.into(),
            lines: Vec::new(),
        }
    }
}

/// One PTX line that came from one source line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LineMapEntry {
    /// 1-based line in the PTX text.
    pub ptx_line: u32,
    pub file: String,
    /// 1-based source line.
    pub source_line: u32,
}

#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Stats {
    /// Whole compile, microseconds.
    pub total_micros: u64,
    /// Time in the frontend (preprocess, parse, sema), microseconds.
    pub frontend_micros: u64,
    /// Number of kernels (`.entry`) in the PTX.
    pub kernels: usize,
    /// Number of PTX instructions written.
    pub ptx_instructions: usize,
}
