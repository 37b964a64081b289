//! The reducer (`ptxlab_sim::reduce`): a 60-line kernel with an injected
//! bug shrinks to a few lines that still show the bug (bisect's verdict on
//! the result is the same pass run); candidates with undefined behaviour or
//! compile errors are never kept; the result is deterministic.

use ptxlab_core::{NoFiles, Options};
use ptxlab_sim::bisect::{self, Culprit, LaunchSetup};
use ptxlab_sim::interp::Config;
use ptxlab_sim::reduce::{self, Property, ReduceError, Reducer};
use ptxlab_sim::spec;

const LAB: &str = include_str!("../../web/src/lab/reduce_sign.cu");

fn opts(bug: Option<&str>) -> Options {
    Options {
        opt_level: 3,
        snapshots: false,
        inject_bugs: bug.iter().map(|b| b.to_string()).collect(),
        ..Options::default()
    }
}

fn setup(o: &Options) -> LaunchSetup {
    LaunchSetup {
        kernel: "pipeline".into(),
        grid: [1, 1, 1],
        block: [64, 1, 1],
        shared: 0,
        args: spec::parse_args("i32[64]:iota,i32[128],f32[64],64,3").unwrap(),
        config: Config::for_options(o),
    }
}

fn culprit_run(source: &str, o: &Options, s: &LaunchSetup) -> Option<usize> {
    let b = bisect::bisect("k.cu", source, &NoFiles, o, s, true, |_, _, _| {}).ok()?;
    assert!(b.undefined.is_empty(), "{:?}", b.undefined);
    match b.culprit? {
        Culprit::PassRun { pass_run, .. } => Some(pass_run),
        Culprit::Backend { .. } => None,
    }
}

#[test]
fn an_injected_bug_reduces_to_a_few_lines_that_still_show_it() {
    let o = opts(Some("instcombine-sign"));
    let s = setup(&o);
    assert_eq!(LAB.lines().count(), 60);
    let run = culprit_run(LAB, &o, &s).expect("the bug changes the result");
    let property = Property::from_bisect("k.cu", LAB, &NoFiles, &o, &s).unwrap();
    assert!(matches!(property, Property::PassRun(n) if n == run));
    let r = Reducer::new("k.cu", LAB, &NoFiles, &o, &s, property)
        .ok()
        .unwrap();
    let mut steps = 0;
    let out = reduce::reduce(r, |p| {
        steps += 1;
        assert!(p.lines <= 60);
    });
    assert!(
        out.case.source.lines().count() <= 15,
        "{} lines:\n{}",
        out.lines_after,
        out.case.source
    );
    assert!(steps >= out.tests && out.kept > 10);
    // Bisect names the same pass run on the reduced kernel and launch…
    assert_eq!(
        culprit_run(&out.case.source, &o, &out.case.setup),
        Some(run),
        "{}",
        out.case.source
    );
    // …and nothing without the bug.
    assert_eq!(
        culprit_run(&out.case.source, &opts(None), &out.case.setup),
        None
    );
    // The launch shrank too.
    assert!(out.case.setup.block[0] < 64, "{:?}", out.case.setup.block);
    // Deterministic: the same again.
    let again = Reducer::new(
        "k.cu",
        LAB,
        &NoFiles,
        &o,
        &s,
        Property::from_bisect("k.cu", LAB, &NoFiles, &o, &s).unwrap(),
    )
    .ok()
    .unwrap();
    assert_eq!(reduce::reduce(again, |_| {}).case, out.case);
}

#[test]
fn candidates_with_undefined_behaviour_or_errors_are_never_kept() {
    // Any candidate is "interesting" to this test: only the common checks
    // (compiles, runs without failing, no undefined behaviour) stop it.
    let src = "__global__ void k(int *out, int n) {\n    __shared__ int s[64];\n    int t = threadIdx.x;\n    s[t] = t * 2;\n    __syncthreads();\n    out[t] = s[(t + 1) % 64] + n / (t + 1);\n}\n";
    let o = opts(None);
    let mut s = setup(&o);
    s.kernel = "k".into();
    s.args = spec::parse_args("i32[64],5").unwrap();
    let mut seen = 0;
    let property = Property::Custom(Box::new(|_src: &str, _s: &LaunchSetup| {
        seen += 1;
        true
    }));
    let r = Reducer::new("k.cu", src, &NoFiles, &o, &s, property)
        .ok()
        .unwrap();
    let out = reduce::reduce(r, |_| {});
    assert!(seen > 0);
    // Deleting `__syncthreads()` alone would race; deleting `s[t] = …`
    // would read uninitialized shared memory: whatever was kept runs clean.
    let m = ptxlab_core::compile_to_ir("k.cu", &out.case.source, &NoFiles, &o, Some(0))
        .expect("it compiles");
    let ran = bisect::run_ir(&m, &out.case.setup).unwrap();
    assert!(
        ran.result.is_ok() && ran.undefined().is_empty(),
        "{}",
        out.case.source
    );
    assert!(out.lines_after <= 2, "{}", out.case.source);
    assert_eq!(out.case.setup.block, [1, 1, 1]);
}

#[test]
fn a_source_without_the_property_is_refused() {
    let o = opts(None);
    let s = setup(&o);
    // No bug: nothing changes the result.
    let e = Property::from_bisect("k.cu", LAB, &NoFiles, &o, &s)
        .err()
        .unwrap();
    assert!(e.contains("no pass run"), "{e}");
    let verifier = Property::Verifier(ptxlab_core::opt::Pass::from_name("gvn").unwrap());
    match Reducer::new("k.cu", LAB, &NoFiles, &o, &s, verifier) {
        Err(ReduceError::NotInteresting(why)) => {
            assert!(why.contains("the verifier fails after gvn"), "{why}")
        }
        Ok(_) => panic!("the verifier never fails here"),
    }
    // A kernel whose launch reads uninitialized shared memory.
    let ub =
        "__global__ void k(int *out) { __shared__ int s[32]; out[threadIdx.x] = s[threadIdx.x]; }";
    let mut u = setup(&o);
    u.kernel = "k".into();
    u.block = [32, 1, 1];
    u.args = spec::parse_args("i32[32]").unwrap();
    let any = Property::Custom(Box::new(|_: &str, _: &LaunchSetup| true));
    match Reducer::new("k.cu", ub, &NoFiles, &o, &u, any) {
        Err(ReduceError::NotInteresting(why)) => {
            assert!(why.contains("undefined behaviour"), "{why}")
        }
        Ok(_) => panic!("undefined behaviour is refused"),
    }
}

#[test]
fn a_result_that_differs_from_given_ptx_stays_different() {
    // The given PTX: ours without the bug (as nvcc's would be).
    let good = ptxlab_core::compile("k.cu", LAB, &NoFiles, &opts(None))
        .ptx
        .unwrap();
    let o = opts(Some("instcombine-sign"));
    let s = setup(&o);
    let r = Reducer::new(
        "k.cu",
        LAB,
        &NoFiles,
        &o,
        &s,
        Property::DiffersFromPtx(good.clone()),
    )
    .ok()
    .unwrap();
    let out = reduce::reduce(r, |_| {});
    assert!(out.lines_after < 50, "{}", out.case.source);
    // Our PTX of the reduced source still differs from the given PTX's.
    let ours = ptxlab_core::compile("k.cu", &out.case.source, &NoFiles, &o)
        .ptx
        .unwrap();
    let a = bisect::run_ptx(&ours, &out.case.setup)
        .unwrap()
        .fingerprint();
    let b = bisect::run_ptx(&good, &out.case.setup)
        .unwrap()
        .fingerprint();
    assert!(!a.same(&b));
}
