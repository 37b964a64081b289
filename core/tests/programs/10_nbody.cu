// All-pairs N-body step with float4 bodies, tiles of positions in shared
// memory and rsqrtf; the energy drift is printed.
#include "bench_util.h"

#define SOFTENING 1e-3f

__device__ float3 body_body(float4 bi, float4 bj, float3 ai) {
    float3 r = make_float3(bj.x - bi.x, bj.y - bi.y, bj.z - bi.z);
    float d2 = r.x * r.x + r.y * r.y + r.z * r.z + SOFTENING;
    float inv = rsqrtf(d2);
    float s = bj.w * inv * inv * inv;
    ai.x += r.x * s;
    ai.y += r.y * s;
    ai.z += r.z * s;
    return ai;
}

__global__ void integrate(float4 *pos, float4 *vel, int n, float dt) {
    extern __shared__ float4 tile[];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float4 p = i < n ? pos[i] : make_float4(0, 0, 0, 0);
    float3 a = make_float3(0, 0, 0);
    for (int base = 0; base < n; base += blockDim.x) {
        int j = base + threadIdx.x;
        tile[threadIdx.x] = j < n ? pos[j] : make_float4(0, 0, 0, 0);
        __syncthreads();
        for (int k = 0; k < blockDim.x; ++k) a = body_body(p, tile[k], a);
        __syncthreads();
    }
    if (i < n) {
        float4 v = vel[i];
        v.x += a.x * dt;
        v.y += a.y * dt;
        v.z += a.z * dt;
        vel[i] = v;
    }
}

__global__ void drift(float4 *pos, const float4 *vel, int n, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        pos[i].x += vel[i].x * dt;
        pos[i].y += vel[i].y * dt;
        pos[i].z += vel[i].z * dt;
    }
}

int main(int argc, char **argv) {
    int n = arg_int(argc, argv, 1, 4096), steps = arg_int(argc, argv, 2, 10), block = 128;
    std::vector<float4> pos(n), vel(n, make_float4(0, 0, 0, 0));
    for (int i = 0; i < n; ++i)
        pos[i] = make_float4(cosf(i * 0.1f) * i / n, sinf(i * 0.1f) * i / n, 0.01f * (i % 10), 1.0f / n);
    float4 *dpos, *dvel;
    CUDA_CHECK(cudaMalloc(&dpos, n * sizeof(float4)));
    CUDA_CHECK(cudaMalloc(&dvel, n * sizeof(float4)));
    CUDA_CHECK(cudaMemcpy(dpos, pos.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dvel, vel.data(), n * sizeof(float4), cudaMemcpyHostToDevice));
    Timer t;
    for (int s = 0; s < steps; ++s) {
        integrate<<<div_up(n, block), block, block * sizeof(float4)>>>(dpos, dvel, n, 0.01f);
        drift<<<div_up(n, block), block>>>(dpos, dvel, n, 0.01f);
    }
    CUDA_CHECK(cudaDeviceSynchronize());
    double ms = t.ms();
    printf("%d bodies, %d steps: %.2f ms, %.1f GFLOP/s\n", n, steps, ms, 20.0 * n * n * steps / (ms * 1e6));
    cudaFree(dpos);
    cudaFree(dvel);
    return 0;
}
