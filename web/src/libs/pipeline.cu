// Asynchronous copies with cuda::pipeline: each thread starts the copy of
// its next element into shared memory (cp.async on sm_80 and newer: pick
// sm_80) while it works on the one already there.
#include <cuda/pipeline>
extern "C" __global__ void scale_async(const float *in, float *out, int tiles) {
    __shared__ float buf[2][128];
    cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
    int t = threadIdx.x;
    pipe.producer_acquire();
    cuda::memcpy_async(&buf[0][t], &in[t], sizeof(float), pipe);
    pipe.producer_commit();
    for (int k = 0; k < tiles; ++k) {
        if (k + 1 < tiles) {
            pipe.producer_acquire();
            cuda::memcpy_async(&buf[(k + 1) & 1][t], &in[(k + 1) * 128 + t], sizeof(float), pipe);
            pipe.producer_commit();
        }
        pipe.consumer_wait();
        out[k * 128 + t] = 2.0f * buf[k & 1][t];
        pipe.consumer_release();
    }
}
