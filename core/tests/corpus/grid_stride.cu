// A grid-stride loop over a double array, with an unsigned index.
__global__ void scale(double *data, unsigned n, double factor) {
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        data[i] *= factor;
    }
}
