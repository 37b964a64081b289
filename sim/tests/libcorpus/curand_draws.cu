// cuRAND draws whose bits must be NVIDIA's: Poisson counts from XORWOW
// (a histogram of 16 buckets), Philox after skipahead and
// skipahead_sequence, and MRG32k3a's uniform doubles.
// run: poisson_hist grid=1 block=64 u32[16]=0 u64=2024
// run: philox_skip grid=1 block=32 u32[128]=0 u64=77
// run: mrg_double grid=1 block=32 f64[128]=0 u64=5
#include <curand_kernel.h>
__global__ void poisson_hist(unsigned *hist, unsigned long long seed) {
    curandState s;
    curand_init(seed, threadIdx.x, 0, &s);
    for (int k = 0; k < 8; ++k) {
        unsigned v = curand_poisson(&s, 3.5 + k);
        atomicAdd(&hist[v < 15 ? v : 15], 1u);
    }
}
__global__ void philox_skip(unsigned *out, unsigned long long seed) {
    curandStatePhilox4_32_10_t s;
    curand_init(seed, 0, 0, &s);
    skipahead(threadIdx.x * 1000ull, &s);
    out[4 * threadIdx.x] = curand(&s);
    skipahead_sequence(threadIdx.x + 1ull, &s);
    uint4 v = curand4(&s);
    out[4 * threadIdx.x + 1] = v.x ^ v.y;
    out[4 * threadIdx.x + 2] = v.z;
    out[4 * threadIdx.x + 3] = curand(&s);
}
__global__ void mrg_double(double *out, unsigned long long seed) {
    curandStateMRG32k3a_t s;
    curand_init(seed, threadIdx.x, 10, &s);
    for (int k = 0; k < 4; ++k) out[4 * threadIdx.x + k] = curand_uniform_double(&s);
}
