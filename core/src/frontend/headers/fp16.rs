//! Our `cuda_fp16.h` and `cuda_bf16.h` (our own text): `__half`/`__half2`
//! and `__nv_bfloat16`/`__nv_bfloat162` hold the bits of their halves, and
//! every operation is a 16-bit float instruction built-in (`__ptx_add_f16x2`,
//! `core/src/frontend/builtins/ptx16.rs`), chosen per target as nvcc's
//! headers do: bfloat16 arithmetic is `fma.rn.bf16` with 1.0 or -0.0 before
//! sm_90, `add.bf16`/`mul.bf16` from sm_90; math functions are f32
//! approximations between conversions.

/// `cuda_fp16.h`.
/// The records these headers define whose copies move one 32-bit word
/// wherever they go (`irgen`'s `copy_whole`), as NVIDIA's copy operators
/// read and write them through an `unsigned int`.
pub const WORD_COPIED: &[&str] = &["__half2", "__nv_bfloat162"];

pub const CUDA_FP16: &str = r#"#pragma once
#define __HF static __device__ __forceinline__
struct __half {
    unsigned short __x;
    __device__ __half() {}
    __device__ __half(float f) : __x(__ptx_cvt_rn_f16_f32(f)) {}
    __device__ __half(double f) : __x(__ptx_cvt_rn_f16_f64(f)) {}
    __device__ __half(int i) : __x(__ptx_cvt_rn_f16_s32(i)) {}
    __device__ __half(unsigned int i) : __x(__ptx_cvt_rn_f16_u32(i)) {}
    __device__ __half(long long i) : __x(__ptx_cvt_rn_f16_s64(i)) {}
    __device__ __half(unsigned long long i) : __x(__ptx_cvt_rn_f16_u64(i)) {}
    __device__ __half(short i) : __x(__ptx_cvt_rn_f16_s32(i)) {}
    __device__ __half(unsigned short i) : __x(__ptx_cvt_rn_f16_u32(i)) {}
    __device__ __half(long i) : __x(__ptx_cvt_rn_f16_s64(i)) {}
    __device__ __half(unsigned long i) : __x(__ptx_cvt_rn_f16_u64(i)) {}
    __device__ operator float() const { return __ptx_cvt_f32_f16(__x); }
};
typedef __half half;
typedef unsigned short __half_raw_bits;
/* A __half2 is copied as one 32-bit word wherever it goes (WORD_COPIED), as
   CUDA's, whose copy operators move an unsigned int. */
struct __align__(4) __half2 {
    __half x;
    __half y;
    __device__ __half2() {}
    __device__ __half2(__half a, __half b) : x(a), y(b) {}
    __device__ __half2(float a, float b) : x(a), y(b) {}
};
typedef __half2 half2;
__HF __half __ushort_as_half(unsigned short x) { __half h; h.__x = x; return h; }
__HF unsigned short __half_as_ushort(__half h) { return h.__x; }
__HF __half __short_as_half(short x) { return __ushort_as_half((unsigned short)x); }
__HF short __half_as_short(__half h) { return (short)h.__x; }
__HF unsigned int __h2_bits(__half2 a) { return *(const unsigned int*)&a; }
__HF __half2 __bits_h2(unsigned int u) { __half2 r; *(unsigned int*)&r = u; return r; }
// Conversions.
__HF __half __float2half(float f) { return __ushort_as_half(__ptx_cvt_rn_f16_f32(f)); }
__HF __half __float2half_rn(float f) { return __ushort_as_half(__ptx_cvt_rn_f16_f32(f)); }
__HF __half __float2half_rz(float f) { return __ushort_as_half(__ptx_cvt_rz_f16_f32(f)); }
__HF __half __float2half_rd(float f) { return __ushort_as_half(__ptx_cvt_rm_f16_f32(f)); }
__HF __half __float2half_ru(float f) { return __ushort_as_half(__ptx_cvt_rp_f16_f32(f)); }
__HF __half __double2half(double f) { return __ushort_as_half(__ptx_cvt_rn_f16_f64(f)); }
__HF float __half2float(__half h) { return __ptx_cvt_f32_f16(h.__x); }
__HF double __half2double(__half h) { return __ptx_cvt_f64_f16(h.__x); }
__HF __half2 __float2half2_rn(float f) { unsigned short h = __ptx_cvt_rn_f16_f32(f); return __half2(__ushort_as_half(h), __ushort_as_half(h)); }
__HF __half2 __floats2half2_rn(float a, float b) {
#if __CUDA_ARCH__ >= 800
    return __bits_h2(__ptx_cvt_rn_f16x2_f32(b, a));
#else
    return __half2(__float2half(a), __float2half(b));
#endif
}
__HF __half2 __float22half2_rn(float2 f) { return __floats2half2_rn(f.x, f.y); }
__HF float2 __half22float2(__half2 h) { return make_float2(__half2float(h.x), __half2float(h.y)); }
__HF float __low2float(__half2 h) { return __half2float(h.x); }
__HF float __high2float(__half2 h) { return __half2float(h.y); }
__HF __half __low2half(__half2 h) { return h.x; }
__HF __half __high2half(__half2 h) { return h.y; }
__HF __half2 __halves2half2(__half a, __half b) { return __half2(a, b); }
__HF __half2 __half2half2(__half a) { return __half2(a, a); }
__HF __half2 __low2half2(__half2 h) { return __half2(h.x, h.x); }
__HF __half2 __high2half2(__half2 h) { return __half2(h.y, h.y); }
__HF __half2 __lows2half2(__half2 a, __half2 b) { return __half2(a.x, b.x); }
__HF __half2 __highs2half2(__half2 a, __half2 b) { return __half2(a.y, b.y); }
__HF __half2 __lowhigh2highlow(__half2 h) { return __half2(h.y, h.x); }
__HF __half2 make_half2(__half a, __half b) { return __half2(a, b); }
#define __H_INT(name, op, T) __HF __half name(T i) { return __ushort_as_half(op(i)); }
__H_INT(__int2half_rn, __ptx_cvt_rn_f16_s32, int) __H_INT(__int2half_rz, __ptx_cvt_rz_f16_s32, int)
__H_INT(__int2half_rd, __ptx_cvt_rm_f16_s32, int) __H_INT(__int2half_ru, __ptx_cvt_rp_f16_s32, int)
__H_INT(__uint2half_rn, __ptx_cvt_rn_f16_u32, unsigned int) __H_INT(__uint2half_rz, __ptx_cvt_rz_f16_u32, unsigned int)
__H_INT(__uint2half_rd, __ptx_cvt_rm_f16_u32, unsigned int) __H_INT(__uint2half_ru, __ptx_cvt_rp_f16_u32, unsigned int)
__H_INT(__short2half_rn, __ptx_cvt_rn_f16_s32, short) __H_INT(__short2half_rz, __ptx_cvt_rz_f16_s32, short)
__H_INT(__short2half_rd, __ptx_cvt_rm_f16_s32, short) __H_INT(__short2half_ru, __ptx_cvt_rp_f16_s32, short)
__H_INT(__ushort2half_rn, __ptx_cvt_rn_f16_u32, unsigned short) __H_INT(__ushort2half_rz, __ptx_cvt_rz_f16_u32, unsigned short)
__H_INT(__ushort2half_rd, __ptx_cvt_rm_f16_u32, unsigned short) __H_INT(__ushort2half_ru, __ptx_cvt_rp_f16_u32, unsigned short)
__H_INT(__ll2half_rn, __ptx_cvt_rn_f16_s64, long long) __H_INT(__ll2half_rz, __ptx_cvt_rz_f16_s64, long long)
__H_INT(__ll2half_rd, __ptx_cvt_rm_f16_s64, long long) __H_INT(__ll2half_ru, __ptx_cvt_rp_f16_s64, long long)
__H_INT(__ull2half_rn, __ptx_cvt_rn_f16_u64, unsigned long long) __H_INT(__ull2half_rz, __ptx_cvt_rz_f16_u64, unsigned long long)
__H_INT(__ull2half_rd, __ptx_cvt_rm_f16_u64, unsigned long long) __H_INT(__ull2half_ru, __ptx_cvt_rp_f16_u64, unsigned long long)
#undef __H_INT
#define __H_TOINT(name, op, T) __HF T name(__half h) { return (T)op(h.__x); }
__H_TOINT(__half2int_rn, __ptx_cvt_rni_s32_f16, int) __H_TOINT(__half2int_rz, __ptx_cvt_rzi_s32_f16, int)
__H_TOINT(__half2int_rd, __ptx_cvt_rmi_s32_f16, int) __H_TOINT(__half2int_ru, __ptx_cvt_rpi_s32_f16, int)
__H_TOINT(__half2uint_rn, __ptx_cvt_rni_u32_f16, unsigned int) __H_TOINT(__half2uint_rz, __ptx_cvt_rzi_u32_f16, unsigned int)
__H_TOINT(__half2uint_rd, __ptx_cvt_rmi_u32_f16, unsigned int) __H_TOINT(__half2uint_ru, __ptx_cvt_rpi_u32_f16, unsigned int)
__H_TOINT(__half2ll_rn, __ptx_cvt_rni_s64_f16, long long) __H_TOINT(__half2ll_rz, __ptx_cvt_rzi_s64_f16, long long)
__H_TOINT(__half2ll_rd, __ptx_cvt_rmi_s64_f16, long long) __H_TOINT(__half2ll_ru, __ptx_cvt_rpi_s64_f16, long long)
__H_TOINT(__half2ull_rn, __ptx_cvt_rni_u64_f16, unsigned long long) __H_TOINT(__half2ull_rz, __ptx_cvt_rzi_u64_f16, unsigned long long)
__H_TOINT(__half2ull_rd, __ptx_cvt_rmi_u64_f16, unsigned long long) __H_TOINT(__half2ull_ru, __ptx_cvt_rpi_u64_f16, unsigned long long)
#undef __H_TOINT
__HF short __half2short_rz(__half h) { int i = __half2int_rz(h); return (short)(i < -32768 ? -32768 : i > 32767 ? 32767 : i); }
__HF unsigned short __half2ushort_rz(__half h) { unsigned int i = __half2uint_rz(h); return (unsigned short)(i > 65535u ? 65535u : i); }
// Arithmetic.
#define __H_BIN(name, op) __HF __half name(__half a, __half b) { return __ushort_as_half(op(a.__x, b.__x)); }
#define __H2_BIN(name, op) __HF __half2 name(__half2 a, __half2 b) { return __bits_h2(op(__h2_bits(a), __h2_bits(b))); }
__H_BIN(__hadd, __ptx_add_f16) __H_BIN(__hsub, __ptx_sub_f16) __H_BIN(__hmul, __ptx_mul_f16)
__H_BIN(__hadd_rn, __ptx_add_rn_f16) __H_BIN(__hsub_rn, __ptx_sub_rn_f16) __H_BIN(__hmul_rn, __ptx_mul_rn_f16)
__H_BIN(__hadd_sat, __ptx_add_sat_f16) __H_BIN(__hsub_sat, __ptx_sub_sat_f16) __H_BIN(__hmul_sat, __ptx_mul_sat_f16)
#if __CUDA_ARCH__ >= 800
__H_BIN(__hmax, __ptx_max_f16) __H_BIN(__hmin, __ptx_min_f16)
__H_BIN(__hmax_nan, __ptx_max_NaN_f16) __H_BIN(__hmin_nan, __ptx_min_NaN_f16)
__H2_BIN(__hmax2, __ptx_max_f16x2) __H2_BIN(__hmin2, __ptx_min_f16x2)
__H2_BIN(__hmax2_nan, __ptx_max_NaN_f16x2) __H2_BIN(__hmin2_nan, __ptx_min_NaN_f16x2)
#else
// Before sm_80 (no min/max.f16): in f32, exactly.
__HF __half __hmax(__half a, __half b) { return __float2half(fmaxf(__half2float(a), __half2float(b))); }
__HF __half __hmin(__half a, __half b) { return __float2half(fminf(__half2float(a), __half2float(b))); }
__HF __half __hmax_nan(__half a, __half b) { return __f16_isnan(a.__x, b.__x) ? __ushort_as_half(0x7fff) : __hmax(a, b); }
__HF __half __hmin_nan(__half a, __half b) { return __f16_isnan(a.__x, b.__x) ? __ushort_as_half(0x7fff) : __hmin(a, b); }
__HF __half2 __hmax2(__half2 a, __half2 b) { return __half2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__HF __half2 __hmin2(__half2 a, __half2 b) { return __half2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
__HF __half2 __hmax2_nan(__half2 a, __half2 b) { return __half2(__hmax_nan(a.x, b.x), __hmax_nan(a.y, b.y)); }
__HF __half2 __hmin2_nan(__half2 a, __half2 b) { return __half2(__hmin_nan(a.x, b.x), __hmin_nan(a.y, b.y)); }
#endif
__H2_BIN(__hadd2, __ptx_add_f16x2) __H2_BIN(__hsub2, __ptx_sub_f16x2) __H2_BIN(__hmul2, __ptx_mul_f16x2)
__H2_BIN(__hadd2_rn, __ptx_add_rn_f16x2) __H2_BIN(__hsub2_rn, __ptx_sub_rn_f16x2) __H2_BIN(__hmul2_rn, __ptx_mul_rn_f16x2)
__H2_BIN(__hadd2_sat, __ptx_add_sat_f16x2) __H2_BIN(__hsub2_sat, __ptx_sub_sat_f16x2) __H2_BIN(__hmul2_sat, __ptx_mul_sat_f16x2)
#undef __H_BIN
#undef __H2_BIN
__HF __half __hfma(__half a, __half b, __half c) { return __ushort_as_half(__ptx_fma_rn_f16(a.__x, b.__x, c.__x)); }
__HF __half __hfma_sat(__half a, __half b, __half c) { return __ushort_as_half(__ptx_fma_rn_sat_f16(a.__x, b.__x, c.__x)); }
__HF __half __hfma_relu(__half a, __half b, __half c) { return __ushort_as_half(__ptx_fma_rn_relu_f16(a.__x, b.__x, c.__x)); }
__HF __half2 __hfma2(__half2 a, __half2 b, __half2 c) { return __bits_h2(__ptx_fma_rn_f16x2(__h2_bits(a), __h2_bits(b), __h2_bits(c))); }
__HF __half2 __hfma2_sat(__half2 a, __half2 b, __half2 c) { return __bits_h2(__ptx_fma_rn_sat_f16x2(__h2_bits(a), __h2_bits(b), __h2_bits(c))); }
__HF __half2 __hfma2_relu(__half2 a, __half2 b, __half2 c) { return __bits_h2(__ptx_fma_rn_relu_f16x2(__h2_bits(a), __h2_bits(b), __h2_bits(c))); }
__HF __half __hneg(__half a) { return __ushort_as_half(__ptx_neg_f16(a.__x)); }
__HF __half __habs(__half a) { return __ushort_as_half(__ptx_abs_f16(a.__x)); }
__HF __half2 __hneg2(__half2 a) { return __bits_h2(__ptx_neg_f16x2(__h2_bits(a))); }
__HF __half2 __habs2(__half2 a) { return __bits_h2(__ptx_abs_f16x2(__h2_bits(a))); }
__HF __half2 __hcmadd(__half2 a, __half2 b, __half2 c) {
    __half re = __hfma(__hneg(a.y), b.y, __hfma(a.x, b.x, c.x));
    __half im = __hfma(a.y, b.x, __hfma(a.x, b.y, c.y));
    return __half2(re, im);
}
// Division: a reciprocal, a product and, for tiny quotients, one correction.
__HF float __h_div_f32(float a, float b) {
    float r = __nvvm_rcp_approx_ftz_f(b);
    float q = a * r;
    unsigned short h = __ptx_abs_f16(__ptx_cvt_rn_f16_f32(q));
    if (__f16_lt(h, 0x8f) && __f16_lt(0, h)) q = __fmaf_rn(r, __fmaf_rn(-b, q, a), q);
    return q;
}
__HF __half __hdiv(__half a, __half b) { return __float2half(__h_div_f32(__half2float(a), __half2float(b))); }
__HF __half2 __h2div(__half2 a, __half2 b) { return __half2(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
// Comparisons.
#define __H_CMP(name, op) __HF bool name(__half a, __half b) { return op(a.__x, b.__x); }
__H_CMP(__heq, __f16_eq) __H_CMP(__hne, __f16_ne) __H_CMP(__hlt, __f16_lt) __H_CMP(__hle, __f16_le)
__H_CMP(__hgt, __f16_gt) __H_CMP(__hge, __f16_ge) __H_CMP(__hequ, __f16_equ) __H_CMP(__hneu, __f16_neu)
__H_CMP(__hltu, __f16_ltu) __H_CMP(__hleu, __f16_leu) __H_CMP(__hgtu, __f16_gtu) __H_CMP(__hgeu, __f16_geu)
#undef __H_CMP
__HF bool __hisnan(__half a) { return __f16_isnan(a.__x, a.__x); }
__HF int __hisinf(__half a) { return a.__x == 0x7c00 ? 1 : a.__x == 0xfc00 ? -1 : 0; }
#define __H2_CMP(c) \
    __HF __half2 __h##c##2(__half2 a, __half2 b) { return __bits_h2(__ptx_set_##c##_f16x2_f16x2(__h2_bits(a), __h2_bits(b))); } \
    __HF unsigned __h##c##2_mask(__half2 a, __half2 b) { return __ptx_set_##c##_u32_f16x2(__h2_bits(a), __h2_bits(b)); } \
    __HF bool __hb##c##2(__half2 a, __half2 b) { return __ptx_set_##c##_u32_f16x2(__h2_bits(a), __h2_bits(b)) == 0xffffffffu; }
__H2_CMP(eq) __H2_CMP(ne) __H2_CMP(lt) __H2_CMP(le) __H2_CMP(gt) __H2_CMP(ge)
__H2_CMP(equ) __H2_CMP(neu) __H2_CMP(ltu) __H2_CMP(leu) __H2_CMP(gtu) __H2_CMP(geu)
#undef __H2_CMP
__HF __half2 __hisnan2(__half2 a) { return __bits_h2(__ptx_set_nan_f16x2_f16x2(__h2_bits(a), __h2_bits(a))); }
// Math: f32 approximations between conversions.
#define __H_F32(name, name2, expr) \
    __HF __half name(__half h) { float f = __half2float(h); return __float2half(expr); } \
    __HF __half2 name2(__half2 h) { return __half2(name(h.x), name(h.y)); }
__H_F32(hsqrt, h2sqrt, __nvvm_sqrt_approx_ftz_f(f))
__H_F32(hrsqrt, h2rsqrt, __nvvm_rsqrt_approx_ftz_f(f))
__H_F32(hrcp, h2rcp, __nvvm_rcp_approx_ftz_f(f))
__H_F32(hexp2, h2exp2, __fmaf_rn(__nvvm_ex2_approx_ftz_f(f), 5.9604644775390625e-8f, __nvvm_ex2_approx_ftz_f(f)))
__H_F32(hexp, h2exp, __nvvm_ex2_approx_ftz_f(__fmaf_rn(f, 1.44269502162933349609375f, -0.0f)))
__H_F32(hexp10, h2exp10, __nvvm_ex2_approx_ftz_f(__fmaf_rn(f, 3.3219280242919921875f, -0.0f)))
__H_F32(hlog2, h2log2, __nvvm_lg2_approx_ftz_f(f))
__H_F32(hlog, h2log, __nvvm_lg2_approx_ftz_f(f) * 0.693147182464599609375f)
__H_F32(hlog10, h2log10, __nvvm_lg2_approx_ftz_f(f) * 0.30103000998497009277f)
__H_F32(hsin, h2sin, sinf(f))
__H_F32(hcos, h2cos, cosf(f))
__H_F32(htanh, h2tanh, tanhf(f))
#undef __H_F32
#define __H_RND(name, name2, op) \
    __HF __half name(__half h) { return __ushort_as_half(op(h.__x)); } \
    __HF __half2 name2(__half2 h) { return __half2(name(h.x), name(h.y)); }
__H_RND(hfloor, h2floor, __ptx_cvt_rmi_f16_f16) __H_RND(hceil, h2ceil, __ptx_cvt_rpi_f16_f16)
__H_RND(htrunc, h2trunc, __ptx_cvt_rzi_f16_f16) __H_RND(hrint, h2rint, __ptx_cvt_rni_f16_f16)
#undef __H_RND
__HF __half htanh_approx(__half h) { return __ushort_as_half(__ptx_tanh_approx_f16(h.__x)); }
__HF __half2 h2tanh_approx(__half2 h) { return __bits_h2(__ptx_tanh_approx_f16x2(__h2_bits(h))); }
// Operators.
__HF __half operator+(__half a, __half b) { return __hadd(a, b); }
__HF __half operator-(__half a, __half b) { return __hsub(a, b); }
__HF __half operator*(__half a, __half b) { return __hmul(a, b); }
__HF __half operator/(__half a, __half b) { return __hdiv(a, b); }
__HF __half operator-(__half a) { return __hneg(a); }
__HF __half operator+(__half a) { return a; }
__HF __half &operator+=(__half &a, __half b) { a = __hadd(a, b); return a; }
__HF __half &operator-=(__half &a, __half b) { a = __hsub(a, b); return a; }
__HF __half &operator*=(__half &a, __half b) { a = __hmul(a, b); return a; }
__HF __half &operator/=(__half &a, __half b) { a = __hdiv(a, b); return a; }
__HF bool operator==(__half a, __half b) { return __heq(a, b); }
__HF bool operator!=(__half a, __half b) { return __hneu(a, b); }
__HF bool operator<(__half a, __half b) { return __hlt(a, b); }
__HF bool operator<=(__half a, __half b) { return __hle(a, b); }
__HF bool operator>(__half a, __half b) { return __hgt(a, b); }
__HF bool operator>=(__half a, __half b) { return __hge(a, b); }
__HF __half2 operator+(__half2 a, __half2 b) { return __hadd2(a, b); }
__HF __half2 operator-(__half2 a, __half2 b) { return __hsub2(a, b); }
__HF __half2 operator*(__half2 a, __half2 b) { return __hmul2(a, b); }
__HF __half2 operator/(__half2 a, __half2 b) { return __h2div(a, b); }
__HF __half2 operator-(__half2 a) { return __hneg2(a); }
__HF __half2 operator+(__half2 a) { return a; }
__HF __half2 &operator+=(__half2 &a, __half2 b) { a = __hadd2(a, b); return a; }
__HF __half2 &operator-=(__half2 &a, __half2 b) { a = __hsub2(a, b); return a; }
__HF __half2 &operator*=(__half2 &a, __half2 b) { a = __hmul2(a, b); return a; }
__HF __half2 &operator/=(__half2 &a, __half2 b) { a = __h2div(a, b); return a; }
__HF bool operator==(__half2 a, __half2 b) { return __hbeq2(a, b); }
__HF bool operator!=(__half2 a, __half2 b) { return __hbneu2(a, b); }
// Warp shuffles move the bits (a half in a pair, as nvcc does).
__HF __half2 __shfl_sync(unsigned m, __half2 v, int l, int w = 32) { return __bits_h2(__ptx_shfl_idx_b32(m, __h2_bits(v), l, w)); }
__HF __half2 __shfl_up_sync(unsigned m, __half2 v, unsigned d, int w = 32) { return __bits_h2(__ptx_shfl_up_b32(m, __h2_bits(v), d, w)); }
__HF __half2 __shfl_down_sync(unsigned m, __half2 v, unsigned d, int w = 32) { return __bits_h2(__ptx_shfl_down_b32(m, __h2_bits(v), d, w)); }
__HF __half2 __shfl_xor_sync(unsigned m, __half2 v, int l, int w = 32) { return __bits_h2(__ptx_shfl_bfly_b32(m, __h2_bits(v), l, w)); }
__HF __half __shfl_sync(unsigned m, __half v, int l, int w = 32) { return __shfl_sync(m, __half2(v, v), l, w).x; }
__HF __half __shfl_up_sync(unsigned m, __half v, unsigned d, int w = 32) { return __shfl_up_sync(m, __half2(v, v), d, w).x; }
__HF __half __shfl_down_sync(unsigned m, __half v, unsigned d, int w = 32) { return __shfl_down_sync(m, __half2(v, v), d, w).x; }
__HF __half __shfl_xor_sync(unsigned m, __half v, int l, int w = 32) { return __shfl_xor_sync(m, __half2(v, v), l, w).x; }
// Loads through the read-only path, and atomic adds (a compare-and-swap
// loop on the aligned word).
__PTXLAB_CACHE_OPS(__half)
__PTXLAB_CACHE_OPS(__half2)
__HF __half2 atomicAdd(__half2 *p, __half2 v) {
    unsigned int *w = (unsigned int *)p;
    unsigned int old = *w, seen;
    do { seen = old; old = atomicCAS(w, seen, __h2_bits(__hadd2(__bits_h2(seen), v))); } while (old != seen);
    return __bits_h2(old);
}
__HF __half atomicAdd(__half *p, __half v) {
    unsigned long long a = (unsigned long long)p;
    unsigned int *w = (unsigned int *)(a & ~3ull);
    unsigned int shift = (unsigned int)(a & 2ull) * 8u;
    unsigned int old = *w, seen;
    do {
        seen = old;
        unsigned short h = __ptx_add_f16((unsigned short)(seen >> shift), v.__x);
        old = atomicCAS(w, seen, (seen & ~(0xffffu << shift)) | ((unsigned int)h << shift));
    } while (old != seen);
    return __ushort_as_half((unsigned short)(old >> shift));
}
#undef __HF
"#;

/// `cuda_bf16.h`.
pub const CUDA_BF16: &str = r#"#pragma once
#include <cuda_fp16.h>
#define __BF static __device__ __forceinline__
#if __CUDA_ARCH__ >= 900
#define __BF_SM90 1
#endif
#if __CUDA_ARCH__ >= 800
#define __BF_SM80 1
#endif
// float -> bfloat16 bits in a rounding mode; double and integers through a
// float rounded to odd (exact for the final rounding).
__BF unsigned short __bf_from_f32_rn(float f) {
#ifdef __BF_SM80
    return __ptx_cvt_rn_bf16_f32(f);
#else
    unsigned int u = __float_as_uint(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fff;
    return (unsigned short)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
#endif
}
__BF unsigned short __bf_from_f32_rz(float f) {
#ifdef __BF_SM80
    return __ptx_cvt_rz_bf16_f32(f);
#else
    unsigned int u = __float_as_uint(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fff;
    return (unsigned short)(u >> 16);
#endif
}
__BF unsigned short __bf_from_f32_dir(float f, bool up) {
    unsigned int u = __float_as_uint(f);
    if ((u & 0x7fffffffu) > 0x7f800000u) return 0x7fff;
    unsigned short t = (unsigned short)(u >> 16);
    bool neg = (u >> 31) != 0;
    if ((u & 0xffffu) != 0u && (up != neg)) t = (unsigned short)(t + 1);
    return t;
}
__BF unsigned short __bf_from_f32_rd(float f) {
#ifdef __BF_SM90
    return __ptx_cvt_rm_bf16_f32(f);
#else
    return __bf_from_f32_dir(f, false);
#endif
}
__BF unsigned short __bf_from_f32_ru(float f) {
#ifdef __BF_SM90
    return __ptx_cvt_rp_bf16_f32(f);
#else
    return __bf_from_f32_dir(f, true);
#endif
}
/* A 64-bit integer as a double that rounds to a bfloat16 as the integer
   does: bits below bit 11 kept as a sticky bit 11 (exact from 2^53 up). */
__BF double __bf_ull_sticky(unsigned long long m) {
    if (m >= (1ull << 53)) m = (m & ~0x7ffull) | ((m & 0x7ffull) != 0 ? 0x800ull : 0ull);
    return (double)m;
}
__BF double __bf_ll_sticky(long long i) {
    double m = __bf_ull_sticky(i < 0 ? 0ull - (unsigned long long)i : (unsigned long long)i);
    return i < 0 ? -m : m;
}
__BF float __bf_odd(double d) {
    float f = __double2float_rz(d);
    if ((double)f != d && d == d) f = __uint_as_float(__float_as_uint(f) | 1u);
    return f;
}
__BF float __bf_to_f32(unsigned short h) {
#ifdef __BF_SM90
    return __ptx_cvt_f32_bf16(h);
#else
    return __uint_as_float((unsigned int)h << 16);
#endif
}
struct __nv_bfloat16 {
    unsigned short __x;
    __device__ __nv_bfloat16() {}
    __device__ __nv_bfloat16(float f) : __x(__bf_from_f32_rn(f)) {}
    __device__ __nv_bfloat16(double f) : __x(__bf_from_f32_rn(__bf_odd(f))) {}
    __device__ __nv_bfloat16(int i) : __x(__bf_from_f32_rn(__bf_odd((double)i))) {}
    __device__ __nv_bfloat16(unsigned int i) : __x(__bf_from_f32_rn(__bf_odd((double)i))) {}
    __device__ __nv_bfloat16(short i) : __x(__bf_from_f32_rn((float)i)) {}
    __device__ __nv_bfloat16(unsigned short i) : __x(__bf_from_f32_rn((float)i)) {}
    __device__ __nv_bfloat16(long long i) : __x(__bf_from_f32_rn(__bf_odd(__bf_ll_sticky(i)))) {}
    __device__ __nv_bfloat16(unsigned long long i) : __x(__bf_from_f32_rn(__bf_odd(__bf_ull_sticky(i)))) {}
    __device__ __nv_bfloat16(long i) : __x(__bf_from_f32_rn(__bf_odd(__bf_ll_sticky(i)))) {}
    __device__ __nv_bfloat16(unsigned long i) : __x(__bf_from_f32_rn(__bf_odd(__bf_ull_sticky(i)))) {}
    __device__ operator float() const { return __bf_to_f32(__x); }
};
typedef __nv_bfloat16 nv_bfloat16;
struct __align__(4) __nv_bfloat162 {
    __nv_bfloat16 x;
    __nv_bfloat16 y;
    __device__ __nv_bfloat162() {}
    __device__ __nv_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) : x(a), y(b) {}
    __device__ __nv_bfloat162(float a, float b) : x(a), y(b) {}
};
typedef __nv_bfloat162 nv_bfloat162;
__BF __nv_bfloat16 __ushort_as_bfloat16(unsigned short x) { __nv_bfloat16 h; h.__x = x; return h; }
__BF unsigned short __bfloat16_as_ushort(__nv_bfloat16 h) { return h.__x; }
__BF __nv_bfloat16 __short_as_bfloat16(short x) { return __ushort_as_bfloat16((unsigned short)x); }
__BF short __bfloat16_as_short(__nv_bfloat16 h) { return (short)h.__x; }
__BF unsigned int __b2_bits(__nv_bfloat162 a) { return *(const unsigned int*)&a; }
__BF __nv_bfloat162 __bits_b2(unsigned int u) { __nv_bfloat162 r; *(unsigned int*)&r = u; return r; }
// Conversions.
__BF __nv_bfloat16 __float2bfloat16(float f) { return __ushort_as_bfloat16(__bf_from_f32_rn(f)); }
__BF __nv_bfloat16 __float2bfloat16_rn(float f) { return __ushort_as_bfloat16(__bf_from_f32_rn(f)); }
__BF __nv_bfloat16 __float2bfloat16_rz(float f) { return __ushort_as_bfloat16(__bf_from_f32_rz(f)); }
__BF __nv_bfloat16 __float2bfloat16_rd(float f) { return __ushort_as_bfloat16(__bf_from_f32_rd(f)); }
__BF __nv_bfloat16 __float2bfloat16_ru(float f) { return __ushort_as_bfloat16(__bf_from_f32_ru(f)); }
__BF __nv_bfloat16 __double2bfloat16(double d) { return __ushort_as_bfloat16(__bf_from_f32_rn(__bf_odd(d))); }
__BF float __bfloat162float(__nv_bfloat16 h) { return __bf_to_f32(h.__x); }
__BF __nv_bfloat162 __float2bfloat162_rn(float f) { __nv_bfloat16 h = __float2bfloat16(f); return __nv_bfloat162(h, h); }
__BF __nv_bfloat162 __floats2bfloat162_rn(float a, float b) {
#ifdef __BF_SM80
    return __bits_b2(__ptx_cvt_rn_bf16x2_f32(b, a));
#else
    return __nv_bfloat162(__float2bfloat16(a), __float2bfloat16(b));
#endif
}
__BF __nv_bfloat162 __float22bfloat162_rn(float2 f) { return __floats2bfloat162_rn(f.x, f.y); }
__BF float2 __bfloat1622float2(__nv_bfloat162 h) { return make_float2(__bfloat162float(h.x), __bfloat162float(h.y)); }
__BF float __low2float(__nv_bfloat162 h) { return __bfloat162float(h.x); }
__BF float __high2float(__nv_bfloat162 h) { return __bfloat162float(h.y); }
__BF __nv_bfloat16 __low2bfloat16(__nv_bfloat162 h) { return h.x; }
__BF __nv_bfloat16 __high2bfloat16(__nv_bfloat162 h) { return h.y; }
__BF __nv_bfloat162 __halves2bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
__BF __nv_bfloat162 __bfloat162bfloat162(__nv_bfloat16 a) { return __nv_bfloat162(a, a); }
__BF __nv_bfloat162 __low2bfloat162(__nv_bfloat162 h) { return __nv_bfloat162(h.x, h.x); }
__BF __nv_bfloat162 __high2bfloat162(__nv_bfloat162 h) { return __nv_bfloat162(h.y, h.y); }
__BF __nv_bfloat162 __lows2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.x, b.x); }
__BF __nv_bfloat162 __highs2bfloat162(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(a.y, b.y); }
__BF __nv_bfloat162 __lowhigh2highlow(__nv_bfloat162 h) { return __nv_bfloat162(h.y, h.x); }
__BF __nv_bfloat162 make_bfloat162(__nv_bfloat16 a, __nv_bfloat16 b) { return __nv_bfloat162(a, b); }
__BF __nv_bfloat16 __int2bfloat16_rn(int i) { return __ushort_as_bfloat16(__bf_from_f32_rn(__bf_odd((double)i))); }
__BF __nv_bfloat16 __int2bfloat16_rz(int i) { return __ushort_as_bfloat16(__bf_from_f32_rz(__bf_odd((double)i))); }
__BF __nv_bfloat16 __int2bfloat16_rd(int i) { return __ushort_as_bfloat16(__bf_from_f32_rd(__bf_odd((double)i))); }
__BF __nv_bfloat16 __int2bfloat16_ru(int i) { return __ushort_as_bfloat16(__bf_from_f32_ru(__bf_odd((double)i))); }
__BF __nv_bfloat16 __uint2bfloat16_rn(unsigned int i) { return __ushort_as_bfloat16(__bf_from_f32_rn(__bf_odd((double)i))); }
__BF __nv_bfloat16 __uint2bfloat16_rz(unsigned int i) { return __ushort_as_bfloat16(__bf_from_f32_rz(__bf_odd((double)i))); }
__BF __nv_bfloat16 __short2bfloat16_rn(short i) { return __int2bfloat16_rn(i); }
__BF __nv_bfloat16 __ushort2bfloat16_rn(unsigned short i) { return __int2bfloat16_rn(i); }
__BF __nv_bfloat16 __ll2bfloat16_rn(long long i) { return __ushort_as_bfloat16(__bf_from_f32_rn(__bf_odd((double)i))); }
__BF __nv_bfloat16 __ull2bfloat16_rn(unsigned long long i) { return __ushort_as_bfloat16(__bf_from_f32_rn(__bf_odd((double)i))); }
__BF int __bfloat162int_rn(__nv_bfloat16 h) { return __float2int_rn(__bfloat162float(h)); }
__BF int __bfloat162int_rz(__nv_bfloat16 h) { return __float2int_rz(__bfloat162float(h)); }
__BF int __bfloat162int_rd(__nv_bfloat16 h) { return __float2int_rd(__bfloat162float(h)); }
__BF int __bfloat162int_ru(__nv_bfloat16 h) { return __float2int_ru(__bfloat162float(h)); }
__BF unsigned int __bfloat162uint_rn(__nv_bfloat16 h) { return __float2uint_rn(__bfloat162float(h)); }
__BF unsigned int __bfloat162uint_rz(__nv_bfloat16 h) { return __float2uint_rz(__bfloat162float(h)); }
__BF long long __bfloat162ll_rz(__nv_bfloat16 h) { return __float2ll_rz(__bfloat162float(h)); }
__BF unsigned long long __bfloat162ull_rz(__nv_bfloat16 h) { return __float2ull_rz(__bfloat162float(h)); }
// Arithmetic: before sm_90 an add is fma(a, 1, b), a product fma(a, b, -0).
#ifdef __BF_SM80
#define __BF_FMA(a, b, c) __ptx_fma_rn_bf16(a, b, c)
#define __BF2_FMA(a, b, c) __ptx_fma_rn_bf16x2(a, b, c)
#else
#define __BF_FMA(a, b, c) __bf_from_f32_rn(__fmaf_rn(__bf_to_f32(a), __bf_to_f32(b), __bf_to_f32(c)))
#define __BF2_FMA(a, b, c) __b2_bits(__nv_bfloat162(__ushort_as_bfloat16(__BF_FMA((unsigned short)(a), (unsigned short)(b), (unsigned short)(c))), \
    __ushort_as_bfloat16(__BF_FMA((unsigned short)((a) >> 16), (unsigned short)((b) >> 16), (unsigned short)((c) >> 16)))))
#endif
__BF unsigned short __bf_add(unsigned short a, unsigned short b) {
#ifdef __BF_SM90
    return __ptx_add_bf16(a, b);
#else
    return __BF_FMA(a, 0x3f80, b);
#endif
}
__BF unsigned short __bf_sub(unsigned short a, unsigned short b) {
#ifdef __BF_SM90
    return __ptx_sub_bf16(a, b);
#else
    return __BF_FMA(b, 0xbf80, a);
#endif
}
__BF unsigned short __bf_mul(unsigned short a, unsigned short b) {
#ifdef __BF_SM90
    return __ptx_mul_bf16(a, b);
#else
    return __BF_FMA(a, b, 0x8000);
#endif
}
__BF unsigned int __bf2_add(unsigned int a, unsigned int b) {
#ifdef __BF_SM90
    return __ptx_add_bf16x2(a, b);
#else
    return __BF2_FMA(a, 0x3f803f80u, b);
#endif
}
__BF unsigned int __bf2_sub(unsigned int a, unsigned int b) {
#ifdef __BF_SM90
    return __ptx_sub_bf16x2(a, b);
#else
    return __BF2_FMA(b, 0xbf80bf80u, a);
#endif
}
__BF unsigned int __bf2_mul(unsigned int a, unsigned int b) {
#ifdef __BF_SM90
    return __ptx_mul_bf16x2(a, b);
#else
    return __BF2_FMA(a, b, 0x80008000u);
#endif
}
__BF __nv_bfloat16 __hadd(__nv_bfloat16 a, __nv_bfloat16 b) { return __ushort_as_bfloat16(__bf_add(a.__x, b.__x)); }
__BF __nv_bfloat16 __hsub(__nv_bfloat16 a, __nv_bfloat16 b) { return __ushort_as_bfloat16(__bf_sub(a.__x, b.__x)); }
__BF __nv_bfloat16 __hmul(__nv_bfloat16 a, __nv_bfloat16 b) { return __ushort_as_bfloat16(__bf_mul(a.__x, b.__x)); }
__BF __nv_bfloat16 __hadd_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
__BF __nv_bfloat16 __hsub_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
__BF __nv_bfloat16 __hmul_rn(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
__BF __nv_bfloat16 __hfma(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return __ushort_as_bfloat16(__BF_FMA(a.__x, b.__x, c.__x)); }
__BF __nv_bfloat162 __hadd2(__nv_bfloat162 a, __nv_bfloat162 b) { return __bits_b2(__bf2_add(__b2_bits(a), __b2_bits(b))); }
__BF __nv_bfloat162 __hsub2(__nv_bfloat162 a, __nv_bfloat162 b) { return __bits_b2(__bf2_sub(__b2_bits(a), __b2_bits(b))); }
__BF __nv_bfloat162 __hmul2(__nv_bfloat162 a, __nv_bfloat162 b) { return __bits_b2(__bf2_mul(__b2_bits(a), __b2_bits(b))); }
__BF __nv_bfloat162 __hadd2_rn(__nv_bfloat162 a, __nv_bfloat162 b) { return __hadd2(a, b); }
__BF __nv_bfloat162 __hsub2_rn(__nv_bfloat162 a, __nv_bfloat162 b) { return __hsub2(a, b); }
__BF __nv_bfloat162 __hmul2_rn(__nv_bfloat162 a, __nv_bfloat162 b) { return __hmul2(a, b); }
__BF __nv_bfloat162 __hfma2(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { return __bits_b2(__BF2_FMA(__b2_bits(a), __b2_bits(b), __b2_bits(c))); }
__BF __nv_bfloat16 __hneg(__nv_bfloat16 a) { return __ushort_as_bfloat16(a.__x ^ 0x8000); }
__BF __nv_bfloat16 __habs(__nv_bfloat16 a) { return __ushort_as_bfloat16(a.__x & 0x7fff); }
__BF __nv_bfloat162 __hneg2(__nv_bfloat162 a) { return __bits_b2(__b2_bits(a) ^ 0x80008000u); }
__BF __nv_bfloat162 __habs2(__nv_bfloat162 a) { return __bits_b2(__b2_bits(a) & 0x7fff7fffu); }
#ifdef __BF_SM80
__BF __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) { return __ushort_as_bfloat16(__ptx_max_bf16(a.__x, b.__x)); }
__BF __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) { return __ushort_as_bfloat16(__ptx_min_bf16(a.__x, b.__x)); }
__BF __nv_bfloat16 __hmax_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return __ushort_as_bfloat16(__ptx_max_NaN_bf16(a.__x, b.__x)); }
__BF __nv_bfloat16 __hmin_nan(__nv_bfloat16 a, __nv_bfloat16 b) { return __ushort_as_bfloat16(__ptx_min_NaN_bf16(a.__x, b.__x)); }
__BF __nv_bfloat162 __hmax2(__nv_bfloat162 a, __nv_bfloat162 b) { return __bits_b2(__ptx_max_bf16x2(__b2_bits(a), __b2_bits(b))); }
__BF __nv_bfloat162 __hmin2(__nv_bfloat162 a, __nv_bfloat162 b) { return __bits_b2(__ptx_min_bf16x2(__b2_bits(a), __b2_bits(b))); }
__BF __nv_bfloat16 __hfma_relu(__nv_bfloat16 a, __nv_bfloat16 b, __nv_bfloat16 c) { return __ushort_as_bfloat16(__ptx_fma_rn_relu_bf16(a.__x, b.__x, c.__x)); }
__BF __nv_bfloat162 __hfma2_relu(__nv_bfloat162 a, __nv_bfloat162 b, __nv_bfloat162 c) { return __bits_b2(__ptx_fma_rn_relu_bf16x2(__b2_bits(a), __b2_bits(b), __b2_bits(c))); }
#else
__BF __nv_bfloat16 __hmax(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(fmaxf(__bfloat162float(a), __bfloat162float(b))); }
__BF __nv_bfloat16 __hmin(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(fminf(__bfloat162float(a), __bfloat162float(b))); }
__BF __nv_bfloat162 __hmax2(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__BF __nv_bfloat162 __hmin2(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
#endif
__BF __nv_bfloat16 __hdiv(__nv_bfloat16 a, __nv_bfloat16 b) { return __float2bfloat16(__fdividef(__bfloat162float(a), __bfloat162float(b))); }
__BF __nv_bfloat162 __h2div(__nv_bfloat162 a, __nv_bfloat162 b) { return __nv_bfloat162(__hdiv(a.x, b.x), __hdiv(a.y, b.y)); }
// Comparisons: on the exact float values.
#define __BF_CMP(c, expr) \
    __BF bool __h##c(__nv_bfloat16 a, __nv_bfloat16 b) { float x = __bfloat162float(a), y = __bfloat162float(b); return expr; } \
    __BF __nv_bfloat162 __h##c##2(__nv_bfloat162 a, __nv_bfloat162 b) { \
        return __nv_bfloat162(__ushort_as_bfloat16(__h##c(a.x, b.x) ? 0x3f80 : 0), __ushort_as_bfloat16(__h##c(a.y, b.y) ? 0x3f80 : 0)); } \
    __BF bool __hb##c##2(__nv_bfloat162 a, __nv_bfloat162 b) { return __h##c(a.x, b.x) && __h##c(a.y, b.y); }
__BF_CMP(eq, x == y) __BF_CMP(ne, x < y || x > y) __BF_CMP(lt, x < y) __BF_CMP(le, x <= y)
__BF_CMP(gt, x > y) __BF_CMP(ge, x >= y) __BF_CMP(equ, !(x < y || x > y)) __BF_CMP(neu, !(x == y))
__BF_CMP(ltu, !(x >= y)) __BF_CMP(leu, !(x > y)) __BF_CMP(gtu, !(x <= y)) __BF_CMP(geu, !(x < y))
#undef __BF_CMP
__BF bool __hisnan(__nv_bfloat16 a) { return (a.__x & 0x7fff) > 0x7f80; }
__BF int __hisinf(__nv_bfloat16 a) { return a.__x == 0x7f80 ? 1 : a.__x == 0xff80 ? -1 : 0; }
// Math: f32 approximations between conversions.
#define __BF_F32(name, name2, expr) \
    __BF __nv_bfloat16 name(__nv_bfloat16 h) { float f = __bfloat162float(h); return __float2bfloat16(expr); } \
    __BF __nv_bfloat162 name2(__nv_bfloat162 h) { return __nv_bfloat162(name(h.x), name(h.y)); }
__BF_F32(hsqrt, h2sqrt, __nvvm_sqrt_approx_ftz_f(f))
__BF_F32(hrsqrt, h2rsqrt, __nvvm_rsqrt_approx_ftz_f(f))
__BF_F32(hrcp, h2rcp, __nvvm_rcp_approx_ftz_f(f))
__BF_F32(hexp2, h2exp2, __nvvm_ex2_approx_ftz_f(f))
__BF_F32(hexp, h2exp, __nvvm_ex2_approx_ftz_f(f * 1.44269502162933349609375f))
__BF_F32(hexp10, h2exp10, __nvvm_ex2_approx_ftz_f(f * 3.3219280242919921875f))
__BF_F32(hlog2, h2log2, __nvvm_lg2_approx_ftz_f(f))
__BF_F32(hlog, h2log, __nvvm_lg2_approx_ftz_f(f) * 0.693147182464599609375f)
__BF_F32(hlog10, h2log10, __nvvm_lg2_approx_ftz_f(f) * 0.30103000998497009277f)
__BF_F32(hsin, h2sin, sinf(f))
__BF_F32(hcos, h2cos, cosf(f))
__BF_F32(htanh, h2tanh, tanhf(f))
__BF_F32(hfloor, h2floor, floorf(f))
__BF_F32(hceil, h2ceil, ceilf(f))
__BF_F32(htrunc, h2trunc, truncf(f))
__BF_F32(hrint, h2rint, rintf(f))
#undef __BF_F32
// Operators.
__BF __nv_bfloat16 operator+(__nv_bfloat16 a, __nv_bfloat16 b) { return __hadd(a, b); }
__BF __nv_bfloat16 operator-(__nv_bfloat16 a, __nv_bfloat16 b) { return __hsub(a, b); }
__BF __nv_bfloat16 operator*(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmul(a, b); }
__BF __nv_bfloat16 operator/(__nv_bfloat16 a, __nv_bfloat16 b) { return __hdiv(a, b); }
__BF __nv_bfloat16 operator-(__nv_bfloat16 a) { return __hneg(a); }
__BF __nv_bfloat16 operator+(__nv_bfloat16 a) { return a; }
__BF __nv_bfloat16 &operator+=(__nv_bfloat16 &a, __nv_bfloat16 b) { a = __hadd(a, b); return a; }
__BF __nv_bfloat16 &operator-=(__nv_bfloat16 &a, __nv_bfloat16 b) { a = __hsub(a, b); return a; }
__BF __nv_bfloat16 &operator*=(__nv_bfloat16 &a, __nv_bfloat16 b) { a = __hmul(a, b); return a; }
__BF __nv_bfloat16 &operator/=(__nv_bfloat16 &a, __nv_bfloat16 b) { a = __hdiv(a, b); return a; }
__BF bool operator==(__nv_bfloat16 a, __nv_bfloat16 b) { return __heq(a, b); }
__BF bool operator!=(__nv_bfloat16 a, __nv_bfloat16 b) { return __hneu(a, b); }
__BF bool operator<(__nv_bfloat16 a, __nv_bfloat16 b) { return __hlt(a, b); }
__BF bool operator<=(__nv_bfloat16 a, __nv_bfloat16 b) { return __hle(a, b); }
__BF bool operator>(__nv_bfloat16 a, __nv_bfloat16 b) { return __hgt(a, b); }
__BF bool operator>=(__nv_bfloat16 a, __nv_bfloat16 b) { return __hge(a, b); }
__BF __nv_bfloat162 operator+(__nv_bfloat162 a, __nv_bfloat162 b) { return __hadd2(a, b); }
__BF __nv_bfloat162 operator-(__nv_bfloat162 a, __nv_bfloat162 b) { return __hsub2(a, b); }
__BF __nv_bfloat162 operator*(__nv_bfloat162 a, __nv_bfloat162 b) { return __hmul2(a, b); }
__BF __nv_bfloat162 operator/(__nv_bfloat162 a, __nv_bfloat162 b) { return __h2div(a, b); }
__BF __nv_bfloat162 operator-(__nv_bfloat162 a) { return __hneg2(a); }
__BF __nv_bfloat162 &operator+=(__nv_bfloat162 &a, __nv_bfloat162 b) { a = __hadd2(a, b); return a; }
__BF __nv_bfloat162 &operator*=(__nv_bfloat162 &a, __nv_bfloat162 b) { a = __hmul2(a, b); return a; }
// Shuffles, read-only loads and atomic adds (a compare-and-swap loop).
__BF __nv_bfloat162 __shfl_sync(unsigned m, __nv_bfloat162 v, int l, int w = 32) { return __bits_b2(__ptx_shfl_idx_b32(m, __b2_bits(v), l, w)); }
__BF __nv_bfloat162 __shfl_up_sync(unsigned m, __nv_bfloat162 v, unsigned d, int w = 32) { return __bits_b2(__ptx_shfl_up_b32(m, __b2_bits(v), d, w)); }
__BF __nv_bfloat162 __shfl_down_sync(unsigned m, __nv_bfloat162 v, unsigned d, int w = 32) { return __bits_b2(__ptx_shfl_down_b32(m, __b2_bits(v), d, w)); }
__BF __nv_bfloat162 __shfl_xor_sync(unsigned m, __nv_bfloat162 v, int l, int w = 32) { return __bits_b2(__ptx_shfl_bfly_b32(m, __b2_bits(v), l, w)); }
__BF __nv_bfloat16 __shfl_sync(unsigned m, __nv_bfloat16 v, int l, int w = 32) { return __shfl_sync(m, __nv_bfloat162(v, v), l, w).x; }
__BF __nv_bfloat16 __shfl_up_sync(unsigned m, __nv_bfloat16 v, unsigned d, int w = 32) { return __shfl_up_sync(m, __nv_bfloat162(v, v), d, w).x; }
__BF __nv_bfloat16 __shfl_down_sync(unsigned m, __nv_bfloat16 v, unsigned d, int w = 32) { return __shfl_down_sync(m, __nv_bfloat162(v, v), d, w).x; }
__BF __nv_bfloat16 __shfl_xor_sync(unsigned m, __nv_bfloat16 v, int l, int w = 32) { return __shfl_xor_sync(m, __nv_bfloat162(v, v), l, w).x; }
__PTXLAB_CACHE_OPS(__nv_bfloat16)
__PTXLAB_CACHE_OPS(__nv_bfloat162)
__BF __nv_bfloat162 atomicAdd(__nv_bfloat162 *p, __nv_bfloat162 v) {
    unsigned int *w = (unsigned int *)p;
    unsigned int old = *w, seen;
    do { seen = old; old = atomicCAS(w, seen, __bf2_add(seen, __b2_bits(v))); } while (old != seen);
    return __bits_b2(old);
}
__BF __nv_bfloat16 atomicAdd(__nv_bfloat16 *p, __nv_bfloat16 v) {
    unsigned long long a = (unsigned long long)p;
    unsigned int *w = (unsigned int *)(a & ~3ull);
    unsigned int shift = (unsigned int)(a & 2ull) * 8u;
    unsigned int old = *w, seen;
    do {
        seen = old;
        unsigned short h = __bf_add((unsigned short)(seen >> shift), v.__x);
        old = atomicCAS(w, seen, (seen & ~(0xffffu << shift)) | ((unsigned int)h << shift));
    } while (old != seen);
    return __ushort_as_bfloat16((unsigned short)(old >> shift));
}
#undef __BF_FMA
#undef __BF2_FMA
#undef __BF
"#;
