//! globaldce: deletes device functions that nothing calls any more (after
//! inlining) and module-private variables (`__shared__`, string literals)
//! that nothing names. Kernels are the roots.

use crate::collections::HashSet;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let functions = m.by_name();
    let mut live: HashSet<String> = m
        .functions
        .iter()
        .filter(|f| f.attrs.kernel)
        .map(|f| f.name.clone())
        .collect();
    // A function whose address initializes a variable (`table[] = {sq,
    // neg}`) may be called through it.
    for g in &m.globals {
        if let Init::Values(vs) = &g.init {
            for v in vs {
                if let Value::Global(n, _) = v {
                    if functions.contains_key(n.as_str()) {
                        live.insert(n.clone());
                    }
                }
            }
        }
    }
    let mut live_globals: HashSet<String> = HashSet::default();
    let mut work: Vec<String> = live.iter().cloned().collect();
    while let Some(name) = work.pop() {
        let Some(f) = functions.get(name.as_str()) else {
            continue;
        };
        for b in &f.layout {
            for i in &f.block(*b).insts {
                let kind = &f.inst(*i).kind;
                if let InstKind::Call {
                    callee: Callee::Function(callee),
                    ..
                } = kind
                {
                    if live.insert(callee.clone()) {
                        work.push(callee.clone());
                    }
                }
                kind.for_each_operand(|op| {
                    if let Value::Global(g, _) = op {
                        live_globals.insert(g.clone());
                        // A function's address: it may be called through it.
                        if functions.contains_key(g.as_str()) && live.insert(g.clone()) {
                            work.push(g.clone());
                        }
                    }
                });
            }
        }
    }
    let before = (m.functions.len(), m.globals.len());
    if cx.remarks_on() {
        let dead: Vec<String> = m
            .functions
            .iter()
            .filter(|f| !live.contains(&f.name))
            .map(|f| format!("`{}`", f.name))
            .collect();
        if !dead.is_empty() {
            cx.applied(
                0,
                format_args!("deleted unused functions {}", dead.join(", ")),
            );
        }
    }
    m.functions.retain(|f| live.contains(&f.name));
    // Device variables are visible to the host (cudaMemcpyToSymbol): only
    // unused private ones go: shared variables, which belong to a kernel, and
    // string literals (`$str…`).
    m.globals.retain(|g| {
        let private = g.space == addrspace::SHARED || g.name.starts_with("$str");
        let keep = !private || g.external || live_globals.contains(&g.name);
        if !keep {
            cx.applied(0, format_args!("deleted unused variable `{}`", g.name));
        }
        keep
    });
    before != (m.functions.len(), m.globals.len())
}
