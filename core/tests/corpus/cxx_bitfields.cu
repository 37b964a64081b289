// Bit-fields: packed as nvcc packs them (a field never crosses a unit of
// its type; `: 0` moves to the next unit), read with sign or zero
// extension, written by masking into their unit, in initializers too.
struct Packed {
    unsigned lo : 4;
    unsigned mid : 12;
    int sgn : 7;
    unsigned char flag : 1;
    unsigned short wide : 9;
    int : 0;
    long long big : 40;
    char tail;
};

__device__ Packed table = {9, 1000, -21, 1, 300, -5000000000LL, 'x'};

__global__ void cxx_bitfields(const int *in, int *out, Packed *ps, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    Packed p = {unsigned(in[i]), 7u, -1, 0, 511, 0, 'a'};
    p.mid += in[i] * 3;
    p.sgn = in[i] - 40;
    p.flag = in[i] & 1;
    p.wide++;
    p.big = (long long)in[i] * -1000000000LL;
    ps[i] = p;
    Packed t = table;
    out[8 * i] = p.lo;
    out[8 * i + 1] = p.mid;
    out[8 * i + 2] = p.sgn;
    out[8 * i + 3] = p.flag;
    out[8 * i + 4] = p.wide;
    out[8 * i + 5] = int(p.big / 1000);
    out[8 * i + 6] = t.sgn + t.lo + t.mid + t.wide + t.flag;
    out[8 * i + 7] = sizeof(Packed) * 100 + int(t.big / 1000000) + t.tail;
}
