//! Instructions: `InstKind` with its operand walks, the intrinsics' purity,
//! and `Inst` (a name, a type, a kind and a source position).

use super::*;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InstKind {
    Alloca {
        ty: Type,
        align: u64,
    },
    Load {
        ptr: Value,
        align: u64,
        volatile: bool,
    },
    Store {
        val: Value,
        ptr: Value,
        align: u64,
        volatile: bool,
    },
    /// `getelementptr inbounds elem_ty, base, indices…`
    Gep {
        elem_ty: Type,
        base: Value,
        indices: Vec<Value>,
    },
    Bin {
        op: BinOp,
        lhs: Value,
        rhs: Value,
        flags: Flags,
    },
    FNeg(Value),
    ICmp {
        pred: ICmp,
        lhs: Value,
        rhs: Value,
    },
    FCmp {
        pred: FCmp,
        lhs: Value,
        rhs: Value,
    },
    Select {
        cond: Value,
        t: Value,
        f: Value,
    },
    Cast {
        op: CastOp,
        val: Value,
    },
    Call {
        callee: String,
        args: Vec<Value>,
    },
    /// `call float %fp(float %x)`: a call through a function's address (a
    /// generic `ptr`: `@f` names a function's address as it names a
    /// variable's); its signature is the instruction's type and the
    /// arguments' types. Always a call with side effects (the callee is
    /// unknown); instcombine makes it a `Call` once `callee` is `@f`.
    CallIndirect {
        callee: Value,
        args: Vec<Value>,
    },
    /// `extractelement <4 x float> %v, i32 K`: lane K of a vector (K a
    /// constant lane number: the verifier's rule, as PTX names lanes by
    /// register).
    ExtractElement {
        vec: Value,
        idx: Value,
    },
    /// `insertelement <4 x float> %v, float %x, i32 K`: the vector with
    /// lane K replaced by `elt` (K a constant lane number).
    InsertElement {
        vec: Value,
        elt: Value,
        idx: Value,
    },
    Phi {
        incoming: Vec<(Value, BlockId)>,
    },
    /// `atomicrmw op ptr, val`: the old value (CUDA's atomics are relaxed: `monotonic`).
    AtomicRmw {
        op: AtomicOp,
        ptr: Value,
        val: Value,
        scope: SyncScope,
    },
    /// `cmpxchg ptr, cmp, new`: the old value (LLVM's pair with a success flag
    /// is not needed: CUDA's atomicCAS returns the old value only).
    CmpXchg {
        ptr: Value,
        cmp: Value,
        new: Value,
        scope: SyncScope,
    },
    /// `fence`: orders memory accesses at a scope (`__threadfence*`).
    Fence {
        scope: SyncScope,
    },
    Br {
        dest: BlockId,
    },
    CondBr {
        cond: Value,
        t: BlockId,
        f: BlockId,
    },
    /// `switch i32 %x, label %default [ i32 0, label %a  i32 1, label %b ]`:
    /// jumps to the block of the case equal to `val` (values distinct,
    /// sign-extended to 64 bits as in `Value::Int`), else to `default`.
    Switch {
        val: Value,
        default: BlockId,
        cases: Vec<(i64, BlockId)>,
    },
    Ret {
        val: Option<Value>,
    },
    Unreachable,
    /// `call i32 asm sideeffect "…", "=r,r"(i32 %x)`: inline PTX (see
    /// [`InlineAsm`]).
    Asm(Box<InlineAsm>),
    /// `extractvalue { i32, i32 } %asm, 1`: output `index` of an asm with
    /// several (its result is a literal struct of them).
    ExtractValue {
        agg: Value,
        index: u32,
    },
}

/// The body of `InstKind::for_each_operand(_mut)`: the same walk over shared
/// or mutable references (`iter` or `iter_mut` for the lists).
macro_rules! visit_operands {
    ($kind:expr, $f:ident, $iter:ident) => {
        match $kind {
            InstKind::Alloca { .. }
            | InstKind::Br { .. }
            | InstKind::Unreachable
            | InstKind::Fence { .. } => {}
            InstKind::Load { ptr: a, .. }
            | InstKind::ExtractValue { agg: a, .. }
            | InstKind::FNeg(a)
            | InstKind::Cast { val: a, .. }
            | InstKind::CondBr { cond: a, .. }
            | InstKind::Switch { val: a, .. } => $f(a),
            InstKind::AtomicRmw { ptr: a, val: b, .. }
            | InstKind::Store { val: a, ptr: b, .. }
            | InstKind::Bin { lhs: a, rhs: b, .. }
            | InstKind::ICmp { lhs: a, rhs: b, .. }
            | InstKind::FCmp { lhs: a, rhs: b, .. }
            | InstKind::ExtractElement { vec: a, idx: b } => {
                $f(a);
                $f(b);
            }
            InstKind::CmpXchg {
                ptr: a,
                cmp: b,
                new: c,
                ..
            }
            | InstKind::Select {
                cond: a,
                t: b,
                f: c,
            }
            | InstKind::InsertElement {
                vec: a,
                elt: b,
                idx: c,
            } => {
                $f(a);
                $f(b);
                $f(c);
            }
            InstKind::Gep { base, indices, .. } => {
                $f(base);
                indices.$iter().for_each($f);
            }
            InstKind::Call { args, .. } => args.$iter().for_each($f),
            InstKind::Asm(a) => a.args.$iter().for_each($f),
            InstKind::CallIndirect { callee, args } => {
                $f(callee);
                args.$iter().for_each($f);
            }
            InstKind::Phi { incoming } => incoming.$iter().for_each(|(v, _)| $f(v)),
            InstKind::Ret { val } => val.$iter().for_each($f),
        }
    };
}

impl InstKind {
    pub fn is_terminator(&self) -> bool {
        matches!(
            self,
            InstKind::Br { .. }
                | InstKind::CondBr { .. }
                | InstKind::Switch { .. }
                | InstKind::Ret { .. }
                | InstKind::Unreachable
        )
    }

    /// Successor blocks of a terminator, one per edge (a block reached by
    /// several edges is listed as often: its phis have an entry per edge).
    pub fn successors(&self) -> Vec<BlockId> {
        (0..).map_while(|i| self.successor(i)).collect()
    }

    /// The `i`-th of `successors`, without a vector.
    pub fn successor(&self, i: usize) -> Option<BlockId> {
        match self {
            InstKind::Br { dest } => (i == 0).then_some(*dest),
            InstKind::CondBr { t, f, .. } => [*t, *f].get(i).copied(),
            InstKind::Switch { default, cases, .. } => match i {
                0 => Some(*default),
                _ => cases.get(i - 1).map(|(_, b)| *b),
            },
            _ => None,
        }
    }

    /// The successor slots of a terminator, to retarget edges.
    pub fn successors_mut(&mut self) -> Vec<&mut BlockId> {
        match self {
            InstKind::Br { dest } => vec![dest],
            InstKind::CondBr { t, f, .. } => vec![t, f],
            InstKind::Switch { default, cases, .. } => std::iter::once(default)
                .chain(cases.iter_mut().map(|(_, b)| b))
                .collect(),
            _ => vec![],
        }
    }

    /// Whether removing the instruction (when its result is unused) would
    /// change the program.
    pub fn has_side_effects(&self) -> bool {
        match self {
            InstKind::AtomicRmw { .. } | InstKind::CmpXchg { .. } | InstKind::Fence { .. } => true,
            InstKind::Store { .. } | InstKind::Call { .. } | InstKind::CallIndirect { .. } => {
                !matches!(self, InstKind::Call { callee, .. } if is_pure_intrinsic(callee))
            }
            InstKind::Load { volatile, .. } => *volatile,
            InstKind::Asm(a) => a.touches_memory(),
            k => k.is_terminator(),
        }
    }

    pub fn operands(&self) -> Vec<&Value> {
        match self {
            InstKind::Alloca { .. }
            | InstKind::Br { .. }
            | InstKind::Unreachable
            | InstKind::Fence { .. } => vec![],
            InstKind::AtomicRmw { ptr, val, .. } => vec![ptr, val],
            InstKind::CmpXchg { ptr, cmp, new, .. } => vec![ptr, cmp, new],
            InstKind::Load { ptr, .. } => vec![ptr],
            InstKind::ExtractValue { agg, .. } => vec![agg],
            InstKind::Store { val, ptr, .. } => vec![val, ptr],
            InstKind::Gep { base, indices, .. } => {
                std::iter::once(base).chain(indices.iter()).collect()
            }
            InstKind::Bin { lhs, rhs, .. }
            | InstKind::ICmp { lhs, rhs, .. }
            | InstKind::FCmp { lhs, rhs, .. } => vec![lhs, rhs],
            InstKind::FNeg(v) | InstKind::Cast { val: v, .. } => vec![v],
            InstKind::Select { cond, t, f } => vec![cond, t, f],
            InstKind::ExtractElement { vec, idx } => vec![vec, idx],
            InstKind::InsertElement { vec, elt, idx } => vec![vec, elt, idx],
            InstKind::Call { args, .. } => args.iter().collect(),
            InstKind::Asm(a) => a.args.iter().collect(),
            InstKind::CallIndirect { callee, args } => {
                std::iter::once(callee).chain(args.iter()).collect()
            }
            InstKind::Phi { incoming } => incoming.iter().map(|(v, _)| v).collect(),
            InstKind::CondBr { cond, .. } | InstKind::Switch { val: cond, .. } => vec![cond],
            InstKind::Ret { val } => val.iter().collect(),
        }
    }

    /// Calls `f` on each operand, in `operands`' order, without a vector.
    pub fn for_each_operand(&self, mut f: impl FnMut(&Value)) {
        visit_operands!(self, f, iter)
    }

    /// Calls `f` on each operand, mutably, in `operands`' order.
    pub fn for_each_operand_mut(&mut self, mut f: impl FnMut(&mut Value)) {
        visit_operands!(self, f, iter_mut)
    }

    pub fn operands_mut(&mut self) -> Vec<&mut Value> {
        match self {
            InstKind::Alloca { .. }
            | InstKind::Br { .. }
            | InstKind::Unreachable
            | InstKind::Fence { .. } => vec![],
            InstKind::AtomicRmw { ptr, val, .. } => vec![ptr, val],
            InstKind::CmpXchg { ptr, cmp, new, .. } => vec![ptr, cmp, new],
            InstKind::Load { ptr, .. } => vec![ptr],
            InstKind::ExtractValue { agg, .. } => vec![agg],
            InstKind::Store { val, ptr, .. } => vec![val, ptr],
            InstKind::Gep { base, indices, .. } => {
                std::iter::once(base).chain(indices.iter_mut()).collect()
            }
            InstKind::Bin { lhs, rhs, .. }
            | InstKind::ICmp { lhs, rhs, .. }
            | InstKind::FCmp { lhs, rhs, .. } => vec![lhs, rhs],
            InstKind::FNeg(v) | InstKind::Cast { val: v, .. } => vec![v],
            InstKind::Select { cond, t, f } => vec![cond, t, f],
            InstKind::ExtractElement { vec, idx } => vec![vec, idx],
            InstKind::InsertElement { vec, elt, idx } => vec![vec, elt, idx],
            InstKind::Call { args, .. } => args.iter_mut().collect(),
            InstKind::Asm(a) => a.args.iter_mut().collect(),
            InstKind::CallIndirect { callee, args } => {
                std::iter::once(callee).chain(args.iter_mut()).collect()
            }
            InstKind::Phi { incoming } => incoming.iter_mut().map(|(v, _)| v).collect(),
            InstKind::CondBr { cond, .. } | InstKind::Switch { val: cond, .. } => vec![cond],
            InstKind::Ret { val } => val.iter_mut().collect(),
        }
    }
}

/// Where a switch on the constant `c` (sign-extended, as case values are) goes.
pub fn switch_target(default: BlockId, cases: &[(i64, BlockId)], c: i64) -> BlockId {
    cases
        .iter()
        .find(|(v, _)| *v == c)
        .map_or(default, |(_, b)| *b)
}

/// Texture fetches and surface accesses (`llvm.nvvm.tex.unified.*`,
/// `llvm.nvvm.tld4.unified.*`, `llvm.nvvm.suld.*`, `llvm.nvvm.sust.b.*`): the
/// calls whose result may be a vector of texels.
pub fn is_texture_intrinsic(name: &str) -> bool {
    [
        "llvm.nvvm.tex.",
        "llvm.nvvm.tld4.",
        "llvm.nvvm.suld.",
        "llvm.nvvm.sust.",
    ]
    .iter()
    .any(|p| name.starts_with(p))
}

/// Loads and stores with a cache operator (`llvm.nvvm.ld.global.cs.v4.s32`,
/// `llvm.nvvm.st.global.wt.f64`): the name after `llvm.nvvm.` is the PTX
/// instruction; not pure, whatever the operator.
pub fn is_cache_op_intrinsic(name: &str) -> bool {
    name.starts_with("llvm.nvvm.ld.global.") || name.starts_with("llvm.nvvm.st.global.")
}

/// Intrinsics with no side effects: reads of special registers, math,
/// texture fetches.
pub fn is_pure_intrinsic(name: &str) -> bool {
    // The clock is a special register that changes as it is read.
    (name.starts_with("llvm.nvvm.read.ptx.sreg.") && !name.contains("clock"))
        || matches!(
            name,
            "llvm.ctpop.i32"
                | "llvm.ctpop.i64"
                | "llvm.ctlz.i32"
                | "llvm.ctlz.i64"
                | "llvm.cttz.i32"
                | "llvm.cttz.i64"
                | "llvm.bitreverse.i32"
                | "llvm.bitreverse.i64"
                | "llvm.fshl.i32"
                | "llvm.fshr.i32"
        )
        || name.starts_with("llvm.nvvm.mul")
        || name.starts_with("llvm.nvvm.prmt")
        || name.starts_with("llvm.nvvm.sad")
        // The 16-bit float instructions (`llvm.nvvm.ptx.add.f16x2`).
        || name.starts_with("llvm.nvvm.ptx.")
        // Texture fetches read memory no kernel writes (surface accesses
        // are not pure: a read may see a write).
        || name.starts_with("llvm.nvvm.tex.")
        || name.starts_with("llvm.nvvm.tld4.")
        || is_math_intrinsic(name)
}

/// The floating-point math intrinsics (`llvm.sqrt.f32`, `llvm.nvvm.sin.approx.f`,
/// `llvm.nvvm.f2i.rn`, …): pure functions of their arguments.
fn is_math_intrinsic(name: &str) -> bool {
    if let Some(rest) = name.strip_prefix("llvm.nvvm.") {
        return [
            "add.",
            "fma.",
            "div.approx",
            "rcp.",
            "sqrt.",
            "rsqrt.",
            "sin.approx",
            "cos.approx",
            "ex2.approx",
            "lg2.approx",
            "saturate",
            "f2i.",
            "f2ui.",
            "f2ll.",
            "f2ull.",
            "d2i.",
            "d2ui.",
            "d2ll.",
            "d2ull.",
            "d2f.",
            "i2f.",
            "ui2f.",
            "ll2f.",
            "ull2f.",
            "i2d.",
            "ui2d.",
            "ll2d.",
            "ull2d.",
            "bitcast.",
        ]
        .iter()
        .any(|p| rest.starts_with(p));
    }
    let Some((base, ty)) = name.strip_prefix("llvm.").and_then(|r| r.rsplit_once('.')) else {
        return false;
    };
    matches!(ty, "f16" | "f32" | "f64")
        && matches!(
            base,
            "sqrt"
                | "fabs"
                | "minnum"
                | "maxnum"
                | "floor"
                | "ceil"
                | "trunc"
                | "rint"
                | "fma"
                | "copysign"
        )
}

/// A source position carried from the frontend to PTX `.loc` lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DebugLoc {
    pub line: u32,
    pub column: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    /// The SSA name (without `%`); empty for instructions with no result.
    pub name: String,
    /// The result type (`Void` for none).
    pub ty: Type,
    pub kind: InstKind,
    pub loc: Option<DebugLoc>,
}
