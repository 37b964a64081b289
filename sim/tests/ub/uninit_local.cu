// ub: UninitializedLocal 10
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// A per-thread table of which only the first two entries are filled; the
// lookup reads entries 2 and 3 too.
extern "C" __global__ void lookup(const int *in, int *out) {
  int i = threadIdx.x;
  int table[4];
  for (int k = 0; k < 2; k++)
    table[k] = in[i] + k;
  out[i] = table[in[i] & 3];
}
