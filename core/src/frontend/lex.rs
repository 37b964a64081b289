//! The lexer: source text → preprocessing tokens with their positions.
//!
//! Architecture Invariant: never panics, whatever the bytes; anything it does
//! not understand becomes a `Punct` token the parser reports.

use crate::diag::{Diagnostic, Span};
use std::rc::Rc;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TokKind {
    Ident,
    /// A pp-number: integer or floating literal, validated by the parser.
    Number,
    /// A string literal, quotes included.
    Str,
    /// A character literal, quotes included.
    Char,
    Punct,
    /// End of a line; only the preprocessor sees these.
    Newline,
    Eof,
}

/// Where a token came from: the file, 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loc {
    pub file: Rc<str>,
    pub line: u32,
    pub column: u32,
}

impl Loc {
    pub fn span(&self, len: usize) -> Span {
        Span {
            file: self.file.to_string(),
            line: self.line,
            column: self.column,
            len: len.clamp(1, u32::MAX as usize) as u32,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub kind: TokKind,
    pub text: Rc<str>,
    pub loc: Loc,
    /// Whitespace came before this token (for macro stringizing and `(` after a macro name).
    pub space_before: bool,
    /// A string literal or character constant without its closing quote:
    /// the rest of the line. The preprocessor reports it where it matters
    /// (an error in code, a warning in skipped lines and `#warning` text, as
    /// gcc).
    pub unterminated: bool,
}

impl Token {
    /// The error (or warning) for an unterminated literal: "missing closing
    /// quote in string literal".
    pub fn unterminated_message(&self) -> String {
        let what = if self.kind == TokKind::Str {
            "string literal"
        } else {
            "character constant"
        };
        format!("missing closing quote in {what}")
    }

    pub fn is(&self, text: &str) -> bool {
        self.kind != TokKind::Str && self.kind != TokKind::Char && &*self.text == text
    }

    pub fn span(&self) -> Span {
        self.loc.span(self.text.len())
    }
}

const PUNCTS: &[&str] = &[
    "<<=", ">>=", "...", "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=",
    "-=", "*=", "/=", "%=", "&=", "|=", "^=", "##", "::", "[", "]", "(", ")", "{", "}", ".", "&",
    "*", "+", "-", "~", "!", "/", "%", "<", ">", "^", "|", "?", ":", ";", "=", ",", "#",
];

/// Removes the line splices of `src` (translation phase 2: a backslash
/// followed by a newline, or, as gcc, by blanks and a newline). `None` when
/// there are none; else the spliced text and, for each splice removed, its
/// offset in that text (where the next physical line begins).
fn splice(src: &str) -> Option<(String, Vec<usize>)> {
    let bytes = src.as_bytes();
    // The length of the splice at `i` (a backslash), if one is there.
    let splice_at = |i: usize| {
        let mut j = i + 1;
        while j < bytes.len() && matches!(bytes[j], b' ' | b'\t' | b'\r') {
            j += 1;
        }
        (j < bytes.len() && bytes[j] == b'\n').then_some(j + 1 - i)
    };
    let first = (0..bytes.len()).find(|&i| bytes[i] == b'\\' && splice_at(i).is_some())?;
    let mut text = String::with_capacity(src.len());
    let mut splices = Vec::new();
    let (mut copied, mut i) = (0, first);
    while i < bytes.len() {
        match splice_at(i).filter(|_| bytes[i] == b'\\') {
            Some(n) => {
                text.push_str(&src[copied..i]);
                splices.push(text.len());
                i += n;
                copied = i;
            }
            None => i += 1,
        }
    }
    text.push_str(&src[copied..]);
    Some((text, splices))
}

/// Splits `src` into tokens. Line splices (backslash-newline) are removed
/// first, wherever they are (in a string literal, a comment, an
/// identifier), and each token keeps the physical line and column it starts
/// at, as nvcc reports them. Comments become whitespace. An unterminated
/// comment is reported and lexing goes on; an unterminated literal is the
/// rest of its line, marked ([`Token::unterminated`]) for the preprocessor.
pub fn lex(file: &Rc<str>, src: &str, diags: &mut Vec<Diagnostic>) -> Vec<Token> {
    match splice(src) {
        Some((text, splices)) => lex_spliced(file, &text, &splices, diags),
        None => lex_spliced(file, src, &[], diags),
    }
}

/// [`lex`] of text without splices; `splices` are the offsets where the
/// removed ones were (each begins a physical line).
fn lex_spliced(
    file: &Rc<str>,
    src: &str,
    splices: &[usize],
    diags: &mut Vec<Diagnostic>,
) -> Vec<Token> {
    let bytes = src.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    // The line and its start, counting the newlines of `src` only.
    let mut line = 1u32;
    let mut line_start = 0usize;
    let mut space = false;
    // A UTF-8 byte order mark before the first line is not text.
    if src.starts_with('\u{feff}') {
        i = 3;
    }
    // The last column counted (line start, position, characters between):
    // tokens come left to right, so a long line is counted once, not once
    // per token.
    let counted = std::cell::Cell::new((usize::MAX, 0usize, 0usize));
    let loc_at = |line: u32, line_start: usize, pos: usize| {
        // The splices before `pos` each began a physical line.
        let k = splices.partition_point(|&s| s <= pos);
        let start = match k {
            0 => line_start,
            _ => line_start.max(splices[k - 1]),
        };
        let (s0, p0, n0) = counted.get();
        let chars = if s0 == start && p0 <= pos {
            n0 + src[p0..pos].chars().count()
        } else {
            src[start..pos].chars().count()
        };
        counted.set((start, pos, chars));
        Loc {
            file: file.clone(),
            line: line + k as u32,
            column: (chars + 1) as u32,
        }
    };
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'\n' {
            out.push(Token {
                kind: TokKind::Newline,
                text: "\n".into(),
                loc: loc_at(line, line_start, i),
                space_before: space,
                unterminated: false,
            });
            i += 1;
            line += 1;
            line_start = i;
            space = false;
            continue;
        }
        if c == b' ' || c == b'\t' || c == b'\r' || c == 0x0b || c == 0x0c {
            i += 1;
            space = true;
            continue;
        }
        if c == b'/' && bytes.get(i + 1) == Some(&b'/') {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            space = true;
            continue;
        }
        if c == b'/' && bytes.get(i + 1) == Some(&b'*') {
            let start = loc_at(line, line_start, i);
            i += 2;
            let mut closed = false;
            while i < bytes.len() {
                if bytes[i] == b'*' && bytes.get(i + 1) == Some(&b'/') {
                    i += 2;
                    closed = true;
                    break;
                }
                if bytes[i] == b'\n' {
                    line += 1;
                    line_start = i + 1;
                }
                i += 1;
            }
            if !closed {
                diags.push(Diagnostic::error(start.span(2), "unterminated comment"));
            }
            space = true;
            continue;
        }
        let start = i;
        let loc = loc_at(line, line_start, i);
        let kind;
        let mut unterminated = false;
        if c.is_ascii_alphabetic() || c == b'_' || c == b'$' {
            while i < bytes.len()
                && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_' || bytes[i] == b'$')
            {
                i += 1;
            }
            kind = TokKind::Ident;
        } else if c.is_ascii_digit()
            || (c == b'.' && bytes.get(i + 1).is_some_and(|b| b.is_ascii_digit()))
        {
            // pp-number: digits, letters, '.', and exponent signs.
            i += 1;
            while i < bytes.len() {
                let b = bytes[i];
                if ((b == b'+' || b == b'-') && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P'))
                    || b.is_ascii_alphanumeric()
                    || b == b'.'
                    || b == b'_'
                    || b == b'\''
                {
                    i += 1;
                } else {
                    break;
                }
            }
            kind = TokKind::Number;
        } else if c == b'"' || c == b'\'' {
            i += 1;
            let mut closed = false;
            while i < bytes.len() && bytes[i] != b'\n' {
                if bytes[i] == b'\\' && i + 1 < bytes.len() && bytes[i + 1] != b'\n' {
                    i += 2;
                    continue;
                }
                if bytes[i] == c {
                    i += 1;
                    closed = true;
                    break;
                }
                i += 1;
            }
            unterminated = !closed;
            kind = if c == b'"' {
                TokKind::Str
            } else {
                TokKind::Char
            };
        } else if let Some(p) = PUNCTS.iter().find(|p| bytes[i..].starts_with(p.as_bytes())) {
            i += p.len();
            kind = TokKind::Punct;
        } else {
            // A stray character (or a non-ASCII one): one token, so the parser
            // can name it in its error.
            let ch_len = src[i..].chars().next().map_or(1, |ch| ch.len_utf8());
            i += ch_len;
            kind = TokKind::Punct;
        }
        let text = &src[start..i];
        let (kind, text) = match kind {
            TokKind::Ident => alternative_token(text).map_or((kind, text), |p| (TokKind::Punct, p)),
            _ => (kind, text),
        };
        out.push(Token {
            kind,
            text: text.into(),
            loc,
            space_before: space,
            unterminated,
        });
        space = false;
    }
    out.push(Token {
        kind: TokKind::Newline,
        text: "\n".into(),
        loc: loc_at(line, line_start, bytes.len()),
        space_before: space,
        unterminated: false,
    });
    out
}

/// C++'s alternative spellings of operators (`and`, `not`, `bitor`, …) are
/// those operators.
fn alternative_token(word: &str) -> Option<&'static str> {
    Some(match word {
        "and" => "&&",
        "or" => "||",
        "not" => "!",
        "bitand" => "&",
        "bitor" => "|",
        "xor" => "^",
        "compl" => "~",
        "and_eq" => "&=",
        "or_eq" => "|=",
        "xor_eq" => "^=",
        "not_eq" => "!=",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(src: &str) -> Vec<String> {
        let mut d = vec![];
        lex(&"t.cu".into(), src, &mut d)
            .into_iter()
            .filter(|t| t.kind != TokKind::Newline)
            .map(|t| t.text.to_string())
            .collect()
    }

    #[test]
    fn splits_operators_numbers_and_comments() {
        assert_eq!(
            texts("a+=1.5e-3f; // x\n b>>=c /* y */ ->d"),
            ["a", "+=", "1.5e-3f", ";", "b", ">>=", "c", "->", "d"]
        );
    }

    #[test]
    fn reports_unterminated_comment_and_never_panics() {
        let mut d = vec![];
        lex(&"t.cu".into(), "int x; /* open", &mut d);
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("unterminated comment"));
        for s in ["\"", "'\\", "\\", "é€\u{0}", "1e+", "/*"] {
            lex(&"t.cu".into(), s, &mut vec![]);
        }
    }

    #[test]
    fn columns_count_from_one() {
        let mut d = vec![];
        let toks = lex(&"t.cu".into(), "int\n  x;", &mut d);
        let x = toks.iter().find(|t| &*t.text == "x").unwrap();
        assert_eq!((x.loc.line, x.loc.column), (2, 3));
    }

    #[test]
    fn splices_lines_everywhere_keeping_physical_lines() {
        let mut d = vec![];
        let src = "printf(\"a\\n\\\n  b\");\nin\\\nt x; // c \\\n y\nz /* \\\n */ w \\  \nv";
        let toks: Vec<Token> = lex(&"t.cu".into(), src, &mut d)
            .into_iter()
            .filter(|t| t.kind != TokKind::Newline)
            .collect();
        assert!(d.is_empty(), "{d:?}");
        let got: Vec<(&str, u32, u32)> = toks
            .iter()
            .map(|t| (&*t.text, t.loc.line, t.loc.column))
            .collect();
        assert_eq!(
            got,
            [
                ("printf", 1, 1),
                ("(", 1, 7),
                ("\"a\\n  b\"", 1, 8),
                (")", 2, 5),
                (";", 2, 6),
                ("int", 3, 1),
                ("x", 4, 3),
                (";", 4, 4),
                ("z", 6, 1),
                ("w", 7, 5),
                ("v", 8, 1),
            ]
        );
    }
}
