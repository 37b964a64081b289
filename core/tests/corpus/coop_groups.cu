// Cooperative groups: a block sum and a count of positive values. Each
// 32-thread tile reduces its values with cg::reduce (a butterfly of
// shfl_xor), the tiles' first threads leave their sums in shared memory,
// the block syncs, and the first tile adds the partial sums with
// shfl_down; tiles of 8 count positive values with ballot.
// nvrtc-options: --use-bundled-headers
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ float tile_sum(const cg::thread_block_tile<32> &t, float v) {
    for (int o = t.size() / 2; o > 0; o /= 2) v += t.shfl_down(v, o);
    return v;
}

__global__ void coop_groups(const float *in, float *block_sums, unsigned *counts, int n) {
    __shared__ float partial[32];
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    unsigned i = blockIdx.x * block.size() + block.thread_rank();
    float v = i < n ? in[i] : 0.0f;
    float s = cg::reduce(warp, v, cg::plus<float>());
    if (warp.thread_rank() == 0) partial[warp.meta_group_rank()] = s;
    block.sync();
    if (warp.meta_group_rank() == 0) {
        float p = warp.thread_rank() < warp.meta_group_size() ? partial[warp.thread_rank()] : 0.0f;
        p = tile_sum(warp, p);
        if (warp.thread_rank() == 0) block_sums[blockIdx.x] = p;
    }
    auto eight = cg::tiled_partition<8>(block);
    unsigned positive = eight.ballot(v > 0.0f);
    bool big = eight.any(v > 0.9f);
    if (eight.thread_rank() == 0) counts[i / 8] = __popc(positive) + (big ? 100 : 0);
    cg::sync(block);
}
