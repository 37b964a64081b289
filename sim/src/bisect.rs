//! Miscompile bisection, for `ptxlab bisect` and the page's Run panel (one
//! implementation): run a launch on the IR before any pass (the reference),
//! then after each pass run that changes the IR, until the result differs;
//! inside that pass run, bisect its rewrites (`--rewrite-limit`, core's
//! [`Stepper::step_limited`]) down to the first one that changes the
//! result, with the IR diff of just that rewrite. When every IR run agrees,
//! the final PTX runs in the emulator: a different result there is a
//! backend bug (narrowed to one rewrite of isel, out-of-ssa or layout, the
//! backend stages that count theirs).
//! Undefined behaviour the reference launch finds (races, uninitialized
//! shared reads, division by zero, divergent barriers) is reported with
//! the result: a pass may change what such a kernel computes.
//!
//! What is compared ([`Fingerprint`]): the buffers' bytes, printf's text,
//! and whether (and how) the launch failed.

use crate::emu::PtxModule;
use crate::model::{ArgValue, Config, ErrorKind, Finding, InterpError, Launch, Memory, Stats};
use crate::spec::{self, ArgSpec, BoundBuffer, ElemType};
use ptxlab_core::compilation::{FunctionText, Remark, RemarkKind};
use ptxlab_core::ir::{Module, Type};
use ptxlab_core::{opt, FileProvider, Options, RewriteLimit, RewriteSite, Stepper};
use web_time::Instant;

/// One launch: the kernel (its IR or source name), shape and arguments.
#[derive(Clone, Debug)]
pub struct LaunchSetup {
    pub kernel: String,
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub shared: u32,
    pub args: Vec<ArgSpec>,
    pub config: Config,
}

/// One launch's memory and result, before it is shown or compared.
pub struct Ran {
    /// The kernel's IR (or `.entry`) name.
    pub kernel: String,
    /// Each buffer argument, with its bytes before the launch.
    pub buffers: Vec<(BoundBuffer, Vec<u8>)>,
    pub memory: Memory,
    pub result: Result<Stats, InterpError>,
    pub micros: u64,
}

impl Ran {
    /// What a bisection compares.
    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint {
            buffers: self
                .buffers
                .iter()
                .map(|(b, _)| (b.param.clone(), b.ty, self.memory.bytes(b.buffer).to_vec()))
                .collect(),
            output: match &self.result {
                Ok(s) => s.output.clone(),
                Err(e) => e.output.clone(),
            },
            failure: self.result.as_ref().err().map(|e| e.kind),
        }
    }

    /// The undefined behaviour the launch found: its findings, and the
    /// error that stopped it when that is undefined behaviour itself.
    pub fn undefined(&self) -> Vec<String> {
        match &self.result {
            Ok(s) => s.undefined.iter().map(finding_text).collect(),
            Err(e) if e.is_undefined() => vec![error_text(e)],
            Err(_) => Vec::new(),
        }
    }
}

fn finding_text(f: &Finding) -> String {
    match f.line {
        Some(l) => format!("line {l}: {f}"),
        None => f.to_string(),
    }
}

fn error_text(e: &InterpError) -> String {
    match e.at.as_ref().and_then(|a| a.line) {
        Some(l) => format!("line {l}: {}", e.message),
        None => e.message.clone(),
    }
}

/// Runs the launch on an IR module in the interpreter; an error in the
/// setup (no such kernel, arguments that do not fit) is the message.
pub fn run_ir(module: &Module, setup: &LaunchSetup) -> Result<Ran, String> {
    let kernel = spec::find_kernel(module, setup.kernel.trim())?;
    let mut memory = Memory::new();
    let (args, bound) = spec::bind_args(&setup.args, kernel, &mut memory)?;
    let name = kernel.name.clone();
    Ok(launch(
        setup,
        memory,
        args,
        bound,
        name,
        |launch, memory| {
            crate::interp::run_kernel(module, &kernel.name, launch, memory, &setup.config)
        },
    ))
}

fn launch(
    setup: &LaunchSetup,
    memory: Memory,
    args: Vec<ArgValue>,
    bound: Vec<BoundBuffer>,
    kernel: String,
    run: impl FnOnce(&Launch, &mut Memory) -> Result<Stats, InterpError>,
) -> Ran {
    let mut memory = memory;
    let buffers = bound
        .into_iter()
        .map(|b| {
            let initial = memory.bytes(b.buffer).to_vec();
            (b, initial)
        })
        .collect();
    let l = Launch {
        grid: setup.grid,
        block: setup.block,
        dynamic_shared: setup.shared,
        args,
    };
    let start = Instant::now();
    let result = run(&l, &mut memory);
    Ran {
        kernel,
        buffers,
        memory,
        result,
        micros: start.elapsed().as_micros() as u64,
    }
}

/// The kernel of a PTX module a user means: its `.entry` name, or its source
/// name (or the source name of the IR name given) when that names one
/// kernel, or the module's only kernel when no name is given.
pub fn find_ptx_kernel(module: &PtxModule, name: &str) -> Result<String, String> {
    let kernels = module.kernels();
    if kernels.contains(&name) {
        return Ok(name.to_string());
    }
    let source = spec::source_name(name);
    let by_source: Vec<&&str> = kernels
        .iter()
        .filter(|k| spec::source_name(k) == source)
        .collect();
    match by_source.as_slice() {
        [k] => Ok(k.to_string()),
        [] if name.is_empty() && kernels.len() == 1 => Ok(kernels[0].to_string()),
        [] => Err(format!(
            "no kernel named '{name}' (kernels: {})",
            if kernels.is_empty() {
                "none".to_string()
            } else {
                kernels.join(", ")
            }
        )),
        many => Err(format!(
            "'{name}' names {} kernels; give the .entry name: {}",
            many.len(),
            many.iter()
                .map(|k| k.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
}

/// A PTX kernel's parameters as IR types, for [`spec::bind_params`]: a
/// 64-bit integer given a buffer is a pointer; a byte array (a struct by
/// value) takes a buffer of its bytes.
pub fn ptx_params(module: &PtxModule, kernel: &str, specs: &[ArgSpec]) -> Vec<(String, Type)> {
    crate::spec::ptx_param_types(&module.kernel_params(kernel).unwrap_or_default(), specs)
}

/// Runs the launch on PTX text in the emulator.
pub fn run_ptx(ptx: &str, setup: &LaunchSetup) -> Result<Ran, String> {
    let module =
        PtxModule::parse(ptx).map_err(|e| format!("PTX line {}: {}", e.line, e.message))?;
    let kernel = find_ptx_kernel(&module, setup.kernel.trim())?;
    let params = ptx_params(&module, &kernel, &setup.args);
    let mut memory = Memory::new();
    let (args, bound) = spec::bind_params(&setup.args, &params, &mut memory)?;
    let name = kernel.clone();
    Ok(launch(
        setup,
        memory,
        args,
        bound,
        name,
        |launch, memory| crate::emu::run_kernel(&module, &kernel, launch, memory, &setup.config),
    ))
}

/// What a bisection compares: the buffers' bytes, printf's text, and
/// whether (and how) the launch failed. Steps and the failing instruction's
/// text are left out: every pass changes those.
#[derive(Clone, Debug, PartialEq)]
pub struct Fingerprint {
    pub buffers: Vec<(String, ElemType, Vec<u8>)>,
    pub output: String,
    pub failure: Option<ErrorKind>,
}

impl Fingerprint {
    /// Whether two results are the same (NaN payloads aside; buffers by
    /// position, so the PTX's parameter names compare with the IR's).
    pub fn same(&self, other: &Fingerprint) -> bool {
        let named = |p: &Fingerprint| Fingerprint {
            buffers: p
                .buffers
                .iter()
                .map(|(_, t, b)| (String::new(), *t, b.clone()))
                .collect(),
            ..p.clone()
        };
        let (a, b) = (named(self), named(other));
        a == b || differences(&a, &b, 1).0.is_empty()
    }
}

/// A failure kind in words: `out-of-bounds access`, `step limit`, …
pub fn kind_text(kind: ErrorKind) -> &'static str {
    match kind {
        ErrorKind::Launch => "launch error",
        ErrorKind::OutOfBounds => "out-of-bounds access",
        ErrorKind::Misaligned => "misaligned access",
        ErrorKind::NullPointer => "null pointer",
        ErrorKind::WrongSpace => "wrong address space",
        ErrorKind::DivisionByZero => "division by zero",
        ErrorKind::DivergentBarrier => "divergent barrier",
        ErrorKind::DivergentWarp => "divergent warp operation",
        ErrorKind::StepLimit => "step limit",
        ErrorKind::StackOverflow => "stack overflow",
        ErrorKind::Unreachable => "unreachable executed",
        ErrorKind::Unsupported => "not supported by the interpreter",
    }
}

/// The text of element `i` of a buffer of `ty` (`1.0`, `-3`, `NaN`).
pub fn element_text(ty: ElemType, bytes: &[u8], i: usize) -> String {
    use ElemType as E;
    let n = ty.size();
    let Some(b) = bytes.get(i * n..(i + 1) * n) else {
        return String::new();
    };
    let mut raw = [0u8; 8];
    raw[..n].copy_from_slice(b);
    let u = u64::from_le_bytes(raw);
    match ty {
        E::I8 => (u as u8 as i8).to_string(),
        E::U8 => (u as u8).to_string(),
        E::I16 => (u as u16 as i16).to_string(),
        E::U16 => (u as u16).to_string(),
        E::I32 => (u as u32 as i32).to_string(),
        E::U32 => (u as u32).to_string(),
        E::I64 => (u as i64).to_string(),
        E::U64 => u.to_string(),
        E::F32 => format!("{:?}", f32::from_bits(u as u32)),
        E::F64 => format!("{:?}", f64::from_bits(u)),
    }
}

/// Whether two elements are the same value (bit for bit; any NaN equals any NaN).
fn same_element(ty: ElemType, a: &[u8], b: &[u8]) -> bool {
    if a == b {
        return true;
    }
    match ty {
        ElemType::F32 if a.len() == 4 && b.len() == 4 => {
            let f = |x: &[u8]| f32::from_le_bytes([x[0], x[1], x[2], x[3]]);
            f(a).is_nan() && f(b).is_nan()
        }
        ElemType::F64 if a.len() == 8 && b.len() == 8 => {
            let f = |x: &[u8]| {
                let mut r = [0u8; 8];
                r.copy_from_slice(x);
                f64::from_le_bytes(r)
            };
            f(a).is_nan() && f(b).is_nan()
        }
        _ => false,
    }
}

/// What differs between two results, one line each (at most `limit` lines),
/// and how many buffer elements differ. Empty when they are the same.
pub fn differences(
    before: &Fingerprint,
    after: &Fingerprint,
    limit: usize,
) -> (Vec<String>, usize) {
    let mut lines = Vec::new();
    let mut differing = 0;
    match (before.failure, after.failure) {
        (None, Some(k)) => lines.push(format!("the launch now fails ({})", kind_text(k))),
        (Some(k), None) => lines.push(format!("the launch no longer fails ({})", kind_text(k))),
        (Some(a), Some(b)) if a != b => lines.push(format!(
            "the launch fails differently ({} before, {} now)",
            kind_text(a),
            kind_text(b)
        )),
        _ => {}
    }
    if before.output != after.output {
        lines.push("printf's output differs".to_string());
    }
    for ((name, ty, a), (_, _, b)) in before.buffers.iter().zip(&after.buffers) {
        let n = ty.size();
        let len = a.len().max(b.len()) / n;
        for i in 0..len {
            let (x, y) = (
                a.get(i * n..(i + 1) * n).unwrap_or(&[]),
                b.get(i * n..(i + 1) * n).unwrap_or(&[]),
            );
            if same_element(*ty, x, y) {
                continue;
            }
            differing += 1;
            if lines.len() < limit {
                lines.push(format!(
                    "{name}[{i}]: {} → {}",
                    element_text(*ty, a, i),
                    element_text(*ty, b, i)
                ));
            }
        }
    }
    lines.truncate(limit);
    (lines, differing)
}

/// The one rewrite of a pass run (or of a backend stage) that changes the result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rewrite {
    /// 1-based, of `total`.
    pub index: usize,
    pub total: usize,
    /// What it did: its remark, or its first changed IR line.
    pub description: String,
    /// The source line of what it changed (0: none known).
    pub line: u32,
    /// The IR diff of just this rewrite (`-`/`+` lines with a little context).
    pub diff: String,
}

impl Rewrite {
    /// `rewrite 7 of 31: <description> at line 9`.
    pub fn summary(&self) -> String {
        let at = if self.line > 0 {
            format!(" at line {}", self.line)
        } else {
            String::new()
        };
        format!(
            "rewrite {} of {}: {}{at}",
            self.index, self.total, self.description
        )
    }
}

/// Where the result first changes.
pub enum Culprit {
    /// After pass run `pass_run` (1-based) of `pass`.
    PassRun {
        pass_run: usize,
        pass: opt::Pass,
        /// The launch after that run.
        after: Ran,
        rewrite: Option<Rewrite>,
    },
    /// Every IR run agrees; our PTX in the emulator does not.
    Backend {
        /// The PTX launch.
        after: Ran,
        /// The stage found (`isel`, `out-of-ssa`, `layout`) when its
        /// rewrites bisect, else `None` (emit, or a rewrite none counts).
        stage: Option<&'static str>,
        rewrite: Option<Rewrite>,
    },
}

impl Culprit {
    pub fn after(&self) -> &Ran {
        match self {
            Culprit::PassRun { after, .. } | Culprit::Backend { after, .. } => after,
        }
    }
}

/// What a bisection found.
pub struct Bisection {
    /// Pass runs in the pipeline.
    pub total: usize,
    /// Launches run (IR and PTX).
    pub launches: usize,
    pub micros: u64,
    /// The launch on the IR before any pass.
    pub reference: Ran,
    /// Its undefined behaviour, one line each (`line 14: data race …`).
    pub undefined: Vec<String>,
    pub culprit: Option<Culprit>,
    /// What differs (the first few) and how many buffer elements.
    pub differences: Vec<String>,
    pub differing: usize,
    /// Why the backend could not be checked (the PTX does not compile or
    /// run), when the IR runs all agree.
    pub backend_note: Option<String>,
}

/// Differing elements a bisection names.
const NAMED_DIFFERENCES: usize = 8;

/// Why a bisection could not start: the source does not compile (its
/// diagnostics, rendered), or the launch's setup is wrong.
pub enum BisectError {
    Compile(Vec<ptxlab_core::Diagnostic>),
    Setup(String),
}

/// Bisects the launch `setup` of the file `name` under `opts`.
/// `progress(done, total, pass)` after each pass run; with `backend`, the
/// final PTX runs in the emulator when every IR run agrees.
pub fn bisect(
    name: &str,
    source: &str,
    files: &dyn FileProvider,
    opts: &Options,
    setup: &LaunchSetup,
    backend: bool,
    mut progress: impl FnMut(usize, usize, &str),
) -> Result<Bisection, BisectError> {
    let start = Instant::now();
    let mut pipeline = Stepper::new(name, source, files, opts).map_err(BisectError::Compile)?;
    let total = pipeline.total();
    let reference = run_ir(pipeline.module(), setup).map_err(BisectError::Setup)?;
    let base = reference.fingerprint();
    let mut out = Bisection {
        total,
        launches: 1,
        micros: 0,
        undefined: reference.undefined(),
        reference,
        culprit: None,
        differences: Vec::new(),
        differing: 0,
        backend_note: None,
    };
    let mut before = pipeline.module().clone();
    while let Some(run) = pipeline.step() {
        progress(run.n, total, run.pass.name());
        // A run that leaves the IR as it was cannot change the result.
        if !run.changed {
            continue;
        }
        let Ok(ran) = run_ir(pipeline.module(), setup) else {
            before = pipeline.module().clone();
            continue;
        };
        out.launches += 1;
        let print = ran.fingerprint();
        if print.same(&base) {
            before = pipeline.module().clone();
            continue;
        }
        (out.differences, out.differing) = differences(&base, &print, NAMED_DIFFERENCES);
        // The edited run's result is the user's text, not its pass's rewrites.
        let edited = pipeline.edited_run() == Some(run.n);
        let rewrite = (!edited)
            .then(|| {
                bisect_rewrites(
                    before,
                    run.n - 1,
                    run.rewrites,
                    opts,
                    setup,
                    &base,
                    &mut out.launches,
                )
            })
            .flatten();
        out.culprit = Some(Culprit::PassRun {
            pass_run: run.n,
            pass: run.pass,
            after: ran,
            rewrite,
        });
        out.micros = start.elapsed().as_micros() as u64;
        return Ok(out);
    }
    drop(before);
    if backend {
        match bisect_backend(name, source, files, opts, setup, &base, &mut out.launches) {
            Ok(Some((culprit, print))) => {
                (out.differences, out.differing) = differences(&base, &print, NAMED_DIFFERENCES);
                out.culprit = Some(culprit);
            }
            Ok(None) => {}
            Err(note) => out.backend_note = Some(note),
        }
    }
    out.micros = start.elapsed().as_micros() as u64;
    Ok(out)
}

/// The IR after pass run `done + 1` made only its first `limit` rewrites,
/// from `before` (the IR after `done` runs), and its remarks.
fn limited(
    before: &Module,
    done: usize,
    limit: usize,
    opts: &Options,
) -> Option<(Module, Vec<Remark>)> {
    let mut s = Stepper::from_module(before.clone(), done, opts).ok()?;
    let mut remarks = Vec::new();
    s.step_limited(Some(limit), Some(&mut remarks))?;
    Some((s.into_module(), remarks))
}

/// The first of the `total` rewrites of pass run `done + 1` after which the
/// launch differs from `base` (the IR before it agreed).
fn bisect_rewrites(
    before: Module,
    done: usize,
    total: usize,
    opts: &Options,
    setup: &LaunchSetup,
    base: &Fingerprint,
    launches: &mut usize,
) -> Option<Rewrite> {
    // Remarks are kept only with snapshots.
    let opts = Options {
        snapshots: true,
        ..opts.clone()
    };
    let (mut lo, mut hi) = (0, total.max(1));
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let (m, _) = limited(&before, done, mid, &opts)?;
        *launches += 1;
        let same = run_ir(&m, setup).is_ok_and(|r| r.fingerprint().same(base));
        if same {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    let (prev, prev_remarks) = limited(&before, done, hi - 1, &opts)?;
    let (next, next_remarks) = limited(&before, done, hi, &opts)?;
    Some(describe(
        hi,
        total.max(1),
        &opt::snapshot(&prev),
        &opt::snapshot(&next),
        &prev_remarks,
        &next_remarks,
    ))
}

/// A rewrite from the IR before and after it: its diff, the source line of
/// its first changed line, and its remark (a new applied remark, else the
/// first changed line).
fn describe(
    index: usize,
    total: usize,
    prev: &[FunctionText],
    next: &[FunctionText],
    prev_remarks: &[Remark],
    next_remarks: &[Remark],
) -> Rewrite {
    let mut diff = String::new();
    let mut line = 0;
    let mut first_change: Option<String> = None;
    for f in next {
        let old = prev.iter().find(|p| p.name == f.name);
        if old.is_some_and(|o| o.text == f.text) {
            continue;
        }
        let old_text = old.map_or("", |o| &*o.text);
        let (text, changed) = line_diff(old_text, &f.text);
        if first_change.is_none() {
            // `old → new`: the first line removed and the first added.
            let removed = changed.iter().find(|(_, s)| matches!(s, Side::Old(_)));
            let added = changed.iter().find(|(_, s)| matches!(s, Side::New(_)));
            first_change = match (removed, added) {
                (Some((a, _)), Some((b, _))) => Some(format!("`{}` → `{}`", a.trim(), b.trim())),
                (Some((a, _)), None) => Some(format!("`{}` deleted", a.trim())),
                (None, Some((b, _))) => Some(format!("`{}` added", b.trim())),
                _ => None,
            };
        }
        if line == 0 {
            // The source line of the first added line (or the old one removed).
            line = changed
                .iter()
                .find_map(|(_, at)| match at {
                    Side::New(i) => f.lines.get(*i).copied().filter(|&l| l > 0),
                    Side::Old(i) => old
                        .and_then(|o| o.lines.get(*i).copied())
                        .filter(|&l| l > 0),
                })
                .unwrap_or(0);
        }
        diff.push_str(&format!("@@ {} @@\n", f.name));
        diff.push_str(&text);
    }
    let applied = |rs: &[Remark]| {
        rs.iter()
            .filter(|r| r.kind == RemarkKind::Applied)
            .map(|r| r.text.clone())
            .collect::<Vec<_>>()
    };
    let (a, b) = (applied(prev_remarks), applied(next_remarks));
    // A remark per rewrite (inline, loop-unroll): the one that is new; a
    // function's summary (`` `f`: … ``) says less than the changed lines.
    let remark = (b.len() > a.len())
        .then(|| b.iter().find(|t| !a.contains(t)).cloned())
        .flatten()
        .filter(|t| !t.starts_with('`'));
    let description = remark
        .or(first_change)
        .unwrap_or_else(|| "no change to the IR text".to_string());
    Rewrite {
        index,
        total,
        description,
        line,
        diff,
    }
}

/// Which text a changed line is on, and its index there.
enum Side {
    Old(usize),
    New(usize),
}

/// A unified-style diff of two texts (`-`/`+` lines, one line of context
/// around each change), and the changed lines (text with its `-`/`+`).
fn line_diff(a: &str, b: &str) -> (String, Vec<(String, Side)>) {
    let a: Vec<&str> = a.lines().collect();
    let b: Vec<&str> = b.lines().collect();
    // Common prefix and suffix, then an LCS over the middle (small: one rewrite).
    let pre = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let suf = a[pre..]
        .iter()
        .rev()
        .zip(b[pre..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let (am, bm) = (&a[pre..a.len() - suf], &b[pre..b.len() - suf]);
    let mut ops: Vec<(char, usize)> = Vec::new();
    if am.len() * bm.len() <= 4_000_000 {
        let (n, m) = (am.len(), bm.len());
        let mut t = vec![0u32; (n + 1) * (m + 1)];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                t[i * (m + 1) + j] = if am[i] == bm[j] {
                    t[(i + 1) * (m + 1) + j + 1] + 1
                } else {
                    t[(i + 1) * (m + 1) + j].max(t[i * (m + 1) + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && am[i] == bm[j] {
                ops.push((' ', pre + i));
                i += 1;
                j += 1;
            } else if i < n && (j == m || t[(i + 1) * (m + 1) + j] >= t[i * (m + 1) + j + 1]) {
                ops.push(('-', pre + i));
                i += 1;
            } else {
                ops.push(('+', pre + j));
                j += 1;
            }
        }
    } else {
        ops.extend((0..am.len()).map(|i| ('-', pre + i)));
        ops.extend((0..bm.len()).map(|j| ('+', pre + j)));
    }
    let mut text = String::new();
    if pre > 0 {
        text.push_str(&format!("  {}\n", a[pre - 1]));
    }
    let mut changed = Vec::new();
    for (op, k) in ops {
        let (t, side) = match op {
            '-' => (a[k], Some(Side::Old(k))),
            '+' => (b[k], Some(Side::New(k))),
            _ => (a[k], None),
        };
        text.push_str(&format!("{op} {t}\n"));
        if let Some(s) = side {
            changed.push((format!("{op} {t}"), s));
        }
    }
    if suf > 0 {
        text.push_str(&format!("  {}\n", a[a.len() - suf]));
    }
    let changed = changed
        .into_iter()
        .map(|(t, s)| (t[2..].to_string(), s))
        .collect();
    (text, changed)
}

/// The final PTX under `opts` (plus `extra` rewrite limits), or why not.
fn ptx_of(
    name: &str,
    source: &str,
    files: &dyn FileProvider,
    opts: &Options,
    extra: Option<RewriteLimit>,
) -> Result<String, String> {
    let mut o = Options {
        snapshots: false,
        ..opts.clone()
    };
    o.rewrite_limits.extend(extra);
    let c = ptxlab_core::compile(name, source, files, &o);
    c.ptx.ok_or_else(|| {
        c.diagnostics
            .iter()
            .find(|d| d.is_error())
            .map_or("the PTX does not compile".to_string(), |d| d.to_string())
    })
}

/// The backend's step: our final PTX in the emulator against `base`. A
/// different result is a backend bug; when making a backend stage's
/// rewrites one by one (isel's, out-of-ssa's, layout's) finds the one that
/// changes it, that stage and rewrite. `Err`: the PTX could not
/// be compiled or run.
fn bisect_backend(
    name_of_file: &str,
    source: &str,
    files: &dyn FileProvider,
    opts: &Options,
    setup: &LaunchSetup,
    base: &Fingerprint,
    launches: &mut usize,
) -> Result<Option<(Culprit, Fingerprint)>, String> {
    let ptx = ptx_of(name_of_file, source, files, opts, None)?;
    let ran = run_ptx(&ptx, setup).map_err(|e| format!("our PTX does not run: {e}"))?;
    *launches += 1;
    let print = ran.fingerprint();
    if print.same(base) {
        return Ok(None);
    }
    let mut stage = None;
    let mut rewrite = None;
    // The first backend stage whose rewrites, none made, give the
    // reference result: the one rewrite there that changes it.
    for (name, site) in RewriteSite::BACKEND {
        let at = |k: usize| RewriteLimit { site, limit: k };
        let agrees = |k: usize, launches: &mut usize| -> Option<bool> {
            let p = ptx_of(name_of_file, source, files, opts, Some(at(k))).ok()?;
            *launches += 1;
            Some(run_ptx(&p, setup).ok()?.fingerprint().same(base))
        };
        if agrees(0, launches) != Some(true) {
            continue;
        }
        // The stage's rewrites: the fewest that give the whole PTX.
        let whole = |k: usize| {
            ptx_of(name_of_file, source, files, opts, Some(at(k)))
                .ok()
                .as_ref()
                == Some(&ptx)
        };
        let (mut lo, mut hi) = (0usize, 1usize);
        while !whole(hi) {
            lo = hi;
            hi *= 2;
            if hi > 1 << 20 {
                break;
            }
        }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if whole(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        let total = hi;
        let (mut good, mut bad) = (0, total);
        while bad - good > 1 {
            let mid = good + (bad - good) / 2;
            if agrees(mid, launches) == Some(true) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        let prev = ptx_of(name_of_file, source, files, opts, Some(at(bad - 1)))?;
        let next = ptx_of(name_of_file, source, files, opts, Some(at(bad)))?;
        let (diff, changed) = line_diff(&prev, &next);
        stage = Some(name);
        rewrite = Some(Rewrite {
            index: bad,
            total,
            description: changed
                .iter()
                .find(|(_, s)| matches!(s, Side::New(_)))
                .or(changed.first())
                .map_or("a change of the PTX".to_string(), |(t, _)| {
                    format!("`{}`", t.trim())
                }),
            line: 0,
            diff,
        });
        break;
    }
    Ok(Some((
        Culprit::Backend {
            after: ran,
            stage,
            rewrite,
        },
        print,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_diff_shows_one_change_with_context() {
        let (text, changed) = line_diff("a\nb\nc\nd\n", "a\nb\nx\nd\n");
        assert_eq!(text, "  b\n- c\n+ x\n  d\n");
        let (text, _) = line_diff("a\nb\n", "a\nc\n");
        assert_eq!(text, "  a\n- b\n+ c\n");
        assert_eq!(changed.len(), 2);
        assert_eq!(changed[0].0, "c");
    }
}
