//! Our `cuda_fp8.h` (`headers/fp8.rs`): floats to E4M3 and E5M2 under
//! both saturation modes, every fp8 code back to half, float and bfloat16
//! (one code, pairs, the classes' operators), and the
//! classes' conversions, against a reference derived here from the
//! formats' definition (the nearest of all 256 codes' values, ties to the
//! even code; NaN and overflow as the header documents), in the IR
//! interpreter (-O0, -O3), as our PTX in the emulator, and NVRTC's PTX for
//! NVIDIA's header at sm_80 where found; at sm_89 and sm_90 through the
//! hardware's conversions (ours and NVRTC's).

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
#include <cuda_fp8.h>
__global__ void fp8(const float *x, unsigned char *q, unsigned short *h, float *f, unsigned short *b) {
    int t = threadIdx.x, n = blockDim.x;
    q[t] = __nv_cvt_float_to_fp8(x[t], __NV_SATFINITE, __NV_E4M3);
    q[n + t] = __nv_cvt_float_to_fp8(x[t], __NV_NOSAT, __NV_E4M3);
    q[2 * n + t] = __nv_cvt_float_to_fp8(x[t], __NV_SATFINITE, __NV_E5M2);
    q[3 * n + t] = __nv_cvt_float_to_fp8(x[t], __NV_NOSAT, __NV_E5M2);
    q[4 * n + t] = __nv_fp8_e4m3(x[t]).__x;
    q[5 * n + t] = __nv_cvt_double_to_fp8((double)x[t], __NV_SATFINITE, __NV_E5M2);
    /* every code, when t < 256: to half bits and float */
    if (t < 256) {
        h[t] = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)t, __NV_E4M3).x;
        h[256 + t] = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)t, __NV_E5M2).x;
        __nv_fp8_e5m2 e; e.__x = (__nv_fp8_storage_t)t;
        __nv_fp8_e4m3 g; g.__x = (__nv_fp8_storage_t)t;
        f[t] = (float)g;
        f[256 + t] = (float)e;
        /* to bfloat16: one code, a pair (t, t ^ 0x55) and the classes */
        b[t] = __nv_cvt_fp8_to_bf16raw((__nv_fp8_storage_t)t, __NV_E4M3).x;
        b[256 + t] = __nv_cvt_fp8_to_bf16raw((__nv_fp8_storage_t)t, __NV_E5M2).x;
        __nv_bfloat162_raw p = __nv_cvt_fp8x2_to_bf162raw((__nv_fp8x2_storage_t)(t | ((t ^ 0x55) << 8)), __NV_E5M2);
        b[512 + t] = p.x;
        b[768 + t] = p.y;
        __nv_fp8x2_e4m3 g2; g2.__x = (__nv_fp8x2_storage_t)(t | ((t ^ 0x55) << 8));
        __nv_bfloat162 c2 = (__nv_bfloat162)g2;
        b[1024 + t] = __bfloat16_as_ushort(c2.x) ^ __bfloat16_as_ushort(c2.y);
        b[1280 + t] = __bfloat16_as_ushort((__nv_bfloat16)e);
    }
}
"#;

const N: usize = 256;

/// The value of every code of a format (NaN for NaNs, infinities for E5M2's).
fn decode(code: u8, e5: bool) -> f64 {
    let (mbits, bias) = if e5 { (2, 15) } else { (3, 7) };
    let s = if code & 0x80 != 0 { -1.0 } else { 1.0 };
    let e = i32::from((code & 0x7f) >> mbits);
    let m = f64::from(code & ((1 << mbits) - 1));
    let emax = if e5 { 31 } else { 15 };
    if e == emax && (e5 || m == 7.0) {
        if e5 && m == 0.0 {
            return s * f64::INFINITY;
        }
        return f64::NAN;
    }
    let v = if e == 0 {
        m * 2f64.powi(1 - bias - mbits)
    } else {
        (1.0 + m / f64::from(1 << mbits)) * 2f64.powi(e - bias)
    };
    s * v
}

/// A float to fp8: the nearest finite code, ties to the even code.
fn encode(x: f32, e5: bool, sat: bool) -> u8 {
    let sign = if x.is_sign_negative() { 0x80 } else { 0 };
    if x.is_nan() {
        // A float NaN: positive, all payload bits.
        return 0x7f;
    }
    let a = f64::from(x.abs());
    let (max_code, max) = if e5 {
        (0x7bu8, 57344.0)
    } else {
        (0x7eu8, 448.0)
    };
    // The value one ulp past the largest, a code of its own for rounding.
    let past = max + if e5 { 8192.0 } else { 32.0 };
    let mut best = (0u8, f64::INFINITY);
    for code in 0..=max_code + 1 {
        let v = if code == max_code + 1 {
            past
        } else {
            decode(code, e5)
        };
        let d = (v - a).abs();
        if d < best.1 || (d == best.1 && code & 1 == 0) {
            best = (code, d);
        }
    }
    if best.0 == max_code + 1 || a.is_infinite() {
        return sign
            | match (sat, e5) {
                (true, _) => max_code,
                (false, true) => 0x7c,
                (false, false) => 0x7f,
            };
    }
    sign | best.0
}

fn half_bits(v: f64) -> u16 {
    if v.is_nan() {
        return 0x7fff;
    }
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    if a == 0.0 {
        return sign;
    }
    if a.is_infinite() {
        return sign | 0x7c00;
    }
    let e = (a.log2().floor() as i32).max(-14);
    let m = a / 2f64.powi(e);
    let bits = if e == -14 && m < 1.0 {
        (m * 1024.0) as u16
    } else {
        (((e + 15) as u16) << 10) | ((m - 1.0) * 1024.0) as u16
    };
    sign | bits
}

/// A value exact in bfloat16 (every fp8 value is): its float's top half.
fn bf16_bits(v: f64) -> u16 {
    if v.is_nan() {
        return 0x7fff;
    }
    ((v as f32).to_bits() >> 16) as u16
}

fn inputs() -> Vec<f32> {
    let mut r = Rng(8);
    let mut v = vec![
        0.0,
        -0.0,
        448.0,
        464.0,
        465.0,
        -480.0,
        57344.0,
        61440.0,
        61439.0,
        1e9,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        0.001953125,
        0.0009765625,
        0.0009766,
        1.5e-5,
        2f32.powi(-17),
        2f32.powi(-18),
        3.8147e-6,
        0.0625,
        0.09375,
        0.0703125,
        17.0,
        18.0,
    ];
    while v.len() < N {
        let e = r.int(-20, 17) as i32;
        let m = r.f32(1.0, 2.0);
        let s = if r.next() & 1 == 0 { 1.0 } else { -1.0 };
        v.push(s * m * 2f32.powi(e));
    }
    v
}

fn case() -> Case {
    let x = inputs();
    let mut q = Vec::new();
    for (e5, sat) in [(false, true), (false, false), (true, true), (true, false)] {
        q.extend(x.iter().map(|&v| encode(v, e5, sat) as i8));
    }
    q.extend(x.iter().map(|&v| encode(v, false, true) as i8));
    q.extend(x.iter().map(|&v| {
        if v.is_nan() {
            let b = f64::from(v).to_bits();
            let sign = if v.is_sign_negative() { 0x80 } else { 0 };
            (sign | 0x7e | ((b >> 50) & 1) as u8) as i8
        } else {
            encode(v, true, true) as i8
        }
    }));
    let mut h = Vec::new();
    let mut f = Vec::new();
    for e5 in [false, true] {
        for code in 0..=255u8 {
            let v = decode(code, e5);
            // E5M2 is the top byte of a half: its NaNs too become 0x7fff.
            h.push(half_bits(v) as i16);
            f.push(if v.is_nan() { f32::NAN } else { v as f32 });
        }
    }
    let mut b = vec![0u16; 1536];
    for t in 0..=255u8 {
        let i = usize::from(t);
        b[i] = bf16_bits(decode(t, false));
        b[256 + i] = bf16_bits(decode(t, true));
        b[512 + i] = bf16_bits(decode(t, true));
        b[768 + i] = bf16_bits(decode(t ^ 0x55, true));
        b[1024 + i] = bf16_bits(decode(t, false)) ^ bf16_bits(decode(t ^ 0x55, false));
        b[1280 + i] = bf16_bits(decode(t, true));
    }
    let mut c = Case::new(
        "fp8.cu",
        [1, 1, 1],
        [N as u32, 1, 1],
        vec![
            Arg::Buf("x", Data::F32(x)),
            Arg::Buf("q", Data::I8(vec![0; 6 * N])),
            Arg::Buf("h", Data::I16(vec![0; 512])),
            Arg::Buf("f", Data::F32(vec![0.0; 512])),
            Arg::Buf("b", Data::I16(vec![0; 1536])),
        ],
    )
    .expect("q", Data::I8(q))
    .expect("h", Data::I16(h))
    .expect("f", Data::F32(f))
    .expect("b", Data::I16(b.into_iter().map(|x| x as i16).collect()))
    .kernel("fp8");
    c.source = Some(SRC);
    c
}

/// NaN bits: the halves' NaN is 0x7fff, a float from it 0x7fffe000.
fn canonical(mut got: Vec<(String, Data)>) -> Vec<(String, Data)> {
    for (_, d) in &mut got {
        if let Data::F32(v) = d {
            for x in v.iter_mut().filter(|x| x.is_nan()) {
                *x = f32::NAN;
            }
        }
    }
    got
}

#[test]
fn fp8_conversions_match_the_formats() {
    let ptx = libcheck::our_ptx("fp8.cu", SRC, "sm_80");
    let failures =
        libcheck::check_runs("fp8.cu", SRC, "sm_80", &ptx, &[("fp8", case())], canonical);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvidias_fp8_gives_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx("fp8.cu", SRC, "sm_80", "cuda_fp8.h", &[]) else {
        return;
    };
    let failures = libcheck::check_theirs_with(&theirs, &[("fp8", case())], canonical);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// sm_89 and newer: as nvcc's header, the saturating conversions from float
/// and half and those to half are the hardware's (`cvt.rn.satfinite.e4m3x2
/// .f32`, `cvt.rn.f16x2.e4m3x2`, …), and give the same codes as the
/// formats' definition in both executors; NVRTC's PTX too.
#[test]
fn sm89s_fp8_instructions_give_the_same_codes() {
    for arch in ["sm_89", "sm_90"] {
        let ptx = libcheck::our_ptx("fp8.cu", SRC, arch);
        for want in [
            "cvt.rn.satfinite.e4m3x2.f32",
            "cvt.rn.satfinite.e5m2x2.f32",
            "cvt.rn.f16x2.e4m3x2",
            "cvt.rn.f16x2.e5m2x2",
        ] {
            assert!(ptx.contains(want), "{arch}: no {want}");
        }
        let mut failures =
            libcheck::check_runs("fp8.cu", SRC, arch, &ptx, &[("fp8", case())], canonical);
        if let Some(theirs) = libcheck::nvrtc_ptx("fp8.cu", SRC, arch, "cuda_fp8.h", &[]) {
            assert!(theirs.contains("cvt.rn.satfinite.e4m3x2.f32"));
            failures.extend(libcheck::check_theirs_with(
                &theirs,
                &[("fp8", case())],
                canonical,
            ));
        }
        assert!(failures.is_empty(), "{arch}: {}", failures.join("\n"));
    }
}
