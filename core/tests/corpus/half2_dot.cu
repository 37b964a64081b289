// A dot product of half2 vectors: each thread accumulates both lanes with
// __hfma2 (fma.rn.f16x2), a warp adds its lanes with shuffles of half2
// (__shfl_xor_sync) and __hadd2, the block's warps meet in shared memory,
// and the first thread adds the two lanes in float.
// nvrtc-options: --use-bundled-headers
#include <cuda_fp16.h>

__global__ void half2_dot(const __half2 *a, const __half2 *b, float *out, __half2 *partial, int n) {
    __shared__ __half2 warps[8];
    int t = threadIdx.x;
    __half2 acc = __float2half2_rn(0.0f);
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        acc = __hfma2(a[i], b[i], acc);
    for (int o = 16; o > 0; o >>= 1)
        acc = __hadd2(acc, __shfl_xor_sync(0xffffffff, acc, o));
    if ((t & 31) == 0)
        warps[t >> 5] = acc;
    __syncthreads();
    if (t == 0) {
        __half2 s = warps[0];
        for (int w = 1; w < blockDim.x / 32; w++)
            s = s + warps[w];
        partial[blockIdx.x] = s;
        out[blockIdx.x] = __low2float(s) + __high2float(s);
    }
}
