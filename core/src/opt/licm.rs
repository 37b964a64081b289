//! licm: loop-invariant code motion. An instruction whose operands do not
//! change while a loop runs computes the same value every iteration; it
//! moves to the loop's preheader and runs once. Inner loops go first, so a
//! value invariant in a whole nest climbs out one loop at a time.
//!
//! What moves (cicc's LICM hoists without speculation on the GPU, where a
//! load from an address the program would not have touched can fault):
//! - arithmetic, casts, address computations (`getelementptr`), compares,
//!   selects and reads of special registers (`%tid.x`), which cannot fault
//!   wherever they run; integer division and remainder only by a constant
//!   that is neither 0 nor -1;
//! - a load, when it runs on every iteration that completes (its block
//!   dominates every exit of the loop) and nothing in the loop can write the
//!   memory it reads: the loop has no store, atomic, fence or call, or the
//!   pointer is into constant memory (`addrspace(4)`) or comes from a
//!   `noalias readonly` parameter (`const T *__restrict__`), which nothing
//!   writes while the kernel runs.
//!
//! A loop without a preheader gets one (`<header>.preheader`) when something
//! will move.

use super::loops::*;
use crate::collections::{HashMap, HashSet};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_defined(m, run_function)
}

pub fn run_function(f: &mut Function, cx: &super::PassContext) -> bool {
    let mut changed = false;
    let li = LoopInfo::new(f, &DomTree::new(f));
    let headers: Vec<BlockId> = li
        .innermost_first()
        .into_iter()
        .map(|i| li.loops[i].header)
        .collect();
    // Hoisting moves instructions only; creating a preheader adds a block
    // and changes the blocks of enclosing loops: recompute only then.
    let mut analyses = Some((DomTree::new(f), li));
    for h in headers {
        let blocks = f.blocks.len();
        let (dom, li) = analyses.take().unwrap_or_else(|| {
            let dom = DomTree::new(f);
            let li = LoopInfo::new(f, &dom);
            (dom, li)
        });
        let Some(l) = li.with_header(h) else {
            analyses = Some((dom, li));
            continue;
        };
        let line = super::remark::loop_line(f, l);
        let (moved, blocked) = hoist(f, &dom, l, cx);
        if f.blocks.len() == blocks {
            analyses = Some((dom, li));
        }
        let name = || super::remark::loop_name(f, line);
        if moved > 0 {
            changed = true;
            let what = super::remark::plural(moved, "instruction");
            cx.applied(line, format_args!("hoisted {what} out of the {}", name()));
        }
        if blocked > 0 {
            let what = super::remark::plural(blocked, "invariant load");
            cx.missed(
                line,
                format_args!(
                    "{what} not hoisted out of the {}: the loop may write memory",
                    name()
                ),
            );
        }
    }
    changed
}

/// Whether `i` may run where the loop did not ask for it: pure and unable to fault.
fn speculatable(f: &Function, i: InstId) -> bool {
    match &f.inst(i).kind {
        InstKind::Bin { op, rhs, .. } => match op {
            BinOp::SDiv | BinOp::SRem => !matches!(rhs.as_int(), None | Some(0) | Some(-1)),
            BinOp::UDiv | BinOp::URem => !matches!(rhs.as_int(), None | Some(0)),
            _ => true,
        },
        InstKind::FNeg(_)
        | InstKind::ICmp { .. }
        | InstKind::FCmp { .. }
        | InstKind::Select { .. }
        | InstKind::Cast { .. }
        | InstKind::Gep { .. } => true,
        InstKind::Call { callee, .. } => callee.is_pure(),
        _ => false,
    }
}

/// Whether the memory behind `ptr` is never written while the kernel runs.
fn read_only_memory(f: &Function, ptr: &Value) -> bool {
    let mut p = ptr.clone();
    // Bounded: each step goes to an operand defined earlier.
    for _ in 0..64 {
        if let Type::Ptr(addrspace::CONST) = f.value_type(&p) {
            return true;
        }
        match p {
            Value::Arg(a) => {
                return f
                    .params
                    .get(a as usize)
                    .is_some_and(|x| x.noalias && x.readonly)
            }
            Value::Inst(d) => match &f.inst(d).kind {
                InstKind::Gep { base, .. } => p = base.clone(),
                InstKind::Cast {
                    op: CastOp::AddrSpaceCast | CastOp::BitCast,
                    val,
                } => p = val.clone(),
                _ => return false,
            },
            _ => return false,
        }
    }
    false
}

/// Whether anything in the loop may write memory or not come back (a call).
fn loop_writes(f: &Function, l: &Loop) -> bool {
    l.blocks.iter().any(|&b| {
        f.block(b).insts.iter().any(|&i| {
            matches!(
                f.inst(i).kind,
                InstKind::Store { .. }
                    | InstKind::AtomicRmw { .. }
                    | InstKind::CmpXchg { .. }
                    | InstKind::Fence { .. }
                    | InstKind::Load { volatile: true, .. }
                    | InstKind::CallIndirect { .. }
            ) || matches!(&f.inst(i).kind, InstKind::Call { callee, .. } if !callee.is_pure())
                || matches!(&f.inst(i).kind, InstKind::Asm(a) if a.touches_memory())
        })
    })
}

/// Whether a store in loop `l` writes through `ptr` (the same value).
fn stored_through(f: &Function, l: &Loop, ptr: &Value) -> bool {
    l.blocks.iter().any(|&b| {
        f.block(b)
            .insts
            .iter()
            .any(|&i| matches!(&f.inst(i).kind, InstKind::Store { ptr: p, .. } if p == ptr))
    })
}

/// The instructions that use each of `defs`, in live blocks (a map of
/// those only: one of every instruction, per loop, made licm quadratic in
/// the loops of a function).
fn users_of(f: &Function, defs: &HashSet<InstId>) -> HashMap<InstId, Vec<InstId>> {
    let mut users: HashMap<InstId, Vec<InstId>> = HashMap::default();
    if defs.is_empty() {
        return users;
    }
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            f.inst(i).kind.for_each_operand(|op| {
                if let Value::Inst(d) = op {
                    if defs.contains(d) {
                        users.entry(*d).or_default().push(i);
                    }
                }
            });
        }
    }
    users
}

/// Whether isel folds `i` into every user, where it costs nothing: a
/// constant-offset address used only by loads and stores (`[%rd+16]`), an
/// `i32` index widened only for address computations (`mul.wide`). LLVM's
/// CodeGenPrepare sinks these back next to their users for the same reason.
fn folds_into_users(f: &Function, i: InstId, users: &[InstId]) -> bool {
    let me = Value::Inst(i);
    match &f.inst(i).kind {
        InstKind::Gep { indices, .. } => {
            indices.iter().all(|x| x.as_int().is_some())
                && users.iter().all(|&u| match &f.inst(u).kind {
                    InstKind::Load { ptr, .. } => *ptr == me,
                    InstKind::Store { ptr, val, .. } => *ptr == me && *val != me,
                    _ => false,
                })
        }
        InstKind::Cast {
            op: CastOp::SExt | CastOp::ZExt,
            val,
        } => {
            f.value_type(val) == Type::I32
                && users.iter().all(|&u| match &f.inst(u).kind {
                    InstKind::Gep { base, .. } => *base != me,
                    _ => false,
                })
        }
        _ => false,
    }
}

/// Hoists what can move out of loop `l`: how many instructions moved, and
/// how many loads with invariant addresses stay because the loop may write
/// memory. Each instruction moved is one rewrite; one refused keeps the
/// instructions that use it in the loop too.
fn hoist(f: &mut Function, dom: &DomTree, l: &Loop, cx: &super::PassContext) -> (usize, usize) {
    let exiting = l.exiting_blocks(f);
    // The miscompile lab's `licm-barrier`: a load whose pointer the loop
    // never stores through is taken as invariant, although other threads'
    // stores reach it at the loop's `__syncthreads()`.
    let barrier_bug = cx.bug(crate::bugs::Bug::LicmBarrier);
    let writes = loop_writes(f, l);
    let calls = l.blocks.iter().any(|&b| {
        f.block(b).insts.iter().any(
            |&i| matches!(&f.inst(i).kind, InstKind::Call { callee, .. } if !callee.is_pure() && !callee.intrinsic().is_some_and(Intrinsic::is_barrier))
                || matches!(&f.inst(i).kind, InstKind::CallIndirect { .. })
                || matches!(&f.inst(i).kind, InstKind::Asm(a) if a.touches_memory()),
        )
    });
    // Sparse: a loop's own instructions, not one flag per instruction of the function.
    let mut defined_in_loop: HashSet<InstId> = HashSet::default();
    for &b in &l.blocks {
        defined_in_loop.extend(f.block(b).insts.iter().copied());
    }
    // Blocks in reverse post-order: an instruction's operands are decided before it.
    let mut moving = Vec::new();
    let mut blocked = 0;
    for &b in &l.blocks {
        let always_runs = exiting.iter().all(|&e| dom.dominates(b, e));
        for &i in &f.block(b).insts {
            let inst = f.inst(i);
            let movable = match &inst.kind {
                InstKind::Load {
                    ptr,
                    volatile: false,
                    ..
                } => {
                    always_runs
                        && (!writes
                            || (!calls && read_only_memory(f, ptr))
                            || (barrier_bug && !calls && !stored_through(f, l, ptr)))
                }
                _ => speculatable(f, i),
            };
            let invariant = inst.kind.operands().iter().all(|op| match op {
                Value::Inst(d) => !defined_in_loop.contains(d),
                _ => true,
            });
            if !movable
                && invariant
                && matches!(
                    inst.kind,
                    InstKind::Load {
                        volatile: false,
                        ..
                    }
                )
                && always_runs
            {
                blocked += 1;
            }
            if movable && invariant {
                defined_in_loop.remove(&i);
                moving.push((b, i));
            }
        }
    }
    if moving.is_empty() {
        return (0, blocked);
    }
    // Address arithmetic isel folds into its users stays with them, unless a
    // user moves too (users come later in `moving`: decide them first).
    // Only an instruction of a kind isel folds can stay (with no users,
    // `folds_into_users` checks the kind alone).
    let foldable: HashSet<InstId> = moving
        .iter()
        .map(|&(_, i)| i)
        .filter(|&i| folds_into_users(f, i, &[]))
        .collect();
    let users = users_of(f, &foldable);
    let candidates: HashSet<InstId> = moving.iter().map(|&(_, i)| i).collect();
    let mut kept: HashSet<InstId> = HashSet::default();
    for k in (0..moving.len()).rev() {
        let i = moving[k].1;
        if !foldable.contains(&i) {
            continue;
        }
        let users = users.get(&i).map_or(&[][..], Vec::as_slice);
        let needed = users
            .iter()
            .any(|u| candidates.contains(u) && !kept.contains(u));
        if folds_into_users(f, i, users) && !needed {
            kept.insert(i);
        }
    }
    moving.retain(|(_, i)| !kept.contains(i));
    // The rewrite limit: an instruction whose operand stays, stays.
    let mut stays: HashSet<InstId> = HashSet::default();
    moving.retain(|&(_, i)| {
        let needs_staying = f.inst(i).kind.operands().iter().any(|op| match op {
            Value::Inst(d) => stays.contains(d),
            _ => false,
        });
        let ok = !needs_staying && cx.may_rewrite();
        if !ok {
            stays.insert(i);
        }
        ok
    });
    if moving.is_empty() {
        return (0, blocked);
    }
    let Some(pre) = ensure_preheader(f, l) else {
        return (0, blocked);
    };
    let moved = moving.len();
    // One pass over each block they leave; in their order before the
    // preheader's terminator.
    let gone: HashSet<InstId> = moving.iter().map(|&(_, i)| i).collect();
    let mut from: Vec<BlockId> = moving.iter().map(|&(b, _)| b).collect();
    from.dedup();
    for b in from {
        f.block_mut(b).insts.retain(|x| !gone.contains(x));
    }
    let at = f.block(pre).insts.len() - 1;
    f.block_mut(pre)
        .insts
        .splice(at..at, moving.iter().map(|&(_, i)| i));
    (moved, blocked)
}
