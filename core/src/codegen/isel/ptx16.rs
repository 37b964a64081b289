//! The 16-bit float instructions (`llvm.nvvm.ptx.<instruction>`, from
//! `cuda_fp16.h`/`cuda_bf16.h`'s built-ins) written as themselves:
//! `add.f16x2 %r3, %r1, %r2`, `cvt.rn.bf16.f32 %rs1, %f1`. Halves live in
//! `%rs` registers and pairs in `%r` registers, as nvcc keeps them.

use super::Sel;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// `call @llvm.nvvm.ptx.fma.rn.f16x2(a, b, c)` as `fma.rn.f16x2 d, a, b, c`.
    pub(super) fn ptx16(&mut self, id: InstId, spelling: &str, args: &[Value]) {
        let (name, mods) = spelling.split_once('.').unwrap_or((spelling, ""));
        let Some(&(op, _)) = Op::NAMES.iter().find(|(_, n)| *n == name) else {
            self.unsupported(&format!("the instruction {spelling}"));
            return;
        };
        let mut operands: Vec<Operand> = args.iter().map(|a| Operand::Reg(self.reg(a))).collect();
        let d = self.def(id);
        operands.insert(0, Operand::Reg(d));
        self.emit(op, format!(".{mods}"), operands);
    }
}
