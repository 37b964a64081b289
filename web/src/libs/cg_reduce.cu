// Cooperative groups: the block splits into tiles of 16 threads and
// cg::reduce sums each tile with shuffles; tile.thread_rank() picks the
// thread that publishes the tile's sum.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
extern "C" __global__ void tile_sums(const int *in, int *out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    int v = in[blockIdx.x * blockDim.x + threadIdx.x];
    int sum = cg::reduce(tile, v, cg::plus<int>());
    if (tile.thread_rank() == 0)
        out[(blockIdx.x * blockDim.x + threadIdx.x) / 16] = sum;
}
