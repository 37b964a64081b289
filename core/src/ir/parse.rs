//! The IR's text form read back: everything `print.rs` writes, so a snapshot
//! can be edited and fed to a pass (the filetests in `core/tests/filetests/`),
//! and `print_module(parse_module(t)) == t` for printer output.
//!
//! One pass over the tokens. Every operand's type is written in the text (or
//! follows from its instruction), so a forward reference (a phi's operand
//! from a later block) is a placeholder with its expected type, resolved when
//! the function ends. Values keep their printed names.
//!
//! Architecture Invariant: never panics and never recurses without bound on
//! any input; bad text is a `ParseError` at the offending token.

use super::*;
use crate::collections::{HashMap, HashSet};
use std::fmt;

/// Why a text is not IR, and where: `line:column: message` (both 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub column: u32,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Reads a module: globals, `define`s and `declare`s, in any order.
///
/// Every call must name a function the text defines or declares, and every
/// `@global` operand a global of the text in the pointer's address space.
/// A `declare` of a called function with unnamed parameters (what
/// `print_module` writes for intrinsics) only states the callee's signature;
/// one with named parameters is a function of the module.
pub fn parse_module(text: &str) -> Result<Module, ParseError> {
    let mut p = Parser::new(text);
    p.type_definitions()?;
    let mut items: Vec<Item> = Vec::new();
    let mut globals: Vec<(Global, Token)> = Vec::new();
    loop {
        let tok = p.peek().clone();
        match &tok.tok {
            Tok::Eof => break,
            Tok::Global(_) => {
                let g = p.global()?;
                items.push(Item {
                    start: tok.line,
                    end: p.last_line,
                    decl: None,
                });
                globals.push((g, tok));
            }
            Tok::Word(w) if w == "define" || w == "declare" => {
                let (f, unnamed) = p.function(true)?;
                items.push(Item {
                    start: tok.line,
                    end: p.last_line,
                    decl: Some((f, unnamed, tok)),
                });
            }
            _ => {
                return Err(p.unexpected(
                    &tok,
                    "'define', 'declare' or a global variable ('@name = ...')",
                ))
            }
        }
    }
    p.finish_module(items, globals)
}

/// Reads one function (`define …` or `declare …` with named parameters), as
/// a stage snapshot shows it. Calls and `@global` operands are not checked
/// against the rest of a module, which this text does not have.
pub fn parse_function(text: &str) -> Result<Function, ParseError> {
    let mut p = Parser::new(text);
    p.type_definitions()?;
    let tok = p.peek().clone();
    if !matches!(&tok.tok, Tok::Word(w) if w == "define" || w == "declare") {
        return Err(p.unexpected(&tok, "'define' or 'declare'"));
    }
    let (f, _) = p.function(false)?;
    let end = p.peek().clone();
    if end.tok != Tok::Eof {
        return Err(p.unexpected(&end, "end of input after the function"));
    }
    Ok(f)
}

/// Reads only the signature of the function a snapshot's text holds (name,
/// parameters, attributes such as `ptx_kernel`), not its body: for callers
/// that list a module's kernels (the web worker) without the whole parser.
pub fn parse_signature(text: &str) -> Result<Function, ParseError> {
    let mut p = Parser::new(text);
    p.type_definitions()?;
    let tok = p.peek().clone();
    if !matches!(&tok.tok, Tok::Word(w) if w == "define" || w == "declare") {
        return Err(p.unexpected(&tok, "'define' or 'declare'"));
    }
    p.signature(false).map(|(f, _, _)| f)
}

// ---------------------------------------------------------------- tokens

#[derive(Clone, Debug, PartialEq)]
enum Tok {
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
struct Token {
    tok: Tok,
    line: u32,
    col: u32,
}

fn describe(t: &Tok) -> String {
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

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$')
}

/// Splits the text into tokens; comments (`;` to the end of the line) and
/// white space go. The first character that starts no token ends the list
/// with a `Bad` token (then `Eof`).
fn lex(text: &str) -> Vec<Token> {
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
                let j = scan(i + 1, &|c| c != '"' && c != '\n' && c != '\\');
                if chars.get(j) == Some(&'"') {
                    let s: String = chars[i + 1..j].iter().collect();
                    take(&mut i, &mut col, j + 1);
                    Tok::Str(s)
                } else if chars.get(j) == Some(&'\\') {
                    Tok::Bad("escapes in strings are not supported".into())
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
fn lex_number(chars: &[char], i: usize, take: &mut dyn FnMut(usize) -> String) -> Tok {
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

// ---------------------------------------------------------------- parser

/// A top-level `define`/`declare` or global, with its lines (for telling
/// `print_module`'s trailing declarations of callees from the module's own).
struct Item {
    start: u32,
    end: u32,
    /// A function: it, whether its parameters were unnamed (a `declare` of a
    /// callee's signature), and its keyword.
    decl: Option<(Function, bool, Token)>,
}

/// A call, checked against the module's functions when the module is read.
struct CallSite {
    callee: String,
    ret: Type,
    args: Vec<Type>,
    at: Token,
    /// The calling function and the call, once made.
    site: Option<(String, InstId)>,
}

/// A `@name` operand, checked against the module's globals.
struct GlobalRef {
    name: String,
    space: u32,
    at: Token,
}

/// A use of a value not defined yet: the operand holds `InstId(FORWARD + index)`.
struct ForwardRef {
    name: String,
    ty: Type,
    at: Token,
}

const FORWARD: u32 = 1 << 31;

#[derive(Clone, Copy)]
enum Pred {
    I(ICmp),
    F(FCmp),
}

/// Array types nest at most this deep (the type parser recurses).
const MAX_TYPE_DEPTH: u32 = 64;

struct BlockInfo {
    id: BlockId,
    defined: bool,
    first_use: Token,
}

/// The function being read.
struct FnState {
    f: Function,
    values: HashMap<String, (Value, Type)>,
    blocks: HashMap<String, BlockInfo>,
    order: Vec<BlockId>,
    forward: Vec<ForwardRef>,
    cur: Option<BlockId>,
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
    /// The line of the last token taken.
    last_line: u32,
    calls: Vec<CallSite>,
    global_refs: Vec<GlobalRef>,
    /// Named struct types defined so far (`%struct.P = type { … }`).
    structs: HashMap<String, StructType>,
}

type PResult<T> = Result<T, ParseError>;

fn error_at(t: &Token, message: impl Into<String>) -> ParseError {
    ParseError {
        line: t.line,
        column: t.col,
        message: message.into(),
    }
}

impl Parser {
    fn new(text: &str) -> Parser {
        Parser {
            toks: lex(text),
            pos: 0,
            last_line: 1,
            calls: Vec::new(),
            global_refs: Vec::new(),
            structs: HashMap::default(),
        }
    }

    fn peek(&self) -> &Token {
        &self.toks[self.pos]
    }

    fn peek_at(&self, n: usize) -> &Token {
        &self.toks[(self.pos + n).min(self.toks.len() - 1)]
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        self.last_line = t.line;
        t
    }

    /// "expected X, found Y" at `t` (or the lexer's message, for a bad token).
    fn unexpected(&self, t: &Token, expected: &str) -> ParseError {
        match &t.tok {
            Tok::Bad(m) => error_at(t, m.clone()),
            other => error_at(t, format!("expected {expected}, found {}", describe(other))),
        }
    }

    fn is_punct(&self, c: char) -> bool {
        self.peek().tok == Tok::Punct(c)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(&self.peek().tok, Tok::Word(x) if x == w)
    }

    /// Takes `c` if it comes next; a comma before metadata (`, !dbg …`)
    /// ends the operands instead, so it is left for the instruction's end.
    fn eat_punct(&mut self, c: char) -> bool {
        let yes = self.is_punct(c) && !(c == ',' && matches!(self.peek_at(1).tok, Tok::Meta(_)));
        if yes {
            self.bump();
        }
        yes
    }

    fn eat_word(&mut self, w: &str) -> bool {
        let yes = self.is_word(w);
        if yes {
            self.bump();
        }
        yes
    }

    fn expect_punct(&mut self, c: char) -> PResult<Token> {
        if self.is_punct(c) {
            return Ok(self.bump());
        }
        Err(self.unexpected(self.peek(), &format!("'{c}'")))
    }

    fn expect_word(&mut self, w: &str) -> PResult<Token> {
        if self.is_word(w) {
            return Ok(self.bump());
        }
        Err(self.unexpected(self.peek(), &format!("'{w}'")))
    }

    /// An unsigned decimal that fits `max`.
    fn number(&mut self, what: &str, max: u64) -> PResult<u64> {
        let t = self.bump();
        let Tok::Int(s) = &t.tok else {
            return Err(self.unexpected(&t, what));
        };
        match s.parse::<u64>() {
            Ok(n) if n <= max => Ok(n),
            _ => Err(error_at(&t, format!("{what} '{s}' is out of range"))),
        }
    }

    // ------------------------------------------------------------ types

    /// A value type (not `void`).
    fn ty(&mut self) -> PResult<(Type, Token)> {
        let t = self.peek().clone();
        Ok((self.type_at_depth(false, 0)?, t))
    }

    /// A return type: a value type or `void`.
    fn ret_ty(&mut self) -> PResult<Type> {
        self.type_at_depth(true, 0)
    }

    fn type_at_depth(&mut self, void_ok: bool, depth: u32) -> PResult<Type> {
        let t = self.bump();
        match &t.tok {
            Tok::Word(w) => Ok(match w.as_str() {
                "void" if void_ok => Type::Void,
                "void" => return Err(error_at(&t, "'void' is only a return type")),
                "i1" => Type::I1,
                "i8" => Type::I8,
                "i16" => Type::I16,
                "i32" => Type::I32,
                "i64" => Type::I64,
                "half" => Type::Half,
                "float" => Type::F32,
                "double" => Type::F64,
                "ptr" => {
                    if self.eat_word("addrspace") {
                        self.expect_punct('(')?;
                        let n = self.number("an address space", u64::from(u32::MAX))?;
                        self.expect_punct(')')?;
                        Type::Ptr(n as u32)
                    } else {
                        Type::Ptr(addrspace::GENERIC)
                    }
                }
                w if w.starts_with('i') && w[1..].bytes().all(|b| b.is_ascii_digit()) => {
                    return Err(error_at(
                        &t,
                        format!("unsupported integer type '{w}' (i1, i8, i16, i32, i64)"),
                    ))
                }
                _ => return Err(self.unexpected(&t, "a type")),
            }),
            Tok::Local(name) => match self.structs.get(name) {
                Some(s) => Ok(Type::Struct(Box::new(s.clone()))),
                None => Err(error_at(&t, format!("undefined type '%{name}'"))),
            },
            Tok::Punct('{') => {
                if depth >= MAX_TYPE_DEPTH {
                    return Err(error_at(&t, "struct type nested too deeply"));
                }
                self.pos -= 1;
                let fields = self.struct_body(depth + 1)?;
                Ok(Type::Struct(Box::new(StructType { name: None, fields })))
            }
            Tok::Punct('<') => {
                if depth >= MAX_TYPE_DEPTH {
                    return Err(error_at(&t, "vector type nested too deeply"));
                }
                let n = self.number("a vector length", u64::from(u32::MAX))?;
                self.expect_word("x")?;
                let elem = self.type_at_depth(false, depth + 1)?;
                self.expect_punct('>')?;
                let v = Type::Vector(n as u32, Box::new(elem));
                if !v.vector_ok() {
                    return Err(error_at(
                        &t,
                        format!("unsupported vector type {v} (2 or 4 lanes of i8, i16, i32, i64, half, float or double; 128 bits at most)"),
                    ));
                }
                Ok(v)
            }
            Tok::Punct('[') => {
                if depth >= MAX_TYPE_DEPTH {
                    return Err(error_at(&t, "array type nested too deeply"));
                }
                let n = self.number("an array length", u64::MAX)?;
                self.expect_word("x")?;
                let elem = self.type_at_depth(false, depth + 1)?;
                self.expect_punct(']')?;
                if n.checked_mul(elem.size()).is_none() {
                    return Err(error_at(&t, "array type too large"));
                }
                Ok(Type::Array(n, Box::new(elem)))
            }
            _ => Err(self.unexpected(&t, "a type")),
        }
    }

    /// `{ T, T, … }` or `{}`: a struct's fields.
    fn struct_body(&mut self, depth: u32) -> PResult<Vec<Type>> {
        self.expect_punct('{')?;
        let mut fields = Vec::new();
        if self.eat_punct('}') {
            return Ok(fields);
        }
        loop {
            fields.push(self.type_at_depth(false, depth)?);
            if self.eat_punct('}') {
                return Ok(fields);
            }
            self.expect_punct(',')?;
        }
    }

    /// `%struct.P = type { … }`, at the top of a module or a function's text.
    fn type_definitions(&mut self) -> PResult<()> {
        while matches!(self.peek().tok, Tok::Local(_)) {
            let t = self.bump();
            let Tok::Local(name) = t.tok.clone() else {
                unreachable!("peeked a local")
            };
            self.expect_punct('=')?;
            self.expect_word("type")?;
            if self.structs.contains_key(&name) {
                return Err(error_at(&t, format!("type '%{name}' defined twice")));
            }
            let fields = self.struct_body(1)?;
            let size = fields.iter().try_fold(0u64, |n, f| {
                n.checked_next_multiple_of(f.align())?.checked_add(f.size())
            });
            if size.is_none_or(|n| n > u64::MAX / 2) {
                return Err(error_at(&t, "struct type too large"));
            }
            let s = StructType {
                name: Some(name.clone()),
                fields,
            };
            self.structs.insert(name, s);
        }
        Ok(())
    }

    // ------------------------------------------------------------ constants

    /// A constant of type `ty`: an integer, `true`/`false`, a float, `undef`,
    /// `null`, or a global's address.
    fn constant(&mut self, ty: &Type) -> PResult<Value> {
        let t = self.bump();
        let wrong = |t: &Token| {
            error_at(
                t,
                format!("{} is not a constant of type {ty}", describe(&t.tok)),
            )
        };
        match &t.tok {
            Tok::Int(s) if ty.is_int() => {
                let bits = ty.bits();
                let v: i128 = s
                    .parse()
                    .map_err(|_| error_at(&t, format!("integer constant {s} is too large")))?;
                let (lo, hi) = (-(1i128 << (bits - 1)), (1i128 << bits) - 1);
                if v < lo || v > hi {
                    return Err(error_at(
                        &t,
                        format!("integer constant {s} does not fit in {ty}"),
                    ));
                }
                Ok(fold::int_const(ty.clone(), v as i64))
            }
            Tok::Word(w) if (w == "true" || w == "false") && *ty == Type::I1 => {
                Ok(Value::bool(w == "true"))
            }
            Tok::Float(s) if ty.is_float() => {
                let v: f64 = s
                    .parse()
                    .map_err(|_| error_at(&t, format!("bad number '{s}'")))?;
                check_float(&t, ty, v.to_bits())
            }
            Tok::Hex(s) if ty.is_float() => {
                let digits = &s[2..];
                let bits = u64::from_str_radix(digits, 16)
                    .ok()
                    .filter(|_| digits.len() <= 16)
                    .ok_or_else(|| error_at(&t, format!("hex float {s} has more than 64 bits")))?;
                check_float(&t, ty, bits)
            }
            Tok::Word(w) if w == "undef" => Ok(Value::Undef(ty.clone())),
            Tok::Word(w) if w == "null" => match ty {
                Type::Ptr(space) => Ok(Value::Null(*space)),
                _ => Err(wrong(&t)),
            },
            Tok::Global(name) => {
                if name.is_empty() {
                    return Err(error_at(&t, "expected a name after '@'"));
                }
                let Type::Ptr(space) = ty else {
                    return Err(wrong(&t));
                };
                self.global_refs.push(GlobalRef {
                    name: name.clone(),
                    space: *space,
                    at: t.clone(),
                });
                Ok(Value::Global(name.clone(), *space))
            }
            Tok::Int(_) | Tok::Float(_) | Tok::Hex(_) => Err(wrong(&t)),
            Tok::Word(w) if w == "true" || w == "false" => Err(wrong(&t)),
            _ => Err(self.unexpected(&t, &format!("a value of type {ty}"))),
        }
    }

    // ------------------------------------------------------------ globals

    /// `@name = [external] addrspace(N) global TYPE [INIT], align A`
    fn global(&mut self) -> PResult<Global> {
        let t = self.bump();
        let name = match &t.tok {
            Tok::Global(n) if !n.is_empty() => n.clone(),
            _ => return Err(error_at(&t, "expected a name after '@'")),
        };
        self.expect_punct('=')?;
        let external = self.eat_word("external");
        let space = if self.eat_word("addrspace") {
            self.expect_punct('(')?;
            let n = self.number("an address space", u64::from(u32::MAX))?;
            self.expect_punct(')')?;
            n as u32
        } else {
            addrspace::GENERIC
        };
        self.expect_word("global")?;
        let (ty, _) = self.ty()?;
        // An external global has no initializer; it is printed as none.
        let init = if external || self.eat_word("undef") {
            Init::Undef
        } else if self.eat_word("zeroinitializer") {
            Init::Zero
        } else if matches!(ty, Type::Array(..)) {
            self.expect_punct('[')?;
            let mut vals = Vec::new();
            if !self.eat_punct(']') {
                loop {
                    let (ety, _) = self.ty()?;
                    vals.push(self.constant(&ety)?);
                    if self.eat_punct(']') {
                        break;
                    }
                    self.expect_punct(',')?;
                }
            }
            Init::Values(vals)
        } else {
            Init::Values(vec![self.constant(&ty)?])
        };
        let align = self.align(ty.align())?;
        Ok(Global {
            name,
            ty,
            space,
            align,
            init,
            external,
        })
    }

    /// ` syncscope("block")` if present, else the system scope (LLVM's default).
    fn sync_scope(&mut self) -> PResult<SyncScope> {
        if !self.eat_word("syncscope") {
            return Ok(SyncScope::System);
        }
        self.expect_punct('(')?;
        let t = self.bump();
        let scope = match &t.tok {
            Tok::Str(s) => SyncScope::ALL.iter().find(|x| x.name() == s).copied(),
            _ => return Err(self.unexpected(&t, "a scope name (\"block\", \"device\")")),
        };
        let Some(scope) = scope else {
            return Err(error_at(
                &t,
                format!("unknown sync scope {}", describe(&t.tok)),
            ));
        };
        self.expect_punct(')')?;
        Ok(scope)
    }

    /// `, align N` if present (a power of two), else `default`.
    fn align(&mut self, default: u64) -> PResult<u64> {
        if !(self.is_punct(',') && matches!(&self.peek_at(1).tok, Tok::Word(w) if w == "align")) {
            return Ok(default);
        }
        self.bump();
        self.bump();
        let t = self.peek().clone();
        let n = self.number("an alignment", 1 << 32)?;
        if !n.is_power_of_two() {
            return Err(error_at(&t, format!("alignment {n} is not a power of two")));
        }
        Ok(n)
    }

    // ------------------------------------------------------------ functions

    /// `define|declare [weak_odr] [ptx_kernel] RET @name(PARAMS) [ATTRS] [{ BODY }]`.
    /// Returns the function and whether its parameters were unnamed (only a
    /// `declare` in a module, `unnamed_ok`, may leave them so).
    fn function(&mut self, unnamed_ok: bool) -> PResult<(Function, bool)> {
        let (f, unnamed, define) = self.signature(unnamed_ok)?;
        if !define {
            return Ok((f, unnamed));
        }
        let open = self.expect_punct('{')?;
        self.body(f, &open).map(|f| (f, false))
    }

    /// A `define` or `declare` line up to its body: the function (with no
    /// blocks), whether its parameters are unnamed, whether it is a `define`.
    fn signature(&mut self, unnamed_ok: bool) -> PResult<(Function, bool, bool)> {
        let kw = self.bump();
        let define = kw.tok == Tok::Word("define".into());
        let weak = self.eat_word("weak_odr");
        let kernel = self.eat_word("ptx_kernel");
        let ret = self.ret_ty()?;
        let nt = self.bump();
        let name = match &nt.tok {
            Tok::Global(n) if !n.is_empty() => n.clone(),
            _ => return Err(self.unexpected(&nt, "a function name ('@name')")),
        };
        self.expect_punct('(')?;
        let mut params: Vec<Param> = Vec::new();
        let mut unnamed: Option<bool> = None;
        if !self.eat_punct(')') {
            loop {
                let (ty, ty_at) = self.ty()?;
                let (mut noalias, mut readonly) = (false, false);
                let (mut byval, mut sret) = (None, None);
                loop {
                    if self.eat_word("noalias") {
                        noalias = true;
                    } else if self.eat_word("readonly") {
                        readonly = true;
                    } else if let Some(is_sret) = if self.eat_word("byval") {
                        Some(false)
                    } else if self.eat_word("sret") {
                        Some(true)
                    } else {
                        None
                    } {
                        // `byval([12 x i8]) align 4`: a struct passed by value;
                        // `sret(…)`: where a struct result goes.
                        self.expect_punct('(')?;
                        let (bty, _) = self.ty()?;
                        self.expect_punct(')')?;
                        self.expect_word("align")?;
                        let at = self.peek().clone();
                        let align = self.number("an alignment", 1 << 32)?;
                        if !align.is_power_of_two() {
                            return Err(error_at(
                                &at,
                                format!("alignment {align} is not a power of two"),
                            ));
                        }
                        let what = if is_sret { "sret" } else { "byval" };
                        if ty != Type::Ptr(addrspace::GENERIC) {
                            return Err(error_at(
                                &ty_at,
                                format!("{what} needs a 'ptr' parameter"),
                            ));
                        }
                        let b = Some(ByVal { ty: bty, align });
                        if is_sret {
                            sret = b;
                        } else {
                            byval = b;
                        }
                    } else {
                        break;
                    }
                }
                let pt = self.peek().clone();
                let pname = match &pt.tok {
                    Tok::Local(n) => {
                        self.bump();
                        Some(n.clone())
                    }
                    _ if define || !unnamed_ok => {
                        return Err(self.unexpected(&pt, "a parameter name ('%name')"))
                    }
                    _ => None,
                };
                if unnamed.is_some_and(|u| u != pname.is_none()) {
                    return Err(error_at(&pt, "parameters must be all named or all unnamed"));
                }
                unnamed = Some(pname.is_none());
                let pname = pname.unwrap_or_default();
                if !pname.is_empty() && params.iter().any(|p| p.name == pname) {
                    return Err(error_at(&pt, format!("redefinition of '%{pname}'")));
                }
                params.push(Param {
                    name: pname,
                    ty,
                    noalias,
                    readonly,
                    byval,
                    sret,
                });
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        let mut f = Function::new(name, ret, params);
        f.attrs.kernel = kernel;
        f.attrs.weak = weak;
        loop {
            if self.eat_word("noinline") {
                f.attrs.noinline = true;
            } else if self.eat_word("alwaysinline") {
                f.attrs.alwaysinline = true;
            } else if let Tok::Str(key) = &self.peek().tok {
                // `"nvvm.maxntid"="128"`: launch bounds.
                let (key, kt) = (key.clone(), self.bump());
                let slot = match key.as_str() {
                    "nvvm.maxntid" => &mut f.attrs.maxntid,
                    "nvvm.minctasm" => &mut f.attrs.minctasm,
                    "nvvm.maxclusterrank" => &mut f.attrs.maxclusterrank,
                    _ => {
                        return Err(error_at(
                            &kt,
                            format!("unknown function attribute \"{key}\""),
                        ))
                    }
                };
                self.expect_punct('=')?;
                let vt = self.bump();
                let value = match &vt.tok {
                    Tok::Str(v) => v.parse::<u32>().ok(),
                    _ => return Err(self.unexpected(&vt, "a quoted number")),
                };
                let Some(value) = value else {
                    return Err(error_at(
                        &vt,
                        format!("\"{key}\" needs a number, found {}", describe(&vt.tok)),
                    ));
                };
                *slot = Some(value);
            } else {
                break;
            }
        }
        Ok((f, unnamed.unwrap_or(true), define))
    }

    fn body(&mut self, f: Function, open: &Token) -> PResult<Function> {
        let mut st = FnState {
            values: f
                .params
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.name.is_empty())
                .map(|(i, p)| (p.name.clone(), (Value::Arg(i as u32), p.ty.clone())))
                .collect(),
            f,
            blocks: HashMap::default(),
            order: Vec::new(),
            forward: Vec::new(),
            cur: None,
        };
        loop {
            let t = self.peek().clone();
            match &t.tok {
                Tok::Punct('}') => {
                    self.bump();
                    break;
                }
                Tok::Eof => {
                    return Err(error_at(
                        &t,
                        format!(
                            "expected '}}' to close @{} (opened at line {})",
                            st.f.name, open.line
                        ),
                    ))
                }
                Tok::Word(w) if w == "define" || w == "declare" => {
                    return Err(error_at(
                        &t,
                        format!("expected '}}' to close @{} before '{w}'", st.f.name),
                    ))
                }
                Tok::Word(w) if self.peek_at(1).tok == Tok::Punct(':') => {
                    let w = w.clone();
                    self.bump();
                    self.bump();
                    self.label(&mut st, &w, &t)?;
                }
                _ => self.inst(&mut st)?,
            }
        }
        if st.order.is_empty() {
            return Err(error_at(
                open,
                format!("@{} has a body with no blocks", st.f.name),
            ));
        }
        finish_function(st)
    }

    fn label(&mut self, st: &mut FnState, name: &str, t: &Token) -> PResult<()> {
        if st.values.contains_key(name) {
            return Err(error_at(
                t,
                format!("'{name}' is already the name of a value"),
            ));
        }
        let id = match st.blocks.get_mut(name) {
            Some(b) if b.defined => {
                return Err(error_at(t, format!("redefinition of block '%{name}'")))
            }
            Some(b) => {
                b.defined = true;
                b.id
            }
            None => {
                let id = st.f.add_block(name);
                st.blocks.insert(
                    name.to_string(),
                    BlockInfo {
                        id,
                        defined: true,
                        first_use: t.clone(),
                    },
                );
                id
            }
        };
        st.order.push(id);
        st.cur = Some(id);
        Ok(())
    }

    /// `%name` naming a block, defined or not yet.
    fn block_ref(&mut self, st: &mut FnState) -> PResult<BlockId> {
        let t = self.bump();
        let name = match &t.tok {
            Tok::Local(n) if !n.is_empty() => n.clone(),
            _ => return Err(self.unexpected(&t, "a block ('%label')")),
        };
        if let Some(b) = st.blocks.get(&name) {
            return Ok(b.id);
        }
        if st.values.contains_key(&name) {
            return Err(error_at(&t, format!("'%{name}' is a value, not a block")));
        }
        let id = st.f.add_block(&name);
        st.blocks.insert(
            name,
            BlockInfo {
                id,
                defined: false,
                first_use: t,
            },
        );
        Ok(id)
    }

    /// An operand of type `ty`: a value's name or a constant.
    fn value(&mut self, st: &mut FnState, ty: &Type) -> PResult<Value> {
        let t = self.peek().clone();
        let Tok::Local(name) = &t.tok else {
            return self.constant(ty);
        };
        self.bump();
        if name.is_empty() {
            return Err(error_at(&t, "expected a name after '%'"));
        }
        match st.values.get(name) {
            Some((v, vty)) if vty == ty => Ok(v.clone()),
            Some((_, vty)) => Err(error_at(
                &t,
                format!("'%{name}' has type {vty}, expected {ty}"),
            )),
            None => {
                st.forward.push(ForwardRef {
                    name: name.clone(),
                    ty: ty.clone(),
                    at: t.clone(),
                });
                Ok(Value::Inst(InstId(FORWARD + st.forward.len() as u32 - 1)))
            }
        }
    }

    /// `TYPE value`; returns the type, the value and the type's token.
    fn typed(&mut self, st: &mut FnState) -> PResult<(Type, Value, Token)> {
        let (ty, t) = self.ty()?;
        let v = self.value(st, &ty)?;
        Ok((ty, v, t))
    }

    /// `TYPE value` where the type must be a pointer.
    fn pointer(&mut self, st: &mut FnState, what: &str) -> PResult<Value> {
        let (ty, t) = self.ty()?;
        if !ty.is_ptr() {
            return Err(error_at(&t, format!("{what} needs a pointer, found {ty}")));
        }
        self.value(st, &ty)
    }

    /// One instruction line: `[%name =] opcode operands [, !hint]`.
    fn inst(&mut self, st: &mut FnState) -> PResult<()> {
        let start = self.peek().clone();
        let name = match &start.tok {
            Tok::Local(n) => {
                if self.peek_at(1).tok != Tok::Punct('=') {
                    let next = self.peek_at(1).clone();
                    return Err(self.unexpected(&next, &format!("'=' after '%{n}'")));
                }
                if n.is_empty() {
                    return Err(error_at(&start, "expected a name after '%'"));
                }
                self.bump();
                self.bump();
                Some(n.clone())
            }
            _ => None,
        };
        let Some(cur) = st.cur else {
            return Err(error_at(
                &start,
                "expected a block label (like 'entry:') before the first instruction",
            ));
        };
        let op = self.bump();
        let Tok::Word(opcode) = &op.tok else {
            return Err(self.unexpected(&op, "an instruction"));
        };
        let (ty, kind) = self.inst_body(st, opcode, &op)?;
        let mut hint = None;
        let mut loc = None;
        while self.is_punct(',') && matches!(self.peek_at(1).tok, Tok::Meta(_)) {
            self.bump();
            let m = self.bump();
            if m.tok == Tok::Meta("dbg".into()) {
                if loc.is_some() {
                    return Err(error_at(&m, "a second !dbg location"));
                }
                loc = Some(self.location()?);
                continue;
            }
            if !kind.is_terminator() {
                return Err(error_at(&m, "a loop hint must follow a block's terminator"));
            }
            if hint.is_some() {
                return Err(error_at(&m, "a second loop hint"));
            }
            hint = Some(match &m.tok {
                Tok::Meta(h) if h == "llvm.loop.unroll.full" => 0,
                Tok::Meta(h) if h == "llvm.loop.unroll.count" => {
                    let t = self.peek().clone();
                    let n = self.number("an unroll count", u64::from(u32::MAX))?;
                    if n == 0 {
                        return Err(error_at(&t, "unroll count must be at least 1"));
                    }
                    n as u32
                }
                _ => {
                    return Err(error_at(
                        &m,
                        format!(
                        "unknown metadata {} (!dbg, !llvm.loop.unroll.full, !llvm.loop.unroll.count N)",
                        describe(&m.tok)
                    ),
                    ))
                }
            });
        }
        let next = self.peek().clone();
        if next.tok != Tok::Eof && next.line == self.last_line {
            return Err(self.unexpected(&next, "the end of the line"));
        }
        match (&name, ty == Type::Void) {
            (Some(n), true) => {
                return Err(error_at(
                    &start,
                    format!("'{opcode}' produces no value to name '%{n}'"),
                ))
            }
            (None, false) => {
                return Err(error_at(
                    &op,
                    format!("the result of '{opcode}' needs a name ('%name = {opcode} ...')"),
                ))
            }
            _ => {}
        }
        if let Some(n) = &name {
            if st.values.contains_key(n) {
                return Err(error_at(&start, format!("redefinition of '%{n}'")));
            }
            if st.blocks.contains_key(n) {
                return Err(error_at(
                    &start,
                    format!("'%{n}' is already the name of a block"),
                ));
            }
        }
        let direct_call = matches!(kind, InstKind::Call { .. });
        let id =
            st.f.create_inst(name.as_deref().unwrap_or(""), ty.clone(), kind, loc);
        if direct_call {
            if let Some(c) = self.calls.last_mut() {
                c.site = Some((st.f.name.clone(), id));
            }
        }
        if let Some(n) = name {
            st.values.insert(n, (Value::Inst(id), ty));
        }
        st.f.block_mut(cur).insts.push(id);
        if let Some(unroll) = hint {
            st.f.loop_hints.push(LoopHint { latch: cur, unroll });
        }
        Ok(())
    }

    /// After `!dbg`: `!DILocation(line: L, column: C)` (the column may be left out).
    fn location(&mut self) -> PResult<DebugLoc> {
        let t = self.bump();
        if t.tok != Tok::Meta("DILocation".into()) {
            return Err(self.unexpected(&t, "'!DILocation' after '!dbg'"));
        }
        self.expect_punct('(')?;
        self.expect_word("line")?;
        self.expect_punct(':')?;
        let line = self.number("a line number", u64::from(u32::MAX))? as u32;
        let mut column = 0;
        if self.is_punct(',') {
            self.bump();
            self.expect_word("column")?;
            self.expect_punct(':')?;
            column = self.number("a column number", u64::from(u32::MAX))? as u32;
        }
        self.expect_punct(')')?;
        Ok(DebugLoc { line, column })
    }

    /// The operands of `opcode`; returns the result type and the instruction.
    fn inst_body(
        &mut self,
        st: &mut FnState,
        opcode: &str,
        op: &Token,
    ) -> PResult<(Type, InstKind)> {
        if let Some(&op) = BinOp::ALL.iter().find(|b| b.name() == opcode) {
            return self.binary(st, op);
        }
        if let Some(&op) = CastOp::ALL.iter().find(|c| c.name() == opcode) {
            let (from, val, ft) = self.typed(st)?;
            self.expect_word("to")?;
            let (to, tt) = self.ty()?;
            check_cast(op, &from, &to, &ft, &tt)?;
            return Ok((to, InstKind::Cast { op, val }));
        }
        Ok(match opcode {
            "alloca" => {
                let (ty, _) = self.ty()?;
                let align = self.align(ty.align())?;
                (
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Alloca { ty, align },
                )
            }
            "load" => {
                let volatile = self.eat_word("volatile");
                let (ty, _) = self.ty()?;
                self.expect_punct(',')?;
                let ptr = self.pointer(st, "load")?;
                let align = self.align(ty.align())?;
                (
                    ty,
                    InstKind::Load {
                        ptr,
                        align,
                        volatile,
                    },
                )
            }
            "store" => {
                let volatile = self.eat_word("volatile");
                let (vty, val, _) = self.typed(st)?;
                self.expect_punct(',')?;
                let ptr = self.pointer(st, "store")?;
                let align = self.align(vty.align())?;
                (
                    Type::Void,
                    InstKind::Store {
                        val,
                        ptr,
                        align,
                        volatile,
                    },
                )
            }
            "getelementptr" => {
                self.expect_word("inbounds")?;
                let (elem_ty, _) = self.ty()?;
                self.expect_punct(',')?;
                let (bty, base, bt) = self.typed(st)?;
                if !bty.is_ptr() {
                    return Err(error_at(
                        &bt,
                        format!("getelementptr needs a pointer base, found {bty}"),
                    ));
                }
                let mut indices = Vec::new();
                while self.eat_punct(',') {
                    let (ity, i, it) = self.typed(st)?;
                    if !ity.is_int() {
                        return Err(error_at(
                            &it,
                            format!("getelementptr indices must be integers, found {ity}"),
                        ));
                    }
                    indices.push(i);
                }
                (
                    bty,
                    InstKind::Gep {
                        elem_ty,
                        base,
                        indices,
                    },
                )
            }
            "fneg" => {
                let (ty, v, t) = self.typed(st)?;
                if !ty.is_float() {
                    return Err(error_at(
                        &t,
                        format!("'fneg' needs a float type, found {ty}"),
                    ));
                }
                (ty, InstKind::FNeg(v))
            }
            "icmp" | "fcmp" => {
                let pt = self.bump();
                let pname = match &pt.tok {
                    Tok::Word(w) => w.as_str(),
                    _ => return Err(self.unexpected(&pt, &format!("an {opcode} predicate"))),
                };
                let pred = if opcode == "icmp" {
                    ICmp::ALL
                        .iter()
                        .find(|p| p.name() == pname)
                        .map(|p| Pred::I(*p))
                } else {
                    FCmp::ALL
                        .iter()
                        .find(|p| p.name() == pname)
                        .map(|p| Pred::F(*p))
                };
                let Some(pred) = pred else {
                    return Err(error_at(
                        &pt,
                        format!("unknown {opcode} predicate '{pname}'"),
                    ));
                };
                let (ty, lhs, t) = self.typed(st)?;
                let (ok, kind) = match pred {
                    Pred::I(_) => (ty.is_int() || ty.is_ptr(), "integers or pointers"),
                    Pred::F(_) => (ty.is_float(), "floats"),
                };
                if !ok {
                    return Err(error_at(
                        &t,
                        format!("'{opcode}' compares {kind}, found {ty}"),
                    ));
                }
                self.expect_punct(',')?;
                let rhs = self.value(st, &ty)?;
                let kind = match pred {
                    Pred::I(pred) => InstKind::ICmp { pred, lhs, rhs },
                    Pred::F(pred) => InstKind::FCmp { pred, lhs, rhs },
                };
                (Type::I1, kind)
            }
            "select" => {
                let (cty, cond, ct) = self.typed(st)?;
                if cty != Type::I1 {
                    return Err(error_at(
                        &ct,
                        format!("select's condition must be i1, found {cty}"),
                    ));
                }
                self.expect_punct(',')?;
                let (ty, t, _) = self.typed(st)?;
                self.expect_punct(',')?;
                let (fty, f, ft) = self.typed(st)?;
                if fty != ty {
                    return Err(error_at(
                        &ft,
                        format!("select's operands must have one type: {ty} and {fty}"),
                    ));
                }
                (ty, InstKind::Select { cond, t, f })
            }
            "call" => {
                let ret = self.ret_ty()?;
                // `call float %fp(…)`: through a function's address.
                let indirect = if matches!(self.peek().tok, Tok::Local(_)) {
                    Some(self.value(st, &Type::Ptr(0))?)
                } else {
                    None
                };
                let ct = self.bump();
                let callee = match &ct.tok {
                    _ if indirect.is_some() => String::new(),
                    Tok::Global(n) if !n.is_empty() => n.clone(),
                    _ => return Err(self.unexpected(&ct, "a function name ('@name')")),
                };
                if indirect.is_none() {
                    self.expect_punct('(')?;
                } else if ct.tok != Tok::Punct('(') {
                    return Err(self.unexpected(&ct, "'('"));
                }
                let (mut args, mut tys) = (Vec::new(), Vec::new());
                if !self.eat_punct(')') {
                    loop {
                        let (ty, v, _) = self.typed(st)?;
                        args.push(v);
                        tys.push(ty);
                        if self.eat_punct(')') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                if let Some(callee) = indirect {
                    return Ok((ret, InstKind::CallIndirect { callee, args }));
                }
                self.calls.push(CallSite {
                    callee: callee.clone(),
                    ret: ret.clone(),
                    args: tys,
                    at: ct,
                    site: None,
                });
                (ret, InstKind::Call { callee, args })
            }
            "extractelement" => {
                let (vty, vec, vt) = self.typed(st)?;
                let Some((_, elem)) = vty.as_vector() else {
                    return Err(error_at(
                        &vt,
                        format!("extractelement needs a vector, found {vty}"),
                    ));
                };
                let elem = elem.clone();
                self.expect_punct(',')?;
                let idx = self.lane_index(st)?;
                (elem, InstKind::ExtractElement { vec, idx })
            }
            "insertelement" => {
                let (vty, vec, vt) = self.typed(st)?;
                let Some((_, elem)) = vty.as_vector() else {
                    return Err(error_at(
                        &vt,
                        format!("insertelement needs a vector, found {vty}"),
                    ));
                };
                let elem = elem.clone();
                self.expect_punct(',')?;
                let (ety, elt, et) = self.typed(st)?;
                if ety != elem {
                    return Err(error_at(
                        &et,
                        format!("insertelement into {vty} needs a {elem} element, found {ety}"),
                    ));
                }
                self.expect_punct(',')?;
                let idx = self.lane_index(st)?;
                (vty, InstKind::InsertElement { vec, elt, idx })
            }
            "phi" => {
                let (ty, _) = self.ty()?;
                let mut incoming = Vec::new();
                // A phi with no entries (in a block without predecessors) prints as `phi T`.
                if self.is_punct('[') {
                    loop {
                        self.expect_punct('[')?;
                        let v = self.value(st, &ty)?;
                        self.expect_punct(',')?;
                        let b = self.block_ref(st)?;
                        self.expect_punct(']')?;
                        incoming.push((v, b));
                        if !(self.is_punct(',') && self.peek_at(1).tok == Tok::Punct('[')) {
                            break;
                        }
                        self.bump();
                    }
                }
                (ty, InstKind::Phi { incoming })
            }
            "atomicrmw" => {
                let at = self.peek().clone();
                let op = match &at.tok {
                    Tok::Word(w) => AtomicOp::ALL.iter().find(|o| o.name() == w).copied(),
                    _ => None,
                };
                let Some(op) = op else {
                    return Err(match &at.tok {
                        Tok::Word(w) => error_at(&at, format!("unknown atomicrmw operation '{w}'")),
                        _ => self.unexpected(&at, "an atomicrmw operation"),
                    });
                };
                self.bump();
                let ptr = self.pointer(st, "atomicrmw")?;
                self.expect_punct(',')?;
                let (ty, val, t) = self.typed(st)?;
                let ok = match op {
                    AtomicOp::FAdd => ty.is_float(),
                    AtomicOp::Xchg => ty.is_int() || ty.is_float(),
                    _ => ty.is_int(),
                };
                if !ok {
                    return Err(error_at(
                        &t,
                        format!("'atomicrmw {}' on the wrong kind of type: {ty}", op.name()),
                    ));
                }
                let scope = self.sync_scope()?;
                self.expect_word("monotonic")?;
                (
                    ty,
                    InstKind::AtomicRmw {
                        op,
                        ptr,
                        val,
                        scope,
                    },
                )
            }
            "cmpxchg" => {
                let ptr = self.pointer(st, "cmpxchg")?;
                self.expect_punct(',')?;
                let (ty, cmp, t) = self.typed(st)?;
                if !ty.is_int() {
                    return Err(error_at(
                        &t,
                        format!("cmpxchg compares integers, found {ty}"),
                    ));
                }
                self.expect_punct(',')?;
                let (nty, new, nt) = self.typed(st)?;
                if nty != ty {
                    return Err(error_at(
                        &nt,
                        format!(
                            "cmpxchg's new value must have the compared type {ty}, found {nty}"
                        ),
                    ));
                }
                let scope = self.sync_scope()?;
                self.expect_word("monotonic")?;
                (
                    ty,
                    InstKind::CmpXchg {
                        ptr,
                        cmp,
                        new,
                        scope,
                    },
                )
            }
            "fence" => {
                let scope = self.sync_scope()?;
                self.expect_word("seq_cst")?;
                (Type::Void, InstKind::Fence { scope })
            }
            "br" => {
                if self.eat_word("label") {
                    let dest = self.block_ref(st)?;
                    (Type::Void, InstKind::Br { dest })
                } else {
                    let (cty, cond, ct) = self.typed(st)?;
                    if cty != Type::I1 {
                        return Err(error_at(
                            &ct,
                            format!("a branch condition must be i1, found {cty}"),
                        ));
                    }
                    self.expect_punct(',')?;
                    self.expect_word("label")?;
                    let t = self.block_ref(st)?;
                    self.expect_punct(',')?;
                    self.expect_word("label")?;
                    let f = self.block_ref(st)?;
                    (Type::Void, InstKind::CondBr { cond, t, f })
                }
            }
            "switch" => {
                let (ty, val, t) = self.typed(st)?;
                if !ty.is_int() {
                    return Err(error_at(
                        &t,
                        format!("a switch value must be an integer, found {ty}"),
                    ));
                }
                self.expect_punct(',')?;
                self.expect_word("label")?;
                let default = self.block_ref(st)?;
                self.expect_punct('[')?;
                let mut cases: Vec<(i64, BlockId)> = Vec::new();
                while !self.eat_punct(']') {
                    let (cty, ct) = self.ty()?;
                    if cty != ty {
                        return Err(error_at(
                            &ct,
                            format!("a case value must have the switch's type {ty}, found {cty}"),
                        ));
                    }
                    let vt = self.peek().clone();
                    let Value::Int(_, c) = self.constant(&ty)? else {
                        return Err(error_at(&vt, "a case value must be an integer constant"));
                    };
                    if cases.iter().any(|(x, _)| *x == c) {
                        return Err(error_at(&vt, format!("duplicate case value {c}")));
                    }
                    self.expect_punct(',')?;
                    self.expect_word("label")?;
                    cases.push((c, self.block_ref(st)?));
                }
                (
                    Type::Void,
                    InstKind::Switch {
                        val,
                        default,
                        cases,
                    },
                )
            }
            "ret" => {
                let t = self.peek().clone();
                let (ty, val) = if self.eat_word("void") {
                    (Type::Void, None)
                } else {
                    let (ty, v, _) = self.typed(st)?;
                    (ty, Some(v))
                };
                if ty != st.f.ret {
                    return Err(error_at(
                        &t,
                        format!("returns {ty} from a function returning {}", st.f.ret),
                    ));
                }
                (Type::Void, InstKind::Ret { val })
            }
            "unreachable" => (Type::Void, InstKind::Unreachable),
            _ => return Err(error_at(op, format!("unknown instruction '{opcode}'"))),
        })
    }

    /// A lane number: `i32 K` (any integer type, as LLVM allows).
    fn lane_index(&mut self, st: &mut FnState) -> PResult<Value> {
        let (ity, idx, it) = self.typed(st)?;
        if !ity.is_int() || ity == Type::I1 {
            return Err(error_at(
                &it,
                format!("a lane index must be an integer, found {ity}"),
            ));
        }
        Ok(idx)
    }

    /// `OP [flags] TYPE a, b`
    fn binary(&mut self, st: &mut FnState, op: BinOp) -> PResult<(Type, InstKind)> {
        let mut flags = Flags::default();
        loop {
            let flag = match &self.peek().tok {
                Tok::Word(w) if w == "nuw" => &mut flags.nuw,
                Tok::Word(w) if w == "nsw" => &mut flags.nsw,
                Tok::Word(w) if w == "exact" => &mut flags.exact,
                Tok::Word(w) if w == "contract" => &mut flags.contract,
                _ => break,
            };
            *flag = true;
            self.bump();
        }
        let (ty, lhs, t) = self.typed(st)?;
        let ok = if op.is_float() {
            ty.is_float()
        } else {
            ty.is_int()
        };
        if !ok {
            let kind = if op.is_float() {
                "a float"
            } else {
                "an integer"
            };
            return Err(error_at(
                &t,
                format!("'{}' needs {kind} type, found {ty}", op.name()),
            ));
        }
        self.expect_punct(',')?;
        let rhs = self.value(st, &ty)?;
        Ok((
            ty,
            InstKind::Bin {
                op,
                lhs,
                rhs,
                flags,
            },
        ))
    }

    // ------------------------------------------------------------ module

    fn finish_module(&self, items: Vec<Item>, globals: Vec<(Global, Token)>) -> PResult<Module> {
        // `print_module` ends with declarations of the callees the module does
        // not define, one line each, after a blank line. A `declare` with no
        // parameters could be either that or a function of the module; it is a
        // callee's signature when it is in that trailing run of lines and the
        // run has others or the function is called.
        let mut run_start = items.len();
        while run_start > 0 {
            let it = &items[run_start - 1];
            let is_decl = matches!(&it.decl, Some((f, _, _)) if f.is_declaration());
            let adjacent = items
                .get(run_start)
                .is_none_or(|next| next.start == it.end + 1);
            if !is_decl || !adjacent {
                break;
            }
            run_start -= 1;
        }
        let run_len = items.len() - run_start;
        let called = |name: &str| self.calls.iter().any(|c| c.callee == name);

        let mut m = Module::default();
        let mut sigs: HashMap<String, (Type, Vec<Type>)> = HashMap::default();
        let mut taken: HashSet<String> = HashSet::default();
        for (g, t) in globals {
            if !taken.insert(g.name.clone()) {
                return Err(error_at(&t, format!("redefinition of '@{}'", g.name)));
            }
            m.globals.push(g);
        }
        for (n, item) in items.into_iter().enumerate() {
            let Some((f, unnamed, kw)) = item.decl else {
                continue;
            };
            if !taken.insert(f.name.clone()) {
                return Err(error_at(&kw, format!("redefinition of '@{}'", f.name)));
            }
            sigs.insert(
                f.name.clone(),
                (
                    f.ret.clone(),
                    f.params.iter().map(|p| p.ty.clone()).collect(),
                ),
            );
            let signature_only = f.is_declaration()
                && unnamed
                && (!f.params.is_empty() || (n >= run_start && (run_len > 1 || called(&f.name))));
            if !signature_only {
                m.functions.push(f);
            }
        }
        for c in &self.calls {
            let Some((ret, params)) = sigs.get(&c.callee) else {
                return Err(error_at(
                    &c.at,
                    format!("call to undeclared function '@{}'", c.callee),
                ));
            };
            // A call of a module's function with another signature is a call
            // through its address (what instcombine leaves of a call through a
            // pointer of another type): printed alike, read back alike.
            let caller = c.site.as_ref().and_then(|(fname, id)| {
                let k = m.functions.iter().position(|g| g.name == *fname)?;
                Some((k, *id))
            });
            let defined = m.functions.iter().any(|g| g.name == c.callee);
            if let (Some((k, id)), true) = (caller, defined) {
                if *ret != c.ret || *params != c.args {
                    let g = &mut m.functions[k];
                    if let InstKind::Call { args, .. } = &g.inst(id).kind {
                        let args = args.clone();
                        g.inst_mut(id).kind = InstKind::CallIndirect {
                            callee: Value::Global(c.callee.clone(), 0),
                            args,
                        };
                    }
                    continue;
                }
            }
            if *ret != c.ret || *params != c.args {
                let ps: Vec<String> = params.iter().map(|t| t.to_string()).collect();
                return Err(error_at(
                    &c.at,
                    format!(
                        "call does not match the signature of '@{}': {ret} ({})",
                        c.callee,
                        ps.join(", ")
                    ),
                ));
            }
        }
        for r in &self.global_refs {
            match m.globals.iter().find(|g| g.name == r.name) {
                Some(g) if g.space == r.space => {}
                Some(g) => {
                    return Err(error_at(
                        &r.at,
                        format!(
                            "'@{}' is in addrspace({}); its address is a {}, not a {}",
                            r.name,
                            g.space,
                            Type::Ptr(g.space),
                            Type::Ptr(r.space)
                        ),
                    ))
                }
                // A function's address: a generic pointer.
                None if sigs.contains_key(&r.name) && r.space == 0 => {}
                None if sigs.contains_key(&r.name) => {
                    return Err(error_at(
                        &r.at,
                        format!(
                            "'@{}' is a function; its address is a ptr, not a {}",
                            r.name,
                            Type::Ptr(r.space)
                        ),
                    ))
                }
                None => {
                    return Err(error_at(
                        &r.at,
                        format!("use of undefined global '@{}'", r.name),
                    ))
                }
            }
        }
        Ok(m)
    }
}

/// A float constant's bits, checked to be exact in `ty` (floats are held as
/// the bits of an f64 for every float type).
fn check_float(t: &Token, ty: &Type, bits: u64) -> PResult<Value> {
    let v = f64::from_bits(bits);
    let exact = match ty {
        Type::F32 => v.is_nan() || f64::from(v as f32) == v,
        Type::Half => fits_half(v),
        _ => true,
    };
    if !exact {
        let text = match &t.tok {
            Tok::Float(s) | Tok::Hex(s) => s.clone(),
            _ => print::float_literal(bits),
        };
        return Err(error_at(
            t,
            format!("{text} is not exactly representable as {ty}"),
        ));
    }
    Ok(Value::Float(ty.clone(), bits))
}

/// Whether an f64 is a half-precision value (11 significant bits, exponent -14…15).
fn fits_half(v: f64) -> bool {
    if v == 0.0 || !v.is_finite() {
        return true;
    }
    let a = v.abs();
    if a > 65504.0 || a < 2f64.powi(-24) {
        return false;
    }
    let exp = ((a.to_bits() >> 52) as i32 - 1023).max(-14);
    (a / 2f64.powi(exp - 10)).fract() == 0.0
}

/// The kinds of type a cast goes between.
fn check_cast(op: CastOp, from: &Type, to: &Type, ft: &Token, tt: &Token) -> PResult<()> {
    let int = |t: &Type| t.is_int();
    let float = |t: &Type| t.is_float();
    let ptr = |t: &Type| t.is_ptr();
    let scalar = |t: &Type| t.is_int() || t.is_float() || t.is_ptr();
    type Kind = fn(&Type) -> bool;
    let (src, dst, src_kind, dst_kind): (Kind, Kind, &str, &str) = match op {
        CastOp::Trunc | CastOp::ZExt | CastOp::SExt => (int, int, "an integer", "an integer"),
        CastOp::FPTrunc | CastOp::FPExt => (float, float, "a float", "a float"),
        CastOp::FPToUI | CastOp::FPToSI => (float, int, "a float", "an integer"),
        CastOp::UIToFP | CastOp::SIToFP => (int, float, "an integer", "a float"),
        CastOp::PtrToInt => (ptr, int, "a pointer", "an integer"),
        CastOp::IntToPtr => (int, ptr, "an integer", "a pointer"),
        CastOp::BitCast => (scalar, scalar, "a scalar", "a scalar"),
        CastOp::AddrSpaceCast => (ptr, ptr, "a pointer", "a pointer"),
    };
    if !src(from) {
        return Err(error_at(
            ft,
            format!("'{}' casts from {src_kind}, found {from}", op.name()),
        ));
    }
    if !dst(to) {
        return Err(error_at(
            tt,
            format!("'{}' casts to {dst_kind}, found {to}", op.name()),
        ));
    }
    Ok(())
}

/// Resolves forward references, checks every block named was defined, and
/// sets the layout to the order of the labels.
fn finish_function(mut st: FnState) -> PResult<Function> {
    let mut first_error: Option<ParseError> = None;
    let mut keep = |e: ParseError| {
        if first_error
            .as_ref()
            .is_none_or(|f| (e.line, e.column) < (f.line, f.column))
        {
            first_error = Some(e);
        }
    };
    for b in st.blocks.iter().filter(|(_, b)| !b.defined) {
        keep(error_at(
            &b.1.first_use,
            format!("use of undefined block '%{}'", b.0),
        ));
    }
    let mut resolved = Vec::with_capacity(st.forward.len());
    for r in &st.forward {
        match st.values.get(&r.name) {
            Some((v, ty)) if *ty == r.ty => resolved.push(v.clone()),
            Some((_, ty)) => keep(error_at(
                &r.at,
                format!("'%{}' has type {ty}, expected {}", r.name, r.ty),
            )),
            None => keep(error_at(
                &r.at,
                format!("use of undefined value '%{}'", r.name),
            )),
        }
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    for inst in &mut st.f.insts {
        for op in inst.kind.operands_mut() {
            if let Value::Inst(InstId(n)) = op {
                if *n >= FORWARD {
                    *op = resolved[(*n - FORWARD) as usize].clone();
                }
            }
        }
    }
    st.f.layout = st.order;
    Ok(st.f)
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOOP: &str = "\
define ptx_kernel void @k(i32 %n, ptr noalias %out) {
entry:
  br label %for.cond

for.cond:                               ; preds = %entry, %for.body
  %i = phi i32 [ 0, %entry ], [ %inc, %for.body ]
  %cmp = icmp slt i32 %i, %n
  br i1 %cmp, label %for.body, label %for.end

for.body:                               ; preds = %for.cond
  %inc = add nsw i32 %i, 1
  br label %for.cond, !llvm.loop.unroll.count 4

for.end:                                ; preds = %for.cond
  ret void
}
";

    #[test]
    fn reads_forward_references_and_hints() {
        let f = parse_function(LOOP).unwrap();
        assert!(verify::verify_function(&f).is_empty());
        assert_eq!(print_function(&f), LOOP);
        assert_eq!(f.loop_hints.len(), 1);
        assert_eq!(f.block(f.loop_hints[0].latch).name, "for.body");
    }

    #[test]
    fn a_signature_is_read_without_the_body() {
        let f = parse_signature(LOOP).unwrap();
        assert_eq!(f.name, "k");
        assert!(f.attrs.kernel && f.blocks.is_empty());
        let params: Vec<(&str, String, bool)> = f
            .params
            .iter()
            .map(|p| (p.name.as_str(), p.ty.to_string(), p.noalias))
            .collect();
        assert_eq!(
            params,
            [("n", "i32".into(), false), ("out", "ptr".into(), true)]
        );
        // The body is not read: a broken one does not matter.
        let header = LOOP.lines().next().unwrap();
        assert!(parse_signature(&format!("{header}\n  nonsense\n")).is_ok());
        assert!(parse_signature("entry:\n  ret void\n").is_err());
    }

    #[test]
    fn names_are_kept_and_fresh_names_avoid_them() {
        let f = parse_function(LOOP).unwrap();
        assert_eq!(f.fresh_name("inc"), "inc1");
        assert_eq!(f.fresh_name("for.end"), "for.end1");
        assert_eq!(f.fresh_name("n"), "n1");
    }

    #[test]
    fn float_literals() {
        let text = "define float @f() {\nentry:\n  %a = fadd float 1.000000e+00, 0x3FB99999A0000000\n  ret float %a\n}\n";
        let f = parse_function(text).unwrap();
        assert_eq!(print_function(&f), text);
        let bad = "define float @f() {\nentry:\n  %a = fadd float 0x3FB999999999999A, 1.0\n  ret float %a\n}\n";
        let e = parse_function(bad).unwrap_err();
        assert_eq!(
            e.to_string(),
            "3:19: 0x3FB999999999999A is not exactly representable as float"
        );
        assert!(fits_half(1.5) && fits_half(65504.0) && fits_half(2f64.powi(-24)));
        assert!(!fits_half(0.1) && !fits_half(65520.0) && !fits_half(1.0 + 2f64.powi(-11)));
    }

    #[test]
    fn lexer_stops_at_bad_characters_and_numbers() {
        let e = parse_module("define void @f() {\nentry:\n  ret void # oops\n}\n").unwrap_err();
        assert_eq!(e.to_string(), "3:12: unexpected character '#'");
        let e = parse_module("@g = addrspace(3) global [12a x i32] undef\n").unwrap_err();
        assert_eq!(e.to_string(), "1:27: bad number '12a'");
    }

    #[test]
    fn deep_array_types_are_an_error_not_a_crash() {
        let text = format!(
            "@g = addrspace(1) global {}i32{} undef\n",
            "[1 x ".repeat(100_000),
            "]".repeat(100_000)
        );
        let e = parse_module(&text).unwrap_err();
        assert!(e.message.contains("nested too deeply"), "{e}");
    }
}
