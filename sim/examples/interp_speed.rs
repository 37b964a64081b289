//! The speed of the IR interpreter and the PTX emulator (issue: "a fast
//! interpreter"): a naive 256×256×256 single-precision matrix multiply,
//! compiled at -O3, run by each with and without the undefined-behaviour
//! checks; prints the instructions each executed per second (the median of
//! `RUNS` runs) and checks the product against one computed here.
//!
//! `cargo run --release -p ptxlab-sim --example interp_speed [RUNS]`

use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{emu, interp, ArgValue, Config, Launch, Memory, Stats};
use std::time::Instant;

const N: usize = 256;

const SRC: &str = r#"
__global__ void matmul(const float *a, const float *b, float *c, int n) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < n && col < n) {
        float sum = 0.0f;
        for (int k = 0; k < n; k++)
            sum += a[row * n + k] * b[k * n + col];
        c[row * n + col] = sum;
    }
}
"#;

const KERNEL: &str = "_Z6matmulPKfS0_Pfi";

fn inputs() -> (Vec<f32>, Vec<f32>) {
    let a = (0..N * N).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
    let b = (0..N * N).map(|i| ((i * 5) % 11) as f32 * 0.5).collect();
    (a, b)
}

/// The product, summed in the kernel's order (exact here: small integers
/// and halves).
fn want(a: &[f32], b: &[f32]) -> Vec<f32> {
    let mut c = vec![0.0f32; N * N];
    for r in 0..N {
        for col in 0..N {
            let mut s = 0.0f32;
            for k in 0..N {
                s += a[r * N + k] * b[k * N + col];
            }
            c[r * N + col] = s;
        }
    }
    c
}

fn main() {
    let runs: usize = std::env::args()
        .nth(1)
        .and_then(|r| r.parse().ok())
        .unwrap_or(3);
    let opts = Options::default();
    let module = compile_to_ir("matmul.cu", SRC, &NoFiles, &opts, None).expect("compiles");
    let ptx = compile_source("matmul.cu", SRC, &opts)
        .ptx
        .expect("compiles to PTX");
    let ptx = emu::PtxModule::parse(&ptx).expect("our PTX parses");
    let (a, b) = inputs();
    let expected = want(&a, &b);
    println!("interpreter speed, matmul {N}³ (-O3), median of {runs} runs:");
    println!(
        "{:<16} {:>8} {:>14} {:>10} {:>12}",
        "engine", "checks", "instructions", "seconds", "M inst/s"
    );
    for checks in [false, true] {
        let config = Config {
            max_steps: u64::MAX,
            check_undefined: checks,
            ..Config::for_options(&opts)
        };
        type Run<'a> = Box<dyn Fn(&Launch, &mut Memory) -> Stats + 'a>;
        let engines: [(&str, Run); 2] = [
            (
                "IR interpreter",
                Box::new(|l, mem| {
                    interp::run_kernel(&module, KERNEL, l, mem, &config).expect("runs")
                }),
            ),
            (
                "PTX emulator",
                Box::new(|l, mem| emu::run_kernel(&ptx, KERNEL, l, mem, &config).expect("runs")),
            ),
        ];
        for (name, run) in &engines {
            let mut times = Vec::new();
            let mut steps = 0;
            for _ in 0..runs {
                let mut mem = Memory::new();
                let (da, db) = (mem.upload(&a), mem.upload(&b));
                let dc = mem.upload(&vec![0.0f32; N * N]);
                let args = vec![
                    ArgValue::Buffer(da),
                    ArgValue::Buffer(db),
                    ArgValue::Buffer(dc),
                    ArgValue::I32(N as i32),
                ];
                let n = (N / 16) as u32;
                let launch = Launch::new([n, n, 1], [16, 16, 1], args);
                let t = Instant::now();
                let stats = run(&launch, &mut mem);
                times.push(t.elapsed().as_secs_f64());
                steps = stats.steps;
                assert!(mem.download::<f32>(dc) == expected, "{name}: wrong product");
            }
            times.sort_by(f64::total_cmp);
            let secs = times[times.len() / 2];
            println!(
                "{name:<16} {:>8} {steps:>14} {secs:>10.3} {:>12.1}",
                if checks { "on" } else { "off" },
                steps as f64 / secs / 1e6
            );
        }
    }
    println!("(goal: at least 200 M instructions/s natively)");
}
