//! The asynchronous-copy and barrier headers, our own CUDA C++ over the
//! `__nvvm_cp_async_*` and `__nvvm_mbarrier_*` built-ins
//! (`frontend/builtins/asyncmem.rs`): `cuda_pipeline_primitives.h`
//! (`__pipeline_memcpy_async`, `__pipeline_commit`, `__pipeline_wait_prior`),
//! `cuda_awbarrier_primitives.h` (`__mbarrier_*`), `cuda/barrier`
//! (`cuda::barrier<thread_scope_block>`, `init`, `arrive`, `wait`,
//! `arrive_and_wait`, `arrive_and_drop`, `cuda::memcpy_async` with a
//! barrier), `cuda/pipeline` (`cuda::pipeline<thread_scope_thread>`,
//! `make_pipeline`, `producer_acquire/commit`, `consumer_wait/release`,
//! `pipeline_consumer_wait_prior<N>`,
//! `cuda::memcpy_async` with a pipeline) and `cuda::aligned_size_t`. As
//! nvcc's headers, sm_80 and newer copy with `cp.async` (`.cg` for 16
//! bytes, `.ca` for 4 and 8) and wait on `mbarrier`s (sm_90: `try_wait`);
//! older targets copy at once, and their `cuda::barrier` is a counter in
//! shared memory updated with atomics.
//!
//! Block-scope pipelines (sm_80+: `pipeline_shared_state`, `pipeline_role`,
//! `make_pipeline(group, &state, role)`) are two mbarriers per stage that
//! every thread of the group arrives at: producers after their copies
//! land, consumers when they wait (filled) and release (freed); nvcc's
//! header waits on the phases' parity instead, so the instructions differ.
//!
//! Not here yet: `make_pipeline(group, &state)` without roles, barriers with a completion
//! function, `cp.async.bulk` (TMA).

/// `cuda_pipeline_primitives.h` (and `cuda_pipeline.h`).
pub const PIPELINE_PRIMITIVES: &str = "#pragma once
#include <stddef.h>
/* Copies size_and_align bytes (4, 8 or 16: the size and the alignment of
   both pointers); the last zfill bytes of the destination become zeros. */
static __device__ __forceinline__ void __pipeline_memcpy_async(void *__dst, const void *__src,
                                                               size_t __size_and_align,
                                                               size_t __zfill = 0) {
#if __CUDA_ARCH__ >= 800
    unsigned __n = (unsigned)(__size_and_align - __zfill);
    switch (__size_and_align) {
    case 16: __nvvm_cp_async_cg_shared_global_16(__dst, __src, __n); break;
    case 8: __nvvm_cp_async_ca_shared_global_8(__dst, __src, __n); break;
    default: __nvvm_cp_async_ca_shared_global_4(__dst, __src, __n); break;
    }
#else
    char *__d = (char *)__dst;
    const char *__s = (const char *)__src;
    for (size_t __k = 0; __k < __size_and_align; ++__k)
        __d[__k] = __k < __size_and_align - __zfill ? __s[__k] : 0;
#endif
}
static __device__ __forceinline__ void __pipeline_commit() {
#if __CUDA_ARCH__ >= 800
    __nvvm_cp_async_commit_group();
#endif
}
/* Waits until at most `prior` committed batches are still in flight. */
static __device__ __forceinline__ void __pipeline_wait_prior(size_t __prior) {
#if __CUDA_ARCH__ >= 800
    switch (__prior) {
    case 0: __nvvm_cp_async_wait_group(0); break;
    case 1: __nvvm_cp_async_wait_group(1); break;
    case 2: __nvvm_cp_async_wait_group(2); break;
    case 3: __nvvm_cp_async_wait_group(3); break;
    case 4: __nvvm_cp_async_wait_group(4); break;
    case 5: __nvvm_cp_async_wait_group(5); break;
    case 6: __nvvm_cp_async_wait_group(6); break;
    default: __nvvm_cp_async_wait_group(7); break;
    }
#endif
}
";

/// `cuda_pipeline.h`: the primitives.
pub const PIPELINE: &str = "#pragma once
#include <cuda_pipeline_primitives.h>
";

/// `cuda_awbarrier_primitives.h` (and `cuda_awbarrier.h`): `__mbarrier_*`.
pub const AWBARRIER_PRIMITIVES: &str = "#pragma once
typedef unsigned long long __mbarrier_t;
typedef unsigned long long __mbarrier_token_t;
#if __CUDA_ARCH__ >= 800
static __device__ __forceinline__ void __mbarrier_init(__mbarrier_t *__b, unsigned __count) {
    __nvvm_mbarrier_init_shared(__b, (int)__count);
}
static __device__ __forceinline__ void __mbarrier_inval(__mbarrier_t *__b) { __nvvm_mbarrier_inval_shared(__b); }
static __device__ __forceinline__ __mbarrier_token_t __mbarrier_arrive(__mbarrier_t *__b) {
    return __nvvm_mbarrier_arrive_shared(__b);
}
static __device__ __forceinline__ __mbarrier_token_t __mbarrier_arrive_and_drop(__mbarrier_t *__b) {
    return __nvvm_mbarrier_arrive_drop_shared(__b);
}
static __device__ __forceinline__ bool __mbarrier_test_wait(__mbarrier_t *__b, __mbarrier_token_t __t) {
    return __nvvm_mbarrier_test_wait_shared(__b, __t);
}
static __device__ __forceinline__ unsigned __mbarrier_token_pending_count(__mbarrier_token_t __t) {
    return (unsigned)__nvvm_mbarrier_pending_count(__t);
}
#endif
static __device__ __forceinline__ unsigned __mbarrier_maximum_count() { return (1u << 20) - 1; }
";

/// `cuda_awbarrier.h`: the primitives.
pub const AWBARRIER: &str = "#pragma once
#include <cuda_awbarrier_primitives.h>
";

/// `cuda/barrier`: `cuda::barrier`, `cuda::thread_scope`,
/// `cuda::aligned_size_t`, `cuda::memcpy_async` with a barrier.
pub const BARRIER: &str = "#pragma once
#include <stddef.h>
#include <utility>
#include <cuda_pipeline_primitives.h>
namespace cuda {
enum thread_scope {
    thread_scope_system = 0,
    thread_scope_device = 1,
    thread_scope_block = 2,
    thread_scope_thread = 3
};
/* A size that is a multiple of Align, with both pointers aligned to it. */
template <size_t Align> struct aligned_size_t {
    static constexpr size_t align = Align;
    size_t value;
    __host__ __device__ explicit aligned_size_t(size_t __s) : value(__s) {}
    __host__ __device__ operator size_t() const { return value; }
};
namespace __detail {
/* Copies n bytes, in asynchronous pieces of the widest width that both
   pointers and the size allow (`align` known, else found at run time). */
static __device__ __forceinline__ void __copy(void *__dst, const void *__src, size_t __n, size_t __align) {
    char *__d = (char *)__dst;
    const char *__s = (const char *)__src;
#if __CUDA_ARCH__ >= 800
    if (__align < 4) {
        size_t __bits = (size_t)__d | (size_t)__s | __n;
        __align = (__bits & 15) == 0 ? 16 : (__bits & 7) == 0 ? 8 : (__bits & 3) == 0 ? 4 : 1;
    }
    if (__align >= 16) {
        for (size_t __k = 0; __k < __n; __k += 16) __nvvm_cp_async_cg_shared_global_16(__d + __k, __s + __k);
        return;
    }
    if (__align >= 8) {
        for (size_t __k = 0; __k < __n; __k += 8) __nvvm_cp_async_ca_shared_global_8(__d + __k, __s + __k);
        return;
    }
    if (__align >= 4) {
        for (size_t __k = 0; __k < __n; __k += 4) __nvvm_cp_async_ca_shared_global_4(__d + __k, __s + __k);
        return;
    }
#endif
    for (size_t __k = 0; __k < __n; ++__k) __d[__k] = __s[__k];
}
}

template <thread_scope Scope> class barrier;

/* A barrier of the threads of a block in shared memory: an mbarrier on
   sm_80 and newer; on older targets a count of arrivals and a phase. */
template <> class barrier<thread_scope_block> {
public:
    typedef unsigned long long arrival_token;
#if __CUDA_ARCH__ >= 800
    unsigned long long __state;
    __device__ void __init(ptrdiff_t __expected) { __nvvm_mbarrier_init_shared(&__state, (int)__expected); }
    __device__ arrival_token arrive() { return __nvvm_mbarrier_arrive_shared(&__state); }
    __device__ void wait(arrival_token __t) const {
        unsigned long long *__b = const_cast<unsigned long long *>(&__state);
#if __CUDA_ARCH__ >= 900
        while (!__nvvm_mbarrier_try_wait_shared(__b, __t)) {}
#else
        while (!__nvvm_mbarrier_test_wait_shared(__b, __t)) {}
#endif
    }
    __device__ void arrive_and_drop() { (void)__nvvm_mbarrier_arrive_drop_shared(&__state); }
#else
    unsigned __expected;
    unsigned __arrived;
    unsigned __phase;
    __device__ void __init(ptrdiff_t __e) { __expected = (unsigned)__e; __arrived = 0; __phase = 0; }
    __device__ arrival_token arrive() {
        unsigned __p = atomicAdd(&__phase, 0u);
        if (atomicAdd(&__arrived, 1u) + 1 == atomicAdd(&__expected, 0u)) {
            atomicExch(&__arrived, 0u);
            __threadfence_block();
            atomicAdd(&__phase, 1u);
        }
        return __p;
    }
    __device__ void wait(arrival_token __t) const {
        unsigned *__p = const_cast<unsigned *>(&__phase);
        while (atomicAdd(__p, 0u) == (unsigned)__t) {}
    }
    __device__ void arrive_and_drop() {
        atomicSub(&__expected, 1u);
        if (atomicAdd(&__arrived, 0u) >= atomicAdd(&__expected, 0u)) {
            atomicExch(&__arrived, 0u);
            __threadfence_block();
            atomicAdd(&__phase, 1u);
        }
    }
#endif
    __device__ void arrive_and_wait() { wait(arrive()); }
    static constexpr ptrdiff_t max() { return (1 << 20) - 1; }
};

template <thread_scope Scope>
__device__ void init(barrier<Scope> *__b, ptrdiff_t __expected) { __b->__init(__expected); }

/* The copy is complete when a later wait on the barrier returns. */
template <thread_scope Scope>
__device__ void memcpy_async(void *__dst, const void *__src, size_t __n, barrier<Scope> &__b) {
    __detail::__copy(__dst, __src, __n, 0);
#if __CUDA_ARCH__ >= 800
    __nvvm_cp_async_wait_all();
#endif
}
template <size_t Align, thread_scope Scope>
__device__ void memcpy_async(void *__dst, const void *__src, aligned_size_t<Align> __n, barrier<Scope> &__b) {
    __detail::__copy(__dst, __src, __n.value, Align);
#if __CUDA_ARCH__ >= 800
    __nvvm_cp_async_wait_all();
#endif
}
}
/* `init(&bar, n)` as argument-dependent lookup finds it. */
template <cuda::thread_scope Scope>
__device__ void init(cuda::barrier<Scope> *__b, ptrdiff_t __expected) { __b->__init(__expected); }
";

/// `cuda/pipeline`: `cuda::pipeline<thread_scope_thread>` and
/// `cuda::memcpy_async` into it.
pub const CUDA_PIPELINE: &str = "#pragma once
#include <cuda/barrier>
namespace cuda {
template <thread_scope Scope> class pipeline;

/* One thread's pipeline: each stage a group of its asynchronous copies. */
template <> class pipeline<thread_scope_thread> {
public:
    unsigned __committed;
    __device__ void producer_acquire() {}
    __device__ void producer_commit() {
        __pipeline_commit();
        ++__committed;
    }
    /* The oldest stage committed and not released is complete. */
    __device__ void consumer_wait() { __pipeline_wait_prior(__committed == 0 ? 0 : __committed - 1); }
    __device__ void consumer_release() {
        if (__committed > 0) --__committed;
    }
    __device__ bool quit() { return true; }
};

/* Waits until all but the newest Prior stages committed are complete. */
template <unsigned char Prior>
__device__ void pipeline_consumer_wait_prior(pipeline<thread_scope_thread> &__p) {
    __pipeline_wait_prior(Prior);
}

static __device__ __forceinline__ pipeline<thread_scope_thread> make_pipeline() {
    pipeline<thread_scope_thread> __p;
    __p.__committed = 0;
    return __p;
}

#if __CUDA_ARCH__ >= 800
enum class pipeline_role { producer, consumer };

/* The shared state of a block's pipeline of Stages stages: per stage, the
   mbarrier whose phase completes when the stage is filled (its producers
   have committed, its consumers wait) and the one that completes when it
   is free again (its consumers have released it, its producers acquire
   it anew), and the count of producers. */
template <thread_scope Scope, unsigned char Stages> struct pipeline_shared_state {
    unsigned long long __full[Stages];
    unsigned long long __empty[Stages];
    unsigned __producers;
};

/* A thread's view of a block's pipeline: its role and the stage and round
   it is at. Producers' copies land before their commit arrives. */
template <> class pipeline<thread_scope_block> {
public:
    unsigned long long *__full;
    unsigned long long *__empty;
    unsigned __stages;
    unsigned __stage;
    unsigned __round;
    __device__ void __next() {
        if (++__stage == __stages) {
            __stage = 0;
            ++__round;
        }
    }
    /* The wait for the phase of this parity, as nvcc's header writes it
       (sm_90: the potentially blocking try_wait). */
    static __device__ void __wait_parity(unsigned long long *__b, unsigned __parity) {
#if __CUDA_ARCH__ >= 900
        while (!__nvvm_mbarrier_try_wait_parity_shared(__b, __parity)) {}
#else
        while (!__nvvm_mbarrier_test_wait_parity_shared(__b, __parity)) {}
#endif
    }
    /* A stage's barriers are in phase __round (full) and __round - 1
       (empty) when this thread comes to them. */
    __device__ void producer_acquire() {
        if (__round > 0) {
            (void)__nvvm_mbarrier_arrive_shared(&__empty[__stage]);
            __wait_parity(&__empty[__stage], (__round - 1) & 1);
        }
    }
    __device__ void producer_commit() {
        __pipeline_commit();
        __pipeline_wait_prior(0);
        (void)__nvvm_mbarrier_arrive_shared(&__full[__stage]);
        __next();
    }
    __device__ void consumer_wait() {
        (void)__nvvm_mbarrier_arrive_shared(&__full[__stage]);
        __wait_parity(&__full[__stage], __round & 1);
    }
    __device__ void consumer_release() {
        (void)__nvvm_mbarrier_arrive_shared(&__empty[__stage]);
        __next();
    }
};

/* Every thread of the group makes the pipeline together: the producers
   are counted, then the group's first thread sets up the barriers (each
   phase: every thread of the group arrives). */
template <typename Group, typename State>
__device__ pipeline<thread_scope_block> make_pipeline(const Group &__g, State *__s, pipeline_role __role) {
    const unsigned Stages = sizeof(__s->__full) / sizeof(__s->__full[0]);
    if (__g.thread_rank() == 0) __s->__producers = 0;
    __g.sync();
    if (__role == pipeline_role::producer) atomicAdd(&__s->__producers, 1u);
    __g.sync();
    if (__g.thread_rank() == 0) {
        for (unsigned __k = 0; __k < Stages; ++__k) {
            __nvvm_mbarrier_init_shared(&__s->__full[__k], (int)__g.size());
            __nvvm_mbarrier_init_shared(&__s->__empty[__k], (int)__g.size());
        }
    }
    __g.sync();
    pipeline<thread_scope_block> __p;
    __p.__full = __s->__full;
    __p.__empty = __s->__empty;
    __p.__stages = Stages;
    __p.__stage = 0;
    __p.__round = 0;
    return __p;
}
#endif

template <thread_scope Scope>
__device__ void memcpy_async(void *__dst, const void *__src, size_t __n, pipeline<Scope> &__p) {
    __detail::__copy(__dst, __src, __n, 0);
}
template <size_t Align, thread_scope Scope>
__device__ void memcpy_async(void *__dst, const void *__src, aligned_size_t<Align> __n, pipeline<Scope> &__p) {
    __detail::__copy(__dst, __src, __n.value, Align);
}
}
";

/// `cooperative_groups/memcpy_async.h`: `cg::memcpy_async(group, dst, src,
/// bytes)` (the group's threads share the pieces), `cg::wait(group)` and
/// `cg::wait_prior<N>(group)` (the waits, then the group's barrier).
pub const CG_MEMCPY_ASYNC: &str = "#pragma once
#include <cooperative_groups.h>
#include <cuda/barrier>
namespace cooperative_groups {
namespace __v1 {
template <typename GroupT>
__device__ void memcpy_async(const GroupT &__g, void *__dst, const void *__src, size_t __n) {
    char *__d = (char *)__dst;
    const char *__s = (const char *)__src;
    size_t __bits = (size_t)__d | (size_t)__s | __n;
    size_t __w = (__bits & 15) == 0 ? 16 : (__bits & 7) == 0 ? 8 : (__bits & 3) == 0 ? 4 : 1;
    for (size_t __k = (size_t)__g.thread_rank() * __w; __k < __n; __k += (size_t)__g.size() * __w)
        cuda::__detail::__copy(__d + __k, __s + __k, __w, __w);
    __pipeline_commit();
}
template <typename GroupT, size_t Align>
__device__ void memcpy_async(const GroupT &__g, void *__dst, const void *__src, cuda::aligned_size_t<Align> __n) {
    memcpy_async(__g, __dst, __src, __n.value);
}
template <unsigned N, typename GroupT> __device__ void wait_prior(const GroupT &__g) {
    __pipeline_wait_prior(N);
    __g.sync();
}
template <typename GroupT> __device__ void wait(const GroupT &__g) {
    __pipeline_wait_prior(0);
    __g.sync();
}
}
}
";
