// ub: none
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32],-1
// INT_MIN / -1 is saturated before it is divided.
extern "C" __global__ void quotients(const int *in, int *out, int m) {
  int i = threadIdx.x;
  int v = in[i] == 3 ? (int)0x80000000 : in[i];
  out[i] = (v == (int)0x80000000 && m == -1) ? 0x7fffffff : v / m;
}
