// Tensor cores through nvcuda::wmma: one warp multiplies two 16x16 half
// tiles into a float tile (wmma.load, wmma.mma, wmma.store in the PTX).
#include <mma.h>
#include <cuda_fp16.h>
using namespace nvcuda;
extern "C" __global__ void wmma_16x16(const float *a, const float *b, float *c) {
    __shared__ half sa[256], sb[256];
    for (int i = threadIdx.x; i < 256; i += 32) {
        sa[i] = __float2half(a[i]);
        sb[i] = __float2half(b[i]);
    }
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, 0.0f);
    wmma::load_matrix_sync(fa, sa, 16);
    wmma::load_matrix_sync(fb, sb, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);
}
