//! The IR interpreter as the optimizer's oracle: every corpus kernel runs on
//! concrete inputs and its buffers equal a plain Rust computation, at -O0 and
//! -O3; after every pass run of the -O3 pipeline the results equal -O0's.
//! Then the interpreter's own behaviour: barriers and shared memory (on a
//! module built by hand), errors that name the instruction, limits, and
//! `ptxlab run`.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;

use cases::*;

use ptxlab_core::ir::{
    addrspace, BinOp, Callee, Flags, Function, Global, Init, InstKind, Module, Param, Type, Value,
};
use ptxlab_core::{compile_to_ir, opt, NoFiles, Options};
use ptxlab_sim::interp::{
    run_kernel, ArgValue, BufferId, Config, ErrorKind, InterpError, Launch, Memory, Stats,
};
use ptxlab_sim::FindingKind;

// ---------------------------------------------------------------------------
// Helpers

/// A module from CUDA source, after `pass_runs` pass runs (`None`: all).
fn compile(name: &str, src: &str, opts: &Options, pass_runs: Option<usize>) -> Module {
    compile_to_ir(name, src, &NoFiles, opts, pass_runs).unwrap_or_else(|d| {
        panic!("{name} does not compile: {d:?}");
    })
}

fn opts(level: u8) -> Options {
    Options {
        opt_level: level,
        ..Options::default()
    }
}

/// The module's only kernel.
fn kernel_name(m: &Module) -> String {
    let kernels: Vec<&Function> = m.functions.iter().filter(|f| f.attrs.kernel).collect();
    assert_eq!(kernels.len(), 1, "expected one kernel");
    kernels[0].name.clone()
}

impl Case {
    /// The kernel the case launches in `m`.
    fn kernel_of(&self, m: &Module) -> String {
        self.kernel.map_or_else(|| kernel_name(m), str::to_string)
    }

    /// Runs the kernel of `m`; the buffers after the launch, in `expected`'s order.
    fn run(&self, m: &Module) -> Result<(Vec<(String, Data)>, Stats), InterpError> {
        let config = Config::for_options(&self.options(0));
        self.run_with(|launch, mem| run_kernel(m, &self.kernel_of(m), launch, mem, &config))
    }

    fn module(&self, level: u8, pass_runs: Option<usize>) -> Module {
        compile(
            self.file,
            &self.source_text(),
            &self.options(level),
            pass_runs,
        )
    }

    /// The results after every pass run of the -O3 pipeline equal -O0's
    /// (and no run has undefined behaviour).
    fn check_every_pass_run(&self) {
        let pipeline = opt::pipeline::passes(3);
        let (base, base_stats) = self
            .run(&self.module(0, None))
            .unwrap_or_else(|e| panic!("{} at -O0: {e}", self.file));
        // 0 is the module as irgen and link leave it; n is after pass run n.
        for n in 0..=pipeline.len() {
            let m = self.module(3, Some(n));
            let after = if n == 0 {
                "irgen".to_string()
            } else {
                format!("pass run {n} ({})", pipeline[n - 1])
            };
            let (got, stats) = self
                .run(&m)
                .unwrap_or_else(|e| panic!("{} after {after}: {e}", self.file));
            if let Some(d) = difference(&got, &base) {
                panic!(
                    "{}: the result changed after {after}: {d} (expected the -O0 result)",
                    self.file
                );
            }
            assert_eq!(
                stats.output, base_stats.output,
                "{}: the printf output changed after {after}",
                self.file
            );
            assert_no_findings(&stats, self.file, &after);
        }
    }

    /// The results equal the reference at every level, -O0 to -O3 (each
    /// runs its own pipeline: a pass placed differently at -O1 is checked too).
    fn check_reference(&self) {
        for level in 0..=3 {
            let (got, stats) = self
                .run(&self.module(level, None))
                .unwrap_or_else(|e| panic!("{} at -O{level}: {e}", self.file));
            assert!(stats.steps > 0);
            assert_no_findings(&stats, self.file, &format!("-O{level}"));
            if let Some(d) = difference(&got, &self.all_expected()) {
                panic!("{} at -O{level}: {d}", self.file);
            }
            assert_eq!(
                stats.output, self.output,
                "{} at -O{level}: printf's output",
                self.file
            );
        }
    }
}

// ---------------------------------------------------------------------------
// The corpus tests

#[test]
fn every_corpus_kernel_has_a_case() {
    let covered: Vec<&str> = cases().iter().map(|c| c.file).collect();
    for (file, _) in common::corpus() {
        assert!(
            covered.contains(&file.as_str()),
            "{file} has no case: add inputs and a reference in tests/common/cases.rs"
        );
    }
}

#[test]
fn corpus_kernels_compute_the_reference_at_every_level() {
    for case in cases() {
        case.check_reference();
    }
}

#[test]
fn every_pass_run_keeps_the_results_of_o0() {
    assert!(!opt::pipeline::passes(3).is_empty());
    for case in cases() {
        case.check_every_pass_run();
    }
}

#[test]
fn division_by_constants_keeps_its_results_on_edge_values() {
    // Division and remainder by constants become multiplications and shifts
    // (instcombine); the values where such sequences go wrong are at the edges.
    let src = r#"
__global__ void divs(const int *x, int *q, unsigned *uq) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    int a = x[t];
    unsigned u = (unsigned)a;
    q[8 * t + 0] = a / 3;
    q[8 * t + 1] = a / 7;
    q[8 * t + 2] = a % 10;
    q[8 * t + 3] = a / -5;
    q[8 * t + 4] = a / 1000;
    q[8 * t + 5] = a % 16;
    q[8 * t + 6] = a / 641;
    q[8 * t + 7] = a % -9;
    uq[8 * t + 0] = u / 3u;
    uq[8 * t + 1] = u / 7u;
    uq[8 * t + 2] = u % 10u;
    uq[8 * t + 3] = u / 1000u;
    uq[8 * t + 4] = u / 641u;
    uq[8 * t + 5] = u % 13u;
    uq[8 * t + 6] = u / 0x80000001u;
    uq[8 * t + 7] = u / 6u;
}
"#;
    let mut r = Rng(21);
    let mut x: Vec<i32> = vec![
        0,
        1,
        -1,
        2,
        -2,
        3,
        -3,
        6,
        7,
        -7,
        i32::MAX,
        i32::MIN,
        i32::MIN + 1,
        i32::MAX - 1,
        1000,
        -1000,
        999,
        -999,
        641,
        -641,
        1 << 30,
        -(1 << 30),
        65535,
        -65536,
        i32::MAX - 4,
    ];
    while x.len() < 256 {
        x.push(r.next() as u32 as i32);
    }
    let (mut q, mut uq) = (Vec::new(), Vec::new());
    for &a in &x {
        q.extend([
            a / 3,
            a / 7,
            a % 10,
            a / -5,
            a / 1000,
            a % 16,
            a / 641,
            a % -9,
        ]);
        let u = a as u32;
        uq.extend([
            u / 3,
            u / 7,
            u % 10,
            u / 1000,
            u / 641,
            u % 13,
            u / 0x8000_0001,
            u / 6,
        ]);
    }
    let mut case = Case::new(
        "divs.cu",
        [2, 1, 1],
        [128, 1, 1],
        vec![
            Arg::Buf("x", Data::I32(x)),
            Arg::Buf("q", Data::I32(vec![0; 2048])),
            Arg::Buf("uq", Data::U32(vec![0; 2048])),
        ],
    )
    .expect("q", Data::I32(q))
    .expect("uq", Data::U32(uq));
    case.source = Some(src);
    case.check_reference();
    case.check_every_pass_run();
}

#[test]
fn hostile_launches_give_errors_not_panics() {
    // Every corpus kernel with buffers too small, odd scalars and odd shapes:
    // each launch ends, with results or with an error that says where.
    let mut r = Rng(99);
    let config = Config {
        max_steps: 200_000,
        ..Config::default()
    };
    let mut errors = 0;
    for case in cases() {
        for level in [0, 3] {
            let m = case.module(level, None);
            for round in 0..4 {
                let mut mem = Memory::new();
                let args: Vec<ArgValue> = case
                    .args
                    .iter()
                    .map(|a| match a {
                        Arg::Buf(..) => ArgValue::Buffer(mem.alloc(r.int(0, 24) as usize)),
                        Arg::Scalar(ArgValue::I32(_)) => {
                            ArgValue::I32([0, -1, 7, i32::MAX, i32::MIN][round % 5])
                        }
                        Arg::Scalar(ArgValue::I64(_)) => ArgValue::I64(r.int(-5, 1000)),
                        Arg::Scalar(ArgValue::F32(_)) => ArgValue::F32(f32::NAN),
                        Arg::Scalar(ArgValue::F64(_)) => ArgValue::F64(-0.0),
                        Arg::Scalar(v) => *v,
                    })
                    .collect();
                let block = [[1, 1, 1], [33, 1, 1], [8, 4, 2], [64, 1, 1]][round];
                let launch = Launch {
                    dynamic_shared: 64,
                    ..Launch::new([2, 1, 1], block, args)
                };
                match run_kernel(&m, &case.kernel_of(&m), &launch, &mut mem, &config) {
                    Ok(_) => {}
                    Err(e) => {
                        errors += 1;
                        assert!(
                            e.at.is_some() || e.kind == ErrorKind::Launch,
                            "{}: {e}",
                            case.file
                        );
                    }
                }
            }
        }
    }
    assert!(errors > 0);
}

#[test]
fn ftz_flushes_denormals_in_float_math() {
    let tiny = f32::from_bits(0x0000_4000); // subnormal
                                            // Results that are themselves denormal (the larger of a and b is added
                                            // last), denormal products and quotients, and denormal inputs.
    let mut a = vec![tiny, -tiny, 1e-20, tiny, 1.0, 1e-30, 3.0, 1e-39];
    let mut b = vec![
        tiny / 2.0,
        -tiny * 2.0,
        1e-20,
        1.0,
        tiny,
        1e-10,
        -tiny,
        2e-39,
    ];
    a.resize(32, 0.5);
    b.resize(32, 0.25);
    let c = 0.0f32;
    let flushed = float_math_ref(&a, &b, c, true);
    let kept = float_math_ref(&a, &b, c, false);
    assert_ne!(flushed, kept, "the inputs must exercise denormals");
    for ftz in [false, true] {
        let mut case = Case::new(
            "float_math.cu",
            [1, 1, 1],
            [32, 1, 1],
            vec![
                Arg::Buf("out", Data::F32(vec![0.0; 32])),
                Arg::Buf("a", Data::F32(a.clone())),
                Arg::Buf("b", Data::F32(b.clone())),
                Arg::Scalar(ArgValue::F32(c)),
            ],
        )
        .expect(
            "out",
            Data::F32(if ftz { flushed.clone() } else { kept.clone() }),
        );
        case.base.ftz = ftz;
        for level in [0, 3] {
            let (got, _) = case.run(&case.module(level, None)).unwrap();
            if let Some(d) = difference(&got, &case.expected) {
                panic!("ftz={ftz} -O{level}: {d}");
            }
        }
    }
}

#[test]
fn nvvm_reflect_answers_as_the_pass_does() {
    let src = r#"
__global__ void q(int *out) {
    out[0] = __nvvm_reflect("__CUDA_ARCH");
    out[1] = __nvvm_reflect("__CUDA_FTZ");
    out[2] = __nvvm_reflect("__CUDA_PREC_DIV");
    out[3] = __nvvm_reflect("__CUDA_PREC_SQRT");
    out[4] = __nvvm_reflect("__SOMETHING_ELSE");
}
"#;
    let mut seen = Vec::new();
    for (arch, ftz, prec_div, prec_sqrt) in [
        ("sm_75", false, true, true),
        ("sm_90", true, false, true),
        ("sm_120", false, false, false),
        ("sm_86", true, true, false),
    ] {
        let o = Options {
            arch: arch.into(),
            ftz,
            prec_div,
            prec_sqrt,
            opt_level: 0,
            ..Options::default()
        };
        let mut results = Vec::new();
        // The calls as irgen leaves them (the interpreter answers), and after
        // the -O0 pipeline (nvvm-reflect answered).
        for runs in [Some(0), None] {
            let m = compile("q.cu", src, &o, runs);
            let text = ptxlab_core::ir::print_module(&m);
            assert_eq!(text.contains("@__nvvm_reflect("), runs == Some(0), "{text}");
            let mut mem = Memory::new();
            let out = mem.upload(&[-1i32; 5]);
            let launch = Launch::new([1, 1, 1], [1, 1, 1], vec![ArgValue::Buffer(out)]);
            run_kernel(
                &m,
                &kernel_name(&m),
                &launch,
                &mut mem,
                &Config::for_options(&o),
            )
            .unwrap();
            results.push(mem.download::<i32>(out));
        }
        assert_eq!(
            results[0], results[1],
            "{arch} ftz={ftz} prec_div={prec_div} prec_sqrt={prec_sqrt}"
        );
        seen.push(results[0].clone());
    }
    assert_eq!(seen[0], vec![750, 0, 1, 1, 0]);
    assert_eq!(seen[1], vec![900, 1, 0, 1, 0]);
}

// ---------------------------------------------------------------------------
// Barriers and shared memory, on modules built by hand

/// `@buf = addrspace(3) global [N x i32]`; each thread writes `tid*tid + 1`
/// to `buf[tid]`, (optionally) waits at a barrier, then writes
/// `buf[(tid + 1) % N]` to `out[tid]`.
fn neighbour_kernel(n: u32, with_barrier: bool) -> Module {
    let mut f = Function::new(
        "neighbour",
        Type::Void,
        vec![Param {
            name: "out".into(),
            ty: Type::Ptr(addrspace::GLOBAL),
            noalias: false,
            readonly: false,
            byval: None,
            sret: None,
        }],
    );
    f.attrs.kernel = true;
    let entry = f.add_block("entry");
    let emit = |f: &mut Function, name: &str, ty: Type, kind: InstKind| {
        let id = f.create_inst(name, ty, kind, None);
        f.block_mut(entry).insts.push(id);
        Value::Inst(id)
    };
    let call = |callee: &str| InstKind::Call {
        callee: Callee::named(callee),
        args: vec![],
    };
    let bin = |op, lhs, rhs| InstKind::Bin {
        op,
        lhs,
        rhs,
        flags: Flags::default(),
    };
    let shared = Value::Global("buf".into(), addrspace::SHARED);
    let arr = Type::Array(u64::from(n), Box::new(Type::I32));
    let tid = emit(
        &mut f,
        "tid",
        Type::I32,
        call("llvm.nvvm.read.ptx.sreg.tid.x"),
    );
    let sq = emit(
        &mut f,
        "sq",
        Type::I32,
        bin(BinOp::Mul, tid.clone(), tid.clone()),
    );
    let v = emit(&mut f, "v", Type::I32, bin(BinOp::Add, sq, Value::i32(1)));
    let idx = emit(
        &mut f,
        "idx",
        Type::I64,
        InstKind::Cast {
            op: ptxlab_core::ir::CastOp::ZExt,
            val: tid.clone(),
        },
    );
    let slot = emit(
        &mut f,
        "slot",
        Type::Ptr(addrspace::SHARED),
        InstKind::Gep {
            elem_ty: arr.clone(),
            base: shared.clone(),
            indices: vec![Value::i64(0), idx.clone()],
        },
    );
    emit(
        &mut f,
        "",
        Type::Void,
        InstKind::Store {
            val: v,
            ptr: slot,
            align: 4,
            volatile: false,
        },
    );
    if with_barrier {
        emit(&mut f, "", Type::Void, call("llvm.nvvm.barrier0"));
    }
    let next = emit(
        &mut f,
        "next",
        Type::I32,
        bin(BinOp::Add, tid, Value::i32(1)),
    );
    let wrapped = emit(
        &mut f,
        "wrapped",
        Type::I32,
        bin(BinOp::URem, next, Value::i32(n as i32)),
    );
    let widx = emit(
        &mut f,
        "widx",
        Type::I64,
        InstKind::Cast {
            op: ptxlab_core::ir::CastOp::ZExt,
            val: wrapped,
        },
    );
    let from = emit(
        &mut f,
        "from",
        Type::Ptr(addrspace::SHARED),
        InstKind::Gep {
            elem_ty: arr.clone(),
            base: shared,
            indices: vec![Value::i64(0), widx],
        },
    );
    let got = emit(
        &mut f,
        "got",
        Type::I32,
        InstKind::Load {
            ptr: from,
            align: 4,
            volatile: false,
        },
    );
    let dst = emit(
        &mut f,
        "dst",
        Type::Ptr(addrspace::GLOBAL),
        InstKind::Gep {
            elem_ty: Type::I32,
            base: Value::Arg(0),
            indices: vec![idx],
        },
    );
    emit(
        &mut f,
        "",
        Type::Void,
        InstKind::Store {
            val: got,
            ptr: dst,
            align: 4,
            volatile: false,
        },
    );
    emit(&mut f, "", Type::Void, InstKind::Ret { val: None });
    let m = Module {
        source_file: "neighbour.ll".into(),
        globals: vec![Global {
            name: "buf".into(),
            ty: arr,
            space: addrspace::SHARED,
            align: 4,
            init: Init::Undef,
            external: false,
        }],
        functions: vec![f],
    };
    let errors = ptxlab_core::ir::verify::verify_module(&m);
    assert!(errors.is_empty(), "{errors:?}");
    m
}

fn run_neighbour(m: &Module, n: u32, blocks: u32) -> Result<(Vec<i32>, Stats), InterpError> {
    let mut mem = Memory::new();
    let out = mem.upload(&vec![-1i32; (n * blocks) as usize]);
    let launch = Launch::new([blocks, 1, 1], [n, 1, 1], vec![ArgValue::Buffer(out)]);
    let stats = run_kernel(m, "neighbour", &launch, &mut mem, &Config::default())?;
    Ok((mem.download(out), stats))
}

#[test]
fn threads_communicate_through_shared_memory_across_a_barrier() {
    let n = 128; // four warps
    let (out, stats) = run_neighbour(&neighbour_kernel(n, true), n, 2).unwrap();
    // Each block has its own shared memory and writes out[0..n]; both blocks agree.
    let want: Vec<i32> = (0..n as i32)
        .map(|t| {
            let s = (t + 1) % n as i32;
            s * s + 1
        })
        .collect();
    assert_eq!(&out[..n as usize], &want[..]);
    assert_eq!(stats.barriers, 2, "one barrier per block");
    assert_eq!(stats.threads, 2 * u64::from(n));
    // Without the barrier a thread reads its neighbour's slot before the
    // neighbour (which runs later) has written it.
    let (racy, _) = run_neighbour(&neighbour_kernel(n, false), n, 1).unwrap();
    assert_ne!(racy, want);
    assert_eq!(racy[..(n - 1) as usize], vec![0; (n - 1) as usize][..]);
}

#[test]
fn threads_at_different_barriers_are_a_divergent_barrier() {
    let src = "__global__ void k(int *p) {\n  if (threadIdx.x < 16) {\n    p[threadIdx.x] = 1;\n    __syncthreads();\n  } else {\n    __syncthreads();\n  }\n}\n";
    let m = compile("div.cu", src, &opts(0), None);
    let mut mem = Memory::new();
    let p = mem.upload(&[0i32; 32]);
    let launch = Launch::new([1, 1, 1], [32, 1, 1], vec![ArgValue::Buffer(p)]);
    // A finding; the run goes on (each thread released from its barrier).
    let stats = run_kernel(&m, &kernel_name(&m), &launch, &mut mem, &Config::default()).unwrap();
    assert_eq!(stats.undefined.len(), 1, "{:?}", stats.undefined);
    let f = &stats.undefined[0];
    assert_eq!(f.kind, FindingKind::BarrierDivergence, "{f}");
    assert_eq!((f.line, f.thread_idx), (Some(4), [0, 0, 0]), "{f}");
    let other = f.other.as_ref().unwrap();
    assert_eq!((other.line, other.thread_idx), (Some(6), [16, 0, 0]), "{f}");
    assert!(f.to_string().contains("thread (16,0,0)"), "{f}");
    assert_eq!(mem.download::<i32>(p)[..16], [1; 16]);
    // Threads that have exited do not hold a barrier up: they count as
    // arrived (sm_70+), a warning and no undefined behaviour.
    let src = "__global__ void k(int *p) {\n  if (threadIdx.x >= 16) return;\n  p[threadIdx.x] = 1;\n  __syncthreads();\n  p[threadIdx.x + 16] = p[(threadIdx.x + 1) % 16];\n}\n";
    let m = compile("exit.cu", src, &opts(0), None);
    let mut mem = Memory::new();
    let p = mem.upload(&[0i32; 32]);
    let launch = Launch::new([1, 1, 1], [32, 1, 1], vec![ArgValue::Buffer(p)]);
    let stats = run_kernel(&m, &kernel_name(&m), &launch, &mut mem, &Config::default()).unwrap();
    assert_eq!(stats.barriers, 1);
    assert_eq!(mem.download::<i32>(p), vec![1; 32]);
    assert_eq!(stats.undefined, vec![]);
    let f = &stats.warnings[0];
    assert_eq!(
        (f.kind, f.line),
        (FindingKind::BarrierAfterExit, Some(4)),
        "{f}"
    );
    assert!(
        f.to_string()
            .contains("thread (16,0,0) does not reach: it has exited"),
        "{f}"
    );
}

#[test]
fn shuffles_follow_widths_and_masks() {
    let src = r#"
__global__ void shuffles(int *up, int *down, int *bfly, int *idx, int *halves) {
    int t = threadIdx.x;
    up[t] = __shfl_up_sync(0xffffffff, t, 1, 8);
    down[t] = __shfl_down_sync(0xffffffff, t, 2, 8);
    bfly[t] = __shfl_xor_sync(0xffffffff, t, 5, 8);
    idx[t] = __shfl_sync(0xffffffff, t, 11, 8);
    // Two halves of the warp shuffle apart, each with its own mask.
    if ((t & 31) < 16) halves[t] = __shfl_sync(0x0000ffff, t, 3);
    else halves[t] = __shfl_sync(0xffff0000, t, 20);
}
"#;
    for level in [0, 3] {
        let mut mem = Memory::new();
        let bufs: Vec<BufferId> = (0..5).map(|_| mem.upload(&[0i32; 64])).collect();
        let args = bufs.iter().map(|b| ArgValue::Buffer(*b)).collect();
        run_src(src, level, 64, args, &mut mem, &Config::default()).unwrap();
        let got: Vec<Vec<i32>> = bufs.iter().map(|b| mem.download(*b)).collect();
        for t in 0..64i32 {
            let (seg, l) = (t & !7, t & 7);
            let want = [
                if l >= 1 { t - 1 } else { t },
                if l + 2 < 8 { t + 2 } else { t },
                seg | (l ^ 5),
                seg | 3,
                (t & !31) | if (t & 31) < 16 { 3 } else { 20 },
            ];
            for (k, w) in want.iter().enumerate() {
                assert_eq!(got[k][t as usize], *w, "-O{level} op {k} thread {t}");
            }
        }
    }
}

#[test]
fn lanes_at_different_warp_operations_are_a_finding() {
    let src = "__global__ void k(int *p) {\n  int t = threadIdx.x;\n  int v;\n  if (t < 16) v = __shfl_sync(0xffffffff, t, 0);\n  else v = __shfl_xor_sync(0xffffffff, t, 1);\n  p[t] = v;\n}\n";
    let mut mem = Memory::new();
    let p = mem.upload(&[0i32; 32]);
    let stats = run_src(
        src,
        0,
        32,
        vec![ArgValue::Buffer(p)],
        &mut mem,
        &Config::default(),
    )
    .unwrap();
    let f = &stats.undefined[0];
    assert_eq!((f.kind, f.line), (FindingKind::WarpMask, Some(4)), "{f}");
    assert!(f.to_string().contains("lane 16"), "{f}");
    assert_eq!(f.other.as_ref().unwrap().line, Some(5), "{f}");
    // Each half went on among itself: lanes 0-15 read lane 0.
    assert_eq!(mem.download::<i32>(p)[..16], [0; 16]);
    // A shuffle that reads a lane outside its mask: the lane's own value.
    let src = "__global__ void k(int *p) { p[threadIdx.x] = __shfl_sync(0x0000ffff, 5 + threadIdx.x, 20); }";
    let stats = run_src(
        src,
        0,
        16,
        vec![ArgValue::Buffer(p)],
        &mut mem,
        &Config::default(),
    )
    .unwrap();
    let f = &stats.undefined[0];
    assert_eq!(f.kind, FindingKind::InactiveLane, "{f}");
    assert!(
        f.to_string()
            .contains("from lane 20, which was not launched"),
        "{f}"
    );
    assert_eq!(mem.download::<i32>(p)[..3], [5, 6, 7]);
}

// ---------------------------------------------------------------------------
// Errors, limits, calls, pointers

/// Runs the only kernel of `src` (at `level`) with `args` over `threads` threads.
fn run_src(
    src: &str,
    level: u8,
    threads: u32,
    args: Vec<ArgValue>,
    mem: &mut Memory,
    config: &Config,
) -> Result<Stats, InterpError> {
    let m = compile("t.cu", src, &opts(level), None);
    let launch = Launch::new([1, 1, 1], [threads, 1, 1], args);
    run_kernel(&m, &kernel_name(&m), &launch, mem, config)
}

#[test]
fn printf_output_survives_a_failure_and_bad_formats_are_errors() {
    // Thread 0 prints, then thread 1 reads out of bounds: the text printed
    // before the failure comes with the error.
    let src = "__global__ void k(int *p) {\n  int t = threadIdx.x;\n  printf(\"t%d:%s\\n\", t, t ? \"one\" : \"zero\");\n  p[t * 100] = printf(0);\n}\n";
    for level in [0, 3] {
        let mut mem = Memory::new();
        let p = mem.upload(&[0i32; 4]);
        let e = run_src(
            src,
            level,
            2,
            vec![ArgValue::Buffer(p)],
            &mut mem,
            &Config::default(),
        )
        .unwrap_err();
        assert_eq!(e.kind, ErrorKind::OutOfBounds, "{e}");
        assert_eq!(e.output, "t0:zero\nt1:one\n");
        // printf(NULL) returns -1, as CUDA's does.
        assert_eq!(mem.download::<i32>(p)[0], -1);
    }
    // The output stops at 1 MiB, with a note; wide fields cost no more.
    let src = "__global__ void k(int *p) {\n  printf(\"%3000d%3000d\\n\", threadIdx.x, 1);\n}\n";
    let mut mem = Memory::new();
    let p = mem.upload(&[0i32]);
    let stats = run_src(
        src,
        3,
        1024,
        vec![ArgValue::Buffer(p)],
        &mut mem,
        &Config::default(),
    )
    .unwrap();
    assert!(
        stats.output.len() < (1 << 20) + 100,
        "{}",
        stats.output.len()
    );
    assert!(stats
        .output
        .ends_with("printf output truncated at 1 MiB]\n"));
    // A format that reads past the arguments the call passes (the buffer
    // is whole 8-byte words, as nvcc's: a second %d reads its padding).
    let src = "__global__ void k(int *p) {\n  printf(\"%d %d %s\\n\", p[0]);\n}\n";
    let mut mem = Memory::new();
    let p = mem.upload(&[7i32]);
    let e = run_src(
        src,
        0,
        1,
        vec![ArgValue::Buffer(p)],
        &mut mem,
        &Config::default(),
    )
    .unwrap_err();
    assert!(e.message.contains("argument 3"), "{e}");
    assert_eq!(e.at.as_ref().and_then(|a| a.line), Some(2), "{e}");
}

#[test]
fn out_of_bounds_reads_name_the_instruction_and_thread() {
    let src = "__global__ void shift(const float *x, float *y) {\n  int i = threadIdx.x;\n  y[i] = x[i + 1];\n}\n";
    for level in [0, 3] {
        let mut mem = Memory::new();
        let x = mem.upload(&[1.0f32; 32]);
        let y = mem.upload(&[0.0f32; 32]);
        let args = vec![ArgValue::Buffer(x), ArgValue::Buffer(y)];
        let e = run_src(src, level, 32, args, &mut mem, &Config::default()).unwrap_err();
        assert_eq!(e.kind, ErrorKind::OutOfBounds, "{e}");
        let at = e.at.as_ref().unwrap();
        assert_eq!(at.thread_idx, [31, 0, 0]);
        assert!(at.inst.contains("load float"), "{e}");
        assert_eq!(at.line, Some(3));
        assert!(
            e.message
                .contains("offset 128 of global buffer 0 (128 bytes)"),
            "{e}"
        );
        // Threads 0..30 ran before: their stores are there.
        assert_eq!(mem.download::<f32>(y)[..31], [1.0; 31]);
    }
    // Before the start of a buffer.
    let src = "__global__ void k(const int *x, int *y) { y[0] = x[(int)threadIdx.x - 1]; }";
    let mut mem = Memory::new();
    let x = mem.upload(&[1i32; 4]);
    let y = mem.upload(&[0i32; 4]);
    let args = vec![ArgValue::Buffer(x), ArgValue::Buffer(y)];
    let e = run_src(src, 3, 1, args, &mut mem, &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfBounds);
    assert!(e.message.contains("offset -4 of global buffer 0"), "{e}");
}

#[test]
fn division_by_zero_is_a_finding_and_misaligned_accesses_errors() {
    let src =
        "__global__ void k(int *out, int d) { out[threadIdx.x] = 100 / (d - (int)threadIdx.x); }";
    let mut mem = Memory::new();
    let out = mem.upload(&[0i32; 8]);
    let args = vec![ArgValue::Buffer(out), ArgValue::I32(5)];
    let stats = run_src(src, 0, 8, args, &mut mem, &Config::default()).unwrap();
    let f = &stats.undefined[0];
    assert_eq!(f.kind, FindingKind::DivisionByZero, "{f}");
    assert_eq!(f.thread_idx, [5, 0, 0]);
    assert!(
        f.to_string().contains("divides 100 by zero (sdiv, i32)"),
        "{f}"
    );
    // The H200's value: all ones.
    assert_eq!(
        mem.download::<i32>(out),
        vec![20, 25, 33, 50, 100, -1, -100, -50]
    );

    let src = "__global__ void k(char *c, int *out) { out[0] = *(int *)(c + threadIdx.x); }";
    let mut mem = Memory::new();
    let c = mem.upload(&[1u8; 16]);
    let out = mem.upload(&[0i32; 1]);
    let args = vec![ArgValue::Buffer(c), ArgValue::Buffer(out)];
    let e = run_src(src, 3, 2, args, &mut mem, &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Misaligned, "{e}");
    assert_eq!(e.at.as_ref().unwrap().thread_idx, [1, 0, 0]);
    assert_eq!(mem.download::<i32>(out), vec![0x0101_0101]);
}

#[test]
fn a_runaway_loop_hits_the_step_limit() {
    let src = "__global__ void spin(int *p) { int i = 0; while (p[0] == 0) { i++; } p[1] = i; }";
    let mut mem = Memory::new();
    let p = mem.upload(&[0i32; 2]);
    let config = Config {
        max_steps: 100_000,
        ..Config::default()
    };
    for level in [0, 3] {
        let e = run_src(src, level, 4, vec![ArgValue::Buffer(p)], &mut mem, &config).unwrap_err();
        assert_eq!(e.kind, ErrorKind::StepLimit, "{e}");
        assert!(e.message.contains("100000"), "{e}");
    }
    // The same kernel ends when the flag is set.
    let p = mem.upload(&[1i32, 0]);
    let stats = run_src(src, 3, 4, vec![ArgValue::Buffer(p)], &mut mem, &config).unwrap();
    assert!(stats.steps < 100);
}

#[test]
fn device_functions_are_called_with_frames_of_their_own() {
    let src = r#"
__device__ int fill(int *buf, int n, int k) {
    int local[8];
    for (int j = 0; j < 8; j++) local[j] = j * k;
    int s = 0;
    for (int j = 0; j < n; j++) s += local[j & 7];
    buf[0] = s;
    return s + 1;
}
__device__ float twice(float x) { return x + x; }
__global__ void calls(int *out, float *f) {
    int t = threadIdx.x;
    int acc = 0;
    for (int r = 0; r < 3; r++) acc += fill(out + 32 + t, t, r);
    out[t] = acc;
    f[t] = twice(twice(f[t]));
}
"#;
    for level in [0, 3] {
        let mut mem = Memory::new();
        let out = mem.upload(&[0i32; 64]);
        let f = mem.upload(&(0..32).map(|i| i as f32).collect::<Vec<_>>());
        let args = vec![ArgValue::Buffer(out), ArgValue::Buffer(f)];
        let stats = run_src(src, level, 32, args, &mut mem, &Config::default()).unwrap();
        let out = mem.download::<i32>(out);
        for t in 0..32i32 {
            let fill = |k: i32| (0..t).map(|j| (j & 7) * k).sum::<i32>();
            assert_eq!(out[t as usize], (0..3).map(|r| fill(r) + 1).sum::<i32>());
            assert_eq!(out[32 + t as usize], fill(2));
        }
        assert_eq!(mem.download::<f32>(f)[3], 12.0);
        assert!(stats.steps > 0);
    }
    // Unbounded recursion stops at the call-depth limit.
    let src = "__device__ int down(int n) { return down(n + 1) + 1; }\n__global__ void k(int *p) { p[0] = down(0); }";
    let mut mem = Memory::new();
    let p = mem.upload(&[0i32]);
    let e = run_src(
        src,
        0,
        1,
        vec![ArgValue::Buffer(p)],
        &mut mem,
        &Config::default(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::StackOverflow, "{e}");
}

#[test]
fn generic_pointers_reach_local_and_global_memory() {
    let src = r#"
__global__ void gen(int *out, int which) {
    int loc[4];
    for (int i = 0; i < 4; i++) loc[i] = 10 + i;
    int *p = which ? loc : out;
    p[threadIdx.x & 3] = 7;
    out[4 + threadIdx.x] = loc[threadIdx.x & 3];
}
"#;
    for level in [0, 3] {
        for which in [0, 1] {
            let mut mem = Memory::new();
            let out = mem.upload(&[0i32; 8]);
            let args = vec![ArgValue::Buffer(out), ArgValue::I32(which)];
            run_src(src, level, 4, args, &mut mem, &Config::default()).unwrap();
            let got = mem.download::<i32>(out);
            let want = if which == 1 {
                vec![0, 0, 0, 0, 7, 7, 7, 7]
            } else {
                vec![7, 7, 7, 7, 10, 11, 12, 13]
            };
            assert_eq!(got, want, "-O{level} which={which}");
        }
    }
}

#[test]
fn launch_errors_are_reported_before_running() {
    let m = compile("saxpy.cu", &corpus_source("saxpy.cu"), &opts(3), None);
    let mut mem = Memory::new();
    let x = mem.upload(&[0.0f32; 4]);
    let run = |launch: &Launch, mem: &mut Memory| {
        run_kernel(&m, "saxpy", launch, mem, &Config::default()).unwrap_err()
    };
    let e = run(
        &Launch::new([1, 1, 1], [4, 1, 1], vec![ArgValue::I32(4)]),
        &mut mem,
    );
    assert_eq!(e.kind, ErrorKind::Launch);
    assert!(
        e.message.contains("takes 4 arguments, the launch gives 1"),
        "{e}"
    );
    let args = vec![
        ArgValue::F32(1.0),
        ArgValue::F32(1.0),
        ArgValue::Buffer(x),
        ArgValue::Buffer(x),
    ];
    let e = run(&Launch::new([1, 1, 1], [4, 1, 1], args.clone()), &mut mem);
    assert!(e.message.contains("argument 1 (%n)"), "{e}");
    let mut ok = args.clone();
    ok[0] = ArgValue::I32(4);
    let e = run(&Launch::new([1, 1, 1], [2048, 1, 1], ok.clone()), &mut mem);
    assert!(e.message.contains("too large"), "{e}");
    let e = run_kernel(
        &m,
        "nope",
        &Launch::new([1, 1, 1], [1, 1, 1], ok),
        &mut mem,
        &Config::default(),
    )
    .unwrap_err();
    assert!(e.message.contains("kernels: saxpy"), "{e}");
    // __launch_bounds__(128) refuses a block of 256 threads.
    let m = compile(
        "launch_bounds.cu",
        &corpus_source("launch_bounds.cu"),
        &opts(3),
        None,
    );
    let p = mem.upload(&[0.0f32; 256]);
    let launch = Launch::new([1, 1, 1], [256, 1, 1], vec![ArgValue::Buffer(p)]);
    let e = run_kernel(&m, &kernel_name(&m), &launch, &mut mem, &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Launch);
    assert!(e.message.contains("__launch_bounds__ of 128"), "{e}");
}

#[test]
fn vector_loads_stores_and_lanes_run_as_whole_accesses() {
    // Each thread reads a float4 as one <4 x float>, builds the reversed
    // vector lane by lane (lane 3 set twice: the last insert counts) and
    // stores it; a <2 x i32> store of an undef vector with lane 1 set
    // writes 0 in lane 0. Then a <4 x float> load 4 bytes into a buffer
    // is misaligned, whatever its align says.
    let text = "\
define ptx_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %i = sext i32 %tid to i64
  %a = getelementptr inbounds <4 x float>, ptr addrspace(1) %p, i64 %i
  %v = load <4 x float>, ptr addrspace(1) %a, align 16
  %x = extractelement <4 x float> %v, i32 0
  %y = extractelement <4 x float> %v, i32 1
  %z = extractelement <4 x float> %v, i64 2
  %w = extractelement <4 x float> %v, i32 3
  %r0 = insertelement <4 x float> undef, float %w, i32 0
  %r1 = insertelement <4 x float> %r0, float %z, i32 1
  %r2 = insertelement <4 x float> %r1, float %y, i32 2
  %r3 = insertelement <4 x float> %r2, float 0.000000e+00, i32 3
  %r4 = insertelement <4 x float> %r3, float %x, i32 3
  store <4 x float> %r4, ptr addrspace(1) %a, align 16
  %b = getelementptr inbounds <2 x i32>, ptr addrspace(1) %q, i64 %i
  %u = insertelement <2 x i32> undef, i32 %tid, i32 1
  store <2 x i32> %u, ptr addrspace(1) %b, align 8
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
";
    let m = ptxlab_core::ir::parse_module(text).unwrap();
    assert!(ptxlab_core::ir::verify::verify_module(&m).is_empty());
    let mut mem = Memory::new();
    let input: Vec<f32> = (0..8).map(|x| x as f32).collect();
    let p = mem.upload(&input);
    let q = mem.upload(&[-1i32; 4]);
    let launch = Launch::new(
        [1, 1, 1],
        [2, 1, 1],
        vec![ArgValue::Buffer(p), ArgValue::Buffer(q)],
    );
    run_kernel(&m, "k", &launch, &mut mem, &Config::default()).unwrap();
    assert_eq!(
        mem.download::<f32>(p),
        vec![3.0, 2.0, 1.0, 0.0, 7.0, 6.0, 5.0, 4.0]
    );
    assert_eq!(mem.download::<i32>(q), vec![0, 0, 0, 1]);

    let text = "\
define ptx_kernel void @k(ptr addrspace(1) %p) {
entry:
  %a = getelementptr inbounds i8, ptr addrspace(1) %p, i64 4
  %v = load <4 x float>, ptr addrspace(1) %a, align 16
  %x = extractelement <4 x float> %v, i32 0
  store float %x, ptr addrspace(1) %p, align 4
  ret void
}
";
    let m = ptxlab_core::ir::parse_module(text).unwrap();
    let mut mem = Memory::new();
    let p = mem.upload(&[0f32; 8]);
    let launch = Launch::new([1, 1, 1], [1, 1, 1], vec![ArgValue::Buffer(p)]);
    let e = run_kernel(&m, "k", &launch, &mut mem, &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Misaligned, "{e}");
    assert!(e.message.contains("not a multiple of 16"), "{e}");
}

/// No corpus kernel has a data race or an uninitialized read.
fn assert_no_findings(stats: &Stats, file: &str, when: &str) {
    if let Some(f) = stats.undefined.first() {
        panic!("{file} ({when}): line {:?}: {f}", f.line);
    }
}
