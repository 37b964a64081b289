// __launch_bounds__ becomes .maxntid / .minnctapersm (and .maxclusterrank on sm_90+).
#define THREADS 128
__global__ void __launch_bounds__(THREADS, 4) bounded(float *p) {
    p[blockIdx.x * THREADS + threadIdx.x] *= 2.0f;
}

#if __CUDA_ARCH__ >= 900
// Max blocks per cluster: an error before sm_90, as in nvcc.
__global__ void __launch_bounds__(256, 2, 8) clustered(int *p) {
    p[threadIdx.x] = threadIdx.x;
}
#endif
