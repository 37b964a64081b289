// C++ basics in device code: references (parameters, locals, returns),
// nullptr, auto, the named casts, functional casts and a scoped enum with
// an underlying type.
enum class Op : unsigned char { Add, Scale = 4, Clamp };

__device__ void accumulate(float &acc, const float &v) { acc += v; }

__device__ float &pick(float *a, float *b, bool first) { return first ? a[0] : b[0]; }

__device__ int apply(Op op, int x) {
    switch (op) {
    case Op::Add: return x + 3;
    case Op::Scale: return x * 4;
    default: return x > 10 ? 10 : x;
    }
}

__global__ void cxx_refs(const float *in, float *out, int *ops, int n) {
    auto i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
    if (i >= n) return;
    float acc = 0.0f;
    for (auto k = 0; k < 3; ++k) accumulate(acc, in[(i + k) % n]);
    const float *missing = nullptr;
    if (missing == nullptr) acc += 0.5f;
    float &slot = out[i];
    slot = acc;
    pick(out + i, out + i, i % 2 == 0) += float(i) * 0.25f;
    auto bits = reinterpret_cast<const unsigned *>(in);
    int *w = const_cast<int *>(static_cast<const int *>(ops));
    Op op = static_cast<Op>(i % 3 == 0 ? 0 : i % 3 == 1 ? 4 : 5);
    w[i] = apply(op, i) + int(bits[i] & 1u) + static_cast<int>(sizeof(Op));
}
