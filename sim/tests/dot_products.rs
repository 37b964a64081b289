//! The byte dot products of sm_61 (`__dp4a`, `__dp2a_lo`, `__dp2a_hi`: int,
//! unsigned and vector overloads), the integer halving adds, the clamped
//! funnel shifts and the rounded float intrinsics added beside them
//! (`__fsub_r*`, `__dsub_r*`, `__fma_r*`, `__fmaf_ieee_r*`, `__frsqrt_rn`,
//! `__tanhf`) on random words and floats, against a reference computed
//! here: in the IR interpreter (-O0, -O3) and as our PTX in the emulator,
//! NVRTC's PTX too where found. The PTX holds nvcc's instructions
//! (`dp4a.s32.s32`, `dp2a.hi.u32.u32`, `sub.rz.f32`, `fma.rm.f64`, …).

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
__global__ void dot(const int *a, const int *b, const int *c, int *o,
                    const float *f, float *g, const double *d, double *h) {
    int t = threadIdx.x;
    int x = a[t], y = b[t], z = c[t];
    unsigned ux = (unsigned)x, uy = (unsigned)y, uz = (unsigned)z;
    int *r = o + t * 16;
    r[0] = __dp4a(x, y, z);
    r[1] = (int)__dp4a(ux, uy, uz);
    r[2] = __dp2a_lo(x, y, z);
    r[3] = (int)__dp2a_lo(ux, uy, uz);
    r[4] = __dp2a_hi(x, y, z);
    r[5] = (int)__dp2a_hi(ux, uy, uz);
    char4 ca = *(const char4 *)(a + t), cb = *(const char4 *)(b + t);
    uchar4 ua = *(const uchar4 *)(a + t), ub = *(const uchar4 *)(b + t);
    short2 sa = *(const short2 *)(a + t);
    ushort2 usa = *(const ushort2 *)(a + t);
    r[6] = __dp4a(ca, cb, z);
    r[7] = (int)__dp4a(ua, ub, uz);
    r[8] = __dp2a_hi(sa, cb, z);
    r[9] = (int)__dp2a_lo(usa, ub, uz);
    r[10] = __hadd(x, y);
    r[11] = __rhadd(x, y);
    r[12] = (int)__uhadd(ux, uy);
    r[13] = (int)__urhadd(ux, uy);
    r[14] = (int)__funnelshift_lc(ux, uy, uz & 63u);
    r[15] = (int)__funnelshift_rc(ux, uy, uz & 63u);

    float p = f[2 * t], q = f[2 * t + 1];
    float *s = g + t * 12;
    s[0] = __fsub_rn(p, q);
    s[1] = __fsub_rz(p, q);
    s[2] = __fsub_ru(p, q);
    s[3] = __fsub_rd(p, q);
    s[4] = __frsqrt_rn(fabsf(p));
    s[5] = __frsqrt_rn(fabsf(p) * 1e-39f);
    s[6] = __fmaf_ieee_rn(p, q, 1.0f);
    s[7] = __fmaf_ieee_rz(p, q, 1.0f);
    s[8] = __fmaf_ieee_ru(p, q, 1.0f);
    s[9] = __fmaf_ieee_rd(p, q, 1.0f);
    s[10] = __tanhf(p);
    s[11] = __frsqrt_rn(-p * p) + __frsqrt_rn(0.0f);

    double u = d[2 * t], v = d[2 * t + 1];
    double *e = h + t * 8;
    e[0] = __dsub_rn(u, v);
    e[1] = __dsub_rz(u, v);
    e[2] = __dsub_ru(u, v);
    e[3] = __dsub_rd(u, v);
    e[4] = __fma_rn(u, v, 1.0);
    e[5] = __fma_rz(u, v, 1.0);
    e[6] = __fma_ru(u, v, 1.0);
    e[7] = __fma_rd(u, v, 1.0);
}
"#;

const T: usize = 64;

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Nearest,
    Zero,
    Up,
    Down,
}
const MODES: [Mode; 4] = [Mode::Nearest, Mode::Zero, Mode::Up, Mode::Down];

/// Byte (or half) `k` of `v`, `w` bits wide, sign-extended when `signed`.
fn part(v: u32, k: u32, w: u32, signed: bool) -> i64 {
    let p = (v >> (k * w)) & ((1u32 << w) - 1);
    if signed && p >> (w - 1) != 0 {
        i64::from(p) - (1i64 << w)
    } else {
        i64::from(p)
    }
}

/// dp4a (`half` None) or dp2a (`Some(hi)`): `c` plus the products, wrapped.
fn dot(a: u32, b: u32, c: u32, half: Option<bool>, signed: bool) -> u32 {
    let (n, wa, first) = match half {
        None => (4, 8, 0),
        Some(hi) => (2, 16, if hi { 2 } else { 0 }),
    };
    (0..n).fold(c, |acc, k| {
        let p = part(a, k, wa, signed) * part(b, first + k, 8, signed);
        acc.wrapping_add(p as u32)
    })
}

/// An exact value `x` (f64) rounded to f32 in `mode`.
fn to_f32(x: f64, mode: Mode) -> f32 {
    let r = x as f32;
    let rd = f64::from(r);
    match mode {
        Mode::Nearest => r,
        Mode::Up if rd < x => r.next_up(),
        Mode::Down if rd > x => r.next_down(),
        Mode::Zero if rd.abs() > x.abs() => {
            if x > 0.0 {
                r.next_down()
            } else {
                r.next_up()
            }
        }
        _ => r,
    }
}

/// `r` (the nearest double to an exact value) moved one step in `mode`,
/// given the sign of the exact value minus `r`.
fn step64(r: f64, err: f64, mode: Mode) -> f64 {
    match mode {
        Mode::Up if err > 0.0 => r.next_up(),
        Mode::Down if err < 0.0 => r.next_down(),
        Mode::Zero if err != 0.0 && (err < 0.0) == (r > 0.0) => {
            if r > 0.0 {
                r.next_down()
            } else {
                r.next_up()
            }
        }
        _ => r,
    }
}

fn two_sum(a: f64, b: f64) -> (f64, f64) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

fn int_reference(x: u32, y: u32, z: u32) -> Vec<i32> {
    let b4 = |v: u32| v; // the vector forms read the same word
    let (sx, sy) = (x as i32, y as i32);
    let lc = if z & 63 >= 32 {
        x
    } else {
        ((((u64::from(y) << 32) | u64::from(x)) << (z & 31)) >> 32) as u32
    };
    let rc = if z & 63 >= 32 {
        y
    } else {
        (((u64::from(y) << 32) | u64::from(x)) >> (z & 31)) as u32
    };
    let avg = |a: i64, b: i64, round: i64| (a + b + round).div_euclid(2);
    [
        dot(x, y, z, None, true),
        dot(x, y, z, None, false),
        dot(x, y, z, Some(false), true),
        dot(x, y, z, Some(false), false),
        dot(x, y, z, Some(true), true),
        dot(x, y, z, Some(true), false),
        dot(b4(x), b4(y), z, None, true),
        dot(b4(x), b4(y), z, None, false),
        dot(b4(x), b4(y), z, Some(true), true),
        dot(b4(x), b4(y), z, Some(false), false),
        avg(i64::from(sx), i64::from(sy), 0) as u32,
        avg(i64::from(sx), i64::from(sy), 1) as u32,
        avg(i64::from(x), i64::from(y), 0) as u32,
        avg(i64::from(x), i64::from(y), 1) as u32,
        lc,
        rc,
    ]
    .iter()
    .map(|&v| v as i32)
    .collect()
}

fn float_reference(p: f32, q: f32) -> Vec<f32> {
    let (x, y) = (f64::from(p), f64::from(q));
    // (Exact in f64: the operands' exponents differ by far less than 29.)
    let mut s: Vec<f32> = MODES.iter().map(|&m| to_f32(x - y, m)).collect();
    let rsqrt = |v: f64| to_f32(1.0 / v.sqrt(), Mode::Nearest);
    s.push(rsqrt(x.abs()));
    s.push(rsqrt(f64::from(p.abs() * 1e-39f32)));
    // p·q + 1 is exact in f64 (48-bit product, small exponents).
    s.extend(MODES.iter().map(|&m| to_f32(x * y + 1.0, m)));
    s.push(x.tanh() as f32);
    s.push(f32::NAN);
    s
}

fn double_reference(u: f64, v: f64) -> Vec<f64> {
    let (r, e) = two_sum(u, -v);
    let mut h: Vec<f64> = MODES.iter().map(|&m| step64(r, e, m)).collect();
    // The fma's error: u·v = p + pe exactly, p + 1 = s1 + e1 exactly, so
    // the exact result minus r is (s1 - r) + e1 + pe (s1 - r exact: the
    // two are within a factor of two).
    let r = u.mul_add(v, 1.0);
    let p = u * v;
    let pe = u.mul_add(v, -p);
    let (s1, e1) = two_sum(p, 1.0);
    let err = (s1 - r) + (e1 + pe);
    h.extend(MODES.iter().map(|&m| step64(r, err, m)));
    h
}

fn case() -> Case {
    let mut rng = Rng(61);
    let word = |r: &mut Rng| {
        if r.next().is_multiple_of(4) {
            [0u32, 0xffff_ffff, 0x8080_7f7f, 0x7fff_8000, 0x0000_0020][(r.next() % 5) as usize]
        } else {
            r.next() as u32
        }
    };
    let a: Vec<u32> = (0..T).map(|_| word(&mut rng)).collect();
    let b: Vec<u32> = (0..T).map(|_| word(&mut rng)).collect();
    let c: Vec<u32> = (0..T).map(|_| word(&mut rng)).collect();
    let f: Vec<f32> = (0..T * 2).map(|_| rng.f32(-10.0, 10.0)).collect();
    let d: Vec<f64> = (0..T * 2).map(|_| rng.f64(-10.0, 10.0)).collect();
    let mut want_o = Vec::new();
    let mut want_g = Vec::new();
    let mut want_h = Vec::new();
    for t in 0..T {
        want_o.extend(int_reference(a[t], b[t], c[t]));
        want_g.extend(float_reference(f[2 * t], f[2 * t + 1]));
        want_h.extend(double_reference(d[2 * t], d[2 * t + 1]));
    }
    // -p² < 0 gives NaN; plus rsqrt(0) = +inf: NaN. The canonical NaN of
    // the instruction is what a run writes; compare bits of a quiet NaN.
    let nan = f32::from_bits(0x7fff_ffff);
    for v in want_g.iter_mut().skip(11).step_by(12) {
        *v = nan;
    }
    let i32s = |v: &[u32]| v.iter().map(|&x| x as i32).collect::<Vec<_>>();
    Case::new(
        "dot.cu",
        [1, 1, 1],
        [T as u32, 1, 1],
        vec![
            Arg::Buf("a", Data::I32(i32s(&a))),
            Arg::Buf("b", Data::I32(i32s(&b))),
            Arg::Buf("c", Data::I32(i32s(&c))),
            Arg::Buf("o", Data::I32(vec![0; T * 16])),
            Arg::Buf("f", Data::F32(f)),
            Arg::Buf("g", Data::F32(vec![0.0; T * 12])),
            Arg::Buf("d", Data::F64(d)),
            Arg::Buf("h", Data::F64(vec![0.0; T * 8])),
        ],
    )
    .expect("o", Data::I32(want_o))
    .expect("g", Data::F32(want_g))
    .expect("h", Data::F64(want_h))
    .kernel("dot")
}

fn cases() -> Vec<(&'static str, Case)> {
    let mut c = case();
    c.source = Some(SRC);
    vec![("dot", c)]
}

/// Every NaN one quiet NaN (PTX's canonical NaN is 0x7fffffff).
fn canon(got: libcheck::Buffers) -> libcheck::Buffers {
    got.into_iter()
        .map(|(n, d)| {
            let d = match d {
                Data::F32(v) => Data::F32(
                    v.into_iter()
                        .map(|x| {
                            if x.is_nan() {
                                f32::from_bits(0x7fff_ffff)
                            } else {
                                x
                            }
                        })
                        .collect(),
                ),
                d => d,
            };
            (n, d)
        })
        .collect()
}

#[test]
fn dot_products_halving_adds_and_rounded_intrinsics_match_the_reference() {
    let ptx = libcheck::our_ptx("dot.cu", SRC, "sm_80");
    for want in [
        "dp4a.s32.s32",
        "dp4a.u32.u32",
        "dp2a.lo.s32.s32",
        "dp2a.hi.u32.u32",
        "sub.rz.f32",
        "sub.rm.f64",
        "fma.rp.f64",
        "fma.rz.f32",
        "tanh.approx.f32",
        "rsqrt.approx.ftz.f32",
    ] {
        assert!(ptx.contains(want), "no {want} in\n{ptx}");
    }
    let failures = libcheck::check_runs("dot.cu", SRC, "sm_80", &ptx, &cases(), canon);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvrtcs_dot_products_and_rounded_intrinsics_give_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx("dot.cu", SRC, "sm_80", "sm_61_intrinsics.hpp", &[])
    else {
        return;
    };
    let failures = libcheck::check_theirs_with(&theirs, &cases(), canon);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
