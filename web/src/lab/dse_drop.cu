// Miscompile lab: a[i] = 5 is read (through a[idx[i]], the same element when
// idx[i] == i) before a[i] = 7 overwrites it. With the bug dse-drop on, dse
// takes no load as a read and deletes the first store.
extern "C" __global__ void stash(int *a, const int *idx, int *out) {
    int i = threadIdx.x;
    a[i] = 5;
    out[i] = a[idx[i]];
    a[i] = 7;
}
