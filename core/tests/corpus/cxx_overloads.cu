// Namespaces (nested, qualified calls, `using namespace`), overloading
// with C++'s ranking, default arguments, and constexpr values and
// functions in array sizes.
namespace geom {
constexpr int kTile = 4;
__host__ __device__ constexpr int twice(int x) { return 2 * x; }

namespace detail {
__device__ float weight(int i) { return 0.5f * i; }
}

__device__ float scale(float v, float by = 2.0f) { return v * by; }
__device__ int scale(int v) { return v * 3; }
__device__ double scale(double v) { return v * 0.25; }

__device__ float pick(int v) { return 100.0f + v; }
__device__ float pick(float v) { return 200.0f + v; }
}

__device__ int combine(int a, int b) { return a * 10 + b; }
__device__ int combine(unsigned a, unsigned b) { return int(a + b); }
__device__ int combine(int a, const int *b = nullptr) { return b ? a + *b : -a; }

using namespace geom;

namespace kernels {
__global__ void overloads(const float *in, float *out, int *iout, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float tile[twice(kTile)];
    for (int k = 0; k < twice(kTile); ++k) tile[k] = in[(i + k) % n];
    float acc = 0.0f;
    for (int k = 0; k < kTile * 2; ++k) acc += tile[k] * detail::weight(k);
    out[i] = scale(acc) + geom::scale(acc, 0.5f) + float(scale(2.0));
    short s = 3;
    char c = 2;
    iout[i] = scale(i) + combine(i, 7) + combine(2u, 3u) + combine(i) +
              combine(i, &iout[i]) * 0 + int(pick(s)) + int(pick(1.5f)) + int(pick(c));
}
}
