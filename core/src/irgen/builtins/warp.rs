//! The warp builtins with operands to build: shuffles and matches (votes are
//! plain intrinsic calls).

use super::super::*;

impl Gen<'_> {
    /// `__shfl_*_sync`: `llvm.nvvm.shfl.sync.{mode}` with the width packed
    /// into its `c` operand; a 64-bit value (`double`, `long long`) as CUDA's
    /// headers shuffle it: its two 32-bit halves, each shuffled.
    pub(super) fn shuffle(
        &mut self,
        mode: &str,
        vals: Vec<Value>,
        rty: Type,
        short: &str,
    ) -> Value {
        if rty.bits() == 64 {
            return self.shuffle_64(mode, vals, rty, short);
        }
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
        let mode = match mode {
            "up" => ShflMode::Up,
            "down" => ShflMode::Down,
            "bfly" => ShflMode::Bfly,
            _ => ShflMode::Idx,
        };
        let callee = Intrinsic::Shfl {
            mode,
            float: rty == Type::F32,
        }
        .into();
        self.emit(
            short,
            rty,
            InstKind::Call {
                callee,
                args: vec![vals[0].clone(), vals[1].clone(), vals[2].clone(), c],
            },
        )
    }

    /// A 64-bit shuffle: the value's bits split into a low and a high `i32`,
    /// each shuffled with the same lane operand, then joined again.
    fn shuffle_64(&mut self, mode: &str, vals: Vec<Value>, rty: Type, short: &str) -> Value {
        let cast = |g: &mut Self, name: &str, op: CastOp, val: Value, ty: Type| {
            g.emit(name, ty, InstKind::Cast { op, val })
        };
        let bits = if rty.is_float() {
            cast(
                self,
                "shfl.bits",
                CastOp::BitCast,
                vals[1].clone(),
                Type::I64,
            )
        } else {
            vals[1].clone()
        };
        let lo = cast(self, "shfl.lo", CastOp::Trunc, bits.clone(), Type::I32);
        let hi = self.bin("shfl.hi", BinOp::LShr, bits, Value::i64(32));
        let hi = cast(self, "shfl.hi", CastOp::Trunc, hi, Type::I32);
        let half = |g: &mut Self, v: Value| {
            let mut vs = vals.clone();
            vs[1] = v;
            g.shuffle(mode, vs, Type::I32, "shfl.half")
        };
        let lo = half(self, lo);
        let hi = half(self, hi);
        let lo = cast(self, "shfl.lo", CastOp::ZExt, lo, Type::I64);
        let hi = cast(self, "shfl.hi", CastOp::ZExt, hi, Type::I64);
        let hi = self.bin("shfl.hi", BinOp::Shl, hi, Value::i64(32));
        let name = if rty.is_float() { "shfl.join" } else { short };
        let joined = self.emit(
            name,
            Type::I64,
            InstKind::Bin {
                op: BinOp::Or,
                lhs: hi,
                rhs: lo,
                flags: Flags::default(),
            },
        );
        if rty.is_float() {
            cast(self, short, CastOp::BitCast, joined, rty)
        } else {
            joined
        }
    }

    /// `__match_any_sync`/`__match_all_sync` (`all`, which also stores its
    /// predicate).
    pub(super) fn match_sync(&mut self, all: bool, vals: Vec<Value>, short: &str) -> Value {
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

        let m = self.emit(
            short,
            Type::I32,
            InstKind::Call {
                callee: Intrinsic::Match {
                    all,
                    wide: it == Type::I64,
                }
                .into(),
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
}
