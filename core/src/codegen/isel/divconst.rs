//! Division and remainder by a constant (32 or 64 bits), selected as
//! multiplications and shifts, as LLVM's and cicc's instruction selection
//! expand them (the IR keeps `sdiv i32 %x, 7`): a `mul.hi` by a magic
//! number (for 32-bit unsigned division the high half of a `mul.wide.u32`,
//! as nvcc writes it) and shifts (Granlund and Montgomery; the magic numbers in
//! `core/src/opt/divconst.rs`), signed division by a power of two as
//! shifts with the rounding toward zero fixed up, and a remainder as
//! `x - (x / c) * c`, reusing the quotient of a division of the same
//! operands earlier in the block. PTX's `div.s32` would expand into a long
//! sequence in ptxas. At -O0 the division stays `div`, as nvcc's.

use super::types::*;
use super::Sel;
use crate::ir::*;
use crate::opt::divconst;
use crate::ptx::*;

impl Sel<'_> {
    /// Selects `id` (`op lhs, rhs`) when it divides by a constant that
    /// expands; false when it does not (a plain `div`/`rem` then).
    pub(super) fn div_by_constant(
        &mut self,
        id: InstId,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        flags: &Flags,
    ) -> bool {
        // At -O0 nvcc keeps `div.s32 %r3, %r2, 7` (ptxas expands it).
        if self.opts.opt_level == 0 {
            return false;
        }
        let ty = self.f.inst(id).ty.clone();
        let bits: u32 = match ty {
            Type::I32 => 32,
            Type::I64 => 64,
            _ => return false,
        };
        let signed = match op {
            BinOp::SDiv | BinOp::SRem => true,
            BinOp::UDiv | BinOp::URem => false,
            _ => return false,
        };
        let Some(c) = rhs
            .as_int()
            .and_then(|v| fold::int_const(ty.clone(), v).as_int())
        else {
            return false;
        };
        let uc = if bits == 32 {
            u64::from(c as u32)
        } else {
            c as u64
        };
        let min = if bits == 32 {
            i64::from(i32::MIN)
        } else {
            i64::MIN
        };
        if c == 0
            || (signed && (c == 1 || c == -1 || c == min))
            || (!signed && (uc <= 1 || uc.is_power_of_two()))
            || (signed && c < 0 && c.unsigned_abs().is_power_of_two())
        {
            return false;
        }
        let rem = matches!(op, BinOp::SRem | BinOp::URem);
        let x = self.reg(lhs);
        let class = x.class;
        let s = int_suffix(&ty, 's');
        let u = int_suffix(&ty, 'u');
        let imm = |v: i64| Operand::Imm(fold::int_const(ty.clone(), v).as_int().unwrap_or(v));
        // The quotient: a division of the same operands earlier in the
        // block already has it.
        let div_op = if signed { BinOp::SDiv } else { BinOp::UDiv };
        let earlier = rem
            .then(|| self.earlier_quotient(id, div_op, lhs, rhs))
            .flatten();
        let q = match earlier {
            Some(q) => q,
            None => {
                let dest = (!rem).then_some(id);
                self.quotient(dest, x, c, uc, bits, signed, flags.exact, &s, &u, &imm)
            }
        };
        if rem {
            let prod = self.m.new_reg(class);
            self.emit(
                Op::Mul,
                format!(".lo{s}"),
                vec![Operand::Reg(prod), Operand::Reg(q), imm(c)],
            );
            let d = self.def(id);
            self.emit(
                Op::Sub,
                s.clone(),
                vec![Operand::Reg(d), Operand::Reg(x), Operand::Reg(prod)],
            );
        }
        true
    }

    /// The register of `div_op lhs, rhs` selected earlier in `id`'s block.
    fn earlier_quotient(&self, id: InstId, div_op: BinOp, lhs: &Value, rhs: &Value) -> Option<Reg> {
        let b = self
            .f
            .layout
            .iter()
            .find(|b| self.f.block(**b).insts.contains(&id))?;
        for &i in &self.f.block(*b).insts {
            if i == id {
                break;
            }
            if let InstKind::Bin {
                op, lhs: l, rhs: r, ..
            } = &self.f.inst(i).kind
            {
                if *op == div_op && l == lhs && r == rhs {
                    if let Some(Operand::Reg(q)) = self.vals.get(&i) {
                        return Some(*q);
                    }
                }
            }
        }
        None
    }

    /// Writes `x / c` into the register of `dest` (a fresh one for
    /// `None`), allocated last so registers number in order; returns it.
    #[allow(clippy::too_many_arguments)]
    fn quotient(
        &mut self,
        dest: Option<InstId>,
        x: Reg,
        c: i64,
        uc: u64,
        bits: u32,
        signed: bool,
        exact: bool,
        s: &str,
        u: &str,
        imm: &dyn Fn(i64) -> Operand,
    ) -> Reg {
        let class = x.class;
        let b = |r: Reg| Operand::Reg(r);
        let def = |sel: &mut Self| match dest {
            Some(i) => sel.def(i),
            None => sel.m.new_reg(class),
        };
        if signed && c > 0 && uc.is_power_of_two() {
            let k = i64::from(c.trailing_zeros());
            if exact {
                let d = def(self);
                self.emit(Op::Shr, s, vec![b(d), b(x), Operand::Imm(k)]);
                return d;
            }
            // Round toward zero: add c-1 to negative dividends first.
            let bias = self.m.new_reg(class);
            if k == 1 {
                self.emit(
                    Op::Shr,
                    u,
                    vec![b(bias), b(x), Operand::Imm(i64::from(bits - 1))],
                );
            } else {
                let sign = self.m.new_reg(class);
                self.emit(
                    Op::Shr,
                    s,
                    vec![b(sign), b(x), Operand::Imm(i64::from(bits - 1))],
                );
                self.emit(
                    Op::Shr,
                    u,
                    vec![b(bias), b(sign), Operand::Imm(i64::from(bits) - k)],
                );
            }
            let t = self.m.new_reg(class);
            self.emit(Op::Add, s, vec![b(t), b(x), b(bias)]);
            let d = def(self);
            self.emit(Op::Shr, s, vec![b(d), b(t), Operand::Imm(k)]);
            return d;
        }
        if signed {
            let (m, sh) = divconst::magic_signed(c, bits);
            let mut q = self.m.new_reg(class);
            self.emit(Op::Mul, format!(".hi{s}"), vec![b(q), b(x), imm(m)]);
            if (c > 0 && m < 0) || (c < 0 && m > 0) {
                let adj = self.m.new_reg(class);
                let op = if c > 0 { Op::Add } else { Op::Sub };
                self.emit(op, s, vec![b(adj), b(q), b(x)]);
                q = adj;
            }
            // The sign of the unshifted value (the shift keeps it), as
            // LLVM's selection orders them: rounds toward zero.
            let sign = self.m.new_reg(class);
            self.emit(
                Op::Shr,
                u,
                vec![b(sign), b(q), Operand::Imm(i64::from(bits - 1))],
            );
            if sh > 0 {
                let t = self.m.new_reg(class);
                self.emit(Op::Shr, s, vec![b(t), b(q), Operand::Imm(i64::from(sh))]);
                q = t;
            }
            let d = def(self);
            self.emit(Op::Add, s, vec![b(d), b(q), b(sign)]);
            return d;
        }
        let (m, add, sh) = divconst::magic_unsigned(uc, bits);
        if bits == 32 {
            // 32 bits as nvcc: the high half of a `mul.wide.u32`, shifted
            // once by 32 plus the magic's shift where no fix-up follows.
            let wide = self.m.new_reg(RegClass::B64);
            self.emit(Op::Mul, ".wide.u32", vec![b(wide), b(x), imm(m as i64)]);
            let high = self.m.new_reg(RegClass::B64);
            let by = 32 + if add { 0 } else { sh };
            self.emit(
                Op::Shr,
                ".u64",
                vec![b(high), b(wide), Operand::Imm(i64::from(by))],
            );
            if !add {
                let d = def(self);
                self.emit(Op::Cvt, ".u32.u64", vec![b(d), b(high)]);
                return d;
            }
            let q = self.m.new_reg(class);
            self.emit(Op::Cvt, ".u32.u64", vec![b(q), b(high)]);
            return self.unsigned_fixup(q, x, sh, s, u, dest);
        }
        let q = self.m.new_reg(class);
        self.emit(Op::Mul, format!(".hi{u}"), vec![b(q), b(x), imm(m as i64)]);
        if add {
            self.unsigned_fixup(q, x, sh, s, u, dest)
        } else if sh > 0 {
            let d = def(self);
            self.emit(Op::Shr, u, vec![b(d), b(q), Operand::Imm(i64::from(sh))]);
            d
        } else {
            let d = def(self);
            self.emit(Op::Mov, format!(".b{bits}"), vec![b(d), b(q)]);
            d
        }
    }

    /// The fix-up of an unsigned magic that needs one more bit: `q + ((x -
    /// q) >> 1)`, shifted by the magic's shift less one, into `dest`'s
    /// register (or a fresh one).
    fn unsigned_fixup(
        &mut self,
        q: Reg,
        x: Reg,
        sh: u32,
        s: &str,
        u: &str,
        dest: Option<InstId>,
    ) -> Reg {
        let class = x.class;
        let b = |r: Reg| Operand::Reg(r);
        let (t, h, sum) = (
            self.m.new_reg(class),
            self.m.new_reg(class),
            self.m.new_reg(class),
        );
        self.emit(Op::Sub, s, vec![b(t), b(x), b(q)]);
        self.emit(Op::Shr, u, vec![b(h), b(t), Operand::Imm(1)]);
        self.emit(Op::Add, s, vec![b(sum), b(h), b(q)]);
        let d = match dest {
            Some(i) => self.def(i),
            None => self.m.new_reg(class),
        };
        self.emit(
            Op::Shr,
            u,
            vec![b(d), b(sum), Operand::Imm(i64::from(sh - 1))],
        );
        d
    }
}
