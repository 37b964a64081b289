//! Sema's overload resolution, for functions, member functions, operators
//! and constructors: how well each argument fits each candidate's parameter
//! (C++'s ranks), the best viable candidate (better for one argument and no
//! worse for any), and the call of the one chosen (arguments converted,
//! references bound, defaults added, the object's address first for a
//! member function).

use super::*;

/// How well an argument fits a parameter (C++'s ranks; lower is better).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rank {
    Exact,
    /// Exact but for an added `const` (binding `const T&` to a `T`, `T *`
    /// to `const T *`).
    Qualified,
    Promotion,
    Conversion,
}

/// What a call names, for messages.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum CallKind {
    Function,
    Operator,
    Constructor,
}

impl<'a> Checker<'a> {
    /// How well the typed argument `a` fits a parameter of type `p`; `None`
    /// when it does not.
    pub(super) fn rank(&self, a: &Expr, p: &CType) -> Option<Rank> {
        if let CType::Ref { pointee, konst } = p {
            if a.lvalue && a.ty == **pointee {
                return Some(if *konst { Rank::Qualified } else { Rank::Exact });
            }
            // Derived to base: a conversion.
            if let (CType::Record(d), CType::Record(b)) = (&a.ty, &**pointee) {
                if (a.lvalue || *konst) && d.derives_from(b) {
                    return Some(Rank::Conversion);
                }
            }
            if !konst {
                return None;
            }
            return self.rank(&rvalue_of(a), pointee);
        }
        let at = match &a.ty {
            CType::Array(e, _) => CType::ptr_to((**e).clone()),
            t => t.clone(),
        };
        if at == *p {
            return Some(Rank::Exact);
        }
        if at.is_scoped_enum() || p.is_scoped_enum() {
            return None;
        }
        match (&at, p) {
            (
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
            ) => {
                if pa == pb && ka == kb && va == vb {
                    Some(Rank::Exact)
                } else if pa == pb && (!ka || *kb) && (!va || *vb) {
                    // `T *` to `const T *`: worse than none (C++'s
                    // qualification conversion).
                    Some(Rank::Qualified)
                } else if Self::is_base_pointer(&at, p) {
                    Some(Rank::Conversion)
                } else if (**pb == CType::Void && (!ka || *kb))
                    || (matches!(a.kind, ExprKind::IntLit(0)) && **pa == CType::Void)
                {
                    // To `void *`, or `nullptr` to any pointer.
                    Some(Rank::Conversion)
                } else {
                    None
                }
            }
            (CType::Int(_), CType::Ptr { .. }) if matches!(a.kind, ExprKind::IntLit(0)) => {
                Some(Rank::Conversion)
            }
            (CType::Ptr { .. }, CType::Bool) => Some(Rank::Conversion),
            (x, y) if x.is_arithmetic() && y.is_arithmetic() => {
                let promotion = (x.is_integer() && *y == promote(x) && *y != *x)
                    || (*x == CType::Float && *y == CType::Double);
                Some(if promotion {
                    Rank::Promotion
                } else {
                    Rank::Conversion
                })
            }
            (CType::Builtin(_), CType::Record(_)) => Some(Rank::Exact),
            (CType::Record(d), CType::Record(b)) if d.derives_from(b) => Some(Rank::Conversion),
            _ => None,
        }
    }

    /// The ranks of one candidate's parameters against the arguments
    /// (`object` first for a member function); `None` when not viable.
    pub(super) fn ranks(
        &self,
        sig: &Signature,
        object: Option<&Expr>,
        args: &[Expr],
    ) -> Option<Vec<Rank>> {
        let mut ranks = Vec::new();
        let params: &[CType] = if sig.method {
            let object = object?;
            let CType::Ptr { konst, .. } = &sig.params[0] else {
                return None;
            };
            if !*konst && self.is_const_lvalue(object) {
                return None; // a non-const member function of a const object
            }
            ranks.push(if *konst && !self.is_const_lvalue(object) {
                Rank::Qualified
            } else {
                Rank::Exact
            });
            &sig.params[1..]
        } else {
            &sig.params
        };
        let defaults = &sig.defaults[sig.defaults.len() - params.len()..];
        if args.len() > params.len() && !sig.variadic {
            return None;
        }
        if args.len() < params.len() && defaults[args.len()].is_none() {
            return None;
        }
        for (a, p) in args.iter().zip(params) {
            ranks.push(self.rank(a, p)?);
        }
        Some(ranks)
    }

    /// Calls one of the functions of `set` named `name` with the arguments
    /// as written.
    pub(super) fn call_set(
        &mut self,
        name: &str,
        set: Vec<Signature>,
        args: Vec<Expr>,
        span: Span,
    ) -> Expr {
        // A lone function's function pointer parameters pick the overload
        // of a function named as their argument (`apply(twice, x)`).
        let params = match set.as_slice() {
            [s] if !s.method => s.params.clone(),
            _ => Vec::new(),
        };
        let mut args = args;
        type_braced_args(&set, &mut args);
        let mut typed = Vec::new();
        for (i, a) in args.into_iter().enumerate() {
            self.fn_target = params
                .get(i)
                .and_then(|p| p.unref().function_pointee().cloned());
            typed.push(self.expr(a));
            self.fn_target = None;
        }
        let args = typed;
        let object = if set.iter().any(|s| s.method) {
            self.this_object(&span)
        } else {
            None
        };
        self.resolve_and_call(name, CallKind::Function, set, object, args, span)
    }

    /// Overload resolution among `set` and the call of the best candidate.
    /// With an object, member functions are called on it; for an operator,
    /// a free function takes the object as its first operand.
    pub(super) fn resolve_and_call(
        &mut self,
        name: &str,
        kind: CallKind,
        set: Vec<Signature>,
        object: Option<Expr>,
        args: Vec<Expr>,
        span: Span,
    ) -> Expr {
        let Some(sig) = self.resolve(name, kind, &set, object.as_ref(), &args, &span) else {
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        let ops = operands(kind, &sig, object.as_ref(), &args);
        self.call_signature(&sig, object, ops, span)
    }

    /// Overload resolution among `set` (see `resolve_and_call`): the best
    /// candidate, or `None` (reported).
    pub(super) fn resolve(
        &mut self,
        name: &str,
        kind: CallKind,
        set: &[Signature],
        object: Option<&Expr>,
        args: &[Expr],
        span: &Span,
    ) -> Option<Signature> {
        if set.len() == 1 && kind == CallKind::Function && !set[0].method {
            // One function: its own messages for each argument.
            return Some(set[0].clone());
        }
        let viable: Vec<(Signature, Vec<Rank>)> = set
            .iter()
            .filter_map(|s| {
                let ops = operands(kind, s, object, args);
                self.ranks(s, object, &ops).map(|r| (s.clone(), r))
            })
            .collect();
        let best: Vec<&(Signature, Vec<Rank>)> = viable
            .iter()
            .filter(|(c, rc)| {
                viable
                    .iter()
                    .all(|(d, rd)| std::ptr::eq(c, d) || better(rc, rd))
            })
            .collect();
        let types = {
            let all: Vec<&Expr> = object
                .into_iter()
                .filter(|_| kind == CallKind::Operator)
                .chain(args.iter())
                .collect();
            let names: Vec<String> = all.iter().map(|a| a.ty.to_string()).collect();
            if kind == CallKind::Operator {
                let op = name.trim_start_matches("operator");
                format!("operand types are: {}", names.join(&format!(" {op} ")))
            } else {
                format!("argument types are: ({})", names.join(", "))
            }
        };
        let what = match kind {
            CallKind::Function => format!("overloaded function \"{name}\""),
            CallKind::Constructor => format!("constructor \"{name}\""),
            CallKind::Operator => {
                format!("operator \"{}\"", name.trim_start_matches("operator"))
            }
        };
        match best.as_slice() {
            [(sig, _)] => Some(sig.clone()),
            [] if viable.is_empty() => {
                let msg = match kind {
                    CallKind::Operator => format!("no {what} matches these operands ({types})"),
                    _ => format!("no instance of {what} matches the argument list ({types})"),
                };
                self.err(span, msg);
                None
            }
            _ => {
                let msg = match kind {
                    CallKind::Operator => {
                        format!("more than one {what} matches these operands ({types})")
                    }
                    _ => format!(
                        "more than one instance of {what} matches the argument list ({types})"
                    ),
                };
                self.err(span, msg);
                None
            }
        }
    }

    /// The device runtime's function that device code calls for a runtime
    /// API function (`cudaGetErrorString` → `__cudaCDP2GetErrorString`), as
    /// nvcc's headers map them; `None` for any other host function.
    fn device_runtime_twin(&self, sig: &Signature) -> Option<Signature> {
        let rest = sig.name.strip_prefix("cuda")?;
        if sig.method || sig.symbol != sig.name {
            return None;
        }
        let set = self.sigs.get(&format!("__cudaCDP2{rest}"))?;
        set.iter().find(|t| t.params == sig.params).cloned()
    }

    /// The call of one function: arguments converted (references bound,
    /// defaults added), the object's address first for a member function.
    pub(super) fn call_signature(
        &mut self,
        sig: &Signature,
        object: Option<Expr>,
        args: Vec<Expr>,
        span: Span,
    ) -> Expr {
        let name = sig.name.clone();
        if sig.space == ExecSpace::Host && self.space.on_device() {
            if let Some(twin) = self.device_runtime_twin(sig) {
                return self.call_signature(&twin, object, args, span);
            }
            self.host_call_error(&name, sig.constexpr, &span);
        }
        let mut typed = Vec::new();
        let first = usize::from(sig.method);
        if sig.method {
            let Some(object) = object else {
                self.err(
                    &span,
                    "a nonstatic member reference must be relative to a specific object",
                );
                return mk(ExprKind::IntLit(0), span, CType::INT);
            };
            // A base's member function: on the base class subobject.
            let object = match pointee_record(&sig.params[0]) {
                Some(b) => self.class_value(object, &b, &span),
                None => object,
            };
            let this = self.address_of(object);
            typed.push(convert(this, &sig.params[0]));
        }
        let params = &sig.params[first..];
        let defaults = &sig.defaults[first..];
        let needed = defaults
            .iter()
            .position(|d| d.is_some())
            .unwrap_or(params.len());
        if args.len() < needed {
            self.err(&span, "too few arguments in function call");
        } else if args.len() > params.len() && !sig.variadic {
            self.err(&span, "too many arguments in function call");
        }
        let count = args.len();
        let defaulted = defaults
            .iter()
            .skip(count)
            .map_while(|d| d.clone())
            .map(|d| self.expr(d));
        let all: Vec<Expr> = args
            .into_iter()
            .chain(defaulted.collect::<Vec<_>>())
            .collect();
        for (i, a) in all.into_iter().enumerate() {
            let what = format!("initialize a parameter (argument {})", i + 1);
            let a = match params.get(i) {
                Some(CType::Ref { pointee, konst }) => self.bind_ref(a, pointee, *konst, &what),
                Some(p) => {
                    let a = self.decay(a);
                    self.assign_convert(a, p, &what)
                }
                None => {
                    // Default argument promotions for `...`.
                    let a = self.decay(a);
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
        let symbol = sig.symbol.clone();
        self.inst.borrow_mut().use_symbol(&symbol);
        // `auto f()`: its return type, worked out now if not yet.
        let ret = if sig.ret.is_deduced() {
            self.deduced_return(&symbol, &span)
        } else {
            sig.ret.clone()
        };
        match &ret {
            CType::Ref { pointee, konst } => {
                let ptr = CType::Ptr {
                    pointee: pointee.clone(),
                    konst: *konst,
                    volatile: false,
                };
                let call = mk(ExprKind::Call(symbol, typed), span.clone(), ptr);
                Expr {
                    kind: ExprKind::Unary(UnOp::Deref, Box::new(call)),
                    span,
                    ty: (**pointee).clone(),
                    lvalue: true,
                }
            }
            ret => {
                let call = mk(ExprKind::Call(symbol, typed), span, ret.clone());
                self.virtual_call(sig, call)
            }
        }
    }
}

/// Whether candidate ranks `a` are better than `b`: no worse for any
/// argument and better for one.
pub(super) fn better(a: &[Rank], b: &[Rank]) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| x <= y)
        && a.iter().zip(b).any(|(x, y)| x < y)
}

/// The same expression seen as a value (for ranking a conversion).
fn rvalue_of(a: &Expr) -> Expr {
    Expr {
        lvalue: false,
        ..a.clone()
    }
}

/// The operands a candidate takes: for an operator, a free function takes
/// the object as its first operand.
fn operands(kind: CallKind, sig: &Signature, object: Option<&Expr>, args: &[Expr]) -> Vec<Expr> {
    match (object, sig.method, kind) {
        (Some(o), false, CallKind::Operator) => std::iter::once(o.clone())
            .chain(args.iter().cloned())
            .collect(),
        _ => args.to_vec(),
    }
}

/// The class a pointer (`this`) points to.
fn pointee_record(t: &CType) -> Option<std::rc::Rc<Record>> {
    match t.pointee() {
        Some(CType::Record(r)) => Some(r.clone()),
        _ => None,
    }
}

/// `f({a, b})`: each braced list argument takes its parameter's type where
/// every candidate that can take that many arguments has the same one
/// there (overload resolution by a list's elements is not done).
pub(super) fn type_braced_args(set: &[Signature], args: &mut [Expr]) {
    let n = args.len();
    for (i, a) in args.iter_mut().enumerate() {
        let ExprKind::Construct(t @ CType::Auto, _, true) = &mut a.kind else {
            continue;
        };
        let mut found: Option<&CType> = None;
        let mut agree = true;
        for s in set {
            let own = usize::from(s.method);
            let params = &s.params[own.min(s.params.len())..];
            if params.len() < n && !s.variadic {
                continue;
            }
            let Some(p) = params.get(i) else { continue };
            match found {
                Some(f) if f.unref() != p.unref() => agree = false,
                _ => found = Some(p),
            }
        }
        if let (Some(p), true) = (found, agree) {
            *t = p.unref().clone();
        }
    }
}
