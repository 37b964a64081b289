//! Sema's C++ (non-template) part: qualified name lookup, member functions
//! (found in a class and its bases, called on an object, as operators),
//! conversion functions, references, named and functional casts,
//! constructor calls, `auto`. Overload resolution is in `overload`.
//!
//! A reference is a pointer sema dereferences wherever it is named: binding
//! one takes the address of an lvalue (or of a temporary for `const T&`).
//! A member function is a function whose first parameter is `this`; a call
//! passes the object's address there.

use super::classes::{related_class_pointers, DeclInit};
use super::init::zero;
use super::overload::{CallKind, Rank};
use super::*;

impl<'a> Checker<'a> {
    /// The full names a name written here may mean, innermost scope first.
    pub(super) fn candidates(&self, name: &str) -> Vec<String> {
        self.lookup.candidates(&self.ns, name)
    }

    /// The functions a name means here: those of the innermost scope that
    /// has the name (a namespace and the ones it `using`s count as one).
    pub(super) fn function_set(&self, name: &str) -> Option<Vec<Signature>> {
        let cands = self.candidates(name);
        let plain = cands.iter().position(|c| c == name);
        // Those declared, and the static members of class instances made
        // by sema's instantiations.
        let inst = self.inst.borrow();
        let get = |c: &String| {
            let mut set: Vec<Signature> = self.sigs.get(c).cloned().unwrap_or_default();
            set.extend(inst.methods.get(c).into_iter().flatten().cloned());
            set
        };
        // A class's name (`Scale::apply`) is its own, else its bases'
        // (the first that has it), never a union.
        let class_scope = |c: &String| {
            c.rsplit_once("::")
                .is_some_and(|(s, _)| self.lookup.classes.borrow().bases.contains_key(s))
        };
        for (k, c) in cands.iter().enumerate() {
            if Some(k) == plain && !class_scope(c) {
                // The global namespace and every `using namespace`.
                let set: Vec<Signature> = cands[k..].iter().flat_map(get).collect();
                return (!set.is_empty()).then_some(set);
            }
            let set = get(c);
            if !set.is_empty() {
                return Some(set);
            }
        }
        None
    }

    /// An enumerator or `constexpr` variable named here, as a literal.
    pub(super) fn named_constant(&self, name: &str, span: &Span) -> Option<Expr> {
        for c in self.candidates(name) {
            if let Some((v, ty)) = self.enumerators.get(&c) {
                return Some(mk(ExprKind::IntLit(*v as u64), span.clone(), ty.clone()));
            }
            if let Some((v, ty)) = self.constants.get(&c) {
                let kind = match v {
                    Scalar::Int(i) => ExprKind::IntLit(*i as u64),
                    Scalar::Float(f) => ExprKind::FloatLit(*f),
                };
                return Some(mk(kind, span.clone(), ty.clone()));
            }
        }
        // A constant of a class instance made while sema instantiated
        // something (`STRIDE` of `FDWT53<64, 8>` in its member templates).
        let inst = self.inst.borrow();
        for c in self.candidates(name) {
            // The instance is all but the last part (`V::Ratio` reads
            // `TxN<float, 4>::Ratio` when `V` names that instance).
            let Some((id, _)) = c.rsplit_once("::") else {
                continue;
            };
            let Some((constants, _)) = inst.templates.instance_names.get(id) else {
                continue;
            };
            if let Some((_, (v, ty))) = constants.iter().find(|(k, _)| *k == c) {
                let kind = match v {
                    Scalar::Int(i) => ExprKind::IntLit(*i as u64),
                    Scalar::Float(f) => ExprKind::FloatLit(*f),
                };
                return Some(mk(kind, span.clone(), ty.clone()));
            }
        }
        None
    }

    /// A variable template's instance the parser named by its symbol
    /// (`_Z4maskIfE`): the instance's variable, made a namespace-scope one
    /// the first time a function names it.
    pub(super) fn variable_template_instance(&mut self, name: &str, span: &Span) -> Option<Expr> {
        let made = self
            .inst
            .borrow()
            .templates
            .var_instances
            .get(name)
            .cloned();
        let Some(crate::frontend::template::VarInstance::Variable(g)) = made else {
            return None;
        };
        let id = match self.globals.iter().position(|x| x.name == g.name) {
            Some(id) => id,
            None => {
                let mut g = *g;
                self.global_initializer(&mut g);
                self.globals.push(g);
                self.globals.len() - 1
            }
        };
        let g = &self.globals[id];
        let device_var = g.storage != Storage::Host;
        let ty = g.ty.clone();
        if device_var != self.space.on_device() && self.space != ExecSpace::HostDevice {
            let (what, fun) = if device_var {
                ("device", "a host")
            } else {
                ("host", "a device")
            };
            let source = crate::frontend::lookup::last_part(&g.source_name).to_string();
            self.err(
                span,
                format!("a {what} variable \"{source}\" cannot be directly read in {fun} function"),
            );
        }
        Some(Expr {
            kind: ExprKind::Global(id),
            span: span.clone(),
            ty,
            lvalue: true,
        })
    }

    /// The device variable an identifier names where its reads are a
    /// constant (`__device__ const int G = 7;`): for `&G`.
    pub(super) fn const_device_variable(&self, e: &Expr) -> Option<Expr> {
        let ExprKind::Ident(name) = &e.kind else {
            return None;
        };
        if self.lookup_block(name).is_some() || self.named_constant(name, &e.span).is_none() {
            return None;
        }
        let Some(Binding::Global(id)) = self.lookup(name) else {
            return None;
        };
        let g = self
            .globals
            .get(id)
            .filter(|g| g.storage != Storage::Host)?;
        Some(Expr {
            kind: ExprKind::Global(id),
            span: e.span.clone(),
            ty: g.ty.clone(),
            lvalue: true,
        })
    }

    /// A namespace-scope variable named here.
    pub(super) fn global_named(&self, name: &str) -> Option<usize> {
        self.candidates(name)
            .into_iter()
            .find_map(|c| self.global_scope.get(&c).copied())
    }

    /// `*this` in a member function.
    pub(super) fn this_object(&mut self, span: &Span) -> Option<Expr> {
        if let Some(object) = &self.this_expr {
            return Some(object.clone());
        }
        let Some(Binding::Local(id)) = self.lookup_block("this") else {
            return None;
        };
        let ptr = Expr {
            kind: ExprKind::Var(id),
            span: span.clone(),
            ty: self.locals[id].ty.clone(),
            lvalue: true,
        };
        let ty = ptr.ty.pointee()?.clone();
        Some(Expr {
            kind: ExprKind::Unary(UnOp::Deref, Box::new(ptr)),
            span: span.clone(),
            ty,
            lvalue: true,
        })
    }

    /// A data member named without `this->` in a member function.
    pub(super) fn member_of_this(&mut self, name: &str, span: &Span) -> Option<Expr> {
        let r = self.class.clone()?;
        if matches!(r.member_path(name), Found::None) {
            return None;
        }
        let object = self.this_object(span)?;
        Some(self.member(object, &r, name, span.clone()))
    }

    /// A local variable's value: a reference names the object it refers to.
    pub(super) fn local_value(&self, id: usize, span: Span) -> Expr {
        let ty = self.locals[id].ty.clone();
        match ty {
            CType::Ref { pointee, konst } => {
                let ptr = Expr {
                    kind: ExprKind::Var(id),
                    span: span.clone(),
                    ty: CType::Ptr {
                        pointee: pointee.clone(),
                        konst,
                        volatile: false,
                    },
                    lvalue: true,
                };
                Expr {
                    kind: ExprKind::Unary(UnOp::Deref, Box::new(ptr)),
                    span,
                    ty: *pointee,
                    lvalue: true,
                }
            }
            ty => Expr {
                kind: ExprKind::Var(id),
                span,
                ty,
                lvalue: true,
            },
        }
    }

    /// A hidden local holding `e` (a temporary), and its address.
    pub(super) fn temporary_address(&mut self, e: Expr) -> Expr {
        let span = e.span.clone();
        let ty = e.ty.clone();
        let var = self.hidden_local("ref.tmp", ty.clone(), &span);
        let store = mk(
            ExprKind::Assign(None, Box::new(var.clone()), Box::new(e)),
            span.clone(),
            ty.clone(),
        );
        let addr = mk(
            ExprKind::Unary(UnOp::AddrOf, Box::new(var)),
            span.clone(),
            CType::ptr_to(ty.clone()),
        );
        mk(
            ExprKind::Comma(Box::new(store), Box::new(addr)),
            span,
            CType::ptr_to(ty),
        )
    }

    /// The address of an object: an lvalue's own, else a temporary's.
    pub(super) fn address_of(&mut self, e: Expr) -> Expr {
        if e.lvalue {
            let ty = CType::ptr_to(e.ty.clone());
            let span = e.span.clone();
            return mk(ExprKind::Unary(UnOp::AddrOf, Box::new(e)), span, ty);
        }
        self.temporary_address(e)
    }

    /// Binds a reference of type `pointee&` (`const` with `konst`) to `e`
    /// (typed, not decayed): the address it holds.
    pub(super) fn bind_ref(&mut self, e: Expr, pointee: &CType, konst: bool, what: &str) -> Expr {
        let ref_ty = CType::Ref {
            pointee: Box::new(pointee.clone()),
            konst,
        };
        let as_ptr = |e: Expr| {
            let t = CType::Ptr {
                pointee: Box::new(pointee.clone()),
                konst,
                volatile: false,
            };
            convert(e, &t)
        };
        if e.lvalue && e.ty == *pointee {
            let a = self.address_of(e);
            return as_ptr(a);
        }
        // A derived class's object binds to a reference to its base.
        if let (CType::Record(d), CType::Record(b)) = (&e.ty, pointee) {
            if e.lvalue && d.derives_from(b) {
                let span = e.span.clone();
                let sub = self.base_subobject(e, b, &span);
                let a = self.address_of(sub);
                return as_ptr(a);
            }
        }
        // `c ? x : y` of two lvalues is one: the address of either.
        if let ExprKind::Cond(c, x, y) = &e.kind {
            if x.lvalue && y.lvalue && x.ty == *pointee && y.ty == *pointee {
                let (x, y) = ((**x).clone(), (**y).clone());
                let (x, y) = (self.address_of(x), self.address_of(y));
                let t = x.ty.clone();
                let cond = mk(
                    ExprKind::Cond(c.clone(), Box::new(x), Box::new(y)),
                    e.span.clone(),
                    t,
                );
                return as_ptr(cond);
            }
        }
        if !konst {
            let msg = if e.lvalue {
                format!(
                    "a reference of type \"{ref_ty}\" (not const-qualified) cannot be initialized with a value of type \"{}\"",
                    e.ty
                )
            } else {
                "initial value of reference to non-const must be an lvalue".to_string()
            };
            self.err(&e.span, msg);
            return mk(ExprKind::IntLit(0), e.span, CType::ptr_to(pointee.clone()));
        }
        let v = self.decay(e);
        let v = self.assign_convert(v, pointee, what);
        let a = self.temporary_address(v);
        as_ptr(a)
    }

    /// Array-to-pointer decay of a typed expression.
    pub(super) fn decay(&mut self, e: Expr) -> Expr {
        if let CType::Array(elem, _) = &e.ty {
            let ty = CType::ptr_to((**elem).clone());
            return convert(e, &ty);
        }
        e
    }

    /// The member functions `name` of a class (and its static ones): its
    /// own with those a using-declaration brings in (`using Base::f;`),
    /// else those of its bases (which the class's own hide).
    pub(super) fn methods(&self, r: &Record, name: &str) -> Vec<Signature> {
        self.methods_depth(r, name, 0)
    }

    fn methods_depth(&self, r: &Record, name: &str, depth: usize) -> Vec<Signature> {
        let mut visited = Vec::new();
        self.methods_within(r, name, depth, &mut visited)
    }

    /// `methods` with the classes looked into so far (each once).
    fn methods_within(
        &self,
        r: &Record,
        name: &str,
        depth: usize,
        visited: &mut Vec<*const Record>,
    ) -> Vec<Signature> {
        if visited.contains(&(r as *const Record)) || visited.len() > 1000 {
            return Vec::new();
        }
        visited.push(r);
        let mut set = self.own_methods(r, name);
        let key = format!("{}::{name}", r.name.borrow());
        let using = self.lookup.classes.borrow().usings.get(&key).cloned();
        if let Some(target) = using {
            if let Some((class, last)) = target.rsplit_once("::") {
                if let Some(base) = r
                    .bases()
                    .into_iter()
                    .map(|(_, b)| b)
                    .find(|b| *b.name.borrow() == class)
                {
                    let more: Vec<Signature> = self
                        .methods_depth(&base, last, depth + 1)
                        .into_iter()
                        // The class's own hide those of the same parameters.
                        .filter(|m| !set.iter().any(|s| s.params.get(1..) == m.params.get(1..)))
                        .collect();
                    set.extend(more);
                }
            }
        }
        if !set.is_empty() || depth > 32 {
            return set;
        }
        for (_, b) in r.bases() {
            set.extend(self.methods_within(&b, name, depth + 1, visited));
        }
        set
    }

    /// The member functions `name` a class declares itself.
    pub(super) fn own_methods(&self, r: &Record, name: &str) -> Vec<Signature> {
        let key = format!("{}::{name}", r.name.borrow());
        let mut set = self.sigs.get(&key).cloned().unwrap_or_default();
        // Those of class template instances made by sema's instantiations.
        if let Some(more) = self.inst.borrow().methods.get(&key) {
            set.extend(more.iter().cloned());
        }
        set
    }

    /// Whether an lvalue designates a `const` object: a `const` local, what
    /// a pointer (or reference) to const points to (`this` in a `const`
    /// member function), an element or member of one.
    pub(super) fn is_const_lvalue(&self, e: &Expr) -> bool {
        let to_const = |p: &Expr| matches!(p.ty, CType::Ptr { konst: true, .. });
        match &e.kind {
            ExprKind::Var(id) => self.const_locals.contains(id),
            ExprKind::Unary(UnOp::Deref, p) => to_const(p),
            ExprKind::Index(p, _) => {
                to_const(p)
                    || matches!(&p.kind, ExprKind::Cast { expr, .. }
                        if matches!(expr.ty, CType::Array(..)) && self.is_const_lvalue(expr))
            }
            ExprKind::Field(o, ..) => self.is_const_lvalue(o),
            _ => false,
        }
    }

    /// The conversion functions (`operator T`) of a class, by name (its
    /// bases' too).
    fn conversions(&self, r: &Record) -> Vec<Signature> {
        let mut out = self.own_conversions(r);
        let mut seen: Vec<*const Record> = vec![r];
        let mut todo: Vec<std::rc::Rc<Record>> = r.bases().into_iter().map(|(_, b)| b).collect();
        while let Some(b) = todo.pop() {
            if seen.contains(&std::rc::Rc::as_ptr(&b)) || seen.len() > 1000 {
                continue;
            }
            seen.push(std::rc::Rc::as_ptr(&b));
            out.extend(self.own_conversions(&b));
            todo.extend(b.bases().into_iter().map(|(_, x)| x));
        }
        out
    }

    fn own_conversions(&self, r: &Record) -> Vec<Signature> {
        let prefix = format!("{}::operator ", r.name.borrow());
        let mut names: Vec<String> = self
            .sigs
            .keys()
            .chain(self.inst.borrow().methods.keys())
            .filter(|k| k.starts_with(&prefix))
            .cloned()
            .collect();
        names.sort();
        names.dedup();
        let mut out = Vec::new();
        for n in names {
            out.extend(self.own_methods(r, &n[prefix.len() - "operator ".len()..]));
        }
        out
    }

    /// A class object converted by one of its conversion functions: to
    /// `to` (the best by C++'s ranking: the object's binding, then the
    /// result's conversion to `to`), or with no target (an operand of a
    /// built-in operator) by its only one. The object back when none fits.
    pub(super) fn user_conversion(&mut self, e: Expr, to: Option<&CType>) -> Expr {
        let CType::Record(r) = &e.ty else {
            return e;
        };
        let all = self.conversions(r);
        let value = |t: &CType| match t {
            CType::Ref { pointee, .. } => (**pointee).clone(),
            t => t.clone(),
        };
        let chosen = match to {
            Some(to) => {
                // C++'s ranking of conversion functions: first how the
                // object binds (a const one to a non-const object is the
                // worse), then how the result converts to `to`.
                let ranked: Vec<(Rank, Rank, &Signature)> = all
                    .iter()
                    .filter_map(|s| {
                        let object = *self.ranks(s, Some(&e), &[])?.first()?;
                        let result = Expr {
                            kind: ExprKind::IntLit(1),
                            span: e.span.clone(),
                            ty: value(&s.ret),
                            lvalue: matches!(s.ret, CType::Ref { .. }),
                        };
                        Some((object, self.rank(&result, to)?, s))
                    })
                    .collect();
                let best = ranked.iter().map(|(o, r, _)| (*o, *r)).min();
                let bests: Vec<&Signature> = ranked
                    .iter()
                    .filter(|(o, r, _)| Some((*o, *r)) == best)
                    .map(|(_, _, s)| *s)
                    .collect();
                if bests.len() > 1 {
                    let msg = format!(
                        "more than one conversion function from \"{}\" to \"{to}\" applies",
                        e.ty
                    );
                    self.err(&e.span, msg);
                    return mk(ExprKind::IntLit(0), e.span.clone(), to.clone());
                }
                bests.first().copied()
            }
            None => match all.as_slice() {
                [one] => Some(one),
                _ => None,
            },
        };
        let Some(sig) = chosen.cloned() else {
            return e;
        };
        let span = e.span.clone();
        self.call_signature(&sig, Some(e), Vec::new(), span)
    }

    /// `object.f(args)`.
    pub(super) fn member_call(
        &mut self,
        object: Expr,
        name: String,
        args: Vec<Expr>,
        span: Span,
    ) -> Expr {
        self.member_template_call(object, name, Vec::new(), args, span)
    }

    /// `object.f<explicit…>(args)` (or `object.f(args)` with no explicit
    /// arguments): a member function or a member function template's
    /// instance.
    pub(super) fn member_template_call(
        &mut self,
        object: Expr,
        name: String,
        explicit: Vec<TemplateArg>,
        args: Vec<Expr>,
        span: Span,
    ) -> Expr {
        let object = self.expr(object);
        let CType::Record(r) = object.ty.clone() else {
            let msg = format!(
                "expression must have class type but it has type \"{}\"",
                object.ty
            );
            self.err(&span, msg);
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        self.check_class(&r, &span);
        let qualified = name.contains("::");
        let (object, name) = self.qualified_member(object, name, &span);
        let CType::Record(r) = object.ty.clone() else {
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        let set = self.methods(&r, &name);
        let defs = self.member_templates(&r, &name);
        if !defs.is_empty() {
            // Member templates beside plain members of the name: one
            // overload set (explicit template arguments name a template).
            let qualified = format!("{}::{name}", r.name.borrow());
            let set = if explicit.is_empty() { set } else { Vec::new() };
            return self.overloaded_call(&qualified, set, defs, explicit, args, span, Some(object));
        }
        // `s.fn(x)` with `fn` a member holding a function's address.
        if let (true, Some((off, ty))) = (set.is_empty(), r.member(&name)) {
            if ty.function_pointee().is_some() {
                let field = Expr {
                    kind: ExprKind::Field(Box::new(object), off, name),
                    span: span.clone(),
                    ty,
                    lvalue: true,
                };
                return self.call_pointer(field, args, span);
            }
        }
        if set.is_empty() {
            let msg = format!("class \"{}\" has no member \"{name}\"", object.ty);
            self.err(&span, msg);
            return mk(ExprKind::IntLit(0), span, CType::INT);
        }
        let qualified_name = format!("{}::{name}", r.name.borrow());
        let non_const = |s: &Signature| {
            s.method && !matches!(s.params.first(), Some(CType::Ptr { konst: true, .. }))
        };
        if self.is_const_lvalue(&object) && set.iter().all(non_const) {
            let msg = format!(
                "the object has type qualifiers that are not compatible with the member function \"{qualified_name}\"\n            object type is: const {}",
                object.ty
            );
            self.err(&span, msg);
            return mk(ExprKind::IntLit(0), span, CType::INT);
        }
        let mut args = args;
        super::overload::type_braced_args(&set, &mut args);
        let args: Vec<Expr> = args.into_iter().map(|a| self.expr(a)).collect();
        let outer = std::mem::replace(&mut self.qualified_call, qualified);
        let call = self.resolve_and_call(
            &qualified_name,
            CallKind::Function,
            set,
            Some(object),
            args,
            span,
        );
        self.qualified_call = outer;
        call
    }

    /// An operator on a class operand (typed operands, the object first):
    /// the call of the `operator@` that fits, or the operands back when no
    /// such function exists.
    pub(super) fn operator_call(
        &mut self,
        op: &str,
        operands: Vec<Expr>,
        span: &Span,
    ) -> Result<Expr, Vec<Expr>> {
        let name = format!("operator{op}");
        let Some(first) = operands.first() else {
            return Err(operands);
        };
        if !operands.iter().any(|o| o.ty.is_record()) {
            return Err(operands);
        }
        let n = operands.len();
        let mut set: Vec<Signature> = self
            .function_set(&name)
            .unwrap_or_default()
            .into_iter()
            .filter(|s| !s.method && (s.params.len() == n || s.variadic))
            .collect();
        // The operator templates in scope and, as argument-dependent lookup
        // finds them, in the namespaces of the class operands; with the
        // functions of those namespaces too.
        let mut defs = self.function_templates(&name);
        for o in &operands {
            let Some(ns) = record_namespace(&o.ty) else {
                continue;
            };
            let qualified = format!("{ns}::{name}");
            defs.extend(self.inst.borrow().templates.functions(&qualified));
            for s in self.sigs.get(&qualified).cloned().unwrap_or_default() {
                if !s.method && s.params.len() == n && !set.iter().any(|t| t.symbol == s.symbol) {
                    set.push(s);
                }
            }
        }
        defs.sort_unstable();
        defs.dedup();
        let members: Vec<Signature> = match &first.ty {
            CType::Record(r) => self
                .methods(r, &name)
                .into_iter()
                .filter(|s| s.method && s.params.len() == n)
                .collect(),
            _ => Vec::new(),
        };
        if !defs.is_empty() && members.is_empty() {
            let defs = self.viable_templates(defs, &operands, span);
            if !defs.is_empty() {
                return Ok(self.overloaded_call_checked(
                    &name,
                    set,
                    defs,
                    Vec::new(),
                    operands,
                    span.clone(),
                    None,
                ));
            }
        }
        // The class's operator templates (`template <class U> T &operator=(const
        // pair<U, V> &)`), when it has no plain operator of the name.
        if let (CType::Record(r), true) = (&first.ty, members.is_empty() && set.is_empty()) {
            let mdefs = self.member_templates(r, &name);
            if !mdefs.is_empty() {
                let qualified = format!("{}::{name}", r.name.borrow());
                let mut operands = operands.into_iter();
                let object = operands.next();
                let rest: Vec<Expr> = operands.collect();
                return Ok(self.overloaded_call_checked(
                    &qualified,
                    Vec::new(),
                    mdefs,
                    Vec::new(),
                    rest,
                    span.clone(),
                    object,
                ));
            }
        }
        set.extend(members);
        if set.is_empty() {
            return Err(operands);
        }
        let mut operands = operands.into_iter();
        let object = operands.next();
        let rest: Vec<Expr> = operands.collect();
        Ok(self.resolve_and_call(&name, CallKind::Operator, set, object, rest, span.clone()))
    }

    /// `static_cast<T>(e)`, `reinterpret_cast<T>(e)`, `const_cast<T>(e)`.
    pub(super) fn named_cast(
        &mut self,
        kind: CastKind,
        inner: Expr,
        to: CType,
        span: Span,
    ) -> Expr {
        let inner = self.expr(inner);
        // `reinterpret_cast<T &>(x)`: the lvalue `*reinterpret_cast<T *>(&x)`.
        if let (CastKind::Reinterpret, CType::Ref { pointee, .. }) = (kind, &to) {
            if inner.lvalue {
                let pointee = (**pointee).clone();
                let addr = self.address_of(inner);
                let p = mk(
                    ExprKind::Cast {
                        expr: Box::new(addr),
                        implicit: false,
                    },
                    span.clone(),
                    CType::ptr_to(pointee.clone()),
                );
                return Expr {
                    kind: ExprKind::Unary(UnOp::Deref, Box::new(p)),
                    span,
                    ty: pointee,
                    lvalue: true,
                };
            }
        }
        // `static_cast<Derived &>(b)`, `static_cast<const Base &>(d)`: the
        // object as one of a related class (an lvalue).
        if let (CastKind::Static, CType::Ref { pointee, .. }) = (kind, &to) {
            if let (CType::Record(from), CType::Record(target)) = (&inner.ty, &**pointee) {
                if from.derives_from(target) {
                    return self.base_subobject(inner, target, &span);
                }
                if target.derives_from(from) && inner.lvalue {
                    let addr = self.address_of(inner);
                    let p =
                        self.class_pointer_cast(addr, &CType::ptr_to((**pointee).clone()), &span);
                    return Expr {
                        kind: ExprKind::Unary(UnOp::Deref, Box::new(p)),
                        span,
                        ty: (**pointee).clone(),
                        lvalue: true,
                    };
                }
            }
        }
        let inner = self.decay(inner);
        // Pointers to related classes: moved to the other's subobject.
        if kind == CastKind::Static && related_class_pointers(&inner.ty, &to) {
            return self.class_pointer_cast(inner, &to, &span);
        }
        // `static_cast<__half>(0)`: a scalar to a class is direct
        // initialization, by the class's constructors; an unrelated class
        // through its one conversion function first (`static_cast<__half>`
        // of an `__nv_bfloat16`: its float).
        if kind == CastKind::Static && to.is_record() && inner.ty != to {
            let inner = match (&inner.ty, &to) {
                (CType::Record(a), CType::Record(b))
                    if !a.derives_from(b) && !b.derives_from(a) =>
                {
                    self.user_conversion(inner, None)
                }
                _ => inner,
            };
            if !inner.ty.is_record() {
                return self.construct_from_value(to, inner, span);
            }
            return self.named_cast_checked(kind, inner, to, span);
        }
        self.named_cast_checked(kind, inner, to, span)
    }

    /// A class built from an already checked scalar `e` (a cast's operand):
    /// `e` held in a temporary that the constructor call takes (`construct`
    /// checks its arguments, which a checked call is not made for).
    pub(super) fn construct_from_value(&mut self, to: CType, e: Expr, span: Span) -> Expr {
        let ty = e.ty.clone();
        let var = self.hidden_local("cast.tmp", ty.clone(), &span);
        let store = mk(
            ExprKind::Assign(None, Box::new(var.clone()), Box::new(e)),
            span.clone(),
            ty,
        );
        let made = self.construct(to.clone(), vec![var], false, span.clone());
        mk(ExprKind::Comma(Box::new(store), Box::new(made)), span, to)
    }

    /// `named_cast` after its operand is checked and decayed.
    fn named_cast_checked(&mut self, kind: CastKind, inner: Expr, to: CType, span: Span) -> Expr {
        let inner = match (kind, &to) {
            (CastKind::Static, CType::Record(b)) => self.class_value(inner, b, &span),
            _ => inner,
        };
        let inner = match kind {
            CastKind::Static => self.user_conversion(inner, Some(&to)),
            _ => inner,
        };
        let from = inner.ty.clone();
        let same_pointee = |a: &CType, b: &CType| match (a, b) {
            (CType::Ptr { pointee: pa, .. }, CType::Ptr { pointee: pb, .. }) => pa == pb,
            _ => false,
        };
        let ok = match kind {
            CastKind::Static => {
                to == CType::Void
                    || from == to
                    || (from.is_arithmetic() && to.is_arithmetic())
                    || (from.is_pointer()
                        && to.is_pointer()
                        && (same_pointee(&from, &to)
                            || from.pointee() == Some(&CType::Void)
                            || to.pointee() == Some(&CType::Void)))
                    || (to.is_pointer() && matches!(inner.kind, ExprKind::IntLit(0)))
                    || (from.is_pointer() && to == CType::Bool)
            }
            CastKind::Reinterpret => {
                from == to
                    || (from.is_pointer() && to.is_pointer())
                    || (from.is_pointer() && to.is_integer() && to.size() == Some(8))
                    || (from.is_integer() && to.is_pointer())
            }
            CastKind::Const => from.is_pointer() && to.is_pointer() && same_pointee(&from, &to),
        };
        if !ok {
            let msg = match kind {
                CastKind::Const => format!(
                    "a const_cast can only adjust type qualifiers; it cannot change the underlying type (from \"{from}\" to \"{to}\")"
                ),
                _ => format!("invalid type conversion from \"{from}\" to \"{to}\""),
            };
            self.err(&span, msg);
            return mk(ExprKind::IntLit(0), span, to);
        }
        if to.is_record() {
            return inner;
        }
        mk(
            ExprKind::Cast {
                expr: Box::new(inner),
                implicit: false,
            },
            span,
            to,
        )
    }

    /// `T(args)` / `T{args}`: a functional cast for a scalar type, a
    /// constructor call, or an aggregate built from its members (`dim3(8, 8)`
    /// has `1` for the members left out).
    pub(super) fn construct(
        &mut self,
        ty: CType,
        args: Vec<Expr>,
        braced: bool,
        span: Span,
    ) -> Expr {
        if ty.is_scalar() {
            let mut args = args.into_iter();
            let (Some(a), None) = (args.next(), args.next()) else {
                return zero(&ty, &span);
            };
            if braced {
                let a = self.rvalue(a);
                return self.assign_convert(a, &ty, "initialize an entity");
            }
            let cast = mk(
                ExprKind::Cast {
                    expr: Box::new(a),
                    implicit: false,
                },
                span,
                ty,
            );
            return self.expr(cast);
        }
        let CType::Record(r) = &ty else {
            let msg = format!("a value of type \"{ty}\" cannot be constructed");
            self.err(&span, msg);
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        self.check_class(r, &span);
        let simple = super::super::lookup::last_part(&r.name.borrow()).to_string();
        let ctors = self.constructors(r);
        let templates = self.constructor_templates(r);
        if ctors.is_empty()
            && templates.is_empty()
            && !args.is_empty()
            && !self.inherited_constructors(r).is_empty()
        {
            // Inherited constructors: made in a temporary.
            let var = self.hidden_local("tmp", ty.clone(), &span);
            let made = self.init_object(var.clone(), args, braced, &span);
            return made.into_iter().rev().fold(var, |acc, e| {
                let t = acc.ty.clone();
                mk(ExprKind::Comma(Box::new(e), Box::new(acc)), span.clone(), t)
            });
        }
        if !ctors.is_empty() || !templates.is_empty() {
            let args: Vec<Expr> = args.into_iter().map(|a| self.expr(a)).collect();
            if let [a] = args.as_slice() {
                if self.is_implicit_copy(r, a, &ctors) {
                    return self.class_value(a.clone(), r, &span);
                }
            }
            // The object is a temporary the constructor fills.
            let var = self.hidden_local("tmp", ty.clone(), &span);
            let name = format!("{}::{simple}", r.name.borrow());
            if !templates.is_empty() {
                let call = self.overloaded_call_checked(
                    &name,
                    ctors,
                    templates,
                    Vec::new(),
                    args,
                    span.clone(),
                    Some(var.clone()),
                );
                return mk(ExprKind::Comma(Box::new(call), Box::new(var)), span, ty);
            }
            let call = self.resolve_and_call(
                &name,
                CallKind::Constructor,
                ctors,
                Some(var.clone()),
                args,
                span.clone(),
            );
            return mk(ExprKind::Comma(Box::new(call), Box::new(var)), span, ty);
        }
        let is_dim3 = r.name.borrow().as_str() == "dim3";
        // `S()`: value-initialized, as `S{}`.
        let braced = braced || args.is_empty() && !is_dim3;
        if args.len() == 1 && !braced && !is_dim3 {
            let a = self.rvalue(args.into_iter().next().expect("one argument"));
            return self.assign_convert(a, &ty, "initialize an entity");
        }
        let mut items: Vec<Initializer> = args
            .into_iter()
            .map(|a| match a.kind {
                ExprKind::InitItem(i) => *i,
                _ => Initializer::Expr(a),
            })
            .collect();
        if !braced {
            if !is_dim3 {
                let name = format!("{}::{simple}", r.name.borrow());
                let msg =
                    format!("no instance of constructor \"{name}\" matches the argument list");
                self.err(&span, msg);
                return mk(ExprKind::IntLit(0), span, CType::INT);
            }
            // CUDA's `dim3(x, y = 1, z = 1)`.
            while items.len() < 3 {
                items.push(Initializer::Expr(mk(
                    ExprKind::IntLit(1),
                    span.clone(),
                    CType::UINT,
                )));
            }
        }
        let (_, members) = self.initializer_elements(Initializer::List(items, span.clone()), &ty);
        mk(ExprKind::RecordInit(members), span, ty)
    }

    /// A local declaration's C++ part: `auto` deduced from the initializer
    /// (then the initializer is done: typed and converted), and how an
    /// object of class type is made (a constructor's call, default
    /// initialization).
    pub(super) fn cxx_declaration(&mut self, d: &mut VarDecl) -> DeclInit {
        let has_auto = d.ty == CType::Auto
            || matches!(&d.ty, CType::Decltype(t) if t.expr.is_none())
            || matches!(&d.ty, CType::Ref { pointee, .. } | CType::Ptr { pointee, .. } if **pointee == CType::Auto);
        if has_auto {
            let Some(init) = d.init.take() else {
                let msg = if matches!(&d.ty, CType::Decltype(_)) {
                    "cannot deduce \"decltype(auto)\" (initializer required)"
                } else {
                    "cannot deduce \"auto\" type (initializer required)"
                };
                self.err(&d.span, msg);
                d.ty = CType::INT;
                d.init_list = None;
                return DeclInit::Done;
            };
            let declared = d.ty.clone();
            let (ty, init) = self.returned_type(&declared, init);
            d.ty = ty;
            d.init = Some(match d.ty.clone() {
                CType::Ref { pointee, konst } => {
                    self.bind_ref(init, &pointee, konst, "initialize an entity")
                }
                ty => {
                    let init = self.decay(init);
                    self.assign_convert(init, &ty, "initialize an entity")
                }
            });
            return DeclInit::Done;
        }
        if let CType::Record(r) = &d.ty {
            self.check_class(r, &d.span);
        }
        if d.init.is_none() && d.init_list.is_none() {
            return if self.needs_init(&d.ty, 0) {
                DeclInit::Default
            } else {
                DeclInit::Plain
            };
        }
        let CType::Record(r) = &d.ty else {
            return DeclInit::Plain;
        };
        // An aggregate's initializer is C's (`dim3 g(8, 4)` CUDA's).
        if !self.has_constructors(r) && self.inherited_constructors(r).is_empty() {
            return DeclInit::Plain;
        }
        // `S s(a, b);` and `S s = S(a, b);`: made in place.
        if let Some(Expr {
            kind: ExprKind::Construct(t, _, _),
            ..
        }) = &d.init
        {
            if *t == d.ty {
                if let Some(Expr {
                    kind: ExprKind::Construct(_, args, braced),
                    ..
                }) = d.init.take()
                {
                    return DeclInit::InPlace(args, braced);
                }
            }
        }
        // `S s{a, b};`
        match d.init_list.take() {
            Some(Initializer::List(items, _))
                if items.iter().all(|i| matches!(i, Initializer::Expr(_))) =>
            {
                let args = items
                    .into_iter()
                    .filter_map(|i| match i {
                        Initializer::Expr(e) => Some(e),
                        _ => None,
                    })
                    .collect();
                DeclInit::InPlace(args, true)
            }
            other => {
                d.init_list = other;
                DeclInit::Plain
            }
        }
    }

    /// The type `auto` (in `auto`, `auto&`, `const auto&`, `auto*`) stands
    /// for, from the initializer.
    pub(super) fn deduce(&mut self, declared: &CType, init: &Expr) -> CType {
        match declared {
            CType::Auto => match &init.ty {
                CType::Array(e, _) => CType::ptr_to((**e).clone()),
                CType::Builtin(b) => {
                    let name = match b {
                        BuiltinVar::BlockDim | BuiltinVar::GridDim => "dim3",
                        _ => "uint3",
                    };
                    self.vector_types.get(name).cloned().unwrap_or(CType::INT)
                }
                t => t.clone(),
            },
            CType::Ref { pointee, konst } if **pointee == CType::Auto => CType::Ref {
                pointee: Box::new(init.ty.clone()),
                konst: *konst,
            },
            CType::Ptr {
                pointee,
                konst,
                volatile,
            } if **pointee == CType::Auto => match &init.ty {
                // `auto *p = (const S *)q`: `auto` is `const S`.
                CType::Ptr {
                    pointee: p,
                    konst: k,
                    volatile: v,
                } => CType::Ptr {
                    pointee: p.clone(),
                    konst: *konst || *k,
                    volatile: *volatile || *v,
                },
                CType::Array(e, _) => CType::Ptr {
                    pointee: e.clone(),
                    konst: *konst,
                    volatile: *volatile,
                },
                _ => {
                    let msg = format!(
                        "cannot deduce \"auto *\" from a value of type \"{}\"",
                        init.ty
                    );
                    self.err(&init.span, msg);
                    CType::INT
                }
            },
            t => t.clone(),
        }
    }
}

/// The namespace of a class operand's type (`gmx` for `gmx::V<float>`,
/// through references), where argument-dependent lookup finds its
/// operators; `None` for a type at global scope or not a class.
fn record_namespace(ty: &CType) -> Option<String> {
    let r = match ty {
        CType::Record(r) => r,
        CType::Ref { pointee, .. } => match &**pointee {
            CType::Record(r) => r,
            _ => return None,
        },
        _ => return None,
    };
    let name = r.name.borrow();
    let plain = name.split('<').next().unwrap_or("");
    plain.rsplit_once("::").map(|(ns, _)| ns.to_string())
}
