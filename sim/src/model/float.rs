//! Float arithmetic as the IR defines it: IEEE rounding in the operation's
//! own type, PTX's flush-to-zero for f32 when asked, and half precision
//! computed through f32 (exact for + − × ÷: f32 has more than 2·11+2 bits).

use super::rounding::{self, ApproxOp, RoundOp, Rounding};
pub(crate) use ptxlab_core::ir::fold::{f16_to_f64, f64_to_f16};
use ptxlab_core::ir::{BinOp, FCmp};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FloatTy {
    F16,
    F32,
    F64,
}

/// A float value as an f64 (exact for every type here).
pub(crate) fn to_f64(bits: u64, ty: FloatTy) -> f64 {
    match ty {
        FloatTy::F16 => f16_to_f64(bits as u16),
        FloatTy::F32 => f64::from(f32::from_bits(bits as u32)),
        FloatTy::F64 => f64::from_bits(bits),
    }
}

/// Rounds `v` (to nearest, ties to even) to `ty` and returns its bits.
pub(crate) fn from_f64(v: f64, ty: FloatTy) -> u64 {
    match ty {
        FloatTy::F16 => u64::from(f64_to_f16(v)),
        FloatTy::F32 => u64::from((v as f32).to_bits()),
        FloatTy::F64 => v.to_bits(),
    }
}

/// PTX's `.ftz`: a subnormal f32 becomes a zero of the same sign.
pub(crate) fn flush(x: f32) -> f32 {
    if x.is_subnormal() {
        0.0f32.copysign(x)
    } else {
        x
    }
}

/// Flushes an f32 value's bits when `ftz` is on (other types are kept).
pub(crate) fn flush_bits(bits: u64, ty: FloatTy, ftz: bool) -> u64 {
    if ftz && ty == FloatTy::F32 {
        u64::from(flush(f32::from_bits(bits as u32)).to_bits())
    } else {
        bits
    }
}

fn f32_op(op: BinOp, x: f32, y: f32) -> f32 {
    match op {
        BinOp::FAdd => x + y,
        BinOp::FSub => x - y,
        BinOp::FMul => x * y,
        BinOp::FDiv => x / y,
        _ => x % y,
    }
}

/// `fadd`/`fsub`/`fmul`/`fdiv`/`frem` on two values of `ty`.
pub(crate) fn binary(op: BinOp, a: u64, b: u64, ty: FloatTy, ftz: bool) -> u64 {
    match ty {
        FloatTy::F32 => {
            let (mut x, mut y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
            if ftz {
                (x, y) = (flush(x), flush(y));
            }
            let mut r = f32_op(op, x, y);
            if ftz {
                r = flush(r);
            }
            u64::from(r.to_bits())
        }
        FloatTy::F64 => {
            let (x, y) = (f64::from_bits(a), f64::from_bits(b));
            let r = match op {
                BinOp::FAdd => x + y,
                BinOp::FSub => x - y,
                BinOp::FMul => x * y,
                BinOp::FDiv => x / y,
                _ => x % y,
            };
            r.to_bits()
        }
        FloatTy::F16 => {
            let x = f16_to_f64(a as u16) as f32;
            let y = f16_to_f64(b as u16) as f32;
            from_f64(f64::from(f32_op(op, x, y)), FloatTy::F16)
        }
    }
}

/// `fneg`: flips the sign bit (PTX's `neg.ftz.f32` also flushes).
pub(crate) fn neg(a: u64, ty: FloatTy, ftz: bool) -> u64 {
    let a = flush_bits(a, ty, ftz);
    match ty {
        FloatTy::F16 => a ^ 0x8000,
        FloatTy::F32 => a ^ 0x8000_0000,
        FloatTy::F64 => a ^ (1 << 63),
    }
}

/// `fcmp` on two values of `ty` (`setp.ftz` flushes f32 inputs).
pub(crate) fn compare(pred: FCmp, a: u64, b: u64, ty: FloatTy, ftz: bool) -> bool {
    let x = to_f64(flush_bits(a, ty, ftz), ty);
    let y = to_f64(flush_bits(b, ty, ftz), ty);
    let uno = x.is_nan() || y.is_nan();
    match pred {
        FCmp::Oeq => !uno && x == y,
        FCmp::One => !uno && x != y,
        FCmp::Olt => !uno && x < y,
        FCmp::Ole => !uno && x <= y,
        FCmp::Ogt => !uno && x > y,
        FCmp::Oge => !uno && x >= y,
        FCmp::Ord => !uno,
        FCmp::Ueq => uno || x == y,
        FCmp::Une => uno || x != y,
        FCmp::Ult => uno || x < y,
        FCmp::Ule => uno || x <= y,
        FCmp::Ugt => uno || x > y,
        FCmp::Uge => uno || x >= y,
        FCmp::Uno => uno,
    }
}

/// The float functions of the math intrinsics (`llvm.fma.f32`, NVVM's
/// `llvm.nvvm.add.rz.f`, …; the interpreter decodes them into these).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MathFn {
    Fma,
    Sqrt,
    Fabs,
    MinNum,
    MaxNum,
    Floor,
    Ceil,
    Trunc,
    Rint,
    CopySign,
    /// A correctly rounded operation in a rounding mode (`add.rz.f32`).
    Round(RoundOp, Rounding),
    /// An approximate instruction (`sin.approx.f32`, `ex2.approx.f32`).
    Approx(ApproxOp),
    /// `cvt.sat`: clamped to [0, 1], NaN to 0.
    Saturate,
    /// A float of the type to an integer of `bits` (`llvm.nvvm.f2i.rm`:
    /// `cvt.rmi.s32.f32`), saturating.
    ToInt {
        mode: Rounding,
        bits: u32,
        signed: bool,
    },
    /// An integer of `bits` to a float of the type (`llvm.nvvm.ll2f.rz`).
    FromInt {
        mode: Rounding,
        bits: u32,
        signed: bool,
    },
    /// An f64 to f32 (`llvm.nvvm.d2f.rp`).
    Narrow(Rounding),
    /// A reinterpretation of the bits (`llvm.nvvm.bitcast.f2i`/`i2f`).
    Bits,
}

/// A decoded math intrinsic: the function, the float type it works on, and
/// for NVVM's intrinsics the `.ftz` their name asks for (generic `llvm.*`
/// ones follow -ftz).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct MathIntrinsic {
    pub f: MathFn,
    pub ty: FloatTy,
    pub ftz: Option<bool>,
}

impl MathFn {
    pub fn arity(self) -> usize {
        match self {
            MathFn::Fma => 3,
            MathFn::MinNum | MathFn::MaxNum | MathFn::CopySign => 2,
            MathFn::Round(op, _) => op.arity(),
            MathFn::Approx(op) => op.arity(),
            _ => 1,
        }
    }

    /// Applies the function to values of `ty` (f16 through f32, except fma,
    /// which rounds once from f64: exact for 11-bit operands).
    pub fn apply(self, args: [u64; 3], ty: FloatTy, ftz: bool) -> u64 {
        match self {
            MathFn::Bits => return args[0],
            MathFn::FromInt { mode, bits, signed } => {
                let v = if signed {
                    sext64(args[0], bits) as u64
                } else {
                    args[0] & low_mask(bits)
                };
                return match ty {
                    FloatTy::F64 => rounding::int_to_f64(v, signed, mode).to_bits(),
                    _ => u64::from(flush_if(rounding::int_to_f32(v, signed, mode), ftz).to_bits()),
                };
            }
            MathFn::Narrow(mode) => {
                let r = rounding::f64_to_f32(f64::from_bits(args[0]), mode);
                return u64::from(flush_if(r, ftz).to_bits());
            }
            MathFn::ToInt { mode, bits, signed } => {
                let v = to_f64(flush_bits(args[0], ty, ftz), ty);
                return rounding::float_to_int(v, ty, mode, bits, signed);
            }
            _ => {}
        }
        if ty == FloatTy::F32 {
            let [a, b, c] = args.map(|x| flush_if(f32::from_bits(x as u32), ftz));
            let r = match self {
                MathFn::Fma => a.mul_add(b, c),
                MathFn::Sqrt => a.sqrt(),
                MathFn::Fabs => a.abs(),
                MathFn::MinNum => a.min(b),
                MathFn::MaxNum => a.max(b),
                MathFn::Floor => a.floor(),
                MathFn::Ceil => a.ceil(),
                MathFn::Trunc => a.trunc(),
                MathFn::Rint => a.round_ties_even(),
                MathFn::CopySign => a.copysign(b),
                MathFn::Round(op, mode) => rounding::round_f32(op, mode, a, b, c),
                MathFn::Approx(op) => super::approx::eval_f32(op, a, b),
                MathFn::Saturate => saturate(f64::from(a)) as f32,
                MathFn::Bits
                | MathFn::FromInt { .. }
                | MathFn::ToInt { .. }
                | MathFn::Narrow(_) => a,
            };
            return u64::from(flush_if(r, ftz).to_bits());
        }
        let [a, b, c] = args.map(|x| to_f64(x, ty));
        let r = match self {
            MathFn::Fma => a.mul_add(b, c),
            MathFn::Sqrt => a.sqrt(),
            MathFn::Fabs => a.abs(),
            MathFn::MinNum => a.min(b),
            MathFn::MaxNum => a.max(b),
            MathFn::Floor => a.floor(),
            MathFn::Ceil => a.ceil(),
            MathFn::Trunc => a.trunc(),
            MathFn::Rint => a.round_ties_even(),
            MathFn::CopySign => a.copysign(b),
            MathFn::Round(op, mode) => rounding::round_f64(op, mode, a, b, c),
            MathFn::Approx(op) => op.eval(a, b, false),
            MathFn::Saturate => saturate(a),
            MathFn::Bits | MathFn::FromInt { .. } | MathFn::ToInt { .. } | MathFn::Narrow(_) => a,
        };
        from_f64(r, ty)
    }
}

fn flush_if(x: f32, ftz: bool) -> f32 {
    if ftz {
        flush(x)
    } else {
        x
    }
}

/// `cvt.sat`: clamped to [0, 1]; NaN becomes +0.
fn saturate(x: f64) -> f64 {
    if x.is_nan() {
        0.0
    } else {
        x.clamp(0.0, 1.0)
    }
}

fn low_mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

fn sext64(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn half_conversions_round_to_nearest_even() {
        assert_eq!(f64_to_f16(1.0), 0x3c00);
        assert_eq!(f64_to_f16(-2.0), 0xc000);
        assert_eq!(f64_to_f16(65504.0), 0x7bff);
        assert_eq!(f64_to_f16(65519.0), 0x7bff);
        assert_eq!(f64_to_f16(65520.0), 0x7c00);
        assert_eq!(f64_to_f16(2f64.powi(-24)), 0x0001);
        assert_eq!(f64_to_f16(2f64.powi(-25)), 0x0000);
        assert_eq!(f64_to_f16(1.5 * 2f64.powi(-25)), 0x0001);
        // 1 + 2^-11 is halfway between 1 and the next half: ties to even (1).
        assert_eq!(f64_to_f16(1.0 + 2f64.powi(-11)), 0x3c00);
        assert_eq!(f64_to_f16(1.0 + 3.0 * 2f64.powi(-11)), 0x3c02);
        // Rounding up out of the subnormals and out of a binade.
        assert_eq!(f64_to_f16(2f64.powi(-14) - 2f64.powi(-26)), 0x0400);
        assert_eq!(f64_to_f16(2.0 - 2f64.powi(-12)), 0x4000);
        for h in [
            0x0001u16, 0x03ff, 0x0400, 0x3c00, 0x7bff, 0x8001, 0xfbff, 0x7c00,
        ] {
            assert_eq!(f64_to_f16(f16_to_f64(h)), h, "{h:#x}");
        }
        assert!(f16_to_f64(0x7e00).is_nan());
    }

    #[test]
    fn ftz_flushes_f32_inputs_and_results_only() {
        let tiny = f32::from_bits(1); // the smallest subnormal
        let b = u64::from(tiny.to_bits());
        let one = u64::from(1.0f32.to_bits());
        assert_eq!(binary(BinOp::FAdd, b, b, FloatTy::F32, false), 2u64);
        assert_eq!(binary(BinOp::FAdd, b, b, FloatTy::F32, true), 0);
        // A normal product whose result is subnormal is flushed too.
        let small = u64::from(1e-20f32.to_bits());
        assert_eq!(binary(BinOp::FMul, small, small, FloatTy::F32, true), 0);
        assert_ne!(binary(BinOp::FMul, small, small, FloatTy::F32, false), 0);
        assert_eq!(binary(BinOp::FMul, one, one, FloatTy::F32, true), one);
        assert!(!compare(FCmp::Oeq, b, 0, FloatTy::F32, false));
        assert!(compare(FCmp::Oeq, b, 0, FloatTy::F32, true));
    }

    #[test]
    fn fma_rounds_once() {
        // fma rounds once: 1 + 2^-30 squared minus 1 keeps the 2^-60 term.
        let x = 1.0 + 2f64.powi(-30);
        let r = MathFn::Fma.apply(
            [x.to_bits(), x.to_bits(), (-1.0f64).to_bits()],
            FloatTy::F64,
            false,
        );
        assert_eq!(f64::from_bits(r), 2f64.powi(-29) + 2f64.powi(-60));
    }
}
