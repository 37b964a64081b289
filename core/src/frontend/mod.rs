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
    let start = prelude::start(files, opts, target, diags);
    let pp = preprocess::preprocess_from(start.pp, name, text, files, opts, diags);
    let mut tu =
        parse::parse_with_missing(start.parse, &pp.tokens, &pp.missing_host_headers, diags)
            .finish();
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
