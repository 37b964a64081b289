// Monte Carlo pi with cuRAND's device API: each thread seeds its own XORWOW
// subsequence, draws points in the unit square and counts those inside the
// quarter circle; the blocks add their counts. pi ~ 4 * total / (threads * 256).
#include <curand_kernel.h>
extern "C" __global__ void estimate_pi(unsigned *total, unsigned long long seed) {
    unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
    curandState s;
    curand_init(seed, id, 0, &s);
    unsigned hits = 0;
    for (int k = 0; k < 256; ++k) {
        float x = curand_uniform(&s), y = curand_uniform(&s);
        hits += x * x + y * y <= 1.0f;
    }
    atomicAdd(total, hits);
}
