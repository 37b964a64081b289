//! The parser's C++ names: qualified names and what they name here
//! (through `lookup`), namespaces and namespace aliases, `using`
//! directives, declarations and aliases, operator names, `constexpr`
//! values and one-`return` functions for constant expressions, and
//! `static_assert`.

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
        if self.local_names.contains(&name) {
            return None;
        }
        self.find_template(&name).map(|d| (d, len))
    }

    /// Whether a call of a class template instance's static member starts
    /// here (`S<N>::run(o);`): an expression, not a declaration.
    pub(super) fn static_call_ahead(&self) -> bool {
        let Some((d, len)) = self.template_id_from(self.pos) else {
            return false;
        };
        if self.templates.defs[d].is_function() {
            return false;
        }
        let Some((k, _)) = self.skip_brackets(self.pos + len) else {
            return false;
        };
        let at = |i: usize, s: &str| self.toks.get(k + i).is_some_and(|t| t.is(s));
        at(0, "::")
            && self.toks.get(k + 1).is_some_and(|t| {
                t.kind == TokKind::Ident && self.type_name_at(k + 1 - self.pos).is_none()
            })
            && (at(2, "(") || at(2, "<") && self.member_template_at(k + 1))
    }

    /// Whether the name at token `k` (after `C<…>::`) is called with
    /// template arguments: `<…>` then `(` (`vec_cast<T, S>::cast<N>(d,
    /// s)`, a member template of the instance; a member type template
    /// names a declaration's type, and a declarator follows its `>`).
    fn member_template_at(&self, k: usize) -> bool {
        self.skip_brackets(k + 1)
            .is_some_and(|(j, depth)| depth == 0 && self.toks.get(j).is_some_and(|t| t.is("(")))
    }

    /// From token `k`, past one bracketed group (`<…>`, `(…)`, `[…]`, or
    /// a lone token): the token after it and the depth there (below 0
    /// where a `>>` closed one more); `None` at a `;`, `{` or `}` first.
    fn skip_brackets(&self, mut k: usize) -> Option<(usize, i32)> {
        let mut depth = 0i32;
        while let Some(t) = self.toks.get(k) {
            match &*t.text {
                "<" | "(" | "[" => depth += 1,
                ">" | ")" | "]" => depth -= 1,
                ">>" => depth -= 2,
                ";" | "{" | "}" => return None,
                _ => {}
            }
            k += 1;
            if depth <= 0 {
                break;
            }
        }
        Some((k, depth))
    }

    /// The template a (possibly qualified) name means here.
    pub(super) fn find_template(&self, name: &str) -> Option<usize> {
        // A template template parameter: the class template bound to it.
        if let Some(t) = self.typedefs.get(name).and_then(tt_marked) {
            return self.templates.find(&t);
        }
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
            CType::Record(r) => {
                let id = r.name.borrow().clone();
                let member = format!("{id}::{last}");
                self.typedefs.get(&member).cloned().or_else(|| {
                    // A class instance another parser made (see
                    // `constant_literal`).
                    let (_, typedefs) = self.templates.instance_names.get(&id)?;
                    typedefs
                        .iter()
                        .find(|(k, _)| *k == member)
                        .map(|(_, t)| t.clone())
                })
            }
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
        if self.local_names.contains(&name) {
            return None;
        }
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
    pub(super) fn namespace_def(&mut self, functions: &mut Vec<Rc<FunctionDef>>) -> PResult<()> {
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
            .is_some_and(|(d, _)| self.templates.defs[d].is_class())
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
        // `using N::operator<<;`: the operator function's name stands for N's
        // (`operator` reads as the qualified name's last identifier).
        let mut len = self.qualified_len(0);
        let operator = len > 2 && self.peek_at(len - 1).is_some_and(|t| t.is("operator"));
        if operator {
            len -= 2;
        }
        let mut name = self.qualified_text(0, len);
        if operator {
            let here = self.pos;
            self.pos += len + 2;
            let op = self.operator_name()?;
            self.pos = here;
            name = format!("{name}::{op}");
        }
        let Some((scope, last)) = name.rsplit_once("::").filter(|_| len > 0) else {
            return self.error(
                span,
                "a using-declaration must name a member of a namespace or class (N::name)",
            );
        };
        self.pos += len;
        if operator {
            // past `::operator` and the operator's own tokens
            self.pos += 2;
            self.operator_name()?;
        }
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
        // A static constant of a class instance another parser made (a host
        // template's instance named `Traits<128, float>`, bound here to a
        // parameter: `Ktraits::kNThreads`).
        for c in self.candidates(name) {
            let Some((id, _)) = c.rsplit_once("::") else {
                continue;
            };
            let Some((constants, _)) = self.templates.instance_names.get(id) else {
                continue;
            };
            if let Some((_, (v, ty))) = constants.iter().find(|(k, _)| *k == c) {
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

    /// Records a constant integer array's elements (`constexpr int
    /// t[3] = {110, 64, 48};`) when each is a constant.
    pub(super) fn record_constant_array(
        &mut self,
        name: &str,
        elem: &CType,
        items: &[Initializer],
    ) {
        if !elem.is_integer() {
            return;
        }
        let values: Option<Vec<i64>> = items
            .iter()
            .map(|i| match i {
                Initializer::Expr(e) => self.const_value(e),
                _ => None,
            })
            .collect();
        if let Some(values) = values {
            self.cxx
                .constant_arrays
                .insert(name.to_string(), (values, elem.clone()));
        }
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
        if let Some(e) = super::host::returns_expr(stmts) {
            let params = f.params.iter().map(|p| p.name.clone()).collect();
            self.cxx.constexpr_fns.insert(f.name.clone(), (params, e));
        }
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
                    why =
                        Some(String::from_utf8_lossy(&unescape(string_body(&t.text))).into_owned());
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
