//! Lambdas in device code, each capture form (`[&]`, `[=]`, `[&, t]`,
//! `[=, &b]`, named copies and references, init-captures, `mutable`, a
//! lambda in a lambda, one passed to a function template, one called where
//! it is written): run by the IR interpreter and the PTX emulator at -O0
//! and -O3.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
template <class T, class Op> __device__ T apply(T x, Op op) { return op(x); }
struct P { int a; int b; };
__device__ int twice(int v) { auto d = [](int z) { return 2 * z; }; return d(v); }
__global__ void k(int *o, int n) {
    int t = threadIdx.x;
    int base = n + t;
    P p{t, 100};
    auto byref = [&](int i) { base += i; return base; };
    auto bycopy = [=](int i) { return base * 10 + i + p.b; };
    auto mixed = [&, t](int i) { return base + t * i; };
    auto mixed2 = [=, &base](int i) { base -= i; return p.a + base; };
    auto named = [p, &base](int i) -> long { return p.a * i + base; };
    auto counter = [c = 0]() mutable { return ++c; };
    auto init = [m = n * 2, &r = o[8 * t + 7]]() { r = m; return m + 1; };
    auto outer = [&](int i) { auto inner = [&](int j) { return base + i + j; }; return inner(1); };
    int *row = o + 8 * t;
    row[0] = byref(5);
    row[1] = bycopy(1);
    row[2] = mixed(3);
    row[3] = mixed2(2);
    row[4] = (int)named(4);
    counter();
    counter();
    auto c2 = counter;
    int a = c2();
    row[5] = a * 10 + counter() + 100 * outer(2);
    row[6] = init() + apply(t, [&](int x) { return x + base; }) + twice(t) + [](int z) { return z + 1; }(t);
}
"#;

const KERNEL: &str = "_Z1kPii";

fn launch(mem: &mut Memory) -> (Launch, ptxlab_sim::BufferId) {
    let o = mem.upload(&[0i32; 32]);
    let args = vec![ArgValue::Buffer(o), ArgValue::I32(10)];
    (Launch::new([1, 1, 1], [4, 1, 1], args), o)
}

/// What C++ says each thread computes (`n` = 10).
fn want() -> Vec<i32> {
    let mut v = Vec::new();
    for t in 0..4 {
        let base = 10 + t; // captured by copy before any change
        let after = base + 5; // byref(5)
        let after2 = after - 2; // mixed2(2)
        v.extend([
            after,
            base * 10 + 1 + 100,
            after + 3 * t,
            t + after2,
            4 * t + after2,
            3 * 10 + 3 + 100 * (after2 + 2 + 1),
            21 + (t + after2) + 2 * t + (t + 1),
            20,
        ]);
    }
    v
}

#[test]
fn lambdas_capture_and_run() {
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let mut mem = Memory::new();
        let (l, o) = launch(&mut mem);
        interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<i32>(o), want(), "interpreter -O{level}");

        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let m = emu::PtxModule::parse(&ptx).unwrap();
        let mut mem = Memory::new();
        let (l, o) = launch(&mut mem);
        emu::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<i32>(o), want(), "PTX emulator -O{level}");
    }
}
