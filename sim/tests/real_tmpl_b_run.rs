//! Template constructs of real programs, run by the IR interpreter and the
//! PTX emulator at -O0 and -O3: overloads chosen by their template
//! parameter lists and by partial ordering, default arguments, explicit
//! specializations deduced from the return type, and members of class
//! templates defined out of their class.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
template <typename T, int X, int Y> __device__ void acc(T &a, T &b) { a += X; b += Y; }
template <typename T> __device__ void acc(T &a, T &b) { a += 1; b += 2; }
template <typename T> __device__ T pick(const T v, int k = 10) { return v + k; }
template <typename T> struct Box { T v; };
template <typename T> __device__ Box<T> pick(const Box<T> &b, int k = 20) { Box<T> r; r.v = b.v * k; return r; }
template <typename Acc, typename A, typename B> __device__ Acc mul(A a, B b);
template <> __device__ float mul<float, float>(float a, float b) { return a * b; }
template <> __device__ float2 mul(float2 a, float2 b) { return make_float2(a.x * b.x, a.y * b.y); }
template <typename T, int N> struct vec;
template <typename T> struct vec<T, 3> { T x, y, z; __device__ vec(const vec<T, 4> &v); __device__ T sum() const; };
template <typename T> struct vec<T, 4> { T x, y, z, w; __device__ vec(T a) : x(a), y(a + 1), z(a + 2), w(a + 3) {} };
template <typename T> __device__ vec<T, 3>::vec(const vec<T, 4> &v) : x(v.x), y(v.y), z(v.w) {}
template <typename T> __device__ T vec<T, 3>::sum() const { return x + y * 10 + z * 100; }
template <typename T> struct Iv { T lo, hi; __device__ Iv(T a, T b); __device__ T width() const; };
template <typename T> inline __device__ Iv<T>::Iv(T a, T b) : lo(a), hi(b) {}
template <typename T> inline __device__ T Iv<T>::width() const { return hi - lo; }
__global__ void k(float *x, int *y) {
    acc<float, 3, 4>(x[0], x[1]);
    acc<float>(x[2], x[3]);
    Box<int> b; b.v = y[0];
    y[1] = pick(y[0]) + pick(b).v + pick(y[0], 1);
    float2 p = mul<float2, float2, float2>(make_float2(x[4], x[5]), make_float2(x[4], 2.0f));
    x[4] = p.x; x[5] = p.y + mul<float, float, float>(x[6], 3.0f);
    vec<float, 4> a(x[7]); vec<float, 3> c(a); x[7] = c.sum();
    Iv<int> i(y[2], y[3]); y[2] = i.width();
}
"#;

const KERNEL: &str = "_Z1kPfPi";

fn launch(mem: &mut Memory) -> (Launch, ptxlab_sim::BufferId, ptxlab_sim::BufferId) {
    let f = mem.upload(&[1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 1.0]);
    let i = mem.upload(&[3i32, 0, 5, 12]);
    let args = vec![ArgValue::Buffer(f), ArgValue::Buffer(i)];
    (Launch::new([1, 1, 1], [1, 1, 1], args), f, i)
}

/// What C++ says: `acc<float, 3, 4>` adds 3 and 4, `acc<float>` 1 and 2;
/// `pick` of an `int` adds its default 10 (or 1), of a `Box` multiplies
/// by 20; `mul` of float2 multiplies lanes; `vec<float, 3>(a)` takes x, y
/// and w of (1, 2, 3, 4); the interval's width is 12 - 5.
const WANT_F: [f32; 8] = [
    4.0,
    6.0,
    4.0,
    6.0,
    25.0,
    12.0 + 21.0,
    7.0,
    1.0 + 20.0 + 400.0,
];
const WANT_I: [i32; 4] = [3, 13 + 60 + 4, 7, 12];

#[test]
fn real_template_constructs_run() {
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let mut mem = Memory::new();
        let (l, f, i) = launch(&mut mem);
        interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<f32>(f), WANT_F, "interpreter -O{level}");
        assert_eq!(mem.download::<i32>(i), WANT_I, "interpreter -O{level}");

        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let m = emu::PtxModule::parse(&ptx).unwrap();
        let mut mem = Memory::new();
        let (l, f, i) = launch(&mut mem);
        emu::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
        assert_eq!(mem.download::<f32>(f), WANT_F, "PTX emulator -O{level}");
        assert_eq!(mem.download::<i32>(i), WANT_I, "PTX emulator -O{level}");
    }
}

const FORWARDING: &str = r#"
struct Max {
  template <typename T, typename U>
  __device__ __forceinline__ T operator()(T &&t, U &&u) const { return t > u ? t : u; }
};
template <typename T> __device__ void set(T &&x, int v) { x = v; }
template <typename T> __device__ int twice(T &&x) { return x + x; }
__global__ void k(float *f, int *i) {
  float a = f[0];
  f[1] = Max()(a, f[2]);
  f[3] = Max()(1.5f, a);
  set(i[0], 7);
  int n = 2; set(n, 9); i[1] = n + twice(n) + twice(4);
}
"#;

/// Forwarding references: an lvalue argument binds by reference (`set(n,
/// 9)` writes `n`), an rvalue by value.
#[test]
fn forwarding_references_run() {
    let want_f = [2.0f32, 5.0, 5.0, 2.0, 0.0];
    let want_i = [7i32, 9 + 18 + 8];
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", FORWARDING, &NoFiles, &opts, None).unwrap();
        let ptx = compile_source("t.cu", FORWARDING, &opts).ptx.unwrap();
        let e = emu::PtxModule::parse(&ptx).unwrap();
        for run in 0..2 {
            let mut mem = Memory::new();
            let f = mem.upload(&[2.0f32, 0.0, 5.0, 0.0, 0.0]);
            let i = mem.upload(&[0i32, 0]);
            let args = vec![ArgValue::Buffer(f), ArgValue::Buffer(i)];
            let l = Launch::new([1, 1, 1], [1, 1, 1], args);
            if run == 0 {
                interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
            } else {
                emu::run_kernel(&e, KERNEL, &l, &mut mem, &Config::default()).unwrap();
            }
            assert_eq!(mem.download::<f32>(f), want_f, "run {run} -O{level}");
            assert_eq!(mem.download::<i32>(i), want_i, "run {run} -O{level}");
        }
    }
}
