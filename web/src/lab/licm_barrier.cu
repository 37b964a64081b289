// Miscompile lab: each step, every thread passes its value to its left
// neighbour through shared memory. The load's address is the same every
// iteration, but other threads' stores reach it at __syncthreads(): with the
// bug licm-barrier on, licm hoists the load out of the loop, above the barrier.
#define N 64
extern "C" __global__ void rotate(const int *in, int *out, int steps) {
    __shared__ int s[N];
    int t = threadIdx.x;
    int v = in[t];
    for (int k = 0; k < steps; k++) {
        s[t] = v;
        __syncthreads();
        v = s[(t + 1) & (N - 1)];
        __syncthreads();
    }
    out[t] = v;
}
