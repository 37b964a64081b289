// Cooperative groups: cg::reduce over tiled_partition<16> (a sum and a
// maximum per tile of 16, the block's sum by an atomic), scans over tiles
// of 32, shuffles, votes and labeled partitions of a tile of 8.
// arch: sm_80
// run: cg_reduce16 grid=2 block=128 i32[256] i32[256]=0 i32[2]=0
// run: cg_scan32 grid=1 block=64 i32[64] i32[128]=0
// run: cg_tile8 grid=1 block=64 i32[64] i32[256]=0
// run: cg_coalesced grid=1 block=64 i32[64] i32[128]=0
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__global__ void cg_reduce16(const int *in, int *out, int *total) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int s = cg::reduce(tile, v, cg::plus<int>());
    int m = cg::reduce(tile, v, cg::greater<int>());
    out[blockIdx.x * 128 + threadIdx.x] = s * 4 + (m & 3);
    if (tile.thread_rank() == 0) atomicAdd(&total[blockIdx.x], s);
}
__global__ void cg_scan32(const int *in, int *out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
    int v = in[threadIdx.x];
    out[threadIdx.x] = cg::inclusive_scan(warp, v);
    out[64 + threadIdx.x] = cg::exclusive_scan(warp, v, cg::bit_xor<int>());
}
__global__ void cg_tile8(const int *in, int *out) {
    cg::thread_block block = cg::this_thread_block();
    cg::thread_block_tile<8> t = cg::tiled_partition<8>(block);
    int v = in[threadIdx.x];
    int sum = v;
    for (int d = t.size() / 2; d > 0; d /= 2) sum += t.shfl_down(sum, d);
    out[threadIdx.x] = t.shfl(sum, 0);
    out[64 + threadIdx.x] = t.any(v > 900) * 2 + t.all(v > -900);
    out[128 + threadIdx.x] = (int)t.ballot(v > 0);
    out[192 + threadIdx.x] = t.meta_group_rank() * 100 + t.thread_rank();
}
__global__ void cg_coalesced(const int *in, int *out) {
    int v = in[threadIdx.x];
    if (v > 0) {
        cg::coalesced_group g = cg::coalesced_threads();
        out[threadIdx.x] = g.size() * 100 + g.thread_rank();
        out[64 + threadIdx.x] = cg::reduce(g, v, cg::plus<int>());
    }
}
