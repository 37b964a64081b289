// __nvvm_reflect answers from the target and the math flags; nvvm-reflect-pp
// deletes the branch not taken.
__device__ float scaled(float x) {
    if (__nvvm_reflect("__CUDA_FTZ")) return x * 2.0f;
    return x * 3.0f;
}

__global__ void reflect(float *out, int *arch) {
    out[threadIdx.x] = scaled(out[threadIdx.x]);
    if (threadIdx.x == 0) arch[0] = __nvvm_reflect("__CUDA_ARCH") + __nvvm_reflect("__UNKNOWN");
}
