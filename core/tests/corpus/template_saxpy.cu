// A kernel template instantiated for two types: float by a launch in host
// code, double by an explicit instantiation with deduced arguments. (NVRTC
// takes no host code: it sees an explicit instantiation in the launch's place.)
template <typename T>
__global__ void saxpy_t(int n, T a, const T *__restrict__ x, T *__restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}

#ifdef __CUDACC_RTC__
template __global__ void saxpy_t<float>(int, float, const float *, float *);
#else
void launch_saxpy(int n, float a, const float *x, float *y) {
    saxpy_t<float><<<(n + 255) / 256, 256>>>(n, a, x, y);
}
#endif

template __global__ void saxpy_t(int, double, const double *, double *);
