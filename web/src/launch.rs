//! Running a kernel in the page: the Run panel's settings (part of a shared
//! link), what the worker does with a launch or a bisection, and what the
//! page shows of them. Browser-free, so it is tested natively against the
//! real compiler and interpreter.
//!
//! The page uses only the plain data here (settings, kernel list, outcomes,
//! [`pass_runs_at`]); [`launch`] and [`bisect`] call the compiler and the
//! interpreter and run in the worker.
//!
//! A launch runs the IR as it stands after some pass runs of the pipeline:
//! the page's selected IR stage (or the whole pipeline), compiled again in
//! the worker from the same source and options by core's
//! [`Stepper`](ptxlab_core::Stepper), so it is the IR the page shows. The
//! interpreter cannot run machine code, so the backend's stages run the
//! optimized IR.

use ptxlab_core::ir::Module;
use ptxlab_core::{opt, Compilation, Options, Stepper};
pub use ptxlab_core::{KernelParam as ParamInfo, ParamKind};
use ptxlab_sim::bisect::{self, element_text, kind_text, Culprit, LaunchSetup, Ran};
pub use ptxlab_sim::bisect::{differences, Fingerprint};
#[cfg(test)]
use ptxlab_sim::ErrorKind;
use ptxlab_sim::{interp, spec};
use serde::{Deserialize, Serialize};
use web_time::Instant;

/// IR instructions (all threads together) one launch in the page may run:
/// a runaway loop stops here, well within the worker's 5 s watchdog (the
/// interpreter runs about 80M instructions a second in Chromium's wasm: 0.6 s).
pub const MAX_STEPS: u64 = 50_000_000;
/// Bytes of buffer arguments one launch may allocate in the worker.
pub const MAX_BUFFER_BYTES: usize = 64 << 20;
/// Elements of each buffer sent to the page (the rest are only counted).
pub const SHOWN_ELEMENTS: usize = 256;

/// What the Run panel launches. Kept as the user wrote it (the worker reads
/// it), and in shared links; every field may be missing in a link.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LaunchSettings {
    /// The kernel's IR or source name; empty: the module's first kernel.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub kernel: String,
    /// `X`, `X,Y` or `X,Y,Z`; empty is 1.
    pub grid: String,
    pub block: String,
    /// The arguments in `ptxlab run --args` syntax (`1000,2.0,f32[1000]:iota`).
    pub args: String,
    /// Bytes of dynamic shared memory (`extern __shared__`).
    #[serde(skip_serializing_if = "is_zero")]
    pub shared: u32,
    /// A cooperative launch (`cudaLaunchCooperativeKernel`): every block
    /// resident at once, so that `grid.sync()` can be met.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub cooperative: bool,
    /// Also run our final PTX in the emulator, beside the IR.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub run_ptx: bool,
    /// PTX the user pasted (NVRTC's, nvcc's): run with the same launch and
    /// compared with the IR's result.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub ptx: String,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl LaunchSettings {
    pub fn is_empty(&self) -> bool {
        *self == LaunchSettings::default()
    }

    /// An example's launch.
    pub fn from_example(e: &crate::examples::Example) -> LaunchSettings {
        LaunchSettings {
            kernel: e.run.kernel.to_string(),
            grid: e.run.grid.to_string(),
            block: e.run.block.to_string(),
            args: e.run.args.to_string(),
            shared: e.run.shared,
            ..LaunchSettings::default()
        }
    }

    /// Keeps a decoded link's settings within what the page offers.
    pub fn sanitize(&mut self) {
        self.kernel.truncate(1000);
        self.grid.truncate(100);
        self.block.truncate(100);
        // A buffer given as a list of values can be long; the link caps the rest.
        self.args.truncate(64 * 1024);
        if self.ptx.len() > crate::ptxrun::MAX_PASTED_PTX {
            self.ptx.clear();
        }
    }
}

/// A kernel of the module, for the Run panel's selector and hints.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KernelInfo {
    /// The IR (mangled) name, which names it uniquely.
    pub name: String,
    /// The name to show: the source name (`scale` for `_Z5scaleIfEvPT_S0_i`),
    /// or the IR name when several kernels share it.
    pub label: String,
    pub params: Vec<ParamInfo>,
}

/// The module's kernels as the compilation records them, labelled for the
/// Run panel.
pub fn kernels(c: &Compilation) -> Vec<KernelInfo> {
    let mut out: Vec<KernelInfo> = c
        .kernels
        .iter()
        .map(|k| KernelInfo {
            label: spec::source_name(&k.name).to_string(),
            name: k.name.clone(),
            params: k.params.clone(),
        })
        .collect();
    // Template instances share a source name: show theirs in full.
    let labels: Vec<String> = out.iter().map(|k| k.label.clone()).collect();
    for k in &mut out {
        if labels.iter().filter(|l| **l == k.label).count() > 1 {
            k.label = k.name.clone();
        }
    }
    out
}

/// The kernel the settings mean: by IR name, then by source name; the first
/// kernel when the name is empty or names none.
pub fn chosen<'k>(kernels: &'k [KernelInfo], settings: &LaunchSettings) -> Option<&'k KernelInfo> {
    let want = settings.kernel.trim();
    kernels
        .iter()
        .find(|k| k.name == want)
        .or_else(|| kernels.iter().find(|k| spec::source_name(&k.name) == want))
        .or_else(|| kernels.first())
}

/// Arguments that launch `kernel` over 256 elements: sizes as integers, 1.0
/// for floats, iota for read-only buffers, zeros for the others.
pub fn suggest_args(kernel: &KernelInfo) -> String {
    kernel
        .params
        .iter()
        .map(|p| match p.kind {
            ParamKind::Int | ParamKind::Other => "256".to_string(),
            ParamKind::Float => "1.0".to_string(),
            ParamKind::Pointer { readonly: true } => "f32[256]:iota".to_string(),
            ParamKind::Pointer { readonly: false } => "f32[256]".to_string(),
            ParamKind::Struct { bytes } => format!("u8[{bytes}]"),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The settings a Run press sends: the kernel named by its IR name, and the
/// suggested arguments when none are given.
pub fn resolve(settings: &LaunchSettings, kernels: &[KernelInfo]) -> LaunchSettings {
    let mut s = settings.clone();
    if let Some(k) = chosen(kernels, settings) {
        s.kernel = k.name.clone();
        if s.args.trim().is_empty() && !k.params.is_empty() {
            s.args = suggest_args(k);
        }
    }
    s
}

/// Page → worker: launch (or bisect) with these settings.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LaunchRequest {
    pub seq: u64,
    pub name: String,
    pub source: String,
    /// The other files `#include` finds (the page's tabs).
    #[serde(default)]
    pub files: Vec<crate::protocol::SourceFile>,
    pub options: Options,
    pub settings: LaunchSettings,
    /// Pass runs of the pipeline before the launch; `None`: all of them.
    /// A bisection ignores it: it runs after each.
    pub pass_runs: Option<usize>,
}

/// What one launch did, as the page shows it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct LaunchOutcome {
    /// The kernel's source name (empty when the launch never started).
    pub kernel: String,
    /// Pass runs applied before the launch.
    pub pass_runs: usize,
    /// What ran last: `link` (for no pass runs) or the pass of the last run.
    pub after: String,
    /// The buffer arguments after the launch, in parameter order.
    pub buffers: Vec<BufferView>,
    /// Device printf's text.
    pub output: String,
    /// `None` when the launch never started (compile errors, bad settings).
    pub stats: Option<RunStats>,
    pub error: Option<RunError>,
    /// The undefined behaviour the run found (the verdict above the buffers).
    #[serde(default)]
    pub findings: Vec<crate::ptxrun::FindingView>,
    /// The same launch as PTX in the emulator (our final PTX, pasted PTX).
    #[serde(default)]
    pub ptx: Vec<crate::ptxrun::PtxResult>,
}

/// A buffer argument after the launch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BufferView {
    /// The parameter's name.
    pub name: String,
    /// The element type as written (`f32`).
    pub ty: String,
    pub len: usize,
    /// The first [`SHOWN_ELEMENTS`] elements, as text.
    pub values: Vec<String>,
    /// Whether the kernel changed any of its bytes.
    pub written: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunStats {
    pub steps: u64,
    pub threads: u64,
    pub blocks: u64,
    pub barriers: u64,
    /// The interpreter's time (not the compile's).
    pub micros: u64,
}

/// Why a launch failed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RunError {
    /// What kind of failure, in words: `out-of-bounds access`, `step limit`, …
    pub kind: String,
    pub message: String,
    /// Where, for failures inside the kernel.
    pub at: Option<Box<ErrorAt>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ErrorAt {
    pub function: String,
    /// The instruction as the IR prints it.
    pub inst: String,
    pub line: Option<u32>,
    pub thread: [u32; 3],
    pub block: [u32; 3],
}

impl RunError {
    pub(crate) fn setup(kind: &str, message: impl Into<String>) -> RunError {
        RunError {
            kind: kind.to_string(),
            message: message.into(),
            at: None,
        }
    }
}

/// Worker → page: a launch's outcome.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LaunchResponse {
    pub seq: u64,
    pub outcome: LaunchOutcome,
}

/// Worker → page, while bisecting: pass runs done so far.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BisectProgress {
    pub seq: u64,
    pub done: usize,
    pub total: usize,
    /// The pass of the run just done.
    pub pass: String,
}

/// Worker → page: where the result first changes, if anywhere.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct BisectResponse {
    pub seq: u64,
    /// Pass runs in the pipeline.
    pub total: usize,
    /// Launches the bisection ran (one per pass run that changed the IR, and
    /// the first).
    pub launches: usize,
    /// The whole bisection's time: compiling, the passes and the launches.
    pub micros: u64,
    /// The launch after irgen and link.
    pub baseline: LaunchOutcome,
    pub change: Option<Change>,
    /// The undefined behaviour the first launch found, one line each
    /// (`line 14: data race …`): said first.
    #[serde(default)]
    pub undefined: Vec<String>,
}

/// The first pass run after which the launch's result differs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Change {
    /// 1-based, as `ptxlab run --after-pass` counts.
    pub pass_run: usize,
    /// Its index in the compilation's stages (the pass list's row).
    pub stage: usize,
    pub pass: String,
    pub after: LaunchOutcome,
    /// What differs, one line each (`out[0]: 0 → 7`), the first few.
    pub differences: Vec<String>,
    /// How many buffer elements differ.
    pub differing: usize,
    /// The rewrite inside the pass run (or backend stage) that changes the result.
    #[serde(default)]
    pub rewrite: Option<RewriteInfo>,
    /// Every IR run agrees; our PTX in the emulator does not (`pass` is the
    /// backend stage, `layout`, or `backend`).
    #[serde(default)]
    pub backend: bool,
}

/// The one rewrite of a pass run that changes the result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RewriteInfo {
    /// 1-based, of `total`.
    pub index: usize,
    pub total: usize,
    /// Its remark, or its first changed IR line.
    pub description: String,
    /// Its source line (0: none).
    pub line: u32,
    /// The IR (or PTX) diff of just this rewrite.
    pub diff: String,
}

/// What the Run panel asks the worker for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    Launch,
    Bisect,
    /// Shrink the source while the bug stays (`crate::reduce`).
    Reduce,
}

/// The page's side of launches: one request in the worker at a time,
/// compiles included. A launch asked for while a compile is in flight waits
/// for it (its stage index is the new compilation's), and a compile asked
/// for while a launch runs waits for the launch.
#[derive(Debug, Default)]
pub struct Runner {
    issued: u64,
    in_flight: Option<(u64, Job)>,
    waiting: Option<Job>,
    compile_held: bool,
}

impl Runner {
    /// The user asked for `job`: the sequence number to send it with now,
    /// or `None` when it waits for the compile in flight (`compiling`) or
    /// another job is in flight (then it is dropped: the buttons say busy).
    pub fn ask(&mut self, job: Job, compiling: bool) -> Option<u64> {
        if self.in_flight.is_some() {
            return None;
        }
        if compiling {
            self.waiting = Some(job);
            return None;
        }
        Some(self.issue(job))
    }

    /// A compile is wanted: whether it must wait for the job in flight
    /// (it is remembered, and [`Runner::finished`] says to send it).
    pub fn hold_compile(&mut self) -> bool {
        if self.in_flight.is_some() {
            self.compile_held = true;
        }
        self.compile_held
    }

    /// The compiles are done (the newest is shown): the job that waited
    /// for them, to send now.
    pub fn compiled(&mut self) -> Option<(u64, Job)> {
        let job = self.waiting.take()?;
        Some((self.issue(job), job))
    }

    /// A job's answer arrived: `None` if it is not the one in flight (drop
    /// it), else whether a compile waits to be sent.
    pub fn finished(&mut self, seq: u64) -> Option<bool> {
        if self.in_flight.map(|(s, _)| s) != Some(seq) {
            return None;
        }
        self.in_flight = None;
        Some(std::mem::take(&mut self.compile_held))
    }

    /// The worker was stopped: nothing is in flight or waiting; whether a
    /// compile waits to be sent.
    pub fn abandon(&mut self) -> bool {
        self.in_flight = None;
        self.waiting = None;
        std::mem::take(&mut self.compile_held)
    }

    pub fn in_flight(&self) -> Option<(u64, Job)> {
        self.in_flight
    }

    /// A job is in flight or waits for a compile.
    pub fn busy(&self) -> Option<Job> {
        self.in_flight.map(|(_, j)| j).or(self.waiting)
    }

    fn issue(&mut self, job: Job) -> u64 {
        self.issued += 1;
        self.in_flight = Some((self.issued, job));
        self.issued
    }
}

// ---------------------------------------------------------------- the worker

/// The pipeline at the module after irgen and link, or why there is none.
fn linked(req: &LaunchRequest) -> Result<Stepper<'_>, RunError> {
    let files = crate::protocol::file_map(&req.files);
    Stepper::new(&req.name, &req.source, &files, &req.options).map_err(|diags| {
        let first = diags
            .iter()
            .find(|d| d.is_error())
            .or(diags.first())
            .map(|d| d.to_string())
            .unwrap_or_default();
        RunError::setup(
            "compile error",
            format!("the source does not compile: {first}"),
        )
    })
}

/// Runs the settings' launch on `module`; an error in the settings is a
/// [`RunError`] (the launch never started).
fn execute(module: &Module, settings: &LaunchSettings, opts: &Options) -> Result<Ran, RunError> {
    let setup = setup(module, settings, opts)?;
    bisect::run_ir(module, &setup)
        .map_err(|e| RunError::setup("settings", format!("arguments: {e}")))
}

/// The request's settings as a launch, checked on its linked module as a
/// launch checks them; the message when they are wrong.
pub(crate) fn checked_setup(req: &LaunchRequest) -> Result<LaunchSetup, String> {
    linked(req)
        .and_then(|p| setup(p.module(), &req.settings, &req.options))
        .map_err(|e| e.message)
}

/// The settings as a launch of `module`'s kernel (checked: dimensions,
/// arguments, the page's buffer limit).
pub(crate) fn setup(
    module: &Module,
    settings: &LaunchSettings,
    opts: &Options,
) -> Result<LaunchSetup, RunError> {
    let bad = |e: String| RunError::setup("settings", e);
    let kernel = if settings.kernel.trim().is_empty() {
        module
            .functions
            .iter()
            .find(|f| f.attrs.kernel && !f.is_declaration())
            .ok_or_else(|| bad("the module has no kernel (__global__ function)".into()))?
    } else {
        spec::find_kernel(module, settings.kernel.trim()).map_err(bad)?
    };
    setup_for(&kernel.name, settings, opts)
}

/// The settings as a launch of kernel `kernel` (checked as [`setup`] does).
pub(crate) fn setup_for(
    kernel: &str,
    settings: &LaunchSettings,
    opts: &Options,
) -> Result<LaunchSetup, RunError> {
    let bad = |e: String| RunError::setup("settings", e);
    let dim = |text: &str, what: &str| {
        if text.trim().is_empty() {
            Ok([1, 1, 1])
        } else {
            spec::parse_dim3(text).map_err(|e| bad(format!("{what}: {e}")))
        }
    };
    let grid = dim(&settings.grid, "grid")?;
    let block = dim(&settings.block, "block")?;
    let specs = spec::parse_args(&settings.args).map_err(|e| bad(format!("arguments: {e}")))?;
    let mut bytes = 0usize;
    for s in &specs {
        if let spec::ArgSpec::Buffer { ty, len, .. } = s {
            bytes = bytes.saturating_add(len.saturating_mul(ty.size()));
        }
    }
    if bytes > MAX_BUFFER_BYTES {
        return Err(bad(format!(
            "arguments: the buffers hold {} MiB; the page runs at most {} MiB",
            bytes >> 20,
            MAX_BUFFER_BYTES >> 20
        )));
    }
    Ok(LaunchSetup {
        kernel: kernel.to_string(),
        grid,
        block,
        shared: settings.shared,
        args: specs,
        config: interp::Config {
            max_steps: MAX_STEPS,
            cooperative: settings.cooperative,
            ..interp::Config::for_options(opts)
        },
    })
}

/// A launch as the page shows it.
pub(crate) fn outcome(ran: &Ran, pass_runs: usize, after: &str) -> LaunchOutcome {
    let buffers = ran
        .buffers
        .iter()
        .map(|(b, initial)| {
            let bytes = ran.memory.bytes(b.buffer);
            let len = bytes.len() / b.ty.size();
            BufferView {
                name: b.param.clone(),
                ty: b.ty.name().to_string(),
                len,
                values: (0..len.min(SHOWN_ELEMENTS))
                    .map(|i| element_text(b.ty, bytes, i))
                    .collect(),
                written: bytes != initial.as_slice(),
            }
        })
        .collect();
    let (output, stats, error) = match &ran.result {
        Ok(s) => (s.output.clone(), Some(s), None),
        Err(e) => (e.output.clone(), None, Some(e)),
    };
    // A failed launch ran too: count what the interpreter knows (its time).
    let stats = Some(RunStats {
        steps: stats.map_or(0, |s| s.steps),
        threads: stats.map_or(0, |s| s.threads),
        blocks: stats.map_or(0, |s| s.blocks),
        barriers: stats.map_or(0, |s| s.barriers),
        micros: ran.micros,
    });
    LaunchOutcome {
        kernel: spec::source_name(&ran.kernel).to_string(),
        pass_runs,
        after: after.to_string(),
        buffers,
        output,
        stats,
        error: error.map(|e| RunError {
            kind: kind_text(e.kind).to_string(),
            message: e.message.clone(),
            at: e.at.as_ref().map(|a| {
                Box::new(ErrorAt {
                    function: a.function.clone(),
                    inst: a.inst.clone(),
                    line: a.line,
                    thread: a.thread_idx,
                    block: a.block_idx,
                })
            }),
        }),
        findings: ran
            .result
            .as_ref()
            .map(crate::ptxrun::findings)
            .unwrap_or_default(),
        ptx: Vec::new(),
    }
}

/// The PTX launches the settings ask for beside the IR's run `ir`: our
/// final PTX, and the pasted PTX.
fn beside(req: &LaunchRequest, ir: &Ran) -> Vec<crate::ptxrun::PtxResult> {
    let s = &req.settings;
    let mut out = Vec::new();
    if s.run_ptx {
        let files = crate::protocol::file_map(&req.files);
        let c = ptxlab_core::compile(&req.name, &req.source, &files, &req.options);
        if let Some(ptx) = &c.ptx {
            out.push(crate::ptxrun::run_ptx(
                "our PTX",
                ptx,
                Some(&c.line_map),
                s,
                &req.options,
                ir,
            ));
        }
    }
    if !s.ptx.trim().is_empty() {
        out.push(crate::ptxrun::run_ptx(
            "pasted PTX",
            &s.ptx,
            None,
            s,
            &req.options,
            ir,
        ));
    }
    out
}

/// A setup failure as an outcome (nothing ran).
fn not_run(error: RunError, pass_runs: usize, after: String) -> LaunchOutcome {
    LaunchOutcome {
        pass_runs,
        after,
        error: Some(error),
        ..LaunchOutcome::default()
    }
}

/// What the worker does with a launch request.
pub fn launch(req: &LaunchRequest) -> LaunchResponse {
    let level = req.options.opt_level;
    let total = opt::pipeline::passes(level).len();
    let n = req.pass_runs.unwrap_or(total).min(total);
    let outcome = match linked(req) {
        Err(e) => not_run(e, n, opt::pipeline::name_after(level, n).to_string()),
        Ok(mut pipeline) => {
            pipeline.run_to(n);
            let after = pipeline.after().to_string();
            match execute(pipeline.module(), &req.settings, &req.options) {
                Ok(ran) => {
                    let mut outcome = outcome(&ran, n, &after);
                    outcome.ptx = beside(req, &ran);
                    outcome
                }
                Err(e) => not_run(e, n, after),
            }
        }
    };
    LaunchResponse {
        seq: req.seq,
        outcome,
    }
}

/// What the worker does with a bisect request (`ptxlab_sim::bisect`, as
/// `ptxlab bisect`): the launch after irgen and link, then after every pass
/// run that changes the IR, until a result differs from the first; then the
/// rewrite inside that run; when every IR run agrees, our PTX in the
/// emulator. `progress(done, total, pass)` after each run.
pub fn bisect(req: &LaunchRequest, progress: impl FnMut(usize, usize, &str)) -> BisectResponse {
    let start = Instant::now();
    let level = req.options.opt_level;
    let total = opt::pipeline::passes(level).len();
    let linked_name = opt::pipeline::name_after(level, 0);
    let mut response = BisectResponse {
        seq: req.seq,
        total,
        launches: 0,
        micros: 0,
        baseline: LaunchOutcome::default(),
        change: None,
        undefined: Vec::new(),
    };
    let failed = |mut r: BisectResponse, e: RunError| {
        r.baseline = not_run(e, 0, linked_name.to_string());
        r.micros = start.elapsed().as_micros() as u64;
        r
    };
    // The settings, checked on the linked module as a launch checks them.
    let setup = match linked(req).and_then(|p| setup(p.module(), &req.settings, &req.options)) {
        Ok(s) => s,
        Err(e) => return failed(response, e),
    };
    let files = crate::protocol::file_map(&req.files);
    let b = match bisect::bisect(
        &req.name,
        &req.source,
        &files,
        &req.options,
        &setup,
        true,
        progress,
    ) {
        Ok(b) => b,
        Err(bisect::BisectError::Compile(_)) => {
            return failed(
                response,
                RunError::setup("compile error", "the source does not compile"),
            )
        }
        Err(bisect::BisectError::Setup(e)) => {
            return failed(
                response,
                RunError::setup("settings", format!("arguments: {e}")),
            )
        }
    };
    response.launches = b.launches;
    response.baseline = outcome(&b.reference, 0, linked_name);
    response.undefined = b.undefined.clone();
    let info = |r: &bisect::Rewrite| RewriteInfo {
        index: r.index,
        total: r.total,
        description: r.description.clone(),
        line: r.line,
        diff: r.diff.clone(),
    };
    response.change = b.culprit.as_ref().map(|c| match c {
        Culprit::PassRun {
            pass_run,
            pass,
            after,
            rewrite,
        } => Change {
            pass_run: *pass_run,
            stage: Compilation::stage_of_pass_run(*pass_run),
            pass: pass.name().to_string(),
            after: outcome(after, *pass_run, pass.name()),
            differences: b.differences.clone(),
            differing: b.differing,
            rewrite: rewrite.as_ref().map(info),
            backend: false,
        },
        Culprit::Backend {
            after,
            stage,
            rewrite,
        } => Change {
            pass_run: total,
            // The backend's stages follow the last pass run: isel, out-of-ssa, layout.
            stage: Compilation::stage_of_pass_run(total)
                + match *stage {
                    Some("out-of-ssa") => 2,
                    Some("layout") => 3,
                    _ => 1,
                },
            pass: stage.unwrap_or("backend").to_string(),
            after: outcome(after, total, "ptx"),
            differences: b.differences.clone(),
            differing: b.differing,
            rewrite: rewrite.as_ref().map(info),
            backend: true,
        },
    });
    response.micros = start.elapsed().as_micros() as u64;
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;
    use ptxlab_core::compile_source;

    fn request(source: &str, settings: LaunchSettings, pass_runs: Option<usize>) -> LaunchRequest {
        LaunchRequest {
            seq: 1,
            name: "kernel.cu".into(),
            source: source.into(),
            files: Vec::new(),
            options: Options::default(),
            settings,
            pass_runs,
        }
    }

    fn settings(kernel: &str, grid: &str, block: &str, args: &str) -> LaunchSettings {
        LaunchSettings {
            kernel: kernel.into(),
            grid: grid.into(),
            block: block.into(),
            args: args.into(),
            ..LaunchSettings::default()
        }
    }

    fn saxpy() -> LaunchSettings {
        settings(
            "saxpy",
            "4",
            "256",
            "1000,2.0,f32[1000]:iota,f32[1000]:ones",
        )
    }

    #[test]
    fn saxpy_gives_y_2i_plus_1() {
        let out = launch(&request(examples::SAXPY, saxpy(), None)).outcome;
        assert_eq!(out.error, None);
        assert_eq!(out.kernel, "saxpy");
        let y = &out.buffers[1];
        assert_eq!((y.name.as_str(), y.ty.as_str(), y.len), ("y", "f32", 1000));
        assert_eq!(y.values.len(), SHOWN_ELEMENTS);
        assert_eq!(&y.values[..4], ["1.0", "3.0", "5.0", "7.0"]);
        assert!(y.written && !out.buffers[0].written);
        let stats = out.stats.unwrap();
        assert_eq!((stats.threads, stats.blocks), (1024, 4));
        assert!(stats.steps > 1000);
        // The whole pipeline ran before it.
        assert_eq!(out.pass_runs, opt::pipeline::passes(3).len());
    }

    /// The cooperative box makes `grid.sync()` meet across blocks, in the
    /// IR and in our PTX beside it; without it the barrier traps.
    #[test]
    fn a_cooperative_launch_meets_at_grid_sync() {
        const SRC: &str = "#include <cooperative_groups.h>\n\
            __global__ void k(int *a, int *b) {\n\
              cooperative_groups::grid_group g = cooperative_groups::this_grid();\n\
              unsigned i = g.thread_rank(), n = g.size();\n\
              a[i] = i; g.sync(); b[i] = a[(i + 1) % n];\n\
            }\n";
        let mut s = settings("k", "3", "64", "i32[192],i32[192]");
        s.cooperative = true;
        s.run_ptx = true;
        let out = launch(&request(SRC, s.clone(), None)).outcome;
        assert_eq!(out.error, None);
        assert_eq!(&out.buffers[1].values[..3], ["1", "2", "3"]);
        assert_eq!(out.buffers[1].values[191], "0");
        assert!(out.ptx.first().is_some_and(|p| p.matches));
        s.cooperative = false;
        let out = launch(&request(SRC, s, None)).outcome;
        let e = out
            .error
            .expect("grid.sync() traps without a cooperative launch");
        assert!(e.message.contains("trap"), "{e:?}");
    }

    /// Every example's launch writes something, and the same values at -O0,
    /// at -O3 before any pass and after the whole pipeline, and as our PTX
    /// in the emulator (the values, not only that something was written).
    #[test]
    fn every_example_runs_with_its_settings_at_o0_and_o3() {
        for e in examples::EXAMPLES {
            let mut reference: Option<Vec<BufferView>> = None;
            for (opt_level, pass_runs) in [(0, None), (3, Some(0)), (3, None)] {
                let mut settings = LaunchSettings::from_example(e);
                settings.run_ptx = true;
                let mut req = request(e.source, settings, pass_runs);
                req.files = examples::example_files(e.id);
                req.options = Options {
                    opt_level,
                    ftz: e.ftz,
                    ..Options::default()
                };
                let out = launch(&req).outcome;
                let at = format!("{} -O{opt_level} after {} pass runs", e.id, out.pass_runs);
                assert_eq!(out.error, None, "{at}");
                assert!(
                    out.buffers.iter().any(|b| b.written),
                    "{at}: the launch writes nothing"
                );
                let ptx = out.ptx.first().expect("our PTX ran beside the IR");
                assert!(
                    ptx.matches,
                    "{at}: our PTX in the emulator differs: {:?}",
                    ptx.differences
                );
                match &reference {
                    None => reference = Some(out.buffers.clone()),
                    Some(want) => assert_eq!(&out.buffers, want, "{at}: not -O0's values"),
                }
            }
        }
    }

    #[test]
    fn an_out_of_bounds_store_names_the_instruction_and_thread() {
        let src = "extern \"C\" __global__ void oob(float *data, int n) {\n    int i = blockIdx.x * blockDim.x + threadIdx.x;\n    data[i] = i;\n}\n";
        let out = launch(&request(
            src,
            settings("oob", "2", "64", "f32[100],100"),
            None,
        ))
        .outcome;
        let e = out.error.expect("an error");
        assert_eq!(e.kind, "out-of-bounds access");
        assert!(e.message.contains("out-of-bounds store"), "{}", e.message);
        let at = e.at.expect("where");
        assert!(at.inst.starts_with("store float"), "{}", at.inst);
        assert_eq!(
            (at.thread, at.block, at.line),
            ([36, 0, 0], [1, 0, 0], Some(3))
        );
        // What was written before the failure is shown.
        assert_eq!(out.buffers[0].values[99], "99.0");
    }

    #[test]
    fn a_runaway_loop_stops_at_the_step_limit() {
        let src = "extern \"C\" __global__ void spin(int *flag) { while (flag[0] == 0) { } }\n";
        let t = Instant::now();
        let out = launch(&request(src, settings("spin", "1", "32", "i32[1]"), None)).outcome;
        let e = out.error.expect("an error");
        assert_eq!(e.kind, "step limit");
        assert!(e.message.contains("step limit"), "{}", e.message);
        assert!(t.elapsed().as_secs() < 60);
    }

    #[test]
    fn bad_settings_and_sources_are_messages() {
        let msg = |src: &str, s: LaunchSettings| {
            let e = launch(&request(src, s, None)).outcome.error.unwrap();
            assert!(e.at.is_none());
            format!("{}: {}", e.kind, e.message)
        };
        let src = examples::SAXPY;
        assert!(msg(src, settings("saxpy", "4", "256", "1000,2.0")).contains("takes 4 arguments"));
        assert!(msg(src, settings("nope", "4", "256", "")).contains("no kernel named 'nope'"));
        assert!(
            msg(src, settings("saxpy", "x", "256", "")).contains("grid: 'x' is not a dimension")
        );
        assert!(
            msg(src, settings("saxpy", "4", "2048", "1,1.0,f32[1],f32[1]")).contains("too large")
        );
        assert!(msg(
            src,
            settings("saxpy", "1", "1", "1,1.0,f32[100000000],f32[1]")
        )
        .contains("at most 64 MiB"));
        assert!(msg("__global__ void k( {", saxpy())
            .starts_with("compile error: the source does not compile: kernel.cu("));
        // An empty kernel name is the first kernel.
        let out = launch(&request(src, settings("", "4", "256", &saxpy().args), None)).outcome;
        assert_eq!(out.kernel, "saxpy");
    }

    #[test]
    fn printf_output_comes_back() {
        let src = "#include <cstdio>\nextern \"C\" __global__ void hi(int *p) { printf(\"hi %d\\n\", threadIdx.x); p[threadIdx.x] = 1; }\n";
        let out = launch(&request(src, settings("hi", "1", "2", "i32[2]"), None)).outcome;
        assert_eq!(out.error, None);
        assert_eq!(out.output, "hi 0\nhi 1\n");
    }

    /// The IR a launch at a stage runs is the IR the page shows for that stage.
    #[test]
    fn a_launch_at_a_stage_runs_that_stages_ir() {
        let opts = Options::default();
        let c = compile_source("kernel.cu", examples::SAXPY, &opts);
        let req = request(examples::SAXPY, saxpy(), None);
        let mut pipeline = linked(&req).unwrap();
        for (s, stage) in c.stages.iter().enumerate() {
            let Some(n) = c.pass_runs_at(s) else {
                assert_ne!(stage.kind, ptxlab_core::StageKind::Ir);
                continue;
            };
            pipeline.run_to(n);
            if s == 0 {
                continue; // irgen runs as linked (saxpy links nothing: the same text)
            }
            assert_eq!(Compilation::stage_of_pass_run(n), s);
            assert_eq!(
                opt::snapshot_with(pipeline.module(), false),
                stage.functions,
                "stage {s} ({})",
                stage.name
            );
        }
        assert_eq!(c.pass_runs_at(0), Some(0));
        assert_eq!(c.pass_runs_at(c.stages.len() - 1), None);
        assert_eq!(pipeline.done(), opt::pipeline::passes(3).len());
    }

    const UNINIT: &str = "// Reads x uninitialized when in[i] <= 0: undefined behaviour.\nextern \"C\" __global__ void uninit(const int *in, int *out) {\n    int i = threadIdx.x;\n    int x;\n    if (in[i] > 0) x = 7;\n    out[i] = x;\n}\n";

    #[test]
    fn bisect_finds_the_pass_that_exploits_undefined_behaviour() {
        let s = settings("uninit", "1", "4", "i32[4]:[0,1,-1,3],i32[4]");
        let mut seen = Vec::new();
        let r = bisect(&request(UNINIT, s, None), |done, total, pass| {
            seen.push((done, total, pass.to_string()))
        });
        assert_eq!(r.baseline.error, None);
        assert_eq!(r.baseline.buffers[1].values, ["0", "7", "0", "7"]);
        let change = r.change.expect("a pass changes the result");
        // sccp folds phi(undef, 7) to 7: reading x uninitialized now gives 7.
        assert_eq!(change.pass, "sccp");
        let c = compile_source("kernel.cu", UNINIT, &Options::default());
        assert_eq!(c.stages[change.stage].name, "sccp");
        assert_eq!(change.pass_run + 1, change.stage);
        assert_eq!(change.after.buffers[1].values, ["7", "7", "7", "7"]);
        assert_eq!(change.differing, 2);
        assert_eq!(change.differences, ["out[0]: 0 → 7", "out[2]: 0 → 7"]);
        // Progress up to the change, then it stops.
        assert_eq!(seen.last().unwrap().0, change.pass_run);
        assert!(seen.iter().all(|(_, total, _)| *total == r.total));
        assert!(r.launches >= 2 && r.launches <= change.pass_run + 1);
    }

    /// The miscompile lab: each example's bug is found in its stage, down
    /// to one rewrite with its diff.
    #[test]
    fn bisect_names_the_stage_and_rewrite_of_every_lab_bug() {
        for &(id, bug) in examples::LAB {
            let e = examples::find(id).unwrap();
            let mut req = request(e.source, LaunchSettings::from_example(e), None);
            req.options.inject_bugs = vec![bug.into()];
            let r = bisect(&req, |_, _, _| {});
            let c = r.change.unwrap_or_else(|| panic!("{id}: no change"));
            let stage = ptxlab_core::bugs::Bug::from_name(bug).unwrap().info().stage;
            assert_eq!(c.pass, stage, "{id}");
            assert_eq!(
                c.backend,
                ["isel", "out-of-ssa", "layout"].contains(&stage),
                "{id}"
            );
            let rw = c.rewrite.unwrap_or_else(|| panic!("{id}: no rewrite"));
            assert!(rw.index >= 1 && rw.index <= rw.total, "{id}: {rw:?}");
            assert!(
                rw.diff.contains("\n- ") || rw.diff.contains("\n+ "),
                "{id}: {}",
                rw.diff
            );
            // Without the bug the example is right.
            req.options.inject_bugs.clear();
            assert!(bisect(&req, |_, _, _| {}).change.is_none(), "{id}");
        }
    }

    #[test]
    fn bisect_of_a_correct_kernel_finds_no_change() {
        let mut last = 0;
        let r = bisect(&request(examples::SAXPY, saxpy(), None), |done, _, _| {
            last = done
        });
        assert_eq!(r.baseline.error, None);
        assert!(r.change.is_none());
        assert_eq!(last, r.total);
        // Launches only after the runs that changed the IR.
        assert!(r.launches < r.total, "{} of {}", r.launches, r.total);
    }

    #[test]
    fn bisect_with_bad_settings_reports_the_first_launch() {
        let r = bisect(
            &request(examples::SAXPY, settings("saxpy", "1", "1", "1"), None),
            |_, _, _| {},
        );
        assert!(r.change.is_none());
        assert_eq!(r.launches, 0);
        assert!(r
            .baseline
            .error
            .unwrap()
            .message
            .contains("takes 4 arguments"));
    }

    #[test]
    fn one_request_in_the_worker_at_a_time() {
        let mut r = Runner::default();
        // Asked during a compile: waits for it.
        assert_eq!(r.ask(Job::Launch, true), None);
        assert_eq!(r.busy(), Some(Job::Launch));
        let (seq, job) = r.compiled().expect("sent once compiled");
        assert_eq!(job, Job::Launch);
        assert_eq!(r.in_flight(), Some((seq, Job::Launch)));
        // A compile asked for meanwhile waits; a second job is refused.
        assert!(r.hold_compile());
        assert_eq!(r.ask(Job::Bisect, false), None);
        assert_eq!(r.finished(seq + 1), None, "a stale answer");
        assert_eq!(r.finished(seq), Some(true), "then the held compile");
        assert_eq!(r.busy(), None);
        assert!(!r.hold_compile());
        assert_eq!(r.compiled(), None);
        // Nothing waits: sent at once, and a restart forgets it.
        let b = r.ask(Job::Bisect, false).unwrap();
        assert!(b > seq);
        assert!(r.hold_compile());
        assert!(r.abandon());
        assert_eq!(r.finished(b), None);
        assert_eq!(r.busy(), None);
    }

    fn print(
        buffers: &[(&str, spec::ElemType, Vec<u8>)],
        failure: Option<ErrorKind>,
    ) -> Fingerprint {
        Fingerprint {
            buffers: buffers
                .iter()
                .map(|(n, t, b)| (n.to_string(), *t, b.clone()))
                .collect(),
            output: String::new(),
            failure,
        }
    }

    fn f32s(v: &[f32]) -> Vec<u8> {
        v.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn differences_name_elements_failures_and_output() {
        use spec::ElemType::{F32, I32};
        let a = print(&[("y", F32, f32s(&[1.0, f32::NAN, 3.0]))], None);
        // Another NaN is the same value.
        let nan2 = f32::from_bits(f32::NAN.to_bits() | 1);
        let same = print(&[("y", F32, f32s(&[1.0, nan2, 3.0]))], None);
        assert_eq!(differences(&a, &same, 8), (vec![], 0));
        let b = print(&[("y", F32, f32s(&[1.0, f32::NAN, -0.0]))], None);
        assert_eq!(
            differences(&a, &b, 8),
            (vec!["y[2]: 3.0 → -0.0".to_string()], 1)
        );
        // +0 and -0 differ (bit for bit).
        let z = print(&[("y", F32, f32s(&[0.0]))], None);
        let nz = print(&[("y", F32, f32s(&[-0.0]))], None);
        assert_eq!(differences(&z, &nz, 8).1, 1);

        let ints = |v: &[i32]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
        let c = print(&[("out", I32, ints(&[0; 20]))], None);
        let d = print(&[("out", I32, ints(&[1; 20]))], Some(ErrorKind::StepLimit));
        let (lines, n) = differences(&c, &d, 4);
        assert_eq!(n, 20);
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[0], "the launch now fails (step limit)");
        assert_eq!(lines[1], "out[0]: 0 → 1");
        let mut e = c.clone();
        e.output = "hi\n".into();
        assert_eq!(differences(&c, &e, 8).0, ["printf's output differs"]);
    }

    #[test]
    fn elements_print_as_their_type() {
        use spec::ElemType as E;
        assert_eq!(element_text(E::I8, &[0xff], 0), "-1");
        assert_eq!(element_text(E::U8, &[0xff], 0), "255");
        assert_eq!(element_text(E::U16, &[0, 0, 1, 1], 1), "257");
        assert_eq!(element_text(E::F32, &1e20f32.to_le_bytes(), 0), "1e20");
        assert_eq!(element_text(E::F64, &f64::INFINITY.to_le_bytes(), 0), "inf");
        assert_eq!(element_text(E::I64, &(-5i64).to_le_bytes(), 0), "-5");
    }

    #[test]
    fn kernels_come_with_their_parameters() {
        let src = format!(
            "{}\ntemplate <typename T> __global__ void scale(T *p, T s) {{ *p *= s; }}\ntemplate __global__ void scale<float>(float *, float);\ntemplate __global__ void scale<int>(int *, int);\nstruct R {{ float lo, hi; }};\n__global__ void st(float *o, R r) {{ o[0] = r.lo; }}\n__device__ int helper() {{ return 1; }}\n",
            examples::SAXPY
        );
        let c = compile_source("kernel.cu", &src, &Options::default());
        assert!(!c.has_errors(), "{:?}", c.diagnostics);
        let ks = kernels(&c);
        let labels: Vec<&str> = ks.iter().map(|k| k.label.as_str()).collect();
        assert_eq!(
            labels,
            ["saxpy", "_Z5scaleIfEvPT_S0_", "_Z5scaleIiEvPT_S0_", "st"]
        );
        let hints: Vec<String> = ks[0].params.iter().map(ParamInfo::hint).collect();
        assert_eq!(hints, ["n: i32", "a: float", "x: const ptr", "y: ptr"]);
        assert_eq!(ks[3].params[1].kind, ParamKind::Struct { bytes: 8 });
        assert_eq!(suggest_args(&ks[0]), "256,1.0,f32[256]:iota,f32[256]");
        assert_eq!(suggest_args(&ks[3]), "f32[256],u8[8]");
        // A suggestion launches.
        let s = resolve(&settings("st", "1", "1", ""), &ks);
        assert_eq!(
            (s.kernel.as_str(), s.args.as_str()),
            ("_Z2stPf1R", "f32[256],u8[8]")
        );
        let out = launch(&request(&src, s, None)).outcome;
        assert_eq!(out.error, None);
        // The settings' kernel, by source or IR name; the first one otherwise.
        assert_eq!(
            chosen(&ks, &settings("st", "", "", "")).unwrap().label,
            "st"
        );
        assert_eq!(
            chosen(&ks, &settings("_Z5scaleIiEvPT_S0_", "", "", ""))
                .unwrap()
                .params[1]
                .ty,
            "i32"
        );
        assert_eq!(
            chosen(&ks, &settings("gone", "", "", "")).unwrap().label,
            "saxpy"
        );
        assert!(kernels(&compile_source("kernel.cu", "int x(;", &Options::default())).is_empty());
    }
}
