//! The values of literal tokens: integer and floating constants with the
//! C type their suffix and value give them, character constants, and the
//! bytes of string literals. The preprocessor's `#if` and the parser read
//! them.

use super::ast::{CType, IntKind};

/// Parses a C integer literal with its suffix; returns the value and C type.
pub fn parse_int_literal(text: &str) -> Option<(u64, CType)> {
    let t = text.replace('\'', "");
    let lower = t.to_ascii_lowercase();
    let digits_end = lower.find(['u', 'l']).unwrap_or(lower.len());
    let (digits, suffix) = lower.split_at(digits_end);
    let (radix, body) = if let Some(h) = digits.strip_prefix("0x") {
        (16, h)
    } else if let Some(b) = digits.strip_prefix("0b") {
        (2, b)
    } else if digits.len() > 1 && digits.starts_with('0') {
        (8, &digits[1..])
    } else {
        (10, digits)
    };
    if body.is_empty() {
        return None;
    }
    let v = u64::from_str_radix(body, radix).ok()?;
    let unsigned = suffix.contains('u');
    let longs = suffix.matches('l').count();
    if suffix.len() != usize::from(unsigned) + longs || longs > 2 {
        return None;
    }
    let fits_i32 = v <= i32::MAX as u64;
    let fits_u32 = v <= u32::MAX as u64;
    let fits_i64 = v <= i64::MAX as u64;
    let kind = match (unsigned, longs) {
        (false, 0) if fits_i32 => IntKind::Int,
        (false, 0) if radix != 10 && fits_u32 => IntKind::UInt,
        (false, 0 | 1) if fits_i64 => IntKind::Long,
        (false, 2) if fits_i64 => IntKind::LongLong,
        (false, _) => IntKind::ULong,
        (true, 0) if fits_u32 => IntKind::UInt,
        (true, 0 | 1) => IntKind::ULong,
        (true, _) => IntKind::ULongLong,
    };
    Some((v, CType::Int(kind)))
}

/// Parses a C floating literal: `1.5`, `2e-3f`, `0x1p-2`, `0xf.8eedp-4`.
/// The value is the literal's exact value rounded once to its type's
/// precision (to nearest, ties to even, subnormals included), as nvcc's.
pub fn parse_float_literal(text: &str) -> Option<(f64, CType)> {
    let lower = text.replace('\'', "").to_ascii_lowercase();
    let hex = lower.starts_with("0x");
    let (body, ty) = if let Some(b) = lower
        .strip_suffix('f')
        .filter(|_| !hex || lower.contains('p'))
    {
        (b, CType::Float)
    } else if let Some(b) = lower.strip_suffix('l') {
        (b, CType::Double)
    } else {
        (lower.as_str(), CType::Double)
    };
    let float = ty == CType::Float;
    if let Some(hex) = body.strip_prefix("0x") {
        return Some((parse_hex_float(hex, float)?, ty));
    }
    if !body.contains(['.', 'e'])
        || body.is_empty()
        || !body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
    {
        return None;
    }
    let v = if float {
        f64::from(body.parse::<f32>().ok()?)
    } else {
        body.parse::<f64>().ok()?
    };
    Some((v, ty))
}

/// A hexadecimal floating literal's value after the `0x`, suffix removed
/// (`1.8p1`): a float's (`float`) or a double's, rounded once.
fn parse_hex_float(hex: &str, float: bool) -> Option<f64> {
    let (mant, exp) = hex.split_once('p')?;
    let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
    if int.is_empty() && frac.is_empty() {
        return None;
    }
    let exp: i64 = exp.parse().ok()?;
    // The digits as an integer times 2^exp2; those past 124 bits only
    // tell whether something non-zero was cut off (`sticky`).
    let (mut m, mut exp2, mut sticky) = (0u128, exp, false);
    for (c, fraction) in int
        .chars()
        .map(|c| (c, false))
        .chain(frac.chars().map(|c| (c, true)))
    {
        let d = c.to_digit(16)?;
        if m >> 124 == 0 {
            m = m * 16 + u128::from(d);
            exp2 -= if fraction { 4 } else { 0 };
        } else {
            sticky |= d != 0;
            exp2 += if fraction { 0 } else { 4 };
        }
    }
    if m == 0 {
        return Some(0.0);
    }
    // The format: bits of precision, the least exponent of a normal number.
    let (p, emin, emax) = if float {
        (24, -126, 127)
    } else {
        (53, -1022, 1023)
    };
    let e = exp2 + i64::from(127 - m.leading_zeros()); // m * 2^exp2 is in [2^e, 2^(e+1))
    if e > emax {
        return Some(f64::INFINITY);
    }
    // The exponent of the result's last bit, and the bits of m below it.
    let q = (e - (p - 1)).max(emin - (p - 1));
    let shift = q - exp2;
    let kept = if shift <= 0 {
        m << (-shift) // exact: m has at most p bits
    } else if shift > 128 {
        0 // below half of the least subnormal
    } else {
        let kept = if shift == 128 { 0 } else { m >> shift };
        let rem = if shift == 128 {
            m
        } else {
            m & ((1u128 << shift) - 1)
        };
        let half = 1u128 << (shift - 1);
        let up = rem > half || rem == half && (sticky || kept & 1 == 1);
        kept + u128::from(up)
    };
    // kept * 2^q, exactly (kept has at most p + 1 bits).
    let v = kept as f64 * pow2(q);
    Some(if float && v > f64::from(f32::MAX) {
        f64::INFINITY
    } else {
        v
    })
}

/// 2^q as a double (0 below the least subnormal, infinity above the range).
fn pow2(q: i64) -> f64 {
    match q {
        ..=-1075 => 0.0,
        -1074..=-1023 => f64::from_bits(1u64 << (q + 1074)),
        -1022..=1023 => f64::from_bits(((q + 1023) as u64) << 52),
        _ => f64::INFINITY,
    }
}

/// The bytes of a string literal's body, escapes decoded (`\n`, `\x41`, `\101`).
/// The text between a string literal's quotes: all but its first character
/// (the opening quote) and its closing quote, when it has one. An
/// unterminated literal (the preprocessor has reported it) runs to the end
/// of its line and may end in any character.
pub fn string_body(text: &str) -> &str {
    let mut chars = text.chars();
    chars.next();
    let rest = chars.as_str();
    rest.strip_suffix('"').unwrap_or(rest)
}

pub fn unescape(body: &str) -> Vec<u8> {
    let b = body.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' || i + 1 >= b.len() {
            out.push(b[i]);
            i += 1;
            continue;
        }
        i += 1;
        let c = b[i];
        i += 1;
        out.push(match c {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'x' => {
                let mut v = 0u32;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    v = v.wrapping_mul(16) + (b[i] as char).to_digit(16).unwrap_or(0);
                    i += 1;
                }
                v as u8
            }
            b'0'..=b'7' => {
                let mut v = u32::from(c - b'0');
                let mut n = 1;
                while n < 3 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + u32::from(b[i] - b'0');
                    i += 1;
                    n += 1;
                }
                v as u8
            }
            other => other,
        });
    }
    out
}

/// The value of a character constant such as `'a'`, `'\n'`, `'\x7f'` or
/// `'\101'`. A constant of one escape is a `char`, signed on x86-64 as
/// nvcc's host compiler has it: `'\xff'` is -1.
pub fn parse_char_literal(text: &str) -> Option<i64> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    if inner.starts_with('\\') {
        return match unescape(inner)[..] {
            [b] => Some(i64::from(b as i8)),
            _ => None,
        };
    }
    let mut chars = inner.chars();
    let c = chars.next()?;
    if chars.next().is_some() {
        return None;
    }
    Some(c as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_literal_types_follow_c() {
        assert_eq!(parse_int_literal("42"), Some((42, CType::INT)));
        assert_eq!(parse_int_literal("42u"), Some((42, CType::UINT)));
        assert_eq!(
            parse_int_literal("0xffffffff"),
            Some((0xffff_ffff, CType::UINT))
        );
        assert_eq!(
            parse_int_literal("4294967296"),
            Some((1 << 32, CType::Int(IntKind::Long)))
        );
        assert_eq!(
            parse_int_literal("1ull"),
            Some((1, CType::Int(IntKind::ULongLong)))
        );
        assert_eq!(parse_int_literal("1.5"), None);
        assert_eq!(parse_int_literal("12abc"), None);
    }

    #[test]
    fn float_literals() {
        assert_eq!(parse_float_literal("1.5f"), Some((1.5, CType::Float)));
        assert_eq!(parse_float_literal("2e3"), Some((2000.0, CType::Double)));
        assert_eq!(parse_float_literal("0x1p-2"), Some((0.25, CType::Double)));
        assert_eq!(parse_float_literal("12"), None);
    }

    #[test]
    fn hex_float_literals_round_once_as_nvcc() {
        let bits = |t: &str| parse_float_literal(t).map(|(v, ty)| (v.to_bits(), ty));
        // The constants nvcc writes for these (sm_80 PTX).
        assert_eq!(bits("0x1p-3f"), Some((0.125f64.to_bits(), CType::Float)));
        assert_eq!(
            bits("0xf.8eedp-4"),
            Some((0x3FEF_1DDA_0000_0000, CType::Double))
        );
        assert_eq!(bits("0x1.8p1"), Some((3f64.to_bits(), CType::Double)));
        assert_eq!(bits("0x1.8P+1F"), Some((3f64.to_bits(), CType::Float)));
        assert_eq!(bits("0X.8p0L"), Some((0.5f64.to_bits(), CType::Double)));
        // The least subnormal, the greatest double, and a tie to even.
        assert_eq!(bits("0x1p-1074"), Some((1, CType::Double)));
        assert_eq!(
            bits("0x1.fffffffffffffp1023"),
            Some((0x7FEF_FFFF_FFFF_FFFF, CType::Double))
        );
        assert_eq!(
            bits("0x1.00000000000008p0"),
            Some((1f64.to_bits(), CType::Double))
        );
        assert_eq!(
            bits("0x1.00000000000018p0"),
            Some((0x3FF0_0000_0000_0002, CType::Double))
        );
        // A float rounds from the exact value, not through a double.
        let f = |t: &str| parse_float_literal(t).map(|(v, _)| (v as f32).to_bits());
        assert_eq!(f("0x1.000001p0f"), Some(0x3F80_0000));
        assert_eq!(f("0x1.0000010000001p0f"), Some(0x3F80_0001));
        assert_eq!(f("0x1p-149f"), Some(1));
        assert_eq!(f("0x1p-150f"), Some(0));
        assert_eq!(parse_float_literal("0x1.8"), None);
        assert_eq!(parse_float_literal("0x1.8f"), None);
    }
}
