// Explicit specialization of a function template: the instance for `float`
// is the one written here, the others come from the template.
template <typename T> __device__ T adjust(T x) { return x + T(1); }
template <> __device__ float adjust<float>(float x) { return x * 2.0f; }

template <typename T, int N> __device__ T repeat(T x) { return x * N; }
template <> __device__ int repeat<int, 3>(int x) { return x - 3; }

template <typename T> __global__ void specialized(T *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    p[i] = adjust(p[i]) + repeat<T, 3>(p[i]) + repeat<T, 2>(p[i]);
}
template __global__ void specialized<float>(float *, int);
template __global__ void specialized<int>(int *, int);
