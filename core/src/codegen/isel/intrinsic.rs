//! Intrinsic calls (`llvm.*`, `llvm.nvvm.*`) as PTX instructions: barriers,
//! warp votes and shuffles, bit counts, NVVM's integer helpers, and the float
//! math and conversions PTX has an instruction for.

use super::types::*;
use super::Sel;
use crate::ir::intrinsic::{
    ApproxOp, BarrierRed, BitFn, DotHalf, FloatFn, FloatTy, IntTy, NumTy, ReduxOp, RoundOp,
    Rounding, ShflMode, VoteOp,
};
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// An intrinsic call (`llvm.*`) as its PTX instructions.
    pub(super) fn intrinsic(&mut self, id: InstId, callee: &Intrinsic, args: &[Value]) {
        let reg = |s: &mut Self, k: usize| Operand::Reg(s.reg(&args[k]));
        if self.async_mem(id, callee, args) {
            return;
        }
        match callee {
            Intrinsic::Barrier0 => self.emit(Op::Bar, ".sync", vec![Operand::Imm(0)]),
            Intrinsic::Trap => self.emit(Op::Trap, "", vec![]),
            Intrinsic::BarrierSync => {
                let id = self.operand(&args[0]);
                self.emit(Op::Barrier, ".sync", vec![id]);
            }
            Intrinsic::BarrierRed(red) => {
                let v = reg(self, 0);
                let p = self.m.new_reg(RegClass::Pred);
                self.emit(
                    Op::Setp,
                    ".ne.u32",
                    vec![Operand::Reg(p), v, Operand::Imm(0)],
                );
                let d = self.def(id);
                if *red == BarrierRed::Popc {
                    self.emit(
                        Op::Bar,
                        ".red.popc.u32",
                        vec![Operand::Reg(d), Operand::Imm(0), Operand::Reg(p)],
                    );
                } else {
                    let q = self.m.new_reg(RegClass::Pred);
                    let op = if *red == BarrierRed::And {
                        (Op::Bar, ".red.and.pred")
                    } else {
                        (Op::Bar, ".red.or.pred")
                    };
                    self.emit_opcode(op, vec![Operand::Reg(q), Operand::Imm(0), Operand::Reg(p)]);
                    self.emit(
                        Op::Selp,
                        ".u32",
                        vec![
                            Operand::Reg(d),
                            Operand::Imm(1),
                            Operand::Imm(0),
                            Operand::Reg(q),
                        ],
                    );
                }
            }
            Intrinsic::BarWarpSync => {
                let m = self.operand(&args[0]);
                self.emit(Op::Bar, ".warp.sync", vec![m]);
            }
            Intrinsic::Match { all, wide } => {
                // `match.any.sync.b32 %r, value, mask` (sm_70+); all's
                // predicate is computed from its result by the IR's `icmp ne`.
                let m = self.operand(&args[0]);
                let v = reg(self, 1);
                let d = self.def(id);
                let kind = if *all { "all" } else { "any" };
                let bits = if *wide { 64 } else { 32 };
                self.emit(
                    Op::Match,
                    format!(".{kind}.sync.b{bits}"),
                    vec![Operand::Reg(d), v, m],
                );
            }
            Intrinsic::Redux(op) => {
                // `redux.sync.add.s32 %r, value, mask` (sm_80+): the IR's
                // `umin`/`umax` are `.min.u32`/`.max.u32`, and/or/xor `.b32`.
                let v = reg(self, 0);
                let m = reg(self, 1);
                let d = self.def(id);
                let spelled = match op {
                    ReduxOp::UMin => "min.u32",
                    ReduxOp::UMax => "max.u32",
                    ReduxOp::And => "and.b32",
                    ReduxOp::Or => "or.b32",
                    ReduxOp::Xor => "xor.b32",
                    ReduxOp::Add => "add.s32",
                    ReduxOp::Min => "min.s32",
                    ReduxOp::Max => "max.s32",
                };
                self.emit(
                    Op::Redux,
                    format!(".sync.{spelled}"),
                    vec![Operand::Reg(d), v, m],
                );
            }
            Intrinsic::ActiveMask => {
                let d = self.def(id);
                self.emit(Op::Activemask, ".b32", vec![Operand::Reg(d)]);
            }
            Intrinsic::Vote(vote) => {
                let m = self.operand(&args[0]);
                let p = reg(self, 1);
                let d = self.def(id);
                let op = match vote {
                    VoteOp::Ballot => (Op::Vote, ".sync.ballot.b32"),
                    VoteOp::Any => (Op::Vote, ".sync.any.pred"),
                    VoteOp::All => (Op::Vote, ".sync.all.pred"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), p, m]);
            }
            Intrinsic::Shfl { mode, float } => {
                // As nvcc writes it: a float's bits moved to a `%r` and
                // back, every operand in a register (constants moved once
                // per block), and the in-range flag `%r|%p` beside the result.
                let mode = match mode {
                    ShflMode::Idx => "idx",
                    ShflMode::Up => "up",
                    ShflMode::Down => "down",
                    ShflMode::Bfly => "bfly",
                };
                let mut v = reg(self, 1);
                if *float {
                    let bits = self.m.new_reg(RegClass::B32);
                    self.emit(Op::Mov, ".b32", vec![Operand::Reg(bits), v]);
                    v = Operand::Reg(bits);
                }
                let cc = self.constant_reg(&args[3]);
                let b = self.constant_reg(&args[2]);
                let m = self.constant_reg(&args[0]);
                let p = self.m.new_reg(RegClass::Pred);
                let d = if *float {
                    self.m.new_reg(RegClass::B32)
                } else {
                    self.def(id)
                };
                self.emit(
                    Op::Shfl,
                    format!(".sync.{mode}.b32"),
                    vec![Operand::Pair(d, p), v, b, cc, m],
                );
                if *float {
                    let f = self.def(id);
                    self.emit(Op::Mov, ".b32", vec![Operand::Reg(f), Operand::Reg(d)]);
                }
            }
            Intrinsic::Bits(f @ (BitFn::Ctpop | BitFn::Ctlz), IntTy::I32)
            | Intrinsic::Bits(f @ BitFn::BitReverse, _) => {
                let a = reg(self, 0);
                let d = self.def(id);
                let op = match (f, callee) {
                    (BitFn::Ctpop, _) => (Op::Popc, ".b32"),
                    (BitFn::Ctlz, _) => (Op::Clz, ".b32"),
                    (_, Intrinsic::Bits(_, IntTy::I32)) => (Op::Brev, ".b32"),
                    _ => (Op::Brev, ".b64"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a]);
            }
            Intrinsic::Bits(f @ (BitFn::Ctpop | BitFn::Ctlz), IntTy::I64) => {
                // PTX counts into a 32-bit register; the intrinsic returns i64.
                let a = reg(self, 0);
                let t = self.m.new_reg(RegClass::B32);
                let op = if *f == BitFn::Ctpop {
                    (Op::Popc, ".b64")
                } else {
                    (Op::Clz, ".b64")
                };
                self.emit_opcode(op, vec![Operand::Reg(t), a]);
                let d = self.def(id);
                self.emit(Op::Cvt, ".u64.u32", vec![Operand::Reg(d), Operand::Reg(t)]);
            }
            Intrinsic::Bits(BitFn::Cttz, width) => {
                // Trailing zeros = the position of the lowest set bit: reverse,
                // find the highest; the width for zero (bfind gives all ones there).
                let wide = *width == IntTy::I64;
                let a = reg(self, 0);
                let r = self
                    .m
                    .new_reg(if wide { RegClass::B64 } else { RegClass::B32 });
                let t = self.m.new_reg(RegClass::B32);
                let (brev, bfind, bits) = if wide {
                    ((Op::Brev, ".b64"), (Op::Bfind, ".shiftamt.u64"), 64)
                } else {
                    ((Op::Brev, ".b32"), (Op::Bfind, ".shiftamt.u32"), 32)
                };
                self.emit_opcode(brev, vec![Operand::Reg(r), a]);
                self.emit_opcode(bfind, vec![Operand::Reg(t), Operand::Reg(r)]);
                if wide {
                    let m = self.m.new_reg(RegClass::B32);
                    self.emit(
                        Op::Min,
                        ".u32",
                        vec![Operand::Reg(m), Operand::Reg(t), Operand::Imm(bits)],
                    );
                    let d = self.def(id);
                    self.emit(Op::Cvt, ".u64.u32", vec![Operand::Reg(d), Operand::Reg(m)]);
                } else {
                    let d = self.def(id);
                    self.emit(
                        Op::Min,
                        ".u32",
                        vec![Operand::Reg(d), Operand::Reg(t), Operand::Imm(bits)],
                    );
                }
            }
            Intrinsic::MulHi { .. } | Intrinsic::Mul24 { .. } => {
                let a = reg(self, 0);
                let b = self.operand(&args[1]);
                let d = self.def(id);
                let op = match callee {
                    Intrinsic::MulHi {
                        signed: true,
                        wide: false,
                    } => (Op::Mul, ".hi.s32"),
                    Intrinsic::MulHi {
                        signed: false,
                        wide: false,
                    } => (Op::Mul, ".hi.u32"),
                    Intrinsic::MulHi {
                        signed: true,
                        wide: true,
                    } => (Op::Mul, ".hi.s64"),
                    Intrinsic::MulHi {
                        signed: false,
                        wide: true,
                    } => (Op::Mul, ".hi.u64"),
                    Intrinsic::Mul24 { signed: true } => (Op::Mul24, ".lo.s32"),
                    _ => (Op::Mul24, ".lo.u32"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a, b]);
            }
            Intrinsic::IsSpace(space) => {
                let a = reg(self, 0);
                let d = self.def(id);
                self.emit_opcode(
                    (Op::Isspacep, super::types::space_name(*space)),
                    vec![Operand::Reg(d), a],
                );
            }
            Intrinsic::Prmt | Intrinsic::Sad { .. } | Intrinsic::Fns => {
                let a = reg(self, 0);
                let b = reg(self, 1);
                let c = self.operand(&args[2]);
                let d = self.def(id);
                let op = match callee {
                    Intrinsic::Prmt => (Op::Prmt, ".b32"),
                    Intrinsic::Fns => (Op::Fns, ".b32"),
                    Intrinsic::Sad { signed: true } => (Op::Sad, ".s32"),
                    _ => (Op::Sad, ".u32"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a, b, c]);
            }
            Intrinsic::Dot {
                two,
                a_signed,
                b_signed,
            } => {
                let a = reg(self, 0);
                let b = reg(self, 1);
                let c = self.operand(&args[2]);
                let d = self.def(id);
                let ty = |s: bool| if s { ".s32" } else { ".u32" };
                let (op, half) = match two {
                    None => (Op::Dp4a, ""),
                    Some(DotHalf::Lo) => (Op::Dp2a, ".lo"),
                    Some(DotHalf::Hi) => (Op::Dp2a, ".hi"),
                };
                let m = format!("{half}{}{}", ty(*a_signed), ty(*b_signed));
                self.emit(op, m, vec![Operand::Reg(d), a, b, c]);
            }
            Intrinsic::Bits(f @ (BitFn::Fshl | BitFn::Fshr), IntTy::I32) => {
                // fshl(hi, lo, s) is `shf.l.wrap lo, hi, s`.
                let hi = reg(self, 0);
                let lo = reg(self, 1);
                let s = self.operand(&args[2]);
                let d = self.def(id);
                let op = if *f == BitFn::Fshl {
                    (Op::Shf, ".l.wrap.b32")
                } else {
                    (Op::Shf, ".r.wrap.b32")
                };
                self.emit_opcode(op, vec![Operand::Reg(d), lo, hi, s]);
            }
            Intrinsic::Bitcast { .. } => {
                let a = reg(self, 0);
                let d = self.def(id);
                self.emit(Op::Mov, ".b32", vec![Operand::Reg(d), a]);
            }
            Intrinsic::Float(FloatFn::Fma, FloatTy::F32 | FloatTy::F64) => {
                let (a, b, c) = (reg(self, 0), self.operand(&args[1]), self.operand(&args[2]));
                let ty = self.f.inst(id).ty.clone();
                let d = self.def(id);
                self.emit(
                    Op::Fma,
                    format!(".rn{}{}", self.ftz(&ty), float_suffix(&ty)),
                    vec![Operand::Reg(d), a, b, c],
                );
            }
            Intrinsic::Float(f @ (FloatFn::Rint | FloatFn::Fabs), FloatTy::F32) => {
                let a = reg(self, 0);
                let ftz = self.ftz(&Type::F32);
                let d = self.def(id);
                let op = if *f == FloatFn::Rint {
                    (Op::Cvt, format!(".rni{ftz}.f32.f32"))
                } else {
                    (Op::Abs, format!("{ftz}.f32"))
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a]);
            }
            Intrinsic::Approx {
                op: op @ (ApproxOp::Ex2 | ApproxOp::Lg2),
                ftz,
                ..
            } => {
                let a = reg(self, 0);
                let d = self.def(id);
                let op = if *op == ApproxOp::Ex2 {
                    Op::Ex2
                } else {
                    Op::Lg2
                };
                let ftz = if *ftz { ".ftz" } else { "" };
                self.emit(op, format!(".approx{ftz}.f32"), vec![Operand::Reg(d), a]);
            }
            c if self.float_math(id, c, args) => {}
            _ => self.unsupported(&format!("the intrinsic \"{callee}\"")),
        }
    }

    /// The math intrinsics PTX has an instruction for, spelled as NVRTC's
    /// PTX spells them: `llvm.sqrt.f32` (`sqrt.rn.f32`, or `sqrt.approx.f32`
    /// under -prec-sqrt=false), `llvm.floor.f64` (`cvt.rmi.f64.f64`),
    /// NVVM's `llvm.nvvm.add.rz.ftz.f` (`add.rz.ftz.f32`), … Generic
    /// (`llvm.*`) intrinsics take `.ftz` from -ftz, NVVM's from their name.
    /// False when `callee` is none of them.
    pub(super) fn float_math(&mut self, id: InstId, callee: &Intrinsic, args: &[Value]) -> bool {
        let ty = self.f.inst(id).ty.clone();
        let nv_ftz = |ftz: bool| if ftz { ".ftz" } else { "" };
        let nv_fs = |double: bool| if double { ".f64" } else { ".f32" };
        let (opcode, arity) = match *callee {
            Intrinsic::Convert {
                from,
                to,
                mode,
                ftz,
            } => ((Op::Cvt, conversion(from, to, mode, ftz)), 1),
            Intrinsic::Rounded {
                op,
                mode,
                ftz,
                double,
            } => {
                let m = format!(".{}{}{}", mode.name(), nv_ftz(ftz), nv_fs(double));
                match op {
                    RoundOp::Sqrt => ((Op::Sqrt, m), 1),
                    RoundOp::Rcp => ((Op::Rcp, m), 1),
                    RoundOp::Add => ((Op::Add, m), 2),
                    RoundOp::Sub => ((Op::Sub, m), 2),
                    RoundOp::Mul => ((Op::Mul, m), 2),
                    RoundOp::Div => ((Op::Div, m), 2),
                    RoundOp::Fma => ((Op::Fma, m), 3),
                }
            }
            Intrinsic::Approx { op, ftz, double } => {
                let approx = format!(".approx{}{}", nv_ftz(ftz), nv_fs(double));
                match op {
                    ApproxOp::Rsqrt => ((Op::Rsqrt, approx), 1),
                    ApproxOp::Rcp => ((Op::Rcp, approx), 1),
                    ApproxOp::Sqrt => ((Op::Sqrt, approx), 1),
                    ApproxOp::Div => ((Op::Div, approx), 2),
                    ApproxOp::Sin => ((Op::Sin, approx), 1),
                    ApproxOp::Cos => ((Op::Cos, approx), 1),
                    ApproxOp::Tanh => ((Op::Tanh, ".approx.f32".into()), 1),
                    ApproxOp::Ex2 | ApproxOp::Lg2 => return false,
                }
            }
            Intrinsic::Saturate { ftz, double } => {
                let fs = nv_fs(double);
                ((Op::Cvt, format!("{}.sat{fs}{fs}", nv_ftz(ftz))), 1)
            }
            Intrinsic::Float(f, t) => {
                // Half precision: only the fma (`fma.rn.f16`) so far.
                if t == FloatTy::F16 && f != FloatFn::Fma {
                    return false;
                }
                let fs = float_suffix(&ty);
                let ftz = self.ftz(&ty);
                match f {
                    FloatFn::Sqrt if ty == Type::F32 && !self.opts.prec_sqrt => {
                        ((Op::Sqrt, format!(".approx{ftz}{fs}")), 1)
                    }
                    FloatFn::Sqrt => ((Op::Sqrt, format!(".rn{ftz}{fs}")), 1),
                    FloatFn::Fabs => ((Op::Abs, format!("{ftz}{fs}")), 1),
                    FloatFn::MinNum => ((Op::Min, format!("{ftz}{fs}")), 2),
                    FloatFn::MaxNum => ((Op::Max, format!("{ftz}{fs}")), 2),
                    FloatFn::Floor => ((Op::Cvt, format!(".rmi{ftz}{fs}{fs}")), 1),
                    FloatFn::Ceil => ((Op::Cvt, format!(".rpi{ftz}{fs}{fs}")), 1),
                    FloatFn::Trunc => ((Op::Cvt, format!(".rzi{ftz}{fs}{fs}")), 1),
                    FloatFn::Rint => ((Op::Cvt, format!(".rni{ftz}{fs}{fs}")), 1),
                    FloatFn::Fma => ((Op::Fma, format!(".rn{ftz}{fs}")), 3),
                    FloatFn::CopySign => {
                        // PTX's copysign takes the sign first: copysign(mag, sign).
                        let sign = self.reg(&args[1]);
                        let mag = self.reg(&args[0]);
                        let d = self.def(id);
                        self.emit(
                            Op::Copysign,
                            fs,
                            vec![Operand::Reg(d), Operand::Reg(sign), Operand::Reg(mag)],
                        );
                        return true;
                    }
                }
            }
            _ => return false,
        };
        if args.len() != arity {
            return false;
        }
        let mut ops = vec![Operand::Reg(self.reg(&args[0]))];
        for a in &args[1..] {
            let op = self.operand(a);
            ops.push(op);
        }
        let d = self.def(id);
        ops.insert(0, Operand::Reg(d));
        self.emit_opcode(opcode, ops);
        true
    }
}

/// NVVM's conversion intrinsics (`F2T.MODE[.ftz]`) as the PTX `cvt` NVRTC
/// writes: `d2ll.rz` is `cvt.rzi.s64.f64` (a float to an integer rounds to
/// an integer: `rni`, …), `ll2d.rn` is `cvt.rn.f64.s64`, `d2f.rp.ftz` is
/// `cvt.rp.ftz.f32.f64`: the `cvt`'s modifiers (`.rzi.s64.f64`).
/// (`Intrinsic::parse` admits only the valid pairs.)
fn conversion(from: NumTy, to: NumTy, mode: Rounding, ftz: bool) -> String {
    let mode = mode.name();
    let rounding = if from.is_float() && !to.is_float() {
        format!("{mode}i")
    } else {
        mode.to_string()
    };
    let ftz = if ftz { ".ftz" } else { "" };
    format!(".{rounding}{ftz}{}{}", to.ptx(), from.ptx())
}
