//! The preprocessor: directives, macro expansion and `#include` over a
//! virtual file system (the user's files through [`FileProvider`], then the
//! built-in headers).
//!
//! Macro expansion follows the hide-set algorithm (Prosser's, as chibicc
//! writes it): a token produced by expanding `M` carries `M` in its hide set
//! and is never expanded as `M` again, so recursive macros terminate.
//!
//! Architecture Invariant: terminates on every input; include depth and the
//! number of expansions are bounded and reported when exceeded.

use super::headers;
use super::lex::{lex, Loc, TokKind, Token};
use crate::collections::{HashMap, HashSet};
use crate::diag::Diagnostic;
use crate::options::Options;
use crate::target::Target;
use crate::FileProvider;
use std::rc::Rc;

const MAX_INCLUDE_DEPTH: usize = 200;
const MAX_EXPANSIONS: usize = 1_000_000;
/// The most tokens the expansion of one chunk of text (the lines between
/// two directives) may hold, with what is left to rescan (the largest real
/// files, whole, are a few hundred thousand tokens).
const MAX_TOKENS: usize = 2_000_000;
/// The most tokens one macro invocation may be replaced by, before
/// rescanning. The largest in HeCBench is 9,000; a macro that multiplies its
/// argument eight times over (`#define A(x) x x x x x x x x` nested) meets
/// it a few levels in, having made about a hundred thousand tokens (a few
/// MB) in milliseconds.
pub const MAX_EXPANSION: usize = 65_536;
/// Macro arguments are expanded recursively; this bounds the nesting of invocations.
const MAX_ARG_NESTING: usize = 200;
/// The expansion work of one file (with its includes): the tokens that
/// macro replacement produces, counted as they are made, including the
/// copies of expanded arguments and the tokens rescanned. A macro that
/// multiplies its argument (`#define A(x) x x x x x x x x` nested four
/// deep) meets it in a few milliseconds, long before its output fills the
/// memory. The largest real files produce a tenth of it (HeCBench's
/// bm3d, 430,000).
pub const MAX_EXPANSION_WORK: usize = 4_000_000;

#[derive(Clone, Debug)]
struct Macro {
    /// `None` for object-like macros.
    params: Option<Vec<Rc<str>>>,
    variadic: bool,
    body: Vec<Token>,
    /// Defined by the program (its files, `-D`), not by our headers.
    user: bool,
}

/// A token on its way through expansion, with the macros it must not expand.
#[derive(Clone, Debug)]
struct PTok {
    tok: Token,
    hide: Rc<Vec<Rc<str>>>,
}

/// The result: the tokens the parser reads (no newlines, except after a
/// `#pragma` line, which is passed through as `#pragma` … newline).
pub struct Preprocessed {
    pub tokens: Vec<Token>,
    /// Host-only library headers that were not found (a warning each):
    /// host declarations that fail to parse are skipped because of them.
    pub missing_host_headers: Vec<String>,
    /// The expansion work the file took (against [`MAX_EXPANSION_WORK`]).
    pub expansion_work: usize,
}

struct Cond {
    /// Some branch of this `#if` group was taken already.
    taken: bool,
    /// Lines are being kept in the current branch.
    active: bool,
    seen_else: bool,
    loc: Loc,
}

struct Pp<'a> {
    files: &'a dyn FileProvider,
    opts: &'a Options,
    state: PpState,
    diags: &'a mut Vec<Diagnostic>,
    out: Vec<Token>,
    depth: usize,
    arg_nesting: usize,
    /// Host-only headers not found ([`Preprocessed::missing_host_headers`]).
    missing_host: Vec<String>,
    /// Tokens produced by macro replacement so far ([`MAX_EXPANSION_WORK`]).
    produced: usize,
    /// A budget was exhausted: the rest of the file is not read and its
    /// tokens are dropped (the error said why).
    exhausted: bool,
    /// Reading one of our headers (or the predefined macros): the
    /// program's macros of unreserved names are not expanded in its text,
    /// as if it spelled its names as a library's reserved ones (`_Tp`), so
    /// a program's `#define T int` leaves `template <class T>` alone.
    in_builtin: bool,
}

/// What the preprocessor knows between files: the macros, the files that
/// said `#pragma once`, and the expansions made so far (against the limit).
#[derive(Clone, Default)]
pub struct PpState {
    macros: HashMap<Rc<str>, Macro>,
    pragma_once: HashSet<String>,
    expansions: usize,
}

/// What every file starts with, as nvcc: the predefined macros (nvcc's own
/// and, as its preprocessing is the host compiler's, x86-64 Linux's), the
/// command line's `-D`s, then `cuda_runtime.h`. The state after it and the
/// tokens it leaves (the runtime API's declarations).
pub fn prelude(
    files: &dyn FileProvider,
    opts: &Options,
    target: &Target,
    diags: &mut Vec<Diagnostic>,
) -> (PpState, Vec<Token>) {
    let mut pp = Pp::new(PpState::default(), files, opts, diags);
    let predefined = format!(
        "#define __CUDACC__ 1\n#define __NVCC__ 1\n#define __CUDA_ARCH__ {}\n\
         #define __CUDACC_VER_MAJOR__ 13\n#define __CUDACC_VER_MINOR__ 5\n#define __CUDACC_VER_BUILD__ 37\n\
         #define __cplusplus 201703L\n#define __STDC_VERSION__ 201112L\n#define __NVPTX__ 1\n#define __LP64__ 1\n\
         #define _LP64 1\n#define __linux__ 1\n#define __linux 1\n#define __unix__ 1\n#define __unix 1\n\
         #define __x86_64__ 1\n#define __x86_64 1\n#define __ELF__ 1\n#define __STDC__ 1\n#define __STDC_HOSTED__ 1\n\
         #define __CHAR_BIT__ 8\n#define __SIZEOF_INT__ 4\n#define __SIZEOF_LONG__ 8\n#define __SIZEOF_LONG_LONG__ 8\n\
         #define __SIZEOF_POINTER__ 8\n#define __SIZEOF_SIZE_T__ 8\n#define __ORDER_LITTLE_ENDIAN__ 1234\n\
         #define __ORDER_BIG_ENDIAN__ 4321\n#define __BYTE_ORDER__ __ORDER_LITTLE_ENDIAN__\n",
        target.cuda_arch()
    );
    pp.in_builtin = true;
    pp.run_file("<built-in>", &predefined);
    pp.in_builtin = false;
    let mut cmdline = String::new();
    for d in &opts.defines {
        cmdline.push_str(&format!(
            "#define {} {}\n",
            d.name,
            d.value.as_deref().unwrap_or("1")
        ));
    }
    pp.run_file("<command-line>", &cmdline);
    // nvcc includes cuda_runtime.h before every file.
    pp.in_builtin = true;
    pp.run_file("<cuda_runtime.h>", headers::CUDA_RUNTIME);
    pp.in_builtin = false;
    (pp.state, pp.out)
}

/// Preprocesses the file `main` (named `name`) after the prelude left `state`.
pub fn preprocess_from(
    state: PpState,
    name: &str,
    main: &str,
    files: &dyn FileProvider,
    opts: &Options,
    diags: &mut Vec<Diagnostic>,
) -> Preprocessed {
    let mut pp = Pp::new(state, files, opts, diags);
    pp.run_file(name, main);
    pp.finish().1
}

/// Preprocesses the main file's tokens `toks` (one part of them: see
/// [`prefix_end`]) going on from `state`; the tokens and the state after.
pub fn preprocess_part(
    state: PpState,
    name: &str,
    toks: &[Token],
    files: &dyn FileProvider,
    opts: &Options,
    diags: &mut Vec<Diagnostic>,
) -> (PpState, Preprocessed) {
    let mut pp = Pp::new(state, files, opts, diags);
    pp.run_tokens(name, toks);
    pp.finish()
}

/// Where the main file's leading directives end (an index into its
/// tokens, at a line's start): the lines from the top that are only
/// `#include`s of built-in headers (written `<name>` or `"name"`, none of
/// the user's files), `#define`, `#undef` and whole `#if` … `#endif`
/// groups of such lines. What they leave — macros, declarations — is the
/// same in every compile whose file starts with the same lines, so it is
/// kept (`frontend::prelude`); the file is preprocessed and parsed in two
/// parts, before and after this point, whether it is kept or not.
pub fn prefix_end(name: &str, toks: &[Token], files: &dyn FileProvider, opts: &Options) -> usize {
    let (mut i, mut depth, mut end) = (0, 0usize, 0);
    loop {
        while toks.get(i).is_some_and(|t| t.kind == TokKind::Newline) {
            i += 1;
        }
        if depth == 0 {
            end = i;
        }
        if i >= toks.len() || !is_directive_start(toks, i) {
            return end;
        }
        let line_end = toks[i..]
            .iter()
            .position(|t| t.kind == TokKind::Newline)
            .map_or(toks.len(), |p| i + p);
        let line = &toks[i + 1..line_end];
        let ok = match line.first().map(|t| &*t.text) {
            None => true,
            Some("if" | "ifdef" | "ifndef") => {
                depth += 1;
                true
            }
            Some("elif" | "else") => depth > 0,
            Some("endif") if depth > 0 => {
                depth -= 1;
                true
            }
            Some("define" | "undef") => true,
            Some("include") => include_operand(&line[1..]).is_some_and(|(path, angled)| {
                matches!(
                    locate(files, opts, &path, angled, name),
                    Some((_, Text::Builtin(_)))
                )
            }),
            _ => false,
        };
        if !ok || toks[i..line_end].iter().any(|t| t.unterminated) {
            return end;
        }
        i = line_end + 1;
    }
}

/// An `#include`'s operand written as a literal (`<a/b.h>` or `"b.h"`):
/// the path and whether it is angled.
fn include_operand(rest: &[Token]) -> Option<(String, bool)> {
    match rest.first() {
        Some(t) if t.kind == TokKind::Str => {
            Some((super::literals::string_body(&t.text).to_string(), false))
        }
        Some(t) if t.is("<") => {
            let end = rest.iter().position(|t| t.is(">"))?;
            Some((
                rest[1..end].iter().map(|t| &*t.text).collect::<String>(),
                true,
            ))
        }
        _ => None,
    }
}

/// A file an `#include` found: one of the user's, or a built-in header.
enum Text {
    User(String),
    Builtin(&'static str),
}

/// What `#include` of `path` in file `current` reads: a file of the user's
/// (beside `current` for `"…"`, then in the `-I` directories), else a
/// built-in header; its resolved name and text.
fn locate(
    files: &dyn FileProvider,
    opts: &Options,
    path: &str,
    angled: bool,
    current: &str,
) -> Option<(String, Text)> {
    let mut candidates = Vec::new();
    if !angled {
        match current.rfind('/') {
            Some(p) => candidates.push(format!("{}/{}", &current[..p], path)),
            None => candidates.push(path.to_string()),
        }
    }
    for dir in &opts.include_dirs {
        candidates.push(format!("{}/{}", dir.trim_end_matches('/'), path));
    }
    let found = candidates
        .into_iter()
        .find_map(|c| files.read(&c).map(|text| (c, Text::User(text))));
    found.or_else(|| headers::builtin(path).map(|text| (format!("<{path}>"), Text::Builtin(text))))
}

/// A built-in header's text and its tokens.
type Lexed = (&'static str, Rc<Vec<Token>>);

thread_local! {
    /// The built-in headers lexed so far, by name (`<vector>`).
    static LEXED: std::cell::RefCell<HashMap<String, Lexed>> =
        std::cell::RefCell::new(HashMap::default());
}

/// Drops the built-in headers' kept tokens (tests: a compile from scratch).
pub fn forget_lexed_headers() {
    LEXED.with(|l| l.borrow_mut().clear());
}

/// A name reserved to the implementation: `_` then a capital, or `__`.
fn reserved(name: &str) -> bool {
    let b = name.as_bytes();
    b.first() == Some(&b'_')
        && b.get(1)
            .is_some_and(|c| *c == b'_' || c.is_ascii_uppercase())
}

fn is_directive_start(toks: &[Token], i: usize) -> bool {
    toks[i].is("#") && (i == 0 || toks[i - 1].kind == TokKind::Newline)
}

impl<'a> Pp<'a> {
    fn new(
        state: PpState,
        files: &'a dyn FileProvider,
        opts: &'a Options,
        diags: &'a mut Vec<Diagnostic>,
    ) -> Pp<'a> {
        Pp {
            files,
            opts,
            state,
            diags,
            out: Vec::new(),
            depth: 0,
            arg_nesting: 0,
            missing_host: Vec::new(),
            in_builtin: false,
            produced: 0,
            exhausted: false,
        }
    }

    /// The state after the run and its output.
    fn finish(mut self) -> (PpState, Preprocessed) {
        if self.exhausted {
            // Half-expanded text would only add errors to the one that matters.
            self.out.clear();
        }
        let out = Preprocessed {
            tokens: self.out,
            missing_host_headers: self.missing_host,
            expansion_work: self.produced,
        };
        (self.state, out)
    }

    fn error(&mut self, tok: &Token, msg: impl Into<String>) {
        let d = Diagnostic::error(tok.span(), msg);
        // A limit met inside nested expansions is met again at each level
        // out: said once.
        if self
            .diags
            .last()
            .is_none_or(|l| l.span != d.span || l.message != d.message)
        {
            self.diags.push(d);
        }
    }

    /// Counts `n` tokens of expansion work against [`MAX_EXPANSION_WORK`];
    /// false (after the error) once it is spent.
    fn spend(&mut self, n: usize, at: &Token) -> bool {
        self.produced += n;
        if self.produced <= MAX_EXPANSION_WORK || self.exhausted {
            return !self.exhausted;
        }
        self.exhausted = true;
        let name = &at.text;
        self.error(
            at,
            format!(
                "macro expansion in this file exceeds the limit of \
                 {MAX_EXPANSION_WORK} tokens produced (at macro \"{name}\")"
            ),
        );
        false
    }

    fn run_file(&mut self, name: &str, text: &str) {
        let file: Rc<str> = name.into();
        let toks = lex(&file, text, self.diags);
        self.run_tokens(name, &toks);
    }

    /// A built-in header: its tokens are lexed once per thread and kept (a
    /// header such as `<vector>` or `cooperative_groups.h` is thousands).
    fn run_builtin(&mut self, name: &str, text: &'static str) {
        let kept = LEXED.with(|l| {
            l.borrow()
                .get(name)
                .filter(|(t, _)| std::ptr::eq(*t, text))
                .map(|(_, toks)| toks.clone())
        });
        let toks = kept.unwrap_or_else(|| {
            let file: Rc<str> = name.into();
            let mut diags = Vec::new();
            let toks = Rc::new(lex(&file, text, &mut diags));
            if diags.is_empty() {
                LEXED.with(|l| {
                    l.borrow_mut()
                        .insert(name.to_string(), (text, toks.clone()))
                });
            }
            self.diags.extend(diags);
            toks
        });
        let outer = std::mem::replace(&mut self.in_builtin, true);
        self.run_tokens(name, &toks);
        self.in_builtin = outer;
    }

    fn run_tokens(&mut self, name: &str, toks: &[Token]) {
        let mut conds: Vec<Cond> = Vec::new();
        let mut i = 0;
        let mut chunk: Vec<Token> = Vec::new();
        while i < toks.len() {
            if self.exhausted {
                return;
            }
            let active = conds.last().is_none_or(|c| c.active);
            if is_directive_start(toks, i) {
                if !chunk.is_empty() {
                    self.expand_chunk(std::mem::take(&mut chunk));
                }
                let end = toks[i..]
                    .iter()
                    .position(|t| t.kind == TokKind::Newline)
                    .map_or(toks.len(), |p| i + p);
                let line = &toks[i + 1..end];
                // gcc only warns of an unterminated quote in a skipped line
                // and in a diagnostic's text (`#error don't`).
                let text = line
                    .first()
                    .is_some_and(|t| t.is("error") || t.is("warning"));
                self.unterminated(line, active && !text);
                self.directive(&toks[i], line, &mut conds, active, name);
                i = end + 1;
                continue;
            }
            self.unterminated(&toks[i..i + 1], active);
            if active && toks[i].kind != TokKind::Newline {
                chunk.push(toks[i].clone());
            }
            i += 1;
        }
        if !chunk.is_empty() {
            self.expand_chunk(chunk);
        }
        for c in conds {
            self.diags.push(Diagnostic::error(
                c.loc.span(1),
                "unterminated #if: missing #endif",
            ));
        }
    }

    /// Reports the unterminated literals among `toks`: errors, or warnings.
    fn unterminated(&mut self, toks: &[Token], error: bool) {
        for t in toks.iter().filter(|t| t.unterminated) {
            let span = t.loc.span(1);
            self.diags.push(if error {
                Diagnostic::error(span, t.unterminated_message())
            } else {
                Diagnostic::warning(span, t.unterminated_message())
            });
        }
    }

    fn directive(
        &mut self,
        hash: &Token,
        line: &[Token],
        conds: &mut Vec<Cond>,
        active: bool,
        file: &str,
    ) {
        let Some(name_tok) = line.first() else { return };
        let name = &*name_tok.text;
        let rest = &line[1..];
        match name {
            "if" | "ifdef" | "ifndef" => {
                let value = if !active {
                    false
                } else if name == "if" {
                    self.eval_condition(name_tok, rest)
                } else {
                    match rest.first() {
                        Some(t) if t.kind == TokKind::Ident => {
                            self.state.macros.contains_key(&t.text) == (name == "ifdef")
                        }
                        _ => {
                            self.error(name_tok, format!("expected an identifier after #{name}"));
                            false
                        }
                    }
                };
                conds.push(Cond {
                    taken: value || !active,
                    active: value,
                    seen_else: false,
                    loc: hash.loc.clone(),
                });
            }
            "elif" | "else" => {
                let parent_active = conds.len() < 2 || conds[conds.len() - 2].active;
                let Some(top) = conds.last_mut() else {
                    self.error(name_tok, format!("#{name} without #if"));
                    return;
                };
                if top.seen_else {
                    let msg = format!("#{name} after #else");
                    self.error(name_tok, msg);
                    return;
                }
                if name == "else" {
                    top.seen_else = true;
                    top.active = !top.taken && parent_active;
                    top.taken = true;
                } else if top.taken {
                    top.active = false;
                } else {
                    let v = self.eval_condition(name_tok, rest);
                    let top = conds.last_mut().expect("checked above");
                    top.active = v;
                    top.taken = v;
                }
            }
            "endif" => {
                if conds.pop().is_none() {
                    self.error(name_tok, "#endif without #if");
                }
            }
            _ if !active => {}
            "define" => self.define(name_tok, rest),
            "undef" => {
                if let Some(t) = rest.first().filter(|t| t.kind == TokKind::Ident) {
                    self.state.macros.remove(&t.text);
                } else {
                    self.error(name_tok, "expected an identifier after #undef");
                }
            }
            "include" => self.include(name_tok, rest, file),
            "error" => {
                let msg = format!("#error directive: {}", directive_text(rest));
                self.error(name_tok, msg);
            }
            "warning" => {
                let msg = format!("#warning directive: {}", directive_text(rest));
                self.diags.push(Diagnostic::warning(name_tok.span(), msg));
            }
            "pragma" => {
                if rest.first().is_some_and(|t| t.is("once")) {
                    self.state.pragma_once.insert(file.to_string());
                } else {
                    // Passed through for the parser (`#pragma unroll N`).
                    let mut hash_tok = hash.clone();
                    hash_tok.text = "#pragma".into();
                    self.out.push(hash_tok);
                    self.out.extend(rest.iter().cloned());
                    let mut nl = name_tok.clone();
                    nl.kind = TokKind::Newline;
                    nl.text = "\n".into();
                    self.out.push(nl);
                }
            }
            "line" => {}
            _ if name_tok.kind == TokKind::Number => {} // `# 12 "file"` line markers
            _ => self.error(
                name_tok,
                format!("unrecognized preprocessing directive \"#{name}\""),
            ),
        }
    }

    fn define(&mut self, at: &Token, rest: &[Token]) {
        let Some(name) = rest.first().filter(|t| t.kind == TokKind::Ident) else {
            self.error(at, "expected an identifier after #define");
            return;
        };
        let mut body_start = 1;
        let mut params = None;
        let mut variadic = false;
        if rest.get(1).is_some_and(|t| t.is("(") && !t.space_before) {
            let mut ps = Vec::new();
            let mut j = 2;
            loop {
                let Some(t) = rest.get(j) else {
                    self.error(name, "missing ')' in macro parameter list");
                    return;
                };
                if t.is(")") {
                    j += 1;
                    break;
                }
                if t.is("...") {
                    variadic = true;
                    ps.push(Rc::from("__VA_ARGS__"));
                } else if t.kind == TokKind::Ident {
                    ps.push(t.text.clone());
                } else {
                    self.error(t, "expected a macro parameter name");
                    return;
                }
                j += 1;
                if rest.get(j).is_some_and(|t| t.is(",")) {
                    j += 1;
                }
            }
            params = Some(ps);
            body_start = j;
        }
        let body = rest[body_start..].to_vec();
        self.state.macros.insert(
            name.text.clone(),
            Macro {
                params,
                variadic,
                body,
                user: !self.in_builtin,
            },
        );
    }

    fn include(&mut self, at: &Token, rest: &[Token], current: &str) {
        // The operand may itself come from a macro.
        let expanded;
        let rest = if rest.first().is_some_and(|t| t.kind == TokKind::Ident) {
            expanded = self.expand_tokens(rest.to_vec());
            &expanded[..]
        } else {
            rest
        };
        let Some((path, angled)) = include_operand(rest) else {
            if rest.first().is_some_and(|t| t.is("<")) {
                self.error(at, "missing '>' in #include");
            } else {
                self.error(at, "expected \"FILENAME\" or <FILENAME> after #include");
            }
            return;
        };
        if self.depth >= MAX_INCLUDE_DEPTH {
            self.error(
                at,
                format!("#include nested too deeply (limit {MAX_INCLUDE_DEPTH})"),
            );
            return;
        }
        let Some((resolved, text)) = locate(self.files, self.opts, &path, angled, current) else {
            if headers::host_only(&path) {
                // nvcc would stop here too, but what such a header declares
                // only host code uses: host code that needs it is skipped.
                self.diags.push(Diagnostic::warning(
                    at.span(),
                    format!(
                        "cannot open source file \"{path}\": a library header not \
                         shipped; host code that needs it is skipped{}",
                        if path.starts_with("thrust/") {
                            ", and the kernels Thrust would instantiate are not made"
                        } else {
                            ""
                        }
                    ),
                ));
                self.missing_host.push(path.clone());
            } else {
                self.error(at, format!("cannot open source file \"{path}\""));
            }
            return;
        };
        if self.state.pragma_once.contains(&resolved) {
            return;
        }
        self.depth += 1;
        match text {
            Text::User(text) => self.run_file(&resolved, &text),
            Text::Builtin(text) => self.run_builtin(&resolved, text),
        }
        self.depth -= 1;
    }

    fn expand_chunk(&mut self, toks: Vec<Token>) {
        let out = self.expand_tokens(toks);
        self.out.extend(out);
    }

    /// Fully macro-expands a token list.
    fn expand_tokens(&mut self, toks: Vec<Token>) -> Vec<Token> {
        let empty: Rc<Vec<Rc<str>>> = Rc::new(Vec::new());
        let mut input: Vec<PTok> = toks
            .into_iter()
            .rev()
            .map(|tok| PTok {
                tok,
                hide: empty.clone(),
            })
            .collect();
        let mut out = Vec::new();
        while let Some(pt) = input.pop() {
            if self.exhausted {
                return out;
            }
            if pt.tok.kind != TokKind::Ident || pt.hide.contains(&pt.tok.text) {
                out.push(pt.tok);
                continue;
            }
            let name = pt.tok.text.clone();
            if &*name == "__LINE__" || &*name == "__FILE__" {
                let mut t = pt.tok.clone();
                if &*name == "__LINE__" {
                    t.kind = TokKind::Number;
                    t.text = t.loc.line.to_string().into();
                } else {
                    t.kind = TokKind::Str;
                    t.text = format!("\"{}\"", t.loc.file).into();
                }
                out.push(t);
                continue;
            }
            let Some(m) = self
                .state
                .macros
                .get(&name)
                .filter(|m| !(self.in_builtin && m.user && !reserved(&name)))
                .cloned()
            else {
                out.push(pt.tok);
                continue;
            };
            self.state.expansions += 1;
            if self.state.expansions > MAX_EXPANSIONS {
                self.error(
                    &pt.tok,
                    format!("too many macro expansions (limit {MAX_EXPANSIONS})"),
                );
                out.push(pt.tok);
                out.extend(input.into_iter().rev().map(|p| p.tok));
                return out;
            }
            let mut hide = (*pt.hide).clone();
            hide.push(name.clone());
            let hide = Rc::new(hide);
            let replacement: Vec<Token> = match &m.params {
                None => m.body.iter().map(|t| relocate(t, &pt.tok)).collect(),
                Some(params) => {
                    if !input.last().is_some_and(|t| t.tok.is("(")) {
                        out.push(pt.tok);
                        continue;
                    }
                    input.pop();
                    let Some(args) = collect_args(&mut input) else {
                        self.error(
                            &pt.tok,
                            format!("unterminated invocation of macro \"{name}\""),
                        );
                        continue;
                    };
                    let args = match fit_args(args, params.len(), m.variadic) {
                        Ok(a) => a,
                        Err(msg) => {
                            self.error(&pt.tok, format!("{msg} in invocation of macro \"{name}\""));
                            continue;
                        }
                    };
                    self.substitute(&m, params, &args, &pt.tok)
                }
            };
            if !self.spend(replacement.len(), &pt.tok) {
                return out;
            }
            if replacement.len() > MAX_EXPANSION {
                self.error(
                    &pt.tok,
                    format!("the expansion of macro \"{name}\" is too large (limit {MAX_EXPANSION} tokens)"),
                );
                self.exhausted = true;
                return out;
            }
            if out.len() + input.len() + replacement.len() > MAX_TOKENS {
                self.error(
                    &pt.tok,
                    format!("the expansion of macro \"{name}\" is too large (limit {MAX_TOKENS} tokens)"),
                );
                out.extend(input.into_iter().rev().map(|p| p.tok));
                return out;
            }
            for tok in replacement.into_iter().rev() {
                input.push(PTok {
                    tok,
                    hide: hide.clone(),
                });
            }
        }
        out
    }

    /// Replaces parameters in a function-like macro's body: `#p` stringizes,
    /// `a ## b` pastes, other uses get the fully expanded argument.
    fn substitute(
        &mut self,
        m: &Macro,
        params: &[Rc<str>],
        args: &[Vec<Token>],
        at: &Token,
    ) -> Vec<Token> {
        let param_index = |t: &Token| {
            if t.kind == TokKind::Ident {
                params.iter().position(|p| *p == t.text)
            } else {
                None
            }
        };
        let mut out: Vec<Token> = Vec::new();
        // Each argument is macro-expanded once, however often it is used.
        let mut expanded_args: Vec<Option<Rc<Vec<Token>>>> = vec![None; args.len()];
        let body = &m.body;
        let mut i = 0;
        while i < body.len() {
            let t = &body[i];
            if t.is("#") {
                if let Some(p) = body.get(i + 1).and_then(param_index) {
                    let mut s = relocate(t, at);
                    s.kind = TokKind::Str;
                    s.text = stringize(&args[p]).into();
                    out.push(s);
                    i += 2;
                    continue;
                }
            }
            // GNU's `, ## __VA_ARGS__`: the comma goes when no variable
            // arguments are given, and nothing is pasted otherwise.
            if t.is("##") && m.variadic && out.last().is_some_and(|l| l.is(",")) {
                if let Some(p) = body.get(i + 1).and_then(param_index) {
                    if p + 1 == params.len() {
                        if args[p].is_empty() {
                            out.pop();
                        } else {
                            out.extend(args[p].iter().map(|t| relocate(t, at)));
                        }
                        i += 2;
                        continue;
                    }
                }
            }
            if t.is("##") && !out.is_empty() {
                let rhs: Vec<Token> = match body.get(i + 1) {
                    Some(n) => match param_index(n) {
                        Some(p) => args[p].clone(),
                        None => vec![n.clone()],
                    },
                    None => vec![],
                };
                i += 2;
                if let Some(first) = rhs.first() {
                    let lhs = out.pop().expect("checked non-empty");
                    let text = format!("{}{}", lhs.text, first.text);
                    let mut d = Vec::new();
                    let mut pasted = lex(&lhs.loc.file, &text, &mut d);
                    pasted.retain(|t| t.kind != TokKind::Newline);
                    if pasted.len() != 1 {
                        self.error(
                            at,
                            format!(
                                "pasting \"{}\" and \"{}\" does not give a valid token",
                                lhs.text, first.text
                            ),
                        );
                    }
                    out.extend(pasted.into_iter().map(|t| relocate(&t, at)));
                    out.extend(rhs[1..].iter().map(|t| relocate(t, at)));
                }
                continue;
            }
            if let Some(p) = param_index(t) {
                let next_is_paste = body.get(i + 1).is_some_and(|n| n.is("##"));
                if next_is_paste {
                    out.extend(args[p].iter().map(|t| relocate(t, at)));
                } else if self.arg_nesting >= MAX_ARG_NESTING {
                    self.error(
                        at,
                        format!("macro invocations nested too deeply (limit {MAX_ARG_NESTING})"),
                    );
                    return out;
                } else {
                    let expanded = match &expanded_args[p] {
                        Some(e) => e.clone(),
                        None => {
                            self.arg_nesting += 1;
                            let e = Rc::new(self.expand_tokens(args[p].clone()));
                            self.arg_nesting -= 1;
                            expanded_args[p] = Some(e.clone());
                            e
                        }
                    };
                    if !self.spend(expanded.len(), at) {
                        return out;
                    }
                    if out.len() + expanded.len() > MAX_EXPANSION {
                        self.error(
                            at,
                            format!("the expansion of macro \"{}\" is too large (limit {MAX_EXPANSION} tokens)", at.text),
                        );
                        self.exhausted = true;
                        return out;
                    }
                    out.extend(expanded.iter().map(|t| relocate(t, at)));
                }
            } else {
                out.push(relocate(t, at));
            }
            i += 1;
        }
        out
    }

    fn eval_condition(&mut self, at: &Token, toks: &[Token]) -> bool {
        // `defined X` and `defined(X)` are replaced before expansion.
        let mut pre = Vec::new();
        let mut i = 0;
        while i < toks.len() {
            if toks[i].is("defined") {
                let (name, skip) = if toks.get(i + 1).is_some_and(|t| t.is("(")) {
                    (toks.get(i + 2), 4)
                } else {
                    (toks.get(i + 1), 2)
                };
                let mut t = toks[i].clone();
                t.kind = TokKind::Number;
                let def = name.is_some_and(|n| self.state.macros.contains_key(&n.text));
                t.text = if def { "1".into() } else { "0".into() };
                pre.push(t);
                i += skip;
                continue;
            }
            pre.push(toks[i].clone());
            i += 1;
        }
        let expanded = self.expand_tokens(pre);
        if self.exhausted {
            return false;
        }
        let mut ev = CondEval {
            toks: &expanded,
            pos: 0,
            err: None,
        };
        let v = ev.ternary();
        if ev.err.is_none() && ev.pos < expanded.len() {
            ev.err = Some(format!(
                "unexpected \"{}\" in #if expression",
                expanded[ev.pos].text
            ));
        }
        if let Some(e) = ev.err {
            self.error(at, e);
            return false;
        }
        v != 0
    }
}

/// The text of `#error` and `#warning` as the preprocessor nvcc runs (gcc's)
/// writes it: the line's tokens as written, one blank where there was
/// whitespace (comments included), an unterminated literal as it stands.
fn directive_text(toks: &[Token]) -> String {
    let mut text = String::new();
    for (i, t) in toks.iter().enumerate() {
        if i > 0 && t.space_before {
            text.push(' ');
        }
        text.push_str(&t.text);
    }
    text.trim_end().to_string()
}

/// A token from a macro body takes the location of the invocation, so errors
/// point at the line the user wrote.
fn relocate(t: &Token, at: &Token) -> Token {
    let mut t = t.clone();
    t.loc = at.loc.clone();
    t
}

fn stringize(toks: &[Token]) -> String {
    let mut s = String::from("\"");
    for (i, t) in toks.iter().enumerate() {
        if i > 0 && t.space_before {
            s.push(' ');
        }
        for ch in t.text.chars() {
            if (t.kind == TokKind::Str || t.kind == TokKind::Char) && (ch == '"' || ch == '\\') {
                s.push('\\');
            }
            s.push(ch);
        }
    }
    s.push('"');
    s
}

/// Reads macro arguments after the `(`, up to the matching `)`.
fn collect_args(input: &mut Vec<PTok>) -> Option<Vec<Vec<Token>>> {
    let mut args = vec![Vec::new()];
    let mut depth = 0;
    while let Some(pt) = input.pop() {
        let t = pt.tok;
        if t.is("(") {
            depth += 1;
        } else if t.is(")") {
            if depth == 0 {
                return Some(args);
            }
            depth -= 1;
        } else if t.is(",") && depth == 0 {
            args.push(Vec::new());
            continue;
        }
        args.last_mut().expect("never empty").push(t);
    }
    None
}

fn fit_args(
    mut args: Vec<Vec<Token>>,
    nparams: usize,
    variadic: bool,
) -> Result<Vec<Vec<Token>>, String> {
    if nparams == 0 && args.len() == 1 && args[0].is_empty() {
        return Ok(Vec::new());
    }
    if variadic && args.len() >= nparams {
        let rest: Vec<Vec<Token>> = args.split_off(nparams - 1);
        let mut joined = Vec::new();
        for (i, a) in rest.into_iter().enumerate() {
            if i > 0 {
                let comma = a.first().cloned().map(|mut t| {
                    t.text = ",".into();
                    t.kind = TokKind::Punct;
                    t
                });
                joined.extend(comma);
            }
            joined.extend(a);
        }
        args.push(joined);
        return Ok(args);
    }
    if variadic && args.len() + 1 == nparams {
        args.push(Vec::new());
        return Ok(args);
    }
    match args.len().cmp(&nparams) {
        std::cmp::Ordering::Less => Err("too few arguments".into()),
        std::cmp::Ordering::Greater => Err("too many arguments".into()),
        std::cmp::Ordering::Equal => Ok(args),
    }
}

/// Evaluates `#if` expressions in `i64` (C's intmax_t), identifiers as 0.
struct CondEval<'a> {
    toks: &'a [Token],
    pos: usize,
    err: Option<String>,
}

impl CondEval<'_> {
    fn peek(&self) -> Option<&str> {
        self.toks.get(self.pos).map(|t| &*t.text)
    }

    fn eat(&mut self, s: &str) -> bool {
        if self.peek() == Some(s) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn fail(&mut self, msg: String) -> i64 {
        if self.err.is_none() {
            self.err = Some(msg);
        }
        self.pos = self.toks.len();
        0
    }

    fn ternary(&mut self) -> i64 {
        let c = self.binary(0);
        if self.eat("?") {
            let a = self.ternary();
            if !self.eat(":") {
                return self.fail("expected ':' in #if expression".into());
            }
            let b = self.ternary();
            return if c != 0 { a } else { b };
        }
        c
    }

    fn binary(&mut self, min_prec: u8) -> i64 {
        let mut lhs = self.unary();
        loop {
            let Some(op) = self.peek() else { return lhs };
            let prec = match op {
                "||" => 1,
                "&&" => 2,
                "|" => 3,
                "^" => 4,
                "&" => 5,
                "==" | "!=" => 6,
                "<" | ">" | "<=" | ">=" => 7,
                "<<" | ">>" => 8,
                "+" | "-" => 9,
                "*" | "/" | "%" => 10,
                _ => return lhs,
            };
            if prec < min_prec {
                return lhs;
            }
            let op = op.to_string();
            self.pos += 1;
            let rhs = self.binary(prec + 1);
            lhs = match op.as_str() {
                "||" => (lhs != 0 || rhs != 0) as i64,
                "&&" => (lhs != 0 && rhs != 0) as i64,
                "|" => lhs | rhs,
                "^" => lhs ^ rhs,
                "&" => lhs & rhs,
                "==" => (lhs == rhs) as i64,
                "!=" => (lhs != rhs) as i64,
                "<" => (lhs < rhs) as i64,
                ">" => (lhs > rhs) as i64,
                "<=" => (lhs <= rhs) as i64,
                ">=" => (lhs >= rhs) as i64,
                "<<" => lhs.wrapping_shl(rhs as u32),
                ">>" => lhs.wrapping_shr(rhs as u32),
                "+" => lhs.wrapping_add(rhs),
                "-" => lhs.wrapping_sub(rhs),
                "*" => lhs.wrapping_mul(rhs),
                "/" | "%" if rhs == 0 => {
                    return self.fail("division by zero in #if expression".into())
                }
                "/" => lhs.wrapping_div(rhs),
                _ => lhs.wrapping_rem(rhs),
            };
        }
    }

    fn unary(&mut self) -> i64 {
        let Some(t) = self.toks.get(self.pos).cloned() else {
            return self.fail("expected a value in #if expression".into());
        };
        self.pos += 1;
        match &*t.text {
            "!" => (self.unary() == 0) as i64,
            "-" => self.unary().wrapping_neg(),
            "+" => self.unary(),
            "~" => !self.unary(),
            "(" => {
                let v = self.ternary();
                if !self.eat(")") {
                    return self.fail("expected ')' in #if expression".into());
                }
                v
            }
            _ if t.kind == TokKind::Number => match super::literals::parse_int_literal(&t.text) {
                Some((v, _)) => v as i64,
                None => self.fail(format!("invalid integer \"{}\" in #if expression", t.text)),
            },
            _ if t.kind == TokKind::Char => {
                super::literals::parse_char_literal(&t.text).unwrap_or(0)
            }
            _ if t.kind == TokKind::Ident => {
                // C: identifiers left after expansion are 0; C++ keywords true/false.
                (&*t.text == "true") as i64
            }
            other => self.fail(format!("unexpected \"{other}\" in #if expression")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NoFiles;

    fn pp(src: &str) -> (String, Vec<Diagnostic>) {
        let mut d = Vec::new();
        let opts = Options::default();
        let t = crate::target::find("sm_90").unwrap();
        let (state, _) = prelude(&NoFiles, &opts, t, &mut d);
        let out = preprocess_from(state, "t.cu", src, &NoFiles, &opts, &mut d);
        // The file's own tokens (not the cuda_runtime.h every file gets).
        let text: Vec<String> = out
            .tokens
            .iter()
            .filter(|t| &*t.span().file == "t.cu")
            .map(|t| t.text.to_string())
            .collect();
        (text.join(" "), d)
    }

    #[test]
    fn expands_object_and_function_macros() {
        assert_eq!(
            pp("#define N 4\n#define SQ(x) ((x)*(x))\nint a = SQ(N+1);").0,
            "int a = ( ( 4 + 1 ) * ( 4 + 1 ) ) ;"
        );
    }

    #[test]
    fn stringizes_pastes_and_varargs() {
        assert_eq!(pp("#define S(x) #x\n#define P(a,b) a##b\n#define V(f, ...) f(__VA_ARGS__)\nS(a+b) P(x,1) V(g,1,2)").0, "\"a+b\" x1 g ( 1 , 2 )");
    }

    #[test]
    fn recursive_macros_terminate() {
        assert_eq!(pp("#define A B\n#define B A\nA").0, "A");
        assert_eq!(pp("#define f(x) f(x)\nf(1)").0, "f ( 1 )");
    }

    #[test]
    fn conditionals_and_cuda_arch() {
        let src = "#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800\nyes\n#elif 1\nno\n#else\nno2\n#endif\n#ifndef X\nz\n#endif";
        assert_eq!(pp(src).0, "yes z");
    }

    #[test]
    fn reports_errors_with_lines() {
        let (_, d) = pp("#include \"nope.h\"\n#if 1\n");
        assert_eq!(d.len(), 2);
        assert_eq!(
            d[0].to_string(),
            "t.cu(1): error: cannot open source file \"nope.h\""
        );
        assert!(d[1].message.contains("#endif"));
        let (_, d) = pp("\n#error stop here");
        assert_eq!(
            d[0].to_string(),
            "t.cu(2): error: #error directive: stop here"
        );
    }

    #[test]
    fn diagnostic_directives_write_their_text_as_gcc() {
        // nvcc's preprocessor (gcc) writes the tokens as in the source, one
        // blank for each run of whitespace or comment; an apostrophe there
        // (or in a skipped line) is only warned of.
        let src = "#warning   foo   bar+baz  x  /* c */ y // trailing\n#if 0\n don't\n#endif\n#error don't do   \"this\" \\\n   continued   here\n";
        let (_, d) = pp(src);
        let got: Vec<String> = d.iter().map(|d| d.to_string()).collect();
        assert_eq!(
            got,
            [
                "t.cu(1): warning: #warning directive: foo bar+baz x y",
                "t.cu(3): warning: missing closing quote in character constant",
                "t.cu(5): warning: missing closing quote in character constant",
                "t.cu(5): error: #error directive: don't do   \"this\"    continued   here",
            ]
        );
        // In code it is an error, as before.
        let (_, d) = pp("int c = 'a;\n");
        assert_eq!(
            d.iter().map(|d| d.to_string()).collect::<Vec<_>>(),
            ["t.cu(1): error: missing closing quote in character constant"]
        );
    }

    #[test]
    fn builtin_headers_are_found() {
        let (_, d) = pp("#include <cuda_runtime.h>\n#include <stdio.h>\n");
        assert!(d.is_empty(), "{d:?}");
    }
}
