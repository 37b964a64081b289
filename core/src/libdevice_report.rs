//! The accuracy report of the CUDA math functions (`ptxlab libdevice-report`
//! and `tests/libdevice.rs`): each function, compiled by our pipeline (with
//! its libdevice code linked) and run in the IR interpreter, one launch over
//! all samples, against a reference in f64, in units in the last place (ulp)
//! of the result type. [`FUNCTIONS`] is the single table of what is measured
//! and of the documented bounds (CUDA C Programming Guide, "Mathematical
//! Functions", maximum ulp error per function).
//!
//! Samples: uniform and log-uniform over each function's regions, every
//! combination of the special values ([`specials`]: ±0, denormals, ±1, ±Inf,
//! NaN, the largest finite) and the function's own hard cases. Where the
//! reference is NaN, ±Inf or ±0 the result must be the same exactly (C99
//! Annex F); elsewhere its error counts toward the maximum.
//!
//! Double functions are measured against a 320-bit reference ([`crate::mpref`],
//! the `mpref` feature). The fast intrinsics (`__sinf`, `__expf`, …) are one
//! to three approximate PTX instructions (`sin.approx`, `ex2.approx`, …),
//! which the interpreter computes correctly rounded: their rows check the
//! lowering (the scale constants, the operands, the special values), not
//! the approximation error of the hardware.

use crate::interp::{run_kernel, ArgValue, BufferId, Config, Launch, Memory};
use crate::options::Options;

/// The floating type a function computes in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    F32,
    F64,
}

impl Ty {
    fn c_name(self) -> &'static str {
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
    fn ulp(self, v: f64) -> f64 {
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
    fn overflow(self) -> f64 {
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

macro_rules! f1 {
    ($name:literal, $reference:expr, $bound:expr, [$($lo:expr => $hi:expr),*] $(, hard [$($h:expr),*])?) => {
        MathFunction {
            name: $name,
            ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
            shape: UNARY,
            reference: |a| [$reference(a[0]), 0.0],
            bound: $bound,
            regions: &[$(&[($lo, $hi)]),*],
            hard: &[$($(&[$h]),*)?],
        }
    };
}

/// A fast float intrinsic with its documented kind of bound.
macro_rules! fast1 {
    ($name:literal, $reference:expr, $kind:expr, $bound:expr, [$($lo:expr => $hi:expr),*]) => {
        MathFunction {
            name: $name,
            ty: Ty::F32,
            mp: &[],
            kind: $kind,
            shape: UNARY,
            reference: |a| [$reference(a[0]), 0.0],
            bound: $bound,
            regions: &[$(&[($lo, $hi)]),*],
            hard: &[],
        }
    };
}

/// A unary double function measured against its 320-bit reference; `$reference`
/// (f64, C99 Annex F) decides the special values.
macro_rules! d1 {
    ($name:literal, $reference:expr, $bound:expr, [$($lo:expr => $hi:expr),*] $(, hard [$($h:expr),*])?) => {
        MathFunction {
            name: $name,
            ty: Ty::F64,
            mp: &[$name],
            kind: Kind::Ulp,
            shape: UNARY,
            reference: |a| [$reference(a[0]), 0.0],
            bound: $bound,
            regions: &[$(&[($lo, $hi)]),*],
            hard: &[$($(&[$h]),*)?],
        }
    };
}

/// A unary double function whose f64 reference is exact (rounding, fabs, sqrt).
macro_rules! dx {
    ($name:literal, $reference:expr, [$($lo:expr => $hi:expr),*] $(, hard [$($h:expr),*])?) => {
        MathFunction {
            name: $name,
            ty: Ty::F64,
            mp: &[],
            kind: Kind::Ulp,
            shape: UNARY,
            reference: |a| [$reference(a[0]), 0.0],
            bound: 0.0,
            regions: &[$(&[($lo, $hi)]),*],
            hard: &[$($(&[$h]),*)?],
        }
    };
}

/// A binary double function whose f64 reference is exact.
macro_rules! dx2 {
    ($name:literal, $reference:expr, [$([$alo:expr => $ahi:expr, $blo:expr => $bhi:expr]),*] $(, hard [$([$ha:expr, $hb:expr]),*])?) => {
        MathFunction {
            name: $name,
            ty: Ty::F64,
            mp: &[],
            kind: Kind::Ulp,
            shape: BINARY,
            reference: |a| [$reference(a[0], a[1]), 0.0],
            bound: 0.0,
            regions: &[$(&[($alo, $ahi), ($blo, $bhi)]),*],
            hard: &[$($(&[$ha, $hb]),*)?],
        }
    };
}

/// A binary double function measured against its 320-bit reference.
macro_rules! d2 {
    ($name:literal, $reference:expr, $bound:expr, [$([$alo:expr => $ahi:expr, $blo:expr => $bhi:expr]),*] $(, hard [$([$ha:expr, $hb:expr]),*])?) => {
        MathFunction {
            name: $name,
            ty: Ty::F64,
            mp: &[$name],
            kind: Kind::Ulp,
            shape: BINARY,
            reference: |a| [$reference(a[0], a[1]), 0.0],
            bound: $bound,
            regions: &[$(&[($alo, $ahi), ($blo, $bhi)]),*],
            hard: &[$($(&[$ha, $hb]),*)?],
        }
    };
}

/// A unary float function measured against the 320-bit reference `$mp`
/// (where f64 has no reference as accurate as a float needs near its edges).
macro_rules! d1f {
    ($name:literal, $mp:literal, $reference:expr, $bound:expr, [$($lo:expr => $hi:expr),*] $(, hard [$($h:expr),*])?) => {
        MathFunction {
            name: $name,
            ty: Ty::F32,
            mp: &[$mp],
            kind: Kind::Ulp,
            shape: UNARY,
            reference: |a| [$reference(a[0]), 0.0],
            bound: $bound,
            regions: &[$(&[($lo, $hi)]),*],
            hard: &[$($(&[$h]),*)?],
        }
    };
}

/// j0 … y1 in float or double: `$ulp` ulp for |x| < 8 against the 320-bit
/// `$mp`, an absolute error `$abs` beyond.
macro_rules! bessel {
    ($name:literal, $ty:expr, $mp:literal, $reference:expr, $ulp:expr, $abs:expr, [$($lo:expr => $hi:expr),*], hard [$($h:expr),*]) => {
        MathFunction {
            name: $name,
            ty: $ty,
            mp: &[$mp],
            kind: Kind::Split {
                domain: |a| if a[0].abs() < 8.0 { Domain::Ulp(0.0) } else { Domain::Abs },
                abs: $abs,
                note: "ulp for |x| < 8, absolute error beyond",
            },
            shape: UNARY,
            reference: |a| [$reference(a[0]), 0.0],
            bound: $ulp,
            regions: &[$(&[($lo, $hi)]),*],
            hard: &[$(&[$h]),*],
        }
    };
}

/// The largest finite double, and a bound short of it for ranges.
const DMAX: f64 = f64::MAX;
const BIG: f64 = 1.0e300;
/// The smallest positive double (a denormal).
const DMIN: f64 = 4.9e-324;
const PI: f64 = std::f64::consts::PI;
/// 6381956970095103·2^797: the double closest to a multiple of π/2 (x mod
/// π/2 is about 2^-61), the hardest argument of the trig reduction.
const TRIG_HARDEST: f64 = 5.319372648326541e255;

/// The largest finite float, as f64.
const FMAX: f64 = f32::MAX as f64;

/// Every function the report measures, with its documented bound.
pub const FUNCTIONS: &[MathFunction] = &[
    f1!("sqrtf", f64::sqrt, 0.0, [0.0 => 4.0, 0.0 => FMAX]),
    f1!("fabsf", f64::abs, 0.0, [-FMAX => FMAX]),
    f1!("floorf", f64::floor, 0.0, [-100.0 => 100.0, -1e9 => 1e9], hard [-0.5, 0.5, -1.5]),
    f1!("ceilf", f64::ceil, 0.0, [-100.0 => 100.0, -1e9 => 1e9], hard [-0.5, 0.5, -1.5]),
    f1!("truncf", f64::trunc, 0.0, [-100.0 => 100.0, -1e9 => 1e9], hard [-0.5, 0.5, -1.5]),
    f1!("rintf", f64::round_ties_even, 0.0, [-100.0 => 100.0, -1e9 => 1e9], hard [-0.5, 2.5, -1.5]),
    f1!("nearbyintf", f64::round_ties_even, 0.0, [-100.0 => 100.0, -1e9 => 1e9], hard [-0.5, 2.5, -1.5]),
    MathFunction {
        name: "fminf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [a[0].min(a[1]), 0.0],
        bound: 0.0,
        regions: &[&[(-10.0, 10.0), (-10.0, 10.0)]],
        hard: &[],
    },
    MathFunction {
        name: "fmaxf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [a[0].max(a[1]), 0.0],
        bound: 0.0,
        regions: &[&[(-10.0, 10.0), (-10.0, 10.0)]],
        hard: &[],
    },
    MathFunction {
        name: "copysignf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [a[0].copysign(a[1]), 0.0],
        bound: 0.0,
        regions: &[&[(-FMAX, FMAX), (-1.0, 1.0)]],
        hard: &[],
    },
    MathFunction {
        name: "fmaf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TERNARY,
        // The product of two floats is exact in f64: one rounding of the sum
        // (to f64, then to f32) can double-round, which a later ulp check
        // tolerates only below half an ulp; fma's bound is 0, so compute
        // it exactly instead.
        reference: |a| [fma_f32_exact(a[0], a[1], a[2]), 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0), (-100.0, 100.0)],
            &[(-1e20, 1e20), (-1e20, 1e20), (-FMAX, FMAX)],
        ],
        hard: &[&[1.0, 1.0, -1.0], &[FMAX, 2.0, -FMAX]],
    },
    f1!("expf", f64::exp, 2.0, [-10.0 => 10.0, -87.0 => 88.5, -103.0 => -87.0], hard [88.72, 88.73, -103.97, -104.0]),
    f1!("exp2f", f64::exp2, 2.0, [-10.0 => 10.0, -126.0 => 127.9, -149.0 => -126.0], hard [127.99, 128.0, -149.0, -150.0, 3.0]),
    f1!("exp10f", |x: f64| 10f64.powf(x), 2.0, [-5.0 => 5.0, -45.0 => 38.5], hard [38.53, 38.54, -45.2, 2.0]),
    f1!("expm1f", f64::exp_m1, 1.0, [-1.0 => 1.0, -1e-3 => 1e-3, -20.0 => 88.7], hard [88.72, 88.73, -17.0, 1e-30]),
    f1!("logf", f64::ln, 1.0, [0.5 => 2.0, 1e-30 => 1e30, 1e-44 => 1e-38]),
    f1!("log2f", f64::log2, 1.0, [0.5 => 2.0, 1e-30 => 1e30, 1e-44 => 1e-38], hard [8.0, 0.125]),
    f1!("log10f", f64::log10, 2.0, [0.5 => 2.0, 1e-30 => 1e30, 1e-44 => 1e-38], hard [1000.0, 0.001]),
    f1!("log1pf", f64::ln_1p, 1.0, [-0.5 => 1.0, -1e-3 => 1e-3, -1.0 => 1e30], hard [-0.9999999, 1e-30]),
    f1!("sinf", f64::sin, 2.0, [-3.2 => 3.2, -1e4 => 1e4, -1e6 => 1e6, -FMAX => FMAX], hard [105615.0, 105616.0, 1e5, 3.0e38, std::f64::consts::FRAC_PI_2, std::f64::consts::PI, 7.2362077e4]),
    f1!("cosf", f64::cos, 2.0, [-3.2 => 3.2, -1e4 => 1e4, -1e6 => 1e6, -FMAX => FMAX], hard [105615.0, 105616.0, 1e5, 3.0e38, std::f64::consts::FRAC_PI_2, std::f64::consts::PI]),
    f1!("tanf", f64::tan, 4.0, [-1.6 => 1.6, -1e4 => 1e4, -FMAX => FMAX], hard [1.5707964, 105616.0, 3.0e38]),
    MathFunction {
        name: "sincosf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: PAIR,
        reference: |a| [a[0].sin(), a[0].cos()],
        bound: 2.0,
        regions: &[&[(-3.2, 3.2)], &[(-1e4, 1e4)], &[(-FMAX, FMAX)]],
        hard: &[&[105616.0], &[1.5707964]],
    },
    f1!("sinpif", sinpi, 1.0, [-2.0 => 2.0, -1e4 => 1e4, -1e8 => 1e8], hard [0.5, 1.0, -1.0, 2.5, 8388607.5, 1e-30]),
    f1!("cospif", cospi, 1.0, [-2.0 => 2.0, -1e4 => 1e4, -1e8 => 1e8], hard [0.5, 1.0, -1.5, 8388607.5, 8388609.0, 1e-30]),
    f1!("asinf", f64::asin, 2.0, [-1.0 => 1.0, -1e-3 => 1e-3], hard [0.99999994, -0.5]),
    f1!("acosf", f64::acos, 2.0, [-1.0 => 1.0, -1e-3 => 1e-3], hard [0.99999994, -0.99999994]),
    f1!("atanf", f64::atan, 2.0, [-4.0 => 4.0, -1e10 => 1e10]),
    MathFunction {
        name: "atan2f",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [a[0].atan2(a[1]), 0.0],
        bound: 3.0,
        regions: &[&[(-4.0, 4.0), (-4.0, 4.0)], &[(-1e30, 1e30), (-1e30, 1e30)]],
        hard: &[&[1.0, -1e30], &[1e-30, -1.0]],
    },
    f1!("sinhf", f64::sinh, 3.0, [-1.0 => 1.0, -10.0 => 10.0, -89.5 => 89.5], hard [89.41, 89.42, 1e-30]),
    f1!("coshf", f64::cosh, 2.0, [-1.0 => 1.0, -10.0 => 10.0, -89.5 => 89.5], hard [89.41, 89.42]),
    f1!("tanhf", f64::tanh, 2.0, [-1.0 => 1.0, -10.0 => 10.0], hard [9.01, 1e-30]),
    f1!("asinhf", f64::asinh, 3.0, [-2.0 => 2.0, -FMAX => FMAX], hard [1e-30]),
    f1!("acoshf", f64::acosh, 4.0, [1.0 => 3.0, 1.0 => FMAX], hard [1.0000001, 0.99999994]),
    f1!("atanhf", f64::atanh, 3.0, [-1.0 => 1.0, -1e-3 => 1e-3], hard [0.99999994, -0.99999994]),
    MathFunction {
        name: "powf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [a[0].powf(a[1]), 0.0],
        bound: 4.0,
        regions: &[
            &[(0.0, 10.0), (-30.0, 30.0)],
            &[(0.5, 2.0), (-250.0, 250.0)],
            &[(1e-30, 1e30), (-4.0, 4.0)],
            &[(-10.0, 0.0), (-30.0, 30.0)],
        ],
        hard: &[
            &[-2.0, 3.0],
            &[-2.0, -3.0],
            &[-8.0, 1.0 / 3.0],
            &[2.0, 127.99],
            &[2.0, -149.0],
            &[-0.5, -125.0],
        ],
    },
    f1!("cbrtf", f64::cbrt, 1.0, [-10.0 => 10.0, -FMAX => FMAX], hard [27.0, -8.0, 1e-45]),
    f1!("rcbrtf", |x: f64| 1.0 / x.cbrt(), 1.0, [-10.0 => 10.0, -FMAX => FMAX], hard [27.0, -8.0, 1e-45]),
    MathFunction {
        name: "hypotf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [a[0].hypot(a[1]), 0.0],
        bound: 3.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[3.0, 4.0], &[3e38, 3e38], &[1e-45, 1e-45]],
    },
    MathFunction {
        name: "rhypotf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [1.0 / a[0].hypot(a[1]), 0.0],
        bound: 2.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[3.0, 4.0], &[1e-45, 1e-45]],
    },
    MathFunction {
        name: "norm3df",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TERNARY,
        reference: |a| {
            let r = if a.iter().any(|v| v.is_infinite()) {
                f64::INFINITY
            } else {
                (a[0] * a[0] + a[1] * a[1] + a[2] * a[2]).sqrt()
            };
            [r, 0.0]
        },
        bound: 3.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[1.0, 2.0, 2.0], &[3e38, 3e38, 3e38]],
    },
    f1!("erff", libm::erf, 2.0, [-1.0 => 1.0, -4.0 => 4.0, -1e-3 => 1e-3], hard [0.5, 1.0, 2.5, 3.9]),
    f1!("erfcf", libm::erfc, 4.0, [-1.0 => 1.0, -4.0 => 4.0, 0.0 => 10.1], hard [0.5, 2.5, 10.05, 10.06]),
    f1!("erfinvf", erfinv, 2.0, [-1.0 => 1.0, -1e-3 => 1e-3], hard [0.99999994, 0.5, -0.999]),
    f1!("erfcinvf", erfcinv, 4.0, [0.0 => 2.0, 1e-40 => 1e-2, 1.99 => 2.0], hard [1e-45, 1.0, 0.5, 1.5, 1.9999999]),
    MathFunction {
        name: "sincospif",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: PAIR,
        reference: |a| [sinpi(a[0]), cospi(a[0])],
        bound: 1.0,
        regions: &[&[(-2.0, 2.0)], &[(-1e4, 1e4)], &[(-1e8, 1e8)]],
        hard: &[
            &[0.5],
            &[1.0],
            &[-1.5],
            &[8388607.5],
            &[8388609.0],
            &[1e-30],
        ],
    },
    MathFunction {
        name: "norm4df",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: QUATERNARY,
        reference: |a| [norm_ref(a), 0.0],
        bound: 3.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0), (-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX), (-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[1.0, 2.0, 2.0, 4.0], &[3e38, 3e38, 3e38, 3e38]],
    },
    MathFunction {
        name: "rnorm3df",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TERNARY,
        reference: |a| [rnorm_ref(a), 0.0],
        bound: 2.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[1.0, 2.0, 2.0], &[1e-45, 1e-45, 0.0]],
    },
    MathFunction {
        name: "rnorm4df",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: QUATERNARY,
        reference: |a| [rnorm_ref(a), 0.0],
        bound: 2.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0), (-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX), (-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[1.0, 2.0, 2.0, 4.0], &[1e-45, 1e-45, 0.0, 0.0]],
    },
    f1!("erfcxf", erfcx, 4.0, [-1.0 => 1.0, -9.4 => 10.0, 0.0 => FMAX], hard [0.5, 2.5, -9.38, -9.39, 1e30]),
    f1!("normcdff", normcdf, 5.0, [-4.0 => 4.0, -14.5 => 6.0], hard [0.0, -13.9, -14.1, -14.2, 5.5]),
    f1!("normcdfinvf", normcdfinv, 5.0, [0.0 => 1.0, 1e-40 => 1e-2, 0.99 => 1.0], hard [1e-45, 0.5, 0.25, 0.99999994]),
    bessel!("j0f", Ty::F32, "j0", libm::j0, 9.0, 2.2e-6, [-8.0 => 8.0, 8.0 => 1e4, -FMAX => FMAX, -1e-3 => 1e-3], hard [2.4048254, 5.520078, 2.4048257, 8.0, 7.9999995]),
    bessel!("j1f", Ty::F32, "j1", j1, 9.0, 2.2e-6, [-8.0 => 8.0, 8.0 => 1e4, -FMAX => FMAX, -1e-3 => 1e-3], hard [3.831706, 7.0155869, 1e-45, -1e-45]),
    bessel!("y0f", Ty::F32, "y0", y0, 9.0, 2.2e-6, [0.0 => 8.0, 8.0 => 1e4, 0.0 => FMAX, 1e-40 => 1e-3], hard [0.89357697, 3.9576783, 7.0860510, 0.7, 1e-45]),
    bessel!("y1f", Ty::F32, "y1", y1, 9.0, 2.2e-6, [0.0 => 8.0, 8.0 => 1e4, 0.0 => FMAX, 1e-40 => 1e-3], hard [2.1971414, 5.4296808, 1.0, 1e-45, 1e-38]),
    MathFunction {
        name: "jnf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Split {
            domain: |_| Domain::Abs,
            abs: 2.2e-6,
            note: "absolute error (CUDA documents it for n = 128; measured for every n sampled)",
        },
        shape: ORDER_FLOAT,
        reference: |a| [jn(a[0], a[1]), 0.0],
        bound: 0.0,
        regions: &[
            &[(0.0, 130.0), (-10.0, 10.0)],
            &[(0.0, 130.0), (-200.0, 200.0)],
            &[(0.0, 20.0), (-1e6, 1e6)],
        ],
        hard: &[&[128.0, 128.0], &[128.0, 140.0], &[2.0, 1e-30], &[50.0, 1.0]],
    },
    MathFunction {
        name: "ynf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Split {
            domain: |a| {
                if a[1].abs() < a[0] {
                    Domain::Ulp((2.5 * a[0]).ceil())
                } else {
                    Domain::Abs
                }
            },
            abs: 2.2e-6,
            note: "ceil(2 + 2.5n) ulp for |x| < n (the column shows the error less ceil(2.5n)), absolute error beyond",
        },
        shape: ORDER_FLOAT,
        reference: |a| [yn(a[0], a[1]), 0.0],
        bound: 2.0,
        regions: &[
            &[(0.0, 130.0), (0.0, 10.0)],
            &[(0.0, 130.0), (0.0, 200.0)],
            &[(0.0, 20.0), (0.0, 1e6)],
        ],
        hard: &[&[128.0, 128.0], &[128.0, 140.0], &[2.0, 1e-30], &[50.0, 1.0], &[30.0, 0.5]],
    },
    d1f!("cyl_bessel_i0f", "cyl_bessel_i0", bessel_i0, 6.0, [-10.0 => 10.0, -89.0 => 89.0, 0.0 => 1e-3], hard [3.75, 15.0, 88.0, 89.0]),
    d1f!("cyl_bessel_i1f", "cyl_bessel_i1", bessel_i1, 6.0, [-10.0 => 10.0, -89.0 => 89.0, 0.0 => 1e-3], hard [3.75, 15.0, 88.0, 89.0, 1e-45]),
    f1!("lgammaf", libm::lgamma, 6.0, [0.0 => 10.0, 1e-30 => 1e30, -2.264 => 0.0, -100.0 => -10.001], hard [1.0, 2.0, 1.0000001, 1.9999999, -0.5, 2.0e36, 1e-45]),
    f1!("tgammaf", libm::tgamma, 5.0, [0.0 => 10.0, 0.0 => 35.0, -10.0 => 0.0, -45.0 => -10.0], hard [1.0, 0.5, 35.04, 35.05, -0.5, 1e-45]),
    f1!("roundf", f64::round, 0.0, [-100.0 => 100.0, -1e9 => 1e9], hard [0.5, -0.5, 2.5, -1.5, 0.49999997, 8388609.0]),
    MathFunction {
        name: "lroundf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| {
            let r = a[0].round();
            [if r.abs() < 9.2e18 { r } else { f64::NAN }, 0.0]
        },
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[&[0.5], &[-0.5], &[2.5], &[-1.5]],
    },
    MathFunction {
        name: "llroundf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| [to_long(a[0].round()), 0.0],
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[&[0.5], &[-0.5], &[2.5], &[-1.5]],
    },
    MathFunction {
        name: "lrintf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| [to_long(a[0].round_ties_even()), 0.0],
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[&[0.5], &[-0.5], &[2.5], &[-1.5]],
    },
    MathFunction {
        name: "llrintf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| [to_long(a[0].round_ties_even()), 0.0],
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[&[0.5], &[-0.5], &[2.5], &[-1.5]],
    },
    MathFunction {
        name: "modff",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: OUT_FLOAT,
        reference: |a| {
            let (frac, int) = libm::modf(a[0]);
            [frac, int]
        },
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-FMAX, FMAX)]],
        hard: &[&[-3.0], &[-0.5], &[8388608.5]],
    },
    MathFunction {
        name: "frexpf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: OUT_INT,
        reference: |a| {
            let (m, e) = libm::frexp(a[0]);
            [
                m,
                if a[0].is_finite() {
                    f64::from(e)
                } else {
                    f64::NAN
                },
            ]
        },
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-FMAX, FMAX)]],
        hard: &[&[1e-45], &[-3e-39]],
    },
    MathFunction {
        name: "ldexpf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: FLOAT_INT,
        reference: |a| [libm::ldexpf(a[0] as f32, a[1] as i32).into(), 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-160.0, 160.0)],
            &[(-FMAX, FMAX), (-300.0, 300.0)],
        ],
        hard: &[&[1.5, -149.0], &[1.5, -150.0], &[0.75, 128.0]],
    },
    MathFunction {
        name: "scalbnf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: FLOAT_INT,
        reference: |a| [libm::scalbnf(a[0] as f32, a[1] as i32).into(), 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-160.0, 160.0)],
            &[(-FMAX, FMAX), (-300.0, 300.0)],
        ],
        hard: &[&[1.5, -149.0], &[1.5, -150.0]],
    },
    MathFunction {
        name: "ilogbf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_INT,
        reference: |a| [f64::from(libm::ilogbf(a[0] as f32)), 0.0],
        bound: 0.0,
        regions: &[&[(-FMAX, FMAX)], &[(-1e-38, 1e-38)]],
        hard: &[],
    },
    f1!("logbf", |x: f64| if x == 0.0 { f64::NEG_INFINITY } else if !x.is_finite() { x.abs() } else { f64::from(libm::ilogbf(x as f32)) }, 0.0, [-FMAX => FMAX, -1e-38 => 1e-38]),
    MathFunction {
        name: "fmodf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [libm::fmodf(a[0] as f32, a[1] as f32).into(), 0.0],
        bound: 0.0,
        regions: &[
            &[(-100.0, 100.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-1e-30, 1e-30)],
            &[(-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[-4.0, 2.0], &[3e38, 1e-45], &[5.0, 2.5]],
    },
    MathFunction {
        name: "remainderf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [libm::remainderf(a[0] as f32, a[1] as f32).into(), 0.0],
        bound: 0.0,
        regions: &[
            &[(-100.0, 100.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-1e-30, 1e-30)],
            &[(-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[
            &[-4.0, 2.0],
            &[3e38, 1e-45],
            &[5.0, 2.0],
            &[7.0, 2.0],
            &[-3.0, 2.0],
        ],
    },
    MathFunction {
        name: "remquof",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: QUO,
        reference: |a| {
            let (r, q) = libm::remquof(a[0] as f32, a[1] as f32);
            [r.into(), if r.is_nan() { f64::NAN } else { f64::from(q) }]
        },
        bound: 0.0,
        regions: &[
            &[(-100.0, 100.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-1e-30, 1e-30)],
        ],
        hard: &[&[-4.0, 2.0], &[5.0, 2.0], &[7.0, -2.0], &[-3.0, 2.0]],
    },
    MathFunction {
        name: "nextafterf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [libm::nextafterf(a[0] as f32, a[1] as f32).into(), 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[&[1.0, 2.0], &[1.0, 0.0], &[-1e-45, 1.0]],
    },
    MathFunction {
        name: "fdimf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| {
            [
                if a[0].is_nan() || a[1].is_nan() {
                    f64::NAN
                } else {
                    if a[0] > a[1] {
                        Ty::F32.round(a[0] - a[1])
                    } else {
                        0.0
                    }
                },
                0.0,
            ]
        },
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[],
    },
    // The fast intrinsics (approximate PTX instructions) and the IEEE-rounded
    // ones, with the bounds CUDA documents for them.
    // 2^-21.41, 2^-21.19, 2^-22, 2^-24: the absolute errors CUDA documents.
    fast1!("__sinf", f64::sin, Kind::Abs(-PI, PI), 3.6029e-7, [-PI => PI, -100.0 => 100.0]),
    fast1!("__cosf", f64::cos, Kind::Abs(-PI, PI), 4.1723e-7, [-PI => PI, -100.0 => 100.0]),
    fast1!("__expf", f64::exp, Kind::UlpPlus(1.173), 2.0, [-10.0 => 10.0, -87.0 => 88.7]),
    fast1!("__exp10f", |x: f64| 10f64.powf(x), Kind::UlpPlus(2.97), 2.0, [-5.0 => 5.0, -37.0 => 38.5]),
    fast1!("__logf", f64::ln, Kind::Abs(0.5, 2.0), 3.6029e-7, [0.5 => 2.0, 1e-30 => 1e30]),
    fast1!("__log2f", f64::log2, Kind::Abs(0.5, 2.0), 2.384185791015625e-7, [0.5 => 2.0, 1e-30 => 1e30]),
    fast1!("__log10f", f64::log10, Kind::Abs(0.5, 2.0), 5.960464477539063e-8, [0.5 => 2.0, 1e-30 => 1e30]),
    // __tanf, __powf: CUDA gives no number, only their implementations
    // (__sinf(x)/__cosf(x), exp2(y·__log2f(x))); the bounds here follow from
    // the documented bounds of those parts: (3.6e-7 + |tan x|·4.2e-7)/cos x
    // plus the division's 2 ulp on [-π/4, π/4]; 2 + |y|·ln 2·2^-22/2^-24 ulp
    // where __log2f's 2^-22 holds (x in [0.5, 2]).
    fast1!("__tanf", f64::tan, Kind::Abs(-std::f64::consts::FRAC_PI_4, std::f64::consts::FRAC_PI_4), 1.22e-6, [-0.78 => 0.78, -100.0 => 100.0]),
    MathFunction {
        name: "__powf",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Split {
            domain: |a| {
                if (0.5..=2.0).contains(&a[0]) {
                    Domain::Ulp((2.77 * a[1].abs()).floor())
                } else {
                    Domain::Unbounded
                }
            },
            abs: 0.0,
            note: "2 + floor(2.77|y|) ulp for x in [0.5, 2] (derived: CUDA states exp2(y·__log2f(x))), none documented elsewhere",
        },
        shape: BINARY,
        reference: |a| [(a[1] * a[0].log2()).exp2(), 0.0],
        bound: 2.0,
        regions: &[&[(0.5, 2.0), (-30.0, 30.0)], &[(0.0, 1e10), (-4.0, 4.0)]],
        hard: &[&[2.0, 10.0], &[0.5, -3.0], &[-2.0, 2.0]],
    },
    MathFunction {
        name: "__fdividef",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Split {
            domain: |a| {
                if (2f64.powi(-126)..=2f64.powi(126)).contains(&a[1].abs()) {
                    Domain::Ulp(0.0)
                } else {
                    Domain::Unbounded
                }
            },
            abs: 0.0,
            note: "2 ulp for |y| in [2^-126, 2^126]; beyond, 0 (NaN for infinite x) as CUDA documents",
        },
        shape: BINARY,
        reference: |a| [fdividef(a[0], a[1]), 0.0],
        bound: 2.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-1e38, 1e38)],
            &[(-1e30, 1e30), (1e38, FMAX)],
        ],
        hard: &[&[1.0, 3.0], &[1.0, 1e38], &[f64::INFINITY, 1e38], &[3e38, 0.5]],
    },
    f1!("rsqrtf", |x: f64| 1.0 / x.sqrt(), 2.0, [0.25 => 4.0, 0.0 => FMAX]),
    f1!("__fsqrt_rn", f64::sqrt, 0.0, [0.0 => 4.0, 0.0 => FMAX]),
    f1!("__frcp_rn", |x: f64| 1.0 / x, 0.0, [-4.0 => 4.0, -FMAX => FMAX]),
    MathFunction {
        name: "__fdiv_rn",
        ty: Ty::F32,
        mp: &[],
        kind: Kind::Ulp,
        shape: BINARY,
        reference: |a| [a[0] / a[1], 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0)],
            &[(-FMAX, FMAX), (-FMAX, FMAX)],
        ],
        hard: &[],
    },
    // Doubles: the bounds of the CUDA C Programming Guide's double-precision
    // table; the ranges reach the reductions' hard parts (huge trig
    // arguments, the overflow and underflow edges, denormals).
    dx!("sqrt", f64::sqrt, [0.0 => 4.0, DMIN => DMAX]),
    dx!("fabs", f64::abs, [-DMAX => DMAX]),
    dx!("floor", f64::floor, [-100.0 => 100.0, -1e17 => 1e17], hard [-0.5, 0.5, -1.5]),
    dx!("ceil", f64::ceil, [-100.0 => 100.0, -1e17 => 1e17], hard [-0.5, 0.5, -1.5]),
    dx!("trunc", f64::trunc, [-100.0 => 100.0, -1e17 => 1e17], hard [-0.5, 0.5, -1.5]),
    dx!("round", f64::round, [-100.0 => 100.0, -1e17 => 1e17], hard [0.5, -0.5, 2.5, -1.5, 0.49999999999999994, 4503599627370497.0]),
    dx!("rint", f64::round_ties_even, [-100.0 => 100.0, -1e17 => 1e17], hard [-0.5, 2.5, -1.5]),
    dx!("nearbyint", f64::round_ties_even, [-100.0 => 100.0, -1e17 => 1e17], hard [-0.5, 2.5, -1.5]),
    dx2!("fmin", f64::min, [[-10.0 => 10.0, -10.0 => 10.0]]),
    dx2!("fmax", f64::max, [[-10.0 => 10.0, -10.0 => 10.0]]),
    dx2!("copysign", f64::copysign, [[-DMAX => DMAX, -1.0 => 1.0]]),
    dx2!("fmod", libm::fmod, [[-100.0 => 100.0, -10.0 => 10.0], [-DMAX => DMAX, -1e-300 => 1e-300], [-DMAX => DMAX, -DMAX => DMAX]], hard [[-4.0, 2.0], [1e308, DMIN], [5.0, 2.5]]),
    dx2!("remainder", libm::remainder, [[-100.0 => 100.0, -10.0 => 10.0], [-DMAX => DMAX, -1e-300 => 1e-300], [-DMAX => DMAX, -DMAX => DMAX]], hard [[5.0, 2.0], [7.0, 2.0], [-3.0, 2.0], [1e308, DMIN]]),
    dx2!("fdim", libm::fdim, [[-10.0 => 10.0, -10.0 => 10.0], [-DMAX => DMAX, -DMAX => DMAX]]),
    dx2!("nextafter", libm::nextafter, [[-10.0 => 10.0, -10.0 => 10.0], [-DMAX => DMAX, -DMAX => DMAX]], hard [[1.0, 2.0], [1.0, 0.0], [-DMIN, 1.0], [DMAX, f64::INFINITY]]),
    MathFunction {
        name: "fma",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: TERNARY,
        reference: |a| [a[0].mul_add(a[1], a[2]), 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-10.0, 10.0), (-100.0, 100.0)],
            &[(-1e150, 1e150), (-1e150, 1e150), (-DMAX, DMAX)],
        ],
        hard: &[&[1.0, 1.0, -1.0], &[DMAX, 2.0, -DMAX]],
    },
    MathFunction {
        name: "ldexp",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: FLOAT_INT,
        reference: |a| [libm::ldexp(a[0], a[1] as i32), 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-1100.0, 1100.0)],
            &[(-DMAX, DMAX), (-2200.0, 2200.0)],
        ],
        hard: &[&[1.5, -1074.0], &[1.5, -1075.0], &[0.75, 1024.0]],
    },
    MathFunction {
        name: "scalbn",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: FLOAT_INT,
        reference: |a| [libm::scalbn(a[0], a[1] as i32), 0.0],
        bound: 0.0,
        regions: &[
            &[(-10.0, 10.0), (-1100.0, 1100.0)],
            &[(-DMAX, DMAX), (-2200.0, 2200.0)],
        ],
        hard: &[&[1.5, -1074.0], &[1.5, -1075.0]],
    },
    MathFunction {
        name: "ilogb",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_INT,
        reference: |a| [f64::from(libm::ilogb(a[0])), 0.0],
        bound: 0.0,
        regions: &[&[(-DMAX, DMAX)], &[(-1e-307, 1e-307)]],
        hard: &[],
    },
    dx!("logb", |x: f64| if x == 0.0 { f64::NEG_INFINITY } else if !x.is_finite() { x.abs() } else { f64::from(libm::ilogb(x)) }, [-DMAX => DMAX, -1e-307 => 1e-307]),
    MathFunction {
        name: "frexp",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: OUT_INT,
        reference: |a| {
            let (m, e) = libm::frexp(a[0]);
            [
                m,
                if a[0].is_finite() {
                    f64::from(e)
                } else {
                    f64::NAN
                },
            ]
        },
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-DMAX, DMAX)]],
        hard: &[&[DMIN], &[-3e-310]],
    },
    MathFunction {
        name: "modf",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: OUT_FLOAT,
        reference: |a| {
            let (frac, int) = libm::modf(a[0]);
            [frac, int]
        },
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-DMAX, DMAX)]],
        hard: &[&[-3.0], &[-0.5], &[4503599627370496.5]],
    },
    d1!("sin", f64::sin, 2.0, [-PI => PI, -1e6 => 1e6, 1e6 => 1e22, 1e22 => BIG, 1e-310 => 1e-5], hard [TRIG_HARDEST, -TRIG_HARDEST, 1073741823.5, 355.0, 103993.0, 1.0715086071862673e301]),
    d1!("cos", f64::cos, 2.0, [-PI => PI, -1e6 => 1e6, 1e6 => 1e22, -BIG => -1e22], hard [TRIG_HARDEST, -TRIG_HARDEST, 1073741823.5, 355.0, 103993.0, 1.0715086071862673e301]),
    d1!("tan", f64::tan, 2.0, [-1.6 => 1.6, -1e6 => 1e6, 1e9 => BIG, 1e-300 => 1e-5], hard [std::f64::consts::FRAC_PI_2, TRIG_HARDEST, -TRIG_HARDEST, 355.0, 103993.0]),
    MathFunction {
        name: "sincos",
        ty: Ty::F64,
        mp: &["sin", "cos"],
        kind: Kind::Ulp,
        shape: PAIR,
        reference: |a| [a[0].sin(), a[0].cos()],
        bound: 2.0,
        regions: &[&[(-PI, PI)], &[(-1e6, 1e6)], &[(1e6, BIG)]],
        hard: &[&[std::f64::consts::FRAC_PI_2]],
    },
    d1!("sinpi", sinpi, 2.0, [-2.0 => 2.0, -1e6 => 1e6, 1e10 => 4e15, 1e-300 => 1e-5], hard [0.5, 1.0, -1.0, 2.5, 4503599627370495.5]),
    d1!("cospi", cospi, 2.0, [-2.0 => 2.0, -1e6 => 1e6, 1e10 => 4e15], hard [0.5, 1.0, -1.5, 4503599627370495.5]),
    d1!("asin", f64::asin, 2.0, [-1.0 => 1.0, 0.9 => 1.0, 1e-300 => 0.5]),
    d1!("acos", f64::acos, 2.0, [-1.0 => 1.0, 0.9 => 1.0, -1.0 => -0.9, 1e-300 => 0.5]),
    d1!("atan", f64::atan, 2.0, [-2.0 => 2.0, -1e6 => 1e6, 1e-300 => 1.0, 1.0 => BIG]),
    d1!("sinh", f64::sinh, 2.0, [-1.0 => 1.0, -30.0 => 30.0, 1.0 => 710.4, 1e-300 => 1e-3], hard [710.47, 710.48]),
    d1!("cosh", f64::cosh, 1.0, [-1.0 => 1.0, -30.0 => 30.0, 1.0 => 710.4, 1e-300 => 1e-3], hard [710.47, 710.48]),
    d1!("tanh", f64::tanh, 1.0, [-1.0 => 1.0, -25.0 => 25.0, 1e-300 => 1e-3]),
    d1!("asinh", libm::asinh, 3.0, [-2.0 => 2.0, 1.0 => BIG, -BIG => -1e-300, 1e-300 => 1e-3]),
    d1!("acosh", libm::acosh, 3.0, [1.0 => 2.0, 1.0 => 1.0001, 2.0 => BIG]),
    d1!("atanh", f64::atanh, 2.0, [-1.0 => 1.0, 0.99 => 1.0, 1e-300 => 1e-3]),
    d1!("exp", f64::exp, 1.0, [-1.0 => 1.0, -700.0 => 709.7, -745.1 => -708.0, 1e-300 => 1e-10], hard [709.78, 709.79, -745.13, -745.14]),
    d1!("exp2", f64::exp2, 1.0, [-1.0 => 1.0, -1022.0 => 1023.9, -1074.0 => -1022.0], hard [1023.99, 1024.0, -1074.0, -1075.0, 3.0]),
    d1!("exp10", libm::exp10, 1.0, [-1.0 => 1.0, -307.0 => 308.2, -323.0 => -307.0], hard [308.25, 308.26, 2.0]),
    d1!("expm1", f64::exp_m1, 1.0, [-1.0 => 1.0, -40.0 => 709.7, 1e-300 => 1e-3, -1e-3 => -1e-300], hard [709.78, 709.79, -40.0]),
    d1!("log", f64::ln, 1.0, [0.5 => 2.0, 1e-300 => BIG, DMIN => 2.2e-308, 0.999 => 1.001]),
    d1!("log2", f64::log2, 1.0, [0.5 => 2.0, 1e-300 => BIG, DMIN => 2.2e-308], hard [8.0, 0.125]),
    d1!("log10", f64::log10, 1.0, [0.5 => 2.0, 1e-300 => BIG, DMIN => 2.2e-308], hard [1000.0, 0.001]),
    d1!("log1p", f64::ln_1p, 1.0, [-0.5 => 1.0, -1.0 => -0.5, 1e-300 => 1e-3, -1e-3 => -1e-300, 1.0 => BIG]),
    d1!("erf", libm::erf, 2.0, [-1.0 => 1.0, -6.0 => 6.0, 1e-300 => 1e-3, 1.0 => 6.5]),
    d1!("erfc", libm::erfc, 5.0, [-1.0 => 1.0, -6.0 => 6.0, 1.0 => 27.5, -1e-3 => 1e-3], hard [26.5, 27.3]),
    // The bound holds outside [-11.0001, -2.2637], where lgamma has zeros.
    d1!("lgamma", libm::lgamma, 4.0, [0.0 => 3.0, 0.9 => 2.1, 3.0 => 1e6, 1e6 => 1e300, -2.2637 => 0.0, -1e5 => -11.0001, 1e-320 => 1e-3], hard [1.0, 2.0, -0.5]),
    d1!("tgamma", libm::tgamma, 10.0, [0.0 => 3.0, 3.0 => 171.6, -2.2637 => 0.0, -170.0 => -11.0001, -200.0 => -170.0, 1e-306 => 1e-3], hard [1.0, 0.5, 171.62, 171.63, -0.5]),
    d1!("rsqrt", |x: f64| 1.0 / x.sqrt(), 1.0, [0.25 => 4.0, DMIN => BIG]),
    d1!("cbrt", f64::cbrt, 1.0, [-8.0 => 8.0, 1e-300 => BIG, -BIG => -1e-300, DMIN => 2.2e-308], hard [27.0, -8.0]),
    d1!("rcbrt", |x: f64| 1.0 / x.cbrt(), 1.0, [-8.0 => 8.0, 1e-300 => BIG, -BIG => -1e-300, DMIN => 2.2e-308], hard [27.0, -8.0]),
    d2!("pow", f64::powf, 2.0, [[0.0 => 4.0, -10.0 => 10.0], [1e-300 => BIG, -1.0 => 1.0], [0.99 => 1.01, -6e4 => 6e4], [0.0 => 4.0, -300.0 => 300.0]], hard [[-2.0, 3.0], [-2.0, -3.0], [2.0, 1023.99], [2.0, -1074.0], [-0.5, -1074.0]]),
    d2!("atan2", f64::atan2, 2.0, [[-2.0 => 2.0, -2.0 => 2.0], [1e-300 => BIG, -BIG => BIG], [-BIG => -1e-300, -1.0 => 1.0]], hard [[1.0, -1e300], [1e-300, -1.0]]),
    d2!("hypot", f64::hypot, 2.0, [[-2.0 => 2.0, -2.0 => 2.0], [1e-300 => BIG, 1e-300 => BIG], [1e-320 => 1e-300, -1e-300 => 1e-300]], hard [[3.0, 4.0], [1e308, 1e308], [DMIN, DMIN]]),
    d2!("rhypot", rhypot, 1.0, [[-2.0 => 2.0, -2.0 => 2.0], [1e-300 => BIG, 1e-300 => BIG]], hard [[3.0, 4.0], [DMIN, DMIN]]),
    d1!("erfinv", erfinv, 5.0, [-1.0 => 1.0, -0.5 => 0.5, 0.999 => 1.0, 1e-300 => 1e-3]),
    d1!("erfcinv", erfcinv, 6.0, [0.0 => 2.0, 1e-300 => 0.5, DMIN => 1e-300, 1.999 => 2.0], hard [DMIN, 1e-45, 0.289, 0.5, 1.5, 1.9999999999999998]),
    d1!("erfcx", erfcx, 4.0, [-1.0 => 1.0, -26.6 => 30.0, 1.0 => BIG, -0.75 => 0.75], hard [0.75, -0.75, 26.6, -26.6, -26.7, 1e308]),
    d1!("normcdf", normcdf, 5.0, [-5.0 => 5.0, -38.5 => 9.0, -1.0 => 1.0], hard [-36.8, -37.0, -38.4, -38.5, -38.6, 1.0607, -1.0607]),
    d1!("normcdfinv", normcdfinv, 8.0, [0.0 => 1.0, 1e-300 => 0.25, DMIN => 1e-300, 0.999 => 1.0], hard [DMIN, 0.25, 0.75, 0.1445, 0.9999999999999999]),
    MathFunction {
        name: "sincospi",
        ty: Ty::F64,
        mp: &["sinpi", "cospi"],
        kind: Kind::Ulp,
        shape: PAIR,
        reference: |a| [sinpi(a[0]), cospi(a[0])],
        bound: 2.0,
        regions: &[
            &[(-2.0, 2.0)],
            &[(-1e6, 1e6)],
            &[(1e10, 4e15)],
            &[(1e-300, 1e-5)],
        ],
        hard: &[&[0.5], &[1.0], &[-1.5], &[2.5], &[4503599627370495.5]],
    },
    MathFunction {
        name: "norm3d",
        ty: Ty::F64,
        mp: &["norm3d"],
        kind: Kind::Ulp,
        shape: TERNARY,
        reference: |a| [norm_ref(a), 0.0],
        bound: 2.0,
        regions: &[
            &[(-2.0, 2.0), (-2.0, 2.0), (-2.0, 2.0)],
            &[(-BIG, BIG), (-BIG, BIG), (-BIG, BIG)],
            &[(-1e-300, 1e-300), (-1e-300, 1e-300), (-1e-300, 1e-300)],
        ],
        hard: &[&[1.0, 2.0, 2.0], &[DMAX, DMAX, DMAX], &[DMIN, DMIN, DMIN]],
    },
    MathFunction {
        name: "norm4d",
        ty: Ty::F64,
        mp: &["norm4d"],
        kind: Kind::Ulp,
        shape: QUATERNARY,
        reference: |a| [norm_ref(a), 0.0],
        bound: 2.0,
        regions: &[
            &[(-2.0, 2.0), (-2.0, 2.0), (-2.0, 2.0), (-2.0, 2.0)],
            &[(-BIG, BIG), (-BIG, BIG), (-BIG, BIG), (-BIG, BIG)],
            &[
                (-1e-300, 1e-300),
                (-1e-300, 1e-300),
                (-1e-300, 1e-300),
                (-1e-300, 1e-300),
            ],
        ],
        hard: &[&[1.0, 2.0, 2.0, 4.0], &[DMAX, DMAX, DMAX, DMAX]],
    },
    MathFunction {
        name: "rnorm3d",
        ty: Ty::F64,
        mp: &["rnorm3d"],
        kind: Kind::Ulp,
        shape: TERNARY,
        reference: |a| [rnorm_ref(a), 0.0],
        bound: 1.0,
        regions: &[
            &[(-2.0, 2.0), (-2.0, 2.0), (-2.0, 2.0)],
            &[(-BIG, BIG), (-BIG, BIG), (-BIG, BIG)],
            &[(-1e-300, 1e-300), (-1e-300, 1e-300), (-1e-300, 1e-300)],
        ],
        hard: &[&[1.0, 2.0, 2.0], &[DMIN, DMIN, DMIN]],
    },
    MathFunction {
        name: "rnorm4d",
        ty: Ty::F64,
        mp: &["rnorm4d"],
        kind: Kind::Ulp,
        shape: QUATERNARY,
        reference: |a| [rnorm_ref(a), 0.0],
        bound: 1.0,
        regions: &[
            &[(-2.0, 2.0), (-2.0, 2.0), (-2.0, 2.0), (-2.0, 2.0)],
            &[(-BIG, BIG), (-BIG, BIG), (-BIG, BIG), (-BIG, BIG)],
        ],
        hard: &[&[1.0, 2.0, 2.0, 4.0], &[DMIN, DMIN, DMIN, DMIN]],
    },
    MathFunction {
        name: "remquo",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: QUO,
        reference: |a| {
            let (r, q) = libm::remquo(a[0], a[1]);
            [r, if r.is_nan() { f64::NAN } else { f64::from(q) }]
        },
        bound: 0.0,
        regions: &[
            &[(-100.0, 100.0), (-10.0, 10.0)],
            &[(-DMAX, DMAX), (-1e-300, 1e-300)],
            &[(-DMAX, DMAX), (-DMAX, DMAX)],
        ],
        hard: &[
            &[-4.0, 2.0],
            &[5.0, 2.0],
            &[7.0, -2.0],
            &[-3.0, 2.0],
            &[1e308, DMIN],
            &[DMAX, 3e307],
        ],
    },
    bessel!("j0", Ty::F64, "j0", libm::j0, 7.0, 5e-12, [-8.0 => 8.0, 8.0 => 1e4, -BIG => BIG, -1e-3 => 1e-3], hard [2.404825557695773, 5.520078110286311, 2.4048255576957724, 8.0, 7.999999999999999]),
    bessel!("j1", Ty::F64, "j1", j1, 7.0, 5e-12, [-8.0 => 8.0, 8.0 => 1e4, -BIG => BIG, -1e-3 => 1e-3], hard [3.8317059702075125, 7.015586669815619, DMIN, -DMIN]),
    bessel!("y0", Ty::F64, "y0", y0, 7.0, 5e-12, [0.0 => 8.0, 8.0 => 1e4, 0.0 => BIG, 1e-300 => 1e-3], hard [0.8935769662791675, 3.957678419314858, 7.086051060301773, 0.7, DMIN]),
    bessel!("y1", Ty::F64, "y1", y1, 7.0, 5e-12, [0.0 => 8.0, 8.0 => 1e4, 0.0 => BIG, 1e-300 => 1e-3], hard [2.197141326031017, 5.429681040794135, 1.0, DMIN, 1e-308]),
    MathFunction {
        name: "jn",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Split {
            domain: |_| Domain::Abs,
            abs: 5e-12,
            note: "absolute error (CUDA documents it for n = 128; measured for every n sampled)",
        },
        shape: ORDER_FLOAT,
        reference: |a| [jn(a[0], a[1]), 0.0],
        bound: 0.0,
        regions: &[
            &[(0.0, 130.0), (-10.0, 10.0)],
            &[(0.0, 130.0), (-200.0, 200.0)],
            &[(0.0, 20.0), (-1e6, 1e6)],
        ],
        hard: &[&[128.0, 128.0], &[128.0, 140.0], &[2.0, 1e-300], &[50.0, 1.0]],
    },
    MathFunction {
        name: "yn",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Split {
            domain: |a| {
                if a[1].abs() > 1.5 * a[0] {
                    Domain::Abs
                } else {
                    Domain::Unbounded
                }
            },
            abs: 5e-12,
            note: "absolute error for |x| > 1.5n (nothing documented below; special values checked)",
        },
        shape: ORDER_FLOAT,
        reference: |a| [yn(a[0], a[1]), 0.0],
        bound: 0.0,
        regions: &[
            &[(0.0, 130.0), (0.0, 10.0)],
            &[(0.0, 130.0), (0.0, 400.0)],
            &[(0.0, 20.0), (0.0, 1e6)],
        ],
        hard: &[&[128.0, 192.5], &[128.0, 400.0], &[2.0, 1e-300], &[50.0, 1.0]],
    },
    d1!("cyl_bessel_i0", bessel_i0, 6.0, [-10.0 => 10.0, -714.0 => 714.0, 1e-300 => 1e-3], hard [3.75, 15.0, 713.98, 713.99, 3.7499999999999996]),
    d1!("cyl_bessel_i1", bessel_i1, 6.0, [-10.0 => 10.0, -714.0 => 714.0, 1e-300 => 1e-3], hard [3.75, 15.0, 713.98, 713.99, DMIN]),
    MathFunction {
        name: "lround",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| [to_long(a[0].round()), 0.0],
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[
            &[0.5],
            &[-0.5],
            &[2.5],
            &[-1.5],
            &[0.49999999999999994],
            &[4503599627370497.0],
        ],
    },
    MathFunction {
        name: "llround",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| [to_long(a[0].round()), 0.0],
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[
            &[0.5],
            &[-0.5],
            &[2.5],
            &[-1.5],
            &[0.49999999999999994],
            &[4503599627370497.0],
        ],
    },
    MathFunction {
        name: "lrint",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| [to_long(a[0].round_ties_even()), 0.0],
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[&[0.5], &[-0.5], &[2.5], &[-1.5], &[4503599627370497.0]],
    },
    MathFunction {
        name: "llrint",
        ty: Ty::F64,
        mp: &[],
        kind: Kind::Ulp,
        shape: TO_LONG,
        reference: |a| [to_long(a[0].round_ties_even()), 0.0],
        bound: 0.0,
        regions: &[&[(-100.0, 100.0)], &[(-1e18, 1e18)]],
        hard: &[&[0.5], &[-0.5], &[2.5], &[-1.5], &[4503599627370497.0]],
    },
];

/// An integral value as `lround`'s result, NaN (unspecified) where no
/// `long long` holds it.
fn to_long(r: f64) -> f64 {
    if r.abs() < 9.2e18 {
        r
    } else {
        f64::NAN
    }
}

/// sqrt(Σ a²) as a double-double (h, l) times 2^k, for finite arguments
/// not all zero: scaled by a power of two, the squares and their sum as
/// double-doubles, the square root corrected once.
fn norm_dd(a: &[f64]) -> (f64, f64, i32) {
    let m = a.iter().fold(0f64, |m, v| m.max(v.abs()));
    let k = m.log2().floor() as i32;
    let (mut sh, mut sl) = (0f64, 0f64);
    for v in a {
        let x = libm::ldexp(*v, -k);
        let p = x * x;
        let pl = x.mul_add(x, -p);
        let s = sh + p;
        let bb = s - sh;
        sl += (sh - (s - bb)) + (p - bb) + pl;
        sh = s;
    }
    let h = sh.sqrt();
    (h, ((-h).mul_add(h, sh) + sl) / (h + h), k)
}

/// sqrt(Σ a²) within a fraction of an ulp for any doubles; infinite when
/// an argument is (even beside a NaN).
fn norm_ref(a: &[f64]) -> f64 {
    if a.iter().any(|v| v.is_infinite()) {
        return f64::INFINITY;
    }
    if a.iter().any(|v| v.is_nan()) {
        return f64::NAN;
    }
    if a.iter().all(|v| *v == 0.0) {
        return 0.0;
    }
    let (h, l, k) = norm_dd(a);
    libm::ldexp(h + l, k)
}

/// 1/sqrt(Σ a²), as [`norm_ref`] (finite where the norm overflows).
fn rnorm_ref(a: &[f64]) -> f64 {
    if a.iter().any(|v| v.is_infinite() || v.is_nan()) || a.iter().all(|v| *v == 0.0) {
        return 1.0 / norm_ref(a);
    }
    let (h, l, k) = norm_dd(a);
    let r = 1.0 / h;
    let rl = ((-r).mul_add(h, 1.0) - r * l) / h;
    libm::ldexp(r + rl, -k)
}

/// erfcx(x) = e^(x²)·erfc(x) in f64 (the asymptotic series from 25 on).
fn erfcx(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x >= 25.0 {
        let r = 1.0 / (x * x);
        let s = 1.0 - r * (0.5 - r * (0.75 - r * (1.875 - r * 6.5625)));
        return s / x / std::f64::consts::PI.sqrt();
    }
    (x * x).exp() * libm::erfc(x)
}

/// The normal distribution's CDF, erfc(-x/√2)/2.
fn normcdf(x: f64) -> f64 {
    if x < -37.0 {
        // Deep in the tail erfc underflows early (to 0 where the true value
        // is the least denormal, 2.7e-324 at -38.483): φ(x)/|x|·(1 - 1/x² +
        // 3/x⁴ - 15/x⁶) as one exp, which rounds into the denormals.
        let r = 1.0 / (x * x);
        let series = 1.0 - r * (1.0 - r * (3.0 - 15.0 * r));
        let scale = series / (-x * (2.0 * std::f64::consts::PI).sqrt());
        return (-0.5 * x * x + scale.ln()).exp();
    }
    0.5 * libm::erfc(-x * std::f64::consts::FRAC_1_SQRT_2)
}

/// The inverse of [`normcdf`], -√2·erfcinv(2p) (+0 at p = 1/2).
fn normcdfinv(p: f64) -> f64 {
    if p == 0.5 {
        return 0.0;
    }
    -std::f64::consts::SQRT_2 * erfcinv(2.0 * p)
}

/// 1 / hypot(a, b), without hypot's overflow (rhypot(DBL_MAX, DBL_MAX) is a
/// denormal, not 0).
fn rhypot(a: f64, b: f64) -> f64 {
    let m = a.abs().max(b.abs());
    if a.is_infinite() || b.is_infinite() {
        return 0.0;
    }
    if m == 0.0 || m.is_nan() {
        return 1.0 / a.hypot(b);
    }
    1.0 / m / (a / m).hypot(b / m)
}

/// I0 in f64 (which decides the special values): the power series below
/// 30, the asymptotic series e^x/√(2πx)·(1 + 1/(8x) + 9/(128x²) + …) beyond,
/// with e^x in halves so that it overflows only where I0 does.
fn bessel_i0(x: f64) -> f64 {
    bessel_i(x.abs(), false)
}

/// I1, odd.
fn bessel_i1(x: f64) -> f64 {
    bessel_i(x.abs(), true).copysign(x)
}

fn bessel_i(x: f64, order1: bool) -> f64 {
    if x.is_nan() || x.is_infinite() {
        return x;
    }
    if x < 30.0 {
        let z = x * x / 4.0;
        let (mut term, mut sum) = (1.0, 1.0);
        for k in 1..200 {
            let k = f64::from(k);
            term *= z / if order1 { k * (k + 1.0) } else { k * k };
            sum += term;
        }
        return if order1 { sum * x / 2.0 } else { sum };
    }
    if x > 720.0 {
        return f64::INFINITY;
    }
    // Σ ∏(4n² - (2j-1)²) / (j! (8x)^j), n the order, alternating signs
    let mu = if order1 { 4.0 } else { 0.0 };
    let (mut term, mut sum) = (1.0, 1.0);
    for j in 1..12 {
        let j = f64::from(j);
        term *= -(mu - (2.0 * j - 1.0) * (2.0 * j - 1.0)) / (j * 8.0 * x);
        sum += term;
    }
    let half = (x / 2.0).exp();
    half * (half / (2.0 * std::f64::consts::PI * x).sqrt()) * sum
}

/// `__fdividef(x, y)`: x times the reciprocal of y, which is 0 for |y| >
/// 2^126 (so 0 there, NaN for an infinite x), else x/y.
fn fdividef(x: f64, y: f64) -> f64 {
    if y.abs() > 2f64.powi(126) {
        return x * 0f64.copysign(y);
    }
    x / y
}

/// J1 with CUDA's ±0 at ±∞.
fn j1(x: f64) -> f64 {
    if x.is_infinite() {
        0f64.copysign(x)
    } else {
        libm::j1(x)
    }
}

/// Y0 and Y1: NaN below 0, -∞ at ±0.
fn y0(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        libm::y0(x)
    }
}

fn y1(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        libm::y1(x)
    }
}

/// J_n as CUDA's `jn`: NaN for n < 0, J_n(-x) = (-1)^n J_n(x), ±0 at ±∞.
fn jn(n: f64, x: f64) -> f64 {
    if n < 0.0 {
        return f64::NAN;
    }
    let odd = (n as i64) % 2 == 1;
    if x.is_infinite() {
        return if odd { 0f64.copysign(x) } else { 0.0 };
    }
    match n as i32 {
        0 => libm::j0(x),
        1 => j1(x),
        k => libm::jn(k, x),
    }
}

/// Y_n as CUDA's `yn`: NaN for n < 0 or x < 0, -∞ at ±0.
fn yn(n: f64, x: f64) -> f64 {
    if n < 0.0 || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    libm::yn(n as i32, x)
}

/// sin(πx), ±0 at the integers (C23's sinpi).
fn sinpi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let t = x % 2.0;
    if t == t.trunc() {
        return 0f64.copysign(x);
    }
    (std::f64::consts::PI * t).sin()
}

/// cos(πx), +0 at the half-integers.
fn cospi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let t = x % 2.0;
    if (t + 0.5) == (t + 0.5).trunc() {
        return 0.0;
    }
    (std::f64::consts::PI * t).cos()
}

/// The inverse of erfc for c in (0, 2), by Newton's method on ln erfc (for
/// c ≤ 1) with erfc's symmetry above.
pub(crate) fn erfcinv(c: f64) -> f64 {
    if c.is_nan() || !(0.0..=2.0).contains(&c) {
        return f64::NAN;
    }
    if c == 0.0 {
        return f64::INFINITY;
    }
    if c == 2.0 {
        return f64::NEG_INFINITY;
    }
    if c > 1.0 {
        return -erfcinv(2.0 - c);
    }
    if c == 1.0 {
        return 0.0;
    }
    let target = c.ln();
    let mut x: f64 = if c < 0.5 {
        (-target).sqrt()
    } else {
        (1.0 - c) * 0.886
    };
    for _ in 0..100 {
        // ln erfc(x) = ln erfcx(x) - x² (no underflow), and its slope
        // -2/(√π·erfcx(x))
        let ex = erfcx(x);
        let d = -2.0 / std::f64::consts::PI.sqrt() / ex;
        let step = ((ex.ln() - x * x) - target) / d;
        x -= step;
        if step.abs() <= 1e-17 * x.abs() {
            break;
        }
    }
    x
}

/// The inverse of erf: Newton's method on erf near 0, erfcinv(1 - y) beyond.
pub(crate) fn erfinv(y: f64) -> f64 {
    if y.is_nan() || y.abs() > 1.0 {
        return f64::NAN;
    }
    if y == 0.0 || y.abs() == 1.0 {
        return if y == 0.0 {
            y
        } else {
            f64::INFINITY.copysign(y)
        };
    }
    if y.abs() >= 0.5 {
        return erfcinv(1.0 - y.abs()).copysign(y);
    }
    let mut x = y * 0.886;
    for _ in 0..100 {
        let d = 2.0 / std::f64::consts::PI.sqrt() * (-x * x).exp();
        let step = (libm::erf(x) - y) / d;
        x -= step;
        if step.abs() <= 1e-17 * x.abs() {
            break;
        }
    }
    x
}

/// `a * b + c` rounded once to f32, for float arguments.
fn fma_f32_exact(a: f64, b: f64, c: f64) -> f64 {
    let p = a * b; // exact: 24 + 24 bits
    if !p.is_finite() || !c.is_finite() {
        return Ty::F32.round(p + c);
    }
    // p + c = s + t exactly (two-sum); rounding s to f32 is right unless s
    // lies exactly halfway between two floats, where t decides.
    let s = p + c;
    let bb = s - p;
    let t = (p - (s - bb)) + (c - bb);
    let r = Ty::F32.round(s);
    if t == 0.0 || !r.is_finite() || r == s {
        return r;
    }
    // The float on s's other side of r: s is a tie when exactly halfway.
    let other = if s < r {
        f64::from((r as f32).next_down())
    } else {
        f64::from((r as f32).next_up())
    };
    if s - r == (other - r) / 2.0 && (other - s).signum() == t.signum() {
        return other;
    }
    r
}

/// The values every float parameter is tried with.
pub fn specials(ty: Ty) -> Vec<f64> {
    let (tiny, max_denorm, min_normal, max) = match ty {
        Ty::F32 => (
            f64::from(f32::from_bits(1)),
            f64::from(f32::from_bits(0x007f_ffff)),
            f64::from(f32::MIN_POSITIVE),
            f64::from(f32::MAX),
        ),
        Ty::F64 => (
            f64::from_bits(1),
            f64::from_bits(0x000f_ffff_ffff_ffff),
            f64::MIN_POSITIVE,
            f64::MAX,
        ),
    };
    let mut v = vec![f64::NAN];
    for x in [
        0.0,
        tiny,
        max_denorm,
        min_normal,
        0.5,
        1.0,
        2.0,
        max,
        f64::INFINITY,
    ] {
        v.push(x);
        v.push(-x);
    }
    v
}

const INT_SPECIALS: &[f64] = &[
    0.0,
    1.0,
    -1.0,
    23.0,
    127.0,
    -126.0,
    -149.0,
    300.0,
    -300.0,
    2147483647.0,
    -2147483648.0,
];

/// The orders a Bessel function is tried with.
const ORDER_SPECIALS: &[f64] = &[0.0, 1.0, 2.0, 3.0, -1.0, -2.0, 17.0, 128.0, -128.0];

/// A deterministic generator (a 64-bit LCG's top bits).
struct Rng(u64);

impl Rng {
    fn unit(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in `[lo, hi]` (`log`: log-uniform in magnitude, with the signs
    /// the range allows).
    fn sample(&mut self, lo: f64, hi: f64, log: bool) -> f64 {
        let u = self.unit();
        if !log {
            return lo + u * (hi - lo);
        }
        let (mlo, mhi) = if lo >= 0.0 {
            (lo, hi)
        } else if hi <= 0.0 {
            (-hi, -lo)
        } else {
            (0.0, lo.abs().max(hi))
        };
        let mlo = mlo.max(mhi * 1e-30).max(f64::MIN_POSITIVE);
        let m = (mlo.ln() + u * (mhi.ln() - mlo.ln())).exp();
        let negative = if lo >= 0.0 {
            false
        } else if hi <= 0.0 {
            true
        } else {
            self.unit() < -lo / (hi - lo)
        };
        if negative {
            -m.min(-lo)
        } else {
            m.min(hi)
        }
    }
}

/// The inputs for `f`: about `n` random ones over its regions, then the
/// special and hard cases. Each is one value per parameter, already of the
/// parameter's type.
pub fn inputs(f: &MathFunction, n: usize) -> Vec<Vec<f64>> {
    let arity = f.shape.args.len();
    let round = |k: usize, v: f64| match f.shape.args[k] {
        Arg::Float => f.ty.round(v),
        Arg::Int | Arg::Order => v.round().clamp(-2147483648.0, 2147483647.0),
    };
    let mut out = Vec::new();
    let mut rng = Rng(0x5eed ^ f.name.len() as u64);
    let per_region = n.div_ceil(f.regions.len().max(1));
    for region in f.regions {
        for i in 0..per_region {
            let x = (0..arity)
                .map(|k| {
                    let (lo, hi) = region.get(k).copied().unwrap_or((-1.0, 1.0));
                    round(k, rng.sample(lo, hi, i % 2 == 1))
                })
                .collect();
            out.push(x);
        }
    }
    let specials_of = |k: usize| match f.shape.args[k] {
        Arg::Float => specials(f.ty),
        Arg::Int => INT_SPECIALS.to_vec(),
        Arg::Order => ORDER_SPECIALS.to_vec(),
    };
    // Every combination of special values (for three parameters, a sparser set).
    let mut combos: Vec<Vec<f64>> = vec![vec![]];
    for k in 0..arity {
        let mut s = specials_of(k);
        if arity >= 3 {
            s.retain(|v| !(v.abs() > 0.0 && v.abs() < 1e-300 && f.ty == Ty::F64));
            s.truncate(if arity == 3 { 11 } else { 7 });
        }
        combos = combos
            .into_iter()
            .flat_map(|c| {
                s.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push(*v);
                    c
                })
            })
            .collect();
    }
    out.extend(combos);
    for h in f.hard {
        out.push(
            (0..arity)
                .map(|k| round(k, h.get(k).copied().unwrap_or(1.0)))
                .collect(),
        );
    }
    out
}

/// The kernel that evaluates `f` once per thread: parameter buffers `a0…`,
/// result buffers `r0…`, then the count.
pub fn kernel_source(f: &MathFunction) -> String {
    let t = f.ty.c_name();
    let out_ty = |o: Out| match o {
        Out::Float => t,
        Out::Int | Out::Quo => "int",
        Out::Long => "long long",
    };
    let mut params = Vec::new();
    for (k, a) in f.shape.args.iter().enumerate() {
        let ty = if *a == Arg::Float { t } else { "int" };
        params.push(format!("const {ty} *a{k}"));
    }
    for (k, o) in f.shape.outs.iter().enumerate() {
        params.push(format!("{} *r{k}", out_ty(*o)));
    }
    params.push("int n".to_string());
    let mut body = String::new();
    let first_ptr = usize::from(f.shape.returns);
    for (k, o) in f.shape.outs.iter().enumerate().skip(first_ptr) {
        body.push_str(&format!("  {} o{k};\n", out_ty(*o)));
    }
    let mut call_args: Vec<String> = (0..f.shape.args.len())
        .map(|k| format!("a{k}[i]"))
        .collect();
    call_args.extend((first_ptr..f.shape.outs.len()).map(|k| format!("&o{k}")));
    let call = format!("{}({})", f.name, call_args.join(", "));
    if f.shape.returns {
        body.push_str(&format!("  r0[i] = {call};\n"));
    } else {
        body.push_str(&format!("  {call};\n"));
    }
    for k in first_ptr..f.shape.outs.len() {
        body.push_str(&format!("  r{k}[i] = o{k};\n"));
    }
    format!(
        "__global__ void k({}) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i >= n) return;\n{body}}}\n",
        params.join(", ")
    )
}

/// The error of `got` against the exact `want`, in ulp of `ty`; `None` when
/// `want` is a special value (NaN, ±Inf, ±0) that `got` does not match exactly.
pub fn ulp_error(got: f64, want: f64, ty: Ty) -> Option<f64> {
    if want.is_nan() || want.is_infinite() || want == 0.0 {
        let same = (got.is_nan() && want.is_nan())
            || (got == want && got.is_sign_negative() == want.is_sign_negative());
        return same.then_some(0.0);
    }
    if got.is_nan() {
        return Some(f64::INFINITY);
    }
    if ty.round(want).is_infinite() && got == ty.round(want) {
        return Some(0.0); // beyond the overflow threshold: ∞ is the rounded result
    }
    let got = if got.is_infinite() {
        ty.overflow().copysign(got)
    } else {
        got
    };
    Some((got - want).abs() / ty.ulp(want))
}

/// One row of the report.
#[derive(Clone, Debug)]
pub struct Row {
    pub name: &'static str,
    pub samples: usize,
    /// The largest error seen, in ulp, and the arguments where.
    pub max_ulp: f64,
    pub worst: Vec<f64>,
    /// For [`Kind::Split`]: the largest absolute error where that bound
    /// holds, and where.
    pub max_abs: f64,
    pub worst_abs: Vec<f64>,
    pub bound: f64,
    /// What `bound` and `max_ulp` count (ulp, or an absolute error).
    pub kind: Kind,
    /// Special values not matched exactly: `f(args) = got, want want`, the
    /// first few, and how many in all.
    pub special_mismatches: Vec<String>,
    pub special_count: usize,
    /// Why the function could not be measured (a compile or launch error).
    pub error: Option<String>,
}

impl Row {
    /// Within bound: CUDA's bounds count ulp from the correctly rounded
    /// result, which is itself up to half an ulp from the exact one.
    pub fn pass(&self) -> bool {
        let slack = if matches!(self.kind, Kind::Abs(..)) {
            0.0
        } else {
            0.5
        };
        let abs_ok = match self.kind {
            Kind::Split { abs, .. } => self.max_abs <= abs,
            _ => true,
        };
        self.error.is_none()
            && self.special_count == 0
            && self.max_ulp <= self.bound + slack
            && abs_ok
    }
}

/// An absolute error as a power of two (0 as 0).
fn pow2(e: f64) -> String {
    if e == 0.0 {
        "0".to_string()
    } else {
        format!("2^{:.2}", e.log2())
    }
}

fn fmt_args(args: &[f64]) -> String {
    args.iter()
        .map(|v| format!("{v:e}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Measures `f` on about `n` random inputs plus its special and hard cases,
/// compiled with `opts` (whose `-ftz` must be off: the reference keeps denormals).
pub fn measure(f: &MathFunction, n: usize, opts: &Options) -> Row {
    measure_with(f, n, &mut |launch, mem| run_ours(f, launch, mem, opts))
}

/// [`kernel_source`] compiled by our pipeline and run in the IR interpreter.
fn run_ours(
    f: &MathFunction,
    launch: &Launch,
    mem: &mut Memory,
    opts: &Options,
) -> Result<(), String> {
    let src = kernel_source(f);
    let m = crate::compile_to_ir("report.cu", &src, &crate::NoFiles, opts, None).map_err(|d| {
        d.iter()
            .map(|d| d.message.clone())
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    let kernel = m
        .functions
        .iter()
        .find(|g| g.attrs.kernel)
        .map(|g| g.name.clone())
        .ok_or("no kernel")?;
    let config = Config {
        max_steps: 1 << 40,
        ..Config::for_options(opts)
    };
    run_kernel(&m, &kernel, launch, mem, &config).map_err(|e| e.to_string())?;
    Ok(())
}

/// [`measure`] with the launch of [`kernel_source`]`(f)` run by `run` (on
/// its inputs in `Memory`): another compiler's code, another executor (the
/// PTX emulator runs NVIDIA's libdevice this way in `tests/ptx_emu.rs`).
pub fn measure_with(
    f: &MathFunction,
    n: usize,
    run: &mut dyn FnMut(&Launch, &mut Memory) -> Result<(), String>,
) -> Row {
    let mut row = Row {
        name: f.name,
        samples: 0,
        max_ulp: 0.0,
        worst: Vec::new(),
        max_abs: 0.0,
        worst_abs: Vec::new(),
        bound: f.bound,
        kind: f.kind,
        special_mismatches: Vec::new(),
        special_count: 0,
        error: None,
    };
    let xs = inputs(f, n);
    row.samples = xs.len();
    let mut precise = Precise::new(f);
    if let Err(e) = &precise {
        row.error = Some(e.clone());
        return row;
    }
    match evaluate(f, &xs, run) {
        Ok(results) => {
            for (x, got) in xs.iter().zip(&results) {
                let want = (f.reference)(x);
                for (k, o) in f.shape.outs.iter().enumerate() {
                    let (g, w) = (got[k], want[k]);
                    let err = match o {
                        Out::Float => match f.kind {
                            Kind::Ulp => {
                                match precise.as_mut().ok().and_then(|p| p.ulps(x, k, g, w, f.ty)) {
                                    Some(e) => Some(e),
                                    None => ulp_error(g, w, f.ty),
                                }
                            }
                            Kind::UlpPlus(coef) => ulp_error(g, w, f.ty)
                                .map(|e| (e - (coef * x[0]).abs().floor()).max(0.0)),
                            Kind::Split { domain, .. } => {
                                if w.is_nan() || w.is_infinite() || w == 0.0 {
                                    ulp_error(g, w, f.ty)
                                } else {
                                    match domain(x) {
                                        Domain::Ulp(extra) => match precise
                                            .as_mut()
                                            .ok()
                                            .and_then(|p| p.ulps(x, k, g, w, f.ty))
                                        {
                                            Some(e) => Some((e - extra).max(0.0)),
                                            None => {
                                                ulp_error(g, w, f.ty).map(|e| (e - extra).max(0.0))
                                            }
                                        },
                                        Domain::Abs => {
                                            let e = if g.is_nan() {
                                                f64::INFINITY
                                            } else {
                                                (g - w).abs()
                                            };
                                            if e > row.max_abs {
                                                row.max_abs = e;
                                                row.worst_abs.clone_from(x);
                                            }
                                            Some(0.0)
                                        }
                                        Domain::Unbounded => Some(0.0),
                                    }
                                }
                            }
                            Kind::Abs(lo, hi) => {
                                let inside = x.iter().all(|v| (lo..=hi).contains(v));
                                if w.is_nan() || w.is_infinite() || w == 0.0 {
                                    ulp_error(g, w, f.ty)
                                } else if inside {
                                    Some(if g.is_nan() {
                                        f64::INFINITY
                                    } else {
                                        (g - w).abs()
                                    })
                                } else {
                                    Some(0.0) // no documented bound out there
                                }
                            }
                        },
                        Out::Int | Out::Long => (w.is_nan() || g == w).then_some(0.0),
                        Out::Quo => {
                            let ok = w.is_nan()
                                || (g.signum() == w.signum() || w == 0.0 || g == 0.0)
                                    && (g.abs() as i64) % 8 == (w.abs() as i64) % 8;
                            ok.then_some(0.0)
                        }
                    };
                    match err {
                        Some(e) if e > row.max_ulp || (row.worst.is_empty() && e.is_nan()) => {
                            row.max_ulp = e;
                            row.worst.clone_from(x);
                        }
                        Some(_) => {}
                        None => {
                            row.special_count += 1;
                            if row.special_mismatches.len() < 5 {
                                let which = if f.shape.outs.len() > 1 {
                                    format!("[{k}]")
                                } else {
                                    String::new()
                                };
                                row.special_mismatches.push(format!(
                                    "{}({}){which} = {g:e}, want {w:e}",
                                    f.name,
                                    fmt_args(x)
                                ));
                            }
                        }
                    }
                }
            }
        }
        Err(e) => row.error = Some(e),
    }
    row
}

/// The 320-bit reference of a function with [`MathFunction::mp`] names.
struct Precise {
    names: &'static [&'static str],
    #[cfg(feature = "mpref")]
    reference: Option<crate::mpref::Ref>,
}

impl Precise {
    /// An error when `f` needs the reference and this build lacks it.
    fn new(f: &MathFunction) -> Result<Precise, String> {
        if f.mp.is_empty() {
            return Ok(Precise {
                names: f.mp,
                #[cfg(feature = "mpref")]
                reference: None,
            });
        }
        #[cfg(feature = "mpref")]
        return Ok(Precise {
            names: f.mp,
            reference: Some(crate::mpref::Ref::new()),
        });
        #[cfg(not(feature = "mpref"))]
        Err("measuring a double function needs the 'mpref' feature".into())
    }

    /// The error of result `k`, `got`, in ulp against the 320-bit value at
    /// `args`; `None` where the f64 reference's `want` decides: the special
    /// arguments (±0, ±Inf, NaN) and results (NaN, ±Inf) of C99 Annex F.
    #[cfg_attr(not(feature = "mpref"), allow(unused_variables))]
    fn ulps(&mut self, args: &[f64], k: usize, got: f64, want: f64, ty: Ty) -> Option<f64> {
        let name = self.names.get(k)?;
        // An exact zero (lgamma(1), sinpi(2)) is compared exactly too: the
        // 320-bit value of a zero is a tiny residue.
        if !want.is_finite() || want == 0.0 || args.iter().any(|a| !a.is_finite() || *a == 0.0) {
            return None;
        }
        #[cfg(feature = "mpref")]
        {
            let r = self.reference.as_mut()?;
            let exact = r.eval(name, args);
            match ty {
                Ty::F64 => Some(crate::mpref::ulps(got, &exact)),
                // The float's ulp against the exact value to a double's precision.
                Ty::F32 => ulp_error(got, crate::mpref::to_f64(&exact), ty),
            }
        }
        #[cfg(not(feature = "mpref"))]
        None
    }
}

/// [`measure`] for every function of `funcs`, on `threads` threads (each
/// with the compiler's stack), the rows in `funcs`' order.
pub fn measure_all(
    funcs: &[&'static MathFunction],
    n: usize,
    opts: &Options,
    threads: usize,
) -> Vec<Row> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let rows = std::sync::Mutex::new(vec![None; funcs.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, funcs.len().max(1)) {
            let work = || loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(f) = funcs.get(k) else { break };
                let row = measure(f, n, opts);
                rows.lock().unwrap_or_else(|e| e.into_inner())[k] = Some(row);
            };
            std::thread::Builder::new()
                .stack_size(crate::STACK_SIZE)
                .spawn_scoped(scope, work)
                .expect("a report thread");
        }
    });
    rows.into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .zip(funcs)
        .map(|(r, f)| {
            r.unwrap_or_else(|| Row {
                name: f.name,
                samples: 0,
                max_ulp: 0.0,
                worst: Vec::new(),
                max_abs: 0.0,
                worst_abs: Vec::new(),
                bound: f.bound,
                kind: f.kind,
                special_mismatches: Vec::new(),
                special_count: 0,
                error: Some("its thread failed".into()),
            })
        })
        .collect()
}

/// Runs `f` on every input in one launch (by `run`); each result as f64.
fn evaluate(
    f: &MathFunction,
    xs: &[Vec<f64>],
    run: &mut dyn FnMut(&Launch, &mut Memory) -> Result<(), String>,
) -> Result<Vec<[f64; 2]>, String> {
    let mut mem = Memory::new();
    let mut args = Vec::new();
    for (k, a) in f.shape.args.iter().enumerate() {
        let col = xs.iter().map(|x| x[k]);
        args.push(ArgValue::Buffer(match (a, f.ty) {
            (Arg::Int | Arg::Order, _) => mem.upload(&col.map(|v| v as i32).collect::<Vec<_>>()),
            (Arg::Float, Ty::F32) => mem.upload(&col.map(|v| v as f32).collect::<Vec<_>>()),
            (Arg::Float, Ty::F64) => mem.upload(&col.collect::<Vec<_>>()),
        }));
    }
    let n = xs.len();
    let mut outs: Vec<(Out, BufferId)> = Vec::new();
    for o in f.shape.outs {
        let id = match (o, f.ty) {
            (Out::Float, Ty::F32) => mem.upload(&vec![0f32; n]),
            (Out::Float, Ty::F64) => mem.upload(&vec![0f64; n]),
            (Out::Long, _) => mem.upload(&vec![0i64; n]),
            (Out::Int | Out::Quo, _) => mem.upload(&vec![0i32; n]),
        };
        outs.push((*o, id));
        args.push(ArgValue::Buffer(id));
    }
    args.push(ArgValue::I32(n as i32));
    let launch = Launch::new([(n as u32).div_ceil(256), 1, 1], [256, 1, 1], args);
    run(&launch, &mut mem)?;
    let mut results = vec![[0.0; 2]; n];
    for (k, (o, id)) in outs.iter().enumerate() {
        let col: Vec<f64> = match (o, f.ty) {
            (Out::Float, Ty::F32) => mem
                .download::<f32>(*id)
                .into_iter()
                .map(f64::from)
                .collect(),
            (Out::Float, Ty::F64) => mem.download::<f64>(*id),
            (Out::Long, _) => mem
                .download::<i64>(*id)
                .into_iter()
                .map(|v| v as f64)
                .collect(),
            (Out::Int | Out::Quo, _) => mem
                .download::<i32>(*id)
                .into_iter()
                .map(f64::from)
                .collect(),
        };
        for (r, v) in results.iter_mut().zip(col) {
            r[k] = v;
        }
    }
    Ok(results)
}

/// The functions named (all when `names` is empty), or the unknown name.
pub fn select(names: &[String]) -> Result<Vec<&'static MathFunction>, String> {
    if names.is_empty() {
        return Ok(FUNCTIONS.iter().collect());
    }
    names
        .iter()
        .map(|n| {
            FUNCTIONS
                .iter()
                .find(|f| f.name == n)
                .ok_or_else(|| format!("no function '{n}' in the report"))
        })
        .collect()
}

/// The report as a table, one line per row, and the special-value mismatches under it.
pub fn format(rows: &[Row]) -> String {
    let mut s = format!(
        "{:<12} {:>8} {:>10} {:>14}  {:<6} {:>8}  worst at\n",
        "function", "samples", "max error", "bound", "result", "specials"
    );
    for r in rows {
        let verdict = if r.pass() { "pass" } else { "FAIL" };
        let (max, bound) = match r.kind {
            Kind::Ulp => (format!("{:.3}", r.max_ulp), format!("{} ulp", r.bound)),
            Kind::UlpPlus(c) => (
                format!("{:.3}", r.max_ulp),
                format!("{}+|{c}x| ulp", r.bound),
            ),
            Kind::Abs(..) => (pow2(r.max_ulp), format!("2^{:.2} abs", r.bound.log2())),
            Kind::Split { abs: 0.0, .. } => {
                (format!("{:.3}", r.max_ulp), format!("{} ulp", r.bound))
            }
            // No ulp bound anywhere (jn): the absolute error alone.
            Kind::Split { abs, .. } if r.bound == 0.0 => {
                (pow2(r.max_abs), format!("2^{:.2} abs", abs.log2()))
            }
            Kind::Split { abs, .. } => (
                format!("{:.3} | {}", r.max_ulp, pow2(r.max_abs)),
                format!("{} ulp | 2^{:.2} abs", r.bound, abs.log2()),
            ),
        };
        let worst = if matches!(r.kind, Kind::Split { .. }) && r.bound == 0.0 {
            &r.worst_abs
        } else {
            &r.worst
        };
        s.push_str(&format!(
            "{:<12} {:>8} {max:>10} {bound:>14}  {verdict:<6} {:>8}  {}\n",
            r.name,
            r.samples,
            r.special_count,
            fmt_args(worst)
        ));
    }
    for r in rows {
        if let Kind::Abs(lo, hi) = r.kind {
            s.push_str(&format!(
                "{}: absolute error for arguments in [{lo}, {hi}] (no documented bound outside; special values checked everywhere)\n",
                r.name
            ));
        }
        if let Kind::Split { note, abs, .. } = r.kind {
            let worst = if abs == 0.0 {
                String::new()
            } else {
                format!("; absolute error worst at {}", fmt_args(&r.worst_abs))
            };
            s.push_str(&format!("{}: {note}{worst}\n", r.name));
        }
        if let Some(e) = &r.error {
            s.push_str(&format!("{}: error: {e}\n", r.name));
        }
        for m in &r.special_mismatches {
            s.push_str(&format!("{}: special value: {m}\n", r.name));
        }
    }
    s
}
