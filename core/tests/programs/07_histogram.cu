// 256-bin histogram: per-block shared-memory histograms merged with global
// atomics, against a plain global-atomic kernel; input from <random>.
#include "bench_util.h"
#include <random>
#include <algorithm>

#define BINS 256

__global__ void histogram_global(const unsigned char *data, unsigned *hist, size_t n) {
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x)
        atomicAdd(&hist[data[i]], 1u);
}

__global__ void histogram_shared(const unsigned char *data, unsigned *hist, size_t n) {
    __shared__ unsigned local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += size_t(blockDim.x) * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        if (local[b]) atomicAdd(&hist[b], local[b]);
}

int main(int argc, char **argv) {
    size_t n = arg_int(argc, argv, 1, 1 << 24);
    std::vector<unsigned char> data(n);
    std::mt19937 rng(42);
    std::normal_distribution<float> dist(128.0f, 40.0f);
    std::generate(data.begin(), data.end(), [&] { return (unsigned char)std::min(255.0f, std::max(0.0f, dist(rng))); });
    std::vector<unsigned> want(BINS, 0), got(BINS);
    for (unsigned char c : data) want[c]++;
    unsigned char *ddata;
    unsigned *dhist;
    CUDA_CHECK(cudaMalloc(&ddata, n));
    CUDA_CHECK(cudaMalloc(&dhist, BINS * sizeof(unsigned)));
    CUDA_CHECK(cudaMemcpy(ddata, data.data(), n, cudaMemcpyHostToDevice));
    bool ok = true;
    for (int variant = 0; variant < 2; ++variant) {
        CUDA_CHECK(cudaMemset(dhist, 0, BINS * sizeof(unsigned)));
        Timer t;
        if (variant == 0)
            histogram_global<<<240, 256>>>(ddata, dhist, n);
        else
            histogram_shared<<<240, 256>>>(ddata, dhist, n);
        CUDA_CHECK(cudaDeviceSynchronize());
        printf("%s: %.3f ms\n", variant ? "shared" : "global", t.ms());
        CUDA_CHECK(cudaMemcpy(got.data(), dhist, BINS * sizeof(unsigned), cudaMemcpyDeviceToHost));
        ok &= got == want;
    }
    cudaFree(ddata);
    cudaFree(dhist);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return !ok;
}
