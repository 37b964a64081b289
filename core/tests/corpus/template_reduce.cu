// A block-wide reduction as a template: the element type and the block
// size are template parameters (the items per thread a defaulted one); the
// shared buffer, the unrolled loops and the combining function follow them.
template <typename T>
__device__ T combine(T a, T b) {
    return a + b;
}

template <typename T, int BLOCK_SIZE, int ITEMS = 2>
__global__ void __launch_bounds__(BLOCK_SIZE) block_reduce(const T *in, T *out, int *bytes, int n) {
    __shared__ T s[BLOCK_SIZE];
    unsigned t = threadIdx.x;
    unsigned base = blockIdx.x * (BLOCK_SIZE * ITEMS) + t;
    T acc = (T)0;
#pragma unroll
    for (int k = 0; k < ITEMS; k++) {
        unsigned i = base + k * BLOCK_SIZE;
        if (i < n) acc = combine(acc, in[i]);
    }
    s[t] = acc;
    __syncthreads();
#pragma unroll
    for (int half = BLOCK_SIZE / 2; half > 0; half >>= 1) {
        if (t < half) s[t] = combine<T>(s[t], s[t + half]);
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = s[0];
    if (blockIdx.x == 0 && t == 0) *bytes = (int)sizeof(s) + (int)sizeof(T) * ITEMS;
}

template __global__ void block_reduce<float, 128>(const float *, float *, int *, int);
