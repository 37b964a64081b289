//! The `__nv_*` functions of the CUDA math API, as CUDA C source text that
//! ptxlab's own frontend compiles and the `link` stage adds on demand.
//!
//! This is our own code (NVIDIA's libdevice is not copied): classic
//! argument reduction (Cody and Waite) and polynomial approximations
//! (coefficients after Cephes), using NVVM's builtins (`__nvvm_fma_rn_f`,
//! `__nvvm_rint_f`, `__nvvm_bitcast_f2i`, …). Like NVIDIA's libdevice, the
//! functions ask `__nvvm_reflect("__CUDA_FTZ")` how to treat denormals; after
//! nvvm-reflect only one path remains.
//!
//! Architecture Invariant: this crate holds source text only; it depends on
//! nothing, so the compiler can embed it in the wasm bundle.

/// One libdevice function: its `__nv_*` name and the CUDA C that defines it
/// (with everything it calls that is not itself a listed function), in
/// parts: the shared helpers first, then its own definitions. A helper is
/// one string in the binary however many functions list it (concatenated
/// per function, the sources were 1.3 MB of mostly repeated text).
pub struct LibdeviceFunction {
    pub name: &'static str,
    pub source: &'static [&'static str],
}

/// Flushing a denormal float to a zero of its sign under -ftz, and the
/// double-precision kernels that the float functions with tight bounds
/// (powf, erff, lgammaf, …) compute in: ln, exp, expm1, log1p, sin(πt) and
/// cos(πt), atan (coefficients fitted for this crate: Chebyshev fits of
/// the reduced functions, then Horner).
macro_rules! common_f {
    () => {
        r#"
__device__ __forceinline__ float __nv_internal_ftz(float a) {
    if (__nvvm_reflect("__CUDA_FTZ") && __nvvm_fabs_f(a) < 1.17549435e-38f) return 0.0f * a;
    return a;
}
__device__ __forceinline__ double __nv_internal_pow2_d(int k) {
    return __longlong_as_double((long long)(k + 1023) << 52);
}
// e^x for |x| <= 300 (clamped beyond: far outside float's range).
__device__ __forceinline__ double __nv_internal_exp_d(double x) {
    if (x > 300.0) x = 300.0;
    if (x < -300.0) x = -300.0;
    double j = rint(x * 1.4426950408889634);
    double r = fma(j, -6.93147180369123816490e-01, x);
    r = fma(j, -1.90821492927058770002e-10, r);
    double p = 1.6059043836821613e-10;
    p = fma(p, r, 2.08767569878681e-09);
    p = fma(p, r, 2.505210838544172e-08);
    p = fma(p, r, 2.755731922398589e-07);
    p = fma(p, r, 2.7557319223985893e-06);
    p = fma(p, r, 2.48015873015873e-05);
    p = fma(p, r, 1.984126984126984e-04);
    p = fma(p, r, 1.3888888888888889e-03);
    p = fma(p, r, 8.333333333333333e-03);
    p = fma(p, r, 4.1666666666666664e-02);
    p = fma(p, r, 1.6666666666666666e-01);
    p = fma(p, r, 0.5);
    p = fma(p, r, 1.0);
    p = fma(p, r, 1.0);
    return p * __nv_internal_pow2_d((int)j);
}
// e^x - 1 without cancellation near 0.
__device__ __forceinline__ double __nv_internal_expm1_d(double x) {
    if (fabs(x) >= 0.35) return __nv_internal_exp_d(x) - 1.0;
    double p = 1.1470745597729725e-11;
    p = fma(p, x, 1.6059043836821613e-10);
    p = fma(p, x, 2.08767569878681e-09);
    p = fma(p, x, 2.505210838544172e-08);
    p = fma(p, x, 2.755731922398589e-07);
    p = fma(p, x, 2.7557319223985893e-06);
    p = fma(p, x, 2.48015873015873e-05);
    p = fma(p, x, 1.984126984126984e-04);
    p = fma(p, x, 1.3888888888888889e-03);
    p = fma(p, x, 8.333333333333333e-03);
    p = fma(p, x, 4.1666666666666664e-02);
    p = fma(p, x, 1.6666666666666666e-01);
    p = fma(p, x, 0.5);
    return fma(x * x, p, x);
}
// ln(x) for finite x > 0 (normal as a double): x = 2^e m, m in [√½, √2),
// ln m = 2 atanh((m-1)/(m+1)).
__device__ __forceinline__ double __nv_internal_log_d(double x) {
    long long b = __double_as_longlong(x);
    int e = (int)((b >> 52) & 2047) - 1023;
    double m = __longlong_as_double((b & 0x000fffffffffffffLL) | 0x3ff0000000000000LL);
    if (m > 1.4142135623730951) {
        m = m * 0.5;
        e = e + 1;
    }
    double s = (m - 1.0) / (m + 1.0);
    double z = s * s;
    double p = 1.0 / 23.0;
    p = fma(p, z, 1.0 / 21.0);
    p = fma(p, z, 1.0 / 19.0);
    p = fma(p, z, 1.0 / 17.0);
    p = fma(p, z, 1.0 / 15.0);
    p = fma(p, z, 1.0 / 13.0);
    p = fma(p, z, 1.0 / 11.0);
    p = fma(p, z, 1.0 / 9.0);
    p = fma(p, z, 1.0 / 7.0);
    p = fma(p, z, 1.0 / 5.0);
    p = fma(p, z, 1.0 / 3.0);
    double s2 = s + s;
    double lnm = fma(s2 * z, p, s2);
    double de = (double)e;
    return fma(de, 6.93147180369123816490e-01, fma(de, 1.90821492927058770002e-10, lnm));
}
// ln(1 + u) for finite u > -1.
__device__ __forceinline__ double __nv_internal_log1p_d(double u) {
    double v = 1.0 + u;
    if (v == 1.0) return u;
    return __nv_internal_log_d(v) * (u / (v - 1.0));
}
// sin(π t) (cos when `c`) for finite t.
__device__ __forceinline__ double __nv_internal_sincospi_d(double t, int c) {
    double n = rint(t + t);
    double y = (t - 0.5 * n) * 3.141592653589793;
    int q = (int)((long long)n & 3) + c;
    double z = y * y;
    double sp = 2.8114572543455206e-15;
    sp = fma(sp, z, -7.647163731819816e-13);
    sp = fma(sp, z, 1.6059043836821613e-10);
    sp = fma(sp, z, -2.505210838544172e-08);
    sp = fma(sp, z, 2.755731922398589e-06);
    sp = fma(sp, z, -1.984126984126984e-04);
    sp = fma(sp, z, 8.333333333333333e-03);
    sp = fma(sp, z, -1.6666666666666666e-01);
    double sv = fma(y * z, sp, y);
    double cp = -1.5619206968586225e-16;
    cp = fma(cp, z, 4.779477332387385e-14);
    cp = fma(cp, z, -1.1470745597729725e-11);
    cp = fma(cp, z, 2.08767569878681e-09);
    cp = fma(cp, z, -2.755731922398589e-07);
    cp = fma(cp, z, 2.48015873015873e-05);
    cp = fma(cp, z, -1.3888888888888889e-03);
    cp = fma(cp, z, 4.1666666666666664e-02);
    cp = fma(cp, z, -0.5);
    double cv = fma(z, cp, 1.0);
    double r = (q & 1) ? cv : sv;
    return (q & 2) ? -r : r;
}
// atan(a) for a >= 0 (+inf included).
__device__ __forceinline__ double __nv_internal_atan_d(double a) {
    int inv = a > 1.0;
    double t = inv ? 1.0 / a : a;
    double off = 0.0;
    if (t > 0.41421356237309503) {
        t = (t - 1.0) / (t + 1.0);
        off = 0.7853981633974483;
    }
    double z = t * t;
    double p = 0.021134699951497873;
    p = fma(p, z, -0.043479972450989016);
    p = fma(p, z, 0.056883301988754326);
    p = fma(p, z, -0.06640230294264204);
    p = fma(p, z, 0.07689953077731812);
    p = fma(p, z, -0.09090773045092805);
    p = fma(p, z, 0.11111106179176837);
    p = fma(p, z, -0.14285714180944986);
    p = fma(p, z, 0.1999999999885472);
    p = fma(p, z, -0.33333333333328435);
    double r = off + fma(t * z, p, t);
    return inv ? (1.5707963267948966 - r) + 6.123233995736766e-17 : r;
}
"#
    };
}

/// sin and cos of a float share the reduction to [-π/4, π/4] (quadrant in
/// `q`): for |x| < 105615 π/2 in three parts with fused multiply-adds
/// (Cody and Waite; j·P1 is exact, the first difference too), beyond it
/// Payne and Hanek's: x·2/π mod 4 as a 64-bit fixed-point number (2 bits of
/// quadrant, 62 of fraction) from the 96 bits of 2/π that matter for x's
/// exponent (funnel shifts of a table of its first 224 bits, the same
/// digits as `double.rs`' table) times the 24-bit mantissa. The
/// polynomials are minimax fits (`tools/float_tables.py sinf cosf`):
/// sin r = r + r³·S(r²), cos r = 1 + r²·C(r²); tan shares the reduction.
macro_rules! sincos_f {
    () => {
        r#"
__device__ const unsigned int __nv_internal_2opi_f[8] = {0u, 0xa2f9836eu, 0x4e441529u, 0xfc2757d1u,
                                                         0xf534ddc0u, 0xdb629599u, 0x3c439041u, 0xfe5163abu};
/* NVIDIA's libdevice is bitcode compiled once for every -ftz, so its float
   functions ask __nvvm_reflect("__CUDA_FTZ") which form of an operation to
   call; sin and cos do the same for their fused multiply-adds. The FTZ path's
   fma is the .ftz one (__fmaf_rn under -ftz); nvvm-reflect answers the
   query and nvvm-reflect-pp deletes the other path. */
#define __nv_internal_fma_f(a, b, c) \
    (__nvvm_reflect("__CUDA_FTZ") ? __fmaf_rn((a), (b), (c)) : __nvvm_fma_rn_f((a), (b), (c)))
__device__ __forceinline__ float __nv_internal_trig_reduce(float a, int *quadrant) {
    /* j as an integer and back: j = 0 is +0, so a = -0 keeps its sign in r */
    int q = __float2int_rn(a * 0.636619772f);
    float j = (float)q;
    float r = __nv_internal_fma_f(j, -1.57079625129699707031f, a);
    r = __nv_internal_fma_f(j, -7.54978941586159635335e-08f, r);
    r = __nv_internal_fma_f(j, -5.39030252995776476554e-15f, r);
    if (!(__nvvm_fabs_f(a) < 105615.0f)) {
        /* a = m·2^(e-23); the window of 2/π starts at bit e - 24 (bit p weighs 2^-p) */
        unsigned int bits = (unsigned int)__nvvm_bitcast_f2i(a);
        unsigned int m = (bits & 0x7fffffu) | 0x800000u;
        int o = (int)((bits >> 23) & 255u) - 120;
        int w = o >> 5;
        int sh = o & 31;
        unsigned int t1 = __nv_internal_2opi_f[w + 1];
        unsigned int t2 = __nv_internal_2opi_f[w + 2];
        unsigned int g2 = __funnelshift_l(t1, __nv_internal_2opi_f[w], sh);
        unsigned int g1 = __funnelshift_l(t2, t1, sh);
        unsigned int g0 = __funnelshift_l(__nv_internal_2opi_f[w + 3], t2, sh);
        /* the top 64 of the low 96 bits of m·(g2:g1:g0): (x·2/π mod 4)·2^62 */
        unsigned long long y = (unsigned long long)m * g1 + __umulhi(m, g0) + ((unsigned long long)(m * g2) << 32);
        if (a < 0.0f) y = (unsigned long long)(-(long long)y);
        /* the nearest quadrant, and the rest (a fraction of 1/2 or more is
           its complement less one: y·4 as a signed number) */
        q = (int)((y + (1ull << 61)) >> 62);
        long long f = (long long)(y << 2);
        /* ±∞ and NaN: a - a is NaN (0 otherwise) */
        r = (float)((double)f * 8.5153039502163856e-20) + (a - a);
    }
    *quadrant = q;
    return r;
}
__device__ __forceinline__ float __nv_internal_sin_poly(float r) {
    float z = r * r;
    float s = __nv_internal_fma_f(z, -0.00019518291810527444f, 0.008332189172506332f);
    s = __nv_internal_fma_f(s, z, -0.16666655242443085f);
    /* r·z + 0 is +0 for r = -0, so that the sum keeps r's sign */
    return __nv_internal_fma_f(s, __nv_internal_fma_f(z, r, 0.0f), r);
}
__device__ __forceinline__ float __nv_internal_cos_poly(float r) {
    float z = r * r;
    float c = __nv_internal_fma_f(z, 2.4432327336398885e-05f, -0.0013887309469282627f);
    c = __nv_internal_fma_f(c, z, 0.04166664555668831f);
    c = __nv_internal_fma_f(c, z, -0.5f);
    return __nv_internal_fma_f(c, z, 1.0f);
}
/* sin r (q even) or cos r (q odd), negated in quadrants 2 and 3: x·(1 + z·p)
   with x = ±r, p = S(z), or x = ±1, p = C(z) (the coefficients selected);
   z·x + 0 is +0 for x = -0, so that the sum keeps x's sign. */
__device__ __forceinline__ float __nv_internal_sincos_q(float r, int q) {
    float z = r * r;
    int odd = q & 1;
    float pc = __nv_internal_fma_f(z, 2.4432327336398885e-05f, -0.0013887309469282627f);
    float p = odd ? pc : -0.00019518291810527444f;
    p = __nv_internal_fma_f(p, z, odd ? 0.04166664555668831f : 0.008332189172506332f);
    p = __nv_internal_fma_f(p, z, odd ? -0.5f : -0.16666655242443085f);
    float x = odd ? 1.0f : r;
    x = (q & 2) ? -x : x;
    return __nv_internal_fma_f(p, __nv_internal_fma_f(z, x, 0.0f), x);
}
__device__ __forceinline__ float __nv_internal_sincosf(float a, int add_quadrant) {
    int q;
    float r = __nv_internal_trig_reduce(a, &q);
    return __nv_internal_sincos_q(r, q + add_quadrant);
}
"#
    };
}

/// e^a as 2^(a·c) for c = log2(e) or log2(10), given as `hi + lo`: a·c =
/// j + f with j the nearest integer clamped to [-126, 127] (f takes the
/// rest, so results beyond 2^±126 come out of the product below, overflowing
/// to ∞ or rounding to a denormal or 0 once), f = a·hi − j + a·lo with fused
/// multiply-adds (|f| ≤ 1/2 in range, error below 2^-25), then
/// `ex2.approx.ftz` of f times 2^j. j lives in the low bits of
/// t = a·hi + (1.5·2^23 + 127), so t's bits shifted up by 23 are 2^j's.
/// ±∞ and NaN go through as themselves (2^∞, 2^-∞ = 0, NaN). NVIDIA's
/// expf has this shape too; the interpreter computes `ex2.approx` correctly
/// rounded, so the report measures the reduction, the hardware adds the
/// instruction's own error (exp2f is the instruction alone, as NVIDIA's).
macro_rules! exp_f {
    () => {
        r#"
__device__ __forceinline__ float __nv_internal_exp_core(float a, float hi, float lo) {
    float t = __nvvm_fma_rn_f(a, hi, 12583039.0f);
    t = fminf(fmaxf(t, 12582913.0f), 12583166.0f);
    float f = __nvvm_fma_rn_f(a, hi, __nvvm_fma_rn_f(t, -1.0f, 12583039.0f));
    f = __nvvm_fma_rn_f(a, lo, f);
    float s = __nvvm_bitcast_i2f(__nvvm_bitcast_f2i(t) << 23);
    return __nvvm_ex2_approx_ftz_f(f) * s;
}
"#
    };
}

/// a = 2^e·(1 + f) with 1 + f in [√½, √2) from the bits (a denormal is
/// scaled by 2^23 first unless FTZ), and ln(1 + f) − f = f²·P(f), P of
/// degree 8 fitted by `tools/float_tables.py log1pf` (relative error of the
/// whole below 2^-27). `*e` is e·2^23 (exact as a float); the result
/// answers the special arguments: NaN for NaN and a < 0, +∞ for +∞, −∞ for
/// ±0, else 0 (then `*f`, `*e` and the returned tail are meaningful).
macro_rules! log_f {
    () => {
        r#"
__device__ __forceinline__ float __nv_internal_log1p_tail(float f) {
    float p = __nvvm_fma_rn_f(f, -0.0764174684882164f, 0.1276632845401764f);
    p = __nvvm_fma_rn_f(p, f, -0.1315949261188507f);
    p = __nvvm_fma_rn_f(p, f, 0.14200952649116516f);
    p = __nvvm_fma_rn_f(p, f, -0.1662333458662033f);
    p = __nvvm_fma_rn_f(p, f, 0.20001260936260223f);
    p = __nvvm_fma_rn_f(p, f, -0.250008225440979f);
    p = __nvvm_fma_rn_f(p, f, 0.3333333134651184f);
    p = __nvvm_fma_rn_f(p, f, -0.5f);
    return p * (f * f);
}
__device__ __forceinline__ void __nv_internal_log_reduce(float a, float *e, float *f, int *special, float *sv) {
    int adj = 0;
    if (!__nvvm_reflect("__CUDA_FTZ") && a < 1.17549435e-38f) {
        a = a * 8388608.0f;
        adj = 23 << 23;
    }
    int b = __nvvm_bitcast_f2i(a);
    int m = (b - 0x3f3504f3) & 0xff800000;
    *f = __nvvm_bitcast_i2f(b - m) - 1.0f;
    *e = (float)(m - adj);
    /* +∞, NaN and the negative arguments (-0 too, which the zero test then takes) */
    float s = __nvvm_fma_rn_f(a, 1.0f / 0.0f, 1.0f / 0.0f);
    *special = (unsigned int)b >= 0x7f800000u || a == 0.0f;
    *sv = a == 0.0f ? -1.0f / 0.0f : s;
}
"#
    };
}

/// erfinv(x)/x in double as a function of w = -ln(1 - x²) (a fitted
/// polynomial per range of w; relative error below 2^-35 for w < 104, that
/// is |x| < 1 - 1e-45).
macro_rules! erfinv_core_d {
    () => {
        r#"
// erfinv(x)/x as a function of w = -ln(1 - x²).
__device__ __forceinline__ double __nv_internal_erfinv_core_d(double w) {
    double p;
    if (w < 5.0) {
        double u = w - 2.5;
        p = -3.7937694120534866e-14;
        p = fma(p, u, 4.3097366721767117e-13);
        p = fma(p, u, 5.532630759242873e-13);
        p = fma(p, u, -2.995781705074421e-11);
        p = fma(p, u, 1.2142787936433838e-10);
        p = fma(p, u, 9.010752571408744e-10);
        p = fma(p, u, -1.0866382392153354e-08);
        p = fma(p, u, 1.3435302531318401e-08);
        p = fma(p, u, 4.787333971808137e-07);
        p = fma(p, u, -3.4166492466731694e-06);
        p = fma(p, u, -4.9960859348636495e-06);
        p = fma(p, u, 0.0002182502876049097);
        p = fma(p, u, -0.0012527079059334826);
        p = fma(p, u, -0.0041773177313208475);
        p = fma(p, u, 0.2466402767440754);
        p = fma(p, u, 1.5014093511111308);
        return p;
    }
    double s = sqrt(w);
    if (s < 4.6) {
        double u = s - 3.4;
        p = 5.644416486365276e-06;
        p = fma(p, u, -2.4396405552414037e-05);
        p = fma(p, u, 2.4405224890039267e-05);
        p = fma(p, u, 6.974188043651297e-05);
        p = fma(p, u, -0.0002951724128383287);
        p = fma(p, u, 0.0006158419330840538);
        p = fma(p, u, -0.000987882786827627);
        p = fma(p, u, 0.0015045201293758276);
        p = fma(p, u, -0.0025781806654664417);
        p = fma(p, u, 0.003969150638205738);
        p = fma(p, u, 1.0066468011521368);
        p = fma(p, u, 3.234783779954042);
        return p;
    }
    double u = s - 7.4;
    p = -2.3196676451453984e-11;
    p = fma(p, u, 1.6888415175117402e-10);
    p = fma(p, u, -6.607295121071125e-10);
    p = fma(p, u, 4.42703227476822e-09);
    p = fma(p, u, -3.2922799338584985e-08);
    p = fma(p, u, 1.9839363475850426e-07);
    p = fma(p, u, -1.018480359008111e-06);
    p = fma(p, u, 3.458616691710547e-06);
    p = fma(p, u, 1.3739145013097969e-05);
    p = fma(p, u, -0.0005002238234594675);
    p = fma(p, u, 1.0081898747177425);
    p = fma(p, u, 7.272376417091807);
    return p;
}
"#
    };
}

/// erf, erfc and erfinv in double: polynomials fitted for this crate
/// (Chebyshev fits with mpmath, relative error below 2^-40 except the
/// erfinv tail's 2^-27): erf(x)/x in x² on [0, 1]; erfc(x)·e^(x²) in
/// x − 1.5 on [0.5, 2.5] and, times x, in 1/x − 0.25 beyond; erfinv(x)/x in
/// w = −ln(1 − x²) − 2.5 for w < 5, then in √w − 3.4 and √w − 7.4.
macro_rules! erf_f {
    () => {
        concat!(
            r#"
__device__ __forceinline__ double __nv_internal_erf_small_d(double d) {
    double z = d * d;
    double p = -7.795898827002142e-10;
    p = fma(p, z, 1.3720064546777686e-08);
    p = fma(p, z, -1.6208483801871705e-07);
    p = fma(p, z, 1.6447424703317362e-06);
    p = fma(p, z, -1.492473690741966e-05);
    p = fma(p, z, 0.00012055294904839707);
    p = fma(p, z, -0.0008548325975389692);
    p = fma(p, z, 0.0052239776071164225);
    p = fma(p, z, -0.02686617064323777);
    p = fma(p, z, 0.11283791670945006);
    p = fma(p, z, -0.37612638903183543);
    p = fma(p, z, 1.1283791670955126);
    return d * p;
}
// erfcx(x) = erfc(x)·e^(x²) for x >= 0.5.
__device__ __forceinline__ double __nv_internal_erfcx_big_d(double x) {
    if (x < 2.5) {
        double u = x - 1.5;
        double p = -4.34060840157494e-09;
        p = fma(p, u, 1.675082376797335e-08);
        p = fma(p, u, -4.378252861554685e-08);
        p = fma(p, u, 1.5880092010442396e-07);
        p = fma(p, u, -5.98347133499314e-07);
        p = fma(p, u, 2.0760462135856326e-06);
        p = fma(p, u, -6.9736378616561435e-06);
        p = fma(p, u, 2.2858884591428235e-05);
        p = fma(p, u, -7.26593949971721e-05);
        p = fma(p, u, 0.00022331184057985932);
        p = fma(p, u, -0.0006619299739516209);
        p = fma(p, u, 0.0018861345061304);
        p = fma(p, u, -0.005145957557022686);
        p = fma(p, u, 0.013377340989325621);
        p = fma(p, u, -0.0329309052992231);
        p = fma(p, u, 0.07615103985411509);
        p = fma(p, u, -0.16362291773256216);
        p = fma(p, u, 0.3215854164543259);
        return p;
    }
    double u = 1.0 / x - 0.25;
    double p = 37.54277872516825;
    p = fma(p, u, -6.486290028425693);
    p = fma(p, u, -9.797706660668657);
    p = fma(p, u, 7.187135001545877);
    p = fma(p, u, -1.9166926921540952);
    p = fma(p, u, -1.0248229394054924);
    p = fma(p, u, 1.47873815891166);
    p = fma(p, u, -0.7080936806747365);
    p = fma(p, u, -0.09789732371239034);
    p = fma(p, u, 0.41110065257204165);
    p = fma(p, u, -0.2727636382681821);
    p = fma(p, u, -0.028086232082195975);
    p = fma(p, u, 0.21951300304218696);
    p = fma(p, u, -0.16778618979290638);
    p = fma(p, u, -0.11944693191961085);
    p = fma(p, u, 0.5479978305002458);
    return p / x;
}
// erfc(x) for x >= 0.5.
__device__ __forceinline__ double __nv_internal_erfc_big_d(double x) {
    if (x > 11.0) return 0.0;
    return __nv_internal_exp_d(-x * x) * __nv_internal_erfcx_big_d(x);
}
"#,
            erfinv_core_d!()
        )
    };
}

/// ln Γ(x) for x > 0 in double: shift x to at least 16 (Γ(x+1) = xΓ(x)),
/// then Stirling's series to its 1/x^11 term.
macro_rules! gamma_f {
    () => {
        r#"
__device__ __forceinline__ double __nv_internal_lgamma_pos_d(double x) {
    double prod = 1.0;
    while (x < 16.0) {
        prod = prod * x;
        x = x + 1.0;
    }
    double r = 1.0 / x;
    double r2 = r * r;
    double s = -691.0 / 360360.0;
    s = fma(s, r2, 1.0 / 1188.0);
    s = fma(s, r2, -1.0 / 1680.0);
    s = fma(s, r2, 1.0 / 1260.0);
    s = fma(s, r2, -1.0 / 360.0);
    s = fma(s, r2, 1.0 / 12.0);
    double lx = __nv_internal_log_d(x);
    return ((x - 0.5) * lx - x) + (0.91893853320467274178 + s * r) - __nv_internal_log_d(prod);
}
"#
    };
}

/// |x| rem |y| by long division of the mantissas (exact), with the low bits
/// of the quotient; x and y finite, y nonzero. `nearest` rounds the
/// quotient to nearest, ties to even (remainder), else toward zero (fmod).
macro_rules! rem_f {
    () => {
        r#"
__device__ __forceinline__ float __nv_internal_remf(float x, float y, int nearest, unsigned int *quo) {
    float ax = __nvvm_fabs_f(x);
    float ay = __nvvm_fabs_f(y);
    unsigned int q = 0;
    float r = ax;
    if (ax >= ay) {
        unsigned int bx = (unsigned int)__nvvm_bitcast_f2i(ax);
        unsigned int by = (unsigned int)__nvvm_bitcast_f2i(ay);
        int ex = (int)(bx >> 23);
        int ey = (int)(by >> 23);
        unsigned int mx = bx & 0x7fffffu;
        unsigned int my = by & 0x7fffffu;
        if (ex == 0) {
            int sh = __clz((int)mx) - 8;
            mx = mx << sh;
            ex = 1 - sh;
        } else {
            mx = mx | 0x800000u;
        }
        if (ey == 0) {
            int sh = __clz((int)my) - 8;
            my = my << sh;
            ey = 1 - sh;
        } else {
            my = my | 0x800000u;
        }
        for (; ex > ey; ex--) {
            if (mx >= my) {
                mx = mx - my;
                q = q | 1u;
            }
            mx = mx << 1;
            q = q << 1;
        }
        if (mx >= my) {
            mx = mx - my;
            q = q | 1u;
        }
        r = (float)((double)mx * __nv_internal_pow2_d(ey - 150));
    }
    if (nearest) {
        double twice = 2.0 * (double)r;
        if (twice > (double)ay || (twice == (double)ay && (q & 1u))) {
            r = r - ay;
            q = q + 1u;
        }
    }
    *quo = q;
    return __nvvm_bitcast_f2i(x) < 0 ? -r : r;
}
"#
    };
}

/// Every function libdevice defines.
/// One function: its name and its source, the helpers it needs first.
macro_rules! f {
    ($name:literal, [$($helper:expr),*], $body:literal) => {
        LibdeviceFunction {
            name: $name,
            source: &[$($helper,)* $body],
        }
    };
}

pub const FUNCTIONS: &[LibdeviceFunction] = &[
    // A correctly rounded 1/√a (`__frsqrt_rn`): the argument's exponent
    // reduced to 0 or -1 (denormals scaled by 2^24 first, unless -ftz),
    // `rsqrt.approx` of that, one Newton step on the exact residual
    // 1 - x·y² (y² split in two by an fma), y + y·r·(1/2 + 3/8·r), and the
    // halved exponent added back to the result's bits. Zero, infinity,
    // NaN and negative arguments take `rsqrt.approx` itself.
    f!(
        "__nv_frsqrt_rn",
        [],
        r#"extern "C" __device__ float __nv_frsqrt_rn(float a) {
    int sub = 0;
    if (!__nvvm_reflect("__CUDA_FTZ")) {
        sub = __nvvm_fabs_f(a) < 1.17549435e-38f;
        a = sub ? a * 16777216.0f : a;
    }
    int b = __nvvm_bitcast_f2i(a);
    if ((unsigned int)(b - 0x00800000) < 0x7f000000u) {
        int m = (b & 0x00ffffff) | 0x3f000000;
        float x = __nvvm_bitcast_i2f(m);
        int e = m - b;
        e = sub ? e + 0x0c000000 : e;
        float y = __nvvm_rsqrt_approx_ftz_f(x);
        float yy = y * y;
        float lo = __fmaf_rn(y, y, -yy);
        float r = __fmaf_rn(yy, -x, 1.0f);
        r = __fmaf_rn(lo, -x, r);
        float p = __fmaf_rn(0.375f, r, 0.5f);
        float q = y * r;
        float z = __fmaf_rn(p, q, y);
        return __nvvm_bitcast_i2f((e >> 1) + __nvvm_bitcast_f2i(z));
    }
    return __nvvm_rsqrt_approx_ftz_f(a);
}"#
    ),
    LibdeviceFunction {
        name: "__nv_sinf",
        source: &[
            sincos_f!(),
            r#"extern "C" __device__ float __nv_sinf(float a) { return __nv_internal_sincosf(a, 0); }"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_cosf",
        source: &[
            sincos_f!(),
            r#"extern "C" __device__ float __nv_cosf(float a) { return __nv_internal_sincosf(a, 1); }"#,
        ],
    },
    f!(
        "__nv_expf",
        [exp_f!()],
        r#"extern "C" __device__ float __nv_expf(float a) {
    return __nv_internal_exp_core(a, 1.44269502f, 1.92596303e-08f);
}"#
    ),
    f!(
        "__nv_exp2f",
        [],
        r#"extern "C" __device__ float __nv_exp2f(float a) {
    if (__nvvm_reflect("__CUDA_FTZ")) return __nvvm_ex2_approx_ftz_f(a);
    return __nvvm_ex2_approx_f(a);
}"#
    ),
    f!(
        "__nv_logf",
        [log_f!()],
        r#"extern "C" __device__ float __nv_logf(float a) {
    float e, f, sv;
    int special;
    __nv_internal_log_reduce(a, &e, &f, &special, &sv);
    /* e·ln 2 (ln 2 rounded to a float: 2^-28.9 relative) + f + tail */
    float r = __nvvm_fma_rn_f(e, 8.26295832e-08f, f + __nv_internal_log1p_tail(f));
    return special ? sv : r;
}"#
    ),
    f!(
        "__nv_log2f",
        [log_f!()],
        r#"extern "C" __device__ float __nv_log2f(float a) {
    float e, f, sv;
    int special;
    __nv_internal_log_reduce(a, &e, &f, &special, &sv);
    /* (f + tail)·log2(e) with log2(e) = hi + lo, then + e */
    float p = __nvvm_fma_rn_f(__nv_internal_log1p_tail(f), 1.44269502f, f * 1.92596303e-08f);
    p = __nvvm_fma_rn_f(f, 1.44269502f, p);
    float r = __nvvm_fma_rn_f(e, 1.1920929e-07f, p);
    return special ? sv : r;
}"#
    ),
    f!(
        "__nv_tanf",
        [sincos_f!()],
        r#"extern "C" __device__ float __nv_tanf(float a) {
    int q;
    float r = __nv_internal_trig_reduce(a, &q);
    float s = __nv_internal_sin_poly(r);
    float c = __nv_internal_cos_poly(r);
    /* tan = -cos/sin in the odd quadrants: one division */
    float n = (q & 1) ? -c : s;
    float d = (q & 1) ? s : c;
    return n / d;
}"#
    ),
    f!(
        "__nv_sincosf",
        [sincos_f!()],
        r#"extern "C" __device__ void __nv_sincosf(float a, float *sp, float *cp) {
    int q;
    float r = __nv_internal_trig_reduce(a, &q);
    float s = __nv_internal_sin_poly(r);
    float c = __nv_internal_cos_poly(r);
    float sv = (q & 1) ? c : s;
    float cv = (q & 1) ? s : c;
    *sp = (q & 2) ? -sv : sv;
    *cp = ((q + 1) & 2) ? -cv : cv;
}"#
    ),
    f!(
        "__nv_sinpif",
        [common_f!()],
        r#"extern "C" __device__ float __nv_sinpif(float a) {
    a = __nv_internal_ftz(a);
    if (a != a || __nvvm_fabs_f(a) == 1.0f / 0.0f) return 0.0f / 0.0f;
    if (__nvvm_fabs_f(a) >= 8388608.0f) return 0.0f * a;
    float r = (float)__nv_internal_sincospi_d((double)a, 0);
    return r == 0.0f ? 0.0f * a : __nv_internal_ftz(r);
}"#
    ),
    f!(
        "__nv_cospif",
        [common_f!()],
        r#"extern "C" __device__ float __nv_cospif(float a) {
    a = __nv_internal_ftz(a);
    if (a != a || __nvvm_fabs_f(a) == 1.0f / 0.0f) return 0.0f / 0.0f;
    if (__nvvm_fabs_f(a) >= 16777216.0f) return 1.0f;
    if (__nvvm_fabs_f(a) >= 8388608.0f) return (__nvvm_bitcast_f2i(a) & 1) ? -1.0f : 1.0f;
    float r = (float)__nv_internal_sincospi_d((double)a, 1);
    return r == 0.0f ? 0.0f : __nv_internal_ftz(r);
}"#
    ),
    f!(
        "__nv_asinf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_asinf(float a) {
    a = __nv_internal_ftz(a);
    if (!(__nvvm_fabs_f(a) <= 1.0f)) return 0.0f / 0.0f;
    double d = fabs((double)a);
    double r = __nv_internal_atan_d(d / sqrt((1.0 - d) * (1.0 + d)));
    return copysignf(__nv_internal_ftz((float)r), a);
}"#
    ),
    f!(
        "__nv_acosf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_acosf(float a) {
    a = __nv_internal_ftz(a);
    if (!(__nvvm_fabs_f(a) <= 1.0f)) return 0.0f / 0.0f;
    double d = (double)a;
    return (float)(2.0 * __nv_internal_atan_d(sqrt((1.0 - d) / (1.0 + d))));
}"#
    ),
    f!(
        "__nv_atanf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_atanf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    float r = (float)__nv_internal_atan_d(fabs((double)a));
    return copysignf(__nv_internal_ftz(r), a);
}"#
    ),
    f!(
        "__nv_atan2f",
        [common_f!()],
        r#"extern "C" __device__ float __nv_atan2f(float y, float x) {
    y = __nv_internal_ftz(y);
    x = __nv_internal_ftz(x);
    if (x != x || y != y) return x + y;
    double ax = fabs((double)x);
    double ay = fabs((double)y);
    double r;
    if (ax == ay && (ax == 0.0 || ax == 1.0 / 0.0)) {
        r = ax == 0.0 ? 0.0 : 0.7853981633974483;
    } else {
        r = __nv_internal_atan_d(ay / ax);
    }
    if (__nvvm_bitcast_f2i(x) < 0) r = (3.141592653589793 - r) + 1.2246467991473532e-16;
    return copysignf(__nv_internal_ftz((float)r), y);
}"#
    ),
    f!(
        "__nv_sinhf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_sinhf(float a) {
    a = __nv_internal_ftz(a);
    double d = fabs((double)a);
    if (d > 90.0) return copysignf(1.0f / 0.0f, a);
    double e = __nv_internal_expm1_d(d);
    float r = (float)(0.5 * (e + e / (e + 1.0)));
    return copysignf(__nv_internal_ftz(r), a);
}"#
    ),
    f!(
        "__nv_coshf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_coshf(float a) {
    a = __nv_internal_ftz(a);
    double d = fabs((double)a);
    if (d > 90.0) return 1.0f / 0.0f;
    double e = __nv_internal_exp_d(d);
    return (float)(0.5 * (e + 1.0 / e));
}"#
    ),
    f!(
        "__nv_tanhf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_tanhf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    double d = fabs((double)a);
    if (d > 9.5) return copysignf(1.0f, a);
    double e = __nv_internal_expm1_d(d + d);
    return copysignf(__nv_internal_ftz((float)(e / (e + 2.0))), a);
}"#
    ),
    f!(
        "__nv_asinhf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_asinhf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a || __nvvm_fabs_f(a) == 1.0f / 0.0f) return a + a;
    double d = fabs((double)a);
    double r;
    if (d > 1e10) {
        r = __nv_internal_log_d(d) + 0.6931471805599453;
    } else {
        r = __nv_internal_log1p_d(d + d * d / (1.0 + sqrt(1.0 + d * d)));
    }
    return copysignf(__nv_internal_ftz((float)r), a);
}"#
    ),
    f!(
        "__nv_acoshf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_acoshf(float a) {
    a = __nv_internal_ftz(a);
    if (!(a >= 1.0f)) return 0.0f / 0.0f;
    if (a == 1.0f / 0.0f) return a;
    double d = (double)a;
    if (d > 1e10) return (float)(__nv_internal_log_d(d) + 0.6931471805599453);
    double t = d - 1.0;
    return (float)__nv_internal_log1p_d(t + sqrt(t * (t + 2.0)));
}"#
    ),
    f!(
        "__nv_atanhf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_atanhf(float a) {
    a = __nv_internal_ftz(a);
    if (!(__nvvm_fabs_f(a) <= 1.0f)) return 0.0f / 0.0f;
    if (__nvvm_fabs_f(a) == 1.0f) return copysignf(1.0f / 0.0f, a);
    double d = fabs((double)a);
    float r = (float)(0.5 * __nv_internal_log1p_d(2.0 * d / (1.0 - d)));
    return copysignf(__nv_internal_ftz(r), a);
}"#
    ),
    f!(
        "__nv_exp10f",
        [exp_f!()],
        r#"extern "C" __device__ float __nv_exp10f(float a) {
    return __nv_internal_exp_core(a, 3.32192802f, 7.05953696e-08f);
}"#
    ),
    f!(
        "__nv_expm1f",
        [common_f!()],
        r#"extern "C" __device__ float __nv_expm1f(float a) {
    a = __nv_internal_ftz(a);
    if (a == 0.0f || a != a) return a + a;
    return __nv_internal_ftz((float)__nv_internal_expm1_d((double)a));
}"#
    ),
    f!(
        "__nv_log10f",
        [log_f!()],
        r#"extern "C" __device__ float __nv_log10f(float a) {
    float e, f, sv;
    int special;
    __nv_internal_log_reduce(a, &e, &f, &special, &sv);
    /* (f + tail)·log10(e) + e·log10(2), both constants as hi + lo */
    float p = __nvvm_fma_rn_f(__nv_internal_log1p_tail(f), 0.434294492f, f * -1.01030500e-08f);
    p = __nvvm_fma_rn_f(e, -1.70719491e-15f, p);
    p = __nvvm_fma_rn_f(f, 0.434294492f, p);
    float r = __nvvm_fma_rn_f(e, 3.58855736e-08f, p);
    return special ? sv : r;
}"#
    ),
    f!(
        "__nv_log1pf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_log1pf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a || a == 1.0f / 0.0f || a == 0.0f) return a + a;
    if (a == -1.0f) return -1.0f / 0.0f;
    if (a < -1.0f) return 0.0f / 0.0f;
    return __nv_internal_ftz((float)__nv_internal_log1p_d((double)a));
}"#
    ),
    f!(
        "__nv_powf",
        [log_f!()],
        r#"extern "C" __device__ float __nv_powf(float x, float y) {
    float ax = __nvvm_fabs_f(x);
    float e, f, sv;
    int special;
    __nv_internal_log_reduce(ax, &e, &f, &special, &sv);
    /* log2|x| = e + log2 m (m = 1 + f) = e + C·u + u³·Q(u²), u = (m - 1)/(m + 1)
       as uh + ul (the remainder of an approximate division), C = 2·log2(e) as
       hi + lo, Q fitted (tools/float_tables.py powf); then as lh + ll. */
    float d = f + 2.0f;
    float dl = (2.0f - d) + f;
    float rd = __fdividef(1.0f, d);
    float uh = f * rd;
    float rem = __nvvm_fma_rn_f(-uh, d, f);
    rem = __nvvm_fma_rn_f(-uh, dl, rem);
    float ul = rem * rd;
    float v = uh * uh;
    float q = __nvvm_fma_rn_f(v, 0.3364872634410858f, 0.41192734241485596f);
    q = __nvvm_fma_rn_f(q, v, 0.5770788192749023f);
    q = __nvvm_fma_rn_f(q, v, 0.9617967009544373f);
    float th = uh * 2.88539004f;
    float tl = __nvvm_fma_rn_f(uh, 2.88539004f, -th);
    tl = __nvvm_fma_rn_f(uh, 3.85192607e-08f, tl);
    /* C·ul·(1 + uh²): ul's share of the cubic term too (3·Q(0) = C) */
    tl = __nvvm_fma_rn_f(ul, __nvvm_fma_rn_f(v, 2.88539004f, 2.88539004f), tl);
    tl = __nvvm_fma_rn_f(q, v * uh, tl);
    e = e * 1.1920929e-07f;
    float lh = e + th;
    float ll = ((e - lh) + th) + tl;
    /* x = ±0, ±∞, NaN (a denormal under FTZ): log2|x| = -∞, ∞, NaN */
    lh = special ? __nvvm_lg2_approx_ftz_f(ax) : lh;
    ll = special ? 0.0f : ll;
    /* |x| = 1: 2^0 for every y (1 for y = ±∞; the sign and NaN below) */
    float yy = ax == 1.0f ? 0.0f : y;
    /* y·log2|x| = ph + pl with ph clamped to [-126, 127] (pl takes the
       rest), then 2^(ph + pl) as expf's: ex2.approx.ftz of the fraction
       times 2^j from the bits of ph + 1.5·2^23 + 127. */
    float ph = fminf(fmaxf(yy * lh, -126.0f), 127.0f);
    float pl = __nvvm_fma_rn_f(yy, lh, -ph);
    /* y = ±∞ (and NaN) is in pl already: ll's term takes y clamped to ±2^30
       (even, and with it |y·log2|x|| > 150 for every |x| ≠ 1) */
    pl = __nvvm_fma_rn_f(fminf(fmaxf(yy, -1073741824.0f), 1073741824.0f), ll, pl);
    float t = ph + 12583039.0f;
    float g = (ph + __nvvm_fma_rn_f(t, -1.0f, 12583039.0f)) + pl;
    float r = __nvvm_ex2_approx_ftz_f(g) * __nvvm_bitcast_i2f(__nvvm_bitcast_f2i(t) << 23);
    /* x < 0: -r for y odd, NaN for y not an integer (x finite and nonzero) */
    float yh = y * 0.5f;
    float rn = truncf(yh) != yh ? -r : r;
    rn = truncf(y) == y ? rn : (special ? r : 0.0f / 0.0f);
    r = __nvvm_bitcast_f2i(x) < 0 ? rn : r;
    return y == 0.0f ? 1.0f : r;
}"#
    ),
    f!(
        "__nv_cbrtf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_cbrtf(float a) {
    a = __nv_internal_ftz(a);
    if (a == 0.0f || a != a || __nvvm_fabs_f(a) == 1.0f / 0.0f) return a + a;
    double r = __nv_internal_exp_d(__nv_internal_log_d(fabs((double)a)) / 3.0);
    return copysignf(__nv_internal_ftz((float)r), a);
}"#
    ),
    f!(
        "__nv_rcbrtf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_rcbrtf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    if (a == 0.0f) return copysignf(1.0f / 0.0f, a);
    if (__nvvm_fabs_f(a) == 1.0f / 0.0f) return copysignf(0.0f, a);
    double r = __nv_internal_exp_d(-__nv_internal_log_d(fabs((double)a)) / 3.0);
    return copysignf(__nv_internal_ftz((float)r), a);
}"#
    ),
    f!(
        "__nv_hypotf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_hypotf(float x, float y) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    if (__nvvm_fabs_f(x) == 1.0f / 0.0f || __nvvm_fabs_f(y) == 1.0f / 0.0f) return 1.0f / 0.0f;
    double dx = (double)x;
    double dy = (double)y;
    return __nv_internal_ftz((float)sqrt(dx * dx + dy * dy));
}"#
    ),
    f!(
        "__nv_rhypotf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_rhypotf(float x, float y) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    if (__nvvm_fabs_f(x) == 1.0f / 0.0f || __nvvm_fabs_f(y) == 1.0f / 0.0f) return 0.0f;
    double dx = (double)x;
    double dy = (double)y;
    return __nv_internal_ftz((float)(1.0 / sqrt(dx * dx + dy * dy)));
}"#
    ),
    f!(
        "__nv_norm3df",
        [common_f!()],
        r#"extern "C" __device__ float __nv_norm3df(float x, float y, float z) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    z = __nv_internal_ftz(z);
    float inf = 1.0f / 0.0f;
    if (__nvvm_fabs_f(x) == inf || __nvvm_fabs_f(y) == inf || __nvvm_fabs_f(z) == inf) return inf;
    double dx = (double)x;
    double dy = (double)y;
    double dz = (double)z;
    return __nv_internal_ftz((float)sqrt(dx * dx + dy * dy + dz * dz));
}"#
    ),
    f!(
        "__nv_erff",
        [common_f!(), erf_f!()],
        r#"extern "C" __device__ float __nv_erff(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    double d = (double)a;
    if (fabs(d) < 1.0) return __nv_internal_ftz((float)__nv_internal_erf_small_d(d));
    return copysignf((float)(1.0 - __nv_internal_erfc_big_d(fabs(d))), a);
}"#
    ),
    f!(
        "__nv_erfcf",
        [common_f!(), erf_f!()],
        r#"extern "C" __device__ float __nv_erfcf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    double d = (double)a;
    if (d >= 0.5) return __nv_internal_ftz((float)__nv_internal_erfc_big_d(d));
    if (d > -1.0) return (float)(1.0 - __nv_internal_erf_small_d(d));
    return (float)(2.0 - __nv_internal_erfc_big_d(-d));
}"#
    ),
    f!(
        "__nv_erfinvf",
        [common_f!(), erf_f!()],
        r#"extern "C" __device__ float __nv_erfinvf(float a) {
    a = __nv_internal_ftz(a);
    if (!(__nvvm_fabs_f(a) <= 1.0f)) return 0.0f / 0.0f;
    if (__nvvm_fabs_f(a) == 1.0f) return copysignf(1.0f / 0.0f, a);
    if (a == 0.0f) return a;
    double d = (double)a;
    double w = -__nv_internal_log_d((1.0 - d) * (1.0 + d));
    return __nv_internal_ftz((float)(__nv_internal_erfinv_core_d(w) * d));
}"#
    ),
    f!(
        "__nv_erfcinvf",
        [common_f!(), erf_f!()],
        r#"extern "C" __device__ float __nv_erfcinvf(float a) {
    a = __nv_internal_ftz(a);
    if (!(a >= 0.0f && a <= 2.0f)) return 0.0f / 0.0f;
    if (a == 0.0f) return 1.0f / 0.0f;
    if (a == 2.0f) return -1.0f / 0.0f;
    double y = (double)a;
    double w = -__nv_internal_log_d(y * (2.0 - y));
    return (float)(__nv_internal_erfinv_core_d(w) * (1.0 - y));
}"#
    ),
    f!(
        "__nv_lgammaf",
        [common_f!(), gamma_f!()],
        r#"extern "C" __device__ float __nv_lgammaf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    float inf = 1.0f / 0.0f;
    if (__nvvm_fabs_f(a) == inf) return inf;
    if (a <= 0.0f && truncf(a) == a) return inf;
    if (a == 1.0f || a == 2.0f) return 0.0f;
    double d = (double)a;
    if (d > 0.0) return (float)__nv_internal_lgamma_pos_d(d);
    double s = fabs(__nv_internal_sincospi_d(d, 0));
    return (float)((1.1447298858494002 - __nv_internal_log_d(s)) - __nv_internal_lgamma_pos_d(1.0 - d));
}"#
    ),
    f!(
        "__nv_tgammaf",
        [common_f!(), gamma_f!()],
        r#"extern "C" __device__ float __nv_tgammaf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a || a == 1.0f / 0.0f) return a + a;
    if (a == 0.0f) return copysignf(1.0f / 0.0f, a);
    if (a < 0.0f && truncf(a) == a) return 0.0f / 0.0f;
    if (a > 36.0f) return 1.0f / 0.0f;
    double d = (double)a;
    if (d > 0.0) return (float)__nv_internal_exp_d(__nv_internal_lgamma_pos_d(d));
    double s = __nv_internal_sincospi_d(d, 0);
    double g = __nv_internal_exp_d(__nv_internal_lgamma_pos_d(1.0 - d));
    return __nv_internal_ftz((float)(3.141592653589793 / (s * g)));
}"#
    ),
    f!(
        "__nv_roundf",
        [],
        r#"extern "C" __device__ float __nv_roundf(float a) {
    float t = truncf(a);
    if (__nvvm_fabs_f(a - t) >= 0.5f) t = t + copysignf(1.0f, a);
    return t;
}"#
    ),
    f!(
        "__nv_lroundf",
        [],
        r#"extern "C" __device__ long long __nv_lroundf(float a) {
    return (long long)roundf(a);
}"#
    ),
    f!(
        "__nv_modff",
        [],
        r#"extern "C" __device__ float __nv_modff(float a, float *ip) {
    float t = truncf(a);
    *ip = t;
    float f = __nvvm_fabs_f(a) == 1.0f / 0.0f ? 0.0f : a - t;
    return copysignf(f, a);
}"#
    ),
    f!(
        "__nv_frexpf",
        [],
        r#"extern "C" __device__ float __nv_frexpf(float a, int *e) {
    if (__nvvm_reflect("__CUDA_FTZ") && __nvvm_fabs_f(a) < 1.17549435e-38f) a = 0.0f * a;
    if (a == 0.0f || a != a || __nvvm_fabs_f(a) == 1.0f / 0.0f) {
        *e = 0;
        return a + a;
    }
    int adj = 0;
    if (__nvvm_fabs_f(a) < 1.17549435e-38f) {
        a = a * 33554432.0f;
        adj = -25;
    }
    int bits = __nvvm_bitcast_f2i(a);
    *e = ((bits >> 23) & 255) - 126 + adj;
    return __nvvm_bitcast_i2f((bits & 0x807fffff) | 0x3f000000);
}"#
    ),
    f!(
        "__nv_ldexpf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_ldexpf(float a, int n) {
    a = __nv_internal_ftz(a);
    if (a == 0.0f || a != a || __nvvm_fabs_f(a) == 1.0f / 0.0f) return a + a;
    int k = n > 400 ? 400 : (n < -400 ? -400 : n);
    return __nv_internal_ftz((float)((double)a * __nv_internal_pow2_d(k)));
}"#
    ),
    f!(
        "__nv_scalbnf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_scalbnf(float a, int n) {
    a = __nv_internal_ftz(a);
    if (a == 0.0f || a != a || __nvvm_fabs_f(a) == 1.0f / 0.0f) return a + a;
    int k = n > 400 ? 400 : (n < -400 ? -400 : n);
    return __nv_internal_ftz((float)((double)a * __nv_internal_pow2_d(k)));
}"#
    ),
    f!(
        "__nv_ilogbf",
        [],
        r#"extern "C" __device__ int __nv_ilogbf(float a) {
    if (__nvvm_reflect("__CUDA_FTZ") && __nvvm_fabs_f(a) < 1.17549435e-38f) a = 0.0f * a;
    if (a == 0.0f || a != a) return -2147483647 - 1;
    if (__nvvm_fabs_f(a) == 1.0f / 0.0f) return 2147483647;
    int bits = __nvvm_bitcast_f2i(a);
    int ex = (bits >> 23) & 255;
    if (ex == 0) return (31 - __clz(bits & 0x7fffff)) - 149;
    return ex - 127;
}"#
    ),
    f!(
        "__nv_logbf",
        [],
        r#"extern "C" __device__ float __nv_logbf(float a) {
    if (__nvvm_reflect("__CUDA_FTZ") && __nvvm_fabs_f(a) < 1.17549435e-38f) a = 0.0f * a;
    if (a != a) return a + a;
    if (a == 0.0f) return -1.0f / 0.0f;
    if (__nvvm_fabs_f(a) == 1.0f / 0.0f) return 1.0f / 0.0f;
    int bits = __nvvm_bitcast_f2i(a);
    int ex = (bits >> 23) & 255;
    if (ex == 0) return (float)((31 - __clz(bits & 0x7fffff)) - 149);
    return (float)(ex - 127);
}"#
    ),
    f!(
        "__nv_fmodf",
        [common_f!(), rem_f!()],
        r#"extern "C" __device__ float __nv_fmodf(float x, float y) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    if (x != x || y != y || y == 0.0f || __nvvm_fabs_f(x) == 1.0f / 0.0f) return 0.0f / 0.0f;
    if (x == 0.0f || __nvvm_fabs_f(y) == 1.0f / 0.0f) return x;
    unsigned int q;
    return __nv_internal_remf(x, y, 0, &q);
}"#
    ),
    f!(
        "__nv_remainderf",
        [common_f!(), rem_f!()],
        r#"extern "C" __device__ float __nv_remainderf(float x, float y) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    if (x != x || y != y || y == 0.0f || __nvvm_fabs_f(x) == 1.0f / 0.0f) return 0.0f / 0.0f;
    if (x == 0.0f || __nvvm_fabs_f(y) == 1.0f / 0.0f) return x;
    unsigned int q;
    return __nv_internal_remf(x, y, 1, &q);
}"#
    ),
    f!(
        "__nv_remquof",
        [common_f!(), rem_f!()],
        r#"extern "C" __device__ float __nv_remquof(float x, float y, int *quo) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    *quo = 0;
    if (x != x || y != y || y == 0.0f || __nvvm_fabs_f(x) == 1.0f / 0.0f) return 0.0f / 0.0f;
    if (x == 0.0f || __nvvm_fabs_f(y) == 1.0f / 0.0f) return x;
    unsigned int q;
    float r = __nv_internal_remf(x, y, 1, &q);
    int n = (int)(q & 127u);
    *quo = ((__nvvm_bitcast_f2i(x) ^ __nvvm_bitcast_f2i(y)) < 0) ? -n : n;
    return r;
}"#
    ),
    f!(
        "__nv_nextafterf",
        [],
        r#"extern "C" __device__ float __nv_nextafterf(float x, float y) {
    if (x != x || y != y) return x + y;
    if (x == y) return y;
    if (x == 0.0f) return copysignf(__nvvm_bitcast_i2f(1), y);
    int b = __nvvm_bitcast_f2i(x);
    b = b + (((x < y) == (x > 0.0f)) ? 1 : -1);
    return __nvvm_bitcast_i2f(b);
}"#
    ),
    f!(
        "__nv_fdimf",
        [],
        r#"extern "C" __device__ float __nv_fdimf(float x, float y) {
    if (x != x || y != y) return x + y;
    return x > y ? x - y : 0.0f;
}"#
    ),
    f!(
        "__nv_sincospif",
        [common_f!()],
        r#"extern "C" __device__ void __nv_sincospif(float a, float *sp, float *cp) {
    a = __nv_internal_ftz(a);
    float aa = __nvvm_fabs_f(a);
    if (a != a || aa == 1.0f / 0.0f) {
        *sp = 0.0f / 0.0f;
        *cp = 0.0f / 0.0f;
        return;
    }
    if (aa >= 8388608.0f) {
        *sp = 0.0f * a;
        *cp = (aa >= 16777216.0f || (__nvvm_bitcast_f2i(a) & 1) == 0) ? 1.0f : -1.0f;
        return;
    }
    float s = (float)__nv_internal_sincospi_d((double)a, 0);
    float c = (float)__nv_internal_sincospi_d((double)a, 1);
    *sp = s == 0.0f ? 0.0f * a : __nv_internal_ftz(s);
    *cp = c == 0.0f ? 0.0f : __nv_internal_ftz(c);
}"#
    ),
    f!(
        "__nv_lrintf",
        [],
        r#"extern "C" __device__ long long __nv_lrintf(float a) {
    return (long long)__nvvm_rint_f(a);
}"#
    ),
    f!(
        "__nv_llrintf",
        [],
        r#"extern "C" __device__ long long __nv_llrintf(float a) {
    return (long long)__nvvm_rint_f(a);
}"#
    ),
    f!(
        "__nv_llroundf",
        [],
        r#"extern "C" __device__ long long __nv_llroundf(float a) {
    return (long long)roundf(a);
}"#
    ),
    f!(
        "__nv_norm4df",
        [common_f!()],
        r#"extern "C" __device__ float __nv_norm4df(float x, float y, float z, float w) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    z = __nv_internal_ftz(z);
    w = __nv_internal_ftz(w);
    float inf = 1.0f / 0.0f;
    if (__nvvm_fabs_f(x) == inf || __nvvm_fabs_f(y) == inf || __nvvm_fabs_f(z) == inf || __nvvm_fabs_f(w) == inf) return inf;
    double dx = (double)x;
    double dy = (double)y;
    double dz = (double)z;
    double dw = (double)w;
    return __nv_internal_ftz((float)sqrt(dx * dx + dy * dy + dz * dz + dw * dw));
}"#
    ),
    f!(
        "__nv_rnorm3df",
        [common_f!()],
        r#"extern "C" __device__ float __nv_rnorm3df(float x, float y, float z) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    z = __nv_internal_ftz(z);
    float inf = 1.0f / 0.0f;
    if (__nvvm_fabs_f(x) == inf || __nvvm_fabs_f(y) == inf || __nvvm_fabs_f(z) == inf) return 0.0f;
    double dx = (double)x;
    double dy = (double)y;
    double dz = (double)z;
    return __nv_internal_ftz((float)(1.0 / sqrt(dx * dx + dy * dy + dz * dz)));
}"#
    ),
    f!(
        "__nv_rnorm4df",
        [common_f!()],
        r#"extern "C" __device__ float __nv_rnorm4df(float x, float y, float z, float w) {
    x = __nv_internal_ftz(x);
    y = __nv_internal_ftz(y);
    z = __nv_internal_ftz(z);
    w = __nv_internal_ftz(w);
    float inf = 1.0f / 0.0f;
    if (__nvvm_fabs_f(x) == inf || __nvvm_fabs_f(y) == inf || __nvvm_fabs_f(z) == inf || __nvvm_fabs_f(w) == inf) return 0.0f;
    double dx = (double)x;
    double dy = (double)y;
    double dz = (double)z;
    double dw = (double)w;
    return __nv_internal_ftz((float)(1.0 / sqrt(dx * dx + dy * dy + dz * dz + dw * dw)));
}"#
    ),
    f!(
        "__nv_normf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_normf(int dim, const float *p) {
    /* Σ p[i]² exactly enough in double (the squares of floats are exact) */
    double s = 0.0;
    int nan = 0;
    for (int i = 0; i < dim; i++) {
        float a = __nv_internal_ftz(p[i]);
        if (__nvvm_fabs_f(a) == 1.0f / 0.0f) return 1.0f / 0.0f;
        if (a != a) nan = 1;
        double d = (double)a;
        s = fma(d, d, s);
    }
    if (nan) return 0.0f / 0.0f;
    return __nv_internal_ftz((float)sqrt(s));
}"#
    ),
    f!(
        "__nv_rnormf",
        [common_f!()],
        r#"extern "C" __device__ float __nv_rnormf(int dim, const float *p) {
    double s = 0.0;
    int nan = 0;
    for (int i = 0; i < dim; i++) {
        float a = __nv_internal_ftz(p[i]);
        if (__nvvm_fabs_f(a) == 1.0f / 0.0f) return 0.0f;
        if (a != a) nan = 1;
        double d = (double)a;
        s = fma(d, d, s);
    }
    if (nan) return 0.0f / 0.0f;
    return __nv_internal_ftz((float)(1.0 / sqrt(s)));
}"#
    ),
    f!(
        "__nv_erfcxf",
        [common_f!(), erf_f!()],
        r#"extern "C" __device__ float __nv_erfcxf(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    double d = (double)a;
    double r;
    if (d >= 0.5) {
        r = __nv_internal_erfcx_big_d(d);
    } else if (d > -1.0) {
        r = __nv_internal_exp_d(d * d) * (1.0 - __nv_internal_erf_small_d(d));
    } else {
        /* 2e^(x²) - erfcx(-x), above FLT_MAX from x < -9.4 */
        if (d < -9.5) return 1.0f / 0.0f;
        r = 2.0 * __nv_internal_exp_d(d * d) - __nv_internal_erfcx_big_d(-d);
    }
    return __nv_internal_ftz((float)r);
}"#
    ),
    f!(
        "__nv_normcdff",
        [common_f!(), erf_f!()],
        r#"extern "C" __device__ float __nv_normcdff(float a) {
    a = __nv_internal_ftz(a);
    if (a != a) return a + a;
    /* erfc(-x/√2)/2 */
    double t = (double)a * -0.70710678118654752;
    double r;
    if (t >= 0.5) r = __nv_internal_erfc_big_d(t);
    else if (t > -1.0) r = 1.0 - __nv_internal_erf_small_d(t);
    else r = 2.0 - __nv_internal_erfc_big_d(-t);
    return __nv_internal_ftz((float)(0.5 * r));
}"#
    ),
    f!(
        "__nv_normcdfinvf",
        [common_f!(), erf_f!()],
        r#"extern "C" __device__ float __nv_normcdfinvf(float a) {
    a = __nv_internal_ftz(a);
    if (!(a >= 0.0f && a <= 1.0f)) return 0.0f / 0.0f;
    if (a == 0.0f) return -1.0f / 0.0f;
    if (a == 1.0f) return 1.0f / 0.0f;
    if (a == 0.5f) return 0.0f;
    /* -√2·erfcinv(2p) */
    double y = 2.0 * (double)a;
    double w = -__nv_internal_log_d(y * (2.0 - y));
    return (float)(-1.4142135623730951 * __nv_internal_erfinv_core_d(w) * (1.0 - y));
}"#
    ),
];

#[macro_use]
pub mod double;
pub mod bessel;
pub mod simd;

/// Every function: the float ones above, the double ones, the Bessel
/// functions, the SIMD video functions.
pub fn all() -> impl Iterator<Item = &'static LibdeviceFunction> {
    FUNCTIONS
        .iter()
        .chain(double::FUNCTIONS)
        .chain(bessel::FUNCTIONS)
        .chain(simd::FUNCTIONS)
}

/// Looks up a function by its `__nv_*` name.
pub fn find(name: &str) -> Option<&'static LibdeviceFunction> {
    all().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn unknown_name_is_absent() {
        assert!(super::find("__nv_no_such_function").is_none());
        assert!(super::find("__nv_sinf").is_some());
    }
}
