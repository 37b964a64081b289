// nvrtc: skip (host code with cudaMalloc and a <<<>>> launch needs nvcc, not NVRTC)
#include <cuda_runtime.h>

__global__ void vector_add(const float *a, const float *b, float *c, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) {
        c[i] = a[i] + b[i];
    }
}

// Host code is parsed and not compiled for the device.
int main() {
    float *d;
    cudaMalloc(&d, 1024);
    vector_add<<<4, 256>>>(d, d, d, 1024);
    return 0;
}
