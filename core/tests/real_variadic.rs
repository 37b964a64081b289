//! Variadic class templates as real files use them (HeCBench's
//! logic-rewrite `thrust::tuple`): a recursive tuple-like template with a
//! partial specialization on a pack, `sizeof...`, a pack deduced from a
//! class instance, and `<thrust/tuple.h>`/`<tuple>`'s tuple. Kernel names
//! as nvcc 13 writes them (checked against nvcc by hand); the values are
//! folded at -O3, so the stores show what C++ says; ptxas accepts the PTX.

mod common;

use ptxlab_core::{compile_source, Options};

fn ptx(tag: &str, src: &str) -> String {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(
        c.diagnostics.iter().all(|d| !d.is_error()),
        "{:#?}",
        c.diagnostics
    );
    let ptx = c.ptx.expect("no PTX");
    if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", tag) {
        panic!("ptxas rejects:\n{e}\n{ptx}");
    }
    ptx
}

/// The constants kernel `entry` moves into registers (`mov.u32 %rN, V`),
/// in order.
fn constants(ptx: &str, entry: &str) -> Vec<i64> {
    ptx.lines()
        .skip_while(|l| !l.contains(&format!(".entry {entry}(")))
        .take_while(|l| *l != "}")
        .filter_map(|l| l.trim().strip_prefix("mov.u32 \t%r"))
        .filter_map(|l| l.split_once(", "))
        .filter_map(|(_, v)| v.trim_end_matches(';').parse().ok())
        .collect()
}

const TUP: &str = r#"
template <typename... Ts> struct tup;
template <> struct tup<> {};
template <typename T, typename... Rest> struct tup<T, Rest...> : tup<Rest...> {
  T head;
  __device__ tup() {}
  __device__ tup(T h, Rest... r) : tup<Rest...>(r...), head(h) {}
};
template <int I, typename T> struct elem;
template <typename T, typename... Rest> struct elem<0, tup<T, Rest...>> { typedef T type; };
template <int I, typename T, typename... Rest> struct elem<I, tup<T, Rest...>> {
  typedef typename elem<I - 1, tup<Rest...>>::type type;
};
template <typename... Ts> struct count { static const int value = sizeof...(Ts); };
template <typename... Ts> __device__ int size_of(tup<Ts...> &) { return sizeof...(Ts); }
template <typename... Ts> __global__ void k(int *out, tup<Ts...> t) { out[0] = count<Ts...>::value + (int)t.head; }
template __global__ void k<float, int, char>(int *, tup<float, int, char>);
__global__ void k2(int *out) {
  tup<int, float> t(3, 2.5f);
  elem<1, tup<int, float>>::type f = static_cast<tup<float> &>(t).head;
  out[0] = t.head * 100 + (int)(f * 10) + size_of(t) * 1000 + sizeof(tup<char, double, int>);
}
"#;

/// `tup<int, float>(3, 2.5f)`: head 3, its base's head 2.5 (of type
/// `elem<1, …>::type`, float), two elements deduced from the instance;
/// `tup<char, double, int>` is laid out as nvcc does (its bases first: 24
/// bytes). The explicit instance's name packs its arguments (`IJficEE`) and
/// writes its parameter's pattern `3tupIJDpT_EE`.
#[test]
fn recursive_variadic_class_template() {
    let p = ptx("tup", TUP);
    assert!(p.contains(".entry _Z1kIJficEEvPi3tupIJDpT_EE("), "{p}");
    assert_eq!(constants(&p, "_Z2k2Pi"), [300 + 25 + 2000 + 24]);
}

const TUPLE: &str = r#"
#include <thrust/tuple.h>
struct is_dead {
  __device__ bool operator()(const thrust::tuple<int, int> &e) const {
    return thrust::get<0>(e) == -1 || thrust::get<1>(e) >= 2;
  }
};
__global__ void k(thrust::tuple<int, float> t, int *o) { o[0] = thrust::get<0>(t) + (int)thrust::get<1>(t); }
__global__ void k2(int *o) {
  thrust::tuple<int, float, char> t = thrust::make_tuple(7, 2.0f, 'a');
  o[0] = thrust::get<0>(t) * 10 + (int)thrust::get<1>(t) + thrust::tuple_size<thrust::tuple<int, float, char>>::value * 100
         + (thrust::get<2>(t) == 'a') * 1000;
}
__global__ void k3(int *o) { thrust::tie(o[0], o[1]) = thrust::make_tuple(3, 9); }
__global__ void k4(int *o) {
  is_dead d;
  o[0] = d(thrust::make_tuple(-1, 0)) + d(thrust::make_tuple(0, 2)) * 10 + d(thrust::make_tuple(0, 1)) * 100;
}
"#;

/// thrust::tuple is libcu++'s `cuda::std::tuple` (nvcc's name
/// `N4cuda3std3__45tupleIJifEEE`); `get`, `make_tuple`, `tuple_size`, `tie`
/// give the values C++ says.
#[test]
fn thrust_tuple_get_make_tuple_tie() {
    let p = ptx("thrust_tuple", TUPLE);
    assert!(
        p.contains(".entry _Z1kN4cuda3std3__45tupleIJifEEEPi("),
        "{p}"
    );
    assert_eq!(constants(&p, "_Z2k2Pi"), [70 + 2 + 300 + 1000]);
    assert_eq!(constants(&p, "_Z2k3Pi"), [3, 9]);
    assert_eq!(constants(&p, "_Z2k4Pi"), [11]);
}

/// `<tuple>`'s functions are constexpr host functions, as libstdc++'s:
/// device code calling them is an error without
/// `--expt-relaxed-constexpr`, host code declares tuples freely.
#[test]
fn std_tuple_is_host_constexpr() {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let src = "#include <tuple>\n\
               std::tuple<int, int *, float> f(int n);\n\
               __global__ void k(int *o) { o[0] = std::get<0>(std::make_tuple(1, 2)); }\n";
    let c = compile_source("k.cu", src, &opts);
    assert!(
        c.diagnostics
            .iter()
            .any(|d| d.is_error() && d.message.contains("constexpr __host__ function")),
        "{:#?}",
        c.diagnostics
    );
    let relaxed = Options {
        expt_relaxed_constexpr: true,
        ..opts
    };
    let c = compile_source("k.cu", src, &relaxed);
    assert!(
        c.diagnostics.iter().all(|d| !d.is_error()),
        "{:#?}",
        c.diagnostics
    );
}
