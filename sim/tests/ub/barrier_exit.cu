// ub: BarrierAfterExit 10
// launch: --grid 1 --block 64 --args i32[64]:iota,i32[64]
// Only the first half of the block reaches the barrier; the second half has
// exited. Exited threads count as arrived (sm_70+): a warning, not UB.
extern "C" __global__ void rotate(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  if (t < 32) {
    __syncthreads();
    out[t] = s[(t + 1) % 32];
  }
}
