//! IR casts on the interpreter's values (`trunc`, `sext`, `fptosi`, …):
//! the bit patterns of each scalar type converted as the IR defines.

use crate::model::value::{mask, sext, Scalar};
use crate::model::{float, rounding};
use ptxlab_core::ir::CastOp;

/// A float of type `from` converted to an integer of `bits` as `cvt.rzi`
/// does: toward zero, saturating at the type's range, a NaN as a GPU
/// converts it (`rounding::float_to_int`).
pub(super) fn float_to_int(v: f64, from: float::FloatTy, bits: u32, signed: bool) -> u64 {
    rounding::float_to_int(v, from, rounding::Rounding::Zero, bits, signed)
}

pub(super) fn cast(op: CastOp, a: u64, from: Scalar, to: Scalar, ftz: bool) -> u64 {
    let fbits = |x: u64, s: Scalar| match s.float() {
        Some(ty) => float::to_f64(float::flush_bits(x, ty, ftz), ty),
        None => 0.0,
    };
    let fto = |v: f64, s: Scalar| match s.float() {
        Some(ty) => float::flush_bits(float::from_f64(v, ty), ty, ftz),
        None => 0,
    };
    match op {
        CastOp::Trunc | CastOp::PtrToInt | CastOp::IntToPtr => a & mask(to.bits()),
        CastOp::ZExt | CastOp::BitCast | CastOp::AddrSpaceCast => a,
        CastOp::SExt => sext(a, from.bits()) as u64 & mask(to.bits()),
        CastOp::FPExt | CastOp::FPTrunc => fto(fbits(a, from), to),
        CastOp::FPToSI | CastOp::FPToUI => {
            let Some(ty) = from.float() else { return 0 };
            float_to_int(fbits(a, from), ty, to.bits(), op == CastOp::FPToSI)
        }
        CastOp::SIToFP => {
            let v = sext(a, from.bits());
            match to {
                // Rounded once, from the integer (via f64 it could round twice).
                Scalar::F32 => u64::from((v as f32).to_bits()),
                _ => fto(v as f64, to),
            }
        }
        CastOp::UIToFP => match to {
            Scalar::F32 => u64::from((a as f32).to_bits()),
            _ => fto(a as f64, to),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn float_to_int_saturates_like_cvt_rzi() {
        use float::FloatTy::{F32, F64};
        assert_eq!(float_to_int(3.9, F32, 32, true), 3);
        assert_eq!(float_to_int(-3.9, F32, 32, true), (-3i32) as u32 as u64);
        assert_eq!(float_to_int(1e30, F32, 32, true), i32::MAX as u64);
        assert_eq!(float_to_int(-1e30, F32, 32, true), i32::MIN as u32 as u64);
        assert_eq!(float_to_int(f64::NAN, F32, 32, true), 0);
        assert_eq!(float_to_int(f64::NAN, F64, 32, true), 0x8000_0000);
        assert_eq!(float_to_int(-5.0, F32, 32, false), 0);
        assert_eq!(float_to_int(1e30, F32, 32, false), u32::MAX as u64);
        assert_eq!(float_to_int(300.0, F32, 8, true), 127);
        assert_eq!(float_to_int(1e300, F64, 64, true), i64::MAX as u64);
        assert_eq!(float_to_int(-1e300, F64, 64, false), 0);
    }

    #[test]
    fn int_to_float_rounds_once() {
        // 2^24 + 1 is halfway between two floats: ties to even.
        let v = (1u64 << 24) + 1;
        let r = cast(CastOp::SIToFP, v, Scalar::I64, Scalar::F32, false);
        assert_eq!(f32::from_bits(r as u32), 16777216.0);
        // A value that rounding through f64 would get wrong.
        let v: u64 = (1 << 62) + (1 << 38) + 1;
        let r = cast(CastOp::UIToFP, v, Scalar::I64, Scalar::F32, false);
        assert_eq!(f32::from_bits(r as u32), v as f32);
        let r = cast(CastOp::SExt, 0x80, Scalar::I8, Scalar::I32, false);
        assert_eq!(r, 0xffff_ff80);
    }
}
