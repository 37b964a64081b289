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

/// The one error of a compile, as (line, message); the compile gave no PTX.
fn the_error(c: &ptxlab_core::Compilation) -> (u32, String) {
    let errors: Vec<_> = c
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .map(|d| (d.span.line, d.message.clone()))
        .collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert!(c.ptx.is_none());
    errors[0].clone()
}

/// `loops` loops of 1,024 iterations under `#pragma unroll` in one kernel:
/// each unrolls within cicc's 32,768 instructions per loop (about 22,000),
/// but together they pass the module's budget.
fn many_unrolled_loops(loops: usize) -> String {
    let mut src = String::from("__global__ void k(int *p, int x)\n{\n");
    for l in 0..loops {
        src.push_str(&format!(
            "#pragma unroll\n    for (int i = 0; i < 1024; i++) {{ p[i + {l}] = p[i + 1] * x + i; \
             p[i + 2048] ^= p[i + {l} + 4096] + x; }}\n"
        ));
    }
    src.push_str("}\n");
    src
}

#[test]
fn the_ir_after_unrolling_is_bounded() {
    use ptxlab_core::opt::budget::MAX_INSTS_AFTER_UNROLLING;
    let c = compile_source("k.cu", &many_unrolled_loops(1), &Options::default());
    assert!(c.ptx.is_some(), "{:?}", c.diagnostics);
    let t = std::time::Instant::now();
    let c = compile_source("k.cu", &many_unrolled_loops(70), &Options::default());
    let secs = t.elapsed().as_secs_f64();
    let (line, message) = the_error(&c);
    assert!(
        message.starts_with("the IR after loop unrolling has ")
            && message.contains(&format!(
                " instructions, more than the limit of {MAX_INSTS_AFTER_UNROLLING} \
                 (function \"_Z1kPii\" has "
            )),
        "{message}"
    );
    assert!((1..=3).contains(&line), "line {line}");
    // Seconds on a free core (most of it unrolling up to the budget).
    assert!(secs < 120.0, "{secs} s");
}

/// `__forceinline__` functions each calling the one below ten times, the
/// last about 100,000 instructions once inlined (within the inliner's
/// per-caller limit), called by `kernels` kernels.
fn forceinlined_chain(kernels: usize) -> String {
    let mut src = String::from(
        "__device__ __forceinline__ void f0(int *p, int x) { p[x] = p[x + 1] * 3 + x; p[x + 2] ^= x; }\n",
    );
    for level in 1..=4 {
        src.push_str(&format!(
            "__device__ __forceinline__ void f{level}(int *p, int x) {{\n"
        ));
        for k in 0..10 {
            src.push_str(&format!("    f{}(p, x + {k});\n", level - 1));
        }
        src.push_str("}\n");
    }
    for k in 0..kernels {
        src.push_str(&format!(
            "__global__ void k{k}(int *p, int x) {{ f4(p, x); }}\n"
        ));
    }
    src
}

#[test]
fn the_ir_after_inlining_is_bounded() {
    use ptxlab_core::opt::budget::MAX_INSTS_AFTER_INLINING;
    let t = std::time::Instant::now();
    let c = compile_source("k.cu", &forceinlined_chain(14), &Options::default());
    let secs = t.elapsed().as_secs_f64();
    let (line, message) = the_error(&c);
    assert!(
        message.starts_with("the IR after inlining has ")
            && message.contains(&format!(
                "instructions, more than the limit of {MAX_INSTS_AFTER_INLINING} (function \""
            )),
        "{message}"
    );
    assert!(line >= 1, "line {line}");
    assert!(secs < 60.0, "{secs} s");
    // At -O0 too: `__forceinline__` bodies are inlined at every level.
    let o0 = Options {
        opt_level: 0,
        ..Options::default()
    };
    let (_, message) = the_error(&compile_source("k.cu", &forceinlined_chain(14), &o0));
    assert!(
        message.starts_with("the IR after inlining has "),
        "{message}"
    );
}

#[test]
fn the_ir_takes_at_most_its_memory_budget() {
    use ptxlab_core::ir::{parse_module, Inst};
    use ptxlab_core::opt::budget::{check, MAX_IR_BYTES};
    use ptxlab_core::opt::Pass;
    let mut m = parse_module(
        "define void @k(ptr %p) {\nentry:\n  store i32 1, ptr %p, align 4, !dbg !DILocation(line: 3, column: 5)\n  ret void\n}\n",
    )
    .unwrap();
    assert_eq!(check(&m, Some(Pass::Sroa)), None);
    // Dead entries in the instruction arena (what passes that rewrite
    // leave behind), past the budget: the bytes count, live or not.
    let f = &mut m.functions[0];
    let dead: Inst = f.insts[0].clone();
    let n = MAX_IR_BYTES / std::mem::size_of::<Inst>() + 1;
    f.insts.resize(n, dead);
    let (line, message) = check(&m, Some(Pass::Sroa)).expect("over the memory budget");
    assert_eq!(
        message,
        format!(
            "the IR takes {} MiB, more than the limit of {} MiB (function \"k\" takes {} MiB)",
            MAX_IR_BYTES >> 20,
            MAX_IR_BYTES >> 20,
            MAX_IR_BYTES >> 20
        )
    );
    assert_eq!(line, 3);
}
