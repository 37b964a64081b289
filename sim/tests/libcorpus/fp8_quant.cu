// 8-bit floats (cuda_fp8.h): a scaled quantization of floats to E4M3, four
// codes to a word (__nv_fp8x4_e4m3 from float4, satfinite), and the way
// back in pairs to bfloat16 and half (__nv_cvt_fp8x2_to_bf162raw, the
// class's __half2 operator) and to float, with E5M2 beside it. At sm_89
// the conversions are cvt.rn.satfinite.e4m3x2.f32 and cvt.rn.f16x2.e4m3x2.
// arch: sm_89
// run: fp8_quantize grid=1 block=64 f32[256] u32[64]=0 u32[64]=0 f32=96.0
// run: fp8_dequantize grid=1 block=64 u32[64] f32[256]=0 u32[128]=0 f32=0.125
#include <cuda_fp8.h>
__global__ void fp8_quantize(const float *x, unsigned int *q4, unsigned int *q5, float scale) {
    int i = threadIdx.x;
    float4 v = make_float4(x[4 * i] * scale, x[4 * i + 1] * scale,
                           x[4 * i + 2] * scale, x[4 * i + 3] * scale * 20.0f);
    __nv_fp8x4_e4m3 p(v);
    q4[i] = p.__x;
    unsigned int e5 = 0;
    for (int k = 0; k < 4; k++)
        e5 |= (unsigned int)__nv_cvt_float_to_fp8(x[4 * i + k] * scale * 700.0f, __NV_NOSAT, __NV_E5M2) << (8 * k);
    q5[i] = e5;
}
__global__ void fp8_dequantize(const unsigned int *q4, float *out, unsigned int *pairs, float inv_scale) {
    int i = threadIdx.x;
    unsigned int w = q4[i];
    __nv_bfloat162_raw lo = __nv_cvt_fp8x2_to_bf162raw((__nv_fp8x2_storage_t)w, __NV_E4M3);
    __nv_fp8x2_e4m3 hi; hi.__x = (__nv_fp8x2_storage_t)(w >> 16);
    __half2 h = (__half2)hi;
    pairs[2 * i] = lo.x | ((unsigned int)lo.y << 16);
    pairs[2 * i + 1] = __half_as_ushort(h.x) | ((unsigned int)__half_as_ushort(h.y) << 16);
    __nv_fp8_e4m3 c; c.__x = (__nv_fp8_storage_t)(w >> 8);
    out[4 * i] = __bfloat162float(__ushort_as_bfloat16(lo.x)) * inv_scale;
    out[4 * i + 1] = (float)c * inv_scale;
    out[4 * i + 2] = __half2float(h.x) * inv_scale;
    out[4 * i + 3] = __bfloat162float((__nv_bfloat16)c) * inv_scale;
}
