//! The kept prelude (`frontend::prelude`): a compile that goes on from the
//! kept state gives exactly what a compile from scratch gives, and a file
//! that changes a struct of the prelude does not leak into the next one.

mod common;

use ptxlab_core::frontend::prelude;
use ptxlab_core::{compile_source, Options};

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
            prelude::forget();
            let cold = outcome(&name, &text, opts);
            let warm = outcome(&name, &text, opts);
            assert_eq!(cold, warm, "{name} with {opts:?}");
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
        defines: vec![ptxlab_core::Define {
            name: "cudaStream_t".into(),
            value: Some("(".into()),
        }],
        ..Options::default()
    };
    let text = "__global__ void k(int *p) { p[0] = 1; }";
    let first = outcome("k.cu", text, &opts);
    assert!(!first.1.is_empty(), "{first:?}");
    assert_eq!(outcome("k.cu", text, &opts), first);
}
