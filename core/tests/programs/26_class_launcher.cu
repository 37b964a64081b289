// Launches from a class template's member functions (a solver object per
// precision) and from a lambda, the forms that hide kernel instances from
// a reader who looks only at main.
#include "bench_util.h"
#include <functional>
#include <memory>

template <typename T>
__global__ void axpby(T a, const T *x, T b, T *y, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + b * y[i];
}

template <typename T>
__global__ void dot_partial(const T *x, const T *y, T *out, int n) {
    __shared__ T s[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? x[i] * y[i] : T(0);
    __syncthreads();
    for (int k = blockDim.x / 2; k > 0; k >>= 1) {
        if (threadIdx.x < k) s[threadIdx.x] += s[threadIdx.x + k];
        __syncthreads();
    }
    if (threadIdx.x == 0) atomicAdd(out, s[0]);
}

template <typename T>
class Solver {
public:
    explicit Solver(int n) : n_(n) {
        CUDA_CHECK(cudaMalloc(&x_, n * sizeof(T)));
        CUDA_CHECK(cudaMalloc(&y_, n * sizeof(T)));
        CUDA_CHECK(cudaMalloc(&acc_, sizeof(T)));
        std::vector<T> ones(n, T(1));
        CUDA_CHECK(cudaMemcpy(x_, ones.data(), n * sizeof(T), cudaMemcpyHostToDevice));
        CUDA_CHECK(cudaMemcpy(y_, ones.data(), n * sizeof(T), cudaMemcpyHostToDevice));
    }
    ~Solver() {
        cudaFree(x_);
        cudaFree(y_);
        cudaFree(acc_);
    }
    void update(T a, T b) { axpby<T><<<div_up(n_, 256), 256>>>(a, x_, b, y_, n_); }
    T dot();

private:
    int n_;
    T *x_, *y_, *acc_;
};

template <typename T>
T Solver<T>::dot() {
    CUDA_CHECK(cudaMemset(acc_, 0, sizeof(T)));
    dot_partial<T><<<div_up(n_, 256), 256>>>(x_, y_, acc_, n_);
    T h;
    CUDA_CHECK(cudaMemcpy(&h, acc_, sizeof(T), cudaMemcpyDeviceToHost));
    return h;
}

__global__ void fill(int *p, int n, int value) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = value;
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 10000);
    auto sf = std::make_unique<Solver<float>>(n);
    auto sd = std::make_unique<Solver<double>>(n);
    sf->update(2.0f, 1.0f);
    sd->update(2.0, 1.0);
    printf("dot float %g, double %g (want %d)\n", sf->dot(), sd->dot(), 3 * n);
    int *d;
    CUDA_CHECK(cudaMalloc(&d, n * sizeof(int)));
    std::function<void(int)> set = [&](int v) { fill<<<div_up(n, 128), 128>>>(d, n, v); };
    set(7);
    CUDA_CHECK(cudaDeviceSynchronize());
    cudaFree(d);
    return 0;
}
