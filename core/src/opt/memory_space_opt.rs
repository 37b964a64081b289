//! memory-space-opt (cicc's MemorySpaceOpt, LLVM's infer-address-spaces):
//! when a generic pointer can only hold addresses of one specific space, the
//! accesses through it use a pointer in that space, so PTX names the space
//! (`ld.shared.f32` rather than `ld.f32`).
//!
//! The space of each generic pointer is found by dataflow over the
//! pointers made from others: an `addrspacecast` from a specific space is
//! in that space; a `getelementptr` is in its base's; a `phi` or `select` is
//! in the space all its inputs share (a loop's pointer induction variable,
//! `flip ? a : b` of two shared arrays); anything else (arguments, loads,
//! calls, null) may be anywhere. Each pointer with a known space gets a twin
//! in that space (it takes the source name; the generic one is renamed
//! `.generic`), then loads, stores, atomics and pointer comparisons use the
//! twins. Other uses (a call's argument, a stored pointer) keep the generic
//! value; the generic values left unused are deleted by dce.

use crate::collections::{HashMap, HashSet};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = super::memory_space_ip::run(m, cx);
    for f in &mut m.functions {
        if !f.is_declaration() {
            changed |= run_function(f, cx);
        }
    }
    changed
}

/// The remarks of `f`: the accesses given a space, per space; the memory
/// accesses left generic, with their lines.
fn report(f: &Function, moved: &[u32], cx: &super::PassContext) {
    if !cx.remarks_on() {
        return;
    }
    if !moved.is_empty() {
        let counts = super::remark::counts(moved.iter().map(|&s| super::remark::space_name(s)));
        let spaces: Vec<String> = counts.iter().map(|(s, n)| format!("{n} {s}")).collect();
        cx.applied(
            0,
            format_args!(
                "`{}`: memory accesses given their address space: {}",
                f.name,
                spaces.join(", ")
            ),
        );
    }
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let inst = f.inst(i);
            let (InstKind::Load { ptr, .. } | InstKind::Store { ptr, .. }) = &inst.kind else {
                continue;
            };
            if is_generic_ptr(&f.value_type(ptr)) {
                let what = if matches!(inst.kind, InstKind::Load { .. }) {
                    "load"
                } else {
                    "store"
                };
                cx.missed(
                    inst.loc.map_or(0, |l| l.line),
                    format_args!(
                        "{what} in `{}` stays generic: its pointer's space is not known",
                        f.name
                    ),
                );
            }
        }
    }
}

/// What a generic pointer may point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Space {
    /// Nothing known yet (optimistic start; an `undef` input).
    Any,
    /// Only this specific space.
    In(u32),
    /// Several spaces, or not known: it stays generic.
    Generic,
}

pub(super) fn join(a: Space, b: Space) -> Space {
    match (a, b) {
        (Space::Any, x) | (x, Space::Any) => x,
        (Space::In(x), Space::In(y)) if x == y => Space::In(x),
        _ => Space::Generic,
    }
}

fn is_generic_ptr(t: &Type) -> bool {
    *t == Type::Ptr(addrspace::GENERIC)
}

fn run_function(f: &mut Function, cx: &super::PassContext) -> bool {
    let order: Vec<InstId> = f
        .reverse_postorder()
        .into_iter()
        .flat_map(|b| f.block(b).insts.clone())
        .collect();
    let space = infer(f, &order);
    if !space.values().any(|s| matches!(s, Space::In(_))) {
        report(f, &[], cx);
        return false;
    }
    let (twins, made) = make_twins(f, &order, &space);
    let mut changed = false;
    // The space of each access moved.
    let mut moved = Vec::new();
    let twin = |v: &Value| v.as_inst().and_then(|i| twins.get(&i).cloned());
    // Casts of a pointer back to the space it is known to be in (a shared
    // pointer an asynchronous copy takes): their users take the twin.
    let mut recast = Vec::new();
    for &id in &order {
        let inst_ty = f.inst(id).ty.clone();
        let kind = &mut f.inst_mut(id).kind;
        match kind {
            InstKind::Cast {
                op: CastOp::AddrSpaceCast,
                val,
            } => {
                if let (Some(t), Some(Space::In(s))) =
                    (twin(val), val.as_inst().and_then(|i| space.get(&i)))
                {
                    if inst_ty == Type::Ptr(*s) && cx.may_rewrite() {
                        recast.push((id, t));
                    }
                }
            }
            InstKind::Load { ptr, .. }
            | InstKind::Store { ptr, .. }
            | InstKind::AtomicRmw { ptr, .. }
            | InstKind::CmpXchg { ptr, .. } => {
                // Each access, comparison or cast moved to its space is one rewrite.
                if let Some(t) = twin(ptr).filter(|_| cx.may_rewrite()) {
                    if let (true, Some(Space::In(s))) =
                        (cx.remarks_on(), ptr.as_inst().and_then(|i| space.get(&i)))
                    {
                        moved.push(*s);
                    }
                    *ptr = t;
                    changed = true;
                }
            }
            // A warp matrix load or store: its address in the twin's space,
            // the intrinsic renamed (`….f16.p0` → `….f16.p1`).
            InstKind::Call {
                callee: Callee::Intrinsic(Intrinsic::Wmma(wmma)),
                args,
            } => {
                let Some(t) = args.first().and_then(twin) else {
                    continue;
                };
                let Some(Space::In(s)) = args[0].as_inst().and_then(|i| space.get(&i)) else {
                    continue;
                };
                let renamed = match *wmma {
                    crate::wmma::Wmma::Load { frag, col, .. } => {
                        crate::wmma::Space::from_addrspace(*s)
                            .map(|space| crate::wmma::Wmma::Load { frag, col, space })
                    }
                    crate::wmma::Wmma::Store { frag, col, .. } => {
                        crate::wmma::Space::from_addrspace(*s)
                            .map(|space| crate::wmma::Wmma::Store { frag, col, space })
                    }
                    _ => None,
                };
                if let Some(w) = renamed.filter(|_| cx.may_rewrite()) {
                    if cx.remarks_on() {
                        moved.push(*s);
                    }
                    *wmma = w;
                    args[0] = t;
                    changed = true;
                }
            }
            InstKind::ICmp { lhs, rhs, .. } => {
                // Both sides in the same space: compare the twins (offsets
                // in one space order as the generic addresses do).
                let same = match (lhs.as_inst(), rhs.as_inst()) {
                    (Some(x), Some(y)) => space.get(&x) == space.get(&y),
                    _ => false,
                };
                if let (true, Some(a), Some(b)) = (same, twin(lhs), twin(rhs)) {
                    if !cx.may_rewrite() {
                        continue;
                    }
                    *lhs = a;
                    *rhs = b;
                    changed = true;
                }
            }
            _ => {}
        }
    }
    for (cast, t) in recast {
        f.replace_all_uses(&Value::Inst(cast), &t);
        changed = true;
    }
    if changed {
        let casts = cast_back(f, &made);
        // The twins nobody uses, and the generic values nobody uses any more.
        super::dce::run_function(f);
        // A cast back takes the name its generic value had.
        for (cast, name) in casts {
            if f.inst(cast).ty != Type::Void {
                f.rename_inst(cast, &format!("{name}.generic"));
            }
        }
    } else {
        // No access moved: the twins go, and the function is as it was.
        f.delete_insts(made.iter().map(|m| m.1));
    }
    // A generic value whose twin went unused keeps its own name.
    for (generic, twin, name) in made {
        if f.inst(twin).ty == Type::Void && f.inst(generic).ty != Type::Void {
            f.rename_inst(generic, &name);
        }
    }
    report(f, &moved, cx);
    changed
}

/// Uses of a generic pointer outside the generic chain that made its twin
/// (a call's argument, a stored pointer) read the twin cast back to generic
/// instead, as LLVM's infer-address-spaces does, so the generic chain dies:
/// one cast at the end instead of a generic copy of every step. Returns the
/// casts with the names of their generic values.
fn cast_back(f: &mut Function, made: &[(InstId, InstId, String)]) -> Vec<(InstId, String)> {
    let chain: HashSet<InstId> = made.iter().map(|m| m.0).collect();
    // The users of each generic value outside the chain, in layout order,
    // and each placed instruction's block, found in one walk.
    let mut users: HashMap<InstId, Vec<InstId>> = HashMap::default();
    let mut block_of: HashMap<InstId, BlockId> = HashMap::default();
    for &b in &f.layout {
        for &u in &f.block(b).insts {
            block_of.insert(u, b);
            if chain.contains(&u) {
                continue;
            }
            f.inst(u).kind.for_each_operand(|op| {
                if let Value::Inst(g) = op {
                    if chain.contains(g) {
                        let list = users.entry(*g).or_default();
                        if list.last() != Some(&u) {
                            list.push(u);
                        }
                    }
                }
            });
        }
    }
    let mut casts = Vec::new();
    let mut place = Placement::new(f);
    for (generic, twin, name) in made {
        let from = Value::Inst(*generic);
        let Some(users) = users.remove(generic) else {
            continue;
        };
        let loc = f.inst(*twin).loc;
        let cast = f.create_inst(
            &format!("{name}.cast"),
            Type::Ptr(addrspace::GENERIC),
            InstKind::Cast {
                op: CastOp::AddrSpaceCast,
                val: Value::Inst(*twin),
            },
            loc,
        );
        // Right after the twin (after the block's phis for a phi).
        let b = block_of[twin];
        if matches!(f.inst(*twin).kind, InstKind::Phi { .. }) {
            place.after_phis(b, cast);
        } else {
            place.after(b, *twin, cast);
        }
        for u in users {
            f.inst_mut(u).kind.for_each_operand_mut(|op| {
                if *op == from {
                    *op = Value::Inst(cast);
                }
            });
        }
        casts.push((cast, name.clone()));
    }
    place.apply(f);
    casts
}

/// New instructions to place beside others, placed in one walk of each
/// block they go in (a search of the block for each would be quadratic in
/// a long block).
struct Placement {
    before: HashMap<InstId, InstId>,
    after: HashMap<InstId, InstId>,
    /// After each block's phis, the last given first.
    after_phis: HashMap<BlockId, Vec<InstId>>,
    touched: Vec<BlockId>,
    is_touched: Vec<bool>,
}

impl Placement {
    fn new(f: &Function) -> Placement {
        Placement {
            before: HashMap::default(),
            after: HashMap::default(),
            after_phis: HashMap::default(),
            touched: Vec::new(),
            is_touched: vec![false; f.blocks.len()],
        }
    }

    fn touch(&mut self, b: BlockId) {
        if !std::mem::replace(&mut self.is_touched[b.0 as usize], true) {
            self.touched.push(b);
        }
    }

    /// `new` right before `at`, in block `b`.
    fn before(&mut self, b: BlockId, at: InstId, new: InstId) {
        self.before.insert(at, new);
        self.touch(b);
    }

    /// `new` right after `at`, in block `b`.
    fn after(&mut self, b: BlockId, at: InstId, new: InstId) {
        self.after.insert(at, new);
        self.touch(b);
    }

    /// `new` after `b`'s phis, before what was placed there earlier.
    fn after_phis(&mut self, b: BlockId, new: InstId) {
        self.after_phis.entry(b).or_default().insert(0, new);
        self.touch(b);
    }

    fn apply(mut self, f: &mut Function) {
        for b in self.touched {
            let old = std::mem::take(&mut f.block_mut(b).insts);
            let mut insts = Vec::with_capacity(old.len() * 2);
            let mut phis_end = self.after_phis.remove(&b);
            for i in old {
                if !matches!(f.inst(i).kind, InstKind::Phi { .. }) {
                    insts.extend(phis_end.take().into_iter().flatten());
                }
                insts.extend(self.before.get(&i));
                insts.push(i);
                insts.extend(self.after.get(&i));
            }
            insts.extend(phis_end.into_iter().flatten());
            f.block_mut(b).insts = insts;
        }
    }
}

/// The space of every generic pointer made from other pointers, by
/// iteration to a fixed point from the optimistic `Any`.
pub(super) fn infer(f: &Function, order: &[InstId]) -> HashMap<InstId, Space> {
    let mut space: HashMap<InstId, Space> = HashMap::default();
    for &id in order {
        let inst = f.inst(id);
        if !is_generic_ptr(&inst.ty) {
            continue;
        }
        let s = match &inst.kind {
            InstKind::Cast {
                op: CastOp::AddrSpaceCast,
                val,
            } => match f.value_type(val) {
                Type::Ptr(s) if s != addrspace::GENERIC => Space::In(s),
                _ => Space::Generic,
            },
            InstKind::Gep { .. } | InstKind::Phi { .. } | InstKind::Select { .. } => Space::Any,
            _ => Space::Generic,
        };
        space.insert(id, s);
    }
    let of = |space: &HashMap<InstId, Space>, v: &Value| match v {
        Value::Inst(i) => space.get(i).copied().unwrap_or(Space::Generic),
        Value::Undef(_) => Space::Any,
        _ => Space::Generic,
    };
    loop {
        let mut changed = false;
        for &id in order {
            let Some(&old) = space.get(&id) else { continue };
            let new = match &f.inst(id).kind {
                InstKind::Gep { base, .. } => of(&space, base),
                InstKind::Select { t, f: e, .. } => join(of(&space, t), of(&space, e)),
                InstKind::Phi { incoming } => incoming
                    .iter()
                    .fold(Space::Any, |acc, (v, _)| join(acc, of(&space, v))),
                _ => continue,
            };
            // Monotone: a value only moves down from Any to In to Generic.
            let new = join(old, new);
            if new != old {
                space.insert(id, new);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // A cycle of phis fed only by undef is known nowhere.
    for s in space.values_mut() {
        if *s == Space::Any {
            *s = Space::Generic;
        }
    }
    space
}

/// Makes the specific-space twin of every pointer `infer` placed in one
/// space: a cast's source, or a new gep, select or phi beside the generic
/// one. Phis are made first with their inputs filled in afterwards, since
/// a loop's phi reads values defined after it.
/// Returns the twins, and each new instruction with its generic value and
/// the name it took from it.
#[allow(clippy::type_complexity)]
fn make_twins(
    f: &mut Function,
    order: &[InstId],
    space: &HashMap<InstId, Space>,
) -> (HashMap<InstId, Value>, Vec<(InstId, InstId, String)>) {
    let mut twins: HashMap<InstId, Value> = HashMap::default();
    let mut made = Vec::new();
    let mut phis: Vec<(InstId, InstId)> = Vec::new();
    let block_of: HashMap<InstId, BlockId> = f
        .layout
        .iter()
        .flat_map(|&b| f.block(b).insts.iter().map(move |&i| (i, b)))
        .collect();
    let twin_of = |twins: &HashMap<InstId, Value>, v: &Value, s: u32| match v {
        Value::Inst(i) => twins.get(i).cloned(),
        Value::Undef(_) => Some(Value::Undef(Type::Ptr(s))),
        _ => None,
    };
    let mut place = Placement::new(f);
    for &id in order {
        let Some(&Space::In(s)) = space.get(&id) else {
            continue;
        };
        let ty = Type::Ptr(s);
        let kind = match f.inst(id).kind.clone() {
            InstKind::Cast { val, .. } => {
                twins.insert(id, val);
                continue;
            }
            InstKind::Gep {
                elem_ty,
                base,
                indices,
            } => {
                let Some(base) = twin_of(&twins, &base, s) else {
                    continue;
                };
                InstKind::Gep {
                    elem_ty,
                    base,
                    indices,
                }
            }
            InstKind::Select { cond, t, f: e } => {
                let (Some(t), Some(e)) = (twin_of(&twins, &t, s), twin_of(&twins, &e, s)) else {
                    continue;
                };
                InstKind::Select { cond, t, f: e }
            }
            InstKind::Phi { .. } => InstKind::Phi {
                incoming: Vec::new(),
            },
            _ => continue,
        };
        let is_phi = matches!(kind, InstKind::Phi { .. });
        // The twin takes the source name; the generic value is renamed.
        let name = f.inst(id).name.clone();
        f.rename_inst(id, &format!("{name}.generic"));
        let new = f.create_inst(&name, ty, kind, f.inst(id).loc);
        // A phi goes before the generic one (phis stay first); others after it.
        if is_phi {
            place.before(block_of[&id], id, new);
            phis.push((id, new));
        } else {
            place.after(block_of[&id], id, new);
        }
        twins.insert(id, Value::Inst(new));
        made.push((id, new, name));
    }
    place.apply(f);
    for (generic, twin) in phis {
        let InstKind::Phi { incoming } = f.inst(generic).kind.clone() else {
            continue;
        };
        let Some(&Space::In(s)) = space.get(&generic) else {
            continue;
        };
        let incoming: Vec<(Value, BlockId)> = incoming
            .iter()
            .map(|(v, b)| {
                let v = twin_of(&twins, v, s).unwrap_or(Value::Undef(Type::Ptr(s)));
                (v, *b)
            })
            .collect();
        f.inst_mut(twin).kind = InstKind::Phi { incoming };
    }
    (twins, made)
}
