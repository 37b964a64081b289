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

use super::loop_unroll_runtime::bin;
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        // Asked only when something would change (the rewrite budget counts
        // the rewrites that happen, so bisect can stop at each).
        let work = recursive(f) && (!tail_calls(f).is_empty() || returns_to_duplicate(f));
        if !work || !locals_stay_local(f) || !cx.may_rewrite() {
            continue;
        }
        // A duplicated return changes the function even if no site is left
        // (accumulators of two different operations).
        changed |= duplicate_returns(f);
        let sites = tail_calls(f);
        if sites.is_empty() {
            continue;
        }
        let line = sites
            .iter()
            .find_map(|s| f.inst(s.call).loc)
            .map_or(0, |l| l.line);
        let n = sites.len();
        let op = sites.iter().find_map(|s| s.acc);
        eliminate(f, sites);
        let s = if n == 1 { "" } else { "s" };
        let acc = op.map_or(String::new(), |op| {
            format!(", its `{}` of the result an accumulator", op.name())
        });
        cx.applied(
            line,
            format_args!(
                "`{}`: {n} tail call{s} to itself became a branch back to its start (a loop){acc}",
                f.name
            ),
        );
        changed = true;
    }
    changed
}

/// A call of the function to itself whose result is returned, in `block`:
/// directly (`call; ret`) or through an accumulator (`acc`: its operation,
/// `call; %m = mul %n, %call; ret %m`).
struct Site {
    block: BlockId,
    call: InstId,
    acc: Option<BinOp>,
}

/// Whether the function calls itself.
fn recursive(f: &Function) -> bool {
    f.layout.iter().any(|&b| {
        f.block(b).insts.iter().any(|&i| {
            matches!(&f.inst(i).kind, InstKind::Call { callee: Callee::Function(name), .. } if *name == f.name)
        })
    })
}

/// The calls to itself that return their result: `call @f(…)` right before
/// `ret` of it (or `ret void`), or before an associative and commutative
/// integer operation of it with a value computed before the call, whose
/// result is returned (LLVM's accumulator recursion: `n * factorial(n - 1)`).
/// Accumulator sites must share one operation; others are dropped.
fn tail_calls(f: &Function) -> Vec<Site> {
    let mut sites = Vec::new();
    let uses = f.use_counts();
    for &b in &f.layout {
        let insts = &f.block(b).insts;
        let (call, acc, ret) = match insts[..] {
            [.., call, acc, ret] => match accumulates(f, call, acc) {
                Some((op, _)) => (call, Some((acc, op)), ret),
                None => (acc, None, ret),
            },
            [.., call, ret] => (call, None, ret),
            _ => continue,
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
        let result = Value::Inst(acc.map_or(call, |(a, _)| a));
        let returns_it = match val {
            Some(v) => *v == result,
            None => acc.is_none() && f.inst(call).ty == Type::Void,
        };
        let only_use = acc.is_none() || uses[call.0 as usize] == 1;
        if *name == f.name && returns_it && only_use && args.len() == f.params.len() {
            sites.push(Site {
                block: b,
                call,
                acc: acc.map(|(_, op)| op),
            });
        }
    }
    let mut ops = sites.iter().filter_map(|s| s.acc);
    if let Some(first) = ops.next() {
        if ops.any(|op| op != first) {
            sites.retain(|s| s.acc.is_none());
        }
    }
    sites
}

/// `acc` is `op(call, x)` or `op(x, call)` for an associative and
/// commutative integer `op`, `x` not the call: the operation and `x`.
fn accumulates(f: &Function, call: InstId, acc: InstId) -> Option<(BinOp, Value)> {
    let InstKind::Bin { op, lhs, rhs, .. } = &f.inst(acc).kind else {
        return None;
    };
    if !matches!(
        op,
        BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
    ) || !f.inst(acc).ty.is_int()
    {
        return None;
    }
    let me = Value::Inst(call);
    match (lhs, rhs) {
        (a, x) | (x, a) if *a == me && *x != me => Some((*op, x.clone())),
        _ => None,
    }
}

/// LLVM's return duplication before tail-call elimination: a block that is
/// only `%r = phi …; ret %r`, entered by a plain branch from a block whose
/// value for the phi is a recursive call's accumulator (`%m = mul %n,
/// %call; br label %end`), returns from that block itself, so the call is
/// a tail call with an accumulator.
fn duplicate_returns(f: &mut Function) -> bool {
    let mut changed = false;
    for b in f.layout.clone() {
        let Some(phi) = returned_phi(f, b) else {
            continue;
        };
        let InstKind::Phi { incoming } = f.inst(phi).kind.clone() else {
            unreachable!("a phi");
        };
        let mut kept = Vec::new();
        for (v, p) in incoming {
            if !returns_accumulator(f, b, &v, p) {
                kept.push((v, p));
                continue;
            }
            let br = f.block_mut(p).insts.pop().expect("the branch");
            let loc = f.inst(br).loc;
            f.erase_inst(br);
            let r = f.create_inst("", Type::Void, InstKind::Ret { val: Some(v) }, loc);
            f.block_mut(p).insts.push(r);
            changed = true;
        }
        if kept.is_empty() {
            f.remove_block(b);
        } else if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
            *incoming = kept;
        }
    }
    changed
}

/// Whether [`duplicate_returns`] would change the function.
fn returns_to_duplicate(f: &Function) -> bool {
    f.layout.iter().any(|&b| {
        returned_phi(f, b).is_some_and(|phi| match &f.inst(phi).kind {
            InstKind::Phi { incoming } => incoming
                .iter()
                .any(|(v, p)| returns_accumulator(f, b, v, *p)),
            _ => false,
        })
    })
}

/// The phi of a block that is only `%r = phi …; ret %r`.
fn returned_phi(f: &Function, b: BlockId) -> Option<InstId> {
    let [phi, ret] = f.block(b).insts[..] else {
        return None;
    };
    let returns_phi =
        matches!(f.inst(ret).kind, InstKind::Ret { val: Some(Value::Inst(r)) } if r == phi);
    (returns_phi && matches!(f.inst(phi).kind, InstKind::Phi { .. })).then_some(phi)
}

/// Whether `p` ends `call @self; %acc = op …; br label %b` and gives the
/// return block `b`'s phi `v`, that accumulator.
fn returns_accumulator(f: &Function, b: BlockId, v: &Value, p: BlockId) -> bool {
    match (&f.block(p).insts[..], v) {
        ([.., call, acc, br], Value::Inst(a)) if a == acc => {
            matches!(f.inst(*br).kind, InstKind::Br { dest } if dest == b)
                && matches!(&f.inst(*call).kind, InstKind::Call { callee: Callee::Function(name), .. } if *name == f.name)
                && accumulates(f, *call, *acc).is_some()
        }
        _ => false,
    }
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

fn eliminate(f: &mut Function, sites: Vec<Site>) {
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
        .map(|s| match &f.inst(s.call).kind {
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
    // The accumulator (LLVM's `accumulator.tr`): the operation's identity
    // on entry, each accumulating call's operand folded in per trip.
    let acc_op = sites.iter().find_map(|s| s.acc);
    let acc = acc_op.map(|op| {
        let ty = f.ret.clone();
        let phi = f.create_inst(
            "accumulator.tr",
            ty,
            InstKind::Phi { incoming: vec![] },
            None,
        );
        (op, phi)
    });
    // Every other return returns the accumulator folded with its value
    // (before the tail calls' rets go: those are not returns any more).
    if let Some((op, phi)) = acc {
        let tail_rets: Vec<BlockId> = sites.iter().map(|s| s.block).collect();
        for b in f.layout.clone() {
            if tail_rets.contains(&b) {
                continue;
            }
            let Some(&ret) = f.block(b).insts.last() else {
                continue;
            };
            let InstKind::Ret { val: Some(v) } = f.inst(ret).kind.clone() else {
                continue;
            };
            let ty = f.value_type(&v);
            let r = f.create_inst("accumulator.ret.tr", ty, bin(op, Value::Inst(phi), v), None);
            let at = f.block(b).insts.len() - 1;
            f.block_mut(b).insts.insert(at, r);
            f.inst_mut(ret).kind = InstKind::Ret {
                val: Some(Value::Inst(r)),
            };
        }
    }
    // The tail calls' arguments, read after the replacement (an argument
    // that is a parameter is now its phi).
    for site in &sites {
        let (b, call) = (site.block, site.call);
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
        f.erase_inst(ret);
        if let Some((op, phi)) = acc {
            // `call; %m = op %call, x` becomes `%acc.next = op %acc.tr, x`.
            let next = match &site.acc {
                Some(_) => {
                    let m = f.block_mut(b).insts.pop().expect("the accumulator");
                    // Its other operand as it reads now (a parameter is its phi).
                    let (_, x) = accumulates(f, call, m).expect("an accumulator");
                    f.erase_inst(m);
                    let ty = f.inst(phi).ty.clone();
                    let n = f.create_inst("accumulate.tr", ty, bin(op, Value::Inst(phi), x), loc);
                    Some(n)
                }
                None => None,
            };
            f.block_mut(b).insts.pop();
            f.erase_inst(call);
            if let Some(n) = next {
                f.block_mut(b).insts.push(n);
            }
            let v = next.map_or(Value::Inst(phi), Value::Inst);
            if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
                incoming.push((v, b));
            }
        } else {
            f.block_mut(b).insts.pop();
            f.erase_inst(call);
        }
        let br = f.create_inst("", Type::Void, InstKind::Br { dest: body }, loc);
        f.block_mut(b).insts.push(br);
    }

    for (k, &(p, phi)) in phis.iter().enumerate() {
        if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
            incoming.insert(0, (Value::Arg(p as u32), entry));
        }
        f.block_mut(body).insts.insert(k, phi);
    }
    if let Some((op, phi)) = acc {
        let ty = f.inst(phi).ty.clone();
        let id = match op {
            BinOp::Mul => 1,
            BinOp::And => -1,
            _ => 0,
        };
        if let InstKind::Phi { incoming } = &mut f.inst_mut(phi).kind {
            incoming.insert(0, (crate::ir::fold::int_const(ty, id), entry));
        }
        let at = phis.len();
        f.block_mut(body).insts.insert(at, phi);
    }
}
