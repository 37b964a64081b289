//! The `libdevice-report` binary (once `ptxlab libdevice-report`).

use std::process::Command;

fn report() -> Command {
    Command::new(env!("CARGO_BIN_EXE_libdevice-report"))
}

#[test]
fn libdevice_report_prints_a_row_per_function_and_fails_on_unknown_names() {
    let out = report()
        .args(["--samples", "200", "expf", "fmaf"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let rows: Vec<&str> = text.lines().filter(|l| l.contains(" pass ")).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].starts_with("expf") && rows[1].starts_with("fmaf"),
        "{text}"
    );
    assert!(
        text.contains("2 functions, 2 within bound, 0 failing"),
        "{text}"
    );
    let out = report().args(["nosuchf"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("no function 'nosuchf'"));
}
