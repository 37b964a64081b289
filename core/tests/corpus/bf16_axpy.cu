// bfloat16 AXPY on pairs: y = a*x + y with __hfma2 on __nv_bfloat162, then
// y + x*x with __hadd2/__hmul2 (sm_80 writes them as fma.rn.bf16x2 with
// 1.0 and -0.0, sm_90 as add/mul.bf16x2), the lanes back in float, and a
// conversion rounded toward zero.
// nvrtc-options: --use-bundled-headers
#include <cuda_bf16.h>

__global__ void bf16_axpy(__nv_bfloat162 *y, const __nv_bfloat162 *x, float a, float *wide, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    __nv_bfloat162 av = __float2bfloat162_rn(a);
    __nv_bfloat162 xi = x[i];
    __nv_bfloat162 r = __hfma2(av, xi, y[i]);
    __nv_bfloat162 s = __hadd2(r, __hmul2(xi, xi));
    y[i] = s;
    wide[2 * i] = __low2float(s);
    wide[2 * i + 1] = __high2float(s) + __bfloat162float(__float2bfloat16_rz(a * __high2float(xi)));
}
