//! reassociate: a chain of one associative, commutative integer operation
//! (`+`, `*`, `&`, `|`, `^`) is reordered so its constants meet and fold:
//! `((i + 1) + j) + 2` becomes `(i + j) + 3`. Operands are ordered by rank
//! (arguments first, then values in the order they are computed), constants
//! last, so equal expressions get equal shapes for early-cse and gvn. Only
//! chains whose inner links have no other user are rebuilt; their `nsw`/`nuw`
//! flags are dropped, since reordering can overflow where the source did not.

use crate::collections::HashMap;
use crate::ir::fold;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "expressions reassociated", run_function)
}

fn reassociable(op: BinOp) -> bool {
    matches!(
        op,
        BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
    )
}

fn run_function(f: &mut Function) -> bool {
    let mut rank: HashMap<InstId, usize> = HashMap::default();
    for (n, i) in f
        .reverse_postorder()
        .iter()
        .flat_map(|b| f.block(*b).insts.clone())
        .enumerate()
    {
        rank.insert(i, n + 1);
    }
    let rank_of = |v: &Value| -> usize {
        match v {
            Value::Arg(_) | Value::Global(..) => 0,
            Value::Inst(i) => rank.get(i).copied().unwrap_or(usize::MAX - 1),
            _ => usize::MAX,
        }
    };
    let uses = f.use_counts();
    let mut block_of: HashMap<InstId, BlockId> = HashMap::default();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of.insert(i, b);
        }
    }
    // Roots: a reassociable operation whose result is not itself a link of a
    // longer chain of the same operation.
    let mut is_link = vec![false; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            if let InstKind::Bin { op, lhs, rhs, .. } = &f.inst(i).kind {
                if !reassociable(*op) || !f.inst(i).ty.is_int() {
                    continue;
                }
                for v in [lhs, rhs] {
                    if let Value::Inst(d) = v {
                        if matches!(&f.inst(*d).kind, InstKind::Bin { op: o, .. } if o == op)
                            && uses[d.0 as usize] == 1
                            && block_of.get(d) == Some(&b)
                        {
                            is_link[d.0 as usize] = true;
                        }
                    }
                }
            }
        }
    }
    let mut changed = false;
    let roots: Vec<InstId> = f
        .layout
        .iter()
        .flat_map(|b| f.block(*b).insts.clone())
        .filter(|i| !is_link[i.0 as usize])
        .collect();
    for root in roots {
        let InstKind::Bin { op, .. } = f.inst(root).kind else {
            continue;
        };
        let ty = f.inst(root).ty.clone();
        if !reassociable(op) || !ty.is_int() || ty == Type::I1 {
            continue;
        }
        // Flatten: the chain's links (inner first) and its leaf operands.
        let mut links = Vec::new();
        let mut leaves = Vec::new();
        let mut stack = vec![Value::Inst(root)];
        while let Some(v) = stack.pop() {
            match &v {
                Value::Inst(d) if *d == root || is_link[d.0 as usize] => {
                    if let InstKind::Bin { lhs, rhs, .. } = &f.inst(*d).kind {
                        links.push(*d);
                        stack.push(rhs.clone());
                        stack.push(lhs.clone());
                    }
                }
                _ => leaves.push(v),
            }
        }
        if links.len() < 2 {
            continue;
        }
        let consts: Vec<Value> = leaves
            .iter()
            .filter(|v| v.as_int().is_some())
            .cloned()
            .collect();
        let mut vars: Vec<Value> = leaves
            .iter()
            .filter(|v| v.as_int().is_none())
            .cloned()
            .collect();
        vars.sort_by_key(|v| rank_of(v));
        let mut folded = None;
        for c in &consts {
            folded = Some(match folded {
                None => c.clone(),
                Some(acc) => fold::binary(op, &acc, c, &ty).unwrap_or(acc),
            });
        }
        let mut operands = vars;
        if let Some(c) = folded {
            operands.push(c);
        }
        if operands.len() < 2 || consts.len() < 2 {
            // Nothing folds: leave the written order (no churn in the snapshot).
            continue;
        }
        // Rebuild over the same instructions, innermost first; links left over die.
        links.reverse();
        let needed = operands.len() - 1;
        let spare = links.len() - needed;
        let (unused, used) = links.split_at(spare);
        let mut acc = operands[0].clone();
        for (k, &l) in used.iter().enumerate() {
            f.inst_mut(l).kind = InstKind::Bin {
                op,
                lhs: acc,
                rhs: operands[k + 1].clone(),
                flags: Flags::default(),
            };
            acc = Value::Inst(l);
        }
        // Every leaf dominates the root (each was an operand of a link before
        // it in the root's block): the rebuilt links go right before the root.
        let b = block_of[&root];
        let moved: Vec<InstId> = used[..used.len() - 1].to_vec();
        let insts = &mut f.block_mut(b).insts;
        insts.retain(|i| !moved.contains(i) && !unused.contains(i));
        let at = insts
            .iter()
            .position(|i| *i == root)
            .expect("the root is in its block");
        insts.splice(at..at, moved);
        for &u in unused {
            f.erase_inst(u);
        }
        changed = true;
    }
    changed
}
