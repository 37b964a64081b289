//! Calls of the CUDA builtins, each lowered by its family (`Lowering`).

mod half;
mod mem;

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
        let rty = ir_type(ret);
        let short = b.name.trim_start_matches('_');
        match b.lowering {
            Lowering::Intrinsic(template) if template.contains('{') => {
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
                let callee = template
                    .replace("{ftz}", ftz)
                    .replace("{f}", f)
                    .replace("{}", &suffix);
                self.emit(short, rty, InstKind::Call { callee, args: vals })
            }
            Lowering::MinMax(max) => {
                let (a, b) = (vals[0].clone(), vals[1].clone());
                if ret.is_float() {
                    let callee = format!(
                        "llvm.{}.{}",
                        if max { "maxnum" } else { "minnum" },
                        float_name(&rty)
                    );
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
            Lowering::Abs => {
                let x = vals[0].clone();
                if ret.is_float() {
                    let callee = format!("llvm.fabs.{}", float_name(&rty));
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
            Lowering::FastExp(_) | Lowering::FastLog(_) | Lowering::FastPow | Lowering::FastTan => {
                let ftz = if self.opts.ftz { ".ftz" } else { "" };
                let flags = Flags {
                    contract: self.opts.fmad,
                    ..Default::default()
                };
                let approx = |g: &mut Self, name: &str, op: &str, args: Vec<Value>| {
                    let callee = format!("llvm.nvvm.{op}.approx{ftz}.f");
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
                match b.lowering {
                    // 2^(x·scale), the scale rounded to float as NVRTC's 0f3FB8AA3B.
                    Lowering::FastExp(scale) => {
                        let m = mul(self, "mul", vals[0].clone(), Value::f32(scale));
                        approx(self, short, "ex2", vec![m])
                    }
                    Lowering::FastLog(scale) => {
                        let l = approx(self, "lg2", "lg2", vals);
                        mul(self, short, l, Value::f32(scale))
                    }
                    Lowering::FastPow => {
                        let l = approx(self, "lg2", "lg2", vec![vals[0].clone()]);
                        let m = mul(self, "mul", vals[1].clone(), l);
                        approx(self, short, "ex2", vec![m])
                    }
                    _ => {
                        let sn = approx(self, "sin", "sin", vec![vals[0].clone()]);
                        let cs = approx(self, "cos", "cos", vec![vals[0].clone()]);
                        approx(self, short, "div", vec![sn, cs])
                    }
                }
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
            Lowering::Intrinsic(name) => {
                // Predicates are passed to votes as i1.
                let vals = if name.starts_with("llvm.nvvm.vote") {
                    let p = self.truth_value(vals[1].clone(), &args[1].ty);
                    vec![vals[0].clone(), p]
                } else {
                    vals
                };
                let ty = match name {
                    "llvm.nvvm.vote.any.sync" | "llvm.nvvm.vote.all.sync" => Type::I1,
                    "llvm.ctpop.i64" | "llvm.ctlz.i64" => Type::I64,
                    _ => rty.clone(),
                };
                let v = self.emit(
                    short,
                    ty.clone(),
                    InstKind::Call {
                        callee: name.to_string(),
                        args: vals,
                    },
                );
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
            Lowering::Atomic(op, scope) => {
                let float = ret.is_float();
                let op = match op {
                    AtomicOp::Add if float => AtomicOp::FAdd,
                    AtomicOp::Max if !ret.is_signed() => AtomicOp::UMax,
                    AtomicOp::Min if !ret.is_signed() => AtomicOp::UMin,
                    op => op,
                };
                self.emit(
                    short,
                    rty,
                    InstKind::AtomicRmw {
                        op,
                        ptr: vals[0].clone(),
                        val: vals[1].clone(),
                        scope,
                    },
                )
            }
            Lowering::AtomicSub(scope) => {
                let neg = self.emit(
                    "neg",
                    rty.clone(),
                    InstKind::Bin {
                        op: BinOp::Sub,
                        lhs: Value::Int(rty.clone(), 0),
                        rhs: vals[1].clone(),
                        flags: Flags::default(),
                    },
                );
                self.emit(
                    short,
                    rty,
                    InstKind::AtomicRmw {
                        op: AtomicOp::Add,
                        ptr: vals[0].clone(),
                        val: neg,
                        scope,
                    },
                )
            }
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
            Lowering::Shuffle(mode) => {
                // The `c` operand packs the segment mask and the clamp:
                // ((warpSize - width) << 8) | (up ? 0 : 31).
                let width = vals[3].clone();
                let seg = self.emit(
                    "shfl.seg",
                    Type::I32,
                    InstKind::Bin {
                        op: BinOp::Sub,
                        lhs: Value::i32(32),
                        rhs: width,
                        flags: Flags::default(),
                    },
                );
                let seg = self.emit(
                    "shfl.seg",
                    Type::I32,
                    InstKind::Bin {
                        op: BinOp::Shl,
                        lhs: seg,
                        rhs: Value::i32(8),
                        flags: Flags::default(),
                    },
                );
                let c = if mode == "up" {
                    seg
                } else {
                    self.emit(
                        "shfl.c",
                        Type::I32,
                        InstKind::Bin {
                            op: BinOp::Or,
                            lhs: seg,
                            rhs: Value::i32(31),
                            flags: Flags::default(),
                        },
                    )
                };
                let suffix = if rty == Type::F32 { "f32" } else { "i32" };
                let callee = format!("llvm.nvvm.shfl.sync.{mode}.{suffix}");
                self.emit(
                    short,
                    rty,
                    InstKind::Call {
                        callee,
                        args: vec![vals[0].clone(), vals[1].clone(), vals[2].clone(), c],
                    },
                )
            }
            Lowering::Half(op) => self.half_builtin(op, &vals, &rty, short),
            Lowering::Match(all) => {
                // The value's bits: floats as integers of their width.
                let v = vals[1].clone();
                let vt = self.f.value_type(&v);
                let it = if vt.bits() == 64 {
                    Type::I64
                } else {
                    Type::I32
                };
                let v = if vt.is_float() {
                    self.emit(
                        "bits",
                        it.clone(),
                        InstKind::Cast {
                            op: CastOp::BitCast,
                            val: v,
                        },
                    )
                } else {
                    v
                };
                let kind = if all { "all" } else { "any" };
                let m = self.emit(
                    short,
                    Type::I32,
                    InstKind::Call {
                        callee: format!("llvm.nvvm.match.{kind}.sync.{it}"),
                        args: vec![vals[0].clone(), v],
                    },
                );
                if all {
                    // *pred = every lane named agreed, i.e. the result is not 0.
                    let ok = self.emit(
                        "match.pred",
                        Type::I1,
                        InstKind::ICmp {
                            pred: ICmp::Ne,
                            lhs: m.clone(),
                            rhs: Value::i32(0),
                        },
                    );
                    let ok = self.emit(
                        "match.pred",
                        Type::I32,
                        InstKind::Cast {
                            op: CastOp::ZExt,
                            val: ok,
                        },
                    );
                    self.emit(
                        "",
                        Type::Void,
                        InstKind::Store {
                            val: ok,
                            ptr: vals[2].clone(),
                            align: 4,
                            volatile: false,
                        },
                    );
                }
                m
            }
            Lowering::FindFirstSet => {
                // ffs(x) = x == 0 ? 0 : cttz(x) + 1
                let x = vals[0].clone();
                let xt = self.f.value_type(&x);
                let callee = format!("llvm.cttz.{xt}");
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
            Lowering::MemOp(set) => self.mem_op(set, &vals),
            Lowering::FunnelShift(name) => {
                let args = vec![vals[1].clone(), vals[0].clone(), vals[2].clone()];
                self.emit(
                    short,
                    rty,
                    InstKind::Call {
                        callee: name.to_string(),
                        args,
                    },
                )
            }
        }
    }
}
