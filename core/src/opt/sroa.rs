//! sroa (scalar replacement of aggregates): splits a local struct or array
//! — an `alloca [N x i8]` or `[N x T]` — into one scalar alloca per piece
//! the function reads or writes (`%p.x.addr`, `%p.sroa.8.addr`), when every
//! use is a load or store at a constant offset (through constant
//! `getelementptr`s). mem2reg then promotes the pieces to registers, so a
//! struct local stays out of local memory.
//!
//! Pieces are the (offset, size) ranges accessed; two accesses of one piece
//! with different types of the same size (a union's `float` and `int`, a
//! pointer copied as an `i64`) share the first one's type, the others
//! converted with `bitcast`, `ptrtoint` or `inttoptr`. Integer accesses
//! that overlap (a struct of bit-fields: its 32-bit unit and the byte of an
//! `unsigned char : 1` inside it, a copy of the unit and a `char` member in
//! its padding) share one integer piece as wide as their span — 2, 4 or 8
//! bytes, as LLVM's SROA widens integers: a narrower load shifts and
//! truncates the piece, a narrower store masks itself into it. An alloca is
//! left alone when other accesses overlap, its address escapes (stored,
//! passed to a call, compared, indexed by a variable), or an access is
//! volatile. A scalar alloca goes through here too when it is accessed as
//! another type of its size (`memcpy(&bits, &x, 4)`).

use crate::ir::*;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    let mut changed = false;
    for f in &mut m.functions {
        if !f.is_declaration() {
            let before = super::remark::size(f);
            if run_function(f, cx) {
                changed = true;
                cx.changed_function(f, before, "aggregates split into scalars");
            }
        }
    }
    changed
}

/// A load or store of an alloca at a constant offset.
struct Access {
    inst: InstId,
    offset: u64,
    ty: Type,
}

/// What an alloca's uses allow: the accesses and the address computations
/// (constant geps) that reach them; `None` when it cannot be split.
struct Uses {
    accesses: Vec<Access>,
    geps: Vec<InstId>,
}

/// Each aggregate alloca split is one rewrite.
fn run_function(f: &mut Function, cx: &super::PassContext) -> bool {
    let entry = f.entry();
    let punned = punned_scalars(f);
    let allocas: Vec<InstId> = f
        .block(entry)
        .insts
        .iter()
        .copied()
        .filter(|&i| {
            matches!(f.inst(i).kind, InstKind::Alloca { ref ty, .. } if ty.is_aggregate())
                || punned.contains(&i)
        })
        .collect();
    if allocas.is_empty() {
        return false;
    }
    let users = users(f);
    let mut changed = false;
    for a in allocas {
        let Some(uses) = analyze(f, a, &users) else {
            continue;
        };
        changed |= cx.counted(|| split(f, a, uses));
    }
    changed
}

/// Scalar allocas read or written directly as another type (a `float`
/// local read as an `i32` by `memcpy(&bits, &x, 4)`): mem2reg promotes only
/// accesses of the alloca's own type, so they go through the pieces here,
/// the other type converted (LLVM's SROA takes every alloca).
fn punned_scalars(f: &Function) -> crate::collections::HashSet<InstId> {
    let mut out = crate::collections::HashSet::default();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            let (ptr, ty) = match &f.inst(i).kind {
                InstKind::Load { ptr, .. } => (ptr, f.inst(i).ty.clone()),
                InstKind::Store { ptr, val, .. } => (ptr, f.value_type(val)),
                _ => continue,
            };
            let Some(a) = ptr.as_inst() else { continue };
            if let InstKind::Alloca { ty: at, .. } = &f.inst(a).kind {
                if !at.is_aggregate() && *at != ty {
                    out.insert(a);
                }
            }
        }
    }
    out
}

/// For every instruction, the live instructions that use it, in layout order.
fn users(f: &Function) -> Vec<Vec<InstId>> {
    let mut users = vec![Vec::new(); f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            for op in f.inst(i).kind.operands() {
                if let Value::Inst(d) = op {
                    let list: &mut Vec<InstId> = &mut users[d.0 as usize];
                    if list.last() != Some(&i) {
                        list.push(i);
                    }
                }
            }
        }
    }
    users
}

/// Follows every use of the alloca `a`: loads and stores at constant
/// offsets, through constant geps. `None` if some use is anything else.
fn analyze(f: &Function, a: InstId, users: &[Vec<InstId>]) -> Option<Uses> {
    let size = match &f.inst(a).kind {
        InstKind::Alloca { ty, .. } => ty.size(),
        _ => return None,
    };
    let mut out = Uses {
        accesses: Vec::new(),
        geps: Vec::new(),
    };
    let mut work = vec![(a, 0i64)];
    while let Some((p, off)) = work.pop() {
        let pv = Value::Inst(p);
        for &u in &users[p.0 as usize] {
            let inst = f.inst(u);
            match &inst.kind {
                InstKind::Gep {
                    elem_ty,
                    base,
                    indices,
                } if *base == pv => {
                    let d = gep_const_offset(elem_ty, indices)?;
                    out.geps.push(u);
                    work.push((u, off.checked_add(d)?));
                }
                InstKind::Load {
                    ptr,
                    volatile: false,
                    ..
                } if *ptr == pv => out.accesses.push(Access {
                    inst: u,
                    offset: u64::try_from(off).ok()?,
                    ty: inst.ty.clone(),
                }),
                InstKind::Store {
                    val,
                    ptr,
                    volatile: false,
                    ..
                } if *ptr == pv && *val != pv => out.accesses.push(Access {
                    inst: u,
                    offset: u64::try_from(off).ok()?,
                    ty: f.value_type(val),
                }),
                _ => return None,
            }
        }
    }
    for acc in &out.accesses {
        let end = acc.offset.checked_add(acc.ty.size())?;
        // A vector access (the load-store-vectorizer's) covers several pieces: left alone.
        if acc.ty.size() == 0
            || end > size
            || acc.ty.is_aggregate()
            || acc.ty.is_vector()
            || acc.ty == Type::Void
        {
            return None;
        }
    }
    Some(out)
}

/// Whether a value of `from` can stand for one of `to` in a piece (same
/// size; pointers and 64-bit integers convert, floats and integers bitcast).
fn convertible(from: &Type, to: &Type) -> bool {
    from.size() == to.size() && *from != Type::I1 && *to != Type::I1
}

fn cast_op(from: &Type, to: &Type) -> CastOp {
    match (from, to) {
        (Type::Ptr(_), t) if t.is_int() => CastOp::PtrToInt,
        (f, Type::Ptr(_)) if f.is_int() => CastOp::IntToPtr,
        (Type::Ptr(_), Type::Ptr(_)) => CastOp::AddrSpaceCast,
        _ => CastOp::BitCast,
    }
}

/// The source-level name of a piece: the name of a member load at its
/// offset (`p.x`), else `p.sroa.OFFSET`.
fn piece_name(f: &Function, base: &str, offset: u64, accesses: &[&Access]) -> String {
    for acc in accesses {
        let inst = f.inst(acc.inst);
        if !matches!(inst.kind, InstKind::Load { .. }) {
            continue;
        }
        let name = inst.name.trim_end_matches(|c: char| c.is_ascii_digit());
        let name = name.strip_suffix('.').unwrap_or(name);
        let generic = name.is_empty()
            || name.starts_with("agg.")
            || name.starts_with("arrayval")
            || name.contains('.');
        if !generic {
            return format!("{base}.{name}");
        }
    }
    format!("{base}.sroa.{offset}")
}

/// A piece of the alloca: accesses of one size at one offset, or
/// overlapping integer accesses widened to one integer (`wide`).
struct Piece<'a> {
    offset: u64,
    accesses: Vec<&'a Access>,
    wide: Option<Type>,
}

/// The integer type of `bytes` bytes, for a widened piece.
fn int_of(bytes: u64) -> Option<Type> {
    match bytes {
        2 => Some(Type::I16),
        4 => Some(Type::I32),
        8 => Some(Type::I64),
        _ => None,
    }
}

/// The pieces of the accesses (sorted by offset), or `None` when some
/// overlap that cannot be widened.
fn pieces(accesses: &[Access]) -> Option<Vec<Piece<'_>>> {
    let mut sorted: Vec<&Access> = accesses.iter().collect();
    sorted.sort_by_key(|a| a.offset);
    let mut out: Vec<(u64, u64, Vec<&Access>)> = Vec::new();
    for acc in sorted {
        let end = acc.offset + acc.ty.size();
        match out.last_mut() {
            Some((_, e, accs)) if acc.offset < *e => {
                *e = (*e).max(end);
                accs.push(acc);
            }
            _ => out.push((acc.offset, end, vec![acc])),
        }
    }
    out.into_iter()
        .map(|(start, end, accs)| {
            let ty = &accs[0].ty;
            let simple = accs
                .iter()
                .all(|x| x.offset == start && (x.ty == *ty || convertible(&x.ty, ty)));
            if simple {
                return Some(Piece {
                    offset: start,
                    accesses: accs,
                    wide: None,
                });
            }
            let ints = accs.iter().all(|x| x.ty.is_int() && x.ty != Type::I1);
            let wide = int_of(end - start).filter(|_| ints)?;
            Some(Piece {
                offset: start,
                accesses: accs,
                wide: Some(wide),
            })
        })
        .collect()
}

fn split(f: &mut Function, a: InstId, uses: Uses) -> bool {
    let Some(pieces) = pieces(&uses.accesses) else {
        return false;
    };
    let base = f.inst(a).name.trim_end_matches(".addr").to_string();
    let align = match f.inst(a).kind {
        InstKind::Alloca { align, .. } => align,
        _ => 1,
    };
    let loc = f.inst(a).loc;
    let entry = f.entry();
    let mut at = f
        .block(entry)
        .insts
        .iter()
        .position(|&i| i == a)
        .unwrap_or(0);
    // One scalar alloca per piece, where the aggregate's was.
    let mut rewrites: Vec<(InstId, Value, Type, Option<u64>)> = Vec::new();
    let mut zero_inits: Vec<InstId> = Vec::new();
    for piece in &pieces {
        let off = piece.offset;
        let ty = piece
            .wide
            .clone()
            .unwrap_or_else(|| piece.accesses[0].ty.clone());
        // The piece's alignment: what the aggregate's promises at this offset.
        let piece_align = if off == 0 {
            align.max(1)
        } else {
            align.max(1).min(1 << off.trailing_zeros().min(63))
        };
        // A widened piece is a new slot: aligned for its integer.
        let piece_align = match &piece.wide {
            Some(w) => piece_align.max(w.align()),
            None => piece_align,
        };
        let name = format!("{}.addr", piece_name(f, &base, off, &piece.accesses));
        let slot = f.create_inst(
            &name,
            Type::Ptr(addrspace::GENERIC),
            InstKind::Alloca {
                ty: ty.clone(),
                align: piece_align,
            },
            loc,
        );
        at += 1;
        f.block_mut(entry).insts.insert(at, slot);
        // A widened piece that a narrower store writes starts as zero: the
        // store's read-modify-write then reads defined bytes (the
        // aggregate's other bytes were never read before written), and
        // mem2reg gives the first one a 0 to mask, not an undef.
        if let Some(w) = &piece.wide {
            let partial = piece.accesses.iter().any(|acc| {
                matches!(f.inst(acc.inst).kind, InstKind::Store { .. }) && acc.ty.size() < w.size()
            });
            if partial {
                zero_inits.push(f.create_inst(
                    "",
                    Type::Void,
                    InstKind::Store {
                        val: fold::int_const(w.clone(), 0),
                        ptr: Value::Inst(slot),
                        align: w.align(),
                        volatile: false,
                    },
                    loc,
                ));
            }
        }
        for acc in &piece.accesses {
            // A widened piece's accesses keep their byte offset in it.
            let within = piece.wide.as_ref().map(|_| acc.offset - off);
            rewrites.push((acc.inst, Value::Inst(slot), ty.clone(), within));
        }
    }
    // The zero stores follow the entry block's allocas.
    if !zero_inits.is_empty() {
        let insts = &f.block(entry).insts;
        let after = insts
            .iter()
            .position(|&i| !matches!(f.inst(i).kind, InstKind::Alloca { .. }))
            .unwrap_or(insts.len());
        f.block_mut(entry).insts.splice(after..after, zero_inits);
    }
    // Conversions go in front of their access, block by block.
    let mut before: crate::collections::HashMap<InstId, Vec<InstId>> =
        crate::collections::HashMap::default();
    for (inst, slot, ty, within) in rewrites {
        let placed = match within {
            Some(r) => retarget_widened(f, inst, slot, &ty, r),
            None => retarget(f, inst, slot, &ty).into_iter().collect(),
        };
        if !placed.is_empty() {
            before.insert(inst, placed);
        }
    }
    if !before.is_empty() {
        for b in f.layout.clone() {
            let insts = std::mem::take(&mut f.block_mut(b).insts);
            let mut out = Vec::with_capacity(insts.len());
            for i in insts {
                if let Some(new) = before.get(&i) {
                    out.extend(new.iter().copied());
                }
                out.push(i);
            }
            f.block_mut(b).insts = out;
        }
    }
    // The aggregate and its address computations are dead now.
    let mut dead = uses.geps.clone();
    dead.push(a);
    f.delete_insts(dead);
    true
}

/// Points a load or store of an integer at byte `r` of a widened piece of
/// type `wide`: a load reads the piece, shifts and truncates; a store reads
/// the piece, clears its bytes and ors the value in. Returns the
/// instructions to place in front of it, in order.
fn retarget_widened(
    f: &mut Function,
    inst: InstId,
    slot: Value,
    wide: &Type,
    r: u64,
) -> Vec<InstId> {
    let loc = f.inst(inst).loc;
    let bin = |op, lhs, rhs| InstKind::Bin {
        op,
        lhs,
        rhs,
        flags: Flags::default(),
    };
    let shift = fold::int_const(wide.clone(), (r * 8) as i64);
    let mut placed = Vec::new();
    match f.inst(inst).kind.clone() {
        InstKind::Load { volatile, .. } => {
            let ty = f.inst(inst).ty.clone();
            if ty == *wide {
                // The whole piece (at byte 0): the load itself.
                f.inst_mut(inst).kind = InstKind::Load {
                    ptr: slot,
                    align: wide.align(),
                    volatile,
                };
                return placed;
            }
            let name = f.inst(inst).name.clone();
            let load = f.create_inst(
                &format!("{name}.sroa"),
                wide.clone(),
                InstKind::Load {
                    ptr: slot,
                    align: wide.align(),
                    volatile,
                },
                loc,
            );
            placed.push(load);
            let mut v = Value::Inst(load);
            if r > 0 {
                let s = f.create_inst(
                    &format!("{name}.shift"),
                    wide.clone(),
                    bin(BinOp::LShr, v, shift),
                    loc,
                );
                placed.push(s);
                v = Value::Inst(s);
            }
            f.inst_mut(inst).kind = InstKind::Cast {
                op: CastOp::Trunc,
                val: v,
            };
        }
        InstKind::Store { val, volatile, .. } => {
            let vt = f.value_type(&val);
            if vt == *wide {
                f.inst_mut(inst).kind = InstKind::Store {
                    val,
                    ptr: slot,
                    align: wide.align(),
                    volatile,
                };
                return placed;
            }
            let mut mk = |f: &mut Function, base: &str, kind| {
                let id = f.create_inst(base, wide.clone(), kind, loc);
                placed.push(id);
                Value::Inst(id)
            };
            let old = mk(
                f,
                "sroa.old",
                InstKind::Load {
                    ptr: slot.clone(),
                    align: wide.align(),
                    volatile,
                },
            );
            let mut v = mk(
                f,
                "sroa.ext",
                InstKind::Cast {
                    op: CastOp::ZExt,
                    val,
                },
            );
            if r > 0 {
                v = mk(f, "sroa.shift", bin(BinOp::Shl, v, shift));
            }
            let mask = ((1u128 << (vt.size() * 8)) - 1) << (r * 8);
            let keep = fold::int_const(wide.clone(), !(mask as u64) as i64);
            let cleared = mk(f, "sroa.clear", bin(BinOp::And, old, keep));
            let merged = mk(f, "sroa.insert", bin(BinOp::Or, cleared, v));
            f.inst_mut(inst).kind = InstKind::Store {
                val: merged,
                ptr: slot,
                align: wide.align(),
                volatile,
            };
        }
        _ => {}
    }
    placed
}

/// Points a load or store at its piece's alloca, converting the value when
/// the piece has another type of the same size; returns the instruction to
/// place in front of it (the piece's load, or the stored value's conversion).
fn retarget(f: &mut Function, inst: InstId, slot: Value, piece_ty: &Type) -> Option<InstId> {
    match f.inst(inst).kind.clone() {
        InstKind::Load {
            align, volatile, ..
        } => {
            let ty = f.inst(inst).ty.clone();
            let align = align.min(piece_ty.align());
            if ty == *piece_ty {
                f.inst_mut(inst).kind = InstKind::Load {
                    ptr: slot,
                    align,
                    volatile,
                };
                return None;
            }
            // Load the piece's type, then convert to what was loaded.
            let name = f.inst(inst).name.clone();
            let loc = f.inst(inst).loc;
            let load = f.create_inst(
                &format!("{name}.sroa"),
                piece_ty.clone(),
                InstKind::Load {
                    ptr: slot,
                    align,
                    volatile,
                },
                loc,
            );
            f.inst_mut(inst).kind = InstKind::Cast {
                op: cast_op(piece_ty, &ty),
                val: Value::Inst(load),
            };
            Some(load)
        }
        InstKind::Store {
            val,
            align,
            volatile,
            ..
        } => {
            let vt = f.value_type(&val);
            let mut placed = None;
            let val = if vt == *piece_ty {
                val
            } else {
                let loc = f.inst(inst).loc;
                let c = f.create_inst(
                    "sroa.cast",
                    piece_ty.clone(),
                    InstKind::Cast {
                        op: cast_op(&vt, piece_ty),
                        val,
                    },
                    loc,
                );
                placed = Some(c);
                Value::Inst(c)
            };
            f.inst_mut(inst).kind = InstKind::Store {
                val,
                ptr: slot,
                align: align.min(piece_ty.align()),
                volatile,
            };
            placed
        }
        _ => None,
    }
}
