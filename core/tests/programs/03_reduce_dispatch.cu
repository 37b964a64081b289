// Block reduction templated on the block size, chosen by a host switch as
// the classic reduction samples do; a second pass sums the partial sums.
#include "bench_util.h"

template <unsigned BLOCK>
__global__ void reduce_sum(const float *in, float *out, unsigned n) {
    __shared__ float s[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * (BLOCK * 2) + t;
    float v = 0.0f;
    if (i < n) v = in[i];
    if (i + BLOCK < n) v += in[i + BLOCK];
    s[t] = v;
    __syncthreads();
#pragma unroll
    for (unsigned stride = BLOCK / 2; stride > 32; stride >>= 1) {
        if (t < stride) s[t] += s[t + stride];
        __syncthreads();
    }
    if (t < 32) {
        v = s[t] + (BLOCK >= 64 ? s[t + 32] : 0.0f);
        for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
        if (t == 0) out[blockIdx.x] = v;
    }
}

void launch_reduce(unsigned block, unsigned grid, const float *in, float *out, unsigned n) {
    switch (block) {
    case 512: reduce_sum<512><<<grid, 512>>>(in, out, n); break;
    case 256: reduce_sum<256><<<grid, 256>>>(in, out, n); break;
    case 128: reduce_sum<128><<<grid, 128>>>(in, out, n); break;
    default: reduce_sum<64><<<grid, 64>>>(in, out, n); break;
    }
}

int main(int argc, char **argv) {
    unsigned n = arg_int(argc, argv, 1, 1 << 20);
    unsigned block = arg_int(argc, argv, 2, 256);
    std::vector<float> h(n);
    double want = 0;
    for (unsigned i = 0; i < n; ++i) {
        h[i] = float(i % 7) - 3.0f;
        want += h[i];
    }
    unsigned grid = div_up(n, block * 2);
    float *din, *dpart, *dsum;
    CUDA_CHECK(cudaMalloc(&din, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dpart, grid * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dsum, sizeof(float)));
    CUDA_CHECK(cudaMemcpy(din, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    Timer t;
    launch_reduce(block, grid, din, dpart, n);
    launch_reduce(block, 1, dpart, dsum, grid);
    CUDA_CHECK(cudaDeviceSynchronize());
    float got;
    CUDA_CHECK(cudaMemcpy(&got, dsum, sizeof(float), cudaMemcpyDeviceToHost));
    printf("sum %f (want %f) in %.3f ms\n", got, want, t.ms());
    cudaFree(din);
    cudaFree(dpart);
    cudaFree(dsum);
    return std::fabs(got - want) > 1e-2 * (1 + std::fabs(want));
}
