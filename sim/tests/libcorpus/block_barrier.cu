// cuda::barrier in shared memory: three phases of a block that writes,
// arrives and waits, then reads its neighbour's value (the split
// arrive/wait and arrive_and_wait).
// arch: sm_80
// min: sm_80
// run: barrier_phases grid=1 block=64 i32[64] i32[192]=0
#include <cuda/barrier>
__global__ void barrier_phases(const int *in, int *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> b;
    __shared__ int s[64];
    if (threadIdx.x == 0) init(&b, blockDim.x);
    __syncthreads();
    int v = in[threadIdx.x];
    for (int round = 0; round < 3; ++round) {
        s[threadIdx.x] = v + round;
        auto t = b.arrive();
        b.wait(std::move(t));
        v += s[(threadIdx.x + 1 + round) % 64];
        out[round * 64 + threadIdx.x] = v;
        b.arrive_and_wait();
    }
}
