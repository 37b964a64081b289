//! The SIMD video functions of the CUDA math API (`__vadd2`, `__vmaxs4`,
//! `__vsadu4`, …) as our own CUDA C: `__nv_v*`, each on the two 16-bit
//! (`…2`) or four 8-bit (`…4`) lanes of an `unsigned int`.
//!
//! Method: the carry-isolating bit tricks NVVM expands them to (a lane's
//! top bit computed apart from the lower bits, so no carry or borrow crosses
//! into the next lane). A comparison first yields a word whose lane top bits
//! are the predicate; `prmt`'s sign-replicating selectors (`0xbb99` for
//! halfwords, `0xba98` for bytes, through the raw `__nvvm_prmt`: CUDA's
//! `__byte_perm` masks bit 3 away) spread it to a lane
//! mask, and `__vset*` shifts it down to a lane's 0/1. Unsigned `a >= b` is
//! the carry of `a + ~b + 1`, the top bit of the rounded-up average of `a`
//! and `~b`; `a > b` that of the truncated one; signed comparisons compare
//! the words with their lane sign bits flipped. Saturation selects the lane's
//! limit where the top bits show an overflow.

use crate::LibdeviceFunction;

/// The shared helpers: per-lane masks and averages, the unsigned and signed
/// comparisons as top-bit words, sums and differences that wrap per lane.
macro_rules! simd_helpers {
    () => {
        r#"
__device__ __forceinline__ unsigned int __nv_simd_m2(unsigned int x) { return __nvvm_prmt(x, 0u, 0xbb99u); }
__device__ __forceinline__ unsigned int __nv_simd_m4(unsigned int x) { return __nvvm_prmt(x, 0u, 0xba98u); }
__device__ __forceinline__ unsigned int __nv_simd_avgu2(unsigned int a, unsigned int b) {
    return (a | b) - (((a ^ b) & 0xfffefffeu) >> 1);
}
__device__ __forceinline__ unsigned int __nv_simd_avgu4(unsigned int a, unsigned int b) {
    return (a | b) - (((a ^ b) & 0xfefefefeu) >> 1);
}
__device__ __forceinline__ unsigned int __nv_simd_haddu2(unsigned int a, unsigned int b) {
    return (((a ^ b) & 0xfffefffeu) >> 1) + (a & b);
}
__device__ __forceinline__ unsigned int __nv_simd_haddu4(unsigned int a, unsigned int b) {
    return (((a ^ b) & 0xfefefefeu) >> 1) + (a & b);
}
/* lane top bit: a >= b (unsigned) */
__device__ __forceinline__ unsigned int __nv_simd_geu2(unsigned int a, unsigned int b) { return __nv_simd_avgu2(a, ~b); }
__device__ __forceinline__ unsigned int __nv_simd_geu4(unsigned int a, unsigned int b) { return __nv_simd_avgu4(a, ~b); }
/* lane top bit: a > b (unsigned) */
__device__ __forceinline__ unsigned int __nv_simd_gtu2(unsigned int a, unsigned int b) { return __nv_simd_haddu2(a, ~b); }
__device__ __forceinline__ unsigned int __nv_simd_gtu4(unsigned int a, unsigned int b) { return __nv_simd_haddu4(a, ~b); }
/* the same, signed */
__device__ __forceinline__ unsigned int __nv_simd_ges2(unsigned int a, unsigned int b) { return __nv_simd_geu2(a ^ 0x80008000u, b ^ 0x80008000u); }
__device__ __forceinline__ unsigned int __nv_simd_ges4(unsigned int a, unsigned int b) { return __nv_simd_geu4(a ^ 0x80808080u, b ^ 0x80808080u); }
__device__ __forceinline__ unsigned int __nv_simd_gts2(unsigned int a, unsigned int b) { return __nv_simd_gtu2(a ^ 0x80008000u, b ^ 0x80008000u); }
__device__ __forceinline__ unsigned int __nv_simd_gts4(unsigned int a, unsigned int b) { return __nv_simd_gtu4(a ^ 0x80808080u, b ^ 0x80808080u); }
/* lane top bit: a == b, a != b */
__device__ __forceinline__ unsigned int __nv_simd_eq2(unsigned int a, unsigned int b) {
    unsigned int t = a ^ b;
    return (0x80008000u - (t & 0x7fff7fffu)) & ~t;
}
__device__ __forceinline__ unsigned int __nv_simd_eq4(unsigned int a, unsigned int b) {
    unsigned int t = a ^ b;
    return (0x80808080u - (t & 0x7f7f7f7fu)) & ~t;
}
__device__ __forceinline__ unsigned int __nv_simd_ne2(unsigned int a, unsigned int b) {
    unsigned int t = a ^ b;
    return ((t | 0x80008000u) - 0x00010001u) | t;
}
__device__ __forceinline__ unsigned int __nv_simd_ne4(unsigned int a, unsigned int b) {
    unsigned int t = a ^ b;
    return ((t | 0x80808080u) - 0x01010101u) | t;
}
__device__ __forceinline__ unsigned int __nv_simd_add2(unsigned int a, unsigned int b) {
    unsigned int s = a + b;
    return s - ((a ^ b ^ s) & 0x00010000u);
}
__device__ __forceinline__ unsigned int __nv_simd_add4(unsigned int a, unsigned int b) {
    return ((a & 0x7f7f7f7fu) + (b & 0x7f7f7f7fu)) ^ ((a ^ b) & 0x80808080u);
}
__device__ __forceinline__ unsigned int __nv_simd_sub2(unsigned int a, unsigned int b) {
    unsigned int d = a - b;
    return d + ((a ^ b ^ d) & 0x00010000u);
}
__device__ __forceinline__ unsigned int __nv_simd_sub4(unsigned int a, unsigned int b) {
    return ((a | 0x80808080u) - (b & 0x7f7f7f7fu)) ^ (~(a ^ b) & 0x80808080u);
}
/* |a - b| per lane, unsigned, from the a >= b mask */
__device__ __forceinline__ unsigned int __nv_simd_absdiffu2(unsigned int a, unsigned int b) {
    unsigned int m = __nv_simd_m2(__nv_simd_geu2(a, b));
    unsigned int s = (a ^ b) & m;
    return (s ^ b) - (s ^ a);
}
__device__ __forceinline__ unsigned int __nv_simd_absdiffu4(unsigned int a, unsigned int b) {
    unsigned int m = __nv_simd_m4(__nv_simd_geu4(a, b));
    unsigned int s = (a ^ b) & m;
    return (s ^ b) - (s ^ a);
}
__device__ __forceinline__ unsigned int __nv_simd_abs2(unsigned int a) {
    unsigned int m = __nv_simd_m2(a);
    return (a ^ m) + (m & 0x00010001u);
}
__device__ __forceinline__ unsigned int __nv_simd_abs4(unsigned int a) {
    unsigned int m = __nv_simd_m4(a);
    return (a ^ m) + (m & 0x01010101u);
}
__device__ __forceinline__ unsigned int __nv_simd_sel(unsigned int m, unsigned int a, unsigned int b) {
    return (a & m) | (b & ~m);
}
/* the sum of the lanes of d */
__device__ __forceinline__ unsigned int __nv_simd_sum2(unsigned int d) { return (d >> 16) + (d & 0xffffu); }
__device__ __forceinline__ unsigned int __nv_simd_sum4(unsigned int d) {
    unsigned int t = ((d & 0xff00ff00u) >> 8) + (d & 0x00ff00ffu);
    return (t >> 16) + (t & 0x1ffu);
}
/* signed rounded average: floor((a + b) / 2), plus one where a + b is odd and that is >= 0 */
__device__ __forceinline__ unsigned int __nv_simd_avgs(unsigned int a, unsigned int b, unsigned int low, unsigned int top, int shift) {
    unsigned int u = (a & ~low) >> 1, v = (b & ~low) >> 1;
    unsigned int s = a ^ b;
    unsigned int c = s & low;
    unsigned int r = (u + v + (a & b & low)) ^ (s & top);
    return r + (~(r >> shift) & c);
}
"#
    };
}

/// One function: its name and body, after the helpers.
macro_rules! v {
    ($name:literal, $body:literal) => {
        LibdeviceFunction {
            name: $name,
            source: &[simd_helpers!(), $body],
        }
    };
}

/// Every SIMD function, in the CUDA math API's order.
pub const FUNCTIONS: &[LibdeviceFunction] = &[
    v!(
        "__nv_vabs2",
        r#"extern "C" __device__ unsigned int __nv_vabs2(unsigned int a) { return __nv_simd_abs2(a); }"#
    ),
    v!(
        "__nv_vabs4",
        r#"extern "C" __device__ unsigned int __nv_vabs4(unsigned int a) { return __nv_simd_abs4(a); }"#
    ),
    v!(
        "__nv_vabsss2",
        r#"extern "C" __device__ unsigned int __nv_vabsss2(unsigned int a) {
    unsigned int r = __nv_simd_abs2(a);
    return r ^ __nv_simd_m2(r);
}"#
    ),
    v!(
        "__nv_vabsss4",
        r#"extern "C" __device__ unsigned int __nv_vabsss4(unsigned int a) {
    unsigned int r = __nv_simd_abs4(a);
    return r ^ __nv_simd_m4(r);
}"#
    ),
    v!(
        "__nv_vabsdiffs2",
        r#"extern "C" __device__ unsigned int __nv_vabsdiffs2(unsigned int a, unsigned int b) {
    return __nv_simd_absdiffu2(a ^ 0x80008000u, b ^ 0x80008000u);
}"#
    ),
    v!(
        "__nv_vabsdiffs4",
        r#"extern "C" __device__ unsigned int __nv_vabsdiffs4(unsigned int a, unsigned int b) {
    return __nv_simd_absdiffu4(a ^ 0x80808080u, b ^ 0x80808080u);
}"#
    ),
    v!(
        "__nv_vabsdiffu2",
        r#"extern "C" __device__ unsigned int __nv_vabsdiffu2(unsigned int a, unsigned int b) { return __nv_simd_absdiffu2(a, b); }"#
    ),
    v!(
        "__nv_vabsdiffu4",
        r#"extern "C" __device__ unsigned int __nv_vabsdiffu4(unsigned int a, unsigned int b) { return __nv_simd_absdiffu4(a, b); }"#
    ),
    v!(
        "__nv_vadd2",
        r#"extern "C" __device__ unsigned int __nv_vadd2(unsigned int a, unsigned int b) { return __nv_simd_add2(a, b); }"#
    ),
    v!(
        "__nv_vadd4",
        r#"extern "C" __device__ unsigned int __nv_vadd4(unsigned int a, unsigned int b) { return __nv_simd_add4(a, b); }"#
    ),
    v!(
        "__nv_vaddss2",
        r#"extern "C" __device__ unsigned int __nv_vaddss2(unsigned int a, unsigned int b) {
    unsigned int r = __nv_simd_add2(a, b);
    unsigned int m = __nv_simd_m2((r ^ a) & (r ^ b));
    return __nv_simd_sel(m, __nv_simd_m2(a) ^ 0x7fff7fffu, r);
}"#
    ),
    v!(
        "__nv_vaddss4",
        r#"extern "C" __device__ unsigned int __nv_vaddss4(unsigned int a, unsigned int b) {
    unsigned int r = __nv_simd_add4(a, b);
    unsigned int m = __nv_simd_m4((r ^ a) & (r ^ b));
    return __nv_simd_sel(m, __nv_simd_m4(a) ^ 0x7f7f7f7fu, r);
}"#
    ),
    v!(
        "__nv_vaddus2",
        r#"extern "C" __device__ unsigned int __nv_vaddus2(unsigned int a, unsigned int b) {
    unsigned int lo = umin((a & 0xffffu) + (b & 0xffffu), 0xffffu);
    unsigned int hi = umin((a >> 16) + (b >> 16), 0xffffu);
    return (hi << 16) + lo;
}"#
    ),
    v!(
        "__nv_vaddus4",
        r#"extern "C" __device__ unsigned int __nv_vaddus4(unsigned int a, unsigned int b) {
    unsigned int r = __nv_simd_add4(a, b);
    unsigned int carry = (a & b) | ((a | b) & ~r);
    return r | __nv_simd_m4(carry);
}"#
    ),
    v!(
        "__nv_vavgs2",
        r#"extern "C" __device__ unsigned int __nv_vavgs2(unsigned int a, unsigned int b) {
    return __nv_simd_avgs(a, b, 0x00010001u, 0x80008000u, 15);
}"#
    ),
    v!(
        "__nv_vavgs4",
        r#"extern "C" __device__ unsigned int __nv_vavgs4(unsigned int a, unsigned int b) {
    return __nv_simd_avgs(a, b, 0x01010101u, 0x80808080u, 7);
}"#
    ),
    v!(
        "__nv_vavgu2",
        r#"extern "C" __device__ unsigned int __nv_vavgu2(unsigned int a, unsigned int b) { return __nv_simd_avgu2(a, b); }"#
    ),
    v!(
        "__nv_vavgu4",
        r#"extern "C" __device__ unsigned int __nv_vavgu4(unsigned int a, unsigned int b) { return __nv_simd_avgu4(a, b); }"#
    ),
    v!(
        "__nv_vcmpeq2",
        r#"extern "C" __device__ unsigned int __nv_vcmpeq2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_eq2(a, b)); }"#
    ),
    v!(
        "__nv_vcmpeq4",
        r#"extern "C" __device__ unsigned int __nv_vcmpeq4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_eq4(a, b)); }"#
    ),
    v!(
        "__nv_vcmpges2",
        r#"extern "C" __device__ unsigned int __nv_vcmpges2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_ges2(a, b)); }"#
    ),
    v!(
        "__nv_vcmpges4",
        r#"extern "C" __device__ unsigned int __nv_vcmpges4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_ges4(a, b)); }"#
    ),
    v!(
        "__nv_vcmpgeu2",
        r#"extern "C" __device__ unsigned int __nv_vcmpgeu2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_geu2(a, b)); }"#
    ),
    v!(
        "__nv_vcmpgeu4",
        r#"extern "C" __device__ unsigned int __nv_vcmpgeu4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_geu4(a, b)); }"#
    ),
    v!(
        "__nv_vcmpgts2",
        r#"extern "C" __device__ unsigned int __nv_vcmpgts2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_gts2(a, b)); }"#
    ),
    v!(
        "__nv_vcmpgts4",
        r#"extern "C" __device__ unsigned int __nv_vcmpgts4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_gts4(a, b)); }"#
    ),
    v!(
        "__nv_vcmpgtu2",
        r#"extern "C" __device__ unsigned int __nv_vcmpgtu2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_gtu2(a, b)); }"#
    ),
    v!(
        "__nv_vcmpgtu4",
        r#"extern "C" __device__ unsigned int __nv_vcmpgtu4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_gtu4(a, b)); }"#
    ),
    v!(
        "__nv_vcmples2",
        r#"extern "C" __device__ unsigned int __nv_vcmples2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_ges2(b, a)); }"#
    ),
    v!(
        "__nv_vcmples4",
        r#"extern "C" __device__ unsigned int __nv_vcmples4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_ges4(b, a)); }"#
    ),
    v!(
        "__nv_vcmpleu2",
        r#"extern "C" __device__ unsigned int __nv_vcmpleu2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_geu2(b, a)); }"#
    ),
    v!(
        "__nv_vcmpleu4",
        r#"extern "C" __device__ unsigned int __nv_vcmpleu4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_geu4(b, a)); }"#
    ),
    v!(
        "__nv_vcmplts2",
        r#"extern "C" __device__ unsigned int __nv_vcmplts2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_gts2(b, a)); }"#
    ),
    v!(
        "__nv_vcmplts4",
        r#"extern "C" __device__ unsigned int __nv_vcmplts4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_gts4(b, a)); }"#
    ),
    v!(
        "__nv_vcmpltu2",
        r#"extern "C" __device__ unsigned int __nv_vcmpltu2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_gtu2(b, a)); }"#
    ),
    v!(
        "__nv_vcmpltu4",
        r#"extern "C" __device__ unsigned int __nv_vcmpltu4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_gtu4(b, a)); }"#
    ),
    v!(
        "__nv_vcmpne2",
        r#"extern "C" __device__ unsigned int __nv_vcmpne2(unsigned int a, unsigned int b) { return __nv_simd_m2(__nv_simd_ne2(a, b)); }"#
    ),
    v!(
        "__nv_vcmpne4",
        r#"extern "C" __device__ unsigned int __nv_vcmpne4(unsigned int a, unsigned int b) { return __nv_simd_m4(__nv_simd_ne4(a, b)); }"#
    ),
    v!(
        "__nv_vhaddu2",
        r#"extern "C" __device__ unsigned int __nv_vhaddu2(unsigned int a, unsigned int b) { return __nv_simd_haddu2(a, b); }"#
    ),
    v!(
        "__nv_vhaddu4",
        r#"extern "C" __device__ unsigned int __nv_vhaddu4(unsigned int a, unsigned int b) { return __nv_simd_haddu4(a, b); }"#
    ),
    v!(
        "__nv_vmaxs2",
        r#"extern "C" __device__ unsigned int __nv_vmaxs2(unsigned int a, unsigned int b) {
    unsigned int lo = (unsigned int)max((int)(a << 16), (int)(b << 16)) >> 16;
    return ((unsigned int)max((int)a, (int)b) & 0xffff0000u) | lo;
}"#
    ),
    v!(
        "__nv_vmaxs4",
        r#"extern "C" __device__ unsigned int __nv_vmaxs4(unsigned int a, unsigned int b) {
    return __nv_simd_sel(__nv_simd_m4(__nv_simd_gts4(a, b)), a, b);
}"#
    ),
    v!(
        "__nv_vmaxu2",
        r#"extern "C" __device__ unsigned int __nv_vmaxu2(unsigned int a, unsigned int b) {
    unsigned int lo = umax(a & 0xffffu, b & 0xffffu);
    return (umax(a, b) & 0xffff0000u) | lo;
}"#
    ),
    v!(
        "__nv_vmaxu4",
        r#"extern "C" __device__ unsigned int __nv_vmaxu4(unsigned int a, unsigned int b) {
    return __nv_simd_sel(__nv_simd_m4(__nv_simd_geu4(a, b)), a, b);
}"#
    ),
    v!(
        "__nv_vmins2",
        r#"extern "C" __device__ unsigned int __nv_vmins2(unsigned int a, unsigned int b) {
    unsigned int lo = (unsigned int)min((int)(a << 16), (int)(b << 16)) >> 16;
    return ((unsigned int)min((int)a, (int)b) & 0xffff0000u) | lo;
}"#
    ),
    v!(
        "__nv_vmins4",
        r#"extern "C" __device__ unsigned int __nv_vmins4(unsigned int a, unsigned int b) {
    return __nv_simd_sel(__nv_simd_m4(__nv_simd_gts4(a, b)), b, a);
}"#
    ),
    v!(
        "__nv_vminu2",
        r#"extern "C" __device__ unsigned int __nv_vminu2(unsigned int a, unsigned int b) {
    unsigned int lo = umin(a & 0xffffu, b & 0xffffu);
    return (umin(a, b) & 0xffff0000u) | lo;
}"#
    ),
    v!(
        "__nv_vminu4",
        r#"extern "C" __device__ unsigned int __nv_vminu4(unsigned int a, unsigned int b) {
    return __nv_simd_sel(__nv_simd_m4(__nv_simd_geu4(b, a)), a, b);
}"#
    ),
    v!(
        "__nv_vneg2",
        r#"extern "C" __device__ unsigned int __nv_vneg2(unsigned int a) { return __nv_simd_sub2(0u, a); }"#
    ),
    v!(
        "__nv_vneg4",
        r#"extern "C" __device__ unsigned int __nv_vneg4(unsigned int a) { return __nv_simd_sub4(0u, a); }"#
    ),
    v!(
        "__nv_vnegss2",
        r#"extern "C" __device__ unsigned int __nv_vnegss2(unsigned int a) {
    unsigned int r = __nv_simd_sub2(0u, a);
    return r - ((a & r & 0x80008000u) >> 15);
}"#
    ),
    v!(
        "__nv_vnegss4",
        r#"extern "C" __device__ unsigned int __nv_vnegss4(unsigned int a) {
    unsigned int r = __nv_simd_sub4(0u, a);
    return r - ((a & r & 0x80808080u) >> 7);
}"#
    ),
    v!(
        "__nv_vsads2",
        r#"extern "C" __device__ unsigned int __nv_vsads2(unsigned int a, unsigned int b) {
    return __nv_simd_sum2(__nv_simd_absdiffu2(a ^ 0x80008000u, b ^ 0x80008000u));
}"#
    ),
    v!(
        "__nv_vsads4",
        r#"extern "C" __device__ unsigned int __nv_vsads4(unsigned int a, unsigned int b) {
    return __nv_simd_sum4(__nv_simd_absdiffu4(a ^ 0x80808080u, b ^ 0x80808080u));
}"#
    ),
    v!(
        "__nv_vsadu2",
        r#"extern "C" __device__ unsigned int __nv_vsadu2(unsigned int a, unsigned int b) { return __nv_simd_sum2(__nv_simd_absdiffu2(a, b)); }"#
    ),
    v!(
        "__nv_vsadu4",
        r#"extern "C" __device__ unsigned int __nv_vsadu4(unsigned int a, unsigned int b) { return __nv_simd_sum4(__nv_simd_absdiffu4(a, b)); }"#
    ),
    v!(
        "__nv_vseteq2",
        r#"extern "C" __device__ unsigned int __nv_vseteq2(unsigned int a, unsigned int b) { return (__nv_simd_eq2(a, b) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vseteq4",
        r#"extern "C" __device__ unsigned int __nv_vseteq4(unsigned int a, unsigned int b) { return (__nv_simd_eq4(a, b) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetges2",
        r#"extern "C" __device__ unsigned int __nv_vsetges2(unsigned int a, unsigned int b) { return (__nv_simd_ges2(a, b) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetges4",
        r#"extern "C" __device__ unsigned int __nv_vsetges4(unsigned int a, unsigned int b) { return (__nv_simd_ges4(a, b) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetgeu2",
        r#"extern "C" __device__ unsigned int __nv_vsetgeu2(unsigned int a, unsigned int b) { return (__nv_simd_geu2(a, b) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetgeu4",
        r#"extern "C" __device__ unsigned int __nv_vsetgeu4(unsigned int a, unsigned int b) { return (__nv_simd_geu4(a, b) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetgts2",
        r#"extern "C" __device__ unsigned int __nv_vsetgts2(unsigned int a, unsigned int b) { return (__nv_simd_gts2(a, b) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetgts4",
        r#"extern "C" __device__ unsigned int __nv_vsetgts4(unsigned int a, unsigned int b) { return (__nv_simd_gts4(a, b) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetgtu2",
        r#"extern "C" __device__ unsigned int __nv_vsetgtu2(unsigned int a, unsigned int b) { return (__nv_simd_gtu2(a, b) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetgtu4",
        r#"extern "C" __device__ unsigned int __nv_vsetgtu4(unsigned int a, unsigned int b) { return (__nv_simd_gtu4(a, b) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetles2",
        r#"extern "C" __device__ unsigned int __nv_vsetles2(unsigned int a, unsigned int b) { return (__nv_simd_ges2(b, a) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetles4",
        r#"extern "C" __device__ unsigned int __nv_vsetles4(unsigned int a, unsigned int b) { return (__nv_simd_ges4(b, a) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetleu2",
        r#"extern "C" __device__ unsigned int __nv_vsetleu2(unsigned int a, unsigned int b) { return (__nv_simd_geu2(b, a) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetleu4",
        r#"extern "C" __device__ unsigned int __nv_vsetleu4(unsigned int a, unsigned int b) { return (__nv_simd_geu4(b, a) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetlts2",
        r#"extern "C" __device__ unsigned int __nv_vsetlts2(unsigned int a, unsigned int b) { return (__nv_simd_gts2(b, a) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetlts4",
        r#"extern "C" __device__ unsigned int __nv_vsetlts4(unsigned int a, unsigned int b) { return (__nv_simd_gts4(b, a) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetltu2",
        r#"extern "C" __device__ unsigned int __nv_vsetltu2(unsigned int a, unsigned int b) { return (__nv_simd_gtu2(b, a) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetltu4",
        r#"extern "C" __device__ unsigned int __nv_vsetltu4(unsigned int a, unsigned int b) { return (__nv_simd_gtu4(b, a) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsetne2",
        r#"extern "C" __device__ unsigned int __nv_vsetne2(unsigned int a, unsigned int b) { return (__nv_simd_ne2(a, b) & 0x80008000u) >> 15; }"#
    ),
    v!(
        "__nv_vsetne4",
        r#"extern "C" __device__ unsigned int __nv_vsetne4(unsigned int a, unsigned int b) { return (__nv_simd_ne4(a, b) & 0x80808080u) >> 7; }"#
    ),
    v!(
        "__nv_vsub2",
        r#"extern "C" __device__ unsigned int __nv_vsub2(unsigned int a, unsigned int b) { return __nv_simd_sub2(a, b); }"#
    ),
    v!(
        "__nv_vsub4",
        r#"extern "C" __device__ unsigned int __nv_vsub4(unsigned int a, unsigned int b) { return __nv_simd_sub4(a, b); }"#
    ),
    v!(
        "__nv_vsubss2",
        r#"extern "C" __device__ unsigned int __nv_vsubss2(unsigned int a, unsigned int b) {
    unsigned int r = __nv_simd_sub2(a, b);
    unsigned int m = __nv_simd_m2((r ^ a) & (a ^ b));
    return __nv_simd_sel(m, __nv_simd_m2(a) ^ 0x7fff7fffu, r);
}"#
    ),
    v!(
        "__nv_vsubss4",
        r#"extern "C" __device__ unsigned int __nv_vsubss4(unsigned int a, unsigned int b) {
    unsigned int r = __nv_simd_sub4(a, b);
    unsigned int m = __nv_simd_m4((r ^ a) & (a ^ b));
    return __nv_simd_sel(m, __nv_simd_m4(a) ^ 0x7f7f7f7fu, r);
}"#
    ),
    v!(
        "__nv_vsubus2",
        r#"extern "C" __device__ unsigned int __nv_vsubus2(unsigned int a, unsigned int b) {
    unsigned int lo = (unsigned int)max((int)(a & 0xffffu) - (int)(b & 0xffffu), 0);
    unsigned int hi = (unsigned int)max((int)(a >> 16) - (int)(b >> 16), 0);
    return (hi << 16) + lo;
}"#
    ),
    v!(
        "__nv_vsubus4",
        r#"extern "C" __device__ unsigned int __nv_vsubus4(unsigned int a, unsigned int b) {
    unsigned int r = __nv_simd_sub4(a, b);
    unsigned int borrow = (~a & b) | (~(a ^ b) & r);
    return r & ~__nv_simd_m4(borrow);
}"#
    ),
];
