// Function pointers: a table of operations chosen per element by data (the
// calls stay indirect at -O3), a function pointer parameter of a
// __noinline__ function, typedef'd and plain declarators, a struct holding
// a function pointer, and a callee known after inlining (a direct call).

typedef int (*binop)(int, int);

__device__ int add(int a, int b) { return a + b; }
__device__ int sub(int a, int b) { return a - b; }
__device__ int mul(int a, int b) { return a * b; }
__device__ int maxi(int a, int b) { return a > b ? a : b; }
__device__ int mix(int a, int b) { return (a ^ b) + (a & 7); }

__device__ binop ops[5] = {add, sub, mul, maxi, &mix};

__device__ int twice(int x) { return 2 * x; }
// Overloads: the parameter's type picks `neg(int)`.
__device__ int neg(int x) { return -x; }
__device__ float neg(float x) { return -x; }
__device__ int square(int x) { return x * x; }

// A reduction whose operation is a parameter (not inlined: the call in it
// stays indirect).
__device__ __noinline__ int fold(binop f, const int *v, int n, int init) {
    int acc = init;
    for (int i = 0; i < n; ++i)
        acc = f(acc, v[i]);
    return acc;
}

// The plain declarator form, called through `(*g)`.
__device__ int apply(int (*g)(int), int x) { return (*g)(x); }

// A typedef of a function type: a parameter of that type is a pointer.
typedef int unary_fn(int);
__device__ int apply_t(unary_fn g, int x) { return g(x); }

struct Scaled {
    binop op;
    int k;
};

__device__ int run(const Scaled &s, int x) { return s.op(x, s.k); }

__global__ void function_pointers(const int *a, const int *b, const int *sel, int *out,
                                  int *folds, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        binop f = ops[sel[i] % 5];
        int r = f(a[i], b[i]);
        // Known after inlining `apply`: a direct call, inlined.
        r += apply(twice, a[i]) + apply_t(square, 3) + apply(neg, b[i]);
        int (*h)(int) = (sel[i] & 1) ? square : twice;
        if (h != 0)
            r += h(b[i]);
        Scaled s = {sel[i] > 2 ? mul : add, 3};
        r += run(s, a[i]);
        out[i] = r;
    }
    if (i < 5)
        folds[i] = fold(ops[i], a, 8, i);
}
