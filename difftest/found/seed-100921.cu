// Found by ptxlab-difftest, seed 100921, reduced by line deletion (unused functions kept
// without bodies are never called). Oracle: PTX emulator -O0: out[1] differs.
// Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-100921.cu --seed 100921
__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
    return h * 0x100000001b3ULL;
}
__device__ short div_i16(short a, short b) {
    return (b == 0 || (a == -32768 && b == -1)) ? a : (short)(a / b);
}
__device__ long long mod_i64(long long a, long long b) {
}
__device__ unsigned long long shr_u64(unsigned long long a, int b) {
}
template <typename T> __device__ T tmax3(T a, T b, T c) {
}
struct S0 {
};
__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31;
    unsigned long long h = 0xcbf29ce484222325ULL;
    unsigned long long v1 = ((unsigned long long)div_i16(((short)(((short)tid) - ((short)p1))), ((short)threadIdx.x)));
    for (int i3 = 0; i3 < 4; i3++) {
        {
            int w4 = 4;
            do {
                w4--;
                short v5 = ((short)(-1536));
                for (int i6 = 4; i6 >= 0; --i6) {
                    unsigned v7 = ((unsigned)in[(((int)(-1))) & 63]);
                    if (((signed char)(int)((((unsigned char)v5) ? (((float)(-7.0f)) * 0.5f) : (-((float)(signed char)(((signed char)(((signed char)tid) + ((signed char)(-1))))))))))) break;
                    h = mix(h, (unsigned long long)(v7));
                }
            } while (w4 > 0);
        }
    }
    if (((int)p1)) {
        short v9 = ((short)min(((int)(1922971834)), ((int)((unsigned)(lane) - (unsigned)(((int)in[(((int)threadIdx.x)) & 63]))))));
    }
    __shared__ unsigned acc10;
    unsigned v11 = acc10;
    for (int i12 = 0; i12 < 1; i12++) {
        for (int i13 = 0; i13 < 7; i13++) {
            if (((unsigned short)in[(((int)blockIdx.x)) & 63])) {
                for (int i15 = 0; i15 < 2; i15++) {
                }
            }
        }
    }
    out[tid] = h;
}
