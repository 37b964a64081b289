//! Asynchronous copies and memory barriers (`cuda_pipeline_primitives.h`,
//! `cuda_awbarrier_primitives.h`, `cuda/barrier`, `cuda/pipeline`,
//! `cooperative_groups/memcpy_async.h`): our PTX spells `cp.async` and
//! `mbarrier` as nvcc does, and the interpreter (at -O0 and -O3) and the
//! emulator give the expected buffers; a program that reads before waiting
//! sees the old bytes, and waits that can never complete are a deadlock.

#[path = "../../core/tests/common/mod.rs"]
mod common;

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = "#include <cuda_pipeline.h>
#include <cuda_awbarrier_primitives.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/std/type_traits>
namespace cg = cooperative_groups;
/* Reverses 64 floats through shared memory with __pipeline_memcpy_async. */
__global__ void prim(const float *in, float *out) {
    __shared__ float s[64];
    __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(0);
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
}
/* The same with a thread pipeline, two stages, and 16-byte copies. */
__global__ void pipe2(const float4 *in, float4 *out) {
    __shared__ float4 s[2][64];
    cuda::pipeline<cuda::thread_scope_thread> p = cuda::make_pipeline();
    for (int k = 0; k < 2; ++k) {
        p.producer_acquire();
        cuda::memcpy_async(&s[k][threadIdx.x], &in[k * 64 + threadIdx.x], cuda::aligned_size_t<16>(sizeof(float4)), p);
        p.producer_commit();
    }
    for (int k = 0; k < 2; ++k) {
        p.consumer_wait();
        __syncthreads();
        float4 v = s[k][63 - threadIdx.x];
        out[k * 64 + threadIdx.x] = v;
        p.consumer_release();
    }
}
/* Two stages, then pipeline_consumer_wait_prior: <1> leaves the newest
   stage in flight, <0> none (cuda-samples' tensor-core GEMMs). */
template <typename T> __global__ void prior(const T *in, T *out) {
    static_assert(cuda::std::is_same<T, float>::value, \"floats\");
    __shared__ T s[2][64];
    cuda::pipeline<cuda::thread_scope_thread> p = cuda::make_pipeline();
    for (int k = 0; k < 2; ++k) {
        p.producer_acquire();
        cuda::memcpy_async(&s[k][threadIdx.x], &in[k * 64 + threadIdx.x], sizeof(T), p);
        p.producer_commit();
    }
    cuda::pipeline_consumer_wait_prior<1>(p);
    __syncthreads();
    out[threadIdx.x] = s[0][63 - threadIdx.x];
    p.consumer_release();
    cuda::pipeline_consumer_wait_prior<0>(p);
    __syncthreads();
    out[64 + threadIdx.x] = s[1][63 - threadIdx.x];
    p.consumer_release();
}
template __global__ void prior<float>(const float *, float *);
/* A block pipeline of two stages: the second warp produces four tiles of
   32 floats, the first consumes them (reversed), each stage reused twice
   (sm_80 and newer, as its mbarriers). */
#if __CUDA_ARCH__ >= 800
__global__ void blockpipe(const float *in, float *out) {
    __shared__ float s[2][32];
    __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
    cg::thread_block cta = cg::this_thread_block();
    bool producer = threadIdx.x >= 32;
    auto pipe = cuda::make_pipeline(cta, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
    unsigned lane = threadIdx.x & 31;
    for (int k = 0; k < 4; ++k) {
        if (producer) {
            pipe.producer_acquire();
            cuda::memcpy_async(&s[k % 2][lane], &in[k * 32 + lane], cuda::aligned_size_t<4>(sizeof(float)), pipe);
            pipe.producer_commit();
        } else {
            pipe.consumer_wait();
            out[k * 32 + lane] = s[k % 2][31 - lane] + (float)k;
            pipe.consumer_release();
        }
    }
}
#endif
/* A block barrier: every thread writes, arrives and waits, then reads a neighbour. */
__global__ void bar(float *out) {
    __shared__ cuda::barrier<cuda::thread_scope_block> b;
    __shared__ float s[64];
    if (threadIdx.x == 0) init(&b, blockDim.x);
    __syncthreads();
    for (int round = 0; round < 3; ++round) {
        s[threadIdx.x] = threadIdx.x * 10 + round;
        auto t = b.arrive();
        b.wait(std::move(t));
        out[round * 64 + threadIdx.x] = s[(threadIdx.x + 1) % 64];
        b.arrive_and_wait();
    }
}
/* A group copy, then its wait. */
__global__ void group(const int *in, int *out) {
    __shared__ int s[256];
    cg::thread_block blk = cg::this_thread_block();
    cg::memcpy_async(blk, s, in, sizeof(int) * 256);
    cg::wait(blk);
    out[threadIdx.x] = s[255 - threadIdx.x] + s[threadIdx.x];
}
/* Wrong: reads the copy's destination before waiting for it. */
__global__ void early(const float *in, float *out) {
    __shared__ float s[64];
    s[threadIdx.x] = -1.0f;
    __pipeline_memcpy_async(&s[threadIdx.x], &in[threadIdx.x], sizeof(float));
    __pipeline_commit();
    out[threadIdx.x] = s[threadIdx.x];
    __pipeline_wait_prior(0);
}
/* Wrong: the barrier expects one more thread than the block has. */
__global__ void stuck(float *out) {
    __shared__ __mbarrier_t b;
    if (threadIdx.x == 0) __mbarrier_init(&b, blockDim.x + 1);
    __syncthreads();
    __mbarrier_token_t t = __mbarrier_arrive(&b);
    while (!__mbarrier_test_wait(&b, t)) {}
    out[threadIdx.x] = 1.0f;
}
";

fn opts(arch: &str, opt_level: u8) -> Options {
    Options {
        arch: arch.into(),
        opt_level,
        ..Options::default()
    }
}

/// Runs `kernel` in the interpreter at -O0 and -O3 and in the emulator on
/// our PTX; returns each run's output buffer or error text.
fn run_all(
    kernel: &str,
    block: u32,
    input: &[u32],
    out_len: usize,
) -> Vec<Result<Vec<u32>, String>> {
    let mut results = Vec::new();
    let go = |mem: &mut Memory, run: &dyn Fn(&mut Memory, &Launch) -> Result<(), String>| {
        let mut args = Vec::new();
        if !input.is_empty() {
            args.push(ArgValue::Buffer(mem.upload(input)));
        }
        let out = mem.upload(&vec![0u32; out_len]);
        args.push(ArgValue::Buffer(out));
        let l = Launch::new([1, 1, 1], [block, 1, 1], args);
        run(mem, &l).map(|_| mem.download::<u32>(out))
    };
    for opt_level in [0, 3] {
        let m = compile_to_ir("a.cu", SRC, &NoFiles, &opts("sm_80", opt_level), None)
            .expect("compiles");
        let name = m
            .functions
            .iter()
            .find(|f| f.name.contains(kernel))
            .expect("kernel")
            .name
            .clone();
        let mut mem = Memory::new();
        results.push(go(&mut mem, &|mem, l| {
            interp::run_kernel(&m, &name, l, mem, &Config::default())
                .map(|_| ())
                .map_err(|e| e.to_string())
        }));
    }
    for arch in ["sm_80", "sm_90"] {
        let c = compile_source("a.cu", SRC, &opts(arch, 3));
        let ptx = c.ptx.expect("PTX");
        let module = emu::PtxModule::parse(&ptx).expect("parses");
        let name = ptx
            .lines()
            .find_map(|l| {
                let n = l.strip_prefix(".visible .entry ")?.trim_end_matches('(');
                n.contains(kernel).then(|| n.to_string())
            })
            .expect("entry");
        let mut mem = Memory::new();
        results.push(go(&mut mem, &|mem, l| {
            emu::run_kernel(&module, &name, l, mem, &Config::default())
                .map(|_| ())
                .map_err(|e| e.to_string())
        }));
    }
    results
}

fn f(v: &[f32]) -> Vec<u32> {
    v.iter().map(|x| x.to_bits()).collect()
}

#[test]
fn copies_and_barriers_give_the_same_buffers_in_every_executor() {
    let input: Vec<f32> = (0..128).map(|k| k as f32).collect();
    let want: Vec<f32> = (0..64).map(|k| (63 - k) as f32).collect();
    for r in run_all("prim", 64, &f(&input[..64]), 64) {
        assert_eq!(r.unwrap(), f(&want));
    }
    let want: Vec<f32> = (0..2)
        .flat_map(|k| {
            (0..64).flat_map(move |t| (0..4).map(move |c| (k * 256 + (63 - t) * 4 + c) as f32))
        })
        .collect();
    let input: Vec<f32> = (0..512).map(|k| k as f32).collect();
    for r in run_all("pipe2", 64, &f(&input), 512) {
        assert_eq!(r.unwrap(), f(&want));
    }
    let want: Vec<f32> = (0..2)
        .flat_map(|k| (0..64).map(move |t| (k * 64 + 63 - t) as f32))
        .collect();
    let input: Vec<f32> = (0..128).map(|k| k as f32).collect();
    for r in run_all("prior", 64, &f(&input), 128) {
        assert_eq!(r.unwrap(), f(&want));
    }
    let want: Vec<f32> = (0..4)
        .flat_map(|k| (0..32).map(move |l| (k * 32 + 31 - l) as f32 + k as f32))
        .collect();
    let input: Vec<f32> = (0..128).map(|k| k as f32).collect();
    for r in run_all("blockpipe", 64, &f(&input), 128) {
        assert_eq!(r.unwrap(), f(&want));
    }
    let want: Vec<f32> = (0..3)
        .flat_map(|round| (0..64).map(move |t| (((t + 1) % 64) * 10 + round) as f32))
        .collect();
    for r in run_all("bar", 64, &[], 192) {
        assert_eq!(r.unwrap(), f(&want));
    }
    let input: Vec<u32> = (0..256).map(|k| k * 3).collect();
    let want: Vec<u32> = (0..256).map(|t| (255 - t) * 3 + t * 3).collect();
    for r in run_all("group", 256, &input, 256) {
        assert_eq!(r.unwrap(), want);
    }
}

#[test]
fn a_read_before_the_wait_sees_the_old_bytes() {
    let input: Vec<f32> = (0..64).map(|k| k as f32).collect();
    for r in run_all("early", 64, &f(&input), 64) {
        assert_eq!(r.unwrap(), f(&[-1.0; 64]));
    }
}

#[test]
fn a_barrier_that_cannot_complete_is_a_deadlock() {
    for r in run_all("stuck", 32, &[], 32) {
        let e = r.expect_err("deadlock");
        assert!(
            e.contains("deadlock: 32 threads wait for an mbarrier phase"),
            "{e}"
        );
    }
}

#[test]
fn our_instructions_are_spelled_as_nvcc_writes_them() {
    let c80 = compile_source("a.cu", SRC, &opts("sm_80", 3))
        .ptx
        .expect("PTX");
    for want in [
        "cp.async.ca.shared.global \t[",
        "cp.async.cg.shared.global \t[",
        "cp.async.commit_group;",
        "cp.async.wait_group \t0;",
        "cp.async.wait_group \t1;",
        "mbarrier.init.shared.b64 \t[",
        "mbarrier.arrive.shared.b64 \t%rd",
        "mbarrier.test_wait.shared.b64 \t%p",
    ] {
        assert!(c80.contains(want), "sm_80 lacks {want:?}");
    }
    let c90 = compile_source("a.cu", SRC, &opts("sm_90", 3))
        .ptx
        .expect("PTX");
    for want in [
        "mbarrier.try_wait.shared::cta.b64 \t%p",
        "mbarrier.arrive.shared::cta.b64 \t%rd",
        // cuda::pipeline waits for a stage's phase by its parity.
        "mbarrier.try_wait.parity.shared::cta.b64 \t%p",
    ] {
        assert!(c90.contains(want), "sm_90 lacks {want:?}");
    }
    assert!(c80.contains("mbarrier.test_wait.parity.shared.b64 \t%p"));
    // sm_75 has neither: copies are loads and stores, the barrier a count
    // (nvcc's `__mbarrier_*` need sm_80, so the last kernel goes).
    let src75 = &SRC[..SRC.find("/* Wrong: the barrier").expect("kernel")];
    let c75 = compile_source("a.cu", src75, &opts("sm_75", 3))
        .ptx
        .expect("PTX");
    assert!(!c75.contains("cp.async") && !c75.contains("mbarrier"));
}

#[test]
fn ptxas_accepts_our_ptx_on_every_target() {
    let Some(ptxas) = common::ptxas() else {
        eprintln!("SKIPPED: ptxas not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let dir = common::scratch("asyncmem");
    let src75 = &SRC[..SRC.find("/* Wrong: the barrier").expect("kernel")];
    for (arch, src) in [("sm_75", src75), ("sm_80", SRC), ("sm_90", SRC)] {
        for opt_level in [0, 3] {
            let ptx = compile_source("a.cu", src, &opts(arch, opt_level))
                .ptx
                .expect("compiles");
            let file = dir.join(format!("a-{arch}-{opt_level}.ptx"));
            std::fs::write(&file, ptx).unwrap();
            let out = std::process::Command::new(&ptxas)
                .arg(format!("-arch={arch}"))
                .arg(&file)
                .arg("-o")
                .arg(dir.join("a.cubin"))
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{arch} -O{opt_level}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
    }
}

/// `grid.sync()` is nvcc's code: the driver's grid workspace from
/// `%envreg1`/`%envreg2`, a trap when it is 0 (a launch that is not
/// cooperative, as every launch of ours is), then the arrival counter.
#[test]
fn grid_sync_traps_without_a_cooperative_launch() {
    let src = "#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(float *p) {
    cg::grid_group g = cg::this_grid();
    p[g.thread_rank()] = 1.0f;
    g.sync();
    p[g.thread_rank()] += p[(g.thread_rank() + 1) % g.size()];
}
";
    let c = compile_source("g.cu", src, &opts("sm_80", 3));
    let ptx = c.ptx.expect("PTX");
    for want in [
        "mov.u32 \t%r",
        "%envreg1;",
        "%envreg2;",
        "trap;",
        "barrier.sync \t0;",
        "atom.add.u32",
    ] {
        assert!(ptx.contains(want), "lacks {want:?}:\n{ptx}");
    }
    let module = emu::PtxModule::parse(&ptx).expect("parses");
    let mut mem = Memory::new();
    let out = mem.upload(&[0f32; 64]);
    let l = Launch::new([2, 1, 1], [32, 1, 1], vec![ArgValue::Buffer(out)]);
    let e = emu::run_kernel(&module, "_Z1kPf", &l, &mut mem, &Config::default())
        .expect_err("not cooperative");
    assert!(e.to_string().contains("trap"), "{e}");
    let m = compile_to_ir("g.cu", src, &NoFiles, &opts("sm_80", 0), None).expect("compiles");
    let mut mem = Memory::new();
    let out = mem.upload(&[0f32; 64]);
    let l = Launch::new([2, 1, 1], [32, 1, 1], vec![ArgValue::Buffer(out)]);
    let e = interp::run_kernel(&m, "_Z1kPf", &l, &mut mem, &Config::default())
        .expect_err("not cooperative");
    assert!(e.to_string().contains("trap"), "{e}");
}

/// Coalesced groups (`coalesced_threads`, `binary_partition`,
/// `labeled_partition`, their ranks, shuffles and `cg::reduce`) in both
/// executors: a warp-aggregated increment, and per-partition sums.
#[test]
fn coalesced_groups_rank_shuffle_and_reduce() {
    let src = "#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
namespace cg = cooperative_groups;
__global__ void k(const int *in, int *out) {
    int v = in[threadIdx.x];
    if (v % 3 != 0) {
        cg::coalesced_group a = cg::coalesced_threads();
        int base = 0;
        if (a.thread_rank() == 0) base = atomicAdd(&out[0], (int)a.size());
        base = a.shfl(base, 0);
        out[1 + threadIdx.x] = base + a.thread_rank();
    }
    cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
    cg::coalesced_group odd = cg::binary_partition(t, v & 1);
    out[33 + threadIdx.x] = cg::reduce(odd, v, cg::plus<int>());
    cg::coalesced_group same = cg::labeled_partition(t, v % 4);
    out[65 + threadIdx.x] = cg::reduce(same, v, cg::greater<int>()) * 100 + same.size();
}
";
    let input: Vec<u32> = (0..32u32).map(|k| (k * 7 + 3) % 23).collect();
    let mut want = vec![0u32; 97];
    let active: Vec<usize> = (0..32).filter(|&k| !input[k].is_multiple_of(3)).collect();
    want[0] = active.len() as u32;
    for (r, &k) in active.iter().enumerate() {
        want[1 + k] = r as u32;
    }
    for k in 0..32 {
        let odd = input[k] & 1;
        want[33 + k] = (0..32)
            .filter(|&j| input[j] & 1 == odd)
            .map(|j| input[j])
            .sum();
        let same: Vec<u32> = (0..32)
            .filter(|&j| input[j] % 4 == input[k] % 4)
            .map(|j| input[j])
            .collect();
        want[65 + k] = same.iter().max().unwrap() * 100 + same.len() as u32;
    }
    let run = |ptx_or_ir: bool, opt_level: u8| -> Vec<u32> {
        let mut mem = Memory::new();
        let i = mem.upload(&input);
        let o = mem.upload(&[0u32; 97]);
        let l = Launch::new(
            [1, 1, 1],
            [32, 1, 1],
            vec![ArgValue::Buffer(i), ArgValue::Buffer(o)],
        );
        if ptx_or_ir {
            let ptx = compile_source("c.cu", src, &opts("sm_80", opt_level))
                .ptx
                .expect("PTX");
            let m = emu::PtxModule::parse(&ptx).expect("parses");
            emu::run_kernel(&m, "_Z1kPKiPi", &l, &mut mem, &Config::default()).expect("runs");
        } else {
            let m = compile_to_ir("c.cu", src, &NoFiles, &opts("sm_80", opt_level), None)
                .expect("compiles");
            interp::run_kernel(&m, "_Z1kPKiPi", &l, &mut mem, &Config::default()).expect("runs");
        }
        mem.download::<u32>(o)
    };
    for (ptx, o) in [(false, 0), (false, 3), (true, 0), (true, 3)] {
        assert_eq!(run(ptx, o), want, "ptx {ptx} -O{o}");
    }
}
