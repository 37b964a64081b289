//! Compiler options: the nvcc/cicc flags that change what the pipeline does.

use crate::diag::{Diagnostic, Span};
use crate::target::{self, Target};
use serde::{Deserialize, Serialize};

/// Everything that selects the compile: target, optimization level, math flags.
/// The defaults are nvcc's (`-arch=sm_75 -O3`, precise division and square
/// root, no flush-to-zero, FMA contraction on).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// Target SM name as given, e.g. `sm_90` (so links and the worker's
    /// messages carry it as written); see [`crate::target::TARGETS`].
    /// [`Options::target`] parses it, once per compile, where the compile
    /// starts; the stages are handed the parsed [`Target`].
    pub arch: String,
    /// `-O0` … `-O3`.
    pub opt_level: u8,
    /// `-D NAME[=VALUE]` in command-line order.
    pub defines: Vec<Define>,
    /// `-I DIR` in command-line order, searched for `#include`.
    pub include_dirs: Vec<String>,
    /// `-ftz=true`: flush f32 denormals to zero.
    pub ftz: bool,
    /// `-prec-div=true`: IEEE-rounded f32 division.
    pub prec_div: bool,
    /// `-prec-sqrt=true`: IEEE-rounded f32 square root.
    pub prec_sqrt: bool,
    /// `-fmad=true`: contract `a*b+c` into `fma`.
    pub fmad: bool,
    /// `-lineinfo`: `.file`/`.loc` lines in the PTX.
    pub lineinfo: bool,
    /// Pass names never to run (`--disable-pass=NAME`).
    pub disabled_passes: Vec<String>,
    /// Stop running passes after this many pass runs (`--opt-bisect-limit=N`).
    pub opt_bisect_limit: Option<usize>,
    /// `--expt-relaxed-constexpr` (nvcc's experimental flag): device code
    /// may call `constexpr` host functions (`std::max`,
    /// `std::numeric_limits<float>::max()`), compiled for the device.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub expt_relaxed_constexpr: bool,
    /// Keep the IR text after every stage (the explorer's pass list and
    /// diffs, `--print-after-all`, `--stages-json`). Off (a plain compile to
    /// PTX, as NVRTC's): stages carry no text and a stage's `changed` is its
    /// pass's own report.
    #[serde(skip_serializing_if = "is_true")]
    pub snapshots: bool,
    /// `--rewrite-limit RUN:N` (LLVM's DebugCounter for one pass run): pass
    /// run RUN (1-based, or a backend stage by name: `isel`, `out-of-ssa`,
    /// `layout`) makes only its
    /// first N rewrites; see [`PassContext::may_rewrite`](crate::opt::PassContext::may_rewrite).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rewrite_limits: Vec<RewriteLimit>,
    /// `--inject-bug NAME`: deliberately wrong rewrites to switch on, by
    /// name (the miscompile lab, [`crate::bugs`]); none by default.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub inject_bugs: Vec<String>,
    /// `-ptx-version=X.Y` or `lowest`: the `.version` to write (none: NVRTC
    /// 13.5's, 9.5), for drivers older than the toolkit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ptx_version: Option<PtxVersion>,
    /// Edit and continue (`--resume-at N --ir FILE`, the page's edited
    /// run): the IR after pass run N replaced by this text, the rest of the
    /// pipeline run on it ([`crate::edit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ir_edit: Option<crate::edit::IrEdit>,
}

/// Where a rewrite limit applies: a pass run of the pipeline, or a backend
/// stage that counts its rewrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RewriteSite {
    /// Pass run N (1-based, as `--after-pass` counts).
    Run(usize),
    /// The backend's `isel` stage (its optional folds: `mul.wide`, `fma`/`mad`,
    /// `[reg+off]` addresses, and `ld.global.nc` marks).
    Isel,
    /// The backend's `out-of-ssa` stage (each value coalesced into its phi's
    /// register instead of copied).
    #[serde(rename = "out-of-ssa")]
    OutOfSsa,
    /// The backend's `layout` stage (its branch inversions).
    Layout,
}

impl RewriteSite {
    /// The backend stages that count their rewrites, by stage name.
    pub const BACKEND: [(&'static str, RewriteSite); 3] = [
        ("isel", RewriteSite::Isel),
        ("out-of-ssa", RewriteSite::OutOfSsa),
        ("layout", RewriteSite::Layout),
    ];
}

/// `--rewrite-limit RUN:N`: at `site`, only the first `limit` rewrites.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RewriteLimit {
    pub site: RewriteSite,
    pub limit: usize,
}

impl RewriteLimit {
    /// `RUN:N` with RUN a pass run (1-based) or a backend stage
    /// (`isel`, `out-of-ssa`, `layout`).
    pub fn parse(s: &str) -> Result<RewriteLimit, String> {
        let bad = || {
            format!("invalid rewrite limit '{s}' (write RUN:N, e.g. 27:5, or isel:N, out-of-ssa:N, layout:N)")
        };
        let (run, n) = s.rsplit_once(':').ok_or_else(bad)?;
        let limit = n.trim().parse().map_err(|_| bad())?;
        let backend = RewriteSite::BACKEND
            .iter()
            .find(|(name, _)| *name == run.trim());
        let site = match backend {
            Some((_, site)) => *site,
            None => match run.trim().parse() {
                Ok(0) | Err(_) => return Err(bad()),
                Ok(n) => RewriteSite::Run(n),
            },
        };
        Ok(RewriteLimit { site, limit })
    }
}

/// The PTX ISA version a module is written with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PtxVersion {
    /// The lowest the target and the module's instructions need.
    Lowest,
    /// This one (`(major, minor)`): an error where the target or an
    /// instruction needs a newer one.
    Exact(u32, u32),
}

impl PtxVersion {
    /// `lowest` or `X.Y`, as `-ptx-version` takes it.
    pub fn parse(s: &str) -> Result<PtxVersion, String> {
        if s == "lowest" {
            return Ok(PtxVersion::Lowest);
        }
        let bad = || format!("invalid PTX ISA version '{s}' (write X.Y, e.g. 8.0, or lowest)");
        let (major, minor) = s.split_once('.').ok_or_else(bad)?;
        match (major.parse(), minor.parse()) {
            (Ok(a), Ok(b)) if minor.len() == 1 => Ok(PtxVersion::Exact(a, b)),
            _ => Err(bad()),
        }
    }
}

fn is_true(b: &bool) -> bool {
    *b
}

/// A `-D` macro definition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Define {
    pub name: String,
    pub value: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            arch: "sm_75".to_string(),
            opt_level: 3,
            defines: Vec::new(),
            include_dirs: Vec::new(),
            ftz: false,
            prec_div: true,
            prec_sqrt: true,
            fmad: true,
            lineinfo: false,
            disabled_passes: Vec::new(),
            opt_bisect_limit: None,
            expt_relaxed_constexpr: false,
            snapshots: true,
            rewrite_limits: Vec::new(),
            inject_bugs: Vec::new(),
            ptx_version: None,
            ir_edit: None,
        }
    }
}

impl Options {
    /// The target `arch` names: the one place the spelling is parsed, and
    /// the one error for an unknown one.
    pub fn target(&self) -> Result<&'static Target, Diagnostic> {
        target::find(&self.arch).ok_or_else(|| {
            let msg = format!(
                "unsupported GPU architecture '{}' (supported: {})",
                self.arch,
                target::names().join(", ")
            );
            Diagnostic::error(Span::default(), msg)
        })
    }

    /// The rewrite limit at `site`, if any (the last one given wins).
    pub fn rewrite_limit(&self, site: RewriteSite) -> Option<usize> {
        self.rewrite_limits
            .iter()
            .rev()
            .find(|l| l.site == site)
            .map(|l| l.limit)
    }

    /// `--use_fast_math`, as nvcc defines it: `-ftz=true -prec-div=false
    /// -prec-sqrt=false -fmad=true`.
    pub fn use_fast_math(&mut self) {
        self.ftz = true;
        self.prec_div = false;
        self.prec_sqrt = false;
        self.fmad = true;
    }
}
