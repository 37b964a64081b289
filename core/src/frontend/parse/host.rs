//! Host code around the kernels, which is not compiled: the bodies of host
//! functions and constructors are skipped unparsed, a host function whose
//! declaration does not parse is skipped too (`host_function_end`), and the
//! kernel template launches in skipped bodies are found (`scan_launches`:
//! `k<float><<<g, b>>>(…)` asks for `k<float>`, `k<<<g, b>>>(p)` for what
//! `p`'s declared type deduces), with the calls of host function templates
//! (whose instances sema has read the same way, their arguments bound:
//! `parse::host_instance`) and of class template members, a template's
//! address taken as a value (`auto k = kern<int, 256>;`), and the calls of
//! lambdas with template parameters (`d.operator()<true>()`). Constants a
//! body declares are scoped to their blocks (a dispatch macro's `constexpr
//! int N = 128;` per branch), its local type aliases are known, and an
//! argument's type comes from its variable's declaration or a temporary
//! (`PayoffPut(K)`). A launch whose template arguments are not known here
//! gets a warning.

use super::*;
use crate::frontend::template::deduce_call;

impl<'a> Parser<'a> {
    /// Whether the declaration at token `start` is a host function (no
    /// execution space, storage or class definition before its parameter
    /// list, a body or `;` after it): where its body starts and where the
    /// declaration ends.
    pub(super) fn host_function_end(&self, start: usize) -> Option<(Option<usize>, usize)> {
        let toks = self.toks;
        let mut k = start;
        let mut angle = 0i32;
        // Up to the parameter list: the name's `(` outside template brackets.
        loop {
            let t = toks.get(k)?;
            match &*t.text {
                "__device__" | "__global__" | "__shared__" | "__constant__" | "__managed__"
                | "typedef" | "{" | "}" | ";" | "=" | "struct" | "class" | "union" | "enum"
                    if t.kind != TokKind::Str =>
                {
                    return None
                }
                // `X<T>::operator=(…)`, `operator<`, `operator()`: the
                // operator's tokens are its name.
                "operator" if t.kind != TokKind::Str => {
                    let two = toks.get(k + 1).is_some_and(|n| n.is("(") || n.is("["));
                    k += if two { 3 } else { 2 };
                    continue;
                }
                "<" => angle += 1,
                ">" => angle -= 1,
                ">>" => angle -= 2,
                "(" if angle <= 0 && k > start => break,
                _ => {}
            }
            k += 1;
            if k - start > 4096 {
                return None;
            }
        }
        // The parameters, then what may follow them, to `{` or `;`.
        let mut depth = 0i32;
        while let Some(t) = toks.get(k) {
            if t.is("(") || t.is("[") {
                depth += 1;
            } else if t.is(")") || t.is("]") {
                depth -= 1;
            } else if depth == 0 && t.is(";") {
                return Some((None, k + 1));
            } else if depth == 0 && t.is("{") {
                let body = k;
                let mut braces = 0i32;
                while let Some(t) = toks.get(k) {
                    k += 1;
                    if t.is("{") {
                        braces += 1;
                    } else if t.is("}") {
                        braces -= 1;
                        if braces == 0 {
                            return Some((Some(body), k));
                        }
                    }
                }
                return None;
            } else if depth == 0 && t.is("}") {
                return None;
            }
            k += 1;
        }
        None
    }

    pub(super) fn skip_braces(&mut self) {
        let mut depth = 0;
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is("{") {
                depth += 1;
            } else if t.is("}") {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
        }
    }

    /// The `e` of a host `constexpr` function's body `{ return e; }` (at
    /// `start`, its `{`; the body was skipped as host code): read so that
    /// constant expressions (an array size, a template argument) can call
    /// it, as nvcc's do. Anything else, or an `e` that does not parse, is
    /// nothing, and leaves no diagnostic.
    pub(super) fn host_constexpr_return(&mut self, start: usize) -> Option<Expr> {
        let end = self.pos;
        let toks = self.toks;
        if !toks
            .get(start + 1)
            .is_some_and(|t| t.is("return") || t.is("if"))
        {
            return None;
        }
        // Only `if`/`else` and `return`s (C++14's `if (a) return x; else
        // return y;`, nested): no statement with an effect.
        let effect = [
            "for", "while", "do", "switch", "goto", "=", "+=", "-=", "*=", "/=", "%=", "<<=",
            ">>=", "&=", "|=", "^=", "++", "--", "static", "asm", "throw", "try",
        ];
        if toks[start..end]
            .iter()
            .any(|t| t.kind != TokKind::Str && effect.contains(&&*t.text))
        {
            return None;
        }
        let (ndiags, depth) = (self.diags.len(), self.depth);
        self.pos = start;
        let body = self.compound().ok();
        let whole = self.pos == end;
        self.pos = end;
        self.depth = depth;
        let clean = self.diags.len() == ndiags;
        self.diags.truncate(ndiags);
        let body = body.filter(|_| whole && clean)?;
        returns_expr(std::slice::from_ref(&body))
    }

    /// Launches of kernel templates in a host function's body (which is not
    /// parsed): `k<float, 128><<<g, b>>>(…)` asks for `k<float, 128>`, and
    /// `k<<<g, b>>>(p)` for the instance its arguments deduce. Calls of host
    /// function templates (`run<float>(p)`, `run(p)`) ask for them too: sema
    /// reads their bodies with the arguments bound (`host_instance`), so
    /// every launch there counts, whatever `switch` or `if` holds it, as
    /// nvcc instantiates them all. Argument types are those of the
    /// variables declared in the function (its parameters and body); a
    /// launch whose template arguments cannot be established so is
    /// reported (a warning: never a kernel dropped silently).
    pub(super) fn scan_launches(&mut self, start: usize, end: usize, at: usize) {
        let (saved, ndiags) = (self.pos, self.diags.len());
        let toks = self.toks;
        let from = params_start(toks, start);
        let mut aliases = Vec::new();
        let locals = self.local_constants(start, end, &mut aliases);
        // What the body's constants hide (constants recorded meanwhile, a
        // class instance's statics, stay).
        let outer: Constants = locals
            .iter()
            .filter_map(|(_, _, name, _)| {
                let v = self.cxx.constants.get(name)?;
                Some((name.clone(), v.clone()))
            })
            .collect();
        let mut visible = usize::MAX;
        let mut warnings = Vec::new();
        // What member functions of class instances launch comes after the
        // body's own launches (their instances are made later, as EDG's).
        let mut members = Vec::new();
        let mut discarded = self.discarded(start, end, &outer, &locals);
        let lambdas = self.lambda_templates(start, end);
        discarded.extend(lambdas.iter().map(|l| l.from..l.end));
        for t in &toks[start..end] {
            if t.kind == TokKind::Ident && !self.templates.host_names.contains(&*t.text) {
                self.templates.host_names.insert(t.text.to_string());
            }
        }
        // The templates' own names: only those identifiers are looked up (a
        // long host body has many identifiers and a big header many
        // templates). Kept while no template is added (a big class's
        // members are read one by one).
        let template_names = match &self.templates.template_names {
            Some((n, names)) if *n == self.templates.defs.len() => names.clone(),
            _ => {
                let names: std::rc::Rc<crate::collections::HashSet<String>> = std::rc::Rc::new(
                    self.templates
                        .defs
                        .iter()
                        .map(|d| crate::frontend::lookup::last_part(&d.name).to_string())
                        .collect(),
                );
                self.templates.template_names = Some((self.templates.defs.len(), names.clone()));
                names
            }
        };
        // The member functions the body calls (`.f(`, `->f(`, `::f(`), for
        // the class templates it names: read once.
        let mut called: Option<Vec<String>> = None;
        for i in start..end {
            let t = &toks[i];
            if t.kind != TokKind::Ident
                || !template_names.contains(&*t.text)
                || discarded.iter().any(|r| r.contains(&i))
            {
                continue;
            }
            // The name with its qualifiers (`N::k`).
            let mut first = i;
            while first >= start + 2
                && toks[first - 1].is("::")
                && toks[first - 2].kind == TokKind::Ident
            {
                first -= 2;
            }
            if first > start && (toks[first - 1].is(".") || toks[first - 1].is("->")) {
                continue; // a member
            }
            let written: String = toks[first..=i].iter().map(|t| &*t.text).collect();
            // The constants in scope here (`constexpr int N = 2;` in each
            // branch of a dispatch holds its own value).
            let scope = in_scope(&locals, i);
            if scope != visible {
                self.constants_at(&outer, &locals, i);
                visible = scope;
            }
            if let Some(def) = self.function_template(&written) {
                let name = self.templates.defs[def].name.clone();
                match self.template_call(def, i, end, from) {
                    Call::Args(args) => self.templates.requests.push(Request {
                        name,
                        args,
                        params: None,
                        span: t.span(),
                        at,
                    }),
                    Call::Unknown => warnings.extend(self.unresolved(def, i)),
                    Call::None => {}
                }
            } else if let Some(def) = self.class_template(&written) {
                let known = self.templates.requests.len();
                self.class_uses(def, i, start, end, &mut called);
                members.extend(self.templates.requests.split_off(known));
            }
            self.half_gt = false;
        }
        self.templates.requests.append(&mut members);
        self.template_lambdas(lambdas, end, at);
        self.diags.truncate(ndiags);
        for w in warnings {
            if !self
                .diags
                .iter()
                .any(|d| d.span == w.span && d.message == w.message)
            {
                self.diags.push(w);
            }
        }
        self.constants_at(&outer, &locals, usize::MAX);
        // The body's aliases go out of scope.
        for (name, before) in aliases.into_iter().rev() {
            match before {
                Some(t) => self.typedefs.insert(name, t),
                None => self.typedefs.remove(&name),
            };
        }
        self.pos = saved;
    }

    /// Lambdas with template parameters in a host body (`auto d =
    /// [&]<bool Z>() { k<Z><<<…>>>(…); };`, C++20, which nvcc accepts):
    /// each one's name, template parameters and tokens (from before its
    /// `<`, with where its declaration starts, and the token after its
    /// body). Their bodies are read for each call's instance
    /// (`template_lambdas`), not with the enclosing body.
    fn lambda_templates(&mut self, start: usize, end: usize) -> Vec<LambdaTemplate> {
        let toks = self.toks;
        let mut out = Vec::new();
        for j in start + 3..end.saturating_sub(2) {
            // `auto NAME = [captures] <`
            if !(toks[j].is("[")
                && toks[j - 1].is("=")
                && toks[j - 2].kind == TokKind::Ident
                && toks[j - 3].is("auto"))
            {
                continue;
            }
            let close = skip_balanced(toks, j);
            if !toks.get(close).is_some_and(|t| t.is("<")) {
                continue;
            }
            let ndiags = self.diags.len();
            self.pos = close + 1;
            self.half_gt = false;
            let params = self.template_params(close - 1);
            self.diags.truncate(ndiags);
            self.half_gt = false;
            let Ok(params) = params else { continue };
            let gt = self.pos - 1;
            if !toks.get(self.pos).is_some_and(|t| t.is("(")) {
                continue;
            }
            let Some((Some(_), body_end)) = self.host_function_end(gt) else {
                continue;
            };
            out.push(LambdaTemplate {
                name: toks[j - 2].text.to_string(),
                params,
                from: close - 1,
                decl: gt,
                end: body_end,
            });
        }
        out
    }

    /// The calls with explicit template arguments of the template lambdas
    /// of a host body (`d.operator()<true>();`): each call's instance of
    /// the lambda's body asks for what it launches.
    fn template_lambdas(&mut self, lambdas: Vec<LambdaTemplate>, end: usize, at: usize) {
        let toks = self.toks;
        for l in lambdas {
            let (name, body_end) = (l.name.clone(), l.end);
            let def = TemplateDef {
                name: format!("{name}::operator()"),
                span: toks[l.from].span(),
                params: l.params,
                tokens: toks[l.from..l.end].to_vec().into(),
                decl_start: l.decl - l.from,
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
            // Its calls: `NAME.operator()<…>(`.
            for c in body_end..end.saturating_sub(6) {
                let call = toks[c].is(&name)
                    && toks[c + 1].is(".")
                    && toks[c + 2].is("operator")
                    && toks[c + 3].is("(")
                    && toks[c + 4].is(")")
                    && toks[c + 5].is("<");
                if !call {
                    continue;
                }
                self.pos = c + 6;
                self.half_gt = false;
                let ndiags = self.diags.len();
                let args = self.template_args().ok();
                self.diags.truncate(ndiags);
                self.half_gt = false;
                let Some(args) = args.filter(|a| a.len() == def.params.len()) else {
                    continue;
                };
                // Read with the names declared so far (see
                // `explicit_instantiation`).
                let here = self.scope_here();
                let outer = std::mem::replace(&mut self.templates.scope, here);
                let made = super::instantiate::host_body_requests(
                    &mut self.templates,
                    self.diags,
                    &def,
                    &args,
                    at,
                );
                self.templates.scope = outer;
                self.templates.requests.extend(made);
            }
        }
    }

    /// A class template named at token `i` of a host body (`Runner<float>
    /// r;`) with arguments that read here: the launches in the host member
    /// functions the body calls (`r.go(p)`), those they call, and its
    /// constructors'.
    fn class_uses(
        &mut self,
        def: usize,
        i: usize,
        start: usize,
        end: usize,
        called: &mut Option<Vec<String>>,
    ) {
        let toks = self.toks;
        if !toks.get(i + 1).is_some_and(|t| t.is("<")) || i + 1 >= end {
            return;
        }
        self.pos = i + 2;
        self.half_gt = false;
        let ndiags = self.diags.len();
        let given = self.template_args().ok();
        let args = given.and_then(|g| {
            let given = g.into_iter().map(Some).collect();
            self.complete_args(def, given).ok().flatten()
        });
        self.diags.truncate(ndiags);
        self.half_gt = false;
        let Some(args) = args else { return };
        // The members called: `.f(`, `->f(`, `::f(`.
        let called = called
            .get_or_insert_with(|| {
                (start.max(1)..end.saturating_sub(1))
                    .filter(|&k| {
                        toks[k].kind == TokKind::Ident
                            && toks[k + 1].is("(")
                            && (toks[k - 1].is(".") || toks[k - 1].is("->") || toks[k - 1].is("::"))
                    })
                    .map(|k| toks[k].text.to_string())
                    .collect()
            })
            .clone();
        let requests = self.sub_class_members(def, &args, called);
        self.templates.requests.extend(requests);
    }

    /// The host member functions of a class template's body (tokens of the
    /// template being read, from its `{`): each one's name and body.
    pub(super) fn host_members(&self, open: usize) -> Vec<(String, usize, usize)> {
        let toks = self.toks;
        let mut out = Vec::new();
        let mut k = open + 1;
        let mut decl_start = k;
        while k < toks.len() && !toks[k].is("}") {
            let t = &toks[k];
            if t.is(";")
                || t.is(":")
                    && ["public", "private", "protected"]
                        .iter()
                        .any(|s| toks[k - 1].is(s))
            {
                k += 1;
                decl_start = k;
                continue;
            }
            if t.is("{") {
                // A nested class or an initializer: skipped.
                k = skip_balanced(toks, k);
                decl_start = k;
                continue;
            }
            if t.kind == TokKind::Ident && toks.get(k + 1).is_some_and(|t| t.is("(")) {
                let device = toks[decl_start..k]
                    .iter()
                    .any(|t| t.is("__device__") || t.is("__global__"));
                let host = toks[decl_start..k].iter().any(|t| t.is("__host__"));
                let name = t.text.to_string();
                let mut j = skip_balanced(toks, k + 1);
                // Past qualifiers and a constructor's initializers.
                while j < toks.len() && !toks[j].is("{") && !toks[j].is(";") {
                    j = if toks[j].is("(") {
                        skip_balanced(toks, j)
                    } else {
                        j + 1
                    };
                }
                if j < toks.len() && toks[j].is("{") {
                    let body_end = skip_balanced(toks, j);
                    if !device || host {
                        out.push((name, j, body_end));
                    }
                    k = body_end;
                } else {
                    k = j + 1;
                }
                decl_start = k;
                continue;
            }
            k += 1;
        }
        out
    }

    /// What a use of function template `def` at token `i` asks for: a
    /// launch of a kernel template or a call of a host one, with the
    /// template arguments written and deduced.
    fn template_call(&mut self, def: usize, i: usize, end: usize, from: usize) -> Call {
        let toks = self.toks;
        let host = matches!(&self.templates.defs[def].kind,
            TemplateKind::Function { space, .. } if !space.on_device());
        let mut k = i + 1;
        let mut explicit = Vec::new();
        if toks.get(k).is_some_and(|t| t.is("<")) && k < end {
            self.pos = k + 1;
            self.half_gt = false;
            match self.template_args() {
                Ok(args) if self.pos < end && !self.half_gt => {
                    explicit = args;
                    k = self.pos;
                }
                _ => {
                    // `k<…>` whose arguments do not read here: a launch
                    // needs them.
                    let mut j = k + 1;
                    while j < end && !toks[j].is(";") && !toks[j].is("<<") {
                        j += 1;
                    }
                    let launch = j + 1 < end && toks[j].is("<<") && toks[j + 1].is("<");
                    return if launch && !host {
                        Call::Unknown
                    } else {
                        Call::None
                    };
                }
            }
        }
        let at = |k: usize, s: &str| k < end && toks.get(k).is_some_and(|t| t.is(s));
        // `f<32>` as a value (a table of function pointers, `auto k =
        // kernel<int, 256>;`): its address instantiates it, as a call would.
        let value = [",", "}", ";", ")"].iter().any(|s| at(k, s));
        if value && !explicit.is_empty() {
            let name = self.templates.defs[def].name.clone();
            for d in self.templates.functions(&name) {
                if let Some(args) = self.deduce_call(d, &explicit, &[]) {
                    return Call::Args(args);
                }
            }
            return Call::None;
        }
        // The call's parentheses: after `<<<…>>>` for a launch.
        let open = if host {
            if !at(k, "(") {
                return Call::None;
            }
            k
        } else {
            if !(at(k, "<<") && at(k + 1, "<")) {
                return Call::None;
            }
            let mut j = k + 2;
            while j + 1 < end && !(toks[j].is(">>") && toks[j + 1].is(">")) {
                j += 1;
            }
            if !at(j + 2, "(") {
                return Call::Unknown;
            }
            j + 2
        };
        // A template's `<…>` holds its commas (`F<A, B>()` is one argument).
        let template_at = |k: usize| {
            let mut first = k;
            while first >= 2 && toks[first - 1].is("::") && toks[first - 2].kind == TokKind::Ident {
                first -= 2;
            }
            self.template_id_from(first).is_some()
        };
        let args = call_args(toks, open, end, template_at);
        let types: Vec<Option<CType>> = args
            .iter()
            .map(|&(lo, hi)| self.arg_type(from, lo, hi))
            .collect();
        let name = self.templates.defs[def].name.clone();
        for d in self.templates.functions(&name) {
            if let Some(args) = self.deduce_call(d, &explicit, &types) {
                return Call::Args(args);
            }
        }
        Call::Unknown
    }

    /// Template `def`'s arguments for a call with these explicit arguments
    /// and argument types (`None` where not known).
    fn deduce_call(
        &mut self,
        def: usize,
        explicit: &[TemplateArg],
        types: &[Option<CType>],
    ) -> Option<Vec<TemplateArg>> {
        let d = &self.templates.defs[def];
        let TemplateKind::Function { params, .. } = &d.kind else {
            return None;
        };
        let pack = crate::frontend::template::pack_index(d).is_some();
        if types.len() > params.len() && !pack {
            return None;
        }
        let types: Vec<Option<&CType>> = types.iter().map(Option::as_ref).collect();
        let out = deduce_call(d, params, explicit, &types)?;
        let ndiags = self.diags.len();
        let args = self.complete_args(def, out).ok().flatten();
        self.diags.truncate(ndiags);
        args
    }

    /// The type of a call argument, tokens `lo..hi`, as far as a token
    /// reading shows it: a variable declared since `from` (`p`, `&x`), a
    /// literal.
    fn arg_type(&mut self, from: usize, lo: usize, hi: usize) -> Option<CType> {
        let toks = self.toks;
        match &toks[lo..hi] {
            [t] if t.kind == TokKind::Ident => {
                let ty = self
                    .declared_type(&t.text, from, lo)
                    .or_else(|| self.scan_class_member(&t.text))?;
                Some(match ty.unref() {
                    CType::Array(e, _) => CType::ptr_to((**e).clone()),
                    t => t.clone(),
                })
            }
            [amp, t] if amp.is("&") && t.kind == TokKind::Ident => Some(CType::ptr_to(
                self.declared_type(&t.text, from, lo)?.unref().clone(),
            )),
            [t] if t.kind == TokKind::Number => {
                let text = t.text.to_ascii_lowercase();
                let float = text.contains('.') || !text.starts_with("0x") && text.contains('e');
                match () {
                    _ if float && text.ends_with('f') => Some(CType::Float),
                    _ if float => Some(CType::Double),
                    _ if text.ends_with('u') => Some(CType::UINT),
                    _ if text.trim_end_matches('u').ends_with('l') => None,
                    _ => Some(CType::INT),
                }
            }
            // A functional cast or a temporary: `PayoffPut(K)`, `T{}`.
            [t, ..] if hi - lo >= 3 && (t.kind == TokKind::Ident || t.is("::")) => {
                let ndiags = self.diags.len();
                self.pos = lo;
                self.half_gt = false;
                let ty = if self.starts_type() {
                    self.specifiers().ok().and_then(|s| s.ty)
                } else {
                    None
                };
                self.diags.truncate(ndiags);
                self.half_gt = false;
                let whole = self.pos < hi
                    && (toks[self.pos].is("(") || toks[self.pos].is("{"))
                    && skip_balanced(toks, self.pos) == hi;
                ty.filter(|_| whole)
            }
            _ => None,
        }
    }

    /// The type of data member `name` of the class instance whose host
    /// members are being read (`scan_class`), if it has one.
    fn scan_class_member(&self, name: &str) -> Option<CType> {
        let Some(CType::Record(r)) = &self.scan_class else {
            return None;
        };
        let layout = r.layout.borrow().clone()?;
        layout
            .fields
            .iter()
            .find(|f| !f.base && f.name == name)
            .map(|f| f.ty.clone())
    }

    /// The type of the variable `name` as last declared between tokens
    /// `from` and `before` (a parameter, a local: `float *a, *b = 0;`).
    fn declared_type(&mut self, name: &str, from: usize, before: usize) -> Option<CType> {
        let toks = self.toks;
        for j in (from..before).rev() {
            if !toks[j].is(name) || j == 0 {
                continue;
            }
            let next = toks.get(j + 1)?;
            if ![",", ";", "=", ")", "[", "{", "("]
                .iter()
                .any(|s| next.is(s))
            {
                continue;
            }
            let prev = &toks[j - 1];
            if !(prev.is("*") || prev.is("&") || prev.is(">") || prev.kind == TokKind::Ident) {
                continue;
            }
            // The start of the declaration: after `;`, `{`, `}`, an open `(`
            // or (in a parameter list) a `,`; a later declarator of a
            // declaration (`float *a, *b;`) reads from the statement's start.
            let mut s = j;
            let mut comma = None;
            let mut depth = 0i32;
            while s > from {
                let t = &toks[s - 1];
                if t.is(")") || t.is("]") || t.is("}") && depth > 0 {
                    depth += 1;
                } else if (t.is("(") || t.is("[") || t.is("{")) && depth > 0 {
                    depth -= 1;
                } else if depth == 0 && t.is(",") {
                    comma.get_or_insert(s);
                } else if depth == 0 && (t.is(";") || t.is("{") || t.is("}") || t.is("(")) {
                    break;
                }
                s -= 1;
            }
            let starts = [comma, Some(s)];
            for s in starts.into_iter().flatten() {
                if let Some(ty) = self.declarator_type(s, j, name) {
                    return Some(ty);
                }
            }
        }
        None
    }

    /// Reads a declaration from token `s` to the declarator of `name` at
    /// token `j`: its type.
    fn declarator_type(&mut self, s: usize, j: usize, name: &str) -> Option<CType> {
        let ndiags = self.diags.len();
        self.pos = s;
        let mut found = None;
        if let Ok(specs) = self.specifiers() {
            if let Some(base) = specs.ty.clone() {
                while self.pos <= j {
                    let Ok(d) = self.declarator(base.clone(), specs.konst, specs.volatile) else {
                        break;
                    };
                    if d.name.as_deref() == Some(name) && self.pos > j {
                        found = Some(d.full_type());
                        break;
                    }
                    // Past an initializer, to the next declarator.
                    let mut depth = 0i32;
                    while let Some(t) = self.peek() {
                        if t.is("(") || t.is("[") || t.is("{") {
                            depth += 1;
                        } else if t.is(")") || t.is("]") || t.is("}") {
                            depth -= 1;
                        } else if depth == 0 && (t.is(",") || t.is(";")) {
                            break;
                        }
                        if depth < 0 {
                            break;
                        }
                        self.pos += 1;
                    }
                    if !self.eat(",") {
                        break;
                    }
                }
            }
        }
        self.diags.truncate(ndiags);
        self.half_gt = false;
        found
    }

    /// The branches `if constexpr` discards in tokens `start..end` (nvcc
    /// instantiates nothing there), where its condition is a constant
    /// here.
    fn discarded(
        &mut self,
        start: usize,
        end: usize,
        outer: &Constants,
        locals: &[LocalConstant],
    ) -> Vec<std::ops::Range<usize>> {
        let toks = self.toks;
        let mut out = Vec::new();
        for j in start..end.saturating_sub(2) {
            if !(toks[j].is("if") && toks[j + 1].is("constexpr") && toks[j + 2].is("(")) {
                continue;
            }
            self.constants_at(outer, locals, j);
            let close = skip_balanced(toks, j + 2);
            let ndiags = self.diags.len();
            self.pos = j + 3;
            self.half_gt = false;
            let value = match self.expr() {
                Ok(e) if self.pos + 1 == close => self.const_value(&e),
                _ => None,
            };
            self.diags.truncate(ndiags);
            self.half_gt = false;
            let Some(value) = value else { continue };
            let then_end = statement_end(toks, close, end);
            let else_range = if toks.get(then_end).is_some_and(|t| t.is("else")) {
                then_end + 1..statement_end(toks, then_end + 1, end)
            } else {
                then_end..then_end
            };
            out.push(if value != 0 {
                else_range
            } else {
                close..then_end
            });
        }
        out
    }

    /// The `constexpr` values a body declares (`constexpr int n = 2;`, or
    /// `static const int n = 2;`), so that template arguments naming them
    /// read: each with where it is declared and where its block ends.
    /// The type aliases it declares go in `aliases` (with what they hide).
    fn local_constants(
        &mut self,
        start: usize,
        end: usize,
        aliases: &mut Vec<(String, Option<CType>)>,
    ) -> Vec<LocalConstant> {
        let toks = self.toks;
        let mut out: Vec<LocalConstant> = Vec::new();
        // What the body's constants hide, so that each constant reads those
        // declared before it in its scope (`constexpr size_t G = 1;
        // constexpr uint32_t t = G == 1 ? 8U : 1U;`) and the scan ends
        // with none of them set.
        let mut hidden = Constants::default();
        for j in start..end {
            if !out.is_empty() {
                self.constants_at(&hidden, &out, j);
            }
            let at_statement = j > 0
                && (toks[j - 1].is(";")
                    || toks[j - 1].is("{")
                    || toks[j - 1].is("}")
                    || toks[j - 1].is(":"));
            // Local type aliases (`using Traits = traits<N, T>;`, `typedef
            // …`), which the template arguments after them name.
            if at_statement && (toks[j].is("using") || toks[j].is("typedef")) {
                aliases.extend(self.local_alias(j));
                continue;
            }
            // `enum { NUM_PARTS = 1024 };`: its enumerators are constants.
            if at_statement && toks[j].is("enum") {
                out.extend(self.local_enumerators(j, end));
                continue;
            }
            // `const int n = 2;` and `static const int n = 2;` are constants
            // too when integral and constant-initialized.
            let first = if toks[j].is("static") { j + 1 } else { j };
            let konst = toks.get(first).is_some_and(|t| t.is("const"));
            let constexpr = toks.get(first).is_some_and(|t| t.is("constexpr"));
            if !(at_statement && (constexpr || konst)) {
                continue;
            }
            let ndiags = self.diags.len();
            self.pos = j;
            if let Ok(specs) = self.specifiers() {
                if let Some(base) = specs.ty.clone() {
                    if let Ok(d) = self.declarator(base, specs.konst, specs.volatile) {
                        let integral = !konst || d.ty.is_integer();
                        if let (Some(name), true, true) = (d.name.clone(), integral, self.eat("="))
                        {
                            if let Ok(e) = self.conditional() {
                                let before = self.cxx.constants.remove(&name);
                                if self.record_constant(name.clone(), &d.ty, &e) {
                                    let value = self.cxx.constants.remove(&name);
                                    if let Some(b) = before {
                                        self.cxx.constants.insert(name.clone(), b);
                                    }
                                    let scope_end = block_end(toks, j, end);
                                    if !hidden.contains_key(&name)
                                        && !out.iter().any(|l| l.2 == name)
                                    {
                                        if let Some(b) = self.cxx.constants.get(&name) {
                                            hidden.insert(name.clone(), b.clone());
                                        }
                                    }
                                    out.extend(value.map(|v| (j, scope_end, name, v)));
                                }
                            }
                        }
                    }
                }
            }
            self.diags.truncate(ndiags);
            self.half_gt = false;
        }
        self.constants_at(&hidden, &out, usize::MAX);
        out
    }

    /// The enumerators of a local `enum [Name] { A = 4, B, … };` at token
    /// `j`, as constants to the end of its block (those with values this
    /// cannot read end the list).
    fn local_enumerators(&mut self, j: usize, end: usize) -> Vec<LocalConstant> {
        let toks = self.toks;
        let mut out = Vec::new();
        let mut k = j + 1;
        while k < end && toks[k].kind == TokKind::Ident {
            k += 1; // `class`, the name
        }
        if !toks.get(k).is_some_and(|t| t.is("{")) {
            return out;
        }
        let scope_end = block_end(toks, j, end);
        let ndiags = self.diags.len();
        self.pos = k + 1;
        let mut next = 0i64;
        while self.pos < end && self.peek().is_some_and(|t| t.kind == TokKind::Ident) {
            let name = self.toks[self.pos].text.to_string();
            self.pos += 1;
            if self.eat("=") {
                let Some(v) = self.conditional().ok().and_then(|e| self.const_value(&e)) else {
                    break;
                };
                next = v;
            }
            out.push((j, scope_end, name, (Scalar::Int(next), CType::INT)));
            next = next.wrapping_add(1);
            if !self.eat(",") {
                break;
            }
        }
        self.diags.truncate(ndiags);
        self.half_gt = false;
        out
    }

    /// Records the local type alias at token `j` (`using X = T;` or
    /// `typedef T X;`) in the parser's typedefs: its name and the type it
    /// hides.
    fn local_alias(&mut self, j: usize) -> Option<(String, Option<CType>)> {
        let toks = self.toks;
        let ndiags = self.diags.len();
        self.pos = j;
        self.half_gt = false;
        let mut alias = None;
        if toks[j].is("using") {
            if let (Some(n), Some(true)) = (toks.get(j + 1), toks.get(j + 2).map(|t| t.is("="))) {
                self.pos = j + 3;
                alias = self.type_name().ok().map(|ty| (n.text.to_string(), ty));
            }
        } else if let Ok(specs) = self.specifiers() {
            if let (true, Some(base)) = (specs.typedef, specs.ty.clone()) {
                if let Ok(d) = self.declarator(base, specs.konst, specs.volatile) {
                    alias = d.name.clone().map(|n| (n, d.full_type()));
                }
            }
        }
        self.diags.truncate(ndiags);
        self.half_gt = false;
        let (name, ty) = alias?;
        let name = self.qualify(&name);
        let before = self.typedefs.insert(name.clone(), ty);
        Some((name, before))
    }

    /// Sets the body's constants to those in scope at token `i`: the body's
    /// declared before `i` in blocks that hold it (an inner one hides an
    /// outer one), else what they hide (`outer`).
    fn constants_at(&mut self, outer: &Constants, locals: &[LocalConstant], i: usize) {
        for (_, _, name, _) in locals {
            match outer.get(name) {
                Some(v) => self.cxx.constants.insert(name.clone(), v.clone()),
                None => self.cxx.constants.remove(name),
            };
        }
        for (at, end, name, v) in locals {
            if *at < i && i < *end {
                self.cxx.constants.insert(name.clone(), v.clone());
            }
        }
    }

    /// The warnings for a use at token `i` of function template `def`
    /// whose template arguments could not be established: a kernel
    /// template's launch, or each launch of a kernel template in a host
    /// template's body.
    fn unresolved(&mut self, def: usize, i: usize) -> Vec<Diagnostic> {
        let d = &self.templates.defs[def];
        let warn = |name: &str, span: Span| {
            Diagnostic::warning(
                span,
                format!(
                    "the template arguments of kernel template \"{name}\" launched here are not known to this compile (they depend on host code it does not read): it may need instances this compile does not make"
                ),
            )
        };
        match &d.kind {
            TemplateKind::Function { space, .. } if space.on_device() => {
                vec![warn(&d.name, self.toks[i].span())]
            }
            _ => {
                let toks = d.tokens.clone();
                let mut out = Vec::new();
                for k in d.decl_start..toks.len() {
                    let t = &toks[k];
                    if t.kind != TokKind::Ident {
                        continue;
                    }
                    let Some(kd) = self.function_template(&t.text) else {
                        continue;
                    };
                    let kdef = &self.templates.defs[kd];
                    let on_device = matches!(&kdef.kind,
                        TemplateKind::Function { space, .. } if space.on_device());
                    let kernel = matches!(&kdef.kind,
                        TemplateKind::Function { space, .. } if *space == ExecSpace::Global);
                    // Up to the `<<<` of a launch, within the statement;
                    // or a kernel template named (`auto k = kern<T>;`,
                    // launched by `cudaLaunchKernel`).
                    let launch = kernel
                        || on_device
                            && toks[k + 1..]
                                .iter()
                                .take_while(|t| !t.is(";") && !t.is("{") && !t.is("}"))
                                .collect::<Vec<_>>()
                                .windows(2)
                                .any(|w| w[0].is("<<") && w[1].is("<"));
                    if launch {
                        out.push(warn(&kdef.name, t.span()));
                    }
                }
                out
            }
        }
    }

    /// With a host-only library header missing, a namespace-scope
    /// declaration that did not parse and names no device construct is
    /// host code using what the header would have declared
    /// (`PFNGLBINDBUFFERPROC glBindBuffer = …;`, `struct S { GLuint vbo; };`):
    /// where it ends, so it can be skipped. `None` without a missing header,
    /// for device code, or if it runs into the enclosing scope's `}`.
    pub(super) fn host_declaration_end(&self, start: usize) -> Option<usize> {
        self.missing_host.as_ref()?;
        let toks = self.toks;
        let mut depth = 0i32;
        let mut k = start;
        while let Some(t) = toks.get(k) {
            if t.kind != TokKind::Str
                && matches!(
                    &*t.text,
                    "__device__" | "__global__" | "__shared__" | "__constant__" | "__managed__"
                )
            {
                return None;
            }
            match &*t.text {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" => depth -= 1,
                "}" => {
                    depth -= 1;
                    if depth < 0 {
                        return None;
                    }
                    if depth == 0 {
                        // A function body ends the declaration; a class body
                        // or an initializer goes on to its `;`.
                        let open = toks[start..k]
                            .iter()
                            .rposition(|t| t.is("{"))
                            .map(|p| start + p)?;
                        let before = toks.get(open.wrapping_sub(1)).map(|t| &*t.text);
                        if toks.get(k + 1).is_some_and(|t| t.is(";")) {
                            return Some(k + 2);
                        }
                        if matches!(before, Some(")" | "const" | "override" | "noexcept")) {
                            return Some(k + 1);
                        }
                    }
                }
                ";" if depth == 0 => return Some(k + 1),
                _ => {}
            }
            k += 1;
        }
        None
    }

    /// The one note saying why host declarations were skipped.
    /// A host declaration without a body that does not parse here (an
    /// explicit instantiation `template void run<Unknown>(…);`) is skipped
    /// as host code; never silently where it names a kernel template or a
    /// function template that launches or names one: a warning names it,
    /// since the kernel instances it would make may be missing.
    pub(super) fn warn_skipped_template_use(&mut self, from: usize, to: usize) {
        let toks = self.toks;
        for t in &toks[from..to.min(toks.len())] {
            if t.kind != TokKind::Ident {
                continue;
            }
            let Some(def) = self.function_template(&t.text) else {
                continue;
            };
            let d = &self.templates.defs[def];
            let kernel = matches!(
                &d.kind,
                TemplateKind::Function {
                    space: ExecSpace::Global,
                    ..
                }
            );
            if kernel || self.templates.names_kernels(&d.tokens) {
                let name = d.name.clone();
                self.diags.push(Diagnostic::warning(
                    toks[from].span(),
                    format!(
                        "this declaration does not parse here and is skipped as host code: it names function template \"{name}\", whose kernel instances this compile may not make"
                    ),
                ));
                return;
            }
        }
    }

    pub(super) fn note_skipped_host(&mut self, span: crate::diag::Span) {
        if self.noted_missing {
            return;
        }
        self.noted_missing = true;
        let header = self.missing_host.clone().unwrap_or_default();
        self.diags.push(Diagnostic::note(
            span,
            format!("host code that does not parse without \"{header}\" is skipped (from here on)"),
        ));
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

    /// Skips a constructor's member initializers (`: a(1), b{2}`) and body.
    pub(super) fn skip_host_constructor(&mut self) {
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
}

/// A lambda with template parameters in a host body (`Parser::
/// lambda_templates`).
struct LambdaTemplate {
    name: String,
    params: Vec<TemplateParam>,
    /// The token before its `<`, where its tokens start.
    from: usize,
    /// Its `>`, where its declaration starts.
    decl: usize,
    /// Past its body.
    end: usize,
}

/// The parser's constants by name.
type Constants = crate::collections::HashMap<String, (Scalar, CType)>;

/// A constant a host body declares: its token, the end of its block, its
/// name and value.
type LocalConstant = (usize, usize, String, (Scalar, CType));

/// Which of `locals` are in scope at token `i`, as a key (the last one
/// declared before `i` whose block holds `i`, or `usize::MAX`).
/// Statements made only of `if`/`else` and `return e;` as one expression:
/// `if (c) return a; return b;` is `c ? a : b` (a `constexpr` function's
/// body, inlined where a constant expression calls it). `None` for any
/// other statement, or a path that returns nothing.
pub(super) fn returns_expr(stmts: &[Stmt]) -> Option<Expr> {
    let (first, rest) = stmts.split_first()?;
    match &first.kind {
        StmtKind::Return(Some(e)) => Some(e.clone()),
        StmtKind::Compound(inner) if rest.is_empty() => returns_expr(inner),
        StmtKind::If(c, then, other) => {
            let a = returns_expr(std::slice::from_ref(then))?;
            let b = match other {
                Some(o) => returns_expr(std::slice::from_ref(o))?,
                None => returns_expr(rest)?,
            };
            let span = first.span.clone();
            Some(Expr::new(
                ExprKind::Cond(Box::new(c.clone()), Box::new(a), Box::new(b)),
                span,
            ))
        }
        _ => None,
    }
}

fn in_scope(locals: &[LocalConstant], i: usize) -> usize {
    let mut key = usize::MAX;
    for (k, &(at, end, ..)) in locals.iter().enumerate() {
        if at < i && i < end {
            key = key.wrapping_mul(31).wrapping_add(k);
        }
    }
    key
}

/// Where the block that holds token `j` ends (its `}`), or `end`.
fn block_end(toks: &[Token], j: usize, end: usize) -> usize {
    let mut depth = 0i32;
    for (k, t) in toks.iter().enumerate().take(end).skip(j) {
        if t.is("{") {
            depth += 1;
        } else if t.is("}") {
            depth -= 1;
            if depth < 0 {
                return k;
            }
        }
    }
    end
}

/// What a use of a function template in host code asks for.
enum Call {
    /// Not a launch or call (a declaration, an address).
    None,
    /// The instance of these arguments.
    Args(Vec<TemplateArg>),
    /// A launch or call whose template arguments are not known here.
    Unknown,
}

/// Where the parameter list of the function whose body starts at token
/// `body` starts (its `(`), or `body` when there is none.
fn params_start(toks: &[Token], body: usize) -> usize {
    let mut k = body;
    while k > 0 && !toks[k - 1].is(")") {
        k -= 1;
        if body - k > 16 || toks[k].is(";") || toks[k].is("}") {
            return body;
        }
    }
    let mut depth = 0i32;
    while k > 0 {
        k -= 1;
        if toks[k].is(")") {
            depth += 1;
        } else if toks[k].is("(") {
            depth -= 1;
            if depth == 0 {
                return k;
            }
        }
    }
    body
}

/// Past the statement that starts at token `k` (a block, an `if` with its
/// `else`, or up to its `;`), before `end`.
pub(super) fn statement_end(toks: &[Token], k: usize, end: usize) -> usize {
    let Some(t) = toks.get(k).filter(|_| k < end) else {
        return end;
    };
    if t.is("{") {
        return skip_balanced(toks, k).min(end);
    }
    if t.is("if") {
        let mut c = k + 1;
        if toks.get(c).is_some_and(|t| t.is("constexpr")) {
            c += 1;
        }
        let then_end = statement_end(toks, skip_balanced(toks, c), end);
        if toks.get(then_end).is_some_and(|t| t.is("else")) && then_end < end {
            return statement_end(toks, then_end + 1, end);
        }
        return then_end;
    }
    let mut j = k;
    while j < end && !toks[j].is(";") {
        j = if toks[j].is("(") || toks[j].is("[") || toks[j].is("{") {
            skip_balanced(toks, j)
        } else {
            j + 1
        };
    }
    (j + 1).min(end)
}

/// Past the balanced `(…)`, `[…]` or `{…}` that starts at token `k`.
fn skip_balanced(toks: &[Token], k: usize) -> usize {
    let mut depth = 0i32;
    for (j, t) in toks.iter().enumerate().skip(k) {
        if t.is("(") || t.is("[") || t.is("{") {
            depth += 1;
        } else if t.is(")") || t.is("]") || t.is("}") {
            depth -= 1;
            if depth <= 0 {
                return j + 1;
            }
        }
    }
    toks.len()
}

/// The arguments of the call whose `(` is token `open`: each one's tokens.
/// A `<` after a name `template_at` says is a template's (the token's
/// index) opens brackets whose commas do not split arguments.
fn call_args(
    toks: &[Token],
    open: usize,
    end: usize,
    template_at: impl Fn(usize) -> bool,
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let (mut depth, mut lo) = (0i32, open + 1);
    // The open template brackets, each with the depth it opened at.
    let mut angles: Vec<i32> = Vec::new();
    for (k, t) in toks.iter().enumerate().take(end).skip(open) {
        if t.is("(") || t.is("[") || t.is("{") {
            depth += 1;
        } else if t.is(")") || t.is("]") || t.is("}") {
            depth -= 1;
            angles.retain(|&d| d <= depth);
            if depth == 0 {
                if k > lo {
                    out.push((lo, k));
                }
                break;
            }
        } else if t.is("<") && k > 0 && toks[k - 1].kind == TokKind::Ident && template_at(k - 1) {
            angles.push(depth);
        } else if (t.is(">") || t.is(">>")) && angles.last() == Some(&depth) {
            angles.pop();
            if t.is(">>") && angles.last() == Some(&depth) {
                angles.pop();
            }
        } else if depth == 1 && t.is(",") && angles.is_empty() {
            out.push((lo, k));
            lo = k + 1;
        }
    }
    out
}
