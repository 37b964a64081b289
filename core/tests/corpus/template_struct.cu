// Class templates used as structs with member functions, passed to and
// returned from device function templates that deduce their parameters
// through them.
template <typename T>
struct Pair {
    T lo, hi;
    __device__ T width() const { return hi - lo; }
    __device__ void widen(T d) {
        lo -= d;
        hi += d;
    }
};

template <typename T, int N>
struct Vec {
    T v[N];
};

template <typename T>
__device__ Pair<T> minmax(Pair<T> p, T x) {
    Pair<T> r;
    r.lo = x < p.lo ? x : p.lo;
    r.hi = x > p.hi ? x : p.hi;
    return r;
}

template <typename T, int N>
__device__ T dot(const Vec<T, N> *a, const Vec<T, N> *b) {
    T s = 0;
#pragma unroll
    for (int k = 0; k < N; k++) s += a->v[k] * b->v[k];
    return s;
}

__global__ void struct_templates(const int *data, int n, Pair<int> *range, const Vec<float, 3> *a,
                                 const Vec<float, 3> *b, float *dots, int *sizes) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i == 0) {
        Pair<int> p = {data[0], data[0]};
        for (int k = 1; k < n; k++) p = minmax(p, data[k]);
        *range = p;
        Pair<int> w = p;
        w.widen(1);
        sizes[3] = w.width();
        sizes[0] = sizeof(Pair<int>);
        sizes[1] = sizeof(Vec<double, 5>);
        sizes[2] = sizeof(Pair<Pair<char>>);
    }
    if (i < n) dots[i] = dot(&a[i], &b[i]);
}
