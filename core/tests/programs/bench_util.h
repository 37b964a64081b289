// bench_util.h: what every benchmark program here shares, as real suites
// write it: an error-check macro, a wall-clock timer, argument parsing and
// a result check.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <chrono>
#include <vector>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                        \
    do {                                                                        \
        cudaError_t err_ = (call);                                              \
        if (err_ != cudaSuccess) {                                              \
            fprintf(stderr, "%s:%d: CUDA error %s\n", __FILE__, __LINE__,       \
                    cudaGetErrorString(err_));                                  \
            exit(EXIT_FAILURE);                                                 \
        }                                                                       \
    } while (0)

class Timer {
public:
    Timer() : start_(std::chrono::steady_clock::now()) {}
    double ms() const {
        auto d = std::chrono::steady_clock::now() - start_;
        return std::chrono::duration<double, std::milli>(d).count();
    }

private:
    std::chrono::steady_clock::time_point start_;
};

inline int arg_int(int argc, char **argv, int index, int fallback) {
    return argc > index ? atoi(argv[index]) : fallback;
}

template <typename T>
bool close_enough(const std::vector<T> &got, const std::vector<T> &want, double tol) {
    for (size_t i = 0; i < got.size(); ++i) {
        if (std::fabs(double(got[i]) - double(want[i])) > tol * (1.0 + std::fabs(double(want[i])))) {
            fprintf(stderr, "mismatch at %zu: %g vs %g\n", i, double(got[i]), double(want[i]));
            return false;
        }
    }
    return true;
}

inline unsigned div_up(unsigned n, unsigned d) { return (n + d - 1) / d; }
