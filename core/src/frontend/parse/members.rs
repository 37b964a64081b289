//! The member functions of a class: constructors with their member
//! initializer lists, destructors, methods (`this` their first parameter),
//! conversion functions, static members and typedefs, friends, and member
//! functions defined out of their class (`float S::f() const { … }`), read in
//! the class's scope as the in-class ones.

use super::*;

impl<'a> Parser<'a> {
    /// A constructor in a struct body (`S(int a) : x(a) { … }`), the
    /// specifiers before it already read.
    pub(super) fn constructor(&mut self, record: &Rc<Record>, specs: &Specs) -> PResult<()> {
        let (_, span) = self.ident()?;
        self.expect("(")?;
        let (params, variadic) = self.params()?;
        self.function_suffix()?;
        let simple = crate::frontend::lookup::last_part(&record.name.borrow()).to_string();
        if !self.exec_space(specs).on_device() && (self.at(":") || self.at("{")) {
            // A host constructor's initializers and body are host code.
            self.skip_host_constructor();
            record.non_pod.set(true);
            self.push_method(
                record,
                &simple,
                CType::Void,
                params,
                variadic,
                specs,
                span,
                false,
                None,
            );
            return Ok(());
        }
        let mut inits = Vec::new();
        if self.eat(":") {
            loop {
                inits.push(self.mem_initializer()?);
                if !self.eat(",") {
                    break;
                }
            }
        }
        let body = if self.eat("=") {
            if self.eat("delete") {
                // `= delete` (tinythread's non-copyable mutex): declared,
                // never defined; a valid program does not call it.
                self.expect(";")?;
                None
            } else {
                // `= default`: the implicit one, as if not declared (the
                // class stays an aggregate, default initialization does the
                // rest).
                self.defaulted()?;
                return self.expect(";");
            }
        } else if self.at("{") {
            Some(self.compound()?)
        } else {
            self.expect(";")?;
            None
        };
        record.non_pod.set(true);
        self.push_method(
            record,
            &simple,
            CType::Void,
            params,
            variadic,
            specs,
            span,
            false,
            body,
        );
        if let Some(f) = self.cxx.methods.last_mut() {
            f.mem_inits = inits;
        }
        Ok(())
    }

    /// One member initializer: `x(a)`, `x{a}`, `Base(a, b)`, `N::Base<T>{}`.
    fn mem_initializer(&mut self) -> PResult<MemInit> {
        let span = self.span();
        // A base class by its type; the class's own name before `(` is no
        // type here (a delegating constructor: sema knows it by its name).
        let target = if self.starts_type() {
            match self.specifiers()?.ty {
                Some(t) => MemInitTarget::Class(t),
                None => return self.error(span, "expected an identifier"),
            }
        } else {
            MemInitTarget::Member(self.ident()?.0)
        };
        if !self.at("{") && !self.at("(") {
            self.expect("(")?;
        }
        let Expr {
            kind: ExprKind::Construct(_, args, braced),
            ..
        } = self.construct(CType::Void, span.clone())?
        else {
            return self.error(span, "expected a member initializer");
        };
        Ok(MemInit {
            target,
            args,
            braced,
            span,
        })
    }

    /// A `friend` declaration in a class body: `friend class F;`, or a
    /// function of the enclosing namespace declared (or defined) here.
    pub(super) fn friend(&mut self) -> PResult<()> {
        self.pos += 1;
        if self.at("class") || self.at("struct") {
            while !self.at(";") && !self.at_eof() {
                self.pos += 1;
            }
            return self.expect(";");
        }
        self.friend_declaration()
    }

    /// Whether a member declaration is a friend's whose function specifiers
    /// come first (`__host__ __device__ inline friend T f(…)`).
    pub(super) fn friend_after_specifiers(&self) -> bool {
        let mut k = 0;
        while let Some(t) = self.peek_at(k) {
            match &*t.text {
                "friend" => return k > 0,
                "__host__" | "__device__" | "__forceinline__" | "__noinline__" | "inline"
                | "__inline__" | "constexpr" | "static" => k += 1,
                _ => return false,
            }
        }
        false
    }

    /// A friend function's declaration or definition (at its specifiers;
    /// `friend` among them reads as one).
    pub(super) fn friend_declaration(&mut self) -> PResult<()> {
        // The function belongs to the namespace around the class.
        let inner = self.cxx.ns.pop();
        let ctor = self.cxx.ctor_name.take();
        let mut functions = Vec::new();
        let r = self.declaration(&mut functions, false);
        self.cxx.ctor_name = ctor;
        self.cxx.ns.extend(inner);
        self.cxx
            .methods
            .extend(functions.into_iter().map(Rc::unwrap_or_clone));
        r
    }

    /// `default` after `=` in a special member's declaration.
    fn defaulted(&mut self) -> PResult<()> {
        let span = self.span();
        if self.eat("default") {
            return Ok(());
        }
        if self.at("delete") {
            return self.error(span, "deleted functions are not supported yet");
        }
        self.error(span, "expected \"default\"")
    }

    /// A destructor in a struct body (`~S() {}`, `~S() = default;`): a
    /// trivial one does nothing and is accepted; one with statements is
    /// not supported.
    pub(super) fn destructor(&mut self, record: &Rc<Record>, specs: Option<&Specs>) -> PResult<()> {
        let span = self.span();
        self.pos += 1; // `~`
        let (name, nspan) = self.ident()?;
        let class = self.cxx.ctor_name.clone().unwrap_or_default();
        if name != class {
            return self.error(
                nspan,
                format!("the name of a destructor must be the class name (\"~{class}\")"),
            );
        }
        self.expect("(")?;
        self.eat("void");
        self.expect(")")?;
        if self.eat("=") {
            self.defaulted()?;
            return self.expect(";");
        }
        // A user-provided destructor: no POD.
        record.non_pod.set(true);
        let is_virtual = specs.is_some_and(|s| s.is_virtual) | self.function_suffix()?;
        let device = specs.is_some_and(|s| self.exec_space(s).on_device());
        record.declared.borrow_mut().push((
            VSlot {
                name: "~".into(),
                params: Vec::new(),
                konst: false,
                symbol: None,
                device,
            },
            is_virtual,
        ));
        if !self.at("{") {
            return self.expect(";");
        }
        if !specs.is_some_and(|s| self.exec_space(s).on_device()) {
            // A host destructor's body is host code.
            self.skip_braces();
            return Ok(());
        }
        let body = self.compound()?;
        if matches!(&body.kind, StmtKind::Compound(stmts) if !stmts.is_empty()) {
            return self.error(span, "destructors that do something are not supported yet");
        }
        Ok(())
    }

    /// A member function (`float len() const { … }`): its declarator read.
    pub(super) fn method(
        &mut self,
        record: &Rc<Record>,
        specs: &Specs,
        d: Declarator,
    ) -> PResult<()> {
        let Some((params, variadic)) = d.func else {
            return Ok(());
        };
        let Some(name) = d.name else {
            return self.error(d.span, "expected an identifier");
        };
        let konst = d.konst_fn | self.eat("const");
        let overrides = d.overrides | self.function_suffix()?;
        let is_virtual = specs.is_virtual || overrides;
        if is_virtual {
            record.non_pod.set(true);
        }
        // `= 0` (pure virtual), `= delete`, `= default`: declared only.
        let mut defaulted = false;
        let mut pure = false;
        if self.eat("=") {
            defaulted = self.at("default");
            pure = self.peek().is_some_and(|t| t.is("0"));
            while !self.at(";") && !self.at_eof() {
                self.pos += 1;
            }
        }
        // A user-declared copy assignment: no POD.
        let own = |t: &CType| matches!(t.unref(), CType::Record(r) if Rc::ptr_eq(r, record));
        if name == "operator=" && !defaulted && params.len() == 1 && own(&params[0].ty) {
            record.non_pod.set(true);
        }
        // A defaulted copy or move assignment is the implicit one (nvcc makes
        // it `__host__ __device__` whatever the class says): not declared, so
        // assignment stays the built-in memberwise copy.
        if name == "operator=" && defaulted && !specs.is_static {
            self.expect(";")?;
            return Ok(());
        }
        let body = if self.at("{") {
            // A static constexpr one is read too: constant expressions call
            // it (`std::numeric_limits<int>::max() + 1`).
            if self.exec_space(specs).on_device() || specs.constexpr && specs.is_static {
                Some(self.compound()?)
            } else {
                // Host code is accepted and not compiled for the device.
                self.skip_braces();
                None
            }
        } else {
            self.expect(";")?;
            None
        };
        let span = d.span;
        if specs.is_static {
            let constexpr = specs.constexpr;
            let mut f = self.function_def(
                format!("{}::{name}", record.name.borrow()),
                d.ty,
                params,
                variadic,
                specs,
                span,
                body,
            );
            // A static member function has the class's (external) linkage.
            f.is_static = false;
            if record.template.borrow().is_some() {
                let class = CType::Record(record.clone());
                f.symbol = Some(crate::frontend::mangle::static_member_symbol(&f, &class));
            }
            // `static constexpr T max() { return HI; }`: constant
            // expressions call it (`std::numeric_limits<int>::max() + 1`).
            if constexpr {
                self.record_constexpr_fn(&f);
            }
            self.cxx.methods.push(f);
        } else {
            let types: Vec<CType> = params.iter().map(|p| p.ty.clone()).collect();
            self.push_method(
                record, &name, d.ty, params, variadic, specs, span, konst, body,
            );
            let symbol = self
                .cxx
                .methods
                .last()
                .filter(|_| !pure)
                .map(crate::frontend::mangle::symbol_name);
            let device = self.exec_space(specs).on_device();
            record.declared.borrow_mut().push((
                VSlot {
                    name,
                    params: types,
                    konst,
                    symbol,
                    device,
                },
                is_virtual,
            ));
        }
        Ok(())
    }

    /// An out-of-class definition of a member function (`float
    /// Vec::dot(const Vec &o) const { … }`, `Vec::Vec(float a) : x(a) {}`,
    /// `Vec &Vec::operator+=(…)`), the specifiers before it already read.
    /// False (nothing read) when what follows is not one.
    pub(super) fn out_of_class(
        &mut self,
        specs: &Specs,
        functions: &[Rc<FunctionDef>],
    ) -> PResult<bool> {
        // The return type's `*` and `&`.
        let mut n = 0;
        while self.peek_at(n).is_some_and(|t| t.is("*") || t.is("&")) {
            n += 1;
        }
        if specs.ty.is_none() && n > 0 {
            return Ok(false);
        }
        // `A::B::name`: the class is the longest prefix naming a struct.
        let mut parts: Vec<(String, usize)> = Vec::new();
        let mut k = n;
        loop {
            match self.peek_at(k) {
                Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                    parts.push((t.text.to_string(), k));
                }
                Some(t) if t.is("operator") && !parts.is_empty() => {
                    parts.push(("operator".into(), k));
                    break;
                }
                _ => return Ok(false),
            }
            if self.peek_at(k + 1).is_some_and(|t| t.is("::")) {
                k += 2;
            } else {
                break;
            }
        }
        if parts.len() < 2 {
            return Ok(false);
        }
        let class: Vec<&str> = parts[..parts.len() - 1]
            .iter()
            .map(|(p, _)| p.as_str())
            .collect();
        let Some(CType::Record(record)) = self.find_type(&class.join("::")) else {
            return Ok(false);
        };
        let (last, at) = parts.last().cloned().unwrap_or_default();
        let simple = class.last().copied().unwrap_or_default().to_string();
        let full = record.name.borrow().clone();
        let span = self.peek_at(at).map(|t| t.span()).unwrap_or_default();
        let data = specs.ty.is_some()
            && last != "operator"
            && !self.peek_at(at + 1).is_some_and(|t| t.is("("));
        // The definition is read in the class's scope (its names are found).
        let outer = std::mem::replace(
            &mut self.cxx.ns,
            crate::frontend::lookup::qualified_parts(&full)
                .into_iter()
                .map(str::to_string)
                .collect(),
        );
        let r = if data {
            self.static_member_definition(specs, n, at, &full, &last, span)
        } else {
            self.member_definition(specs, &record, n, at, last, &simple, &full, span, functions)
        };
        self.cxx.ns = outer;
        r
    }

    /// The definition of a static data member out of its class (`bool
    /// S::flag = false;`, `float S::table[4];`, `const int S::K = 3;`, at
    /// the return type's first `*` or `&`; `at`: where the name is), read
    /// in the class's scope: the variable the class declared, or a constant.
    fn static_member_definition(
        &mut self,
        specs: &Specs,
        n: usize,
        at: usize,
        full: &str,
        name: &str,
        span: Span,
    ) -> PResult<bool> {
        let q = format!("{full}::{name}");
        if self.cxx.constants.contains_key(&q) {
            // `constexpr int S::kN;`: the one the class defined.
            self.pos += at + 1;
            if self.eat("=") {
                self.initializer()?;
            }
            self.expect(";")?;
            return Ok(true);
        }
        if !self.globals.iter().any(|g| g.source_name == q) {
            return self.error(span, format!("class \"{full}\" has no member \"{name}\""));
        }
        let (mut ty, mut konst) = (specs.ty.clone().unwrap_or(CType::INT), specs.konst);
        for k in 0..n {
            ty = if self.peek_at(k).is_some_and(|t| t.is("*")) {
                CType::Ptr {
                    pointee: Box::new(ty),
                    konst,
                    volatile: false,
                }
            } else {
                CType::Ref {
                    pointee: Box::new(ty),
                    konst,
                }
            };
            konst = false;
        }
        self.pos += at;
        let d = self.declarator(ty, konst, specs.volatile)?;
        let specs = Specs {
            is_static: false,
            ..specs.clone()
        };
        self.variable(&specs, d, q)?;
        self.expect(";")?;
        Ok(true)
    }

    #[allow(clippy::too_many_arguments)]
    fn member_definition(
        &mut self,
        specs: &Specs,
        record: &Rc<Record>,
        n: usize,
        at: usize,
        last: String,
        simple: &str,
        full: &str,
        span: Span,
        functions: &[Rc<FunctionDef>],
    ) -> PResult<bool> {
        if specs.ty.is_none() {
            if last != simple {
                return Ok(false);
            }
            // A constructor: read as in the class (the name, then as there).
            self.pos += at;
            self.constructor(record, specs)?;
            return Ok(true);
        }
        let Some(ret) = specs.ty.clone() else {
            return Ok(false);
        };
        // The return type as the declarator would read it (`char **&`: the
        // `n` tokens here).
        let mut ty = ret;
        let mut konst = specs.konst;
        for k in 0..n {
            if self.peek_at(k).is_some_and(|t| t.is("*")) {
                ty = CType::Ptr {
                    pointee: Box::new(ty),
                    konst,
                    volatile: false,
                };
                konst = false;
            } else {
                ty = CType::Ref {
                    pointee: Box::new(ty),
                    konst,
                };
            }
        }
        self.pos += at + 1;
        let name = if last == "operator" {
            if self.at("(") && !self.peek_at(1).is_some_and(|t| t.is(")")) {
                // not an operator name: `operator T()` is read by `conversion`.
                return self.error(span, "expected an operator");
            }
            self.operator_name()?
        } else {
            last
        };
        let qualified = format!("{full}::{name}");
        let declared: Vec<&FunctionDef> = functions
            .iter()
            .map(|f| &**f)
            .chain(&self.cxx.methods)
            .filter(|f| f.name == qualified)
            .collect();
        if declared.is_empty() {
            return self.error(span, format!("class \"{full}\" has no member \"{name}\""));
        }
        let is_static = declared
            .iter()
            .all(|f| f.params.first().is_none_or(|p| p.name != "this"));
        self.expect("(")?;
        let (params, variadic) = self.params()?;
        let d = Declarator {
            name: Some(name),
            span,
            ty,
            restrict: false,
            volatile: false,
            func: Some((params, variadic)),
            konst_fn: false,
            overrides: false,
            late: LateSpecs::default(),
        };
        let mut specs = specs.clone();
        specs.is_static = is_static;
        self.method(record, &specs, d)?;
        Ok(true)
    }

    /// Whether a function's declarator follows (`f(`, `*f(`, `operator`).
    pub(super) fn function_follows(&self) -> bool {
        let mut k = 0;
        while self.peek_at(k).is_some_and(|t| t.is("*") || t.is("&")) {
            k += 1;
        }
        self.peek_at(k).is_some_and(|t| t.is("operator"))
            || self.peek_at(k + 1).is_some_and(|t| t.is("("))
    }

    /// A `typedef` or a static data member in a struct: a type, a constant
    /// named in the struct (`static constexpr int kN = 4;`, also `static
    /// const` with a constant initializer: `S::kN`), or a variable of the
    /// host (`static bool flag;`, defined out of the class, or `static
    /// inline int n = 0;`), which device code may not use, as nvcc.
    pub(super) fn member_declaration(&mut self, specs: &Specs, base: CType) -> PResult<()> {
        loop {
            let d = self.declarator(base.clone(), specs.konst, specs.volatile)?;
            let Some(name) = d.name.clone() else {
                return self.error(d.span, "expected an identifier");
            };
            let q = self.qualify(&name);
            if specs.typedef {
                name_unnamed(&d.ty, &name);
                self.typedefs.insert(q, d.full_type());
            } else if specs.storage.is_some() || specs.device {
                // nvcc: a static member is the class's, on the host.
                let msg = "memory qualifier on data member is not allowed";
                self.diags.push(Diagnostic::error(d.span, msg));
                if self.eat("=") {
                    self.initializer()?;
                }
            } else if !self.at("=") || specs.inline_kw && !(specs.constexpr || specs.konst) {
                // Declared here, defined out of the class (`bool
                // S::flag = false;`), or here by `inline`: a variable of the
                // host named `S::name`.
                let external = !specs.inline_kw;
                let specs = Specs {
                    is_extern: external,
                    ..specs.clone()
                };
                self.variable(&specs, d, q)?;
            } else {
                self.pos += 1; // `=`
                let init = self.assignment()?;
                if !(specs.constexpr || specs.konst) || !self.record_constant(q, &d.ty, &init) {
                    return self.error(
                        d.span,
                        "only constexpr (or const) static data members with a constant initializer are supported",
                    );
                }
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")
    }

    /// A conversion function (`operator float() const { … }`), the
    /// specifiers before it already read. Its name is `operator T`.
    pub(super) fn conversion(&mut self, record: &Rc<Record>, specs: &Specs) -> PResult<()> {
        let span = self.span();
        self.pos += 1; // `operator`
        let tspan = self.span();
        let s = self.specifiers()?;
        let Some(mut ty) = s.ty else {
            return self.error(tspan, "expected a type specifier");
        };
        // The qualifiers of what the next `*` or `&` points to.
        let (mut konst, mut volatile) = (s.konst, s.volatile);
        loop {
            if self.eat("*") {
                ty = CType::Ptr {
                    pointee: Box::new(ty),
                    konst,
                    volatile,
                };
                konst = self.eat("const");
                volatile = self.eat("volatile");
            } else if self.eat("&") {
                ty = CType::Ref {
                    pointee: Box::new(ty),
                    konst,
                };
            } else {
                break;
            }
        }
        self.expect("(")?;
        if !self.at(")") {
            let span = self.span();
            return self.error(span, "a conversion function cannot have parameters");
        }
        self.expect(")")?;
        let d = Declarator {
            name: Some(format!("operator {ty}")),
            span,
            ty,
            restrict: false,
            volatile: false,
            func: Some((Vec::new(), false)),
            konst_fn: false,
            overrides: false,
            late: LateSpecs::default(),
        };
        self.method(record, specs, d)
    }

    #[allow(clippy::too_many_arguments)]
    pub(super) fn push_method(
        &mut self,
        record: &Rc<Record>,
        name: &str,
        ret: CType,
        params: Vec<Param>,
        variadic: bool,
        specs: &Specs,
        span: Span,
        konst: bool,
        body: Option<Stmt>,
    ) {
        let this = Param {
            name: "this".into(),
            ty: CType::Ptr {
                pointee: Box::new(CType::Record(record.clone())),
                konst,
                volatile: false,
            },
            restrict: false,
            konst: false,
            span: span.clone(),
            default: None,
        };
        let params = std::iter::once(this).chain(params).collect();
        let f = self.function_def(
            format!("{}::{name}", record.name.borrow()),
            ret,
            params,
            variadic,
            specs,
            span,
            body,
        );
        if !record.name.borrow().starts_with("__lambda") {
            lambda::name_lambdas(&f, &mut self.cxx.methods);
        }
        self.cxx.methods.push(f);
    }
}
