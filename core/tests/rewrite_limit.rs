//! `--rewrite-limit RUN:N` (LLVM's DebugCounter): over corpus kernels, for
//! every pass run that changes the IR, a limit of 0 leaves the IR as it
//! was, a limit of k makes exactly k rewrites and leaves valid IR, and a
//! limit of all its rewrites gives the run's own IR. Inlining remarks one
//! remark per rewrite: a limit of k gives exactly k of them.

#[path = "common/mod.rs"]
mod common;

use ptxlab_core::compilation::RemarkKind;
use ptxlab_core::ir::verify;
use ptxlab_core::{opt, NoFiles, Options, RewriteLimit, RewriteSite, Stepper};

#[test]
fn limits_make_exactly_k_rewrites_and_valid_ir() {
    let opts = Options::default();
    let mut checked = 0;
    for name in [
        "saxpy.cu",
        "shared_reduce.cu",
        "reflect.cu",
        "tiled_matmul.cu",
        "histogram.cu",
    ] {
        let path = common::corpus_dir().join(name);
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let mut s = Stepper::new(name, &text, &NoFiles, &opts).expect(name);
        loop {
            let before = s.module().clone();
            let done = s.done();
            let Some(run) = s.step() else { break };
            if !run.changed {
                continue;
            }
            let whole = opt::snapshot(s.module());
            let limited = |k: usize| {
                let mut t = Stepper::from_module(before.clone(), done, &opts).unwrap();
                let r = t.step_limited(Some(k), None).unwrap();
                (t.into_module(), r)
            };
            let (m0, r0) = limited(0);
            assert_eq!(
                opt::snapshot(&m0),
                opt::snapshot(&before),
                "{name}: {} limit 0",
                run.pass
            );
            assert_eq!(r0.rewrites, 0);
            let (mall, rall) = limited(run.rewrites);
            assert_eq!(
                opt::snapshot(&mall),
                whole,
                "{name}: {} all {}",
                run.pass,
                run.rewrites
            );
            assert_eq!(rall.rewrites, run.rewrites);
            for k in [1, run.rewrites / 2, run.rewrites.saturating_sub(1)] {
                if k == 0 || k >= run.rewrites {
                    continue;
                }
                let (m, r) = limited(k);
                assert_eq!(r.rewrites, k, "{name}: {} limit {k}", run.pass);
                let errors = verify::verify_module(&m);
                assert!(
                    errors.is_empty(),
                    "{name}: {} limit {k}: {errors:?}",
                    run.pass
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 10, "{checked} limited runs checked");
}

#[test]
fn a_limit_of_k_inlines_k_call_sites_with_k_remarks() {
    let src = "__device__ int f(int x) { return x + 1; }\n__global__ void k(int *p) { p[0] = f(f(f(f(p[0])))); }\n";
    let inline_run = opt::pipeline::passes(3)
        .iter()
        .position(|p| *p == opt::Pass::Inline)
        .unwrap()
        + 1;
    for k in 0..=4 {
        let opts = Options {
            rewrite_limits: vec![RewriteLimit {
                site: RewriteSite::Run(inline_run),
                limit: k,
            }],
            ..Options::default()
        };
        let c = ptxlab_core::compile_source("k.cu", src, &opts);
        let stage = c
            .stages
            .iter()
            .find(|s| s.pass_run == Some(inline_run))
            .unwrap();
        let inlined = stage
            .remarks
            .iter()
            .filter(|r| r.kind == RemarkKind::Applied && r.text.starts_with("inlined"))
            .count();
        assert_eq!(inlined, k, "limit {k}");
        let calls = stage.text().matches("call i32 @").count();
        assert_eq!(calls, 4 - k, "limit {k}: {}", stage.text());
    }
}

#[test]
fn rewrite_limits_parse() {
    assert_eq!(
        RewriteLimit::parse("27:5"),
        Ok(RewriteLimit {
            site: RewriteSite::Run(27),
            limit: 5
        })
    );
    assert_eq!(
        RewriteLimit::parse("layout:0"),
        Ok(RewriteLimit {
            site: RewriteSite::Layout,
            limit: 0
        })
    );
    for bad in ["0:1", "x:1", "3", "3:-1", "3:"] {
        assert!(RewriteLimit::parse(bad).is_err(), "{bad}");
    }
}
