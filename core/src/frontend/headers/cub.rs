//! CUB's block and warp primitives (`<cub/cub.cuh>` and its per-primitive
//! headers), our own CUDA C++: `WarpReduce` and `WarpScan` (shuffle
//! reductions and Kogge-Stone scans over logical warps of a power of two
//! up to 32 lanes, in CUB's order, so float results match too),
//! `BlockReduce` (each warp reduces, thread 0 combines the warps' results
//! in order: CUB's `BLOCK_REDUCE_WARP_REDUCTIONS`, also used for the raking
//! algorithms, whose results are the same for integers) and `BlockScan`
//! (warp scans whose totals meet in shared memory, CUB's
//! `BLOCK_SCAN_WARP_SCANS`), with `TempStorage`, `num_valid` and aggregate
//! overloads; the operations older CUB names `cub::Sum`, `cub::Max`,
//! `cub::Min` (CCCL 3 dropped them for `cuda::std::plus<>`, ...), and
//! `LaneId`, `WarpId`, `CTA_SYNC`, `WARP_SYNC`, `RowMajorTid`.
//!
//! Our frontend has no member function templates yet, so `Reduce` and the
//! scans take each of the three operations as an overload, and the
//! items-per-thread array overloads are missing; class constants are
//! spelled as expressions of the template parameters (a `static const`
//! member read in a member's body is not found yet). Not here yet: `BlockLoad`, `BlockStore`,
//! `BlockExchange`, `BlockRadixSort` (their algorithm enums are declared),
//! `HeadSegmentedReduce`, logical warps of other sizes.

/// The paths a kernel includes CUB by; each gives the whole library.
pub const NAMES: &[&str] = &[
    "cub/cub.cuh",
    "cub/config.cuh",
    "cub/util_ptx.cuh",
    "cub/util_type.cuh",
    "cub/thread/thread_operators.cuh",
    "cub/warp/warp_reduce.cuh",
    "cub/warp/warp_scan.cuh",
    "cub/block/block_reduce.cuh",
    "cub/block/block_scan.cuh",
];

/// The text of a CUB header, or `None`.
pub fn header(path: &str) -> Option<&'static str> {
    NAMES.contains(&path).then_some(CUB)
}

const CUB: &str = r##"#ifndef PTXLAB_CUB_CUH
#define PTXLAB_CUB_CUH
namespace cub {
enum BlockReduceAlgorithm { BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, BLOCK_REDUCE_RAKING, BLOCK_REDUCE_WARP_REDUCTIONS, BLOCK_REDUCE_WARP_REDUCTIONS_NONDETERMINISTIC };
enum BlockScanAlgorithm { BLOCK_SCAN_RAKING, BLOCK_SCAN_RAKING_MEMOIZE, BLOCK_SCAN_WARP_SCANS };
enum BlockLoadAlgorithm { BLOCK_LOAD_DIRECT, BLOCK_LOAD_STRIPED, BLOCK_LOAD_VECTORIZE, BLOCK_LOAD_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE, BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED };
enum BlockStoreAlgorithm { BLOCK_STORE_DIRECT, BLOCK_STORE_STRIPED, BLOCK_STORE_VECTORIZE, BLOCK_STORE_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE, BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED };

/* The binary operations of older CUB (cub::Sum, cub::Max, cub::Min), for
   the arithmetic types kernels reduce. */
struct Sum {
    __device__ __forceinline__ int operator()(int a, int b) const { return a + b; }
    __device__ __forceinline__ unsigned operator()(unsigned a, unsigned b) const { return a + b; }
    __device__ __forceinline__ long long operator()(long long a, long long b) const { return a + b; }
    __device__ __forceinline__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return a + b; }
    __device__ __forceinline__ float operator()(float a, float b) const { return a + b; }
    __device__ __forceinline__ double operator()(double a, double b) const { return a + b; }
};
struct Max {
    __device__ __forceinline__ int operator()(int a, int b) const { return a < b ? b : a; }
    __device__ __forceinline__ unsigned operator()(unsigned a, unsigned b) const { return a < b ? b : a; }
    __device__ __forceinline__ long long operator()(long long a, long long b) const { return a < b ? b : a; }
    __device__ __forceinline__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return a < b ? b : a; }
    __device__ __forceinline__ float operator()(float a, float b) const { return a < b ? b : a; }
    __device__ __forceinline__ double operator()(double a, double b) const { return a < b ? b : a; }
};
struct Min {
    __device__ __forceinline__ int operator()(int a, int b) const { return b < a ? b : a; }
    __device__ __forceinline__ unsigned operator()(unsigned a, unsigned b) const { return b < a ? b : a; }
    __device__ __forceinline__ long long operator()(long long a, long long b) const { return b < a ? b : a; }
    __device__ __forceinline__ unsigned long long operator()(unsigned long long a, unsigned long long b) const { return b < a ? b : a; }
    __device__ __forceinline__ float operator()(float a, float b) const { return b < a ? b : a; }
    __device__ __forceinline__ double operator()(double a, double b) const { return b < a ? b : a; }
};

static __device__ __forceinline__ unsigned LaneId() { return (unsigned)__nvvm_read_ptx_sreg_laneid(); }
static __device__ __forceinline__ unsigned WarpId() { unsigned r; asm volatile("mov.u32 %0, %%warpid;" : "=r"(r)); return r; }
static __device__ __forceinline__ void CTA_SYNC() { __syncthreads(); }
static __device__ __forceinline__ int CTA_SYNC_AND(int p) { return __syncthreads_and(p); }
static __device__ __forceinline__ int CTA_SYNC_OR(int p) { return __syncthreads_or(p); }
static __device__ __forceinline__ void WARP_SYNC(unsigned mask) { __syncwarp(mask); }
static __device__ __forceinline__ int RowMajorTid(int x, int y, int z) {
    return (z == 1 ? 0 : (int)threadIdx.z * x * y) + (y == 1 ? 0 : (int)threadIdx.y * x) + (int)threadIdx.x;
}

namespace detail {
/* The lanes of the calling thread's logical warp of W threads (W a power
   of two up to 32) as a mask. */
template <int W> __device__ __forceinline__ unsigned warp_mask() {
    if (W == 32) return 0xffffffffu;
    return ((1u << W) - 1u) << ((LaneId() / W) * W);
}
/* A reduction over a logical warp by shuffles down of 1, 2, 4, ...: lane
   0's result is the reduction of lanes 0..last (as CUB's shuffle
   reduction, in its order). */
template <typename T, int W, typename Op>
__device__ __forceinline__ T warp_reduce(T x, Op op, int last, unsigned mask) {
    unsigned lane = LaneId() % W;
    for (int off = 1; off < W; off *= 2) {
        /* A partial warp of a block shuffles from its own lanes only. */
        T o = W == 32 && mask != 0xffffffffu
            ? __shfl_sync(mask, x, (int)lane + off <= last ? (int)lane + off : (int)lane)
            : __shfl_down_sync(mask, x, off, W);
        if ((int)lane + off <= last) x = op(x, o);
    }
    return x;
}
/* An inclusive scan over a logical warp by shuffles up (Kogge-Stone). */
template <typename T, int W, typename Op>
__device__ __forceinline__ T warp_inclusive(T x, Op op, unsigned mask) {
    unsigned lane = LaneId() % W;
    for (int off = 1; off < W; off *= 2) {
        T o = __shfl_up_sync(mask, x, off, W);
        if ((int)lane >= off) x = op(o, x);
    }
    return x;
}
}

/* Reductions over a logical warp of LOGICAL_WARP_THREADS lanes (a power
   of two): the result is the warp's in its first lane. */
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpReduce {
public:
    struct TempStorage {};
    __device__ __forceinline__ WarpReduce(TempStorage &) {}
    __device__ __forceinline__ T Sum(T input) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, cub::Sum(), LOGICAL_WARP_THREADS - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
    __device__ __forceinline__ T Sum(T input, int valid_items) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, cub::Sum(), valid_items - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
    __device__ __forceinline__ T Reduce(T input, cub::Sum op) { return Sum(input); }
    __device__ __forceinline__ T Reduce(T input, cub::Max op) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, op, LOGICAL_WARP_THREADS - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
    __device__ __forceinline__ T Reduce(T input, cub::Min op) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, op, LOGICAL_WARP_THREADS - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
    __device__ __forceinline__ T Reduce(T input, cub::Sum op, int valid_items) { return Sum(input, valid_items); }
    __device__ __forceinline__ T Reduce(T input, cub::Max op, int valid_items) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, op, valid_items - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
    __device__ __forceinline__ T Reduce(T input, cub::Min op, int valid_items) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, op, valid_items - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
};

/* Scans over a logical warp of LOGICAL_WARP_THREADS lanes (a power of
   two), by shuffles up as CUB's. */
template <typename T, int LOGICAL_WARP_THREADS = 32, int LEGACY_PTX_ARCH = 0>
class WarpScan {
    __device__ __forceinline__ unsigned lane() { return LaneId() % LOGICAL_WARP_THREADS; }
    __device__ __forceinline__ unsigned mask() { return detail::warp_mask<LOGICAL_WARP_THREADS>(); }
    __device__ __forceinline__ T last(T x) { return __shfl_sync(mask(), x, LOGICAL_WARP_THREADS - 1, LOGICAL_WARP_THREADS); }
    __device__ __forceinline__ T up(T x) { return __shfl_up_sync(mask(), x, 1, LOGICAL_WARP_THREADS); }
public:
    struct TempStorage {};
    __device__ __forceinline__ WarpScan(TempStorage &) {}
    __device__ __forceinline__ void InclusiveSum(T input, T &output) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, cub::Sum(), mask());
    }
    __device__ __forceinline__ void InclusiveSum(T input, T &output, T &warp_aggregate) {
        InclusiveSum(input, output);
        warp_aggregate = last(output);
    }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output) {
        T inclusive = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, cub::Sum(), mask());
        output = up(inclusive);
        if (lane() == 0) output = T();
    }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output, T &warp_aggregate) {
        T inclusive = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, cub::Sum(), mask());
        warp_aggregate = last(inclusive);
        output = up(inclusive);
        if (lane() == 0) output = T();
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Sum op) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Sum op, T &warp_aggregate) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(output);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Sum op) {
        T inclusive = op(initial_value, detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Sum op, T &warp_aggregate) {
        T inclusive = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(inclusive);
        inclusive = op(initial_value, inclusive);
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, cub::Sum op) {
        output = up(detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Max op) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Max op, T &warp_aggregate) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(output);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Max op) {
        T inclusive = op(initial_value, detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Max op, T &warp_aggregate) {
        T inclusive = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(inclusive);
        inclusive = op(initial_value, inclusive);
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, cub::Max op) {
        output = up(detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Min op) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Min op, T &warp_aggregate) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(output);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Min op) {
        T inclusive = op(initial_value, detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Min op, T &warp_aggregate) {
        T inclusive = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(inclusive);
        inclusive = op(initial_value, inclusive);
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, cub::Min op) {
        output = up(detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
    }
    __device__ __forceinline__ T Broadcast(T input, unsigned src_lane) {
        return __shfl_sync(mask(), input, src_lane, LOGICAL_WARP_THREADS);
    }
};

/* The warps of a block of THREADS threads: warp w's lanes as a mask. */
namespace detail {
template <int THREADS> __device__ __forceinline__ unsigned block_warp_mask(int warp) {
    int n = THREADS - warp * 32;
    return n >= 32 ? 0xffffffffu : (1u << n) - 1u;
}
}

/* Reductions over a block: each warp reduces by shuffles, its first lane
   stores the warp's result, and thread 0 combines the warps' in order
   (CUB's BLOCK_REDUCE_WARP_REDUCTIONS; the raking algorithms give the same
   results for integers). The result is thread 0's. */
template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_RAKING, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
public:
    struct TempStorage { T warp_aggregates[((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32)]; };
private:
    TempStorage &temp;
    int tid;
public:
    __device__ __forceinline__ BlockReduce(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    __device__ __forceinline__ T Reduce(T input, cub::Sum op, int num_valid) {
        int warp = tid / 32;
        int lane = tid % 32;
        int valid = num_valid - warp * 32;
        T x = detail::warp_reduce<T, 32>(input, op, valid > 32 ? 31 : valid - 1, detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(warp));
        if (lane == 0 && warp * 32 < num_valid) temp.warp_aggregates[warp] = x;
        __syncthreads();
        if (tid == 0) {
            for (int w = 1; w < ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32) && w * 32 < num_valid; w++) x = op(x, temp.warp_aggregates[w]);
        }
        return x;
    }
    __device__ __forceinline__ T Reduce(T input, cub::Sum op) { return Reduce(input, op, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)); }
    __device__ __forceinline__ T Reduce(T input, cub::Max op, int num_valid) {
        int warp = tid / 32;
        int lane = tid % 32;
        int valid = num_valid - warp * 32;
        T x = detail::warp_reduce<T, 32>(input, op, valid > 32 ? 31 : valid - 1, detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(warp));
        if (lane == 0 && warp * 32 < num_valid) temp.warp_aggregates[warp] = x;
        __syncthreads();
        if (tid == 0) {
            for (int w = 1; w < ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32) && w * 32 < num_valid; w++) x = op(x, temp.warp_aggregates[w]);
        }
        return x;
    }
    __device__ __forceinline__ T Reduce(T input, cub::Max op) { return Reduce(input, op, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)); }
    __device__ __forceinline__ T Reduce(T input, cub::Min op, int num_valid) {
        int warp = tid / 32;
        int lane = tid % 32;
        int valid = num_valid - warp * 32;
        T x = detail::warp_reduce<T, 32>(input, op, valid > 32 ? 31 : valid - 1, detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(warp));
        if (lane == 0 && warp * 32 < num_valid) temp.warp_aggregates[warp] = x;
        __syncthreads();
        if (tid == 0) {
            for (int w = 1; w < ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32) && w * 32 < num_valid; w++) x = op(x, temp.warp_aggregates[w]);
        }
        return x;
    }
    __device__ __forceinline__ T Reduce(T input, cub::Min op) { return Reduce(input, op, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)); }
    __device__ __forceinline__ T Sum(T input) { return Reduce(input, cub::Sum(), (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)); }
    __device__ __forceinline__ T Sum(T input, int num_valid) { return Reduce(input, cub::Sum(), num_valid); }
};

/* Scans over a block (CUB's BLOCK_SCAN_WARP_SCANS: each warp scans by
   shuffles, the warps' totals meet in shared memory, and each thread adds
   the totals of the warps before its own). */
template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
    struct TempStorage { T warp_aggregates[((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32)]; };
private:
    TempStorage &temp;
    int tid;
public:
    __device__ __forceinline__ BlockScan(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    /* The inclusive scan of the block; the warps' totals before this
       thread's warp in prefix (valid unless warp 0) and the block's in
       aggregate. */
    __device__ __forceinline__ T scan_(T input, cub::Sum op, T &prefix, T &aggregate) {
        int warp = tid / 32;
        int lane = tid % 32;
        unsigned mask = detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(warp);
        T inclusive = detail::warp_inclusive<T, 32>(input, op, mask);
        int last = ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) - warp * 32 < 32 ? (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) - warp * 32 : 32) - 1;
        if (lane == last) temp.warp_aggregates[warp] = inclusive;
        __syncthreads();
        aggregate = temp.warp_aggregates[0];
        prefix = aggregate;
        for (int w = 1; w < ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32); w++) {
            if (warp == w) prefix = aggregate;
            aggregate = op(aggregate, temp.warp_aggregates[w]);
        }
        if (warp != 0) inclusive = op(prefix, inclusive);
        return inclusive;
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Sum op, T &block_aggregate) {
        T prefix;
        output = scan_(input, op, prefix, block_aggregate);
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Sum op) {
        T aggregate;
        InclusiveScan(input, output, op, aggregate);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Sum op, T &block_aggregate) {
        T prefix;
        T inclusive = scan_(input, op, prefix, block_aggregate);
        int lane = tid % 32;
        T e = __shfl_up_sync(detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(tid / 32), inclusive, 1);
        if (lane == 0) e = prefix;
        output = tid == 0 ? initial_value : op(initial_value, e);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Sum op) {
        T aggregate;
        ExclusiveScan(input, output, initial_value, op, aggregate);
    }
    /* The inclusive scan of the block; the warps' totals before this
       thread's warp in prefix (valid unless warp 0) and the block's in
       aggregate. */
    __device__ __forceinline__ T scan_(T input, cub::Max op, T &prefix, T &aggregate) {
        int warp = tid / 32;
        int lane = tid % 32;
        unsigned mask = detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(warp);
        T inclusive = detail::warp_inclusive<T, 32>(input, op, mask);
        int last = ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) - warp * 32 < 32 ? (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) - warp * 32 : 32) - 1;
        if (lane == last) temp.warp_aggregates[warp] = inclusive;
        __syncthreads();
        aggregate = temp.warp_aggregates[0];
        prefix = aggregate;
        for (int w = 1; w < ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32); w++) {
            if (warp == w) prefix = aggregate;
            aggregate = op(aggregate, temp.warp_aggregates[w]);
        }
        if (warp != 0) inclusive = op(prefix, inclusive);
        return inclusive;
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Max op, T &block_aggregate) {
        T prefix;
        output = scan_(input, op, prefix, block_aggregate);
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Max op) {
        T aggregate;
        InclusiveScan(input, output, op, aggregate);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Max op, T &block_aggregate) {
        T prefix;
        T inclusive = scan_(input, op, prefix, block_aggregate);
        int lane = tid % 32;
        T e = __shfl_up_sync(detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(tid / 32), inclusive, 1);
        if (lane == 0) e = prefix;
        output = tid == 0 ? initial_value : op(initial_value, e);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Max op) {
        T aggregate;
        ExclusiveScan(input, output, initial_value, op, aggregate);
    }
    /* The inclusive scan of the block; the warps' totals before this
       thread's warp in prefix (valid unless warp 0) and the block's in
       aggregate. */
    __device__ __forceinline__ T scan_(T input, cub::Min op, T &prefix, T &aggregate) {
        int warp = tid / 32;
        int lane = tid % 32;
        unsigned mask = detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(warp);
        T inclusive = detail::warp_inclusive<T, 32>(input, op, mask);
        int last = ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) - warp * 32 < 32 ? (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) - warp * 32 : 32) - 1;
        if (lane == last) temp.warp_aggregates[warp] = inclusive;
        __syncthreads();
        aggregate = temp.warp_aggregates[0];
        prefix = aggregate;
        for (int w = 1; w < ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32); w++) {
            if (warp == w) prefix = aggregate;
            aggregate = op(aggregate, temp.warp_aggregates[w]);
        }
        if (warp != 0) inclusive = op(prefix, inclusive);
        return inclusive;
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Min op, T &block_aggregate) {
        T prefix;
        output = scan_(input, op, prefix, block_aggregate);
    }
    __device__ __forceinline__ void InclusiveScan(T input, T &output, cub::Min op) {
        T aggregate;
        InclusiveScan(input, output, op, aggregate);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Min op, T &block_aggregate) {
        T prefix;
        T inclusive = scan_(input, op, prefix, block_aggregate);
        int lane = tid % 32;
        T e = __shfl_up_sync(detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(tid / 32), inclusive, 1);
        if (lane == 0) e = prefix;
        output = tid == 0 ? initial_value : op(initial_value, e);
    }
    __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, cub::Min op) {
        T aggregate;
        ExclusiveScan(input, output, initial_value, op, aggregate);
    }
    __device__ __forceinline__ void InclusiveSum(T input, T &output) { InclusiveScan(input, output, cub::Sum()); }
    __device__ __forceinline__ void InclusiveSum(T input, T &output, T &block_aggregate) { InclusiveScan(input, output, cub::Sum(), block_aggregate); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output) { ExclusiveScan(input, output, T(), cub::Sum()); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output, T &block_aggregate) { ExclusiveScan(input, output, T(), cub::Sum(), block_aggregate); }
};
} // namespace cub
#endif

"##;
