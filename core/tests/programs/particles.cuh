// particles.cuh: a particle system's state and the device functions that
// advance it, shared by the simulation's kernels.
#pragma once
#include <cuda_runtime.h>

struct SimParams {
    float3 gravity;
    float damping;
    float radius;
    float3 box_min, box_max;
};

class Particle {
public:
    float3 pos, vel;

    __host__ __device__ Particle() : pos(make_float3(0, 0, 0)), vel(make_float3(0, 0, 0)) {}
    __host__ __device__ Particle(float3 p, float3 v) : pos(p), vel(v) {}

    __device__ void integrate(const SimParams &p, float dt) {
        vel.x += p.gravity.x * dt;
        vel.y += p.gravity.y * dt;
        vel.z += p.gravity.z * dt;
        vel.x *= p.damping;
        vel.y *= p.damping;
        vel.z *= p.damping;
        pos.x += vel.x * dt;
        pos.y += vel.y * dt;
        pos.z += vel.z * dt;
        bounce(pos.x, vel.x, p.box_min.x + p.radius, p.box_max.x - p.radius);
        bounce(pos.y, vel.y, p.box_min.y + p.radius, p.box_max.y - p.radius);
        bounce(pos.z, vel.z, p.box_min.z + p.radius, p.box_max.z - p.radius);
    }

private:
    __device__ static void bounce(float &x, float &v, float lo, float hi) {
        if (x < lo) {
            x = lo;
            v = -0.5f * v;
        } else if (x > hi) {
            x = hi;
            v = -0.5f * v;
        }
    }
};
