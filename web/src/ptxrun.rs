//! What the Run panel shows beside a launch of the IR: the undefined
//! behaviour the run found (the verdict: [`FindingView`], from the machine
//! model's findings), and the same launch run as PTX in the emulator
//! ([`PtxResult`]): our final PTX, and PTX the user pasted (NVRTC's or
//! nvcc's for the same source), each compared with the IR's buffers.
//! Browser-free, tested natively; [`run_ptx`] runs in the worker.

use crate::launch::{self, LaunchOutcome, LaunchSettings, RunError};
use ptxlab_core::{LineMapEntry, Options};
use ptxlab_sim::bisect::{self, Ran};
use ptxlab_sim::{interp, Finding};
use serde::{Deserialize, Serialize};

/// Differing elements a comparison names.
const NAMED_DIFFERENCES: usize = 8;
/// Bytes of pasted PTX a launch (and a link) keeps.
pub const MAX_PASTED_PTX: usize = 512 * 1024;

/// One piece of undefined behaviour, as the verdict shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FindingView {
    /// `data race on shared memory`, `integer division by zero`, …
    pub kind: String,
    /// The source line (for PTX: the source line the PTX line came from,
    /// when known).
    pub line: Option<u32>,
    /// The other side's source line (a race's other access, a lane
    /// waiting elsewhere).
    pub other_line: Option<u32>,
    pub thread: [u32; 3],
    pub block: [u32; 3],
    /// Where in memory, for accesses (`shared+0x80`, `global buffer 1+0x0`).
    pub address: Option<String>,
    /// The whole finding in words.
    pub text: String,
}

impl FindingView {
    /// `f` with its lines passed through `line` (PTX line → source line).
    pub fn of(f: &Finding, line: &dyn Fn(Option<u32>) -> Option<u32>) -> FindingView {
        use ptxlab_sim::FindingKind as K;
        let address = f.kind.is_memory().then(|| match f.kind {
            K::GlobalRace => format!("global buffer {}+{:#x}", f.region, f.offset),
            K::UninitializedLocal => format!("local variable {}+{:#x}", f.region, f.offset),
            _ if f.region == 0 => format!("shared+{:#x}", f.offset),
            _ => format!("shared variable {}+{:#x}", f.region, f.offset),
        });
        FindingView {
            kind: f.kind.describe().to_string(),
            line: line(f.line),
            other_line: f.other.as_ref().and_then(|o| line(o.line)),
            thread: f.thread_idx,
            block: f.block_idx,
            address,
            text: f.to_string(),
        }
    }
}

/// The verdict's findings of a launch's stats (the IR: lines are source lines).
pub fn findings(stats: &interp::Stats) -> Vec<FindingView> {
    stats
        .undefined
        .iter()
        .map(|f| FindingView::of(f, &|l| l))
        .collect()
}

/// A launch of PTX beside the IR's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PtxResult {
    /// `our PTX` or `pasted PTX`.
    pub label: String,
    pub outcome: LaunchOutcome,
    /// Whether its buffers and printf output are the IR launch's.
    pub matches: bool,
    /// What differs (`out[3]: 1.0 → 2.0`, IR first), the first few.
    pub differences: Vec<String>,
    pub differing: usize,
}

/// Runs the settings' launch on PTX `text` in the emulator.
fn execute_ptx(text: &str, settings: &LaunchSettings, opts: &Options) -> Result<Ran, RunError> {
    let setup = launch::setup_for(settings.kernel.trim(), settings, opts)?;
    bisect::run_ptx(text, &setup).map_err(|e| RunError::setup("PTX error", e))
}

/// Runs PTX `text` with the settings' launch and compares it with the IR's
/// run `ir`; `line_map` turns its PTX lines into source lines (our PTX).
pub(crate) fn run_ptx(
    label: &str,
    text: &str,
    line_map: Option<&[LineMapEntry]>,
    settings: &LaunchSettings,
    opts: &Options,
    ir: &Ran,
) -> PtxResult {
    let map = |l: Option<u32>| {
        let l = l?;
        line_map?
            .iter()
            .find(|e| e.ptx_line == l)
            .map(|e| e.source_line)
    };
    match execute_ptx(text, settings, opts) {
        Ok(ran) => {
            let mut outcome = launch::outcome(&ran, 0, label);
            // Named as the IR names them (PTX names parameters `k_param_0`).
            for (b, (named, _)) in outcome.buffers.iter_mut().zip(&ir.buffers) {
                b.name = named.param.clone();
            }
            outcome.findings = match &ran.result {
                Ok(s) => s
                    .undefined
                    .iter()
                    .map(|f| FindingView::of(f, &map))
                    .collect(),
                Err(_) => Vec::new(),
            };
            let (differences, differing) =
                bisect::differences(&ir.fingerprint(), &ran.fingerprint(), NAMED_DIFFERENCES);
            PtxResult {
                label: label.to_string(),
                outcome,
                matches: differences.is_empty(),
                differences,
                differing,
            }
        }
        Err(e) => PtxResult {
            label: label.to_string(),
            outcome: LaunchOutcome {
                error: Some(e),
                ..LaunchOutcome::default()
            },
            matches: false,
            differences: Vec::new(),
            differing: 0,
        },
    }
}

#[cfg(test)]
mod tests {
    use crate::examples;
    use crate::launch::{launch, LaunchRequest, LaunchSettings};
    use ptxlab_core::Options;

    /// NVRTC's PTX of the saxpy example (`e2e/fixtures`, made by NVRTC 13.5
    /// for sm_80 from [`examples::SAXPY`]).
    const NVRTC_SAXPY: &str = include_str!("../../e2e/fixtures/saxpy.nvrtc.ptx");

    fn request(source: &str, settings: LaunchSettings) -> LaunchRequest {
        LaunchRequest {
            seq: 1,
            name: "kernel.cu".into(),
            source: source.into(),
            files: Vec::new(),
            options: Options::default(),
            settings,
            pass_runs: None,
        }
    }

    fn saxpy(run_ptx: bool, ptx: &str) -> LaunchSettings {
        LaunchSettings {
            kernel: "saxpy".into(),
            grid: "4".into(),
            block: "256".into(),
            args: "1000,2.0,f32[1000]:iota,f32[1000]:ones".into(),
            run_ptx,
            ptx: ptx.into(),
            ..LaunchSettings::default()
        }
    }

    #[test]
    fn our_ptx_and_nvrtcs_run_beside_the_ir_and_match() {
        let o = launch(&request(examples::SAXPY, saxpy(true, NVRTC_SAXPY))).outcome;
        assert_eq!(o.error, None);
        assert_eq!(o.findings, vec![]);
        let labels: Vec<&str> = o.ptx.iter().map(|r| r.label.as_str()).collect();
        assert_eq!(labels, ["our PTX", "pasted PTX"]);
        for r in &o.ptx {
            assert!(
                r.matches,
                "{}: {:?} {:?}",
                r.label, r.differences, r.outcome.error
            );
            assert_eq!(r.outcome.buffers, o.buffers, "{}", r.label);
            assert_eq!(r.outcome.buffers[1].values[3], "7.0");
        }
        // Pasted PTX that computes something else is told apart.
        let wrong =
            NVRTC_SAXPY.replace("fma.rn.f32 \t%f4, %f2, %f1, %f3", "sub.f32 \t%f4, %f2, %f3");
        assert_ne!(wrong, NVRTC_SAXPY, "the fixture has an fma");
        let o = launch(&request(examples::SAXPY, saxpy(false, &wrong))).outcome;
        assert_eq!(o.ptx.len(), 1);
        let r = &o.ptx[0];
        assert!(!r.matches && r.differing > 0, "{r:?}");
        assert!(r.differences[0].starts_with("y["), "{:?}", r.differences);
        // PTX that does not parse, or has no such kernel, is an error of its own.
        let o = launch(&request(examples::SAXPY, saxpy(false, "not ptx"))).outcome;
        assert!(o.error.is_none() && o.ptx[0].outcome.error.is_some());
        assert!(!o.ptx[0].matches);
    }

    const RACY: &str = "extern \"C\" __global__ void sum(const int *in, int *out) {
  __shared__ int s[64];
  int t = threadIdx.x;
  s[t] = in[t];
  SYNC
  for (int d = 32; d > 0; d /= 2) {
    if (t < d) s[t] += s[t + d];
    __syncthreads();
  }
  if (t == 0) out[0] = s[0];
}
";

    #[test]
    fn the_verdict_names_the_kind_line_threads_and_address() {
        let settings = LaunchSettings {
            block: "64".into(),
            args: "i32[64]:iota,i32[1]".into(),
            run_ptx: true,
            ..LaunchSettings::default()
        };
        let o = launch(&request(&RACY.replace("SYNC", ""), settings.clone())).outcome;
        let race = o
            .findings
            .iter()
            .find(|f| f.kind == "data race on shared memory")
            .unwrap_or_else(|| panic!("{:?}", o.findings));
        assert_eq!(race.line, Some(4));
        assert_eq!(race.other_line, Some(7));
        assert_eq!(race.thread, [32, 0, 0]);
        assert_eq!(race.address.as_deref(), Some("shared+0x80"));
        // Our PTX's findings are named by source line too.
        let ptx = &o.ptx[0].outcome.findings;
        assert!(
            ptx.iter()
                .any(|f| f.kind == "data race on shared memory" && f.line == Some(4)),
            "{ptx:?}"
        );
        let o = launch(&request(
            &RACY.replace("SYNC", "__syncthreads();"),
            settings,
        ))
        .outcome;
        assert_eq!(o.findings, vec![]);
        assert_eq!(o.ptx[0].outcome.findings, vec![]);
        assert!(o.ptx[0].matches);
    }
}
