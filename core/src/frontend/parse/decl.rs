//! Declarations: the top level (linkage blocks, namespaces, templates, host
//! functions), a declaration's specifiers (type words, qualifiers, storage,
//! CUDA's execution spaces, `__launch_bounds__`, `alignas`), and what it
//! declares: typedefs, functions and variables at namespace scope.

use super::*;

impl<'a> Parser<'a> {
    /// `(N)` or `(type)` after `alignas` (at `at`): the alignment, a power
    /// of two.
    pub(super) fn alignas_argument(&mut self, at: Span) -> PResult<u64> {
        self.expect("(")?;
        let n = if self.starts_type() {
            Some(self.type_name()?.align())
        } else {
            let e = self.conditional()?;
            self.const_value(&e)
                .filter(|n| *n > 0 && (*n as u64).is_power_of_two())
                .map(|n| n as u64)
        };
        let Some(n) = n else {
            return self.error(at, "alignment must be a power of two");
        };
        self.expect(")")?;
        Ok(n)
    }

    pub(super) fn top_level(
        &mut self,
        functions: &mut Vec<Rc<FunctionDef>>,
        in_extern_c: bool,
    ) -> PResult<()> {
        let Some(t) = self.peek() else { return Ok(()) };
        if t.is(";") {
            self.pos += 1;
            return Ok(());
        }
        if t.is("#pragma") {
            self.skip_pragma();
            return Ok(());
        }
        if t.is("extern") && self.peek_at(1).is_some_and(|t| t.kind == TokKind::Str) {
            let lang = self
                .peek_at(1)
                .map(|t| t.text.to_string())
                .unwrap_or_default();
            if lang != "\"C\"" && lang != "\"C++\"" {
                let span = self.peek_at(1).map(|t| t.span()).unwrap_or_default();
                return self.error(span, format!("invalid linkage specification {lang}"));
            }
            let c = lang == "\"C\"";
            self.pos += 2;
            if self.eat("{") {
                while !self.at("}") && !self.at_eof() {
                    let before = self.pos;
                    if let Err(Stop) = self.top_level(functions, c) {
                        self.recover_top_level();
                    }
                    if self.pos == before {
                        self.pos += 1;
                    }
                }
                return self.expect("}");
            }
            // One declaration in a linkage specification is a declaration
            // of a variable, as `extern` makes it ([dcl.link]).
            let known = self.globals.len();
            self.declaration(functions, c)?;
            let n = self.globals.len();
            for g in &mut self.globals[known.min(n)..] {
                // (With an initializer it is a definition.)
                if g.init.is_none() {
                    g.external = true;
                }
            }
            return Ok(());
        }
        if t.is("namespace") || t.is("inline") && self.peek_at(1).is_some_and(|t| t.is("namespace"))
        {
            return self.namespace_def(functions);
        }
        if t.is("using") {
            return self.using();
        }
        if t.is("static_assert") {
            return self.static_assert();
        }
        // Host functions are host code: one that does not parse (a
        // variadic template, a trailing return type, a function pointer
        // parameter, …) is skipped, not reported (see `host_function_end`).
        let (start, ndiags, nfunctions) = (self.pos, self.diags.len(), functions.len());
        let result = if t.is("template") {
            self.template_decl(functions.len())
        } else {
            self.declaration(functions, in_extern_c)
        };
        if result.is_err() {
            if let Some((body, end)) = self.host_function_end(start) {
                self.diags.truncate(ndiags);
                functions.truncate(nfunctions);
                self.drop_kept_from(nfunctions);
                self.depth = 0;
                self.pos = end;
                if let Some(body) = body {
                    self.scan_launches(body, end, functions.len());
                } else {
                    self.warn_skipped_template_use(start, end);
                }
                return Ok(());
            }
            if let Some(end) = self.host_declaration_end(start) {
                let span = self.toks[start].span();
                self.diags.truncate(ndiags);
                functions.truncate(nfunctions);
                self.depth = 0;
                self.pos = end;
                self.note_skipped_host(span);
                return Ok(());
            }
        }
        result
    }

    /// Skips C++ attributes: `[[nodiscard]]`, `[[maybe_unused]]`,
    /// `[[likely]]` (none changes what is compiled here).
    pub(super) fn skip_attributes(&mut self) {
        while self.at("[") && self.peek_at(1).is_some_and(|t| t.is("[")) {
            let mut depth = 0i32;
            while let Some(t) = self.peek() {
                self.pos += 1;
                if t.is("[") {
                    depth += 1;
                } else if t.is("]") {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
        }
    }

    pub(super) fn skip_pragma(&mut self) {
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.kind == TokKind::Newline {
                break;
            }
        }
    }

    pub(super) fn declaration(
        &mut self,
        functions: &mut Vec<Rc<FunctionDef>>,
        extern_c: bool,
    ) -> PResult<()> {
        let start = self.span();
        let mut specs = self.specifiers()?;
        specs.extern_c |= extern_c;
        if self.out_of_class(&specs, functions)? {
            return Ok(());
        }
        let base = match specs.ty.clone() {
            Some(t) => t,
            None => return self.error(start, self.no_type_message()),
        };
        if matches!(base, CType::Record(_) | CType::Enum(_)) && self.eat(";") {
            return Ok(()); // `struct S { … };`, `enum E { … };`
        }
        // Host code may use rvalue references (`S(S &&o)`, `T &&x`).
        let host = self.exec_space(&specs) == ExecSpace::Host && !specs.constexpr;
        loop {
            let outer = std::mem::replace(&mut self.host_declarator, host);
            let d = self.declarator(base.clone(), specs.konst, specs.volatile);
            self.host_declarator = outer;
            let d = d?;
            let specs = specs.with_late(d.late);
            let name = match &d.name {
                Some(n) => n.clone(),
                None => return self.error(d.span, "expected an identifier"),
            };
            if specs.typedef {
                name_unnamed(&d.ty, &name);
                let name = self.qualify(&name);
                self.typedefs.insert(name, d.full_type());
            } else if let Some((params, variadic)) = d.func {
                let space = self.exec_space(&specs);
                if let Some((at, _)) = &specs.launch_bounds {
                    if space != ExecSpace::Global {
                        self.diags.push(Diagnostic::error(
                            at.clone(),
                            "__launch_bounds__ may only be applied to a __global__ function",
                        ));
                    }
                }
                if space == ExecSpace::Global && d.ty != CType::Void {
                    self.diags.push(Diagnostic::error(
                        d.span.clone(),
                        "a __global__ function must have a void return type",
                    ));
                }
                let mut host_return = None;
                let mut kept = None;
                let body = if self.at("{") {
                    if let Some(end) = self.lazy_body_end(&specs, space, &name) {
                        kept = Some((end, name.clone()));
                        None
                    } else if space == ExecSpace::Host {
                        // Host code is accepted and not compiled for the device;
                        // the kernel templates it launches are instantiated.
                        let start = self.pos;
                        self.skip_braces();
                        self.scan_launches(start, self.pos, functions.len());
                        if specs.constexpr {
                            host_return = self.host_constexpr_return(start);
                        }
                        None
                    } else {
                        // Local `constexpr` values end with the body.
                        let outer = self.cxx.constants.clone();
                        let hd = std::mem::replace(
                            &mut self.host_device_body,
                            space == ExecSpace::HostDevice,
                        );
                        let body = self.compound();
                        self.host_device_body = hd;
                        self.cxx.constants = outer;
                        Some(body?)
                    }
                } else {
                    None
                };
                let name = self.qualify(&name);
                let has_body = body.is_some()
                    || kept.is_some()
                    || space == ExecSpace::Host && !self.at(";") && !self.at(",");
                functions.push(Rc::new(FunctionDef {
                    name,
                    span: d.span,
                    ret: d.ty,
                    params,
                    variadic,
                    space,
                    extern_c: specs.extern_c,
                    inline: specs.inline,
                    launch_bounds: specs
                        .launch_bounds
                        .as_ref()
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default(),
                    body,
                    locals: Vec::new(),
                    symbol: None,
                    constexpr: specs.constexpr,
                    discardable: specs.discardable(),
                    is_static: specs.is_static && !self.in_class,
                    mem_inits: Vec::new(),
                }));
                if let Some((end, written)) = kept {
                    let hd = space == ExecSpace::HostDevice;
                    self.keep_body(functions.len() - 1, &written, end, hd);
                }
                if let Some(f) = functions.last().filter(|f| f.body.is_some()) {
                    lambda::name_lambdas(f, &mut self.cxx.methods);
                }
                if specs.constexpr {
                    if let Some(f) = functions.last() {
                        let f = f.clone();
                        self.record_constexpr_fn(&f);
                        if let Some(e) = host_return {
                            let params = f.params.iter().map(|p| p.name.clone()).collect();
                            self.cxx.constexpr_fns.insert(f.name.clone(), (params, e));
                        }
                    }
                }
                if has_body || functions.last().is_some_and(|f| f.body.is_some()) {
                    return Ok(());
                }
            } else {
                let source_name = self.qualify(&name);
                self.variable(&specs, d, source_name)?;
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")
    }

    /// A variable declared at namespace scope (`source_name` its full
    /// name), after its declarator: the initializer and what it makes (a
    /// constant, or a variable).
    pub(super) fn variable(
        &mut self,
        specs: &Specs,
        d: Declarator,
        source_name: String,
    ) -> PResult<()> {
        let storage = specs.storage.unwrap_or(if specs.device {
            Storage::Device
        } else {
            Storage::Host
        });
        // (`void f(GLuint *p);` with `GLuint` unknown reads as a variable
        // initialized by `(…)`: the error lets the caller take it as a
        // host function.)
        if d.ty == CType::Void {
            if let Some(t) = self
                .peek_at(1)
                .filter(|t| self.at("(") && t.kind == TokKind::Ident && !self.starts_type_at(1))
            {
                let (span, msg) = (t.span(), format!("identifier \"{}\" is undefined", t.text));
                return self.error(span, msg);
            }
            return self.error(d.span.clone(), "incomplete type is not allowed");
        }
        let arithmetic = d.ty.is_integer() || matches!(d.ty, CType::Float | CType::Double);
        let init = if self.eat("=") {
            Some(self.initializer()?)
        } else if let Some(e) = (self.at("(") && arithmetic && (specs.constexpr || specs.konst))
            .then(|| self.constant_paren_init())
            .flatten()
        {
            // `constexpr unsigned n(8);`: a constant, as with `=`.
            Some(Initializer::Expr(e))
        } else if (self.at("(") || self.at("{") && matches!(d.ty, CType::Record(_)))
            && storage == Storage::Host
        {
            // `static std::mt19937 rng(42);`: a host object's
            // construction is host code, not compiled here.
            if self.at("(") {
                self.skip_parens();
            } else {
                self.skip_braces();
            }
            None
        } else if self.at("(") {
            let span = self.span();
            return self.error(
                span,
                "direct initialization of a device variable is not supported yet (write = …)",
            );
        } else if self.at("{") {
            Some(self.initializer()?)
        } else {
            None
        };
        // A `const` integer or floating-point variable of the host with
        // a constant initializer is one device code may read as nvcc
        // allows (`const int N = 256;`, `const float k = -1.58f;`), as
        // `constexpr`.
        let const_int = specs.konst && arithmetic && storage == Storage::Host && !specs.is_extern;
        if specs.constexpr || specs.konst && !specs.is_extern {
            if let (CType::Array(elem, _), Some(Initializer::List(items, _))) = (&d.ty, &init) {
                self.record_constant_array(&source_name, elem, items);
            }
        }
        if specs.constexpr || const_int {
            if let Some(Initializer::Expr(e)) = &init {
                if self.record_constant(source_name.clone(), &d.ty, e) {
                    // `const int S::K = 3;` defines what `S` declared.
                    self.globals
                        .retain(|g| !(g.external && g.source_name == source_name));
                    return Ok(());
                }
            }
        }
        // A `const` arithmetic device variable with a constant initializer
        // is usable in constant expressions as in C++ (`static __device__
        // const uint8_t m = 15;` then `m << 4`, an array bound), and its
        // reads are its value as nvcc folds them; it stays a variable.
        if specs.konst && arithmetic && !specs.is_extern && storage != Storage::Host {
            if let Some(Initializer::Expr(e)) = &init {
                self.record_constant(source_name.clone(), &d.ty, e);
            }
        }
        let name = crate::frontend::mangle::global_symbol(&source_name);
        // `unaryfn f;` with a typedef of a function type declares a
        // function in C++; a variable cannot have that type.
        if matches!(d.ty, CType::Func(_)) {
            self.diags.push(Diagnostic::error(
                d.span.clone(),
                "declaring a function through a typedef of a function type is not supported yet",
            ));
        } else if matches!(d.ty, CType::Array(_, 0))
            && init.is_none()
            && !(specs.is_extern && matches!(storage, Storage::Shared | Storage::Host))
        {
            self.diags.push(Diagnostic::error(
                d.span.clone(),
                "incomplete type is not allowed",
            ));
        }
        self.push_global(GlobalVar {
            name,
            source_name,
            ty: d.ty,
            storage,
            init,
            init_values: Vec::new(),
            init_functions: Vec::new(),
            external: specs.is_extern,
            span: d.span,
            align: specs.align,
            volatile: d.volatile,
            vtable: None,
        });
        Ok(())
    }

    /// `(e)` after a constant's declarator with `e` a constant expression:
    /// `e`, read; otherwise nothing is read.
    fn constant_paren_init(&mut self) -> Option<Expr> {
        let (at, ndiags) = (self.pos, self.diags.len());
        self.pos += 1;
        let e = self.assignment().ok().filter(|_| self.eat(")"));
        if let Some(e) = e.filter(|e| self.const_value(e).is_some()) {
            return Some(e);
        }
        self.pos = at;
        self.diags.truncate(ndiags);
        None
    }

    /// Adds a namespace-scope variable. A declaration (`extern`, a static
    /// data member in its class) then its definition are one variable: the
    /// definition replaces the declaration, a declaration after one adds
    /// nothing. Two definitions stay two, for sema to report.
    pub(super) fn push_global(&mut self, g: GlobalVar) {
        // Declarations of another type or storage stay, for sema to report
        // (an array of unknown bound, `extern int a[];`, is the same array).
        let same_type = |a: &CType, b: &CType| match (a, b) {
            (CType::Array(x, n), CType::Array(y, m)) => x == y && (n == m || *n == 0 || *m == 0),
            _ => a == b,
        };
        if let Some(i) = self.globals.iter().rposition(|p| {
            p.source_name == g.source_name && p.storage == g.storage && same_type(&p.ty, &g.ty)
        }) {
            if g.external {
                return;
            }
            if self.globals[i].external {
                self.globals.remove(i);
            }
        }
        self.globals.push(g);
    }

    /// Declaration specifiers: type words, qualifiers, storage and CUDA keywords.
    pub(super) fn specifiers(&mut self) -> PResult<Specs> {
        let mut s = Specs::default();
        let mut words: Vec<String> = Vec::new();
        let start = self.span();
        self.skip_attributes();
        // A name qualified from the global namespace (`::cuda::std::plus<T>`)
        // starts at its `::`.
        let global_name = |p: &Self, words: &[String], s: &Specs| {
            words.is_empty()
                && s.ty.is_none()
                && p.peek_at(1).is_some_and(|n| n.kind == TokKind::Ident)
        };
        while let Some(t) = self
            .peek()
            .filter(|t| t.kind == TokKind::Ident || t.is("::") && global_name(self, &words, &s))
        {
            let w = &*t.text;
            match w {
                "alignas" => {
                    let at = t.span();
                    self.pos += 1;
                    s.align = s.align.max(self.alignas_argument(at)?);
                    self.skip_attributes();
                    continue;
                }
                // `__shared__ unsigned char __align__(8) buf[64];`
                "__align__" | "__builtin_align__"
                    if self.peek_at(1).is_some_and(|t| t.is("(")) =>
                {
                    s.align = s.align.max(self.type_attributes()?);
                    continue;
                }
                // `inline __attribute__((always_inline)) uint64_t f(…)`:
                // GCC's function attributes among the specifiers.
                "__attribute__"
                    if self.peek_at(1).is_some_and(|t| t.is("("))
                        && !self
                            .peek_at(3)
                            .is_some_and(|t| matches!(&*t.text, "aligned" | "__aligned__" | "packed" | "__packed__")) =>
                {
                    self.pos += 1;
                    let from = self.pos;
                    self.skip_parens();
                    for t in &self.toks[from..self.pos] {
                        match &*t.text {
                            "always_inline" | "__always_inline__" => s.inline = InlineHint::Always,
                            "noinline" | "__noinline__" => s.inline = InlineHint::Never,
                            _ => {}
                        }
                    }
                    self.skip_attributes();
                    continue;
                }
                "const" | "__const__" | "__const" => s.konst = true,
                "volatile" => s.volatile = true,
                "__restrict__" | "restrict" | "__restrict" => {}
                "typedef" => s.typedef = true,
                "__global__" => s.global = true,
                "__device__" => s.device = true,
                "__host__" => s.host = true,
                "__shared__" => s.storage = Some(Storage::Shared),
                "__constant__" => s.storage = Some(Storage::Constant),
                "__managed__" => s.storage = Some(Storage::Device),
                "__noinline__" => s.inline = InlineHint::Never,
                "__forceinline__" => s.inline = InlineHint::Always,
                "constexpr" => s.constexpr = true,
                "virtual" => s.is_virtual = true,
                "static" => s.is_static = true,
                "inline" | "__inline__" => s.inline_kw = true,
                // (after other specifiers; see `friend_after_specifiers`)
                "friend" if !self.in_class => self.diags.push(Diagnostic::error(
                    t.span(),
                    "invalid specifier outside a class declaration",
                )),
                "friend" => {}
                "extern" if !self.peek_at(1).is_some_and(|t| t.kind == TokKind::Str) => {
                    s.is_extern = true
                }
                "__launch_bounds__" => {
                    let at = t.span();
                    self.pos += 1;
                    self.expect("(")?;
                    let mut values = Vec::new();
                    loop {
                        let span = self.span();
                        let e = self.assignment()?;
                        match self.const_value(&e) {
                            Some(v) if v > 0 && v <= i64::from(u32::MAX) => values.push(v as u32),
                            // A function template's own signature: the
                            // arguments may depend on its parameters
                            // (`__launch_bounds__(Cfg::threads)`); each
                            // instance reads them with the parameters bound.
                            _ if self.pattern => {}
                            _ => return self.error(
                                span,
                                "__launch_bounds__ arguments must be positive integer constants",
                            ),
                        }
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(")")?;
                    if values.len() > 3 {
                        return self.error(at, "__launch_bounds__ takes at most three arguments");
                    }
                    s.launch_bounds = Some((at, values));
                    continue;
                }
                "extern" if self.peek_at(1).is_some_and(|t| t.kind == TokKind::Str) => {
                    s.extern_c = self.peek_at(1).is_some_and(|t| &*t.text == "\"C\"");
                    self.pos += 1;
                }
                "struct" | "union" | "class" if words.is_empty() && s.ty.is_none() => {
                    s.ty = Some(self.record_specifier()?);
                    continue;
                }
                "enum" if words.is_empty() && s.ty.is_none() => {
                    s.ty = Some(self.enum_specifier()?);
                    continue;
                }
                "auto" if words.is_empty() && s.ty.is_none() => s.ty = Some(CType::Auto),
                // `std::common_type`'s: our `<type_traits>` names it.
                "__ptxlab_common_type" if words.is_empty() && s.ty.is_none() => {
                    self.pos += 1;
                    s.ty = Some(self.common_type_builtin()?);
                    continue;
                }
                "decltype" if words.is_empty() && s.ty.is_none() => {
                    self.pos += 1;
                    s.ty = Some(self.decltype()?);
                    continue;
                }
                // GNU's `__typeof__(e)`: the type of `e` (a variable's as
                // declared), never a reference as `decltype` may make it.
                "__typeof__" | "__typeof" | "typeof" if words.is_empty() && s.ty.is_none() => {
                    self.pos += 1;
                    let t = self.decltype()?;
                    s.ty = Some(match t {
                        CType::Decltype(d) => CType::Decltype(Rc::new(Decltype {
                            expr: d.expr.clone(),
                            id: true,
                        })),
                        t => t,
                    });
                    continue;
                }
                _ if IGNORED_SPECIFIERS.contains(&w) => {}
                _ if TYPE_WORDS.contains(&w) => words.push(w.to_string()),
                _ if words.is_empty()
                    && s.ty.is_none()
                    && self
                        .template_id_from(self.pos)
                        .is_some_and(|(d, _)| self.templates.defs[d].is_class()) =>
                {
                    // `Pair<float>`, `std::vector<int>::iterator`.
                    let (def, len) = self.template_id_from(self.pos).unwrap_or((0, 1));
                    let span = t.span();
                    let typename = self.pos > 0 && self.toks[self.pos - 1].is("typename");
                    self.pos += len + 1;
                    let args = self.template_args()?;
                    let ty = self.class_instance(def, args, &span)?;
                    s.ty = Some(self.member_type_of(ty, typename)?);
                    continue;
                }
                _ if words.is_empty()
                    && s.ty.is_none()
                    && self.class_template(w).is_some()
                    && self.find_type(w).is_none() =>
                {
                    let span = t.span();
                    return self.error(
                        span,
                        format!("argument list for class template \"{w}\" is missing"),
                    );
                }
                // `typename I::base_type` in a template's signature, `I` a
                // type parameter: a member of whatever `I` will be.
                _ if words.is_empty()
                    && s.ty.is_none()
                    && self.pattern
                    && self.peek_at(1).is_some_and(|n| n.is("::"))
                    && self
                        .find_type(w)
                        .is_some_and(|t| matches!(&t, CType::Record(r) if self.placeholders.iter().any(|p| Rc::ptr_eq(p, r)))) =>
                {
                    let ty = self.find_type(w).unwrap_or(CType::Void);
                    self.pos += 1;
                    s.ty = Some(self.member_type(ty)?);
                    continue;
                }
                _ if words.is_empty() && s.ty.is_none() => match self.type_name_at(0) {
                    Some((t, len)) => {
                        s.ty = Some(t);
                        self.pos += len;
                        continue;
                    }
                    None => break,
                },
                _ => break,
            }
            self.pos += 1;
            self.skip_attributes();
        }
        if !words.is_empty() {
            match type_from_words(&words) {
                Some(t) => s.ty = Some(t),
                None => {
                    return self.error(
                        start,
                        format!(
                            "invalid combination of type specifiers \"{}\"",
                            words.join(" ")
                        ),
                    )
                }
            }
        }
        Ok(s)
    }

    /// Where a function declared with these specifiers runs. A
    /// `constexpr` one with no execution space is `__host__`, or
    /// `__host__ __device__` under `--expt-relaxed-constexpr` (nvcc's
    /// experimental flag), as for nvcc.
    pub(super) fn exec_space(&self, specs: &Specs) -> ExecSpace {
        match (specs.global, specs.device, specs.host) {
            (true, _, _) => ExecSpace::Global,
            (false, true, true) => ExecSpace::HostDevice,
            (false, true, false) => ExecSpace::Device,
            (false, false, false) if specs.constexpr && self.cxx.relaxed_constexpr => {
                ExecSpace::HostDevice
            }
            _ => ExecSpace::Host,
        }
    }

    /// A function's definition from what was parsed of it.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn function_def(
        &mut self,
        name: String,
        ret: CType,
        params: Vec<Param>,
        variadic: bool,
        specs: &Specs,
        span: Span,
        body: Option<Stmt>,
    ) -> FunctionDef {
        let space = self.exec_space(specs);
        let f = FunctionDef {
            name,
            span,
            ret,
            params,
            variadic,
            space,
            extern_c: specs.extern_c,
            inline: specs.inline,
            launch_bounds: Vec::new(),
            body,
            locals: Vec::new(),
            symbol: None,
            constexpr: specs.constexpr,
            discardable: specs.discardable() || self.in_class,
            is_static: specs.is_static && !self.in_class,
            mem_inits: Vec::new(),
        };
        if specs.constexpr {
            self.record_constexpr_fn(&f);
        }
        f
    }
}

/// `typedef struct { … } S;`: an unnamed struct (or enum) takes the typedef's
/// name for linkage, so it mangles and prints as `S`.
pub(super) fn name_unnamed(t: &CType, name: &str) {
    match t {
        CType::Record(r) if r.name.borrow().is_empty() => *r.name.borrow_mut() = name.to_string(),
        CType::Enum(e) if e.name.borrow().is_empty() => *e.name.borrow_mut() = name.to_string(),
        _ => {}
    }
}

pub(super) fn type_from_words(words: &[String]) -> Option<CType> {
    let count = |w: &str| words.iter().filter(|x| *x == w).count();
    let (signed, unsigned) = (count("signed"), count("unsigned"));
    let longs = count("long");
    if signed + unsigned > 1 {
        return None;
    }
    let base: Vec<&str> = words
        .iter()
        .map(|s| s.as_str())
        .filter(|w| !matches!(*w, "signed" | "unsigned" | "long"))
        .collect();
    let ty = match (base.as_slice(), longs) {
        (["void"], 0) => CType::Void,
        (["bool"] | ["_Bool"], 0) => CType::Bool,
        (["float"], 0) => CType::Float,
        (["double"], 0 | 1) => CType::Double,
        (["char"], 0) => CType::Int(if unsigned > 0 {
            IntKind::UChar
        } else if signed > 0 {
            IntKind::SChar
        } else {
            IntKind::Char
        }),
        (["short"] | ["short", "int"] | ["int", "short"], 0) => CType::Int(IntKind::Short),
        ([] | ["int"], 0) => CType::Int(IntKind::Int),
        ([] | ["int"], 1) => CType::Int(IntKind::Long),
        ([] | ["int"], 2) => CType::Int(IntKind::LongLong),
        _ => return None,
    };
    Some(match ty {
        CType::Int(k) if unsigned > 0 => CType::Int(k.to_unsigned()),
        CType::Int(_) | CType::Void | CType::Bool | CType::Float | CType::Double
            if unsigned + signed > 0 && !matches!(ty, CType::Int(_)) =>
        {
            return None
        }
        t => t,
    })
}

impl Parser<'_> {
    /// A declaration with no type: nvcc's words for a texture or surface
    /// reference (`texture<float, 2> t;`), which CUDA 12 removed.
    fn no_type_message(&self) -> String {
        match (self.peek(), self.peek_at(1)) {
            (Some(t), Some(n)) if matches!(&*t.text, "texture" | "surface") && n.is("<") => {
                format!("{} is not a template", t.text)
            }
            _ => "expected a type specifier".into(),
        }
    }
}
