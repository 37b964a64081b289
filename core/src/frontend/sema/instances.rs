//! Sema's function template instances: those made so far (by symbol) and
//! those still to be checked, what asked for each (the context of its
//! messages: `instantiation of "T f(T) [with T=float]" at line 2`), and the
//! explicit instantiations and launches in host code.

use super::*;
use crate::frontend::template::{self, Request, TemplateKind, Templates};
use crate::frontend::{mangle, parse};

/// The function instances made so far, and those still to be checked.
#[derive(Default)]
pub(super) struct Instances {
    pub(super) templates: Templates,
    /// By symbol: the instance's signature, `None` when it could not be
    /// made (reported once).
    pub(super) made: HashMap<String, Option<Signature>>,
    pub(super) pending: Vec<FunctionDef>,
    /// Member functions of class instances made while instantiating
    /// functions (after `sigs` was made), by qualified name.
    pub(super) methods: HashMap<String, Vec<Signature>>,
    /// By symbol: where the instance was asked for (`instantiation of "T
    /// f(T) [with T=float]" at line 2`), then what asked for that.
    pub(super) contexts: HashMap<String, Vec<String>>,
    /// The context of the instance being checked.
    pub(super) current: Vec<String>,
    /// Deduced return types (`auto f()`), by symbol, once worked out.
    pub(super) deduced: HashMap<String, CType>,
    /// The functions whose return types are being deduced.
    pub(super) deducing: Vec<String>,
    /// The file's functions with deduced return types (as declared), for
    /// a call that needs one before it is checked.
    pub(super) to_deduce: Vec<FunctionDef>,
    /// Functions called before their return types were deduced (in their
    /// own bodies, before a `return`): where, reported when checked.
    pub(super) undeducible: HashMap<String, Span>,
    /// Whether making an object of a class does something (`needs_init`),
    /// by the class's address.
    pub(super) needs_init: HashMap<usize, bool>,
    /// The symbols of `templates.lazy_methods`, in its order, as far as
    /// they are known: methods are only appended to it, and removed by
    /// `use_symbol` alone (mangling each at every call was most of the
    /// time sema spent on C++ code).
    pub(super) lazy_symbols: Vec<String>,
    /// The functions called or whose address is taken, by symbol.
    pub(super) used: HashSet<String>,
    /// The host function template instances read for what they launch
    /// (`f<float>`): each is read once.
    pub(super) host_read: HashSet<String>,
}

impl Instances {
    /// A call of `symbol`: a class instance's member function not checked
    /// yet is checked (and compiled) from now on.
    pub(super) fn use_symbol(&mut self, symbol: &str) {
        if !self.used.contains(symbol) {
            self.used.insert(symbol.to_string());
        }
        let lazy = &mut self.templates.lazy_methods;
        let known = &mut self.lazy_symbols;
        while known.len() < lazy.len() {
            known.push(mangle::symbol_name(&lazy[known.len()]));
        }
        // The two lists stay in step (checking every entry at every call
        // was half of a debug build's compile of a file with <vector>).
        debug_assert!(known
            .last()
            .zip(lazy.last())
            .is_none_or(|(s, f)| *s == mangle::symbol_name(f)));
        // A member declared in its class and defined out of it: the
        // definition.
        let defined = known
            .iter()
            .zip(lazy.iter())
            .position(|(s, f)| s == symbol && f.body.is_some());
        if let Some(i) = defined.or_else(|| known.iter().position(|s| s == symbol)) {
            known.remove(i);
            let f = lazy.remove(i);
            if f.body.is_some() {
                self.pending.push(f);
            }
        }
    }
}

impl Instances {
    /// The template arguments for a use of template `def` with these
    /// explicit arguments and (when known) argument types: explicit ones
    /// first, then deduced, then defaults.
    pub(super) fn deduce(
        &mut self,
        def: usize,
        explicit: &[TemplateArg],
        types: Option<&[CType]>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Vec<TemplateArg>> {
        let d = &self.templates.defs[def];
        let out = match (types, &d.kind) {
            (
                Some(types),
                TemplateKind::Function {
                    params, defaults, ..
                },
            ) => {
                // A function parameter pack last (`T... t`) takes any
                // number of arguments; trailing parameters with defaults
                // may be left out.
                let expands = template::pack_index(d)
                    .is_some_and(|k| params.last().is_some_and(|p| template::mentions(d, p, k)));
                if expands {
                    if types.len() + 1 < params.len() {
                        return None;
                    }
                } else if types.len() > params.len() || params.len() - types.len() > *defaults {
                    return None;
                }
                let types: Vec<Option<&CType>> = types.iter().map(Some).collect();
                template::deduce_call(d, params, explicit, &types)?
            }
            _ => template::deduce_call(d, &[], explicit, &[])?,
        };
        parse::complete_template_args(&mut self.templates, diags, def, out)
    }

    /// The instance of function template `def` for complete arguments: its
    /// symbol and signature, made (parsed, queued for checking) the first
    /// time.
    pub(super) fn instance(
        &mut self,
        def: usize,
        args: Vec<TemplateArg>,
        span: &Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<(String, Signature)> {
        let d = &self.templates.defs[def];
        let id = template_id(&d.name, &args);
        let symbol = mangle::template_symbol(d, &args);
        if let Some(made) = self.made.get(&symbol) {
            return made.clone().map(|s| (symbol, s));
        }
        if let Err(limit) = self.templates.admit(def) {
            diags.push(Diagnostic::error(
                span.clone(),
                format!(
                    "excessive recursion at instantiation of function \"{id}\" (limit {limit} instantiations)"
                ),
            ));
            self.made.insert(symbol, None);
            return None;
        }
        let known = self.templates.lazy_methods.len();
        let made = parse::instantiate_function(&mut self.templates, diags, def, &args);
        self.register_methods(known);
        let Some((mut f, mut methods)) = made else {
            self.made.insert(symbol, None);
            return None;
        };
        // Its lambdas' `operator()`s, named in the instance.
        parse::rehome_lambdas(&mangle::symbol_name(&f), &symbol, &mut methods);
        methods.retain(|m| m.name.contains("EUl"));
        let known = self.templates.lazy_methods.len();
        self.templates.lazy_methods.extend(methods);
        self.register_methods(known);
        let context = std::iter::once(format!(
            "instantiation of \"{}\" at line {}",
            instance_description(&self.templates.defs[def], &args),
            span.line
        ))
        .chain(self.current.iter().cloned())
        .collect();
        self.contexts.insert(symbol.clone(), context);
        f.name = id;
        f.symbol = Some(symbol.clone());
        let sig = signature(&f);
        self.made.insert(symbol.clone(), Some(sig.clone()));
        self.pending.push(f);
        Some((symbol, sig))
    }

    /// Makes the member functions of the class instances made since
    /// `known` callable (their signatures).
    fn register_methods(&mut self, known: usize) {
        for m in self.templates.lazy_methods.iter().skip(known) {
            self.methods
                .entry(m.name.clone())
                .or_default()
                .push(signature(m));
        }
    }

    /// The return and parameter types of an instance, without making it
    /// (see `parse::instance_signature`).
    pub(super) fn instance_signature(
        &mut self,
        def: usize,
        args: &[TemplateArg],
    ) -> Option<(CType, Vec<CType>)> {
        let known = self.templates.lazy_methods.len();
        let sig = parse::instance_signature(&mut self.templates, def, args);
        self.register_methods(known);
        sig
    }
}

/// A function template's instance as nvcc describes it: `T f(T) [with
/// T=float]`.
fn instance_description(d: &template::TemplateDef, args: &[TemplateArg]) -> String {
    let sig = match &d.kind {
        TemplateKind::Function { ret, params, .. } => {
            let params: Vec<String> = params.iter().map(|p| p.to_string()).collect();
            // Template parameters the function's parameters do not show are
            // written after the name: `k<T,N>(T *)`.
            let words: Vec<&str> = params
                .iter()
                .flat_map(|p| p.split(|c: char| !c.is_alphanumeric() && c != '_'))
                .collect();
            let name = if d.params.iter().all(|p| words.contains(&p.name.as_str())) {
                d.name.clone()
            } else {
                let names: Vec<&str> = d.params.iter().map(|p| p.name.as_str()).collect();
                format!("{}<{}>", d.name, names.join(","))
            };
            format!("{ret} {name}({})", params.join(", "))
        }
        TemplateKind::Class { .. } | TemplateKind::Variable => d.name.clone(),
    };
    let with: Vec<String> = d
        .params
        .iter()
        .zip(args)
        .map(|(p, a)| match a {
            TemplateArg::Type(t) => format!("{}={t}", p.name),
            TemplateArg::Value(v, _) => format!("{}={v}", p.name),
            TemplateArg::Template(_) | TemplateArg::Pack(_) => format!("{}={a}", p.name),
        })
        .collect();
    format!("{sig} [with {}]", with.join(", "))
}

/// An explicit instantiation or a launch in host code: the instance's name.
pub(super) fn request(
    inst: &RefCell<Instances>,
    r: &Request,
    diags: &mut Vec<Diagnostic>,
) -> Option<String> {
    let mut inst = inst.borrow_mut();
    // Among overloads, the first that fits.
    let defs: Vec<usize> = inst
        .templates
        .functions(&r.name)
        .into_iter()
        .filter(|&d| {
            matches!(&inst.templates.defs[d].kind, TemplateKind::Function { space, .. } if space.on_device())
        })
        .collect();
    if defs.is_empty() {
        // Host code is not compiled: a host function template's instance
        // is read for what it launches.
        host_request(&mut inst, r, diags);
        return None;
    }
    let mut chosen = None;
    for def in defs {
        let Some(args) = inst.deduce(def, &r.args, r.params.as_deref(), diags) else {
            continue;
        };
        if let Some(params) = &r.params {
            if inst
                .instance_signature(def, &args)
                .is_none_or(|(_, p)| p != *params)
            {
                continue;
            }
        }
        chosen = Some((def, args));
        break;
    }
    let Some((def, args)) = chosen else {
        let msg = if r.params.is_some() {
            format!(
                "no instance of function template \"{}\" matches the specified type",
                r.name
            )
        } else {
            format!("the template arguments of \"{}\" cannot be deduced from a launch in host code; give them: {}<…><<<…>>>", r.name, r.name)
        };
        diags.push(Diagnostic::error(r.span.clone(), msg));
        return None;
    };
    let (symbol, _) = inst.instance(def, args, &r.span, diags)?;
    Some(symbol)
}

/// An explicit instantiation of a host function template, or a call of one
/// in host code: the launches and calls in its instance's body, asked for
/// in turn (`template <class T> void run(T *d) { k<T><<<1, 1>>>(d); }` and
/// `run<float>(p)` make `k<float>`).
fn host_request(inst: &mut Instances, r: &Request, diags: &mut Vec<Diagnostic>) {
    let defs = inst.templates.functions(&r.name);
    // With the parameters an explicit instantiation gives, then (should
    // they name what this compile does not model) without.
    let tries = [r.params.as_deref(), None];
    let tries = if r.params.is_some() {
        &tries[..]
    } else {
        &tries[1..]
    };
    let found = tries.iter().find_map(|params| {
        defs.iter().find_map(|&def| {
            let mut quiet = Vec::new();
            let args = inst.deduce(def, &r.args, *params, &mut quiet)?;
            let fits = params.is_none_or(|params| {
                inst.instance_signature(def, &args)
                    .is_some_and(|(_, p)| p == params)
            });
            fits.then_some((def, args))
        })
    });
    let Some((def, args)) = found else {
        // Never silently: a launch in its body is not followed.
        let launches = defs
            .iter()
            .any(|&d| inst.templates.names_kernels(&inst.templates.defs[d].tokens));
        if launches {
            diags.push(Diagnostic::warning(
                r.span.clone(),
                format!(
                    "the template arguments of host function template \"{}\" used here are not known to this compile: the kernel templates it launches may need instances this compile does not make",
                    r.name
                ),
            ));
        }
        return;
    };
    {
        let id = template_id(&inst.templates.defs[def].name, &args);
        if !inst.host_read.insert(id.clone()) {
            return;
        }
        if let Err(limit) = inst.templates.admit(def) {
            // Never silently: what its body launches is not followed.
            diags.push(Diagnostic::warning(
                r.span.clone(),
                format!(
                    "host function template instance \"{id}\" is not read by this compile (limit {limit} instantiations): the kernel templates it launches may need instances this compile does not make"
                ),
            ));
            return;
        }
        // What it asks for goes at the end of the file, where EDG
        // instantiates pending templates.
        // (Class instances made there keep their member functions: a
        // kernel it launches may call them, `callable(args...)`.)
        let known = inst.templates.lazy_methods.len();
        let requests = parse::host_instance(&mut inst.templates, diags, def, &args, usize::MAX);
        inst.register_methods(known);
        inst.templates.requests.extend(requests);
    }
}
