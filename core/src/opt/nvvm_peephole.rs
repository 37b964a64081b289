//! nvvm-peephole, cicc's NVVMPeepholeOptimizer (digest part 2 §K, the
//! L14220–14231 examples): NVVM-specific folds of casts that generic
//! instcombine leaves to it.
//!
//! - an identity `addrspacecast` (a pointer cast to its own space) is its
//!   operand (the verifier rejects one in input IR; the fold is here, not
//!   in instcombine, so that one pass owns the address-space cast folds);
//! - a specific → generic → same specific round trip (`addrspace(3)` to
//!   `ptr` and back to `addrspace(3)`) is the original pointer: a shared,
//!   global, local or const address cast to generic and back is unchanged
//!   (cvta then cvta.to). The other direction, generic → specific →
//!   generic, is not folded: the specific cast asserts the space
//!   (nvptx-lower-args' kernel-pointer casts) and folding it away would lose
//!   what memory-space-opt learned;
//! - `fptrunc (fpext x)` back to x's type is x (widening a float is exact,
//!   so narrowing it again gives it back). `fpext (fptrunc x)` is not: the
//!   narrowing rounds.
//!
//! The casts whose only uses were folded away are deleted. On the test
//! corpus none of these shapes reaches the pass (irgen and memory-space-opt
//! do not make them); the folds are for IR written or edited by hand
//! (`--resume-at`) and for what later front-end features may produce.
//! cicc's other peephole patterns (a `tid.x` compare against a known block
//! size, back-to-back `barrier0`) are other passes' here: correlated
//! propagation with the sreg ranges, basic-dbe.

use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "casts folded", run_function)
}

/// What the cast `id` folds to, if anything.
fn fold(f: &Function, id: InstId) -> Option<Value> {
    let inst = f.inst(id);
    let InstKind::Cast { op, val } = &inst.kind else {
        return None;
    };
    let from = f.value_type(val);
    let inner = || match val.as_inst().map(|d| &f.inst(d).kind) {
        Some(InstKind::Cast { op, val }) => Some((*op, val)),
        _ => None,
    };
    match op {
        CastOp::AddrSpaceCast if from == inst.ty => Some(val.clone()),
        CastOp::AddrSpaceCast => match (inner()?, &inst.ty, &from) {
            ((CastOp::AddrSpaceCast, x), Type::Ptr(to), Type::Ptr(0))
                if *to != 0 && f.value_type(x) == inst.ty =>
            {
                Some(x.clone())
            }
            _ => None,
        },
        CastOp::FPTrunc => match inner()? {
            (CastOp::FPExt, x) if f.value_type(x) == inst.ty => Some(x.clone()),
            _ => None,
        },
        _ => None,
    }
}

fn run_function(f: &mut Function) -> bool {
    let mut folded = Vec::new();
    for b in f.layout.clone() {
        for id in f.block(b).insts.clone() {
            if let Some(v) = fold(f, id) {
                // The inner cast may now be unused.
                if let InstKind::Cast { val, .. } = &f.inst(id).kind {
                    folded.extend(val.as_inst());
                }
                f.replace_all_uses(&Value::Inst(id), &v);
                folded.push(id);
            }
        }
    }
    if folded.is_empty() {
        return false;
    }
    // Delete the folded casts and the inner casts left unused, repeatedly
    // (a chain of round trips frees one link at a time).
    loop {
        let uses = f.use_counts();
        let dead: Vec<InstId> = folded
            .iter()
            .copied()
            .filter(|i| uses[i.0 as usize] == 0 && matches!(f.inst(*i).kind, InstKind::Cast { .. }))
            .collect();
        if dead.is_empty() {
            return true;
        }
        folded.retain(|i| !dead.contains(i));
        f.delete_insts(dead);
    }
}
