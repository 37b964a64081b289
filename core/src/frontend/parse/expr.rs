//! Expressions: precedence climbing over the binary operators, unary and
//! postfix operators, casts (C's, named and functional), primaries (literals,
//! names, template-ids, values built from a type), and the constant values
//! the parser itself needs (array sizes, enumerators, template arguments).

use super::*;

impl<'a> Parser<'a> {
    /// An expression and the `)` that closes it (the `(` is taken): `>`
    /// inside is an operator even within template arguments.
    pub(super) fn expr_to_paren(&mut self) -> PResult<Expr> {
        self.enter()?;
        let no_gt = std::mem::replace(&mut self.no_gt, false);
        let e = self.expr();
        self.no_gt = no_gt;
        self.leave();
        let e = e?;
        self.expect(")")?;
        Ok(e)
    }

    pub(super) fn expr(&mut self) -> PResult<Expr> {
        let mut e = self.assignment()?;
        while self.at(",") {
            let span = self.span();
            self.pos += 1;
            let r = self.assignment()?;
            e = Expr::new(ExprKind::Comma(Box::new(e), Box::new(r)), span);
        }
        Ok(e)
    }

    pub(super) fn assignment(&mut self) -> PResult<Expr> {
        self.enter()?;
        let lhs = self.conditional()?;
        let op = self.peek().and_then(|t| {
            if t.kind != TokKind::Punct {
                return None;
            }
            Some(match &*t.text {
                "=" => None,
                "+=" => Some(BinOp::Add),
                "-=" => Some(BinOp::Sub),
                "*=" => Some(BinOp::Mul),
                "/=" => Some(BinOp::Div),
                "%=" => Some(BinOp::Rem),
                "<<=" => Some(BinOp::Shl),
                ">>=" => Some(BinOp::Shr),
                "&=" => Some(BinOp::BitAnd),
                "|=" => Some(BinOp::BitOr),
                "^=" => Some(BinOp::BitXor),
                _ => return None,
            })
        });
        let result = match op {
            Some(op) => {
                let span = self.span();
                self.pos += 1;
                let rhs = self.assignment()?;
                Ok(Expr::new(
                    ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                    span,
                ))
            }
            None => Ok(lhs),
        };
        self.leave();
        result
    }

    pub(super) fn conditional(&mut self) -> PResult<Expr> {
        let c = self.binary(0)?;
        if self.at("?") {
            let span = self.span();
            self.pos += 1;
            let a = self.expr()?;
            self.expect(":")?;
            let b = self.conditional()?;
            return Ok(Expr::new(
                ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
                span,
            ));
        }
        Ok(c)
    }

    fn binary(&mut self, min_prec: u8) -> PResult<Expr> {
        let lhs = self.unary()?;
        // Each operator of a chain makes the tree one level deeper (and later
        // stages recurse over it): count them against the nesting limit.
        let mut levels = 0;
        let result = self.binary_chain(lhs, min_prec, &mut levels);
        for _ in 0..levels {
            self.leave();
        }
        result
    }

    fn binary_chain(&mut self, mut lhs: Expr, min_prec: u8, levels: &mut usize) -> PResult<Expr> {
        loop {
            let Some(t) = self.peek().filter(|t| t.kind == TokKind::Punct) else {
                return Ok(lhs);
            };
            let (op, prec) = match &*t.text {
                "||" => (BinOp::LogOr, 1),
                "&&" => (BinOp::LogAnd, 2),
                "|" => (BinOp::BitOr, 3),
                "^" => (BinOp::BitXor, 4),
                "&" => (BinOp::BitAnd, 5),
                "==" => (BinOp::Eq, 6),
                "!=" => (BinOp::Ne, 6),
                "<" => (BinOp::Lt, 7),
                ">" => (BinOp::Gt, 7),
                "<=" => (BinOp::Le, 7),
                ">=" => (BinOp::Ge, 7),
                "<<" => (BinOp::Shl, 8),
                ">>" => (BinOp::Shr, 8),
                "+" => (BinOp::Add, 9),
                "-" => (BinOp::Sub, 9),
                "*" => (BinOp::Mul, 10),
                "/" => (BinOp::Div, 10),
                "%" => (BinOp::Rem, 10),
                _ => return Ok(lhs),
            };
            if prec < min_prec || self.no_gt && matches!(op, BinOp::Gt | BinOp::Shr) {
                return Ok(lhs);
            }
            let span = t.span();
            self.pos += 1;
            self.enter()?;
            *levels += 1;
            let rhs = self.binary(prec + 1)?;
            lhs = Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        let span = self.span();
        let Some(t) = self.peek() else {
            return self.error(span, "expected an expression");
        };
        let op = if t.kind == TokKind::Punct {
            match &*t.text {
                "-" => Some(UnOp::Neg),
                "+" => Some(UnOp::Plus),
                "!" => Some(UnOp::Not),
                "~" => Some(UnOp::BitNot),
                "*" => Some(UnOp::Deref),
                "&" => Some(UnOp::AddrOf),
                "++" => Some(UnOp::PreInc),
                "--" => Some(UnOp::PreDec),
                _ => None,
            }
        } else {
            None
        };
        if let Some(op) = op {
            self.pos += 1;
            self.enter()?;
            let e = self.unary();
            self.leave();
            return Ok(Expr::new(ExprKind::Unary(op, Box::new(e?)), span));
        }
        // `alignof(type)` (and `_Alignof`, `__alignof__`): a size_t constant.
        if (t.is("alignof") || t.is("_Alignof") || t.is("__alignof__"))
            && self.peek_at(1).is_some_and(|n| n.is("("))
            && self.starts_type_at(2)
        {
            self.pos += 2;
            let ty = self.type_name()?;
            self.expect(")")?;
            let mut e = Expr::new(ExprKind::IntLit(ty.align()), span);
            e.ty = CType::Int(IntKind::ULong);
            return Ok(e);
        }
        let scoped = t.is("::")
            && self
                .peek_at(1)
                .is_some_and(|n| n.is("new") || n.is("delete"));
        if scoped || t.is("new") || t.is("delete") {
            self.pos += usize::from(scoped);
            return self.new_or_delete(span);
        }
        if t.is("sizeof") {
            self.pos += 1;
            if self.at("(") && self.starts_type_at(1) {
                self.pos += 1;
                let ty = self.type_name()?;
                self.expect(")")?;
                return Ok(Expr::new(ExprKind::SizeofType(ty), span));
            }
            let e = self.unary()?;
            // sizeof expr: the type is known after sema; wrap for it.
            return Ok(Expr::new(
                ExprKind::Call("__sizeof_expr".into(), vec![e]),
                span,
            ));
        }
        // Casts: `(type) expr`.
        if t.is("(") {
            let save = self.pos;
            self.pos += 1;
            // `(int(b) << 16)`: a parenthesized expression that starts with
            // a functional cast, not a cast; read again as an expression.
            let functional = self.starts_type() && {
                let (at, ndiags) = (self.pos, self.diags.len());
                let cast = self.type_name().is_ok() && self.at(")");
                self.pos = at;
                self.diags.truncate(ndiags);
                !cast
            };
            if self.starts_type() && !functional {
                let ty = self.type_name()?;
                self.expect(")")?;
                // C's compound literal `(float2){ a, b }`: a value of the type.
                if self.at("{") {
                    return self.construct(ty, span);
                }
                self.enter()?;
                let e = self.unary();
                self.leave();
                let mut cast = Expr::new(
                    ExprKind::Cast {
                        expr: Box::new(e?),
                        implicit: false,
                    },
                    span,
                );
                cast.ty = ty;
                return Ok(cast);
            }
            self.pos = save;
        }
        self.postfix()
    }

    /// The value of a constant expression the parser needs (array sizes,
    /// `__launch_bounds__`, enumerator values, designators); enumerators
    /// are known by now.
    pub(super) fn const_value(&self, e: &Expr) -> Option<i64> {
        let mut e = e.clone();
        self.substitute_enumerators(&mut e, 0);
        const_eval(&e).map(|v| v.as_i64())
    }

    pub(super) fn substitute_enumerators(&self, e: &mut Expr, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        match &mut e.kind {
            ExprKind::Ident(name) => {
                if let Some(lit) = self.constant_literal(name, &e.span) {
                    *e = lit;
                }
            }
            // `sizeof("abc")` (`sizeof` of a literal): its size.
            ExprKind::Call(name, args)
                if name == "__sizeof_expr"
                    && args.first().is_some_and(|a| {
                        matches!(
                            a.kind,
                            ExprKind::StrLit(_) | ExprKind::IntLit(_) | ExprKind::FloatLit(_)
                        ) && a.ty != CType::Void
                    }) =>
            {
                let a = &args[0];
                let size = match &a.kind {
                    ExprKind::StrLit(b) => b.len() as u64 + 1,
                    _ => a.ty.size().unwrap_or(0),
                };
                e.kind = ExprKind::IntLit(size);
                e.ty = CType::Int(IntKind::ULong);
            }
            ExprKind::Call(name, args) => {
                if let Some(mut body) = self.inline_constexpr(name, args) {
                    self.substitute_enumerators(&mut body, depth + 1);
                    *e = body;
                } else if let Some(mut pick) = min_max(name, args) {
                    self.substitute_enumerators(&mut pick, depth + 1);
                    *e = pick;
                }
            }
            ExprKind::TemplateCall(name, _, args) => {
                if let Some(mut pick) = min_max(name, args) {
                    self.substitute_enumerators(&mut pick, depth + 1);
                    *e = pick;
                }
            }
            ExprKind::NamedCast(_, a) => {
                let inner =
                    std::mem::replace(&mut **a, Expr::new(ExprKind::IntLit(0), Span::default()));
                e.kind = ExprKind::Cast {
                    expr: Box::new(inner),
                    implicit: false,
                };
                self.substitute_enumerators(e, depth + 1);
            }
            ExprKind::Construct(t, args, _) if t.is_arithmetic() && args.len() == 1 => {
                let t = t.clone();
                let inner = args.pop().expect("one argument");
                e.kind = ExprKind::Cast {
                    expr: Box::new(inner),
                    implicit: false,
                };
                e.ty = t;
                self.substitute_enumerators(e, depth + 1);
            }
            ExprKind::Unary(_, a) | ExprKind::Cast { expr: a, .. } => {
                self.substitute_enumerators(a, depth + 1)
            }
            ExprKind::Binary(_, a, b) => {
                self.substitute_enumerators(a, depth + 1);
                self.substitute_enumerators(b, depth + 1);
            }
            ExprKind::Cond(c, a, b) => {
                self.substitute_enumerators(c, depth + 1);
                self.substitute_enumerators(a, depth + 1);
                self.substitute_enumerators(b, depth + 1);
            }
            // An element of a constant array (`depth_to_max[n - 1]`).
            ExprKind::Index(base, i) => {
                self.substitute_enumerators(i, depth + 1);
                let ExprKind::Ident(name) = &base.kind else {
                    return;
                };
                let Some((values, ty)) = self
                    .candidates(name)
                    .into_iter()
                    .find_map(|c| self.cxx.constant_arrays.get(&c))
                else {
                    return;
                };
                let value = const_eval(i)
                    .and_then(|k| usize::try_from(k.as_i64()).ok())
                    .and_then(|k| values.get(k));
                if let Some(&v) = value {
                    let mut lit = Expr::new(ExprKind::IntLit(v as u64), e.span.clone());
                    lit.ty = ty.clone();
                    *e = lit;
                }
            }
            _ => {}
        }
    }

    /// `C::member` with `C` another name of a class (a template's type
    /// parameter bound to it, a typedef): the member by the class's own
    /// name (`Cfg::threads`), which is how constants and members are known.
    fn through_alias(&self, name: String) -> String {
        let Some((class, member)) = name.rsplit_once("::") else {
            return name;
        };
        match self.find_type(class) {
            Some(CType::Record(r))
                if crate::frontend::lookup::last_part(&r.name.borrow())
                    != crate::frontend::lookup::last_part(class)
                    && !r.name.borrow().is_empty() =>
            {
                format!("{}::{member}", r.name.borrow())
            }
            _ => name,
        }
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            let span = self.span();
            if self.eat("[") {
                let i = self.expr()?;
                self.expect("]")?;
                e = Expr::new(ExprKind::Index(Box::new(e), Box::new(i)), span);
            } else if self.at(".") || self.at("->") {
                let arrow = self.at("->");
                self.pos += 1;
                let name = if self.eat("operator") {
                    self.operator_name()?
                } else if self.peek_at(1).is_some_and(|t| t.is("::")) {
                    // `d.Base::f()`, `p->Base::x`: a base's member, by the
                    // base's full name.
                    let len = self.qualified_len(0);
                    let written = self.qualified_text(0, len);
                    self.pos += len;
                    match written.rsplit_once("::") {
                        Some((class, member)) => match self.find_type(class) {
                            Some(CType::Record(r)) => format!("{}::{member}", r.name.borrow()),
                            _ => {
                                return self.error(
                                    span,
                                    format!("\"{class}\" is not a class or struct name"),
                                )
                            }
                        },
                        None => written,
                    }
                } else {
                    self.eat("template"); // `o.template get<T>()`
                    self.ident()?.0
                };
                // `o.get<float>(i)`: a member function template's arguments.
                let explicit = if self.at("<") && self.names_member_template(&name) {
                    self.pos += 1;
                    let args = self.template_args()?;
                    if !self.at("(") {
                        return self.error(span, "expected a \"(\"");
                    }
                    args
                } else {
                    Vec::new()
                };
                if self.at("(") {
                    let Expr {
                        kind: ExprKind::Construct(_, args, _),
                        ..
                    } = self.construct(CType::Void, span.clone())?
                    else {
                        return self.error(span, "expected an argument list");
                    };
                    let object = if arrow {
                        Expr::new(ExprKind::Unary(UnOp::Deref, Box::new(e)), span.clone())
                    } else {
                        e
                    };
                    e = Expr::new(
                        ExprKind::MemberCall(Box::new(object), name, explicit, args),
                        span,
                    );
                } else if arrow {
                    e = Expr::new(ExprKind::Arrow(Box::new(e), name), span);
                } else {
                    e = Expr::new(ExprKind::Member(Box::new(e), name), span);
                }
            } else if self.eat("++") {
                e = Expr::new(ExprKind::Unary(UnOp::PostInc, Box::new(e)), span);
            } else if self.eat("--") {
                e = Expr::new(ExprKind::Unary(UnOp::PostDec, Box::new(e)), span);
            } else if self.at("(") {
                self.pos += 1;
                let args = self.call_args()?;
                e = match &e.kind {
                    ExprKind::Ident(name) => Expr::new(ExprKind::Call(name.clone(), args), e.span),
                    // Through a pointer to function (sema checks the type).
                    _ => Expr::new(ExprKind::CallPtr(Box::new(e), args), span),
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let span = self.span();
        let Some(t) = self.peek() else {
            return self.error(span, "expected an expression");
        };
        self.pos += 1;
        match t.kind {
            TokKind::Number => {
                if let Some((v, ty)) = parse_int_literal(&t.text) {
                    let mut e = Expr::new(ExprKind::IntLit(v), span);
                    e.ty = ty;
                    Ok(e)
                } else if let Some((v, ty)) = parse_float_literal(&t.text) {
                    let mut e = Expr::new(ExprKind::FloatLit(v), span);
                    e.ty = ty;
                    Ok(e)
                } else {
                    self.error(span, format!("invalid numeric literal \"{}\"", t.text))
                }
            }
            TokKind::Char => match parse_char_literal(&t.text) {
                Some(v) => {
                    let mut e = Expr::new(ExprKind::IntLit(v as u64), span);
                    e.ty = CType::Int(IntKind::Char);
                    Ok(e)
                }
                None => self.error(span, format!("invalid character constant {}", t.text)),
            },
            TokKind::Str => {
                // Adjacent literals concatenate ("a" "b").
                let mut bytes = unescape(string_body(&t.text));
                while let Some(next) = self.peek().filter(|n| n.kind == TokKind::Str) {
                    bytes.extend(unescape(string_body(&next.text)));
                    self.pos += 1;
                }
                let mut e = Expr::new(ExprKind::StrLit(bytes), span);
                e.ty = CType::Ptr {
                    pointee: Box::new(CType::Int(IntKind::Char)),
                    konst: true,
                    volatile: false,
                };
                Ok(e)
            }
            TokKind::Ident => match &*t.text {
                "true" | "false" => {
                    let mut e = Expr::new(ExprKind::BoolLit(&*t.text == "true"), span);
                    e.ty = CType::Bool;
                    Ok(e)
                }
                "nullptr" | "NULL" => {
                    let mut e = Expr::new(ExprKind::IntLit(0), span);
                    e.ty = CType::ptr_to(CType::Void);
                    Ok(e)
                }
                "__builtin_offsetof" | "offsetof" if self.at("(") => self.offsetof(span),
                "static_cast" => self.named_cast(CastKind::Static, span),
                "reinterpret_cast" => self.named_cast(CastKind::Reinterpret, span),
                "const_cast" => self.named_cast(CastKind::Const, span),
                w if TYPE_WORDS.contains(&w) && (self.at("(") || self.at("{")) => {
                    let ty = type_from_words(&[w.to_string()]).unwrap_or(CType::INT);
                    self.construct(ty, span)
                }
                w if is_keyword(w) => {
                    self.error(span, format!("expected an expression before \"{w}\""))
                }
                w if self.template_values.contains_key(w) => {
                    let (v, ty) = self.template_values[w].clone();
                    let mut e = Expr::new(ExprKind::IntLit(v as u64), span);
                    e.ty = ty;
                    Ok(e)
                }
                _ if self
                    .template_id_from(self.pos - 1)
                    .is_some_and(|(d, _)| self.templates.defs[d].is_variable()) =>
                {
                    // `pi_v<float>`, `mask<T>[j]`, `std::is_same_v<T, int>`.
                    let Some((d, len)) = self.template_id_from(self.pos - 1) else {
                        return self.error(span, "expected an expression");
                    };
                    self.pos += len;
                    let targs = self.template_args()?;
                    self.variable_instance(d, targs, &span)
                }
                _ if self
                    .template_id_from(self.pos - 1)
                    .is_some_and(|(d, _)| self.templates.defs[d].is_class()) =>
                {
                    // `Traits<T>::size`, `Traits<T>::one()`, `Pair<T>(a, b)`.
                    self.pos -= 1;
                    let Some(ty) = self.specifiers()?.ty else {
                        return self.error(span, "expected a type specifier");
                    };
                    if self.eat("::") {
                        // (`Traits<T>::template cast<N>(x)`: the
                        // disambiguator, which the known instance makes
                        // redundant.)
                        self.eat("template");
                        let (member, _) = self.ident()?;
                        let CType::Record(r) = &ty else {
                            return self.error(span, format!("\"{ty}\" is not a class"));
                        };
                        let name = format!("{}::{member}", r.name.borrow());
                        if let Some(lit) = self.constant_literal(&name, &span) {
                            return Ok(lit);
                        }
                        // `vec_cast<T, S>::cast<N>(d, s)`: a member
                        // template of the instance, called (EDG reads it
                        // without `template`, the instance being known).
                        return self.member_template_call(name, span);
                    }
                    if self.at("(") || self.at("{") {
                        return self.construct(ty, span);
                    }
                    self.error(span, "expected a \"(\"")
                }
                _ if self
                    .template_id_from(self.pos - 1)
                    .is_some_and(|(d, _)| self.templates.defs[d].is_function()) =>
                {
                    // `f<float>(x)`, `cg::tiled_partition<32>(block)`.
                    self.pos -= 1;
                    let len = self.qualified_len(0).max(1);
                    let name = self.qualified_text(0, len);
                    self.pos += len + 1;
                    let targs = self.template_args()?;
                    if !self.eat("(") {
                        let at = self.span();
                        return self.error(at, "expected a \"(\"");
                    }
                    let args = self.call_args()?;
                    Ok(Expr::new(ExprKind::TemplateCall(name, targs, args), span))
                }
                _ => {
                    // A (qualified) name; a type's name before `(` or `{`
                    // builds a value of the type.
                    self.pos -= 1;
                    let len = self.qualified_len(0).max(1);
                    let mut name = self.qualified_text(0, len);
                    self.pos += len;
                    // `Impl::template reduce<N>(x)`: a member template
                    // through a class's alias, after the disambiguator.
                    let disambiguated = match name.strip_suffix("::template") {
                        Some(class) => {
                            let (member, _) = self.ident()?;
                            name = format!("{class}::{member}");
                            true
                        }
                        None => false,
                    };
                    if !disambiguated && (self.at("(") || self.at("{")) {
                        if let Some(ty) = self.find_type(&name) {
                            return self.construct(ty, span);
                        }
                    }
                    let name = self.through_alias(name);
                    // `Impl::reduce<N>(x)`: a static member template of
                    // the class an alias names, called with arguments.
                    if name.contains("::") {
                        return self.member_template_call(name, span);
                    }
                    Ok(Expr::new(ExprKind::Ident(name), span))
                }
            },
            _ if t.is("::") => {
                self.pos -= 1;
                let len = self.qualified_len(0);
                if len == 0 {
                    return self.error(span, "expected an identifier");
                }
                let name = self.qualified_text(0, len);
                self.pos += len;
                Ok(Expr::new(ExprKind::Ident(name), span))
            }
            _ if t.is("(") && self.at("{") => self.statement_expression(span),
            _ if t.is("(") => self.expr_to_paren(),
            _ if t.is("[") => self.lambda(span),
            // `s = {a, b}`, `f({a, b})`: a braced list, whose type is the
            // assigned object's or the parameter's (sema's).
            _ if t.is("{") => {
                self.pos -= 1;
                self.construct(CType::Auto, span)
            }
            _ => self.error(
                span,
                format!("expected an expression before \"{}\"", t.text),
            ),
        }
    }

    /// After `C::name` (`C` a class): a call of its static member template
    /// with arguments where `<` follows and `name` is one, else the name.
    fn member_template_call(&mut self, name: String, span: Span) -> PResult<Expr> {
        let member_template = self
            .find_template(&name)
            .is_some_and(|d| self.templates.defs[d].is_function());
        if member_template && self.eat("<") {
            let targs = self.template_args()?;
            if !self.eat("(") {
                let at = self.span();
                return self.error(at, "expected a \"(\"");
            }
            let args = self.call_args()?;
            return Ok(Expr::new(ExprKind::TemplateCall(name, targs, args), span));
        }
        Ok(Expr::new(ExprKind::Ident(name), span))
    }

    /// `offsetof(T, m.n[2])` (`__builtin_offsetof`; `<stddef.h>`'s macro),
    /// after the name: the member's byte offset, a `size_t` constant.
    fn offsetof(&mut self, span: Span) -> PResult<Expr> {
        self.expect("(")?;
        let mut ty = self.type_name()?;
        self.expect(",")?;
        let mut offset = 0u64;
        let mut first = true;
        loop {
            if first || self.eat(".") {
                first = false;
                let (name, nspan) = self.ident()?;
                let found = match &ty {
                    CType::Record(r) => r.member(&name),
                    _ => None,
                };
                let Some((off, mty)) = found else {
                    let msg = format!("class \"{ty}\" has no member \"{name}\"");
                    return self.error(nspan, msg);
                };
                offset += off;
                ty = mty;
            } else if self.eat("[") {
                let ispan = self.span();
                let e = self.conditional()?;
                self.expect("]")?;
                let (Some(k), CType::Array(elem, _)) = (self.const_value(&e), &ty) else {
                    return self.error(ispan, "expression must have a constant value");
                };
                offset += (k as u64).wrapping_mul(elem.size().unwrap_or(0));
                ty = (**elem).clone();
            } else {
                break;
            }
        }
        self.expect(")")?;
        let mut e = Expr::new(ExprKind::IntLit(offset), span);
        e.ty = CType::Int(IntKind::ULong);
        Ok(e)
    }

    /// GNU's `({ statements; expression; })`, after the `(`.
    fn statement_expression(&mut self, span: Span) -> PResult<Expr> {
        let block = self.compound()?;
        self.expect(")")?;
        let StmtKind::Compound(mut stmts) = block.kind else {
            return self.error(span, "expected a \"{\"");
        };
        let Some(Stmt {
            kind: StmtKind::Expr(last),
            ..
        }) = stmts.pop()
        else {
            return self.error(
                span,
                "a statement expression must end with an expression here",
            );
        };
        Ok(Expr::new(ExprKind::StmtExpr(stmts, Box::new(last)), span))
    }

    /// The arguments of a call, after its `(`, up to and including `)`.
    fn call_args(&mut self) -> PResult<Vec<Expr>> {
        let no_gt = std::mem::replace(&mut self.no_gt, false);
        let mut args = Vec::new();
        let result = (|| {
            if !self.eat(")") {
                loop {
                    args.push(self.assignment()?);
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            Ok(())
        })();
        self.no_gt = no_gt;
        result.map(|()| args)
    }

    /// `static_cast<T>(e)`, `reinterpret_cast<T>(e)`, `const_cast<T>(e)`
    /// (the keyword already read).
    fn named_cast(&mut self, kind: CastKind, span: Span) -> PResult<Expr> {
        self.expect("<")?;
        let ty = self.type_name()?;
        self.expect(">")?;
        self.expect("(")?;
        self.enter()?;
        let e = self.expr();
        self.leave();
        let e = e?;
        self.expect(")")?;
        let mut cast = Expr::new(ExprKind::NamedCast(kind, Box::new(e)), span);
        cast.ty = ty;
        Ok(cast)
    }

    /// `new T`, `new T(args)`, `new T{args}`, `new T[n]`, `delete p`,
    /// `delete[] p` (at the keyword): calls sema makes device `malloc` and
    /// the constructor, or the destructor and `free` (`Checker::new_expr`,
    /// `Checker::delete_expr`). `new T` is `__ptxlab_new(sizeof(T))`, with
    /// an initializer `__ptxlab_new(T(args))`, an array
    /// `__ptxlab_new(sizeof(T), n)`; `delete` is `__ptxlab_delete(p)`.
    fn new_or_delete(&mut self, span: Span) -> PResult<Expr> {
        if self.eat("delete") {
            if self.eat("[") {
                self.expect("]")?;
            }
            self.enter()?;
            let e = self.unary();
            self.leave();
            return Ok(Expr::new(
                ExprKind::Call("__ptxlab_delete".into(), vec![e?]),
                span,
            ));
        }
        self.expect("new")?;
        if self.at("(") {
            return self.error(span, "placement new is not supported yet in device code");
        }
        let mut ty = self.specifiers()?.ty.unwrap_or(CType::INT);
        while self.eat("*") {
            ty = CType::ptr_to(ty);
            while self.eat("const") || self.eat("volatile") {}
        }
        if self.eat("[") {
            self.enter()?;
            let n = self.expr();
            self.leave();
            let n = n?;
            self.expect("]")?;
            let size = Expr::new(ExprKind::SizeofType(ty), span.clone());
            return Ok(Expr::new(
                ExprKind::Call("__ptxlab_new".into(), vec![size, n]),
                span,
            ));
        }
        let init = if self.at("(") || self.at("{") {
            self.construct(ty, span.clone())?
        } else {
            Expr::new(ExprKind::SizeofType(ty), span.clone())
        };
        Ok(Expr::new(
            ExprKind::Call("__ptxlab_new".into(), vec![init]),
            span,
        ))
    }

    /// `T(args)` or `T{args}` after the type `T`.
    pub(super) fn construct(&mut self, ty: CType, span: Span) -> PResult<Expr> {
        let braced = self.at("{");
        let close = if braced { "}" } else { ")" };
        self.pos += 1;
        self.enter()?;
        let mut args = Vec::new();
        while !self.at(close) {
            // In braces, an item may be a nested list or designated.
            let item = if braced {
                self.initializer_item().map(|i| match i {
                    Initializer::Expr(e) => e,
                    i => {
                        let span = match &i {
                            Initializer::List(_, s) | Initializer::Designated(_, _, s) => s.clone(),
                            Initializer::Expr(e) => e.span.clone(),
                        };
                        Expr::new(ExprKind::InitItem(Box::new(i)), span)
                    }
                })
            } else {
                self.assignment()
            };
            match item {
                Ok(a) => args.push(a),
                Err(Stop) => {
                    self.leave();
                    return Err(Stop);
                }
            }
            if !self.eat(",") {
                break;
            }
        }
        self.leave();
        self.expect(close)?;
        Ok(Expr::new(ExprKind::Construct(ty, args, braced), span))
    }
}

/// `std::min(a, b)` or `std::max(a, b)` (constexpr function templates) as
/// the conditional they compute, so constants initialized by them read
/// (`static constexpr int kSize = std::min(N * 4, 32 * 1024);`).
fn min_max(name: &str, args: &[Expr]) -> Option<Expr> {
    let [a, b] = args else { return None };
    let less = |x: &Expr, y: &Expr| {
        let mut c = Expr::new(
            ExprKind::Binary(BinOp::Lt, Box::new(x.clone()), Box::new(y.clone())),
            x.span.clone(),
        );
        c.ty = CType::Bool;
        c
    };
    let (cond, yes, no) = match name.trim_start_matches("::") {
        "std::min" => (less(b, a), b, a),
        "std::max" => (less(a, b), b, a),
        _ => return None,
    };
    let mut e = Expr::new(
        ExprKind::Cond(Box::new(cond), Box::new(yes.clone()), Box::new(no.clone())),
        a.span.clone(),
    );
    e.ty = a.ty.clone();
    Some(e)
}
