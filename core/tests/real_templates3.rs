//! Templates as real programs write them (HeCBench's files), third part:
//! `std::common_type` in member templates' signatures, template template
//! parameters, variable templates, member template constructors and
//! SFINAE in non-type template parameters. Each compiles with no
//! diagnostic, ptxas accepts the PTX (when it is installed) and the
//! kernels have the names nvcc 13 gives them at sm_80.

mod common;

use ptxlab_core::{compile_source, Options};

/// The PTX of a compile with no diagnostic, checked by ptxas.
fn ptx(tag: &str, src: &str) -> String {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    assert!(c.diagnostics.is_empty(), "{:#?}", c.diagnostics);
    let ptx = c.ptx.expect("no PTX");
    if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", tag) {
        panic!("ptxas rejects:\n{e}\n{ptx}");
    }
    ptx
}

/// The diagnostics of a compile that fails.
fn errors(src: &str) -> Vec<String> {
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("k.cu", src, &opts);
    c.diagnostics.iter().map(|d| d.message.clone()).collect()
}

fn entries(ptx: &str) -> Vec<&str> {
    let mut e: Vec<&str> = ptx
        .lines()
        .filter_map(|l| l.split(".entry ").nth(1))
        .map(|l| l.trim_end_matches('('))
        .collect();
    e.sort_unstable();
    e
}

/// `typename std::common_type<T, U>::type` as a member template's return
/// type (CUB's `Max` copied into HeCBench's moe, adamw, softmax-online): the
/// usual arithmetic conversions of the decayed types; in a kernel's
/// signature it mangles as the standard library's variadic template
/// (`common_type<…>` with its arguments a pack, `IJS0_iEE`). GNU's
/// `__const__` is `const`.
#[test]
fn common_type_in_member_template_signatures() {
    let src = r#"
#include <type_traits>
struct Max {
  template <typename T, typename U>
  __device__ __forceinline__ typename std::common_type<T, U>::type operator()(T &&t, U &&u) const {
    return ((t) > (u)) ? (t) : (u);
  }
};
static __device__ __const__ float scale = 2.0f;
template <typename T> __global__ void k(T *a, const int *b, std::common_type_t<T, int> *c) {
  a[threadIdx.x] = Max()(a[threadIdx.x], b[threadIdx.x]) * scale;
  c[threadIdx.x] = Max()(b[threadIdx.x], (short)3);
}
template __global__ void k<float>(float *, const int *, float *);
template __global__ void k<unsigned>(unsigned *, const int *, unsigned *);
static_assert(std::is_same<std::common_type<char, short>::type, int>::value, "promoted");
static_assert(std::is_same<std::common_type_t<unsigned, long>, long>::value, "long");
static_assert(std::is_same<std::common_type_t<float &, const double &>, double>::value, "decayed");
"#;
    let p = ptx("common_type", src);
    assert_eq!(
        entries(&p),
        [
            "_Z1kIfEvPT_PKiPNSt11common_typeIJS0_iEE4typeE",
            "_Z1kIjEvPT_PKiPNSt11common_typeIJS0_iEE4typeE",
        ]
    );
    let e = errors(
        "#include <type_traits>\nstruct A {}; struct B {};\nstd::common_type<A, B>::type x;\n",
    );
    assert!(
        e.iter()
            .any(|m| m.contains("no common type for \"A\" and \"B\"")),
        "{e:?}"
    );
}
