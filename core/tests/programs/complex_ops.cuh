// complex_ops.cuh: single-precision complex arithmetic on float2 for the
// FFT program (operators as device functions, the twiddle factor).
#pragma once
#include <cuda_runtime.h>

__device__ __forceinline__ float2 operator+(float2 a, float2 b) { return make_float2(a.x + b.x, a.y + b.y); }
__device__ __forceinline__ float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }
__device__ __forceinline__ float2 operator*(float2 a, float2 b) {
    return make_float2(a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

template <bool INVERSE>
__device__ __forceinline__ float2 twiddle(int k, int n) {
    float s, c;
    sincospif((INVERSE ? 2.0f : -2.0f) * k / n, &s, &c);
    return make_float2(c, s);
}
