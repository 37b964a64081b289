//! `Compilation`: the one result of a compile, and the contract between the
//! compiler and everything that shows it (CLI, web worker, tests).

use crate::diag::Diagnostic;
use crate::ir::Module;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

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
    /// The module's kernels with their parameters, as the last IR stage has
    /// them (what a launch of the IR needs).
    #[serde(default)]
    pub kernels: Vec<Kernel>,
    /// With snapshots: per function, where each IR value of the last IR
    /// stage went in the PTX (its registers and the lines defining them), so
    /// a followed value is found in the PTX and a register in the IR.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<FunctionValues>,
}

/// Where one function's IR values went in the PTX.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FunctionValues {
    /// The function's (mangled) name, as the IR and the PTX spell it.
    pub function: String,
    /// Its named values, in the IR's order: parameters, then instructions.
    pub values: Vec<ValueRegs>,
}

/// One IR value and what holds it in the PTX.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueRegs {
    /// As the last IR stage prints it: `%add`.
    pub value: String,
    /// The PTX registers holding it (`%f3`); a value computed inside its
    /// users (an `fmul` inside an `fma`) has theirs.
    pub registers: Vec<String>,
    /// The 1-based lines of the PTX text whose instructions define those
    /// registers, in order.
    pub ptx_lines: Vec<u32>,
}

impl Compilation {
    /// The PTX registers of the IR value `value` of `function`.
    pub fn registers_of(&self, function: &str, value: &str) -> Option<&ValueRegs> {
        self.values
            .iter()
            .find(|f| f.function == function)?
            .values
            .iter()
            .find(|v| v.value == value)
    }

    /// The IR values of `function` that the PTX register `reg` holds.
    pub fn values_in_register(&self, function: &str, reg: &str) -> Vec<&str> {
        self.values
            .iter()
            .filter(|f| f.function == function)
            .flat_map(|f| &f.values)
            .filter(|v| v.registers.iter().any(|r| r == reg))
            .map(|v| v.value.as_str())
            .collect()
    }
}

impl Compilation {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|d| d.is_error())
    }

    /// The stage with this name (the first, if the pass ran several times).
    pub fn stage(&self, name: &str) -> Option<&Stage> {
        self.stages.iter().find(|s| s.name == name)
    }

    /// The stage index of the IR after `n` pass runs (0: link's; pass run
    /// 1 is stage 2, after irgen and link). The one mapping from pass runs
    /// to stages.
    pub fn stage_of_pass_run(n: usize) -> usize {
        STAGES_BEFORE_PASSES - 1 + n
    }

    /// The pass runs that give the IR of stage `index`: an IR stage's own
    /// (irgen's is link's: 0); `None` for the machine and PTX stages.
    pub fn pass_runs_at(&self, index: usize) -> Option<usize> {
        let s = self.stages.get(index)?;
        (s.kind == StageKind::Ir).then(|| s.pass_run.unwrap_or(0))
    }
}

/// The stages recorded before the first pass run: irgen and link.
const STAGES_BEFORE_PASSES: usize = 2;

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
    /// For a pass's stage, which run of the pipeline it is (1-based, as
    /// `ptxlab run --after-pass` counts); `None` for the other stages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pass_run: Option<usize>,
    /// What the stage did to this program (and, for some passes, what it
    /// could not do), in the order it reported them; kept only with
    /// [`Options::snapshots`](crate::Options::snapshots).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remarks: Vec<Remark>,
    /// The program's size after the stage, for charts and `--stats`; kept
    /// only with [`Options::snapshots`](crate::Options::snapshots) (none for
    /// the `ptx` stage: its counts are the layout's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metrics: Option<Metrics>,
    /// The run whose IR a user edited (edit and continue,
    /// [`Options::ir_edit`](crate::Options::ir_edit)): its text is the edit.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub edited: bool,
}

/// One thing a stage did (or could not do) to the program, as LLVM's
/// `-Rpass`/`-Rpass-missed` remarks: `loop unrolled x4 (pragma)`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Remark {
    pub kind: RemarkKind,
    /// The source line it is about; 0: none (a whole function or module).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub line: u32,
    pub text: String,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// Whether a remark says what a stage did or what it could not do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RemarkKind {
    /// A transformation made (`-Rpass`).
    Applied,
    /// A transformation not made, and why (`-Rpass-missed`).
    Missed,
}

/// The size of the program after a stage: what `--stats` prints per stage.
/// For IR stages the counts are over the defined functions' live
/// instructions; for the machine stages over the PTX instructions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Metrics {
    pub instructions: usize,
    pub blocks: usize,
    /// Loads per address space (`generic`, `global`, `shared`, `local`,
    /// `const`, `param`); spaces with none are left out.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub loads: BTreeMap<String, usize>,
    /// Stores per address space, as `loads`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub stores: BTreeMap<String, usize>,
    /// Bytes of local memory: the allocas' sizes (IR), the stack frames
    /// (machine code).
    pub local_bytes: u64,
    /// Machine stages: virtual registers per class (`r`, `rd`, `f`, `p`, …).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub registers: BTreeMap<String, u32>,
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
            out.extend(f.lines.iter());
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
    /// Shared by the stages that left the function as it was (each stage
    /// holds every function's text; copying them was most of what the
    /// explorer's compile cost more than a plain one).
    pub text: std::sync::Arc<str>,
    /// For IR stages, per line of `text`, the source line it came from (0:
    /// none); empty for the machine stages and the PTX (see `line_map`).
    #[serde(default, skip_serializing_if = "no_lines")]
    pub lines: std::sync::Arc<[u32]>,
}

fn no_lines(lines: &std::sync::Arc<[u32]>) -> bool {
    lines.is_empty()
}

impl FunctionText {
    /// A text with no source lines.
    pub fn new(name: impl Into<String>, text: impl Into<std::sync::Arc<str>>) -> FunctionText {
        FunctionText {
            name: name.into(),
            text: text.into(),
            lines: std::sync::Arc::default(),
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

/// A kernel (`__global__` function) of the module.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Kernel {
    /// The IR (mangled) name, which names it uniquely.
    pub name: String,
    pub params: Vec<KernelParam>,
}

/// A kernel parameter, as a launch gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelParam {
    /// Its IR name (`arg<i>` for an unnamed one).
    pub name: String,
    /// The IR type: `i32`, `float`, `ptr`, …
    pub ty: String,
    pub kind: ParamKind,
}

/// What a launch passes for a parameter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ParamKind {
    Int,
    Float,
    /// A pointer: give a buffer. `readonly` for `const T *`.
    Pointer {
        readonly: bool,
    },
    /// A struct by value: give a buffer of its bytes.
    Struct {
        bytes: u64,
    },
    Other,
}

impl KernelParam {
    /// How it is hinted: `n: i32`, `x: const ptr`, `r: struct (8 bytes)`.
    pub fn hint(&self) -> String {
        match self.kind {
            ParamKind::Pointer { readonly: true } => format!("{}: const ptr", self.name),
            ParamKind::Struct { bytes } => format!("{}: struct ({bytes} bytes)", self.name),
            _ => format!("{}: {}", self.name, self.ty),
        }
    }
}

impl Kernel {
    /// The kernels defined in `m`, in module order.
    pub fn all_in(m: &Module) -> Vec<Kernel> {
        m.functions
            .iter()
            .filter(|f| f.attrs.kernel && !f.is_declaration())
            .map(|f| Kernel {
                name: f.name.clone(),
                params: f
                    .params
                    .iter()
                    .enumerate()
                    .map(|(i, p)| KernelParam {
                        name: if p.name.is_empty() {
                            format!("arg{i}")
                        } else {
                            p.name.clone()
                        },
                        ty: p.ty.to_string(),
                        kind: match (&p.byval, &p.ty) {
                            (Some(b), _) => ParamKind::Struct { bytes: b.size() },
                            (None, t) if t.is_ptr() => ParamKind::Pointer {
                                readonly: p.readonly,
                            },
                            (None, t) if t.is_float() => ParamKind::Float,
                            (None, t) if t.is_int() => ParamKind::Int,
                            _ => ParamKind::Other,
                        },
                    })
                    .collect(),
            })
            .collect()
    }
}
