// decltype and deduced return types as generic device code writes them: a
// small array class whose accessors return `auto &`, `const auto &` and
// `decltype(auto)`, members and helpers declared `auto` (their types from
// their returns), a trailing `-> decltype(a * b + c)`, a functor applied
// through a template, and variables declared with the types of
// expressions.
template <typename T, int N>
struct Buf {
    T data[N];
    __device__ auto &operator[](int i) { return data[i]; }
    __device__ const auto &operator[](int i) const { return data[i]; }
    __device__ decltype(auto) front() { return (data[0]); }
    __device__ auto size() const { return N; }
    __device__ auto sum() const {
        T s{};
        for (int i = 0; i < N; ++i) s += data[i];
        return s;
    }
};

template <typename A, typename B>
__device__ auto madd(A a, B b, A c) -> decltype(a * b + c) {
    return a * b + c;
}

struct Square {
    __device__ auto operator()(float x) const { return x * x; }
};

template <typename F, typename T>
__device__ auto apply(F f, T x) {
    return f(x);
}

__device__ auto lerp(float a, float b, float t) { return a + t * (b - a); }

__global__ void deduced(const float *in, float *out, int *iout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Buf<float, 4> b;
    for (int k = 0; k < b.size(); ++k) b[k] = in[4 * i + k];
    const Buf<float, 4> &cb = b;
    decltype(b.sum()) s = cb.sum();
    decltype(auto) first = b.front();  // a reference: changes b
    first += 1.0f;
    using Elem = decltype(cb[0] + 0);
    Elem sq = apply(Square{}, cb[1]);
    decltype(madd(1, 2.0f, 3)) m = madd(i, 0.5f, 2);
    decltype(i) j = i * 3;
    auto l = lerp(b[0], b[3], 0.25f);
    out[2 * i] = s + sq + m + b[0];
    out[2 * i + 1] = l;
    iout[i] = j + int(sizeof(decltype(madd(1, 2, 3)))) + int(sizeof(decltype(madd(1.0, 2.0f, 3.0)))) +
              b.size();
}
