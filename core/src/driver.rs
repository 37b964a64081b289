//! The driver: runs the stages in order and collects the `Compilation`;
//! its [`Stepper`] applies the optimization pipeline one pass run at a
//! time. Each stage's name, kind and description come from the stage table
//! (`opt::STAGES`).

use crate::codegen::{emit, isel, layout, out_of_ssa};
use crate::compilation::{
    Compilation, FunctionText, FunctionValues, Kernel, Metrics, Remark, RemarkKind, Stage,
    ValueRegs,
};
use crate::diag::{Diagnostic, Span};
use crate::ir::{verify, Module};
use crate::opt::remark::{ir_metrics, plural};
use crate::opt::{BrokenIr, Pass, PassContext, StageId};
use crate::options::{Options, PtxVersion};
use crate::ptx::{isa, print_machine_function, MFunction, RegClass};
use crate::{frontend, irgen, link, opt, FileProvider, NoFiles};
use std::collections::BTreeMap;
use web_time::Instant;

/// Compiles one source text with no other files (built-in headers only).
pub fn compile_source(name: &str, text: &str, opts: &Options) -> Compilation {
    compile(name, text, &NoFiles, opts)
}

/// Compiles `text` (the file `name`), reading `#include`s through `files`.
pub fn compile(name: &str, text: &str, files: &dyn FileProvider, opts: &Options) -> Compilation {
    let start = Instant::now();
    let mut c = Compilation::default();
    // A bug must not take the CLI or the worker down: report it as a diagnostic.
    let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        run(name, text, files, opts, &mut c)
    }));
    if outcome.is_err() {
        c.ptx = None;
        internal_error(
            &mut c,
            name,
            "the compiler panicked; please report this input".into(),
        );
    }
    c.stats.total_micros = start.elapsed().as_micros() as u64;
    c
}

/// What a stage said it did, and the size it left (kept with snapshots).
#[derive(Default)]
struct Report {
    remarks: Vec<Remark>,
    metrics: Option<Metrics>,
}

impl Report {
    /// `remarks` (applied, with no line) and `metrics`, when `opts` keeps them.
    fn new(
        opts: &Options,
        remarks: impl FnOnce() -> Vec<String>,
        metrics: impl FnOnce() -> Metrics,
    ) -> Report {
        if !opts.snapshots {
            return Report::default();
        }
        Report {
            remarks: remarks()
                .into_iter()
                .map(|text| Remark {
                    kind: RemarkKind::Applied,
                    line: 0,
                    text,
                })
                .collect(),
            metrics: Some(metrics()),
        }
    }
}

/// Records stage `id` of the table in `c`, at the next index; `changed`
/// compares with the stage before when `compare` (the first stage of each
/// representation is changed).
fn record(
    c: &mut Compilation,
    id: StageId,
    functions: Vec<FunctionText>,
    compare: bool,
    micros: u64,
    report: Report,
) {
    let info = id.info();
    let prev = c.stages.last().filter(|_| compare);
    let changed = prev.is_none_or(|p| p.functions != functions);
    c.stages.push(Stage {
        name: info.name.into(),
        index: c.stages.len(),
        kind: info.kind,
        description: info.description.into(),
        functions,
        changed,
        micros,
        pass_run: None,
        remarks: report.remarks,
        metrics: report.metrics,
        edited: false,
    });
}

/// Compiles `text` to IR and runs the first `pass_runs` runs of the
/// optimization pipeline (all of them with `None`; 0 = the module as irgen
/// and link left it), verifying after each. For the interpreter's `ptxlab
/// run --after-pass N` and for tests that look at one stage.
pub fn compile_to_ir(
    name: &str,
    text: &str,
    files: &dyn FileProvider,
    opts: &Options,
    pass_runs: Option<usize>,
) -> Result<Module, Vec<Diagnostic>> {
    let mut c = Compilation::default();
    let Some(mut stepper) = Stepper::start(name, text, files, opts, &mut c) else {
        return Err(c.diagnostics);
    };
    let n = pass_runs.unwrap_or(stepper.total());
    let (_, broken) = stepper.record_to(n, true);
    if let Some(b) = broken {
        internal_error(&mut c, name, broken_message(&b));
        return Err(c.diagnostics);
    }
    if let Some(d) = stepper.exceeded() {
        c.diagnostics.push(d.clone());
        return Err(c.diagnostics);
    }
    Ok(stepper.into_module())
}

fn broken_message(b: &BrokenIr) -> String {
    format!(
        "pass '{}' (run {}) left invalid IR: {}",
        b.pass,
        b.index,
        b.errors.join("; ")
    )
}

/// One pass run a [`Stepper`] applied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PassRun {
    /// Which run of the pipeline (1-based, as `--after-pass` counts).
    pub n: usize,
    pub pass: Pass,
    /// Whether the pass reports a change (false for a skipped run).
    pub changed: bool,
    /// The rewrites it made ([`opt::apply_counted`]: 1 for a pass that
    /// counts none but changed the IR).
    pub rewrites: usize,
}

/// The optimization pipeline of a compile, applied to its IR one pass run
/// at a time: the one loop over pass runs, for the compile itself
/// ([`compile`] records every run's stage), [`compile_to_ir`], and the
/// page's launches and bisection (which run the IR between pass runs).
pub struct Stepper<'o> {
    cx: PassContext<'o>,
    passes: &'static [Pass],
    module: Module,
    /// Pass runs applied.
    done: usize,
    /// An edited run not reached yet: its number and the module it leaves
    /// ([`Options::ir_edit`], taken in place of that run's result).
    edit: Option<(usize, Module)>,
    /// The warnings of the stages before the optimizer (the reducer
    /// rejects a candidate that falls off the end of a function).
    warnings: Vec<Diagnostic>,
    /// The file compiled (where a budget's error points).
    file: String,
    /// The error of a run that left the module over a budget
    /// ([`opt::budget`]): no run goes on from it.
    exceeded: Option<Diagnostic>,
}

impl<'o> Stepper<'o> {
    /// Compiles `text` (the file `name`) to the linked IR, before pass run
    /// 1; the diagnostics when it does not compile.
    pub fn new(
        name: &str,
        text: &str,
        files: &dyn FileProvider,
        opts: &'o Options,
    ) -> Result<Stepper<'o>, Vec<Diagnostic>> {
        let mut c = Compilation::default();
        let mut s = Stepper::start(name, text, files, opts, &mut c).ok_or(c.diagnostics.clone())?;
        s.warnings = c.diagnostics;
        Ok(s)
    }

    /// The warnings the compile to the linked IR gave.
    pub fn warnings(&self) -> &[Diagnostic] {
        &self.warnings
    }

    /// A stepper from `module`, the IR after the first `done` pass runs of
    /// `opts`' pipeline, onward.
    pub fn from_module(
        module: Module,
        done: usize,
        opts: &'o Options,
    ) -> Result<Stepper<'o>, Diagnostic> {
        let passes = opt::pipeline::passes(opts.opt_level);
        Ok(Stepper {
            cx: PassContext::new(opts)?,
            passes,
            module,
            done: done.min(passes.len()),
            edit: None,
            warnings: Vec::new(),
            file: String::new(),
            exceeded: None,
        })
    }

    /// The stages before the optimizer: frontend, irgen and link, each
    /// recorded in `c`. `None` when an error stops the compile (it is in
    /// `c.diagnostics`). The target is parsed here, once per compile.
    fn start(
        name: &str,
        text: &str,
        files: &dyn FileProvider,
        opts: &'o Options,
        c: &mut Compilation,
    ) -> Option<Stepper<'o>> {
        let cx = match PassContext::new(opts) {
            Ok(cx) => cx,
            Err(d) => {
                c.diagnostics.push(d);
                return None;
            }
        };
        let t = Instant::now();
        let tu = frontend::compile_unit(name, text, files, opts, cx.target, &mut c.diagnostics);
        c.stats.frontend_micros = t.elapsed().as_micros() as u64;
        if c.has_errors() {
            return None;
        }

        let t = Instant::now();
        let mut module = irgen::lower(&tu, name, opts, &mut c.diagnostics);
        let micros = t.elapsed().as_micros() as u64;
        let report = Report::new(
            opts,
            || {
                let defined = module.functions.iter().filter(|f| !f.is_declaration());
                let kernels = defined.clone().filter(|f| f.attrs.kernel).count();
                vec![format!(
                    "lowered {} ({})",
                    plural(defined.count(), "function"),
                    plural(kernels, "kernel")
                )]
            },
            || ir_metrics(&module),
        );
        record(
            c,
            StageId::Irgen,
            ir_text(&module, opts),
            false,
            micros,
            report,
        );
        c.kernels = Kernel::all_in(&module);
        if VERIFY_EACH {
            let errs = verify::verify_module(&module);
            if !errs.is_empty() {
                internal_error(
                    c,
                    name,
                    format!("irgen produced invalid IR: {}", errs.join("; ")),
                );
                return None;
            }
        }

        let t = Instant::now();
        let defined: Vec<String> = module
            .functions
            .iter()
            .filter(|f| !f.is_declaration())
            .map(|f| f.name.clone())
            .collect();
        if let Err(missing) = link::libdevice(&mut module, opts, cx.target) {
            for m in missing {
                // At the first call of the function, when the call has a line.
                let at = module
                    .functions
                    .iter()
                    .flat_map(|f| f.insts.iter())
                    .find(
                        |i| matches!(&i.kind, crate::ir::InstKind::Call { callee, .. } if callee.is_function(&m)),
                    )
                    .and_then(|i| i.loc)
                    .unwrap_or_default();
                let span = Span {
                    file: name.into(),
                    line: at.line,
                    column: at.column,
                    len: 1,
                };
                c.diagnostics.push(Diagnostic::error(
                    span,
                    format!("libdevice has no function \"{m}\" yet"),
                ));
            }
            return None;
        }
        let micros = t.elapsed().as_micros() as u64;
        if let Some((line, message)) = opt::budget::check(&module, None) {
            c.diagnostics.push(budget_error(name, line, message));
            return None;
        }
        let passes = opt::pipeline::passes(opts.opt_level);
        let mut edit = None;
        if let Some(e) = &opts.ir_edit {
            match edited_module(&module, e, passes.len(), opts) {
                Ok(m) if e.run == 0 => module = m,
                Ok(m) => edit = Some((e.run, m)),
                Err(diags) => {
                    c.diagnostics.extend(diags);
                    return None;
                }
            }
        }
        let report = Report::new(
            opts,
            || {
                let linked: Vec<String> = module
                    .functions
                    .iter()
                    .filter(|f| !f.is_declaration() && !defined.contains(&f.name))
                    .map(|f| format!("`{}`", f.name))
                    .collect();
                if linked.is_empty() {
                    return Vec::new();
                }
                vec![format!("linked {} from libdevice", linked.join(", "))]
            },
            || ir_metrics(&module),
        );
        record(
            c,
            StageId::Link,
            ir_text(&module, opts),
            true,
            micros,
            report,
        );
        if opts.ir_edit.as_ref().is_some_and(|e| e.run == 0) {
            let link = c.stages.last_mut().expect("link was recorded");
            link.edited = true;
            link.changed = true;
        }
        c.kernels = Kernel::all_in(&module);
        Some(Stepper {
            cx,
            passes,
            module,
            done: 0,
            edit,
            warnings: Vec::new(),
            file: name.into(),
            exceeded: None,
        })
    }

    /// The module as the runs done so far left it.
    pub fn module(&self) -> &Module {
        &self.module
    }

    pub fn into_module(self) -> Module {
        self.module
    }

    /// The whole pipeline's passes, in order.
    pub fn pipeline(&self) -> &'static [Pass] {
        self.passes
    }

    /// Pass runs in the pipeline.
    pub fn total(&self) -> usize {
        self.passes.len()
    }

    /// Pass runs applied so far.
    pub fn done(&self) -> usize {
        self.done
    }

    /// The stage whose IR the module is now: `link`, or the last run's pass.
    pub fn after(&self) -> &'static str {
        opt::pipeline::name_after(self.cx.opts.opt_level, self.done)
    }

    /// The index of that stage in the compilation's stages.
    pub fn stage(&self) -> usize {
        Compilation::stage_of_pass_run(self.done)
    }

    /// Applies the next pass run; `None` when all have run.
    pub fn step(&mut self) -> Option<PassRun> {
        let limit = self
            .cx
            .opts
            .rewrite_limit(crate::RewriteSite::Run(self.done + 1));
        self.step_limited(limit, None)
    }

    /// Applies the next pass run making only its first `limit` rewrites
    /// (all with `None`, whatever the options say), its remarks into
    /// `remarks` when given and the options keep snapshots: bisection
    /// inside a pass run.
    pub fn step_limited(
        &mut self,
        limit: Option<usize>,
        remarks: Option<&mut Vec<Remark>>,
    ) -> Option<PassRun> {
        if self.exceeded.is_some() {
            return None;
        }
        let pass = *self.passes.get(self.done)?;
        let (changed, rewrites) =
            opt::apply_counted(&mut self.module, pass, self.done, &self.cx, remarks, limit);
        self.done += 1;
        if let Some((line, message)) = opt::budget::check(&self.module, Some(pass)) {
            self.exceeded = Some(budget_error(&self.file, line, message));
        }
        let edited = self.take_edit();
        Some(PassRun {
            n: self.done,
            pass,
            changed: changed || edited,
            rewrites: if edited { rewrites.max(1) } else { rewrites },
        })
    }

    /// The edited run ([`Options::ir_edit`]), if any: its result is the
    /// edit, not what its pass made.
    pub fn edited_run(&self) -> Option<usize> {
        self.cx.opts.ir_edit.as_ref().map(|e| e.run)
    }

    /// When the runs done reach the edited run, its module in place of the
    /// pass's result; whether it was taken.
    fn take_edit(&mut self) -> bool {
        if self.edit.as_ref().is_some_and(|(n, _)| *n == self.done) {
            let (_, m) = self.edit.take().expect("checked");
            self.module = m;
            return true;
        }
        false
    }

    /// The error of the run that left the module over a budget
    /// ([`opt::budget`]); no run is applied after it.
    pub fn exceeded(&self) -> Option<&Diagnostic> {
        self.exceeded.as_ref()
    }

    /// The options the pipeline runs under.
    pub fn options(&self) -> &'o Options {
        self.cx.opts
    }

    /// Applies pass runs until `n` are done (or all of them).
    pub fn run_to(&mut self, n: usize) {
        while self.done < n && self.step().is_some() {}
    }

    /// [`Stepper::run_to`], recording a stage per run (with its text when
    /// the options keep snapshots) and, with `verify_each`, verifying after
    /// each: the first failure stops it.
    pub fn record_to(&mut self, n: usize, verify_each: bool) -> (Vec<Stage>, Option<BrokenIr>) {
        let end = n.clamp(self.done, self.passes.len());
        let Some(at) = self.edit.as_ref().map(|(r, _)| *r).filter(|r| *r <= end) else {
            return self.record_runs(end, verify_each);
        };
        let (mut stages, broken) = self.record_runs(at, verify_each);
        if broken.is_some() || self.done < at {
            return (stages, broken);
        }
        self.take_edit();
        if let Some(last) = stages.last_mut() {
            last.functions = ir_text(&self.module, self.cx.opts);
            last.changed = true;
            last.edited = true;
            if last.metrics.is_some() {
                last.metrics = Some(ir_metrics(&self.module));
            }
        }
        let (more, broken) = self.record_runs(end, verify_each);
        stages.extend(more);
        (stages, broken)
    }

    /// The runs up to `end` (at most the pipeline's), one stage each.
    fn record_runs(&mut self, end: usize, verify_each: bool) -> (Vec<Stage>, Option<BrokenIr>) {
        if self.exceeded.is_some() {
            return (Vec::new(), None);
        }
        let runs = &self.passes[self.done..end.clamp(self.done, self.passes.len())];
        let first = Compilation::stage_of_pass_run(self.done + 1);
        let (stages, broken) = opt::run(
            &mut self.module,
            runs,
            self.done,
            &self.cx,
            first,
            verify_each,
        );
        self.done += stages.len();
        if let Some(b) = broken.as_ref().filter(|b| b.over_budget.is_some()) {
            let line = b.over_budget.unwrap_or(0);
            self.exceeded = Some(budget_error(&self.file, line, b.errors.join("; ")));
            return (stages, None);
        }
        (stages, broken)
    }
}

/// A budget's error ([`opt::budget`]) at `line` of `file`.
fn budget_error(file: &str, line: u32, message: String) -> Diagnostic {
    let span = Span {
        file: file.to_string(),
        line,
        column: 0,
        len: 1,
    };
    Diagnostic::error(span, message)
}

/// The module `edit` makes of the run it names, from `linked` (the IR
/// before pass run 1); errors at the edit's line and column.
fn edited_module(
    linked: &Module,
    edit: &crate::edit::IrEdit,
    total: usize,
    opts: &Options,
) -> Result<Module, Vec<Diagnostic>> {
    if edit.run > total {
        let msg = format!(
            "cannot resume at pass run {}: the pipeline has {total} runs",
            edit.run
        );
        return Err(vec![Diagnostic::error(Span::default(), msg)]);
    }
    let mut before = Stepper::from_module(linked.clone(), 0, opts).map_err(|d| vec![d])?;
    before.run_to(edit.run);
    crate::edit::apply(before.module(), edit)
}

/// The instructions of a machine function.
fn size(f: &MFunction) -> usize {
    f.blocks.iter().map(|b| b.insts.len()).sum()
}

fn count_branches(f: &MFunction) -> usize {
    f.blocks
        .iter()
        .flat_map(|b| &b.insts)
        .filter(|i| i.is_branch())
        .count()
}

/// `12 %r, 4 %rd virtual registers` (isel's remark).
fn registers_text(f: &MFunction) -> String {
    let classes: Vec<String> = RegClass::ALL
        .iter()
        .filter_map(|c| {
            let n = f.reg_count.iter().find(|(k, _)| k == c)?.1;
            (n > 0).then(|| format!("{n} {}", c.prefix()))
        })
        .collect();
    if classes.is_empty() {
        "no virtual registers".into()
    } else {
        format!("{} virtual registers", classes.join(", "))
    }
}

/// The size of machine code: instructions, blocks, loads and stores by
/// state space (`ld.global.nc` is global, a space-less `ld` generic), the
/// stack frames' bytes, virtual registers per class (summed over functions).
fn machine_metrics(funcs: &[MFunction]) -> Metrics {
    const SPACES: [&str; 5] = ["global", "shared", "local", "const", "param"];
    let mut out = Metrics::default();
    let mut registers: BTreeMap<String, u32> = BTreeMap::new();
    for f in funcs {
        out.blocks += f.order.len();
        out.local_bytes += f.frame.map_or(0, |(_, size)| size);
        for (class, n) in &f.reg_count {
            if *n > 0 {
                *registers
                    .entry(class.prefix().trim_start_matches('%').into())
                    .or_default() += n;
            }
        }
        for i in f.blocks.iter().flat_map(|b| &b.insts) {
            out.instructions += 1;
            let map = match i.op {
                crate::ptx::Op::Ld => &mut out.loads,
                crate::ptx::Op::St => &mut out.stores,
                _ => continue,
            };
            let space = i
                .modifiers
                .split('.')
                .nth(1)
                .filter(|p| SPACES.contains(p))
                .unwrap_or("generic");
            *map.entry(space.into()).or_default() += 1;
        }
    }
    out.registers = registers;
    out
}

/// A stage's IR text: none without snapshots (the checks of debug builds
/// and tests compare texts, so they keep them).
fn ir_text(module: &Module, opts: &Options) -> Vec<FunctionText> {
    if opts.snapshots || VERIFY_EACH {
        opt::snapshot_with(module, opts.lineinfo)
    } else {
        Vec::new()
    }
}

/// The verifier runs after every stage in debug builds and tests.
const VERIFY_EACH: bool = cfg!(debug_assertions) || cfg!(test);

fn internal_error(c: &mut Compilation, file: &str, msg: String) {
    let span = Span {
        file: file.to_string(),
        line: 0,
        column: 0,
        len: 1,
    };
    c.diagnostics.push(Diagnostic::error(
        span,
        format!("internal compiler error: {msg}"),
    ));
}

fn run(name: &str, text: &str, files: &dyn FileProvider, opts: &Options, c: &mut Compilation) {
    let Some(mut stepper) = Stepper::start(name, text, files, opts, c) else {
        return;
    };
    let (stages, broken) = stepper.record_to(stepper.total(), VERIFY_EACH);
    c.stages.extend(stages);
    c.kernels = Kernel::all_in(stepper.module());
    if let Some(b) = broken {
        internal_error(c, name, broken_message(&b));
        return;
    }
    if let Some(d) = stepper.exceeded() {
        c.diagnostics.push(d.clone());
        return;
    }
    let target = stepper.cx.target;
    let module = stepper.into_module();

    // Backend, function by function, in NVVM's order (see `emit::order`).
    let in_order = emit::order(&module);
    let mut selected = Vec::new();
    let t = Instant::now();
    let mut isel_rewrites = 0;
    for (index, f) in in_order.iter().enumerate() {
        match isel::select(&module, f, index, opts, &mut isel_rewrites) {
            Ok(s) => selected.push(s),
            Err(diags) => {
                for mut d in diags {
                    d.span.file = name.to_string();
                    c.diagnostics.push(d);
                }
            }
        }
    }
    if c.has_errors() {
        return;
    }
    let machine_text = |funcs: &[crate::ptx::MFunction]| {
        if !opts.snapshots {
            return Vec::new();
        }
        funcs
            .iter()
            .map(|f| FunctionText::new(f.name.clone(), print_machine_function(f)))
            .collect::<Vec<_>>()
    };
    let mut funcs: Vec<crate::ptx::MFunction> = selected.iter().map(|s| s.func.clone()).collect();
    let micros = t.elapsed().as_micros() as u64;
    let report = Report::new(
        opts,
        || {
            let mut out = Vec::new();
            for f in &funcs {
                out.push(format!("`{}`: {}", f.name, registers_text(f)));
                let nc = f
                    .blocks
                    .iter()
                    .flat_map(|b| &b.insts)
                    .filter(|i| i.op == crate::ptx::Op::Ld && i.modifiers.starts_with(".global.nc"))
                    .count();
                if nc > 0 {
                    out.push(format!(
                        "`{}`: `ld.global` -> `ld.global.nc` for {}: the pointer is `const __restrict__`",
                        f.name,
                        plural(nc, "load")
                    ));
                }
            }
            out
        },
        || machine_metrics(&funcs),
    );
    record(
        c,
        StageId::Isel,
        machine_text(&funcs),
        false,
        micros,
        report,
    );

    let t = Instant::now();
    let mut copies = Vec::new();
    let coalesce_limit = opts.rewrite_limit(crate::RewriteSite::OutOfSsa);
    let mut coalesced = 0;
    for (f, s) in funcs.iter_mut().zip(selected.iter_mut()) {
        let before = (size(f), f.blocks.len());
        let renamed = out_of_ssa::run(f, &s.phis, coalesce_limit, &mut coalesced);
        // A value coalesced into a phi's register is held there now: the
        // renames applied in their order (one walk of the values, not one
        // per rename: that was quadratic in the phis).
        if !renamed.is_empty() {
            let mut steps: crate::collections::HashMap<
                crate::ptx::Reg,
                Vec<(usize, crate::ptx::Reg)>,
            > = Default::default();
            for (i, &(from, to)) in renamed.iter().enumerate() {
                steps.entry(from).or_default().push((i, to));
            }
            let resolve = |mut r: crate::ptx::Reg| {
                let mut after = 0;
                while let Some(&(i, to)) = steps
                    .get(&r)
                    .and_then(|v| v.iter().find(|(i, _)| *i >= after))
                {
                    r = to;
                    after = i + 1;
                }
                r
            };
            for (_, regs) in &mut s.values {
                for r in regs.iter_mut() {
                    *r = resolve(*r);
                }
                let mut seen = Vec::new();
                regs.retain(|r| {
                    let new = !seen.contains(r);
                    seen.push(*r);
                    new
                });
            }
        }
        let split = f.blocks.len() - before.1;
        // Each split edge's block holds its copies and one branch.
        let added = size(f).saturating_sub(before.0 + split);
        copies.push((s.phis.len(), added, split));
    }
    let micros = t.elapsed().as_micros() as u64;
    let report = Report::new(
        opts,
        || {
            funcs
                .iter()
                .zip(&copies)
                .filter(|(_, &(phis, _, _))| phis > 0)
                .map(|(f, &(phis, added, split))| {
                    let mut text = format!(
                        "`{}`: {} replaced by {}",
                        f.name,
                        plural(phis, "phi"),
                        plural(added, "copy")
                    );
                    if split > 0 {
                        text += &format!(", {} split", plural(split, "critical edge"));
                    }
                    text
                })
                .collect()
        },
        || machine_metrics(&funcs),
    );
    record(
        c,
        StageId::OutOfSsa,
        machine_text(&funcs),
        true,
        micros,
        report,
    );

    let t = Instant::now();
    let mut branches = Vec::new();
    let mut rewrites = 0;
    for f in &mut funcs {
        let before = count_branches(f);
        let done = layout::run(f, opts, &mut rewrites);
        branches.push((
            before.saturating_sub(count_branches(f)),
            done.inverted,
            done.merged_returns,
        ));
    }
    let micros = t.elapsed().as_micros() as u64;
    let report = Report::new(
        opts,
        || {
            funcs
                .iter()
                .zip(&branches)
                .filter(|(_, &(removed, _, merged))| removed > 0 || merged > 0)
                .map(|(f, &(removed, inverted, merged))| {
                    let mut text = format!(
                        "`{}`: {} to the next block removed, {} inverted to fall through",
                        f.name,
                        plural(removed, "branch"),
                        inverted
                    );
                    if merged > 0 {
                        text += &format!(", {} merged into one", plural(merged, "return"));
                    }
                    text
                })
                .collect()
        },
        || machine_metrics(&funcs),
    );
    record(
        c,
        StageId::Layout,
        machine_text(&funcs),
        true,
        micros,
        report,
    );

    let t = Instant::now();
    let Some(isa) = ptx_isa(c, name, opts, target, &funcs) else {
        return;
    };
    let externs = emit::extern_prototypes(&module);
    let e = emit::module(
        &module.globals,
        &externs,
        &funcs,
        target,
        isa,
        name,
        opts.lineinfo,
    );
    c.stats.kernels = funcs.iter().filter(|f| f.kernel).count();
    c.stats.ptx_instructions = e.instructions;
    let micros = t.elapsed().as_micros() as u64;
    let ptx = vec![FunctionText::new("<module>", e.text.clone())];
    record(c, StageId::Ptx, ptx, false, micros, Report::default());
    if opts.snapshots {
        c.values = value_map(&selected, &funcs, &e.defs);
    }
    c.line_map = e.line_map;
    c.ptx = Some(e.text);
}

/// Where each function's IR values went: their registers (after
/// coalescing) and the PTX lines defining them.
fn value_map(
    selected: &[isel::Selected],
    funcs: &[crate::ptx::MFunction],
    defs: &[Vec<(crate::ptx::Reg, u32)>],
) -> Vec<FunctionValues> {
    selected
        .iter()
        .zip(funcs)
        .zip(defs)
        .map(|((s, f), defs)| {
            // Each register's definitions, by their place in `defs`.
            let mut by_reg: crate::collections::HashMap<crate::ptx::Reg, Vec<usize>> =
                crate::collections::HashMap::default();
            for (k, (r, _)) in defs.iter().enumerate() {
                by_reg.entry(*r).or_default().push(k);
            }
            FunctionValues {
                function: f.name.clone(),
                values: s
                    .values
                    .iter()
                    .map(|(name, regs)| {
                        let mut at: Vec<usize> = regs
                            .iter()
                            .flat_map(|r| by_reg.get(r).into_iter().flatten().copied())
                            .collect();
                        at.sort_unstable();
                        at.dedup();
                        ValueRegs {
                            value: name.clone(),
                            registers: regs.iter().map(|r| r.to_string()).collect(),
                            ptx_lines: at.into_iter().map(|k| defs[k].1).collect(),
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The PTX ISA version to write (`-ptx-version`): NVRTC's by default; the
/// lowest the target and the instructions need; or the one asked for, with
/// an error where the target or an instruction needs a newer one.
fn ptx_isa(
    c: &mut Compilation,
    name: &str,
    opts: &Options,
    target: &crate::target::Target,
    funcs: &[crate::ptx::MFunction],
) -> Option<isa::Isa> {
    // The instructions are read only when a version is asked for.
    let asked = match opts.ptx_version {
        None => return Some(target.ptx_isa),
        Some(PtxVersion::Lowest) => {
            let need = isa::newest_required(funcs).map_or(target.min_ptx_isa, |(v, _, _)| v);
            return Some(need.max(target.min_ptx_isa));
        }
        Some(PtxVersion::Exact(a, b)) => (a, b),
    };
    // An error with no source line (the option itself) names no file, as
    // an unknown -arch does.
    let mut error = |line: u32, msg: String| {
        let span = match line {
            0 => Span::default(),
            _ => Span {
                file: name.to_string(),
                line,
                column: 0,
                len: 1,
            },
        };
        c.diagnostics.push(Diagnostic::error(span, msg));
    };
    if asked > crate::target::NEWEST_ISA {
        error(
            0,
            format!(
                "PTX ISA {} is newer than ptxlab knows (the newest is {})",
                isa::text(asked),
                isa::text(crate::target::NEWEST_ISA)
            ),
        );
    } else if asked < target.min_ptx_isa {
        error(
            0,
            format!(
                "PTX ISA {} does not support target {} (it needs {} or later)",
                isa::text(asked),
                target.name,
                isa::text(target.min_ptx_isa)
            ),
        );
    } else if let Some((need, what, line)) =
        isa::newest_required(funcs).filter(|(v, _, _)| *v > asked)
    {
        error(
            line,
            format!(
                "instruction '{what}' needs PTX ISA {} or later (-ptx-version={})",
                isa::text(need),
                isa::text(asked)
            ),
        );
    } else {
        return Some(asked);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    const SRC: &str =
        "__global__ void k(float *p, int n) { for (int i = 0; i < n; i++) p[i] *= 2.0f; }\n";

    /// Stepping gives the IR the compile records at every stage, and the
    /// stage of each run is the one the compilation says.
    #[test]
    fn stepping_gives_each_stages_ir() {
        let opts = Options::default();
        let c = crate::compile_source("k.cu", SRC, &opts);
        let mut s = Stepper::new("k.cu", SRC, &NoFiles, &opts).unwrap();
        assert_eq!(s.after(), "link");
        assert_eq!(c.stages[s.stage()].functions, opt::snapshot(s.module()));
        while let Some(run) = s.step() {
            let stage = &c.stages[s.stage()];
            assert_eq!(stage.pass_run, Some(run.n));
            assert_eq!(stage.name, run.pass.name());
            assert_eq!(c.pass_runs_at(s.stage()), Some(run.n));
            assert_eq!(stage.functions, opt::snapshot(s.module()), "{}", stage.name);
            if !run.changed {
                assert!(!stage.changed, "{}", stage.name);
            }
        }
        assert_eq!(s.done(), s.total());
        assert_eq!(s.after(), "globaldce");
        assert_eq!(c.stages[s.stage() + 1].name, "isel");
        assert_eq!(c.pass_runs_at(s.stage() + 1), None);
        assert_eq!(c.pass_runs_at(0), Some(0));
        assert_eq!(c.kernels.len(), 1);
        assert_eq!(c.kernels[0].name, "_Z1kPfi");

        // From a module on: the rest of the runs give the same IR.
        let mut half = Stepper::new("k.cu", SRC, &NoFiles, &opts).unwrap();
        half.run_to(10);
        let mut rest = Stepper::from_module(half.into_module(), 10, &opts).unwrap();
        rest.run_to(usize::MAX);
        assert_eq!(opt::snapshot(rest.module()), opt::snapshot(s.module()));
    }

    /// Every stage that changed the program says what it did; metrics are
    /// kept for every stage but ptx; a compile without snapshots keeps neither.
    #[test]
    fn changed_stages_have_remarks_and_every_stage_metrics() {
        for (name, text) in [
            ("k.cu", SRC),
            ("saxpy.cu", include_str!("../tests/corpus/saxpy.cu")),
            ("reflect.cu", include_str!("../tests/corpus/reflect.cu")),
            (
                "shared_reduce.cu",
                include_str!("../tests/corpus/shared_reduce.cu"),
            ),
        ] {
            let c = crate::compile_source(name, text, &Options::default());
            assert!(!c.has_errors(), "{name}");
            for s in &c.stages {
                let applied = s.remarks.iter().any(|r| r.kind == RemarkKind::Applied);
                assert!(
                    !s.changed || applied || s.name == "ptx",
                    "{name}: {}",
                    s.name
                );
                assert_eq!(s.metrics.is_some(), s.name != "ptx", "{name}: {}", s.name);
            }
            let plain = Options {
                snapshots: false,
                ..Options::default()
            };
            let c = crate::compile_source(name, text, &plain);
            assert!(c
                .stages
                .iter()
                .all(|s| s.remarks.is_empty() && s.metrics.is_none()));
        }
    }

    /// isel and out-of-ssa count their optional rewrites like the passes:
    /// `isel:0` makes no fold and no `.nc` mark, `out-of-ssa:0` coalesces
    /// nothing (a copy per phi input); each rewrite more moves toward the
    /// full PTX, which a limit at the count (or above) gives.
    #[test]
    fn backend_stages_count_their_rewrites() {
        let src = "__global__ void k(const float *__restrict__ x, float *__restrict__ y, int n) {\n  float s = 0.0f;\n  for (int i = 0; i < n; i++) s = s * x[i] + 1.0f;\n  y[threadIdx.x] = s * x[threadIdx.x + 1];\n}\n";
        let ptx = |limit: Option<&str>| {
            let opts = Options {
                rewrite_limits: limit
                    .map(|l| crate::RewriteLimit::parse(l).unwrap())
                    .into_iter()
                    .collect(),
                snapshots: false,
                ..Options::default()
            };
            let c = crate::compile_source("k.cu", src, &opts);
            assert!(!c.has_errors(), "{:?}", c.diagnostics);
            c.ptx.unwrap()
        };
        let full = ptx(None);
        assert!(
            full.contains("ld.global.nc") && full.contains("fma.rn.f32"),
            "{full}"
        );
        let none = ptx(Some("isel:0"));
        assert!(!none.contains(".nc") && !none.contains("fma.rn"), "{none}");
        // Some limit gives the whole PTX; each below it differs.
        let n = (0..64)
            .find(|&k| ptx(Some(&format!("isel:{k}"))) == full)
            .unwrap();
        assert!(n >= 3, "{n}");
        assert_ne!(ptx(Some(&format!("isel:{}", n - 1))), full);

        let movs = |p: &str| p.matches("mov.f32").count();
        let copied = ptx(Some("out-of-ssa:0"));
        assert!(movs(&copied) > movs(&full), "{copied}\n{full}");
        let n = (0..64)
            .find(|&k| ptx(Some(&format!("out-of-ssa:{k}"))) == full)
            .unwrap();
        assert!(n >= 1);
        assert!(crate::RewriteLimit::parse("out-of-ssa:2").is_ok());
        assert!(crate::RewriteLimit::parse("emit:2").is_err());
    }

    #[test]
    fn an_unknown_arch_is_one_diagnostic() {
        let opts = Options {
            arch: "sm_52".into(),
            ..Options::default()
        };
        let c = crate::compile_source("k.cu", SRC, &opts);
        assert_eq!(c.diagnostics.len(), 1);
        assert!(c.diagnostics[0]
            .message
            .starts_with("unsupported GPU architecture 'sm_52' (supported: sm_75, sm_80"));
        assert!(c.stages.is_empty());
        assert!(Stepper::new("k.cu", SRC, &NoFiles, &opts).is_err());
    }
}
