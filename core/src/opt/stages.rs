//! The stage table: every stage of a compile (irgen, link, each
//! optimization pass, isel, out-of-SSA, layout, ptx) with its name, the
//! representation its text is in, and one line for learners. The single
//! source of each stage's name and description, as Go's `ssa/compile.go`
//! pass list: the driver, `--list-passes`, the page's pass list and the
//! filetests all read it.
//!
//! Stages are named in code by [`StageId`] and passes by [`Pass`], so a
//! misspelled pass is a compile error; the names as text are only for the
//! boundaries (the CLI's `--disable-pass` and `--list-passes`,
//! [`Options::disabled_passes`](crate::Options::disabled_passes), filetests'
//! `; RUN:` lines, the stage names a [`Stage`](crate::Stage) carries).

use super::{
    adce, barrier, common_base_elim, correlated_propagation, dce, deadargelim, dse, early_cse,
    globaldce, indvars, inline, instcombine, ipconstprop, jump_threading, licm,
    load_store_vectorizer, loop_deletion, loop_rotate, loop_simplify, loop_strength_reduce,
    loop_unroll, lower_alloca, lower_args, mem2reg, memory_space_opt, nvvm_intrinsic_lower,
    nvvm_peephole, nvvm_reflect, reassociate, remat, sccp, separate_const_offset, simplifycfg,
    sink, speculative_execution, sroa, tailcallelim, PassContext,
};
use crate::compilation::StageKind;
use crate::ir::Module;
use std::fmt;

/// An optimization pass. Its name, description and code are its row in [`STAGES`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pass {
    Adce,
    AlwaysInline,
    BasicDbe,
    BranchDist,
    CommonBaseElim,
    CorrelatedPropagation,
    Dce,
    Deadargelim,
    Dse,
    EarlyCse,
    Globaldce,
    Gvn,
    Indvars,
    Inline,
    Instcombine,
    Ipconstprop,
    JumpThreading,
    Licm,
    LoadStoreVectorizer,
    LoopDeletion,
    LoopStrengthReduce,
    LoopRotate,
    LoopSimplify,
    LoopUnroll,
    Mem2reg,
    MemorySpaceOpt,
    NvptxLowerAlloca,
    NvptxLowerArgs,
    NvvmIntrinsicLower,
    NvvmPeephole,
    NvvmReflect,
    NvvmReflectPp,
    Reassociate,
    Remat,
    Sccp,
    SeparateConstOffsetFromGep,
    Simplifycfg,
    Sink,
    SpeculativeExecution,
    Sroa,
    Tailcallelim,
}

/// A stage of the compile, in the order they run: a pass may run several
/// times (its place in a pipeline is in `pipeline.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StageId {
    /// The typed syntax tree lowered to IR.
    Irgen,
    /// libdevice linked in.
    Link,
    /// An optimization pass (each run of the pipeline is a stage).
    Pass(Pass),
    /// Instruction selection.
    Isel,
    OutOfSsa,
    Layout,
    /// The PTX text.
    Ptx,
}

/// What a pass runs: changes the module, true when it changed something.
pub type PassFn = fn(&mut Module, &PassContext) -> bool;

/// One row of the stage table.
pub struct StageInfo {
    pub id: StageId,
    /// The name users see (`mem2reg`, `isel`).
    pub name: &'static str,
    /// The representation the stage's text is in.
    pub kind: StageKind,
    /// One line for learners: what the stage does.
    pub description: &'static str,
    /// A pass's code; `None` for the stages the driver runs itself (their
    /// signatures differ: irgen takes the syntax tree, isel gives machine code).
    pub run: Option<PassFn>,
}

const fn stage(
    id: StageId,
    name: &'static str,
    kind: StageKind,
    description: &'static str,
) -> StageInfo {
    StageInfo {
        id,
        name,
        kind,
        description,
        run: None,
    }
}

const fn pass(pass: Pass, name: &'static str, run: PassFn, description: &'static str) -> StageInfo {
    StageInfo {
        id: StageId::Pass(pass),
        name,
        kind: StageKind::Ir,
        description,
        run: Some(run),
    }
}

/// Every stage: irgen and link, the passes in alphabetical order, then the
/// backend's stages in the order they run.
pub const STAGES: &[StageInfo] = &[
    stage(
        StageId::Irgen,
        "irgen",
        StageKind::Ir,
        "Lowers the typed syntax tree to IR, clang-style: every local variable lives in an alloca, read by loads and written by stores.",
    ),
    stage(
        StageId::Link,
        "link",
        StageKind::Ir,
        "Links the libdevice (__nv_*) math functions the module calls, and nothing else.",
    ),
    pass(
        Pass::Adce,
        "adce",
        adce::run,
        "Aggressive dead code elimination: only what has an effect, what it uses, and the branches deciding whether it runs are live; an if with no live result disappears (loops stay: they may not end).",
    ),
    pass(
        Pass::AlwaysInline,
        "always-inline",
        inline::run_always,
        "Inlines every call to a __forceinline__ function (runs at -O0 too).",
    ),
    pass(
        Pass::BasicDbe,
        "basic-dbe",
        barrier::run_basic,
        "NVIDIA's basic dead barrier elimination, inside each block: a __syncthreads() with no shared or global access on one side (a repeated barrier, one at a kernel's start or end) orders nothing and is deleted. nvcc 13.5 keeps every barrier, so no -O level runs it.",
    ),
    pass(
        Pass::BranchDist,
        "branch-dist",
        barrier::run_branch_dist,
        "NVIDIA's dead synchronization elimination: finds the shared and global accesses before and after each __syncthreads() across branches and loops, and deletes the barriers with no write on either side facing an access on the other. __syncthreads_count/and/or stay. nvcc 13.5 keeps every barrier, so no -O level runs it.",
    ),
    pass(
        Pass::CommonBaseElim,
        "common-base-elim",
        common_base_elim::run,
        "NVIDIA's common base elimination: an address computed in several blocks none of which dominates the others (y[i] stored in both arms of an if, or in several cases of a switch) is computed once, at the end of the nearest block above them all, and each access reads that register (plus its constant offset: [%rd1+4]).",
    ),
    pass(
        Pass::CorrelatedPropagation,
        "correlated-propagation",
        correlated_propagation::run,
        "Correlated value propagation: inside if (i < n) { … }, where only the true edge leads, a compare of i and n that i < n decides (i >= n, i != n) becomes a constant, a select on the known condition becomes its arm, and a branch on it goes one way.",
    ),
    pass(
        Pass::Dce,
        "dce",
        dce::run,
        "Dead code elimination: deletes instructions whose results are never used and that have no side effects.",
    ),
    pass(
        Pass::Deadargelim,
        "deadargelim",
        deadargelim::run,
        "Dead argument elimination: a device function that stays a call (__noinline__) loses the parameters its body never reads (a member's unused this) and its result when no caller uses it; its callers stop passing them. Outside -rdc nvcc's device functions are private to the module, so it does the same; kernels keep their signature.",
    ),
    pass(
        Pass::Dse,
        "dse",
        dse::run,
        "Dead store elimination: deletes a store that a later store to the same address overwrites before anything reads it, and stores into stack slots nothing reads.",
    ),
    pass(
        Pass::EarlyCse,
        "early-cse",
        early_cse::run,
        "Common subexpression elimination along the dominator tree: a value computed twice (same operation and operands) is computed once; a load repeats an earlier one when nothing wrote memory between, in its block or in a dominating block the load's block is entered from alone (LLVM's and cicc's EarlyCSE).",
    ),
    pass(
        Pass::Globaldce,
        "globaldce",
        globaldce::run,
        "Deletes device functions nothing calls any more (after inlining) and __shared__ variables nothing uses.",
    ),
    pass(
        Pass::Gvn,
        "gvn",
        early_cse::run_gvn,
        "Global value numbering: like early-cse, and a load reuses a value loaded or stored in a dominating block when no path between may write that memory (never across a barrier).",
    ),
    pass(
        Pass::Indvars,
        "indvars",
        indvars::run,
        "Induction-variable simplification: an int loop counter that indexes arrays (sign-extended to 64 bits) gets a 64-bit twin counting alongside, so no extension runs per iteration (exact: the counter's overflow is undefined); an index computed from it without overflow (row * K + k, k * N + col) is computed on the twin in 64 bits, so loop-reduce can step a pointer through it.",
    ),
    pass(
        Pass::Inline,
        "inline",
        inline::run_default,
        "Inlines calls to device functions (all but __noinline__ and recursive ones, as cicc does); copied values get a .i suffix.",
    ),
    pass(
        Pass::Instcombine,
        "instcombine",
        instcombine::run,
        "Folds constants and simplifies instructions algebraically (x+0 → x, constant compares, casts of constants, phis of one value); marks an add that cannot wrap nuw nsw when its operand is bounded (a thread index is below 1024), as LLVM's known bits do.",
    ),
    pass(
        Pass::Ipconstprop,
        "ipconstprop",
        ipconstprop::run,
        "Interprocedural constant propagation (cicc's IPConstProp, LLVM's IPConstantPropagation; IPSCCP does the same for results): when a device function that stays a call (__noinline__) returns the same constant on every path, its callers use that constant instead of the call's result; the call stays for what its body does. deadargelim then drops the result nobody reads, as nvcc's PTX shows (the .func returns nothing).",
    ),
    pass(
        Pass::JumpThreading,
        "jump-threading",
        jump_threading::run,
        "Jump threading: where a block's branch is decided on one incoming edge (a phi gives a constant there), that edge gets its own copy of the block that jumps straight to the known target, so the test runs only on the paths that need it.",
    ),
    pass(
        Pass::Licm,
        "licm",
        licm::run,
        "Loop-invariant code motion: computations whose operands do not change in a loop move to its preheader and run once; loads only when they run every iteration and nothing in the loop can write their memory.",
    ),
    pass(
        Pass::LoadStoreVectorizer,
        "load-store-vectorizer",
        load_store_vectorizer::run,
        "Merges loads (or stores) of 2 or 4 consecutive elements from one base into one vector access when the first is aligned to the whole vector and nothing between may write that memory: a float4's four loads become one ld.global.v4.f32 and four extractelements.",
    ),
    pass(
        Pass::LoopDeletion,
        "loop-deletion",
        loop_deletion::run,
        "Deletes a loop that does nothing anyone sees: no stores, calls or barriers in it, no value it computes used after it, and a counter that provably reaches its bound, so it ends; the code before it jumps straight past it.",
    ),
    pass(
        Pass::LoopStrengthReduce,
        "loop-reduce",
        loop_strength_reduce::run,
        "Loop strength reduction (NVIDIA's LSR): an address computed from the loop counter on every iteration (base + (i + c) * size, or base + (i * N + c) * size with N fixed: a multiply, a shift and an add) becomes a pointer stepping by the counter's step times the stride, as nvcc's loops step their pointers; an unrolled loop's copies share it (at +4, +8, … or a chain of + N * size); the arithmetic it replaces, and the counter if nothing else reads it, go.",
    ),
    pass(
        Pass::LoopRotate,
        "loop-rotate",
        loop_rotate::run,
        "Turns loops tested at the top (for, while) into guarded loops tested at the bottom (do-while): the header's test is copied before the loop as a guard and to the end of the body, so each iteration ends in one conditional back branch.",
    ),
    pass(
        Pass::LoopSimplify,
        "loop-simplify",
        loop_simplify::run,
        "Puts loops in canonical form: one preheader block entering each loop, one latch branching back, and exit blocks entered only from the loop (the loop passes make what they need themselves).",
    ),
    pass(
        Pass::LoopUnroll,
        "loop-unroll",
        loop_unroll::run,
        "Unrolls loops: fully when the trip count is a known constant and #pragma unroll asks or the copies are small, by N for #pragma unroll N; a small innermost loop whose trip count is known only at run time, by 4 (2 for larger bodies) with a remainder loop after it for the last n % 4 iterations, as nvcc does; #pragma unroll 1 forbids it.",
    ),
    pass(
        Pass::Mem2reg,
        "mem2reg",
        mem2reg::run,
        "Promotes local variables from stack slots (alloca/load/store) to SSA registers, inserting phi nodes where control flow merges.",
    ),
    pass(
        Pass::MemorySpaceOpt,
        "memory-space-opt",
        memory_space_opt::run,
        "Infers address spaces: a generic pointer known to point into global (or shared, local, const) memory becomes a pointer of that space, so loads and stores name it (ld.global). Across calls too (cicc's ipmsp): a device function's pointer parameter that is global (or the same shared array) at every call site is cast to that space at its entry, as nvcc does (in place, no clone).",
    ),
    pass(
        Pass::NvptxLowerAlloca,
        "nvptx-lower-alloca",
        lower_alloca::run,
        "Local variables left in memory live in the local frame: casts each alloca to addrspace(5) and back, so memory-space-opt can use ld.local/st.local (the generic address stays only where it escapes).",
    ),
    pass(
        Pass::NvptxLowerArgs,
        "nvptx-lower-args",
        lower_args::run,
        "Kernel pointer parameters point to global memory, and so do integer parameters cast to pointers and pointers loaded from structs passed by value: casts each to addrspace(1) and back, so memory-space-opt can use ld.global/st.global.",
    ),
    pass(
        Pass::NvvmIntrinsicLower,
        "nvvm-intrinsic-lower",
        nvvm_intrinsic_lower::run,
        "Folds bit counts, multiply-highs and mul24 of constant arguments to their constants. (cicc's pass of this name rewrites llvm.nvvm.* calls NVPTX cannot select, such as wide vector and bf16/tf32/fp8 conversions; our front end makes none.) Funnel shifts stay llvm.fshl/fshr, one shf.l.wrap.b32 each.",
    ),
    pass(
        Pass::NvvmPeephole,
        "nvvm-peephole",
        nvvm_peephole::run,
        "NVIDIA's peephole folds of casts: an addrspacecast to the pointer's own space is the pointer, a shared (or global, local, const) pointer cast to generic and back to its space is the original pointer, and fptrunc(fpext x) back to x's type is x.",
    ),
    pass(
        Pass::NvvmReflect,
        "nvvm-reflect",
        nvvm_reflect::run,
        "Replaces __nvvm_reflect(\"__CUDA_ARCH\"|\"__CUDA_FTZ\"|\"__CUDA_PREC_DIV\"|\"__CUDA_PREC_SQRT\") with the constant the target and flags give (unknown queries: 0).",
    ),
    pass(
        Pass::NvvmReflectPp,
        "nvvm-reflect-pp",
        nvvm_reflect::run_pp,
        "After nvvm-reflect: folds compares and branches on the new constants and deletes the code paths the flags did not choose (cicc's SimplifyConstantConditionals).",
    ),
    pass(
        Pass::Reassociate,
        "reassociate",
        reassociate::run,
        "Reorders chains of +, *, &, |, ^ on integers so their constants meet and fold ((i + 1) + j) + 2 → (i + j) + 3, in a canonical order that helps CSE.",
    ),
    pass(
        Pass::Remat,
        "remat",
        remat::run,
        "NVIDIA's rematerialization, its IV-demotion step: a 64-bit loop counter whose values the loop's own exit test keeps within 32 bits (a constant start and step, `i < bound` with an int or constant bound) becomes a 32-bit counter, one register and one add instead of a pair. Off by default: nvcc 13.5 keeps such counters 64-bit.",
    ),
    pass(
        Pass::Sccp,
        "sccp",
        sccp::run,
        "Sparse conditional constant propagation: finds values that are constant on every path that can run, following only branches that can be taken, and folds them.",
    ),
    pass(
        Pass::SeparateConstOffsetFromGep,
        "separate-const-offset-from-gep",
        separate_const_offset::run,
        "Moves the constant part of an address outward: a[i][3] becomes (&a[i][0]) + 12 bytes, so the addresses of unrolled copies share one base (merged by early-cse) and each access is [%rd+12].",
    ),
    pass(
        Pass::Simplifycfg,
        "simplifycfg",
        simplifycfg::run,
        "Simplifies the control-flow graph: folds branches on constants, deletes unreachable blocks, merges a block into its only predecessor.",
    ),
    pass(
        Pass::Sink,
        "sink",
        sink::run,
        "LLVM's Sink: moves an instruction whose every use is on one side of a branch down into that side (a kernel pointer's cast to the global space into the if that uses it), so the other path does not compute it and its register lives less long. A pointer parameter's cast read in several blocks stays at the top of the kernel, where nvcc's cvta.to.global.u64 is. Never into a loop (NVIDIA's Sinking2, which sinks toward texture fetches even into loops, is not implemented).",
    ),
    pass(
        Pass::SpeculativeExecution,
        "speculative-execution",
        speculative_execution::run,
        "Hoists the cheap, side-effect-free instructions at the top of an if's arm (an index, an address) into the block that branches, so later passes can share them across arms; as NVPTX does, since GPU branches diverge.",
    ),
    pass(
        Pass::Sroa,
        "sroa",
        sroa::run,
        "Scalar replacement of aggregates: splits a local struct or array whose every use is a load or store at a constant offset into one scalar variable per piece used, so mem2reg can promote them.",
    ),
    pass(
        Pass::Tailcallelim,
        "tailcallelim",
        tailcallelim::run,
        "Tail-recursion elimination: a function that ends by returning a call to itself (return gcd(b, a % b)) branches back to its start with the new arguments instead, so the recursion becomes a loop and the function can be inlined.",
    ),
    stage(
        StageId::Isel,
        "isel",
        StageKind::Machine,
        "Instruction selection: each IR instruction becomes PTX instructions on virtual registers of cicc's classes (%r, %rd, %f, %p, …); phis remain.",
    ),
    stage(
        StageId::OutOfSsa,
        "out-of-ssa",
        StageKind::Machine,
        "Leaves SSA: each phi becomes mov instructions on the incoming edges (critical edges get their own block); then a copy whose two registers are never live at once with different values joins them into one register and goes (register coalescing: a loop's sum stays in one %f, as nvcc's).",
    ),
    stage(
        StageId::Layout,
        "layout",
        StageKind::Machine,
        "Block layout: drops branches to the next block, inverts conditions so the common path falls through, and lets early returns branch to one `ret` at the end.",
    ),
    stage(
        StageId::Ptx,
        "ptx",
        StageKind::Ptx,
        "Emits the PTX module: header for the target, parameters, register declarations, instructions.",
    ),
];

/// The rows of [`STAGES`] before the passes (irgen, link) and after them (the backend's).
const BEFORE_PASSES: usize = 2;
const AFTER_PASSES: usize = 4;

/// The passes' rows of [`STAGES`], in alphabetical order (as `--list-passes` lists them).
pub const PASSES: &[StageInfo] = STAGES
    .split_at(BEFORE_PASSES)
    .1
    .split_at(STAGES.len() - BEFORE_PASSES - AFTER_PASSES)
    .0;

impl StageId {
    /// This stage's row of [`STAGES`].
    pub fn info(self) -> &'static StageInfo {
        STAGES
            .iter()
            .find(|s| s.id == self)
            .expect("every stage has a row in STAGES")
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }
}

impl Pass {
    /// This pass's row of [`STAGES`].
    pub fn info(self) -> &'static StageInfo {
        StageId::Pass(self).info()
    }

    /// The name users see (`mem2reg`).
    pub fn name(self) -> &'static str {
        self.info().name
    }

    pub fn description(self) -> &'static str {
        self.info().description
    }

    /// The pass's code.
    pub fn run(self) -> PassFn {
        self.info().run.expect("a pass row has its code")
    }

    /// The pass a user names (`--disable-pass`, a filetest's `; RUN:` line).
    pub fn from_name(name: &str) -> Option<Pass> {
        PASSES
            .iter()
            .find(|p| p.name == name)
            .and_then(|p| match p.id {
                StageId::Pass(pass) => Some(pass),
                _ => None,
            })
    }

    /// Every pass, in the table's (alphabetical) order.
    pub fn all() -> impl Iterator<Item = Pass> {
        PASSES.iter().filter_map(|p| match p.id {
            StageId::Pass(pass) => Some(pass),
            _ => None,
        })
    }
}

impl fmt::Display for Pass {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stage_has_one_row_and_passes_are_the_middle_rows() {
        for (i, s) in STAGES.iter().enumerate() {
            assert_eq!(s.id.info().name, s.name, "row {i}");
            let is_pass = matches!(s.id, StageId::Pass(_));
            assert_eq!(is_pass, s.run.is_some(), "{}", s.name);
            let in_passes = PASSES.iter().any(|p| std::ptr::eq(p, s));
            assert_eq!(is_pass, in_passes, "{}", s.name);
        }
        let names: Vec<&str> = STAGES.iter().map(|s| s.name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "stage names are unique");
        for p in Pass::all() {
            assert_eq!(Pass::from_name(p.name()), Some(p));
        }
        assert_eq!(Pass::all().count(), PASSES.len());
        assert_eq!(Pass::from_name("isel"), None);
        assert_eq!(Pass::from_name("mem2rge"), None);
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
