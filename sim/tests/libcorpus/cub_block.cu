// CUB's block primitives on tiles of 128 threads: a sum with BlockReduce
// (warp reductions and raking), scans with BlockScan (4 items a thread,
// warp scans and raking), a radix sort of one tile of 512 keys with
// BlockRadixSort, and warp sums and scans with WarpReduce/WarpScan.
// arch: sm_80
// run: block_sum grid=2 block=128 i32[256] i32[2]=0
// run: block_max_raking grid=1 block=128 i32[128] i32[1]=0
// run: block_scan4 grid=1 block=128 i32[512] i32[512]=0 i32[1]=0
// run: block_scan_raking grid=1 block=128 i32[128] i32[256]=0
// run: block_radix_sort grid=1 block=128 u32[512] u32[512]=0
// run: warp_sum_scan grid=1 block=64 i32[64] i32[130]=0
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
struct MaxOp {
    __device__ int operator()(int a, int b) const { return a > b ? a : b; }
};
__global__ void block_sum(const int *in, int *out) {
    typedef cub::BlockReduce<int, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage tmp;
    int v = in[blockIdx.x * 128 + threadIdx.x];
    int s = BlockReduce(tmp).Sum(v);
    if (threadIdx.x == 0) out[blockIdx.x] = s;
}
__global__ void block_max_raking(const int *in, int *out) {
    typedef cub::BlockReduce<int, 128, cub::BLOCK_REDUCE_RAKING> BlockReduce;
    __shared__ typename BlockReduce::TempStorage tmp;
    int m = BlockReduce(tmp).Reduce(in[threadIdx.x], MaxOp());
    if (threadIdx.x == 0) out[0] = m;
}
__global__ void block_scan4(const int *in, int *out, int *total) {
    typedef cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE> Load;
    typedef cub::BlockScan<int, 128> Scan;
    typedef cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_TRANSPOSE> Store;
    __shared__ union {
        typename Load::TempStorage load;
        typename Scan::TempStorage scan;
        typename Store::TempStorage store;
    } tmp;
    int items[4];
    Load(tmp.load).Load(in, items);
    __syncthreads();
    int sum;
    Scan(tmp.scan).ExclusiveSum(items, items, sum);
    __syncthreads();
    Store(tmp.store).Store(out, items);
    if (threadIdx.x == 0) total[0] = sum;
}
__global__ void block_scan_raking(const int *in, int *out) {
    typedef cub::BlockScan<int, 128, cub::BLOCK_SCAN_RAKING> Scan;
    __shared__ typename Scan::TempStorage tmp;
    int v = in[threadIdx.x], inc, exc;
    Scan(tmp).InclusiveSum(v, inc);
    __syncthreads();
    Scan(tmp).ExclusiveScan(v, exc, 0, MaxOp());
    out[threadIdx.x] = inc;
    out[128 + threadIdx.x] = exc;
}
__global__ void block_radix_sort(const unsigned *in, unsigned *out) {
    typedef cub::BlockRadixSort<unsigned, 128, 4> Sort;
    __shared__ typename Sort::TempStorage tmp;
    unsigned keys[4];
    for (int i = 0; i < 4; ++i) keys[i] = in[threadIdx.x * 4 + i];
    Sort(tmp).Sort(keys);
    for (int i = 0; i < 4; ++i) out[threadIdx.x * 4 + i] = keys[i];
}
__global__ void warp_sum_scan(const int *in, int *out) {
    typedef cub::WarpReduce<int> WarpReduce;
    typedef cub::WarpScan<int> WarpScan;
    __shared__ typename WarpReduce::TempStorage r[2];
    __shared__ typename WarpScan::TempStorage s[2];
    int w = threadIdx.x / 32, v = in[threadIdx.x];
    int sum = WarpReduce(r[w]).Sum(v);
    int inc;
    WarpScan(s[w]).InclusiveSum(v, inc);
    out[threadIdx.x] = inc;
    if ((threadIdx.x & 31) == 0) out[128 + w] = sum;
    int m = WarpReduce(r[w]).Reduce(v, MaxOp(), 20);
    if ((threadIdx.x & 31) == 0) out[64 + w] = m;
}
