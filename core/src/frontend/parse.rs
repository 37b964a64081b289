//! The parser: preprocessed tokens → syntax tree.
//!
//! Recursive descent for declarations and statements, precedence climbing for
//! expressions. Errors are reported and the parser resynchronizes at the next
//! `;` or `}`, so one mistake does not hide the rest of the file.
//!
//! Architecture Invariant: never panics and never recurses without bound:
//! nesting deeper than `MAX_DEPTH` is an error.

use super::ast::*;
use super::layout::Member;
use super::lex::{TokKind, Token};
use super::literals::{parse_char_literal, parse_float_literal, parse_int_literal, unescape};
use super::scope::{CxxScope, Scope};
use super::template::{
    ParamKind, Partial, Request, TemplateDef, TemplateKind, TemplateParam, Templates,
    MAX_INSTANCES, MAX_NESTING, PATTERN_VALUE,
};
use crate::collections::HashMap;
use crate::diag::{Diagnostic, Span};
use std::rc::Rc;

mod cxx;

const MAX_DEPTH: usize = 256;

/// What the parser knows between top-level declarations: the names
/// declared so far and what was parsed. The prelude's state is made once
/// per option set and each compile goes on from a copy
/// (`frontend::prelude`).
#[derive(Clone)]
pub struct ParseState {
    typedefs: HashMap<String, CType>,
    tags: HashMap<String, CType>,
    enumerators: HashMap<String, (i64, CType)>,
    globals: Vec<GlobalVar>,
    cxx: CxxScope,
    templates: Templates,
    template_values: HashMap<String, (i64, CType)>,
    functions: Vec<FunctionDef>,
    vector_types: HashMap<String, CType>,
    /// How many of `functions` the prelude parsed (`frontend::prelude`).
    prelude_functions: usize,
}

impl ParseState {
    /// Nothing declared but CUDA's vector types.
    pub fn new(opts: &crate::options::Options) -> ParseState {
        let vector_types: HashMap<String, CType> =
            super::vectors::vector_types().into_iter().collect();
        ParseState {
            typedefs: vector_types.clone(),
            tags: vector_types.clone(),
            enumerators: HashMap::default(),
            globals: Vec::new(),
            cxx: CxxScope {
                relaxed_constexpr: opts.expt_relaxed_constexpr,
                lookup: super::lookup::Lookup::with_std_math(),
                ..CxxScope::default()
            },
            templates: Templates::default(),
            template_values: HashMap::default(),
            functions: Vec::new(),
            vector_types,
            prelude_functions: 0,
        }
    }

    /// A copy that shares nothing mutable with this one (the class names
    /// of the lookup are shared between copies within one compile).
    pub fn fork(&self) -> ParseState {
        let mut s = self.clone();
        s.cxx.lookup = s.cxx.lookup.fork();
        s
    }

    /// Every struct, union and class type declared by name: for checking
    /// that a compile going on from a shared state did not complete or
    /// change one (`frontend::prelude`).
    pub fn records(&self) -> Vec<Rc<Record>> {
        let mut out: Vec<Rc<Record>> = Vec::new();
        for t in self.tags.values().chain(self.typedefs.values()) {
            if let CType::Record(r) = t {
                if !out.iter().any(|o| Rc::ptr_eq(o, r)) {
                    out.push(r.clone());
                }
            }
        }
        out
    }

    /// Marks what was parsed so far as the prelude's.
    pub fn mark_prelude(&mut self) {
        self.prelude_functions = self.functions.len();
    }

    /// The translation unit: everything parsed.
    pub fn finish(self) -> TranslationUnit {
        let mut templates = self.templates;
        templates.scope = Scope {
            typedefs: self.typedefs,
            tags: self.tags,
            enumerators: self.enumerators.clone(),
            cxx: CxxScope {
                methods: Vec::new(),
                ..self.cxx.clone()
            },
        };
        TranslationUnit {
            functions: self.functions,
            globals: self.globals,
            enumerators: self.enumerators,
            vector_types: self.vector_types,
            constants: self.cxx.constants,
            lookup: self.cxx.lookup,
            templates,
            prelude_functions: self.prelude_functions,
        }
    }
}

/// Parses `tokens` going on from `state`; the state after them.
pub fn parse_from(state: ParseState, tokens: &[Token], diags: &mut Vec<Diagnostic>) -> ParseState {
    let eof_span = tokens.last().map(|t| t.span()).unwrap_or_default();
    let ParseState {
        typedefs,
        tags,
        enumerators,
        globals,
        cxx,
        templates,
        template_values,
        mut functions,
        vector_types,
        prelude_functions,
    } = state;
    let mut p = Parser {
        toks: tokens,
        pos: 0,
        diags,
        typedefs,
        tags,
        enumerators,
        depth: 0,
        eof_span,
        pending_unroll: None,
        globals,
        cxx,
        templates,
        template_values,
        no_gt: false,
        half_gt: false,
        nesting: 0,
        pattern: false,
        in_class: false,
    };
    while !p.at_eof() {
        let before = p.pos;
        if let Err(Stop) = p.top_level(&mut functions, false) {
            p.recover_top_level();
        }
        functions.append(&mut p.cxx.methods);
        if p.pos == before {
            p.pos += 1;
        }
    }
    ParseState {
        typedefs: p.typedefs,
        tags: p.tags,
        enumerators: p.enumerators,
        globals: p.globals,
        cxx: p.cxx,
        templates: p.templates,
        template_values: p.template_values,
        functions,
        vector_types,
        prelude_functions,
    }
}

/// Parses an instance of function template `def` with these (complete)
/// arguments: the template's tokens again, each parameter bound. `None`
/// when it does not parse (reported) or has no body. Also the member
/// functions of the class instances made on the way (lazy: see
/// `Templates::lazy_methods`).
pub fn instantiate_function(
    templates: &mut Templates,
    diags: &mut Vec<Diagnostic>,
    def: usize,
    args: &[TemplateArg],
) -> Option<(FunctionDef, Vec<FunctionDef>)> {
    if let Some((_, _, f)) = templates
        .specializations
        .iter()
        .find(|(d, a, _)| *d == def && a == args)
    {
        return Some((f.clone(), Vec::new()));
    }
    let def = templates.defs.get(def)?.clone();
    let scope = templates.scope.clone();
    let mut p = Parser::sub(&def.tokens, diags, scope, std::mem::take(templates), 0, 1);
    p.pos = def.decl_start;
    // Read in the template's namespace, as where it was written.
    p.cxx.ns = def.name.split("::").map(str::to_string).collect();
    p.cxx.ns.pop();
    p.bind(&def, args);
    let mut functions = Vec::new();
    let result = p.declaration(&mut functions, false);
    *templates = p.templates;
    result.ok()?;
    let f = functions.pop().filter(|f| f.body.is_some())?;
    Some((f, p.cxx.methods))
}

/// The return and parameter types of the instance of function template
/// `def` for these (complete) arguments: its declaration read again with
/// them bound, the body left alone (overload resolution ranks the
/// candidates before one is made). `None` when it does not parse for them.
pub fn instance_signature(
    templates: &mut Templates,
    def: usize,
    args: &[TemplateArg],
) -> Option<(CType, Vec<CType>)> {
    let def = templates.defs.get(def)?.clone();
    let scope = templates.scope.clone();
    let mut diags = Vec::new();
    let mut p = Parser::sub(
        &def.tokens,
        &mut diags,
        scope,
        std::mem::take(templates),
        0,
        1,
    );
    p.pos = def.decl_start;
    p.cxx.ns = def.name.split("::").map(str::to_string).collect();
    p.cxx.ns.pop();
    p.bind(&def, args);
    let header = p.function_template_header();
    *templates = p.templates;
    match header {
        Ok((_, _, TemplateKind::Function { ret, params, .. })) if diags.is_empty() => {
            Some((ret, params))
        }
        _ => None,
    }
}

/// Template arguments completed with the defaults of the parameters not
/// given (parsed with the earlier arguments bound) and converted to the
/// parameters' types. `None` when one has no value or is of the wrong kind.
pub fn complete_template_args(
    templates: &mut Templates,
    diags: &mut Vec<Diagnostic>,
    def: usize,
    given: Vec<Option<TemplateArg>>,
) -> Option<Vec<TemplateArg>> {
    let scope = templates.scope.clone();
    let mut p = Parser::sub(&[], diags, scope, std::mem::take(templates), 0, 1);
    let result = p.complete_args(def, given);
    *templates = p.templates;
    result.ok().flatten()
}

/// An error was reported; unwind to a recovery point.
struct Stop;
type PResult<T> = Result<T, Stop>;

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    diags: &'a mut Vec<Diagnostic>,
    typedefs: HashMap<String, CType>,
    /// Struct, union and enum tags (`struct S`); in C++ each is a type name too.
    tags: HashMap<String, CType>,
    /// Enumerators: value and enumeration type.
    enumerators: HashMap<String, (i64, CType)>,
    depth: usize,
    eof_span: Span,
    pending_unroll: Option<Unroll>,
    globals: Vec<GlobalVar>,
    cxx: CxxScope,
    templates: Templates,
    /// The non-type template parameters bound while parsing an instance.
    template_values: HashMap<String, (i64, CType)>,
    /// In a template argument list: `>` ends the list, it is no operator.
    no_gt: bool,
    /// A `>>` whose first `>` closed an inner template argument list.
    half_gt: bool,
    /// How many instantiations are being parsed around this one.
    nesting: usize,
    /// Parsing a function template's signature, its parameters placeholders.
    pattern: bool,
    /// Parsing a class body (its member functions are inline).
    in_class: bool,
}

impl Specs {
    /// Whether a function declared so is C++'s inline kind (emitted only
    /// where called).
    fn discardable(&self) -> bool {
        self.is_static || self.inline_kw || self.constexpr || self.inline == InlineHint::Always
    }
}

/// What the declaration specifiers said.
#[derive(Default, Clone)]
struct Specs {
    ty: Option<CType>,
    konst: bool,
    volatile: bool,
    typedef: bool,
    global: bool,
    device: bool,
    host: bool,
    storage: Option<Storage>,
    extern_c: bool,
    /// `extern` (without a linkage string).
    is_extern: bool,
    constexpr: bool,
    is_static: bool,
    /// `inline` (or `__inline__`).
    inline_kw: bool,
    inline: InlineHint,
    /// `__launch_bounds__(max threads[, min blocks per SM[, max blocks per cluster]])`.
    launch_bounds: Option<(Span, Vec<u32>)>,
    /// `alignas(N)` (0: none).
    align: u64,
    /// `virtual`.
    is_virtual: bool,
}

struct Declarator {
    name: Option<String>,
    span: Span,
    ty: CType,
    restrict: bool,
    /// Present when the declarator declares a function.
    func: Option<(Vec<Param>, bool)>,
    /// A member function's `const` after its parameters.
    konst_fn: bool,
    /// `override` or `final` after a function's parameters (a virtual one).
    overrides: bool,
}

impl Declarator {
    /// The declared type, a function's included (`typedef float fn(float);`
    /// names `CType::Func`).
    fn full_type(self) -> CType {
        match self.func {
            Some((params, variadic)) => CType::Func(std::rc::Rc::new(FuncType {
                ret: self.ty,
                params: params.into_iter().map(|p| p.ty).collect(),
                variadic,
            })),
            None => self.ty,
        }
    }
}

const TYPE_WORDS: &[&str] = &[
    "void", "bool", "char", "short", "int", "long", "signed", "unsigned", "float", "double",
    "_Bool",
];
const QUALIFIERS: &[&str] = &[
    "const",
    "volatile",
    "__restrict__",
    "restrict",
    "__restrict",
];
const IGNORED_SPECIFIERS: &[&str] = &[
    "static",
    "inline",
    "__inline__",
    "__forceinline__",
    "__noinline__",
    "extern",
    "constexpr",
    "register",
    "explicit",
    "typename",
    "mutable",
];

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Token> {
        self.toks.get(self.pos)
    }

    fn peek_at(&self, n: usize) -> Option<&'a Token> {
        self.toks.get(self.pos + n)
    }

    fn at(&self, s: &str) -> bool {
        self.peek().is_some_and(|t| t.is(s))
    }

    fn at_eof(&self) -> bool {
        self.pos >= self.toks.len()
    }

    fn span(&self) -> Span {
        self.peek()
            .map(|t| t.span())
            .unwrap_or_else(|| self.eof_span.clone())
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.at(s) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn error<T>(&mut self, span: Span, msg: impl Into<String>) -> PResult<T> {
        self.diags.push(Diagnostic::error(span, msg));
        Err(Stop)
    }

    fn expect(&mut self, s: &str) -> PResult<()> {
        if self.eat(s) {
            return Ok(());
        }
        // nvcc reports a missing `;` at the token after the statement.
        let span = self.span();
        self.error(span, format!("expected a \"{s}\""))
    }

    fn ident(&mut self) -> PResult<(String, Span)> {
        match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                Ok((t.text.to_string(), t.span()))
            }
            _ => {
                let span = self.span();
                self.error(span, "expected an identifier")
            }
        }
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            let span = self.span();
            self.depth = 0;
            return self.error(span, format!("nesting too deep (limit {MAX_DEPTH})"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    /// Skips to just after the next `;` or balanced `}` at the current depth.
    fn recover_top_level(&mut self) {
        self.depth = 0;
        let mut braces = 0i32;
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is("{") {
                braces += 1;
            } else if t.is("}") {
                braces -= 1;
                if braces <= 0 {
                    return;
                }
            } else if t.is(";") && braces == 0 {
                return;
            }
        }
    }

    fn recover_stmt(&mut self) {
        let mut braces = 0i32;
        while let Some(t) = self.peek() {
            if t.is("}") && braces == 0 {
                return;
            }
            self.pos += 1;
            if t.is("{") {
                braces += 1;
            } else if t.is("}") {
                braces -= 1;
                if braces == 0 {
                    return;
                }
            } else if t.is(";") && braces == 0 {
                return;
            }
        }
    }

    fn starts_type(&self) -> bool {
        self.starts_type_at(0)
    }

    fn starts_type_at(&self, n: usize) -> bool {
        self.peek_at(n).is_some_and(|t| {
            t.kind == TokKind::Ident
                && (TYPE_WORDS.contains(&&*t.text)
                    || QUALIFIERS.contains(&&*t.text)
                    || IGNORED_SPECIFIERS.contains(&&*t.text)
                    || self.type_name_at(n).is_some()
                    || self.class_template(&t.text).is_some()
                    || self
                        .template_id_from(self.pos + n)
                        .is_some_and(|(d, _)| !self.templates.defs[d].is_function())
                    || matches!(
                        &*t.text,
                        "__global__"
                            | "__device__"
                            | "__host__"
                            | "__shared__"
                            | "__constant__"
                            | "typedef"
                            | "auto"
                            | "decltype"
                            | "virtual"
                            | "struct"
                            | "class"
                            | "union"
                            | "enum"
                            | "__launch_bounds__"
                            | "alignas"
                    ))
        }) || (self.peek_at(n).is_some_and(|t| t.is("::"))
            && (self.type_name_at(n).is_some()
                || self
                    .template_id_from(self.pos + n)
                    .is_some_and(|(d, _)| !self.templates.defs[d].is_function())))
    }

    // ----- declarations -----

    fn top_level(&mut self, functions: &mut Vec<FunctionDef>, in_extern_c: bool) -> PResult<()> {
        let Some(t) = self.peek() else { return Ok(()) };
        if t.is(";") {
            self.pos += 1;
            return Ok(());
        }
        if t.is("#pragma") {
            self.skip_pragma();
            return Ok(());
        }
        if t.is("extern") && self.peek_at(1).is_some_and(|t| t.kind == TokKind::Str) {
            let lang = self
                .peek_at(1)
                .map(|t| t.text.to_string())
                .unwrap_or_default();
            if lang != "\"C\"" && lang != "\"C++\"" {
                let span = self.peek_at(1).map(|t| t.span()).unwrap_or_default();
                return self.error(span, format!("invalid linkage specification {lang}"));
            }
            let c = lang == "\"C\"";
            self.pos += 2;
            if self.eat("{") {
                while !self.at("}") && !self.at_eof() {
                    let before = self.pos;
                    if let Err(Stop) = self.top_level(functions, c) {
                        self.recover_top_level();
                    }
                    if self.pos == before {
                        self.pos += 1;
                    }
                }
                return self.expect("}");
            }
            return self.declaration(functions, c);
        }
        if t.is("namespace") || t.is("inline") && self.peek_at(1).is_some_and(|t| t.is("namespace"))
        {
            return self.namespace_def(functions);
        }
        if t.is("using") {
            return self.using();
        }
        if t.is("static_assert") {
            return self.static_assert();
        }
        // Host functions are host code: one that does not parse (a
        // variadic template, a trailing return type, a function pointer
        // parameter, …) is skipped, not reported (see `host_function_end`).
        let (start, ndiags, nfunctions) = (self.pos, self.diags.len(), functions.len());
        let result = if t.is("template") {
            self.template_decl(functions.len())
        } else {
            self.declaration(functions, in_extern_c)
        };
        if result.is_err() {
            if let Some((body, end)) = self.host_function_end(start) {
                self.diags.truncate(ndiags);
                functions.truncate(nfunctions);
                self.depth = 0;
                self.pos = end;
                if let Some(body) = body {
                    self.scan_launches(body, end, functions.len());
                }
                return Ok(());
            }
        }
        result
    }

    /// Whether the declaration at token `start` is a host function (no
    /// execution space, storage or class definition before its parameter
    /// list, a body or `;` after it): where its body starts and where the
    /// declaration ends.
    fn host_function_end(&self, start: usize) -> Option<(Option<usize>, usize)> {
        let toks = self.toks;
        let mut k = start;
        let mut angle = 0i32;
        // Up to the parameter list: the name's `(` outside template brackets.
        loop {
            let t = toks.get(k)?;
            match &*t.text {
                "__device__" | "__global__" | "__shared__" | "__constant__" | "__managed__"
                | "typedef" | "{" | "}" | ";" | "=" | "struct" | "class" | "union" | "enum"
                    if t.kind != TokKind::Str =>
                {
                    return None
                }
                "<" => angle += 1,
                ">" => angle -= 1,
                ">>" => angle -= 2,
                "(" if angle <= 0 && k > start => break,
                _ => {}
            }
            k += 1;
            if k - start > 4096 {
                return None;
            }
        }
        // The parameters, then what may follow them, to `{` or `;`.
        let mut depth = 0i32;
        while let Some(t) = toks.get(k) {
            if t.is("(") || t.is("[") {
                depth += 1;
            } else if t.is(")") || t.is("]") {
                depth -= 1;
            } else if depth == 0 && t.is(";") {
                return Some((None, k + 1));
            } else if depth == 0 && t.is("{") {
                let body = k;
                let mut braces = 0i32;
                while let Some(t) = toks.get(k) {
                    k += 1;
                    if t.is("{") {
                        braces += 1;
                    } else if t.is("}") {
                        braces -= 1;
                        if braces == 0 {
                            return Some((Some(body), k));
                        }
                    }
                }
                return None;
            } else if depth == 0 && t.is("}") {
                return None;
            }
            k += 1;
        }
        None
    }

    /// Skips C++ attributes: `[[nodiscard]]`, `[[maybe_unused]]`,
    /// `[[likely]]` (none changes what is compiled here).
    fn skip_attributes(&mut self) {
        while self.at("[") && self.peek_at(1).is_some_and(|t| t.is("[")) {
            let mut depth = 0i32;
            while let Some(t) = self.peek() {
                self.pos += 1;
                if t.is("[") {
                    depth += 1;
                } else if t.is("]") {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
            }
        }
    }

    fn skip_pragma(&mut self) {
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.kind == TokKind::Newline {
                break;
            }
        }
    }

    fn declaration(&mut self, functions: &mut Vec<FunctionDef>, extern_c: bool) -> PResult<()> {
        let start = self.span();
        let mut specs = self.specifiers()?;
        specs.extern_c |= extern_c;
        if self.out_of_class(&specs, functions)? {
            return Ok(());
        }
        let base = match specs.ty.clone() {
            Some(t) => t,
            None => return self.error(start, "expected a type specifier"),
        };
        if matches!(base, CType::Record(_) | CType::Enum(_)) && self.eat(";") {
            return Ok(()); // `struct S { … };`, `enum E { … };`
        }
        loop {
            let d = self.declarator(base.clone(), specs.konst, specs.volatile)?;
            let name = match &d.name {
                Some(n) => n.clone(),
                None => return self.error(d.span, "expected an identifier"),
            };
            if specs.typedef {
                name_unnamed(&d.ty, &name);
                let name = self.qualify(&name);
                self.typedefs.insert(name, d.full_type());
            } else if let Some((params, variadic)) = d.func {
                let space = self.exec_space(&specs);
                if let Some((at, _)) = &specs.launch_bounds {
                    if space != ExecSpace::Global {
                        self.diags.push(Diagnostic::error(
                            at.clone(),
                            "__launch_bounds__ may only be applied to a __global__ function",
                        ));
                    }
                }
                if space == ExecSpace::Global && d.ty != CType::Void {
                    self.diags.push(Diagnostic::error(
                        d.span.clone(),
                        "a __global__ function must have a void return type",
                    ));
                }
                let body = if self.at("{") {
                    if space == ExecSpace::Host {
                        // Host code is accepted and not compiled for the device;
                        // the kernel templates it launches are instantiated.
                        let start = self.pos;
                        self.skip_braces();
                        self.scan_launches(start, self.pos, functions.len());
                        None
                    } else {
                        // Local `constexpr` values end with the body.
                        let outer = self.cxx.constants.clone();
                        let body = self.compound();
                        self.cxx.constants = outer;
                        Some(body?)
                    }
                } else {
                    None
                };
                let name = self.qualify(&name);
                let has_body =
                    body.is_some() || space == ExecSpace::Host && !self.at(";") && !self.at(",");
                functions.push(FunctionDef {
                    name,
                    span: d.span,
                    ret: d.ty,
                    params,
                    variadic,
                    space,
                    extern_c: specs.extern_c,
                    inline: specs.inline,
                    launch_bounds: specs
                        .launch_bounds
                        .as_ref()
                        .map(|(_, v)| v.clone())
                        .unwrap_or_default(),
                    body,
                    locals: Vec::new(),
                    symbol: None,
                    constexpr: specs.constexpr,
                    discardable: specs.discardable(),
                    mem_inits: Vec::new(),
                });
                if specs.constexpr {
                    if let Some(f) = functions.last() {
                        let f = f.clone();
                        self.record_constexpr_fn(&f);
                    }
                }
                if has_body || functions.last().is_some_and(|f| f.body.is_some()) {
                    return Ok(());
                }
            } else {
                let storage = specs.storage.unwrap_or(if specs.device {
                    Storage::Device
                } else {
                    Storage::Host
                });
                let init = if self.eat("=") {
                    Some(self.initializer()?)
                } else if (self.at("(") || self.at("{") && matches!(d.ty, CType::Record(_)))
                    && storage == Storage::Host
                {
                    // `static std::mt19937 rng(42);`: a host object's
                    // construction is host code, not compiled here.
                    if self.at("(") {
                        self.skip_parens();
                    } else {
                        self.skip_braces();
                    }
                    None
                } else if self.at("(") {
                    let span = self.span();
                    return self.error(
                        span,
                        "direct initialization of a device variable is not supported yet (write = …)",
                    );
                } else if self.at("{") {
                    Some(self.initializer()?)
                } else {
                    None
                };
                let source_name = self.qualify(&name);
                // A `const` integer of the host with a constant initializer
                // is a constant expression, which device code may read
                // (`const int N = 256;`), as `constexpr`.
                let const_int = specs.konst
                    && d.ty.is_integer()
                    && storage == Storage::Host
                    && !specs.is_extern;
                if specs.constexpr || const_int {
                    if let Some(Initializer::Expr(e)) = &init {
                        if self.record_constant(source_name.clone(), &d.ty, e) {
                            if !self.eat(",") {
                                break;
                            }
                            continue;
                        }
                    }
                }
                let name = super::mangle::global_symbol(&source_name);
                // `unaryfn f;` with a typedef of a function type declares a
                // function in C++; a variable cannot have that type.
                if matches!(d.ty, CType::Func(_)) {
                    self.diags.push(Diagnostic::error(
                        d.span.clone(),
                        "declaring a function through a typedef of a function type is not supported yet",
                    ));
                } else if matches!(d.ty, CType::Array(_, 0))
                    && init.is_none()
                    && !(specs.is_extern && storage == Storage::Shared)
                {
                    self.diags.push(Diagnostic::error(
                        d.span.clone(),
                        "incomplete type is not allowed",
                    ));
                }
                self.globals.push(GlobalVar {
                    name,
                    source_name,
                    ty: d.ty,
                    storage,
                    init,
                    init_values: Vec::new(),
                    init_functions: Vec::new(),
                    external: specs.is_extern,
                    span: d.span,
                    align: specs.align,
                });
            }
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")
    }

    fn skip_braces(&mut self) {
        let mut depth = 0;
        while let Some(t) = self.peek() {
            self.pos += 1;
            if t.is("{") {
                depth += 1;
            } else if t.is("}") {
                depth -= 1;
                if depth == 0 {
                    return;
                }
            }
        }
    }

    /// Declaration specifiers: type words, qualifiers, storage and CUDA keywords.
    fn specifiers(&mut self) -> PResult<Specs> {
        let mut s = Specs::default();
        let mut words: Vec<String> = Vec::new();
        let start = self.span();
        self.skip_attributes();
        while let Some(t) = self.peek().filter(|t| t.kind == TokKind::Ident) {
            let w = &*t.text;
            match w {
                "alignas" => {
                    let at = t.span();
                    self.pos += 1;
                    self.expect("(")?;
                    let n = if self.starts_type() {
                        Some(self.type_name()?.align())
                    } else {
                        let e = self.conditional()?;
                        self.const_value(&e)
                            .filter(|n| *n > 0 && (*n as u64).is_power_of_two())
                            .map(|n| n as u64)
                    };
                    let Some(n) = n else {
                        return self.error(at, "alignment must be a power of two");
                    };
                    self.expect(")")?;
                    s.align = s.align.max(n);
                    self.skip_attributes();
                    continue;
                }
                "const" => s.konst = true,
                "volatile" => s.volatile = true,
                "__restrict__" | "restrict" | "__restrict" => {}
                "typedef" => s.typedef = true,
                "__global__" => s.global = true,
                "__device__" => s.device = true,
                "__host__" => s.host = true,
                "__shared__" => s.storage = Some(Storage::Shared),
                "__constant__" => s.storage = Some(Storage::Constant),
                "__managed__" => s.storage = Some(Storage::Device),
                "__noinline__" => s.inline = InlineHint::Never,
                "__forceinline__" => s.inline = InlineHint::Always,
                "constexpr" => s.constexpr = true,
                "virtual" => s.is_virtual = true,
                "static" => s.is_static = true,
                "inline" | "__inline__" => s.inline_kw = true,
                "extern" if !self.peek_at(1).is_some_and(|t| t.kind == TokKind::Str) => {
                    s.is_extern = true
                }
                "__launch_bounds__" => {
                    let at = t.span();
                    self.pos += 1;
                    self.expect("(")?;
                    let mut values = Vec::new();
                    loop {
                        let span = self.span();
                        let e = self.assignment()?;
                        match self.const_value(&e) {
                            Some(v) if v > 0 && v <= i64::from(u32::MAX) => values.push(v as u32),
                            _ => return self.error(
                                span,
                                "__launch_bounds__ arguments must be positive integer constants",
                            ),
                        }
                        if !self.eat(",") {
                            break;
                        }
                    }
                    self.expect(")")?;
                    if values.len() > 3 {
                        return self.error(at, "__launch_bounds__ takes at most three arguments");
                    }
                    s.launch_bounds = Some((at, values));
                    continue;
                }
                "extern" if self.peek_at(1).is_some_and(|t| t.kind == TokKind::Str) => {
                    s.extern_c = self.peek_at(1).is_some_and(|t| &*t.text == "\"C\"");
                    self.pos += 1;
                }
                "struct" | "union" | "class" if words.is_empty() && s.ty.is_none() => {
                    s.ty = Some(self.record_specifier()?);
                    continue;
                }
                "enum" if words.is_empty() && s.ty.is_none() => {
                    s.ty = Some(self.enum_specifier()?);
                    continue;
                }
                "auto" if words.is_empty() && s.ty.is_none() => s.ty = Some(CType::Auto),
                "decltype" if words.is_empty() && s.ty.is_none() => {
                    self.pos += 1;
                    s.ty = Some(self.decltype()?);
                    continue;
                }
                _ if IGNORED_SPECIFIERS.contains(&w) => {}
                _ if TYPE_WORDS.contains(&w) => words.push(w.to_string()),
                _ if words.is_empty()
                    && s.ty.is_none()
                    && self
                        .template_id_from(self.pos)
                        .is_some_and(|(d, _)| !self.templates.defs[d].is_function()) =>
                {
                    // `Pair<float>`, `std::vector<int>::iterator`.
                    let (def, len) = self.template_id_from(self.pos).unwrap_or((0, 1));
                    let span = t.span();
                    self.pos += len + 1;
                    let args = self.template_args()?;
                    let ty = self.class_instance(def, args, &span)?;
                    s.ty = Some(self.member_type(ty)?);
                    continue;
                }
                _ if words.is_empty()
                    && s.ty.is_none()
                    && self.class_template(w).is_some()
                    && self.find_type(w).is_none() =>
                {
                    let span = t.span();
                    return self.error(
                        span,
                        format!("argument list for class template \"{w}\" is missing"),
                    );
                }
                _ if words.is_empty() && s.ty.is_none() => match self.type_name_at(0) {
                    Some((t, len)) => {
                        s.ty = Some(t);
                        self.pos += len;
                        continue;
                    }
                    None => break,
                },
                _ => break,
            }
            self.pos += 1;
            self.skip_attributes();
        }
        if !words.is_empty() {
            match type_from_words(&words) {
                Some(t) => s.ty = Some(t),
                None => {
                    return self.error(
                        start,
                        format!(
                            "invalid combination of type specifiers \"{}\"",
                            words.join(" ")
                        ),
                    )
                }
            }
        }
        Ok(s)
    }

    fn declarator(&mut self, base: CType, konst: bool, volatile: bool) -> PResult<Declarator> {
        let mut ty = base;
        let (mut konst, mut volatile) = (konst, volatile);
        let mut restrict = false;
        while self.eat("*") {
            ty = CType::Ptr {
                pointee: Box::new(ty),
                konst,
                volatile,
            };
            konst = false;
            volatile = false;
            restrict = false;
            while let Some(t) = self.peek() {
                match &*t.text {
                    "const" => konst = true,
                    "volatile" => volatile = true,
                    "__restrict__" | "restrict" | "__restrict" => restrict = true,
                    _ => break,
                }
                self.pos += 1;
            }
        }
        if self.at("&&") {
            let span = self.span();
            return self.error(span, "rvalue references are not supported yet");
        }
        if self.eat("&") {
            ty = CType::Ref {
                pointee: Box::new(ty),
                konst,
            };
        }
        // `(*name)(params)`, `(*name[N])(params)`: a pointer to function
        // (or an array of them) returning `ty`.
        if self.at("(") && self.peek_at(1).is_some_and(|t| t.is("*")) {
            return self.function_pointer_declarator(ty);
        }
        let (name, span) = match self.peek() {
            Some(t) if t.is("operator") => {
                self.pos += 1;
                (Some(self.operator_name()?), t.span())
            }
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                (Some(t.text.to_string()), t.span())
            }
            _ => (None, self.span()),
        };
        // `S s(1, 2)` initializes; `f(int a)` and `f()` declare a function.
        let params_follow =
            self.starts_type_at(1) || self.peek_at(1).is_some_and(|t| t.is(")") || t.is("..."));
        if self.at("(") && params_follow {
            self.pos += 1;
            let (params, variadic) = self.params()?;
            let konst_fn = self.eat("const");
            let overrides = self.function_suffix()?;
            // A trailing return type: `auto f(int x) -> int`.
            if self.eat("->") {
                let (konst, volatile) = (false, false);
                let s = self.specifiers()?;
                let span = self.span();
                let Some(base) = s.ty else {
                    return self.error(span, "expected a type specifier");
                };
                let d = self.declarator(base, s.konst || konst, s.volatile || volatile)?;
                ty = d.ty;
            }
            return Ok(Declarator {
                name,
                span,
                ty,
                restrict,
                func: Some((params, variadic)),
                konst_fn,
                overrides,
            });
        }
        let ty = self.array_dims(ty)?;
        Ok(Declarator {
            name,
            span,
            ty,
            restrict,
            func: None,
            konst_fn: false,
            overrides: false,
        })
    }

    /// `[N][M]…` after a declarator's name: `ty` as the array's element.
    fn array_dims(&mut self, ty: CType) -> PResult<CType> {
        let dims = self.dims()?;
        Ok(wrap_dims(ty, dims))
    }

    /// The sizes of `[N][M]…` (0 for a first `[]`).
    fn dims(&mut self) -> PResult<Vec<u64>> {
        let mut dims = Vec::new();
        while self.eat("[") {
            // `[]`: the size comes from the initializer, or from elsewhere (extern).
            if dims.is_empty() && self.eat("]") {
                dims.push(0);
                continue;
            }
            let nspan = self.span();
            let size = self.conditional()?;
            let n = self.const_value(&size).filter(|n| *n > 0);
            let Some(n) = n else {
                return self.error(nspan, "array size must be a positive integer constant");
            };
            self.expect("]")?;
            dims.push(n as u64);
        }
        Ok(dims)
    }

    /// `(* [const] name [N]…)(params)`, at the `(`: a pointer to a function
    /// returning `ret` (an array of them with dimensions), the name optional
    /// (a parameter's or a cast's type).
    fn function_pointer_declarator(&mut self, ret: CType) -> PResult<Declarator> {
        self.expect("(")?;
        let mut konst = Vec::new();
        while self.eat("*") {
            let mut k = false;
            while let Some(t) = self.peek() {
                match &*t.text {
                    "const" => k = true,
                    "volatile" | "__restrict__" | "restrict" | "__restrict" => {}
                    _ => break,
                }
                self.pos += 1;
            }
            konst.push(k);
        }
        let (name, span) = match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                (Some(t.text.to_string()), t.span())
            }
            _ => (None, self.span()),
        };
        if self.at("(") {
            let span = self.span();
            return self.error(
                span,
                "a function returning a function pointer is not supported yet",
            );
        }
        // The dimensions apply to the pointer (an array of pointers).
        let dims = self.dims()?;
        self.expect(")")?;
        self.expect("(")?;
        let (params, variadic) = self.params()?;
        let mut ty = CType::Func(std::rc::Rc::new(FuncType {
            ret,
            params: params.into_iter().map(|p| p.ty).collect(),
            variadic,
        }));
        for k in konst {
            ty = CType::Ptr {
                pointee: Box::new(ty),
                konst: k,
                volatile: false,
            };
        }
        let ty = wrap_dims(ty, dims);
        Ok(Declarator {
            name,
            span,
            ty,
            restrict: false,
            func: None,
            konst_fn: false,
            overrides: false,
        })
    }

    fn params(&mut self) -> PResult<(Vec<Param>, bool)> {
        let mut params = Vec::new();
        if self.eat(")") {
            return Ok((params, false));
        }
        if self.at("void") && self.peek_at(1).is_some_and(|t| t.is(")")) {
            self.pos += 2;
            return Ok((params, false));
        }
        loop {
            if self.eat("...") {
                self.expect(")")?;
                return Ok((params, true));
            }
            let start = self.span();
            let s = self.specifiers()?;
            let Some(base) = s.ty else {
                return self.error(start, "expected a type specifier");
            };
            let d = self.declarator(base, s.konst, s.volatile)?;
            // Array parameters decay to pointers, function parameters
            // (`float f(float)`, `unaryfn f`) too.
            let (name, span, restrict) = (d.name.clone(), d.span.clone(), d.restrict);
            let ty = match d.full_type() {
                CType::Array(e, _) => CType::ptr_to(*e),
                f @ CType::Func(_) => CType::ptr_to(f),
                t => t,
            };
            let default = if self.eat("=") {
                Some(self.assignment()?)
            } else {
                None
            };
            let konst = s.konst && !ty.is_pointer() && !ty.is_ref();
            params.push(Param {
                name: name.unwrap_or_default(),
                ty,
                restrict,
                konst,
                span,
                default,
            });
            if self.eat(")") {
                return Ok((params, false));
            }
            self.expect(",")?;
        }
    }

    // ----- statements -----

    fn compound(&mut self) -> PResult<Stmt> {
        let span = self.span();
        self.expect("{")?;
        self.enter()?;
        let mut stmts = Vec::new();
        while !self.at("}") {
            if self.at_eof() {
                self.leave();
                return self.error(span, "expected a \"}\" to close this block");
            }
            let before = self.pos;
            match self.statement() {
                Ok(s) => stmts.push(s),
                Err(Stop) => {
                    if self.depth == 0 {
                        return Err(Stop);
                    }
                    self.recover_stmt();
                    if self.pos == before {
                        self.pos += 1;
                    }
                }
            }
        }
        self.pos += 1;
        self.leave();
        Ok(Stmt {
            kind: StmtKind::Compound(stmts),
            span,
        })
    }

    fn statement(&mut self) -> PResult<Stmt> {
        let span = self.span();
        let Some(t) = self.peek() else {
            return self.error(span, "expected a statement");
        };
        if t.is("#pragma") {
            self.pos += 1;
            let words: Vec<&Token> = self.toks[self.pos..]
                .iter()
                .take_while(|t| t.kind != TokKind::Newline)
                .collect();
            if words.first().is_some_and(|w| w.is("unroll")) {
                let count = words.get(1).and_then(|n| {
                    parse_int_literal(&n.text).map(|v| v.0).or_else(|| {
                        self.template_values
                            .get(&*n.text)
                            .map(|(v, _)| (*v).max(0) as u64)
                    })
                });
                self.pending_unroll = Some(match count {
                    Some(n) => Unroll::Count(n.min(u32::MAX as u64) as u32),
                    None => Unroll::Full,
                });
            }
            self.skip_pragma();
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span,
            });
        }
        if self.at("[") && self.peek_at(1).is_some_and(|t| t.is("[")) {
            self.skip_attributes();
            return self.statement();
        }
        let unroll = self.pending_unroll.take();
        let kind = match &*t.text {
            "{" if t.kind == TokKind::Punct => return self.compound(),
            ";" if t.kind == TokKind::Punct => {
                self.pos += 1;
                StmtKind::Empty
            }
            "if" => {
                self.pos += 1;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                let then = self.sub_statement()?;
                let els = if self.eat("else") {
                    Some(Box::new(self.sub_statement()?))
                } else {
                    None
                };
                StmtKind::If(c, Box::new(then), els)
            }
            "while" => {
                self.pos += 1;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                StmtKind::While(c, Box::new(self.sub_statement()?), unroll)
            }
            "do" => {
                self.pos += 1;
                let body = self.sub_statement()?;
                if !self.eat("while") {
                    let span = self.span();
                    return self.error(span, "expected \"while\"");
                }
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                self.expect(";")?;
                StmtKind::DoWhile(Box::new(body), c, unroll)
            }
            "for" => {
                self.pos += 1;
                self.expect("(")?;
                let init = if self.eat(";") {
                    None
                } else if self.starts_type() {
                    Some(Box::new(self.local_decl()?))
                } else {
                    let e = self.expr()?;
                    let s = Stmt {
                        span: e.span.clone(),
                        kind: StmtKind::Expr(e),
                    };
                    self.expect(";")?;
                    Some(Box::new(s))
                };
                let cond = if self.at(";") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(";")?;
                let step = if self.at(")") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(")")?;
                let body = Box::new(self.sub_statement()?);
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                    unroll,
                }
            }
            "return" => {
                self.pos += 1;
                let e = if self.at(";") {
                    None
                } else {
                    Some(self.expr()?)
                };
                self.expect(";")?;
                StmtKind::Return(e)
            }
            "break" => {
                self.pos += 1;
                self.expect(";")?;
                StmtKind::Break
            }
            "continue" => {
                self.pos += 1;
                self.expect(";")?;
                StmtKind::Continue
            }
            "switch" => {
                self.pos += 1;
                self.expect("(")?;
                let c = self.expr()?;
                self.expect(")")?;
                StmtKind::Switch(c, Box::new(self.sub_statement()?))
            }
            "case" => {
                self.pos += 1;
                let v = self.conditional()?;
                self.expect(":")?;
                StmtKind::Case(v)
            }
            "default" if self.peek_at(1).is_some_and(|n| n.is(":")) => {
                self.pos += 2;
                StmtKind::Default
            }
            "goto" => {
                self.pos += 1;
                let (name, _) = self.ident()?;
                self.expect(";")?;
                StmtKind::Goto(name)
            }
            w if t.kind == TokKind::Ident
                && !is_keyword(w)
                && self.peek_at(1).is_some_and(|n| n.is(":")) =>
            {
                self.pos += 2;
                StmtKind::Label(w.to_string())
            }
            "using" if t.kind == TokKind::Ident => {
                self.using()?;
                StmtKind::Empty
            }
            "static_assert" => {
                self.static_assert()?;
                StmtKind::Empty
            }
            _ if self.starts_type() => return self.local_decl(),
            _ => {
                let e = self.expr()?;
                self.expect(";")?;
                StmtKind::Expr(e)
            }
        };
        Ok(Stmt { kind, span })
    }

    /// The statement of an `if`, a loop or a `switch`. Labels (`case 1:`,
    /// `done:`) are statements of their own in a block; here they take the
    /// statement they label along, in a block of their own.
    fn sub_statement(&mut self) -> PResult<Stmt> {
        // A `#pragma` is no statement: the one after it is the body
        // (`for (…) #pragma unroll for (…) …`).
        while self.at("#pragma") && !self.at_eof() {
            let before = self.pos;
            self.statement()?;
            if self.pos == before {
                break;
            }
        }
        self.enter()?;
        let s = self.statement();
        self.leave();
        let s = s?;
        if !is_label(&s) {
            return Ok(s);
        }
        let span = s.span.clone();
        let mut stmts = vec![s];
        while stmts.last().is_some_and(is_label) && !self.at("}") && !self.at_eof() {
            self.enter()?;
            let next = self.statement();
            self.leave();
            stmts.push(next?);
        }
        Ok(Stmt {
            kind: StmtKind::Compound(stmts),
            span,
        })
    }

    fn local_decl(&mut self) -> PResult<Stmt> {
        let span = self.span();
        let s = self.specifiers()?;
        let storage = s.storage.unwrap_or(Storage::Auto);
        if matches!(storage, Storage::Constant)
            || (storage == Storage::Device && s.storage.is_some())
        {
            let msg = format!(
                "a \"{}\" variable declaration is not allowed inside a function body",
                storage.keyword()
            );
            return self.error(span, msg);
        }
        let Some(base) = s.ty else {
            return self.error(span, "expected a type specifier");
        };
        if matches!(base, CType::Record(_) | CType::Enum(_)) && self.at(";") {
            self.pos += 1;
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span,
            });
        }
        if s.typedef {
            let d = self.declarator(base, s.konst, s.volatile)?;
            if let Some(n) = d.name.clone() {
                name_unnamed(&d.ty, &n);
                self.typedefs.insert(n, d.full_type());
            }
            self.expect(";")?;
            return Ok(Stmt {
                kind: StmtKind::Empty,
                span,
            });
        }
        let mut decls = Vec::new();
        loop {
            let d = self.declarator(base.clone(), s.konst, s.volatile)?;
            let Some(name) = d.name else {
                return self.error(d.span, "expected an identifier");
            };
            if d.func.is_some() {
                return self.error(d.span, "local function declarations are not supported");
            }
            let (mut init, mut init_list) = (None, None);
            if self.at("(") {
                let span = self.span();
                init = Some(self.construct(d.ty.clone(), span)?);
            } else if self.at("{") {
                // `S s{1, 2};`: list initialization.
                match self.initializer()? {
                    Initializer::Expr(e) => init = Some(e),
                    list => init_list = Some(list),
                }
            } else if self.eat("=") {
                if storage == Storage::Shared {
                    let span = self.span();
                    return self.error(span, "initializer not allowed for __shared__ variable");
                }
                match self.initializer()? {
                    Initializer::Expr(e) => init = Some(e),
                    list => init_list = Some(list),
                }
            }
            if matches!(d.ty, CType::Array(_, 0))
                && init_list.is_none()
                && !(s.is_extern && storage == Storage::Shared)
            {
                return self.error(d.span, "incomplete type is not allowed");
            }
            if s.constexpr {
                if let Some(e) = &init {
                    self.record_constant(name.clone(), &d.ty, e);
                }
            }
            let konst = s.konst && !d.ty.is_pointer() && !d.ty.is_ref();
            decls.push(VarDecl {
                name,
                ty: d.ty,
                init,
                list: None,
                init_list,
                construct: Vec::new(),
                storage,
                external: s.is_extern,
                konst,
                span: d.span,
                local: usize::MAX,
                align: s.align,
            });
            if !self.eat(",") {
                break;
            }
        }
        self.expect(";")?;
        Ok(Stmt {
            kind: StmtKind::Decl(decls),
            span,
        })
    }

    /// `expr` or `{ init, init, … }` (a trailing comma is allowed).
    fn initializer(&mut self) -> PResult<Initializer> {
        if !self.at("{") {
            return Ok(Initializer::Expr(self.assignment()?));
        }
        let span = self.span();
        self.pos += 1;
        self.enter()?;
        let mut items = Vec::new();
        while !self.at("}") {
            let at = self.span();
            let mut path = Vec::new();
            loop {
                if self.eat(".") {
                    let (name, _) = self.ident()?;
                    path.push(Designator::Field(name));
                } else if self.at("[") {
                    self.pos += 1;
                    let span = self.span();
                    let e = self.conditional()?;
                    let Some(k) = self.const_value(&e).filter(|k| *k >= 0) else {
                        return self.error(span, "expression must have a constant value");
                    };
                    self.expect("]")?;
                    path.push(Designator::Index(k as u64));
                } else {
                    break;
                }
            }
            let item = if path.is_empty() {
                self.initializer()?
            } else {
                self.expect("=")?;
                let value = self.initializer()?;
                Initializer::Designated(path, Box::new(value), at)
            };
            items.push(item);
            if !self.eat(",") {
                break;
            }
        }
        self.leave();
        self.expect("}")?;
        Ok(Initializer::List(items, span))
    }

    // ----- expressions -----

    /// An expression and the `)` that closes it (the `(` is taken): `>`
    /// inside is an operator even within template arguments.
    fn expr_to_paren(&mut self) -> PResult<Expr> {
        self.enter()?;
        let no_gt = std::mem::replace(&mut self.no_gt, false);
        let e = self.expr();
        self.no_gt = no_gt;
        self.leave();
        let e = e?;
        self.expect(")")?;
        Ok(e)
    }

    fn expr(&mut self) -> PResult<Expr> {
        let mut e = self.assignment()?;
        while self.at(",") {
            let span = self.span();
            self.pos += 1;
            let r = self.assignment()?;
            e = Expr::new(ExprKind::Comma(Box::new(e), Box::new(r)), span);
        }
        Ok(e)
    }

    fn assignment(&mut self) -> PResult<Expr> {
        self.enter()?;
        let lhs = self.conditional()?;
        let op = self.peek().and_then(|t| {
            if t.kind != TokKind::Punct {
                return None;
            }
            Some(match &*t.text {
                "=" => None,
                "+=" => Some(BinOp::Add),
                "-=" => Some(BinOp::Sub),
                "*=" => Some(BinOp::Mul),
                "/=" => Some(BinOp::Div),
                "%=" => Some(BinOp::Rem),
                "<<=" => Some(BinOp::Shl),
                ">>=" => Some(BinOp::Shr),
                "&=" => Some(BinOp::BitAnd),
                "|=" => Some(BinOp::BitOr),
                "^=" => Some(BinOp::BitXor),
                _ => return None,
            })
        });
        let result = match op {
            Some(op) => {
                let span = self.span();
                self.pos += 1;
                let rhs = self.assignment()?;
                Ok(Expr::new(
                    ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)),
                    span,
                ))
            }
            None => Ok(lhs),
        };
        self.leave();
        result
    }

    fn conditional(&mut self) -> PResult<Expr> {
        let c = self.binary(0)?;
        if self.at("?") {
            let span = self.span();
            self.pos += 1;
            let a = self.expr()?;
            self.expect(":")?;
            let b = self.conditional()?;
            return Ok(Expr::new(
                ExprKind::Cond(Box::new(c), Box::new(a), Box::new(b)),
                span,
            ));
        }
        Ok(c)
    }

    fn binary(&mut self, min_prec: u8) -> PResult<Expr> {
        let lhs = self.unary()?;
        // Each operator of a chain makes the tree one level deeper (and later
        // stages recurse over it): count them against the nesting limit.
        let mut levels = 0;
        let result = self.binary_chain(lhs, min_prec, &mut levels);
        for _ in 0..levels {
            self.leave();
        }
        result
    }

    fn binary_chain(&mut self, mut lhs: Expr, min_prec: u8, levels: &mut usize) -> PResult<Expr> {
        loop {
            let Some(t) = self.peek().filter(|t| t.kind == TokKind::Punct) else {
                return Ok(lhs);
            };
            let (op, prec) = match &*t.text {
                "||" => (BinOp::LogOr, 1),
                "&&" => (BinOp::LogAnd, 2),
                "|" => (BinOp::BitOr, 3),
                "^" => (BinOp::BitXor, 4),
                "&" => (BinOp::BitAnd, 5),
                "==" => (BinOp::Eq, 6),
                "!=" => (BinOp::Ne, 6),
                "<" => (BinOp::Lt, 7),
                ">" => (BinOp::Gt, 7),
                "<=" => (BinOp::Le, 7),
                ">=" => (BinOp::Ge, 7),
                "<<" => (BinOp::Shl, 8),
                ">>" => (BinOp::Shr, 8),
                "+" => (BinOp::Add, 9),
                "-" => (BinOp::Sub, 9),
                "*" => (BinOp::Mul, 10),
                "/" => (BinOp::Div, 10),
                "%" => (BinOp::Rem, 10),
                _ => return Ok(lhs),
            };
            if prec < min_prec || self.no_gt && matches!(op, BinOp::Gt | BinOp::Shr) {
                return Ok(lhs);
            }
            let span = t.span();
            self.pos += 1;
            self.enter()?;
            *levels += 1;
            let rhs = self.binary(prec + 1)?;
            lhs = Expr::new(ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span);
        }
    }

    fn unary(&mut self) -> PResult<Expr> {
        let span = self.span();
        let Some(t) = self.peek() else {
            return self.error(span, "expected an expression");
        };
        let op = if t.kind == TokKind::Punct {
            match &*t.text {
                "-" => Some(UnOp::Neg),
                "+" => Some(UnOp::Plus),
                "!" => Some(UnOp::Not),
                "~" => Some(UnOp::BitNot),
                "*" => Some(UnOp::Deref),
                "&" => Some(UnOp::AddrOf),
                "++" => Some(UnOp::PreInc),
                "--" => Some(UnOp::PreDec),
                _ => None,
            }
        } else {
            None
        };
        if let Some(op) = op {
            self.pos += 1;
            self.enter()?;
            let e = self.unary();
            self.leave();
            return Ok(Expr::new(ExprKind::Unary(op, Box::new(e?)), span));
        }
        if t.is("sizeof") {
            self.pos += 1;
            if self.at("(") && self.starts_type_at(1) {
                self.pos += 1;
                let ty = self.type_name()?;
                self.expect(")")?;
                return Ok(Expr::new(ExprKind::SizeofType(ty), span));
            }
            let e = self.unary()?;
            // sizeof expr: the type is known after sema; wrap for it.
            return Ok(Expr::new(
                ExprKind::Call("__sizeof_expr".into(), vec![e]),
                span,
            ));
        }
        // Casts: `(type) expr`.
        if t.is("(") {
            let save = self.pos;
            self.pos += 1;
            if self.starts_type() {
                let ty = self.type_name()?;
                self.expect(")")?;
                self.enter()?;
                let e = self.unary();
                self.leave();
                let mut cast = Expr::new(
                    ExprKind::Cast {
                        expr: Box::new(e?),
                        implicit: false,
                    },
                    span,
                );
                cast.ty = ty;
                return Ok(cast);
            }
            self.pos = save;
        }
        self.postfix()
    }

    /// The value of a constant expression the parser needs (array sizes,
    /// `__launch_bounds__`, enumerator values, designators); enumerators
    /// are known by now.
    fn const_value(&self, e: &Expr) -> Option<i64> {
        let mut e = e.clone();
        self.substitute_enumerators(&mut e, 0);
        const_eval(&e).map(|v| v.as_i64())
    }

    fn substitute_enumerators(&self, e: &mut Expr, depth: usize) {
        if depth > MAX_DEPTH {
            return;
        }
        match &mut e.kind {
            ExprKind::Ident(name) => {
                if let Some(lit) = self.constant_literal(name, &e.span) {
                    *e = lit;
                }
            }
            ExprKind::Call(name, args) => {
                if let Some(mut body) = self.inline_constexpr(name, args) {
                    self.substitute_enumerators(&mut body, depth + 1);
                    *e = body;
                }
            }
            ExprKind::NamedCast(_, a) => {
                let inner =
                    std::mem::replace(&mut **a, Expr::new(ExprKind::IntLit(0), Span::default()));
                e.kind = ExprKind::Cast {
                    expr: Box::new(inner),
                    implicit: false,
                };
                self.substitute_enumerators(e, depth + 1);
            }
            ExprKind::Construct(t, args, _) if t.is_arithmetic() && args.len() == 1 => {
                let t = t.clone();
                let inner = args.pop().expect("one argument");
                e.kind = ExprKind::Cast {
                    expr: Box::new(inner),
                    implicit: false,
                };
                e.ty = t;
                self.substitute_enumerators(e, depth + 1);
            }
            ExprKind::Unary(_, a) | ExprKind::Cast { expr: a, .. } => {
                self.substitute_enumerators(a, depth + 1)
            }
            ExprKind::Binary(_, a, b) => {
                self.substitute_enumerators(a, depth + 1);
                self.substitute_enumerators(b, depth + 1);
            }
            ExprKind::Cond(c, a, b) => {
                self.substitute_enumerators(c, depth + 1);
                self.substitute_enumerators(a, depth + 1);
                self.substitute_enumerators(b, depth + 1);
            }
            _ => {}
        }
    }

    /// `decltype(e)` or `decltype(auto)` (after `decltype`): a type sema
    /// works out (see `ast::Decltype`).
    fn decltype(&mut self) -> PResult<CType> {
        self.expect("(")?;
        if self.at("auto") && self.peek_at(1).is_some_and(|t| t.is(")")) {
            self.pos += 2;
            return Ok(CType::Decltype(Rc::new(Decltype {
                expr: None,
                id: false,
            })));
        }
        let paren = self.at("(");
        let e = self.expr_to_paren()?;
        let id = !paren
            && matches!(
                e.kind,
                ExprKind::Ident(_) | ExprKind::Member(..) | ExprKind::Arrow(..)
            );
        Ok(CType::Decltype(Rc::new(Decltype { expr: Some(e), id })))
    }

    /// CUDA's and GCC's type attributes before a struct's name:
    /// `__align__(16)`, `__builtin_align__(16)`, `__attribute__((aligned(16)))`,
    /// `__device_builtin__`. Returns the alignment asked for (0: none).
    fn type_attributes(&mut self) -> PResult<u64> {
        let mut align = 0;
        loop {
            if self.eat("__device_builtin__") {
                continue;
            }
            let gnu = self.at("__attribute__");
            if !(gnu || self.at("__align__") || self.at("__builtin_align__")) {
                return Ok(align);
            }
            self.pos += 1;
            self.expect("(")?;
            if gnu {
                self.expect("(")?;
                let (word, span) = self.ident()?;
                if word != "aligned" && word != "__aligned__" {
                    return self.error(span, format!("attribute \"{word}\" is not supported"));
                }
                self.expect("(")?;
            }
            let span = self.span();
            let e = self.conditional()?;
            match self.const_value(&e) {
                Some(n) if n > 0 && (n as u64).is_power_of_two() => align = align.max(n as u64),
                _ => return self.error(span, "alignment must be a power of two"),
            }
            self.expect(")")?;
            if gnu {
                self.expect(")")?;
                self.expect(")")?;
            }
        }
    }

    /// `struct|union [attributes] [name] [{ members }]`.
    fn record_specifier(&mut self) -> PResult<CType> {
        let kw = self.span();
        let is_union = self.at("union");
        let keyword = match self.peek() {
            Some(t) if t.is("class") => "class",
            _ if is_union => "union",
            _ => "struct",
        };
        self.pos += 1;
        let min_align = self.type_attributes()?;
        let name = match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                Some((t.text.to_string(), t.span()))
            }
            _ => None,
        };
        let defines = self.at("{")
            || name.is_some()
                && (self.at(":") && !self.peek_at(1).is_some_and(|t| t.is(":"))
                    || self.at("final"));
        if !defines {
            let Some((name, span)) = name else {
                return self.error(kw, "expected an identifier");
            };
            let found = self
                .candidates(&name)
                .into_iter()
                .find(|c| self.tags.contains_key(c));
            let name = found.unwrap_or_else(|| self.qualify(&name));
            return match self.tags.get(&name) {
                Some(CType::Record(r)) if r.is_union == is_union => Ok(CType::Record(r.clone())),
                Some(_) => self.error(span, format!("\"{name}\" is not a {keyword}")),
                None => {
                    // A forward declaration: incomplete until defined.
                    let t = CType::Record(std::rc::Rc::new(Record::new(&name, is_union)));
                    self.declare_tag(&name, &t);
                    Ok(t)
                }
            };
        }
        self.eat("final");
        let name = name.map(|(n, span)| (self.qualify(&n), span));
        let record = match &name {
            Some((n, span)) => match self.tags.get(n) {
                Some(CType::Record(r)) if r.is_union == is_union && r.layout().is_none() => {
                    r.clone()
                }
                Some(CType::Record(r)) if r.layout().is_some() => {
                    let msg = format!(
                        "class \"{n}\" has already been defined (previous definition at line {})",
                        r.defined_at.get()
                    );
                    return self.error(span.clone(), msg);
                }
                Some(_) => return self.error(span.clone(), format!("\"{n}\" is not a {keyword}")),
                None => {
                    let r = std::rc::Rc::new(Record::new(n, is_union));
                    self.declare_tag(n, &CType::Record(r.clone()));
                    r
                }
            },
            None => std::rc::Rc::new(Record::new("", is_union)),
        };
        let bases = self.base_clause(&record)?;
        record
            .defined_at
            .set(name.as_ref().map_or(kw.line, |(_, s)| s.line));
        self.pos += 1; // `{`
        self.enter()?;
        let outer = self
            .cxx
            .ctor_name
            .replace(super::lookup::last_part(&record.name.borrow()).to_string());
        // Names declared inside (nested structs, typedefs, static members)
        // are the struct's (`S::Inner`), and found from inside it.
        let scoped = !record.name.borrow().is_empty();
        if scoped {
            let simple = self.cxx.ctor_name.clone().unwrap_or_default();
            self.cxx.ns.push(simple);
        }
        let members = self.members(&record, keyword == "class");
        if scoped {
            self.cxx.ns.pop();
        }
        self.cxx.ctor_name = outer;
        self.leave();
        let members = members?;
        self.finish_class(&record, &bases, members, min_align);
        Ok(CType::Record(record))
    }

    /// Declares a tag by its full name (`N::S`).
    fn declare_tag(&mut self, name: &str, t: &CType) {
        self.tags.insert(name.to_string(), t.clone());
        // C++: the tag names the type without `struct` too.
        self.typedefs
            .entry(name.to_string())
            .or_insert_with(|| t.clone());
    }

    /// A struct's member declarations, up to and including the `}`
    /// (`private`: a `class`, whose members are private until a `public:`).
    fn members(&mut self, record: &Rc<Record>, private: bool) -> PResult<Vec<Member>> {
        let outer = std::mem::replace(&mut self.in_class, true);
        let members = self.member_list(record, private);
        self.in_class = outer;
        members
    }

    fn member_list(&mut self, record: &Rc<Record>, mut private: bool) -> PResult<Vec<Member>> {
        let mut members: Vec<Member> = Vec::new();
        let mut names: Vec<String> = Vec::new();
        while !self.eat("}") {
            if self.at_eof() {
                let span = self.span();
                return self.error(span, "expected a \"}\"");
            }
            if self.eat(";") {
                continue;
            }
            let start = self.span();
            if ["public", "private", "protected"]
                .iter()
                .any(|w| self.at(w))
                && self.peek_at(1).is_some_and(|t| t.is(":"))
            {
                private = !self.at("public");
                self.pos += 2;
                continue;
            }
            if self.at("~") {
                self.destructor(record, None)?;
                continue;
            }
            let ctor = self.cxx.ctor_name.clone();
            let at_ctor = |p: &Self| {
                p.peek().is_some_and(|t| Some(&*t.text) == ctor.as_deref())
                    && p.peek_at(1).is_some_and(|t| t.is("("))
            };
            if self.at("using") {
                self.using()?;
                continue;
            }
            if self.at("static_assert") {
                self.static_assert()?;
                continue;
            }
            if self.at("friend") {
                self.friend()?;
                continue;
            }
            if !self.starts_type() && !at_ctor(self) && !self.at("operator") {
                return self.error(start, "expected a member declaration");
            }
            let s = self.specifiers()?;
            if s.ty.is_none() && at_ctor(self) {
                self.constructor(record, &s)?;
                continue;
            }
            if s.ty.is_none() && self.at("~") {
                self.destructor(record, Some(&s))?;
                continue;
            }
            if s.ty.is_none() && self.at("operator") {
                self.conversion(record, &s)?;
                continue;
            }
            let Some(base) = s.ty.clone() else {
                return self.error(start, "expected a type specifier");
            };
            if s.typedef || s.is_static && !self.function_follows() {
                self.member_declaration(&s, base)?;
                continue;
            }
            if s.storage.is_some() {
                return self.error(start, "only data members are supported in a struct");
            }
            if self.eat(";") {
                // An anonymous struct or union: its members belong to this one.
                if let CType::Record(r) = &base {
                    if r.name.borrow().is_empty() {
                        let inner: Vec<String> =
                            r.layout().map(|l| member_names(&l)).unwrap_or_default();
                        for n in inner {
                            if names.contains(&n) {
                                let msg = format!(
                                    "\"{n}\" has already been declared in the current scope"
                                );
                                return self.error(start, msg);
                            }
                            names.push(n);
                        }
                        members.push((String::new(), base, None));
                    }
                }
                continue;
            }
            let mut is_method = false;
            loop {
                let d = self.declarator(base.clone(), s.konst, s.volatile)?;
                if d.func.is_some() {
                    self.method(record, &s, d)?;
                    is_method = true;
                    break;
                }
                let width = if self.eat(":") {
                    Some(self.bit_width(&d)?)
                } else {
                    None
                };
                let Some(name) = d.name.or_else(|| width.map(|_| String::new())) else {
                    return self.error(d.span, "expected an identifier");
                };
                if width.is_some() {
                    if !name.is_empty() && names.contains(&name) {
                        let msg =
                            format!("\"{name}\" has already been declared in the current scope");
                        return self.error(d.span, msg);
                    }
                    names.push(name.clone());
                    members.push((name, d.ty, width));
                    if !self.eat(",") {
                        break;
                    }
                    continue;
                }
                if names.contains(&name) {
                    let msg = format!("\"{name}\" has already been declared in the current scope");
                    return self.error(d.span, msg);
                }
                if d.ty.size().is_none() || matches!(d.ty, CType::Array(_, 0)) {
                    return self.error(
                        d.span,
                        format!("incomplete type \"{}\" is not allowed", d.ty),
                    );
                }
                names.push(name.clone());
                members.push((name.clone(), d.ty, None));
                // A default member initializer (`int n = 0;`, `float w{1};`).
                if self.eat("=") || self.at("{") {
                    let init = self.initializer()?;
                    record.member_inits.borrow_mut().push((name, init));
                    record.non_pod.set(true);
                }
                if private {
                    record.non_pod.set(true);
                }
                if !self.eat(",") {
                    break;
                }
            }
            if !is_method {
                self.expect(";")?;
            }
        }
        Ok(members)
    }

    /// The width after `:` of a bit-field declared by `d`.
    fn bit_width(&mut self, d: &Declarator) -> PResult<u32> {
        let span = self.span();
        let e = self.conditional()?;
        if !d.ty.is_integer() {
            return self.error(d.span.clone(), "invalid type for a bit field");
        }
        if d.ty == CType::Bool {
            return self.error(d.span.clone(), "bool bit-fields are not supported yet");
        }
        let bits = d.ty.size().unwrap_or(4) * 8;
        match self.const_value(&e) {
            Some(w) if w < 0 => self.error(span, "bit field width must be positive"),
            Some(w) if w as u64 > bits => self.error(
                span,
                format!("bit field size ({w}) is larger than the size of its type ({bits})"),
            ),
            Some(0) if d.name.is_some() => {
                self.error(span, "a named bit field must have a positive width")
            }
            Some(w) => Ok(w as u32),
            None => self.error(span, "expression must have a constant value"),
        }
    }

    /// `enum [name] [: type] [{ A, B = 2, … }]`.
    fn enum_specifier(&mut self) -> PResult<CType> {
        let kw = self.span();
        self.pos += 1;
        let scoped = self.eat("class") || self.eat("struct");
        let name = match self.peek() {
            Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                self.pos += 1;
                Some((t.text.to_string(), t.span()))
            }
            _ => None,
        };
        if scoped && name.is_none() {
            return self.error(kw, "expected an identifier");
        }
        let mut underlying = IntKind::Int;
        if self.eat(":") {
            let span = self.span();
            match self.type_name()? {
                CType::Int(k) => underlying = k,
                CType::Bool => underlying = IntKind::UChar,
                _ => {
                    return self.error(
                        span,
                        "the underlying type of an enumeration must be integral",
                    )
                }
            }
        }
        let simple = name.as_ref().map(|(n, _)| n.clone());
        let name = name.map(|(n, span)| {
            let full = if self.at("{") {
                None
            } else {
                self.candidates(&n)
                    .into_iter()
                    .find(|c| self.tags.contains_key(c))
            };
            (full.unwrap_or_else(|| self.qualify(&n)), span)
        });
        let existing = name.as_ref().and_then(|(n, _)| self.tags.get(n).cloned());
        let ty = match (&existing, &name) {
            (Some(t @ CType::Enum(_)), _) => t.clone(),
            (Some(_), Some((n, span))) => {
                return self.error(span.clone(), format!("\"{n}\" is not an enum"))
            }
            _ => {
                let t = CType::Enum(std::rc::Rc::new(EnumType {
                    name: std::cell::RefCell::new(
                        name.as_ref().map(|(n, _)| n.clone()).unwrap_or_default(),
                    ),
                    underlying,
                    scoped,
                }));
                if let Some((n, _)) = &name {
                    self.declare_tag(n, &t);
                }
                t
            }
        };
        if !self.eat("{") {
            if name.is_none() {
                return self.error(kw, "expected an identifier");
            }
            return Ok(ty);
        }
        // A scoped enumeration's enumerators are named in it (`E::A`).
        let depth = self.cxx.ns.len();
        if scoped {
            self.cxx.ns.extend(simple);
        }
        let body = self.enumerators_body(&ty);
        self.cxx.ns.truncate(depth);
        body?;
        Ok(ty)
    }

    fn enumerators_body(&mut self, ty: &CType) -> PResult<()> {
        let mut next = 0i64;
        while !self.eat("}") {
            let (ename, span) = self.ident()?;
            let value = if self.eat("=") {
                let vspan = self.span();
                let e = self.conditional()?;
                match self.const_value(&e) {
                    Some(v) => v,
                    None => return self.error(vspan, "expression must have a constant value"),
                }
            } else {
                next
            };
            let ename = self.qualify(&ename);
            if self.enumerators.contains_key(&ename) || self.typedefs.contains_key(&ename) {
                let short = ename.rsplit("::").next().unwrap_or_default();
                let msg = format!("\"{short}\" has already been declared in the current scope");
                return self.error(span, msg);
            }
            self.enumerators.insert(ename, (value, ty.clone()));
            next = value.wrapping_add(1);
            if !self.eat(",") {
                self.expect("}")?;
                break;
            }
        }
        Ok(())
    }

    fn type_name(&mut self) -> PResult<CType> {
        let span = self.span();
        let s = self.specifiers()?;
        let Some(base) = s.ty else {
            return self.error(span, "expected a type specifier");
        };
        let d = self.declarator(base, s.konst, s.volatile)?;
        if let Some(n) = d.name {
            return self.error(
                d.span,
                format!("unexpected identifier \"{n}\" in type name"),
            );
        }
        Ok(d.ty)
    }

    fn postfix(&mut self) -> PResult<Expr> {
        let mut e = self.primary()?;
        loop {
            let span = self.span();
            if self.eat("[") {
                let i = self.expr()?;
                self.expect("]")?;
                e = Expr::new(ExprKind::Index(Box::new(e), Box::new(i)), span);
            } else if self.at(".") || self.at("->") {
                let arrow = self.at("->");
                self.pos += 1;
                let name = if self.eat("operator") {
                    self.operator_name()?
                } else if self.peek_at(1).is_some_and(|t| t.is("::")) {
                    // `d.Base::f()`, `p->Base::x`: a base's member, by the
                    // base's full name.
                    let len = self.qualified_len(0);
                    let written = self.qualified_text(0, len);
                    self.pos += len;
                    match written.rsplit_once("::") {
                        Some((class, member)) => match self.find_type(class) {
                            Some(CType::Record(r)) => format!("{}::{member}", r.name.borrow()),
                            _ => {
                                return self.error(
                                    span,
                                    format!("\"{class}\" is not a class or struct name"),
                                )
                            }
                        },
                        None => written,
                    }
                } else {
                    self.ident()?.0
                };
                if self.at("(") {
                    let Expr {
                        kind: ExprKind::Construct(_, args, _),
                        ..
                    } = self.construct(CType::Void, span.clone())?
                    else {
                        return self.error(span, "expected an argument list");
                    };
                    let object = if arrow {
                        Expr::new(ExprKind::Unary(UnOp::Deref, Box::new(e)), span.clone())
                    } else {
                        e
                    };
                    e = Expr::new(ExprKind::MemberCall(Box::new(object), name, args), span);
                } else if arrow {
                    e = Expr::new(ExprKind::Arrow(Box::new(e), name), span);
                } else {
                    e = Expr::new(ExprKind::Member(Box::new(e), name), span);
                }
            } else if self.eat("++") {
                e = Expr::new(ExprKind::Unary(UnOp::PostInc, Box::new(e)), span);
            } else if self.eat("--") {
                e = Expr::new(ExprKind::Unary(UnOp::PostDec, Box::new(e)), span);
            } else if self.at("(") {
                self.pos += 1;
                let args = self.call_args()?;
                e = match &e.kind {
                    ExprKind::Ident(name) => Expr::new(ExprKind::Call(name.clone(), args), e.span),
                    // Through a pointer to function (sema checks the type).
                    _ => Expr::new(ExprKind::CallPtr(Box::new(e), args), span),
                };
            } else {
                return Ok(e);
            }
        }
    }

    fn primary(&mut self) -> PResult<Expr> {
        let span = self.span();
        let Some(t) = self.peek() else {
            return self.error(span, "expected an expression");
        };
        self.pos += 1;
        match t.kind {
            TokKind::Number => {
                if let Some((v, ty)) = parse_int_literal(&t.text) {
                    let mut e = Expr::new(ExprKind::IntLit(v), span);
                    e.ty = ty;
                    Ok(e)
                } else if let Some((v, ty)) = parse_float_literal(&t.text) {
                    let mut e = Expr::new(ExprKind::FloatLit(v), span);
                    e.ty = ty;
                    Ok(e)
                } else {
                    self.error(span, format!("invalid numeric literal \"{}\"", t.text))
                }
            }
            TokKind::Char => match parse_char_literal(&t.text) {
                Some(v) => {
                    let mut e = Expr::new(ExprKind::IntLit(v as u64), span);
                    e.ty = CType::Int(IntKind::Char);
                    Ok(e)
                }
                None => self.error(span, format!("invalid character constant {}", t.text)),
            },
            TokKind::Str => {
                // Adjacent literals concatenate ("a" "b").
                let mut bytes = unescape(&t.text[1..t.text.len().saturating_sub(1).max(1)]);
                while let Some(next) = self.peek().filter(|n| n.kind == TokKind::Str) {
                    bytes.extend(unescape(
                        &next.text[1..next.text.len().saturating_sub(1).max(1)],
                    ));
                    self.pos += 1;
                }
                let mut e = Expr::new(ExprKind::StrLit(bytes), span);
                e.ty = CType::Ptr {
                    pointee: Box::new(CType::Int(IntKind::Char)),
                    konst: true,
                    volatile: false,
                };
                Ok(e)
            }
            TokKind::Ident => match &*t.text {
                "true" | "false" => {
                    let mut e = Expr::new(ExprKind::BoolLit(&*t.text == "true"), span);
                    e.ty = CType::Bool;
                    Ok(e)
                }
                "nullptr" | "NULL" => {
                    let mut e = Expr::new(ExprKind::IntLit(0), span);
                    e.ty = CType::ptr_to(CType::Void);
                    Ok(e)
                }
                "static_cast" => self.named_cast(CastKind::Static, span),
                "reinterpret_cast" => self.named_cast(CastKind::Reinterpret, span),
                "const_cast" => self.named_cast(CastKind::Const, span),
                w if TYPE_WORDS.contains(&w) && (self.at("(") || self.at("{")) => {
                    let ty = type_from_words(&[w.to_string()]).unwrap_or(CType::INT);
                    self.construct(ty, span)
                }
                w if is_keyword(w) => {
                    self.error(span, format!("expected an expression before \"{w}\""))
                }
                w if self.template_values.contains_key(w) => {
                    let (v, ty) = self.template_values[w].clone();
                    let mut e = Expr::new(ExprKind::IntLit(v as u64), span);
                    e.ty = ty;
                    Ok(e)
                }
                _ if self
                    .template_id_from(self.pos - 1)
                    .is_some_and(|(d, _)| !self.templates.defs[d].is_function()) =>
                {
                    // `Traits<T>::size`, `Traits<T>::one()`, `Pair<T>(a, b)`.
                    self.pos -= 1;
                    let Some(ty) = self.specifiers()?.ty else {
                        return self.error(span, "expected a type specifier");
                    };
                    if self.eat("::") {
                        let (member, _) = self.ident()?;
                        let CType::Record(r) = &ty else {
                            return self.error(span, format!("\"{ty}\" is not a class"));
                        };
                        let name = format!("{}::{member}", r.name.borrow());
                        if let Some(lit) = self.constant_literal(&name, &span) {
                            return Ok(lit);
                        }
                        return Ok(Expr::new(ExprKind::Ident(name), span));
                    }
                    if self.at("(") || self.at("{") {
                        return self.construct(ty, span);
                    }
                    self.error(span, "expected a \"(\"")
                }
                _ if self
                    .template_id_from(self.pos - 1)
                    .is_some_and(|(d, _)| self.templates.defs[d].is_function()) =>
                {
                    // `f<float>(x)`, `cg::tiled_partition<32>(block)`.
                    self.pos -= 1;
                    let len = self.qualified_len(0).max(1);
                    let name = self.qualified_text(0, len);
                    self.pos += len + 1;
                    let targs = self.template_args()?;
                    if !self.eat("(") {
                        let at = self.span();
                        return self.error(at, "expected a \"(\"");
                    }
                    let args = self.call_args()?;
                    Ok(Expr::new(ExprKind::TemplateCall(name, targs, args), span))
                }
                _ => {
                    // A (qualified) name; a type's name before `(` or `{`
                    // builds a value of the type.
                    self.pos -= 1;
                    let len = self.qualified_len(0).max(1);
                    let name = self.qualified_text(0, len);
                    self.pos += len;
                    if self.at("(") || self.at("{") {
                        if let Some(ty) = self.find_type(&name) {
                            return self.construct(ty, span);
                        }
                    }
                    Ok(Expr::new(ExprKind::Ident(name), span))
                }
            },
            _ if t.is("::") => {
                self.pos -= 1;
                let len = self.qualified_len(0);
                if len == 0 {
                    return self.error(span, "expected an identifier");
                }
                let name = self.qualified_text(0, len);
                self.pos += len;
                Ok(Expr::new(ExprKind::Ident(name), span))
            }
            _ if t.is("(") => self.expr_to_paren(),
            _ => self.error(
                span,
                format!("expected an expression before \"{}\"", t.text),
            ),
        }
    }
}

// ----- templates -----

impl<'a> Parser<'a> {
    /// A parser over other tokens (a template's), with these names in scope.
    fn sub<'b>(
        toks: &'b [Token],
        diags: &'b mut Vec<Diagnostic>,
        scope: Scope,
        templates: Templates,
        depth: usize,
        nesting: usize,
    ) -> Parser<'b> {
        Parser {
            toks,
            pos: 0,
            diags,
            typedefs: scope.typedefs,
            tags: scope.tags,
            enumerators: scope.enumerators,
            depth,
            eof_span: toks.last().map(|t| t.span()).unwrap_or_default(),
            pending_unroll: None,
            globals: Vec::new(),
            cxx: scope.cxx,
            templates,
            template_values: HashMap::default(),
            no_gt: false,
            half_gt: false,
            nesting,
            pattern: false,
            in_class: false,
        }
    }

    /// Runs `f` on a parser over `toks` from `pos`, with this parser's names
    /// (those it declares stay in it) and templates (shared).
    fn sub_parse<R>(
        &mut self,
        toks: &[Token],
        pos: usize,
        f: impl FnOnce(&mut Parser<'_>) -> PResult<R>,
    ) -> PResult<R> {
        let scope = Scope {
            typedefs: self.typedefs.clone(),
            tags: self.tags.clone(),
            enumerators: self.enumerators.clone(),
            cxx: CxxScope {
                methods: Vec::new(),
                ctor_name: None,
                ..self.cxx.clone()
            },
        };
        let templates = std::mem::take(&mut self.templates);
        let mut sub = Parser::sub(
            toks,
            &mut *self.diags,
            scope,
            templates,
            self.depth,
            self.nesting + 1,
        );
        sub.pos = pos;
        sub.pattern = self.pattern;
        let result = f(&mut sub);
        // The member functions of class instances made there.
        self.cxx.methods.append(&mut sub.cxx.methods);
        self.templates = sub.templates;
        result
    }

    /// Binds a template's parameters to arguments: a type parameter is a
    /// typedef, a non-type one a constant.
    fn bind(&mut self, def: &TemplateDef, args: &[TemplateArg]) {
        self.template_values.clear();
        for (p, a) in def.params.iter().zip(args) {
            match a {
                TemplateArg::Type(t) => {
                    self.typedefs.insert(p.name.clone(), t.clone());
                }
                TemplateArg::Value(v, t) => {
                    self.typedefs.remove(&p.name);
                    self.template_values.insert(p.name.clone(), (*v, t.clone()));
                }
            }
        }
    }

    /// After a class type, `::name` names a type member of it
    /// (`std::vector<float>::iterator`, `Traits<T>::type`).
    fn member_type(&mut self, mut ty: CType) -> PResult<CType> {
        while self.at("::") && self.peek_at(1).is_some_and(|t| t.kind == TokKind::Ident) {
            let CType::Record(r) = &ty else { break };
            let member = self
                .peek_at(1)
                .map(|t| t.text.to_string())
                .unwrap_or_default();
            let full = format!("{}::{member}", r.name.borrow());
            // Not a type (`Traits<T>::size`): the expression parser reads it.
            let Some(t) = self.typedefs.get(&full) else {
                break;
            };
            ty = t.clone();
            self.pos += 2;
        }
        Ok(ty)
    }

    fn class_template(&self, name: &str) -> Option<usize> {
        let i = self.find_template(name)?;
        (!self.templates.defs[i].is_function()).then_some(i)
    }

    fn function_template(&self, name: &str) -> Option<usize> {
        let i = self.find_template(name)?;
        self.templates.defs[i].is_function().then_some(i)
    }

    /// Closes a template argument or parameter list: `>`, or half of `>>`.
    fn close_angle(&mut self) -> bool {
        if self.at(">") && !self.half_gt {
            self.pos += 1;
            return true;
        }
        if self.at(">>") {
            if self.half_gt {
                self.pos += 1;
            }
            self.half_gt = !self.half_gt;
            return true;
        }
        false
    }

    /// The arguments of a call, after its `(`, up to and including `)`.
    fn call_args(&mut self) -> PResult<Vec<Expr>> {
        let no_gt = std::mem::replace(&mut self.no_gt, false);
        let mut args = Vec::new();
        let result = (|| {
            if !self.eat(")") {
                loop {
                    args.push(self.assignment()?);
                    if self.eat(")") {
                        break;
                    }
                    self.expect(",")?;
                }
            }
            Ok(())
        })();
        self.no_gt = no_gt;
        result.map(|()| args)
    }

    /// Template arguments after the `<`, up to and including the `>`: types
    /// and integer constant expressions.
    fn template_args(&mut self) -> PResult<Vec<TemplateArg>> {
        let mut args = Vec::new();
        if self.close_angle() {
            return Ok(args);
        }
        loop {
            if self.starts_type() {
                args.push(TemplateArg::Type(self.type_name()?));
            } else {
                let span = self.span();
                let no_gt = std::mem::replace(&mut self.no_gt, true);
                let e = self.conditional();
                self.no_gt = no_gt;
                let e = e?;
                let Some(v) = self.const_value(&e) else {
                    return self.error(span, "expression must have a constant value");
                };
                let ty = if e.ty.is_integer() { e.ty } else { CType::INT };
                args.push(TemplateArg::Value(v, ty));
            }
            if self.eat(",") {
                continue;
            }
            if self.close_angle() {
                return Ok(args);
            }
            let span = self.span();
            return self.error(span, "expected a \">\"");
        }
    }

    /// Skips a default template argument: up to the `,` or `>` that ends it.
    fn skip_template_arg(&mut self) {
        let mut depth = 0i32;
        while let Some(t) = self.peek() {
            if depth == 0 && (t.is(",") || t.is(">") || t.is(">>")) {
                return;
            }
            if t.is("(") || t.is("[") || t.is("<") || t.is("{") {
                depth += 1;
            } else if t.is(")") || t.is("]") || t.is(">") || t.is("}") {
                depth -= 1;
            } else if t.is(">>") {
                depth -= 2;
            } else if t.is(";") {
                return;
            }
            self.pos += 1;
        }
    }

    /// `template <…> declaration`, `template declaration` (an explicit
    /// instantiation).
    fn template_decl(&mut self, declared: usize) -> PResult<()> {
        let start = self.pos;
        let kw = self.span();
        self.pos += 1;
        if !self.eat("<") {
            return self.explicit_instantiation(declared);
        }
        if self.eat(">") {
            return self.explicit_specialization();
        }
        let mut params: Vec<TemplateParam> = Vec::new();
        loop {
            let pspan = self.span();
            let (name, kind) = if self.eat("typename") || self.eat("class") {
                let name = match self.peek() {
                    Some(t) if t.kind == TokKind::Ident && !is_keyword(&t.text) => {
                        self.pos += 1;
                        t.text.to_string()
                    }
                    _ => String::new(),
                };
                (name, ParamKind::Type)
            } else {
                let s = self.specifiers()?;
                let Some(base) = s.ty else {
                    return self.error(pspan, "expected a template parameter");
                };
                let d = self.declarator(base, s.konst, s.volatile)?;
                if !d.ty.is_integer() {
                    return self.error(
                        d.span,
                        format!(
                            "non-type template parameters of type \"{}\" are not supported yet",
                            d.ty
                        ),
                    );
                }
                (d.name.unwrap_or_default(), ParamKind::Value(d.ty))
            };
            if !name.is_empty() && params.iter().any(|p| p.name == name) {
                let msg = format!("template parameter \"{name}\" has already been declared");
                return self.error(pspan, msg);
            }
            let default = if self.eat("=") {
                let at = self.pos - start;
                self.skip_template_arg();
                Some(at)
            } else {
                None
            };
            let placeholder = Rc::new(Record::new(&name, false));
            *placeholder.layout.borrow_mut() = Some(Rc::new(Layout::plain(Vec::new(), 1, 1)));
            params.push(TemplateParam {
                name,
                kind,
                default,
                placeholder,
            });
            if self.eat(",") {
                continue;
            }
            if self.close_angle() {
                break;
            }
            let span = self.span();
            return self.error(span, "expected a \">\"");
        }
        let decl_start = self.pos - start;
        // `template <typename T> struct Traits<T *> { … };`
        let is_partial = (self.at("struct") || self.at("class") || self.at("union"))
            && self.peek_at(2).is_some_and(|t| t.is("<"))
            && self
                .peek_at(1)
                .is_some_and(|t| self.class_template(&t.text).is_some());
        if is_partial {
            return self.partial_specialization(start, decl_start, params);
        }
        let is_class = (self.at("struct") || self.at("class") || self.at("union"))
            && self
                .peek_at(1)
                .is_some_and(|t| t.kind == TokKind::Ident && !is_keyword(&t.text))
            && self
                .peek_at(2)
                .is_some_and(|t| t.is("{") || t.is(";") || t.is(":") || t.is("final"));
        let (name, span, kind) = if is_class {
            let is_union = self.at("union");
            let (name, span) = match self.peek_at(1) {
                Some(t) => (t.text.to_string(), t.span()),
                None => return self.error(kw, "expected an identifier"),
            };
            self.pos += 2;
            if self.eat(";") {
                return Ok(()); // a declaration: the definition comes later
            }
            self.skip_braces();
            self.expect(";")?;
            (name, span, TemplateKind::Class { is_union })
        } else {
            // The signature, each type parameter a placeholder type.
            let header = self.with_placeholders(&params, |p| p.function_template_header());
            let (name, span, kind) = header?;
            if self.at("{") {
                self.skip_braces();
            } else {
                self.expect(";")?;
            }
            (name, span, kind)
        };
        // Templates are known by their full names (`std::max`).
        let name = self.qualify(&name);
        if !is_class && self.typedefs.contains_key(&name) {
            return self.error(
                span,
                format!("\"{name}\" has already been declared in the current scope"),
            );
        }
        let tokens: Rc<[Token]> = self.toks[start..self.pos].to_vec().into();
        let def = TemplateDef {
            name: name.clone(),
            span: span.clone(),
            params,
            tokens,
            decl_start,
            kind,
        };
        let defines = |d: &TemplateDef| d.tokens.last().is_some_and(|t| t.is("}"));
        if let Some(prev) = self.templates.find(&name) {
            if self.templates.defs[prev].is_function() != def.is_function() {
                let msg = format!("\"{name}\" has already been declared in the current scope");
                return self.error(span, msg);
            }
        }
        if def.is_function() {
            // Function templates of one name are overloads; one of the same
            // signature is a redeclaration (or the definition).
            let key = super::mangle::template_symbol(&def, &[]);
            let same = self.templates.defs.iter().position(|d| {
                d.name == name && d.is_function() && super::mangle::template_symbol(d, &[]) == key
            });
            if let Some(prev) = same {
                let p = &self.templates.defs[prev];
                if defines(p) && defines(&def) {
                    let msg = format!(
                        "function template \"{name}\" has already been defined (previous definition at line {})",
                        p.span.line
                    );
                    return self.error(span, msg);
                }
                if defines(&def) {
                    self.templates.defs[prev] = def;
                }
                return Ok(());
            }
        } else if self.templates.find(&name).is_some() {
            let msg = format!("\"{name}\" has already been declared in the current scope");
            return self.error(span, msg);
        }
        self.templates.defs.push(def);
        Ok(())
    }

    /// Runs `f` with a template's parameters standing as themselves (its
    /// own signature, a partial specialization's arguments): a type
    /// parameter is its placeholder type, a non-type one its pattern value.
    fn with_placeholders<R>(
        &mut self,
        params: &[TemplateParam],
        f: impl FnOnce(&mut Self) -> PResult<R>,
    ) -> PResult<R> {
        let saved: Vec<(String, Option<CType>)> = params
            .iter()
            .map(|p| (p.name.clone(), self.typedefs.get(&p.name).cloned()))
            .collect();
        let saved_values = std::mem::take(&mut self.template_values);
        for (i, p) in params.iter().enumerate() {
            match &p.kind {
                ParamKind::Type => {
                    self.typedefs
                        .insert(p.name.clone(), CType::Record(p.placeholder.clone()));
                }
                ParamKind::Value(t) => {
                    let v = PATTERN_VALUE + i as i64;
                    self.template_values.insert(p.name.clone(), (v, t.clone()));
                }
            }
        }
        let pattern = std::mem::replace(&mut self.pattern, true);
        let out = f(self);
        self.pattern = pattern;
        for (n, old) in saved {
            match old {
                Some(t) => self.typedefs.insert(n, t),
                None => self.typedefs.remove(&n),
            };
        }
        self.template_values = saved_values;
        out
    }

    /// `template <typename T> struct Traits<T *> { … };` (at `struct`): a
    /// partial specialization, its arguments in terms of its parameters;
    /// its body is read when an instance it matches is made.
    fn partial_specialization(
        &mut self,
        start: usize,
        decl_start: usize,
        params: Vec<TemplateParam>,
    ) -> PResult<()> {
        let is_union = self.at("union");
        let span = self.peek_at(1).map(|t| t.span()).unwrap_or_default();
        let written = self
            .peek_at(1)
            .map(|t| t.text.to_string())
            .unwrap_or_default();
        let Some(primary) = self.class_template(&written) else {
            return self.error(span, format!("\"{written}\" is not a class template"));
        };
        self.pos += 3; // `struct Name <`
        let given = self.with_placeholders(&params, |p| p.template_args())?;
        let d = self.templates.defs[primary].clone();
        let args = self.with_placeholders(&params, |p| {
            p.complete_args(primary, given.into_iter().map(Some).collect())
        })?;
        let Some(args) = args else {
            let msg = format!(
                "the template arguments do not match the parameters of class template \"{}\"",
                d.name
            );
            return self.error(span, msg);
        };
        // Every parameter must be deducible from the arguments.
        for (i, p) in params.iter().enumerate() {
            let mut out = vec![None; params.len()];
            let probe = TemplateDef {
                name: d.name.clone(),
                span: span.clone(),
                params: params.clone(),
                tokens: Rc::from(Vec::new()),
                decl_start: 0,
                kind: TemplateKind::Class { is_union },
            };
            let seen = args
                .iter()
                .zip(&args)
                .all(|(a, b)| super::template::match_arg(&probe, a, b, &mut out, 0));
            if !seen || out[i].is_none() {
                let msg = format!(
                    "template parameter \"{}\" is not used in or cannot be deduced from the template argument list of class template \"{}\"",
                    p.name,
                    template_id(&d.name, &args)
                );
                return self.error(span, msg);
            }
        }
        // Its bases and body: read for each instance.
        while !self.at("{") && !self.at(";") && !self.at_eof() {
            self.pos += 1;
        }
        if self.eat(";") {
            return Ok(()); // declared only
        }
        self.skip_braces();
        self.expect(";")?;
        let tokens: Rc<[Token]> = self.toks[start..self.pos].to_vec().into();
        self.templates.partials.push(Partial {
            primary,
            args,
            def: TemplateDef {
                name: d.name,
                span,
                params,
                tokens,
                decl_start,
                kind: TemplateKind::Class { is_union },
            },
        });
        Ok(())
    }

    /// The partial specialization of class template `def` an instance
    /// for `args` is made from (the most specialized that matches, as C++
    /// orders them) and its parameters' values; `None`: the template's own
    /// body.
    fn choose_partial(
        &mut self,
        def: usize,
        args: &[TemplateArg],
        span: &Span,
    ) -> PResult<Option<(usize, Vec<TemplateArg>)>> {
        let matches: Vec<(usize, Vec<TemplateArg>)> = self
            .templates
            .partials
            .iter()
            .enumerate()
            .filter(|(_, p)| p.primary == def && p.args.len() == args.len())
            .filter_map(|(k, p)| {
                let mut out = vec![None; p.def.params.len()];
                let ok = p
                    .args
                    .iter()
                    .zip(args)
                    .all(|(pa, a)| super::template::match_arg(&p.def, pa, a, &mut out, 0));
                let out: Option<Vec<TemplateArg>> = out.into_iter().collect();
                out.filter(|_| ok).map(|o| (k, o))
            })
            .collect();
        let partials = &self.templates.partials;
        // `a` is at least as specialized as `b`: b's arguments match a's.
        let at_least = |a: usize, b: usize| {
            let (pa, pb) = (&partials[a], &partials[b]);
            let mut out = vec![None; pb.def.params.len()];
            pb.args
                .iter()
                .zip(&pa.args)
                .all(|(x, y)| super::template::match_arg(&pb.def, x, y, &mut out, 0))
        };
        let best: Vec<&(usize, Vec<TemplateArg>)> = matches
            .iter()
            .filter(|(a, _)| {
                matches
                    .iter()
                    .all(|(b, _)| a == b || (at_least(*a, *b) && !at_least(*b, *a)))
            })
            .collect();
        match best.as_slice() {
            [one] => Ok(Some((*one).clone())),
            [] if matches.is_empty() => Ok(None),
            _ => {
                let name = &self.templates.defs[def].name;
                let id = template_id(name, args);
                let mut msg = format!("more than one partial specialization matches the template argument list of class \"{id}\"");
                for (k, _) in &matches {
                    let p = &partials[*k];
                    msg.push_str(&format!(
                        "\n            \"{}\" (declared at line {})",
                        template_id(name, &p.args),
                        p.def.span.line
                    ));
                }
                self.error(span.clone(), msg)
            }
        }
    }

    /// The declaration of a function template up to its body: name, span,
    /// signature.
    fn function_template_header(&mut self) -> PResult<(String, Span, TemplateKind)> {
        let start = self.span();
        let s = self.specifiers()?;
        let Some(base) = s.ty.clone() else {
            return self.error(start, "expected a type specifier");
        };
        let d = self.declarator(base, s.konst, s.volatile)?;
        let (Some(name), Some((params, _))) = (d.name, d.func) else {
            return self.error(d.span, "expected a function or class template");
        };
        let space = self.exec_space(&s);
        Ok((
            name,
            d.span,
            TemplateKind::Function {
                ret: d.ty,
                names: params.iter().map(|p| p.name.clone()).collect(),
                params: params.into_iter().map(|p| p.ty).collect(),
                space,
                constexpr: s.constexpr,
            },
        ))
    }

    /// `template __global__ void k<float>(float *, int);` and
    /// `template struct Pair<float>;`.
    fn explicit_instantiation(&mut self, at: usize) -> PResult<()> {
        if self.at("struct") || self.at("class") {
            self.pos += 1;
            let (name, span) = self.ident()?;
            let Some(def) = self.class_template(&name) else {
                return self.error(span, format!("{name} is not a template"));
            };
            self.expect("<")?;
            let args = self.template_args()?;
            self.class_instance(def, args, &span)?;
            return self.expect(";");
        }
        let start = self.span();
        let s = self.specifiers()?;
        if s.ty.is_none() {
            return self.error(start, "expected a type specifier");
        }
        let (name, span) = self.ident()?;
        let Some(def) = self.function_template(&name) else {
            return self.error(span, format!("{name} is not a template"));
        };
        let name = self.templates.defs[def].name.clone();
        let args = if self.eat("<") {
            self.template_args()?
        } else {
            Vec::new()
        };
        self.expect("(")?;
        let (params, _) = self.params()?;
        self.expect(";")?;
        self.templates.requests.push(Request {
            name,
            args,
            params: Some(params.into_iter().map(|p| p.ty).collect()),
            span,
            at,
        });
        Ok(())
    }

    /// Launches of kernel templates in a host function's body (which is not
    /// parsed): `k<float, 128><<<g, b>>>(…)` asks for `k<float, 128>`.
    fn scan_launches(&mut self, start: usize, end: usize, at: usize) {
        let (saved, ndiags) = (self.pos, self.diags.len());
        let toks = self.toks;
        for i in start..end {
            let t = &toks[i];
            if t.kind != TokKind::Ident {
                continue;
            }
            // The name with its qualifiers (`N::k`).
            let mut first = i;
            while first >= start + 2
                && toks[first - 1].is("::")
                && toks[first - 2].kind == TokKind::Ident
            {
                first -= 2;
            }
            let written: String = toks[first..=i].iter().map(|t| &*t.text).collect();
            let Some(def) = self.function_template(&written) else {
                continue;
            };
            let next = |k: usize| toks.get(i + k).filter(|_| i + k < end);
            let launch_at = |k: usize| {
                next(k).is_some_and(|t| t.is("<<")) && next(k + 1).is_some_and(|t| t.is("<"))
            };
            let args = if launch_at(1) {
                Some(Vec::new())
            } else if next(1).is_some_and(|t| t.is("<")) {
                self.pos = i + 2;
                self.half_gt = false;
                match self.template_args() {
                    Ok(args) if self.pos < end && launch_at(self.pos - i) => Some(args),
                    _ => None,
                }
            } else {
                None
            };
            self.diags.truncate(ndiags);
            self.half_gt = false;
            if let Some(args) = args {
                self.templates.requests.push(Request {
                    name: self.templates.defs[def].name.clone(),
                    args,
                    params: None,
                    span: t.span(),
                    at,
                });
            }
        }
        self.pos = saved;
    }

    /// Completes template arguments with defaults (see `complete_template_args`).
    fn complete_args(
        &mut self,
        def: usize,
        mut given: Vec<Option<TemplateArg>>,
    ) -> PResult<Option<Vec<TemplateArg>>> {
        let Some(d) = self.templates.defs.get(def).cloned() else {
            return Ok(None);
        };
        if given.len() > d.params.len() {
            return Ok(None);
        }
        given.resize(d.params.len(), None);
        let mut args = Vec::new();
        for (i, p) in d.params.iter().enumerate() {
            let arg = match given[i].take() {
                Some(a) => a,
                None => {
                    let Some(at) = p.default else { return Ok(None) };
                    let bound = args.clone();
                    let value = self.sub_parse(&d.tokens, at, |sub| {
                        sub.bind(&d, &bound);
                        sub.cxx.ns = d.name.split("::").map(str::to_string).collect();
                        sub.cxx.ns.pop();
                        if matches!(p.kind, ParamKind::Type) {
                            return Ok(Some(TemplateArg::Type(sub.type_name()?)));
                        }
                        sub.no_gt = true;
                        let e = sub.conditional()?;
                        Ok(sub
                            .const_value(&e)
                            .map(|v| TemplateArg::Value(v, CType::INT)))
                    })?;
                    let Some(v) = value else { return Ok(None) };
                    v
                }
            };
            let arg = match (&p.kind, arg) {
                (ParamKind::Type, a @ TemplateArg::Type(_)) => a,
                (ParamKind::Value(t), TemplateArg::Value(v, _)) => {
                    let mut e = Expr::new(ExprKind::IntLit(v as u64), Span::default());
                    e.ty = CType::Int(IntKind::LongLong);
                    let mut c = Expr::new(
                        ExprKind::Cast {
                            expr: Box::new(e),
                            implicit: true,
                        },
                        Span::default(),
                    );
                    c.ty = t.clone();
                    let v = const_eval(&c).map_or(v, |s| s.as_i64());
                    TemplateArg::Value(v, t.clone())
                }
                _ => return Ok(None),
            };
            args.push(arg);
        }
        Ok(Some(args))
    }

    /// `template <> struct Traits<float> { … };` (after `template <>`):
    /// the instance `Traits<float>` defined here instead of made from the
    /// template.
    pub(super) fn class_specialization(&mut self) -> PResult<()> {
        let is_union = self.at("union");
        let is_class = self.at("class");
        self.pos += 1;
        let (name, span) = self.ident()?;
        let Some(def) = self
            .candidates(&name)
            .into_iter()
            .find_map(|c| self.templates.find(&c))
            .filter(|&d| !self.templates.defs[d].is_function())
        else {
            return self.error(span, format!("\"{name}\" is not a class template"));
        };
        self.expect("<")?;
        let given = self.template_args()?;
        let d = self.templates.defs[def].clone();
        let Some(args) = self.complete_args(def, given.into_iter().map(Some).collect())? else {
            let msg = format!(
                "the template arguments do not match the parameters of class template \"{}\"",
                d.name
            );
            return self.error(span, msg);
        };
        let id = template_id(&d.name, &args);
        if self
            .templates
            .class_instances
            .iter()
            .any(|(i, a, _)| *i == def && *a == args)
        {
            let msg =
                format!("explicit specialization of class \"{id}\" must precede its first use");
            return self.error(span, msg);
        }
        let record = Rc::new(Record::new(&id, is_union));
        *record.template.borrow_mut() = Some((d.name.clone(), args.clone()));
        record.defined_at.set(span.line);
        let ty = CType::Record(record.clone());
        self.templates.class_instances.push((def, args, ty));
        let bases = self.base_clause(&record)?;
        self.expect("{")?;
        self.enter()?;
        let simple = d.name.rsplit("::").next().unwrap_or_default().to_string();
        let outer_ctor = self.cxx.ctor_name.replace(simple);
        let outer_ns = std::mem::replace(&mut self.cxx.ns, instance_scope(&d.name, &id));
        // In its own body the template's name is this instance.
        let outer_name = self
            .typedefs
            .insert(d.name.clone(), CType::Record(record.clone()));
        let nmethods = self.cxx.methods.len();
        let members = self.members(&record, is_class);
        match outer_name {
            Some(t) => self.typedefs.insert(d.name.clone(), t),
            None => self.typedefs.remove(&d.name),
        };
        self.cxx.ns = outer_ns;
        self.cxx.ctor_name = outer_ctor;
        self.leave();
        self.finish_class(&record, &bases, members?, 0);
        // Compiled once called, as the members of made instances.
        let methods: Vec<FunctionDef> = self.cxx.methods.drain(nmethods..).collect();
        self.templates.lazy_methods.extend(methods);
        self.expect(";")
    }

    /// The instance of class template `def` for these arguments, made the
    /// first time it is named.
    fn class_instance(
        &mut self,
        def: usize,
        args: Vec<TemplateArg>,
        span: &Span,
    ) -> PResult<CType> {
        let d = self.templates.defs[def].clone();
        if args
            .iter()
            .any(|a| matches!(a, TemplateArg::Type(t) if t.is_deduced()))
        {
            return self.error(
                span.clone(),
                "decltype and auto in a class template's arguments are not supported yet",
            );
        }
        let n = args.len();
        let Some(args) = self.complete_args(def, args.into_iter().map(Some).collect())? else {
            let msg = if n > d.params.len() {
                format!("too many arguments for class template \"{}\"", d.name)
            } else if n < d.params.len() {
                format!("too few arguments for class template \"{}\"", d.name)
            } else {
                format!(
                    "the template arguments do not match the parameters of class template \"{}\"",
                    d.name
                )
            };
            return self.error(span.clone(), msg);
        };
        if let Some((_, _, t)) = self
            .templates
            .class_instances
            .iter()
            .find(|(i, a, _)| *i == def && *a == args)
        {
            return Ok(t.clone());
        }
        let id = template_id(&d.name, &args);
        if self.nesting >= MAX_NESTING || self.templates.count >= MAX_INSTANCES {
            return self.error(
                span.clone(),
                format!("excessive recursion at instantiation of class \"{id}\""),
            );
        }
        self.templates.count += 1;
        // A partial specialization's body, with its parameters deduced.
        let (body, bound) = match self.choose_partial(def, &args, span)? {
            Some((k, values)) => (self.templates.partials[k].def.clone(), values),
            None => (d.clone(), args.clone()),
        };
        let is_union = matches!(body.kind, TemplateKind::Class { is_union: true });
        let record = Rc::new(Record::new(&id, is_union));
        *record.template.borrow_mut() = Some((d.name.clone(), args.clone()));
        record.defined_at.set(d.span.line);
        let ty = CType::Record(record.clone());
        self.templates
            .class_instances
            .push((def, args.clone(), ty.clone()));
        let (ndiags, nmethods) = (self.diags.len(), self.cxx.methods.len());
        // Its members are named in it (`Traits<float>::size`).
        let scope = instance_scope(&d.name, &id);
        let parsed = self.sub_parse(&body.tokens, body.decl_start, |p| {
            p.bind(&body, &bound);
            let is_class = p.at("class");
            p.pos += 2; // `struct Name`
            if p.eat("<") {
                p.template_args()?; // a partial specialization's
            }
            p.eat("final");
            // Read in the instance's scope, as its body.
            p.cxx.ns = scope;
            let bases = p.base_clause(&record)?;
            p.expect("{")?;
            p.enter()?;
            p.cxx.ctor_name = Some(d.name.rsplit("::").next().unwrap_or_default().to_string());
            // In its own body the template's name is the instance.
            p.typedefs
                .insert(d.name.clone(), CType::Record(record.clone()));
            let members = p.members(&record, is_class);
            p.leave();
            p.finish_class(&record, &bases, members?, 0);
            // Its static constants and member typedefs.
            let prefix = format!("{id}::");
            let constants: Vec<_> = p
                .cxx
                .constants
                .iter()
                .filter(|(k, _)| k.starts_with(&prefix))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            let typedefs: Vec<_> = p
                .typedefs
                .iter()
                .filter(|(k, _)| k.starts_with(&prefix))
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            Ok((constants, typedefs))
        });
        let parsed = parsed.map(|(constants, typedefs)| {
            self.cxx.constants.extend(constants);
            self.typedefs.extend(typedefs);
        });
        if self.pattern {
            // An instance for a template's own signature (`Pair<T>` with T
            // a placeholder): its type is all that is needed; what its
            // members say about placeholders is not an error.
            self.diags.truncate(ndiags);
            self.cxx.methods.truncate(nmethods);
            if record.layout().is_none() {
                *record.layout.borrow_mut() = Some(Rc::new(Layout::of_class(
                    &[],
                    Vec::new(),
                    is_union,
                    0,
                    true,
                )));
            }
            return Ok(ty);
        }
        let methods: Vec<FunctionDef> = self.cxx.methods.drain(nmethods..).collect();
        self.templates.lazy_methods.extend(methods);
        parsed?;
        Ok(ty)
    }
}

/// The scope of a class template's instance `id` (`N::Traits<float>`):
/// its namespaces, then the instance.
/// `ty` as the element of arrays of the sizes `dims` (outermost first).
fn wrap_dims(mut ty: CType, dims: Vec<u64>) -> CType {
    for n in dims.into_iter().rev() {
        ty = CType::Array(Box::new(ty), n);
    }
    ty
}

fn instance_scope(template: &str, id: &str) -> Vec<String> {
    match template.rsplit_once("::") {
        Some((outer, _)) => outer
            .split("::")
            .map(str::to_string)
            .chain(std::iter::once(id[outer.len() + 2..].to_string()))
            .collect(),
        None => vec![id.to_string()],
    }
}

/// Every member name a struct makes visible (those of anonymous members too).
fn member_names(l: &Layout) -> Vec<String> {
    let mut out = Vec::new();
    for f in l.fields.iter().filter(|f| !f.base) {
        if !f.name.is_empty() {
            out.push(f.name.clone());
        } else if let CType::Record(r) = &f.ty {
            if let Some(inner) = r.layout() {
                out.extend(member_names(&inner));
            }
        }
    }
    out
}

/// `typedef struct { … } S;`: an unnamed struct (or enum) takes the typedef's
/// name for linkage, so it mangles and prints as `S`.
fn name_unnamed(t: &CType, name: &str) {
    match t {
        CType::Record(r) if r.name.borrow().is_empty() => *r.name.borrow_mut() = name.to_string(),
        CType::Enum(e) if e.name.borrow().is_empty() => *e.name.borrow_mut() = name.to_string(),
        _ => {}
    }
}

fn is_label(s: &Stmt) -> bool {
    matches!(
        s.kind,
        StmtKind::Case(_) | StmtKind::Default | StmtKind::Label(_)
    )
}

fn is_keyword(w: &str) -> bool {
    TYPE_WORDS.contains(&w)
        || QUALIFIERS.contains(&w)
        || matches!(
            w,
            "if" | "else"
                | "for"
                | "while"
                | "do"
                | "return"
                | "break"
                | "continue"
                | "switch"
                | "case"
                | "default"
                | "goto"
                | "sizeof"
                | "typedef"
                | "struct"
                | "union"
                | "enum"
                | "static"
                | "extern"
        )
}

fn type_from_words(words: &[String]) -> Option<CType> {
    let count = |w: &str| words.iter().filter(|x| *x == w).count();
    let (signed, unsigned) = (count("signed"), count("unsigned"));
    let longs = count("long");
    if signed + unsigned > 1 {
        return None;
    }
    let base: Vec<&str> = words
        .iter()
        .map(|s| s.as_str())
        .filter(|w| !matches!(*w, "signed" | "unsigned" | "long"))
        .collect();
    let ty = match (base.as_slice(), longs) {
        (["void"], 0) => CType::Void,
        (["bool"] | ["_Bool"], 0) => CType::Bool,
        (["float"], 0) => CType::Float,
        (["double"], 0 | 1) => CType::Double,
        (["char"], 0) => CType::Int(if unsigned > 0 {
            IntKind::UChar
        } else if signed > 0 {
            IntKind::SChar
        } else {
            IntKind::Char
        }),
        (["short"] | ["short", "int"] | ["int", "short"], 0) => CType::Int(IntKind::Short),
        ([] | ["int"], 0) => CType::Int(IntKind::Int),
        ([] | ["int"], 1) => CType::Int(IntKind::Long),
        ([] | ["int"], 2) => CType::Int(IntKind::LongLong),
        _ => return None,
    };
    Some(match ty {
        CType::Int(k) if unsigned > 0 => CType::Int(k.to_unsigned()),
        CType::Int(_) | CType::Void | CType::Bool | CType::Float | CType::Double
            if unsigned + signed > 0 && !matches!(ty, CType::Int(_)) =>
        {
            return None
        }
        t => t,
    })
}
