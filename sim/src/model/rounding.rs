//! PTX's rounding modes done exactly, and its approximate instructions.
//!
//! A directed-rounding operation (`add.rz.f32`, `fma.rm.f64`, `cvt.rpi.s32.f32`,
//! `cvt.rz.f32.s64`, …) is computed in three steps: the result rounded to
//! nearest (Rust's IEEE arithmetic), the sign of the exact result minus that
//! value (from an error-free transformation: `two_sum`, an fma remainder, or
//! a comparison of integers), and one step to the neighbouring float when the
//! mode asks for the other side. f32 operations get their error term from f64
//! arithmetic, which holds the exact product of two f32 values and the exact
//! remainder of a division or square root; f64 ones from fma remainders and an
//! exact expansion sum (Shewchuk's). The approximate instructions are
//! computed in f64 and rounded once (`rsqrt.approx.f64` with a correction
//! from the exact remainders, `rsqrt_f64`), well inside the error PTX documents for
//! them (`sin.approx.f32`: 2^-20.5 absolute in [-π, π]; `rsqrt.approx.f32`:
//! 2^-22.9 relative; `div.approx.f32`: 2 ulp), with the special cases PTX
//! documents (`div.approx.f32` by a divisor in (2^126, 2^128) gives zero).

use std::cmp::Ordering;

/// An IEEE rounding direction, as PTX's `.rn` / `.rz` / `.rm` / `.rp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rounding {
    Nearest,
    Zero,
    Down,
    Up,
}

impl Rounding {
    pub fn parse(s: &str) -> Option<Rounding> {
        Some(match s {
            "rn" => Rounding::Nearest,
            "rz" => Rounding::Zero,
            "rm" => Rounding::Down,
            "rp" => Rounding::Up,
            _ => return None,
        })
    }

    /// An integral value of `v` in this direction (`cvt.rni/rzi/rmi/rpi`).
    pub fn integral(self, v: f64) -> f64 {
        match self {
            Rounding::Nearest => v.round_ties_even(),
            Rounding::Zero => v.trunc(),
            Rounding::Down => v.floor(),
            Rounding::Up => v.ceil(),
        }
    }
}

/// The correctly rounded operations NVVM names with a mode
/// (`llvm.nvvm.add.rz.f`, `llvm.nvvm.sqrt.rp.d`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RoundOp {
    Add,
    /// `a - b`: `a + (-b)` rounded once.
    Sub,
    Mul,
    Fma,
    Div,
    Rcp,
    Sqrt,
}

impl RoundOp {
    pub fn arity(self) -> usize {
        match self {
            RoundOp::Rcp | RoundOp::Sqrt => 1,
            RoundOp::Add | RoundOp::Sub | RoundOp::Mul | RoundOp::Div => 2,
            RoundOp::Fma => 3,
        }
    }
}

/// The approximate instructions (`*.approx`, and `div.full.f32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ApproxOp {
    Rsqrt,
    Sin,
    Cos,
    /// 2^x.
    Exp2,
    /// log2(x).
    Log2,
    Div,
    /// `div.full.f32`: full range, at most 2 ulp.
    DivFull,
    Rcp,
    Sqrt,
    /// `tanh.approx.f32`.
    Tanh,
}

impl ApproxOp {
    pub fn arity(self) -> usize {
        match self {
            ApproxOp::Div | ApproxOp::DivFull => 2,
            _ => 1,
        }
    }

    /// The function on f64 arguments (rounded once to the result type by the caller).
    pub fn eval(self, a: f64, b: f64, single: bool) -> f64 {
        match self {
            ApproxOp::Rsqrt if single => 1.0 / a.sqrt(),
            ApproxOp::Rsqrt => rsqrt_f64(a),
            ApproxOp::Sin => a.sin(),
            ApproxOp::Cos => a.cos(),
            ApproxOp::Exp2 => a.exp2(),
            ApproxOp::Log2 => a.log2(),
            ApproxOp::Div if single => {
                // d = a * (1/b): 1/b of a divisor in (2^126, 2^128) is
                // subnormal and flushed, so the quotient is zero (NaN for an
                // infinite or NaN dividend), as PTX documents.
                let m = b.abs();
                if m > 2f64.powi(126) && m < 2f64.powi(128) {
                    return if a.is_infinite() || a.is_nan() {
                        f64::NAN
                    } else {
                        0.0f64.copysign(a) * 1.0f64.copysign(b)
                    };
                }
                a / b
            }
            ApproxOp::Div | ApproxOp::DivFull => a / b,
            ApproxOp::Rcp => 1.0 / a,
            ApproxOp::Sqrt => a.sqrt(),
            ApproxOp::Tanh => a.tanh(),
        }
    }
}

/// 1/√a for a double within a hair of correct rounding (`rsqrt.approx.f64`,
/// 1 ulp in CUDA's table): `1.0 / a.sqrt()` rounds twice (up to 1.5 ulp),
/// so the quotient is corrected with the exact remainders of both steps,
/// 1/√a = (1/s)·(1 - δ/s²)^(-1/2) for s = √a rounded and δ = s² - a.
fn rsqrt_f64(a: f64) -> f64 {
    let s = a.sqrt();
    let y = 1.0 / s;
    if !(a.is_normal() && a > 0.0) {
        return y; // ±0, ±∞, NaN, a < 0 and denormals: as the plain quotient
    }
    let delta = s.mul_add(s, -a);
    let corr = (-y).mul_add(s, 1.0) + 0.5 * (delta * y) * y;
    y.mul_add(corr, y)
}

/// The sign of `d + e` where `d` is exact and `|e| < |d|` unless `d` is zero.
fn sign(d: f64, e: f64) -> Ordering {
    (d + e).partial_cmp(&0.0).unwrap_or(Ordering::Equal)
}

/// `a + b = s + e` exactly (Knuth's two-sum; no overflow).
fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    let e = (a - (s - bb)) + (b - bb);
    (s, e)
}

/// The sign of the exact sum of `terms` (Shewchuk's expansion growth: each
/// term is added exactly into a list of non-overlapping components; the
/// largest nonzero component has the sum's sign).
fn exact_sum_sign(terms: &[f64]) -> Ordering {
    let mut expansion: Vec<f64> = Vec::new();
    for &t in terms {
        let mut q = t;
        let mut next = Vec::with_capacity(expansion.len() + 1);
        for &c in &expansion {
            let (s, e) = two_sum(q, c);
            if e != 0.0 {
                next.push(e);
            }
            q = s;
        }
        if q != 0.0 {
            next.push(q);
        }
        expansion = next;
    }
    expansion
        .last()
        .and_then(|x| x.partial_cmp(&0.0))
        .unwrap_or(Ordering::Equal)
}

macro_rules! step {
    ($name:ident, $t:ty) => {
        /// `r`, the result rounded to nearest, moved to the neighbour the mode
        /// wants given `cmp`, the exact result compared with `r`.
        fn $name(r: $t, cmp: Ordering, mode: Rounding) -> $t {
            if r.is_nan() {
                return r;
            }
            match (mode, cmp) {
                (Rounding::Up, Ordering::Greater) => r.next_up(),
                (Rounding::Down, Ordering::Less) => r.next_down(),
                (Rounding::Zero, Ordering::Less) if r > 0.0 => r.next_down(),
                (Rounding::Zero, Ordering::Greater) if r < 0.0 => r.next_up(),
                _ => r,
            }
        }
    };
}
step!(step32, f32);
step!(step64, f64);

/// How the exact value compares with an f32 `r` that overflowed or not:
/// the exact value is `s + e` (f64, `|e|` below half an ulp of `s`).
fn cmp32(r: f32, s: f64, e: f64) -> Ordering {
    if r.is_infinite() && s.is_finite() {
        return if r > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    sign(s - f64::from(r), e)
}

/// How the exact value compares with an f64 `r` whose error term `e` (the
/// exact value minus `r`) has the given sign.
fn cmp64(r: f64, err: Ordering, finite_inputs: bool) -> Ordering {
    if r.is_infinite() && finite_inputs {
        return if r > 0.0 {
            Ordering::Less
        } else {
            Ordering::Greater
        };
    }
    err
}

/// An exactly zero sum `x + y` is -0 when rounding down, unless both
/// addends are +0 (IEEE 754 §6.3); `r` otherwise.
fn zero_sign<T: Copy + PartialEq + std::ops::Neg<Output = T> + From<f32>>(
    r: T,
    cmp: Ordering,
    mode: Rounding,
    x: f64,
    y: f64,
) -> T {
    let both_plus = x == 0.0 && y == 0.0 && x.is_sign_positive() && y.is_sign_positive();
    if r == T::from(0.0) && cmp == Ordering::Equal && mode == Rounding::Down && !both_plus {
        -T::from(0.0)
    } else {
        r
    }
}

/// An f32 operation rounded in `mode` (inputs already flushed when `.ftz`).
pub(crate) fn round_f32(op: RoundOp, mode: Rounding, a: f32, b: f32, c: f32) -> f32 {
    let (x, y, z) = (f64::from(a), f64::from(b), f64::from(c));
    match op {
        RoundOp::Sub => round_f32(RoundOp::Add, mode, a, -b, c),
        RoundOp::Add => {
            let r = a + b;
            let (s, e) = two_sum(x, y);
            let cmp = cmp32(r, s, e);
            zero_sign(step32(r, cmp, mode), cmp, mode, x, y)
        }
        RoundOp::Mul => {
            let r = a * b;
            step32(r, cmp32(r, x * y, 0.0), mode)
        }
        RoundOp::Fma => {
            let r = a.mul_add(b, c);
            let p = x * y; // exact: 48 bits
            let (s, e) = two_sum(p, z);
            let cmp = cmp32(r, s, e);
            zero_sign(step32(r, cmp, mode), cmp, mode, p, z)
        }
        RoundOp::Div | RoundOp::Rcp => {
            let (a, b, x, y) = if op == RoundOp::Rcp {
                (1.0, a, 1.0, x)
            } else {
                (a, b, x, y)
            };
            let r = a / b;
            let q = x / y;
            if !q.is_finite() || q == 0.0 {
                return r;
            }
            // x - q·y exactly; the exact quotient minus q has its sign times y's
            // (a magnitude far below q's ulp stands for it).
            let rem = (-q).mul_add(y, x);
            let e = if rem == 0.0 {
                0.0
            } else {
                f64::MIN_POSITIVE.copysign(rem * y)
            };
            step32(r, cmp32(r, q, e), mode)
        }
        RoundOp::Sqrt => {
            let r = a.sqrt();
            let q = x.sqrt();
            if !q.is_finite() || q == 0.0 {
                return r;
            }
            let rem = (-q).mul_add(q, x);
            let e = if rem == 0.0 {
                0.0
            } else {
                f64::MIN_POSITIVE.copysign(rem)
            };
            step32(r, cmp32(r, q, e), mode)
        }
    }
}

/// An f64 operation rounded in `mode` (exact unless an error term underflows,
/// below 2^-969).
pub(crate) fn round_f64(op: RoundOp, mode: Rounding, a: f64, b: f64, c: f64) -> f64 {
    let finite = a.is_finite() && b.is_finite() && c.is_finite();
    let ord = |v: f64| v.partial_cmp(&0.0).unwrap_or(Ordering::Equal);
    match op {
        RoundOp::Sub => round_f64(RoundOp::Add, mode, a, -b, c),
        RoundOp::Add => {
            let r = a + b;
            let (_, e) = two_sum(a, b);
            let cmp = cmp64(r, ord(e), finite);
            zero_sign(step64(r, cmp, mode), cmp, mode, a, b)
        }
        RoundOp::Mul => {
            let r = a * b;
            let cmp = cmp64(r, ord(a.mul_add(b, -r)), finite);
            step64(r, cmp, mode)
        }
        RoundOp::Fma => {
            let r = a.mul_add(b, c);
            if !r.is_finite() {
                return step64(r, cmp64(r, Ordering::Equal, finite), mode);
            }
            let p = a * b;
            let pe = a.mul_add(b, -p);
            let cmp = exact_sum_sign(&[p, pe, c, -r]);
            zero_sign(step64(r, cmp, mode), cmp, mode, p, c)
        }
        RoundOp::Div | RoundOp::Rcp => {
            let (x, y) = if op == RoundOp::Rcp { (1.0, a) } else { (a, b) };
            let q = x / y;
            if q.is_nan() || y == 0.0 || !x.is_finite() || !y.is_finite() {
                return q;
            }
            if q.is_infinite() {
                return step64(q, cmp64(q, Ordering::Equal, true), mode);
            }
            // x - q·y exactly (an underflowed q leaves x).
            let rem = (-q).mul_add(y, x);
            step64(q, ord(rem * y.signum()), mode)
        }
        RoundOp::Sqrt => {
            let q = a.sqrt();
            if !q.is_finite() || q == 0.0 {
                return q;
            }
            step64(q, ord((-q).mul_add(q, a)), mode)
        }
    }
}

/// `v` (a value of the float type `from`) rounded to an integer in `mode`
/// and saturated to the integer type, as `cvt.rni/rzi/rmi/rpi.{s,u}N.fM` do.
/// PTX leaves a NaN's result to the machine; this is what a GPU computes
/// (measured on an H200, sm_90, through the driver's JIT of `cvt.rzi` for
/// every pair of types: `core/tests/gpu/run_cupy.py`'s probe): from a
/// double, the destination's sign bit alone (0x8000, 0x80000000,
/// 0x8000000000000000, unsigned destinations too); from a float or a half,
/// 0 for destinations of up to 32 bits and 0x8000000000000000 for 64.
pub(crate) fn float_to_int(
    v: f64,
    from: super::float::FloatTy,
    mode: Rounding,
    bits: u32,
    signed: bool,
) -> u64 {
    if v.is_nan() {
        let sign_bit = 1u64 << (bits.clamp(1, 64) - 1);
        return match from {
            super::float::FloatTy::F64 => sign_bit,
            _ if bits >= 64 => sign_bit,
            _ => 0,
        };
    }
    let v = mode.integral(v);
    let mask = if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    };
    let r = if signed {
        let lim = 2f64.powi(bits as i32 - 1);
        if v >= lim {
            (mask >> 1) as i64
        } else if v < -lim {
            -((mask >> 1) as i64) - 1
        } else {
            v as i64
        }
    } else if v <= 0.0 {
        0
    } else if v >= 2f64.powi(bits as i32) {
        mask as i64
    } else {
        v as u64 as i64
    };
    r as u64 & mask
}

/// An integer (`signed`, sign-extended to 64 bits when so) converted to f32
/// in `mode` (`cvt.rz.f32.s64`, …).
pub(crate) fn int_to_f32(v: u64, signed: bool, mode: Rounding) -> f32 {
    let (exact, r) = if signed {
        (i128::from(v as i64), v as i64 as f32)
    } else {
        (i128::from(v), v as f32)
    };
    // r is an integer of at most 2^64 in magnitude: exact in i128.
    step32(r, exact.cmp(&(r as i128)), mode)
}

/// The same to f64.
pub(crate) fn int_to_f64(v: u64, signed: bool, mode: Rounding) -> f64 {
    let (exact, r) = if signed {
        (i128::from(v as i64), v as i64 as f64)
    } else {
        (i128::from(v), v as f64)
    };
    step64(r, exact.cmp(&(r as i128)), mode)
}

/// An f64 rounded to f32 in `mode` (`cvt.rz.f32.f64`, …).
pub(crate) fn f64_to_f32(v: f64, mode: Rounding) -> f32 {
    let r = v as f32;
    if v.is_nan() {
        return r;
    }
    step32(r, cmp32(r, v, 0.0), mode)
}

#[cfg(test)]
mod tests {
    use super::super::float::FloatTy::{F16, F32, F64};
    use super::*;

    /// The f32 values just below and just above an exact result, found by
    /// walking from `r` with `exact(f)`, the exact result compared with `f`.
    fn brute(exact: impl Fn(f32) -> Ordering, r: f32) -> (f32, f32) {
        // The largest float <= exact and the smallest >= exact, near r.
        let mut lo = r;
        while exact(lo) == Ordering::Less {
            lo = lo.next_down();
        }
        while exact(lo.next_up()) != Ordering::Less {
            lo = lo.next_up();
        }
        let hi = if exact(lo) == Ordering::Equal {
            lo
        } else {
            lo.next_up()
        };
        (lo, hi)
    }

    #[test]
    fn f64_rsqrt_is_within_half_an_ulp_and_a_hair() {
        // Against 1/√a from the exactly rounded √ in f64 refined by a
        // Newton step in extended terms: compare with a check that y² · a
        // is 1 within the error half an ulp allows.
        let mut seed = 11u64;
        for _ in 0..20000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let a = f64::from_bits((seed >> 2) & 0x7fef_ffff_ffff_ffff | 0x0010_0000_0000_0000);
            let y = rsqrt_f64(a);
            // The neighbours of y bracket 1/√a: y_lo² · a < 1 < y_hi² · a
            // fails for a result more than an ulp off.
            let (lo, hi) = (y.next_down(), y.next_up());
            let below = |v: f64| {
                let p = v * v;
                let pl = v.mul_add(v, -p);
                exact_sum_sign(&[p * a, p.mul_add(a, -(p * a)), pl * a, -1.0])
            };
            assert_eq!(below(lo), Ordering::Less, "{a:e}: {y:e}");
            assert_eq!(below(hi), Ordering::Greater, "{a:e}: {y:e}");
        }
        assert_eq!(rsqrt_f64(0.0), f64::INFINITY);
        assert_eq!(rsqrt_f64(-0.0), f64::NEG_INFINITY);
        assert_eq!(rsqrt_f64(f64::INFINITY), 0.0);
        assert!(rsqrt_f64(-1.0).is_nan());
    }

    #[test]
    fn directed_f32_arithmetic_brackets_the_exact_result() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let bits = (seed >> 32) as u32;
            // Mostly normal numbers of moderate size, some of any exponent.
            let f = f32::from_bits(bits);
            if f.is_finite() && (bits & 3 == 0 || f.abs() < 1e30 && f.abs() > 1e-30) {
                f
            } else {
                f32::from_bits(bits & 0x3fff_ffff) * if bits & 1 == 0 { 1.0 } else { -1.0 }
            }
        };
        let mut checked = 0;
        for _ in 0..3000 {
            let (a, b, c) = (next(), next(), next());
            let (x, y, z) = (f64::from(a), f64::from(b), f64::from(c));
            for op in [
                RoundOp::Add,
                RoundOp::Sub,
                RoundOp::Mul,
                RoundOp::Fma,
                RoundOp::Div,
                RoundOp::Sqrt,
            ] {
                let (a, x) = if op == RoundOp::Sqrt {
                    (a.abs(), x.abs())
                } else {
                    (a, x)
                };
                let n = round_f32(op, Rounding::Nearest, a, b, c);
                if !n.is_finite() || n == 0.0 || n.is_subnormal() {
                    continue;
                }
                // How a float compares with the exact result, by exact f64 math
                // (or exact remainders).
                let exact = |f: f32| -> Ordering {
                    let f = f64::from(f);
                    match op {
                        RoundOp::Add => two_cmp(x, y, -f),
                        RoundOp::Sub => two_cmp(x, -y, -f),
                        RoundOp::Mul => (x * y).partial_cmp(&f).unwrap(),
                        RoundOp::Fma => two_cmp(x * y, z, -f),
                        // x/y vs f  <=>  x vs f·y (sign of y flips it).
                        RoundOp::Div => {
                            let o = exact_sum_sign(&[x, -(f * y), -(f.mul_add(y, -(f * y)))]);
                            if y < 0.0 {
                                o.reverse()
                            } else {
                                o
                            }
                        }
                        RoundOp::Sqrt => exact_sum_sign(&[x, -(f * f), -(f.mul_add(f, -(f * f)))]),
                        RoundOp::Rcp => unreachable!(),
                    }
                };
                let (lo, hi) = brute(exact, n);
                let up = round_f32(op, Rounding::Up, a, b, c);
                let down = round_f32(op, Rounding::Down, a, b, c);
                let zero = round_f32(op, Rounding::Zero, a, b, c);
                assert_eq!((down, up), (lo, hi), "{op:?} {a:e} {b:e} {c:e}");
                assert_eq!(zero, if n > 0.0 { lo } else { hi });
                assert!(n == lo || n == hi);
                checked += 1;
            }
        }
        assert!(checked > 10_000, "only {checked} cases had a normal result");
    }

    fn two_cmp(a: f64, b: f64, c: f64) -> Ordering {
        exact_sum_sign(&[a, b, c])
    }

    #[test]
    fn directed_rounding_examples() {
        let third = round_f32(RoundOp::Div, Rounding::Down, 1.0, 3.0, 0.0);
        let third_up = round_f32(RoundOp::Div, Rounding::Up, 1.0, 3.0, 0.0);
        assert_eq!(third.next_up(), third_up);
        assert!(f64::from(third) < 1.0 / 3.0 && f64::from(third_up) > 1.0 / 3.0);
        // 1 + 2^-30 is not an f32: rz and rm give 1, rp the next float.
        let tiny = 2f32.powi(-30);
        assert_eq!(round_f32(RoundOp::Add, Rounding::Zero, 1.0, tiny, 0.0), 1.0);
        assert_eq!(
            round_f32(RoundOp::Add, Rounding::Up, 1.0, tiny, 0.0),
            1.0f32.next_up()
        );
        assert_eq!(
            round_f32(RoundOp::Add, Rounding::Zero, -1.0, -tiny, 0.0),
            -1.0
        );
        assert_eq!(
            round_f32(RoundOp::Add, Rounding::Down, -1.0, -tiny, 0.0),
            (-1.0f32).next_down()
        );
        // Overflow: toward zero stays at the largest finite value.
        assert_eq!(
            round_f32(RoundOp::Mul, Rounding::Zero, f32::MAX, 2.0, 0.0),
            f32::MAX
        );
        assert_eq!(
            round_f32(RoundOp::Mul, Rounding::Down, f32::MAX, 2.0, 0.0),
            f32::MAX
        );
        assert_eq!(
            round_f32(RoundOp::Mul, Rounding::Up, f32::MAX, -2.0, 0.0),
            f32::MIN
        );
        // x - x is -0 rounding down, +0 otherwise.
        assert!(round_f32(RoundOp::Add, Rounding::Down, 1.5, -1.5, 0.0).is_sign_negative());
        assert!(round_f32(RoundOp::Add, Rounding::Zero, 1.5, -1.5, 0.0).is_sign_positive());
        assert!(round_f64(RoundOp::Add, Rounding::Down, 1.5, -1.5, 0.0).is_sign_negative());
        // f64: 0.1 + 0.2 rounds up to nearest; rz/rm take the float below.
        let n: f64 = 0.1 + 0.2;
        assert_eq!(
            round_f64(RoundOp::Add, Rounding::Zero, 0.1, 0.2, 0.0),
            n.next_down()
        );
        assert_eq!(round_f64(RoundOp::Add, Rounding::Up, 0.1, 0.2, 0.0), n);
        // fma's single rounding: (1+2^-30)^2 - 1 is exact; 1/3 + 2^-80 rounds up.
        let x = 1.0 + 2f64.powi(-30);
        assert_eq!(
            round_f64(RoundOp::Fma, Rounding::Down, x, x, -1.0),
            2f64.powi(-29) + 2f64.powi(-60)
        );
        let third = 1.0f64 / 3.0; // below 1/3
        let f = round_f64(
            RoundOp::Fma,
            Rounding::Up,
            2f64.powi(-40),
            2f64.powi(-40),
            third,
        );
        assert_eq!(f, third.next_up());
        assert_eq!(
            round_f64(
                RoundOp::Fma,
                Rounding::Down,
                2f64.powi(-40),
                2f64.powi(-40),
                third
            ),
            third
        );
        assert_eq!(
            round_f64(RoundOp::Sqrt, Rounding::Up, 2.0, 0.0, 0.0),
            2f64.sqrt()
                .max(round_f64(RoundOp::Sqrt, Rounding::Down, 2.0, 0.0, 0.0).next_up())
        );
    }

    #[test]
    fn conversions_round_in_their_mode() {
        assert_eq!(float_to_int(2.5, F32, Rounding::Nearest, 32, true), 2);
        assert_eq!(
            float_to_int(-2.5, F32, Rounding::Down, 32, true),
            (-3i32) as u32 as u64
        );
        assert_eq!(
            float_to_int(-2.5, F32, Rounding::Up, 32, true),
            (-2i32) as u32 as u64
        );
        assert_eq!(float_to_int(2.1, F32, Rounding::Up, 32, false), 3);
        assert_eq!(float_to_int(-0.5, F32, Rounding::Down, 32, false), 0);
        assert_eq!(
            float_to_int(1e10, F32, Rounding::Zero, 32, true),
            i32::MAX as u64
        );
        assert_eq!(
            float_to_int(-1e10, F32, Rounding::Zero, 32, true),
            i32::MIN as u32 as u64
        );
        assert_eq!(float_to_int(1e30, F32, Rounding::Zero, 64, false), u64::MAX);
        // NaN, as an H200 converts it: from a double the destination's sign
        // bit, from a float 0 up to 32 bits and the sign bit at 64.
        let nan = f64::NAN;
        for (from, bits, signed, want) in [
            (F32, 16, true, 0),
            (F32, 32, false, 0),
            (F16, 32, true, 0),
            (F32, 64, true, 1 << 63),
            (F32, 64, false, 1 << 63),
            (F64, 16, false, 0x8000),
            (F64, 32, true, 0x8000_0000),
            (F64, 32, false, 0x8000_0000),
            (F64, 64, false, 1 << 63),
        ] {
            let got = float_to_int(nan, from, Rounding::Up, bits, signed);
            assert_eq!(got, want, "{from:?} NaN to {bits} bits");
        }
        // 2^24 + 1 lies between two floats.
        let v = (1u64 << 24) + 1;
        assert_eq!(int_to_f32(v, true, Rounding::Nearest), 16777216.0);
        assert_eq!(int_to_f32(v, true, Rounding::Up), 16777218.0);
        assert_eq!(
            int_to_f32(v.wrapping_neg(), true, Rounding::Zero),
            -16777216.0
        );
        assert_eq!(
            int_to_f32(v.wrapping_neg(), true, Rounding::Down),
            -16777218.0
        );
        assert_eq!(
            int_to_f32(u64::MAX, false, Rounding::Zero),
            2f32.powi(64).next_down()
        );
        assert_eq!(int_to_f64(u64::MAX, false, Rounding::Up), 2f64.powi(64));
        assert_eq!(f64_to_f32(0.1, Rounding::Up), 0.1f32);
        assert_eq!(f64_to_f32(0.1, Rounding::Down), 0.1f32.next_down());
        assert_eq!(f64_to_f32(1e300, Rounding::Zero), f32::MAX);
    }

    #[test]
    fn approximate_division_by_a_huge_divisor_is_zero() {
        assert_eq!(ApproxOp::Div.eval(1.0, 2f64.powi(127), true), 0.0);
        assert!(ApproxOp::Div
            .eval(f64::INFINITY, 2f64.powi(127), true)
            .is_nan());
        assert_eq!(ApproxOp::Div.eval(1.0, 4.0, true), 0.25);
        assert_eq!(
            ApproxOp::Div.eval(1.0, 2f64.powi(127), false),
            2f64.powi(-127)
        );
    }
}
