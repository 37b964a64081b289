// sparse.h: a CSR matrix on the host and its device copy (a second file the
// SpMV program includes, as real codes keep their data structures apart).
#pragma once
#include <vector>
#include "bench_util.h"

struct CsrHost {
    int rows = 0, cols = 0;
    std::vector<int> row_ptr, col_idx;
    std::vector<float> values;

    static CsrHost banded(int n, int half_width) {
        CsrHost m;
        m.rows = m.cols = n;
        m.row_ptr.push_back(0);
        for (int r = 0; r < n; ++r) {
            for (int c = r - half_width; c <= r + half_width; ++c) {
                if (c < 0 || c >= n) continue;
                m.col_idx.push_back(c);
                m.values.push_back(c == r ? 4.0f : -1.0f);
            }
            m.row_ptr.push_back(int(m.col_idx.size()));
        }
        return m;
    }
};

struct CsrDevice {
    int rows;
    const int *row_ptr;
    const int *col_idx;
    const float *values;
};

template <typename T>
T *upload(const std::vector<T> &v) {
    T *d;
    CUDA_CHECK(cudaMalloc(&d, v.size() * sizeof(T)));
    CUDA_CHECK(cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice));
    return d;
}
