//! What the report measures of one function: its type, shape (parameters
//! and results), kind, domain and reference; the table of them is
//! `table.rs`.

/// The floating type a function computes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    F32,
    F64,
}

impl Ty {
    pub(crate) fn c_name(self) -> &'static str {
        match self {
            Ty::F32 => "float",
            Ty::F64 => "double",
        }
    }

    /// `v` rounded to this type.
    pub fn round(self, v: f64) -> f64 {
        match self {
            Ty::F32 => f64::from(v as f32),
            Ty::F64 => v,
        }
    }

    /// The width of one ulp at `v` (finite), with the denormals' spacing as floor.
    pub(crate) fn ulp(self, v: f64) -> f64 {
        let (mant, min_exp) = match self {
            Ty::F32 => (23, -126),
            Ty::F64 => (52, -1022),
        };
        let e = if v == 0.0 {
            min_exp
        } else {
            (v.abs().log2().floor() as i32).max(min_exp)
        };
        // ldexp: powi would compute 2^-1074 as 1 / 2^1074, which overflows.
        libm::ldexp(1.0, e - mant)
    }

    /// One ulp past the largest finite value: where an infinite result sits
    /// when measuring how far it is from a finite one.
    pub(crate) fn overflow(self) -> f64 {
        match self {
            Ty::F32 => 2f64.powi(128),
            Ty::F64 => f64::MAX,
        }
    }
}

/// A parameter of the measured function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A value of the function's type.
    Float,
    /// An `int` (`ldexpf`'s exponent).
    Int,
    /// A Bessel function's order (`jnf`'s `n`): an `int` sampled among
    /// the orders ([`ORDER_SPECIALS`]) rather than `int`'s extremes.
    Order,
}

/// A result of the measured function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Out {
    /// A value of the function's type, measured in ulp.
    Float,
    /// An `int`, exact (`ilogbf`; `frexpf`'s exponent).
    Int,
    /// A `long` (`lroundf`), exact.
    Long,
    /// `remquof`'s quotient: its sign and its last 3 bits must be right.
    Quo,
}

/// The C signature: parameters, then results. When `returns`, the first
/// result is the return value and the others are written through pointers
/// after the parameters (`modff(x, &ip)`); otherwise every result is
/// (`sincosf(x, &s, &c)`).
#[derive(Clone, Copy, Debug)]
pub struct Shape {
    pub args: &'static [Arg],
    pub outs: &'static [Out],
    pub returns: bool,
}

pub const UNARY: Shape = Shape {
    args: &[Arg::Float],
    outs: &[Out::Float],
    returns: true,
};
pub const BINARY: Shape = Shape {
    args: &[Arg::Float, Arg::Float],
    outs: &[Out::Float],
    returns: true,
};
pub const TERNARY: Shape = Shape {
    args: &[Arg::Float, Arg::Float, Arg::Float],
    outs: &[Out::Float],
    returns: true,
};
pub const QUATERNARY: Shape = Shape {
    args: &[Arg::Float, Arg::Float, Arg::Float, Arg::Float],
    outs: &[Out::Float],
    returns: true,
};
/// `T f(T x, int n)`.
pub const FLOAT_INT: Shape = Shape {
    args: &[Arg::Float, Arg::Int],
    outs: &[Out::Float],
    returns: true,
};
/// `T f(int n, T x)` (`jnf`).
pub const ORDER_FLOAT: Shape = Shape {
    args: &[Arg::Order, Arg::Float],
    outs: &[Out::Float],
    returns: true,
};
/// `int f(T x)`.
pub const TO_INT: Shape = Shape {
    args: &[Arg::Float],
    outs: &[Out::Int],
    returns: true,
};
/// `long f(T x)`.
pub const TO_LONG: Shape = Shape {
    args: &[Arg::Float],
    outs: &[Out::Long],
    returns: true,
};
/// `T f(T x, T *p)`.
pub const OUT_FLOAT: Shape = Shape {
    args: &[Arg::Float],
    outs: &[Out::Float, Out::Float],
    returns: true,
};
/// `T f(T x, int *p)`.
pub const OUT_INT: Shape = Shape {
    args: &[Arg::Float],
    outs: &[Out::Float, Out::Int],
    returns: true,
};
/// `T f(T x, T y, int *quo)`.
pub const QUO: Shape = Shape {
    args: &[Arg::Float, Arg::Float],
    outs: &[Out::Float, Out::Quo],
    returns: true,
};
/// `void f(T x, T *a, T *b)`.
pub const PAIR: Shape = Shape {
    args: &[Arg::Float],
    outs: &[Out::Float, Out::Float],
    returns: false,
};

/// The reference: the exact results (as well as f64 holds them) for the
/// arguments (ints as f64). A NaN for an integer result means "unspecified"
/// (`lroundf` out of range), which is not checked.
pub type Reference = fn(&[f64]) -> [f64; 2];

/// What a documented bound measures.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    /// ulp from the exact result, everywhere.
    Ulp,
    /// `bound + floor(|coef·x|)` ulp (`__expf`: 2 + floor(|1.173x|)): the
    /// row shows the error less the `x`-dependent part.
    UlpPlus(f64),
    /// An absolute error (`bound` itself, not ulp) for arguments in
    /// `[lo, hi]`; CUDA documents nothing outside, where only special
    /// values are checked.
    Abs(f64, f64),
    /// Bounds that depend on the arguments (the Bessel functions,
    /// `__fdividef`, `__powf`): `domain` says for each where `bound` ulp
    /// hold (plus an extra that grows with the order or an argument: the
    /// row shows the error less it), where the absolute error `abs` does
    /// (0: nowhere), and where nothing is documented; `note` says so.
    Split {
        domain: fn(&[f64]) -> Domain,
        abs: f64,
        note: &'static str,
    },
}

/// Which bound holds at an argument of a [`Kind::Split`] function.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Domain {
    /// ulp, `bound` plus this much.
    Ulp(f64),
    /// The absolute error.
    Abs,
    /// None documented: only special values are checked.
    Unbounded,
}

/// One measured function: a row of the report.
pub struct MathFunction {
    /// The CUDA name (`sinf`), called as the user would.
    pub name: &'static str,
    pub ty: Ty,
    /// The names of the 320-bit references ([`crate::mpref`]) of the float
    /// results, one per result; empty when `reference` is exact enough (f32
    /// functions, and double functions whose result f64 holds exactly). Where
    /// an argument is ±0, ±Inf or NaN, or `reference` gives NaN, ±Inf or ±0, `reference` decides (C99 Annex F)
    /// even then.
    pub mp: &'static [&'static str],
    /// How [`MathFunction::bound`] counts.
    pub kind: Kind,
    pub shape: Shape,
    pub reference: Reference,
    /// The documented maximum error in ulp from the correctly rounded
    /// result (0: correctly rounded).
    pub bound: f64,
    /// Where to sample: one range per parameter, per region.
    pub regions: &'static [&'static [(f64, f64)]],
    /// Arguments to try besides the special values (one value per parameter).
    pub hard: &'static [&'static [f64]],
}
