//! Sema: names and types. Resolves identifiers to locals and built-ins, gives
//! every expression its C type, and makes C's implicit conversions explicit as
//! `Cast { implicit: true }` nodes (integer promotions, usual arithmetic
//! conversions, assignment conversions, array-to-pointer decay), so that
//! irgen never has to know C's conversion rules.
//!
//! Messages follow nvcc's (EDG's) wording.

use super::ast::*;
use crate::diag::{Diagnostic, Span};
use std::collections::HashMap;

/// A function's signature, for checking calls.
#[derive(Clone)]
struct Signature {
    ret: CType,
    params: Vec<CType>,
    variadic: bool,
    space: ExecSpace,
}

/// Checks and types every function with a body.
pub fn check(tu: &mut TranslationUnit, diags: &mut Vec<Diagnostic>) {
    let mut sigs: HashMap<String, Signature> = HashMap::new();
    for f in &tu.functions {
        let sig = Signature {
            ret: f.ret.clone(),
            params: f.params.iter().map(|p| p.ty.clone()).collect(),
            variadic: f.variadic,
            space: f.space,
        };
        if let Some(old) = sigs.get(&f.name) {
            if old.params != sig.params || old.ret != sig.ret {
                diags.push(Diagnostic::error(f.span.clone(), format!("declaration of \"{}\" is incompatible with an earlier one (overloading is not supported yet)", f.name)));
                continue;
            }
        }
        sigs.insert(f.name.clone(), sig);
    }
    // Namespace-scope variables: types, initializers, a scope for device code.
    let mut globals = std::mem::take(&mut tu.globals);
    let mut global_scope: HashMap<String, usize> = HashMap::new();
    for (i, g) in globals.iter_mut().enumerate() {
        if let Some(prev) = global_scope.get(&g.source_name) {
            let _ = prev;
            diags.push(Diagnostic::error(
                g.span.clone(),
                format!("variable \"{}\" has already been defined", g.source_name),
            ));
            continue;
        }
        global_scope.insert(g.source_name.clone(), i);
        let mut cx = Checker::new(&sigs, diags, CType::Void, ExecSpace::Host, &global_scope);
        cx.global_initializer(g);
    }
    let mut defined: HashMap<String, Span> = HashMap::new();
    for f in &mut tu.functions {
        if f.body.is_none() {
            continue;
        }
        if let Some(prev) = defined.get(&f.name) {
            diags.push(Diagnostic::error(
                f.span.clone(),
                format!(
                    "function \"{}\" has already been defined (at line {})",
                    f.name, prev.line
                ),
            ));
            continue;
        }
        defined.insert(f.name.clone(), f.span.clone());
        let mut cx = Checker::new(&sigs, diags, f.ret.clone(), f.space, &global_scope);
        cx.globals.append(&mut globals);
        cx.function_symbol = super::mangle::symbol_name(f);
        for p in &f.params {
            if p.ty == CType::Void || p.ty.size().is_none() {
                cx.diags.push(Diagnostic::error(
                    p.span.clone(),
                    format!("parameter \"{}\" has incomplete type \"{}\"", p.name, p.ty),
                ));
            }
            cx.declare(&p.name, p.ty.clone(), &p.span);
        }
        if let Some(body) = &mut f.body {
            cx.stmt(body);
        }
        f.locals = cx.locals;
        globals = cx.globals;
    }
    tu.globals = globals;
}

struct Checker<'a> {
    sigs: &'a HashMap<String, Signature>,
    diags: &'a mut Vec<Diagnostic>,
    locals: Vec<Local>,
    scopes: Vec<HashMap<String, Binding>>,
    /// Every static-storage variable: namespace scope first, then
    /// function-local `__shared__` ones as they are met.
    globals: Vec<GlobalVar>,
    global_scope: &'a HashMap<String, usize>,
    /// The mangled name of the function being checked (for local statics).
    function_symbol: String,
    ret: CType,
    loops: u32,
    space: ExecSpace,
}

/// How many scalars an object of this type holds.
fn scalar_count(t: &CType) -> u64 {
    match t {
        CType::Array(e, n) => n * scalar_count(e),
        _ => 1,
    }
}

/// Zero elements for the part of an object an initializer does not give.
fn zero_fill(t: &CType, span: &Span, out: &mut Vec<Expr>) {
    for _ in 0..scalar_count(t) {
        let elem = match t {
            CType::Array(..) => base_element(t),
            t => t.clone(),
        };
        let kind = if elem.is_float() {
            ExprKind::FloatLit(0.0)
        } else {
            ExprKind::IntLit(0)
        };
        out.push(mk(kind, span.clone(), elem));
    }
}

fn base_element(t: &CType) -> CType {
    match t {
        CType::Array(e, _) => base_element(e),
        t => t.clone(),
    }
}

/// What a name in a block scope refers to.
#[derive(Clone, Copy)]
enum Binding {
    Local(usize),
    Global(usize),
}

fn mk(kind: ExprKind, span: Span, ty: CType) -> Expr {
    Expr {
        kind,
        span,
        ty,
        lvalue: false,
    }
}

/// Wraps `e` in an implicit conversion to `ty` (nothing if it already has it).
pub fn convert(e: Expr, ty: &CType) -> Expr {
    if e.ty == *ty {
        return e;
    }
    let span = e.span.clone();
    mk(
        ExprKind::Cast {
            expr: Box::new(e),
            implicit: true,
        },
        span,
        ty.clone(),
    )
}

/// C's integer promotion: anything narrower than int becomes int.
pub fn promote(t: &CType) -> CType {
    match t {
        CType::Bool => CType::INT,
        CType::Int(k) if k.rank() < IntKind::Int.rank() => CType::INT,
        t => t.clone(),
    }
}

/// The usual arithmetic conversions (C11 6.3.1.8).
fn common_type(a: &CType, b: &CType) -> CType {
    if *a == CType::Double || *b == CType::Double {
        return CType::Double;
    }
    if *a == CType::Float || *b == CType::Float {
        return CType::Float;
    }
    let (CType::Int(x), CType::Int(y)) = (promote(a), promote(b)) else {
        return CType::INT;
    };
    if x == y {
        return CType::Int(x);
    }
    if x.signed() == y.signed() {
        return CType::Int(if x.rank() >= y.rank() { x } else { y });
    }
    let (s, u) = if x.signed() { (x, y) } else { (y, x) };
    if u.rank() >= s.rank() {
        CType::Int(u)
    } else if s.bits() > u.bits() {
        CType::Int(s)
    } else {
        CType::Int(s.to_unsigned())
    }
}

impl<'a> Checker<'a> {
    fn new(
        sigs: &'a HashMap<String, Signature>,
        diags: &'a mut Vec<Diagnostic>,
        ret: CType,
        space: ExecSpace,
        global_scope: &'a HashMap<String, usize>,
    ) -> Checker<'a> {
        Checker {
            sigs,
            diags,
            locals: Vec::new(),
            scopes: vec![HashMap::new()],
            ret,
            loops: 0,
            space,
            globals: Vec::new(),
            global_scope,
            function_symbol: String::new(),
        }
    }

    /// Types a namespace-scope variable's initializer and evaluates it.
    fn global_initializer(&mut self, g: &mut GlobalVar) {
        let Some(init) = g.init.take() else { return };
        let ty = g.ty.clone();
        let (ty, exprs) = self.initializer_elements(init, &ty);
        g.ty = ty;
        for e in exprs {
            match const_eval(&e) {
                Some(v) => g.init_values.push(v),
                None => {
                    self.err(&e.span, "expression must have a constant value");
                    return;
                }
            }
        }
    }

    /// Flattens an initializer for an object of type `ty` into its scalar
    /// elements in memory order, each converted to the element type; missing
    /// elements are zero. An array of unknown size (`T x[]`) takes its size
    /// from the list. Returns the completed type and the elements.
    fn initializer_elements(&mut self, init: Initializer, ty: &CType) -> (CType, Vec<Expr>) {
        let mut out = Vec::new();
        let ty = match (ty, &init) {
            (CType::Array(elem, 0), Initializer::List(items, _)) => {
                CType::Array(elem.clone(), (items.len() as u64).max(1))
            }
            (t, _) => t.clone(),
        };
        self.flatten(init, &ty, &mut out);
        (ty, out)
    }

    fn flatten(&mut self, init: Initializer, ty: &CType, out: &mut Vec<Expr>) {
        match (ty, init) {
            (CType::Array(elem, n), Initializer::List(items, span)) => {
                if items.len() as u64 > *n {
                    self.err(&span, "too many initializer values");
                }
                let mut items = items.into_iter();
                for _ in 0..*n {
                    match items.next() {
                        Some(Initializer::List(inner, s)) if !elem.is_scalar() => {
                            self.flatten(Initializer::List(inner, s), elem, out)
                        }
                        Some(Initializer::Expr(e)) if !elem.is_scalar() => {
                            // Brace elision: a scalar fills the sub-aggregate from its first element.
                            self.flatten(
                                Initializer::List(vec![Initializer::Expr(e)], span.clone()),
                                elem,
                                out,
                            );
                        }
                        Some(item) => self.flatten(item, elem, out),
                        None => zero_fill(elem, &span, out),
                    }
                }
            }
            (t, Initializer::List(items, span)) if t.is_scalar() => {
                // `int x = {5};`
                match items.into_iter().next() {
                    Some(item) => self.flatten(item, t, out),
                    None => zero_fill(t, &span, out),
                }
            }
            (t, Initializer::Expr(e)) if t.is_scalar() => {
                let e = self.rvalue(e);
                out.push(self.assign_convert(e, t, "initialize an entity"));
            }
            (t, Initializer::Expr(e)) => {
                let msg = format!("initialization of an object of type \"{t}\" with an expression is not supported");
                self.err(&e.span, msg);
            }
            (t, Initializer::List(_, span)) => {
                let msg = format!("a braced initializer for type \"{t}\" is not supported");
                self.err(&span, msg);
            }
        }
    }

    fn err(&mut self, span: &Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span.clone(), msg));
    }

    fn declare(&mut self, name: &str, ty: CType, span: &Span) -> usize {
        let id = self.locals.len();
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            span: span.clone(),
        });
        self.bind(name, Binding::Local(id), span);
        id
    }

    fn bind(&mut self, name: &str, b: Binding, span: &Span) {
        let scope = self.scopes.last_mut().expect("at least one scope");
        if !name.is_empty() && scope.insert(name.to_string(), b).is_some() {
            self.err(
                span,
                format!("\"{name}\" has already been declared in the current scope"),
            );
        }
    }

    fn lookup(&self, name: &str) -> Option<Binding> {
        self.scopes
            .iter()
            .rev()
            .find_map(|s| s.get(name).copied())
            .or_else(|| self.global_scope.get(name).map(|g| Binding::Global(*g)))
    }

    /// A function-local `__shared__` variable: static storage, named as nvcc
    /// names it (`_ZZ6reduceE5sdata`).
    fn declare_shared(&mut self, d: &mut VarDecl) {
        let encoding = match self.function_symbol.strip_prefix("_Z") {
            Some(e) => e.to_string(),
            None => format!("{}{}", self.function_symbol.len(), self.function_symbol),
        };
        // `extern __shared__` names the one dynamic shared array, unmangled.
        let symbol = if d.external {
            d.name.clone()
        } else {
            format!("_ZZ{encoding}E{}{}", d.name.len(), d.name)
        };
        let id = self.globals.len();
        self.globals.push(GlobalVar {
            name: symbol,
            source_name: d.name.clone(),
            ty: d.ty.clone(),
            storage: Storage::Shared,
            init: None,
            init_values: Vec::new(),
            external: d.external,
            span: d.span.clone(),
        });
        d.local = id;
        self.bind(&d.name.clone(), Binding::Global(id), &d.span.clone());
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Compound(stmts) => {
                self.scopes.push(HashMap::new());
                for s in stmts {
                    self.stmt(s);
                }
                self.scopes.pop();
            }
            StmtKind::Decl(decls) => {
                for d in decls {
                    if d.storage == Storage::Shared {
                        if !self.space.on_device() {
                            self.err(
                                &d.span,
                                "a __shared__ variable is only allowed in device code",
                            );
                        }
                        self.declare_shared(d);
                        continue;
                    }
                    if let Some(list) = d.init_list.take() {
                        let (ty, elems) = self.initializer_elements(list, &d.ty.clone());
                        d.ty = ty;
                        d.list = Some(elems);
                    }
                    if d.ty == CType::Void || d.ty.size().is_none() {
                        self.err(
                            &d.span,
                            format!("incomplete type \"{}\" is not allowed", d.ty),
                        );
                    }
                    if let Some(init) = d.init.take() {
                        let init = self.rvalue(init);
                        d.init =
                            Some(self.assign_convert(init, &d.ty.clone(), "initialize an entity"));
                    }
                    d.local = self.declare(&d.name, d.ty.clone(), &d.span);
                }
            }
            StmtKind::Expr(e) => self.expr_in_place(e, false),
            StmtKind::If(c, then, els) => {
                self.condition(c);
                self.stmt(then);
                if let Some(e) = els {
                    self.stmt(e);
                }
            }
            StmtKind::While(c, body, _) => {
                self.condition(c);
                self.loop_body(body);
            }
            StmtKind::DoWhile(body, c, _) => {
                self.loop_body(body);
                self.condition(c);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                ..
            } => {
                self.scopes.push(HashMap::new());
                if let Some(i) = init {
                    self.stmt(i);
                }
                if let Some(c) = cond {
                    self.condition(c);
                }
                if let Some(st) = step {
                    self.expr_in_place(st, false);
                }
                self.loop_body(body);
                self.scopes.pop();
            }
            StmtKind::Return(e) => {
                let ret = self.ret.clone();
                match (e.take(), ret == CType::Void) {
                    (Some(v), true) => {
                        self.err(
                            &v.span,
                            "return value type does not match the function type",
                        );
                    }
                    (Some(v), false) => {
                        let v = self.rvalue(v);
                        *e = Some(self.assign_convert(v, &ret, "return a value"));
                    }
                    (None, false) => self.err(&s.span, "return value expected"),
                    (None, true) => {}
                }
            }
            StmtKind::Break | StmtKind::Continue => {
                if self.loops == 0 {
                    let what = if matches!(s.kind, StmtKind::Break) {
                        "break"
                    } else {
                        "continue"
                    };
                    self.err(
                        &s.span,
                        format!("a {what} statement may only be used within a loop"),
                    );
                }
            }
            StmtKind::Empty => {}
        }
    }

    fn loop_body(&mut self, body: &mut Stmt) {
        self.loops += 1;
        self.stmt(body);
        self.loops -= 1;
    }

    fn condition(&mut self, c: &mut Expr) {
        self.expr_in_place(c, true);
        if !c.ty.is_scalar() && c.ty != CType::Void {
            let msg = format!(
                "expression must have scalar type but it has type \"{}\"",
                c.ty
            );
            self.err(&c.span, msg);
        }
    }

    fn expr_in_place(&mut self, e: &mut Expr, _as_condition: bool) {
        let taken = std::mem::replace(e, mk(ExprKind::IntLit(0), Span::default(), CType::Void));
        *e = self.rvalue(taken);
    }

    /// Types an expression used for its value: arrays decay to pointers.
    fn rvalue(&mut self, e: Expr) -> Expr {
        let e = self.expr(e);
        if let CType::Array(elem, _) = &e.ty {
            let ty = CType::ptr_to((**elem).clone());
            return convert(e, &ty);
        }
        e
    }

    fn assign_convert(&mut self, e: Expr, to: &CType, what: &str) -> Expr {
        let ok = match (&e.ty, to) {
            (a, b) if a.is_arithmetic() && b.is_arithmetic() => true,
            (CType::Ptr { .. }, CType::Bool) => true,
            (
                CType::Ptr {
                    pointee: pa,
                    konst: ka,
                    ..
                },
                CType::Ptr {
                    pointee: pb,
                    konst: kb,
                    ..
                },
            ) => (pa == pb && (!ka || *kb)) || **pa == CType::Void || **pb == CType::Void,
            (CType::Int(_), CType::Ptr { .. }) => matches!(e.kind, ExprKind::IntLit(0)),
            _ => false,
        };
        if !ok {
            let msg = format!(
                "a value of type \"{}\" cannot be used to {} of type \"{}\"",
                e.ty, what, to
            );
            self.err(&e.span, msg);
            return e;
        }
        convert(e, to)
    }

    fn arith_operand(&mut self, e: &Expr, op: &str) -> bool {
        if e.ty.is_arithmetic() {
            return true;
        }
        let msg = format!(
            "expression must have arithmetic type (operator \"{}\") but it has type \"{}\"",
            op, e.ty
        );
        self.err(&e.span, msg);
        false
    }

    fn expr(&mut self, mut e: Expr) -> Expr {
        let span = e.span.clone();
        match e.kind {
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::StrLit(_) => e,
            ExprKind::Ident(name) => {
                match self.lookup(&name) {
                    Some(Binding::Local(id)) => {
                        let ty = self.locals[id].ty.clone();
                        return Expr {
                            kind: ExprKind::Var(id),
                            span,
                            ty,
                            lvalue: true,
                        };
                    }
                    Some(Binding::Global(id)) => {
                        let Some(g) = self.globals.get(id) else {
                            // Another namespace-scope variable, named in an initializer.
                            self.err(&span, "expression must have a constant value");
                            return mk(ExprKind::IntLit(0), span, CType::INT);
                        };
                        let device_var = g.storage != Storage::Host;
                        let ty = g.ty.clone();
                        if device_var != self.space.on_device()
                            && self.space != ExecSpace::HostDevice
                        {
                            let what = if device_var { "device" } else { "host" };
                            self.err(&span, format!("a {what} variable \"{name}\" cannot be directly read in {} function", if device_var { "a host" } else { "a device" }));
                        }
                        return Expr {
                            kind: ExprKind::Global(id),
                            span,
                            ty,
                            lvalue: true,
                        };
                    }
                    None => {}
                }
                if let Some(b) = BuiltinVar::from_name(&name) {
                    if !self.space.on_device() {
                        self.err(
                            &span,
                            format!("identifier \"{name}\" is undefined in host code"),
                        );
                    }
                    return mk(ExprKind::Builtin(b), span, CType::Builtin(b));
                }
                if name == "warpSize" {
                    return mk(ExprKind::IntLit(32), span, CType::INT);
                }
                self.err(&span, format!("identifier \"{name}\" is undefined"));
                mk(ExprKind::IntLit(0), span, CType::INT)
            }
            ExprKind::Member(base, field) => {
                let base = self.expr(*base);
                if let CType::Builtin(b) = base.ty {
                    let comp = match field.as_str() {
                        "x" => 0,
                        "y" => 1,
                        "z" => 2,
                        _ => {
                            self.err(
                                &span,
                                format!("class \"{}\" has no member \"{}\"", base.ty, field),
                            );
                            0
                        }
                    };
                    return mk(ExprKind::SpecialReg(b, comp), span, CType::UINT);
                }
                self.err(
                    &span,
                    format!(
                        "expression must have class type but it has type \"{}\"",
                        base.ty
                    ),
                );
                mk(ExprKind::IntLit(0), span, CType::INT)
            }
            ExprKind::Var(_)
            | ExprKind::Global(_)
            | ExprKind::Builtin(_)
            | ExprKind::SpecialReg(..) => e,
            ExprKind::SizeofType(ref t) => {
                if t.size().is_none() {
                    let msg = format!("incomplete type \"{t}\" is not allowed");
                    self.err(&span, msg);
                }
                e.ty = CType::Int(IntKind::ULong);
                e
            }
            ExprKind::Call(name, args) if name == "__sizeof_expr" => {
                let inner = args.into_iter().next().map(|a| self.expr(a));
                let size = inner.and_then(|i| i.ty.size()).unwrap_or(0);
                mk(ExprKind::IntLit(size), span, CType::Int(IntKind::ULong))
            }
            ExprKind::Call(name, args) => self.call(name, args, span),
            ExprKind::BuiltinCall(..) => e,
            ExprKind::Cast { expr, implicit } => {
                let inner = self.rvalue(*expr);
                let to = e.ty.clone();
                let ok = (inner.ty.is_scalar() && to.is_scalar()) || to == CType::Void;
                if !ok {
                    let msg = format!(
                        "invalid type conversion from \"{}\" to \"{}\"",
                        inner.ty, to
                    );
                    self.err(&span, msg);
                }
                if (inner.ty.is_float() && to.is_pointer())
                    || (inner.ty.is_pointer() && to.is_float())
                {
                    let msg = format!(
                        "invalid type conversion from \"{}\" to \"{}\"",
                        inner.ty, to
                    );
                    self.err(&span, msg);
                }
                mk(
                    ExprKind::Cast {
                        expr: Box::new(inner),
                        implicit,
                    },
                    span,
                    to,
                )
            }
            ExprKind::Index(a, i) => {
                let a = self.rvalue(*a);
                let i = self.rvalue(*i);
                // `i[a]` is `a[i]`.
                let (ptr, idx) = if i.ty.is_pointer() && a.ty.is_integer() {
                    (i, a)
                } else {
                    (a, i)
                };
                let Some(elem) = ptr.ty.pointee().cloned() else {
                    let msg = format!(
                        "expression must have pointer-to-object type but it has type \"{}\"",
                        ptr.ty
                    );
                    self.err(&span, msg);
                    return mk(ExprKind::IntLit(0), span, CType::INT);
                };
                if !idx.ty.is_integer() {
                    self.err(
                        &idx.span,
                        "expression must have integral or unscoped enum type",
                    );
                }
                if elem.size().is_none() {
                    let msg = format!("a pointer to incomplete type \"{elem}\" cannot be indexed");
                    self.err(&span, msg);
                }
                let idx_ty = promote(&idx.ty);
                let idx = convert(idx, &idx_ty);
                Expr {
                    kind: ExprKind::Index(Box::new(ptr), Box::new(idx)),
                    span,
                    ty: elem,
                    lvalue: true,
                }
            }
            ExprKind::Unary(op, inner) => self.unary(op, *inner, span),
            ExprKind::Binary(op, a, b) => self.binary(op, *a, *b, span),
            ExprKind::Assign(op, lhs, rhs) => {
                let lhs = self.expr(*lhs);
                let rhs = self.rvalue(*rhs);
                self.check_modifiable(&lhs);
                let lty = lhs.ty.clone();
                let rhs = match op {
                    None => self.assign_convert(rhs, &lty, "assign to an entity"),
                    Some(op) => {
                        // `a op= b` computes in the common type of `a op b`,
                        // which irgen rebuilds; check it here.
                        if lty.is_pointer()
                            && matches!(op, BinOp::Add | BinOp::Sub)
                            && rhs.ty.is_integer()
                        {
                            let t = promote(&rhs.ty);
                            convert(rhs, &t)
                        } else {
                            if !(self.arith_operand(&lhs, op.spelling())
                                && self.arith_operand(&rhs, op.spelling()))
                            {
                                return mk(ExprKind::IntLit(0), span, CType::INT);
                            }
                            if matches!(
                                op,
                                BinOp::Rem
                                    | BinOp::Shl
                                    | BinOp::Shr
                                    | BinOp::BitAnd
                                    | BinOp::BitOr
                                    | BinOp::BitXor
                            ) && !(lty.is_integer() && rhs.ty.is_integer())
                            {
                                self.err(
                                    &span,
                                    "expression must have integral or unscoped enum type",
                                );
                            }
                            let t = if matches!(op, BinOp::Shl | BinOp::Shr) {
                                promote(&rhs.ty)
                            } else {
                                common_type(&lty, &rhs.ty)
                            };
                            convert(rhs, &t)
                        }
                    }
                };
                mk(
                    ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                    span,
                    lty,
                )
            }
            ExprKind::Cond(c, a, b) => {
                let mut c = *c;
                self.condition(&mut c);
                let a = self.rvalue(*a);
                let b = self.rvalue(*b);
                let ty = if a.ty.is_arithmetic() && b.ty.is_arithmetic() {
                    common_type(&a.ty, &b.ty)
                } else if a.ty == b.ty
                    || (a.ty.is_pointer() && matches!(b.kind, ExprKind::IntLit(0)))
                {
                    a.ty.clone()
                } else if b.ty.is_pointer() && matches!(a.kind, ExprKind::IntLit(0)) {
                    b.ty.clone()
                } else {
                    let msg = format!(
                        "operand types are incompatible (\"{}\" and \"{}\")",
                        a.ty, b.ty
                    );
                    self.err(&span, msg);
                    a.ty.clone()
                };
                let (a, b) = (convert(a, &ty), convert(b, &ty));
                mk(
                    ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
                    span,
                    ty,
                )
            }
            ExprKind::Comma(a, b) => {
                let a = self.rvalue(*a);
                let b = self.rvalue(*b);
                let ty = b.ty.clone();
                mk(ExprKind::Comma(Box::new(a), Box::new(b)), span, ty)
            }
        }
    }

    fn check_modifiable(&mut self, e: &Expr) {
        if !e.lvalue || matches!(e.ty, CType::Array(..)) {
            self.err(&e.span, "expression must be a modifiable lvalue");
        }
    }

    fn call(&mut self, name: String, args: Vec<Expr>, span: Span) -> Expr {
        if self.sigs.get(&name).is_none() {
            if let Some(b) = super::builtins::BUILTINS
                .iter()
                .position(|b| b.name == name)
            {
                return self.builtin_call(b, args, span);
            }
        }
        let sig = match self.sigs.get(&name).cloned() {
            Some(s) => s,
            None => {
                self.err(&span, format!("identifier \"{name}\" is undefined"));
                return mk(ExprKind::IntLit(0), span, CType::INT);
            }
        };
        if sig.space == ExecSpace::Host && self.space.on_device() {
            let here = if self.space == ExecSpace::Global {
                "__global__"
            } else {
                "__device__"
            };
            self.err(
                &span,
                format!(
                    "calling a __host__ function(\"{name}\") from a {here} function is not allowed"
                ),
            );
        }
        if args.len() < sig.params.len() {
            self.err(&span, "too few arguments in function call");
        } else if args.len() > sig.params.len() && !sig.variadic {
            self.err(&span, "too many arguments in function call");
        }
        let mut typed = Vec::new();
        for (i, a) in args.into_iter().enumerate() {
            let a = self.rvalue(a);
            let a = match sig.params.get(i) {
                Some(p) => {
                    let what = format!("initialize a parameter (argument {})", i + 1);
                    self.assign_convert(a, p, &what)
                }
                None => {
                    // Default argument promotions for `...`.
                    let t = if a.ty == CType::Float {
                        CType::Double
                    } else {
                        promote(&a.ty)
                    };
                    convert(a, &t)
                }
            };
            typed.push(a);
        }
        mk(ExprKind::Call(name, typed), span, sig.ret)
    }

    /// A call of a built-in: the overload that fits the arguments best
    /// (exact types first), arguments converted to its parameters.
    fn builtin_call(&mut self, index: usize, args: Vec<Expr>, span: Span) -> Expr {
        use super::builtins::{ctype, overloads, BUILTINS};
        let b = &BUILTINS[index];
        if !self.space.on_device() {
            self.err(
                &span,
                format!(
                    "calling a __device__ function(\"{}\") from a __host__ function is not allowed",
                    b.name
                ),
            );
        }
        let mut args: Vec<Expr> = args.into_iter().map(|a| self.rvalue(a)).collect();
        let ovs = overloads(b);
        if let Some(d) = b.trailing_default {
            if ovs.iter().any(|o| o.params.len() == args.len() + 1) {
                args.push(mk(ExprKind::IntLit(d as u64), span.clone(), CType::INT));
            }
        }
        let score = |ov: &super::builtins::Overload, args: &[Expr]| -> Option<u32> {
            if ov.params.len() != args.len() {
                return None;
            }
            let mut total = 0;
            for (p, a) in ov.params.iter().zip(args) {
                let pt = ctype(p);
                total += match (&pt, &a.ty) {
                    (CType::Ptr { pointee: want, .. }, CType::Ptr { pointee: got, .. })
                        if want == got =>
                    {
                        2
                    }
                    (CType::Ptr { .. }, _) => return None,
                    (t, g) if t == g => 2,
                    (t, g) if t.is_arithmetic() && g.is_arithmetic() => 1,
                    _ => return None,
                };
            }
            Some(total)
        };
        let best = ovs
            .iter()
            .enumerate()
            .filter_map(|(k, ov)| score(ov, &args).map(|s| (s, k)))
            .max_by_key(|(s, k)| (*s, std::cmp::Reverse(*k)));
        let Some((_, k)) = best else {
            let types: Vec<String> = args.iter().map(|a| a.ty.to_string()).collect();
            self.err(&span, format!("no instance of overloaded function \"{}\" matches the argument list (argument types are: ({}))", b.name, types.join(", ")));
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        let ov = ovs[k];
        let args = args
            .into_iter()
            .zip(ov.params)
            .map(|(a, p)| convert(a, &ctype(p)))
            .collect();
        mk(ExprKind::BuiltinCall(index, k, args), span, ctype(ov.ret))
    }

    fn unary(&mut self, op: UnOp, inner: Expr, span: Span) -> Expr {
        match op {
            UnOp::AddrOf => {
                let inner = self.expr(inner);
                if !inner.lvalue {
                    self.err(
                        &span,
                        "expression must be an lvalue or a function designator",
                    );
                }
                let ty = CType::ptr_to(inner.ty.clone());
                mk(ExprKind::Unary(op, Box::new(inner)), span, ty)
            }
            UnOp::Deref => {
                let inner = self.rvalue(inner);
                match inner.ty.pointee().cloned() {
                    Some(t) if t != CType::Void => Expr {
                        kind: ExprKind::Unary(op, Box::new(inner)),
                        span,
                        ty: t,
                        lvalue: true,
                    },
                    _ => {
                        let msg = format!(
                            "operand of \"*\" must be a pointer but it has type \"{}\"",
                            inner.ty
                        );
                        self.err(&span, msg);
                        mk(ExprKind::IntLit(0), span, CType::INT)
                    }
                }
            }
            UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec => {
                let inner = self.expr(inner);
                self.check_modifiable(&inner);
                if !inner.ty.is_scalar() {
                    self.err(&span, "expression must have arithmetic or pointer type");
                }
                let ty = inner.ty.clone();
                mk(ExprKind::Unary(op, Box::new(inner)), span, ty)
            }
            UnOp::Not => {
                let mut inner = inner;
                self.condition(&mut inner);
                mk(ExprKind::Unary(op, Box::new(inner)), span, CType::Bool)
            }
            UnOp::Neg | UnOp::Plus | UnOp::BitNot => {
                let inner = self.rvalue(inner);
                let sym = match op {
                    UnOp::Neg => "-",
                    UnOp::Plus => "+",
                    _ => "~",
                };
                if !self.arith_operand(&inner, sym) {
                    return inner;
                }
                if op == UnOp::BitNot && !inner.ty.is_integer() {
                    self.err(&span, "expression must have integral or unscoped enum type");
                }
                let ty = promote(&inner.ty);
                let inner = convert(inner, &ty);
                mk(ExprKind::Unary(op, Box::new(inner)), span, ty)
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: Expr, b: Expr, span: Span) -> Expr {
        if matches!(op, BinOp::LogAnd | BinOp::LogOr) {
            let (mut a, mut b) = (a, b);
            self.condition(&mut a);
            self.condition(&mut b);
            return mk(
                ExprKind::Binary(op, Box::new(a), Box::new(b)),
                span,
                CType::Bool,
            );
        }
        let a = self.rvalue(a);
        let b = self.rvalue(b);
        // Pointer arithmetic and comparison.
        if a.ty.is_pointer() || b.ty.is_pointer() {
            match op {
                BinOp::Add | BinOp::Sub if a.ty.is_pointer() && b.ty.is_integer() => {
                    let t = promote(&b.ty);
                    let ty = a.ty.clone();
                    return mk(
                        ExprKind::Binary(op, Box::new(a), Box::new(convert(b, &t))),
                        span,
                        ty,
                    );
                }
                BinOp::Add if b.ty.is_pointer() && a.ty.is_integer() => {
                    let t = promote(&a.ty);
                    let ty = b.ty.clone();
                    return mk(
                        ExprKind::Binary(op, Box::new(b), Box::new(convert(a, &t))),
                        span,
                        ty,
                    );
                }
                BinOp::Sub if a.ty.is_pointer() && b.ty.is_pointer() => {
                    if a.ty.pointee() != b.ty.pointee() {
                        let msg = format!(
                            "operand types are incompatible (\"{}\" and \"{}\")",
                            a.ty, b.ty
                        );
                        self.err(&span, msg);
                    }
                    return mk(
                        ExprKind::Binary(op, Box::new(a), Box::new(b)),
                        span,
                        CType::Int(IntKind::Long),
                    );
                }
                _ if op.is_comparison()
                    && (a.ty.is_pointer() || matches!(a.kind, ExprKind::IntLit(0)))
                    && (b.ty.is_pointer() || matches!(b.kind, ExprKind::IntLit(0))) =>
                {
                    let ty = if a.ty.is_pointer() {
                        a.ty.clone()
                    } else {
                        b.ty.clone()
                    };
                    let (a, b) = (convert(a, &ty), convert(b, &ty));
                    return mk(
                        ExprKind::Binary(op, Box::new(a), Box::new(b)),
                        span,
                        CType::Bool,
                    );
                }
                _ => {
                    let msg = format!(
                        "operand types are incompatible (\"{}\" and \"{}\")",
                        a.ty, b.ty
                    );
                    self.err(&span, msg);
                    return mk(ExprKind::IntLit(0), span, CType::INT);
                }
            }
        }
        if !(self.arith_operand(&a, op.spelling()) && self.arith_operand(&b, op.spelling())) {
            return mk(ExprKind::IntLit(0), span, CType::INT);
        }
        let integral_only = matches!(
            op,
            BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor
        );
        if integral_only && !(a.ty.is_integer() && b.ty.is_integer()) {
            self.err(&span, "expression must have integral or unscoped enum type");
            return mk(ExprKind::IntLit(0), span, CType::INT);
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            // Shifts promote each side on its own; the result has the left's type.
            let (ta, tb) = (promote(&a.ty), promote(&b.ty));
            let (a, b) = (convert(a, &ta), convert(b, &tb));
            return mk(ExprKind::Binary(op, Box::new(a), Box::new(b)), span, ta);
        }
        let common = common_type(&a.ty, &b.ty);
        let (a, b) = (convert(a, &common), convert(b, &common));
        let ty = if op.is_comparison() {
            CType::Bool
        } else {
            common
        };
        mk(ExprKind::Binary(op, Box::new(a), Box::new(b)), span, ty)
    }
}
