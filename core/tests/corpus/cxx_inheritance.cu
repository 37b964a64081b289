// Inheritance as CUDA C++ libraries use it: a CUTLASS-style tile iterator
// built on a base that holds the pointer, layout and position (base
// constructor in the member initializer list, base members used from a
// class template), and a functor hierarchy (single and multiple bases, an
// empty base, a member function hiding the base's, `using Base::f`,
// inherited constructors, derived-to-base references and pointers,
// static_cast back down).
namespace tile {
struct Coord {
    int row = 0, col = 0;
    __device__ Coord() {}
    __device__ Coord(int r, int c) : row(r), col(c) {}
};

struct PitchLayout {
    int ld;
    __device__ explicit PitchLayout(int ld) : ld(ld) {}
    __device__ int offset(Coord c) const { return c.row * ld + c.col; }
};

class IteratorBase {
  protected:
    const float *ptr;
    PitchLayout layout;

  public:
    Coord pos;
    __device__ IteratorBase(const float *p, int ld) : ptr(p), layout(ld) {}
    __device__ float at(int r, int c) const { return ptr[layout.offset(Coord(pos.row + r, pos.col + c))]; }
    __device__ void advance(int rows, int cols) {
        pos.row += rows;
        pos.col += cols;
    }
};

template <int kRows, int kCols>
class TileIterator : public IteratorBase {
  public:
    int steps = 0;
    __device__ TileIterator(const float *p, int ld, Coord start) : IteratorBase(p, ld) { pos = start; }
    __device__ TileIterator &operator++() {
        advance(0, kCols);
        ++steps;
        return *this;
    }
    __device__ float sum() const {
        float s = 0.0f;
#pragma unroll
        for (int r = 0; r < kRows; ++r)
#pragma unroll
            for (int c = 0; c < kCols; ++c)
                s += at(r, c);
        return s;
    }
};
}  // namespace tile

// Functors: an empty tag base, a base with state, a hierarchy.
struct Unary {};
struct Biased {
    float bias = 0.5f;
    __device__ float finish(float v) const { return v + bias; }
    __device__ float apply(float v) const { return finish(v); }
};
struct Scale : Unary, Biased {
    float k;
    __device__ Scale(float k) : k(k) {}
    __device__ Scale(float k, float b) : Biased{b}, k(k) {}
    __device__ float apply(float v) const { return finish(k * v); }  // hides Biased::apply
    __device__ float apply(float v, float w) const { return k * v + w; }
};
struct Counted {
    int calls = 0;
};
struct ClampedScale : Scale, Counted {
    float lo = -8.0f, hi = 8.0f;
    __device__ ClampedScale(float k) : Scale(k, 1.0f) {}
    using Scale::apply;  // both of Scale's, beside this one
    __device__ float apply(int v) {
        ++calls;
        float r = Scale::apply(float(v));
        return r < lo ? lo : (r > hi ? hi : r);
    }
};

// Scale's constructors inherited.
struct Shifted : Scale {
    using Scale::Scale;
    float shift = 0.25f;
    __device__ float apply(float v) const { return Scale::apply(v) + shift; }
};

__device__ float through_base(const Biased &b, float v) { return b.apply(v); }
__device__ int calls_of(const Counted *c) { return c ? c->calls : -1; }

__global__ void tiles(const float *in, float *out, int ld, int tiles_per_row) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= tiles_per_row) return;
    tile::TileIterator<2, 4> it(in, ld, tile::Coord(threadIdx.y * 2, 0));
    float acc = 0.0f;
    for (int k = 0; k < t; ++k) ++it;
    acc = it.sum();
    out[threadIdx.y * tiles_per_row + t] = acc + it.steps + it.pos.col;
}

__global__ void functors(const float *in, float *out, int *count, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float x = in[i];
    Scale s(2.0f);
    ClampedScale c(3.0f);
    float a = s.apply(x) + s.Biased::apply(x) + through_base(s, x);
    float b = c.apply(int(x)) + c.apply(x, 1.0f) + through_base(c, x);
    // A pointer to the second base, and back down.
    Counted *counted = &c;
    ClampedScale *back = static_cast<ClampedScale *>(counted);
    Biased &biased = c;
    Shifted sh(4.0f, 2.0f);
    out[i] = a + b + back->k + biased.bias + sh.apply(x);
    count[i] = calls_of(counted) + calls_of(nullptr) + int(sizeof(ClampedScale)) + int(sizeof(Scale));
}
