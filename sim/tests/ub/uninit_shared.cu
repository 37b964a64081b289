// ub: UninitializedShared 9
// launch: --grid 1 --block 64 --args i32[64]:iota,i32[64]
// Half the block fills the tile; every thread reads it reversed, so the
// upper half reads slots nobody wrote.
extern "C" __global__ void reverse(const int *in, int *out) {
  __shared__ int tile[64];
  if (threadIdx.x < 32) tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}
