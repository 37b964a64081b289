//! The kept prelude (`frontend::prelude`): a compile that goes on from the
//! kept state gives exactly what a compile from scratch gives, and a file
//! that changes a struct of the prelude does not leak into the next one.

mod common;

use ptxlab_core::frontend::prelude;
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};

fn outcome(name: &str, text: &str, opts: &Options) -> (Option<String>, Vec<String>) {
    let c = compile_source(name, text, opts);
    let diags = c.diagnostics.iter().map(|d| d.to_string()).collect();
    (c.ptx, diags)
}

#[test]
fn a_compile_from_the_kept_prelude_equals_one_from_scratch() {
    let option_sets = [
        Options::default(),
        Options {
            arch: "sm_90".into(),
            opt_level: 0,
            ..Options::default()
        },
        Options {
            defines: vec![ptxlab_core::Define {
                name: "N".into(),
                value: Some("7".into()),
            }],
            ..Options::default()
        },
    ];
    for (name, text) in common::corpus() {
        for opts in &option_sets {
            // From scratch: nothing kept before, during or after.
            prelude::forget();
            prelude::set_keeping(false);
            let scratch = outcome(&name, &text, opts);
            prelude::set_keeping(true);
            prelude::forget();
            // The compile that makes the kept state goes on from a copy of
            // it; the next one from the kept state itself.
            let making = outcome(&name, &text, opts);
            let kept = outcome(&name, &text, opts);
            assert_eq!(
                making, scratch,
                "{name} with {opts:?}: making the kept state"
            );
            assert_eq!(kept, scratch, "{name} with {opts:?}: from the kept state");
        }
    }
}

#[test]
fn a_file_that_completes_a_prelude_struct_does_not_change_the_next_compile() {
    prelude::forget();
    // cuda_runtime.h declares `struct CUstream_st` without defining it.
    let uses = "__global__ void k(int *p) { p[0] = sizeof(struct CUstream_st); }";
    let opts = Options::default();
    let before = outcome("a.cu", uses, &opts);
    assert!(before.0.is_none(), "{before:?}");
    let defines = "struct CUstream_st { int a, b; };\n__global__ void k(int *p) { p[0] = sizeof(struct CUstream_st); }";
    let (ptx, diags) = outcome("b.cu", defines, &opts);
    assert!(
        ptx.is_some_and(|p| p.contains("mov.b32") || p.contains("st.global.u32")),
        "{diags:?}"
    );
    // The next file sees the prelude's incomplete struct again.
    assert_eq!(outcome("a.cu", uses, &opts), before);
    // And the same option set keeps working from a fresh kept state.
    assert_eq!(outcome("a.cu", uses, &opts), before);
}

#[test]
fn a_define_that_breaks_the_prelude_is_reported_every_time() {
    prelude::forget();
    let opts = Options {
        // A reserved name our headers use (`__p`, a parameter's): the
        // program's unreserved macros do not reach our headers.
        defines: vec![ptxlab_core::Define {
            name: "__p".into(),
            value: Some("(".into()),
        }],
        ..Options::default()
    };
    let text = "__global__ void k(int *p) { p[0] = 1; }";
    let first = outcome("k.cu", text, &opts);
    assert!(!first.1.is_empty(), "{first:?}");
    assert_eq!(outcome("k.cu", text, &opts), first);
}

/// The prelude's inline functions are compiled when used — called, or
/// their address taken (in a function or a variable's initializer) — and
/// left out otherwise.
#[test]
fn the_preludes_inline_functions_are_compiled_when_used() {
    let opts = Options::default();
    // The functions of the module right after irgen.
    let defined = |src: &str| -> Vec<String> {
        let m = compile_to_ir("k.cu", src, &NoFiles, &opts, Some(0))
            .unwrap_or_else(|d| panic!("{d:?}"));
        m.functions
            .iter()
            .filter(|f| !f.is_declaration())
            .map(|f| f.name.clone())
            .collect()
    };
    let has = |fs: &[String], name: &str| fs.iter().any(|f| f.contains(name));
    let none = defined("__global__ void k(float *p) { p[0] = 1.0f; }");
    assert_eq!(none, ["_Z1kPf"]);
    let called =
        defined("__global__ void k(float *p, int *o) { o[0] = isnan(p[0]) + signbit(p[1]); }");
    assert!(
        has(&called, "isnan") && has(&called, "signbit"),
        "{called:?}"
    );
    assert!(
        !has(&called, "isinf") && !has(&called, "isfinite"),
        "{called:?}"
    );
    let src = "__device__ bool (*table[1])(float) = {isinf};\n\
               __global__ void k(float *p, int *o) { bool (*f)(float) = isfinite; o[0] = f(p[0]) + table[0](p[1]); }";
    let address = defined(src);
    assert!(
        has(&address, "isinf") && has(&address, "isfinite"),
        "{address:?}"
    );
    let ptx = compile_source("k.cu", src, &opts).ptx.expect("compiles");
    assert!(ptx.contains("table[1] = {_Z5isinff}"), "{ptx}");
}
