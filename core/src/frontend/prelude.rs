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

use super::ast::Record;
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
        }
    }
}

struct Kept {
    pp: PpState,
    parse: ParseState,
    diags: Vec<Diagnostic>,
    records: Vec<(Rc<Record>, RecordMark)>,
}

thread_local! {
    static KEPT_STATES: RefCell<Vec<(Key, Rc<Kept>)>> = const { RefCell::new(Vec::new()) };
    /// Whether compiles keep and reuse a prelude state ([`set_keeping`]).
    static KEEPING: Cell<bool> = const { Cell::new(true) };
}

/// Whether this thread's compiles keep the prelude state and go on from it
/// (on by default). Off, every compile reads the prelude itself and keeps
/// nothing: the compile from scratch that the kept state must equal (tests).
pub fn set_keeping(on: bool) {
    KEEPING.with(|k| k.set(on));
}

/// The states a file starts from, and where they came from.
pub struct Start {
    pub pp: PpState,
    pub parse: ParseState,
    pub from: From,
}

/// The kept state a compile went on from, if any.
pub struct From(Option<(Key, Rc<Kept>)>);

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
    let key = Key {
        cuda_arch: target.cuda_arch(),
        defines: opts.defines.clone(),
        relaxed_constexpr: opts.expt_relaxed_constexpr,
    };
    let found = KEPT_STATES.with(|k| {
        k.borrow()
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, kept)| kept.clone())
    });
    let kept = found.unwrap_or_else(|| {
        let mut own = Vec::new();
        let (pp, parse) = make(files, opts, target, &mut own);
        let records = parse
            .records()
            .into_iter()
            .map(|r| {
                let mark = RecordMark::of(&r);
                (r, mark)
            })
            .collect();
        let kept = Rc::new(Kept {
            pp,
            parse,
            diags: own,
            records,
        });
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
        from: From(Some((key, kept))),
    }
}

impl From {
    /// After the compile: drops the kept state if the file changed one of
    /// its records (see the module's invariant).
    pub fn finish(self) {
        let Some((key, kept)) = self.0 else {
            return;
        };
        if kept.records.iter().any(|(r, m)| RecordMark::of(r) != *m) {
            KEPT_STATES.with(|k| k.borrow_mut().retain(|(k, _)| *k != key));
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

/// Drops every kept state, and the built-in headers' kept tokens (tests: a
/// compile from scratch).
pub fn forget() {
    KEPT_STATES.with(|k| k.borrow_mut().clear());
    preprocess::forget_lexed_headers();
}
