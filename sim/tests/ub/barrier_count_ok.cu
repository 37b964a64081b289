// ub: none
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// Every thread runs the loop three times; the work inside depends on it.
extern "C" __global__ void steps(const int *in, int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = 0;
  for (int k = 0; k < 3; k++) {
    if (k < in[t] % 3 + 1) s[t] += k;
    __syncthreads();
  }
  out[t] = s[t];
}
