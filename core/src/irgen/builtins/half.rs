//! The `__half` arithmetic, comparisons and conversions.

use super::super::*;

impl Gen<'_> {
    /// A half-precision built-in on the bits of halves (`i16`): bitcasts to
    /// IR `half` around the operation (isel keeps both in one `%rs` register).
    pub(super) fn half_builtin(
        &mut self,
        op: HalfOp,
        vals: &[Value],
        rty: &Type,
        short: &str,
    ) -> Value {
        let half = |s: &mut Self, v: &Value| {
            s.emit(
                "h",
                Type::Half,
                InstKind::Cast {
                    op: CastOp::BitCast,
                    val: v.clone(),
                },
            )
        };
        let bits = |s: &mut Self, v: Value| {
            s.emit(
                short,
                Type::I16,
                InstKind::Cast {
                    op: CastOp::BitCast,
                    val: v,
                },
            )
        };
        match op {
            HalfOp::FromFloat => {
                let h = self.emit(
                    "h",
                    Type::Half,
                    InstKind::Cast {
                        op: CastOp::FPTrunc,
                        val: vals[0].clone(),
                    },
                );
                bits(self, h)
            }
            HalfOp::ToFloat => {
                let h = half(self, &vals[0]);
                self.emit(
                    short,
                    Type::F32,
                    InstKind::Cast {
                        op: CastOp::FPExt,
                        val: h,
                    },
                )
            }
            HalfOp::Arith(bop, contract) => {
                let (a, b) = (half(self, &vals[0]), half(self, &vals[1]));
                let r = self.emit(
                    "h",
                    Type::Half,
                    InstKind::Bin {
                        op: bop,
                        lhs: a,
                        rhs: b,
                        flags: Flags {
                            contract,
                            ..Flags::default()
                        },
                    },
                );
                bits(self, r)
            }
            HalfOp::Fma => {
                let args: Vec<Value> = vals.iter().map(|v| half(self, v)).collect();
                let r = self.emit(
                    "h",
                    Type::Half,
                    InstKind::Call {
                        callee: Intrinsic::Float(FloatFn::Fma, FloatTy::F16).into(),
                        args,
                    },
                );
                bits(self, r)
            }
            HalfOp::Neg => {
                let a = half(self, &vals[0]);
                let r = self.emit("h", Type::Half, InstKind::FNeg(a));
                bits(self, r)
            }
            HalfOp::Compare(pred) => {
                let (a, b) = (half(self, &vals[0]), half(self, &vals[1]));
                let c = self.emit(
                    short,
                    Type::I1,
                    InstKind::FCmp {
                        pred,
                        lhs: a,
                        rhs: b,
                    },
                );
                self.emit(
                    "conv",
                    rty.clone(),
                    InstKind::Cast {
                        op: CastOp::ZExt,
                        val: c,
                    },
                )
            }
        }
    }
}
