//! The asynchronous-copy and memory-barrier built-ins (clang's
//! `__nvvm_cp_async_*` and `__nvvm_mbarrier_*` names, NVVM's
//! `llvm.nvvm.cp.async.*` and `llvm.nvvm.mbarrier.*` intrinsics) that our
//! `cuda_pipeline_primitives.h`, `cuda_awbarrier_primitives.h`,
//! `cuda/pipeline` and `cuda/barrier` (`core/src/frontend/headers/asyncmem.rs`)
//! are written with. Irgen casts their shared-memory pointer to `ptr
//! addrspace(3)` (and a copy's source to `ptr addrspace(1)`), so isel writes
//! 32-bit shared addresses as nvcc's inline asm does.

use super::{o, Builtin, Lowering};

const fn intrinsic(
    name: &'static str,
    overloads: &'static [super::Overload],
    trailing_default: Option<i64>,
    lowering: &'static str,
) -> Builtin {
    Builtin {
        name,
        overloads,
        trailing_default,
        lowering: Lowering::Intrinsic(lowering),
    }
}

/// `cp.async.{ca,cg}.shared.global [dst], [src], N, src_size` (the source
/// bytes past `src_size` are zeros): destination, source, and the bytes
/// read (`N` when left out).
const COPY: &[super::Overload] = &[o("v", &["*v", "&v", "u"])];

pub const BUILTINS: &[Builtin] = &[
    // `__trap()`: PTX's `trap` (the grid barrier's answer to a launch that
    // is not cooperative).
    intrinsic("__trap", &[o("v", &[])], None, "llvm.trap"),
    // The driver's environment registers: a cooperative launch's grid
    // workspace (`grid_group::sync()`), 0 on any other launch.
    intrinsic(
        "__nvvm_read_ptx_sreg_envreg1",
        &[o("u", &[])],
        None,
        "llvm.nvvm.read.ptx.sreg.envreg1",
    ),
    intrinsic(
        "__nvvm_read_ptx_sreg_envreg2",
        &[o("u", &[])],
        None,
        "llvm.nvvm.read.ptx.sreg.envreg2",
    ),
    intrinsic(
        "__nvvm_cp_async_ca_shared_global_4",
        COPY,
        Some(4),
        "llvm.nvvm.cp.async.ca.shared.global.4.s",
    ),
    intrinsic(
        "__nvvm_cp_async_ca_shared_global_8",
        COPY,
        Some(8),
        "llvm.nvvm.cp.async.ca.shared.global.8.s",
    ),
    intrinsic(
        "__nvvm_cp_async_ca_shared_global_16",
        COPY,
        Some(16),
        "llvm.nvvm.cp.async.ca.shared.global.16.s",
    ),
    intrinsic(
        "__nvvm_cp_async_cg_shared_global_16",
        COPY,
        Some(16),
        "llvm.nvvm.cp.async.cg.shared.global.16.s",
    ),
    intrinsic(
        "__nvvm_cp_async_commit_group",
        &[o("v", &[])],
        None,
        "llvm.nvvm.cp.async.commit.group",
    ),
    // The count must be a constant (PTX takes an immediate).
    intrinsic(
        "__nvvm_cp_async_wait_group",
        &[o("v", &["i"])],
        None,
        "llvm.nvvm.cp.async.wait.group",
    ),
    intrinsic(
        "__nvvm_cp_async_wait_all",
        &[o("v", &[])],
        None,
        "llvm.nvvm.cp.async.wait.all",
    ),
    // `cp.async.mbarrier.arrive.noinc.shared.b64 [bar]`: the barrier gets
    // one arrival of this thread when its earlier copies are done.
    intrinsic(
        "__nvvm_cp_async_mbarrier_arrive_noinc_shared",
        &[o("v", &["*v"])],
        None,
        "llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_init_shared",
        &[o("v", &["*v", "i"])],
        None,
        "llvm.nvvm.mbarrier.init.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_inval_shared",
        &[o("v", &["*v"])],
        None,
        "llvm.nvvm.mbarrier.inval.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_arrive_shared",
        &[o("y", &["*v"])],
        None,
        "llvm.nvvm.mbarrier.arrive.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_arrive_noComplete_shared",
        &[o("y", &["*v", "i"])],
        None,
        "llvm.nvvm.mbarrier.arrive.noComplete.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_arrive_drop_shared",
        &[o("y", &["*v"])],
        None,
        "llvm.nvvm.mbarrier.arrive.drop.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_test_wait_shared",
        &[o("b", &["*v", "y"])],
        None,
        "llvm.nvvm.mbarrier.test.wait.shared",
    ),
    // sm_90's potentially blocking test (`mbarrier.try_wait`).
    intrinsic(
        "__nvvm_mbarrier_try_wait_shared",
        &[o("b", &["*v", "y"])],
        None,
        "llvm.nvvm.mbarrier.try.wait.shared",
    ),
    // The waits for a phase by its parity (0 or 1), as `cuda::pipeline`'s.
    intrinsic(
        "__nvvm_mbarrier_test_wait_parity_shared",
        &[o("b", &["*v", "i"])],
        None,
        "llvm.nvvm.mbarrier.test.wait.parity.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_try_wait_parity_shared",
        &[o("b", &["*v", "i"])],
        None,
        "llvm.nvvm.mbarrier.try.wait.parity.shared",
    ),
    intrinsic(
        "__nvvm_mbarrier_pending_count",
        &[o("i", &["y"])],
        None,
        "llvm.nvvm.mbarrier.pending.count",
    ),
];

/// Which of a call's pointer arguments irgen casts to a specific space:
/// `(argument, space)` pairs.
pub fn pointer_spaces(intrinsic: &crate::ir::Intrinsic) -> &'static [(usize, u32)] {
    use crate::ir::addrspace::{GLOBAL, SHARED};
    use crate::ir::intrinsic::MbarrierOp;
    use crate::ir::Intrinsic;
    match intrinsic {
        Intrinsic::CpAsync { .. } => &[(0, SHARED), (1, GLOBAL)],
        Intrinsic::Mbarrier(op) if *op != MbarrierOp::PendingCount => &[(0, SHARED)],
        Intrinsic::CpAsyncMbarrierArrive => &[(0, SHARED)],
        _ => &[],
    }
}
