//! loop-reduce: loop strength reduction, the part of NVIDIA's LSR (digest
//! part 3 §2.9; `do-lsr-64-bit` is on for sm_70 and later) that gives nvcc's
//! loops their shape: an address `base + i * size` computed from the
//! counter on every iteration (a shift and an add in PTX) becomes a pointer
//! stepping with the counter: `%lsr.iv = phi ptr [base + start * size, pre],
//! [%lsr.iv + step * size, latch]`. The counter stays only where something
//! else reads it (a remainder loop's start, a test); unread, it goes.
//!
//! Runs late (before the load-store vectorizer), once separate-const-offset
//! has written an unrolled loop's addresses as one base plus constants
//! (`[%rd + 4]`), so the copies share the pointer. At most
//! [`MAX_POINTERS`] pointers per counter: each is a 64-bit register for the
//! whole loop, where the counter's shift is a temporary (cicc's LSR weighs
//! register pressure, `lsr-rp-limit`).

use super::loops::{self, LoopInfo};
use crate::collections::HashMap;
use crate::ir::*;

/// The most pointers one counter gets (nvcc's loops step up to 4 pointers
/// per counter in the corpus' kernels; more would add registers).
pub const MAX_POINTERS: usize = 4;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            let before = super::remark::size(f);
            let n = run_function(f);
            if n > 0 {
                changed = true;
                let what = format!("{n} address(es) now a pointer stepping with its loop");
                cx.changed_function(f, before, &what);
            }
        }
    }
    changed
}

/// The number of pointers made.
fn run_function(f: &mut Function) -> usize {
    let dom = DomTree::new(f);
    let li = LoopInfo::new(f, &dom);
    let preds = f.predecessors();
    let mut block_of = vec![None; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of[i.0 as usize] = Some(b);
        }
    }
    let mut made = 0;
    for l in &li.loops {
        let (Some(pre), Some(latch)) = (l.preheader(f, &preds), l.latch()) else {
            continue;
        };
        let in_loop = |v: &Value| {
            v.as_inst()
                .and_then(|i| block_of.get(i.0 as usize).copied().flatten())
                .is_some_and(|b| l.contains(b))
        };
        for iv in loops::phis(f, l.header) {
            if f.inst(iv).ty != Type::I64 {
                continue;
            }
            let InstKind::Phi { incoming } = &f.inst(iv).kind else {
                continue;
            };
            if incoming.len() != 2 {
                continue;
            }
            let (Some(start), Some(Value::Inst(next))) = (
                loops::incoming_from(f, iv, pre),
                loops::incoming_from(f, iv, latch),
            ) else {
                continue;
            };
            let step = match &f.inst(next).kind {
                InstKind::Bin {
                    op: BinOp::Add,
                    lhs: Value::Inst(x),
                    rhs: Value::Int(_, c),
                    ..
                } if *x == iv => *c,
                _ => continue,
            };
            // The loop's addresses `gep T, base, iv`, by base and element type.
            let mut groups: Vec<((Value, Type), Vec<InstId>)> = Vec::new();
            for &b in &l.blocks {
                for &i in &f.block(b).insts {
                    let InstKind::Gep {
                        elem_ty,
                        base,
                        indices,
                    } = &f.inst(i).kind
                    else {
                        continue;
                    };
                    if indices.as_slice() != [Value::Inst(iv)]
                        || in_loop(base)
                        || !matches!(f.inst(i).ty, Type::Ptr(_))
                        || elem_ty.size() == 0
                    {
                        continue;
                    }
                    let key = (base.clone(), elem_ty.clone());
                    match groups.iter_mut().find(|g| g.0 == key) {
                        Some(g) => g.1.push(i),
                        None => groups.push((key, vec![i])),
                    }
                }
            }
            if groups.is_empty() || groups.len() > MAX_POINTERS {
                continue;
            }
            for ((base, elem_ty), geps) in groups {
                let ptr_ty = f.inst(geps[0]).ty.clone();
                let bytes = (elem_ty.size() as i64).wrapping_mul(step);
                // The first address, in the preheader.
                let first = if start.as_int() == Some(0) {
                    base.clone()
                } else {
                    let g = f.create_inst(
                        "scevgep",
                        ptr_ty.clone(),
                        InstKind::Gep {
                            elem_ty: elem_ty.clone(),
                            base: base.clone(),
                            indices: vec![start.clone()],
                        },
                        None,
                    );
                    let at = f.block(pre).insts.len() - 1;
                    f.block_mut(pre).insts.insert(at, g);
                    Value::Inst(g)
                };
                let loc = f.inst(geps[0]).loc;
                let phi = f.create_inst(
                    "lsr.iv",
                    ptr_ty.clone(),
                    InstKind::Phi { incoming: vec![] },
                    loc,
                );
                f.block_mut(l.header).insts.insert(0, phi);
                let step_gep = f.create_inst(
                    "lsr.iv.next",
                    ptr_ty,
                    InstKind::Gep {
                        elem_ty: Type::I8,
                        base: Value::Inst(phi),
                        indices: vec![Value::i64(bytes)],
                    },
                    loc,
                );
                let at = f.block(latch).insts.len() - 1;
                f.block_mut(latch).insts.insert(at, step_gep);
                f.inst_mut(phi).kind = InstKind::Phi {
                    incoming: vec![(first, pre), (Value::Inst(step_gep), latch)],
                };
                for g in geps {
                    f.replace_all_uses(&Value::Inst(g), &Value::Inst(phi));
                    let b = block_of[g.0 as usize].expect("in the loop");
                    f.block_mut(b).insts.retain(|x| *x != g);
                    f.erase_inst(g);
                    made += 1;
                }
            }
            // The counter, read only by its own step now, goes.
            let users = uses_of(f, &[iv, next]);
            if users.get(&iv).is_some_and(|u| u == &[next])
                && users.get(&next).is_some_and(|u| u == &[iv])
            {
                for x in [next, iv] {
                    let b = block_of[x.0 as usize].expect("in the loop");
                    f.block_mut(b).insts.retain(|y| *y != x);
                    f.erase_inst(x);
                }
            }
        }
    }
    made
}

/// The instructions (in blocks) that read each of `values`.
fn uses_of(f: &Function, values: &[InstId]) -> HashMap<InstId, Vec<InstId>> {
    let mut out: HashMap<InstId, Vec<InstId>> = values.iter().map(|v| (*v, vec![])).collect();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            for op in f.inst(i).kind.operands() {
                if let Value::Inst(d) = op {
                    if let Some(u) = out.get_mut(d) {
                        u.push(i);
                    }
                }
            }
        }
    }
    out
}
