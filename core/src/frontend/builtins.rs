//! The CUDA device built-in functions the compiler knows without a header:
//! their overloads (C types) and what each becomes in IR. This table is the
//! single source for both sema (types, overload choice) and irgen (lowering).

use super::ast::{CType, IntKind};
use crate::ir::{AtomicOp, SyncScope};

/// The parameter and return types of one overload, in a compact spelling:
/// `c` char, `i` int, `u` unsigned, `l` long long, `y` unsigned long long, `f` float,
/// `d` double, `b` bool, `v` void; a leading `*` makes a pointer to the next.
#[derive(Clone, Copy, Debug)]
pub struct Overload {
    pub ret: &'static str,
    pub params: &'static [&'static str],
}

/// What a call of the built-in becomes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lowering {
    /// A call of this function with the same arguments: an intrinsic
    /// (`llvm.*`) or a libdevice function (`__nv_*`, added by the link stage).
    Intrinsic(&'static str),
    Atomic(AtomicOp, SyncScope),
    /// `atomicSub`: an add of the negated value (PTX has no atom.sub).
    AtomicSub(SyncScope),
    CmpXchg(SyncScope),
    Fence(SyncScope),
    /// `__shfl*_sync(mask, var, lane/delta/mask, width = warpSize)`: the mode
    /// (`down`, `up`, `bfly`, `idx`).
    Shuffle(&'static str),
    /// `__ffs`: position of the least significant set bit, from 1; 0 for 0.
    FindFirstSet,
    /// `__funnelshift_l/r(lo, hi, shift)`: `llvm.fshl/fshr(hi, lo, shift)`.
    FunnelShift(&'static str),
}

pub struct Builtin {
    pub name: &'static str,
    pub overloads: &'static [Overload],
    /// The value of a last parameter the call may leave out (`__syncwarp()`'s
    /// full mask, a shuffle's width of warpSize).
    pub trailing_default: Option<i64>,
    pub lowering: Lowering,
}

const fn o(ret: &'static str, params: &'static [&'static str]) -> Overload {
    Overload { ret, params }
}

macro_rules! atomic {
    ($name:literal, $op:expr, $scope:expr, [$($ov:expr),*]) => {
        Builtin { name: $name, overloads: &[$($ov),*], trailing_default: None, lowering: Lowering::Atomic($op, $scope) }
    };
}

const BITS_OVERLOADS: &[Overload] = &[
    o("i", &["*i", "i"]),
    o("u", &["*u", "u"]),
    o("y", &["*y", "y"]),
];
const SHFL_OVERLOADS: &[Overload] = &[
    o("i", &["u", "i", "i", "i"]),
    o("u", &["u", "u", "i", "i"]),
    o("f", &["u", "f", "i", "i"]),
];

/// Every built-in function. Atomics come in device, `_block` and `_system` scopes.
pub const BUILTINS: &[Builtin] = &[
    // NVVM's builtins for libdevice's own source (clang's spellings).
    Builtin {
        name: "__nvvm_bitcast_f2i",
        overloads: &[o("i", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.bitcast.f2i"),
    },
    Builtin {
        name: "__nvvm_bitcast_i2f",
        overloads: &[o("f", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.bitcast.i2f"),
    },
    Builtin {
        name: "__nvvm_fma_rn_f",
        overloads: &[o("f", &["f", "f", "f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fma.f32"),
    },
    Builtin {
        name: "__nvvm_rint_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.rint.f32"),
    },
    Builtin {
        name: "__nvvm_fabs_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.fabs.f32"),
    },
    Builtin {
        name: "__nvvm_ex2_approx_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.ex2.approx.f"),
    },
    Builtin {
        name: "__nvvm_ex2_approx_ftz_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.ex2.approx.ftz.f"),
    },
    Builtin {
        name: "__nvvm_lg2_approx_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.lg2.approx.f"),
    },
    Builtin {
        name: "__nvvm_lg2_approx_ftz_f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.lg2.approx.ftz.f"),
    },
    // The CUDA math API: calls of libdevice functions, linked on demand.
    Builtin {
        name: "sinf",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nv_sinf"),
    },
    Builtin {
        name: "cosf",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nv_cosf"),
    },
    Builtin {
        name: "expf",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nv_expf"),
    },
    Builtin {
        name: "exp2f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nv_exp2f"),
    },
    Builtin {
        name: "logf",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nv_logf"),
    },
    Builtin {
        name: "log2f",
        overloads: &[o("f", &["f"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nv_log2f"),
    },
    Builtin {
        name: "__nvvm_reflect",
        overloads: &[o("i", &["*c"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("__nvvm_reflect"),
    },
    Builtin {
        name: "__syncthreads",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0"),
    },
    Builtin {
        name: "__syncthreads_count",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0.popc"),
    },
    Builtin {
        name: "__syncthreads_and",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0.and"),
    },
    Builtin {
        name: "__syncthreads_or",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.barrier0.or"),
    },
    Builtin {
        name: "__syncwarp",
        overloads: &[o("v", &["u"])],
        trailing_default: Some(0xffff_ffff),
        lowering: Lowering::Intrinsic("llvm.nvvm.bar.warp.sync"),
    },
    Builtin {
        name: "__threadfence",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Fence(SyncScope::Device),
    },
    Builtin {
        name: "__threadfence_block",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Fence(SyncScope::Block),
    },
    Builtin {
        name: "__threadfence_system",
        overloads: &[o("v", &[])],
        trailing_default: None,
        lowering: Lowering::Fence(SyncScope::System),
    },
    atomic!(
        "atomicAdd",
        AtomicOp::Add,
        SyncScope::Device,
        [
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"])
        ]
    ),
    atomic!(
        "atomicAdd_block",
        AtomicOp::Add,
        SyncScope::Block,
        [
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"])
        ]
    ),
    atomic!(
        "atomicAdd_system",
        AtomicOp::Add,
        SyncScope::System,
        [
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"])
        ]
    ),
    Builtin {
        name: "atomicSub",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::AtomicSub(SyncScope::Device),
    },
    Builtin {
        name: "atomicSub_block",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::AtomicSub(SyncScope::Block),
    },
    Builtin {
        name: "atomicSub_system",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::AtomicSub(SyncScope::System),
    },
    Builtin {
        name: "atomicExch",
        overloads: &[
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"]),
            o("f", &["*f", "f"]),
        ],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xchg, SyncScope::Device),
    },
    Builtin {
        name: "atomicExch_block",
        overloads: &[
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("y", &["*y", "y"]),
            o("f", &["*f", "f"]),
        ],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xchg, SyncScope::Block),
    },
    Builtin {
        name: "atomicMax",
        overloads: &[
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("l", &["*l", "l"]),
            o("y", &["*y", "y"]),
        ],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Max, SyncScope::Device),
    },
    Builtin {
        name: "atomicMin",
        overloads: &[
            o("i", &["*i", "i"]),
            o("u", &["*u", "u"]),
            o("l", &["*l", "l"]),
            o("y", &["*y", "y"]),
        ],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Min, SyncScope::Device),
    },
    Builtin {
        name: "atomicMax_block",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Max, SyncScope::Block),
    },
    Builtin {
        name: "atomicMin_block",
        overloads: &[o("i", &["*i", "i"]), o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Min, SyncScope::Block),
    },
    Builtin {
        name: "atomicInc",
        overloads: &[o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UIncWrap, SyncScope::Device),
    },
    Builtin {
        name: "atomicDec",
        overloads: &[o("u", &["*u", "u"])],
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::UDecWrap, SyncScope::Device),
    },
    Builtin {
        name: "atomicAnd",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::And, SyncScope::Device),
    },
    Builtin {
        name: "atomicOr",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Or, SyncScope::Device),
    },
    Builtin {
        name: "atomicXor",
        overloads: BITS_OVERLOADS,
        trailing_default: None,
        lowering: Lowering::Atomic(AtomicOp::Xor, SyncScope::Device),
    },
    Builtin {
        name: "atomicCAS",
        overloads: &[
            o("i", &["*i", "i", "i"]),
            o("u", &["*u", "u", "u"]),
            o("y", &["*y", "y", "y"]),
        ],
        trailing_default: None,
        lowering: Lowering::CmpXchg(SyncScope::Device),
    },
    Builtin {
        name: "atomicCAS_block",
        overloads: &[
            o("i", &["*i", "i", "i"]),
            o("u", &["*u", "u", "u"]),
            o("y", &["*y", "y", "y"]),
        ],
        trailing_default: None,
        lowering: Lowering::CmpXchg(SyncScope::Block),
    },
    Builtin {
        name: "__ballot_sync",
        overloads: &[o("u", &["u", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.vote.ballot.sync"),
    },
    Builtin {
        name: "__any_sync",
        overloads: &[o("i", &["u", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.vote.any.sync"),
    },
    Builtin {
        name: "__all_sync",
        overloads: &[o("i", &["u", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.vote.all.sync"),
    },
    Builtin {
        name: "__activemask",
        overloads: &[o("u", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.activemask"),
    },
    Builtin {
        name: "__shfl_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("idx"),
    },
    Builtin {
        name: "__shfl_up_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("up"),
    },
    Builtin {
        name: "__shfl_down_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("down"),
    },
    Builtin {
        name: "__shfl_xor_sync",
        overloads: SHFL_OVERLOADS,
        trailing_default: Some(32),
        lowering: Lowering::Shuffle("bfly"),
    },
    Builtin {
        name: "clock",
        overloads: &[o("i", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.read.ptx.sreg.clock"),
    },
    Builtin {
        name: "clock64",
        overloads: &[o("l", &[])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.read.ptx.sreg.clock64"),
    },
    Builtin {
        name: "__popc",
        overloads: &[o("i", &["u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctpop.i32"),
    },
    Builtin {
        name: "__popcll",
        overloads: &[o("i", &["y"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctpop.i64"),
    },
    Builtin {
        name: "__clz",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctlz.i32"),
    },
    Builtin {
        name: "__clzll",
        overloads: &[o("i", &["l"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.ctlz.i64"),
    },
    Builtin {
        name: "__brev",
        overloads: &[o("u", &["u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.bitreverse.i32"),
    },
    Builtin {
        name: "__brevll",
        overloads: &[o("y", &["y"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.bitreverse.i64"),
    },
    Builtin {
        name: "__ffs",
        overloads: &[o("i", &["i"])],
        trailing_default: None,
        lowering: Lowering::FindFirstSet,
    },
    Builtin {
        name: "__ffsll",
        overloads: &[o("i", &["l"])],
        trailing_default: None,
        lowering: Lowering::FindFirstSet,
    },
    Builtin {
        name: "__mul24",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul24.i"),
    },
    Builtin {
        name: "__umul24",
        overloads: &[o("u", &["u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mul24.ui"),
    },
    Builtin {
        name: "__mulhi",
        overloads: &[o("i", &["i", "i"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mulhi.i"),
    },
    Builtin {
        name: "__umulhi",
        overloads: &[o("u", &["u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.mulhi.ui"),
    },
    Builtin {
        name: "__byte_perm",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.prmt"),
    },
    Builtin {
        name: "__sad",
        overloads: &[o("u", &["i", "i", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.sad.i"),
    },
    Builtin {
        name: "__usad",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::Intrinsic("llvm.nvvm.sad.ui"),
    },
    Builtin {
        name: "__funnelshift_l",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::FunnelShift("llvm.fshl.i32"),
    },
    Builtin {
        name: "__funnelshift_r",
        overloads: &[o("u", &["u", "u", "u"])],
        trailing_default: None,
        lowering: Lowering::FunnelShift("llvm.fshr.i32"),
    },
];

/// `atomicAdd` on floats is a floating-point add (`atomicrmw fadd`): its overloads.
pub const ATOMIC_FADD: &[Overload] = &[o("f", &["*f", "f"]), o("d", &["*d", "d"])];

pub fn find(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// The C type a spelling letter stands for.
pub fn ctype(spelling: &str) -> CType {
    if let Some(rest) = spelling.strip_prefix('*') {
        return CType::ptr_to(ctype(rest));
    }
    match spelling {
        "c" => CType::Int(IntKind::Char),
        "i" => CType::INT,
        "u" => CType::UINT,
        "l" => CType::Int(IntKind::LongLong),
        "y" => CType::Int(IntKind::ULongLong),
        "f" => CType::Float,
        "d" => CType::Double,
        "b" => CType::Bool,
        _ => CType::Void,
    }
}

/// The overloads of a built-in, including the float forms of atomicAdd.
pub fn overloads(b: &Builtin) -> Vec<Overload> {
    let mut v = b.overloads.to_vec();
    if b.name.starts_with("atomicAdd") {
        v.extend_from_slice(ATOMIC_FADD);
    }
    v
}

/// Whether an overload is the float form of an atomic add.
pub fn is_float_atomic_add(b: &Builtin, ov: &Overload) -> bool {
    b.name.starts_with("atomicAdd") && matches!(ov.ret, "f" | "d")
}
