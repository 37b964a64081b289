// Monte Carlo pi with cuRAND: each thread draws 64 points in the unit
// square from its own subsequence and counts those inside the quarter
// circle; the block adds the counts with atomics. XORWOW (curandState),
// Philox4_32_10 (four draws per call) and MRG32k3a.
// run: pi_xorwow grid=2 block=64 u32[128]=0 u32[2]=0 u64=1234
// run: pi_philox grid=2 block=64 u32[128]=0 u32[2]=0 u64=987654321
// run: pi_mrg grid=1 block=32 u32[128]=0 u32[2]=0 u64=42
#include <curand_kernel.h>
__device__ bool inside(float x, float y) { return __fmaf_rn(x, x, __fmul_rn(y, y)) <= 1.0f; }
__global__ void pi_xorwow(unsigned *hits, unsigned *total, unsigned long long seed) {
    unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState s;
    curand_init(seed, id, 0, &s);
    unsigned n = 0;
    for (int k = 0; k < 64; ++k) {
        float x = curand_uniform(&s), y = curand_uniform(&s);
        n += inside(x, y);
    }
    hits[id] = n;
    atomicAdd(&total[blockIdx.x], n);
}
__global__ void pi_philox(unsigned *hits, unsigned *total, unsigned long long seed) {
    unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
    curandStatePhilox4_32_10_t s;
    curand_init(seed, id, 0, &s);
    unsigned n = 0;
    for (int k = 0; k < 32; ++k) {
        float4 v = curand_uniform4(&s);
        n += inside(v.x, v.y) + inside(v.z, v.w);
    }
    hits[id] = n;
    atomicAdd(&total[blockIdx.x], n);
}
__global__ void pi_mrg(unsigned *hits, unsigned *total, unsigned long long seed) {
    unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
    curandStateMRG32k3a_t s;
    curand_init(seed, id, 0, &s);
    unsigned n = 0;
    for (int k = 0; k < 16; ++k) {
        float x = curand_uniform(&s), y = curand_uniform(&s);
        n += inside(x, y);
    }
    hits[id] = n;
    atomicAdd(&total[blockIdx.x], n);
}
