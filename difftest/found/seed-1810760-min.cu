// Found by ptxlab-difftest, seed 1810760; reduced automatically (77 → 31 lines, 400 tests).
// Oracle: PTX emulator -O3: out[0] = 0x1cb14965347101ce, the reference 0x2e2c0b35b6c21eb2 (128 of 640 words differ)
// Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-1810760-min.cu --seed 1810760
__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
    h ^= v;
    return h;
}
__device__ unsigned shl_u32(unsigned a) {
    return (unsigned)(a);
}
__device__ unsigned shr_u32(unsigned a) {
    return (unsigned)(a);
}
__device__ __noinline__ void upd_u32(unsigned *q, unsigned v) {
    *q = *q ^ v;
}
__device__ __forceinline__ unsigned long long f0(unsigned char p0) {
    return (p0);
}
__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long h = 0ULL;
    uint4 s7 = make_uint4(p1, shr_u32(shl_u32(0u)), scratch[tid], f0(0));
    switch ((tid)) {
    case 0: for (int i9 = 0; 1; i9++) {
            if (s7.z) break;
            long long v10 = tid;
            upd_u32(&s7.z, s7.x);
        }
         p1 = s7.y;
    }
    h = mix(h, p1);
    out[tid] = h;
}
