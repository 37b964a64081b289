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
//! `cub::Min` (CCCL 3 dropped them for `cuda::std::plus<>`, ...),
//! `KeyValuePair` with `ArgMax`/`ArgMin`, and
//! `LaneId`, `WarpId`, `CTA_SYNC`, `WARP_SYNC`, `RowMajorTid`.
//!
//! Also the tile primitives: `BlockLoad` and `BlockStore` (direct,
//! striped, vectorized and the transposing algorithms, which exchange
//! through shared memory), the `LoadDirect*`/`StoreDirect*` functions,
//! `BlockExchange` (striped, blocked and warp-striped arrangements),
//! `BlockAdjacentDifference`, `BlockDiscontinuity` (head and tail flags),
//! `BlockScan`'s items-per-thread scans and
//! `BlockRadixSort` (a stable rank-and-scatter sort over the radix
//! ordering of the key bits asked for, so a radix sort's results). As
//! in CCCL 3, all live in the inline namespace `cub::_V_300500_SM_<arch>`
//! (Thrust's), which nvcc's kernel names carry.
//!
//! The reductions and scans take any associative operation (the older
//! `cub::Sum`, `cub::Max`, `cub::Min`, a user's functor or a lambda) and
//! any trivially copyable item type (a struct is shuffled word by word);
//! `BlockScan` also takes a block-prefix callback. The functions over a
//! thread's items deduce the count from the array. Class constants are
//! spelled as expressions of the template parameters (a `static const`
//! member read in a member's body is not found yet). Not here yet:
//! `HeadSegmentedReduce`, the radix sorts' `decomposer` overloads, the
//! partial-tile adjacent differences, logical warps of other sizes.

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
    "cub/block/block_load.cuh",
    "cub/block/block_store.cuh",
    "cub/block/block_exchange.cuh",
    "cub/block/block_adjacent_difference.cuh",
    "cub/block/block_discontinuity.cuh",
    "cub/block/block_radix_sort.cuh",
];

/// The text of a CUB header, or `None`.
pub fn header(path: &str) -> Option<&'static str> {
    NAMES.contains(&path).then_some(CUB)
}

const CUB: &str = concat!(
    super::thrust::namespace!(),
    r##"#ifndef PTXLAB_CUB_CUH
#define PTXLAB_CUB_CUH
/* (CUB's headers bring libstdc++'s <utility>: std::forward, std::move.) */
#include <utility>
namespace cub { inline namespace __PTXLAB_THRUST_NS {
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

/* A key and a value (an index and what is there), and the reductions that
   keep the pair of the larger (ArgMax) or smaller (ArgMin) value, the
   smaller key among equal values. */
template <typename K, typename V> struct KeyValuePair {
    typedef K Key;
    typedef V Value;
    K key;
    V value;
    __host__ __device__ __forceinline__ KeyValuePair() {}
    __host__ __device__ __forceinline__ KeyValuePair(const K &k, const V &v) : key(k), value(v) {}
    __host__ __device__ __forceinline__ bool operator!=(const KeyValuePair &b) { return value != b.value || key != b.key; }
};
struct ArgMax {
    template <typename T, typename OffsetT>
    __host__ __device__ __forceinline__ KeyValuePair<OffsetT, T> operator()(const KeyValuePair<OffsetT, T> &a, const KeyValuePair<OffsetT, T> &b) const {
        if (b.value > a.value || (a.value == b.value && b.key < a.key)) return b;
        return a;
    }
};
struct ArgMin {
    template <typename T, typename OffsetT>
    __host__ __device__ __forceinline__ KeyValuePair<OffsetT, T> operator()(const KeyValuePair<OffsetT, T> &a, const KeyValuePair<OffsetT, T> &b) const {
        if (b.value < a.value || (a.value == b.value && b.key < a.key)) return b;
        return a;
    }
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

/* Shuffles of any trivially copyable type: the built-in overloads for the
   arithmetic types, and other types (a scan's struct) moved 32-bit word by
   word, as CUB's ShuffleUp/ShuffleDown/ShuffleIndex do. */
using ::__shfl_sync;
using ::__shfl_up_sync;
using ::__shfl_down_sync;
namespace detail {
template <typename T> union shfl_words { T item; unsigned words[(sizeof(T) + 3) / 4]; };
}
template <typename T> __device__ __forceinline__ T __shfl_sync(unsigned mask, T x, int src, int width = 32) {
    detail::shfl_words<T> u;
    u.item = x;
    for (int i = 0; i < (int)((sizeof(T) + 3) / 4); i++) u.words[i] = ::__shfl_sync(mask, u.words[i], src, width);
    return u.item;
}
template <typename T> __device__ __forceinline__ T __shfl_up_sync(unsigned mask, T x, int delta, int width = 32) {
    detail::shfl_words<T> u;
    u.item = x;
    for (int i = 0; i < (int)((sizeof(T) + 3) / 4); i++) u.words[i] = ::__shfl_up_sync(mask, u.words[i], delta, width);
    return u.item;
}
template <typename T> __device__ __forceinline__ T __shfl_down_sync(unsigned mask, T x, int delta, int width = 32) {
    detail::shfl_words<T> u;
    u.item = x;
    for (int i = 0; i < (int)((sizeof(T) + 3) / 4); i++) u.words[i] = ::__shfl_down_sync(mask, u.words[i], delta, width);
    return u.item;
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
    template <typename ReductionOp> __device__ __forceinline__ T Reduce(T input, ReductionOp op) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, op, LOGICAL_WARP_THREADS - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
    template <typename ReductionOp> __device__ __forceinline__ T Reduce(T input, ReductionOp op, int valid_items) {
        return detail::warp_reduce<T, LOGICAL_WARP_THREADS>(input, op, valid_items - 1, detail::warp_mask<LOGICAL_WARP_THREADS>());
    }
};

/* Scans over a logical warp of LOGICAL_WARP_THREADS lanes (a power of
   two), by shuffles up as CUB's, with any associative operation. */
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
    template <typename ScanOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
    }
    template <typename ScanOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op, T &warp_aggregate) {
        output = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(output);
    }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op) {
        T inclusive = op(initial_value, detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op, T &warp_aggregate) {
        T inclusive = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(inclusive);
        inclusive = op(initial_value, inclusive);
        output = up(inclusive);
        if (lane() == 0) output = initial_value;
    }
    /* Without an initial value lane 0's output is undefined (CUB's too). */
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op) {
        output = up(detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask()));
    }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op, T &warp_aggregate) {
        T inclusive = detail::warp_inclusive<T, LOGICAL_WARP_THREADS>(input, op, mask());
        warp_aggregate = last(inclusive);
        output = up(inclusive);
    }
    __device__ __forceinline__ T Broadcast(T input, unsigned src_lane) {
        return __shfl_sync(mask(), input, src_lane, LOGICAL_WARP_THREADS);
    }
};

/* The warps of a block of THREADS threads: warp w's lanes as a mask. */
namespace detail {
/* A full warp's reduction, as CUB's for a block of whole warps: shuffles
   down with no lane checks (lane 0's result is exact, the other lanes'
   are not used), and sm_80's redux.sync for a sum of int or unsigned. */
template <typename T, typename Op> __device__ __forceinline__ T warp_reduce_full(T x, Op op) {
    for (int off = 1; off < 32; off *= 2) x = op(x, __shfl_down_sync(0xffffffffu, x, off));
    return x;
}
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
static __device__ __forceinline__ int warp_reduce_full(int x, Sum) { return __reduce_add_sync(0xffffffffu, x); }
static __device__ __forceinline__ unsigned warp_reduce_full(unsigned x, Sum) { return __reduce_add_sync(0xffffffffu, x); }
#endif
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
    template <typename ReductionOp> __device__ __forceinline__ T Reduce(T input, ReductionOp op, int num_valid) {
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
    /* Every thread's input: a block of whole warps reduces each warp in
       full. */
    template <typename ReductionOp> __device__ __forceinline__ T Reduce(T input, ReductionOp op) {
        if ((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) % 32 != 0) return Reduce(input, op, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z));
        unsigned warp = (unsigned)tid / 32;
        T x = detail::warp_reduce_full(input, op);
        if (LaneId() == 0) temp.warp_aggregates[warp] = x;
        __syncthreads();
        if (tid == 0) {
            for (int w = 1; w < (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) / 32; w++) x = op(x, temp.warp_aggregates[w]);
        }
        return x;
    }
    /* A thread's items reduced in order, then the block's. */
    template <int N, typename ReductionOp> __device__ __forceinline__ T Reduce(T (&inputs)[N], ReductionOp op) {
        T x = inputs[0];
        for (int i = 1; i < N; i++) x = op(x, inputs[i]);
        return Reduce(x, op);
    }
    __device__ __forceinline__ T Sum(T input) { return Reduce(input, cub::Sum()); }
    __device__ __forceinline__ T Sum(T input, int num_valid) { return Reduce(input, cub::Sum(), num_valid); }
    template <int N> __device__ __forceinline__ T Sum(T (&inputs)[N]) { return Reduce(inputs, cub::Sum()); }
};

namespace detail {
/* A thread's inclusive scan of its items from `prefix` (applied where
   `apply`), as CUB's ThreadScanInclusive. */
template <int N, typename T, typename Op> __device__ __forceinline__ void thread_scan_inclusive(T *input, T *output, Op op, T prefix, bool apply) {
    T inclusive = input[0];
    if (apply) inclusive = op(prefix, inclusive);
    output[0] = inclusive;
    for (int i = 1; i < N; i++) {
        inclusive = op(inclusive, input[i]);
        output[i] = inclusive;
    }
}
/* A thread's exclusive scan of its items from `prefix` (ThreadScanExclusive). */
template <int N, typename T, typename Op> __device__ __forceinline__ void thread_scan_exclusive(T *input, T *output, Op op, T prefix) {
    T exclusive = prefix;
    for (int i = 0; i < N; i++) {
        T inclusive = op(exclusive, input[i]);
        output[i] = exclusive;
        exclusive = inclusive;
    }
}
template <int N, typename T, typename Op> __device__ __forceinline__ T thread_reduce(T *input, Op op) {
    T x = input[0];
    for (int i = 1; i < N; i++) x = op(x, input[i]);
    return x;
}
}

/* Scans over a block (CUB's BLOCK_SCAN_WARP_SCANS: each warp scans by
   shuffles, the warps' totals meet in shared memory, and each thread adds
   the totals of the warps before its own), with any associative
   operation, an initial value or a block-prefix callback (called by the
   first warp with the block's aggregate; lane 0's result is the prefix of
   the whole block, as in CUB). */
template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
public:
    struct TempStorage { T warp_aggregates[((BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z + 31) / 32)]; T block_prefix; };
private:
    TempStorage &temp;
    int tid;
    /* The inclusive scan of the block; the warps' totals before this
       thread's warp in prefix (valid unless warp 0) and the block's in
       aggregate. */
    template <typename ScanOp> __device__ __forceinline__ T scan_(T input, ScanOp op, T &prefix, T &aggregate) {
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
    /* The exclusive scan without an initial value (thread 0's undefined). */
    template <typename ScanOp> __device__ __forceinline__ T exclusive_(T input, ScanOp op, T &block_aggregate) {
        T prefix;
        T inclusive = scan_(input, op, prefix, block_aggregate);
        T e = __shfl_up_sync(detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(tid / 32), inclusive, 1);
        if (tid % 32 == 0) e = prefix;
        return e;
    }
    /* The first warp asks the callback for the block's prefix, which
       thread 0 shares through shared memory. */
    template <typename PrefixOp> __device__ __forceinline__ T block_prefix_(T block_aggregate, PrefixOp &prefix_op) {
        if (tid < 32) {
            T p = prefix_op(block_aggregate);
            if (tid == 0) temp.block_prefix = p;
        }
        __syncthreads();
        return temp.block_prefix;
    }
public:
    __device__ __forceinline__ BlockScan(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    template <typename ScanOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op, T &block_aggregate) {
        T prefix;
        output = scan_(input, op, prefix, block_aggregate);
    }
    template <typename ScanOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op) {
        T aggregate;
        InclusiveScan(input, output, op, aggregate);
    }
    template <typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op, BlockPrefixCallbackOp &prefix_op) {
        T prefix, aggregate;
        T inclusive = scan_(input, op, prefix, aggregate);
        output = op(block_prefix_(aggregate, prefix_op), inclusive);
    }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op, T &block_aggregate) {
        T prefix;
        T inclusive = scan_(input, op, prefix, block_aggregate);
        int lane = tid % 32;
        T e = __shfl_up_sync(detail::block_warp_mask<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(tid / 32), inclusive, 1);
        if (lane == 0) e = prefix;
        output = tid == 0 ? initial_value : op(initial_value, e);
    }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op) {
        T aggregate;
        ExclusiveScan(input, output, initial_value, op, aggregate);
    }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op, T &block_aggregate) {
        output = exclusive_(input, op, block_aggregate);
    }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op) {
        T aggregate;
        output = exclusive_(input, op, aggregate);
    }
    template <typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op, BlockPrefixCallbackOp &prefix_op) {
        T aggregate;
        T e = exclusive_(input, op, aggregate);
        T p = block_prefix_(aggregate, prefix_op);
        output = tid == 0 ? p : op(p, e);
    }
    __device__ __forceinline__ void InclusiveSum(T input, T &output) { InclusiveScan(input, output, cub::Sum()); }
    __device__ __forceinline__ void InclusiveSum(T input, T &output, T &block_aggregate) { InclusiveScan(input, output, cub::Sum(), block_aggregate); }
    template <typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveSum(T input, T &output, BlockPrefixCallbackOp &prefix_op) { InclusiveScan(input, output, cub::Sum(), prefix_op); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output) { ExclusiveScan(input, output, T(), cub::Sum()); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output, T &block_aggregate) { ExclusiveScan(input, output, T(), cub::Sum(), block_aggregate); }
    template <typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveSum(T input, T &output, BlockPrefixCallbackOp &prefix_op) { ExclusiveScan(input, output, cub::Sum(), prefix_op); }

    /* The items-per-thread overloads: each thread's items are reduced in
       order, the block scans the threads' totals, and each thread scans
       its own items from its prefix (CUB's order). */
    template <int N> __device__ __forceinline__ void ExclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate) {
        T total = input[0];
        for (int i = 1; i < N; i++) total = total + input[i];
        T prefix;
        ExclusiveSum(total, prefix, block_aggregate);
        for (int i = 0; i < N; i++) { T x = input[i]; output[i] = prefix; prefix = prefix + x; }
    }
    template <int N> __device__ __forceinline__ void ExclusiveSum(T (&input)[N], T (&output)[N]) { T aggregate; ExclusiveSum(input, output, aggregate); }
    template <int N> __device__ __forceinline__ void InclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate) {
        T total = input[0];
        for (int i = 1; i < N; i++) total = total + input[i];
        T prefix;
        ExclusiveSum(total, prefix, block_aggregate);
        for (int i = 0; i < N; i++) { prefix = prefix + input[i]; output[i] = prefix; }
    }
    template <int N> __device__ __forceinline__ void InclusiveSum(T (&input)[N], T (&output)[N]) { T aggregate; InclusiveSum(input, output, aggregate); }
    template <int N, typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveSum(T (&input)[N], T (&output)[N], BlockPrefixCallbackOp &prefix_op) { ExclusiveScan(input, output, cub::Sum(), prefix_op); }
    template <int N, typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveSum(T (&input)[N], T (&output)[N], BlockPrefixCallbackOp &prefix_op) { InclusiveScan(input, output, cub::Sum(), prefix_op); }
    template <int N, typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp op, T &block_aggregate) {
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, initial_value, op, block_aggregate);
        detail::thread_scan_exclusive<N>(input, output, op, prefix);
    }
    template <int N, typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp op) {
        T aggregate;
        ExclusiveScan(input, output, initial_value, op, aggregate);
    }
    template <int N, typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, BlockPrefixCallbackOp &prefix_op) {
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, op, prefix_op);
        detail::thread_scan_exclusive<N>(input, output, op, prefix);
    }
    template <int N, typename ScanOp> __device__ __forceinline__ void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, T &block_aggregate) {
        T prefix = exclusive_(detail::thread_reduce<N>(input, op), op, block_aggregate);
        detail::thread_scan_inclusive<N>(input, output, op, prefix, tid != 0);
    }
    template <int N, typename ScanOp> __device__ __forceinline__ void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op) {
        T aggregate;
        InclusiveScan(input, output, op, aggregate);
    }
    template <int N, typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, BlockPrefixCallbackOp &prefix_op) {
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, op, prefix_op);
        detail::thread_scan_inclusive<N>(input, output, op, prefix, true);
    }
};
/* Direct loads and stores: blocked (thread t's items are t*N .. t*N+N-1),
   striped (item i of thread t is i*BLOCK_THREADS+t), guarded by a count of
   valid items and, for loads, a default for the others. */
template <typename T, int N> __device__ __forceinline__ void LoadDirectBlocked(int linear_tid, const T *ptr, T (&items)[N]) {
    for (int i = 0; i < N; i++) items[i] = ptr[linear_tid * N + i];
}
template <typename T, int N> __device__ __forceinline__ void LoadDirectBlocked(int linear_tid, const T *ptr, T (&items)[N], int valid_items) {
    for (int i = 0; i < N; i++) if (linear_tid * N + i < valid_items) items[i] = ptr[linear_tid * N + i];
}
template <typename T, int N> __device__ __forceinline__ void LoadDirectBlocked(int linear_tid, const T *ptr, T (&items)[N], int valid_items, T oob_default) {
    for (int i = 0; i < N; i++) items[i] = linear_tid * N + i < valid_items ? ptr[linear_tid * N + i] : oob_default;
}
template <typename T, int N> __device__ __forceinline__ void StoreDirectBlocked(int linear_tid, T *ptr, T (&items)[N]) {
    for (int i = 0; i < N; i++) ptr[linear_tid * N + i] = items[i];
}
template <typename T, int N> __device__ __forceinline__ void StoreDirectBlocked(int linear_tid, T *ptr, T (&items)[N], int valid_items) {
    for (int i = 0; i < N; i++) if (linear_tid * N + i < valid_items) ptr[linear_tid * N + i] = items[i];
}
template <int BLOCK_THREADS, typename T, int N> __device__ __forceinline__ void LoadDirectStriped(int linear_tid, const T *ptr, T (&items)[N]) {
    for (int i = 0; i < N; i++) items[i] = ptr[i * BLOCK_THREADS + linear_tid];
}
template <int BLOCK_THREADS, typename T, int N> __device__ __forceinline__ void LoadDirectStriped(int linear_tid, const T *ptr, T (&items)[N], int valid_items) {
    for (int i = 0; i < N; i++) if (i * BLOCK_THREADS + linear_tid < valid_items) items[i] = ptr[i * BLOCK_THREADS + linear_tid];
}
template <int BLOCK_THREADS, typename T, int N> __device__ __forceinline__ void LoadDirectStriped(int linear_tid, const T *ptr, T (&items)[N], int valid_items, T oob_default) {
    for (int i = 0; i < N; i++) items[i] = i * BLOCK_THREADS + linear_tid < valid_items ? ptr[i * BLOCK_THREADS + linear_tid] : oob_default;
}
template <int BLOCK_THREADS, typename T, int N> __device__ __forceinline__ void StoreDirectStriped(int linear_tid, T *ptr, T (&items)[N]) {
    for (int i = 0; i < N; i++) ptr[i * BLOCK_THREADS + linear_tid] = items[i];
}
template <int BLOCK_THREADS, typename T, int N> __device__ __forceinline__ void StoreDirectStriped(int linear_tid, T *ptr, T (&items)[N], int valid_items) {
    for (int i = 0; i < N; i++) if (i * BLOCK_THREADS + linear_tid < valid_items) ptr[i * BLOCK_THREADS + linear_tid] = items[i];
}

namespace detail {
/* Where item i of thread tid lies in the block's tile: rank_kind 0
   blocked, 1 striped, 2 warp-striped (each warp's 32*N items striped over
   its lanes). */
template <int THREADS, int N> __device__ __forceinline__ int tile_rank(int kind, int tid, int i) {
    if (kind == 0) return tid * N + i;
    if (kind == 1) return i * THREADS + tid;
    return (tid / 32) * 32 * N + i * 32 + tid % 32;
}
/* Items from arrangement `from` to arrangement `to` through shared buff. */
template <typename T, int THREADS, int N> __device__ __forceinline__ void exchange(T *buff, int tid, const T *in, T *out, int from, int to) {
    for (int i = 0; i < N; i++) buff[tile_rank<THREADS, N>(from, tid, i)] = in[i];
    __syncthreads();
    for (int i = 0; i < N; i++) out[i] = buff[tile_rank<THREADS, N>(to, tid, i)];
}
}

/* Rearranges a tile of ITEMS_PER_THREAD items per thread between blocked,
   striped and warp-striped arrangements through shared memory. */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
public:
    struct TempStorage { T buff[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD]; };
private:
    TempStorage &temp;
    int tid;
public:
    __device__ __forceinline__ BlockExchange(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    __device__ __forceinline__ void StripedToBlocked(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
        detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(temp.buff, tid, input, output, 1, 0);
    }
    __device__ __forceinline__ void BlockedToStriped(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
        detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(temp.buff, tid, input, output, 0, 1);
    }
    __device__ __forceinline__ void WarpStripedToBlocked(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
        detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(temp.buff, tid, input, output, 2, 0);
    }
    __device__ __forceinline__ void BlockedToWarpStriped(T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) {
        detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(temp.buff, tid, input, output, 0, 2);
    }
};

/* Loads a tile into a blocked arrangement (a striped one for
   BLOCK_LOAD_STRIPED); the transposing algorithms read striped or
   warp-striped and exchange in shared memory. */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
    struct TempStorage { T buff[ALGORITHM >= BLOCK_LOAD_TRANSPOSE ? BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD : 1]; };
private:
    TempStorage &temp;
    int tid;
    /* The arrangement the algorithm reads memory in. */
    __device__ __forceinline__ int kind_() { return ALGORITHM == BLOCK_LOAD_STRIPED || ALGORITHM == BLOCK_LOAD_TRANSPOSE ? 1 : ALGORITHM >= BLOCK_LOAD_WARP_TRANSPOSE ? 2 : 0; }
    __device__ __forceinline__ void load_(const T *ptr, T (&items)[ITEMS_PER_THREAD], int valid_items, bool guarded, bool fill, T oob_default) {
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int r = detail::tile_rank<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(kind_(), tid, i);
            if (!guarded || r < valid_items) items[i] = ptr[r];
            else if (fill) items[i] = oob_default;
        }
        if (ALGORITHM >= BLOCK_LOAD_TRANSPOSE)
            detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(temp.buff, tid, items, items, kind_(), 0);
    }
public:
    __device__ __forceinline__ BlockLoad(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    __device__ __forceinline__ void Load(const T *ptr, T (&items)[ITEMS_PER_THREAD]) { load_(ptr, items, 0, false, false, T()); }
    __device__ __forceinline__ void Load(const T *ptr, T (&items)[ITEMS_PER_THREAD], int valid_items) { load_(ptr, items, valid_items, true, false, T()); }
    __device__ __forceinline__ void Load(const T *ptr, T (&items)[ITEMS_PER_THREAD], int valid_items, T oob_default) { load_(ptr, items, valid_items, true, true, oob_default); }
};

/* Stores a tile from a blocked arrangement (a striped one for
   BLOCK_STORE_STRIPED); the transposing algorithms exchange in shared
   memory and write striped or warp-striped, leaving the items so
   arranged (as nvcc's CUB does). */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockStoreAlgorithm ALGORITHM = BLOCK_STORE_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockStore {
public:
    struct TempStorage { T buff[ALGORITHM >= BLOCK_STORE_TRANSPOSE ? BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD : 1]; };
private:
    TempStorage &temp;
    int tid;
    __device__ __forceinline__ int kind_() { return ALGORITHM == BLOCK_STORE_STRIPED || ALGORITHM == BLOCK_STORE_TRANSPOSE ? 1 : ALGORITHM >= BLOCK_STORE_WARP_TRANSPOSE ? 2 : 0; }
    __device__ __forceinline__ void store_(T *ptr, T (&items)[ITEMS_PER_THREAD], int valid_items, bool guarded) {
        if (ALGORITHM >= BLOCK_STORE_TRANSPOSE)
            detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(temp.buff, tid, items, items, 0, kind_());
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int r = detail::tile_rank<(BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD>(kind_(), tid, i);
            if (!guarded || r < valid_items) ptr[r] = items[i];
        }
    }
public:
    __device__ __forceinline__ BlockStore(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    __device__ __forceinline__ void Store(T *ptr, T (&items)[ITEMS_PER_THREAD]) { store_(ptr, items, 0, false); }
    __device__ __forceinline__ void Store(T *ptr, T (&items)[ITEMS_PER_THREAD], int valid_items) { store_(ptr, items, valid_items, true); }
};

namespace detail {
/* output[i] = op(input[i], input[i-1]), thread t's first item against
   thread t-1's last; thread 0's first against `pred` where `has_pred`,
   else unchanged. */
template <int N, typename T, typename Op> __device__ __forceinline__ void subtract_left(T *shared_last, int tid, T *input, T *output, Op op, bool has_pred, T pred) {
    shared_last[tid] = input[N - 1];
    __syncthreads();
    for (int i = N - 1; i > 0; i--) output[i] = op(input[i], input[i - 1]);
    if (tid > 0) output[0] = op(input[0], shared_last[tid - 1]);
    else if (has_pred) output[0] = op(input[0], pred);
    else output[0] = input[0];
}
/* output[i] = op(input[i], input[i+1]), thread t's last item against
   thread t+1's first; the last thread's last against `succ` where
   `has_succ`, else unchanged. */
template <int N, int THREADS, typename T, typename Op> __device__ __forceinline__ void subtract_right(T *shared_first, int tid, T *input, T *output, Op op, bool has_succ, T succ) {
    shared_first[tid] = input[0];
    __syncthreads();
    for (int i = 0; i < N - 1; i++) output[i] = op(input[i], input[i + 1]);
    if (tid < THREADS - 1) output[N - 1] = op(input[N - 1], shared_first[tid + 1]);
    else if (has_succ) output[N - 1] = op(input[N - 1], succ);
    else output[N - 1] = input[N - 1];
}
}

/* The block's differences of adjacent items in a blocked arrangement. */
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockAdjacentDifference {
public:
    struct TempStorage { T items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z]; };
private:
    TempStorage &temp;
    int tid;
public:
    __device__ __forceinline__ BlockAdjacentDifference(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    template <int N, typename Op> __device__ __forceinline__ void SubtractLeft(T (&input)[N], T (&output)[N], Op op) { detail::subtract_left<N>(temp.items, tid, input, output, op, false, T()); }
    template <int N, typename Op> __device__ __forceinline__ void SubtractLeft(T (&input)[N], T (&output)[N], Op op, T tile_predecessor_item) { detail::subtract_left<N>(temp.items, tid, input, output, op, true, tile_predecessor_item); }
    template <int N, typename Op> __device__ __forceinline__ void SubtractRight(T (&input)[N], T (&output)[N], Op op) { detail::subtract_right<N, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(temp.items, tid, input, output, op, false, T()); }
    template <int N, typename Op> __device__ __forceinline__ void SubtractRight(T (&input)[N], T (&output)[N], Op op, T tile_successor_item) { detail::subtract_right<N, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z)>(temp.items, tid, input, output, op, true, tile_successor_item); }
};

/* Flags the items of a blocked tile that differ from their neighbours:
   head_flags[i] = flag_op(the item before, item i), tail_flags[i] =
   flag_op(item i, the item after), thread t's first item against thread
   t-1's last (and its last against t+1's first) through shared memory;
   the tile's first head (last tail) is set, or is flag_op against the
   tile predecessor (successor) item given. */
template <typename T, int BLOCK_DIM_X, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockDiscontinuity {
public:
    struct TempStorage { T first_items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z]; T last_items[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z]; };
private:
    TempStorage &temp;
    int tid;
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void heads_(FlagT *flags, T *input, FlagOp flag_op, bool has_pred, T pred) {
        if (tid > 0) flags[0] = flag_op(temp.last_items[tid - 1], input[0]);
        else flags[0] = has_pred ? (FlagT)flag_op(pred, input[0]) : (FlagT)1;
        for (int i = 1; i < N; i++) flags[i] = flag_op(input[i - 1], input[i]);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void tails_(FlagT *flags, T *input, FlagOp flag_op, bool has_succ, T succ) {
        if (tid < (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) - 1) flags[N - 1] = flag_op(input[N - 1], temp.first_items[tid + 1]);
        else flags[N - 1] = has_succ ? (FlagT)flag_op(input[N - 1], succ) : (FlagT)1;
        for (int i = 0; i < N - 1; i++) flags[i] = flag_op(input[i], input[i + 1]);
    }
public:
    __device__ __forceinline__ BlockDiscontinuity(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], FlagOp flag_op) {
        temp.last_items[tid] = input[N - 1];
        __syncthreads();
        heads_<N>(head_flags, input, flag_op, false, input[0]);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagHeads(FlagT (&head_flags)[N], T (&input)[N], FlagOp flag_op, T tile_predecessor_item) {
        temp.last_items[tid] = input[N - 1];
        __syncthreads();
        heads_<N>(head_flags, input, flag_op, true, tile_predecessor_item);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagTails(FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op) {
        temp.first_items[tid] = input[0];
        __syncthreads();
        tails_<N>(tail_flags, input, flag_op, false, input[0]);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagTails(FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op, T tile_successor_item) {
        temp.first_items[tid] = input[0];
        __syncthreads();
        tails_<N>(tail_flags, input, flag_op, true, tile_successor_item);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N], FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op) {
        temp.first_items[tid] = input[0];
        temp.last_items[tid] = input[N - 1];
        __syncthreads();
        heads_<N>(head_flags, input, flag_op, false, input[0]);
        tails_<N>(tail_flags, input, flag_op, false, input[0]);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N], FlagT (&tail_flags)[N], T tile_successor_item, T (&input)[N], FlagOp flag_op) {
        temp.first_items[tid] = input[0];
        temp.last_items[tid] = input[N - 1];
        __syncthreads();
        heads_<N>(head_flags, input, flag_op, false, input[0]);
        tails_<N>(tail_flags, input, flag_op, true, tile_successor_item);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N], T tile_predecessor_item, FlagT (&tail_flags)[N], T (&input)[N], FlagOp flag_op) {
        temp.first_items[tid] = input[0];
        temp.last_items[tid] = input[N - 1];
        __syncthreads();
        heads_<N>(head_flags, input, flag_op, true, tile_predecessor_item);
        tails_<N>(tail_flags, input, flag_op, false, input[0]);
    }
    template <int N, typename FlagT, typename FlagOp> __device__ __forceinline__ void FlagHeadsAndTails(FlagT (&head_flags)[N], T tile_predecessor_item, FlagT (&tail_flags)[N], T tile_successor_item, T (&input)[N], FlagOp flag_op) {
        temp.first_items[tid] = input[0];
        temp.last_items[tid] = input[N - 1];
        __syncthreads();
        heads_<N>(head_flags, input, flag_op, true, tile_predecessor_item);
        tails_<N>(tail_flags, input, flag_op, true, tile_successor_item);
    }
};

struct NullType {};
namespace detail {
/* A key as an unsigned number that orders as the key does (the sign bit
   flipped, a negative float's bits all flipped), as radix sorts see it. */
__device__ __forceinline__ unsigned long long radix_bits(unsigned char k) { return k; }
__device__ __forceinline__ unsigned long long radix_bits(unsigned short k) { return k; }
__device__ __forceinline__ unsigned long long radix_bits(unsigned k) { return k; }
__device__ __forceinline__ unsigned long long radix_bits(unsigned long long k) { return k; }
__device__ __forceinline__ unsigned long long radix_bits(signed char k) { return (unsigned char)k ^ 0x80u; }
__device__ __forceinline__ unsigned long long radix_bits(short k) { return (unsigned short)k ^ 0x8000u; }
__device__ __forceinline__ unsigned long long radix_bits(int k) { return (unsigned)k ^ 0x80000000u; }
__device__ __forceinline__ unsigned long long radix_bits(long long k) { return (unsigned long long)k ^ 0x8000000000000000ull; }
__device__ __forceinline__ unsigned long long radix_bits(float k) {
    unsigned b = __float_as_uint(k);
    return b ^ ((b & 0x80000000u) ? 0xffffffffu : 0x80000000u);
}
__device__ __forceinline__ unsigned long long radix_bits(double k) {
    unsigned long long b = (unsigned long long)__double_as_longlong(k);
    return b ^ ((b >> 63) ? 0xffffffffffffffffull : 0x8000000000000000ull);
}
}

/* Sorts a tile of keys (and values) by the key bits [begin_bit, end_bit):
   each item's rank is the count of the tile's items before it in the
   (stable) order, and the items move to their ranks through shared
   memory; the results are a radix sort's. */
template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4, bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int SMEM_CONFIG = 1, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
public:
    struct TempStorage {
        KeyT keys[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
        ValueT values[BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD];
    };
private:
    TempStorage &temp;
    int tid;
    __device__ __forceinline__ unsigned long long digits_(KeyT k, int begin_bit, int end_bit) {
        unsigned long long b = detail::radix_bits(k) >> begin_bit;
        return end_bit - begin_bit >= 64 ? b : b & ((1ull << (end_bit - begin_bit)) - 1ull);
    }
    __device__ __forceinline__ void sort_(KeyT (&keys)[ITEMS_PER_THREAD], ValueT *values, int begin_bit, int end_bit, bool striped, bool descending) {
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            temp.keys[tid * ITEMS_PER_THREAD + i] = keys[i];
        }
        __syncthreads();
        int rank[ITEMS_PER_THREAD];
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int r = tid * ITEMS_PER_THREAD + i;
            unsigned long long k = digits_(keys[i], begin_bit, end_bit);
            int count = 0;
            for (int j = 0; j < BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z * ITEMS_PER_THREAD; j++) {
                unsigned long long o = digits_(temp.keys[j], begin_bit, end_bit);
                if ((descending ? o > k : o < k) || (o == k && j < r)) count++;
            }
            rank[i] = count;
        }
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            temp.keys[rank[i]] = keys[i];
            if (values) temp.values[rank[i]] = values[i];
        }
        __syncthreads();
        for (int i = 0; i < ITEMS_PER_THREAD; i++) {
            int r = striped ? i * (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z) + tid : tid * ITEMS_PER_THREAD + i;
            keys[i] = temp.keys[r];
            if (values) values[i] = temp.values[r];
        }
    }
public:
    __device__ __forceinline__ BlockRadixSort(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    __device__ __forceinline__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, (ValueT *)0, begin_bit, end_bit, false, false); }
    __device__ __forceinline__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, values, begin_bit, end_bit, false, false); }
    __device__ __forceinline__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, (ValueT *)0, begin_bit, end_bit, false, true); }
    __device__ __forceinline__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, values, begin_bit, end_bit, false, true); }
    __device__ __forceinline__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, (ValueT *)0, begin_bit, end_bit, true, false); }
    __device__ __forceinline__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, values, begin_bit, end_bit, true, false); }
    __device__ __forceinline__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, (ValueT *)0, begin_bit, end_bit, true, true); }
    __device__ __forceinline__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_(keys, values, begin_bit, end_bit, true, true); }
};
} } // namespace cub
#endif

"##
);
