// ub: GlobalRace 7
// launch: --grid 4 --block 32 --args i32[128]:iota,i32[4]
// Every block stores its first element to one word: blocks are not
// ordered, so the result depends on which block runs last.
extern "C" __global__ void firsts(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) out[0] = in[i];
}
