//! Reductions over structs as real files write them (HeCBench's
//! softmax-online and moe): `cg::reduce` of a struct with a functor over a
//! tile's word-by-word shuffles, and `cub::BlockReduce` of
//! `cub::KeyValuePair`s with `cub::ArgMax`/`ArgMin`.
//! Run by the IR interpreter and the PTX emulator at -O0 and -O3.

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory};

const SRC: &str = r#"
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cub/cub.cuh>
namespace cg = cooperative_groups;
struct __align__(8) SumMax { float sum; float max; };
struct SumMaxOp {
  __device__ SumMax operator()(SumMax a, SumMax b) const {
    SumMax r;
    r.sum = a.sum + b.sum;
    r.max = a.max > b.max ? a.max : b.max;
    return r;
  }
};
__global__ void tile(const float *x, float *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  SumMax v = {x[threadIdx.x], x[threadIdx.x]};
  SumMax r = cg::reduce(warp, v, SumMaxOp());
  SumMax twice = SumMaxOp()(r, r);
  out[2 * threadIdx.x] = twice.sum;
  out[2 * threadIdx.x + 1] = r.max;
}
__global__ void argmax(const float *x, int *out) {
  typedef cub::KeyValuePair<int, float> kvp;
  typedef cub::BlockReduce<kvp, 64> BlockReduce;
  __shared__ typename BlockReduce::TempStorage tmp;
  kvp v(threadIdx.x, x[threadIdx.x]);
  kvp hi = BlockReduce(tmp).Reduce(v, cub::ArgMax());
  __syncthreads();
  kvp lo = BlockReduce(tmp).Reduce(v, cub::ArgMin());
  if (threadIdx.x == 0) { out[0] = hi.key; out[1] = lo.key; }
}
"#;

fn inputs(n: usize) -> Vec<f32> {
    (0..n).map(|i| ((i * 37 + 11) % 64) as f32 - 20.0).collect()
}

#[test]
fn struct_reductions_run() {
    let x32 = inputs(32);
    let sum: f32 = x32.iter().sum();
    let max = x32.iter().cloned().fold(f32::MIN, f32::max);
    // 64 values with ties: the largest and smallest, the first index of each.
    let x64: Vec<f32> = (0..64).map(|i| ((i * 7) % 10) as f32).collect();
    let hi = (0..64).find(|&i| x64[i] == 9.0).unwrap() as i32;
    let lo = (0..64).find(|&i| x64[i] == 0.0).unwrap() as i32;
    for level in [0, 3] {
        let opts = Options {
            opt_level: level,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", SRC, &NoFiles, &opts, None).unwrap();
        let ptx = compile_source("t.cu", SRC, &opts).ptx.unwrap();
        let e = emu::PtxModule::parse(&ptx).unwrap();
        for run in 0..2 {
            let who = if run == 0 {
                "interpreter"
            } else {
                "PTX emulator"
            };
            let mut mem = Memory::new();
            let x = mem.upload(&x32);
            let out = mem.upload(&[0f32; 64]);
            let l = Launch::new(
                [1, 1, 1],
                [32, 1, 1],
                vec![ArgValue::Buffer(x), ArgValue::Buffer(out)],
            );
            let k = "_Z4tilePKfPf";
            if run == 0 {
                interp::run_kernel(&m, k, &l, &mut mem, &Config::default()).unwrap();
            } else {
                emu::run_kernel(&e, k, &l, &mut mem, &Config::default()).unwrap();
            }
            let got = mem.download::<f32>(out);
            for t in 0..32 {
                assert_eq!(got[2 * t], 2.0 * sum, "{who} -O{level} thread {t}");
                assert_eq!(got[2 * t + 1], max, "{who} -O{level} thread {t}");
            }
            let x = mem.upload(&x64);
            let out = mem.upload(&[-1i32; 2]);
            let l = Launch::new(
                [1, 1, 1],
                [64, 1, 1],
                vec![ArgValue::Buffer(x), ArgValue::Buffer(out)],
            );
            let k = "_Z6argmaxPKfPi";
            if run == 0 {
                interp::run_kernel(&m, k, &l, &mut mem, &Config::default()).unwrap();
            } else {
                emu::run_kernel(&e, k, &l, &mut mem, &Config::default()).unwrap();
            }
            assert_eq!(mem.download::<i32>(out), [hi, lo], "{who} -O{level}");
        }
    }
}
