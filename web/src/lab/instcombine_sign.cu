// Miscompile lab: out[i] = -in[i]. With the bug instcombine-sign on,
// instcombine "simplifies" the negation 0 - x to x: bisect names the rewrite.
extern "C" __global__ void negate(const int *in, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = -in[i];
}
