// Explicit specializations of function and class templates: the instance
// for those arguments is the one written here, the others come from the
// template; static members of the instances named as `Traits<T>::one()`.
template <typename T> __device__ T adjust(T x) { return x + T(1); }
template <> __device__ float adjust<float>(float x) { return x * 2.0f; }

template <typename T, int N> __device__ T repeat(T x) { return x * N; }
template <> __device__ int repeat<int, 3>(int x) { return x - 3; }

template <typename T> struct Traits {
    static constexpr int size = 1;
    __device__ static T one() { return T(1); }
};
template <> struct Traits<float> {
    static constexpr int size = 4;
    __device__ static float one() { return 1.5f; }
};

template <typename T> __global__ void specialized(T *p, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    p[i] = adjust(p[i]) + repeat<T, 3>(p[i]) + repeat<T, 2>(p[i]) + Traits<T>::one() +
           Traits<T>::size;
}
template __global__ void specialized<float>(float *, int);
template __global__ void specialized<int>(int *, int);
