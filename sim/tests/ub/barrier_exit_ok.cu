// ub: none
// launch: --grid 1 --block 64 --args i32[64]:iota,i32[64]
// Every thread reaches the barrier; then the first half reads.
extern "C" __global__ void rotate(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 32)
    out[t] = s[(t + 1) % 32];
}
