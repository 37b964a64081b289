// ub: none
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// The zero divisor is tested first.
extern "C" __global__ void shares(const int *in, int *out) {
  int i = threadIdx.x;
  int d = in[i] - 5;
  out[i] = d != 0 ? 1000 / d : 0;
}
