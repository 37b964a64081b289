// ub: BarrierDivergence 9
// launch: --grid 1 --block 64 --args i32[64]:iota,i32[64]
// The two halves of the block wait at different barriers (one counts).
extern "C" __global__ void rotate(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  if (t < 32) {
    __syncthreads();
    out[t] = s[(t + 1) % 32];
  } else {
    out[t] = __syncthreads_count(s[t] > 40);
  }
}
