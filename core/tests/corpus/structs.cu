// Structs, unions and enums: members through . and ->, nested and
// anonymous members, arrays of and pointers to structs, struct copies,
// returns and initializer lists, a struct kernel parameter passed by value
// (read with ld.param), and a __noinline__ device function that takes and
// returns structs.
struct Vec3 {
    float x, y, z;
};

typedef struct {
    int id;
    Vec3 pos;
    union {
        float weight;
        unsigned bits;
    };
    char tag;
} Particle;

enum Op { OP_ADD, OP_SCALE = 4, OP_FLIP };

// Large enough to be copied in a loop rather than member by member.
struct Hist {
    int bins[80];
};

struct Params {
    Op op;
    float factor;
    double offset;
    char flag;
};

__device__ Vec3 scale(Vec3 v, float s) {
    Vec3 r = {v.x * s, v.y * s, v.z * s};
    return r;
}

__device__ __noinline__ Vec3 add(Vec3 a, const Vec3 b) {
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
    return a;
}

__global__ void structs(Particle *ps, float *out, Params prm, int n, Hist *h) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < 2) {
        Hist tmp = h[i];
        tmp.bins[i + 3] += 7;
        h[i + 2] = tmp;
    }
    if (i >= n) return;
    Particle p = ps[i];
    Vec3 d = {1.0f, 2.0f};
    Vec3 s = scale(p.pos, prm.factor);
    Op op = i % 3 == 0 ? prm.op : (Op)(i % 3 == 1 ? OP_SCALE : OP_FLIP);
    switch (op) {
    case OP_ADD:
        s = add(s, d);
        break;
    case OP_FLIP: {
        float t = s.x;
        s.x = s.z;
        s.z = t;
        break;
    }
    default:
        break;
    }
    Particle *q = &ps[i];
    q->pos = s;
    q->id = p.id + (int)sizeof(Particle) + (prm.flag ? 1000 : 0) + op;
    q->weight = p.weight * 0.5f;
    out[i] = s.x + s.y + s.z + (float)prm.offset + (float)(p.bits & 1u) + p.tag;
}
