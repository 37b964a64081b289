// Conversions between integer and floating types (f holds 2 * blockDim.x
// results: each thread's own two, so no two threads store to one element).
__global__ void conversions(const double *d, float *f, int *i, unsigned *u, short *s, char *c) {
    int t = threadIdx.x;
    double x = d[t];
    f[t] = (float)x;
    i[t] = (int)x;
    u[t] = (unsigned)(x * 2.0);
    s[t] = (short)i[t];
    c[t] = (char)(s[t] + 1);
    f[blockDim.x + t] = (float)c[t] + (float)u[t] + 0.5f;
}
