// 2-D convolution with the filter in __constant__ memory (copied with
// cudaMemcpyToSymbol), separable rows and columns as two kernels.
#include "bench_util.h"

#define KERNEL_RADIUS 4
#define KERNEL_LENGTH (2 * KERNEL_RADIUS + 1)

__constant__ float c_kernel[KERNEL_LENGTH];

__global__ void convolve_rows(float *dst, const float *src, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float sum = 0.0f;
#pragma unroll
    for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; ++k) {
        int xx = min(max(x + k, 0), w - 1);
        sum += src[y * w + xx] * c_kernel[KERNEL_RADIUS - k];
    }
    dst[y * w + x] = sum;
}

__global__ void convolve_columns(float *dst, const float *src, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    float sum = 0.0f;
#pragma unroll
    for (int k = -KERNEL_RADIUS; k <= KERNEL_RADIUS; ++k) {
        int yy = min(max(y + k, 0), h - 1);
        sum += src[yy * w + x] * c_kernel[KERNEL_RADIUS - k];
    }
    dst[y * w + x] = sum;
}

int main(int argc, char **argv) {
    int w = arg_int(argc, argv, 1, 640), h = arg_int(argc, argv, 2, 480);
    float taps[KERNEL_LENGTH], total = 0;
    for (int k = 0; k < KERNEL_LENGTH; ++k) total += taps[k] = std::exp(-0.5f * (k - KERNEL_RADIUS) * (k - KERNEL_RADIUS) / 4.0f);
    for (float &t : taps) t /= total;
    CUDA_CHECK(cudaMemcpyToSymbol(c_kernel, taps, sizeof taps));
    std::vector<float> img(w * h, 1.0f), out(w * h);
    float *a, *b;
    CUDA_CHECK(cudaMalloc(&a, w * h * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&b, w * h * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(a, img.data(), w * h * sizeof(float), cudaMemcpyHostToDevice));
    dim3 block(16, 16), grid(div_up(w, 16), div_up(h, 16));
    convolve_rows<<<grid, block>>>(b, a, w, h);
    convolve_columns<<<grid, block>>>(a, b, w, h);
    CUDA_CHECK(cudaMemcpy(out.data(), a, w * h * sizeof(float), cudaMemcpyDeviceToHost));
    bool ok = close_enough(out, img, 1e-5);
    printf("%s\n", ok ? "PASS" : "FAIL");
    cudaFree(a);
    cudaFree(b);
    return !ok;
}
