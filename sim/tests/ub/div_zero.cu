// ub: DivisionByZero 7
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// Thread 5 divides by zero.
extern "C" __global__ void shares(const int *in, int *out) {
  int i = threadIdx.x;
  int d = in[i] - 5;
  out[i] = 1000 / d;
}
