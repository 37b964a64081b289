//! The asynchronous copies and memory barriers (`llvm.nvvm.cp.async.*`,
//! `llvm.nvvm.mbarrier.*`, from `frontend/builtins/asyncmem.rs`) as the
//! instructions nvcc's headers write in inline asm: `cp.async.ca.shared.global
//! [%r1], [%rd1], 4, 4;`, `cp.async.commit_group;`, `cp.async.wait_group 0;`,
//! `mbarrier.init.shared.b64 [%r2], %r3;`, `mbarrier.arrive.shared.b64 %rd5,
//! [%r4];`, `mbarrier.test_wait.shared.b64 %p, [%r4], %rd5;` and sm_90's
//! `mbarrier.try_wait.shared::cta.b64`; the waits for a phase's parity
//! (`mbarrier.test_wait.parity.shared.b64 %p, [%r4], %r5;`, sm_90's
//! `try_wait.parity.shared::cta`).

use super::Sel;
use crate::ir::intrinsic::MbarrierOp;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// Whether `callee` is one of these intrinsics (then it is selected).
    pub(super) fn async_mem(&mut self, id: InstId, callee: &Intrinsic, args: &[Value]) -> bool {
        match callee {
            Intrinsic::CpAsyncCommitGroup => self.emit(Op::Cp, ".async.commit_group", vec![]),
            Intrinsic::CpAsyncWaitAll => self.emit(Op::Cp, ".async.wait_all", vec![]),
            Intrinsic::CpAsyncWaitGroup => {
                let n = self.operand(&args[0]);
                if !matches!(n, Operand::Imm(_)) {
                    self.unsupported("cp.async.wait_group with a count that is not a constant");
                }
                self.emit(Op::Cp, ".async.wait_group", vec![n]);
            }
            Intrinsic::CpAsyncMbarrierArrive => {
                let bar = self.address(&args[0]);
                self.emit(Op::Cp, ".async.mbarrier.arrive.noinc.shared.b64", vec![bar]);
            }
            Intrinsic::CpAsync { cg, size } => {
                // The cache mode and the size.
                let mode = if *cg { "cg" } else { "ca" };
                let dst = self.address(&args[0]);
                let src = self.address(&args[1]);
                let n = self.operand(&args[2]);
                self.emit(
                    Op::Cp,
                    format!(".async.{mode}.shared.global"),
                    vec![dst, src, Operand::Imm(i64::from(*size)), n],
                );
            }
            Intrinsic::Mbarrier(op) => self.mbarrier(id, *op, args),
            _ => return false,
        }
        true
    }

    fn mbarrier(&mut self, id: InstId, op: MbarrierOp, args: &[Value]) {
        match op {
            MbarrierOp::Init => {
                let bar = self.address(&args[0]);
                let n = self.operand(&args[1]);
                self.emit(Op::Mbarrier, ".init.shared.b64", vec![bar, n]);
            }
            MbarrierOp::Inval => {
                let bar = self.address(&args[0]);
                self.emit(Op::Mbarrier, ".inval.shared.b64", vec![bar]);
            }
            MbarrierOp::Arrive | MbarrierOp::ArriveDrop => {
                let bar = self.address(&args[0]);
                let d = self.def(id);
                // sm_90: nvcc's headers name the CTA's window (`shared::cta`).
                let sm90 = self.opts.target().is_ok_and(|t| t.sm >= 90);
                let m = match (op == MbarrierOp::Arrive, sm90) {
                    (true, false) => ".arrive.shared.b64",
                    (true, true) => ".arrive.shared::cta.b64",
                    (false, _) => ".arrive_drop.shared.b64",
                };
                self.emit(Op::Mbarrier, m, vec![Operand::Reg(d), bar]);
            }
            MbarrierOp::ArriveNoComplete => {
                let bar = self.address(&args[0]);
                let n = self.operand(&args[1]);
                let d = self.def(id);
                self.emit(
                    Op::Mbarrier,
                    ".arrive.noComplete.shared.b64",
                    vec![Operand::Reg(d), bar, n],
                );
            }
            MbarrierOp::TestWait
            | MbarrierOp::TryWait
            | MbarrierOp::TestWaitParity
            | MbarrierOp::TryWaitParity => {
                let bar = self.address(&args[0]);
                let token = Operand::Reg(self.reg(&args[1]));
                let d = self.def(id);
                let m = match op {
                    MbarrierOp::TestWait => ".test_wait.shared.b64",
                    MbarrierOp::TryWait => ".try_wait.shared::cta.b64",
                    MbarrierOp::TestWaitParity => ".test_wait.parity.shared.b64",
                    _ => ".try_wait.parity.shared::cta.b64",
                };
                self.emit(Op::Mbarrier, m, vec![Operand::Reg(d), bar, token]);
            }
            MbarrierOp::PendingCount => {
                let token = Operand::Reg(self.reg(&args[0]));
                let d = self.def(id);
                self.emit(
                    Op::Mbarrier,
                    ".pending_count.b64",
                    vec![Operand::Reg(d), token],
                );
            }
        }
    }
}
