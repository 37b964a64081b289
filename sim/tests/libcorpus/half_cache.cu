// Cache-operator loads and stores of the 16-bit float types (nvcc's
// ld.global.cs.b16, ld.global.nc.b32, st.global.wt.b16, ...): halves,
// bfloat16s and their pairs move through every operator bit for bit, and
// a pair is added after its cached load.
// arch: sm_80
// run: half_cache grid=1 block=64 i32[128] i32[256]=0 f32[128] f32[128]=0
#include <cuda_fp16.h>
#include <cuda_bf16.h>
__global__ void half_cache(const int *in, int *out, const float *x, float *y) {
    int i = threadIdx.x;
    const __half *h = (const __half *)in;
    __half *ho = (__half *)out;
    __stcs(ho + i, __ldcs(h + i));
    __stwt(ho + 64 + i, __ldg(h + 64 + i));
    __stwb(ho + 128 + i, __ldlu(h + 127 - i));
    const __nv_bfloat16 *b = (const __nv_bfloat16 *)in;
    __nv_bfloat16 *bo = (__nv_bfloat16 *)out;
    __stcg(bo + 192 + i, __ldca(b + 192 + i));
    const __half2 *h2 = (const __half2 *)in;
    __half2 *h2o = (__half2 *)out;
    __stcs(h2o + 128 + i, __ldcv(h2 + 63 - i));
    const __nv_bfloat162 *b2 = (const __nv_bfloat162 *)in;
    __nv_bfloat162 *b2o = (__nv_bfloat162 *)out;
    __stwt(b2o + 192 + i, __ldg(b2 + 64 + i));
    __half2 *xs = (__half2 *)y;
    __stcs(xs + i, __float22half2_rn(make_float2(x[2 * i], x[2 * i + 1])));
    __half2 v = __ldcs((const __half2 *)y + i);
    __stwt(xs + 64 + i, __hadd2(v, v));
}
