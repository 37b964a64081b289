// Tensor-core GEMM with WMMA: each warp computes one 16x16 tile of
// D = alpha * A * B + beta * C (A row-major M x K, B column-major, half
// inputs, float accumulators), the canonical nvcuda::wmma example; the
// epilogue works element-wise on the fragments' x[].
// nvrtc-options: --use-bundled-headers
#include <mma.h>
using namespace nvcuda;

__global__ void wmma_gemm(const half *a, const half *b, const float *c, float *d, int M, int N, int K,
                          float alpha, float beta) {
    int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
    int tilesN = N / 16;
    int tm = warp / tilesN, tn = warp % tilesN;
    if (tm * 16 >= M)
        return;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(acc, 0.0f);
    for (int k = 0; k < K; k += 16) {
        wmma::load_matrix_sync(fa, a + tm * 16 * K + k, K);
        wmma::load_matrix_sync(fb, b + tn * 16 * K + k, K);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::load_matrix_sync(fc, c + tm * 16 * N + tn * 16, N, wmma::mem_row_major);
    for (int i = 0; i < fc.num_elements; i++)
        fc.x[i] = alpha * acc.x[i] + beta * fc.x[i];
    wmma::store_matrix_sync(d + tm * 16 * N + tn * 16, fc, N, wmma::mem_row_major);
}
