// Sparse matrix-vector product in CSR: one thread per row (scalar) and one
// warp per row (vector, reduced with shuffles); the matrix type is passed
// to the kernels by value.
#include "sparse.h"

__global__ void spmv_scalar(CsrDevice A, const float *x, float *y) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < A.rows) {
        float sum = 0.0f;
        for (int k = A.row_ptr[row]; k < A.row_ptr[row + 1]; ++k) sum += A.values[k] * x[A.col_idx[k]];
        y[row] = sum;
    }
}

__global__ void spmv_vector(CsrDevice A, const float *x, float *y) {
    int lane = threadIdx.x & 31;
    int row = (blockIdx.x * blockDim.x + threadIdx.x) >> 5;
    if (row >= A.rows) return;
    float sum = 0.0f;
    for (int k = A.row_ptr[row] + lane; k < A.row_ptr[row + 1]; k += 32) sum += A.values[k] * __ldg(&x[A.col_idx[k]]);
    for (int off = 16; off > 0; off >>= 1) sum += __shfl_down_sync(0xffffffffu, sum, off);
    if (lane == 0) y[row] = sum;
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 100000), w = arg_int(argc, argv, 2, 4);
    CsrHost h = CsrHost::banded(n, w);
    std::vector<float> x(n);
    for (int i = 0; i < n; ++i) x[i] = 1.0f + (i % 3);
    CsrDevice A{n, upload(h.row_ptr), upload(h.col_idx), upload(h.values)};
    float *dx = upload(x), *dy;
    CUDA_CHECK(cudaMalloc(&dy, n * sizeof(float)));
    std::vector<float> want(n), got(n);
    for (int r = 0; r < n; ++r) {
        float s = 0;
        for (int k = h.row_ptr[r]; k < h.row_ptr[r + 1]; ++k) s += h.values[k] * x[h.col_idx[k]];
        want[r] = s;
    }
    bool ok = true;
    spmv_scalar<<<div_up(n, 256), 256>>>(A, dx, dy);
    CUDA_CHECK(cudaMemcpy(got.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    ok &= close_enough(got, want, 1e-5);
    spmv_vector<<<div_up(n * 32, 256), 256>>>(A, dx, dy);
    CUDA_CHECK(cudaMemcpy(got.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    ok &= close_enough(got, want, 1e-5);
    printf("spmv %d rows, %zu nonzeros: %s\n", n, h.values.size(), ok ? "PASS" : "FAIL");
    return !ok;
}
