//! What ptxas makes of a PTX module: registers per entry (`ptxas -v`) and
//! SASS instructions per entry (`cuobjdump -sass` of the cubin, NOPs not
//! counted). Shared by the benchmark table (`examples/bench.rs`) and the
//! device-library table (`sim/examples/libtable.rs`).
#![allow(dead_code)]

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

/// Registers and SASS instructions (0 without cuobjdump) per entry of
/// `ptx` assembled for `arch`; `tag` names the scratch directory.
pub fn assemble(
    ptxas: &Path,
    cuobjdump: Option<&Path>,
    ptx: &str,
    arch: &str,
    tag: &str,
) -> HashMap<String, (u32, u32)> {
    let dir = super::scratch(&format!("sass-{tag}"));
    let (ptx_file, cubin) = (dir.join("k.ptx"), dir.join("k.cubin"));
    std::fs::write(&ptx_file, ptx).unwrap();
    let out = Command::new(ptxas)
        .args(["-v", &format!("-arch={arch}")])
        .arg(&ptx_file)
        .arg("-o")
        .arg(&cubin)
        .output()
        .expect("ptxas");
    let log = String::from_utf8_lossy(&out.stderr);
    let mut result = HashMap::new();
    let mut current = String::new();
    for line in log.lines() {
        if let Some(rest) = line.split("Compiling entry function '").nth(1) {
            current = rest.split('\'').next().unwrap_or("").to_string();
        }
        if let Some(rest) = line.split("Used ").nth(1) {
            let regs = rest
                .split(' ')
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or(0);
            result.insert(current.clone(), (regs, 0));
        }
    }
    if let Some(cuobjdump) = cuobjdump {
        let out = Command::new(cuobjdump)
            .arg("-sass")
            .arg(&cubin)
            .output()
            .expect("cuobjdump");
        if !out.status.success() {
            // No SASS counts is a broken measurement, not a zero: say why.
            panic!(
                "cuobjdump -sass failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            );
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let mut func = String::new();
        for line in text.lines() {
            if let Some(name) = line.trim().strip_prefix("Function : ") {
                func = name.trim().to_string();
            } else if line.trim_start().starts_with("/*")
                && line.contains("*/")
                && line.contains(';')
                && !line.contains(" NOP")
            {
                if let Some(e) = result.get_mut(&func) {
                    e.1 += 1;
                }
            }
        }
    }
    result
}
