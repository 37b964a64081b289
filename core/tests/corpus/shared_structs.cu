// Structs in shared memory and a conditional between structs: a float4
// tile staged through shared memory (ld.global.v4, st.shared.v4), Vec3
// values chosen by ?: (each arm copies into one temporary, so nothing is
// left in local memory), a member of a returned struct.
struct Vec3 {
    float x, y, z;
};

__device__ Vec3 mk(float a) {
    Vec3 v = {a, a * 2.0f, a * 3.0f};
    return v;
}

__global__ void shared_structs(float4 *out, const float4 *in, Vec3 *vout, int c) {
    __shared__ float4 tile[64];
    __shared__ Vec3 vs[64];
    int t = threadIdx.x;
    tile[t] = in[t];
    vs[t] = mk((float)t);
    __syncthreads();
    Vec3 a = vs[(t + 1) & 63];
    Vec3 b = mk(1.0f);
    Vec3 r = (t & c) ? a : b;
    vout[t] = r;
    float4 q = tile[63 - t];
    q.x += r.x + mk(2.0f).y;
    out[t] = q;
}
