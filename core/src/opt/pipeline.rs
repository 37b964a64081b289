//! The pass lists for -O0 … -O3, in cicc's order (see the digests'
//! "Optimization Levels" page): O0 runs no optimization tier, only what
//! correctness needs; O1–O3 promote locals, clean up, then resolve memory
//! spaces (cicc's memory-space-opt) and clean up again.

// nvvm-reflect runs at -O0 too: a __nvvm_reflect call has no PTX.
const O0: &[&str] = &[
    "always-inline",
    "nvvm-reflect",
    "nvvm-reflect-pp",
    "globaldce",
];

const O1: &[&str] = &[
    "always-inline",
    "nvvm-reflect",
    "inline",
    // Inlining exposes the reflect calls of inlined (libdevice) bodies.
    "nvvm-reflect",
    "nvvm-reflect-pp",
    "nvvm-intrinsic-lower",
    "globaldce",
    "sroa",
    "mem2reg",
    "early-cse",
    "instcombine",
    // Promotion made the functions passed by address to inlined functions
    // known callees (`apply(sq, x)`), which instcombine called directly:
    // they inline now, as LLVM's inliner inlines such promoted call sites.
    "inline",
    "simplifycfg",
    "sccp",
    // SROA again (cicc's tier 0 has it after InstCombine): what the first
    // promotion freed (a reference's alloca promoted, the object it pointed
    // to is now an alloca used directly), then its promotion.
    "sroa",
    "mem2reg",
    "nvptx-lower-alloca",
    "nvptx-lower-args",
    "memory-space-opt",
    "reassociate",
    "gvn",
    "instcombine",
    "dse",
    "adce",
    "simplifycfg",
    // NVPTX's load-store vectorizer, late (before isel, as addIRPasses).
    "load-store-vectorizer",
];

/// O1 plus cicc's loop passes after the first clean-up round
/// (LoopRotate → LICM → LoopUnroll, digest part 3 §2.0), nvvm-reflect again
/// (unrolled copies expose reflect calls, as cicc's third position), then
/// clean-up: unrolled copies fold (instcombine) and merge (simplifycfg);
/// nvvm-intrinsic-lower again once address spaces are known. A test checks
/// each level runs the passes of the one below, in order: a pass added to O1
/// goes into O2 and O3 too.
const O2: &[&str] = &[
    "always-inline",
    "nvvm-reflect",
    "inline",
    // Inlining exposes the reflect calls of inlined (libdevice) bodies.
    "nvvm-reflect",
    "nvvm-reflect-pp",
    "nvvm-intrinsic-lower",
    "globaldce",
    "sroa",
    "mem2reg",
    "early-cse",
    "instcombine",
    // Promotion made the functions passed by address to inlined functions
    // known callees (`apply(sq, x)`), which instcombine called directly:
    // they inline now, as LLVM's inliner inlines such promoted call sites.
    "inline",
    "simplifycfg",
    "sccp",
    "loop-rotate",
    "licm",
    "indvars",
    "loop-unroll",
    // As LLVM after full unrolling: SROA again, for what unrolling and the
    // first promotion freed (array elements now at constant indices, objects
    // whose `this` pointers lived in promoted allocas), then their promotion.
    "sroa",
    "mem2reg",
    "nvvm-reflect",
    "instcombine",
    "simplifycfg",
    "nvptx-lower-alloca",
    "nvptx-lower-args",
    "memory-space-opt",
    "nvvm-intrinsic-lower",
    "reassociate",
    "gvn",
    "instcombine",
    "dse",
    "adce",
    "simplifycfg",
    // NVPTX's straight-line scalar optimizations before isel: constant
    // address offsets move out of geps, cheap address arithmetic moves out
    // of if-arms, then early-cse merges the bases.
    "separate-const-offset-from-gep",
    "speculative-execution",
    "early-cse",
    // Then NVPTX's load-store vectorizer: consecutive loads and stores,
    // their addresses now one base plus constants, become vector accesses.
    "load-store-vectorizer",
];

/// O2 plus cicc's LICM after unrolling (digest part 2, the tier
/// sub-pipeline's LICM after LoopUnroll and SimplifyCFG): unrolled inner
/// loops and resolved address spaces leave new invariants in outer loops;
/// then cicc's late EarlyCSE and InstCombine and a final GlobalDCE.
const O3: &[&str] = &[
    "always-inline",
    "nvvm-reflect",
    "inline",
    // Inlining exposes the reflect calls of inlined (libdevice) bodies.
    "nvvm-reflect",
    "nvvm-reflect-pp",
    "nvvm-intrinsic-lower",
    "globaldce",
    "sroa",
    "mem2reg",
    "early-cse",
    "instcombine",
    // Promotion made the functions passed by address to inlined functions
    // known callees (`apply(sq, x)`), which instcombine called directly:
    // they inline now, as LLVM's inliner inlines such promoted call sites.
    "inline",
    "simplifycfg",
    "sccp",
    "loop-rotate",
    "licm",
    "indvars",
    "loop-unroll",
    // As LLVM after full unrolling: SROA again, for what unrolling and the
    // first promotion freed (array elements now at constant indices, objects
    // whose `this` pointers lived in promoted allocas), then their promotion.
    "sroa",
    "mem2reg",
    "nvvm-reflect",
    "instcombine",
    "simplifycfg",
    "nvptx-lower-alloca",
    "nvptx-lower-args",
    "memory-space-opt",
    "nvvm-intrinsic-lower",
    "reassociate",
    "gvn",
    "licm",
    "instcombine",
    "dse",
    "adce",
    "simplifycfg",
    "early-cse",
    "instcombine",
    // NVPTX's straight-line scalar optimizations before isel: constant
    // address offsets move out of geps, cheap address arithmetic moves out
    // of if-arms, then early-cse merges the bases.
    "separate-const-offset-from-gep",
    "speculative-execution",
    "early-cse",
    // Then NVPTX's load-store vectorizer: consecutive loads and stores,
    // their addresses now one base plus constants, become vector accesses.
    "load-store-vectorizer",
    "globaldce",
];

/// The pass names run at an optimization level (levels above 3 are 3).
pub fn passes(level: u8) -> &'static [&'static str] {
    match level {
        0 => O0,
        1 => O1,
        2 => O2,
        _ => O3,
    }
}

#[cfg(test)]
mod tests {
    use super::passes;

    /// Whether `a` is `b` with some entries left out.
    fn subsequence(a: &[&str], b: &[&str]) -> bool {
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
}
