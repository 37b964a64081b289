// Pointer arithmetic, dereference, address-of and pointer differences.
__global__ void pointers(float *base, int n, long *diff) {
    float *p = base + threadIdx.x;
    float *end = base + n;
    float v = 0.0f;
    while (p < end) {
        v += *p;
        p += blockDim.x;
    }
    float *q = &base[threadIdx.x];
    *q = v;
    diff[threadIdx.x] = end - q;
}
