//! Virtual functions in device code (the Itanium ABI as nvcc compiles it):
//! a polymorphic object's first 8 bytes hold its class's vtable address
//! plus 16 (stored by its constructors, `vptr_store`); a call of a virtual
//! member function that is not qualified (`p->area()`, not
//! `Shape::area()`) loads the function's address from that table and calls
//! through it (`virtual_call`). The tables themselves are made by the
//! parser (`Parser::make_vtable`), their destructors' bodies here
//! (`destructor_body`).
//!
//! Device `new` and `delete` (the parser's `__ptxlab_new` and
//! `__ptxlab_delete` calls) as nvcc compiles them: `malloc` then the
//! constructor; a null check, then the virtual deleting destructor (`D0`,
//! which frees) or `free`.

use super::*;

impl Checker<'_> {
    /// `this`'s vptr set to class `r`'s table: `*(void **)&object =
    /// &_ZTV…[2]`; `None` for a class without virtual functions.
    pub(super) fn vptr_store(&mut self, object: Expr, r: &Rc<Record>, span: &Span) -> Option<Expr> {
        let table = r.vtable()?;
        let id = self.globals.iter().position(|g| g.name == table.symbol)?;
        let word = void_ptr();
        let global = Expr {
            kind: ExprKind::Global(id),
            span: span.clone(),
            ty: self.globals[id].ty.clone(),
            lvalue: true,
        };
        let base = self.decay(global);
        let first = Expr {
            kind: ExprKind::Index(
                Box::new(base),
                Box::new(mk(
                    ExprKind::IntLit(VTable::HEADER / 8),
                    span.clone(),
                    CType::Int(IntKind::Long),
                )),
            ),
            span: span.clone(),
            ty: word.clone(),
            lvalue: true,
        };
        let target = mk(
            ExprKind::Unary(UnOp::AddrOf, Box::new(first)),
            span.clone(),
            CType::ptr_to(word),
        );
        let vptr = cast(target, void_ptr());
        let slot = self.vptr_of(object, span);
        let ty = slot.ty.clone();
        Some(mk(
            ExprKind::Assign(None, Box::new(slot), Box::new(vptr)),
            span.clone(),
            ty,
        ))
    }

    /// The statements of the destructors a class's vtable names, when
    /// `symbol` is one of them (else none): the complete destructor (`D1`)
    /// sets the vptr to its class's table and destroys the primary base
    /// (its `D1`); the deleting one (`D0`) runs `D1` and frees the object.
    /// (A user-written destructor must do nothing else: the parser refuses
    /// one that does.)
    pub(super) fn destructor_body(
        &mut self,
        r: &Rc<Record>,
        symbol: &str,
        span: &Span,
    ) -> Vec<Expr> {
        let Some((d1, d0, base)) = r.vtable().and_then(|t| t.dtor.clone()) else {
            return Vec::new();
        };
        let Some(object) = self.this_object(span) else {
            return Vec::new();
        };
        let this = self.address_of(object.clone());
        let call = |cx: &mut Self, callee: &str, arg: Expr| {
            cx.inst.borrow_mut().use_symbol(callee);
            mk(
                ExprKind::Call(callee.to_string(), vec![arg]),
                span.clone(),
                CType::Void,
            )
        };
        if symbol == d1 {
            let mut out: Vec<Expr> = self.vptr_store(object, r, span).into_iter().collect();
            if let Some(b) = base {
                let CType::Ptr { .. } = &this.ty else {
                    return out;
                };
                out.push(call(self, &b, cast(this, void_ptr())));
            }
            out
        } else if symbol == d0 {
            vec![
                call(self, &d1, this.clone()),
                call(self, "free", cast(this, void_ptr())),
            ]
        } else {
            Vec::new()
        }
    }

    /// The vptr of a polymorphic object, an lvalue of type `void *`.
    fn vptr_of(&mut self, object: Expr, span: &Span) -> Expr {
        let this = self.address_of(object);
        self.vptr_at(this, span)
    }

    /// The vptr of the polymorphic object `this` points to.
    fn vptr_at(&mut self, this: Expr, span: &Span) -> Expr {
        let slot = cast(this, CType::ptr_to(void_ptr()));
        Expr {
            kind: ExprKind::Unary(UnOp::Deref, Box::new(slot)),
            span: span.clone(),
            ty: void_ptr(),
            lvalue: true,
        }
    }

    /// A member function's call made virtual where `sig` is a virtual
    /// function of its class and the call is not qualified: the callee
    /// loaded from the object's vtable. `call` is the direct call
    /// `call_signature` made (`this` its first argument).
    pub(super) fn virtual_call(&mut self, sig: &Signature, call: Expr) -> Expr {
        if self.qualified_call || !sig.method {
            return call;
        }
        let Some(CType::Ptr { pointee, konst, .. }) = sig.params.first() else {
            return call;
        };
        let CType::Record(r) = &**pointee else {
            return call;
        };
        let Some(table) = r.vtable() else {
            return call;
        };
        let name = super::super::lookup::last_part(&sig.name).to_string();
        let Some(slot) = table.slot(&name, &sig.params[1..], *konst) else {
            return call;
        };
        let span = call.span.clone();
        let ExprKind::Call(_, args) = call.kind else {
            self.err(
                &span,
                "a virtual function returning a reference is not supported yet",
            );
            return call;
        };
        if call.ty.is_record() || sig.params.iter().any(|p| p.is_record() || p.is_ref()) {
            self.err(
                &span,
                "a virtual function with a struct or reference parameter or a struct result is not supported yet",
            );
            return mk(ExprKind::IntLit(0), span, call.ty);
        }
        self.dispatch(
            slot,
            sig.ret.clone(),
            sig.params.clone(),
            args,
            call.ty,
            &span,
        )
    }

    /// A call through slot `slot` of the vtable of the object `args[0]`
    /// points to.
    pub(super) fn dispatch(
        &mut self,
        slot: usize,
        ret: CType,
        params: Vec<CType>,
        args: Vec<Expr>,
        ty: CType,
        span: &Span,
    ) -> Expr {
        let fty = CType::ptr_to(CType::Func(Rc::new(FuncType {
            ret,
            params,
            variadic: false,
        })));
        let this = args[0].clone();
        let vptr = self.vptr_at(this, span);
        let vptr = Expr {
            lvalue: false,
            ..vptr
        };
        let table = cast(vptr, CType::ptr_to(fty.clone()));
        let entry = Expr {
            kind: ExprKind::Index(
                Box::new(table),
                Box::new(mk(
                    ExprKind::IntLit(slot as u64),
                    span.clone(),
                    CType::Int(IntKind::Long),
                )),
            ),
            span: span.clone(),
            ty: fty,
            lvalue: true,
        };
        let callee = Expr {
            lvalue: false,
            ..entry
        };
        mk(ExprKind::CallPtr(Box::new(callee), args), span.clone(), ty)
    }
}

impl Checker<'_> {
    /// `new T(args)` (`args`: `[T(args)]`, `[sizeof(T)]` without an
    /// initializer, `[sizeof(T), n]` for `new T[n]`): a hidden pointer set
    /// to `malloc`'s block, the object made in it, the pointer the value.
    pub(super) fn new_expr(&mut self, args: Vec<Expr>, span: Span) -> Expr {
        let mut args = args.into_iter();
        let (ty, init, count) = match (args.next(), args.next()) {
            (
                Some(Expr {
                    kind: ExprKind::Construct(t, a, braced),
                    ..
                }),
                None,
            ) => (t, Some((a, braced)), None),
            (
                Some(Expr {
                    kind: ExprKind::SizeofType(t),
                    ..
                }),
                n,
            ) => (t, None, n),
            _ => return mk(ExprKind::IntLit(0), span, CType::INT),
        };
        let Some(size) = ty.size().filter(|_| ty != CType::Void) else {
            self.err(&span, format!("incomplete type \"{ty}\" is not allowed"));
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        if count.is_some() && self.needs_init(&ty, 0) {
            self.err(
                &span,
                format!("new[] of a type that needs construction (\"{ty}\") is not supported yet"),
            );
        }
        let ulong = CType::Int(IntKind::ULong);
        let mut bytes = mk(ExprKind::IntLit(size), span.clone(), ulong.clone());
        if let Some(n) = count {
            let n = self.rvalue(n);
            if !n.ty.is_integer() {
                self.err(
                    &n.span,
                    "expression must have integral or unscoped enum type",
                );
            }
            let n = cast(n, ulong.clone());
            bytes = mk(
                ExprKind::Binary(BinOp::Mul, Box::new(n), Box::new(bytes)),
                span.clone(),
                ulong,
            );
        }
        let block = self.expr(mk(
            ExprKind::Call("malloc".into(), vec![bytes]),
            span.clone(),
            CType::Void,
        ));
        let pty = CType::ptr_to(ty.clone());
        let p = self.hidden_local("new", pty.clone(), &span);
        let mut steps = vec![mk(
            ExprKind::Assign(
                None,
                Box::new(p.clone()),
                Box::new(cast(block, pty.clone())),
            ),
            span.clone(),
            pty.clone(),
        )];
        let object = Expr {
            kind: ExprKind::Unary(UnOp::Deref, Box::new(rvalue_of(&p))),
            span: span.clone(),
            ty: ty.clone(),
            lvalue: true,
        };
        match init {
            Some((a, braced)) => steps.extend(self.init_object(object, a, braced, &span)),
            None => steps.extend(self.default_init(object, &span, 0)),
        }
        let mut value = rvalue_of(&p);
        while let Some(step) = steps.pop() {
            value = mk(
                ExprKind::Comma(Box::new(step), Box::new(value)),
                span.clone(),
                pty.clone(),
            );
        }
        value
    }

    /// `delete p` (and `delete[] p`): nothing for a null `p`; else the
    /// virtual deleting destructor of a class with a virtual destructor,
    /// otherwise `free(p)` (destructors do nothing in device code yet).
    pub(super) fn delete_expr(&mut self, args: Vec<Expr>, span: Span) -> Expr {
        let Some(e) = args.into_iter().next() else {
            return mk(ExprKind::IntLit(0), span, CType::Void);
        };
        let e = self.rvalue(e);
        let Some(pointee) = e.ty.pointee().cloned() else {
            self.err(&span, "expression must have pointer-to-object type");
            return mk(ExprKind::IntLit(0), span, CType::Void);
        };
        let d = self.hidden_local("del", e.ty.clone(), &span);
        let set = mk(
            ExprKind::Assign(None, Box::new(d.clone()), Box::new(e.clone())),
            span.clone(),
            e.ty.clone(),
        );
        let ptr = rvalue_of(&d);
        let dtor = match &pointee {
            CType::Record(r) => r.vtable().and_then(|t| {
                t.dtor.as_ref()?;
                t.slots.iter().position(|s| s.name == "~D0")
            }),
            _ => None,
        };
        let call = match dtor {
            Some(slot) => {
                let this = cast(ptr.clone(), CType::ptr_to(pointee.clone()));
                self.dispatch(
                    slot,
                    CType::Void,
                    vec![this.ty.clone()],
                    vec![this],
                    CType::Void,
                    &span,
                )
            }
            None => {
                self.inst.borrow_mut().use_symbol("free");
                mk(
                    ExprKind::Call("free".into(), vec![cast(ptr.clone(), void_ptr())]),
                    span.clone(),
                    CType::Void,
                )
            }
        };
        let zero = || mk(ExprKind::IntLit(0), span.clone(), CType::INT);
        let then = mk(
            ExprKind::Comma(Box::new(call), Box::new(zero())),
            span.clone(),
            CType::INT,
        );
        let checked = mk(
            ExprKind::Cond(Box::new(ptr), Box::new(then), Box::new(zero())),
            span.clone(),
            CType::INT,
        );
        mk(
            ExprKind::Comma(Box::new(set), Box::new(checked)),
            span,
            CType::INT,
        )
    }
}

/// The value an lvalue holds (a variable read).
fn rvalue_of(e: &Expr) -> Expr {
    Expr {
        lvalue: false,
        ..e.clone()
    }
}

fn void_ptr() -> CType {
    CType::ptr_to(CType::Void)
}

/// An explicit conversion of `e` to `ty`.
fn cast(e: Expr, ty: CType) -> Expr {
    let span = e.span.clone();
    Expr {
        kind: ExprKind::Cast {
            expr: Box::new(e),
            implicit: false,
        },
        span,
        ty,
        lvalue: false,
    }
}
