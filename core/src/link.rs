//! The `link` stage: adds the libdevice (`__nv_*`) functions the module
//! calls, and what they call, compiled from `ptxlab-libdevice`'s CUDA C.
//! Nothing else is linked, so the snapshot shows exactly what came in.

use crate::ir::{Global, InstKind, Module, Value};
use crate::options::Options;
use crate::target::Target;

/// Names of `__nv_*` functions called in `m` that `m` does not define.
fn wanted(m: &Module) -> Vec<String> {
    let mut out = Vec::new();
    for f in &m.functions {
        for b in &f.layout {
            for i in &f.block(*b).insts {
                if let InstKind::Call {
                    callee: crate::ir::Callee::Function(callee),
                    ..
                } = &f.inst(*i).kind
                {
                    let defined = m.function(callee).is_some_and(|g| !g.is_declaration());
                    if callee.starts_with("__nv_") && !defined && !out.contains(callee) {
                        out.push(callee.clone());
                    }
                }
            }
        }
    }
    out
}

/// Adds a compiled library module's functions to `m`, with the constants
/// they name (the query strings of `__nvvm_reflect`), renamed where `m`
/// already has a global of that name.
fn add_library(m: &mut Module, lib: Module) {
    let mut renames: Vec<(String, String)> = Vec::new();
    for g in lib.globals {
        if let Some(same) = m.globals.iter().find(|h| {
            // Query strings, and the tables that several functions' sources define.
            h.ty == g.ty
                && h.init == g.init
                && h.space == g.space
                && (h.name.starts_with("$str") || h.name == g.name)
        }) {
            renames.push((g.name.clone(), same.name.clone()));
            continue;
        }
        let mut name = g.name.clone();
        let mut n = 1;
        while m.globals.iter().any(|h| h.name == name) {
            name = format!("{}$nv{n}", g.name);
            n += 1;
        }
        renames.push((g.name.clone(), name.clone()));
        m.globals.push(Global { name, ..g });
    }
    for mut f in lib.functions.into_iter().filter(|f| !f.is_declaration()) {
        for inst in &mut f.insts {
            // Library lines are not lines of the user's file: inlined copies
            // take the call's location instead.
            inst.loc = None;
            for op in inst.kind.operands_mut() {
                if let Value::Global(name, _) = op {
                    if let Some((_, to)) = renames.iter().find(|(from, _)| from == name) {
                        *name = to.clone();
                    }
                }
            }
        }
        m.functions.retain(|g| g.name != f.name);
        m.functions.push(f);
    }
}

/// Compiled libdevice functions by name and options: each is parsed and
/// lowered once per process (the web worker recompiles on every edit).
type Cache = crate::collections::HashMap<String, Option<Module>>;

static CACHE: std::sync::LazyLock<std::sync::Mutex<Cache>> =
    std::sync::LazyLock::new(Default::default);

/// Drops the compiled libdevice functions: the next compile is a new
/// process's first (the bench's cold column).
pub fn forget() {
    CACHE.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// The entries kept at most (every option combination of every function is
/// far fewer; a bound all the same).
const CACHE_LIMIT: usize = 4096;

/// The IR of one libdevice function's source under `opts`, from the cache
/// when it was compiled before; `None` when its source does not compile.
fn compiled(
    name: &str,
    source: &[&str],
    opts: &Options,
    target: &'static Target,
) -> Option<Module> {
    // Everything in the options can change the lowering (the target's
    // __CUDA_ARCH__, -ftz, -D macros, …): all of it is in the key, but
    // whether the stages keep their IR text (the same lowering either way)
    // and what only steers the passes (limits, disabled passes, injected bugs,
    // an edited run).
    let lowering = Options {
        snapshots: true,
        disabled_passes: Vec::new(),
        opt_bisect_limit: None,
        rewrite_limits: Vec::new(),
        inject_bugs: Vec::new(),
        ir_edit: None,
        ..opts.clone()
    };
    let key = format!("{name}\u{0}{lowering:?}");
    let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(m) = cache.get(&key) {
        return m.clone();
    }
    let mut diags = Vec::new();
    let tu = crate::frontend::compile_unit(
        "<libdevice>",
        &source.concat(),
        &crate::NoFiles,
        opts,
        target,
        &mut diags,
    );
    let lib = (!diags.iter().any(|d| d.is_error()))
        .then(|| crate::irgen::lower(&tu, "<libdevice>", opts, &mut Vec::new()));
    if cache.len() >= CACHE_LIMIT {
        cache.clear();
    }
    cache.insert(key, lib.clone());
    lib
}

/// Links libdevice into `m`, compiled for `target` (the one `opts.arch`
/// names). Returns the names linked, or the names that libdevice lacks.
pub fn libdevice(
    m: &mut Module,
    opts: &Options,
    target: &'static Target,
) -> Result<Vec<String>, Vec<String>> {
    let mut linked = Vec::new();
    let mut missing = Vec::new();
    // Linked functions may call others: repeat until closed (bounded, in
    // case a library entry fails to define the name it is filed under).
    for _ in 0..1000 {
        let names = wanted(m);
        let names: Vec<String> = names
            .into_iter()
            .filter(|n| !missing.contains(n) && !linked.contains(n))
            .collect();
        if names.is_empty() {
            break;
        }
        for name in names {
            let Some(def) = ptxlab_libdevice::find(&name) else {
                missing.push(name);
                continue;
            };
            let Some(lib) = compiled(&name, def.source, opts, target) else {
                missing.push(name);
                continue;
            };
            add_library(m, lib);
            linked.push(name);
        }
    }
    if missing.is_empty() {
        Ok(linked)
    } else {
        Err(missing)
    }
}
