//! Our `cuComplex.h` (`headers/cucomplex.rs`): a kernel applies every
//! function to random complex numbers (with huge and tiny moduli, where
//! the scaled quotient and the hypot-like modulus matter) in float and
//! double; the IR interpreter (-O0, -O3) and our PTX in the emulator must
//! agree with the arithmetic done here (within a few ulps: contraction to
//! fma may differ), and with NVRTC's PTX for NVIDIA's header where found.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
#include <cuComplex.h>
__global__ void cplx(const float *a, float *o, const double *b, double *p) {
    int t = threadIdx.x;
    cuFloatComplex x = make_cuFloatComplex(a[4 * t], a[4 * t + 1]);
    cuComplex y = make_cuComplex(a[4 * t + 2], a[4 * t + 3]);
    cuFloatComplex r[7] = { cuCaddf(x, y), cuCsubf(x, y), cuCmulf(x, y), cuCdivf(x, y),
                            cuConjf(x), cuCfmaf(x, y, x),
                            make_cuFloatComplex(cuCabsf(x), cuCrealf(y) + cuCimagf(y)) };
    for (int k = 0; k < 7; k++) { o[14 * t + 2 * k] = r[k].x; o[14 * t + 2 * k + 1] = r[k].y; }
    cuDoubleComplex u = make_cuDoubleComplex(b[4 * t], b[4 * t + 1]);
    cuDoubleComplex v = make_cuDoubleComplex(b[4 * t + 2], b[4 * t + 3]);
    cuDoubleComplex s[8] = { cuCadd(u, v), cuCsub(u, v), cuCmul(u, v), cuCdiv(u, v), cuConj(u),
                             cuCfma(u, v, u), make_cuDoubleComplex(cuCabs(u), cuCreal(v) - cuCimag(v)),
                             cuComplexFloatToDouble(cuComplexDoubleToFloat(u)) };
    for (int k = 0; k < 8; k++) { p[16 * t + 2 * k] = s[k].x; p[16 * t + 2 * k + 1] = s[k].y; }
}
"#;

const T: usize = 32;

/// The reference in f64 for either precision (`round` rounds a result
/// to the precision: f32 or identity), the quotient and modulus written
/// as the header's.
fn reference(z: [f64; 4], round: impl Fn(f64) -> f64, max: f64) -> Vec<f64> {
    let [a, b, c, d] = z;
    let k = round(1.0 / (c.abs() + d.abs()));
    let (ar, ai, br, bi) = (round(a * k), round(b * k), round(c * k), round(d * k));
    let inv = round(1.0 / round(round(br * br) + round(bi * bi)));
    let (p, q) = (a.abs(), b.abs());
    let (hi, lo) = if p > q { (p, q) } else { (q, p) };
    let m = if hi == 0.0 || hi > max || lo > max {
        hi + lo
    } else {
        let r = round(lo / hi);
        round(hi * round(round(1.0 + round(r * r)).sqrt()))
    };
    vec![
        a + c,
        b + d,
        a - c,
        b - d,
        a * c - b * d,
        a * d + b * c,
        round(round(ar * br) + round(ai * bi)) * inv,
        round(round(ai * br) - round(ar * bi)) * inv,
        a,
        -b,
        a * c + a - b * d,
        a * d + b + b * c,
        m,
        0.0,
    ]
}

fn inputs(r: &mut Rng, huge: f64) -> Vec<f64> {
    (0..T * 4)
        .map(|i| {
            let v = r.f64(-4.0, 4.0);
            match (i / 4) % 4 {
                1 => v * huge,
                2 => v / huge,
                _ => v,
            }
        })
        .collect()
}

fn case() -> Case {
    let mut r = Rng(2024);
    let a: Vec<f32> = inputs(&mut r, 1e18).iter().map(|&v| v as f32).collect();
    let b = inputs(&mut r, 1e150);
    let (mut o, mut ot, mut p, mut pt) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let f32r = |v: f64| f64::from(v as f32);
    for t in 0..T {
        let z: Vec<f64> = a[4 * t..4 * t + 4].iter().map(|&v| f64::from(v)).collect();
        let mut f = reference([z[0], z[1], z[2], z[3]], f32r, f64::from(f32::MAX));
        f[13] = z[2] + z[3];
        for v in f {
            o.push(v as f32);
            ot.push((v.abs() * 4e-7) as f32);
        }
        let w = [b[4 * t], b[4 * t + 1], b[4 * t + 2], b[4 * t + 3]];
        let mut g = reference(w, |v| v, f64::MAX);
        g[13] = w[2] - w[3];
        g.extend([f64::from(w[0] as f32), f64::from(w[1] as f32)]);
        for v in g {
            p.push(v);
            pt.push(v.abs() * 1e-15);
        }
    }
    // The sums and products of the moduli's scales: a product term may
    // cancel, so the tolerance is relative to the operands too.
    for t in 0..T {
        let s: f32 = a[4 * t..4 * t + 4]
            .iter()
            .map(|v| v.abs())
            .fold(0.0, f32::max);
        for k in 4..6 {
            ot[14 * t + k] = ot[14 * t + k].max(s * s * 4e-7);
        }
        for k in 10..12 {
            ot[14 * t + k] = ot[14 * t + k].max(s * s * 4e-7);
        }
        let q = (a[4 * t].abs() + a[4 * t + 1].abs()) / (a[4 * t + 2].abs() + a[4 * t + 3].abs());
        for k in 6..8 {
            ot[14 * t + k] = ot[14 * t + k].max(q * 2e-6);
        }
        let q = (b[4 * t].abs() + b[4 * t + 1].abs()) / (b[4 * t + 2].abs() + b[4 * t + 3].abs());
        for k in 6..8 {
            pt[16 * t + k] = pt[16 * t + k].max(q * 4e-15);
        }
        let u = b[4 * t..4 * t + 4]
            .iter()
            .map(|v| v.abs())
            .fold(0.0, f64::max);
        // Through float and back: exact (infinite where a double overflows).
        pt[16 * t + 14] = 0.0;
        pt[16 * t + 15] = 0.0;
        for k in [4, 5, 10, 11] {
            pt[16 * t + k] = pt[16 * t + k].max(u * u * 1e-15);
        }
    }
    let mut c = Case::new(
        "cplx.cu",
        [1, 1, 1],
        [T as u32, 1, 1],
        vec![
            Arg::Buf("a", Data::F32(a)),
            Arg::Buf("o", Data::F32(vec![0.0; T * 14])),
            Arg::Buf("b", Data::F64(b)),
            Arg::Buf("p", Data::F64(vec![0.0; T * 16])),
        ],
    )
    .expect("o", Data::F32Near(o, ot))
    .expect("p", Data::F64Near(p, pt))
    .kernel("cplx");
    c.source = Some(SRC);
    c
}

#[test]
fn cucomplex_functions_match_the_arithmetic() {
    let failures = libcheck::check_ours("cplx.cu", SRC, "sm_80", &[("cplx", case())]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvidias_cucomplex_gives_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx("cplx.cu", SRC, "sm_80", "cuComplex.h", &[]) else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &[("cplx", case())]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
