//! Template instances, made by parsing a template's tokens again with its
//! parameters bound (a type parameter as a typedef, a non-type one as a
//! constant): class instances where a type is named (`Pair<float>`), from
//! the most specialized partial specialization that matches, and explicit
//! class specializations. Sema decides which function instances exist and
//! calls back here for them: `instantiate_function`, `instance_signature`,
//! `complete_template_args` (re-exported as `parse::…`).

use super::*;

/// Parses an instance of function template `def` with these (complete)
/// arguments: the template's tokens again, each parameter bound. `None`
/// when it does not parse (reported) or has no body. Also the member
/// functions of the class instances made on the way (lazy: see
/// `Templates::lazy_methods`).
pub fn instantiate_function(
    templates: &mut Templates,
    diags: &mut Vec<Diagnostic>,
    def: usize,
    args: &[TemplateArg],
) -> Option<(FunctionDef, Vec<FunctionDef>)> {
    if let Some((_, _, f)) = templates
        .specializations
        .iter()
        .find(|(d, a, _)| *d == def && a == args)
    {
        return Some((f.clone(), Vec::new()));
    }
    let def = crate::frontend::template::expand_packs(templates.defs.get(def)?, args);
    let scope = templates.scope.clone();
    let mut p = Parser::sub(&def.tokens, diags, scope, std::mem::take(templates), 0, 1);
    p.pos = def.decl_start;
    // Read in the template's namespace, as where it was written.
    p.cxx.ns = crate::frontend::lookup::qualified_parts(&def.name)
        .into_iter()
        .map(str::to_string)
        .collect();
    p.cxx.ns.pop();
    p.bind(&def, args);
    p.rvalue_as_value = true;
    if let Some(m) = &def.member {
        // A member of its class: read as in the class body.
        p.cxx.ctor_name = ctor_name(&m.record).or_else(|| p.cxx.ns.last().cloned());
        p.inject_class_name(&m.record);
        p.in_class = true;
        p.class_names(&m.record);
        let result = p.member_instance(&m.record);
        *templates = p.templates;
        result.ok()?;
        let f = p.cxx.methods.pop().filter(|f| f.body.is_some())?;
        return Some((f, p.cxx.methods));
    }
    let mut functions = Vec::new();
    let result = p.declaration(&mut functions, false);
    *templates = p.templates;
    result.ok()?;
    let f = functions.pop().filter(|f| f.body.is_some())?;
    Some((Rc::unwrap_or_clone(f), p.cxx.methods))
}

/// The return and parameter types of the instance of function template
/// `def` for these (complete) arguments: its declaration read again with
/// them bound, the body left alone (overload resolution ranks the
/// candidates before one is made). `None` when it does not parse for them.
pub fn instance_signature(
    templates: &mut Templates,
    def: usize,
    args: &[TemplateArg],
) -> Option<(CType, Vec<CType>)> {
    let def = crate::frontend::template::expand_packs(templates.defs.get(def)?, args);
    let scope = templates.scope.clone();
    let mut diags = Vec::new();
    let mut p = Parser::sub(
        &def.tokens,
        &mut diags,
        scope,
        std::mem::take(templates),
        0,
        1,
    );
    p.pos = def.decl_start;
    p.cxx.ns = crate::frontend::lookup::qualified_parts(&def.name)
        .into_iter()
        .map(str::to_string)
        .collect();
    p.cxx.ns.pop();
    p.bind(&def, args);
    p.rvalue_as_value = true;
    // A member template's signature names its class's typedefs
    // (`const math_t *ptr`).
    if let Some(m) = &def.member {
        p.class_names(&m.record);
        p.cxx.ctor_name = ctor_name(&m.record);
        p.inject_class_name(&m.record);
    }
    let header = p.function_template_header();
    *templates = p.templates;
    match header {
        Ok((_, _, TemplateKind::Function { ret, params, .. })) if diags.is_empty() => {
            Some((ret, params))
        }
        _ => None,
    }
}

/// The name a class's constructors have in its body: a class template's
/// instance's is the template's (`vec_t` in `vec_t<float, 2>`).
fn ctor_name(record: &Rc<Record>) -> Option<String> {
    let template = record.template.borrow().clone();
    let name = match template {
        Some((t, _)) => t,
        None => record.name.borrow().clone(),
    };
    Some(crate::frontend::lookup::last_part(&name).to_string())
}

/// What the body of host function template `def`'s instance for these
/// arguments launches and calls (see `Parser::scan_launches`): requests,
/// placed at `at`. Host code is not compiled: its body is read for them.
pub fn host_instance(
    templates: &mut Templates,
    diags: &mut Vec<Diagnostic>,
    def: usize,
    args: &[TemplateArg],
    at: usize,
) -> Vec<Request> {
    match templates.defs.get(def).cloned() {
        Some(def) => host_body_requests(templates, diags, &def, args, at),
        None => Vec::new(),
    }
}

/// What the body of host function `def` (a template's, or a class
/// template's member defined out of its class: `Templates::out_of_class`)
/// launches and calls with its parameters bound to `args`.
pub(super) fn host_body_requests(
    templates: &mut Templates,
    diags: &mut Vec<Diagnostic>,
    def: &TemplateDef,
    args: &[TemplateArg],
    at: usize,
) -> Vec<Request> {
    host_member_requests(templates, diags, def, args, at, None)
}

/// `host_body_requests` for a member of class instance `class` (when
/// given): the body's names of the class's data members have their types.
pub(super) fn host_member_requests(
    templates: &mut Templates,
    diags: &mut Vec<Diagnostic>,
    def: &TemplateDef,
    args: &[TemplateArg],
    at: usize,
    class: Option<CType>,
) -> Vec<Request> {
    let def = &crate::frontend::template::expand_packs(def, args);
    let scope = templates.scope.clone();
    let mut p = Parser::sub(&def.tokens, diags, scope, std::mem::take(templates), 0, 1);
    p.cxx.ns = def.name.split("::").map(str::to_string).collect();
    p.cxx.ns.pop();
    p.bind(def, args);
    if let Some(CType::Record(r)) = &class {
        p.inject_class_name(r);
        p.class_names(r);
    }
    p.scan_class = class;
    let known = p.templates.requests.len();
    if let Some((Some(body), end)) = p.host_function_end(def.decl_start) {
        p.scan_launches(body, end, at);
    }
    let out = p.templates.requests.split_off(known);
    *templates = p.templates;
    out
}

impl<'a> Parser<'a> {
    /// In a member of a class template's instance, the template's name
    /// alone is the instance (as in its body).
    fn inject_class_name(&mut self, record: &Rc<Record>) {
        let template = record.template.borrow().clone();
        if let Some((name, _)) = template {
            self.typedefs.insert(name, CType::Record(record.clone()));
        }
    }

    /// The names a class instance declared (its constants, enumerators,
    /// typedefs and member classes: `Templates::instance_names`), named
    /// here too.
    fn class_names(&mut self, record: &Rc<Record>) {
        let Some((name, args)) = record.template.borrow().clone() else {
            return;
        };
        let id = template_id(&name, &args);
        if let Some((constants, typedefs)) = self.templates.instance_names.get(&id) {
            self.cxx.constants.extend(constants.iter().cloned());
            self.typedefs.extend(typedefs.iter().cloned());
        }
    }

    /// Marks a class declared in a class template's instance as its
    /// member (`Record::enclosing`, for mangling).
    pub(super) fn set_enclosing(&self, record: &Rc<Record>) {
        let name = record.name.borrow().clone();
        let mut parts = crate::frontend::lookup::qualified_parts(&name);
        parts.pop();
        if parts.is_empty() {
            return;
        }
        let outer = parts.join("::");
        let instance = self
            .templates
            .class_instances
            .iter()
            .rev()
            .find_map(|(_, _, t)| {
                matches!(t, CType::Record(o) if *o.name.borrow() == outer).then_some(t)
            });
        if let Some(CType::Record(o)) = instance.or_else(|| self.typedefs.get(&outer)) {
            if o.template.borrow().is_some() || o.enclosing.borrow().is_some() {
                *record.enclosing.borrow_mut() = Some(o.clone());
            }
        }
    }

    /// A member function template's declaration read again as a member of
    /// `record` (its parameters bound): the method is the last of
    /// `cxx.methods`.
    fn member_instance(&mut self, record: &Rc<Record>) -> PResult<()> {
        let s = self.specifiers()?;
        if s.ty.is_none()
            && self
                .peek()
                .is_some_and(|t| Some(&*t.text) == self.cxx.ctor_name.as_deref())
            && self.peek_at(1).is_some_and(|t| t.is("("))
        {
            return self.constructor(record, &s);
        }
        let Some(base) = s.ty.clone() else {
            let span = self.span();
            return self.error(span, "expected a type specifier");
        };
        let d = self.declarator(base, s.konst, s.volatile)?;
        self.method(record, &s, d)
    }

    /// What the host member functions of class template `def`'s instance
    /// for `args` launch and call: those `called` (by name), those they
    /// call, and its constructors; placed at the end of the file.
    pub(super) fn sub_class_members(
        &mut self,
        def: usize,
        args: &[TemplateArg],
        mut called: Vec<String>,
    ) -> Vec<Request> {
        let index = def;
        let Some(def) = self.templates.defs.get(def).cloned() else {
            return Vec::new();
        };
        called.sort();
        called.dedup();
        let key = format!("{}|{}", template_id(&def.name, args), called.join(","));
        if !self.templates.members_scanned.insert(key) {
            return Vec::new();
        }
        // The host members defined out of the class (`template <…>
        // cudaError_t Map<K, V>::insert(…) {…}`), after those in it; read
        // with the names declared so far (see `explicit_instantiation`).
        let outside: Vec<TemplateDef> = self
            .templates
            .out_of_class
            .iter()
            .filter(|(c, d)| *c == def.name && d.params.len() == args.len())
            .map(|(_, d)| d.clone())
            .collect();
        let scope = if outside.is_empty() {
            self.templates.scope.clone()
        } else {
            self.scope_here()
        };
        let templates = std::mem::take(&mut self.templates);
        let mut p = Parser::sub(
            &def.tokens,
            &mut *self.diags,
            scope,
            templates,
            0,
            self.nesting + 1,
        );
        p.cxx.ns = def.name.split("::").map(str::to_string).collect();
        let simple = p.cxx.ns.pop().unwrap_or_default();
        p.bind(&def, args);
        // The instance itself: its data members' types are what the
        // members' bodies pass to kernels.
        let ndiags = p.diags.len();
        p.scan_class = p.class_instance(index, args.to_vec(), &def.span).ok();
        p.diags.truncate(ndiags);
        let toks = p.toks;
        let members = match p.templates.host_members.get(&index) {
            Some(m) => m.clone(),
            None => {
                let open = (def.decl_start..toks.len()).find(|&k| toks[k].is("{"));
                let m: std::rc::Rc<[_]> =
                    open.map(|o| p.host_members(o)).unwrap_or_default().into();
                p.templates.host_members.insert(index, m.clone());
                m
            }
        };
        let known = p.templates.requests.len();
        called.push(simple);
        // The members by name; those called wait in a queue, the first in
        // the class body first (a big class's members call each other by
        // the thousand: no rescan of the names called so far).
        let mut by_name: HashMap<&str, Vec<usize>> = HashMap::default();
        for (m, (name, _, _)) in members.iter().enumerate() {
            by_name.entry(name.as_str()).or_default().push(m);
        }
        for (m, d) in outside.iter().enumerate() {
            if let Some(name) = out_of_class_name(d) {
                by_name.entry(name).or_default().push(members.len() + m);
            }
        }
        let mut queue = std::collections::BinaryHeap::new();
        let mut call = |name: &str, queue: &mut std::collections::BinaryHeap<_>| {
            for m in by_name.remove(name).unwrap_or_default() {
                queue.push(std::cmp::Reverse(m));
            }
        };
        for c in &called {
            call(c, &mut queue);
        }
        while let Some(std::cmp::Reverse(m)) = queue.pop() {
            let Some(&(_, body, end)) = members.get(m) else {
                // Out of the class: its body with the class's arguments
                // bound, in a parser of its own tokens.
                let d = &outside[m - members.len()];
                let body = d.tokens.get(d.decl_start..).unwrap_or_default();
                for w in body.windows(2) {
                    if w[0].kind == TokKind::Ident && w[1].is("(") {
                        call(&w[0].text, &mut queue);
                    }
                }
                // Its launches are read here: the warning its definition
                // gave is this reading's to give.
                let spans: Vec<Span> = d.tokens.iter().map(|t| t.span()).collect();
                let unread = &mut p.templates.unread_launches;
                let taken: Vec<Span> = unread
                    .iter()
                    .filter(|s| spans.contains(s))
                    .cloned()
                    .collect();
                unread.retain(|s| !taken.contains(s));
                p.diags.retain(|g| {
                    !(g.severity == crate::diag::Severity::Warning && taken.contains(&g.span))
                });
                let class = p.scan_class.clone();
                let here = p.scope_here();
                let outer = std::mem::replace(&mut p.templates.scope, here);
                let made =
                    host_member_requests(&mut p.templates, p.diags, d, args, usize::MAX, class);
                p.templates.scope = outer;
                p.templates.requests.extend(made);
                continue;
            };
            // The members it calls.
            for k in body..end.saturating_sub(1) {
                if toks[k].kind == TokKind::Ident && toks[k + 1].is("(") {
                    call(&toks[k].text, &mut queue);
                }
            }
            // Member functions are instantiated at the end of the file.
            p.scan_launches(body, end, usize::MAX);
        }
        let out = p.templates.requests.split_off(known);
        self.templates = p.templates;
        out
    }
}

/// The name of a class template's member defined out of its class (kept
/// in `Templates::out_of_class`): the name before its parameter list
/// (`Map<K, V>::insert(`).
fn out_of_class_name(d: &TemplateDef) -> Option<&str> {
    let toks = d.tokens.get(d.decl_start..)?;
    let mut angle = 0i32;
    for (k, t) in toks.iter().enumerate() {
        match &*t.text {
            "<" => angle += 1,
            ">" => angle -= 1,
            ">>" => angle -= 2,
            "(" if angle <= 0 && k > 0 => {
                let name = &toks[k - 1];
                return (name.kind == TokKind::Ident).then_some(&*name.text);
            }
            "{" | ";" => return None,
            _ => {}
        }
    }
    None
}

/// Template arguments completed with the defaults of the parameters not
/// given (parsed with the earlier arguments bound) and converted to the
/// parameters' types. `None` when one has no value or is of the wrong kind.
pub fn complete_template_args(
    templates: &mut Templates,
    diags: &mut Vec<Diagnostic>,
    def: usize,
    given: Vec<Option<TemplateArg>>,
) -> Option<Vec<TemplateArg>> {
    let scope = templates.scope.clone();
    let mut p = Parser::sub(&[], diags, scope, std::mem::take(templates), 0, 1);
    let result = p.complete_args(def, given);
    *templates = p.templates;
    result.ok().flatten()
}

impl<'a> Parser<'a> {
    /// A parser over other tokens (a template's), with these names in scope.
    fn sub<'b>(
        toks: &'b [Token],
        diags: &'b mut Vec<Diagnostic>,
        scope: Scope,
        templates: Templates,
        depth: usize,
        nesting: usize,
    ) -> Parser<'b> {
        Parser {
            toks,
            pos: 0,
            diags,
            typedefs: scope.typedefs,
            tags: scope.tags,
            enumerators: scope.enumerators,
            depth,
            eof_span: toks.last().map(|t| t.span()).unwrap_or_default(),
            pending_unroll: None,
            globals: Vec::new(),
            cxx: scope.cxx,
            templates,
            template_values: HashMap::default(),
            no_gt: false,
            half_gt: false,
            nesting,
            pattern: false,
            placeholders: Vec::new(),
            in_class: false,
            host_declarator: false,
            host_device_body: false,
            rvalue_as_value: false,
            missing_host: None,
            noted_missing: false,
            bound: Vec::new(),
            local_names: Vec::new(),
            lazy: Vec::new(),
            lazy_stream: None,
            scan_class: None,
        }
    }

    /// Runs `f` on a parser over `toks` from `pos`, with this parser's names
    /// (those it declares stay in it) and templates (shared).
    /// The names in scope here, for a parser of other tokens.
    pub(super) fn scope_here(&self) -> Scope {
        Scope {
            typedefs: self.typedefs.clone(),
            tags: self.tags.clone(),
            enumerators: self.enumerators.clone(),
            cxx: CxxScope {
                methods: Vec::new(),
                ctor_name: None,
                ..self.cxx.clone()
            },
        }
    }

    pub(super) fn sub_parse<R>(
        &mut self,
        toks: &[Token],
        pos: usize,
        f: impl FnOnce(&mut Parser<'_>) -> PResult<R>,
    ) -> PResult<R> {
        let scope = self.scope_here();
        let templates = std::mem::take(&mut self.templates);
        let mut sub = Parser::sub(
            toks,
            &mut *self.diags,
            scope,
            templates,
            self.depth,
            self.nesting + 1,
        );
        sub.pos = pos;
        sub.pattern = self.pattern;
        let result = f(&mut sub);
        // The member functions of class instances made there.
        self.cxx.methods.append(&mut sub.cxx.methods);
        self.templates = sub.templates;
        result
    }

    /// The type an alias template's instance names: the type after its
    /// `=` read with the parameters bound (in a template's signature, its
    /// placeholders stay what they are).
    fn alias_instance(
        &mut self,
        d: &TemplateDef,
        args: &[TemplateArg],
        span: &Span,
    ) -> PResult<CType> {
        if self.nesting >= MAX_NESTING {
            let id = template_id(&d.name, args);
            return self.error(
                span.clone(),
                format!(
                    "excessive recursion at instantiation of \"{id}\" (limit {MAX_NESTING} nested instantiations)"
                ),
            );
        }
        let placeholders = self.placeholders.clone();
        self.sub_parse(&d.tokens, d.decl_start + 3, |p| {
            p.bind(d, args);
            p.cxx.ns = crate::frontend::lookup::qualified_parts(&d.name)
                .into_iter()
                .map(str::to_string)
                .collect();
            p.cxx.ns.pop();
            p.placeholders = placeholders;
            let t = p.type_name()?;
            // `typename enable_if<false, T>::type`: the class has no such
            // member, and the alias no type (what SFINAE reads).
            if p.at("::") {
                let span = p.span();
                let member = p.peek_at(1).map_or(String::new(), |m| m.text.to_string());
                return p.error(span, format!("class \"{t}\" has no member \"{member}\""));
            }
            Ok(t)
        })
    }

    /// What an expression naming a variable template's instance
    /// (`pi_v<float>`, `mask<T>`) means: its value where the instance is a
    /// constant, else the instance's variable (named by its symbol, which
    /// sema finds in `Templates::var_instances`). Made the first time it is
    /// named: the declaration read again with the parameters bound.
    pub(super) fn variable_instance(
        &mut self,
        def: usize,
        args: Vec<TemplateArg>,
        span: &Span,
    ) -> PResult<Expr> {
        let d = self.templates.defs[def].clone();
        let dependent = |p: &Self, a: &TemplateArg| match a {
            TemplateArg::Type(t) => p.depends(t) || t.is_deduced(),
            TemplateArg::Value(v, _) => {
                crate::frontend::template::pattern_param(*v, p.placeholders.len()).is_some()
            }
            TemplateArg::Template(_) | TemplateArg::Pack(_) => false,
        };
        if args.iter().any(|a| dependent(self, a)) {
            // In a template's signature: nothing to make yet.
            return Ok(Expr::new(ExprKind::IntLit(0), span.clone()));
        }
        let Some(args) = self.complete_args(def, args.into_iter().map(Some).collect())? else {
            let msg = format!(
                "the template arguments do not match the parameters of variable template \"{}\"",
                d.name
            );
            return self.error(span.clone(), msg);
        };
        let symbol = crate::frontend::mangle::variable_template_symbol(&d.name, &args);
        if !self.templates.var_instances.contains_key(&symbol) {
            if self.nesting >= MAX_NESTING {
                let id = template_id(&d.name, &args);
                return self.error(
                    span.clone(),
                    format!("excessive recursion at instantiation of \"{id}\""),
                );
            }
            let name = symbol.clone();
            let made = self.sub_parse(&d.tokens, d.decl_start, |p| {
                p.bind(&d, &args);
                p.cxx.ns = crate::frontend::lookup::qualified_parts(&d.name)
                    .into_iter()
                    .map(str::to_string)
                    .collect();
                p.cxx.ns.pop();
                let at = p.span();
                let specs = p.specifiers()?;
                let Some(base) = specs.ty.clone() else {
                    return p.error(at, "expected a type specifier");
                };
                let decl = p.declarator(base, specs.konst, specs.volatile)?;
                let specs = specs.with_late(decl.late);
                p.variable(&specs, decl, name.clone())?;
                if let Some((v, t)) = p.cxx.constants.get(&name) {
                    return Ok(VarInstance::Constant(*v, t.clone()));
                }
                match p.globals.pop() {
                    Some(g) => Ok(VarInstance::Variable(Box::new(g))),
                    None => p.error(at, "expected a variable"),
                }
            })?;
            self.templates.var_instances.insert(symbol.clone(), made);
        }
        Ok(match &self.templates.var_instances[&symbol] {
            VarInstance::Constant(v, t) => {
                let kind = match v {
                    Scalar::Int(i) => ExprKind::IntLit(*i as u64),
                    Scalar::Float(f) => ExprKind::FloatLit(*f),
                };
                let mut e = Expr::new(kind, span.clone());
                e.ty = t.clone();
                e
            }
            VarInstance::Variable(_) => Expr::new(ExprKind::Ident(symbol), span.clone()),
        })
    }

    /// Whether an `enable_if` parameter's type (from `at.0` to `at.1` in
    /// `d`'s tokens)
    /// reads with these arguments bound; a failure is no error (SFINAE).
    fn sfinae_type_reads(
        &mut self,
        d: &TemplateDef,
        args: &[TemplateArg],
        at: (usize, usize),
    ) -> bool {
        let before = self.diags.len();
        let read = self.sub_parse(&d.tokens, at.0, |sub| {
            sub.bind(d, args);
            sub.cxx.ns = d.name.split("::").map(str::to_string).collect();
            sub.cxx.ns.pop();
            sub.eat("typename");
            sub.type_name()?;
            Ok(sub.pos)
        });
        // (All of it: `enable_if<false, int>` reads, its `::type` not.)
        let ok = read.is_ok_and(|end| end == at.1) && self.diags.len() == before;
        self.diags.truncate(before);
        ok
    }

    /// Binds a template's parameters to arguments: a type parameter is a
    /// typedef, a non-type one a constant.
    pub(super) fn bind(&mut self, def: &TemplateDef, args: &[TemplateArg]) {
        self.template_values.clear();
        self.bound.clear();
        // A member template's class's own parameters first.
        let outer = def.outer.iter();
        let own = def.params.iter().map(|p| &p.name).zip(args);
        for (name, a) in outer.map(|(n, a)| (n, a)).chain(own) {
            self.bound.push((name.clone(), a.clone()));
            match a {
                TemplateArg::Type(t) => {
                    self.typedefs.insert(name.clone(), t.clone());
                }
                TemplateArg::Value(v, t) => {
                    self.typedefs.remove(name);
                    self.template_values.insert(name.clone(), (*v, t.clone()));
                }
                TemplateArg::Template(t) => {
                    self.typedefs.insert(name.clone(), tt_marker(t));
                }
                // (Instances bind a pack's elements one by one.)
                TemplateArg::Pack(_) => {}
            }
        }
    }

    /// Completes template arguments with defaults (see `complete_template_args`).
    pub(super) fn complete_args(
        &mut self,
        def: usize,
        mut given: Vec<Option<TemplateArg>>,
    ) -> PResult<Option<Vec<TemplateArg>>> {
        let Some(d) = self.templates.defs.get(def).cloned() else {
            return Ok(None);
        };
        // A parameter pack last takes the arguments from its place on.
        let pack = crate::frontend::template::pack_index(&d).filter(|k| k + 1 == d.params.len());
        let mut rest = Vec::new();
        if let Some(k) = pack {
            rest = given.split_off(k.min(given.len()));
        } else if given.len() > d.params.len() {
            return Ok(None);
        }
        let fixed = pack.unwrap_or(d.params.len());
        given.resize(fixed, None);
        let mut args = Vec::new();
        for (i, p) in d.params.iter().enumerate().take(fixed) {
            let arg = match given[i].take() {
                Some(a) => a,
                None => {
                    let Some(at) = p.default else { return Ok(None) };
                    let bound = args.clone();
                    let before = self.diags.len();
                    let value = self.sub_parse(&d.tokens, at, |sub| {
                        sub.bind(&d, &bound);
                        sub.cxx.ns = d.name.split("::").map(str::to_string).collect();
                        sub.cxx.ns.pop();
                        if matches!(p.kind, ParamKind::Type) {
                            return Ok(Some(TemplateArg::Type(sub.type_name()?)));
                        }
                        if matches!(p.kind, ParamKind::Template(_)) {
                            return Ok(sub.template_name_arg());
                        }
                        sub.no_gt = true;
                        let e = sub.conditional()?;
                        Ok(sub
                            .const_value(&e)
                            .map(|v| TemplateArg::Value(v, CType::INT)))
                    });
                    // An `enable_if` parameter's default only names a value
                    // no one reads (`detail::dummy`, `nullptr`): 0 when it
                    // is no integer constant.
                    let value = match value {
                        Ok(None) | Err(_) if p.sfinae.is_some() => {
                            self.diags.truncate(before);
                            Some(TemplateArg::Value(0, CType::INT))
                        }
                        v => v?,
                    };
                    let Some(v) = value else { return Ok(None) };
                    v
                }
            };
            // `typename std::enable_if<C, int>::type = 0`: no instance
            // where the type cannot be read with the arguments so far.
            if let Some(at) = p.sfinae {
                if !self.sfinae_type_reads(&d, &args, at) {
                    return Ok(None);
                }
            }
            // A non-type parameter whose type is an earlier parameter
            // (`template <typename T, T val>`): that parameter's argument.
            let kind = match &p.kind {
                ParamKind::Value(CType::Record(r)) => {
                    match d.params.iter().position(|q| Rc::ptr_eq(&q.placeholder, r)) {
                        Some(j) => match args.get(j) {
                            Some(TemplateArg::Type(t)) => ParamKind::Value(t.clone()),
                            _ => p.kind.clone(),
                        },
                        None => p.kind.clone(),
                    }
                }
                k => k.clone(),
            };
            let arg = match (&kind, arg) {
                (ParamKind::Type, a @ TemplateArg::Type(_))
                | (ParamKind::Template(_), a @ TemplateArg::Template(_)) => a,
                // A template's own parameter in its signature (`Col<C>`
                // with `bool C`) stays its pattern value.
                (ParamKind::Value(t), TemplateArg::Value(v, _))
                    if self.pattern
                        && crate::frontend::template::pattern_param(v, 64).is_some() =>
                {
                    TemplateArg::Value(v, t.clone())
                }
                (ParamKind::Value(t), TemplateArg::Value(v, _)) => {
                    let mut e = Expr::new(ExprKind::IntLit(v as u64), Span::default());
                    e.ty = CType::Int(IntKind::LongLong);
                    let mut c = Expr::new(
                        ExprKind::Cast {
                            expr: Box::new(e),
                            implicit: true,
                        },
                        Span::default(),
                    );
                    c.ty = t.clone();
                    let v = const_eval(&c).map_or(v, |s| s.as_i64());
                    TemplateArg::Value(v, t.clone())
                }
                _ => return Ok(None),
            };
            args.push(arg);
        }
        if let Some(k) = pack {
            for a in rest {
                match (&d.params[k].kind, a) {
                    (ParamKind::Type, Some(a @ TemplateArg::Type(_)))
                    | (ParamKind::Value(_), Some(a @ TemplateArg::Value(..)))
                    | (ParamKind::Template(_), Some(a @ TemplateArg::Template(_))) => args.push(a),
                    _ => return Ok(None),
                }
            }
        }
        Ok(Some(args))
    }

    /// `template <> struct Traits<float> { … };` (after `template <>`):
    /// the instance `Traits<float>` defined here instead of made from the
    /// template.
    pub(super) fn class_specialization(&mut self) -> PResult<()> {
        let is_union = self.at("union");
        let is_class = self.at("class");
        self.pos += 1;
        let (name, span) = self.ident()?;
        let Some(def) = self
            .candidates(&name)
            .into_iter()
            .find_map(|c| self.templates.find(&c))
            .filter(|&d| self.templates.defs[d].is_class())
        else {
            return self.error(span, format!("\"{name}\" is not a class template"));
        };
        self.expect("<")?;
        let given = self.template_args()?;
        let d = self.templates.defs[def].clone();
        let Some(args) = self.complete_args(def, given.into_iter().map(Some).collect())? else {
            let msg = format!(
                "the template arguments do not match the parameters of class template \"{}\"",
                d.name
            );
            return self.error(span, msg);
        };
        let id = template_id(&d.name, &args);
        if self
            .templates
            .class_instances
            .iter()
            .any(|(i, a, _)| *i == def && *a == args)
        {
            let msg =
                format!("explicit specialization of class \"{id}\" must precede its first use");
            return self.error(span, msg);
        }
        let record = Rc::new(Record::new(&id, is_union));
        *record.template.borrow_mut() = Some((d.name.clone(), args.clone()));
        record
            .pack_start
            .set(crate::frontend::template::pack_index(&d));
        self.set_enclosing(&record);
        record.defined_at.set(span.line);
        let ty = CType::Record(record.clone());
        self.templates.class_instances.push((def, args, ty));
        let bases = self.base_clause(&record)?;
        self.expect("{")?;
        self.enter()?;
        let simple = d.name.rsplit("::").next().unwrap_or_default().to_string();
        let outer_ctor = self.cxx.ctor_name.replace(simple);
        let outer_ns = std::mem::replace(&mut self.cxx.ns, instance_scope(&d.name, &id));
        // In its own body the template's name is this instance.
        let outer_name = self
            .typedefs
            .insert(d.name.clone(), CType::Record(record.clone()));
        let nmethods = self.cxx.methods.len();
        let members = self.members(&record, is_class);
        match outer_name {
            Some(t) => self.typedefs.insert(d.name.clone(), t),
            None => self.typedefs.remove(&d.name),
        };
        self.cxx.ns = outer_ns;
        self.cxx.ctor_name = outer_ctor;
        self.leave();
        self.finish_class(&record, &bases, members?, 0);
        // Compiled once called, as the members of made instances.
        let methods: Vec<FunctionDef> = self.cxx.methods.drain(nmethods..).collect();
        self.templates.lazy_methods.extend(methods);
        self.expect(";")
    }

    /// The partial specialization of class template `def` an instance
    /// for `args` is made from (the most specialized that matches, as C++
    /// orders them) and its parameters' values; `None`: the template's own
    /// body.
    fn choose_partial(
        &mut self,
        def: usize,
        args: &[TemplateArg],
        span: &Span,
    ) -> PResult<Option<(usize, Vec<TemplateArg>)>> {
        let candidates: Vec<(usize, Vec<TemplateArg>)> = self
            .templates
            .partials
            .iter()
            .enumerate()
            .filter(|(_, p)| p.primary == def)
            .filter_map(|(k, p)| {
                let mut out = vec![None; p.def.params.len()];
                let ok = if p.kept.is_empty() {
                    crate::frontend::template::match_args(&p.def, &p.args, args, &mut out, 0)
                } else {
                    p.args.len() == args.len()
                        && p.args.iter().zip(args).enumerate().all(|(i, (pa, a))| {
                            p.kept.iter().any(|(j, _)| *j == i)
                                || crate::frontend::template::match_arg(&p.def, pa, a, &mut out, 0)
                        })
                };
                let out: Option<Vec<TemplateArg>> = out.into_iter().collect();
                out.filter(|_| ok)
                    .map(|o| (k, crate::frontend::template::flatten_packs(o)))
            })
            .collect();
        let mut matches = Vec::new();
        for (k, values) in candidates {
            let p = &self.templates.partials[k];
            if !p.kept.is_empty() {
                let p = p.clone();
                if !self.kept_args_match(&p, &values, args) {
                    continue;
                }
            }
            matches.push((k, values));
        }
        let partials = &self.templates.partials;
        // `a` is at least as specialized as `b`: b's arguments match a's.
        let at_least = |a: usize, b: usize| {
            let (pa, pb) = (&partials[a], &partials[b]);
            let mut out = vec![None; pb.def.params.len()];
            crate::frontend::template::match_args(&pb.def, &pb.args, &pa.args, &mut out, 0)
        };
        let best: Vec<&(usize, Vec<TemplateArg>)> = matches
            .iter()
            .filter(|(a, _)| {
                matches
                    .iter()
                    .all(|(b, _)| a == b || (at_least(*a, *b) && !at_least(*b, *a)))
            })
            .collect();
        match best.as_slice() {
            [one] => Ok(Some((*one).clone())),
            [] if matches.is_empty() => Ok(None),
            _ => {
                let name = &self.templates.defs[def].name;
                let id = template_id(name, args);
                let mut msg = format!("more than one partial specialization matches the template argument list of class \"{id}\"");
                for (k, _) in &matches {
                    let p = &partials[*k];
                    msg.push_str(&format!(
                        "\n            \"{}\" (declared at line {})",
                        template_id(name, &p.args),
                        p.def.span.line
                    ));
                }
                self.error(span.clone(), msg)
            }
        }
    }

    /// The instance of class template `def` for these arguments, made the
    /// first time it is named.
    pub(super) fn class_instance(
        &mut self,
        def: usize,
        args: Vec<TemplateArg>,
        span: &Span,
    ) -> PResult<CType> {
        let d = self.templates.defs[def].clone();
        if args
            .iter()
            .any(|a| matches!(a, TemplateArg::Type(t) if t.is_deduced()))
        {
            return self.error(
                span.clone(),
                "decltype and auto in a class template's arguments are not supported yet",
            );
        }
        let n = args.len();
        let Some(args) = self.complete_args(def, args.into_iter().map(Some).collect())? else {
            let msg = if n > d.params.len() {
                format!("too many arguments for class template \"{}\"", d.name)
            } else if n < d.params.len() {
                format!("too few arguments for class template \"{}\"", d.name)
            } else {
                format!(
                    "the template arguments do not match the parameters of class template \"{}\"",
                    d.name
                )
            };
            return self.error(span.clone(), msg);
        };
        if d.is_alias() {
            return self.alias_instance(&d, &args, span);
        }
        // A variadic template's pack: its arguments from its place on.
        let pack_start = crate::frontend::template::pack_index(&d);
        if pack_start.is_some_and(|k| k + 1 != d.params.len()) {
            return self.error(
                span.clone(),
                "a class template's parameter pack before its last parameter is not supported yet",
            );
        }
        if let Some((_, _, t)) = self
            .templates
            .class_instances
            .iter()
            .find(|(i, a, _)| *i == def && *a == args)
        {
            let t = t.clone();
            // Made by another parser (a function instance's signature, read
            // apart): its names are named here too.
            let id = template_id(&d.name, &args);
            if let Some((constants, typedefs)) = self.templates.instance_names.get(&id) {
                self.cxx.constants.extend(constants.iter().cloned());
                self.typedefs.extend(typedefs.iter().cloned());
            }
            return Ok(t);
        }
        let id = template_id(&d.name, &args);
        // An instance for a template's placeholders (`vec_t<T, 1>` in a
        // function template's signature) is made once per template that
        // names it, as the source has them: only nesting bounds those.
        let pattern = self.pattern
            && args.iter().any(|a| match a {
                TemplateArg::Type(t) => self.depends(t),
                TemplateArg::Value(v, _) => {
                    crate::frontend::template::pattern_param(*v, self.placeholders.len()).is_some()
                }
                TemplateArg::Template(_) | TemplateArg::Pack(_) => false,
            });
        let over = if self.nesting >= MAX_NESTING {
            Some(format!("{MAX_NESTING} nested instantiations"))
        } else if pattern {
            (self.templates.pattern_count >= MAX_PATTERN_INSTANCES)
                .then(|| format!("{MAX_PATTERN_INSTANCES} instantiations"))
        } else {
            self.templates
                .admit(def)
                .err()
                .map(|max| format!("{max} instantiations"))
        };
        if let Some(limit) = over {
            return self.error(
                span.clone(),
                format!("excessive recursion at instantiation of class \"{id}\" (limit {limit})"),
            );
        }
        if pattern {
            self.templates.pattern_count += 1;
        }
        // A partial specialization's body, with its parameters deduced.
        let (body, bound, partial) = match self.choose_partial(def, &args, span)? {
            Some((k, values)) => (self.templates.partials[k].def.clone(), values, true),
            None => ((*d).clone(), args.clone(), false),
        };
        // The shape of its argument list, for its members defined out of
        // the class.
        let form = if partial {
            let simple = crate::frontend::lookup::last_part(&d.name).to_string();
            super::out_of_class::qualifier_form(
                &body.tokens,
                body.decl_start,
                &simple,
                &body.params,
            )
            .unwrap_or_default()
        } else {
            super::out_of_class::primary_form(d.params.len())
        };
        let is_union = matches!(body.kind, TemplateKind::Class { is_union: true });
        let record = Rc::new(Record::new(&id, is_union));
        *record.template.borrow_mut() = Some((d.name.clone(), args.clone()));
        record.pack_start.set(pack_start);
        // A pack among the parameters read: one parameter per element, its
        // expansions in the body expanded.
        let body = if crate::frontend::template::pack_index(&body).is_some() {
            crate::frontend::template::expand_packs(&body, &bound)
        } else {
            body
        };
        self.set_enclosing(&record);
        record.defined_at.set(d.span.line);
        let ty = CType::Record(record.clone());
        self.templates
            .class_instances
            .push((def, args.clone(), ty.clone()));
        // A template only declared (`template <…> class fragment;`) with no
        // specialization for these arguments: the instance is incomplete, as
        // nvcc has it ("incomplete type … is not allowed" where it is used).
        let declared_only = body
            .tokens
            .get(body.decl_start..)
            .is_some_and(|t| t.iter().take_while(|t| !t.is(";")).all(|t| !t.is("{")));
        if declared_only {
            return Ok(ty);
        }
        let (ndiags, nmethods) = (self.diags.len(), self.cxx.methods.len());
        // Its members are named in it (`Traits<float>::size`).
        let scope = instance_scope(&d.name, &id);
        let parsed = self.sub_parse(&body.tokens, body.decl_start, |p| {
            p.bind(&body, &bound);
            let is_class = p.at("class");
            p.pos += 1; // `struct`
            let align = p.type_attributes()?; // `alignas(sizeof(T) * 4)`
            p.pos += 1; // `Name`
            if p.at("<") {
                // A partial specialization's arguments (read already, and
                // in the template's scope, which is not entered yet).
                p.skip_template_arg_list();
            }
            p.eat("final");
            // Read in the instance's scope, as its body.
            p.cxx.ns = scope;
            let bases = p.base_clause(&record)?;
            p.expect("{")?;
            p.enter()?;
            p.cxx.ctor_name = Some(d.name.rsplit("::").next().unwrap_or_default().to_string());
            // In its own body the template's name is the instance.
            p.typedefs
                .insert(d.name.clone(), CType::Record(record.clone()));
            let members = p.members(&record, is_class);
            p.leave();
            p.finish_class(&record, &bases, members?, align);
            // Its static constants and member typedefs.
            let prefix = format!("{id}::");
            // (Its enumerators are constants of their enum's type:
            // `Opt<float>::Put`.)
            let constants: Vec<_> = p
                .cxx
                .constants
                .iter()
                .filter(|(k, _)| k.starts_with(&prefix))
                .map(|(k, v)| (k.clone(), v.clone()))
                .chain(
                    p.enumerators
                        .iter()
                        .filter(|(k, _)| k.starts_with(&prefix))
                        .map(|(k, (v, t))| (k.clone(), (Scalar::Int(*v), t.clone()))),
                )
                .collect();
            let typedefs: Vec<_> = p
                .typedefs
                .iter()
                .filter(|(k, _)| k.starts_with(&prefix))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            Ok((constants, typedefs))
        });
        let parsed = parsed.map(|(constants, typedefs)| {
            self.cxx.constants.extend(constants.iter().cloned());
            self.typedefs.extend(typedefs.iter().cloned());
            self.templates
                .instance_names
                .insert(id.clone(), (constants, typedefs));
        });
        let dependent = args
            .iter()
            .any(|a| mentions_placeholder(a, &self.placeholders));
        // (Errors in an instance thought whole: it named an outer
        // template's placeholder after all.)
        if self.pattern && (dependent || self.diags.len() > ndiags) {
            // An instance for a template's own signature (`Pair<T>` with T
            // a placeholder): its type is all that is needed; what its
            // members say about placeholders is not an error. (An instance
            // that names no placeholder, `Tile<32>`, is made whole: it is
            // the one every later use finds.)
            self.diags.truncate(ndiags);
            self.cxx.methods.truncate(nmethods);
            if record.layout().is_none() {
                *record.layout.borrow_mut() = Some(Rc::new(Layout::of_class(
                    &[],
                    Vec::new(),
                    is_union,
                    0,
                    true,
                )));
            }
            return Ok(ty);
        }
        let parsed = match parsed {
            Ok(()) if self.templates.members_out.iter().any(|m| m.class == d.name) => {
                let declared: Vec<Rc<FunctionDef>> = self.cxx.methods[nmethods..]
                    .iter()
                    .cloned()
                    .map(Rc::new)
                    .collect();
                self.instance_out_of_class_members(&d.name, &form, &ty, &bound, &declared)
            }
            p => p,
        };
        let methods: Vec<FunctionDef> = self.cxx.methods.drain(nmethods..).collect();
        self.templates.lazy_methods.extend(methods);
        parsed?;
        Ok(ty)
    }
}

/// The scope of a class template's instance `id` (`N::Traits<float>`):
/// its namespaces, then the instance.
fn instance_scope(template: &str, id: &str) -> Vec<String> {
    match template.rsplit_once("::") {
        Some((outer, _)) => outer
            .split("::")
            .map(str::to_string)
            .chain(std::iter::once(id[outer.len() + 2..].to_string()))
            .collect(),
        None => vec![id.to_string()],
    }
}

/// Whether a template argument depends on a template's parameters: it
/// names one of their placeholder types (or an instance made from one), or
/// is a pattern value. Types not looked into count as dependent.
fn mentions_placeholder(a: &TemplateArg, placeholders: &[Rc<Record>]) -> bool {
    fn ty(t: &CType, ps: &[Rc<Record>], depth: u32) -> bool {
        if depth > 64 {
            return true;
        }
        match t {
            CType::Void
            | CType::Bool
            | CType::Int(_)
            | CType::Float
            | CType::Double
            | CType::Builtin(_)
            | CType::Enum(_) => false,
            CType::Ptr { pointee, .. } | CType::Ref { pointee, .. } => ty(pointee, ps, depth + 1),
            CType::Array(e, _) => ty(e, ps, depth + 1),
            CType::Record(r) => {
                ps.iter().any(|p| Rc::ptr_eq(p, r))
                    || r.template
                        .borrow()
                        .as_ref()
                        .is_some_and(|(_, args)| args.iter().any(|a| arg(a, ps, depth + 1)))
            }
            _ => true,
        }
    }
    fn arg(a: &TemplateArg, ps: &[Rc<Record>], depth: u32) -> bool {
        match a {
            TemplateArg::Type(t) => ty(t, ps, depth),
            TemplateArg::Value(v, _) => (crate::frontend::template::PATTERN_VALUE
                ..crate::frontend::template::PATTERN_VALUE + 4096)
                .contains(v),
            TemplateArg::Template(n) => crate::frontend::template::tt_pattern_index(n).is_some(),
            TemplateArg::Pack(v) => v.iter().any(|a| arg(a, ps, depth + 1)),
        }
    }
    arg(a, placeholders, 0)
}
