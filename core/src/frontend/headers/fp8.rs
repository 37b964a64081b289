//! Our `cuda_fp8.h`: the 8-bit float formats E4M3 (bias 7, largest 448,
//! no infinity, NaN `S.1111.111`) and E5M2 (bias 15, largest 57344,
//! infinities and NaNs as in IEEE), as storage types, conversion functions
//! and the classes `__nv_fp8_e4m3`, `__nv_fp8_e5m2` and their x2/x4 forms.
//!
//! Written from the formats' definition (nvcc's sm_80 path is software too):
//! to fp8 the value is rounded to nearest even (through double, where every
//! float, half and bfloat16 is exact); below half the smallest subnormal it
//! is a zero of its sign; beyond the largest finite value plus half an ulp
//! it is the largest finite value under `__NV_SATFINITE`, else NaN (E4M3)
//! or infinity (E5M2); a double NaN is `0x7f` (E4M3) or `0x7e` with its
//! payload's second bit (E5M2), signed; a float NaN is `0x7f` in both. From fp8 every value is exact in half; NaNs
//! become half's `0x7fff`, and to bfloat16 (exact too) its `0x7fff`. On sm_89 and newer, as nvcc's header, the saturating
//! conversions from float and half and those to half are sm_89's instructions
//! (`cvt.rn.satfinite.e4m3x2.f32`, `.e4m3x2.f16x2`, `cvt.rn.f16x2.e4m3x2`; the
//! `__ptx_cvt_*` built-ins), which give the same codes.

/// The header text.
pub const CUDA_FP8: &str = r#"#pragma once
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#define __FP8 static __host__ __device__ __forceinline__
typedef unsigned char __nv_fp8_storage_t;
typedef unsigned short int __nv_fp8x2_storage_t;
typedef unsigned int __nv_fp8x4_storage_t;
typedef enum __nv_saturation_t { __NV_NOSAT, __NV_SATFINITE } __nv_saturation_t;
typedef enum __nv_fp8_interpretation_t { __NV_E4M3, __NV_E5M2 } __nv_fp8_interpretation_t;
#ifndef __PTXLAB_HALF_RAW
#define __PTXLAB_HALF_RAW
typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x; unsigned short y; } __half2_raw;
typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x; unsigned short y; } __nv_bfloat162_raw;
#endif

__FP8 __nv_fp8_storage_t __nv_cvt_double_to_fp8(const double x, const __nv_saturation_t saturate,
                                                const __nv_fp8_interpretation_t interp) {
    const int e5 = interp == __NV_E5M2;
    const int mbits = e5 ? 2 : 3;          /* stored significand bits */
    const int bias = e5 ? 15 : 7;
    const int emin = 1 - bias;             /* exponent of the smallest normal */
    const double maxv = e5 ? 57344.0 : 448.0;
    const double half_ulp_max = e5 ? 4096.0 : 16.0;
    unsigned long long b = (unsigned long long)__double_as_longlong(x);
    unsigned int sign = (unsigned int)(b >> 63) << 7;
    double a = fabs(x);
    unsigned int r;
    if (a != a) {
        r = e5 ? (0x7eu | (unsigned int)((b >> 50) & 1u)) : 0x7fu;
    } else if (a > maxv + half_ulp_max || (e5 && a == maxv + half_ulp_max)) {
        r = saturate == __NV_SATFINITE ? (e5 ? 0x7bu : 0x7eu) : (e5 ? 0x7cu : 0x7fu);
    } else {
        /* the value in units of the target's ulp at its exponent */
        int e = (int)((b >> 52) & 0x7ffu) - 1023;
        if (e < emin) e = emin;
        double units = ldexp(a, mbits - e);  /* exact: a power of two scale */
        double q = rint(units);              /* nearest, ties to even */
        unsigned int n = (unsigned int)q;    /* significand with the leading bit */
        if (e == emin && n < (1u << mbits)) {
            r = n;                           /* subnormal (or zero); n == 2^mbits is the smallest normal */
        } else {
            if (n == (2u << mbits)) { n >>= 1; e += 1; }
            r = ((unsigned int)(e + bias) << mbits) | (n & ((1u << mbits) - 1u));
        }
    }
    return (__nv_fp8_storage_t)(r | sign);
}
__FP8 __nv_fp8_storage_t __nv_cvt_float_to_fp8(const float x, const __nv_saturation_t saturate,
                                               const __nv_fp8_interpretation_t interp) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
    if (saturate == __NV_SATFINITE)
        return (__nv_fp8_storage_t)(interp == __NV_E5M2 ? __ptx_cvt_rn_satfinite_e5m2x2_f32(0.0f, x)
                                                        : __ptx_cvt_rn_satfinite_e4m3x2_f32(0.0f, x));
#endif
    if (x != x) return (__nv_fp8_storage_t)0x7fu;  /* a float NaN: positive, all payload bits */
    return __nv_cvt_double_to_fp8((double)x, saturate, interp);
}
__FP8 __nv_fp8x2_storage_t __nv_cvt_double2_to_fp8x2(const double2 x, const __nv_saturation_t saturate,
                                                     const __nv_fp8_interpretation_t interp) {
    return (__nv_fp8x2_storage_t)(__nv_cvt_double_to_fp8(x.x, saturate, interp)
                                  | ((unsigned int)__nv_cvt_double_to_fp8(x.y, saturate, interp) << 8));
}
__FP8 __nv_fp8x2_storage_t __nv_cvt_float2_to_fp8x2(const float2 x, const __nv_saturation_t saturate,
                                                    const __nv_fp8_interpretation_t interp) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
    if (saturate == __NV_SATFINITE)
        return interp == __NV_E5M2 ? __ptx_cvt_rn_satfinite_e5m2x2_f32(x.y, x.x)
                                   : __ptx_cvt_rn_satfinite_e4m3x2_f32(x.y, x.x);
#endif
    return (__nv_fp8x2_storage_t)(__nv_cvt_float_to_fp8(x.x, saturate, interp)
                                  | ((unsigned int)__nv_cvt_float_to_fp8(x.y, saturate, interp) << 8));
}
__FP8 __nv_fp8_storage_t __nv_cvt_halfraw_to_fp8(const __half_raw x, const __nv_saturation_t saturate,
                                                 const __nv_fp8_interpretation_t interp) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
    if (saturate == __NV_SATFINITE)
        return (__nv_fp8_storage_t)(interp == __NV_E5M2 ? __ptx_cvt_rn_satfinite_e5m2x2_f16x2((unsigned int)x.x)
                                                        : __ptx_cvt_rn_satfinite_e4m3x2_f16x2((unsigned int)x.x));
#endif
    return __nv_cvt_float_to_fp8(__half2float(__ushort_as_half(x.x)), saturate, interp);
}
__FP8 __nv_fp8x2_storage_t __nv_cvt_halfraw2_to_fp8x2(const __half2_raw x, const __nv_saturation_t saturate,
                                                      const __nv_fp8_interpretation_t interp) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
    if (saturate == __NV_SATFINITE) {
        unsigned int __u = (unsigned int)x.x | ((unsigned int)x.y << 16);
        return interp == __NV_E5M2 ? __ptx_cvt_rn_satfinite_e5m2x2_f16x2(__u) : __ptx_cvt_rn_satfinite_e4m3x2_f16x2(__u);
    }
#endif
    return __nv_cvt_float2_to_fp8x2(make_float2(__half2float(__ushort_as_half(x.x)), __half2float(__ushort_as_half(x.y))),
                                    saturate, interp);
}
__FP8 __nv_fp8_storage_t __nv_cvt_bfloat16raw_to_fp8(const __nv_bfloat16_raw x, const __nv_saturation_t saturate,
                                                     const __nv_fp8_interpretation_t interp) {
    return __nv_cvt_float_to_fp8(__uint_as_float((unsigned int)x.x << 16), saturate, interp);
}
__FP8 __nv_fp8x2_storage_t __nv_cvt_bfloat16raw2_to_fp8x2(const __nv_bfloat162_raw x, const __nv_saturation_t saturate,
                                                          const __nv_fp8_interpretation_t interp) {
    return __nv_cvt_float2_to_fp8x2(make_float2(__uint_as_float((unsigned int)x.x << 16), __uint_as_float((unsigned int)x.y << 16)),
                                    saturate, interp);
}
/* fp8 to the bits of a half: exact; NaN to 0x7fff */
__FP8 unsigned short __ptxlab_fp8_to_half_bits(const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t interp) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
    return (unsigned short)(interp == __NV_E5M2 ? __ptx_cvt_rn_f16x2_e5m2x2((unsigned short)x)
                                                : __ptx_cvt_rn_f16x2_e4m3x2((unsigned short)x));
#endif
    unsigned int v = x, s = (v & 0x80u) << 8;
    if (interp == __NV_E5M2) {
        unsigned int u = v << 8;
        return (unsigned short)((u & 0x7fffu) > 0x7c00u ? 0x7fffu : u);
    }
    unsigned int e = (v >> 3) & 15u, m = v & 7u;
    if ((v & 0x7fu) == 0x7fu) return 0x7fffu;
    float f = e ? ldexpf((float)(8u + m), (int)e - 10) : ldexpf((float)m, -9);
    return (unsigned short)(__half_as_ushort(__float2half(f)) | s);
}
__FP8 __half2_raw __nv_cvt_fp8x2_to_halfraw2(const __nv_fp8x2_storage_t x, const __nv_fp8_interpretation_t interp) {
    __half2_raw r;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 890
    unsigned int __u = interp == __NV_E5M2 ? __ptx_cvt_rn_f16x2_e5m2x2(x) : __ptx_cvt_rn_f16x2_e4m3x2(x);
    r.x = (unsigned short)__u;
    r.y = (unsigned short)(__u >> 16);
    return r;
#endif
    r.x = __ptxlab_fp8_to_half_bits((__nv_fp8_storage_t)x, interp);
    r.y = __ptxlab_fp8_to_half_bits((__nv_fp8_storage_t)(x >> 8), interp);
    return r;
}
__FP8 __half_raw __nv_cvt_fp8_to_halfraw(const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t interp) {
    __half_raw r; r.x = __ptxlab_fp8_to_half_bits(x, interp); return r;
}
/* fp8 to bfloat16: every fp8 value is exact in half and in bfloat16, so the
   half's float truncated (nvcc's path: half, float, cvt.rz.bf16.f32); NaN
   to bfloat16's 0x7fff. */
__FP8 __nv_bfloat16_raw __nv_cvt_fp8_to_bf16raw(const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t interp) {
    __nv_bfloat16_raw r;
    r.x = __bfloat16_as_ushort(__float2bfloat16_rz(__half2float(__ushort_as_half(__ptxlab_fp8_to_half_bits(x, interp)))));
    return r;
}
__FP8 __nv_bfloat162_raw __nv_cvt_fp8x2_to_bf162raw(const __nv_fp8x2_storage_t x, const __nv_fp8_interpretation_t interp) {
    __nv_bfloat162_raw r;
    r.x = __nv_cvt_fp8_to_bf16raw((__nv_fp8_storage_t)x, interp).x;
    r.y = __nv_cvt_fp8_to_bf16raw((__nv_fp8_storage_t)(x >> 8), interp).x;
    return r;
}
__FP8 float __ptxlab_fp8_to_float(const __nv_fp8_storage_t x, const __nv_fp8_interpretation_t interp) {
    return __half2float(__ushort_as_half(__ptxlab_fp8_to_half_bits(x, interp)));
}

#define __PTXLAB_FP8_CLASS(NAME, INTERP) \
struct NAME { \
    __nv_fp8_storage_t __x; \
    __host__ __device__ NAME() {} \
    explicit __host__ __device__ NAME(const float f) : __x(__nv_cvt_float_to_fp8(f, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const double f) : __x(__nv_cvt_double_to_fp8(f, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const __half f) : __x(__nv_cvt_float_to_fp8(__half2float(f), __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const __nv_bfloat16 f) : __x(__nv_cvt_float_to_fp8(__bfloat162float(f), __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const int v) : __x(__nv_cvt_float_to_fp8((float)v, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const unsigned int v) : __x(__nv_cvt_float_to_fp8((float)v, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const long long v) : __x(__nv_cvt_float_to_fp8((float)v, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const unsigned long long v) : __x(__nv_cvt_float_to_fp8((float)v, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ operator float() const { return __ptxlab_fp8_to_float(__x, INTERP); } \
    explicit __host__ __device__ operator __half() const { return __ushort_as_half(__ptxlab_fp8_to_half_bits(__x, INTERP)); } \
    explicit __host__ __device__ operator __nv_bfloat16() const { return __ushort_as_bfloat16(__nv_cvt_fp8_to_bf16raw(__x, INTERP).x); } \
};
__PTXLAB_FP8_CLASS(__nv_fp8_e4m3, __NV_E4M3)
__PTXLAB_FP8_CLASS(__nv_fp8_e5m2, __NV_E5M2)

#define __PTXLAB_FP8X2_CLASS(NAME, INTERP) \
struct __align__(2) NAME { \
    __nv_fp8x2_storage_t __x; \
    __host__ __device__ NAME() {} \
    explicit __host__ __device__ NAME(const float2 f) : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const double2 f) : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const __half2 f) : __x(__nv_cvt_float2_to_fp8x2(__half22float2(f), __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ NAME(const __nv_bfloat162 f) \
        : __x(__nv_cvt_float2_to_fp8x2(make_float2(__bfloat162float(f.x), __bfloat162float(f.y)), __NV_SATFINITE, INTERP)) {} \
    explicit __host__ __device__ operator float2() const { \
        return make_float2(__ptxlab_fp8_to_float((__nv_fp8_storage_t)__x, INTERP), __ptxlab_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), INTERP)); \
    } \
    explicit __host__ __device__ operator __half2() const { \
        return __halves2half2(__ushort_as_half(__ptxlab_fp8_to_half_bits((__nv_fp8_storage_t)__x, INTERP)), \
                              __ushort_as_half(__ptxlab_fp8_to_half_bits((__nv_fp8_storage_t)(__x >> 8), INTERP))); \
    } \
    explicit __host__ __device__ operator __nv_bfloat162() const { \
        __nv_bfloat162_raw __r = __nv_cvt_fp8x2_to_bf162raw(__x, INTERP); \
        return __nv_bfloat162(__ushort_as_bfloat16(__r.x), __ushort_as_bfloat16(__r.y)); \
    } \
};
__PTXLAB_FP8X2_CLASS(__nv_fp8x2_e4m3, __NV_E4M3)
__PTXLAB_FP8X2_CLASS(__nv_fp8x2_e5m2, __NV_E5M2)

#define __PTXLAB_FP8X4_CLASS(NAME, INTERP) \
struct __align__(4) NAME { \
    __nv_fp8x4_storage_t __x; \
    __host__ __device__ NAME() {} \
    explicit __host__ __device__ NAME(const float4 f) \
        : __x((unsigned int)__nv_cvt_float2_to_fp8x2(make_float2(f.x, f.y), __NV_SATFINITE, INTERP) \
              | ((unsigned int)__nv_cvt_float2_to_fp8x2(make_float2(f.z, f.w), __NV_SATFINITE, INTERP) << 16)) {} \
    explicit __host__ __device__ NAME(const __half2 lo, const __half2 hi) \
        : __x((unsigned int)__nv_cvt_float2_to_fp8x2(__half22float2(lo), __NV_SATFINITE, INTERP) \
              | ((unsigned int)__nv_cvt_float2_to_fp8x2(__half22float2(hi), __NV_SATFINITE, INTERP) << 16)) {} \
    explicit __host__ __device__ NAME(const __nv_bfloat162 lo, const __nv_bfloat162 hi) \
        : __x((unsigned int)__nv_cvt_float2_to_fp8x2(make_float2(__bfloat162float(lo.x), __bfloat162float(lo.y)), __NV_SATFINITE, INTERP) \
              | ((unsigned int)__nv_cvt_float2_to_fp8x2(make_float2(__bfloat162float(hi.x), __bfloat162float(hi.y)), __NV_SATFINITE, INTERP) << 16)) {} \
    explicit __host__ __device__ operator float4() const { \
        return make_float4(__ptxlab_fp8_to_float((__nv_fp8_storage_t)__x, INTERP), __ptxlab_fp8_to_float((__nv_fp8_storage_t)(__x >> 8), INTERP), \
                           __ptxlab_fp8_to_float((__nv_fp8_storage_t)(__x >> 16), INTERP), __ptxlab_fp8_to_float((__nv_fp8_storage_t)(__x >> 24), INTERP)); \
    } \
};
__PTXLAB_FP8X4_CLASS(__nv_fp8x4_e4m3, __NV_E4M3)
__PTXLAB_FP8X4_CLASS(__nv_fp8x4_e5m2, __NV_E5M2)
typedef __nv_fp8_e4m3 __nv_fp8_e4m3_t;
"#;
