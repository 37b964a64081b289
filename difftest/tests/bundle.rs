//! `--gpu-bundle`: the files of a few generated programs are what
//! `core/tests/gpu/run_cupy.py` reads (its `--check`, which needs no GPU),
//! and the expected buffers are the reference's.

use ptxlab_difftest::{bundle, gen, nvrtc::Nvrtc, oracle};
use std::io::Read;
use std::path::Path;

fn gunzip(path: &Path) -> Vec<u8> {
    let mut out = Vec::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap())
        .read_to_end(&mut out)
        .unwrap();
    out
}

#[test]
fn a_gpu_bundle_holds_what_run_cupy_reads_with_the_references_results() {
    let Some(lib) = bundle::find_nvrtc() else {
        eprintln!("SKIPPED: libnvrtc not found (run `cargo xtask test`, which installs it)");
        return;
    };
    let nvrtc = Nvrtc::load(&lib).unwrap();
    let dir = std::env::temp_dir().join(format!("ptxlab-difftest-bundle-{}", std::process::id()));
    let written = bundle::write(&dir, 7, 3, 2, &nvrtc).unwrap();
    assert_eq!((written.programs, written.skipped.len()), (3, 0));
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("manifest.json")).unwrap()).unwrap();
    let runs = manifest["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 3);
    for (run, seed) in runs.iter().zip(7..) {
        let want = oracle::reference(&gen::generate(seed)).unwrap();
        let file = |e: &serde_json::Value| dir.join(e["file"].as_str().unwrap());
        let mut got = gunzip(&file(&run["expected"][0]));
        got.extend(gunzip(&file(&run["expected"][1])));
        let want: Vec<u8> = want.iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_eq!(got, want, "seed {seed}");
        for variant in ["ours-O0", "ours-O3", "nvrtc"] {
            let ptx = String::from_utf8(gunzip(&dir.join(run["ptx"][variant].as_str().unwrap())))
                .unwrap();
            assert!(ptx.contains(".version"), "seed {seed} {variant}");
        }
        let nvrtc =
            String::from_utf8(gunzip(&dir.join(run["ptx"]["nvrtc"].as_str().unwrap()))).unwrap();
        assert!(
            nvrtc.contains("NVIDIA NVVM Compiler"),
            "not NVRTC's:\n{nvrtc}"
        );
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/gpu/run_cupy.py");
    let check = std::process::Command::new("python3")
        .arg(&script)
        .arg(&dir)
        .arg("--check")
        .output()
        .expect("python3");
    let said = String::from_utf8_lossy(&check.stdout).into_owned();
    // A file gone is a problem the check reports.
    std::fs::remove_file(dir.join(runs[1]["ptx"]["nvrtc"].as_str().unwrap())).unwrap();
    let broken = std::process::Command::new("python3")
        .arg(&script)
        .arg(&dir)
        .arg("--check")
        .output()
        .expect("python3");
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        check.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&check.stderr)
    );
    assert!(
        said.contains("3 runs, 9 PTX modules to launch: 0 problems"),
        "{said}"
    );
    assert!(
        !broken.status.success(),
        "{}",
        String::from_utf8_lossy(&broken.stdout)
    );
}
