//! The PTX lexer: words (identifiers, directives, registers, opcodes with
//! their modifiers), numbers as written, strings and punctuation, each with
//! its line and byte range; and the values of integer and float literals.

use super::{Imm, ParseError};

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// Identifiers, directives (`.reg`), registers (`%r1`, `%tid.x`),
    /// opcodes with their modifiers (`ld.global.f32`), labels.
    Word(String),
    /// A number as written (decimal, hex, `0f…`, `0d…`, floats).
    Num(String),
    Str(String),
    Punct(char),
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: u32,
    pub(super) start: usize,
    pub(super) end: usize,
}

fn is_word_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || matches!(c, b'_' | b'$' | b'%' | b'.')
}

fn is_word_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.')
}

pub(super) fn lex(text: &str) -> Result<Vec<Token>, ParseError> {
    let b = text.as_bytes();
    let mut toks = Vec::new();
    let mut i = 0;
    let mut line = 1u32;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line += 1;
            i += 1;
            continue;
        }
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let start_line = line;
            i += 2;
            loop {
                if i + 1 >= b.len() {
                    return Err(ParseError {
                        line: start_line,
                        message: "unterminated /* comment".into(),
                    });
                }
                if b[i] == b'*' && b[i + 1] == b'/' {
                    i += 2;
                    break;
                }
                if b[i] == b'\n' {
                    line += 1;
                }
                i += 1;
            }
            continue;
        }
        let start = i;
        let tok = if c == b'"' {
            i += 1;
            while i < b.len() && b[i] != b'"' && b[i] != b'\n' {
                i += 1;
            }
            if i >= b.len() || b[i] != b'"' {
                return Err(ParseError {
                    line,
                    message: "unterminated string".into(),
                });
            }
            i += 1;
            Tok::Str(text[start + 1..i - 1].to_string())
        } else if c.is_ascii_digit() {
            // Hex floats (0f…, 0d…), hex and decimal integers, decimal floats.
            let hex =
                c == b'0' && matches!(b.get(i + 1), Some(b'x' | b'X' | b'f' | b'F' | b'd' | b'D'));
            if hex {
                i += 2;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    i += 1;
                }
            } else {
                while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                    i += 1;
                }
                if i < b.len() && matches!(b[i], b'e' | b'E') {
                    let mut j = i + 1;
                    if j < b.len() && matches!(b[j], b'+' | b'-') {
                        j += 1;
                    }
                    if j < b.len() && b[j].is_ascii_digit() {
                        i = j;
                        while i < b.len() && b[i].is_ascii_digit() {
                            i += 1;
                        }
                    }
                }
            }
            if i < b.len() && matches!(b[i], b'U' | b'u') {
                i += 1;
            }
            Tok::Num(text[start..i].to_string())
        } else if is_word_start(c) {
            i += 1;
            loop {
                while i < b.len() && is_word_char(b[i]) {
                    i += 1;
                }
                // Qualifiers with `::` (`.L2::cache_hint`, `.shared::cta`).
                if b.get(i) == Some(&b':')
                    && b.get(i + 1) == Some(&b':')
                    && b.get(i + 2).is_some_and(|c| is_word_char(*c))
                {
                    i += 2;
                    continue;
                }
                break;
            }
            Tok::Word(text[start..i].to_string())
        } else if b",;:[]{}()+-!@|<>=".contains(&c) {
            i += 1;
            Tok::Punct(c as char)
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(ParseError {
                line,
                message: format!("unexpected character '{ch}'"),
            });
        };
        toks.push(Token {
            tok,
            line,
            start,
            end: i,
        });
    }
    Ok(toks)
}

/// An integer literal's value: decimal, `0x` hex, a leading `0` octal, with
/// an optional `U` suffix; wrapped to 64 bits.
pub(super) fn int_value(s: &str) -> Option<i64> {
    let s = s.strip_suffix(['U', 'u']).unwrap_or(s);
    let v = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()?
    } else if s.len() > 1 && s.starts_with('0') && s.bytes().all(|b| b.is_ascii_digit()) {
        u64::from_str_radix(&s[1..], 8).ok()?
    } else if s.bytes().all(|b| b.is_ascii_digit()) {
        s.parse::<u64>().ok()?
    } else {
        return None;
    };
    Some(v as i64)
}

pub(super) fn imm_value(s: &str) -> Option<Imm> {
    if let Some(h) = s.strip_prefix("0f").or_else(|| s.strip_prefix("0F")) {
        return (h.len() == 8)
            .then(|| u32::from_str_radix(h, 16).ok().map(Imm::F32))
            .flatten();
    }
    if let Some(h) = s.strip_prefix("0d").or_else(|| s.strip_prefix("0D")) {
        return (h.len() == 16)
            .then(|| u64::from_str_radix(h, 16).ok().map(Imm::F64))
            .flatten();
    }
    if let Some(v) = int_value(s) {
        return Some(Imm::Int(v));
    }
    s.parse::<f64>().ok().map(Imm::Float)
}

pub(super) fn negate(imm: Imm) -> Imm {
    match imm {
        Imm::Int(v) => Imm::Int(v.wrapping_neg()),
        Imm::F32(b) => Imm::F32(b ^ 0x8000_0000),
        Imm::F64(b) => Imm::F64(b ^ (1 << 63)),
        Imm::Float(f) => Imm::Float(-f),
    }
}
