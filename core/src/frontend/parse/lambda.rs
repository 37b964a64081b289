//! Lambda expressions: `[captures](params) mutable -> ret { body }`. The
//! parser makes the closure class (a `Record` laid out later, by sema, once
//! the captured variables' types are known) and its `operator()`, a member
//! function (`const` unless `mutable`; the return type `auto` unless
//! written) whose body is the lambda's, so that captured names resolve to
//! the closure's members as in any member function. Once the enclosing
//! function is parsed, `name_lambdas` gives each closure nvcc's local name
//! (`Z1kPiEUliE_`) and its `operator()` nvcc's symbol
//! (`_ZZ1kPiENKUliE_clEi`).

use super::*;

/// The name a closure class has until its enclosing function names it.
const UNNAMED: &str = "__lambda";

impl Parser<'_> {
    /// A lambda expression, its `[` already read.
    pub(super) fn lambda(&mut self, span: Span) -> PResult<Expr> {
        let mut default = None;
        let mut captures: Vec<Capture> = Vec::new();
        if !self.eat("]") {
            loop {
                let at = self.span();
                let alone = self.peek_at(1).is_some_and(|t| t.is(",") || t.is("]"));
                if (self.at("&") || self.at("=")) && alone && captures.is_empty() {
                    if default.is_some() {
                        return self.error(at, "expected an identifier");
                    }
                    default = Some(self.at("&"));
                    self.pos += 1;
                } else if self.eat("this") {
                    captures.push(Capture {
                        name: "this".into(),
                        by_ref: true,
                        init: None,
                        span: at,
                    });
                } else if self.at("*") && self.peek_at(1).is_some_and(|t| t.is("this")) {
                    self.pos += 2;
                    captures.push(Capture {
                        name: "*this".into(),
                        by_ref: false,
                        init: None,
                        span: at,
                    });
                } else {
                    let by_ref = self.eat("&");
                    let (name, span) = self.ident()?;
                    let init = if self.eat("=") {
                        Some(self.assignment()?)
                    } else {
                        None
                    };
                    captures.push(Capture {
                        name,
                        by_ref,
                        init,
                        span,
                    });
                }
                if self.eat("]") {
                    break;
                }
                self.expect(",")?;
            }
        }
        // `[] __device__ (int i) { … }` (an extended lambda's annotation).
        while self.eat("__device__") || self.eat("__host__") {}
        let (params, variadic) = if self.eat("(") {
            self.params()?
        } else {
            (Vec::new(), false)
        };
        if let Some(p) = params.iter().find(|p| p.ty.is_deduced()) {
            let at = p.span.clone();
            return self.error(
                at,
                "generic lambdas (an \"auto\" parameter) are not supported yet",
            );
        }
        let mut mutable = false;
        loop {
            if self.eat("mutable") {
                mutable = true;
            } else if self.eat("noexcept") {
                if self.at("(") {
                    self.pos += 1;
                    self.expr_to_paren()?;
                }
            } else if !(self.eat("constexpr")
                || self.eat("__device__")
                || self.eat("__host__")
                || self.eat("__forceinline__"))
            {
                break;
            }
        }
        let ret = if self.eat("->") {
            self.type_name()?
        } else {
            CType::Auto
        };
        if !self.at("{") {
            let at = self.span();
            return self.error(at, "expected a \"{\"");
        }
        let start = self.pos;
        let first = self.cxx.methods.len();
        self.enter()?;
        let body = self.compound();
        self.leave();
        let body = body?;
        // The member functions its body made (its lambdas') come just
        // before its own; their number is in the name until it is named.
        let nested = self.cxx.methods.len() - first;
        let record = Rc::new(Record::new(&format!("{UNNAMED}{start}:{nested}"), false));
        let named = self.named_in(start, self.pos, &params);
        let specs = Specs {
            device: true,
            inline_kw: true,
            ..Specs::default()
        };
        self.push_method(
            &record,
            "operator()",
            ret,
            params,
            variadic,
            &specs,
            span.clone(),
            !mutable,
            Some(body),
        );
        let mut e = Expr::new(
            ExprKind::Lambda(Box::new(Lambda {
                closure: record.clone(),
                default,
                captures,
                named,
            })),
            span,
        );
        e.ty = CType::Record(record);
        Ok(e)
    }

    /// The names tokens `start..end` use as variables, each once: no member
    /// (`.x`, `->x`, `N::x`), keyword or parameter.
    fn named_in(&self, start: usize, end: usize, params: &[Param]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for i in start..end.min(self.toks.len()) {
            let t = &self.toks[i];
            if t.kind != TokKind::Ident || is_keyword(&t.text) {
                continue;
            }
            let before = i.checked_sub(1).map(|j| &self.toks[j]);
            if before.is_some_and(|b| b.is(".") || b.is("->") || b.is("::"))
                || self.toks.get(i + 1).is_some_and(|n| n.is("::"))
            {
                continue;
            }
            if params.iter().any(|p| *p.name == *t.text) || out.iter().any(|n| **n == *t.text) {
                continue;
            }
            out.push(t.text.to_string());
        }
        out
    }
}

/// Names the closures of the lambdas among `methods` not named yet, those
/// of the function `enclosing`: nvcc's local class name
/// `Z<its symbol>EUl<params>E<n>_` (`n` counting the lambdas of the same
/// parameters before it, none for the first) and the `operator()` symbol;
/// a lambda's own lambdas are local to its `operator()`.
pub(super) fn name_lambdas(enclosing: &FunctionDef, methods: &mut [FunctionDef]) {
    // Most functions have no lambda: then their symbol is not needed (it
    // was a tenth of a warm compile of a file with <vector> and <random>,
    // whose class instances' members each came here).
    if !methods.iter().any(|m| unnamed(m).is_some()) {
        return;
    }
    let symbol = crate::frontend::mangle::symbol_name(enclosing);
    name_range(&symbol, methods, 0, methods.len(), 0);
}

/// The closure of an unnamed lambda's `operator()`, and how many member
/// functions its body made (just before it).
fn unnamed(m: &FunctionDef) -> Option<(Rc<Record>, usize)> {
    let CType::Ptr { pointee, .. } = &m.params.first()?.ty else {
        return None;
    };
    let CType::Record(r) = &**pointee else {
        return None;
    };
    let nested = r
        .name
        .borrow()
        .strip_prefix(UNNAMED)?
        .split_once(':')?
        .1
        .parse()
        .ok()?;
    Some((r.clone(), nested))
}

/// [`name_lambdas`] for `methods[lo..hi]`, `depth` lambdas deep.
fn name_range(enclosing: &str, methods: &mut [FunctionDef], lo: usize, hi: usize, depth: usize) {
    // The lambdas of this level (each after those nested in it), in order.
    let mut level = Vec::new();
    let mut i = hi;
    while i > lo {
        i -= 1;
        if let Some((_, nested)) = unnamed(&methods[i]) {
            level.push((i, nested));
            i = i.saturating_sub(nested).max(lo);
        }
    }
    level.reverse();
    let enc = enclosing
        .strip_prefix("_Z")
        .unwrap_or(enclosing)
        .to_string();
    let mut seen: Vec<String> = Vec::new();
    for (i, nested) in level {
        let Some((r, _)) = unnamed(&methods[i]) else {
            continue;
        };
        let m = &mut methods[i];
        let konst = matches!(m.params[0].ty, CType::Ptr { konst: true, .. });
        let params: Vec<CType> = m.params[1..].iter().map(|p| p.ty.clone()).collect();
        let sig = crate::frontend::mangle::lambda_params(&params, m.variadic);
        let n = seen.iter().filter(|s| **s == sig).count();
        seen.push(sig.clone());
        let disc = if n == 0 {
            String::new()
        } else {
            (n - 1).to_string()
        };
        let closure = format!("Ul{sig}E{disc}_");
        let local = format!("Z{enc}E{closure}");
        let k = if konst { "K" } else { "" };
        *r.name.borrow_mut() = local.clone();
        m.name = format!("{local}::operator()");
        let symbol = format!("_ZZ{enc}EN{k}{closure}clE{sig}");
        m.symbol = Some(symbol.clone());
        if depth < 64 {
            name_range(
                &symbol,
                methods,
                i.saturating_sub(nested).max(lo),
                i,
                depth + 1,
            );
        }
    }
}

/// Moves the lambdas named in the function of symbol `old` to the one of
/// symbol `new` (a function template's instance, parsed under its
/// template's name).
pub(crate) fn rehome_lambdas(old: &str, new: &str, methods: &mut [FunctionDef]) {
    let (old, new) = (
        format!("Z{}E", old.strip_prefix("_Z").unwrap_or(old)),
        format!("Z{}E", new.strip_prefix("_Z").unwrap_or(new)),
    );
    for m in methods.iter_mut() {
        if let Some(CType::Ptr { pointee, .. }) = m.params.first().map(|p| &p.ty) {
            if let CType::Record(r) = &**pointee {
                let renamed = r
                    .name
                    .borrow()
                    .strip_prefix(&old)
                    .map(|s| format!("{new}{s}"));
                if let Some(n) = renamed {
                    *r.name.borrow_mut() = n;
                }
            }
        }
        if let Some(rest) = m.name.strip_prefix(&old) {
            m.name = format!("{new}{rest}");
        }
        if let Some(rest) = m
            .symbol
            .as_deref()
            .and_then(|s| s.strip_prefix(&format!("_Z{old}")))
        {
            m.symbol = Some(format!("_Z{new}{rest}"));
        }
    }
}
