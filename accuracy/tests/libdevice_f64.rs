//! libdevice's double functions beyond the accuracy report's sampling
//! (`libdevice_report`, tested in libdevice.rs, measures every function's
//! ulp error): the special values, the exact functions, pointer results and
//! the trig reduction's hardest arguments, against a 320-bit reference
//! (`mpref`, astro-float) where a value is not exact. The bounds are the
//! maximum errors NVIDIA documents for the double functions of the CUDA
//! math API (CUDA C Programming Guide, "Mathematical Functions"). Special
//! values follow C99 Annex F exactly.

use ptxlab_accuracy::mpref;
use std::f64::consts::PI;

use ptxlab_core::{compile_to_ir, NoFiles, Options};
use ptxlab_sim::{interp::run_kernel, ArgValue, Config, Launch, Memory};

/// `expr` (over `a` and `b`, doubles) for every input pair, computed by a
/// compiled kernel in the interpreter.
fn eval(expr: &str, a: &[f64], b: &[f64]) -> Vec<f64> {
    let src = format!(
        "__global__ void k(const double *pa, const double *pb, double *y, int n) {{\n  int i = blockIdx.x * blockDim.x + threadIdx.x;\n  if (i >= n) return;\n  double a = pa[i], b = pb[i];\n  y[i] = {expr};\n}}\n"
    );
    let opts = Options::default();
    let m = compile_to_ir("k.cu", &src, &NoFiles, &opts, None)
        .unwrap_or_else(|d| panic!("{expr}: {d:?}"));
    let mut mem = Memory::new();
    let pa = mem.upload(a);
    let pb = mem.upload(b);
    let y = mem.upload(&vec![0f64; a.len()]);
    let n = a.len() as u32;
    let launch = Launch::new(
        [n.div_ceil(128), 1, 1],
        [128, 1, 1],
        vec![
            ArgValue::Buffer(pa),
            ArgValue::Buffer(pb),
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
        max_steps: 4_000_000_000,
        ..Config::for_options(&opts)
    };
    run_kernel(&m, &name, &launch, &mut mem, &config).unwrap_or_else(|e| panic!("{expr}: {e}"));
    mem.download(y)
}

/// C99 Annex F's special cases (and CUDA's for ilogb), compared bit for bit
/// (any NaN for NaN, the sign of zeros included).
#[test]
fn double_special_values_follow_c99_annex_f() {
    let (inf, nan) = (f64::INFINITY, f64::NAN);
    let tiny = f64::from_bits(1);
    let cases: &[(&str, f64, f64, f64)] = &[
        ("sin(a)", 0.0, 0.0, 0.0),
        ("sin(a)", -0.0, 0.0, -0.0),
        ("sin(a)", inf, 0.0, nan),
        ("sin(a)", nan, 0.0, nan),
        ("sin(a)", tiny, 0.0, tiny),
        ("cos(a)", -0.0, 0.0, 1.0),
        ("cos(a)", -inf, 0.0, nan),
        ("tan(a)", -0.0, 0.0, -0.0),
        ("tan(a)", inf, 0.0, nan),
        ("sinpi(a)", -0.0, 0.0, -0.0),
        ("sinpi(a)", 3.0, 0.0, 0.0),
        ("sinpi(a)", -3.0, 0.0, -0.0),
        ("sinpi(a)", 0.5, 0.0, 1.0),
        ("sinpi(a)", 1e300, 0.0, 0.0),
        ("cospi(a)", 1.5, 0.0, 0.0),
        ("cospi(a)", 1.0, 0.0, -1.0),
        ("cospi(a)", 9007199254740993.0, 0.0, 1.0),
        ("cospi(a)", inf, 0.0, nan),
        ("asin(a)", -0.0, 0.0, -0.0),
        ("asin(a)", 1.5, 0.0, nan),
        ("asin(a)", 1.0, 0.0, std::f64::consts::FRAC_PI_2),
        ("acos(a)", 1.0, 0.0, 0.0),
        ("acos(a)", -1.0, 0.0, PI),
        ("acos(a)", -1.5, 0.0, nan),
        ("atan(a)", -0.0, 0.0, -0.0),
        ("atan(a)", inf, 0.0, std::f64::consts::FRAC_PI_2),
        ("atan(a)", -inf, 0.0, -std::f64::consts::FRAC_PI_2),
        ("atan2(a, b)", 0.0, 0.0, 0.0),
        ("atan2(a, b)", -0.0, 0.0, -0.0),
        ("atan2(a, b)", 0.0, -0.0, PI),
        ("atan2(a, b)", -0.0, -0.0, -PI),
        ("atan2(a, b)", 0.0, -1.0, PI),
        ("atan2(a, b)", -0.0, 1.0, -0.0),
        ("atan2(a, b)", -1.0, 0.0, -std::f64::consts::FRAC_PI_2),
        ("atan2(a, b)", 1.0, -inf, PI),
        ("atan2(a, b)", -1.0, inf, -0.0),
        ("atan2(a, b)", inf, 5.0, std::f64::consts::FRAC_PI_2),
        ("atan2(a, b)", inf, -inf, 3.0 * std::f64::consts::FRAC_PI_4),
        ("atan2(a, b)", -inf, inf, -std::f64::consts::FRAC_PI_4),
        ("atan2(a, b)", nan, 1.0, nan),
        ("sinh(a)", -0.0, 0.0, -0.0),
        ("sinh(a)", -inf, 0.0, -inf),
        ("sinh(a)", 711.0, 0.0, inf),
        ("cosh(a)", -0.0, 0.0, 1.0),
        ("cosh(a)", -inf, 0.0, inf),
        ("cosh(a)", -711.0, 0.0, inf),
        ("tanh(a)", -0.0, 0.0, -0.0),
        ("tanh(a)", -inf, 0.0, -1.0),
        ("tanh(a)", nan, 0.0, nan),
        ("asinh(a)", -0.0, 0.0, -0.0),
        ("asinh(a)", -inf, 0.0, -inf),
        ("acosh(a)", 1.0, 0.0, 0.0),
        ("acosh(a)", 0.5, 0.0, nan),
        ("acosh(a)", inf, 0.0, inf),
        ("atanh(a)", -0.0, 0.0, -0.0),
        ("atanh(a)", 1.0, 0.0, inf),
        ("atanh(a)", -1.0, 0.0, -inf),
        ("atanh(a)", 2.0, 0.0, nan),
        ("exp(a)", -0.0, 0.0, 1.0),
        ("exp(a)", -inf, 0.0, 0.0),
        ("exp(a)", inf, 0.0, inf),
        ("exp(a)", 710.0, 0.0, inf),
        ("exp(a)", -746.0, 0.0, 0.0),
        ("exp(a)", nan, 0.0, nan),
        ("exp2(a)", 10.0, 0.0, 1024.0),
        ("exp2(a)", -1074.0, 0.0, tiny),
        ("exp2(a)", 1024.0, 0.0, inf),
        ("exp2(a)", -inf, 0.0, 0.0),
        ("exp10(a)", 3.0, 0.0, 1000.0),
        ("exp10(a)", -inf, 0.0, 0.0),
        ("expm1(a)", -0.0, 0.0, -0.0),
        ("expm1(a)", -inf, 0.0, -1.0),
        ("expm1(a)", inf, 0.0, inf),
        ("log(a)", 0.0, 0.0, -inf),
        ("log(a)", -0.0, 0.0, -inf),
        ("log(a)", 1.0, 0.0, 0.0),
        ("log(a)", -1.0, 0.0, nan),
        ("log(a)", inf, 0.0, inf),
        ("log(a)", nan, 0.0, nan),
        ("log2(a)", 1024.0, 0.0, 10.0),
        ("log2(a)", tiny, 0.0, -1074.0),
        ("log2(a)", -0.0, 0.0, -inf),
        ("log10(a)", 1000.0, 0.0, 3.0),
        ("log10(a)", 0.0, 0.0, -inf),
        ("log1p(a)", -0.0, 0.0, -0.0),
        ("log1p(a)", -1.0, 0.0, -inf),
        ("log1p(a)", -2.0, 0.0, nan),
        ("log1p(a)", inf, 0.0, inf),
        ("pow(a, b)", nan, 0.0, 1.0),
        ("pow(a, b)", 1.0, nan, 1.0),
        ("pow(a, b)", -0.0, -3.0, -inf),
        ("pow(a, b)", 0.0, -3.0, inf),
        ("pow(a, b)", -0.0, -2.0, inf),
        ("pow(a, b)", -0.0, 3.0, -0.0),
        ("pow(a, b)", -0.0, 2.5, 0.0),
        ("pow(a, b)", -1.0, inf, 1.0),
        ("pow(a, b)", 0.5, -inf, inf),
        ("pow(a, b)", 2.0, -inf, 0.0),
        ("pow(a, b)", 0.5, inf, 0.0),
        ("pow(a, b)", 2.0, inf, inf),
        ("pow(a, b)", -inf, -3.0, -0.0),
        ("pow(a, b)", -inf, -2.0, 0.0),
        ("pow(a, b)", -inf, 3.0, -inf),
        ("pow(a, b)", -inf, 2.5, inf),
        ("pow(a, b)", inf, -1.0, 0.0),
        ("pow(a, b)", -2.0, 0.5, nan),
        ("pow(a, b)", -2.0, 3.0, -8.0),
        ("pow(a, b)", 2.0, 1024.0, inf),
        ("pow(a, b)", 2.0, -1074.0, tiny),
        ("pow(a, b)", 10.0, 2.0, 100.0),
        ("erf(a)", -0.0, 0.0, -0.0),
        ("erf(a)", inf, 0.0, 1.0),
        ("erf(a)", -inf, 0.0, -1.0),
        ("erf(a)", nan, 0.0, nan),
        ("erfc(a)", inf, 0.0, 0.0),
        ("erfc(a)", -inf, 0.0, 2.0),
        ("erfc(a)", 0.0, 0.0, 1.0),
        ("erfc(a)", 30.0, 0.0, 0.0),
        ("lgamma(a)", 1.0, 0.0, 0.0),
        ("lgamma(a)", 2.0, 0.0, 0.0),
        ("lgamma(a)", 0.0, 0.0, inf),
        ("lgamma(a)", -0.0, 0.0, inf),
        ("lgamma(a)", -3.0, 0.0, inf),
        ("lgamma(a)", -inf, 0.0, inf),
        ("lgamma(a)", inf, 0.0, inf),
        ("lgamma(a)", nan, 0.0, nan),
        ("tgamma(a)", 0.0, 0.0, inf),
        ("tgamma(a)", -0.0, 0.0, -inf),
        ("tgamma(a)", -2.0, 0.0, nan),
        ("tgamma(a)", -inf, 0.0, nan),
        ("tgamma(a)", inf, 0.0, inf),
        ("tgamma(a)", 172.0, 0.0, inf),
        ("tgamma(a)", 5.0, 0.0, 24.0),
        ("tgamma(a)", -250.5, 0.0, -0.0),
        ("sqrt(a)", -0.0, 0.0, -0.0),
        ("sqrt(a)", -1.0, 0.0, nan),
        ("rsqrt(a)", 0.0, 0.0, inf),
        ("rsqrt(a)", -0.0, 0.0, -inf),
        ("rsqrt(a)", inf, 0.0, 0.0),
        ("rsqrt(a)", 4.0, 0.0, 0.5),
        ("rsqrt(a)", -4.0, 0.0, nan),
        ("cbrt(a)", -27.0, 0.0, -3.0),
        ("cbrt(a)", -0.0, 0.0, -0.0),
        ("cbrt(a)", -inf, 0.0, -inf),
        ("rcbrt(a)", -0.0, 0.0, -inf),
        ("rcbrt(a)", inf, 0.0, 0.0),
        ("rcbrt(a)", 8.0, 0.0, 0.5),
        ("hypot(a, b)", inf, nan, inf),
        ("hypot(a, b)", nan, -inf, inf),
        ("hypot(a, b)", 3.0, -4.0, 5.0),
        ("hypot(a, b)", -0.0, 0.0, 0.0),
        ("hypot(a, b)", 1e308, 1e308, 1.4142135623730951e308),
        ("rhypot(a, b)", 0.0, -0.0, inf),
        ("rhypot(a, b)", inf, nan, 0.0),
        ("erfinv(a)", -1.0, 0.0, -inf),
        ("erfinv(a)", -0.0, 0.0, -0.0),
        ("erfinv(a)", 1.5, 0.0, nan),
        ("erfcinv(a)", 0.0, 0.0, inf),
        ("erfcinv(a)", 2.0, 0.0, -inf),
        ("erfcinv(a)", 1.0, 0.0, 0.0),
        ("erfcinv(a)", -0.5, 0.0, nan),
        ("normcdfinv(a)", 0.5, 0.0, 0.0),
        ("normcdfinv(a)", 1.0, 0.0, inf),
        ("normcdf(a)", -inf, 0.0, 0.0),
        ("normcdf(a)", inf, 0.0, 1.0),
        ("normcdf(a)", 0.0, 0.0, 0.5),
        ("erfcx(a)", inf, 0.0, 0.0),
        ("erfcx(a)", -inf, 0.0, inf),
        ("erfcx(a)", 0.0, 0.0, 1.0),
        ("norm3d(a, b, 0.0)", nan, -inf, inf),
        ("rnorm4d(a, b, 0.0, 0.0)", -0.0, 0.0, inf),
        ("j0(a)", -inf, 0.0, 0.0),
        ("j1(a)", -0.0, 0.0, -0.0),
        ("j1(a)", -inf, 0.0, -0.0),
        ("y0(a)", 0.0, 0.0, -inf),
        ("y1(a)", -1.0, 0.0, nan),
        ("jn(2, a)", -0.0, 0.0, 0.0),
        ("jn(3, a)", -inf, 0.0, -0.0),
        ("jn(-1, a)", 1.0, 0.0, nan),
        ("yn(4, a)", 0.0, 0.0, -inf),
        ("yn(2, a)", inf, 0.0, 0.0),
        ("cyl_bessel_i0(a)", -inf, 0.0, inf),
        ("cyl_bessel_i1(a)", -0.0, 0.0, -0.0),
        ("(double)lround(a)", -2.5, 0.0, -3.0),
        ("(double)llrint(a)", -2.5, 0.0, -2.0),
    ];
    check_exact(cases);
}

/// Compares each `(expression, a, b)` with its exact expected value.
fn check_exact(cases: &[(&str, f64, f64, f64)]) {
    let mut failures = Vec::new();
    // One launch per expression, with all of its inputs.
    let mut exprs: Vec<&str> = cases.iter().map(|c| c.0).collect();
    exprs.dedup();
    for expr in exprs {
        let mine: Vec<_> = cases.iter().filter(|c| c.0 == expr).collect();
        let a: Vec<f64> = mine.iter().map(|c| c.1).collect();
        let b: Vec<f64> = mine.iter().map(|c| c.2).collect();
        let got = eval(expr, &a, &b);
        for (c, g) in mine.iter().zip(got) {
            let want = c.3;
            let same = (g.is_nan() && want.is_nan()) || g.to_bits() == want.to_bits();
            if !same {
                failures.push(format!(
                    "{} with a = {:e}, b = {:e}: got {g:e}, want {want:e}",
                    c.0, c.1, c.2
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The exact functions (no rounding error allowed): remainders, scaling,
/// decomposition, rounding, neighbours.
#[test]
fn exact_double_functions() {
    let (inf, nan) = (f64::INFINITY, f64::NAN);
    let tiny = f64::from_bits(1);
    let max = f64::MAX;
    let cases: &[(&str, f64, f64, f64)] = &[
        ("fmod(a, b)", 5.5, 2.0, 1.5),
        ("fmod(a, b)", -5.5, 2.0, -1.5),
        ("fmod(a, b)", 5.5, -2.0, 1.5),
        ("fmod(a, b)", -4.0, 2.0, -0.0),
        ("fmod(a, b)", 1.0, 3.0, 1.0),
        ("fmod(a, b)", max, 3.0, 2.0),
        ("fmod(a, b)", 1e300, 1e-300, 4.891554850853602e-301),
        ("fmod(a, b)", 3.0 * tiny, 2.0 * tiny, tiny),
        ("fmod(a, b)", inf, 1.0, nan),
        ("fmod(a, b)", 1.0, 0.0, nan),
        ("fmod(a, b)", 1.0, inf, 1.0),
        ("fmod(a, b)", -0.0, 1.0, -0.0),
        ("remainder(a, b)", 5.0, 2.0, 1.0),
        ("remainder(a, b)", 7.0, 2.0, -1.0),
        ("remainder(a, b)", 5.5, 2.0, -0.5),
        ("remainder(a, b)", -5.5, 2.0, 0.5),
        ("remainder(a, b)", -4.0, 2.0, -0.0),
        ("remainder(a, b)", max, 3.0, -1.0),
        ("remainder(a, b)", 3.0, max, 3.0),
        ("remainder(a, b)", 3.0 * tiny, 2.0 * tiny, -tiny),
        ("remainder(a, b)", 1.0, 0.0, nan),
        ("remainder(a, b)", inf, 1.0, nan),
        ("fdim(a, b)", 5.0, 3.0, 2.0),
        ("fdim(a, b)", 3.0, 5.0, 0.0),
        ("fdim(a, b)", nan, 5.0, nan),
        ("fdim(a, b)", max, -max, inf),
        ("round(a)", 2.5, 0.0, 3.0),
        ("round(a)", -2.5, 0.0, -3.0),
        ("round(a)", -0.4, 0.0, -0.0),
        ("round(a)", 0.49999999999999994, 0.0, 0.0),
        ("round(a)", 4503599627370497.0, 0.0, 4503599627370497.0),
        ("round(a)", -inf, 0.0, -inf),
        ("rint(a)", 2.5, 0.0, 2.0),
        ("nearbyint(a)", -3.5, 0.0, -4.0),
        ("trunc(a)", -2.7, 0.0, -2.0),
        ("floor(a)", -2.5, 0.0, -3.0),
        ("ceil(a)", -0.5, 0.0, -0.0),
        ("fabs(a)", -0.0, 0.0, 0.0),
        ("copysign(a, b)", 3.0, -0.0, -3.0),
        ("fmin(a, b)", nan, 2.0, 2.0),
        ("fmax(a, b)", 1.0, nan, 1.0),
        ("fma(a, b, 1.0)", 3.0, 4.0, 13.0),
        ("ldexp(a, (int)b)", 1.0, 1023.0, 8.98846567431158e307),
        ("ldexp(a, (int)b)", 1.0, -1074.0, tiny),
        ("ldexp(a, (int)b)", 3.0, -1075.0, 2.0 * tiny),
        ("ldexp(a, (int)b)", tiny, 2000.0, 2f64.powi(926)),
        ("ldexp(a, (int)b)", 1.0, 1024.0, inf),
        ("ldexp(a, (int)b)", max, -2100.0, 0.0),
        ("ldexp(a, (int)b)", -0.0, 5.0, -0.0),
        ("scalbn(a, (int)b)", 1.5, 3.0, 12.0),
        ("scalbn(a, (int)b)", 1.5, -1074.0, 2.0 * tiny),
        ("(double)ilogb(a)", 1024.0, 0.0, 10.0),
        ("(double)ilogb(a)", tiny, 0.0, -1074.0),
        ("(double)ilogb(a)", 0.0, 0.0, -2147483648.0),
        ("(double)ilogb(a)", nan, 0.0, -2147483648.0),
        ("(double)ilogb(a)", -inf, 0.0, 2147483647.0),
        ("logb(a)", -0.75, 0.0, -1.0),
        ("logb(a)", 0.0, 0.0, -inf),
        ("logb(a)", -inf, 0.0, inf),
        ("logb(a)", 3.0 * tiny, 0.0, -1073.0),
        ("nextafter(a, b)", 1.0, 2.0, 1.0000000000000002),
        ("nextafter(a, b)", 1.0, 0.0, 0.9999999999999999),
        ("nextafter(a, b)", 0.0, -1.0, -tiny),
        ("nextafter(a, b)", -tiny, 1.0, -0.0),
        ("nextafter(a, b)", max, inf, inf),
        ("nextafter(a, b)", 2.0, 2.0, 2.0),
        ("nextafter(a, b)", nan, 2.0, nan),
        (
            "__hiloint2double(__double2hiint(a), __double2loint(a))",
            -1.2345e-300,
            0.0,
            -1.2345e-300,
        ),
        ("(double)__double2hiint(a)", -2.0, 0.0, -1073741824.0),
    ];
    check_exact(cases);
}

/// frexp, modf and sincos write through pointers.
#[test]
fn double_functions_with_pointer_results() {
    let tiny = f64::from_bits(1);
    let src = "__global__ void k(const double *a, double *m, int *e, double *ip, double *s, double *c, int n) {\n  int i = threadIdx.x;\n  if (i >= n) return;\n  m[i] = frexp(a[i], &e[i]);\n  double f = modf(a[i], &ip[i]);\n  m[i + n] = f;\n  sincos(a[i], &s[i], &c[i]);\n}\n";
    let opts = Options::default();
    let module =
        compile_to_ir("k.cu", src, &NoFiles, &opts, None).unwrap_or_else(|d| panic!("{d:?}"));
    let xs = [
        0.0,
        -0.0,
        1.0,
        -3.75,
        tiny,
        f64::MAX,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1e300,
        -2.5,
    ];
    let n = xs.len();
    let mut mem = Memory::new();
    let a = mem.upload(&xs);
    let m = mem.upload(&vec![0f64; 2 * n]);
    let e = mem.upload(&vec![0i32; n]);
    let ip = mem.upload(&vec![0f64; n]);
    let s = mem.upload(&vec![0f64; n]);
    let c = mem.upload(&vec![0f64; n]);
    let launch = Launch::new(
        [1, 1, 1],
        [32, 1, 1],
        vec![
            ArgValue::Buffer(a),
            ArgValue::Buffer(m),
            ArgValue::Buffer(e),
            ArgValue::Buffer(ip),
            ArgValue::Buffer(s),
            ArgValue::Buffer(c),
            ArgValue::I32(n as i32),
        ],
    );
    let name = module
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .unwrap()
        .name
        .clone();
    run_kernel(
        &module,
        &name,
        &launch,
        &mut mem,
        &Config::for_options(&opts),
    )
    .unwrap();
    let (mv, ev, ipv, sv, cv) = (
        mem.download::<f64>(m),
        mem.download::<i32>(e),
        mem.download::<f64>(ip),
        mem.download::<f64>(s),
        mem.download::<f64>(c),
    );
    let bits = |v: f64| v.to_bits();
    // frexp: x = m·2^e with |m| in [0.5, 1); zeros and infinities keep x, e = 0.
    let want_frexp = [
        (0.0, 0),
        (-0.0, 0),
        (0.5, 1),
        (-0.9375, 2),
        (0.5, -1073),
        (f64::MAX / 2f64.powi(1023) / 2.0, 1024),
        (f64::INFINITY, 0),
        (f64::NEG_INFINITY, 0),
        (1e300 / 2f64.powi(997), 997),
        (-0.625, 2),
    ];
    for (k, (wm, we)) in want_frexp.iter().enumerate() {
        assert_eq!((bits(mv[k]), ev[k]), (bits(*wm), *we), "frexp({:e})", xs[k]);
    }
    // modf: the fraction with the sign of x (±0 for infinities), the integral part.
    for (k, x) in xs.iter().enumerate() {
        let (wi, wf) = if x.is_infinite() {
            (*x, 0f64.copysign(*x))
        } else {
            (x.trunc(), (x - x.trunc()).copysign(*x))
        };
        assert_eq!(
            (bits(mv[n + k]), bits(ipv[k])),
            (bits(wf), bits(wi)),
            "modf({x:e})"
        );
    }
    // sincos: the same values as sin and cos.
    let sin = eval("sin(a)", &xs, &xs);
    let cos = eval("cos(a)", &xs, &xs);
    for k in 0..n {
        let same = |p: f64, q: f64| (p.is_nan() && q.is_nan()) || bits(p) == bits(q);
        assert!(
            same(sv[k], sin[k]) && same(cv[k], cos[k]),
            "sincos({:e})",
            xs[k]
        );
    }
}

#[path = "../../core/tests/common/mod.rs"]
mod common;

/// Kernels calling every double function assemble for every target (one
/// small kernel per function: one huge one would spend the test's time in
/// our own passes).
#[test]
fn ptxas_accepts_the_double_functions() {
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let calls = [
        "sin(v)",
        "cos(v)",
        "tan(v)",
        "sinpi(v)",
        "cospi(v)",
        "asin(v)",
        "acos(v)",
        "atan(v)",
        "atan2(v, w)",
        "sinh(v)",
        "cosh(v)",
        "tanh(v)",
        "asinh(v)",
        "acosh(v)",
        "atanh(v)",
        "exp(v)",
        "exp2(v)",
        "exp10(v)",
        "expm1(v)",
        "log(v)",
        "log2(v)",
        "log10(v)",
        "log1p(v)",
        "pow(v, w)",
        "rsqrt(v)",
        "cbrt(v)",
        "rcbrt(v)",
        "hypot(v, w)",
        "rhypot(v, w)",
        "round(v)",
        "fmod(v, w)",
        "remainder(v, w)",
        "fdim(v, w)",
        "ldexp(v, e[0])",
        "scalbn(v, e[0])",
        "frexp(v, &e[1])",
        "modf(v, &x[2])",
        "logb(v)",
        "ilogb(v)",
        "nextafter(v, w)",
        "norm(e[2], x + 2)",
        "rnorm(e[2], x + 2)",
        "(double)normf(e[2], (const float *)x + 2)",
        "(double)rnormf(e[2], (const float *)x + 2)",
    ];
    let mut src = String::from("__global__ void ksc(double *x) { sincos(x[0], &x[1], &x[2]); }\n");
    for (k, call) in calls.iter().enumerate() {
        src += &format!("__global__ void k{k}(double *x, int *e) {{ double v = x[0], w = x[1]; x[0] = {call}; }}\n");
    }
    let src = src.as_str();
    let dir = common::scratch("libdevice_f64");
    for arch in common::TARGETS {
        let opts = Options {
            arch: arch.to_string(),
            ..Options::default()
        };
        let c = ptxlab_core::compile_source("k.cu", src, &opts);
        let ptx = c
            .ptx
            .unwrap_or_else(|| panic!("{arch}: {:?}", c.diagnostics));
        let file = dir.join(format!("k-{arch}.ptx"));
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
            "{arch}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

/// Trig arguments closest to multiples of π/2 (the hardest for the
/// reduction: x mod π/2 is about 2^-61 for the first), and the extremes.
#[test]
fn trig_reduction_holds_at_the_hardest_arguments() {
    let worst = 6381956970095103.0 * 2f64.powi(797);
    let xs = [
        worst,
        -worst,
        f64::MAX,
        1073741823.5,
        1073741824.0,
        5.0 * 2f64.powi(-29) * 2f64.powi(30) * 1e6,
        355.0,
        103993.0,
        2.0f64.powi(1000),
    ];
    let mut r = mpref::Ref::new();
    let mut failures = Vec::new();
    for func in ["sin", "cos", "tan"] {
        let got = eval(&format!("{func}(a)"), &xs, &xs);
        for (x, g) in xs.iter().zip(got) {
            let e = mpref::ulps(g, &r.eval(func, &[*x]));
            if e.is_nan() || e > 1.0 {
                failures.push(format!("{func}({x:e}) = {g:e}: {e:.3} ulp"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// norm and rnorm of arrays (and the float normf, rnormf): within an ulp
/// where the exact value is not a double, exact where it is; an infinity
/// wins over a NaN, no elements is a norm of 0; no overflow for large
/// elements.
#[test]
fn norms_of_arrays() {
    let src = "__global__ void k(const double *a, const float *f, double *r, float *rf) {\n  r[0] = norm(5, a); r[1] = rnorm(5, a); r[2] = norm(3, a + 5); r[3] = rnorm(3, a + 5);\n  r[4] = norm(2, a + 8); r[5] = rnorm(0, a); r[6] = norm(2, a + 9); r[7] = norm(1, a + 10);\n  rf[0] = normf(4, f); rf[1] = rnormf(4, f); rf[2] = normf(2, f + 4); rf[3] = rnormf(2, f + 4);\n}\n";
    let opts = Options::default();
    let m = compile_to_ir("k.cu", src, &NoFiles, &opts, None).unwrap_or_else(|d| panic!("{d:?}"));
    let a = [
        1.0,
        2.0,
        3.0,
        4.0,
        -5.0,
        1e300,
        -1e300,
        1e300,
        f64::INFINITY,
        f64::NAN,
        -4.9e-324,
    ];
    let f = [3.0f32, -4.0, 12.0, 84.0, f32::NAN, 1.0];
    let mut mem = Memory::new();
    let pa = mem.upload(&a);
    let pf = mem.upload(&f);
    let r = mem.upload(&[0f64; 8]);
    let rf = mem.upload(&[0f32; 4]);
    let launch = Launch::new(
        [1, 1, 1],
        [1, 1, 1],
        vec![
            ArgValue::Buffer(pa),
            ArgValue::Buffer(pf),
            ArgValue::Buffer(r),
            ArgValue::Buffer(rf),
        ],
    );
    let name = m
        .functions
        .iter()
        .find(|g| g.attrs.kernel)
        .unwrap()
        .name
        .clone();
    run_kernel(&m, &name, &launch, &mut mem, &Config::for_options(&opts)).unwrap();
    let r = mem.download::<f64>(r);
    let rf = mem.download::<f32>(rf);
    let mut rp = mpref::Ref::new();
    // against the 320-bit values, within an ulp
    let close = |got: f64, name: &str, args: &[f64], rp: &mut mpref::Ref| {
        let e = mpref::ulps(got, &rp.eval(name, args));
        assert!(e <= 1.0, "{name}{args:?} = {got:e}: {e} ulp");
    };
    close(r[0], "norm", &[1.0, 2.0, 3.0, 4.0, -5.0], &mut rp);
    close(r[1], "rnorm", &[1.0, 2.0, 3.0, 4.0, -5.0], &mut rp);
    close(r[2], "norm", &[1e300, -1e300, 1e300], &mut rp);
    close(r[3], "rnorm", &[1e300, -1e300, 1e300], &mut rp);
    assert_eq!(r[4], f64::INFINITY);
    assert_eq!(r[5], f64::INFINITY);
    assert!(r[6].is_nan());
    assert_eq!(r[7], 4.9e-324);
    assert_eq!(rf[0], 85.0);
    assert_eq!(rf[1], 1.0 / 85.0);
    assert!(rf[2].is_nan() && rf[3].is_nan());
}
