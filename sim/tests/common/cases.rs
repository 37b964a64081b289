//! The corpus cases shared by the oracles that run kernels: each corpus
//! kernel's inputs (a launch, its arguments) and the expected buffers,
//! computed here in plain Rust. `tests/interp.rs` runs them in the IR
//! interpreter, `tests/ptx_emu.rs` runs our PTX and NVRTC's in the PTX
//! emulator. (Included with `#[path]` by the test files that use it, after
//! their `mod common;`.)
#![allow(dead_code)]

use super::common;
use ptxlab_core::Options;
use ptxlab_sim::{ArgValue, BufferId, InterpError, Launch, Memory, Stats};

// ---------------------------------------------------------------------------
// Helpers

pub fn corpus_source(file: &str) -> String {
    std::fs::read_to_string(common::corpus_dir().join(file)).unwrap()
}

/// Deterministic inputs (a 64-bit LCG).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 11
    }
    /// Uniform in [lo, hi), exact in f32 (24 random bits).
    pub fn f32(&mut self, lo: f32, hi: f32) -> f32 {
        lo + (hi - lo) * ((self.next() >> 29) as f32 / (1u32 << 24) as f32)
    }
    pub fn f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * (self.next() as f64 / (1u64 << 53) as f64)
    }
    pub fn int(&mut self, lo: i64, hi: i64) -> i64 {
        lo + (self.next() % (hi - lo) as u64) as i64
    }
}

/// A buffer's contents, compared bit for bit (NaN and -0.0 included), or
/// for the results of approximate instructions within a tolerance.
#[derive(Clone, Debug)]
pub enum Data {
    F32(Vec<f32>),
    F64(Vec<f64>),
    /// Expected values, each with the absolute error allowed.
    F32Near(Vec<f32>, Vec<f32>),
    F64Near(Vec<f64>, Vec<f64>),
    I8(Vec<i8>),
    I16(Vec<i16>),
    I32(Vec<i32>),
    U32(Vec<u32>),
    I64(Vec<i64>),
}

impl Data {
    pub fn upload(&self, m: &mut Memory) -> BufferId {
        match self {
            Data::F32(v) | Data::F32Near(v, _) => m.upload(v),
            Data::F64(v) | Data::F64Near(v, _) => m.upload(v),
            Data::I8(v) => m.upload(v),
            Data::I16(v) => m.upload(v),
            Data::I32(v) => m.upload(v),
            Data::U32(v) => m.upload(v),
            Data::I64(v) => m.upload(v),
        }
    }

    /// The same kind of data, read from a buffer.
    pub fn download(&self, m: &Memory, id: BufferId) -> Data {
        match self {
            Data::F32(_) | Data::F32Near(..) => Data::F32(m.download(id)),
            Data::F64(_) | Data::F64Near(..) => Data::F64(m.download(id)),
            Data::I8(_) => Data::I8(m.download(id)),
            Data::I16(_) => Data::I16(m.download(id)),
            Data::I32(_) => Data::I32(m.download(id)),
            Data::U32(_) => Data::U32(m.download(id)),
            Data::I64(_) => Data::I64(m.download(id)),
        }
    }

    /// Each element as text and its bits.
    pub fn elems(&self) -> Vec<(String, u64)> {
        match self {
            Data::F32(v) | Data::F32Near(v, _) => v
                .iter()
                .map(|x| (format!("{x:?}"), u64::from(x.to_bits())))
                .collect(),
            Data::F64(v) | Data::F64Near(v, _) => {
                v.iter().map(|x| (format!("{x:?}"), x.to_bits())).collect()
            }
            Data::I8(v) => v.iter().map(|x| (x.to_string(), *x as u64)).collect(),
            Data::I16(v) => v.iter().map(|x| (x.to_string(), *x as u64)).collect(),
            Data::I32(v) => v.iter().map(|x| (x.to_string(), *x as u64)).collect(),
            Data::U32(v) => v.iter().map(|x| (x.to_string(), u64::from(*x))).collect(),
            Data::I64(v) => v.iter().map(|x| (x.to_string(), *x as u64)).collect(),
        }
    }

    /// The element type as NumPy spells it (the GPU bundle's manifest).
    pub fn dtype(&self) -> &'static str {
        match self {
            Data::F32(_) | Data::F32Near(..) => "float32",
            Data::F64(_) | Data::F64Near(..) => "float64",
            Data::I8(_) => "int8",
            Data::I16(_) => "int16",
            Data::I32(_) => "int32",
            Data::U32(_) => "uint32",
            Data::I64(_) => "int64",
        }
    }

    /// The elements as the GPU holds them (little-endian bytes).
    pub fn le_bytes(&self) -> Vec<u8> {
        let width = match self.dtype() {
            "int8" => 1,
            "int16" => 2,
            "float64" | "int64" => 8,
            _ => 4,
        };
        self.elems()
            .iter()
            .flat_map(|(_, bits)| bits.to_le_bytes()[..width].to_vec())
            .collect()
    }

    /// The absolute error allowed per element, for data compared within a tolerance.
    pub fn tolerance(&self) -> Option<Vec<f64>> {
        match self {
            Data::F32Near(_, t) => Some(t.iter().map(|&x| f64::from(x)).collect()),
            Data::F64Near(_, t) => Some(t.clone()),
            _ => None,
        }
    }

    /// Whether element `i` of a result, `got` (its bits), is what this
    /// expected data wants: the same bits, or within the tolerance.
    pub fn accepts(&self, i: usize, got: u64, want: u64) -> bool {
        match self {
            // The same bits (an infinity too) or within the tolerance.
            Data::F32Near(v, tol) => {
                got == want
                    || (f64::from(f32::from_bits(got as u32)) - f64::from(v[i])).abs()
                        <= f64::from(tol[i])
            }
            Data::F64Near(v, tol) => got == want || (f64::from_bits(got) - v[i]).abs() <= tol[i],
            _ => got == want,
        }
    }
}

/// The first difference between two sets of named buffers, described.
pub fn difference(got: &[(String, Data)], want: &[(String, Data)]) -> Option<String> {
    for ((name, g), (_, want)) in got.iter().zip(want) {
        let (g, w) = (g.elems(), want.elems());
        if g.len() != w.len() {
            return Some(format!(
                "{name}: {} elements, expected {}",
                g.len(),
                w.len()
            ));
        }
        let bad: Vec<usize> = (0..g.len())
            .filter(|&i| !want.accepts(i, g[i].1, w[i].1))
            .collect();
        if let Some(&i) = bad.first() {
            return Some(format!(
                "{name}[{i}] = {}, expected {} ({} of {} elements differ)",
                g[i].0,
                w[i].0,
                bad.len(),
                g.len()
            ));
        }
    }
    None
}

/// One argument of a corpus launch.
pub enum Arg {
    Scalar(ArgValue),
    /// A buffer with its initial contents; its final contents are compared.
    Buf(&'static str, Data),
}

/// A corpus kernel on concrete inputs with the expected buffers.
pub struct Case {
    pub file: &'static str,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub args: Vec<Arg>,
    pub expected: Vec<(String, Data)>,
    /// Module variables (`__device__`) expected after the launch.
    pub symbols: Vec<(String, Data)>,
    pub dynamic_shared: u32,
    /// Compile options besides the optimization level.
    pub base: Options,
    /// The source, when it is not the corpus file's.
    pub source: Option<&'static str>,
    /// The kernel to launch (its symbol), when the file has several.
    pub kernel: Option<&'static str>,
    /// What device printf writes.
    pub output: String,
    /// The target the reference assumes (its `__CUDA_ARCH__`), when it
    /// depends on one; the PTX oracles compile the others for sm_80.
    pub arch: Option<&'static str>,
    /// Whether the launch is cooperative (`grid.sync()`).
    pub cooperative: bool,
}

impl Case {
    pub fn new(file: &'static str, grid: [u32; 3], block: [u32; 3], args: Vec<Arg>) -> Case {
        Case {
            file,
            grid,
            block,
            args,
            expected: Vec::new(),
            symbols: Vec::new(),
            dynamic_shared: 0,
            base: Options::default(),
            source: None,
            kernel: None,
            output: String::new(),
            arch: None,
            cooperative: false,
        }
    }

    /// The configuration of a run of this case compiled with `opts`.
    pub fn config(&self, opts: &Options) -> ptxlab_sim::Config {
        ptxlab_sim::Config {
            cooperative: self.cooperative,
            ..ptxlab_sim::Config::for_options(opts)
        }
    }

    /// A reference that holds for `arch` only (sm_75: the default target).
    pub fn on_arch(mut self, arch: &'static str) -> Case {
        self.arch = Some(arch);
        self.base.arch = arch.to_string();
        self
    }

    pub fn kernel(mut self, symbol: &'static str) -> Case {
        self.kernel = Some(symbol);
        self
    }

    pub fn expect_output(mut self, text: String) -> Case {
        self.output = text;
        self
    }

    pub fn expect_symbol(mut self, name: &str, data: Data) -> Case {
        self.symbols.push((name.to_string(), data));
        self
    }

    pub fn expect(mut self, name: &str, data: Data) -> Case {
        self.expected.push((name.to_string(), data));
        self
    }

    /// The expected buffers, then the expected module variables.
    pub fn all_expected(&self) -> Vec<(String, Data)> {
        let symbols = self
            .symbols
            .iter()
            .map(|(n, d)| (format!("@{n}"), d.clone()));
        self.expected.iter().cloned().chain(symbols).collect()
    }

    pub fn options(&self, level: u8) -> Options {
        Options {
            opt_level: level,
            ..self.base.clone()
        }
    }

    /// The case's source: the corpus file's, unless it has its own.
    pub fn source_text(&self) -> String {
        self.source
            .map_or_else(|| corpus_source(self.file), str::to_string)
    }

    /// The buffers after the kernel whose symbol contains `kernel` runs on
    /// the inputs in the PTX emulator from this PTX text (ours or NVRTC's).
    pub fn on_ptx(&self, ptx: &str, kernel: &str) -> Vec<(String, Data)> {
        use ptxlab_sim::emu::{run_kernel, PtxModule};
        let m = PtxModule::parse(ptx).unwrap_or_else(|e| panic!("{kernel}: {e}"));
        let symbol = m
            .kernels()
            .into_iter()
            .find(|k| k.contains(kernel))
            .unwrap_or_else(|| panic!("no kernel {kernel}"))
            .to_string();
        let arch = ptxlab_sim::emu::ptx_target(ptx).unwrap_or("sm_80");
        let config = self.config(&Options {
            arch: arch.to_string(),
            ..Options::default()
        });
        self.run_with(|l, mem| run_kernel(&m, &symbol, l, mem, &config))
            .unwrap_or_else(|e| panic!("{kernel}: {e}"))
            .0
    }

    /// Uploads the inputs, runs `launch` (the interpreter, the PTX emulator)
    /// on them and reads back the buffers, in `expected`'s order, then the
    /// expected module variables.
    pub fn run_with(
        &self,
        launch: impl FnOnce(&Launch, &mut Memory) -> Result<Stats, InterpError>,
    ) -> Result<(Vec<(String, Data)>, Stats), InterpError> {
        let mut mem = Memory::new();
        let mut args = Vec::new();
        let mut bufs = Vec::new();
        for a in &self.args {
            match a {
                Arg::Scalar(v) => args.push(*v),
                Arg::Buf(name, d) => {
                    let id = d.upload(&mut mem);
                    bufs.push((*name, d, id));
                    args.push(ArgValue::Buffer(id));
                }
            }
        }
        let l = Launch {
            dynamic_shared: self.dynamic_shared,
            ..Launch::new(self.grid, self.block, args)
        };
        let stats = launch(&l, &mut mem)?;
        let mut out: Vec<(String, Data)> = self
            .expected
            .iter()
            .map(|(name, _)| {
                let (_, d, id) = bufs
                    .iter()
                    .find(|(n, _, _)| n == name)
                    .expect("an expected buffer is an argument");
                (name.clone(), d.download(&mem, *id))
            })
            .collect();
        for (name, d) in &self.symbols {
            let id = mem
                .symbol(name)
                .unwrap_or_else(|| panic!("no module variable {name}"));
            out.push((format!("@{name}"), d.download(&mem, id)));
        }
        Ok((out, stats))
    }
}

// ---------------------------------------------------------------------------
// The corpus, each kernel with inputs and a reference computed here

pub fn cxx_overloads() -> Case {
    // Small integers as floats: every product and sum is exact, so
    // contraction into fma cannot change a result.
    let mut r = Rng(43);
    let n = 150usize;
    let input: Vec<f32> = (0..n).map(|_| r.int(-50, 50) as f32).collect();
    let iout_in: Vec<i32> = (0..n).map(|_| r.int(-9, 9) as i32).collect();
    let mut out = vec![0.0f32; n];
    let mut iout = vec![0i32; n];
    for i in 0..n {
        let mut acc = 0.0f32;
        for k in 0..8 {
            acc += input[(i + k) % n] * (0.5 * k as f32);
        }
        out[i] = acc * 2.0 + acc * 0.5 + 0.5;
        let x = i as i32;
        // scale(int), combine(int, int), combine(unsigned, unsigned),
        // combine(int, nullptr), pick(int) twice and pick(float).
        iout[i] = x * 3 + (x * 10 + 7) + 5 - x + 103 + 201 + 102;
    }
    Case::new(
        "cxx_overloads.cu",
        [2, 1, 1],
        [96, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; n])),
            Arg::Buf("iout", Data::I32(iout_in)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("iout", Data::I32(iout))
}

pub fn cxx_structs() -> Case {
    // Small integers as floats: every result is exact.
    let mut r = Rng(47);
    let n = 100usize;
    let input: Vec<f32> = (0..2 * n).map(|_| r.int(-20, 20) as f32).collect();
    let mut out = vec![0.0f32; 4 * n];
    let mut counts = vec![0i32; n];
    for i in 0..n {
        let (x0, x1) = (input[2 * i], input[2 * i + 1]);
        let c = (x0 + 1.0, x1 + 1.0);
        let d = (x0 + 1.0, x1 - 2.0);
        let f = (-(2.0 * d.0), -(2.0 * d.1) + 0.5);
        out[4 * i] = (x0 - 2.0 * x1) + (c.0.abs() + c.1.abs());
        out[4 * i + 1] = (f.0 + f.1) + 1.0;
        out[4 * i + 2] = (x0 - 1.0) * 2.0 + 4.0;
        out[4 * i + 3] = 1.0 + if c == (x0, x1) { 1.0 } else { 0.0 };
        let hits = (0..6).filter(|k| input[(i + k) % (2 * n)] > 0.0).count() as i32;
        counts[i] = 600 + hits + 32 + 2;
    }
    Case::new(
        "cxx_structs.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; 4 * n])),
            Arg::Buf("counts", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("counts", Data::I32(counts))
}

pub fn cxx_bitfields() -> Case {
    let mut r = Rng(53);
    let n = 120usize;
    let input: Vec<i32> = (0..n).map(|_| r.int(-100, 100) as i32).collect();
    let sext = |v: i64, bits: u32| (v << (64 - bits)) >> (64 - bits);
    let (mut out, mut ps) = (vec![0i32; 8 * n], vec![0i32; 4 * n]);
    for (i, &v) in input.iter().enumerate() {
        let lo = (v as u32) & 15;
        let mid = (7u32.wrapping_add((v * 3) as u32)) & 0xfff;
        let sgn = sext(i64::from(v - 40) & 0x7f, 7) as i32;
        let flag = (v & 1) as u32;
        let big = sext(i64::from(v) * -1_000_000_000, 40);
        out[8 * i..8 * i + 8].copy_from_slice(&[
            lo as i32,
            mid as i32,
            sgn,
            flag as i32,
            0,
            (big / 1000) as i32,
            -21 + 9 + 1000 + 300 + 1,
            16 * 100 - 5000 + i32::from(b'x'),
        ]);
        let w0 = lo | mid << 4 | ((sgn as u32) & 0x7f) << 16 | flag << 23;
        let w3 = ((big >> 32) as u32 & 0xff) | u32::from(b'a') << 8;
        ps[4 * i..4 * i + 4].copy_from_slice(&[w0 as i32, 0, big as i32, w3 as i32]);
    }
    Case::new(
        "cxx_bitfields.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(input)),
            Arg::Buf("out", Data::I32(vec![0; 8 * n])),
            Arg::Buf("ps", Data::I32(vec![0; 4 * n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::I32(out))
    .expect("ps", Data::I32(ps))
}

pub fn reflect() -> Case {
    let out: Vec<f32> = (0..32).map(|i| i as f32 - 10.0).collect();
    // Without -ftz the non-FTZ branch (x * 3); sm_75 is __CUDA_ARCH 750.
    let want: Vec<f32> = out.iter().map(|x| x * 3.0).collect();
    Case::new(
        "reflect.cu",
        [1, 1, 1],
        [32, 1, 1],
        vec![
            Arg::Buf("out", Data::F32(out)),
            Arg::Buf("arch", Data::I32(vec![0])),
        ],
    )
    .expect("out", Data::F32(want))
    .expect("arch", Data::I32(vec![750]))
    .on_arch("sm_75")
}

pub fn saxpy() -> Case {
    let mut r = Rng(1);
    let n = 1000;
    let a = 2.5f32;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-2.0, 2.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f32(-2.0, 2.0)).collect();
    let want: Vec<f32> = x.iter().zip(&y).map(|(x, y)| a * x + y).collect();
    Case::new(
        "saxpy.cu",
        [4, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Scalar(ArgValue::I32(n)),
            Arg::Scalar(ArgValue::F32(a)),
            Arg::Buf("x", Data::F32(x)),
            Arg::Buf("y", Data::F32(y)),
        ],
    )
    .expect("y", Data::F32(want))
}

pub fn vector_add() -> Case {
    let mut r = Rng(2);
    let n = 1000;
    let a: Vec<f32> = (0..n).map(|_| r.f32(-100.0, 100.0)).collect();
    let b: Vec<f32> = (0..n).map(|_| r.f32(-100.0, 100.0)).collect();
    let want: Vec<f32> = a.iter().zip(&b).map(|(a, b)| a + b).collect();
    Case::new(
        "vector_add.cu",
        [4, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Buf("a", Data::F32(a)),
            Arg::Buf("b", Data::F32(b)),
            Arg::Buf("c", Data::F32(vec![0.0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("c", Data::F32(want))
}

pub fn grid_stride() -> Case {
    let mut r = Rng(3);
    let n = 3000;
    let factor = 1.0 / 3.0;
    let data: Vec<f64> = (0..n).map(|_| r.f64(-1e6, 1e6)).collect();
    let want: Vec<f64> = data.iter().map(|d| d * factor).collect();
    Case::new(
        "grid_stride.cu",
        [2, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("data", Data::F64(data)),
            Arg::Scalar(ArgValue::I32(n)),
            Arg::Scalar(ArgValue::F64(factor)),
        ],
    )
    .expect("data", Data::F64(want))
}

pub fn loops() -> Case {
    // 32 threads write out[0..32]; the loop reads out[40..200] only, so no
    // thread reads what another writes.
    let mut r = Rng(4);
    let out: Vec<f32> = (0..200).map(|_| r.f32(-1.0, 1.0)).collect();
    let mut idx: Vec<i32> = (0..20)
        .map(|k| {
            if k % 4 == 1 {
                -1
            } else {
                r.int(40, 200) as i32
            }
        })
        .collect();
    idx[15] = 5000; // break
    let n = idx.len() as i32;
    let mut want = out.clone();
    for t in 0..32u32 {
        let mut s = 0.0f32;
        for &j in &idx {
            if j < 0 {
                continue;
            }
            if j > 1000 {
                break;
            }
            s += out[j as usize] * 2.0;
        }
        let mut u = t;
        while u < 100 {
            u = u.wrapping_mul(3).wrapping_add(1);
        }
        let mut k = 0i32;
        loop {
            k += 2;
            if k >= u as i32 {
                break;
            }
        }
        want[t as usize] = s + u as f32 + k as f32;
    }
    Case::new(
        "loops.cu",
        [1, 1, 1],
        [32, 1, 1],
        vec![
            Arg::Scalar(ArgValue::I32(n)),
            Arg::Buf("out", Data::F32(out)),
            Arg::Buf("idx", Data::I32(idx)),
        ],
    )
    .expect("out", Data::F32(want))
}

pub fn math_intrinsics() -> Case {
    let mut r = Rng(33);
    let n = 60usize;
    let a: Vec<f32> = (0..n * 2).map(|_| r.f32(-50.0, 50.0)).collect();
    let b: Vec<f64> = (0..n * 2).map(|_| r.f64(-50.0, 50.0)).collect();
    let c: Vec<i32> = (0..n * 2)
        .map(|_| r.int(-1 << 30, 1 << 30) as i32)
        .collect();
    let (mut f, mut d, mut ints) = (Vec::new(), Vec::new(), Vec::new());
    for t in 0..n {
        let (x, y) = (a[2 * t], a[2 * t + 1]);
        let (p, q) = (b[2 * t], b[2 * t + 1]);
        let (j, k) = (c[2 * t], c[2 * t + 1]);
        f.extend([
            x.abs().sqrt(),
            x.min(y),
            x.max(y),
            x.floor(),
            x.ceil(),
            x.trunc(),
            x.round_ties_even(),
            x.mul_add(y, 1.0),
            x.copysign(y),
            y.abs().sqrt() + x.mul_add(x, y),
            j as f32,
            -x,
        ]);
        d.extend([
            p.abs().sqrt(),
            p.min(q),
            p.max(q),
            p.floor(),
            p.ceil(),
            p.trunc(),
            p.round_ties_even(),
            p.mul_add(q, 0.5),
            p.copysign(q) + f64::from(x.floor()),
        ]);
        ints.extend([
            j.min(k),
            j.max(k),
            j.abs(),
            (j as u32).min(k as u32) as i32,
            (j as u32).max(k as u32) as i32,
            x.to_bits() as i32,
        ]);
    }
    Case::new(
        "math_intrinsics.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("f", Data::F32(vec![0.0; n * 12])),
            Arg::Buf("d", Data::F64(vec![0.0; n * 9])),
            Arg::Buf("ints", Data::I32(vec![0; n * 6])),
            Arg::Buf("a", Data::F32(a)),
            Arg::Buf("b", Data::F64(b)),
            Arg::Buf("c", Data::I32(c)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("f", Data::F32(f))
    .expect("d", Data::F64(d))
    .expect("ints", Data::I32(ints))
}

pub fn matrix2d() -> Case {
    let mut r = Rng(5);
    let (m, n, k) = (37usize, 45usize, 29usize);
    let a: Vec<f32> = (0..m * k).map(|_| r.f32(-1.0, 1.0)).collect();
    let b: Vec<f32> = (0..k * n).map(|_| r.f32(-1.0, 1.0)).collect();
    let mut c = vec![0.0f32; m * n];
    for row in 0..m {
        for col in 0..n {
            let mut acc = 0.0f32;
            for i in 0..k {
                acc += a[row * k + i] * b[i * n + col];
            }
            c[row * n + col] = acc;
        }
    }
    Case::new(
        "matrix2d.cu",
        [3, 3, 1],
        [16, 16, 1],
        vec![
            Arg::Buf("A", Data::F32(a)),
            Arg::Buf("B", Data::F32(b)),
            Arg::Buf("C", Data::F32(vec![0.0; m * n])),
            Arg::Scalar(ArgValue::I32(m as i32)),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Scalar(ArgValue::I32(k as i32)),
        ],
    )
    .expect("C", Data::F32(c))
}

pub fn integer_ops() -> Case {
    let mut r = Rng(6);
    let mut input: Vec<i32> = (0..64)
        .map(|_| r.int(-1_000_000, 1_000_000) as i32)
        .collect();
    input[..6].copy_from_slice(&[0, 1, -1, 7, -35, 268_435_455]);
    let mask = 0x0f0f_f0f0u32;
    let big = 123_456_789i64;
    let want: Vec<i32> = input
        .iter()
        .map(|&a| {
            let b = a as u32;
            let mut r = (a << 3) ^ (a >> 2);
            r |= ((b >> 5) as i32) & mask as i32;
            r = r.wrapping_add(a / 7 - a % 5);
            r = r.wrapping_sub(((b / 3) as i32).wrapping_add((b % 9) as i32));
            r = (!r).wrapping_add(a.wrapping_neg());
            let w = i64::from(r).wrapping_mul(big);
            ((w >> 17) as i32).wrapping_add(if r > 0 { 1 } else { -1 })
        })
        .collect();
    Case::new(
        "integer_ops.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("out", Data::I32(vec![0; 64])),
            Arg::Buf("in", Data::I32(input)),
            Arg::Scalar(ArgValue::I32(mask as i32)),
            Arg::Scalar(ArgValue::I64(big)),
        ],
    )
    .expect("out", Data::I32(want))
}

pub fn logic() -> Case {
    let mut r = Rng(7);
    let (lo, hi) = (-50, 150);
    let x: Vec<i32> = (0..96).map(|_| r.int(-200, 300) as i32).collect();
    let want: Vec<i32> = x
        .iter()
        .map(|&v| {
            let in_range = v >= lo && v <= hi;
            let odd = v & 1 != 0;
            if !in_range || (odd && v > 100) {
                if in_range {
                    1
                } else {
                    2
                }
            } else if odd {
                v * 3
            } else {
                v / 2
            }
        })
        .collect();
    Case::new(
        "logic.cu",
        [1, 1, 1],
        [96, 1, 1],
        vec![
            Arg::Buf("x", Data::I32(x)),
            Arg::Buf("y", Data::I32(vec![0; 96])),
            Arg::Scalar(ArgValue::I32(lo)),
            Arg::Scalar(ArgValue::I32(hi)),
        ],
    )
    .expect("y", Data::I32(want))
}

pub fn conversions() -> Case {
    let mut r = Rng(8);
    let mut d: Vec<f64> = (0..32).map(|_| r.f64(-1000.0, 1000.0)).collect();
    // Out of range (cvt.rzi saturates), NaN, halves and small values.
    d[..10].copy_from_slice(&[
        3.7,
        -2.5,
        1e10,
        -1e10,
        300.9,
        -129.5,
        0.49,
        f64::NAN,
        4e9,
        1e-300,
    ]);
    let n = d.len();
    let (mut f, mut i, mut u, mut s, mut c) = (
        vec![0.0f32; 2 * n],
        vec![0i32; n],
        vec![0u32; n],
        vec![0i16; n],
        vec![0i8; n],
    );
    // A NaN converts as a GPU converts a double's NaN: to the sign bit
    // (`rounding::float_to_int`; Rust's `as` gives 0).
    let nan_or = |x: f64, v: u32| if x.is_nan() { 0x8000_0000 } else { v };
    for t in 0..n {
        let x = d[t];
        f[t] = x as f32;
        i[t] = nan_or(x, x as i32 as u32) as i32;
        u[t] = nan_or(x, (x * 2.0) as u32);
        s[t] = i[t] as i16;
        c[t] = (i32::from(s[t]) + 1) as i8;
        f[n + t] = f32::from(c[t]) + u[t] as f32 + 0.5;
    }
    Case::new(
        "conversions.cu",
        [1, 1, 1],
        [n as u32, 1, 1],
        vec![
            Arg::Buf("d", Data::F64(d)),
            Arg::Buf("f", Data::F32(vec![0.0; 2 * n])),
            Arg::Buf("i", Data::I32(vec![0; n])),
            Arg::Buf("u", Data::U32(vec![0; n])),
            Arg::Buf("s", Data::I16(vec![0; n])),
            Arg::Buf("c", Data::I8(vec![0; n])),
        ],
    )
    .expect("f", Data::F32(f))
    .expect("i", Data::I32(i))
    .expect("u", Data::U32(u))
    .expect("s", Data::I16(s))
    .expect("c", Data::I8(c))
}

pub fn local_array() -> Case {
    let mut r = Rng(9);
    let sel: Vec<i32> = (0..48).map(|_| r.int(-1000, 1000) as i32).collect();
    let want: Vec<i32> = sel
        .iter()
        .enumerate()
        .map(|(t, s)| (s & 7) * t as i32)
        .collect();
    Case::new(
        "local_array.cu",
        [1, 1, 1],
        [48, 1, 1],
        vec![
            Arg::Buf("out", Data::I32(vec![0; 48])),
            Arg::Buf("sel", Data::I32(sel)),
        ],
    )
    .expect("out", Data::I32(want))
}

/// float_math's reference, with or without flushing f32 denormals.
pub fn float_math_ref(a: &[f32], b: &[f32], c: f32, ftz: bool) -> Vec<f32> {
    let fl = |x: f32| {
        if ftz && x.is_subnormal() {
            0.0f32.copysign(x)
        } else {
            x
        }
    };
    a.iter()
        .zip(b)
        .map(|(&x, &y)| {
            let (x, y, c) = (fl(x), fl(y), fl(c));
            let m = fl(fl(x * y) + c);
            let d = fl(x / fl(y + 1.0));
            let n = fl(-m);
            let sel = if x > y { x } else { y };
            fl(fl(m - fl(d * n)) + sel)
        })
        .collect()
}

pub fn float_math() -> Case {
    let mut r = Rng(10);
    let a: Vec<f32> = (0..128).map(|_| r.f32(-2.0, 2.0)).collect();
    let b: Vec<f32> = (0..128).map(|_| r.f32(-2.0, 2.0)).collect();
    let c = 0.75f32;
    let want = float_math_ref(&a, &b, c, false);
    Case::new(
        "float_math.cu",
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("out", Data::F32(vec![0.0; 128])),
            Arg::Buf("a", Data::F32(a)),
            Arg::Buf("b", Data::F32(b)),
            Arg::Scalar(ArgValue::F32(c)),
        ],
    )
    .expect("out", Data::F32(want))
}

pub fn pointers() -> Case {
    let mut r = Rng(11);
    let n = 200usize;
    let base: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
    let threads = 32;
    let mut want = base.clone();
    let mut diff = vec![0i64; threads];
    for t in 0..threads {
        let mut v = 0.0f32;
        let mut p = t;
        while p < n {
            v += base[p];
            p += threads;
        }
        want[t] = v;
        diff[t] = (n - t) as i64;
    }
    Case::new(
        "pointers.cu",
        [1, 1, 1],
        [threads as u32, 1, 1],
        vec![
            Arg::Buf("base", Data::F32(base)),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Buf("diff", Data::I64(vec![0; threads])),
        ],
    )
    .expect("base", Data::F32(want))
    .expect("diff", Data::I64(diff))
}

pub fn barrier() -> Case {
    let mut r = Rng(12);
    let n = 50;
    let data: Vec<f32> = (0..64).map(|_| r.f32(-10.0, 10.0)).collect();
    let want: Vec<f32> = data
        .iter()
        .enumerate()
        .map(|(i, &d)| match i {
            i if i + 1 < n => d * 2.0 + 1.0,
            i if i < n => d * 2.0,
            _ => d,
        })
        .collect();
    Case::new(
        "barrier.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("data", Data::F32(data)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("data", Data::F32(want))
}

pub fn macros() -> Case {
    let n = 700u32;
    let sentinel = 0xdead_beefu32;
    // sm_75: __CUDA_ARCH__ is 750, so SCALE is 1.
    let want: Vec<u32> = (0..768u32)
        .map(|i| if i < n { i.wrapping_mul(i) } else { sentinel })
        .collect();
    Case::new(
        "macros.cu",
        [3, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Buf("out", Data::U32(vec![sentinel; 768])),
            Arg::Scalar(ArgValue::I64(i64::from(n))),
        ],
    )
    .expect("out", Data::U32(want))
    .on_arch("sm_75")
}

pub fn constant_memory() -> Case {
    let mut r = Rng(13);
    let n = 300usize;
    let input: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
    let taps = [0.1f32, 0.2, 0.4, 0.2, 0.1];
    let scale = 3;
    let mut out = vec![0.0f32; n];
    for i in 2..n - 2 {
        let mut acc = 0.0f32;
        for (k, t) in taps.iter().enumerate() {
            acc += t * input[i + k - 2];
        }
        out[i] = acc * scale as f32;
    }
    Case::new(
        "constant_memory.cu",
        [2, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect_symbol("launches", Data::U32(vec![1]))
    .expect_symbol("scale", Data::I32(vec![3]))
}

pub fn designators() -> Case {
    let threads = 4;
    let mut ints = Vec::new();
    let mut floats = Vec::new();
    for t in 0..threads {
        ints.extend([t, 7 * 100 + 8 * 1000, 5 * 10 + t * 100, 16, 1 + 2 * 10, 0]);
        floats.extend([2.0f32 * 10.0, 1.5, 0.0]);
    }
    Case::new(
        "designators.cu",
        [1, 1, 1],
        [threads as u32, 1, 1],
        vec![
            Arg::Buf("ints", Data::I32(vec![0; 24])),
            Arg::Buf("floats", Data::F32(vec![0.0; 12])),
        ],
    )
    .expect("ints", Data::I32(ints))
    .expect("floats", Data::F32(floats))
}

pub fn device_functions() -> Case {
    let mut r = Rng(14);
    let n = 100usize;
    let input: Vec<f32> = (0..n).map(|_| r.f32(-3.0, 3.0)).collect();
    let mut out = vec![-1.0f32; n];
    let factorial = |k: i32| (1..=k).product::<i32>();
    for i in 0..n as i32 {
        let j = (i + 1).clamp(0, n as i32 - 1);
        let x = input[j as usize];
        let mut v = (x * x) * (1.0f32 / (1.0f32 + i as f32));
        if i & 1 == 0 {
            v += factorial(i & 7) as f32;
        }
        out[i as usize] = v;
    }
    Case::new(
        "device_functions.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![-1.0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
}

pub fn dynamic_shared() -> Case {
    let mut r = Rng(15);
    let width = 32usize;
    let input: Vec<f32> = (0..width * width).map(|_| r.f32(0.5, 4.0)).collect();
    let mut out = vec![0.0f32; width * width];
    for row in 0..width {
        for col in 0..width {
            out[row * width + col] = input[col * width + row];
        }
    }
    let mut case = Case::new(
        "dynamic_shared.cu",
        [2, 2, 1],
        [16, 16, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; width * width])),
            Arg::Scalar(ArgValue::I32(width as i32)),
        ],
    )
    .expect("out", Data::F32(out));
    case.dynamic_shared = 256 * 4;
    case
}

pub fn init_lists() -> Case {
    let mut r = Rng(16);
    let sel: Vec<i32> = (0..40).map(|_| r.int(-100, 100) as i32).collect();
    let weights = [3, 1, 4, 1];
    let m = [[1.0f32, 2.0], [3.0, 0.0]];
    let out: Vec<i32> = sel
        .iter()
        .map(|v| {
            let s = (v & 3) as usize;
            weights[s] + m[s >> 1][s & 1] as i32
        })
        .collect();
    Case::new(
        "init_lists.cu",
        [1, 1, 1],
        [40, 1, 1],
        vec![
            Arg::Buf("out", Data::I32(vec![0; 40])),
            Arg::Buf("sel", Data::I32(sel)),
        ],
    )
    .expect("out", Data::I32(out))
}

pub fn launch_bounds() -> Case {
    let mut r = Rng(17);
    let p: Vec<f32> = (0..256).map(|_| r.f32(-5.0, 5.0)).collect();
    let want: Vec<f32> = p.iter().map(|v| v * 2.0).collect();
    Case::new(
        "launch_bounds.cu",
        [2, 1, 1],
        [128, 1, 1],
        vec![Arg::Buf("p", Data::F32(p))],
    )
    .expect("p", Data::F32(want))
    // From sm_90 the file has a second kernel (with cluster dimensions).
    .kernel("_Z7boundedPf")
}

pub fn tiled_matmul() -> Case {
    let mut r = Rng(23);
    let n = 32usize;
    let a: Vec<f32> = (0..n * n).map(|_| r.f32(-1.0, 1.0)).collect();
    let b: Vec<f32> = (0..n * n).map(|_| r.f32(-1.0, 1.0)).collect();
    // The kernel's order of additions: k from 0 to n, tile by tile.
    let mut c = vec![0.0f32; n * n];
    for row in 0..n {
        for col in 0..n {
            let mut acc = 0.0f32;
            for k in 0..n {
                acc += a[row * n + k] * b[k * n + col];
            }
            c[row * n + col] = acc;
        }
    }
    Case::new(
        "tiled_matmul.cu",
        [2, 2, 1],
        [16, 16, 1],
        vec![
            Arg::Buf("A", Data::F32(a)),
            Arg::Buf("B", Data::F32(b)),
            Arg::Buf("C", Data::F32(vec![0.0; n * n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("C", Data::F32(c))
}

pub fn shared_reduce() -> Case {
    let mut r = Rng(18);
    let n = 1000usize;
    let (blocks, block) = (4usize, 256usize);
    let input: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
    // The same tree of additions as the kernel: halving steps over shared memory.
    let sums: Vec<f32> = (0..blocks)
        .map(|b| {
            let mut s: Vec<f32> = (0..block)
                .map(|t| input.get(b * block + t).copied().unwrap_or(0.0))
                .collect();
            let mut half = block / 2;
            while half > 0 {
                for t in 0..half {
                    s[t] += s[t + half];
                }
                half /= 2;
            }
            s[0]
        })
        .collect();
    Case::new(
        "shared_reduce.cu",
        [blocks as u32, 1, 1],
        [block as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; blocks])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(sums))
}

/// An IEEE half's value (the reference's own decoding).
pub fn half_value(h: u16) -> f64 {
    let sign = if h >> 15 == 1 { -1.0 } else { 1.0 };
    let (e, m) = (i32::from(h >> 10 & 31), f64::from(h & 1023));
    match e {
        0 => sign * m / 1024.0 * 2f64.powi(-14),
        31 if m == 0.0 => sign * f64::INFINITY,
        31 => f64::NAN,
        _ => sign * (1.0 + m / 1024.0) * 2f64.powi(e - 15),
    }
}

/// The half nearest to a finite `v` (ties to the even one), found by binary
/// search over the ordered positive halves; beyond the largest, infinity
/// when `v` is at least halfway to 2^16.
pub fn nearest_half(v: f64) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000 } else { 0 };
    let a = v.abs();
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    // Positive finite halves 0..=0x7bff increase with their bits.
    let (mut lo, mut hi) = (0u16, 0x7bffu16);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if half_value(mid) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let below = lo;
    let above = if half_value(below) == a || below == 0x7bff {
        below
    } else {
        below + 1
    };
    let (db, da) = (a - half_value(below), half_value(above) - a);
    sign | if db < da || (db == da && below % 2 == 0) {
        below
    } else {
        above
    }
}

pub fn half_math() -> Case {
    let mut r = Rng(25);
    let n = 200usize;
    let rn = |v: f64| nearest_half(v);
    let hv = half_value;
    let pick = |r: &mut Rng| -> u16 {
        match r.int(0, 8) {
            0 => rn(r.int(-8, 8) as f64),
            1 => rn(r.int(1, 1000) as f64 * 2f64.powi(-20)), // subnormal halves
            _ => rn((r.int(-100_000, 100_000) as f64) / 1000.0),
        }
    };
    let x: Vec<u16> = (0..n).map(|_| pick(&mut r)).collect();
    let y: Vec<u16> = (0..n)
        .map(|i| if i % 9 == 0 { x[i] } else { pick(&mut r) })
        .collect();
    let f: Vec<f32> = (0..n)
        .map(|_| r.int(-3_000_000, 3_000_000) as f32 / 77.0)
        .collect();
    let mut out = vec![0u16; 4 * n];
    let mut wide = vec![0f32; n];
    let mut flags = vec![0i32; n];
    for i in 0..n {
        let (a, b) = (hv(x[i]), hv(y[i]));
        let s = rn(a + b);
        let d = rn(a - b);
        let p = rn(hv(s) * hv(d));
        let q = rn(0.5 * hv(p) + a); // exact in f64, one rounding
        let rr = rn(-hv(q) + hv(rn(f64::from(f[i]))));
        let t = rn(hv(rn(a * b)) + hv(rn(a / 3.0)));
        out[4 * i] = rr;
        out[4 * i + 1] = t;
        out[4 * i + 2] = rn(f64::from(f[i] * 1000.0));
        out[4 * i + 3] = rn(hv(rn(a * a)) - hv(rn(b + 1.0)));
        wide[i] = hv(s) as f32 + hv(p) as f32 * 2.0;
        let dd = hv(d);
        flags[i] = i32::from(a < b)
            + 2 * i32::from(a <= b)
            + 4 * i32::from(a == b)
            // d / d is NaN for 0 (and for infinities and NaN).
            + 8 * i32::from(dd == 0.0 || !dd.is_finite())
            // Unordered or greater.
            + 16 * i32::from(a > b || a.is_nan() || b.is_nan())
            + 32 * i32::from(a != b);
    }
    let bits = |v: Vec<u16>| Data::I16(v.into_iter().map(|h| h as i16).collect());
    Case::new(
        "half_math.cu",
        [4, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("out", Data::I16(vec![0; 4 * n])),
            Arg::Buf("wide", Data::F32(vec![0.0; n])),
            Arg::Buf("flags", Data::I32(vec![0; n])),
            Arg::Buf("x", bits(x)),
            Arg::Buf("y", bits(y)),
            Arg::Buf("f", Data::F32(f)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", bits(out))
    .expect("wide", Data::F32(wide))
    .expect("flags", Data::I32(flags))
}

pub fn histogram() -> Case {
    let mut r = Rng(19);
    let n = 5000usize;
    let data: Vec<i8> = (0..n).map(|_| r.int(0, 256) as u8 as i8).collect();
    let mut bins = vec![0u32; 256];
    for d in &data {
        bins[*d as u8 as usize] += 1;
    }
    Case::new(
        "histogram.cu",
        [4, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("data", Data::I8(data)),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Buf("bins", Data::U32(vec![0; 256])),
        ],
    )
    .expect("bins", Data::U32(bins))
}

pub fn shared_pointers() -> Case {
    // Every thread sums the even elements below n of one buffer, plus two
    // neighbours of its own.
    let (threads, n) = (256usize, 37usize);
    let run = |flip: bool| -> Vec<f32> {
        let buf: Vec<f32> = (0..threads)
            .map(|t| if flip { t as f32 } else { (2 * t + 1) as f32 })
            .collect();
        let s: f32 = (0..n).step_by(2).map(|i| buf[i]).sum();
        (0..threads)
            .map(|t| s + (buf[t & 127] + buf[(t & 127) + 1]))
            .collect()
    };
    Case::new(
        "shared_pointers.cu",
        [1, 1, 1],
        [threads as u32, 1, 1],
        vec![
            Arg::Buf("out", Data::F32(vec![0.0; threads])),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Scalar(ArgValue::I32(1)),
        ],
    )
    .expect("out", Data::F32(run(true)))
}

pub fn memops() -> Case {
    let mut r = Rng(71);
    let threads = 64usize;
    let n = 40usize;
    let input: Vec<f32> = (0..threads).map(|_| r.f32(-4.0, 4.0)).collect();
    let bits: Vec<i32> = input.iter().map(|x| x.to_bits() as i32).collect();
    let mut out = vec![0f32; 4 * threads];
    let mut counts = [0i32; 32];
    for t in 0..threads {
        let mut local = [0f32; 4];
        local.copy_from_slice(&input[4 * (t % 8)..4 * (t % 8) + 4]);
        local[t % 4] += 1.0;
        out[4 * t..4 * t + 4].copy_from_slice(&local);
        counts[(bits[t] & 31) as usize] += 1;
    }
    let mut bytes = vec![0x5ai8; n];
    let counted: Vec<i8> = counts
        .iter()
        .flat_map(|c| c.to_le_bytes())
        .map(|b| b as i8)
        .collect();
    bytes.extend_from_slice(&counted[..n]);
    Case::new(
        "memops.cu",
        [1, 1, 1],
        [threads as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("bits", Data::I32(vec![0; threads])),
            Arg::Buf("out", Data::F32(vec![0.0; 4 * threads])),
            Arg::Buf("bytes", Data::I8(vec![0; 2 * n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("bits", Data::I32(bits))
    .expect("out", Data::F32(out))
    .expect("bytes", Data::I8(bytes))
}

pub fn intrinsics() -> Case {
    let threads = 64u32;
    let mut p0 = vec![0i32; 69];
    p0[67] = 1000;
    let mut u0 = vec![0u32; 66];
    u0[64] = 1000;
    let mut p = p0.clone();
    let mut u = u0.clone();
    // Odd lanes vote yes in both warps; every lane takes part in everything.
    let m = 0xaaaa_aaaau32;
    for t in 0..threads {
        let ffs = if t == 0 { 0 } else { t.trailing_zeros() + 1 };
        let mulhi = ((i64::from(t) * 77) >> 32) as u32;
        p[t as usize] = (m.count_ones() + t.leading_zeros() + ffs + mulhi + t * 3 + 1 + 1) as i32;
        let funnel = (m << 4) | (t >> 28);
        u[t as usize] = t.reverse_bits() ^ t.swap_bytes() ^ funnel ^ (t.abs_diff(9) + 1);
    }
    // Atomics, one thread after another.
    for t in 0..threads {
        p[64] = p[64].max(t as i32);
        u[64] = u[64].min(t);
        p[65] = 77;
        if p[66] == 0 {
            p[66] = 78;
        }
        u[65] = if u[65] >= 100 { 0 } else { u[65] + 1 };
        p[67] -= 2;
    }
    let w = u64::MAX;
    p[68] = 32 + w.count_ones() as i32 + 1;
    Case::new(
        "intrinsics.cu",
        [1, 1, 1],
        [threads, 1, 1],
        vec![
            Arg::Buf("p", Data::I32(p0)),
            Arg::Buf("u", Data::U32(u0)),
            Arg::Buf("w", Data::I64(vec![0])),
        ],
    )
    .expect("p", Data::I32(p))
    .expect("u", Data::U32(u))
    .expect("w", Data::I64(vec![-1]))
}

pub fn vector_types() -> Case {
    let mut r = Rng(32);
    let n = 50usize;
    let v: Vec<f32> = (0..n * 4).map(|_| r.f32(-2.0, 2.0)).collect();
    let p: Vec<f32> = (0..n * 3).map(|_| r.f32(-2.0, 2.0)).collect();
    let ij: Vec<i32> = (0..n * 2).map(|_| r.int(-1000, 1000) as i32).collect();
    let c: Vec<i8> = (0..n * 4).map(|_| r.int(-128, 128) as i8).collect();
    let d: Vec<f64> = (0..n * 2).map(|_| r.f64(-1e3, 1e3)).collect();
    let (mut wv, mut wij, mut wc, mut wd) = (v.clone(), ij.clone(), c.clone(), d.clone());
    for i in 0..n {
        let (a, q) = (&v[i * 4..i * 4 + 4], &p[i * 3..i * 3 + 3]);
        wv[i * 4..i * 4 + 4].copy_from_slice(&[a[0] + q[0], a[1] * q[1], a[2] - q[2], a[3] + 1.0]);
        wij[i * 2] = ij[i * 2 + 1];
        wij[i * 2 + 1] = ij[i * 2] + ij[i * 2 + 1];
        let u = &c[i * 4..i * 4 + 4];
        wc[i * 4..i * 4 + 4].copy_from_slice(&[
            u[3],
            u[2],
            u[1],
            (u[0] as u8).wrapping_add(1) as i8,
        ]);
        wd[i * 2] = d[i * 2] + d[i * 2 + 1];
    }
    // blockDim (64, 1, 1), thread 0; sizes 16, 12, 4; 16, 3, 12.
    let dims = vec![
        64 + 10 + 100,
        16 * 10000 + 12 * 100 + 4,
        16 * 100 + 3 + 12 * 1000,
    ];
    Case::new(
        "vector_types.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("v", Data::F32(v)),
            Arg::Buf("p", Data::F32(p)),
            Arg::Buf("ij", Data::I32(ij)),
            Arg::Buf("c", Data::I8(c)),
            Arg::Buf("d", Data::F64(d)),
            Arg::Buf("dims", Data::U32(vec![0; 3])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("v", Data::F32(wv))
    .expect("ij", Data::I32(wij))
    .expect("c", Data::I8(wc))
    .expect("d", Data::F64(wd))
    .expect("dims", Data::U32(dims))
}

pub fn warp_reduce() -> Case {
    let mut r = Rng(20);
    let n = 1000usize;
    let input: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
    // Each warp's tree of shuffles (a lane past the end reads itself), then
    // one atomicAdd per warp: in launch order here (the interpreter's and
    // the emulator's), in whatever order the warps arrive on a GPU, so the
    // sum is exact only within the rounding of 32 additions.
    let mut total = 0.0f32;
    let mut magnitude = 0.0f32;
    for w in 0..(4 * 256 / 32) {
        let mut v: Vec<f32> = (0..32)
            .map(|l| input.get(w * 32 + l).copied().unwrap_or(0.0))
            .collect();
        for offset in [16, 8, 4, 2, 1] {
            v = (0..32)
                .map(|l| v[l] + if l + offset < 32 { v[l + offset] } else { v[l] })
                .collect();
        }
        total += v[0];
        magnitude += v[0].abs();
    }
    Case::new(
        "warp_reduce.cu",
        [4, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect(
        "out",
        Data::F32Near(vec![total], vec![magnitude * 32.0 * f32::EPSILON]),
    )
}

pub fn whole_file() -> Case {
    // The kernel of a whole .cu file (host code, standard headers around it).
    let mut r = Rng(41);
    let n = 700usize;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-3.0, 3.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f32(-3.0, 3.0)).collect();
    // `x * x + y * y` is an fmuladd, which the interpreter does unfused.
    let dist: Vec<f32> = x
        .iter()
        .zip(&y)
        .map(|(x, y)| (x * x + y * y).sqrt())
        .collect();
    let norm: Vec<f32> = x
        .iter()
        .zip(&y)
        .map(|(x, y)| x / (1.0 + x.abs()) + y.abs().sqrt())
        .collect();
    Case::new(
        "whole_file.cu",
        [6, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("x", Data::F32(x)),
            Arg::Buf("y", Data::F32(y)),
            Arg::Buf("dist", Data::F32(vec![0.0; n])),
            Arg::Buf("norm", Data::F32(vec![0.0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("dist", Data::F32(dist))
    .expect("norm", Data::F32(norm))
}

pub fn coop_groups() -> Case {
    let mut r = Rng(42);
    let (blocks, threads, n) = (3usize, 128usize, 300usize);
    let input: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
    let mut sums = vec![0.0f32; blocks];
    let mut counts = vec![0u32; blocks * threads / 8];
    for b in 0..blocks {
        let v: Vec<f32> = (0..threads)
            .map(|t| input.get(b * threads + t).copied().unwrap_or(0.0))
            .collect();
        // cg::reduce over each warp: a butterfly, each lane `mine + other`.
        let mut partial = Vec::new();
        for w in v.chunks(32) {
            let mut lanes = w.to_vec();
            for m in [16, 8, 4, 2, 1] {
                lanes = (0..32).map(|l| lanes[l] + lanes[l ^ m]).collect();
            }
            partial.push(lanes[0]);
        }
        // The first warp adds the partial sums with shfl_down (a lane
        // past the end reads itself).
        let mut p: Vec<f32> = (0..32)
            .map(|l| partial.get(l).copied().unwrap_or(0.0))
            .collect();
        for o in [16, 8, 4, 2, 1] {
            p = (0..32)
                .map(|l| p[l] + if l + o < 32 { p[l + o] } else { p[l] })
                .collect();
        }
        sums[b] = p[0];
        for (k, tile) in v.chunks(8).enumerate() {
            let positive = tile.iter().filter(|x| **x > 0.0).count() as u32;
            let big = tile.iter().any(|x| *x > 0.9);
            counts[b * threads / 8 + k] = positive + if big { 100 } else { 0 };
        }
    }
    Case::new(
        "coop_groups.cu",
        [blocks as u32, 1, 1],
        [threads as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("block_sums", Data::F32(vec![0.0; blocks])),
            Arg::Buf("counts", Data::U32(vec![0; blocks * threads / 8])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("block_sums", Data::F32(sums))
    .expect("counts", Data::U32(counts))
}

pub fn structs() -> Case {
    // Particle: id, pos.x, pos.y, pos.z, weight (bits), tag (low byte): six
    // words. Params: op, factor, offset (two words), flag, padding.
    let mut r = Rng(31);
    let n = 100usize;
    let (factor, offset) = (1.5f32, 0.25f64);
    let mut ps: Vec<i32> = Vec::new();
    for k in 0..n {
        ps.push(k as i32 * 7 - 300);
        for _ in 0..3 {
            ps.push(r.f32(-4.0, 4.0).to_bits() as i32);
        }
        ps.push(r.f32(-1.0, 1.0).to_bits() as i32);
        ps.push(r.int(-128, 128) as i32 & 0xff);
    }
    let off = offset.to_bits();
    let params = vec![
        0,
        factor.to_bits() as i32,
        off as i32,
        (off >> 32) as i32,
        1,
        0,
    ];
    let mut want_ps = ps.clone();
    let mut want_out = vec![0.0f32; 128];
    for i in 0..n {
        let w = &ps[i * 6..i * 6 + 6];
        let f = |k: usize| f32::from_bits(w[k] as u32);
        let mut s = [f(1) * factor, f(2) * factor, f(3) * factor];
        let op = match i % 3 {
            0 => 0,
            1 => 4,
            _ => 5,
        };
        match op {
            0 => s = [s[0] + 1.0, s[1] + 2.0, s[2] + 0.0],
            5 => s.swap(0, 2),
            _ => {}
        }
        let o = &mut want_ps[i * 6..i * 6 + 6];
        o[0] = w[0] + 24 + 1000 + op;
        for k in 0..3 {
            o[1 + k] = s[k].to_bits() as i32;
        }
        o[4] = (f(4) * 0.5).to_bits() as i32;
        let tag = w[5] as u8 as i8;
        want_out[i] = s[0] + s[1] + s[2] + offset as f32 + (w[4] & 1) as f32 + f32::from(tag);
    }
    // Hist: 80 ints; h[2] and h[3] become copies of h[0] and h[1] with
    // bins[3] and bins[4] raised by 7.
    let h: Vec<i32> = (0..320).map(|_| r.int(-1000, 1000) as i32).collect();
    let mut want_h = h.clone();
    for i in 0..2 {
        let mut tmp = h[i * 80..i * 80 + 80].to_vec();
        tmp[i + 3] += 7;
        want_h[(i + 2) * 80..(i + 3) * 80].copy_from_slice(&tmp);
    }
    Case::new(
        "structs.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("ps", Data::I32(ps)),
            Arg::Buf("out", Data::F32(vec![0.0; 128])),
            Arg::Buf("prm", Data::I32(params)),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Buf("h", Data::I32(h)),
        ],
    )
    .expect("ps", Data::I32(want_ps))
    .expect("out", Data::F32(want_out))
    .expect("h", Data::I32(want_h))
}

pub fn shared_structs() -> Case {
    let mut r = Rng(34);
    let c = 5;
    let input: Vec<f32> = (0..256).map(|_| r.f32(-8.0, 8.0)).collect();
    let (mut out, mut vout) = (Vec::new(), Vec::new());
    for t in 0..64usize {
        let v = if t as i32 & c != 0 {
            let a = ((t + 1) & 63) as f32;
            [a, a * 2.0, a * 3.0]
        } else {
            [1.0, 2.0, 3.0]
        };
        vout.extend(v);
        let q = &input[(63 - t) * 4..(63 - t) * 4 + 4];
        out.extend([q[0] + (v[0] + 4.0), q[1], q[2], q[3]]);
    }
    Case::new(
        "shared_structs.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("out", Data::F32(vec![0.0; 256])),
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("vout", Data::F32(vec![0.0; 192])),
            Arg::Scalar(ArgValue::I32(c)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("vout", Data::F32(vout))
}

pub fn struct_init() -> Case {
    let threads = 6;
    let table = [(1, 1.5f32), (2, 0.0), (3, 4.5)];
    let mut ints = Vec::new();
    let mut floats = Vec::new();
    for t in 0..threads {
        let (a, b) = table[t as usize % 3];
        ints.extend([
            t,
            (t + 1) + t * 100,
            'a' as i32 + 'c' as i32,
            1 + 3 * 10,
            a,
            7 + 8 * 10 + 'y' as i32 * 100,
            1,
            20 * 100 + 4,
        ]);
        floats.extend([
            2.0f32 + 3.0,
            t as f32 * 0.5,
            2.0 + 4.0 * 10.0 + 0.0,
            b,
            1.0,
            0.0 + 0.5,
            2.0,
            0.0,
        ]);
    }
    Case::new(
        "struct_init.cu",
        [1, 1, 1],
        [threads as u32, 1, 1],
        vec![
            Arg::Buf("ints", Data::I32(vec![0; 48])),
            Arg::Buf("floats", Data::F32(vec![0.0; 48])),
        ],
    )
    .expect("ints", Data::I32(ints))
    .expect("floats", Data::F32(floats))
}

pub fn sparse_switch() -> Case {
    let mut r = Rng(23);
    let n = 300usize;
    let op_values = [
        -40,
        -3,
        0,
        5,
        6,
        7,
        8,
        17,
        99,
        250,
        1000,
        4096,
        70000,
        1 << 24,
        4,
        9,
        16,
        18,
        -39,
        1001,
    ];
    let key_values: [i64; 9] = [
        3_000_000_000,
        -3_000_000_000,
        12,
        13,
        1 << 40,
        11,
        14,
        3_000_000_001,
        (1 << 40) + 1,
    ];
    let ops: Vec<i32> = (0..n)
        .map(|_| {
            if r.int(0, 4) == 0 {
                r.int(-100, 100) as i32
            } else {
                op_values[r.int(0, op_values.len() as i64) as usize]
            }
        })
        .collect();
    let keys: Vec<i64> = (0..n)
        .map(|_| key_values[r.int(0, key_values.len() as i64) as usize])
        .collect();
    let cost = |op: i32| match op {
        -40 => 7,
        -3 => 11,
        0 => 1,
        5..=8 => 2,
        17 => 3,
        99 => 5,
        250 => 8,
        1000 => 13,
        4096 => 21,
        70000 => 34,
        0x100_0000 => 55,
        _ => -1,
    };
    let mut out = vec![-7i32; 320];
    for i in 0..n {
        out[i] = cost(ops[i])
            + match keys[i] {
                3_000_000_000 => 100,
                -3_000_000_000 => 200,
                12 => 700,
                13 => 400,
                0x100_0000_0000 => 500,
                _ => 0,
            };
    }
    Case::new(
        "sparse_switch.cu",
        [5, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("out", Data::I32(vec![-7; 320])),
            Arg::Buf("ops", Data::I32(ops)),
            Arg::Buf("keys", Data::I64(keys)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::I32(out))
}

pub fn warp_match() -> Case {
    let mut r = Rng(24);
    let n = 128usize;
    let keys: Vec<i32> = (0..n).map(|_| r.int(0, 5) as i32).collect();
    let wide: Vec<i64> = (0..n).map(|_| (r.int(0, 3) << 40) | 7).collect();
    // The second warp's floats are all equal; the others' are not.
    let f: Vec<f32> = (0..n)
        .map(|i| if i / 32 == 1 { 2.5 } else { r.int(0, 3) as f32 })
        .collect();
    let mut groups = vec![0u32; n];
    let mut counts = vec![-1i32; n];
    let mut all_same = vec![0i32; n];
    for w in 0..n / 32 {
        let lanes = w * 32..w * 32 + 32;
        let same_f = lanes.clone().all(|k| f[k] == f[w * 32]);
        for i in lanes.clone() {
            let peers = lanes
                .clone()
                .filter(|k| keys[*k] == keys[i])
                .fold(0u32, |m, k| m | 1 << (k - w * 32));
            let wide_peers = lanes
                .clone()
                .filter(|k| wide[*k] == wide[i])
                .fold(0u32, |m, k| m | 1 << (k - w * 32));
            groups[i] = peers ^ (wide_peers << 1);
            if peers.trailing_zeros() as usize == i - w * 32 {
                counts[i] = peers.count_ones() as i32;
            }
            all_same[i] = i32::from(same_f) * 100 + 10 + i32::from(same_f) + 1000;
        }
    }
    Case::new(
        "warp_match.cu",
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("groups", Data::U32(vec![0; n])),
            Arg::Buf("counts", Data::I32(vec![-1; n])),
            Arg::Buf("all_same", Data::I32(vec![0; n])),
            Arg::Buf("keys", Data::I32(keys)),
            Arg::Buf("wide", Data::I64(wide)),
            Arg::Buf("f", Data::F32(f)),
        ],
    )
    .expect("groups", Data::U32(groups))
    .expect("counts", Data::I32(counts))
    .expect("all_same", Data::I32(all_same))
}

pub fn switch_goto() -> Case {
    let mut r = Rng(22);
    let n = 200usize;
    let input: Vec<i32> = (0..n).map(|_| r.int(-100, 100) as i32).collect();
    let classify = |v: i32| match v {
        -1 => 100,
        97 | 98 => 200,
        _ => v * 2,
    };
    let mut s = 0;
    for k in 0..8 {
        match k % 3 {
            0 => continue,
            1 => s += k,
            _ => s -= 1,
        }
        s *= 2;
    }
    let mut out = vec![-7i32; 256];
    for (i, &v) in input.iter().enumerate() {
        let mut r = 0;
        match v & 7 {
            0 => r = 10,
            1 | 2 => r = 20 + 3,
            3 => r += 3,
            5 => {
                let mut j = 0;
                loop {
                    j += 1;
                    if j >= (v & 15) {
                        break;
                    }
                }
                r = j;
            }
            6 => {
                match (v >> 3) & 3 {
                    0 => r = 60,
                    1 => r = 61 + 62,
                    2 => r += 62,
                    _ => {}
                }
                r += 1000;
            }
            _ => {
                r = -1;
                for k in 0..4 {
                    if k == (v & 3) {
                        break;
                    }
                    r += k;
                }
            }
        }
        let u = v as u32;
        if !u.is_multiple_of(4) {
            if u % 4 == 3 {
                r ^= 0x55;
            }
            r += classify(v % 5 - 1) + classify(if v & 1 != 0 { 97 } else { 99 });
        }
        out[i] = r * 1000 + s;
    }
    Case::new(
        "switch_goto.cu",
        [4, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("out", Data::I32(vec![-7; 256])),
            Arg::Buf("in", Data::I32(input)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::I32(out))
}

pub fn cxx_conversions() -> Case {
    let mut r = Rng(53);
    let n = 120usize;
    let input: Vec<i32> = (0..n).map(|_| r.int(-320, 320) as i32).collect();
    let mut out = vec![0.0f32; n];
    let mut flags = vec![0i32; n];
    for i in 0..n {
        let a = input[i] as f32 / 16.0;
        // `if (g)` and `g ? :` on a non-const Flag call `operator int *()`
        // (the better binding of the object, as C++ ranks them), never
        // null: both always true.
        let v = a + 2.0 * a + a * 2.0 - a + 3.0 + 100.0;
        out[i] = v + -a + 1.0;
        flags[i] = (input[i] & 1) + 5;
    }
    Case::new(
        "cxx_conversions.cu",
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; n])),
            Arg::Buf("flags", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("flags", Data::I32(flags))
}

pub fn cxx_members() -> Case {
    // Small integers as floats: every result is exact.
    let mut r = Rng(59);
    let n = 100usize;
    let input: Vec<f32> = (0..2 * n).map(|_| r.int(-20, 20) as f32).collect();
    let mut out = vec![0.0f32; 2 * n];
    let mut idx = vec![0i32; n];
    for i in 0..n {
        let (x, y) = (input[2 * i], input[2 * i + 1]);
        let (bx, by) = (x * 0.5 + 1.0, y * 0.5 + 2.0);
        out[2 * i] = x * bx + y * by + 1.0;
        // pick() const on the const copy (3), pick() on b (1).
        out[2 * i + 1] = bx - by + 3.0 - 1.0;
        idx[i] = i as i32 * 2 + 3 + 3;
    }
    Case::new(
        "cxx_members.cu",
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; 2 * n])),
            Arg::Buf("idx", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("idx", Data::I32(idx))
}

/// Default member initializers: default and aggregate initialization,
/// a class template's, constructors that leave members to them.
pub fn cxx_member_init() -> Case {
    // Small integers as floats: every result is exact.
    let mut r = Rng(71);
    let n = 50usize;
    let input: Vec<f32> = (0..4 * n).map(|_| r.int(-6, 6) as f32).collect();
    let mut out = vec![0.0f32; 4 * n];
    let mut iout = vec![0i32; 2 * n];
    for i in 0..n {
        let x = &input[4 * i..4 * i + 4];
        let sum: f32 = x.iter().sum();
        let lo = x.iter().cloned().fold(f32::INFINITY, f32::min);
        let hi = x.iter().cloned().fold(f32::NEG_INFINITY, f32::max);
        out[4 * i] = sum / 4.0 + hi - lo;
        // p.alpha + q.beta * q.alpha + r.alpha + r.beta
        out[4 * i + 1] = 2.0 + 0.5 * 2.0 + 1.0 + 0.0;
        // taps {1, 2, 0, x0} (the last set after), scale 1/4.
        out[4 * i + 2] = (x[0] + 2.0 * x[1] + x[0] * x[3]) * 0.25;
        // a.weight + b.weight + a.stats.sum + b.stats.count
        out[4 * i + 3] = 1.5 + 0.25 + x[1];
        // p.stride + p.offset + q.offset + r.offset + s.count + w.last
        iout[2 * i] = 1 + 4 + 12 + 1 + 4 + 3;
        let t = (i % 5) as i32;
        // a.tag + a.order + b.tag * 10 + b.order * 100 + a.stats.count
        iout[2 * i + 1] = 7 + 8 + t * 10 + 2 * t * 100 + 1;
    }
    Case::new(
        "cxx_member_init.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; 4 * n])),
            Arg::Buf("iout", Data::I32(vec![0; 2 * n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("iout", Data::I32(iout))
}

/// `tiles`: a class template's tile iterator on its base.
pub fn cxx_inheritance_tiles() -> Case {
    let mut r = Rng(72);
    let tiles = 8usize;
    let ld = 4 * tiles + 4;
    let input: Vec<f32> = (0..4 * ld).map(|_| r.int(-50, 50) as f32).collect();
    let mut out = vec![0.0f32; 2 * tiles];
    for ty in 0..2 {
        for t in 0..tiles {
            let mut s = 0.0f32;
            for row in 0..2 {
                for c in 0..4 {
                    s += input[(2 * ty + row) * ld + 4 * t + c];
                }
            }
            // + steps + pos.col
            out[ty * tiles + t] = s + t as f32 + (4 * t) as f32;
        }
    }
    Case::new(
        "cxx_inheritance.cu",
        [1, 1, 1],
        [tiles as u32, 2, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; 2 * tiles])),
            Arg::Scalar(ArgValue::I32(ld as i32)),
            Arg::Scalar(ArgValue::I32(tiles as i32)),
        ],
    )
    .kernel("_Z5tilesPKfPfii")
    .expect("out", Data::F32(out))
}

/// `functors`: a functor hierarchy, conversions to bases and back.
pub fn cxx_inheritance_functors() -> Case {
    let mut r = Rng(73);
    let n = 100usize;
    let input: Vec<f32> = (0..n).map(|_| r.int(-4, 5) as f32).collect();
    let mut out = vec![0.0f32; n];
    for i in 0..n {
        let x = input[i];
        // Scale(2): apply, Biased::apply, through the base (Biased::apply).
        let a = (2.0 * x + 0.5) + (x + 0.5) + (x + 0.5);
        // ClampedScale(3) (bias 1): its apply(int), Scale's apply(x, 1),
        // through the base.
        let b = (3.0 * x.trunc() + 1.0).clamp(-8.0, 8.0) + (3.0 * x + 1.0) + (x + 1.0);
        // Shifted(4, 2): 4x + 2 + 0.25.
        out[i] = a + b + 3.0 + 1.0 + (4.0 * x + 2.0 + 0.25);
    }
    // calls (1), none through null (-1), sizeof 20 and 8.
    let (calls, null) = (1, -1);
    let count = vec![calls + null + 20 + 8; n];
    Case::new(
        "cxx_inheritance.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; n])),
            Arg::Buf("count", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .kernel("_Z8functorsPKfPfPii")
    .expect("out", Data::F32(out))
    .expect("count", Data::I32(count))
}

/// `dispatch<float>`: the function `load(const float *, int)` beats the
/// template's instance; the Vec overload and the pointer `combine` are the
/// more specialized; the traits are partial specializations'.
pub fn cxx_partial_spec_float() -> Case {
    let mut r = Rng(74);
    let n = 80usize;
    let input: Vec<f32> = (0..n).map(|_| r.int(-20, 20) as f32).collect();
    let vin: Vec<f32> = (0..4 * n).map(|_| r.int(-20, 20) as f32).collect();
    let out: Vec<f32> = (0..n)
        .map(|i| {
            let a = 2.0 * input[i];
            let b: f32 = vin[4 * i..4 * i + 4].iter().sum();
            a + b + a * 3.0 + input[i]
        })
        .collect();
    Case::new(
        "cxx_partial_spec.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("vin", Data::F32(vin)),
            Arg::Buf("out", Data::F32(vec![0.0; n])),
            Arg::Buf("info", Data::I32(vec![0; 4])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .kernel("_Z8dispatchIfEvPKT_PK3VecIS0_Li4EEPS0_Pii")
    .expect("out", Data::F32(out))
    // bits 32 + 64; read-only, a pointer; Vec<float, 4>: 128 bits, 4
    // lanes; Vec<float, 1>: -1 lanes, + sizeof(float).
    .expect("info", Data::I32(vec![96, 3, 132, 3]))
}

/// `dispatch<int>`: the template's `load` for ints.
pub fn cxx_partial_spec_int() -> Case {
    let mut r = Rng(75);
    let n = 80usize;
    let input: Vec<i32> = (0..n).map(|_| r.int(-1000, 1000) as i32).collect();
    let vin: Vec<i32> = (0..4 * n).map(|_| r.int(-1000, 1000) as i32).collect();
    let out: Vec<i32> = (0..n)
        .map(|i| {
            let a = input[i];
            let b: i32 = vin[4 * i..4 * i + 4].iter().sum();
            a + b + a * 3 + input[i]
        })
        .collect();
    Case::new(
        "cxx_partial_spec.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(input)),
            Arg::Buf("vin", Data::I32(vin)),
            Arg::Buf("out", Data::I32(vec![0; n])),
            Arg::Buf("info", Data::I32(vec![0; 4])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .kernel("_Z8dispatchIiEvPKT_PK3VecIS0_Li4EEPS0_Pii")
    .expect("out", Data::I32(out))
    .expect("info", Data::I32(vec![96, 3, 132, 3]))
}

/// decltype, decltype(auto) and deduced return types.
pub fn cxx_deduced() -> Case {
    // Small integers as floats (and halves, quarters): every result exact.
    let mut r = Rng(76);
    let n = 60usize;
    let input: Vec<f32> = (0..4 * n).map(|_| r.int(-20, 20) as f32).collect();
    let mut out = vec![0.0f32; 2 * n];
    let mut iout = vec![0i32; n];
    for i in 0..n {
        let x = &input[4 * i..4 * i + 4];
        let s = x[0] + x[1] + x[2] + x[3];
        // `first` refers to b[0]: it is x0 + 1 from then on.
        let first = x[0] + 1.0;
        let sq = x[1] * x[1];
        let m = i as f32 * 0.5 + 2.0;
        out[2 * i] = s + sq + m + first;
        out[2 * i + 1] = first + 0.25 * (x[3] - first);
        // j, sizeof(int), sizeof(double), size()
        iout[i] = 3 * i as i32 + 4 + 8 + 4;
    }
    Case::new(
        "cxx_deduced.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; 2 * n])),
            Arg::Buf("iout", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("iout", Data::I32(iout))
}

/// `specialized<float>`: `adjust<float>` and `Traits<float>` are the
/// explicit specializations.
pub fn cxx_specialization_float() -> Case {
    let mut r = Rng(61);
    let n = 90usize;
    let p: Vec<f32> = (0..n).map(|_| r.int(-100, 100) as f32).collect();
    // adjust<float> (specialized) x * 2, repeat<float, 3>, repeat<float, 2>,
    // Traits<float> (specialized): one() 1.5, size 4.
    let want: Vec<f32> = p
        .iter()
        .map(|x| x * 2.0 + x * 3.0 + x * 2.0 + 1.5 + 4.0)
        .collect();
    Case::new(
        "cxx_specialization.cu",
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("p", Data::F32(p)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .kernel("_Z11specializedIfEvPT_i")
    .expect("p", Data::F32(want))
}

/// `specialized<int>`: `repeat<int, 3>` is the explicit specialization,
/// `Traits<int>` the template's instance.
pub fn cxx_specialization_int() -> Case {
    let mut r = Rng(62);
    let n = 90usize;
    let p: Vec<i32> = (0..n).map(|_| r.int(-1000, 1000) as i32).collect();
    // Traits<int> from the template: one() 1, size 1.
    let want: Vec<i32> = p
        .iter()
        .map(|x| (x + 1) + (x - 3) + x * 2 + 1 + 1)
        .collect();
    Case::new(
        "cxx_specialization.cu",
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("p", Data::I32(p)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .kernel("_Z11specializedIiEvPT_i")
    .expect("p", Data::I32(want))
}

pub fn cxx_refs() -> Case {
    let mut r = Rng(41);
    let n = 200usize;
    let input: Vec<f32> = (0..n).map(|_| r.f32(-4.0, 4.0)).collect();
    let mut out = vec![0.0f32; n];
    let mut ops = vec![0i32; n];
    for i in 0..n {
        let mut acc = 0.0f32;
        for k in 0..3 {
            acc += input[(i + k) % n];
        }
        acc += 0.5;
        out[i] = acc + i as f32 * 0.25;
        let x = i as i32;
        let applied = match i % 3 {
            0 => x + 3,
            1 => x * 4,
            _ => x.min(10),
        };
        ops[i] = applied + (input[i].to_bits() & 1) as i32 + 1;
    }
    Case::new(
        "cxx_refs.cu",
        [2, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; n])),
            Arg::Buf("ops", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("ops", Data::I32(ops))
}

/// `exact` rounded to f32 in a direction: 'n', 'z', 'u' or 'd'.
pub fn round_to_f32(exact: f64, mode: char) -> f32 {
    let r = exact as f32;
    let rv = f64::from(r);
    match mode {
        'u' if rv < exact => r.next_up(),
        'd' if rv > exact => r.next_down(),
        'z' if rv.abs() > exact.abs() => {
            if r > 0.0 {
                r.next_down()
            } else {
                r.next_up()
            }
        }
        _ => r,
    }
}

pub fn fast_math() -> Case {
    let mut r = Rng(34);
    let n = 64usize;
    // Multiples of 2^-10 below 64: sums and products of them are exact in
    // f64, so the reference rounds the exact value once.
    let mut k = |lo: i64, hi: i64| r.int(lo, hi) as f32 / 1024.0;
    let mut a: Vec<f32> = (0..n * 3).map(|_| k(-64 * 1024, 64 * 1024)).collect();
    // Halfway cases for the rounding conversions.
    a[0] = 2.5;
    a[3] = -2.5;
    a[6] = -0.5;
    a[4] = 3.0;
    let b: Vec<f64> = (0..n * 2).map(|_| r.f64(-1e3, 1e3)).collect();
    let (mut exact, mut approx, mut tol, mut ints, mut d, mut da, mut dtol) =
        (vec![], vec![], vec![], vec![], vec![], vec![], vec![]);
    for t in 0..n {
        let (x, y, z) = (a[3 * t], a[3 * t + 1], a[3 * t + 2]);
        let (xd, yd, zd) = (f64::from(x), f64::from(y), f64::from(z));
        let s = y * 2f32.powi(-20);
        let sum = xd + f64::from(s);
        let prod = xd * yd;
        let fma = prod + zd;
        for (v, m) in [(sum, 'n'), (sum, 'z'), (sum, 'u'), (sum, 'd')]
            .into_iter()
            .chain([(prod, 'n'), (prod, 'z'), (prod, 'u'), (prod, 'd')])
            .chain([(fma, 'n'), (fma, 'z'), (fma, 'u'), (fma, 'd')])
        {
            exact.push(round_to_f32(v, m));
        }
        exact.push((x * 0.02).clamp(0.0, 1.0));
        exact.push(1.0 / y);
        ints.extend([
            x.round_ties_even() as i32,
            x.trunc() as i32,
            x.ceil() as i32,
            x.floor() as i32,
            (x * 1e9) as i32, // saturates
            x.round_ties_even() as u32 as i32,
            (y * 1e9) as u32 as i32,
        ]);
        // Approximations with PTX's documented error bounds (absolute here).
        let w = f64::from(x * 0.05);
        let e = f64::from(x * 0.1);
        let l = f64::from(x.abs() + 1.0);
        let yy = f64::from(y.abs() + 1.0);
        let want = [w.sin(), w.cos(), e.exp(), l.ln(), xd / yd, 1.0 / yy.sqrt()];
        let bound = [
            2f64.powi(-20),
            2f64.powi(-20),
            // ex2.approx's 2 ulp, plus x·log2(e) rounded to f32 (|x·0.1| < 7).
            e.exp() * 2f64.powi(-19),
            2f64.powi(-21) * l.ln().max(1.0),
            (xd / yd).abs() * 2f64.powi(-21),
            2f64.powi(-22),
        ];
        approx.extend(want.map(|v| v as f32));
        tol.extend(bound.map(|v| v as f32));
        let (p, q) = (b[2 * t], b[2 * t + 1]);
        d.extend([p + q, p * q]);
        let rs = 1.0 / (p.abs() + 1.0).sqrt();
        da.push(rs);
        dtol.push(rs * 2f64.powi(-40));
    }
    Case::new(
        "fast_math.cu",
        [2, 1, 1],
        [32, 1, 1],
        vec![
            Arg::Buf("exact", Data::F32(vec![0.0; n * 14])),
            Arg::Buf("approx", Data::F32(vec![0.0; n * 6])),
            Arg::Buf("ints", Data::I32(vec![0; n * 7])),
            Arg::Buf("d", Data::F64(vec![0.0; n * 2])),
            Arg::Buf("dapprox", Data::F64(vec![0.0; n])),
            Arg::Buf("a", Data::F32(a)),
            Arg::Buf("b", Data::F64(b)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("exact", Data::F32(exact))
    .expect("approx", Data::F32Near(approx, tol))
    .expect("ints", Data::I32(ints))
    .expect("d", Data::F64(d))
    .expect("dapprox", Data::F64Near(da, dtol))
}

pub fn template_reduce() -> Case {
    let mut r = Rng(31);
    let n = 1000usize;
    let (block, items) = (128usize, 2usize);
    let blocks = n.div_ceil(block * items);
    let input: Vec<f32> = (0..n).map(|_| r.f32(-1.0, 1.0)).collect();
    // Each thread adds its ITEMS elements, then the same tree as the kernel.
    let sums: Vec<f32> = (0..blocks)
        .map(|b| {
            let mut s: Vec<f32> = (0..block)
                .map(|t| {
                    (0..items)
                        .map(|k| b * block * items + t + k * block)
                        .filter(|&i| i < n)
                        .fold(0.0f32, |acc, i| acc + input[i])
                })
                .collect();
            let mut half = block / 2;
            while half > 0 {
                for t in 0..half {
                    s[t] += s[t + half];
                }
                half /= 2;
            }
            s[0]
        })
        .collect();
    Case::new(
        "template_reduce.cu",
        [blocks as u32, 1, 1],
        [block as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::F32(input)),
            Arg::Buf("out", Data::F32(vec![0.0; blocks])),
            Arg::Buf("bytes", Data::I32(vec![0])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(sums))
    // sizeof(__shared__ float s[128]) + sizeof(float) * ITEMS
    .expect("bytes", Data::I32(vec![128 * 4 + 4 * 2]))
}

/// `saxpy_t<float>` (instantiated by a launch in host code).
pub fn template_saxpy_float() -> Case {
    let mut r = Rng(32);
    let n = 700;
    let a = -1.5f32;
    let x: Vec<f32> = (0..n).map(|_| r.f32(-2.0, 2.0)).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f32(-2.0, 2.0)).collect();
    let want: Vec<f32> = x.iter().zip(&y).map(|(x, y)| a * x + y).collect();
    Case::new(
        "template_saxpy.cu",
        [3, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Scalar(ArgValue::I32(n)),
            Arg::Scalar(ArgValue::F32(a)),
            Arg::Buf("x", Data::F32(x)),
            Arg::Buf("y", Data::F32(y)),
        ],
    )
    .kernel("_Z7saxpy_tIfEviT_PKS0_PS0_")
    .expect("y", Data::F32(want))
}

/// `saxpy_t<double>` (explicitly instantiated, the argument deduced).
pub fn template_saxpy_double() -> Case {
    let mut r = Rng(33);
    let n = 600;
    let a = 0.375f64;
    let x: Vec<f64> = (0..n).map(|_| r.f64(-2.0, 2.0)).collect();
    let y: Vec<f64> = (0..n).map(|_| r.f64(-2.0, 2.0)).collect();
    let want: Vec<f64> = x.iter().zip(&y).map(|(x, y)| a * x + y).collect();
    Case::new(
        "template_saxpy.cu",
        [3, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Scalar(ArgValue::I32(n)),
            Arg::Scalar(ArgValue::F64(a)),
            Arg::Buf("x", Data::F64(x)),
            Arg::Buf("y", Data::F64(y)),
        ],
    )
    .kernel("_Z7saxpy_tIdEviT_PKS0_PS0_")
    .expect("y", Data::F64(want))
}

pub fn template_struct() -> Case {
    let mut r = Rng(34);
    let n = 50usize;
    let data: Vec<i32> = (0..n).map(|_| r.int(-1000, 1000) as i32).collect();
    let a: Vec<f32> = (0..3 * n).map(|_| r.f32(-4.0, 4.0)).collect();
    let b: Vec<f32> = (0..3 * n).map(|_| r.f32(-4.0, 4.0)).collect();
    let dots: Vec<f32> = (0..n)
        .map(|i| (0..3).fold(0.0f32, |s, k| s + a[3 * i + k] * b[3 * i + k]))
        .collect();
    let (lo, hi) = (*data.iter().min().unwrap(), *data.iter().max().unwrap());
    Case::new(
        "template_struct.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("data", Data::I32(data)),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Buf("range", Data::I32(vec![0, 0])),
            Arg::Buf("a", Data::F32(a)),
            Arg::Buf("b", Data::F32(b)),
            Arg::Buf("dots", Data::F32(vec![0.0; n])),
            Arg::Buf("sizes", Data::I32(vec![0; 4])),
        ],
    )
    .expect("range", Data::I32(vec![lo, hi]))
    .expect("dots", Data::F32(dots))
    // Pair<int>, Vec<double, 5>, Pair<Pair<char>>, then the width widened by 2
    .expect("sizes", Data::I32(vec![8, 40, 4, hi - lo + 2]))
}

pub fn printf() -> Case {
    let (grid, block, n) = (3u32, 32u32, 90usize);
    let v: Vec<f32> = (0..n).map(|i| i as f32 * 1.37 - 50.0).collect();
    let mut text = String::new();
    let mut out = vec![0i32; n];
    for b in 0..grid as usize {
        text += &format!("block {b} of {grid}\n");
        for t in 0..block as usize {
            let i = b * block as usize + t;
            if i >= n {
                continue;
            }
            let parity = if i % 2 == 1 { "odd" } else { "even" };
            // C's `#` adds 0x only to a nonzero value.
            let hex = if i == 0 {
                "000000".to_string()
            } else {
                format!("{:#06x}", i * 17)
            };
            let c = char::from(b'a' + (i % 26) as u8);
            text += &format!(
                "[{i:2}] {parity:<4}|x={:8.3}|{hex}|{c}|{}|{}|ok%\n",
                f64::from(v[i]),
                (i as i64) << 40,
                (i as u32).wrapping_neg()
            );
            out[i] = 8;
        }
    }
    Case::new(
        "printf.cu",
        [grid, 1, 1],
        [block, 1, 1],
        vec![
            Arg::Buf("out", Data::I32(vec![0; n])),
            Arg::Buf("v", Data::F32(v)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::I32(out))
    .expect_output(text)
}

pub fn scan() -> Case {
    let mut r = Rng(42);
    let (n, block) = (1000usize, 128usize);
    let per = 2 * block;
    let blocks = n.div_ceil(per);
    let input: Vec<i32> = (0..n).map(|_| r.int(-1000, 1000) as i32).collect();
    // Each block's exclusive prefix sums, and its total.
    let mut out = vec![0i32; n];
    let mut sums = vec![0i32; blocks];
    for (b, sum) in sums.iter_mut().enumerate() {
        let mut acc = 0i32;
        for i in b * per..((b + 1) * per).min(n) {
            out[i] = acc;
            acc += input[i];
        }
        *sum = acc;
    }
    Case::new(
        "scan.cu",
        [blocks as u32, 1, 1],
        [block as u32, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(input)),
            Arg::Buf("out", Data::I32(vec![-1; n])),
            Arg::Buf("sums", Data::I32(vec![-1; blocks])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::I32(out))
    .expect("sums", Data::I32(sums))
}

/// A struct through a loop by value and a constructor's initializer list
/// (the two shapes of an -O3 miscompile once found).
pub fn struct_loop() -> Case {
    let mut r = Rng(67);
    let (m, n) = (7usize, 75usize);
    let data: Vec<i32> = (0..m * n).map(|_| r.int(-50, 50) as i32).collect();
    let mut ranges = vec![0i32; 2 * n];
    let mut means = vec![0f32; n];
    for i in 0..n {
        let row = &data[i * m..(i + 1) * m];
        ranges[2 * i] = row.iter().min().unwrap() - 1;
        ranges[2 * i + 1] = row.iter().max().unwrap() + 1;
        let sum: f32 = row[1..].iter().map(|&v| v as f32).sum();
        means[i] = sum / (m - 1) as f32;
    }
    Case::new(
        "struct_loop.cu",
        [2, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("data", Data::I32(data)),
            Arg::Scalar(ArgValue::I32(m as i32)),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Buf("ranges", Data::I32(vec![0; 2 * n])),
            Arg::Buf("means", Data::F32(vec![0.0; n])),
        ],
    )
    .expect("ranges", Data::I32(ranges))
    .expect("means", Data::F32(means))
}

pub fn phi_copies() -> Case {
    let mut r = Rng(71);
    let n = 200usize;
    let x: Vec<f64> = (0..n).map(|_| r.f64(-2.0, 4.0)).collect();
    let (mut a, mut b, mut swaps) = (vec![0.0; n], vec![0.0; n], vec![0i32; n]);
    let mut hits = 0;
    for i in 0..n {
        let v = x[i];
        if v > 1.0 {
            a[i] = v - 1.0;
            b[i] = a[i];
            hits += 1;
        } else {
            a[i] = v * 2.0;
            b[i] = v * 3.0;
        }
        let (mut p, mut q, mut acc) = (i as i32, -(i as i32), 0i32);
        for _ in 0..i & 7 {
            (p, q) = (q, p);
            acc = acc * 3 + p;
        }
        swaps[i] = acc;
    }
    Case::new(
        "phi_copies.cu",
        [2, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("a", Data::F64(vec![0.0; n])),
            Arg::Buf("b", Data::F64(vec![0.0; n])),
            Arg::Buf("x", Data::F64(x)),
            Arg::Buf("hits", Data::I32(vec![0])),
            Arg::Buf("swaps", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("a", Data::F64(a))
    .expect("b", Data::F64(b))
    .expect("hits", Data::I32(vec![hits]))
    .expect("swaps", Data::I32(swaps))
}

pub fn function_pointers() -> Case {
    let mut r = Rng(73);
    let n = 300usize;
    let a: Vec<i32> = (0..n).map(|_| r.int(-9, 9) as i32).collect();
    let b: Vec<i32> = (0..n).map(|_| r.int(-1000, 1000) as i32).collect();
    let sel: Vec<i32> = (0..n).map(|_| r.int(0, 100) as i32).collect();
    let ops: [fn(i32, i32) -> i32; 5] = [
        |x, y| x.wrapping_add(y),
        |x, y| x.wrapping_sub(y),
        |x, y| x.wrapping_mul(y),
        |x, y| x.max(y),
        |x, y| (x ^ y).wrapping_add(x & 7),
    ];
    let out: Vec<i32> = (0..n)
        .map(|i| {
            let (x, y, s) = (a[i], b[i], sel[i]);
            let h = if s & 1 != 0 { y * y } else { 2 * y };
            let scaled = if s > 2 { x * 3 } else { x + 3 };
            ops[(s % 5) as usize](x, y) + 2 * x + 9 - y + h + scaled
        })
        .collect();
    let folds: Vec<i32> = (0..5)
        .map(|k| a[..8].iter().fold(k as i32, |acc, &v| ops[k](acc, v)))
        .collect();
    Case::new(
        "function_pointers.cu",
        [3, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("a", Data::I32(a)),
            Arg::Buf("b", Data::I32(b)),
            Arg::Buf("sel", Data::I32(sel)),
            Arg::Buf("out", Data::I32(vec![0; n])),
            Arg::Buf("folds", Data::I32(vec![0; 5])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::I32(out))
    .expect("folds", Data::I32(folds))
}

pub fn cases() -> Vec<Case> {
    vec![
        function_pointers(),
        barrier(),
        constant_memory(),
        conversions(),
        cxx_bitfields(),
        cxx_conversions(),
        cxx_members(),
        cxx_member_init(),
        cxx_inheritance_tiles(),
        cxx_inheritance_functors(),
        cxx_partial_spec_float(),
        cxx_partial_spec_int(),
        cxx_deduced(),
        struct_loop(),
        cxx_specialization_float(),
        cxx_specialization_int(),
        cxx_overloads(),
        cxx_refs(),
        cxx_structs(),
        designators(),
        device_functions(),
        dynamic_shared(),
        fast_math(),
        float_math(),
        grid_stride(),
        half_math(),
        histogram(),
        shared_pointers(),
        memops(),
        init_lists(),
        integer_ops(),
        intrinsics(),
        launch_bounds(),
        local_array(),
        logic(),
        loops(),
        macros(),
        math_intrinsics(),
        matrix2d(),
        phi_copies(),
        pointers(),
        printf(),
        reflect(),
        saxpy(),
        scan(),
        shared_reduce(),
        shared_structs(),
        sparse_switch(),
        struct_init(),
        structs(),
        switch_goto(),
        template_reduce(),
        template_saxpy_double(),
        template_saxpy_float(),
        template_struct(),
        tiled_matmul(),
        vector_add(),
        vector_types(),
        warp_match(),
        warp_reduce(),
        whole_file(),
        coop_groups(),
        half2_dot(),
        bf16_axpy(),
        half_convert(),
        wmma_gemm(),
    ]
}

/// The f16 bits of a small integer (exact).
fn f16_of_int(v: i32) -> u16 {
    if v == 0 {
        return 0;
    }
    let sign = if v < 0 { 0x8000u16 } else { 0 };
    let m = v.unsigned_abs();
    let e = 31 - m.leading_zeros();
    let frac = ((m << 10) >> e) & 0x3ff;
    sign | ((e as u16 + 15) << 10) | frac as u16
}

pub fn wmma_gemm() -> Case {
    let mut r = Rng(161);
    let (m, n, k) = (32usize, 32usize, 48usize);
    let (alpha, beta) = (2.0f32, -1.0f32);
    let a: Vec<i32> = (0..m * k).map(|_| r.int(-3, 4) as i32).collect();
    // B column-major: element (kk, j) at j * k + kk.
    let b: Vec<i32> = (0..k * n).map(|_| r.int(-3, 4) as i32).collect();
    let c: Vec<f32> = (0..m * n).map(|_| r.int(-8, 9) as f32).collect();
    let mut d = vec![0f32; m * n];
    for i in 0..m {
        for j in 0..n {
            let s: i32 = (0..k).map(|kk| a[i * k + kk] * b[j * k + kk]).sum();
            d[i * n + j] = alpha * s as f32 + beta * c[i * n + j];
        }
    }
    let bits = |v: &[i32]| Data::I16(v.iter().map(|x| f16_of_int(*x) as i16).collect());
    Case::new(
        "wmma_gemm.cu",
        [1, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("a", bits(&a)),
            Arg::Buf("b", bits(&b)),
            Arg::Buf("c", Data::F32(c)),
            Arg::Buf("d", Data::F32(vec![0.0; m * n])),
            Arg::Scalar(ArgValue::I32(m as i32)),
            Arg::Scalar(ArgValue::I32(n as i32)),
            Arg::Scalar(ArgValue::I32(k as i32)),
            Arg::Scalar(ArgValue::F32(alpha)),
            Arg::Scalar(ArgValue::F32(beta)),
        ],
    )
    .expect("d", Data::F32(d))
}

/// A bfloat16's value: the top half of an f32.
pub fn bf16_value(h: u16) -> f64 {
    f64::from(f32::from_bits(u32::from(h) << 16))
}

/// The bfloat16 nearest to a finite `v` (ties to even): among the
/// neighbours of `v` rounded to f32, the closest by exact f64 distances.
pub fn nearest_bf16(v: f64) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    let h = ((a as f32).to_bits() >> 16) as u16;
    let mut best = h;
    for c in [h.saturating_sub(1), h, h + 1] {
        let (dc, db) = ((bf16_value(c) - a).abs(), (bf16_value(best) - a).abs());
        if dc < db || (dc == db && c % 2 == 0) {
            best = c;
        }
    }
    sign | best
}

/// A random half with |x| in [1/16, 1): 10 random fraction bits.
fn half_in_unit(r: &mut Rng) -> u16 {
    let e = r.int(11, 15) as u16; // 2^-4 .. 2^-1
    let sign = if r.int(0, 2) == 1 { 0x8000 } else { 0 };
    sign | (e << 10) | r.int(0, 1024) as u16
}

pub fn half2_dot() -> Case {
    let mut r = Rng(77);
    let (blocks, threads, n) = (2usize, 128usize, 600usize);
    let a: Vec<u16> = (0..2 * n).map(|_| half_in_unit(&mut r)).collect();
    let b: Vec<u16> = (0..2 * n).map(|_| half_in_unit(&mut r)).collect();
    let hv = half_value;
    let rn = nearest_half;
    let mut partial = vec![0u16; 2 * blocks];
    let mut out = vec![0f32; blocks];
    for blk in 0..blocks {
        let mut lanes = [[0u16; 128]; 2];
        for (l, lane) in lanes.iter_mut().enumerate() {
            for (t, acc) in lane.iter_mut().enumerate() {
                let mut i = blk * threads + t;
                while i < n {
                    // fma.rn.f16x2: the product and sum exact in f64, one rounding.
                    *acc = rn(hv(a[2 * i + l]) * hv(b[2 * i + l]) + hv(*acc));
                    i += blocks * threads;
                }
            }
            // The butterfly within each warp, then the warps in order.
            for w in lane.chunks_mut(32) {
                for m in [16, 8, 4, 2, 1] {
                    let old = w.to_vec();
                    for k in 0..32 {
                        w[k] = rn(hv(old[k]) + hv(old[k ^ m]));
                    }
                }
            }
            let mut s = lane[0];
            for w in 1..threads / 32 {
                s = rn(hv(s) + hv(lane[32 * w]));
            }
            partial[2 * blk + l] = s;
        }
        out[blk] = hv(partial[2 * blk]) as f32 + hv(partial[2 * blk + 1]) as f32;
    }
    let bits = |v: Vec<u16>| Data::I16(v.into_iter().map(|h| h as i16).collect());
    Case::new(
        "half2_dot.cu",
        [blocks as u32, 1, 1],
        [threads as u32, 1, 1],
        vec![
            Arg::Buf("a", bits(a)),
            Arg::Buf("b", bits(b)),
            Arg::Buf("out", Data::F32(vec![0.0; blocks])),
            Arg::Buf("partial", Data::I16(vec![0; 2 * blocks])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", Data::F32(out))
    .expect("partial", bits(partial))
}

pub fn bf16_axpy() -> Case {
    let mut r = Rng(78);
    let n = 200usize;
    let a = 0.7f32;
    let pick = |r: &mut Rng| nearest_bf16(r.f64(-4.0, 4.0));
    let x: Vec<u16> = (0..2 * n).map(|_| pick(&mut r)).collect();
    let y: Vec<u16> = (0..2 * n).map(|_| pick(&mut r)).collect();
    let bv = bf16_value;
    let av = bv(nearest_bf16(f64::from(a)));
    let mut out = vec![0u16; 2 * n];
    let mut wide = vec![0f32; 2 * n];
    for i in 0..n {
        for l in 0..2 {
            let xi = bv(x[2 * i + l]);
            // One rounding each: products of bfloat16s and these sums are exact in f64.
            let rr = nearest_bf16(av * xi + bv(y[2 * i + l]));
            out[2 * i + l] = nearest_bf16(bv(rr) + bv(nearest_bf16(xi * xi)));
        }
        let prod = a * bv(x[2 * i + 1]) as f32;
        let rz = f32::from_bits(prod.to_bits() & 0xffff_0000);
        wide[2 * i] = bv(out[2 * i]) as f32;
        wide[2 * i + 1] = bv(out[2 * i + 1]) as f32 + rz;
    }
    let bits = |v: Vec<u16>| Data::I16(v.into_iter().map(|h| h as i16).collect());
    Case::new(
        "bf16_axpy.cu",
        [2, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("y", bits(y)),
            Arg::Buf("x", bits(x)),
            Arg::Scalar(ArgValue::F32(a)),
            Arg::Buf("wide", Data::F32(vec![0.0; 2 * n])),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("y", bits(out))
    .expect("wide", Data::F32(wide))
}

/// A finite `v` rounded to a half: `dir` -1 down, 0 toward zero, 1 up.
pub fn directed_half(v: f64, dir: i32) -> u16 {
    let sign = if v.is_sign_negative() { 0x8000u16 } else { 0 };
    let a = v.abs();
    // The largest finite half magnitude at most a.
    let (mut lo, mut hi) = (0u16, 0x7bffu16);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if half_value(mid) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let exact = half_value(lo) == a;
    // Away from zero: up for positives, down for negatives.
    let away = (dir == 1 && sign == 0) || (dir == -1 && sign != 0);
    sign | if exact || !away { lo } else { lo + 1 }
}

pub fn half_convert() -> Case {
    let mut r = Rng(79);
    let n = 300usize;
    let f: Vec<f32> = (0..n)
        .map(|i| match i % 4 {
            0 => r.f32(-3.0, 3.0),
            1 => r.f32(-70000.0, 70000.0),
            2 => r.f32(-1.0, 1.0) * 1e-5,
            _ => r.int(-8, 8) as f32 * 0.5,
        })
        .collect();
    let k: Vec<i32> = (0..n).map(|_| r.int(-100_000, 100_000) as i32).collect();
    let hv = half_value;
    let mut out = vec![0u16; 8 * n];
    let mut iout = vec![0i32; 2 * n];
    for i in 0..n {
        let v = f64::from(f[i]);
        let h = nearest_half(v);
        let rz = directed_half(v, 0);
        let o = &mut out[8 * i..8 * i + 8];
        o[0] = rz;
        o[1] = directed_half(v, -1);
        o[2] = directed_half(v, 1);
        o[3] = directed_half(f64::from(k[i]), -1);
        o[4] = nearest_half(hv(h).floor());
        let s = hv(nearest_half(hv(h) + 0.25));
        o[5] = nearest_half(s.clamp(0.0, 1.0));
        let bits = f[i].to_bits();
        let up = bits & 0xffff != 0 && bits >> 31 == 0;
        o[6] = ((bits >> 16) + u32::from(up)) as u16;
        o[7] = if hv(h) > -1.5 { h } else { nearest_half(-1.5) };
        let x = hv(h);
        iout[2 * i] = if x.is_infinite() {
            if x > 0.0 {
                i32::MAX
            } else {
                i32::MIN
            }
        } else {
            x.trunc() as i32
        };
        let isinf = if x.is_infinite() {
            x.signum() as i32
        } else {
            0
        };
        iout[2 * i + 1] =
            i32::from(x > 0.5 && hv(rz) > 0.5) + 2 * isinf + 4 * i32::from(x < 0.0 && hv(rz) < 1.0);
    }
    let bits = |v: Vec<u16>| Data::I16(v.into_iter().map(|h| h as i16).collect());
    Case::new(
        "half_convert.cu",
        [3, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("out", Data::I16(vec![0; 8 * n])),
            Arg::Buf("iout", Data::I32(vec![0; 2 * n])),
            Arg::Buf("f", Data::F32(f)),
            Arg::Buf("k", Data::I32(k)),
            Arg::Scalar(ArgValue::I32(n as i32)),
        ],
    )
    .expect("out", bits(out))
    .expect("iout", Data::I32(iout))
}
