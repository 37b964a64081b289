//! NVRTC as the oracle for symbol names: every corpus kernel's `.entry`
//! names equal NVRTC's for the same source. Kernels whose file NVRTC cannot
//! take (host code, system headers) say so in a `// nvrtc: skip (why)` line;
//! a `// nvrtc-options: …` line gives NVRTC options the file needs
//! (`-std=c++20` for designated initializers).

mod common;

use common::nvrtc::{entry_names, Nvrtc};
use ptxlab_core::{compile_source, Options};

#[test]
fn entry_names_equal_nvrtcs() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let mut compared = 0;
    let mut failures = Vec::new();
    for (name, text) in common::corpus() {
        let skip = text
            .lines()
            .any(|l| l.trim_start().starts_with("// nvrtc: skip"));
        let ours = compile_source(
            &name,
            &text,
            &Options {
                arch: "sm_80".into(),
                ..Options::default()
            },
        );
        let Some(ptx) = ours.ptx else {
            failures.push(format!("{name}: we did not compile it"));
            continue;
        };
        // `// nvrtc-options: -std=c++20`: what NVRTC needs beyond its defaults.
        let options = common::nvrtc_file_options(&text);
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        match nvrtc.compile(&name, &text, "sm_80", &options) {
            Ok(theirs) => {
                if skip {
                    failures.push(format!(
                        "{name}: marked `nvrtc: skip` but NVRTC compiles it; remove the mark"
                    ));
                }
                let (a, b) = (entry_names(&ptx), entry_names(&theirs));
                if a != b {
                    failures.push(format!("{name}: ours {a:?}, NVRTC's {b:?}"));
                }
                compared += 1;
            }
            Err(log) if !skip => failures.push(format!(
                "{name}: NVRTC failed (mark it `// nvrtc: skip (why)` if expected):\n{log}"
            )),
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 10, "only {compared} kernels compared");
}

/// `__half` is a struct (`6__half` in mangled names) in our cuda_fp16.h as in
/// NVIDIA's: a kernel taking halves has NVRTC's name. NVRTC gets a stand-in
/// struct, since its PyPI package has no cuda_fp16.h.
#[test]
fn half_kernels_have_nvrtcs_names() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let kernel = "__global__ void k(__half *o, const __half *x, __half y, half z, float f) {}\n";
    let ours = compile_source(
        "h.cu",
        &format!("#include <cuda_fp16.h>\n{kernel}"),
        &Options::default(),
    );
    let ptx = ours.ptx.unwrap_or_else(|| panic!("{:?}", ours.diagnostics));
    let stand_in =
        format!("struct __half {{ unsigned short x; }};\ntypedef __half half;\n{kernel}");
    let theirs = nvrtc.compile("h.cu", &stand_in, "sm_80", &[]).unwrap();
    assert_eq!(entry_names(&ptx), entry_names(&theirs));
    assert_eq!(entry_names(&ptx), ["_Z1kP6__halfPKS_S_S_f"]);
}

/// Our PTX for `src` (sm_80, at `opt_level`) and NVRTC's (its defaults).
fn ours_and_nvrtcs(nvrtc: &Nvrtc, src: &str, opt_level: u8) -> (String, String) {
    let opts = Options {
        arch: "sm_80".into(),
        opt_level,
        ..Options::default()
    };
    let ours = compile_source("t.cu", src, &opts);
    let Some(ptx) = ours.ptx else {
        panic!("we did not compile it: {:?}", ours.diagnostics);
    };
    let theirs = nvrtc
        .compile("t.cu", src, "sm_80", &[])
        .expect("NVRTC compiles it");
    (ptx, theirs)
}

/// The names of the functions a PTX text defines (`.func` with a body).
fn func_names(ptx: &str) -> Vec<String> {
    let mut names: Vec<String> = ptx
        .lines()
        .filter(|l| l.starts_with(".func") || l.starts_with(".visible .func"))
        .filter(|l| l.trim_end().ends_with('('))
        .filter_map(|l| l.trim_end().strip_suffix('('))
        .filter_map(|l| l.split_whitespace().last())
        .map(str::to_string)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Template instances that stay functions (`__noinline__`): instances of
/// function templates (deduced through pointers, references and class
/// template arguments, `XT0_E`), member functions of class template
/// instances (`_ZNK4PairIfE5widthEv`), each named as NVRTC names it.
#[test]
fn template_function_names_equal_nvrtcs() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let src = r#"
template <typename T, int N> struct Vec { T v[N]; };
template <typename T> struct Pair {
    T lo, hi;
    __device__ __noinline__ T width() const { return hi - lo; }
    __device__ __noinline__ void widen(T d) { lo -= d; hi += d; }
    __device__ __noinline__ Pair add(Pair o) const { Pair r; r.lo = lo + o.lo; r.hi = hi + o.hi; return r; }
    __device__ __noinline__ T never(T x) { return x.nothing; }
};
template <typename T, int N>
__device__ __noinline__ T dot(const Vec<T, N> *a, const Vec<T, N> *b) {
    T s = 0;
    for (int k = 0; k < N; k++) s += a->v[k] * b->v[k];
    return s;
}
template <typename T> __device__ __noinline__ void swap2(T &a, T &b) { T t = a; a = b; b = t; }
template <typename A, typename B> __device__ __noinline__ A conv(B b, const B *p, A *q) { return (A)b + (A)*p + *q; }
template <typename T> __device__ __noinline__ Pair<T> mk(T a) { Pair<T> p; p.lo = a; p.hi = a; return p; }
__global__ void k(const Vec<float, 3> *a, const Vec<double, 2> *b, float *o, double *d, int *n) {
    o[0] = dot(a, a + 1);
    d[0] = dot(b, b + 1);
    swap2(o[1], o[2]);
    swap2(n[0], n[1]);
    d[1] = conv(n[2], n + 3, d + 2);
    o[3] = conv<float>(d[3], d + 4, o + 4);
    Pair<float> p = mk(o[5]);
    p.widen(1.0f);
    o[6] = p.add(p).width();
    Pair<int> q = mk(n[4]);
    n[5] = q.width();
}
"#;
    let (ptx, theirs) = ours_and_nvrtcs(&nvrtc, src, 3);
    let (a, b) = (func_names(&ptx), func_names(&theirs));
    assert!(b.len() >= 9, "NVRTC kept only {b:?}");
    assert_eq!(a, b);
}

/// The C++ of classes and templates as NVRTC names it, where it stays a
/// function (`__noinline__`): overloaded function templates and a function
/// beside them (`_Z4pickIfEiPT_`, `_Z4pickf`), deduced return types
/// (`auto`: `Da`; a trailing `decltype` with its parameters numbered:
/// `DTplfp_fp0_E`), a base's member function called on a derived object
/// (`_ZNK4Base3getEv`), a derived class's constructor and members, a
/// class template with a base.
#[test]
fn class_and_template_names_equal_nvrtcs() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let src = r#"
template <typename T> __device__ __noinline__ int pick(T x) { return int(x) + 1; }
template <typename T> __device__ __noinline__ int pick(T *x) { return int(*x) + 2; }
__device__ __noinline__ int pick(float x) { return int(x) * 3; }
template <typename T> __device__ __noinline__ auto half(T x) { return x / 2; }
template <typename A, typename B> __device__ __noinline__ auto add(A a, B b) -> decltype(a + b) { return a + b; }
template <typename A> __device__ __noinline__ auto at(const A *a, int i) -> decltype(a[i]) { return a[i]; }
struct Base {
    int id = 3;
    __device__ __noinline__ int get() const { return id; }
};
struct Derived : Base {
    float w;
    __device__ __noinline__ Derived(float v) : w(v) {}
    __device__ __noinline__ float scaled() const { return w * get(); }
};
template <typename T> struct Box : Base {
    T v{};
    __device__ __noinline__ T twice() const { return v + v + T(get()); }
};
__global__ void k(float *o, int *n) {
    o[0] = pick(o) + pick(n[0]) + pick(o[1]);
    o[1] = half(o[2]) + add(n[1], 2.0f) + at(o, 3);
    Derived d(o[4]);
    o[5] = d.scaled() + d.get();
    Box<float> b;
    o[6] = b.twice();
}
"#;
    let (ptx, theirs) = ours_and_nvrtcs(&nvrtc, src, 3);
    let (a, b) = (func_names(&ptx), func_names(&theirs));
    assert!(b.len() >= 10, "NVRTC kept only {b:?}");
    assert_eq!(a, b);
}

/// Conversion functions chosen as C++ (and NVRTC) chooses them: for a
/// non-const object `operator int *()` beats `operator bool() const` in a
/// condition (the object binds better), a const object has only the
/// const one, and `float` beats `int` on the way to `double` (a promotion).
#[test]
fn conversion_functions_chosen_as_nvrtc_chooses() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let src = r#"
struct G {
    int *p; int v;
    __device__ __noinline__ operator bool() const { return v != 0; }
    __device__ __noinline__ operator int *() { return p; }
};
struct N {
    float f;
    __device__ __noinline__ operator int() const { return 1; }
    __device__ __noinline__ operator float() const { return f; }
    __device__ __noinline__ operator long long() const { return 2; }
};
__global__ void k1(int *out, G g) { out[0] = g ? 1 : 2; }
__global__ void k2(int *out, const G g) { if (g) out[0] = 3; }
__global__ void k3(double *o, N n) { double d = n; o[0] = d; }
"#;
    let (ptx, theirs) = ours_and_nvrtcs(&nvrtc, src, 3);
    let called = |ptx: &str| -> Vec<(String, String)> {
        // NVRTC splits a call over lines: the callee is the first
        // mangled name after `call`.
        let mut kernel = String::new();
        let mut in_call = false;
        let mut out = Vec::new();
        for l in ptx.lines() {
            if let Some(k) = l.strip_prefix(".visible .entry ") {
                kernel = k.trim_end_matches('(').to_string();
            }
            in_call |= l.trim_start().starts_with("call");
            let words = l.split(|c: char| !c.is_alphanumeric() && c != '_');
            if let Some(callee) = words.filter(|w| w.starts_with("_Z")).find(|_| in_call) {
                out.push((kernel.clone(), callee.to_string()));
                in_call = false;
            }
        }
        out
    };
    let (a, b) = (called(&ptx), called(&theirs));
    assert_eq!(a.len(), 3, "{a:?}");
    assert_eq!(a, b);
}

/// Templates in namespaces, a namespace alias and a `using namespace`
/// inside a namespace (as CUDA's cooperative_groups.h nests `__v1`): the
/// names of entries and functions are NVRTC's (`_ZN1N5twiceIfEET_S1_`,
/// `_ZNK1N1SIfE3getEv`, `N18cooperative_groups4__v117thread_block_tileILj32EvEE`).
#[test]
fn namespaced_template_names_equal_nvrtcs() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let src = r#"
namespace N {
template <class T> struct S { T v; __noinline__ __device__ T get() const { return v; } };
template <typename T> __noinline__ __device__ T twice(T x) { return x + x; }
__noinline__ __device__ float use(S<float> s) { return s.v; }
class C { public: int n; };
}
namespace cooperative_groups {
namespace __v1 { template <unsigned Size, class P = void> struct thread_block_tile { int x; }; }
using namespace __v1;
}
namespace cg = cooperative_groups;
using N::C;
__noinline__ __device__ float tile_fn(cg::thread_block_tile<32> t, C c, float v) { return v + t.x + c.n; }
__global__ void k(float *p, N::S<float> s, const cg::thread_block_tile<16> *t) {
    C c;
    c.n = (int)p[5];
    p[0] = N::twice(p[1]) + N::use(s) + tile_fn(cg::thread_block_tile<32>(), c, p[4]) + s.get() + t->x;
}
"#;
    let (ptx, theirs) = ours_and_nvrtcs(&nvrtc, src, 0);
    let (a, b) = (func_names(&ptx), func_names(&theirs));
    assert_eq!(a.len(), 4, "{a:?}");
    assert_eq!(a, b);
    assert_eq!(entry_names(&ptx), entry_names(&theirs));
}

/// The warp and block operations of each kernel (`shfl.sync.bfly`,
/// `vote.sync.ballot`, `barrier.sync`, `bar.warp.sync`, …) and how many
/// of each, by kernel.
fn sync_ops(ptx: &str) -> Vec<(String, Vec<(String, usize)>)> {
    let mut out: Vec<(String, Vec<(String, usize)>)> = Vec::new();
    for line in ptx.lines() {
        if let Some(rest) = line.strip_prefix(".visible .entry ") {
            out.push((rest.trim_end_matches('(').to_string(), Vec::new()));
            continue;
        }
        let Some(op) = line.split_whitespace().next() else {
            continue;
        };
        let watched = [
            "shfl.sync",
            "vote.sync",
            "barrier.sync",
            "bar.sync",
            "bar.warp.sync",
        ];
        if let (Some((_, ops)), true) = (out.last_mut(), watched.iter().any(|w| op.starts_with(w)))
        {
            match ops.iter_mut().find(|(o, _)| o == op) {
                Some((_, n)) => *n += 1,
                None => ops.push((op.to_string(), 1)),
            }
        }
    }
    for (_, ops) in &mut out {
        ops.sort();
    }
    out
}

/// Kernels using <cooperative_groups.h> (ours against NVRTC's own header):
/// the same entry names and, kernel by kernel, the same warp and block
/// instructions — the block's `barrier.sync 0`, the tile's `bar.warp.sync`,
/// one `shfl.sync` of the right kind per shuffle, votes as ballots.
#[test]
fn cooperative_groups_make_nvrtcs_instructions() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let src = r#"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void blk(unsigned *out) {
    cg::thread_block b = cg::this_thread_block();
    out[b.thread_rank()] = b.size() + b.num_threads();
    b.sync();
    dim3 g = b.group_index(), t = b.thread_index(), d = b.dim_threads();
    out[1] = g.x + t.y + d.z;
    cg::sync(b);
}
__global__ void tile(float *out, const float *in) {
    cg::thread_block b = cg::this_thread_block();
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(b);
    float v = in[b.thread_rank()];
    v += t.shfl_down(v, 16);
    v += t.shfl_xor(v, 8);
    v += t.shfl_up(v, 1);
    v += t.shfl(v, 0);
    t.sync();
    bool any = t.any(v > 0), all = t.all(v < 100);
    if (any && all) out[t.meta_group_rank()] = v + t.ballot(v > 1) + t.thread_rank() + t.size();
}
__global__ void tile8(float *out, const float *in) {
    auto b = cg::this_thread_block();
    auto t = cg::tiled_partition<8>(b);
    float v = in[b.thread_rank()];
    v += t.shfl_down(v, 4);
    t.sync();
    out[t.meta_group_rank() * 8 + t.thread_rank()] = v + t.meta_group_size();
}
__global__ void red(float *out, const float *in) {
    auto b = cg::this_thread_block();
    auto t = cg::tiled_partition<32>(b);
    float v = cg::reduce(t, in[b.thread_rank()], cg::plus<float>());
    if (t.thread_rank() == 0) out[t.meta_group_rank()] = v;
}
__global__ void grid(unsigned long long *out) {
    cg::grid_group g = cg::this_grid();
    out[g.thread_rank()] = g.size() + g.num_threads();
}
"#;
    let ours = compile_source(
        "cg.cu",
        src,
        &Options {
            arch: "sm_80".into(),
            ..Options::default()
        },
    );
    let Some(ptx) = ours.ptx else {
        panic!("we did not compile it: {:?}", ours.diagnostics);
    };
    let dir = common::scratch("nvrtc-cg-headers");
    let bundled = format!("--use-bundled-headers={}", dir.display());
    let theirs = nvrtc
        .compile("cg.cu", src, "sm_80", &[bundled.as_str()])
        .expect("NVRTC compiles it");
    assert_eq!(entry_names(&ptx), entry_names(&theirs));
    let (a, b) = (sync_ops(&ptx), sync_ops(&theirs));
    assert_eq!(a.len(), 5);
    assert_eq!(a, b);
    // The tile's lanes and width: a full warp's mask and clamps, a tile of
    // 8's clamp (24 << 8 | 31), each in a register as nvcc moves them
    // (`mov.u32 %r4, 31;`), the shuffles writing their in-range flag.
    let has = |op: &str, tail: &str| {
        ptx.lines()
            .any(|l| l.trim_start().starts_with(op) && l.contains(tail))
    };
    for (op, tail) in [
        ("shfl.sync.down.b32", "|%p"),
        ("shfl.sync.up.b32", "|%p"),
        ("mov.u32", ", 16;"),
        ("mov.u32", ", 31;"),
        ("mov.u32", ", -1;"),
        ("mov.u32", ", 6175;"),
        ("bar.warp.sync", "-1;"),
        ("barrier.sync", "\t0;"),
        ("mov.u32", "%laneid;"),
    ] {
        assert!(has(op, tail), "{op} …{tail}:\n{ptx}");
    }
}
