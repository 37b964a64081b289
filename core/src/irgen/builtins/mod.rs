//! Calls of the CUDA builtins, each lowered by its family (`Lowering`).

mod atomics;
mod cacheops;
mod half;
mod math;
mod mem;
mod texture;
mod warp;
mod wmma;

use super::*;

impl Gen<'_> {
    /// A built-in call, as `frontend::builtins` says it lowers.
    pub(super) fn builtin(
        &mut self,
        index: usize,
        args: &[ast::Expr],
        vals: Vec<Value>,
        ret: &CType,
    ) -> Value {
        use crate::frontend::builtins::{get, Lowering};
        let b = get(index);
        let rty = self.types.ir_type(ret);
        let short = b.name.trim_start_matches('_');
        match b.lowering {
            Lowering::Intrinsic(template) if template.contains('{') => {
                self.overloaded_intrinsic(template, vals, rty, short)
            }
            Lowering::MinMax(max) => self.min_max(max, vals, ret, rty, short),
            Lowering::Abs => self.abs(vals, ret, rty, short),
            Lowering::FastExp(_) | Lowering::FastLog(_) | Lowering::FastPow | Lowering::FastTan => {
                self.fast_approx(b.lowering, vals, short)
            }
            Lowering::Bitcast => self.emit(
                short,
                rty,
                InstKind::Cast {
                    op: CastOp::BitCast,
                    val: vals[0].clone(),
                },
            ),
            Lowering::Convert => self.convert(vals[0].clone(), &args[0].ty, ret),
            Lowering::Intrinsic(name) => self.intrinsic(name, args, vals, rty, short),
            Lowering::Atomic(op, scope) => self.atomic(op, scope, vals, ret, rty, short),
            Lowering::AtomicSub(scope) => self.atomic_sub(scope, vals, rty, short),
            Lowering::CmpXchg(scope) => self.emit(
                short,
                rty,
                InstKind::CmpXchg {
                    ptr: vals[0].clone(),
                    cmp: vals[1].clone(),
                    new: vals[2].clone(),
                    scope,
                },
            ),
            Lowering::Fence(scope) => self.emit("", Type::Void, InstKind::Fence { scope }),
            Lowering::Shuffle(mode) => self.shuffle(mode, vals, rty, short),
            Lowering::Half(op) => self.half_builtin(op, &vals, &rty, short),
            Lowering::Match(all) => self.match_sync(all, vals, short),
            Lowering::FindFirstSet => self.find_first_set(vals),
            Lowering::BytePerm => self.byte_perm(vals),
            Lowering::Texture(op) => self.texture(op, args, vals),
            Lowering::MemOp(set) => self.mem_op(set, &vals),
            Lowering::Wmma => self.wmma(vals),
            Lowering::CacheOp(name) => self.cache_op(name, args, vals),
            Lowering::Cvta { to, space } => self.cvta(to, space, vals[0].clone()),
            Lowering::Unreachable => self.emit("", Type::Void, InstKind::Unreachable),
            Lowering::Assume => Value::Undef(Type::Void),
            Lowering::FunnelShift(name) => {
                let args = vec![vals[1].clone(), vals[0].clone(), vals[2].clone()];
                self.emit(
                    short,
                    rty,
                    InstKind::Call {
                        callee: Callee::named(name),
                        args,
                    },
                )
            }
        }
    }

    /// Component `c` (`x`, `y`, `z`) of `threadIdx`, `blockIdx`, `blockDim` or
    /// `gridDim`: a read of its special register (`%tid.x`, …).
    pub(super) fn special_reg(&mut self, b: ast::BuiltinVar, c: &str) -> Value {
        self.emit(
            &format!("{}.{c}", b.sreg()),
            Type::I32,
            InstKind::Call {
                callee: Intrinsic::Sreg(b.special_register(c)).into(),
                args: vec![],
            },
        )
    }

    /// A builtin that is one intrinsic call, its result converted to the
    /// builtin's type (votes take their predicate as i1).
    fn intrinsic(
        &mut self,
        name: &'static str,
        args: &[ast::Expr],
        vals: Vec<Value>,
        rty: Type,
        short: &str,
    ) -> Value {
        // The table's name, read once (an unknown one stays a function's
        // name, which the verifier rejects and isel reports).
        let callee = Callee::named(name);
        let intrinsic = callee.intrinsic();
        // Predicates are passed to votes as i1.
        let vals = if matches!(intrinsic, Some(Intrinsic::Vote(_))) {
            let p = self.truth_value(vals[1].clone(), &args[1].ty);
            vec![vals[0].clone(), p]
        } else {
            vals
        };
        // Shared and global pointers of the asynchronous copies and barriers.
        let vals = match intrinsic {
            Some(i) => self.cast_to_spaces(i, vals),
            None => vals,
        };
        let ty = match intrinsic {
            Some(
                Intrinsic::Vote(VoteOp::Any | VoteOp::All)
                | Intrinsic::Mbarrier(MbarrierOp::TestWait | MbarrierOp::TryWait)
                | Intrinsic::IsSpace(_),
            ) => Type::I1,
            Some(Intrinsic::Bits(BitFn::Ctpop | BitFn::Ctlz, IntTy::I64)) => Type::I64,
            _ => rty.clone(),
        };
        let v = self.emit(short, ty.clone(), InstKind::Call { callee, args: vals });
        if ty == rty || rty == Type::Void {
            v
        } else if ty == Type::I1 {
            self.emit(
                "conv",
                rty,
                InstKind::Cast {
                    op: CastOp::ZExt,
                    val: v,
                },
            )
        } else {
            self.emit(
                "conv",
                rty,
                InstKind::Cast {
                    op: CastOp::Trunc,
                    val: v,
                },
            )
        }
    }
}

impl Gen<'_> {
    /// `__cvta_generic_to_<space>(p)` (`to`): `p` cast to the space, as an
    /// integer (`size_t`); `__cvta_<space>_to_generic(a)`: the space's
    /// address `a` cast back to a generic pointer.
    fn cvta(&mut self, to: bool, space: u32, v: Value) -> Value {
        // Straight to and from `i64` (a shared pointer widened, LLVM's
        // `ptrtoint ptr addrspace(3) to i64`), so no bits of the
        // executors' pointers are lost.
        let cast = |g: &mut Self, op: CastOp, ty: Type, val: Value| {
            g.emit("cvta", ty, InstKind::Cast { op, val })
        };
        if to {
            let p = cast(self, CastOp::AddrSpaceCast, Type::Ptr(space), v);
            cast(self, CastOp::PtrToInt, Type::I64, p)
        } else {
            let p = cast(self, CastOp::IntToPtr, Type::Ptr(space), v);
            cast(
                self,
                CastOp::AddrSpaceCast,
                Type::Ptr(addrspace::GENERIC),
                p,
            )
        }
    }

    /// The pointer arguments an asynchronous copy or memory barrier takes in
    /// a specific space (`frontend::builtins::asyncmem::pointer_spaces`),
    /// cast to it from generic.
    fn cast_to_spaces(&mut self, intrinsic: &Intrinsic, mut vals: Vec<Value>) -> Vec<Value> {
        for &(k, space) in crate::frontend::builtins::asyncmem::pointer_spaces(intrinsic) {
            let Some(v) = vals.get(k).cloned() else {
                continue;
            };
            vals[k] = self.emit(
                "",
                Type::Ptr(space),
                InstKind::Cast {
                    op: CastOp::AddrSpaceCast,
                    val: v,
                },
            );
        }
        vals
    }
}
