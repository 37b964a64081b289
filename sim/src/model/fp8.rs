//! sm_89's 8-bit float conversions, bit-exactly: `cvt.rn.satfinite{.relu}
//! .e4m3x2.f32 d, a, b` and `.e4m3x2.f16x2` (two values to a pair of E4M3
//! or E5M2 codes, the first source in the high byte), and `cvt.rn.f16x2
//! .e4m3x2` (a pair of codes to two halves, exact). [`HalfInst`] decodes
//! their spellings, so both executors run them as the 16-bit ones.
//!
//! E4M3: bias 7, no infinities, its largest finite value 448 and NaN the
//! codes `0x7f`/`0xff`; E5M2: bias 15, IEEE-like, its largest finite value
//! 57344. `.satfinite` rounds to nearest even and clamps every value beyond
//! the largest finite one (infinities included) to it, with its sign; NaN
//! gives `0x7f`.
//!
//! [`HalfInst`]: super::half::HalfInst

/// An 8-bit float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fp8 {
    E4M3,
    E5M2,
}

impl Fp8 {
    pub fn parse(s: &str) -> Option<Fp8> {
        match s {
            "e4m3x2" => Some(Fp8::E4M3),
            "e5m2x2" => Some(Fp8::E5M2),
            _ => None,
        }
    }

    /// (fraction bits, bias, the largest finite code's magnitude bits).
    fn shape(self) -> (u32, i32, u8) {
        match self {
            Fp8::E4M3 => (3, 7, 0x7e),
            Fp8::E5M2 => (2, 15, 0x7b),
        }
    }

    /// The exact value of code `c` (NaN for NaN codes, ±inf for E5M2's).
    pub fn value(self, c: u8) -> f64 {
        let (fb, bias, _) = self.shape();
        let sign = if c & 0x80 != 0 { -1.0 } else { 1.0 };
        let mag = c & 0x7f;
        let e = i32::from(mag >> fb);
        let f = f64::from(mag & ((1 << fb) - 1));
        match self {
            Fp8::E4M3 if mag == 0x7f => return f64::NAN,
            Fp8::E5M2 if e == 31 => {
                return if f == 0.0 {
                    sign * f64::INFINITY
                } else {
                    f64::NAN
                };
            }
            _ => {}
        }
        let v = if e == 0 {
            f * 2f64.powi(1 - bias - fb as i32)
        } else {
            (f + f64::from(1u32 << fb)) * 2f64.powi(e - bias - fb as i32)
        };
        sign * v
    }

    /// `v` (an f32's or a half's exact value) to a code: `.rn.satfinite`,
    /// with `.relu` negative values and NaN to zero.
    pub fn encode(self, v: f64, relu: bool) -> u8 {
        if v.is_nan() {
            return if relu { 0 } else { 0x7f };
        }
        if relu && v < 0.0 {
            return 0;
        }
        let sign = if v.is_sign_negative() { 0x80 } else { 0 };
        let (_, _, max) = self.shape();
        let a = v.abs();
        if a >= self.value(max) {
            return sign | max;
        }
        // The nearest of the finite codes below the largest (ties to the
        // even code): codes are monotonic in their magnitude bits.
        let (mut lo, mut hi) = (0u8, max);
        while hi - lo > 1 {
            let mid = (lo + hi) / 2;
            if self.value(mid) <= a {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        let (dl, dh) = (a - self.value(lo), self.value(hi) - a);
        let c = if dl < dh || (dl == dh && lo & 1 == 0) {
            lo
        } else {
            hi
        };
        sign | c
    }

    /// Code `c` as a half's bits (exact; NaN as `0x7fff`).
    pub fn to_half(self, c: u8) -> u16 {
        let v = self.value(c);
        if v.is_nan() {
            return 0x7fff;
        }
        let sign = if c & 0x80 != 0 { 0x8000 } else { 0 };
        if v.is_infinite() {
            return sign | 0x7c00;
        }
        super::half::Fmt::F16.round(v, super::rounding::Rounding::Nearest) as u16 | sign
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip_and_saturate() {
        for f in [Fp8::E4M3, Fp8::E5M2] {
            for c in 0..=255u8 {
                let v = f.value(c);
                if v.is_finite() {
                    assert_eq!(f.encode(v, false), c, "{f:?} {c:#x}");
                }
            }
        }
        assert_eq!(Fp8::E4M3.encode(1e9, false), 0x7e);
        assert_eq!(Fp8::E4M3.encode(f64::NEG_INFINITY, false), 0xfe);
        assert_eq!(Fp8::E5M2.encode(f64::INFINITY, false), 0x7b);
        assert_eq!(Fp8::E4M3.encode(f64::NAN, false), 0x7f);
        // 1 + 1/16 is halfway between 1 and 1.125: to the even code (1).
        assert_eq!(Fp8::E4M3.encode(1.0625, false), 0x38);
        assert_eq!(Fp8::E4M3.encode(-0.0, false), 0x80);
        assert_eq!(Fp8::E4M3.encode(-2.0, true), 0);
        assert_eq!(Fp8::E4M3.to_half(0x38), 0x3c00);
        assert_eq!(Fp8::E5M2.to_half(0x7c), 0x7c00);
        assert_eq!(Fp8::E4M3.to_half(0xff), 0x7fff);
    }
}
