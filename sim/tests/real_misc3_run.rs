//! What kernels written with constructs of `core/tests/real_misc3.rs`
//! compute: a member written through `reinterpret_cast<A &>(*this)`, a
//! lambda calling a lambda it captured, a function found by
//! argument-dependent lookup, a partial specialization chosen by
//! `enable_if`, a member template reading its enclosing class's bound, a
//! host `constexpr` function in an alias template's bound. Run by the IR
//! interpreter and the PTX emulator at -O0 and -O3.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
#include <type_traits>
constexpr int div_up(int p, int q) { return (p + q - 1) / q; }
template <int n> using Bytes = char[div_up(n, 8) * 8];
struct A { int x; };
struct B { int w[2]; __device__ A &alias() { return reinterpret_cast<A &>(w[1]); } };
namespace g {
template <typename T> struct V { T x, y, z; __device__ T norm2() const { return x * x + y * y + z * z; } };
template <typename T> __device__ T norm2(V<T> v) { return v.norm2(); }
}
template <typename T> struct isp { static constexpr bool value = std::is_pointer<T>::value; };
template <typename T, typename Enable = void> struct et { using type = T; };
template <typename T> struct et<T, typename std::enable_if<isp<T>::value>::type> { using type = char; };
template <typename T, int IPT> struct BL {
  int tid;
  template <typename It>
  __device__ void Load(It p, T (&items)[IPT]) { for (int i = 0; i < IPT; i++) items[i] = p[tid * IPT + i]; }
};
__global__ void k(int *o, const int *in, long s) {
  int t = threadIdx.x;
  int *r = o + 8 * t;
  B b; b.w[0] = 0; b.w[1] = 0;
  b.alias().x = 5 + t;
  r[0] = b.w[1] * 10 + b.w[0];
  auto off = [=](long a, long c) { return a * s + c; };
  auto ker = [=](long a) { long u = off(a, 1); return u * 2; };
  r[1] = (int)ker(t);
  g::V<int> v{t, 2, 3};
  r[2] = norm2(v);
  r[3] = sizeof(et<double *>::type) * 100 + sizeof(et<double>::type);
  int items[3];
  BL<int, 3> bl{t};
  bl.Load(in, items);
  r[4] = items[0] + items[1] * 10 + items[2] * 100;
  r[5] = sizeof(Bytes<13>);
}
"#;

const KERNEL: &str = "_Z1kPiPKil";
const THREADS: usize = 4;

fn launch(mem: &mut Memory) -> (Launch, ptxlab_sim::BufferId) {
    let o = mem.upload(&[0i32; 8 * THREADS]);
    let input: Vec<i32> = (0..3 * THREADS as i32).collect();
    let i = mem.upload(&input);
    let args = vec![ArgValue::Buffer(o), ArgValue::Buffer(i), ArgValue::I64(7)];
    (Launch::new([1, 1, 1], [THREADS as u32, 1, 1], args), o)
}

/// What C++ says each thread computes.
fn want() -> Vec<i32> {
    let mut o = Vec::new();
    for t in 0..THREADS as i32 {
        let b = 3 * t;
        o.extend([
            (5 + t) * 10,
            (t * 7 + 1) * 2,
            t * t + 4 + 9,
            108,
            b + (b + 1) * 10 + (b + 2) * 100,
            16,
            0,
            0,
        ]);
    }
    o
}

#[test]
fn real_misc3_constructs_run() {
    let w = want();
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let mut mem = Memory::new();
        let (l, o) = launch(&mut mem);
        interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<i32>(o), w, "interpreter -O{level}");

        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let m = emu::PtxModule::parse(&ptx).unwrap();
        let mut mem = Memory::new();
        let (l, o) = launch(&mut mem);
        emu::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<i32>(o), w, "PTX emulator -O{level}");
    }
}
