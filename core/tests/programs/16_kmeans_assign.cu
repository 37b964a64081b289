// One k-means iteration: points assigned to the nearest centroid (a class
// template holds the structure of arrays), new centroids accumulated with
// atomics, divided on the host.
#include "bench_util.h"
#include <limits>

template <typename T, int DIM>
struct Points {
    T *coords; // DIM arrays of n values
    int n;
    __device__ T at(int i, int d) const { return coords[d * n + i]; }
};

template <typename T, int DIM>
__global__ void assign(Points<T, DIM> pts, const T *centroids, int k, int *label, T *sums, int *counts) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= pts.n) return;
    int best = 0;
    T best_d = T(1e30);
    for (int c = 0; c < k; ++c) {
        T d = 0;
#pragma unroll
        for (int j = 0; j < DIM; ++j) {
            T diff = pts.at(i, j) - centroids[c * DIM + j];
            d += diff * diff;
        }
        if (d < best_d) {
            best_d = d;
            best = c;
        }
    }
    label[i] = best;
    for (int j = 0; j < DIM; ++j) atomicAdd(&sums[best * DIM + j], pts.at(i, j));
    atomicAdd(&counts[best], 1);
}

template <typename T, int DIM>
void iterate(int n, int k) {
    std::vector<T> coords(n * DIM), cent(k * DIM);
    for (int i = 0; i < n; ++i)
        for (int d = 0; d < DIM; ++d) coords[d * n + i] = T((i * (d + 3)) % 101) / T(10);
    for (int c = 0; c < k * DIM; ++c) cent[c] = coords[(c * 37) % (n * DIM)];
    T *dcoords, *dcent, *dsums;
    int *dlabel, *dcounts;
    CUDA_CHECK(cudaMalloc(&dcoords, coords.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dcent, cent.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dsums, cent.size() * sizeof(T)));
    CUDA_CHECK(cudaMalloc(&dlabel, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dcounts, k * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(dcoords, coords.data(), coords.size() * sizeof(T), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dcent, cent.data(), cent.size() * sizeof(T), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(dsums, 0, cent.size() * sizeof(T)));
    CUDA_CHECK(cudaMemset(dcounts, 0, k * sizeof(int)));
    Points<T, DIM> pts{dcoords, n};
    assign<T, DIM><<<div_up(n, 256), 256>>>(pts, dcent, k, dlabel, dsums, dcounts);
    std::vector<int> counts(k);
    CUDA_CHECK(cudaMemcpy(counts.data(), dcounts, k * sizeof(int), cudaMemcpyDeviceToHost));
    int total = 0;
    for (int c : counts) total += c;
    printf("dim %d: %d of %d points assigned\n", DIM, total, n);
    cudaFree(dcoords);
    cudaFree(dcent);
    cudaFree(dsums);
    cudaFree(dlabel);
    cudaFree(dcounts);
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 50000), k = arg_int(argc, argv, 2, 8);
    iterate<float, 2>(n, k);
    iterate<float, 4>(n, k);
    iterate<double, 3>(n, k);
    return 0;
}
