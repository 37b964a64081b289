// ub: InactiveLane 8
// launch: --grid 1 --block 24 --args i32[24]:iota,i32[24]
// A warp sum over a block of 24 threads: lanes 8-15 read lanes 24-31,
// which were never launched.
extern "C" __global__ void warp_sum(const int *in, int *out) {
  int t = threadIdx.x;
  int v = in[t];
  v += __shfl_down_sync(0xffffffff, v, 16);
  out[t] = v;
}
