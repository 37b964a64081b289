//! The PTX emulator as the backend's oracle: every corpus case that
//! `tests/interp.rs` runs in the IR interpreter runs here as PTX — ours at
//! -O0 and -O3 for sm_80, and NVRTC's for the same source — and its buffers
//! must equal the same Rust reference. Our PTX checks isel, out-of-SSA,
//! layout, switch lowering, shared addresses, vector accesses and the
//! `.param` convention by what they compute; NVRTC's PTX checks the
//! emulator itself against NVIDIA's compiler. Then the emulator's own
//! behaviour on hand-written PTX: parse errors with lines, instruction
//! semantics, errors that name the PTX line, and `ptxlab run-ptx`.
//!
//! Floats are compared as `tests/interp.rs` compares them: bit for bit,
//! except the buffers a case gives a tolerance (`Data::F32Near`): those are
//! the results of `.approx` instructions (`__sinf`, `__expf`, `rsqrtf`,
//! `__fdividef` in fast_math.cu), which PTX defines only within an error
//! bound. The emulator computes them as the interpreter does (in f64,
//! rounded once), so they are deterministic here, but the reference is
//! the exact function, so the case's bound applies.

#[path = "common/cases.rs"]
mod cases;
#[path = "../../core/tests/common/mod.rs"]
mod common;

use cases::*;
use common::nvrtc::Nvrtc;
use ptxlab_core::{compile_source, Options};
use ptxlab_sim::emu::{run_kernel, PtxModule};
use ptxlab_sim::{ArgValue, Config, ErrorKind, FindingKind, InterpError, Launch, Memory, Stats};

/// Corpus cases the emulator cannot run, each with the reason. Every other
/// case must pass; a case listed here that passes is an error (remove it).
/// (None today: every corpus kernel runs, ours and NVRTC's.)
const SKIPS: &[(&str, &str)] = &[];

/// Cases where NVRTC's PTX computes something else than the reference,
/// because the reference (and our compiler) are wrong. Each must still
/// differ: a listed case that passes is an error.
const NVRTC_DIFFERS: &[(&str, &str)] = &[];

/// Cases where, with contraction on, our -O3 PTX and NVRTC's round
/// differently (both correct), with the reason.
const CONTRACTION_DIFFERS: &[(&str, &str)] = &[(
    "float_math.cu",
    "NVRTC folds m - d * -m into fma(m, d, m); we keep mul and sub \
         (a missed fold: one more rounding)",
)];

fn listed(list: &[(&str, &'static str)], file: &str) -> Option<&'static str> {
    list.iter().find(|(f, _)| *f == file).map(|(_, r)| *r)
}

fn skip_reason(file: &str) -> Option<&'static str> {
    listed(SKIPS, file)
}

/// The target the PTX is for: sm_80, unless the case's reference assumes another.
fn arch(case: &Case) -> &'static str {
    case.arch.unwrap_or("sm_80")
}

/// The case's options at `level` for the PTX oracles: its own, for its
/// target, without contraction. The references round every operation on
/// its own, as the IR interpreter does (it never fuses); with contraction
/// on (nvcc's default) both compilers fuse `a * b + c` into `fma.rn`,
/// which rounds once, and results that are not exact differ in the last
/// bit. `at_nvccs_defaults_our_ptx_computes_nvrtcs_bits` covers contraction.
fn ptx_options(case: &Case, level: u8) -> Options {
    Options {
        arch: arch(case).into(),
        fmad: false,
        ..case.options(level)
    }
}

/// Our PTX for the case at `level`.
fn our_ptx(case: &Case, level: u8) -> String {
    let opts = ptx_options(case, level);
    let c = compile_source(case.file, &case.source_text(), &opts);
    c.ptx
        .unwrap_or_else(|| panic!("{} does not compile: {:?}", case.file, c.diagnostics))
}

/// NVRTC's flags for the case's options (and its file's `// nvrtc-options:` line).
fn nvrtc_flags(case: &Case, text: &str) -> Vec<String> {
    let o = &ptx_options(case, 3);
    let mut flags = common::nvrtc_file_options(text);
    flags.push(format!("--ftz={}", o.ftz));
    flags.push(format!("--prec-div={}", o.prec_div));
    flags.push(format!("--prec-sqrt={}", o.prec_sqrt));
    flags.push(format!("--fmad={}", o.fmad));
    for d in &o.defines {
        flags.push(match &d.value {
            Some(v) => format!("-D{}={v}", d.name),
            None => format!("-D{}", d.name),
        });
    }
    flags
}

/// The kernel the case launches: its symbol, or the module's only `.entry`.
fn entry(case: &Case, m: &PtxModule) -> String {
    if let Some(k) = case.kernel {
        return k.to_string();
    }
    let kernels = m.kernels();
    assert_eq!(kernels.len(), 1, "{}: expected one kernel", case.file);
    kernels[0].to_string()
}

/// Runs the case on `ptx`; a description of what went wrong, if anything.
fn check(case: &Case, ptx: &str) -> Result<Stats, String> {
    let m = PtxModule::parse(ptx).map_err(|e| format!("the PTX does not parse: {e}"))?;
    let kernel = entry(case, &m);
    let config = Config::default();
    let (got, stats) = case
        .run_with(|launch, mem| run_kernel(&m, &kernel, launch, mem, &config))
        .map_err(|e| e.to_string())?;
    if let Some(d) = difference(&got, &case.all_expected()) {
        return Err(d);
    }
    if stats.output != case.output {
        return Err(format!(
            "printf wrote {:?}, expected {:?}",
            stats.output, case.output
        ));
    }
    if let Some(f) = stats.undefined.first() {
        return Err(format!("undefined behaviour at PTX line {:?}: {f}", f.line));
    }
    Ok(stats)
}

#[test]
fn our_ptx_computes_the_reference_at_o0_and_o3() {
    let mut failures = Vec::new();
    let mut passed = 0;
    let mut skipped = Vec::new();
    for case in cases() {
        for level in [0, 3] {
            let result = check(&case, &our_ptx(&case, level));
            match (result, skip_reason(case.file)) {
                (Ok(_), None) => passed += 1,
                (Ok(_), Some(_)) => failures.push(format!(
                    "{} at -O{level}: listed in SKIPS but passes; remove it",
                    case.file
                )),
                (Err(e), None) => failures.push(format!("{} at -O{level}: {e}", case.file)),
                (Err(_), Some(why)) => skipped.push(format!("{} -O{level} ({why})", case.file)),
            }
        }
    }
    eprintln!(
        "our PTX: {passed} case runs pass, {} skipped: {skipped:?}",
        skipped.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(passed >= 80, "only {passed} runs passed");
}

/// The NVRTC compiles each case is run in: sm_80 (the case's own target
/// when its reference pins one), sm_100 (newer PTX: `.ptr .align` parameters,
/// typed `.b32` moves, immediates in vectors) and -G (unoptimized, with
/// debug information).
const NVRTC_VARIANTS: &[(Option<&str>, &[&str])] =
    &[(None, &[]), (Some("sm_100"), &[]), (None, &["-G"])];

#[test]
fn nvrtcs_ptx_computes_the_reference() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let mut failures = Vec::new();
    let mut passed = 0;
    let mut skipped = Vec::new();
    for case in cases() {
        let text = case.source_text();
        if let Some(l) = text
            .lines()
            .find(|l| l.trim_start().starts_with("// nvrtc: skip"))
        {
            skipped.push(format!("{} ({})", case.file, l.trim()));
            continue;
        }
        for (target, extra) in NVRTC_VARIANTS {
            // A reference for one target is checked on that target only.
            let target = match (case.arch, target) {
                (Some(_), Some(_)) => continue,
                (Some(a), None) => a,
                (None, t) => t.unwrap_or("sm_80"),
            };
            let what = format!(
                "{} (NVRTC, {})",
                case.file,
                [&[target], *extra].concat().join(" ")
            );
            let mut flags = nvrtc_flags(&case, &text);
            flags.extend(extra.iter().map(|f| f.to_string()));
            let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
            let ptx = match nvrtc.compile(case.file, &text, target, &flags) {
                Ok(p) => p,
                Err(log) => {
                    failures.push(format!("{what}: NVRTC failed:\n{log}"));
                    continue;
                }
            };
            let known = skip_reason(case.file).or(listed(NVRTC_DIFFERS, case.file));
            match (check(&case, &ptx), known) {
                (Ok(_), None) => passed += 1,
                (Ok(_), Some(_)) => {
                    failures.push(format!("{what}: listed as failing but passes; remove it"))
                }
                (Err(_), Some(why)) => skipped.push(format!("{what} ({why})")),
                (Err(e), None) => failures.push(format!("{what}: {e}")),
            }
        }
    }
    eprintln!(
        "NVRTC's PTX: {passed} runs pass, {} skipped: {skipped:?}",
        skipped.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(passed >= 120, "only {passed} runs passed");
}

/// NVRTC's PTX for the case with nvcc's default math flags (contraction on).
fn nvrtc_default_ptx(nvrtc: &Nvrtc, case: &Case, text: &str) -> String {
    let mut flags = nvrtc_flags(case, text);
    flags.retain(|f| !f.starts_with("--fmad"));
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    nvrtc
        .compile(case.file, text, arch(case), &flags)
        .unwrap_or_else(|log| panic!("{}: NVRTC failed:\n{log}", case.file))
}

/// The buffers the case's launch leaves, run on `ptx`.
fn buffers(case: &Case, ptx: &str) -> Vec<(String, Data)> {
    let m = PtxModule::parse(ptx).unwrap_or_else(|e| panic!("{}: {e}", case.file));
    let kernel = entry(case, &m);
    case.run_with(|l, mem| run_kernel(&m, &kernel, l, mem, &Config::default()))
        .unwrap_or_else(|e| panic!("{}: {e}", case.file))
        .0
}

/// With contraction on, as nvcc compiles by default, both compilers fuse
/// multiplies and adds into `fma`; where they fuse the same ones our -O3
/// PTX computes exactly NVRTC's bits.
#[test]
fn at_nvccs_defaults_our_ptx_computes_nvrtcs_bits() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let mut failures = Vec::new();
    let mut same = 0;
    for case in cases() {
        let text = case.source_text();
        if text.contains("// nvrtc: skip") {
            continue;
        }
        let opts = Options {
            arch: arch(&case).into(),
            ..case.options(3)
        };
        assert!(opts.fmad);
        let ours = compile_source(case.file, &text, &opts)
            .ptx
            .unwrap_or_else(|| panic!("{} does not compile", case.file));
        let theirs = nvrtc_default_ptx(&nvrtc, &case, &text);
        let d = difference(&buffers(&case, &ours), &buffers(&case, &theirs));
        match (d, listed(CONTRACTION_DIFFERS, case.file)) {
            (None, None) => same += 1,
            (None, Some(_)) => failures.push(format!(
                "{}: listed in CONTRACTION_DIFFERS but equal; remove it",
                case.file
            )),
            (Some(_), Some(_)) => {}
            (Some(d), None) => {
                failures.push(format!("{}: ours {d} (NVRTC's is expected)", case.file))
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(same >= 40, "only {same} cases compared equal");
}

// ---------------------------------------------------------------------------
// Hand-written PTX

const HEAD: &str = ".version 9.5\n.target sm_80\n.address_size 64\n";

fn module(body: &str) -> PtxModule {
    let text = format!("{HEAD}{body}");
    PtxModule::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// Runs kernel `k` of `m` over one block of `threads` with an i32 buffer
/// `buf` (its only argument); the buffer after the launch.
fn run_buf(
    m: &PtxModule,
    threads: u32,
    buf: &[i32],
    config: &Config,
) -> Result<(Vec<i32>, Stats), InterpError> {
    let mut mem = Memory::new();
    let id = mem.upload(buf);
    let launch = Launch::new([1, 1, 1], [threads, 1, 1], vec![ArgValue::Buffer(id)]);
    let stats = run_kernel(m, "k", &launch, &mut mem, config)?;
    Ok((mem.download(id), stats))
}

/// A kernel `k(int *p)` with `body` after `%rd1` = p (global) and `%r1` = tid.x.
fn kernel(decls: &str, body: &str) -> PtxModule {
    module(&format!(
        ".visible .entry k(.param .u64 k_param_0)\n{{\n\t.reg .pred %p<9>;\n\t.reg .b32 %r<33>;\n\t.reg .b64 %rd<9>;\n\t.reg .f32 %f<9>;\n{decls}\n\tld.param.u64 %rd1, [k_param_0];\n\tcvta.to.global.u64 %rd1, %rd1;\n\tmov.u32 %r1, %tid.x;\n{body}\n\tret;\n}}\n"
    ))
}

#[test]
fn bad_ptx_is_an_error_with_its_line() {
    let err = |body: &str| PtxModule::parse(&format!("{HEAD}{body}")).unwrap_err();
    // Line 6 of the text: the undeclared register.
    let e = err(".visible .entry k()\n{\n\tmov.u32 %r1, 1;\n}\n");
    assert_eq!(e.line, 6, "{e}");
    assert!(
        e.message.contains("'%r1' is not a declared register"),
        "{e}"
    );
    let e = err(".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tmov.u32 %r2, 1;\n}\n");
    assert_eq!(e.line, 7, "{e}");
    let e = err(".visible .entry k()\n{\n\tbra $L__BB0_9;\n}\n");
    assert!(e.message.contains("no label '$L__BB0_9'"), "{e}");
    let e = err(".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tadd.s32 %r1, %r1;\n}\n");
    assert!(e.message.contains("takes 3 operands"), "{e}");
    let e = err(".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tld.global.u32 %r1, [nothing];\n}\n");
    assert!(e.message.contains("'nothing'"), "{e}");
    let e = err(".visible .entry k()\n{\n\tcall.uni f, (param0);\n}\n");
    assert!(e.message.contains("no function"), "{e}");
    let e = err(".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tadd. %r1, %r1, %r1;\n}\n");
    assert!(e.message.contains("'add.' has no type"), "{e}");
    // A call's arguments are .param variables at least as big as the parameters.
    let vprintf = ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);\n";
    let e = err(&format!("{vprintf}.visible .entry k()\n{{\n\t{{\n\t.param .b32 param0;\n\t.param .b64 param1;\n\t.param .b32 retval0;\n\tcall.uni (retval0), vprintf, (param0, param1);\n\t}}\n}}\n"));
    assert!(
        e.message.contains("'param0' has 4 bytes, the parameter 8"),
        "{e}"
    );
    let e = err(&format!("{vprintf}.visible .entry k()\n{{\n\t.reg .b32 %r<2>;\n\t.param .b32 retval0;\n\tcall.uni (retval0), vprintf, (%r1, %r1);\n}}\n"));
    assert!(e.message.contains("not a .param variable"), "{e}");
    let e = err(".visible .entry k()\n{\n\t.reg .b32 %r<2>;\n\tadd.s32 %r1, %r1, 1.5;\n}\n");
    assert!(e.message.contains("float immediate"), "{e}");
    // At the end of the text: the last line that has something.
    let e = err("\n.visible .entry k(\n\n");
    assert_eq!(e.line, 5, "{e}");
}

#[test]
fn errors_name_the_ptx_line_and_the_thread() {
    // Thread 3 reads past the 4-element buffer.
    let m = kernel(
        "",
        "\tmul.wide.u32 %rd2, %r1, 8;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tld.global.u32 %r2, [%rd3];\n\tst.global.u32 [%rd3], %r2;",
    );
    let e = run_buf(&m, 4, &[1, 2, 3, 4], &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::OutOfBounds, "{e}");
    let at = e.at.as_ref().unwrap();
    assert_eq!(at.thread_idx, [2, 0, 0]);
    assert_eq!(at.inst, "ld.global.u32 %r2, [%rd3];");
    assert_eq!(at.line, Some(16));
    assert_eq!(at.function, "k");
    assert!(
        e.to_string()
            .contains("out-of-bounds load of 4 bytes at offset 16"),
        "{e}"
    );
    // A shared address used with ld.global, and a generic one with ld.shared.
    let m = kernel(
        "\t.shared .align 4 .b8 tile[16];",
        "\tmov.u64 %rd2, tile;\n\tld.global.u32 %r2, [%rd2];",
    );
    let e = run_buf(&m, 1, &[0], &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::WrongSpace, "{e}");
    let m = kernel("", "\tld.shared.u32 %r2, [%rd1];");
    let e = run_buf(&m, 1, &[0], &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::WrongSpace, "{e}");
    // Misaligned, division by zero, trap, and an instruction not implemented
    // (an error only when executed).
    let m = kernel("", "\tld.global.u32 %r2, [%rd1+2];");
    assert_eq!(
        run_buf(&m, 1, &[0, 0], &Config::default())
            .unwrap_err()
            .kind,
        ErrorKind::Misaligned
    );
    // (Division by zero is a finding, and gives the H200's all ones.)
    let m = kernel("", "\tmov.u32 %r3, 0;\n\tdiv.s32 %r2, %r1, %r3;");
    let (_, stats) = run_buf(&m, 1, &[0], &Config::default()).unwrap();
    assert_eq!(stats.undefined[0].kind, FindingKind::DivisionByZero);
    let m = kernel("", "\ttrap;");
    assert_eq!(
        run_buf(&m, 1, &[0], &Config::default()).unwrap_err().kind,
        ErrorKind::Unreachable
    );
}

#[test]
fn unimplemented_instructions_fail_only_when_executed() {
    let m = kernel(
        "",
        "\tsetp.ne.s32 %p1, %r1, 5;\n\t@%p1 bra $L__BB0_1;\n\tszext.wrap.u32 %r2, %r1, %r1;\n$L__BB0_1:\n\tst.global.u32 [%rd1], 7;",
    );
    // Thread 0 alone skips it.
    assert_eq!(run_buf(&m, 1, &[0], &Config::default()).unwrap().0, vec![7]);
    let e = run_buf(&m, 6, &[0], &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::Unsupported, "{e}");
    assert!(e.message.contains("szext.wrap.u32"), "{e}");
    assert_eq!(e.at.unwrap().thread_idx, [5, 0, 0]);
}

#[test]
fn runaway_loops_and_recursion_hit_the_limits() {
    let m = kernel("", "$L__BB0_1:\n\tbra.uni $L__BB0_1;");
    let config = Config {
        max_steps: 10_000,
        ..Config::default()
    };
    let e = run_buf(&m, 1, &[0], &config).unwrap_err();
    assert_eq!(e.kind, ErrorKind::StepLimit);
    // f calls itself forever, each frame with a local depot.
    let m = module(
        ".func f(.param .b32 f_param_0)\n{\n\t.local .align 4 .b8 __local_depot0[64];\n\t.reg .b32 %r<3>;\n\tld.param.u32 %r1, [f_param_0];\n\tadd.s32 %r2, %r1, 1;\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], %r2;\n\tcall.uni f, (param0);\n\t}\n\tret;\n}\n.visible .entry k(.param .u64 k_param_0)\n{\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], 0;\n\tcall.uni f, (param0);\n\t}\n\tret;\n}\n",
    );
    let e = run_buf(&m, 1, &[0], &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::StackOverflow, "{e}");
    // A frame bigger than a thread may have is refused before running.
    let m = kernel(
        "\t.local .align 4 .b8 big[8000000];\n\t.reg .b32 %q<100000>;",
        "",
    );
    let e = run_buf(&m, 1024, &[0], &Config::default()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::StackOverflow, "{e}");
    assert!(e.message.contains("per thread"), "{e}");
}

/// Recursion through the `.param` convention: each frame has its own
/// parameters and local depot.
#[test]
fn recursive_calls_have_frames_of_their_own() {
    // fact(n) = n <= 1 ? 1 : n * fact(n - 1), with n kept in the local depot
    // across the call.
    let m = module(
        ".func (.param .b32 func_retval0) fact(.param .b32 fact_param_0)\n{\n\t.local .align 4 .b8 __local_depot0[4];\n\t.reg .b64 %SPL;\n\t.reg .pred %p<2>;\n\t.reg .b32 %r<6>;\n\tmov.u64 %SPL, __local_depot0;\n\tld.param.u32 %r1, [fact_param_0];\n\tst.local.u32 [%SPL], %r1;\n\tmov.u32 %r5, 1;\n\tsetp.le.s32 %p1, %r1, 1;\n\t@%p1 bra $L__BB0_2;\n\tadd.s32 %r2, %r1, -1;\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], %r2;\n\t.param .b32 retval0;\n\tcall.uni (retval0), fact, (param0);\n\tld.param.b32 %r3, [retval0];\n\t}\n\tld.local.u32 %r4, [%SPL];\n\tmul.lo.s32 %r5, %r3, %r4;\n$L__BB0_2:\n\tst.param.b32 [func_retval0], %r5;\n\tret;\n}\n.visible .entry k(.param .u64 k_param_0)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<4>;\n\tld.param.u64 %rd1, [k_param_0];\n\tcvta.to.global.u64 %rd1, %rd1;\n\tmov.u32 %r1, %tid.x;\n\t{\n\t.param .b32 param0;\n\tst.param.b32 [param0], %r1;\n\t.param .b32 retval0;\n\tcall.uni (retval0), fact, (param0);\n\tld.param.b32 %r2, [retval0];\n\t}\n\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], %r2;\n\tret;\n}\n",
    );
    let (got, _) = run_buf(&m, 8, &[0; 8], &Config::default()).unwrap();
    assert_eq!(got, vec![1, 1, 2, 6, 24, 120, 720, 5040]);
}

#[test]
fn threads_meet_at_barriers_and_warp_instructions() {
    // Each thread writes its id to shared memory, then reads its neighbour's
    // after the barrier; bar.red.popc counts the odd threads.
    let m = kernel(
        "\t.shared .align 4 .b8 s[256];",
        "\tmov.u32 %r2, s;\n\tshl.b32 %r3, %r1, 2;\n\tadd.s32 %r4, %r2, %r3;\n\tst.shared.u32 [%r4], %r1;\n\tand.b32 %r9, %r1, 1;\n\tsetp.eq.s32 %p2, %r9, 1;\n\tbar.red.popc.u32 %r10, 0, %p2;\n\tadd.s32 %r5, %r1, 1;\n\trem.u32 %r6, %r5, 64;\n\tshl.b32 %r7, %r6, 2;\n\tadd.s32 %r8, %r2, %r7;\n\tld.shared.u32 %r11, [%r8];\n\tmul.lo.s32 %r12, %r10, 1000;\n\tadd.s32 %r12, %r12, %r11;\n\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], %r12;",
    );
    let (got, stats) = run_buf(&m, 64, &[0; 64], &Config::default()).unwrap();
    let want: Vec<i32> = (0..64).map(|i| 32_000 + (i + 1) % 64).collect();
    assert_eq!(got, want);
    assert_eq!(stats.barriers, 1);
    // shfl.sync.down with its in-range predicate, in segments of 8
    // (c = 0x181f), and vote.sync.ballot of it.
    let m = kernel(
        "",
        "\tshfl.sync.down.b32 %r2|%p1, %r1, 3, 6175, -1;\n\tvote.sync.ballot.b32 %r3, %p1, -1;\n\tselp.u32 %r4, 1000, 0, %p1;\n\tadd.s32 %r5, %r2, %r4;\n\tmul.wide.u32 %rd2, %r1, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], %r5;\n\tst.global.u32 [%rd1+128], %r3;",
    );
    let (got, _) = run_buf(&m, 32, &[0; 33], &Config::default()).unwrap();
    for (l, v) in got.iter().take(32).enumerate() {
        let src = if l % 8 + 3 < 8 { l + 3 } else { l };
        let ok = if src != l { 1000 } else { 0 };
        assert_eq!(*v, src as i32 + ok, "lane {l}");
    }
    assert_eq!(got[32] as u32, 0x1f1f_1f1f);
    // Threads at barriers with different ids are a divergent barrier.
    let m = kernel(
        "",
        "\tsetp.eq.s32 %p1, %r1, 0;\n\t@%p1 bra $L__BB0_1;\n\tbar.sync 0;\n\tbra.uni $L__BB0_2;\n$L__BB0_1:\n\tbar.sync 1;\n$L__BB0_2:",
    );
    let (_, stats) = run_buf(&m, 2, &[0], &Config::default()).unwrap();
    let f = &stats.undefined[0];
    assert_eq!(f.kind, FindingKind::BarrierDivergence, "{f}");
    assert!(
        f.line.is_some() && f.other.as_ref().unwrap().line.is_some(),
        "{f}"
    );
    assert_ne!(f.line, f.other.as_ref().unwrap().line, "{f}");
}

/// Text that is PTX cut and mixed at random gives errors, never a panic,
/// and what parses runs within its limits.
#[test]
fn mangled_ptx_gives_errors_not_panics() {
    let files = [
        "saxpy.cu",
        "device_functions.cu",
        "warp_reduce.cu",
        "structs.cu",
        "printf.cu",
        "shared_pointers.cu",
    ];
    let texts: Vec<String> = files
        .iter()
        .flat_map(|f| {
            let case = Case::new(f, [1, 1, 1], [1, 1, 1], Vec::new());
            [our_ptx(&case, 0), our_ptx(&case, 3)]
        })
        .collect();
    let mut seed = 12345u64;
    let mut next = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n.max(1)
    };
    let mut parsed = 0;
    for round in 0..1200 {
        let text = &texts[round % texts.len()];
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for _ in 0..1 + next(3) {
            let i = next(lines.len());
            match next(6) {
                5 => {
                    // A token of one line put in another's place.
                    let j = next(lines.len());
                    let donor: Vec<String> =
                        lines[j].split_whitespace().map(str::to_string).collect();
                    let mut words: Vec<String> =
                        lines[i].split_whitespace().map(str::to_string).collect();
                    if !donor.is_empty() && !words.is_empty() {
                        let w = next(words.len());
                        words[w] = donor[next(donor.len())].clone();
                        lines[i] = words.join(" ");
                    }
                }
                0 => {
                    lines.remove(i);
                }
                1 => {
                    let j = next(lines.len());
                    lines.swap(i, j);
                }
                2 => {
                    let j = next(lines.len());
                    let l = lines[j].clone();
                    lines.insert(i, l);
                }
                3 => {
                    let l = &mut lines[i];
                    let cut = next(l.len() + 1);
                    let mut k = cut;
                    while !l.is_char_boundary(k) {
                        k -= 1;
                    }
                    l.truncate(k);
                }
                _ => {
                    // Another register, number or label.
                    let l = lines[i].replace("%r1", "%r9999").replace('4', "7");
                    lines[i] = l;
                }
            }
        }
        let mangled = lines.join("\n");
        let result = std::panic::catch_unwind(|| {
            let Ok(m) = PtxModule::parse(&mangled) else {
                return false;
            };
            for k in m.kernels() {
                let params = m.kernel_params(k).unwrap_or_default();
                let mut mem = Memory::new();
                let args = params
                    .iter()
                    .map(|p| {
                        if p.ty == "u64" || p.count.is_some() {
                            let id = mem.alloc(p.size().max(64) as usize);
                            ArgValue::Buffer(id)
                        } else if p.ty == "f32" {
                            ArgValue::F32(1.5)
                        } else {
                            ArgValue::I32(3)
                        }
                    })
                    .collect();
                let launch = Launch::new([2, 1, 1], [32, 1, 1], args);
                let config = Config {
                    max_steps: 100_000,
                    ..Config::default()
                };
                let _ = run_kernel(&m, k, &launch, &mut mem, &config);
            }
            true
        });
        match result {
            Ok(true) => parsed += 1,
            Ok(false) => {}
            Err(_) => panic!("the emulator panicked on:\n{mangled}"),
        }
    }
    assert!(parsed > 100, "only {parsed} mangled texts parsed");
}

/// A kernel of one thread that stores the results of `body` (each
/// `st.global.u32 [%rd1+4k]`) into an i32 buffer of `n` slots.
fn results(body: &str, n: usize) -> Vec<u32> {
    let m = kernel("\t.reg .b16 %rs<9>;\n\t.reg .f64 %fd<9>;", body);
    let (got, _) =
        run_buf(&m, 1, &vec![0; n], &Config::default()).unwrap_or_else(|e| panic!("{e}"));
    got.into_iter().map(|v| v as u32).collect()
}

#[test]
fn instructions_compute_what_ptx_defines() {
    let got = results(
        "\tmov.u32 %r2, 0x12345678;\n\
         \tmov.b64 %rd2, {%r2, %r1};\n\
         \tmov.b64 {%r3, %r4}, %rd2;\n\
         \tst.global.u32 [%rd1], %r3;\n\
         \tst.global.u32 [%rd1+4], %r4;\n\
         \tmov.b32 {%rs1, %rs2}, %r2;\n\
         \tcvt.u32.u16 %r5, %rs2;\n\
         \tst.global.u32 [%rd1+8], %r5;\n\
         \tbfe.u32 %r6, %r2, 8, 12;\n\
         \tst.global.u32 [%rd1+12], %r6;\n\
         \tprmt.b32 %r7, %r2, 0, 0x3210;\n\
         \tprmt.b32 %r8, %r2, 0, 0x0123;\n\
         \tst.global.u32 [%rd1+16], %r8;\n\
         \tmov.f32 %f1, 0fC0200000;\n\
         \tcvt.rni.s32.f32 %r9, %f1;\n\
         \tst.global.u32 [%rd1+20], %r9;\n\
         \tcvt.rmi.s32.f32 %r10, %f1;\n\
         \tst.global.u32 [%rd1+24], %r10;\n\
         \tcvt.rzi.u32.f32 %r11, %f1;\n\
         \tst.global.u32 [%rd1+28], %r11;\n\
         \tmov.u32 %r12, -7;\n\
         \tsetp.lt.s32 %p1, %r12, 0;\n\
         \tsetp.lt.and.u32 %p2|%p3, %r12, 0, %p1;\n\
         \tselp.u32 %r13, 1, 0, %p2;\n\
         \tselp.u32 %r14, 10, 0, %p3;\n\
         \tadd.s32 %r13, %r13, %r14;\n\
         \tst.global.u32 [%rd1+32], %r13;\n\
         \tshr.s32 %r15, %r12, 1;\n\
         \tst.global.u32 [%rd1+36], %r15;\n\
         \tshr.u32 %r16, %r12, 28;\n\
         \tst.global.u32 [%rd1+40], %r16;\n\
         \tmul.hi.s32 %r17, %r12, 0x40000000;\n\
         \tst.global.u32 [%rd1+44], %r17;\n\
         \tmad.lo.s32 %r18, %r12, 3, 100;\n\
         \tst.global.u32 [%rd1+48], %r18;\n\
         \tmul.wide.s32 %rd3, %r12, 0x40000000;\n\
         \tst.global.u64 [%rd1+56], %rd3;\n\
         \tmov.f32 %f2, 0f3F800000;\n\
         \tcvt.rn.f16.f32 %rs3, %f2;\n\
         \tadd.f16 %rs4, %rs3, %rs3;\n\
         \tcvt.u32.u16 %r19, %rs4;\n\
         \tst.global.u32 [%rd1+64], %r19;\n\
         \tmov.u32 %r20, 5;\n\
         \tst.global.u32 [%rd1+68], %r20;\n\
         \tatom.global.inc.u32 %r21, [%rd1+68], 5;\n\
         \tatom.global.inc.u32 %r21, [%rd1+68], 5;\n\
         \tatom.global.dec.u32 %r22, [%rd1+72], 3;\n\
         \tatom.global.max.s32 %r23, [%rd1+76], -4;\n\
         \tatom.global.cas.b32 %r24, [%rd1+80], 0, 77;\n\
         \tatom.global.cas.b32 %r24, [%rd1+80], 0, 88;\n\
         \tmov.f64 %fd1, 0d3FF8000000000000;\n\
         \tcvt.rzi.s32.f64 %r25, %fd1;\n\
         \tneg.f64 %fd2, %fd1;\n\
         \tcvt.rni.s32.f64 %r26, %fd2;\n\
         \tadd.s32 %r25, %r25, %r26;\n\
         \tst.global.u32 [%rd1+84], %r25;\n\
         \tmov.u32 %r27, %lanemask_lt;\n\
         \tst.global.u32 [%rd1+88], %r27;\n\
         \tactivemask.b32 %r28;\n\
         \tst.global.u32 [%rd1+92], %r28;",
        24,
    );
    assert_eq!(got[0], 0x1234_5678, "unpack, low half");
    assert_eq!(got[1], 0, "unpack, high half (tid)");
    assert_eq!(got[2], 0x1234, "mov.b32 {{lo, hi}}");
    assert_eq!(got[3], 0x456, "bfe.u32");
    assert_eq!(got[4], 0x7856_3412, "prmt.b32 0x0123 reverses the bytes");
    assert_eq!(got[5] as i32, -2, "cvt.rni of -2.5: ties to even");
    assert_eq!(got[6] as i32, -3, "cvt.rmi");
    assert_eq!(got[7], 0, "cvt.rzi.u32 saturates -2.5 to 0");
    assert_eq!(
        got[8], 10,
        "setp .and: p = (-7 <u 0) && true = false, q = true"
    );
    assert_eq!(got[9] as i32, -4, "shr.s32");
    assert_eq!(got[10], 15, "shr.u32");
    assert_eq!(got[11] as i32, -2, "mul.hi.s32: -7 * 2^30 >> 32");
    assert_eq!(got[12], 79, "mad.lo");
    let wide = u64::from(got[14]) | u64::from(got[15]) << 32;
    assert_eq!(wide as i64, -7 << 30, "mul.wide.s32");
    assert_eq!(got[16], 0x4000, "add.f16: 1 + 1 = 2 (0x4000)");
    assert_eq!(got[17], 1, "atom.inc wraps at its bound: 5 -> 0 -> 1");
    assert_eq!(got[18], 3, "atom.dec of 0 gives the bound");
    assert_eq!(got[19], 0, "atom.max.s32: max(0, -4)");
    assert_eq!(got[20], 77, "atom.cas swaps only when equal");
    assert_eq!(got[21] as i32, -1, "cvt.rzi(1.5) + cvt.rni(-1.5) = 1 - 2");
    assert_eq!(got[22], 0, "%lanemask_lt of lane 0");
    assert_eq!(got[23], 1, "activemask of a lone thread");
}

#[test]
fn votes_matches_and_barrier_reductions_combine_the_lanes() {
    let m = kernel(
        "",
        "\tand.b32 %r2, %r1, 3;\n\
         \tmatch.any.sync.b32 %r3, %r2, -1;\n\
         \tmatch.all.sync.b32 %r4|%p1, %r2, -1;\n\
         \tsetp.lt.u32 %p2, %r1, 16;\n\
         \tvote.sync.any.pred %p3, %p2, -1;\n\
         \tvote.sync.all.pred %p4, %p2, -1;\n\
         \tvote.sync.uni.pred %p5, !%p2, -1;\n\
         \tbar.red.and.pred %p6, 0, %p2;\n\
         \tbar.red.or.pred %p7, 0, %p2;\n\
         \tselp.u32 %r5, 1, 0, %p1;\n\
         \tselp.u32 %r6, 2, 0, %p3;\n\
         \tor.b32 %r5, %r5, %r6;\n\
         \tselp.u32 %r6, 4, 0, %p4;\n\
         \tor.b32 %r5, %r5, %r6;\n\
         \tselp.u32 %r6, 8, 0, %p5;\n\
         \tor.b32 %r5, %r5, %r6;\n\
         \tselp.u32 %r6, 16, 0, %p6;\n\
         \tor.b32 %r5, %r5, %r6;\n\
         \tselp.u32 %r6, 32, 0, %p7;\n\
         \tor.b32 %r5, %r5, %r6;\n\
         \tmul.wide.u32 %rd2, %r1, 8;\n\
         \tadd.s64 %rd3, %rd1, %rd2;\n\
         \tst.global.v2.u32 [%rd3], {%r3, %r5};",
    );
    let (got, stats) = run_buf(&m, 32, &[0; 64], &Config::default()).unwrap();
    assert_eq!(stats.barriers, 2);
    for lane in 0..32 {
        assert_eq!(
            got[2 * lane] as u32,
            0x1111_1111 << (lane % 4),
            "match.any, lane {lane}"
        );
        // Only vote.any and bar.red.or are true.
        assert_eq!(got[2 * lane + 1], 2 | 32, "lane {lane}");
    }
}

/// `-lineinfo`'s `.file` and `.loc` lines are read past.
#[test]
fn line_information_is_skipped() {
    let case = saxpy();
    let opts = Options {
        lineinfo: true,
        ..ptx_options(&case, 3)
    };
    let ptx = compile_source(case.file, &case.source_text(), &opts)
        .ptx
        .unwrap();
    assert!(ptx.contains("\t.loc\t"), "{ptx}");
    check(&case, &ptx).unwrap();
}

// ---------------------------------------------------------------------------
// The GPU bundle: the corpus cases for a real GPU

/// Writes every corpus case — its PTX (ours at -O0 and -O3, NVRTC's; and both
/// at nvcc's default contraction), its launch, its inputs and the expected
/// buffers — into a folder that `core/tests/gpu/run_cupy.py` runs on a
/// machine with an NVIDIA GPU through CuPy's `RawModule` (the CUDA driver's
/// own JIT of the PTX). Not part of `cargo test` (no GPU here):
/// `cargo xtask gpu-bundle` runs it, with `PTXLAB_GPU_BUNDLE` naming the folder.
#[test]
#[ignore = "writes the GPU bundle; run by `cargo xtask gpu-bundle`"]
fn gpu_bundle() {
    use serde_json::{json, Value};
    let dir = std::path::PathBuf::from(
        std::env::var("PTXLAB_GPU_BUNDLE").expect("PTXLAB_GPU_BUNDLE names the bundle's folder"),
    );
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let nvrtc = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13")
        .map(|lib| Nvrtc::load(&lib).expect("load libnvrtc"));
    let write = |name: &str, bytes: &[u8]| {
        std::fs::write(dir.join(name), bytes).unwrap();
        Value::String(name.to_string())
    };
    let mut runs = Vec::new();
    for (n, case) in cases().into_iter().enumerate() {
        let id = format!("{n:02}-{}", case.file.trim_end_matches(".cu"));
        let text = case.source_text();
        let mut ptx = serde_json::Map::new();
        for level in [0, 3] {
            let p = our_ptx(&case, level);
            ptx.insert(
                format!("ours-O{level}"),
                write(&format!("{id}.O{level}.ptx"), p.as_bytes()),
            );
        }
        let contracted = Options {
            arch: arch(&case).into(),
            ..case.options(3)
        };
        let p = compile_source(case.file, &text, &contracted).ptx.unwrap();
        let mut pairs = vec![(
            "ours-O3-fmad".to_string(),
            write(&format!("{id}.O3-fmad.ptx"), p.as_bytes()),
        )];
        if let (Some(nv), false) = (&nvrtc, text.contains("// nvrtc: skip")) {
            let flags = nvrtc_flags(&case, &text);
            let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
            let p = nv
                .compile(case.file, &text, arch(&case), &flags)
                .unwrap_or_else(|log| panic!("{}: NVRTC failed:\n{log}", case.file));
            ptx.insert(
                "nvrtc".into(),
                write(&format!("{id}.nvrtc.ptx"), p.as_bytes()),
            );
            let p = nvrtc_default_ptx(nv, &case, &text);
            pairs.push((
                "nvrtc-fmad".to_string(),
                write(&format!("{id}.nvrtc-fmad.ptx"), p.as_bytes()),
            ));
        }
        let module = PtxModule::parse(&our_ptx(&case, 3)).unwrap();
        let kernel = entry(&case, &module);
        let params = module.kernel_params(&kernel).unwrap();
        let mut args = Vec::new();
        for (i, a) in case.args.iter().enumerate() {
            args.push(match a {
                Arg::Scalar(v) => match v {
                    ArgValue::I32(x) => json!({"scalar": "int32", "value": x}),
                    ArgValue::I64(x) => json!({"scalar": "int64", "value": x}),
                    ArgValue::F32(x) => json!({"scalar": "float32", "bits": x.to_bits()}),
                    ArgValue::F64(x) => json!({"scalar": "float64", "bits": x.to_bits()}),
                    ArgValue::Buffer(_) => unreachable!("buffers are Arg::Buf"),
                },
                // A struct by value: its bytes are the parameter.
                Arg::Buf(_, d) if params[i].count.is_some() => json!({
                    "byval": write(&format!("{id}.arg{i}.bin"), &d.le_bytes()),
                }),
                Arg::Buf(name, d) => json!({
                    "buffer": name,
                    "dtype": d.dtype(),
                    "file": write(&format!("{id}.arg{i}.bin"), &d.le_bytes()),
                }),
            });
        }
        let expected = |list: &[(String, Data)], what: &str| -> Vec<Value> {
            list.iter()
                .map(|(name, d)| {
                    let tol = d.tolerance().map(|t| {
                        let bytes: Vec<u8> = t.iter().flat_map(|x| x.to_le_bytes()).collect();
                        write(&format!("{id}.{what}.{name}.tol.bin"), &bytes)
                    });
                    json!({
                        "name": name,
                        "dtype": d.dtype(),
                        "file": write(&format!("{id}.{what}.{name}.bin"), &d.le_bytes()),
                        "tolerance": tol,
                    })
                })
                .collect()
        };
        runs.push(json!({
            "id": id,
            "file": case.file,
            "kernel": kernel,
            "grid": case.grid,
            "block": case.block,
            "dynamic_shared": case.dynamic_shared,
            "args": args,
            "expected": expected(&case.expected, "out"),
            "symbols": expected(&case.symbols, "sym"),
            "output": case.output,
            "ptx": ptx,
            "contracted": pairs.into_iter().collect::<serde_json::Map<_, _>>(),
            "contraction_differs": listed(CONTRACTION_DIFFERS, case.file),
        }));
    }
    runs.extend(probes(&write));
    let count = runs.len();
    let manifest = json!({ "runs": runs });
    std::fs::write(
        dir.join("manifest.json"),
        serde_json::to_string_pretty(&manifest).unwrap(),
    )
    .unwrap();
    eprintln!("GPU bundle: {count} cases in {}", dir.display());
}

/// Hand-written PTX whose results PTX leaves to the machine (a NaN or an
/// out-of-range float converted to an integer, division by zero, shifts by
/// the width or more), for the GPU bundle: the emulator's results are the
/// expected ones, and the GPU's are dumped whole, so a difference shows
/// what the hardware does.
fn probes(write: &dyn Fn(&str, &[u8]) -> serde_json::Value) -> Vec<serde_json::Value> {
    use serde_json::json;
    let f32s: Vec<f32> = vec![
        f32::NAN,
        -f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        3e9,
        -3e9,
        1e20,
        -1e20,
        70000.0,
        -70000.0,
        300.5,
        -300.5,
        -1.0,
        -0.5,
        2.5,
        0.0,
    ];
    let f64s: Vec<f64> = f32s.iter().map(|&x| f64::from(x)).collect();
    let mut cvts = String::new();
    let dests = [
        ("s16", "rs"),
        ("u16", "rs"),
        ("s32", "r"),
        ("u32", "r"),
        ("s64", "rd"),
        ("u64", "rd"),
    ];
    for (k, (src, reg)) in [("f32", "%f1"), ("f64", "%fd1")].iter().enumerate() {
        for (j, (d, class)) in dests.iter().enumerate() {
            let slot = k * dests.len() + j;
            let widen = match *class {
                "rs" => format!("\tcvt.u64.u16 %rd20, %rs{slot};\n"),
                "r" => format!("\tcvt.u64.u32 %rd20, %r{slot};\n"),
                _ => format!("\tmov.b64 %rd20, %rd{};\n", 30 + slot),
            };
            let dst = match *class {
                "rs" => format!("%rs{slot}"),
                "r" => format!("%r{slot}"),
                _ => format!("%rd{}", 30 + slot),
            };
            cvts += &format!(
                "\tcvt.rzi.{d}.{src} {dst}, {reg};\n{widen}\tst.global.u64 [%rd9+{}], %rd20;\n",
                slot * 8
            );
        }
    }
    let cvt_ptx = format!(
        ".version 7.0\n.target sm_80\n.address_size 64\n\n\
         .visible .entry probe(.param .u64 p0, .param .u64 p1, .param .u64 p2)\n{{\n\
         \t.reg .b16 %rs<16>;\n\t.reg .b32 %r<16>;\n\t.reg .b64 %rd<48>;\n\t.reg .f32 %f<4>;\n\t.reg .f64 %fd<4>;\n\
         \tld.param.u64 %rd1, [p0];\n\tld.param.u64 %rd2, [p1];\n\tld.param.u64 %rd3, [p2];\n\
         \tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;\n\tcvta.to.global.u64 %rd3, %rd3;\n\
         \tmov.u32 %r15, %tid.x;\n\
         \tmul.wide.u32 %rd4, %r15, 4;\n\tadd.s64 %rd5, %rd1, %rd4;\n\tld.global.f32 %f1, [%rd5];\n\
         \tmul.wide.u32 %rd6, %r15, 8;\n\tadd.s64 %rd7, %rd2, %rd6;\n\tld.global.f64 %fd1, [%rd7];\n\
         \tmul.wide.u32 %rd8, %r15, 96;\n\tadd.s64 %rd9, %rd3, %rd8;\n{cvts}\tret;\n}}\n"
    );
    let pairs: Vec<(i32, i32)> = vec![
        (7, 0),
        (-7, 0),
        (0, 0),
        (i32::MIN, -1),
        (i32::MIN, 0),
        (-1, 32),
        (-1, 33),
        (1, 40),
        (i32::MIN, 63),
        (5, -1),
        (-9, 2),
        (100, 7),
    ];
    let int_ptx = ".version 7.0\n.target sm_80\n.address_size 64\n\n\
         .visible .entry probe(.param .u64 p0, .param .u64 p1, .param .u64 p2)\n{\n\
         \t.reg .b32 %r<16>;\n\t.reg .b64 %rd<16>;\n\
         \tld.param.u64 %rd1, [p0];\n\tld.param.u64 %rd2, [p1];\n\tld.param.u64 %rd3, [p2];\n\
         \tcvta.to.global.u64 %rd1, %rd1;\n\tcvta.to.global.u64 %rd2, %rd2;\n\tcvta.to.global.u64 %rd3, %rd3;\n\
         \tmov.u32 %r15, %tid.x;\n\
         \tmul.wide.u32 %rd4, %r15, 4;\n\tadd.s64 %rd5, %rd1, %rd4;\n\tld.global.u32 %r1, [%rd5];\n\
         \tadd.s64 %rd6, %rd2, %rd4;\n\tld.global.u32 %r2, [%rd6];\n\
         \tmul.wide.u32 %rd8, %r15, 28;\n\tadd.s64 %rd9, %rd3, %rd8;\n\
         \tdiv.s32 %r3, %r1, %r2;\n\tst.global.u32 [%rd9], %r3;\n\
         \tdiv.u32 %r4, %r1, %r2;\n\tst.global.u32 [%rd9+4], %r4;\n\
         \trem.s32 %r5, %r1, %r2;\n\tst.global.u32 [%rd9+8], %r5;\n\
         \trem.u32 %r6, %r1, %r2;\n\tst.global.u32 [%rd9+12], %r6;\n\
         \tshl.b32 %r7, %r1, %r2;\n\tst.global.u32 [%rd9+16], %r7;\n\
         \tshr.s32 %r8, %r1, %r2;\n\tst.global.u32 [%rd9+20], %r8;\n\
         \tshr.u32 %r9, %r1, %r2;\n\tst.global.u32 [%rd9+24], %r9;\n\
         \tret;\n}\n";
    let a: Vec<i32> = pairs.iter().map(|p| p.0).collect();
    let b: Vec<i32> = pairs.iter().map(|p| p.1).collect();
    let probes = [
        (
            "probe-cvt-rzi",
            cvt_ptx,
            Data::F32(f32s),
            Data::F64(f64s),
            Data::I64(vec![0; 16 * 12]),
        ),
        (
            "probe-int-edges",
            int_ptx.to_string(),
            Data::I32(a),
            Data::I32(b),
            Data::I32(vec![0; 12 * 7]),
        ),
    ];
    probes
        .into_iter()
        .map(|(id, ptx, x, y, out)| {
            // One thread per input.
            let threads = x.elems().len() as u32;
            let m = PtxModule::parse(&ptx).unwrap_or_else(|e| panic!("{id}: {e}\n{ptx}"));
            let case = Case::new(
                "probe",
                [1, 1, 1],
                [threads, 1, 1],
                vec![Arg::Buf("x", x.clone()), Arg::Buf("y", y.clone()), Arg::Buf("out", out.clone())],
            )
            .expect("out", out.clone());
            // The emulator stops at what it reports as undefined (division
            // by zero): then only the GPU's values are shown.
            let (got, emulator_error) = match case
                .run_with(|l, mem| run_kernel(&m, "probe", l, mem, &Config::default()))
            {
                Ok((got, _)) => (got[0].1.clone(), None),
                Err(e) => (out.clone(), Some(e.to_string())),
            };
            let arg = |name: &str, d: &Data| {
                json!({"buffer": name, "dtype": d.dtype(), "file": write(&format!("{id}.{name}.bin"), &d.le_bytes())})
            };
            json!({
                "id": id,
                "file": "probe",
                "kernel": "probe",
                "grid": [1, 1, 1],
                "block": [threads, 1, 1],
                "dynamic_shared": 0,
                "args": [arg("x", &x), arg("y", &y), arg("out", &out)],
                "expected": [{
                    "name": "out",
                    "dtype": out.dtype(),
                    "file": write(&format!("{id}.expected.bin"), &got.le_bytes()),
                    "tolerance": null,
                }],
                "symbols": [],
                "output": "",
                "ptx": {"ptx": write(&format!("{id}.ptx"), ptx.as_bytes())},
                "contracted": {},
                "contraction_differs": null,
                "dump": true,
                "emulator_error": emulator_error,
            })
        })
        .collect()
}

/// Inline PTX in our PTX runs in the emulator like any other instruction
/// (a lane id, `bfe`, `prmt`, a scoped `.reg .pred` body, a read-write
/// operand, a non-coherent load); the IR interpreter, which cannot run PTX
/// text, says so when it reaches the asm.
#[test]
fn inline_asm_runs_in_the_emulator_and_the_interpreter_says_it_cannot() {
    let src = r#"
__global__ void k(unsigned *out, const unsigned *in) {
    unsigned lane, field, perm, sel, v;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    unsigned a = in[threadIdx.x];
    asm("bfe.u32 %0, %1, 4, 8;" : "=r"(field) : "r"(a));
    asm("prmt.b32 %0, %1, %2, 0x0123;" : "=r"(perm) : "r"(a), "r"(field));
    asm("{\n\t.reg .pred q;\n\tsetp.ne.u32 q, %1, 0;\n\tselp.u32 %0, 7, 9, q;\n\t}"
        : "=r"(sel) : "r"(lane));
    asm("add.u32 %0, %0, 100;" : "+r"(sel));
    asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(in + threadIdx.x));
    out[threadIdx.x] = lane + field + perm + sel + v;
}
"#;
    let input: Vec<u32> = vec![0x1234, 0xffff, 1, 0xdead_beef, 77, 0x0102_0304];
    let want: Vec<u32> = input
        .iter()
        .enumerate()
        .map(|(lane, &a)| {
            let field = (a >> 4) & 0xff;
            let bytes = a.to_le_bytes();
            let perm = u32::from_le_bytes([bytes[3], bytes[2], bytes[1], bytes[0]]);
            let sel = if lane != 0 { 7 } else { 9 } + 100;
            (lane as u32)
                .wrapping_add(field)
                .wrapping_add(perm)
                .wrapping_add(sel)
                .wrapping_add(a)
        })
        .collect();
    let n = input.len() as u32;
    for level in [0, 3] {
        let opts = Options {
            arch: "sm_80".into(),
            opt_level: level,
            ..Options::default()
        };
        let c = compile_source("asm.cu", src, &opts);
        let ptx = c.ptx.expect("compiles");
        let m = PtxModule::parse(&ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"));
        let mut mem = Memory::new();
        let out = mem.upload(&vec![0u32; input.len()]);
        let inp = mem.upload(&input);
        let launch = Launch::new(
            [1, 1, 1],
            [n, 1, 1],
            vec![ArgValue::Buffer(out), ArgValue::Buffer(inp)],
        );
        run_kernel(&m, "_Z1kPjPKj", &launch, &mut mem, &Config::default())
            .unwrap_or_else(|e| panic!("-O{level}: {e}\n{ptx}"));
        assert_eq!(mem.download::<u32>(out), want, "-O{level}");

        let ir = ptxlab_core::compile_to_ir("asm.cu", src, &ptxlab_core::NoFiles, &opts, None)
            .expect("compiles");
        let mut mem = Memory::new();
        let out = mem.upload(&vec![0u32; input.len()]);
        let inp = mem.upload(&input);
        let launch = Launch::new(
            [1, 1, 1],
            [n, 1, 1],
            vec![ArgValue::Buffer(out), ArgValue::Buffer(inp)],
        );
        let e =
            ptxlab_sim::interp::run_kernel(&ir, "_Z1kPjPKj", &launch, &mut mem, &Config::default())
                .unwrap_err();
        assert_eq!(e.kind, ErrorKind::Unsupported, "{e}");
        assert!(
            e.message
                .contains("inline asm is not supported by the IR interpreter"),
            "{e}"
        );
    }
}

/// `ld.global.nc` reads through the read-only cache, which the emulator
/// models as global memory as it was when the launch started: a store of
/// the kernel is not seen by it (a plain `ld.global` sees it).
#[test]
fn non_coherent_loads_read_memory_as_it_was_at_launch() {
    // p[0] = 7; p[1] = ld.nc p[0]; p[2] = ld p[0]; p[4] = ld.nc p[3] (unwritten).
    let m = kernel(
        "",
        "\tmov.u32 %r2, 7;\n\tst.global.u32 [%rd1], %r2;\n\tld.global.nc.u32 %r3, [%rd1];\n\tst.global.u32 [%rd1+4], %r3;\n\tld.global.u32 %r4, [%rd1];\n\tst.global.u32 [%rd1+8], %r4;\n\tld.global.nc.u32 %r5, [%rd1+12];\n\tst.global.u32 [%rd1+16], %r5;",
    );
    let (got, _) = run_buf(&m, 1, &[1, 2, 3, 4, 5], &Config::default()).unwrap();
    assert_eq!(got, [7, 1, 7, 4, 4]);
}

/// An i8 lives in a 16-bit register, and the sum of two bytes leaves a
/// high byte there: a byte compare extends its operands first (signed:
/// `cvt.s16.s8`, otherwise `and.b16 255`), as NVPTX promotes it. The IR is
/// an edit of the last pass run, so isel sees the byte compares as written:
/// 100 + 100 is -56 as a signed byte, 200 + 100 is 44.
#[test]
fn byte_compares_ignore_the_registers_high_byte() {
    let src = "extern \"C\" __global__ void k(int *p) { p[1] = p[0]; }";
    let ir = r#"define ptx_kernel void @k(ptr %p) {
entry:
  %g = addrspacecast ptr %p to ptr addrspace(1)
  %a = load i8, ptr addrspace(1) %g, align 1
  %pb = getelementptr inbounds i8, ptr addrspace(1) %g, i64 1
  %b = load i8, ptr addrspace(1) %pb, align 1
  %pc = getelementptr inbounds i8, ptr addrspace(1) %g, i64 2
  %c = load i8, ptr addrspace(1) %pc, align 1
  %s1 = add i8 %a, %b
  %s2 = add i8 %c, %b
  %lt = icmp slt i8 %s1, 0
  %eq = icmp eq i8 %s2, 44
  %ult = icmp ult i8 %s2, 45
  %z1 = zext i1 %lt to i32
  %z2 = zext i1 %eq to i32
  %z3 = zext i1 %ult to i32
  %t2 = shl i32 %z2, 1
  %t3 = shl i32 %z3, 2
  %o1 = or i32 %z1, %t2
  %o2 = or i32 %o1, %t3
  %out = getelementptr inbounds i32, ptr addrspace(1) %g, i64 1
  store i32 %o2, ptr addrspace(1) %out, align 4
  ret void
}
"#;
    let base = Options {
        arch: "sm_80".into(),
        ..Options::default()
    };
    let runs = ptxlab_core::Stepper::new("k.cu", src, &ptxlab_core::NoFiles, &base)
        .unwrap()
        .total();
    let opts = Options {
        ir_edit: Some(ptxlab_core::edit::IrEdit {
            run: runs,
            ir: ir.into(),
            file: String::new(),
        }),
        ..base
    };
    let c = compile_source("k.cu", src, &opts);
    let ptx = c.ptx.unwrap_or_else(|| panic!("{:?}", c.diagnostics));
    assert!(ptx.contains("cvt.s16.s8"), "{ptx}");
    let m = PtxModule::parse(&ptx).unwrap();
    let bytes = i32::from_le_bytes([100, 100, 200, 0]);
    let (out, _) = run_buf(&m, 1, &[bytes, 0], &Config::default()).unwrap();
    assert_eq!(out[1], 0b111, "{ptx}");
}
