// Dynamic shared memory sized at launch, and a 2D static tile.
extern __shared__ float buffer[];

__global__ void transpose_tile(const float *in, float *out, int width) {
    __shared__ float tile[16][17];
    int x = blockIdx.x * 16 + threadIdx.x;
    int y = blockIdx.y * 16 + threadIdx.y;
    tile[threadIdx.y][threadIdx.x] = in[y * width + x];
    buffer[threadIdx.y * 16 + threadIdx.x] = tile[threadIdx.y][threadIdx.x];
    __syncthreads();
    int tx = blockIdx.y * 16 + threadIdx.x;
    int ty = blockIdx.x * 16 + threadIdx.y;
    out[ty * width + tx] = tile[threadIdx.x][threadIdx.y] + buffer[0] * 0.0f;
}
