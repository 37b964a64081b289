// Reduce me: a 60-line kernel with the lab's instcombine-sign bug hidden in
// it. With the bug on, bisect names instcombine; Reduce then shrinks the
// kernel while "that pass run changes the result" holds, to a few lines.
#define TILE 64

__device__ int clamp_to(int v, int lo, int hi) {
    if (v < lo)
        return lo;
    if (v > hi)
        return hi;
    return v;
}

__device__ float scale(float x, float s) {
    return x * s + 0.5f;
}

__device__ int mix(int a, int b) {
    int r = a ^ (b << 3);
    r = r + (a >> 2);
    return r & 0xffff;
}

extern "C" __global__ void pipeline(const int *in, int *out, float *fout, int n, int k) {
    __shared__ int tile[TILE];
    int t = threadIdx.x;
    int i = blockIdx.x * blockDim.x + t;
    int v = 0;
    if (i < n)
        v = in[i];
    tile[t] = v;
    __syncthreads();
    int left = tile[(t + TILE - 1) % TILE];
    int right = tile[(t + 1) % TILE];
    int acc = 0;
    for (int j = 0; j < k; j++) {
        acc += mix(left, j);
        acc -= clamp_to(right, 0, 100);
    }
    float f = scale((float)acc, 0.25f);
    for (int j = 0; j < 4; j++)
        f = f * 0.5f + (float)j;
    int flip = -in[i];
    switch (t & 3) {
    case 0:
        acc += 1;
        break;
    case 1:
        acc += left;
        break;
    default:
        acc -= right;
        break;
    }
    if (i < n) {
        out[i] = acc;
        out[n + i] = flip;
        fout[i] = f;
    }
}
