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
//!
//! Here: the entry points, the parser's state, types, constants, globals,
//! signatures and the module's checks; `lex` splits the text into tokens,
//! `body` reads a function's blocks and instructions.

mod body;
mod lex;

use super::*;
use crate::collections::{HashMap, HashSet};
use body::check_float;
use lex::{describe, lex, Tok, Token};
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
                if !v.vector_ok() && !v.fragment_ok() {
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

    /// `define|declare [internal] [weak_odr] [ptx_kernel] RET @name(PARAMS) [ATTRS] [{ BODY }]`.
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
        let internal = self.eat_word("internal");
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
        f.attrs.internal = internal;
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

#[cfg(test)]
mod tests {
    use super::body::fits_half;
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
