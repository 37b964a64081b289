//! Device functions `cuda_runtime.h` brings with no include of their own
//! (our text, `crt/ptxlab_device_functions.h`, included at its end): the
//! cache-operator loads and stores of every type CUDA overloads them for
//! (`__ldg`, `__ldcg`, `__ldca`, `__ldcs`, `__ldlu`, `__ldcv`, `__stwb`,
//! `__stcg`, `__stcs`, `__stwt`), and the DPX integer functions of CUDA 12
//! (`__vimax3_s32`, `__viaddmax_s16x2`, `__vibmax_u32`, …) as the
//! per-lane arithmetic nvcc compiles them to below sm_90; `fdividef`; the
//! byte dot products (`__dp4a`, `__dp2a_lo/hi`, every overload), the
//! integer halving adds (`__hadd`, `__urhadd`, …) and the clamped funnel
//! shifts.
//!
//! Each cache-operator access is one `__ptxlab_ld_*`/`__ptxlab_st_*`
//! built-in (`Lowering::CacheOp`): the instruction nvcc writes,
//! `ld.global.cs.v4.s32`, `st.global.wt.f64`, `ld.global.nc.u32`, which both
//! executors run as the access it is.

/// The header text.
pub const DEVICE_FUNCTIONS: &str = r#"#pragma once
/* Cache-operator loads and stores: one built-in each, typed by the pointee. */
#define __PTXLAB_CACHE_LD(T, op) \
static __device__ __forceinline__ T __ld##op(const T *__p) { T __r; __ptxlab_ld_##op(&__r, __p); return __r; }
#define __PTXLAB_CACHE_ST(T, op) \
static __device__ __forceinline__ void __st##op(T *__p, T __v) { __ptxlab_st_##op(__p, &__v); }
#define __PTXLAB_CACHE_OPS(T) \
static __device__ __forceinline__ T __ldg(const T *__p) { T __r; __ptxlab_ld_nc(&__r, __p); return __r; } \
__PTXLAB_CACHE_LD(T, cg) __PTXLAB_CACHE_LD(T, ca) __PTXLAB_CACHE_LD(T, cs) __PTXLAB_CACHE_LD(T, lu) __PTXLAB_CACHE_LD(T, cv) \
__PTXLAB_CACHE_ST(T, wb) __PTXLAB_CACHE_ST(T, cg) __PTXLAB_CACHE_ST(T, cs) __PTXLAB_CACHE_ST(T, wt)
__PTXLAB_CACHE_OPS(char)
__PTXLAB_CACHE_OPS(signed char)
__PTXLAB_CACHE_OPS(unsigned char)
__PTXLAB_CACHE_OPS(short)
__PTXLAB_CACHE_OPS(unsigned short)
__PTXLAB_CACHE_OPS(int)
__PTXLAB_CACHE_OPS(unsigned int)
__PTXLAB_CACHE_OPS(long)
__PTXLAB_CACHE_OPS(unsigned long)
__PTXLAB_CACHE_OPS(long long)
__PTXLAB_CACHE_OPS(unsigned long long)
__PTXLAB_CACHE_OPS(char2)
__PTXLAB_CACHE_OPS(char4)
__PTXLAB_CACHE_OPS(short2)
__PTXLAB_CACHE_OPS(short4)
__PTXLAB_CACHE_OPS(int2)
__PTXLAB_CACHE_OPS(int4)
__PTXLAB_CACHE_OPS(longlong2)
__PTXLAB_CACHE_OPS(uchar2)
__PTXLAB_CACHE_OPS(uchar4)
__PTXLAB_CACHE_OPS(ushort2)
__PTXLAB_CACHE_OPS(ushort4)
__PTXLAB_CACHE_OPS(uint2)
__PTXLAB_CACHE_OPS(uint4)
__PTXLAB_CACHE_OPS(ulonglong2)
__PTXLAB_CACHE_OPS(float)
__PTXLAB_CACHE_OPS(float2)
__PTXLAB_CACHE_OPS(float4)
__PTXLAB_CACHE_OPS(double)
__PTXLAB_CACHE_OPS(double2)

/* sm_61's byte dot products over one built-in per instruction; the vector
   forms read their operand's four bytes as one word. */
#define __PTXLAB_DOT(name, b) \
static __device__ __forceinline__ int name(int __a, int __b, int __c) { return b##_ss(__a, __b, __c); } \
static __device__ __forceinline__ unsigned int name(unsigned int __a, unsigned int __b, unsigned int __c) { return b##_uu(__a, __b, __c); }
__PTXLAB_DOT(__dp4a, __ptxlab_dp4a)
__PTXLAB_DOT(__dp2a_lo, __ptxlab_dp2a_lo)
__PTXLAB_DOT(__dp2a_hi, __ptxlab_dp2a_hi)
static __device__ __forceinline__ int __dp4a(char4 __a, char4 __b, int __c) { return __ptxlab_dp4a_ss(*(const int *)&__a, *(const int *)&__b, __c); }
static __device__ __forceinline__ unsigned int __dp4a(uchar4 __a, uchar4 __b, unsigned int __c) { return __ptxlab_dp4a_uu(*(const unsigned int *)&__a, *(const unsigned int *)&__b, __c); }
static __device__ __forceinline__ int __dp2a_lo(short2 __a, char4 __b, int __c) { return __ptxlab_dp2a_lo_ss(*(const int *)&__a, *(const int *)&__b, __c); }
static __device__ __forceinline__ unsigned int __dp2a_lo(ushort2 __a, uchar4 __b, unsigned int __c) { return __ptxlab_dp2a_lo_uu(*(const unsigned int *)&__a, *(const unsigned int *)&__b, __c); }
static __device__ __forceinline__ int __dp2a_hi(short2 __a, char4 __b, int __c) { return __ptxlab_dp2a_hi_ss(*(const int *)&__a, *(const int *)&__b, __c); }
static __device__ __forceinline__ unsigned int __dp2a_hi(ushort2 __a, uchar4 __b, unsigned int __c) { return __ptxlab_dp2a_hi_uu(*(const unsigned int *)&__a, *(const unsigned int *)&__b, __c); }
#undef __PTXLAB_DOT

/* Integer halving adds without overflow (nvcc: and/xor/shr/add, or/xor/shr/sub). */
static __device__ __forceinline__ int __hadd(int __a, int __b) { return (__a & __b) + ((__a ^ __b) >> 1); }
static __device__ __forceinline__ int __rhadd(int __a, int __b) { return (__a | __b) - ((__a ^ __b) >> 1); }
static __device__ __forceinline__ unsigned int __uhadd(unsigned int __a, unsigned int __b) { return (__a & __b) + ((__a ^ __b) >> 1); }
static __device__ __forceinline__ unsigned int __urhadd(unsigned int __a, unsigned int __b) { return (__a | __b) - ((__a ^ __b) >> 1); }

/* Clamped funnel shifts: the shift taken up to 32 (nvcc writes shf.l.clamp
   in inline asm; here plain code that both executors run). */
static __device__ __forceinline__ unsigned int __funnelshift_lc(unsigned int __lo, unsigned int __hi, unsigned int __s) {
    return __s >= 32u ? __lo : __funnelshift_l(__lo, __hi, __s);
}
static __device__ __forceinline__ unsigned int __funnelshift_rc(unsigned int __lo, unsigned int __hi, unsigned int __s) {
    return __s >= 32u ? __hi : __funnelshift_r(__lo, __hi, __s);
}

/* fdividef: the IEEE quotient (nvcc: div.rn.f32). */
static __device__ __forceinline__ float fdividef(float __x, float __y) { return __x / __y; }

/* DPX: lanes of a 16x2 word, signed and unsigned, and a word from two lanes. */
static __host__ __device__ __forceinline__ int __ptxlab_s16(unsigned int __x, int __i) { return (int)(short)(unsigned short)(__x >> (16 * __i)); }
static __host__ __device__ __forceinline__ unsigned int __ptxlab_u16(unsigned int __x, int __i) { return (__x >> (16 * __i)) & 0xffffu; }
static __host__ __device__ __forceinline__ unsigned int __ptxlab_p16(int __hi, int __lo) { return ((unsigned int)__hi << 16) | ((unsigned int)__lo & 0xffffu); }
static __host__ __device__ __forceinline__ int __ptxlab_smax(int __a, int __b) { return __a > __b ? __a : __b; }
static __host__ __device__ __forceinline__ int __ptxlab_smin(int __a, int __b) { return __a < __b ? __a : __b; }
static __host__ __device__ __forceinline__ unsigned int __ptxlab_umax(unsigned int __a, unsigned int __b) { return __a > __b ? __a : __b; }
static __host__ __device__ __forceinline__ unsigned int __ptxlab_umin(unsigned int __a, unsigned int __b) { return __a < __b ? __a : __b; }
/* a + b wrapping in a 16-bit lane, as a signed lane value */
static __host__ __device__ __forceinline__ int __ptxlab_add16s(unsigned int __a, unsigned int __b, int __i) { return (int)(short)(unsigned short)(__ptxlab_u16(__a, __i) + __ptxlab_u16(__b, __i)); }

static __host__ __device__ __forceinline__ int __vimax_s32_relu(const int a, const int b) { return __ptxlab_smax(__ptxlab_smax(a, b), 0); }
static __host__ __device__ __forceinline__ int __vimin_s32_relu(const int a, const int b) { return __ptxlab_smax(__ptxlab_smin(a, b), 0); }
static __host__ __device__ __forceinline__ unsigned int __vimax_s16x2_relu(const unsigned int a, const unsigned int b) {
    return __ptxlab_p16(__vimax_s32_relu(__ptxlab_s16(a, 1), __ptxlab_s16(b, 1)), __vimax_s32_relu(__ptxlab_s16(a, 0), __ptxlab_s16(b, 0)));
}
static __host__ __device__ __forceinline__ unsigned int __vimin_s16x2_relu(const unsigned int a, const unsigned int b) {
    return __ptxlab_p16(__vimin_s32_relu(__ptxlab_s16(a, 1), __ptxlab_s16(b, 1)), __vimin_s32_relu(__ptxlab_s16(a, 0), __ptxlab_s16(b, 0)));
}
static __host__ __device__ __forceinline__ int __vimax3_s32(const int a, const int b, const int c) { return __ptxlab_smax(__ptxlab_smax(a, b), c); }
static __host__ __device__ __forceinline__ int __vimin3_s32(const int a, const int b, const int c) { return __ptxlab_smin(__ptxlab_smin(a, b), c); }
static __host__ __device__ __forceinline__ unsigned int __vimax3_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return __ptxlab_umax(__ptxlab_umax(a, b), c); }
static __host__ __device__ __forceinline__ unsigned int __vimin3_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return __ptxlab_umin(__ptxlab_umin(a, b), c); }
static __host__ __device__ __forceinline__ int __vimax3_s32_relu(const int a, const int b, const int c) { return __ptxlab_smax(__vimax3_s32(a, b, c), 0); }
static __host__ __device__ __forceinline__ int __vimin3_s32_relu(const int a, const int b, const int c) { return __ptxlab_smax(__vimin3_s32(a, b, c), 0); }
#define __PTXLAB_S16X2_3(name, f) \
static __host__ __device__ __forceinline__ unsigned int name(const unsigned int a, const unsigned int b, const unsigned int c) { \
    return __ptxlab_p16(f(__ptxlab_s16(a, 1), __ptxlab_s16(b, 1), __ptxlab_s16(c, 1)), f(__ptxlab_s16(a, 0), __ptxlab_s16(b, 0), __ptxlab_s16(c, 0))); \
}
#define __PTXLAB_U16X2_3(name, f) \
static __host__ __device__ __forceinline__ unsigned int name(const unsigned int a, const unsigned int b, const unsigned int c) { \
    return __ptxlab_p16((int)f(__ptxlab_u16(a, 1), __ptxlab_u16(b, 1), __ptxlab_u16(c, 1)), (int)f(__ptxlab_u16(a, 0), __ptxlab_u16(b, 0), __ptxlab_u16(c, 0))); \
}
__PTXLAB_S16X2_3(__vimax3_s16x2, __vimax3_s32)
__PTXLAB_S16X2_3(__vimin3_s16x2, __vimin3_s32)
__PTXLAB_S16X2_3(__vimax3_s16x2_relu, __vimax3_s32_relu)
__PTXLAB_S16X2_3(__vimin3_s16x2_relu, __vimin3_s32_relu)
__PTXLAB_U16X2_3(__vimax3_u16x2, __vimax3_u32)
__PTXLAB_U16X2_3(__vimin3_u16x2, __vimin3_u32)
static __host__ __device__ __forceinline__ int __viaddmax_s32(const int a, const int b, const int c) { return __ptxlab_smax((int)((unsigned int)a + (unsigned int)b), c); }
static __host__ __device__ __forceinline__ int __viaddmin_s32(const int a, const int b, const int c) { return __ptxlab_smin((int)((unsigned int)a + (unsigned int)b), c); }
static __host__ __device__ __forceinline__ unsigned int __viaddmax_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return __ptxlab_umax(a + b, c); }
static __host__ __device__ __forceinline__ unsigned int __viaddmin_u32(const unsigned int a, const unsigned int b, const unsigned int c) { return __ptxlab_umin(a + b, c); }
static __host__ __device__ __forceinline__ int __viaddmax_s32_relu(const int a, const int b, const int c) { return __ptxlab_smax(__viaddmax_s32(a, b, c), 0); }
static __host__ __device__ __forceinline__ int __viaddmin_s32_relu(const int a, const int b, const int c) { return __ptxlab_smax(__viaddmin_s32(a, b, c), 0); }
#define __PTXLAB_ADD16X2(name, f, relu) \
static __host__ __device__ __forceinline__ unsigned int name(const unsigned int a, const unsigned int b, const unsigned int c) { \
    int __hi = f(__ptxlab_add16s(a, b, 1), __ptxlab_s16(c, 1)), __lo = f(__ptxlab_add16s(a, b, 0), __ptxlab_s16(c, 0)); \
    if (relu) { __hi = __ptxlab_smax(__hi, 0); __lo = __ptxlab_smax(__lo, 0); } \
    return __ptxlab_p16(__hi, __lo); \
}
__PTXLAB_ADD16X2(__viaddmax_s16x2, __ptxlab_smax, 0)
__PTXLAB_ADD16X2(__viaddmin_s16x2, __ptxlab_smin, 0)
__PTXLAB_ADD16X2(__viaddmax_s16x2_relu, __ptxlab_smax, 1)
__PTXLAB_ADD16X2(__viaddmin_s16x2_relu, __ptxlab_smin, 1)
static __host__ __device__ __forceinline__ unsigned int __viaddmax_u16x2(const unsigned int a, const unsigned int b, const unsigned int c) {
    return __ptxlab_p16((int)__ptxlab_umax((__ptxlab_u16(a, 1) + __ptxlab_u16(b, 1)) & 0xffffu, __ptxlab_u16(c, 1)),
                        (int)__ptxlab_umax((__ptxlab_u16(a, 0) + __ptxlab_u16(b, 0)) & 0xffffu, __ptxlab_u16(c, 0)));
}
static __host__ __device__ __forceinline__ unsigned int __viaddmin_u16x2(const unsigned int a, const unsigned int b, const unsigned int c) {
    return __ptxlab_p16((int)__ptxlab_umin((__ptxlab_u16(a, 1) + __ptxlab_u16(b, 1)) & 0xffffu, __ptxlab_u16(c, 1)),
                        (int)__ptxlab_umin((__ptxlab_u16(a, 0) + __ptxlab_u16(b, 0)) & 0xffffu, __ptxlab_u16(c, 0)));
}
/* max/min with whether a was picked: a >= b (max), a <= b (min) */
static __host__ __device__ __forceinline__ int __vibmax_s32(const int a, const int b, bool *const pred) { *pred = a >= b; return __ptxlab_smax(a, b); }
static __host__ __device__ __forceinline__ unsigned int __vibmax_u32(const unsigned int a, const unsigned int b, bool *const pred) { *pred = a >= b; return __ptxlab_umax(a, b); }
static __host__ __device__ __forceinline__ int __vibmin_s32(const int a, const int b, bool *const pred) { *pred = a <= b; return __ptxlab_smin(a, b); }
static __host__ __device__ __forceinline__ unsigned int __vibmin_u32(const unsigned int a, const unsigned int b, bool *const pred) { *pred = a <= b; return __ptxlab_umin(a, b); }
static __host__ __device__ __forceinline__ unsigned int __vibmax_s16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo) {
    int __ah = __ptxlab_s16(a, 1), __bh = __ptxlab_s16(b, 1), __al = __ptxlab_s16(a, 0), __bl = __ptxlab_s16(b, 0);
    *pred_hi = __ah >= __bh; *pred_lo = __al >= __bl;
    return __ptxlab_p16(__ptxlab_smax(__ah, __bh), __ptxlab_smax(__al, __bl));
}
static __host__ __device__ __forceinline__ unsigned int __vibmin_s16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo) {
    int __ah = __ptxlab_s16(a, 1), __bh = __ptxlab_s16(b, 1), __al = __ptxlab_s16(a, 0), __bl = __ptxlab_s16(b, 0);
    *pred_hi = __ah <= __bh; *pred_lo = __al <= __bl;
    return __ptxlab_p16(__ptxlab_smin(__ah, __bh), __ptxlab_smin(__al, __bl));
}
static __host__ __device__ __forceinline__ unsigned int __vibmax_u16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo) {
    unsigned int __ah = __ptxlab_u16(a, 1), __bh = __ptxlab_u16(b, 1), __al = __ptxlab_u16(a, 0), __bl = __ptxlab_u16(b, 0);
    *pred_hi = __ah >= __bh; *pred_lo = __al >= __bl;
    return __ptxlab_p16((int)__ptxlab_umax(__ah, __bh), (int)__ptxlab_umax(__al, __bl));
}
static __host__ __device__ __forceinline__ unsigned int __vibmin_u16x2(const unsigned int a, const unsigned int b, bool *const pred_hi, bool *const pred_lo) {
    unsigned int __ah = __ptxlab_u16(a, 1), __bh = __ptxlab_u16(b, 1), __al = __ptxlab_u16(a, 0), __bl = __ptxlab_u16(b, 0);
    *pred_hi = __ah <= __bh; *pred_lo = __al <= __bl;
    return __ptxlab_p16((int)__ptxlab_umin(__ah, __bh), (int)__ptxlab_umin(__al, __bl));
}
"#;
