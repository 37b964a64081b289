// Values that reach a join through several phis: one value taken by two
// phis of the same block (out-of-SSA once wrote it into one phi's register
// and left the other copy reading a register nothing wrote), and a loop
// whose two carried values swap every iteration (a cycle of copies, which
// needs a temporary). The atomic keeps the branch a branch.
__global__ void phi_copies(double *a, double *b, const double *x, int *hits, int *swaps, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    double v = x[i], s, c;
    if (v > 1.0) {
        s = v - 1.0;
        c = s;
        atomicAdd(hits, 1);
    } else {
        s = v * 2.0;
        c = v * 3.0;
    }
    a[i] = s;
    b[i] = c;
    int p = i, q = -i, acc = 0;
    for (int k = 0; k < (i & 7); k++) {
        int t = p;
        p = q;
        q = t;
        acc = acc * 3 + p;
    }
    swaps[i] = acc;
}
