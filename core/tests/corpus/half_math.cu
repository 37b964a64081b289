// Half precision through cuda_fp16.h: conversions round to nearest even,
// arithmetic is done in half (add.f16, fma.rn.f16), operators and the
// __h* functions agree, comparisons are IEEE's (NaN compares unordered).
// nvrtc-options: --use-bundled-headers
#include <cuda_fp16.h>

__device__ __half axpy(__half a, __half x, __half y) {
    return __hfma(a, x, y);
}

__global__ void half_math(__half *out, float *wide, int *flags,
                          const __half *x, const __half *y, const float *f, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __half a = x[i], b = y[i];
    __half s = __hadd(a, b);
    __half d = a - b;
    __half p = __hmul(s, d);
    __half q = axpy(__float2half(0.5f), p, a);
    __half r = -q;
    r += __float2half(f[i]);
    __half t = a * b + __hdiv(a, __float2half(3.0f));
    out[4 * i] = r;
    out[4 * i + 1] = t;
    out[4 * i + 2] = __float2half_rn(f[i] * 1000.0f);
    out[4 * i + 3] = __hsub_rn(__hmul_rn(a, a), __hadd_rn(b, __ushort_as_half(0x3c00)));
    wide[i] = __half2float(s) + __half2float(p) * 2.0f;
    flags[i] = (a < b) + 2 * __hle(a, b) + 4 * (a == b) + 8 * __hisnan(__hdiv(d, d)) + 16 * __hgtu(a, b)
             + 32 * (a != b);
}
