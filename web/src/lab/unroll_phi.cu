// Miscompile lab: a loop of 4 iterations is unrolled fully, and the sum used
// after it must be the last copy's. With the bug unroll-phi on, it is the
// next-to-last copy's: the last element is left out.
extern "C" __global__ void sum4(const int *in, int *out) {
    int t = threadIdx.x;
    int acc = 0;
    for (int k = 0; k < 4; k++)
        acc += in[t * 4 + k];
    out[t] = acc;
}
