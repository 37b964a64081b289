// Device printf, lowered to vprintf(fmt, buffer) as nvcc does: ints, a
// float passed as double, strings, chars, 64-bit and unsigned values,
// widths, precision and flags; one line per block before a barrier, then
// one per thread. printf returns the number of arguments it read.
__global__ void print_values(int *out, const float *v, int n) {
    int t = threadIdx.x, b = blockIdx.x;
    int i = b * blockDim.x + t;
    if (t == 0) printf("block %d of %d\n", b, gridDim.x);
    __syncthreads();
    if (i < n) {
        float x = v[i];
        const char *parity = i % 2 ? "odd" : "even";
        out[i] = printf("[%2d] %-4s|x=%8.3f|%#06x|%c|%lld|%u|%s%%\n", i, parity, x,
                        i * 17, 'a' + i % 26, (long long)i << 40, -i, "ok");
    }
}
