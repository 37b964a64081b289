//! CUB's block and warp primitives (`<cub/cub.cuh>` and its per-primitive
//! headers), our own CUDA C++: `WarpReduce` and `WarpScan` (shuffle
//! reductions and Kogge-Stone scans over logical warps of a power of two
//! up to 32 lanes, in CUB's order, so float results match too),
//! `BlockReduce` and `BlockScan` in each of CUB's algorithms, with its
//! shared-memory layout and order of operations (so `TempStorage` is
//! CUB's size and float results are CUB's bits): warp reductions and warp
//! scans whose totals meet in shared memory, and the raking algorithms
//! over `BlockRakingLayout`'s padded grid (commutative-only and memoized
//! variants included); `num_valid`, aggregate, initial-value and
//! block-prefix overloads; the operations older CUB names `cub::Sum`,
//! `cub::Max`, `cub::Min` (CCCL 3 dropped them for `cuda::std::plus<>`,
//! ...), `KeyValuePair` with `ArgMax`/`ArgMin`, and
//! `LaneId`, `WarpId`, `CTA_SYNC`, `WARP_SYNC`, `RowMajorTid`.
//!
//! Also the tile primitives: `BlockLoad` and `BlockStore` (direct,
//! striped, vectorized and the transposing algorithms, which exchange
//! through shared memory), the `LoadDirect*`/`StoreDirect*` functions,
//! `BlockExchange` (striped, blocked, warp-striped and ranked
//! arrangements, the tile padded against bank conflicts as CUB's, whole
//! or a warp's worth at a time),
//! `BlockAdjacentDifference`, `BlockDiscontinuity` (head and tail flags),
//! `BlockScan`'s items-per-thread scans, and `BlockRadixSort` over
//! `BlockRadixRank` (packed 16-bit digit counters scanned by raking and a
//! `BlockScan`, keys and values scattered to their ranks each pass). As
//! in CCCL 3, all live in the inline namespace `cub::_V_300500_SM_<arch>`
//! (Thrust's), which nvcc's kernel names carry.
//!
//! The reductions and scans take any associative operation (the older
//! `cub::Sum`, `cub::Max`, `cub::Min`, a user's functor or a lambda) and
//! any trivially copyable item type (a struct is shuffled word by word);
//! the functions over a thread's items deduce the count from the array.
//! Not here yet: `HeadSegmentedReduce`, the radix sorts' `decomposer`
//! overloads, the partial-tile adjacent differences, logical warps of other sizes than powers of two for `WarpReduce` and
//! `WarpScan` themselves (the block algorithms' partial warps are
//! handled).

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
    "cub/block/block_radix_rank.cuh",
    "cub/block/block_raking_layout.cuh",
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
/* The empty type: a primitive's storage where it needs none, a sort's
   values where it has none. */
struct NullType {};
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
template <bool B, typename A, typename C> struct If { typedef A Type; };
/* The storage of a tile primitive that exchanges nothing. */
template <typename T> struct OneItem { T buff[1]; };
/* A transposing store's: the exchange's and the count of valid items
   (CUB shares it through shared memory). */
template <typename Base> struct WithValidItems : Base { int valid_items; };
template <typename A, typename C> struct If<false, A, C> { typedef C Type; };

/* The first N lanes of a warp (N up to 32) as one logical warp: the
   raking threads of a block, or a block of at most a warp. A logical warp
   of a power of two shuffles within its width, others within the warp
   under the mask of their lanes. */
template <typename T, int N> struct FirstLanes {
    static constexpr bool POW2 = (N & (N - 1)) == 0;
    static constexpr int W = POW2 ? N : 32;
    static __device__ __forceinline__ unsigned mask() { return N >= 32 ? 0xffffffffu : (1u << N) - 1u; }
    /* Lane 0's result is the reduction of the first `valid` lanes. */
    template <bool FULL, typename Op> static __device__ __forceinline__ T reduce(T x, Op op, int valid) {
        if (FULL && N == 32) return warp_reduce_full(x, op);
        return warp_reduce<T, W>(x, op, FULL ? N - 1 : valid - 1, mask());
    }
    template <typename Op> static __device__ __forceinline__ T inclusive(T x, Op op) { return warp_inclusive<T, W>(x, op, mask()); }
    static __device__ __forceinline__ T up(T x) { return __shfl_up_sync(mask(), x, 1, W); }
    static __device__ __forceinline__ T last(T x) { return __shfl_sync(mask(), x, N - 1, W); }
    static __device__ __forceinline__ T first(T x) { return __shfl_sync(mask(), x, 0, W); }
    /* The inclusive and exclusive scans (lane 0's exclusive undefined)
       and the warp's aggregate. */
    template <typename Op> static __device__ __forceinline__ void scan(T x, T &inclusive, T &exclusive, T &aggregate, Op op) {
        inclusive = FirstLanes::inclusive(x, op);
        exclusive = up(inclusive);
        aggregate = last(inclusive);
    }
};

/* A thread's items reduced, as CUB's ThreadReduce: a sum in a binary tree
   (pairs, then pairs of pairs), other operations in order. */
template <typename Op> struct IsSum { static constexpr bool value = false; };
template <> struct IsSum<Sum> { static constexpr bool value = true; };
/* One level of a binary-tree reduction of N items per round: a[j] takes
   a[j + S] for each j a multiple of 2S, then the next level. */
template <int N, int S, bool DONE = (S >= N)> struct TreeReduce {
    template <typename T, typename Op> static __device__ __forceinline__ void run(T *a, Op op) {
        for (int j = 0; j + S < N; j += 2 * S) a[j] = op(a[j], a[j + S]);
        TreeReduce<N, 2 * S>::run(a, op);
    }
};
template <int N, int S> struct TreeReduce<N, S, true> {
    template <typename T, typename Op> static __device__ __forceinline__ void run(T *, Op) {}
};
template <int N, typename T, typename Op> __device__ __forceinline__ T thread_reduce(T *input, Op op) {
    T a[N];
    for (int i = 0; i < N; i++) a[i] = input[i];
    if (IsSum<Op>::value) {
        TreeReduce<N, 1>::run(a, op);
    } else {
        for (int i = 1; i < N; i++) a[0] = op(a[0], a[i]);
    }
    return a[0];
}
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
/* A thread's exclusive scan of its items from `prefix` (applied where
   `apply`; the first output is `prefix` either way), as CUB's
   ThreadScanExclusive. */
template <int N, typename T, typename Op> __device__ __forceinline__ void thread_scan_exclusive(T *input, T *output, Op op, T prefix, bool apply = true) {
    T inclusive = input[0];
    if (apply) inclusive = op(prefix, inclusive);
    output[0] = prefix;
    for (int i = 1; i < N; i++) {
        T next = op(inclusive, input[i]);
        output[i] = inclusive;
        inclusive = next;
    }
}
}

/* The shared grid a block of THREADS threads rakes: each thread places one
   item, and RAKING_THREADS threads (a warp at most) each reduce a segment
   of SEGMENT_LENGTH items in order; an even segment longer than two is
   padded by one item so the raking threads' reads fall in different
   banks. */
template <typename T, int THREADS, int LEGACY_PTX_ARCH = 0>
struct BlockRakingLayout {
    static constexpr int SHARED_ELEMENTS = THREADS;
    static constexpr int MAX_RAKING_THREADS = THREADS < 32 ? THREADS : 32;
    static constexpr int SEGMENT_LENGTH = (SHARED_ELEMENTS + MAX_RAKING_THREADS - 1) / MAX_RAKING_THREADS;
    static constexpr int RAKING_THREADS = (SHARED_ELEMENTS + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH;
    static constexpr bool HAS_CONFLICTS = 32 % SEGMENT_LENGTH == 0;
    static constexpr int CONFLICT_DEGREE = HAS_CONFLICTS ? MAX_RAKING_THREADS * SEGMENT_LENGTH / 32 : 1;
    static constexpr bool USE_SEGMENT_PADDING = (SEGMENT_LENGTH & 1) == 0 && SEGMENT_LENGTH > 2;
    static constexpr int GRID_ELEMENTS = RAKING_THREADS * (SEGMENT_LENGTH + (USE_SEGMENT_PADDING ? 1 : 0));
    static constexpr bool UNGUARDED = SHARED_ELEMENTS % RAKING_THREADS == 0;
    struct __align__(16) TempStorage { T buff[GRID_ELEMENTS]; };
    static __device__ __forceinline__ T *PlacementPtr(TempStorage &t, unsigned linear_tid) {
        unsigned offset = linear_tid;
        if (USE_SEGMENT_PADDING) offset += offset / SEGMENT_LENGTH;
        return t.buff + offset;
    }
    static __device__ __forceinline__ T *RakingPtr(TempStorage &t, unsigned linear_tid) {
        return t.buff + linear_tid * (SEGMENT_LENGTH + (USE_SEGMENT_PADDING ? 1 : 0));
    }
};

namespace detail {
/* BLOCK_REDUCE_WARP_REDUCTIONS: each warp reduces by shuffles, its first
   lane stores the warp's result, and thread 0 combines the warps' in
   order. */
template <typename T, int THREADS> struct BlockReduceWarpReductions {
    static constexpr int WARPS = (THREADS + 31) / 32;
    static constexpr int LOGICAL = THREADS < 32 ? THREADS : 32;
    static constexpr bool EVEN = THREADS % LOGICAL == 0;
    struct TempStorage { NullType warp_reduce[WARPS]; T warp_aggregates[WARPS]; T block_prefix; };
    TempStorage &temp;
    int tid;
    __device__ __forceinline__ BlockReduceWarpReductions(TempStorage &t, int linear_tid) : temp(t), tid(linear_tid) {}
    template <bool FULL, typename Op> __device__ __forceinline__ T Reduce(T input, int num_valid, Op op) {
        int warp = WARPS == 1 ? 0 : tid / 32;
        T x;
        if (FULL && EVEN && LOGICAL == 32) {
            x = warp_reduce_full(input, op);
        } else {
            int valid = (FULL && EVEN) || warp * LOGICAL + LOGICAL <= num_valid ? LOGICAL : num_valid - warp * LOGICAL;
            x = warp_reduce<T, 32>(input, op, valid > 32 ? 31 : valid - 1, block_warp_mask<THREADS>(warp));
        }
        if (LaneId() == 0) temp.warp_aggregates[warp] = x;
        __syncthreads();
        if (tid == 0) {
            for (int w = 1; w < WARPS; w++)
                if (FULL || w * LOGICAL < num_valid) x = op(x, temp.warp_aggregates[w]);
        }
        return x;
    }
};

/* BLOCK_REDUCE_RAKING: each thread places its item in the raking grid,
   the raking threads reduce their segments in order and then across the
   warp; a block of at most a warp reduces by shuffles alone. */
template <typename T, int THREADS> struct BlockReduceRaking {
    typedef BlockRakingLayout<T, THREADS> Layout;
    static constexpr int RAKING_THREADS = Layout::RAKING_THREADS;
    static constexpr int SEGMENT_LENGTH = Layout::SEGMENT_LENGTH;
    static constexpr bool WARP_SYNCHRONOUS = RAKING_THREADS == THREADS;
    struct TempStorage { union Storage { NullType warp_storage; typename Layout::TempStorage raking_grid; } u; };
    TempStorage &temp;
    int tid;
    __device__ __forceinline__ BlockReduceRaking(TempStorage &t, int linear_tid) : temp(t), tid(linear_tid) {}
    template <bool FULL, typename Op> __device__ __forceinline__ T Reduce(T partial, int num_valid, Op op) {
        if (WARP_SYNCHRONOUS) return FirstLanes<T, RAKING_THREADS>::template reduce<FULL>(partial, op, num_valid);
        *Layout::PlacementPtr(temp.u.raking_grid, tid) = partial;
        __syncthreads();
        if (tid < RAKING_THREADS) {
            T *segment = Layout::RakingPtr(temp.u.raking_grid, tid);
            partial = segment[0];
            for (int i = 1; i < SEGMENT_LENGTH; i++)
                if ((FULL && Layout::UNGUARDED) || tid * SEGMENT_LENGTH + i < num_valid) partial = op(partial, segment[i]);
            int valid_raking = FULL ? RAKING_THREADS : (num_valid + SEGMENT_LENGTH - 1) / SEGMENT_LENGTH;
            __syncwarp(FirstLanes<T, RAKING_THREADS>::mask());
            if (FULL && Layout::UNGUARDED) partial = FirstLanes<T, RAKING_THREADS>::template reduce<true>(partial, op, RAKING_THREADS);
            else partial = FirstLanes<T, RAKING_THREADS>::template reduce<false>(partial, op, valid_raking);
        }
        return partial;
    }
};

/* BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY: the first warp's threads keep
   their items and rake the grid the other threads place theirs in; a
   partial tile, a block of at most a warp or of a partial warp reduces as
   BLOCK_REDUCE_RAKING. */
template <typename T, int THREADS> struct BlockReduceRakingCommutativeOnly {
    typedef BlockReduceRaking<T, THREADS> FallBack;
    static constexpr bool USE_FALLBACK = THREADS % 32 != 0 || THREADS <= 32;
    static constexpr int SHARING_THREADS = THREADS - 32 > 1 ? THREADS - 32 : 1;
    static constexpr int SEGMENT_LENGTH = SHARING_THREADS / 32;
    typedef BlockRakingLayout<T, SHARING_THREADS> Layout;
    struct TempStorage {
        union Storage {
            struct DefaultStorage { NullType warp_storage; typename Layout::TempStorage raking_grid; } default_storage;
            typename FallBack::TempStorage fallback_storage;
        } u;
    };
    TempStorage &temp;
    int tid;
    __device__ __forceinline__ BlockReduceRakingCommutativeOnly(TempStorage &t, int linear_tid) : temp(t), tid(linear_tid) {}
    template <bool FULL, typename Op> __device__ __forceinline__ T Reduce(T partial, int num_valid, Op op) {
        if (USE_FALLBACK || !FULL) return FallBack(temp.u.fallback_storage, tid).template Reduce<FULL>(partial, num_valid, op);
        if (tid >= 32) *Layout::PlacementPtr(temp.u.default_storage.raking_grid, tid - 32) = partial;
        __syncthreads();
        if (tid < 32) {
            T items[SEGMENT_LENGTH + 1];
            T *segment = Layout::RakingPtr(temp.u.default_storage.raking_grid, tid);
            items[0] = partial;
            for (int i = 0; i < SEGMENT_LENGTH; i++) items[i + 1] = segment[i];
            partial = thread_reduce<SEGMENT_LENGTH + 1>(items, op);
            partial = warp_reduce_full(partial, op);
        }
        return partial;
    }
};
}

/* Reductions over a block by the algorithm asked for (CUB's three, in its
   order of operations, so float results match too). The result is thread
   0's. */
template <typename T, int BLOCK_DIM_X, BlockReduceAlgorithm ALGORITHM = BLOCK_REDUCE_WARP_REDUCTIONS, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockReduce {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    typedef typename detail::If<ALGORITHM == BLOCK_REDUCE_RAKING, detail::BlockReduceRaking<T, BLOCK_THREADS>,
        typename detail::If<ALGORITHM == BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY, detail::BlockReduceRakingCommutativeOnly<T, BLOCK_THREADS>,
            detail::BlockReduceWarpReductions<T, BLOCK_THREADS> >::Type>::Type Impl;
public:
    struct TempStorage : Impl::TempStorage {};
private:
    Impl impl;
public:
    __device__ __forceinline__ BlockReduce(TempStorage &t) : impl(t, RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    template <typename ReductionOp> __device__ __forceinline__ T Reduce(T input, ReductionOp op) { return impl.template Reduce<true>(input, BLOCK_THREADS, op); }
    template <typename ReductionOp> __device__ __forceinline__ T Reduce(T input, ReductionOp op, int num_valid) {
        if (num_valid >= BLOCK_THREADS) return impl.template Reduce<true>(input, num_valid, op);
        return impl.template Reduce<false>(input, num_valid, op);
    }
    /* A thread's items reduced (CUB's ThreadReduce), then the block's. */
    template <int N, typename ReductionOp> __device__ __forceinline__ T Reduce(T (&inputs)[N], ReductionOp op) {
        return Reduce(detail::thread_reduce<N>(inputs, op), op);
    }
    __device__ __forceinline__ T Sum(T input) { return Reduce(input, cub::Sum()); }
    __device__ __forceinline__ T Sum(T input, int num_valid) { return Reduce(input, cub::Sum(), num_valid); }
    template <int N> __device__ __forceinline__ T Sum(T (&inputs)[N]) { return Reduce(inputs, cub::Sum()); }
};

namespace detail {
/* BLOCK_SCAN_WARP_SCANS (a block of whole warps): each warp scans by
   shuffles, the last lanes store the warps' totals, and each thread
   combines the totals of the warps before its own in order. */
template <typename T, int THREADS> struct BlockScanWarpScans {
    static constexpr int WARPS = (THREADS + 31) / 32;
    struct __align__(32) TempStorage { T warp_aggregates[WARPS]; NullType warp_scan[WARPS]; T block_prefix; };
    TempStorage &temp;
    int tid;
    unsigned warp, lane;
    __device__ __forceinline__ BlockScanWarpScans(TempStorage &t, int linear_tid) : temp(t), tid(linear_tid), warp(WARPS == 1 ? 0 : linear_tid / 32), lane(LaneId()) {}
    template <typename Op> __device__ __forceinline__ T warp_prefix_(Op op, T warp_aggregate, T &block_aggregate) {
        if (lane == 31) temp.warp_aggregates[warp] = warp_aggregate;
        __syncthreads();
        T prefix;
        block_aggregate = temp.warp_aggregates[0];
        for (int w = 1; w < WARPS; w++) {
            if (warp == (unsigned)w) prefix = block_aggregate;
            block_aggregate = op(block_aggregate, temp.warp_aggregates[w]);
        }
        return prefix;
    }
    /* (The block's aggregate, which every thread computes, where
       `block_aggregate` is not null.) */
    template <typename Op> __device__ __forceinline__ void ExclusiveScan(T input, T &output, Op op, T *block_aggregate) {
        T inclusive, aggregate, block;
        FirstLanes<T, 32>::scan(input, inclusive, output, aggregate, op);
        T prefix = warp_prefix_(op, inclusive, block);
        if (warp != 0) {
            output = op(prefix, output);
            if (lane == 0) output = prefix;
        }
        if (block_aggregate) *block_aggregate = block;
    }
    template <typename Op> __device__ __forceinline__ void ExclusiveScan(T input, T &output, const T &initial_value, Op op, T *block_aggregate) {
        T inclusive, aggregate, block;
        FirstLanes<T, 32>::scan(input, inclusive, output, aggregate, op);
        T prefix = warp_prefix_(op, inclusive, block);
        prefix = op(initial_value, prefix);
        if (warp == 0) prefix = initial_value;
        output = op(prefix, output);
        if (lane == 0) output = prefix;
        if (block_aggregate) *block_aggregate = block;
    }
    /* The scan (inclusive or exclusive) from the prefix the callback
       gives for the block's aggregate: the first warp calls it, lane 0
       shares its answer through shared memory (and takes it as its
       exclusive result). */
    template <typename Op, typename PrefixOp> __device__ __forceinline__ void prefix_scan_(T input, T &output, Op op, PrefixOp &prefix_op, bool inclusive) {
        T block_aggregate;
        if (inclusive) InclusiveScan(input, output, op, &block_aggregate);
        else ExclusiveScan(input, output, op, &block_aggregate);
        if (warp == 0) {
            T block_prefix = prefix_op(block_aggregate);
            if (lane == 0) {
                temp.block_prefix = block_prefix;
                if (!inclusive) output = block_prefix;
            }
        }
        __syncthreads();
        if (inclusive || tid > 0) output = op(temp.block_prefix, output);
    }
    template <typename Op, typename PrefixOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, Op op, PrefixOp &prefix_op) { prefix_scan_(input, output, op, prefix_op, false); }
    template <typename Op> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op, T *block_aggregate) {
        T block;
        output = FirstLanes<T, 32>::inclusive(input, op);
        T prefix = warp_prefix_(op, output, block);
        if (warp != 0) output = op(prefix, output);
        if (block_aggregate) *block_aggregate = block;
    }
    template <typename Op, typename PrefixOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op, PrefixOp &prefix_op) { prefix_scan_(input, output, op, prefix_op, true); }
};

/* BLOCK_SCAN_RAKING (and _MEMOIZE, which keeps each raking segment in
   registers between the up- and down-sweeps): the threads place their
   items in the raking grid, the raking threads reduce their segments, scan
   the segments' totals across the warp and scan their segments from
   those, and each thread reads its result where it placed its item; a
   block of at most a warp scans by shuffles alone. */
template <typename T, int THREADS, bool MEMOIZE> struct BlockScanRaking {
    typedef BlockRakingLayout<T, THREADS> Layout;
    typedef FirstLanes<T, Layout::RAKING_THREADS> Lanes;
    static constexpr int RAKING_THREADS = Layout::RAKING_THREADS;
    static constexpr int SEGMENT_LENGTH = Layout::SEGMENT_LENGTH;
    static constexpr bool WARP_SYNCHRONOUS = THREADS == RAKING_THREADS;
    struct TempStorage { NullType warp_scan; typename Layout::TempStorage raking_grid; T block_aggregate; };
    TempStorage &temp;
    int tid;
    T cached[SEGMENT_LENGTH];
    __device__ __forceinline__ BlockScanRaking(TempStorage &t, int linear_tid) : temp(t), tid(linear_tid) {}
    template <typename Op> __device__ __forceinline__ T upsweep_(Op op) {
        T *segment = Layout::RakingPtr(temp.raking_grid, tid);
        for (int i = 0; i < SEGMENT_LENGTH; i++) cached[i] = segment[i];
        T partial = cached[0];
        for (int i = 1; i < SEGMENT_LENGTH; i++)
            if (Layout::UNGUARDED || tid * SEGMENT_LENGTH + i < THREADS) partial = op(partial, cached[i]);
        return partial;
    }
    template <typename Op> __device__ __forceinline__ void downsweep_(Op op, T partial, bool inclusive, bool apply = true) {
        T *segment = Layout::RakingPtr(temp.raking_grid, tid);
        if (!MEMOIZE) for (int i = 0; i < SEGMENT_LENGTH; i++) cached[i] = segment[i];
        if (inclusive) thread_scan_inclusive<SEGMENT_LENGTH>(cached, cached, op, partial, apply);
        else thread_scan_exclusive<SEGMENT_LENGTH>(cached, cached, op, partial, apply);
        for (int i = 0; i < SEGMENT_LENGTH; i++) segment[i] = cached[i];
    }
    /* The scan through the grid: `initial` is applied where `has_initial`;
       the block's aggregate where asked. */
    template <typename Op> __device__ __forceinline__ void scan_(T input, T &output, Op op, bool inclusive, bool has_initial, T initial, T *block_aggregate) {
        T *placement = Layout::PlacementPtr(temp.raking_grid, tid);
        *placement = input;
        __syncthreads();
        if (tid < RAKING_THREADS) {
            T partial = upsweep_(op);
            T inc, exc, aggregate;
            Lanes::scan(partial, inc, exc, aggregate, op);
            if (has_initial) {
                exc = tid == 0 ? initial : op(initial, exc);
                downsweep_(op, exc, inclusive);
            } else {
                downsweep_(op, exc, inclusive, tid != 0);
            }
            if (block_aggregate && tid == 0) temp.block_aggregate = aggregate;
        }
        __syncthreads();
        output = *placement;
        if (block_aggregate) *block_aggregate = temp.block_aggregate;
    }
    /* (The block's aggregate where `block_aggregate` is not null.) */
    template <typename Op> __device__ __forceinline__ void ExclusiveScan(T input, T &output, Op op, T *block_aggregate) {
        if (WARP_SYNCHRONOUS) {
            T inclusive, aggregate;
            Lanes::scan(input, inclusive, output, aggregate, op);
            if (block_aggregate) *block_aggregate = aggregate;
        } else {
            scan_(input, output, op, false, false, input, block_aggregate);
        }
    }
    template <typename Op> __device__ __forceinline__ void ExclusiveScan(T input, T &output, const T &initial_value, Op op, T *block_aggregate) {
        if (WARP_SYNCHRONOUS) {
            T inclusive, aggregate;
            Lanes::scan(input, inclusive, output, aggregate, op);
            output = tid == 0 ? initial_value : op(initial_value, output);
            if (block_aggregate) *block_aggregate = aggregate;
        } else {
            scan_(input, output, op, false, true, initial_value, block_aggregate);
        }
    }
    /* The scan (inclusive or exclusive) from the prefix the callback
       gives for the block's aggregate: the first warp calls it, lane 0's
       answer is everyone's. */
    template <typename Op, typename PrefixOp> __device__ __forceinline__ void prefix_scan_(T input, T &output, Op op, PrefixOp &prefix_op, bool inclusive) {
        if (WARP_SYNCHRONOUS) {
            T inc, exc, block_aggregate;
            Lanes::scan(input, inc, exc, block_aggregate, op);
            T block_prefix = Lanes::first(prefix_op(block_aggregate));
            output = inclusive ? op(block_prefix, inc) : tid == 0 ? block_prefix : op(block_prefix, exc);
            return;
        }
        T *placement = Layout::PlacementPtr(temp.raking_grid, tid);
        *placement = input;
        __syncthreads();
        if (tid < RAKING_THREADS) {
            T partial = upsweep_(op);
            T inc, exc, block_aggregate;
            Lanes::scan(partial, inc, exc, block_aggregate, op);
            T block_prefix = Lanes::first(prefix_op(block_aggregate));
            downsweep_(op, tid == 0 ? block_prefix : op(block_prefix, exc), inclusive);
        }
        __syncthreads();
        output = *placement;
    }
    template <typename Op, typename PrefixOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, Op op, PrefixOp &prefix_op) { prefix_scan_(input, output, op, prefix_op, false); }
    template <typename Op> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op, T *block_aggregate) {
        if (WARP_SYNCHRONOUS) {
            output = Lanes::inclusive(input, op);
            if (block_aggregate) *block_aggregate = Lanes::last(output);
        } else {
            scan_(input, output, op, true, false, input, block_aggregate);
        }
    }
    template <typename Op, typename PrefixOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, Op op, PrefixOp &prefix_op) { prefix_scan_(input, output, op, prefix_op, true); }
};
}

/* Scans over a block by the algorithm asked for (CUB's, in its order of
   operations; BLOCK_SCAN_WARP_SCANS for a block of a partial warp is
   BLOCK_SCAN_RAKING, as in CUB), with any associative operation, an
   initial value or a block-prefix callback (called by the first warp with
   the block's aggregate; lane 0's result is the prefix of the whole
   block). Without an initial value thread 0's exclusive result is
   undefined, as in CUB. */
template <typename T, int BLOCK_DIM_X, BlockScanAlgorithm ALGORITHM = BLOCK_SCAN_RAKING, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockScan {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    typedef typename detail::If<ALGORITHM == BLOCK_SCAN_WARP_SCANS && BLOCK_THREADS % 32 == 0, detail::BlockScanWarpScans<T, BLOCK_THREADS>,
        detail::BlockScanRaking<T, BLOCK_THREADS, ALGORITHM == BLOCK_SCAN_RAKING_MEMOIZE> >::Type Impl;
public:
    struct TempStorage : Impl::TempStorage {};
private:
    Impl impl;
    int tid;
public:
    __device__ __forceinline__ BlockScan(TempStorage &t) : impl(t, RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    template <typename ScanOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op, T &block_aggregate) { impl.InclusiveScan(input, output, op, &block_aggregate); }
    template <typename ScanOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op) { impl.InclusiveScan(input, output, op, (T *)0); }
    template <typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveScan(T input, T &output, ScanOp op, BlockPrefixCallbackOp &prefix_op) { impl.InclusiveScan(input, output, op, prefix_op); }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op, T &block_aggregate) { impl.ExclusiveScan(input, output, initial_value, op, &block_aggregate); }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, T initial_value, ScanOp op) { impl.ExclusiveScan(input, output, initial_value, op, (T *)0); }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op, T &block_aggregate) { impl.ExclusiveScan(input, output, op, &block_aggregate); }
    template <typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op) { impl.ExclusiveScan(input, output, op, (T *)0); }
    template <typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveScan(T input, T &output, ScanOp op, BlockPrefixCallbackOp &prefix_op) { impl.ExclusiveScan(input, output, op, prefix_op); }
    __device__ __forceinline__ void InclusiveSum(T input, T &output) { InclusiveScan(input, output, cub::Sum()); }
    __device__ __forceinline__ void InclusiveSum(T input, T &output, T &block_aggregate) { InclusiveScan(input, output, cub::Sum(), block_aggregate); }
    template <typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveSum(T input, T &output, BlockPrefixCallbackOp &prefix_op) { InclusiveScan(input, output, cub::Sum(), prefix_op); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output) { ExclusiveScan(input, output, T(), cub::Sum()); }
    __device__ __forceinline__ void ExclusiveSum(T input, T &output, T &block_aggregate) { ExclusiveScan(input, output, T(), cub::Sum(), block_aggregate); }
    template <typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveSum(T input, T &output, BlockPrefixCallbackOp &prefix_op) { ExclusiveScan(input, output, cub::Sum(), prefix_op); }

    /* The items-per-thread overloads: each thread reduces its items (CUB's
       ThreadReduce), the block scans the threads' totals, and each thread
       scans its own items from its prefix. */
    template <int N, typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp op, T &block_aggregate) {
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, initial_value, op, block_aggregate);
        detail::thread_scan_exclusive<N>(input, output, op, prefix);
    }
    template <int N, typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], T initial_value, ScanOp op) { T aggregate; ExclusiveScan(input, output, initial_value, op, aggregate); }
    template <int N, typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, T &block_aggregate) {
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, op, block_aggregate);
        detail::thread_scan_exclusive<N>(input, output, op, prefix, tid != 0);
    }
    template <int N, typename ScanOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp op) { T aggregate; ExclusiveScan(input, output, op, aggregate); }
    template <int N, typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, BlockPrefixCallbackOp &prefix_op) {
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, op, prefix_op);
        detail::thread_scan_exclusive<N>(input, output, op, prefix);
    }
    template <int N, typename ScanOp> __device__ __forceinline__ void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, T &block_aggregate) {
        if (N == 1) { InclusiveScan(input[0], output[0], op, block_aggregate); return; }
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, op, block_aggregate);
        detail::thread_scan_inclusive<N>(input, output, op, prefix, tid != 0);
    }
    template <int N, typename ScanOp> __device__ __forceinline__ void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op) { T aggregate; InclusiveScan(input, output, op, aggregate); }
    template <int N, typename ScanOp, typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveScan(T (&input)[N], T (&output)[N], ScanOp op, BlockPrefixCallbackOp &prefix_op) {
        if (N == 1) { InclusiveScan(input[0], output[0], op, prefix_op); return; }
        T prefix = detail::thread_reduce<N>(input, op);
        ExclusiveScan(prefix, prefix, op, prefix_op);
        detail::thread_scan_inclusive<N>(input, output, op, prefix, true);
    }
    template <int N> __device__ __forceinline__ void ExclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate) { ExclusiveScan(input, output, T(), cub::Sum(), block_aggregate); }
    template <int N> __device__ __forceinline__ void ExclusiveSum(T (&input)[N], T (&output)[N]) { T aggregate; ExclusiveSum(input, output, aggregate); }
    template <int N, typename BlockPrefixCallbackOp> __device__ __forceinline__ void ExclusiveSum(T (&input)[N], T (&output)[N], BlockPrefixCallbackOp &prefix_op) { ExclusiveScan(input, output, cub::Sum(), prefix_op); }
    template <int N> __device__ __forceinline__ void InclusiveSum(T (&input)[N], T (&output)[N], T &block_aggregate) { InclusiveScan(input, output, cub::Sum(), block_aggregate); }
    template <int N> __device__ __forceinline__ void InclusiveSum(T (&input)[N], T (&output)[N]) { T aggregate; InclusiveSum(input, output, aggregate); }
    template <int N, typename BlockPrefixCallbackOp> __device__ __forceinline__ void InclusiveSum(T (&input)[N], T (&output)[N], BlockPrefixCallbackOp &prefix_op) { InclusiveScan(input, output, cub::Sum(), prefix_op); }
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
/* A tile's shared slot of item r: one padding item after every 32 where
   the items per thread are a power of two above four (so a thread's
   blocked items fall in different banks), as CUB's BlockExchange. */
template <int N> __device__ __forceinline__ int exchange_slot(int r) {
    return N > 4 && (N & (N - 1)) == 0 ? r + (r >> 5) : r;
}
/* Items to the tile ranks given, then read back in arrangement `to`,
   through shared buff: the whole tile at once, or (SLICED) a warp's worth
   of ranks at a time, each thread writing and reading the items of the
   slice that are its own. */
template <typename T, int THREADS, int N, bool SLICED = false> __device__ __forceinline__ void scatter(T *buff, int tid, const T *in, T *out, const int *ranks, int to) {
    if (!SLICED) {
        for (int i = 0; i < N; i++) buff[exchange_slot<N>(ranks[i])] = in[i];
        __syncthreads();
        for (int i = 0; i < N; i++) out[i] = buff[exchange_slot<N>(tile_rank<THREADS, N>(to, tid, i))];
        return;
    }
    T items[N];
    for (int base = 0; base < THREADS * N; base += (THREADS < 32 ? THREADS : 32) * N) {
        __syncthreads();
        for (int i = 0; i < N; i++) {
            int r = ranks[i] - base;
            if (r >= 0 && r < (THREADS < 32 ? THREADS : 32) * N) buff[exchange_slot<N>(r)] = in[i];
        }
        __syncthreads();
        for (int i = 0; i < N; i++) {
            int r = tile_rank<THREADS, N>(to, tid, i) - base;
            if (r >= 0 && r < (THREADS < 32 ? THREADS : 32) * N) items[i] = buff[exchange_slot<N>(r)];
        }
    }
    for (int i = 0; i < N; i++) out[i] = items[i];
}
/* Items from arrangement `from` to arrangement `to` through shared buff. */
template <typename T, int THREADS, int N, bool SLICED = false> __device__ __forceinline__ void exchange(T *buff, int tid, const T *in, T *out, int from, int to) {
    int ranks[N];
    for (int i = 0; i < N; i++) ranks[i] = tile_rank<THREADS, N>(from, tid, i);
    scatter<T, THREADS, N, SLICED>(buff, tid, in, out, ranks, to);
}
}

/* Rearranges a tile of ITEMS_PER_THREAD items per thread between blocked,
   striped and warp-striped arrangements, or to ranks, through shared
   memory: the whole tile at once, or with WARP_TIME_SLICING a warp's worth
   at a time through storage for that much. */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, bool WARP_TIME_SLICING = false, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockExchange {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int SLICED_ITEMS = (WARP_TIME_SLICING && BLOCK_THREADS > 32 ? 32 : BLOCK_THREADS) * ITEMS_PER_THREAD;
    static constexpr bool INSERT_PADDING = ITEMS_PER_THREAD > 4 && (ITEMS_PER_THREAD & (ITEMS_PER_THREAD - 1)) == 0;
public:
    struct __align__(16) TempStorage { T buff[SLICED_ITEMS + (INSERT_PADDING ? SLICED_ITEMS / 32 : 0)]; };
private:
    TempStorage &temp;
    int tid;
public:
    __device__ __forceinline__ BlockExchange(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    __device__ __forceinline__ void StripedToBlocked(const T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) { detail::exchange<T, BLOCK_THREADS, ITEMS_PER_THREAD, WARP_TIME_SLICING>(temp.buff, tid, input, output, 1, 0); }
    __device__ __forceinline__ void BlockedToStriped(const T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) { detail::exchange<T, BLOCK_THREADS, ITEMS_PER_THREAD, WARP_TIME_SLICING>(temp.buff, tid, input, output, 0, 1); }
    __device__ __forceinline__ void WarpStripedToBlocked(const T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) { detail::exchange<T, BLOCK_THREADS, ITEMS_PER_THREAD, WARP_TIME_SLICING>(temp.buff, tid, input, output, 2, 0); }
    __device__ __forceinline__ void BlockedToWarpStriped(const T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD]) { detail::exchange<T, BLOCK_THREADS, ITEMS_PER_THREAD, WARP_TIME_SLICING>(temp.buff, tid, input, output, 0, 2); }
    __device__ __forceinline__ void StripedToBlocked(T (&items)[ITEMS_PER_THREAD]) { StripedToBlocked(items, items); }
    __device__ __forceinline__ void BlockedToStriped(T (&items)[ITEMS_PER_THREAD]) { BlockedToStriped(items, items); }
    __device__ __forceinline__ void WarpStripedToBlocked(T (&items)[ITEMS_PER_THREAD]) { WarpStripedToBlocked(items, items); }
    __device__ __forceinline__ void BlockedToWarpStriped(T (&items)[ITEMS_PER_THREAD]) { BlockedToWarpStriped(items, items); }
    template <typename OffsetT> __device__ __forceinline__ void ScatterToBlocked(const T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) {
        int r[ITEMS_PER_THREAD];
        for (int i = 0; i < ITEMS_PER_THREAD; i++) r[i] = (int)ranks[i];
        detail::scatter<T, BLOCK_THREADS, ITEMS_PER_THREAD, WARP_TIME_SLICING>(temp.buff, tid, input, output, r, 0);
    }
    template <typename OffsetT> __device__ __forceinline__ void ScatterToStriped(const T (&input)[ITEMS_PER_THREAD], T (&output)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) {
        int r[ITEMS_PER_THREAD];
        for (int i = 0; i < ITEMS_PER_THREAD; i++) r[i] = (int)ranks[i];
        detail::scatter<T, BLOCK_THREADS, ITEMS_PER_THREAD, WARP_TIME_SLICING>(temp.buff, tid, input, output, r, 1);
    }
    template <typename OffsetT> __device__ __forceinline__ void ScatterToBlocked(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) { ScatterToBlocked(items, items, ranks); }
    template <typename OffsetT> __device__ __forceinline__ void ScatterToStriped(T (&items)[ITEMS_PER_THREAD], OffsetT (&ranks)[ITEMS_PER_THREAD]) { ScatterToStriped(items, items, ranks); }
};

/* Loads a tile into a blocked arrangement (a striped one for
   BLOCK_LOAD_STRIPED); the transposing algorithms read striped or
   warp-striped and exchange in shared memory. */
template <typename T, int BLOCK_DIM_X, int ITEMS_PER_THREAD, BlockLoadAlgorithm ALGORITHM = BLOCK_LOAD_DIRECT, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockLoad {
public:
    struct TempStorage : detail::If<(ALGORITHM >= BLOCK_LOAD_TRANSPOSE), typename BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED, BLOCK_DIM_Y, BLOCK_DIM_Z>::TempStorage, detail::OneItem<T> >::Type {};
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
            detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD, ALGORITHM == BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED>(temp.buff, tid, items, items, kind_(), 0);
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
    struct TempStorage : detail::If<(ALGORITHM >= BLOCK_STORE_TRANSPOSE), detail::WithValidItems<typename BlockExchange<T, BLOCK_DIM_X, ITEMS_PER_THREAD, ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED, BLOCK_DIM_Y, BLOCK_DIM_Z>::TempStorage>, detail::OneItem<T> >::Type {};
private:
    TempStorage &temp;
    int tid;
    __device__ __forceinline__ int kind_() { return ALGORITHM == BLOCK_STORE_STRIPED || ALGORITHM == BLOCK_STORE_TRANSPOSE ? 1 : ALGORITHM >= BLOCK_STORE_WARP_TRANSPOSE ? 2 : 0; }
    __device__ __forceinline__ void store_(T *ptr, T (&items)[ITEMS_PER_THREAD], int valid_items, bool guarded) {
        if (ALGORITHM >= BLOCK_STORE_TRANSPOSE)
            detail::exchange<T, (BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z), ITEMS_PER_THREAD, ALGORITHM == BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>(temp.buff, tid, items, items, 0, kind_());
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

namespace detail {
/* A key as an unsigned number of its size that orders as the key does
   (the sign bit flipped, a negative float's bits all flipped), as radix
   sorts see it. */
__device__ __forceinline__ unsigned char radix_bits(unsigned char k) { return k; }
__device__ __forceinline__ unsigned short radix_bits(unsigned short k) { return k; }
__device__ __forceinline__ unsigned radix_bits(unsigned k) { return k; }
__device__ __forceinline__ unsigned long long radix_bits(unsigned long long k) { return k; }
__device__ __forceinline__ unsigned char radix_bits(signed char k) { return (unsigned char)((unsigned char)k ^ 0x80u); }
__device__ __forceinline__ unsigned short radix_bits(short k) { return (unsigned short)((unsigned short)k ^ 0x8000u); }
__device__ __forceinline__ unsigned radix_bits(int k) { return (unsigned)k ^ 0x80000000u; }
__device__ __forceinline__ unsigned long long radix_bits(long long k) { return (unsigned long long)k ^ 0x8000000000000000ull; }
__device__ __forceinline__ unsigned radix_bits(float k) {
    unsigned b = __float_as_uint(k);
    return b ^ ((b & 0x80000000u) ? 0xffffffffu : 0x80000000u);
}
__device__ __forceinline__ unsigned long long radix_bits(double k) {
    unsigned long long b = (unsigned long long)__double_as_longlong(k);
    return b ^ ((b >> 63) ? 0xffffffffffffffffull : 0x8000000000000000ull);
}
}

/* The digit of a key's bits [begin_bit, begin_bit + num_bits) in its
   radix ordering. */
template <typename KeyT> struct BFEDigitExtractor {
    unsigned bit_start, num_bits;
    __device__ __forceinline__ BFEDigitExtractor(unsigned begin_bit, unsigned bits) : bit_start(begin_bit), num_bits(bits) {}
    __device__ __forceinline__ unsigned Digit(KeyT key) const {
        return (unsigned)(detail::radix_bits(key) >> bit_start) & ((1u << num_bits) - 1u);
    }
};

/* Ranks a tile's keys by one digit of RADIX_BITS bits, stably (CUB's
   BlockRadixRank): each thread counts its keys' digits in 16-bit counters
   packed two to a word in shared memory (lanes of digits by threads), the
   block scans the counters (each thread rakes its row of words, then a
   BlockScan across the threads), and a key's rank is its digit's count
   before it. */
template <int BLOCK_DIM_X, int RADIX_BITS, bool IS_DESCENDING, bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int SMEM_CONFIG = 1, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixRank {
    typedef unsigned short DigitCounter;
    typedef typename detail::If<SMEM_CONFIG == 2, unsigned long long, unsigned>::Type PackedCounter;
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    static constexpr int RADIX_DIGITS = 1 << RADIX_BITS;
    static constexpr int PACKING_RATIO = sizeof(PackedCounter) / sizeof(DigitCounter);
    static constexpr int LOG_PACKING_RATIO = PACKING_RATIO == 4 ? 2 : 1;
    static constexpr int LOG_COUNTER_LANES = RADIX_BITS > LOG_PACKING_RATIO ? RADIX_BITS - LOG_PACKING_RATIO : 0;
    static constexpr int COUNTER_LANES = 1 << LOG_COUNTER_LANES;
    static constexpr int PADDED_COUNTER_LANES = COUNTER_LANES + 1;
    static constexpr int RAKING_SEGMENT = PADDED_COUNTER_LANES;
    typedef BlockScan<PackedCounter, BLOCK_DIM_X, INNER_SCAN_ALGORITHM, BLOCK_DIM_Y, BLOCK_DIM_Z> Scan;
public:
    static constexpr int BINS_TRACKED_PER_THREAD = (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS > 1 ? (RADIX_DIGITS + BLOCK_THREADS - 1) / BLOCK_THREADS : 1;
    struct __align__(16) TempStorage {
        union Aliasable {
            DigitCounter digit_counters[PADDED_COUNTER_LANES][BLOCK_THREADS][PACKING_RATIO];
            PackedCounter raking_grid[BLOCK_THREADS][RAKING_SEGMENT];
        } aliasable;
        typename Scan::TempStorage block_scan;
    };
private:
    TempStorage &temp;
    unsigned tid;
    /* The block prefix that moves each packed half past the halves below
       it: the block's total of the lower halves, shifted up. */
    struct PrefixCallBack {
        __device__ __forceinline__ PackedCounter operator()(PackedCounter block_aggregate) {
            PackedCounter block_prefix = 0;
            for (int k = 1; k < (int)(sizeof(PackedCounter) / sizeof(unsigned short)); k++) block_prefix += block_aggregate << (16 * k);
            return block_prefix;
        }
    };
    __device__ __forceinline__ void scan_counters_() {
        PackedCounter *row = temp.aliasable.raking_grid[tid];
        PackedCounter cached[RAKING_SEGMENT];
        for (int i = 0; i < RAKING_SEGMENT; i++) cached[i] = row[i];
        PackedCounter partial = detail::thread_reduce<RAKING_SEGMENT>(cached, cub::Sum());
        PackedCounter exclusive;
        PrefixCallBack prefix;
        Scan(temp.block_scan).ExclusiveSum(partial, exclusive, prefix);
        detail::thread_scan_exclusive<RAKING_SEGMENT>(cached, cached, cub::Sum(), exclusive);
        for (int i = 0; i < RAKING_SEGMENT; i++) row[i] = cached[i];
    }
public:
    __device__ __forceinline__ BlockRadixRank(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    template <typename UnsignedBits, int KEYS_PER_THREAD, typename DigitExtractorT>
    __device__ __forceinline__ void RankKeys(UnsignedBits (&keys)[KEYS_PER_THREAD], int (&ranks)[KEYS_PER_THREAD], DigitExtractorT digit_extractor) {
        DigitCounter thread_prefixes[KEYS_PER_THREAD];
        DigitCounter *digit_counters[KEYS_PER_THREAD];
        for (int lane = 0; lane < PADDED_COUNTER_LANES; lane++) *(PackedCounter *)temp.aliasable.digit_counters[lane][tid] = 0;
        for (int i = 0; i < KEYS_PER_THREAD; i++) {
            unsigned digit = digit_extractor.Digit(keys[i]);
            unsigned sub_counter = digit >> LOG_COUNTER_LANES;
            unsigned counter_lane = digit & (COUNTER_LANES - 1);
            if (IS_DESCENDING) {
                sub_counter = PACKING_RATIO - 1 - sub_counter;
                counter_lane = COUNTER_LANES - 1 - counter_lane;
            }
            digit_counters[i] = &temp.aliasable.digit_counters[counter_lane][tid][sub_counter];
            thread_prefixes[i] = *digit_counters[i];
            *digit_counters[i] = thread_prefixes[i] + 1;
        }
        __syncthreads();
        scan_counters_();
        __syncthreads();
        for (int i = 0; i < KEYS_PER_THREAD; i++) ranks[i] = thread_prefixes[i] + *digit_counters[i];
    }
};

/* Sorts a tile of keys (and values) by the key bits [begin_bit, end_bit),
   RADIX_BITS at a time, as CUB's BlockRadixSort: each pass ranks the keys
   by their digit (BlockRadixRank) and scatters them (and the values) to
   their ranks through shared memory (BlockExchange). */
template <typename KeyT, int BLOCK_DIM_X, int ITEMS_PER_THREAD, typename ValueT = NullType, int RADIX_BITS = 4, bool MEMOIZE_OUTER_SCAN = true, BlockScanAlgorithm INNER_SCAN_ALGORITHM = BLOCK_SCAN_WARP_SCANS, int SMEM_CONFIG = 1, int BLOCK_DIM_Y = 1, int BLOCK_DIM_Z = 1, int LEGACY_PTX_ARCH = 0>
class BlockRadixSort {
    static constexpr int BLOCK_THREADS = BLOCK_DIM_X * BLOCK_DIM_Y * BLOCK_DIM_Z;
    typedef BlockRadixRank<BLOCK_DIM_X, RADIX_BITS, false, MEMOIZE_OUTER_SCAN, INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z> AscendingRank;
    typedef BlockRadixRank<BLOCK_DIM_X, RADIX_BITS, true, MEMOIZE_OUTER_SCAN, INNER_SCAN_ALGORITHM, SMEM_CONFIG, BLOCK_DIM_Y, BLOCK_DIM_Z> DescendingRank;
    typedef BlockExchange<KeyT, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z> ExchangeKeys;
    typedef BlockExchange<ValueT, BLOCK_DIM_X, ITEMS_PER_THREAD, false, BLOCK_DIM_Y, BLOCK_DIM_Z> ExchangeValues;
public:
    struct TempStorage {
        union Storage {
            typename AscendingRank::TempStorage ascending_ranking_storage;
            typename DescendingRank::TempStorage descending_ranking_storage;
            typename ExchangeKeys::TempStorage exchange_keys;
            typename ExchangeValues::TempStorage exchange_values;
        } u;
    };
private:
    TempStorage &temp;
    int tid;
    template <bool DESCENDING> __device__ __forceinline__ void sort_(KeyT (&keys)[ITEMS_PER_THREAD], ValueT *values, int begin_bit, int end_bit, bool striped) {
        while (true) {
            int pass_bits = RADIX_BITS < end_bit - begin_bit ? RADIX_BITS : end_bit - begin_bit;
            BFEDigitExtractor<KeyT> digits(begin_bit, pass_bits);
            int ranks[ITEMS_PER_THREAD];
            if (DESCENDING) DescendingRank(temp.u.descending_ranking_storage).RankKeys(keys, ranks, digits);
            else AscendingRank(temp.u.ascending_ranking_storage).RankKeys(keys, ranks, digits);
            begin_bit += RADIX_BITS;
            __syncthreads();
            int to = striped && begin_bit >= end_bit ? 1 : 0;
            detail::scatter<KeyT, BLOCK_THREADS, ITEMS_PER_THREAD>(temp.u.exchange_keys.buff, tid, keys, keys, ranks, to);
            if (values) {
                __syncthreads();
                detail::scatter<ValueT, BLOCK_THREADS, ITEMS_PER_THREAD>(temp.u.exchange_values.buff, tid, values, values, ranks, to);
            }
            if (begin_bit >= end_bit) break;
            __syncthreads();
        }
    }
public:
    __device__ __forceinline__ BlockRadixSort(TempStorage &t) : temp(t), tid(RowMajorTid(BLOCK_DIM_X, BLOCK_DIM_Y, BLOCK_DIM_Z)) {}
    __device__ __forceinline__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<false>(keys, (ValueT *)0, begin_bit, end_bit, false); }
    __device__ __forceinline__ void Sort(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<false>(keys, values, begin_bit, end_bit, false); }
    __device__ __forceinline__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<true>(keys, (ValueT *)0, begin_bit, end_bit, false); }
    __device__ __forceinline__ void SortDescending(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<true>(keys, values, begin_bit, end_bit, false); }
    __device__ __forceinline__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<false>(keys, (ValueT *)0, begin_bit, end_bit, true); }
    __device__ __forceinline__ void SortBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<false>(keys, values, begin_bit, end_bit, true); }
    __device__ __forceinline__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<true>(keys, (ValueT *)0, begin_bit, end_bit, true); }
    __device__ __forceinline__ void SortDescendingBlockedToStriped(KeyT (&keys)[ITEMS_PER_THREAD], ValueT (&values)[ITEMS_PER_THREAD], int begin_bit = 0, int end_bit = sizeof(KeyT) * 8) { sort_<true>(keys, values, begin_bit, end_bit, true); }
};
} } // namespace cub
#endif

"##
);
