// CUDA's vector types: whole float4 loads and stores, make_float4 /
// make_int2 / make_uchar4, members .x .y .z .w, float3 (12 bytes, align 4)
// and double2 (align 16) arrays, dim3 and uint3 from blockDim and
// threadIdx, and the types' sizes.
__global__ void vector_types(float4 *v, const float3 *p, int2 *ij, uchar4 *c,
                             double2 *d, unsigned *dims, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float4 a = v[i];
    float3 q = p[i];
    a = make_float4(a.x + q.x, a.y * q.y, a.z - q.z, a.w + 1.0f);
    v[i] = a;
    int2 t = ij[i];
    ij[i] = make_int2(t.y, t.x + t.y);
    uchar4 u = c[i];
    c[i] = make_uchar4(u.w, u.z, u.y, (unsigned char)(u.x + 1));
    double2 e = d[i];
    e.x += e.y;
    d[i] = e;
    if (i == 0) {
        dim3 b = blockDim;
        uint3 t3 = threadIdx;
        dims[0] = b.x + b.y * 10u + b.z * 100u + t3.x;
        dims[1] = sizeof(float4) * 10000 + sizeof(float3) * 100 + sizeof(uchar4);
        dims[2] = sizeof(double2) * 100 + sizeof(char3) + sizeof(dim3) * 1000;
    }
}
