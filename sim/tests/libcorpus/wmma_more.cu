// WMMA beyond half: a bfloat16 tile product with float accumulators, an
// 8-bit integer product with 32-bit accumulators (exact), and a double
// 8x8x4 product, one warp per 16x16 (8x8) tile of the output.
// arch: sm_80
// min: sm_80
// run: wmma_bf16 grid=1 block=64 i32[256] i32[256] f32[512]=0
// run: wmma_s8 grid=1 block=64 i32[256] i32[256] i32[512]=0
// run: wmma_f64 grid=1 block=64 f64[128] f64[64] f64[128]=0
#include <mma.h>
#include <cuda_bf16.h>
using namespace nvcuda;
__global__ void wmma_bf16(const int *a, const int *b, float *d) {
    __shared__ __nv_bfloat16 sa[256], sb[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        sa[i] = __int2bfloat16_rn(a[i] % 17);
        sb[i] = __float2bfloat16_rn((float)(b[i] % 13) * 0.25f);
    }
    __syncthreads();
    int w = threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
    wmma::fill_fragment(acc, w * 0.5f);
    wmma::load_matrix_sync(fa, sa, 16);
    wmma::load_matrix_sync(fb, sb, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d + 256 * w, acc, 16, w ? wmma::mem_col_major : wmma::mem_row_major);
}
__global__ void wmma_s8(const int *a, const int *b, int *d) {
    __shared__ signed char sa[256], sb[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        sa[i] = (signed char)(a[i] % 100);
        sb[i] = (signed char)(b[i] % 50);
    }
    __syncthreads();
    int w = threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, 16, 16, 16, signed char, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, int> acc;
    wmma::fill_fragment(acc, w - 7);
    wmma::load_matrix_sync(fa, sa, 16);
    wmma::load_matrix_sync(fb, sb, 16);
    wmma::mma_sync(acc, fa, fb, acc);
    wmma::store_matrix_sync(d + 256 * w, acc, 16, wmma::mem_row_major);
}
__global__ void wmma_f64(const double *a, const double *b, double *d) {
    int w = threadIdx.x / 32;
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
    wmma::fill_fragment(acc, 0.0);
    for (int k = 0; k < 8; k += 4) {
        wmma::load_matrix_sync(fa, a + k + 32 * w, 8);
        wmma::load_matrix_sync(fb, b + k * 8, 8);
        wmma::mma_sync(acc, fa, fb, acc);
    }
    wmma::store_matrix_sync(d + 64 * w, acc, 8, wmma::mem_row_major);
}
