//! deadargelim: dead argument elimination, as LLVM's and cicc's
//! DeadArgumentElimination. A device function that stays a call (a
//! `__noinline__` one, a member's unused `this`) and is only ever called
//! directly loses the parameters its body never reads, and its result when
//! no caller uses it: its callers stop passing them. Outside `-rdc` every
//! device function is private to the module, so nvcc drops them too
//! (`S::twice(int x, int unused)` becomes `.func _ZN1S5twiceEii(.param .b32
//! _ZN1S5twiceEii_param_0)`). Kernels keep their signature: the host
//! launches them.

use crate::collections::{HashMap, HashSet};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    // Functions whose address is taken may be called with any signature.
    let mut taken: HashSet<String> = HashSet::default();
    for g in &m.globals {
        if let Init::Values(vs) = &g.init {
            for v in vs {
                if let Value::Global(n, _) = v {
                    taken.insert(n.clone());
                }
            }
        }
    }
    // Per callee: whether some call site uses its result.
    let mut result_used: HashMap<String, bool> = HashMap::default();
    for f in &m.functions {
        let uses = f.use_counts();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let kind = &f.inst(i).kind;
                kind.for_each_operand(|op| {
                    if let Value::Global(n, _) = op {
                        taken.insert(n.clone());
                    }
                });
                if let InstKind::Call {
                    callee: Callee::Function(c),
                    ..
                } = kind
                {
                    *result_used.entry(c.clone()).or_default() |= uses[i.0 as usize] > 0;
                }
            }
        }
    }
    // What each function loses: its dead parameters' positions, and
    // whether its result goes.
    let mut plans: HashMap<String, (Vec<usize>, bool)> = HashMap::default();
    for f in &m.functions {
        // A function nothing calls any more (inlined everywhere) is
        // globaldce's to delete, not to change.
        if f.is_declaration()
            || f.attrs.kernel
            || taken.contains(&f.name)
            || !result_used.contains_key(&f.name)
        {
            continue;
        }
        let mut read = vec![false; f.params.len()];
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                f.inst(i).kind.for_each_operand(|op| {
                    if let Value::Arg(k) = op {
                        read[*k as usize] = true;
                    }
                });
            }
        }
        let dead: Vec<usize> = (0..read.len()).filter(|k| !read[*k]).collect();
        let drop_result =
            f.ret != Type::Void && !result_used.get(&f.name).copied().unwrap_or(false);
        if (!dead.is_empty() || drop_result) && cx.may_rewrite() {
            plans.insert(f.name.clone(), (dead, drop_result));
        }
    }
    if plans.is_empty() {
        return false;
    }
    // The callers pass what is left.
    for f in &mut m.functions {
        for b in f.layout.clone() {
            for i in f.block(b).insts.clone() {
                let InstKind::Call {
                    callee: Callee::Function(c),
                    args,
                } = &mut f.inst_mut(i).kind
                else {
                    continue;
                };
                let Some((dead, drop_result)) = plans.get(c.as_str()) else {
                    continue;
                };
                let mut k = 0;
                args.retain(|_| {
                    k += 1;
                    !dead.contains(&(k - 1))
                });
                if *drop_result {
                    let inst = f.inst_mut(i);
                    inst.ty = Type::Void;
                    inst.name.clear();
                }
            }
        }
    }
    // The functions lose them.
    for f in &mut m.functions {
        let Some((dead, drop_result)) = plans.get(&f.name) else {
            continue;
        };
        // Parameter k becomes k minus the dead ones before it.
        let new_index: Vec<u32> = (0..f.params.len())
            .map(|k| (k - dead.iter().filter(|d| **d < k).count()) as u32)
            .collect();
        f.for_each_live_operand_mut(|op| {
            if let Value::Arg(k) = op {
                *k = new_index[*k as usize];
            }
        });
        let names: Vec<String> = dead.iter().map(|k| f.params[*k].name.clone()).collect();
        let mut k = 0;
        f.params.retain(|_| {
            k += 1;
            !dead.contains(&(k - 1))
        });
        if *drop_result {
            f.ret = Type::Void;
            for b in f.layout.clone() {
                for i in f.block(b).insts.clone() {
                    if let InstKind::Ret { val } = &mut f.inst_mut(i).kind {
                        *val = None;
                    }
                }
            }
        }
        if cx.remarks_on() {
            let mut what: Vec<String> = names.iter().map(|n| format!("`%{n}`")).collect();
            if *drop_result {
                what.push("its unused result".into());
            }
            cx.applied(0, format_args!("`{}`: removed {}", f.name, what.join(", ")));
        }
    }
    true
}
