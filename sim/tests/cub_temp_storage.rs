//! CUB's `TempStorage` sizes (the shared memory a kernel declares for each
//! block and warp primitive and algorithm variant): ours, run in the
//! emulator, within 10% of NVIDIA's CUB (NVRTC's PTX of the same source)
//! at sm_80, as issue 16 asks.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;

/// Each primitive, one slot of `out` each, in order: every algorithm
/// variant of the reductions and scans on whole and partial warps, the
/// radix sorts (keys only and with values), the exchanges of more than
/// four items a thread, which pad the tile, and the time-sliced ones,
/// which exchange a warp's worth at a time.
const PRIMITIVES: &[&str] = &[
    "cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_TRANSPOSE>",
    "cub::BlockLoad<float, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>",
    "cub::BlockStore<int, 128, 4, cub::BLOCK_STORE_TRANSPOSE>",
    "cub::BlockStore<float, 256, 2, cub::BLOCK_STORE_WARP_TRANSPOSE>",
    "cub::BlockExchange<int, 128, 4>",
    "cub::WarpReduce<int>",
    "cub::WarpScan<int>",
    "cub::WarpReduce<float, 16>",
    "cub::BlockDiscontinuity<int, 128>",
    "cub::BlockReduce<float, 256>",
    "cub::BlockReduce<float, 256, cub::BLOCK_REDUCE_RAKING>",
    "cub::BlockReduce<double, 128, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>",
    "cub::BlockReduce<int, 96>",
    "cub::BlockReduce<int, 96, cub::BLOCK_REDUCE_RAKING>",
    "cub::BlockReduce<int, 64, cub::BLOCK_REDUCE_RAKING_COMMUTATIVE_ONLY>",
    "cub::BlockScan<int, 128>",
    "cub::BlockScan<int, 128, cub::BLOCK_SCAN_WARP_SCANS>",
    "cub::BlockScan<int, 256, cub::BLOCK_SCAN_RAKING_MEMOIZE>",
    "cub::BlockScan<double, 96>",
    "cub::BlockScan<int, 32>",
    "cub::BlockScan<int, 512, cub::BLOCK_SCAN_WARP_SCANS>",
    "cub::BlockRadixSort<int, 128, 4>",
    "cub::BlockRadixSort<unsigned, 256, 4, int>",
    "cub::BlockRadixSort<unsigned, 64, 2>",
    "cub::BlockRadixSort<float, 128, 8, float>",
    "cub::BlockExchange<int, 128, 8>",
    "cub::BlockLoad<float, 64, 8, cub::BLOCK_LOAD_TRANSPOSE>",
    "cub::BlockStore<double, 96, 16, cub::BLOCK_STORE_WARP_TRANSPOSE>",
    "cub::BlockExchange<int, 128, 4, true>",
    "cub::BlockLoad<int, 256, 8, cub::BLOCK_LOAD_WARP_TRANSPOSE_TIMESLICED>",
    "cub::BlockStore<float, 96, 4, cub::BLOCK_STORE_WARP_TRANSPOSE_TIMESLICED>",
];

fn source() -> String {
    // The per-primitive headers (NVRTC refuses <cub/cub.cuh>).
    let mut s = String::new();
    for h in [
        "reduce",
        "scan",
        "load",
        "store",
        "exchange",
        "radix_sort",
        "discontinuity",
    ] {
        s += &format!("#include <cub/block/block_{h}.cuh>\n");
    }
    s += "#include <cub/warp/warp_reduce.cuh>\n#include <cub/warp/warp_scan.cuh>\n";
    s += "__global__ void sizes(int *out) {\n";
    for (i, p) in PRIMITIVES.iter().enumerate() {
        s += &format!("    out[{i}] = (int)sizeof({p}::TempStorage);\n");
    }
    s + "}\n"
}

fn sizes(ptx: &str) -> Vec<i32> {
    let n = PRIMITIVES.len();
    let c = Case::new(
        "sizes.cu",
        [1, 1, 1],
        [1, 1, 1],
        vec![Arg::Buf("out", Data::I32(vec![0; n]))],
    )
    // (names the buffer to read back; its values are not compared)
    .expect("out", Data::I32(vec![0; n]));
    match c.on_ptx(ptx, "sizes").into_iter().next() {
        Some((_, Data::I32(v))) => v,
        other => panic!("{other:?}"),
    }
}

#[test]
fn temp_storage_is_within_ten_percent_of_cubs() {
    let src = source();
    let ours = sizes(&libcheck::our_ptx("sizes.cu", &src, "sm_80"));
    assert!(ours.iter().all(|&b| b > 0), "{ours:?}");
    let Some(theirs) = libcheck::nvrtc_ptx("sizes.cu", &src, "sm_80", "cccl/cub/cub.cuh", &[])
    else {
        return;
    };
    let theirs = sizes(&theirs);
    for (p, (o, t)) in PRIMITIVES.iter().zip(ours.iter().zip(&theirs)) {
        eprintln!("{p}: ours {o} bytes, CUB's {t}");
    }
    let off: Vec<String> = PRIMITIVES
        .iter()
        .zip(ours.iter().zip(&theirs))
        .filter(|(_, (&o, &t))| (f64::from(o) - f64::from(t)).abs() > 0.1 * f64::from(t))
        .map(|(p, (o, t))| format!("{p}: ours {o} bytes, CUB's {t}"))
        .collect();
    assert!(off.is_empty(), "{}", off.join("\n"));
}
