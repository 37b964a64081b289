//! Sema's statements: block scopes, loops and switches (what `break`,
//! `continue`, `case` and `default` may appear in), `return` against the
//! function's return type (deduced or declared), labels and `goto`s, and
//! conditions.

use super::*;

impl<'a> Checker<'a> {
    /// Checks a statement and types the expressions in it.
    pub(super) fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Compound(stmts) => {
                self.scopes.push(HashMap::default());
                for s in stmts {
                    self.stmt(s);
                }
                self.scopes.pop();
            }
            StmtKind::Decl(decls) => self.local_declarations(decls),
            StmtKind::Expr(e) => self.expr_in_place(e, false),
            StmtKind::If(c, then, els) => {
                self.condition(c);
                self.stmt(then);
                if let Some(e) = els {
                    self.stmt(e);
                }
            }
            StmtKind::While(c, body, _) => {
                self.condition(c);
                self.loop_body(body);
            }
            StmtKind::DoWhile(body, c, _) => {
                self.loop_body(body);
                self.condition(c);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                self.scopes.push(HashMap::default());
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(c) = cond {
                    self.condition(c);
                }
                if let Some(st) = step {
                    self.expr_in_place(st, false);
                }
                self.loop_body(body);
                self.scopes.pop();
            }
            StmtKind::Return(e) if self.ret.is_deduced() => {
                // Deducing the return type: the first `return` says it.
                let ret = self.ret.clone();
                let t = match e.take() {
                    Some(v) => {
                        let (t, v) = self.returned_type(&ret, v);
                        *e = Some(v);
                        t
                    }
                    None => CType::Void,
                };
                self.returned.get_or_insert(t);
            }
            StmtKind::Return(e) if self.declared_ret.is_some() => {
                // A deduced return type: each `return` must agree with it.
                let ret = self.ret.clone();
                let declared = self.declared_ret.clone().unwrap_or(CType::Void);
                let (t, v) = match e.take() {
                    Some(v) => {
                        let (t, v) = self.returned_type(&declared, v);
                        (t, Some(v))
                    }
                    None => (CType::Void, None),
                };
                if t != ret {
                    let msg = format!(
                        "deduced return type \"{t}\" conflicts with previously deduced type \"{ret}\""
                    );
                    let at = v.as_ref().map_or(s.span.clone(), |v| v.span.clone());
                    self.err(&at, msg);
                }
                *e = v.map(|v| match &ret {
                    CType::Ref { pointee, konst } => {
                        self.bind_ref(v, pointee, *konst, "return a value")
                    }
                    _ => {
                        let v = self.decay(v);
                        self.assign_convert(v, &ret, "return a value")
                    }
                });
            }
            StmtKind::Return(e) => {
                let ret = self.ret.clone();
                match (e.take(), ret == CType::Void) {
                    (Some(v), true) => {
                        self.err(
                            &v.span,
                            "return value type does not match the function type",
                        );
                    }
                    (Some(mut v), false) => {
                        // `return {…};` builds the return type's value.
                        if let ExprKind::Construct(t @ CType::Auto, _, _) = &mut v.kind {
                            *t = ret.unref().clone();
                        }
                        *e = Some(match &ret {
                            CType::Ref { pointee, konst } => {
                                let v = self.expr(v);
                                self.bind_ref(v, pointee, *konst, "return a value")
                            }
                            _ => {
                                let v = self.rvalue(v);
                                self.assign_convert(v, &ret, "return a value")
                            }
                        });
                    }
                    (None, false) => self.err(&s.span, "return value expected"),
                    (None, true) => {}
                }
            }
            StmtKind::Break => {
                if self.breakable == 0 {
                    self.err(
                        &s.span,
                        "a break statement may only be used within a loop or switch",
                    );
                }
            }
            StmtKind::Continue => {
                if self.loops == 0 {
                    self.err(
                        &s.span,
                        "a continue statement may only be used within a loop",
                    );
                }
            }
            StmtKind::Switch(c, body) => {
                self.expr_in_place(c, false);
                if !c.ty.is_integer() {
                    self.err(&c.span, "expression must have integral or enum type");
                }
                let ty = if c.ty.is_integer() {
                    promote(&c.ty)
                } else {
                    CType::INT
                };
                let taken =
                    std::mem::replace(c, mk(ExprKind::IntLit(0), Span::default(), CType::Void));
                *c = convert(taken, &ty);
                self.switches.push(SwitchLabels {
                    ty,
                    cases: HashMap::default(),
                    default: false,
                });
                self.breakable += 1;
                self.stmt(body);
                self.breakable -= 1;
                self.switches.pop();
            }
            StmtKind::Case(v) => {
                let Some(sw) = self.switches.last() else {
                    self.err(&s.span, "a case label may only be used within a switch");
                    return;
                };
                let ty = sw.ty.clone();
                self.expr_in_place(v, false);
                let value = if v.ty.is_integer() {
                    const_eval(&convert(v.clone(), &ty)).map(|c| c.as_i64())
                } else {
                    None
                };
                let Some(value) = value else {
                    self.err(&v.span, "expression must have a constant value");
                    return;
                };
                let sw = self.switches.last_mut().expect("checked above");
                if let Some(line) = sw.cases.get(&value).copied() {
                    let msg = format!(
                        "case label value has already appeared in this switch at line {line}"
                    );
                    self.err(&v.span, msg);
                } else {
                    sw.cases.insert(value, v.span.line);
                }
                let span = v.span.clone();
                *v = mk(ExprKind::IntLit(value as u64), span, ty);
            }
            StmtKind::Default => match self.switches.last_mut() {
                None => self.err(&s.span, "a default label may only be used within a switch"),
                Some(sw) if sw.default => {
                    self.err(&s.span, "default label has already appeared in this switch")
                }
                Some(sw) => sw.default = true,
            },
            StmtKind::Label(name) => {
                if let Some(prev) = self.labels.get(name.as_str()) {
                    let msg = format!(
                        "label \"{name}\" has already been defined (previous definition at line {})",
                        prev.line
                    );
                    self.err(&s.span, msg);
                } else {
                    self.labels.insert(name.clone(), s.span.clone());
                }
            }
            StmtKind::Goto(name) => self.gotos.push((name.clone(), s.span.clone())),
            StmtKind::Asm(a) => self.asm_statement(a, &s.span),
            StmtKind::Empty => {}
        }
    }

    /// A loop's body: `break` and `continue` may appear in it.
    fn loop_body(&mut self, body: &mut Stmt) {
        self.loops += 1;
        self.breakable += 1;
        self.stmt(body);
        self.breakable -= 1;
        self.loops -= 1;
    }

    /// Every `goto` names a label of the function.
    pub(super) fn check_gotos(&mut self) {
        for (name, span) in std::mem::take(&mut self.gotos) {
            if !self.labels.contains_key(&name) {
                self.err(
                    &span,
                    format!("label \"{name}\" was referenced but not defined"),
                );
            }
        }
    }

    /// A condition (`if`, loops, `&&`, `||`): scalar, or a class object
    /// with a conversion to `bool`.
    pub(super) fn condition(&mut self, c: &mut Expr) {
        self.expr_in_place(c, true);
        if c.ty.is_record() {
            let taken = std::mem::replace(c, mk(ExprKind::IntLit(0), Span::default(), CType::Void));
            *c = self.user_conversion(taken, Some(&CType::Bool));
        }
        if c.ty.is_record() {
            self.err(
                &c.span,
                "expression must have bool type (or be convertible to bool)",
            );
        } else if !c.ty.is_scalar() && c.ty != CType::Void {
            let msg = format!(
                "expression must have scalar type but it has type \"{}\"",
                c.ty
            );
            self.err(&c.span, msg);
        }
    }

    /// Types an expression statement (or a `for` step, a `switch`'s
    /// condition) where it is.
    fn expr_in_place(&mut self, e: &mut Expr, _as_condition: bool) {
        let taken = std::mem::replace(e, mk(ExprKind::IntLit(0), Span::default(), CType::Void));
        *e = self.rvalue(taken);
    }
}
