//! Cooperative launches (`Config::cooperative`, `ptxlab run --cooperative`):
//! `grid.sync()` meets across every block of the grid in the IR interpreter
//! (-O0, -O3) and our PTX in the emulator, giving a reference computed here
//! (so a barrier that let a block run ahead would show), and NVRTC's PTX of
//! the same source gives it too; a launch that is not cooperative traps at
//! the barrier, and a grid larger than the model's GPU holds at once fails
//! to launch in both executors. (The corpus file
//! `libcorpus/grid_sync.cu` compares a reduction with NVRTC's buffers.)

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;
#[path = "common/libcheck.rs"]
mod libcheck;

use cases::*;
use ptxlab_core::{compile_to_ir, NoFiles, Options};
use ptxlab_sim::{ArgValue, ErrorKind};

const SRC: &str = r#"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void rounds(const int *in, int *a, int *b, int rounds) {
    cg::grid_group grid = cg::this_grid();
    unsigned i = grid.thread_rank();
    unsigned n = grid.size();
    a[i] = in[i];
    for (int k = 0; k < rounds; k++) {
        grid.sync();
        b[i] = a[i] + 2 * a[(i + 1) % n] + k;
        grid.sync();
        a[i] = b[i] ^ (b[(i + n - 1) % n] & 7);
    }
}
"#;

const BLOCKS: u32 = 5;
const THREADS: u32 = 96;
const ROUNDS: i32 = 4;

fn case(grid: u32) -> Case {
    let n = (grid * THREADS) as usize;
    let mut r = Rng(91);
    let input: Vec<i32> = (0..n).map(|_| r.int(-50, 50) as i32).collect();
    let (mut a, mut b) = (input.clone(), vec![0i32; n]);
    for k in 0..ROUNDS {
        for i in 0..n {
            b[i] = a[i]
                .wrapping_add(2i32.wrapping_mul(a[(i + 1) % n]))
                .wrapping_add(k);
        }
        for i in 0..n {
            a[i] = b[i] ^ (b[(i + n - 1) % n] & 7);
        }
    }
    let mut c = Case::new(
        "grid_sync.cu",
        [grid, 1, 1],
        [THREADS, 1, 1],
        vec![
            Arg::Buf("in", Data::I32(input)),
            Arg::Buf("a", Data::I32(vec![0; n])),
            Arg::Buf("b", Data::I32(vec![0; n])),
            Arg::Scalar(ArgValue::I32(ROUNDS)),
        ],
    )
    .kernel("rounds")
    .expect("a", Data::I32(a))
    .expect("b", Data::I32(b));
    c.source = Some(SRC);
    c.cooperative = true;
    c
}

#[test]
fn grid_sync_meets_across_blocks_in_both_executors() {
    let failures = libcheck::check_ours("grid_sync.cu", SRC, "sm_80", &[("rounds", case(BLOCKS))]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn nvrtcs_grid_sync_gives_the_same_buffers() {
    let Some(theirs) =
        libcheck::nvrtc_ptx("grid_sync.cu", SRC, "sm_80", "cooperative_groups.h", &[])
    else {
        return;
    };
    let failures = libcheck::check_theirs(&theirs, &[("rounds", case(BLOCKS))]);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_launch_that_is_not_cooperative_traps_and_a_large_grid_fails() {
    let opts = Options {
        arch: "sm_80".into(),
        opt_level: 3,
        ..Options::default()
    };
    let m = compile_to_ir("grid_sync.cu", SRC, &NoFiles, &opts, None).unwrap();
    let symbol = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .unwrap()
        .name
        .clone();
    let ptx = libcheck::our_ptx("grid_sync.cu", SRC, "sm_80");
    let pm = ptxlab_sim::emu::PtxModule::parse(&ptx).unwrap();
    for (grid, cooperative, want) in [
        (BLOCKS, false, "trap"),
        // 2048 threads an SM at sm_80: 21 blocks of 96, not 22.
        (22, true, "cooperative launch of 22 blocks is too large"),
    ] {
        let mut c = case(grid);
        c.cooperative = cooperative;
        let interp = c.run_with(|l, mem| {
            ptxlab_sim::interp::run_kernel(&m, &symbol, l, mem, &c.config(&opts))
        });
        let emu = c
            .run_with(|l, mem| ptxlab_sim::emu::run_kernel(&pm, &symbol, l, mem, &c.config(&opts)));
        for (what, r) in [("interpreter", interp), ("emulator", emu)] {
            let e = r.err().unwrap_or_else(|| panic!("{what}: grid {grid} ran"));
            assert!(e.message.contains(want), "{what}: {e}");
            if cooperative {
                assert_eq!(e.kind, ErrorKind::Launch, "{what}: {e}");
            }
        }
    }
    // 21 blocks fit and meet.
    let c = case(21);
    let failures = libcheck::check_runs(
        "grid_sync.cu",
        SRC,
        "sm_80",
        &ptx,
        &[("rounds", c)],
        libcheck::as_is,
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Blocks 2 and 3 return before the grid barrier that blocks 0 and 1 wait
/// at: a deadlock naming both sides, found in a few rounds (not at the step
/// limit), in both executors, on our PTX and on NVRTC's.
const PARTIAL: &str = r#"
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void partial(int *out) {
    cg::grid_group g = cg::this_grid();
    out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
    if (blockIdx.x >= 2) return;
    g.sync();
    out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}
"#;

#[test]
fn a_grid_barrier_some_blocks_never_reach_is_a_deadlock_naming_them() {
    let opts = Options {
        arch: "sm_80".into(),
        opt_level: 3,
        ..Options::default()
    };
    let m = compile_to_ir("partial.cu", PARTIAL, &NoFiles, &opts, None).unwrap();
    let symbol = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .unwrap()
        .name
        .clone();
    let mut ptxs = vec![("our PTX", libcheck::our_ptx("partial.cu", PARTIAL, "sm_80"))];
    if let Some(theirs) =
        libcheck::nvrtc_ptx("partial.cu", PARTIAL, "sm_80", "cooperative_groups.h", &[])
    {
        ptxs.push(("NVRTC's PTX", theirs));
    }
    let mut c = Case::new(
        "partial.cu",
        [4, 1, 1],
        [32, 1, 1],
        vec![Arg::Buf("out", Data::I32(vec![0; 128]))],
    )
    .kernel("partial");
    c.source = Some(PARTIAL);
    c.cooperative = true;
    let mut cfg = c.config(&opts);
    // Far below the default: the deadlock is found long before.
    cfg.max_steps = 2_000_000;
    let mut errors = vec![(
        "interpreter",
        c.run_with(|l, mem| ptxlab_sim::interp::run_kernel(&m, &symbol, l, mem, &cfg))
            .err(),
    )];
    for (what, ptx) in &ptxs {
        let pm = ptxlab_sim::emu::PtxModule::parse(ptx).unwrap();
        let name = pm.kernels().into_iter().next().expect("a kernel");
        errors.push((
            what,
            c.run_with(|l, mem| ptxlab_sim::emu::run_kernel(&pm, name, l, mem, &cfg))
                .err(),
        ));
    }
    for (what, e) in errors {
        let e = e.unwrap_or_else(|| panic!("{what}: the launch ended"));
        assert_eq!(e.kind, ErrorKind::DivergentBarrier, "{what}: {e}");
        assert!(
            e.message
                .contains("deadlock: blocks 0, 1 wait at the grid-wide barrier")
                && e.message.contains("blocks 2, 3 ended without reaching it"),
            "{what}: {e}"
        );
    }
}
