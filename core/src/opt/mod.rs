//! The optimizer: a table of passes (one file each), pipelines that list pass
//! names (`pipeline.rs`), and the pass manager that runs a pipeline and
//! records a snapshot after every pass run.
//!
//! To add a pass: write `opt/<name>.rs` with `pub fn run(&mut Module, &PassContext) -> bool`
//! (true when it changed something), add one row to [`PASSES`], and name it in
//! `pipeline.rs`. Its filetests go in `core/tests/filetests/`.

mod adce;
mod dce;
mod divconst;
mod dse;
mod early_cse;
mod globaldce;
mod indvars;
mod inline;
mod instcombine;
mod licm;
mod load_store_vectorizer;
mod loop_rotate;
mod loop_simplify;
mod loop_unroll;
mod loops;
mod lower_alloca;
mod lower_args;
mod mem2reg;
mod memory_space_opt;
mod nvvm_intrinsic_lower;
mod nvvm_reflect;
pub mod pipeline;
mod reassociate;
pub use nvvm_reflect::reflect_value;
mod sccp;
mod separate_const_offset;
mod simplifycfg;
mod speculative_execution;
mod sroa;

use crate::compilation::{FunctionText, Stage, StageKind};
use crate::ir::{function_text, verify, Module};
use crate::options::Options;
use web_time::Instant;

/// What a pass may know about the compile.
pub struct PassContext<'a> {
    pub opts: &'a Options,
}

/// One row of the pass table: the name users see, a line for learners, and the code.
pub struct PassInfo {
    pub name: &'static str,
    pub description: &'static str,
    pub run: fn(&mut Module, &PassContext) -> bool,
}

/// Every pass, in alphabetical order. The single source of each pass's name and description.
pub const PASSES: &[PassInfo] = &[
    PassInfo {
        name: "adce",
        description: "Aggressive dead code elimination: only what has an effect, what it uses, and the branches deciding whether it runs are live; an if with no live result disappears (loops stay: they may not end).",
        run: adce::run,
    },
    PassInfo {
        name: "always-inline",
        description: "Inlines every call to a __forceinline__ function (runs at -O0 too).",
        run: inline::run_always,
    },
    PassInfo {
        name: "dce",
        description: "Dead code elimination: deletes instructions whose results are never used and that have no side effects.",
        run: dce::run,
    },
    PassInfo {
        name: "dse",
        description: "Dead store elimination: deletes a store that a later store to the same address overwrites before anything reads it, and stores into stack slots nothing reads.",
        run: dse::run,
    },
    PassInfo {
        name: "early-cse",
        description: "Common subexpression elimination along the dominator tree: a value computed twice (same operation and operands) is computed once; a load repeats an earlier one in the block when nothing wrote memory between.",
        run: early_cse::run,
    },
    PassInfo {
        name: "globaldce",
        description: "Deletes device functions nothing calls any more (after inlining) and __shared__ variables nothing uses.",
        run: globaldce::run,
    },
    PassInfo {
        name: "gvn",
        description: "Global value numbering: like early-cse, and a load reuses a value loaded or stored in a dominating block when no path between may write that memory (never across a barrier).",
        run: early_cse::run_gvn,
    },
    PassInfo {
        name: "indvars",
        description: "Induction-variable simplification: an int loop counter that indexes arrays (sign-extended to 64 bits) gets a 64-bit twin counting alongside, so no extension runs per iteration (exact: the counter's overflow is undefined).",
        run: indvars::run,
    },
    PassInfo {
        name: "inline",
        description: "Inlines calls to device functions (all but __noinline__ and recursive ones, as cicc does); copied values get a .i suffix.",
        run: inline::run_default,
    },
    PassInfo {
        name: "instcombine",
        description: "Folds constants and simplifies instructions algebraically (x+0 → x, constant compares, casts of constants, phis of one value).",
        run: instcombine::run,
    },
    PassInfo {
        name: "licm",
        description: "Loop-invariant code motion: computations whose operands do not change in a loop move to its preheader and run once; loads only when they run every iteration and nothing in the loop can write their memory.",
        run: licm::run,
    },
    PassInfo {
        name: "load-store-vectorizer",
        description: "Merges loads (or stores) of 2 or 4 consecutive elements from one base into one vector access when the first is aligned to the whole vector and nothing between may write that memory: a float4's four loads become one ld.global.v4.f32 and four extractelements.",
        run: load_store_vectorizer::run,
    },
    PassInfo {
        name: "loop-rotate",
        description: "Turns loops tested at the top (for, while) into guarded loops tested at the bottom (do-while): the header's test is copied before the loop as a guard and to the end of the body, so each iteration ends in one conditional back branch.",
        run: loop_rotate::run,
    },
    PassInfo {
        name: "loop-simplify",
        description: "Puts loops in canonical form: one preheader block entering each loop, one latch branching back, and exit blocks entered only from the loop (the loop passes make what they need themselves).",
        run: loop_simplify::run,
    },
    PassInfo {
        name: "loop-unroll",
        description: "Unrolls loops: fully when the trip count is a known constant and #pragma unroll asks or the copies are small, by N for #pragma unroll N; #pragma unroll 1 forbids it.",
        run: loop_unroll::run,
    },
    PassInfo {
        name: "mem2reg",
        description: "Promotes local variables from stack slots (alloca/load/store) to SSA registers, inserting phi nodes where control flow merges.",
        run: mem2reg::run,
    },
    PassInfo {
        name: "memory-space-opt",
        description: "Infers address spaces: a generic pointer known to point into global (or shared, local, const) memory becomes a pointer of that space, so loads and stores name it (ld.global).",
        run: memory_space_opt::run,
    },
    PassInfo {
        name: "nvptx-lower-alloca",
        description: "Local variables left in memory live in the local frame: casts each alloca to addrspace(5) and back, so memory-space-opt can use ld.local/st.local (the generic address stays only where it escapes).",
        run: lower_alloca::run,
    },
    PassInfo {
        name: "nvptx-lower-args",
        description: "Kernel pointer parameters point to global memory: casts each to addrspace(1) and back, so memory-space-opt can use ld.global/st.global.",
        run: lower_args::run,
    },
    PassInfo {
        name: "nvvm-intrinsic-lower",
        description: "Rewrites intrinsics plain IR can express, so other passes see through them: bit counts and multiply-highs of constants fold, a funnel shift by a constant becomes shifts and an or.",
        run: nvvm_intrinsic_lower::run,
    },
    PassInfo {
        name: "nvvm-reflect",
        description: "Replaces __nvvm_reflect(\"__CUDA_ARCH\"|\"__CUDA_FTZ\"|\"__CUDA_PREC_DIV\"|\"__CUDA_PREC_SQRT\") with the constant the target and flags give (unknown queries: 0).",
        run: nvvm_reflect::run,
    },
    PassInfo {
        name: "nvvm-reflect-pp",
        description: "After nvvm-reflect: folds compares and branches on the new constants and deletes the code paths the flags did not choose (cicc's SimplifyConstantConditionals).",
        run: nvvm_reflect::run_pp,
    },
    PassInfo {
        name: "reassociate",
        description: "Reorders chains of +, *, &, |, ^ on integers so their constants meet and fold ((i + 1) + j) + 2 → (i + j) + 3, in a canonical order that helps CSE.",
        run: reassociate::run,
    },
    PassInfo {
        name: "sccp",
        description: "Sparse conditional constant propagation: finds values that are constant on every path that can run, following only branches that can be taken, and folds them.",
        run: sccp::run,
    },
    PassInfo {
        name: "separate-const-offset-from-gep",
        description: "Moves the constant part of an address outward: a[i][3] becomes (&a[i][0]) + 12 bytes, so the addresses of unrolled copies share one base (merged by early-cse) and each access is [%rd+12].",
        run: separate_const_offset::run,
    },
    PassInfo {
        name: "simplifycfg",
        description: "Simplifies the control-flow graph: folds branches on constants, deletes unreachable blocks, merges a block into its only predecessor.",
        run: simplifycfg::run,
    },
    PassInfo {
        name: "speculative-execution",
        description: "Hoists the cheap, side-effect-free instructions at the top of an if's arm (an index, an address) into the block that branches, so later passes can share them across arms; as NVPTX does, since GPU branches diverge.",
        run: speculative_execution::run,
    },
    PassInfo {
        name: "sroa",
        description: "Scalar replacement of aggregates: splits a local struct or array whose every use is a load or store at a constant offset into one scalar variable per piece used, so mem2reg can promote them.",
        run: sroa::run,
    },
];

/// Whether run `n` (0-based, in pipeline order) of the pass `name` is
/// skipped: the pass is disabled (`--disable-pass`) or the run is past
/// `-opt-bisect-limit`. The one rule for [`run`] and for callers that step
/// through a pipeline themselves (the web page's miscompile bisection).
pub fn skipped(opts: &Options, name: &str, n: usize) -> bool {
    opts.disabled_passes.iter().any(|d| d == name)
        || opts.opt_bisect_limit.is_some_and(|limit| n >= limit)
}

/// Looks a pass up by name.
pub fn find_pass(name: &str) -> Option<&'static PassInfo> {
    PASSES.iter().find(|p| p.name == name)
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
                text,
                lines,
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
}

/// Runs the named passes in order on `m`, returning one stage per pass run,
/// numbered from `first_index`. Passes named in `opts.disabled_passes` are
/// skipped (and so recorded, unchanged); with `opts.opt_bisect_limit` = N only
/// the first N runs execute. With `verify`, the verifier runs after each pass;
/// the first failure stops the pipeline.
pub fn run(
    m: &mut Module,
    passes: &[&str],
    opts: &Options,
    first_index: usize,
    verify_each: bool,
) -> (Vec<Stage>, Option<BrokenIr>) {
    let cx = PassContext { opts };
    let mut stages = Vec::new();
    // Without snapshots (and without the checks that compare them) a
    // stage's text stays empty and its report is taken as is.
    let texts = opts.snapshots || verify_each;
    let mut before = if texts {
        snapshot_with(m, opts.lineinfo)
    } else {
        Vec::new()
    };
    for (n, name) in passes.iter().enumerate() {
        let index = first_index + n;
        let Some(pass) = find_pass(name) else {
            continue;
        };
        let skipped = skipped(opts, name, n);
        let start = Instant::now();
        let reported = !skipped && (pass.run)(m, &cx);
        let micros = start.elapsed().as_micros() as u64;
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
                    pass: pass.name.to_string(),
                    index,
                    errors: vec!["the pass changed the IR but reported no change".into()],
                }),
            );
        }
        let mut description = pass.description.to_string();
        if skipped {
            description = format!("(skipped) {description}");
        }
        stages.push(Stage {
            name: pass.name.to_string(),
            index,
            kind: StageKind::Ir,
            description,
            functions: after.clone(),
            changed,
            micros,
        });
        before = after;
        if verify_each && changed {
            let errors = verify::verify_module(m);
            if !errors.is_empty() {
                return (
                    stages,
                    Some(BrokenIr {
                        pass: pass.name.to_string(),
                        index,
                        errors,
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
    fn every_pipeline_names_known_passes() {
        for level in 0..=3 {
            for name in pipeline::passes(level) {
                assert!(
                    find_pass(name).is_some(),
                    "O{level} names unknown pass {name}"
                );
            }
        }
    }

    #[test]
    fn o3_runs_cicc_scale_pipeline() {
        // cicc's O3 runs 35+ passes; ours at least 30 runs, and every pass is in
        // some pipeline (loop-simplify and dce are also run by other passes).
        assert!(
            pipeline::passes(3).len() >= 30,
            "{}",
            pipeline::passes(3).len()
        );
        for p in PASSES {
            let used = (0..=3).any(|l| pipeline::passes(l).contains(&p.name));
            assert!(
                used || matches!(p.name, "loop-simplify" | "dce"),
                "pass {} is in no pipeline",
                p.name
            );
        }
    }

    #[test]
    fn pass_table_is_sorted_and_unique() {
        let names: Vec<&str> = PASSES.iter().map(|p| p.name).collect();
        let mut sorted = names.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(names, sorted);
    }
}
