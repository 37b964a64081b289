// A generic map kernel applied with several function objects from a second
// file; the instances come from a host helper template, as in libraries
// that wrap launches.
#include "bench_util.h"
#include "functors.cuh"

template <typename T, typename F>
__global__ void map_kernel(const T *in, T *out, size_t n, F f) {
    size_t stride = size_t(blockDim.x) * gridDim.x;
    for (size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x; i < n; i += stride) out[i] = f(in[i]);
}

template <typename T, typename F>
std::vector<T> apply(const std::vector<T> &h, F f) {
    T *din, *dout;
    CUDA_CHECK(cudaMalloc(&din, h.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dout, h.size() * sizeof(T)));
    CUDA_CHECK(cudaMemcpy(din, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
    map_kernel<<<128, 256>>>(din, dout, h.size(), f);
    std::vector<T> out(h.size());
    CUDA_CHECK(cudaMemcpy(out.data(), dout, h.size() * sizeof(T), cudaMemcpyDeviceToHost));
    cudaFree(din);
    cudaFree(dout);
    return out;
}

int main(int argc, char **argv) {
    size_t n = arg_int(argc, argv, 1, 100000);
    std::vector<float> f(n);
    std::vector<int> i(n);
    for (size_t k = 0; k < n; ++k) {
        f[k] = float(k % 100) - 50.0f;
        i[k] = int(k % 1000) - 500;
    }
    auto sq = apply(f, Square());
    auto af = apply(f, Affine{0.5f, 1.0f});
    auto cl = apply(i, Clamp<int>{-100, 100});
    auto isq = apply(i, Square());
    bool ok = sq[3] == 47.0f * 47.0f && af[60] == 6.0f && cl[0] == -100 && isq[7] == 493 * 493;
    printf("%s\n", ok ? "PASS" : "FAIL");
    return !ok;
}
