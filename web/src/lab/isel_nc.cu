// Miscompile lab: each thread bumps its element, then (after the barrier)
// doubles its neighbour's bumped value into out. The IR is right after
// every pass; with the bug isel-nc on, isel reads `a` through the read-only
// cache (`ld.global.nc`) although the kernel stores to it, so the load after
// the barrier sees `a` as it was at launch: bisect blames the backend.
extern "C" __global__ void bump(int *__restrict__ a, int *__restrict__ out) {
    int i = threadIdx.x;
    a[i] = a[i] + 1;
    __syncthreads();
    out[i] = a[(i + 1) % blockDim.x] * 2;
}
