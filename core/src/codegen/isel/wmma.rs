//! Warp matrix operations (`llvm.nvvm.wmma.*`, made by
//! `irgen/builtins/wmma.rs`) as nvcc writes them:
//! `wmma.load.a.sync.aligned.row.m16n16k16.global.f16 \t{%r1, …, %r8}, [%rd1], %r9;`,
//! `wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 {%f1, …}, {%r1, …}, {%r9, …}, {%f9, …};`,
//! `wmma.store.d.sync.aligned.row.m16n16k16.global.f32 \t[%rd2], {%f1, …}, %r9;`.
//! The address is a register (a shared array's symbol moved into one), the
//! leading dimension too (`mov.u32 %r5, 16;`), as nvcc writes them.

use super::Sel;
use crate::ir::*;
use crate::ptx::*;
use crate::wmma::{Frag, RegKind, Wmma};

fn class(f: Frag) -> RegClass {
    match f.reg_kind() {
        RegKind::B32 => RegClass::B32,
        RegKind::F32 => RegClass::F32,
        RegKind::F64 => RegClass::F64,
    }
}

impl Sel<'_> {
    pub(super) fn wmma(&mut self, id: InstId, w: Wmma, args: &[Value]) {
        let (writes, reads) = w.reg_counts();
        let n_reads: usize = reads.iter().map(|f| f.regs() as usize).sum();
        let want = match w {
            Wmma::Mma { .. } => n_reads,
            Wmma::Load { .. } => 2,
            Wmma::Store { .. } => n_reads + 2,
        };
        if args.len() != want {
            return self.unsupported(&format!(
                "the call of {} with {} arguments",
                w.intrinsic(),
                args.len()
            ));
        }
        let modifiers = w.opcode()["wmma".len()..].to_string();
        let addr = |s: &mut Self| Operand::Addr(Box::new(Operand::Reg(s.reg(&args[0]))), 0);
        // The registers a list of arguments names, in order.
        let list = |s: &mut Self, vals: &[Value]| {
            Operand::List(vals.iter().map(|v| Operand::Reg(s.reg(v))).collect())
        };
        let mut ops = Vec::new();
        if let Some(&d) = writes.first() {
            let r: Vec<Reg> = (0..d.regs()).map(|_| self.m.new_reg(class(d))).collect();
            self.vec_regs.insert(id, r.clone());
            ops.push(Operand::List(r.into_iter().map(Operand::Reg).collect()));
        }
        match w {
            Wmma::Load { .. } => {
                ops.push(addr(self));
                ops.push(Operand::Reg(self.reg(&args[1])));
            }
            Wmma::Store { .. } => {
                ops.push(addr(self));
                ops.push(list(self, &args[1..1 + n_reads]));
                ops.push(Operand::Reg(self.reg(&args[1 + n_reads])));
            }
            Wmma::Mma { .. } => {
                let mut at = 0;
                for f in reads {
                    let n = f.regs() as usize;
                    ops.push(list(self, &args[at..at + n]));
                    at += n;
                }
            }
        }
        self.emit(Op::Wmma, modifiers, ops);
    }
}
