//! The local stack frame (`__local_depot`, `%SPL`/`%SP`, a slot per alloca) and
//! the entry block's parameter loads.

use super::types::*;
use super::Sel;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// Parameter loads and the stack frame, in the entry block.
    pub(super) fn prologue(&mut self) {
        let f = self.f;
        // The local frame: every alloca left gets a slot.
        let mut size = 0u64;
        let mut align = 1u64;
        for &i in &f.block(f.entry()).insts {
            if self.frameless.contains(&i) {
                continue;
            }
            if let InstKind::Alloca { ty, align: a } = &f.inst(i).kind {
                let a = (*a).max(ty.align()).max(1);
                size = size.div_ceil(a) * a;
                self.frame_offsets.insert(i, size);
                size += ty.size().max(1);
                align = align.max(a);
            }
        }
        if !self.frame_offsets.is_empty() {
            let size = size.div_ceil(align) * align;
            self.m.frame = Some((align, size));
            let depot = self.m.depot_name();
            self.emit(
                Op::Mov,
                ".u64",
                vec![Operand::Sym("%SPL".into()), Operand::Sym(depot)],
            );
            // A frame slot's generic address (`%SP`-based) is needed only where
            // it escapes as a generic pointer; its local address is `%SPL`-based.
            let mut generic_uses = false;
            for &b in &f.layout {
                for &i in &f.block(b).insts {
                    let inst = f.inst(i);
                    let to_local = matches!(
                        inst.kind,
                        InstKind::Cast {
                            op: CastOp::AddrSpaceCast,
                            ..
                        }
                    ) && inst.ty == Type::Ptr(addrspace::LOCAL);
                    if self.local_slot_to_generic(i).is_some() {
                        generic_uses = true;
                    }
                    inst.kind.for_each_operand(|op| {
                        if let Value::Inst(a) = op {
                            if self.frame_offsets.contains_key(a) && !to_local {
                                self.generic_frame.insert(*a);
                                generic_uses = true;
                            }
                        }
                    });
                }
            }
            if generic_uses {
                self.emit(
                    Op::Cvta,
                    ".local.u64",
                    vec![Operand::Sym("%SP".into()), Operand::Sym("%SPL".into())],
                );
                self.sp = Some(Operand::Sym("%SP".into()));
            }
        }
        for (n, p) in f.params.iter().enumerate() {
            let used = f
                .layout
                .iter()
                .flat_map(|b| f.block(*b).insts.iter())
                .any(|&i| {
                    f.inst(i)
                        .kind
                        .operands()
                        .iter()
                        .any(|v| **v == Value::Arg(n as u32))
                });
            // A struct by value is read in place: `ld.param [f_param_0+4]`;
            // a struct result is written in place: `st.param [func_retval0+4]`.
            if !used || p.byval.is_some() || p.sret.is_some() {
                continue;
            }
            let class = reg_class(&p.ty);
            let name = self.param_names[n].clone();
            if !f.attrs.kernel {
                // A `.func` parameter: 32 bits at least, read with its value type.
                let (_, ld) = func_param_types(&p.ty);
                let wide = if class == RegClass::Pred || class == RegClass::B16 {
                    RegClass::B32
                } else {
                    class
                };
                let r = self.m.new_reg(wide);
                self.emit(
                    Op::Ld,
                    format!(".param{ld}"),
                    vec![
                        Operand::Reg(r),
                        Operand::Addr(Box::new(Operand::Sym(name)), 0),
                    ],
                );
                let v = match class {
                    RegClass::Pred => {
                        let p = self.m.new_reg(RegClass::Pred);
                        self.emit(
                            Op::Setp,
                            ".ne.s32",
                            vec![Operand::Reg(p), Operand::Reg(r), Operand::Imm(0)],
                        );
                        p
                    }
                    RegClass::B16 => {
                        let h = self.m.new_reg(RegClass::B16);
                        self.emit(Op::Cvt, ".u16.u32", vec![Operand::Reg(h), Operand::Reg(r)]);
                        h
                    }
                    _ => r,
                };
                self.args[n] = Some(v);
                continue;
            }
            if class == RegClass::Pred {
                let b = self.m.new_reg(RegClass::B16);
                let r = self.m.new_reg(RegClass::Pred);
                self.emit(
                    Op::Ld,
                    ".param.u8",
                    vec![
                        Operand::Reg(b),
                        Operand::Addr(Box::new(Operand::Sym(name)), 0),
                    ],
                );
                self.emit(
                    Op::Setp,
                    ".ne.s16",
                    vec![Operand::Reg(r), Operand::Reg(b), Operand::Imm(0)],
                );
                self.args[n] = Some(r);
                continue;
            }
            if let Some(&(ext, signed)) = self.ext_args.get(&(n as u32)) {
                // Extended as it is read: `ld.param.s32 %rd4`.
                let bits = p.ty.bits();
                let d = self.def(ext);
                self.emit(
                    Op::Ld,
                    format!(".param.{}{bits}", if signed { 's' } else { 'u' }),
                    vec![
                        Operand::Reg(d),
                        Operand::Addr(Box::new(Operand::Sym(name)), 0),
                    ],
                );
                continue;
            }
            let r = self.m.new_reg(class);
            let ty = param_type(&p.ty);
            self.emit(
                Op::Ld,
                format!(".param{ty}"),
                vec![
                    Operand::Reg(r),
                    Operand::Addr(Box::new(Operand::Sym(name)), 0),
                ],
            );
            self.args[n] = Some(r);
        }
    }

    /// An alloca: its generic address (`%SP + off`), if that is used.
    pub(super) fn alloca(&mut self, id: InstId) {
        // Only a slot whose generic address is used has one computed
        // here; its local address comes with its `addrspacecast`.
        if !self.generic_frame.contains(&id) {
            return;
        }
        let off = self.frame_offsets.get(&id).copied().unwrap_or(0);
        let d = self.def(id);
        let sp = self.sp.clone().unwrap_or(Operand::Imm(0));
        self.emit(
            Op::Add,
            ".u64",
            vec![Operand::Reg(d), sp, Operand::Imm(off as i64)],
        );
    }
}
