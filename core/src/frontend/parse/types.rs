//! Types as declarators write them: pointers, references, arrays and
//! pointers to functions around a name, parameter lists and what may follow
//! them, type names (casts, `sizeof`, template arguments) and `decltype`.

use super::*;

impl<'a> Parser<'a> {
    pub(super) fn declarator(
        &mut self,
        base: CType,
        konst: bool,
        volatile: bool,
    ) -> PResult<Declarator> {
        let mut ty = base;
        let (mut konst, mut volatile) = (konst, volatile);
        let mut restrict = false;
        while self.eat("*") {
            ty = CType::Ptr {
                pointee: Box::new(ty),
                konst,
                volatile,
            };
            konst = false;
            volatile = false;
            restrict = false;
            while let Some(t) = self.peek() {
                match &*t.text {
                    "const" => konst = true,
                    "volatile" => volatile = true,
                    "__restrict__" | "restrict" | "__restrict" => restrict = true,
                    _ => break,
                }
                self.pos += 1;
            }
        }
        let late = self.late_specifiers();
        if self.at("&&") && !self.host_declarator {
            let span = self.span();
            self.pos += 1;
            ty = self.rvalue_reference(ty, konst, span)?;
        } else if self.eat("&") || self.eat("&&") {
            ty = match ty {
                // `T &` with `T` a reference (a forwarding reference's
                // lvalue deduction): the reference it is.
                r @ CType::Ref { .. } => r,
                t => CType::Ref {
                    pointee: Box::new(t),
                    konst,
                },
            };
        }
        let late = self.late_specifiers_after(late);
        // `(*name)(params)`, `(*name[N])(params)`: a pointer to function
        // (or an array of them) returning `ty`.
        if self.at("(") && self.peek_at(1).is_some_and(|t| t.is("*")) {
            return self.function_pointer_declarator(ty);
        }
        let (name, span) = match self.peek() {
            Some(t) if t.is("operator") => {
                self.pos += 1;
                (Some(self.operator_name()?), t.span())
            }
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                (Some(t.text.to_string()), t.span())
            }
            _ => (None, self.span()),
        };
        // `S s(1, 2)` initializes; `f(int a)` and `f()` declare a function.
        let params_follow =
            self.starts_type_at(1) || self.peek_at(1).is_some_and(|t| t.is(")") || t.is("..."));
        if self.at("(") && params_follow {
            self.pos += 1;
            let (params, variadic) = self.params()?;
            let konst_fn = self.eat("const");
            let overrides = self.function_suffix()?;
            // A trailing return type: `auto f(int x) -> int`.
            if self.eat("->") {
                let (konst, volatile) = (false, false);
                let s = self.specifiers()?;
                let span = self.span();
                let Some(base) = s.ty else {
                    return self.error(span, "expected a type specifier");
                };
                let d = self.declarator(base, s.konst || konst, s.volatile || volatile)?;
                ty = d.ty;
            }
            return Ok(Declarator {
                name,
                span,
                ty,
                restrict,
                volatile,
                func: Some((params, variadic)),
                konst_fn,
                overrides,
                late,
            });
        }
        let ty = self.array_dims(ty)?;
        Ok(Declarator {
            name,
            span,
            ty,
            restrict,
            volatile,
            func: None,
            konst_fn: false,
            overrides: false,
            late,
        })
    }

    /// `T &&` in device code. In a function template's signature, with `T`
    /// one of its type parameters, a forwarding reference: a reference to
    /// the reference `T &` (a shape no declared type has), which deduction
    /// reads as C++ does (an lvalue argument makes `T` an lvalue reference,
    /// `A &`; another makes it `A`) and mangling writes `OT_`. In an
    /// instance, `A & &&` collapses to `A &`; `T &&` with `T = A` binds only
    /// values, so it is taken as that value (a `const A &&` as `const A &`):
    /// the callee sees the same object contents, which no caller can observe
    /// after the call (the instance's symbol is the template's, `OT_`). An
    /// rvalue reference written to another type is not supported yet.
    fn rvalue_reference(&mut self, ty: CType, konst: bool, span: Span) -> PResult<CType> {
        Ok(match ty {
            r @ CType::Ref { .. } => r,
            CType::Record(r)
                if self.pattern
                    && !konst
                    && self.placeholders.iter().any(|p| Rc::ptr_eq(p, &r)) =>
            {
                CType::Ref {
                    pointee: Box::new(CType::Ref {
                        pointee: Box::new(CType::Record(r)),
                        konst: false,
                    }),
                    konst: false,
                }
            }
            t if konst && self.rvalue_as_value => CType::Ref {
                pointee: Box::new(t),
                konst: true,
            },
            t if self.rvalue_as_value => t,
            // Elsewhere `A &&` would mangle `OA` and pass an address, as
            // nvcc's: not taken as a value.
            _ => return self.error(span, "rvalue references are not supported yet"),
        })
    }

    /// `__device__ __host__ inline` after a declarator's `*`/`&`
    /// (`Ty_ const & __device__ __host__ max_logan(…)`): nvcc takes them
    /// as the declaration's.
    fn late_specifiers(&mut self) -> LateSpecs {
        self.late_specifiers_after(LateSpecs::default())
    }

    fn late_specifiers_after(&mut self, mut late: LateSpecs) -> LateSpecs {
        while let Some(t) = self.peek() {
            match &*t.text {
                "__device__" => late.device = true,
                "__host__" => late.host = true,
                "inline" | "__inline__" => late.inline_kw = true,
                "__forceinline__" => late.inline = Some(InlineHint::Always),
                "__noinline__" => late.inline = Some(InlineHint::Never),
                _ => return late,
            }
            self.pos += 1;
        }
        late
    }

    /// `[N][M]…` after a declarator's name: `ty` as the array's element.
    fn array_dims(&mut self, ty: CType) -> PResult<CType> {
        let dims = self.dims()?;
        Ok(wrap_dims(ty, dims))
    }

    /// The sizes of `[N][M]…` (0 for a first `[]`).
    fn dims(&mut self) -> PResult<Vec<u64>> {
        let mut dims = Vec::new();
        while self.eat("[") {
            // `[]`: the size comes from the initializer, or from elsewhere (extern).
            if dims.is_empty() && self.eat("]") {
                dims.push(0);
                continue;
            }
            let nspan = self.span();
            let size = self.conditional()?;
            let n = self.const_value(&size).filter(|n| *n > 0);
            let Some(n) = n else {
                return self.error(nspan, "array size must be a positive integer constant");
            };
            self.expect("]")?;
            dims.push(n as u64);
        }
        Ok(dims)
    }

    /// `(* [const] name [N]…)(params)`, at the `(`: a pointer to a function
    /// returning `ret` (an array of them with dimensions), the name optional
    /// (a parameter's or a cast's type).
    fn function_pointer_declarator(&mut self, ret: CType) -> PResult<Declarator> {
        self.expect("(")?;
        let mut konst = Vec::new();
        while self.eat("*") {
            let mut k = false;
            while let Some(t) = self.peek() {
                match &*t.text {
                    "const" => k = true,
                    "volatile" | "__restrict__" | "restrict" | "__restrict" => {}
                    _ => break,
                }
                self.pos += 1;
            }
            konst.push(k);
        }
        let (name, span) = match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                (Some(t.text.to_string()), t.span())
            }
            _ => (None, self.span()),
        };
        if self.at("(") {
            let span = self.span();
            return self.error(
                span,
                "a function returning a function pointer is not supported yet",
            );
        }
        // The dimensions apply to the pointer (an array of pointers).
        let dims = self.dims()?;
        self.expect(")")?;
        self.expect("(")?;
        let (params, variadic) = self.params()?;
        let mut ty = CType::Func(std::rc::Rc::new(FuncType {
            ret,
            params: params.into_iter().map(|p| p.ty).collect(),
            variadic,
        }));
        for k in konst {
            ty = CType::Ptr {
                pointee: Box::new(ty),
                konst: k,
                volatile: false,
            };
        }
        let ty = wrap_dims(ty, dims);
        Ok(Declarator {
            name,
            span,
            ty,
            restrict: false,
            volatile: false,
            func: None,
            konst_fn: false,
            overrides: false,
            late: LateSpecs::default(),
        })
    }

    pub(super) fn params(&mut self) -> PResult<(Vec<Param>, bool)> {
        let mut params = Vec::new();
        if self.eat(")") {
            return Ok((params, false));
        }
        if self.at("void") && self.peek_at(1).is_some_and(|t| t.is(")")) {
            self.pos += 2;
            return Ok((params, false));
        }
        loop {
            if self.eat("...") {
                self.expect(")")?;
                return Ok((params, true));
            }
            let start = self.span();
            let s = self.specifiers()?;
            let Some(base) = s.ty else {
                return self.error(start, "expected a type specifier");
            };
            let d = self.declarator(base, s.konst, s.volatile)?;
            // Array parameters decay to pointers, function parameters
            // (`float f(float)`, `unaryfn f`) too.
            let (name, span, restrict) = (d.name.clone(), d.span.clone(), d.restrict);
            let ty = match d.full_type() {
                // `const T a[][N]`: a pointer to const (the element's).
                CType::Array(e, _) => {
                    // (`const T *a[4]` spent its `const` on the element pointer.)
                    let own = !matches!(innermost(&e), CType::Ptr { .. } | CType::Ref { .. });
                    CType::Ptr {
                        pointee: e,
                        konst: s.konst && own,
                        volatile: s.volatile && own,
                    }
                }
                f @ CType::Func(_) => CType::ptr_to(f),
                t => t,
            };
            let default = if self.eat("=") {
                Some(self.assignment()?)
            } else {
                None
            };
            let konst = s.konst && !ty.is_pointer() && !ty.is_ref();
            params.push(Param {
                name: name.unwrap_or_default(),
                ty,
                restrict,
                konst,
                span,
                default,
            });
            if self.eat(")") {
                return Ok((params, false));
            }
            self.expect(",")?;
        }
    }

    pub(super) fn type_name(&mut self) -> PResult<CType> {
        let span = self.span();
        let s = self.specifiers()?;
        let Some(base) = s.ty else {
            return self.error(span, "expected a type specifier");
        };
        let d = self.declarator(base, s.konst, s.volatile)?;
        if let Some(n) = d.name {
            return self.error(
                d.span,
                format!("unexpected identifier \"{n}\" in type name"),
            );
        }
        Ok(d.ty)
    }

    /// `decltype(e)` or `decltype(auto)` (after `decltype`): a type sema
    /// works out (see `ast::Decltype`).
    pub(super) fn decltype(&mut self) -> PResult<CType> {
        self.expect("(")?;
        if self.at("auto") && self.peek_at(1).is_some_and(|t| t.is(")")) {
            self.pos += 2;
            return Ok(CType::Decltype(Rc::new(Decltype {
                expr: None,
                id: false,
            })));
        }
        let paren = self.at("(");
        let e = self.expr_to_paren()?;
        let id = !paren
            && matches!(
                e.kind,
                ExprKind::Ident(_) | ExprKind::Member(..) | ExprKind::Arrow(..)
            );
        Ok(CType::Decltype(Rc::new(Decltype { expr: Some(e), id })))
    }

    /// What may follow a function's parameters (and `const`): `noexcept`,
    /// `noexcept(…)`, `throw()`, `override`, `final` (all without effect here).
    /// Whether `override` or `final` was among them.
    pub(super) fn function_suffix(&mut self) -> PResult<bool> {
        let mut overrides = false;
        loop {
            if self.eat("noexcept") || self.eat("throw") {
                if self.at("(") {
                    self.skip_parens();
                }
            } else if self.eat("override") || self.eat("final") {
                overrides = true;
            } else {
                return Ok(overrides);
            }
        }
    }
}

/// The element of arrays of arrays.
fn innermost(t: &CType) -> &CType {
    match t {
        CType::Array(e, _) => innermost(e),
        t => t,
    }
}

/// `ty` as the element of arrays of the sizes `dims` (outermost first).
fn wrap_dims(mut ty: CType, dims: Vec<u64>) -> CType {
    for n in dims.into_iter().rev() {
        ty = CType::Array(Box::new(ty), n);
    }
    ty
}
