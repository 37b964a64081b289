//! The fast intrinsics and the IEEE operations in a rounding mode: the PTX
//! instructions NVRTC writes for them, and their results in the interpreter
//! (moved from core's `tests/backend.rs`, whose PTX helpers are repeated here).

use ptxlab_core::{compile_source, Options};

fn ptx(src: &str, arch: &str, opt_level: u8) -> String {
    let opts = Options {
        arch: arch.to_string(),
        opt_level,
        ..Options::default()
    };
    let c = compile_source("t.cu", src, &opts);
    match c.ptx {
        Some(p) => p,
        None => panic!("{:?}", c.diagnostics),
    }
}

/// The instruction lines (without guards' `@%p` and without `;`), trimmed.
fn lines(ptx: &str) -> Vec<String> {
    ptx.lines()
        .map(|l| l.trim().trim_end_matches(';').replace('\t', ""))
        .filter(|l| !l.is_empty())
        .collect()
}

/// Whether an instruction `opcode ..., last` is there (`last` its final operand).
fn has(ptx: &str, opcode: &str, last: &str) -> bool {
    lines(ptx).iter().any(|l| {
        let l = l.strip_prefix('@').map_or(l.as_str(), |r| {
            r.split_once(' ').map_or(r, |(_, rest)| rest)
        });
        l.split_once(' ')
            .is_some_and(|(op, ops)| op == opcode && ops.rsplit(", ").next() == Some(last))
    })
}

/// The fast intrinsics and the IEEE operations in a chosen rounding mode are
/// the instructions NVRTC writes for them (as its PTX for this source shows),
/// and the interpreter runs them in their modes.
#[test]
fn fast_and_rounded_intrinsics_are_the_instructions_nvrtc_writes() {
    let src = "
__global__ void k(float *y, const float *x, double *d, const double *e) {
    y[0] = __tanf(x[0]); y[1] = __powf(x[0], x[1]); y[2] = __exp10f(x[0]);
    y[3] = __log2f(x[0]); y[4] = __log10f(x[0]);
    y[5] = __fdiv_rz(x[0], x[1]); y[6] = __fdiv_ru(x[0], x[1]); y[7] = __frcp_rd(x[0]);
    y[8] = __fsqrt_ru(x[0]);
    d[0] = __ddiv_rn(e[0], e[1]); d[1] = __dsqrt_rd(e[0]); d[2] = __drcp_ru(e[0]);
    d[3] = __dadd_rz(e[0], e[1]); d[4] = __dmul_rd(e[0], e[1]); d[5] = __ddiv_ru(e[0], e[1]);
}
";
    let p = ptx(src, "sm_80", 3);
    let ls = lines(&p);
    for (opcode, count) in [
        ("sin.approx.f32", 1),
        ("cos.approx.f32", 1),
        ("div.approx.f32", 1),
        ("lg2.approx.f32", 3),
        ("ex2.approx.f32", 2),
        ("div.rz.f32", 1),
        ("div.rp.f32", 1),
        ("rcp.rm.f32", 1),
        ("sqrt.rp.f32", 1),
        ("div.rn.f64", 1),
        ("sqrt.rm.f64", 1),
        ("rcp.rp.f64", 1),
        ("add.rz.f64", 1),
        ("mul.rm.f64", 1),
        ("div.rp.f64", 1),
    ] {
        let n = ls
            .iter()
            .filter(|l| l.starts_with(&format!("{opcode} ")))
            .count();
        assert_eq!(n, count, "{opcode}\n{p}");
    }
    // __exp10f scales by log2(10), __log10f by log10(2), as float constants.
    assert!(has(&p, "mul.f32", "0f40549A78"), "{p}");
    assert!(has(&p, "mul.f32", "0f3E9A209B"), "{p}");

    // One thread in the interpreter: 1/3 rounded toward zero and up are
    // adjacent floats around the nearest one; the doubles likewise.
    use ptxlab_sim::{interp::run_kernel, ArgValue, Config, Launch, Memory};
    let opts = Options::default();
    let m = ptxlab_core::compile_to_ir("t.cu", src, &ptxlab_core::NoFiles, &opts, None).unwrap();
    let mut mem = Memory::new();
    let y = mem.upload(&[0f32; 9]);
    let x = mem.upload(&[1f32, 3.0]);
    let d = mem.upload(&[0f64; 6]);
    let e = mem.upload(&[1f64, 3.0]);
    let launch = Launch::new(
        [1, 1, 1],
        [1, 1, 1],
        vec![
            ArgValue::Buffer(y),
            ArgValue::Buffer(x),
            ArgValue::Buffer(d),
            ArgValue::Buffer(e),
        ],
    );
    let k = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .unwrap()
        .name
        .clone();
    run_kernel(&m, &k, &launch, &mut mem, &Config::for_options(&opts)).unwrap();
    let y: Vec<f32> = mem.download(y);
    let d: Vec<f64> = mem.download(d);
    // The nearest float to 1/3 is above it; the nearest double below it.
    let third = 1f32 / 3.0;
    assert_eq!(
        (y[5], y[6]),
        (f32::from_bits(third.to_bits() - 1), third),
        "{y:?}"
    );
    assert_eq!(y[7], 1.0);
    assert_eq!(y[8], 1.0);
    assert_eq!(d[0], 1.0 / 3.0);
    assert_eq!(d[5], f64::from_bits((1.0f64 / 3.0).to_bits() + 1));
    assert_eq!((d[1], d[2], d[3], d[4]), (1.0, 1.0, 4.0, 3.0));
    assert!(
        (y[1] - 1.0).abs() < 1e-6 && (y[2] - 10.0).abs() < 1e-4,
        "{y:?}"
    );
}
