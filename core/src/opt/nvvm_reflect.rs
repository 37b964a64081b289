//! nvvm-reflect: `__nvvm_reflect("__CUDA_ARCH")` and friends become the
//! constants the compile options give (seed page "NVVMReflect"):
//! `__CUDA_ARCH` = major*100 + minor*10 of the target, `__CUDA_FTZ`,
//! `__CUDA_PREC_DIV`, `__CUDA_PREC_SQRT` = 0 or 1 from -ftz/-prec-div/
//! -prec-sqrt; any other query is 0. nvvm-reflect-pp (cicc's
//! SimplifyConstantConditionalsPass) then folds the compares and branches
//! on those constants and deletes the paths not taken.

use super::PassContext;
use crate::ir::*;
use crate::target::Target;

/// The answer to `__nvvm_reflect(query)` under these options (the
/// interpreter asks here too, for IR that still holds the calls).
pub fn reflect_value(query: &str, opts: &crate::options::Options) -> i64 {
    answer(query, opts, opts.target().ok())
}

/// The answer to `query` for `target` (`None`: an unknown one, 0).
fn answer(query: &str, opts: &crate::options::Options, target: Option<&Target>) -> i64 {
    match query {
        "__CUDA_ARCH" => target.map_or(0, |t| i64::from(t.cuda_arch())),
        "__CUDA_FTZ" => i64::from(opts.ftz),
        "__CUDA_PREC_DIV" => i64::from(opts.prec_div),
        "__CUDA_PREC_SQRT" => i64::from(opts.prec_sqrt),
        _ => 0,
    }
}

/// The string a reflect argument points to: a constant global, possibly through a cast.
fn query_string(m: &Module, f: &Function, v: &Value) -> Option<String> {
    let mut v = v.clone();
    for _ in 0..8 {
        match v {
            Value::Global(name, _) => {
                let g = m.globals.iter().find(|g| g.name == name)?;
                let Init::Values(vals) = &g.init else {
                    return None;
                };
                let bytes: Vec<u8> = vals
                    .iter()
                    .map_while(|b| b.as_int().filter(|c| *c != 0).map(|c| c as u8))
                    .collect();
                return String::from_utf8(bytes).ok();
            }
            Value::Inst(i) => match &f.inst(i).kind {
                InstKind::Cast { val, .. } => v = val.clone(),
                InstKind::Gep { base, indices, .. }
                    if indices.iter().all(|x| x.as_int() == Some(0)) =>
                {
                    v = base.clone()
                }
                _ => return None,
            },
            _ => return None,
        }
    }
    None
}

pub fn run(m: &mut Module, cx: &PassContext) -> bool {
    let mut changed = false;
    for fi in 0..m.functions.len() {
        let f = &m.functions[fi];
        let mut found = Vec::new();
        for b in &f.layout {
            for &i in &f.block(*b).insts {
                if let InstKind::Call { callee, args } = &f.inst(i).kind {
                    if callee.is_function("__nvvm_reflect") {
                        if let Some(q) = args.first().and_then(|a| query_string(m, f, a)) {
                            let value = answer(&q, cx.opts, Some(cx.target));
                            found.push((i, q, value));
                        }
                    }
                }
            }
        }
        if cx.remarks_on() {
            // One remark per query and answer, with how many calls asked it.
            let mut asked: Vec<(&str, i64, usize)> = Vec::new();
            for (_, q, v) in &found {
                match asked.iter_mut().find(|(q2, v2, _)| q2 == q && v2 == v) {
                    Some(a) => a.2 += 1,
                    None => asked.push((q, *v, 1)),
                }
            }
            for (q, v, n) in asked {
                let times = if n > 1 {
                    format!(" ({n} calls)")
                } else {
                    String::new()
                };
                cx.applied(
                    0,
                    format_args!("reflect `{q}` -> {v} in `{}`{times}", f.name),
                );
            }
        }
        let f = &mut m.functions[fi];
        let map: crate::collections::HashMap<InstId, Value> = found
            .iter()
            .map(|(i, _, value)| {
                (
                    *i,
                    crate::ir::fold::int_const(f.inst(*i).ty.clone(), *value),
                )
            })
            .collect();
        changed |= erase_replaced(f, &map);
        if changed {
            // The casts that fed the calls.
            super::dce::run_function(f);
        }
    }
    changed
}

/// nvvm-reflect-pp: compares of constants become constants, branches on
/// constants become jumps, and blocks no path reaches any more are deleted.
pub fn run_pp(m: &mut Module, cx: &PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let before = super::remark::size(f);
        let branches = cond_branches(f);
        let was = changed;
        changed = false;
        loop {
            let mut folded = Vec::new();
            for b in &f.layout {
                for &i in &f.block(*b).insts {
                    let v = match &f.inst(i).kind {
                        InstKind::ICmp { pred, lhs, rhs } => {
                            fold::icmp(*pred, lhs, rhs, &f.value_type(lhs)).map(Value::bool)
                        }
                        InstKind::Select { cond, t, f: e } => {
                            cond.as_int()
                                .map(|c| if c != 0 { t.clone() } else { e.clone() })
                        }
                        InstKind::Bin { op, lhs, rhs, .. } => {
                            fold::binary(*op, lhs, rhs, &f.inst(i).ty)
                        }
                        _ => None,
                    };
                    if let Some(v) = v {
                        folded.push((i, v));
                    }
                }
            }
            let cfg = super::simplifycfg::fold_constant_branches(f)
                | super::simplifycfg::remove_unreachable(f);
            if folded.is_empty() && !cfg {
                break;
            }
            erase_replaced(f, &folded.into_iter().collect());
            changed = true;
        }
        if changed {
            let folded = branches.saturating_sub(cond_branches(f));
            let what = if folded > 0 {
                format!(
                    "{} folded on the reflected flags",
                    super::remark::plural(folded, "branch")
                )
            } else {
                "constants folded".to_string()
            };
            cx.changed_function(f, before, &what);
        }
        changed |= was;
    }
    changed
}

/// The conditional branches (and switches) of `f`.
fn cond_branches(f: &Function) -> usize {
    f.layout
        .iter()
        .filter_map(|&b| f.terminator(b))
        .filter(|t| matches!(t.kind, InstKind::CondBr { .. } | InstKind::Switch { .. }))
        .count()
}

/// Replaces every use of each instruction in `map` by its value, in one walk,
/// and deletes the instructions. False when `map` is empty.
fn erase_replaced(f: &mut Function, map: &crate::collections::HashMap<InstId, Value>) -> bool {
    if map.is_empty() {
        return false;
    }
    f.replace_uses_by_map(map);
    for b in f.layout.clone() {
        f.block_mut(b).insts.retain(|x| !map.contains_key(x));
    }
    for &i in map.keys() {
        f.erase_inst(i);
    }
    true
}
