//! Values as both instruction sets hold them (`u64` registers: integers
//! zero-extended from their width, floats as their bits, pointers as
//! `Ptr` bits) and the integer operations they share: arithmetic with PTX's
//! shift clamping, comparisons, the integer intrinsics, atomics.

use super::check::FindingKind;
use super::float::{self, FloatTy};
use super::ErrorKind;
use ptxlab_core::ir::{AtomicOp, BinOp, ICmp};

/// An error before it is given its place.
pub(crate) type Fault = (ErrorKind, String);

/// A scalar type as the interpreter handles it. Values live in `u64`
/// registers: integers zero-extended from their width (i1 is 0 or 1), floats
/// as their bits, pointers as [`Ptr`] bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Scalar {
    I1,
    I8,
    I16,
    I32,
    I64,
    F16,
    F32,
    F64,
    Ptr,
}

impl Scalar {
    pub fn bits(self) -> u32 {
        match self {
            Scalar::I1 => 1,
            Scalar::I8 => 8,
            Scalar::I16 | Scalar::F16 => 16,
            Scalar::I32 | Scalar::F32 => 32,
            Scalar::I64 | Scalar::F64 | Scalar::Ptr => 64,
        }
    }

    /// Bytes in memory (an i1 takes a byte).
    pub fn size(self) -> u64 {
        u64::from(self.bits().max(8) / 8)
    }

    pub fn float(self) -> Option<FloatTy> {
        match self {
            Scalar::F16 => Some(FloatTy::F16),
            Scalar::F32 => Some(FloatTy::F32),
            Scalar::F64 => Some(FloatTy::F64),
            _ => None,
        }
    }
}

/// The low `bits` bits set.
pub(crate) fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// `v` sign-extended from `bits`.
pub(crate) fn sext(v: u64, bits: u32) -> i64 {
    if bits >= 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

/// Integer intrinsics (`llvm.ctpop.i32`, `llvm.nvvm.mulhi.i`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntFn {
    Popc,
    Clz,
    Ctz,
    BitReverse,
    /// `llvm.fshl(hi, lo, s)`: the high half of `hi:lo << s % w`.
    FunnelLeft,
    /// `llvm.fshr(hi, lo, s)`: the low half of `hi:lo >> s % w`.
    FunnelRight,
    Mul24 {
        signed: bool,
    },
    MulHi {
        signed: bool,
    },
    /// `prmt` (`__nvvm_prmt(x, y, s)`; `__byte_perm` masks `s & 0x7777` first): bytes of `y:x` chosen by the nibbles of `s`.
    BytePerm,
    /// `fns.b32 d, mask, base, offset` (`__fns`): the position of the
    /// |offset|-th set bit of `mask` counting from bit `base` (itself
    /// included) up for a positive offset, down for a negative one; for 0,
    /// `base` if its bit is set; all ones when there is none.
    FindNthSet,
    /// `isspacep.<space>` (`__isShared`, …): 1 when the generic address
    /// points into the space.
    IsSpace(u32),
    /// `|a - b| + c`.
    Sad {
        signed: bool,
    },
    /// `dp4a` (`two: None`): `c` plus the products of the four bytes of `a`
    /// and `b`; `dp2a` (`two: Some(hi)`): `c` plus the products of the two
    /// 16-bit halves of `a` and bytes 0-1 (2-3 when `hi`) of `b`. Each
    /// part sign-extended when its operand is signed; the sum wraps.
    Dot {
        two: Option<bool>,
        a_signed: bool,
        b_signed: bool,
    },
}

/// How `__syncthreads_count/and/or` combine the threads' predicates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reduce {
    Popc,
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ShflMode {
    Idx,
    Up,
    Down,
    Bfly,
}

/// An integer intrinsic on values of `bits` bits.
pub(crate) fn int_fn(f: IntFn, a: [u64; 3], bits: u32) -> u64 {
    let m = mask(bits);
    let x = a[0] & m;
    let r = match f {
        IntFn::Popc => u64::from(x.count_ones()),
        IntFn::Clz => u64::from(x.leading_zeros() - (64 - bits)),
        IntFn::Ctz => u64::from(x.trailing_zeros().min(bits)),
        IntFn::BitReverse => x.reverse_bits() >> (64 - bits),
        IntFn::FunnelLeft | IntFn::FunnelRight => {
            let (hi, lo) = (x, a[1] & m);
            let s = (a[2] & m) % u64::from(bits);
            let wide = (u128::from(hi) << bits) | u128::from(lo);
            if f == IntFn::FunnelLeft {
                ((wide << s) >> bits) as u64
            } else {
                (wide >> s) as u64
            }
        }
        IntFn::Mul24 { signed } => {
            let (p, q) = if signed {
                (sext(a[0] & 0xff_ffff, 24), sext(a[1] & 0xff_ffff, 24))
            } else {
                ((a[0] & 0xff_ffff) as i64, (a[1] & 0xff_ffff) as i64)
            };
            p.wrapping_mul(q) as u64
        }
        IntFn::MulHi { signed } => {
            let p = if signed {
                (i128::from(sext(a[0], bits)) * i128::from(sext(a[1], bits))) as u128
            } else {
                u128::from(x) * u128::from(a[1] & m)
            };
            (p >> bits) as u64
        }
        IntFn::FindNthSet => {
            let (mask, base, offset) = (a[0] as u32, a[1] as u32, a[2] as u32 as i32);
            let set = |p: i64| (0..32).contains(&p) && mask >> p & 1 == 1;
            let none = 0xffff_ffff;
            if offset == 0 {
                return if set(i64::from(base)) {
                    u64::from(base)
                } else {
                    none
                };
            }
            let step = if offset > 0 { 1 } else { -1 };
            let mut left = offset.unsigned_abs();
            let mut p = i64::from(base);
            while (0..32).contains(&p) {
                if set(p) {
                    left -= 1;
                    if left == 0 {
                        return p as u64;
                    }
                }
                p += step;
            }
            none
        }
        IntFn::IsSpace(space) => {
            u64::from(a[0] != 0 && super::memory::Ptr::decode(a[0]).space == space)
        }
        IntFn::BytePerm => {
            // PTX prmt.b32: nibble n picks byte (s_n & 7) of y:x; bit 3 replicates its sign.
            let input = ((a[1] & 0xffff_ffff) << 32) | (a[0] & 0xffff_ffff);
            (0..4).fold(0u64, |r, n| {
                let sel = (a[2] >> (4 * n)) & 0xf;
                let mut byte = (input >> (8 * (sel & 7))) & 0xff;
                if sel & 8 != 0 {
                    byte = if byte & 0x80 != 0 { 0xff } else { 0 };
                }
                r | (byte << (8 * n))
            })
        }
        IntFn::Sad { signed } => {
            let d = if signed {
                (sext(a[0], bits) - sext(a[1], bits)).unsigned_abs()
            } else {
                x.abs_diff(a[1] & m)
            };
            d.wrapping_add(a[2])
        }
        IntFn::Dot {
            two,
            a_signed,
            b_signed,
        } => {
            let part = |v: u64, k: u64, w: u32, s: bool| {
                let p = (v >> (k * u64::from(w))) & mask(w);
                if s {
                    sext(p, w)
                } else {
                    p as i64
                }
            };
            let (n, wa, first_b) = match two {
                None => (4, 8, 0),
                Some(hi) => (2, 16, if hi { 2 } else { 0 }),
            };
            (0..n).fold(a[2], |acc, k| {
                let p =
                    part(a[0], k, wa, a_signed).wrapping_mul(part(a[1], first_b + k, 8, b_signed));
                acc.wrapping_add(p as u64)
            })
        }
    };
    r & m
}

pub(crate) fn int_binary(op: BinOp, a: u64, b: u64, bits: u32) -> Result<u64, Fault> {
    let shift_out = b >= u64::from(bits);
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        // PTX clamps shift amounts to the width.
        BinOp::Shl if shift_out => 0,
        BinOp::Shl => a << b,
        BinOp::LShr if shift_out => 0,
        BinOp::LShr => a >> b,
        BinOp::AShr => (sext(a, bits) >> b.min(63)) as u64,
        // Undefined ([`division_ub`] reports it): the H200's all ones.
        BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem if b & mask(bits) == 0 => u64::MAX,
        BinOp::UDiv => a / b,
        BinOp::URem => a % b,
        BinOp::SDiv => sext(a, bits).wrapping_div(sext(b, bits)) as u64,
        BinOp::SRem => sext(a, bits).wrapping_rem(sext(b, bits)) as u64,
        _ => return Err((ErrorKind::Unsupported, format!("{} on integers", op.name()))),
    };
    Ok(r & mask(bits))
}

/// The undefined behaviour of integer operation `op` on `a` and `b` of
/// `bits` bits, if any: a division or remainder by zero, or the most
/// negative value divided by -1 (whose quotient does not fit); with what
/// happened in words. The operation itself still gives a value
/// ([`int_binary`]: all ones, and `INT_MIN`/0 for the overflow, as an H200 does).
#[inline]
pub(crate) fn division_ub(op: BinOp, a: u64, b: u64, bits: u32) -> Option<(FindingKind, String)> {
    if !matches!(op, BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem) {
        return None;
    }
    let m = mask(bits);
    let signed = matches!(op, BinOp::SDiv | BinOp::SRem);
    let verb = match op {
        BinOp::UDiv | BinOp::SDiv => "divides",
        _ => "takes the remainder of",
    };
    let show = |v: u64| {
        if signed {
            sext(v, bits).to_string()
        } else {
            (v & m).to_string()
        }
    };
    if b & m == 0 {
        return Some((
            FindingKind::DivisionByZero,
            format!("{verb} {} by zero ({}, i{bits})", show(a), op.name()),
        ));
    }
    let min = 1u64 << (bits - 1);
    if signed && a & m == min && b & m == m {
        return Some((
            FindingKind::DivisionOverflow,
            format!(
                "{verb} {} by -1 ({}, i{bits}): the quotient does not fit",
                show(a),
                op.name()
            ),
        ));
    }
    None
}

pub(crate) fn int_compare(pred: ICmp, a: u64, b: u64, bits: u32) -> bool {
    let (x, y) = (sext(a, bits), sext(b, bits));
    match pred {
        ICmp::Eq => a == b,
        ICmp::Ne => a != b,
        ICmp::Slt => x < y,
        ICmp::Sle => x <= y,
        ICmp::Sgt => x > y,
        ICmp::Sge => x >= y,
        ICmp::Ult => a < b,
        ICmp::Ule => a <= b,
        ICmp::Ugt => a > b,
        ICmp::Uge => a >= b,
    }
}

/// The value an `atomicrmw` leaves in memory.
pub(crate) fn atomic_value(op: AtomicOp, old: u64, v: u64, ty: Scalar, ftz: bool) -> u64 {
    let bits = ty.bits();
    let (so, sv) = (sext(old, bits), sext(v, bits));
    let r = match op {
        AtomicOp::Xchg => v,
        AtomicOp::Add => old.wrapping_add(v),
        AtomicOp::Sub => old.wrapping_sub(v),
        AtomicOp::And => old & v,
        AtomicOp::Or => old | v,
        AtomicOp::Xor => old ^ v,
        AtomicOp::Max => {
            if so >= sv {
                old
            } else {
                v
            }
        }
        AtomicOp::Min => {
            if so <= sv {
                old
            } else {
                v
            }
        }
        AtomicOp::UMax => old.max(v),
        AtomicOp::UMin => old.min(v),
        AtomicOp::FAdd => match ty.float() {
            Some(ft) => float::binary(BinOp::FAdd, old, v, ft, ftz && ft == float::FloatTy::F32),
            None => old.wrapping_add(v),
        },
        AtomicOp::UIncWrap => {
            if old >= v {
                0
            } else {
                old + 1
            }
        }
        AtomicOp::UDecWrap => {
            if old == 0 || old > v {
                v
            } else {
                old - 1
            }
        }
    };
    r & mask(bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_ops_wrap_at_their_width() {
        assert_eq!(int_binary(BinOp::Add, 0xffff_ffff, 1, 32), Ok(0));
        assert_eq!(int_binary(BinOp::Mul, 200, 2, 8), Ok(144));
        assert_eq!(int_binary(BinOp::SDiv, 0xffff_fff9, 2, 32), Ok(0xffff_fffd)); // -7/2 = -3
        assert_eq!(int_binary(BinOp::SRem, 0xffff_fff9, 2, 32), Ok(0xffff_ffff)); // -7%2 = -1
        assert_eq!(
            int_binary(BinOp::SDiv, 0x8000_0000, 0xffff_ffff, 32),
            Ok(0x8000_0000)
        );
        assert_eq!(
            int_binary(BinOp::AShr, 0x8000_0000, 40, 32),
            Ok(0xffff_ffff)
        );
        assert_eq!(int_binary(BinOp::Shl, 1, 32, 32), Ok(0));
        assert_eq!(int_binary(BinOp::LShr, 0x8000_0000, 31, 32), Ok(1));
        assert_eq!(int_binary(BinOp::UDiv, 1, 0, 32), Ok(0xffff_ffff));
        assert_eq!(int_binary(BinOp::SRem, 1, 0, 64), Ok(u64::MAX));
        assert_eq!(int_binary(BinOp::SRem, 0x8000_0000, 0xffff_ffff, 32), Ok(0));
        let ub = |op, a, b| division_ub(op, a, b, 32).map(|u| u.0);
        assert_eq!(ub(BinOp::UDiv, 1, 0), Some(FindingKind::DivisionByZero));
        assert_eq!(ub(BinOp::SRem, 5, 0), Some(FindingKind::DivisionByZero));
        assert_eq!(
            ub(BinOp::SDiv, 0x8000_0000, 0xffff_ffff),
            Some(FindingKind::DivisionOverflow)
        );
        assert_eq!(
            ub(BinOp::SRem, 0x8000_0000, 0xffff_ffff),
            Some(FindingKind::DivisionOverflow)
        );
        assert_eq!(ub(BinOp::UDiv, 0x8000_0000, 0xffff_ffff), None);
        assert_eq!(ub(BinOp::SDiv, 7, 0xffff_ffff), None);
        assert_eq!(ub(BinOp::Add, 7, 0), None);
        let d = division_ub(BinOp::SDiv, 0xffff_fff9, 0, 32).unwrap().1;
        assert_eq!(d, "divides -7 by zero (sdiv, i32)");
        assert!(int_compare(ICmp::Slt, 0xffff_ffff, 0, 32));
        assert!(!int_compare(ICmp::Ult, 0xffff_ffff, 0, 32));
    }
}
