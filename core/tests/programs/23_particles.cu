// A particle simulation whose types live in a second file (particles.cuh):
// parameters in __constant__ memory, a class with __device__ members, and
// a kernel that counts particles per grid cell.
#include "bench_util.h"
#include "particles.cuh"

__constant__ SimParams c_params;

__global__ void step(Particle *ps, int n, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) ps[i].integrate(c_params, dt);
}

__global__ void count_cells(const Particle *ps, int n, int *cells, int res) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float3 p = ps[i].pos;
    int cx = min(res - 1, max(0, int((p.x + 1.0f) * 0.5f * res)));
    int cy = min(res - 1, max(0, int((p.y + 1.0f) * 0.5f * res)));
    atomicAdd(&cells[cy * res + cx], 1);
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 1 << 16), steps = arg_int(argc, argv, 2, 100), res = 16;
    SimParams params{make_float3(0, -9.8f, 0), 0.999f, 0.01f, make_float3(-1, -1, -1), make_float3(1, 1, 1)};
    CUDA_CHECK(cudaMemcpyToSymbol(c_params, &params, sizeof params));
    std::vector<Particle> ps(n);
    for (int i = 0; i < n; ++i)
        ps[i] = Particle(make_float3((i % 100) / 50.0f - 1, (i / 100 % 100) / 50.0f - 1, 0), make_float3(0.1f, 0, 0));
    Particle *dps;
    int *dcells;
    CUDA_CHECK(cudaMalloc(&dps, n * sizeof(Particle)));
    CUDA_CHECK(cudaMalloc(&dcells, res * res * sizeof(int)));
    CUDA_CHECK(cudaMemcpy(dps, ps.data(), n * sizeof(Particle), cudaMemcpyHostToDevice));
    for (int s = 0; s < steps; ++s) step<<<div_up(n, 256), 256>>>(dps, n, 0.01f);
    CUDA_CHECK(cudaMemset(dcells, 0, res * res * sizeof(int)));
    count_cells<<<div_up(n, 256), 256>>>(dps, n, dcells, res);
    std::vector<int> cells(res * res);
    CUDA_CHECK(cudaMemcpy(cells.data(), dcells, cells.size() * sizeof(int), cudaMemcpyDeviceToHost));
    int total = 0;
    for (int c : cells) total += c;
    printf("%d particles in %d cells after %d steps\n", total, res * res, steps);
    return total != n;
}
