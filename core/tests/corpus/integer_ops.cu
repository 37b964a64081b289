// Integer arithmetic, shifts, bit operations, division and remainder.
extern "C" __global__ void integer_ops(int *out, const int *in, unsigned mask, long long big) {
    int t = threadIdx.x;
    int a = in[t];
    unsigned b = (unsigned)a;
    int r = (a << 3) ^ (a >> 2);
    r |= (int)(b >> 5) & (int)mask;
    r += a / 7 - a % 5;
    r -= (int)(b / 3u) + (int)(b % 9u);
    r = ~r + -a;
    long long w = (long long)r * big;
    out[t] = (int)(w >> 17) + (r > 0 ? 1 : -1);
}
