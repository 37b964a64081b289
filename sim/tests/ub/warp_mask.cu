// ub: WarpMask 8
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// Each half of the warp shuffles on its own but names the whole warp in
// its mask: the other half waits at another shuffle.
extern "C" __global__ void halves(const int *in, int *out) {
  int t = threadIdx.x, v = in[t];
  if (t < 16)
    v += __shfl_xor_sync(0xffffffff, v, 1);
  else
    v += __shfl_down_sync(0xffffffff, v, 1);
  out[t] = v;
}
