//! Sema's expressions: each given its C type and whether it is an lvalue;
//! names, members, vector constructors (`make_float4`), unary and binary
//! operators with their operands converted (calls are in `call`).

use super::classes::related_class_pointers;
use super::conversions::common_type;
use super::*;

impl<'a> Checker<'a> {
    /// Types an expression (and all within it); an array stays an array
    /// (see `rvalue`).
    pub(super) fn expr(&mut self, mut e: Expr) -> Expr {
        let span = e.span.clone();
        // Only the outermost name (or `&name`) takes the target type.
        let target = self.fn_target.take();
        match e.kind {
            ExprKind::IntLit(_)
            | ExprKind::FloatLit(_)
            | ExprKind::BoolLit(_)
            | ExprKind::StrLit(_) => e,
            ExprKind::Ident(name) => {
                if name == "this" {
                    if let Some(object) = self.this_expr.clone() {
                        return self.address_of(object);
                    }
                }
                if self.lookup_block(&name).is_none() {
                    if let Some(m) = self.member_of_this(&name, &span) {
                        return m;
                    }
                    if let Some(c) = self.named_constant(&name, &span) {
                        return c;
                    }
                }
                match self.lookup(&name) {
                    Some(Binding::Local(id)) => return self.local_value(id, span),
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
                if let Some(v) = self.variable_template_instance(&name, &span) {
                    return v;
                }
                if let Some(f) = self.function_designator(&name, &span, target) {
                    return f;
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
                self.undefined(&name, &span);
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
                let CType::Record(r) = base.ty.clone() else {
                    self.err(
                        &span,
                        format!(
                            "expression must have class type but it has type \"{}\"",
                            base.ty
                        ),
                    );
                    return mk(ExprKind::IntLit(0), span, CType::INT);
                };
                self.member(base, &r, &field, span)
            }
            ExprKind::Arrow(base, field) => {
                let base = self.rvalue(*base);
                let record = match &base.ty {
                    CType::Ptr { pointee, .. } => match &**pointee {
                        CType::Record(r) => Ok(r.clone()),
                        _ => Err(format!(
                            "expression must have pointer-to-class type but it has type \"{}\"",
                            base.ty
                        )),
                    },
                    t => Err(format!(
                        "operator -> or ->* applied to \"{t}\" instead of to a pointer type"
                    )),
                };
                let r = match record {
                    Ok(r) => r,
                    Err(msg) => {
                        self.err(&span, msg);
                        return mk(ExprKind::IntLit(0), span, CType::INT);
                    }
                };
                if r.layout().is_none() {
                    let msg = format!(
                        "pointer or reference to incomplete type \"{}\" is not allowed",
                        CType::Record(r.clone())
                    );
                    self.err(&span, msg);
                    return mk(ExprKind::IntLit(0), span, CType::INT);
                }
                let object = Expr {
                    kind: ExprKind::Unary(UnOp::Deref, Box::new(base)),
                    span: span.clone(),
                    ty: CType::Record(r.clone()),
                    lvalue: true,
                };
                self.member(object, &r, &field, span)
            }
            ExprKind::Field(..) | ExprKind::RecordInit(_) => e,
            ExprKind::Var(_)
            | ExprKind::Global(_)
            | ExprKind::Builtin(_)
            | ExprKind::SpecialReg(..) => e,
            ExprKind::SizeofType(ref t) => {
                let t = self.resolve_type(t, &span);
                e.kind = ExprKind::SizeofType(t.clone());
                let t = t.unref().clone();
                if t.size().is_none() {
                    let msg = format!("incomplete type \"{t}\" is not allowed");
                    self.err(&span, msg);
                }
                e.ty = CType::Int(IntKind::ULong);
                e
            }
            ExprKind::Call(name, args) if name == "__sizeof_expr" => {
                let inner = args.into_iter().next().map(|a| self.expr(a));
                if let Some(ExprKind::FuncAddr(_)) = inner.as_ref().map(|i| &i.kind) {
                    self.err(&span, "operand of sizeof may not be a function");
                }
                let size = inner.and_then(|i| i.ty.size()).unwrap_or(0);
                mk(ExprKind::IntLit(size), span, CType::Int(IntKind::ULong))
            }
            ExprKind::Call(name, args) if name == "__ptxlab_new" => self.new_expr(args, span),
            ExprKind::Call(name, args) if name == "__ptxlab_delete" => self.delete_expr(args, span),
            ExprKind::Call(name, args) => self.call(name, args, span),
            ExprKind::CallPtr(callee, args) => self.call_through(*callee, args, span),
            ExprKind::FuncAddr(_) => e,
            ExprKind::TemplateCall(name, targs, args) => {
                let targs = targs
                    .into_iter()
                    .map(|a| match a {
                        TemplateArg::Type(t) => TemplateArg::Type(self.resolve_type(&t, &span)),
                        v => v,
                    })
                    .collect();
                self.template_call(name, targs, args, span)
            }
            ExprKind::BuiltinCall(..) => e,
            ExprKind::NamedCast(kind, inner) => {
                let to = self.resolve_type(&e.ty, &span);
                self.named_cast(kind, *inner, to, span)
            }
            ExprKind::InitItem(_) => {
                self.err(
                    &span,
                    "a nested or designated initializer is allowed only in a braced list of an aggregate",
                );
                mk(ExprKind::IntLit(0), span, CType::INT)
            }
            ExprKind::Construct(CType::Auto, _, _) => {
                self.err(
                    &span,
                    "a braced initializer list has no type here (only as an assigned value, argument or initializer)",
                );
                mk(ExprKind::IntLit(0), span, CType::INT)
            }
            ExprKind::Construct(ty, args, braced) => {
                let ty = self.resolve_type(&ty, &span);
                self.construct(ty, args, braced, span)
            }
            ExprKind::MemberCall(object, name, explicit, args) => {
                self.member_template_call(*object, name, explicit, args, span)
            }
            ExprKind::Lambda(l) => self.lambda(*l, span),
            ExprKind::StmtExpr(mut stmts, last) => {
                self.scopes.push(HashMap::default());
                for s in &mut stmts {
                    self.stmt(s);
                }
                let last = self.rvalue(*last);
                self.scopes.pop();
                let ty = last.ty.clone();
                mk(ExprKind::StmtExpr(stmts, Box::new(last)), span, ty)
            }
            ExprKind::Cast { expr, implicit } => {
                let inner = self.rvalue(*expr);
                let to = self.resolve_type(&e.ty, &span);
                // `(Base *)d`, `(Derived *)b`: as static_cast, adjusted.
                if related_class_pointers(&inner.ty, &to) {
                    return self.class_pointer_cast(inner, &to, &span);
                }
                // `(__half)1.5f`: a scalar to a class, by its constructors.
                if to.is_record() && !inner.ty.is_record() {
                    return self.construct_from_value(to, inner, span);
                }
                let inner = self.user_conversion(inner, Some(&to));
                // `(__nv_bfloat162)pair`: a class's conversion operator to a
                // class (or a class cast to itself) gives the value as is.
                if to.is_record() && inner.ty == to {
                    return inner;
                }
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
                let (a, i) = match self.operator_call("[]", vec![a, i], &span) {
                    Ok(call) => return call,
                    Err(ops) => {
                        let mut ops = ops.into_iter();
                        let (Some(a), Some(i)) = (ops.next(), ops.next()) else {
                            return mk(ExprKind::IntLit(0), span, CType::INT);
                        };
                        (a, i)
                    }
                };
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
            ExprKind::Unary(op, mut inner) => {
                if op == UnOp::AddrOf {
                    self.fn_target = target;
                    // `&G`, `G` a `const` device variable whose reads are
                    // its value: the variable.
                    if let Some(g) = self.const_device_variable(&inner) {
                        *inner = g;
                    }
                }
                self.unary(op, *inner, span)
            }
            ExprKind::Binary(op, a, b) => self.binary(op, *a, *b, span),
            ExprKind::Assign(op, lhs, mut rhs) => {
                let lhs = self.expr(*lhs);
                // `s = {a, b}`: a value of the assigned object's type.
                if let (ExprKind::Construct(t @ CType::Auto, _, _), None) = (&mut rhs.kind, op) {
                    *t = lhs.ty.unref().clone();
                }
                let rhs = self.rvalue_for(*rhs, &lhs.ty.clone());
                let spelling = op.map_or("=".to_string(), |o| format!("{}=", o.spelling()));
                let (lhs, rhs) = match self.operator_call(&spelling, vec![lhs, rhs], &span) {
                    Ok(call) => return call,
                    Err(ops) => {
                        let mut ops = ops.into_iter();
                        let (Some(l), Some(r)) = (ops.next(), ops.next()) else {
                            return mk(ExprKind::IntLit(0), span, CType::INT);
                        };
                        (l, r)
                    }
                };
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
                            self.no_function_arithmetic(&lhs);
                            let t = promote(&rhs.ty);
                            convert(rhs, &t)
                        } else {
                            let spelling = format!("{}=", op.spelling());
                            // `x /= d` with a class `d`: the built-in
                            // operator on its conversion (`operator int()`).
                            let rhs = if lty.is_arithmetic() {
                                self.user_conversion(rhs, None)
                            } else {
                                rhs
                            };
                            if !(self.arith_operand(&lhs, &spelling)
                                && self.arith_operand(&rhs, &spelling))
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
                // A class object's assignment is its left operand, an lvalue
                // (`return *this = *this + v;` binds it to `V &`).
                let lvalue = op.is_none() && lty.is_record();
                Expr {
                    kind: ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                    span,
                    ty: lty,
                    lvalue,
                }
            }
            ExprKind::Cond(c, a, b) => {
                let mut c = *c;
                self.condition(&mut c);
                let a = self.rvalue(*a);
                let b = self.rvalue(*b);
                // Operands of one type give that type (C++'s [expr.cond]: a
                // `short` pair stays `short`, so `sizeof(c ? s : t)` is 2);
                // other arithmetic pairs, the usual arithmetic conversions.
                let ty = if a.ty == b.ty {
                    a.ty.clone()
                } else if a.ty.is_arithmetic() && b.ty.is_arithmetic() {
                    common_type(&a.ty, &b.ty)
                } else if a.ty == b.ty
                    || (a.ty.is_pointer() && matches!(b.kind, ExprKind::IntLit(0)))
                {
                    a.ty.clone()
                } else if b.ty.is_pointer() && matches!(a.kind, ExprKind::IntLit(0)) {
                    b.ty.clone()
                } else if let Some(t) = composite_pointer(&a.ty, &b.ty) {
                    t
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

    /// `object.name` for a struct or union object.
    pub(super) fn member(
        &mut self,
        object: Expr,
        r: &std::rc::Rc<Record>,
        name: &str,
        span: Span,
    ) -> Expr {
        self.check_class(r, &span);
        let (object, name) = self.qualified_member(object, name.to_string(), &span);
        let CType::Record(r) = object.ty.clone() else {
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        let name = name.as_str();
        match r.member_path(name) {
            Found::One(steps, offset, ty) => {
                // A base's member: through the base class subobjects.
                let mut object = object;
                for (off, b) in steps {
                    let lvalue = object.lvalue;
                    object = Expr {
                        kind: ExprKind::Field(Box::new(object), off, String::new()),
                        span: span.clone(),
                        ty: CType::Record(b),
                        lvalue,
                    };
                }
                // A reference member names the object its field points to.
                if let CType::Ref { pointee, konst } = ty {
                    let address = Expr {
                        lvalue: object.lvalue,
                        kind: ExprKind::Field(Box::new(object), offset, name.to_string()),
                        span: span.clone(),
                        ty: CType::Ptr {
                            pointee: pointee.clone(),
                            konst,
                            volatile: false,
                        },
                    };
                    return Expr {
                        kind: ExprKind::Unary(UnOp::Deref, Box::new(address)),
                        span,
                        ty: *pointee,
                        lvalue: true,
                    };
                }
                Expr {
                    lvalue: object.lvalue,
                    kind: ExprKind::Field(Box::new(object), offset, name.to_string()),
                    span,
                    ty,
                }
            }
            Found::Ambiguous => {
                let msg = format!("\"{}::{name}\" is ambiguous", r.name.borrow());
                self.err(&span, msg);
                mk(ExprKind::IntLit(0), span, CType::INT)
            }
            Found::None => {
                // `f.num_elements`: an enumerator or constant of the class
                // or a base, named through an object.
                if let Some(e) = self.class_constant(&r, name, &span) {
                    return e;
                }
                let msg = format!("class \"{}\" has no member \"{name}\"", object.ty);
                self.err(&span, msg);
                mk(ExprKind::IntLit(0), span, CType::INT)
            }
        }
    }

    /// The enumerator or constant `name` of class `r` or of its bases.
    fn class_constant(&self, r: &std::rc::Rc<Record>, name: &str, span: &Span) -> Option<Expr> {
        let mut todo = vec![r.clone()];
        let mut depth = 0;
        while let Some(c) = todo.pop() {
            depth += 1;
            if depth > 64 {
                break;
            }
            let key = format!("{}::{name}", c.name.borrow());
            if let Some(e) = self.named_constant(&key, span) {
                return Some(e);
            }
            todo.extend(c.bases().into_iter().map(|(_, b)| b));
        }
        None
    }

    /// `make_float4(x, y, z, w)`: a vector from its members.
    pub(super) fn make_vector(&mut self, ty: CType, args: Vec<Expr>, span: Span) -> Expr {
        let CType::Record(r) = &ty else {
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        let fields: Vec<(u64, CType)> = r
            .layout()
            .map(|l| l.fields.iter().map(|f| (f.offset, f.ty.clone())).collect())
            .unwrap_or_default();
        if args.len() < fields.len() {
            self.err(&span, "too few arguments in function call");
        } else if args.len() > fields.len() {
            self.err(&span, "too many arguments in function call");
        }
        let mut members = Vec::new();
        for (k, (a, (off, fty))) in args.into_iter().zip(fields).enumerate() {
            let a = self.rvalue(a);
            let what = format!("initialize a parameter (argument {})", k + 1);
            members.push((off, self.assign_convert(a, &fty, &what)));
        }
        mk(ExprKind::RecordInit(members), span, ty)
    }

    /// An assignment's or increment's operand: a modifiable lvalue.
    fn check_modifiable(&mut self, e: &Expr) {
        if !e.lvalue || matches!(e.ty, CType::Array(..)) || self.is_const_lvalue(e) {
            self.err(&e.span, "expression must be a modifiable lvalue");
        }
    }

    /// A unary operator on an operand as written.
    fn unary(&mut self, op: UnOp, inner: Expr, span: Span) -> Expr {
        match op {
            UnOp::AddrOf => {
                let inner = self.expr(inner);
                if let ExprKind::Field(object, _, name) = &inner.kind {
                    if let CType::Record(r) = &object.ty {
                        if r.bitfield(name).is_some() {
                            self.err(&span, "taking the address of a bit field is not allowed");
                        }
                    }
                }
                // `&f`: the function's address, as `f` is.
                if matches!(inner.kind, ExprKind::FuncAddr(_)) {
                    return inner;
                }
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
                // `*fp`: the function, which decays to its address again.
                if inner.ty.function_pointee().is_some() {
                    return Expr {
                        lvalue: false,
                        ..inner
                    };
                }
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
                if inner.ty.is_record() {
                    // `++it`: `operator++()`; `it++`: `operator++(int)`.
                    let sym = if matches!(op, UnOp::PreInc | UnOp::PostInc) {
                        "++"
                    } else {
                        "--"
                    };
                    let mut operands = vec![inner];
                    if matches!(op, UnOp::PostInc | UnOp::PostDec) {
                        operands.push(mk(ExprKind::IntLit(0), span.clone(), CType::INT));
                    }
                    return match self.operator_call(sym, operands, &span) {
                        Ok(call) => call,
                        Err(ops) => {
                            let ty = ops.first().map(|o| o.ty.to_string()).unwrap_or_default();
                            let msg = format!("no operator \"{sym}\" matches these operands (operand types are: {sym}{ty})");
                            self.err(&span, msg);
                            mk(ExprKind::IntLit(0), span, CType::INT)
                        }
                    };
                }
                self.check_modifiable(&inner);
                self.no_function_arithmetic(&inner);
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
                let inner = match self.operator_call(sym, vec![inner], &span) {
                    Ok(call) => return call,
                    Err(mut ops) => match ops.pop() {
                        Some(i) => self.user_conversion(i, None),
                        None => return mk(ExprKind::IntLit(0), span, CType::INT),
                    },
                };
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

    /// A binary operator on operands as written: the usual arithmetic
    /// conversions, pointer arithmetic and comparisons, `&&` and `||`.
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
        let (a, b) = match self.operator_call(op.spelling(), vec![a, b], &span) {
            Ok(call) => return call,
            Err(ops) => {
                // A class operand of a built-in operator: its conversion.
                let ops: Vec<Expr> = ops
                    .into_iter()
                    .map(|o| self.user_conversion(o, None))
                    .collect();
                let mut ops = ops.into_iter();
                let (Some(a), Some(b)) = (ops.next(), ops.next()) else {
                    return mk(ExprKind::IntLit(0), span, CType::INT);
                };
                (a, b)
            }
        };
        if a.ty.is_scoped_enum() || b.ty.is_scoped_enum() {
            if !(op.is_comparison() && a.ty == b.ty) {
                let msg = format!(
                    "no operator \"{}\" matches these operands (operand types are: {} {} {})",
                    op.spelling(),
                    a.ty,
                    op.spelling(),
                    b.ty
                );
                self.err(&span, msg);
                return mk(ExprKind::IntLit(0), span, CType::INT);
            }
            let t = promote(&a.ty);
            let (a, b) = (convert(a, &t), convert(b, &t));
            return mk(
                ExprKind::Binary(op, Box::new(a), Box::new(b)),
                span,
                CType::Bool,
            );
        }
        // Pointer arithmetic and comparison.
        if a.ty.is_pointer() || b.ty.is_pointer() {
            if matches!(op, BinOp::Add | BinOp::Sub) {
                self.no_function_arithmetic(&a);
                self.no_function_arithmetic(&b);
            }
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

/// The composite pointer type of two pointer operands of `?:` (C++'s
/// [expr.type]): pointers to one type under different qualifiers meet in
/// the pointer to that type with both sets (`int *` and `const int *` give
/// `const int *`); a pointer to `void` with any object pointer gives
/// `void *`, qualified likewise.
fn composite_pointer(a: &CType, b: &CType) -> Option<CType> {
    let (
        CType::Ptr {
            pointee: pa,
            konst: ka,
            volatile: va,
        },
        CType::Ptr {
            pointee: pb,
            konst: kb,
            volatile: vb,
        },
    ) = (a, b)
    else {
        return None;
    };
    let pointee = if pa == pb || (matches!(**pa, CType::Void) && !matches!(**pb, CType::Func(_))) {
        pa.clone()
    } else if matches!(**pb, CType::Void) && !matches!(**pa, CType::Func(_)) {
        pb.clone()
    } else {
        return None;
    };
    Some(CType::Ptr {
        pointee,
        konst: *ka || *kb,
        volatile: *va || *vb,
    })
}
