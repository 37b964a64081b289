//! The IR: LLVM-like SSA in functions of basic blocks.
//!
//! Instructions live in a per-function arena (`InstId`), blocks in another
//! (`BlockId`); `Function::layout` gives the block order. Every value-producing
//! instruction has a name that passes keep, so printed snapshots diff cleanly.
//!
//! Architecture Invariant: printing is deterministic (same IR, same bytes).

pub mod fold;
mod parse;
mod print;
pub mod verify;

pub use parse::{parse_function, parse_module, parse_signature, ParseError};
pub use print::inst_text;
pub use print::{function_text, location_text, module_text, print_function, print_module};

use crate::collections::HashSet;
use std::fmt;

/// Address spaces, numbered as cicc/NVPTX number them.
pub mod addrspace {
    pub const GENERIC: u32 = 0;
    pub const GLOBAL: u32 = 1;
    pub const SHARED: u32 = 3;
    pub const CONST: u32 = 4;
    pub const LOCAL: u32 = 5;
    pub const PARAM: u32 = 101;
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    I1,
    I8,
    I16,
    I32,
    I64,
    Half,
    F32,
    F64,
    Ptr(u32),
    Array(u64, Box<Type>),
    /// `{ i32, float }`, or a named one, `%struct.P`, whose body the module
    /// defines (`%struct.P = type { … }`).
    Struct(Box<StructType>),
    /// `<4 x float>`: a small vector of scalars (see [`Type::vector_ok`]),
    /// LLVM's layout (size N·size(T), aligned to its size as NVPTX's data
    /// layout says for v2/v4). Only the load-store-vectorizer makes them:
    /// a vector is loaded or stored whole and read or built lane by lane
    /// (`extractelement`, `insertelement`).
    Vector(u32, Box<Type>),
}

/// A struct type: its fields, laid out as LLVM's NVPTX data layout does (each
/// field at its alignment, the size rounded up to the largest one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructType {
    /// `struct.P` for `%struct.P`; `None` for a literal `{ … }`.
    pub name: Option<String>,
    pub fields: Vec<Type>,
}

impl StructType {
    /// The byte offset of each field, and the struct's size.
    pub fn layout(&self) -> (Vec<u64>, u64) {
        let mut offsets = Vec::with_capacity(self.fields.len());
        let mut off = 0u64;
        for t in &self.fields {
            off = off.next_multiple_of(t.align());
            offsets.push(off);
            off = off.saturating_add(t.size());
        }
        (offsets, off.next_multiple_of(self.align()))
    }

    pub fn align(&self) -> u64 {
        self.fields.iter().map(Type::align).max().unwrap_or(1)
    }

    /// The body as LLVM writes it: `{ i32, float }`, `{}`.
    pub fn body_text(&self) -> String {
        if self.fields.is_empty() {
            return "{}".into();
        }
        let fields: Vec<String> = self.fields.iter().map(Type::to_string).collect();
        format!("{{ {} }}", fields.join(", "))
    }
}

impl Type {
    pub fn is_int(&self) -> bool {
        matches!(
            self,
            Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64
        )
    }

    pub fn is_float(&self) -> bool {
        matches!(self, Type::Half | Type::F32 | Type::F64)
    }

    pub fn is_ptr(&self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    pub fn is_vector(&self) -> bool {
        matches!(self, Type::Vector(..))
    }

    /// A vector's lane count and element type.
    pub fn as_vector(&self) -> Option<(u32, &Type)> {
        match self {
            Type::Vector(n, e) => Some((*n, e)),
            _ => None,
        }
    }

    /// Whether a vector type is one our IR has: 2 or 4 lanes of an integer
    /// (not i1), half or float type, 128 bits at most (what one PTX
    /// `ld.v2`/`ld.v4` moves).
    pub fn vector_ok(&self) -> bool {
        match self {
            Type::Vector(n, e) => {
                matches!(n, 2 | 4)
                    && matches!(
                        **e,
                        Type::I8
                            | Type::I16
                            | Type::I32
                            | Type::I64
                            | Type::Half
                            | Type::F32
                            | Type::F64
                    )
                    && self.size() <= 16
            }
            _ => false,
        }
    }

    /// Width in bits of a scalar type (pointers are 64-bit).
    pub fn bits(&self) -> u32 {
        match self {
            Type::I1 => 1,
            Type::I8 => 8,
            Type::I16 | Type::Half => 16,
            Type::I32 | Type::F32 => 32,
            Type::I64 | Type::F64 | Type::Ptr(_) => 64,
            Type::Void | Type::Array(..) | Type::Struct(_) | Type::Vector(..) => 0,
        }
    }

    pub fn is_aggregate(&self) -> bool {
        matches!(self, Type::Array(..) | Type::Struct(_))
    }

    /// Adds to `seen` every named struct type inside this one not there yet,
    /// a struct after the structs of its fields (the order definitions print).
    pub fn named_structs<'a>(&'a self, seen: &mut Vec<&'a StructType>) {
        match self {
            Type::Array(_, e) => e.named_structs(seen),
            Type::Struct(s) => {
                for t in &s.fields {
                    t.named_structs(seen);
                }
                if s.name.is_some() && !seen.iter().any(|x| x.name == s.name) {
                    seen.push(s);
                }
            }
            _ => {}
        }
    }

    /// Allocation size in bytes.
    pub fn size(&self) -> u64 {
        match self {
            Type::Void => 0,
            Type::I1 | Type::I8 => 1,
            Type::Array(n, e) => n * e.size(),
            Type::Struct(s) => s.layout().1,
            Type::Vector(n, e) => u64::from(*n) * e.size(),
            t => u64::from(t.bits() / 8),
        }
    }

    pub fn align(&self) -> u64 {
        match self {
            Type::Array(_, e) => e.align(),
            Type::Struct(s) => s.align(),
            // LLVM's natural vector alignment: the size, rounded up to a power of two.
            Type::Vector(..) => self.size().max(1).next_power_of_two(),
            t => t.size().max(1),
        }
    }
}

/// What one index of `getelementptr elem_ty, p, i0, i1, …` adds to the address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepStep {
    /// The index times this many bytes: the first index (whole `elem_ty`s)
    /// and an index into an array (its elements).
    Scale(i64),
    /// A struct field (the index is a constant): the field's byte offset.
    Field(i64),
}

/// The one place that knows how a gep's indices address bytes, for every
/// source element type: per index a [`GepStep`], and the type the last
/// index selects. `None` when an index goes into a scalar, or a struct index
/// is not a constant field number.
pub fn gep_steps(elem_ty: &Type, indices: &[Value]) -> Option<(Vec<GepStep>, Type)> {
    let mut ty = elem_ty;
    let mut steps = Vec::with_capacity(indices.len());
    for (k, idx) in indices.iter().enumerate() {
        if k == 0 {
            steps.push(GepStep::Scale(i64::try_from(ty.size()).ok()?));
            continue;
        }
        match ty {
            Type::Array(_, e) => {
                ty = e;
                steps.push(GepStep::Scale(i64::try_from(ty.size()).ok()?));
            }
            Type::Struct(s) => {
                let i = usize::try_from(idx.as_int()?).ok()?;
                ty = s.fields.get(i)?;
                let off = s.layout().0[i];
                steps.push(GepStep::Field(i64::try_from(off).ok()?));
            }
            _ => return None,
        }
    }
    Some((steps, ty.clone()))
}

/// Where lane `k` of a vector value comes from, following insertelement
/// chains back (the one place that reads them: instcombine, isel).
#[derive(Clone, Debug, PartialEq)]
pub enum Lane {
    /// The scalar an insertelement put there (`undef` for a lane of an
    /// `undef` vector no insertelement set).
    Scalar(Value),
    /// Lane `k` of this vector, which is no insertelement (a load).
    Of(Value),
}

/// [`Lane`] `k` of `vec`, a vector value of `f`.
pub fn vector_lane(f: &Function, vec: &Value, k: u32) -> Lane {
    let mut v = vec;
    // A chain is at most every instruction long (in unreachable code it may be a cycle).
    for _ in 0..=f.insts.len() {
        match v {
            Value::Inst(i) => match &f.inst(*i).kind {
                InstKind::InsertElement { vec, elt, idx } => {
                    if idx.as_int() == Some(i64::from(k)) {
                        return Lane::Scalar(elt.clone());
                    }
                    v = vec;
                }
                _ => break,
            },
            Value::Undef(Type::Vector(_, e)) => return Lane::Scalar(Value::Undef((**e).clone())),
            _ => break,
        }
    }
    Lane::Of(v.clone())
}

/// The byte offset of a gep whose indices are all constants.
pub fn gep_const_offset(elem_ty: &Type, indices: &[Value]) -> Option<i64> {
    let (steps, _) = gep_steps(elem_ty, indices)?;
    let mut off = 0i64;
    for (step, idx) in steps.iter().zip(indices) {
        let d = match *step {
            GepStep::Scale(s) => idx.as_int()?.checked_mul(s)?,
            GepStep::Field(o) => o,
        };
        off = off.checked_add(d)?;
    }
    Some(off)
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Void => f.write_str("void"),
            Type::I1 => f.write_str("i1"),
            Type::I8 => f.write_str("i8"),
            Type::I16 => f.write_str("i16"),
            Type::I32 => f.write_str("i32"),
            Type::I64 => f.write_str("i64"),
            Type::Half => f.write_str("half"),
            Type::F32 => f.write_str("float"),
            Type::F64 => f.write_str("double"),
            Type::Ptr(0) => f.write_str("ptr"),
            Type::Ptr(n) => write!(f, "ptr addrspace({n})"),
            Type::Array(n, e) => write!(f, "[{n} x {e}]"),
            Type::Vector(n, e) => write!(f, "<{n} x {e}>"),
            Type::Struct(s) => match &s.name {
                Some(n) => write!(f, "%{n}"),
                None => f.write_str(&s.body_text()),
            },
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// An operand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Inst(InstId),
    Arg(u32),
    /// An integer constant; `bits` holds the value sign-extended to 64 bits.
    Int(Type, i64),
    /// A float constant as the bits of an f64 (for every float type).
    Float(Type, u64),
    Undef(Type),
    /// The null pointer of an address space.
    Null(u32),
    /// The address of a module-level variable (`@name`), a pointer in its space.
    Global(String, u32),
}

impl Value {
    pub fn i32(v: i32) -> Value {
        Value::Int(Type::I32, i64::from(v))
    }

    pub fn i64(v: i64) -> Value {
        Value::Int(Type::I64, v)
    }

    pub fn bool(v: bool) -> Value {
        Value::Int(Type::I1, -i64::from(v))
    }

    pub fn f32(v: f32) -> Value {
        Value::Float(Type::F32, f64::from(v).to_bits())
    }

    pub fn f64(v: f64) -> Value {
        Value::Float(Type::F64, v.to_bits())
    }

    pub fn as_inst(&self) -> Option<InstId> {
        match self {
            Value::Inst(i) => Some(*i),
            _ => None,
        }
    }

    pub fn is_const(&self) -> bool {
        matches!(
            self,
            Value::Int(..)
                | Value::Float(..)
                | Value::Null(_)
                | Value::Undef(_)
                | Value::Global(..)
        )
    }

    /// The integer value of a constant, if it is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(_, v) => Some(*v),
            _ => None,
        }
    }
}

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

/// Intrinsics with no side effects: reads of special registers.
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

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub name: String,
    pub insts: Vec<InstId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub ty: Type,
    /// `noalias`: a `__restrict__` pointer.
    pub noalias: bool,
    /// The pointee is only read (`const T *`): allows `ld.global.nc`.
    pub readonly: bool,
    /// A struct passed by value: the pointer points to the caller's copy of
    /// its bytes (`ptr byval([12 x i8]) align 4 %s`). The function only
    /// reads it; PTX passes the bytes in the `.param` space.
    pub byval: Option<ByVal>,
    /// Where a struct result goes: the caller's memory for the value
    /// (`ptr sret([12 x i8]) align 4 %agg.result`); PTX returns the bytes in
    /// a `.param` array (`func_retval0`).
    pub sret: Option<ByVal>,
}

/// The type and alignment of a by-value struct parameter (or struct result):
/// `byval(%struct.P) align 4`, `sret([12 x i8]) align 4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByVal {
    pub ty: Type,
    pub align: u64,
}

impl ByVal {
    /// The bytes the `.param` space holds.
    pub fn size(&self) -> u64 {
        self.ty.size()
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct FnAttrs {
    /// A `__global__` function: a PTX `.entry`.
    pub kernel: bool,
    /// A template instance: any translation unit may define it, one
    /// definition is kept (`weak_odr`; a kernel is a `.weak .entry`).
    pub weak: bool,
    /// `__noinline__`: never inlined.
    pub noinline: bool,
    /// `__forceinline__`: inlined even at -O0 (`always-inline`).
    pub alwaysinline: bool,
    /// `__launch_bounds__`: at most this many threads per block (`.maxntid`).
    pub maxntid: Option<u32>,
    /// `__launch_bounds__`: at least this many blocks per SM (`.minnctapersm`).
    pub minctasm: Option<u32>,
    /// `__launch_bounds__`: at most this many blocks per cluster (`.maxclusterrank`, sm_90+).
    pub maxclusterrank: Option<u32>,
}

/// Per-loop hints from the source (`#pragma unroll`), keyed by the loop's latch block.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopHint {
    pub latch: BlockId,
    /// 0: unroll fully; 1: never; n: by n.
    pub unroll: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub ret: Type,
    pub params: Vec<Param>,
    pub attrs: FnAttrs,
    pub insts: Vec<Inst>,
    pub blocks: Vec<Block>,
    /// Block order; `layout[0]` is the entry. Blocks not listed are dead.
    pub layout: Vec<BlockId>,
    pub loop_hints: Vec<LoopHint>,
    /// Every name in use by parameters, live instructions and blocks (one
    /// namespace, as in LLVM's printer); kept by the methods that create and erase.
    names: HashSet<String>,
    /// For each base name that has numbered names: which suffixes may be
    /// free, so taking `add`, `add1`, … stays cheap however many exist.
    name_hints: NameHints,
}

/// `fresh_name`'s memo; not part of what a function is (always equal).
#[derive(Clone, Debug, Default)]
struct NameHints(crate::collections::HashMap<String, Suffixes>);

/// `base` numbered `n`: `add3`, or `i1.3` when the base ends in a digit.
fn numbered(base: &str, n: u32) -> String {
    if base.ends_with(|c: char| c.is_ascii_digit()) {
        format!("{base}.{n}")
    } else {
        format!("{base}{n}")
    }
}

/// A base's numbered names: every suffix below `next` is taken or in
/// `free` (freed since; perhaps taken again as another base's name, which
/// `take_name` checks).
#[derive(Clone, Debug, Default)]
struct Suffixes {
    next: u32,
    free: std::collections::BTreeSet<u32>,
}

impl PartialEq for NameHints {
    fn eq(&self, _: &NameHints) -> bool {
        true
    }
}

impl Function {
    /// Adds to `seen` the named struct types the function's signature and
    /// instructions name (see [`Type::named_structs`]), in order of use.
    pub fn named_structs<'a>(&'a self, seen: &mut Vec<&'a StructType>) {
        self.ret.named_structs(seen);
        for p in &self.params {
            p.ty.named_structs(seen);
            for b in [&p.byval, &p.sret].into_iter().flatten() {
                b.ty.named_structs(seen);
            }
        }
        for id in self.layout.iter().flat_map(|b| self.block(*b).insts.iter()) {
            let inst = self.inst(*id);
            match &inst.kind {
                InstKind::Alloca { ty, .. } => ty.named_structs(seen),
                InstKind::Gep { elem_ty, .. } => elem_ty.named_structs(seen),
                _ => {}
            }
            inst.ty.named_structs(seen);
        }
    }

    pub fn new(name: impl Into<String>, ret: Type, params: Vec<Param>) -> Function {
        let names = params.iter().map(|p| p.name.clone()).collect();
        Function {
            name: name.into(),
            ret,
            params,
            attrs: FnAttrs::default(),
            insts: Vec::new(),
            blocks: Vec::new(),
            layout: Vec::new(),
            loop_hints: Vec::new(),
            names,
            name_hints: NameHints::default(),
        }
    }

    pub fn is_declaration(&self) -> bool {
        self.layout.is_empty()
    }

    pub fn entry(&self) -> BlockId {
        self.layout[0]
    }

    pub fn inst(&self, id: InstId) -> &Inst {
        &self.insts[id.0 as usize]
    }

    pub fn inst_mut(&mut self, id: InstId) -> &mut Inst {
        &mut self.insts[id.0 as usize]
    }

    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.0 as usize]
    }

    pub fn block_mut(&mut self, id: BlockId) -> &mut Block {
        &mut self.blocks[id.0 as usize]
    }

    /// A name based on `base` that is not used yet: `base`, `base1`, `base2`, …
    /// (LLVM's scheme; a dot before the number when `base` ends in a digit).
    pub fn fresh_name(&self, base: &str) -> String {
        let base = if base.is_empty() { "t" } else { base };
        if !self.names.contains(base) {
            return base.to_string();
        }
        self.first_free(base, 1).0
    }

    /// The first free numbered name of `base` from suffix `from` on, and its suffix.
    fn first_free(&self, base: &str, from: u32) -> (String, u32) {
        (from.max(1)..)
            .map(|n| (numbered(base, n), n))
            .find(|(name, _)| !self.names.contains(name.as_str()))
            .expect("unbounded")
    }

    /// Takes a fresh name based on `base` (what `fresh_name` gives) and
    /// marks it used.
    fn take_name(&mut self, base: &str) -> String {
        let base = if base.is_empty() { "t" } else { base };
        let name = if !self.names.contains(base) {
            base.to_string()
        } else {
            // The lowest freed suffix that is still free, else the first
            // free one from `next` on.
            let hints = self.name_hints.0.entry(base.to_string()).or_default();
            let freed = std::iter::from_fn(|| hints.free.pop_first())
                .map(|n| numbered(base, n))
                .find(|name| !self.names.contains(name.as_str()));
            match freed {
                Some(name) => name,
                None => {
                    let next = self.name_hints.0[base].next;
                    let (name, n) = self.first_free(base, next);
                    if let Some(h) = self.name_hints.0.get_mut(base) {
                        h.next = n + 1;
                    }
                    name
                }
            }
        };
        self.names.insert(name.clone());
        name
    }

    /// Frees a name; where it is a numbered name of a base with hints
    /// (`add12` of `add`, `i1.2` of `i1`), its suffix is free again.
    fn free_name(&mut self, name: &str) {
        if !self.names.remove(name) || self.name_hints.0.is_empty() {
            return;
        }
        let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return; // a base itself: `take_name` tries it first
        }
        let (prefix, number) = name.split_at(name.len() - digits);
        let Ok(n) = number.parse::<u32>() else { return };
        if n == 0 || number.starts_with('0') {
            return; // no suffix is written so
        }
        let mut free = |base: &str| {
            if let Some(h) = self.name_hints.0.get_mut(base) {
                if n < h.next {
                    h.free.insert(n);
                }
            }
        };
        // `numbered`'s two forms: `prefix` is the base (`add` of `add12`,
        // `a.` of `a.1`), or the base with its dot (`i1` of `i1.2`).
        let digit_end = |s: &str| s.ends_with(|c: char| c.is_ascii_digit());
        if !digit_end(prefix) {
            free(prefix);
        }
        if let Some(base) = prefix.strip_suffix('.').filter(|b| digit_end(b)) {
            free(base);
        }
    }

    /// Renames an instruction (to a fresh name based on `base`), freeing its old name.
    pub fn rename_inst(&mut self, id: InstId, base: &str) {
        let old = std::mem::take(&mut self.insts[id.0 as usize].name);
        self.free_name(&old);
        let name = self.take_name(base);
        self.insts[id.0 as usize].name = name;
    }

    /// Marks an instruction dead: the caller has taken it out of its block.
    /// Its name becomes free for new values.
    pub fn erase_inst(&mut self, id: InstId) {
        let old = std::mem::take(&mut self.insts[id.0 as usize].name);
        if !old.is_empty() {
            self.free_name(&old);
        }
        let inst = &mut self.insts[id.0 as usize];
        inst.ty = Type::Void;
        inst.kind = InstKind::Unreachable;
    }

    /// Takes the instructions `dead` out of the live blocks and erases them
    /// (their uses are gone: the caller has replaced them).
    pub fn delete_insts(&mut self, dead: impl IntoIterator<Item = InstId>) {
        let dead: Vec<InstId> = dead.into_iter().collect();
        if dead.is_empty() {
            return;
        }
        let mut is_dead = vec![false; self.insts.len()];
        for i in &dead {
            is_dead[i.0 as usize] = true;
        }
        for &b in &self.layout {
            self.blocks[b.0 as usize]
                .insts
                .retain(|i| !is_dead[i.0 as usize]);
        }
        for i in dead {
            self.erase_inst(i);
        }
    }

    /// Takes a block out of the layout (the caller has fixed its edges) and frees its name
    /// and its instructions' names.
    pub fn remove_block(&mut self, b: BlockId) {
        self.layout.retain(|x| *x != b);
        for i in std::mem::take(&mut self.blocks[b.0 as usize].insts) {
            self.erase_inst(i);
        }
        let name = std::mem::take(&mut self.blocks[b.0 as usize].name);
        self.free_name(&name);
        self.loop_hints.retain(|h| h.latch != b);
    }

    pub fn add_block(&mut self, base: &str) -> BlockId {
        let name = self.take_name(base);
        let id = BlockId(self.blocks.len() as u32);
        self.blocks.push(Block {
            name,
            insts: Vec::new(),
        });
        self.layout.push(id);
        id
    }

    /// Creates an instruction (not yet placed in a block). A non-void result
    /// gets a fresh name from `base`.
    pub fn create_inst(
        &mut self,
        base: &str,
        ty: Type,
        kind: InstKind,
        loc: Option<DebugLoc>,
    ) -> InstId {
        let name = if ty == Type::Void {
            String::new()
        } else {
            self.take_name(base)
        };
        let id = InstId(self.insts.len() as u32);
        self.insts.push(Inst {
            name,
            ty,
            kind,
            loc,
        });
        id
    }

    /// The type of an operand.
    pub fn value_type(&self, v: &Value) -> Type {
        match v {
            Value::Inst(i) => self.inst(*i).ty.clone(),
            Value::Arg(a) => self
                .params
                .get(*a as usize)
                .map_or(Type::Void, |p| p.ty.clone()),
            Value::Int(t, _) | Value::Float(t, _) | Value::Undef(t) => t.clone(),
            Value::Null(space) | Value::Global(_, space) => Type::Ptr(*space),
        }
    }

    pub fn terminator(&self, b: BlockId) -> Option<&Inst> {
        self.block(b)
            .insts
            .last()
            .map(|i| self.inst(*i))
            .filter(|i| i.kind.is_terminator())
    }

    pub fn successors(&self, b: BlockId) -> Vec<BlockId> {
        self.terminator(b)
            .map(|t| t.kind.successors())
            .unwrap_or_default()
    }

    /// Predecessors of every block in layout, in layout order (duplicates kept
    /// for a conditional branch with both edges to one block).
    pub fn predecessors(&self) -> Vec<Vec<BlockId>> {
        let mut preds = vec![Vec::new(); self.blocks.len()];
        for &b in &self.layout {
            let Some(t) = self.terminator(b) else {
                continue;
            };
            let mut i = 0;
            while let Some(s) = t.kind.successor(i) {
                preds[s.0 as usize].push(b);
                i += 1;
            }
        }
        preds
    }

    /// Removes up to `n` of the entries from `pred` in the phis of `block`
    /// (one per edge `pred → block` that goes away).
    pub fn drop_phi_entries(&mut self, block: BlockId, pred: BlockId, n: usize) {
        for i in self.block(block).insts.clone() {
            if let InstKind::Phi { incoming } = &mut self.inst_mut(i).kind {
                for _ in 0..n {
                    match incoming.iter().position(|(_, b)| *b == pred) {
                        Some(pos) => {
                            incoming.remove(pos);
                        }
                        None => break,
                    }
                }
            }
        }
    }

    /// Replaces the terminator of `b` by `br label %dest` (`dest` one of its
    /// successors), dropping the phi entries of the edges that go.
    pub fn replace_terminator_with_br(&mut self, b: BlockId, dest: BlockId) {
        let Some(&term) = self.block(b).insts.last() else {
            return;
        };
        let mut succ = self.inst(term).kind.successors();
        if let Some(k) = succ.iter().position(|s| *s == dest) {
            succ.remove(k);
        }
        succ.sort();
        let mut k = 0;
        while k < succ.len() {
            let s = succ[k];
            let n = succ[k..].iter().take_while(|x| **x == s).count();
            self.drop_phi_entries(s, b, n);
            k += n;
        }
        self.inst_mut(term).kind = InstKind::Br { dest };
    }

    /// Replaces every use of `from` with `to` in live blocks.
    pub fn replace_all_uses(&mut self, from: &Value, to: &Value) {
        self.for_each_live_operand_mut(|op| {
            if op == from {
                *op = to.clone();
            }
        });
    }

    /// Calls `f` on every operand of every instruction in live blocks (one
    /// walk for a whole map of replacements).
    pub fn for_each_live_operand_mut(&mut self, mut f: impl FnMut(&mut Value)) {
        for &b in &self.layout {
            for &i in &self.blocks[b.0 as usize].insts {
                self.insts[i.0 as usize].kind.for_each_operand_mut(&mut f);
            }
        }
    }

    /// How many times each instruction is used as an operand in live blocks.
    pub fn use_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.insts.len()];
        for &b in &self.layout {
            for &i in &self.block(b).insts {
                self.inst(i).kind.for_each_operand(|op| {
                    if let Value::Inst(d) = op {
                        counts[d.0 as usize] += 1;
                    }
                });
            }
        }
        counts
    }

    /// Blocks reachable from the entry, in reverse post-order.
    pub fn reverse_postorder(&self) -> Vec<BlockId> {
        if self.layout.is_empty() {
            return Vec::new();
        }
        let mut seen = vec![false; self.blocks.len()];
        let mut post = Vec::new();
        let mut stack = vec![(self.entry(), 0usize)];
        seen[self.entry().0 as usize] = true;
        while let Some((b, i)) = stack.pop() {
            match self.terminator(b).and_then(|t| t.kind.successor(i)) {
                Some(s) => {
                    stack.push((b, i + 1));
                    if !seen[s.0 as usize] {
                        seen[s.0 as usize] = true;
                        stack.push((s, 0));
                    }
                }
                None => post.push(b),
            }
        }
        post.reverse();
        post
    }
}

/// A module-level variable (`__shared__`, `__constant__`, `__device__`).
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    pub space: u32,
    pub align: u64,
    pub init: Init,
    /// Defined elsewhere: `extern __shared__ T x[];` (dynamic shared memory).
    pub external: bool,
}

/// A global's initial contents.
#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    /// No initializer (shared memory, uninitialized device variables).
    Undef,
    /// `zeroinitializer`.
    Zero,
    /// The scalar elements in memory order (one for a scalar global).
    Values(Vec<Value>),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    /// The main source file's name, for `.file` lines.
    pub source_file: String,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
}

impl Module {
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }
}

/// The dominator tree (Cooper, Harvey and Kennedy's iterative algorithm).
pub struct DomTree {
    /// Immediate dominator of each block (entry: itself); `None` if unreachable.
    pub idom: Vec<Option<BlockId>>,
    /// Reverse post-order of reachable blocks.
    pub rpo: Vec<BlockId>,
    rpo_index: Vec<usize>,
}

impl DomTree {
    pub fn new(f: &Function) -> DomTree {
        let rpo = f.reverse_postorder();
        let n = f.blocks.len();
        let mut rpo_index = vec![usize::MAX; n];
        for (i, b) in rpo.iter().enumerate() {
            rpo_index[b.0 as usize] = i;
        }
        let preds = f.predecessors();
        let mut idom: Vec<Option<BlockId>> = vec![None; n];
        if let Some(&entry) = rpo.first() {
            idom[entry.0 as usize] = Some(entry);
        }
        let mut changed = true;
        while changed {
            changed = false;
            for &b in rpo.iter().skip(1) {
                let mut new: Option<BlockId> = None;
                for &p in &preds[b.0 as usize] {
                    if idom[p.0 as usize].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => p,
                        Some(cur) => {
                            let (mut a, mut c) = (p, cur);
                            while a != c {
                                while rpo_index[a.0 as usize] > rpo_index[c.0 as usize] {
                                    a = idom[a.0 as usize].expect("processed");
                                }
                                while rpo_index[c.0 as usize] > rpo_index[a.0 as usize] {
                                    c = idom[c.0 as usize].expect("processed");
                                }
                            }
                            a
                        }
                    });
                }
                if new.is_some() && idom[b.0 as usize] != new {
                    idom[b.0 as usize] = new;
                    changed = true;
                }
            }
        }
        DomTree {
            idom,
            rpo,
            rpo_index,
        }
    }

    pub fn is_reachable(&self, b: BlockId) -> bool {
        self.idom[b.0 as usize].is_some()
    }

    /// Whether `a` dominates `b`.
    pub fn dominates(&self, a: BlockId, b: BlockId) -> bool {
        if !self.is_reachable(a) || !self.is_reachable(b) {
            return false;
        }
        let mut x = b;
        loop {
            if x == a {
                return true;
            }
            let up = self.idom[x.0 as usize].expect("reachable");
            if up == x {
                return false;
            }
            x = up;
        }
    }

    /// Children in the dominator tree, in reverse post-order.
    pub fn children(&self) -> Vec<Vec<BlockId>> {
        let mut ch = vec![Vec::new(); self.idom.len()];
        for &b in self.rpo.iter().skip(1) {
            if let Some(p) = self.idom[b.0 as usize] {
                ch[p.0 as usize].push(b);
            }
        }
        ch
    }

    /// Dominance frontiers (Cooper/Harvey/Kennedy).
    pub fn frontiers(&self, f: &Function) -> Vec<Vec<BlockId>> {
        let preds = f.predecessors();
        let mut df = vec![Vec::new(); self.idom.len()];
        for &b in &self.rpo {
            let ps: Vec<BlockId> = preds[b.0 as usize]
                .iter()
                .copied()
                .filter(|p| self.is_reachable(*p))
                .collect();
            if ps.len() < 2 {
                continue;
            }
            let Some(idom_b) = self.idom[b.0 as usize] else {
                continue;
            };
            for p in ps {
                let mut runner = p;
                while runner != idom_b {
                    if !df[runner.0 as usize].contains(&b) {
                        df[runner.0 as usize].push(b);
                    }
                    let up = self.idom[runner.0 as usize].expect("reachable");
                    if up == runner {
                        break;
                    }
                    runner = up;
                }
            }
        }
        df
    }

    pub fn rpo_position(&self, b: BlockId) -> usize {
        self.rpo_index[b.0 as usize]
    }
}
