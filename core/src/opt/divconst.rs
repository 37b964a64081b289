//! Division by a constant as a multiplication (Granlund and Montgomery;
//! Hacker's Delight, ch. 10): `x / 7` becomes a `mul.hi` by a magic number
//! and shifts, as nvcc does, since PTX's `div.s32` expands into a long
//! sequence. Used by instcombine.

/// The magic multiplier and shift for signed 32-bit division by `d`
/// (|d| ≥ 2, not a power of two).
pub fn magic_signed(d: i32) -> (i32, u32) {
    let two31: u64 = 1 << 31;
    let ad = u64::from(d.unsigned_abs());
    let t = two31 + ((d as u32) >> 31) as u64;
    let anc = t - 1 - t % ad;
    let mut p = 31u32;
    let (mut q1, mut r1) = (two31 / anc, two31 - (two31 / anc) * anc);
    let (mut q2, mut r2) = (two31 / ad, two31 - (two31 / ad) * ad);
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
    let m = (q2 + 1) as u32 as i32;
    (if d < 0 { m.wrapping_neg() } else { m }, p - 32)
}

/// The magic multiplier, whether an add-back is needed, and the shift for
/// unsigned 32-bit division by `d` (d ≥ 2, not a power of two).
pub fn magic_unsigned(d: u32) -> (u32, bool, u32) {
    let d64 = u64::from(d);
    let nc: u64 = (1u64 << 32) - 1 - ((1u64 << 32) - d64) % d64;
    let mut p = 31u32;
    let two31: u64 = 1 << 31;
    let (mut q1, mut r1) = (two31 / nc, two31 - (two31 / nc) * nc);
    let (mut q2, mut r2) = ((two31 - 1) / d64, (two31 - 1) - ((two31 - 1) / d64) * d64);
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
        if r2 + 1 >= d64 - r2 {
            if q2 >= two31 - 1 {
                add = true;
            }
            q2 = 2 * q2 + 1;
            r2 = 2 * r2 + 1 - d64;
        } else {
            if q2 >= two31 {
                add = true;
            }
            q2 *= 2;
            r2 = 2 * r2 + 1;
        }
        let delta = d64 - 1 - r2;
        if !(p < 64 && (q1 < delta || (q1 == delta && r1 == 0))) {
            break;
        }
    }
    (((q2 + 1) & 0xffff_ffff) as u32, add, p - 32)
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
        let (m, s) = magic_signed(d);
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
        let (m, add, s) = magic_unsigned(d);
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
}
