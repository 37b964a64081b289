//! Reference math in f64 for the functions Rust's std and libm lack
//! (`erfcx`, `normcdfinv`, the Bessel functions, `sinpi`, …).

use crate::function::Ty;

/// An integral value as `lround`'s result, NaN (unspecified) where no
/// `long long` holds it.
pub(crate) fn to_long(r: f64) -> f64 {
    if r.abs() < 9.2e18 {
        r
    } else {
        f64::NAN
    }
}

/// sqrt(Σ a²) as a double-double (h, l) times 2^k, for finite arguments
/// not all zero: scaled by a power of two, the squares and their sum as
/// double-doubles, the square root corrected once.
pub(crate) fn norm_dd(a: &[f64]) -> (f64, f64, i32) {
    let m = a.iter().fold(0f64, |m, v| m.max(v.abs()));
    let k = m.log2().floor() as i32;
    let (mut sh, mut sl) = (0f64, 0f64);
    for v in a {
        let x = libm::ldexp(*v, -k);
        let p = x * x;
        let pl = x.mul_add(x, -p);
        let s = sh + p;
        let bb = s - sh;
        sl += (sh - (s - bb)) + (p - bb) + pl;
        sh = s;
    }
    let h = sh.sqrt();
    (h, ((-h).mul_add(h, sh) + sl) / (h + h), k)
}

/// sqrt(Σ a²) within a fraction of an ulp for any doubles; infinite when
/// an argument is (even beside a NaN).
pub(crate) fn norm_ref(a: &[f64]) -> f64 {
    if a.iter().any(|v| v.is_infinite()) {
        return f64::INFINITY;
    }
    if a.iter().any(|v| v.is_nan()) {
        return f64::NAN;
    }
    if a.iter().all(|v| *v == 0.0) {
        return 0.0;
    }
    let (h, l, k) = norm_dd(a);
    libm::ldexp(h + l, k)
}

/// 1/sqrt(Σ a²), as [`norm_ref`] (finite where the norm overflows).
pub(crate) fn rnorm_ref(a: &[f64]) -> f64 {
    if a.iter().any(|v| v.is_infinite() || v.is_nan()) || a.iter().all(|v| *v == 0.0) {
        return 1.0 / norm_ref(a);
    }
    let (h, l, k) = norm_dd(a);
    let r = 1.0 / h;
    let rl = ((-r).mul_add(h, 1.0) - r * l) / h;
    libm::ldexp(r + rl, -k)
}

/// erfcx(x) = e^(x²)·erfc(x) in f64 (the asymptotic series from 25 on).
pub(crate) fn erfcx(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    if x >= 25.0 {
        let r = 1.0 / (x * x);
        let s = 1.0 - r * (0.5 - r * (0.75 - r * (1.875 - r * 6.5625)));
        return s / x / std::f64::consts::PI.sqrt();
    }
    (x * x).exp() * libm::erfc(x)
}

/// The normal distribution's CDF, erfc(-x/√2)/2.
pub(crate) fn normcdf(x: f64) -> f64 {
    if x < -37.0 {
        // Deep in the tail erfc underflows early (to 0 where the true value
        // is the least denormal, 2.7e-324 at -38.483): φ(x)/|x|·(1 - 1/x² +
        // 3/x⁴ - 15/x⁶) as one exp, which rounds into the denormals.
        let r = 1.0 / (x * x);
        let series = 1.0 - r * (1.0 - r * (3.0 - 15.0 * r));
        let scale = series / (-x * (2.0 * std::f64::consts::PI).sqrt());
        return (-0.5 * x * x + scale.ln()).exp();
    }
    0.5 * libm::erfc(-x * std::f64::consts::FRAC_1_SQRT_2)
}

/// The inverse of [`normcdf`], -√2·erfcinv(2p) (+0 at p = 1/2).
pub(crate) fn normcdfinv(p: f64) -> f64 {
    if p == 0.5 {
        return 0.0;
    }
    -std::f64::consts::SQRT_2 * erfcinv(2.0 * p)
}

/// 1 / hypot(a, b), without hypot's overflow (rhypot(DBL_MAX, DBL_MAX) is a
/// denormal, not 0).
pub(crate) fn rhypot(a: f64, b: f64) -> f64 {
    let m = a.abs().max(b.abs());
    if a.is_infinite() || b.is_infinite() {
        return 0.0;
    }
    if m == 0.0 || m.is_nan() {
        return 1.0 / a.hypot(b);
    }
    1.0 / m / (a / m).hypot(b / m)
}

/// I0 in f64 (which decides the special values): the power series below
/// 30, the asymptotic series e^x/√(2πx)·(1 + 1/(8x) + 9/(128x²) + …) beyond,
/// with e^x in halves so that it overflows only where I0 does.
pub(crate) fn bessel_i0(x: f64) -> f64 {
    bessel_i(x.abs(), false)
}

/// I1, odd.
pub(crate) fn bessel_i1(x: f64) -> f64 {
    bessel_i(x.abs(), true).copysign(x)
}

pub(crate) fn bessel_i(x: f64, order1: bool) -> f64 {
    if x.is_nan() || x.is_infinite() {
        return x;
    }
    if x < 30.0 {
        let z = x * x / 4.0;
        let (mut term, mut sum) = (1.0, 1.0);
        for k in 1..200 {
            let k = f64::from(k);
            term *= z / if order1 { k * (k + 1.0) } else { k * k };
            sum += term;
        }
        return if order1 { sum * x / 2.0 } else { sum };
    }
    if x > 720.0 {
        return f64::INFINITY;
    }
    // Σ ∏(4n² - (2j-1)²) / (j! (8x)^j), n the order, alternating signs
    let mu = if order1 { 4.0 } else { 0.0 };
    let (mut term, mut sum) = (1.0, 1.0);
    for j in 1..12 {
        let j = f64::from(j);
        term *= -(mu - (2.0 * j - 1.0) * (2.0 * j - 1.0)) / (j * 8.0 * x);
        sum += term;
    }
    let half = (x / 2.0).exp();
    half * (half / (2.0 * std::f64::consts::PI * x).sqrt()) * sum
}

/// `__fdividef(x, y)`: x times the reciprocal of y, which is 0 for |y| >
/// 2^126 (so 0 there, NaN for an infinite x), else x/y.
pub(crate) fn fdividef(x: f64, y: f64) -> f64 {
    if y.abs() > 2f64.powi(126) {
        return x * 0f64.copysign(y);
    }
    x / y
}

/// J1 with CUDA's ±0 at ±∞.
pub(crate) fn j1(x: f64) -> f64 {
    if x.is_infinite() {
        0f64.copysign(x)
    } else {
        libm::j1(x)
    }
}

/// Y0 and Y1: NaN below 0, -∞ at ±0.
pub(crate) fn y0(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        libm::y0(x)
    }
}

pub(crate) fn y1(x: f64) -> f64 {
    if x == 0.0 {
        f64::NEG_INFINITY
    } else {
        libm::y1(x)
    }
}

/// J_n as CUDA's `jn`: NaN for n < 0, J_n(-x) = (-1)^n J_n(x), ±0 at ±∞.
pub(crate) fn jn(n: f64, x: f64) -> f64 {
    if n < 0.0 {
        return f64::NAN;
    }
    let odd = (n as i64) % 2 == 1;
    if x.is_infinite() {
        return if odd { 0f64.copysign(x) } else { 0.0 };
    }
    match n as i32 {
        0 => libm::j0(x),
        1 => j1(x),
        k => libm::jn(k, x),
    }
}

/// Y_n as CUDA's `yn`: NaN for n < 0 or x < 0, -∞ at ±0.
pub(crate) fn yn(n: f64, x: f64) -> f64 {
    if n < 0.0 || x < 0.0 {
        return f64::NAN;
    }
    if x == 0.0 {
        return f64::NEG_INFINITY;
    }
    libm::yn(n as i32, x)
}

/// sin(πx), ±0 at the integers (C23's sinpi).
pub(crate) fn sinpi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let t = x % 2.0;
    if t == t.trunc() {
        return 0f64.copysign(x);
    }
    (std::f64::consts::PI * t).sin()
}

/// cos(πx), +0 at the half-integers.
pub(crate) fn cospi(x: f64) -> f64 {
    if x.is_infinite() {
        return f64::NAN;
    }
    let t = x % 2.0;
    if (t + 0.5) == (t + 0.5).trunc() {
        return 0.0;
    }
    (std::f64::consts::PI * t).cos()
}

/// The inverse of erfc for c in (0, 2), by Newton's method on ln erfc (for
/// c ≤ 1) with erfc's symmetry above.
pub(crate) fn erfcinv(c: f64) -> f64 {
    if c.is_nan() || !(0.0..=2.0).contains(&c) {
        return f64::NAN;
    }
    if c == 0.0 {
        return f64::INFINITY;
    }
    if c == 2.0 {
        return f64::NEG_INFINITY;
    }
    if c > 1.0 {
        return -erfcinv(2.0 - c);
    }
    if c == 1.0 {
        return 0.0;
    }
    let target = c.ln();
    let mut x: f64 = if c < 0.5 {
        (-target).sqrt()
    } else {
        (1.0 - c) * 0.886
    };
    for _ in 0..100 {
        // ln erfc(x) = ln erfcx(x) - x² (no underflow), and its slope
        // -2/(√π·erfcx(x))
        let ex = erfcx(x);
        let d = -2.0 / std::f64::consts::PI.sqrt() / ex;
        let step = ((ex.ln() - x * x) - target) / d;
        x -= step;
        if step.abs() <= 1e-17 * x.abs() {
            break;
        }
    }
    x
}

/// The inverse of erf: Newton's method on erf near 0, erfcinv(1 - y) beyond.
pub(crate) fn erfinv(y: f64) -> f64 {
    if y.is_nan() || y.abs() > 1.0 {
        return f64::NAN;
    }
    if y == 0.0 || y.abs() == 1.0 {
        return if y == 0.0 {
            y
        } else {
            f64::INFINITY.copysign(y)
        };
    }
    if y.abs() >= 0.5 {
        return erfcinv(1.0 - y.abs()).copysign(y);
    }
    let mut x = y * 0.886;
    for _ in 0..100 {
        let d = 2.0 / std::f64::consts::PI.sqrt() * (-x * x).exp();
        let step = (libm::erf(x) - y) / d;
        x -= step;
        if step.abs() <= 1e-17 * x.abs() {
            break;
        }
    }
    x
}

/// `a * b + c` rounded once to f32, for float arguments.
pub(crate) fn fma_f32_exact(a: f64, b: f64, c: f64) -> f64 {
    let p = a * b; // exact: 24 + 24 bits
    if !p.is_finite() || !c.is_finite() {
        return Ty::F32.round(p + c);
    }
    // p + c = s + t exactly (two-sum); rounding s to f32 is right unless s
    // lies exactly halfway between two floats, where t decides.
    let s = p + c;
    let bb = s - p;
    let t = (p - (s - bb)) + (c - bb);
    let r = Ty::F32.round(s);
    if t == 0.0 || !r.is_finite() || r == s {
        return r;
    }
    // The float on s's other side of r: s is a tie when exactly halfway.
    let other = if s < r {
        f64::from((r as f32).next_down())
    } else {
        f64::from((r as f32).next_up())
    };
    if s - r == (other - r) / 2.0 && (other - s).signum() == t.signum() {
        return other;
    }
    r
}
