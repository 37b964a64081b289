// Monte Carlo estimate of pi with a per-thread xorshift generator, hits
// counted with a warp vote and one atomic per warp; timed with clock().
#include "bench_util.h"
#include <ctime>
#include <cstdint>

__device__ inline uint32_t xorshift32(uint32_t &s) {
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

__global__ void count_hits(unsigned long long *hits, int samples_per_thread, uint32_t seed) {
    uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    uint32_t s = seed ^ (tid * 2654435761u) ^ 0x9e3779b9u;
    if (s == 0) s = 1;
    unsigned local = 0;
    for (int k = 0; k < samples_per_thread; ++k) {
        float x = xorshift32(s) * 2.3283064e-10f;
        float y = xorshift32(s) * 2.3283064e-10f;
        local += x * x + y * y <= 1.0f;
    }
    for (int off = 16; off > 0; off >>= 1) local += __shfl_xor_sync(0xffffffffu, local, off);
    if ((threadIdx.x & 31) == 0) atomicAdd(hits, (unsigned long long)local);
}

int main(int argc, char **argv) {
    int blocks = arg_int(argc, argv, 1, 1024), per = arg_int(argc, argv, 2, 1000);
    unsigned long long *dhits, hits = 0;
    CUDA_CHECK(cudaMalloc(&dhits, sizeof hits));
    CUDA_CHECK(cudaMemset(dhits, 0, sizeof hits));
    clock_t c0 = clock();
    count_hits<<<blocks, 256>>>(dhits, per, (uint32_t)time(nullptr));
    CUDA_CHECK(cudaMemcpy(&hits, dhits, sizeof hits, cudaMemcpyDeviceToHost));
    double secs = double(clock() - c0) / CLOCKS_PER_SEC;
    double total = double(blocks) * 256 * per;
    double pi = 4.0 * hits / total;
    printf("pi ~ %.6f from %.0f samples in %.3f s\n", pi, total, secs);
    cudaFree(dhits);
    return std::fabs(pi - 3.14159265) > 0.01;
}
