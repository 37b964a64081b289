// Half and bfloat16 pairs: a half2 AXPY with a ReLU (__hfma2, __hmax2),
// a warp sum of __nv_bfloat162 through shuffles (__shfl_xor_sync on the
// pair, __hadd2), and conversions of pairs in both directions with
// comparisons (__hlt2, __hbge2, __low2half, __high2bfloat16).
// arch: sm_80
// run: half2_axpy_relu grid=1 block=64 f32[128] f32[128] f32[128]=0 f32=0.75
// run: bf162_warp_sum grid=1 block=64 f32[128] f32[4]=0
// run: pair_convert grid=1 block=64 f32[128] f32[256]=0 i32[64]=0
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void half2_axpy_relu(const float *x, const float *y, float *out, float a) {
    int i = threadIdx.x;
    __half2 hx = __floats2half2_rn(x[2 * i], x[2 * i + 1]);
    __half2 hy = __floats2half2_rn(y[2 * i], y[2 * i + 1]);
    __half2 r = __hfma2(__float2half2_rn(a), hx, hy);
    r = __hmax2(r, __float2half2_rn(0.0f));
    float2 f = __half22float2(r);
    out[2 * i] = f.x;
    out[2 * i + 1] = f.y;
}
__global__ void bf162_warp_sum(const float *x, float *out) {
    int i = threadIdx.x;
    __nv_bfloat162 v = __floats2bfloat162_rn(x[2 * i], x[2 * i + 1]);
    for (int d = 16; d > 0; d /= 2) v = __hadd2(v, __shfl_xor_sync(0xffffffffu, v, d));
    if ((i & 31) == 0) {
        out[2 * (i / 32)] = __low2float(v);
        out[2 * (i / 32) + 1] = __high2float(v);
    }
}
__global__ void pair_convert(const float *x, float *out, int *flags) {
    int i = threadIdx.x;
    float2 f = make_float2(x[2 * i] * 300.0f, x[2 * i + 1] * 1e-3f);
    __half2 h = __float22half2_rn(f);
    __nv_bfloat162 b = __float22bfloat162_rn(f);
    out[4 * i] = __half2float(__low2half(h));
    out[4 * i + 1] = __half2float(__high2half(h));
    out[4 * i + 2] = __bfloat162float(__low2bfloat16(b));
    out[4 * i + 3] = __bfloat162float(__high2bfloat16(b));
    __half2 lt = __hlt2(h, __lowhigh2highlow(h));
    flags[i] = (int)__hbge2(h, __lowhigh2highlow(h)) * 4 + (__low2float(lt) != 0.0f) * 2 + __hisnan(__high2half(h));
}
