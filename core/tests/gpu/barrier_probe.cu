// Barrier cases for compute-sanitizer's synccheck on a real GPU (CI never
// runs it): what the hardware and NVIDIA's checker say about threads that
// leave before a __syncthreads() and about barriers reached by part of a
// block, beside what `ptxlab run` reports for the same kernels.
#include <cstdio>

// Threads past n return before the barrier; the rest synchronize.
__global__ void early_return(int *out, int n) {
    __shared__ int s[256];
    int t = threadIdx.x;
    if (t >= n) return;
    s[t] = t;
    __syncthreads();
    out[t] = s[(t + 1) % n];
}

// Half the block reaches a barrier the other half never reaches, and the
// other half goes on to the end without exiting early.
__global__ void half_barrier(int *out) {
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = t;
    if (t < 128) __syncthreads();
    out[t] = s[t ^ 1];
}

// The two halves wait at different barriers.
__global__ void two_barriers(int *out) {
    __shared__ int s[256];
    int t = threadIdx.x;
    s[t] = t;
    if (t < 128) {
        __syncthreads();
        out[t] = s[255 - t];
    } else {
        __syncthreads();
        out[t] = s[255 - t];
    }
}

int main() {
    int *out;
    cudaMalloc(&out, 256 * sizeof(int));
    early_return<<<1, 256>>>(out, 100);
    printf("early_return: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    half_barrier<<<1, 256>>>(out);
    printf("half_barrier: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    two_barriers<<<1, 256>>>(out);
    printf("two_barriers: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    int h[256];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    printf("two_barriers out[0]=%d out[200]=%d\n", h[0], h[200]);
    return 0;
}
