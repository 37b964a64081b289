//! Sema: names and types. Resolves identifiers to locals and built-ins, gives
//! every expression its C type, and makes C's implicit conversions explicit as
//! `Cast { implicit: true }` nodes (integer promotions, usual arithmetic
//! conversions, assignment conversions, array-to-pointer decay), so that
//! irgen never has to know C's conversion rules.
//!
//! Messages follow nvcc's (EDG's) wording.

use super::ast::*;
use super::template::{deduce, Request, TemplateKind, Templates, MAX_INSTANCES};
use crate::collections::{HashMap, HashSet};
use crate::diag::{Diagnostic, Span};
use std::cell::RefCell;
use std::rc::Rc;

mod classes;
mod cxx;
mod deduce;
mod templates;

/// A function's signature, for checking calls. Functions of one name are
/// its overloads.
#[derive(Clone)]
struct Signature {
    /// The qualified name (`N::f`, `S::len`).
    name: String,
    /// The mangled symbol calls use.
    symbol: String,
    ret: CType,
    /// The parameters (`this` first for a member function).
    params: Vec<CType>,
    /// Default arguments, one per parameter.
    defaults: Vec<Option<Expr>>,
    variadic: bool,
    space: ExecSpace,
    /// A (non-static) member function: `params[0]` is `this`.
    method: bool,
    /// `constexpr` (see `FunctionDef::constexpr`).
    constexpr: bool,
}

/// A function's signature, as calls see it.
fn signature(f: &FunctionDef) -> Signature {
    Signature {
        name: f.name.clone(),
        symbol: super::mangle::symbol_name(f),
        ret: f.ret.clone(),
        params: f.params.iter().map(|p| p.ty.clone()).collect(),
        defaults: f.params.iter().map(|p| p.default.clone()).collect(),
        variadic: f.variadic,
        space: f.space,
        method: f.params.first().is_some_and(|p| p.name == "this"),
        constexpr: f.constexpr,
    }
}

/// Checks and types every function with a body.
pub fn check(tu: &mut TranslationUnit, diags: &mut Vec<Diagnostic>) {
    let mut sigs: HashMap<String, Vec<Signature>> = HashMap::default();
    for f in tu.functions.iter().chain(&tu.templates.lazy_methods) {
        let sig = signature(f);
        let set = sigs.entry(f.name.clone()).or_default();
        if let Some(old) = set.iter_mut().find(|o| o.params == sig.params) {
            if old.ret != sig.ret {
                diags.push(Diagnostic::error(
                    f.span.clone(),
                    format!(
                        "declaration of \"{}\" is incompatible with an earlier one",
                        f.name
                    ),
                ));
                continue;
            }
            // A redeclaration may add default arguments.
            for (d, n) in old.defaults.iter_mut().zip(sig.defaults) {
                if d.is_none() {
                    *d = n;
                }
            }
            continue;
        }
        if f.extern_c && !set.is_empty() {
            diags.push(Diagnostic::error(
                f.span.clone(),
                format!(
                    "more than one instance of overloaded function \"{}\" has \"C\" linkage",
                    f.name
                ),
            ));
            continue;
        }
        set.push(sig);
    }
    // printf is CUDA's __host__ __device__ function, declared or not
    // (irgen turns a device-side call into vprintf).
    let printf = sigs.entry("printf".to_string()).or_default();
    if printf.is_empty() {
        printf.push(Signature {
            name: "printf".into(),
            symbol: "printf".into(),
            ret: CType::INT,
            params: vec![CType::Ptr {
                pointee: Box::new(CType::Int(IntKind::Char)),
                konst: true,
                volatile: false,
            }],
            defaults: vec![None],
            variadic: true,
            space: ExecSpace::HostDevice,
            method: false,
            constexpr: false,
        });
    }
    for p in printf.iter_mut() {
        p.space = ExecSpace::HostDevice;
        p.symbol = "printf".into();
    }
    // Namespace-scope variables: types, initializers, a scope for device code.
    let no_instances = RefCell::new(Instances::default());
    let mut globals = std::mem::take(&mut tu.globals);
    let mut global_scope: HashMap<String, usize> = HashMap::default();
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
        let names = Names {
            sigs: &sigs,
            globals: &global_scope,
            enumerators: &tu.enumerators,
            vector_types: &tu.vector_types,
            constants: &tu.constants,
            lookup: &tu.lookup,
            inst: &no_instances,
        };
        let mut cx = Checker::new(names, diags, CType::Void, ExecSpace::Host);
        cx.ns = scope_of(&g.source_name);
        cx.global_initializer(g);
    }
    let inst = RefCell::new(Instances {
        templates: std::mem::take(&mut tu.templates),
        ..Instances::default()
    });
    let names = Names {
        sigs: &sigs,
        globals: &global_scope,
        enumerators: &tu.enumerators,
        vector_types: &tu.vector_types,
        constants: &tu.constants,
        lookup: &tu.lookup,
        inst: &inst,
    };
    inst.borrow_mut().to_deduce = tu
        .functions
        .iter()
        .filter(|f| f.ret.is_deduced() && f.body.is_some())
        .cloned()
        .collect();
    // Explicit instantiations and launches in host code, in file order.
    let requests = std::mem::take(&mut inst.borrow_mut().templates.requests);
    let mut placed: Vec<(usize, String)> = Vec::new();
    for r in requests {
        if let Some(id) = request(&inst, &r, diags) {
            placed.push((r.at, id));
        }
    }
    let mut defined: HashMap<String, Span> = HashMap::default();
    // The prelude's inline functions (`isnan`, …: ours, known to be right)
    // are checked only once something uses them, and dropped otherwise;
    // checking and lowering them was a third of a small kernel's compile.
    let mut deferred: Vec<(usize, String)> = Vec::new();
    for (i, f) in tu.functions.iter_mut().enumerate() {
        if f.body.is_none() {
            continue;
        }
        let symbol = super::mangle::symbol_name(f);
        if let Some(prev) = defined.get(&symbol) {
            diags.push(Diagnostic::error(
                f.span.clone(),
                format!(
                    "function \"{}\" has already been defined (at line {})",
                    f.name, prev.line
                ),
            ));
            continue;
        }
        defined.insert(symbol.clone(), f.span.clone());
        if i < tu.prelude_functions && f.discardable {
            deferred.push((i, symbol));
            continue;
        }
        check_function(f, symbol, names, &mut globals, diags);
    }
    inst.borrow_mut()
        .used
        .extend(no_instances.borrow().used.iter().cloned());
    // Instances, as calls ask for more of them; then the prelude's functions
    // used, which may use more.
    let mut instances: Vec<FunctionDef> = Vec::new();
    loop {
        loop {
            let next = inst.borrow_mut().pending.pop();
            let Some(mut f) = next else { break };
            let symbol = super::mangle::symbol_name(&f);
            let context = inst
                .borrow()
                .contexts
                .get(&symbol)
                .cloned()
                .unwrap_or_default();
            inst.borrow_mut().current = context.clone();
            let before = diags.len();
            check_function(&mut f, symbol, names, &mut globals, diags);
            for d in &mut diags[before..] {
                if d.context.is_empty() {
                    d.context = context.clone();
                }
            }
            inst.borrow_mut().current.clear();
            instances.push(f);
        }
        let Some(k) = deferred
            .iter()
            .position(|(_, symbol)| inst.borrow().used.contains(symbol))
        else {
            break;
        };
        let (i, symbol) = deferred.remove(k);
        check_function(&mut tu.functions[i], symbol, names, &mut globals, diags);
    }
    let unused: HashSet<usize> = deferred.into_iter().map(|(i, _)| i).collect();
    // Each instance an explicit instantiation (or launch) asked for goes
    // where it was asked for, as NVRTC orders them; the others at the end.
    let mut functions = Vec::new();
    placed.sort_by_key(|(at, _)| *at);
    let mut placed = placed.into_iter().peekable();
    for (i, f) in std::mem::take(&mut tu.functions).into_iter().enumerate() {
        while let Some((_, id)) = placed.next_if(|(at, _)| *at <= i) {
            if let Some(k) = instances
                .iter()
                .position(|f| super::mangle::symbol_name(f) == id)
            {
                functions.push(instances.remove(k));
            }
        }
        if !unused.contains(&i) {
            functions.push(f);
        }
    }
    for (_, id) in placed {
        if let Some(k) = instances
            .iter()
            .position(|f| super::mangle::symbol_name(f) == id)
        {
            functions.push(instances.remove(k));
        }
    }
    functions.extend(instances);
    tu.functions = functions;
    tu.templates = inst.into_inner().templates;
    tu.globals = globals;
}

/// Types one function's body (`globals` gains its `__shared__` variables).
fn check_function(
    f: &mut FunctionDef,
    symbol: String,
    names: Names<'_>,
    globals: &mut Vec<GlobalVar>,
    diags: &mut Vec<Diagnostic>,
) {
    let mut cx = Checker::new(names, diags, f.ret.clone(), f.space);
    cx.globals.append(globals);
    cx.ns = scope_of(&f.name);
    if let Some(CType::Ptr { pointee, .. }) =
        f.params.first().filter(|p| p.name == "this").map(|p| &p.ty)
    {
        if let CType::Record(r) = &**pointee {
            cx.class = Some(r.clone());
        }
    }
    // `auto f()`: its return type first.
    if f.ret.is_deduced() {
        let declared = f.ret.clone();
        f.ret = cx.return_type_of(f, &symbol, &f.span);
        cx.ret = f.ret.clone();
        // `auto`, `decltype(auto)`: each `return` must agree (a trailing
        // `decltype(e)` is a type like any).
        if is_placeholder(&declared) {
            cx.declared_ret = Some(declared);
        }
        let early = cx.inst.borrow_mut().undeducible.remove(&symbol);
        if let Some(at) = early {
            let msg = format!(
                "cannot deduce the return type of function \"{}\" (declared at line {}); it has not been defined",
                f.name, f.span.line
            );
            cx.err(&at, msg);
        }
    }
    cx.function_symbol = symbol;
    for p in &f.params {
        if let CType::Record(r) = &p.ty {
            cx.check_class(r, &p.span);
        }
        if p.ty == CType::Void || p.ty.size().is_none() {
            cx.diags.push(Diagnostic::error(
                p.span.clone(),
                format!("parameter \"{}\" has incomplete type \"{}\"", p.name, p.ty),
            ));
        }
        let id = cx.declare(&p.name, p.ty.clone(), &p.span);
        if p.konst {
            cx.const_locals.insert(id);
        }
    }
    // A constructor first makes its bases and members.
    let prologue = match (&cx.class, &f.body) {
        (Some(r), Some(_)) if is_constructor(&f.name) => {
            let r = r.clone();
            cx.constructor_prologue(&r, std::mem::take(&mut f.mem_inits), &f.span)
        }
        _ => Vec::new(),
    };
    if let Some(body) = &mut f.body {
        cx.stmt(body);
        if let StmtKind::Compound(stmts) = &mut body.kind {
            let made = prologue.into_iter().map(|e| Stmt {
                span: e.span.clone(),
                kind: StmtKind::Expr(e),
            });
            stmts.splice(0..0, made);
        }
    }
    cx.check_gotos();
    f.locals = cx.locals;
    *globals = cx.globals;
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

/// Whether a declared type is one an initializer gives (`auto`, `auto &`,
/// `const auto *`, `decltype(auto)`), rather than a `decltype(e)`.
fn is_placeholder(t: &CType) -> bool {
    match t {
        CType::Auto => true,
        CType::Decltype(d) => d.expr.is_none(),
        CType::Ref { pointee, .. } | CType::Ptr { pointee, .. } => **pointee == CType::Auto,
        _ => false,
    }
}

/// Whether a member function's name is a constructor's (`S::S`).
fn is_constructor(name: &str) -> bool {
    let parts = super::lookup::qualified_parts(name);
    let n = parts.len();
    n >= 2 && parts[n - 1] == parts[n - 2]
}

/// The function instances made so far, and those still to be checked.
#[derive(Default)]
struct Instances {
    templates: Templates,
    /// By symbol: the instance's signature, `None` when it could not be
    /// made (reported once).
    made: HashMap<String, Option<Signature>>,
    pending: Vec<FunctionDef>,
    /// Member functions of class instances made while instantiating
    /// functions (after `sigs` was made), by qualified name.
    methods: HashMap<String, Vec<Signature>>,
    /// By symbol: where the instance was asked for (`instantiation of "T
    /// f(T) [with T=float]" at line 2`), then what asked for that.
    contexts: HashMap<String, Vec<String>>,
    /// The context of the instance being checked.
    current: Vec<String>,
    /// Deduced return types (`auto f()`), by symbol, once worked out.
    deduced: HashMap<String, CType>,
    /// The functions whose return types are being deduced.
    deducing: Vec<String>,
    /// The file's functions with deduced return types (as declared), for
    /// a call that needs one before it is checked.
    to_deduce: Vec<FunctionDef>,
    /// Functions called before their return types were deduced (in their
    /// own bodies, before a `return`): where, reported when checked.
    undeducible: HashMap<String, Span>,
    /// Whether making an object of a class does something (`needs_init`),
    /// by the class's address.
    needs_init: HashMap<usize, bool>,
    /// The symbols of `templates.lazy_methods`, in its order, as far as
    /// they are known: methods are only appended to it, and removed by
    /// `use_symbol` alone (mangling each at every call was most of the
    /// time sema spent on C++ code).
    lazy_symbols: Vec<String>,
    /// The functions called or whose address is taken, by symbol.
    used: HashSet<String>,
}

impl Instances {
    /// A call of `symbol`: a class instance's member function not checked
    /// yet is checked (and compiled) from now on.
    fn use_symbol(&mut self, symbol: &str) {
        if !self.used.contains(symbol) {
            self.used.insert(symbol.to_string());
        }
        let lazy = &mut self.templates.lazy_methods;
        let known = &mut self.lazy_symbols;
        while known.len() < lazy.len() {
            known.push(super::mangle::symbol_name(&lazy[known.len()]));
        }
        debug_assert!(known
            .iter()
            .zip(lazy.iter())
            .all(|(s, f)| *s == super::mangle::symbol_name(f)));
        if let Some(i) = known.iter().position(|s| s == symbol) {
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
    fn deduce(
        &mut self,
        def: usize,
        explicit: &[TemplateArg],
        types: Option<&[CType]>,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<Vec<TemplateArg>> {
        let d = &self.templates.defs[def];
        if explicit.len() > d.params.len() {
            return None;
        }
        let mut out: Vec<Option<TemplateArg>> = vec![None; d.params.len()];
        for (o, a) in out.iter_mut().zip(explicit) {
            *o = Some(a.clone());
        }
        if let (Some(types), TemplateKind::Function { params, .. }) = (types, &d.kind) {
            if types.len() != params.len() {
                return None;
            }
            for (p, a) in params.iter().zip(types) {
                if !deduce(d, p, a, &mut out) {
                    return None;
                }
            }
        }
        super::parse::complete_template_args(&mut self.templates, diags, def, out)
    }

    /// The instance of function template `def` for complete arguments: its
    /// symbol and signature, made (parsed, queued for checking) the first
    /// time.
    fn instance(
        &mut self,
        def: usize,
        args: Vec<TemplateArg>,
        span: &Span,
        diags: &mut Vec<Diagnostic>,
    ) -> Option<(String, Signature)> {
        let d = &self.templates.defs[def];
        let id = template_id(&d.name, &args);
        let symbol = super::mangle::template_symbol(d, &args);
        if let Some(made) = self.made.get(&symbol) {
            return made.clone().map(|s| (symbol, s));
        }
        if self.templates.count >= MAX_INSTANCES {
            diags.push(Diagnostic::error(
                span.clone(),
                format!("excessive recursion at instantiation of function \"{id}\""),
            ));
            self.made.insert(symbol, None);
            return None;
        }
        self.templates.count += 1;
        let known = self.templates.lazy_methods.len();
        let made = super::parse::instantiate_function(&mut self.templates, diags, def, &args);
        self.register_methods(known);
        let Some((mut f, _)) = made else {
            self.made.insert(symbol, None);
            return None;
        };
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
    fn instance_signature(
        &mut self,
        def: usize,
        args: &[TemplateArg],
    ) -> Option<(CType, Vec<CType>)> {
        let known = self.templates.lazy_methods.len();
        let sig = super::parse::instance_signature(&mut self.templates, def, args);
        self.register_methods(known);
        sig
    }
}

/// A function template's instance as nvcc describes it: `T f(T) [with
/// T=float]`.
fn instance_description(d: &super::template::TemplateDef, args: &[TemplateArg]) -> String {
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
        TemplateKind::Class { .. } => d.name.clone(),
    };
    let with: Vec<String> = d
        .params
        .iter()
        .zip(args)
        .map(|(p, a)| match a {
            TemplateArg::Type(t) => format!("{}={t}", p.name),
            TemplateArg::Value(v, _) => format!("{}={v}", p.name),
        })
        .collect();
    format!("{sig} [with {}]", with.join(", "))
}

/// An explicit instantiation or a launch in host code: the instance's name.
fn request(inst: &RefCell<Instances>, r: &Request, diags: &mut Vec<Diagnostic>) -> Option<String> {
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
        return None; // host code is not compiled
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

/// What names at namespace scope mean: functions, variables, enumerators
/// and the vector types (for `make_float4`).
#[derive(Clone, Copy)]
struct Names<'a> {
    sigs: &'a HashMap<String, Vec<Signature>>,
    globals: &'a HashMap<String, usize>,
    enumerators: &'a HashMap<String, (i64, CType)>,
    vector_types: &'a HashMap<String, CType>,
    constants: &'a HashMap<String, (Scalar, CType)>,
    lookup: &'a super::lookup::Lookup,
    inst: &'a RefCell<Instances>,
}

/// The namespaces (and class) a qualified name is declared in: `N::S::f`
/// → `[N, S]`.
fn scope_of(name: &str) -> Vec<String> {
    let mut parts: Vec<String> = super::lookup::qualified_parts(name)
        .into_iter()
        .map(str::to_string)
        .collect();
    parts.pop();
    parts
}

struct Checker<'a> {
    sigs: &'a HashMap<String, Vec<Signature>>,
    inst: &'a RefCell<Instances>,
    enumerators: &'a HashMap<String, (i64, CType)>,
    vector_types: &'a HashMap<String, CType>,
    constants: &'a HashMap<String, (Scalar, CType)>,
    lookup: &'a super::lookup::Lookup,
    /// The namespaces (and class) of the function being checked.
    ns: Vec<String>,
    /// The class of the member function being checked.
    class: Option<std::rc::Rc<Record>>,
    /// `*this` where it is not the function's own: the object a default
    /// member initializer is read for.
    this_expr: Option<Expr>,
    /// The variable an initializer list is for (its default member
    /// initializers may read the members before them).
    init_target: Option<Expr>,
    /// The function type an overloaded function's name must have where it
    /// is converted to a function pointer (`int (*g)(int) = f;`), for the
    /// expression being checked (`rvalue_for`).
    fn_target: Option<Rc<FuncType>>,
    /// Deducing a return type: the type the first `return` gives it.
    returned: Option<CType>,
    /// The symbol of the function whose return type is being deduced.
    deducing_symbol: Option<String>,
    /// The return type as declared, when it was deduced (`auto`): each
    /// `return` must give that type.
    declared_ret: Option<CType>,
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
    /// The switch statements around the statement being checked, innermost last.
    switches: Vec<SwitchLabels>,
    /// Loops and switches around the statement (what `break` may leave).
    breakable: u32,
    /// Labels defined in the function, and `goto`s (checked at its end).
    labels: HashMap<String, Span>,
    gotos: Vec<(String, Span)>,
    space: ExecSpace,
    /// The locals declared `const`.
    const_locals: crate::collections::HashSet<usize>,
}

/// The labels met so far in one switch body.
struct SwitchLabels {
    /// The (promoted) type of the condition: case values convert to it.
    ty: CType,
    /// Each case value and the line of its label.
    cases: HashMap<i64, u32>,
    default: bool,
}

/// The most scalars an initializer list may give values (or zeros) to.
const MAX_INIT_SCALARS: u64 = 1 << 20;

/// A zero of a scalar type.
fn zero(t: &CType, span: &Span) -> Expr {
    let kind = if t.is_float() {
        ExprKind::FloatLit(0.0)
    } else {
        ExprKind::IntLit(0)
    };
    mk(kind, span.clone(), t.clone())
}

/// Zeros for every scalar of an object of type `t` at byte offset `base`.
fn zero_fill(t: &CType, base: u64, span: &Span, out: &mut Vec<(u64, Expr)>) {
    let mut parts = Vec::new();
    t.scalar_parts(base, &mut parts);
    out.extend(parts.into_iter().map(|(off, ty)| (off, zero(&ty, span))));
}

/// Zeros for the bytes `[from, to)`, in the widest aligned integers.
fn zero_bytes(from: u64, to: u64, span: &Span, out: &mut Vec<(u64, Expr)>) {
    let mut off = from;
    while off < to {
        let mut w = 8;
        while off + w > to || !off.is_multiple_of(w) {
            w /= 2;
        }
        let kind = match w {
            1 => IntKind::UChar,
            2 => IntKind::UShort,
            4 => IntKind::UInt,
            _ => IntKind::ULongLong,
        };
        out.push((off, zero(&CType::Int(kind), span)));
        off += w;
    }
}

/// One object's initializer, structured like its type: brace elision and
/// designators resolved, conversions made.
#[derive(Clone)]
enum InitTree {
    /// Not initialized by the list: zero.
    Zero,
    /// A scalar's value, or a whole struct given by one expression.
    Value(Expr),
    /// The elements of an array or the members of a struct, in order
    /// (missing trailing ones are zero).
    Parts(Vec<InitTree>),
    /// A union: the member initialized (index) and its initializer.
    Union(usize, Box<InitTree>),
}

/// An initializer list item: as written, or already typed (an expression
/// looked at for brace elision and handed to the next sub-object).
enum Item {
    Raw(Initializer),
    Typed(Expr),
}

/// The sub-objects of an aggregate: (type, offset) of element or member
/// `k`, how many there are (`None`: an array of unknown size), and whether
/// it is a union.
fn sub_object(t: &CType, k: usize) -> Option<(CType, u64)> {
    match t {
        CType::Array(e, n) if *n == 0 || (k as u64) < *n => {
            Some(((**e).clone(), k as u64 * e.size().unwrap_or(0)))
        }
        CType::Record(r) => {
            let l = r.layout()?;
            l.fields.get(k).map(|f| (f.ty.clone(), f.offset))
        }
        _ => None,
    }
}

/// The bits of member `k` of a struct when it is a bit-field.
fn bitfield_at(t: &CType, k: usize) -> Option<(u32, u32)> {
    match t {
        CType::Record(r) if !r.is_union => r.layout()?.fields.get(k)?.bits,
        _ => None,
    }
}

fn sub_count(t: &CType) -> Option<usize> {
    match t {
        CType::Array(_, 0) => None,
        CType::Array(_, n) => Some(usize::try_from(*n).unwrap_or(usize::MAX)),
        CType::Record(r) => Some(r.layout().map_or(0, |l| l.fields.len())),
        _ => Some(0),
    }
}

fn is_aggregate(t: &CType) -> bool {
    matches!(t, CType::Array(..) | CType::Record(_))
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
        CType::Enum(e) => promote(&CType::Int(e.underlying)),
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
        names: Names<'a>,
        diags: &'a mut Vec<Diagnostic>,
        ret: CType,
        space: ExecSpace,
    ) -> Checker<'a> {
        Checker {
            sigs: names.sigs,
            inst: names.inst,
            enumerators: names.enumerators,
            vector_types: names.vector_types,
            constants: names.constants,
            lookup: names.lookup,
            ns: Vec::new(),
            class: None,
            this_expr: None,
            init_target: None,
            fn_target: None,
            returned: None,
            deducing_symbol: None,
            declared_ret: None,
            diags,
            locals: Vec::new(),
            scopes: vec![HashMap::default()],
            ret,
            loops: 0,
            switches: Vec::new(),
            breakable: 0,
            labels: HashMap::default(),
            gotos: Vec::new(),
            space,
            globals: Vec::new(),
            global_scope: names.globals,
            function_symbol: String::new(),
            const_locals: Default::default(),
        }
    }

    /// Types a namespace-scope variable's initializer and evaluates it.
    fn global_initializer(&mut self, g: &mut GlobalVar) {
        if g.storage != Storage::Host {
            return self.constant_initializer(g);
        }
        // A host variable's initializer may be host code (`std::string
        // name = "x";`, `int n = f();`): when it is not a constant, the
        // host runs it and it is none of the device's business.
        let before = self.diags.len();
        self.constant_initializer(g);
        if self.diags[before..].iter().any(|d| d.is_error()) {
            self.diags.truncate(before);
            g.init_values.clear();
            if g.ty == CType::Auto {
                g.ty = CType::INT;
            }
        }
    }

    /// A namespace-scope variable's constant initializer: its scalars'
    /// values by offset (`auto` takes the initializer's type).
    fn constant_initializer(&mut self, g: &mut GlobalVar) {
        let Some(init) = g.init.take() else { return };
        if g.ty == CType::Auto {
            if let Initializer::Expr(e) = &init {
                let e = self.expr(e.clone());
                g.ty = self.decay(e).ty;
            }
        }
        let ty = g.ty.clone();
        let (ty, exprs) = self.initializer_elements(init, &ty);
        g.ty = ty;
        for (off, e) in exprs {
            // A function's address: a pointer in an array of them (a struct
            // variable's bytes have no place for a symbol).
            if let ExprKind::FuncAddr(symbol) = &e.kind {
                if g.ty.is_record() || matches!(&g.ty, CType::Array(elem, _) if elem.is_record()) {
                    self.err(
                        &e.span,
                        "a function's address in the initializer of a struct variable is not supported yet",
                    );
                    return;
                }
                g.init_functions.push((off, symbol.clone()));
                g.init_values.push((off, e.ty.clone(), Scalar::Int(0)));
                continue;
            }
            match const_eval(&e) {
                Some(v) if e.ty.is_scalar() => g.init_values.push((off, e.ty.clone(), v)),
                _ => {
                    self.err(&e.span, "expression must have a constant value");
                    return;
                }
            }
        }
    }

    /// Flattens an initializer for an object of type `ty` into the values
    /// of its scalars with their byte offsets, in memory order, each
    /// converted to its type; what the initializer leaves out is zero (a
    /// struct given by one expression stays one value, copied whole). An
    /// array of unknown size (`T x[]`) takes its size from the list.
    /// Returns the completed type and the values.
    fn initializer_elements(&mut self, init: Initializer, ty: &CType) -> (CType, Vec<(u64, Expr)>) {
        let span = match &init {
            Initializer::Expr(e) => e.span.clone(),
            Initializer::List(_, s) | Initializer::Designated(_, _, s) => s.clone(),
        };
        // Each scalar becomes an expression and a store: refuse the absurd.
        if matches!(init, Initializer::List(..)) && ty.scalar_count() > MAX_INIT_SCALARS {
            let msg = format!(
                "an initializer list for an object of more than {MAX_INIT_SCALARS} scalars is not supported"
            );
            self.err(&span, msg);
            return (ty.clone(), Vec::new());
        }
        let tree = self.init_tree(Item::Raw(init), ty);
        let ty = match (ty, &tree) {
            (CType::Array(elem, 0), InitTree::Parts(parts)) => {
                CType::Array(elem.clone(), (parts.len() as u64).max(1))
            }
            (t, _) => t.clone(),
        };
        let mut out = Vec::new();
        self.emit_init(tree, &ty, 0, &span, &mut out);
        (ty, out)
    }

    /// The initializer tree of one object from one item (a list, or one
    /// expression).
    fn init_tree(&mut self, item: Item, ty: &CType) -> InitTree {
        let e = match item {
            Item::Raw(Initializer::List(items, span)) => {
                if !is_aggregate(ty) {
                    // `int x = {5};`, `int y = {};`
                    let mut items = items.into_iter();
                    let first = items.next();
                    if items.next().is_some() {
                        self.err(&span, "too many initializer values");
                    }
                    return match first {
                        Some(Initializer::Designated(_, _, s)) => {
                            self.err(&s, "a designator cannot be used with a non-aggregate type");
                            InitTree::Zero
                        }
                        Some(i) => self.init_tree(Item::Raw(i), ty),
                        None => InitTree::Zero,
                    };
                }
                let mut queue: std::collections::VecDeque<Item> =
                    items.into_iter().map(Item::Raw).collect();
                let tree = self.aggregate_tree(&mut queue, ty, true, &span);
                if !queue.is_empty() {
                    self.err(&span, "too many initializer values");
                }
                return tree;
            }
            Item::Raw(Initializer::Designated(_, _, span)) => {
                self.err(&span, "a designator is only allowed in a braced list");
                return InitTree::Zero;
            }
            Item::Raw(Initializer::Expr(e)) => self.rvalue_for(e, ty),
            Item::Typed(e) => e,
        };
        if ty.is_scalar() {
            return InitTree::Value(self.assign_convert(e, ty, "initialize an entity"));
        }
        if ty.is_record() {
            return InitTree::Value(self.assign_convert(e, ty, "initialize an entity"));
        }
        let msg = format!(
            "initialization of an object of type \"{ty}\" with an expression is not supported"
        );
        self.err(&e.span, msg);
        InitTree::Zero
    }

    /// The members (or elements) of an aggregate from the items of a list.
    /// With `braced` the list is the aggregate's own; otherwise braces were
    /// elided and the aggregate takes what it needs, leaving the rest (and
    /// any designator, which belongs to the enclosing list) to its parent.
    fn aggregate_tree(
        &mut self,
        items: &mut std::collections::VecDeque<Item>,
        ty: &CType,
        braced: bool,
        span: &Span,
    ) -> InitTree {
        let is_union = matches!(ty, CType::Record(r) if r.is_union);
        let mut parts: Vec<InitTree> = match sub_count(ty) {
            Some(n) if n <= 4096 => vec![InitTree::Zero; n],
            _ => Vec::new(),
        };
        let mut member = 0;
        let mut k = self.fill_parts(&mut parts, &mut member, ty, 0, items, span);
        while braced && !items.is_empty() {
            match items.front() {
                Some(Item::Raw(Initializer::Designated(..))) => {
                    let Some(Item::Raw(Initializer::Designated(path, value, dspan))) =
                        items.pop_front()
                    else {
                        break;
                    };
                    let old = InitTree::Parts(std::mem::take(&mut parts));
                    let old = if is_union {
                        InitTree::Union(member, Box::new(old))
                    } else {
                        old
                    };
                    let (tree, next) =
                        self.designated_tree(old, ty, &path, *value, &dspan, items, true);
                    match tree {
                        InitTree::Parts(p) => parts = p,
                        InitTree::Union(m, t) => {
                            member = m;
                            parts = vec![InitTree::Zero; m + 1];
                            parts[m] = *t;
                        }
                        _ => {}
                    }
                    k = next;
                }
                Some(_) => {
                    let full = sub_count(ty).is_some_and(|n| k >= n) || (is_union && k >= 1);
                    if full {
                        self.err(span, "too many initializer values");
                        items.clear();
                        break;
                    }
                    k = self.fill_parts(&mut parts, &mut member, ty, k, items, span);
                }
                None => break,
            }
        }
        if is_union {
            let tree = parts
                .get_mut(member)
                .map_or(InitTree::Zero, |t| std::mem::replace(t, InitTree::Zero));
            return InitTree::Union(member, Box::new(tree));
        }
        InitTree::Parts(parts)
    }

    /// Fills the sub-objects of an aggregate from `k` on, in order, with
    /// the plain items at the front of the queue, until the aggregate is
    /// full or a designator comes. Returns the next position.
    fn fill_parts(
        &mut self,
        parts: &mut Vec<InitTree>,
        member: &mut usize,
        ty: &CType,
        mut k: usize,
        items: &mut std::collections::VecDeque<Item>,
        span: &Span,
    ) -> usize {
        let is_union = matches!(ty, CType::Record(r) if r.is_union);
        while let Some(front) = items.front() {
            if matches!(front, Item::Raw(Initializer::Designated(..))) {
                break;
            }
            if sub_count(ty).is_some_and(|n| k >= n) || (is_union && k >= 1) {
                break;
            }
            let Some((sub_ty, _)) = sub_object(ty, k) else {
                break;
            };
            let item = items.pop_front().expect("front exists");
            let tree = match item {
                Item::Raw(Initializer::Expr(e)) if is_aggregate(&sub_ty) => {
                    let e = self.rvalue(e);
                    self.elided(e, &sub_ty, items, span)
                }
                Item::Typed(e) if is_aggregate(&sub_ty) => self.elided(e, &sub_ty, items, span),
                item => self.init_tree(item, &sub_ty),
            };
            if parts.len() <= k {
                parts.resize(k + 1, InitTree::Zero);
            }
            parts[k] = tree;
            *member = k;
            k += 1;
        }
        k
    }

    /// An expression met where a sub-aggregate begins: the whole struct when
    /// it has the struct's type, else the first scalar of the sub-aggregate
    /// (brace elision), which takes the items after it as needed.
    fn elided(
        &mut self,
        e: Expr,
        sub_ty: &CType,
        items: &mut std::collections::VecDeque<Item>,
        span: &Span,
    ) -> InitTree {
        if e.ty == *sub_ty {
            return InitTree::Value(e);
        }
        items.push_front(Item::Typed(e));
        self.aggregate_tree(items, sub_ty, false, span)
    }

    /// Where the first designator of a path points in an aggregate.
    fn designator_index(&mut self, ty: &CType, d: &Designator, span: &Span) -> Option<usize> {
        match (ty, d) {
            (CType::Array(_, n), Designator::Index(i)) => {
                if *n != 0 && i >= n {
                    self.err(span, "array index out of range in designator");
                    return None;
                }
                usize::try_from(*i)
                    .ok()
                    .filter(|i| *i <= 1 << 24)
                    .or_else(|| {
                        self.err(span, "array index out of range in designator");
                        None
                    })
            }
            (CType::Record(r), Designator::Field(name)) => {
                let found = r
                    .layout()
                    .and_then(|l| l.fields.iter().position(|f| f.name == *name));
                if found.is_none() {
                    let msg = format!("class \"{ty}\" has no member \"{name}\"");
                    self.err(span, msg);
                }
                found
            }
            (CType::Record(_), Designator::Index(_)) => {
                self.err(span, "an array designator is not allowed for a struct");
                None
            }
            (_, Designator::Field(name)) => {
                let msg =
                    format!("a member designator (\".{name}\") is not allowed for type \"{ty}\"");
                self.err(span, msg);
                None
            }
            (_, Designator::Index(_)) => {
                let msg = format!("an array designator is not allowed for type \"{ty}\"");
                self.err(span, msg);
                None
            }
        }
    }

    /// Applies a designator path to the tree of an aggregate: the value goes
    /// to the sub-object the path names; then, as in C, the plain items after
    /// it fill the sub-objects that follow it, innermost aggregate first
    /// (`.tags[2] = 7, 8` sets `tags[3]` to 8). Returns the new tree and, for
    /// the outermost aggregate (`top`), the position after the path's first step.
    #[allow(clippy::too_many_arguments)]
    fn designated_tree(
        &mut self,
        old: InitTree,
        ty: &CType,
        path: &[Designator],
        value: Initializer,
        span: &Span,
        items: &mut std::collections::VecDeque<Item>,
        top: bool,
    ) -> (InitTree, usize) {
        let Some(first) = path.first() else {
            return (self.init_tree(Item::Raw(value), ty), 0);
        };
        let Some(k) = self.designator_index(ty, first, span) else {
            return (old, 0);
        };
        let Some((sub_ty, _)) = sub_object(ty, k) else {
            return (old, 0);
        };
        let is_union = matches!(ty, CType::Record(r) if r.is_union);
        let (mut parts, mut member) = match old {
            InitTree::Parts(p) => (p, k),
            InitTree::Union(m, t) if m == k => (
                {
                    let mut p = vec![InitTree::Zero; k + 1];
                    p[k] = *t;
                    p
                },
                k,
            ),
            _ => (Vec::new(), k),
        };
        if parts.len() <= k {
            parts.resize(k + 1, InitTree::Zero);
        }
        let inner = std::mem::replace(&mut parts[k], InitTree::Zero);
        parts[k] = if path.len() == 1 {
            self.init_tree(Item::Raw(value), &sub_ty)
        } else {
            self.designated_tree(inner, &sub_ty, &path[1..], value, span, items, false)
                .0
        };
        let next = if top {
            k + 1
        } else {
            self.fill_parts(&mut parts, &mut member, ty, k + 1, items, span)
        };
        let tree = if is_union {
            let at = member.min(parts.len() - 1);
            let t = std::mem::replace(&mut parts[at], InitTree::Zero);
            InitTree::Union(member, Box::new(t))
        } else {
            InitTree::Parts(parts)
        };
        (tree, next)
    }

    /// The values of an initializer tree for an object of type `ty` at byte
    /// offset `base`, in memory order, zeros where the tree has none.
    fn emit_init(
        &mut self,
        tree: InitTree,
        ty: &CType,
        base: u64,
        span: &Span,
        out: &mut Vec<(u64, Expr)>,
    ) {
        match tree {
            InitTree::Zero => match self.value_init_tree(ty, span) {
                Some(tree) => self.emit_init(tree, ty, base, span, out),
                None => zero_fill(ty, base, span, out),
            },
            InitTree::Value(e) => out.push((base, e)),
            InitTree::Parts(parts) => {
                let n = sub_count(ty).unwrap_or(parts.len());
                let mut parts = parts.into_iter();
                // Bit-fields sharing a unit give it one value: their bits or'ed.
                let mut units: Vec<(usize, u64, CType)> = Vec::new();
                for k in 0..n {
                    let Some((sub_ty, off)) = sub_object(ty, k) else {
                        break;
                    };
                    let t = parts.next().unwrap_or(InitTree::Zero);
                    // A member the list leaves out: its default member
                    // initializer (C++14), or what its class makes.
                    let t = match (t, ty) {
                        (InitTree::Zero, CType::Record(r)) if !r.is_union => {
                            let this = self
                                .init_target
                                .clone()
                                .map(|o| self.object_at(&o, base, ty, span));
                            self.left_out_member(r, k, this, span)
                                .unwrap_or(InitTree::Zero)
                        }
                        (t, _) => t,
                    };
                    if let Some((bit, width)) = bitfield_at(ty, k) {
                        let unit_ty = match &sub_ty {
                            CType::Int(k) => CType::Int(k.to_unsigned()),
                            CType::Enum(e) => CType::Int(e.underlying.to_unsigned()),
                            _ => CType::UINT,
                        };
                        let at = base + off;
                        let size = unit_ty.size().unwrap_or(4);
                        // A unit overlapping one met before (of another
                        // type) is within it, or contains it: one value.
                        let found = units.iter().position(|(_, o, t)| {
                            let osize = t.size().unwrap_or(4);
                            at < o + osize && *o < at + size
                        });
                        let (slot, shift, uty) = match found {
                            Some(u) => {
                                let (slot, o, t) = units[u].clone();
                                let osize = t.size().unwrap_or(4);
                                if osize >= size {
                                    (slot, (at - o) * 8, t)
                                } else {
                                    // Widen the earlier unit to this one.
                                    let prev =
                                        std::mem::replace(&mut out[slot].1, zero(&unit_ty, span));
                                    let lit = mk(
                                        ExprKind::IntLit((o - at) * 8),
                                        span.clone(),
                                        unit_ty.clone(),
                                    );
                                    out[slot] = (
                                        at,
                                        mk(
                                            ExprKind::Binary(
                                                BinOp::Shl,
                                                Box::new(convert(prev, &unit_ty)),
                                                Box::new(lit),
                                            ),
                                            span.clone(),
                                            unit_ty.clone(),
                                        ),
                                    );
                                    units[u] = (slot, at, unit_ty.clone());
                                    (slot, 0, unit_ty.clone())
                                }
                            }
                            None => {
                                out.push((at, zero(&unit_ty, span)));
                                units.push((out.len() - 1, at, unit_ty.clone()));
                                (out.len() - 1, 0, unit_ty.clone())
                            }
                        };
                        if let InitTree::Value(v) = t {
                            let lit =
                                |v: i64| mk(ExprKind::IntLit(v as u64), span.clone(), uty.clone());
                            let mask = if width >= 64 { -1 } else { (1i64 << width) - 1 };
                            let bin = |op, a: Expr, b: Expr| {
                                mk(
                                    ExprKind::Binary(op, Box::new(a), Box::new(b)),
                                    span.clone(),
                                    uty.clone(),
                                )
                            };
                            let v = convert(convert(v, &unit_ty), &uty);
                            let piece = bin(
                                BinOp::Shl,
                                bin(BinOp::BitAnd, v, lit(mask)),
                                lit(i64::from(bit) + shift as i64),
                            );
                            let prev = std::mem::replace(&mut out[slot].1, zero(&uty, span));
                            out[slot].1 = bin(BinOp::BitOr, prev, piece);
                        }
                        continue;
                    }
                    self.emit_init(t, &sub_ty, base + off, span, out);
                }
            }
            InitTree::Union(k, t) => {
                let Some((sub_ty, off)) = sub_object(ty, k) else {
                    return;
                };
                self.emit_init(*t, &sub_ty, base + off, span, out);
                let used = off + sub_ty.size().unwrap_or(0);
                zero_bytes(base + used, base + ty.size().unwrap_or(0), span, out);
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

    /// A hidden local (a temporary no name finds) of type `ty`: the
    /// variable as an lvalue.
    fn hidden_local(&mut self, name: &str, ty: CType, span: &Span) -> Expr {
        let id = self.locals.len();
        self.locals.push(Local {
            name: name.to_string(),
            ty: ty.clone(),
            span: span.clone(),
        });
        Expr {
            kind: ExprKind::Var(id),
            span: span.clone(),
            ty,
            lvalue: true,
        }
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

    /// A block-scope name, else a namespace-scope variable (enumerators,
    /// between the two, are looked up by the caller).
    fn lookup(&self, name: &str) -> Option<Binding> {
        self.lookup_block(name)
            .or_else(|| self.global_named(name).map(Binding::Global))
    }

    fn lookup_block(&self, name: &str) -> Option<Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name).copied())
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
            init_functions: Vec::new(),
            external: d.external,
            span: d.span.clone(),
            align: d.align,
        });
        d.local = id;
        self.bind(&d.name.clone(), Binding::Global(id), &d.span.clone());
    }

    fn stmt(&mut self, s: &mut Stmt) {
        match &mut s.kind {
            StmtKind::Compound(stmts) => {
                self.scopes.push(HashMap::default());
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
                    if d.ty.is_deduced() && !is_placeholder(&d.ty) {
                        d.ty = self.resolve_type(&d.ty, &d.span);
                    }
                    let how = self.cxx_declaration(d);
                    let done = !matches!(how, classes::DeclInit::Plain);
                    // An object of class type is declared before its
                    // list: its default member initializers may read it.
                    let early = d.init_list.is_some()
                        && (d.ty.is_record()
                            || matches!(&d.ty, CType::Array(e, n) if *n > 0 && self.needs_init(e, 0)));
                    if early {
                        d.local = self.declare(&d.name, d.ty.clone(), &d.span);
                    }
                    if let Some(list) = d.init_list.take() {
                        if early {
                            self.init_target = Some(self.local_value(d.local, d.span.clone()));
                        }
                        let (ty, elems) = self.initializer_elements(list, &d.ty.clone());
                        self.init_target = None;
                        d.ty = ty;
                        d.list = Some(elems);
                    }
                    if d.ty == CType::Void || d.ty.size().is_none() {
                        self.err(
                            &d.span,
                            format!("incomplete type \"{}\" is not allowed", d.ty),
                        );
                    }
                    if let Some(init) = if done { None } else { d.init.take() } {
                        d.init = Some(match d.ty.clone() {
                            CType::Ref { pointee, konst } => {
                                let init = self.expr(init);
                                self.bind_ref(init, &pointee, konst, "initialize an entity")
                            }
                            ty => {
                                let init = self.rvalue_for(init, &ty);
                                self.assign_convert(init, &ty, "initialize an entity")
                            }
                        });
                    }
                    if !early {
                        d.local = self.declare(&d.name, d.ty.clone(), &d.span);
                    }
                    let object = self.local_value(d.local, d.span.clone());
                    d.construct = match how {
                        classes::DeclInit::InPlace(args, braced) => {
                            self.init_object(object, args, braced, &d.span)
                        }
                        classes::DeclInit::Default => self.default_init(object, &d.span, 0),
                        _ => Vec::new(),
                    };
                    if d.konst {
                        self.const_locals.insert(d.local);
                    }
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
                self.scopes.push(HashMap::default());
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
            StmtKind::Return(e) if self.ret.is_deduced() => {
                // Deducing the return type: the first `return` says it.
                let ret = self.ret.clone();
                let t = match e.take() {
                    Some(v) => {
                        let (t, v) = self.returned_type(&ret, v);
                        *e = Some(v);
                        t
                    }
                    None => CType::Void,
                };
                self.returned.get_or_insert(t);
            }
            StmtKind::Return(e) if self.declared_ret.is_some() => {
                // A deduced return type: each `return` must agree with it.
                let ret = self.ret.clone();
                let declared = self.declared_ret.clone().unwrap_or(CType::Void);
                let (t, v) = match e.take() {
                    Some(v) => {
                        let (t, v) = self.returned_type(&declared, v);
                        (t, Some(v))
                    }
                    None => (CType::Void, None),
                };
                if t != ret {
                    let msg = format!(
                        "deduced return type \"{t}\" conflicts with previously deduced type \"{ret}\""
                    );
                    let at = v.as_ref().map_or(s.span.clone(), |v| v.span.clone());
                    self.err(&at, msg);
                }
                *e = v.map(|v| match &ret {
                    CType::Ref { pointee, konst } => {
                        self.bind_ref(v, pointee, *konst, "return a value")
                    }
                    _ => {
                        let v = self.decay(v);
                        self.assign_convert(v, &ret, "return a value")
                    }
                });
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
                        *e = Some(match &ret {
                            CType::Ref { pointee, konst } => {
                                let v = self.expr(v);
                                self.bind_ref(v, pointee, *konst, "return a value")
                            }
                            _ => {
                                let v = self.rvalue(v);
                                self.assign_convert(v, &ret, "return a value")
                            }
                        });
                    }
                    (None, false) => self.err(&s.span, "return value expected"),
                    (None, true) => {}
                }
            }
            StmtKind::Break => {
                if self.breakable == 0 {
                    self.err(
                        &s.span,
                        "a break statement may only be used within a loop or switch",
                    );
                }
            }
            StmtKind::Continue => {
                if self.loops == 0 {
                    self.err(
                        &s.span,
                        "a continue statement may only be used within a loop",
                    );
                }
            }
            StmtKind::Switch(c, body) => {
                self.expr_in_place(c, false);
                if !c.ty.is_integer() {
                    self.err(&c.span, "expression must have integral or enum type");
                }
                let ty = if c.ty.is_integer() {
                    promote(&c.ty)
                } else {
                    CType::INT
                };
                let taken =
                    std::mem::replace(c, mk(ExprKind::IntLit(0), Span::default(), CType::Void));
                *c = convert(taken, &ty);
                self.switches.push(SwitchLabels {
                    ty,
                    cases: HashMap::default(),
                    default: false,
                });
                self.breakable += 1;
                self.stmt(body);
                self.breakable -= 1;
                self.switches.pop();
            }
            StmtKind::Case(v) => {
                let Some(sw) = self.switches.last() else {
                    self.err(&s.span, "a case label may only be used within a switch");
                    return;
                };
                let ty = sw.ty.clone();
                self.expr_in_place(v, false);
                let value = if v.ty.is_integer() {
                    const_eval(&convert(v.clone(), &ty)).map(|c| c.as_i64())
                } else {
                    None
                };
                let Some(value) = value else {
                    self.err(&v.span, "expression must have a constant value");
                    return;
                };
                let sw = self.switches.last_mut().expect("checked above");
                if let Some(line) = sw.cases.get(&value).copied() {
                    let msg = format!(
                        "case label value has already appeared in this switch at line {line}"
                    );
                    self.err(&v.span, msg);
                } else {
                    sw.cases.insert(value, v.span.line);
                }
                let span = v.span.clone();
                *v = mk(ExprKind::IntLit(value as u64), span, ty);
            }
            StmtKind::Default => match self.switches.last_mut() {
                None => self.err(&s.span, "a default label may only be used within a switch"),
                Some(sw) if sw.default => {
                    self.err(&s.span, "default label has already appeared in this switch")
                }
                Some(sw) => sw.default = true,
            },
            StmtKind::Label(name) => {
                if let Some(prev) = self.labels.get(name.as_str()) {
                    let msg = format!(
                        "label \"{name}\" has already been defined (previous definition at line {})",
                        prev.line
                    );
                    self.err(&s.span, msg);
                } else {
                    self.labels.insert(name.clone(), s.span.clone());
                }
            }
            StmtKind::Goto(name) => self.gotos.push((name.clone(), s.span.clone())),
            StmtKind::Empty => {}
        }
    }

    fn loop_body(&mut self, body: &mut Stmt) {
        self.loops += 1;
        self.breakable += 1;
        self.stmt(body);
        self.breakable -= 1;
        self.loops -= 1;
    }

    /// Every `goto` names a label of the function.
    fn check_gotos(&mut self) {
        for (name, span) in std::mem::take(&mut self.gotos) {
            if !self.labels.contains_key(&name) {
                self.err(
                    &span,
                    format!("label \"{name}\" was referenced but not defined"),
                );
            }
        }
    }

    fn condition(&mut self, c: &mut Expr) {
        self.expr_in_place(c, true);
        if c.ty.is_record() {
            let taken = std::mem::replace(c, mk(ExprKind::IntLit(0), Span::default(), CType::Void));
            *c = self.user_conversion(taken, Some(&CType::Bool));
        }
        if c.ty.is_record() {
            self.err(
                &c.span,
                "expression must have bool type (or be convertible to bool)",
            );
        } else if !c.ty.is_scalar() && c.ty != CType::Void {
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

    /// [`Self::rvalue`] of an expression converted to `to` next: an
    /// overloaded function named there is the overload of `to`'s type.
    fn rvalue_for(&mut self, e: Expr, to: &CType) -> Expr {
        self.fn_target = to.unref().function_pointee().cloned();
        let e = self.rvalue(e);
        self.fn_target = None;
        e
    }

    fn assign_convert(&mut self, e: Expr, to: &CType, what: &str) -> Expr {
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

    fn arith_operand(&mut self, e: &Expr, op: &str) -> bool {
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

    fn expr(&mut self, mut e: Expr) -> Expr {
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
            ExprKind::Construct(ty, args, braced) => {
                let ty = self.resolve_type(&ty, &span);
                self.construct(ty, args, braced, span)
            }
            ExprKind::MemberCall(object, name, args) => self.member_call(*object, name, args, span),
            ExprKind::Cast { expr, implicit } => {
                let inner = self.rvalue(*expr);
                let to = self.resolve_type(&e.ty, &span);
                // `(Base *)d`, `(Derived *)b`: as static_cast, adjusted.
                if related_class_pointers(&inner.ty, &to) {
                    return self.class_pointer_cast(inner, &to, &span);
                }
                let inner = self.user_conversion(inner, Some(&to));
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
            ExprKind::Unary(op, inner) => {
                if op == UnOp::AddrOf {
                    self.fn_target = target;
                }
                self.unary(op, *inner, span)
            }
            ExprKind::Binary(op, a, b) => self.binary(op, *a, *b, span),
            ExprKind::Assign(op, lhs, rhs) => {
                let lhs = self.expr(*lhs);
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

    /// `object.name` for a struct or union object.
    fn member(&mut self, object: Expr, r: &std::rc::Rc<Record>, name: &str, span: Span) -> Expr {
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
                let msg = format!("class \"{}\" has no member \"{name}\"", object.ty);
                self.err(&span, msg);
                mk(ExprKind::IntLit(0), span, CType::INT)
            }
        }
    }

    /// `make_float4(x, y, z, w)`: a vector from its members.
    fn make_vector(&mut self, ty: CType, args: Vec<Expr>, span: Span) -> Expr {
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

    fn check_modifiable(&mut self, e: &Expr) {
        if !e.lvalue || matches!(e.ty, CType::Array(..)) || self.is_const_lvalue(e) {
            self.err(&e.span, "expression must be a modifiable lvalue");
        }
    }

    fn call(&mut self, name: String, args: Vec<Expr>, span: Span) -> Expr {
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
        if let Some(set) = self.function_set(&name) {
            // Function templates of the same name are overloads too.
            let defs = self.templates_beside(&set);
            if !defs.is_empty() && set.iter().all(|s| !s.method) {
                return self.overloaded_call(&name, set, defs, Vec::new(), args, span);
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
            if let Some(b) = super::builtins::position(&c) {
                return self.builtin_call(b, args, span);
            }
            if !self.inst.borrow().templates.functions(&c).is_empty() {
                return self.template_call(c, Vec::new(), args, span);
            }
        }
        self.undefined(&name, &span);
        mk(ExprKind::IntLit(0), span, CType::INT)
    }

    /// A call through a pointer to function (`fp(x)`, `(*fp)(x)`,
    /// `table[i](x)`): the arguments converted to its parameters.
    fn call_through(&mut self, callee: Expr, args: Vec<Expr>, span: Span) -> Expr {
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

    /// Arithmetic on a pointer to function: nvcc's error (a function has
    /// no size to step by).
    fn no_function_arithmetic(&mut self, e: &Expr) {
        if e.ty.function_pointee().is_some() {
            self.err(
                &e.span,
                "expression must be a pointer to a complete object type",
            );
        }
    }

    /// A function named where no call follows: its address, a pointer to
    /// its function type (`None` when no function has the name).
    fn function_designator(
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
    fn undefined(&mut self, name: &str, span: &Span) {
        let mut parts = super::lookup::qualified_parts(name);
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
    fn host_call_error(&mut self, name: &str, constexpr: bool, span: &Span) {
        let here = if self.space == ExecSpace::Global {
            "__global__"
        } else {
            "__device__"
        };
        // A constructor of a class template's instance is named as the
        // class is (`std::vector<float>::vector`).
        let mut parts = super::lookup::qualified_parts(name);
        let n = parts.len();
        if n >= 2 && parts[n - 1] == parts[n - 2] {
            parts[n - 1] = parts[n - 1].split('<').next().unwrap_or_default();
        }
        let name = parts.join("::");
        let msg = if constexpr {
            let short = super::lookup::last_part(&name);
            format!("calling a constexpr __host__ function(\"{short}\") from a {here} function is not allowed. The experimental flag '--expt-relaxed-constexpr' can be used to allow this.")
        } else {
            format!("calling a __host__ function(\"{name}\") from a {here} function is not allowed")
        };
        self.err(span, msg);
    }

    /// A call of a built-in: the overload that fits the arguments best
    /// (exact types first), arguments converted to its parameters.
    fn builtin_call(&mut self, index: usize, args: Vec<Expr>, span: Span) -> Expr {
        use super::builtins::{ctype, overloads};
        let b = super::builtins::get(index);
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
