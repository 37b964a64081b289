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

/// Parses a C floating literal: `1.5`, `2e-3f`, `0x1p-2`.
pub fn parse_float_literal(text: &str) -> Option<(f64, CType)> {
    let lower = text.to_ascii_lowercase();
    let (body, ty) = if let Some(b) = lower.strip_suffix('f') {
        if lower.starts_with("0x") && !lower.contains('p') {
            return None;
        }
        (b, CType::Float)
    } else if let Some(b) = lower.strip_suffix('l') {
        (b, CType::Double)
    } else {
        (lower.as_str(), CType::Double)
    };
    if let Some(hex) = body.strip_prefix("0x") {
        let (mant, exp) = hex.split_once('p')?;
        let (int, frac) = mant.split_once('.').unwrap_or((mant, ""));
        let mut v = 0f64;
        for c in int.chars().chain(frac.chars()) {
            v = v * 16.0 + f64::from(c.to_digit(16)?);
        }
        let e: i32 = exp.parse().ok()?;
        return Some((v * 2f64.powi(e - 4 * frac.len() as i32), ty));
    }
    if !body.contains(['.', 'e'])
        || body.is_empty()
        || !body.starts_with(|c: char| c.is_ascii_digit() || c == '.')
    {
        return None;
    }
    let v: f64 = body.parse().ok()?;
    Some((v, ty))
}

/// The bytes of a string literal's body, escapes decoded (`\n`, `\x41`, `\101`).
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

/// The value of a character constant such as `'a'` or `'\n'`.
pub fn parse_char_literal(text: &str) -> Option<i64> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = inner.chars();
    let c = chars.next()?;
    let v = if c == '\\' {
        match chars.next()? {
            'n' => 10,
            't' => 9,
            'r' => 13,
            '0' => 0,
            '\\' => 92,
            '\'' => 39,
            '"' => 34,
            'a' => 7,
            'b' => 8,
            'f' => 12,
            'v' => 11,
            _ => return None,
        }
    } else {
        c as i64
    };
    if chars.next().is_some() {
        return None;
    }
    Some(v)
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
}
