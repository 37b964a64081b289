// Integer intrinsics, votes, fences and the other atomics (each leaving
// the same value whatever order the threads arrive in, as on a GPU).
__global__ void intrinsics(int *p, unsigned *u, unsigned long long *w) {
    int t = threadIdx.x;
    unsigned m = __ballot_sync(0xffffffff, t & 1);
    int any = __any_sync(0xffffffff, t > 8), all = __all_sync(__activemask(), t >= 0);
    p[t] = __popc(m) + __clz(t) + __ffs(t) + __mulhi(t, 77) + __mul24(t, 3) + any + all;
    u[t] = __brev((unsigned)t) ^ __byte_perm(t, 7u, 0x0123u) ^ __funnelshift_l(t, m, 4) ^ __usad(t, 9u, 1u);
    atomicMax(p + 64, t);
    atomicMin(u + 64, (unsigned)t);
    atomicExch(p + 65, 77);
    atomicCAS(p + 66, 0, 78);
    atomicInc(u + 65, 100u);
    atomicSub(p + 67, 2);
    atomicOr(w, 1ull << (t & 63));
    __threadfence();
    __syncwarp();
    int c = __syncthreads_count(t & 1);
    if (t == 0) p[68] = c + __popcll(*w) + __ffsll(*w);
}
