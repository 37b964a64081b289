// Found by ptxlab-difftest, seed 293, reduced by line deletion (unused functions kept
// without bodies are never called). Oracle: PTX emulator -O0: out[64] differs.
// Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-293.cu --seed 293
__device__ unsigned long long mix(unsigned long long h, unsigned long long v) {
    return h * 0x100000001b3ULL;
}
__device__ long long mod_i64(long long a, long long b) {
    return (b == 0 || (a == (-9223372036854775807LL - 1) && b == -1)) ? a : (long long)(a % b);
}
__device__ unsigned rec(unsigned n, unsigned x) {
    return n == 0 ? x : rec(n - 1, x * 2654435761u + n);
}
__device__ unsigned short shl_u16(unsigned short a, int b) {
    return (unsigned short)((unsigned)a << (b & 31));
}
__device__ unsigned short shr_u16(unsigned short a, int b) {
}
template <typename T> __device__ T tmax3(T a, T b, T c) {
}
struct S0 {
};
__device__ __forceinline__ long long f0(unsigned long long p0) {
    {
        for (int i2 = 0; i2 < 2; i2++) {
            for (int i3 = 0; i3 < 3; i3++) {
            }
        }
    }
    return mod_i64(((long long)((unsigned long long)(((long long)(((short)(17262)) ^ p0))) - (unsigned long long)(((long long)(((short)(1)) & ((unsigned short)(0))))))), ((long long)rec((((unsigned)((unsigned)p0))) & 7u, ((unsigned)((unsigned short)p0)))));
}
static __device__ unsigned char f1(unsigned p0, unsigned char p1, short p2, unsigned short p3) {
    return (((int)p2) ? ((unsigned char)p2) : ((unsigned char)(long long)((((signed char)(long long)(((((double)(short)(((short)(((long long)(1LL)) > ((long long)p0))))) > ((double)(short)(shl_u16(((unsigned short)(65535)), ((int)(-1687149249))))) ? ((double)(short)(((short)(((long long)(1LL)) > ((long long)p0))))) : ((double)(short)(shl_u16(((unsigned short)(65535)), ((int)(-1687149249)))))) + (((double)(short)(((signed char)p0))) + ((double)(8.0)))))) ? (((double)(short)(shl_u16(((unsigned short)p0), ((int)p2)))) < ((double)(short)(((unsigned char)((short)p1)))) ? ((double)(short)(shl_u16(((unsigned short)p0), ((int)p2)))) : ((double)(short)(((unsigned char)((short)p1))))) : (((double)(-6.0)) * 0.5)))));
}
__device__ short f2(long long p0) {
    return ((short)((unsigned char)(((float)(signed char)(((long long)(((unsigned long long)(17290925681151785661ULL)) & ((signed char)(-1)))))) >= (((float)(2.0f)) + (((float)(0.0f)) - ((float)(6.0f)))))));
}
static __device__ unsigned f3(unsigned char p0, unsigned short p1) {
    return ((unsigned)(763693048u));
}
__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long h = 0xcbf29ce484222325ULL;
    if (((unsigned char)((unsigned short)((unsigned)(((unsigned short)tid)) * (unsigned)(((unsigned short)in[(tid) & 63])))))) {
        long long v12 = ((long long)(1780551107497248447LL));
        short v13 = (((short)v12) ? ((short)(-4192)) : ((short)(0)));
        signed char a14[5];
        h = mix(h, (unsigned long long)(v13));
    }
    unsigned char v16 = ((unsigned char)f3(((unsigned char)p1), ((unsigned short)(~(((int)in[(((int)blockIdx.x)) & 63]) ? ((unsigned short)(24157)) : ((unsigned short)in[(((int)threadIdx.x)) & 63]))))));
    long long v17 = ((long long)((((int)(220495931)) ? p0 : ((int)(-502357728))) || ((unsigned short)((unsigned)(0u)))));
    unsigned short v18 = ((unsigned short)f2(((long long)tid)));
    {
        int w19 = 2;
        do {
            w19--;
        } while (w19 > 0);
    }
    for (int i23 = 0; i23 >= 0; --i23) {
        {
            if (((signed char)(80))) {
                double v28 = ((double)(short)(((signed char)((signed char)threadIdx.x))));
            }
        }
    }
    out[tid] = h;
}
