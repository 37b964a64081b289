//! The parser's C++ (non-template) part: qualified names and namespaces,
//! `using`, named and functional casts, `constexpr` values for constant
//! expressions, operator names, and the member functions and constructors
//! of a struct.

use super::*;

/// The longest operator name after `operator` (`[]`, `()`, `+=`, …).
const OPERATORS: &[&str] = &[
    "+", "-", "*", "/", "%", "^", "&", "|", "~", "!", "=", "<", ">", "+=", "-=", "*=", "/=", "%=",
    "^=", "&=", "|=", "<<", ">>", "<<=", ">>=", "==", "!=", "<=", ">=", "&&", "||", "++", "--",
    "->",
];

impl<'a> Parser<'a> {
    /// How many tokens the qualified name at offset `n` takes (`A::B::c`,
    /// `::c`); 0 when there is none.
    pub(super) fn qualified_len(&self, n: usize) -> usize {
        self.qualified_len_from(self.pos.saturating_add(n))
    }

    /// `qualified_len` at token `start` of the file.
    pub(super) fn qualified_len_from(&self, start: usize) -> usize {
        let at = |k: usize| self.toks.get(k);
        let mut k = start;
        if at(k).is_some_and(|t| t.is("::")) {
            k += 1;
        }
        loop {
            match at(k) {
                Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => k += 1,
                _ => return 0,
            }
            if at(k).is_some_and(|t| t.is("::"))
                && at(k + 1).is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text))
            {
                k += 1;
            } else {
                return k - start;
            }
        }
    }

    /// The template a (qualified) name at token `start` followed by `<`
    /// names, and the name's length: `Pair<`, `cg::tiled_partition<`.
    pub(super) fn template_id_from(&self, start: usize) -> Option<(usize, usize)> {
        let len = self.qualified_len_from(start);
        if len == 0 || !self.toks.get(start + len).is_some_and(|t| t.is("<")) {
            return None;
        }
        let name: String = self.toks[start..start + len]
            .iter()
            .map(|t| &*t.text)
            .collect();
        self.find_template(&name).map(|d| (d, len))
    }

    /// The template a (possibly qualified) name means here.
    pub(super) fn find_template(&self, name: &str) -> Option<usize> {
        self.candidates(name)
            .into_iter()
            .find_map(|c| self.templates.find(&c))
    }

    /// The text of `len` tokens from offset `n`, joined (`A::B::c`).
    pub(super) fn qualified_text(&self, n: usize, len: usize) -> String {
        (n..n + len)
            .filter_map(|k| self.peek_at(k).map(|t| t.text.to_string()))
            .collect()
    }

    /// The full names a name written here may mean, innermost scope first:
    /// in each enclosing namespace, then in the `using` ones.
    pub(super) fn candidates(&self, name: &str) -> Vec<String> {
        self.cxx.lookup.candidates(&self.cxx.ns, name)
    }

    /// The type a (possibly qualified) name means here.
    pub(super) fn find_type(&self, name: &str) -> Option<CType> {
        if let Some(t) = self
            .candidates(name)
            .into_iter()
            .find_map(|c| self.typedefs.get(&c).cloned())
        {
            return Some(t);
        }
        // `Clock::duration` with `Clock` naming a class (a template's
        // parameter bound to one): that class's member type.
        let mut parts = crate::frontend::lookup::qualified_parts(name);
        let last = parts.pop()?;
        // (Bounded: each step is a recursion.)
        if parts.is_empty() || parts == [""] || parts.len() > 16 {
            return None;
        }
        match self.find_type(&parts.join("::"))? {
            CType::Record(r) => self
                .typedefs
                .get(&format!("{}::{last}", r.name.borrow()))
                .cloned(),
            _ => None,
        }
    }

    /// The type named by the qualified name at offset `n`, and its length.
    pub(super) fn type_name_at(&self, n: usize) -> Option<(CType, usize)> {
        let len = self.qualified_len(n);
        if len == 0 {
            return None;
        }
        let name = self.qualified_text(n, len);
        if self.cxx.ctor_name.as_deref() == Some(name.as_str())
            && self.peek_at(n + len).is_some_and(|t| t.is("("))
        {
            return None; // a constructor's declaration
        }
        self.find_type(&name).map(|t| (t, len))
    }

    /// A name declared here, with the namespaces around it (`N::f`).
    pub(super) fn qualify(&self, name: &str) -> String {
        if self.cxx.ns.is_empty() {
            name.to_string()
        } else {
            format!("{}::{name}", self.cxx.ns.join("::"))
        }
    }

    /// `namespace N { … }` (also `namespace A::B { … }`, `inline
    /// namespace N { … }`, and the unnamed `namespace { … }`, whose names
    /// are those of `_GLOBAL__N_1`, as Itanium mangling calls it, found
    /// from the enclosing scope), or an alias `namespace cg = N;`.
    pub(super) fn namespace_def(&mut self, functions: &mut Vec<FunctionDef>) -> PResult<()> {
        let inline = self.eat("inline");
        self.pos += 1;
        let unnamed = self.at("{");
        let mut names = if unnamed {
            vec!["_GLOBAL__N_1".to_string()]
        } else {
            vec![self.ident()?.0]
        };
        while self.eat("::") {
            names.push(self.ident()?.0);
        }
        if self.eat("=") {
            let span = self.span();
            let len = self.qualified_len(0);
            if len == 0 || names.len() > 1 {
                return self.error(span, "expected an identifier");
            }
            let target = self.qualified_text(0, len);
            self.pos += len;
            let Some(full) = self.cxx.lookup.namespace(&self.cxx.ns, &target) else {
                return self.error(span, format!("name must be a namespace name: \"{target}\""));
            };
            let alias = self.qualify(&names[0]);
            std::rc::Rc::make_mut(&mut self.cxx.lookup.aliases).insert(alias, full);
            return self.expect(";");
        }
        self.expect("{")?;
        self.enter()?;
        let depth = self.cxx.ns.len();
        for n in names {
            let outer = self.cxx.ns.join("::");
            self.cxx.ns.push(n);
            let q = self.cxx.ns.join("::");
            if (inline || unnamed)
                && !self
                    .cxx
                    .lookup
                    .directives
                    .contains(&(outer.clone(), q.clone()))
            {
                std::rc::Rc::make_mut(&mut self.cxx.lookup.directives).push((outer, q.clone()));
            }
            std::rc::Rc::make_mut(&mut self.cxx.lookup.namespaces).insert(q);
        }
        while !self.at("}") && !self.at_eof() {
            let before = self.pos;
            if let Err(Stop) = self.top_level(functions, false) {
                self.recover_top_level();
            }
            if self.pos == before {
                self.pos += 1;
            }
        }
        self.cxx.ns.truncate(depth);
        self.leave();
        self.expect("}")
    }

    /// `using namespace N;`, `using T = type;` (an alias) or a
    /// using-declaration `using N::name;` (`name` here stands for `N::name`).
    pub(super) fn using(&mut self) -> PResult<()> {
        self.pos += 1;
        if self.eat("namespace") {
            let span = self.span();
            let len = self.qualified_len(0);
            if len == 0 {
                return self.error(span, "expected an identifier");
            }
            let name = self.qualified_text(0, len);
            self.pos += len;
            let Some(full) = self.cxx.lookup.namespace(&self.cxx.ns, &name) else {
                return self.error(span, format!("name must be a namespace name: \"{name}\""));
            };
            let here = (self.cxx.ns.join("::"), full);
            if !self.cxx.lookup.directives.contains(&here) {
                std::rc::Rc::make_mut(&mut self.cxx.lookup.directives).push(here);
            }
            return self.expect(";");
        }
        if self.peek_at(1).is_some_and(|t| t.is("=")) {
            let (name, _) = self.ident()?;
            self.pos += 1;
            let ty = self.type_name()?;
            name_unnamed(&ty, &name);
            let q = self.qualify(&name);
            self.typedefs.insert(q, ty);
            return self.expect(";");
        }
        self.eat("typename");
        let span = self.span();
        // `using Base<T>::f;`: a member of a class template's instance.
        if self
            .template_id_from(self.pos)
            .is_some_and(|(d, _)| !self.templates.defs[d].is_function())
        {
            let ty = self.specifiers()?.ty;
            self.expect("::")?;
            let last = if self.eat("operator") {
                self.operator_name()?
            } else {
                self.ident()?.0
            };
            let Some(CType::Record(r)) = ty else {
                return self.error(span, "expected a class name");
            };
            self.using_member(&r, &last);
            return self.expect(";");
        }
        let len = self.qualified_len(0);
        let name = self.qualified_text(0, len);
        let Some((scope, last)) = name.rsplit_once("::").filter(|_| len > 0) else {
            return self.error(
                span,
                "a using-declaration must name a member of a namespace or class (N::name)",
            );
        };
        self.pos += len;
        let full = if scope.is_empty() {
            last.to_string()
        } else if let Some(n) = self.cxx.lookup.namespace(&self.cxx.ns, scope) {
            format!("{n}::{last}")
        } else if let Some(CType::Record(r)) = self.find_type(scope) {
            self.using_member(&r, last);
            return self.expect(";");
        } else {
            return self.error(
                span,
                format!("name followed by \"::\" must be a class or namespace name: \"{scope}\""),
            );
        };
        let here = self.qualify(last);
        if here != full {
            std::rc::Rc::make_mut(&mut self.cxx.lookup.aliases).insert(here, full);
        }
        self.expect(";")
    }

    /// `using Base::f;` (in a class: the class's `f` are Base's too;
    /// `using Base::Base;` inherits Base's constructors), or at namespace
    /// scope a name for a class's member.
    fn using_member(&mut self, r: &Rc<Record>, last: &str) {
        let class = r.name.borrow().clone();
        let simple = crate::frontend::lookup::last_part(&class).to_string();
        let template = r
            .template
            .borrow()
            .as_ref()
            .map(|(t, _)| crate::frontend::lookup::last_part(t).to_string());
        // The constructors are named as the class's instance is.
        let last = if template.as_deref() == Some(last) {
            simple.as_str()
        } else {
            last
        };
        let full = format!("{class}::{last}");
        let here = self.qualify(last);
        if here == full {
            return;
        }
        if self.in_class {
            self.cxx
                .lookup
                .classes
                .borrow_mut()
                .usings
                .insert(here, full);
        } else {
            std::rc::Rc::make_mut(&mut self.cxx.lookup.aliases).insert(here, full);
        }
    }

    /// `static_cast<T>(e)`, `reinterpret_cast<T>(e)`, `const_cast<T>(e)`
    /// (the keyword already read).
    pub(super) fn named_cast(&mut self, kind: CastKind, span: Span) -> PResult<Expr> {
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

    /// `T(args)` or `T{args}` after the type `T`.
    pub(super) fn construct(&mut self, ty: CType, span: Span) -> PResult<Expr> {
        let braced = self.at("{");
        let close = if braced { "}" } else { ")" };
        self.pos += 1;
        self.enter()?;
        let mut args = Vec::new();
        while !self.at(close) {
            match self.assignment() {
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

    /// The name after `operator` (`operator+`, `operator[]`, `operator()`).
    pub(super) fn operator_name(&mut self) -> PResult<String> {
        let span = self.span();
        if self.at("[") && self.peek_at(1).is_some_and(|t| t.is("]")) {
            self.pos += 2;
            return Ok("operator[]".into());
        }
        if self.at("(") && self.peek_at(1).is_some_and(|t| t.is(")")) {
            self.pos += 2;
            return Ok("operator()".into());
        }
        match self.peek() {
            Some(t) if t.kind == TokKind::Punct && OPERATORS.contains(&&*t.text) => {
                self.pos += 1;
                Ok(format!("operator{}", t.text))
            }
            _ => self.error(span, "expected an operator"),
        }
    }

    /// The value of a `constexpr` variable or enumerator named `name`, as
    /// a literal (for constant expressions in the parser).
    pub(super) fn constant_literal(&self, name: &str, span: &Span) -> Option<Expr> {
        for c in self.candidates(name) {
            if let Some((v, ty)) = self.enumerators.get(&c) {
                let mut e = Expr::new(ExprKind::IntLit(*v as u64), span.clone());
                e.ty = ty.clone();
                return Some(e);
            }
            if let Some((v, ty)) = self.cxx.constants.get(&c) {
                let kind = match v {
                    Scalar::Int(i) => ExprKind::IntLit(*i as u64),
                    Scalar::Float(f) => ExprKind::FloatLit(*f),
                };
                let mut e = Expr::new(kind, span.clone());
                e.ty = ty.clone();
                return Some(e);
            }
        }
        None
    }

    /// A call of a one-`return` `constexpr` function with its arguments
    /// put in place of the parameters.
    pub(super) fn inline_constexpr(&self, name: &str, args: &[Expr]) -> Option<Expr> {
        let (params, body) = self
            .candidates(name)
            .into_iter()
            .find_map(|c| self.cxx.constexpr_fns.get(&c))?;
        if params.len() != args.len() {
            return None;
        }
        let mut e = body.clone();
        replace_params(&mut e, params, args, 0);
        Some(e)
    }

    /// Records a `constexpr` variable's value when its initializer is constant.
    pub(super) fn record_constant(&mut self, name: String, ty: &CType, init: &Expr) -> bool {
        let mut e = init.clone();
        self.substitute_enumerators(&mut e, 0);
        let Some(v) = const_eval(&e) else {
            return false;
        };
        let ty = if *ty == CType::Auto {
            if e.ty == CType::Void {
                CType::INT
            } else {
                e.ty.clone()
            }
        } else {
            ty.clone()
        };
        let v = match &ty {
            CType::Float => Scalar::Float(f64::from(v.as_f64() as f32)),
            CType::Double => Scalar::Float(v.as_f64()),
            t if t.is_integer() => Scalar::Int(v.as_i64()),
            _ => return false,
        };
        self.cxx.constants.insert(name, (v, ty));
        true
    }

    /// Records a `constexpr` function whose body is `{ return e; }`.
    pub(super) fn record_constexpr_fn(&mut self, f: &FunctionDef) {
        let Some(Stmt {
            kind: StmtKind::Compound(stmts),
            ..
        }) = &f.body
        else {
            return;
        };
        if let [Stmt {
            kind: StmtKind::Return(Some(e)),
            ..
        }] = stmts.as_slice()
        {
            let params = f.params.iter().map(|p| p.name.clone()).collect();
            self.cxx
                .constexpr_fns
                .insert(f.name.clone(), (params, e.clone()));
        }
    }

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
            // `= default`: the implicit one, as if not declared (the class
            // stays an aggregate, default initialization does the rest).
            self.defaulted()?;
            return self.expect(";");
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

    /// `static_assert(e, "why");` (the message may be left out): checked
    /// where the parser knows `e`'s value (sizes, constants, template
    /// arguments in an instance); the error is nvcc's, "static assertion
    /// failed with "why"".
    pub(super) fn static_assert(&mut self) -> PResult<()> {
        let kw = self.span();
        self.pos += 1;
        self.expect("(")?;
        let e = self.conditional()?;
        let mut why = None;
        if self.eat(",") {
            match self.peek() {
                Some(t) if t.kind == TokKind::Str => {
                    why = Some(
                        String::from_utf8_lossy(&unescape(
                            &t.text[1..t.text.len().saturating_sub(1).max(1)],
                        ))
                        .into_owned(),
                    );
                    self.pos += 1;
                    while self.peek().is_some_and(|t| t.kind == TokKind::Str) {
                        self.pos += 1;
                    }
                }
                _ => {
                    let span = self.span();
                    return self.error(span, "expected a string literal");
                }
            }
        }
        self.expect(")")?;
        self.expect(";")?;
        if self.const_value(&e) == Some(0) && !self.pattern {
            let msg = match why {
                Some(w) => format!("static assertion failed with \"{w}\""),
                None => "static assertion failed".to_string(),
            };
            self.diags.push(Diagnostic::error(kw, msg));
        }
        Ok(())
    }

    /// A class's base classes (`: public Base, private Other<int>`), after
    /// its name, each a complete class; they become the record's bases
    /// (laid out by `finish_class`) and scopes of its names
    /// (`Lookup::bases`). A virtual base is not supported yet in device
    /// code (`Record::unsupported`).
    pub(super) fn base_clause(&mut self, record: &Rc<Record>) -> PResult<Vec<Rc<Record>>> {
        let mut bases = Vec::new();
        if !self.eat(":") {
            return Ok(bases);
        }
        loop {
            let mut is_virtual = false;
            loop {
                if self.eat("virtual") {
                    is_virtual = true;
                } else if !["public", "private", "protected"]
                    .iter()
                    .any(|w| self.eat(w))
                {
                    break;
                }
            }
            let span = self.span();
            let starts_name = self
                .peek()
                .is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text) || t.is("::"));
            let ty = if starts_name {
                self.specifiers()?.ty
            } else {
                None
            };
            match ty {
                Some(CType::Record(b)) if b.is_union => {
                    return self.error(span, "a class cannot not derive from a union");
                }
                Some(CType::Record(b)) if b.layout().is_some() => {
                    if is_virtual {
                        record.unsupported.replace(Some(format!(
                            "virtual base classes are not supported yet in device code (class \"{}\")",
                            record.name.borrow()
                        )));
                    } else if let Some(why) = b.unsupported.borrow().clone() {
                        record.unsupported.replace(Some(why));
                    }
                    bases.push(b);
                }
                Some(t @ CType::Record(_)) => {
                    return self.error(span, format!("incomplete type \"{t}\" is not allowed"));
                }
                Some(_) => return self.error(span, "not a class or struct name"),
                None => return self.error(span, "expected an identifier"),
            }
            if !self.eat(",") {
                break;
            }
        }
        let name = record.name.borrow().clone();
        if !name.is_empty() {
            let names = bases.iter().map(|b| b.name.borrow().clone()).collect();
            self.cxx
                .lookup
                .classes
                .borrow_mut()
                .bases
                .insert(name, names);
        }
        Ok(bases)
    }

    /// Lays out a class whose body was read (see `Layout::of_class`).
    pub(super) fn finish_class(
        &mut self,
        record: &Rc<Record>,
        bases: &[Rc<Record>],
        members: Vec<Member>,
        min_align: u64,
    ) {
        let member_pod = |t: &CType| match t {
            CType::Record(r) => r.layout().is_none_or(|l| l.pod),
            CType::Array(..) => {
                let mut t = t;
                while let CType::Array(e, _) = t {
                    t = e;
                }
                !matches!(t, CType::Record(r) if r.layout().is_some_and(|l| !l.pod))
            }
            CType::Ref { .. } => false,
            _ => true,
        };
        let pod = bases.is_empty()
            && !record.non_pod.get()
            && members.iter().all(|(_, t, _)| member_pod(t));
        *record.layout.borrow_mut() = Some(Rc::new(Layout::of_class(
            bases,
            members,
            record.is_union,
            min_align,
            pod,
        )));
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
        // The function belongs to the namespace around the class.
        let inner = self.cxx.ns.pop();
        let ctor = self.cxx.ctor_name.take();
        let mut functions = Vec::new();
        let r = self.declaration(&mut functions, false);
        self.cxx.ctor_name = ctor;
        self.cxx.ns.extend(inner);
        self.cxx.methods.append(&mut functions);
        r
    }

    /// Skips a constructor's member initializers (`: a(1), b{2}`) and body.
    fn skip_host_constructor(&mut self) {
        if self.eat(":") {
            loop {
                while self
                    .peek()
                    .is_some_and(|t| !t.is("(") && !t.is("{") && !t.is(";"))
                {
                    self.pos += 1;
                }
                if self.at("(") {
                    self.skip_parens();
                } else if self.at("{") {
                    self.skip_braces();
                } else {
                    return;
                }
                if !self.eat(",") {
                    break;
                }
            }
        }
        if self.at("{") {
            self.skip_braces();
        }
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
        if specs.is_some_and(|s| s.is_virtual) | self.function_suffix()? {
            record.unsupported.replace(Some(format!(
                "virtual functions are not supported yet (class \"{}\" has a virtual destructor)",
                record.name.borrow()
            )));
        }
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
        if specs.is_virtual || overrides {
            record.non_pod.set(true);
            record.unsupported.replace(Some(format!(
                "virtual functions are not supported yet (class \"{}\" has virtual function \"{name}\")",
                record.name.borrow()
            )));
        }
        // `= 0` (pure virtual), `= delete`, `= default`: declared only.
        let mut defaulted = false;
        if self.eat("=") {
            defaulted = self.at("default");
            while !self.at(";") && !self.at_eof() {
                self.pos += 1;
            }
        }
        // A user-declared copy assignment: no POD.
        let own = |t: &CType| matches!(t.unref(), CType::Record(r) if Rc::ptr_eq(r, record));
        if name == "operator=" && !defaulted && params.len() == 1 && own(&params[0].ty) {
            record.non_pod.set(true);
        }
        let body = if self.at("{") {
            if self.exec_space(specs).on_device() {
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
            let mut f = self.function_def(
                format!("{}::{name}", record.name.borrow()),
                d.ty,
                params,
                variadic,
                specs,
                span,
                body,
            );
            if record.template.borrow().is_some() {
                let class = CType::Record(record.clone());
                f.symbol = Some(super::super::mangle::static_member_symbol(&f, &class));
            }
            self.cxx.methods.push(f);
        } else {
            self.push_method(
                record, &name, d.ty, params, variadic, specs, span, konst, body,
            );
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
        functions: &[FunctionDef],
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
        // The definition is read in the class's scope (its names are found).
        let outer = std::mem::replace(
            &mut self.cxx.ns,
            crate::frontend::lookup::qualified_parts(&full)
                .into_iter()
                .map(str::to_string)
                .collect(),
        );
        let r =
            self.member_definition(specs, &record, n, at, last, &simple, &full, span, functions);
        self.cxx.ns = outer;
        r
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
        functions: &[FunctionDef],
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
        // The return type as the declarator would read it.
        self.pos += n;
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
        self.pos += at - n + 1;
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
            func: Some((params, variadic)),
            konst_fn: false,
            overrides: false,
        };
        let mut specs = specs.clone();
        specs.is_static = is_static;
        self.method(record, &specs, d)?;
        Ok(true)
    }

    /// `template <> float f<float>(float x) { … }` (after `template <>`):
    /// the instance `f<float>` defined here.
    pub(super) fn explicit_specialization(&mut self) -> PResult<()> {
        if self.at("struct") || self.at("union") || self.at("class") {
            return self.class_specialization();
        }
        let start = self.span();
        let specs = self.specifiers()?;
        let Some(ret) = specs.ty.clone() else {
            return self.error(start, "expected a type specifier");
        };
        let d = self.declarator(ret, specs.konst, specs.volatile)?;
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
        if !self.eat("<") {
            return self.error(
                d.span,
                "an explicit specialization must give its template arguments (f<T>)",
            );
        }
        let given = self.template_args()?;
        self.expect("(")?;
        let (params, variadic) = self.params()?;
        if !self.at("{") {
            return self.error(d.span, "an explicit specialization must be defined here");
        }
        let body = self.compound()?;
        // The overload whose parameters these are (the arguments given
        // first, the rest deduced from the parameters).
        let declared: Vec<CType> = params.iter().map(|p| p.ty.clone()).collect();
        let pick = defs.iter().find_map(|&def| {
            let t = &self.templates.defs[def];
            let TemplateKind::Function { params: pats, .. } = &t.kind else {
                return None;
            };
            if pats.len() != declared.len() || given.len() > t.params.len() {
                return None;
            }
            let mut out: Vec<Option<TemplateArg>> = vec![None; t.params.len()];
            for (o, g) in out.iter_mut().zip(&given) {
                *o = Some(g.clone());
            }
            pats.iter()
                .zip(&declared)
                .all(|(p, a)| super::super::template::match_type(t, p, a, &mut out, 0))
                .then_some((def, out))
        });
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

    /// Whether a function's declarator follows (`f(`, `*f(`, `operator`).
    pub(super) fn function_follows(&self) -> bool {
        let mut k = 0;
        while self.peek_at(k).is_some_and(|t| t.is("*") || t.is("&")) {
            k += 1;
        }
        self.peek_at(k).is_some_and(|t| t.is("operator"))
            || self.peek_at(k + 1).is_some_and(|t| t.is("("))
    }

    /// A `typedef` or a static data member in a struct (`static constexpr
    /// int kN = 4;`, also `static const` with a constant initializer): a
    /// type or a constant named in the struct (`S::kN`).
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
            } else {
                let span = self.span();
                if !self.eat("=") {
                    return self.error(
                        span,
                        "static data members without an initializer are not supported yet",
                    );
                }
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
            func: Some((Vec::new(), false)),
            konst_fn: false,
            overrides: false,
        };
        self.method(record, specs, d)
    }

    #[allow(clippy::too_many_arguments)]
    fn push_method(
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
        self.cxx.methods.push(f);
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

    /// Skips a balanced `( … )`.
    pub(super) fn skip_parens(&mut self) {
        let mut depth = 0;
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is("(") {
                depth += 1;
            } else if t.is(")") {
                depth -= 1;
                if depth <= 0 {
                    return;
                }
            }
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
            mem_inits: Vec::new(),
        };
        if specs.constexpr {
            self.record_constexpr_fn(&f);
        }
        f
    }
}

/// Puts the arguments in place of the parameters named in `e`.
fn replace_params(e: &mut Expr, params: &[String], args: &[Expr], depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match &mut e.kind {
        ExprKind::Ident(name) => {
            if let Some(k) = params.iter().position(|p| p == name) {
                *e = args[k].clone();
            }
        }
        ExprKind::Unary(_, a) | ExprKind::Cast { expr: a, .. } | ExprKind::NamedCast(_, a) => {
            replace_params(a, params, args, depth + 1)
        }
        ExprKind::Binary(_, a, b) => {
            replace_params(a, params, args, depth + 1);
            replace_params(b, params, args, depth + 1);
        }
        ExprKind::Cond(c, a, b) => {
            replace_params(c, params, args, depth + 1);
            replace_params(a, params, args, depth + 1);
            replace_params(b, params, args, depth + 1);
        }
        ExprKind::Call(_, xs) => {
            for x in xs {
                replace_params(x, params, args, depth + 1);
            }
        }
        _ => {}
    }
}
