// functors.cuh: element-wise operations as function objects, applied by a
// generic kernel (the style of Thrust-like helper libraries).
#pragma once

struct Square {
    template <typename T>
    __device__ T operator()(T x) const { return x * x; }
};

struct Affine {
    float a, b;
    __device__ float operator()(float x) const { return a * x + b; }
};

template <typename T>
struct Clamp {
    T lo, hi;
    __device__ T operator()(T x) const { return x < lo ? lo : (x > hi ? hi : x); }
};
