// A whole .cu file as people paste it: standard headers, an error-checking
// macro, host helpers that use the standard library, the kernel, and main()
// with cudaMalloc, cudaMemcpy and a launch. Only the kernel (and what it
// calls) is compiled for the device; the host code is read for its
// declarations.
// nvrtc: skip (host code and C++ standard headers; NVRTC has neither)
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <vector>
#include <iostream>
#include <algorithm>
#include <numeric>
#include <random>
#include <chrono>
#include <string>
#include <cuda_runtime.h>

#define CHECK(call)                                                        \
    do {                                                                   \
        cudaError_t err_ = (call);                                         \
        if (err_ != cudaSuccess) {                                         \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__,             \
                    cudaGetErrorString(err_));                             \
            exit(EXIT_FAILURE);                                            \
        }                                                                  \
    } while (0)

using namespace std;
typedef std::chrono::high_resolution_clock Clock;

static const int kBlock = 128;
static std::mt19937 rng(1234);

struct Stats {
    float mean;
    float rms;
};

// Root-mean-square distance of each point from the origin, and a
// normalized copy: x / (1 + |x|) with a std:: math call in device code.
__device__ float softsign(float x) { return x / (1.0f + std::fabs(x)); }

__global__ void whole_file(const float *x, const float *y, float *dist, float *norm, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float d = std::sqrt(x[i] * x[i] + y[i] * y[i]);
        dist[i] = d;
        norm[i] = softsign(x[i]) + sqrtf(fabsf(y[i]));
    }
}

void fill_random(std::vector<float> &v, float lo, float hi);
Stats summarize(const std::vector<float> &v);

std::vector<float> make_points(int n) {
    std::vector<float> v(n);
    fill_random(v, -1.0f, 1.0f);
    return v;
}

void fill_random(std::vector<float> &v, float lo, float hi) {
    std::uniform_real_distribution<float> dist(lo, hi);
    for (auto &e : v) e = dist(rng);
}

Stats summarize(const std::vector<float> &v) {
    float sum = std::accumulate(v.begin(), v.end(), 0.0f);
    float sq = 0.0f;
    for (float e : v) sq += e * e;
    return Stats{sum / v.size(), std::sqrt(sq / v.size())};
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 1 << 20;
    std::vector<float> hx = make_points(n), hy = make_points(n), hd(n), hn(n);
    float *dx, *dy, *dd, *dn;
    size_t bytes = n * sizeof(float);
    CHECK(cudaMalloc(&dx, bytes));
    CHECK(cudaMalloc(&dy, bytes));
    CHECK(cudaMalloc(&dd, bytes));
    CHECK(cudaMalloc(&dn, bytes));
    CHECK(cudaMemcpy(dx, hx.data(), bytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, hy.data(), bytes, cudaMemcpyHostToDevice));
    auto t0 = Clock::now();
    whole_file<<<(n + kBlock - 1) / kBlock, kBlock>>>(dx, dy, dd, dn, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    auto ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    CHECK(cudaMemcpy(hd.data(), dd, bytes, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hn.data(), dn, bytes, cudaMemcpyDeviceToHost));
    Stats s = summarize(hd);
    std::cout << "mean " << s.mean << " rms " << s.rms << " max "
              << *std::max_element(hd.begin(), hd.end()) << " in " << ms << " ms" << std::endl;
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dd);
    cudaFree(dn);
    return 0;
}
