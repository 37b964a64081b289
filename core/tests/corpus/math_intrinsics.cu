// Math functions PTX has an instruction for, with no libdevice: sqrt,
// fabs, fmin/fmax, floor/ceil/trunc/rint (cvt.rmi/rpi/rzi/rni), fma,
// copysign for float and double; __fsqrt_rn, __fmaf_rn, __int2float_rn,
// __float_as_int/__int_as_float; min/max/abs on int and unsigned (min.s32,
// max.u32, abs.s32). (The approximate and directed-rounding ones — __sinf,
// rsqrtf, __fdividef, __fadd_rz, ... — are in fast_math.cu.)
__global__ void math_intrinsics(float *f, double *d, int *ints, const float *a,
                                const double *b, const int *c, int n) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n) return;
    float x = a[2 * t], y = a[2 * t + 1];
    double p = b[2 * t], q = b[2 * t + 1];
    int j = c[2 * t], k = c[2 * t + 1];
    float *fo = f + t * 12;
    fo[0] = sqrtf(fabsf(x));
    fo[1] = fminf(x, y);
    fo[2] = fmaxf(x, y);
    fo[3] = floorf(x);
    fo[4] = ceilf(x);
    fo[5] = truncf(x);
    fo[6] = rintf(x);
    fo[7] = fmaf(x, y, 1.0f);
    fo[8] = copysignf(x, y);
    fo[9] = __fsqrt_rn(fabsf(y)) + __fmaf_rn(x, x, y);
    fo[10] = __int2float_rn(j);
    fo[11] = __int_as_float(__float_as_int(x) ^ 0x80000000);
    double *dout = d + t * 9;
    dout[0] = sqrt(fabs(p));
    dout[1] = fmin(p, q);
    dout[2] = fmax(p, q);
    dout[3] = floor(p);
    dout[4] = ceil(p);
    dout[5] = trunc(p);
    dout[6] = rint(p);
    dout[7] = fma(p, q, 0.5);
    dout[8] = copysign(p, q) + floor(x);
    int *io = ints + t * 6;
    io[0] = min(j, k);
    io[1] = max(j, k);
    io[2] = abs(j);
    io[3] = min((unsigned)j, (unsigned)k);
    io[4] = max((unsigned)j, k);
    io[5] = __float_as_int(x);
}
