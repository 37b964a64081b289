// Device functions: inlined by default, kept as .func when __noinline__,
// and a recursive one (which cannot be inlined).
__device__ float square(float x) { return x * x; }

__device__ int clamp_index(int i, int n) {
    if (i < 0) return 0;
    if (i >= n) return n - 1;
    return i;
}

__device__ __noinline__ float weight(int i) { return 1.0f / (1.0f + i); }

__device__ __forceinline__ bool is_even(int v) { return (v & 1) == 0; }

__device__ int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

__global__ void device_functions(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = clamp_index(i + 1, n);
    float v = square(in[j]) * weight(i);
    if (is_even(i)) v += (float)factorial(i & 7);
    if (i < n) out[i] = v;
}
