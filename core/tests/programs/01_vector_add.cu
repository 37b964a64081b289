// Vector addition for float and double, launched from a host template.
#include "bench_util.h"

template <typename T>
__global__ void vector_add(const T *a, const T *b, T *c, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) c[i] = a[i] + b[i];
}

template <typename T>
bool run(int n) {
    std::vector<T> a(n), b(n), c(n), want(n);
    for (int i = 0; i < n; ++i) {
        a[i] = T(i) * T(0.5);
        b[i] = T(n - i);
        want[i] = a[i] + b[i];
    }
    T *da, *db, *dc;
    size_t bytes = n * sizeof(T);
    CUDA_CHECK(cudaMalloc(&da, bytes));
    CUDA_CHECK(cudaMalloc(&db, bytes));
    CUDA_CHECK(cudaMalloc(&dc, bytes));
    CUDA_CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
    Timer t;
    vector_add<T><<<div_up(n, 256), 256>>>(da, db, dc, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaDeviceSynchronize());
    printf("vector_add<%s>: %.3f ms\n", sizeof(T) == 4 ? "float" : "double", t.ms());
    CUDA_CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
    cudaFree(da);
    cudaFree(db);
    cudaFree(dc);
    return close_enough(c, want, 1e-6);
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 1 << 20);
    bool ok = run<float>(n) && run<double>(n);
    printf("%s\n", ok ? "PASS" : "FAIL");
    return ok ? 0 : 1;
}
