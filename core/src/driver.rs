//! The driver: runs the stages in order and collects the `Compilation`.

use crate::codegen::{emit, isel, layout, out_of_ssa};
use crate::compilation::{Compilation, FunctionText, Stage, StageKind};
use crate::diag::{Diagnostic, Span};
use crate::ir::{print_function, verify};
use crate::options::Options;
use crate::ptx::print_machine_function;
use crate::{frontend, irgen, link, opt, target, FileProvider, NoFiles};
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

fn stage(
    name: &str,
    index: usize,
    kind: StageKind,
    description: &str,
    functions: Vec<FunctionText>,
    prev: Option<&Stage>,
    micros: u64,
) -> Stage {
    let changed = prev.is_none_or(|p| p.functions != functions);
    Stage {
        name: name.into(),
        index,
        kind,
        description: description.into(),
        functions,
        changed,
        micros,
    }
}

/// Compiles `text` to IR and runs the first `pass_runs` runs of the
/// optimization pipeline (all of them with `None`; 0 = the module as irgen
/// and link left it). For the interpreter's `ptxlab run --after-pass N` and
/// for tests that look at one stage.
pub fn compile_to_ir(
    name: &str,
    text: &str,
    files: &dyn FileProvider,
    opts: &Options,
    pass_runs: Option<usize>,
) -> Result<crate::ir::Module, Vec<Diagnostic>> {
    let mut c = Compilation::default();
    let Some(mut module) = to_ir(name, text, files, opts, &mut c) else {
        return Err(c.diagnostics);
    };
    let passes = opt::pipeline::passes(opts.opt_level);
    let n = pass_runs.unwrap_or(passes.len()).min(passes.len());
    let (_, broken) = opt::run(&mut module, &passes[..n], opts, 2, true);
    if let Some(b) = broken {
        internal_error(&mut c, name, broken_message(&b));
        return Err(c.diagnostics);
    }
    Ok(module)
}

fn broken_message(b: &opt::BrokenIr) -> String {
    format!(
        "pass '{}' (run {}) left invalid IR: {}",
        b.pass,
        b.index,
        b.errors.join("; ")
    )
}

/// The stages before the optimizer: frontend, irgen and link, each recorded
/// in `c`. `None` when an error stops the compile (it is in `c.diagnostics`).
fn to_ir(
    name: &str,
    text: &str,
    files: &dyn FileProvider,
    opts: &Options,
    c: &mut Compilation,
) -> Option<crate::ir::Module> {
    let Some(target) = target::find(&opts.arch) else {
        let msg = format!(
            "unsupported GPU architecture '{}' (supported: {})",
            opts.arch,
            target::names().join(", ")
        );
        c.diagnostics.push(Diagnostic::error(Span::default(), msg));
        return None;
    };
    let t = Instant::now();
    let tu = frontend::compile_unit(name, text, files, opts, target, &mut c.diagnostics);
    c.stats.frontend_micros = t.elapsed().as_micros() as u64;
    if c.has_errors() {
        return None;
    }

    let t = Instant::now();
    let mut module = irgen::lower(&tu, name, opts);
    c.stages.push(stage("irgen", 0, StageKind::Ir, "Lowers the typed syntax tree to IR, clang-style: every local variable lives in an alloca, read by loads and written by stores.", ir_text(&module, opts), None, t.elapsed().as_micros() as u64));
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
    if let Err(missing) = link::libdevice(&mut module, opts) {
        for m in missing {
            // At the first call of the function, when the call has a line.
            let at = module
                .functions
                .iter()
                .flat_map(|f| f.insts.iter())
                .find(
                    |i| matches!(&i.kind, crate::ir::InstKind::Call { callee, .. } if *callee == m),
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
    let link_stage = stage(
        "link",
        1,
        StageKind::Ir,
        "Links the libdevice (__nv_*) math functions the module calls, and nothing else.",
        ir_text(&module, opts),
        c.stages.last(),
        t.elapsed().as_micros() as u64,
    );
    c.stages.push(link_stage);
    Some(module)
}

/// A stage's IR text: none without snapshots (the checks of debug builds
/// and tests compare texts, so they keep them).
fn ir_text(module: &crate::ir::Module, opts: &Options) -> Vec<FunctionText> {
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
    let Some(mut module) = to_ir(name, text, files, opts, c) else {
        return;
    };
    // to_ir has reported an unknown target.
    let Some(target) = target::find(&opts.arch) else {
        return;
    };

    let passes = opt::pipeline::passes(opts.opt_level);
    let (stages, broken) = opt::run(&mut module, passes, opts, 2, VERIFY_EACH);
    c.stages.extend(stages);
    if let Some(b) = broken {
        internal_error(c, name, broken_message(&b));
        return;
    }

    // Backend, function by function.
    let kernels_first: Vec<&crate::ir::Function> = module
        .functions
        .iter()
        .filter(|f| !f.is_declaration())
        .collect();
    let mut selected = Vec::new();
    let t = Instant::now();
    for (index, f) in kernels_first.iter().enumerate() {
        match isel::select(&module, f, index, opts) {
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
    let mut next = c.stages.len();
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
    let st = stage("isel", next, StageKind::Machine, "Instruction selection: each IR instruction becomes PTX instructions on virtual registers of cicc's classes (%r, %rd, %f, %p, …); phis remain.", machine_text(&funcs), None, t.elapsed().as_micros() as u64);
    c.stages.push(st);
    next += 1;

    let t = Instant::now();
    for (f, s) in funcs.iter_mut().zip(&selected) {
        out_of_ssa::run(f, &s.phis);
    }
    let st = stage("out-of-ssa", next, StageKind::Machine, "Leaves SSA: each phi becomes mov instructions on the incoming edges (critical edges get their own block).", machine_text(&funcs), c.stages.last(), t.elapsed().as_micros() as u64);
    c.stages.push(st);
    next += 1;

    let t = Instant::now();
    for f in &mut funcs {
        layout::run(f);
    }
    let st = stage("layout", next, StageKind::Machine, "Block layout: drops branches to the next block and inverts conditions so the common path falls through.", machine_text(&funcs), c.stages.last(), t.elapsed().as_micros() as u64);
    c.stages.push(st);
    next += 1;

    let t = Instant::now();
    let externs = emit::extern_prototypes(&module);
    let e = emit::module(
        &module.globals,
        &externs,
        &funcs,
        target,
        name,
        opts.lineinfo,
    );
    c.stats.kernels = funcs.iter().filter(|f| f.kernel).count();
    c.stats.ptx_instructions = e.instructions;
    c.stages.push(stage(
        "ptx",
        next,
        StageKind::Ptx,
        "Emits the PTX module: header for the target, parameters, register declarations, instructions.",
        vec![FunctionText::new("<module>", e.text.clone())],
        None,
        t.elapsed().as_micros() as u64,
    ));
    c.line_map = e.line_map;
    c.ptx = Some(e.text);
    let _ = print_function;
}
