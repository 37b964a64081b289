// Cooperative launches and grid.sync(): a single-pass reduction over the
// whole grid in the style of cuda-samples' reductionMultiBlockCG (each block
// sums its grid-strided share in dynamic shared memory with cg::reduce over
// warp tiles, block 0 adds the blocks' sums after the grid barrier), and a
// stencil that alternates grid barriers with reads of other blocks' values.
// run: grid_reduce grid=6 block=128 shared=1024 cooperative i32[3000] f64[6]=0 u32=3000
// run: grid_rounds grid=4 block=64 cooperative i32[256] i32[256]=0 i32[256]=0 i32=5
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;

__device__ void block_total(double *part, const cg::thread_block &block) {
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    unsigned r = block.thread_rank();
    part[r] = cg::reduce(warp, part[r], cg::plus<double>());
    cg::sync(block);
    if (r == 0) {
        double sum = 0.0;
        for (unsigned w = 0; w < block.size(); w += warp.size()) sum += part[w];
        part[0] = sum;
    }
    cg::sync(block);
}

__global__ void grid_reduce(const int *in, double *sums, unsigned n) {
    cg::thread_block block = cg::this_thread_block();
    cg::grid_group grid = cg::this_grid();
    extern __shared__ double part[];
    unsigned r = block.thread_rank();
    part[r] = 0.0;
    for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size())
        part[r] += in[i];
    cg::sync(block);
    block_total(part, block);
    if (r == 0) sums[blockIdx.x] = part[0];
    cg::sync(grid);
    if (grid.thread_rank() == 0) {
        for (unsigned b = 1; b < gridDim.x; b++) sums[0] += sums[b];
    }
}

// Each round every thread reads its right neighbour across the whole grid
// (another block's value at each block's edge) between two grid barriers.
__global__ void grid_rounds(const int *in, int *a, int *b, int rounds) {
    cg::grid_group grid = cg::this_grid();
    unsigned i = grid.thread_rank();
    unsigned n = grid.size();
    a[i] = in[i];
    for (int k = 0; k < rounds; k++) {
        grid.sync();
        b[i] = a[i] + 2 * a[(i + 1) % n] + k;
        grid.sync();
        a[i] = b[i] ^ (b[(i + n - 1) % n] & 7);
    }
}
