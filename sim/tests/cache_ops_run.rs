//! The cache-operator loads and stores (`__ldg`, `__ldcg`, `__ldca`,
//! `__ldcs`, `__ldlu`, `__ldcv`, `__stwb`, `__stcg`, `__stcs`, `__stwt`) of
//! `int`, `char`, `short`, `double`, `float4` and `int4` run in the IR
//! interpreter (-O0, -O3) and as our PTX in the emulator against a
//! reference computed here; NVRTC's PTX (NVIDIA's header: inline asm)
//! must give the same buffers in the emulator; ptxas accepts ours.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

const SRC: &str = r#"
__global__ void cache_ops(const int *a, int *o, const char *c, char *co, const float4 *f, float4 *fo,
                          const double *d, double *dout, const short *s, short *so, const int4 *v, int4 *vo) {
    int i = threadIdx.x;
    o[i] = __ldg(a + i) + 2 * __ldcg(a + i) + 3 * __ldca(a + i) + 5 * __ldcs(a + i) + 7 * __ldlu(a + i) + 11 * __ldcv(a + i);
    __stwb(o + 32 + i, __ldg(a + i) + 1);
    __stcg(o + 64 + i, 2);
    __stcs(o + 96 + i, 3);
    __stwt(o + 128 + i, 4 * i);
    co[i] = __ldcs(c + i) ^ __ldg(c + i + 32);
    __stcs(co + 32 + i, (char)(__ldcg(c + i) + 1));
    float4 x = __ldcs(f + i);
    float4 y = __ldg(f + i);
    fo[i] = make_float4(x.x + y.w, x.y, x.z, x.w);
    __stcg(fo + 32 + i, __ldlu(f + i));
    dout[i] = __ldcg(d + i) * 2.0;
    __stwt(dout + 32 + i, __ldcv(d + i));
    so[i] = __ldlu(s + i);
    __stwb(so + 32 + i, (short)(__ldca(s + i) * 3));
    int4 w = __ldcv(v + i);
    __stcs(vo + i, make_int4(w.w, w.z, w.y, w.x));
    vo[32 + i] = __ldg(v + i);
}
"#;

const T: usize = 32;

fn case() -> Case {
    let mut r = Rng(16);
    let a: Vec<i32> = (0..T).map(|_| r.int(-1000, 1000) as i32).collect();
    let c: Vec<i8> = (0..2 * T).map(|_| r.int(-128, 127) as i8).collect();
    let f: Vec<f32> = (0..4 * T).map(|_| r.f32(-10.0, 10.0)).collect();
    let d: Vec<f64> = (0..T).map(|_| r.f64(-10.0, 10.0)).collect();
    let s: Vec<i16> = (0..T).map(|_| r.int(-32768, 32767) as i16).collect();
    let v: Vec<i32> = (0..4 * T)
        .map(|_| r.int(-1 << 30, 1 << 30) as i32)
        .collect();
    let mut o = vec![0i32; 5 * T];
    let mut co = vec![0i8; 2 * T];
    let mut fo = vec![0f32; 8 * T];
    let mut dout = vec![0f64; 2 * T];
    let mut so = vec![0i16; 2 * T];
    let mut vo = vec![0i32; 8 * T];
    for i in 0..T {
        o[i] = a[i] * (1 + 2 + 3 + 5 + 7 + 11);
        o[T + i] = a[i] + 1;
        o[2 * T + i] = 2;
        o[3 * T + i] = 3;
        o[4 * T + i] = 4 * i as i32;
        co[i] = c[i] ^ c[i + T];
        co[T + i] = c[i].wrapping_add(1);
        let x = &f[4 * i..4 * i + 4];
        fo[4 * i..4 * i + 4].copy_from_slice(&[x[0] + x[3], x[1], x[2], x[3]]);
        fo[4 * (T + i)..4 * (T + i) + 4].copy_from_slice(x);
        dout[i] = d[i] * 2.0;
        dout[T + i] = d[i];
        so[i] = s[i];
        so[T + i] = s[i].wrapping_mul(3);
        let w = &v[4 * i..4 * i + 4];
        vo[4 * i..4 * i + 4].copy_from_slice(&[w[3], w[2], w[1], w[0]]);
        vo[4 * (T + i)..4 * (T + i) + 4].copy_from_slice(w);
    }
    let mut k = Case::new(
        "cache_ops.cu",
        [1, 1, 1],
        [T as u32, 1, 1],
        vec![
            Arg::Buf("a", Data::I32(a)),
            Arg::Buf("o", Data::I32(vec![0; 5 * T])),
            Arg::Buf("c", Data::I8(c)),
            Arg::Buf("co", Data::I8(vec![0; 2 * T])),
            Arg::Buf("f", Data::F32(f)),
            Arg::Buf("fo", Data::F32(vec![0.0; 8 * T])),
            Arg::Buf("d", Data::F64(d)),
            Arg::Buf("dout", Data::F64(vec![0.0; 2 * T])),
            Arg::Buf("s", Data::I16(s)),
            Arg::Buf("so", Data::I16(vec![0; 2 * T])),
            Arg::Buf("v", Data::I32(v)),
            Arg::Buf("vo", Data::I32(vec![0; 8 * T])),
        ],
    )
    .expect("o", Data::I32(o))
    .expect("co", Data::I8(co))
    .expect("fo", Data::F32(fo))
    .expect("dout", Data::F64(dout))
    .expect("so", Data::I16(so))
    .expect("vo", Data::I32(vo))
    .kernel("cache_ops");
    k.source = Some(SRC);
    k
}

#[test]
fn cache_operator_accesses_give_the_reference() {
    let failures = libcheck::check_ours("cache_ops.cu", SRC, "sm_80", &[("cache_ops", case())]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvidias_cache_operator_accesses_give_the_same_buffers() {
    let Some(theirs) =
        libcheck::nvrtc_ptx("cache_ops.cu", SRC, "sm_80", "sm_32_intrinsics.hpp", &[])
    else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &[("cache_ops", case())]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
