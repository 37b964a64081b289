// Traits with partial specializations and overloaded function templates,
// as numeric libraries write them: the most specialized partial
// specialization is chosen (for pointers, pointers to const, a vector of N
// lanes, one of one lane), one inherits another; overloads of a function
// template are ordered by how specialized they are, and a function beats
// a template's instance that fits as well.
template <typename T>
struct Traits {
    static constexpr int bits = 8 * sizeof(T);
    static constexpr int lanes = 1;
    static constexpr bool pointer = false;
};
template <typename T>
struct Traits<T *> {
    static constexpr int bits = 64;
    static constexpr int lanes = 1;
    static constexpr bool pointer = true;
    using element = T;
};
template <typename T>
struct Traits<const T *> : Traits<T *> {
    static constexpr bool read_only = true;
};
template <typename T, int N>
struct Vec {
    T v[N];
};
template <typename T, int N>
struct Traits<Vec<T, N>> {
    static constexpr int bits = N * Traits<T>::bits;
    static constexpr int lanes = N;
    static constexpr bool pointer = false;
};
template <typename T>
struct Traits<Vec<T, 1>> {
    static constexpr int bits = Traits<T>::bits;
    static constexpr int lanes = -1;
    static constexpr bool pointer = false;
};

template <typename T>
__device__ T load(const T *p, int i) { return p[i]; }
template <typename T, int N>
__device__ T load(const Vec<T, N> *p, int i) {
    T s = T(0);
#pragma unroll
    for (int k = 0; k < N; ++k) s += p[i].v[k];
    return s;
}
__device__ float load(const float *p, int i) { return 2.0f * p[i]; }

template <typename T>
__device__ T combine(T a, int b) { return a * b; }
template <typename T>
__device__ const T *combine(const T *a, int b) { return a + b; }

template <typename T>
__global__ void dispatch(const T *in, const Vec<T, 4> *vin, T *out, int *info, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    T a = load(in, i);
    T b = load(vin, i);
    T c = a + b + combine(a, 3) + *combine(in, i);
    out[i] = c;
    if (i == 0) {
        info[0] = Traits<T>::bits + Traits<T *>::bits;
        info[1] = Traits<const T *>::read_only + 2 * Traits<const T *>::pointer;
        info[2] = Traits<Vec<T, 4>>::bits + Traits<Vec<T, 4>>::lanes;
        info[3] = Traits<Vec<T, 1>>::lanes + int(sizeof(typename Traits<T *>::element));
    }
}

template __global__ void dispatch<float>(const float *, const Vec<float, 4> *, float *, int *, int);
template __global__ void dispatch<int>(const int *, const Vec<int, 4> *, int *, int *, int);
