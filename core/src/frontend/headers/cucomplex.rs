//! Our `cuComplex.h`: single and double complex numbers as `float2` and
//! `double2` (`cuFloatComplex`, `cuDoubleComplex`, `cuComplex`) with the
//! toolkit's functions. Written from the arithmetic: the quotient scales
//! both operands by `1 / (|c| + |d|)` of the divisor first (no overflow or
//! underflow of `c² + d²` for moderate values), the modulus is
//! `max · sqrt(1 + (min/max)²)` (`max + min` when either is infinite or
//! the larger is 0), and the fused multiply-add keeps its four products
//! in the order `(a·b) + d` then minus or plus the cross term.

/// The header text.
pub const CU_COMPLEX: &str = r#"#pragma once
#include <math.h>
#define __CUC static __host__ __device__ __inline__
typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

__CUC float cuCrealf(cuFloatComplex z) { return z.x; }
__CUC float cuCimagf(cuFloatComplex z) { return z.y; }
__CUC cuFloatComplex make_cuFloatComplex(float re, float im) { cuFloatComplex z; z.x = re; z.y = im; return z; }
__CUC cuFloatComplex cuConjf(cuFloatComplex z) { return make_cuFloatComplex(z.x, -z.y); }
__CUC cuFloatComplex cuCaddf(cuFloatComplex a, cuFloatComplex b) { return make_cuFloatComplex(a.x + b.x, a.y + b.y); }
__CUC cuFloatComplex cuCsubf(cuFloatComplex a, cuFloatComplex b) { return make_cuFloatComplex(a.x - b.x, a.y - b.y); }
__CUC cuFloatComplex cuCmulf(cuFloatComplex a, cuFloatComplex b) {
    return make_cuFloatComplex((a.x * b.x) - (a.y * b.y), (a.x * b.y) + (a.y * b.x));
}
__CUC cuFloatComplex cuCdivf(cuFloatComplex a, cuFloatComplex b) {
    float k = 1.0f / (fabsf(b.x) + fabsf(b.y));
    float ar = a.x * k, ai = a.y * k, br = b.x * k, bi = b.y * k;
    float inv = 1.0f / ((br * br) + (bi * bi));
    return make_cuFloatComplex(((ar * br) + (ai * bi)) * inv, ((ai * br) - (ar * bi)) * inv);
}
__CUC float cuCabsf(cuFloatComplex z) {
    float p = fabsf(z.x), q = fabsf(z.y);
    float hi = p > q ? p : q, lo = p > q ? q : p;
    float r = lo / hi;
    r = hi * sqrtf(1.0f + r * r);
    if (hi == 0.0f || hi > 3.402823466e38f || lo > 3.402823466e38f) r = hi + lo;
    return r;
}
__CUC cuComplex make_cuComplex(float re, float im) { return make_cuFloatComplex(re, im); }

__CUC double cuCreal(cuDoubleComplex z) { return z.x; }
__CUC double cuCimag(cuDoubleComplex z) { return z.y; }
__CUC cuDoubleComplex make_cuDoubleComplex(double re, double im) { cuDoubleComplex z; z.x = re; z.y = im; return z; }
__CUC cuDoubleComplex cuConj(cuDoubleComplex z) { return make_cuDoubleComplex(z.x, -z.y); }
__CUC cuDoubleComplex cuCadd(cuDoubleComplex a, cuDoubleComplex b) { return make_cuDoubleComplex(a.x + b.x, a.y + b.y); }
__CUC cuDoubleComplex cuCsub(cuDoubleComplex a, cuDoubleComplex b) { return make_cuDoubleComplex(a.x - b.x, a.y - b.y); }
__CUC cuDoubleComplex cuCmul(cuDoubleComplex a, cuDoubleComplex b) {
    return make_cuDoubleComplex((a.x * b.x) - (a.y * b.y), (a.x * b.y) + (a.y * b.x));
}
__CUC cuDoubleComplex cuCdiv(cuDoubleComplex a, cuDoubleComplex b) {
    double k = 1.0 / (fabs(b.x) + fabs(b.y));
    double ar = a.x * k, ai = a.y * k, br = b.x * k, bi = b.y * k;
    double inv = 1.0 / ((br * br) + (bi * bi));
    return make_cuDoubleComplex(((ar * br) + (ai * bi)) * inv, ((ai * br) - (ar * bi)) * inv);
}
__CUC double cuCabs(cuDoubleComplex z) {
    double p = fabs(z.x), q = fabs(z.y);
    double hi = p > q ? p : q, lo = p > q ? q : p;
    double r = lo / hi;
    r = hi * sqrt(1.0 + r * r);
    if (hi == 0.0 || hi > 1.79769313486231570e+308 || lo > 1.79769313486231570e+308) r = hi + lo;
    return r;
}
__CUC cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex z) { return make_cuDoubleComplex((double)z.x, (double)z.y); }
__CUC cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex z) { return make_cuFloatComplex((float)z.x, (float)z.y); }
__CUC cuComplex cuCfmaf(cuComplex x, cuComplex y, cuComplex d) {
    float re = (x.x * y.x) + d.x;
    re = -(x.y * y.y) + re;
    float im = (x.x * y.y) + d.y;
    im = (x.y * y.x) + im;
    return make_cuComplex(re, im);
}
__CUC cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d) {
    double re = (x.x * y.x) + d.x;
    re = -(x.y * y.y) + re;
    double im = (x.x * y.y) + d.y;
    im = (x.y * y.x) + im;
    return make_cuDoubleComplex(re, im);
}
#undef __CUC
"#;
