// RGBA to grayscale and a 3x3 box blur on 8-bit images (uchar4 pixels),
// with the image loaded from a PPM-like buffer made on the host.
#include "bench_util.h"
#include <cstdint>
#include <string>
#include <sstream>

__global__ void to_gray(const uchar4 *rgba, unsigned char *gray, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        uchar4 p = rgba[y * w + x];
        gray[y * w + x] = (unsigned char)(0.299f * p.x + 0.587f * p.y + 0.114f * p.z + 0.5f);
    }
}

__global__ void box_blur(const unsigned char *in, unsigned char *out, int w, int h) {
    int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x >= w || y >= h) return;
    int sum = 0, count = 0;
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
            int xx = x + dx, yy = y + dy;
            if (xx >= 0 && yy >= 0 && xx < w && yy < h) {
                sum += in[yy * w + xx];
                ++count;
            }
        }
    out[y * w + x] = (unsigned char)(sum / count);
}

int main(int argc, char **argv) {
    int w = arg_int(argc, argv, 1, 800), h = arg_int(argc, argv, 2, 600);
    std::ostringstream header;
    header << "P6 " << w << " " << h << " 255\n";
    std::vector<uchar4> img(w * h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) img[y * w + x] = make_uchar4(x % 256, y % 256, (x + y) % 256, 255);
    uchar4 *drgba;
    unsigned char *dgray, *dblur;
    CUDA_CHECK(cudaMalloc(&drgba, w * h * sizeof(uchar4)));
    CUDA_CHECK(cudaMalloc(&dgray, w * h));
    CUDA_CHECK(cudaMalloc(&dblur, w * h));
    CUDA_CHECK(cudaMemcpy(drgba, img.data(), w * h * sizeof(uchar4), cudaMemcpyHostToDevice));
    dim3 block(32, 8), grid(div_up(w, 32), div_up(h, 8));
    to_gray<<<grid, block>>>(drgba, dgray, w, h);
    box_blur<<<grid, block>>>(dgray, dblur, w, h);
    std::vector<unsigned char> out(w * h);
    CUDA_CHECK(cudaMemcpy(out.data(), dblur, w * h, cudaMemcpyDeviceToHost));
    uint64_t sum = 0;
    for (unsigned char c : out) sum += c;
    printf("%s mean gray %.2f\n", header.str().c_str(), double(sum) / (w * h));
    cudaFree(drgba);
    cudaFree(dgray);
    cudaFree(dblur);
    return 0;
}
