// A local array indexed with a runtime value stays in local memory.
__global__ void local_array(int *out, const int *sel) {
    int buf[8];
    for (int k = 0; k < 8; k++) buf[k] = k * threadIdx.x;
    out[threadIdx.x] = buf[sel[threadIdx.x] & 7];
}
