//! Template constructs of real programs (HeCBench's), run by the IR
//! interpreter and the PTX emulator at -O0 and -O3: `std::common_type`
//! in a member template's return type, template template parameters
//! (explicit, defaulted, deduced, in a partial specialization), member
//! template constructors.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
#include <type_traits>
#include <cstdint>
#include <cstddef>
struct Max {
  template <typename T, typename U>
  __device__ __forceinline__ typename std::common_type<T, U>::type operator()(T &&t, U &&u) const {
    return ((t) > (u)) ? (t) : (u);
  }
};
template <typename T> struct SumOp { __device__ static T init() { return T(100); } __device__ static T op(const T &a, const T &b) { return a + b; } };
template <typename T> struct MulOp { __device__ static T init() { return T(1); } __device__ static T op(const T &a, const T &b) { return a * b; } };
template <template <class> class Func, typename T> __device__ T fold(const T *v, int n) {
  T acc = Func<T>::init();
  for (int i = 0; i < n; i++) acc = Func<T>::op(acc, v[i]);
  return acc;
}
template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
struct Acc {
  typedef typename PtrTraits<T>::PtrType PtrType;
  __device__ Acc(PtrType d) : data_(d) {}
  __device__ T &at(int i) { return data_[i * N]; }
  PtrType data_;
};
template <typename T, template <typename U> class PtrTraits>
struct Acc<T, 1, PtrTraits> {
  typedef typename PtrTraits<T>::PtrType PtrType;
  __device__ Acc(PtrType d) : data_(d) {}
  __device__ T get(int i) { return data_[i] + 1000; }
  PtrType data_;
};
template <typename T> struct Box { T v; };
template <template <class> class C, class T> __device__ T first(C<T> &c) { return c.v; }
__global__ void k(float *f, int *i) {
  f[0] = Max()(f[0], i[0]);
  i[1] = Max()(i[1], (short)-3);
  i[2] = fold<SumOp>(i + 3, 3);
  i[6] = fold<MulOp, int>(i + 3, 3);
  Acc<float, 2, RestrictPtrTraits> a(f + 1);
  Acc<float, 1> b(f + 1);
  a.at(1) = b.get(0);
  Box<int> x; x.v = i[7];
  i[7] = first(x) * 2;
}
"#;

const KERNEL: &str = "_Z1kPfPi";

/// What C++ says: `Max` of a float and an int is a float (5 over 2.5), of
/// an int and a short an int (-3 over -7); `fold<SumOp>` starts at 100 and
/// adds, `fold<MulOp>` multiplies; `Acc<float, 2>` steps by 2 and reads
/// `f[3]`, the `N = 1` specialization adds 1000; `first` reads the box.
const WANT_F: [f32; 4] = [5.0, 7.0, 0.0, 1007.0];
const WANT_I: [i32; 8] = [5, -3, 109, 2, 3, 4, 24, 42];

#[test]
fn real_templates3_run() {
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let e = emu::PtxModule::parse(&ptx).unwrap();
        for run in 0..2 {
            let mut mem = Memory::new();
            let f = mem.upload(&[2.5f32, 7.0, 0.0, 0.0]);
            let i = mem.upload(&[5i32, -7, 0, 2, 3, 4, 0, 21]);
            let args = vec![ArgValue::Buffer(f), ArgValue::Buffer(i)];
            let l = Launch::new([1, 1, 1], [1, 1, 1], args);
            let who = if run == 0 {
                "interpreter"
            } else {
                "PTX emulator"
            };
            if run == 0 {
                interp::run_kernel(&m, KERNEL, &l, &mut mem, &Config::default()).unwrap();
            } else {
                emu::run_kernel(&e, KERNEL, &l, &mut mem, &Config::default()).unwrap();
            }
            assert_eq!(mem.download::<f32>(f), WANT_F, "{who} -O{level}");
            assert_eq!(mem.download::<i32>(i), WANT_I, "{who} -O{level}");
        }
    }
}

const CTORS: &str = r#"
template <typename T, int N> struct vec_t;
template <typename T> struct vec_t<T, 2> {
  __device__ vec_t(T a, T b) : x(a), y(b) {}
  template <typename OT> __device__ explicit vec_t(const vec_t<OT, 2> &o) : x((T)o.x * 2), y((T)o.y * 3) {}
  T x, y;
};
struct P {
  int v;
  template <typename S> __device__ P(S s) : v((int)(s * 4)) {}
  __device__ P(int a, int b) : v(a - b) {}
};
__global__ void k(float *f, int *i) {
  vec_t<int, 2> a(i[0], i[1]);
  vec_t<float, 2> b(a);
  vec_t<float, 2> c = vec_t<float, 2>(vec_t<int, 2>(1, 2));
  f[0] = b.x + b.y * 100 + c.x * 10000 + c.y * 100000;
  P p(f[1]);
  P q(i[2], 1);
  i[2] = p.v + q.v * 1000;
}
"#;

/// Constructor templates chosen beside the plain constructors: `vec_t<float,
/// 2>(a)` from a `vec_t<int, 2>` scales x by 2 and y by 3; `P(2.5f)` takes
/// the template (10), `P(7, 1)` the plain constructor (6).
#[test]
fn member_template_constructors_run() {
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", CTORS, &NoFiles, &opts, None).unwrap();
        let ptx = compile_source("t.cu", CTORS, &opts).ptx.unwrap();
        let e = emu::PtxModule::parse(&ptx).unwrap();
        for run in 0..2 {
            let mut mem = Memory::new();
            let f = mem.upload(&[0.0f32, 2.5]);
            let i = mem.upload(&[3i32, 4, 7]);
            let args = vec![ArgValue::Buffer(f), ArgValue::Buffer(i)];
            let l = Launch::new([1, 1, 1], [1, 1, 1], args);
            let who = if run == 0 {
                "interpreter"
            } else {
                "PTX emulator"
            };
            if run == 0 {
                interp::run_kernel(&m, "_Z1kPfPi", &l, &mut mem, &Config::default()).unwrap();
            } else {
                emu::run_kernel(&e, "_Z1kPfPi", &l, &mut mem, &Config::default()).unwrap();
            }
            let want = 6.0f32 + 12.0 * 100.0 + 2.0 * 10000.0 + 6.0 * 100000.0;
            assert_eq!(mem.download::<f32>(f), [want, 2.5], "{who} -O{level}");
            assert_eq!(mem.download::<i32>(i), [3, 4, 10 + 6000], "{who} -O{level}");
        }
    }
}
