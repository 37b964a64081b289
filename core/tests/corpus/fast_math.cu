// The intrinsics with a rounding mode or an approximation (no libdevice):
// __fadd/__fmul/__fmaf in each rounding mode (add.rz.f32, mul.rp.f32,
// fma.rm.f32), __float2int/__float2uint (cvt.rni/rzi/rpi/rmi), __saturatef
// (cvt.sat), __frcp_rn, __dadd_rn/__dmul_rn, and the approximate __sinf,
// __cosf, __expf, __logf, __fdividef, rsqrtf and rsqrt.
__global__ void fast_math(float *exact, float *approx, int *ints, double *d,
                          double *dapprox, const float *a, const double *b,
                          int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float x = a[3 * t], y = a[3 * t + 1], z = a[3 * t + 2];
    double p = b[2 * t], q = b[2 * t + 1];
    // A small addend makes every sum inexact in f32.
    float s = y * 0x1p-20f;
    float *e = exact + t * 14;
    e[0] = __fadd_rn(x, s);
    e[1] = __fadd_rz(x, s);
    e[2] = __fadd_ru(x, s);
    e[3] = __fadd_rd(x, s);
    e[4] = __fmul_rn(x, y);
    e[5] = __fmul_rz(x, y);
    e[6] = __fmul_ru(x, y);
    e[7] = __fmul_rd(x, y);
    e[8] = __fmaf_rn(x, y, z);
    e[9] = __fmaf_rz(x, y, z);
    e[10] = __fmaf_ru(x, y, z);
    e[11] = __fmaf_rd(x, y, z);
    e[12] = __saturatef(x * 0.02f);
    e[13] = __frcp_rn(y);
    int *i = ints + t * 7;
    i[0] = __float2int_rn(x);
    i[1] = __float2int_rz(x);
    i[2] = __float2int_ru(x);
    i[3] = __float2int_rd(x);
    i[4] = __float2int_rz(x * 1e9f);
    i[5] = (int)__float2uint_rn(x);
    i[6] = (int)__float2uint_rz(y * 1e9f);
    float *o = approx + t * 6;
    o[0] = __sinf(x * 0.05f);
    o[1] = __cosf(x * 0.05f);
    o[2] = __expf(x * 0.1f);
    o[3] = __logf(fabsf(x) + 1.0f);
    o[4] = __fdividef(x, y);
    o[5] = rsqrtf(fabsf(y) + 1.0f);
    d[2 * t] = __dadd_rn(p, q);
    d[2 * t + 1] = __dmul_rn(p, q);
    dapprox[t] = rsqrt(fabs(p) + 1.0);
}
