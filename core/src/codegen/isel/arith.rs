//! Arithmetic, compares, selects and conversions: integer and float binary
//! operations (with the fused `mad.lo`/`fma.rn`), `setp`, `selp`/`min`/`max`/`abs`,
//! and every cast (`cvt`, `cvta`, bit moves).

use super::types::*;
use super::Sel;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    pub(super) fn binary(
        &mut self,
        id: InstId,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        flags: &Flags,
    ) {
        let ty = self.f.inst(id).ty.clone();
        // Fused forms: the folded multiply is read through its operands.
        if matches!(op, BinOp::FAdd | BinOp::Add) {
            for (mul_side, other) in [(lhs, rhs), (rhs, lhs)] {
                let Value::Inst(mi) = mul_side else { continue };
                if !self.folded.contains(mi) {
                    continue;
                }
                let InstKind::Bin { lhs: a, rhs: b, .. } = self.f.inst(*mi).kind.clone() else {
                    continue;
                };
                self.folded.remove(mi);
                let a = Operand::Reg(self.reg(&a));
                let b = self.operand(&b);
                let c = self.operand(other);
                let d = self.def(id);
                let opcode = if op == BinOp::FAdd {
                    (
                        Op::Fma,
                        format!(".rn{}{}", self.ftz(&ty), float_suffix(&ty)),
                    )
                } else {
                    (Op::Mad, format!(".lo{}", int_suffix(&ty, 's')))
                };
                self.emit_opcode(opcode, vec![Operand::Reg(d), a, b, c]);
                return;
            }
        }
        if op == BinOp::FDiv && ty == Type::Half {
            // PTX has no f16 division: divide in f32 (one rounding to f32,
            // then to half, is the correctly rounded half quotient).
            let (a, b) = (self.reg(lhs), self.reg(rhs));
            let (fa, fb, q) = (
                self.m.new_reg(RegClass::F32),
                self.m.new_reg(RegClass::F32),
                self.m.new_reg(RegClass::F32),
            );
            self.emit(Op::Cvt, ".f32.f16", vec![Operand::Reg(fa), Operand::Reg(a)]);
            self.emit(Op::Cvt, ".f32.f16", vec![Operand::Reg(fb), Operand::Reg(b)]);
            self.emit(
                Op::Div,
                ".rn.f32",
                vec![Operand::Reg(q), Operand::Reg(fa), Operand::Reg(fb)],
            );
            let d = self.def(id);
            self.emit(
                Op::Cvt,
                ".rn.f16.f32",
                vec![Operand::Reg(d), Operand::Reg(q)],
            );
            return;
        }
        if op.is_float() {
            let a = Operand::Reg(self.reg(lhs));
            let b = self.operand(rhs);
            let d = self.def(id);
            let ftz = self.ftz(&ty);
            let fs = float_suffix(&ty);
            // Without contraction nvcc writes `.rn`, which ptxas never fuses.
            let rn = if flags.contract && self.opts.fmad {
                ""
            } else {
                ".rn"
            };
            // x * 2 is x + x, exactly (NVPTX's DAG combine): an add is cheaper.
            let twice = matches!(rhs, Value::Float(_, v) if f64::from_bits(*v) == 2.0);
            let (op, b) = match op {
                BinOp::FMul if twice => (BinOp::FAdd, a.clone()),
                op => (op, b),
            };
            let opcode = match op {
                BinOp::FAdd => (Op::Add, format!("{rn}{ftz}{fs}")),
                BinOp::FSub => (Op::Sub, format!("{rn}{ftz}{fs}")),
                BinOp::FMul => (Op::Mul, format!("{rn}{ftz}{fs}")),
                BinOp::FDiv if ty == Type::F32 && !self.opts.prec_div => {
                    (Op::Div, format!(".full{ftz}{fs}"))
                }
                BinOp::FDiv => (Op::Div, format!(".rn{ftz}{fs}")),
                _ => {
                    self.unsupported("floating-point remainder (fmodf)");
                    return;
                }
            };
            self.emit_opcode(opcode, vec![Operand::Reg(d), a, b]);
            return;
        }
        if ty == Type::I1 {
            let (a, b) = (self.reg(lhs), self.reg(rhs));
            let d = self.def(id);
            let name = match op {
                BinOp::And => (Op::And, ".pred"),
                BinOp::Or => (Op::Or, ".pred"),
                BinOp::Xor => (Op::Xor, ".pred"),
                _ => {
                    self.unsupported("arithmetic on i1");
                    return;
                }
            };
            self.emit_opcode(
                name,
                vec![Operand::Reg(d), Operand::Reg(a), Operand::Reg(b)],
            );
            return;
        }
        if self.div_by_constant(id, op, lhs, rhs, flags) {
            return;
        }
        if let Some((narrow, sign, k)) = self.wide_shift(op, lhs, rhs, &ty) {
            // NVPTX's mul-wide combine: `shl (sext i32 %x to i64), 3` is
            // `mul.wide.s32 %rd, %r, 8`, the extension read from its source.
            let from = self.f.value_type(&narrow);
            let a = Operand::Reg(self.reg(&narrow));
            let d = self.def(id);
            self.emit(
                Op::Mul,
                format!(".wide{}", int_suffix(&from, sign)),
                vec![Operand::Reg(d), a, Operand::Imm(1 << k)],
            );
            return;
        }
        let t = if ty == Type::I8 {
            Type::I16
        } else {
            ty.clone()
        };
        // NVPTX's patterns: `xor x, -1` is `not.b32 x`, `sub 0, x` is `neg.s32 x`.
        let unary = match (op, lhs.as_int(), rhs.as_int()) {
            (BinOp::Xor, _, Some(-1)) => Some((Op::Not, int_suffix(&t, 'b'), lhs)),
            (BinOp::Sub, Some(0), _) => Some((Op::Neg, int_suffix(&t, 's'), rhs)),
            _ => None,
        };
        if let Some((opc, sfx, x)) = unary {
            let a = Operand::Reg(self.reg(x));
            let d = self.def(id);
            self.emit(opc, sfx, vec![Operand::Reg(d), a]);
            return;
        }
        let a = Operand::Reg(self.reg(lhs));
        let b = self.operand(rhs);
        let d = self.def(id);
        let opcode = match op {
            BinOp::Add => (Op::Add, int_suffix(&t, 's')),
            BinOp::Sub => (Op::Sub, int_suffix(&t, 's')),
            BinOp::Mul => (Op::Mul, format!(".lo{}", int_suffix(&t, 's'))),
            BinOp::SDiv => (Op::Div, int_suffix(&t, 's')),
            BinOp::UDiv => (Op::Div, int_suffix(&t, 'u')),
            BinOp::SRem => (Op::Rem, int_suffix(&t, 's')),
            BinOp::URem => (Op::Rem, int_suffix(&t, 'u')),
            BinOp::Shl => (Op::Shl, int_suffix(&t, 'b')),
            BinOp::LShr => (Op::Shr, int_suffix(&t, 'u')),
            BinOp::AShr => (Op::Shr, int_suffix(&t, 's')),
            BinOp::And => (Op::And, int_suffix(&t, 'b')),
            BinOp::Or => (Op::Or, int_suffix(&t, 'b')),
            BinOp::Xor => (Op::Xor, int_suffix(&t, 'b')),
            _ => unreachable!("float ops handled above"),
        };
        // Shift amounts are always 32-bit in PTX.
        let b = if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) && t.bits() != 32 {
            match b {
                Operand::Reg(r) => {
                    let n = self.m.new_reg(RegClass::B32);
                    let from = if r.class == RegClass::B64 {
                        ".u64"
                    } else {
                        ".u16"
                    };
                    self.emit(
                        Op::Cvt,
                        format!(".u32{from}"),
                        vec![Operand::Reg(n), Operand::Reg(r)],
                    );
                    Operand::Reg(n)
                }
                other => other,
            }
        } else {
            b
        };
        self.emit_opcode(opcode, vec![Operand::Reg(d), a, b]);
    }

    /// A left shift by a constant of a value extended from half the width
    /// (i16 → i32, i32 → i64) whose power of two fits the narrow type
    /// (signed: below its sign bit): the narrow value, `s` or `u`, and the
    /// shift. Above -O0 only, as NVPTX's DAG combine.
    pub(super) fn wide_shift(
        &self,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        ty: &Type,
    ) -> Option<(Value, char, i64)> {
        if op != BinOp::Shl || self.opts.opt_level == 0 || !matches!(ty, Type::I32 | Type::I64) {
            return None;
        }
        let k = rhs.as_int()?;
        let InstKind::Cast { op: cast, val } = &self.f.inst(lhs.as_inst()?).kind else {
            return None;
        };
        let half = i64::from(ty.bits() / 2);
        if self.f.value_type(val).bits() != ty.bits() / 2 {
            return None;
        }
        let (sign, limit) = match cast {
            CastOp::SExt => ('s', half - 1),
            CastOp::ZExt => ('u', half),
            _ => return None,
        };
        (0..limit).contains(&k).then(|| (val.clone(), sign, k))
    }

    pub(super) fn cast(&mut self, id: InstId, op: CastOp, val: &Value) {
        let f = self.f;
        let to = f.inst(id).ty.clone();
        let from = f.value_type(val);
        let ftz_src = self.ftz(&from);
        let ftz_dst = self.ftz(&to);
        match op {
            CastOp::ZExt | CastOp::SExt if from == Type::I1 => {
                let p = self.reg(val);
                let d = self.def(id);
                let (one, sfx) = if op == CastOp::ZExt {
                    (1, 'u')
                } else {
                    (-1, 's')
                };
                let t = if to == Type::I8 {
                    Type::I16
                } else {
                    to.clone()
                };
                self.emit(
                    Op::Selp,
                    int_suffix(&t, sfx),
                    vec![
                        Operand::Reg(d),
                        Operand::Imm(one),
                        Operand::Imm(0),
                        Operand::Reg(p),
                    ],
                );
            }
            CastOp::Trunc if to == Type::I1 => {
                let r = self.reg(val);
                let t = if from == Type::I8 {
                    Type::I16
                } else {
                    from.clone()
                };
                let tmp = self.m.new_reg(reg_class(&t));
                let d = self.def(id);
                self.emit(
                    Op::And,
                    int_suffix(&t, 'b'),
                    vec![Operand::Reg(tmp), Operand::Reg(r), Operand::Imm(1)],
                );
                self.emit(
                    Op::Setp,
                    format!(".eq{}", int_suffix(&t, 'b')),
                    vec![Operand::Reg(d), Operand::Reg(tmp), Operand::Imm(1)],
                );
            }
            CastOp::ZExt | CastOp::SExt | CastOp::Trunc => {
                let r = self.reg(val);
                let d = self.def(id);
                let (kd, ks) = match op {
                    CastOp::SExt => ('s', 's'),
                    _ => ('u', 'u'),
                };
                let sfx_to = format!(".{kd}{}", to.bits());
                let sfx_from = format!(".{ks}{}", from.bits());
                if reg_class(&from) == reg_class(&to) {
                    // i8 ↔ i16 share a register class: sign- or zero-extend in
                    // place; a truncation keeps the narrower type's bits.
                    let opcode = if op == CastOp::SExt {
                        (Op::Cvt, format!(".s16.s{}", from.bits()))
                    } else {
                        (Op::And, ".b16".to_string())
                    };
                    if op == CastOp::SExt {
                        self.emit_opcode(opcode, vec![Operand::Reg(d), Operand::Reg(r)]);
                    } else {
                        self.emit_opcode(
                            opcode,
                            vec![
                                Operand::Reg(d),
                                Operand::Reg(r),
                                Operand::Imm((1 << from.bits().min(to.bits()).min(16)) - 1),
                            ],
                        );
                    }
                } else {
                    self.emit(
                        Op::Cvt,
                        format!("{sfx_to}{sfx_from}"),
                        vec![Operand::Reg(d), Operand::Reg(r)],
                    );
                }
            }
            CastOp::SIToFP | CastOp::UIToFP => {
                let r = self.reg(val);
                let d = self.def(id);
                let k = if op == CastOp::SIToFP { 's' } else { 'u' };
                let src = if from == Type::I1 {
                    // i1 → float: through an integer.
                    let t = self.m.new_reg(RegClass::B32);
                    self.emit(
                        Op::Selp,
                        ".u32",
                        vec![
                            Operand::Reg(t),
                            Operand::Imm(1),
                            Operand::Imm(0),
                            Operand::Reg(r),
                        ],
                    );
                    return self.emit(
                        Op::Cvt,
                        format!(".rn{}.u32", float_suffix(&to)),
                        vec![Operand::Reg(d), Operand::Reg(t)],
                    );
                } else {
                    format!(".{k}{}", from.bits())
                };
                // No .ftz: an integer has no denormal to flush (NVRTC's
                // `cvt.rn.f32.s32` under -ftz too).
                self.emit(
                    Op::Cvt,
                    format!(".rn{}{src}", float_suffix(&to)),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::FPToSI | CastOp::FPToUI => {
                let r = self.reg(val);
                let d = self.def(id);
                let k = if op == CastOp::FPToSI { 's' } else { 'u' };
                let t = if to == Type::I8 {
                    Type::I16
                } else {
                    to.clone()
                };
                self.emit(
                    Op::Cvt,
                    format!(".rzi{ftz_src}.{k}{}{}", t.bits(), float_suffix(&from)),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::FPExt => {
                let r = self.reg(val);
                let d = self.def(id);
                self.emit(
                    Op::Cvt,
                    format!("{ftz_src}{}{}", float_suffix(&to), float_suffix(&from)),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::FPTrunc => {
                let r = self.reg(val);
                let d = self.def(id);
                self.emit(
                    Op::Cvt,
                    format!(".rn{ftz_dst}{}{}", float_suffix(&to), float_suffix(&from)),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::PtrToInt | CastOp::IntToPtr | CastOp::BitCast => {
                let r = self.operand(val);
                let d = self.def(id);
                let sfx = match reg_class(&to) {
                    RegClass::B32 | RegClass::F32 => ".b32",
                    RegClass::B16 => ".b16",
                    _ => ".b64",
                };
                let (tb, fb) = (reg_bits(&to), reg_bits(&from));
                if tb != fb && !matches!(r, Operand::Imm(_)) {
                    // A 32-bit shared address to or from a 64-bit integer
                    // (a variable's address moved to a register first: cvt
                    // takes registers).
                    let r = Operand::Reg(self.in_reg(r, &from));
                    self.emit(Op::Cvt, format!(".u{tb}.u{fb}"), vec![Operand::Reg(d), r]);
                } else {
                    self.emit(Op::Mov, sfx, vec![Operand::Reg(d), r]);
                }
            }
            CastOp::AddrSpaceCast => {
                // A frame slot: `%SPL + off` in the local space, `%SP + off` as
                // a generic pointer (NVPTX folds the cvta into the frame register).
                let slot = match val.as_inst() {
                    Some(a) if to == Type::Ptr(addrspace::LOCAL) => self.frame_offsets.get(&a),
                    _ => None,
                };
                let slot = slot.copied().map(|off| (Operand::Sym("%SPL".into()), off));
                if let Some((base, off)) = slot.or_else(|| {
                    let off = self.local_slot_to_generic(id)?;
                    Some((self.sp.clone()?, off))
                }) {
                    let d = self.def(id);
                    self.emit(
                        Op::Add,
                        ".u64",
                        vec![Operand::Reg(d), base, Operand::Imm(off as i64)],
                    );
                    return;
                }
                // `cvta.global` of a `cvta.to.global`: the generic pointer
                // itself (NVPTX's peephole; lower-args makes this pair for
                // every kernel pointer a call or an asm takes).
                if let Some(x) = self.generic_round_trip(val, &from, &to) {
                    let op = self.operand(&x);
                    self.vals.insert(id, op);
                    return;
                }
                let mut r = self.reg(val);
                let d = self.def(id);
                let (Type::Ptr(a), Type::Ptr(b)) = (&from, &to) else {
                    return;
                };
                // cvta is 64-bit: a 32-bit shared address is widened before
                // it and narrowed after it.
                if r.class == RegClass::B32 {
                    let t = self.m.new_reg(RegClass::B64);
                    self.emit(Op::Cvt, ".u64.u32", vec![Operand::Reg(t), Operand::Reg(r)]);
                    r = t;
                }
                let out = if d.class == RegClass::B32 {
                    self.m.new_reg(RegClass::B64)
                } else {
                    d
                };
                let opcode = if *a == addrspace::GENERIC {
                    (Op::Cvta, format!(".to{}.u64", space_name(*b)))
                } else {
                    (Op::Cvta, format!("{}.u64", space_name(*a)))
                };
                self.emit_opcode(opcode, vec![Operand::Reg(out), Operand::Reg(r)]);
                if out != d {
                    self.emit(
                        Op::Cvt,
                        ".u32.u64",
                        vec![Operand::Reg(d), Operand::Reg(out)],
                    );
                }
            }
        }
    }

    /// An integer compare: `setp.lt.s32`, or predicate logic on i1.
    pub(super) fn icmp(&mut self, id: InstId, pred: ICmp, lhs: &Value, rhs: &Value) {
        let f = self.f;
        let t = f.value_type(lhs);
        if t == Type::I1 {
            let (a, b) = (self.reg(lhs), self.reg(rhs));
            let d = self.def(id);
            self.emit(
                Op::Xor,
                ".pred",
                vec![Operand::Reg(d), Operand::Reg(a), Operand::Reg(b)],
            );
            if pred == ICmp::Eq {
                self.emit(Op::Not, ".pred", vec![Operand::Reg(d), Operand::Reg(d)]);
            }
            return;
        }
        let (cmp, kind) = match pred {
            ICmp::Eq => ("eq", 's'),
            ICmp::Ne => ("ne", 's'),
            ICmp::Slt => ("lt", 's'),
            ICmp::Sle => ("le", 's'),
            ICmp::Sgt => ("gt", 's'),
            ICmp::Sge => ("ge", 's'),
            ICmp::Ult => ("lt", 'u'),
            ICmp::Ule => ("le", 'u'),
            ICmp::Ugt => ("gt", 'u'),
            ICmp::Uge => ("ge", 'u'),
        };
        let mut a = Operand::Reg(self.reg(lhs));
        let mut b = self.operand(rhs);
        if t == Type::I8 {
            // An i8 lives in a 16-bit register whose high byte arithmetic
            // leaves as it falls: both sides are extended first, as NVPTX
            // promotes the compare (`cvt.s16.s8` signed, `and.b16 255`
            // otherwise), a constant by its 8 bits.
            // A byte loaded (`ld.global.u8`) is zero-extended already.
            let signed = kind == 's' && !matches!(pred, ICmp::Eq | ICmp::Ne);
            let loaded = |v: &Value| {
                v.as_inst()
                    .is_some_and(|i| matches!(f.inst(i).kind, InstKind::Load { .. }))
            };
            for (side, v) in [(&mut a, lhs), (&mut b, rhs)] {
                *side = match side.clone() {
                    Operand::Imm(v) if signed => Operand::Imm(i64::from(v as i8)),
                    Operand::Imm(v) => Operand::Imm(i64::from(v as u8)),
                    x if !signed && loaded(v) => x,
                    x => {
                        let r = self.m.new_reg(RegClass::B16);
                        if signed {
                            self.emit(Op::Cvt, ".s16.s8", vec![Operand::Reg(r), x]);
                        } else {
                            self.emit(Op::And, ".b16", vec![Operand::Reg(r), x, Operand::Imm(255)]);
                        }
                        Operand::Reg(r)
                    }
                };
            }
        }
        let d = self.def(id);
        let t = match t {
            Type::Ptr(addrspace::SHARED) => Type::I32,
            Type::Ptr(_) => Type::I64,
            t => t,
        };
        let sfx = int_suffix(&t, kind).replace("8", "16");
        self.emit(
            Op::Setp,
            format!(".{cmp}{sfx}"),
            vec![Operand::Reg(d), a, b],
        );
    }

    /// A float compare: `setp.ltu.f32` and kin.
    pub(super) fn fcmp(&mut self, id: InstId, pred: FCmp, lhs: &Value, rhs: &Value) {
        let f = self.f;
        let t = f.value_type(lhs);
        let cmp = match pred {
            FCmp::Oeq => "eq",
            FCmp::One => "ne",
            FCmp::Olt => "lt",
            FCmp::Ole => "le",
            FCmp::Ogt => "gt",
            FCmp::Oge => "ge",
            FCmp::Ord => "num",
            FCmp::Ueq => "equ",
            FCmp::Une => "neu",
            FCmp::Ult => "ltu",
            FCmp::Ule => "leu",
            FCmp::Ugt => "gtu",
            FCmp::Uge => "geu",
            FCmp::Uno => "nan",
        };
        let a = Operand::Reg(self.reg(lhs));
        let b = self.operand(rhs);
        let d = self.def(id);
        let op = (
            Op::Setp,
            format!(".{cmp}{}{}", self.ftz(&t), float_suffix(&t)),
        );
        self.emit_opcode(op, vec![Operand::Reg(d), a, b]);
    }

    /// A select: `min`/`max`/`abs` when it is one, predicate logic on i1, else `selp`.
    pub(super) fn select_inst(&mut self, id: InstId, cond: &Value, t: &Value, e: &Value) {
        let ty = self.f.inst(id).ty.clone();
        if let Some((op, a, b)) = self.min_max_abs(id) {
            let a = Operand::Reg(self.reg(&a));
            let mut ops = vec![a];
            if let Some(b) = b {
                ops.push(self.operand(&b));
            }
            let d = self.def(id);
            ops.insert(0, Operand::Reg(d));
            self.emit_opcode(op, ops);
            return;
        }
        let c = self.reg(cond);
        if ty == Type::I1 {
            // A constant arm is a logical and/or (LLVM's DAG): `c ? x : true`
            // is `!c || x`, `c ? false : y` is `!c && y`.
            let arm = |v: &Value| v.as_int().map(|k| k != 0);
            let logic = match (arm(t), arm(e)) {
                (Some(k), None) => Some((k, false, e)),
                (None, Some(k)) => Some((k, true, t)),
                _ => None,
            };
            if let Some((k, negate, x)) = logic {
                // k true: an `or`; k false: an `and`. The condition is
                // negated where the constant is what it selects (`or` when
                // the false arm is true, `and` when the true arm is false).
                let x = self.reg(x);
                let c = if negate == k {
                    let n = self.m.new_reg(RegClass::Pred);
                    self.emit(Op::Not, ".pred", vec![Operand::Reg(n), Operand::Reg(c)]);
                    n
                } else {
                    c
                };
                let d = self.def(id);
                self.emit(
                    if k { Op::Or } else { Op::And },
                    ".pred",
                    vec![Operand::Reg(d), Operand::Reg(x), Operand::Reg(c)],
                );
                return;
            }
            let (a, b) = (self.reg(t), self.reg(e));
            let d = self.def(id);
            let (x, y) = (
                self.m.new_reg(RegClass::Pred),
                self.m.new_reg(RegClass::Pred),
            );
            self.emit(
                Op::And,
                ".pred",
                vec![Operand::Reg(x), Operand::Reg(c), Operand::Reg(a)],
            );
            self.emit(Op::Not, ".pred", vec![Operand::Reg(y), Operand::Reg(c)]);
            self.emit(
                Op::And,
                ".pred",
                vec![Operand::Reg(y), Operand::Reg(y), Operand::Reg(b)],
            );
            self.emit(
                Op::Or,
                ".pred",
                vec![Operand::Reg(d), Operand::Reg(x), Operand::Reg(y)],
            );
            return;
        }
        // selp takes registers and immediates, not a variable's address.
        let mut pick = |v: &Value| match self.operand(v) {
            Operand::Sym(_) => Operand::Reg(self.reg(v)),
            op => op,
        };
        let (a, b) = (pick(t), pick(e));
        let d = self.def(id);
        let sfx = reg_class(&ty).bits_type();
        self.emit(Op::Selp, sfx, vec![Operand::Reg(d), a, b, Operand::Reg(c)]);
    }
}
