// Row-wise softmax: one block per row, block-wide max and sum through warp
// shuffles and a shared array of warp results.
#include "bench_util.h"
#include <cfloat>

template <typename Op>
__device__ float block_reduce(float v, Op op, float identity) {
    __shared__ float warp_vals[32];
    int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    for (int off = 16; off > 0; off >>= 1) v = op(v, __shfl_xor_sync(0xffffffffu, v, off));
    __syncthreads();
    if (lane == 0) warp_vals[warp] = v;
    __syncthreads();
    v = threadIdx.x < blockDim.x / 32 ? warp_vals[threadIdx.x] : identity;
    if (warp == 0)
        for (int off = 16; off > 0; off >>= 1) v = op(v, __shfl_xor_sync(0xffffffffu, v, off));
    if (threadIdx.x == 0) warp_vals[0] = v;
    __syncthreads();
    return warp_vals[0];
}

struct MaxOp {
    __device__ float operator()(float a, float b) const { return fmaxf(a, b); }
};
struct SumOp {
    __device__ float operator()(float a, float b) const { return a + b; }
};

__global__ void softmax(const float *in, float *out, int cols) {
    const float *row = in + size_t(blockIdx.x) * cols;
    float *dst = out + size_t(blockIdx.x) * cols;
    float m = -FLT_MAX;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, row[c]);
    m = block_reduce(m, MaxOp(), -FLT_MAX);
    float s = 0.0f;
    for (int c = threadIdx.x; c < cols; c += blockDim.x) s += __expf(row[c] - m);
    s = block_reduce(s, SumOp(), 0.0f);
    for (int c = threadIdx.x; c < cols; c += blockDim.x) dst[c] = __expf(row[c] - m) / s;
}

int main(int argc, char **argv) {
    int rows = arg_int(argc, argv, 1, 1024), cols = arg_int(argc, argv, 2, 1000);
    std::vector<float> in(size_t(rows) * cols), out(in.size());
    for (size_t i = 0; i < in.size(); ++i) in[i] = float(i % 17) * 0.3f;
    float *din, *dout;
    CUDA_CHECK(cudaMalloc(&din, in.size() * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dout, in.size() * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(din, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice));
    softmax<<<rows, 256>>>(din, dout, cols);
    CUDA_CHECK(cudaMemcpy(out.data(), dout, in.size() * sizeof(float), cudaMemcpyDeviceToHost));
    double worst = 0;
    for (int r = 0; r < rows; ++r) {
        double s = 0;
        for (int c = 0; c < cols; ++c) s += out[size_t(r) * cols + c];
        worst = std::max(worst, std::fabs(s - 1.0));
    }
    printf("rows sum to 1 within %g\n", worst);
    return worst > 1e-3;
}
