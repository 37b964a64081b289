// Half and bfloat16 conversions in every rounding mode (cvt.rz/rm/rp.f16.f32,
// cvt.rm.f16.s32, bfloat16 rounded up), rounding to an integral half
// (cvt.rmi.f16.f16), a saturated add, __hmax, a truncating conversion to
// int, and the half2 comparisons that answer for both lanes (set.*.f16x2).
// nvrtc-options: --use-bundled-headers
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void half_convert(unsigned short *out, int *iout, const float *f, const int *k, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = f[i];
    __half h = __float2half_rn(v);
    unsigned short *o = out + 8 * i;
    o[0] = __half_as_ushort(__float2half_rz(v));
    o[1] = __half_as_ushort(__float2half_rd(v));
    o[2] = __half_as_ushort(__float2half_ru(v));
    o[3] = __half_as_ushort(__int2half_rd(k[i]));
    o[4] = __half_as_ushort(hfloor(h));
    o[5] = __half_as_ushort(__hadd_sat(h, __float2half(0.25f)));
    o[6] = __bfloat16_as_ushort(__float2bfloat16_ru(v));
    o[7] = __half_as_ushort(__hmax(h, __float2half(-1.5f)));
    __half2 p = __halves2half2(h, __float2half_rz(v));
    iout[2 * i] = __half2int_rz(h);
    iout[2 * i + 1] = __hbgt2(p, __float2half2_rn(0.5f)) + 2 * __hisinf(h)
                    + 4 * __hblt2(p, __floats2half2_rn(0.0f, 1.0f));
}
