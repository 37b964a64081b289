//! The prelude every file starts with — the predefined macros, the command
//! line's `-D`s and the implicit `cuda_runtime.h` (with `math.h`,
//! `stdint.h`, `stddef.h`), about 600 tokens — preprocessed and parsed once
//! per option set and kept, so a compile goes on from a copy of the state
//! after it instead of reading it again (it was most of a small kernel's
//! frontend time: ~350 µs of saxpy's ~450).
//!
//! Architecture Invariant: a compile from the kept state gives exactly what
//! a compile from scratch gives (`tests` below compare both on the corpus).
//! What a copy shares with the kept state: the struct types (`Rc<Record>`,
//! whose identity is their meaning). A file may complete one the prelude
//! only declared (`struct CUstream_st { … };`), which changes the shared
//! record; then the kept state is dropped after that compile (`finish`).
//! With include directories (`-I`) nothing is kept: a directory may hold a
//! `math.h` of its own that the prelude would include.
//!
//! The same for the built-in headers a file includes first: the file's
//! leading directive lines (`#include <vector>`, `#define`s, whole `#if`
//! groups; `preprocess::prefix_end`) are preprocessed and parsed on their
//! own, after the prelude, and the states after them kept by the exact
//! tokens of those lines (with their places), the file's name and the
//! prelude's options. Every macro a header may test is either the
//! prelude's or written in those lines, so the same lines mean the same
//! declarations. Lines that give a diagnostic keep nothing.

use super::ast::Record;
use super::lex::Token;
use super::parse::{self, ParseState};
use super::preprocess::{self, PpState};
use crate::diag::Diagnostic;
use crate::options::{Define, Options};
use crate::target::Target;
use crate::FileProvider;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// The prelude states kept (one per option set in use; a page or a test
/// compiles with a few).
const KEPT: usize = 4;

/// What selects a prelude.
#[derive(Clone, PartialEq)]
struct Key {
    cuda_arch: u32,
    defines: Vec<Define>,
    relaxed_constexpr: bool,
}

/// What selects a kept state of a file's leading lines: the prelude's key,
/// the file's name, and the lines' tokens with their places.
#[derive(Clone, PartialEq)]
struct HeadersKey {
    prelude: Key,
    file: String,
    lines: String,
}

/// A record's mutable parts, to see whether a compile changed it.
#[derive(PartialEq)]
struct RecordMark {
    layout: Option<*const super::ast::Layout>,
    name: String,
    defined_at: u32,
    template: bool,
    member_inits: usize,
    unsupported: bool,
    non_pod: bool,
    dependent: bool,
    enclosing: Option<*const Record>,
}

impl RecordMark {
    fn of(r: &Record) -> RecordMark {
        RecordMark {
            layout: r.layout.borrow().as_ref().map(Rc::as_ptr),
            name: r.name.borrow().clone(),
            defined_at: r.defined_at.get(),
            template: r.template.borrow().is_some(),
            member_inits: r.member_inits.borrow().len(),
            unsupported: r.unsupported.borrow().is_some(),
            non_pod: r.non_pod.get(),
            dependent: r.dependent.borrow().is_some(),
            enclosing: r.enclosing.borrow().as_ref().map(Rc::as_ptr),
        }
    }
}

struct Kept {
    pp: PpState,
    parse: ParseState,
    /// The prelude's diagnostics (a file's leading lines that give any
    /// are not kept).
    diags: Vec<Diagnostic>,
    records: Vec<(Rc<Record>, RecordMark)>,
}

impl Kept {
    fn new(pp: PpState, parse: ParseState, diags: Vec<Diagnostic>) -> Kept {
        let records = parse
            .records()
            .into_iter()
            .map(|r| {
                let mark = RecordMark::of(&r);
                (r, mark)
            })
            .collect();
        Kept {
            pp,
            parse,
            diags,
            records,
        }
    }

    fn changed(&self) -> bool {
        self.records.iter().any(|(r, m)| RecordMark::of(r) != *m)
    }
}

thread_local! {
    static KEPT_STATES: RefCell<Vec<(Key, Rc<Kept>)>> = const { RefCell::new(Vec::new()) };
    /// The states after files' leading lines (they share the prelude's
    /// records: a change to one drops them all).
    static KEPT_HEADERS: RefCell<Vec<(HeadersKey, Rc<Kept>)>> = const { RefCell::new(Vec::new()) };
    static REUSED: Cell<usize> = const { Cell::new(0) };
    /// Whether compiles keep and reuse a prelude state ([`set_keeping`]).
    static KEEPING: Cell<bool> = const { Cell::new(true) };
    /// Whether compiles keep the state after a file's leading lines
    /// ([`set_keeping_headers`]).
    static KEEPING_HEADERS: Cell<bool> = const { Cell::new(true) };
}

/// Whether this thread's compiles keep the prelude state and go on from it
/// (on by default). Off, every compile reads the prelude itself and keeps
/// nothing: the compile from scratch that the kept state must equal (tests).
pub fn set_keeping(on: bool) {
    KEEPING.with(|k| k.set(on));
}

/// Whether this thread's compiles keep the state after a file's leading
/// lines (on by default). A process that compiles one file (the CLI) turns
/// it off: nothing could reuse that state, and keeping it costs a copy of
/// it and the mangling of every function it declares. The prelude's state
/// is still kept: libdevice's functions, compiled at link, start from it.
pub fn set_keeping_headers(on: bool) {
    KEEPING_HEADERS.with(|k| k.set(on));
}

/// The states a file starts from, and where they came from.
pub struct Start {
    pub pp: PpState,
    pub parse: ParseState,
    pub from: From,
}

/// The kept state a compile went on from, if any.
pub struct From(Option<Rc<Kept>>);

/// The states after the prelude for these options: a copy of the kept ones,
/// or made now (and kept). The prelude's diagnostics (a `-D` that breaks
/// it) go to `diags` either way.
pub fn start(
    files: &dyn FileProvider,
    opts: &Options,
    target: &Target,
    diags: &mut Vec<Diagnostic>,
) -> Start {
    if !opts.include_dirs.is_empty() || !KEEPING.with(Cell::get) {
        let (pp, parse) = make(files, opts, target, diags);
        return Start {
            pp,
            parse,
            from: From(None),
        };
    }
    let key = prelude_key(opts, target);
    let found = KEPT_STATES.with(|k| {
        k.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, kept)| kept.clone())
    });
    let kept = found.unwrap_or_else(|| {
        let mut own = Vec::new();
        let (pp, mut parse) = make(files, opts, target, &mut own);
        parse.keep_symbols();
        let kept = Rc::new(Kept::new(pp, parse, own));
        KEPT_STATES.with(|k| {
            let mut k = k.borrow_mut();
            if k.len() >= KEPT {
                k.remove(0);
            }
            k.push((key.clone(), kept.clone()));
        });
        kept
    });
    diags.extend(kept.diags.iter().cloned());
    Start {
        pp: kept.pp.clone(),
        parse: kept.parse.fork(),
        from: From(Some(kept)),
    }
}

fn prelude_key(opts: &Options, target: &Target) -> Key {
    Key {
        cuda_arch: target.cuda_arch(),
        defines: opts.defines.clone(),
        relaxed_constexpr: opts.expt_relaxed_constexpr,
    }
}

/// The states a file starts from after the prelude and its leading lines
/// `lines` (its first tokens, up to `preprocess::prefix_end`): a copy of
/// the kept ones, or made now (and kept when they gave no diagnostic).
/// The diagnostics go to `diags` in a compile's order: the prelude's, the
/// file's lexer's (`lexed`), the lines' preprocessor's, then their
/// parser's. Also returns the host-only headers the lines did not find.
pub fn start_file(
    files: &dyn FileProvider,
    opts: &Options,
    target: &Target,
    name: &str,
    lines: &[Token],
    lexed: Vec<Diagnostic>,
    diags: &mut Vec<Diagnostic>,
) -> (Start, Vec<String>) {
    let keeping =
        opts.include_dirs.is_empty() && KEEPING.with(Cell::get) && KEEPING_HEADERS.with(Cell::get);
    let key = (keeping && !lines.is_empty()).then(|| HeadersKey {
        prelude: prelude_key(opts, target),
        file: name.to_string(),
        lines: lines.iter().fold(String::new(), |mut s, t| {
            use std::fmt::Write;
            let _ = write!(
                s,
                "{}:{}:{}:{:?}:{}\u{0}",
                t.loc.line, t.loc.column, t.space_before, t.kind, t.text
            );
            s
        }),
    });
    let found = key.as_ref().and_then(|key| {
        KEPT_HEADERS.with(|k| {
            k.borrow()
                .iter()
                .find(|(k, _)| k == key)
                .map(|(_, kept)| kept.clone())
        })
    });
    if let Some(kept) = found {
        REUSED.with(|r| r.set(r.get() + 1));
        diags.extend(kept.diags.iter().cloned());
        diags.extend(lexed);
        let start = Start {
            pp: kept.pp.clone(),
            parse: kept.parse.fork(),
            from: From(Some(kept)),
        };
        return (start, Vec::new());
    }
    let mut own = Vec::new();
    let start = start(files, opts, target, &mut own);
    diags.extend(own.iter().cloned());
    diags.extend(lexed);
    if lines.is_empty() {
        return (start, Vec::new());
    }
    let mut made = Vec::new();
    let (pp, tokens) = preprocess::preprocess_part(start.pp, name, lines, files, opts, &mut made);
    let missing = tokens.missing_host_headers;
    let parse = parse::parse_with_missing(start.parse, &tokens.tokens, &missing, &mut made);
    // The lines may complete a record of the kept prelude: then it is
    // dropped after this compile, and nothing is kept.
    let keep = made.is_empty() && missing.is_empty() && !start.from.changed();
    diags.extend(made);
    let Some(key) = key.filter(|_| keep) else {
        let start = Start {
            pp,
            parse,
            from: start.from,
        };
        return (start, missing);
    };
    let mut parse = parse;
    parse.keep_symbols();
    let kept = Rc::new(Kept::new(pp, parse, own));
    KEPT_HEADERS.with(|k| {
        let mut k = k.borrow_mut();
        if k.len() >= KEPT {
            k.remove(0);
        }
        k.push((key, kept.clone()));
    });
    let start = Start {
        pp: kept.pp.clone(),
        parse: kept.parse.fork(),
        from: From(Some(kept)),
    };
    (start, Vec::new())
}

impl From {
    fn changed(&self) -> bool {
        self.0.as_ref().is_some_and(|kept| kept.changed())
    }

    /// After the compile: drops the kept states if the file changed one of
    /// their records (see the module's invariant): all of them, as the
    /// states of leading lines share the prelude's records.
    pub fn finish(self) {
        if self.changed() {
            KEPT_STATES.with(|k| k.borrow_mut().clear());
            KEPT_HEADERS.with(|k| k.borrow_mut().clear());
        }
    }
}

fn make(
    files: &dyn FileProvider,
    opts: &Options,
    target: &Target,
    diags: &mut Vec<Diagnostic>,
) -> (PpState, ParseState) {
    let (pp, tokens) = preprocess::prelude(files, opts, target, diags);
    let mut parse = parse::parse_from(ParseState::new(opts), &tokens, diags);
    parse.mark_prelude();
    (pp, parse)
}

/// How many compiles went on from a kept state of their leading lines
/// since [`forget`] (tests: that the kept path was taken).
pub fn headers_reused() -> usize {
    REUSED.with(Cell::get)
}

/// Drops every kept state (the prelude's and files' leading lines'), and
/// the built-in headers' kept tokens (tests: a
/// compile from scratch).
pub fn forget() {
    KEPT_STATES.with(|k| k.borrow_mut().clear());
    KEPT_HEADERS.with(|k| k.borrow_mut().clear());
    REUSED.with(|r| r.set(0));
    preprocess::forget_lexed_headers();
}
