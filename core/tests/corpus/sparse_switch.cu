// A large sparse switch (a binary search of compares, as NVVM lowers it),
// cases sharing a block, adjacent values forming a range, negative values,
// and a switch on a 64-bit value.
__device__ int opcode_cost(int op) {
    switch (op) {
    case -40: return 7;
    case -3: return 11;
    case 0: return 1;
    case 5:
    case 6:
    case 7:
    case 8: return 2;
    case 17: return 3;
    case 99: return 5;
    case 250: return 8;
    case 1000: return 13;
    case 4096: return 21;
    case 70000: return 34;
    case 1 << 24: return 55;
    default: return -1;
    }
}

__global__ void sparse_switch(int *out, const int *ops, const long long *keys, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int r = opcode_cost(ops[i]);
    long long k = keys[i];
    switch (k) {
    case 3000000000LL: r += 100; break;
    case -3000000000LL: r += 200; break;
    case 12: r += 300;  // fall through
    case 13: r += 400; break;
    case 1LL << 40: r += 500; break;
    }
    out[i] = r;
}
