//! Template declarations: `template <…>` and its parameters, the template
//! kept as its tokens (`Templates`), partial specializations, explicit
//! specializations and instantiations, and template argument lists.

use super::*;

impl<'a> Parser<'a> {
    /// After a class type, `::name` names a type member of it
    /// (`std::vector<float>::iterator`, `Traits<T>::type`).
    pub(super) fn member_type(&mut self, ty: CType) -> PResult<CType> {
        self.member_type_of(ty, false)
    }

    /// [`Self::member_type`], `typename` written before the class's name
    /// or not (`typename Traits<T1, T2>::type` is a type in a template's
    /// signature even where the class is only declared).
    pub(super) fn member_type_of(&mut self, mut ty: CType, typename: bool) -> PResult<CType> {
        while self.at("::") && self.peek_at(1).is_some_and(|t| t.kind == TokKind::Ident) {
            let CType::Record(r) = &ty else { break };
            let member = self
                .peek_at(1)
                .map(|t| t.text.to_string())
                .unwrap_or_default();
            let full = format!("{}::{member}", r.name.borrow());
            // In a template's signature, a member of a class named with its
            // parameters (`typename vec4<T>::Type`) is what each instance
            // makes it: a type of its own here (see `Record::dependent`).
            // (Whether the instance for the placeholders has the member or not:
            // a declarator after it says it is a type.)
            let declares = self
                .peek_at(2)
                .is_some_and(|t| t.kind == TokKind::Ident || t.is("*") || t.is("&") || t.is("&&"));
            let declares = declares || typename;
            if self.pattern && self.depends(&ty) && (self.typedefs.contains_key(&full) || declares)
            {
                let d = Record::new(&full, false);
                *d.layout.borrow_mut() = Some(Rc::new(Layout::plain(Vec::new(), 1, 1)));
                *d.dependent.borrow_mut() = Some((ty.clone(), member));
                ty = CType::Record(Rc::new(d));
                self.pos += 2;
                continue;
            }
            // Not a type (`Traits<T>::size`): the expression parser reads it.
            let Some(t) = self.typedefs.get(&full) else {
                break;
            };
            ty = t.clone();
            self.pos += 2;
        }
        Ok(ty)
    }

    /// Whether a type names one of the template parameters being parsed
    /// as placeholders (`T`, `T *`, `vec4<T>`).
    pub(super) fn depends(&self, t: &CType) -> bool {
        match t {
            CType::Record(r) => {
                self.placeholders.iter().any(|p| Rc::ptr_eq(p, r))
                    || r.template.borrow().as_ref().is_some_and(|(_, args)| {
                        args.iter()
                            .any(|a| matches!(a, TemplateArg::Type(t) if self.depends(t)))
                    })
                    || r.dependent.borrow().is_some()
            }
            CType::Ptr { pointee, .. } | CType::Ref { pointee, .. } | CType::Array(pointee, _) => {
                self.depends(pointee)
            }
            _ => false,
        }
    }

    pub(super) fn class_template(&self, name: &str) -> Option<usize> {
        let i = self.find_template(name)?;
        self.templates.defs[i].is_class().then_some(i)
    }

    pub(super) fn function_template(&self, name: &str) -> Option<usize> {
        let i = self.find_template(name)?;
        self.templates.defs[i].is_function().then_some(i)
    }

    /// Closes a template argument or parameter list: `>`, or half of `>>`.
    fn close_angle(&mut self) -> bool {
        if self.at(">") && !self.half_gt {
            self.pos += 1;
            return true;
        }
        if self.at(">>") {
            if self.half_gt {
                self.pos += 1;
            }
            self.half_gt = !self.half_gt;
            return true;
        }
        false
    }

    /// Whether `name` after `.` or `->` names a member function template
    /// (of some class: the object's type is sema's), so `<` opens its
    /// arguments.
    pub(super) fn names_member_template(&self, name: &str) -> bool {
        self.templates
            .defs
            .iter()
            .any(|d| d.member.is_some() && crate::frontend::lookup::last_part(&d.name) == name)
    }

    /// Template arguments after the `<`, up to and including the `>`: types
    /// and integer constant expressions.
    pub(super) fn template_args(&mut self) -> PResult<Vec<TemplateArg>> {
        let mut args = Vec::new();
        if self.close_angle() {
            return Ok(args);
        }
        loop {
            // A class template's name, for a template template parameter.
            if let Some(a) = self.template_name_arg() {
                args.push(a);
                if self.eat(",") {
                    continue;
                }
                if self.close_angle() {
                    return Ok(args);
                }
            }
            // A type, unless what reads as one goes on as an expression
            // (`IS<T, double>::value`, a class instance's constant).
            let (start, ndiags) = (self.pos, self.diags.len());
            let ty = if self.starts_type() {
                match self.type_name() {
                    Ok(t) if self.at(",") || self.at(">") || self.at(">>") || self.half_gt => {
                        Some(Ok(t))
                    }
                    // A pack's expansion in a template's own terms
                    // (`tup<T, Rest...>`): its placeholder stands for it.
                    Ok(t) if self.at("...") && crate::frontend::template::names_pack(&t) => {
                        self.pos += 1;
                        Some(Ok(t))
                    }
                    Ok(_) if self.at("::") => None,
                    Err(_) if self.value_after_type(start) => None,
                    other => Some(other),
                }
            } else {
                None
            };
            if ty.is_none() {
                self.pos = start;
                self.diags.truncate(ndiags);
                self.half_gt = false;
            }
            if let Some(t) = ty {
                args.push(TemplateArg::Type(t?));
            } else {
                let span = self.span();
                let no_gt = std::mem::replace(&mut self.no_gt, true);
                let e = self.conditional();
                self.no_gt = no_gt;
                let e = e?;
                let Some(v) = self.const_value(&e) else {
                    return self.error(span, "expression must have a constant value");
                };
                let ty = if e.ty.is_integer() { e.ty } else { CType::INT };
                args.push(TemplateArg::Value(v, ty));
            }
            if self.eat(",") {
                continue;
            }
            if self.close_angle() {
                return Ok(args);
            }
            let span = self.span();
            return self.error(span, "expected a \">\"");
        }
    }

    /// Whether the template argument at token `start`, which begins as a
    /// type, is a class instance's member used as a value: a template-id
    /// followed by `::name` (`IS<T, double>::value`).
    fn value_after_type(&self, start: usize) -> bool {
        let toks = self.toks;
        if !toks.get(start + 1).is_some_and(|t| t.is("<")) {
            return false;
        }
        let mut depth = 0i32;
        for (k, t) in toks.iter().enumerate().skip(start + 1) {
            match &*t.text {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "(" | ")" | ";" | "{" | "}" => return false,
                _ => {}
            }
            if depth <= 0 {
                return depth == 0
                    && toks.get(k + 1).is_some_and(|t| t.is("::"))
                    && toks.get(k + 2).is_some_and(|t| t.kind == TokKind::Ident)
                    && toks
                        .get(k + 3)
                        .is_some_and(|t| t.is(",") || t.is(">") || t.is(">>"));
            }
        }
        false
    }

    /// Skips `<…>` from its `<` (nested brackets, `>>` as two).
    pub(super) fn skip_template_arg_list(&mut self) {
        let mut depth = 0i32;
        while let Some(t) = self.peek() {
            self.pos += 1;
            match &*t.text {
                "<" => depth += 1,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                ";" | "{" => return,
                _ => {}
            }
            if depth <= 0 {
                return;
            }
        }
    }

    /// Skips a default template argument: up to the `,` or `>` that ends it.
    fn skip_template_arg(&mut self) {
        let mut depth = 0i32;
        while let Some(t) = self.peek() {
            if depth == 0 && (t.is(",") || t.is(">") || t.is(">>")) {
                return;
            }
            if t.is("(") || t.is("[") || t.is("<") || t.is("{") {
                depth += 1;
            } else if t.is(")") || t.is("]") || t.is(">") || t.is("}") {
                depth -= 1;
            } else if t.is(">>") {
                if depth == 1 {
                    // `class R = rc<T>>`: the second `>` closes the list.
                    self.half_gt = true;
                    return;
                }
                depth -= 2;
            } else if t.is(";") {
                return;
            }
            self.pos += 1;
        }
    }

    /// `template <…> declaration`, `template declaration` (an explicit
    /// instantiation).
    pub(super) fn template_decl(&mut self, declared: usize) -> PResult<()> {
        let start = self.pos;
        let kw = self.span();
        self.pos += 1;
        if !self.eat("<") {
            return self.explicit_instantiation(declared);
        }
        if self.eat(">") {
            return self.explicit_specialization();
        }
        let params = self.template_params(start)?;
        let decl_start = self.pos - start;
        if self.at("using") {
            return self.alias_template(start, decl_start, params);
        }
        // `template <class T> template <class U> X<T>::X(U const &) {…}`: a
        // member template of a class template defined out of its class;
        // of the host, skipped as below.
        if self.at("template") && self.peek_at(1).is_some_and(|t| t.is("<")) {
            let (save, at) = (self.pos, self.span());
            self.pos += 1;
            self.skip_template_arg_list();
            if self.names_class_template_member().is_some() {
                if let Some((_, end)) = self.host_function_end(self.pos) {
                    self.pos = end;
                    return Ok(());
                }
            }
            self.pos = save;
            return self.error(
                at,
                "a member template of a class template defined outside its class is not supported yet",
            );
        }
        // A host member function of a class template defined out of its
        // class (`template <class T> void Exception<T>::throw_it(…) {…}`):
        // host code, skipped as host function bodies are.
        if let Some(class) = self.names_class_template_member() {
            if let Some((_, end)) = self.host_function_end(self.pos) {
                self.warn_unread_launches(&class, self.pos, end);
                let span = self.span();
                self.pos = end;
                let def = TemplateDef {
                    name: class.clone(),
                    span,
                    params,
                    tokens: self.toks[start..end].to_vec().into(),
                    decl_start,
                    member: None,
                    outer: self.bound.clone(),
                    kind: TemplateKind::Function {
                        ret: CType::Void,
                        names: Vec::new(),
                        params: Vec::new(),
                        space: ExecSpace::Host,
                        constexpr: false,
                        defaults: 0,
                    },
                };
                self.templates.out_of_class.push((class, def));
                return Ok(());
            }
            // A device member function: read in each instance of the class.
            if self.keep_out_of_class_member(&class, start, decl_start, &params) {
                return Ok(());
            }
        }
        // A host member template of a plain class defined out of it
        // (`template <class T> inline bool Reader::convert(T &v) {…}`):
        // host code, skipped as host function bodies are.
        if self.names_host_member_of_class() {
            if let Some((_, end)) = self.host_function_end(self.pos) {
                self.pos = end;
                return Ok(());
            }
        }
        // `template <typename T> struct Traits<T *> { … };`
        let is_partial = (self.at("struct") || self.at("class") || self.at("union"))
            && self.peek_at(2).is_some_and(|t| t.is("<"))
            && self
                .peek_at(1)
                .is_some_and(|t| self.class_template(&t.text).is_some());
        if is_partial {
            return self.partial_specialization(start, decl_start, params);
        }
        if let Some(at_name) = self.variable_template_name() {
            return self.variable_template(start, decl_start, params, at_name);
        }
        // `struct alignas(…) Name`, `struct __align__(…) Name`: the name
        // after the attribute (read per instance, with the parameters bound).
        let mut at_name = 1;
        if self.peek_at(1).is_some_and(|t| {
            t.is("alignas")
                || t.is("__align__")
                || t.is("__builtin_align__")
                || t.is("__attribute__")
        }) && self.peek_at(2).is_some_and(|t| t.is("("))
        {
            let mut depth = 0;
            at_name = 2;
            while let Some(t) = self.peek_at(at_name) {
                at_name += 1;
                if t.is("(") {
                    depth += 1;
                } else if t.is(")") {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
        }
        let is_class = (self.at("struct") || self.at("class") || self.at("union"))
            && self
                .peek_at(at_name)
                .is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text))
            && self
                .peek_at(at_name + 1)
                .is_some_and(|t| t.is("{") || t.is(";") || t.is(":") || t.is("final"));
        let mut stored = None;
        let (name, span, kind) = if is_class {
            let is_union = self.at("union");
            let (name, span) = match self.peek_at(at_name) {
                Some(t) => (t.text.to_string(), t.span()),
                None => return self.error(kw, "expected an identifier"),
            };
            self.pos += at_name + 1;
            if self.eat(";") {
                // A declaration: the definition may come later, or only
                // explicit specializations (`template <> struct X<int> {…}`).
                let name = self.qualify(&name);
                if self.templates.find(&name).is_none() {
                    let tokens: Rc<[Token]> = self.toks[start..self.pos].to_vec().into();
                    self.templates.defs.push(Rc::new(TemplateDef {
                        name,
                        span,
                        params,
                        tokens,
                        decl_start,
                        kind: TemplateKind::Class { is_union },
                        member: None,
                        outer: self.bound.clone(),
                    }));
                }
                return Ok(());
            }
            self.skip_braces();
            self.expect(";")?;
            (name, span, TemplateKind::Class { is_union })
        } else if let Some((qual, len, ns)) = self.namespace_qualified_template() {
            // `template <…> void ns::f(…) {…}` after `namespace ns { template
            // <…> void f(…); }`: read (and kept) as if written in `ns`.
            let Some(end) = self.declaration_end() else {
                return self.error(kw, "expected a \";\"");
            };
            let mut toks: Vec<Token> = self.toks[start..qual].to_vec();
            toks.extend_from_slice(&self.toks[qual + len..end]);
            let outer = std::mem::replace(&mut self.cxx.ns, ns.clone());
            let header = self.sub_parse(&toks, decl_start, |p| {
                p.with_placeholders(&params, |p| p.function_template_header())
            });
            self.cxx.ns = outer;
            let (name, span, kind) = header?;
            self.pos = end;
            stored = Some((toks.into(), format!("{}::{name}", ns.join("::"))));
            (name, span, kind)
        } else {
            // The signature, each type parameter a placeholder type.
            let header = self.with_placeholders(&params, |p| p.function_template_header());
            let (name, span, kind) = header?;
            if self.at("{") {
                self.skip_braces();
            } else {
                self.expect(";")?;
            }
            (name, span, kind)
        };
        // Templates are known by their full names (`std::max`).
        let (tokens, name): (Rc<[Token]>, String) = match stored {
            Some(kept) => kept,
            None => (
                self.toks[start..self.pos].to_vec().into(),
                self.qualify(&name),
            ),
        };
        if !is_class && self.typedefs.contains_key(&name) {
            return self.error(
                span,
                format!("\"{name}\" has already been declared in the current scope"),
            );
        }
        let def = TemplateDef {
            name: name.clone(),
            span: span.clone(),
            params,
            tokens,
            decl_start,
            kind,
            member: None,
            outer: self.bound.clone(),
        };
        let defines = |d: &TemplateDef| d.tokens.last().is_some_and(|t| t.is("}"));
        if let Some(prev) = self.templates.find(&name) {
            if self.templates.defs[prev].is_function() != def.is_function() {
                let msg = format!("\"{name}\" has already been declared in the current scope");
                return self.error(span, msg);
            }
        }
        if def.is_function() {
            // Function templates of one name are overloads; one of the same
            // signature is a redeclaration (or the definition).
            let key = crate::frontend::mangle::template_symbol(&def, &[]);
            // Templates of other parameter lists are other overloads
            // (`template <class T, int X> void f(T &)` beside
            // `template <class T> void f(T &)`).
            // (`enable_if` types written differently are other overloads.)
            let kinds = |d: &TemplateDef| -> Vec<(Option<CType>, String)> {
                d.params
                    .iter()
                    .map(|p| {
                        let kind = match &p.kind {
                            ParamKind::Type => None,
                            ParamKind::Value(t) => Some(t.clone()),
                            ParamKind::Template(_) => Some(CType::Void),
                        };
                        let sfinae = p.sfinae.map_or(String::new(), |(a, b)| {
                            d.tokens[a..b].iter().map(|t| &*t.text).collect()
                        });
                        (kind, sfinae)
                    })
                    .collect()
            };
            let same = self.templates.defs.iter().position(|d| {
                d.name == name
                    && d.is_function()
                    && kinds(d) == kinds(&def)
                    && crate::frontend::mangle::template_symbol(d, &[]) == key
            });
            if let Some(prev) = same {
                let p = &self.templates.defs[prev];
                if defines(p) && defines(&def) {
                    let msg = format!(
                        "function template \"{name}\" has already been defined (previous definition at line {})",
                        p.span.line
                    );
                    return self.error(span, msg);
                }
                if defines(&def) {
                    self.templates.defs[prev] = Rc::new(def);
                }
                return Ok(());
            }
        } else if let Some(prev) = self.templates.find(&name) {
            // The definition of a class template declared before replaces
            // the declaration.
            let declared_only = !self.templates.defs[prev].tokens.iter().any(|t| t.is("{"));
            if declared_only {
                // Default arguments the declaration gave hold for the
                // definition (`template <class T, class R = rc<T>> struct
                // ra;`): their tokens are appended to the definition's.
                let mut def = def;
                let declared = &self.templates.defs[prev];
                for (i, p) in declared.params.iter().enumerate() {
                    let (Some(at), Some(q)) = (p.default, def.params.get(i)) else {
                        continue;
                    };
                    if q.default.is_none() {
                        let mut tokens = def.tokens.to_vec();
                        def.params[i].default = Some(tokens.len());
                        tokens.extend_from_slice(&declared.tokens[at..]);
                        def.tokens = tokens.into();
                    }
                }
                self.templates.defs[prev] = Rc::new(def);
                return Ok(());
            }
            let msg = format!("\"{name}\" has already been declared in the current scope");
            return self.error(span, msg);
        }
        self.templates.defs.push(Rc::new(def));
        Ok(())
    }

    /// `template <…>` in a class body: a nested class template (declared
    /// as any other, under the class's name) or a member function template,
    /// kept as its tokens with its class (`MemberOf`); its instances are
    /// member functions (`parse::instantiate_function`). A host one is
    /// skipped, as host member functions are.
    pub(super) fn member_template(&mut self, record: &Rc<Record>) -> PResult<()> {
        let start = self.pos;
        self.pos += 2; // `template <`
        let params = self.template_params(start)?;
        // `template <class> friend class Tester;`, `template <class U>
        // friend void f(U);`: befriends a template; access is not checked.
        if self.at("friend") {
            self.skip_friend_template();
            return Ok(());
        }
        if ["struct", "class", "union", "template", "using"]
            .iter()
            .any(|w| self.at(w))
        {
            self.pos = start;
            return self.template_decl(0);
        }
        let decl_start = self.pos - start;
        let ctor = self.cxx.ctor_name.clone();
        let mut is_ctor = false;
        let header = self.with_placeholders(&params, |p| {
            let at = p.span();
            let s = p.specifiers()?;
            // `template <class U> __device__ S(const S<U> &o) : …`: a
            // constructor template, named as the class's constructors.
            if s.ty.is_none()
                && p.peek().is_some_and(|t| Some(&*t.text) == ctor.as_deref())
                && p.peek_at(1).is_some_and(|t| t.is("("))
            {
                let (_, span) = p.ident()?;
                p.expect("(")?;
                let (params, _) = p.params()?;
                p.function_suffix()?;
                is_ctor = true;
                let name = crate::frontend::lookup::last_part(&record.name.borrow()).to_string();
                let kind = TemplateKind::Function {
                    ret: CType::Void,
                    defaults: trailing_defaults(&params),
                    names: params.iter().map(|p| p.name.clone()).collect(),
                    params: params.into_iter().map(|p| p.ty).collect(),
                    space: p.exec_space(&s),
                    constexpr: s.constexpr,
                };
                return Ok((name, span, kind, false, false));
            }
            let Some(base) = s.ty.clone() else {
                return p.error(at, "expected a type specifier");
            };
            let d = p.declarator(base, s.konst, s.volatile)?;
            let s = s.with_late(d.late);
            let konst = d.konst_fn | p.eat("const");
            let (Some(name), Some((params, _))) = (d.name, d.func) else {
                return p.error(d.span, "expected a member function template");
            };
            p.function_suffix()?;
            let kind = TemplateKind::Function {
                ret: d.ty,
                defaults: trailing_defaults(&params),
                names: params.iter().map(|p| p.name.clone()).collect(),
                params: params.into_iter().map(|p| p.ty).collect(),
                space: p.exec_space(&s),
                constexpr: s.constexpr,
            };
            Ok((name, d.span, kind, konst, s.is_static))
        });
        let (name, span, kind, konst, is_static) = header?;
        if is_ctor {
            // (Its member initializers and body are read per instance.)
            self.skip_host_constructor();
            if !self.at("}") {
                self.eat(";");
            }
        } else if self.at("{") {
            self.skip_braces();
        } else {
            while !self.at(";") && !self.at_eof() {
                self.pos += 1; // `= delete`
            }
            self.expect(";")?;
        }
        if matches!(
            kind,
            TemplateKind::Function {
                space: ExecSpace::Host,
                ..
            }
        ) {
            return Ok(());
        }
        let tokens: Rc<[Token]> = self.toks[start..self.pos].to_vec().into();
        self.templates.defs.push(Rc::new(TemplateDef {
            name: format!("{}::{name}", record.name.borrow()),
            span,
            params,
            tokens,
            decl_start,
            kind,
            member: Some(crate::frontend::template::MemberOf {
                record: record.clone(),
                konst,
                is_static,
            }),
            outer: self.bound.clone(),
        }));
        Ok(())
    }

    /// `template <…> using Name = type;` (at `using`): an alias template,
    /// kept as a class template whose tokens hold `using` (see
    /// `TemplateDef::is_alias`); naming an instance reads the type with the
    /// parameters bound (`Parser::alias_instance`).
    fn alias_template(
        &mut self,
        start: usize,
        decl_start: usize,
        params: Vec<TemplateParam>,
    ) -> PResult<()> {
        let (name, span) = match self.peek_at(1) {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                (t.text.to_string(), t.span())
            }
            _ => {
                let span = self.span();
                return self.error(span, "expected an identifier");
            }
        };
        if !self.peek_at(2).is_some_and(|t| t.is("=")) {
            let span = self.span();
            return self.error(span, "expected a \"=\"");
        }
        while !self.at(";") && !self.at_eof() {
            self.pos += 1;
        }
        self.expect(";")?;
        let name = self.qualify(&name);
        if self.templates.find(&name).is_some() || self.typedefs.contains_key(&name) {
            let msg = format!("\"{name}\" has already been declared in the current scope");
            return self.error(span, msg);
        }
        let tokens: Rc<[Token]> = self.toks[start..self.pos].to_vec().into();
        self.templates.defs.push(Rc::new(TemplateDef {
            name,
            span,
            params,
            tokens,
            decl_start,
            kind: TemplateKind::Class { is_union: false },
            member: None,
            outer: self.bound.clone(),
        }));
        Ok(())
    }

    /// Where the name of the variable a variable template declares is,
    /// from here (`constexpr T pi_v = …;`, `__constant__ T mask[N];`): an
    /// unqualified name before `=`, `[` or `;` with no `(` before it.
    fn variable_template_name(&self) -> Option<usize> {
        if self.at("struct") || self.at("class") || self.at("union") || self.at("enum") {
            return None;
        }
        let mut k = 0;
        while let Some(t) = self.peek_at(k) {
            if t.kind == TokKind::Str || t.is("(") || t.is("{") || t.is("operator") {
                return None;
            }
            if t.is("=") || t.is("[") || t.is(";") {
                let name = self.peek_at(k.checked_sub(1)?)?;
                let before = k.checked_sub(2).and_then(|b| self.peek_at(b));
                let ident = name.kind == TokKind::Ident && !is_keyword(&name.text);
                return (ident && k >= 2 && !before.is_some_and(|b| b.is("::"))).then(|| k - 1);
            }
            k += 1;
            if k > 256 {
                return None;
            }
        }
        None
    }

    /// A template parameter ahead whose type is `enable_if`'s: with a
    /// second argument (`typename std::enable_if<C, int>::type = 0`,
    /// `std::enable_if_t<C, int> N = 0`, CLI11's `enable_if_t<C,
    /// detail::enabler> = detail::dummy`) or a pointer to it
    /// (`std::enable_if_t<C>* = nullptr`): where its type ends (the name or
    /// `=`, `,`, `>`) and its name.
    fn enable_if_param(&self) -> Option<(usize, Option<String>)> {
        let toks = self.toks;
        let mut depth = 0i32;
        let mut k = self.pos;
        let mut names_enable_if = false;
        let mut second_arg = false;
        let mut pointer = false;
        while let Some(t) = toks.get(k) {
            match &*t.text {
                "<" | "(" | "[" => depth += 1,
                ")" | "]" => depth -= 1,
                ">" | ">>" | "," | "=" if depth == 0 => break,
                ">" => depth -= 1,
                ">>" => depth -= 2,
                "enable_if" | "enable_if_t" => names_enable_if = true,
                "," if depth == 1 && names_enable_if => second_arg = true,
                // Only a `*` right after the type, before its name or end.
                "*" if depth == 0
                    && !pointer
                    && (toks[k - 1].is(">")
                        || toks[k - 1].kind == TokKind::Ident && toks[k - 2].is("::")) =>
                {
                    pointer = true
                }
                "*" | "&" | "..." if depth == 0 => return None,
                "{" | "}" | ";" => return None,
                _ if depth == 0 && pointer && t.kind != TokKind::Ident => return None,
                _ => {}
            }
            k += 1;
            if k - self.pos > 1024 {
                return None;
            }
        }
        if !names_enable_if || !(second_arg || pointer) || k < self.pos + 2 {
            return None;
        }
        // A name after the type (not the `type` of `…>::type`).
        let last = &toks[k - 1];
        let named = last.kind == TokKind::Ident
            && !is_keyword(&last.text)
            && !toks[k - 2].is("::")
            && (toks[k - 2].is(">") || toks[k - 2].is("*"));
        if named {
            Some((k - 1, Some(last.text.to_string())))
        } else {
            Some((k, None))
        }
    }

    /// A function template's name qualified by namespaces ahead (`tsne::
    /// utils::Broadcast(`): where the qualifier starts, its length in
    /// tokens, and the namespace's full name in parts.
    fn namespace_qualified_template(&self) -> Option<(usize, usize, Vec<String>)> {
        let mut k = 0;
        let mut angle = 0i32;
        loop {
            let t = self.peek_at(k)?;
            match &*t.text {
                "(" if angle <= 0 => break,
                "<" => angle += 1,
                ">" => angle -= 1,
                ">>" => angle -= 2,
                ";" | "{" | "=" | "operator" => return None,
                _ if t.kind == TokKind::Str => return None,
                _ => {}
            }
            k += 1;
            if k > 256 {
                return None;
            }
        }
        let name_at = k.checked_sub(1)?;
        let ident = |i: usize| {
            self.peek_at(i)
                .is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text))
        };
        if !ident(name_at) {
            return None;
        }
        let mut q = name_at;
        while q >= 2 && self.peek_at(q - 1).is_some_and(|t| t.is("::")) && ident(q - 2) {
            q -= 2;
        }
        if q == name_at || q >= 1 && self.peek_at(q - 1).is_some_and(|t| t.is("::")) {
            return None;
        }
        let written: Vec<String> = (q..name_at)
            .step_by(2)
            .filter_map(|i| self.peek_at(i).map(|t| t.text.to_string()))
            .collect();
        let full = self
            .cxx
            .lookup
            .namespace(&self.cxx.ns, &written.join("::"))?;
        let parts = crate::frontend::lookup::qualified_parts(&full)
            .into_iter()
            .map(str::to_string)
            .collect();
        Some((self.pos + q, name_at - q, parts))
    }

    /// Where the declaration from here ends: after its `;`, or its body's
    /// `}`.
    fn declaration_end(&self) -> Option<usize> {
        let mut k = self.pos;
        let mut depth = 0i32;
        while let Some(t) = self.toks.get(k) {
            match &*t.text {
                "(" | "[" => depth += 1,
                ")" | "]" => depth -= 1,
                ";" if depth <= 0 => return Some(k + 1),
                "{" if depth <= 0 => {
                    let mut braces = 0i32;
                    while let Some(t) = self.toks.get(k) {
                        if t.is("{") {
                            braces += 1;
                        } else if t.is("}") {
                            braces -= 1;
                            if braces == 0 {
                                return Some(k + 1);
                            }
                        }
                        k += 1;
                    }
                    return None;
                }
                _ => {}
            }
            k += 1;
        }
        None
    }

    /// A variable template, kept as its tokens to its `;`; an expression
    /// that names an instance reads it (`Parser::variable_instance`).
    fn variable_template(
        &mut self,
        start: usize,
        decl_start: usize,
        params: Vec<TemplateParam>,
        at_name: usize,
    ) -> PResult<()> {
        let Some(t) = self.peek_at(at_name) else {
            let span = self.span();
            return self.error(span, "expected an identifier");
        };
        let (name, span) = (t.text.to_string(), t.span());
        while !self.at(";") && !self.at_eof() {
            if self.at("(") {
                self.skip_parens();
            } else if self.at("{") {
                self.skip_braces();
            } else {
                self.pos += 1;
            }
        }
        self.expect(";")?;
        let name = self.qualify(&name);
        if self.templates.find(&name).is_some() || self.typedefs.contains_key(&name) {
            let msg = format!("\"{name}\" has already been declared in the current scope");
            return self.error(span, msg);
        }
        let tokens: Rc<[Token]> = self.toks[start..self.pos].to_vec().into();
        self.templates.defs.push(Rc::new(TemplateDef {
            name,
            span,
            params,
            tokens,
            decl_start,
            kind: TemplateKind::Variable,
            member: None,
            outer: self.bound.clone(),
        }));
        Ok(())
    }

    /// Skips a friend template declaration from `friend`: to its `;`, or
    /// past the body of a friend function defined here.
    fn skip_friend_template(&mut self) {
        while !self.at_eof() {
            if self.at("{") {
                self.skip_braces();
                self.eat(";");
                return;
            }
            if self.eat(";") {
                return;
            }
            self.pos += 1;
        }
    }

    /// A template's parameter list after `template <` up to its `>`
    /// (`start`: where `template` is; defaults are kept as token offsets
    /// from it).
    pub(super) fn template_params(&mut self, start: usize) -> PResult<Vec<TemplateParam>> {
        // The type parameters name their placeholders in the parameters
        // after them (`template <typename T, T val>`).
        let mut saved: Vec<(String, Option<CType>)> = Vec::new();
        let params = self.template_params_in(start, &mut saved);
        for (n, old) in saved.into_iter().rev() {
            match old {
                Some(t) => self.typedefs.insert(n, t),
                None => self.typedefs.remove(&n),
            };
        }
        params
    }

    fn template_params_in(
        &mut self,
        start: usize,
        saved: &mut Vec<(String, Option<CType>)>,
    ) -> PResult<Vec<TemplateParam>> {
        let mut params: Vec<TemplateParam> = Vec::new();
        loop {
            let pspan = self.span();
            let pack;
            let mut sfinae = None;
            let (name, kind) = if let Some((end, name)) = self.enable_if_param() {
                // `typename std::enable_if<C, int>::type = 0`: an `int`
                // whose type is read again per instance.
                sfinae = Some((self.pos - start, end - start));
                pack = false;
                self.pos = end;
                if name.is_some() {
                    self.pos += 1;
                }
                (name.unwrap_or_default(), ParamKind::Value(CType::INT))
            } else if self.eat("typename") || self.eat("class") {
                pack = self.eat("...");
                let name = match self.peek() {
                    Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                        self.pos += 1;
                        t.text.to_string()
                    }
                    _ => String::new(),
                };
                (name, ParamKind::Type)
            } else if self.at("template") {
                // `template <class> class Func`.
                let (name, is_pack, pattern) = self.template_template_param(params.len())?;
                pack = is_pack;
                if !name.is_empty() {
                    let old = self.typedefs.insert(name.clone(), tt_marker(&pattern));
                    saved.push((name.clone(), old));
                }
                (name, ParamKind::Template(pattern))
            } else {
                let s = self.specifiers()?;
                let Some(base) = s.ty else {
                    return self.error(pspan, "expected a template parameter");
                };
                pack = self.at("...");
                let d = self.declarator(base, s.konst, s.volatile)?;
                let placeholder_typed = matches!(&d.ty, CType::Record(r)
                    if params.iter().any(|p| Rc::ptr_eq(&p.placeholder, r)));
                if !d.ty.is_integer() && !placeholder_typed {
                    return self.error(
                        d.span,
                        format!(
                            "non-type template parameters of type \"{}\" are not supported yet",
                            d.ty
                        ),
                    );
                }
                (d.name.unwrap_or_default(), ParamKind::Value(d.ty))
            };
            if !name.is_empty() && params.iter().any(|p| p.name == name) {
                let msg = format!("template parameter \"{name}\" has already been declared");
                return self.error(pspan, msg);
            }
            let default = if self.eat("=") {
                let at = self.pos - start;
                self.skip_template_arg();
                Some(at)
            } else {
                None
            };
            let placeholder = Rc::new(Record::new(&name, false));
            *placeholder.layout.borrow_mut() = Some(Rc::new(Layout::plain(Vec::new(), 1, 1)));
            placeholder.is_pack.set(pack);
            if matches!(kind, ParamKind::Type) && !name.is_empty() {
                let old = self
                    .typedefs
                    .insert(name.clone(), CType::Record(placeholder.clone()));
                saved.push((name.clone(), old));
            }
            params.push(TemplateParam {
                name,
                kind,
                default,
                pack,
                sfinae,
                placeholder,
            });
            if self.eat(",") {
                continue;
            }
            if self.close_angle() {
                break;
            }
            let span = self.span();
            return self.error(span, "expected a \">\"");
        }
        Ok(params)
    }

    /// A template template parameter (at `template`): its name, whether it
    /// is a pack, and the class template declared here to stand for it in
    /// its template's own signature (with the parameter's own parameters;
    /// see `tt_pattern_name`), parameter `index` of its list.
    fn template_template_param(&mut self, index: usize) -> PResult<(String, bool, String)> {
        let (at, span) = (self.pos, self.span());
        self.pos += 1;
        self.expect("<")?;
        let mut inner_saved = Vec::new();
        let inner = if self.close_angle() {
            Ok(Vec::new())
        } else {
            self.template_params_in(at, &mut inner_saved)
        };
        for (n, old) in inner_saved.into_iter().rev() {
            match old {
                Some(t) => self.typedefs.insert(n, t),
                None => self.typedefs.remove(&n),
            };
        }
        let inner = inner?;
        if !(self.eat("class") || self.eat("typename")) {
            let span = self.span();
            return self.error(span, "expected \"class\"");
        }
        let decl_start = self.pos - 1 - at;
        let pack = self.eat("...");
        let name = match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                t.text.to_string()
            }
            _ => String::new(),
        };
        let pattern = tt_pattern_name(index, inner.len(), &name);
        if self.templates.find(&pattern).is_none() {
            self.templates.defs.push(Rc::new(TemplateDef {
                name: pattern.clone(),
                span,
                params: inner,
                tokens: self.toks[at..self.pos].into(),
                decl_start,
                kind: TemplateKind::Class { is_union: false },
                member: None,
                outer: Vec::new(),
            }));
        }
        Ok((name, pack, pattern))
    }

    /// A class template named as a template argument (`F` in `reduce<F,
    /// float>`, `std::vector`): its name, for a template template
    /// parameter. `None` (nothing read) when not one.
    pub(super) fn template_name_arg(&mut self) -> Option<TemplateArg> {
        let len = self.qualified_len_from(self.pos);
        let after = self.peek_at(len)?;
        if len == 0 || !(after.is(",") || after.is(">") || after.is(">>")) {
            return None;
        }
        let name = self.qualified_text(0, len);
        // (A class's own name in its body is the instance, a type.)
        if self
            .find_type(&name)
            .is_some_and(|t| tt_marked(&t).is_none())
        {
            return None;
        }
        let d = self.find_template(&name)?;
        let def = &self.templates.defs[d];
        if !def.is_class() || def.is_alias() {
            return None;
        }
        let arg = TemplateArg::Template(def.name.clone());
        self.pos += len;
        Some(arg)
    }

    /// Runs `f` with a template's parameters standing as themselves (its
    /// own signature, a partial specialization's arguments): a type
    /// parameter is its placeholder type, a non-type one its pattern value.
    pub(super) fn with_placeholders<R>(
        &mut self,
        params: &[TemplateParam],
        f: impl FnOnce(&mut Self) -> PResult<R>,
    ) -> PResult<R> {
        let saved: Vec<(String, Option<CType>)> = params
            .iter()
            .map(|p| (p.name.clone(), self.typedefs.get(&p.name).cloned()))
            .collect();
        // An enclosing class instance's values stay bound (`T (&a)[N]` in a
        // member template of `template <typename T, int N> struct B`).
        let saved_values = self.template_values.clone();
        for (i, p) in params.iter().enumerate() {
            match &p.kind {
                ParamKind::Type => {
                    self.typedefs
                        .insert(p.name.clone(), CType::Record(p.placeholder.clone()));
                }
                ParamKind::Value(t) => {
                    let v = PATTERN_VALUE + i as i64;
                    self.template_values.insert(p.name.clone(), (v, t.clone()));
                }
                ParamKind::Template(pattern) => {
                    self.typedefs.insert(p.name.clone(), tt_marker(pattern));
                }
            }
        }
        let pattern = std::mem::replace(&mut self.pattern, true);
        let placeholders = std::mem::replace(
            &mut self.placeholders,
            params.iter().map(|p| p.placeholder.clone()).collect(),
        );
        let out = f(self);
        self.pattern = pattern;
        self.placeholders = placeholders;
        for (n, old) in saved {
            match old {
                Some(t) => self.typedefs.insert(n, t),
                None => self.typedefs.remove(&n),
            };
        }
        self.template_values = saved_values;
        out
    }

    /// `template <typename T> struct Traits<T *> { … };` (at `struct`): a
    /// partial specialization, its arguments in terms of its parameters;
    /// its body is read when an instance it matches is made.
    fn partial_specialization(
        &mut self,
        start: usize,
        decl_start: usize,
        params: Vec<TemplateParam>,
    ) -> PResult<()> {
        let is_union = self.at("union");
        let span = self.peek_at(1).map(|t| t.span()).unwrap_or_default();
        let written = self
            .peek_at(1)
            .map(|t| t.text.to_string())
            .unwrap_or_default();
        let Some(primary) = self.class_template(&written) else {
            return self.error(span, format!("\"{written}\" is not a class template"));
        };
        self.pos += 3; // `struct Name <`
        let cv_args = top_level_cv_args(self.toks, self.pos);
        let (list, ndiags) = (self.pos, self.diags.len());
        let mut kept = Vec::new();
        let given = match self.with_placeholders(&params, |p| p.template_args()) {
            Ok(given) => given,
            Err(stop) => {
                // Arguments that depend on the parameters in a way only an
                // instance can read: kept as tokens.
                let Some(dep) = self.dependent_partial_args(&params, list) else {
                    return Err(stop);
                };
                self.diags.truncate(ndiags);
                self.half_gt = false;
                self.pos = dep.end;
                kept = dep.kept;
                dep.args
                    .into_iter()
                    .map(|a| a.unwrap_or(TemplateArg::Type(CType::Void)))
                    .collect()
            }
        };
        let d = self.templates.defs[primary].clone();
        if !kept.is_empty() && given.len() != d.params.len() {
            let msg = "partial specializations with dependent arguments must give every argument (not supported yet)";
            return self.error(span, msg);
        }
        let args = self.with_placeholders(&params, |p| {
            p.complete_args(primary, given.into_iter().map(Some).collect())
        })?;
        let Some(args) = args else {
            let msg = format!(
                "the template arguments do not match the parameters of class template \"{}\"",
                d.name
            );
            return self.error(span, msg);
        };
        // Every parameter must be deducible from the arguments.
        for (i, p) in params.iter().enumerate() {
            if !kept.is_empty() {
                break; // a parameter may be deduced from a kept argument only
            }
            let mut out = vec![None; params.len()];
            let probe = TemplateDef {
                name: d.name.clone(),
                span: span.clone(),
                params: params.clone(),
                tokens: Rc::from(Vec::new()),
                decl_start: 0,
                kind: TemplateKind::Class { is_union },
                member: None,
                outer: self.bound.clone(),
            };
            let seen = args
                .iter()
                .zip(&args)
                .all(|(a, b)| crate::frontend::template::match_arg(&probe, a, b, &mut out, 0));
            if !seen || out[i].is_none() {
                let msg = format!(
                    "template parameter \"{}\" is not used in or cannot be deduced from the template argument list of class template \"{}\"",
                    p.name,
                    template_id(&d.name, &args)
                );
                return self.error(span, msg);
            }
        }
        // Its bases and body: read for each instance.
        while !self.at("{") && !self.at(";") && !self.at_eof() {
            self.pos += 1;
        }
        if self.eat(";") {
            return Ok(()); // declared only
        }
        self.skip_braces();
        self.expect(";")?;
        if cv_args {
            // `AlignBytes<const T>`: types here carry no top-level `const` or
            // `volatile`, so this one would match every argument the
            // primary does; such a specialization (which forwards to the
            // unqualified type, in practice) is left out.
            return Ok(());
        }
        let tokens: Rc<[Token]> = self.toks[start..self.pos].to_vec().into();
        self.templates.partials.push(Partial {
            primary,
            args,
            def: TemplateDef {
                name: d.name.clone(),
                span,
                params,
                tokens,
                decl_start,
                kind: TemplateKind::Class { is_union },
                member: None,
                outer: self.bound.clone(),
            },
            kept,
        });
        Ok(())
    }

    /// Whether a host function named `Class::name` (a plain class's member)
    /// is declared here.
    fn names_host_member_of_class(&self) -> bool {
        let toks = self.toks;
        let mut k = self.pos;
        while let Some(t) = toks.get(k) {
            if t.kind == TokKind::Str
                || matches!(
                    &*t.text,
                    "{" | ";" | "=" | "<" | "__device__" | "__global__"
                )
            {
                return false;
            }
            if t.is("(") {
                break;
            }
            k += 1;
            if k - self.pos > 256 {
                return false;
            }
        }
        k >= self.pos + 3
            && toks[k - 1].kind == TokKind::Ident
            && toks[k - 2].is("::")
            && toks[k - 3].kind == TokKind::Ident
            && self.class_template(&toks[k - 3].text).is_none()
            && matches!(self.find_type(&toks[k - 3].text), Some(CType::Record(_)))
    }

    /// The class template whose member the declarator ahead names
    /// (`Name<…>::`, before its parameter list), if it does.
    fn names_class_template_member(&self) -> Option<String> {
        let toks = self.toks;
        let mut k = self.pos;
        while let Some(t) = toks.get(k) {
            if t.kind == TokKind::Str || matches!(&*t.text, "(" | "{" | ";" | "=") {
                return None;
            }
            if t.kind == TokKind::Ident
                && toks.get(k + 1).is_some_and(|n| n.is("<"))
                && self.class_template(&t.text).is_some()
            {
                let mut angle = 0i32;
                let mut j = k + 1;
                while let Some(t) = toks.get(j) {
                    match &*t.text {
                        "<" => angle += 1,
                        ">" => angle -= 1,
                        ">>" => angle -= 2,
                        ";" | "{" => return None,
                        _ => {}
                    }
                    j += 1;
                    if angle <= 0 {
                        break;
                    }
                }
                // `C<T>::f(`, `C<T>::~C(`, `C<T>::operator…`: a member; but
                // `typename C<T>::Type f(` is a return type.
                let member = toks.get(j + 1).is_some_and(|n| {
                    n.is("~")
                        || n.is("operator")
                        || n.kind == TokKind::Ident
                            && toks.get(j + 2).is_some_and(|p| p.is("(") || p.is("<"))
                });
                if toks.get(j).is_some_and(|t| t.is("::")) && member {
                    let def = self.class_template(&t.text)?;
                    return Some(self.templates.defs[def].name.clone());
                }
                k = j;
                continue;
            }
            k += 1;
            if k - self.pos > 4096 {
                return None;
            }
        }
        None
    }

    /// The declaration of a function template up to its body: name, span,
    /// signature.
    pub(super) fn function_template_header(&mut self) -> PResult<(String, Span, TemplateKind)> {
        let start = self.span();
        let s = self.specifiers()?;
        // A member constructor template's instance (see `member_template`).
        if s.ty.is_none()
            && self.cxx.ctor_name.is_some()
            && self
                .peek()
                .is_some_and(|t| Some(&*t.text) == self.cxx.ctor_name.as_deref())
            && self.peek_at(1).is_some_and(|t| t.is("("))
        {
            let (name, span) = self.ident()?;
            self.expect("(")?;
            let (params, _) = self.params()?;
            return Ok((
                name,
                span,
                TemplateKind::Function {
                    ret: CType::Void,
                    defaults: trailing_defaults(&params),
                    names: params.iter().map(|p| p.name.clone()).collect(),
                    params: params.into_iter().map(|p| p.ty).collect(),
                    space: self.exec_space(&s),
                    constexpr: s.constexpr,
                },
            ));
        }
        let Some(base) = s.ty.clone() else {
            return self.error(start, "expected a type specifier");
        };
        // A host template's parameters may be rvalue references
        // (`Args &&... args`), as host code's may.
        let host = self.exec_space(&s) == ExecSpace::Host && !s.constexpr;
        let outer = std::mem::replace(&mut self.host_declarator, host);
        let d = self.declarator(base, s.konst, s.volatile);
        self.host_declarator = outer;
        let d = d?;
        let s = s.with_late(d.late);
        let (Some(name), Some((params, _))) = (d.name, d.func) else {
            return self.error(d.span, "expected a function or class template");
        };
        let space = self.exec_space(&s);
        Ok((
            name,
            d.span,
            TemplateKind::Function {
                ret: d.ty,
                defaults: trailing_defaults(&params),
                names: params.iter().map(|p| p.name.clone()).collect(),
                params: params.into_iter().map(|p| p.ty).collect(),
                space,
                constexpr: s.constexpr,
            },
        ))
    }

    /// `template __global__ void k<float>(float *, int);` and
    /// `template struct Pair<float>;`.
    fn explicit_instantiation(&mut self, at: usize) -> PResult<()> {
        if self.at("struct") || self.at("class") {
            self.pos += 1;
            let (name, span) = self.ident()?;
            let Some(def) = self.class_template(&name) else {
                return self.error(span, format!("{name} is not a template"));
            };
            self.expect("<")?;
            let args = self.template_args()?;
            let ty = self.class_instance(def, args, &span)?;
            // What its host members defined out of the class launch.
            if let CType::Record(r) = &ty {
                let args = r.template.borrow().as_ref().map(|(_, a)| a.clone());
                let class = &self.templates.defs[def].name;
                let members: Vec<TemplateDef> = self
                    .templates
                    .out_of_class
                    .iter()
                    .filter(|(c, _)| c == class)
                    .map(|(_, d)| d.clone())
                    .collect();
                // (Read with the names declared so far: the scope sema's
                // instances use is only made at the end of the file.)
                let here = if members.is_empty() {
                    None
                } else {
                    Some(self.scope_here())
                };
                let outer = here.map(|h| std::mem::replace(&mut self.templates.scope, h));
                for m in members {
                    if let Some(args) = args.as_ref().filter(|a| a.len() == m.params.len()) {
                        let templates = &mut self.templates;
                        let made =
                            instantiate::host_body_requests(templates, self.diags, &m, args, at);
                        self.templates.requests.extend(made);
                    }
                }
                if let Some(outer) = outer {
                    self.templates.scope = outer;
                }
            }
            return self.expect(";");
        }
        let start = self.span();
        let s = self.specifiers()?;
        if s.ty.is_none() {
            return self.error(start, "expected a type specifier");
        }
        // `template void ns::run<float>(float *);`: a qualified name.
        let span = self.span();
        let len = self.qualified_len(0);
        if len == 0 {
            return self.error(span, "expected an identifier");
        }
        let name = self.qualified_text(0, len);
        self.pos += len;
        let Some(def) = self.function_template(&name) else {
            return self.error(span, format!("{name} is not a template"));
        };
        let name = self.templates.defs[def].name.clone();
        let args = if self.eat("<") {
            self.template_args()?
        } else {
            Vec::new()
        };
        // A host function template's instance is not compiled, but what it
        // launches is (`template void run<float>(Data<float> *, …);`): its
        // parameters are not read (they may name host-only types), its
        // body is, as a call's would be.
        if matches!(
            self.templates.defs[def].kind,
            TemplateKind::Function {
                space: ExecSpace::Host,
                ..
            }
        ) {
            // Its parameters, where they read, deduce what `args` leaves out
            // (`template void run(const Mat<float> &);`).
            let (pos, ndiags) = (self.pos, self.diags.len());
            let params = match self.eat("(").then(|| self.params()) {
                Some(Ok((params, _))) if self.at(";") => {
                    Some(params.into_iter().map(|p| p.ty).collect())
                }
                _ => None,
            };
            self.diags.truncate(ndiags);
            self.pos = pos;
            self.pos = host::statement_end(self.toks, self.pos, self.toks.len()).saturating_sub(1);
            self.expect(";")?;
            self.templates.requests.push(Request {
                name,
                args,
                params,
                span,
                at,
            });
            return Ok(());
        }
        self.expect("(")?;
        let (params, _) = self.params()?;
        self.expect(";")?;
        self.templates.requests.push(Request {
            name,
            args,
            params: Some(params.into_iter().map(|p| p.ty).collect()),
            span,
            at,
        });
        Ok(())
    }

    /// `template <> float f<float>(float x) { … }` (after `template <>`;
    /// `<float>` may be left to deduction): the instance `f<float>` defined
    /// here.
    fn explicit_specialization(&mut self) -> PResult<()> {
        if self.at("struct") || self.at("union") || self.at("class") {
            return self.class_specialization();
        }
        // `template <> template <> T C<X>::f<Y>() {…}`: a member template
        // of a class template's instance, specialized.
        if self.at("template")
            && self.peek_at(1).is_some_and(|t| t.is("<"))
            && self.peek_at(2).is_some_and(|t| t.is(">"))
        {
            self.pos += 3;
            return self.member_template_specialization();
        }
        let start = self.span();
        let specs = self.specifiers()?;
        let Some(ret) = specs.ty.clone() else {
            return self.error(start, "expected a type specifier");
        };
        let d = self.declarator(ret, specs.konst, specs.volatile)?;
        let specs = specs.with_late(d.late);
        let Some(name) = d.name.clone() else {
            return self.error(d.span, "expected an identifier");
        };
        let defs = self
            .candidates(&name)
            .into_iter()
            .map(|c| self.templates.functions(&c))
            .find(|defs| !defs.is_empty())
            .unwrap_or_default();
        if defs.is_empty() {
            return self.error(d.span, format!("\"{name}\" is not a template"));
        }
        // `template <> float f(float x)`: the arguments are deduced from
        // the parameters.
        let (given, (params, variadic)) = match d.func.clone() {
            Some(func) => (Vec::new(), func),
            None => {
                let given = if self.eat("<") {
                    self.template_args()?
                } else {
                    Vec::new()
                };
                self.expect("(")?;
                (given, self.params()?)
            }
        };
        if !self.at("{") {
            return self.error(d.span, "an explicit specialization must be defined here");
        }
        let body = self.compound()?;
        // The overload whose parameters these are (the arguments given
        // first, the rest deduced from the parameters).
        // The return type deduces too ([temp.deduct.decl]: from the
        // function type, `template <> __half to<__half>(float)` written
        // `template <> __half to(float)`); a template whose return type
        // does not match is another overload.
        let declared: Vec<CType> = params.iter().map(|p| p.ty.clone()).collect();
        let try_pick = |with_ret: bool| {
            defs.iter().find_map(|&def| {
                let t = &self.templates.defs[def];
                let TemplateKind::Function {
                    params: pats, ret, ..
                } = &t.kind
                else {
                    return None;
                };
                if pats.len() != declared.len() || given.len() > t.params.len() {
                    return None;
                }
                let mut out: Vec<Option<TemplateArg>> = vec![None; t.params.len()];
                for (o, g) in out.iter_mut().zip(&given) {
                    *o = Some(g.clone());
                }
                let matched = pats
                    .iter()
                    .zip(&declared)
                    .all(|(p, a)| crate::frontend::template::match_type(t, p, a, &mut out, 0));
                let ret_ok =
                    !with_ret || crate::frontend::template::match_type(t, ret, &d.ty, &mut out, 0);
                (matched && ret_ok).then_some((def, out))
            })
        };
        let pick = try_pick(true).or_else(|| try_pick(false));
        let (def, given) = match pick {
            Some(p) => p,
            None => (defs[0], given.into_iter().map(Some).collect()),
        };
        let full = self.templates.defs[def].name.clone();
        let Some(args) = self.complete_args(def, given)? else {
            return self.error(
                d.span,
                format!("no instance of function template \"{full}\" matches the specified type"),
            );
        };
        if self
            .templates
            .specializations
            .iter()
            .any(|(x, a, _)| *x == def && *a == args)
        {
            return self.error(
                d.span,
                format!("\"{full}\" has already been explicitly specialized for these arguments"),
            );
        }
        let f = self.function_def(full, d.ty, params, variadic, &specs, d.span, Some(body));
        self.templates.specializations.push((def, args, f));
        Ok(())
    }
}

/// How many of a function's last parameters have default arguments.
fn trailing_defaults(params: &[Param]) -> usize {
    params
        .iter()
        .rev()
        .take_while(|p| p.default.is_some())
        .count()
}

impl Parser<'_> {
    /// Whether the file instantiates class template `class` explicitly
    /// (`template class N::C<float>;`, `template struct C<…>;`).
    fn explicitly_instantiated(&self, class: &str) -> bool {
        let last = class.rsplit("::").next().unwrap_or(class);
        let toks = self.toks;
        (0..toks.len()).any(|i| {
            toks[i].is("template")
                && toks
                    .get(i + 1)
                    .is_some_and(|t| t.is("class") || t.is("struct"))
                && toks[i + 2..toks.len().min(i + 12)]
                    .windows(2)
                    .take_while(|w| w[0].kind == TokKind::Ident || w[0].is("::"))
                    .any(|w| w[0].text.as_ref() == last && w[1].is("<"))
        })
    }

    /// Launches of kernel templates in tokens `from..to` that this compile
    /// does not read (a class template's host member defined outside its
    /// class): a warning each, naming the kernel template, so that no
    /// instance goes missing without a word. An explicit instantiation of
    /// `class` (`template class C<float>;`) reads the member per instance,
    /// launches and all: no warning then (looked for only once a launch is
    /// found, so members without launches cost no scan of the file).
    fn warn_unread_launches(&mut self, class: &str, from: usize, to: usize) {
        let toks = self.toks;
        let mut instantiated = None;
        for i in from..to.min(toks.len()) {
            let launch = toks[i].kind == TokKind::Ident
                && toks.get(i + 1).is_some_and(|t| t.is("<<"))
                && toks.get(i + 2).is_some_and(|t| t.is("<"));
            if !launch || *instantiated.get_or_insert_with(|| self.explicitly_instantiated(class)) {
                continue;
            }
            let mut first = i;
            while first >= from + 2
                && toks[first - 1].is("::")
                && toks[first - 2].kind == TokKind::Ident
            {
                first -= 2;
            }
            let written: String = toks[first..=i].iter().map(|t| &*t.text).collect();
            let Some(def) = self.function_template(&written) else {
                continue;
            };
            let name = self.templates.defs[def].name.clone();
            self.templates.unread_launches.push(toks[i].span());
            self.diags.push(Diagnostic::warning(
                toks[i].span(),
                format!(
                    "the template arguments of kernel template \"{name}\" launched here are not known to this compile (they depend on host code it does not read): it may need instances this compile does not make"
                ),
            ));
        }
    }
}

/// Whether a partial specialization's argument list (from `at`, after its
/// `<`) has an argument qualified at its top level: `const T`, `T const`,
/// `volatile T` (not `const T *`, whose pointee is).
fn top_level_cv_args(toks: &[Token], at: usize) -> bool {
    let mut depth = 0usize;
    let mut arg: Vec<&Token> = Vec::new();
    let top_cv = |arg: &[&Token]| {
        let cv = |t: &&Token| t.is("const") || t.is("volatile");
        let declarator = arg.iter().any(|t| t.is("*") || t.is("&") || t.is("&&"));
        arg.last().is_some_and(cv) || arg.first().is_some_and(cv) && !declarator
    };
    for t in toks.iter().skip(at).take(4096) {
        match &*t.text {
            "<" | "(" | "[" => depth += 1,
            ")" | "]" => depth = depth.saturating_sub(1),
            ">" | ">>" | "," if depth == 0 => {
                if top_cv(&arg) {
                    return true;
                }
                if !t.is(",") {
                    return false;
                }
                arg.clear();
                continue;
            }
            ">" => depth -= 1,
            ">>" => depth = depth.saturating_sub(2),
            "{" | "}" | ";" => return false,
            _ => {}
        }
        if depth == 0 {
            arg.push(t);
        }
    }
    false
}
