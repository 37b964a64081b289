// ub: none
// launch: --grid 4 --block 32 --args i32[128]:iota,i32[4]
// Each block stores its first element to a word of its own.
extern "C" __global__ void firsts(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) out[blockIdx.x] = in[i];
}
