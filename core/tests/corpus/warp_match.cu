// Warp matches (sm_70+): which lanes hold the same key (__match_any_sync),
// and whether all of them do (__match_all_sync), on 32-bit, 64-bit and
// float values; the leader of each group of equal keys counts its group.
__global__ void warp_match(unsigned *groups, int *counts, int *all_same,
                           const int *keys, const long long *wide, const float *f) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned peers = __match_any_sync(0xffffffffu, keys[i]);
    unsigned wide_peers = __match_any_sync(0xffffffffu, wide[i]);
    int pred = 7;
    unsigned all = __match_all_sync(0xffffffffu, f[i], &pred);
    int pred2 = 7;
    unsigned all_lanes = __match_all_sync(0xffffffffu, i >> 5, &pred2);
    groups[i] = peers ^ (wide_peers << 1);
    if ((__ffs(peers) - 1) == lane) counts[i] = __popc(peers);
    all_same[i] = pred * 100 + pred2 * 10 + (all != 0) + (all_lanes == 0xffffffffu) * 1000;
}
