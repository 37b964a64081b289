// SAXPY with getopt options and CUDA event timing over several repetitions.
#include "bench_util.h"
#include <getopt.h>
#include <cstring>

__global__ void saxpy(int n, float a, const float *__restrict__ x, float *__restrict__ y) {
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

int main(int argc, char **argv) {
    int n = 1 << 22, reps = 10, block = 256;
    float a = 2.0f;
    int opt;
    while ((opt = getopt(argc, argv, "n:r:b:a:")) != -1) {
        switch (opt) {
        case 'n': n = atoi(optarg); break;
        case 'r': reps = atoi(optarg); break;
        case 'b': block = atoi(optarg); break;
        case 'a': a = (float)atof(optarg); break;
        default: fprintf(stderr, "usage: %s [-n N] [-r reps] [-b block] [-a a]\n", argv[0]); return 1;
        }
    }
    std::vector<float> x(n, 1.0f), y(n, 2.0f);
    float *dx, *dy;
    CUDA_CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    CUDA_CHECK(cudaEventRecord(start));
    for (int r = 0; r < reps; ++r)
        saxpy<<<256, block>>>(n, a, dx, dy);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK(cudaEventSynchronize(stop));
    float ms = 0;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    float want = 2.0f + reps * a;
    int bad = 0;
    for (int i = 0; i < n; ++i) bad += std::fabs(y[i] - want) > 1e-3f;
    printf("saxpy: %d reps, %.3f ms each, %.1f GB/s, %d wrong\n", reps, ms / reps,
           3.0 * n * sizeof(float) * reps / (ms * 1e6), bad);
    cudaFree(dx);
    cudaFree(dy);
    return bad != 0;
}
