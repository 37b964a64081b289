//! The IR text's tokens: names, words, numbers, strings and punctuation,
//! each with its line and column.

#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// `%name` (the name may be empty: an unnamed parameter is printed `%`).
    Local(String),
    /// `@name`
    Global(String),
    /// Keywords, types, opcodes, block labels.
    Word(String),
    /// Decimal integer, maybe negative.
    Int(String),
    /// Decimal float (`1.000000e+00`).
    Float(String),
    /// `0x…`: a float's bits.
    Hex(String),
    /// `!name` (loop hints).
    Meta(String),
    /// `"text"` (attribute names and values, sync scopes).
    Str(String),
    Punct(char),
    /// Text that is no token; the message says why.
    Bad(String),
    Eof,
}

#[derive(Clone, Debug)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) line: u32,
    pub(super) col: u32,
}

pub(super) fn describe(t: &Tok) -> String {
    match t {
        Tok::Local(n) => format!("'%{n}'"),
        Tok::Global(n) => format!("'@{n}'"),
        Tok::Word(s) | Tok::Int(s) | Tok::Float(s) | Tok::Hex(s) => format!("'{s}'"),
        Tok::Meta(n) => format!("'!{n}'"),
        Tok::Str(s) => format!("'\"{s}\"'"),
        Tok::Punct(c) => format!("'{c}'"),
        Tok::Bad(m) => m.clone(),
        Tok::Eof => "end of input".to_string(),
    }
}

/// A character of a name after its first, as LLVM's lexer takes them
/// (`for.end.unr-lcssa`: `-` too).
pub(super) fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$' | '-')
}

/// Splits the text into tokens; comments (`;` to the end of the line) and
/// white space go. The first character that starts no token ends the list
/// with a `Bad` token (then `Eof`).
pub(super) fn lex(text: &str) -> Vec<Token> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    // Advances over chars[i..j] (none of them a newline) and returns the text.
    let take = |i: &mut usize, col: &mut u32, j: usize| -> String {
        let s: String = chars[*i..j].iter().collect();
        *col += (j - *i) as u32;
        *i = j;
        s
    };
    let scan = |from: usize, ok: &dyn Fn(char) -> bool| -> usize {
        let mut j = from;
        while j < chars.len() && ok(chars[j]) {
            j += 1;
        }
        j
    };
    loop {
        // White space and comments.
        while i < chars.len() {
            match chars[i] {
                '\n' => {
                    line += 1;
                    col = 1;
                    i += 1;
                }
                ';' => {
                    while i < chars.len() && chars[i] != '\n' {
                        i += 1;
                    }
                }
                c if c.is_whitespace() => {
                    col += 1;
                    i += 1;
                }
                _ => break,
            }
        }
        let (tl, tc) = (line, col);
        let push = |toks: &mut Vec<Token>, tok: Tok| {
            toks.push(Token {
                tok,
                line: tl,
                col: tc,
            })
        };
        let Some(&c) = chars.get(i) else {
            push(&mut toks, Tok::Eof);
            return toks;
        };
        let tok = match c {
            '%' | '@' | '!' => {
                let j = scan(i + 1, &is_name_char);
                let name: String = chars[i + 1..j].iter().collect();
                take(&mut i, &mut col, j);
                match c {
                    '%' => Tok::Local(name),
                    '@' => Tok::Global(name),
                    _ if name.is_empty() => Tok::Bad("expected a metadata name after '!'".into()),
                    _ => Tok::Meta(name),
                }
            }
            '"' => {
                // LLVM's escapes: `\XX`, two hex digits.
                let mut s = String::new();
                let mut j = i + 1;
                let mut bad = None;
                while let Some(&c) = chars.get(j) {
                    if c == '"' || c == '\n' {
                        break;
                    }
                    if c == '\\' {
                        let hex: String = chars.iter().skip(j + 1).take(2).collect();
                        match u8::from_str_radix(&hex, 16) {
                            Ok(b) if hex.len() == 2 && b < 0x80 => s.push(char::from(b)),
                            _ => {
                                bad = Some(
                                    "an escape in a string must be \\XX (two hex digits, below 80)",
                                );
                                break;
                            }
                        }
                        j += 3;
                    } else {
                        s.push(c);
                        j += 1;
                    }
                }
                if let Some(msg) = bad {
                    Tok::Bad(msg.into())
                } else if chars.get(j) == Some(&'"') {
                    take(&mut i, &mut col, j + 1);
                    Tok::Str(s)
                } else {
                    Tok::Bad("unterminated string".into())
                }
            }
            '0'..='9' | '-' => lex_number(&chars, i, &mut |j| take(&mut i, &mut col, j)),
            c if c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '$') => {
                let j = scan(i, &is_name_char);
                Tok::Word(take(&mut i, &mut col, j))
            }
            '(' | ')' | '[' | ']' | '{' | '}' | '<' | '>' | ',' | '=' | ':' => {
                let j = i + 1;
                take(&mut i, &mut col, j);
                Tok::Punct(c)
            }
            c => Tok::Bad(format!("unexpected character '{}'", c.escape_debug())),
        };
        let bad = matches!(tok, Tok::Bad(_));
        push(&mut toks, tok);
        if bad {
            toks.push(Token {
                tok: Tok::Eof,
                line,
                col,
            });
            return toks;
        }
    }
}

/// A number at `chars[i]`: `-?[0-9]+`, `-?[0-9]+.[0-9]*(e[+-]?[0-9]+)?`, or `0x[0-9A-Fa-f]+`.
/// `take(j)` consumes up to `j` and returns the text.
pub(super) fn lex_number(chars: &[char], i: usize, take: &mut dyn FnMut(usize) -> String) -> Tok {
    let at = |j: usize| chars.get(j).copied().unwrap_or('\0');
    let digits = |mut j: usize, hex: bool| {
        while (hex && at(j).is_ascii_hexdigit()) || at(j).is_ascii_digit() {
            j += 1;
        }
        j
    };
    let mut j = i;
    let mut ok = true;
    let kind;
    if at(j) == '0' && matches!(at(j + 1), 'x' | 'X') {
        let end = digits(j + 2, true);
        ok = end > j + 2;
        j = end;
        kind = 'x';
    } else {
        if at(j) == '-' {
            j += 1;
        }
        let end = digits(j, false);
        ok &= end > j;
        j = end;
        let mut float = false;
        if ok && at(j) == '.' {
            float = true;
            j = digits(j + 1, false);
        }
        if ok && matches!(at(j), 'e' | 'E') {
            float = true;
            j += 1;
            if matches!(at(j), '+' | '-') {
                j += 1;
            }
            let end = digits(j, false);
            ok &= end > j;
            j = end;
        }
        kind = if float { 'f' } else { 'i' };
    }
    // A number runs into a name (`12ab`, `0x1G`): all of it is one bad number.
    while is_name_char(at(j)) {
        ok = false;
        j += 1;
    }
    if j == i {
        j = i + 1; // a lone '-'
    }
    let text = take(j);
    if !ok {
        return Tok::Bad(format!("bad number '{text}'"));
    }
    match kind {
        'x' => Tok::Hex(text),
        'f' => Tok::Float(text),
        _ => Tok::Int(text),
    }
}
