// Members defined out of their class (`float Vec::dot(…) const { … }`, a
// constructor with member initializers, an operator, a static member
// function), static constexpr data members, `typedef` and `using` inside a
// struct, and a nested struct whose member function uses its enclosing
// struct's names.
namespace geo {
struct Vec {
    typedef float value_type;
    using index_type = int;
    static constexpr int kDim = 2;
    static constexpr value_type kHalf = 0.5f;
    static const int kBias = 3;

    value_type x, y;
    __device__ Vec(value_type a, value_type b);
    __device__ value_type dot(const Vec &o) const;
    __device__ Vec scaled(value_type s) const;
    __device__ Vec &operator+=(const Vec &o);
    __device__ static value_type unit();
    // Overloaded on const: a const object calls the const one.
    __device__ value_type pick() { return 1.0f; }
    __device__ value_type pick() const { return 3.0f; }

    struct Cell {
        index_type k;
        __device__ index_type offset() const;
    };
};

__device__ Vec::Vec(value_type a, value_type b) : x(a), y(b) {}
__device__ Vec::value_type Vec::dot(const Vec &o) const { return x * o.x + y * o.y; }
__device__ Vec Vec::scaled(value_type s) const { return Vec(x * s, y * s); }
__device__ Vec &Vec::operator+=(const Vec &o) {
    x += o.x;
    y += o.y;
    return *this;
}
__device__ Vec::value_type Vec::unit() { return kHalf * kDim; }
__device__ Vec::index_type Vec::Cell::offset() const { return k * kDim + kBias; }
}  // namespace geo

__global__ void members(const float *in, float *out, int *idx, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    geo::Vec a(in[2 * i], in[2 * i + 1]);
    geo::Vec b = a.scaled(geo::Vec::kHalf);
    b += geo::Vec(1.0f, 2.0f);
    float parts[geo::Vec::kDim];
    parts[0] = b.x;
    parts[1] = b.y;
    geo::Vec::value_type d = a.dot(b) + geo::Vec::unit();
    out[2 * i] = d;
    const geo::Vec cb = b;
    out[2 * i + 1] = parts[0] - parts[1] + cb.pick() - b.pick();
    geo::Vec::Cell c{i};
    idx[i] = c.offset() + geo::Vec::kBias;
}
