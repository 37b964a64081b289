//! The shapes of PTX the backend writes, compared with what NVRTC writes for
//! the same source (switches, local frames, f16, warp matches): where a test
//! says NVRTC or nvcc writes a shape, its checks run on NVRTC's PTX too,
//! compiled in the test ([`ours_and_nvrtcs`]).

mod common;

use ptxlab_core::{compile_source, Options};

/// Our -O3 PTX for `src`, then NVRTC's for the same source and target (the
/// same checks must hold on both); NVRTC's is left out, with a SKIPPED
/// line, where libnvrtc is not installed.
fn ours_and_nvrtcs(src: &str, arch: &str) -> Vec<String> {
    let mut out = vec![ptx(src, arch, 3)];
    match common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") {
        Some(lib) => {
            let nvrtc = common::nvrtc::Nvrtc::load(&lib).expect("load libnvrtc");
            let theirs = nvrtc
                .compile("t.cu", src, arch, &[])
                .unwrap_or_else(|log| panic!("NVRTC failed:\n{log}"));
            assert!(theirs.contains("NVIDIA NVVM Compiler"), "{theirs}");
            out.push(theirs);
        }
        None => {
            eprintln!("SKIPPED NVRTC's half: libnvrtc not found (`cargo xtask test` installs it)")
        }
    }
    out
}

fn ptx(src: &str, arch: &str, opt_level: u8) -> String {
    let opts = Options {
        arch: arch.to_string(),
        opt_level,
        ..Options::default()
    };
    let c = compile_source("t.cu", src, &opts);
    match c.ptx {
        Some(p) => p,
        None => panic!("{:?}", c.diagnostics),
    }
}

/// The instruction lines (without guards' `@%p` and without `;`), trimmed.
fn lines(ptx: &str) -> Vec<String> {
    ptx.lines()
        .map(|l| l.trim().trim_end_matches(';').replace('\t', ""))
        .filter(|l| !l.is_empty())
        .collect()
}

/// Whether an instruction `opcode ..., last` is there (`last` its final operand).
fn has(ptx: &str, opcode: &str, last: &str) -> bool {
    lines(ptx).iter().any(|l| {
        let l = l.strip_prefix('@').map_or(l.as_str(), |r| {
            r.split_once(' ').map_or(r, |(_, rest)| rest)
        });
        l.split_once(' ')
            .is_some_and(|(op, ops)| op == opcode && ops.rsplit(", ").next() == Some(last))
    })
}

/// The body of `.func NAME(` (its definition, not a declaration), up to its
/// closing brace.
fn func_body<'a>(ptx: &'a str, name: &str) -> &'a str {
    let head = format!(" {name}(");
    let mut at = 0;
    while let Some(i) = ptx[at..].find(&head) {
        let start = at + i;
        let rest = &ptx[start..];
        let close = rest.find(')').expect("a parameter list");
        if rest[close + 1..].trim_start().starts_with('{') {
            return &rest[..rest.find("\n}").unwrap_or(rest.len())];
        }
        at = start + head.len();
    }
    panic!("no definition of {name} in\n{ptx}")
}

/// A non-void function that falls off its end returns an undefined value
/// (cicc's front end): the path folds into the other returns, one `selp`
/// as nvcc writes; `__builtin_unreachable()` keeps its branch (nvcc's too),
/// and a store on the returning path stays conditional.
#[test]
fn a_missing_return_folds_into_the_other_returns_as_nvcc() {
    let src = "
__device__ int *gp;
__device__ __noinline__ int f(int x) {
  if (x > 0) return x * 2;
  if (x < -5) return 3;
}
__device__ __noinline__ int g(int x) {
  if (x > 0) return x * 2;
  if (x < -5) return 3;
  __builtin_unreachable();
}
__device__ __noinline__ int h(int x) {
  if (x > 0) { gp[0] = 7; return 1; }
}
__global__ void k(int *a) { a[threadIdx.x] = f(a[threadIdx.x]) + g(a[1]) + h(a[2]); }
";
    let p = ptx(src, "sm_80", 3);
    let f = func_body(&p, "_Z1fi");
    assert!(!f.contains("bra"), "{f}");
    assert!(has(f, "selp.b32", "%p1"), "{f}");
    let g = func_body(&p, "_Z1gi");
    assert!(g.contains("bra"), "{g}");
    let h = func_body(&p, "_Z1hi");
    assert!(h.contains("bra") && h.contains("st.u32"), "{h}");
}

/// Dead argument elimination (cicc's DeadArgElim): a `__noinline__`
/// member's unused `this` and an unused parameter go from the `.func` and
/// its calls, as nvcc's `_ZN1S5twiceEii` has one parameter; a result no
/// caller reads goes too.
#[test]
fn unused_parameters_of_device_functions_go_as_nvcc() {
    let src = "
struct S {
  int k;
  __device__ __noinline__ int twice(int x, int unused) { return 2 * x + 1; }
};
__device__ __noinline__ float h(float a, float b, int c) { return a * 3.0f + c; }
__device__ __noinline__ int note(int *p, int v) { *p = v; return v; }
__global__ void k(int *a, float *o) {
  S s; s.k = 4;
  a[threadIdx.x] = s.twice(a[threadIdx.x], 5);
  o[threadIdx.x] = h(o[threadIdx.x], 1.0f, threadIdx.x);
  note(a + 1, 3);
}
";
    let p = ptx(src, "sm_80", 3);
    let params = |name: &str| {
        func_body(&p, name)
            .lines()
            .filter(|l| {
                l.trim_start().starts_with(".param") && l.contains(&format!("{name}_param_"))
            })
            .count()
    };
    assert_eq!(params("_ZN1S5twiceEii"), 1, "{p}");
    assert_eq!(params("_Z1hffi"), 2, "{p}");
    assert_eq!(params("_Z4notePii"), 2, "{p}");
    let note = func_body(&p, "_Z4notePii");
    assert!(
        note.starts_with(" _Z4notePii(") && !note.contains("func_retval0"),
        "{note}"
    );
    // The calls pass what is left.
    let k = &p[p.find(".entry").expect("the kernel")..];
    assert_eq!(k.matches("st.param").count(), 1 + 2 + 2, "{k}");
}

/// Division and remainder by a constant are selected as nvcc writes them
/// (the IR keeps `sdiv`): `x / 7` a `mul.hi.s32` by the magic number, the
/// add-back, the sign taken before the shift; `x % 7` reuses that quotient
/// (`mul.lo` and `sub`); `x / 2` and `x / 8` shifts with the rounding
/// fixed; 64-bit signed and unsigned with NVRTC's constants.
#[test]
fn division_by_a_constant_is_selected_as_nvcc_writes_it() {
    let src = "
__global__ void k(int *a, long long *b, unsigned long long *c) {
  int x = a[threadIdx.x];
  a[0] = x / 7; a[1] = x % 7; a[2] = x / 2; a[3] = x / 8;
  long long y = b[threadIdx.x];
  b[0] = y / 1000; b[1] = y % 10;
  c[0] = c[threadIdx.x] / 7;
}
";
    let p = ptx(src, "sm_80", 3);
    let ops: Vec<String> = lines(&p)
        .iter()
        .filter(|l| l.starts_with("mul.hi") || l.starts_with("shr") || l.starts_with("sub"))
        .map(|l| {
            let (op, rest) = l.split_once(' ').unwrap_or((l, ""));
            let last = rest.rsplit(", ").next().unwrap_or("");
            format!("{op} {}", if last.starts_with('%') { "%" } else { last })
        })
        .collect();
    let nvcc = [
        "mul.hi.s32 -1840700269",
        "shr.u32 31",
        "shr.s32 2",
        "sub.s32 %",
        "shr.u32 31",
        "shr.s32 1",
        "shr.s32 31",
        "shr.u32 29",
        "shr.s32 3",
        "mul.hi.s64 2361183241434822607",
        "shr.u64 63",
        "shr.s64 7",
        "mul.hi.s64 7378697629483820647",
        "shr.u64 63",
        "shr.s64 2",
        "sub.s64 %",
        "mul.hi.u64 2635249153387078803",
        "sub.s64 %",
        "shr.u64 1",
        "shr.u64 2",
    ];
    assert_eq!(ops, nvcc, "{p}");
    assert!(!p.contains("div.") && !p.contains("rem."), "{p}");
}

const SPARSE: &str = "
__global__ void k(int *out, const int *in) {
    int r;
    switch (in[threadIdx.x]) {
    case -7: r = in[4] ^ 9; break;
    case 3: r = in[1] * 3; break;
    case 61: r = in[7] | 17; break;
    case 100: r = in[2] + 7; break;
    case 555: r = in[6] + 13; break;
    case 2000: r = in[3] - 5; break;
    case 40000: r = in[5] * 11; break;
    case 1 << 20: r = in[8] * 19; break;
    default: r = -1;
    }
    out[threadIdx.x] = r;
}
";

#[test]
fn a_switch_of_many_cases_is_a_binary_search_as_nvvm_writes_it() {
    for p in ours_and_nvrtcs(SPARSE, "sm_75") {
        // NVRTC: the root splits at 555, its sides at 61 and 40000; leaves of two compares.
        for (op, imm) in [
            ("setp.gt.s32", "554"),
            ("setp.gt.s32", "60"),
            ("setp.gt.s32", "39999"),
            ("setp.eq.s32", "-7"),
        ] {
            assert!(has(&p, op, imm), "no {op} …, {imm}:\n{p}");
        }
        // The last leaf's compare: equal, or (NVRTC) not equal to the default.
        assert!(
            has(&p, "setp.eq.s32", "1048576") || has(&p, "setp.ne.s32", "1048576"),
            "{p}"
        );
        let compares = lines(&p).iter().filter(|l| l.starts_with("setp.")).count();
        assert_eq!(compares, 3 + 8, "{p}");
    }
}

#[test]
fn a_switch_of_three_cases_is_a_chain_of_compares() {
    let src = "__global__ void k(int *out, const int *in) {
        int r = -1;
        switch (in[threadIdx.x]) {
        case 3: r = in[1]; break;
        case 100: r = in[2]; break;
        case 2000: r = in[3]; break;
        }
        out[threadIdx.x] = r;
    }";
    let p = ptx(src, "sm_75", 3);
    assert!(!lines(&p).iter().any(|l| l.starts_with("setp.gt")), "{p}");
    for imm in ["3", "100", "2000"] {
        assert!(has(&p, "setp.eq.s32", imm), "{p}");
    }
}

#[test]
fn adjacent_cases_with_one_body_are_one_range_compare() {
    let src = "__global__ void k(int *out, const int *in) {
        int r = 0;
        switch (in[threadIdx.x]) {
        case 5: case 6: case 7: case 8: r = 2; break;
        case 17: r = 3; break;
        }
        out[threadIdx.x] = r;
    }";
    for p in ours_and_nvrtcs(src, "sm_75") {
        // NVRTC: add.s32 %r, %x, -5; setp.lt.u32 %p, %r, 4.
        assert!(
            has(&p, "add.s32", "-5") && has(&p, "setp.lt.u32", "4"),
            "{p}"
        );
        assert!(!has(&p, "setp.eq.s32", "6"), "{p}");
    }
}

#[test]
fn switches_compile_at_o0() {
    let p = ptx(SPARSE, "sm_75", 0);
    assert!(has(&p, "setp.gt.s32", "554"), "{p}");
}

const LOCAL_ARRAY: &str = "
__global__ void k(int *out, const int *sel) {
    int buf[8];
    for (int k = 0; k < 8; k++) buf[k] = k * threadIdx.x;
    out[threadIdx.x] = buf[sel[threadIdx.x] & 7];
}
";

#[test]
fn a_local_array_is_read_and_written_in_the_local_space_through_spl() {
    for p in ours_and_nvrtcs(LOCAL_ARRAY, "sm_75") {
        // NVRTC: mov.u64 %SPL, __local_depot0; add.u64 %rd4, %SPL, 0; st.local …; ld.local …
        // (the array is 16-aligned by its size and stored as two v4s).
        assert!(
            p.contains(".local .align 16 .b8 \t__local_depot0[32];"),
            "{p}"
        );
        assert!(has(&p, "mov.u64", "__local_depot0"), "{p}");
        assert!(
            lines(&p)
                .iter()
                .any(|l| l.starts_with("add.u64") && l.contains("%SPL, 0")),
            "{p}"
        );
        assert!(
            lines(&p).iter().any(|l| l.starts_with("ld.local.u32")),
            "{p}"
        );
        assert!(lines(&p).iter().any(|l| l.starts_with("st.local.")), "{p}");
        // The address never escapes: no generic frame pointer, no generic access.
        assert!(!p.contains("cvta.local"), "{p}");
        assert!(
            !lines(&p)
                .iter()
                .any(|l| l.starts_with("ld.u32") || l.starts_with("st.u32")),
            "{p}"
        );
    }
}

#[test]
fn a_local_array_whose_address_escapes_is_passed_as_sp_plus_offset() {
    let src = "
__device__ __noinline__ int sum(const int *p, int n) {
    int s = 0;
    for (int i = 0; i < n; i++) s += p[i];
    return s;
}
__global__ void esc(int *out, const int *sel) {
    int buf[8];
    for (int k = 0; k < 8; k++) buf[k] = k * threadIdx.x;
    buf[sel[threadIdx.x] & 7] = 5;
    out[threadIdx.x] = sum(buf, sel[0] & 7);
}
";
    for p in ours_and_nvrtcs(src, "sm_75") {
        // NVRTC: cvta.local.u64 %SP, %SPL; add.u64 %rd3, %SP, 0 (passed to the
        // call); add.u64 %rd4, %SPL, 0 (the stores).
        assert!(has(&p, "cvta.local.u64", "%SPL"), "{p}");
        assert!(
            lines(&p)
                .iter()
                .any(|l| l.starts_with("add.u64") && l.contains("%SP, 0")),
            "{p}"
        );
        assert!(
            lines(&p)
                .iter()
                .any(|l| l.starts_with("add.u64") && l.contains("%SPL, 0")),
            "{p}"
        );
        assert!(
            lines(&p).iter().any(|l| l.starts_with("st.local.u32")),
            "{p}"
        );
        assert!(!lines(&p).iter().any(|l| l.starts_with("st.u32")), "{p}");
    }
}

#[test]
fn warp_matches_are_match_sync_on_the_values_bits() {
    let src = "
__global__ void m(unsigned *out, const int *in, const long long *in64, const float *fin) {
    int pred;
    unsigned a = __match_any_sync(0xffffffff, in[threadIdx.x]);
    unsigned c = __match_any_sync(0xffffffff, in64[threadIdx.x]);
    unsigned d = __match_all_sync(0xffffffff, fin[threadIdx.x], &pred);
    out[threadIdx.x] = a + c * 5 + d * 7 + pred;
}
";
    for p in ours_and_nvrtcs(src, "sm_75") {
        // NVRTC: match.any.sync.b32 %r4, %r2, %r3; match.any.sync.b64 %r6, %rd13, %r3;
        // match.all.sync.b32 %r8|%p2, %r7, %r3 (the float's bits).
        let ls = lines(&p);
        assert!(
            ls.iter().any(|l| l.starts_with("match.any.sync.b32 %r")),
            "{p}"
        );
        assert!(
            ls.iter()
                .any(|l| l.starts_with("match.any.sync.b64 %r") && l.contains(", %rd")),
            "{p}"
        );
        assert!(
            ls.iter().any(|l| l.starts_with("match.all.sync.b32 %r")),
            "{p}"
        );
        // The float's bits are loaded as a u32 (instcombine's load of the
        // bitcast's type), no `mov.b32` from an `%f`.
        assert!(
            !ls.iter()
                .any(|l| l.starts_with("mov.b32 %r") && l.contains(", %f")),
            "{p}"
        );
    }
}

const HALF: &str = "
#include <cuda_fp16.h>
__global__ void h(__half *out, const __half *a, const __half *b, const float *f, float *fo, int *lt) {
    int i = threadIdx.x;
    __half x = a[i], y = b[i];
    __half q = __hfma(x, y, __hmul(__hadd(x, y), y));
    out[i] = __hsub(q, __float2half(f[i])) / y;
    fo[i] = __half2float(q);
    lt[i] = __hlt(x, y) + (x < y);
}
";

#[test]
fn halves_live_in_rs_registers_and_use_f16_instructions() {
    for arch in ["sm_75", "sm_80"] {
        let p = ptx(HALF, arch, 3);
        let ls = lines(&p);
        let starts = |op: &str| ls.iter().any(|l| l.starts_with(&format!("{op} %rs")));
        // cuda_fp16's spellings: add.f16, mul.f16 (contractable), fma.rn.f16,
        // cvt.rn.f16.f32 in, cvt.f32.f16 out, setp.lt.f16, on .b16 registers.
        for op in [
            "add.f16",
            "mul.f16",
            "fma.rn.f16",
            "sub.f16",
            "cvt.rn.f16.f32",
        ] {
            assert!(starts(op), "{arch}: no {op} on %rs:\n{p}");
        }
        assert!(ls.iter().any(|l| l.starts_with("cvt.f32.f16 %f")), "{p}");
        assert!(ls.iter().any(|l| l.starts_with("setp.lt.f16 %p")), "{p}");
        assert!(ls.iter().any(|l| l.starts_with("ld.global.u16 %rs")), "{p}");
        // No f16 division in PTX: through f32, as cuda_fp16.h's __hdiv does
        // (a reciprocal approximation, a product, a correction of tiny quotients).
        assert!(
            ls.iter().any(|l| l.starts_with("rcp.approx.ftz.f32")),
            "{p}"
        );
        assert!(!ls.iter().any(|l| l.starts_with("div.rn.f16")), "{p}");
    }
}

/// At -O0 a member of a member of a local (`o.in[1].a`: struct geps, an
/// array index and field 0 included) is one frame address: `o` is at 8 in
/// the frame (after the parameter's copy), `.in[1].a` at 12 in it.
#[test]
fn a_nested_member_of_a_local_is_one_frame_address_at_o0() {
    let src = "
struct In { int a; int b; };
struct Out { int x; In in[2]; };
__global__ void k(int *out) {
    Out o;
    o.in[1].a = threadIdx.x;
    o.in[0].b = 3;
    out[threadIdx.x] = o.in[1].a + o.in[0].b;
}
";
    let p = ptx(src, "sm_75", 0);
    let ls = lines(&p);
    for addr in ["[%SP+20]", "[%SP+16]"] {
        assert!(
            ls.iter()
                .any(|l| l.starts_with("st.u32") && l.contains(addr)),
            "no store to {addr}:\n{p}"
        );
        assert!(
            ls.iter()
                .any(|l| l.starts_with("ld.u32") && l.contains(addr)),
            "no load from {addr}:\n{p}"
        );
    }
}

const SHARED: &str = "
__device__ __noinline__ float first(const float *p) { return p[0]; }
__global__ void k(float *out, const float *in) {
    __shared__ float tile[256];
    int t = threadIdx.x;
    tile[t] = in[t];
    __syncthreads();
    out[t] = tile[255 - t] + first(&tile[t]);
}
";

#[test]
fn shared_addresses_are_32_bit_as_nvvm_writes_them() {
    // NVVM's data layout makes shared pointers 32-bit (p3:32:32:32): the
    // array's address is a `mov.u32`, indices scale in 32 bits, and the
    // accesses go through `%r` registers.
    for (i, p) in ours_and_nvrtcs(SHARED, "sm_80").into_iter().enumerate() {
        let l = lines(&p);
        assert!(
            l.iter()
                .any(|x| x.starts_with("mov.u32 %r") && x.ends_with("_ZZ1kPfPKfE4tile")),
            "{p}"
        );
        assert!(has(&p, "shl.b32", "2"), "{p}");
        assert!(l.iter().any(|x| x.starts_with("st.shared.f32 [%r")), "{p}");
        assert!(
            l.iter()
                .any(|x| x.starts_with("ld.shared.f32 %f") && x.contains(", [%r")),
            "{p}"
        );
        assert!(
            !l.iter().any(
                |x| (x.starts_with("ld.shared") || x.starts_with("st.shared")) && x.contains("%rd")
            ),
            "{p}"
        );
        if i > 0 {
            continue; // NVRTC passes the escaping address to the call differently.
        }
        // A shared address that escapes as a generic pointer is widened, then converted.
        let widen = l.iter().position(|x| x.starts_with("cvt.u64.u32 %rd"));
        let cvta = l.iter().position(|x| x.starts_with("cvta.shared.u64 %rd"));
        assert!(matches!((widen, cvta), (Some(w), Some(c)) if w < c), "{p}");
    }
}

/// The load-store-vectorizer pass makes the vectors (a stage of its own in
/// the pass list), isel only prints them: a float4's loads are one
/// `ld.global.nc.v4.f32` whose lanes are the members' registers (an
/// extractelement is no instruction), its stores one `st.global.v4.f32` of
/// the stored values' registers; a by-value struct parameter is read with
/// `ld.param.v4`, a struct result written with `st.param.v4`.
#[test]
fn vector_accesses_come_from_the_vectorizer_pass_and_name_their_lanes() {
    let src = "
struct __align__(16) V { float x, y, z, w; };
__device__ __noinline__ V rev(V v) { V r = {v.w, v.z, v.y, v.x}; return r; }
__global__ void k(const float4 *__restrict__ in, float4 *out, V *s) {
    int i = threadIdx.x;
    float4 a = in[i];
    out[i] = make_float4(a.w, a.z, a.y, 2.0f);
    V v = {a.x, a.y, a.z, a.w};
    s[i] = rev(v);
}
";
    let opts = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let c = compile_source("t.cu", src, &opts);
    let p = c
        .ptx
        .clone()
        .unwrap_or_else(|| panic!("{:?}", c.diagnostics));
    let ls = lines(&p);
    let find = |prefix: &str| {
        ls.iter()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix}:\n{p}"))
            .clone()
    };
    // `ld.global.nc.v4.f32 {%f1, %f2, %f3, %f4}, [%rd8]`: the lanes.
    let ld = find("ld.global.nc.v4.f32 ");
    let lanes: Vec<&str> = ld
        .split_once('{')
        .and_then(|(_, r)| r.split_once('}'))
        .map(|(l, _)| l.split(", ").collect())
        .unwrap_or_default();
    assert_eq!(lanes.len(), 4, "{ld}");
    // w, z, y and a constant: the loaded lanes themselves, no copies.
    let st = find("st.global.v4.f32 ");
    let want = format!("{{{}, {}, {}, %f", lanes[3], lanes[2], lanes[1]);
    assert!(st.contains(&want), "{st} does not store {want}…");
    assert!(
        !ls.iter()
            .any(|l| l.starts_with("mov.f32") && lanes.iter().any(|r| l.ends_with(r))),
        "a lane is copied:\n{p}"
    );
    find("ld.param.v4.f32 ");
    find("st.param.v4.f32 [func_retval0+0], ");
    // The pass's stage shows the vectors; isel's input has no scalar member loads left.
    let stage = c
        .stages
        .iter()
        .find(|s| s.name == "load-store-vectorizer")
        .expect("a load-store-vectorizer stage");
    assert!(stage.changed);
    let text: String = stage.functions.iter().map(|f| &*f.text).collect();
    assert!(
        text.contains("= load <4 x float>, ptr addrspace(1)"),
        "{text}"
    );
    assert!(text.contains("= extractelement <4 x float>"), "{text}");
    assert!(text.contains("store <4 x float>"), "{text}");
    // -O0 runs no vectorizer: scalar accesses.
    let p0 = ptx(src, "sm_80", 0);
    assert!(!p0.contains(".v4."), "{p0}");
}

/// C99's classification functions need no header (nvcc's implicit
/// cuda_runtime.h brings math.h), and their infinity is an immediate.
#[test]
fn classification_functions_need_no_header() {
    let src = "
__global__ void k(const float *x, const double *y, int *o) {
    int i = threadIdx.x;
    o[i] = isnan(x[i]) + 2 * isinf(x[i]) + 4 * isfinite(y[i]) + 8 * signbit(y[i]);
}
";
    let p = ptx(src, "sm_80", 3);
    assert!(has(&p, "setp.eq.f32", "0f7F800000"), "{p}");
    assert!(has(&p, "setp.lt.f64", "0d7FF0000000000000"), "{p}");
    assert!(!p.contains("2139095040"), "{p}");
}

/// At -O1 the second SROA round (cicc's tier 0 has SROA after InstCombine)
/// promotes what the first promotion freed: objects reached through
/// references and `this` pointers, whose allocas become direct. These C++
/// kernels keep no local frame at -O1 (they kept 7 to 91 `.local` lines
/// with a single round).
#[test]
fn at_o1_objects_behind_references_are_promoted() {
    for file in [
        "cxx_refs.cu",
        "cxx_structs.cu",
        "cxx_inheritance.cu",
        "cxx_members.cu",
    ] {
        let src = std::fs::read_to_string(common::corpus_dir().join(file)).unwrap();
        let text = ptx(&src, "sm_80", 1);
        assert!(
            !text.contains("__local_depot") && !text.contains(".local"),
            "{file} at -O1 keeps a local frame:\n{text}"
        );
    }
}

/// At -O3 a local array filled and read by fully unrolled loops is split
/// into scalars: the unrolled copies' indices fold to constants before the
/// second SROA (cxx_overloads' `float tile[8]`, NVRTC keeps no frame either).
#[test]
fn at_o3_arrays_indexed_by_unrolled_loops_leave_local_memory() {
    for file in ["cxx_overloads.cu", "cxx_deduced.cu", "cxx_member_init.cu"] {
        let src = std::fs::read_to_string(common::corpus_dir().join(file)).unwrap();
        let text = ptx(&src, "sm_80", 3);
        assert!(
            !text.contains("__local_depot") && !text.contains(".local"),
            "{file} at -O3 keeps a local frame:\n{text}"
        );
    }
}

/// nvcc 13.5 deletes no barrier (probed at -O3: two or five adjacent
/// `__syncthreads()`, one with no shared memory in the kernel, one before
/// any access all stay, as do the digest's own dead-sync test kernel, one
/// before the kernel's end, four in an unrolled loop, and one after a
/// `__syncthreads_count`), although the cicc digest's dead-sync test expects
/// five adjacent ones to become one: nvcc's output wins, so we keep them all
/// (the basic-dbe and branch-dist passes run at no -O level).
#[test]
fn every_barrier_stays_as_nvcc_keeps_them() {
    let src = "__global__ void two(float *o) { __shared__ float s[64]; s[threadIdx.x] = o[threadIdx.x]; __syncthreads(); __syncthreads(); o[threadIdx.x] = s[threadIdx.x ^ 1]; }
__global__ void noshared(float *o) { float v = o[threadIdx.x]; __syncthreads(); o[threadIdx.x] = v * 2.0f; }
__global__ void five(float *o) { __shared__ float s[64]; s[threadIdx.x] = 1.0f; __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); __syncthreads(); o[threadIdx.x] = s[threadIdx.x ^ 1]; }
__global__ void nothing(float *o) { __syncthreads(); o[threadIdx.x] = 1.0f; }
__global__ void dead_sync_test(float *out) { __shared__ float s[256]; s[threadIdx.x] = (float)threadIdx.x; __syncthreads(); float v = s[threadIdx.x ^ 1]; __syncthreads(); __syncthreads(); out[threadIdx.x] = v; }
__global__ void at_exit(float *o) { __shared__ float s[64]; s[threadIdx.x] = 1.0f; __syncthreads(); o[threadIdx.x] = s[threadIdx.x ^ 1]; __syncthreads(); }
__global__ void unrolled(int *o) { for (int i = 0; i < 4; i++) { __syncthreads(); } o[0] = 1; }
__global__ void count(int *o, int p) { int c = __syncthreads_count(p); __syncthreads(); o[threadIdx.x] = c; }";
    for p in ours_and_nvrtcs(src, "sm_80") {
        let per_kernel: Vec<usize> = p
            .split(".entry")
            .skip(1)
            .map(|k| k.matches("bar.sync").count())
            .collect();
        assert_eq!(per_kernel, [2, 1, 5, 1, 3, 2, 4, 1], "{p}");
        assert!(p.contains("bar.red.popc.u32"), "{p}");
    }
}

#[test]
fn volatile_objects_are_read_and_written_by_volatile_instructions_as_nvcc_does() {
    // nvcc 13.5 writes exactly these: every access through a pointer to
    // volatile, to a volatile variable (global, shared, local) and to a
    // member through a volatile pointer is `.volatile`, and a spin loop's
    // load stays in the loop; an integer kernel parameter cast to a pointer
    // (and a pointer through `unsigned long long` and back) is global.
    let src = "
__global__ void spin(unsigned long long addr, int *out) {
    volatile int *flag = (volatile int *)addr;
    while (*flag == 0) { }
    out[threadIdx.x] = *flag;
}
__global__ void round_trip(int *p, int *out) {
    volatile int *flag = (volatile int *)(unsigned long long)p;
    while (*flag == 0) { }
    out[0] = 1;
}
__device__ volatile int g;
__global__ void warp(float *out, const float *in) {
    __shared__ volatile float s[64];
    __shared__ volatile int done;
    int t = threadIdx.x;
    s[t] = in[t];
    if (t < 32) { s[t] += s[t + 32]; s[t] += s[t + 16]; }
    done = 1;
    g = 2; g = 3;
    while (done == 0) {}
    out[t] = s[0] + g;
}
struct P { int a; int b; };
__global__ void members(volatile P *p, int *out) {
    p->a = 1; p->a = 2;
    out[0] = p->b + p->b;
    volatile int x = 5;
    out[1] = x + x;
}";
    for p in ours_and_nvrtcs(src, "sm_80") {
        let kernel = |name: &str| -> Vec<String> {
            let body = p.split(".entry ").find(|k| k.starts_with(name)).unwrap();
            lines(body)
                .into_iter()
                .filter(|l| l.contains("ld.") || l.contains("st."))
                .filter(|l| !l.starts_with("ld.param"))
                .map(|l| l.split(' ').next().unwrap().to_string())
                .collect()
        };
        assert_eq!(
            kernel("_Z4spin"),
            [
                "ld.volatile.global.u32",
                "ld.volatile.global.u32",
                "st.global.u32"
            ],
            "{p}"
        );
        assert_eq!(
            kernel("_Z10round_trip"),
            ["ld.volatile.global.u32", "st.global.u32"],
            "{p}"
        );
        let warp = kernel("_Z4warp");
        assert_eq!(
            warp.iter()
                .filter(|l| l.starts_with("ld.volatile.shared.f32"))
                .count(),
            5,
            "{p}"
        );
        assert_eq!(
            warp.iter()
                .filter(|l| l.starts_with("st.volatile.shared"))
                .count(),
            4,
            "{p}"
        );
        assert_eq!(
            warp.iter()
                .filter(|l| *l == "st.volatile.global.u32")
                .count(),
            2,
            "{p}"
        );
        assert_eq!(
            warp.iter()
                .filter(|l| *l == "ld.volatile.global.u32")
                .count(),
            1,
            "{p}"
        );
        assert_eq!(
            kernel("_Z7members"),
            [
                "st.volatile.global.u32",
                "st.volatile.global.u32",
                "ld.volatile.global.u32",
                "ld.volatile.global.u32",
                "st.global.u32",
                "st.volatile.local.u32",
                "ld.volatile.local.u32",
                "ld.volatile.local.u32",
                "st.global.u32"
            ],
            "{p}"
        );
        // The spin loop reads the flag on every trip.
        let spin = p
            .split(".entry ")
            .find(|k| k.starts_with("_Z4spin"))
            .unwrap();
        let head = spin.find("$L__BB0_1:").expect("a loop");
        assert!(
            spin[head..]
                .split("bra")
                .next()
                .unwrap()
                .contains("ld.volatile"),
            "{p}"
        );
        if let Some(err) = common::ptxas_rejects(&p, "sm_80", "volatile") {
            panic!("{err}\n{p}");
        }
    }
}

/// nvcc 13.5 (sm_80, -O3): a pointer loaded from a struct passed to a
/// kernel by value is global (`cvta.to.global`, `ld.global`/`st.global`),
/// as the struct's bytes come from the host.
#[test]
fn pointers_in_by_value_kernel_structs_are_global_as_nvcc() {
    let src = "struct C { float *p; int n; };
__global__ void k(C c) { int i = threadIdx.x; if (i < c.n) c.p[i] = 2.0f * c.p[i]; }";
    for p in ours_and_nvrtcs(src, "sm_80") {
        let body = p.split(".entry ").nth(1).unwrap();
        let mem: Vec<String> = lines(body)
            .into_iter()
            .filter(|l| {
                (l.starts_with("ld.") || l.starts_with("st.")) && !l.starts_with("ld.param")
            })
            .map(|l| l.split(' ').next().unwrap().to_string())
            .collect();
        assert_eq!(mem, ["ld.global.f32", "st.global.f32"], "{p}");
        assert!(body.contains("cvta.to.global.u64"), "{p}");
    }
}

/// nvcc 13.5 writes nothing (no `trap`) for a path that ends in
/// `__builtin_unreachable()` or falls off a non-void function, and places
/// that block last: `@%p1 bra $L__BB0_2; … ret; $L__BB0_2: }`.
#[test]
fn unreachable_paths_emit_nothing_and_go_last_as_nvcc() {
    let src = "__global__ void h(int *a, int n) { if (n > 3) { a[2] = 1; __builtin_unreachable(); } a[0] = n; }
__device__ __noinline__ int g(int x) { if (x > 0) return x * 2; __builtin_unreachable(); }
__global__ void d(int *p) { p[0] = g(p[1]); }";
    for p in ours_and_nvrtcs(src, "sm_80") {
        assert!(!p.contains("trap"), "{p}");
        for f in p.split("\n{\n").skip(1) {
            let body: Vec<String> = lines(f.split("\n}").next().unwrap());
            let ret = body.iter().position(|l| l.starts_with("ret"));
            if let Some(r) = ret.filter(|&r| r + 1 < body.len()) {
                // What follows the return is the unreachable block: a label,
                // its own code, and no terminator.
                assert!(body[r + 1].starts_with("$L__BB"), "{p}");
                assert!(
                    !body[r + 2..]
                        .iter()
                        .any(|l| l.starts_with("ret") || l.starts_with("bra")),
                    "{p}"
                );
            }
        }
        // h's unreachable block keeps its store (`a[2] = 1`), after the return.
        let h = p.split(".entry _Z1hPii").nth(1).unwrap();
        let after_ret = h.split("ret;").nth(1).unwrap().split("\n}").next().unwrap();
        assert!(after_ret.contains("+8]"), "{p}");
    }
}

/// A multiplication by a power of two is a shift (instcombine), a shifted
/// extension a `mul.wide` from the narrow value (NVPTX's combine), and a
/// shift never joins an add into `mad.lo`: what nvcc writes, checked on
/// NVRTC's PTX too.
#[test]
fn multiplication_by_a_power_of_two_is_a_shift_as_nvcc_writes_it() {
    let src = "
__global__ void k(int *a, unsigned *u, long long *b, int x, int y, unsigned v, short h) {
  a[0] = x * 8;
  a[1] = x * 64 + y;
  u[0] = v * 1024;
  b[0] = (long long)x * 8;
  b[1] = (unsigned long long)v * 16;
  b[2] = (long long)b[3] * 4;
  a[2] = h * 4;
  a[3] = x * 12;
}
";
    for p in ours_and_nvrtcs(src, "sm_80") {
        for (op, last) in [
            ("shl.b32", "3"),
            ("shl.b32", "6"),
            ("shl.b32", "10"),
            ("mul.wide.s32", "8"),
            ("mul.wide.u32", "16"),
            ("shl.b64", "2"),
            ("mul.wide.s16", "4"),
            ("mul.lo.s32", "12"),
        ] {
            assert!(has(&p, op, last), "{op} …, {last} missing:\n{p}");
        }
        for never in ["mad.lo", "mul.lo.s64", "cvt.s64.s32", "cvt.s32.s16"] {
            assert!(!p.contains(never), "{never}:\n{p}");
        }
    }
}

/// The functions' order and declarations as NVRTC prints them: in the
/// order its IR generation first mentions them (a variable's function
/// first, a callee defined later right after its first caller); a `.func`
/// declaration (`NAME` then its parameter list, then `;`) only for a
/// function named before its definition: called by one printed earlier
/// (mutual recursion, a caller before the callee; not self-recursion, not
/// a prototype in the source) or held by a variable. (nvcc's own driver
/// also moves kernels after every device function; NVRTC's order is the
/// bench's reference.)
#[test]
fn functions_are_declared_only_where_named_before_their_definition() {
    let src = "
__device__ __noinline__ int first(int x) { return x + 1; }
__device__ __noinline__ int later(int x);
__device__ __noinline__ int rec(int x) { return x <= 0 ? 0 : rec(x - 1) + 2; }
__device__ __noinline__ int mb(int x);
__device__ __noinline__ int ma(int x) { return x <= 0 ? 1 : mb(x - 1) * 3; }
__device__ __noinline__ int mb(int x) { return x <= 0 ? 2 : ma(x - 1) + 5; }
typedef int (*fp)(int);
__device__ __noinline__ int held(int x) { return x * 7 + 1; }
__device__ fp table[1] = { held };
__global__ void k(int *a) { a[0] = first(a[1]) + later(a[2]) + rec(a[3]) + ma(a[4]) + table[0](a[5]); }
__device__ __noinline__ int later(int x) { return x * 3 + 7; }
";
    for p in ours_and_nvrtcs(src, "sm_80") {
        let heads: Vec<&str> = p
            .lines()
            .filter(|l| l.starts_with(".func") || l.starts_with(".visible .entry"))
            .map(|l| l.rsplit(' ').next().unwrap_or(l))
            .collect();
        assert_eq!(
            heads,
            [
                "_Z4heldi",
                "_Z2mbi",
                "_Z5lateri",
                "_Z4heldi(",
                "_Z5firsti(",
                "_Z3reci(",
                "_Z2mai(",
                "_Z2mbi(",
                "_Z1kPi(",
                "_Z5lateri("
            ],
            "{p}"
        );
        assert!(
            p.contains(
                ".func  (.param .b32 func_retval0) _Z2mbi\n(\n\t.param .b32 _Z2mbi_param_0\n)\n;\n"
            ),
            "{p}"
        );
    }
}

/// A struct of integers aligned to its 4 or 8 bytes is copied as 32-bit
/// words between objects in memory, as nvcc copies it (`ld.global.u32`,
/// `ld.global.v2.u32`), not member by member; a `__half2` through locals too.
#[test]
fn small_aligned_integer_records_are_copied_as_words_as_nvcc() {
    const SRC: &str = "struct __align__(4) S { short a, b; };
struct __align__(8) E { short a, b, c, d; };
__global__ void c1(S *o, const S *a) { o[threadIdx.x] = a[threadIdx.x]; }
__global__ void c2(short2 *o, const short2 *a) { o[threadIdx.x] = a[threadIdx.x]; }
__global__ void c3(E *o, const E *a) { o[threadIdx.x] = a[threadIdx.x]; }
";
    let count = |p: &str, op: &str| lines(p).iter().filter(|l| l.starts_with(op)).count();
    for p in ours_and_nvrtcs(SRC, "sm_80") {
        assert_eq!(count(&p, "ld.global.u32 "), 2, "{p}");
        assert_eq!(count(&p, "st.global.u32 "), 2, "{p}");
        assert_eq!(count(&p, "ld.global.v2.u32 "), 1, "{p}");
        assert_eq!(count(&p, "st.global.v2.u32 "), 1, "{p}");
        assert!(!p.contains(".u16"), "{p}");
    }
    // A local on either side is copied member by member (sroa splits it),
    // as LLVM splits a memcpy into or out of an alloca: `uchar4 u = c[i];`
    // then `u.w` reads the four bytes as `ld.global.v4.u8`, as nvcc.
    let local = "__global__ void c4(uchar4 *o, const uchar4 *a) {
    uchar4 u = a[threadIdx.x];
    o[threadIdx.x] = make_uchar4(u.w, u.z, u.y, u.x);
}
";
    for p in ours_and_nvrtcs(local, "sm_80") {
        assert_eq!(count(&p, "ld.global.v4.u8 "), 1, "{p}");
        assert_eq!(count(&p, "st.global.v4.u8 "), 1, "{p}");
    }
    // A `__half2` of our `cuda_fp16.h` moves as a word everywhere, locals
    // included, as NVIDIA's copy operators move an `unsigned int`: one
    // 32-bit load per operand, one store, no halves (nvcc 13.5: `ld.global.u32`
    // into `add.f16x2`).
    let half = "#include <cuda_fp16.h>
__global__ void add2(__half2 *o, const __half2 *a, const __half2 *b) {
    o[threadIdx.x] = __hadd2(a[threadIdx.x], b[threadIdx.x]);
}
__global__ void local2(__half2 *o, const __half2 *a, const __half2 *b) {
    __half2 h = a[threadIdx.x];
    h = __hadd2(h, b[threadIdx.x]);
    o[threadIdx.x] = h;
}
";
    let p = ptx(half, "sm_80", 3);
    assert_eq!(count(&p, "ld.global.u32 "), 4, "{p}");
    assert_eq!(count(&p, "st.global.u32 "), 2, "{p}");
    assert_eq!(count(&p, "add.f16x2"), 2, "{p}");
    assert!(!p.contains(".u16") && !p.contains(".b16"), "{p}");
}

/// nvcc writes no negated guard where it can invert a comparison: a
/// predicate read by two branches in two blocks (`base + t < n` tested
/// twice) is one inverted `setp.ge.s32` read as `@%p` by both, and a branch
/// around `if (i >= 2 && i < n - 2)` inverts both comparisons and writes
/// `or.pred` (De Morgan). `x - 2` is `add.s32 …, -2`.
#[test]
fn branches_read_inverted_comparisons_not_negated_guards() {
    let src = r#"
__global__ void k(const int *in, int *out, int n) {
    int t = threadIdx.x;
    int i = blockIdx.x * 256 + 2 * t;
    int a = i < n ? in[i] : 0;
    __syncthreads();
    out[t] = a;
    __syncthreads();
    if (i < n) out[i] = a + 1;
    if (t >= 2 && t < n - 2) out[t + 1000] = 5;
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        let body = &p[p.find(".entry").unwrap()..];
        assert!(!body.contains("@!%p"), "{body}");
        assert!(!body.contains("not.pred"), "{body}");
        assert!(
            lines(body).iter().any(|l| l.starts_with("or.pred")),
            "{body}"
        );
        assert!(has(body, "add.s32", "-2"), "{body}");
        let ge = lines(body)
            .iter()
            .filter(|l| l.starts_with("setp.ge.s32"))
            .count();
        assert!(ge >= 1, "{body}");
    }
}

/// A loop's sum flows through three phis (the loop's head, after a
/// `continue`, after a `break`): nvcc keeps it in one `%f` register, with
/// no register-to-register `mov.f32`, and so does copy coalescing after
/// out of SSA.
#[test]
fn a_sum_through_continue_and_break_is_one_register() {
    let src = r#"
__global__ void k(int n, float *out, const int *idx) {
    float s = 0.0f;
    for (int i = 0; i < n; i++) {
        if (idx[i] < 0) continue;
        if (idx[i] > 1000) break;
        s += out[idx[i]] * 2.0f;
    }
    out[threadIdx.x] = s;
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        let body = &p[p.find(".entry").unwrap()..];
        let copies = lines(body)
            .iter()
            .filter(|l| l.starts_with("mov.f32") && l.matches("%f").count() == 2)
            .count();
        assert_eq!(copies, 0, "{body}");
    }
}

/// nvcc aligns a local array by its size (the largest power of two dividing
/// it, up to 16: `int buf[8]` 16, `int q[6]` 8, `int r[5]` 4) and stores its
/// consecutive elements as vectors the alignment allows: two
/// `st.local.v4.u32` for `buf`, three `.v2` for `q`, five scalars for `r`.
#[test]
fn local_arrays_are_aligned_by_size_and_stored_as_vectors() {
    let kernel = |decl: &str, n: u32| {
        format!(
            "__global__ void k(int *out, const int *sel) {{
    {decl};
    for (int k = 0; k < {n}; k++) buf[k] = k * threadIdx.x;
    out[threadIdx.x] = buf[sel[threadIdx.x] % {n}];
}}
"
        )
    };
    let cases = [
        ("int buf[8]", 8, "16", "st.local.v4.u32", 2),
        ("int buf[6]", 6, "8", "st.local.v2.u32", 3),
        ("int buf[5]", 5, "4", "st.local.u32", 5),
    ];
    for (decl, n, align, store, count) in cases {
        for p in ours_and_nvrtcs(&kernel(decl, n), "sm_80") {
            let depot = format!(".local .align {align} .b8 __local_depot0[{}]", n * 4);
            let l = lines(&p);
            assert!(
                l.iter()
                    .any(|x| x.replace(' ', "") == depot.replace(' ', "")),
                "{decl}: {p}"
            );
            let stores: Vec<_> = l.iter().filter(|x| x.starts_with("st.local")).collect();
            assert_eq!(stores.len(), count, "{decl}: {p}");
            assert!(
                stores.iter().all(|x| x.starts_with(&format!("{store} "))),
                "{decl}: {p}"
            );
        }
    }
}

/// A float constant is stored as its bits from an integer register
/// (`mov.u32 %r, 1065353216; st.global.u32`), as LLVM's DAG combiner makes
/// nvcc's; a byte read only to be sign-extended is loaded sign-extended
/// (`ld.global.s8 %r`), with no `cvt`.
#[test]
fn float_constants_stored_as_bits_and_bytes_loaded_extended() {
    let src = r#"
__global__ void k(float *f, double *d, int *o, const signed char *c, const unsigned short *h) {
    int t = threadIdx.x;
    f[t] = 1.0f;
    d[t] = 2.0;
    o[t] = c[t] * 3 + h[t];
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        let l = lines(&p);
        assert!(has(&p, "mov.u32", "1065353216"), "{p}");
        assert!(has(&p, "mov.u64", "4611686018427387904"), "{p}");
        assert!(l.iter().any(|x| x.starts_with("st.global.u32")), "{p}");
        assert!(l.iter().any(|x| x.starts_with("st.global.u64")), "{p}");
        assert!(!l.iter().any(|x| x.starts_with("st.global.f")), "{p}");
        assert!(l.iter().any(|x| x.starts_with("ld.global.s8 %r")), "{p}");
        assert!(l.iter().any(|x| x.starts_with("ld.global.u16 %r")), "{p}");
        let narrow = |x: &String| x.contains("8 ") || x.contains("16 ");
        assert!(!l.iter().any(|x| x.starts_with("cvt") && narrow(x)), "{p}");
    }
}

/// A value read only to be widened to 64 bits is read widened: a kernel
/// parameter (`ld.param.s32 %rd`, `ld.param.u32 %rd`, `ld.param.s16 %rd`)
/// and an `int` loaded from memory (`ld.global.s32 %rd`), with no `cvt`;
/// a parameter that an index also multiplies wide keeps its 32-bit
/// register, and the index is `mul.wide.s32` though the extension is read
/// elsewhere too, as NVPTX's DAG combines them.
#[test]
fn values_widened_to_64_bits_are_read_widened() {
    let src = r#"
__global__ void k(long *o, const int *b, const unsigned *u, long n2, int n, unsigned m, short s) {
    int t = threadIdx.x;
    long x = b[t];
    o[t] = x + u[t] + m + s;
    o[t + 1] = n;
    o[n] = 2;
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        let l = lines(&p);
        let starts = |pre: &str| l.iter().any(|x| x.starts_with(pre));
        assert!(starts("ld.param.u32 %rd"), "{p}");
        assert!(starts("ld.param.s16 %rd"), "{p}");
        assert!(starts("ld.param.u32 %r1"), "{p}");
        assert!(starts("ld.global.s32 %rd"), "{p}");
        assert!(starts("ld.global.u32 %rd"), "{p}");
        assert!(has(&p, "mul.wide.s32", "8"), "{p}");
        assert_eq!(l.iter().filter(|x| x.starts_with("cvt.")).count(), 1, "{p}");
    }
}

/// A widened load that also indexes an array, in its block or in another:
/// the index multiplies wide from the loaded `int` in its block and reads
/// the widened register elsewhere (both compiled, no "used before its
/// definition").
#[test]
fn a_widened_load_that_also_indexes() {
    let src = r#"
__global__ void k(long *o, const int *b) { long x = b[threadIdx.x]; o[x] = x; }
__global__ void k2(long *o, const int *b, int n) {
    int t = threadIdx.x;
    long x = b[t];
    if (n > 0) o[x] = 1;
    o[t] = x;
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        assert!(has(&p, "mul.wide.s32", "8"), "{p}");
        assert!(has(&p, "shl.b64", "3"), "{p}");
    }
}

/// `end - q` of two pointers into one array is the difference of their
/// indices (`sub.s64`, no `shr`), `&p[t] < &p[n]` compares the indices
/// (signed), and a pointer stepping by `blockDim.x` elements steps by a
/// byte stride scaled once before the loop, as nvcc's (the corpus' `pointers.cu`).
#[test]
fn pointer_differences_compares_and_strides_as_indices() {
    let src = include_str!("corpus/pointers.cu");
    for p in ours_and_nvrtcs(src, "sm_80") {
        let body = &p[p.find(".entry").unwrap()..];
        let l = lines(body);
        assert!(
            !l.iter()
                .any(|x| x.starts_with("shr") || x.starts_with("cvta.global")),
            "{body}"
        );
        assert!(l.iter().any(|x| x.starts_with("sub.s64")), "{body}");
        assert!(
            l.iter()
                .any(|x| x.starts_with("setp.") && x.contains(".s64")),
            "{body}"
        );
        // The loop: a load, the sum, one pointer step, the compare, the branch.
        let head = l
            .iter()
            .position(|x| x.starts_with("$L__BB0_2:"))
            .expect(body);
        let end = l[head..]
            .iter()
            .position(|x| x.starts_with("@%p"))
            .expect(body);
        assert_eq!(end, 5, "{body}");
    }
}

/// A shuffle as nvcc writes it: a float's bits moved to a `%r` and back,
/// the lane, clamp and mask in registers (each constant moved once and read
/// by both shuffles), and the in-range flag beside the result (`%r|%p`).
#[test]
fn shuffles_take_registers_and_write_their_flag() {
    let src = r#"
__global__ void k(float *f, int *o) {
    float x = f[threadIdx.x];
    x += __shfl_xor_sync(0xffffffff, x, 4);
    int v = o[threadIdx.x];
    v += __shfl_down_sync(0xffffffff, v, 4);
    f[threadIdx.x] = x;
    o[threadIdx.x] = v;
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        let l = lines(&p);
        let shfl: Vec<_> = l.iter().filter(|x| x.starts_with("shfl.sync")).collect();
        assert_eq!(shfl.len(), 2, "{p}");
        for s in &shfl {
            assert!(s.contains("|%p"), "{p}");
            let ops: Vec<_> = s.split(", ").collect();
            assert!(ops[1..].iter().all(|o| o.starts_with("%r")), "{p}");
        }
        for c in ["4", "31", "-1"] {
            let movs = l
                .iter()
                .filter(|x| x.starts_with("mov.u32") && x.ends_with(&format!(", {c}")));
            assert_eq!(movs.count(), 1, "{c}: {p}");
        }
        assert_eq!(
            l.iter().filter(|x| x.starts_with("mov.b32")).count(),
            2,
            "{p}"
        );
    }
}

/// A type pun through `memcpy` between locals is no memory at all: the
/// float's bits are loaded as an integer (`ld.global.u32`) and a double's
/// stored as the double (`st.global.f64`), as nvcc's; a copy between
/// pointers of unknown alignment stays bytes (`ld.global.u8`), not vectors.
#[test]
fn memcpy_type_puns_are_registers() {
    let src = r#"
__global__ void k(const float *in, int *o, long long *o8, float *g) {
    int t = threadIdx.x;
    float x = in[t]; int b; memcpy(&b, &x, 4); o[t] = b;
    double y = in[t + 1]; long long c; memcpy(&c, &y, 8); o8[t] = c;
    memcpy(&g[t], &in[t + 3], 4);
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        let l = lines(&p);
        assert!(!p.contains(".local"), "{p}");
        assert!(l.iter().any(|x| x.starts_with("ld.global.u32")), "{p}");
        assert!(l.iter().any(|x| x.starts_with("st.global.f64")), "{p}");
        assert_eq!(
            l.iter().filter(|x| x.starts_with("ld.global.u8")).count(),
            4,
            "{p}"
        );
        assert!(!l.iter().any(|x| x.contains(".v4.u8")), "{p}");
    }
}

/// An index extension that a global address of its own block reads is
/// computed there (`cvt.s64.s32`) and a later block scales that register
/// (`shl.b64 …, 2`); a shared array's address is moved into a register
/// once and read in the blocks its block dominates; a shifted index of a
/// shared array is scaled once (`(t + 1) * 2` elements of 4 bytes: one
/// `shl.b32 …, 3`), as NVPTX's DAG and MachineCSE have them.
#[test]
fn exported_indices_and_shared_addresses() {
    let src = r#"
__global__ void k(float *o, const float *in, int c) {
    __shared__ float s[512];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    if (t < c) {
        o[t] = s[(t + 1) * 2];
        if (t > 3) o[t + 1] = s[t - 1];
    }
}
"#;
    for p in ours_and_nvrtcs(src, "sm_80") {
        let l = lines(&p);
        assert!(l.iter().any(|x| x.starts_with("cvt.s64.s32")), "{p}");
        assert!(has(&p, "shl.b64", "2"), "{p}");
        assert!(has(&p, "shl.b32", "3"), "{p}");
        assert!(!has(&p, "shl.b32", "1"), "{p}");
        let movs = l
            .iter()
            .filter(|x| x.starts_with("mov.u32") && x.ends_with("E1s"));
        assert_eq!(movs.count(), 1, "{p}");
    }
}

/// A call sequence's moves through the `.param` space are spelled as nvcc
/// spells them: integer and pointer arguments `st.param.b32`/`.b64`, an
/// integer result `ld.param.b32`, a float one `ld.param.f32`, the callee's
/// `st.param.b32 [func_retval0+0]`, each call `.param` address with its
/// `+0` (`[param0+0]`, `[retval0+0]`).
#[test]
fn call_sequences_move_parameters_untyped_with_an_explicit_offset() {
    let src = "
__device__ __noinline__ int pick(const int *p, long long i, int k) { return p[i] + k; }
__device__ __noinline__ float scale(float x, double y) { return x * (float)y; }
__global__ void k(const int *a, float *o, int n) {
  int t = pick(a, n, n + 1);
  o[t] = scale(o[0], n * 0.5);
}
";
    for p in ours_and_nvrtcs(src, "sm_80") {
        let k = &p[p.find(".entry").expect("the kernel")..];
        let ls = lines(k);
        let text = ls.join("\n");
        assert_eq!(
            ls.iter()
                .filter(|l| *l == ".reg .b32 temp_param_reg")
                .count(),
            2,
            "{k}"
        );
        for want in [
            "st.param.b64 [param0+0], ",
            "st.param.b64 [param1+0], ",
            "st.param.b32 [param2+0], ",
            "st.param.f64 [param1+0], ",
        ] {
            assert!(text.contains(want), "{want} in {k}");
        }
        assert!(
            ls.iter()
                .any(|l| l.starts_with("ld.param.b32 ") && l.ends_with(", [retval0+0]")),
            "{k}"
        );
        assert!(
            ls.iter()
                .any(|l| l.starts_with("ld.param.f32 ") && l.ends_with(", [retval0+0]")),
            "{k}"
        );
        let pick = &p[p.find(") _Z4pickPKixi(").expect("pick")..];
        assert!(
            lines(pick)
                .iter()
                .any(|l| l.starts_with("st.param.b32 [func_retval0+0], ")),
            "{pick}"
        );
    }
}
