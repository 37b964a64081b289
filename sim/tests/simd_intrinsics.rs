//! The SIMD video functions of the CUDA math API (`__vabs2` … `__vsubus4`,
//! `libdevice/src/simd.rs`): one kernel calls each on random words and on
//! words of lane extremes (0x8000, 0x7fff, 0x80, 0x7f, 0, all ones); the
//! IR interpreter (-O0, -O3) and our PTX in the emulator must give what a
//! lane-by-lane reference computed here gives; ptxas accepts our PTX; and
//! NVRTC's PTX for the same source, where libnvrtc is found, gives the
//! same buffers in the emulator.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;

use cases::*;
use common::nvrtc::Nvrtc;
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::Config;

/// Every function, with its lane width (16 or 8), its operands' signedness,
/// its arity and its lane operation on the lanes' values (sign-extended when
/// signed); the result lane is the low bits of what it returns, but for
/// `sad` (the sum of the lanes' results).
struct F {
    name: &'static str,
    unary: bool,
    signed: bool,
    op: fn(i64, i64, i64, i64) -> i64,
}

fn sat(x: i64, lo: i64, hi: i64) -> i64 {
    x.clamp(lo, hi)
}

/// (lo, hi) of a signed lane; the unsigned lane's top is `2 * hi + 1`.
macro_rules! f {
    ($name:literal, u, $s:expr, |$a:ident, $b:ident, $lo:ident, $hi:ident| $e:expr) => {
        F {
            name: $name,
            unary: true,
            signed: $s,
            op: |$a, $b, $lo, $hi| {
                let _ = (&$b, &$lo, &$hi);
                $e
            },
        }
    };
    ($name:literal, b, $s:expr, |$a:ident, $b:ident, $lo:ident, $hi:ident| $e:expr) => {
        F {
            name: $name,
            unary: false,
            signed: $s,
            op: |$a, $b, $lo, $hi| {
                let _ = (&$b, &$lo, &$hi);
                $e
            },
        }
    };
}

fn avgs(a: i64, b: i64) -> i64 {
    let s = a + b;
    if s >= 0 {
        (s + 1) >> 1
    } else {
        -((1 - s) >> 1)
    }
}

fn cmp(p: bool) -> i64 {
    if p {
        -1
    } else {
        0
    }
}

const FUNCS: &[F] = &[
    f!("abs", u, true, |a, b, lo, hi| a.abs()),
    f!("absss", u, true, |a, b, lo, hi| a.abs().min(hi)),
    f!("neg", u, true, |a, b, lo, hi| -a),
    f!("negss", u, true, |a, b, lo, hi| sat(-a, lo, hi)),
    f!("absdiffs", b, true, |a, b, lo, hi| (a - b).abs()),
    f!("absdiffu", b, false, |a, b, lo, hi| (a - b).abs()),
    f!("add", b, false, |a, b, lo, hi| a + b),
    f!("addss", b, true, |a, b, lo, hi| sat(a + b, lo, hi)),
    f!("addus", b, false, |a, b, lo, hi| (a + b).min(2 * hi + 1)),
    f!("avgs", b, true, |a, b, lo, hi| avgs(a, b)),
    f!("avgu", b, false, |a, b, lo, hi| (a + b + 1) >> 1),
    f!("cmpeq", b, false, |a, b, lo, hi| cmp(a == b)),
    f!("cmpges", b, true, |a, b, lo, hi| cmp(a >= b)),
    f!("cmpgeu", b, false, |a, b, lo, hi| cmp(a >= b)),
    f!("cmpgts", b, true, |a, b, lo, hi| cmp(a > b)),
    f!("cmpgtu", b, false, |a, b, lo, hi| cmp(a > b)),
    f!("cmples", b, true, |a, b, lo, hi| cmp(a <= b)),
    f!("cmpleu", b, false, |a, b, lo, hi| cmp(a <= b)),
    f!("cmplts", b, true, |a, b, lo, hi| cmp(a < b)),
    f!("cmpltu", b, false, |a, b, lo, hi| cmp(a < b)),
    f!("cmpne", b, false, |a, b, lo, hi| cmp(a != b)),
    f!("haddu", b, false, |a, b, lo, hi| (a + b) >> 1),
    f!("maxs", b, true, |a, b, lo, hi| a.max(b)),
    f!("maxu", b, false, |a, b, lo, hi| a.max(b)),
    f!("mins", b, true, |a, b, lo, hi| a.min(b)),
    f!("minu", b, false, |a, b, lo, hi| a.min(b)),
    f!("sads", b, true, |a, b, lo, hi| (a - b).abs()),
    f!("sadu", b, false, |a, b, lo, hi| (a - b).abs()),
    f!("seteq", b, false, |a, b, lo, hi| (a == b) as i64),
    f!("setges", b, true, |a, b, lo, hi| (a >= b) as i64),
    f!("setgeu", b, false, |a, b, lo, hi| (a >= b) as i64),
    f!("setgts", b, true, |a, b, lo, hi| (a > b) as i64),
    f!("setgtu", b, false, |a, b, lo, hi| (a > b) as i64),
    f!("setles", b, true, |a, b, lo, hi| (a <= b) as i64),
    f!("setleu", b, false, |a, b, lo, hi| (a <= b) as i64),
    f!("setlts", b, true, |a, b, lo, hi| (a < b) as i64),
    f!("setltu", b, false, |a, b, lo, hi| (a < b) as i64),
    f!("setne", b, false, |a, b, lo, hi| (a != b) as i64),
    f!("sub", b, false, |a, b, lo, hi| a - b),
    f!("subss", b, true, |a, b, lo, hi| sat(a - b, lo, hi)),
    f!("subus", b, false, |a, b, lo, hi| (a - b).max(0)),
];

/// `__v<name><lanes>` on one pair of words, lane by lane.
fn reference(f: &F, lanes: u32, a: u32, b: u32) -> u32 {
    let w = 32 / lanes;
    let mask = (1u64 << w) - 1;
    let hi = (1i64 << (w - 1)) - 1;
    let lo = -hi - 1;
    let lane = |x: u32, i: u32| -> i64 {
        let v = (u64::from(x) >> (w * i)) & mask;
        if f.signed && v > hi as u64 {
            v as i64 - (1i64 << w)
        } else {
            v as i64
        }
    };
    if f.name.starts_with("sad") {
        let s: i64 = (0..lanes)
            .map(|i| (f.op)(lane(a, i), lane(b, i), lo, hi))
            .sum();
        return s as u32;
    }
    (0..lanes).fold(0u32, |r, i| {
        let v = (f.op)(lane(a, i), lane(b, i), lo, hi) as u64 & mask;
        r | ((v as u32) << (w * i))
    })
}

const THREADS: usize = 96;

fn source() -> &'static str {
    let mut s = String::from(
        "__global__ void simd(const unsigned *a, const unsigned *b, unsigned *o) {\n    \
         unsigned x = a[threadIdx.x], y = b[threadIdx.x];\n    \
         unsigned *r = o + threadIdx.x * NFUNCS;\n",
    );
    let mut n = 0;
    for f in FUNCS {
        for lanes in [2, 4] {
            let args = if f.unary { "x" } else { "x, y" };
            s += &format!("    r[{n}] = __v{}{lanes}({args});\n", f.name);
            n += 1;
        }
    }
    s += "}\n";
    Box::leak(s.replace("NFUNCS", &n.to_string()).into_boxed_str())
}

fn inputs() -> (Vec<u32>, Vec<u32>) {
    const EDGES: [u32; 12] = [
        0,
        0xffff_ffff,
        0x8000_8000,
        0x7fff_7fff,
        0x8080_8080,
        0x7f7f_7f7f,
        0x0001_ffff,
        0xff01_80ff,
        0x7f80_0180,
        0x8000_7fff,
        0xfe02_7f81,
        0x0101_0101,
    ];
    let mut r = Rng(0x5eed);
    let mut a = Vec::new();
    let mut b = Vec::new();
    for i in 0..THREADS {
        let pick = |r: &mut Rng| {
            if r.next().is_multiple_of(3) {
                EDGES[(r.next() % 12) as usize]
            } else {
                r.next() as u32
            }
        };
        let x = pick(&mut r);
        // Some pairs equal, so the equalities are true somewhere.
        let y = if i.is_multiple_of(7) { x } else { pick(&mut r) };
        a.push(x);
        b.push(y);
    }
    (a, b)
}

fn case() -> Case {
    let (a, b) = inputs();
    let mut want = Vec::new();
    for (x, y) in a.iter().zip(&b) {
        for f in FUNCS {
            for lanes in [2, 4] {
                want.push(reference(f, lanes, *x, *y));
            }
        }
    }
    let n = want.len();
    let mut c = Case::new(
        "simd.cu",
        [1, 1, 1],
        [THREADS as u32, 1, 1],
        vec![
            Arg::Buf("a", Data::U32(a)),
            Arg::Buf("b", Data::U32(b)),
            Arg::Buf("o", Data::U32(vec![0; n])),
        ],
    )
    .expect("o", Data::U32(want))
    .kernel("simd");
    c.source = Some(source());
    c
}

/// The first differing result, named as the function and the inputs.
fn first_difference(got: &[(String, Data)], want: &[(String, Data)], c: &Case) -> Option<String> {
    let (Data::U32(g), Data::U32(w)) = (&got[0].1, &want[0].1) else {
        return Some(format!("{got:?}"));
    };
    let per = FUNCS.len() * 2;
    let (Arg::Buf(_, Data::U32(a)), Arg::Buf(_, Data::U32(b))) = (&c.args[0], &c.args[1]) else {
        unreachable!()
    };
    let i = g.iter().zip(w).position(|(x, y)| x != y)?;
    let (t, k) = (i / per, i % per);
    Some(format!(
        "__v{}{}({:#010x}, {:#010x}) = {:#010x}, want {:#010x}",
        FUNCS[k / 2].name,
        if k.is_multiple_of(2) { 2 } else { 4 },
        a[t],
        b[t],
        g[i],
        w[i]
    ))
}

#[test]
fn simd_functions_match_the_lane_reference() {
    let c = case();
    let src = c.source.unwrap();
    let mut failures = Vec::new();
    for arch in ["sm_75", "sm_80"] {
        let opts = Options {
            arch: arch.into(),
            opt_level: 3,
            ..Options::default()
        };
        let ours = compile_source("simd.cu", src, &opts);
        let Some(ptx) = ours.ptx else {
            panic!("{arch}: {:?}", ours.diagnostics);
        };
        if let Some(e) = common::ptxas_rejects(&ptx, arch, &format!("simd-{arch}")) {
            panic!("ptxas rejects our PTX at {arch}:\n{e}");
        }
        if let Some(d) = first_difference(&c.on_ptx(&ptx, "simd"), &c.expected, &c) {
            failures.push(format!("{arch}, our PTX: {d}"));
        }
    }
    for level in [0, 3] {
        let opts = Options {
            arch: "sm_80".into(),
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("simd.cu", src, &NoFiles, &opts, None)
            .unwrap_or_else(|d| panic!("{d:?}"));
        let symbol = m
            .functions
            .iter()
            .find(|f| f.attrs.kernel)
            .unwrap()
            .name
            .clone();
        let got = c
            .run_with(|l, mem| {
                ptxlab_sim::interp::run_kernel(&m, &symbol, l, mem, &Config::for_options(&opts))
            })
            .unwrap_or_else(|e| panic!("{e}"))
            .0;
        if let Some(d) = first_difference(&got, &c.expected, &c) {
            failures.push(format!("IR -O{level}: {d}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The functions are inlined and written with `prmt` lane masks as NVVM
/// writes them: no call is left, and `__vcmpeq2` spreads its lane top bits
/// with selector 0xbb99.
#[test]
fn simd_functions_are_inlined_bit_tricks() {
    let src = "__global__ void k(unsigned *o, const unsigned *a) { o[0] = __vcmpeq2(a[0], a[1]); o[1] = __vmaxs4(a[0], a[1]); }";
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let ptx = compile_source("k.cu", src, &opts).ptx.expect("compiles");
    assert!(!ptx.contains("call"), "{ptx}");
    assert!(ptx.contains("prmt.b32") && ptx.contains("48025;"), "{ptx}");
}

#[test]
fn nvrtcs_simd_functions_give_the_same_buffers() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let c = case();
    let theirs = nvrtc
        .compile("simd.cu", c.source.unwrap(), "sm_80", &[])
        .unwrap_or_else(|log| panic!("NVRTC:\n{log}"));
    if let Some(d) = first_difference(&c.on_ptx(&theirs, "simd"), &c.expected, &c) {
        panic!("NVRTC's PTX: {d}");
    }
}
