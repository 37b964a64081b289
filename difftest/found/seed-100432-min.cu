// Found by ptxlab-difftest, seed 100432 (and 101432), reduced by line deletion and by hand
// (uninitialized reads replaced by loads of the input). Oracle: IR interpreter -O2, first
// wrong after loop-rotate: s1.y read after the loop got s1.x's next value, not the last s1.x.
// Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-100432-min.cu --seed 100432
__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
    h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
    return h * 0x100000001b3ULL;
}
__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long h = 0xcbf29ce484222325ULL;
    longlong2 s1 = make_longlong2(in[tid & 63], 5);
    unsigned v6 = in[(tid + 1) & 63];
    signed char v13 = (signed char)in[(tid + 2) & 63];
    for (int i14 = 0; i14 >= 0; --i14) {
        s1.y = s1.x;
        s1.x = ((long long)((unsigned long long)(((long long)v13)) + (unsigned long long)(((long long)(((signed char)v6) || ((long long)v13))))));
    }
    h = mix(h, (unsigned long long)(s1.y));
    out[tid] = h;
}
