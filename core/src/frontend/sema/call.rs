//! Sema's calls: of a named function (or of a class variable's
//! `operator()`), through a pointer to function, of a built-in (an
//! overload of the `builtins` table); a function named without a call
//! (its address), and the messages for undefined names and for device code
//! calling host functions. Overload resolution is in `overload`.

use super::*;
use crate::frontend::{builtins, lookup};

impl<'a> Checker<'a> {
    /// A call of a name (`f(x)`, `N::f(x)`): of a variable (its
    /// `operator()`, or the function it points to), of an overload set, a
    /// vector constructor, a built-in or a function template.
    pub(super) fn call(&mut self, name: String, args: Vec<Expr>, span: Span) -> Expr {
        // `Base::f(x)` in a member function: the base's own `f`, never
        // dispatched through the vtable.
        let outer = std::mem::replace(&mut self.qualified_call, name.contains("::"));
        let call = self.call_named(name, args, span);
        self.qualified_call = outer;
        call
    }

    fn call_named(&mut self, name: String, args: Vec<Expr>, span: Span) -> Expr {
        // `op(a, b)` with `op` a variable of class type: its `operator()`.
        if let Some(Binding::Local(id)) = self.lookup(&name) {
            let ty = match &self.locals[id].ty {
                CType::Ref { pointee, .. } => &**pointee,
                t => t,
            };
            if matches!(ty, CType::Record(_)) {
                let object = mk(ExprKind::Ident(name), span.clone(), CType::Void);
                return self.member_call(object, "operator()".into(), args, span);
            }
        }
        // In a member function (a lambda's `operator()` among them), `f(x)`
        // with `f` a data member of class type (a captured lambda): its
        // `operator()`.
        if self.lookup(&name).is_none() {
            if let Some(r) = self.class.clone() {
                let ty = match r.member_path(&name) {
                    Found::One(_, _, ty) => ty,
                    _ => CType::Void,
                };
                if matches!(ty.unref(), CType::Record(_)) {
                    let object = mk(ExprKind::Ident(name), span.clone(), CType::Void);
                    return self.member_call(object, "operator()".into(), args, span);
                }
            }
        }
        // `fp(x)` with `fp` a variable holding a function's address (or
        // any other variable, which sema reports).
        let variable = match self.lookup(&name) {
            Some(Binding::Local(_)) => true,
            Some(Binding::Global(id)) => self.globals.get(id).is_some(),
            None => false,
        };
        if variable {
            let callee = mk(ExprKind::Ident(name), span.clone(), CType::Void);
            return self.call_through(callee, args, span);
        }
        if let Some(set) = self
            .function_set(&name)
            .filter(|s| !self.prefers_builtin(&name, s, &args))
        {
            // Function templates of the same name are overloads too.
            let defs = self.templates_beside(&set);
            if !defs.is_empty() {
                // Member functions beside member templates: on `*this`.
                let object = if set.iter().any(|s| s.method) {
                    self.this_object(&span)
                } else {
                    None
                };
                return self.overloaded_call(&name, set, defs, Vec::new(), args, span, object);
            }
            // A built-in the program overloads (helper_math.h's
            // `fminf(float2, float2)` beside `fminf(float, float)`): the
            // built-in when none of the program's overloads takes the call.
            if let Some(b) = builtins::position(&name).filter(|_| set.iter().all(|s| !s.method)) {
                let before = self.diags.len();
                let call = self.call_set(&name, set, args.clone(), span.clone());
                if self.diags[before..].iter().all(|d| !d.is_error()) {
                    return call;
                }
                self.diags.truncate(before);
                return self.builtin_call(b, args, span);
            }
            return self.call_set(&name, set, args, span);
        }
        if let Some(t) = name
            .strip_prefix("make_")
            .and_then(|v| self.vector_types.get(v))
        {
            return self.make_vector(t.clone(), args, span);
        }
        // Built-ins are functions of the global namespace (`std::sqrt` is
        // `sqrt` by <cmath>'s `using ::sqrt;`); the innermost scope that
        // has the name wins, and there a function beats a template (CUDA's
        // `min(float, float)` over `std::min` after `using namespace std`).
        for c in self.candidates(&name) {
            if self.inst.borrow().templates.functions(&c).is_empty() {
                if let Some(b) = builtins::position(&c) {
                    return self.builtin_call(b, args, span);
                }
                continue;
            }
            // Templates of the name beside a built-in of it (CUB's
            // `__shfl_up_sync` for any type, a file's four-operand `fma`):
            // as in C++, the built-in where it takes the arguments exactly
            // (a non-template function beats a template's instance), else
            // the template where it takes them, else the built-in.
            let builtin = builtins::position(&c)
                .or_else(|| builtins::position(&name).filter(|_| !name.contains("::")));
            let Some(b) = builtin else {
                return self.template_call(c, Vec::new(), args, span);
            };
            if self.builtin_exact(b, &args) {
                return self.builtin_call(b, args, span);
            }
            let (locals, before) = (self.locals.len(), self.diags.len());
            let call = self.template_call(c, Vec::new(), args.clone(), span.clone());
            if self.diags[before..].iter().all(|d| !d.is_error()) {
                return call;
            }
            self.locals.truncate(locals);
            self.diags.truncate(before);
            return self.builtin_call(b, args, span);
        }
        if let Some(found) = self.associated_function(&name, &args) {
            return self.call(found, args, span);
        }
        self.undefined(&name, &span);
        mk(ExprKind::IntLit(0), span, CType::INT)
    }

    /// Argument-dependent lookup, where ordinary lookup found nothing: the
    /// function (or function template) `name` of the namespace of an
    /// argument's class or enumeration (`norm2(v)` with `v` a
    /// `gmx::BasicVector<float>` calls `gmx::norm2`).
    fn associated_function(&mut self, name: &str, args: &[Expr]) -> Option<String> {
        if name.contains("::") || args.is_empty() {
            return None;
        }
        let (locals, diags) = (self.locals.len(), self.diags.len());
        let types: Vec<CType> = args.iter().map(|a| self.expr(a.clone()).ty).collect();
        self.locals.truncate(locals);
        self.diags.truncate(diags);
        for t in types {
            let t = match t.unref() {
                CType::Ptr { pointee, .. } => (**pointee).clone(),
                t => t.clone(),
            };
            let class = match &t {
                CType::Record(r) => r.name.borrow().clone(),
                CType::Enum(e) => e.name.borrow().clone(),
                _ => continue,
            };
            let plain = class.split('<').next().unwrap_or_default();
            let Some((ns, _)) = plain.rsplit_once("::") else {
                continue;
            };
            let qualified = format!("{ns}::{name}");
            let namespace_fns = self
                .function_set(&qualified)
                .is_some_and(|set| set.iter().all(|s| !s.method));
            if namespace_fns
                || !self
                    .inst
                    .borrow()
                    .templates
                    .functions(&qualified)
                    .is_empty()
            {
                return Some(qualified);
            }
        }
        None
    }

    /// A call the file's own overloads of a CUDA function cannot take,
    /// where CUDA's own is an overload too (helper_math.h declares
    /// `make_float2(float s)` and `fminf(float2, float2)` beside CUDA's
    /// `make_float2(float, float)` and `fminf(float, float)`): CUDA's is
    /// called when none of the file's could take these arguments.
    fn prefers_builtin(&mut self, name: &str, set: &[Signature], args: &[Expr]) -> bool {
        let n = args.len();
        let vector = name
            .strip_prefix("make_")
            .and_then(|v| self.vector_types.get(v))
            .and_then(|t| match t {
                CType::Record(r) => r.layout().map(|l| l.fields.len()),
                _ => None,
            });
        let builtin = vector == Some(n)
            || builtins::find(name)
                .is_some_and(|b| builtins::overloads(b).iter().any(|o| o.params.len() == n));
        if !builtin {
            return false;
        }
        // The arguments' types: each checked as `decltype` checks, its
        // temporaries and messages dropped (the call checks them again).
        let (locals, diags) = (self.locals.len(), self.diags.len());
        let types: Vec<CType> = args.iter().map(|a| self.expr(a.clone()).ty).collect();
        self.locals.truncate(locals);
        self.diags.truncate(diags);
        !set.iter().any(|s| plausible(s, &types))
    }

    /// Whether an overload of built-in `index` takes the arguments (as
    /// written) with no conversion; their types found as `decltype` finds
    /// them, the temporaries and messages dropped.
    fn builtin_exact(&mut self, index: usize, args: &[Expr]) -> bool {
        let b = builtins::get(index);
        let (locals, diags) = (self.locals.len(), self.diags.len());
        let types: Vec<CType> = args
            .iter()
            .map(|a| self.expr(a.clone()).ty.unref().clone())
            .collect();
        self.locals.truncate(locals);
        self.diags.truncate(diags);
        builtins::overloads(b).iter().any(|o| {
            let n = o.params.len();
            let count = n == types.len() || (b.trailing_default.is_some() && n == types.len() + 1);
            count
                && o.params
                    .iter()
                    .zip(&types)
                    .all(|(p, t)| builtins::ctype(p) == *t)
        })
    }

    /// A call through a pointer to function (`fp(x)`, `(*fp)(x)`,
    /// `table[i](x)`): the arguments converted to its parameters.
    pub(super) fn call_through(&mut self, callee: Expr, args: Vec<Expr>, span: Span) -> Expr {
        // `[](int z) { … }(3)`: the closure's `operator()`.
        if matches!(callee.kind, ExprKind::Lambda(_)) {
            return self.member_call(callee, "operator()".into(), args, span);
        }
        // `Max()(a, b)`, `ops[i](x)`: an object of class type, its
        // `operator()` (the callee's type found as `decltype` finds it,
        // its temporaries and messages dropped: the call checks it again).
        let (locals, diags) = (self.locals.len(), self.diags.len());
        let is_record = self.expr(callee.clone()).ty.unref().is_record();
        self.locals.truncate(locals);
        self.diags.truncate(diags);
        if is_record {
            return self.member_call(callee, "operator()".into(), args, span);
        }
        let callee = self.rvalue(callee);
        self.call_pointer(callee, args, span)
    }

    /// [`Self::call_through`] with the callee already checked.
    pub(super) fn call_pointer(&mut self, callee: Expr, args: Vec<Expr>, span: Span) -> Expr {
        let Some(ft) = callee.ty.unref().function_pointee().cloned() else {
            if !callee.ty.is_record() {
                self.err(
                    &span,
                    "expression preceding parentheses of apparent call must have (pointer-to-) function type",
                );
            } else {
                self.err(&span, "no operator \"()\" matches these operands");
            }
            return mk(ExprKind::IntLit(0), span, CType::INT);
        };
        if args.len() < ft.params.len() {
            self.err(&span, "too few arguments in function call");
        } else if args.len() > ft.params.len() && !ft.variadic {
            self.err(&span, "too many arguments in function call");
        }
        if ft.variadic
            || ft.ret.is_record()
            || ft.params.iter().any(|p| p.is_record() || p.is_ref())
        {
            self.err(
                &span,
                "a call through a function pointer with a struct, reference or variadic parameter or a struct result is not supported yet",
            );
            return mk(ExprKind::IntLit(0), span, ft.ret.clone());
        }
        let mut typed = Vec::new();
        for (i, (a, p)) in args.into_iter().zip(&ft.params).enumerate() {
            let a = self.rvalue(a);
            let what = format!("initialize a parameter (argument {})", i + 1);
            typed.push(self.assign_convert(a, p, &what));
        }
        let callee = Expr {
            lvalue: false,
            ..callee
        };
        mk(
            ExprKind::CallPtr(Box::new(callee), typed),
            span,
            ft.ret.clone(),
        )
    }

    /// A function named where no call follows: its address, a pointer to
    /// its function type (`None` when no function has the name).
    pub(super) fn function_designator(
        &mut self,
        name: &str,
        span: &Span,
        target: Option<Rc<FuncType>>,
    ) -> Option<Expr> {
        let mut set: Vec<Signature> = self
            .function_set(name)?
            .into_iter()
            .filter(|s| !s.method)
            .collect();
        // Overloads: the one of the pointer's type it initializes.
        if let (true, Some(t)) = (set.len() > 1, &target) {
            set.retain(|s| s.ret == t.ret && s.params == t.params && s.variadic == t.variadic);
        }
        let [sig] = set.as_slice() else {
            if set.is_empty() && target.is_none() {
                return None;
            }
            if set.is_empty() {
                self.err(
                    span,
                    format!(
                        "no instance of overloaded function \"{name}\" matches the required type"
                    ),
                );
                return Some(mk(ExprKind::IntLit(0), span.clone(), CType::INT));
            }
            self.err(
                span,
                format!(
                    "cannot determine which instance of overloaded function \"{name}\" is intended"
                ),
            );
            return Some(mk(ExprKind::IntLit(0), span.clone(), CType::INT));
        };
        if self.space.on_device() && sig.space == ExecSpace::Host {
            self.err(
                span,
                format!("a __host__ function(\"{name}\") cannot be used in device code"),
            );
        }
        let ft = FuncType {
            ret: sig.ret.clone(),
            params: sig.params.clone(),
            variadic: sig.variadic,
        };
        let ty = CType::ptr_to(CType::Func(Rc::new(ft)));
        self.inst.borrow_mut().used.insert(sig.symbol.clone());
        Some(mk(ExprKind::FuncAddr(sig.symbol.clone()), span.clone(), ty))
    }

    /// A name that means nothing here: `identifier "x" is undefined`, or
    /// for `N::x` with `N` a namespace, `namespace "N" has no member "x"`.
    pub(super) fn undefined(&mut self, name: &str, span: &Span) {
        let mut parts = lookup::qualified_parts(name);
        let last = parts.pop().unwrap_or_default();
        let scope = parts.join("::");
        let msg = match self.lookup.namespace(&self.ns, &scope) {
            Some(_) if !scope.is_empty() => {
                format!("namespace \"{scope}\" has no member \"{last}\"")
            }
            _ => format!("identifier \"{name}\" is undefined"),
        };
        self.err(span, msg);
    }

    /// Device code calls a host function: nvcc's error; for a `constexpr`
    /// one, with its note of `--expt-relaxed-constexpr`.
    pub(super) fn host_call_error(&mut self, name: &str, constexpr: bool, span: &Span) {
        let here = if self.space == ExecSpace::Global {
            "__global__"
        } else {
            "__device__"
        };
        // A constructor of a class template's instance is named as the
        // class is (`std::vector<float>::vector`).
        let mut parts = lookup::qualified_parts(name);
        let n = parts.len();
        if n >= 2 && parts[n - 1] == parts[n - 2] {
            parts[n - 1] = parts[n - 1].split('<').next().unwrap_or_default();
        }
        let name = parts.join("::");
        let msg = if constexpr {
            let short = lookup::last_part(&name);
            let msg = format!("calling a constexpr __host__ function(\"{short}\") from a {here} function is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.");
            // From a `__host__ __device__` function nvcc only warns
            // (#20013-D): the call may be evaluated at compile time.
            if self.space == ExecSpace::HostDevice {
                let msg = msg.replace("a __device__ function", "a __host__ __device__ function");
                self.diags.push(Diagnostic::warning(span.clone(), msg));
                return;
            }
            msg
        } else {
            format!("calling a __host__ function(\"{name}\") from a {here} function is not allowed")
        };
        self.err(span, msg);
    }

    /// A call of a built-in: the overload that fits the arguments best
    /// (exact types first), arguments converted to its parameters.
    fn builtin_call(&mut self, index: usize, args: Vec<Expr>, span: Span) -> Expr {
        use crate::frontend::builtins::{ctype, overloads};
        let b = builtins::get(index);
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
        let score = |ov: &builtins::Overload, args: &[Expr]| -> Option<u32> {
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
                    // Any object pointer converts to `void *` (`const void *`
                    // for a pointer to const).
                    (
                        CType::Ptr {
                            pointee: want,
                            konst: wk,
                            ..
                        },
                        CType::Ptr { konst: gk, .. },
                    ) if **want == CType::Void && (*wk || !*gk) => 1,
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
        if let builtins::Lowering::Texture(op) = b.lowering {
            if !builtins::texture::supports(op, args[0].ty.pointee().unwrap_or(&CType::Void)) {
                let types: Vec<String> = args.iter().map(|a| a.ty.to_string()).collect();
                let name = builtins::texture::api_name(op);
                self.err(&span, format!("no instance of overloaded function \"{name}\" matches the argument list (argument types are: ({}))", types.join(", ")));
                return mk(ExprKind::IntLit(0), span, CType::INT);
            }
        }
        if let builtins::Lowering::CacheOp(name) = b.lowering {
            // The access's type: what the global pointer points to.
            let typed = &args[usize::from(name.starts_with("llvm.nvvm.ld."))];
            if builtins::texture::cache_texel(typed.ty.pointee().unwrap_or(&CType::Void)).is_none()
            {
                let types: Vec<String> = args.iter().map(|a| a.ty.to_string()).collect();
                self.err(&span, format!("no instance of overloaded function \"{}\" matches the argument list (argument types are: ({}))", b.name, types.join(", ")));
                return mk(ExprKind::IntLit(0), span, CType::INT);
            }
        }
        let args = args
            .into_iter()
            .zip(ov.params)
            .map(|(a, p)| convert(a, &ctype(p)))
            .collect();
        mk(ExprKind::BuiltinCall(index, k, args), span, ctype(ov.ret))
    }
}

/// Whether `sig` might take `args`: the number fits, and each argument is
/// of the kind of its parameter (a number for a number, a class for a class,
/// a pointer, array or null constant for a pointer).
fn plausible(sig: &Signature, args: &[CType]) -> bool {
    let (n, k) = (args.len(), sig.params.len());
    let count = k == n
        || (sig.variadic && n >= k)
        || (n < k && sig.defaults[n..].iter().all(Option::is_some));
    count
        && sig.params.iter().zip(args).all(|(p, a)| {
            let (p, a) = (p.unref(), a.unref());
            let number = |t: &CType| t.is_arithmetic() || matches!(t, CType::Bool | CType::Enum(_));
            if number(p) {
                number(a)
            } else if p.is_record() {
                a.is_record()
            } else if p.is_pointer() {
                a.is_pointer() || matches!(a, CType::Array(..) | CType::Func(_)) || a.is_integer()
            } else {
                true
            }
        })
}
