// Miscompile lab: a[idx[i]] = 2 overwrites a[i] when idx[i] == i, so the
// load reads 2. With the bug gvn-clobber on, gvn thinks two different pointer
// values never alias and forwards the first store's 1 to the load.
extern "C" __global__ void overwrite(int *a, const int *idx, int *out) {
    int i = threadIdx.x;
    a[i] = 1;
    a[idx[i]] = 2;
    out[i] = a[i];
}
