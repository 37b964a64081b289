//! Sema's deduced types: `decltype(e)` (an entity's declared type, `T &`
//! for another lvalue, the type of a value), `decltype(auto)`, and the
//! return types of functions declared `auto` or `decltype(auto)` (from
//! their first `return`; a trailing `-> decltype(a + b)` with the
//! parameters in scope). A function's return type is worked out once, the
//! first time a call or its own check needs it (`Instances::deduced`), by
//! checking its body on the side.

use super::*;

/// How many deductions of return types may be under way at once (one
/// function's needing another's, …).
const MAX_DEDUCING: usize = 32;

impl<'a> Checker<'a> {
    /// `t` with every `decltype(e)` in it replaced by the type it names.
    pub(super) fn resolve_type(&mut self, t: &CType, span: &Span) -> CType {
        match t {
            CType::Decltype(d) => match &d.expr {
                Some(e) => self.decltype_of(e, d.id),
                None => {
                    self.err(
                        span,
                        "cannot deduce \"decltype(auto)\" (initializer required)",
                    );
                    CType::INT
                }
            },
            CType::Ptr {
                pointee,
                konst,
                volatile,
            } => CType::Ptr {
                pointee: Box::new(self.resolve_type(pointee, span)),
                konst: *konst,
                volatile: *volatile,
            },
            // A reference to a reference is one (`decltype(r) &`).
            CType::Ref { pointee, konst } => match self.resolve_type(pointee, span) {
                r @ CType::Ref { .. } => r,
                p => CType::Ref {
                    pointee: Box::new(p),
                    konst: *konst,
                },
            },
            CType::Array(e, n) => CType::Array(Box::new(self.resolve_type(e, span)), *n),
            t => t.clone(),
        }
    }

    /// The type `decltype(e)` names; `id`: `e` is an unparenthesized name
    /// or member access. `e` is checked, never evaluated.
    pub(super) fn decltype_of(&mut self, e: &Expr, id: bool) -> CType {
        let locals = self.locals.len();
        let declared = match (&e.kind, id) {
            (ExprKind::Ident(name), true) => match self.lookup(name) {
                Some(Binding::Local(k)) => Some(self.locals[k].ty.clone()),
                Some(Binding::Global(k)) => self.globals.get(k).map(|g| g.ty.clone()),
                None => None,
            },
            _ => None,
        };
        let typed = self.expr(e.clone());
        let t = match declared {
            Some(t) => t,
            None => self.value_category_type(&typed, id),
        };
        // Temporaries it made are never used.
        self.locals.truncate(locals);
        t
    }

    /// `decltype`'s rule for a checked expression: a member access (`id`)
    /// has its member's type, another lvalue is a reference, a value its
    /// type.
    fn value_category_type(&self, typed: &Expr, id: bool) -> CType {
        if id || !typed.lvalue {
            return typed.ty.clone();
        }
        CType::Ref {
            pointee: Box::new(typed.ty.clone()),
            konst: self.is_const_lvalue(typed),
        }
    }

    /// The type a `decltype(auto)` variable or return type takes from `e`
    /// (as written: whether it is a name or member access counts).
    pub(super) fn decltype_auto(&mut self, e: Expr) -> (CType, Expr) {
        let id = matches!(
            e.kind,
            ExprKind::Ident(_) | ExprKind::Member(..) | ExprKind::Arrow(..)
        );
        let declared = match (&e.kind, id) {
            (ExprKind::Ident(name), true) => match self.lookup(name) {
                Some(Binding::Local(k)) => Some(self.locals[k].ty.clone()),
                _ => None,
            },
            _ => None,
        };
        let typed = self.expr(e);
        let t = declared.unwrap_or_else(|| self.value_category_type(&typed, id));
        let t = match t {
            CType::Array(e, _) if !id => CType::ptr_to(*e),
            t => t,
        };
        (t, typed)
    }

    /// The type a deduced return type (`auto`, `auto &`, `decltype(auto)`)
    /// takes from a returned value as written; the value checked.
    pub(super) fn returned_type(&mut self, declared: &CType, v: Expr) -> (CType, Expr) {
        if matches!(declared, CType::Decltype(d) if d.expr.is_none()) {
            return self.decltype_auto(v);
        }
        let typed = self.expr(v);
        (self.deduce(declared, &typed), typed)
    }

    /// The return type of the function with this symbol, worked out (and
    /// kept) the first time it is needed.
    pub(super) fn deduced_return(&mut self, symbol: &str, span: &Span) -> CType {
        if let Some(t) = self.inst.borrow().deduced.get(symbol) {
            return t.clone();
        }
        let f = {
            let inst = self.inst.borrow();
            inst.pending
                .iter()
                .chain(&inst.templates.lazy_methods)
                .chain(&inst.to_deduce)
                .find(|f| super::super::mangle::symbol_name(f) == symbol)
                .cloned()
        };
        match f {
            Some(f) => self.return_type_of(&f, symbol, span),
            None => CType::INT,
        }
    }

    /// `f`'s return type, its deduction kept (under `symbol`).
    pub(super) fn return_type_of(&mut self, f: &FunctionDef, symbol: &str, span: &Span) -> CType {
        if !f.ret.is_deduced() {
            return f.ret.clone();
        }
        if let Some(t) = self.inst.borrow().deduced.get(symbol) {
            return t.clone();
        }
        let busy = {
            let inst = self.inst.borrow();
            inst.deducing.contains(&symbol.to_string()) || inst.deducing.len() >= MAX_DEDUCING
        };
        if busy {
            // A recursive call after a `return` has the type that gave.
            if self.deducing_symbol.as_deref() == Some(symbol) {
                if let Some(t) = &self.returned {
                    return t.clone();
                }
            }
            // Reported where the function is checked.
            self.inst
                .borrow_mut()
                .undeducible
                .entry(symbol.to_string())
                .or_insert_with(|| span.clone());
            return CType::INT;
        }
        self.inst.borrow_mut().deducing.push(symbol.to_string());
        let t = self.deduce_return(f);
        let mut inst = self.inst.borrow_mut();
        inst.deducing.retain(|s| s != symbol);
        inst.deduced.insert(symbol.to_string(), t.clone());
        t
    }

    /// Works out a function's deduced return type: a trailing `decltype`
    /// with its parameters in scope, else from its body, checked on the
    /// side (what it reports is reported when it is checked for real).
    fn deduce_return(&mut self, f: &FunctionDef) -> CType {
        let names = Names {
            sigs: self.sigs,
            globals: self.global_scope,
            enumerators: self.enumerators,
            vector_types: self.vector_types,
            constants: self.constants,
            lookup: self.lookup,
            inst: self.inst,
        };
        let placeholder = is_placeholder(&f.ret);
        let mut scratch = Vec::new();
        let diags: &mut Vec<Diagnostic> = if placeholder {
            &mut scratch
        } else {
            &mut *self.diags
        };
        let mut cx = Checker::new(names, diags, f.ret.clone(), f.space);
        cx.globals = self.globals.clone();
        cx.ns = scope_of(&f.name);
        cx.deducing_symbol = Some(super::super::mangle::symbol_name(f));
        if let Some(CType::Ptr { pointee, .. }) =
            f.params.first().filter(|p| p.name == "this").map(|p| &p.ty)
        {
            if let CType::Record(r) = &**pointee {
                cx.class = Some(r.clone());
            }
        }
        for p in &f.params {
            cx.declare(&p.name, p.ty.clone(), &p.span);
        }
        if !placeholder {
            return cx.resolve_type(&f.ret, &f.span);
        }
        if let Some(body) = &f.body {
            let mut body = body.clone();
            cx.stmt(&mut body);
        }
        cx.returned.take().unwrap_or(CType::Void)
    }
}
