// Structs with member functions (this, const members, static members),
// constructors (with member initializers and defaults), operators free and
// member (+, -, *, [], +=, ==, unary -), and values built as T(...) / T{...}.
struct Vec2 {
    float x, y;
    __device__ Vec2() : x(0.0f), y(0.0f) {}
    __device__ Vec2(float a, float b) : x(a), y(b) {}
    __device__ explicit Vec2(float s) : x(s), y(s) {}
    __device__ float dot(const Vec2 &o) const { return x * o.x + y * o.y; }
    __device__ float norm1() const { return fabsf(x) + fabsf(this->y); }
    __device__ Vec2 &operator+=(const Vec2 &o) {
        x += o.x;
        y += o.y;
        return *this;
    }
    __device__ Vec2 operator-() const { return Vec2(-x, -y); }
    __device__ float &operator[](int k) { return k == 0 ? x : y; }
    __device__ static Vec2 unit() { return Vec2(1.0f, 1.0f); }
};

__device__ Vec2 operator+(Vec2 a, Vec2 b) { return Vec2(a.x + b.x, a.y + b.y); }
__device__ Vec2 operator*(float s, const Vec2 &v) { return Vec2{s * v.x, s * v.y}; }
__device__ bool operator==(const Vec2 &a, const Vec2 &b) { return a.x == b.x && a.y == b.y; }

__device__ float2 operator-(float2 a, float2 b) { return make_float2(a.x - b.x, a.y - b.y); }

struct Counter {
    int hits;
    int misses;
    __device__ void record(bool hit) {
        if (hit) ++hits;
        else misses += 1;
    }
    __device__ int total() const { return hits + misses; }
};

__global__ void cxx_structs(const float *in, float *out, int *counts, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Vec2 a(in[2 * i], in[2 * i + 1]);
    Vec2 b = Vec2(1.0f, -2.0f);
    Vec2 c;
    c += a;
    c += Vec2::unit();
    Vec2 d = a + b;
    Vec2 e = 2.0f * d;
    Vec2 f = -e;
    f[1] += 0.5f;
    float2 g = float2{in[2 * i], 3.0f} - make_float2(1.0f, 1.0f);
    dim3 shape(8, 4);
    dim3 flat = dim3(5);
    float4 q = float4{1.0f, 2.0f, 3.0f, 4.0f};
    Counter cnt{0, 0};
    for (int k = 0; k < 6; ++k) cnt.record(in[(i + k) % (2 * n)] > 0.0f);
    out[4 * i] = a.dot(b) + c.norm1();
    out[4 * i + 1] = f[0] + f[1] + Vec2(0.5f).dot(Vec2::unit());
    out[4 * i + 2] = g.x * g.y + q.w;
    out[4 * i + 3] = (d == a + b ? 1.0f : 0.0f) + (c == a ? 1.0f : 0.0f);
    counts[i] = cnt.total() * 100 + cnt.hits + int(shape.x * shape.y * shape.z) + int(flat.y + flat.z);
}
