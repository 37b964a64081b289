//! `cuda_runtime.h`'s device functions of `headers/devfns.rs`: the
//! cache-operator loads and stores over scalar and vector types (the values
//! move as plain accesses would move them) and CUDA 12's DPX functions
//! (`__vimax3_s16x2`, `__viaddmin_u32`, `__vibmax_s16x2`, …) on random
//! words, against a reference computed here, in the IR interpreter (-O0,
//! -O3) and as our PTX in the emulator, NVRTC's PTX too where found.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
__global__ void dev(const unsigned *a, const unsigned *b, const unsigned *c, unsigned *o,
                    const float4 *f4, float4 *g4, const double2 *d2, double2 *e2,
                    const char *ch, short4 *s4) {
    int t = threadIdx.x;
    unsigned x = __ldg(a + t), y = __ldcg(b + t), z = __ldca(c + t);
    unsigned *r = o + t * 24;
    int sx = (int)x, sy = (int)y, sz = (int)z;
    bool p, q;
    r[0] = (unsigned)__vimax_s32_relu(sx, sy);
    r[1] = __vimax_s16x2_relu(x, y);
    r[2] = (unsigned)__vimin_s32_relu(sx, sy);
    r[3] = __vimin_s16x2_relu(x, y);
    r[4] = (unsigned)__vimax3_s32(sx, sy, sz);
    r[5] = __vimax3_s16x2(x, y, z);
    r[6] = __vimax3_u32(x, y, z);
    r[7] = __vimin3_u16x2(x, y, z);
    r[8] = (unsigned)__vimin3_s32_relu(sx, sy, sz);
    r[9] = __vimax3_s16x2_relu(x, y, z);
    r[10] = (unsigned)__viaddmax_s32(sx, sy, sz);
    r[11] = __viaddmax_s16x2(x, y, z);
    r[12] = __viaddmin_u32(x, y, z);
    r[13] = __viaddmin_u16x2(x, y, z);
    r[14] = (unsigned)__viaddmin_s32_relu(sx, sy, sz);
    r[15] = __viaddmax_s16x2_relu(x, y, z);
    r[16] = (unsigned)__vibmax_s32(sx, sy, &p);
    r[17] = p;
    r[18] = __vibmin_u16x2(x, y, &p, &q);
    r[19] = p * 2 + q;
    r[20] = __vibmax_s16x2(x, y, &p, &q);
    r[21] = p * 2 + q;
    r[22] = __ldlu(a + t) ^ __ldcv(b + t);
    r[23] = (unsigned)(int)__ldcs(ch + t);
    __stcs(g4 + t, __ldg(f4 + t));
    __stwt(e2 + t, __ldcs(d2 + t));
    __stcg(s4 + t, make_short4(__ldg(ch + t), 2, 3, 4));
    // (Not `__ldg` of what this kernel stored: the read-only path may see
    // memory as it was at launch, as the emulator's `.nc` model does.)
    __stwb(o + t * 24 + 23, r[23] + 1u);
}
"#;

const T: usize = 64;

fn s16(x: u32, i: u32) -> i64 {
    i64::from((x >> (16 * i)) as u16 as i16)
}
fn u16l(x: u32, i: u32) -> i64 {
    i64::from((x >> (16 * i)) as u16)
}
fn pack(f: impl Fn(u32) -> i64) -> u32 {
    ((f(1) as u32 & 0xffff) << 16) | (f(0) as u32 & 0xffff)
}

fn reference(x: u32, y: u32, z: u32, ch: i8) -> Vec<u32> {
    let (sx, sy, sz) = (x as i32, y as i32, z as i32);
    let relu = |v: i64| v.max(0);
    let mut r = vec![
        sx.max(sy).max(0) as u32,
        pack(|i| relu(s16(x, i).max(s16(y, i)))),
        sx.min(sy).max(0) as u32,
        pack(|i| relu(s16(x, i).min(s16(y, i)))),
        sx.max(sy).max(sz) as u32,
        pack(|i| s16(x, i).max(s16(y, i)).max(s16(z, i))),
        x.max(y).max(z),
        pack(|i| u16l(x, i).min(u16l(y, i)).min(u16l(z, i))),
        sx.min(sy).min(sz).max(0) as u32,
        pack(|i| relu(s16(x, i).max(s16(y, i)).max(s16(z, i)))),
        sx.wrapping_add(sy).max(sz) as u32,
        pack(|i| i64::from((s16(x, i) + s16(y, i)) as i16).max(s16(z, i))),
        x.wrapping_add(y).min(z),
        pack(|i| ((u16l(x, i) + u16l(y, i)) & 0xffff).min(u16l(z, i))),
        sx.wrapping_add(sy).min(sz).max(0) as u32,
        pack(|i| relu(i64::from((s16(x, i) + s16(y, i)) as i16).max(s16(z, i)))),
        sx.max(sy) as u32,
        u32::from(sx >= sy),
        pack(|i| u16l(x, i).min(u16l(y, i))),
        u32::from(u16l(x, 1) <= u16l(y, 1)) * 2 + u32::from(u16l(x, 0) <= u16l(y, 0)),
        pack(|i| s16(x, i).max(s16(y, i))),
        u32::from(s16(x, 1) >= s16(y, 1)) * 2 + u32::from(s16(x, 0) >= s16(y, 0)),
        x ^ y,
    ];
    r.push((i32::from(ch) as u32).wrapping_add(1));
    r
}

fn case() -> Case {
    let mut rng = Rng(77);
    let word = |r: &mut Rng| {
        if r.next().is_multiple_of(4) {
            [0u32, 0xffff_ffff, 0x8000_7fff, 0x7fff_8000, 0x0001_ffff][(r.next() % 5) as usize]
        } else {
            r.next() as u32
        }
    };
    let a: Vec<u32> = (0..T).map(|_| word(&mut rng)).collect();
    let b: Vec<u32> = (0..T).map(|_| word(&mut rng)).collect();
    let c: Vec<u32> = (0..T).map(|_| word(&mut rng)).collect();
    let ch: Vec<i8> = (0..T).map(|_| rng.int(-128, 128) as i8).collect();
    let f4: Vec<f32> = (0..T * 4).map(|_| rng.f32(-10.0, 10.0)).collect();
    let d2: Vec<f64> = (0..T * 2).map(|_| rng.f64(-10.0, 10.0)).collect();
    let mut want = Vec::new();
    let mut s4 = Vec::new();
    for t in 0..T {
        want.extend(reference(a[t], b[t], c[t], ch[t]));
        s4.extend([i16::from(ch[t]), 2, 3, 4]);
    }
    Case::new(
        "dev.cu",
        [1, 1, 1],
        [T as u32, 1, 1],
        vec![
            Arg::Buf("a", Data::U32(a)),
            Arg::Buf("b", Data::U32(b)),
            Arg::Buf("c", Data::U32(c)),
            Arg::Buf("o", Data::U32(vec![0; T * 24])),
            Arg::Buf("f4", Data::F32(f4.clone())),
            Arg::Buf("g4", Data::F32(vec![0.0; T * 4])),
            Arg::Buf("d2", Data::F64(d2.clone())),
            Arg::Buf("e2", Data::F64(vec![0.0; T * 2])),
            Arg::Buf("ch", Data::I8(ch)),
            Arg::Buf("s4", Data::I16(vec![0; T * 4])),
        ],
    )
    .expect("o", Data::U32(want))
    .expect("g4", Data::F32(f4))
    .expect("e2", Data::F64(d2))
    .expect("s4", Data::I16(s4))
    .kernel("dev")
}

fn cases() -> Vec<(&'static str, Case)> {
    let mut c = case();
    c.source = Some(SRC);
    vec![("dev", c)]
}

#[test]
fn cache_operators_and_dpx_functions_match_the_reference() {
    let failures = libcheck::check_ours("dev.cu", SRC, "sm_80", &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvrtcs_dpx_functions_give_the_same_buffers() {
    let Some(theirs) = libcheck::nvrtc_ptx("dev.cu", SRC, "sm_80", "sm_32_intrinsics.hpp", &[])
    else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &cases());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
