// Tiled matrix multiply, the tile size a template parameter; a naive kernel
// checks it on the GPU, and the run is timed with CUDA events.
#include "bench_util.h"

template <int TILE>
__global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE + 1];
    int row = blockIdx.y * TILE + threadIdx.y;
    int col = blockIdx.x * TILE + threadIdx.x;
    float acc = 0.0f;
    for (int k0 = 0; k0 < n; k0 += TILE) {
        As[threadIdx.y][threadIdx.x] = row < n && k0 + threadIdx.x < n ? A[row * n + k0 + threadIdx.x] : 0.0f;
        Bs[threadIdx.y][threadIdx.x] = col < n && k0 + threadIdx.y < n ? B[(k0 + threadIdx.y) * n + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k) acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
        __syncthreads();
    }
    if (row < n && col < n) C[row * n + col] = acc;
}

__global__ void matmul_naive(const float *A, const float *B, float *C, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float acc = 0.0f;
        for (int k = 0; k < n; ++k) acc += A[row * n + k] * B[k * n + col];
        C[row * n + col] = acc;
    }
}

template <int TILE>
float time_tiled(const float *A, const float *B, float *C, int n) {
    dim3 block(TILE, TILE), grid(div_up(n, TILE), div_up(n, TILE));
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    cudaEventRecord(a);
    matmul_tiled<TILE><<<grid, block>>>(A, B, C, n);
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float ms;
    cudaEventElapsedTime(&ms, a, b);
    return ms;
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 512);
    size_t bytes = size_t(n) * n * sizeof(float);
    std::vector<float> A(n * n), B(n * n), C(n * n), ref(n * n);
    for (int i = 0; i < n * n; ++i) {
        A[i] = float(i % 13) * 0.25f;
        B[i] = float(i % 7) - 3.0f;
    }
    float *dA, *dB, *dC, *dR;
    CUDA_CHECK(cudaMalloc(&dA, bytes));
    CUDA_CHECK(cudaMalloc(&dB, bytes));
    CUDA_CHECK(cudaMalloc(&dC, bytes));
    CUDA_CHECK(cudaMalloc(&dR, bytes));
    CUDA_CHECK(cudaMemcpy(dA, A.data(), bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dB, B.data(), bytes, cudaMemcpyHostToDevice));
    matmul_naive<<<dim3(div_up(n, 16), div_up(n, 16)), dim3(16, 16)>>>(dA, dB, dR, n);
    CUDA_CHECK(cudaMemcpy(ref.data(), dR, bytes, cudaMemcpyDeviceToHost));
    bool ok = true;
    float ms16 = time_tiled<16>(dA, dB, dC, n);
    CUDA_CHECK(cudaMemcpy(C.data(), dC, bytes, cudaMemcpyDeviceToHost));
    ok &= close_enough(C, ref, 1e-4);
    float ms32 = time_tiled<32>(dA, dB, dC, n);
    CUDA_CHECK(cudaMemcpy(C.data(), dC, bytes, cudaMemcpyDeviceToHost));
    ok &= close_enough(C, ref, 1e-4);
    printf("n=%d tile16 %.3f ms, tile32 %.3f ms: %s\n", n, ms16, ms32, ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
