// 1-D stencil with the radius a template parameter and a halo in shared
// memory; the host picks the instance from the command line.
#include "bench_util.h"
#include <stdexcept>
#include <string>

template <int RADIUS, int BLOCK>
__global__ void stencil_1d(const float *in, float *out, int n) {
    __shared__ float tile[BLOCK + 2 * RADIUS];
    int g = blockIdx.x * BLOCK + threadIdx.x;
    int l = threadIdx.x + RADIUS;
    tile[l] = g < n ? in[g] : 0.0f;
    if (threadIdx.x < RADIUS) {
        tile[l - RADIUS] = g >= RADIUS ? in[g - RADIUS] : 0.0f;
        tile[l + BLOCK] = g + BLOCK < n ? in[g + BLOCK] : 0.0f;
    }
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = -RADIUS; k <= RADIUS; ++k) acc += tile[l + k];
    if (g < n) out[g] = acc / (2 * RADIUS + 1);
}

template <int RADIUS>
std::vector<float> run(const std::vector<float> &h) {
    int n = int(h.size());
    float *din, *dout;
    CUDA_CHECK(cudaMalloc(&din, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dout, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(din, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    stencil_1d<RADIUS, 256><<<div_up(n, 256), 256>>>(din, dout, n);
    std::vector<float> out(n);
    CUDA_CHECK(cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost));
    cudaFree(din);
    cudaFree(dout);
    return out;
}

int main(int argc, char **argv) {
    int radius = arg_int(argc, argv, 1, 3);
    int n = arg_int(argc, argv, 2, 1 << 16);
    std::vector<float> h(n);
    for (int i = 0; i < n; ++i) h[i] = float((i * 7) % 100);
    std::vector<float> out;
    try {
        switch (radius) {
        case 1: out = run<1>(h); break;
        case 3: out = run<3>(h); break;
        case 8: out = run<8>(h); break;
        default: throw std::invalid_argument("radius must be 1, 3 or 8, not " + std::to_string(radius));
        }
    } catch (const std::exception &e) {
        fprintf(stderr, "%s\n", e.what());
        return 2;
    }
    double worst = 0;
    for (int i = radius; i < n - radius; ++i) {
        double s = 0;
        for (int k = -radius; k <= radius; ++k) s += h[i + k];
        worst = std::max(worst, std::fabs(s / (2 * radius + 1) - out[i]));
    }
    printf("radius %d: worst error %g\n", radius, worst);
    return worst > 1e-3;
}
