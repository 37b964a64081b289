// ub: none
// launch: --grid 1 --block 24 --args i32[24]:iota,i32[24]
// The warp exchanges values only among the 24 lanes that were launched.
extern "C" __global__ void warp_sum(const int *in, int *out) {
  int t = threadIdx.x;
  int v = in[t];
  v += __shfl_xor_sync(0x00ffffff, v, 4);
  out[t] = v;
}
