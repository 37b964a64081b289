//! The mismatch hook: a synthetic mismatch (an oracle that compiles -O3
//! with one of the miscompile lab's injected bugs) on a generated program
//! is reduced while the same oracle disagrees, and written as
//! `seed-N-min.cu` with its header.

use ptxlab_core::{compile_to_ir, NoFiles, Options};
use ptxlab_difftest::gen::{self, Program};
use ptxlab_difftest::oracle::{Mismatch, Passed};
use ptxlab_difftest::reduce::{launch_setup, reduce_mismatch, write_found};
use ptxlab_sim::bisect;

fn opts(level: u8, bug: &str) -> Options {
    Options {
        opt_level: level,
        arch: "sm_80".into(),
        snapshots: false,
        inject_bugs: if bug.is_empty() {
            Vec::new()
        } else {
            vec![bug.to_string()]
        },
        ..Options::default()
    }
}

/// The -O0 IR against -O3 with `bug`, as an oracle named for the bug.
fn buggy_check(p: &Program, bug: &str) -> Result<Passed, Mismatch> {
    let setup = launch_setup(p);
    let fail = |detail: String| Mismatch {
        seed: p.seed,
        oracle: format!("IR interpreter -O3 with {bug}"),
        detail,
        source: p.source.clone(),
    };
    let run = |level: u8, bug: &str| {
        let m = compile_to_ir("difftest.cu", &p.source, &NoFiles, &opts(level, bug), None)
            .map_err(|_| "does not compile".to_string())?;
        let r = bisect::run_ir(&m, &setup)?;
        if let Err(e) = &r.result {
            return Err(format!("the interpreter failed: {e}"));
        }
        Ok(r.fingerprint())
    };
    let want = run(0, "").map_err(fail)?;
    let got = run(3, bug).map_err(fail)?;
    if got.same(&want) {
        Ok(Passed::default())
    } else {
        Err(fail("the result differs".into()))
    }
}

#[test]
fn a_mismatch_is_reduced_and_written_with_its_seed() {
    // The first generated program one of the lab's bugs miscompiles.
    let found = (1..=30u64).find_map(|seed| {
        let p = gen::generate(seed);
        ["instcombine-sign", "dse-drop", "gvn-clobber", "unroll-phi"]
            .into_iter()
            .find_map(|bug| buggy_check(&p, bug).err().map(|m| (p.clone(), bug, m)))
    });
    let (p, bug, m) = found.expect("a lab bug miscompiles one of the first programs");
    let check = |q: &Program| buggy_check(q, bug);
    let r = reduce_mismatch(&p, &m, &check, 300).expect("the mismatch reproduces");
    assert!(
        r.lines_after * 2 < r.lines_before,
        "{} → {} lines",
        r.lines_before,
        r.lines_after
    );
    // The same oracle still disagrees on the reduced program; without the
    // bug it agrees.
    let mut q = p.clone();
    q.source = r.case.source.clone();
    assert_eq!(check(&q).err().map(|e| e.oracle), Some(m.oracle.clone()));
    assert!(buggy_check(&q, "").is_ok());
    let dir = std::env::temp_dir().join(format!("difftest-reduce-{}", std::process::id()));
    let path = write_found(&dir, &m, &r).unwrap();
    assert_eq!(
        path.file_name().unwrap().to_string_lossy(),
        format!("seed-{}-min.cu", p.seed)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with(&format!("// Found by ptxlab-difftest, seed {}", p.seed)));
    assert!(text.contains(&m.oracle) && text.ends_with(&r.case.source));
    std::fs::remove_dir_all(&dir).unwrap();
}
