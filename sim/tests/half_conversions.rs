//! `__half` and `__nv_bfloat16` from every arithmetic type, the ways real
//! kernels write it: `static_cast<T>(x)` and `(T)x` in a template over the
//! element type, and `T(x)`, for `unsigned char`, `short`, `unsigned short`,
//! `int`, `unsigned`, `long`, `long long`, `unsigned long long` and `float`
//! values (round to nearest even, overflow of a half to infinity), against
//! the bits a reference computes here from the formats' definitions, in
//! the IR interpreter (-O0, -O3) and as our PTX in the emulator.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;

use cases::*;
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::Config;

const SRC: &str = r#"
#include <cuda_fp16.h>
#include <cuda_bf16.h>
template <typename Td, typename Ts>
__device__ void put(Td *d, const Ts *s, int i, int n) {
    d[i] = static_cast<Td>(s[i]);
    d[n + i] = (Td)s[i];
}
template <typename Td>
__global__ void conv(Td *d, const unsigned char *uc, const short *sh, const unsigned short *us,
                     const int *in, const unsigned *un, const long *lo, const long long *ll,
                     const unsigned long long *ul, const float *fl) {
    int i = threadIdx.x, n = blockDim.x;
    put(d, uc, i, n); put(d + 2 * n, sh, i, n); put(d + 4 * n, us, i, n);
    put(d + 6 * n, in, i, n); put(d + 8 * n, un, i, n); put(d + 10 * n, lo, i, n);
    put(d + 12 * n, ll, i, n); put(d + 14 * n, ul, i, n); put(d + 16 * n, fl, i, n);
    d[18 * n + i] = Td(in[i]);
    if (i == 0) d[19 * n] = static_cast<Td>(0);
}
template __global__ void conv<__half>(__half *, const unsigned char *, const short *, const unsigned short *,
    const int *, const unsigned *, const long *, const long long *, const unsigned long long *, const float *);
template __global__ void conv<__nv_bfloat16>(__nv_bfloat16 *, const unsigned char *, const short *,
    const unsigned short *, const int *, const unsigned *, const long *, const long long *,
    const unsigned long long *, const float *);
"#;

const N: usize = 32;

/// `v` rounded to `prec` significant bits, to nearest even.
fn round(v: i128, prec: u32) -> f64 {
    let m = v.unsigned_abs();
    let bits = 128 - m.leading_zeros();
    let r = if bits <= prec {
        m
    } else {
        let sh = bits - prec;
        let (q, rem, half) = (m >> sh, m & ((1 << sh) - 1), 1u128 << (sh - 1));
        let q = if rem > half || (rem == half && q & 1 == 1) {
            q + 1
        } else {
            q
        };
        q << sh
    };
    let r = r as f64;
    if v < 0 {
        -r
    } else {
        r
    }
}

/// The bits of an exact value (0 or an integer-valued normal) as a half.
fn half_bits(v: f64) -> u16 {
    let sign = if v < 0.0 { 0x8000 } else { 0 };
    let a = v.abs();
    if a == 0.0 {
        return sign;
    }
    if a > 65504.0 {
        return sign | 0x7c00;
    }
    let e = a.log2().floor() as i32;
    let mant = ((a / 2f64.powi(e) - 1.0) * 1024.0) as u16;
    sign | (((e + 15) as u16) << 10) | mant
}

/// The bits of a float rounded to a half (the reference for floats).
fn half_of_f32(f: f32) -> u16 {
    // The values used are within the normal range: round the significand.
    let v = f64::from(f);
    let e = v.abs().log2().floor() as i32;
    let scale = 2f64.powi(10 - e);
    let q = (v.abs() * scale).round_ties_even() / scale;
    half_bits(if v < 0.0 { -q } else { q })
}

fn bf16_of(v: f64) -> u16 {
    ((v as f32).to_bits() >> 16) as u16
}

fn bf16_of_f32(f: f32) -> u16 {
    let b = f.to_bits();
    let r = b + 0x7fff + ((b >> 16) & 1);
    (r >> 16) as u16
}

struct Inputs {
    uc: Vec<u8>,
    sh: Vec<i16>,
    us: Vec<u16>,
    int: Vec<i32>,
    un: Vec<u32>,
    ll: Vec<i64>,
    ul: Vec<u64>,
    fl: Vec<f32>,
}

fn inputs() -> Inputs {
    let mut r = Rng(99);
    let edge_i64 = [
        0i64,
        1,
        -1,
        2049,
        2051,
        65519,
        65520,
        -65520,
        1 << 40,
        (1 << 40) + (1 << 29) + 1,
    ];
    let mut ll: Vec<i64> = (0..N)
        .map(|k| {
            if k < edge_i64.len() {
                edge_i64[k]
            } else {
                (r.next() as i64) >> (r.next() % 50)
            }
        })
        .collect();
    ll[N - 1] = i64::MIN;
    let ul: Vec<u64> = (0..N)
        .map(|k| {
            if k == 0 {
                u64::MAX
            } else {
                (r.next() << 11) >> (r.next() % 60)
            }
        })
        .collect();
    Inputs {
        uc: (0..N).map(|_| r.next() as u8).collect(),
        sh: (0..N).map(|_| r.next() as i16).collect(),
        us: (0..N).map(|_| r.next() as u16).collect(),
        int: (0..N)
            .map(|k| {
                if k < 10 {
                    edge_i64[k] as i32
                } else {
                    (r.next() as i32) >> (r.next() % 30)
                }
            })
            .collect(),
        un: (0..N)
            .map(|_| (r.next() as u32) >> (r.next() % 30))
            .collect(),
        ll,
        ul,
        fl: (0..N).map(|_| r.f32(-3000.0, 3000.0)).collect(),
    }
}

fn expected(x: &Inputs, half: bool) -> Vec<i16> {
    let of_int = |v: i128| -> u16 {
        if half {
            half_bits(round(v, 11))
        } else {
            bf16_of(round(v, 8))
        }
    };
    let of_f32 = |f: f32| if half { half_of_f32(f) } else { bf16_of_f32(f) };
    let mut d = vec![0u16; 19 * N + 1];
    let groups: [Vec<u16>; 9] = [
        x.uc.iter().map(|&v| of_int(v.into())).collect(),
        x.sh.iter().map(|&v| of_int(v.into())).collect(),
        x.us.iter().map(|&v| of_int(v.into())).collect(),
        x.int.iter().map(|&v| of_int(v.into())).collect(),
        x.un.iter().map(|&v| of_int(v.into())).collect(),
        x.ll.iter().map(|&v| of_int(v.into())).collect(),
        x.ll.iter().map(|&v| of_int(v.into())).collect(),
        x.ul.iter().map(|&v| of_int(v.into())).collect(),
        x.fl.iter().map(|&v| of_f32(v)).collect(),
    ];
    for (g, vals) in groups.iter().enumerate() {
        for i in 0..N {
            d[2 * g * N + i] = vals[i];
            d[(2 * g + 1) * N + i] = vals[i];
        }
    }
    d[18 * N..19 * N].copy_from_slice(&groups[3]);
    d[19 * N] = 0;
    d.into_iter().map(|b| b as i16).collect()
}

fn case(half: bool) -> Case {
    let x = inputs();
    let want = expected(&x, half);
    let i64s = |v: &[u64]| v.iter().map(|&u| u as i64).collect::<Vec<_>>();
    let mut c = Case::new(
        "conv.cu",
        [1, 1, 1],
        [N as u32, 1, 1],
        vec![
            Arg::Buf("d", Data::I16(vec![0; want.len()])),
            Arg::Buf("uc", Data::I8(x.uc.iter().map(|&v| v as i8).collect())),
            Arg::Buf("sh", Data::I16(x.sh.clone())),
            Arg::Buf("us", Data::I16(x.us.iter().map(|&v| v as i16).collect())),
            Arg::Buf("in", Data::I32(x.int.clone())),
            Arg::Buf("un", Data::U32(x.un.clone())),
            Arg::Buf("lo", Data::I64(x.ll.clone())),
            Arg::Buf("ll", Data::I64(x.ll.clone())),
            Arg::Buf("ul", Data::I64(i64s(&x.ul))),
            Arg::Buf("fl", Data::F32(x.fl.clone())),
        ],
    )
    .expect("d", Data::I16(want))
    .kernel(if half { "conv<__half>" } else { "bfloat16" });
    c.source = Some(SRC);
    c
}

#[test]
fn half_and_bfloat16_from_every_arithmetic_type() {
    let opts = Options {
        arch: "sm_80".into(),
        opt_level: 3,
        ..Options::default()
    };
    let ours = compile_source("conv.cu", SRC, &opts);
    let Some(ptx) = ours.ptx else {
        panic!("{:?}", ours.diagnostics);
    };
    if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", "half-conv") {
        panic!("ptxas rejects our PTX:\n{e}");
    }
    let mut failures = Vec::new();
    for (half, sym) in [(true, "I6__half"), (false, "I13__nv_bfloat16")] {
        let c = case(half);
        let mut runs = vec![("our PTX".to_string(), c.on_ptx(&ptx, sym))];
        for level in [0, 3] {
            let o = Options {
                opt_level: level,
                ..opts.clone()
            };
            let m = compile_to_ir("conv.cu", SRC, &NoFiles, &o, None)
                .unwrap_or_else(|d| panic!("{d:?}"));
            let name = m
                .functions
                .iter()
                .find(|f| f.attrs.kernel && f.name.contains(sym))
                .unwrap()
                .name
                .clone();
            let got = c
                .run_with(|l, mem| {
                    ptxlab_sim::interp::run_kernel(&m, &name, l, mem, &Config::for_options(&o))
                })
                .unwrap_or_else(|e| panic!("{e}"))
                .0;
            runs.push((format!("IR -O{level}"), got));
        }
        for (what, got) in runs {
            if let Some(d) = difference(&got, &c.expected) {
                failures.push(format!("{sym}, {what}: {d}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
