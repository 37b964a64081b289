//! PTX text → a syntax tree ([`Module`]): the directives, variables and
//! functions of a module, each function's body as declarations, labels and
//! instructions with their operands, each with its line. Nothing here knows
//! what an instruction means; `program.rs` decodes them.
//!
//! The subset read is what our emitter and NVRTC write: `.version`,
//! `.target`, `.address_size`; `.visible`/`.weak`/`.extern` `.entry` and
//! `.func` with `.param` lists (a `.func` may have a result list and no
//! body); `.reg` declarations with `<N>` ranges; `.global`/`.const`/
//! `.shared`/`.local`/`.param` variables with `.align`, arrays and
//! initializers; labels; guarded instructions (`@%p`, `@!%p`); operands that
//! are registers, symbols, immediates (decimal, hex, `0fXXXXXXXX`,
//! `0dXXXXXXXXXXXXXXXX`), addresses (`[%rd1+8]`, `[sym+4]`, `[-8]`), vectors
//! (`{%f1, _}`), `%p|%q` pairs, `!%p`, and a call's parenthesized lists;
//! call-sequence braces; `//` and `/* */` comments; `.loc`, `.file`,
//! `.pragma`, `.section` (skipped); `.maxntid`, `.reqntid`, `.minnctapersm`,
//! `.maxnreg` and friends. Anything else is a [`ParseError`] with its line.

mod lex;

use lex::{imm_value, int_value, lex, negate, Tok, Token};
use std::fmt;

/// A syntax error: the line (from 1) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ParseError {}

/// A state space.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    Global,
    Const,
    Shared,
    Local,
    Param,
}

impl Space {
    fn parse(s: &str) -> Option<Space> {
        Some(match s {
            ".global" => Space::Global,
            ".const" => Space::Const,
            ".shared" => Space::Shared,
            ".local" => Space::Local,
            ".param" => Space::Param,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Space::Global => "global",
            Space::Const => "const",
            Space::Shared => "shared",
            Space::Local => "local",
            Space::Param => "param",
        }
    }
}

/// One item of a variable's initializer.
#[derive(Clone, Debug, PartialEq)]
pub enum InitItem {
    Imm(Imm),
    /// The address of a variable or function (`sym`, `generic(sym)`), plus a
    /// byte offset.
    Addr {
        sym: String,
        generic: bool,
        offset: i64,
    },
}

/// A variable: module scope, or declared in a function body.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub line: u32,
    pub space: Space,
    pub name: String,
    /// `.align N`, if given.
    pub align: Option<u64>,
    /// The element type (`.b8`, `.u32`, `.f32`, …) without the dot.
    pub ty: String,
    /// `.v2`/`.v4` elements.
    pub vector: u32,
    /// Array dimensions; `Some(0)` for `name[]` (`.extern .shared`).
    pub dims: Vec<u64>,
    pub init: Option<Vec<InitItem>>,
    pub external: bool,
}

/// A function parameter (or result): `.param .align 4 .b8 name[12]`,
/// `.param .u64 name`, or an old-style `.reg .b32 name`.
#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub line: u32,
    pub name: String,
    pub ty: String,
    pub align: Option<u64>,
    /// Array length (`name[12]`), if an array.
    pub count: Option<u64>,
    /// Declared with `.reg` rather than `.param`.
    pub reg: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub line: u32,
    pub name: String,
    pub kernel: bool,
    pub results: Vec<Param>,
    pub params: Vec<Param>,
    /// `None` for a declaration (`.extern .func …;`).
    pub body: Option<Vec<Stmt>>,
    /// `.maxntid` / `.reqntid` (missing dimensions are 1).
    pub maxntid: Option<[u32; 3]>,
    pub reqntid: Option<[u32; 3]>,
}

/// An immediate as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Imm {
    /// An integer literal (its value, wrapped to 64 bits).
    Int(i64),
    /// `0fXXXXXXXX`.
    F32(u32),
    /// `0dXXXXXXXXXXXXXXXX`.
    F64(u64),
    /// A decimal floating literal (`1.5`), a double.
    Float(f64),
}

/// One operand.
#[derive(Clone, Debug, PartialEq)]
pub enum Operand {
    /// A register, special register, symbol or label.
    Name(String),
    Imm(Imm),
    /// `!%p`.
    Not(String),
    /// `%p|%q` (setp's, shfl's and match's second result).
    Pair(String, String),
    /// `[base+offset]`: a name (register or symbol) or none (`[64]`).
    Addr(Option<String>, i64),
    /// `{a, b, …}`: each a `Name`, an `Imm` (stored values) or `Sink` (`_`).
    Vector(Vec<Operand>),
    /// `[%rd1, {%f1, %f2}]`: a texture or surface and its coordinates.
    Image(String, Box<Operand>),
    /// A call's parenthesized list: `(retval0)`, `(param0, param1)`.
    List(Vec<String>),
    /// `_`.
    Sink,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Inst {
    pub line: u32,
    /// The instruction as written (whitespace collapsed), for messages.
    pub text: String,
    /// `@%p` (false) or `@!%p` (true).
    pub guard: Option<(String, bool)>,
    pub opcode: String,
    pub operands: Vec<Operand>,
}

/// A `.reg` declaration: `.reg .b32 %r<55>, %x;` (a name with `<N>` is N
/// registers `name0` … `name{N-1}`).
#[derive(Clone, Debug, PartialEq)]
pub struct RegDecl {
    pub line: u32,
    pub ty: String,
    pub vector: u32,
    pub names: Vec<(String, Option<u32>)>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Reg(RegDecl),
    Var(Var),
    Label(String, u32),
    Inst(Inst),
    /// `{` and `}` of a nested scope (a call sequence).
    Open(u32),
    Close(u32),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    pub version: String,
    pub target: String,
    pub address_size: u32,
    pub vars: Vec<Var>,
    pub functions: Vec<Function>,
}

// ---------------------------------------------------------------------------
// Parser

/// The most nested braces in a function body.
const MAX_DEPTH: u32 = 64;

struct Parser<'a> {
    text: &'a str,
    toks: Vec<Token>,
    pos: usize,
}

type PResult<T> = Result<T, ParseError>;

/// Parses a PTX module.
pub fn parse(text: &str) -> Result<Module, ParseError> {
    let toks = lex(text)?;
    let mut p = Parser { text, toks, pos: 0 };
    p.module()
}

impl Parser<'_> {
    fn peek(&self) -> Option<&Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }

    fn peek_at(&self, k: usize) -> Option<&Tok> {
        self.toks.get(self.pos + k).map(|t| &t.tok)
    }

    fn line(&self) -> u32 {
        match self.toks.get(self.pos) {
            Some(t) => t.line,
            None => self.toks.last().map_or(1, |t| t.line),
        }
    }

    fn err<T>(&self, message: impl Into<String>) -> PResult<T> {
        Err(ParseError {
            line: self.line(),
            message: message.into(),
        })
    }

    fn describe(&self) -> String {
        match self.peek() {
            None => "the end of the text".into(),
            Some(Tok::Word(w)) | Some(Tok::Num(w)) => format!("'{w}'"),
            Some(Tok::Str(s)) => format!("\"{s}\""),
            Some(Tok::Punct(c)) => format!("'{c}'"),
        }
    }

    fn is_punct(&self, c: char) -> bool {
        self.peek() == Some(&Tok::Punct(c))
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, c: char) -> PResult<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.err(format!("expected '{c}', found {}", self.describe()))
        }
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Some(Tok::Word(x)) if x == w)
    }

    fn eat_word(&mut self, w: &str) -> bool {
        if self.is_word(w) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn word(&mut self, what: &str) -> PResult<String> {
        match self.peek() {
            Some(Tok::Word(w)) => {
                let w = w.clone();
                self.pos += 1;
                Ok(w)
            }
            _ => self.err(format!("expected {what}, found {}", self.describe())),
        }
    }

    fn number(&mut self, what: &str) -> PResult<u64> {
        if let Some(Tok::Num(n)) = self.peek() {
            if let Some(v) = int_value(n) {
                self.pos += 1;
                return Ok(v as u64);
            }
        }
        self.err(format!("expected {what}, found {}", self.describe()))
    }

    /// A signed immediate (`-8`, `0f3F800000`).
    fn imm(&mut self) -> PResult<Imm> {
        let mut neg = false;
        loop {
            if self.eat_punct('-') {
                neg = !neg;
            } else if !self.eat_punct('+') {
                break;
            }
        }
        match self.peek() {
            Some(Tok::Num(n)) => match imm_value(n) {
                Some(v) => {
                    self.pos += 1;
                    Ok(if neg { negate(v) } else { v })
                }
                None => self.err(format!("'{n}' is not a number")),
            },
            _ => self.err(format!("expected a number, found {}", self.describe())),
        }
    }

    /// Skips the rest of the current line (`.file`, `.loc`).
    fn skip_line(&mut self) {
        let line = self.line();
        while self.pos < self.toks.len() && self.toks[self.pos].line == line {
            self.pos += 1;
        }
    }

    fn module(&mut self) -> PResult<Module> {
        let mut m = Module::default();
        while let Some(tok) = self.peek().cloned() {
            let Tok::Word(w) = tok else {
                return self.err(format!(
                    "expected a directive at module scope, found {}",
                    self.describe()
                ));
            };
            match w.as_str() {
                ".version" => {
                    self.pos += 1;
                    m.version = match self.peek() {
                        Some(Tok::Num(n)) => n.clone(),
                        _ => return self.err("expected a version number after .version"),
                    };
                    self.pos += 1;
                }
                ".target" => {
                    self.pos += 1;
                    let mut targets = vec![self.word("a target")?];
                    while self.eat_punct(',') {
                        targets.push(self.word("a target")?);
                    }
                    m.target = targets.join(", ");
                }
                ".address_size" => {
                    self.pos += 1;
                    let n = self.number("an address size")?;
                    if n != 64 {
                        return self.err(format!(
                            ".address_size {n}: only 64-bit addresses are supported"
                        ));
                    }
                    m.address_size = 64;
                }
                ".file" | ".loc" => self.skip_line(),
                ".section" => self.skip_section()?,
                ".pragma" => {
                    self.pos += 1;
                    self.pragma()?;
                }
                _ => self.global_decl(&mut m)?,
            }
        }
        if m.version.is_empty() {
            return Err(ParseError {
                line: 1,
                message: "no .version directive: is this PTX?".into(),
            });
        }
        Ok(m)
    }

    /// `.section name { … }` (debug information): skipped.
    fn skip_section(&mut self) -> PResult<()> {
        self.pos += 1;
        while !self.is_punct('{') {
            if self.peek().is_none() {
                return self.err("expected '{' after .section");
            }
            self.pos += 1;
        }
        let mut depth = 0;
        while let Some(t) = self.peek() {
            match t {
                Tok::Punct('{') => depth += 1,
                Tok::Punct('}') => {
                    depth -= 1;
                    if depth == 0 {
                        self.pos += 1;
                        return Ok(());
                    }
                }
                _ => {}
            }
            self.pos += 1;
        }
        self.err("unterminated .section")
    }

    fn pragma(&mut self) -> PResult<()> {
        while let Some(Tok::Str(_)) = self.peek() {
            self.pos += 1;
            if !self.eat_punct(',') {
                break;
            }
        }
        self.expect_punct(';')
    }

    /// A module-scope declaration: a function or a variable, after its
    /// linkage words.
    fn global_decl(&mut self, m: &mut Module) -> PResult<()> {
        let mut external = false;
        loop {
            if self.eat_word(".visible") || self.eat_word(".weak") || self.eat_word(".common") {
                continue;
            }
            if self.eat_word(".extern") {
                external = true;
                continue;
            }
            break;
        }
        let line = self.line();
        if self.eat_word(".entry") {
            let f = self.function(line, true)?;
            m.functions.push(f);
            return Ok(());
        }
        if self.eat_word(".func") {
            let f = self.function(line, false)?;
            m.functions.push(f);
            return Ok(());
        }
        match self.peek() {
            Some(Tok::Word(w)) if Space::parse(w).is_some() => {
                let var = self.var(external)?;
                if matches!(var.space, Space::Local | Space::Param) {
                    return Err(ParseError {
                        line,
                        message: format!(".{} variables belong in a function", var.space.name()),
                    });
                }
                m.vars.push(var);
                Ok(())
            }
            _ => self.err(format!(
                "expected a directive at module scope, found {}",
                self.describe()
            )),
        }
    }

    /// A variable declaration from its state space to the `;`.
    fn var(&mut self, external: bool) -> PResult<Var> {
        let line = self.line();
        let space_word = self.word("a state space")?;
        let Some(space) = Space::parse(&space_word) else {
            return self.err(format!("'{space_word}' is not a state space"));
        };
        let mut align = None;
        let mut vector = 1;
        let ty = loop {
            let w = self.word("a type")?;
            match w.as_str() {
                ".align" => align = Some(self.number("an alignment")?),
                ".v2" => vector = 2,
                ".v4" => vector = 4,
                ".v8" => vector = 8,
                ".ptr" | ".global" | ".const" | ".shared" | ".local" => {}
                t if is_type(t) => break t[1..].to_string(),
                other => return self.err(format!("'{other}' is not a type")),
            }
        };
        let name = self.word("a variable name")?;
        let mut dims = Vec::new();
        while self.eat_punct('[') {
            if self.eat_punct(']') {
                dims.push(0);
                continue;
            }
            dims.push(self.number("an array length")?);
            self.expect_punct(']')?;
        }
        let init = if self.eat_punct('=') {
            Some(self.initializer()?)
        } else {
            None
        };
        self.expect_punct(';')?;
        Ok(Var {
            line,
            space,
            name,
            align,
            ty,
            vector,
            dims,
            init,
            external,
        })
    }

    /// `{1, 2, {3, 4}}` flattened, or one value.
    fn initializer(&mut self) -> PResult<Vec<InitItem>> {
        let mut items = Vec::new();
        self.init_items(&mut items, 0)?;
        Ok(items)
    }

    fn init_items(&mut self, items: &mut Vec<InitItem>, depth: u32) -> PResult<()> {
        if depth > 16 {
            return self.err("initializer nested too deeply");
        }
        if self.eat_punct('{') {
            if self.eat_punct('}') {
                return Ok(());
            }
            loop {
                self.init_items(items, depth + 1)?;
                if self.eat_punct('}') {
                    return Ok(());
                }
                self.expect_punct(',')?;
            }
        }
        match self.peek() {
            Some(Tok::Word(w)) => {
                let w = w.clone();
                self.pos += 1;
                let (sym, generic) = if w == "generic" {
                    self.expect_punct('(')?;
                    let s = self.word("a symbol")?;
                    self.expect_punct(')')?;
                    (s, true)
                } else {
                    (w, false)
                };
                let mut offset = 0i64;
                if self.is_punct('+') || self.is_punct('-') {
                    match self.imm()? {
                        Imm::Int(v) => offset = v,
                        _ => return self.err("an address offset must be an integer"),
                    }
                }
                items.push(InitItem::Addr {
                    sym,
                    generic,
                    offset,
                });
            }
            _ => items.push(InitItem::Imm(self.imm()?)),
        }
        Ok(())
    }

    /// A function after `.entry`/`.func`: results, name, parameters,
    /// performance directives, then a body or `;`.
    fn function(&mut self, line: u32, kernel: bool) -> PResult<Function> {
        let mut results = Vec::new();
        if !kernel && self.is_punct('(') {
            results = self.param_list()?;
        }
        let name = self.word("a function name")?;
        let params = if self.is_punct('(') {
            self.param_list()?
        } else {
            Vec::new()
        };
        let mut f = Function {
            line,
            name,
            kernel,
            results,
            params,
            body: None,
            maxntid: None,
            reqntid: None,
        };
        while let Some(Tok::Word(w)) = self.peek() {
            match w.as_str() {
                ".maxntid" | ".reqntid" => {
                    let which = w.clone();
                    self.pos += 1;
                    let mut d = [1u32; 3];
                    for (k, slot) in d.iter_mut().enumerate() {
                        if k > 0 && !self.eat_punct(',') {
                            break;
                        }
                        *slot = u32::try_from(self.number("a thread count")?).unwrap_or(u32::MAX);
                    }
                    if which == ".maxntid" {
                        f.maxntid = Some(d);
                    } else {
                        f.reqntid = Some(d);
                    }
                }
                ".minnctapersm" | ".maxnreg" | ".maxnctapersm" | ".maxclusterrank"
                | ".reqnctapercluster" | ".explicitcluster" | ".noreturn" => {
                    self.pos += 1;
                    while matches!(self.peek(), Some(Tok::Num(_))) {
                        self.pos += 1;
                        if !self.eat_punct(',') {
                            break;
                        }
                    }
                }
                ".pragma" => {
                    self.pos += 1;
                    self.pragma()?;
                }
                _ => break,
            }
        }
        if self.eat_punct(';') {
            return Ok(f);
        }
        if !self.is_punct('{') {
            return self.err(format!(
                "expected '{{' or ';' after the function's header, found {}",
                self.describe()
            ));
        }
        f.body = Some(self.body()?);
        Ok(f)
    }

    fn param_list(&mut self) -> PResult<Vec<Param>> {
        self.expect_punct('(')?;
        let mut params = Vec::new();
        if self.eat_punct(')') {
            return Ok(params);
        }
        loop {
            params.push(self.param()?);
            if self.eat_punct(')') {
                return Ok(params);
            }
            self.expect_punct(',')?;
        }
    }

    fn param(&mut self) -> PResult<Param> {
        let line = self.line();
        let reg = if self.eat_word(".reg") {
            true
        } else if self.eat_word(".param") {
            false
        } else {
            return self.err(format!(
                "expected .param or .reg in a parameter list, found {}",
                self.describe()
            ));
        };
        let mut align = None;
        let ty = loop {
            let w = self.word("a type")?;
            match w.as_str() {
                ".align" => align = Some(self.number("an alignment")?),
                t if is_type(t) => break t[1..].to_string(),
                other => return self.err(format!("'{other}' is not a type")),
            }
        };
        // `.ptr [.space] [.align N]` may follow the type: the alignment of
        // what the pointer points to, not the parameter's.
        if self.eat_word(".ptr") {
            let _ = self.eat_word(".global")
                || self.eat_word(".const")
                || self.eat_word(".shared")
                || self.eat_word(".local");
            if self.eat_word(".align") {
                self.number("an alignment")?;
            }
        }
        let name = self.word("a parameter name")?;
        let mut count = None;
        if self.eat_punct('[') {
            count = Some(self.number("an array length")?);
            self.expect_punct(']')?;
        }
        Ok(Param {
            line,
            name,
            ty,
            align,
            count,
            reg,
        })
    }

    /// A function body, from its `{` to the matching `}`.
    fn body(&mut self) -> PResult<Vec<Stmt>> {
        let open_line = self.line();
        self.expect_punct('{')?;
        let mut stmts = Vec::new();
        let mut depth = 1u32;
        loop {
            let line = self.line();
            let Some(tok) = self.peek().cloned() else {
                return Err(ParseError {
                    line: open_line,
                    message: "the function's '{' is never closed".into(),
                });
            };
            match tok {
                Tok::Punct('{') => {
                    self.pos += 1;
                    depth += 1;
                    if depth > MAX_DEPTH {
                        return self.err("braces nested too deeply");
                    }
                    stmts.push(Stmt::Open(line));
                }
                Tok::Punct('}') => {
                    self.pos += 1;
                    depth -= 1;
                    if depth == 0 {
                        return Ok(stmts);
                    }
                    stmts.push(Stmt::Close(line));
                }
                Tok::Punct('@') => stmts.push(Stmt::Inst(self.inst()?)),
                Tok::Word(w) => {
                    // `prototype_0 : .callprototype (…) _ (…);`: the
                    // signature of an indirect call, which the call names;
                    // the emulator checks the callee's parameters instead.
                    if self.peek_at(1) == Some(&Tok::Punct(':'))
                        && self.peek_at(2) == Some(&Tok::Word(".callprototype".into()))
                    {
                        while let Some(t) = self.peek().cloned() {
                            self.pos += 1;
                            if t == Tok::Punct(';') {
                                break;
                            }
                        }
                        continue;
                    }
                    if self.peek_at(1) == Some(&Tok::Punct(':')) && !w.starts_with('.') {
                        self.pos += 2;
                        stmts.push(Stmt::Label(w, line));
                        continue;
                    }
                    match w.as_str() {
                        w if w == ".reg" || w.starts_with(".reg.") => {
                            stmts.push(Stmt::Reg(self.reg_decl()?))
                        }
                        ".loc" | ".file" => self.skip_line(),
                        ".pragma" => {
                            self.pos += 1;
                            self.pragma()?;
                        }
                        ".local" | ".shared" | ".param" | ".const" | ".global" => {
                            stmts.push(Stmt::Var(self.var(false)?))
                        }
                        ".extern" => {
                            self.pos += 1;
                            stmts.push(Stmt::Var(self.var(true)?))
                        }
                        w if w.starts_with('.') => {
                            return self.err(format!("unknown directive '{w}' in a function body"))
                        }
                        _ => stmts.push(Stmt::Inst(self.inst()?)),
                    }
                }
                _ => {
                    return self.err(format!(
                        "expected an instruction, found {}",
                        self.describe()
                    ))
                }
            }
        }
    }

    fn reg_decl(&mut self) -> PResult<RegDecl> {
        let line = self.line();
        // `.reg.b32 f;` (cuda_fp16.h's inline assembly): the type joined on.
        let mut joined = match self.peek() {
            Some(Tok::Word(w)) if w.len() > 4 => Some(w[4..].to_string()),
            _ => None,
        };
        self.pos += 1;
        let mut vector = 1;
        let ty = loop {
            let w = match joined.take() {
                Some(w) => w,
                None => self.word("a register type")?,
            };
            match w.as_str() {
                ".v2" => vector = 2,
                ".v4" => vector = 4,
                t if is_type(t) => break t[1..].to_string(),
                other => return self.err(format!("'{other}' is not a register type")),
            }
        };
        let mut names = Vec::new();
        loop {
            let name = self.word("a register name")?;
            let count = if self.eat_punct('<') {
                let n = self.number("a register count")?;
                self.expect_punct('>')?;
                Some(u32::try_from(n).unwrap_or(u32::MAX))
            } else {
                None
            };
            names.push((name, count));
            if self.eat_punct(';') {
                break;
            }
            self.expect_punct(',')?;
        }
        Ok(RegDecl {
            line,
            ty,
            vector,
            names,
        })
    }

    fn inst(&mut self) -> PResult<Inst> {
        let line = self.line();
        let start = self.toks[self.pos].start;
        let guard = if self.eat_punct('@') {
            let neg = self.eat_punct('!');
            Some((self.word("a predicate register")?, neg))
        } else {
            None
        };
        let opcode = self.word("an opcode")?;
        if opcode.starts_with('.') || opcode.starts_with('%') {
            return Err(ParseError {
                line,
                message: format!("'{opcode}' is not an opcode"),
            });
        }
        let mut operands = Vec::new();
        if !self.is_punct(';') {
            loop {
                operands.push(self.operand()?);
                if self.eat_punct(',') {
                    continue;
                }
                if self.is_punct(';') {
                    break;
                }
                return self.err(format!(
                    "expected ',' or ';' after an operand of '{opcode}', found {}",
                    self.describe()
                ));
            }
        }
        let end = self.toks[self.pos].end;
        self.expect_punct(';')?;
        let text = self.text[start..end]
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ");
        Ok(Inst {
            line,
            text,
            guard,
            opcode,
            operands,
        })
    }

    fn operand(&mut self) -> PResult<Operand> {
        match self.peek().cloned() {
            Some(Tok::Punct('!')) => {
                self.pos += 1;
                Ok(Operand::Not(self.word("a predicate")?))
            }
            Some(Tok::Punct('[')) => {
                self.pos += 1;
                let base = match self.peek() {
                    Some(Tok::Word(w)) => {
                        let w = w.clone();
                        self.pos += 1;
                        Some(w)
                    }
                    _ => None,
                };
                if let (Some(b), true) = (&base, self.eat_punct(',')) {
                    let coords = self.operand()?;
                    self.expect_punct(']')?;
                    return Ok(Operand::Image(b.clone(), Box::new(coords)));
                }
                let mut off = 0i64;
                if base.is_none() || self.is_punct('+') || self.is_punct('-') {
                    match self.imm()? {
                        Imm::Int(v) => off = v,
                        _ => return self.err("an address offset must be an integer"),
                    }
                }
                self.expect_punct(']')?;
                Ok(Operand::Addr(base, off))
            }
            Some(Tok::Punct('{')) => {
                self.pos += 1;
                let mut elems = Vec::new();
                loop {
                    let elem = match self.peek() {
                        Some(Tok::Word(w)) if w == "_" => {
                            self.pos += 1;
                            Operand::Sink
                        }
                        Some(Tok::Word(_)) => Operand::Name(self.word("a vector element")?),
                        Some(Tok::Num(_) | Tok::Punct('-' | '+')) => Operand::Imm(self.imm()?),
                        _ => {
                            return self.err(format!(
                                "expected a vector element, found {}",
                                self.describe()
                            ))
                        }
                    };
                    elems.push(elem);
                    if self.eat_punct('}') {
                        break;
                    }
                    self.expect_punct(',')?;
                }
                Ok(Operand::Vector(elems))
            }
            Some(Tok::Punct('(')) => {
                self.pos += 1;
                let mut names = Vec::new();
                if !self.eat_punct(')') {
                    loop {
                        names.push(self.word("a parameter")?);
                        if self.eat_punct(')') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                Ok(Operand::List(names))
            }
            Some(Tok::Word(w)) => {
                self.pos += 1;
                if w == "_" {
                    return Ok(Operand::Sink);
                }
                if self.eat_punct('|') {
                    let q = self.word("a second predicate")?;
                    return Ok(Operand::Pair(w, q));
                }
                Ok(Operand::Name(w))
            }
            Some(Tok::Num(_)) | Some(Tok::Punct('-')) | Some(Tok::Punct('+')) => {
                Ok(Operand::Imm(self.imm()?))
            }
            _ => self.err(format!("expected an operand, found {}", self.describe())),
        }
    }
}

/// Whether `w` is a fundamental type (`.u32`, `.f16x2`, `.pred`, …).
fn is_type(w: &str) -> bool {
    matches!(
        w,
        ".b8"
            | ".b16"
            | ".b32"
            | ".b64"
            | ".b128"
            | ".u8"
            | ".u16"
            | ".u32"
            | ".u64"
            | ".s8"
            | ".s16"
            | ".s32"
            | ".s64"
            | ".f16"
            | ".f16x2"
            | ".bf16"
            | ".bf16x2"
            | ".f32"
            | ".f64"
            | ".pred"
    )
}

#[cfg(test)]
mod tests;
