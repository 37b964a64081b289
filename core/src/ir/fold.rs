//! Constant folding: the one place that computes IR operations on constants
//! (used by irgen's emitter and by instcombine).

use super::{BinOp, CastOp, FCmp, ICmp, Type, Value};

/// An integer constant of `ty`, its payload sign-extended from the type's width.
pub fn int_const(ty: Type, v: i64) -> Value {
    let bits = ty.bits();
    let v = if bits < 64 && bits > 0 {
        (v << (64 - bits)) >> (64 - bits)
    } else {
        v
    };
    Value::Int(ty, v)
}

/// The value zero-extended from `bits` (as an unsigned number).
fn unsigned(v: i64, bits: u32) -> u64 {
    if bits >= 64 {
        v as u64
    } else {
        (v as u64) & ((1u64 << bits) - 1)
    }
}

fn float_const(ty: &Type, v: f64) -> Value {
    match ty {
        Type::F32 => Value::f32(v as f32),
        Type::Half => Value::Float(Type::Half, f16_to_f64(f64_to_f16(v)).to_bits()),
        t => Value::Float(t.clone(), v.to_bits()),
    }
}

/// An IEEE half's value.
pub fn f16_to_f64(h: u16) -> f64 {
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
pub fn f64_to_f16(v: f64) -> u16 {
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

/// Folds a cast of a constant.
pub fn cast(op: CastOp, v: &Value, from: &Type, to: &Type) -> Option<Value> {
    Some(match (op, v) {
        (CastOp::SExt | CastOp::Trunc, Value::Int(_, c)) => int_const(to.clone(), *c),
        (CastOp::ZExt, Value::Int(_, c)) => int_const(to.clone(), unsigned(*c, from.bits()) as i64),
        (CastOp::SIToFP, Value::Int(_, c)) => float_const(to, *c as f64),
        (CastOp::UIToFP, Value::Int(_, c)) => float_const(to, unsigned(*c, from.bits()) as f64),
        (CastOp::FPExt, Value::Float(_, b)) => Value::Float(to.clone(), *b),
        (CastOp::FPTrunc, Value::Float(_, b)) => float_const(to, f64::from_bits(*b)),
        (CastOp::FPToSI, Value::Float(_, b)) => {
            let f = f64::from_bits(*b).trunc();
            let bits = to.bits();
            let (lo, hi) = (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1));
            if !(f >= lo && f < hi) {
                return None; // poison in LLVM; leave it to the hardware's rule
            }
            int_const(to.clone(), f as i64)
        }
        (CastOp::FPToUI, Value::Float(_, b)) => {
            let f = f64::from_bits(*b).trunc();
            if !(f >= 0.0 && f < 2f64.powi(to.bits() as i32)) {
                return None;
            }
            int_const(to.clone(), f as u64 as i64)
        }
        // The bits of a constant as the other type (`__int_as_float(0x7f800000)`
        // is +inf). A float constant is held as an f64, which keeps every
        // f32 but a NaN's payload: NaN bits stay a bitcast.
        (CastOp::BitCast, Value::Int(_, c)) => match to {
            Type::F64 => Value::Float(Type::F64, *c as u64),
            Type::F32 if !f32::from_bits(*c as u32).is_nan() => {
                Value::Float(Type::F32, f64::from(f32::from_bits(*c as u32)).to_bits())
            }
            _ => return None,
        },
        (CastOp::BitCast, Value::Float(_, b)) => match (from, to) {
            (Type::F64, Type::I64) => int_const(Type::I64, *b as i64),
            (Type::F32, Type::I32) if !f64::from_bits(*b).is_nan() => int_const(
                Type::I32,
                i64::from((f64::from_bits(*b) as f32).to_bits() as i32),
            ),
            _ => return None,
        },
        _ => return None,
    })
}

/// Folds `fneg` of a constant: the sign flipped (NaNs included, as `neg` does).
pub fn fneg(v: &Value) -> Option<Value> {
    match v {
        Value::Float(ty, bits) => Some(Value::Float(ty.clone(), bits ^ (1 << 63))),
        _ => None,
    }
}

/// Folds a binary operation on two constants of type `ty`. Division by zero
/// and overflowing signed division are left alone (they are undefined).
pub fn binary(op: BinOp, a: &Value, b: &Value, ty: &Type) -> Option<Value> {
    match (a, b) {
        (Value::Int(_, x), Value::Int(_, y)) => {
            let bits = ty.bits();
            let (ux, uy) = (unsigned(*x, bits), unsigned(*y, bits));
            let v: i64 = match op {
                BinOp::Add => x.wrapping_add(*y),
                BinOp::Sub => x.wrapping_sub(*y),
                BinOp::Mul => x.wrapping_mul(*y),
                BinOp::And => x & y,
                BinOp::Or => x | y,
                BinOp::Xor => x ^ y,
                BinOp::Shl if uy < u64::from(bits) => x.wrapping_shl(uy as u32),
                BinOp::LShr if uy < u64::from(bits) => (ux >> uy) as i64,
                BinOp::AShr if uy < u64::from(bits) => x >> uy,
                BinOp::SDiv
                    if *y != 0
                        && !(*y == -1
                            && int_const(ty.clone(), *x) == int_const(ty.clone(), i64::MIN)) =>
                {
                    x.wrapping_div(*y)
                }
                BinOp::SRem if *y != 0 && *y != -1 => x.wrapping_rem(*y),
                BinOp::UDiv if uy != 0 => (ux / uy) as i64,
                BinOp::URem if uy != 0 => (ux % uy) as i64,
                _ => return None,
            };
            Some(int_const(ty.clone(), v))
        }
        (Value::Float(_, x), Value::Float(_, y)) => {
            let (x, y) = (f64::from_bits(*x), f64::from_bits(*y));
            let v = if *ty == Type::F32 {
                let (x, y) = (x as f32, y as f32);
                f64::from(match op {
                    BinOp::FAdd => x + y,
                    BinOp::FSub => x - y,
                    BinOp::FMul => x * y,
                    BinOp::FDiv => x / y,
                    BinOp::FRem => x % y,
                    _ => return None,
                })
            } else {
                match op {
                    BinOp::FAdd => x + y,
                    BinOp::FSub => x - y,
                    BinOp::FMul => x * y,
                    BinOp::FDiv => x / y,
                    BinOp::FRem => x % y,
                    _ => return None,
                }
            };
            Some(float_const(ty, v))
        }
        _ => None,
    }
}

/// Folds an integer comparison of two constants of type `ty`.
pub fn icmp(pred: ICmp, a: &Value, b: &Value, ty: &Type) -> Option<bool> {
    let (Value::Int(_, x), Value::Int(_, y)) = (a, b) else {
        return None;
    };
    let bits = ty.bits();
    let (ux, uy) = (unsigned(*x, bits), unsigned(*y, bits));
    Some(match pred {
        ICmp::Eq => x == y,
        ICmp::Ne => x != y,
        ICmp::Slt => x < y,
        ICmp::Sle => x <= y,
        ICmp::Sgt => x > y,
        ICmp::Sge => x >= y,
        ICmp::Ult => ux < uy,
        ICmp::Ule => ux <= uy,
        ICmp::Ugt => ux > uy,
        ICmp::Uge => ux >= uy,
    })
}

/// `x pred c` in its strict form, LLVM's canonical one (whose PTX nvcc
/// writes): `x <= 7` is `x < 8`, `x >= 100u` is `x > 99u`. None when `pred`
/// is strict or an equality already, or `c` is the end of the range.
pub fn strict_against(pred: ICmp, c: &Value) -> Option<(ICmp, Value)> {
    let Value::Int(ty, c) = c else {
        return None;
    };
    let bits = ty.bits();
    if bits <= 1 {
        return None;
    }
    let mask = unsigned(-1, bits);
    let u = unsigned(*c, bits);
    let smax = (mask >> 1) as i64;
    let s = if bits < 64 && u > mask >> 1 {
        *c | !(mask as i64)
    } else {
        *c
    };
    let (pred, k) = match pred {
        ICmp::Sle if s != smax => (ICmp::Slt, s + 1),
        ICmp::Sge if s != -smax - 1 => (ICmp::Sgt, s - 1),
        ICmp::Ule if u != mask => (ICmp::Ult, u.wrapping_add(1) as i64),
        ICmp::Uge if u != 0 => (ICmp::Ugt, (u - 1) as i64),
        _ => return None,
    };
    Some((pred, int_const(ty.clone(), k)))
}

/// Folds a float comparison of two constants.
pub fn fcmp(pred: FCmp, a: &Value, b: &Value) -> Option<bool> {
    let (Value::Float(_, x), Value::Float(_, y)) = (a, b) else {
        return None;
    };
    let (x, y) = (f64::from_bits(*x), f64::from_bits(*y));
    let uno = x.is_nan() || y.is_nan();
    Some(match pred {
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
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_with_the_types_width() {
        assert_eq!(
            binary(
                BinOp::Add,
                &Value::i32(i32::MAX),
                &Value::i32(1),
                &Type::I32
            ),
            Some(Value::i32(i32::MIN))
        );
        assert_eq!(
            binary(BinOp::LShr, &Value::i32(-1), &Value::i32(28), &Type::I32),
            Some(Value::i32(15))
        );
        assert_eq!(
            binary(BinOp::SDiv, &Value::i32(1), &Value::i32(0), &Type::I32),
            None
        );
        assert_eq!(
            icmp(ICmp::Ult, &Value::i32(-1), &Value::i32(1), &Type::I32),
            Some(false)
        );
        assert_eq!(
            cast(CastOp::ZExt, &Value::bool(true), &Type::I1, &Type::I32),
            Some(Value::i32(1))
        );
        assert_eq!(
            cast(CastOp::FPToSI, &Value::f32(3.9), &Type::F32, &Type::I32),
            Some(Value::i32(3))
        );
    }

    #[test]
    fn bitcasts_of_constants_keep_the_bits() {
        let inf = cast(
            CastOp::BitCast,
            &Value::i32(0x7f80_0000),
            &Type::I32,
            &Type::F32,
        );
        assert_eq!(inf, Some(Value::f32(f32::INFINITY)));
        assert_eq!(
            cast(CastOp::BitCast, &Value::f32(-2.5), &Type::F32, &Type::I32),
            Some(Value::i32((-2.5f32).to_bits() as i32))
        );
        let one = cast(
            CastOp::BitCast,
            &Value::i64(0x3ff0_0000_0000_0000),
            &Type::I64,
            &Type::F64,
        );
        assert_eq!(one, Some(Value::f64(1.0)));
        // A NaN's payload might not survive an f32 held as an f64: unfolded.
        let snan = 0x7f80_0001u32 as i32;
        assert_eq!(
            cast(CastOp::BitCast, &Value::i32(snan), &Type::I32, &Type::F32),
            None
        );
        let nan64 = 0x7ff8_0000_0000_1234u64 as i64;
        let n = cast(CastOp::BitCast, &Value::i64(nan64), &Type::I64, &Type::F64);
        assert_eq!(n, Some(Value::Float(Type::F64, nan64 as u64)));
    }
}
