// 8-bit floats (cuda_fp8.h): E4M3 keeps 3 significand bits up to 448, E5M2
// 2 bits up to 57344. Each value is squeezed to fp8 with saturation and read
// back as float, half and bfloat16 (exact: every fp8 value fits both). From
// sm_89 the conversions are single instructions (cvt.rn.satfinite.e4m3x2.f32,
// cvt.rn.f16x2.e4m3x2); before, they are integer code.
#include <cuda_fp8.h>
extern "C" __global__ void quantize(int n, const float *x, float *e4m3, float *e5m2, float *bf) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = (x[i] - 32.0f) * 7.3f;
        __nv_fp8_e4m3 a(v);
        __nv_fp8_e5m2 b(v);
        e4m3[i] = (float)a;
        e5m2[i] = __half2float((__half)b);
        bf[i] = __bfloat162float((__nv_bfloat16)a);
    }
}
