// Matrix-vector product y = A x, one warp per row with a shuffle
// reduction; templated on the element type and instantiated from a host
// dispatcher on a type name.
#include "bench_util.h"
#include <string>
#include <cstring>

template <typename T>
__device__ T warp_sum(T v) {
    for (int off = 16; off > 0; off >>= 1) v += __shfl_down_sync(0xffffffffu, v, off);
    return v;
}

template <typename T>
__global__ void gemv(const T *A, const T *x, T *y, int rows, int cols) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32, lane = threadIdx.x % 32;
    if (warp >= rows) return;
    T sum = 0;
    for (int c = lane; c < cols; c += 32) sum += A[size_t(warp) * cols + c] * x[c];
    sum = warp_sum(sum);
    if (lane == 0) y[warp] = sum;
}

template <typename T>
int bench(int rows, int cols) {
    std::vector<T> A(size_t(rows) * cols), x(cols), y(rows), want(rows);
    for (size_t i = 0; i < A.size(); ++i) A[i] = T(i % 5) - T(2);
    for (int c = 0; c < cols; ++c) x[c] = T(c % 3);
    for (int r = 0; r < rows; ++r) {
        T s = 0;
        for (int c = 0; c < cols; ++c) s += A[size_t(r) * cols + c] * x[c];
        want[r] = s;
    }
    T *dA, *dx, *dy;
    CUDA_CHECK(cudaMalloc(&dA, A.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dx, cols * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dy, rows * sizeof(T)));
    CUDA_CHECK(cudaMemcpy(dA, A.data(), A.size() * sizeof(T), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dx, x.data(), cols * sizeof(T), cudaMemcpyHostToDevice));
    gemv<T><<<div_up(rows * 32, 128), 128>>>(dA, dx, dy, rows, cols);
    CUDA_CHECK(cudaMemcpy(y.data(), dy, rows * sizeof(T), cudaMemcpyDeviceToHost));
    cudaFree(dA);
    cudaFree(dx);
    cudaFree(dy);
    return close_enough(y, want, 1e-5) ? 0 : 1;
}

int main(int argc, char **argv) {
    std::string type = argc > 1 ? argv[1] : "float";
    int rows = arg_int(argc, argv, 2, 4096), cols = arg_int(argc, argv, 3, 1024);
    if (type == "float") return bench<float>(rows, cols);
    if (type == "double") return bench<double>(rows, cols);
    if (type == "int") return bench<int>(rows, cols);
    fprintf(stderr, "unknown type %s\n", type.c_str());
    return 2;
}
