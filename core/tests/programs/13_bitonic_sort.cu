// Bitonic sort of one shared-memory tile per block, ascending or descending
// by a comparator type; the host checks each tile is sorted.
#include "bench_util.h"
#include <algorithm>

struct Ascending {
    __device__ bool operator()(int a, int b) const { return a > b; }
};
struct Descending {
    __device__ bool operator()(int a, int b) const { return a < b; }
};

template <int N, typename Swap>
__global__ void bitonic_tile(int *data) {
    __shared__ int s[N];
    int t = threadIdx.x;
    int *base = data + blockIdx.x * N;
    s[t] = base[t];
    s[t + N / 2] = base[t + N / 2];
    Swap out_of_order;
    for (int size = 2; size <= N; size <<= 1) {
        for (int stride = size / 2; stride > 0; stride >>= 1) {
            __syncthreads();
            int pos = 2 * t - (t & (stride - 1));
            bool up = ((pos & size) == 0) || size == N;
            int a = s[pos], b = s[pos + stride];
            if (out_of_order(a, b) == up) {
                s[pos] = b;
                s[pos + stride] = a;
            }
        }
    }
    __syncthreads();
    base[t] = s[t];
    base[t + N / 2] = s[t + N / 2];
}

template <typename Swap>
bool sort_tiles(std::vector<int> h, bool ascending) {
    const int N = 1024;
    int tiles = int(h.size()) / N;
    int *d;
    CUDA_CHECK(cudaMalloc(&d, h.size() * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(d, h.data(), h.size() * sizeof(int), cudaMemcpyHostToDevice));
    bitonic_tile<N, Swap><<<tiles, N / 2>>>(d);
    CUDA_CHECK(cudaMemcpy(h.data(), d, h.size() * sizeof(int), cudaMemcpyDeviceToHost));
    cudaFree(d);
    for (int t = 0; t < tiles; ++t) {
        auto b = h.begin() + t * N, e = b + N;
        bool ok = ascending ? std::is_sorted(b, e) : std::is_sorted(b, e, [](int x, int y) { return x > y; });
        if (!ok) return false;
    }
    return true;
}

int main(int argc, char **argv) {
    int tiles = arg_int(argc, argv, 1, 64);
    std::vector<int> h(tiles * 1024);
    unsigned s = 12345;
    for (auto &x : h) x = int((s = s * 1103515245u + 12345u) >> 8) % 100000;
    bool ok = sort_tiles<Ascending>(h, true) && sort_tiles<Descending>(h, false);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return !ok;
}
