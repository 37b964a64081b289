// Found by ptxlab-difftest, seed 60; reduced automatically (48 → 15 lines, 125 tests).
// Oracle: NVRTC's PTX in the emulator: out[12] = 0x6596eea2dfc1eb0f, the reference 0x553d762dd5ca7976 (8 of 640 words differ)
// Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-60-min.cu --seed 60
__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
    h ^= v;
    return h;
}
__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x;
    unsigned long long h = 0ULL;
    int v1 = 0;
    if (__byte_perm(0u, lane, tid)) {
        p1 = v1;
    }
    h = mix(h, p1);
    out[tid] = h;
}
