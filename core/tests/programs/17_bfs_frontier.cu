// Breadth-first search level by level on a grid graph in CSR: a frontier
// kernel sets the next level's distances; the host loops while any changed.
#include "bench_util.h"
#include <queue>

__global__ void bfs_level(const int *row_ptr, const int *cols, int *dist, int level, int n, int *changed) {
    int v = blockIdx.x * blockDim.x + threadIdx.x;
    if (v >= n || dist[v] != level) return;
    for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e) {
        int u = cols[e];
        if (atomicCAS(&dist[u], -1, level + 1) == -1) *changed = 1;
    }
}

int main(int argc, char **argv) {
    int side = arg_int(argc, argv, 1, 200);
    int n = side * side;
    std::vector<int> row_ptr{0}, cols;
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            if (x > 0) cols.push_back(y * side + x - 1);
            if (x + 1 < side) cols.push_back(y * side + x + 1);
            if (y > 0) cols.push_back((y - 1) * side + x);
            if (y + 1 < side) cols.push_back((y + 1) * side + x);
            row_ptr.push_back(int(cols.size()));
        }
    std::vector<int> dist(n, -1);
    dist[0] = 0;
    int *drow, *dcols, *ddist, *dchanged;
    CUDA_CHECK(cudaMalloc(&drow, row_ptr.size() * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dcols, cols.size() * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&ddist, n * sizeof(int)));
    CUDA_CHECK(cudaMalloc(&dchanged, sizeof(int)));
    CUDA_CHECK(cudaMemcpy(drow, row_ptr.data(), row_ptr.size() * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dcols, cols.data(), cols.size() * sizeof(int), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(ddist, dist.data(), n * sizeof(int), cudaMemcpyHostToDevice));
    int level = 0, changed = 1;
    while (changed) {
        changed = 0;
        CUDA_CHECK(cudaMemcpy(dchanged, &changed, sizeof(int), cudaMemcpyHostToDevice));
        bfs_level<<<div_up(n, 256), 256>>>(drow, dcols, ddist, level, n, dchanged);
        CUDA_CHECK(cudaMemcpy(&changed, dchanged, sizeof(int), cudaMemcpyDeviceToHost));
        ++level;
    }
    CUDA_CHECK(cudaMemcpy(dist.data(), ddist, n * sizeof(int), cudaMemcpyDeviceToHost));
    // The host's BFS for comparison.
    std::vector<int> want(n, -1);
    std::queue<int> q;
    want[0] = 0;
    q.push(0);
    while (!q.empty()) {
        int v = q.front();
        q.pop();
        for (int e = row_ptr[v]; e < row_ptr[v + 1]; ++e)
            if (want[cols[e]] < 0) {
                want[cols[e]] = want[v] + 1;
                q.push(cols[e]);
            }
    }
    bool ok = dist == want;
    printf("%d levels: %s\n", level, ok ? "PASS" : "FAIL");
    return !ok;
}
