//! The device-library pieces cuda-samples' reduction, shfl_scan and
//! tensor-core GEMMs call: `__reduce_*_sync` (`redux.sync`), tiles of 64
//! to 1024 threads with `cg::reduce` over `block_tile_memory`, a tile's
//! shuffles of vector types (`uint4`: one 32-bit shuffle per component),
//! `cg::inclusive_scan` and `cg::exclusive_scan`. Each kernel
//! runs in the IR interpreter (-O0, -O3) and in the PTX emulator on our PTX
//! and on NVRTC's (with its own headers), and every buffer must equal the
//! reference computed here; ptxas must accept our PTX.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;

use cases::*;
use common::nvrtc::Nvrtc;
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};

const SRC: &str = r#"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
/* Every warp reduction of sm_80, on full and partial masks. */
__global__ void redux(const int *in, int *out) {
    int v = in[threadIdx.x];
    unsigned u = (unsigned)v;
    int *o = out + 10 * threadIdx.x;
    o[0] = __reduce_add_sync(0xffffffffu, v);
    o[1] = __reduce_min_sync(0xffffffffu, v);
    o[2] = __reduce_max_sync(0xffffffffu, v);
    o[3] = (int)__reduce_min_sync(0xffffffffu, u);
    o[4] = (int)__reduce_max_sync(0xffffffffu, u);
    o[5] = (int)__reduce_and_sync(0xffffffffu, u | 0x10u);
    o[6] = (int)__reduce_or_sync(0xffffffffu, u & 0xf0f0u);
    o[7] = (int)__reduce_xor_sync(0xffffffffu, u);
    o[8] = (int)__reduce_add_sync(0xffffffffu, u * 3u);
    if ((threadIdx.x & 31) < 16) o[9] = __reduce_add_sync(0x0000ffffu, v);
}
/* A block of 256 in tiles of N (over block_tile_memory): each tile's sum
   and maximum, given to every thread of the tile. */
template <unsigned N> __global__ void multi(const int *in, int *out) {
    __shared__ cg::block_tile_memory<256> scratch;
    cg::thread_block cta = cg::this_thread_block(scratch);
    cg::thread_block_tile<N> tile = cg::tiled_partition<N>(cta);
    int v = in[threadIdx.x];
    int s = cg::reduce(tile, v, cg::plus<int>());
    int m = cg::reduce(tile, v, cg::greater<int>());
    tile.sync();
    out[threadIdx.x] = s;
    out[256 + threadIdx.x] = m;
    if (threadIdx.x == 0) out[512] = tile.num_threads() * 1000 + tile.meta_group_size();
    out[513 + threadIdx.x] = tile.meta_group_rank() * 10000 + tile.thread_rank();
}
template __global__ void multi<64>(const int *, int *);
template __global__ void multi<128>(const int *, int *);
template __global__ void multi<256>(const int *, int *);
/* A warp tile's shuffles of uint4 and float2 (component by component),
   and scans over tiles of 32 and 8. */
__global__ void vecshfl(const uint4 *in, uint4 *out, int *scans) {
    cg::thread_block cta = cg::this_thread_block();
    cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cta);
    uint4 v = in[threadIdx.x];
    out[threadIdx.x] = tile.shfl_xor(v, 3);
    out[64 + threadIdx.x] = tile.shfl_up(v, 2);
    out[128 + threadIdx.x] = tile.shfl_down(v, 5);
    out[192 + threadIdx.x] = tile.shfl(v, 7);
    float2 f = make_float2((float)v.x, (float)v.y);
    float2 g = tile.shfl_xor(f, 1);
    out[256 + threadIdx.x] = make_uint4((unsigned)g.x, (unsigned)g.y, 0u, 0u);
    int x = (int)(v.z % 1000u) - 500;
    scans[threadIdx.x] = cg::inclusive_scan(tile, x);
    scans[64 + threadIdx.x] = cg::exclusive_scan(tile, x);
    cg::thread_block_tile<8> eight = cg::tiled_partition<8>(cta);
    scans[128 + threadIdx.x] = cg::inclusive_scan(eight, x, cg::greater<int>());
    scans[192 + threadIdx.x] = cg::exclusive_scan(eight, (unsigned)x, cg::bit_xor<unsigned>());
}
"#;

fn input(n: usize, seed: u64) -> Vec<i32> {
    let mut r = Rng(seed);
    (0..n).map(|_| r.int(-100_000, 100_000) as i32).collect()
}

fn redux_case() -> Case {
    let v = input(64, 5);
    let mut want = vec![0i32; 640];
    for t in 0..64 {
        let w = &v[t / 32 * 32..t / 32 * 32 + 32];
        let u = |x: &i32| *x as u32;
        let o = &mut want[10 * t..10 * t + 10];
        o[0] = w.iter().fold(0i32, |a, b| a.wrapping_add(*b));
        o[1] = *w.iter().min().unwrap();
        o[2] = *w.iter().max().unwrap();
        o[3] = w.iter().map(u).min().unwrap() as i32;
        o[4] = w.iter().map(u).max().unwrap() as i32;
        o[5] = w.iter().fold(!0u32, |a, b| a & (u(b) | 0x10)) as i32;
        o[6] = w.iter().fold(0u32, |a, b| a | (u(b) & 0xf0f0)) as i32;
        o[7] = w.iter().fold(0u32, |a, b| a ^ u(b)) as i32;
        o[8] = w
            .iter()
            .fold(0u32, |a, b| a.wrapping_add(u(b).wrapping_mul(3))) as i32;
        if t % 32 < 16 {
            o[9] = w[..16].iter().fold(0i32, |a, b| a.wrapping_add(*b));
        }
    }
    let mut c = Case::new(
        "cglib.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(v)),
            Arg::Buf("out", Data::I32(vec![0; 640])),
        ],
    )
    .expect("out", Data::I32(want))
    .kernel("redux");
    c.source = Some(SRC);
    c
}

fn multi_case(n: usize) -> Case {
    let v = input(256, 9 + n as u64);
    let mut want = vec![0i32; 513 + 256];
    for t in 0..256 {
        let tile = &v[t / n * n..t / n * n + n];
        want[t] = tile.iter().sum();
        want[256 + t] = *tile.iter().max().unwrap();
        want[513 + t] = (t / n * 10000 + t % n) as i32;
    }
    want[512] = (n * 1000 + 256 / n) as i32;
    let mut c = Case::new(
        "cglib.cu",
        [1, 1, 1],
        [256, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(v)),
            Arg::Buf("out", Data::I32(vec![0; 513 + 256])),
        ],
    )
    .expect("out", Data::I32(want));
    c.source = Some(SRC);
    c
}

fn vecshfl_case() -> Case {
    let words: Vec<i32> = {
        let mut r = Rng(77);
        (0..256).map(|_| r.next() as u32 as i32).collect()
    };
    let v = |t: usize, c: usize| words[4 * t + c] as u32;
    let mut out = vec![0i32; 320 * 4];
    let mut scans = vec![0i32; 256];
    for t in 0..64 {
        let (base, lane) = (t / 32 * 32, t % 32);
        let put = |out: &mut Vec<i32>, slot: usize, src: usize| {
            for c in 0..4 {
                out[4 * (slot + t) + c] = v(base + src, c) as i32;
            }
        };
        put(&mut out, 0, lane ^ 3);
        put(&mut out, 64, if lane >= 2 { lane - 2 } else { lane });
        put(&mut out, 128, if lane + 5 < 32 { lane + 5 } else { lane });
        put(&mut out, 192, 7);
        let src = base + (lane ^ 1);
        out[4 * (256 + t)] = v(src, 0) as f32 as u32 as i32;
        out[4 * (256 + t) + 1] = v(src, 1) as f32 as u32 as i32;
        let x = |k: usize| (v(k, 2) % 1000) as i32 - 500;
        scans[t] = (base..=t).map(x).sum();
        scans[64 + t] = (base..t).map(x).sum();
        let e = t / 8 * 8;
        scans[128 + t] = (e..=t).map(x).max().unwrap();
        scans[192 + t] = (e..t).fold(0u32, |a, k| a ^ x(k) as u32) as i32;
    }
    let mut c = Case::new(
        "cglib.cu",
        [1, 1, 1],
        [64, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(words)),
            Arg::Buf("out", Data::I32(vec![0; 320 * 4])),
            Arg::Buf("scans", Data::I32(vec![0; 256])),
        ],
    )
    .expect("out", Data::I32(out))
    .expect("scans", Data::I32(scans))
    .kernel("vecshfl");
    c.source = Some(SRC);
    c
}

/// Every case with the symbol fragment its kernel's name contains.
fn cases() -> Vec<(&'static str, Case)> {
    vec![
        ("redux", redux_case()),
        ("multiILj64", multi_case(64)),
        ("multiILj128", multi_case(128)),
        ("multiILj256", multi_case(256)),
        ("vecshfl", vecshfl_case()),
    ]
}

fn opts(level: u8) -> Options {
    Options {
        arch: "sm_80".into(),
        opt_level: level,
        ..Options::default()
    }
}

#[test]
fn both_executors_compute_the_reference() {
    let mut failures = Vec::new();
    for level in [0, 3] {
        let m = compile_to_ir("cglib.cu", SRC, &NoFiles, &opts(level), None).expect("compiles");
        let ptx = compile_source("cglib.cu", SRC, &opts(level))
            .ptx
            .expect("PTX");
        if let Some(e) = common::ptxas_rejects(&ptx, "sm_80", &format!("cglib-{level}")) {
            panic!("ptxas rejects our PTX at -O{level}:\n{e}");
        }
        for spelled in [
            "redux.sync.add.s32",
            "redux.sync.min.u32",
            "redux.sync.xor.b32",
        ] {
            assert!(ptx.contains(spelled), "-O{level} lacks {spelled}");
        }
        for (k, c) in cases() {
            let name = m
                .functions
                .iter()
                .find(|f| f.name.contains(k))
                .unwrap_or_else(|| panic!("no {k}"))
                .name
                .clone();
            let config = ptxlab_sim::Config::default();
            let (ir, _) = c
                .run_with(|l, mem| ptxlab_sim::interp::run_kernel(&m, &name, l, mem, &config))
                .unwrap_or_else(|e| panic!("{k} -O{level}: {e}"));
            let emu = c.on_ptx(&ptx, k);
            for (what, got) in [("interpreter", ir), ("emulator", emu)] {
                if let Some(d) = difference(&got, &c.all_expected()) {
                    failures.push(format!("{k} -O{level} ({what}): {d}"));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvrtcs_ptx_computes_the_same_reference() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let headers = common::nvrtc_file_options("// nvrtc-options: --use-bundled-headers");
    let flags: Vec<&str> = headers.iter().map(String::as_str).collect();
    let theirs = nvrtc
        .compile("cglib.cu", SRC, "sm_80", &flags)
        .unwrap_or_else(|log| panic!("NVRTC:\n{log}"));
    let mut failures = Vec::new();
    // NVRTC's tiles of more than 32 threads keep their state in the shared
    // memory the driver reserves (`%reserved_smem_offset_1`), which the
    // emulator does not give a program.
    for (k, c) in cases().into_iter().filter(|(k, _)| !k.starts_with("multi")) {
        if let Some(d) = difference(&c.on_ptx(&theirs, k), &c.all_expected()) {
            failures.push(format!("{k} (NVRTC's PTX): {d}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
