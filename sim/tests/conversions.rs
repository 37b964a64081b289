//! The conversion intrinsics between floats and integers in a rounding mode
//! (`__double2ll_rz`, `__ull2float_ru`, `__double2float_rd`, …): each is one
//! PTX `cvt` spelled as NVRTC's, computes in the interpreter what that
//! instruction does (rounding as named, saturating, NaN as a GPU converts
//! it), and every
//! target's ptxas accepts them.

#[path = "../../core/tests/common/mod.rs"]
mod common;

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{interp::run_kernel, ArgValue, Config, Launch, Memory};

#[derive(Clone, Copy, Debug, PartialEq)]
enum T {
    F32,
    F64,
    I32,
    U32,
    I64,
    U64,
}

impl T {
    fn from_name(s: &str) -> T {
        match s {
            "float" => T::F32,
            "double" => T::F64,
            "int" => T::I32,
            "uint" => T::U32,
            "ll" => T::I64,
            "ull" => T::U64,
            _ => panic!("no type {s}"),
        }
    }

    fn c(self) -> &'static str {
        match self {
            T::F32 => "float",
            T::F64 => "double",
            T::I32 => "int",
            T::U32 => "unsigned int",
            T::I64 => "long long",
            T::U64 => "unsigned long long",
        }
    }

    fn is_float(self) -> bool {
        matches!(self, T::F32 | T::F64)
    }

    /// The integer range, for saturation.
    fn range(self) -> (i128, i128) {
        match self {
            T::I32 => (i32::MIN.into(), i32::MAX.into()),
            T::U32 => (0, u32::MAX.into()),
            T::I64 => (i64::MIN.into(), i64::MAX.into()),
            T::U64 => (0, u64::MAX.into()),
            _ => unreachable!(),
        }
    }
}

/// A value of any of the types: floats as f64 (exact), integers as i128.
#[derive(Clone, Copy, Debug, PartialEq)]
enum V {
    F(f64),
    I(i128),
}

/// Every conversion intrinsic: `__{from}2{to}_{mode}`.
const CONVERSIONS: &[&str] = &[
    "__float2int_rn",
    "__float2int_rz",
    "__float2int_ru",
    "__float2int_rd",
    "__float2uint_rn",
    "__float2uint_rz",
    "__float2uint_ru",
    "__float2uint_rd",
    "__float2ll_rn",
    "__float2ll_rz",
    "__float2ll_ru",
    "__float2ll_rd",
    "__float2ull_rn",
    "__float2ull_rz",
    "__float2ull_ru",
    "__float2ull_rd",
    "__double2int_rn",
    "__double2int_rz",
    "__double2int_ru",
    "__double2int_rd",
    "__double2uint_rn",
    "__double2uint_rz",
    "__double2uint_ru",
    "__double2uint_rd",
    "__double2ll_rn",
    "__double2ll_rz",
    "__double2ll_ru",
    "__double2ll_rd",
    "__double2ull_rn",
    "__double2ull_rz",
    "__double2ull_ru",
    "__double2ull_rd",
    "__double2float_rn",
    "__double2float_rz",
    "__double2float_ru",
    "__double2float_rd",
    "__int2float_rn",
    "__int2float_rz",
    "__int2float_ru",
    "__int2float_rd",
    "__uint2float_rn",
    "__uint2float_rz",
    "__uint2float_ru",
    "__uint2float_rd",
    "__ll2float_rn",
    "__ll2float_rz",
    "__ll2float_ru",
    "__ll2float_rd",
    "__ull2float_rn",
    "__ull2float_rz",
    "__ull2float_ru",
    "__ull2float_rd",
    "__int2double_rn",
    "__uint2double_rn",
    "__ll2double_rn",
    "__ll2double_rz",
    "__ll2double_ru",
    "__ll2double_rd",
    "__ull2double_rn",
    "__ull2double_rz",
    "__ull2double_ru",
    "__ull2double_rd",
];

/// `(from, to, mode)` of a conversion's name.
fn parse(name: &str) -> (T, T, &str) {
    let (conv, mode) = name.trim_start_matches("__").rsplit_once('_').unwrap();
    let (from, to) = conv.split_once('2').unwrap();
    (T::from_name(from), T::from_name(to), mode)
}

/// The PTX instruction NVRTC writes for the conversion (`.ftz` where an
/// f32 operand of a float conversion is flushed under -ftz).
fn ptx_op(from: T, to: T, mode: &str, ftz: bool) -> String {
    let ty = |t: T| match t {
        T::F32 => "f32",
        T::F64 => "f64",
        T::I32 => "s32",
        T::U32 => "u32",
        T::I64 => "s64",
        T::U64 => "u64",
    };
    let m = match mode {
        "rn" => "rn",
        "rz" => "rz",
        "ru" => "rp",
        _ => "rm",
    };
    let i = if from.is_float() && !to.is_float() {
        "i"
    } else {
        ""
    };
    let ftz = if ftz && (from == T::F32 || from == T::F64 && to == T::F32) {
        ".ftz"
    } else {
        ""
    };
    format!("cvt.{m}{i}{ftz}.{}.{}", ty(to), ty(from))
}

fn inputs(t: T) -> Vec<V> {
    match t {
        T::F32 | T::F64 => {
            let mut v = vec![
                0.0,
                -0.0,
                0.5,
                1.5,
                2.5,
                -0.5,
                -1.5,
                -2.5,
                0.7,
                -0.7,
                123.456,
                -123.456,
                1e-30,
                -1e-30,
                1e10,
                -1e10,
                3e9,
                -3e9,
                2147483647.5,
                -2147483648.5,
                4294967295.5,
                9.3e18,
                -9.3e18,
                1.8e19,
                1.9e19,
                1e39,
                -1e39,
                3.4028235677973366e38,
                0.1,
                16777217.0,
                f64::MAX,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::NAN,
            ];
            if t == T::F32 {
                for x in &mut v {
                    *x = f64::from(*x as f32);
                }
            }
            v.into_iter().map(V::F).collect()
        }
        T::I32 => [0, 1, -1, i32::MAX, i32::MIN, 16777217, -16777219, 123456789]
            .map(|x| V::I(x.into()))
            .to_vec(),
        T::U32 => [0, 1, u32::MAX, 16777217, 2147483649, 123456789]
            .map(|x| V::I(x.into()))
            .to_vec(),
        T::I64 => [
            0,
            -1,
            i64::MAX,
            i64::MIN,
            9007199254740993,
            -9007199254740995,
            16777217,
            -16777219,
            (1 << 62) + 1,
        ]
        .map(|x| V::I(x.into()))
        .to_vec(),
        T::U64 => [
            0,
            1,
            u64::MAX,
            9007199254740993,
            (1 << 63) + 1025,
            16777217,
            u64::MAX - 2048,
        ]
        .map(|x| V::I(x.into()))
        .to_vec(),
    }
}

/// `nearest` (the value rounded to nearest even) moved to the float of
/// `to` that `mode` picks, given how it compares with the exact value.
fn directed(to: T, mode: &str, nearest: f64, cmp: std::cmp::Ordering) -> f64 {
    use std::cmp::Ordering::*;
    let up = |x: f64| match to {
        T::F32 => f64::from((x as f32).next_up()),
        _ => x.next_up(),
    };
    let down = |x: f64| match to {
        T::F32 => f64::from((x as f32).next_down()),
        _ => x.next_down(),
    };
    match (mode, cmp) {
        ("ru", Less) => up(nearest),
        ("rd", Greater) => down(nearest),
        ("rz", Greater) if nearest > 0.0 => down(nearest),
        ("rz", Less) if nearest < 0.0 => up(nearest),
        _ => nearest,
    }
}

/// What the `cvt` computes.
fn reference(from: T, to: T, mode: &str, x: V) -> V {
    match (x, to.is_float()) {
        (V::F(v), false) => {
            if v.is_nan() {
                // As an H200 converts NaN: a double's to the destination's
                // sign bit, a float's to 0 below 64 bits (rounding.rs).
                let sign_bit = match to {
                    T::I32 => i128::from(i32::MIN),
                    T::U32 => 1 << 31,
                    T::I64 => i128::from(i64::MIN),
                    _ => 1 << 63,
                };
                let wide = matches!(to, T::I64 | T::U64);
                return V::I(if from == T::F64 || wide { sign_bit } else { 0 });
            }
            let r = match mode {
                "rn" => v.round_ties_even(),
                "rz" => v.trunc(),
                "ru" => v.ceil(),
                _ => v.floor(),
            };
            // integral (or infinite): `as` is exact, saturating at i128's ends
            let (lo, hi) = to.range();
            V::I((r as i128).clamp(lo, hi))
        }
        (V::F(v), true) => {
            // d2f
            if v.is_nan() {
                return V::F(f64::NAN);
            }
            let nearest = f64::from(v as f32);
            V::F(directed(to, mode, nearest, nearest.total_cmp(&v)))
        }
        (V::I(i), true) => {
            let nearest = match to {
                T::F32 => f64::from(i as f32),
                _ => i as f64,
            };
            V::F(directed(to, mode, nearest, (nearest as i128).cmp(&i)))
        }
        (V::I(_), false) => unreachable!("{from:?} to {to:?}"),
    }
}

fn upload(mem: &mut Memory, t: T, xs: &[V]) -> ptxlab_sim::BufferId {
    let f = |v: &V| match v {
        V::F(f) => *f,
        V::I(_) => unreachable!(),
    };
    let i = |v: &V| match v {
        V::I(i) => *i,
        V::F(_) => unreachable!(),
    };
    match t {
        T::F32 => mem.upload(&xs.iter().map(|v| f(v) as f32).collect::<Vec<_>>()),
        T::F64 => mem.upload(&xs.iter().map(f).collect::<Vec<_>>()),
        T::I32 => mem.upload(&xs.iter().map(|v| i(v) as i32).collect::<Vec<_>>()),
        T::U32 => mem.upload(&xs.iter().map(|v| i(v) as u32).collect::<Vec<_>>()),
        T::I64 => mem.upload(&xs.iter().map(|v| i(v) as i64).collect::<Vec<_>>()),
        T::U64 => mem.upload(&xs.iter().map(|v| i(v) as u64).collect::<Vec<_>>()),
    }
}

fn download(mem: &Memory, t: T, id: ptxlab_sim::BufferId) -> Vec<V> {
    match t {
        T::F32 => mem
            .download::<f32>(id)
            .into_iter()
            .map(|x| V::F(x.into()))
            .collect(),
        T::F64 => mem.download::<f64>(id).into_iter().map(V::F).collect(),
        T::I32 => mem
            .download::<i32>(id)
            .into_iter()
            .map(|x| V::I(x.into()))
            .collect(),
        T::U32 => mem
            .download::<u32>(id)
            .into_iter()
            .map(|x| V::I(x.into()))
            .collect(),
        T::I64 => mem
            .download::<i64>(id)
            .into_iter()
            .map(|x| V::I(x.into()))
            .collect(),
        T::U64 => mem
            .download::<u64>(id)
            .into_iter()
            .map(|x| V::I(x.into()))
            .collect(),
    }
}

fn same(a: V, b: V) -> bool {
    match (a, b) {
        (V::F(x), V::F(y)) => {
            (x.is_nan() && y.is_nan()) || (x == y && x.is_sign_negative() == y.is_sign_negative())
        }
        _ => a == b,
    }
}

/// Each conversion, run in the interpreter on rounding ties, the integer
/// limits, values beyond them, NaN and the infinities, gives what its `cvt`
/// gives.
#[test]
fn conversions_round_and_saturate_as_named() {
    let opts = Options::default();
    let mut failures = Vec::new();
    for name in CONVERSIONS {
        let (from, to, mode) = parse(name);
        let src = format!(
            "__global__ void k(const {} *a, {} *r, int n) {{ int i = threadIdx.x; if (i < n) r[i] = {name}(a[i]); }}",
            from.c(),
            to.c()
        );
        let m = compile_to_ir("k.cu", &src, &NoFiles, &opts, None)
            .unwrap_or_else(|d| panic!("{name}: {d:?}"));
        let xs = inputs(from);
        let mut mem = Memory::new();
        let a = upload(&mut mem, from, &xs);
        let zeros: Vec<V> = xs
            .iter()
            .map(|_| if to.is_float() { V::F(0.0) } else { V::I(0) })
            .collect();
        let r = upload(&mut mem, to, &zeros);
        let n = xs.len() as u32;
        let launch = Launch::new(
            [1, 1, 1],
            [n, 1, 1],
            vec![
                ArgValue::Buffer(a),
                ArgValue::Buffer(r),
                ArgValue::I32(n as i32),
            ],
        );
        let k = m.functions.iter().find(|f| f.attrs.kernel).unwrap();
        run_kernel(&m, &k.name, &launch, &mut mem, &Config::for_options(&opts))
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        for (x, got) in xs.iter().zip(download(&mem, to, r)) {
            let want = reference(from, to, mode, *x);
            if !same(got, want) {
                failures.push(format!("{name}({x:?}) = {got:?}, want {want:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// One kernel calling every conversion: each is its `cvt` (as NVRTC spells
/// it; `.ftz` on the f32 side under -ftz), and ptxas accepts the module for
/// every target.
#[test]
fn conversions_are_one_cvt_that_ptxas_accepts() {
    let body: String = CONVERSIONS
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let (from, to, _) = parse(name);
            format!(
                "  (({} *)out)[{k}] = {name}((({} *)in)[{k}]);\n",
                to.c(),
                from.c()
            )
        })
        .collect();
    let src = format!("__global__ void k(const char *in, char *out) {{\n{body}}}\n");
    for ftz in [false, true] {
        let opts = Options {
            arch: "sm_80".into(),
            ftz,
            ..Options::default()
        };
        let ptx = compile_source("k.cu", &src, &opts).ptx.expect("compiles");
        for name in CONVERSIONS {
            let (from, to, mode) = parse(name);
            let op = ptx_op(from, to, mode, ftz);
            assert!(ptx.contains(&format!("\t{op} ")), "{name}: no {op}\n{ptx}");
        }
    }
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let dir = common::scratch("conversions");
    for arch in common::TARGETS {
        let opts = Options {
            arch: arch.to_string(),
            ..Options::default()
        };
        let ptx = compile_source("k.cu", &src, &opts).ptx.expect("compiles");
        let file = dir.join(format!("k-{arch}.ptx"));
        std::fs::write(&file, ptx).unwrap();
        let out = std::process::Command::new(&ptxas)
            .arg(format!("-arch={arch}"))
            .arg(&file)
            .arg("-o")
            .arg(dir.join("k.cubin"))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{arch}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
