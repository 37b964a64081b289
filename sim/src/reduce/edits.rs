//! The reducer's edits on CUDA source, C-Reduce's kinds: a light tokenizer
//! (no preprocessing: a directive is one token), the statements it finds
//! (top level and nested, control statements with their bodies), and each
//! pass's candidate edits, in a fixed order, each a whole new text.

/// A token: its kind and byte range in the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tok {
    pub kind: Kind,
    pub start: usize,
    pub end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Ident,
    Number,
    /// A string or character literal.
    Literal,
    Punct,
    /// A whole preprocessor line (with its continuations).
    Directive,
}

/// The tokens of `text`; comments are skipped.
pub fn tokens(text: &str) -> Vec<Tok> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if c == b'\n' {
            line_start = true;
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
            i += 2;
            while i < b.len() && !(b[i] == b'*' && b.get(i + 1) == Some(&b'/')) {
                i += 1;
            }
            i = (i + 2).min(b.len());
            continue;
        }
        let start = i;
        let kind = if c == b'#' && line_start {
            while i < b.len() && !(b[i] == b'\n' && (i == 0 || b[i - 1] != b'\\')) {
                i += 1;
            }
            Kind::Directive
        } else if c.is_ascii_alphabetic() || c == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            Kind::Ident
        } else if c.is_ascii_digit() || (c == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit))
        {
            while i < b.len() {
                let d = b[i];
                let exp = (d == b'+' || d == b'-')
                    && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P')
                    && !text[start..i].starts_with("0x");
                if d.is_ascii_alphanumeric() || d == b'.' || d == b'_' || exp {
                    i += 1;
                } else {
                    break;
                }
            }
            Kind::Number
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c && b[i] != b'\n' {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i = (i + 1).min(b.len());
            Kind::Literal
        } else {
            const THREE: &[&str] = &["<<=", ">>=", "...", "->*"];
            const TWO: &[&str] = &[
                "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=",
                "%=", "&=", "|=", "^=", "->", "::",
            ];
            let rest = &text[i..];
            i += if THREE.iter().any(|p| rest.starts_with(p)) {
                3
            } else if TWO.iter().any(|p| rest.starts_with(p)) {
                2
            } else {
                rest.chars().next().map_or(1, char::len_utf8)
            };
            Kind::Punct
        };
        line_start = false;
        out.push(Tok {
            kind,
            start,
            end: i,
        });
    }
    out
}

/// One statement (or top-level item): tokens `start..end`, and for a
/// control statement or a block, what it can be replaced by.
#[derive(Clone, Debug)]
pub struct Stmt {
    pub start: usize,
    pub end: usize,
    /// Token ranges this statement may be replaced by (a control
    /// statement's bodies, a block's inside).
    pub bodies: Vec<(usize, usize)>,
}

/// Every statement list of the text (the top level first, then nested
/// ones in order): sibling statements, for ddmin.
pub fn statement_lists(text: &str, toks: &[Tok]) -> Vec<Vec<Stmt>> {
    let mut lists = Vec::new();
    let mut p = Parser {
        text,
        toks,
        lists: &mut lists,
    };
    p.seq(0, toks.len());
    lists
}

struct Parser<'a, 'l> {
    text: &'a str,
    toks: &'a [Tok],
    lists: &'l mut Vec<Vec<Stmt>>,
}

impl Parser<'_, '_> {
    fn s(&self, i: usize) -> &str {
        self.toks.get(i).map_or("", |t| &self.text[t.start..t.end])
    }

    /// The index after the bracket that closes the one at `i` (or `end`).
    fn close(&self, i: usize, end: usize) -> usize {
        let mut depth = 0i32;
        let mut j = i;
        while j < end {
            match self.s(j) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" | "}" => {
                    depth -= 1;
                    if depth <= 0 {
                        return j + 1;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        end
    }

    /// Parses the statements in `a..b` into a list (pushed, with the nested
    /// lists after it).
    fn seq(&mut self, a: usize, b: usize) {
        let at = self.lists.len();
        self.lists.push(Vec::new());
        let mut i = a;
        let mut list = Vec::new();
        while i < b {
            let s = self.stmt(i, b);
            i = s.end.max(i + 1);
            list.push(s);
        }
        self.lists[at] = list;
    }

    fn stmt(&mut self, i: usize, b: usize) -> Stmt {
        let kw = self.s(i).to_string();
        if self.toks[i].kind == Kind::Directive {
            return Stmt {
                start: i,
                end: i + 1,
                bodies: Vec::new(),
            };
        }
        match kw.as_str() {
            "{" => {
                let end = self.close(i, b);
                let inner = (i + 1, end.saturating_sub(1).max(i + 1));
                self.seq(inner.0, inner.1);
                Stmt {
                    start: i,
                    end,
                    bodies: vec![inner],
                }
            }
            "if" | "for" | "while" | "switch" if self.s(i + 1) == "(" => {
                let head = self.close(i + 1, b);
                if head >= b {
                    return self.simple(i, b);
                }
                let body = self.stmt(head, b);
                let mut bodies = vec![(body.start, body.end)];
                let mut end = body.end;
                if kw == "if" && self.s(end) == "else" && end + 1 < b {
                    let e = self.stmt(end + 1, b);
                    bodies.push((e.start, e.end));
                    end = e.end;
                }
                Stmt {
                    start: i,
                    end,
                    bodies,
                }
            }
            "do" => {
                let body = self.stmt(i + 1, b);
                let mut end = body.end;
                if self.s(end) == "while" {
                    end = self.close(end + 1, b);
                    if self.s(end) == ";" {
                        end += 1;
                    }
                }
                Stmt {
                    start: i,
                    end,
                    bodies: vec![(body.start, body.end)],
                }
            }
            "case" | "default" => {
                let mut j = i + 1;
                while j < b && self.s(j) != ":" {
                    j += 1;
                }
                Stmt {
                    start: i,
                    end: (j + 1).min(b),
                    bodies: Vec::new(),
                }
            }
            _ => self.simple(i, b),
        }
    }

    /// A declaration or expression statement: up to `;` at depth 0, or a
    /// `{…}` not followed by `;`, `,` or a name (a function's body, a
    /// namespace); that body's statements are a nested list.
    fn simple(&mut self, i: usize, b: usize) -> Stmt {
        let mut j = i;
        let mut bodies = Vec::new();
        while j < b {
            match self.s(j) {
                ";" => {
                    return Stmt {
                        start: i,
                        end: j + 1,
                        bodies,
                    }
                }
                "(" | "[" => j = self.close(j, b),
                "{" => {
                    let end = self.close(j, b);
                    let next = self.s(end).to_string();
                    let initializer = j > i && matches!(self.s(j - 1), "=" | "," | "(" | "return");
                    self.seq(j + 1, end.saturating_sub(1).max(j + 1));
                    if !initializer && !matches!(next.as_str(), ";" | "," | "") {
                        let ident = self.toks.get(end).is_some_and(|t| t.kind == Kind::Ident);
                        let record = (i..j)
                            .any(|k| matches!(self.s(k), "struct" | "class" | "union" | "enum"));
                        if !(ident && record) {
                            return Stmt {
                                start: i,
                                end,
                                bodies,
                            };
                        }
                    }
                    if !initializer {
                        bodies.push((j + 1, end.saturating_sub(1).max(j + 1)));
                    }
                    j = end;
                }
                "}" => {
                    return Stmt {
                        start: i,
                        end: j.max(i + 1),
                        bodies,
                    }
                }
                _ => j += 1,
            }
        }
        Stmt {
            start: i,
            end: b,
            bodies,
        }
    }
}

/// `text` with tokens `a..b` replaced by `with`.
pub fn splice(text: &str, toks: &[Tok], a: usize, b: usize, with: &str) -> String {
    let (from, to) = span(text, toks, a, b);
    format!("{}{with}{}", &text[..from], &text[to..])
}

/// The bytes of tokens `a..b` (empty at the position of `a` when `a == b`).
fn span(text: &str, toks: &[Tok], a: usize, b: usize) -> (usize, usize) {
    let from = toks.get(a).map_or(text.len(), |t| t.start);
    let to = if b > a { toks[b - 1].end } else { from };
    (from, to)
}

/// The text of tokens `a..b`.
pub fn text_of<'t>(text: &'t str, toks: &[Tok], a: usize, b: usize) -> &'t str {
    let (from, to) = span(text, toks, a, b);
    &text[from..to]
}

/// Deleting chunks of sibling statements, ddmin's way: for each list, the
/// largest chunks first (half the list, then a quarter, … one statement).
pub fn deletions(text: &str) -> Vec<String> {
    let toks = tokens(text);
    let lists = statement_lists(text, &toks);
    let mut out = Vec::new();
    let mut sizes: Vec<usize> = Vec::new();
    let longest = lists.iter().map(Vec::len).max().unwrap_or(0);
    let mut n = longest.next_power_of_two();
    while n >= 1 {
        sizes.push(n);
        n /= 2;
    }
    for size in sizes {
        for list in &lists {
            if size > list.len() {
                continue;
            }
            let mut k = 0;
            while k < list.len() {
                let last = (k + size).min(list.len()) - 1;
                out.push(splice(text, &toks, list[k].start, list[last].end, ""));
                k += size;
            }
        }
    }
    out
}

/// A control statement replaced by one of its bodies, a block by its
/// inside: `if (c) S else T` → `S`, → `T`; `for (…) S` → `S`; `{ S }` → `S`.
pub fn unwraps(text: &str) -> Vec<String> {
    let toks = tokens(text);
    let lists = statement_lists(text, &toks);
    let mut out = Vec::new();
    for list in &lists {
        for s in list {
            for &(a, b) in &s.bodies {
                if (a, b) == (s.start, s.end) || b <= a {
                    continue;
                }
                let first = text_of(text, &toks, s.start, s.start + 1);
                // A function's or a record's body alone is not a statement.
                let control = matches!(first, "if" | "for" | "while" | "switch" | "do" | "{");
                if !control {
                    continue;
                }
                let inner = text_of(text, &toks, a, b).to_string();
                out.push(splice(text, &toks, s.start, s.end, &inner));
            }
        }
    }
    out
}

const BINARY: &[&str] = &[
    "+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "&&", "||", "<", ">", "<=", ">=", "==",
    "!=",
];

/// The operand that ends just before token `i` (exclusive): its first token.
fn operand_before(text: &str, toks: &[Tok], i: usize) -> Option<usize> {
    let s = |k: usize| text_of(text, toks, k, k + 1);
    let mut j = i;
    loop {
        if j == 0 {
            return None;
        }
        let last = s(j - 1);
        if last == ")" || last == "]" {
            // Back to the matching bracket.
            let mut depth = 0i32;
            let mut k = j;
            while k > 0 {
                k -= 1;
                match s(k) {
                    ")" | "]" => depth += 1,
                    "(" | "[" => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            if depth != 0 {
                return None;
            }
            j = k;
            // A call or an index: the name before it is part of the operand.
            if j > 0 && matches!(toks[j - 1].kind, Kind::Ident) && !is_keyword(s(j - 1)) {
                j -= 1;
            } else if j > 0 && matches!(s(j - 1), ")" | "]") {
                continue;
            }
        } else if matches!(toks[j - 1].kind, Kind::Ident | Kind::Number | Kind::Literal)
            && !is_keyword(last)
        {
            j -= 1;
        } else {
            return None;
        }
        // Member access chains: `a.b`, `p->x`.
        if j >= 2 && matches!(s(j - 1), "." | "->") {
            j -= 1;
            continue;
        }
        return Some(j);
    }
}

/// The operand that starts at token `i`: the index after it.
fn operand_after(text: &str, toks: &[Tok], i: usize) -> Option<usize> {
    let s = |k: usize| text_of(text, toks, k, k + 1);
    let mut j = i;
    while j < toks.len() && matches!(s(j), "-" | "!" | "~" | "*" | "&") {
        j += 1;
    }
    let t = toks.get(j)?;
    match (t.kind, s(j)) {
        (Kind::Ident | Kind::Number | Kind::Literal, w) if !is_keyword(w) => j += 1,
        (_, "(") => j = close_fwd(text, toks, j)?,
        _ => return None,
    }
    loop {
        match s(j) {
            "(" | "[" => j = close_fwd(text, toks, j)?,
            "." | "->" if toks.get(j + 1).is_some_and(|t| t.kind == Kind::Ident) => j += 2,
            _ => return Some(j),
        }
    }
}

fn close_fwd(text: &str, toks: &[Tok], i: usize) -> Option<usize> {
    let mut depth = 0i32;
    for (k, _) in toks.iter().enumerate().skip(i) {
        match text_of(text, toks, k, k + 1) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return Some(k + 1);
                }
            }
            _ => {}
        }
    }
    None
}

fn is_keyword(w: &str) -> bool {
    matches!(
        w,
        "if" | "for"
            | "while"
            | "do"
            | "switch"
            | "return"
            | "case"
            | "else"
            | "sizeof"
            | "int"
            | "unsigned"
            | "float"
            | "double"
            | "char"
            | "long"
            | "short"
            | "const"
            | "void"
            | "auto"
            | "struct"
            | "goto"
            | "new"
            | "delete"
    )
}

/// Expressions made simpler: `a op b` → `a`, → `b`; `(e)` → `e`; `-x` → `x`.
pub fn simplifications(text: &str) -> Vec<String> {
    let toks = tokens(text);
    let s = |k: usize| text_of(text, &toks, k, k + 1);
    let mut out = Vec::new();
    for i in 0..toks.len() {
        if toks[i].kind != Kind::Punct {
            continue;
        }
        let op = s(i);
        if BINARY.contains(&op) {
            // A binary operator has an operand on its left; `*`, `&`, `-`
            // after another operator are unary.
            let Some(l) = operand_before(text, &toks, i) else {
                // No operand on the left: a unary minus, dropped.
                if op == "-" {
                    out.push(splice(text, &toks, i, i + 1, ""));
                }
                continue;
            };
            // Not a declaration (`int *p`), a template (`f<T>`) or `a->b`.
            let before = if l > 0 { s(l - 1) } else { "" };
            if is_keyword(before) && !matches!(before, "return" | "case" | "else" | "do") {
                continue;
            }
            let Some(r) = operand_after(text, &toks, i + 1) else {
                continue;
            };
            let left = text_of(text, &toks, l, i).to_string();
            let right = text_of(text, &toks, i + 1, r).to_string();
            out.push(splice(text, &toks, l, r, &left));
            out.push(splice(text, &toks, l, r, &right));
        } else if op == "(" && i > 0 {
            let before = s(i - 1);
            let call = matches!(toks[i - 1].kind, Kind::Ident) || matches!(before, ")" | "]");
            if call {
                continue;
            }
            let Some(end) = close_fwd(text, &toks, i) else {
                continue;
            };
            // A cast `(T)x` keeps x: the group is then followed by an operand.
            let inner = text_of(text, &toks, i + 1, end - 1).to_string();
            if operand_after(text, &toks, end).is_some() {
                out.push(splice(text, &toks, i, end, ""));
            } else {
                out.push(splice(text, &toks, i, end, &inner));
            }
        } else if matches!(op, "-" | "~" | "!") && i > 0 {
            let before = s(i - 1);
            let unary = toks[i - 1].kind == Kind::Punct && !matches!(before, ")" | "]")
                || before == "return";
            if unary {
                out.push(splice(text, &toks, i, i + 1, ""));
            }
        }
    }
    out
}

/// Integer constants made smaller: `0`, `1`, half their value.
pub fn constants(text: &str) -> Vec<String> {
    let toks = tokens(text);
    let mut out = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.kind != Kind::Number {
            continue;
        }
        let w = &text[t.start..t.end];
        let digits = w.trim_end_matches(['u', 'U', 'l', 'L']);
        let suffix = &w[digits.len()..];
        let value = if let Some(h) = digits
            .strip_prefix("0x")
            .or_else(|| digits.strip_prefix("0X"))
        {
            u64::from_str_radix(h, 16).ok()
        } else {
            digits.parse::<u64>().ok()
        };
        let Some(v) = value else {
            continue;
        };
        let mut tries = Vec::new();
        for c in [0, 1, v / 2] {
            if c < v && !tries.contains(&c) {
                tries.push(c);
            }
        }
        for c in tries {
            out.push(splice(text, &toks, i, i + 1, &format!("{c}{suffix}")));
        }
    }
    out
}

/// A function's parameter removed with the argument at every call (by
/// name): `(parameter index, function name, the text)`.
pub fn parameter_removals(text: &str) -> Vec<(String, usize, String)> {
    let toks = tokens(text);
    let s = |k: usize| text_of(text, &toks, k, k + 1);
    let mut out = Vec::new();
    // A definition: `name ( params ) {`, with no `;` before the `{`.
    for i in 0..toks.len() {
        if toks[i].kind != Kind::Ident || s(i + 1) != "(" || is_keyword(s(i)) {
            continue;
        }
        let Some(close) = close_fwd(text, &toks, i + 1) else {
            continue;
        };
        if s(close) != "{" {
            continue;
        }
        let name = s(i).to_string();
        let params = split_args(text, &toks, i + 1, close);
        if params.len() == 1
            && matches!(text_of(text, &toks, params[0].0, params[0].1), "" | "void")
        {
            continue;
        }
        for k in 0..params.len() {
            // Every call of `name` loses argument k; the definition, parameter k.
            let mut edits: Vec<(usize, usize)> = Vec::new();
            edits.push(remove_item(&params, k));
            let mut ok = true;
            for j in 0..toks.len() {
                if j == i || s(j) != name || s(j + 1) != "(" {
                    continue;
                }
                let Some(c) = close_fwd(text, &toks, j + 1) else {
                    ok = false;
                    break;
                };
                let args = split_args(text, &toks, j + 1, c);
                if args.len() != params.len() {
                    ok = false;
                    break;
                }
                edits.push(remove_item(&args, k));
            }
            if !ok {
                continue;
            }
            edits.sort_unstable();
            let mut t = text.to_string();
            for &(a, b) in edits.iter().rev() {
                let (from, to) = span(text, &toks, a, b);
                t.replace_range(from..to, "");
            }
            out.push((name.clone(), k, t));
        }
    }
    out
}

/// The items of a bracketed list `open .. close` (token indices, `close`
/// after the `)`), split at depth-0 commas.
fn split_args(text: &str, toks: &[Tok], open: usize, close: usize) -> Vec<(usize, usize)> {
    let mut items = Vec::new();
    let mut depth = 0i32;
    let mut start = open + 1;
    for k in open + 1..close - 1 {
        match text_of(text, toks, k, k + 1) {
            "(" | "[" | "{" | "<" => depth += 1,
            ")" | "]" | "}" | ">" => depth -= 1,
            "," if depth == 0 => {
                items.push((start, k));
                start = k + 1;
            }
            _ => {}
        }
    }
    items.push((start, close - 1));
    items
}

/// The tokens to delete to remove item `k` of a list (with one comma).
fn remove_item(items: &[(usize, usize)], k: usize) -> (usize, usize) {
    let (a, b) = items[k];
    if items.len() == 1 {
        (a, b)
    } else if k + 1 < items.len() {
        (a, items[k + 1].0)
    } else {
        (items[k - 1].1, b)
    }
}

/// Whitespace tidied: no blank lines, no trailing spaces, comments gone.
pub fn tidy(text: &str) -> String {
    let toks = tokens(text);
    // Rebuild from tokens, keeping each token's line breaks (the lines
    // between tokens that had any).
    let mut out = String::new();
    let mut prev_end = 0;
    for t in &toks {
        let gap = &text[prev_end..t.start];
        if !out.is_empty() {
            if gap.contains('\n') {
                out.push('\n');
                // Keep the indentation of the token's line.
                let indent = text[..t.start]
                    .rsplit('\n')
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take_while(|c| *c == ' ' || *c == '\t')
                    .collect::<String>();
                if text[..t.start].ends_with(&indent) {
                    out.push_str(&indent);
                }
            } else if !gap.is_empty() {
                out.push(' ');
            }
        }
        out.push_str(&text[t.start..t.end]);
        prev_end = t.end;
    }
    out.push('\n');
    out
}

/// Lines that hold at least one token.
pub fn line_count(text: &str) -> usize {
    text.lines().filter(|l| !tokens(l).is_empty()).count()
}

#[cfg(test)]
mod tests {
    use super::*;

    const K: &str = "#include <x.h>\n// c\n__device__ int f(int a, int b) { return a + b; }\n\
        __global__ void k(int *o, int n) {\n  int i = threadIdx.x;\n  if (i < n) { o[i] = f(i, 2) * 3; } else o[i] = 0;\n  for (int j = 0; j < 4; j++) o[j] += 1;\n}\n";

    #[test]
    fn statements_nest() {
        let toks = tokens(K);
        let lists = statement_lists(K, &toks);
        let top: Vec<&str> = lists[0]
            .iter()
            .map(|s| text_of(K, &toks, s.start, s.start + 1))
            .collect();
        assert_eq!(top, ["#include <x.h>", "__device__", "__global__"]);
        // The kernel's body: the declaration, the if, the for.
        assert!(lists.iter().any(|l| l.len() == 3
            && text_of(K, &toks, l[1].start, l[1].start + 1) == "if"
            && l[1].bodies.len() == 2));
    }

    #[test]
    fn edits_of_each_kind() {
        let d = deletions(K);
        assert!(d.iter().any(|t| !t.contains("for (")));
        assert!(d.iter().any(|t| !t.contains("__device__")));
        let u = unwraps(K);
        assert!(
            u.iter()
                .any(|t| t.contains("\n  { o[i] = f(i, 2) * 3; }\n")),
            "{u:#?}"
        );
        let s = simplifications(K);
        assert!(s.iter().any(|t| t.contains("return a;")));
        assert!(s.iter().any(|t| t.contains("o[i] = f(i, 2);")));
        assert!(s.iter().any(|t| t.contains("o[i] = 3;")));
        assert!(!s.iter().any(|t| t.contains("int  o")));
        let c = constants(K);
        assert!(c.iter().any(|t| t.contains("j < 2;")));
        let p = parameter_removals(K);
        assert!(p.iter().any(|(f, k, t)| f == "f"
            && *k == 1
            && t.contains("int f(int a)")
            && t.contains("f(i)")));
        assert!(p
            .iter()
            .any(|(f, k, t)| f == "k" && *k == 1 && t.contains("k(int *o)")));
        assert_eq!(line_count(&tidy("a;\n\n   \n  b; // x\n")), 2);
        assert_eq!(tidy("a;\n\n  b;   c;\n"), "a;\n  b; c;\n");
    }
}
