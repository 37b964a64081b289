//! tailcallelim: LLVM's TailCallElim, the tail-recursion part. A function
//! that calls itself and returns what the call returns (`return gcd(b, a % b);`)
//! jumps back to its start with the call's arguments instead: the entry's
//! code moves to a block `tailrecurse` (the entry keeps the allocas and
//! branches there), each parameter a tail call changes becomes a phi
//! `%a.tr = phi [ %a, %entry ], [ %b, %if.end ]`, and each `call; ret` pair
//! becomes `br label %tailrecurse`. The function is no longer recursive, so
//! the inliner that runs next can inline it, as nvcc 13.5 inlines a
//! tail-recursive `__device__` function's loop into its kernel.
//!
//! Not when a local's address may reach the call (the loop reuses the
//! caller's locals, which a callee reading them through a pointer would see
//! overwritten): every alloca must be in the entry block and used only as
//! the address of loads and stores. One walk over each function.

use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let sites = tail_calls(f);
        if sites.is_empty() || !locals_stay_local(f) || !cx.may_rewrite() {
            continue;
        }
        let line = sites
            .iter()
            .find_map(|&(_, call)| f.inst(call).loc)
            .map_or(0, |l| l.line);
        let n = sites.len();
        eliminate(f, sites);
        let s = if n == 1 { "" } else { "s" };
        cx.applied(
            line,
            format_args!(
                "`{}`: {n} tail call{s} to itself became a branch back to its start (a loop)",
                f.name
            ),
        );
        changed = true;
    }
    changed
}

/// The blocks ending in `call @f(…)` to the function itself right before
/// `ret` of its result (or `ret void`), with the call.
fn tail_calls(f: &Function) -> Vec<(BlockId, InstId)> {
    let mut sites = Vec::new();
    for &b in &f.layout {
        let insts = &f.block(b).insts;
        let [.., call, ret] = insts[..] else {
            continue;
        };
        let InstKind::Ret { val } = &f.inst(ret).kind else {
            continue;
        };
        let InstKind::Call {
            callee: Callee::Function(name),
            args,
        } = &f.inst(call).kind
        else {
            continue;
        };
        let returns_it = match val {
            Some(v) => *v == Value::Inst(call),
            None => f.inst(call).ty == Type::Void,
        };
        if *name == f.name && returns_it && args.len() == f.params.len() {
            sites.push((b, call));
        }
    }
    sites
}

/// Whether every alloca is in the entry block and used only as the address
/// of loads and stores (so no pointer to one can reach a call).
fn locals_stay_local(f: &Function) -> bool {
    let entry = f.entry();
    let mut is_alloca = vec![false; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            if matches!(f.inst(i).kind, InstKind::Alloca { .. }) {
                if b != entry {
                    return false;
                }
                is_alloca[i.0 as usize] = true;
            }
        }
    }
    let alloca = |v: &Value| matches!(v, Value::Inst(d) if is_alloca[d.0 as usize]);
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let ok = match &f.inst(i).kind {
                InstKind::Load { .. } => true,
                InstKind::Store { val, .. } => !alloca(val),
                k => !k.operands().into_iter().any(alloca),
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

fn eliminate(f: &mut Function, sites: Vec<(BlockId, InstId)>) {
    let entry = f.entry();
    // The entry's code (all but its allocas) moves to `tailrecurse`, right after it.
    let body = f.add_block("tailrecurse");
    f.layout.pop();
    f.layout.insert(1, body);
    let (allocas, code): (Vec<InstId>, Vec<InstId>) = f
        .block(entry)
        .insts
        .iter()
        .partition(|&&i| matches!(f.inst(i).kind, InstKind::Alloca { .. }));
    let succs = f.successors(entry);
    f.block_mut(entry).insts = allocas;
    f.block_mut(body).insts = code;
    for s in super::loops::distinct(succs) {
        super::loops::rename_incoming(f, s, entry, body);
    }
    let br = f.create_inst("", Type::Void, InstKind::Br { dest: body }, None);
    f.block_mut(entry).insts.push(br);
    // The parameters some tail call changes become phis.
    let args_of: Vec<Vec<Value>> = sites
        .iter()
        .map(|&(_, call)| match &f.inst(call).kind {
            InstKind::Call { args, .. } => args.clone(),
            _ => unreachable!("a tail call"),
        })
        .collect();
    let mut phis = Vec::new();
    for p in 0..f.params.len() {
        let me = Value::Arg(p as u32);
        if args_of.iter().all(|args| args[p] == me) {
            continue;
        }
        let name = format!("{}.tr", f.params[p].name);
        let ty = f.params[p].ty.clone();
        let phi = f.create_inst(&name, ty, InstKind::Phi { incoming: vec![] }, None);
        f.replace_all_uses(&me, &Value::Inst(phi));
        phis.push((p, phi));
    }
    // The tail calls' arguments, read after the replacement (an argument
    // that is a parameter is now its phi).
    for &(b, call) in &sites {
        let b = if b == entry { body } else { b };
        let InstKind::Call { args, .. } = f.inst(call).kind.clone() else {
            unreachable!("a tail call");
        };
        let loc = f.inst(call).loc;
        for &(p, phi) in &phis {
            if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                incoming.push((args[p].clone(), b));
            }
        }
        let ret = f.block_mut(b).insts.pop().expect("the ret");
        f.block_mut(b).insts.pop();
        f.erase_inst(ret);
        f.erase_inst(call);
        let br = f.create_inst("", Type::Void, InstKind::Br { dest: body }, loc);
        f.block_mut(b).insts.push(br);
    }
    for (k, &(p, phi)) in phis.iter().enumerate() {
        if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
            incoming.insert(0, (Value::Arg(p as u32), entry));
        }
        f.block_mut(body).insts.insert(k, phi);
    }
}
