// nvrtc: skip (NVRTC has no system headers: <stdint.h>, <stdio.h>)
#include <stdint.h>
#include <stdio.h>
#define BLOCK 256
#define IDX(b, t) ((b) * BLOCK + (t))
#define SQUARE(x) ((x) * (x))
#if __CUDA_ARCH__ >= 800
#define SCALE 2
#else
#define SCALE 1
#endif

typedef uint32_t u32;

__global__ void macros(u32 *out, uint64_t n) {
    u32 i = IDX(blockIdx.x, threadIdx.x);
    if (i < n) out[i] = SQUARE(i) * SCALE;
}
