// Initializer lists of structs: members in order, brace elision in arrays
// of structs, nested braces, designated members (in C++20's order), a
// struct member given by a struct value, the rest zero; __constant__ and
// __device__ tables of structs; a union through its first member.
// nvrtc-options: -std=c++20
struct Pair {
    int a;
    float b;
};
struct Box {
    Pair lo, hi;
    char name[4];
};
union U {
    unsigned u;
    float f;
};

__constant__ Pair table[3] = {{1, 1.5f}, {2}, 3, 4.5f};
__device__ Box dev_box = {{7, 0.5f}, {.a = 8}, {'x', 'y'}};

__global__ void struct_init(int *ints, float *floats) {
    int t = threadIdx.x;
    Pair p = {.a = t, .b = 2.0f};
    Pair q = {.b = 3.0f};
    Box bx = {p, {.a = t + 1, .b = t * 0.5f}, {'a', 'b', 'c'}};
    Pair arr[3] = {1, 2.0f, {3, 4.0f}};
    U un = {0x3f800000u};
    int *o = ints + t * 8;
    o[0] = p.a + q.a;
    o[1] = bx.hi.a + bx.lo.a * 100;
    o[2] = bx.name[0] + bx.name[3] * 1000 + bx.name[2];
    o[3] = arr[0].a + arr[1].a * 10 + arr[2].a * 100;
    o[4] = table[t % 3].a;
    o[5] = dev_box.lo.a + dev_box.hi.a * 10 + dev_box.name[1] * 100 + dev_box.name[2];
    o[6] = un.u == 0x3f800000u;
    o[7] = sizeof(Box) * 100 + sizeof(U);
    float *f = floats + t * 8;
    f[0] = p.b + q.b;
    f[1] = bx.hi.b;
    f[2] = arr[0].b + arr[1].b * 10.0f + arr[2].b;
    f[3] = table[t % 3].b;
    f[4] = un.f;
    f[5] = dev_box.hi.b + dev_box.lo.b;
    f[6] = bx.lo.b;
    f[7] = q.a;
}
