// A struct carried through a loop by value (returned by a device function
// every iteration, then changed by a member function) and a constructor
// with a member initializer list: both were once wrong at -O3.
struct Range {
    int lo, hi;
    __device__ void widen(int d) { lo -= d; hi += d; }
};

__device__ Range extend(Range r, int x) {
    Range out;
    out.lo = x < r.lo ? x : r.lo;
    out.hi = x > r.hi ? x : r.hi;
    return out;
}

struct Acc {
    float sum;
    int count;
    __device__ Acc() : sum(0.0f), count(0) {}
    __device__ void add(float x) { sum += x; count++; }
};

__global__ void struct_loop(const int *data, int m, int n, Range *ranges, float *means) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    const int *row = data + i * m;
    Range r = {row[0], row[0]};
    Acc acc;
    for (int k = 1; k < m; k++) {
        r = extend(r, row[k]);
        acc.add((float)row[k]);
    }
    r.widen(1);
    ranges[i] = r;
    means[i] = acc.count ? acc.sum / acc.count : 0.0f;
}
