//! mem2reg: promotes allocas that are only loaded and stored to SSA values
//! (Cytron et al.: phis at the iterated dominance frontier of the stores,
//! then renaming along the dominator tree). Phis take the variable's source
//! name (`%i.addr` → `%i`), so loops read as they were written.

use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let before = if cx.remarks_on() { counts(f) } else { (0, 0) };
        if promote(f, cx) {
            changed = true;
            let after = counts(f);
            cx.applied(
                0,
                format_args!(
                    "`{}`: promoted {} to registers, {} inserted",
                    f.name,
                    super::remark::plural(before.0.saturating_sub(after.0), "alloca"),
                    super::remark::plural(after.1.saturating_sub(before.1), "phi")
                ),
            );
        }
        if cx.remarks_on() {
            let entry = f.entry();
            for &i in &f.block(entry).insts {
                let inst = f.inst(i);
                if let InstKind::Alloca { ty, .. } = &inst.kind {
                    let why = if ty.is_aggregate() || ty.is_vector() {
                        "an aggregate (sroa splits those it can)"
                    } else {
                        "its address is used other than to load and store it"
                    };
                    cx.missed(
                        inst.loc.map_or(0, |l| l.line),
                        format_args!("`%{}` not promoted: {why}", inst.name),
                    );
                }
            }
        }
    }
    changed
}

/// The allocas in the entry block and the phis of `f`.
fn counts(f: &Function) -> (usize, usize) {
    let mut out = (0, 0);
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            match f.inst(i).kind {
                InstKind::Alloca { .. } => out.0 += 1,
                InstKind::Phi { .. } => out.1 += 1,
                _ => {}
            }
        }
    }
    out
}

/// Allocas of scalars whose every use is a load from it or a store to it.
fn promotable(f: &Function) -> Vec<InstId> {
    let entry = f.entry();
    let order: Vec<InstId> = f
        .block(entry)
        .insts
        .iter()
        .copied()
        .filter(|&i| matches!(&f.inst(i).kind, InstKind::Alloca { ty, .. } if !ty.is_aggregate() && !ty.is_vector() && *ty != Type::Void))
        .collect();
    let mut cands: crate::collections::HashSet<InstId> = order.iter().copied().collect();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let kind = &f.inst(i).kind;
            let ok_uses: Vec<&Value> = match kind {
                InstKind::Load {
                    ptr,
                    volatile: false,
                    ..
                } => vec![ptr],
                InstKind::Store {
                    ptr,
                    volatile: false,
                    ..
                } => vec![ptr],
                _ => vec![],
            };
            for op in kind.operands() {
                if let Value::Inst(a) = op {
                    let allowed = ok_uses.iter().any(|u| std::ptr::eq(*u, op));
                    if !allowed {
                        cands.remove(a);
                    }
                }
            }
            // A load or store of another type through the slot is a reinterpretation.
            if let InstKind::Load {
                ptr: Value::Inst(a),
                ..
            } = kind
            {
                if let InstKind::Alloca { ty, .. } = &f.inst(*a).kind {
                    if *ty != f.inst(i).ty {
                        cands.remove(a);
                    }
                }
            }
            if let InstKind::Store {
                ptr: Value::Inst(a),
                val,
                ..
            } = kind
            {
                if let InstKind::Alloca { ty, .. } = &f.inst(*a).kind {
                    if *ty != f.value_type(val) {
                        cands.remove(a);
                    }
                }
            }
        }
    }
    order.into_iter().filter(|a| cands.contains(a)).collect()
}

/// Each alloca promoted is one rewrite.
fn promote(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut allocas = promotable(f);
    allocas.retain(|_| cx.may_rewrite());
    if allocas.is_empty() {
        return false;
    }
    // Each instruction's variable (the alloca's index), by instruction id.
    let mut index: Vec<Option<u32>> = vec![None; f.insts.len()];
    for (n, a) in allocas.iter().enumerate() {
        index[a.0 as usize] = Some(n as u32);
    }
    let var = |index: &[Option<u32>], v: &Value| match v {
        Value::Inst(a) => index
            .get(a.0 as usize)
            .copied()
            .flatten()
            .map(|n| n as usize),
        _ => None,
    };
    let dom = DomTree::new(f);
    let df = dom.frontiers(f);
    let preds = f.predecessors();

    // Phi placement at the iterated dominance frontier of each variable's stores.
    // The phis of each block with their variables, in the order made.
    let mut block_phis: Vec<Vec<(usize, InstId)>> = vec![Vec::new(); f.blocks.len()];
    let mut bases: Vec<String> = Vec::new();
    // The reachable blocks storing to each variable, in layout order, found in
    // one walk (not one walk per variable).
    let mut store_blocks: Vec<Vec<BlockId>> = vec![Vec::new(); allocas.len()];
    for &b in &f.layout {
        if !dom.is_reachable(b) {
            continue;
        }
        for &i in &f.block(b).insts {
            if let InstKind::Store { ptr, .. } = &f.inst(i).kind {
                if let Some(n) = var(&index, ptr) {
                    if store_blocks[n].last() != Some(&b) {
                        store_blocks[n].push(b);
                    }
                }
            }
        }
    }
    let mut has_phi = vec![false; f.blocks.len()];
    for (n, &a) in allocas.iter().enumerate() {
        let ty = match &f.inst(a).kind {
            InstKind::Alloca { ty, .. } => ty.clone(),
            _ => continue,
        };
        let base = f.inst(a).name.trim_end_matches(".addr").to_string();
        bases.push(base.clone());
        let mut work: Vec<BlockId> = std::mem::take(&mut store_blocks[n]);
        has_phi.iter_mut().for_each(|h| *h = false);
        while let Some(b) = work.pop() {
            for &d in &df[b.0 as usize] {
                if has_phi[d.0 as usize] {
                    continue;
                }
                has_phi[d.0 as usize] = true;
                let phi = f.create_inst(
                    &base,
                    ty.clone(),
                    InstKind::Phi {
                        incoming: Vec::new(),
                    },
                    None,
                );
                f.block_mut(d).insts.insert(0, phi);
                block_phis[d.0 as usize].push((n, phi));
                work.push(d);
            }
        }
    }
    let mut phi_var: Vec<Option<u32>> = vec![None; f.insts.len()];
    for &(n, phi) in block_phis.iter().flatten() {
        phi_var[phi.0 as usize] = Some(n as u32);
    }

    // Renaming along the dominator tree: the values on entry to a block in
    // `cur`, each change logged so leaving the block's subtree undoes it.
    let mut repl: Vec<Option<Value>> = vec![None; f.insts.len()];
    let mut dead: Vec<InstId> = allocas.clone();
    let children = dom.children();
    let undef: Vec<Value> = allocas
        .iter()
        .map(|&a| match &f.inst(a).kind {
            InstKind::Alloca { ty, .. } => Value::Undef(ty.clone()),
            _ => Value::Undef(Type::Void),
        })
        .collect();
    let resolve = |repl: &[Option<Value>], v: &Value| -> Value {
        let mut v = v.clone();
        while let Value::Inst(i) = v {
            match repl.get(i.0 as usize).and_then(Option::as_ref) {
                Some(r) => v = r.clone(),
                None => break,
            }
        }
        v
    };
    enum Walk {
        Enter(BlockId),
        /// Undo the log down to this length.
        Leave(usize),
    }
    let mut cur = undef.clone();
    let mut log: Vec<(usize, Value)> = Vec::new();
    let mut stack = vec![Walk::Enter(f.entry())];
    while let Some(step) = stack.pop() {
        let b = match step {
            Walk::Enter(b) => b,
            Walk::Leave(mark) => {
                while log.len() > mark {
                    let (n, v) = log.pop().expect("longer than mark");
                    cur[n] = v;
                }
                continue;
            }
        };
        let mark = log.len();
        for k in 0..f.block(b).insts.len() {
            let i = f.block(b).insts[k];
            match &f.inst(i).kind {
                InstKind::Phi { .. } => {
                    if let Some(n) = phi_var[i.0 as usize] {
                        let old = std::mem::replace(&mut cur[n as usize], Value::Inst(i));
                        log.push((n as usize, old));
                    }
                }
                InstKind::Load { ptr, .. } => {
                    if let Some(n) = var(&index, ptr) {
                        repl[i.0 as usize] = Some(cur[n].clone());
                        dead.push(i);
                    }
                }
                InstKind::Store { ptr, val, .. } => {
                    if let Some(n) = var(&index, ptr) {
                        let v = resolve(&repl, val);
                        let old = std::mem::replace(&mut cur[n], v);
                        log.push((n, old));
                        dead.push(i);
                    }
                }
                _ => {}
            }
        }
        for s in f.successors(b) {
            for &(n, phi) in &block_phis[s.0 as usize] {
                let v = cur[n].clone();
                if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                    incoming.push((v, b));
                }
            }
        }
        stack.push(Walk::Leave(mark));
        for &c in children[b.0 as usize].iter().rev() {
            stack.push(Walk::Enter(c));
        }
    }
    // Unreachable blocks: their loads see undef, their stores vanish.
    for &b in &f.layout {
        if dom.is_reachable(b) {
            continue;
        }
        for &i in &f.block(b).insts {
            match &f.inst(i).kind {
                InstKind::Load { ptr, .. } => {
                    if let Some(n) = var(&index, ptr) {
                        repl[i.0 as usize] = Some(undef[n].clone());
                        dead.push(i);
                    }
                }
                InstKind::Store { ptr, .. } if var(&index, ptr).is_some() => dead.push(i),
                _ => {}
            }
        }
    }
    // Phis need one entry per predecessor edge; give unreachable predecessors undef.
    for (b, phis) in block_phis.iter().enumerate() {
        for &(n, phi) in phis {
            for &p in &preds[b] {
                if dom.is_reachable(p) {
                    continue;
                }
                if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                    incoming.push((undef[n].clone(), p));
                }
            }
        }
    }
    // Rewrite every use of a removed load.
    f.for_each_live_operand_mut(|op| {
        if let Value::Inst(i) = op {
            if repl.get(i.0 as usize).is_some_and(Option::is_some) {
                *op = resolve(&repl, op);
            }
        }
    });
    dead.sort();
    dead.dedup();
    f.delete_insts(dead);
    // Phis nobody needs (a variable not live at a merge) go now.
    super::dce::run_function(f);
    // Phis were named before the loads they replace were gone; rename to the
    // source name now that it is free (`%i1` → `%i`).
    let phis_in_order: Vec<(InstId, u32)> = f
        .layout
        .iter()
        .flat_map(|b| f.block(*b).insts.iter().copied())
        .filter_map(|i| phi_var.get(i.0 as usize).copied().flatten().map(|n| (i, n)))
        .collect();
    for (p, n) in phis_in_order {
        f.rename_inst(p, &bases[n as usize]);
    }
    true
}
