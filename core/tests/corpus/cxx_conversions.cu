// Conversion functions (`operator T() const`) used implicitly: in an
// initialization, as an argument, as an operand of built-in operators, as
// a condition, and explicitly in casts. Trivial destructors.
struct Fixed {
    int raw;
    __device__ Fixed(int r) : raw(r) {}
    __device__ operator float() const { return raw / 16.0f; }
    __device__ ~Fixed() {}
};

struct Flag {
    int v;
    __device__ operator bool() const { return v != 0; }
    __device__ operator int *() { return &v; }
    ~Flag() = default;
};

__device__ float twice(float x) { return 2.0f * x; }

__global__ void conversions(const int *in, float *out, int *flags, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Fixed f(in[i]);
    float a = f;
    Flag g{in[i] & 1};
    float r = a + twice(f) + f * 2.0f - (float)f + static_cast<float>(Fixed(48));
    if (g) r += 100.0f;
    *(int *)g += 5;
    out[i] = r + -f + (g ? 1.0f : 0.0f);
    flags[i] = g.v;
}
