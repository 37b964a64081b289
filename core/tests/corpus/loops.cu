// for, while and do-while with break and continue.
__global__ void loops(int n, float *out, const int *idx) {
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
        if (idx[i] < 0) continue;
        if (idx[i] > 1000) break;
        s += out[idx[i]] * 2.0f;
    }
    unsigned u = threadIdx.x;
    while (u < 100) u = u * 3u + 1u;
    int k = 0;
    do {
        k += 2;
    } while (k < (int)u);
    out[threadIdx.x] = s + (float)u + (float)k;
}
