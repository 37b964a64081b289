// Found by ptxlab-difftest, seed 101324, reduced by line deletion (unused functions kept
// without bodies are never called). Oracle: PTX emulator -O0: 1 of 640 words differ.
// Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-101324.cu --seed 101324
__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0x100000001b3ULL;
}
__device__ int div_i32(int a, int b) {
    return (b == 0 || (a == (-2147483647 - 1) && b == -1)) ? a : (int)(a / b);
}
__device__ unsigned div_u32(unsigned a, unsigned b) {
    return (b == 0) ? a : (unsigned)(a / b);
}
__device__ unsigned long long div_u64(unsigned long long a, unsigned long long b) {
    return (b == 0) ? a : (unsigned long long)(a / b);
}
__device__ unsigned short mod_u16(unsigned short a, unsigned short b) {
    return (b == 0) ? a : (unsigned short)(a % b);
}
__device__ unsigned rec(unsigned n, unsigned x) {
    return n == 0 ? x : rec(n - 1, x * 2654435761u + n);
}
__device__ unsigned short shl_u16(unsigned short a, int b) {
    return (long long)(a >> (b & 63));
}
static __device__ short f0(signed char p0, long long p1) {
    p0 = (((long long)(((unsigned short)(((unsigned short)(39470)) - ((unsigned short)p0))) >= ((unsigned short)((unsigned)(((unsigned short)(59456))) * (unsigned)(((unsigned short)(33434))))))) ? ((signed char)(-1)) : ((signed char)(1)));
    return ((short)(((short)(((short)rec((((unsigned)(4236483082u))) & 7u, ((unsigned)p0))) * ((short)(((short)(0)) + ((short)p0))))) + ((short)p1)));
}
__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned long long h = 0xcbf29ce484222325ULL;
    for (int i4 = 0; i4 < 6; i4++) {
        unsigned short a5[4];
        switch ((lane) & 7) {
        case 0: {
        }
        case 2: {
        }
        case 3: {
            p1 = div_u32((((signed char)f0(((signed char)tid), ((long long)tid))) ? ((unsigned)rec((((unsigned)lane)) & 7u, p1)) : ((unsigned)(long long)(((((double)(short)(((unsigned char)i4))) * ((double)(3.0))) - (-((double)(-3.0))))))), ((unsigned)tid));
        }
        }
    }
    h = mix(h, (unsigned long long)(p1));
    out[tid] = h;
}
