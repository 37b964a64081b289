//! The operators an instruction carries: binary operators, integer and float
//! comparisons, casts, atomic operations, sync scopes and arithmetic flags.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    SDiv,
    UDiv,
    SRem,
    URem,
    Shl,
    LShr,
    AShr,
    And,
    Or,
    Xor,
    FAdd,
    FSub,
    FMul,
    FDiv,
    FRem,
}

impl BinOp {
    pub const ALL: &'static [BinOp] = &[
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::SDiv,
        BinOp::UDiv,
        BinOp::SRem,
        BinOp::URem,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
        BinOp::FAdd,
        BinOp::FSub,
        BinOp::FMul,
        BinOp::FDiv,
        BinOp::FRem,
    ];

    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "add",
            BinOp::Sub => "sub",
            BinOp::Mul => "mul",
            BinOp::SDiv => "sdiv",
            BinOp::UDiv => "udiv",
            BinOp::SRem => "srem",
            BinOp::URem => "urem",
            BinOp::Shl => "shl",
            BinOp::LShr => "lshr",
            BinOp::AShr => "ashr",
            BinOp::And => "and",
            BinOp::Or => "or",
            BinOp::Xor => "xor",
            BinOp::FAdd => "fadd",
            BinOp::FSub => "fsub",
            BinOp::FMul => "fmul",
            BinOp::FDiv => "fdiv",
            BinOp::FRem => "frem",
        }
    }

    pub fn is_float(self) -> bool {
        matches!(
            self,
            BinOp::FAdd | BinOp::FSub | BinOp::FMul | BinOp::FDiv | BinOp::FRem
        )
    }

    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinOp::Add
                | BinOp::Mul
                | BinOp::And
                | BinOp::Or
                | BinOp::Xor
                | BinOp::FAdd
                | BinOp::FMul
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ICmp {
    Eq,
    Ne,
    Slt,
    Sle,
    Sgt,
    Sge,
    Ult,
    Ule,
    Ugt,
    Uge,
}

impl ICmp {
    pub const ALL: &'static [ICmp] = &[
        ICmp::Eq,
        ICmp::Ne,
        ICmp::Slt,
        ICmp::Sle,
        ICmp::Sgt,
        ICmp::Sge,
        ICmp::Ult,
        ICmp::Ule,
        ICmp::Ugt,
        ICmp::Uge,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ICmp::Eq => "eq",
            ICmp::Ne => "ne",
            ICmp::Slt => "slt",
            ICmp::Sle => "sle",
            ICmp::Sgt => "sgt",
            ICmp::Sge => "sge",
            ICmp::Ult => "ult",
            ICmp::Ule => "ule",
            ICmp::Ugt => "ugt",
            ICmp::Uge => "uge",
        }
    }

    /// The predicate with its operands exchanged: `a < b` is `b > a`.
    pub fn swapped(self) -> ICmp {
        match self {
            ICmp::Eq | ICmp::Ne => self,
            ICmp::Slt => ICmp::Sgt,
            ICmp::Sle => ICmp::Sge,
            ICmp::Sgt => ICmp::Slt,
            ICmp::Sge => ICmp::Sle,
            ICmp::Ult => ICmp::Ugt,
            ICmp::Ule => ICmp::Uge,
            ICmp::Ugt => ICmp::Ult,
            ICmp::Uge => ICmp::Ule,
        }
    }

    /// The signed form of an unsigned predicate (`ult` is `slt`); others
    /// are themselves.
    pub fn to_signed(self) -> ICmp {
        match self {
            ICmp::Ult => ICmp::Slt,
            ICmp::Ule => ICmp::Sle,
            ICmp::Ugt => ICmp::Sgt,
            ICmp::Uge => ICmp::Sge,
            p => p,
        }
    }

    /// The unsigned form of a signed predicate (`slt` is `ult`); others
    /// are themselves.
    pub fn to_unsigned(self) -> ICmp {
        match self {
            ICmp::Slt => ICmp::Ult,
            ICmp::Sle => ICmp::Ule,
            ICmp::Sgt => ICmp::Ugt,
            ICmp::Sge => ICmp::Uge,
            p => p,
        }
    }

    /// The predicate that holds exactly when this one does not.
    pub fn inverse(self) -> ICmp {
        match self {
            ICmp::Eq => ICmp::Ne,
            ICmp::Ne => ICmp::Eq,
            ICmp::Slt => ICmp::Sge,
            ICmp::Sle => ICmp::Sgt,
            ICmp::Sgt => ICmp::Sle,
            ICmp::Sge => ICmp::Slt,
            ICmp::Ult => ICmp::Uge,
            ICmp::Ule => ICmp::Ugt,
            ICmp::Ugt => ICmp::Ule,
            ICmp::Uge => ICmp::Ult,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FCmp {
    Oeq,
    One,
    Olt,
    Ole,
    Ogt,
    Oge,
    Ord,
    Ueq,
    Une,
    Ult,
    Ule,
    Ugt,
    Uge,
    Uno,
}

impl FCmp {
    pub const ALL: &'static [FCmp] = &[
        FCmp::Oeq,
        FCmp::One,
        FCmp::Olt,
        FCmp::Ole,
        FCmp::Ogt,
        FCmp::Oge,
        FCmp::Ord,
        FCmp::Ueq,
        FCmp::Une,
        FCmp::Ult,
        FCmp::Ule,
        FCmp::Ugt,
        FCmp::Uge,
        FCmp::Uno,
    ];

    /// The compare true exactly when this one is false (NaN operands included).
    pub fn inverse(self) -> FCmp {
        match self {
            FCmp::Oeq => FCmp::Une,
            FCmp::One => FCmp::Ueq,
            FCmp::Olt => FCmp::Uge,
            FCmp::Ole => FCmp::Ugt,
            FCmp::Ogt => FCmp::Ule,
            FCmp::Oge => FCmp::Ult,
            FCmp::Ord => FCmp::Uno,
            FCmp::Ueq => FCmp::One,
            FCmp::Une => FCmp::Oeq,
            FCmp::Ult => FCmp::Oge,
            FCmp::Ule => FCmp::Ogt,
            FCmp::Ugt => FCmp::Ole,
            FCmp::Uge => FCmp::Olt,
            FCmp::Uno => FCmp::Ord,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            FCmp::Oeq => "oeq",
            FCmp::One => "one",
            FCmp::Olt => "olt",
            FCmp::Ole => "ole",
            FCmp::Ogt => "ogt",
            FCmp::Oge => "oge",
            FCmp::Ord => "ord",
            FCmp::Ueq => "ueq",
            FCmp::Une => "une",
            FCmp::Ult => "ult",
            FCmp::Ule => "ule",
            FCmp::Ugt => "ugt",
            FCmp::Uge => "uge",
            FCmp::Uno => "uno",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastOp {
    Trunc,
    ZExt,
    SExt,
    FPTrunc,
    FPExt,
    FPToUI,
    FPToSI,
    UIToFP,
    SIToFP,
    PtrToInt,
    IntToPtr,
    BitCast,
    AddrSpaceCast,
}

impl CastOp {
    pub const ALL: &'static [CastOp] = &[
        CastOp::Trunc,
        CastOp::ZExt,
        CastOp::SExt,
        CastOp::FPTrunc,
        CastOp::FPExt,
        CastOp::FPToUI,
        CastOp::FPToSI,
        CastOp::UIToFP,
        CastOp::SIToFP,
        CastOp::PtrToInt,
        CastOp::IntToPtr,
        CastOp::BitCast,
        CastOp::AddrSpaceCast,
    ];

    pub fn name(self) -> &'static str {
        match self {
            CastOp::Trunc => "trunc",
            CastOp::ZExt => "zext",
            CastOp::SExt => "sext",
            CastOp::FPTrunc => "fptrunc",
            CastOp::FPExt => "fpext",
            CastOp::FPToUI => "fptoui",
            CastOp::FPToSI => "fptosi",
            CastOp::UIToFP => "uitofp",
            CastOp::SIToFP => "sitofp",
            CastOp::PtrToInt => "ptrtoint",
            CastOp::IntToPtr => "inttoptr",
            CastOp::BitCast => "bitcast",
            CastOp::AddrSpaceCast => "addrspacecast",
        }
    }
}

/// The operation of an `atomicrmw`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    Xchg,
    Add,
    Sub,
    And,
    Or,
    Xor,
    Max,
    Min,
    UMax,
    UMin,
    FAdd,
    /// `atomicInc`: `old >= val ? 0 : old + 1`.
    UIncWrap,
    /// `atomicDec`: `(old == 0 || old > val) ? val : old - 1`.
    UDecWrap,
}

impl AtomicOp {
    pub const ALL: &'static [AtomicOp] = &[
        AtomicOp::Xchg,
        AtomicOp::Add,
        AtomicOp::Sub,
        AtomicOp::And,
        AtomicOp::Or,
        AtomicOp::Xor,
        AtomicOp::Max,
        AtomicOp::Min,
        AtomicOp::UMax,
        AtomicOp::UMin,
        AtomicOp::FAdd,
        AtomicOp::UIncWrap,
        AtomicOp::UDecWrap,
    ];

    pub fn name(self) -> &'static str {
        match self {
            AtomicOp::Xchg => "xchg",
            AtomicOp::Add => "add",
            AtomicOp::Sub => "sub",
            AtomicOp::And => "and",
            AtomicOp::Or => "or",
            AtomicOp::Xor => "xor",
            AtomicOp::Max => "max",
            AtomicOp::Min => "min",
            AtomicOp::UMax => "umax",
            AtomicOp::UMin => "umin",
            AtomicOp::FAdd => "fadd",
            AtomicOp::UIncWrap => "uinc_wrap",
            AtomicOp::UDecWrap => "udec_wrap",
        }
    }
}

/// The set of threads an atomic or fence is coherent with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SyncScope {
    /// The thread block (`_block` atomics, `__threadfence_block`): PTX `.cta`.
    Block,
    /// The GPU (the default): PTX `.gpu`.
    Device,
    /// The whole system, host included (`_system`): PTX `.sys`.
    System,
}

impl SyncScope {
    pub const ALL: &'static [SyncScope] = &[SyncScope::Block, SyncScope::Device, SyncScope::System];

    /// The LLVM `syncscope("…")` name.
    pub fn name(self) -> &'static str {
        match self {
            SyncScope::Block => "block",
            SyncScope::Device => "device",
            SyncScope::System => "system",
        }
    }
}

/// Flags on integer arithmetic (`nsw`, `nuw`, `exact`) and float arithmetic
/// (`contract`: may be fused into an FMA).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    pub nsw: bool,
    pub nuw: bool,
    pub exact: bool,
    pub contract: bool,
}
