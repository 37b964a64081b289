//! Sema: names and types. Resolves identifiers to locals and built-ins, gives
//! every expression its C type, and makes C's implicit conversions explicit as
//! `Cast { implicit: true }` nodes (integer promotions, usual arithmetic
//! conversions, assignment conversions, array-to-pointer decay), so that
//! irgen never has to know C's conversion rules.
//!
//! Messages follow nvcc's (EDG's) wording.
//!
//! This file holds the checker's state (`Checker`, the names it sees,
//! block scopes) and the entry points: `check` for a translation unit,
//! `check_function` for one body. The checker's methods are spread over
//! `sema/` by what they check: `decl` (variables), `stmt`, `expr`, `call`,
//! `overload` (overload resolution), `conversions` (C's implicit ones),
//! `init` (initializer lists), `cxx` (names, members, references, casts),
//! `classes` (constructors, bases), `templates` (calls of function
//! templates), `deduce` (`decltype`, `auto` return types), and `instances`
//! (the function template instances made and still to check).

use super::ast::*;
use crate::collections::{HashMap, HashSet};
use crate::diag::{Diagnostic, Span};
use std::cell::RefCell;
use std::rc::Rc;

mod asm;
mod call;
mod classes;
mod conversions;
mod cxx;
mod decl;
mod deduce;
mod expr;
mod init;
mod instances;
mod lambda;
mod overload;
mod stmt;
mod templates;
mod virtuals;

pub use conversions::{common_type, convert, promote};
use instances::{request, Instances};

/// A function's signature, for checking calls. Functions of one name are
/// its overloads.
#[derive(Clone)]
pub(crate) struct Signature {
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
    signature_as(f, super::mangle::symbol_name(f))
}

/// `f`'s signature, its symbol known.
fn signature_as(f: &FunctionDef, symbol: String) -> Signature {
    Signature {
        name: f.name.clone(),
        symbol,
        ret: f.ret.clone(),
        params: f.params.iter().map(|p| p.ty.clone()).collect(),
        defaults: f.params.iter().map(|p| p.default.clone()).collect(),
        variadic: f.variadic,
        space: f.space,
        method: f.params.first().is_some_and(|p| p.name == "this"),
        constexpr: f.constexpr,
    }
}

/// Adds `f`'s signature to the overloads of its name, or its default
/// arguments to an earlier declaration's.
fn declare(set: &mut Vec<Signature>, f: &FunctionDef, sig: Signature, diags: &mut Vec<Diagnostic>) {
    if let Some(old) = set.iter_mut().find(|o| o.params == sig.params) {
        if old.ret != sig.ret {
            diags.push(Diagnostic::error(
                f.span.clone(),
                format!(
                    "declaration of \"{}\" is incompatible with an earlier one",
                    f.name
                ),
            ));
            return;
        }
        // A redeclaration may add default arguments.
        for (d, n) in old.defaults.iter_mut().zip(sig.defaults) {
            if d.is_none() {
                *d = n;
            }
        }
        return;
    }
    if f.extern_c && !set.is_empty() {
        diags.push(Diagnostic::error(
            f.span.clone(),
            format!(
                "more than one instance of overloaded function \"{}\" has \"C\" linkage",
                f.name
            ),
        ));
        return;
    }
    set.push(sig);
}

/// What sema makes once of a kept state's functions ([`KeptSymbols`]):
/// their symbols, their signatures by name and the diagnostics those gave.
pub(crate) struct KeptNames {
    symbols: Vec<String>,
    sigs: Rc<HashMap<String, Vec<Signature>>>,
    diags: Vec<Diagnostic>,
}

impl KeptNames {
    fn of(functions: &[Rc<FunctionDef>]) -> KeptNames {
        let symbols: Vec<String> = functions
            .iter()
            .map(|f| super::mangle::symbol_name(f))
            .collect();
        let mut sigs: HashMap<String, Vec<Signature>> = HashMap::default();
        let mut diags = Vec::new();
        for (f, symbol) in functions.iter().zip(&symbols) {
            let sig = signature_as(f, symbol.clone());
            declare(sigs.entry(f.name.clone()).or_default(), f, sig, &mut diags);
        }
        KeptNames {
            symbols,
            sigs: Rc::new(sigs),
            diags,
        }
    }
}

/// The functions' signatures by name: a kept state's, shared, and this
/// unit's own, where a name the kept state declares too is copied on its
/// first redeclaration.
struct Sigs {
    kept: Rc<HashMap<String, Vec<Signature>>>,
    own: HashMap<String, Vec<Signature>>,
}

impl Sigs {
    /// A unit's signatures, going on from a kept state's.
    fn over(kept: Rc<HashMap<String, Vec<Signature>>>) -> Sigs {
        Sigs {
            kept,
            own: HashMap::default(),
        }
    }

    fn get(&self, name: &str) -> Option<&Vec<Signature>> {
        self.own.get(name).or_else(|| self.kept.get(name))
    }

    /// Every name declared (a name in both maps twice).
    fn keys(&self) -> impl Iterator<Item = &String> {
        self.own.keys().chain(self.kept.keys())
    }

    /// The overloads of `name`, to add to.
    fn entry(&mut self, name: &str) -> &mut Vec<Signature> {
        if !self.own.contains_key(name) {
            let set = self.kept.get(name).cloned().unwrap_or_default();
            self.own.insert(name.to_string(), set);
        }
        self.own.get_mut(name).expect("just made")
    }
}

/// Checks and types every function with a body.
pub fn check(tu: &mut TranslationUnit, diags: &mut Vec<Diagnostic>) {
    // The symbols and signatures of the functions a kept state parsed,
    // made once (the unit holds all of them: a file only adds functions).
    let memo = tu.kept_symbols.memo.clone();
    let count = tu.kept_symbols.count;
    let made = (count <= tu.functions.len())
        .then(|| memo.get_or_init(|| KeptNames::of(&tu.functions[..count])));
    let (kept, mut sigs): (&[String], Sigs) = match made {
        Some(made) => {
            diags.extend(made.diags.iter().cloned());
            (&made.symbols, Sigs::over(made.sigs.clone()))
        }
        None => (&[], Sigs::over(Rc::default())),
    };
    for f in tu.functions[kept.len()..]
        .iter()
        .map(|f| &**f)
        .chain(&tu.templates.lazy_methods)
    {
        declare(sigs.entry(&f.name), f, signature(f), diags);
    }
    // printf is CUDA's __host__ __device__ function, declared or not
    // (irgen turns a device-side call into vprintf).
    let printf = sigs.entry("printf");
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
        .map(|f| (**f).clone())
        .collect();
    // Explicit instantiations and launches in host code, in file order.
    // What a host function template's instance asks for comes after what
    // was asked for before it, as EDG instantiates pending templates at the
    // end of the file in the order they were first used.
    let mut placed: Vec<(usize, String)> = Vec::new();
    let mut queue = std::collections::VecDeque::new();
    loop {
        queue.extend(std::mem::take(&mut inst.borrow_mut().templates.requests));
        let Some(r) = queue.pop_front() else { break };
        if let Some(id) = request(&inst, &r, diags) {
            placed.push((r.at, id));
        }
    }
    let mut defined: HashMap<String, Span> = HashMap::default();
    // The inline functions of the prelude and the built-in headers
    // (`isnan`, `wmma::load_matrix_sync`, …: ours, known to be right) are
    // checked only once something uses them, and dropped otherwise;
    // checking and lowering them was a third of a small kernel's compile
    // (and six sevenths of a WMMA kernel's).
    let mut deferred: Vec<(usize, String)> = Vec::new();
    for (i, f) in tu.functions.iter_mut().enumerate() {
        if f.body.is_none() {
            continue;
        }
        let symbol = kept
            .get(i)
            .cloned()
            .unwrap_or_else(|| super::mangle::symbol_name(f));
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
        if f.discardable && (i < tu.prelude_functions || f.span.in_builtin()) {
            deferred.push((i, symbol));
            continue;
        }
        check_function(Rc::make_mut(f), symbol, names, &mut globals, diags);
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
        check_function(
            Rc::make_mut(&mut tu.functions[i]),
            symbol,
            names,
            &mut globals,
            diags,
        );
    }
    let unused: HashSet<usize> = deferred.into_iter().map(|(i, _)| i).collect();
    unreferenced_kernels(tu, &inst.borrow(), diags);
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
                functions.push(Rc::new(instances.remove(k)));
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
            functions.push(Rc::new(instances.remove(k)));
        }
    }
    functions.extend(instances.into_iter().map(Rc::new));
    tu.functions = functions;
    tu.templates = inst.into_inner().templates;
    tu.globals = globals;
}

/// nvcc's warning 177 for a `static` kernel that neither device code nor
/// host code refers to (nvcc still emits it).
fn unreferenced_kernels(tu: &TranslationUnit, inst: &Instances, diags: &mut Vec<Diagnostic>) {
    for f in &tu.functions {
        if f.space != ExecSpace::Global || !f.discardable || f.body.is_none() || f.symbol.is_some()
        {
            continue;
        }
        let name = crate::frontend::lookup::last_part(&f.name);
        if inst.templates.host_names.contains(name)
            || inst.used.contains(&super::mangle::symbol_name(f))
        {
            continue;
        }
        diags.push(Diagnostic::warning(
            f.span.clone(),
            format!("function \"{name}\" was declared but never referenced"),
        ));
    }
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
        (Some(r), Some(_)) if f.symbol.is_some() => {
            let r = r.clone();
            let symbol = f.symbol.clone().unwrap_or_default();
            cx.destructor_body(&r, &symbol, &f.span)
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
    if n < 2 {
        return false;
    }
    let (class, last) = (parts[n - 2], parts[n - 1]);
    // A constructor template's instance: `P::P<float>`.
    last == class
        || last
            .strip_prefix(class)
            .is_some_and(|rest| rest.starts_with('<') && rest.ends_with('>'))
}

/// What names at namespace scope mean: functions, variables, enumerators
/// and the vector types (for `make_float4`).
#[derive(Clone, Copy)]
struct Names<'a> {
    sigs: &'a Sigs,
    globals: &'a HashMap<String, usize>,
    enumerators: &'a crate::collections::SharedMap<String, (i64, CType)>,
    vector_types: &'a HashMap<String, CType>,
    constants: &'a crate::collections::SharedMap<String, (Scalar, CType)>,
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

/// The state of checking one function's body (or one namespace-scope
/// variable's initializer): what names mean, the locals and scopes so far,
/// what the statement being checked is inside of.
struct Checker<'a> {
    sigs: &'a Sigs,
    inst: &'a RefCell<Instances>,
    enumerators: &'a crate::collections::SharedMap<String, (i64, CType)>,
    vector_types: &'a HashMap<String, CType>,
    constants: &'a crate::collections::SharedMap<String, (Scalar, CType)>,
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
    /// The call being resolved names its function qualified
    /// (`Shape::area()`, `p->Shape::area()`): no virtual dispatch.
    qualified_call: bool,
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
            qualified_call: false,
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

    fn err(&mut self, span: &Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(span.clone(), msg));
    }

    fn declare(&mut self, name: &str, ty: CType, span: &Span) -> usize {
        let id = self.locals.len();
        self.locals.push(Local {
            name: name.to_string(),
            ty,
            span: span.clone(),
            volatile: false,
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
            volatile: false,
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
}
