//! libdevice accuracy: each `__nv_*` function, compiled by our pipeline
//! from its CUDA C and run in the interpreter, against an f64 reference, in
//! units in the last place (ulp) of the f32 result. The bounds are the
//! maximum errors NVIDIA documents for the CUDA math API (CUDA C
//! Programming Guide, "Mathematical Functions"). Special values must match
//! C99 Annex F exactly.

use ptxlab_accuracy as report;
use ptxlab_core::{compile_to_ir, NoFiles, Options};
use ptxlab_sim::{interp::run_kernel, ArgValue, Config, Launch, Memory};

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

/// Every function of the report is within its documented bound on a few
/// thousand inputs, and matches every special value (the report's own
/// table of functions and bounds; `libdevice-report` runs more).
#[test]
fn libdevice_functions_are_within_the_documented_ulp() {
    let opts = Options::default();
    let funcs: Vec<_> = report::FUNCTIONS.iter().collect();
    let rows = report::measure_all(&funcs, 3000, &opts, 2);
    let table = report::format(&rows);
    eprintln!("{table}");
    let failing: Vec<_> = rows.iter().filter(|r| !r.pass()).map(|r| r.name).collect();
    assert!(failing.is_empty(), "over bound: {failing:?}\n{table}");
}

/// The report itself: a function over its bound, a wrong special value and
/// a wrong integer result are each reported as failing.
#[test]
fn the_report_catches_errors() {
    use report::{MathFunction, Ty, UNARY};
    let opts = Options::default();
    // expf measured against a reference that is off by a factor 1 + 2^-20 (8 ulp).
    let off = MathFunction {
        name: "expf",
        ty: Ty::F32,
        mp: &[],
        kind: report::Kind::Ulp,
        shape: UNARY,
        reference: |a| [a[0].exp() * (1.0 + 2f64.powi(-20)), 0.0],
        bound: 2.0,
        regions: &[&[(-1.0, 1.0)]],
        hard: &[],
    };
    let r = report::measure(&off, 200, &opts);
    assert!(!r.pass() && r.max_ulp > 4.0, "{r:?}");
    // floorf against ceil: special values (ceil(-0.5) = -0, floor's is -1) differ.
    let wrong = MathFunction {
        name: "floorf",
        ty: Ty::F32,
        mp: &[],
        kind: report::Kind::Ulp,
        shape: UNARY,
        reference: |a| [a[0].ceil(), 0.0],
        bound: 0.0,
        regions: &[&[(-0.9, -0.1)]],
        hard: &[],
    };
    let r = report::measure(&wrong, 50, &opts);
    assert!(!r.pass() && r.special_count > 0, "{r:?}");
    // An unknown function is a compile error in the row, not a panic.
    let missing = MathFunction {
        name: "no_such_functionf",
        ..off
    };
    let r = report::measure(&missing, 10, &opts);
    assert!(r.error.is_some() && !r.pass(), "{r:?}");
    // A double function measured against the wrong 320-bit reference (sin
    // against cos) fails on the finite arguments, where the reference decides.
    let sin_as_cos = MathFunction {
        name: "sin",
        ty: Ty::F64,
        mp: &["cos"],
        kind: report::Kind::Ulp,
        shape: UNARY,
        reference: |a| [a[0].sin(), 0.0],
        bound: 2.0,
        regions: &[&[(-1.0, 1.0)]],
        hard: &[],
    };
    let r = report::measure(&sin_as_cos, 50, &opts);
    assert!(!r.pass() && r.max_ulp > 1e6, "{r:?}");
    // The same machinery passes the real exp, within an ulp of the 320-bit value.
    let exp = MathFunction {
        name: "exp",
        ty: Ty::F64,
        mp: &["exp"],
        kind: report::Kind::Ulp,
        shape: UNARY,
        reference: |a| [a[0].exp(), 0.0],
        bound: 1.0,
        regions: &[&[(0.25, 1.0)]],
        hard: &[],
    };
    let r = report::measure(&exp, 50, &opts);
    assert!(r.pass() && r.max_ulp < 1.0, "{r:?}");
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

/// sinf and cosf pick their fused multiply-adds by
/// `__nvvm_reflect("__CUDA_FTZ")`, as NVIDIA's libdevice does: nvvm-reflect
/// answers it (a remark for each -ftz), nothing of the other path is left,
/// and a denormal argument is flushed only under -ftz.
#[test]
fn sinf_asks_nvvm_reflect_for_ftz() {
    let src = "extern \"C\" __global__ void k(float *x) { x[0] = sinf(x[0]) + cosf(x[1]); }";
    for ftz in [false, true] {
        let opts = Options {
            ftz,
            ..Options::default()
        };
        let c = ptxlab_core::compile_source("k.cu", src, &opts);
        let reflect = c.stage("nvvm-reflect").expect("nvvm-reflect ran");
        let want = format!("reflect `__CUDA_FTZ` -> {}", u8::from(ftz));
        assert!(
            reflect.remarks.iter().any(|r| r.text.contains(&want)),
            "{:?}",
            reflect.remarks
        );
        let last_ir = c
            .stages
            .iter()
            .rev()
            .find(|s| s.kind == ptxlab_core::StageKind::Ir)
            .unwrap()
            .text();
        // The FTZ path calls the .ftz fma; the other the plain one.
        assert_eq!(last_ir.contains("llvm.nvvm.fma.rn.ftz.f"), ftz, "{last_ir}");
        assert!(!last_ir.contains("__nvvm_reflect"));
        let tiny = -1e-40f32;
        let s = eval("sinf", &[tiny], &opts)[0];
        if ftz {
            assert_eq!(s, 0.0, "{s:e}");
        } else {
            assert_eq!(s, tiny);
        }
    }
}

#[path = "../../core/tests/common/mod.rs"]
mod common;

/// A kernel calling every function of the report assembles for every
/// target, with and without -ftz.
#[test]
fn ptxas_accepts_the_linked_functions() {
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    // The report's kernels, one per function, in one module.
    let src: String = report::FUNCTIONS
        .iter()
        .map(|f| report::kernel_source(f).replace("void k(", &format!("void k_{}(", f.name)))
        .collect();
    let src = src.as_str();
    let dir = common::scratch("libdevice");
    // -ftz changes the instructions' modifiers, not what a target accepts:
    // one target checks it. The targets compile and assemble in parallel.
    let jobs: Vec<(&str, bool)> = common::TARGETS
        .iter()
        .flat_map(|arch| {
            let ftzs: &[bool] = if *arch == common::TARGETS[0] {
                &[false, true]
            } else {
                &[false]
            };
            ftzs.iter().map(move |&ftz| (*arch, ftz))
        })
        .collect();
    let workers = std::thread::available_parallelism().map_or(2, |n| n.get());
    let failures: Vec<String> = std::thread::scope(|s| {
        let handles: Vec<_> = jobs
            .chunks(jobs.len().div_ceil(workers))
            .map(|chunk| {
                let (dir, ptxas) = (&dir, &ptxas);
                s.spawn(move || {
                    let mut failed = Vec::new();
                    for &(arch, ftz) in chunk {
                        let opts = Options {
                            arch: arch.to_string(),
                            ftz,
                            ..Options::default()
                        };
                        let c = ptxlab_core::compile_source("k.cu", src, &opts);
                        let Some(ptx) = c.ptx else {
                            failed.push(format!("{arch}: {:?}", c.diagnostics));
                            continue;
                        };
                        let file = dir.join(format!("k-{arch}-{ftz}.ptx"));
                        std::fs::write(&file, ptx).unwrap();
                        let out = std::process::Command::new(ptxas)
                            .arg(format!("-arch={arch}"))
                            .arg(&file)
                            .arg("-o")
                            .arg(dir.join(format!("k-{arch}-{ftz}.cubin")))
                            .output()
                            .unwrap();
                        if !out.status.success() {
                            failed.push(format!(
                                "{arch} ftz={ftz}: {}",
                                String::from_utf8_lossy(&out.stderr)
                            ));
                        }
                    }
                    failed
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a ptxas worker panicked"))
            .collect()
    });
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
