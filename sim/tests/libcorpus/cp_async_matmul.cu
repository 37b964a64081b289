// Double-buffered tiled matmul with cp.async (C = A * B, 64 x 64 floats,
// 16 x 16 tiles): while a block multiplies one pair of tiles in shared
// memory, cp.async brings the next pair into the other buffer
// (__pipeline_memcpy_async and __pipeline_wait_prior(1)); a second kernel
// does the same with cuda::pipeline and cuda::memcpy_async. The products
// are explicit fmaf so NVRTC and we add in the same order.
// arch: sm_80
// min: sm_80
// run: matmul_cp_async grid=4,4 block=16,16 f32[4096] f32[4096] f32[4096]=0 i32=64
// run: matmul_pipeline grid=4,4 block=16,16 f32[4096] f32[4096] f32[4096]=0 i32=64
#include <cuda_pipeline.h>
#include <cuda/pipeline>
#define T 16
__global__ void matmul_cp_async(const float *A, const float *B, float *C, int n) {
    __shared__ float sa[2][T][T], sb[2][T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    int tiles = n / T;
    __pipeline_memcpy_async(&sa[0][ty][tx], &A[row * n + tx], sizeof(float));
    __pipeline_memcpy_async(&sb[0][ty][tx], &B[ty * n + col], sizeof(float));
    __pipeline_commit();
    float acc = 0.0f;
    for (int t = 0; t < tiles; ++t) {
        int cur = t & 1;
        if (t + 1 < tiles) {
            int k0 = (t + 1) * T;
            __pipeline_memcpy_async(&sa[cur ^ 1][ty][tx], &A[row * n + k0 + tx], sizeof(float));
            __pipeline_memcpy_async(&sb[cur ^ 1][ty][tx], &B[(k0 + ty) * n + col], sizeof(float));
        }
        __pipeline_commit();
        __pipeline_wait_prior(1);
        __syncthreads();
        for (int k = 0; k < T; ++k) acc = fmaf(sa[cur][ty][k], sb[cur][k][tx], acc);
        __syncthreads();
    }
    C[row * n + col] = acc;
}
__global__ void matmul_pipeline(const float *A, const float *B, float *C, int n) {
    __shared__ float sa[2][T][T], sb[2][T][T];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
    int tiles = n / T;
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    for (int t = 0; t < 2 && t < tiles; ++t) {
        pipe.producer_acquire();
        cuda::memcpy_async(&sa[t][ty][tx], &A[row * n + t * T + tx], sizeof(float), pipe);
        cuda::memcpy_async(&sb[t][ty][tx], &B[(t * T + ty) * n + col], sizeof(float), pipe);
        pipe.producer_commit();
    }
    float acc = 0.0f;
    for (int t = 0; t < tiles; ++t) {
        int cur = t & 1;
        pipe.consumer_wait();
        __syncthreads();
        for (int k = 0; k < T; ++k) acc = fmaf(sa[cur][ty][k], sb[cur][k][tx], acc);
        __syncthreads();
        pipe.consumer_release();
        if (t + 2 < tiles) {
            pipe.producer_acquire();
            cuda::memcpy_async(&sa[cur][ty][tx], &A[row * n + (t + 2) * T + tx], sizeof(float), pipe);
            cuda::memcpy_async(&sb[cur][ty][tx], &B[((t + 2) * T + ty) * n + col], sizeof(float), pipe);
            pipe.producer_commit();
        }
    }
    C[row * n + col] = acc;
}
