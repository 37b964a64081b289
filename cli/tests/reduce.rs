//! `ptxlab reduce`: the 60-line lab kernel with an injected bug reduces to
//! at most 15 lines on which bisect still names the same pass run; bad
//! input gets nvcc-style errors.

use std::path::PathBuf;
use std::process::Command;

fn ptxlab() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ptxlab"))
}

fn lab(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../web/src/lab")
        .join(file)
}

const ARGS: &str = "i32[64]:iota,i32[128],f32[64],64,3";

fn scratch(test: &str, name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ptxlab-cli-reduce-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn an_injected_bug_reduces_to_at_most_15_lines_that_still_show_it() {
    let file = lab("reduce_sign.cu");
    assert_eq!(std::fs::read_to_string(&file).unwrap().lines().count(), 60);
    let out_file = scratch("small", "small.cu");
    let out = ptxlab()
        .args(["reduce"])
        .arg(&file)
        .args(["--kernel", "pipeline", "--block", "64", "--args", ARGS])
        .args(["--inject-bug", "instcombine-sign", "-o"])
        .arg(&out_file)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    let keeping = stderr
        .lines()
        .find_map(|l| l.strip_prefix("reduce: keeping: pass run "))
        .expect("the property");
    assert!(
        keeping.ends_with("(instcombine) changes the result"),
        "{stderr}"
    );
    let run: usize = keeping.split(' ').next().unwrap().parse().unwrap();
    assert!(stderr.contains("reduce: round 1, delete:"), "{stderr}");
    let small = std::fs::read_to_string(&out_file).unwrap();
    assert!(small.lines().count() <= 15, "{small}");
    // The reduced launch, as the CLI wrote it.
    let launch = stderr
        .lines()
        .find_map(|l| l.strip_prefix("reduce: launch: "))
        .expect("the launch line");
    let words: Vec<&str> = launch.split_whitespace().collect();
    let arg = |name: &str| words[words.iter().position(|w| *w == name).unwrap() + 1];
    // Bisect names the same pass run on the reduced kernel (exit 4)…
    let bisect = |bug: bool| {
        let mut c = ptxlab();
        c.arg("bisect")
            .arg(&out_file)
            .args(["--kernel", arg("--kernel"), "--grid", arg("--grid")])
            .args(["--block", arg("--block"), "--args", arg("--args")]);
        if bug {
            c.args(["--inject-bug", "instcombine-sign"]);
        }
        c.output().unwrap()
    };
    let b = bisect(true);
    let text = String::from_utf8_lossy(&b.stdout);
    assert_eq!(b.status.code(), Some(4), "{text}\n{small}");
    assert!(
        text.contains(&format!(
            "the result changes at pass run {run} (instcombine)"
        )),
        "{text}"
    );
    // …and nothing without the bug.
    assert_eq!(bisect(false).status.code(), Some(0), "{small}");
    let _ = std::fs::remove_dir_all(out_file.parent().unwrap());
}

#[test]
fn bad_input_gets_a_diagnostic() {
    let bad = scratch("bad", "bad.cu");
    std::fs::write(&bad, "__global__ void k(int *o) {\n    o[0] = x;\n}\n").unwrap();
    let run = |file: &PathBuf, extra: &[&str]| {
        let out = ptxlab()
            .arg("reduce")
            .arg(file)
            .args(["--kernel", "k", "--block", "1", "--args", "i32[1]"])
            .args(extra)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, err) = run(&bad, &[]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("bad.cu(2): error: identifier \"x\" is undefined"),
        "{err}"
    );
    let (code, err) = run(&scratch("bad", "missing.cu"), &[]);
    assert_eq!(code, Some(1));
    assert!(err.contains("missing.cu"), "{err}");
    // A correct kernel has nothing bisect finds.
    let good = scratch("bad", "good.cu");
    std::fs::write(&good, "__global__ void k(int *o) { o[threadIdx.x] = 1; }\n").unwrap();
    let (code, err) = run(&good, &[]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("ptxlab reduce: error: no pass run or backend stage changes the result"),
        "{err}"
    );
    let (code, err) = run(&good, &["--property", "verifier:nosuchpass"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("unknown pass 'nosuchpass'"), "{err}");
    let (code, err) = run(&good, &["--property", "verifier:gvn"]);
    assert_eq!(code, Some(1));
    assert!(
        err.contains("the original does not have the property (the verifier fails after gvn)"),
        "{err}"
    );
    let (code, err) = run(&good, &["--property", "pass-run:999"]);
    assert_eq!(code, Some(1));
    assert!(err.contains("pass run 999 does not exist"), "{err}");
    let _ = std::fs::remove_dir_all(bad.parent().unwrap());
}
