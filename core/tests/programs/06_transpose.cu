// Matrix transpose: a naive kernel and a coalesced one through a padded
// shared tile, each timed; bandwidth printed as the transpose sample does.
#include "bench_util.h"

const int TILE_DIM = 32;
const int BLOCK_ROWS = 8;

__global__ void transpose_naive(float *odata, const float *idata, int width, int height) {
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height) odata[x * height + y + j] = idata[(y + j) * width + x];
}

__global__ void transpose_coalesced(float *odata, const float *idata, int width, int height) {
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < width && y + j < height) tile[threadIdx.y + j][threadIdx.x] = idata[(y + j) * width + x];
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < height && y + j < width) odata[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}

typedef void (*TransposeKernel)(float *, const float *, int, int);

int main(int argc, char **argv) {
    int w = arg_int(argc, argv, 1, 1024), h = arg_int(argc, argv, 2, 768);
    size_t bytes = size_t(w) * h * sizeof(float);
    std::vector<float> in(w * h), out(w * h);
    for (int i = 0; i < w * h; ++i) in[i] = float(i);
    float *din, *dout;
    CUDA_CHECK(cudaMalloc(&din, bytes));
    CUDA_CHECK(cudaMalloc(&dout, bytes));
    CUDA_CHECK(cudaMemcpy(din, in.data(), bytes, cudaMemcpyHostToDevice));
    dim3 grid(div_up(w, TILE_DIM), div_up(h, TILE_DIM)), block(TILE_DIM, BLOCK_ROWS);
    const char *names[] = {"naive", "coalesced"};
    TransposeKernel kernels[] = {transpose_naive, transpose_coalesced};
    int bad = 0;
    for (int k = 0; k < 2; ++k) {
        Timer t;
        kernels[k]<<<grid, block>>>(dout, din, w, h);
        CUDA_CHECK(cudaDeviceSynchronize());
        double ms = t.ms();
        CUDA_CHECK(cudaMemcpy(out.data(), dout, bytes, cudaMemcpyDeviceToHost));
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) bad += out[x * h + y] != in[y * w + x];
        printf("%-10s %.3f ms %.1f GB/s\n", names[k], ms, 2.0 * bytes / (ms * 1e6));
    }
    cudaFree(din);
    cudaFree(dout);
    printf("%s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
