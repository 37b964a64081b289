// ub: none
// launch: --arch sm_80 --grid 1 --block 64 --args f32[128]:iota,f32[128]
// A producer warp fills two stages of a tile with cp.async through a
// cuda::pipeline and the consumer warp reads each stage after its wait:
// the mbarrier phases order the copies before the reads, and the
// consumer's release before the producer's next copy into the stage.
#include <cuda/pipeline>
#include <cooperative_groups.h>
extern "C" __global__ void staged(const float *in, float *out) {
  __shared__ float tile[2][32];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto block = cooperative_groups::this_thread_block();
  bool producer = threadIdx.x >= 32;
  auto pipe = cuda::make_pipeline(block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  unsigned lane = threadIdx.x & 31;
  for (int k = 0; k < 4; ++k) {
    if (producer) {
      pipe.producer_acquire();
      cuda::memcpy_async(&tile[k % 2][lane], &in[k * 32 + lane], sizeof(float), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      out[k * 32 + lane] = tile[k % 2][31 - lane] * 2.0f;
      pipe.consumer_release();
    }
  }
}
