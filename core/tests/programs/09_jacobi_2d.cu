// Jacobi iteration on a 2-D grid: ping-pong buffers, a residual reduced with
// atomicMax on the float's bits, iterations until it is small.
#include "bench_util.h"
#include <utility>

__global__ void jacobi_step(const float *u, float *v, int nx, int ny) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    if (i > 0 && j > 0 && i < nx - 1 && j < ny - 1)
        v[j * nx + i] = 0.25f * (u[j * nx + i - 1] + u[j * nx + i + 1] + u[(j - 1) * nx + i] + u[(j + 1) * nx + i]);
}

__global__ void residual(const float *u, const float *v, unsigned *max_bits, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float d = fabsf(u[i] - v[i]);
        atomicMax(max_bits, __float_as_uint(d));
    }
}

__global__ void set_boundary(float *u, int nx, int ny, float value) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nx) {
        u[i] = value;
        u[(ny - 1) * nx + i] = 0.0f;
    }
    if (i < ny) {
        u[i * nx] = 0.0f;
        u[i * nx + nx - 1] = 0.0f;
    }
}

int main(int argc, char **argv) {
    int nx = arg_int(argc, argv, 1, 256), ny = arg_int(argc, argv, 2, 256);
    int max_iters = arg_int(argc, argv, 3, 2000);
    int n = nx * ny;
    float *u, *v;
    unsigned *dmax;
    CUDA_CHECK(cudaMalloc(&u, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&v, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dmax, sizeof(unsigned)));
    CUDA_CHECK(cudaMemset(u, 0, n * sizeof(float)));
    CUDA_CHECK(cudaMemset(v, 0, n * sizeof(float)));
    set_boundary<<<div_up(nx > ny ? nx : ny, 128), 128>>>(u, nx, ny, 1.0f);
    set_boundary<<<div_up(nx > ny ? nx : ny, 128), 128>>>(v, nx, ny, 1.0f);
    dim3 block(16, 16), grid(div_up(nx, 16), div_up(ny, 16));
    int it = 0;
    float res = 1.0f;
    Timer t;
    for (; it < max_iters && res > 1e-4f; ++it) {
        jacobi_step<<<grid, block>>>(u, v, nx, ny);
        if (it % 50 == 0) {
            CUDA_CHECK(cudaMemset(dmax, 0, sizeof(unsigned)));
            residual<<<div_up(n, 256), 256>>>(u, v, dmax, n);
            unsigned bits;
            CUDA_CHECK(cudaMemcpy(&bits, dmax, sizeof bits, cudaMemcpyDeviceToHost));
            memcpy(&res, &bits, sizeof res);
        }
        std::swap(u, v);
    }
    printf("%d iterations, residual %g, %.2f ms\n", it, res, t.ms());
    cudaFree(u);
    cudaFree(v);
    cudaFree(dmax);
    return 0;
}
