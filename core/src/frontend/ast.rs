//! The syntax tree. The parser builds it; sema fills in types (`Expr::ty`),
//! resolves names (`ExprKind::Var`) and makes implicit conversions explicit
//! (`ExprKind::Cast` with `implicit: true`), so irgen reads a typed tree.

use crate::diag::Span;
use std::fmt;

/// C's integer types, kept apart as C++ name mangling needs them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntKind {
    Char,
    SChar,
    UChar,
    Short,
    UShort,
    Int,
    UInt,
    Long,
    ULong,
    LongLong,
    ULongLong,
}

impl IntKind {
    pub fn bits(self) -> u32 {
        match self {
            IntKind::Char | IntKind::SChar | IntKind::UChar => 8,
            IntKind::Short | IntKind::UShort => 16,
            IntKind::Int | IntKind::UInt => 32,
            IntKind::Long | IntKind::ULong | IntKind::LongLong | IntKind::ULongLong => 64,
        }
    }

    pub fn signed(self) -> bool {
        matches!(
            self,
            IntKind::Char
                | IntKind::SChar
                | IntKind::Short
                | IntKind::Int
                | IntKind::Long
                | IntKind::LongLong
        )
    }

    /// The integer conversion rank (C11 6.3.1.1).
    pub fn rank(self) -> u32 {
        match self {
            IntKind::Char | IntKind::SChar | IntKind::UChar => 1,
            IntKind::Short | IntKind::UShort => 2,
            IntKind::Int | IntKind::UInt => 3,
            IntKind::Long | IntKind::ULong => 4,
            IntKind::LongLong | IntKind::ULongLong => 5,
        }
    }

    pub fn to_unsigned(self) -> IntKind {
        match self {
            IntKind::Char | IntKind::SChar => IntKind::UChar,
            IntKind::Short => IntKind::UShort,
            IntKind::Int => IntKind::UInt,
            IntKind::Long => IntKind::ULong,
            IntKind::LongLong => IntKind::ULongLong,
            k => k,
        }
    }

    fn spelling(self) -> &'static str {
        match self {
            IntKind::Char => "char",
            IntKind::SChar => "signed char",
            IntKind::UChar => "unsigned char",
            IntKind::Short => "short",
            IntKind::UShort => "unsigned short",
            IntKind::Int => "int",
            IntKind::UInt => "unsigned int",
            IntKind::Long => "long",
            IntKind::ULong => "unsigned long",
            IntKind::LongLong => "long long",
            IntKind::ULongLong => "unsigned long long",
        }
    }
}

/// Which CUDA built-in vector a `threadIdx`-style variable is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinVar {
    ThreadIdx,
    BlockIdx,
    BlockDim,
    GridDim,
}

impl BuiltinVar {
    pub fn from_name(name: &str) -> Option<BuiltinVar> {
        Some(match name {
            "threadIdx" => BuiltinVar::ThreadIdx,
            "blockIdx" => BuiltinVar::BlockIdx,
            "blockDim" => BuiltinVar::BlockDim,
            "gridDim" => BuiltinVar::GridDim,
            _ => return None,
        })
    }

    /// The PTX special register's stem (`tid`, `ctaid`, `ntid`, `nctaid`).
    pub fn sreg(self) -> &'static str {
        match self {
            BuiltinVar::ThreadIdx => "tid",
            BuiltinVar::BlockIdx => "ctaid",
            BuiltinVar::BlockDim => "ntid",
            BuiltinVar::GridDim => "nctaid",
        }
    }
}

/// A C type. Qualifiers on a pointer's pointee are kept (`const float *`
/// mangles as `PKf` and allows `ld.global.nc`).
#[derive(Clone, Debug, PartialEq)]
pub enum CType {
    Void,
    Bool,
    Int(IntKind),
    Float,
    Double,
    Ptr {
        pointee: Box<CType>,
        konst: bool,
        volatile: bool,
    },
    Array(Box<CType>, u64),
    /// The `uint3`/`dim3` type of a built-in variable.
    Builtin(BuiltinVar),
}

impl CType {
    pub const INT: CType = CType::Int(IntKind::Int);
    pub const UINT: CType = CType::Int(IntKind::UInt);

    pub fn ptr_to(pointee: CType) -> CType {
        CType::Ptr {
            pointee: Box::new(pointee),
            konst: false,
            volatile: false,
        }
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, CType::Int(_) | CType::Bool)
    }

    pub fn is_float(&self) -> bool {
        matches!(self, CType::Float | CType::Double)
    }

    pub fn is_arithmetic(&self) -> bool {
        self.is_integer() || self.is_float()
    }

    pub fn is_pointer(&self) -> bool {
        matches!(self, CType::Ptr { .. })
    }

    pub fn is_scalar(&self) -> bool {
        self.is_arithmetic() || self.is_pointer()
    }

    pub fn is_signed(&self) -> bool {
        match self {
            CType::Int(k) => k.signed(),
            CType::Float | CType::Double => true,
            _ => false,
        }
    }

    pub fn pointee(&self) -> Option<&CType> {
        match self {
            CType::Ptr { pointee, .. } => Some(pointee),
            CType::Array(elem, _) => Some(elem),
            _ => None,
        }
    }

    /// Size in bytes (as on the 64-bit NVPTX target), `None` for incomplete types.
    pub fn size(&self) -> Option<u64> {
        Some(match self {
            CType::Void => return None,
            CType::Bool => 1,
            CType::Int(k) => u64::from(k.bits() / 8),
            CType::Float => 4,
            CType::Double => 8,
            CType::Ptr { .. } => 8,
            CType::Array(e, n) => e.size()?.checked_mul(*n)?,
            CType::Builtin(_) => 12,
        })
    }

    pub fn align(&self) -> u64 {
        match self {
            CType::Array(e, _) => e.align(),
            CType::Builtin(_) => 4,
            t => t.size().unwrap_or(1),
        }
    }
}

impl fmt::Display for CType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CType::Void => f.write_str("void"),
            CType::Bool => f.write_str("bool"),
            CType::Int(k) => f.write_str(k.spelling()),
            CType::Float => f.write_str("float"),
            CType::Double => f.write_str("double"),
            CType::Ptr {
                pointee,
                konst,
                volatile,
            } => {
                if *konst {
                    f.write_str("const ")?;
                }
                if *volatile {
                    f.write_str("volatile ")?;
                }
                write!(f, "{pointee} *")
            }
            CType::Array(e, n) => write!(f, "{e} [{n}]"),
            CType::Builtin(BuiltinVar::BlockDim | BuiltinVar::GridDim) => f.write_str("dim3"),
            CType::Builtin(_) => f.write_str("uint3"),
        }
    }
}

/// Where a function runs: `__global__`, `__device__`, host (no qualifier), or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecSpace {
    Global,
    Device,
    Host,
    HostDevice,
}

impl ExecSpace {
    pub fn on_device(self) -> bool {
        !matches!(self, ExecSpace::Host)
    }
}

#[derive(Clone, Debug)]
pub struct TranslationUnit {
    pub functions: Vec<FunctionDef>,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: CType,
    pub restrict: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FunctionDef {
    pub name: String,
    pub span: Span,
    pub ret: CType,
    pub params: Vec<Param>,
    pub variadic: bool,
    pub space: ExecSpace,
    pub extern_c: bool,
    pub body: Option<Stmt>,
    /// Filled by sema: every local variable, parameters first.
    pub locals: Vec<Local>,
}

/// A local variable (or parameter), numbered by sema.
#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: CType,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: String,
    pub ty: CType,
    pub init: Option<Expr>,
    pub span: Span,
    /// Set by sema: the index into `FunctionDef::locals`.
    pub local: usize,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

/// A `#pragma unroll` request attached to the loop after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unroll {
    /// `#pragma unroll` alone: unroll fully.
    Full,
    /// `#pragma unroll N` (1 means do not unroll).
    Count(u32),
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Compound(Vec<Stmt>),
    Decl(Vec<VarDecl>),
    Expr(Expr),
    If(Expr, Box<Stmt>, Option<Box<Stmt>>),
    While(Expr, Box<Stmt>, Option<Unroll>),
    DoWhile(Box<Stmt>, Expr, Option<Unroll>),
    For {
        init: Option<Box<Stmt>>,
        cond: Option<Expr>,
        step: Option<Expr>,
        body: Box<Stmt>,
        unroll: Option<Unroll>,
    },
    Return(Option<Expr>),
    Break,
    Continue,
    Empty,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    BitAnd,
    BitOr,
    BitXor,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    LogAnd,
    LogOr,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Lt | BinOp::Gt | BinOp::Le | BinOp::Ge | BinOp::Eq | BinOp::Ne
        )
    }

    pub fn spelling(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::BitAnd => "&",
            BinOp::BitOr => "|",
            BinOp::BitXor => "^",
            BinOp::Lt => "<",
            BinOp::Gt => ">",
            BinOp::Le => "<=",
            BinOp::Ge => ">=",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::LogAnd => "&&",
            BinOp::LogOr => "||",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnOp {
    Neg,
    Plus,
    Not,
    BitNot,
    Deref,
    AddrOf,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    IntLit(u64),
    FloatLit(f64),
    BoolLit(bool),
    StrLit(Vec<u8>),
    /// A name as written; sema turns it into `Var` or `Builtin`.
    Ident(String),
    Var(usize),
    Builtin(BuiltinVar),
    /// `threadIdx.x` and friends after sema: the built-in and the component (0..3).
    SpecialReg(BuiltinVar, u8),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a = b` (`None`) or `a op= b`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    Member(Box<Expr>, String),
    /// A conversion to `Expr::ty`: written (`(float)x`) or inserted by sema.
    Cast {
        expr: Box<Expr>,
        implicit: bool,
    },
    SizeofType(CType),
    Comma(Box<Expr>, Box<Expr>),
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    /// The type, after sema; the cast target for `Cast`.
    pub ty: CType,
    /// Whether the expression designates an object (after sema).
    pub lvalue: bool,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr {
            kind,
            span,
            ty: CType::Void,
            lvalue: false,
        }
    }
}
