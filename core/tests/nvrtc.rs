//! NVRTC as the oracle for symbol names: every corpus kernel's `.entry`
//! names equal NVRTC's for the same source. Kernels whose file NVRTC cannot
//! take (host code, system headers) say so in a `// nvrtc: skip (why)` line;
//! a `// nvrtc-options: …` line gives NVRTC options the file needs
//! (`-std=c++20` for designated initializers).

mod common;

use common::nvrtc::{entry_names, Nvrtc};
use ptxlab_core::{compile_source, Options};

#[test]
fn entry_names_equal_nvrtcs() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let mut compared = 0;
    let mut failures = Vec::new();
    for (name, text) in common::corpus() {
        let skip = text
            .lines()
            .any(|l| l.trim_start().starts_with("// nvrtc: skip"));
        let ours = compile_source(
            &name,
            &text,
            &Options {
                arch: "sm_80".into(),
                ..Options::default()
            },
        );
        let Some(ptx) = ours.ptx else {
            failures.push(format!("{name}: we did not compile it"));
            continue;
        };
        // `// nvrtc-options: -std=c++20`: what NVRTC needs beyond its defaults.
        let options: Vec<&str> = text
            .lines()
            .filter_map(|l| l.trim_start().strip_prefix("// nvrtc-options:"))
            .flat_map(|o| o.split_whitespace())
            .collect();
        match nvrtc.compile(&name, &text, "sm_80", &options) {
            Ok(theirs) => {
                if skip {
                    failures.push(format!(
                        "{name}: marked `nvrtc: skip` but NVRTC compiles it; remove the mark"
                    ));
                }
                let (a, b) = (entry_names(&ptx), entry_names(&theirs));
                if a != b {
                    failures.push(format!("{name}: ours {a:?}, NVRTC's {b:?}"));
                }
                compared += 1;
            }
            Err(log) if !skip => failures.push(format!(
                "{name}: NVRTC failed (mark it `// nvrtc: skip (why)` if expected):\n{log}"
            )),
            Err(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(compared >= 10, "only {compared} kernels compared");
}

/// `__half` is a struct (`6__half` in mangled names) in our cuda_fp16.h as in
/// NVIDIA's: a kernel taking halves has NVRTC's name. NVRTC gets a stand-in
/// struct, since its PyPI package has no cuda_fp16.h.
#[test]
fn half_kernels_have_nvrtcs_names() {
    let Some(lib) = common::nvidia_tool("PTXLAB_NVRTC", "lib/libnvrtc.so.13") else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).expect("load libnvrtc");
    let kernel = "__global__ void k(__half *o, const __half *x, __half y, half z, float f) {}\n";
    let ours = compile_source(
        "h.cu",
        &format!("#include <cuda_fp16.h>\n{kernel}"),
        &Options::default(),
    );
    let ptx = ours.ptx.unwrap_or_else(|| panic!("{:?}", ours.diagnostics));
    let stand_in =
        format!("struct __half {{ unsigned short x; }};\ntypedef __half half;\n{kernel}");
    let theirs = nvrtc.compile("h.cu", &stand_in, "sm_80", &[]).unwrap();
    assert_eq!(entry_names(&ptx), entry_names(&theirs));
    assert_eq!(entry_names(&ptx), ["_Z1kP6__halfPKS_S_S_f"]);
}
