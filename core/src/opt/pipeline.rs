//! The pass lists for -O0 … -O3, in cicc's order (see the digests'
//! "Optimization Levels" page): O0 runs no optimization tier, only what
//! correctness needs; O1–O3 promote locals, clean up, then resolve memory
//! spaces (cicc's memory-space-opt) and clean up again.

// nvvm-reflect runs at -O0 too: a __nvvm_reflect call has no PTX.
const O0: &[&str] = &[
    "always-inline",
    "nvvm-reflect",
    "nvvm-reflect-pp",
    "nvvm-intrinsic-lower",
    "globaldce",
];

const O1: &[&str] = &[
    "always-inline",
    "nvvm-reflect",
    "inline",
    // Inlining exposes the reflect calls of inlined (libdevice) bodies.
    "nvvm-reflect",
    "nvvm-reflect-pp",
    "globaldce",
    "mem2reg",
    "early-cse",
    "instcombine",
    "simplifycfg",
    "sccp",
    "nvptx-lower-args",
    "memory-space-opt",
    "reassociate",
    "gvn",
    "instcombine",
    "dse",
    "adce",
    "simplifycfg",
];

/// The pass names run at an optimization level (levels above 3 are 3).
pub fn passes(level: u8) -> &'static [&'static str] {
    match level {
        0 => O0,
        // O2 and O3 add tiers as the passes issue lands them.
        _ => O1,
    }
}
