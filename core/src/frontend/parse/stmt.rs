//! Statements: blocks, control flow, labels, `#pragma unroll` for the loop
//! after it, local declarations, and initializers (an expression or a braced
//! list with designators).

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn compound(&mut self) -> PResult<Stmt> {
        let span = self.span();
        self.expect("{")?;
        self.enter()?;
        let block_constants = self.cxx.block_constants.len();
        let local_names = self.local_names.len();
        let mut stmts = Vec::new();
        while !self.at("}") {
            if self.at_eof() {
                self.leave();
                return self.error(span, "expected a \"}\" to close this block");
            }
            let before = self.pos;
            match self.statement() {
                Ok(s) => stmts.push(s),
                Err(Stop) => {
                    if self.depth == 0 {
                        return Err(Stop);
                    }
                    self.recover_stmt();
                    if self.pos == before {
                        self.pos += 1;
                    }
                }
            }
        }
        self.pos += 1;
        self.leave();
        self.local_names.truncate(local_names);
        while self.cxx.block_constants.len() > block_constants {
            let (name, shadowed) = self.cxx.block_constants.pop().expect("longer");
            match shadowed {
                Some(v) => self.cxx.constants.insert(name, v),
                None => self.cxx.constants.remove(&name),
            };
        }
        Ok(Stmt {
            kind: StmtKind::Compound(stmts),
            span,
        })
    }

    fn statement(&mut self) -> PResult<Stmt> {
        let span = self.span();
        let Some(t) = self.peek() else {
            return self.error(span, "expected a statement");
        };
        if t.is("#pragma") {
            self.pos += 1;
            let words: Vec<&Token> = self.toks[self.pos..]
                .iter()
                .take_while(|t| t.kind != TokKind::Newline)
                .collect();
            if words.first().is_some_and(|w| w.is("unroll")) {
                let count = words.get(1).and_then(|n| {
                    parse_int_literal(&n.text).map(|v| v.0).or_else(|| {
                        self.template_values
                            .get(&*n.text)
                            .map(|(v, _)| (*v).max(0) as u64)
                    })
                });
                self.pending_unroll = Some(match count {
                    Some(n) => Unroll::Count(n.min(u32::MAX as u64) as u32),
                    None => Unroll::Full,
                });
            }
            self.skip_pragma();
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span,
            });
        }
        if self.at("[") && self.peek_at(1).is_some_and(|t| t.is("[")) {
            self.skip_attributes();
            return self.statement();
        }
        let unroll = self.pending_unroll.take();
        let kind = match &*t.text {
            "{" if t.kind == TokKind::Punct => return self.compound(),
            ";" if t.kind == TokKind::Punct => {
                self.pos += 1;
                StmtKind::Empty
            }
            "if" => {
                self.pos += 1;
                let constexpr = self.eat("constexpr");
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                // `if constexpr` with its condition known (an instance's):
                // the discarded branch is not instantiated, so it is not
                // read (it may not be valid for these arguments).
                if let Some(v) = self.const_value(&c).filter(|_| constexpr) {
                    let toks = self.toks;
                    let skip =
                        |p: &mut Self| p.pos = super::host::statement_end(toks, p.pos, toks.len());
                    let empty = Stmt {
                        kind: StmtKind::Empty,
                        span: span.clone(),
                    };
                    let kept = if v != 0 {
                        let then = self.sub_statement()?;
                        if self.eat("else") {
                            skip(self);
                        }
                        then
                    } else {
                        skip(self);
                        if self.eat("else") {
                            self.sub_statement()?
                        } else {
                            empty
                        }
                    };
                    return Ok(kept);
                }
                let then = self.sub_statement()?;
                let els = if self.eat("else") {
                    Some(Box::new(self.sub_statement()?))
                } else {
                    None
                };
                // `if constexpr`: only the branch the constant condition
                // takes is instantiated (the other may not check for these
                // template arguments).
                match self.const_value(&c).filter(|_| constexpr) {
                    Some(0) => els.map_or(StmtKind::Empty, |e| e.kind),
                    Some(_) => then.kind,
                    None => StmtKind::If(c, Box::new(then), els),
                }
            }
            "while" => {
                self.pos += 1;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                StmtKind::While(c, Box::new(self.sub_statement()?), unroll)
            }
            "do" => {
                self.pos += 1;
                let body = self.sub_statement()?;
                if !self.eat("while") {
                    let span = self.span();
                    return self.error(span, "expected \"while\"");
                }
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                self.expect(";")?;
                StmtKind::DoWhile(Box::new(body), c, unroll)
            }
            "for" => {
                self.pos += 1;
                self.expect("(")?;
                let init = if self.eat(";") {
                    None
                } else if self.starts_type() {
                    Some(Box::new(self.local_decl()?))
                } else {
                    let e = self.expr()?;
                    let s = Stmt {
                        span: e.span.clone(),
                        kind: StmtKind::Expr(e),
                    };
                    self.expect(";")?;
                    Some(Box::new(s))
                };
                let cond = if self.at(";") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(";")?;
                let step = if self.at(")") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(")")?;
                let body = Box::new(self.sub_statement()?);
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                    unroll,
                }
            }
            "return" => {
                self.pos += 1;
                let e = if self.at(";") {
                    None
                } else if self.at("{") {
                    // `return {};`: a value of the return type (sema's).
                    let span = self.span();
                    Some(self.construct(CType::Auto, span)?)
                } else {
                    Some(self.expr()?)
                };
                self.expect(";")?;
                StmtKind::Return(e)
            }
            "break" => {
                self.pos += 1;
                self.expect(";")?;
                StmtKind::Break
            }
            "continue" => {
                self.pos += 1;
                self.expect(";")?;
                StmtKind::Continue
            }
            "switch" => {
                self.pos += 1;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                StmtKind::Switch(c, Box::new(self.sub_statement()?))
            }
            "case" => {
                self.pos += 1;
                let v = self.conditional()?;
                self.expect(":")?;
                StmtKind::Case(v)
            }
            "default" if self.peek_at(1).is_some_and(|n| n.is(":")) => {
                self.pos += 2;
                StmtKind::Default
            }
            "goto" => {
                self.pos += 1;
                let (name, _) = self.ident()?;
                self.expect(";")?;
                StmtKind::Goto(name)
            }
            w if t.kind == TokKind::Ident
                && !is_keyword(w)
                && self.peek_at(1).is_some_and(|n| n.is(":")) =>
            {
                self.pos += 2;
                StmtKind::Label(w.to_string())
            }
            // `namespace cg = cooperative_groups;` inside a function
            "namespace"
                if t.kind == TokKind::Ident && self.peek_at(2).is_some_and(|n| n.is("=")) =>
            {
                self.namespace_def(&mut Vec::new())?;
                StmtKind::Empty
            }
            "using" if t.kind == TokKind::Ident => {
                self.using()?;
                StmtKind::Empty
            }
            "static_assert" => {
                self.static_assert()?;
                StmtKind::Empty
            }
            "asm" | "__asm__" | "__asm" if t.kind == TokKind::Ident => {
                self.pos += 1;
                StmtKind::Asm(Box::new(self.asm_statement()?))
            }
            _ if self.starts_type()
                && !self.static_call_ahead()
                && !self.functional_cast_member() =>
            {
                return self.local_decl()
            }
            _ => {
                let e = self.expr()?;
                self.expect(";")?;
                StmtKind::Expr(e)
            }
        };
        Ok(Stmt { kind, span })
    }

    /// Whether the statement is `Type(args).member...` or `Type(args)->...`
    /// (CUB's `BlockScan(temp).ExclusiveSum(x, x);`): an expression, since
    /// no declarator is followed by `.` or `->`.
    /// So is `Type(args)(more)` (a temporary's `operator()`:
    /// `AtomicAdd<T, 8>()(p, v);`), the type a template-id too.
    fn functional_cast_member(&self) -> bool {
        let mut n = 1;
        if let Some((_, len)) = self.template_id_from(self.pos) {
            // Past the template's argument list.
            let mut angle = 0i32;
            let mut paren = 0i32;
            n = len;
            while let Some(t) = self.peek_at(n) {
                n += 1;
                match &*t.text {
                    "(" | "[" => paren += 1,
                    ")" | "]" => paren -= 1,
                    "<" if paren == 0 => angle += 1,
                    ">" if paren == 0 => angle -= 1,
                    ">>" if paren == 0 => angle -= 2,
                    ";" | "{" | "}" => return false,
                    _ => {}
                }
                if angle <= 0 && paren == 0 {
                    break;
                }
            }
        }
        if !self.peek_at(n).is_some_and(|t| t.is("(")) {
            return false;
        }
        // `float (*fp)(float)`, `int (&r)[4]`: declarators.
        if self
            .peek_at(n + 1)
            .is_some_and(|t| t.is("*") || t.is("&") || t.is("&&"))
        {
            return false;
        }
        let mut depth = 0usize;
        while let Some(t) = self.peek_at(n) {
            if t.is("(") {
                depth += 1;
            } else if t.is(")") {
                depth -= 1;
                if depth == 0 {
                    return self
                        .peek_at(n + 1)
                        .is_some_and(|t| t.is(".") || t.is("->") || t.is("("));
                }
            } else if t.is(";") || t.is("{") || t.is("}") {
                return false;
            }
            n += 1;
        }
        false
    }

    /// The rest of an `asm` statement after its keyword: qualifiers, then
    /// `( "template" [: outputs [: inputs [: clobbers]]] ) ;`.
    fn asm_statement(&mut self) -> PResult<AsmStmt> {
        let mut volatile = false;
        while let Some(q) = self.peek().filter(|t| t.kind == TokKind::Ident) {
            match &*q.text {
                "volatile" | "__volatile__" | "__volatile" => volatile = true,
                "inline" | "__inline__" | "goto" => {}
                _ => break,
            }
            self.pos += 1;
        }
        self.expect("(")?;
        let template = self.asm_string()?;
        let mut sections: [Vec<AsmOperand>; 2] = [Vec::new(), Vec::new()];
        let mut clobbers = Vec::new();
        // `::` lexes as one token: two empty sections' separators.
        let mut section = 0;
        let extended = self.at(":") || self.at("::");
        loop {
            if self.eat("::") {
                section += 2;
            } else if self.eat(":") {
                section += 1;
            } else {
                break;
            }
            if section > 3 {
                let span = self.span();
                return self.error(span, "expected a \")\"");
            }
            if section == 3 {
                while self.peek().is_some_and(|t| t.kind == TokKind::Str) {
                    clobbers.push(self.asm_string()?);
                    if !self.eat(",") {
                        break;
                    }
                }
                continue;
            }
            while self.peek().is_some_and(|t| t.kind == TokKind::Str) {
                let span = self.span();
                let constraint = self.asm_string()?;
                self.expect("(")?;
                let expr = self.expr()?;
                self.expect(")")?;
                sections[section - 1].push(AsmOperand {
                    constraint,
                    expr,
                    span,
                });
                // nvcc also reads operands with no comma between them
                // (`::"r"(v) "l"(p)`, as cuda-samples write one).
                if !self.eat(",") && !self.peek().is_some_and(|t| t.kind == TokKind::Str) {
                    break;
                }
            }
        }
        self.expect(")")?;
        self.expect(";")?;
        let [outputs, inputs] = sections;
        Ok(AsmStmt {
            template,
            volatile,
            extended,
            outputs,
            inputs,
            clobbers,
        })
    }

    /// One or more adjacent string literals, concatenated.
    fn asm_string(&mut self) -> PResult<String> {
        let span = self.span();
        if !self.peek().is_some_and(|t| t.kind == TokKind::Str) {
            return self.error(span, "expected a string literal");
        }
        let mut bytes = Vec::new();
        while let Some(t) = self.peek().filter(|t| t.kind == TokKind::Str) {
            if !t.text.starts_with('"') {
                return self.error(span, "expected a plain string literal in an asm statement");
            }
            bytes.extend(unescape(string_body(&t.text)));
            self.pos += 1;
        }
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    }

    /// The statement of an `if`, a loop or a `switch`. Labels (`case 1:`,
    /// `done:`) are statements of their own in a block; here they take the
    /// statement they label along, in a block of their own.
    fn sub_statement(&mut self) -> PResult<Stmt> {
        // A `#pragma` is no statement: the one after it is the body
        // (`for (…) #pragma unroll for (…) …`).
        while self.at("#pragma") && !self.at_eof() {
            let before = self.pos;
            self.statement()?;
            if self.pos == before {
                break;
            }
        }
        self.enter()?;
        let s = self.statement();
        self.leave();
        let s = s?;
        if !is_label(&s) {
            return Ok(s);
        }
        let span = s.span.clone();
        let mut stmts = vec![s];
        while stmts.last().is_some_and(is_label) && !self.at("}") && !self.at_eof() {
            self.enter()?;
            let next = self.statement();
            self.leave();
            stmts.push(next?);
        }
        Ok(Stmt {
            kind: StmtKind::Compound(stmts),
            span,
        })
    }

    fn local_decl(&mut self) -> PResult<Stmt> {
        let span = self.span();
        let s = self.specifiers()?;
        let storage = s.storage.unwrap_or(Storage::Auto);
        if matches!(storage, Storage::Constant)
            || (storage == Storage::Device && s.storage.is_some())
        {
            let msg = format!(
                "a \"{}\" variable declaration is not allowed inside a function body",
                storage.keyword()
            );
            return self.error(span, msg);
        }
        let Some(base) = s.ty else {
            return self.error(span, "expected a type specifier");
        };
        if matches!(base, CType::Record(_) | CType::Enum(_)) && self.at(";") {
            self.pos += 1;
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span,
            });
        }
        if s.typedef {
            let d = self.declarator(base, s.konst, s.volatile)?;
            if let Some(n) = d.name.clone() {
                name_unnamed(&d.ty, &n);
                self.typedefs.insert(n, d.full_type());
            }
            self.expect(";")?;
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span,
            });
        }
        let mut decls = Vec::new();
        loop {
            let mut d = self.declarator(base.clone(), s.konst, s.volatile)?;
            let Some(name) = d.name.take() else {
                return self.error(d.span, "expected an identifier");
            };
            if self.find_type(&name).is_some() || self.find_template(&name).is_some() {
                self.local_names.push(name.clone());
            }
            if d.func.is_some() {
                return self.error(d.span, "local function declarations are not supported");
            }
            let (mut init, mut init_list) = (None, None);
            if self.at("(") {
                let span = self.span();
                init = Some(self.construct(d.ty.clone(), span)?);
            } else if self.at("{") {
                // `S s{1, 2};`: list initialization.
                match self.initializer()? {
                    Initializer::Expr(e) => init = Some(e),
                    list => init_list = Some(list),
                }
            } else if self.eat("=") {
                if storage == Storage::Shared {
                    let span = self.span();
                    return self.error(span, "initializer not allowed for __shared__ variable");
                }
                match self.initializer()? {
                    Initializer::Expr(e) => init = Some(e),
                    list => init_list = Some(list),
                }
            }
            // `const uchar t[] = "ABC";`: the bytes, as a list.
            if let Some((ty, list)) = string_array_init(&d.ty, init.as_ref(), init_list.as_ref()) {
                d.ty = ty;
                init = None;
                init_list = Some(list);
            }
            if matches!(d.ty, CType::Array(_, 0))
                && init_list.is_none()
                && !(s.is_extern && storage == Storage::Shared)
            {
                return self.error(d.span, "incomplete type is not allowed");
            }
            // A `const` integer with a constant initializer is a constant
            // expression too (C++): `const int N = 256; __shared__ float a[N];`.
            if let Some(e) = init.as_ref().filter(|_| s.constexpr) {
                // Evaluated here, as a constant expression: in a `__host__
                // __device__` function its calls of constexpr host functions
                // (`std::numeric_limits<int>::max()`) are folded (nvcc warns).
                if self.record_constant(name.clone(), &d.ty, e) && self.host_device_body {
                    let span = e.span.clone();
                    if let Some(lit) = self.constant_literal(&name, &span) {
                        init = Some(lit);
                    }
                }
            } else if let Some(e) = init.as_ref().filter(|_| s.konst && d.ty.is_integer()) {
                let shadowed = self.cxx.constants.get(&name).cloned();
                if self.record_constant(name.clone(), &d.ty, e) {
                    self.cxx.block_constants.push((name.clone(), shadowed));
                }
            }
            let konst = s.konst && !d.ty.is_pointer() && !d.ty.is_ref();
            decls.push(VarDecl {
                name,
                ty: d.ty,
                init,
                list: None,
                init_list,
                construct: Vec::new(),
                storage,
                external: s.is_extern,
                konst,
                span: d.span,
                local: usize::MAX,
                align: s.align,
                volatile: d.volatile,
            });
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")?;
        Ok(Stmt {
            kind: StmtKind::Decl(decls),
            span,
        })
    }

    /// `expr` or `{ init, init, … }` (a trailing comma is allowed).
    pub(super) fn initializer(&mut self) -> PResult<Initializer> {
        if !self.at("{") {
            return Ok(Initializer::Expr(self.assignment()?));
        }
        let span = self.span();
        self.pos += 1;
        self.enter()?;
        let mut items = Vec::new();
        while !self.at("}") {
            let item = self.initializer_item()?;
            items.push(item);
            if !self.eat(",") {
                break;
            }
        }
        self.leave();
        self.expect("}")?;
        Ok(Initializer::List(items, span))
    }

    /// Whether the `[` here opens a designator (`[2] = 5`, `[1].x = 0`),
    /// not a lambda (`[&](int i) { … }`).
    fn designator_bracket(&self) -> bool {
        let mut depth = 0usize;
        let mut k = 0;
        while let Some(t) = self.peek_at(k) {
            if t.is("[") {
                depth += 1;
            } else if t.is("]") {
                depth -= 1;
                if depth == 0 {
                    return self
                        .peek_at(k + 1)
                        .is_some_and(|n| n.is("=") || n.is(".") || n.is("["));
                }
            } else if t.is(";") || t.is("{") || t.is("}") {
                return false;
            }
            k += 1;
        }
        false
    }

    /// One item of a braced list: an expression, a nested list, or a
    /// designated item (`.x = 1`, `[2] = 5`).
    pub(super) fn initializer_item(&mut self) -> PResult<Initializer> {
        let at = self.span();
        let mut path = Vec::new();
        loop {
            if self.eat(".") {
                let (name, _) = self.ident()?;
                path.push(Designator::Field(name));
            } else if self.at("[") && self.designator_bracket() {
                self.pos += 1;
                let span = self.span();
                let e = self.conditional()?;
                let Some(k) = self.const_value(&e).filter(|k| *k >= 0) else {
                    return self.error(span, "expression must have a constant value");
                };
                self.expect("]")?;
                path.push(Designator::Index(k as u64));
            } else {
                break;
            }
        }
        if path.is_empty() {
            return self.initializer();
        }
        self.expect("=")?;
        let value = self.initializer()?;
        Ok(Initializer::Designated(path, Box::new(value), at))
    }
}

fn is_label(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::Case(_) | StmtKind::Default | StmtKind::Label(_)
    )
}

/// An array of a character type initialized from a string literal (`= "…"`
/// or `= { "…" }`): its type with the size the literal gives when none was
/// written (the bytes and the terminating zero), and the bytes as a list
/// (those that fit: `char t[3] = "abc"` drops the zero, as C allows).
pub(super) fn string_array_init(
    ty: &CType,
    init: Option<&Expr>,
    list: Option<&Initializer>,
) -> Option<(CType, Initializer)> {
    let CType::Array(elem, n) = ty else {
        return None;
    };
    if !matches!(
        **elem,
        CType::Int(IntKind::Char | IntKind::SChar | IntKind::UChar)
    ) {
        return None;
    }
    let lit = match (init, list) {
        (Some(e), _) => e,
        (None, Some(Initializer::List(items, _))) => match items.as_slice() {
            [Initializer::Expr(e)] => e,
            _ => return None,
        },
        _ => return None,
    };
    let ExprKind::StrLit(bytes) = &lit.kind else {
        return None;
    };
    let size = if *n == 0 { bytes.len() as u64 + 1 } else { *n };
    let items = bytes
        .iter()
        .copied()
        .chain(std::iter::once(0))
        .take(size as usize)
        .map(|b| {
            let mut e = Expr::new(ExprKind::IntLit(u64::from(b)), lit.span.clone());
            e.ty = (**elem).clone();
            Initializer::Expr(e)
        })
        .collect();
    Some((
        CType::Array(elem.clone(), size),
        Initializer::List(items, lit.span.clone()),
    ))
}
