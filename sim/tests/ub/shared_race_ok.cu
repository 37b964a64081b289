// ub: none
// launch: --grid 1 --block 64 --args i32[64]:iota,i32[1]
// The block sum with its barrier after the load.
extern "C" __global__ void block_sum(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  for (int d = 32; d > 0; d /= 2) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
