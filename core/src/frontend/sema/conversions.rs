//! Sema's implicit conversions, made explicit as `Cast { implicit: true }`:
//! C's integer promotion, the usual arithmetic conversions, array-to-pointer
//! decay of a value, assignment conversions (with nvcc's messages when a
//! value cannot be converted), and the checks on arithmetic operands.

use super::*;

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
        CType::Enum(e) => promote(&CType::Int(e.underlying)),
        CType::Int(k) if k.rank() < IntKind::Int.rank() => CType::INT,
        t => t.clone(),
    }
}

/// The usual arithmetic conversions (C11 6.3.1.8).
pub fn common_type(a: &CType, b: &CType) -> CType {
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
    /// Types an expression used for its value: arrays decay to pointers.
    pub(super) fn rvalue(&mut self, e: Expr) -> Expr {
        let e = self.expr(e);
        if let CType::Array(elem, _) = &e.ty {
            let ty = CType::ptr_to((**elem).clone());
            return convert(e, &ty);
        }
        e
    }

    /// [`Self::rvalue`] of an expression converted to `to` next: an
    /// overloaded function named there is the overload of `to`'s type.
    pub(super) fn rvalue_for(&mut self, e: Expr, to: &CType) -> Expr {
        self.fn_target = to.unref().function_pointee().cloned();
        let e = self.rvalue(e);
        self.fn_target = None;
        e
    }

    /// `e` converted to `to` as by assignment (also for initializing and
    /// returning, `what` says which in messages): a class's conversion
    /// function, derived to base, then C's rules.
    pub(super) fn assign_convert(&mut self, e: Expr, to: &CType, what: &str) -> Expr {
        // A class with a constructor taking exactly the value's class
        // (`thread_group g = block;`): that constructor.
        if let (CType::Record(r), true) = (to, e.ty.is_record() && e.ty != *to) {
            let takes = self.constructors(r).iter().any(|c| {
                c.params.len() == 2
                    && c.defaults.get(1).is_none_or(|d| d.is_none())
                    && *c.params[1].unref() == e.ty
            });
            if takes && !Self::is_base_pointer(&e.ty, to) {
                let span = e.span.clone();
                return self.construct(to.clone(), vec![e], false, span);
            }
        }
        // A scalar to a class with a converting constructor from a scalar it
        // converts to (`__half h = 1.5f;`, `f(x)` with an `__half`
        // parameter): that constructor, chosen by overload resolution.
        if let (CType::Record(r), false) = (to, e.ty.is_record()) {
            let scalar_ok = |p: &CType| match (p.unref(), &e.ty) {
                (p, a) if p.is_arithmetic() && a.is_arithmetic() => {
                    !p.is_scoped_enum() && !a.is_scoped_enum()
                }
                (p, a) => p == a,
            };
            let takes = self.constructors(r).iter().any(|c| {
                c.params.len() >= 2
                    && c.defaults.iter().skip(2).all(|d| d.is_some())
                    && scalar_ok(&c.params[1])
            });
            if takes {
                let span = e.span.clone();
                return self.construct(to.clone(), vec![e], false, span);
            }
        }
        let e = if e.ty.is_record() && e.ty != *to {
            let v = self.user_conversion(e, Some(to));
            if !v.ty.is_record() {
                return self.assign_convert(v, to, what);
            }
            v
        } else {
            e
        };
        // Derived to base: a pointer to the base subobject, the base
        // subobject copied.
        if Self::is_base_pointer(&e.ty, to) {
            let span = e.span.clone();
            return self.class_pointer_cast(e, to, &span);
        }
        let e = match to {
            CType::Record(b) if e.ty.is_record() => {
                let span = e.span.clone();
                self.class_value(e, b, &span)
            }
            _ => e,
        };
        let ok = match (&e.ty, to) {
            (a, b) if a.is_scoped_enum() || b.is_scoped_enum() => a == b,
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
            ) => {
                if matches!(**pa, CType::Func(_)) || matches!(**pb, CType::Func(_)) {
                    pa == pb
                } else {
                    (pa == pb && (!ka || *kb)) || **pa == CType::Void || **pb == CType::Void
                }
            }
            (CType::Int(_), CType::Ptr { .. }) => matches!(e.kind, ExprKind::IntLit(0)),
            (a, b) if a.is_record() => a == b,
            // `dim3 d = blockDim;`, `uint3 t = threadIdx;`
            (CType::Builtin(v), CType::Record(r)) => {
                r.name.borrow().as_str()
                    == match v {
                        BuiltinVar::BlockDim | BuiltinVar::GridDim => "dim3",
                        _ => "uint3",
                    }
            }
            _ => false,
        };
        if !ok && (e.ty.is_record() || to.is_record()) {
            let msg = format!(
                "no suitable conversion function from \"{}\" to \"{}\" exists",
                e.ty, to
            );
            self.err(&e.span, msg);
            return e;
        }
        if !ok {
            // nvcc's words: "cannot be assigned to an entity", "cannot be
            // used to initialize an entity".
            let msg = match what {
                "assign to an entity" => format!(
                    "a value of type \"{}\" cannot be assigned to an entity of type \"{}\"",
                    e.ty, to
                ),
                _ => format!(
                    "a value of type \"{}\" cannot be used to {} of type \"{}\"",
                    e.ty, what, to
                ),
            };
            self.err(&e.span, msg);
            return e;
        }
        convert(e, to)
    }

    /// Whether `e` may be an operand of arithmetic operator `op`
    /// (reported when not).
    pub(super) fn arith_operand(&mut self, e: &Expr, op: &str) -> bool {
        if e.ty.is_arithmetic() {
            return true;
        }
        if e.ty.is_record() {
            self.err(
                &e.span,
                format!("no operator \"{op}\" matches these operands"),
            );
            return false;
        }
        let msg = format!(
            "expression must have arithmetic type (operator \"{}\") but it has type \"{}\"",
            op, e.ty
        );
        self.err(&e.span, msg);
        false
    }

    /// Arithmetic on a pointer to function: nvcc's error (a function has
    /// no size to step by).
    pub(super) fn no_function_arithmetic(&mut self, e: &Expr) {
        if e.ty.function_pointee().is_some() {
            self.err(
                &e.span,
                "expression must be a pointer to a complete object type",
            );
        }
    }
}
