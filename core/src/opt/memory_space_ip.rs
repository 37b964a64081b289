//! memory-space-opt's interprocedural part (cicc's `ipmsp`): a device
//! function's generic pointer parameter that points into one space at every
//! call site (a kernel's global pointer passed on, the same `__shared__`
//! array) is cast to that space at the function's entry, as
//! nvptx-lower-args does for a kernel's parameters; memory-space-opt then
//! gives the function's accesses their space (`ld.global`). nvcc 13.5
//! rewrites the callee in place: its parameter stays a generic `.b64` and
//! its body begins with `cvta.to.global.u64` (or `cvta.to.shared.u64`);
//! call sites that disagree (shared at one, global at another) leave it
//! generic, with no clone. Without separate compilation every device
//! function's callers are in the module; one whose address is taken (a
//! function pointer) may be called from anywhere and is left alone.

use super::memory_space_opt::{infer, join, Space};
use crate::collections::{HashMap, HashSet};
use crate::ir::*;

/// Specializes parameters until no call site learns more (a parameter
/// cast in one function may make the arguments it passes on known).
pub(super) fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let taken = address_taken(m);
    let mut changed = false;
    // Each round resolves at least one parameter, so this ends.
    loop {
        let spaces = argument_spaces(m, &taken);
        let mut round = false;
        for f in m.functions.iter_mut().filter(|f| !f.is_declaration()) {
            let mut at = super::lower_args::first_non_alloca(f);
            for a in 0..f.params.len() {
                let Some(&Space::In(s)) = spaces.get(&(f.name.clone(), a)) else {
                    continue;
                };
                if !super::lower_args::cast_param(f, a, s, &mut at) {
                    continue;
                }
                round = true;
                cx.applied(
                    0,
                    format_args!(
                        "pointer parameter `{}` of `{}` points to {} memory at every call site",
                        f.params[a].name,
                        f.name,
                        super::remark::space_name(s)
                    ),
                );
            }
        }
        if !round {
            return changed;
        }
        changed = true;
    }
}

/// The functions named as values (`@f` stored, passed or called through a
/// pointer) anywhere in the module: their callers are not all known.
fn address_taken(m: &Module) -> HashSet<String> {
    let mut taken = HashSet::default();
    let mut note = |v: &Value| {
        if let Value::Global(name, _) = v {
            taken.insert(name.clone());
        }
    };
    for g in &m.globals {
        if let Init::Values(vs) = &g.init {
            vs.iter().for_each(&mut note);
        }
    }
    for f in &m.functions {
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                f.inst(i).kind.for_each_operand(&mut note);
            }
        }
    }
    taken
}

/// Whether parameter `a` of `f` may be specialized: a generic pointer not
/// passed by value, not already cast to a space at the entry.
fn candidate(f: &Function, a: usize) -> bool {
    let p = &f.params[a];
    if p.ty != Type::Ptr(addrspace::GENERIC) || p.byval.is_some() {
        return false;
    }
    let arg = Value::Arg(a as u32);
    // Already specialized: its one use is the cast to a space.
    !f.block(f.entry()).insts.iter().any(|&i| {
        matches!(&f.inst(i).kind, InstKind::Cast { op: CastOp::AddrSpaceCast, val } if *val == arg)
            && f.inst(i).ty != Type::Ptr(addrspace::GENERIC)
    })
}

/// For each candidate parameter (function name, index) of a device
/// function whose callers are all known: the space its arguments share
/// over every call site (`Generic` when they disagree or one is unknown).
fn argument_spaces(m: &Module, taken: &HashSet<String>) -> HashMap<(String, usize), Space> {
    let callees: HashMap<&str, &Function> = m
        .functions
        .iter()
        .filter(|f| !f.attrs.kernel && !f.is_declaration() && !taken.contains(&f.name))
        .map(|f| (f.name.as_str(), f))
        .collect();
    let mut spaces: HashMap<(String, usize), Space> = HashMap::default();
    for caller in m.functions.iter().filter(|f| !f.is_declaration()) {
        let order: Vec<InstId> = caller
            .reverse_postorder()
            .into_iter()
            .flat_map(|b| caller.block(b).insts.clone())
            .collect();
        let mut space = None;
        for &i in &order {
            let InstKind::Call {
                callee: Callee::Function(callee),
                args,
            } = &caller.inst(i).kind
            else {
                continue;
            };
            let Some(g) = callees.get(callee.as_str()) else {
                continue;
            };
            let space = space.get_or_insert_with(|| infer(caller, &order));
            for (a, v) in args.iter().enumerate().take(g.params.len()) {
                if !candidate(g, a) {
                    continue;
                }
                let s = match v {
                    Value::Inst(d) => space.get(d).copied().unwrap_or(Space::Generic),
                    _ => Space::Generic,
                };
                let e = spaces.entry((callee.clone(), a)).or_insert(Space::Any);
                *e = join(*e, s);
            }
        }
    }
    spaces
}
