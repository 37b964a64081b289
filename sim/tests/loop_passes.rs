//! The loop passes (loop-rotate, licm, loop-unroll) against the interpreter:
//! kernels with loops of every shape the passes handle or must leave alone
//! (break, continue, return, header values used after the loop, phis that
//! swap, nesting, pragmas with known and unknown trip counts) give at -O2 and
//! -O3 the results of -O0, for several trip counts. Then the PTX shape:
//! which loops keep a back branch.

use ptxlab_core::ir::Module;
use ptxlab_core::{compile_source, compile_to_ir, NoFiles, Options};
use ptxlab_sim::{interp::run_kernel, ArgValue, Config, Launch, Memory};

const THREADS: u32 = 32;
const TRIPS: &[i32] = &[0, 1, 2, 3, 5, 8, 13];

fn opts(level: u8) -> Options {
    Options {
        opt_level: level,
        ..Options::default()
    }
}

/// `k(int n, const int *__restrict__ in, int *out)` on one block of 32 threads.
fn run(src: &str, level: u8, n: i32) -> Result<Vec<i32>, String> {
    let m = compile_to_ir("k.cu", src, &NoFiles, &opts(level), None)
        .map_err(|d| format!("does not compile: {d:?}"))?;
    launch(&m, level, n)
}

/// One launch of the module's kernel `k(int n, const int *in, int *out)`.
fn launch(m: &Module, level: u8, n: i32) -> Result<Vec<i32>, String> {
    let mut mem = Memory::new();
    let mut seed = 7u64;
    let input: Vec<i32> = (0..128)
        .map(|_| {
            seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
            ((seed >> 33) % 100) as i32
        })
        .collect();
    let inp = mem.upload(&input);
    let out = mem.upload(&vec![0i32; THREADS as usize]);
    let launch = Launch::new(
        [1, 1, 1],
        [THREADS, 1, 1],
        vec![
            ArgValue::I32(n),
            ArgValue::Buffer(inp),
            ArgValue::Buffer(out),
        ],
    );
    let name = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .expect("a kernel")
        .name
        .clone();
    run_kernel(
        m,
        &name,
        &launch,
        &mut mem,
        &Config::for_options(&opts(level)),
    )
    .map_err(|e| e.to_string())?;
    Ok(mem.download(out))
}

/// The loop passes that changed the kernel at -O3.
fn loop_passes_run(src: &str) -> Vec<String> {
    let c = compile_source("k.cu", src, &opts(3));
    let mut names: Vec<String> = c
        .stages
        .iter()
        .filter(|s| s.changed && ["loop-rotate", "licm", "loop-unroll"].contains(&s.name.as_str()))
        .map(|s| s.name.clone())
        .collect();
    names.dedup();
    names
}

/// The kernel gives -O0's results at -O2 and -O3 for every trip count, and
/// at -O3 exactly the loop passes `changes` change it.
fn same_as_o0(name: &str, changes: &[&str], body: &str) {
    let src = format!(
        "__global__ void k(int n, const int *__restrict__ in, int *out) {{\n  int t = threadIdx.x;\n{body}\n}}\n"
    );
    assert_eq!(
        loop_passes_run(&src),
        changes,
        "{name}: the loop passes that changed it"
    );
    for &n in TRIPS {
        let want = run(&src, 0, n).unwrap_or_else(|e| panic!("{name} -O0 n={n}: {e}"));
        for level in [2, 3] {
            let got = run(&src, level, n).unwrap_or_else(|e| panic!("{name} -O{level} n={n}: {e}"));
            assert_eq!(got, want, "{name} -O{level} n={n}:\n{src}");
        }
    }
}

#[test]
fn break_and_continue() {
    same_as_o0(
        "break_and_continue",
        &["loop-rotate", "licm"],
        "  int s = 0;
  for (int i = 0; i < n; i++) {
    if (in[i] % 3 == 0) continue;
    if (in[i] > 90 - t) break;
    s += in[i] * i;
  }
  out[t] = s;",
    );
}

#[test]
fn continue_in_a_while_loop() {
    // `continue` jumps to the header: two latches, merged before rotating.
    same_as_o0(
        "continue_in_a_while_loop",
        &["loop-rotate", "licm"],
        "  int i = 0, s = 0;
  while (i < n + t) { i++; if (in[i & 63] & 1) continue; s += in[i & 63] * i; }
  out[t] = s + i;",
    );
}

#[test]
fn header_value_used_after_the_loop() {
    same_as_o0(
        "header_value_used_after_the_loop",
        &["loop-rotate", "licm"],
        "  int i = t; int x;
  while ((x = in[i & 63] + i) < n * 10) { i += 3; }
  out[t] = x * 100 + i;",
    );
}

#[test]
fn header_value_used_in_the_body() {
    same_as_o0(
        "header_value_used_in_the_body",
        &["loop-rotate", "licm"],
        "  int i = t, s = 0, x;
  while ((x = in[i & 63] + i) < n * 10) { s += x ^ i; i += 3; }
  out[t] = s + x;",
    );
}

#[test]
fn a_test_over_several_blocks_is_not_rotated() {
    // `&&` with a load on its right leaves the exit test in three blocks
    // (simplifycfg does not run a load speculatively): loop-rotate leaves
    // the loop alone.
    same_as_o0(
        "a_test_over_several_blocks_is_not_rotated",
        &[],
        "  int i = 0, s = 0, x;
  while ((x = in[i & 63] * 2) < 150 && in[(i + 1) & 63] != n) { s += x ^ i; i++; }
  out[t] = s + x;",
    );
}

#[test]
fn a_cheap_and_test_becomes_one_block_and_is_rotated() {
    // simplifycfg turns `a && i < n` into `select a, (i < n), false`: the
    // test is one block again, so loop-rotate rotates the loop.
    same_as_o0(
        "a_cheap_and_test_becomes_one_block_and_is_rotated",
        &["loop-rotate"],
        "  int i = 0, s = 0, x;
  while ((x = in[i & 63] * 2) < 150 && i < n) { s += x ^ i; i++; }
  out[t] = s + x;",
    );
}

/// Recursion whose result an associative operation takes (`n * fact(n -
/// 1)`, `n + tri(n - 1, k)`) becomes a loop with an accumulator
/// (tailcallelim), then inlines: no call is left at -O3, and the kernel
/// gives -O0's results.
#[test]
fn accumulator_recursion_becomes_a_loop() {
    let src = "__device__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ int tri(int n, int k) {
  if (n == 0) return k;
  if (n & 1) return n + tri(n - 1, k);
  return tri(n - 1, k);
}
__global__ void k(int n, const int *__restrict__ in, int *out) {
  int t = threadIdx.x;
  out[t] = fact((t + n) & 7) + tri(in[t] % 20, n);
}
";
    let c = compile_source("k.cu", src, &opts(3));
    let ptx = c.ptx.unwrap_or_else(|| panic!("{:?}", c.diagnostics));
    assert!(!ptx.contains("call"), "{ptx}");
    for &n in TRIPS {
        let want = run(src, 0, n).unwrap_or_else(|e| panic!("-O0 n={n}: {e}"));
        for level in [2, 3] {
            let got = run(src, level, n).unwrap_or_else(|e| panic!("-O{level} n={n}: {e}"));
            assert_eq!(got, want, "-O{level} n={n}");
        }
    }
}

/// Loops that count down unroll at run time (a remainder loop for the trips
/// left over), guarded or entered once whatever the bound (a do-while, whose
/// count starts from min(bound, start - step)); results as at -O0.
#[test]
fn counting_down_unrolls_at_run_time() {
    same_as_o0(
        "counting_down_unrolls_at_run_time",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = 1;
  for (int i = n + t; i > 2; i -= 3) s = s * 3 + (in[t & 63] ^ i);
  int j = n * 4 - t;
  do { s ^= j * 5; j -= 2; } while (j > t);
  out[t] = s;",
    );
}

#[test]
fn phis_that_swap() {
    same_as_o0(
        "phis_that_swap",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int a = 0, b = 1;
  for (int i = 0; i < n + t; i++) { int c = a + b; a = b; b = c; }
  out[t] = a * 3 + b;",
    );
}

#[test]
fn full_unroll_with_a_break() {
    same_as_o0(
        "full_unroll_with_a_break",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = 0;
  #pragma unroll
  for (int i = 0; i < 8; i++) { if (in[i + t] > 95 - n) break; s += in[i + t] ^ i; }
  out[t] = s;",
    );
}

#[test]
fn unroll_by_four_unknown_trip_count() {
    same_as_o0(
        "unroll_by_four_unknown_trip_count",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = 0;
  #pragma unroll 4
  for (int i = t; i < n * 3; i += 2) s = s * 3 + in[i & 63];
  out[t] = s;",
    );
}

#[test]
fn unroll_by_four_known_trip_counts() {
    same_as_o0(
        "unroll_by_four_known_trip_counts",
        &["loop-rotate", "loop-unroll"],
        "  int s = n;
  #pragma unroll 4
  for (int i = 0; i < 12; i++) s += in[i] * (i + t);
  #pragma unroll 4
  for (int j = 0; j < 10; j++) s ^= in[j + 5] << (j & 3);
  out[t] = s;",
    );
}

#[test]
fn nested_loops() {
    same_as_o0(
        "nested_loops",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = 0;
  for (int i = 0; i < n; i++) {
    #pragma unroll
    for (int j = 0; j < 4; j++) s += in[(i * 4 + j + t) & 63] * j;
    for (int k = 0; k < i; k++) s -= k;
  }
  #pragma unroll
  for (int i = 0; i < 3; i++) {
    #pragma unroll
    for (int j = 0; j < 3; j++) s += in[i * 3 + j + t] * (i - j);
  }
  out[t] = s + n;",
    );
}

#[test]
fn counting_down_and_other_steps() {
    same_as_o0(
        "counting_down_and_other_steps",
        &["loop-rotate", "loop-unroll"],
        "  unsigned s = n;
  for (unsigned u = 30; u != 0; u -= 3) s = s * 7 + u;
  for (int i = 20; i >= 0; i -= 4) s += i * t;
  for (int k = 0; k <= t; k++) s += k;
  for (int k = 1; k < 1000; k *= 3) s ^= k;
  out[t] = s;",
    );
}

#[test]
fn invariant_loads_and_barriers() {
    same_as_o0(
        "invariant_loads_and_barriers",
        &["loop-rotate", "licm"],
        "  __shared__ int sh[64];
  sh[t] = in[t] * 2;
  __syncthreads();
  int s = 0;
  for (int i = 0; i < n; i++) {
    s += sh[(t + i) & 31] + in[0] * in[1];
    __syncthreads();
    sh[(t + 1) & 31] = s;
    __syncthreads();
  }
  out[t] = s;",
    );
}

#[test]
fn return_inside_the_loop() {
    same_as_o0(
        "return_inside_the_loop",
        &["loop-rotate", "licm"],
        "  for (int i = 0; i < n; i++) {
    if (in[i] == t + 50) { out[t] = i; return; }
  }
  out[t] = -1;",
    );
}

#[test]
fn trip_counts_one_and_zero_and_pragma_one() {
    same_as_o0(
        "trip_counts_one_and_zero_and_pragma_one",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = n;
  #pragma unroll
  for (int i = 0; i < 1; i++) s += in[t];
  #pragma unroll
  for (int i = 5; i < 5; i++) s += 100;
  #pragma unroll 1
  for (int i = 0; i < 4; i++) s = s * 2 + 1;
  out[t] = s;",
    );
}

#[test]
fn do_while_and_infinite_loops() {
    same_as_o0(
        "do_while_and_infinite_loops",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = 0, i = 0;
  do { s += in[i]; i += 5; } while (i < n);
  #pragma unroll 3
  for (int k = 0; k < t; k++) s -= k;
  int j = 0;
  while (1) { if (in[j & 63] > 90 - t) break; j++; if (j > n) break; }
  for (;;) { s += j + 1; if (s > 1000) break; }
  out[t] = s + j;",
    );
}

#[test]
fn a_guarded_division_is_not_hoisted() {
    // Thread 0 would divide by zero if `n / t` ran before the test.
    same_as_o0(
        "a_guarded_division_is_not_hoisted",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = 0;
  for (int i = 0; i < n; i++) { if (t != 0) s += n / t; s += in[i]; }
  out[t] = s;",
    );
}

#[test]
fn a_guarded_load_is_not_hoisted() {
    // in[n * 1000] is out of bounds: only reading it when the test allows is correct.
    same_as_o0(
        "a_guarded_load_is_not_hoisted",
        &["loop-rotate", "licm", "loop-unroll"],
        "  int s = 0;
  for (int i = 0; i < n; i++) { if (i > 100) s += in[n * 1000]; s += in[i]; }
  out[t] = s;",
    );
}

// ---------------------------------------------------------------------------
// Generated loops

/// A 64-bit LCG.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }

    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}

/// A statement of a loop body over the loop variables `vars`.
fn gen_stmt(r: &mut Rng, depth: usize, vars: &[String], out: &mut String, ind: &str) {
    let v = &vars[r.below(vars.len())];
    match r.below(if depth < 2 { 9 } else { 6 }) {
        0 | 1 => out.push_str(&format!(
            "{ind}s = s * 3 + in[({v} + 64) & 127]; if (s > 100000) s -= 99999;\n"
        )),
        2 => out.push_str(&format!("{ind}last = {v};\n")),
        3 => out.push_str(&format!(
            "{ind}if (in[({v} * 7 + t) & 127] > {}) break;\n",
            80 + r.below(20)
        )),
        4 => out.push_str(&format!(
            "{ind}if (in[({v} + s) & 127] % {} == 0) continue;\n",
            2 + r.below(4)
        )),
        5 => out.push_str(&format!("{ind}{{ int c = a + b; a = b; b = c & 1023; }}\n")),
        _ => gen_loop(r, depth + 1, vars, out, ind),
    }
}

/// A loop (a for counting up or down, a while, a do-while) that always
/// ends, with or without a pragma, its body one to three statements.
fn gen_loop(r: &mut Rng, depth: usize, vars: &[String], out: &mut String, ind: &str) {
    let v = format!("i{depth}");
    let pragma = r.pick(&[
        "",
        "",
        "#pragma unroll",
        "#pragma unroll 2",
        "#pragma unroll 3",
        "#pragma unroll 4",
        "#pragma unroll 1",
    ]);
    if !pragma.is_empty() {
        out.push_str(&format!("{ind}{pragma}\n"));
    }
    let bound = r.pick(&["n", "5", "8", "t + 2", "1", "0", "n + 3"]);
    let init = r.pick(&["0", "1", "-1", "t"]);
    let mut vs = vars.to_vec();
    vs.push(v.clone());
    let inner = format!("{ind}  ");
    let (head, tail) = match r.below(4) {
        0 => {
            let (step, cmp) = [("1", "<"), ("1", "<="), ("2", "<"), ("3", "<=")][r.below(4)];
            (
                format!("{ind}for (int {v} = {init}; {v} {cmp} {bound}; {v} += {step}) {{\n"),
                format!("{ind}}}\n"),
            )
        }
        1 => (
            format!("{ind}for (int {v} = {bound} + 4; {v} > {init}; {v}--) {{\n"),
            format!("{ind}}}\n"),
        ),
        2 => (
            format!("{ind}{{ int {v} = {init};\n{ind}while ({v} < {bound}) {{\n{inner}{v}++;\n"),
            format!("{ind}}} }}\n"),
        ),
        _ => (
            format!("{ind}{{ int {v} = {init};\n{ind}do {{\n{inner}{v}++;\n"),
            format!("{ind}}} while ({v} < {bound}); }}\n"),
        ),
    };
    out.push_str(&head);
    for _ in 0..1 + r.below(3) {
        gen_stmt(r, depth, &vs, out, &inner);
    }
    out.push_str(&tail);
}

/// Random loop nests (break, continue, swaps, pragmas) give -O0's results at
/// -O2 and -O3. `PTXLAB_LOOP_FUZZ=N` runs N kernels instead of 100, and
/// `PTXLAB_LOOP_FUZZ_SEED` picks another sequence.
#[test]
fn generated_loops_give_the_results_of_o0() {
    let env = |k: &str, d: u64| {
        std::env::var(k)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(d)
    };
    let mut r = Rng(env("PTXLAB_LOOP_FUZZ_SEED", 1));
    for _ in 0..env("PTXLAB_LOOP_FUZZ", 100) {
        let mut body = String::new();
        gen_loop(&mut r, 0, &["t".to_string()], &mut body, "  ");
        let src = format!(
            "__global__ void k(int n, const int *__restrict__ in, int *out) {{\n  int t = threadIdx.x; int s = 1, last = -5, a = 0, b = 1;\n{body}  out[t] = s * 7 + last * 3 + a;\n}}\n"
        );
        let module = |level| {
            compile_to_ir("k.cu", &src, &NoFiles, &opts(level), None)
                .unwrap_or_else(|d| panic!("-O{level} does not compile: {d:?}\n{src}"))
        };
        let (m0, m2, m3) = (module(0), module(2), module(3));
        for n in [0, 1, 3, 6] {
            let want = launch(&m0, 0, n).unwrap_or_else(|e| panic!("-O0 n={n}: {e}\n{src}"));
            for (level, m) in [(2, &m2), (3, &m3)] {
                let got =
                    launch(m, level, n).unwrap_or_else(|e| panic!("-O{level} n={n}: {e}\n{src}"));
                assert_eq!(got, want, "-O{level} n={n}\n{src}");
            }
        }
    }
}

/// remat (NVIDIA's IV demotion; off in the pipelines) on -O2 and -O3's IR:
/// the 64-bit counters its proof covers become 32-bit ones (a constant
/// start, `i < n` with an int `n` or a constant bound), one starting at the
/// thread index stays, and every kernel gives -O0's results.
#[test]
fn remat_demotes_long_counters_and_keeps_results() {
    use ptxlab_core::opt::{self, Pass, PassContext};
    let cases: &[(&str, bool, &str)] = &[
        (
            "up to an int",
            true,
            "  int s = 0;\n#pragma unroll 1\n  for (long i = 0; i < n; i++) s += in[i] * (int)i;\n  out[t] = s;",
        ),
        (
            "a constant bound, step 3",
            true,
            "  int s = 0;\n#pragma unroll 1\n  for (long i = 0; i < 100; i += 3) s += in[i] + n;\n  out[t] = s;",
        ),
        (
            "from the thread index",
            false,
            "  int s = 0;\n  for (long i = t; i < n; i += 4) s += in[i];\n  out[t] = s;",
        ),
    ];
    for &(name, demoted, body) in cases {
        let src = format!(
            "__global__ void k(int n, const int *__restrict__ in, int *out) {{\n  int t = threadIdx.x;\n{body}\n}}\n"
        );
        for level in [2, 3] {
            let o = opts(level);
            let mut m = compile_to_ir("k.cu", &src, &NoFiles, &o, None)
                .unwrap_or_else(|d| panic!("{name}: does not compile: {d:?}"));
            let cx = PassContext::new(&o).expect("options");
            let changed = opt::apply(&mut m, Pass::Remat, 0, &cx, None);
            assert_eq!(changed, demoted, "{name} -O{level}: demoted\n{src}");
            for &n in TRIPS {
                let want = run(&src, 0, n).unwrap_or_else(|e| panic!("{name} -O0 n={n}: {e}"));
                let got = launch(&m, level, n)
                    .unwrap_or_else(|e| panic!("{name} -O{level}+remat n={n}: {e}"));
                assert_eq!(got, want, "{name} -O{level}+remat n={n}:\n{src}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// PTX shape

/// The kernel's PTX at `level`.
fn ptx(body: &str, level: u8) -> String {
    let src = format!(
        "__global__ void k(int n, const float *__restrict__ in, float *out) {{\n  int t = threadIdx.x;\n{body}\n}}\n"
    );
    let c = compile_source("k.cu", &src, &opts(level));
    c.ptx
        .unwrap_or_else(|| panic!("does not compile: {:?}", c.diagnostics))
}

/// Branches to a label defined above them: the loops' back branches.
fn back_branches(ptx: &str) -> usize {
    let mut seen = Vec::new();
    let mut n = 0;
    for line in ptx.lines().map(str::trim) {
        if let Some(label) = line.strip_suffix(':') {
            seen.push(label.to_string());
        } else if line.contains("bra") {
            let target = line
                .rsplit(|c: char| c.is_whitespace())
                .next()
                .unwrap_or("");
            if seen.iter().any(|l| *l == target.trim_end_matches(';')) {
                n += 1;
            }
        }
    }
    n
}

const SUM8: &str = "  float sum = 0.0f;
  #pragma unroll
  for (int i = 0; i < 8; i++) sum += in[t + i * 128];
  out[t] = sum;";

#[test]
fn back_branch_counter_counts_loops() {
    assert_eq!(back_branches(&ptx(SUM8, 0)), 1);
    assert_eq!(
        back_branches(&ptx(&SUM8.replace("unroll", "unroll 1"), 3)),
        1
    );
    assert_eq!(back_branches(&ptx("  out[t] = in[t];", 3)), 0);
}

/// Phis that swap, read after the loop: the back edge is not split (as
/// LLVM's PHIElimination, nvcc's shape): the phi the exit reads takes its
/// values in a register of its own, copied at the top of the loop, and the
/// latch ends in its conditional back branch (no `bra.uni` block of copies).
#[test]
fn swapping_phis_keep_the_back_edge_whole() {
    let body = "  float a = 0.f, b = 1.f;
  int i;
#pragma unroll 1
  for (i = 0; i < n; i++) { float c = a * 0.5f + b; if (c > 100.f) break; a = b; b = c; }
  out[t] = a + b + i;";
    let p = ptx(body, 3);
    assert_eq!(back_branches(&p), 1, "{p}");
    assert!(!p.contains("bra.uni"), "{p}");
    let top = p.split("\"nounroll\";").nth(1).expect("the loop");
    assert!(
        top.trim_start().starts_with("mov.f32"),
        "the copy at the top of the loop:\n{p}"
    );
}

#[test]
fn pragma_unroll_leaves_no_back_branch() {
    let p = ptx(SUM8, 3);
    assert_eq!(back_branches(&p), 0, "{p}");
    assert_eq!(
        p.matches("ld.global.nc.f32").count() + p.matches("ld.global.f32").count(),
        8,
        "{p}"
    );
}

#[test]
fn small_constant_loops_unroll_without_a_pragma() {
    let p = ptx(&SUM8.replace("#pragma unroll", ""), 3);
    assert_eq!(back_branches(&p), 0, "{p}");
    // At -O1 nothing unrolls (nvcc -Xcicc -O1 neither).
    assert_eq!(
        back_branches(&ptx(&SUM8.replace("#pragma unroll", ""), 1)),
        1
    );
    // Too big for the default threshold: 200 iterations stay a loop.
    let big = SUM8
        .replace("#pragma unroll", "")
        .replace("i < 8", "i < 200");
    assert_eq!(back_branches(&ptx(&big, 3)), 1);
}

/// `#pragma unroll 4` with a trip count known only at run time: as nvcc,
/// four copies in a loop, then a remainder loop for the last `n % 4`.
#[test]
fn pragma_unroll_n_unrolls_with_a_remainder_loop() {
    let body = "  float s = 0.0f;
  #pragma unroll 4
  for (int i = 0; i < n; i++) s += in[i];
  out[t] = s;";
    let p = ptx(body, 3);
    assert_eq!(back_branches(&p), 2, "{p}");
    assert_eq!(p.matches("ld.global").count(), 5, "{p}");
    assert_eq!(p.matches("and.b32").count(), 1, "{p}");
}

/// Without a pragma, a small loop with a trip count known only at run time
/// is unrolled by 4 with a remainder loop (nvcc's shape); one whose counter
/// steps by a value known only at run time is not.
#[test]
fn small_loops_unroll_at_run_time() {
    let body = "  float s = 0.0f;
  for (int i = 0; i < n; i++) s += in[i];
  out[t] = s;";
    let p = ptx(body, 3);
    assert_eq!(back_branches(&p), 2, "{p}");
    assert_eq!(p.matches("ld.global").count(), 5, "{p}");
    let stride = body.replace("i++", "i += t + 1");
    let p = ptx(&stride, 3);
    assert_eq!(back_branches(&p), 1, "{p}");
    assert_eq!(p.matches("ld.global").count(), 1, "{p}");
    // The results, for every trip count (remainders 0 to 3 and none unrolled).
    same_as_o0(
        "small_loops_unroll_at_run_time",
        &["loop-rotate", "loop-unroll"],
        "  int s = 0;
  for (int i = 0; i < n; i++) s += in[i] * i;
  for (int i = t; i < n; i += 2) s -= in[i];
  out[t] = s;",
    );
}

// ---------------------------------------------------------------------------
// The corpus's tiled matrix multiply

fn tiled_matmul_source() -> String {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../core/tests/corpus/tiled_matmul.cu");
    std::fs::read_to_string(path).expect("tests/corpus/tiled_matmul.cu")
}

/// C for n x n matrices A and B, from a launch of the kernel at `level`.
fn tiled_matmul_run(src: &str, level: u8, n: usize, a: &[f32], b: &[f32]) -> Vec<f32> {
    let m = compile_to_ir("tiled_matmul.cu", src, &NoFiles, &opts(level), None)
        .unwrap_or_else(|d| panic!("does not compile: {d:?}"));
    let mut mem = Memory::new();
    let (ba, bb, bc) = (
        mem.upload(a),
        mem.upload(b),
        mem.upload(&vec![0.0f32; n * n]),
    );
    let tiles = (n / 16) as u32;
    let launch = Launch::new(
        [tiles, tiles, 1],
        [16, 16, 1],
        vec![
            ArgValue::Buffer(ba),
            ArgValue::Buffer(bb),
            ArgValue::Buffer(bc),
            ArgValue::I32(n as i32),
        ],
    );
    let name = m
        .functions
        .iter()
        .find(|f| f.attrs.kernel)
        .unwrap()
        .name
        .clone();
    run_kernel(
        &m,
        &name,
        &launch,
        &mut mem,
        &Config::for_options(&opts(level)),
    )
    .unwrap_or_else(|e| panic!("-O{level}: {e}"));
    mem.download(bc)
}

#[test]
fn tiled_matmul_k_loop_is_fully_unrolled() {
    let src = tiled_matmul_source();
    let c = compile_source("tiled_matmul.cu", &src, &opts(3));
    let p = c.ptx.unwrap_or_else(|| panic!("{:?}", c.diagnostics));
    // Only the loop over tiles branches back; the k loop became 16 fmas.
    assert_eq!(back_branches(&p), 1, "{p}");
    assert_eq!(p.matches("fma.rn.f32").count(), 16, "{p}");
    assert_eq!(p.matches("ld.shared.f32").count(), 32, "{p}");
    // With `#pragma unroll 1` the k loop stays a loop.
    let once = src.replace("#pragma unroll", "#pragma unroll 1");
    let c = compile_source("tiled_matmul.cu", &once, &opts(3));
    assert_eq!(back_branches(&c.ptx.unwrap()), 2);
}

#[test]
fn tiled_matmul_gives_the_results_of_o0() {
    let src = tiled_matmul_source();
    let mut seed = 11u64;
    let mut next = || {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
    };
    for n in [16, 48] {
        let a: Vec<f32> = (0..n * n).map(|_| next()).collect();
        let b: Vec<f32> = (0..n * n).map(|_| next()).collect();
        let want = tiled_matmul_run(&src, 0, n, &a, &b);
        // The reference, summed in the kernel's order.
        for row in 0..n {
            for col in 0..n {
                let mut acc = 0.0f32;
                for k in 0..n {
                    acc += a[row * n + k] * b[k * n + col];
                }
                assert_eq!(
                    want[row * n + col].to_bits(),
                    acc.to_bits(),
                    "-O0 C[{row}][{col}]"
                );
            }
        }
        for level in [2, 3] {
            let got = tiled_matmul_run(&src, level, n, &a, &b);
            let same = got
                .iter()
                .zip(&want)
                .all(|(x, y)| x.to_bits() == y.to_bits());
            assert!(same, "-O{level} n={n}: C differs from -O0's");
        }
    }
}
