//! Division by a constant (32 or 64 bits) as a multiplication (Granlund and Montgomery;
//! Hacker's Delight, ch. 10): `x / 7` becomes a `mul.hi` by a magic number
//! and shifts, as nvcc does, since PTX's `div.s32` expands into a long
//! sequence. Used by instruction selection (`core/src/codegen/isel/divconst.rs`),
//! as LLVM's and cicc's: the IR keeps `sdiv i32 %x, 7`.

/// The magic multiplier and shift for signed `bits`-bit division (32 or 64)
/// by `d` (|d| ≥ 2, not a power of two); the multiplier is a `bits`-bit
/// value (sign-extended into the i64).
pub fn magic_signed(d: i64, bits: u32) -> (i64, u32) {
    let two: u128 = 1 << (bits - 1);
    let ad = u128::from(d.unsigned_abs());
    let t = two + u128::from(d < 0);
    let anc = t - 1 - t % ad;
    let mut p = bits - 1;
    let (mut q1, mut r1) = (two / anc, two - (two / anc) * anc);
    let (mut q2, mut r2) = (two / ad, two - (two / ad) * ad);
    loop {
        p += 1;
        q1 *= 2;
        r1 *= 2;
        if r1 >= anc {
            q1 += 1;
            r1 -= anc;
        }
        q2 *= 2;
        r2 *= 2;
        if r2 >= ad {
            q2 += 1;
            r2 -= ad;
        }
        let delta = ad - r2;
        if !(q1 < delta || (q1 == delta && r1 == 0)) {
            break;
        }
    }
    let m = sign_extend(q2 + 1, bits);
    (if d < 0 { m.wrapping_neg() } else { m }, p - bits)
}

/// The low `bits` bits of `v` as a signed value.
fn sign_extend(v: u128, bits: u32) -> i64 {
    let v = v as u64;
    if bits == 64 {
        v as i64
    } else {
        ((v << (64 - bits)) as i64) >> (64 - bits)
    }
}

/// The magic multiplier (its low `bits` bits), whether an add-back is
/// needed, and the shift for unsigned `bits`-bit division (32 or 64) by `d`
/// (d ≥ 2, not a power of two).
pub fn magic_unsigned(d: u64, bits: u32) -> (u64, bool, u32) {
    let d = u128::from(d);
    let full: u128 = 1 << bits;
    let nc: u128 = full - 1 - (full - d) % d;
    let mut p = bits - 1;
    let two: u128 = 1 << (bits - 1);
    let (mut q1, mut r1) = (two / nc, two - (two / nc) * nc);
    let (mut q2, mut r2) = ((two - 1) / d, (two - 1) - ((two - 1) / d) * d);
    let mut add = false;
    loop {
        p += 1;
        if r1 >= nc - r1 {
            q1 = 2 * q1 + 1;
            r1 = 2 * r1 - nc;
        } else {
            q1 *= 2;
            r1 *= 2;
        }
        if r2 + 1 >= d - r2 {
            if q2 >= two - 1 {
                add = true;
            }
            q2 = 2 * q2 + 1;
            r2 = 2 * r2 + 1 - d;
        } else {
            if q2 >= two {
                add = true;
            }
            q2 *= 2;
            r2 = 2 * r2 + 1;
        }
        let delta = d - 1 - r2;
        if !(p < 2 * bits && (q1 < delta || (q1 == delta && r1 == 0))) {
            break;
        }
    }
    (((q2 + 1) & (full - 1)) as u64, add, p - bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mulhi_s(a: i32, b: i32) -> i32 {
        ((i64::from(a) * i64::from(b)) >> 32) as i32
    }

    fn mulhi_u(a: u32, b: u32) -> u32 {
        ((u64::from(a) * u64::from(b)) >> 32) as u32
    }

    fn sdiv(n: i32, d: i32) -> i32 {
        let (m, s) = magic_signed(i64::from(d), 32);
        let m = m as i32;
        let mut q = mulhi_s(m, n);
        if d > 0 && m < 0 {
            q = q.wrapping_add(n);
        }
        if d < 0 && m > 0 {
            q = q.wrapping_sub(n);
        }
        q >>= s;
        q.wrapping_add(((q as u32) >> 31) as i32)
    }

    fn udiv(n: u32, d: u32) -> u32 {
        let (m, add, s) = magic_unsigned(u64::from(d), 32);
        let m = m as u32;
        let q = mulhi_u(m, n);
        if add {
            (((n - q) >> 1) + q) >> (s - 1)
        } else {
            q >> s
        }
    }

    #[test]
    fn magic_division_equals_division() {
        let samples: Vec<i64> = (-300..300)
            .chain([
                i32::MIN as i64,
                i32::MIN as i64 + 1,
                i32::MAX as i64,
                i32::MAX as i64 - 1,
                1 << 30,
                -(1 << 30),
                123_456_789,
                -987_654_321,
            ])
            .collect();
        for d in (3..400)
            .chain([641, 1000, 65_537, 1 << 20 | 3, i32::MAX])
            .filter(|d: &i32| !(*d as u32).is_power_of_two())
        {
            for dd in [d, -d] {
                for &n in &samples {
                    let n = n as i32;
                    assert_eq!(sdiv(n, dd), n.wrapping_div(dd), "{n} / {dd}");
                }
            }
            for &n in &samples {
                let n = n as u32;
                assert_eq!(udiv(n, d as u32), n / d as u32, "{n} /u {d}");
            }
        }
        for d in [0x8000_0001u32, 0xffff_fffe, 0xdead_beef, 7, 14] {
            for n in [
                0u32,
                1,
                d - 1,
                d,
                d + 1,
                u32::MAX,
                u32::MAX - 1,
                0x8000_0000,
            ] {
                assert_eq!(udiv(n, d), n / d, "{n} /u {d}");
            }
        }
    }
    fn mulhi_s64(a: i64, b: i64) -> i64 {
        ((i128::from(a) * i128::from(b)) >> 64) as i64
    }

    fn mulhi_u64(a: u64, b: u64) -> u64 {
        ((u128::from(a) * u128::from(b)) >> 64) as u64
    }

    fn sdiv64(n: i64, d: i64) -> i64 {
        let (m, s) = magic_signed(d, 64);
        let mut q = mulhi_s64(m, n);
        if d > 0 && m < 0 {
            q = q.wrapping_add(n);
        }
        if d < 0 && m > 0 {
            q = q.wrapping_sub(n);
        }
        q >>= s;
        q.wrapping_add(((q as u64) >> 63) as i64)
    }

    fn udiv64(n: u64, d: u64) -> u64 {
        let (m, add, s) = magic_unsigned(d, 64);
        let q = mulhi_u64(m, n);
        if add {
            (((n - q) >> 1) + q) >> (s - 1)
        } else {
            q >> s
        }
    }

    #[test]
    fn magic_division_equals_division_in_64_bits() {
        let samples: Vec<i64> = (-300..300)
            .chain([
                i64::MIN,
                i64::MIN + 1,
                i64::MAX,
                i64::MAX - 1,
                1 << 40,
                -(1 << 40),
                -5_000_000_000,
                123_456_789_012_345,
                -987_654_321_098_765,
                i64::from(i32::MIN),
                i64::from(u32::MAX),
            ])
            .collect();
        for d in (3i64..300)
            .chain([
                641,
                1000,
                1_000_000_007,
                (1 << 40) | 3,
                i64::MAX,
                i64::MAX - 2,
            ])
            .filter(|d| !(*d as u64).is_power_of_two())
        {
            for dd in [d, -d] {
                for &n in &samples {
                    assert_eq!(sdiv64(n, dd), n.wrapping_div(dd), "{n} / {dd}");
                }
            }
            for &n in &samples {
                let n = n as u64;
                assert_eq!(udiv64(n, d as u64), n / d as u64, "{n} /u {d}");
            }
        }
        for d in [
            0x8000_0000_0000_0001u64,
            u64::MAX - 1,
            0xdead_beef_cafe_f00d,
            7,
            14,
        ] {
            for n in [0u64, 1, d - 1, d, d + 1, u64::MAX, u64::MAX - 1, 1 << 63] {
                assert_eq!(udiv64(n, d), n / d, "{n} /u {d}");
            }
        }
    }
}
