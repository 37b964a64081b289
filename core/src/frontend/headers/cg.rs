//! `<cooperative_groups.h>` and `<cooperative_groups/reduce.h>`: our own
//! CUDA C++ for the groups kernels use most — the thread block, the grid's
//! ranks and sizes, and tiles of 1 to 32 threads of a block with their
//! shuffles, votes and reductions. The names are CUDA's (the classes live
//! in `cooperative_groups::__v1`, brought into `cooperative_groups` by a
//! using-directive, and a tile is `thread_block_tile<Size, ParentT = void>`,
//! so functions taking groups mangle as NVRTC's), and the operations are
//! the instructions CUDA's header makes: `barrier.sync 0` for the block,
//! `bar.warp.sync` with the tile's lanes as mask, `shfl.sync` with the
//! tile's width in its clamp, votes through `vote.sync.ballot`.
//!
//! Not here yet: `thread_group` and the run-time `tiled_partition(g, n)`,
//! `coalesced_group`, tiles of more than 32 threads, cluster groups, `memcpy_async`, scans,
//! `redux.sync` for integer reductions (every reduction is a butterfly of
//! shuffles).

pub const COOPERATIVE_GROUPS: &str = "#pragma once
namespace cooperative_groups {
namespace __v1 {
namespace details {
/* The linear rank of a thread in its block, and the block's size. */
static __device__ __forceinline__ unsigned cta_thread_rank() {
    return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}
static __device__ __forceinline__ unsigned cta_num_threads() {
    return blockDim.x * blockDim.y * blockDim.z;
}
static __device__ __forceinline__ unsigned laneid() {
    return (unsigned)__nvvm_read_ptx_sreg_laneid();
}
}

/* The threads of a block (this_thread_block()). */
class thread_block {
public:
    __device__ __forceinline__ void sync() const { __barrier_sync(0); }
    __device__ __forceinline__ unsigned thread_rank() const { return details::cta_thread_rank(); }
    __device__ __forceinline__ unsigned num_threads() const { return details::cta_num_threads(); }
    __device__ __forceinline__ unsigned size() const { return details::cta_num_threads(); }
    __device__ __forceinline__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ __forceinline__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
    __device__ __forceinline__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __device__ __forceinline__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

static __device__ __forceinline__ thread_block this_thread_block() { return thread_block(); }

/* The threads of the grid (this_grid()): their ranks and number, and
   their barrier (which needs a cooperative launch). */
class grid_group {
public:
    __device__ __forceinline__ unsigned long long num_blocks() const {
        return (unsigned long long)gridDim.x * (gridDim.y * gridDim.z);
    }
    __device__ __forceinline__ unsigned long long block_rank() const {
        return ((unsigned long long)gridDim.y * blockIdx.z + blockIdx.y) * gridDim.x + blockIdx.x;
    }
    __device__ __forceinline__ unsigned long long num_threads() const {
        return num_blocks() * details::cta_num_threads();
    }
    __device__ __forceinline__ unsigned long long size() const { return num_threads(); }
    __device__ __forceinline__ unsigned long long thread_rank() const {
        return block_rank() * details::cta_num_threads() + details::cta_thread_rank();
    }
    __device__ __forceinline__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
    __device__ __forceinline__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
    __device__ __forceinline__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
    __device__ __forceinline__ bool is_valid() const {
        return (((unsigned long long)__nvvm_read_ptx_sreg_envreg1() << 32) | __nvvm_read_ptx_sreg_envreg2()) != 0;
    }
    /* The grid's barrier, as CUDA's header makes it: the driver's grid
       workspace (0 unless the launch is cooperative: then a trap); the
       first thread of each block adds to its arrival counter (the first
       block so that the top bit flips when all have arrived) and waits
       for the flip. */
    __device__ __forceinline__ void sync() const {
        unsigned long long __ws =
            ((unsigned long long)__nvvm_read_ptx_sreg_envreg1() << 32) | __nvvm_read_ptx_sreg_envreg2();
        if (__ws == 0) __trap();
        __barrier_sync(0);
        if (threadIdx.x + threadIdx.y + threadIdx.z == 0) {
            unsigned __nb = gridDim.x * gridDim.y * gridDim.z;
            unsigned __inc = blockIdx.x + blockIdx.y + blockIdx.z == 0 ? 0x80000001u - __nb : 1u;
            unsigned *__arrived = (unsigned *)(__ws + 4);
            __threadfence();
            unsigned __old = atomicAdd(__arrived, __inc);
            while (((atomicAdd(__arrived, 0u) ^ __old) & 0x80000000u) == 0) {}
            __threadfence();
        }
        __barrier_sync(0);
    }
};

static __device__ __forceinline__ grid_group this_grid() { return grid_group(); }

/* Size consecutive threads of a block (1, 2, 4, 8, 16 or 32), made by
   tiled_partition<Size>(block). Its lanes are the bits of __lanes(). */
template <unsigned int Size, typename ParentT = void> class thread_block_tile {
public:
    /* The first lane of this thread's tile in its warp (0 for a warp). */
    __device__ __forceinline__ unsigned __first_lane() const {
        return Size == 32 ? 0 : details::laneid() & ~(Size - 1);
    }
    __device__ __forceinline__ unsigned __lanes() const {
        return Size == 32 ? 0xffffffffu : (0xffffffffu >> (32 - Size)) << __first_lane();
    }
    __device__ __forceinline__ void sync() const { __syncwarp(__lanes()); }
    __device__ __forceinline__ unsigned thread_rank() const {
        return details::cta_thread_rank() & (Size - 1);
    }
    __device__ __forceinline__ unsigned num_threads() const { return Size; }
    __device__ __forceinline__ unsigned size() const { return Size; }
    __device__ __forceinline__ unsigned meta_group_rank() const {
        return details::cta_thread_rank() / Size;
    }
    __device__ __forceinline__ unsigned meta_group_size() const {
        return (details::cta_num_threads() + (Size - 1)) / Size;
    }
    __device__ __forceinline__ int shfl(int v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ unsigned shfl(unsigned v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ float shfl(float v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ double shfl(double v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ long long shfl(long long v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ unsigned long long shfl(unsigned long long v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ long shfl(long v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ unsigned long shfl(unsigned long v, int src) const { return __shfl_sync(__lanes(), v, src, Size); }
    __device__ __forceinline__ int shfl_down(int v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ unsigned shfl_down(unsigned v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ float shfl_down(float v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ double shfl_down(double v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ long long shfl_down(long long v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ unsigned long long shfl_down(unsigned long long v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ long shfl_down(long v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ unsigned long shfl_down(unsigned long v, unsigned d) const { return __shfl_down_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ int shfl_up(int v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ unsigned shfl_up(unsigned v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ float shfl_up(float v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ double shfl_up(double v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ long long shfl_up(long long v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ unsigned long long shfl_up(unsigned long long v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ long shfl_up(long v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ unsigned long shfl_up(unsigned long v, unsigned d) const { return __shfl_up_sync(__lanes(), v, d, Size); }
    __device__ __forceinline__ int shfl_xor(int v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ unsigned shfl_xor(unsigned v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ float shfl_xor(float v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ double shfl_xor(double v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ long long shfl_xor(long long v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ unsigned long long shfl_xor(unsigned long long v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ long shfl_xor(long v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ unsigned long shfl_xor(unsigned long v, unsigned m) const { return __shfl_xor_sync(__lanes(), v, m, Size); }
    __device__ __forceinline__ unsigned ballot(int pred) const {
        return __ballot_sync(__lanes(), pred) >> __first_lane();
    }
    __device__ __forceinline__ int any(int pred) const { return __ballot_sync(__lanes(), pred) != 0; }
    __device__ __forceinline__ int all(int pred) const { return __ballot_sync(__lanes(), pred) == __lanes(); }
    __device__ __forceinline__ unsigned match_any(int v) const {
        return __match_any_sync(__lanes(), v) >> __first_lane();
    }
    __device__ __forceinline__ unsigned match_any(unsigned v) const {
        return __match_any_sync(__lanes(), v) >> __first_lane();
    }
};

template <unsigned int Size, typename ParentT>
__device__ __forceinline__ thread_block_tile<Size> tiled_partition(const ParentT &parent) {
    return thread_block_tile<Size>();
}

/* Any group's barrier. */
template <typename GroupT> __device__ __forceinline__ void sync(const GroupT &g) { g.sync(); }

/* The operations of reduce(). */
template <typename T> struct plus {
    __device__ __forceinline__ T operator()(T a, T b) const { return a + b; }
};
template <typename T> struct less {
    __device__ __forceinline__ T operator()(T a, T b) const { return b < a ? b : a; }
};
template <typename T> struct greater {
    __device__ __forceinline__ T operator()(T a, T b) const { return a < b ? b : a; }
};
template <typename T> struct bit_and {
    __device__ __forceinline__ T operator()(T a, T b) const { return a & b; }
};
template <typename T> struct bit_or {
    __device__ __forceinline__ T operator()(T a, T b) const { return a | b; }
};
template <typename T> struct bit_xor {
    __device__ __forceinline__ T operator()(T a, T b) const { return a ^ b; }
};
}
using namespace __v1;
}
";

/// `<cooperative_groups/reduce.h>`: `reduce(tile, value, op)`, a butterfly
/// of `shfl_xor`s over the tile, every lane getting the result.
pub const REDUCE: &str = "#pragma once
#include <cooperative_groups.h>
namespace cooperative_groups {
namespace __v1 {
template <typename TyGroup, typename TyVal, typename TyOp>
__device__ __forceinline__ TyVal reduce(const TyGroup &group, TyVal val, TyOp op) {
#pragma unroll
    for (int lane_mask = group.num_threads() >> 1; lane_mask > 0; lane_mask >>= 1) {
        val = op(val, group.shfl_xor(val, lane_mask));
    }
    return val;
}
}
}
";
