// Radix-2 FFT of many short signals, one block per signal in shared memory,
// forward and inverse as template instances; the round trip is checked.
#include "bench_util.h"
#include "complex_ops.cuh"

__device__ unsigned reverse_bits(unsigned x, int bits) { return __brev(x) >> (32 - bits); }

template <bool INVERSE>
__global__ void fft_block(float2 *data, int n, int log2n) {
    extern __shared__ float2 buf[];
    float2 *sig = data + size_t(blockIdx.x) * n;
    for (int i = threadIdx.x; i < n; i += blockDim.x) buf[reverse_bits(i, log2n)] = sig[i];
    __syncthreads();
    for (int len = 2; len <= n; len <<= 1) {
        int half = len >> 1;
        for (int j = threadIdx.x; j < n / 2; j += blockDim.x) {
            int group = j / half, k = j % half;
            int a = group * len + k, b = a + half;
            float2 t = twiddle<INVERSE>(k, len) * buf[b];
            float2 u = buf[a];
            buf[a] = u + t;
            buf[b] = u - t;
        }
        __syncthreads();
    }
    float scale = INVERSE ? 1.0f / n : 1.0f;
    for (int i = threadIdx.x; i < n; i += blockDim.x) sig[i] = make_float2(buf[i].x * scale, buf[i].y * scale);
}

int main(int argc, char **argv) {
    int log2n = arg_int(argc, argv, 1, 10), signals = arg_int(argc, argv, 2, 256);
    int n = 1 << log2n;
    std::vector<float2> h(size_t(n) * signals), back(h.size());
    for (size_t i = 0; i < h.size(); ++i) h[i] = make_float2(std::sin(0.01f * i), 0.0f);
    float2 *d;
    CUDA_CHECK(cudaMalloc(&d, h.size() * sizeof(float2)));
    CUDA_CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(float2), cudaMemcpyHostToDevice));
    size_t shared = n * sizeof(float2);
    fft_block<false><<<signals, 256, shared>>>(d, n, log2n);
    fft_block<true><<<signals, 256, shared>>>(d, n, log2n);
    CUDA_CHECK(cudaMemcpy(back.data(), d, h.size() * sizeof(float2), cudaMemcpyDeviceToHost));
    double worst = 0;
    for (size_t i = 0; i < h.size(); ++i) worst = std::max(worst, (double)std::fabs(back[i].x - h[i].x));
    printf("FFT round trip of %d signals of %d: max error %g\n", signals, n, worst);
    cudaFree(d);
    return worst > 1e-3;
}
