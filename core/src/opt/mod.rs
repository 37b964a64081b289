//! The optimizer: the passes (one file each), the stage table that names
//! them (`stages.rs`), the pipelines of each -O level built from named
//! segments of passes (`pipeline.rs`), and the pass manager that applies a
//! pass run ([`apply`]) or runs a pipeline recording a snapshot after every
//! pass run ([`run`]). Stepping through a pipeline from source is the
//! driver's [`Stepper`](crate::Stepper).
//!
//! To add a pass:
//! 1. write `opt/<name>.rs` with `pub fn run(&mut Module, &PassContext) -> bool`
//!    (true when it changed something), reporting what it did to the
//!    program with `cx.applied(line, format_args!(…))` (and what it could
//!    not do with `cx.missed`: `remark.rs`);
//! 2. add a variant to [`Pass`] and one row to [`STAGES`] (`stages.rs`: its
//!    name, its code, one line for learners);
//! 3. give it its place in a level: a segment in `pipeline.rs`.
//!
//! Its filetests go in `core/tests/filetests/` (`; RUN: <name>`).
//!
//! Rewrite counting (LLVM's DebugCounter): a pass asks
//! [`PassContext::may_rewrite`] before each rewrite (one transformation
//! step: an instruction simplified, a load forwarded, a store deleted, an
//! instruction hoisted, a block merged, a call inlined, a loop unrolled, an
//! alloca promoted) and skips it, leaving valid IR, when the run's
//! `--rewrite-limit` is reached. The counted passes: instcombine,
//! early-cse, gvn, licm, simplifycfg, dse, loop-unroll, inline, sroa,
//! mem2reg, memory-space-opt, loop-deletion (a loop deleted), tailcallelim
//! (a function's tail calls), jump-threading (an edge threaded),
//! correlated-propagation (a value or branch decided). Every other pass is one rewrite: a limit of 0
//! skips its run, any other limit runs it whole ([`apply_counted`]).

mod adce;
mod barrier;
pub mod budget;
mod common_base_elim;
mod correlated_propagation;
mod dce;
mod deadargelim;
pub(crate) mod divconst;
mod dse;
mod early_cse;
mod globaldce;
mod indvars;
mod inline;
mod instcombine;
mod ipconstprop;
mod jump_threading;
mod licm;
mod load_store_vectorizer;
mod loop_deletion;
mod loop_rotate;
mod loop_simplify;
mod loop_strength_reduce;
mod loop_unroll;
mod loop_unroll_runtime;
mod loops;
mod lower_alloca;
mod lower_args;
mod mem2reg;
mod memory_space_ip;
mod memory_space_opt;
mod nvvm_intrinsic_lower;
mod nvvm_peephole;
mod nvvm_reflect;
pub mod pipeline;
mod reassociate;
pub mod remark;
mod remat;
mod sccp;
mod separate_const_offset;
mod simplifycfg;
mod sink;
mod speculative_execution;
mod sroa;
mod stages;
mod tailcallelim;

pub use nvvm_reflect::reflect_value;
pub use stages::{Pass, PassFn, StageId, StageInfo, PASSES, STAGES};

use crate::compilation::{FunctionText, Remark, Stage, StageKind};
use crate::ir::{function_text, verify, Module};
use crate::options::{Options, RewriteSite};
use crate::target::Target;
use std::cell::{Cell, RefCell};
use web_time::Instant;

/// What a pass may know about the compile: the options and the target they
/// name (parsed once, by whoever starts the compile), and where its remarks
/// go.
#[derive(Clone, Copy)]
pub struct PassContext<'a> {
    pub opts: &'a Options,
    pub target: &'static Target,
    /// The remarks of the pass run under way; `None` when nothing keeps
    /// them. [`apply`] gives each run its own.
    remarks: Option<&'a RefCell<Vec<Remark>>>,
    /// The rewrites asked for so far in this run; `None`: not counted (a
    /// pass run outside [`apply`], as filetests' helpers do).
    rewrites: Option<&'a Cell<usize>>,
    /// The run's `--rewrite-limit`.
    limit: Option<usize>,
}

impl<'a> PassContext<'a> {
    /// The context of a compile under `opts`; an unknown `-arch` is an error.
    pub fn new(opts: &'a Options) -> Result<PassContext<'a>, crate::Diagnostic> {
        Ok(PassContext {
            opts,
            target: opts.target()?,
            remarks: None,
            rewrites: None,
            limit: None,
        })
    }

    /// Asks to make one rewrite: counts it, and says whether it may be made
    /// (false past the run's rewrite limit: the pass skips it and leaves
    /// the IR valid). Call it right before each rewrite, once per rewrite,
    /// in a deterministic order.
    #[inline]
    pub fn may_rewrite(&self) -> bool {
        let Some(count) = self.rewrites else {
            return true;
        };
        let n = count.get() + 1;
        count.set(n);
        self.limit.is_none_or(|l| n <= l)
    }

    /// Whether another rewrite may be made (the run's limit is not reached).
    pub fn rewrites_left(&self) -> bool {
        match (self.rewrites, self.limit) {
            (Some(count), Some(limit)) => count.get() < limit,
            _ => true,
        }
    }

    /// Runs a rewrite that cannot ask [`PassContext::may_rewrite`] before
    /// it starts (it finds out as it goes whether it changes anything, or
    /// is shared with passes that do not count): not at all once the
    /// run's limit is reached, else counted as one rewrite when it reports
    /// a change. Its result.
    pub fn counted(&self, rewrite: impl FnOnce() -> bool) -> bool {
        if !self.rewrites_left() {
            return false;
        }
        let changed = rewrite();
        if changed {
            self.may_rewrite();
        }
        changed
    }

    /// Whether the miscompile lab's `bug` is switched on
    /// ([`crate::bugs`]).
    pub fn bug(&self, bug: crate::bugs::Bug) -> bool {
        bug.on(self.opts)
    }
}

/// Whether run `n` (0-based, in pipeline order) of `pass` is skipped: the
/// pass is disabled (`--disable-pass`, by its name) or the run is past
/// `-opt-bisect-limit`. The one rule, applied by [`apply`].
pub fn skipped(opts: &Options, pass: Pass, n: usize) -> bool {
    opts.disabled_passes.iter().any(|d| d == pass.name())
        || opts.opt_bisect_limit.is_some_and(|limit| n >= limit)
}

/// Applies run `n` (0-based, in pipeline order) of `pass` to `m`, unless it
/// is [`skipped`]: whether the pass reports a change. The one place a pass
/// runs; [`run`] and the [`Stepper`](crate::Stepper) call it. The pass's
/// remarks go to `remarks` when given and the options keep snapshots.
pub fn apply(
    m: &mut Module,
    pass: Pass,
    n: usize,
    cx: &PassContext,
    remarks: Option<&mut Vec<Remark>>,
) -> bool {
    let limit = cx.opts.rewrite_limit(RewriteSite::Run(n + 1));
    apply_counted(m, pass, n, cx, remarks, limit).0
}

/// [`apply`] under rewrite limit `limit` (instead of the options'): whether
/// the pass reports a change, and the rewrites it made. A pass that counts
/// none but changed the IR made one (its whole run); a limit of 0 skips
/// the run.
pub fn apply_counted(
    m: &mut Module,
    pass: Pass,
    n: usize,
    cx: &PassContext,
    remarks: Option<&mut Vec<Remark>>,
    limit: Option<usize>,
) -> (bool, usize) {
    if skipped(cx.opts, pass, n) || limit == Some(0) {
        return (false, 0);
    }
    let count = Cell::new(0);
    let changed = match remarks {
        Some(out) if cx.opts.snapshots => {
            let sink = RefCell::new(Vec::new());
            let cx = PassContext {
                remarks: Some(&sink),
                rewrites: Some(&count),
                limit,
                ..*cx
            };
            let changed = (pass.run())(m, &cx);
            out.extend(sink.into_inner());
            changed
        }
        _ => {
            let cx = PassContext {
                rewrites: Some(&count),
                limit,
                ..*cx
            };
            (pass.run())(m, &cx)
        }
    };
    let made = count.get().min(limit.unwrap_or(usize::MAX));
    (
        changed,
        if made == 0 {
            usize::from(changed)
        } else {
            made
        },
    )
}

/// Per-function texts of a module (declarations left out), with their
/// source lines; the text shows the locations (`!dbg`) when `debug_locs`.
pub fn snapshot_with(m: &Module, debug_locs: bool) -> Vec<FunctionText> {
    m.functions
        .iter()
        .filter(|f| !f.is_declaration())
        .map(|f| {
            let (text, lines) = function_text(f, debug_locs);
            FunctionText {
                name: f.name.clone(),
                text: text.into(),
                lines: lines.into(),
            }
        })
        .collect()
}

/// [`snapshot_with`] in the clean form (no `!dbg`).
pub fn snapshot(m: &Module) -> Vec<FunctionText> {
    snapshot_with(m, false)
}

/// A pass run that left the IR invalid: the verifier's messages.
#[derive(Debug)]
pub struct BrokenIr {
    pub pass: String,
    pub index: usize,
    pub errors: Vec<String>,
    /// Not broken, but over one of the [`budget`]s: an error in the
    /// program (`errors[0]`), at this source line, not an internal one.
    pub over_budget: Option<u32>,
}

/// Runs `passes` in order on `m`, returning one stage per pass run,
/// numbered from `first_index`; the runs count from `done` (the runs of the
/// pipeline already applied, for `--disable-pass`, `--opt-bisect-limit` and
/// [`Stage::pass_run`]). A skipped run is recorded, unchanged. With
/// `verify_each`, the verifier runs after each pass; the first failure stops
/// the pipeline. A run that leaves the module over a [`budget`] stops it too.
pub fn run(
    m: &mut Module,
    passes: &[Pass],
    done: usize,
    cx: &PassContext,
    first_index: usize,
    verify_each: bool,
) -> (Vec<Stage>, Option<BrokenIr>) {
    let opts = cx.opts;
    let mut stages = Vec::new();
    // Without snapshots (and without the checks that compare them) a
    // stage's text stays empty and its report is taken as is.
    let texts = opts.snapshots || verify_each;
    let mut before = if texts {
        snapshot_with(m, opts.lineinfo)
    } else {
        Vec::new()
    };
    for (k, &pass) in passes.iter().enumerate() {
        let index = first_index + k;
        let n = done + k;
        let skipped = skipped(opts, pass, n);
        let start = Instant::now();
        let mut remarks = Vec::new();
        let reported = apply(m, pass, n, cx, Some(&mut remarks));
        let micros = start.elapsed().as_micros() as u64;
        // Over a budget, the run's result is neither printed nor verified.
        if let Some((line, message)) = budget::check(m, Some(pass)) {
            return (
                stages,
                Some(BrokenIr {
                    pass: pass.name().to_string(),
                    index,
                    errors: vec![message],
                    over_budget: Some(line),
                }),
            );
        }
        // A pass that reports no change left the IR as it was: its snapshot is
        // the one before (printing every function after every run is the
        // largest cost of a compile). Tests check the report is honest.
        let after = if texts && (reported || verify_each) {
            snapshot_with(m, opts.lineinfo)
        } else {
            before.clone()
        };
        let changed = if texts { after != before } else { reported };
        if verify_each && changed && !reported {
            return (
                stages,
                Some(BrokenIr {
                    pass: pass.name().to_string(),
                    index,
                    errors: vec!["the pass changed the IR but reported no change".into()],
                    over_budget: None,
                }),
            );
        }
        let mut description = pass.description().to_string();
        if skipped {
            description = format!("(skipped) {description}");
        }
        // A run that left the text as it was left the module's size too.
        let metrics = opts.snapshots.then(|| match stages.last() {
            Some(Stage {
                metrics: Some(prev),
                ..
            }) if !changed => prev.clone(),
            _ => remark::ir_metrics(m),
        });
        stages.push(Stage {
            name: pass.name().to_string(),
            index,
            kind: StageKind::Ir,
            description,
            functions: after.clone(),
            changed,
            micros,
            pass_run: Some(n + 1),
            remarks,
            metrics,
            edited: false,
        });
        before = after;
        if verify_each && changed {
            let errors = verify::verify_module(m);
            if !errors.is_empty() {
                return (
                    stages,
                    Some(BrokenIr {
                        pass: pass.name().to_string(),
                        index,
                        errors,
                        over_budget: None,
                    }),
                );
            }
        }
    }
    (stages, None)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pipeline_names_passes_with_code() {
        for level in 0..=3 {
            for &pass in pipeline::passes(level) {
                assert!(pass.info().run.is_some(), "O{level} names {pass}");
            }
        }
    }

    #[test]
    fn o3_runs_cicc_scale_pipeline() {
        // cicc's O3 runs 35+ passes; ours at least 30 runs, and every pass is in
        // some pipeline (loop-simplify and dce are also run by other passes;
        // remat is off by default: nvcc 13.5 demotes no loop counter; basic-dbe
        // and branch-dist are in none, as nvcc 13.5 removes no barrier: see
        // pipeline.rs).
        assert!(
            pipeline::passes(3).len() >= 30,
            "{}",
            pipeline::passes(3).len()
        );
        for p in Pass::all() {
            let used = (0..=3).any(|l| pipeline::passes(l).contains(&p));
            assert!(
                used || matches!(
                    p,
                    Pass::LoopSimplify
                        | Pass::Dce
                        | Pass::Remat
                        | Pass::BasicDbe
                        | Pass::BranchDist
                ),
                "pass {p} is in no pipeline"
            );
        }
    }
}
