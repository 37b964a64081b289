//! Inlining: a call to a device function defined in the module is replaced
//! by a copy of its body. `always-inline` takes only `__forceinline__`
//! functions (it runs at -O0 too); `inline` takes every function that is not
//! `__noinline__` and not recursive, as cicc does for device code.
//!
//! Copied values and blocks keep their names with a `.i` suffix (`%add.i`,
//! `if.then.i`), as LLVM's inliner names them, so the snapshot shows where
//! each line came from. The callee's allocas move to the caller's entry
//! block, where mem2reg can promote them.

use crate::collections::HashMap;
use crate::ir::*;

pub fn run_always(m: &mut Module, cx: &super::PassContext) -> bool {
    run(m, |f| f.attrs.alwaysinline, cx, false)
}

pub fn run_default(m: &mut Module, cx: &super::PassContext) -> bool {
    run(m, |f| !f.attrs.noinline, cx, true)
}

/// Callees that call themselves, directly or through others (never inlined).
fn recursive(m: &Module) -> Vec<String> {
    let calls: HashMap<&str, Vec<&str>> = m
        .functions
        .iter()
        .map(|f| {
            let callees = f
                .layout
                .iter()
                .flat_map(|b| f.block(*b).insts.iter())
                .filter_map(|i| match &f.inst(*i).kind {
                    InstKind::Call { callee, .. } => callee.function(),
                    _ => None,
                })
                .collect();
            (f.name.as_str(), callees)
        })
        .collect();
    let mut out = Vec::new();
    for f in &m.functions {
        // Depth-first search from f's callees back to f.
        let mut stack: Vec<&str> = calls.get(f.name.as_str()).cloned().unwrap_or_default();
        let mut seen: Vec<&str> = Vec::new();
        while let Some(g) = stack.pop() {
            if g == f.name {
                out.push(f.name.clone());
                break;
            }
            if seen.contains(&g) {
                continue;
            }
            seen.push(g);
            stack.extend(calls.get(g).cloned().unwrap_or_default());
        }
    }
    out
}

/// cicc's inline budget: a caller grows by at most this many instructions
/// through inlining (the digests' "Inliner Cost Model": 20,000 per caller).
const BUDGET: usize = 20_000;

/// A caller never grows past this, `__forceinline__` or not (the browser's memory).
const HARD_LIMIT: usize = 200_000;

/// All inlining of one run adds at most this many instructions to the module
/// (cicc has a module-wide `inline-total-budget` too): code whose calls double
/// at every level stops growing here instead of taking seconds to optimize.
const TOTAL_BUDGET: usize = 60_000;

/// Instructions in live blocks.
fn size(f: &Function) -> usize {
    f.layout.iter().map(|b| f.block(*b).insts.len()).sum()
}

/// Functions in bottom-up order: every callee before its callers (recursive
/// cycles in any order; they are not inlined).
fn bottom_up(m: &Module) -> Vec<usize> {
    let index: HashMap<&str, usize> = m
        .functions
        .iter()
        .enumerate()
        .map(|(i, f)| (f.name.as_str(), i))
        .collect();
    let callees = |f: &Function| -> Vec<usize> {
        f.layout
            .iter()
            .flat_map(|b| f.block(*b).insts.iter())
            .filter_map(|i| match &f.inst(*i).kind {
                InstKind::Call {
                    callee: Callee::Function(callee),
                    ..
                } => index.get(callee.as_str()).copied(),
                _ => None,
            })
            .collect()
    };
    let mut order = Vec::new();
    let mut state = vec![0u8; m.functions.len()]; // 0 new, 1 open, 2 done
    for root in 0..m.functions.len() {
        let mut stack = vec![(root, 0usize)];
        while let Some((f, k)) = stack.pop() {
            if k == 0 {
                if state[f] != 0 {
                    continue;
                }
                state[f] = 1;
            }
            let cs = callees(&m.functions[f]);
            match cs.iter().skip(k).position(|c| state[*c] == 0) {
                Some(p) => {
                    stack.push((f, k + p + 1));
                    stack.push((cs[k + p], 0));
                }
                None => {
                    state[f] = 2;
                    order.push(f);
                }
            }
        }
    }
    order
}

/// Inlines the calls to the functions `wanted`; with `missed`, the calls
/// to the others (`__noinline__`, recursive) are reported as missed.
fn run(
    m: &mut Module,
    wanted: impl Fn(&Function) -> bool,
    cx: &super::PassContext,
    missed: bool,
) -> bool {
    // A function's address passed to a function inlined here is a known
    // callee now (`apply(sq, x)` calls `sq`): those calls become direct and
    // are inlined in turn, as LLVM's inliner promotes such call sites. A
    // few rounds: each exposes the calls one level deeper.
    let mut changed = false;
    for round in 0..4 {
        if !run_once(m, &wanted, cx, missed && round == 0) {
            break;
        }
        changed = true;
        if !cx.counted(|| super::instcombine::direct_calls(m)) {
            break;
        }
    }
    changed
}

fn run_once(
    m: &mut Module,
    wanted: &impl Fn(&Function) -> bool,
    cx: &super::PassContext,
    missed: bool,
) -> bool {
    let rec = recursive(m);
    let candidates: Vec<String> = m
        .functions
        .iter()
        .filter(|f| !f.is_declaration() && !f.attrs.kernel && wanted(f) && !rec.contains(&f.name))
        .map(|f| f.name.clone())
        .collect();
    if missed && cx.remarks_on() {
        report_not_inlined(m, &candidates, &rec, cx);
    }
    if candidates.is_empty() {
        return false;
    }
    let mut changed = false;
    let mut total = 0usize;
    // Past the module's budget the inliner stops copying (the pass
    // manager then ends the compile with the budget's error).
    let room = super::budget::MAX_INSTS_AFTER_INLINING.saturating_sub(
        m.functions
            .iter()
            .filter(|f| !f.is_declaration())
            .map(super::budget::live_insts)
            .sum(),
    );
    // Callees first, so a callee's own calls are already inlined when it is
    // copied: each call site is visited once.
    for fi in bottom_up(m) {
        let mut sites: Vec<(BlockId, InstId)> = Vec::new();
        {
            let f = &m.functions[fi];
            for &b in &f.layout {
                for &i in &f.block(b).insts {
                    if let InstKind::Call {
                        callee: Callee::Function(callee),
                        ..
                    } = &f.inst(i).kind
                    {
                        if candidates.contains(callee) {
                            sites.push((b, i));
                        }
                    }
                }
            }
        }
        let start = size(&m.functions[fi]);
        // The caller is taken out of the module while the callees are read
        // from it (no copy of a callee per call site); a callee is never
        // the caller itself (recursive functions are no candidates).
        let mut f = std::mem::replace(
            &mut m.functions[fi],
            Function::new(String::new(), Type::Void, Vec::new()),
        );
        // The calls inlined and the values replacing them, rewritten in one
        // walk at the end (not one walk of the caller per call site).
        let mut results: HashMap<InstId, Value> = HashMap::default();
        for (_, call) in sites {
            let InstKind::Call {
                callee: Callee::Function(callee),
                ..
            } = &f.inst(call).kind
            else {
                continue;
            };
            let Some(callee) = m.function(callee) else {
                continue;
            };
            if total >= room {
                break;
            }
            let grown = size(&f) + size(callee);
            let over_budget = (grown > start + BUDGET || total + size(callee) > TOTAL_BUDGET)
                && !callee.attrs.alwaysinline;
            if over_budget || grown > HARD_LIMIT {
                cx.missed(
                    f.inst(call).loc.map_or(0, |l| l.line),
                    format_args!(
                        "`{}` not inlined into `{}`: too big (cost {} of {})",
                        callee.name,
                        f.name,
                        size(callee),
                        BUDGET.min(TOTAL_BUDGET.saturating_sub(total))
                    ),
                );
                continue;
            }
            // Each call site inlined is one rewrite.
            if !cx.may_rewrite() {
                continue;
            }
            cx.applied(
                f.inst(call).loc.map_or(0, |l| l.line),
                format_args!(
                    "inlined `{}` into `{}` (cost {} of {})",
                    callee.name,
                    f.name,
                    size(callee),
                    BUDGET
                ),
            );
            total += size(callee);
            // The call's block may have been split by an earlier inlining: find it.
            let Some((b, pos)) = f.layout.iter().find_map(|&b| {
                f.block(b)
                    .insts
                    .iter()
                    .position(|&i| i == call)
                    .map(|p| (b, p))
            }) else {
                continue;
            };
            if let Some(v) = inline_call(&mut f, b, pos, callee) {
                results.insert(call, v);
            }
            changed = true;
        }
        if !results.is_empty() {
            replace_results(&mut f, &results);
        }
        m.functions[fi] = f;
    }
    changed
}

/// Reports the calls to defined device functions that are no candidates:
/// `__noinline__` or recursive ones.
fn report_not_inlined(m: &Module, candidates: &[String], rec: &[String], cx: &super::PassContext) {
    for f in m.functions.iter().filter(|f| !f.is_declaration()) {
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let InstKind::Call {
                    callee: Callee::Function(callee),
                    ..
                } = &f.inst(i).kind
                else {
                    continue;
                };
                let Some(g) = m.function(callee) else {
                    continue;
                };
                if g.is_declaration() || g.attrs.kernel || candidates.contains(callee) {
                    continue;
                }
                let why = if rec.contains(callee) {
                    "recursive"
                } else if g.attrs.noinline {
                    "__noinline__"
                } else {
                    continue;
                };
                cx.missed(
                    f.inst(i).loc.map_or(0, |l| l.line),
                    format_args!("`{callee}` not inlined into `{}`: {why}", f.name),
                );
            }
        }
    }
}

/// Replaces every use of an inlined call with its value; a value may be
/// another inlined call's (`g(f(x))`).
fn replace_results(f: &mut Function, results: &HashMap<InstId, Value>) {
    let resolve = |v: &Value| {
        let mut v = v.clone();
        while let Value::Inst(i) = v {
            match results.get(&i) {
                Some(r) => v = r.clone(),
                None => break,
            }
        }
        v
    };
    f.for_each_live_operand_mut(|op| {
        if matches!(op, Value::Inst(i) if results.contains_key(i)) {
            *op = resolve(op);
        }
    });
}

/// Replaces the call at `blocks[b].insts[pos]` with a copy of `callee`.
/// Returns the value that replaces the call's (the caller rewrites its uses:
/// `replace_results`).
fn inline_call(f: &mut Function, b: BlockId, pos: usize, callee: &Function) -> Option<Value> {
    let call = f.block(b).insts[pos];
    let args = match &f.inst(call).kind {
        InstKind::Call { args, .. } => args.clone(),
        _ => return None,
    };
    let call_loc = f.inst(call).loc;
    // The rest of the block moves to a continuation block.
    let cont = f.add_block(&format!("{}.exit", f.block(b).name));
    debug_assert_eq!(f.layout.last(), Some(&cont));
    let rest: Vec<InstId> = f.block_mut(b).insts.split_off(pos + 1);
    f.block_mut(b).insts.pop(); // the call
    f.block_mut(cont).insts = rest;
    for s in f.successors(cont) {
        for i in f.block(s).insts.clone() {
            if let InstKind::Phi { incoming } = &mut f.inst_mut(i).kind {
                for (_, from) in incoming.iter_mut() {
                    if *from == b {
                        *from = cont;
                    }
                }
            }
        }
    }
    for h in &mut f.loop_hints {
        if h.latch == b {
            h.latch = cont;
        }
    }
    // Blocks, placed between the call's block and the continuation.
    let mut block_map: HashMap<BlockId, BlockId> = HashMap::default();
    for &cb in &callee.layout {
        let nb = f.add_block(&format!("{}.i", callee.block(cb).name));
        block_map.insert(cb, nb);
    }
    let at = f.layout.iter().position(|x| *x == b).map_or(0, |p| p + 1);
    let new_blocks: Vec<BlockId> = callee
        .layout
        .iter()
        .map(|cb| block_map[cb])
        .chain(std::iter::once(cont))
        .collect();
    // `add_block` appended them: they move from the end to after `b`.
    f.layout.truncate(f.layout.len() - new_blocks.len());
    f.layout.splice(at..at, new_blocks);
    // Instructions: create them all first (phis may refer forward), then fill in operands.
    let mut inst_map: HashMap<InstId, InstId> = HashMap::default();
    for &cb in &callee.layout {
        for &ci in &callee.block(cb).insts {
            let src = callee.inst(ci);
            let base = if src.name.is_empty() {
                String::new()
            } else {
                format!("{}.i", src.name)
            };
            let id = f.create_inst(
                &base,
                src.ty.clone(),
                InstKind::Unreachable,
                src.loc.or(call_loc),
            );
            inst_map.insert(ci, id);
        }
    }
    let map_value = |v: &Value| -> Value {
        match v {
            Value::Arg(k) => args
                .get(*k as usize)
                .cloned()
                .unwrap_or(Value::Undef(Type::Void)),
            Value::Inst(i) => Value::Inst(inst_map[i]),
            v => v.clone(),
        }
    };
    let mut returns: Vec<(Option<Value>, BlockId)> = Vec::new();
    let mut allocas = Vec::new();
    for &cb in &callee.layout {
        let nb = block_map[&cb];
        for &ci in &callee.block(cb).insts {
            let id = inst_map[&ci];
            let mut kind = callee.inst(ci).kind.clone();
            kind.for_each_operand_mut(|op| *op = map_value(op));
            match &mut kind {
                InstKind::Phi { incoming } => {
                    for (_, from) in incoming.iter_mut() {
                        *from = block_map[from];
                    }
                }
                InstKind::Br { .. } | InstKind::CondBr { .. } | InstKind::Switch { .. } => {
                    for s in kind.successors_mut() {
                        *s = block_map[s];
                    }
                }
                InstKind::Ret { val } => {
                    returns.push((val.clone(), nb));
                    kind = InstKind::Br { dest: cont };
                }
                InstKind::Alloca { .. } => allocas.push(id),
                _ => {}
            }
            f.inst_mut(id).kind = kind;
            if !allocas.contains(&id) {
                f.block_mut(nb).insts.push(id);
            }
        }
    }
    for h in &callee.loop_hints {
        f.loop_hints.push(LoopHint {
            latch: block_map[&h.latch],
            unroll: h.unroll,
        });
    }
    // The callee's stack slots join the caller's, at the top of its entry block.
    let entry = f.entry();
    for (k, a) in allocas.into_iter().enumerate() {
        f.block_mut(entry).insts.insert(k, a);
    }
    let br = f.create_inst(
        "",
        Type::Void,
        InstKind::Br {
            dest: block_map[&callee.entry()],
        },
        call_loc,
    );
    f.block_mut(b).insts.push(br);
    // The call's value: the returned value (a phi when several returns).
    let mut result = None;
    if f.inst(call).ty != Type::Void {
        let value = match returns.as_slice() {
            [(Some(v), _)] => v.clone(),
            _ => {
                let incoming = returns
                    .iter()
                    .map(|(v, from)| {
                        (
                            v.clone().unwrap_or(Value::Undef(f.inst(call).ty.clone())),
                            *from,
                        )
                    })
                    .collect();
                let name = format!("{}.i", f.inst(call).name);
                let phi = f.create_inst(
                    &name,
                    f.inst(call).ty.clone(),
                    InstKind::Phi { incoming },
                    call_loc,
                );
                f.block_mut(cont).insts.insert(0, phi);
                Value::Inst(phi)
            }
        };
        result = Some(value);
    }
    f.erase_inst(call);
    result
}
