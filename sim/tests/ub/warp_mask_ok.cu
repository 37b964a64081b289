// ub: none
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// Each half of the warp names only itself in its shuffle's mask.
extern "C" __global__ void halves(const int *in, int *out) {
  int t = threadIdx.x, v = in[t];
  if (t < 16)
    v += __shfl_xor_sync(0x0000ffff, v, 1);
  else
    v += __shfl_down_sync(0xffff0000, v, 1);
  out[t] = v;
}
