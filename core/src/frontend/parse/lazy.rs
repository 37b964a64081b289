//! Built-in headers' inline function bodies, parsed only when named: the
//! parser keeps such a body's tokens (`LazyBody`) and reads it once the
//! stream it came from is parsed, if the function's name appears anywhere
//! outside the kept bodies (a call, an address taken, a template's tokens)
//! or in a body read so. `cuda_runtime.h` alone brings ~300 cache-operator
//! functions (`__ldcs`, `__stwt`, … for every type) that a file seldom uses;
//! parsing them was a fifth of every compile that starts without a kept
//! prelude (a CLI run, a worker's first compile).
//!
//! Which bodies: a non-`constexpr` inline (`static`, `inline`,
//! `__forceinline__`) device or host-device function at namespace scope,
//! named by an identifier, not a template, whose tokens all come from our
//! built-in headers, with no `static` local and no lambda (both of which the
//! parser records as it reads). A body not read stays absent: the function
//! is a declaration, which nothing calls, so nothing is emitted for it — as
//! sema drops the prelude's inline functions nothing uses.
//!
//! Architecture Invariant: a compile gives what it gave with every body
//! parsed where it was written (the golden check, and `eager` for tests
//! that want every header body read).

use super::*;
use crate::collections::HashSet;
use std::cell::Cell;

thread_local! {
    static EAGER: Cell<bool> = const { Cell::new(false) };
}

/// Parse every body where it is written (tests: a built-in header's
/// bodies all parse). Set it before the prelude is made
/// (`prelude::forget`).
pub fn set_eager(eager: bool) {
    EAGER.with(|e| e.set(eager));
}

/// A function body kept as tokens.
#[derive(Clone)]
pub(crate) struct LazyBody {
    /// The function's index in the unit's functions.
    func: usize,
    /// Its name as written (what a use spells).
    name: Rc<str>,
    /// `{` … `}`.
    toks: Rc<[Token]>,
    /// The enclosing namespaces where it was written.
    ns: Vec<String>,
    host_device: bool,
    /// The parameters that hide a type or template of their name.
    local_names: Vec<String>,
}

/// What the stream being parsed holds of kept bodies: their token ranges
/// and how many kept functions it declares by each name (each declaration
/// spells the name once, which is no use).
#[derive(Default)]
pub(super) struct StreamLazy {
    skips: Vec<(usize, usize)>,
    declared: HashMap<Rc<str>, usize>,
    /// The last file seen and whether it is one of our headers.
    last_file: Option<(Rc<str>, bool)>,
}

impl StreamLazy {
    fn builtin_file(&mut self, file: &Rc<str>) -> bool {
        if let Some((f, b)) = &self.last_file {
            if Rc::ptr_eq(f, file) {
                return *b;
            }
        }
        let b = file
            .strip_prefix('<')
            .and_then(|f| f.strip_suffix('>'))
            .is_some_and(|f| crate::frontend::headers::builtin(f).is_some());
        self.last_file = Some((file.clone(), b));
        b
    }
}

impl<'a> Parser<'a> {
    /// At a function body's `{`: where the body ends, if it is kept as
    /// tokens instead of parsed now (see the module's doc).
    pub(super) fn lazy_body_end(
        &mut self,
        specs: &Specs,
        space: ExecSpace,
        name: &str,
    ) -> Option<usize> {
        if self.in_class
            || self.nesting > 0
            || self.pattern
            || !self.template_values.is_empty()
            || !self.bound.is_empty()
            || specs.constexpr
            || !specs.discardable()
            || space == ExecSpace::Host
            || space == ExecSpace::Global
            || !name.starts_with(|c: char| c == '_' || c.is_ascii_alphabetic())
            || !name.chars().all(|c| c == '_' || c.is_ascii_alphanumeric())
            || is_keyword(name)
            || name == "operator"
            || EAGER.with(Cell::get)
        {
            return None;
        }
        let toks = self.toks;
        let stream = self.lazy_stream.as_mut()?;
        let mut depth = 0usize;
        for (i, t) in toks.iter().enumerate().skip(self.pos) {
            if !stream.builtin_file(&t.loc.file) {
                return None;
            }
            if t.is("{") {
                depth += 1;
            } else if t.is("}") {
                depth = depth.checked_sub(1)?;
                if depth == 0 {
                    return Some(i + 1);
                }
            } else if t.is("static") || t.is("template") {
                return None;
            } else if t.is("[") {
                // A lambda's introducer (an index follows a name, `)` or `]`).
                let prev = &toks[i - 1];
                if !(prev.kind == TokKind::Ident && !is_keyword(&prev.text)
                    || prev.is(")")
                    || prev.is("]"))
                {
                    return None;
                }
            }
        }
        None
    }

    /// Keeps the body from here to `end` of function `func` (just pushed),
    /// named `name` where written.
    pub(super) fn keep_body(&mut self, func: usize, name: &str, end: usize, host_device: bool) {
        let name: Rc<str> = name.into();
        if let Some(stream) = self.lazy_stream.as_mut() {
            stream.skips.push((self.pos, end));
            *stream.declared.entry(name.clone()).or_default() += 1;
        }
        self.lazy.push(LazyBody {
            func,
            name,
            toks: self.toks[self.pos..end].into(),
            ns: self.cxx.ns.clone(),
            host_device,
            local_names: self.local_names.clone(),
        });
        self.pos = end;
    }

    /// Forgets the kept bodies of functions from index `n` on (dropped by
    /// error recovery).
    pub(super) fn drop_kept_from(&mut self, n: usize) {
        self.lazy.retain(|l| l.func < n);
    }

    /// After the stream: reads the kept bodies whose functions are named
    /// in it (outside kept bodies) or in a body read so, in the order they
    /// were written.
    pub(super) fn read_named_bodies(&mut self, functions: &mut Vec<Rc<FunctionDef>>) {
        // (A function dropped by error recovery leaves its body.)
        self.lazy.retain(|l| {
            functions
                .get(l.func)
                .is_some_and(|f| f.body.is_none() && f.name.ends_with(&*l.name))
        });
        if self.lazy.is_empty() {
            return;
        }
        let stream = self.lazy_stream.take().unwrap_or_default();
        let names: HashSet<Rc<str>> = self.lazy.iter().map(|l| l.name.clone()).collect();
        let mut seen: HashMap<Rc<str>, usize> = HashMap::default();
        let (mut skips, mut i) = (stream.skips.iter().peekable(), 0);
        while i < self.toks.len() {
            if let Some(&&(start, end)) = skips.peek() {
                if i >= start {
                    i = i.max(end);
                    skips.next();
                    continue;
                }
            }
            let t = &self.toks[i];
            if t.kind == TokKind::Ident {
                if let Some(n) = names.get(&*t.text) {
                    *seen.entry(n.clone()).or_default() += 1;
                }
            }
            i += 1;
        }
        let mut named: HashSet<Rc<str>> = seen
            .into_iter()
            .filter(|(n, k)| *k > stream.declared.get(n).copied().unwrap_or(0))
            .map(|(n, _)| n)
            .collect();
        while let Some(k) = self.lazy.iter().position(|l| named.contains(&l.name)) {
            let lazy = self.lazy.remove(k);
            for t in lazy.toks.iter() {
                if t.kind == TokKind::Ident {
                    if let Some(n) = names.get(&*t.text) {
                        named.insert(n.clone());
                    }
                }
            }
            let body = self.read_body(&lazy);
            Rc::make_mut(&mut functions[lazy.func]).body = body;
            functions.extend(self.cxx.methods.drain(..).map(Rc::new));
        }
    }

    /// Parses one kept body as where it was written.
    fn read_body(&mut self, lazy: &LazyBody) -> Option<Stmt> {
        let toks: &[Token] = &lazy.toks;
        let mut p = Parser {
            toks,
            pos: 0,
            diags: &mut *self.diags,
            typedefs: std::mem::take(&mut self.typedefs),
            tags: std::mem::take(&mut self.tags),
            enumerators: std::mem::take(&mut self.enumerators),
            depth: 0,
            eof_span: toks.last().map(|t| t.span()).unwrap_or_default(),
            pending_unroll: None,
            globals: std::mem::take(&mut self.globals),
            cxx: std::mem::take(&mut self.cxx),
            templates: std::mem::take(&mut self.templates),
            template_values: std::mem::take(&mut self.template_values),
            no_gt: false,
            half_gt: false,
            nesting: 0,
            pattern: false,
            placeholders: Vec::new(),
            in_class: false,
            host_declarator: false,
            host_device_body: lazy.host_device,
            rvalue_as_value: false,
            missing_host: None,
            noted_missing: true,
            bound: Vec::new(),
            local_names: lazy.local_names.clone(),
            lazy: Vec::new(),
            lazy_stream: None,
            scan_class: None,
        };
        let ns = std::mem::replace(&mut p.cxx.ns, lazy.ns.clone());
        let constants = p.cxx.constants.clone();
        let body = p.compound();
        p.cxx.constants = constants;
        p.cxx.ns = ns;
        self.typedefs = p.typedefs;
        self.tags = p.tags;
        self.enumerators = p.enumerators;
        self.globals = p.globals;
        self.cxx = p.cxx;
        self.templates = p.templates;
        self.template_values = p.template_values;
        body.ok()
    }
}
