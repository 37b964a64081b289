//! Addressing: the state space of an access, `[reg+off]` and `[param+off]`
//! operands (constant geps folded in), frame slots, and the arithmetic of a
//! gep that is not folded (`mul.wide`, shifts, 32-bit shared addresses).

use super::types::*;
use super::Sel;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// The state space a load or store at `ptr` names (`.param` for a
    /// by-value struct parameter's bytes).
    pub(super) fn access_space(&self, ptr: &Value) -> u32 {
        match self.f.value_type(ptr) {
            _ if self.byval_address(ptr).is_some() || self.kernel_byval_base(ptr).is_some() => {
                addrspace::PARAM
            }
            Type::Ptr(s) => s,
            _ => 0,
        }
    }

    /// Follows geps, casts, phis and selects from a pointer back to a kernel parameter.
    pub(super) fn base_param(&self, v: &Value) -> Option<u32> {
        // Through geps and casts, and through the phis and selects of a
        // pointer stepping with its loop (loop-reduce's `%a.iv = phi [%a,
        // …], [%a.iv.next, …]`): the one argument every path starts from.
        let mut found = None;
        let mut seen: Vec<InstId> = Vec::new();
        let mut work = vec![v.clone()];
        while let Some(v) = work.pop() {
            match v {
                Value::Arg(a) => match found {
                    Some(b) if b != a => return None,
                    _ => found = Some(a),
                },
                Value::Inst(i) => {
                    if seen.contains(&i) {
                        continue;
                    }
                    if seen.len() >= 64 {
                        return None;
                    }
                    seen.push(i);
                    match &self.f.inst(i).kind {
                        InstKind::Gep { base, .. } => work.push(base.clone()),
                        InstKind::Cast {
                            op: CastOp::AddrSpaceCast,
                            val,
                        } => work.push(val.clone()),
                        InstKind::Phi { incoming } => {
                            work.extend(incoming.iter().map(|(x, _)| x.clone()))
                        }
                        InstKind::Select { t, f, .. } => {
                            work.push(t.clone());
                            work.push(f.clone());
                        }
                        _ => return None,
                    }
                }
                _ => return None,
            }
        }
        found
    }

    /// The by-value struct parameter of a kernel that `ptr` points into
    /// through geps of any index (`p.v[i]`): its bytes are read in place
    /// with `ld.param` from a register holding the parameter's address.
    pub(super) fn kernel_byval_base(&self, ptr: &Value) -> Option<u32> {
        if !self.f.attrs.kernel {
            return None;
        }
        let mut v = ptr.clone();
        for _ in 0..64 {
            match v {
                Value::Arg(a) => {
                    let p = self.f.params.get(a as usize)?;
                    return p.byval.is_some().then_some(a);
                }
                Value::Inst(i) => match &self.f.inst(i).kind {
                    InstKind::Gep { base, .. } => v = base.clone(),
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// A pointer into a by-value struct parameter at a constant offset:
    /// the parameter's `.param` symbol and the offset.
    pub(super) fn byval_address(&self, ptr: &Value) -> Option<(String, i64)> {
        let mut v = ptr.clone();
        let mut off = 0i64;
        for _ in 0..64 {
            match v {
                Value::Arg(a) => {
                    let p = self.f.params.get(a as usize)?;
                    p.byval.as_ref().or(p.sret.as_ref())?;
                    return Some((self.param_names[a as usize].clone(), off));
                }
                Value::Inst(i) => match &self.f.inst(i).kind {
                    InstKind::Gep {
                        elem_ty,
                        base,
                        indices,
                    } => {
                        off = off.checked_add(gep_const_offset(elem_ty, indices)?)?;
                        v = base.clone();
                    }
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// For `addrspacecast ptr addrspace(1) %p.global to ptr` where
    /// `%p.global` is `addrspacecast ptr %p to ptr addrspace(1)`: `%p`.
    pub(super) fn generic_round_trip(&self, val: &Value, from: &Type, to: &Type) -> Option<Value> {
        if (from, to)
            != (
                &Type::Ptr(addrspace::GLOBAL),
                &Type::Ptr(addrspace::GENERIC),
            )
        {
            return None;
        }
        let InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: inner,
        } = &self.f.inst(val.as_inst()?).kind
        else {
            return None;
        };
        (self.f.value_type(inner) == Type::Ptr(addrspace::GENERIC)).then(|| inner.clone())
    }

    /// For `addrspacecast ptr addrspace(5) %a.local to ptr` where `%a.local`
    /// is a frame slot's local address: the slot's offset.
    pub(super) fn local_slot_to_generic(&self, id: InstId) -> Option<u64> {
        let inst = self.f.inst(id);
        let InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val,
        } = &inst.kind
        else {
            return None;
        };
        if inst.ty != Type::Ptr(addrspace::GENERIC) {
            return None;
        }
        let InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: inner,
        } = &self.f.inst(val.as_inst()?).kind
        else {
            return None;
        };
        self.frame_offsets.get(&inner.as_inst()?).copied()
    }

    /// The address operand of a load or store: `[reg]` or `[reg+off]`.
    pub(super) fn address(&mut self, ptr: &Value) -> Operand {
        if let Some((sym, off)) = self.byval_address(ptr) {
            return Operand::Addr(Box::new(Operand::Sym(sym)), off);
        }
        if let Value::Global(name, _) = ptr {
            return Operand::Addr(Box::new(Operand::Sym(name.clone())), 0);
        }
        if let Value::Inst(g) = ptr {
            if self.address_folded.contains(g) {
                if let InstKind::Gep {
                    elem_ty,
                    base,
                    indices,
                } = &self.f.inst(*g).kind
                {
                    let off = gep_const_offset(elem_ty, indices).unwrap_or(0);
                    if let Operand::Addr(b, o) = self.address(&base.clone()) {
                        return Operand::Addr(b, o + off);
                    }
                }
            }
            if self.folded.contains(g) {
                if let InstKind::Gep {
                    elem_ty,
                    base,
                    indices,
                } = self.f.inst(*g).kind.clone()
                {
                    self.folded.remove(g);
                    let off = gep_const_offset(&elem_ty, &indices).unwrap_or(0);
                    if let Value::Global(name, _) = &base {
                        return Operand::Addr(Box::new(Operand::Sym(name.clone())), off);
                    }
                    let b = self.reg(&base);
                    return Operand::Addr(Box::new(Operand::Reg(b)), off);
                }
            }
            if let Some(&off) = self.frame_offsets.get(g) {
                // A stack slot: addressed from the frame pointer.
                if let Some(sp) = self.sp.clone() {
                    return Operand::Addr(Box::new(sp), off as i64);
                }
            }
        }
        let r = self.reg(ptr);
        Operand::Addr(Box::new(Operand::Reg(r)), 0)
    }

    pub(super) fn gep(&mut self, id: InstId, elem_ty: &Type, base: &Value, indices: &[Value]) {
        let b = self.reg(base);
        // A shared-memory address is 32-bit (see `reg_bits`): its offsets
        // are added in 32 bits, 64-bit indices truncated, as NVPTX does.
        let (class, w) = match reg_class(&self.f.value_type(base)) {
            RegClass::B32 => (RegClass::B32, 32),
            _ => (RegClass::B64, 64),
        };
        if let Some(off) = gep_const_offset(elem_ty, indices) {
            let d = self.def(id);
            if off == 0 {
                self.emit(
                    Op::Mov,
                    format!(".b{w}"),
                    vec![Operand::Reg(d), Operand::Reg(b)],
                );
            } else {
                self.emit(
                    Op::Add,
                    format!(".s{w}"),
                    vec![Operand::Reg(d), Operand::Reg(b), Operand::Imm(off)],
                );
            }
            return;
        }
        let mut acc = b;
        // Verified geps always have steps.
        let steps = gep_steps(elem_ty, indices).map_or_else(Vec::new, |(s, _)| s);
        for (k, (idx, step)) in indices.iter().zip(steps).enumerate() {
            let scale = match step {
                GepStep::Scale(s) => s,
                GepStep::Field(off) => {
                    // A field number: its offset, whatever the index's value.
                    let d = if k + 1 == indices.len() {
                        self.def(id)
                    } else {
                        self.m.new_reg(class)
                    };
                    self.emit(
                        Op::Add,
                        format!(".s{w}"),
                        vec![Operand::Reg(d), Operand::Reg(acc), Operand::Imm(off)],
                    );
                    acc = d;
                    continue;
                }
            };
            let term = match idx {
                Value::Int(_, c) => Operand::Imm(c * scale),
                Value::Inst(i)
                    if (self.folded.contains(i)
                        || self.local_wide.get(i).is_some_and(|g| g.contains(&id)))
                        && matches!(self.f.inst(*i).kind, InstKind::Cast { .. })
                        && !self.widened.contains(i) =>
                {
                    // sext/zext i32 folded: multiply-wide from the 32-bit value
                    // (a plain multiply for a 32-bit address), shared by every
                    // gep of the block with the same scale; geps in other
                    // blocks multiply again, as nvcc's code generation
                    // prepare pass copies the extension into each block.
                    if let Some(&t) = self.wide_index.get(&(*i, scale, w, self.cur)) {
                        Operand::Reg(t)
                    } else {
                        let InstKind::Cast { op, val } = self.f.inst(*i).kind.clone() else {
                            unreachable!("matched above")
                        };
                        let t = if w == 32 {
                            match self.shifted_index.get(i).cloned() {
                                Some((x, c)) => {
                                    let r = self.reg(&x);
                                    self.scaled(r, scale.wrapping_shl(c as u32), 32)
                                }
                                None => {
                                    let r32 = self.reg(&val);
                                    self.scaled(r32, scale, 32)
                                }
                            }
                        } else if scale == 1 {
                            let r32 = self.reg(&val);
                            let t = self.m.new_reg(RegClass::B64);
                            let sign = if op == CastOp::SExt { "s" } else { "u" };
                            self.emit(
                                Op::Cvt,
                                format!(".{sign}64.{sign}32"),
                                vec![Operand::Reg(t), Operand::Reg(r32)],
                            );
                            t
                        } else {
                            let r32 = self.reg(&val);
                            let t = self.m.new_reg(RegClass::B64);
                            let sign = if op == CastOp::SExt { "s32" } else { "u32" };
                            self.emit(
                                Op::Mul,
                                format!(".wide.{sign}"),
                                vec![Operand::Reg(t), Operand::Reg(r32), Operand::Imm(scale)],
                            );
                            t
                        };
                        self.wide_index.insert((*i, scale, w, self.cur), t);
                        Operand::Reg(t)
                    }
                }
                v => {
                    // A 32-bit address takes an extended 32-bit index as it is.
                    let narrow_src = match v {
                        Value::Inst(i) if w == 32 => match &self.f.inst(*i).kind {
                            InstKind::Cast {
                                op: CastOp::SExt | CastOp::ZExt,
                                val,
                            } if self.f.value_type(val) == Type::I32 => Some(val.clone()),
                            _ => None,
                        },
                        _ => None,
                    };
                    let mut r = self.reg(narrow_src.as_ref().unwrap_or(v));
                    if w == 32 && r.class == RegClass::B64 {
                        let t = self.m.new_reg(RegClass::B32);
                        self.emit(Op::Cvt, ".u32.u64", vec![Operand::Reg(t), Operand::Reg(r)]);
                        r = t;
                    }
                    let key = (r, scale, w, self.cur);
                    match self.scaled_index.get(&key) {
                        Some(&t) => Operand::Reg(t),
                        None => {
                            let t = self.scaled(r, scale, w);
                            self.scaled_index.insert(key, t);
                            Operand::Reg(t)
                        }
                    }
                }
            };
            let last = k + 1 == indices.len();
            let d = if last {
                self.def(id)
            } else {
                self.m.new_reg(class)
            };
            self.emit(
                Op::Add,
                format!(".s{w}"),
                vec![Operand::Reg(d), Operand::Reg(acc), term],
            );
            acc = d;
        }
    }

    /// `r * scale` in a `w`-bit register: `r` itself, a shift for a power of
    /// two, else a multiply.
    pub(super) fn scaled(&mut self, r: Reg, scale: i64, w: u32) -> Reg {
        if scale == 1 {
            return r;
        }
        let t = self.m.new_reg(r.class);
        if scale > 0 && (scale & (scale - 1)) == 0 {
            self.emit(
                Op::Shl,
                format!(".b{w}"),
                vec![
                    Operand::Reg(t),
                    Operand::Reg(r),
                    Operand::Imm(i64::from(scale.trailing_zeros())),
                ],
            );
        } else {
            self.emit(
                Op::Mul,
                format!(".lo.s{w}"),
                vec![Operand::Reg(t), Operand::Reg(r), Operand::Imm(scale)],
            );
        }
        t
    }
}
