// C99 designated initializers: members out of order, nested paths
// (.pos.y), array elements ([3] =), a designator then the next members in
// order, an array sized by its largest designator; the rest is zero.
// nvrtc: skip (array and nested designators are C99; NVRTC's C++ takes neither)
struct Vec3 {
    float x, y, z;
};
struct Item {
    int id;
    Vec3 pos;
    int tags[4];
};

__global__ void designators(int *ints, float *floats) {
    int t = threadIdx.x;
    Item it = {.pos.y = 2.0f, .id = t, .tags[2] = 7, 8};
    int sparse[] = {[3] = t, [1] = 5};
    Item list[2] = {[1].pos = {.z = 1.5f}, [0] = {.tags = {1, 2}}};
    int *o = ints + t * 6;
    o[0] = it.id;
    o[1] = it.tags[0] + it.tags[1] * 10 + it.tags[2] * 100 + it.tags[3] * 1000;
    o[2] = sparse[0] + sparse[1] * 10 + sparse[3] * 100;
    o[3] = sizeof(sparse);
    o[4] = list[0].tags[0] + list[0].tags[1] * 10 + list[1].id;
    o[5] = list[0].id + list[1].tags[3];
    float *f = floats + t * 3;
    f[0] = it.pos.x + it.pos.y * 10.0f + it.pos.z;
    f[1] = list[1].pos.z + list[1].pos.x;
    f[2] = list[0].pos.y;
}
