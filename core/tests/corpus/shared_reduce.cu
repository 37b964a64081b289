// Block-wide sum in shared memory with barriers between the halving steps.
#define BLOCK 256
extern "C" __global__ void block_sum(const float *in, float *out, int n) {
    __shared__ float sdata[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    sdata[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) sdata[t] += sdata[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = sdata[0];
}
