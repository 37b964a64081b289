//! The frontend: preprocess → lex → parse → sema. Its result is a typed
//! syntax tree and the diagnostics found on the way.

pub mod ast;
pub mod builtins;
pub mod headers;
pub mod layout;
pub mod lex;
pub mod literals;
pub mod lookup;
pub mod mangle;
pub mod parse;
pub mod prelude;
pub mod preprocess;
pub mod scope;
pub mod sema;
pub mod template;
pub mod vectors;

use crate::diag::Diagnostic;
use crate::options::Options;
use crate::target::Target;
use crate::FileProvider;

/// Runs the frontend on one source file. The tree is returned even when there
/// are errors (for recovery); callers stop when `diags` holds an error.
pub fn compile_unit(
    name: &str,
    text: &str,
    files: &dyn FileProvider,
    opts: &Options,
    target: &Target,
    diags: &mut Vec<Diagnostic>,
) -> ast::TranslationUnit {
    // The file's leading lines (its `#include`s of built-in headers) are
    // preprocessed and parsed on their own, after the prelude, and kept.
    let mut lexed = Vec::new();
    let toks = lex::lex(&std::rc::Rc::from(name), text, &mut lexed);
    let split = preprocess::prefix_end(name, &toks, files, opts);
    let (start, mut missing) =
        prelude::start_file(files, opts, target, name, &toks[..split], lexed, diags);
    let (_, pp) = preprocess::preprocess_part(start.pp, name, &toks[split..], files, opts, diags);
    missing.extend(pp.missing_host_headers);
    let mut tu = parse::parse_with_missing(start.parse, &pp.tokens, &missing, diags).finish();
    for f in &tu.functions {
        // Clusters arrived with sm_90.
        if f.launch_bounds.len() == 3 && target.sm < 90 {
            diags.push(Diagnostic::error(
                f.span.clone(),
                "cannot specify max blocks per cluster for this GPU architecture",
            ));
        }
    }
    sema::check(&mut tu, diags);
    start.from.finish();
    tu
}
