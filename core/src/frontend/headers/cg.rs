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
//! `coalesced_group` (`coalesced_threads()`, `binary_partition`,
//! `labeled_partition`: lanes of a warp by mask) and `thread_group` (any
//! group as a value; the run-time `tiled_partition(g, n)` of n <= 32).
//! `memcpy_async` is `cooperative_groups/memcpy_async.h` (`asyncmem.rs`).
//!
//! Tiles of 64 to 1024 threads (`tiled_partition<N>` of a block, with or
//! without `block_tile_memory`): ranks, sizes, `reduce` (each warp's
//! butterfly, then the warps' values through shared memory) and `sync`,
//! which is the block's barrier, so every tile of the block must call it
//! together (nvcc's header has per-tile barriers in reserved shared memory).
//!
//! Not here yet: cluster groups, shuffles of multi-warp tiles, `redux.sync`
//! for integer reductions of tiles (every warp reduction is a butterfly of
//! shuffles; `__reduce_*_sync` are `redux.sync`).

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

/* A tile's shuffles of a vector type, component by component. */
#define __PTXLAB_TILE_SHFL_ONE(V, MAKE, NAME, ARG, COMPONENTS) \
    __device__ __forceinline__ V NAME(V v, ARG k) const { return MAKE COMPONENTS; }
#define __PTXLAB_TILE_SHFL_ALL(V, MAKE, C) \
    __PTXLAB_TILE_SHFL_ONE(V, MAKE, shfl, int, C(shfl)) \
    __PTXLAB_TILE_SHFL_ONE(V, MAKE, shfl_up, unsigned, C(shfl_up)) \
    __PTXLAB_TILE_SHFL_ONE(V, MAKE, shfl_down, unsigned, C(shfl_down)) \
    __PTXLAB_TILE_SHFL_ONE(V, MAKE, shfl_xor, unsigned, C(shfl_xor))
#define __PTXLAB_C2(F) (F(v.x, k), F(v.y, k))
#define __PTXLAB_C3(F) (F(v.x, k), F(v.y, k), F(v.z, k))
#define __PTXLAB_C4(F) (F(v.x, k), F(v.y, k), F(v.z, k), F(v.w, k))
#define __PTXLAB_TILE_SHFL_VEC2(V, MAKE) __PTXLAB_TILE_SHFL_ALL(V, MAKE, __PTXLAB_C2)
#define __PTXLAB_TILE_SHFL_VEC3(V, MAKE) __PTXLAB_TILE_SHFL_ALL(V, MAKE, __PTXLAB_C3)
#define __PTXLAB_TILE_SHFL_VEC4(V, MAKE) __PTXLAB_TILE_SHFL_ALL(V, MAKE, __PTXLAB_C4)

/* A tile's shuffles of any other trivially copyable type (a struct that a
   reduction combines): its 32-bit words one by one. */
namespace details {
template <typename T> union __shfl_words { T item; unsigned words[(sizeof(T) + 3) / 4]; };
}
#define __PTXLAB_TILE_SHFL_ANY(NAME, ARG, SYNC) \
    template <typename T> __device__ __forceinline__ T NAME(T v, ARG k) const { \
        details::__shfl_words<T> u; \
        u.item = v; \
        for (int i = 0; i < (int)((sizeof(T) + 3) / 4); i++) u.words[i] = SYNC(__lanes(), u.words[i], k, Size); \
        return u.item; \
    }

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
    __PTXLAB_TILE_SHFL_ANY(shfl, int, __shfl_sync)
    __PTXLAB_TILE_SHFL_ANY(shfl_up, unsigned, __shfl_up_sync)
    __PTXLAB_TILE_SHFL_ANY(shfl_down, unsigned, __shfl_down_sync)
    __PTXLAB_TILE_SHFL_ANY(shfl_xor, unsigned, __shfl_xor_sync)
    /* CUDA's vector types: one 32- or 64-bit shuffle per component. */
    __PTXLAB_TILE_SHFL_VEC2(int2, make_int2)
    __PTXLAB_TILE_SHFL_VEC2(uint2, make_uint2)
    __PTXLAB_TILE_SHFL_VEC2(float2, make_float2)
    __PTXLAB_TILE_SHFL_VEC2(double2, make_double2)
    __PTXLAB_TILE_SHFL_VEC2(longlong2, make_longlong2)
    __PTXLAB_TILE_SHFL_VEC2(ulonglong2, make_ulonglong2)
    __PTXLAB_TILE_SHFL_VEC3(int3, make_int3)
    __PTXLAB_TILE_SHFL_VEC3(uint3, make_uint3)
    __PTXLAB_TILE_SHFL_VEC3(float3, make_float3)
    __PTXLAB_TILE_SHFL_VEC4(int4, make_int4)
    __PTXLAB_TILE_SHFL_VEC4(uint4, make_uint4)
    __PTXLAB_TILE_SHFL_VEC4(float4, make_float4)
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

/* Scratch a block gives its tiles of more than 32 threads
   (this_thread_block(scratch)); our tiles keep what they exchange in
   shared memory of their own, so this only reserves the name. */
template <unsigned int MaxBlockSize = 1024> struct block_tile_memory {
    unsigned long long __reserved[MaxBlockSize / 32];
};
template <unsigned int MaxBlockSize>
__device__ __forceinline__ thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) { return thread_block(); }

/* Tiles of 64 to 1024 consecutive threads (whole warps): ranks and sizes,
   and their barrier, which is the block's (barrier.sync 0): every tile of
   the block must reach it together. */
#define __PTXLAB_MULTI_WARP_TILE(N) \
template <typename ParentT> class thread_block_tile<N, ParentT> { \
public: \
    __device__ __forceinline__ void sync() const { __barrier_sync(0); } \
    __device__ __forceinline__ unsigned thread_rank() const { return details::cta_thread_rank() & (N - 1); } \
    __device__ __forceinline__ unsigned num_threads() const { return N; } \
    __device__ __forceinline__ unsigned size() const { return N; } \
    __device__ __forceinline__ unsigned meta_group_rank() const { return details::cta_thread_rank() / N; } \
    __device__ __forceinline__ unsigned meta_group_size() const { \
        return (details::cta_num_threads() + (N - 1)) / N; \
    } \
};
__PTXLAB_MULTI_WARP_TILE(64)
__PTXLAB_MULTI_WARP_TILE(128)
__PTXLAB_MULTI_WARP_TILE(256)
__PTXLAB_MULTI_WARP_TILE(512)
__PTXLAB_MULTI_WARP_TILE(1024)
#undef __PTXLAB_MULTI_WARP_TILE

/* Threads of one warp named by a lane mask: coalesced_threads() (the
   lanes active together), binary_partition() and labeled_partition().
   A member's rank counts the mask's lanes below it. */
class coalesced_group {
public:
    unsigned __mask;
    __device__ __forceinline__ explicit coalesced_group(unsigned __m) : __mask(__m) {}
    /* The lane of the member of rank k (this thread's own past the end). */
    __device__ __forceinline__ unsigned __lane_of(unsigned __k) const {
        unsigned __m = __mask;
        for (unsigned __i = 0; __i < __k && __m != 0; ++__i) __m &= __m - 1;
        return __m == 0 ? details::laneid() : (unsigned)(__ffs((int)__m) - 1);
    }
    __device__ __forceinline__ unsigned __lanes() const { return __mask; }
    __device__ __forceinline__ void sync() const { __syncwarp(__mask); }
    __device__ __forceinline__ unsigned num_threads() const { return (unsigned)__popc(__mask); }
    __device__ __forceinline__ unsigned size() const { return num_threads(); }
    __device__ __forceinline__ unsigned thread_rank() const {
        return (unsigned)__popc(__mask & ((1u << details::laneid()) - 1u));
    }
    __device__ __forceinline__ unsigned meta_group_rank() const { return 0; }
    __device__ __forceinline__ unsigned meta_group_size() const { return 1; }
    /* The lanes d ranks down and up (this thread's own past the ends). */
    __device__ __forceinline__ unsigned __lane_down(unsigned __d) const {
        unsigned __r = thread_rank() + __d;
        return __r < size() ? __lane_of(__r) : details::laneid();
    }
    __device__ __forceinline__ unsigned __lane_up(unsigned __d) const {
        unsigned __r = thread_rank();
        return __r >= __d ? __lane_of(__r - __d) : details::laneid();
    }
    __device__ __forceinline__ int shfl(int __v, unsigned __rank) const { return __shfl_sync(__mask, __v, (int)__lane_of(__rank)); }
    __device__ __forceinline__ unsigned shfl(unsigned __v, unsigned __rank) const { return __shfl_sync(__mask, __v, (int)__lane_of(__rank)); }
    __device__ __forceinline__ float shfl(float __v, unsigned __rank) const { return __shfl_sync(__mask, __v, (int)__lane_of(__rank)); }
    __device__ __forceinline__ double shfl(double __v, unsigned __rank) const { return __shfl_sync(__mask, __v, (int)__lane_of(__rank)); }
    __device__ __forceinline__ long long shfl(long long __v, unsigned __rank) const { return __shfl_sync(__mask, __v, (int)__lane_of(__rank)); }
    __device__ __forceinline__ unsigned long long shfl(unsigned long long __v, unsigned __rank) const { return __shfl_sync(__mask, __v, (int)__lane_of(__rank)); }
    __device__ __forceinline__ int shfl_down(int __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_down(__d)); }
    __device__ __forceinline__ unsigned shfl_down(unsigned __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_down(__d)); }
    __device__ __forceinline__ float shfl_down(float __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_down(__d)); }
    __device__ __forceinline__ double shfl_down(double __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_down(__d)); }
    __device__ __forceinline__ long long shfl_down(long long __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_down(__d)); }
    __device__ __forceinline__ unsigned long long shfl_down(unsigned long long __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_down(__d)); }
    __device__ __forceinline__ int shfl_up(int __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_up(__d)); }
    __device__ __forceinline__ unsigned shfl_up(unsigned __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_up(__d)); }
    __device__ __forceinline__ float shfl_up(float __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_up(__d)); }
    __device__ __forceinline__ double shfl_up(double __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_up(__d)); }
    __device__ __forceinline__ long long shfl_up(long long __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_up(__d)); }
    __device__ __forceinline__ unsigned long long shfl_up(unsigned long long __v, unsigned __d) const { return __shfl_sync(__mask, __v, (int)__lane_up(__d)); }
    /* A mask of the members' predicates, by rank. */
    __device__ __forceinline__ unsigned ballot(int __pred) const {
        unsigned __b = __ballot_sync(__mask, __pred), __out = 0, __m = __mask;
        for (unsigned __k = 0; __m != 0; ++__k, __m &= __m - 1)
            if (__b & __m & (0u - __m)) __out |= 1u << __k;
        return __out;
    }
    __device__ __forceinline__ int any(int __pred) const { return __ballot_sync(__mask, __pred) != 0; }
    __device__ __forceinline__ int all(int __pred) const { return __ballot_sync(__mask, __pred) == __mask; }
};

static __device__ __forceinline__ coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

/* The members of a warp-sized group with the same predicate. */
template <unsigned int Size, typename ParentT>
__device__ __forceinline__ coalesced_group binary_partition(const thread_block_tile<Size, ParentT> &__g, bool __pred) {
    unsigned __b = __ballot_sync(__g.__lanes(), __pred);
    return coalesced_group(__pred ? __b : __g.__lanes() & ~__b);
}
static __device__ __forceinline__ coalesced_group binary_partition(const coalesced_group &__g, bool __pred) {
    unsigned __b = __ballot_sync(__g.__mask, __pred);
    return coalesced_group(__pred ? __b : __g.__mask & ~__b);
}
/* The members of a warp-sized group with the same label. */
template <unsigned int Size, typename ParentT>
__device__ __forceinline__ coalesced_group labeled_partition(const thread_block_tile<Size, ParentT> &__g, int __label) {
    return coalesced_group(__match_any_sync(__g.__lanes(), __label));
}
static __device__ __forceinline__ coalesced_group labeled_partition(const coalesced_group &__g, int __label) {
    return coalesced_group(__match_any_sync(__g.__mask, __label));
}
static __device__ __forceinline__ coalesced_group labeled_partition(const coalesced_group &__g, unsigned __label) {
    return coalesced_group(__match_any_sync(__g.__mask, __label));
}

/* Any group as a value: the block (barrier 0) or lanes of a warp (their
   mask), with its size and this thread's rank. A block and its tiles
   convert to it; tiled_partition(group, n) makes tiles of n <= 32 threads. */
class thread_group {
public:
    unsigned __mask;
    unsigned __size;
    unsigned __rank;
    __device__ __forceinline__ thread_group(const thread_block &__b)
        : __mask(0), __size(__b.size()), __rank(__b.thread_rank()) {}
    __device__ __forceinline__ thread_group(const thread_block_tile<1> &__t)
        : __mask(__t.__lanes()), __size(1), __rank(__t.thread_rank()) {}
    __device__ __forceinline__ thread_group(const thread_block_tile<2> &__t)
        : __mask(__t.__lanes()), __size(2), __rank(__t.thread_rank()) {}
    __device__ __forceinline__ thread_group(const thread_block_tile<4> &__t)
        : __mask(__t.__lanes()), __size(4), __rank(__t.thread_rank()) {}
    __device__ __forceinline__ thread_group(const thread_block_tile<8> &__t)
        : __mask(__t.__lanes()), __size(8), __rank(__t.thread_rank()) {}
    __device__ __forceinline__ thread_group(const thread_block_tile<16> &__t)
        : __mask(__t.__lanes()), __size(16), __rank(__t.thread_rank()) {}
    __device__ __forceinline__ thread_group(const thread_block_tile<32> &__t)
        : __mask(__t.__lanes()), __size(32), __rank(__t.thread_rank()) {}
    __device__ __forceinline__ thread_group(const coalesced_group &__c)
        : __mask(__c.__mask), __size(__c.size()), __rank(__c.thread_rank()) {}
    __device__ __forceinline__ thread_group(unsigned __m, unsigned __s, unsigned __r)
        : __mask(__m), __size(__s), __rank(__r) {}
    __device__ __forceinline__ void sync() const {
        if (__mask == 0)
            __barrier_sync(0);
        else
            __syncwarp(__mask);
    }
    __device__ __forceinline__ unsigned size() const { return __size; }
    __device__ __forceinline__ unsigned num_threads() const { return __size; }
    __device__ __forceinline__ unsigned thread_rank() const { return __rank; }
};

static __device__ __forceinline__ thread_group tiled_partition(const thread_block &__parent, unsigned __n) {
    unsigned __first = details::laneid() & ~(__n - 1);
    unsigned __lanes = (__n >= 32 ? 0xffffffffu : ((1u << __n) - 1u)) << (__n >= 32 ? 0 : __first);
    return thread_group(__lanes, __n, __parent.thread_rank() % __n);
}
static __device__ __forceinline__ thread_group tiled_partition(const thread_group &__parent, unsigned __n) {
    unsigned __r = __parent.thread_rank();
    unsigned __first = details::laneid() & ~(__n - 1);
    unsigned __lanes = (__n >= 32 ? 0xffffffffu : ((1u << __n) - 1u)) << (__n >= 32 ? 0 : __first);
    return thread_group(__lanes, __n, __r % __n);
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
/* A coalesced group of any size: each step combines the value of the
   member d ranks up, in rank order; rank 0's total goes to every member. */
/* A tile of N > 32 threads: each warp's butterfly, the warps' results
   through shared memory (one slot per warp of the block), combined in
   warp order by every thread of the tile. */
namespace details {
template <unsigned int N, typename TyVal, typename TyOp>
__device__ __forceinline__ TyVal multi_warp_reduce(TyVal val, TyOp op) {
    __shared__ TyVal slots[32];
    val = reduce(thread_block_tile<32>(), val, op);
    unsigned r = cta_thread_rank();
    if ((r & 31) == 0) slots[r >> 5] = val;
    __barrier_sync(0);
    unsigned first = r / N * (N / 32);
    TyVal acc = slots[first];
    for (unsigned k = 1; k < N / 32; ++k) acc = op(acc, slots[first + k]);
    __barrier_sync(0);
    return acc;
}
}
#define __PTXLAB_MULTI_WARP_REDUCE(N) \
template <typename ParentT, typename TyVal, typename TyOp> \
__device__ __forceinline__ TyVal reduce(const thread_block_tile<N, ParentT> &, TyVal val, TyOp op) { \
    return details::multi_warp_reduce<N>(val, op); \
}
__PTXLAB_MULTI_WARP_REDUCE(64)
__PTXLAB_MULTI_WARP_REDUCE(128)
__PTXLAB_MULTI_WARP_REDUCE(256)
__PTXLAB_MULTI_WARP_REDUCE(512)
__PTXLAB_MULTI_WARP_REDUCE(1024)
#undef __PTXLAB_MULTI_WARP_REDUCE
template <typename TyVal, typename TyOp>
__device__ __forceinline__ TyVal reduce(const coalesced_group &group, TyVal val, TyOp op) {
    unsigned n = group.size(), r = group.thread_rank();
    for (unsigned d = 1; d < n; d <<= 1) {
        TyVal o = group.shfl(val, r + d < n ? r + d : r);
        if (r + d < n) val = op(val, o);
    }
    return group.shfl(val, 0);
}
}
}
";

/// `<cooperative_groups/scan.h>`: `inclusive_scan(tile, value[, op])` (a
/// Hillis-Steele scan of `shfl_up`s over the tile) and `exclusive_scan`
/// (the inclusive result one rank up; rank 0 gets a value-initialized one,
/// which is `0` for `plus` as CUDA's).
pub const SCAN: &str = "#pragma once
#include <cooperative_groups.h>
namespace cooperative_groups {
namespace __v1 {
template <typename TyGroup, typename TyVal, typename TyOp>
__device__ __forceinline__ TyVal inclusive_scan(const TyGroup &group, TyVal val, TyOp op) {
    unsigned r = group.thread_rank();
#pragma unroll
    for (unsigned d = 1; d < group.num_threads(); d <<= 1) {
        TyVal o = group.shfl_up(val, d);
        if (r >= d) val = op(o, val);
    }
    return val;
}
template <typename TyGroup, typename TyVal>
__device__ __forceinline__ TyVal inclusive_scan(const TyGroup &group, TyVal val) {
    return inclusive_scan(group, val, plus<TyVal>());
}
template <typename TyGroup, typename TyVal, typename TyOp>
__device__ __forceinline__ TyVal exclusive_scan(const TyGroup &group, TyVal val, TyOp op) {
    TyVal inc = inclusive_scan(group, val, op);
    TyVal up = group.shfl_up(inc, 1);
    return group.thread_rank() == 0 ? TyVal() : up;
}
template <typename TyGroup, typename TyVal>
__device__ __forceinline__ TyVal exclusive_scan(const TyGroup &group, TyVal val) {
    return exclusive_scan(group, val, plus<TyVal>());
}
}
}
";
