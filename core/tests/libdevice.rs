//! libdevice accuracy: each `__nv_*` function, compiled by our pipeline
//! from its CUDA C and run in the interpreter, against an f64 reference, in
//! units in the last place (ulp) of the f32 result. The bounds are the
//! maximum errors NVIDIA documents for the CUDA math API (CUDA C
//! Programming Guide, "Mathematical Functions"). Special values must match
//! C99 Annex F exactly.

use ptxlab_core::interp::{run_kernel, ArgValue, Config, Launch, Memory};
use ptxlab_core::{compile_to_ir, NoFiles, Options};

/// `f(x)` for every input, computed by the compiled kernel in the interpreter.
fn eval(func: &str, inputs: &[f32], opts: &Options) -> Vec<f32> {
    let src = format!("__global__ void k(const float *x, float *y, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i < n) y[i] = {func}(x[i]);\n}}\n");
    let m = compile_to_ir("k.cu", &src, &NoFiles, opts, None)
        .unwrap_or_else(|d| panic!("{func}: {d:?}"));
    let mut mem = Memory::new();
    let x = mem.upload(inputs);
    let y = mem.upload(&vec![0f32; inputs.len()]);
    let n = inputs.len() as u32;
    let launch = Launch::new(
        [n.div_ceil(256), 1, 1],
        [256, 1, 1],
        vec![
            ArgValue::Buffer(x),
            ArgValue::Buffer(y),
            ArgValue::I32(n as i32),
        ],
    );
    let name = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .map(|f| f.name.clone())
        .unwrap();
    let config = Config {
        max_steps: 2_000_000_000,
        ..Config::for_options(opts)
    };
    run_kernel(&m, &name, &launch, &mut mem, &config).unwrap_or_else(|e| panic!("{func}: {e}"));
    mem.download(y)
}

/// The error of `got` in ulps of the f32 nearest `exact`.
fn ulps(got: f32, exact: f64) -> f64 {
    if exact.is_nan() {
        return if got.is_nan() { 0.0 } else { f64::INFINITY };
    }
    if exact.is_infinite() || got.is_infinite() {
        return if f64::from(got) == exact {
            0.0
        } else {
            f64::INFINITY
        };
    }
    let mag = exact.abs().max(f64::from(f32::MIN_POSITIVE));
    let ulp = 2f64
        .powi(mag.log2().floor() as i32 - 23)
        .max(2f64.powi(-149));
    (f64::from(got) - exact).abs() / ulp
}

/// Deterministic inputs: uniform and log-uniform over `[lo, hi]`.
fn inputs(lo: f32, hi: f32, n: usize, seed: u64) -> Vec<f32> {
    let mut s = seed;
    let mut next = || {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (s >> 11) as f64 / (1u64 << 53) as f64
    };
    let mut v = Vec::with_capacity(n);
    for k in 0..n {
        let u = next();
        let x = if k % 2 == 0 || lo <= 0.0 {
            f64::from(lo) + u * (f64::from(hi) - f64::from(lo))
        } else {
            (f64::from(lo).ln() + u * (f64::from(hi).ln() - f64::from(lo).ln())).exp()
        };
        v.push(x as f32);
    }
    v
}

struct Case {
    func: &'static str,
    reference: fn(f64) -> f64,
    bound: f64,
    domains: &'static [(f32, f32)],
}

const CASES: &[Case] = &[
    Case {
        func: "sinf",
        reference: f64::sin,
        bound: 2.0,
        domains: &[(-3.2, 3.2), (-10000.0, 10000.0)],
    },
    Case {
        func: "cosf",
        reference: f64::cos,
        bound: 2.0,
        domains: &[(-3.2, 3.2), (-10000.0, 10000.0)],
    },
    Case {
        func: "expf",
        reference: f64::exp,
        bound: 2.0,
        domains: &[(-10.0, 10.0), (-87.0, 88.5), (-103.0, -87.0)],
    },
    Case {
        func: "exp2f",
        reference: f64::exp2,
        bound: 2.0,
        domains: &[(-10.0, 10.0), (-126.0, 127.9), (-149.0, -126.0)],
    },
    Case {
        func: "logf",
        reference: f64::ln,
        bound: 1.0,
        domains: &[(0.5, 2.0), (1e-30, 1e30), (1e-44, 1e-38)],
    },
    Case {
        func: "log2f",
        reference: f64::log2,
        bound: 1.0,
        domains: &[(0.5, 2.0), (1e-30, 1e30)],
    },
];

#[test]
fn libdevice_functions_are_within_the_documented_ulp() {
    let opts = Options::default();
    let mut report = Vec::new();
    let mut failures = Vec::new();
    for c in CASES {
        let mut xs = Vec::new();
        for (k, (lo, hi)) in c.domains.iter().enumerate() {
            xs.extend(inputs(*lo, *hi, 4000, 7 + k as u64));
        }
        let ys = eval(c.func, &xs, &opts);
        let (mut worst, mut at) = (0f64, 0f32);
        for (x, y) in xs.iter().zip(&ys) {
            let e = ulps(*y, (c.reference)(f64::from(*x)));
            if e > worst {
                worst = e;
                at = *x;
            }
        }
        report.push(format!(
            "{:<6} max {worst:.2} ulp (at {at:e}), bound {}",
            c.func, c.bound
        ));
        if worst > c.bound {
            failures.push(format!(
                "{}: {worst:.2} ulp at {at:e} exceeds {}",
                c.func, c.bound
            ));
        }
    }
    eprintln!("{}", report.join("\n"));
    assert!(
        failures.is_empty(),
        "{}\n{}",
        failures.join("\n"),
        report.join("\n")
    );
}

#[test]
fn special_values_follow_c99_annex_f() {
    let opts = Options::default();
    let (inf, nan) = (f32::INFINITY, f32::NAN);
    let cases: &[(&str, f32, f32)] = &[
        ("sinf", 0.0, 0.0),
        ("sinf", -0.0, -0.0),
        ("sinf", inf, nan),
        ("sinf", nan, nan),
        ("cosf", 0.0, 1.0),
        ("cosf", -inf, nan),
        ("expf", -inf, 0.0),
        ("expf", inf, inf),
        ("expf", 0.0, 1.0),
        ("expf", nan, nan),
        ("exp2f", -inf, 0.0),
        ("exp2f", 3.0, 8.0),
        ("logf", 0.0, -inf),
        ("logf", -0.0, -inf),
        ("logf", -1.0, nan),
        ("logf", inf, inf),
        ("logf", 1.0, 0.0),
        ("logf", nan, nan),
        ("log2f", 8.0, 3.0),
        ("log2f", 0.0, -inf),
    ];
    let mut failures = Vec::new();
    for &(func, x, want) in cases {
        let got = eval(func, &[x], &opts)[0];
        let same = (got.is_nan() && want.is_nan())
            || (got == want && got.is_sign_negative() == want.is_sign_negative());
        if !same {
            failures.push(format!("{func}({x}) = {got}, want {want}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn ftz_flushes_denormals_and_leaves_one_path() {
    let ftz = Options {
        ftz: true,
        ..Options::default()
    };
    // A denormal input is zero under -ftz: log of it is -inf; without, finite.
    let tiny = 1e-40f32;
    assert_eq!(eval("logf", &[tiny], &ftz)[0], f32::NEG_INFINITY);
    assert!(eval("logf", &[tiny], &Options::default())[0].is_finite());
    // After nvvm-reflect no __nvvm_reflect call or query string is left.
    let src = "__global__ void k(float *x) { x[0] = sinf(x[0]) + logf(x[1]); }";
    for opts in [ftz, Options::default()] {
        let c = ptxlab_core::compile_source("k.cu", src, &opts);
        let ptx = c.ptx.expect("compiles");
        assert!(
            !ptx.contains("__nvvm_reflect") && !ptx.contains("$str"),
            "{ptx}"
        );
        assert_eq!(
            ptx.contains("mul.ftz.f32"),
            opts.ftz,
            "f32 arithmetic is .ftz exactly with -ftz=true"
        );
    }
}

mod common;

/// A kernel calling every libdevice function assembles for every target,
/// with and without -ftz.
#[test]
fn ptxas_accepts_the_linked_functions() {
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let src = "__global__ void k(float *x) {\n  float v = x[threadIdx.x];\n  x[threadIdx.x] = sinf(v) + cosf(v) + expf(v) + exp2f(v) + logf(v) + log2f(v);\n}\n";
    let dir = common::scratch("libdevice");
    for arch in common::TARGETS {
        for ftz in [false, true] {
            let opts = Options {
                arch: arch.to_string(),
                ftz,
                ..Options::default()
            };
            let c = ptxlab_core::compile_source("k.cu", src, &opts);
            let ptx = c
                .ptx
                .unwrap_or_else(|| panic!("{arch}: {:?}", c.diagnostics));
            let file = dir.join(format!("k-{arch}-{ftz}.ptx"));
            std::fs::write(&file, ptx).unwrap();
            let out = std::process::Command::new(&ptxas)
                .arg(format!("-arch={arch}"))
                .arg(&file)
                .arg("-o")
                .arg(dir.join("k.cubin"))
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{arch} ftz={ftz}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}
