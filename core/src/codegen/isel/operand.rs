//! Values as operands and registers: immediates, materialized predicates and
//! f16 constants, vector lanes, and a defined instruction's register.

use super::types::*;
use super::Sel;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// A value as an operand (constants as immediates).
    pub(super) fn operand(&mut self, v: &Value) -> Operand {
        match v {
            Value::Inst(i) => match self.vals.get(i) {
                Some(op) => op.clone(),
                None => {
                    // Folded into this user: compute it here.
                    if self.folded.contains(i) {
                        self.folded.remove(i);
                        self.inst(*i);
                        self.vals.get(i).cloned().unwrap_or(Operand::Imm(0))
                    } else {
                        self.unsupported("a value used before its definition");
                        Operand::Imm(0)
                    }
                }
            },
            Value::Arg(a) => {
                // A kernel's by-value struct indexed at run time: the
                // parameter's address (`mov.b64 %rd8, k_param_0;`), read
                // with `ld.param` as nvcc does.
                if self.kernel_byval_base(v).is_some() {
                    let r = self.m.new_reg(RegClass::B64);
                    let sym = self.param_names[*a as usize].clone();
                    self.emit(Op::Mov, ".b64", vec![Operand::Reg(r), Operand::Sym(sym)]);
                    return Operand::Reg(r);
                }
                if self
                    .f
                    .params
                    .get(*a as usize)
                    .is_some_and(|p| p.byval.is_some() || p.sret.is_some())
                {
                    self.unsupported(
                        "using a by-value struct parameter other than by loads of its members",
                    );
                }
                self.args
                    .get(*a as usize)
                    .copied()
                    .flatten()
                    .map_or(Operand::Imm(0), Operand::Reg)
            }
            Value::Int(Type::I1, c) => {
                // Predicates have no immediates: materialize.
                let r = self.m.new_reg(RegClass::Pred);
                self.emit(
                    Op::Setp,
                    ".ne.s32",
                    vec![
                        Operand::Reg(r),
                        Operand::Imm(i64::from(*c != 0)),
                        Operand::Imm(0),
                    ],
                );
                Operand::Reg(r)
            }
            Value::Int(_, c) => Operand::Imm(*c),
            // PTX's f16 instructions take no immediates: the bits go into a `%rs`.
            Value::Float(Type::Half, _) | Value::Undef(Type::Half) => {
                let bits = match v {
                    Value::Float(_, b) => crate::ir::fold::f64_to_f16(f64::from_bits(*b)),
                    _ => 0,
                };
                let r = self.m.new_reg(RegClass::B16);
                self.emit(
                    Op::Mov,
                    ".b16",
                    vec![Operand::Reg(r), Operand::Sym(format!("0x{bits:04X}"))],
                );
                Operand::Reg(r)
            }
            Value::Float(Type::F64, b) => Operand::F64(*b),
            Value::Float(_, b) => Operand::F32((f64::from_bits(*b) as f32).to_bits()),
            Value::Null(_) => Operand::Imm(0),
            // A variable's address in its own space (`mov.u64 %rd1, smem;`).
            Value::Global(name, _) => Operand::Sym(name.clone()),
            Value::Undef(t) => match t {
                Type::F32 => Operand::F32(0),
                Type::F64 => Operand::F64(0),
                Type::I1 => self.operand(&Value::bool(false)),
                _ => Operand::Imm(0),
            },
        }
    }

    /// A value in a register (immediates are moved into one).
    pub(super) fn reg(&mut self, v: &Value) -> Reg {
        let op = self.operand(v);
        let t = self.f.value_type(v);
        // A variable's address moved into a register once (`mov.u32 %r3,
        // smem;`), read by every access in that block and in the blocks it
        // dominates, as nvcc's.
        if let Operand::Sym(name) = &op {
            if matches!(v, Value::Global(..)) {
                let mut b = Some(self.cur);
                while let Some(at) = b {
                    if let Some(&r) = self.global_regs.get(&(name.clone(), at)) {
                        return r;
                    }
                    b = self.idom.get(at).copied().flatten();
                }
                let key = (name.clone(), self.cur);
                let r = self.in_reg(op, &t);
                self.global_regs.insert(key, r);
                return r;
            }
        }
        self.in_reg(op, &t)
    }

    /// A 32-bit value in a register, a constant moved into one once per
    /// block (`mov.u32 %r4, 31;` read by every `shfl.sync` there, as nvcc's).
    pub(super) fn constant_reg(&mut self, v: &Value) -> Operand {
        let Some(c) = v.as_int() else {
            return Operand::Reg(self.reg(v));
        };
        let key = (c, self.cur);
        if let Some(&r) = self.constant_regs.get(&key) {
            return Operand::Reg(r);
        }
        let r = self.in_reg(Operand::Imm(c), &Type::I32);
        self.constant_regs.insert(key, r);
        Operand::Reg(r)
    }

    /// An operand of type `t` in a register (an immediate is moved into one).
    pub(super) fn in_reg(&mut self, op: Operand, t: &Type) -> Reg {
        match op {
            Operand::Reg(r) => r,
            op => {
                let class = reg_class(t);
                let r = self.m.new_reg(class);
                let ty = match class {
                    RegClass::F32 => ".f32".to_string(),
                    RegClass::F64 => ".f64".to_string(),
                    _ => int_suffix(t, 'u').replace(".u8", ".u16"),
                };
                self.emit(Op::Mov, ty, vec![Operand::Reg(r), op]);
                r
            }
        }
    }

    /// Lane `k` of a vector value: a vector load's register for it, or the
    /// element the last insertelement of the lane put there (a chain is
    /// followed back to its start, `undef`).
    pub(super) fn lane(&mut self, vec: &Value, k: u32) -> Operand {
        match vector_lane(self.f, vec, k) {
            Lane::Scalar(v) => return self.operand(&v),
            Lane::Of(Value::Inst(i)) => {
                if let Some(r) = self.vec_regs.get(&i).and_then(|r| r.get(k as usize)) {
                    return Operand::Reg(*r);
                }
            }
            Lane::Of(_) => {}
        }
        self.unsupported("a vector value other than a load or an insertelement chain");
        Operand::Imm(0)
    }

    pub(super) fn def(&mut self, i: InstId) -> Reg {
        let r = self.m.new_reg(reg_class(&self.f.inst(i).ty));
        self.vals.insert(i, Operand::Reg(r));
        r
    }

    pub(super) fn ftz(&self, t: &Type) -> &'static str {
        if self.opts.ftz && *t == Type::F32 {
            ".ftz"
        } else {
            ""
        }
    }
}
