//! The math builtins that are more than one intrinsic: overloads by type,
//! `min`/`max`/`abs` on integers, the fast-math approximations, `__ffs`.

use super::super::*;
use crate::frontend::builtins::Lowering;

impl Gen<'_> {
    /// An intrinsic named by a template, overloaded by the operands' type.
    pub(super) fn overloaded_intrinsic(
        &mut self,
        template: &str,
        vals: Vec<Value>,
        rty: Type,
        short: &str,
    ) -> Value {
        // `llvm.sqrt.{}` → `llvm.sqrt.f64`; `{ftz}` → `.ftz` under -ftz.
        let ftz = if self.opts.ftz { ".ftz" } else { "" };
        let suffix = match rty {
            Type::F32 | Type::F64 => float_name(&rty).to_string(),
            ref t => t.to_string(),
        };
        // The float overload: by its result, or by its first
        // argument where the result is not a float (`ilogb`, `sincos`).
        let first = vals.first().map(|v| self.f.value_type(v));
        let float_arg = !rty.is_float() && first == Some(Type::F32);
        let f = if rty == Type::F32 || float_arg {
            "f"
        } else {
            ""
        };
        let name = template
            .replace("{ftz}", ftz)
            .replace("{f}", f)
            .replace("{}", &suffix);
        let callee = Callee::named(&name);
        self.emit(short, rty, InstKind::Call { callee, args: vals })
    }

    /// `min`/`max` (`max`): `llvm.minnum`/`llvm.maxnum` for floats, a compare
    /// and select for integers.
    pub(super) fn min_max(
        &mut self,
        max: bool,
        vals: Vec<Value>,
        ret: &CType,
        rty: Type,
        short: &str,
    ) -> Value {
        let (a, b) = (vals[0].clone(), vals[1].clone());
        if ret.is_float() {
            let f = if max {
                FloatFn::MaxNum
            } else {
                FloatFn::MinNum
            };
            let callee = Intrinsic::Float(f, float_ty(&rty)).into();
            return self.emit(short, rty, InstKind::Call { callee, args: vals });
        }
        // min(a, b) = a < b ? a : b (isel selects min.s32/max.u32).
        let pred = match (max, ret.is_signed()) {
            (false, true) => ICmp::Slt,
            (false, false) => ICmp::Ult,
            (true, true) => ICmp::Sgt,
            (true, false) => ICmp::Ugt,
        };
        let c = self.emit(
            "cmp",
            Type::I1,
            InstKind::ICmp {
                pred,
                lhs: a.clone(),
                rhs: b.clone(),
            },
        );
        self.emit(
            short,
            rty,
            InstKind::Select {
                cond: c,
                t: a,
                f: b,
            },
        )
    }

    /// `abs`/`fabs`: `llvm.fabs` for floats, a compare and select for integers.
    pub(super) fn abs(&mut self, vals: Vec<Value>, ret: &CType, rty: Type, short: &str) -> Value {
        let x = vals[0].clone();
        if ret.is_float() {
            let callee = Intrinsic::Float(FloatFn::Fabs, float_ty(&rty)).into();
            return self.emit(short, rty, InstKind::Call { callee, args: vals });
        }
        // abs(x) = x < 0 ? -x : x (isel selects abs.s32).
        let neg = self.emit(
            "neg",
            rty.clone(),
            InstKind::Bin {
                op: BinOp::Sub,
                lhs: Value::Int(rty.clone(), 0),
                rhs: x.clone(),
                flags: Flags::default(),
            },
        );
        let c = self.emit(
            "isneg",
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Slt,
                lhs: x.clone(),
                rhs: Value::Int(rty.clone(), 0),
            },
        );
        self.emit(
            short,
            rty,
            InstKind::Select {
                cond: c,
                t: neg,
                f: x,
            },
        )
    }

    /// The fast-math approximations (`__expf`, `__logf`, `__powf`, `__tanf`)
    /// from `ex2`, `lg2`, `sin`, `cos` and `div` `.approx`.
    pub(super) fn fast_approx(
        &mut self,
        lowering: Lowering,
        vals: Vec<Value>,
        short: &str,
    ) -> Value {
        let flags = Flags {
            contract: self.opts.fmad,
            ..Default::default()
        };
        let ftz = self.opts.ftz;
        let approx = |g: &mut Self, name: &str, op: ApproxOp, args: Vec<Value>| {
            let callee = Intrinsic::Approx {
                op,
                ftz,
                double: false,
            }
            .into();
            g.emit(name, Type::F32, InstKind::Call { callee, args })
        };
        let mul = |g: &mut Self, name: &str, lhs: Value, rhs: Value| {
            g.emit(
                name,
                Type::F32,
                InstKind::Bin {
                    op: BinOp::FMul,
                    lhs,
                    rhs,
                    flags,
                },
            )
        };
        match lowering {
            // 2^(x·scale), the scale rounded to float as NVRTC's 0f3FB8AA3B.
            Lowering::FastExp(scale) => {
                let m = mul(self, "mul", vals[0].clone(), Value::f32(scale));
                approx(self, short, ApproxOp::Ex2, vec![m])
            }
            Lowering::FastLog(scale) => {
                let l = approx(self, "lg2", ApproxOp::Lg2, vals);
                mul(self, short, l, Value::f32(scale))
            }
            Lowering::FastPow => {
                let l = approx(self, "lg2", ApproxOp::Lg2, vec![vals[0].clone()]);
                let m = mul(self, "mul", vals[1].clone(), l);
                approx(self, short, ApproxOp::Ex2, vec![m])
            }
            _ => {
                let sn = approx(self, "sin", ApproxOp::Sin, vec![vals[0].clone()]);
                let cs = approx(self, "cos", ApproxOp::Cos, vec![vals[0].clone()]);
                approx(self, short, ApproxOp::Div, vec![sn, cs])
            }
        }
    }

    /// `__byte_perm(x, y, s)`: `prmt(x, y, s & 0x7777)` (see
    /// [`Lowering::BytePerm`]).
    pub(super) fn byte_perm(&mut self, vals: Vec<Value>) -> Value {
        let sel = self.emit(
            "perm.sel",
            Type::I32,
            InstKind::Bin {
                op: BinOp::And,
                lhs: vals[2].clone(),
                rhs: Value::i32(0x7777),
                flags: Flags::default(),
            },
        );
        self.emit(
            "perm",
            Type::I32,
            InstKind::Call {
                callee: Intrinsic::Prmt.into(),
                args: vec![vals[0].clone(), vals[1].clone(), sel],
            },
        )
    }

    /// `__ffs`: the position of the lowest set bit, from 1 (0 for none).
    pub(super) fn find_first_set(&mut self, vals: Vec<Value>) -> Value {
        // ffs(x) = x == 0 ? 0 : cttz(x) + 1
        let x = vals[0].clone();
        let xt = self.f.value_type(&x);
        let it = if xt == Type::I64 {
            IntTy::I64
        } else {
            IntTy::I32
        };
        let callee = Intrinsic::Bits(BitFn::Cttz, it).into();
        let tz = self.emit(
            "cttz",
            xt.clone(),
            InstKind::Call {
                callee,
                args: vec![x.clone()],
            },
        );
        let tz = if xt == Type::I32 {
            tz
        } else {
            self.emit(
                "cttz.trunc",
                Type::I32,
                InstKind::Cast {
                    op: CastOp::Trunc,
                    val: tz,
                },
            )
        };
        let pos = self.emit(
            "ffs.pos",
            Type::I32,
            InstKind::Bin {
                op: BinOp::Add,
                lhs: tz,
                rhs: Value::i32(1),
                flags: Flags::default(),
            },
        );
        let zero = self.emit(
            "ffs.zero",
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Eq,
                lhs: x,
                rhs: Value::Int(xt, 0),
            },
        );
        self.emit(
            "ffs",
            Type::I32,
            InstKind::Select {
                cond: zero,
                t: Value::i32(0),
                f: pos,
            },
        )
    }
}

/// `f32` or `f64`: an intrinsic's type suffix.
/// The float type of a generic intrinsic on `t` (f32 unless f64).
fn float_ty(t: &Type) -> FloatTy {
    if *t == Type::F64 {
        FloatTy::F64
    } else {
        FloatTy::F32
    }
}

fn float_name(t: &Type) -> &'static str {
    if *t == Type::F64 {
        "f64"
    } else {
        "f32"
    }
}
