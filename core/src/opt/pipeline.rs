//! The pass lists for -O0 … -O3, in cicc's order (see the digests'
//! "Optimization Levels" page): O0 runs no optimization tier, only what
//! correctness needs; O1–O3 promote locals, clean up, then resolve memory
//! spaces (cicc's memory-space-opt) and clean up again.
//!
//! NVIDIA's barrier passes, basic-dbe and branch-dist (digest part 2 §N,
//! §O: cicc's tier positions #78 and #82, behind a global enable byte that
//! starts at 0), are in the stage table but in no level: nvcc 13.5 keeps
//! every `__syncthreads()` at -O3 (the digest's dead-sync test kernel keeps
//! all three `bar.sync 0`; two and five adjacent ones, one at a kernel's
//! start or end, one with only reads or no access around it all stay), so
//! its pipeline evidently leaves that byte off; nvcc's output wins.
//!
//! Each level is a list of named segments below, so what the levels share
//! is written once; a pass added to a shared segment runs at every level
//! that has it. A test checks each level runs the passes of the one below,
//! in order.

use super::Pass::{self, *};

/// What correctness needs at every level, -O0 too: `__forceinline__`
/// bodies inlined, `__nvvm_reflect` calls (which have no PTX) answered and
/// the paths they rule out deleted, then unused functions dropped.
const REQUIRED: &[Pass] = &[AlwaysInline, NvvmReflect, NvvmReflectPp, Globaldce];

/// The first tier of O1–O3: inline, answer the reflect calls, promote
/// locals to registers, first clean-up.
const INLINE_AND_PROMOTE: &[Pass] = &[
    AlwaysInline,
    NvvmReflect,
    Inline,
    // Inlining exposes the reflect calls of inlined (libdevice) bodies.
    NvvmReflect,
    NvvmReflectPp,
    NvvmIntrinsicLower,
    // cicc's NVVMPeephole right after NVVMReflect and NVVMIntrinsicLowering
    // (digest part 2 §K, Path C, the default O2/O3 path; once per path, not
    // at O0).
    NvvmPeephole,
    Globaldce,
    Sroa,
    Mem2reg,
    EarlyCse,
    Instcombine,
    // cicc's TailCallElim (digest part 1, the "mid" path: … DeadArgElim →
    // TailCallElim → DeadArgElim → CVP; part 5, Tier 0 at O1 and up): a
    // self-recursive tail call becomes a loop once promotion removed the
    // locals, and the inliner below inlines the function, no longer
    // recursive (nvcc 13.5 inlines a tail-recursive `gcd` into its kernel;
    // with `-Xcicc -O1` too it is a loop).
    Tailcallelim,
    // Promotion made the functions passed by address to inlined functions
    // known callees (`apply(sq, x)`), which instcombine called directly:
    // they inline now, as LLVM's inliner inlines such promoted call sites.
    Inline,
    Simplifycfg,
    Sccp,
    // cicc's IPConstProp (digest part 2, Tier 0 #4 and the tier
    // sub-pipeline's IPConstProp before NVVMReflect and SCCP): here after
    // the inliner, once the calls left are `__noinline__` ones (an inlined
    // call needs none), so DeadArgElim below sees the results unread.
    Ipconstprop,
    // cicc's DeadArgElim after the inliner's first clean-up (digest part 1,
    // the "mid" path: CGSCC → NVVMIntrinsicLowering → DeadArgElim): the
    // calls left are `__noinline__` ones, their unread parameters known.
    Deadargelim,
];

/// cicc's loop passes after the first clean-up round, at every level from
/// O1 (digest part 3 §2.0, the loop pipeline "-O1 and above": LoopRotate →
/// LICM → IndVarSimplify; part 5, Tier 0 order): loops bottom-tested,
/// invariants hoisted, counters widened. Then LoopDeletion, as LLVM's
/// `loop(indvars, loop-deletion)` (digest part 2, the pipeline grammar) and
/// cicc's loop pipeline (part 3 §2.0, LoopDeletion before LoopSink): loops
/// left with no effect and no result go before unrolling copies them.
const LOOPS: &[Pass] = &[LoopRotate, Licm, Indvars, LoopDeletion];

/// Then LoopUnroll (digest part 3 §2.7), at O2 and O3 only. The seeds' Tier
/// 0 lists LoopUnroll for O1 too, but nvcc 13.5 with `-Xcicc -O1` unrolls
/// nothing (not a 4-iteration constant loop, not a runtime count): nvcc's
/// output wins.
const UNROLL: &[Pass] = &[LoopUnroll];

/// SROA again, then its promotion: for what the first promotion freed (a
/// reference's alloca promoted, the object it pointed to is now an alloca
/// used directly; cicc's tier 0 has it after InstCombine) and, at O2 and O3,
/// as LLVM after full unrolling, for what unrolling freed (array elements
/// now at constant indices, objects whose `this` pointers lived in promoted
/// allocas).
const PROMOTE_AGAIN: &[Pass] = &[Sroa, Mem2reg];

/// After unrolling (O2, O3): nvvm-reflect again (unrolled copies expose
/// reflect calls, as cicc's third position), then unrolled copies fold
/// (instcombine) and merge (simplifycfg).
const AFTER_UNROLL: &[Pass] = &[NvvmReflect, Instcombine, Simplifycfg];

/// Address spaces resolved: locals and kernel pointer parameters cast to
/// their spaces, then cicc's memory-space-opt.
const ADDRESS_SPACES: &[Pass] = &[NvptxLowerAlloca, NvptxLowerArgs, MemorySpaceOpt];

/// nvvm-intrinsic-lower again once address spaces are known (O2, O3), and
/// nvvm-peephole after it as after the first one (digest part 2 §K: cicc
/// runs NVVMPeephole once per path, its late O3 path again): the casts
/// memory-space-opt rewrote are where address-space round trips would be.
const LOWER_INTRINSICS_AGAIN: &[Pass] = &[NvvmIntrinsicLower, NvvmPeephole];

/// Redundancy elimination across blocks.
const REASSOCIATE_AND_GVN: &[Pass] = &[Reassociate, Gvn];

/// O3: cicc's LICM after unrolling (digest part 2, the tier sub-pipeline's
/// LICM after LoopUnroll and SimplifyCFG): unrolled inner loops and resolved
/// address spaces leave new invariants in outer loops.
const LICM_AFTER_UNROLL: &[Pass] = &[Licm];

/// The last clean-up round: fold, delete dead stores and dead code, thread
/// the branches an incoming edge decides and decide the compares a
/// dominating branch decides (cicc's JumpThreading after ADCE, digest part 2
/// §AC, its first invocation; part 5, Tier 0: ADCE → JumpThreading/CVP),
/// merge blocks and fold the branches decided.
const CLEANUP: &[Pass] = &[
    Instcombine,
    Dse,
    Adce,
    JumpThreading,
    CorrelatedPropagation,
    Simplifycfg,
];

/// LLVM's Sink after the clean-up (O2, O3): values used on one side of a
/// branch move into it, kernel pointers' global-space casts among them. cicc
/// runs Sink in its tier sub-pipeline at tiers 2 and 3 only ("Sink
/// (tier!=1)", digest part 2; part 1's "mid" path: CVP → Sink →
/// SimplifyCFG), before the straight-line optimizations NVPTX runs in its
/// back end (speculative-execution hoists what two arms share back up).
const SINK: &[Pass] = &[Sink];

/// O3: cicc's late EarlyCSE and InstCombine.
const LATE_CSE: &[Pass] = &[EarlyCse, Instcombine];

/// NVPTX's straight-line scalar optimizations before isel (O2, O3): constant
/// address offsets move out of geps, cheap address arithmetic moves out of
/// if-arms, then early-cse merges the bases.
const STRAIGHT_LINE: &[Pass] = &[SeparateConstOffsetFromGep, SpeculativeExecution, EarlyCse];

/// Sink again after them (O2, O3), as NVPTX's CodeGenPrepare sinks an
/// address into the block of the load or store that reads it: what
/// speculative-execution hoisted and early-cse found no twin for goes back
/// into its arm.
const SINK_ADDRESSES: &[Pass] = &[Sink];

/// NVIDIA's common base elimination (O2, O3; digest part 2 §T, before
/// base-address strength reduction and CodeGenPrepare): an address the
/// arms of a branch all compute is computed once above them.
const COMMON_BASES: &[Pass] = &[CommonBaseElim];

/// NVIDIA's loop strength reduction (digest part 3 §2.9), late, once the
/// unrolled copies' addresses are one base plus constants (cicc runs it in
/// its loop pipeline, after LoopUnroll, on SCEV's view of the addresses).
const STRENGTH_REDUCE: &[Pass] = &[LoopStrengthReduce];

/// Then NVPTX's load-store vectorizer, late (before isel, as addIRPasses):
/// consecutive loads and stores, their addresses one base plus constants,
/// become vector accesses.
const VECTORIZE: &[Pass] = &[LoadStoreVectorizer];

/// O3: a final GlobalDCE.
const FINAL_GLOBALDCE: &[Pass] = &[Globaldce];

const O0: &[&[Pass]] = &[REQUIRED];

const O1: &[&[Pass]] = &[
    INLINE_AND_PROMOTE,
    LOOPS,
    PROMOTE_AGAIN,
    ADDRESS_SPACES,
    REASSOCIATE_AND_GVN,
    CLEANUP,
    STRENGTH_REDUCE,
    VECTORIZE,
];

/// O1 plus unrolling, the clean-up after unrolling, intrinsics
/// lowered again and the straight-line optimizations.
const O2: &[&[Pass]] = &[
    INLINE_AND_PROMOTE,
    LOOPS,
    UNROLL,
    PROMOTE_AGAIN,
    AFTER_UNROLL,
    ADDRESS_SPACES,
    LOWER_INTRINSICS_AGAIN,
    REASSOCIATE_AND_GVN,
    CLEANUP,
    SINK,
    STRAIGHT_LINE,
    SINK_ADDRESSES,
    COMMON_BASES,
    STRENGTH_REDUCE,
    VECTORIZE,
];

/// O2 plus LICM after unrolling, the late CSE and a final GlobalDCE.
const O3: &[&[Pass]] = &[
    INLINE_AND_PROMOTE,
    LOOPS,
    UNROLL,
    PROMOTE_AGAIN,
    AFTER_UNROLL,
    ADDRESS_SPACES,
    LOWER_INTRINSICS_AGAIN,
    REASSOCIATE_AND_GVN,
    LICM_AFTER_UNROLL,
    CLEANUP,
    SINK,
    LATE_CSE,
    STRAIGHT_LINE,
    SINK_ADDRESSES,
    COMMON_BASES,
    STRENGTH_REDUCE,
    VECTORIZE,
    FINAL_GLOBALDCE,
];

/// How many pass runs the segments hold.
const fn runs(segments: &[&[Pass]]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < segments.len() {
        n += segments[i].len();
        i += 1;
    }
    n
}

/// The segments' passes one after another (`N` = [`runs`]), at compile time.
const fn flatten<const N: usize>(segments: &[&[Pass]]) -> [Pass; N] {
    let mut out = [Adce; N];
    let mut k = 0;
    let mut i = 0;
    while i < segments.len() {
        let mut j = 0;
        while j < segments[i].len() {
            out[k] = segments[i][j];
            k += 1;
            j += 1;
        }
        i += 1;
    }
    assert!(k == N);
    out
}

static O0_RUNS: [Pass; runs(O0)] = flatten(O0);
static O1_RUNS: [Pass; runs(O1)] = flatten(O1);
static O2_RUNS: [Pass; runs(O2)] = flatten(O2);
static O3_RUNS: [Pass; runs(O3)] = flatten(O3);

/// The passes run at an optimization level, in order (levels above 3 are 3).
pub fn passes(level: u8) -> &'static [Pass] {
    match level {
        0 => &O0_RUNS,
        1 => &O1_RUNS,
        2 => &O2_RUNS,
        _ => &O3_RUNS,
    }
}

/// The stage whose IR the module is after `n` pass runs at `level`:
/// `link` for none, else the pass of run `n`.
pub fn name_after(level: u8, n: usize) -> &'static str {
    match n.checked_sub(1).and_then(|i| passes(level).get(i)) {
        Some(p) => p.name(),
        None => super::StageId::Link.name(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Whether `a` is `b` with some entries left out.
    fn subsequence(a: &[Pass], b: &[Pass]) -> bool {
        let mut rest = b.iter();
        a.iter().all(|x| rest.any(|y| y == x))
    }

    #[test]
    fn each_level_runs_what_the_level_below_runs() {
        for level in 1..3 {
            assert!(
                subsequence(passes(level), passes(level + 1)),
                "O{} is not O{level} plus passes",
                level + 1
            );
        }
        assert!(!subsequence(passes(3), passes(2)), "O3 adds passes to O2");
    }

    /// The levels as they were written out in full before the segments:
    /// building them from segments changed no level.
    #[test]
    fn the_levels_are_the_pass_lists_they_always_were() {
        let names = |level| {
            passes(level)
                .iter()
                .map(|p| p.name())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            names(0),
            "always-inline nvvm-reflect nvvm-reflect-pp globaldce"
        );
        let first = "always-inline nvvm-reflect inline nvvm-reflect nvvm-reflect-pp nvvm-intrinsic-lower nvvm-peephole globaldce sroa mem2reg early-cse instcombine tailcallelim inline simplifycfg sccp ipconstprop deadargelim";
        assert_eq!(names(1), format!("{first} loop-rotate licm indvars loop-deletion sroa mem2reg nvptx-lower-alloca nvptx-lower-args memory-space-opt reassociate gvn instcombine dse adce jump-threading correlated-propagation simplifycfg loop-reduce load-store-vectorizer"));
        let loops = "loop-rotate licm indvars loop-deletion loop-unroll sroa mem2reg nvvm-reflect instcombine simplifycfg nvptx-lower-alloca nvptx-lower-args memory-space-opt nvvm-intrinsic-lower nvvm-peephole reassociate gvn";
        assert_eq!(names(2), format!("{first} {loops} instcombine dse adce jump-threading correlated-propagation simplifycfg sink separate-const-offset-from-gep speculative-execution early-cse sink common-base-elim loop-reduce load-store-vectorizer"));
        assert_eq!(names(3), format!("{first} {loops} licm instcombine dse adce jump-threading correlated-propagation simplifycfg sink early-cse instcombine separate-const-offset-from-gep speculative-execution early-cse sink common-base-elim loop-reduce load-store-vectorizer globaldce"));
    }
}
