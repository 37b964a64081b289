// Found by ptxlab-difftest, seed 293; reduced by hand from found/seed-293.cu.
// Our -O0 PTX tests (unsigned char)(u16 value) != 0 as 'and.b16 %rs4, %rs3, 65535;
// setp.ne.s16' (mask of the source width, not 255): thread 64 (tid*in[0] = 0x..00
// in its low byte) takes the branch. -O1..-O3 and the IR interpreter agree.
// Reproduce: cargo run -p ptxlab-difftest -- --file difftest/found/seed-293-min.cu --seed 293
__global__ void kernel(unsigned long long *out, const int *in, int p0, unsigned p1, long long *scratch) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long h = 5;
    if ((unsigned char)((unsigned short)((unsigned)((unsigned short)tid) * (unsigned)((unsigned short)in[tid & 63])))) h = 7;
    out[tid] = h;
}
