// Pointers into shared memory chosen at run time: a double buffer picked by
// a select (flip ? a : b), a pointer that walks it in a loop, and a shared
// address passed as a generic pointer to a device function that is not
// inlined. memory-space-opt follows the select and the loop's phi, so the
// loop's loads are ld.shared through 32-bit addresses.
__device__ __noinline__ float pair_sum(const float *p) { return p[0] + p[1]; }

__global__ void shared_pointers(float *out, int n, int flip) {
    __shared__ float a[256];
    __shared__ float b[256];
    int t = threadIdx.x;
    a[t] = t;
    b[t] = 2 * t + 1;
    __syncthreads();
    float *p = flip ? a : b;
    float s = 0;
    for (float *q = p; q < p + n; q += 2) s += *q;
    out[t] = s + pair_sum(&p[t & 127]);
}
