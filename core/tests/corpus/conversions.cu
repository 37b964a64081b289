// Conversions between integer and floating types.
__global__ void conversions(const double *d, float *f, int *i, unsigned *u, short *s, char *c) {
    int t = threadIdx.x;
    double x = d[t];
    f[t] = (float)x;
    i[t] = (int)x;
    u[t] = (unsigned)(x * 2.0);
    s[t] = (short)i[t];
    c[t] = (char)(s[t] + 1);
    f[t + 1] = (float)c[t] + (float)u[t] + 0.5f;
}
