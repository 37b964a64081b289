// ub: none
// launch: --grid 1 --block 32 --args i32[32]:iota,i32[32]
// The per-thread table filled in full before the lookup.
extern "C" __global__ void lookup(const int *in, int *out) {
  int i = threadIdx.x;
  int table[4];
  for (int k = 0; k < 4; k++)
    table[k] = in[i] + k;
  out[i] = table[in[i] & 3];
}
