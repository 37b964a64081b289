// Float arithmetic that the -fmad, -ftz and -prec-div flags change.
extern "C" __global__ void float_math(float *out, const float *a, const float *b, float c) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float x = a[i], y = b[i];
    float m = x * y + c;
    float d = x / (y + 1.0f);
    float n = -m;
    out[i] = m - d * n + (x > y ? x : y);
}
