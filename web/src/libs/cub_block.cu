// CUB's block primitives: BlockReduce sums a tile of 128 values (each warp
// by shuffles, then thread 0 over the warps' sums) and BlockScan gives each
// thread the sum of the values before it (by raking: every thread places
// its value in a padded shared grid, one warp scans it); TempStorage is the
// shared memory each needs (a union: they take turns).
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
extern "C" __global__ void block_sum_scan(const int *in, int *prefix, int *sums) {
    typedef cub::BlockReduce<int, 128> BlockReduce;
    typedef cub::BlockScan<int, 128> BlockScan;
    __shared__ union {
        typename BlockReduce::TempStorage reduce;
        typename BlockScan::TempStorage scan;
    } tmp;
    int i = blockIdx.x * 128 + threadIdx.x;
    int v = in[i];
    int sum = BlockReduce(tmp.reduce).Sum(v);
    __syncthreads();
    BlockScan(tmp.scan).ExclusiveSum(v, prefix[i]);
    if (threadIdx.x == 0) sums[blockIdx.x] = sum;
}
