//! The double-precision functions of the CUDA math API (`__nv_sin`,
//! `__nv_exp`, …) as our own CUDA C.
//!
//! Method: the argument is reduced exactly or in double-double (Cody–Waite
//! with fused multiply-adds, Payne–Hanek with 192 bits of 2/π for trig
//! arguments of 2^30 and more, a 47-entry table of log(1 + j/64)), then a
//! short Taylor polynomial whose truncation is below 2^-60 is evaluated on
//! the small reduced argument, and the leading terms are kept as
//! double-doubles so that only the last addition rounds. The constants
//! (π/2, 2/π, ln 2, the tables) come from `tools/double_tables.py`; the
//! polynomial coefficients are 1/n! and 1/n. The inner helpers
//! (`__nv_dint_*`) are `__forceinline__` and shared by text: each function's
//! source carries the helpers it uses.

use crate::LibdeviceFunction;

/// Bits, powers of two and the exact two-sum.
macro_rules! d_core {
    () => {
        r#"
__device__ __forceinline__ double __nv_dint_from(long long b) { return __nvvm_bitcast_ll2d(b); }
__device__ __forceinline__ long long __nv_dint_bits(double x) { return __nvvm_bitcast_d2ll(x); }
__device__ __forceinline__ double __nv_dint_pow2(int n) { return __nvvm_bitcast_ll2d((long long)(n + 1023) << 52); }
__device__ __forceinline__ double __nv_dint_inf() { return 1.0 / 0.0; }
__device__ __forceinline__ double __nv_dint_copysign(double x, double s) {
    return __nvvm_bitcast_ll2d((__nvvm_bitcast_d2ll(x) & 0x7fffffffffffffffLL) | (__nvvm_bitcast_d2ll(s) & (long long)0x8000000000000000ULL));
}
__device__ __forceinline__ int __nv_dint_signbit(double x) { return __nvvm_bitcast_d2ll(x) < 0; }
/* a + b exactly as *s + *e (Knuth's two-sum). */
__device__ __forceinline__ double __nv_dint_two_sum(double a, double b, double *e) {
    double s = a + b;
    double bb = s - a;
    *e = (a - (s - bb)) + (b - bb);
    return s;
}
"#
    };
}

/// e^x of a double-double argument: k·ln2 + r, Taylor for e^r - 1, scaling by 2^k.
macro_rules! d_exp {
    () => {
        r#"
/* e^r - 1 for |rh + rl| <= 0.35 as a double-double: r + r^2/2 exactly
   enough, then Taylor's r^3/3! ... r^15/15! (truncation below 2^-61). */
__device__ __forceinline__ double __nv_dint_expm1_kernel(double rh, double rl, double *pl) {
    double q = __nvvm_fma_rn_d(rh, 7.647163731819816e-13, 1.1470745597729725e-11);
    q = __nvvm_fma_rn_d(q, rh, 1.6059043836821613e-10);
    q = __nvvm_fma_rn_d(q, rh, 2.08767569878681e-09);
    q = __nvvm_fma_rn_d(q, rh, 2.505210838544172e-08);
    q = __nvvm_fma_rn_d(q, rh, 2.755731922398589e-07);
    q = __nvvm_fma_rn_d(q, rh, 2.7557319223985893e-06);
    q = __nvvm_fma_rn_d(q, rh, 2.48015873015873e-05);
    q = __nvvm_fma_rn_d(q, rh, 0.0001984126984126984);
    q = __nvvm_fma_rn_d(q, rh, 0.001388888888888889);
    q = __nvvm_fma_rn_d(q, rh, 0.008333333333333333);
    q = __nvvm_fma_rn_d(q, rh, 0.041666666666666664);
    q = __nvvm_fma_rn_d(q, rh, 0.16666666666666666);
    double s = rh * rh;
    double sl = __nvvm_fma_rn_d(rh, rh, -s);
    q = q * s * rh;
    double hs = 0.5 * s;
    double ph = rh + hs;
    double t = ((rh - ph) + hs) + (rl + (0.5 * sl + (rh * rl + q)));
    double h = ph + t;
    *pl = (ph - h) + t;
    return h;
}
/* xh + xl = k·ln2 + r with |r| <= 0.35: returns k, r in *rh + *rl. */
__device__ __forceinline__ int __nv_dint_exp_reduce(double xh, double xl, double *rh, double *rl) {
    double k = __nvvm_rint_d(xh * 1.4426950408889634);
    double h = __nvvm_fma_rn_d(-k, 0.6931471805599453, xh);
    double l = __nvvm_fma_rn_d(-k, 2.3190468138462996e-17, xl);
    double e;
    *rh = __nv_dint_two_sum(h, l, &e);
    *rl = e;
    return (int)k;
}
/* (vh + vl)·2^k for v in [0.7, 1.5], rounded once unless the result is subnormal. */
__device__ __forceinline__ double __nv_dint_scale(double vh, double vl, int k) {
    if (k > 1020) return (vh + vl) * __nv_dint_pow2(k - 200) * 1.6069380442589903e+60;
    if (k < -1020) return ((vh + vl) * __nv_dint_pow2(k + 200)) * 6.223015277861142e-61;
    return (vh + vl) * __nv_dint_pow2(k);
}
/* e^(xh + xl), |xl| <= ulp(xh). */
__device__ __forceinline__ double __nv_dint_exp_dd(double xh, double xl) {
    if (xh != xh) return xh + xh;
    if (xh > 709.79) return __nv_dint_inf();
    if (xh < -745.2) return 0.0;
    double rh, rl, pl;
    int k = __nv_dint_exp_reduce(xh, xl, &rh, &rl);
    double ph = __nv_dint_expm1_kernel(rh, rl, &pl);
    double vh = 1.0 + ph;
    double vl = ((1.0 - vh) + ph) + pl;
    return __nv_dint_scale(vh, vl, k);
}
/* e^x - 1 as a double-double for -40 <= x <= 709. */
__device__ __forceinline__ double __nv_dint_expm1_dd(double x, double *lo) {
    double rh, rl, pl;
    int k = __nv_dint_exp_reduce(x, 0.0, &rh, &rl);
    double ph = __nv_dint_expm1_kernel(rh, rl, &pl);
    if (k == 0) { *lo = pl; return ph; }
    if (k > 0) {
        /* 2^k·((1 - 2^-k) + p) */
        double c = 1.0 - __nv_dint_pow2(-k);
        double cl = (1.0 - c) - __nv_dint_pow2(-k);
        double e;
        double h = __nv_dint_two_sum(c, ph, &e);
        double l = e + cl + pl;
        double s = h + l;
        double t = __nv_dint_pow2(k);
        *lo = ((h - s) + l) * t;
        return s * t;
    }
    /* (2^k - 1) + 2^k·p */
    double t = __nv_dint_pow2(k);
    double al;
    double a = __nv_dint_two_sum(t, -1.0, &al);
    double e;
    double h = __nv_dint_two_sum(a, t * ph, &e);
    double l = al + e + t * pl;
    double s = h + l;
    *lo = (h - s) + l;
    return s;
}
"#
    };
}

/// log of a double as a double-double (relative error below 2^-63), log1p of a double-double, and the special inputs.
macro_rules! d_log {
    () => {
        r#"
__device__ const double __nv_dint_log_table[141] = {
    1.4222222222222223, -0.35222059358935215, 1.1623903064849822e-17,
    1.391304347826087, -0.3302416868705768, -1.6927253978145054e-17,
    1.3617021276595744, -0.30873548164961323, -1.5025836482434425e-17,
    1.3333333333333333, -0.28768207245178085, -2.6071606164425637e-17,
    1.3061224489795917, -0.26706278524904514, -2.3896107240262357e-17,
    1.28, -0.2468600779315258, -6.678539813576451e-18,
    1.2549019607843137, -0.22705745063534608, 4.326372045075968e-18,
    1.2307692307692308, -0.20763936477824455, -1.2053243216686127e-17,
    1.2075471698113207, -0.18859116980754997, -9.915070540571144e-18,
    1.1851851851851851, -0.16989903679539742, 4.868008764439086e-19,
    1.1636363636363636, -0.15154989812720088, -1.2105853272368787e-17,
    1.1428571428571428, -0.13353139262452257, 3.664457663660086e-18,
    1.1228070175438596, -0.11583181552512165, -4.3384843698080944e-18,
    1.103448275862069, -0.09844007281325251, 4.439009633675136e-18,
    1.0847457627118644, -0.0813456394539524, -1.6076294039775555e-18,
    1.0666666666666667, -0.06453852113757116, 6.470486661692933e-18,
    1.0491803278688525, -0.04800921918636066, 2.030356617224395e-18,
    1.032258064516129, -0.03174869831458027, -3.0382263084680854e-18,
    1.0158730158730158, -0.015748356968139112, -1.0021578630528958e-18,
    1.0, 0.0, 0.0,
    0.9846153846153847, 0.015504186535965199, -3.2783210228924137e-19,
    0.9696969696969697, 0.03077165866675366, 1.0431732029005972e-18,
    0.9552238805970149, 0.04580953603129422, 1.6823639049745016e-19,
    0.9411764705882353, 0.060624621816434854, 2.6424025938726934e-18,
    0.927536231884058, 0.07522342123758752, -4.195880720316434e-18,
    0.9142857142857143, 0.08961215868968717, -1.9573659817110993e-18,
    0.9014084507042254, 0.10379679368164355, -3.195893222617445e-18,
    0.8888888888888888, 0.11778303565638351, -1.1971685747593662e-18,
    0.8767123287671232, 0.13157635778871932, 1.112300087972959e-17,
    0.8648648648648649, 0.14518200984449783, 8.242418783022477e-18,
    0.8533333333333334, 0.15860503017663852, 2.583386492298558e-18,
    0.8421052631578947, 0.17185025692665928, -6.022453821011369e-18,
    0.8311688311688312, 0.18492233849401193, -7.384679440503435e-18,
    0.8205128205128205, 0.19782574332991992, -7.995487338741543e-18,
    0.810126582278481, 0.21056476910734964, 1.136310596906137e-17,
    0.8, 0.2231435513142097, -9.091270597324798e-18,
    0.7901234567901234, 0.23556607131276697, -2.394337149518734e-18,
    0.7804878048780488, 0.2478361639045812, 8.384472133019162e-18,
    0.7710843373493976, 0.259957524436926, 2.4167516341742964e-17,
    0.7619047619047619, 0.2719337154836418, 7.833196376974436e-19,
    0.7529411764705882, 0.2837681731306446, -6.448868003452105e-18,
    0.7441860465116279, 0.2954642128938359, -7.768320796245443e-18,
    0.735632183908046, 0.3070250352949119, 1.5578716077124932e-18,
    0.7272727272727273, 0.3184537311185346, -6.407962483026777e-19,
    0.7191011235955056, 0.32975328637246804, -2.5633554999431966e-17,
    0.7111111111111111, 0.3409265869705932, -2.069678002794501e-17,
    0.7032967032967034, 0.3519764231571781, 2.0005853013367377e-17,
};
/* log(x) for finite x > 0 as a double-double (relative error below 2^-63):
   x = 2^e·m, m = c·(1 + r) with c = 1 + j/64 from the table, r exact as rh + rl. */
__device__ __forceinline__ double __nv_dint_log_dd(double x, double *lo) {
    int e = 0;
    if (x < 2.2250738585072014e-308) { x = x * 18014398509481984.0; e = -54; }
    long long b = __nvvm_bitcast_d2ll(x);
    e += (int)((b >> 52) & 2047) - 1023;
    double m = __nvvm_bitcast_ll2d((b & 0x000fffffffffffffLL) | 0x3ff0000000000000LL);
    if (m > 1.4142135623730951) { m = m * 0.5; e += 1; }
    int j = (int)__nvvm_rint_d((m - 1.0) * 64.0) + 19;
    double inv = __nv_dint_log_table[3 * j];
    double ch = __nv_dint_log_table[3 * j + 1];
    double cl = __nv_dint_log_table[3 * j + 2];
    double p = m * inv;
    double pe = __nvvm_fma_rn_d(m, inv, -p);
    double rl;
    double rh = __nv_dint_two_sum(p - 1.0, pe, &rl);
    /* log1p(r) = r - r^2/2 + r^3·(1/3 - r/4 + ... - r^7/10) */
    double q = __nvvm_fma_rn_d(rh, -0.1, 0.1111111111111111);
    q = __nvvm_fma_rn_d(q, rh, -0.125);
    q = __nvvm_fma_rn_d(q, rh, 0.14285714285714285);
    q = __nvvm_fma_rn_d(q, rh, -0.16666666666666666);
    q = __nvvm_fma_rn_d(q, rh, 0.2);
    q = __nvvm_fma_rn_d(q, rh, -0.25);
    q = __nvvm_fma_rn_d(q, rh, 0.3333333333333333);
    double s = rh * rh;
    double sl = __nvvm_fma_rn_d(rh, rh, -s);
    q = q * s * rh;
    double hs = 0.5 * s;
    double t1 = rh - hs;
    double t1l = ((rh - t1) - hs) + (rl - (0.5 * sl + (rh * rl - q)));
    double fe = (double)e;
    double ah = fe * 0.6931471805599453;
    double al = __nvvm_fma_rn_d(fe, 0.6931471805599453, -ah) + fe * 2.3190468138462996e-17;
    double e1, e2;
    double s1 = __nv_dint_two_sum(ah, ch, &e1);
    double s2 = __nv_dint_two_sum(s1, t1, &e2);
    double low = ((al + cl) + (e1 + e2)) + t1l;
    double h = s2 + low;
    *lo = (s2 - h) + low;
    return h;
}
/* log(1 + uh + ul) for uh > -1. */
__device__ __forceinline__ double __nv_dint_log1p_dd(double uh, double ul, double *lo) {
    double wl;
    double wh = __nv_dint_two_sum(1.0, uh, &wl);
    wl = wl + ul;
    double l;
    double h = __nv_dint_log_dd(wh, &l);
    l = l + wl / wh;
    double r = h + l;
    *lo = (h - r) + l;
    return r;
}
/* The special inputs of log: NaN, negative, zero, infinity (returns 1 and *r). */
__device__ __forceinline__ int __nv_dint_log_special(double x, double *r) {
    if (x != x) { *r = x + x; return 1; }
    if (x < 0.0) { *r = __nvvm_bitcast_ll2d(0x7ff8000000000000LL); return 1; }
    if (x == 0.0) { *r = -__nv_dint_inf(); return 1; }
    if (x == __nv_dint_inf()) { *r = x; return 1; }
    return 0;
}
"#
    };
}

/// lgamma in double-double for finite arguments (lgamma and tgamma).
macro_rules! d_lgamma {
    () => {
        r#"
/* lgamma(x) for finite x > 0 as a double-double: Taylor series about 1 and
   2 (coefficients from ζ(k)) within 0.1 of them, elsewhere Stirling's
   series at x + n >= 10 less log(x·(x+1)···(x+n-1)), all in double-double. */
__device__ __forceinline__ double __nv_dint_lgamma_pos(double x, double *lo) {
    double t = 0.0;
    int near = 0;
    if (x >= 0.9 && x <= 1.1) { t = x - 1.0; near = 1; }
    if (x >= 1.9 && x <= 2.1) { t = x - 2.0; near = 2; }
    if (near) {
        double p, c;
        if (near == 1) {
            p = __nvvm_fma_rn_d(t, -0.058823978658684585, 0.06250095514121304);
            p = __nvvm_fma_rn_d(p, t, -0.06666870588242046);
            p = __nvvm_fma_rn_d(p, t, 0.07143294629536133);
            p = __nvvm_fma_rn_d(p, t, -0.0769325164113522);
            p = __nvvm_fma_rn_d(p, t, 0.083353840546109);
            p = __nvvm_fma_rn_d(p, t, -0.09095401714582904);
            p = __nvvm_fma_rn_d(p, t, 0.1000994575127818);
            p = __nvvm_fma_rn_d(p, t, -0.11133426586956469);
            p = __nvvm_fma_rn_d(p, t, 0.12550966952474304);
            p = __nvvm_fma_rn_d(p, t, -0.1440498967688461);
            p = __nvvm_fma_rn_d(p, t, 0.1695571769974082);
            p = __nvvm_fma_rn_d(p, t, -0.20738555102867398);
            p = __nvvm_fma_rn_d(p, t, 0.27058080842778454);
            p = __nvvm_fma_rn_d(p, t, -0.40068563438653143);
            p = __nvvm_fma_rn_d(p, t, 0.8224670334241132);
            c = -0.5772156649015329;
        } else {
            p = __nvvm_fma_rn_d(t, -4.492469198764566e-07, 9.55141213040742e-07);
            p = __nvvm_fma_rn_d(p, t, -2.039215753801366e-06);
            p = __nvvm_fma_rn_d(p, t, 4.374866789907488e-06);
            p = __nvvm_fma_rn_d(p, t, -9.439488275268397e-06);
            p = __nvvm_fma_rn_d(p, t, 2.050721277567069e-05);
            p = __nvvm_fma_rn_d(p, t, -4.492623673813314e-05);
            p = __nvvm_fma_rn_d(p, t, 9.945751278180853e-05);
            p = __nvvm_fma_rn_d(p, t, -0.00022315475845357939);
            p = __nvvm_fma_rn_d(p, t, 0.0005096695247430425);
            p = __nvvm_fma_rn_d(p, t, -0.001192753911703261);
            p = __nvvm_fma_rn_d(p, t, 0.0028905103307415234);
            p = __nvvm_fma_rn_d(p, t, -0.007385551028673986);
            p = __nvvm_fma_rn_d(p, t, 0.020580808427784546);
            p = __nvvm_fma_rn_d(p, t, -0.0673523010531981);
            p = __nvvm_fma_rn_d(p, t, 0.3224670334241132);
            c = 0.42278433509846713;
        }
        /* c·t in double-double, plus t²·p */
        double h = c * t;
        double l = __nvvm_fma_rn_d(c, t, -h) + (4.942915152430645e-18 * t + t * t * p);
        double r = h + l;
        *lo = (h - r) + l;
        return r;
    }
    /* z = x + n >= 10 as zh + zl; the product x·(x+1)···(x+n-1) as ph + pl. */
    double zh = x, zl = 0.0, ph = 1.0, pl = 0.0;
    int shifted = 0;
    while (zh < 10.0) {
        double q = ph * zh;
        double qe = __nvvm_fma_rn_d(ph, zh, -q) + (ph * zl + pl * zh);
        ph = q + qe;
        pl = (q - ph) + qe;
        double e;
        zh = __nv_dint_two_sum(zh, 1.0, &e);
        zl = zl + e;
        shifted = 1;
    }
    /* (z - 1/2)·log z - z + log(2π)/2 + Σ B2k / (2k(2k-1) z^(2k-1)) */
    double ll;
    double lh = __nv_dint_log_dd(zh, &ll);
    ll = ll + zl / zh;
    double al;
    double ah = __nv_dint_two_sum(zh, -0.5, &al);
    al = al + zl;
    double m = ah * lh;
    double ml = __nvvm_fma_rn_d(ah, lh, -m) + (ah * ll + al * lh);
    double e1, e2;
    double s = __nv_dint_two_sum(m, -zh, &e1);
    s = __nv_dint_two_sum(s, 0.9189385332046728, &e2);
    double w = 1.0 / zh;
    double w2 = w * w;
    double st = __nvvm_fma_rn_d(w2, 0.17964437236883057, -0.029550653594771242);
    st = __nvvm_fma_rn_d(st, w2, 0.00641025641025641);
    st = __nvvm_fma_rn_d(st, w2, -0.0019175269175269176);
    st = __nvvm_fma_rn_d(st, w2, 0.0008417508417508417);
    st = __nvvm_fma_rn_d(st, w2, -0.0005952380952380953);
    st = __nvvm_fma_rn_d(st, w2, 0.0007936507936507937);
    st = __nvvm_fma_rn_d(st, w2, -0.002777777777777778);
    st = __nvvm_fma_rn_d(st, w2, 0.08333333333333333);
    double low = ml + e1 + e2 - zl - 3.8782941580672414e-17 + st * w;
    double h = s + low;
    double l = (s - h) + low;
    if (shifted) {
        double gl;
        double g = __nv_dint_log_dd(ph, &gl);
        gl = gl + pl / ph;
        h = __nv_dint_sub_dd(h, l, g, gl, &l);
    }
    *lo = l;
    return h;
}
/* lgamma(x) for finite x that is not a pole, as a double-double; for x < 0
   from Γ(x)·Γ(-x) = -π / (x·sin(πx)). */
__device__ __forceinline__ double __nv_dint_lgamma(double x, double *lo) {
    if (x > 0.0) return __nv_dint_lgamma_pos(x, lo);
    double ax = -x;
    /* -log|x| - γx: the rest is far below an ulp, and π·x below would be a
       denormal that has lost its digits */
    if (ax < 1e-200) {
        double l;
        double h = __nv_dint_log_dd(ax, &l);
        *lo = -l;
        return -h;
    }
    double gl;
    double g = __nv_dint_lgamma_pos(ax, &gl);
    /* |sin(πx)| */
    double k = __nvvm_rint_d(ax + ax);
    double fr = ax - 0.5 * k;
    int q = (int)((long long)k & 3LL);
    double rh = fr * 3.141592653589793;
    double rl = __nvvm_fma_rn_d(fr, 3.141592653589793, -rh) + fr * 1.2246467991473532e-16;
    double sl;
    double sn = __nv_dint_sincos_q(rh, rl, q, &sl);
    double nl;
    double n = __nv_dint_log_dd(__nvvm_fabs_d(sn), &nl);
    nl = nl + sl / sn;
    double xl;
    double xh = __nv_dint_log_dd(ax, &xl);
    /* log π - log|x| - log|sin(πx)| - lgamma(-x) */
    double l;
    double h = __nv_dint_sub_dd(1.1447298858494002, 1.0265951162707826e-17, xh, xl, &l);
    h = __nv_dint_sub_dd(h, l, n, nl, &l);
    h = __nv_dint_sub_dd(h, l, g, gl, &l);
    *lo = l;
    return h;
}
"#
    };
}

/// Reduction modulo π/2 for every double (Cody–Waite below 2^30, Payne–Hanek above) and the sin/cos kernels on [-π/4, π/4].
macro_rules! d_trig {
    () => {
        r#"
/* 2/π in 64-bit words after a zero word (bit p weighs 2^-p; the zero
   word holds p = -63 … 0): the 1280 bits Payne–Hanek reads for every double. */
__device__ const unsigned long long __nv_dint_2opi[21] = {
    0x0000000000000000ull, 0xa2f9836e4e441529ull, 0xfc2757d1f534ddc0ull, 0xdb6295993c439041ull,
    0xfe5163abdebbc561ull, 0xb7246e3a424dd2e0ull, 0x06492eea09d1921cull, 0xfe1deb1cb129a73eull,
    0xe88235f52ebb4484ull, 0xe99c7026b45f7e41ull, 0x3991d639835339f4ull, 0x9c845f8bbdf9283bull,
    0x1ff897ffde05980full, 0xef2f118b5a0a6d1full, 0x6d367ecf27cb09b7ull, 0x4f463f669e5fea2dull,
    0x7527bac7ebe5f17bull, 0x3d0739f78a5292eaull, 0x6bfb5fb11f8d5d08ull, 0x56033046fc7b6babull,
    0xf0cfbc209af4361dull,
};
/* x = q·π/2 + r with |r| <= π/4 (r as *rh + *rl, relative error below 2^-100
   for every double): three-part π/2 with fused multiply-adds below 2^30,
   Payne–Hanek above (192 bits of 2/π from the table). Returns q mod 4.
   ±∞ and NaN take the Payne–Hanek path and return a finite r. */
__device__ __forceinline__ int __nv_dint_trig_reduce(double x, double *rh, double *rl) {
    double ax = __nvvm_fabs_d(x);
    if (ax <= 0.7853981633974483) { *rh = x; *rl = 0.0; return 0; }
    if (ax < 1073741824.0) {
        double k = __nvvm_rint_d(x * 0.6366197723675814);
        double r1 = __nvvm_fma_rn_d(-k, 1.5707963267948966, x);
        double t = k * 6.123233995736766e-17;
        double tl = __nvvm_fma_rn_d(k, 6.123233995736766e-17, -t);
        double e;
        double h = __nv_dint_two_sum(r1, -t, &e);
        double l = (e - tl) - k * -1.4973849048591698e-33;
        double hh = h + l;
        *rl = (h - hh) + l;
        *rh = hh;
        return (int)((long long)k & 3);
    }
    long long b = __nvvm_bitcast_d2ll(ax);
    int ex = (int)((b >> 52) & 2047) - 1075;
    unsigned long long m = (unsigned long long)((b & 0x000fffffffffffffLL) | 0x0010000000000000LL);
    /* w0:w1:w2 = 192 bits of 2/π from bit ex - 1 (at offset ex + 62 of the
       table): three 64-bit funnel shifts; (t >> 1) >> (63 - s) is t >> (64 - s)
       for every s in 0..63 (0 for s = 0). */
    int o = ex + 62;
    int j = o >> 6;
    int s = o & 63;
    unsigned long long t0 = __nv_dint_2opi[j];
    unsigned long long t1 = __nv_dint_2opi[j + 1];
    unsigned long long t2 = __nv_dint_2opi[j + 2];
    unsigned long long t3 = __nv_dint_2opi[j + 3];
    unsigned long long w0 = (t0 << s) | ((t1 >> 1) >> (63 - s));
    unsigned long long w1 = (t1 << s) | ((t2 >> 1) >> (63 - s));
    unsigned long long w2 = (t2 << s) | ((t3 >> 1) >> (63 - s));
    /* The low 192 bits of m·(w0:w1:w2), scaled by 2^-190: 2 integer bits, then the fraction. */
    unsigned long long p2 = m * w2;
    unsigned long long h2 = __umul64hi(m, w2);
    unsigned long long l1 = m * w1;
    unsigned long long h1 = __umul64hi(m, w1);
    unsigned long long p1 = h2 + l1;
    unsigned long long p0 = h1 + m * w0 + (p1 < h2 ? 1ULL : 0ULL);
    /* The nearest quadrant; the rest as a signed 64-bit fraction (a fraction
       of 1/2 or more is its complement less one) and the next 64 bits. */
    int q = (int)((p0 + (1ULL << 61)) >> 62);
    long long sf = (long long)((p0 << 2) | (p1 >> 62));
    unsigned long long fl = (p1 << 2) | (p2 >> 62);
    /* f = fh + fl (units of 2^-64): fh = sf rounded, fl = the integer rest
       (exact) plus the next 64 bits; r = f·2^-64·π/2 with the constant as
       hi + lo, its sign x's. */
    double fh = (double)sf;
    double flo = __nvvm_fma_rn_d((double)fl, 5.421010862427522e-20, (double)(sf - (long long)fh));
    double ch = x < 0.0 ? -8.515303950216386e-20 : 8.515303950216386e-20;
    double cl = x < 0.0 ? -3.319411800407449e-36 : 3.319411800407449e-36;
    double rr = fh * ch;
    double re = __nvvm_fma_rn_d(fh, ch, -rr) + __nvvm_fma_rn_d(fh, cl, flo * ch);
    q = x < 0.0 ? -q : q;
    *rh = rr;
    *rl = re;
    return q & 3;
}
/* sin(rh + rl) for |r| <= π/4 as a double-double: Taylor to r^19. */
__device__ __forceinline__ double __nv_dint_sin_kernel(double rh, double rl, double *lo) {
    double z = rh * rh;
    double p = __nvvm_fma_rn_d(z, -8.22063524662433e-18, 2.8114572543455206e-15);
    p = __nvvm_fma_rn_d(p, z, -7.647163731819816e-13);
    p = __nvvm_fma_rn_d(p, z, 1.6059043836821613e-10);
    p = __nvvm_fma_rn_d(p, z, -2.505210838544172e-08);
    p = __nvvm_fma_rn_d(p, z, 2.7557319223985893e-06);
    p = __nvvm_fma_rn_d(p, z, -0.0001984126984126984);
    p = __nvvm_fma_rn_d(p, z, 0.008333333333333333);
    p = __nvvm_fma_rn_d(p, z, -0.16666666666666666);
    double t = __nvvm_fma_rn_d(p, z * rh, __nvvm_fma_rn_d(-0.5 * z, rl, rl));
    double h = rh + t;
    *lo = (rh - h) + t;
    return h;
}
/* cos(rh + rl) for |r| <= π/4 as a double-double: Taylor to r^20. */
__device__ __forceinline__ double __nv_dint_cos_kernel(double rh, double rl, double *lo) {
    double z = rh * rh;
    double zl = __nvvm_fma_rn_d(rh, rh, -z);
    double p = __nvvm_fma_rn_d(z, 4.110317623312165e-19, -1.5619206968586225e-16);
    p = __nvvm_fma_rn_d(p, z, 4.779477332387385e-14);
    p = __nvvm_fma_rn_d(p, z, -1.1470745597729725e-11);
    p = __nvvm_fma_rn_d(p, z, 2.08767569878681e-09);
    p = __nvvm_fma_rn_d(p, z, -2.755731922398589e-07);
    p = __nvvm_fma_rn_d(p, z, 2.48015873015873e-05);
    p = __nvvm_fma_rn_d(p, z, -0.001388888888888889);
    p = __nvvm_fma_rn_d(p, z, 0.041666666666666664);
    double hz = 0.5 * z;
    double w = 1.0 - hz;
    double t = (((1.0 - w) - hz) - 0.5 * zl) + __nvvm_fma_rn_d(z * z, p, -rh * rl);
    double h = w + t;
    *lo = (w - h) + t;
    return h;
}
/* sin(rh + rl) and cos(rh + rl) for |rh| <= π/4 in one double: minimax
   polynomials (tools/float_tables.py sin, cos: 2^-57.9, 2^-63.9 relative),
   the last addition the only rounding of size; sin(-0) is +0 here. */
__device__ __forceinline__ double __nv_dint_sin_1(double rh, double rl) {
    double z = rh * rh;
    double p = __nvvm_fma_rn_d(z, 1.589543329171929e-10, -2.505073438927441e-08);
    p = __nvvm_fma_rn_d(p, z, 2.755731353851426e-06);
    p = __nvvm_fma_rn_d(p, z, -0.00019841269829358528);
    p = __nvvm_fma_rn_d(p, z, 0.00833333333332184);
    p = __nvvm_fma_rn_d(p, z, -0.1666666666666663);
    return rh + __nvvm_fma_rn_d(p, z * rh, __nvvm_fma_rn_d(-0.5 * z, rl, rl));
}
__device__ __forceinline__ double __nv_dint_cos_1(double rh, double rl) {
    double z = rh * rh;
    double zl = __nvvm_fma_rn_d(rh, rh, -z);
    double p = __nvvm_fma_rn_d(z, -1.1358749239442962e-11, 2.0875705396024595e-09);
    p = __nvvm_fma_rn_d(p, z, -2.755731421703885e-07);
    p = __nvvm_fma_rn_d(p, z, 2.480158728900208e-05);
    p = __nvvm_fma_rn_d(p, z, -0.0013888888888873342);
    p = __nvvm_fma_rn_d(p, z, 0.041666666666666595);
    /* w = 1 - z/2 and its exact rounding error (z/2 exact), then the rest */
    double w = __nvvm_fma_rn_d(z, -0.5, 1.0);
    double e = __nvvm_fma_rn_d(z, -0.5, __nvvm_fma_rn_d(w, -1.0, 1.0));
    return w + (__nvvm_fma_rn_d(zl, -0.5, e) + __nvvm_fma_rn_d(z * z, p, -rh * rl));
}
/* sin (q even) or cos (q odd), negated in quadrants 2 and 3 */
__device__ __forceinline__ double __nv_dint_sincos_1(double rh, double rl, int q) {
    double r = (q & 1) ? __nv_dint_cos_1(rh, rl) : __nv_dint_sin_1(rh, rl);
    return (q & 2) ? -r : r;
}
/* sin (quadrant offset 0) or cos (offset 1) as a double-double. */
__device__ __forceinline__ double __nv_dint_sincos_q(double rh, double rl, int q, double *lo) {
    double h, l;
    if (q & 1) h = __nv_dint_cos_kernel(rh, rl, &l);
    else h = __nv_dint_sin_kernel(rh, rl, &l);
    if (q & 2) { h = -h; l = -l; }
    *lo = l;
    return h;
}
"#
    };
}

/// atan on [0, 1] from a table of atan(k/16) and a Taylor polynomial on |u| <= 1/32.
macro_rules! d_atan {
    () => {
        r#"
__device__ const double __nv_dint_atan_table[34] = {
    0.0, 0.0,
    0.06241880999595735, -1.5490756308295046e-18,
    0.12435499454676144, -3.1253241424539383e-18,
    0.18534794999569476, 4.180692268843079e-18,
    0.24497866312686414, 1.0698755618734451e-17,
    0.3028848683749714, -1.1010827903001369e-17,
    0.35877067027057225, -2.4623815582638635e-17,
    0.4124104415973873, -1.587652227770689e-17,
    0.4636476090008061, 2.2698777452961687e-17,
    0.5123894603107377, -2.5462781472855804e-17,
    0.5585993153435624, -5.4556305485916264e-18,
    0.6022873461349642, 2.950430737228402e-17,
    0.6435011087932844, 1.5834785051444286e-17,
    0.6823165548747481, 6.943223671560008e-18,
    0.7188299996216245, -2.1478388444456983e-17,
    0.7531512809621944, -2.4256934659182068e-17,
    0.7853981633974483, 3.061616997868383e-17,
};
/* atan(th + tl) for 0 <= t <= 1 as a double-double: atan(c) + atan(u) with
   c = k/16 nearest t, u = (t - c)/(1 + t·c) (|u| <= 1/32), Taylor to u^13. */
__device__ __forceinline__ double __nv_dint_atan_kernel(double th, double tl, double *lo) {
    double k = __nvvm_rint_d(th * 16.0);
    double c = k * 0.0625;
    double num = th - c;
    double pc = th * c;
    double pcl = __nvvm_fma_rn_d(th, c, -pc);
    double den = 1.0 + pc;
    double denl = ((1.0 - den) + pc) + pcl;
    double u = num / den;
    double ul = (__nvvm_fma_rn_d(-u, den, num) - u * denl) / den;
    ul = ul + tl * ((1.0 + c * c) / (den * den));
    double z = u * u;
    double p = __nvvm_fma_rn_d(z, -0.07692307692307693, 0.09090909090909091);
    p = __nvvm_fma_rn_d(p, z, -0.1111111111111111);
    p = __nvvm_fma_rn_d(p, z, 0.14285714285714285);
    p = __nvvm_fma_rn_d(p, z, -0.2);
    p = __nvvm_fma_rn_d(p, z, 0.3333333333333333);
    p = -(p * z * u);
    int i = (int)k;
    double ch = __nv_dint_atan_table[2 * i];
    double cl = __nv_dint_atan_table[2 * i + 1];
    double e;
    double s = __nv_dint_two_sum(ch, u, &e);
    double l = cl + e + ul + p;
    double h = s + l;
    *lo = (s - h) + l;
    return h;
}
/* a - (bh + bl) for double-doubles, rounded. */
__device__ __forceinline__ double __nv_dint_sub_dd(double ah, double al, double bh, double bl, double *lo) {
    double e;
    double s = __nv_dint_two_sum(ah, -bh, &e);
    double l = e + (al - bl);
    double h = s + l;
    *lo = (s - h) + l;
    return h;
}
"#
    };
}

/// erf near 0 (Taylor) and the continued fraction of erfc beyond (erf, erfc, erfcx, normcdf, and the inverses' steps).
macro_rules! d_erf {
    () => {
        r#"
/* erf(x) = (2/√π)·x·(1 + z·P(z)), z = x², for |x| < 0.75 (Taylor to x^41), as
   u + *lo with u = (2/√π)·x rounded; *v = z·P(z) for erfc's 1 - erf. */
__device__ __forceinline__ double __nv_dint_erf_small(double x, double *ul, double *v) {
    double z = x * x;
    double p = __nvvm_fma_rn_d(z, 1.0025164934907719e-20, -2.107855191442136e-19);
    p = __nvvm_fma_rn_d(p, z, 4.221407288807088e-18);
    p = __nvvm_fma_rn_d(p, z, -8.032735012415773e-17);
    p = __nvvm_fma_rn_d(p, z, 1.4483264643598138e-15);
    p = __nvvm_fma_rn_d(p, z, -2.466827010264457e-14);
    p = __nvvm_fma_rn_d(p, z, 3.9554295164585257e-13);
    p = __nvvm_fma_rn_d(p, z, -5.9477940136376354e-12);
    p = __nvvm_fma_rn_d(p, z, 8.35070279514724e-11);
    p = __nvvm_fma_rn_d(p, z, -1.0892221037148573e-09);
    p = __nvvm_fma_rn_d(p, z, 1.3122532963802806e-08);
    p = __nvvm_fma_rn_d(p, z, -1.4503852223150468e-07);
    p = __nvvm_fma_rn_d(p, z, 1.4589169000933706e-06);
    p = __nvvm_fma_rn_d(p, z, -1.3227513227513228e-05);
    p = __nvvm_fma_rn_d(p, z, 0.00010683760683760684);
    p = __nvvm_fma_rn_d(p, z, -0.0007575757575757576);
    p = __nvvm_fma_rn_d(p, z, 0.004629629629629629);
    p = __nvvm_fma_rn_d(p, z, -0.023809523809523808);
    p = __nvvm_fma_rn_d(p, z, 0.1);
    p = __nvvm_fma_rn_d(p, z, -0.3333333333333333);
    double u = 1.1283791670955126 * x;
    *ul = __nvvm_fma_rn_d(1.1283791670955126, x, -u) + 1.533545961316588e-17 * x;
    *v = z * p;
    return u;
}
/* The continued fraction x + (1/2)/(x + 1/(x + (3/2)/(x + …))) for x >= 0.75,
   evaluated from its depth back: erfc(x) = e^(-x²)/(√π·t), erfcx(x) = 1/(√π·t). */
__device__ __forceinline__ double __nv_dint_erfc_t(double x) {
    int n = (int)(16.0 + 220.0 / (x * x));
    double t = x;
    for (int k = n; k >= 1; k--) t = x + (0.5 * (double)k) / t;
    return t;
}
/* erfc(x) for x >= 0.75, scaled by 2^256 on the way where the result is subnormal. */
__device__ __forceinline__ double __nv_dint_erfc_cf(double x) {
    if (x > 27.3) return 0.0;
    double t = __nv_dint_erfc_t(x);
    double z = x * x;
    double zl = __nvvm_fma_rn_d(x, x, -z);
    if (x < 26.0) return __nv_dint_exp_dd(-z, -zl) * 0.5641895835477563 / t;
    double e;
    double h = __nv_dint_two_sum(-z, 177.445678223346, &e);
    double r = __nv_dint_exp_dd(h, e - zl + 5.936759843446527e-15) * 0.5641895835477563 / t;
    return r * 8.636168555094445e-78;
}
"#
    };
}

/// |x| mod |y| by long division of the mantissas, 11 bits a step (fmod, remainder, remquo).
macro_rules! d_fmod {
    () => {
        r#"
/* |x| mod |y| exactly, with the sign of x (x, y finite, y nonzero, |x| >= |y|). */
__device__ __forceinline__ double __nv_dint_fmod(double x, double y) {
    long long bx = __nvvm_bitcast_d2ll(x) & 0x7fffffffffffffffLL;
    long long by = __nvvm_bitcast_d2ll(y) & 0x7fffffffffffffffLL;
    int ex = (int)(bx >> 52);
    int ey = (int)(by >> 52);
    unsigned long long mx = (unsigned long long)(bx & 0x000fffffffffffffLL);
    unsigned long long my = (unsigned long long)(by & 0x000fffffffffffffLL);
    if (ex == 0) ex = 1; else mx = mx | 0x0010000000000000ULL;
    if (ey == 0) ey = 1; else my = my | 0x0010000000000000ULL;
    while (ex - ey >= 11) {
        mx = (mx << 11) % my;
        ex = ex - 11;
    }
    mx = (mx << (ex - ey)) % my;
    /* mx·2^(ey - 1075), exact */
    int sc = ey - 1075;
    double r = (double)mx;
    if (sc >= -1022) r = r * __nv_dint_pow2(sc);
    else r = r * __nv_dint_pow2(sc + 64) * 5.421010862427522e-20;
    return __nv_dint_copysign(r, x);
}
"#
    };
}

/// The inverses of erf and erfc as double-doubles (erfinv, erfcinv, normcdfinv).
macro_rules! d_erfinv {
    () => {
        r#"
/* x with erf(x) = y (cmode 0, |y| <= 0.5) or erfc(x) = c (cmode 1,
   0 < c <= 0.5), as x + *lo. The first value is the float functions'
   erfinv(t)/t in w = -log(1 - t²) times t = 1 - c (relative error below
   2^-35) or, for c below 1e-45, the asymptotic x² = -log c - log(x√π) +
   log(1 - 1/(2x²)) (below 2^-21); then Halley's steps x - δ/(1 + xδ) with
   δ = (erf(x) - y)/erf'(x), which is -(√π/2)·(erfcx(x) - c·e^(x²)) on
   erfc's side, where c·e^(x²) = e^(x² + log c) keeps a subnormal c exact. */
__device__ __forceinline__ double __nv_dint_erfinv_dd(double y, double c, int cmode, double *lo) {
    double yh = y, yl = 0.0, lch = 0.0, lcl = 0.0, w, t;
    if (cmode) {
        yh = __nv_dint_two_sum(1.0, -c, &yl);
        lch = __nv_dint_log_dd(c, &lcl);
        double l2;
        w = -lch - __nv_dint_log_dd(2.0 - c, &l2);
        t = yh;
    } else {
        double l1;
        w = -__nv_dint_log1p_dd(-y * y, 0.0, &l1);
        t = y;
    }
    double x;
    int steps = 1;
    if (w < 104.0) {
        x = __nv_internal_erfinv_core_d(w) * t;
    } else {
        double big = -lch;
        x = __nvvm_sqrt_rn_d(big);
        for (int i = 0; i < 3; i++) {
            double r = 0.5 / (x * x);
            double junk;
            x = __nvvm_sqrt_rn_d(big - __nv_dint_log_dd(x * 1.772453850905516, &junk) - r - 0.5 * r * r);
        }
        steps = 2;
    }
    double xl = 0.0;
    for (int k = 0; k < steps; k++) {
        double d;
        double z = x * x;
        double zl = __nvvm_fma_rn_d(x, x, -z);
        if (!cmode || x < 0.75) {
            double ul, v;
            double u = __nv_dint_erf_small(x, &ul, &v);
            double r = (u - yh) + ((ul + u * v) - yl);
            d = r / (1.1283791670955126 * __nv_dint_exp_dd(-z, -zl));
        } else {
            double ex = 0.5641895835477563 / __nv_dint_erfc_t(x);
            double e;
            double sh = __nv_dint_two_sum(z, lch, &e);
            double ce = __nv_dint_exp_dd(sh, e + zl + lcl);
            d = -0.886226925452758 * (ex - ce);
        }
        double corr = d / __nvvm_fma_rn_d(x, d, 1.0);
        double h = x - corr;
        xl = (x - h) - corr;
        x = h;
    }
    *lo = xl;
    return x;
}
"#
    };
}

/// sqrt(x² + y² + z² + w²) as a double-double, scaled (norm3d, norm4d, rnorm3d, rnorm4d).
macro_rules! d_norm {
    () => {
        r#"
/* sqrt(x² + y² + z² + w²) = (h + *lo)·*scale for finite arguments, not all
   zero: scaled by 2^±600 when large or small, the squares exact (fma) and
   summed as a double-double, then the square root corrected once. */
__device__ __forceinline__ double __nv_dint_norm4_dd(double x, double y, double z, double w, double *lo, double *scale) {
    double a = __nvvm_fabs_d(x), b = __nvvm_fabs_d(y), c = __nvvm_fabs_d(z), d = __nvvm_fabs_d(w);
    double m = __nvvm_fmax_d(__nvvm_fmax_d(a, b), __nvvm_fmax_d(c, d));
    double s = 1.0, k = 1.0;
    if (m > 1.0e150) { k = 2.409919865102884e-181; s = 4.149515568880993e+180; }
    if (m < 1.0e-150) { k = 4.149515568880993e+180; s = 2.409919865102884e-181; }
    a = a * k; b = b * k; c = c * k; d = d * k;
    double sh = a * a;
    double sl = __nvvm_fma_rn_d(a, a, -sh);
    double e, p;
    p = b * b;
    sl = sl + __nvvm_fma_rn_d(b, b, -p);
    sh = __nv_dint_two_sum(sh, p, &e);
    sl = sl + e;
    p = c * c;
    sl = sl + __nvvm_fma_rn_d(c, c, -p);
    sh = __nv_dint_two_sum(sh, p, &e);
    sl = sl + e;
    p = d * d;
    sl = sl + __nvvm_fma_rn_d(d, d, -p);
    sh = __nv_dint_two_sum(sh, p, &e);
    sl = sl + e;
    double h = __nvvm_sqrt_rn_d(sh);
    *lo = (__nvvm_fma_rn_d(-h, h, sh) + sl) / (h + h);
    *scale = s;
    return h;
}
/* 0: finite; 1: an infinite argument (the result is +inf, or 0 for the
   reciprocal, even beside a NaN); 2: a NaN and no infinity. */
__device__ __forceinline__ int __nv_dint_norm_special(double x, double y, double z, double w) {
    double inf = __nv_dint_inf();
    if (__nvvm_fabs_d(x) == inf || __nvvm_fabs_d(y) == inf || __nvvm_fabs_d(z) == inf || __nvvm_fabs_d(w) == inf) return 1;
    if (x != x || y != y || z != z || w != w) return 2;
    return 0;
}
__device__ __forceinline__ double __nv_dint_norm(double x, double y, double z, double w) {
    int sp = __nv_dint_norm_special(x, y, z, w);
    if (sp == 1) return __nv_dint_inf();
    if (sp == 2) return x + y + z + w;
    if (x == 0.0 && y == 0.0 && z == 0.0 && w == 0.0) return 0.0;
    double l, s;
    double h = __nv_dint_norm4_dd(x, y, z, w, &l, &s);
    return (h + l) * s;
}
/* sqrt(Σ p[i]²) over dim elements (its reciprocal when `recip`): the
   largest magnitude first (an infinity wins over a NaN), then the squares
   scaled by 2^±600 when it is large or small, summed as a double-double. */
__device__ __forceinline__ double __nv_dint_norm_n(int dim, const double *p, int recip) {
    double inf = __nv_dint_inf();
    double m = 0.0;
    int nan = 0;
    for (int i = 0; i < dim; i++) {
        double a = __nvvm_fabs_d(p[i]);
        if (a == inf) return recip ? 0.0 : inf;
        if (a != a) nan = 1;
        else m = __nvvm_fmax_d(m, a);
    }
    if (nan) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (m == 0.0) return recip ? inf : 0.0;
    double s = 1.0, k = 1.0;
    if (m > 1.0e150) { k = 2.409919865102884e-181; s = 4.149515568880993e+180; }
    if (m < 1.0e-150) { k = 4.149515568880993e+180; s = 2.409919865102884e-181; }
    double sh = 0.0, sl = 0.0, e;
    for (int i = 0; i < dim; i++) {
        double a = __nvvm_fabs_d(p[i]) * k;
        double q = a * a;
        sl = sl + __nvvm_fma_rn_d(a, a, -q);
        sh = __nv_dint_two_sum(sh, q, &e);
        sl = sl + e;
    }
    double h = __nvvm_sqrt_rn_d(sh);
    double l = (__nvvm_fma_rn_d(-h, h, sh) + sl) / (h + h);
    if (!recip) return (h + l) * s;
    double r = 1.0 / h;
    double rl = (__nvvm_fma_rn_d(-r, h, 1.0) - r * l) / h;
    return (r + rl) / s;
}
__device__ __forceinline__ double __nv_dint_rnorm(double x, double y, double z, double w) {
    int sp = __nv_dint_norm_special(x, y, z, w);
    if (sp == 1) return 0.0;
    if (sp == 2) return x + y + z + w;
    if (x == 0.0 && y == 0.0 && z == 0.0 && w == 0.0) return __nv_dint_inf();
    double l, s;
    double h = __nv_dint_norm4_dd(x, y, z, w, &l, &s);
    double r = 1.0 / h;
    double rl = (__nvvm_fma_rn_d(-r, h, 1.0) - r * l) / h;
    return (r + rl) / s;
}
"#
    };
}

/// log of a double in one double, as fdlibm's: x = 2^e·(1 + f) with 1 + f
/// in [√½, √2) from the bits (a denormal scaled by 2^54 first), s =
/// f/(2 + f) from `rcp.approx.ftz.f64` and a second-order Newton step (its
/// error cubed: below 2^-54 for a start within 2^-18; the interpreter's
/// rcp is exact), ln(1 + f) = f − f²/2 + s·(f²/2 + R(s²)), R fitted by
/// `tools/float_tables.py log` (2^-59.5). `*t` is s·(f²/2 + R), `*h`
/// f²/2; the special arguments return 1 with their result in `*special`:
/// NaN for NaN and x < 0, −∞ for ±0, +∞ for +∞.
macro_rules! d_log_fast {
    () => {
        r#"
__device__ __forceinline__ int __nv_dint_log_parts(double x, double *e, double *f, double *h, double *t, double *special) {
    long long adj = x < 2.2250738585072014e-308 ? (54LL << 52) : 0LL;
    double xs = x < 2.2250738585072014e-308 ? x * 18014398509481984.0 : x;
    long long b = __nvvm_bitcast_d2ll(xs) - adj;
    long long eb = (b - 0x3fe6a09e00000000LL) & (long long)0xfff0000000000000ULL;
    *e = (double)(eb >> 52);
    double fv = __nvvm_bitcast_ll2d(b - eb) - 1.0;
    double d = fv + 2.0;
    double rc = __nvvm_rcp_approx_ftz_d(d);
    double ep = __nvvm_fma_rn_d(-d, rc, 1.0);
    rc = __nvvm_fma_rn_d(__nvvm_fma_rn_d(ep, ep, ep), rc, rc);
    double s = fv * rc;
    double z = s * s;
    double r = __nvvm_fma_rn_d(z, 0.1479563293322915, 0.15314084868624583);
    r = __nvvm_fma_rn_d(r, z, 0.1818356285068797);
    r = __nvvm_fma_rn_d(r, z, 0.222221986050597);
    r = __nvvm_fma_rn_d(r, z, 0.28571428742028165);
    r = __nvvm_fma_rn_d(r, z, 0.3999999999941664);
    r = __nvvm_fma_rn_d(r, z, 0.6666666666666734);
    double hf = 0.5 * fv * fv;
    *f = fv;
    *h = hf;
    *t = s * __nvvm_fma_rn_d(r, z, hf);
    /* +∞, NaN and the negative arguments (-0 too, which the zero test takes) */
    double sv = __nvvm_fma_rn_d(x, 1.0 / 0.0, 1.0 / 0.0);
    *special = x == 0.0 ? -1.0 / 0.0 : sv;
    return (unsigned long long)__nvvm_bitcast_d2ll(x) >= 0x7ff0000000000000ULL || x == 0.0;
}
"#
    };
}

/// e^r on |r| <= ln2/2 in one double (a minimax polynomial of degree 11
/// fitted by `tools/float_tables.py exp`, relative error 2^-56.5, Horner with
/// fmas), and p·2^k in two exact steps so that every k in [-1100, 1100] is
/// one rounding (a denormal result) or none: exp, exp2, exp10.
macro_rules! d_exp_poly {
    () => {
        r#"
__device__ __forceinline__ double __nv_dint_exp_poly(double r) {
    double p = __nvvm_fma_rn_d(r, 2.511052511667939e-08, 2.7632690437986466e-07);
    p = __nvvm_fma_rn_d(p, r, 2.755724093935535e-06);
    p = __nvvm_fma_rn_d(p, r, 2.480148722029695e-05);
    p = __nvvm_fma_rn_d(p, r, 0.00019841269888009472);
    p = __nvvm_fma_rn_d(p, r, 0.0013888888947932718);
    p = __nvvm_fma_rn_d(p, r, 0.008333333333321638);
    p = __nvvm_fma_rn_d(p, r, 0.04166666666652152);
    p = __nvvm_fma_rn_d(p, r, 0.16666666666666674);
    p = __nvvm_fma_rn_d(p, r, 0.500000000000001);
    p = __nvvm_fma_rn_d(p, r, 1.0);
    return __nvvm_fma_rn_d(p, r, 1.0);
}
__device__ __forceinline__ double __nv_dint_ldexp2(double p, int k) {
    int k1 = k >> 1;
    double s1 = __nvvm_bitcast_ll2d((long long)(k1 + 1023) << 52);
    double s2 = __nvvm_bitcast_ll2d((long long)(k - k1 + 1023) << 52);
    return p * s1 * s2;
}
/* e^x from the reduced r and k (x = k·ln2 + r); ±∞ and the results past the
   range (k would not fit) by selects: above `hi` ∞, below `lo` 0. */
__device__ __forceinline__ double __nv_dint_exp_finish(double x, double r, int k, double hi, double lo) {
    double v = __nv_dint_ldexp2(__nv_dint_exp_poly(r), k);
    v = x > hi ? 1.0 / 0.0 : v;
    return x < lo ? 0.0 : v;
}
"#
    };
}

/// The double functions, each with the helpers it uses.
pub const FUNCTIONS: &[LibdeviceFunction] = &[
    LibdeviceFunction {
        name: "__nv_exp",
        source: &[
            d_core!(),
            d_exp_poly!(),
            r#"
extern "C" __device__ double __nv_exp(double x) {
    /* x = k·ln2 + r, ln2 in two parts (the first of 32 bits: k·hi and x - k·hi exact) */
    int k = __double2int_rn(x * 1.4426950408889634);
    double kd = (double)k;
    double r = __nvvm_fma_rn_d(kd, -0.6931471803691238, x);
    r = __nvvm_fma_rn_d(kd, -1.9082149292705877e-10, r);
    return __nv_dint_exp_finish(x, r, k, 709.782712893384, -745.1332191019412);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_exp2",
        source: &[
            d_core!(),
            d_exp_poly!(),
            r#"
extern "C" __device__ double __nv_exp2(double x) {
    /* x = k + f exactly, e^(f·ln2) with ln2 as hi + lo (r rounded once) */
    int k = __double2int_rn(x);
    double f = x - (double)k;
    double r = __nvvm_fma_rn_d(f, 0.6931471805599453, f * 2.3190468138462996e-17);
    return __nv_dint_exp_finish(x, r, k, 1024.0, -1075.0);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_exp10",
        source: &[
            d_core!(),
            d_exp_poly!(),
            r#"
extern "C" __device__ double __nv_exp10(double x) {
    /* x = k·log10(2) + t, log10(2) = hi + lo (hi of 33 bits: t1 = x - k·hi is
       exact), r = t·ln10 = t1·ln10 - k·(lo·ln10) with ln10 as hi + lo,
       rounded once */
    int k = __double2int_rn(x * 3.321928094887362);
    double kd = (double)k;
    double t1 = __nvvm_fma_rn_d(kd, -0.3010299955494702, x);
    double q = __nvvm_fma_rn_d(kd, -2.6367134226155817e-10, t1 * -2.1707562233822494e-16);
    double r = __nvvm_fma_rn_d(t1, 2.302585092994046, q);
    return __nv_dint_exp_finish(x, r, k, 308.25471555991675, -323.60724533877976);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_expm1",
        source: &[
            d_core!(),
            d_exp!(),
            r#"
extern "C" __device__ double __nv_expm1(double x) {
    if (x != x) return x + x;
    if (x > 709.0) return __nv_dint_exp_dd(x, 0.0);
    if (x < -40.0) return -1.0;
    if (__nvvm_fabs_d(x) < 5.551115123125783e-17) return x;
    double l;
    double h = __nv_dint_expm1_dd(x, &l);
    return h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_log",
        source: &[
            d_core!(),
            d_log_fast!(),
            r#"
extern "C" __device__ double __nv_log(double x) {
    double e, f, h, t, sv;
    int special = __nv_dint_log_parts(x, &e, &f, &h, &t, &sv);
    /* e·ln2 + f - (h - t), ln2 = hi + lo with hi of 32 bits (e·hi exact) */
    double r = __nvvm_fma_rn_d(e, 0.6931471803691238, f - (h - __nvvm_fma_rn_d(e, 1.9082149292705877e-10, t)));
    return special ? sv : r;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_log2",
        source: &[
            d_core!(),
            d_log_fast!(),
            r#"
extern "C" __device__ double __nv_log2(double x) {
    double e, f, h, t, sv;
    int special = __nv_dint_log_parts(x, &e, &f, &h, &t, &sv);
    /* ln(1 + f) = a + b (a = f - h rounded, b exact rest), times log2(e) as
       hi + lo, then + e */
    double a = f - h;
    double b = ((f - a) - h) + t;
    double p = a * 1.4426950408889634;
    double q = __nvvm_fma_rn_d(a, 1.4426950408889634, -p);
    q = __nvvm_fma_rn_d(a, 2.0355273740931033e-17, q);
    q = __nvvm_fma_rn_d(b, 1.4426950408889634, q);
    double w = e + p;
    double r = w + (((e - w) + p) + q);
    return special ? sv : r;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_log10",
        source: &[
            d_core!(),
            d_log_fast!(),
            r#"
extern "C" __device__ double __nv_log10(double x) {
    double e, f, h, t, sv;
    int special = __nv_dint_log_parts(x, &e, &f, &h, &t, &sv);
    /* ln(1 + f) = a + b, times log10(e) as hi + lo, plus e·log10(2) with
       log10(2) = hi + lo (hi of 33 bits: e·hi exact) */
    double a = f - h;
    double b = ((f - a) - h) + t;
    double p = a * 0.4342944819032518;
    double q = __nvvm_fma_rn_d(a, 0.4342944819032518, -p);
    q = __nvvm_fma_rn_d(a, 1.098319650216765e-17, q);
    q = __nvvm_fma_rn_d(b, 0.4342944819032518, q);
    q = __nvvm_fma_rn_d(e, 1.1451100898021838e-10, q);
    double eh = e * 0.3010299955494702;
    double w = eh + p;
    double r = w + (((eh - w) + p) + q);
    return special ? sv : r;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_log1p",
        source: &[
            d_core!(),
            d_log!(),
            r#"
extern "C" __device__ double __nv_log1p(double x) {
    double r, l;
    if (x == -1.0) return -__nv_dint_inf();
    if (__nv_dint_log_special(1.0 + x, &r)) return x < -1.0 ? r : x + x;
    if (__nvvm_fabs_d(x) < 1.1102230246251565e-16) return x;
    double h = __nv_dint_log1p_dd(x, 0.0, &l);
    return h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_pow",
        source: &[
            d_core!(),
            d_exp!(),
            d_log!(),
            r#"
__device__ __forceinline__ int __nv_dint_odd_integer(double y) {
    return __nvvm_trunc_d(y) == y && __nvvm_fabs_d(y) < 9007199254740992.0 && ((long long)y & 1LL) != 0;
}
extern "C" __device__ double __nv_pow(double x, double y) {
    double inf = __nv_dint_inf();
    if (y == 0.0 || x == 1.0) return 1.0;
    if (x != x || y != y) return x + y;
    double ax = __nvvm_fabs_d(x);
    double ay = __nvvm_fabs_d(y);
    int odd = __nv_dint_odd_integer(y);
    if (ay == inf) {
        if (ax == 1.0) return 1.0;
        return (ax < 1.0) == (y < 0.0) ? inf : 0.0;
    }
    if (x == 0.0 || ax == inf) {
        double r = ((x == 0.0) == (y < 0.0)) ? inf : 0.0;
        return odd ? __nv_dint_copysign(r, x) : r;
    }
    double sign = 1.0;
    if (x < 0.0) {
        if (__nvvm_trunc_d(y) != y) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
        if (odd) sign = -1.0;
    }
    double l;
    double h = __nv_dint_log_dd(ax, &l);
    double zh = y * h;
    double zl = __nvvm_fma_rn_d(y, h, -zh) + y * l;
    if (zh != zh) zh = (h < 0.0) == (y < 0.0) ? 1000.0 : -1000.0;
    return sign * __nv_dint_exp_dd(zh, zl);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_sin",
        source: &[
            d_core!(),
            d_trig!(),
            r#"
extern "C" __device__ double __nv_sin(double x) {
    double rh, rl;
    int q = __nv_dint_trig_reduce(x, &rh, &rl);
    /* x - x: NaN for ±∞ and NaN, else +0; sin(±0) = ±0 */
    double r = __nv_dint_sincos_1(rh, rl, q) + (x - x);
    return x == 0.0 ? x : r;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_cos",
        source: &[
            d_core!(),
            d_trig!(),
            r#"
extern "C" __device__ double __nv_cos(double x) {
    double rh, rl;
    int q = __nv_dint_trig_reduce(x, &rh, &rl);
    /* x - x: NaN for ±∞ and NaN, else +0 */
    return __nv_dint_sincos_1(rh, rl, q + 1) + (x - x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_sincos",
        source: &[
            d_core!(),
            d_trig!(),
            r#"
extern "C" __device__ void __nv_sincos(double x, double *sptr, double *cptr) {
    double rh, rl;
    int q = __nv_dint_trig_reduce(x, &rh, &rl);
    double s = __nv_dint_sin_1(rh, rl);
    double c = __nv_dint_cos_1(rh, rl);
    double sv = (q & 1) ? c : s;
    double cv = (q & 1) ? s : c;
    /* x - x: NaN for ±∞ and NaN, else +0; sin(±0) = ±0 */
    sv = ((q & 2) ? -sv : sv) + (x - x);
    *sptr = x == 0.0 ? x : sv;
    *cptr = (((q + 1) & 2) ? -cv : cv) + (x - x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_tan",
        source: &[
            d_core!(),
            d_trig!(),
            r#"
extern "C" __device__ double __nv_tan(double x) {
    if (x == 0.0 || x != x) return x + x;
    if (__nvvm_fabs_d(x) == __nv_dint_inf()) return x - x;
    double rh, rl, sl, cl;
    int q = __nv_dint_trig_reduce(x, &rh, &rl);
    double sh = __nv_dint_sin_kernel(rh, rl, &sl);
    double ch = __nv_dint_cos_kernel(rh, rl, &cl);
    if (q & 1) {
        /* -cos/sin */
        double t = ch; ch = -sh; sh = t;
        t = cl; cl = -sl; sl = t;
    }
    double r = sh / ch;
    double rlo = ((__nvvm_fma_rn_d(-r, ch, sh) + sl) - r * cl) / ch;
    return r + rlo;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_sinpi",
        source: &[
            d_core!(),
            d_trig!(),
            r#"
extern "C" __device__ double __nv_sinpi(double x) {
    if (x != x) return x + x;
    if (__nvvm_fabs_d(x) == __nv_dint_inf()) return x - x;
    /* |x| >= 2^53 is an even integer (and x + x below could overflow) */
    if (__nvvm_fabs_d(x) >= 9007199254740992.0) return __nv_dint_copysign(0.0, x);
    double k = __nvvm_rint_d(x + x);
    double fr = x - 0.5 * k;
    int q = (int)((long long)__nvvm_fmin_d(__nvvm_fmax_d(k, -1.152921504606847e18), 1.152921504606847e18) & 3LL);
    if (fr == 0.0 && (q & 1) == 0) return __nv_dint_copysign(0.0, x);
    double rh = fr * 3.141592653589793;
    double rl = __nvvm_fma_rn_d(fr, 3.141592653589793, -rh) + fr * 1.2246467991473532e-16;
    double l;
    double h = __nv_dint_sincos_q(rh, rl, q, &l);
    return h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_cospi",
        source: &[
            d_core!(),
            d_trig!(),
            r#"
extern "C" __device__ double __nv_cospi(double x) {
    if (x != x) return x + x;
    if (__nvvm_fabs_d(x) == __nv_dint_inf()) return x - x;
    /* |x| >= 2^53 is an even integer (and x + x below could overflow) */
    if (__nvvm_fabs_d(x) >= 9007199254740992.0) return 1.0;
    double k = __nvvm_rint_d(x + x);
    double fr = x - 0.5 * k;
    int q = (int)((long long)__nvvm_fmin_d(__nvvm_fmax_d(k, -1.152921504606847e18), 1.152921504606847e18) & 3LL) + 1;
    if (fr == 0.0 && (q & 1) == 0) return 0.0;
    double rh = fr * 3.141592653589793;
    double rl = __nvvm_fma_rn_d(fr, 3.141592653589793, -rh) + fr * 1.2246467991473532e-16;
    double l;
    double h = __nv_dint_sincos_q(rh, rl, q, &l);
    return h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_atan",
        source: &[
            d_core!(),
            d_atan!(),
            r#"
extern "C" __device__ double __nv_atan(double x) {
    if (x == 0.0 || x != x) return x + x;
    double ax = __nvvm_fabs_d(x);
    double h, l;
    if (ax <= 1.0) {
        h = __nv_dint_atan_kernel(ax, 0.0, &l);
    } else {
        double v = 1.0 / ax;
        double vl = ax == __nv_dint_inf() ? 0.0 : __nvvm_fma_rn_d(-v, ax, 1.0) / ax;
        double ah = __nv_dint_atan_kernel(v, vl, &l);
        h = __nv_dint_sub_dd(1.5707963267948966, 6.123233995736766e-17, ah, l, &l);
    }
    return __nv_dint_copysign(h + l, x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_atan2",
        source: &[
            d_core!(),
            d_atan!(),
            r#"
extern "C" __device__ double __nv_atan2(double y, double x) {
    if (x != x || y != y) return x + y;
    double ax = __nvvm_fabs_d(x);
    double ay = __nvvm_fabs_d(y);
    double h, l;
    if (ay <= ax) {
        double t = 0.0, tl = 0.0;
        if (ay == ax && ay != 0.0) t = 1.0;
        else if (ay != 0.0) {
            t = ay / ax;
            if (ax != __nv_dint_inf()) tl = __nvvm_fma_rn_d(-t, ax, ay) / ax;
        }
        h = __nv_dint_atan_kernel(t, tl, &l);
    } else {
        double t = ax / ay;
        double tl = (ax == 0.0 || ay == __nv_dint_inf()) ? 0.0 : __nvvm_fma_rn_d(-t, ay, ax) / ay;
        double ah = __nv_dint_atan_kernel(t, tl, &l);
        h = __nv_dint_sub_dd(1.5707963267948966, 6.123233995736766e-17, ah, l, &l);
    }
    if (__nv_dint_signbit(x)) h = __nv_dint_sub_dd(3.141592653589793, 1.2246467991473532e-16, h, l, &l);
    return __nv_dint_copysign(h + l, y);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_asin",
        source: &[
            d_core!(),
            d_atan!(),
            r#"
/* u = |x|/sqrt(1-x^2) and its inverse v as double-doubles; returns 1 where |x| <= 1/sqrt(2) (u <= 1). */
__device__ __forceinline__ int __nv_dint_asin_ratio(double ax, double *th, double *tl) {
    double wh, wl;
    if (ax <= 0.5) {
        double s = ax * ax;
        double sl = __nvvm_fma_rn_d(ax, ax, -s);
        wh = 1.0 - s;
        wl = ((1.0 - wh) - s) - sl;
    } else {
        double a = 1.0 - ax;
        double bl;
        double bh = __nv_dint_two_sum(1.0, ax, &bl);
        wh = a * bh;
        wl = __nvvm_fma_rn_d(a, bh, -wh) + a * bl;
    }
    double sh = __nvvm_sqrt_rn_d(wh);
    double sl = sh == 0.0 ? 0.0 : (__nvvm_fma_rn_d(-sh, sh, wh) + wl) / (sh + sh);
    if (ax <= 0.7071067811865476) {
        double u = ax / sh;
        *th = u;
        *tl = (__nvvm_fma_rn_d(-u, sh, ax) - u * sl) / sh;
        return 1;
    }
    double v = sh / ax;
    *th = v;
    *tl = (__nvvm_fma_rn_d(-v, ax, sh) + sl) / ax;
    return 0;
}
extern "C" __device__ double __nv_asin(double x) {
    if (x == 0.0 || x != x) return x + x;
    double ax = __nvvm_fabs_d(x);
    if (ax > 1.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    double th, tl, h, l;
    if (__nv_dint_asin_ratio(ax, &th, &tl)) {
        h = __nv_dint_atan_kernel(th, tl, &l);
    } else {
        double ah = __nv_dint_atan_kernel(th, tl, &l);
        h = __nv_dint_sub_dd(1.5707963267948966, 6.123233995736766e-17, ah, l, &l);
    }
    return __nv_dint_copysign(h + l, x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_acos",
        source: &[
            d_core!(),
            d_atan!(),
            r#"
/* u = |x|/sqrt(1-x^2) and its inverse v as double-doubles; returns 1 where |x| <= 1/sqrt(2) (u <= 1). */
__device__ __forceinline__ int __nv_dint_asin_ratio(double ax, double *th, double *tl) {
    double wh, wl;
    if (ax <= 0.5) {
        double s = ax * ax;
        double sl = __nvvm_fma_rn_d(ax, ax, -s);
        wh = 1.0 - s;
        wl = ((1.0 - wh) - s) - sl;
    } else {
        double a = 1.0 - ax;
        double bl;
        double bh = __nv_dint_two_sum(1.0, ax, &bl);
        wh = a * bh;
        wl = __nvvm_fma_rn_d(a, bh, -wh) + a * bl;
    }
    double sh = __nvvm_sqrt_rn_d(wh);
    double sl = sh == 0.0 ? 0.0 : (__nvvm_fma_rn_d(-sh, sh, wh) + wl) / (sh + sh);
    if (ax <= 0.7071067811865476) {
        double u = ax / sh;
        *th = u;
        *tl = (__nvvm_fma_rn_d(-u, sh, ax) - u * sl) / sh;
        return 1;
    }
    double v = sh / ax;
    *th = v;
    *tl = (__nvvm_fma_rn_d(-v, ax, sh) + sl) / ax;
    return 0;
}
extern "C" __device__ double __nv_acos(double x) {
    if (x != x) return x + x;
    double ax = __nvvm_fabs_d(x);
    if (ax > 1.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    double th, tl, h, l;
    if (__nv_dint_asin_ratio(ax, &th, &tl)) {
        double ah = __nv_dint_atan_kernel(th, tl, &l);
        h = __nv_dint_sub_dd(1.5707963267948966, 6.123233995736766e-17, ah, l, &l);
    } else {
        h = __nv_dint_atan_kernel(th, tl, &l);
    }
    if (x < 0.0) h = __nv_dint_sub_dd(3.141592653589793, 1.2246467991473532e-16, h, l, &l);
    return h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_sinh",
        source: &[
            d_core!(),
            d_exp!(),
            r#"
extern "C" __device__ double __nv_sinh(double x) {
    double ax = __nvvm_fabs_d(x);
    if (x != x) return x + x;
    if (ax == __nv_dint_inf() || ax < 3.725290298461914e-09) return x;
    double r;
    if (ax > 710.5) return __nv_dint_copysign(__nv_dint_inf(), x);
    if (ax < 1.0) {
        double z = x * x;
        double p = __nvvm_fma_rn_d(z, 1.9572941063391263e-20, 8.22063524662433e-18);
        p = __nvvm_fma_rn_d(p, z, 2.8114572543455206e-15);
        p = __nvvm_fma_rn_d(p, z, 7.647163731819816e-13);
        p = __nvvm_fma_rn_d(p, z, 1.6059043836821613e-10);
        p = __nvvm_fma_rn_d(p, z, 2.505210838544172e-08);
        p = __nvvm_fma_rn_d(p, z, 2.7557319223985893e-06);
        p = __nvvm_fma_rn_d(p, z, 0.0001984126984126984);
        p = __nvvm_fma_rn_d(p, z, 0.008333333333333333);
        p = __nvvm_fma_rn_d(p, z, 0.16666666666666666);
        return __nvvm_fma_rn_d(p * z, x, x);
    }
    double rh, rl, pl;
    double sh = ax, sl = 0.0;
    if (ax > 709.0) sh = __nv_dint_two_sum(ax, -0.6931471805599453, &sl);
    if (ax > 709.0) sl = sl - 2.3190468138462996e-17;
    int k = __nv_dint_exp_reduce(sh, sl, &rh, &rl);
    double ph = __nv_dint_expm1_kernel(rh, rl, &pl);
    double vh = 1.0 + ph;
    double vl = ((1.0 - vh) + ph) + pl;
    if (ax > 709.0) r = __nv_dint_scale(vh, vl, k);
    else {
        double t = __nv_dint_pow2(k);
        double eh = vh * t, el = vl * t;
        r = 0.5 * (eh + (el - 1.0 / eh));
    }
    return __nv_dint_copysign(r, x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_cosh",
        source: &[
            d_core!(),
            d_exp!(),
            r#"
extern "C" __device__ double __nv_cosh(double x) {
    double ax = __nvvm_fabs_d(x);
    if (x != x) return x + x;
    if (ax > 710.5) return __nv_dint_inf();
    if (ax < 1.0) {
        double z = x * x;
        double zl = __nvvm_fma_rn_d(x, x, -z);
        double p = __nvvm_fma_rn_d(z, 4.110317623312165e-19, 1.5619206968586225e-16);
        p = __nvvm_fma_rn_d(p, z, 4.779477332387385e-14);
        p = __nvvm_fma_rn_d(p, z, 1.1470745597729725e-11);
        p = __nvvm_fma_rn_d(p, z, 2.08767569878681e-09);
        p = __nvvm_fma_rn_d(p, z, 2.755731922398589e-07);
        p = __nvvm_fma_rn_d(p, z, 2.48015873015873e-05);
        p = __nvvm_fma_rn_d(p, z, 0.001388888888888889);
        p = __nvvm_fma_rn_d(p, z, 0.041666666666666664);
        return 1.0 + __nvvm_fma_rn_d(p * z, z, __nvvm_fma_rn_d(0.5, z, 0.5 * zl));
    }
    double rh, rl, pl;
    double sh = ax, sl = 0.0;
    if (ax > 709.0) sh = __nv_dint_two_sum(ax, -0.6931471805599453, &sl);
    if (ax > 709.0) sl = sl - 2.3190468138462996e-17;
    int k = __nv_dint_exp_reduce(sh, sl, &rh, &rl);
    double ph = __nv_dint_expm1_kernel(rh, rl, &pl);
    double vh = 1.0 + ph;
    double vl = ((1.0 - vh) + ph) + pl;
    if (ax > 709.0) return __nv_dint_scale(vh, vl, k);
    double t = __nv_dint_pow2(k);
    double eh = vh * t, el = vl * t;
    return 0.5 * (eh + (el + 1.0 / eh));
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_tanh",
        source: &[
            d_core!(),
            d_exp!(),
            r#"
extern "C" __device__ double __nv_tanh(double x) {
    double ax = __nvvm_fabs_d(x);
    if (x != x) return x + x;
    if (ax < 3.725290298461914e-09) return x;
    if (ax > 22.0) return __nv_dint_copysign(1.0, x);
    double el;
    double eh = __nv_dint_expm1_dd(ax + ax, &el);
    double dl;
    double dh = __nv_dint_two_sum(eh, 2.0, &dl);
    dl = dl + el;
    double q = eh / dh;
    double ql = ((__nvvm_fma_rn_d(-q, dh, eh) + el) - q * dl) / dh;
    return __nv_dint_copysign(q + ql, x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_asinh",
        source: &[
            d_core!(),
            d_log!(),
            r#"
extern "C" __device__ double __nv_asinh(double x) {
    double ax = __nvvm_fabs_d(x);
    if (x != x) return x + x;
    if (ax == __nv_dint_inf() || ax < 3.725290298461914e-09) return x;
    double h, l;
    if (ax > 268435456.0) {
        h = __nv_dint_log_dd(ax, &l);
        double e;
        double s = __nv_dint_two_sum(h, 0.6931471805599453, &e);
        return __nv_dint_copysign(s + (e + l + 2.3190468138462996e-17), x);
    }
    /* log1p(|x| + (sqrt(1 + x^2) - 1)) */
    double z = ax * ax;
    double zl = __nvvm_fma_rn_d(ax, ax, -z);
    double wl;
    double wh = __nv_dint_two_sum(1.0, z, &wl);
    wl = wl + zl;
    double sh = __nvvm_sqrt_rn_d(wh);
    double sl = (__nvvm_fma_rn_d(-sh, sh, wh) + wl) / (sh + sh);
    double e1, e2;
    double a = __nv_dint_two_sum(sh, -1.0, &e1);
    double u = __nv_dint_two_sum(ax, a, &e2);
    h = __nv_dint_log1p_dd(u, e1 + e2 + sl, &l);
    return __nv_dint_copysign(h + l, x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_acosh",
        source: &[
            d_core!(),
            d_log!(),
            r#"
extern "C" __device__ double __nv_acosh(double x) {
    if (x != x) return x + x;
    if (x < 1.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (x == __nv_dint_inf()) return x;
    double h, l;
    if (x > 268435456.0) {
        h = __nv_dint_log_dd(x, &l);
        double e;
        double s = __nv_dint_two_sum(h, 0.6931471805599453, &e);
        return s + (e + l + 2.3190468138462996e-17);
    }
    /* log1p((x - 1) + sqrt((x - 1)(x + 1))) */
    double al;
    double a = __nv_dint_two_sum(x, -1.0, &al);
    double bl;
    double b = __nv_dint_two_sum(x, 1.0, &bl);
    double wh = a * b;
    double wl = __nvvm_fma_rn_d(a, b, -wh) + (a * bl + al * b);
    double sh = __nvvm_sqrt_rn_d(wh);
    double sl = sh == 0.0 ? 0.0 : (__nvvm_fma_rn_d(-sh, sh, wh) + wl) / (sh + sh);
    double e;
    double u = __nv_dint_two_sum(a, sh, &e);
    h = __nv_dint_log1p_dd(u, e + al + sl, &l);
    return h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_atanh",
        source: &[
            d_core!(),
            d_log!(),
            r#"
extern "C" __device__ double __nv_atanh(double x) {
    double ax = __nvvm_fabs_d(x);
    if (x != x) return x + x;
    if (ax < 3.725290298461914e-09) return x;
    if (ax > 1.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (ax == 1.0) return __nv_dint_copysign(__nv_dint_inf(), x);
    /* log1p(2|x|/(1 - |x|)) / 2 */
    double dl;
    double d = __nv_dint_two_sum(1.0, -ax, &dl);
    double n = ax + ax;
    double u = n / d;
    double ul = (__nvvm_fma_rn_d(-u, d, n) - u * dl) / d;
    double l;
    double h = __nv_dint_log1p_dd(u, ul, &l);
    return __nv_dint_copysign(0.5 * (h + l), x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_rsqrt",
        source: &[r#"
/* rsqrt.approx.f64, as NVIDIA's: the instruction (1 ulp, CUDA's bound)
   handles ±0, +inf, x < 0 and NaN as C does. */
extern "C" __device__ double __nv_rsqrt(double x) { return __nvvm_rsqrt_approx_d(x); }
"#],
    },
    LibdeviceFunction {
        name: "__nv_cbrt",
        source: &[
            d_core!(),
            r#"
/* |x| = 2^(3q)·m, m in [1, 8): returns q, m in *m (x finite, nonzero). */
__device__ __forceinline__ int __nv_dint_cbrt_reduce(double ax, double *m) {
    int adj = 0;
    if (ax < 2.2250738585072014e-308) { ax = ax * 18014398509481984.0; adj = -18; }
    long long b = __nvvm_bitcast_d2ll(ax);
    int e = (int)((b >> 52) & 2047) - 1023;
    int r = e % 3;
    if (r < 0) r += 3;
    *m = __nvvm_bitcast_ll2d((b & 0x000fffffffffffffLL) | ((long long)(1023 + r) << 52));
    return (e - r) / 3 + adj;
}
extern "C" __device__ double __nv_cbrt(double x) {
    double ax = __nvvm_fabs_d(x);
    if (x == 0.0 || x != x || ax == __nv_dint_inf()) return x + x;
    double m;
    int q = __nv_dint_cbrt_reduce(ax, &m);
    double y = __nvvm_fma_rn_d(m, 0.125, 0.875);
    for (int i = 0; i < 6; i++) y = (y + y + m / (y * y)) * 0.3333333333333333;
    double y2 = y * y;
    double y2l = __nvvm_fma_rn_d(y, y, -y2);
    double y3 = y2 * y;
    double y3l = __nvvm_fma_rn_d(y2, y, -y3) + y2l * y;
    double res = (y3 - m) + y3l;
    y = y - res / (3.0 * y2);
    return __nv_dint_copysign(y * __nv_dint_pow2(q), x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_rcbrt",
        source: &[
            d_core!(),
            r#"
/* |x| = 2^(3q)·m, m in [1, 8): returns q, m in *m (x finite, nonzero). */
__device__ __forceinline__ int __nv_dint_cbrt_reduce(double ax, double *m) {
    int adj = 0;
    if (ax < 2.2250738585072014e-308) { ax = ax * 18014398509481984.0; adj = -18; }
    long long b = __nvvm_bitcast_d2ll(ax);
    int e = (int)((b >> 52) & 2047) - 1023;
    int r = e % 3;
    if (r < 0) r += 3;
    *m = __nvvm_bitcast_ll2d((b & 0x000fffffffffffffLL) | ((long long)(1023 + r) << 52));
    return (e - r) / 3 + adj;
}
extern "C" __device__ double __nv_rcbrt(double x) {
    double ax = __nvvm_fabs_d(x);
    if (x != x) return x + x;
    if (x == 0.0) return __nv_dint_copysign(__nv_dint_inf(), x);
    if (ax == __nv_dint_inf()) return __nv_dint_copysign(0.0, x);
    double m;
    int q = __nv_dint_cbrt_reduce(ax, &m);
    double y = __nvvm_fma_rn_d(m, -0.0625, 0.95);
    for (int i = 0; i < 7; i++) y = y * (4.0 - m * y * y * y) * 0.3333333333333333;
    double y2 = y * y;
    double y2l = __nvvm_fma_rn_d(y, y, -y2);
    double y3 = y2 * y;
    double y3l = __nvvm_fma_rn_d(y2, y, -y3) + y2l * y;
    double t = m * y3;
    double tl = __nvvm_fma_rn_d(m, y3, -t) + m * y3l;
    double e = (1.0 - t) - tl;
    y = __nvvm_fma_rn_d(y * 0.3333333333333333, e, y);
    return __nv_dint_copysign(y * __nv_dint_pow2(-q), x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_hypot",
        source: &[
            d_core!(),
            r#"
/* sqrt(x^2 + y^2) = (h + *lo)·*scale for finite x, y, not both zero. */
__device__ __forceinline__ double __nv_dint_hypot_dd(double x, double y, double *lo, double *scale) {
    double a = __nvvm_fmax_d(__nvvm_fabs_d(x), __nvvm_fabs_d(y));
    double b = __nvvm_fmin_d(__nvvm_fabs_d(x), __nvvm_fabs_d(y));
    double s = 1.0;
    if (a > 1.0e150) { a = a * 2.409919865102884e-181; b = b * 2.409919865102884e-181; s = 4.149515568880993e+180; }
    if (a < 1.0e-150) { a = a * 4.149515568880993e+180; b = b * 4.149515568880993e+180; s = 2.409919865102884e-181; }
    double p1 = a * a;
    double p1l = __nvvm_fma_rn_d(a, a, -p1);
    double p2 = b * b;
    double p2l = __nvvm_fma_rn_d(b, b, -p2);
    double e;
    double sh = __nv_dint_two_sum(p1, p2, &e);
    double sl = e + p1l + p2l;
    double h = __nvvm_sqrt_rn_d(sh);
    *lo = (__nvvm_fma_rn_d(-h, h, sh) + sl) / (h + h);
    *scale = s;
    return h;
}
extern "C" __device__ double __nv_hypot(double x, double y) {
    double inf = __nv_dint_inf();
    if (__nvvm_fabs_d(x) == inf || __nvvm_fabs_d(y) == inf) return inf;
    if (x != x || y != y) return x + y;
    if (x == 0.0 && y == 0.0) return 0.0;
    double l, s;
    double h = __nv_dint_hypot_dd(x, y, &l, &s);
    return (h + l) * s;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_rhypot",
        source: &[
            d_core!(),
            r#"
/* sqrt(x^2 + y^2) = (h + *lo)·*scale for finite x, y, not both zero. */
__device__ __forceinline__ double __nv_dint_hypot_dd(double x, double y, double *lo, double *scale) {
    double a = __nvvm_fmax_d(__nvvm_fabs_d(x), __nvvm_fabs_d(y));
    double b = __nvvm_fmin_d(__nvvm_fabs_d(x), __nvvm_fabs_d(y));
    double s = 1.0;
    if (a > 1.0e150) { a = a * 2.409919865102884e-181; b = b * 2.409919865102884e-181; s = 4.149515568880993e+180; }
    if (a < 1.0e-150) { a = a * 4.149515568880993e+180; b = b * 4.149515568880993e+180; s = 2.409919865102884e-181; }
    double p1 = a * a;
    double p1l = __nvvm_fma_rn_d(a, a, -p1);
    double p2 = b * b;
    double p2l = __nvvm_fma_rn_d(b, b, -p2);
    double e;
    double sh = __nv_dint_two_sum(p1, p2, &e);
    double sl = e + p1l + p2l;
    double h = __nvvm_sqrt_rn_d(sh);
    *lo = (__nvvm_fma_rn_d(-h, h, sh) + sl) / (h + h);
    *scale = s;
    return h;
}
extern "C" __device__ double __nv_rhypot(double x, double y) {
    double inf = __nv_dint_inf();
    if (__nvvm_fabs_d(x) == inf || __nvvm_fabs_d(y) == inf) return 0.0;
    if (x != x || y != y) return x + y;
    if (x == 0.0 && y == 0.0) return inf;
    double l, s;
    double h = __nv_dint_hypot_dd(x, y, &l, &s);
    double r = 1.0 / h;
    double rl = (__nvvm_fma_rn_d(-r, h, 1.0) - r * l) / h;
    return (r + rl) / s;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_round",
        source: &[
            d_core!(),
            r#"
extern "C" __device__ double __nv_round(double x) {
    double t = __nvvm_trunc_d(x);
    if (__nvvm_fabs_d(x - t) >= 0.5) t = t + __nv_dint_copysign(1.0, x);
    return t;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_fmod",
        source: &[
            d_core!(),
            d_fmod!(),
            r#"
extern "C" __device__ double __nv_fmod(double x, double y) {
    double ax = __nvvm_fabs_d(x);
    double ay = __nvvm_fabs_d(y);
    if (x != x || y != y) return x + y;
    if (ax == __nv_dint_inf() || y == 0.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (ax < ay) return x;
    return __nv_dint_fmod(x, y);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_remainder",
        source: &[
            d_core!(),
            d_fmod!(),
            r#"
extern "C" __device__ double __nv_remainder(double x, double y) {
    double ax = __nvvm_fabs_d(x);
    double ay = __nvvm_fabs_d(y);
    if (x != x || y != y) return x + y;
    if (ax == __nv_dint_inf() || y == 0.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    double r = ax;
    /* r = |x| mod 2|y| first, then at most two subtractions of |y|. */
    if (ay < 8.98846567431158e+307 && ax >= ay + ay) r = __nvvm_fabs_d(__nv_dint_fmod(ax, ay + ay));
    if (ay < 4.450147717014403e-308) {
        if (r + r > ay) { r = r - ay; if (r + r >= ay) r = r - ay; }
    } else {
        double h = 0.5 * ay;
        if (r > h) { r = r - ay; if (r >= h) r = r - ay; }
    }
    if (r == 0.0) r = 0.0;
    return __nv_dint_copysign(1.0, x) * r;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_fdim",
        source: &[
            d_core!(),
            r#"
extern "C" __device__ double __nv_fdim(double x, double y) {
    if (x != x || y != y) return x + y;
    return x > y ? x - y : 0.0;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_ldexp",
        source: &[
            d_core!(),
            r#"
__device__ __forceinline__ double __nv_dint_scalbn(double x, int n) {
    if (n > 1023) {
        x = x * 8.98846567431158e+307;
        n = n - 1023;
        if (n > 1023) {
            x = x * 8.98846567431158e+307;
            n = n - 1023;
            if (n > 1023) n = 1023;
        }
    } else if (n < -1022) {
        /* 2^-1022·2^53: stays normal while the result would, so only the last product rounds. */
        x = x * 2.004168360008973e-292;
        n = n + 969;
        if (n < -1022) {
            x = x * 2.004168360008973e-292;
            n = n + 969;
            if (n < -1022) n = -1022;
        }
    }
    return x * __nv_dint_pow2(n);
}
extern "C" __device__ double __nv_ldexp(double x, int n) { return __nv_dint_scalbn(x, n); }
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_scalbn",
        source: &[
            d_core!(),
            r#"
__device__ __forceinline__ double __nv_dint_scalbn(double x, int n) {
    if (n > 1023) {
        x = x * 8.98846567431158e+307;
        n = n - 1023;
        if (n > 1023) {
            x = x * 8.98846567431158e+307;
            n = n - 1023;
            if (n > 1023) n = 1023;
        }
    } else if (n < -1022) {
        /* 2^-1022·2^53: stays normal while the result would, so only the last product rounds. */
        x = x * 2.004168360008973e-292;
        n = n + 969;
        if (n < -1022) {
            x = x * 2.004168360008973e-292;
            n = n + 969;
            if (n < -1022) n = -1022;
        }
    }
    return x * __nv_dint_pow2(n);
}
extern "C" __device__ double __nv_scalbn(double x, int n) { return __nv_dint_scalbn(x, n); }
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_ilogb",
        source: &[
            d_core!(),
            r#"
/* The exponent of a finite nonzero x. */
__device__ __forceinline__ int __nv_dint_ilogb(double x) {
    long long b = __nvvm_bitcast_d2ll(x) & 0x7fffffffffffffffLL;
    int e = (int)(b >> 52);
    if (e == 0) return 63 - __clzll(b) - 1074;
    return e - 1023;
}
extern "C" __device__ int __nv_ilogb(double x) {
    if (x != x || x == 0.0) return -2147483647 - 1;
    if (__nvvm_fabs_d(x) == __nv_dint_inf()) return 2147483647;
    return __nv_dint_ilogb(x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_logb",
        source: &[
            d_core!(),
            r#"
/* The exponent of a finite nonzero x. */
__device__ __forceinline__ int __nv_dint_ilogb(double x) {
    long long b = __nvvm_bitcast_d2ll(x) & 0x7fffffffffffffffLL;
    int e = (int)(b >> 52);
    if (e == 0) return 63 - __clzll(b) - 1074;
    return e - 1023;
}
extern "C" __device__ double __nv_logb(double x) {
    if (x != x) return x + x;
    if (x == 0.0) return -__nv_dint_inf();
    if (__nvvm_fabs_d(x) == __nv_dint_inf()) return __nv_dint_inf();
    return (double)__nv_dint_ilogb(x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_frexp",
        source: &[
            d_core!(),
            r#"
extern "C" __device__ double __nv_frexp(double x, int *e) {
    if (x != x || x == 0.0 || __nvvm_fabs_d(x) == __nv_dint_inf()) { *e = 0; return x + x; }
    int adj = 0;
    if (__nvvm_fabs_d(x) < 2.2250738585072014e-308) { x = x * 18014398509481984.0; adj = -54; }
    long long b = __nvvm_bitcast_d2ll(x);
    *e = (int)((b >> 52) & 2047) - 1022 + adj;
    return __nvvm_bitcast_ll2d((b & (long long)0x800fffffffffffffULL) | 0x3fe0000000000000LL);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_modf",
        source: &[
            d_core!(),
            r#"
extern "C" __device__ double __nv_modf(double x, double *ip) {
    double t = __nvvm_trunc_d(x);
    *ip = t;
    if (__nvvm_fabs_d(x) == __nv_dint_inf()) return __nv_dint_copysign(0.0, x);
    return __nv_dint_copysign(x - t, x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_nextafter",
        source: &[
            d_core!(),
            r#"
extern "C" __device__ double __nv_nextafter(double x, double y) {
    if (x != x || y != y) return x + y;
    if (x == y) return y;
    if (x == 0.0) return __nv_dint_copysign(__nvvm_bitcast_ll2d(1LL), y);
    long long b = __nvvm_bitcast_d2ll(x);
    if ((x < y) == (x > 0.0)) b = b + 1; else b = b - 1;
    return __nvvm_bitcast_ll2d(b);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_double2hiint",
        source: &[r#"
extern "C" __device__ int __nv_double2hiint(double x) { return (int)(__nvvm_bitcast_d2ll(x) >> 32); }
"#],
    },
    LibdeviceFunction {
        name: "__nv_double2loint",
        source: &[r#"
extern "C" __device__ int __nv_double2loint(double x) { return (int)__nvvm_bitcast_d2ll(x); }
"#],
    },
    LibdeviceFunction {
        name: "__nv_hiloint2double",
        source: &[r#"
extern "C" __device__ double __nv_hiloint2double(int hi, int lo) {
    return __nvvm_bitcast_ll2d(((long long)hi << 32) | (long long)(unsigned)lo);
}
"#],
    },
    LibdeviceFunction {
        name: "__nv_erf",
        source: &[
            d_core!(),
            d_exp!(),
            d_erf!(),
            r#"
extern "C" __device__ double __nv_erf(double x) {
    if (x != x) return x + x;
    if (x == 0.0) return x;
    double ax = __nvvm_fabs_d(x);
    if (ax < 0.75) {
        double ul, v;
        double u = __nv_dint_erf_small(x, &ul, &v);
        return u + (ul + u * v);
    }
    if (ax > 6.0) return __nv_dint_copysign(1.0, x);
    return __nv_dint_copysign(1.0 - __nv_dint_erfc_cf(ax), x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_erfc",
        source: &[
            d_core!(),
            d_exp!(),
            d_erf!(),
            r#"
extern "C" __device__ double __nv_erfc(double x) {
    if (x != x) return x + x;
    double ax = __nvvm_fabs_d(x);
    if (ax < 0.75) {
        double ul, v;
        double u = __nv_dint_erf_small(x, &ul, &v);
        double se;
        double s = __nv_dint_two_sum(1.0, -u, &se);
        return s + (se - (ul + u * v));
    }
    if (x < 0.0) return x < -6.0 ? 2.0 : 2.0 - __nv_dint_erfc_cf(ax);
    return __nv_dint_erfc_cf(x);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_lgamma",
        source: &[
            d_core!(),
            d_log!(),
            d_trig!(),
            d_atan!(),
            d_lgamma!(),
            r#"
extern "C" __device__ double __nv_lgamma(double x) {
    if (x != x) return x + x;
    double ax = __nvvm_fabs_d(x);
    if (ax == __nv_dint_inf() || x == 0.0) return __nv_dint_inf();
    if (x < 0.0 && __nvvm_trunc_d(x) == x) return __nv_dint_inf();
    /* beyond here lgamma(x) > DBL_MAX (and x·log x would overflow below) */
    if (x > 2.5599833278516384e305) return __nv_dint_inf();
    if (x == 1.0 || x == 2.0) return 0.0;
    double l;
    double h = __nv_dint_lgamma(x, &l);
    return h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_tgamma",
        source: &[
            d_core!(),
            d_exp!(),
            d_log!(),
            d_trig!(),
            d_atan!(),
            d_lgamma!(),
            r#"
extern "C" __device__ double __nv_tgamma(double x) {
    if (x != x) return x + x;
    if (x == __nv_dint_inf()) return x;
    if (x == 0.0) return __nv_dint_copysign(__nv_dint_inf(), x);
    if (x < 0.0 && __nvvm_trunc_d(x) == x) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (x > 171.7) return __nv_dint_inf();
    if (x < -190.0) {
        double fl = __nvvm_floor_d(x);
        int odd = __nvvm_fabs_d(fl) < 9007199254740992.0 && ((long long)fl & 1LL) != 0;
        return odd ? -0.0 : 0.0;
    }
    double l;
    double h = __nv_dint_lgamma(x, &l);
    double r = __nv_dint_exp_dd(h, l);
    if (x < 0.0 && ((long long)__nvvm_floor_d(x) & 1LL) != 0) r = -r;
    return r;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_erfcx",
        source: &[
            d_core!(),
            d_exp!(),
            d_erf!(),
            r#"
extern "C" __device__ double __nv_erfcx(double x) {
    if (x != x) return x + x;
    if (x >= 0.75) {
        /* 1/(√π·t), 1/√π as a double-double */
        double t = __nv_dint_erfc_t(x);
        double r = 0.5641895835477563 / t;
        if (x > 1.0e300) return r;
        return r + (__nvvm_fma_rn_d(-r, t, 0.5641895835477563) + 7.66772980658294e-18) / t;
    }
    double z = x * x;
    double zl = __nvvm_fma_rn_d(x, x, -z);
    double e = __nv_dint_exp_dd(z, zl);
    if (x > -0.75) {
        double ul, v;
        double u = __nv_dint_erf_small(x, &ul, &v);
        double se;
        double s = __nv_dint_two_sum(1.0, -u, &se);
        return e * (s + (se - (ul + u * v)));
    }
    /* 2e^(x²) - erfcx(-x) */
    if (x < -26.7) return __nv_dint_inf();
    double a = -x;
    double t = __nv_dint_erfc_t(a);
    return 2.0 * e - 0.5641895835477563 / t;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_normcdf",
        source: &[
            d_core!(),
            d_exp!(),
            d_erf!(),
            r#"
extern "C" __device__ double __nv_normcdf(double x) {
    if (x != x) return x + x;
    /* erfc(t)/2 with t = -x/√2 as th + tl */
    double th = x * -0.7071067811865476;
    double tl = __nvvm_fma_rn_d(x, -0.7071067811865476, -th) + x * 4.833646656726457e-17;
    if (th >= 0.75) {
        if (th > 27.5) return 0.0;
        double t = __nv_dint_erfc_t(th);
        double z = th * th;
        double zl = __nvvm_fma_rn_d(th, th, -z) + 2.0 * th * tl;
        if (th < 26.0) return __nv_dint_exp_dd(-z, -zl) * (0.28209479177387814 / t);
        /* subnormal: e^(-t² + 256 log 2)·2^-256, rounded once */
        double e;
        double h = __nv_dint_two_sum(-z, 177.445678223346, &e);
        double r = __nv_dint_exp_dd(h, e - zl + 5.936759843446527e-15) * (0.28209479177387814 / t);
        return r * 8.636168555094445e-78;
    }
    if (th <= -0.75) {
        double a = -th;
        if (a > 27.3) return 1.0;
        double t = __nv_dint_erfc_t(a);
        double z = a * a;
        double zl = __nvvm_fma_rn_d(a, a, -z) + 2.0 * th * tl;
        return 1.0 - __nv_dint_exp_dd(-z, -zl) * (0.28209479177387814 / t);
    }
    /* (1 - erf(th + tl))/2, erf(th + tl) = erf(th) + (2/√π)e^(-th²)·tl */
    double ul, v;
    double u = __nv_dint_erf_small(th, &ul, &v);
    double z = th * th;
    double g = 1.0 - z * (1.0 - z * (0.5 - z * (0.16666666666666666 - z * 0.041666666666666664)));
    double lo = ul + u * v + 1.1283791670955126 * tl * g;
    double e;
    double s = __nv_dint_two_sum(0.5, -0.5 * u, &e);
    return s + (e - 0.5 * lo);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_erfinv",
        source: &[
            d_core!(),
            d_exp!(),
            d_log!(),
            d_erf!(),
            erfinv_core_d!(),
            d_erfinv!(),
            r#"
extern "C" __device__ double __nv_erfinv(double y) {
    if (y != y) return y + y;
    double ay = __nvvm_fabs_d(y);
    if (ay > 1.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (ay == 1.0) return __nv_dint_copysign(__nv_dint_inf(), y);
    if (y == 0.0) return y;
    double h, l;
    if (ay <= 0.5) {
        h = __nv_dint_erfinv_dd(y, 0.0, 0, &l);
        return h + l;
    }
    /* erfcinv(1 - |y|), 1 - |y| exact */
    h = __nv_dint_erfinv_dd(0.0, 1.0 - ay, 1, &l);
    return y < 0.0 ? -(h + l) : h + l;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_erfcinv",
        source: &[
            d_core!(),
            d_exp!(),
            d_log!(),
            d_erf!(),
            erfinv_core_d!(),
            d_erfinv!(),
            r#"
extern "C" __device__ double __nv_erfcinv(double c) {
    if (c != c) return c + c;
    if (!(c >= 0.0 && c <= 2.0)) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (c == 0.0) return __nv_dint_inf();
    if (c == 2.0) return -__nv_dint_inf();
    if (c == 1.0) return 0.0;
    double h, l;
    if (c >= 0.5 && c <= 1.5) {
        h = __nv_dint_erfinv_dd(1.0 - c, 0.0, 0, &l);
        return h + l;
    }
    if (c < 0.5) {
        h = __nv_dint_erfinv_dd(0.0, c, 1, &l);
        return h + l;
    }
    h = __nv_dint_erfinv_dd(0.0, 2.0 - c, 1, &l);
    return -(h + l);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_normcdfinv",
        source: &[
            d_core!(),
            d_exp!(),
            d_log!(),
            d_erf!(),
            erfinv_core_d!(),
            d_erfinv!(),
            r#"
extern "C" __device__ double __nv_normcdfinv(double p) {
    if (p != p) return p + p;
    if (!(p >= 0.0 && p <= 1.0)) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (p == 0.0) return -__nv_dint_inf();
    if (p == 1.0) return __nv_dint_inf();
    if (p == 0.5) return 0.0;
    /* -√2·erfcinv(2p), the product in double-double */
    double c = 2.0 * p;
    double h, l, sign = -1.0;
    if (c >= 0.5 && c <= 1.5) {
        h = __nv_dint_erfinv_dd(1.0 - c, 0.0, 0, &l);
    } else if (c < 0.5) {
        h = __nv_dint_erfinv_dd(0.0, c, 1, &l);
    } else {
        h = __nv_dint_erfinv_dd(0.0, 2.0 - c, 1, &l);
        sign = 1.0;
    }
    double m = h * 1.4142135623730951;
    double ml = __nvvm_fma_rn_d(h, 1.4142135623730951, -m) + (h * -9.667293313452913e-17 + l * 1.4142135623730951);
    return sign * (m + ml);
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_lround",
        source: &[r#"
extern "C" __device__ long long __nv_lround(double x) {
    double t = __nvvm_trunc_d(x);
    if (__nvvm_fabs_d(x - t) >= 0.5) t = t + (x < 0.0 ? -1.0 : 1.0);
    return (long long)t;
}
"#],
    },
    LibdeviceFunction {
        name: "__nv_llround",
        source: &[r#"
extern "C" __device__ long long __nv_llround(double x) {
    double t = __nvvm_trunc_d(x);
    if (__nvvm_fabs_d(x - t) >= 0.5) t = t + (x < 0.0 ? -1.0 : 1.0);
    return (long long)t;
}
"#],
    },
    LibdeviceFunction {
        name: "__nv_lrint",
        source: &[r#"
extern "C" __device__ long long __nv_lrint(double x) { return (long long)__nvvm_rint_d(x); }
"#],
    },
    LibdeviceFunction {
        name: "__nv_llrint",
        source: &[r#"
extern "C" __device__ long long __nv_llrint(double x) { return (long long)__nvvm_rint_d(x); }
"#],
    },
    LibdeviceFunction {
        name: "__nv_remquo",
        source: &[
            d_core!(),
            d_fmod!(),
            r#"
/* remainder(x, y) and the low 3 bits of the rounded quotient |x/y| with
   the sign of x/y: |x| mod 8|y| first (exact), then the bits by exact
   subtractions of 4|y|, 2|y| and |y|, then the rounding to nearest even. */
extern "C" __device__ double __nv_remquo(double x, double y, int *quo) {
    *quo = 0;
    double ax = __nvvm_fabs_d(x);
    double ay = __nvvm_fabs_d(y);
    if (x != x || y != y) return x + y;
    if (ax == __nv_dint_inf() || y == 0.0) return __nvvm_bitcast_ll2d(0x7ff8000000000000LL);
    if (ay == __nv_dint_inf()) return x;
    double r = ax;
    int q = 0;
    if (ay < 2.247116418577895e+307 && ax >= 8.0 * ay) r = __nvvm_fabs_d(__nv_dint_fmod(ax, 8.0 * ay));
    if (ay < 4.49423283715579e+307 && r >= 4.0 * ay) { r = r - 4.0 * ay; q = q + 4; }
    if (ay < 8.98846567431158e+307 && r >= 2.0 * ay) { r = r - 2.0 * ay; q = q + 2; }
    if (r >= ay) { r = r - ay; q = q + 1; }
    if (ay < 4.450147717014403e-308) {
        if (r + r > ay || (r + r == ay && (q & 1))) { r = r - ay; q = q + 1; }
    } else {
        double h = 0.5 * ay;
        if (r > h || (r == h && (q & 1))) { r = r - ay; q = q + 1; }
    }
    q = q & 7;
    *quo = __nv_dint_signbit(x) != __nv_dint_signbit(y) ? -q : q;
    if (r == 0.0) return __nv_dint_copysign(0.0, x);
    return __nv_dint_signbit(x) ? -r : r;
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_sincospi",
        source: &[
            d_core!(),
            d_trig!(),
            r#"
extern "C" __device__ void __nv_sincospi(double x, double *sptr, double *cptr) {
    if (x != x || __nvvm_fabs_d(x) == __nv_dint_inf()) { *sptr = x - x; *cptr = x - x; return; }
    /* |x| >= 2^53 is an even integer */
    if (__nvvm_fabs_d(x) >= 9007199254740992.0) { *sptr = __nv_dint_copysign(0.0, x); *cptr = 1.0; return; }
    double k = __nvvm_rint_d(x + x);
    double fr = x - 0.5 * k;
    int q = (int)((long long)k & 3LL);
    double rh = fr * 3.141592653589793;
    double rl = __nvvm_fma_rn_d(fr, 3.141592653589793, -rh) + fr * 1.2246467991473532e-16;
    double l, h;
    if (fr == 0.0 && (q & 1) == 0) *sptr = __nv_dint_copysign(0.0, x);
    else { h = __nv_dint_sincos_q(rh, rl, q, &l); *sptr = h + l; }
    if (fr == 0.0 && (q & 1) == 1) *cptr = 0.0;
    else { h = __nv_dint_sincos_q(rh, rl, q + 1, &l); *cptr = h + l; }
}
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_norm3d",
        source: &[
            d_core!(),
            d_norm!(),
            r#"
extern "C" __device__ double __nv_norm3d(double x, double y, double z) { return __nv_dint_norm(x, y, z, 0.0); }
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_norm4d",
        source: &[
            d_core!(),
            d_norm!(),
            r#"
extern "C" __device__ double __nv_norm4d(double x, double y, double z, double w) { return __nv_dint_norm(x, y, z, w); }
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_rnorm3d",
        source: &[
            d_core!(),
            d_norm!(),
            r#"
extern "C" __device__ double __nv_rnorm3d(double x, double y, double z) { return __nv_dint_rnorm(x, y, z, 0.0); }
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_rnorm4d",
        source: &[
            d_core!(),
            d_norm!(),
            r#"
extern "C" __device__ double __nv_rnorm4d(double x, double y, double z, double w) { return __nv_dint_rnorm(x, y, z, w); }
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_norm",
        source: &[
            d_core!(),
            d_norm!(),
            r#"
extern "C" __device__ double __nv_norm(int dim, const double *p) { return __nv_dint_norm_n(dim, p, 0); }
"#,
        ],
    },
    LibdeviceFunction {
        name: "__nv_rnorm",
        source: &[
            d_core!(),
            d_norm!(),
            r#"
extern "C" __device__ double __nv_rnorm(int dim, const double *p) { return __nv_dint_norm_n(dim, p, 1); }
"#,
        ],
    },
];
