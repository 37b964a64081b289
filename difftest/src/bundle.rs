//! `--gpu-bundle DIR`: generated programs written as a GPU bundle, the
//! format `core/tests/gpu/run_cupy.py` reads (`cargo xtask gpu-bundle`
//! writes the corpus in it): per program our PTX at -O0 and -O3, NVRTC's
//! PTX for the same source and flags, the launch and its inputs, and the
//! buffers the IR interpreter at -O0 (the reference) leaves, which the
//! real GPU must reproduce bit for bit for every PTX.
//!
//! Files shared by every program (the zeroed `out` and `scratch`) are
//! written once; a program's own files are gzipped (`run_cupy.py` unpacks
//! a `.gz`), so 2,000 programs take about 25 MB.

use crate::gen::{self, Program, BLOCK, GRID, INPUTS, THREADS};
use crate::nvrtc::Nvrtc;
use crate::oracle;
use ptxlab_sim::emu::PtxModule;
use serde_json::{json, Value};
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;

/// libnvrtc: `PTXLAB_NVRTC`, else the one in the repository's `.venv`
/// (`cargo xtask test` installs it there).
pub fn find_nvrtc() -> Option<std::path::PathBuf> {
    if let Some(p) = std::env::var_os("PTXLAB_NVRTC") {
        return Some(p.into());
    }
    let lib = Path::new(env!("CARGO_MANIFEST_DIR")).join("../.venv/lib");
    std::fs::read_dir(lib)
        .ok()?
        .flatten()
        .map(|e| {
            e.path()
                .join("site-packages/nvidia/cu13/lib/libnvrtc.so.13")
        })
        .find(|p| p.exists())
}

/// `bytes` gzipped.
fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    e.write_all(bytes).expect("writing to memory");
    e.finish().expect("writing to memory")
}

fn le_bytes<T: Copy, const N: usize>(v: &[T], f: impl Fn(T) -> [u8; N]) -> Vec<u8> {
    v.iter().flat_map(|&x| f(x)).collect()
}

/// Our PTX for `p` at `level`, or why it did not compile.
fn our_ptx(p: &Program, level: u8) -> Result<String, String> {
    oracle::our_ptx(p, &oracle::options(level))
}

/// One program's files in `dir` and its manifest entry.
fn program(dir: &Path, p: &Program, nvrtc: &Nvrtc) -> Result<Value, String> {
    let id = format!("seed-{}", p.seed);
    let write = |name: String, bytes: &[u8]| -> Result<Value, String> {
        let name = format!("{name}.gz");
        std::fs::write(dir.join(&name), gzip(bytes)).map_err(|e| format!("{name}: {e}"))?;
        Ok(Value::String(name))
    };
    let want = oracle::reference(p)?;
    let mut ptx = serde_json::Map::new();
    let o3 = our_ptx(p, 3)?;
    for (level, text) in [(0, our_ptx(p, 0)?), (3, o3.clone())] {
        let file = write(format!("{id}.O{level}.ptx"), text.as_bytes())?;
        ptx.insert(format!("ours-O{level}"), file);
    }
    let flags = oracle::nvrtc_flags(&oracle::options(3));
    let flags: Vec<&str> = flags.iter().map(String::as_str).collect();
    let theirs = nvrtc
        .compile("difftest.cu", &p.source, &oracle::options(3).arch, &flags)
        .map_err(|log| format!("NVRTC failed: {log}"))?;
    ptx.insert(
        "nvrtc".into(),
        write(format!("{id}.nvrtc.ptx"), theirs.as_bytes())?,
    );
    let module = PtxModule::parse(&o3).map_err(|e| format!("our PTX does not parse: {e}"))?;
    let kernel = module.kernels().first().ok_or("no .entry")?.to_string();
    let (out, scratch) = want.split_at(THREADS);
    Ok(json!({
        "id": id,
        "file": format!("seed {} (ptxlab-difftest --show {})", p.seed, p.seed),
        "kernel": kernel,
        "grid": [GRID, 1, 1],
        "block": [BLOCK, 1, 1],
        "dynamic_shared": 0,
        "args": [
            {"buffer": "out", "dtype": "uint64", "file": "zeros.out.bin"},
            {"buffer": "in", "dtype": "int32",
             "file": write(format!("{id}.in.bin"), &le_bytes(&p.inputs, i32::to_le_bytes))?},
            {"scalar": "int32", "value": p.p0},
            {"scalar": "uint32", "value": p.p1},
            {"buffer": "scratch", "dtype": "int64", "file": "zeros.scratch.bin"},
        ],
        "expected": [
            {"name": "out", "dtype": "uint64",
             "file": write(format!("{id}.out.bin"), &le_bytes(out, u64::to_le_bytes))?},
            {"name": "scratch", "dtype": "int64",
             "file": write(format!("{id}.scratch.bin"), &le_bytes(scratch, u64::to_le_bytes))?},
        ],
        "symbols": [],
        "output": "",
        "ptx": ptx,
        "contracted": {},
    }))
}

/// What [`write`] did.
#[derive(Debug, Default)]
pub struct Written {
    pub programs: u64,
    /// Seeds left out, each with why (a compile or the reference failed:
    /// `ptxlab-difftest` reports those as mismatches).
    pub skipped: Vec<(u64, String)>,
}

/// Writes the programs of seeds `first .. first + count` into `dir` (made
/// empty first) as a GPU bundle with its `manifest.json`, on `jobs` threads.
pub fn write(
    dir: &Path,
    first: u64,
    count: u64,
    jobs: usize,
    nvrtc: &Nvrtc,
) -> Result<Written, String> {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let zeros = |name: &str, bytes: usize| {
        std::fs::write(dir.join(name), vec![0u8; bytes]).map_err(|e| format!("{name}: {e}"))
    };
    zeros("zeros.out.bin", THREADS * 8)?;
    zeros("zeros.scratch.bin", THREADS * 4 * 8)?;
    debug_assert_eq!(gen::generate(first).inputs.len(), INPUTS);
    let next = AtomicU64::new(0);
    let done = Mutex::new((Vec::new(), Vec::new()));
    std::thread::scope(|s| {
        for _ in 0..jobs.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let p = gen::generate(first.wrapping_add(i));
                let r = program(dir, &p, nvrtc);
                let mut done = done.lock().unwrap();
                match r {
                    Ok(run) => done.0.push((p.seed, run)),
                    Err(e) => done.1.push((p.seed, e)),
                }
            });
        }
    });
    let (mut runs, mut skipped) = done.into_inner().unwrap();
    runs.sort_by_key(|r| r.0);
    skipped.sort_by_key(|s| s.0);
    let manifest = json!({ "runs": runs.iter().map(|r| &r.1).collect::<Vec<_>>() });
    let text = serde_json::to_string(&manifest).map_err(|e| e.to_string())?;
    std::fs::write(dir.join("manifest.json"), text).map_err(|e| format!("manifest.json: {e}"))?;
    Ok(Written {
        programs: runs.len() as u64,
        skipped,
    })
}
