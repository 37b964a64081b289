//! C++ that real CUDA files write and the front end (lexer, preprocessor,
//! parser) must accept, each compared with what nvcc makes of it: the
//! kernels (`.entry`), their directives and the constants in the PTX.

use ptxlab_core::{compile_source, Compilation, Options};

fn compile(src: &str) -> Compilation {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    compile_source("k.cu", src, &opts)
}

/// The PTX of a compile that must succeed without a warning.
fn ptx(src: &str) -> String {
    let c = compile(src);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    c.ptx.expect("no PTX")
}

/// The `.entry` names of a module, in order.
fn entries(ptx: &str) -> Vec<&str> {
    ptx.lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|l| l.trim_end_matches('('))
        .collect()
}

#[test]
fn line_splices_join_string_literals_and_keep_physical_lines() {
    // Rodinia's dwt2d/main.cu writes its usage text this way.
    let src = "__global__ void k(int *p) {\n  printf(\"dwt [otpions] src_img.rgb <out_img.dwt>\\n\\\n  -d, --dimension\\t\\tdimensions\\n\");\n  p[0] = 1;\n}\n";
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPi"]);
    // The string is one literal: the spliced line's blanks are in it.
    let bytes: String = "dwt [otpions] src_img.rgb <out_img.dwt>\n  -d"
        .bytes()
        .map(|b| format!("{b}, "))
        .collect();
    assert!(ptx.contains(&bytes), "{ptx}");
    // A diagnostic after a splice names the physical line, as nvcc does.
    let c = compile("#define X 1 + \\\n  2\n__global__ void k(int *p) {\n  p[0] = q;\n}\n");
    assert_eq!(c.diagnostics.len(), 1, "{:#?}", c.diagnostics);
    assert_eq!(c.diagnostics[0].span.line, 4);
    assert!(c.diagnostics[0].message.contains("\"q\" is undefined"));
}

#[test]
fn hex_float_literals_have_nvcc_values() {
    let src = "__global__ void k(float *p, double *q) {\n  p[0] = 0x1p-3f;\n  q[0] = 0xf.8eedp-4;\n  q[1] = 0x1.8p1;\n  q[2] = 0x1p-1074;\n  q[3] = 0x1.fffffffffffffp1023;\n}\n";
    let ptx = ptx(src);
    assert_eq!(entries(&ptx), ["_Z1kPfPd"]);
    // nvcc: 0.125f, 0.97233…, 3.0, the least subnormal, the greatest double.
    for c in [
        "0f3E000000",
        "0d3FEF1DDA00000000",
        "0d4008000000000000",
        "0d0000000000000001",
        "0d7FEFFFFFFFFFFFFF",
    ] {
        assert!(ptx.contains(c), "{c} missing:\n{ptx}");
    }
}
