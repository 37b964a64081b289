// A barrier between two phases of one thread's work.
__global__ void barrier(float *data, int n) {
    int i = threadIdx.x;
    if (i < n) data[i] = data[i] * 2.0f;
    __syncthreads();
    if (i + 1 < n) data[i] = data[i] + 1.0f;
}
