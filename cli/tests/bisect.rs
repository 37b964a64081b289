//! `ptxlab bisect`: for every bug of the miscompile lab, the pass run (or
//! the backend stage) and the rewrite that change the lab kernel's result;
//! no change without the bug; undefined behaviour said first.

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

/// Each bug: its kernel file, launch (kernel, block, args), the line that
/// names where the result changes, and the rewrite's line.
const LAB: &[(&str, &str, &str, &str, &str, &str, &str)] = &[
    (
        "instcombine-sign",
        "instcombine_sign.cu",
        "negate",
        "64",
        "i32[64]:iota,i32[64],64",
        "the result changes at pass run 12 (instcombine)",
        "instcombine, rewrite 1 of 2: `%sub = sub nsw i32 0, %arrayval` →",
    ),
    (
        "licm-barrier",
        "licm_barrier.cu",
        "rotate",
        "64",
        "i32[64]:iota,i32[64],3",
        "the result changes at pass run 20 (licm)",
        "licm, rewrite 7 of 7: `%arrayval1 = load i32, ptr %arrayidx2, align 4`",
    ),
    (
        "unroll-phi",
        "unroll_phi.cu",
        "sum4",
        "32",
        "i32[128]:iota,i32[32]",
        "the result changes at pass run 23 (loop-unroll)",
        "loop-unroll, rewrite 1 of 1: loop at line 7 unrolled fully (4 iterations, small)",
    ),
    (
        "dse-drop",
        "dse_drop.cu",
        "stash",
        "32",
        "i32[32],i32[32]:iota,i32[32]",
        "the result changes at pass run 38 (dse)",
        "dse, rewrite 1 of 1: `store i32 5, ptr addrspace(1) %arrayidx, align 4` deleted at line 6",
    ),
    (
        "gvn-clobber",
        "gvn_clobber.cu",
        "overwrite",
        "32",
        "i32[32],i32[32]:iota,i32[32]",
        "the result changes at pass run 35 (gvn)",
        "gvn, rewrite 1 of 1: `%arrayval1 = load i32, ptr addrspace(1) %arrayidx, align 4` →",
    ),
    (
        "layout-invert",
        "layout_invert.cu",
        "split",
        "32",
        "i32[32]:iota,i32[32],16",
        "every IR run agrees, but our PTX in the emulator does not: a backend bug (in layout)",
        "layout, rewrite 1 of 2: `@%p1 bra",
    ),
    (
        "isel-nc",
        "isel_nc.cu",
        "bump",
        "32",
        "i32[32]:iota,i32[32]",
        "every IR run agrees, but our PTX in the emulator does not: a backend bug (in isel)",
        "isel, rewrite 4 of 4: `ld.global.nc.u32",
    ),
];

fn bisect(file: &str, kernel: &str, block: &str, args: &str, extra: &[&str]) -> (i32, String) {
    let out = ptxlab()
        .arg("bisect")
        .arg(lab(file))
        .args(["--kernel", kernel, "--block", block, "--args", args])
        .args(extra)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.is_empty(), "{stderr}");
    (out.status.code().unwrap_or(-1), stdout)
}

#[test]
fn bisect_names_the_pass_run_and_rewrite_of_every_injected_bug() {
    for &(bug, file, kernel, block, args, run, rewrite) in LAB {
        let (code, out) = bisect(file, kernel, block, args, &["--inject-bug", bug]);
        assert_eq!(code, 4, "{bug}:\n{out}");
        let mut lines = out.lines();
        assert_eq!(
            lines.next(),
            Some(run).filter(|_| !run.is_empty()).map(|r| {
                // The first line starts with the pass run (and says of how many).
                let first = out.lines().next().unwrap_or_default();
                assert!(first.starts_with(r), "{bug}:\n{out}");
                first
            }),
            "{bug}"
        );
        let second = lines.next().unwrap_or_default();
        assert!(second.starts_with(rewrite), "{bug}: {second}\n{out}");
        assert!(out.contains("reference (IR before any pass):"), "{out}");
        // Without the bug nothing changes.
        let (code, out) = bisect(file, kernel, block, args, &[]);
        assert_eq!(code, 0, "{bug} off:\n{out}");
        assert!(
            out.starts_with("no pass run or backend stage changes the result"),
            "{out}"
        );
    }
}

#[test]
fn a_rewrite_limit_below_the_bad_rewrite_moves_the_change() {
    // licm's seventh rewrite in run 20 hoists the load; six leave it right there.
    let (file, kernel, block, args) = ("licm_barrier.cu", "rotate", "64", "i32[64]:iota,i32[64],3");
    let bug = ["--inject-bug", "licm-barrier"];
    let (code, out) = bisect(
        file,
        kernel,
        block,
        args,
        &[&bug[..], &["--rewrite-limit", "20:6"]].concat(),
    );
    // Run 20 is right then: the load is hoisted by licm's later run.
    assert_eq!(code, 4, "{out}");
    assert!(
        !out.starts_with("the result changes at pass run 20 "),
        "{out}"
    );
    assert!(
        out.lines()
            .nth(1)
            .unwrap_or_default()
            .starts_with("licm, rewrite"),
        "{out}"
    );
    let (code, out) = bisect(
        file,
        kernel,
        block,
        args,
        &[&bug[..], &["--rewrite-limit", "20:7"]].concat(),
    );
    assert_eq!(code, 4);
    assert!(
        out.starts_with("the result changes at pass run 20 (licm)"),
        "{out}"
    );
}

#[test]
fn undefined_behaviour_is_said_first() {
    let dir = std::env::temp_dir().join(format!("ptxlab-bisect-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("race.cu");
    // Every thread stores to out[0]: a data race on global memory.
    std::fs::write(
        &file,
        "extern \"C\" __global__ void race(int *out) {\n    out[0] = threadIdx.x;\n}\n",
    )
    .unwrap();
    let out = ptxlab()
        .arg("bisect")
        .arg(&file)
        .args(["--kernel", "race", "--block", "32", "--args", "i32[1]"])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    assert!(
        stdout.starts_with("the kernel has undefined behaviour: line 2: data race"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_bug_names_and_limits_are_usage_errors() {
    let out = ptxlab()
        .arg("bisect")
        .arg(lab("dse_drop.cu"))
        .args([
            "--kernel",
            "stash",
            "--block",
            "1",
            "--args",
            "i32[1],i32[1],i32[1]",
        ])
        .args(["--inject-bug", "nope"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("unknown bug 'nope' (known: instcombine-sign"));
    let out = ptxlab()
        .arg(lab("dse_drop.cu"))
        .args(["--rewrite-limit", "0:3", "-o", "-"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("invalid rewrite limit '0:3'"));
}
