//! The compiler's budgets: each stops a compile that would exhaust a
//! browser tab or a small machine with one nvcc-style error naming the
//! limit, quickly. (The limit on one macro invocation's expansion and on
//! template instances are in `diagnostics.rs`.)

use ptxlab_core::frontend::preprocess::MAX_EXPANSION_WORK;
use ptxlab_core::{compile_source, Options};

/// `lines` lines of `#if` whose condition expands to 8,193 tokens each
/// (4,096 × `1+`, then `1`): each invocation is small, the expansions are
/// thrown away after each line, but their total grows with the file.
fn many_expansions(lines: usize) -> String {
    let mut src = String::from("#define A(x) x x x x x x x x\n#define B(x) A(A(A(A(x))))\n");
    for _ in 0..lines {
        src.push_str("#if B(1+) 1\n#endif\n");
    }
    src.push_str("__global__ void k(int *p) { p[0] = 1; }\n");
    src
}

#[test]
fn the_preprocessors_total_expansion_work_is_bounded() {
    // Under the budget: compiles.
    let c = compile_source("k.cu", &many_expansions(40), &Options::default());
    assert!(c.ptx.is_some(), "{:?}", c.diagnostics);
    // Over it: one error naming the limit, at the line that crossed it, and
    // nothing after it is read.
    let t = std::time::Instant::now();
    let c = compile_source("k.cu", &many_expansions(2000), &Options::default());
    let secs = t.elapsed().as_secs_f64();
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| (d.span.line, d.message.clone()))
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    let (line, message) = &errors[0];
    assert_eq!(
        message,
        &format!(
            "macro expansion in this file exceeds the limit of {MAX_EXPANSION_WORK} tokens produced (at macro \"A\")"
        )
    );
    assert!(*line > 80 && *line < 2000, "line {line}");
    assert!(c.ptx.is_none());
    assert!(secs < 20.0, "{secs} s");
}
