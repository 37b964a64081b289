//! Planning which instructions are computed inside their user rather than on
//! their own: `mul.wide` for an extended gep index, `mad.lo`/`fma.rn` for a
//! multiply-add, `[reg+off]` addresses for constant geps, `min`/`max`/`abs`
//! for a select of a compare, `ld.s8` for an extended narrow load.

use super::types::*;
use super::Sel;
use crate::collections::HashMap;
use crate::ir::*;
use crate::ptx::{Op, RegClass};

impl Sel<'_> {
    /// Decides which instructions are computed inside their only user: a
    /// folded value must be defined in the user's block (a register it reads
    /// could be reassigned by a phi copy on a loop's back edge otherwise).
    pub(super) fn plan_folds(&mut self) {
        let f = self.f;
        let mut block_of: HashMap<InstId, BlockId> = HashMap::default();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                block_of.insert(i, b);
            }
        }
        let index_uses = gep_index_uses(f, &block_of);
        let anywhere = gep_index_uses_anywhere(f);
        // An extension that a 64-bit address of its own block reads is
        // computed there (cvt.s64.s32) and other blocks scale that register
        // (shl.b64, mul.lo.s64), as NVPTX exports a value its block computes;
        // one read there only by 32-bit (shared) addresses exists in no
        // register, and each block multiplies it wide again.
        let mut wide_in_own_block = vec![false; f.insts.len()];
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                if let InstKind::Gep { base, indices, .. } = &f.inst(i).kind {
                    if reg_class(&f.value_type(base)) == RegClass::B64 {
                        for d in indices.iter().filter_map(Value::as_inst) {
                            if block_of.get(&d) == Some(&b) {
                                wide_in_own_block[d.0 as usize] = true;
                            }
                        }
                    }
                }
            }
        }
        // An extension of a parameter or of an entry-block value (whose
        // register no phi copy reassigns) may fold into geps of any block.
        let entry = f.entry();
        let stable = |v: &Value| match v {
            Value::Arg(_) => true,
            Value::Inst(d) => {
                block_of.get(d) == Some(&entry) && !matches!(f.inst(*d).kind, InstKind::Phi { .. })
            }
            _ => false,
        };
        let single_local_use = |def: &Value, user: InstId, uses: &[u32]| -> Option<InstId> {
            let d = def.as_inst()?;
            (uses[d.0 as usize] == 1 && block_of.get(&d) == block_of.get(&user)).then_some(d)
        };
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                match &f.inst(i).kind {
                    // sext/zext i32 → i64 used only as gep indices in its block:
                    // mul.wide.s32 from the 32-bit value, once per scale.
                    InstKind::Gep { base, indices, .. } => {
                        let narrow = reg_class(&f.value_type(base)) == RegClass::B32;
                        for idx in indices {
                            let Some(d) = idx.as_inst() else { continue };
                            let InstKind::Cast {
                                op: CastOp::SExt | CastOp::ZExt,
                                val,
                            } = &f.inst(d).kind
                            else {
                                continue;
                            };
                            let local = block_of.get(&d) == block_of.get(&i)
                                && index_uses[d.0 as usize] == self.uses[d.0 as usize];
                            let everywhere = stable(val)
                                && anywhere[d.0 as usize] == self.uses[d.0 as usize]
                                && !wide_in_own_block[d.0 as usize];
                            if f.value_type(val) == Type::I32
                                && (local || everywhere)
                                && !self.folded.contains(&d)
                                && self.may_rewrite()
                            {
                                self.folded.insert(d);
                                if let Some(s) = val.as_inst().filter(|_| narrow) {
                                    if let InstKind::Bin {
                                        op: BinOp::Shl,
                                        lhs,
                                        rhs: Value::Int(_, c @ 0..=31),
                                        ..
                                    } = &f.inst(s).kind
                                    {
                                        if self.uses[s.0 as usize] == 1
                                            && block_of.get(&s) == block_of.get(&d)
                                            && self.may_rewrite()
                                        {
                                            self.folded.insert(s);
                                            self.shifted_index.insert(d, (lhs.clone(), *c));
                                        }
                                    }
                                }
                            } else if f.value_type(val) == Type::I32
                                && block_of.get(&d) == Some(&b)
                                && self.opts.opt_level > 0
                                && !self.folded.contains(&d)
                                && self.may_rewrite()
                            {
                                self.local_wide.entry(d).or_default().insert(i);
                            }
                        }
                    }
                    // An extension read only by a `mul.wide` shift is not
                    // computed on its own.
                    InstKind::Bin { op, lhs, rhs, .. }
                        if self.wide_shift(*op, lhs, rhs, &f.inst(i).ty).is_some() =>
                    {
                        if let Some(d) = single_local_use(lhs, i, &self.uses) {
                            if !self.folded.contains(&d) && self.may_rewrite() {
                                self.folded.insert(d);
                            }
                        }
                    }
                    // a*b+c: fma (floats, when contraction is allowed) or mad.lo (integers).
                    InstKind::Bin {
                        op: op @ (BinOp::FAdd | BinOp::Add),
                        lhs,
                        rhs,
                        flags,
                    } => {
                        if *op == BinOp::FAdd && !(flags.contract && self.opts.fmad) {
                            continue;
                        }
                        for side in [lhs, rhs] {
                            if let Some(d) = single_local_use(side, i, &self.uses) {
                                let ok = match &f.inst(d).kind {
                                    InstKind::Bin {
                                        op: BinOp::FMul,
                                        flags,
                                        ..
                                    } => flags.contract && *op == BinOp::FAdd,
                                    InstKind::Bin { op: BinOp::Mul, .. } => {
                                        *op == BinOp::Add && f.inst(d).ty != Type::I1
                                    }
                                    _ => false,
                                };
                                if ok && self.may_rewrite() {
                                    self.folded.insert(d);
                                    break;
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        // Geps with constant offsets used only as load/store addresses
        // become `[reg+off]` in each of them (in any block: the base
        // dominates the gep, so its register holds it at every use; licm
        // hoists such geps out of loops, where their loads stay).
        let mut address_uses: HashMap<InstId, u32> = HashMap::default();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let ptr = match &f.inst(i).kind {
                    InstKind::Load { ptr, .. } => ptr,
                    InstKind::Store { ptr, val, .. } if val != ptr => ptr,
                    _ => continue,
                };
                if let Some(d) = ptr.as_inst() {
                    *address_uses.entry(d).or_default() += 1;
                }
            }
        }
        // A constant gep whose uses are all folded geps folds too (a member
        // of a member: `[%SP+20]`), so the analysis runs to a fixed point.
        let constant_gep = |d: InstId| match &f.inst(d).kind {
            InstKind::Gep { indices, .. } => indices.iter().all(|x| x.as_int().is_some()),
            _ => false,
        };
        let mut work: Vec<InstId> = address_uses.keys().copied().collect();
        work.sort();
        while let Some(d) = work.pop() {
            let n = address_uses.get(&d).copied().unwrap_or(0);
            if self.address_folded.contains(&d)
                || n != self.uses[d.0 as usize]
                || !constant_gep(d)
                || !self.may_rewrite()
            {
                continue;
            }
            self.address_folded.insert(d);
            if let InstKind::Gep {
                base: Value::Inst(b),
                ..
            } = &f.inst(d).kind
            {
                *address_uses.entry(*b).or_default() += 1;
                work.push(*b);
            }
        }
        // The compare of a min/max/abs select, and abs's negation, live in
        // the select's instruction.
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                if self.min_max_abs(i).is_none() {
                    continue;
                }
                let InstKind::Select { cond, t, .. } = &f.inst(i).kind else {
                    continue;
                };
                for v in [cond, t] {
                    if let Some(d) = single_local_use(v, i, &self.uses) {
                        if matches!(
                            f.inst(d).kind,
                            InstKind::ICmp { .. } | InstKind::Bin { op: BinOp::Sub, .. }
                        ) {
                            self.folded.insert(d);
                        }
                    }
                }
            }
        }
        // A `cvta.to.global` whose every use is a `cvta.global` back (the
        // generic pointer itself, `generic_round_trip`): nothing to emit,
        // as nvcc writes none before `__ldcs(p)`'s `ld.global.cs [p]`.
        let mut round_trips: HashMap<InstId, u32> = HashMap::default();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                if let InstKind::Cast {
                    op: CastOp::AddrSpaceCast,
                    val,
                } = &f.inst(i).kind
                {
                    let (from, to) = (f.value_type(val), f.inst(i).ty.clone());
                    if self.generic_round_trip(val, &from, &to).is_some() {
                        *round_trips.entry(val.as_inst().unwrap()).or_default() += 1;
                    }
                }
            }
        }
        for (d, n) in round_trips {
            if self.uses[d.0 as usize] == n {
                self.folded.insert(d);
            }
        }
        // An 8-, 16- or (to 64 bits) 32-bit load read only by a sign or zero
        // extension in its block loads straight into the wide register
        // (`ld.global.s8 %r1`, `ld.global.s32 %rd3`).
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let InstKind::Cast {
                    op: op @ (CastOp::SExt | CastOp::ZExt),
                    val,
                } = &f.inst(i).kind
                else {
                    continue;
                };
                let Some(d) = single_local_use(val, i, &self.uses) else {
                    continue;
                };
                let (from, to) = (&f.inst(d).ty, &f.inst(i).ty);
                let narrow = matches!(from, Type::I8 | Type::I16)
                    || (*from == Type::I32 && *to == Type::I64);
                let wide = matches!(to, Type::I32 | Type::I64);
                let plain_load = matches!(
                    f.inst(d).kind,
                    InstKind::Load {
                        volatile: false,
                        ..
                    }
                );
                if narrow
                    && wide
                    && plain_load
                    && !self.folded.contains(&i)
                    && !self.folded.contains(&d)
                    && !self.param_temp_parts.contains(&d)
                    && !self.local_wide.contains_key(&i)
                    && self.may_rewrite()
                {
                    self.ext_loads.insert(d, (i, *op == CastOp::SExt));
                    self.widened.insert(i);
                    self.folded.insert(i);
                }
            }
        }
        // A kernel parameter read only by an extension in the entry block,
        // which no multiply-wide reads from the narrow value, is loaded
        // extended: `ld.param.s32 %rd4` (the DAG combines the extension
        // into the parameter's load unless a `mul.wide` took it first).
        if f.attrs.kernel {
            // Each parameter's users and each cast's, in one walk.
            let mut arg_uses: HashMap<u32, Vec<InstId>> = HashMap::default();
            let mut users: HashMap<InstId, Vec<InstId>> = HashMap::default();
            for &b in &f.layout {
                for &i in &f.block(b).insts {
                    f.inst(i).kind.for_each_operand(|v| match v {
                        Value::Arg(n) => arg_uses.entry(*n).or_default().push(i),
                        Value::Inst(d) if matches!(f.inst(*d).kind, InstKind::Cast { .. }) => {
                            users.entry(*d).or_default().push(i)
                        }
                        _ => {}
                    });
                }
            }
            for (n, p) in f.params.iter().enumerate() {
                let Some(&[i]) = arg_uses.get(&(n as u32)).map(Vec::as_slice) else {
                    continue;
                };
                let InstKind::Cast {
                    op: op @ (CastOp::SExt | CastOp::ZExt),
                    ..
                } = &f.inst(i).kind
                else {
                    continue;
                };
                let to = &f.inst(i).ty;
                let fits = matches!(
                    (&p.ty, to),
                    (Type::I8 | Type::I16, Type::I32 | Type::I64) | (Type::I32, Type::I64)
                );
                let wide_read =
                    users
                        .get(&i)
                        .into_iter()
                        .flatten()
                        .any(|&u| match &f.inst(u).kind {
                            InstKind::Bin { op, lhs, rhs, .. } => {
                                self.wide_shift(*op, lhs, rhs, &f.inst(u).ty).is_some()
                            }
                            InstKind::Gep { .. } => block_of.get(&u) == Some(&entry),
                            _ => false,
                        });
                if fits
                    && block_of.get(&i) == Some(&entry)
                    && p.byval.is_none()
                    && p.sret.is_none()
                    && !wide_read
                    && !self.folded.contains(&i)
                    && self.may_rewrite()
                {
                    self.ext_args.insert(n as u32, (i, *op == CastOp::SExt));
                    self.widened.insert(i);
                    self.folded.insert(i);
                }
            }
        }
        // Addresses in a by-value struct parameter are `[k_param_0+off]`
        // operands, never registers.
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                if matches!(f.inst(i).kind, InstKind::Gep { .. })
                    && self.byval_address(&Value::Inst(i)).is_some()
                {
                    self.folded.insert(i);
                }
            }
        }
    }

    /// `select (icmp slt a, b), a, b` and its kin: `min.s32 a, b`, `max.u64`,
    /// or (`select (icmp slt x, 0), (sub 0, x), x`) `abs.s32 x`. The opcode
    /// and operands, when the select is one of these.
    pub(super) fn min_max_abs(&self, id: InstId) -> Option<((Op, String), Value, Option<Value>)> {
        let f = self.f;
        let InstKind::Select { cond, t, f: e } = &f.inst(id).kind else {
            return None;
        };
        let ty = f.inst(id).ty.clone();
        if !matches!(ty, Type::I16 | Type::I32 | Type::I64) {
            return None;
        }
        let InstKind::ICmp { pred, lhs, rhs } = &f.inst(cond.as_inst()?).kind else {
            return None;
        };
        let (kind, is_max) = match pred {
            ICmp::Slt | ICmp::Sle => ('s', false),
            ICmp::Sgt | ICmp::Sge => ('s', true),
            ICmp::Ult | ICmp::Ule => ('u', false),
            ICmp::Ugt | ICmp::Uge => ('u', true),
            _ => return None,
        };
        if lhs == t && rhs == e {
            let op = if is_max { Op::Max } else { Op::Min };
            return Some(((op, int_suffix(&ty, kind)), t.clone(), Some(e.clone())));
        }
        if lhs == e && rhs == t {
            let op = if is_max { Op::Min } else { Op::Max };
            return Some(((op, int_suffix(&ty, kind)), t.clone(), Some(e.clone())));
        }
        // abs: x < 0 ? 0 - x : x
        let negated = |v: &Value, x: &Value| {
            v.as_inst().is_some_and(|n| {
                matches!(&f.inst(n).kind, InstKind::Bin { op: BinOp::Sub, lhs: z, rhs: y, .. }
                    if z.as_int() == Some(0) && y == x)
            })
        };
        if *pred == ICmp::Slt && rhs.as_int() == Some(0) && lhs == e && negated(t, e) {
            return Some(((Op::Abs, int_suffix(&ty, 's')), e.clone(), None));
        }
        None
    }
}

/// For each instruction `d`, how many times it is used as a gep index in
/// its own block; 0 when that block also uses it otherwise (as a gep's base
/// or any other operand). One walk over the function.
/// Per instruction, how many times geps in any block take it as an index (0
/// when anything takes it otherwise).
fn gep_index_uses_anywhere(f: &Function) -> Vec<u32> {
    let mut n = vec![0u32; f.insts.len()];
    let mut other = vec![false; f.insts.len()];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            match &f.inst(i).kind {
                InstKind::Gep { base, indices, .. } => {
                    if let Some(d) = base.as_inst() {
                        other[d.0 as usize] = true;
                    }
                    for d in indices.iter().filter_map(Value::as_inst) {
                        n[d.0 as usize] += 1;
                    }
                }
                k => k.for_each_operand(|o| {
                    if let Some(d) = o.as_inst() {
                        other[d.0 as usize] = true;
                    }
                }),
            }
        }
    }
    for (n, other) in n.iter_mut().zip(other) {
        if other {
            *n = 0;
        }
    }
    n
}

pub(super) fn gep_index_uses(f: &Function, block_of: &HashMap<InstId, BlockId>) -> Vec<u32> {
    let mut n = vec![0u32; f.insts.len()];
    let mut other = vec![false; f.insts.len()];
    let local = |d: InstId, b: BlockId| block_of.get(&d) == Some(&b);
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            match &f.inst(i).kind {
                InstKind::Gep { base, indices, .. } => {
                    if let Some(d) = base.as_inst().filter(|&d| local(d, b)) {
                        other[d.0 as usize] = true; // used as a pointer: not only an index
                    }
                    for d in indices.iter().filter_map(Value::as_inst) {
                        if local(d, b) {
                            n[d.0 as usize] += 1;
                        }
                    }
                }
                k => k.for_each_operand(|o| {
                    if let Some(d) = o.as_inst().filter(|&d| local(d, b)) {
                        other[d.0 as usize] = true;
                    }
                }),
            }
        }
    }
    for (n, other) in n.iter_mut().zip(other) {
        if other {
            *n = 0;
        }
    }
    n
}
