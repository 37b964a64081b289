// Exclusive prefix sum of one tile per block (Blelloch's up-sweep and
// down-sweep in shared memory), block sums scanned on the host, then added.
#include "bench_util.h"

#define TILE 512

__global__ void scan_tiles(const int *in, int *out, int *block_sums, int n) {
    __shared__ int s[TILE];
    int t = threadIdx.x;
    int base = blockIdx.x * TILE;
    s[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0;
    s[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0;
    int offset = 1;
    for (int d = TILE >> 1; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            s[bi] += s[ai];
        }
        offset <<= 1;
    }
    if (t == 0) {
        block_sums[blockIdx.x] = s[TILE - 1];
        s[TILE - 1] = 0;
    }
    for (int d = 1; d < TILE; d <<= 1) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1, bi = offset * (2 * t + 2) - 1;
            int x = s[ai];
            s[ai] = s[bi];
            s[bi] += x;
        }
    }
    __syncthreads();
    if (base + 2 * t < n) out[base + 2 * t] = s[2 * t];
    if (base + 2 * t + 1 < n) out[base + 2 * t + 1] = s[2 * t + 1];
}

__global__ void add_offsets(int *out, const int *offsets, int n) {
    int i = blockIdx.x * TILE + threadIdx.x;
    if (blockIdx.x > 0) {
        if (i < n) out[i] += offsets[blockIdx.x];
        if (i + TILE / 2 < n) out[i + TILE / 2] += offsets[blockIdx.x];
    }
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 100000);
    int tiles = div_up(n, TILE);
    std::vector<int> h(n), want(n), sums(tiles);
    for (int i = 0, acc = 0; i < n; ++i) {
        h[i] = (i * 37) % 11;
        want[i] = acc;
        acc += h[i];
    }
    int *din, *dout, *dsums;
    CUDA_CHECK(cudaMalloc(&din, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dout, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dsums, tiles * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(din, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    scan_tiles<<<tiles, TILE / 2>>>(din, dout, dsums, n);
    CUDA_CHECK(cudaMemcpy(sums.data(), dsums, tiles * sizeof(int), cudaMemcpyDeviceToHost));
    for (int b = 0, acc = 0; b < tiles; ++b) {
        int s = sums[b];
        sums[b] = acc;
        acc += s;
    }
    CUDA_CHECK(cudaMemcpy(dsums, sums.data(), tiles * sizeof(int), cudaMemcpyHostToDevice));
    add_offsets<<<tiles, TILE / 2>>>(dout, dsums, n);
    std::vector<int> got(n);
    CUDA_CHECK(cudaMemcpy(got.data(), dout, n * sizeof(int), cudaMemcpyDeviceToHost));
    bool ok = got == want;
    printf("scan of %d ints: %s\n", n, ok ? "PASS" : "FAIL");
    cudaFree(din);
    cudaFree(dout);
    cudaFree(dsums);
    return ok ? 0 : 1;
}
