//! cuRAND, our own text: `curand.h` (the host API's types, enums and
//! functions, as declarations host code parses) and `curand_kernel.h`
//! (the device API: XORWOW, Philox4_32_10, MRG32k3a and the Sobol32/64
//! states, plain and scrambled; `curand_init`, `curand`, `curand4`,
//! uniform, normal and log-normal draws in float and double, `skipahead`,
//! `skipahead_sequence`). Every state steps as NVIDIA's does, so a kernel
//! draws the numbers NVIDIA's cuRAND draws for the same seed, subsequence
//! and offset (`sim/tests/curand.rs` checks it against NVRTC). The jump
//! tables come from `curand_tables.rs`, computed when the header is first
//! included; a jump by subsequence or offset multiplies polynomials (XORWOW)
//! or 3×3 matrices (MRG32k3a); the tables are small internal globals
//! (1.5 KB; nvcc's own header carries 220 KB of them into every PTX).
//! The names of cuRAND's other headers include this one.

use std::sync::OnceLock;

/// Every header name this module answers.
pub const NAMES: &[&str] = &[
    "curand.h",
    "curand_kernel.h",
    "curand_globals.h",
    "curand_uniform.h",
    "curand_normal.h",
    "curand_normal_static.h",
    "curand_lognormal.h",
    "curand_philox4x32_x.h",
    "curand_mrg32k3a.h",
    "curand_precalc.h",
    "curand_discrete.h",
    "curand_discrete2.h",
];

/// The text of one of cuRAND's headers.
pub fn header(path: &str) -> Option<&'static str> {
    match path {
        "curand.h" => Some(HOST),
        p if NAMES.contains(&p) => Some(kernel()),
        _ => None,
    }
}

fn kernel() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let mut s = String::from(DEVICE_HEAD);
        s.push_str(&super::curand_tables::text());
        s.push_str(DEVICE);
        s.push_str(DEVICE_DISTRIBUTIONS);
        s
    })
}

/// `curand.h`: the host API.
const HOST: &str = r#"#ifndef __PTXLAB_CURAND_H
#define __PTXLAB_CURAND_H
#include <cuda_runtime.h>
#define CURANDAPI
#define CURAND_VER_MAJOR 10
#define CURAND_VER_MINOR 4
#define CURAND_VER_PATCH 4
#define CURAND_VER_BUILD 72
#define CURAND_VERSION (CURAND_VER_MAJOR * 1000 + CURAND_VER_MINOR * 100 + CURAND_VER_PATCH)
#ifndef __PTXLAB_LIBRARY_PROPERTY_TYPE
#define __PTXLAB_LIBRARY_PROPERTY_TYPE
typedef enum libraryPropertyType_t { MAJOR_VERSION, MINOR_VERSION, PATCH_LEVEL } libraryPropertyType;
#endif
enum curandStatus {
    CURAND_STATUS_SUCCESS = 0,
    CURAND_STATUS_VERSION_MISMATCH = 100,
    CURAND_STATUS_NOT_INITIALIZED = 101,
    CURAND_STATUS_ALLOCATION_FAILED = 102,
    CURAND_STATUS_TYPE_ERROR = 103,
    CURAND_STATUS_OUT_OF_RANGE = 104,
    CURAND_STATUS_LENGTH_NOT_MULTIPLE = 105,
    CURAND_STATUS_DOUBLE_PRECISION_REQUIRED = 106,
    CURAND_STATUS_LAUNCH_FAILURE = 201,
    CURAND_STATUS_PREEXISTING_FAILURE = 202,
    CURAND_STATUS_INITIALIZATION_FAILED = 203,
    CURAND_STATUS_ARCH_MISMATCH = 204,
    CURAND_STATUS_INTERNAL_ERROR = 999
};
typedef enum curandStatus curandStatus_t;
enum curandRngType {
    CURAND_RNG_TEST = 0,
    CURAND_RNG_PSEUDO_DEFAULT = 100,
    CURAND_RNG_PSEUDO_XORWOW = 101,
    CURAND_RNG_PSEUDO_MRG32K3A = 121,
    CURAND_RNG_PSEUDO_MTGP32 = 141,
    CURAND_RNG_PSEUDO_MT19937 = 142,
    CURAND_RNG_PSEUDO_PHILOX4_32_10 = 161,
    CURAND_RNG_QUASI_DEFAULT = 200,
    CURAND_RNG_QUASI_SOBOL32 = 201,
    CURAND_RNG_QUASI_SCRAMBLED_SOBOL32 = 202,
    CURAND_RNG_QUASI_SOBOL64 = 203,
    CURAND_RNG_QUASI_SCRAMBLED_SOBOL64 = 204
};
typedef enum curandRngType curandRngType_t;
enum curandOrdering {
    CURAND_ORDERING_PSEUDO_BEST = 100,
    CURAND_ORDERING_PSEUDO_DEFAULT = 101,
    CURAND_ORDERING_PSEUDO_SEEDED = 102,
    CURAND_ORDERING_PSEUDO_LEGACY = 103,
    CURAND_ORDERING_PSEUDO_DYNAMIC = 104,
    CURAND_ORDERING_QUASI_DEFAULT = 201
};
typedef enum curandOrdering curandOrdering_t;
enum curandDirectionVectorSet {
    CURAND_DIRECTION_VECTORS_32_JOEKUO6 = 101,
    CURAND_SCRAMBLED_DIRECTION_VECTORS_32_JOEKUO6 = 102,
    CURAND_DIRECTION_VECTORS_64_JOEKUO6 = 103,
    CURAND_SCRAMBLED_DIRECTION_VECTORS_64_JOEKUO6 = 104
};
typedef enum curandDirectionVectorSet curandDirectionVectorSet_t;
typedef unsigned int curandDirectionVectors32_t[32];
typedef unsigned long long curandDirectionVectors64_t[64];
typedef struct curandGenerator_st *curandGenerator_t;
typedef double curandDistribution_st;
typedef curandDistribution_st *curandDistribution_t;
typedef struct curandDistributionShift_st *curandDistributionShift_t;
typedef struct curandDistributionM2Shift_st *curandDistributionM2Shift_t;
typedef struct curandHistogramM2_st *curandHistogramM2_t;
typedef unsigned int curandHistogramM2K_st;
typedef curandHistogramM2K_st *curandHistogramM2K_t;
typedef curandDistribution_st curandHistogramM2V_st;
typedef curandHistogramM2V_st *curandHistogramM2V_t;
typedef struct curandDiscreteDistribution_st *curandDiscreteDistribution_t;
enum curandMethod {
    CURAND_CHOOSE_BEST = 0, CURAND_ITR = 1, CURAND_KNUTH = 2, CURAND_HITR = 3, CURAND_M1 = 4,
    CURAND_M2 = 5, CURAND_BINARY_SEARCH = 6, CURAND_DISCRETE_GAUSS = 7, CURAND_REJECTION = 8,
    CURAND_DEVICE_API = 9, CURAND_FAST_REJECTION = 10, CURAND_3RD = 11, CURAND_DEFINITION = 12,
    CURAND_POISSON = 13
};
typedef enum curandMethod curandMethod_t;
extern "C" {
curandStatus_t curandCreateGenerator(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *generator, curandRngType_t rng_type);
curandStatus_t curandDestroyGenerator(curandGenerator_t generator);
curandStatus_t curandGetVersion(int *version);
curandStatus_t curandGetProperty(libraryPropertyType type, int *value);
curandStatus_t curandSetStream(curandGenerator_t generator, cudaStream_t stream);
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t generator, unsigned long long seed);
curandStatus_t curandSetGeneratorOffset(curandGenerator_t generator, unsigned long long offset);
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t generator, curandOrdering_t order);
curandStatus_t curandSetQuasiRandomGeneratorDimensions(curandGenerator_t generator, unsigned int num_dimensions);
curandStatus_t curandGenerate(curandGenerator_t generator, unsigned int *outputPtr, size_t num);
curandStatus_t curandGenerateLongLong(curandGenerator_t generator, unsigned long long *outputPtr, size_t num);
curandStatus_t curandGenerateUniform(curandGenerator_t generator, float *outputPtr, size_t num);
curandStatus_t curandGenerateUniformDouble(curandGenerator_t generator, double *outputPtr, size_t num);
curandStatus_t curandGenerateNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean, float stddev);
curandStatus_t curandGenerateNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n, double mean, double stddev);
curandStatus_t curandGenerateLogNormal(curandGenerator_t generator, float *outputPtr, size_t n, float mean, float stddev);
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t generator, double *outputPtr, size_t n, double mean, double stddev);
curandStatus_t curandCreatePoissonDistribution(double lambda, curandDiscreteDistribution_t *discrete_distribution);
curandStatus_t curandDestroyDistribution(curandDiscreteDistribution_t discrete_distribution);
curandStatus_t curandGeneratePoisson(curandGenerator_t generator, unsigned int *outputPtr, size_t n, double lambda);
curandStatus_t curandGeneratePoissonMethod(curandGenerator_t generator, unsigned int *outputPtr, size_t n, double lambda, curandMethod_t method);
curandStatus_t curandGenerateBinomial(curandGenerator_t generator, unsigned int *outputPtr, size_t num, unsigned int n, double p);
curandStatus_t curandGenerateBinomialMethod(curandGenerator_t generator, unsigned int *outputPtr, size_t num, unsigned int n, double p, curandMethod_t method);
curandStatus_t curandGenerateSeeds(curandGenerator_t generator);
curandStatus_t curandGetDirectionVectors32(curandDirectionVectors32_t *vectors[], curandDirectionVectorSet_t set);
curandStatus_t curandGetScrambleConstants32(unsigned int **constants);
curandStatus_t curandGetDirectionVectors64(curandDirectionVectors64_t *vectors[], curandDirectionVectorSet_t set);
curandStatus_t curandGetScrambleConstants64(unsigned long long **constants);
}
#endif
"#;

/// The device API's start: constants and state types.
const DEVICE_HEAD: &str = r#"#ifndef __PTXLAB_CURAND_KERNEL_H
#define __PTXLAB_CURAND_KERNEL_H
#include <curand.h>
#if !defined(QUALIFIERS)
#define QUALIFIERS static __forceinline__ __device__
#endif
#define CURAND_2POW32 (4294967296.f)
#define CURAND_2POW32_DOUBLE (4294967296.)
#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)
#define CURAND_2PI (6.2831855f)
#define CURAND_2POW53_INV_2PI_DOUBLE (1.1102230246251565e-16 * 6.2831853071795860)
#define CURAND_PI_DOUBLE (3.1415926535897932)
#define CURAND_2PI_DOUBLE (6.2831853071795860)
#define CURAND_SQRT2 (-1.4142135f)
#define CURAND_SQRT2_DOUBLE (-1.4142135623730951)
#define EXTRA_FLAG_NORMAL 0x00000001
#define EXTRA_FLAG_LOG_NORMAL 0x00000002
#define MRG32K3A_MOD1 4294967087.
#define MRG32K3A_MOD2 4294944443.
#define MRG32K3A_A12 1403580.
#define MRG32K3A_A13N 810728.
#define MRG32K3A_A21 527612.
#define MRG32K3A_A23N 1370589.
#define MRG32K3A_NORM (2.3283065498378288e-10)
#define MRG32K3A_BITS_NORM 1.000000048662
#define PHILOX_W32_0 (0x9E3779B9)
#define PHILOX_W32_1 (0xBB67AE85)
#define PHILOX_M4x32_0 (0xD2511F53)
#define PHILOX_M4x32_1 (0xCD9E8D57)
struct normal_args_st { float mean; float stddev; };
typedef struct normal_args_st normal_args_t;
struct normal_args_double_st { double mean; double stddev; };
typedef struct normal_args_double_st normal_args_double_t;
/* Test generator: v counts up from seed * 3, subsequences 31337 apart. */
struct curandStateTest { unsigned int v; };
typedef struct curandStateTest curandStateTest_t;
/* Marsaglia's xorwow: a five-word xorshift plus a Weyl counter d. */
struct curandStateXORWOW {
    unsigned int d, v[5];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;
/* L'Ecuyer's combined multiple recursive generator. */
struct curandStateMRG32k3a {
    unsigned int s1[3];
    unsigned int s2[3];
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStateMRG32k3a curandStateMRG32k3a_t;
/* Philox4x32-10: a 128-bit counter, a 64-bit key, the last four outputs
   and which of them is next. */
struct curandStatePhilox4_32_10 {
    uint4 ctr;
    uint4 output;
    uint2 key;
    unsigned int STATE;
    int boxmuller_flag;
    int boxmuller_flag_double;
    float boxmuller_extra;
    double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;
/* Sobol: index i, the current point x (Gray-code order), the scramble c. */
struct curandStateSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateSobol32 curandStateSobol32_t;
struct curandStateScrambledSobol32 { unsigned int i, x, c; unsigned int direction_vectors[32]; };
typedef struct curandStateScrambledSobol32 curandStateScrambledSobol32_t;
struct curandStateSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateSobol64 curandStateSobol64_t;
struct curandStateScrambledSobol64 { unsigned long long i, x, c; unsigned long long direction_vectors[64]; };
typedef struct curandStateScrambledSobol64 curandStateScrambledSobol64_t;
"#;

/// The generators: init, draw, skip ahead.
const DEVICE: &str = r#"
/* ---- test generator ---- */
QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStateTest_t *state)
{
    state->v = (unsigned int)(seed * 3) + (unsigned int)(subsequence * 31337) + (unsigned int)offset;
}
QUALIFIERS unsigned int curand(curandStateTest_t *state) { return state->v++; }
QUALIFIERS void skipahead(unsigned long long n, curandStateTest_t *state) { state->v += (unsigned int)n; }

/* ---- XORWOW ----
   A jump of n steps is q(M) applied to the state, q = x^n mod P (P is the
   xorshift's characteristic polynomial): q is the product of the table's
   x^(2^k) for the set bits k of n, and q(M)v is Horner's rule, stepping
   the xorshift on an accumulator. */
struct __curand_poly160 { unsigned int w0, w1, w2, w3, w4; };
QUALIFIERS __curand_poly160 __curand_poly160_mul(__curand_poly160 a, __curand_poly160 b)
{
    __curand_poly160 r = {0u, 0u, 0u, 0u, 0u};
    for (int i = 0; i < 160; i++) {
        unsigned int reduce = 0u - (r.w4 >> 31);
        r.w4 = (r.w4 << 1) | (r.w3 >> 31);
        r.w3 = (r.w3 << 1) | (r.w2 >> 31);
        r.w2 = (r.w2 << 1) | (r.w1 >> 31);
        r.w1 = (r.w1 << 1) | (r.w0 >> 31);
        r.w0 = r.w0 << 1;
        r.w0 ^= __CURAND_XORWOW_P0 & reduce;
        r.w1 ^= __CURAND_XORWOW_P1 & reduce;
        r.w2 ^= __CURAND_XORWOW_P2 & reduce;
        r.w3 ^= __CURAND_XORWOW_P3 & reduce;
        r.w4 ^= __CURAND_XORWOW_P4 & reduce;
        unsigned int take = 0u - (b.w4 >> 31);
        b.w4 = (b.w4 << 1) | (b.w3 >> 31);
        b.w3 = (b.w3 << 1) | (b.w2 >> 31);
        b.w2 = (b.w2 << 1) | (b.w1 >> 31);
        b.w1 = (b.w1 << 1) | (b.w0 >> 31);
        b.w0 = b.w0 << 1;
        r.w0 ^= a.w0 & take;
        r.w1 ^= a.w1 & take;
        r.w2 ^= a.w2 & take;
        r.w3 ^= a.w3 & take;
        r.w4 ^= a.w4 & take;
    }
    return r;
}
QUALIFIERS __curand_poly160 __curand_xorwow_power(const unsigned int *table, unsigned long long n,
                                                  __curand_poly160 q)
{
    for (int k = 0; n != 0ull; k++, n >>= 1) {
        if (n & 1ull) {
            const unsigned int *e = table + 5 * k;
            __curand_poly160 t = {e[0], e[1], e[2], e[3], e[4]};
            q = __curand_poly160_mul(q, t);
        }
    }
    return q;
}
QUALIFIERS void __curand_xorwow_apply(__curand_poly160 q, curandStateXORWOW_t *state)
{
    unsigned int s0 = state->v[0], s1 = state->v[1], s2 = state->v[2], s3 = state->v[3], s4 = state->v[4];
    unsigned int r0 = 0u, r1 = 0u, r2 = 0u, r3 = 0u, r4 = 0u;
    for (int i = 0; i < 160; i++) {
        unsigned int t = r0 ^ (r0 >> 2);
        r0 = r1; r1 = r2; r2 = r3; r3 = r4;
        r4 = (r4 ^ (r4 << 4)) ^ (t ^ (t << 1));
        unsigned int take = 0u - (q.w4 >> 31);
        q.w4 = (q.w4 << 1) | (q.w3 >> 31);
        q.w3 = (q.w3 << 1) | (q.w2 >> 31);
        q.w2 = (q.w2 << 1) | (q.w1 >> 31);
        q.w1 = (q.w1 << 1) | (q.w0 >> 31);
        q.w0 = q.w0 << 1;
        r0 ^= s0 & take; r1 ^= s1 & take; r2 ^= s2 & take; r3 ^= s3 & take; r4 ^= s4 & take;
    }
    state->v[0] = r0; state->v[1] = r1; state->v[2] = r2; state->v[3] = r3; state->v[4] = r4;
}
QUALIFIERS void __curand_xorwow_skip(unsigned long long subsequence, unsigned long long offset,
                                     curandStateXORWOW_t *state)
{
    if (subsequence == 0ull && offset == 0ull)
        return;
    __curand_poly160 q = {1u, 0u, 0u, 0u, 0u};
    q = __curand_xorwow_power(__curand_xorwow_jumps + 320, subsequence, q);
    q = __curand_xorwow_power(__curand_xorwow_jumps, offset, q);
    __curand_xorwow_apply(q, state);
    state->d += 362437u * (unsigned int)offset;
}
QUALIFIERS void skipahead(unsigned long long n, curandStateXORWOW_t *state)
{
    __curand_xorwow_skip(0ull, n, state);
}
QUALIFIERS void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state)
{
    __curand_xorwow_skip(n, 0ull, state);
}
QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStateXORWOW_t *state)
{
    unsigned int s0 = ((unsigned int)seed) ^ 0xaad26b49u;
    unsigned int s1 = (unsigned int)(seed >> 32) ^ 0xf7dcefddu;
    unsigned int t0 = 1099087573u * s0;
    unsigned int t1 = 2591861531u * s1;
    state->d = 6615241u + t1 + t0;
    state->v[0] = 123456789u + t0;
    state->v[1] = 362436069u ^ t0;
    state->v[2] = 521288629u + t1;
    state->v[3] = 88675123u ^ t1;
    state->v[4] = 5783321u + t0;
    __curand_xorwow_skip(subsequence, offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
}
QUALIFIERS unsigned int curand(curandStateXORWOW_t *state)
{
    unsigned int t = state->v[0] ^ (state->v[0] >> 2);
    state->v[0] = state->v[1];
    state->v[1] = state->v[2];
    state->v[2] = state->v[3];
    state->v[3] = state->v[4];
    state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
    state->d += 362437u;
    return state->v[4] + state->d;
}

/* ---- Philox4x32-10 ---- */
QUALIFIERS void Philox_State_Incr(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
    unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
    s->ctr.x += lo;
    if (s->ctr.x < lo)
        hi++;
    s->ctr.y += hi;
    if (hi <= s->ctr.y)
        return;
    if (++s->ctr.z)
        return;
    ++s->ctr.w;
}
QUALIFIERS void Philox_State_Incr_hi(curandStatePhilox4_32_10_t *s, unsigned long long n)
{
    unsigned int lo = (unsigned int)n, hi = (unsigned int)(n >> 32);
    s->ctr.z += lo;
    if (s->ctr.z < lo)
        hi++;
    s->ctr.w += hi;
}
QUALIFIERS void Philox_State_Incr(curandStatePhilox4_32_10_t *s)
{
    if (++s->ctr.x)
        return;
    if (++s->ctr.y)
        return;
    if (++s->ctr.z)
        return;
    ++s->ctr.w;
}
QUALIFIERS uint4 _philox4x32round(uint4 c, uint2 k)
{
    unsigned int hi0 = __umulhi(PHILOX_M4x32_0, c.x), lo0 = PHILOX_M4x32_0 * c.x;
    unsigned int hi1 = __umulhi(PHILOX_M4x32_1, c.z), lo1 = PHILOX_M4x32_1 * c.z;
    return make_uint4(hi1 ^ c.y ^ k.x, lo1, hi0 ^ c.w ^ k.y, lo0);
}
QUALIFIERS uint4 curand_Philox4x32_10(uint4 c, uint2 k)
{
    for (int round = 0; round < 9; round++) {
        c = _philox4x32round(c, k);
        k.x += PHILOX_W32_0;
        k.y += PHILOX_W32_1;
    }
    return _philox4x32round(c, k);
}
QUALIFIERS void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
    state->STATE += (unsigned int)(n & 3);
    n /= 4;
    if (state->STATE > 3) {
        n += 1;
        state->STATE -= 4;
    }
    Philox_State_Incr(state, n);
    state->output = curand_Philox4x32_10(state->ctr, state->key);
}
QUALIFIERS void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state)
{
    Philox_State_Incr_hi(state, n);
    state->output = curand_Philox4x32_10(state->ctr, state->key);
}
QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStatePhilox4_32_10_t *state)
{
    state->ctr = make_uint4(0, 0, 0, 0);
    state->key.x = (unsigned int)seed;
    state->key.y = (unsigned int)(seed >> 32);
    state->STATE = 0;
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
    skipahead_sequence(subsequence, state);
    skipahead(offset, state);
}
QUALIFIERS unsigned int curand(curandStatePhilox4_32_10_t *state)
{
    unsigned int next = state->STATE++;
    unsigned int r = next == 1 ? state->output.y
                   : next == 2 ? state->output.z
                   : next == 3 ? state->output.w : state->output.x;
    if (state->STATE == 4) {
        Philox_State_Incr(state);
        state->output = curand_Philox4x32_10(state->ctr, state->key);
        state->STATE = 0;
    }
    return r;
}
QUALIFIERS uint4 curand4(curandStatePhilox4_32_10_t *state)
{
    uint4 a = state->output;
    Philox_State_Incr(state);
    state->output = curand_Philox4x32_10(state->ctr, state->key);
    uint4 b = state->output;
    switch (state->STATE) {
    case 1: return make_uint4(a.y, a.z, a.w, b.x);
    case 2: return make_uint4(a.z, a.w, b.x, b.y);
    case 3: return make_uint4(a.w, b.x, b.y, b.z);
    default: return a;
    }
}

/* ---- MRG32k3a ----
   Both recurrences in 64-bit integers. A jump of n·2^f steps squares the
   table's M^(2^f) (3x3, row-major) once per bit of n and applies it to the
   state for each set bit. */
struct __curand_mat3 { unsigned long long a00, a01, a02, a10, a11, a12, a20, a21, a22; };
QUALIFIERS unsigned long long __curand_dot3(unsigned long long x0, unsigned long long x1, unsigned long long x2,
                                            unsigned long long y0, unsigned long long y1, unsigned long long y2,
                                            unsigned long long m)
{
    return (x0 * y0 % m + x1 * y1 % m + x2 * y2 % m) % m;
}
QUALIFIERS __curand_mat3 __curand_mat3_square(__curand_mat3 x, unsigned long long m)
{
    __curand_mat3 r;
    r.a00 = __curand_dot3(x.a00, x.a01, x.a02, x.a00, x.a10, x.a20, m);
    r.a01 = __curand_dot3(x.a00, x.a01, x.a02, x.a01, x.a11, x.a21, m);
    r.a02 = __curand_dot3(x.a00, x.a01, x.a02, x.a02, x.a12, x.a22, m);
    r.a10 = __curand_dot3(x.a10, x.a11, x.a12, x.a00, x.a10, x.a20, m);
    r.a11 = __curand_dot3(x.a10, x.a11, x.a12, x.a01, x.a11, x.a21, m);
    r.a12 = __curand_dot3(x.a10, x.a11, x.a12, x.a02, x.a12, x.a22, m);
    r.a20 = __curand_dot3(x.a20, x.a21, x.a22, x.a00, x.a10, x.a20, m);
    r.a21 = __curand_dot3(x.a20, x.a21, x.a22, x.a01, x.a11, x.a21, m);
    r.a22 = __curand_dot3(x.a20, x.a21, x.a22, x.a02, x.a12, x.a22, m);
    return r;
}
QUALIFIERS void __curand_mrg_skip(int first, unsigned int *s, unsigned long long m, unsigned long long n)
{
    const unsigned int *t = __curand_mrg_jumps + 9 * first;
    __curand_mat3 e = {t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7], t[8]};
    while (n != 0ull) {
        if (n & 1ull) {
            unsigned long long a = s[0], b = s[1], c = s[2];
            s[0] = (unsigned int)__curand_dot3(e.a00, e.a01, e.a02, a, b, c, m);
            s[1] = (unsigned int)__curand_dot3(e.a10, e.a11, e.a12, a, b, c, m);
            s[2] = (unsigned int)__curand_dot3(e.a20, e.a21, e.a22, a, b, c, m);
        }
        n >>= 1;
        if (n != 0ull)
            e = __curand_mat3_square(e, m);
    }
}
QUALIFIERS void skipahead(unsigned long long n, curandStateMRG32k3a_t *state)
{
    __curand_mrg_skip(0, state->s1, 4294967087ull, n);
    __curand_mrg_skip(1, state->s2, 4294944443ull, n);
}
QUALIFIERS void skipahead_subsequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
    __curand_mrg_skip(2, state->s1, 4294967087ull, n);
    __curand_mrg_skip(3, state->s2, 4294944443ull, n);
}
QUALIFIERS void skipahead_sequence(unsigned long long n, curandStateMRG32k3a_t *state)
{
    __curand_mrg_skip(4, state->s1, 4294967087ull, n);
    __curand_mrg_skip(5, state->s2, 4294944443ull, n);
}
QUALIFIERS void curand_init(unsigned long long seed, unsigned long long subsequence,
                            unsigned long long offset, curandStateMRG32k3a_t *state)
{
    for (int i = 0; i < 3; i++) {
        state->s1[i] = 12345u;
        state->s2[i] = 12345u;
    }
    if (seed != 0ull) {
        unsigned long long x1 = ((unsigned int)seed) ^ 0x55555555u;
        unsigned long long x2 = (unsigned int)(seed >> 32) ^ 0xAAAAAAAAu;
        state->s1[0] = (unsigned int)(x1 * 12345ull % 4294967087ull);
        state->s1[1] = (unsigned int)(x2 * 12345ull % 4294967087ull);
        state->s1[2] = (unsigned int)(x1 * 12345ull % 4294967087ull);
        state->s2[0] = (unsigned int)(x2 * 12345ull % 4294944443ull);
        state->s2[1] = (unsigned int)(x1 * 12345ull % 4294944443ull);
        state->s2[2] = (unsigned int)(x2 * 12345ull % 4294944443ull);
    }
    skipahead_subsequence(subsequence, state);
    skipahead(offset, state);
    state->boxmuller_flag = 0;
    state->boxmuller_flag_double = 0;
    state->boxmuller_extra = 0.f;
    state->boxmuller_extra_double = 0.;
}
/* One step of both recurrences; the result in (0, m1]. */
QUALIFIERS double curand_MRG32k3a(curandStateMRG32k3a_t *state)
{
    unsigned long long p1 = (1403580ull * state->s1[1] + 810728ull * (4294967087ull - state->s1[0])) % 4294967087ull;
    state->s1[0] = state->s1[1]; state->s1[1] = state->s1[2]; state->s1[2] = (unsigned int)p1;
    unsigned long long p2 = (527612ull * state->s2[2] + 1370589ull * (4294944443ull - state->s2[0])) % 4294944443ull;
    state->s2[0] = state->s2[1]; state->s2[1] = state->s2[2]; state->s2[2] = (unsigned int)p2;
    if (p1 <= p2)
        return (double)(p1 + 4294967087ull - p2);
    return (double)(p1 - p2);
}
QUALIFIERS unsigned int curand(curandStateMRG32k3a_t *state)
{
    return (unsigned int)(curand_MRG32k3a(state) * MRG32K3A_BITS_NORM);
}

/* ---- Sobol (quasi-random) ---- */
QUALIFIERS void skipahead(unsigned int n, curandStateSobol32_t *state)
{
    state->x = state->c;
    state->i += n;
    unsigned int g = state->i ^ (state->i >> 1);
    for (unsigned int k = 0; k < 32; k++)
        if (g & (1u << k))
            state->x ^= state->direction_vectors[k];
}
QUALIFIERS void skipahead(unsigned int n, curandStateScrambledSobol32_t *state)
{
    skipahead(n, (curandStateSobol32_t *)state);
}
QUALIFIERS void skipahead(unsigned long long n, curandStateSobol64_t *state)
{
    state->x = state->c;
    state->i += n;
    unsigned long long g = state->i ^ (state->i >> 1);
    for (unsigned int k = 0; k < 64; k++)
        if (g & (1ull << k))
            state->x ^= state->direction_vectors[k];
}
QUALIFIERS void skipahead(unsigned long long n, curandStateScrambledSobol64_t *state)
{
    skipahead(n, (curandStateSobol64_t *)state);
}
QUALIFIERS void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int offset,
                            curandStateSobol32_t *state)
{
    state->i = 0;
    state->c = 0;
    for (int i = 0; i < 32; i++)
        state->direction_vectors[i] = direction_vectors[i];
    state->x = 0;
    skipahead(offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors32_t direction_vectors, unsigned int scramble_c,
                            unsigned int offset, curandStateScrambledSobol32_t *state)
{
    state->i = 0;
    state->c = scramble_c;
    for (int i = 0; i < 32; i++)
        state->direction_vectors[i] = direction_vectors[i];
    state->x = scramble_c;
    skipahead(offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long offset,
                            curandStateSobol64_t *state)
{
    state->i = 0;
    state->c = 0;
    for (int i = 0; i < 64; i++)
        state->direction_vectors[i] = direction_vectors[i];
    state->x = 0;
    skipahead(offset, state);
}
QUALIFIERS void curand_init(curandDirectionVectors64_t direction_vectors, unsigned long long scramble_c,
                            unsigned long long offset, curandStateScrambledSobol64_t *state)
{
    state->i = 0;
    state->c = scramble_c;
    for (int i = 0; i < 64; i++)
        state->direction_vectors[i] = direction_vectors[i];
    state->x = scramble_c;
    skipahead(offset, state);
}
/* The Gray-code successor flips the bit of i's lowest zero. */
QUALIFIERS int __curand_find_trailing_zero(unsigned int x)
{
    int y = __ffs(~x);
    return y ? y - 1 : 31;
}
QUALIFIERS int __curand_find_trailing_zero(unsigned long long x)
{
    int y = __ffsll(~x);
    return y ? y - 1 : 63;
}
QUALIFIERS unsigned int curand(curandStateSobol32_t *state)
{
    unsigned int r = state->x;
    state->x ^= state->direction_vectors[__curand_find_trailing_zero(state->i)];
    state->i++;
    return r;
}
QUALIFIERS unsigned int curand(curandStateScrambledSobol32_t *state)
{
    return curand((curandStateSobol32_t *)state);
}
QUALIFIERS unsigned long long curand(curandStateSobol64_t *state)
{
    unsigned long long r = state->x;
    state->x ^= state->direction_vectors[__curand_find_trailing_zero(state->i)];
    state->i++;
    return r;
}
QUALIFIERS unsigned long long curand(curandStateScrambledSobol64_t *state)
{
    return curand((curandStateSobol64_t *)state);
}
"#;

/// Uniform, normal and log-normal draws over the generators.
const DEVICE_DISTRIBUTIONS: &str = r#"
/* ---- uniform: (0, 1], the low end excluded ---- */
QUALIFIERS float _curand_uniform(unsigned int x)
{
    return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
}
QUALIFIERS float4 _curand_uniform4(uint4 x)
{
    return make_float4(_curand_uniform(x.x), _curand_uniform(x.y), _curand_uniform(x.z), _curand_uniform(x.w));
}
QUALIFIERS float _curand_uniform(unsigned long long x)
{
    return _curand_uniform((unsigned int)(x >> 32));
}
QUALIFIERS double _curand_uniform_double(unsigned int x)
{
    return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}
QUALIFIERS double _curand_uniform_double(unsigned long long x)
{
    return (x >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}
/* 53 bits from two draws: x, then y's bits above the 21st. */
QUALIFIERS double _curand_uniform_double_hq(unsigned int x, unsigned int y)
{
    unsigned long long z = (unsigned long long)x ^ ((unsigned long long)y << 21);
    return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}
QUALIFIERS float curand_uniform(curandStateTest_t *state) { return _curand_uniform(curand(state)); }
QUALIFIERS double curand_uniform_double(curandStateTest_t *state) { return _curand_uniform_double(curand(state)); }
QUALIFIERS float curand_uniform(curandStateXORWOW_t *state) { return _curand_uniform(curand(state)); }
QUALIFIERS double curand_uniform_double(curandStateXORWOW_t *state)
{
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return _curand_uniform_double_hq(x, y);
}
QUALIFIERS float curand_uniform(curandStateMRG32k3a_t *state)
{
    return (float)(curand_MRG32k3a(state) * MRG32K3A_NORM);
}
QUALIFIERS double curand_uniform_double(curandStateMRG32k3a_t *state)
{
    return curand_MRG32k3a(state) * MRG32K3A_NORM;
}
QUALIFIERS float curand_uniform(curandStatePhilox4_32_10_t *state) { return _curand_uniform(curand(state)); }
QUALIFIERS float4 curand_uniform4(curandStatePhilox4_32_10_t *state) { return _curand_uniform4(curand4(state)); }
QUALIFIERS double curand_uniform_double(curandStatePhilox4_32_10_t *state) { return _curand_uniform_double(curand(state)); }
QUALIFIERS double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    return make_double2(_curand_uniform_double_hq(x.x, x.y), _curand_uniform_double_hq(x.z, x.w));
}
QUALIFIERS double4 curand_uniform4_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    uint4 y = curand4(state);
    return make_double4(_curand_uniform_double_hq(x.x, x.y), _curand_uniform_double_hq(x.z, x.w),
                        _curand_uniform_double_hq(y.x, y.y), _curand_uniform_double_hq(y.z, y.w));
}
QUALIFIERS float curand_uniform(curandStateSobol32_t *state) { return _curand_uniform(curand(state)); }
QUALIFIERS double curand_uniform_double(curandStateSobol32_t *state) { return _curand_uniform_double(curand(state)); }
QUALIFIERS float curand_uniform(curandStateScrambledSobol32_t *state) { return _curand_uniform(curand(state)); }
QUALIFIERS double curand_uniform_double(curandStateScrambledSobol32_t *state) { return _curand_uniform_double(curand(state)); }
QUALIFIERS float curand_uniform(curandStateSobol64_t *state) { return _curand_uniform(curand(state)); }
QUALIFIERS double curand_uniform_double(curandStateSobol64_t *state) { return _curand_uniform_double(curand(state)); }
QUALIFIERS float curand_uniform(curandStateScrambledSobol64_t *state) { return _curand_uniform(curand(state)); }
QUALIFIERS double curand_uniform_double(curandStateScrambledSobol64_t *state) { return _curand_uniform_double(curand(state)); }

/* ---- normal: Box-Muller pairs (the second kept in the state), or the
   inverse CDF for the quasi-random states ---- */
QUALIFIERS float2 _curand_box_muller(unsigned int x, unsigned int y)
{
    float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
    float v = y * CURAND_2POW32_INV_2PI + (CURAND_2POW32_INV_2PI / 2);
    float s = sqrtf(-2.0f * logf(u));
    float2 r;
    __sincosf(v, &r.x, &r.y);
    r.x *= s;
    r.y *= s;
    return r;
}
QUALIFIERS float2 curand_box_muller_mrg(curandStateMRG32k3a_t *state)
{
    float x = curand_uniform(state);
    float y = curand_uniform(state) * CURAND_2PI;
    float s = sqrtf(-2.0f * logf(x));
    float2 r;
    __sincosf(y, &r.x, &r.y);
    r.x *= s;
    r.y *= s;
    return r;
}
QUALIFIERS double2 _curand_box_muller_double(unsigned int x0, unsigned int x1, unsigned int y0, unsigned int y1)
{
    unsigned long long zx = (unsigned long long)x0 ^ ((unsigned long long)x1 << 21);
    double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
    unsigned long long zy = (unsigned long long)y0 ^ ((unsigned long long)y1 << 21);
    double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
    double s = sqrt(-2.0 * log(u));
    double2 r;
    sincospi(v, &r.x, &r.y);
    r.x *= s;
    r.y *= s;
    return r;
}
QUALIFIERS double2 curand_box_muller_mrg_double(curandStateMRG32k3a_t *state)
{
    double x = curand_uniform_double(state);
    double y = curand_uniform_double(state) * 2.0;
    double s = sqrt(-2.0 * log(x));
    double2 r;
    sincospi(y, &r.x, &r.y);
    r.x *= s;
    r.y *= s;
    return r;
}
template <typename R> QUALIFIERS float2 curand_box_muller(R *state)
{
    unsigned int x = curand(state);
    unsigned int y = curand(state);
    return _curand_box_muller(x, y);
}
template <typename R> QUALIFIERS float4 curand_box_muller4(R *state)
{
    uint4 x = curand4(state);
    float2 a = _curand_box_muller(x.x, x.y);
    float2 b = _curand_box_muller(x.z, x.w);
    return make_float4(a.x, a.y, b.x, b.y);
}
template <typename R> QUALIFIERS double2 curand_box_muller_double(R *state)
{
    unsigned int x0 = curand(state);
    unsigned int x1 = curand(state);
    unsigned int y0 = curand(state);
    unsigned int y1 = curand(state);
    return _curand_box_muller_double(x0, x1, y0, y1);
}
template <typename R> QUALIFIERS double2 curand_box_muller2_double(R *state)
{
    uint4 x = curand4(state);
    return _curand_box_muller_double(x.x, x.y, x.z, x.w);
}
/* The inverse normal CDF of a 32- or 53-bit point, reflected about 1/2. */
QUALIFIERS float _curand_normal_icdf(unsigned int x)
{
    float s = CURAND_SQRT2;
    if (x > 0x80000000u) {
        x = 0xffffffffu - x;
        s = -s;
    }
    float p = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f);
    return s * erfcinvf(2.0f * p);
}
QUALIFIERS float _curand_normal_icdf(unsigned long long x)
{
    return _curand_normal_icdf((unsigned int)(x >> 32));
}
QUALIFIERS double _curand_normal_icdf_double(unsigned int x)
{
    double s = CURAND_SQRT2_DOUBLE;
    if (x > 0x80000000u) {
        x = 0xffffffffu - x;
        s = -s;
    }
    double p = x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
    return s * erfcinv(2.0 * p);
}
QUALIFIERS double _curand_normal_icdf_double(unsigned long long x)
{
    double s = CURAND_SQRT2_DOUBLE;
    x >>= 11;
    if (x > 0x10000000000000ull) {
        x = 0x1fffffffffffffull - x;
        s = -s;
    }
    double p = x * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
    return s * erfcinv(2.0 * p);
}
/* Box-Muller draws two normals: one returned, the other kept in the state
   for the next call (its flag says which transform it had). */
QUALIFIERS float __curand_normal_kept(float2 v, int flag, float mean, float stddev, int *kept, float *extra)
{
    if (flag == EXTRA_FLAG_LOG_NORMAL) {
        *extra = expf(mean + (stddev * v.y));
        *kept = flag;
        return expf(mean + (stddev * v.x));
    }
    *extra = v.y;
    *kept = flag;
    return v.x;
}
QUALIFIERS double __curand_normal_kept_double(double2 v, int flag, double mean, double stddev, int *kept, double *extra)
{
    if (flag == EXTRA_FLAG_LOG_NORMAL) {
        *extra = exp(mean + (stddev * v.y));
        *kept = flag;
        return exp(mean + (stddev * v.x));
    }
    *extra = v.y;
    *kept = flag;
    return v.x;
}
QUALIFIERS float2 __curand_pair(curandStateXORWOW_t *state) { return curand_box_muller(state); }
QUALIFIERS float2 __curand_pair(curandStatePhilox4_32_10_t *state) { return curand_box_muller(state); }
QUALIFIERS float2 __curand_pair(curandStateMRG32k3a_t *state) { return curand_box_muller_mrg(state); }
QUALIFIERS double2 __curand_pair_double(curandStateXORWOW_t *state) { return curand_box_muller_double(state); }
QUALIFIERS double2 __curand_pair_double(curandStatePhilox4_32_10_t *state) { return curand_box_muller2_double(state); }
QUALIFIERS double2 __curand_pair_double(curandStateMRG32k3a_t *state) { return curand_box_muller_mrg_double(state); }
template <typename S> QUALIFIERS float __curand_one(S *state, int flag, float mean, float stddev)
{
    if (state->boxmuller_flag != flag)
        return __curand_normal_kept(__curand_pair(state), flag, mean, stddev, &state->boxmuller_flag,
                                    &state->boxmuller_extra);
    state->boxmuller_flag = 0;
    return state->boxmuller_extra;
}
template <typename S> QUALIFIERS double __curand_one_double(S *state, int flag, double mean, double stddev)
{
    if (state->boxmuller_flag_double != flag)
        return __curand_normal_kept_double(__curand_pair_double(state), flag, mean, stddev,
                                           &state->boxmuller_flag_double, &state->boxmuller_extra_double);
    state->boxmuller_flag_double = 0;
    return state->boxmuller_extra_double;
}
QUALIFIERS float curand_normal(curandStateXORWOW_t *state) { return __curand_one(state, EXTRA_FLAG_NORMAL, 0.f, 1.f); }
QUALIFIERS float curand_normal(curandStatePhilox4_32_10_t *state) { return __curand_one(state, EXTRA_FLAG_NORMAL, 0.f, 1.f); }
QUALIFIERS float curand_normal(curandStateMRG32k3a_t *state) { return __curand_one(state, EXTRA_FLAG_NORMAL, 0.f, 1.f); }
QUALIFIERS double curand_normal_double(curandStateXORWOW_t *state) { return __curand_one_double(state, EXTRA_FLAG_NORMAL, 0., 1.); }
QUALIFIERS double curand_normal_double(curandStatePhilox4_32_10_t *state) { return __curand_one_double(state, EXTRA_FLAG_NORMAL, 0., 1.); }
QUALIFIERS double curand_normal_double(curandStateMRG32k3a_t *state) { return __curand_one_double(state, EXTRA_FLAG_NORMAL, 0., 1.); }
QUALIFIERS float curand_log_normal(curandStateXORWOW_t *state, float mean, float stddev) { return __curand_one(state, EXTRA_FLAG_LOG_NORMAL, mean, stddev); }
QUALIFIERS float curand_log_normal(curandStatePhilox4_32_10_t *state, float mean, float stddev) { return __curand_one(state, EXTRA_FLAG_LOG_NORMAL, mean, stddev); }
QUALIFIERS float curand_log_normal(curandStateMRG32k3a_t *state, float mean, float stddev) { return __curand_one(state, EXTRA_FLAG_LOG_NORMAL, mean, stddev); }
QUALIFIERS double curand_log_normal_double(curandStateXORWOW_t *state, double mean, double stddev) { return __curand_one_double(state, EXTRA_FLAG_LOG_NORMAL, mean, stddev); }
QUALIFIERS double curand_log_normal_double(curandStatePhilox4_32_10_t *state, double mean, double stddev) { return __curand_one_double(state, EXTRA_FLAG_LOG_NORMAL, mean, stddev); }
QUALIFIERS double curand_log_normal_double(curandStateMRG32k3a_t *state, double mean, double stddev) { return __curand_one_double(state, EXTRA_FLAG_LOG_NORMAL, mean, stddev); }
QUALIFIERS float2 curand_normal2(curandStateXORWOW_t *state) { return curand_box_muller(state); }
QUALIFIERS float2 curand_normal2(curandStatePhilox4_32_10_t *state) { return curand_box_muller(state); }
QUALIFIERS float2 curand_normal2(curandStateMRG32k3a_t *state) { return curand_box_muller_mrg(state); }
QUALIFIERS float4 curand_normal4(curandStatePhilox4_32_10_t *state) { return curand_box_muller4(state); }
QUALIFIERS double2 curand_normal2_double(curandStateXORWOW_t *state) { return curand_box_muller_double(state); }
QUALIFIERS double2 curand_normal2_double(curandStatePhilox4_32_10_t *state) { return curand_box_muller2_double(state); }
QUALIFIERS double2 curand_normal2_double(curandStateMRG32k3a_t *state) { return curand_box_muller_mrg_double(state); }
QUALIFIERS double4 curand_normal4_double(curandStatePhilox4_32_10_t *state)
{
    uint4 x = curand4(state);
    uint4 y = curand4(state);
    double2 a = _curand_box_muller_double(x.x, x.y, x.z, x.w);
    double2 b = _curand_box_muller_double(y.x, y.y, y.z, y.w);
    return make_double4(a.x, a.y, b.x, b.y);
}
QUALIFIERS float2 __curand_exp2(float2 v, float mean, float stddev)
{
    return make_float2(expf(mean + (stddev * v.x)), expf(mean + (stddev * v.y)));
}
QUALIFIERS double2 __curand_exp2(double2 v, double mean, double stddev)
{
    return make_double2(exp(mean + (stddev * v.x)), exp(mean + (stddev * v.y)));
}
QUALIFIERS float2 curand_log_normal2(curandStateXORWOW_t *state, float mean, float stddev) { return __curand_exp2(curand_normal2(state), mean, stddev); }
QUALIFIERS float2 curand_log_normal2(curandStatePhilox4_32_10_t *state, float mean, float stddev) { return __curand_exp2(curand_normal2(state), mean, stddev); }
QUALIFIERS float2 curand_log_normal2(curandStateMRG32k3a_t *state, float mean, float stddev) { return __curand_exp2(curand_normal2(state), mean, stddev); }
QUALIFIERS float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev)
{
    float4 v = curand_normal4(state);
    return make_float4(expf(mean + (stddev * v.x)), expf(mean + (stddev * v.y)), expf(mean + (stddev * v.z)),
                       expf(mean + (stddev * v.w)));
}
QUALIFIERS double2 curand_log_normal2_double(curandStateXORWOW_t *state, double mean, double stddev) { return __curand_exp2(curand_normal2_double(state), mean, stddev); }
QUALIFIERS double2 curand_log_normal2_double(curandStatePhilox4_32_10_t *state, double mean, double stddev) { return __curand_exp2(curand_normal2_double(state), mean, stddev); }
QUALIFIERS double2 curand_log_normal2_double(curandStateMRG32k3a_t *state, double mean, double stddev) { return __curand_exp2(curand_normal2_double(state), mean, stddev); }
QUALIFIERS double4 curand_log_normal4_double(curandStatePhilox4_32_10_t *state, double mean, double stddev)
{
    double4 v = curand_normal4_double(state);
    return make_double4(exp(mean + (stddev * v.x)), exp(mean + (stddev * v.y)), exp(mean + (stddev * v.z)),
                        exp(mean + (stddev * v.w)));
}
/* ---- Poisson ----
   Pseudo-random states: Knuth's product of uniforms below lambda = 64, a
   rejection from an approximate incomplete-gamma inverse up to 4000, the
   rounded normal above. Quasi-random states: one point through the
   inverse CDF (a table-free search up to 1000), the normal above. The
   approximations use the .approx.ftz instructions, as NVIDIA's. */
QUALIFIERS float __cr_rsqrt(float a) { return __nvvm_rsqrt_approx_ftz_f(a); }
QUALIFIERS float __cr_exp(float a) { return __nvvm_ex2_approx_ftz_f(a * 1.4426950408889634074f); }
QUALIFIERS float __cr_log(float a) { return __nvvm_lg2_approx_ftz_f(a) * 0.69314718055994530942f; }
QUALIFIERS float __cr_rcp(float a) { return __nvvm_rcp_approx_ftz_f(a); }
/* The two-level parametrization of the regularized incomplete gamma. */
QUALIFIERS float __cr_pgammainc(float a, float x)
{
    float alpha = 1.43248035075540910f * __cr_rsqrt(a - 0.12400979329415655f) + 0.00025361074907033f;
    float beta = 0.21096734870196546f * __cr_rsqrt(a - 1.97381164089999420f) + 0.94201734077887530f;
    float t = alpha * (a - x) - beta;
    t = 1.0f + __cr_exp(t);
    return __cr_rcp(t * t);
}
QUALIFIERS float __cr_pgammaincinv(float a, float y)
{
    float alpha = 1.43248035075540910f * __cr_rsqrt(a - 0.12400979329415655f) + 0.00025361074907033f;
    float beta = 0.21096734870196546f * __cr_rsqrt(a - 1.97381164089999420f) + 0.94201734077887530f;
    float t = __cr_log(__cr_rsqrt(y) - 1.0f);
    t = beta + t;
    return -t * __cr_rcp(alpha) + a;
}
/* ln((a-1)!): exact below 9, Stirling's series (Hart's 5404) above. */
QUALIFIERS double __cr_lgamma_integer(int a)
{
    double fa = fabs((float)a);
    if (a > 8) {
        double s = 1.0 / fa;
        double t = s * s;
        double sum = -0.1633436431e-2;
        sum = sum * t + 0.83645878922e-3;
        sum = sum * t - 0.5951896861197e-3;
        sum = sum * t + 0.793650576493454e-3;
        sum = sum * t - 0.277777777735865004e-2;
        sum = sum * t + 0.833333333333331018375e-1;
        sum = sum * s + 0.918938533204672;
        s = 0.5 * log(fa);
        t = fa - 0.5;
        s = s * t;
        t = s - fa;
        s = s + sum;
        return t + s;
    }
    int n = (int)fa - 1;
    return n == 2 ? 6.931471805599453094e-1 : n == 3 ? 1.791759469228055001e0
         : n == 4 ? 3.178053830347945620e0 : n == 5 ? 4.787491742782045994e0
         : n == 6 ? 6.579251212010100995e0 : n == 7 ? 8.525161361065414300e0
         : n == 8 ? 1.060460290274525023e1 : 0.0;
}
template <typename T> QUALIFIERS unsigned int curand_poisson_knuth(T *state, float lambda)
{
    unsigned int k = 0;
    float p = expf(lambda);
    do {
        k++;
        p *= curand_uniform(state);
    } while (p > 1.0);
    return k - 1;
}
template <typename T> QUALIFIERS unsigned int curand_poisson_gammainc(T state, float lambda)
{
    float logl = __cr_log(lambda);
    while (true) {
        float y = curand_uniform(state);
        float x = floorf(__cr_pgammaincinv(lambda, y));
        float z = curand_uniform(state);
        float v = (__cr_pgammainc(lambda, x + 1.0f) - __cr_pgammainc(lambda, x)) * 1.3f;
        z = z * v;
        float t = (float)__cr_exp(-lambda + x * logl - (float)__cr_lgamma_integer((int)(1.0f + x)));
        if ((z < t) && (v >= 1e-20))
            return (unsigned int)x;
    }
}
QUALIFIERS double _curand_uniform_double_excluding_one(unsigned int x)
{
    return x * CURAND_2POW32_INV_DOUBLE + (CURAND_2POW32_INV_DOUBLE / 2.0);
}
QUALIFIERS double _curand_uniform_double_excluding_one(unsigned long long x)
{
    return (x >> 11) * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 4.0);
}
/* The inverse CDF by accumulation, rescaled by e^-500 every 500 so that the
   probabilities stay representable. */
template <typename T> QUALIFIERS unsigned int _curand_poisson_ITR_double(T x, double lambda)
{
    double p = 1.0, q = 1.0;
    unsigned int k = 0;
    int pow = 0;
    double u = _curand_uniform_double_excluding_one(x);
    do {
        double l = lambda > (double)(pow + 500.0) ? exp(-500.0) : exp((double)(pow - lambda));
        p *= l;
        q *= l;
        pow += 500;
        while (u > q) {
            k++;
            p *= ((double)lambda / (double)k);
            q += p;
        }
    } while ((double)pow < lambda);
    return k;
}
template <typename T> QUALIFIERS unsigned int _curand_poisson(T x, double lambda)
{
    if (lambda < 1000)
        return _curand_poisson_ITR_double(x, lambda);
    return (unsigned int)((sqrt(lambda) * _curand_normal_icdf_double(x)) + lambda + 0.5);
}
template <typename S> QUALIFIERS unsigned int __curand_poisson_pseudo(S *state, double lambda)
{
    if (lambda < 64)
        return curand_poisson_knuth(state, (float)lambda);
    if (lambda > 4000)
        return (unsigned int)((sqrt(lambda) * curand_normal_double(state)) + lambda + 0.5);
    return curand_poisson_gammainc(state, (float)lambda);
}
QUALIFIERS unsigned int curand_poisson(curandStateXORWOW_t *state, double lambda) { return __curand_poisson_pseudo(state, lambda); }
QUALIFIERS unsigned int curand_poisson(curandStatePhilox4_32_10_t *state, double lambda) { return __curand_poisson_pseudo(state, lambda); }
QUALIFIERS unsigned int curand_poisson(curandStateMRG32k3a_t *state, double lambda) { return __curand_poisson_pseudo(state, lambda); }
QUALIFIERS uint4 curand_poisson4(curandStatePhilox4_32_10_t *state, double lambda)
{
    if (lambda > 4000) {
        double4 v = curand_normal4_double(state);
        double s = sqrt(lambda);
        return make_uint4((unsigned int)((s * v.x) + lambda + 0.5), (unsigned int)((s * v.y) + lambda + 0.5),
                          (unsigned int)((s * v.z) + lambda + 0.5), (unsigned int)((s * v.w) + lambda + 0.5));
    }
    unsigned int a = curand_poisson(state, lambda), b = curand_poisson(state, lambda);
    unsigned int c = curand_poisson(state, lambda), d = curand_poisson(state, lambda);
    return make_uint4(a, b, c, d);
}
/* The quasi-random states: one point, one normal. */
#define __CURAND_QUASI(S)                                                                          \
QUALIFIERS float curand_normal(S *state) { return _curand_normal_icdf(curand(state)); }            \
QUALIFIERS double curand_normal_double(S *state) { return _curand_normal_icdf_double(curand(state)); } \
QUALIFIERS float curand_log_normal(S *state, float mean, float stddev)                             \
{ return expf(mean + (stddev * _curand_normal_icdf(curand(state)))); }                             \
QUALIFIERS double curand_log_normal_double(S *state, double mean, double stddev)                   \
{ return exp(mean + (stddev * _curand_normal_icdf_double(curand(state)))); }             \
QUALIFIERS unsigned int curand_poisson(S *state, double lambda) { return _curand_poisson(curand(state), lambda); }
__CURAND_QUASI(curandStateSobol32_t)
__CURAND_QUASI(curandStateScrambledSobol32_t)
__CURAND_QUASI(curandStateSobol64_t)
__CURAND_QUASI(curandStateScrambledSobol64_t)
#undef __CURAND_QUASI
#endif
"#;
