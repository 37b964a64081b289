// ub: DivisionOverflow 7
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32],-1
// Thread 3 divides INT_MIN by -1: the quotient does not fit in an int.
extern "C" __global__ void quotients(const int *in, int *out, int m) {
  int i = threadIdx.x;
  int v = in[i] == 3 ? (int)0x80000000 : in[i];
  out[i] = v / m;
}
