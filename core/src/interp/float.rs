//! Float arithmetic as the IR defines it: IEEE rounding in the operation's
//! own type, PTX's flush-to-zero for f32 when asked, and half precision
//! computed through f32 (exact for + − × ÷: f32 has more than 2·11+2 bits).

use crate::ir::{BinOp, FCmp};

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

/// Math intrinsics (`llvm.fma.f32`, `llvm.sqrt.f64`, …) the interpreter knows.
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
    /// 2^x (`ex2.approx`: computed exactly here).
    Exp2,
    /// log2(x) (`lg2.approx`: computed exactly here).
    Log2,
    /// A reinterpretation of the bits (`llvm.nvvm.bitcast.f2i`/`i2f`).
    Bits,
}

impl MathFn {
    /// The function and its type from an intrinsic name such as `llvm.fma.f32`
    /// (or NVVM's `llvm.nvvm.fma.rn.f`, `llvm.nvvm.sqrt.rn.d`).
    pub fn parse(name: &str) -> Option<(MathFn, FloatTy)> {
        if let Some(rest) = name.strip_prefix("llvm.nvvm.") {
            let (f, ty) = match rest {
                "fma.rn.f" => (MathFn::Fma, FloatTy::F32),
                "fma.rn.d" => (MathFn::Fma, FloatTy::F64),
                "sqrt.rn.f" => (MathFn::Sqrt, FloatTy::F32),
                "sqrt.rn.d" => (MathFn::Sqrt, FloatTy::F64),
                "fabs.f" => (MathFn::Fabs, FloatTy::F32),
                "fabs.d" => (MathFn::Fabs, FloatTy::F64),
                "ex2.approx.f" | "ex2.approx.ftz.f" => (MathFn::Exp2, FloatTy::F32),
                "lg2.approx.f" | "lg2.approx.ftz.f" => (MathFn::Log2, FloatTy::F32),
                "bitcast.f2i" | "bitcast.i2f" => (MathFn::Bits, FloatTy::F32),
                _ => return None,
            };
            return Some((f, ty));
        }
        let rest = name.strip_prefix("llvm.")?;
        let (base, ty) = rest.rsplit_once('.')?;
        let ty = match ty {
            "f16" => FloatTy::F16,
            "f32" => FloatTy::F32,
            "f64" => FloatTy::F64,
            _ => return None,
        };
        let f = match base {
            "fma" | "fmuladd" => MathFn::Fma,
            "sqrt" => MathFn::Sqrt,
            "fabs" => MathFn::Fabs,
            "minnum" => MathFn::MinNum,
            "maxnum" => MathFn::MaxNum,
            "floor" => MathFn::Floor,
            "ceil" => MathFn::Ceil,
            "trunc" => MathFn::Trunc,
            "rint" | "nearbyint" | "roundeven" => MathFn::Rint,
            "copysign" => MathFn::CopySign,
            _ => return None,
        };
        Some((f, ty))
    }

    pub fn arity(self) -> usize {
        match self {
            MathFn::Fma => 3,
            MathFn::MinNum | MathFn::MaxNum | MathFn::CopySign => 2,
            _ => 1,
        }
    }

    /// Applies the function to values of `ty` (f16 through f32, except fma,
    /// which rounds once from f64: exact for 11-bit operands).
    pub fn apply(self, args: [u64; 3], ty: FloatTy, ftz: bool) -> u64 {
        if self == MathFn::Bits {
            return args[0];
        }
        if ty == FloatTy::F32 {
            let [a, b, c] = args.map(|x| {
                let v = f32::from_bits(x as u32);
                if ftz {
                    flush(v)
                } else {
                    v
                }
            });
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
                MathFn::Exp2 => a.exp2(),
                MathFn::Log2 => a.log2(),
                MathFn::Bits => a,
            };
            return u64::from(if ftz { flush(r) } else { r }.to_bits());
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
            MathFn::Exp2 => a.exp2(),
            MathFn::Log2 => a.log2(),
            MathFn::Bits => a,
        };
        from_f64(r, ty)
    }
}

/// An IEEE half's value.
pub(crate) fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = i32::from((h >> 10) & 0x1f);
    let man = f64::from(h & 0x3ff);
    match exp {
        0 => sign * man * 2f64.powi(-24),
        31 if man == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        e => sign * (1024.0 + man) * 2f64.powi(e - 25),
    }
}

/// `v` rounded to the nearest half (ties to even).
pub(crate) fn f64_to_f16(v: f64) -> u16 {
    let sign = ((v.to_bits() >> 48) & 0x8000) as u16;
    if v.is_nan() {
        return sign | 0x7e00;
    }
    let a = v.abs();
    // 65520 lies halfway between the largest half (65504) and 65536: ties to even is infinity.
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    let e = ((a.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    if e < -25 {
        return sign; // below half the smallest subnormal
    }
    // The spacing of halves near `a`: 2^(e-10) for normals, 2^-24 below 2^-14.
    let q = e.max(-14) - 10;
    let r = (a * 2f64.powi(-q)).round_ties_even() as u16;
    if e < -14 {
        sign | r // a subnormal; r = 1024 is the smallest normal
    } else {
        sign | ((((e + 15) as u16) << 10) + r - 1024)
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
    fn intrinsic_names() {
        assert_eq!(
            MathFn::parse("llvm.fma.f32"),
            Some((MathFn::Fma, FloatTy::F32))
        );
        assert_eq!(
            MathFn::parse("llvm.nvvm.sqrt.rn.d"),
            Some((MathFn::Sqrt, FloatTy::F64))
        );
        assert_eq!(MathFn::parse("llvm.nvvm.barrier0"), None);
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
