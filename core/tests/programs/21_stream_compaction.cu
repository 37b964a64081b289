// Stream compaction in three kernels: flag, scan of the flags per block
// (warp-scan with shuffles), scatter; the per-block totals scanned on the
// host between launches, with streams for the copies.
#include "bench_util.h"
#include <numeric>
#include <algorithm>
#include <iterator>

__global__ void flag_positive(const int *in, int *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) flags[i] = in[i] > 0;
}

__global__ void block_scan(const int *flags, int *pos, int *block_totals, int n) {
    __shared__ int warp_sums[32];
    int i = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    int v = i < n ? flags[i] : 0, x = v;
    for (int off = 1; off < 32; off <<= 1) {
        int y = __shfl_up_sync(0xffffffffu, x, off);
        if (lane >= off) x += y;
    }
    if (lane == 31) warp_sums[warp] = x;
    __syncthreads();
    if (warp == 0) {
        int w = lane < blockDim.x / 32 ? warp_sums[lane] : 0;
        for (int off = 1; off < 32; off <<= 1) {
            int y = __shfl_up_sync(0xffffffffu, w, off);
            if (lane >= off) w += y;
        }
        warp_sums[lane] = w;
    }
    __syncthreads();
    int incl = x + (warp > 0 ? warp_sums[warp - 1] : 0);
    if (i < n) pos[i] = incl - v;
    if (threadIdx.x == blockDim.x - 1) block_totals[blockIdx.x] = incl;
}

__global__ void scatter(const int *in, const int *flags, const int *pos, const int *block_offsets, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && flags[i]) out[block_offsets[blockIdx.x] + pos[i]] = in[i];
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 1 << 18), block = 256, blocks = div_up(n, block);
    std::vector<int> in(n), totals(blocks);
    for (int i = 0; i < n; ++i) in[i] = (i * 7919) % 13 - 6;
    int *din, *dflags, *dpos, *dtotals, *dout;
    CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dflags, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dpos, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dtotals, blocks * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dout, n * sizeof(int)));
    cudaStream_t s;
    CUDA_CHECK(cudaStreamCreate(&s));
    CUDA_CHECK(cudaMemcpyAsync(din, in.data(), n * sizeof(int), cudaMemcpyHostToDevice, s));
    flag_positive<<<blocks, block, 0, s>>>(din, dflags, n);
    block_scan<<<blocks, block, 0, s>>>(dflags, dpos, dtotals, n);
    CUDA_CHECK(cudaMemcpyAsync(totals.data(), dtotals, blocks * sizeof(int), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    std::vector<int> offsets(blocks);
    std::exclusive_scan(totals.begin(), totals.end(), offsets.begin(), 0);
    int kept = offsets.back() + totals.back();
    CUDA_CHECK(cudaMemcpyAsync(dtotals, offsets.data(), blocks * sizeof(int), cudaMemcpyHostToDevice, s));
    scatter<<<blocks, block, 0, s>>>(din, dflags, dpos, dtotals, dout, n);
    std::vector<int> out(kept), want;
    CUDA_CHECK(cudaMemcpyAsync(out.data(), dout, kept * sizeof(int), cudaMemcpyDeviceToHost, s));
    CUDA_CHECK(cudaStreamSynchronize(s));
    std::copy_if(in.begin(), in.end(), std::back_inserter(want), [](int v) { return v > 0; });
    bool ok = out == want;
    printf("kept %d of %d: %s\n", kept, n, ok ? "PASS" : "FAIL");
    cudaStreamDestroy(s);
    return !ok;
}
