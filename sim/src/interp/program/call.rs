//! Calls decoded: a function of the module by its index, or an intrinsic
//! (`ir::Intrinsic`, matched by variant) as the machine model's operation
//! (a special register, a barrier, a warp-wide operation, an asynchronous
//! copy, a warp matrix operation, an integer or float function, a 16-bit
//! float instruction).

use super::{Callee, Decoder, Op, Opnd};
use crate::model::asyncmem::{Arrive, AsyncOp};
use crate::model::float::{FloatTy, MathFn, MathIntrinsic};
use crate::model::rounding::{self, Rounding};
use crate::model::sched::{ReduxOp, Sreg, WarpOp};
use crate::model::value::{IntFn, Reduce, ShflMode};
use crate::model::warp::WARP_SIZE;
use crate::model::ErrorKind;
use ptxlab_core::ir::intrinsic::{self as ii, Intrinsic};

type Decoded = Result<Op, (ErrorKind, String)>;

/// The arguments a warp-wide intrinsic takes.
pub(super) fn warp_arity(op: WarpOp) -> usize {
    match op {
        WarpOp::ActiveMask => 0,
        WarpOp::Sync => 1,
        WarpOp::Ballot
        | WarpOp::VoteAny
        | WarpOp::VoteAll
        | WarpOp::VoteUni
        | WarpOp::MatchAny
        | WarpOp::MatchAll
        | WarpOp::Redux(_) => 2,
        WarpOp::Shfl(_) => 4,
        WarpOp::Mma(..) => 0,
    }
}

/// The warp-wide operation of an intrinsic.
fn warp_op(i: &Intrinsic) -> Option<WarpOp> {
    Some(match i {
        Intrinsic::BarWarpSync => WarpOp::Sync,
        Intrinsic::Vote(ii::VoteOp::Ballot) => WarpOp::Ballot,
        Intrinsic::Vote(ii::VoteOp::Any) => WarpOp::VoteAny,
        Intrinsic::Vote(ii::VoteOp::All) => WarpOp::VoteAll,
        Intrinsic::ActiveMask => WarpOp::ActiveMask,
        Intrinsic::Match { all: false, .. } => WarpOp::MatchAny,
        Intrinsic::Match { all: true, .. } => WarpOp::MatchAll,
        Intrinsic::Redux(op) => WarpOp::Redux(match op {
            ii::ReduxOp::Add => ReduxOp::Add,
            ii::ReduxOp::Min => ReduxOp::Min,
            ii::ReduxOp::Max => ReduxOp::Max,
            ii::ReduxOp::UMin => ReduxOp::UMin,
            ii::ReduxOp::UMax => ReduxOp::UMax,
            ii::ReduxOp::And => ReduxOp::And,
            ii::ReduxOp::Or => ReduxOp::Or,
            ii::ReduxOp::Xor => ReduxOp::Xor,
        }),
        Intrinsic::Shfl { mode, .. } => WarpOp::Shfl(match mode {
            ii::ShflMode::Idx => ShflMode::Idx,
            ii::ShflMode::Up => ShflMode::Up,
            ii::ShflMode::Down => ShflMode::Down,
            ii::ShflMode::Bfly => ShflMode::Bfly,
        }),
        _ => return None,
    })
}

/// The asynchronous copy or memory barrier operation of an intrinsic.
fn async_op(i: &Intrinsic) -> Option<AsyncOp> {
    Some(match i {
        Intrinsic::CpAsyncCommitGroup => AsyncOp::Commit,
        Intrinsic::CpAsyncWaitGroup => AsyncOp::WaitGroup,
        Intrinsic::CpAsyncWaitAll => AsyncOp::WaitAll,
        Intrinsic::CpAsyncMbarrierArrive => AsyncOp::CopyArrive(true),
        Intrinsic::CpAsync { size, .. } => AsyncOp::Copy(u32::from(*size)),
        Intrinsic::Mbarrier(op) => match op {
            ii::MbarrierOp::Init => AsyncOp::Init,
            ii::MbarrierOp::Inval => AsyncOp::Inval,
            ii::MbarrierOp::Arrive => AsyncOp::Arrive(Arrive::Plain),
            ii::MbarrierOp::ArriveDrop => AsyncOp::Arrive(Arrive::Drop),
            ii::MbarrierOp::ArriveNoComplete => AsyncOp::ArriveCount,
            ii::MbarrierOp::TestWait | ii::MbarrierOp::TryWait => AsyncOp::Wait,
            ii::MbarrierOp::TestWaitParity | ii::MbarrierOp::TryWaitParity => AsyncOp::WaitParity,
            ii::MbarrierOp::PendingCount => AsyncOp::PendingCount,
        },
        _ => return None,
    })
}

/// The integer function of an intrinsic and its width.
fn int_fn(i: &Intrinsic) -> Option<(IntFn, u32)> {
    Some(match *i {
        Intrinsic::Bits(f, w) => {
            let f = match f {
                ii::BitFn::Ctpop => IntFn::Popc,
                ii::BitFn::Ctlz => IntFn::Clz,
                ii::BitFn::Cttz => IntFn::Ctz,
                ii::BitFn::BitReverse => IntFn::BitReverse,
                ii::BitFn::Fshl => IntFn::FunnelLeft,
                ii::BitFn::Fshr => IntFn::FunnelRight,
            };
            (f, if w == ii::IntTy::I64 { 64 } else { 32 })
        }
        Intrinsic::Mul24 { signed } => (IntFn::Mul24 { signed }, 32),
        Intrinsic::MulHi { signed, wide } => (IntFn::MulHi { signed }, if wide { 64 } else { 32 }),
        Intrinsic::Prmt => (IntFn::BytePerm, 32),
        Intrinsic::Fns => (IntFn::FindNthSet, 32),
        Intrinsic::IsSpace(space) => (IntFn::IsSpace(space), 64),
        Intrinsic::Sad { signed } => (IntFn::Sad { signed }, 32),
        Intrinsic::Dot {
            two,
            a_signed,
            b_signed,
        } => (
            IntFn::Dot {
                two: two.map(|h| h == ii::DotHalf::Hi),
                a_signed,
                b_signed,
            },
            32,
        ),
        _ => return None,
    })
}

/// The arguments an integer function reads (ctlz/cttz may carry LLVM's
/// is-zero-poison flag as a second one, which is ignored).
fn int_arity(f: IntFn) -> std::ops::RangeInclusive<usize> {
    match f {
        IntFn::Popc | IntFn::BitReverse | IntFn::IsSpace(_) => 1..=1,
        IntFn::Clz | IntFn::Ctz => 1..=2,
        IntFn::Mul24 { .. } | IntFn::MulHi { .. } => 2..=2,
        IntFn::FunnelLeft
        | IntFn::FunnelRight
        | IntFn::BytePerm
        | IntFn::FindNthSet
        | IntFn::Sad { .. }
        | IntFn::Dot { .. } => 3..=3,
    }
}

fn rounding(m: ii::Rounding) -> Rounding {
    match m {
        ii::Rounding::Rn => Rounding::Nearest,
        ii::Rounding::Rz => Rounding::Zero,
        ii::Rounding::Rm => Rounding::Down,
        ii::Rounding::Rp => Rounding::Up,
    }
}

fn nvvm_float(double: bool) -> FloatTy {
    if double {
        FloatTy::F64
    } else {
        FloatTy::F32
    }
}

/// The float math function of an intrinsic: the function, the float type it
/// works on, and for NVVM's intrinsics the `.ftz` their name asks for
/// (generic `llvm.*` ones follow -ftz).
pub(crate) fn math_fn(i: &Intrinsic) -> Option<MathIntrinsic> {
    let (f, ty, ftz) = match *i {
        Intrinsic::Float(f, t) => {
            let f = match f {
                ii::FloatFn::Fma => MathFn::Fma,
                ii::FloatFn::Sqrt => MathFn::Sqrt,
                ii::FloatFn::Fabs => MathFn::Fabs,
                ii::FloatFn::MinNum => MathFn::MinNum,
                ii::FloatFn::MaxNum => MathFn::MaxNum,
                ii::FloatFn::Floor => MathFn::Floor,
                ii::FloatFn::Ceil => MathFn::Ceil,
                ii::FloatFn::Trunc => MathFn::Trunc,
                ii::FloatFn::Rint => MathFn::Rint,
                ii::FloatFn::CopySign => MathFn::CopySign,
            };
            let ty = match t {
                ii::FloatTy::F16 => FloatTy::F16,
                ii::FloatTy::F32 => FloatTy::F32,
                ii::FloatTy::F64 => FloatTy::F64,
            };
            return Some(MathIntrinsic { f, ty, ftz: None });
        }
        Intrinsic::Rounded {
            op,
            mode,
            ftz,
            double,
        } => {
            let op = match op {
                ii::RoundOp::Add => rounding::RoundOp::Add,
                ii::RoundOp::Sub => rounding::RoundOp::Sub,
                ii::RoundOp::Mul => rounding::RoundOp::Mul,
                ii::RoundOp::Fma => rounding::RoundOp::Fma,
                ii::RoundOp::Div => rounding::RoundOp::Div,
                ii::RoundOp::Rcp => rounding::RoundOp::Rcp,
                ii::RoundOp::Sqrt => rounding::RoundOp::Sqrt,
            };
            (MathFn::Round(op, rounding(mode)), nvvm_float(double), ftz)
        }
        Intrinsic::Approx { op, ftz, double } => {
            let op = match op {
                ii::ApproxOp::Rsqrt => rounding::ApproxOp::Rsqrt,
                ii::ApproxOp::Sin => rounding::ApproxOp::Sin,
                ii::ApproxOp::Cos => rounding::ApproxOp::Cos,
                ii::ApproxOp::Ex2 => rounding::ApproxOp::Exp2,
                ii::ApproxOp::Lg2 => rounding::ApproxOp::Log2,
                ii::ApproxOp::Div => rounding::ApproxOp::Div,
                ii::ApproxOp::Rcp => rounding::ApproxOp::Rcp,
                ii::ApproxOp::Sqrt => rounding::ApproxOp::Sqrt,
                ii::ApproxOp::Tanh => rounding::ApproxOp::Tanh,
            };
            (MathFn::Approx(op), nvvm_float(double), ftz)
        }
        Intrinsic::Saturate { ftz, double } => (MathFn::Saturate, nvvm_float(double), ftz),
        Intrinsic::Bitcast { .. } => (MathFn::Bits, FloatTy::F32, false),
        Intrinsic::Convert {
            from,
            to,
            mode,
            ftz,
        } => {
            let mode = rounding(mode);
            let f = if from.is_float() && to.is_float() {
                MathFn::Narrow(mode)
            } else if from.is_float() {
                MathFn::ToInt {
                    mode,
                    bits: to.bits(),
                    signed: to.is_signed(),
                }
            } else {
                MathFn::FromInt {
                    mode,
                    bits: from.bits(),
                    signed: from.is_signed(),
                }
            };
            let float = if from.is_float() && !to.is_float() {
                from
            } else {
                to
            };
            (f, nvvm_float(float == ii::NumTy::D), ftz)
        }
        _ => return None,
    };
    Some(MathIntrinsic {
        f,
        ty,
        ftz: Some(ftz),
    })
}

/// The first `N` operands in an array (the rest zero).
fn fixed<const N: usize>(ops: &[Opnd]) -> [Opnd; N] {
    let mut a = [Opnd::Imm(0); N];
    a[..ops.len().min(N)].copy_from_slice(&ops[..ops.len().min(N)]);
    a
}

impl Decoder<'_> {
    /// A call of the function `name` of the module.
    pub(super) fn function_call(&self, name: &str, ops: Vec<Opnd>, dst: Option<u32>) -> Decoded {
        if name == "vprintf" && ops.len() == 2 {
            return Ok(Op::Printf {
                dst,
                fmt: ops[0],
                buf: ops[1],
            });
        }
        if name == "__nvvm_reflect" && ops.len() == 1 && dst.is_some() {
            return Ok(Op::Reflect {
                dst: dst.unwrap_or(0),
                query: ops[0],
            });
        }
        let defined = self.functions.get(name).copied();
        match (name, ops.len(), dst, defined) {
            ("malloc", 1, Some(dst), None) => return Ok(Op::Malloc { dst, size: ops[0] }),
            ("free", 1, None, None) => return Ok(Op::Free { ptr: ops[0] }),
            _ => {}
        }
        let Some(func) = defined else {
            return Err((
                ErrorKind::Unsupported,
                format!("@{name} has no body in the module and is not an intrinsic the interpreter knows"),
            ));
        };
        let callee_fn = &self.module.functions[func as usize];
        if callee_fn.params.len() != ops.len() {
            return Err((
                ErrorKind::Unsupported,
                format!(
                    "@{name} takes {} arguments, the call passes {}",
                    callee_fn.params.len(),
                    ops.len()
                ),
            ));
        }
        Ok(Op::Call {
            dst,
            func: Callee::Direct(func),
            args: ops.into(),
        })
    }

    /// A call of an intrinsic. `space` is the address space of the first
    /// argument (a warp matrix operation's); `ftz_for` the -ftz of a type.
    pub(super) fn intrinsic_call(
        &self,
        i: &Intrinsic,
        ops: Vec<Opnd>,
        dst: Option<u32>,
        space: u32,
        ftz_for: impl Fn(FloatTy) -> bool,
    ) -> Decoded {
        let unsupported = |why: String| Err((ErrorKind::Unsupported, why));
        if let Intrinsic::Sreg(r) = *i {
            let reg = match r {
                ii::Sreg::Tid(a) => Sreg::Tid(usize::from(a)),
                ii::Sreg::Ntid(a) => Sreg::Ntid(usize::from(a)),
                ii::Sreg::Ctaid(a) => Sreg::Ctaid(usize::from(a)),
                ii::Sreg::Nctaid(a) => Sreg::Nctaid(usize::from(a)),
                ii::Sreg::LaneId => Sreg::LaneId,
                ii::Sreg::WarpSize => Sreg::Const(WARP_SIZE as u64),
                // The driver's environment (a cooperative launch's grid workspace).
                ii::Sreg::EnvReg(n) => Sreg::EnvReg(n),
                ii::Sreg::Clock | ii::Sreg::Clock64 => {
                    return Ok(Op::Clock {
                        dst: dst.unwrap_or(0),
                        bits: if r == ii::Sreg::Clock64 { 64 } else { 32 },
                    })
                }
            };
            return Ok(Op::Sreg {
                dst: dst.unwrap_or(0),
                reg,
            });
        }
        if let Some(op) = async_op(i) {
            if ops.len() > 3 {
                return unsupported(format!("@{i} takes at most 3 arguments"));
            }
            return Ok(Op::Async {
                dst,
                op,
                args: fixed(&ops),
            });
        }
        if let Some(op) = warp_op(i) {
            if ops.len() != warp_arity(op) {
                return unsupported(format!("@{i} takes {} arguments", warp_arity(op)));
            }
            let mut args = fixed(&ops);
            if let WarpOp::Redux(_) = op {
                // `@llvm.nvvm.redux.sync.*(value, mask)`: the mask first, as the others.
                args.swap(0, 1);
            }
            return Ok(Op::Warp { dst, op, args });
        }
        if let Some((f, bits)) = int_fn(i) {
            if !int_arity(f).contains(&ops.len()) {
                return unsupported(format!("@{i} called with {} arguments", ops.len()));
            }
            return Ok(Op::IntFn {
                dst: dst.unwrap_or(0),
                f,
                args: fixed(&ops),
                bits,
            });
        }
        if let Some(m) = math_fn(i) {
            if ops.len() != m.f.arity() {
                return unsupported(format!("@{i} takes {} arguments", m.f.arity()));
            }
            return Ok(Op::Math {
                dst: dst.unwrap_or(0),
                f: m.f,
                args: fixed(&ops),
                ty: m.ty,
                ftz: m.ftz.unwrap_or_else(|| ftz_for(m.ty)),
            });
        }
        Ok(match i {
            // Every named barrier is the block's: all its threads meet.
            Intrinsic::Barrier0 | Intrinsic::BarrierSync => Op::Barrier { reduce: None },
            Intrinsic::BarrierRed(r) => {
                let r = match r {
                    ii::BarrierRed::Popc => Reduce::Popc,
                    ii::BarrierRed::And => Reduce::And,
                    ii::BarrierRed::Or => Reduce::Or,
                };
                let (Some(dst), [pred]) = (dst, ops.as_slice()) else {
                    return unsupported(format!("@{i} takes one argument and returns a value"));
                };
                Op::Barrier {
                    reduce: Some((r, dst, *pred)),
                }
            }
            Intrinsic::Trap => Op::Trap {
                kind: ErrorKind::Unreachable,
                message: "trap: the thread aborted the kernel".into(),
            },
            Intrinsic::Wmma(w) => Op::Wmma {
                w: *w,
                dst: dst.unwrap_or(0),
                args: ops.into(),
                space,
            },
            Intrinsic::Ptx(spelling) => {
                let Some(inst) = crate::model::half::HalfInst::parse(spelling) else {
                    return unsupported(format!("@{i} is no instruction the interpreter knows"));
                };
                if ops.len() != inst.srcs().len() || ops.len() > 3 {
                    return unsupported(format!("@{i} takes {} arguments", inst.srcs().len()));
                }
                Op::Half {
                    dst: dst.unwrap_or(0),
                    inst,
                    args: fixed(&ops),
                }
            }
            Intrinsic::Texture(..) => {
                return unsupported(format!(
                "texture fetches and surface accesses are not supported by the interpreter (@{i})"
            ))
            }
            _ => {
                return unsupported(format!(
                    "@{i} has no body in the module and is not an intrinsic the interpreter knows"
                ))
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::rounding::{ApproxOp, RoundOp};

    #[test]
    fn intrinsic_names() {
        let parse = |n: &str| {
            Intrinsic::parse(n)
                .and_then(|i| math_fn(&i))
                .map(|m| (m.f, m.ty, m.ftz))
        };
        assert_eq!(
            parse("llvm.fma.f32"),
            Some((MathFn::Fma, FloatTy::F32, None))
        );
        assert_eq!(
            parse("llvm.nvvm.sqrt.rn.d"),
            Some((
                MathFn::Round(RoundOp::Sqrt, Rounding::Nearest),
                FloatTy::F64,
                Some(false)
            ))
        );
        assert_eq!(
            parse("llvm.nvvm.add.rz.ftz.f"),
            Some((
                MathFn::Round(RoundOp::Add, Rounding::Zero),
                FloatTy::F32,
                Some(true)
            ))
        );
        assert_eq!(
            parse("llvm.nvvm.f2i.rm.ftz"),
            Some((
                MathFn::ToInt {
                    mode: Rounding::Down,
                    bits: 32,
                    signed: true
                },
                FloatTy::F32,
                Some(true)
            ))
        );
        assert_eq!(
            parse("llvm.nvvm.ull2d.rp"),
            Some((
                MathFn::FromInt {
                    mode: Rounding::Up,
                    bits: 64,
                    signed: false
                },
                FloatTy::F64,
                Some(false)
            ))
        );
        assert_eq!(
            parse("llvm.nvvm.sin.approx.ftz.f"),
            Some((MathFn::Approx(ApproxOp::Sin), FloatTy::F32, Some(true)))
        );
        assert_eq!(parse("llvm.nvvm.barrier0"), None);
        assert_eq!(parse("llvm.nvvm.add.rq.f"), None);
        assert_eq!(parse("llvm.nvvm.f2x.rn"), None);
    }
}
