// cuda::barrier and a block-scope cuda::pipeline over mbarriers: NVIDIA's
// pipeline waits for a stage's phase by its parity (sm_80's
// mbarrier.test_wait.parity, sm_90's try_wait.parity.shared::cta), the
// barrier by its arrival token; the second warp produces four tiles of 32
// floats through two stages with cp.async, the first consumes them.
// arch: sm_90
// min: sm_80
// run: staged grid=2 block=64 f32[256] f32[256]=0
// run: rounds grid=1 block=64 f32[192]=0
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void staged(const float *in, float *out) {
    __shared__ float tile[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    cg::thread_block cta = cg::this_thread_block();
    bool producer = threadIdx.x >= 32;
    auto pipe = cuda::make_pipeline(cta, &state,
                                    producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
    unsigned lane = threadIdx.x & 31;
    const float *src = in + blockIdx.x * 128;
    for (int k = 0; k < 4; ++k) {
        if (producer) {
            pipe.producer_acquire();
            cuda::memcpy_async(&tile[k % 2][lane], &src[k * 32 + lane], cuda::aligned_size_t<4>(sizeof(float)), pipe);
            pipe.producer_commit();
        } else {
            pipe.consumer_wait();
            out[blockIdx.x * 128 + k * 32 + lane] = tile[k % 2][31 - lane] * 2.0f + (float)k;
            pipe.consumer_release();
        }
    }
}

__global__ void rounds(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> bar;
    __shared__ float s[64];
    if (threadIdx.x == 0) init(&bar, blockDim.x);
    __syncthreads();
    for (int r = 0; r < 3; ++r) {
        s[threadIdx.x] = threadIdx.x * 10.0f + r;
        auto token = bar.arrive();
        bar.wait(std::move(token));
        out[r * 64 + threadIdx.x] = s[(threadIdx.x + 5) % 64];
        bar.arrive_and_wait();
    }
}
