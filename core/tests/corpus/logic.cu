// Short-circuit logic, the conditional operator and bool values.
__global__ void logic(const int *x, int *y, int lo, int hi) {
    int i = threadIdx.x;
    int v = x[i];
    bool in_range = v >= lo && v <= hi;
    bool odd = (v & 1) != 0;
    if (!in_range || (odd && v > 100)) {
        y[i] = in_range ? 1 : 2;
    } else {
        y[i] = odd ? v * 3 : v / 2;
    }
}
