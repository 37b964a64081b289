// switch with fallthrough, default in the middle, nested switches, break
// out of a loop inside a case, continue through a switch; goto and labels.
__device__ int classify(int v) {
    switch (v) {
    case -1:
        return 100;
    case 'a':
    case 'b':
        return 200;
    default:
        return v * 2;
    }
}

__global__ void switch_goto(int *out, const int *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    int v = in[i];
    int r = 0;
    switch (v & 7) {
    case 0:
        r = 10;
        break;
    case 1:
    case 2:
        r = 20;
        // fall through
    case 3:
        r += 3;
        break;
    default:
        r = -1;
        for (int k = 0; k < 4; k++) {
            if (k == (v & 3)) break;
            r += k;
        }
        break;
    case 5: {
        int j = 0;
    again:
        j++;
        if (j < (v & 15)) goto again;
        r = j;
        break;
    }
    case 6:
        switch (v >> 3 & 3) {
        case 0: r = 60; break;
        case 1: r = 61;
        case 2: r += 62; break;
        }
        r += 1000;
    }
    // continue inside a switch continues the loop.
    int s = 0;
    for (int k = 0; k < 8; k++) {
        switch (k % 3) {
        case 0: continue;
        case 1: s += k; break;
        default: s -= 1;
        }
        s *= 2;
    }
    unsigned u = (unsigned)v;
    switch (u % 4u) {
    case 0u: goto done;
    case 3u: r ^= 0x55;
    }
    r += classify(v % 5 - 1) + classify(v & 1 ? 'a' : 'c');
done:
    out[i] = r * 1000 + s;
}
