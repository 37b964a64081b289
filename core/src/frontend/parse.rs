//! The parser: preprocessed tokens → syntax tree.
//!
//! Recursive descent for declarations and statements, precedence climbing for
//! expressions. Errors are reported and the parser resynchronizes at the next
//! `;` or `}`, so one mistake does not hide the rest of the file.
//!
//! Architecture Invariant: never panics and never recurses without bound:
//! nesting deeper than `MAX_DEPTH` is an error.
//!
//! This file holds the parser's state (`ParseState` between top-level
//! declarations, `Parser` while parsing), the token primitives and error
//! recovery. `Parser`'s methods are spread over the submodules by what
//! they read: `decl` (the top level, specifiers, declarations), `types`
//! (declarators, parameters, type names), `records` (struct, union, class
//! and enum bodies), `members` (member functions, constructors, friends,
//! out-of-class definitions), `stmt`, `expr`, `cxx` (qualified names,
//! namespaces, `using`, `constexpr` values), `templates` (template
//! declarations), `instantiate` (template instances, and sema's calls back
//! into the parser), `host` (host code skipped, kernel launches found).

use super::ast::*;
use super::layout::Member;
use super::lex::{TokKind, Token};
use super::literals::{
    parse_char_literal, parse_float_literal, parse_int_literal, string_body, unescape,
};
use super::scope::{CxxScope, Scope};
use super::template::{
    tt_marked, tt_marker, tt_pattern_name, ParamKind, Partial, Request, TemplateDef, TemplateKind,
    TemplateParam, Templates, VarInstance, MAX_NESTING, MAX_PATTERN_INSTANCES, PATTERN_VALUE,
};
use crate::collections::{HashMap, SharedMap};
use crate::diag::{Diagnostic, Span};
use std::rc::Rc;

mod cxx;
mod decl;
mod expr;
mod host;
mod instantiate;
mod lambda;
mod lazy;
mod members;
mod out_of_class;
mod records;
mod sfinae;
mod stmt;
mod templates;
mod types;

use decl::{name_unnamed, type_from_words};
pub(crate) use lambda::rehome_lambdas;
pub use lazy::set_eager;

// Sema's calls back into the parser for the function template instances it
// decides on (see `instantiate`).
pub use instantiate::{
    complete_template_args, host_instance, instance_signature, instantiate_function,
};

const MAX_DEPTH: usize = 256;

/// What the parser knows between top-level declarations: the names
/// declared so far and what was parsed. The prelude's state is made once
/// per option set and each compile goes on from a copy
/// (`frontend::prelude`).
#[derive(Clone)]
pub struct ParseState {
    typedefs: SharedMap<String, CType>,
    tags: SharedMap<String, CType>,
    enumerators: SharedMap<String, (i64, CType)>,
    globals: Vec<GlobalVar>,
    cxx: CxxScope,
    templates: Templates,
    template_values: HashMap<String, (i64, CType)>,
    functions: Vec<Rc<FunctionDef>>,
    vector_types: HashMap<String, CType>,
    /// How many of `functions` the prelude parsed (`frontend::prelude`).
    prelude_functions: usize,
    /// Built-in headers' function bodies not read yet (`lazy`).
    lazy: Vec<lazy::LazyBody>,
    kept_symbols: super::ast::KeptSymbols,
}

impl ParseState {
    /// Nothing declared but CUDA's vector types.
    pub fn new(opts: &crate::options::Options) -> ParseState {
        let vector_types: HashMap<String, CType> =
            super::vectors::vector_types().into_iter().collect();
        let vector_names: SharedMap<String, CType> = vector_types.clone().into_iter().collect();
        ParseState {
            typedefs: vector_names.clone(),
            tags: vector_names,
            enumerators: SharedMap::default(),
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
            lazy: Vec::new(),
            kept_symbols: Default::default(),
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

    /// Marks the functions parsed so far as a kept state's: their symbols
    /// are mangled once for every compile going on from it.
    pub fn keep_symbols(&mut self) {
        self.kept_symbols = super::ast::KeptSymbols {
            count: self.functions.len(),
            memo: Rc::default(),
        };
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
            kept_symbols: self.kept_symbols,
        }
    }
}

/// Parses `tokens` going on from `state`; the state after them.
pub fn parse_from(state: ParseState, tokens: &[Token], diags: &mut Vec<Diagnostic>) -> ParseState {
    parse_with_missing(state, tokens, &[], diags)
}

/// [`parse_from`], where the host-only library headers `missing` were not
/// found: a namespace-scope host declaration that does not parse is then
/// skipped with a note naming the first of them (`host_declaration_end`).
pub fn parse_with_missing(
    state: ParseState,
    tokens: &[Token],
    missing: &[String],
    diags: &mut Vec<Diagnostic>,
) -> ParseState {
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
        lazy,
        kept_symbols,
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
        placeholders: Vec::new(),
        in_class: false,
        host_declarator: false,
        host_device_body: false,
        rvalue_as_value: false,
        missing_host: missing.first().cloned(),
        noted_missing: false,
        bound: Vec::new(),
        local_names: Vec::new(),
        lazy,
        lazy_stream: Some(lazy::StreamLazy::default()),
        scan_class: None,
    };
    while !p.at_eof() {
        let before = p.pos;
        p.local_names.clear();
        if let Err(Stop) = p.top_level(&mut functions, false) {
            p.recover_top_level();
        }
        functions.extend(p.cxx.methods.drain(..).map(Rc::new));
        if p.pos == before {
            p.pos += 1;
        }
    }
    p.read_named_bodies(&mut functions);
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
        lazy: p.lazy,
        kept_symbols,
    }
}

/// An error was reported; unwind to a recovery point.
struct Stop;
type PResult<T> = Result<T, Stop>;

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    diags: &'a mut Vec<Diagnostic>,
    typedefs: SharedMap<String, CType>,
    /// Struct, union and enum tags (`struct S`); in C++ each is a type name too.
    tags: SharedMap<String, CType>,
    /// Enumerators: value and enumeration type.
    enumerators: SharedMap<String, (i64, CType)>,
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
    /// While `pattern`: the type parameters' placeholder types.
    placeholders: Vec<Rc<Record>>,
    /// Parsing a class body (its member functions are inline).
    in_class: bool,
    /// The declarator being read declares host code only (a host
    /// function, its parameters, a member of the host): `T &&` is accepted
    /// there (as a reference: host code is not compiled).
    host_declarator: bool,
    /// Parsing a `__host__ __device__` function's body: its `constexpr`
    /// variables' initializers are folded here (a constexpr host call in
    /// them is nvcc's warning, not its error).
    host_device_body: bool,
    /// Reading a function template's instance: `A &&` (its `T &&` with
    /// `T = A`) is taken as a value (see `Parser::rvalue_reference`).
    rvalue_as_value: bool,
    /// The first host-only header not found, if any (`parse_with_missing`).
    missing_host: Option<String>,
    /// The note about it was written.
    noted_missing: bool,
    /// The template parameters bound while reading an instance (what a
    /// member template declared in it keeps: `MemberOf::outer`).
    bound: Vec<(String, TemplateArg)>,
    /// The local variables declared in the blocks being read: such a name
    /// hides a type or template of that name (`double max = 0; if (max <
    /// t)` compares; `int dir; dir[i] = …` indexes).
    local_names: Vec<String>,
    /// Built-in headers' function bodies kept as tokens (`lazy`).
    lazy: Vec<lazy::LazyBody>,
    /// The kept bodies of the stream being parsed; `None` in a parser of
    /// other tokens (an instance's), which keeps none.
    lazy_stream: Option<lazy::StreamLazy>,
    /// The class instance whose host members the launch scan reads: the
    /// types of its data members, which those bodies name (`alloc_`).
    scan_class: Option<CType>,
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

impl Specs {
    /// Whether a function declared so is C++'s inline kind (emitted only
    /// where called).
    fn discardable(&self) -> bool {
        self.is_static || self.inline_kw || self.constexpr || self.inline == InlineHint::Always
    }
}

struct Declarator {
    name: Option<String>,
    span: Span,
    ty: CType,
    restrict: bool,
    /// `volatile` on the declared object itself (`volatile int x`,
    /// `int *volatile p`; an array's elements).
    volatile: bool,
    /// Present when the declarator declares a function.
    func: Option<(Vec<Param>, bool)>,
    /// A member function's `const` after its parameters.
    konst_fn: bool,
    /// `override` or `final` after a function's parameters (a virtual one).
    overrides: bool,
    /// Specifiers written after the type's `*`/`&`, before the name
    /// (`const T & __device__ __host__ max(…)`), as nvcc accepts.
    late: LateSpecs,
}

/// Execution-space and inline specifiers between a declarator's pointer
/// operators and its name.
#[derive(Default, Clone, Copy)]
struct LateSpecs {
    device: bool,
    host: bool,
    inline_kw: bool,
    inline: Option<InlineHint>,
}

impl Specs {
    /// These specifiers with those a declarator found after its type.
    fn with_late(&self, late: LateSpecs) -> Specs {
        let mut s = self.clone();
        s.device |= late.device;
        s.host |= late.host;
        s.inline_kw |= late.inline_kw;
        if let Some(h) = late.inline {
            s.inline = h;
        }
        s
    }
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
    "__const__",
    "__const",
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
    // Thread storage of a host variable (diamond's `static __thread T *p`):
    // host code, which the device compilation leaves out.
    "thread_local",
    "__thread",
    // A kernel parameter read in place, never written (`__grid_constant__
    // const param_t p`): the parameter is `const` already.
    "__grid_constant__",
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
                        .is_some_and(|(d, _)| self.templates.defs[d].is_class())
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
                            | "__typeof__"
                            | "__ptxlab_common_type"
                            | "__typeof"
                            | "typeof"
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
                    .is_some_and(|(d, _)| self.templates.defs[d].is_class())))
    }

    // ----- declarations -----

    // ----- statements -----

    // ----- expressions -----
}

// ----- templates -----

impl<'a> Parser<'a> {}

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
