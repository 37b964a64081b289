//! The emulator's arithmetic on values: addresses and `cvta`, comparisons,
//! the integer, carry-chain and float instructions, `cvt`.

use super::*;
use crate::emu::program::{Video, VideoOp};

/// `[base+off]`: a 32-bit base register's sum wraps at 32 bits.
pub(super) fn address(base: u64, off: i64, wrap32: bool) -> u64 {
    let a = base.wrapping_add(off as u64);
    if wrap32 {
        a & 0xffff_ffff
    } else {
        a
    }
}

/// The address `off` of a per-thread space, as a space address or a generic one.
pub(super) fn space_addr(space: Mem, off: u64, generic: bool) -> u64 {
    if generic {
        Ptr {
            space: space.addrspace(),
            region: 0,
            offset: off,
        }
        .encode()
    } else {
        off
    }
}

/// `cvta`: a space address to a generic one, or back (`to`). Global and
/// constant addresses are generic ones already; a generic address of
/// another space gives an address no access accepts.
pub(super) fn cvta(v: u64, space: Mem, to: bool) -> u64 {
    match space {
        Mem::Global | Mem::Const | Mem::Generic => v,
        _ if !to => space_addr(space, v & 0xffff_ffff, true),
        _ => {
            let p = Ptr::decode(v);
            if p.space == space.addrspace() && p.region == 0 {
                p.offset
            } else if v == 0 {
                0
            } else {
                v | (1 << 32)
            }
        }
    }
}

pub(super) fn compare(cmp: Cmp, a: u64, b: u64, ty: Ty, ftz: bool) -> bool {
    match cmp {
        Cmp::Int(c) => {
            let m = mask(ty.bits);
            int_compare(c, a & m, b & m, ty.bits)
        }
        Cmp::Float(c) => match ty.float() {
            Some(ft) => float::compare(c, a, b, ft, ftz),
            None => false,
        },
    }
}

/// An integer operation on operands of `ty` (bits beyond the width ignored).
pub(super) fn int_op(op: IntOp, s: [u64; 4], ty: Ty) -> Result<u64, Fault> {
    let bits = ty.bits;
    let m = mask(bits);
    let signed = ty.signed();
    let [a, b, c, d] = s;
    let (a, b) = (a & m, b & m);
    let sx = |v: u64| sext(v, bits);
    let bin = |o: BinOp| int_binary(o, a, b, bits);
    Ok(match op {
        IntOp::Add => bin(BinOp::Add)?,
        IntOp::Sub => bin(BinOp::Sub)?,
        IntOp::AddSat => {
            (sx(a)
                .saturating_add(sx(b))
                .clamp(i32::MIN.into(), i32::MAX.into()) as u64)
                & m
        }
        IntOp::SubSat => {
            (sx(a)
                .saturating_sub(sx(b))
                .clamp(i32::MIN.into(), i32::MAX.into()) as u64)
                & m
        }
        IntOp::MulLo => bin(BinOp::Mul)?,
        IntOp::MulHi => int_fn(IntFn::MulHi { signed }, [a, b, 0], bits),
        IntOp::MulWide => wide(a, b, bits, signed),
        IntOp::MadLo => a.wrapping_mul(b).wrapping_add(c) & m,
        IntOp::MadHi => int_fn(IntFn::MulHi { signed }, [a, b, 0], bits).wrapping_add(c) & m,
        IntOp::MadWide => wide(a, b, bits, signed).wrapping_add(c) & mask(bits * 2),
        IntOp::Mul24Lo | IntOp::Mul24Hi | IntOp::Mad24Lo | IntOp::Mad24Hi => {
            let p = int_fn(IntFn::Mul24 { signed }, [a, b, 0], 64);
            let r = if matches!(op, IntOp::Mul24Hi | IntOp::Mad24Hi) {
                p >> 16
            } else {
                p
            };
            let r = if matches!(op, IntOp::Mad24Lo | IntOp::Mad24Hi) {
                r.wrapping_add(c)
            } else {
                r
            };
            r & m
        }
        IntOp::Div => bin(if signed { BinOp::SDiv } else { BinOp::UDiv })?,
        IntOp::Rem => bin(if signed { BinOp::SRem } else { BinOp::URem })?,
        IntOp::Abs => (sx(a).wrapping_abs() as u64) & m,
        IntOp::Neg => a.wrapping_neg() & m,
        IntOp::Min => {
            if (signed && sx(a) <= sx(b)) || (!signed && a <= b) {
                a
            } else {
                b
            }
        }
        IntOp::Max => {
            if (signed && sx(a) >= sx(b)) || (!signed && a >= b) {
                a
            } else {
                b
            }
        }
        IntOp::Shl => int_binary(BinOp::Shl, a, s[1] & 0xffff_ffff, bits)?,
        IntOp::Shr => int_binary(
            if signed { BinOp::AShr } else { BinOp::LShr },
            a,
            s[1] & 0xffff_ffff,
            bits,
        )?,
        IntOp::And => a & b,
        IntOp::Or => a | b,
        IntOp::Xor => a ^ b,
        IntOp::Not => !a & m,
        IntOp::CNot => u64::from(a == 0),
        IntOp::Popc => int_fn(IntFn::Popc, [a, 0, 0], bits),
        IntOp::Clz => int_fn(IntFn::Clz, [a, 0, 0], bits),
        IntOp::Brev => int_fn(IntFn::BitReverse, [a, 0, 0], bits),
        IntOp::Bfind { shiftamt } => {
            // The most significant bit that is set (unsigned) or that differs
            // from the sign (signed); 0xffffffff when there is none.
            let x = if signed && sx(a) < 0 { !a & m } else { a };
            if x == 0 {
                0xffff_ffff
            } else {
                let pos = 63 - u64::from(x.leading_zeros());
                if shiftamt {
                    u64::from(bits - 1) - pos
                } else {
                    pos
                }
            }
        }
        IntOp::Bmsk { clamp } => {
            let (pos, len) = if clamp {
                ((s[0] & 0xffff_ffff).min(32), (s[1] & 0xffff_ffff).min(32))
            } else {
                (s[0] & 31, s[1] & 31)
            };
            ((1u64 << len) - 1) << pos & 0xffff_ffff
        }
        IntOp::Bfe => {
            let pos = s[1] & 0xff;
            let len = s[2] & 0xff;
            let msb = u64::from(bits - 1);
            let sbit = if signed && len > 0 {
                (a >> (pos + len - 1).min(msb)) & 1
            } else {
                0
            };
            let mut r = 0u64;
            for i in 0..u64::from(bits) {
                let bit = if i < len && pos + i <= msb {
                    (a >> (pos + i)) & 1
                } else {
                    sbit
                };
                r |= bit << i;
            }
            r
        }
        IntOp::Bfi => {
            let pos = c & 0xff;
            let len = d & 0xff;
            let msb = u64::from(bits - 1);
            let mut r = b;
            for i in 0..len {
                if pos + i > msb {
                    break;
                }
                let bit = (a >> i) & 1;
                r = (r & !(1 << (pos + i))) | (bit << (pos + i));
            }
            r & m
        }
        IntOp::Prmt => int_fn(IntFn::BytePerm, [a, b, c], 32),
        IntOp::Fns => int_fn(IntFn::FindNthSet, [a, b, c], 32),
        IntOp::IsSpace(space) => int_fn(IntFn::IsSpace(space.addrspace()), [a, 0, 0], 64),
        IntOp::Shf { left, clamp } => {
            let n = if clamp {
                (c & 0xffff_ffff).min(32)
            } else {
                c & 31
            };
            let wide = (b << 32) | a;
            if left {
                ((wide << n) >> 32) & 0xffff_ffff
            } else {
                (wide >> n) & 0xffff_ffff
            }
        }
        IntOp::Sad => int_fn(IntFn::Sad { signed }, [a, b, c], bits),
        IntOp::Video(v) => video(v, a, b, c),
        IntOp::Dot {
            two,
            a_signed,
            b_signed,
        } => int_fn(
            IntFn::Dot {
                two,
                a_signed,
                b_signed,
            },
            [a, b, c],
            32,
        ),
        IntOp::Lop3 => {
            (0..8).fold(0, |r, i| {
                if (d >> i) & 1 == 0 {
                    return r;
                }
                let pick = |x: u64, bit: u64| if i & bit != 0 { x } else { !x };
                r | (pick(a, 4) & pick(b, 2) & pick(c, 1))
            }) & m
        }
    })
}

/// An operation of the carry chain: the result and the carry (for a
/// subtraction, the borrow) out.
pub(super) fn carry_op(op: CarryOp, s: [u64; 3], ty: Ty, cin: bool) -> (u64, bool) {
    let bits = ty.bits;
    let m = mask(bits);
    let [a, b, c] = s.map(|v| u128::from(v & m));
    let cf = u128::from(cin);
    let product = |a: u128, b: u128| -> u128 {
        if ty.signed() {
            let (x, y) = (sext(a as u64, bits), sext(b as u64, bits));
            (i128::from(x) * i128::from(y)) as u128
        } else {
            a * b
        }
    };
    let w: u128 = match op {
        CarryOp::Add => a + b + cf,
        CarryOp::Sub => {
            let r = a.wrapping_sub(b + cf);
            return (r as u64 & m, a < b + cf);
        }
        CarryOp::MadLo => (product(a, b) & u128::from(m)) + c + cf,
        CarryOp::MadHi => ((product(a, b) >> bits) & u128::from(m)) + c + cf,
    };
    (w as u64 & m, w >> bits != 0)
}

/// `mul.wide`: the full product of two `bits`-bit operands.
pub(super) fn wide(a: u64, b: u64, bits: u32, signed: bool) -> u64 {
    if signed {
        (sext(a, bits).wrapping_mul(sext(b, bits))) as u64
    } else {
        a.wrapping_mul(b)
    }
}

pub(super) fn float_op(op: FloatOp, s: [u64; 3], ty: FloatTy, ftz: bool, sat: bool) -> u64 {
    let [a, b, c] = s;
    let round = |o: RoundOp, m: Rounding, args: [u64; 3]| MathFn::Round(o, m).apply(args, ty, ftz);
    let r = match op {
        FloatOp::Add(Rounding::Nearest) => float::binary(BinOp::FAdd, a, b, ty, ftz),
        FloatOp::Sub(Rounding::Nearest) => float::binary(BinOp::FSub, a, b, ty, ftz),
        FloatOp::Mul(Rounding::Nearest) => float::binary(BinOp::FMul, a, b, ty, ftz),
        FloatOp::Div(Rounding::Nearest) => float::binary(BinOp::FDiv, a, b, ty, ftz),
        FloatOp::Add(m) => round(RoundOp::Add, m, [a, b, 0]),
        FloatOp::Sub(m) => round(RoundOp::Add, m, [a, float::neg(b, ty, false), 0]),
        FloatOp::Mul(m) => round(RoundOp::Mul, m, [a, b, 0]),
        FloatOp::Div(m) => round(RoundOp::Div, m, [a, b, 0]),
        FloatOp::Fma(Rounding::Nearest) => MathFn::Fma.apply([a, b, c], ty, ftz),
        FloatOp::Fma(m) => round(RoundOp::Fma, m, [a, b, c]),
        FloatOp::Rcp(m) => round(RoundOp::Rcp, m, [a, 0, 0]),
        FloatOp::Sqrt(Rounding::Nearest) => MathFn::Sqrt.apply([a, 0, 0], ty, ftz),
        FloatOp::Sqrt(m) => round(RoundOp::Sqrt, m, [a, 0, 0]),
        FloatOp::Approx(o) => MathFn::Approx(o).apply([a, b, 0], ty, ftz),
        FloatOp::Abs => MathFn::Fabs.apply([a, 0, 0], ty, ftz),
        FloatOp::Neg => float::neg(a, ty, ftz),
        FloatOp::Min => MathFn::MinNum.apply([a, b, 0], ty, ftz),
        FloatOp::Max => MathFn::MaxNum.apply([a, b, 0], ty, ftz),
        // copysign d, a, b: b's magnitude with a's sign.
        FloatOp::Copysign => MathFn::CopySign.apply([b, a, 0], ty, false),
    };
    if sat {
        MathFn::Saturate.apply([r, 0, 0], ty, ftz)
    } else {
        r
    }
}

/// `cvt`: from `from` to `to` with the rounding, `.ftz` and `.sat` asked for.
pub(super) fn cvt(v: u64, to: Ty, from: Ty, round: CvtRound, ftz: bool, sat: bool) -> u64 {
    let int_val = |v: u64| -> i128 {
        if from.signed() {
            i128::from(sext(v, from.bits))
        } else {
            i128::from(v & mask(from.bits))
        }
    };
    match (from.float(), to.float()) {
        (None, None) => {
            let x = int_val(v);
            if sat {
                let (lo, hi) = if to.signed() {
                    (-(1i128 << (to.bits - 1)), (1i128 << (to.bits - 1)) - 1)
                } else {
                    (0, (1i128 << to.bits) - 1)
                };
                return x.clamp(lo, hi) as u64 & mask(to.bits);
            }
            x as u64 & mask(to.bits)
        }
        (Some(ft), None) => {
            let mode = match round {
                CvtRound::Int(m) | CvtRound::Float(m) => m,
                CvtRound::None => Rounding::Zero,
            };
            let x = float::to_f64(float::flush_bits(v, ft, ftz), ft);
            rounding::float_to_int(x, ft, mode, to.bits, to.signed())
        }
        (None, Some(tt)) => {
            let mode = match round {
                CvtRound::Float(m) | CvtRound::Int(m) => m,
                CvtRound::None => Rounding::Nearest,
            };
            let x = int_val(v);
            let r = match tt {
                FloatTy::F32 => {
                    u64::from(rounding::int_to_f32(x as i64 as u64, from.signed(), mode).to_bits())
                }
                FloatTy::F64 => rounding::int_to_f64(x as u64, from.signed(), mode).to_bits(),
                FloatTy::F16 => float::from_f64(x as f64, FloatTy::F16),
            };
            let r = float::flush_bits(r, tt, ftz);
            if sat {
                MathFn::Saturate.apply([r, 0, 0], tt, ftz)
            } else {
                r
            }
        }
        (Some(ft), Some(tt)) => {
            let x = float::flush_bits(v, ft, ftz);
            let r = match round {
                CvtRound::Int(m) => {
                    // An integral value in the same type (cvt.rni.f32.f32) or a wider one.
                    let f = float::to_f64(x, ft);
                    float::from_f64(m.integral(f), tt)
                }
                CvtRound::Float(m) if ft == FloatTy::F64 && tt == FloatTy::F32 => {
                    u64::from(rounding::f64_to_f32(f64::from_bits(x), m).to_bits())
                }
                _ => float::from_f64(float::to_f64(x, ft), tt),
            };
            let r = float::flush_bits(r, tt, ftz);
            if sat {
                MathFn::Saturate.apply([r, 0, 0], tt, ftz)
            } else {
                r
            }
        }
    }
}

/// One SIMD video instruction on 32-bit words (`IntOp::Video`).
fn video(v: Video, a: u64, b: u64, c: u64) -> u64 {
    let w = 32 / u32::from(v.lanes);
    let mask = (1i64 << w) - 1;
    let lane = |x: u64, i: u32, signed: bool| -> i64 {
        let u = ((x >> (w * i)) as i64) & mask;
        if signed && u >> (w - 1) != 0 {
            u - (1 << w)
        } else {
            u
        }
    };
    let (lo, hi) = if v.d_signed {
        (-(1i64 << (w - 1)), (1i64 << (w - 1)) - 1)
    } else {
        (0, mask)
    };
    let mut sum = c as i64;
    let mut out = 0u64;
    for i in 0..u32::from(v.lanes) {
        let (x, y) = (lane(a, i, v.a_signed), lane(b, i, v.b_signed));
        let r = match v.op {
            VideoOp::Add => x + y,
            VideoOp::Sub => x - y,
            VideoOp::Avrg => (x + y + 1) >> 1,
            VideoOp::Absdiff => (x - y).abs(),
            VideoOp::Min => x.min(y),
            VideoOp::Max => x.max(y),
        };
        let r = if v.sat { r.clamp(lo, hi) } else { r };
        sum += r;
        out |= ((r & mask) as u64) << (w * i);
    }
    if v.add {
        (sum as u64) & 0xffff_ffff
    } else {
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::emu::program::Kind;

    fn f32t() -> Ty {
        Ty {
            kind: Kind::F,
            bits: 32,
        }
    }
    fn ty(kind: Kind, bits: u32) -> Ty {
        Ty { kind, bits }
    }

    #[test]
    fn cvt_rounds_in_each_mode_and_saturates() {
        let f = |x: f32| u64::from(x.to_bits());
        let s32 = ty(Kind::S, 32);
        let rni = |m| CvtRound::Int(m);
        assert_eq!(
            cvt(f(2.5), s32, f32t(), rni(Rounding::Nearest), false, false),
            2
        );
        assert_eq!(
            cvt(f(3.5), s32, f32t(), rni(Rounding::Nearest), false, false),
            4
        );
        assert_eq!(
            cvt(f(-2.5), s32, f32t(), rni(Rounding::Down), false, false),
            (-3i32) as u32 as u64
        );
        assert_eq!(cvt(f(2.1), s32, f32t(), rni(Rounding::Up), false, false), 3);
        assert_eq!(
            cvt(f(-2.9), s32, f32t(), rni(Rounding::Zero), false, false),
            (-2i32) as u32 as u64
        );
        assert_eq!(
            cvt(f(1e20), s32, f32t(), rni(Rounding::Zero), false, false),
            0x7fff_ffff
        );
        assert_eq!(
            cvt(f(f32::NAN), s32, f32t(), rni(Rounding::Zero), false, false),
            0
        );
        // cvt.rz.f32.f64 and cvt.rp.f32.f64 bracket a value between floats.
        let third = (1.0f64 / 3.0).to_bits();
        let f64t = ty(Kind::F, 64);
        let down = cvt(
            third,
            f32t(),
            f64t,
            CvtRound::Float(Rounding::Zero),
            false,
            false,
        );
        let up = cvt(
            third,
            f32t(),
            f64t,
            CvtRound::Float(Rounding::Up),
            false,
            false,
        );
        assert_eq!(
            f32::from_bits(up as u32),
            f32::from_bits(down as u32).next_up()
        );
        // cvt.rz.f32.s32 of 2^24 + 1 truncates; .rp rounds up.
        let big = (1u64 << 24) + 1;
        let rz = cvt(
            big,
            f32t(),
            s32,
            CvtRound::Float(Rounding::Zero),
            false,
            false,
        );
        let rp = cvt(
            big,
            f32t(),
            s32,
            CvtRound::Float(Rounding::Up),
            false,
            false,
        );
        assert_eq!(f32::from_bits(rz as u32), 16777216.0);
        assert_eq!(f32::from_bits(rp as u32), 16777218.0);
        // cvt.sat.f32.f32 clamps to [0, 1], NaN to 0.
        assert_eq!(
            cvt(f(1.5), f32t(), f32t(), CvtRound::None, false, true),
            f(1.0)
        );
        assert_eq!(
            cvt(f(f32::NAN), f32t(), f32t(), CvtRound::None, false, true),
            0
        );
        // Integer narrowing, and .sat's clamp.
        let u8t = ty(Kind::U, 8);
        assert_eq!(
            cvt(0x1ff, u8t, ty(Kind::U, 32), CvtRound::None, false, false),
            0xff
        );
        assert_eq!(
            cvt(0x1ff, u8t, ty(Kind::U, 32), CvtRound::None, false, true),
            0xff
        );
        assert_eq!(
            cvt((-5i32) as u32 as u64, u8t, s32, CvtRound::None, false, true),
            0
        );
        assert_eq!(
            cvt(
                0x80,
                ty(Kind::S, 32),
                ty(Kind::S, 8),
                CvtRound::None,
                false,
                false
            ),
            0xffff_ff80
        );
        // ftz flushes a subnormal input.
        let tiny = u64::from(f32::from_bits(1).to_bits());
        assert_eq!(cvt(tiny, f64t, f32t(), CvtRound::None, true, false), 0);
        assert_ne!(cvt(tiny, f64t, f32t(), CvtRound::None, false, false), 0);
    }

    #[test]
    fn setp_unordered_comparisons_are_true_on_nan() {
        use ptxlab_core::ir::FCmp;
        let nan = u64::from(f32::NAN.to_bits());
        let one = u64::from(1.0f32.to_bits());
        let c = |p| compare(Cmp::Float(p), nan, one, f32t(), false);
        assert!(!c(FCmp::Olt) && !c(FCmp::Oeq) && !c(FCmp::One));
        assert!(c(FCmp::Ult) && c(FCmp::Ueq) && c(FCmp::Une) && c(FCmp::Uno));
        assert!(!c(FCmp::Ord));
        let i = |p, a, b| compare(Cmp::Int(p), a, b, ty(Kind::S, 32), false);
        use ptxlab_core::ir::ICmp;
        assert!(i(ICmp::Slt, 0xffff_ffff, 0));
        // Bits above the width are ignored.
        assert!(i(ICmp::Eq, 0x1_0000_0001, 1));
    }

    #[test]
    fn integer_instructions_follow_ptx() {
        let s32 = ty(Kind::S, 32);
        let u32t = ty(Kind::U, 32);
        let run = |op, s, t| int_op(op, s, t).unwrap();
        // mul.wide.s32 of -2 and 3.
        assert_eq!(
            run(IntOp::MulWide, [0xffff_fffe, 3, 0, 0], s32),
            (-6i64) as u64
        );
        assert_eq!(run(IntOp::MulHi, [0x8000_0000, 4, 0, 0], u32t), 2);
        assert_eq!(run(IntOp::Shr, [0x8000_0000, 40, 0, 0], s32), 0xffff_ffff);
        assert_eq!(run(IntOp::Shl, [1, 32, 0, 0], ty(Kind::B, 32)), 0);
        assert_eq!(run(IntOp::Bfe, [0xf0, 4, 4, 0], u32t), 0xf);
        let clamp = IntOp::Bmsk { clamp: true };
        assert_eq!(run(clamp, [4, 8, 0, 0], u32t), 0xff0);
        assert_eq!(run(clamp, [28, 40, 0, 0], u32t), 0xf000_0000);
        assert_eq!(run(clamp, [33, 3, 0, 0], u32t), 0);
        assert_eq!(run(clamp, [0, 32, 0, 0], u32t), 0xffff_ffff);
        assert_eq!(
            run(IntOp::Bmsk { clamp: false }, [36, 35, 0, 0], u32t),
            0x70
        );
        assert_eq!(run(IntOp::Bfe, [0xf0, 4, 4, 0], s32), 0xffff_ffff);
        assert_eq!(
            run(IntOp::Bfi, [0b101, 0, 4, 3], ty(Kind::B, 32)),
            0b101_0000
        );
        assert_eq!(
            run(IntOp::Bfind { shiftamt: false }, [0x10, 0, 0, 0], u32t),
            4
        );
        assert_eq!(
            run(IntOp::Bfind { shiftamt: true }, [0x10, 0, 0, 0], u32t),
            27
        );
        assert_eq!(
            run(IntOp::Bfind { shiftamt: false }, [0, 0, 0, 0], u32t),
            0xffff_ffff
        );
        assert_eq!(
            run(
                IntOp::Bfind { shiftamt: false },
                [0xffff_fff0, 0, 0, 0],
                s32
            ),
            3
        );
        assert_eq!(
            run(
                IntOp::Shf {
                    left: true,
                    clamp: false
                },
                [0x8000_0000, 1, 1, 0],
                ty(Kind::B, 32)
            ),
            3
        );
        assert_eq!(
            run(
                IntOp::Shf {
                    left: false,
                    clamp: true
                },
                [0, 5, 40, 0],
                ty(Kind::B, 32)
            ),
            5
        );
        assert_eq!(run(IntOp::AddSat, [0x7fff_ffff, 1, 0, 0], s32), 0x7fff_ffff);
        assert_eq!(run(IntOp::Abs, [0x8000_0000, 0, 0, 0], s32), 0x8000_0000);
        assert_eq!(run(IntOp::Div, [1, 0, 0, 0], s32), 0xffff_ffff);
    }

    #[test]
    fn carry_chains_add_multiword_numbers() {
        let u32t = ty(Kind::U, 32);
        // 0xffffffff_ffffffff + 1 in two words: add.cc then addc.
        let (lo, c) = carry_op(CarryOp::Add, [0xffff_ffff, 1, 0], u32t, false);
        assert_eq!((lo, c), (0, true));
        let (hi, c) = carry_op(CarryOp::Add, [0xffff_ffff, 0, 0], u32t, c);
        assert_eq!((hi, c), (0, true));
        // 0x1_00000000 - 1: sub.cc borrows, subc takes it.
        let (lo, b) = carry_op(CarryOp::Sub, [0, 1, 0], u32t, false);
        assert_eq!((lo, b), (0xffff_ffff, true));
        assert_eq!(carry_op(CarryOp::Sub, [1, 0, 0], u32t, b), (0, false));
        // mad.lo.cc and madc.hi: 0xffffffff^2 + 0xffffffff + carry.
        let (lo, c) = carry_op(
            CarryOp::MadLo,
            [0xffff_ffff, 0xffff_ffff, 0xffff_ffff],
            u32t,
            false,
        );
        assert_eq!((lo, c), (0, true));
        let (hi, c) = carry_op(CarryOp::MadHi, [0xffff_ffff, 0xffff_ffff, 0], u32t, c);
        assert_eq!((hi, c), (0xffff_ffff, false));
    }

    #[test]
    fn cvta_round_trips_and_rejects_other_spaces() {
        let g = cvta(40, Mem::Shared, false);
        assert_eq!(cvta(g, Mem::Shared, true), 40);
        let l = cvta(40, Mem::Local, false);
        assert!(cvta(l, Mem::Shared, true) >= 1 << 32);
        let global = Ptr::global(BufferId(3)).encode();
        assert_eq!(cvta(global, Mem::Global, true), global);
    }
}
