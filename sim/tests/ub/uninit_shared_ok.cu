// ub: none
// launch: --grid 1 --block 64 --args i32[64]:iota,i32[64]
// Every thread fills its slot before the block reads the tile reversed.
extern "C" __global__ void reverse(const int *in, int *out) {
  __shared__ int tile[64];
  tile[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = tile[63 - threadIdx.x];
}
