// A whole file as people paste it into the explorer, the one `cargo xtask
// bench` times as "whole file" (goal: a warm compile in 10 ms): the C++
// standard library's containers, streams, clocks and random numbers, the
// half-precision header, a few kernels and a host main.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <iostream>
#include <chrono>
#include <random>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define CHECK(call)                                                         \
    do {                                                                    \
        cudaError_t e_ = (call);                                            \
        if (e_ != cudaSuccess) {                                            \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,              \
                    cudaGetErrorString(e_));                                \
            exit(EXIT_FAILURE);                                             \
        }                                                                   \
    } while (0)

constexpr int kBlock = 256;

// y = a * x + y on pairs of halves.
__global__ void haxpy(int n, __half a, const __half2 *x, __half2 *y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n / 2) {
        __half2 a2 = __half2half2(a);
        y[i] = __hfma2(a2, x[i], y[i]);
    }
}

// Floats to halves and back, rounding to nearest.
__global__ void to_half(const float *in, __half *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = __float2half(in[i]);
}

__device__ float relu(float x) { return x > 0.0f ? x : 0.0f; }

// A block's sum of relu(half) in float, one atomic per block.
__global__ void half_sum(const __half *x, float *sum, int n) {
    __shared__ float part[kBlock];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    part[threadIdx.x] = i < n ? relu(__half2float(x[i])) : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) part[threadIdx.x] += part[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(sum, part[0]);
}

std::vector<float> random_floats(int n, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    std::vector<float> v(n);
    for (auto &e : v) e = dist(rng);
    return v;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    std::vector<float> hx = random_floats(n, 1), hy = random_floats(n, 2);
    float *fx, *fy, *sum;
    __half *x, *y;
    CHECK(cudaMalloc(&fx, n * sizeof(float)));
    CHECK(cudaMalloc(&fy, n * sizeof(float)));
    CHECK(cudaMalloc(&sum, sizeof(float)));
    CHECK(cudaMalloc(&x, n * sizeof(__half)));
    CHECK(cudaMalloc(&y, n * sizeof(__half)));
    CHECK(cudaMemcpy(fx, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(fy, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(sum, 0, sizeof(float)));
    int grid = (n + kBlock - 1) / kBlock;
    auto t0 = std::chrono::steady_clock::now();
    to_half<<<grid, kBlock>>>(fx, x, n);
    to_half<<<grid, kBlock>>>(fy, y, n);
    haxpy<<<grid, kBlock>>>(n, __float2half(2.0f), (const __half2 *)x, (__half2 *)y);
    half_sum<<<grid, kBlock>>>(y, sum, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    auto t1 = std::chrono::steady_clock::now();
    float total = 0.0f;
    CHECK(cudaMemcpy(&total, sum, sizeof(float), cudaMemcpyDeviceToHost));
    std::cout << "sum " << total << " in "
              << std::chrono::duration<double, std::milli>(t1 - t0).count() << " ms" << std::endl;
    cudaFree(fx);
    cudaFree(fy);
    cudaFree(sum);
    cudaFree(x);
    cudaFree(y);
    return 0;
}
