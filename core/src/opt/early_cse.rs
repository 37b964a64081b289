//! early-cse and gvn: a value computed twice is computed once. Walking the
//! dominator tree, an instruction equal to one that dominates it (same
//! operation, operands and type; operands of commutative operators in either
//! order) is replaced by it. Reads of special registers (`%tid.x`, …) are
//! equal within a launch.
//!
//! Memory: early-cse reuses a load until something may have written memory,
//! within its block and into the blocks entered only from it (a dominator-
//! tree child with one predecessor, LLVM's EarlyCSE generations: the `if`
//! arm after the test's load reads it again for nothing). gvn also carries loads (and stored values: store-to-load
//! forwarding) into dominated blocks when no path between them may write
//! that memory. A barrier, a fence, an atomic or a call writes all memory
//! (other threads' writes become visible at a barrier, so no shared-memory
//! load is reused across `__syncthreads`); a store writes memory that may
//! alias its pointer — pointers into two different specific address spaces
//! never alias.

use crate::collections::HashMap;
use crate::ir::*;
use std::rc::Rc;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    run_all(m, false, cx)
}

pub fn run_gvn(m: &mut Module, cx: &super::PassContext) -> bool {
    run_all(m, true, cx)
}

fn run_all(m: &mut Module, across_blocks: bool, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            let before = super::remark::size(f);
            if run_function(f, across_blocks, cx) {
                changed = true;
                cx.changed_function(f, before, "redundant computations and loads removed");
            }
        }
    }
    changed
}

/// The address space a pointer names, when specific.
fn space_of(f: &Function, p: &Value) -> Option<u32> {
    match f.value_type(p) {
        Type::Ptr(s) if s != addrspace::GENERIC => Some(s),
        _ => None,
    }
}

/// Whether instruction `i` may write memory a load through `ptr` reads.
fn clobbers(f: &Function, i: InstId, ptr: Option<&Value>) -> bool {
    match &f.inst(i).kind {
        InstKind::Store { ptr: sp, .. } => {
            match (ptr.and_then(|p| space_of(f, p)), space_of(f, sp)) {
                (Some(a), Some(b)) => a == b,
                _ => true,
            }
        }
        InstKind::Load { volatile: true, .. }
        | InstKind::AtomicRmw { .. }
        | InstKind::CmpXchg { .. }
        | InstKind::Fence { .. } => true,
        InstKind::Call { callee, .. } => !callee.is_pure(),
        InstKind::CallIndirect { .. } => true,
        InstKind::Asm(a) => a.touches_memory(),
        _ => false,
    }
}

/// Whether some path from the end of `d` to the start of `b` (which `d`
/// dominates) may pass an instruction that writes memory. A path may go
/// through `b` itself and back to its start (a loop whose header is `b`):
/// what the loop writes is then on it. The blocks on such paths are those
/// that reach `b` backwards without going past `d` and are reachable (from
/// the entry, hence from `d`, which dominates `b`); `d` itself only when a
/// cycle leads back to it (`on_cycle`).
fn path_clobbered(
    f: &Function,
    preds: &[Vec<BlockId>],
    reachable: &[bool],
    on_cycle: &[bool],
    d: BlockId,
    b: BlockId,
) -> bool {
    let mut stack: Vec<BlockId> = preds[b.0 as usize].clone();
    let mut seen: crate::collections::HashSet<BlockId> = Default::default();
    while let Some(x) = stack.pop() {
        let on_path = if x == d {
            on_cycle[x.0 as usize]
        } else {
            reachable[x.0 as usize]
        };
        if !on_path || !seen.insert(x) {
            continue;
        }
        // A block on the path is whole on it, d too when a cycle leads back to it.
        if f.block(x).insts.iter().any(|&i| clobbers(f, i, None)) {
            return true;
        }
        if x != d {
            stack.extend(preds[x.0 as usize].iter().copied());
        }
    }
    false
}

/// A memory value's key: the type read and the address.
type MemKey = (Type, Value);

/// The memory values known at a point: key → (address space, value).
type MemValues = HashMap<MemKey, (Option<u32>, Value)>;

/// A total order of operands, to put a commutative operation's in one order.
fn operand_order(v: &Value) -> (u8, i64, &str) {
    match v {
        Value::Inst(i) => (0, i64::from(i.0), ""),
        Value::Arg(a) => (1, i64::from(*a), ""),
        Value::Int(_, x) => (2, *x, ""),
        Value::Float(_, bits) => (3, *bits as i64, ""),
        Value::Undef(_) => (4, 0, ""),
        Value::Null(s) => (5, i64::from(*s), ""),
        Value::Global(name, s) => (6, i64::from(*s), name),
    }
}

/// Whether an instruction may be merged with an equal one (a computation
/// without side effects).
fn mergeable(kind: &InstKind) -> bool {
    match kind {
        InstKind::Bin { .. }
        | InstKind::FNeg(_)
        | InstKind::ICmp { .. }
        | InstKind::FCmp { .. }
        | InstKind::Select { .. }
        | InstKind::Cast { .. }
        | InstKind::ExtractElement { .. }
        | InstKind::InsertElement { .. }
        | InstKind::Gep { .. } => true,
        InstKind::Call { callee, .. } => callee.is_pure(),
        _ => false,
    }
}

/// A commutative operation's operands in one order.
fn commuted(kind: &InstKind) -> Option<(&Value, &Value)> {
    match kind {
        InstKind::Bin { op, lhs, rhs, .. } if op.is_commutative() => {
            Some(if operand_order(lhs) > operand_order(rhs) {
                (rhs, lhs)
            } else {
                (lhs, rhs)
            })
        }
        _ => None,
    }
}

/// A hash equal for equal computations (the result type and the operation,
/// a commutative one's operands in either order), made without copying the
/// instruction.
fn key_hash(f: &Function, id: InstId) -> u64 {
    use std::hash::{BuildHasher, Hash, Hasher};
    let inst = f.inst(id);
    let mut h = rustc_hash::FxBuildHasher.build_hasher();
    inst.ty.hash(&mut h);
    match (&inst.kind, commuted(&inst.kind)) {
        (InstKind::Bin { op, flags, .. }, Some((a, b))) => {
            op.hash(&mut h);
            flags.hash(&mut h);
            a.hash(&mut h);
            b.hash(&mut h);
        }
        (kind, _) => kind.hash(&mut h),
    }
    h.finish()
}

/// Whether two mergeable instructions compute the same value.
fn same(f: &Function, a: InstId, b: InstId) -> bool {
    let (x, y) = (f.inst(a), f.inst(b));
    if x.ty != y.ty {
        return false;
    }
    match (&x.kind, &y.kind) {
        (
            InstKind::Bin {
                op: o1, flags: f1, ..
            },
            InstKind::Bin {
                op: o2, flags: f2, ..
            },
        ) if o1.is_commutative() => o1 == o2 && f1 == f2 && commuted(&x.kind) == commuted(&y.kind),
        (k1, k2) => k1 == k2,
    }
}

/// Each value replaced (a load forwarded, a computation merged) is one rewrite.
fn run_function(f: &mut Function, across_blocks: bool, cx: &super::PassContext) -> bool {
    // The miscompile lab's `gvn-clobber`: a store forgets only the loads of
    // its own pointer value, as if two pointers never aliased.
    let clobber_bug = across_blocks && cx.bug(crate::bugs::Bug::GvnClobber);
    let dom = DomTree::new(f);
    let children = dom.children();
    let preds = f.predecessors();
    let on_cycle = f.blocks_on_cycles();
    let mut reachable = vec![false; f.blocks.len()];
    for b in &dom.rpo {
        reachable[b.0 as usize] = true;
    }
    // The memory values available at the end of each visited block with
    // children in the dominator tree (gvn), shared until one is changed.
    let mut end_loads: HashMap<BlockId, Rc<MemValues>> = HashMap::default();
    let mut replace: Vec<(InstId, Value)> = Vec::new();
    // Scoped table: by `key_hash`, the instructions available (compared with
    // `same`); entries added in a block are removed when leaving its subtree.
    let mut table: HashMap<u64, Vec<InstId>> = HashMap::default();
    enum Step {
        Enter(BlockId),
        Leave(Vec<u64>),
    }
    let mut stack = vec![Step::Enter(f.entry())];
    let mut repl: HashMap<InstId, Value> = HashMap::default();
    while let Some(step) = stack.pop() {
        let b = match step {
            Step::Leave(keys) => {
                for k in keys {
                    if let Some(list) = table.get_mut(&k) {
                        list.pop();
                        if list.is_empty() {
                            table.remove(&k);
                        }
                    }
                }
                continue;
            }
            Step::Enter(b) => b,
        };
        let mut added = Vec::new();
        // Memory values known here: (type, pointer) → value, forgotten at a write.
        let mut loads: Rc<MemValues> = Rc::default();
        if let Some(d) = dom.idom[b.0 as usize].filter(|d| *d != b) {
            // The last child of `d` to be visited takes its values.
            let last = children[d.0 as usize].last() == Some(&b);
            let avail = if last {
                end_loads.remove(&d)
            } else {
                end_loads.get(&d).cloned()
            };
            // early-cse (LLVM's generations): only into a block entered from
            // `d` alone, so nothing runs between; gvn: when no path between
            // may write memory.
            let only_from_d = preds[b.0 as usize] == [d];
            if let Some(avail) = avail.filter(|a| !a.is_empty()) {
                if only_from_d
                    || (across_blocks && !path_clobbered(f, &preds, &reachable, &on_cycle, d, b))
                {
                    loads = avail;
                }
            }
        }
        for k in 0..f.block(b).insts.len() {
            let i = f.block(b).insts[k];
            // Operands already replaced (in a dominating block) are compared as replaced.
            if !repl.is_empty() {
                f.inst_mut(i).kind.for_each_operand_mut(|op| {
                    if let Value::Inst(d) = op {
                        if let Some(r) = repl.get(d) {
                            *op = r.clone();
                        }
                    }
                });
            }
            match &f.inst(i).kind {
                InstKind::Load {
                    ptr,
                    volatile: false,
                    ..
                } => {
                    let k = (f.inst(i).ty.clone(), ptr.clone());
                    match loads.get(&k) {
                        Some((_, prev)) if cx.may_rewrite() => {
                            repl.insert(i, prev.clone());
                            replace.push((i, prev.clone()));
                        }
                        _ => {
                            let sp = space_of(f, ptr);
                            Rc::make_mut(&mut loads).insert(k, (sp, Value::Inst(i)));
                        }
                    }
                    continue;
                }
                InstKind::Store {
                    val, ptr, volatile, ..
                } => {
                    let (val, ptr, volatile) = (val.clone(), ptr.clone(), *volatile);
                    let sp = space_of(f, &ptr);
                    // Forget what this store may overwrite: all but other specific spaces.
                    let loads = Rc::make_mut(&mut loads);
                    loads.retain(|(_, p), (ls, _)| {
                        matches!((sp, *ls), (Some(a), Some(b)) if a != b)
                            || (clobber_bug && *p != ptr)
                    });
                    if across_blocks && !volatile {
                        // Store-to-load forwarding: a later load of this address reads `val`.
                        let ty = f.value_type(&val);
                        loads.insert((ty, ptr), (sp, val));
                    }
                    continue;
                }
                InstKind::Load { volatile: true, .. }
                | InstKind::AtomicRmw { .. }
                | InstKind::CmpXchg { .. }
                | InstKind::Fence { .. } => {
                    loads = Rc::default();
                    continue;
                }
                InstKind::CallIndirect { .. } => {
                    loads = Rc::default();
                    continue;
                }
                InstKind::Asm(a) if a.touches_memory() => {
                    loads = Rc::default();
                    continue;
                }
                InstKind::Call { callee, .. } if !callee.is_pure() => {
                    loads = Rc::default();
                    continue;
                }
                kind if !mergeable(kind) => continue,
                _ => {}
            }
            let h = key_hash(f, i);
            let prev = table
                .get(&h)
                .and_then(|list| list.iter().find(|&&p| same(f, p, i)).copied());
            match prev {
                Some(prev) if cx.may_rewrite() => {
                    repl.insert(i, Value::Inst(prev));
                    replace.push((i, Value::Inst(prev)));
                }
                Some(_) => {}
                None => {
                    table.entry(h).or_default().push(i);
                    added.push(h);
                }
            }
        }
        if !children[b.0 as usize].is_empty() {
            end_loads.insert(b, loads);
        }
        stack.push(Step::Leave(added));
        for &c in children[b.0 as usize].iter().rev() {
            stack.push(Step::Enter(c));
        }
    }
    if replace.is_empty() {
        return false;
    }
    // Uses in blocks not yet rewritten (phis, later blocks) follow the map.
    f.for_each_live_operand_mut(|op| {
        if let Value::Inst(d) = op {
            if let Some(r) = repl.get(d) {
                *op = r.clone();
            }
        }
    });
    f.delete_insts(replace.into_iter().map(|(i, _)| i));
    true
}
