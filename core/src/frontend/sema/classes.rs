//! Sema's classes: how an object of class type is made — a constructor's
//! member initializer list, default member initializers, default
//! initialization — and how an object of a derived class is seen as its
//! base (derived-to-base conversions of objects, references and pointers;
//! `static_cast` back down), with the bases where `parse::layout` put them.
//!
//! A base class subobject is `Field(object, offset, "")` (irgen: the
//! object's address plus the offset, as clang's `add.ptr`); a pointer
//! converted to a base's is the pointer plus the offset, a null one kept
//! null as in C++ (`Cond`) unless it cannot be null (`this`, `&x`).

use super::init::{zero, InitTree, Item};
use super::overload::CallKind;
use super::*;
use std::rc::Rc;

/// The most elements of an array of class objects default-initialized
/// (each one on its own).
const MAX_ELEMENTS: u64 = 1024;

/// How deep default initialization follows members' and bases' classes.
const MAX_INIT_DEPTH: usize = 64;

/// The largest object default initialization makes member by member.
const MAX_INIT_BYTES: u64 = 1 << 20;

/// How a local declaration of class type is initialized (see
/// `Checker::cxx_declaration`).
pub(super) enum DeclInit {
    /// The initializer is typed and converted already.
    Done,
    /// As a C declaration: the initializer (or list) is checked after.
    Plain,
    /// Made in place once declared, from these arguments as written
    /// (braced: list initialization): `S s(1, 2);`, `S s{1};`.
    InPlace(Vec<Expr>, bool),
    /// Default-initialized once declared: `S s;`.
    Default,
}

/// Whether a pointer cannot be null: `this`, an address taken.
fn nonnull(p: &Expr, locals: &[Local]) -> bool {
    match &p.kind {
        ExprKind::Unary(UnOp::AddrOf, _) => true,
        ExprKind::Var(id) => locals.get(*id).is_some_and(|l| l.name == "this"),
        ExprKind::Cast { expr, .. } => nonnull(expr, locals),
        _ => false,
    }
}

/// The scope a class's own names are found in (`N::S` → `[N, S]`).
fn class_scope(r: &Record) -> Vec<String> {
    super::super::lookup::qualified_parts(&r.name.borrow())
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// The class a pointer type points to.
fn pointee_class(t: &CType) -> Option<&Rc<Record>> {
    match t {
        CType::Ptr { pointee, .. } => match &**pointee {
            CType::Record(r) => Some(r),
            _ => None,
        },
        _ => None,
    }
}

/// Every base class of `r`, direct or not (each once).
fn all_bases(r: &Record, out: &mut Vec<Rc<Record>>) {
    for (_, b) in r.bases() {
        if out.len() > 1000 || out.iter().any(|x| Rc::ptr_eq(x, &b)) {
            continue;
        }
        out.push(b.clone());
        all_bases(&b, out);
    }
}

/// `lhs = rhs` (typed).
fn assign(lhs: Expr, rhs: Expr, span: &Span) -> Expr {
    let ty = lhs.ty.clone();
    mk(
        ExprKind::Assign(None, Box::new(lhs), Box::new(rhs)),
        span.clone(),
        ty,
    )
}

/// Whether two pointer types point to classes one of which derives from
/// the other (a cast between them moves the pointer).
pub(super) fn related_class_pointers(a: &CType, b: &CType) -> bool {
    match (a.pointee(), b.pointee()) {
        (Some(CType::Record(x)), Some(CType::Record(y))) if a.is_pointer() && b.is_pointer() => {
            x.derives_from(y) || y.derives_from(x)
        }
        _ => false,
    }
}

impl<'a> Checker<'a> {
    /// Device code uses a class it cannot use yet (see
    /// `Record::unsupported`).
    pub(super) fn check_class(&mut self, r: &Record, span: &Span) {
        if !self.space.on_device() {
            return;
        }
        let why = r.unsupported.borrow().clone();
        if let Some(why) = why {
            self.err(span, why);
        }
    }

    /// A class's own constructors (they are not inherited).
    pub(super) fn constructors(&self, r: &Record) -> Vec<Signature> {
        let simple = super::super::lookup::last_part(&r.name.borrow()).to_string();
        self.own_methods(r, &simple)
    }

    /// A class's constructor templates (`template <class U> S(const S<U>
    /// &o)`).
    pub(super) fn constructor_templates(&self, r: &Rc<Record>) -> Vec<usize> {
        let simple = super::super::lookup::last_part(&r.name.borrow()).to_string();
        self.member_templates(r, &simple)
    }

    /// Whether a class declares constructors (templates too): it is no
    /// aggregate.
    pub(super) fn has_constructors(&self, r: &Rc<Record>) -> bool {
        !self.constructors(r).is_empty() || !self.constructor_templates(r).is_empty()
    }

    /// Whether making an object of type `t` does something without an
    /// initializer: a constructor, a default member initializer (of it, a
    /// base or a member).
    pub(super) fn needs_init(&self, t: &CType, depth: usize) -> bool {
        if depth > MAX_INIT_DEPTH {
            return false;
        }
        match t {
            CType::Record(r) => {
                // Known once per class (a member's class may be met in
                // many places).
                let key = Rc::as_ptr(r) as usize;
                if let Some(known) = self.inst.borrow().needs_init.get(&key) {
                    return *known;
                }
                let needs = !r.member_inits.borrow().is_empty()
                    || r.vtable().is_some()
                    || self.has_constructors(r)
                    || r.layout().is_some_and(|l| {
                        l.fields.iter().any(|f| self.needs_init(&f.ty, depth + 1))
                    });
                self.inst.borrow_mut().needs_init.insert(key, needs);
                needs
            }
            CType::Array(e, _) => self.needs_init(e, depth + 1),
            _ => false,
        }
    }

    /// The base class `base` subobject of a class object (of an lvalue, an
    /// lvalue).
    pub(super) fn base_subobject(&mut self, object: Expr, base: &Rc<Record>, span: &Span) -> Expr {
        let CType::Record(r) = &object.ty else {
            return object;
        };
        let paths = r.base_paths(base);
        let Some(path) = paths.first().cloned() else {
            return object;
        };
        if paths.len() > 1 {
            let msg = format!("base class \"{}\" is ambiguous", base.name.borrow());
            self.err(span, msg);
        }
        let mut e = object;
        for (off, b) in path {
            let lvalue = e.lvalue;
            e = Expr {
                kind: ExprKind::Field(Box::new(e), off, String::new()),
                span: span.clone(),
                ty: CType::Record(b),
                lvalue,
            };
        }
        e
    }

    /// The offset of base class `base` in class `derived`, reporting an
    /// ambiguous one.
    fn base_offset(&mut self, derived: &Record, base: &Rc<Record>, span: &Span) -> Option<u64> {
        let paths = derived.base_paths(base);
        if paths.len() > 1 {
            let msg = format!("base class \"{}\" is ambiguous", base.name.borrow());
            self.err(span, msg);
        }
        paths.first().map(|p| p.iter().map(|(o, _)| o).sum::<u64>())
    }

    /// Whether pointer type `from` converts implicitly to `to` as a
    /// pointer to a base class (qualifiers kept or added).
    pub(super) fn is_base_pointer(from: &CType, to: &CType) -> bool {
        let (
            CType::Ptr {
                konst: ka,
                volatile: va,
                ..
            },
            CType::Ptr {
                konst: kb,
                volatile: vb,
                ..
            },
        ) = (from, to)
        else {
            return false;
        };
        match (pointee_class(from), pointee_class(to)) {
            (Some(d), Some(b)) => (!ka || *kb) && (!va || *vb) && d.derives_from(b),
            _ => false,
        }
    }

    /// A pointer to a class converted to pointer type `to`, pointing to a
    /// base (`up`) or a derived class (`static_cast` down).
    pub(super) fn class_pointer_cast(&mut self, p: Expr, to: &CType, span: &Span) -> Expr {
        let (Some(from), Some(target)) =
            (pointee_class(&p.ty).cloned(), pointee_class(to).cloned())
        else {
            return convert(p, to);
        };
        let delta = if from.derives_from(&target) {
            self.base_offset(&from, &target, span).map(|o| o as i64)
        } else if target.derives_from(&from) {
            self.base_offset(&target, &from, span).map(|o| -(o as i64))
        } else {
            None
        };
        match delta {
            Some(d) if d != 0 => self.adjust_pointer(p, d, to, span),
            _ => convert(p, to),
        }
    }

    /// `p` moved by `delta` bytes and given type `to`; null stays null.
    fn adjust_pointer(&mut self, p: Expr, delta: i64, to: &CType, span: &Span) -> Expr {
        let bytes = CType::ptr_to(CType::Int(IntKind::Char));
        let moved = |p: Expr| {
            let (op, n) = if delta < 0 {
                (BinOp::Sub, delta.unsigned_abs())
            } else {
                (BinOp::Add, delta as u64)
            };
            let n = mk(ExprKind::IntLit(n), span.clone(), CType::Int(IntKind::Long));
            let sum = mk(
                ExprKind::Binary(op, Box::new(convert(p, &bytes)), Box::new(n)),
                span.clone(),
                bytes.clone(),
            );
            convert(sum, to)
        };
        if nonnull(&p, &self.locals) {
            return moved(p);
        }
        // `p ? p + delta : nullptr`, `p` evaluated once.
        let (setup, value) = if matches!(p.kind, ExprKind::Var(_) | ExprKind::Global(_)) {
            (None, p)
        } else {
            let var = self.hidden_local("cast.tmp", p.ty.clone(), span);
            (Some(assign(var.clone(), p, span)), var)
        };
        let null = |t: &CType| mk(ExprKind::IntLit(0), span.clone(), t.clone());
        let test = mk(
            ExprKind::Binary(
                BinOp::Ne,
                Box::new(value.clone()),
                Box::new(null(&value.ty)),
            ),
            span.clone(),
            CType::Bool,
        );
        let cond = mk(
            ExprKind::Cond(Box::new(test), Box::new(moved(value)), Box::new(null(to))),
            span.clone(),
            to.clone(),
        );
        match setup {
            Some(s) => mk(
                ExprKind::Comma(Box::new(s), Box::new(cond)),
                span.clone(),
                to.clone(),
            ),
            None => cond,
        }
    }

    /// An lvalue of type `ty` at byte `off` of the object `object`.
    pub(super) fn object_at(&mut self, object: &Expr, off: u64, ty: &CType, span: &Span) -> Expr {
        if off == 0 && object.ty == *ty {
            return object.clone();
        }
        if let CType::Array(elem, _) = &object.ty {
            if **elem == *ty {
                let size = ty.size().unwrap_or(1).max(1);
                let base = self.decay(object.clone());
                let k = mk(
                    ExprKind::IntLit(off / size),
                    span.clone(),
                    CType::Int(IntKind::Long),
                );
                return Expr {
                    kind: ExprKind::Index(Box::new(base), Box::new(k)),
                    span: span.clone(),
                    ty: ty.clone(),
                    lvalue: true,
                };
            }
        }
        let bytes = CType::ptr_to(CType::Int(IntKind::Char));
        let addr = self.address_of(object.clone());
        let n = mk(
            ExprKind::IntLit(off),
            span.clone(),
            CType::Int(IntKind::Long),
        );
        let p = mk(
            ExprKind::Binary(BinOp::Add, Box::new(convert(addr, &bytes)), Box::new(n)),
            span.clone(),
            bytes,
        );
        let p = convert(p, &CType::ptr_to(ty.clone()));
        Expr {
            kind: ExprKind::Unary(UnOp::Deref, Box::new(p)),
            span: span.clone(),
            ty: ty.clone(),
            lvalue: true,
        }
    }

    /// Makes `object` (an lvalue) from `args` as written: direct
    /// initialization `x(a, b)` or list initialization `x{a, b}` (a
    /// constructor's call, an aggregate's members, a scalar's value).
    /// Returns what does it.
    pub(super) fn init_object(
        &mut self,
        object: Expr,
        args: Vec<Expr>,
        braced: bool,
        span: &Span,
    ) -> Vec<Expr> {
        let ty = object.ty.clone();
        match &ty {
            CType::Record(r) => {
                self.check_class(r, span);
                let ctors = self.constructors(r);
                let inherited = self.inherited_constructors(r);
                let templates = self.constructor_templates(r);
                if !ctors.is_empty()
                    || !templates.is_empty()
                    || (!inherited.is_empty() && !args.is_empty())
                {
                    let args: Vec<Expr> = args.into_iter().map(|a| self.expr(a)).collect();
                    if let [a] = args.as_slice() {
                        if self.is_implicit_copy(r, a, &ctors) {
                            let v = self.class_value(a.clone(), r, span);
                            return vec![assign(object, v, span)];
                        }
                    }
                    let simple = super::super::lookup::last_part(&r.name.borrow()).to_string();
                    let name = format!("{}::{simple}", r.name.borrow());
                    if !templates.is_empty() {
                        // The constructors and the instances of the
                        // constructor templates, ranked together.
                        let span = span.clone();
                        let call = self.overloaded_call_checked(
                            &name,
                            ctors,
                            templates,
                            Vec::new(),
                            args,
                            span,
                            Some(object),
                        );
                        return vec![call];
                    }
                    let set: Vec<Signature> = ctors
                        .into_iter()
                        .chain(inherited.iter().map(|(_, s)| s.clone()))
                        .collect();
                    let Some(sig) = self.resolve(
                        &name,
                        CallKind::Constructor,
                        &set,
                        Some(&object),
                        &args,
                        span,
                    ) else {
                        return Vec::new();
                    };
                    // An inherited constructor makes its base; the class's
                    // own bases and members are made as by its implicit one.
                    let base = inherited
                        .iter()
                        .find(|(_, s)| s.symbol == sig.symbol)
                        .map(|(b, _)| b.clone());
                    let Some(base) = base else {
                        return vec![self.call_signature(&sig, Some(object), args, span.clone())];
                    };
                    let sub = self.base_subobject(object.clone(), &base, span);
                    let mut out = vec![self.call_signature(&sig, Some(sub), args, span.clone())];
                    out.extend(self.make_members(r, object, Vec::new(), Some(&base), span));
                    return out;
                }
                if args.len() == 1 && !braced {
                    let a = self.rvalue(args.into_iter().next().expect("one argument"));
                    let v = self.class_value(a, r, span);
                    let v = self.assign_convert(v, &ty, "initialize an entity");
                    return vec![assign(object, v, span)];
                }
                if !braced && !args.is_empty() {
                    let simple = super::super::lookup::last_part(&r.name.borrow()).to_string();
                    let msg = format!(
                        "no instance of constructor \"{}::{simple}\" matches the argument list",
                        r.name.borrow()
                    );
                    self.err(span, msg);
                    return Vec::new();
                }
                let items = args.into_iter().map(Initializer::Expr).collect();
                let (_, elems) =
                    self.initializer_elements(Initializer::List(items, span.clone()), &ty);
                let value = mk(ExprKind::RecordInit(elems), span.clone(), ty.clone());
                vec![assign(object, value, span)]
            }
            CType::Array(..) => {
                let items = args.into_iter().map(Initializer::Expr).collect();
                let (_, elems) =
                    self.initializer_elements(Initializer::List(items, span.clone()), &ty);
                elems
                    .into_iter()
                    .map(|(off, e)| {
                        let target = self.object_at(&object, off, &e.ty, span);
                        assign(target, e, span)
                    })
                    .collect()
            }
            // A reference member (its field holds the address it refers
            // to): bound once, by its one initializer.
            CType::Ref { pointee, konst } => {
                let mut args = args.into_iter();
                let (Some(a), None) = (args.next(), args.next()) else {
                    self.err(
                        span,
                        "a reference member must be initialized with one value",
                    );
                    return Vec::new();
                };
                let a = self.expr(a);
                let address = self.bind_ref(a, pointee, *konst, "initialize an entity");
                let slot = Expr {
                    ty: address.ty.clone(),
                    ..object
                };
                vec![assign(slot, address, span)]
            }
            _ => {
                let mut args = args.into_iter();
                let value = match (args.next(), args.next()) {
                    (None, _) => zero(&ty, span),
                    (Some(a), None) => {
                        let a = self.rvalue(a);
                        self.assign_convert(a, &ty, "initialize an entity")
                    }
                    (Some(_), Some(b)) => {
                        let msg = if braced {
                            "too many initializer values"
                        } else {
                            "too many arguments in function call"
                        };
                        self.err(&b.span, msg);
                        return Vec::new();
                    }
                };
                vec![assign(object, value, span)]
            }
        }
    }

    /// The constructors class `r` inherits (`using Base::Base;`), each with
    /// its base (a base's copy constructor is not inherited).
    pub(super) fn inherited_constructors(&self, r: &Record) -> Vec<(Rc<Record>, Signature)> {
        let mut out = Vec::new();
        for (_, b) in r.bases() {
            let simple = super::super::lookup::last_part(&b.name.borrow()).to_string();
            let key = format!("{}::{simple}", r.name.borrow());
            let target = self.lookup.classes.borrow().usings.get(&key).cloned();
            if target != Some(format!("{}::{simple}", b.name.borrow())) {
                continue;
            }
            for s in self.constructors(&b) {
                let copy = s.params.len() == 2
                    && matches!(s.params[1].unref(), CType::Record(p) if Rc::ptr_eq(p, &b));
                if !copy {
                    out.push((b.clone(), s));
                }
            }
        }
        out
    }

    /// Whether one argument `a` copies an object of class `r` by its
    /// implicit copy constructor: a `r` (or a derived class's object) and
    /// no constructor declared to take one.
    pub(super) fn is_implicit_copy(&self, r: &Rc<Record>, a: &Expr, ctors: &[Signature]) -> bool {
        let CType::Record(ar) = &a.ty else {
            return false;
        };
        if !(Rc::ptr_eq(ar, r) || ar.derives_from(r)) {
            return false;
        }
        !ctors.iter().any(|s| {
            s.params.len() == 2
                && matches!(s.params[1].unref(), CType::Record(p) if Rc::ptr_eq(p, r))
        })
    }

    /// A class object as one of class `r`: itself, or its `r` base
    /// subobject (a derived class's object sliced).
    pub(super) fn class_value(&mut self, e: Expr, r: &Rc<Record>, span: &Span) -> Expr {
        match &e.ty {
            CType::Record(d) if !Rc::ptr_eq(d, r) && d.derives_from(r) => {
                self.base_subobject(e, r, span)
            }
            _ => e,
        }
    }

    /// `object.Base::name`: the `Base` subobject (or the object itself
    /// for its own class) and the member's plain name. Others unchanged.
    pub(super) fn qualified_member(
        &mut self,
        object: Expr,
        name: String,
        span: &Span,
    ) -> (Expr, String) {
        let parts = super::super::lookup::qualified_parts(&name);
        let (CType::Record(r), [.., last]) = (&object.ty, parts.as_slice()) else {
            return (object, name);
        };
        if parts.len() < 2 {
            return (object, name);
        }
        let class = parts[..parts.len() - 1].join("::");
        let last = last.to_string();
        if *r.name.borrow() == class {
            return (object, last);
        }
        let mut bases = Vec::new();
        all_bases(r, &mut bases);
        let base = bases.into_iter().find(|b| *b.name.borrow() == class);
        match base {
            Some(b) => (self.base_subobject(object, &b, span), last),
            None => {
                let msg = format!(
                    "class \"{class}\" is not a base class of \"{}\"",
                    r.name.borrow()
                );
                self.err(span, msg);
                (object, last)
            }
        }
    }

    /// Default initialization of `object` (declared without an
    /// initializer): a class's default constructor; for a class without
    /// constructors, its bases' and members' default initialization and
    /// its default member initializers; nothing for a scalar.
    pub(super) fn default_init(&mut self, object: Expr, span: &Span, depth: usize) -> Vec<Expr> {
        if depth > MAX_INIT_DEPTH || !self.needs_init(&object.ty, 0) {
            return Vec::new();
        }
        // Each member is a store: refuse the absurd.
        if depth == 0 && object.ty.size().is_some_and(|s| s > MAX_INIT_BYTES) {
            let msg = format!(
                "default initialization of an object of more than {MAX_INIT_BYTES} bytes is not supported"
            );
            self.err(span, msg);
            return Vec::new();
        }
        match object.ty.clone() {
            CType::Record(r) => {
                self.check_class(&r, span);
                let ctors = self.constructors(&r);
                if !ctors.is_empty() {
                    if !ctors
                        .iter()
                        .any(|s| self.ranks(s, Some(&object), &[]).is_some())
                    {
                        let msg = format!(
                            "no default constructor exists for class \"{}\"",
                            r.name.borrow()
                        );
                        self.err(span, msg);
                        return Vec::new();
                    }
                    return self.init_object(object, Vec::new(), false, span);
                }
                let Some(layout) = r.layout() else {
                    return Vec::new();
                };
                let mut out = Vec::new();
                let mut vptr = r.vtable().is_some();
                for f in &layout.fields {
                    if vptr && !f.base {
                        vptr = false;
                        out.extend(self.vptr_store(object.clone(), &r, span));
                    }
                    let lvalue = object.lvalue;
                    let sub = Expr {
                        kind: ExprKind::Field(Box::new(object.clone()), f.offset, f.name.clone()),
                        span: span.clone(),
                        ty: f.ty.clone(),
                        lvalue,
                    };
                    match r.member_init(f) {
                        Some(init) => out.extend(self.member_default(
                            &r,
                            sub,
                            init,
                            Some(object.clone()),
                            span,
                        )),
                        None if !r.is_union => out.extend(self.default_init(sub, span, depth + 1)),
                        None => {}
                    }
                }
                if vptr {
                    out.extend(self.vptr_store(object.clone(), &r, span));
                }
                out
            }
            CType::Array(_, n) => {
                if n > MAX_ELEMENTS {
                    let msg = format!(
                        "arrays of more than {MAX_ELEMENTS} objects that need initialization are not supported yet"
                    );
                    self.err(span, msg);
                    return Vec::new();
                }
                let base = self.decay(object);
                let elem = base.ty.pointee().cloned().unwrap_or(CType::INT);
                let mut out = Vec::new();
                for k in 0..n {
                    let i = mk(ExprKind::IntLit(k), span.clone(), CType::Int(IntKind::Long));
                    let e = Expr {
                        kind: ExprKind::Index(Box::new(base.clone()), Box::new(i)),
                        span: span.clone(),
                        ty: elem.clone(),
                        lvalue: true,
                    };
                    out.extend(self.default_init(e, span, depth + 1));
                }
                out
            }
            _ => Vec::new(),
        }
    }

    /// Runs `f` where a default member initializer of class `r` is read:
    /// the class's scope, `this` the object being made (none in aggregate
    /// initialization), no local variable of the function around.
    fn in_class_scope<R>(
        &mut self,
        r: &Rc<Record>,
        object: Option<Expr>,
        f: impl FnOnce(&mut Self) -> R,
    ) -> R {
        let ns = std::mem::replace(&mut self.ns, class_scope(r));
        let class = self.class.replace(r.clone());
        let this = std::mem::replace(&mut self.this_expr, object);
        let scopes = std::mem::replace(&mut self.scopes, vec![HashMap::default()]);
        let out = f(self);
        self.ns = ns;
        self.class = class;
        self.this_expr = this;
        self.scopes = scopes;
        out
    }

    /// Member `member` (an lvalue) of an object of class `r` made from its
    /// default member initializer `init`.
    pub(super) fn member_default(
        &mut self,
        r: &Rc<Record>,
        member: Expr,
        init: Initializer,
        object: Option<Expr>,
        span: &Span,
    ) -> Vec<Expr> {
        self.in_class_scope(r, object, |cx| match init {
            Initializer::Expr(e) => {
                // `T m = e;`: copy initialization.
                let has_ctors =
                    matches!(&member.ty, CType::Record(m) if !cx.constructors(m).is_empty());
                if has_ctors {
                    return cx.init_object(member, vec![e], false, span);
                }
                let v = cx.rvalue(e);
                let v = match &member.ty {
                    CType::Record(m) => cx.class_value(v, m, span),
                    _ => v,
                };
                let v = cx.assign_convert(v, &member.ty, "initialize an entity");
                vec![assign(member, v, span)]
            }
            Initializer::List(items, lspan) => {
                if items.iter().all(|i| matches!(i, Initializer::Expr(_))) {
                    let args = items
                        .into_iter()
                        .filter_map(|i| match i {
                            Initializer::Expr(e) => Some(e),
                            _ => None,
                        })
                        .collect();
                    return cx.init_object(member, args, true, span);
                }
                let ty = member.ty.clone();
                let (_, elems) = cx.initializer_elements(Initializer::List(items, lspan), &ty);
                if ty.is_record() {
                    let value = mk(ExprKind::RecordInit(elems), span.clone(), ty);
                    return vec![assign(member, value, span)];
                }
                elems
                    .into_iter()
                    .map(|(off, e)| {
                        let target = cx.object_at(&member, off, &e.ty, span);
                        assign(target, e, span)
                    })
                    .collect()
            }
            Initializer::Designated(_, _, s) => {
                cx.err(&s, "a designator is only allowed in a braced list");
                Vec::new()
            }
        })
    }

    /// The value of member `k` of class `r` that aggregate initialization
    /// leaves out: its default member initializer's (`this`: the object
    /// initialized, when known), or for a class that needs one, what
    /// default initialization makes (`None`: zero).
    pub(super) fn left_out_member(
        &mut self,
        r: &Rc<Record>,
        k: usize,
        this: Option<Expr>,
        span: &Span,
    ) -> Option<InitTree> {
        let layout = r.layout()?;
        let f = layout.fields.get(k)?;
        let init = r.member_init(f);
        let ty = f.ty.clone();
        match init {
            Some(init) => Some(self.in_class_scope(r, this, |cx| {
                let ctors = matches!(&ty, CType::Record(m) if !cx.constructors(m).is_empty());
                match init {
                    Initializer::Expr(e) if ctors => {
                        InitTree::Value(cx.construct(ty.clone(), vec![e], false, span.clone()))
                    }
                    Initializer::List(items, _)
                        if ctors && items.iter().all(|i| matches!(i, Initializer::Expr(_))) =>
                    {
                        let args = items
                            .into_iter()
                            .filter_map(|i| match i {
                                Initializer::Expr(e) => Some(e),
                                _ => None,
                            })
                            .collect();
                        InitTree::Value(cx.construct(ty.clone(), args, true, span.clone()))
                    }
                    init => cx.init_tree(Item::Raw(init), &ty),
                }
            })),
            None => self.value_init_tree(&ty, span),
        }
    }

    /// What value initialization makes of an object of type `ty` that
    /// needs more than zeros: a class's default constructor's result, or
    /// its members one by one (`None`: zeros).
    pub(super) fn value_init_tree(&mut self, ty: &CType, span: &Span) -> Option<InitTree> {
        if !self.needs_init(ty, 0) {
            return None;
        }
        match ty {
            CType::Record(r) if !self.constructors(r).is_empty() => Some(InitTree::Value(
                self.construct(ty.clone(), Vec::new(), false, span.clone()),
            )),
            CType::Record(r) if r.is_union => None,
            _ => Some(InitTree::Parts(Vec::new())),
        }
    }

    /// The statements a constructor starts with: its bases and members made
    /// in declaration order, each from its member initializer (`inits`),
    /// else its default member initializer, else by default
    /// initialization; a delegating constructor (`S() : S(0) {}`) calls
    /// the other one instead.
    pub(super) fn constructor_prologue(
        &mut self,
        r: &Rc<Record>,
        inits: Vec<MemInit>,
        span: &Span,
    ) -> Vec<Expr> {
        let Some(this) = self.this_object(span) else {
            return Vec::new();
        };
        self.make_members(r, this, inits, None, span)
    }

    /// The bases and members of `this`, an object of class `r`, made as a
    /// constructor with member initializers `inits` makes them (`made`: a
    /// base made already, by an inherited constructor).
    fn make_members(
        &mut self,
        r: &Rc<Record>,
        this: Expr,
        inits: Vec<MemInit>,
        made: Option<&Rc<Record>>,
        span: &Span,
    ) -> Vec<Expr> {
        let Some(layout) = r.layout() else {
            return Vec::new();
        };
        let simple = super::super::lookup::last_part(&r.name.borrow()).to_string();
        let is_self = |t: &MemInitTarget| match t {
            MemInitTarget::Member(n) => *n == simple,
            MemInitTarget::Class(CType::Record(c)) => Rc::ptr_eq(c, r),
            _ => false,
        };
        if let Some(d) = inits.iter().position(|i| is_self(&i.target)) {
            if inits.len() > 1 {
                self.err(
                    &inits[d].span,
                    "a delegating constructor cannot have other mem-initializers",
                );
            }
            let init = inits.into_iter().nth(d).expect("found above");
            return self.init_object(this, init.args, init.braced, &init.span);
        }
        // Which base or member each initializer names.
        let mut given: Vec<Option<MemInit>> = (0..layout.fields.len()).map(|_| None).collect();
        // Members of anonymous unions and structs (`union { struct { T x,
        // y; }; };`, `: x(t), y(t)`): their path from `this`.
        let mut nested: Vec<(Vec<FieldStep>, MemInit)> = Vec::new();
        for init in inits {
            if let MemInitTarget::Member(n) = &init.target {
                if !layout.fields.iter().any(|f| !f.base && f.name == *n) {
                    if let Some(path) = anonymous_member_path(&layout.fields, n, 0) {
                        nested.push((path, init));
                        continue;
                    }
                }
            }
            let k = layout
                .fields
                .iter()
                .position(|f| match (&init.target, &f.ty) {
                    (MemInitTarget::Member(n), _) => !f.base && f.name == *n,
                    (MemInitTarget::Class(CType::Record(c)), CType::Record(b)) => {
                        f.base && Rc::ptr_eq(c, b)
                    }
                    _ => false,
                });
            match k {
                Some(k) if given[k].is_some() => {
                    let msg = match &init.target {
                        MemInitTarget::Member(n) => {
                            format!("\"{n}\" has already been initialized")
                        }
                        MemInitTarget::Class(t) => format!("\"{t}\" has already been initialized"),
                    };
                    self.err(&init.span, msg);
                }
                Some(k) => given[k] = Some(init),
                None => {
                    let what = match &init.target {
                        MemInitTarget::Member(n) => n.clone(),
                        MemInitTarget::Class(t) => t.to_string(),
                    };
                    let msg = format!(
                        "\"{what}\" is not a nonstatic data member or base class of class \"{}\"",
                        r.name.borrow()
                    );
                    self.err(&init.span, msg);
                }
            }
        }
        let mut out = Vec::new();
        let mut vptr = r.vtable().is_some();
        for (f, init) in layout.fields.iter().zip(given) {
            if vptr && !f.base {
                // The bases made, the vptr is this class's (then the members).
                vptr = false;
                out.extend(self.vptr_store(this.clone(), r, span));
            }
            if f.name.is_empty() && !f.base {
                continue; // an anonymous member: nothing to make
            }
            if f.base && matches!((&f.ty, made), (CType::Record(b), Some(m)) if Rc::ptr_eq(b, m)) {
                continue;
            }
            let sub = Expr {
                kind: ExprKind::Field(Box::new(this.clone()), f.offset, f.name.clone()),
                span: span.clone(),
                ty: f.ty.clone(),
                lvalue: true,
            };
            if let Some(init) = init {
                out.extend(self.init_object(sub, init.args, init.braced, &init.span));
                continue;
            }
            match r.member_init(f) {
                Some(d) => out.extend(self.member_default(r, sub, d, Some(this.clone()), span)),
                None if !r.is_union => out.extend(self.default_init(sub, span, 0)),
                None => {}
            }
        }
        for (path, init) in nested {
            let mut sub = this.clone();
            for (offset, name, ty) in path {
                sub = Expr {
                    kind: ExprKind::Field(Box::new(sub), offset, name),
                    span: span.clone(),
                    ty,
                    lvalue: true,
                };
            }
            out.extend(self.init_object(sub, init.args, init.braced, &init.span));
        }
        if vptr {
            out.extend(self.vptr_store(this.clone(), r, span));
        }
        out
    }
}

/// One field on a path of members: offset, name, type.
type FieldStep = (u64, String, CType);

/// The fields from a class down to member `name` of one of its anonymous
/// unions or structs (nested ones too), `None` when none has it.
fn anonymous_member_path(
    fields: &[crate::frontend::layout::Field],
    name: &str,
    depth: usize,
) -> Option<Vec<FieldStep>> {
    if depth > 16 {
        return None;
    }
    for f in fields.iter().filter(|f| f.name.is_empty() && !f.base) {
        let CType::Record(inner) = &f.ty else {
            continue;
        };
        let Some(l) = inner.layout() else { continue };
        let step = |f: &crate::frontend::layout::Field| (f.offset, f.name.clone(), f.ty.clone());
        if let Some(m) = l.fields.iter().find(|m| !m.base && m.name == name) {
            return Some(vec![step(f), step(m)]);
        }
        if let Some(mut rest) = anonymous_member_path(&l.fields, name, depth + 1) {
            rest.insert(0, step(f));
            return Some(rest);
        }
    }
    None
}
