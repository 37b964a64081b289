//! Statements and expressions, and the evaluation of constant expressions
//! (`const_eval`) that the parser and sema share.

use super::*;

/// A compile-time scalar (initializers, array sizes).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    Int(i64),
    Float(f64),
}

impl Scalar {
    pub fn as_f64(self) -> f64 {
        match self {
            Scalar::Int(v) => v as f64,
            Scalar::Float(v) => v,
        }
    }

    pub fn as_i64(self) -> i64 {
        match self {
            Scalar::Int(v) => v,
            Scalar::Float(v) => v as i64,
        }
    }
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
    /// `switch (cond) body`; the body holds its `Case`/`Default` labels.
    Switch(Expr, Box<Stmt>),
    /// `case value:` — a label marking the statements after it in the
    /// switch body. Sema replaces the value with an integer literal of the
    /// switch condition's (promoted) type.
    Case(Expr),
    /// `default:`
    Default,
    /// `name:` — a `goto` target.
    Label(String),
    Goto(String),
    /// `asm volatile("…" : outputs : inputs : clobbers);` (GNU inline asm).
    Asm(Box<AsmStmt>),
    Empty,
}

/// A GNU inline `asm` statement: the PTX template as written (`%0`, `%%`),
/// its operands and clobbers.
#[derive(Clone, Debug)]
pub struct AsmStmt {
    pub template: String,
    /// `volatile` / `__volatile__`.
    pub volatile: bool,
    /// Written with a `:` (operands or clobbers): `%0` names an operand and
    /// `%%` is `%`; basic asm (`asm("bar.sync 0;")`) is written as it is.
    pub extended: bool,
    /// `"=r"(x)`, `"+l"(p)`: lvalues the asm writes.
    pub outputs: Vec<AsmOperand>,
    /// `"r"(a + 1)`, `"n"(8)`.
    pub inputs: Vec<AsmOperand>,
    /// `"memory"`, …
    pub clobbers: Vec<String>,
}

/// One asm operand: its constraint (`=r`) and expression.
#[derive(Clone, Debug)]
pub struct AsmOperand {
    pub constraint: String,
    pub expr: Expr,
    pub span: Span,
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
    /// A variable of `TranslationUnit::globals` (after sema).
    Global(usize),
    Builtin(BuiltinVar),
    /// `threadIdx.x` and friends after sema: the built-in and the component (0..3).
    SpecialReg(BuiltinVar, u8),
    Unary(UnOp, Box<Expr>),
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `a = b` (`None`) or `a op= b`.
    Assign(Option<BinOp>, Box<Expr>, Box<Expr>),
    Cond(Box<Expr>, Box<Expr>, Box<Expr>),
    Call(String, Vec<Expr>),
    /// A call through an expression as written (`(*fp)(x)`, `table[i](x)`);
    /// after sema, a call through a pointer to function (the callee an
    /// rvalue of that type, the arguments converted to its parameters).
    CallPtr(Box<Expr>, Vec<Expr>),
    /// A function's address (after sema): its symbol; the function
    /// designator `f`, `&f` and `*f` all become this.
    FuncAddr(String),
    /// A call with explicit template arguments, `f<float, 4>(x)`, as
    /// written; sema turns it into a `Call` of the instance.
    TemplateCall(String, Vec<TemplateArg>, Vec<Expr>),
    /// A call of a built-in (after sema): the index in `builtins::all()`,
    /// the chosen overload (index in `builtins::overloads`), the arguments
    /// converted to its parameter types.
    BuiltinCall(usize, usize, Vec<Expr>),
    Index(Box<Expr>, Box<Expr>),
    /// `s.x` as written; sema turns it into `Field` (or `SpecialReg`).
    Member(Box<Expr>, String),
    /// `p->x` as written; sema turns it into `Field` of `*p`.
    Arrow(Box<Expr>, String),
    /// A member of a struct or union (after sema): the object, the
    /// member's byte offset in it, and its name.
    Field(Box<Expr>, u64, String),
    /// A struct value built from its members (after sema; `make_float4(…)`):
    /// each member's byte offset and value.
    RecordInit(Vec<(u64, Expr)>),
    /// A conversion to `Expr::ty`: written (`(float)x`) or inserted by sema.
    Cast {
        expr: Box<Expr>,
        implicit: bool,
    },
    SizeofType(CType),
    Comma(Box<Expr>, Box<Expr>),
    /// `static_cast<T>(e)` and friends as written (the target in
    /// `Expr::ty`); sema checks the kind's rules and makes it a `Cast`.
    NamedCast(CastKind, Box<Expr>),
    /// `T(args)` or `T{args}` as written: a functional cast, a constructor
    /// call or an aggregate built in place (sema decides which).
    Construct(CType, Vec<Expr>, bool),
    /// `object.f(args)` (and `p->f(args)`, with `*p` as the object) as
    /// written, with explicit template arguments of a member template
    /// (`o.get<float>(i)`); sema makes it a `Call` with the object's
    /// address first.
    MemberCall(Box<Expr>, String, Vec<TemplateArg>, Vec<Expr>),
    /// A lambda expression as written; sema lays out its closure class and
    /// makes it the closure object (`RecordInit`).
    Lambda(Box<Lambda>),
    /// GNU's statement expression `({ int t = a; t * t; })`: the statements
    /// run in a block of their own, then the last one's expression is the
    /// value.
    StmtExpr(Vec<Stmt>, Box<Expr>),
    /// An item of a braced list that is no expression (a nested list, a
    /// designated item: `s = {.x = 1, .a = {2, 3}}`), as written; sema
    /// reads it as an aggregate's initializer.
    InitItem(Box<super::Initializer>),
}

/// A lambda expression (`[&, n](int i) mutable -> int { … }`): its closure
/// class (the parser made its `operator()`, a member function whose body is
/// the lambda's; sema lays out the captures as its fields), the default
/// capture, the captures written, and the names the body uses (those of
/// the enclosing function's variables are captured by a default).
#[derive(Clone, Debug)]
pub struct Lambda {
    pub closure: std::rc::Rc<Record>,
    /// `[&]` (`Some(true)`) or `[=]` (`Some(false)`).
    pub default: Option<bool>,
    pub captures: Vec<Capture>,
    /// The identifiers the body names, in order, each once (not its
    /// parameters').
    pub named: Vec<String>,
}

/// One capture as written: `n`, `&n`, `n = e`, `&r = e`, `this`.
#[derive(Clone, Debug)]
pub struct Capture {
    pub name: String,
    pub by_ref: bool,
    pub init: Option<Expr>,
    pub span: Span,
}

/// Which C++ named cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastKind {
    Static,
    Reinterpret,
    Const,
}

impl CastKind {
    pub fn keyword(self) -> &'static str {
        match self {
            CastKind::Static => "static_cast",
            CastKind::Reinterpret => "reinterpret_cast",
            CastKind::Const => "const_cast",
        }
    }
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

/// Evaluates a constant expression (literals, arithmetic, casts, `sizeof`),
/// before or after sema. `None` when the expression is not constant.
pub fn const_eval(e: &Expr) -> Option<Scalar> {
    let int_result = |t: &CType, v: i64| -> Scalar {
        match t {
            CType::Int(k) if k.bits() < 64 => {
                let bits = k.bits();
                let v = if k.signed() {
                    (v << (64 - bits)) >> (64 - bits)
                } else {
                    v & ((1i64 << bits) - 1)
                };
                Scalar::Int(v)
            }
            CType::Bool => Scalar::Int((v != 0) as i64),
            _ => Scalar::Int(v),
        }
    };
    Some(match &e.kind {
        ExprKind::IntLit(v) => Scalar::Int(*v as i64),
        ExprKind::FloatLit(v) => Scalar::Float(if e.ty == CType::Float {
            f64::from(*v as f32)
        } else {
            *v
        }),
        ExprKind::BoolLit(b) => Scalar::Int(*b as i64),
        ExprKind::SizeofType(t) => Scalar::Int(t.size()? as i64),
        ExprKind::Cast { expr, .. } => {
            let v = const_eval(expr)?;
            match &e.ty {
                CType::Float => Scalar::Float(f64::from(v.as_f64() as f32)),
                CType::Double => Scalar::Float(v.as_f64()),
                t if t.is_integer() => match v {
                    Scalar::Float(f) if t == &CType::Bool => Scalar::Int((f != 0.0) as i64),
                    v => int_result(t, v.as_i64()),
                },
                // A null pointer constant (`int (*f)(int) = NULL;`), or an
                // address written as an integer.
                t if t.is_pointer() && matches!(v, Scalar::Int(_)) => v,
                _ => return None,
            }
        }
        ExprKind::Unary(op, inner) => {
            let v = const_eval(inner)?;
            match (op, v) {
                (UnOp::Plus, v) => v,
                (UnOp::Neg, Scalar::Int(i)) => Scalar::Int(i.wrapping_neg()),
                (UnOp::Neg, Scalar::Float(f)) => Scalar::Float(-f),
                (UnOp::BitNot, Scalar::Int(i)) => Scalar::Int(!i),
                (UnOp::Not, v) => Scalar::Int((v.as_f64() == 0.0) as i64),
                _ => return None,
            }
        }
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (const_eval(a)?, const_eval(b)?);
            if let (Scalar::Int(x), Scalar::Int(y)) = (x, y) {
                let unsigned = !a.ty.is_signed() && a.ty.is_integer()
                    || !b.ty.is_signed() && b.ty.is_integer();
                let v = match op {
                    BinOp::Add => x.wrapping_add(y),
                    BinOp::Sub => x.wrapping_sub(y),
                    BinOp::Mul => x.wrapping_mul(y),
                    BinOp::Div if y != 0 => {
                        if unsigned {
                            ((x as u64) / (y as u64)) as i64
                        } else {
                            x.wrapping_div(y)
                        }
                    }
                    BinOp::Rem if y != 0 => {
                        if unsigned {
                            ((x as u64) % (y as u64)) as i64
                        } else {
                            x.wrapping_rem(y)
                        }
                    }
                    BinOp::Shl => x.wrapping_shl(y as u32),
                    BinOp::Shr => {
                        if unsigned {
                            ((x as u64).wrapping_shr(y as u32)) as i64
                        } else {
                            x.wrapping_shr(y as u32)
                        }
                    }
                    BinOp::BitAnd => x & y,
                    BinOp::BitOr => x | y,
                    BinOp::BitXor => x ^ y,
                    BinOp::Lt => (x < y) as i64,
                    BinOp::Gt => (x > y) as i64,
                    BinOp::Le => (x <= y) as i64,
                    BinOp::Ge => (x >= y) as i64,
                    BinOp::Eq => (x == y) as i64,
                    BinOp::Ne => (x != y) as i64,
                    BinOp::LogAnd => (x != 0 && y != 0) as i64,
                    BinOp::LogOr => (x != 0 || y != 0) as i64,
                    _ => return None,
                };
                return Some(if e.ty.is_integer() {
                    int_result(&e.ty, v)
                } else {
                    Scalar::Int(v)
                });
            }
            let (x, y) = (x.as_f64(), y.as_f64());
            let single = e.ty == CType::Float;
            let r = |v: f64| Scalar::Float(if single { f64::from(v as f32) } else { v });
            match op {
                BinOp::Add => r(x + y),
                BinOp::Sub => r(x - y),
                BinOp::Mul => r(x * y),
                BinOp::Div => r(x / y),
                BinOp::Lt => Scalar::Int((x < y) as i64),
                BinOp::Gt => Scalar::Int((x > y) as i64),
                BinOp::Le => Scalar::Int((x <= y) as i64),
                BinOp::Ge => Scalar::Int((x >= y) as i64),
                BinOp::Eq => Scalar::Int((x == y) as i64),
                BinOp::Ne => Scalar::Int((x != y) as i64),
                _ => return None,
            }
        }
        ExprKind::Cond(c, a, b) => {
            if const_eval(c)?.as_f64() != 0.0 {
                const_eval(a)?
            } else {
                const_eval(b)?
            }
        }
        _ => return None,
    })
}
