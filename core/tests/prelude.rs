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

/// Compiles each `(name, text)` in turn, keeping states between them, and
/// compares each with a compile from scratch; how many compiles went on
/// from kept headers.
fn same_as_scratch(files: &[(&str, String)], opts: &Options) -> usize {
    let scratch: Vec<_> = files
        .iter()
        .map(|(name, text)| {
            prelude::forget();
            prelude::set_keeping(false);
            let o = outcome(name, text, opts);
            prelude::set_keeping(true);
            o
        })
        .collect();
    prelude::forget();
    for round in 0..2 {
        for ((name, text), expected) in files.iter().zip(&scratch) {
            // The compile that makes the kept state, then one from it.
            for again in 0..2 {
                assert_eq!(
                    &outcome(name, text, opts),
                    expected,
                    "{name}, round {round}, compile {again}"
                );
            }
        }
    }
    prelude::headers_reused()
}

/// The kept states of files' leading lines (`#include`s of built-in
/// headers, `#define`s): a compile that goes on from one gives what a
/// compile from scratch gives, whatever compiled before it.
#[test]
fn a_compile_from_kept_headers_equals_one_from_scratch() {
    let includes = "#include <cstdio>\n#include <vector>\n#include <iostream>\n#include <chrono>\n\
                    #include <random>\n#include <cuda_fp16.h>\n";
    let kernel = "__global__ void k(__half *h, float *p, int n) {\n\
                  int i = blockIdx.x * blockDim.x + threadIdx.x;\n\
                  if (i < n) { p[i] = std::max(__half2float(h[i]), 0.5f); assert(i >= 0); }\n}\n\
                  int main() { std::vector<float> v(4); printf(\"%d\\n\", (int)v.size()); }\n";
    let with_assert = format!("{includes}#include <cassert>\n{kernel}");
    let files = [
        ("whole.cu", format!("{includes}#include <cassert>\n{kernel}")),
        // A macro written before the headers changes what they declare.
        ("ndebug.cu", format!("#define NDEBUG\n{with_assert}")),
        // The same lines further down: other places in the messages.
        ("moved.cu", format!("\n\n{with_assert}")),
        (
            "error.cu",
            format!("{with_assert}__global__ void e(float *p) {{ p[0] = undeclared; }}\n"),
        ),
        // A conditional group among the leading lines, and a define the
        // kernel reads.
        (
            "cond.cu",
            format!("#ifndef N\n#define N 3\n#endif\n{with_assert}__global__ void c(int *p) {{ p[0] = N; }}\n"),
        ),
        // The same leading lines and another body.
        (
            "other.cu",
            format!("{with_assert}__global__ void o(float *p) {{ p[0] = std::min(p[1], p[2]); }}\n"),
        ),
        // A header the file's lines do not reach: after a declaration.
        (
            "late.cu",
            format!("int x;\n{with_assert}"),
        ),
        // Leading lines that give a diagnostic keep nothing.
        (
            "bad.cu",
            format!("#include <no_such_header.h>\n{with_assert}"),
        ),
        (
            "warn.cu",
            format!("#warning leading\n{with_assert}"),
        ),
    ];
    // Each second compile of whole, ndebug, moved, error, cond, other.
    assert!(same_as_scratch(&files, &Options::default()) >= 12);
    let sm90 = Options {
        arch: "sm_90".into(),
        opt_level: 0,
        ..Options::default()
    };
    assert!(same_as_scratch(&files, &sm90) >= 12);
}

/// A file whose code completes a struct its headers only declared does
/// not change the next compile from the same kept headers.
#[test]
fn a_file_that_completes_a_header_struct_does_not_change_the_next_compile() {
    let uses =
        "#include <cstdio>\n__global__ void k(int *p) { p[0] = sizeof(struct CUstream_st); }\n";
    let defines = "#include <cstdio>\nstruct CUstream_st { int a, b; };\n\
                   __global__ void k(int *p) { p[0] = sizeof(struct CUstream_st); }\n";
    let files = [
        ("a.cu", uses.to_string()),
        ("b.cu", defines.to_string()),
        ("a.cu", uses.to_string()),
    ];
    assert!(same_as_scratch(&files, &Options::default()) > 0);
}

/// Every corpus file in turn, each going on from what the ones before it
/// kept.
#[test]
fn the_corpus_in_turn_from_kept_headers_equals_scratch() {
    let corpus = common::corpus();
    let files: Vec<(&str, String)> = corpus
        .iter()
        .map(|(n, t)| (n.as_str(), t.clone()))
        .collect();
    assert!(same_as_scratch(&files, &Options::default()) > 0);
}

/// A file that redeclares the prelude's functions (adding a default
/// argument, or with an incompatible return type) reads its own copy of
/// their overloads, which the kept signatures share: the next compile sees
/// the prelude's as they were, and each gives what a compile from scratch
/// gives.
#[test]
fn redeclaring_a_kept_function_changes_only_that_file() {
    let opts = Options::default();
    let call = "__global__ void k(cudaGraphConditionalHandle h) { cudaGraphSetConditional(h); }\n";
    let files = [
        (
            "default.cu",
            format!(
                "extern \"C\" __device__ void cudaGraphSetConditional(\
                 cudaGraphConditionalHandle handle, unsigned int value = 1);\n{call}"
            ),
        ),
        (
            "clash.cu",
            "extern \"C\" __device__ int cudaGraphSetConditional(\
             cudaGraphConditionalHandle handle, unsigned int value);\n"
                .to_string(),
        ),
        // Needs both arguments again: the default was the other file's.
        ("plain.cu", call.to_string()),
    ];
    same_as_scratch(&files, &opts);
    prelude::forget();
    let errors = |k: usize| -> Vec<String> {
        outcome(files[k].0, &files[k].1, &opts)
            .1
            .into_iter()
            .filter(|d| d.contains("error"))
            .collect()
    };
    assert_eq!(errors(0), Vec::<String>::new());
    let clash = errors(1);
    assert!(
        clash.len() == 1 && clash[0].contains("incompatible"),
        "{clash:?}"
    );
    assert!(!errors(2).is_empty(), "a call without the default compiled");
    assert_eq!(errors(0), Vec::<String>::new());
}
