//! Undefined behaviour a run reports without stopping (`Stats::undefined`),
//! in the IR interpreter and the PTX emulator alike: data races on shared
//! memory between barriers, on global memory (in a block and across blocks)
//! and reads of shared memory no thread wrote,
//! each kernel beside its race-free twin (the last-block pattern: a fence
//! and an atomic order blocks).

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, FindingKind, Launch, Memory, Stats};

/// Runs the only kernel `k` of `src` over one block of 64 threads with an
/// i32 input and an i32 output buffer (64 each), in the interpreter and the
/// emulator (both at -O0); the two runs' stats.
fn run_both(src: &str, config: &Config) -> [Stats; 2] {
    let opts = Options::default();
    let input: Vec<i32> = (1..=64).collect();
    let launch = |mem: &mut Memory| {
        let a = mem.upload(&input);
        let b = mem.upload(&[0i32; 64]);
        Launch::new(
            [1, 1, 1],
            [64, 1, 1],
            vec![ArgValue::Buffer(a), ArgValue::Buffer(b)],
        )
    };
    let m = compile_to_ir("t.cu", src, &NoFiles, &opts, None).expect("compiles");
    let mut mem = Memory::new();
    let l = launch(&mut mem);
    let ir = interp::run_kernel(&m, "k", &l, &mut mem, config).expect("the IR runs");
    let c = compile_source("t.cu", src, &opts);
    let ptx = emu::PtxModule::parse(c.ptx.as_deref().expect("PTX")).expect("parses");
    let mut mem = Memory::new();
    let l = launch(&mut mem);
    let name = ptx.kernels()[0].to_string();
    let pt = emu::run_kernel(&ptx, &name, &l, &mut mem, config).expect("the PTX runs");
    [ir, pt]
}

fn kinds(s: &Stats) -> Vec<FindingKind> {
    s.undefined.iter().map(|f| f.kind).collect()
}

const REDUCE: &str = "extern \"C\" __global__ void k(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  SYNC
  for (int d = 32; d > 0; d /= 2) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
";

#[test]
fn a_reduction_missing_its_first_barrier_races() {
    for s in run_both(&REDUCE.replace("SYNC", ""), &Config::default()) {
        let race = s
            .undefined
            .iter()
            .find(|f| f.kind == FindingKind::SharedRace)
            .unwrap_or_else(|| panic!("no race found: {:?}", s.undefined));
        // Thread 32 writes s[32] (line 4) that thread 0 read at line 7.
        assert_eq!(race.thread_idx, [32, 0, 0], "{race}");
        assert_eq!(race.offset, 128, "{race}");
        let other = race.other.as_ref().unwrap();
        assert_eq!(other.thread_idx, [0, 0, 0], "{race}");
        assert!(race.to_string().contains("without a barrier"), "{race}");
        assert!(kinds(&s).contains(&FindingKind::UninitializedShared));
    }
    for s in run_both(
        &REDUCE.replace("SYNC", "__syncthreads();"),
        &Config::default(),
    ) {
        assert_eq!(s.undefined, vec![], "the twin with its barrier is clean");
    }
}

#[test]
fn the_ir_names_source_lines_and_the_ptx_its_own() {
    let [ir, pt] = run_both(&REDUCE.replace("SYNC", ""), &Config::default());
    let race = |s: &Stats| {
        s.undefined
            .iter()
            .find(|f| f.kind == FindingKind::SharedRace)
            .cloned()
            .unwrap()
    };
    let r = race(&ir);
    assert_eq!(r.line, Some(4), "{r}");
    assert_eq!(r.other.unwrap().line, Some(7));
    let r = race(&pt);
    assert!(r.line.is_some_and(|l| l > 11), "a PTX line: {r:?}");
}

const HALF: &str = "extern \"C\" __global__ void k(const int *in, int *out) {
  __shared__ int s[64];
  if (threadIdx.x < 32) s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = s[INDEX];
}
";

#[test]
fn reading_shared_memory_half_the_block_never_wrote() {
    for s in run_both(
        &HALF.replace("INDEX", "63 - threadIdx.x"),
        &Config::default(),
    ) {
        assert_eq!(kinds(&s), vec![FindingKind::UninitializedShared]);
        let f = &s.undefined[0];
        assert!(f.other.is_none());
        assert!(
            f.to_string().contains("that no thread of the block wrote"),
            "{f}"
        );
    }
    for s in run_both(
        &HALF.replace("INDEX", "threadIdx.x % 32"),
        &Config::default(),
    ) {
        assert_eq!(s.undefined, vec![]);
    }
}

#[test]
fn atomics_do_not_race_with_atomics_and_the_checks_turn_off() {
    let src = "extern \"C\" __global__ void k(const int *in, int *out) {
  __shared__ int n;
  if (threadIdx.x == 0) n = 0;
  __syncthreads();
  atomicAdd(&n, in[threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0) out[0] = n;
}
";
    for s in run_both(src, &Config::default()) {
        assert_eq!(s.undefined, vec![]);
    }
    let racy = REDUCE.replace("SYNC", "");
    let off = Config {
        check_undefined: false,
        ..Config::default()
    };
    for s in run_both(&racy, &off) {
        assert_eq!(s.undefined, vec![]);
    }
}

/// Runs `src`'s kernel `k` over `grid` blocks of `block` threads (an i32
/// input of 1..=256 and a zeroed i32 output of 256), in both executors.
fn run_grid(src: &str, grid: u32, block: u32) -> [Stats; 2] {
    let opts = Options::default();
    let input: Vec<i32> = (1..=256).collect();
    let launch = |mem: &mut Memory| {
        let a = mem.upload(&input);
        let b = mem.upload(&[0i32; 256]);
        Launch::new(
            [grid, 1, 1],
            [block, 1, 1],
            vec![ArgValue::Buffer(a), ArgValue::Buffer(b)],
        )
    };
    let m = compile_to_ir("t.cu", src, &NoFiles, &opts, None).expect("compiles");
    let mut mem = Memory::new();
    let l = launch(&mut mem);
    let ir = interp::run_kernel(&m, "k", &l, &mut mem, &Config::default()).expect("the IR runs");
    let c = compile_source("t.cu", src, &opts);
    let ptx = emu::PtxModule::parse(c.ptx.as_deref().expect("PTX")).expect("parses");
    let mut mem = Memory::new();
    let l = launch(&mut mem);
    let name = ptx.kernels()[0].to_string();
    let pt = emu::run_kernel(&ptx, &name, &l, &mut mem, &Config::default()).expect("the PTX runs");
    [ir, pt]
}

const ONE_WORD: &str = "extern \"C\" __global__ void k(const int *in, int *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) STORE;
}
";

#[test]
fn every_block_storing_to_one_global_word_races() {
    let [ir, pt] = run_grid(&ONE_WORD.replace("STORE", "out[0] = in[i]"), 4, 32);
    for s in [&ir, &pt] {
        assert_eq!(kinds(s), vec![FindingKind::GlobalRace], "{:?}", s.undefined);
        let f = &s.undefined[0];
        assert_eq!(f.block_idx, [1, 0, 0], "{f}");
        let o = f.other.as_ref().unwrap();
        assert_eq!(o.block_idx, [0, 0, 0], "{f}");
        assert!(f.to_string().contains("data race on global memory"), "{f}");
        assert!(f.to_string().contains("of block (0,0,0)"), "{f}");
    }
    assert_eq!(ir.undefined[0].line, Some(3));
    // The twins: one word per block, or every block adding atomically.
    for src in [
        ONE_WORD.replace("STORE", "out[blockIdx.x] = in[i]"),
        ONE_WORD.replace("STORE", "atomicAdd(&out[0], in[i])"),
    ] {
        for s in run_grid(&src, 4, 32) {
            assert_eq!(s.undefined, vec![], "{src}");
        }
    }
}

const IN_BLOCK: &str = "extern \"C\" __global__ void k(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = in[t];
  SYNC
  out[t] += out[63 - t];
}
";

#[test]
fn a_global_race_inside_a_block_needs_no_second_block() {
    for s in run_grid(&IN_BLOCK.replace("SYNC", ""), 1, 64) {
        assert!(
            kinds(&s).contains(&FindingKind::GlobalRace),
            "{:?}",
            s.undefined
        );
    }
    // With a barrier the reads are ordered, but the read-modify-write of
    // out[t] against thread 63-t's read of it still races (as on a GPU).
    for s in run_grid(
        "extern \"C\" __global__ void k(const int *in, int *out) {
  int t = threadIdx.x;
  out[t] = in[t];
  __syncthreads();
  int v = out[63 - t];
  __syncthreads();
  out[t] += v;
}
",
        1,
        64,
    ) {
        assert_eq!(s.undefined, vec![]);
    }
}

/// The "last block" pattern (CUDA's threadFenceReduction): each block writes
/// its partial sum, fences, takes a ticket atomically; the block with the
/// last ticket reads every block's partial sum and resets the counter.
const LAST_BLOCK: &str = "__device__ unsigned int count = 0;
extern \"C\" __global__ void k(const int *in, int *out) {
  __shared__ bool last;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x == 0) {
    out[1 + blockIdx.x] = in[i];
    FENCE
    unsigned int ticket = atomicInc(&count, gridDim.x);
    last = (ticket == gridDim.x - 1);
  }
  __syncthreads();
  if (last && threadIdx.x == 0) {
    int sum = 0;
    for (int b = 0; b < gridDim.x; b++) sum += out[1 + b];
    out[0] = sum;
    count = 0;
  }
}
";

#[test]
fn the_last_block_reads_what_fenced_blocks_released() {
    for s in run_grid(&LAST_BLOCK.replace("FENCE", "__threadfence();"), 4, 32) {
        assert_eq!(s.undefined, vec![], "{:?}", s.undefined);
    }
    // Without the fence the atomic orders nothing: the last block's reads race.
    for s in run_grid(&LAST_BLOCK.replace("FENCE", ""), 4, 32) {
        assert!(
            kinds(&s).contains(&FindingKind::GlobalRace),
            "{:?}",
            s.undefined
        );
    }
}
