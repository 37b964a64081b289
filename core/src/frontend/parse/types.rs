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
        // `float D::*m`: a pointer to data member (its offset); `R
        // (D::*f)(…)` is read by `paren_declarator`.
        if self.member_class_at(0) {
            while !self.eat("*") {
                self.pos += 1;
            }
            ty = member_pointer(false);
        }
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
                    "const" | "__const__" | "__const" => konst = true,
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
        // `(*name)(params)`, `(*name[N])(params)`, `(*name)[N]`,
        // `(&name)[N]`, `(C::*name)(params)`: a declarator in parentheses
        // around the name, binding tighter than what follows it.
        if self.at("(") && self.paren_declarator_follows() {
            return self.paren_declarator(ty);
        }
        // `Args... args`: a function parameter pack (a template's); its
        // pattern is the parameter's type (see `TemplateParam::pack`).
        self.eat("...");
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

    /// Whether the `(` here opens a declarator in parentheses: `(*`, `(&`,
    /// `(&&`, or a pointer to member `(C::*`, `(N::C::*`.
    fn paren_declarator_follows(&self) -> bool {
        self.peek_at(1)
            .is_some_and(|t| t.is("*") || t.is("&") || t.is("&&"))
            || self.member_class_at(1)
    }

    /// `( ptr-operators [name] [N]… )` then `(params)` or `[M]…`, at the
    /// `(`: the operators apply (left to right) to what the suffix makes of
    /// `outer`, the inner dimensions last (an array of pointers). The name
    /// is optional (a parameter's or a cast's type). `int (*p)[4]` is a
    /// pointer to an array, `float (&r)[4]` a reference to one,
    /// `float (*f)(float)` a pointer to function, `R (C::*m)(int)` a
    /// pointer to member function (host code's: laid out as Itanium's
    /// pair of words, a pointer to data member as its offset).
    fn paren_declarator(&mut self, outer: CType) -> PResult<Declarator> {
        enum Op {
            Ptr(bool, bool),
            Ref,
            Member,
        }
        self.expect("(")?;
        let mut ops = Vec::new();
        loop {
            if self.eat("*") {
                let (mut k, mut v) = (false, false);
                while let Some(t) = self.peek() {
                    match &*t.text {
                        "const" => k = true,
                        "volatile" => v = true,
                        "__restrict__" | "restrict" | "__restrict" => {}
                        _ => break,
                    }
                    self.pos += 1;
                }
                ops.push(Op::Ptr(k, v));
            } else if self.at("&") || self.at("&&") {
                let rvalue = self.at("&&");
                if rvalue && !self.host_declarator {
                    let span = self.span();
                    return self.error(span, "rvalue references are not supported yet");
                }
                self.pos += 1;
                ops.push(Op::Ref);
            } else if self.at("(") && self.paren_declarator_follows() {
                let span = self.span();
                return self.error(
                    span,
                    "a declarator nested in parentheses twice is not supported yet",
                );
            } else if self
                .peek()
                .is_some_and(|t| t.kind == TokKind::Ident || t.is("::"))
                && self.member_class_at(0)
            {
                // `C::*`: skip the class's name (the type does not keep it).
                while !self.eat("*") {
                    self.pos += 1;
                }
                while self.eat("const") || self.eat("volatile") {}
                ops.push(Op::Member);
            } else {
                break;
            }
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
        let mut ty = if self.eat("(") {
            let (params, variadic) = self.params()?;
            // A pointer to a const member function: `R (C::*)(int) const`.
            self.eat("const");
            self.function_suffix()?;
            CType::Func(std::rc::Rc::new(FuncType {
                ret: outer,
                params: params.into_iter().map(|p| p.ty).collect(),
                variadic,
            }))
        } else {
            self.array_dims(outer)?
        };
        for op in ops {
            ty = match op {
                Op::Ptr(konst, volatile) => CType::Ptr {
                    pointee: Box::new(ty),
                    konst,
                    volatile,
                },
                Op::Ref => CType::Ref {
                    pointee: Box::new(ty),
                    konst: false,
                },
                Op::Member => member_pointer(matches!(ty, CType::Func(_))),
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

    /// Whether `C::*` (or `::N::C::*`) is `n` tokens on: a pointer to
    /// member's class.
    fn member_class_at(&self, mut n: usize) -> bool {
        if self.peek_at(n).is_some_and(|t| t.is("::")) {
            n += 1;
        }
        while self
            .peek_at(n)
            .is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text))
            && self.peek_at(n + 1).is_some_and(|t| t.is("::"))
        {
            n += 2;
            if self.peek_at(n).is_some_and(|t| t.is("*")) {
                return true;
            }
        }
        false
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
            // A parameter hides a type or template of its name in the body
            // (`enum dir {…}; f(int *dir) { dir[i] = 0; }`).
            if let Some(n) = name
                .as_ref()
                .filter(|n| self.find_type(n).is_some() || self.find_template(n).is_some())
            {
                self.local_names.push(n.clone());
            }
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

    /// `__ptxlab_common_type(T, U)` (after the keyword): the type of `b ?
    /// t : u` for values of `T` and `U`, decayed, as `std::common_type`
    /// gives it: the usual arithmetic conversions for two arithmetic types,
    /// else the first type when both decay to it. (In a template's own
    /// signature the placeholders stand for any type: `T`.)
    pub(super) fn common_type_builtin(&mut self) -> PResult<CType> {
        let span = self.span();
        self.expect("(")?;
        let a = self.type_name()?;
        self.expect(",")?;
        let b = self.type_name()?;
        self.expect(")")?;
        let decay = |t: &CType| match t.unref() {
            CType::Array(e, _) => CType::ptr_to((**e).clone()),
            CType::Func(_) => CType::ptr_to(t.unref().clone()),
            t => t.clone(),
        };
        let (a, b) = (decay(&a), decay(&b));
        let arith = |t: &CType| t.is_arithmetic() && !matches!(t, CType::Record(_));
        if arith(&a) && arith(&b) {
            return Ok(crate::frontend::sema::common_type(&a, &b));
        }
        if a == b || self.pattern {
            return Ok(a);
        }
        self.error(span, format!("no common type for \"{a}\" and \"{b}\""))
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

/// A pointer to member as the Itanium C++ ABI lays it out: to a member
/// function, two words (the function or virtual table offset plus one, and
/// the `this` adjustment); to a data member, the member's offset
/// (`ptrdiff_t`). Host code declares them; device code may copy them.
fn member_pointer(function: bool) -> CType {
    let word = CType::Int(IntKind::Long);
    if !function {
        return word;
    }
    let r = Record::new("", false);
    let members = vec![
        ("__ptr".to_string(), word.clone(), None, 0),
        ("__adj".to_string(), word, None, 0),
    ];
    *r.layout.borrow_mut() = Some(Rc::new(crate::frontend::layout::Layout::of_class(
        &[],
        members,
        false,
        1,
        true,
    )));
    CType::Record(Rc::new(r))
}
