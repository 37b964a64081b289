// ub: BarrierAfterExit 11
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// Threads pass the barrier in the loop a different number of times: the
// last passes happen after the others exited (a warning, not UB, on sm_70+).
extern "C" __global__ void steps(const int *in, int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  s[t] = 0;
  for (int k = 0; k < in[t] % 3 + 1; k++) {
    s[t] += k;
    __syncthreads();
  }
  out[t] = s[t];
}
