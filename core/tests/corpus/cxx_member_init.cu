// Default member initializers (C++11, aggregates since C++14): a
// statistics accumulator made by default initialization, a parameter
// struct that stays an aggregate (members left out of its braced list take
// their initializers, one reading a member before it), a class template's
// initializers with its parameters, an array member's, and constructors
// that leave members to their initializers (or to their classes'), in
// declaration order whatever the order of the member initializer list.
struct Stats {
    float sum = 0.0f;
    float lo = 3.0e38f, hi{-3.0e38f};
    int count{};
    __device__ void add(float v) {
        sum += v;
        lo = fminf(lo, v);
        hi = fmaxf(hi, v);
        ++count;
    }
    __device__ float mean() const { return count ? sum / count : 0.0f; }
};

struct Params {
    int stride = 1;
    float alpha = 2.0f;
    float beta{0.5f};
    int offset = stride * 4;
};

template <typename T, int N>
struct Window {
    T taps[N] = {T(1), T(2)};
    T scale = T(1) / T(N);
    int last = N - 1;
    __device__ T apply(const T *x) const {
        T s = T(0);
        for (int k = 0; k < N; ++k) s += taps[k] * x[k];
        return s * scale;
    }
};

struct Tagged {
    int tag = 7;
    Stats stats;
    float weight;
    int order = tag + 1;
    __device__ Tagged() : weight(1.5f) {}
    __device__ explicit Tagged(int t) : order(t * 2), tag(t), weight(0.25f) {}
};

__global__ void member_init(const float *in, float *out, int *iout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Stats s;
    for (int k = 0; k < 4; ++k) s.add(in[4 * i + k]);
    Params p;
    Params q{3};
    Params r{2, 1.0f, 0.0f, 1};
    Window<float, 4> w;
    w.taps[3] = in[4 * i];
    Tagged a, b(i % 5);
    a.stats.add(in[4 * i + 1]);
    out[4 * i] = s.mean() + s.hi - s.lo;
    out[4 * i + 1] = p.alpha + q.beta * q.alpha + r.alpha + r.beta;
    out[4 * i + 2] = w.apply(in + 4 * i);
    out[4 * i + 3] = a.weight + b.weight + a.stats.sum + b.stats.count;
    iout[2 * i] = p.stride + p.offset + q.offset + r.offset + s.count + w.last;
    iout[2 * i + 1] = a.tag + a.order + b.tag * 10 + b.order * 100 + a.stats.count;
}
