// bfloat16 in pairs (cuda_bf16.h): __nv_bfloat162 holds two bfloat16s in one
// 32-bit register, with float's exponent range and 8 bits of precision.
#include <cuda_bf16.h>
extern "C" __global__ void bf16_axpy(int n, float a, const float *x, float *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (2 * i + 1 < n) {
        __nv_bfloat162 bx = __floats2bfloat162_rn(x[2 * i], x[2 * i + 1]);
        __nv_bfloat162 by = __floats2bfloat162_rn(y[2 * i], y[2 * i + 1]);
        __nv_bfloat162 r = __hfma2(__float2bfloat162_rn(a), bx, by);
        y[2 * i] = __low2float(r);
        y[2 * i + 1] = __high2float(r);
    }
}
