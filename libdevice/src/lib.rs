//! The `__nv_*` functions of the CUDA math API, as CUDA C source text that
//! ptxlab's own frontend compiles and the `link` stage adds on demand.
//!
//! This is our own code (NVIDIA's libdevice is not copied): classic
//! argument reduction (Cody and Waite) and polynomial approximations
//! (coefficients after Cephes), using NVVM's builtins (`__nvvm_fma_rn_f`,
//! `__nvvm_rint_f`, `__nvvm_bitcast_f2i`, …). Like NVIDIA's libdevice, the
//! functions ask `__nvvm_reflect("__CUDA_FTZ")` how to treat denormals; after
//! nvvm-reflect only one path remains.
//!
//! Architecture Invariant: this crate holds source text only; it depends on
//! nothing, so the compiler can embed it in the wasm bundle.

/// One libdevice function: its `__nv_*` name and the CUDA C that defines it
/// (with everything it calls that is not itself a listed function).
pub struct LibdeviceFunction {
    pub name: &'static str,
    pub source: &'static str,
}

/// sin and cos of a float share the reduction to [-π/4, π/4] (quadrant in
/// `q`): 3-part π/2 with fused multiply-adds, good for |x| < 105615.
macro_rules! sincos_f {
    () => {
        r#"
__device__ __forceinline__ float __nv_internal_sincosf(float a, int add_quadrant) {
    if (__nvvm_reflect("__CUDA_FTZ") && __nvvm_fabs_f(a) < 1.17549435e-38f) a = 0.0f * a;
    if (a == 0.0f && add_quadrant == 0) return a;
    float j = __nvvm_rint_f(a * 0.636619772f);
    int q = (int)j + add_quadrant;
    float r = __nvvm_fma_rn_f(j, -1.57079625129699707031f, a);
    r = __nvvm_fma_rn_f(j, -7.54978941586159635335e-08f, r);
    r = __nvvm_fma_rn_f(j, -5.39030252995776476554e-15f, r);
    float r2 = r * r;
    float s = __nvvm_fma_rn_f(r2, -1.95152959e-4f, 8.33216087e-3f);
    s = __nvvm_fma_rn_f(s, r2, -1.66666546e-1f);
    s = __nvvm_fma_rn_f(s * r2, r, r);
    float c = __nvvm_fma_rn_f(r2, 2.44331571e-5f, -1.38873163e-3f);
    c = __nvvm_fma_rn_f(c, r2, 4.16666457e-2f);
    c = __nvvm_fma_rn_f(c, r2, -0.5f);
    c = __nvvm_fma_rn_f(c, r2, 1.0f);
    float res = (q & 1) ? c : s;
    return (q & 2) ? -res : res;
}
"#
    };
}

/// e^r for |r| ≤ ln2/2 (Taylor to r^7: its truncation is 0.05 ulp), then
/// scaling by 2^k in two steps so k in [-252, 254] cannot overflow the exponent.
macro_rules! exp_f {
    () => {
        r#"
__device__ __forceinline__ float __nv_internal_exp_scaled(float r, float j) {
    float p = __nvvm_fma_rn_f(r, 1.98412698e-4f, 1.38888889e-3f);
    p = __nvvm_fma_rn_f(p, r, 8.33333333e-3f);
    p = __nvvm_fma_rn_f(p, r, 4.16666667e-2f);
    p = __nvvm_fma_rn_f(p, r, 1.66666667e-1f);
    p = __nvvm_fma_rn_f(p, r, 0.5f);
    p = __nvvm_fma_rn_f(p, r, 1.0f);
    p = __nvvm_fma_rn_f(p, r, 1.0f);
    int k = (int)j;
    int k1 = k / 2;
    int k2 = k - k1;
    float s1 = __nvvm_bitcast_i2f((k1 + 127) << 23);
    float s2 = __nvvm_bitcast_i2f((k2 + 127) << 23);
    float res = p * s1 * s2;
    if (__nvvm_reflect("__CUDA_FTZ") && __nvvm_fabs_f(res) < 1.17549435e-38f) res = 0.0f;
    return res;
}
"#
    };
}

/// a = 2^e·(1+f) with 1+f in [√½, √2), and ln(1+f) = f + y (Cephes'
/// polynomial); special inputs answer in `r`. Denormal inputs are scaled up
/// first unless FTZ.
macro_rules! log_f {
    () => {
        r#"
__device__ __forceinline__ int __nv_internal_log_reduce(float a, float *r, float *e, float *f, float *y) {
    float e_adj = 0.0f;
    if (__nvvm_reflect("__CUDA_FTZ")) {
        if (__nvvm_fabs_f(a) < 1.17549435e-38f) a = 0.0f * a;
    } else if (a > 0.0f && a < 1.17549435e-38f) {
        a = a * 8388608.0f;
        e_adj = -23.0f;
    }
    if (a < 0.0f || a != a) { *r = 0.0f / 0.0f; return 1; }
    if (a == 0.0f) { *r = -1.0f / 0.0f; return 1; }
    if (a == 1.0f / 0.0f) { *r = a; return 1; }
    int bits = __nvvm_bitcast_f2i(a);
    float ex = (float)(((bits >> 23) & 255) - 127) + e_adj;
    float m = __nvvm_bitcast_i2f((bits & 8388607) | 1065353216);
    if (m > 1.41421356f) {
        m = m * 0.5f;
        ex = ex + 1.0f;
    }
    float x = m - 1.0f;
    float z = x * x;
    float p = __nvvm_fma_rn_f(x, 7.0376836292e-2f, -1.1514610310e-1f);
    p = __nvvm_fma_rn_f(p, x, 1.1676998740e-1f);
    p = __nvvm_fma_rn_f(p, x, -1.2420140846e-1f);
    p = __nvvm_fma_rn_f(p, x, 1.4249322787e-1f);
    p = __nvvm_fma_rn_f(p, x, -1.6668057665e-1f);
    p = __nvvm_fma_rn_f(p, x, 2.0000714765e-1f);
    p = __nvvm_fma_rn_f(p, x, -2.4999993993e-1f);
    p = __nvvm_fma_rn_f(p, x, 3.3333331174e-1f);
    p = p * x * z;
    *e = ex;
    *f = x;
    *y = __nvvm_fma_rn_f(z, -0.5f, p);
    return 0;
}
"#
    };
}

/// Every function libdevice defines.
pub const FUNCTIONS: &[LibdeviceFunction] = &[
    LibdeviceFunction {
        name: "__nv_sinf",
        source: concat!(
            sincos_f!(),
            r#"extern "C" __device__ float __nv_sinf(float a) { return __nv_internal_sincosf(a, 0); }"#
        ),
    },
    LibdeviceFunction {
        name: "__nv_cosf",
        source: concat!(
            sincos_f!(),
            r#"extern "C" __device__ float __nv_cosf(float a) { return __nv_internal_sincosf(a, 1); }"#
        ),
    },
    LibdeviceFunction {
        name: "__nv_expf",
        source: concat!(
            exp_f!(),
            r#"extern "C" __device__ float __nv_expf(float a) {
    if (a > 88.7228394f) return 1.0f / 0.0f;
    if (a < -103.972084f) return 0.0f;
    float j = __nvvm_rint_f(a * 1.44269504f);
    float r = __nvvm_fma_rn_f(j, -0.693145752f, a);
    r = __nvvm_fma_rn_f(j, -1.42860677e-06f, r);
    return __nv_internal_exp_scaled(r, j);
}"#
        ),
    },
    LibdeviceFunction {
        name: "__nv_exp2f",
        source: concat!(
            exp_f!(),
            r#"extern "C" __device__ float __nv_exp2f(float a) {
    if (a >= 128.0f) return 1.0f / 0.0f;
    if (a < -150.0f) return 0.0f;
    float j = __nvvm_rint_f(a);
    float f = a - j;
    float r = __nvvm_fma_rn_f(f, 0.693145752f, f * 1.42860677e-06f);
    return __nv_internal_exp_scaled(r, j);
}"#
        ),
    },
    LibdeviceFunction {
        name: "__nv_logf",
        source: concat!(
            log_f!(),
            r#"extern "C" __device__ float __nv_logf(float a) {
    float r, e, f, y;
    if (__nv_internal_log_reduce(a, &r, &e, &f, &y)) return r;
    y = __nvvm_fma_rn_f(e, -2.12194440e-4f, y);
    return __nvvm_fma_rn_f(e, 0.693359375f, f + y);
}"#
        ),
    },
    LibdeviceFunction {
        name: "__nv_log2f",
        source: concat!(
            log_f!(),
            r#"extern "C" __device__ float __nv_log2f(float a) {
    float r, e, f, y;
    if (__nv_internal_log_reduce(a, &r, &e, &f, &y)) return r;
    // e + (f + y)·log2(e), f·log2(e) in two parts (Dekker), then a fast two-sum with e.
    float hi = f * 1.44269502f;
    float lo = __nvvm_fma_rn_f(f, 1.44269502f, -hi);
    lo = __nvvm_fma_rn_f(f, 1.92596299e-08f, lo);
    lo = __nvvm_fma_rn_f(y, 1.44269504f, lo);
    float s = e + hi;
    float t = (e - s) + hi;
    return s + (t + lo);
}"#
        ),
    },
];

pub mod double;

/// Every function: the float ones above, then the double ones.
pub fn all() -> impl Iterator<Item = &'static LibdeviceFunction> {
    FUNCTIONS.iter().chain(double::FUNCTIONS)
}

/// Looks up a function by its `__nv_*` name.
pub fn find(name: &str) -> Option<&'static LibdeviceFunction> {
    all().find(|f| f.name == name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn unknown_name_is_absent() {
        assert!(super::find("__nv_no_such_function").is_none());
        assert!(super::find("__nv_sinf").is_some());
    }
}
