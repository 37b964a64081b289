//! The examples menu: kernels that each show something worth seeing in the
//! pipeline. Every one compiles without errors (the test below), with the
//! options it names.

/// One entry of the examples menu.
pub struct Example {
    /// Stable id, used in shared links and by tests.
    pub id: &'static str,
    pub title: &'static str,
    /// What to look at, shown beside the menu.
    pub hint: &'static str,
    pub source: &'static str,
    /// `-ftz=true` for this example (the others use the defaults).
    pub ftz: bool,
    /// How the Run panel launches it.
    pub run: ExampleRun,
}

/// An example's launch: the Run panel's settings when the example is picked.
pub struct ExampleRun {
    pub kernel: &'static str,
    pub grid: &'static str,
    pub block: &'static str,
    /// In `ptxlab run --args` syntax.
    pub args: &'static str,
    pub shared: u32,
}

pub const EXAMPLES: &[Example] = &[
    Example {
        id: "saxpy",
        title: "saxpy",
        hint: "y = a·x + y: watch mem2reg remove the allocas and memory-space-opt turn generic loads into ld.global.",
        source: SAXPY,
        ftz: false,
        run: ExampleRun {
            kernel: "saxpy",
            grid: "4",
            block: "256",
            args: "1000,2.0,f32[1000]:iota,f32[1000]:ones",
            shared: 0,
        },
    },
    Example {
        id: "shared-reduce",
        title: "Shared-memory reduction",
        hint: "A block-wide sum in __shared__ memory: ld.shared/st.shared and bar.sync between halving steps.",
        source: r#"// Block-wide sum: each step halves the active threads; barriers keep the
// shared array consistent between steps.
#define BLOCK 256
extern "C" __global__ void block_sum(const float *in, float *out, int n) {
    __shared__ float sdata[BLOCK];
    unsigned t = threadIdx.x;
    unsigned i = blockIdx.x * blockDim.x + t;
    sdata[t] = i < n ? in[i] : 0.0f;
    __syncthreads();
    for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
        if (t < s) sdata[t] += sdata[t + s];
        __syncthreads();
    }
    if (t == 0) out[blockIdx.x] = sdata[0];
}
"#,
        ftz: false,
        run: ExampleRun {
            kernel: "block_sum",
            grid: "4",
            block: "256",
            args: "f32[1000]:ones,f32[4],1000",
            shared: 0,
        },
    },
    Example {
        id: "warp-shuffle",
        title: "Warp-shuffle reduction",
        hint: "__shfl_down_sync becomes shfl.sync.down.b32; the device function is inlined, then one atomic per warp.",
        source: r#"// Sum within each warp with shuffles (no shared memory), then one atomic per warp.
__device__ float warp_sum(float v) {
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(0xffffffff, v, offset);
    return v;
}

extern "C" __global__ void warp_reduce(const float *in, float *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = i < n ? in[i] : 0.0f;
    v = warp_sum(v);
    if ((threadIdx.x & 31) == 0) atomicAdd(out, v);
}
"#,
        ftz: false,
        run: ExampleRun {
            kernel: "warp_reduce",
            grid: "2",
            block: "128",
            args: "f32[256]:iota,f32[1],256",
            shared: 0,
        },
    },
    Example {
        id: "tiled-matmul",
        title: "Tiled matmul with #pragma unroll",
        hint: "Tiles staged in shared memory; the inner loop carries an unroll hint (!llvm.loop.unroll) on its latch.",
        source: r#"// C = A·B with TILE×TILE tiles of A and B staged in shared memory.
#define TILE 16
extern "C" __global__ void matmul_tiled(const float *A, const float *B, float *C, int n) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < n / TILE; ++t) {
        As[ty][tx] = A[row * n + t * TILE + tx];
        Bs[ty][tx] = B[(t * TILE + ty) * n + col];
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += As[ty][k] * Bs[k][tx];
        __syncthreads();
    }
    C[row * n + col] = acc;
}
"#,
        ftz: false,
        run: ExampleRun {
            kernel: "matmul_tiled",
            grid: "2,2",
            block: "16,16",
            args: "f32[1024]:ones,f32[1024]:iota,f32[1024],32",
            shared: 0,
        },
    },
    Example {
        id: "histogram",
        title: "Histogram with shared atomics",
        hint: "atomicAdd on __shared__ bins becomes atom.shared.add (its result unread: ptxas turns that into a reduction), the merge into global bins atom.global.add.",
        source: r#"// A 256-bin histogram: per-block bins in shared memory, merged into global bins.
#define BINS 256
__global__ void histogram(const unsigned char *data, int n, unsigned *bins) {
    __shared__ unsigned local[BINS];
    for (int b = threadIdx.x; b < BINS; b += blockDim.x) local[b] = 0;
    __syncthreads();
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        atomicAdd(&local[data[i]], 1u);
    __syncthreads();
    for (int b = threadIdx.x; b < BINS; b += blockDim.x)
        if (local[b]) atomicAdd(&bins[b], local[b]);
}
"#,
        ftz: false,
        run: ExampleRun {
            kernel: "histogram",
            grid: "2",
            block: "256",
            args: "u8[4096]:rand:1,4096,u32[256]",
            shared: 0,
        },
    },
    Example {
        id: "reflect-ftz",
        title: "nvvm-reflect and -ftz",
        hint: "Toggle -ftz: nvvm-reflect answers __nvvm_reflect(\"__CUDA_FTZ\") and nvvm-reflect-pp deletes the branch not taken.",
        // __nvvm_reflect called directly, as libdevice's own functions do to
        // pick their flush-to-zero variant: the smallest view of the two passes.
        source: r#"// How libdevice picks a variant: __nvvm_reflect("__CUDA_FTZ") is 1 under
// -ftz=true and 0 otherwise. nvvm-reflect replaces the call with that
// constant; nvvm-reflect-pp then deletes the branch that is never taken.
// (libdevice's functions ask the same question inside: exp2f, for one.)
__device__ float scale(float x) {
    if (__nvvm_reflect("__CUDA_FTZ"))
        return x * 0.5f;      // the flush-to-zero variant
    return x * 0.25f + 1.0f;  // the IEEE variant
}

extern "C" __global__ void reflect_ftz(float *data, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] = scale(data[i]);
}
"#,
        ftz: true,
        run: ExampleRun {
            kernel: "reflect_ftz",
            grid: "1",
            block: "64",
            args: "f32[64]:iota,64",
            shared: 0,
        },
    },
    Example {
        id: "sinf-ftz",
        title: "sinf with -ftz on and off",
        hint: "sinf links libdevice's __nv_sinf, inlined into the kernel; it asks __nvvm_reflect(\"__CUDA_FTZ\") which fma to use, and nvvm-reflect answers (see its remark). Toggle -ftz and its f32 instructions become the flush-to-zero forms (abs.ftz, setp.ftz, mul.ftz, fma.rn.ftz).",
        source: r#"// sinf is libdevice's __nv_sinf, linked by the `link` stage and inlined
// here. It asks __nvvm_reflect("__CUDA_FTZ") which fma to call: nvvm-reflect
// answers from -ftz. Toggle -ftz and compare: its f32 instructions take the
// flush-to-zero forms.
extern "C" __global__ void sines(float *out, const float *in, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = sinf(in[i]);
}
"#,
        ftz: true,
        run: ExampleRun {
            kernel: "sines",
            grid: "1",
            block: "64",
            args: "f32[64],f32[64]:iota,64",
            shared: 0,
        },
    },
    Example {
        id: "noinline",
        title: "__noinline__ device function",
        hint: "A __noinline__ function stays a .func; its struct argument travels as a .param .b8 array. The plain __device__ function is inlined.",
        source: NOINLINE,
        ftz: false,
        run: ExampleRun {
            kernel: "blend",
            grid: "1",
            block: "64",
            args: "f32[64]:iota,f32[64]:ones,f32[64],f32[2]:[0.5,40],0.25,64",
            shared: 0,
        },
    },
    Example {
        id: "launch-bounds",
        title: "__launch_bounds__",
        hint: "__launch_bounds__(128, 4) becomes .maxntid 128, 1, 1 and .minnctapersm 4 on the .entry.",
        source: r#"// __launch_bounds__(max threads per block, min blocks per SM) becomes the
// .maxntid and .minnctapersm directives ptxas uses to budget registers.
#define THREADS 128
extern "C" __global__ void __launch_bounds__(THREADS, 4) scale_rows(float *m, int cols, float s) {
    int row = blockIdx.x;
    for (int c = threadIdx.x; c < cols; c += THREADS)
        m[row * cols + c] *= s;
}
"#,
        ftz: false,
        run: ExampleRun {
            kernel: "scale_rows",
            grid: "4",
            block: "128",
            args: "f32[1024]:iota,256,0.5",
            shared: 0,
        },
    },
    Example {
        id: "two-files",
        title: "Two files: a header of helpers",
        hint: "kernel.cu includes particle.cuh (its tab): the struct and the inlined __device__ helpers come from the second file.",
        source: r#"// The kernel is in this file; the particle type and its helpers are in
// particle.cuh (the tab beside this one), found by #include.
#include "particle.cuh"

extern "C" __global__ void step(Particle *p, int n, float dt) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) p[i] = advance(p[i], dt);
}
"#,
        ftz: false,
        run: ExampleRun {
            kernel: "step",
            grid: "1",
            block: "64",
            args: "f32[256]:iota,64,0.5",
            shared: 0,
        },
    },
    // The miscompile lab: each example's bug is in LAB.
    Example {
        id: "curand-pi",
        title: "cuRAND: Monte Carlo pi",
        hint: "curand_init and curand_uniform (XORWOW) inlined from curand_kernel.h: the generator's state lives in registers.",
        source: include_str!("libs/curand_pi.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "estimate_pi",
            grid: "2",
            block: "64",
            args: "u32[1],2024",
            shared: 0,
        },
    },
    Example {
        id: "cub-block",
        title: "CUB: BlockReduce and BlockScan",
        hint: "cub::BlockReduce (warp shuffles, then one value per warp through shared memory) and cub::BlockScan (raking: one warp scans a padded grid of every thread's value); TempStorage is CUB's size, 672 bytes.",
        source: include_str!("libs/cub_block.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "block_sum_scan",
            grid: "2",
            block: "128",
            args: "i32[256]:iota,i32[256],i32[2]",
            shared: 0,
        },
    },
    Example {
        id: "wmma",
        title: "Tensor cores: WMMA",
        hint: "nvcuda::wmma fragments: load_matrix_sync, mma_sync and store_matrix_sync become wmma.load, wmma.mma and wmma.store.",
        source: include_str!("libs/wmma.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "wmma_16x16",
            grid: "1",
            block: "32",
            args: "f32[256]:ones,f32[256]:iota,f32[256]",
            shared: 0,
        },
    },
    Example {
        id: "cg-reduce",
        title: "Cooperative groups: tiled_partition and reduce",
        hint: "cg::reduce over a thread_block_tile<16>: shfl.sync.bfly with the tile's 16-lane mask.",
        source: include_str!("libs/cg_reduce.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "tile_sums",
            grid: "1",
            block: "64",
            args: "i32[64]:iota,i32[4]",
            shared: 0,
        },
    },
    Example {
        id: "pipeline",
        title: "cuda::pipeline: asynchronous copies",
        hint: "cuda::memcpy_async into shared memory: cp.async and cp.async.wait_group at sm_80 and newer, plain copies before.",
        source: include_str!("libs/pipeline.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "scale_async",
            grid: "1",
            block: "128",
            args: "f32[512]:iota,f32[512],4",
            shared: 0,
        },
    },
    Example {
        id: "half2",
        title: "Half precision: __half2",
        hint: "Two halves per register: __hfma2 is one fma.rn.f16x2, the conversions cvt.rn.f16.f32 and mov.b32 packs.",
        source: include_str!("libs/half2.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "haxpy",
            grid: "1",
            block: "64",
            args: "128,0.5,f32[128]:iota,f32[128]:ones",
            shared: 0,
        },
    },
    Example {
        id: "fp8",
        title: "8-bit floats: __nv_fp8_e4m3",
        hint: "cuda_fp8.h: floats to E4M3 and E5M2 and back. Switch the target to sm_89 or newer: the integer code becomes cvt.rn.satfinite.e4m3x2.f32 and cvt.rn.f16x2.e4m3x2.",
        source: include_str!("libs/fp8.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "quantize",
            grid: "1",
            block: "64",
            args: "64,f32[64]:iota,f32[64],f32[64],f32[64]",
            shared: 0,
        },
    },
    Example {
        id: "bf16",
        title: "bfloat16: __nv_bfloat162",
        hint: "cuda_bf16.h: two bfloat16s per register. At sm_80 and newer __hfma2 is one fma.rn.bf16x2 and each pair of floats one cvt.rn.bf16x2.f32; switch the target to sm_75 and the same code runs in f32.",
        source: include_str!("libs/bf16.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "bf16_axpy",
            grid: "1",
            block: "64",
            args: "128,0.5,f32[128]:iota,f32[128]:ones",
            shared: 0,
        },
    },
    Example {
        id: "lab-instcombine-sign",
        title: "Lab: a sign lost (instcombine)",
        hint: "Miscompile lab: the bug instcombine-sign is switched on (options bar). Run, then find the pass run and the rewrite that change the result.",
        source: include_str!("lab/instcombine_sign.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "negate",
            grid: "1",
            block: "64",
            args: "i32[64]:iota,i32[64],64",
            shared: 0,
        },
    },
    Example {
        id: "lab-licm-barrier",
        title: "Lab: a load above a barrier (licm)",
        hint: "Miscompile lab: the bug licm-barrier is switched on (options bar). Run, then find the pass run and the rewrite that change the result.",
        source: include_str!("lab/licm_barrier.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "rotate",
            grid: "1",
            block: "64",
            args: "i32[64]:iota,i32[64],3",
            shared: 0,
        },
    },
    Example {
        id: "lab-unroll-phi",
        title: "Lab: a wrong value after unrolling (loop-unroll)",
        hint: "Miscompile lab: the bug unroll-phi is switched on (options bar). Run, then find the pass run and the rewrite that change the result.",
        source: include_str!("lab/unroll_phi.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "sum4",
            grid: "1",
            block: "32",
            args: "i32[128]:iota,i32[32]",
            shared: 0,
        },
    },
    Example {
        id: "lab-dse-drop",
        title: "Lab: a store dropped (dse)",
        hint: "Miscompile lab: the bug dse-drop is switched on (options bar). Run, then find the pass run and the rewrite that change the result.",
        source: include_str!("lab/dse_drop.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "stash",
            grid: "1",
            block: "32",
            args: "i32[32],i32[32]:iota,i32[32]",
            shared: 0,
        },
    },
    Example {
        id: "lab-gvn-clobber",
        title: "Lab: a load forwarded across a store (gvn)",
        hint: "Miscompile lab: the bug gvn-clobber is switched on (options bar). Run, then find the pass run and the rewrite that change the result.",
        source: include_str!("lab/gvn_clobber.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "overwrite",
            grid: "1",
            block: "32",
            args: "i32[32],i32[32]:iota,i32[32]",
            shared: 0,
        },
    },
    Example {
        id: "lab-reduce",
        title: "Lab: reduce a 60-line kernel (instcombine)",
        hint: "Miscompile lab: instcombine-sign is switched on somewhere in 60 lines. Bisect names the pass; Reduce shrinks the kernel while that pass run still changes the result (Undo brings it back).",
        source: include_str!("lab/reduce_sign.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "pipeline",
            grid: "1",
            block: "64",
            args: "i32[64]:iota,i32[128],f32[64],64,3",
            shared: 0,
        },
    },
    Example {
        id: "lab-layout-invert",
        title: "Lab: a predicate not inverted (layout, backend)",
        hint: "Miscompile lab: the bug layout-invert is switched on (options bar). Run, then find the pass run and the rewrite that change the result.",
        source: include_str!("lab/layout_invert.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "split",
            grid: "1",
            block: "32",
            args: "i32[32]:iota,i32[32],16",
            shared: 0,
        },
    },
    Example {
        id: "lab-isel-nc",
        title: "Lab: a load through the read-only cache (isel, backend)",
        hint: "Miscompile lab: the bug isel-nc is switched on (options bar). Run, then find the stage and the rewrite that change the result.",
        source: include_str!("lab/isel_nc.cu"),
        ftz: false,
        run: ExampleRun {
            kernel: "bump",
            grid: "1",
            block: "32",
            args: "i32[32]:iota,i32[32]",
            shared: 0,
        },
    },
];

/// The miscompile lab's examples and the bug (`ptxlab_core::bugs`) each
/// switches on when it is opened.
pub const LAB: &[(&str, &str)] = &[
    ("lab-instcombine-sign", "instcombine-sign"),
    ("lab-licm-barrier", "licm-barrier"),
    ("lab-unroll-phi", "unroll-phi"),
    ("lab-dse-drop", "dse-drop"),
    ("lab-gvn-clobber", "gvn-clobber"),
    ("lab-layout-invert", "layout-invert"),
    ("lab-reduce", "instcombine-sign"),
    ("lab-isel-nc", "isel-nc"),
];

/// The files an example has besides `kernel.cu` (tabs in the page).
pub const FILES: &[(&str, &[(&str, &str)])] = &[("two-files", &[("particle.cuh", PARTICLE)])];

/// An example's other files, as the page and the worker hold them.
pub fn example_files(id: &str) -> Vec<crate::protocol::SourceFile> {
    FILES
        .iter()
        .filter(|(e, _)| *e == id)
        .flat_map(|(_, files)| files.iter())
        .map(|(name, text)| crate::protocol::SourceFile {
            name: name.to_string(),
            text: text.to_string(),
        })
        .collect()
}

const PARTICLE: &str = r#"// particle.cuh: a particle in the plane and one explicit Euler step.
#pragma once

struct Particle {
    float x, y;   // position
    float vx, vy; // velocity
};

__device__ inline float damp(float v, float dt) { return v * (1.0f - 0.1f * dt); }

__device__ inline Particle advance(Particle p, float dt) {
    p.x += p.vx * dt;
    p.y += p.vy * dt;
    p.vx = damp(p.vx, dt);
    p.vy = damp(p.vy, dt) - 9.8f * dt;
    return p;
}
"#;

/// The bug a lab example switches on.
pub fn lab_bug(id: &str) -> Option<&'static str> {
    LAB.iter().find(|(e, _)| *e == id).map(|(_, b)| *b)
}

pub const SAXPY: &str = r#"// y = a*x + y, one element per thread.
extern "C" __global__ void saxpy(int n, float a, const float* __restrict__ x, float* __restrict__ y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) y[i] = a * x[i] + y[i];
}
"#;

const NOINLINE: &str = r#"// A __noinline__ device function is kept as a .func and called with the
// .param convention: the struct travels as an aligned .param .b8 array.
// The plain __device__ function is inlined into the kernel.
struct Range {
    float lo;
    float hi;
};

__device__ __noinline__ float clamp_to(float v, Range r) {
    return v < r.lo ? r.lo : (v > r.hi ? r.hi : v);
}

__device__ float lerp(float a, float b, float t) { return a + t * (b - a); }

extern "C" __global__ void blend(const float *a, const float *b, float *out, Range r, float t, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = clamp_to(lerp(a[i], b[i], t), r);
}
"#;

/// The example shown when the page opens (and after a bad link).
pub fn default_example() -> &'static Example {
    &EXAMPLES[0]
}

pub fn find(id: &str) -> Option<&'static Example> {
    EXAMPLES.iter().find(|e| e.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ptxlab_core::{compile, compile_source, Options};

    fn options(e: &Example) -> Options {
        Options {
            ftz: e.ftz,
            ..Options::default()
        }
    }

    #[test]
    fn every_example_compiles_to_ptx_without_errors() {
        assert!(EXAMPLES.len() >= 8);
        for e in EXAMPLES {
            for opt_level in [0, 3] {
                let opts = Options {
                    opt_level,
                    ..options(e)
                };
                let files = crate::protocol::file_map(&example_files(e.id));
                let c = compile("kernel.cu", e.source, &files, &opts);
                assert!(
                    !c.has_errors(),
                    "{} at -O{opt_level}: {:?}",
                    e.id,
                    c.diagnostics
                );
                let ptx = c.ptx.unwrap_or_default();
                assert!(ptx.contains(".entry"), "{}: no kernel in\n{ptx}", e.id);
            }
        }
    }

    /// The two-file example needs its second file: without it the include fails.
    #[test]
    fn the_two_file_example_reads_its_header() {
        let e = find("two-files").unwrap();
        let files = example_files(e.id);
        assert_eq!(files.len(), 1);
        let c = compile(
            "kernel.cu",
            e.source,
            &crate::protocol::file_map(&files),
            &options(e),
        );
        let ptx = c.ptx.unwrap();
        assert!(ptx.contains(".entry step"), "{ptx}");
        assert!(
            ptx.contains("9.8") || ptx.contains("0f411CCCCD"),
            "the header's constant: {ptx}"
        );
        let c = compile_source("kernel.cu", e.source, &options(e));
        assert!(c
            .diagnostics
            .iter()
            .any(|d| d.message.contains("particle.cuh")));
        assert!(FILES.iter().all(|(id, _)| find(id).is_some()));
    }

    #[test]
    fn ids_are_unique() {
        for (i, e) in EXAMPLES.iter().enumerate() {
            assert!(EXAMPLES[..i].iter().all(|o| o.id != e.id), "{}", e.id);
            assert_eq!(find(e.id).map(|f| f.title), Some(e.title));
        }
    }

    /// Each example shows what its hint promises.
    #[test]
    fn examples_show_what_they_promise() {
        let ptx = |id: &str, opts: &Options| {
            let c = compile_source("kernel.cu", find(id).unwrap().source, opts);
            c.ptx.unwrap_or_default()
        };
        let o3 = Options::default();
        assert!(ptx("shared-reduce", &o3).contains("bar.sync"));
        assert!(ptx("shared-reduce", &o3).contains("ld.shared"));
        assert!(ptx("warp-shuffle", &o3).contains("shfl.sync.down"));
        assert!(ptx("histogram", &o3).contains("atom.shared.add.u32"));
        // The device libraries (one example each).
        let sm80 = Options {
            arch: "sm_80".into(),
            ..Options::default()
        };
        assert!(ptx("wmma", &o3).contains("wmma.mma.sync"));
        assert!(ptx("cg-reduce", &o3).contains("shfl.sync.bfly"));
        assert!(ptx("pipeline", &sm80).contains("cp.async"));
        assert!(ptx("half2", &o3).contains("fma.rn.f16x2"));
        assert!(ptx("cub-block", &o3).contains("bar.sync"));
        // The union of the two TempStorages: BlockScan's raking grid (128
        // values, a padding word after every 4, one warp's, 16-aligned).
        assert!(ptx("cub-block", &o3).contains(".b8 _ZZ14block_sum_scanE3tmp[672];"));
        assert!(ptx("curand-pi", &o3).contains("atom.global.add.u32"));
        let sm89 = Options {
            arch: "sm_89".into(),
            ..Options::default()
        };
        assert!(ptx("bf16", &sm80).contains("fma.rn.bf16x2"));
        assert!(ptx("bf16", &sm80).contains("cvt.rn.bf16x2.f32"));
        let sm75 = Options {
            arch: "sm_75".into(),
            ..Options::default()
        };
        assert!(!ptx("bf16", &sm75).contains("bf16x2"));
        assert!(!ptx("fp8", &sm80).contains("e4m3x2"));
        assert!(ptx("fp8", &sm89).contains("cvt.rn.satfinite.e4m3x2.f32"));
        assert!(ptx("fp8", &sm89).contains("cvt.rn.f16x2.e4m3x2"));
        assert!(ptx("histogram", &o3).contains("atom.global.add.u32"));
        let noinline = ptx("noinline", &o3);
        assert!(
            noinline.contains(".func") && noinline.contains("call"),
            "{noinline}"
        );
        assert!(noinline.contains(".param .align 4 .b8"), "{noinline}");
        // sinf's flush-to-zero path only under -ftz.
        let sin_ftz = ptx(
            "sinf-ftz",
            &Options {
                ftz: true,
                ..o3.clone()
            },
        );
        let sin_ieee = ptx("sinf-ftz", &o3);
        assert!(sin_ftz.contains("setp.lt.ftz.f32"), "{sin_ftz}");
        assert!(!sin_ieee.contains(".ftz"), "{sin_ieee}");
        assert!(ptx("launch-bounds", &o3).contains(".maxntid 128"));
        assert!(ptx("launch-bounds", &o3).contains(".minnctapersm 4"));

        // -ftz picks a different branch: 0.5 is 0f3F000000, 0.25 is 0f3E800000.
        let ftz = ptx(
            "reflect-ftz",
            &Options {
                ftz: true,
                ..o3.clone()
            },
        );
        let ieee = ptx("reflect-ftz", &o3);
        assert!(
            ftz.contains("0f3F000000") && !ftz.contains("0f3E800000"),
            "{ftz}"
        );
        assert!(
            ieee.contains("0f3E800000") && !ieee.contains("0f3F000000"),
            "{ieee}"
        );

        let c = compile_source("kernel.cu", find("tiled-matmul").unwrap().source, &o3);
        let irgen = c.stage("irgen").unwrap().text();
        assert!(irgen.contains("!llvm.loop.unroll"), "{irgen}");
    }
}
