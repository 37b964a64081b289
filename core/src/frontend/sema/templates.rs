//! Sema's calls of function templates: each overload's arguments deduced,
//! its instance's signature read without making the instance, overload
//! resolution among the templates and the functions of the same name (a
//! function wins a tie, then the more specialized template, as C++'s
//! partial ordering says), then the instance of the one chosen.

use super::overload::{better, Rank};
use super::*;
use crate::frontend::template::{match_type, TemplateKind};

/// A candidate of a call: a function, or a template's instance (not made
/// yet) with its arguments.
struct Candidate {
    sig: Signature,
    template: Option<(usize, Vec<TemplateArg>)>,
    ranks: Vec<Rank>,
}

impl<'a> Checker<'a> {
    /// The function templates a name means here: its overloads in the
    /// innermost scope that has any.
    pub(super) fn function_templates(&self, name: &str) -> Vec<usize> {
        let inst = self.inst.borrow();
        self.candidates(name)
            .iter()
            .map(|c| inst.templates.functions(c))
            .find(|defs| !defs.is_empty())
            .unwrap_or_default()
    }

    /// The function templates of the same full name as a function of `set`
    /// (overloads of one another).
    pub(super) fn templates_beside(&self, set: &[Signature]) -> Vec<usize> {
        let inst = self.inst.borrow();
        let mut defs: Vec<usize> = set
            .iter()
            .flat_map(|s| inst.templates.functions(&s.name))
            .collect();
        defs.sort_unstable();
        defs.dedup();
        defs
    }

    /// A call of a function template (with explicit arguments, or found by
    /// its name alone).
    pub(super) fn template_call(
        &mut self,
        name: String,
        explicit: Vec<TemplateArg>,
        args: Vec<Expr>,
        span: Span,
    ) -> Expr {
        let defs = self.function_templates(&name);
        if defs.is_empty() {
            let args: Vec<Expr> = args.into_iter().map(|a| self.expr(a)).collect();
            drop(args);
            self.err(&span, format!("{name} is not a template"));
            return mk(ExprKind::IntLit(0), span, CType::INT);
        }
        // A member template named in a member function: called on `*this`.
        let member = {
            let inst = self.inst.borrow();
            let d = &inst.templates.defs[defs[0]];
            d.member.as_ref().is_some_and(|m| !m.is_static)
        };
        let object = if member {
            self.this_object(&span)
        } else {
            None
        };
        self.overloaded_call(&name, Vec::new(), defs, explicit, args, span, object)
    }

    /// The member function templates of class `r` named `name`.
    pub(super) fn member_templates(&self, r: &Rc<Record>, name: &str) -> Vec<usize> {
        let inst = self.inst.borrow();
        let defs = &inst.templates.defs;
        (0..defs.len())
            .filter(|&i| {
                defs[i]
                    .member
                    .as_ref()
                    .is_some_and(|m| Rc::ptr_eq(&m.record, r))
                    && crate::frontend::lookup::last_part(&defs[i].name) == name
            })
            .collect()
    }

    /// Overload resolution among the functions `set` and the function
    /// templates `defs` of one name, and the call of the best (on `object`,
    /// checked, for a member function template's instance).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn overloaded_call(
        &mut self,
        name: &str,
        set: Vec<Signature>,
        defs: Vec<usize>,
        explicit: Vec<TemplateArg>,
        args: Vec<Expr>,
        span: Span,
        object: Option<Expr>,
    ) -> Expr {
        let args: Vec<Expr> = args.into_iter().map(|a| self.expr(a)).collect();
        self.overloaded_call_checked(name, set, defs, explicit, args, span, object)
    }

    /// `overloaded_call` with the arguments checked already. Member
    /// functions in `set` (a class's constructors) are called on `object`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn overloaded_call_checked(
        &mut self,
        name: &str,
        set: Vec<Signature>,
        defs: Vec<usize>,
        explicit: Vec<TemplateArg>,
        args: Vec<Expr>,
        span: Span,
        object: Option<Expr>,
    ) -> Expr {
        let types = deduction_types(&args);
        let only_template = set.is_empty() && defs.len() == 1;
        let mut viable: Vec<Candidate> = Vec::new();
        for sig in set {
            // A member function's object is ranked apart: the ranks line
            // up with a member template instance's (which has none yet).
            let ranks = match (&object, sig.method) {
                (Some(o), true) => self.ranks(&sig, Some(o), &args).map(|mut r| {
                    r.remove(0);
                    r
                }),
                _ => self.ranks(&sig, None, &args),
            };
            if let Some(ranks) = ranks {
                viable.push(Candidate {
                    sig,
                    template: None,
                    ranks,
                });
            }
        }
        for def in defs {
            if let Some(c) = self.template_candidate(def, &explicit, &types, &args, &span) {
                viable.push(c);
            }
        }
        let best: Vec<usize> = (0..viable.len())
            .filter(|&i| {
                (0..viable.len()).all(|j| i == j || self.beats(&viable[i], &viable[j], args.len()))
            })
            .collect();
        let list: Vec<String> = types.iter().map(|t| t.to_string()).collect();
        let chosen = match best.as_slice() {
            [i] => viable.swap_remove(*i),
            [] if viable.is_empty() => {
                let what = if only_template {
                    "function template"
                } else {
                    "overloaded function"
                };
                let msg = format!(
                    "no instance of {what} \"{name}\" matches the argument list (argument types are: ({}))",
                    list.join(", ")
                );
                self.err(&span, msg);
                return mk(ExprKind::IntLit(0), span, CType::INT);
            }
            _ => {
                let mut msg = format!(
                    "more than one instance of overloaded function \"{name}\" matches the argument list:"
                );
                let inst = self.inst.borrow();
                for c in &viable {
                    let line = match &c.template {
                        Some((def, _)) => {
                            let d = &inst.templates.defs[*def];
                            format!(
                                "function template \"{}\" (declared at line {})",
                                template_signature(d),
                                d.span.line
                            )
                        }
                        None => {
                            let params: Vec<String> =
                                c.sig.params.iter().map(|p| p.to_string()).collect();
                            format!("function \"{}({})\"", c.sig.name, params.join(", "))
                        }
                    };
                    msg.push_str(&format!("\n            {line}"));
                }
                msg.push_str(&format!(
                    "\n            argument types are: ({})",
                    list.join(", ")
                ));
                drop(inst);
                self.err(&span, msg);
                return mk(ExprKind::IntLit(0), span, CType::INT);
            }
        };
        let sig = match chosen.template {
            None => chosen.sig,
            Some((def, targs)) => {
                // Where the callee runs, once it is chosen.
                if chosen.sig.space == ExecSpace::Host && self.space.on_device() {
                    self.host_call_error(name, chosen.sig.constexpr, &span);
                    return mk(ExprKind::IntLit(0), span, CType::INT);
                }
                let made = self
                    .inst
                    .borrow_mut()
                    .instance(def, targs, &span, self.diags);
                match made {
                    Some((_, sig)) => sig,
                    None => return mk(ExprKind::IntLit(0), span, CType::INT),
                }
            }
        };
        let object = object.filter(|_| sig.method);
        self.call_signature(&sig, object, args, span)
    }

    /// Template `def` as a candidate of a call with `args` (of deduction
    /// types `types`): its arguments deduced, its instance's signature
    /// ranked; `None` when it is not viable.
    fn template_candidate(
        &mut self,
        def: usize,
        explicit: &[TemplateArg],
        types: &[CType],
        args: &[Expr],
        span: &Span,
    ) -> Option<Candidate> {
        let types = self.forwarding_types(def, types, args);
        let (targs, header) = {
            let mut inst = self.inst.borrow_mut();
            let targs = inst.deduce(def, explicit, Some(&types), self.diags)?;
            let header = inst.instance_signature(def, &targs);
            (targs, header)
        };
        let (ret, params) = header?;
        let inst = self.inst.borrow();
        let d = &inst.templates.defs[def];
        let (space, constexpr, ndefaults) = match &d.kind {
            TemplateKind::Function {
                space,
                constexpr,
                defaults,
                ..
            } => (*space, *constexpr, *defaults),
            TemplateKind::Class { .. } | TemplateKind::Variable => return None,
        };
        // Which parameters have defaults (their values come with the
        // instance's signature once one is chosen).
        let given = params.len().saturating_sub(ndefaults);
        let defaults = (0..params.len())
            .map(|i| (i >= given).then(|| mk(ExprKind::IntLit(0), span.clone(), CType::INT)))
            .collect();
        let sig = Signature {
            name: template_id(&d.name, &targs),
            symbol: super::super::mangle::template_symbol(d, &targs),
            ret,
            defaults,
            params,
            variadic: false,
            space,
            method: false,
            constexpr,
        };
        drop(inst);
        let ranks = self.ranks(&sig, None, args)?;
        Some(Candidate {
            sig,
            template: Some((def, targs)),
            ranks,
        })
    }

    /// The function templates among `defs` that a call with the checked
    /// `args` could call (deduction succeeds and every argument converts).
    pub(super) fn viable_templates(
        &mut self,
        defs: Vec<usize>,
        args: &[Expr],
        span: &Span,
    ) -> Vec<usize> {
        let types = deduction_types(args);
        defs.into_iter()
            .filter(|&d| {
                self.template_candidate(d, &[], &types, args, span)
                    .is_some()
            })
            .collect()
    }

    /// The argument types deduction sees for template `def`: an lvalue
    /// passed to a forwarding reference (`T &&`) as a reference to its
    /// type, which deduces `T` as `A &`.
    fn forwarding_types(&self, def: usize, types: &[CType], args: &[Expr]) -> Vec<CType> {
        let inst = self.inst.borrow();
        let d = &inst.templates.defs[def];
        let TemplateKind::Function { params, .. } = &d.kind else {
            return types.to_vec();
        };
        types
            .iter()
            .zip(args)
            .enumerate()
            .map(|(i, (t, a))| {
                let forwarding = matches!(params.get(i), Some(CType::Ref { pointee, .. })
                    if crate::frontend::template::forwarding_param(d, pointee).is_some());
                // A reference to an array (`T (&a)[N]`) binds the array
                // itself: it does not decay, and `N` is deduced from it.
                let array_ref = matches!(params.get(i), Some(CType::Ref { pointee, .. })
                    if matches!(**pointee, CType::Array(..)));
                if array_ref && matches!(a.ty, CType::Array(..)) {
                    return a.ty.clone();
                }
                if forwarding && a.lvalue && !matches!(a.ty, CType::Array(..)) {
                    CType::Ref {
                        pointee: Box::new(t.clone()),
                        konst: self.is_const_lvalue(a),
                    }
                } else {
                    t.clone()
                }
            })
            .collect()
    }

    /// Whether candidate `a` is better than `b`: better for an argument and
    /// worse for none; else a function beats a template's instance, and a
    /// more specialized template a less specialized one.
    fn beats(&self, a: &Candidate, b: &Candidate, nargs: usize) -> bool {
        let (ra, rb) = (comparable_ranks(a, b), comparable_ranks(b, a));
        if better(&ra, &rb) {
            return true;
        }
        if better(&rb, &ra) {
            return false;
        }
        match (&a.template, &b.template) {
            (None, Some(_)) => true,
            (Some((x, _)), Some((y, _))) => {
                let inst = self.inst.borrow();
                let defs = &inst.templates.defs;
                at_least_as_specialized(&defs[*x], &defs[*y], nargs)
                    && !at_least_as_specialized(&defs[*y], &defs[*x], nargs)
            }
            _ => false,
        }
    }
}

/// `a`'s ranks as compared with `b`'s: binding a `const T &` to a `T` is
/// worse than binding a `T &` only ([over.ics.rank]: both reference
/// bindings); against a parameter taken by value it is as good (both are
/// identities: `f(const T x)` beside `f(const Pair<K, V> &p)` is decided by
/// partial ordering).
fn comparable_ranks(a: &Candidate, b: &Candidate) -> Vec<Rank> {
    // A member function's parameters follow its object pointer.
    let is_ref = |c: &Candidate, i: usize| {
        let i = i + usize::from(c.sig.method);
        matches!(c.sig.params.get(i), Some(CType::Ref { .. }))
    };
    a.ranks
        .iter()
        .enumerate()
        .map(|(i, r)| match r {
            Rank::Qualified if is_ref(a, i) && !is_ref(b, i) => Rank::Exact,
            r => *r,
        })
        .collect()
}

/// C++'s partial ordering of function templates: `a` is at least as
/// specialized as `b` when `b`'s parameter types (references dropped)
/// deduce from `a`'s, for the `nargs` parameters a call gives; one that uses
/// no template parameter must be the same type (CWG 1391, as nvcc orders
/// `h(T, int)` before `h(T, U)`).
fn at_least_as_specialized(
    a: &crate::frontend::template::TemplateDef,
    b: &crate::frontend::template::TemplateDef,
    nargs: usize,
) -> bool {
    let (TemplateKind::Function { params: pa, .. }, TemplateKind::Function { params: pb, .. }) =
        (&a.kind, &b.kind)
    else {
        return false;
    };
    let mut out = vec![None; b.params.len()];
    pa.iter()
        .zip(pb)
        .take(nargs)
        .all(|(x, y)| match_type(b, y.unref(), x.unref(), &mut out, 0))
}

/// A function template's signature as nvcc shows it: `int g(T, int)`.
fn template_signature(d: &crate::frontend::template::TemplateDef) -> String {
    match &d.kind {
        TemplateKind::Function { ret, params, .. } => {
            let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
            let name = super::super::lookup::last_part(&d.name);
            format!("{ret} {name}({})", params.join(", "))
        }
        TemplateKind::Class { .. } | TemplateKind::Variable => d.name.clone(),
    }
}

/// The argument types deduction sees: arrays decay to pointers.
fn deduction_types(args: &[Expr]) -> Vec<CType> {
    args.iter()
        .map(|a| match &a.ty {
            CType::Array(e, _) => CType::ptr_to((**e).clone()),
            t => t.clone(),
        })
        .collect()
}
