//! load-store-vectorizer: loads (or stores) of 2 or 4 consecutive elements
//! in one block become one vector access, as NVPTX's LoadStoreVectorizer
//! makes one `ld.global.v4.f32` of a `float4`'s four members.
//!
//! A group is the first access and the ones after it in the block at the
//! next addresses (one base, constant offsets through constant geps), all
//! of one scalar type, not volatile: 4 lanes of 8-, 16- or 32-bit elements,
//! 2 of 64-bit ones (PTX's vectors, 128 bits at most), or 2 of a group of 3.
//! The first access must be aligned to the whole vector: its `align`, or
//! what its address tells (an alloca's or a variable's alignment, an
//! element's size, the offset); none is raised. A group the alignment does
//! not allow is cut to 2 lanes. Between the members nothing may write
//! memory (a store, an atomic, a fence, a barrier or any call but a pure
//! intrinsic), and for stores nothing may read it either: the loads move up
//! to the first one, the stores down to the last.
//!
//! Loads: the first becomes `%x.vec = load <4 x float>`, and each member an
//! `extractelement` of its lane under its own name, so its users do not
//! change. Stores: each member becomes an `insertelement` of its value (a
//! chain from `undef`), and one `store <4 x float>` follows the last.
//! Addresses that only the members used go.
//!
//! Left alone: the bytes of an alloca passed to a call as a struct argument
//! or result (`byval`, `sret`): isel turns those into the call's `.param`
//! stores and loads.

use super::lower_alloca::{by_bytes_params, passes_by_bytes};
use crate::collections::{HashMap, HashSet};
use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let by_bytes = by_bytes_params(m);
    let globals: HashMap<String, u64> = m
        .globals
        .iter()
        .map(|g| (g.name.clone(), g.align))
        .collect();
    let mut changed = false;
    for f in &mut m.functions {
        if f.is_declaration() {
            continue;
        }
        let temps = call_temporaries(f, &by_bytes);
        let before = super::remark::size(f);
        if run_function(f, &temps, &globals) {
            changed = true;
            cx.changed_function(
                f,
                before,
                "consecutive accesses merged into vector loads and stores",
            );
        }
    }
    changed
}

/// The allocas a call takes as a struct argument's bytes or result's place.
fn call_temporaries(f: &Function, by_bytes: &super::lower_alloca::ByBytes) -> HashSet<InstId> {
    let mut out = HashSet::default();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let kind = &f.inst(i).kind;
            if !matches!(kind, InstKind::Call { .. } | InstKind::CallIndirect { .. }) {
                continue;
            }
            for v in kind.operands() {
                if let Value::Inst(a) = v {
                    if matches!(f.inst(*a).kind, InstKind::Alloca { .. })
                        && passes_by_bytes(kind, v, by_bytes)
                    {
                        out.insert(*a);
                    }
                }
            }
        }
    }
    out
}

/// A pointer as a base and a constant byte offset (through constant geps).
fn base_and_offset(f: &Function, ptr: &Value) -> (Value, i64) {
    let mut v = ptr.clone();
    let mut off = 0i64;
    for _ in 0..64 {
        let Value::Inst(i) = v else { break };
        let InstKind::Gep {
            elem_ty,
            base,
            indices,
        } = &f.inst(i).kind
        else {
            break;
        };
        let Some(d) = gep_const_offset(elem_ty, indices).and_then(|d| off.checked_add(d)) else {
            break;
        };
        off = d;
        v = base.clone();
    }
    (v, off)
}

/// The element types PTX moves as vectors (`.v2`/`.v4` of `.u8` … `.f64`).
fn vector_element(t: &Type) -> bool {
    matches!(
        t,
        Type::I8 | Type::I16 | Type::I32 | Type::I64 | Type::F32 | Type::F64
    )
}

/// A non-volatile load's or store's pointer, alignment and the type it moves.
fn access(f: &Function, i: InstId) -> Option<(bool, &Value, u64, Type)> {
    match &f.inst(i).kind {
        InstKind::Load {
            ptr,
            align,
            volatile: false,
        } => Some((false, ptr, *align, f.inst(i).ty.clone())),
        InstKind::Store {
            val,
            ptr,
            align,
            volatile: false,
        } => Some((true, ptr, *align, f.value_type(val))),
        _ => None,
    }
}

/// Whether `k` may stand between the members of a group: for loads
/// anything that writes no memory, for stores anything that does not touch it.
fn harmless(k: &InstKind, stores: bool) -> bool {
    match k {
        InstKind::Load {
            volatile: false, ..
        } => !stores,
        InstKind::Store { .. }
        | InstKind::AtomicRmw { .. }
        | InstKind::CmpXchg { .. }
        | InstKind::Fence { .. }
        | InstKind::Load { .. } => false,
        InstKind::Call { callee, .. } => callee.is_pure(),
        InstKind::CallIndirect { .. } => false,
        InstKind::Asm(a) => !a.touches_memory(),
        k => !k.is_terminator(),
    }
}

/// One instruction of a block as `plan` sees it, computed once per block:
/// its access (store?, base, offset, type, alignment) and whether it may
/// stand between the members of a load or a store group.
struct Slot {
    access: Option<(bool, Value, i64, Type, u64)>,
    harmless_for_loads: bool,
    harmless_for_stores: bool,
}

/// The groups of one block, each in address (and program) order, with the
/// alignment of the first member's address.
fn plan(
    f: &Function,
    b: BlockId,
    temps: &HashSet<InstId>,
    globals: &HashMap<String, u64>,
) -> Vec<(Vec<InstId>, u64)> {
    let insts = &f.block(b).insts;
    let excluded = |base: &Value| base.as_inst().is_some_and(|a| temps.contains(&a));
    let slots: Vec<Slot> = insts
        .iter()
        .map(|&i| {
            let k = &f.inst(i).kind;
            Slot {
                access: access(f, i).map(|(st, ptr, align, ty)| {
                    let (base, off) = base_and_offset(f, ptr);
                    (st, base, off, ty, align)
                }),
                harmless_for_loads: harmless(k, false),
                harmless_for_stores: harmless(k, true),
            }
        })
        .collect();
    // Where each access is, by kind, base, type and offset, in program
    // order; and how many instructions that would end a group stand before
    // each position (a load group ends at anything that writes memory, a
    // store group at anything that touches it). A group's next member is the
    // first access at the wanted offset with no such instruction before it,
    // found without walking the block (which was quadratic in long blocks).
    let mut at: HashMap<(bool, &Value, &Type, i64), Vec<usize>> = HashMap::default();
    for (q, slot) in slots.iter().enumerate() {
        if let Some((st, base, off, ty, _)) = &slot.access {
            at.entry((*st, base, ty, *off)).or_default().push(q);
        }
    }
    let prefix = |harmless: &dyn Fn(&Slot) -> bool| -> Vec<usize> {
        let mut c = vec![0usize; slots.len() + 1];
        for (q, slot) in slots.iter().enumerate() {
            c[q + 1] = c[q] + usize::from(!harmless(slot));
        }
        c
    };
    let ends_loads = prefix(&|s: &Slot| s.harmless_for_loads);
    let ends_stores = prefix(&|s: &Slot| s.harmless_for_stores);
    let mut taken: HashSet<InstId> = HashSet::default();
    let mut groups = Vec::new();
    for (p, &first) in insts.iter().enumerate() {
        if taken.contains(&first) {
            continue;
        }
        let Some((is_store, base, off, ty, align)) = &slots[p].access else {
            continue;
        };
        let (is_store, off) = (*is_store, *off);
        let align = (*align).max(offset_align(f.known_align(base, globals), off));
        if !vector_element(ty) {
            continue;
        }
        let w = ty.size();
        let max_lanes: usize = if w == 8 { 2 } else { 4 };
        if excluded(base) {
            continue;
        }
        let ends = if is_store { &ends_stores } else { &ends_loads };
        let mut group = vec![first];
        let mut cur = p;
        while group.len() < max_lanes {
            let want = off + group.len() as i64 * w as i64;
            let next = at.get(&(is_store, base, ty, want)).and_then(|qs| {
                let from = qs.partition_point(|&q| q <= cur);
                qs[from..]
                    .iter()
                    .copied()
                    .find(|&q| !taken.contains(&insts[q]))
            });
            // Nothing between the last member and the next may end the group.
            match next {
                Some(q) if ends[q] == ends[cur + 1] => {
                    group.push(insts[q]);
                    cur = q;
                }
                _ => break,
            }
        }
        // As many lanes as found (4, or 2 of 2 or 3) and as the first
        // address's alignment allows (an 8-aligned `int[6]` is three `.v2`).
        let mut lanes = match group.len() {
            4 => 4,
            2 | 3 => 2,
            _ => continue,
        };
        while lanes > 1 && align < lanes as u64 * w {
            lanes /= 2;
        }
        if lanes < 2 {
            continue;
        }
        group.truncate(lanes);
        taken.extend(group.iter().copied());
        groups.push((group, align));
    }
    groups
}

fn run_function(f: &mut Function, temps: &HashSet<InstId>, globals: &HashMap<String, u64>) -> bool {
    let mut changed = false;
    // Pointers of the accesses that went: deleted below when nothing else uses them.
    let mut old_ptrs: Vec<Value> = Vec::new();
    for b in f.layout.clone() {
        let groups = plan(f, b, temps, globals);
        if groups.is_empty() {
            continue;
        }
        changed = true;
        // Per member: what takes its place in the block.
        let mut place: HashMap<InstId, Vec<InstId>> = HashMap::default();
        for (group, align) in groups {
            let Some((is_store, ptr, _, ty)) = access(f, group[0]) else {
                continue;
            };
            let ptr = ptr.clone();
            let vty = Type::Vector(group.len() as u32, Box::new(ty));
            for &m in &group[1..] {
                if let Some((_, p, _, _)) = access(f, m) {
                    old_ptrs.push(p.clone());
                }
            }
            if is_store {
                vectorize_stores(f, &group, ptr, align, vty, &mut place);
            } else {
                vectorize_loads(f, &group, ptr, align, vty, &mut place);
            }
        }
        let insts = std::mem::take(&mut f.block_mut(b).insts);
        let mut out = Vec::with_capacity(insts.len() + place.len());
        for i in insts {
            match place.get(&i) {
                Some(new) => out.extend(new.iter().copied()),
                None => out.push(i),
            }
        }
        f.block_mut(b).insts = out;
    }
    if changed {
        delete_dead_addresses(f, old_ptrs);
    }
    changed
}

/// `%x.vec = load <N x T>` before the first member; each member becomes the
/// `extractelement` of its lane, keeping its name.
fn vectorize_loads(
    f: &mut Function,
    group: &[InstId],
    ptr: Value,
    align: u64,
    vty: Type,
    place: &mut HashMap<InstId, Vec<InstId>>,
) {
    let first = group[0];
    let name = format!("{}.vec", f.inst(first).name);
    let loc = f.inst(first).loc;
    let load = f.create_inst(
        &name,
        vty,
        InstKind::Load {
            ptr,
            align,
            volatile: false,
        },
        loc,
    );
    place.insert(first, vec![load, first]);
    for (k, &m) in group.iter().enumerate() {
        f.inst_mut(m).kind = InstKind::ExtractElement {
            vec: Value::Inst(load),
            idx: Value::i32(k as i32),
        };
    }
}

/// Each member becomes an `insertelement` of its value into the chain
/// (named after the first address: `%p.vec`, `%p.vec1`, …); one vector store
/// follows the last.
fn vectorize_stores(
    f: &mut Function,
    group: &[InstId],
    ptr: Value,
    align: u64,
    vty: Type,
    place: &mut HashMap<InstId, Vec<InstId>>,
) {
    let base = match &ptr {
        Value::Inst(i) => f.inst(*i).name.clone(),
        Value::Arg(a) => f
            .params
            .get(*a as usize)
            .map_or(String::new(), |p| p.name.clone()),
        Value::Global(g, _) => g.clone(),
        _ => String::new(),
    };
    let name = format!("{}.vec", if base.is_empty() { "st" } else { &base });
    let mut chain = Value::Undef(vty.clone());
    for (k, &m) in group.iter().enumerate() {
        let InstKind::Store { val, .. } = f.inst(m).kind.clone() else {
            continue;
        };
        let loc = f.inst(m).loc;
        let ins = f.create_inst(
            &name,
            vty.clone(),
            InstKind::InsertElement {
                vec: chain,
                elt: val,
                idx: Value::i32(k as i32),
            },
            loc,
        );
        chain = Value::Inst(ins);
        let mut new = vec![ins];
        if k + 1 == group.len() {
            let store = f.create_inst(
                "",
                Type::Void,
                InstKind::Store {
                    val: chain.clone(),
                    ptr: ptr.clone(),
                    align,
                    volatile: false,
                },
                loc,
            );
            new.push(store);
        }
        place.insert(m, new);
        f.erase_inst(m);
    }
}

/// Deletes the address computations (geps) in `ptrs` that nothing uses any
/// more, and the geps under them that only they used.
fn delete_dead_addresses(f: &mut Function, ptrs: Vec<Value>) {
    let mut uses = f.use_counts();
    let mut work: Vec<InstId> = ptrs.iter().filter_map(Value::as_inst).collect();
    let mut dead: HashSet<InstId> = HashSet::default();
    while let Some(g) = work.pop() {
        if dead.contains(&g) || uses[g.0 as usize] != 0 {
            continue;
        }
        let InstKind::Gep { base, indices, .. } = &f.inst(g).kind else {
            continue;
        };
        dead.insert(g);
        for op in std::iter::once(base).chain(indices.iter()) {
            if let Value::Inst(d) = op {
                uses[d.0 as usize] -= 1;
                work.push(*d);
            }
        }
    }
    if dead.is_empty() {
        return;
    }
    let mut dead: Vec<InstId> = dead.into_iter().collect();
    dead.sort();
    f.delete_insts(dead);
}
