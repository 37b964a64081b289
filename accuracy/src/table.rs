//! [`FUNCTIONS`]: every function the report measures, with its reference
//! and documented bound (CUDA C Programming Guide, "Mathematical Functions").

use crate::function::*;
use crate::reference::*;

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
