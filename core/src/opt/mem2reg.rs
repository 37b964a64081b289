//! mem2reg: promotes allocas that are only loaded and stored to SSA values
//! (Cytron et al.: phis at the iterated dominance frontier of the stores,
//! then renaming along the dominator tree). Phis take the variable's source
//! name (`%i.addr` → `%i`), so loops read as they were written.

use crate::ir::*;
use std::collections::HashMap;

pub fn run(m: &mut Module, _cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            changed |= promote(f);
        }
    }
    changed
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
    let mut cands: std::collections::HashSet<InstId> = order.iter().copied().collect();
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

fn promote(f: &mut Function) -> bool {
    let allocas = promotable(f);
    if allocas.is_empty() {
        return false;
    }
    let index: HashMap<InstId, usize> = allocas.iter().enumerate().map(|(n, a)| (*a, n)).collect();
    let dom = DomTree::new(f);
    let df = dom.frontiers(f);
    let preds = f.predecessors();

    // Phi placement at the iterated dominance frontier of each variable's stores.
    let mut phi_for: HashMap<(BlockId, usize), InstId> = HashMap::new();
    let mut phi_var: HashMap<InstId, usize> = HashMap::new();
    let mut bases: Vec<String> = Vec::new();
    // The reachable blocks storing to each variable, in layout order, found in
    // one walk (not one walk per variable).
    let mut store_blocks: Vec<Vec<BlockId>> = vec![Vec::new(); allocas.len()];
    for &b in &f.layout {
        if !dom.is_reachable(b) {
            continue;
        }
        for &i in &f.block(b).insts {
            if let InstKind::Store {
                ptr: Value::Inst(p),
                ..
            } = &f.inst(i).kind
            {
                if let Some(&n) = index.get(p) {
                    if store_blocks[n].last() != Some(&b) {
                        store_blocks[n].push(b);
                    }
                }
            }
        }
    }
    for (n, &a) in allocas.iter().enumerate() {
        let ty = match &f.inst(a).kind {
            InstKind::Alloca { ty, .. } => ty.clone(),
            _ => continue,
        };
        let base = f.inst(a).name.trim_end_matches(".addr").to_string();
        bases.push(base.clone());
        let mut work: Vec<BlockId> = std::mem::take(&mut store_blocks[n]);
        let mut has_phi = vec![false; f.blocks.len()];
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
                phi_for.insert((d, n), phi);
                phi_var.insert(phi, n);
                work.push(d);
            }
        }
    }

    // Renaming along the dominator tree.
    let mut repl: HashMap<InstId, Value> = HashMap::new();
    let mut dead: Vec<InstId> = allocas.clone();
    let children = dom.children();
    let undef: Vec<Value> = allocas
        .iter()
        .map(|&a| match &f.inst(a).kind {
            InstKind::Alloca { ty, .. } => Value::Undef(ty.clone()),
            _ => Value::Undef(Type::Void),
        })
        .collect();
    let resolve = |repl: &HashMap<InstId, Value>, v: &Value| -> Value {
        let mut v = v.clone();
        while let Value::Inst(i) = v {
            match repl.get(&i) {
                Some(r) => v = r.clone(),
                None => break,
            }
        }
        v
    };
    // Iterative DFS: (block, values on entry).
    let mut stack: Vec<(BlockId, Vec<Value>)> = vec![(f.entry(), undef.clone())];
    while let Some((b, mut cur)) = stack.pop() {
        for &i in &f.block(b).insts.clone() {
            let kind = f.inst(i).kind.clone();
            match kind {
                InstKind::Phi { .. } => {
                    if let Some(&n) = phi_var.get(&i) {
                        cur[n] = Value::Inst(i);
                    }
                }
                InstKind::Load {
                    ptr: Value::Inst(a),
                    ..
                } if index.contains_key(&a) => {
                    repl.insert(i, cur[index[&a]].clone());
                    dead.push(i);
                }
                InstKind::Store {
                    ptr: Value::Inst(a),
                    val,
                    ..
                } if index.contains_key(&a) => {
                    cur[index[&a]] = resolve(&repl, &val);
                    dead.push(i);
                }
                _ => {}
            }
        }
        for s in f.successors(b) {
            for (n, v) in cur.iter().enumerate() {
                if let Some(&phi) = phi_for.get(&(s, n)) {
                    let v = v.clone();
                    if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                        incoming.push((v, b));
                    }
                }
            }
        }
        for &c in children[b.0 as usize].iter().rev() {
            stack.push((c, cur.clone()));
        }
    }
    // Unreachable blocks: their loads see undef, their stores vanish.
    for &b in &f.layout {
        if dom.is_reachable(b) {
            continue;
        }
        for &i in &f.block(b).insts {
            match &f.inst(i).kind {
                InstKind::Load {
                    ptr: Value::Inst(a),
                    ..
                } if index.contains_key(a) => {
                    repl.insert(i, undef[index[a]].clone());
                    dead.push(i);
                }
                InstKind::Store {
                    ptr: Value::Inst(a),
                    ..
                } if index.contains_key(a) => dead.push(i),
                _ => {}
            }
        }
    }
    // Phis need one entry per predecessor edge; give unreachable predecessors undef.
    for (&(b, n), &phi) in &phi_for {
        for &p in &preds[b.0 as usize] {
            if dom.is_reachable(p) {
                continue;
            }
            if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                incoming.push((undef[n].clone(), p));
            }
        }
    }
    // Rewrite every use of a removed load.
    for bi in 0..f.layout.len() {
        let b = f.layout[bi];
        for k in 0..f.block(b).insts.len() {
            let id = f.block(b).insts[k];
            let mut kind = f.inst(id).kind.clone();
            let mut touched = false;
            for op in kind.operands_mut() {
                if let Value::Inst(i) = op {
                    if repl.contains_key(i) {
                        *op = resolve(&repl, op);
                        touched = true;
                    }
                }
            }
            if touched {
                f.inst_mut(id).kind = kind;
            }
        }
    }
    dead.sort();
    dead.dedup();
    for b in f.layout.clone() {
        f.block_mut(b)
            .insts
            .retain(|i| dead.binary_search(i).is_err());
    }
    for i in dead {
        f.erase_inst(i);
    }
    // Phis nobody needs (a variable not live at a merge) go now.
    super::dce::run_function(f);
    // Phis were named before the loads they replace were gone; rename to the
    // source name now that it is free (`%i1` → `%i`).
    let phis_in_order: Vec<InstId> = f
        .layout
        .iter()
        .flat_map(|b| f.block(*b).insts.iter().copied())
        .filter(|i| phi_var.contains_key(i))
        .collect();
    for p in phis_in_order {
        f.rename_inst(p, &bases[phi_var[&p]]);
    }
    true
}
