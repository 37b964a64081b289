//! The error model of the approximate instructions (`rcp`, `sqrt`, `rsqrt`,
//! `ex2`, `lg2`, `sin`, `cos`, `div` `.approx.f32` and `div.full.f32`).
//!
//! By default ([`ApproxError::Exact`]) each is the exact function rounded
//! once to f32: an ideal machine, on which every accuracy row built from
//! these instructions looks better than the hardware can promise. The other
//! modes put each result at an end of the interval the PTX ISA documents
//! for the instruction ([`ApproxOp::documented_error`]): all low, all high,
//! or scattered (the end picked per instruction and argument by a hash, so
//! two instructions of one function err in different directions, as
//! `sin`/`cos` in `__tanf`). A math function shown within its bound in all
//! three is within it on any machine the ISA describes. Results the ISA
//! gives exactly (zero, infinite and NaN results, and arguments outside the
//! range an error is documented for) are left exact.
//!
//! The mode is per thread ([`set_approx_error`]): a test sets it around its
//! own runs without touching tests beside it. f64 and f16 approximations
//! (`rcp.approx.ftz.f64`, `ex2.approx.f16`) stay exact.

use super::rounding::{self, ApproxOp, Rounding};
use std::cell::Cell;

/// Where the approximate instructions' results lie in their documented
/// error interval.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ApproxError {
    /// The exact function rounded once (the default).
    #[default]
    Exact,
    /// At the low end of the interval.
    Low,
    /// At the high end.
    High,
    /// At one end or the other, by a hash of the instruction and argument.
    Scattered,
}

impl ApproxError {
    /// Every mode that moves results, for tests that try them all.
    pub const ENDS: [ApproxError; 3] =
        [ApproxError::Low, ApproxError::High, ApproxError::Scattered];
}

thread_local! {
    static MODE: Cell<ApproxError> = const { Cell::new(ApproxError::Exact) };
}

/// Sets this thread's mode; returns the one before.
pub fn set_approx_error(mode: ApproxError) -> ApproxError {
    MODE.with(|m| m.replace(mode))
}

/// This thread's mode.
pub fn approx_error() -> ApproxError {
    MODE.with(Cell::get)
}

/// A documented maximum error.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Documented {
    /// Units in the last place from the correctly rounded result (the
    /// spacing of f32 at the exact result: across a power of two, the
    /// smaller).
    Ulp(u32),
    /// Relative to the exact result.
    Relative(f64),
    /// Absolute, for arguments of magnitude up to the second number.
    Absolute(f64, f64),
}

impl ApproxOp {
    /// The maximum error the PTX ISA states for the `.f32` instruction (our
    /// reading of each instruction's description; the numbers are facts of
    /// the ISA, the wording ours).
    pub fn documented_error(self) -> Documented {
        let hundred_pi = 100.0 * std::f64::consts::PI;
        match self {
            ApproxOp::Rcp => Documented::Ulp(1),
            ApproxOp::Sqrt => Documented::Relative(2f64.powf(-23.0)),
            ApproxOp::Rsqrt => Documented::Relative(2f64.powf(-22.9)),
            ApproxOp::Exp2 => Documented::Ulp(2),
            ApproxOp::Log2 => Documented::Absolute(2f64.powf(-22.6), f64::INFINITY),
            ApproxOp::Sin | ApproxOp::Cos => Documented::Absolute(2f64.powf(-20.5), hundred_pi),
            ApproxOp::Div | ApproxOp::DivFull => Documented::Ulp(2),
            ApproxOp::Tanh => Documented::Relative(2f64.powf(-10.987)),
        }
    }
}

/// `op` on f32 arguments under this thread's mode.
pub(crate) fn eval_f32(op: ApproxOp, a: f32, b: f32) -> f32 {
    let exact = op.eval(f64::from(a), f64::from(b), true);
    let rounded = exact as f32;
    let mode = approx_error();
    if mode == ApproxError::Exact || !rounded.is_finite() || exact == 0.0 {
        return rounded;
    }
    let up = match mode {
        ApproxError::High => true,
        ApproxError::Low => false,
        _ => scatter(op, a, b),
    };
    match op.documented_error() {
        Documented::Ulp(n) => {
            let ulp = f32_ulp(exact) * f64::from(n);
            let base = f64::from(rounded);
            inward(if up { base + ulp } else { base - ulp }, up)
        }
        Documented::Relative(e) => {
            let end = if up == (exact > 0.0) {
                exact * (1.0 + e)
            } else {
                exact * (1.0 - e)
            };
            inward(end, up)
        }
        Documented::Absolute(e, range) => {
            if f64::from(a).abs() > range {
                return rounded;
            }
            inward(if up { exact + e } else { exact - e }, up)
        }
    }
}

/// The spacing of f32 values at `v` (finite): 2^(e-23) for normals, the
/// denormals' 2^-149 below.
fn f32_ulp(v: f64) -> f64 {
    let e = v.abs().log2().floor().max(-126.0);
    2f64.powf(e - 23.0)
}

/// `end` rounded to f32 toward the inside of the interval (down from the
/// high end, up from the low one), so the result stays within it.
fn inward(end: f64, up: bool) -> f32 {
    let r = rounding::f64_to_f32(end, if up { Rounding::Down } else { Rounding::Up });
    if r.is_finite() {
        r
    } else {
        end as f32
    }
}

/// Which end [`ApproxError::Scattered`] takes for `op` at `(a, b)`.
fn scatter(op: ApproxOp, a: f32, b: f32) -> bool {
    let mut h = (u64::from(a.to_bits()) << 32 | u64::from(b.to_bits())) ^ (op as u64 + 1);
    h = h.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    h ^= h >> 29;
    h = h.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    (h >> 40) & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with<T>(mode: ApproxError, f: impl FnOnce() -> T) -> T {
        let before = set_approx_error(mode);
        let r = f();
        set_approx_error(before);
        r
    }

    #[test]
    fn the_ends_are_the_documented_distance_from_the_exact_result() {
        let x = 0.3f32;
        let exact = f64::from(x).sin();
        let lo = with(ApproxError::Low, || eval_f32(ApproxOp::Sin, x, 0.0));
        let hi = with(ApproxError::High, || eval_f32(ApproxOp::Sin, x, 0.0));
        let e = 2f64.powf(-20.5);
        // Inside the interval, by less than one f32 ulp of the result.
        let ulp = 2f64.powi(-25);
        assert!(
            f64::from(hi) <= exact + e && f64::from(hi) > exact + e - ulp,
            "{hi}"
        );
        assert!(
            f64::from(lo) >= exact - e && f64::from(lo) < exact - e + ulp,
            "{lo}"
        );
        // Two ulp each side for div, one for rcp (of the exact result: 1/3
        // is between two floats, so one of them is reached).
        let two = with(ApproxError::High, || eval_f32(ApproxOp::Div, 1.0, 4.0));
        assert_eq!(two, 0.25f32.next_up().next_up());
        let rcp = with(ApproxError::Low, || eval_f32(ApproxOp::Rcp, 3.0, 0.0));
        assert!(rcp < 1.0 / 3.0 && rcp >= (1.0f32 / 3.0).next_down().next_down());
        // rsqrt relative: 2^-22.9 of 0.5 is more than one ulp.
        let rs = with(ApproxError::High, || eval_f32(ApproxOp::Rsqrt, 4.0, 0.0));
        assert_eq!(rs, 0.5f32.next_up());
    }

    #[test]
    fn exact_results_and_the_default_stay_exact() {
        assert_eq!(approx_error(), ApproxError::Exact);
        assert_eq!(eval_f32(ApproxOp::Sin, 0.3, 0.0), 0.3f64.sin() as f32);
        for mode in ApproxError::ENDS {
            with(mode, || {
                assert_eq!(eval_f32(ApproxOp::Sin, 0.0, 0.0).to_bits(), 0);
                assert_eq!(eval_f32(ApproxOp::Log2, 1.0, 0.0), 0.0);
                assert!(eval_f32(ApproxOp::Log2, -1.0, 0.0).is_nan());
                assert_eq!(eval_f32(ApproxOp::Exp2, 200.0, 0.0), f32::INFINITY);
                // No error documented outside ±100π.
                assert_eq!(eval_f32(ApproxOp::Cos, 1e6, 0.0), 1e6f64.cos() as f32);
            });
        }
    }

    #[test]
    fn scattered_takes_both_ends() {
        let highs = with(ApproxError::Scattered, || {
            (1..200)
                .filter(|i| {
                    let x = *i as f32 * 0.01;
                    f64::from(eval_f32(ApproxOp::Sin, x, 0.0)) > f64::from(x).sin()
                })
                .count()
        });
        assert!(highs > 50 && highs < 150, "{highs}");
    }
}
