// Work-efficient (Blelloch) exclusive prefix sum of each block's 2*BLOCK
// elements in shared memory: an up-sweep adds pairs up a tree, the root is
// saved as the block's total and cleared, a down-sweep passes each prefix
// down; barriers between the levels.
#define BLOCK 128
__global__ void scan(const int *in, int *out, int *sums, int n) {
    __shared__ int temp[2 * BLOCK];
    int t = threadIdx.x;
    int base = blockIdx.x * 2 * BLOCK;
    temp[2 * t] = base + 2 * t < n ? in[base + 2 * t] : 0;
    temp[2 * t + 1] = base + 2 * t + 1 < n ? in[base + 2 * t + 1] : 0;
    int offset = 1;
    for (int d = BLOCK; d > 0; d >>= 1) {
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            temp[bi] += temp[ai];
        }
        offset *= 2;
    }
    if (t == 0) {
        sums[blockIdx.x] = temp[2 * BLOCK - 1];
        temp[2 * BLOCK - 1] = 0;
    }
    for (int d = 1; d < 2 * BLOCK; d *= 2) {
        offset >>= 1;
        __syncthreads();
        if (t < d) {
            int ai = offset * (2 * t + 1) - 1;
            int bi = offset * (2 * t + 2) - 1;
            int v = temp[ai];
            temp[ai] = temp[bi];
            temp[bi] += v;
        }
    }
    __syncthreads();
    if (base + 2 * t < n) out[base + 2 * t] = temp[2 * t];
    if (base + 2 * t + 1 < n) out[base + 2 * t + 1] = temp[2 * t + 1];
}
