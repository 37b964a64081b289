// Device memcpy and memset: a type pun through memcpy (the bits of a float
// as an int), a constant-size copy into a local array and out again
// (unrolled byte copies), a run-time-size memset and memcpy (byte loops), and
// memset of shared memory before a barrier.
__global__ void memops(const float *in, int *bits, float *out, unsigned char *bytes, int n) {
    __shared__ int counts[32];
    int t = threadIdx.x;
    if (t < 32) memset(&counts[t], 0, sizeof(int));
    __syncthreads();
    float x = in[t];
    int b;
    memcpy(&b, &x, sizeof b);
    bits[t] = b;
    float local[4];
    memcpy(local, in + 4 * (t % 8), sizeof local);
    local[t % 4] += 1.0f;
    memcpy(out + 4 * t, local, 4 * sizeof(float));
    atomicAdd(&counts[b & 31], 1);
    __syncthreads();
    if (t == 0) {
        memset(bytes, 0x5a, n);
        memcpy(bytes + n, counts, n);
    }
}
