// Layer normalization with a learned scale and shift, templated on the
// element type and the block size, launched through a host table.
#include "bench_util.h"
#include <cuda_fp16.h>

template <typename T> __device__ float to_float(T v) { return float(v); }
template <> __device__ float to_float<__half>(__half v) { return __half2float(v); }
template <typename T> __device__ T from_float(float v) { return T(v); }
template <> __device__ __half from_float<__half>(float v) { return __float2half(v); }

template <typename T, int BLOCK>
__global__ void layernorm(const T *x, const float *gamma, const float *beta, T *y, int cols, float eps) {
    __shared__ float s_sum[BLOCK], s_sq[BLOCK];
    const T *row = x + size_t(blockIdx.x) * cols;
    float sum = 0, sq = 0;
    for (int c = threadIdx.x; c < cols; c += BLOCK) {
        float v = to_float(row[c]);
        sum += v;
        sq += v * v;
    }
    s_sum[threadIdx.x] = sum;
    s_sq[threadIdx.x] = sq;
    __syncthreads();
    for (int s = BLOCK / 2; s > 0; s >>= 1) {
        if (threadIdx.x < s) {
            s_sum[threadIdx.x] += s_sum[threadIdx.x + s];
            s_sq[threadIdx.x] += s_sq[threadIdx.x + s];
        }
        __syncthreads();
    }
    float mean = s_sum[0] / cols;
    float inv = rsqrtf(s_sq[0] / cols - mean * mean + eps);
    for (int c = threadIdx.x; c < cols; c += BLOCK)
        y[size_t(blockIdx.x) * cols + c] = from_float<T>((to_float(row[c]) - mean) * inv * gamma[c] + beta[c]);
}

template <typename T>
void run(int rows, int cols) {
    std::vector<T> x(size_t(rows) * cols);
    for (size_t i = 0; i < x.size(); ++i) x[i] = T(float(i % 23) * 0.1f);
    std::vector<float> gamma(cols, 1.0f), beta(cols, 0.0f);
    T *dx, *dy;
    float *dg, *db;
    CUDA_CHECK(cudaMalloc(&dx, x.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dy, x.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dg, cols * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&db, cols * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dx, x.data(), x.size() * sizeof(T), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dg, gamma.data(), cols * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(db, beta.data(), cols * sizeof(float), cudaMemcpyHostToDevice));
    if (cols <= 256)
        layernorm<T, 128><<<rows, 128>>>(dx, dg, db, dy, cols, 1e-5f);
    else
        layernorm<T, 512><<<rows, 512>>>(dx, dg, db, dy, cols, 1e-5f);
    CUDA_CHECK(cudaDeviceSynchronize());
    cudaFree(dx);
    cudaFree(dy);
    cudaFree(dg);
    cudaFree(db);
}

int main(int argc, char **argv) {
    int rows = arg_int(argc, argv, 1, 512), cols = arg_int(argc, argv, 2, 768);
    Timer t;
    run<float>(rows, cols);
    run<__half>(rows, cols);
    printf("layernorm %dx%d float and half: %.2f ms\n", rows, cols, t.ms());
    return 0;
}
