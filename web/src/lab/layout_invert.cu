// Miscompile lab: small values are doubled, the others replaced by -1. The IR
// is right after every pass; with the bug layout-invert on, the backend's
// layout makes a branch fall through without negating its predicate, so the
// two ways swap: bisect blames the backend.
extern "C" __global__ void split(const int *in, int *out, int n) {
    int i = threadIdx.x;
    if (in[i] < n)
        out[i] = in[i] * 2;
    else
        out[i] = -1;
}
