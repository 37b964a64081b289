//! One instruction's decoding: its operands checked and typed into an
//! [`Op`].

use super::decoder::Body;
use super::*;
use crate::model::half::{HalfInst, Reg as HalfReg};

/// One instruction's decoding context.
pub(super) struct Cx<'d, 'a, 'b, 'f> {
    pub(super) dec: &'d Decoder<'a>,
    pub(super) b: &'b mut Body<'f>,
    pub(super) inst: &'f Inst,
}

pub(super) type DResult = Result<Op, ParseError>;

impl Cx<'_, '_, '_, '_> {
    pub(super) fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(perr(self.inst.line, message))
    }

    pub(super) fn unsupported(&self) -> DResult {
        Ok(Op::Unsupported(format!(
            "'{}' is not supported by the emulator",
            self.inst.opcode
        )))
    }

    pub(super) fn nops(&self, n: usize) -> Result<&[Operand], ParseError> {
        let ops = self.inst.operands.as_slice();
        if ops.len() != n {
            return self.err(format!(
                "'{}' takes {n} operands, not {}",
                self.inst.opcode,
                ops.len()
            ));
        }
        Ok(ops)
    }

    /// Exactly `N` operands.
    pub(super) fn operands<const N: usize>(&self) -> Result<&[Operand; N], ParseError> {
        self.nops(N)?
            .try_into()
            .or_else(|_| self.err("wrong number of operands"))
    }

    /// A register written with a result of type `ty`.
    pub(super) fn dst(&self, op: &Operand, ty: Ty) -> Result<Dst, ParseError> {
        let Operand::Name(name) = op else {
            return self.err(format!("expected a register to write, found {op:?}"));
        };
        self.dst_name(name, ty)
    }

    pub(super) fn dst_name(&self, name: &str, ty: Ty) -> Result<Dst, ParseError> {
        match self.b.lookup(name) {
            Some(LocalSym::Reg(reg, width)) => Ok(Dst {
                reg,
                from: ty.bits as u8,
                signed: ty.signed(),
                width,
            }),
            _ => self.err(format!("'{name}' is not a declared register")),
        }
    }

    /// An operand read as type `ty`.
    pub(super) fn src(&self, op: &Operand, ty: Ty) -> Result<Src, ParseError> {
        match op {
            Operand::Imm(imm) => imm_bits(*imm, ty).map(Src::Imm).or_else(|m| self.err(m)),
            Operand::Name(name) => {
                if let Some(s) = special_register(name) {
                    return Ok(Src::Sreg(s));
                }
                match self.dec.symbol(self.b, name, false) {
                    Some(s) => Ok(s),
                    None => self.err(format!("'{name}' is not a declared register or symbol")),
                }
            }
            _ => self.err(format!("unexpected operand {op:?}")),
        }
    }

    /// A predicate operand, maybe negated (`!%p`).
    pub(super) fn pred_src(&self, op: &Operand) -> Result<(Src, bool), ParseError> {
        let pred = Ty {
            kind: Kind::Pred,
            bits: 1,
        };
        match op {
            Operand::Not(name) => Ok((self.src(&Operand::Name(name.clone()), pred)?, true)),
            _ => Ok((self.src(op, pred)?, false)),
        }
    }

    /// An address operand `[base+off]`, in `space`: the base, the offset,
    /// and whether the sum wraps at 32 bits (a 32-bit register's address,
    /// `[%r19+1008]` in shared memory).
    pub(super) fn addr(&self, op: &Operand, space: Mem) -> Result<(Src, i64, bool), ParseError> {
        let Operand::Addr(base, off) = op else {
            return self.err(format!("expected an address, found {op:?}"));
        };
        let Some(name) = base else {
            return Ok((Src::Imm(*off as u64), 0, false));
        };
        let wrap32 = matches!(self.b.lookup(name), Some(LocalSym::Reg(_, w)) if w <= 32);
        let generic = space == Mem::Generic;
        match self.dec.symbol(self.b, name, generic) {
            Some(s) => Ok((s, *off, wrap32)),
            None => self.err(format!("'{name}' is not a declared register or symbol")),
        }
    }

    pub(super) fn decode(&self, base: &str, mods: &[&str]) -> DResult {
        if let Some(inst) = HalfInst::parse(&self.inst.opcode) {
            return self.half(inst);
        }
        if base == "wmma" {
            return self.wmma();
        }
        match base {
            "mov" => {
                let ty = self.ty(mods)?;
                let [d, a] = self.operands::<2>()?;
                match (d, a) {
                    (Operand::Vector(ds), _) => {
                        let bits = ty.bits / ds.len() as u32;
                        let part = Ty {
                            kind: Kind::B,
                            bits,
                        };
                        let ds = ds
                            .iter()
                            .map(|o| self.vector_dst(o, part))
                            .collect::<Result<Vec<_>, _>>()?;
                        Ok(Op::Unpack {
                            ds,
                            a: self.src(a, ty)?,
                            bits,
                        })
                    }
                    (_, Operand::Vector(parts)) => {
                        let bits = ty.bits / parts.len() as u32;
                        let part = Ty {
                            kind: Kind::B,
                            bits,
                        };
                        let parts = parts
                            .iter()
                            .map(|o| self.vector_src(o, part))
                            .collect::<Result<Vec<_>, _>>()?;
                        Ok(Op::Pack {
                            d: self.dst(d, ty)?,
                            parts,
                            bits,
                        })
                    }
                    _ => Ok(Op::Mov {
                        d: self.dst(d, ty)?,
                        a: self.src(a, ty)?,
                    }),
                }
            }
            "add" | "sub" | "mul" | "mad" | "fma" | "div" | "rem" | "abs" | "neg" | "min"
            | "max" | "rcp" | "sqrt" | "rsqrt" | "sin" | "cos" | "ex2" | "lg2" | "tanh"
            | "copysign" => {
                let ty = self.ty(mods)?;
                if let Some(ft) = ty.float() {
                    self.float(base, mods, ty, ft)
                } else {
                    self.int(base, mods, ty)
                }
            }
            "addc" | "subc" | "madc" => self.carry(base, mods),
            "mul24" | "mad24" | "and" | "or" | "xor" | "not" | "cnot" | "shl" | "shr" | "popc"
            | "clz" | "brev" | "bfind" | "bfe" | "bfi" | "bmsk" | "prmt" | "shf" | "sad"
            | "lop3" | "fns" => {
                let ty = self.ty(mods)?;
                self.int(base, mods, ty)
            }
            "vadd2" | "vsub2" | "vavrg2" | "vabsdiff2" | "vmin2" | "vmax2" | "vadd4" | "vsub4"
            | "vavrg4" | "vabsdiff4" | "vmin4" | "vmax4" => self.video(base, mods),
            "dp4a" | "dp2a" => self.dot(base, mods),
            "setp" => self.setp(mods),
            "selp" => {
                let ty = self.ty(mods)?;
                let [d, a, b, c] = self.operands::<4>()?;
                Ok(Op::Selp {
                    d: self.dst(d, ty)?,
                    a: self.src(a, ty)?,
                    b: self.src(b, ty)?,
                    c: self.pred_src(c)?.0,
                })
            }
            "cvt" => self.cvt(mods),
            "isspacep" => {
                let space = match mods {
                    ["global"] => Mem::Global,
                    ["shared"] => Mem::Shared,
                    ["local"] => Mem::Local,
                    ["const"] => Mem::Const,
                    ["param"] => Mem::Param,
                    _ => return self.unsupported(),
                };
                let [d, a] = self.operands::<2>()?;
                let u64t = Ty {
                    kind: Kind::U,
                    bits: 64,
                };
                let pred = Ty {
                    kind: Kind::Pred,
                    bits: 1,
                };
                Ok(Op::Int {
                    op: IntOp::IsSpace(space),
                    d: self.dst(d, pred)?,
                    s: [self.src(a, u64t)?, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
                    ty: u64t,
                })
            }
            "cvta" => {
                let to = mods.first() == Some(&"to");
                let rest = if to { &mods[1..] } else { mods };
                let space = match rest.first().copied() {
                    Some("global") => Mem::Global,
                    Some("shared") => Mem::Shared,
                    Some("local") => Mem::Local,
                    Some("const") => Mem::Const,
                    Some("param") => Mem::Param,
                    _ => {
                        return self
                            .err(format!("'{}': cvta needs a state space", self.inst.opcode))
                    }
                };
                let ty = self.ty(mods)?;
                let [d, a] = self.operands::<2>()?;
                let src = match a {
                    // `cvta.shared.u64 %rd, tile`: the variable's address.
                    Operand::Name(n) if !to && self.b.lookup(n).is_none() => {
                        match self.dec.symbol(self.b, n, false) {
                            Some(s) => s,
                            None => {
                                return self
                                    .err(format!("'{n}' is not a declared register or symbol"))
                            }
                        }
                    }
                    _ => self.src(a, ty)?,
                };
                Ok(Op::Cvta {
                    d: self.dst(d, ty)?,
                    a: src,
                    space,
                    to,
                })
            }
            "ld" | "ldu" | "st" => self.ld_st(base, mods),
            "atom" | "red" => self.atom(base, mods),
            "bar" | "barrier" => self.bar(mods),
            "cp" | "mbarrier" => self.async_op(base, mods),
            "shfl" => {
                if mods.first() != Some(&"sync") {
                    return self.unsupported();
                }
                let mode = match mods.get(1).copied() {
                    Some("up") => ShflMode::Up,
                    Some("down") => ShflMode::Down,
                    Some("bfly") => ShflMode::Bfly,
                    Some("idx") => ShflMode::Idx,
                    _ => return self.err("shfl.sync needs up, down, bfly or idx"),
                };
                let b32 = Ty {
                    kind: Kind::B,
                    bits: 32,
                };
                let [d, a, bb, c, m] = self.operands::<5>()?;
                let (d, p) = self.dst_pair(d, b32)?;
                Ok(Op::Warp {
                    op: WarpOp::Shfl(mode),
                    d: Some(d),
                    p,
                    args: [
                        self.src(m, b32)?,
                        self.src(a, b32)?,
                        self.src(bb, b32)?,
                        self.src(c, b32)?,
                    ],
                    negate: false,
                })
            }
            "vote" => {
                if mods.first() != Some(&"sync") {
                    return self.unsupported();
                }
                let b32 = Ty {
                    kind: Kind::B,
                    bits: 32,
                };
                let pred = Ty {
                    kind: Kind::Pred,
                    bits: 1,
                };
                let (op, dty) = match mods.get(1).copied() {
                    Some("all") => (WarpOp::VoteAll, pred),
                    Some("any") => (WarpOp::VoteAny, pred),
                    Some("uni") => (WarpOp::VoteUni, pred),
                    Some("ballot") => (WarpOp::Ballot, b32),
                    _ => return self.err("vote.sync needs all, any, uni or ballot"),
                };
                let [d, a, m] = self.operands::<3>()?;
                let (a, negate) = self.pred_src(a)?;
                Ok(Op::Warp {
                    op,
                    d: Some(self.dst(d, dty)?),
                    p: None,
                    args: [self.src(m, b32)?, a, Src::Imm(0), Src::Imm(0)],
                    negate,
                })
            }
            "match" => {
                let op = match mods.first().copied() {
                    Some("any") => WarpOp::MatchAny,
                    Some("all") => WarpOp::MatchAll,
                    _ => return self.err("match needs any or all"),
                };
                if mods.get(1) != Some(&"sync") {
                    return self.unsupported();
                }
                let ty = self.ty(mods)?;
                let b32 = Ty {
                    kind: Kind::B,
                    bits: 32,
                };
                let [d, a, m] = self.operands::<3>()?;
                let (d, p) = self.dst_pair(d, b32)?;
                Ok(Op::Warp {
                    op,
                    d: Some(d),
                    p,
                    args: [
                        self.src(m, b32)?,
                        self.src(a, ty)?,
                        Src::Imm(0),
                        Src::Imm(0),
                    ],
                    negate: false,
                })
            }
            "redux" => {
                // `redux.sync.add.s32 d, a, mask` (sm_80).
                let (Some(&"sync"), Some(op), Some(ty)) = (mods.first(), mods.get(1), mods.get(2))
                else {
                    return self.unsupported();
                };
                let Some(r) = crate::model::sched::ReduxOp::parse(op, ty) else {
                    return self.err("redux.sync needs add, min or max with s32 or u32, or and, or, xor with b32");
                };
                let b32 = Ty {
                    kind: Kind::B,
                    bits: 32,
                };
                let [d, a, m] = self.operands::<3>()?;
                Ok(Op::Warp {
                    op: WarpOp::Redux(r),
                    d: Some(self.dst(d, b32)?),
                    p: None,
                    args: [
                        self.src(m, b32)?,
                        self.src(a, b32)?,
                        Src::Imm(0),
                        Src::Imm(0),
                    ],
                    negate: false,
                })
            }
            "activemask" => {
                let b32 = Ty {
                    kind: Kind::B,
                    bits: 32,
                };
                let [d] = self.operands::<1>()?;
                Ok(Op::Warp {
                    op: WarpOp::ActiveMask,
                    d: Some(self.dst(d, b32)?),
                    p: None,
                    args: [Src::Imm(0); 4],
                    negate: false,
                })
            }
            "tex" | "tld4" | "suld" | "sust" | "txq" | "suq" => Ok(Op::Unsupported(format!(
                "texture fetches and surface accesses are not supported by the emulator ('{}')",
                self.inst.opcode
            ))),
            _ => self.unsupported(),
        }
    }

    /// An element of a vector that is read: a register, an immediate, `_` (0).
    pub(super) fn vector_src(&self, o: &Operand, ty: Ty) -> Result<Src, ParseError> {
        match o {
            Operand::Sink => Ok(Src::Imm(0)),
            _ => self.src(o, ty),
        }
    }

    /// An element of a vector that is written: a register, or `_` (dropped).
    pub(super) fn vector_dst(&self, o: &Operand, ty: Ty) -> Result<Option<Dst>, ParseError> {
        match o {
            Operand::Sink => Ok(None),
            _ => self.dst(o, ty).map(Some),
        }
    }

    /// `d` or `d|p`.
    pub(super) fn dst_pair(&self, op: &Operand, ty: Ty) -> Result<(Dst, Option<Dst>), ParseError> {
        let pred = Ty {
            kind: Kind::Pred,
            bits: 1,
        };
        match op {
            Operand::Pair(d, p) => Ok((self.dst_name(d, ty)?, Some(self.dst_name(p, pred)?))),
            _ => Ok((self.dst(op, ty)?, None)),
        }
    }

    /// A 16-bit float instruction (`crate::model::half`).
    pub(super) fn half(&self, inst: HalfInst) -> DResult {
        let srcs = inst.srcs();
        let ops = self.nops(srcs.len() + 1)?;
        let d = match inst.dst() {
            HalfReg::Pred => self.dst(
                &ops[0],
                Ty {
                    kind: Kind::Pred,
                    bits: 1,
                },
            )?,
            HalfReg::Bits(bits) => self.dst(
                &ops[0],
                Ty {
                    kind: Kind::B,
                    bits,
                },
            )?,
        };
        let mut s = [Src::Imm(0); 3];
        for (k, (o, bits)) in ops[1..].iter().zip(srcs).enumerate() {
            // Immediates of f32/f64 sources are float literals.
            let kind = if inst.src_is_float() && bits >= 32 {
                Kind::F
            } else {
                Kind::B
            };
            s[k] = self.src(o, Ty { kind, bits })?;
        }
        Ok(Op::Half { inst, d, s })
    }

    /// The opcode's type: its last modifier, but for a `.ftz` or `.sat`
    /// after it (ptxas accepts `lg2.approx.f32.ftz`, which inline asm in
    /// NVIDIA's headers writes).
    pub(super) fn ty(&self, mods: &[&str]) -> Result<Ty, ParseError> {
        let last = mods.iter().rev().find(|m| !matches!(**m, "ftz" | "sat"));
        match last.and_then(|m| Ty::parse(m)) {
            Some(t) => Ok(t),
            None => self.err(format!("'{}' has no type", self.inst.opcode)),
        }
    }

    pub(super) fn rounding(mods: &[&str]) -> Option<Rounding> {
        mods.iter().find_map(|m| Rounding::parse(m))
    }

    pub(super) fn float(&self, base: &str, mods: &[&str], ty: Ty, ft: FloatTy) -> DResult {
        let ftz = mods.contains(&"ftz");
        let sat = mods.contains(&"sat");
        let approx = mods.contains(&"approx");
        let rnd = Self::rounding(mods).unwrap_or(Rounding::Nearest);
        let op = match base {
            "add" => FloatOp::Add(rnd),
            "sub" => FloatOp::Sub(rnd),
            "mul" => FloatOp::Mul(rnd),
            "fma" | "mad" => FloatOp::Fma(rnd),
            "div" if approx => FloatOp::Approx(ApproxOp::Div),
            "div" if mods.contains(&"full") => FloatOp::Approx(ApproxOp::DivFull),
            "div" => FloatOp::Div(rnd),
            "rcp" if approx => FloatOp::Approx(ApproxOp::Rcp),
            "rcp" => FloatOp::Rcp(rnd),
            "sqrt" if approx => FloatOp::Approx(ApproxOp::Sqrt),
            "sqrt" => FloatOp::Sqrt(rnd),
            "rsqrt" => FloatOp::Approx(ApproxOp::Rsqrt),
            "sin" => FloatOp::Approx(ApproxOp::Sin),
            "cos" => FloatOp::Approx(ApproxOp::Cos),
            "ex2" => FloatOp::Approx(ApproxOp::Exp2),
            "lg2" => FloatOp::Approx(ApproxOp::Log2),
            "tanh" => FloatOp::Approx(ApproxOp::Tanh),
            "abs" => FloatOp::Abs,
            "neg" => FloatOp::Neg,
            "min" => FloatOp::Min,
            "max" => FloatOp::Max,
            "copysign" => FloatOp::Copysign,
            _ => return self.unsupported(),
        };
        if mods
            .iter()
            .any(|m| matches!(*m, "NaN" | "xorsign" | "abs" | "relu" | "oob"))
            || (ft == FloatTy::F16 && matches!(op, FloatOp::Approx(_)))
        {
            return self.unsupported();
        }
        let arity = match op {
            FloatOp::Fma(_) => 3,
            FloatOp::Add(_)
            | FloatOp::Sub(_)
            | FloatOp::Mul(_)
            | FloatOp::Div(_)
            | FloatOp::Min
            | FloatOp::Max
            | FloatOp::Copysign => 2,
            FloatOp::Approx(a) => a.arity(),
            _ => 1,
        };
        let ops = self.nops(arity + 1)?;
        let mut s = [Src::Imm(0); 3];
        for (k, o) in ops[1..].iter().enumerate() {
            s[k] = self.src(o, ty)?;
        }
        Ok(Op::Float {
            op,
            d: self.dst(&ops[0], ty)?,
            s,
            ty: ft,
            ftz,
            sat,
        })
    }

    pub(super) fn int(&self, base: &str, mods: &[&str], ty: Ty) -> DResult {
        let has = |m: &str| mods.contains(&m);
        let op = match base {
            "add" | "sub" if has("cc") => return self.carry(base, mods),
            "add" if has("sat") => IntOp::AddSat,
            "sub" if has("sat") => IntOp::SubSat,
            "add" => IntOp::Add,
            "sub" => IntOp::Sub,
            "mul" if has("hi") => IntOp::MulHi,
            "mul" if has("wide") => IntOp::MulWide,
            "mul" => IntOp::MulLo,
            "mad" if has("cc") => return self.carry(base, mods),
            "mad" if has("hi") => IntOp::MadHi,
            "mad" if has("wide") => IntOp::MadWide,
            "mad" => IntOp::MadLo,
            "mul24" if has("hi") => IntOp::Mul24Hi,
            "mul24" => IntOp::Mul24Lo,
            "mad24" if has("hi") => IntOp::Mad24Hi,
            "mad24" => IntOp::Mad24Lo,
            "div" => IntOp::Div,
            "rem" => IntOp::Rem,
            "abs" => IntOp::Abs,
            "neg" => IntOp::Neg,
            "min" => IntOp::Min,
            "max" => IntOp::Max,
            "shl" => IntOp::Shl,
            "shr" => IntOp::Shr,
            "and" => IntOp::And,
            "or" => IntOp::Or,
            "xor" => IntOp::Xor,
            "not" => IntOp::Not,
            "cnot" => IntOp::CNot,
            "popc" => IntOp::Popc,
            "clz" => IntOp::Clz,
            "brev" => IntOp::Brev,
            "bfind" => IntOp::Bfind {
                shiftamt: has("shiftamt"),
            },
            "bfe" => IntOp::Bfe,
            "bfi" => IntOp::Bfi,
            "bmsk" => IntOp::Bmsk {
                clamp: has("clamp"),
            },
            "prmt" if mods.len() > 1 => return self.unsupported(),
            "prmt" => IntOp::Prmt,
            "fns" if mods != ["b32"] => return self.unsupported(),
            "fns" => IntOp::Fns,
            "shf" => IntOp::Shf {
                left: has("l"),
                clamp: has("clamp"),
            },
            "sad" => IntOp::Sad,
            "lop3" if mods != ["b32"] => return self.unsupported(),
            "lop3" => IntOp::Lop3,
            _ => return self.unsupported(),
        };
        if ty.float().is_some() {
            return self.err(format!("'{}' is an integer operation", self.inst.opcode));
        }
        if (has("sat")
            && ty
                != (Ty {
                    kind: Kind::S,
                    bits: 32,
                }))
            || has("relu")
        {
            return self.unsupported();
        }
        // Operand types: shifts and bit positions read .u32; wide results are twice as wide.
        let u32t = Ty {
            kind: Kind::U,
            bits: 32,
        };
        let wide = Ty {
            kind: ty.kind,
            bits: (ty.bits * 2).min(64),
        };
        let (dty, stys): (Ty, Vec<Ty>) = match op {
            IntOp::Abs | IntOp::Neg | IntOp::Not | IntOp::CNot | IntOp::Brev => (ty, vec![ty]),
            IntOp::Popc | IntOp::Clz | IntOp::Bfind { .. } => (u32t, vec![ty]),
            IntOp::Shl | IntOp::Shr => (ty, vec![ty, u32t]),
            IntOp::MulWide => (wide, vec![ty, ty]),
            IntOp::MadWide => (wide, vec![ty, ty, wide]),
            IntOp::MadLo | IntOp::MadHi | IntOp::Mad24Lo | IntOp::Mad24Hi | IntOp::Sad => {
                (ty, vec![ty, ty, ty])
            }
            IntOp::Bfe => (ty, vec![ty, u32t, u32t]),
            IntOp::Bmsk { .. } => (ty, vec![u32t, u32t]),
            IntOp::Bfi => (ty, vec![ty, ty, u32t, u32t]),
            IntOp::Lop3 => (ty, vec![ty, ty, ty, u32t]),
            IntOp::Prmt | IntOp::Shf { .. } | IntOp::Fns => (ty, vec![ty, ty, ty]),
            _ => (ty, vec![ty, ty]),
        };
        if matches!(op, IntOp::MulWide | IntOp::MadWide) && ty.bits == 64 {
            return self.err("mul.wide and mad.wide take 16- or 32-bit operands");
        }
        let ops = self.nops(stys.len() + 1)?;
        let mut s = [Src::Imm(0); 4];
        for (k, (o, t)) in ops[1..].iter().zip(&stys).enumerate() {
            s[k] = self.src(o, *t)?;
        }
        Ok(Op::Int {
            op,
            d: self.dst(&ops[0], dty)?,
            s,
            ty,
        })
    }

    /// `vop2`/`vop4.dtype.atype.btype{.sat|.add} d, a, b, c` (no lane
    /// selectors or masks: the forms nvcc writes).
    pub(super) fn video(&self, base: &str, mods: &[&str]) -> DResult {
        let (name, lanes) = base.split_at(base.len() - 1);
        let op = match name {
            "vadd" => VideoOp::Add,
            "vsub" => VideoOp::Sub,
            "vavrg" => VideoOp::Avrg,
            "vabsdiff" => VideoOp::Absdiff,
            "vmin" => VideoOp::Min,
            _ => VideoOp::Max,
        };
        let signed = |m: &str| match m {
            "s32" => Some(true),
            "u32" => Some(false),
            _ => None,
        };
        let (Some(d), Some(a), Some(b)) = (
            mods.first().and_then(|m| signed(m)),
            mods.get(1).and_then(|m| signed(m)),
            mods.get(2).and_then(|m| signed(m)),
        ) else {
            return self.err(format!("'{}' takes .s32/.u32 types", self.inst.opcode));
        };
        let rest = &mods[3..];
        let sat = rest.contains(&"sat");
        let add = rest.contains(&"add");
        if rest.iter().any(|m| !matches!(*m, "sat" | "add")) || (sat && add) {
            return self.unsupported();
        }
        let u32t = Ty {
            kind: Kind::U,
            bits: 32,
        };
        let ops = self.nops(4)?;
        if ops
            .iter()
            .any(|o| matches!(o, Operand::Name(n) if n.contains('.')))
        {
            return self.unsupported();
        }
        let mut s = [Src::Imm(0); 4];
        for (k, o) in ops[1..].iter().enumerate() {
            s[k] = self.src(o, u32t)?;
        }
        Ok(Op::Int {
            op: IntOp::Video(Video {
                op,
                lanes: if lanes == "2" { 2 } else { 4 },
                d_signed: d,
                a_signed: a,
                b_signed: b,
                sat,
                add,
            }),
            d: self.dst(&ops[0], u32t)?,
            s,
            ty: u32t,
        })
    }

    /// `dp4a.atype.btype d, a, b, c` and `dp2a.{lo,hi}.atype.btype d, a, b, c`
    /// (types `.s32`/`.u32`).
    pub(super) fn dot(&self, base: &str, mods: &[&str]) -> DResult {
        let (two, types) = match (base, mods) {
            ("dp4a", t) => (None, t),
            ("dp2a", ["lo", t @ ..]) => (Some(false), t),
            ("dp2a", ["hi", t @ ..]) => (Some(true), t),
            _ => return self.unsupported(),
        };
        let signed = |m: &str| match m {
            "s32" => Some(true),
            "u32" => Some(false),
            _ => None,
        };
        let (Some(a_signed), Some(b_signed), 2) = (
            types.first().and_then(|m| signed(m)),
            types.get(1).and_then(|m| signed(m)),
            types.len(),
        ) else {
            return self.err(format!("'{}' takes two .s32/.u32 types", self.inst.opcode));
        };
        let u32t = Ty {
            kind: Kind::U,
            bits: 32,
        };
        let ops = self.nops(4)?;
        let mut s = [Src::Imm(0); 4];
        for (k, o) in ops[1..].iter().enumerate() {
            s[k] = self.src(o, u32t)?;
        }
        Ok(Op::Int {
            op: IntOp::Dot {
                two,
                a_signed,
                b_signed,
            },
            d: self.dst(&ops[0], u32t)?,
            s,
            ty: u32t,
        })
    }

    pub(super) fn carry(&self, base: &str, mods: &[&str]) -> DResult {
        let ty = self.ty(mods)?;
        if ty.float().is_some() || ty.bits < 32 {
            return self.err(format!(
                "'{}' takes 32- or 64-bit integers",
                self.inst.opcode
            ));
        }
        let hi = mods.contains(&"hi");
        let (op, cin) = match base {
            "add" => (CarryOp::Add, false),
            "addc" => (CarryOp::Add, true),
            "sub" => (CarryOp::Sub, false),
            "subc" => (CarryOp::Sub, true),
            "mad" if hi => (CarryOp::MadHi, false),
            "mad" => (CarryOp::MadLo, false),
            _ if hi => (CarryOp::MadHi, true),
            _ => (CarryOp::MadLo, true),
        };
        let n = if matches!(op, CarryOp::MadLo | CarryOp::MadHi) {
            3
        } else {
            2
        };
        let ops = self.nops(n + 1)?;
        let mut s = [Src::Imm(0); 3];
        for (k, o) in ops[1..].iter().enumerate() {
            s[k] = self.src(o, ty)?;
        }
        Ok(Op::Carry {
            op,
            d: self.dst(&ops[0], ty)?,
            s,
            ty,
            cin,
            cout: mods.contains(&"cc"),
        })
    }

    pub(super) fn setp(&self, mods: &[&str]) -> DResult {
        let ty = self.ty(mods)?;
        let ftz = mods.contains(&"ftz");
        let Some(cmp) = mods.first() else {
            return self.err("setp needs a comparison");
        };
        let cmp = if ty.float().is_some() {
            Cmp::Float(match *cmp {
                "eq" => FCmp::Oeq,
                "ne" => FCmp::One,
                "lt" => FCmp::Olt,
                "le" => FCmp::Ole,
                "gt" => FCmp::Ogt,
                "ge" => FCmp::Oge,
                "equ" => FCmp::Ueq,
                "neu" => FCmp::Une,
                "ltu" => FCmp::Ult,
                "leu" => FCmp::Ule,
                "gtu" => FCmp::Ugt,
                "geu" => FCmp::Uge,
                "num" => FCmp::Ord,
                "nan" => FCmp::Uno,
                c => return self.err(format!("'{c}' is not a float comparison")),
            })
        } else {
            let signed = ty.signed();
            Cmp::Int(match *cmp {
                "eq" => ICmp::Eq,
                "ne" => ICmp::Ne,
                "lt" if signed => ICmp::Slt,
                "le" if signed => ICmp::Sle,
                "gt" if signed => ICmp::Sgt,
                "ge" if signed => ICmp::Sge,
                "lt" | "lo" => ICmp::Ult,
                "le" | "ls" => ICmp::Ule,
                "gt" | "hi" => ICmp::Ugt,
                "ge" | "hs" => ICmp::Uge,
                c => return self.err(format!("'{c}' is not an integer comparison")),
            })
        };
        let bool_op = mods.iter().find_map(|m| match *m {
            "and" => Some(BoolOp::And),
            "or" => Some(BoolOp::Or),
            "xor" => Some(BoolOp::Xor),
            _ => None,
        });
        let pred = Ty {
            kind: Kind::Pred,
            bits: 1,
        };
        let ops = self.inst.operands.as_slice();
        let n = if bool_op.is_some() { 4 } else { 3 };
        if ops.len() != n {
            return self.err(format!("'{}' takes {n} operands", self.inst.opcode));
        }
        let (p, q) = self.dst_pair(&ops[0], pred)?;
        let combine = match bool_op {
            Some(o) => {
                let (c, neg) = self.pred_src(&ops[3])?;
                Some((o, c, neg))
            }
            None => None,
        };
        Ok(Op::Setp {
            cmp,
            ty,
            ftz,
            a: self.src(&ops[1], ty)?,
            b: self.src(&ops[2], ty)?,
            combine,
            p,
            q,
        })
    }

    pub(super) fn cvt(&self, mods: &[&str]) -> DResult {
        let tys: Vec<Ty> = mods.iter().filter_map(|m| Ty::parse(m)).collect();
        let [to, from] = tys.as_slice() else {
            return self.err("cvt needs a destination and a source type");
        };
        let round = mods
            .iter()
            .find_map(|m| match *m {
                "rni" => Some(CvtRound::Int(Rounding::Nearest)),
                "rzi" => Some(CvtRound::Int(Rounding::Zero)),
                "rmi" => Some(CvtRound::Int(Rounding::Down)),
                "rpi" => Some(CvtRound::Int(Rounding::Up)),
                m => Rounding::parse(m).map(CvtRound::Float),
            })
            .unwrap_or(CvtRound::None);
        if mods
            .iter()
            .any(|m| matches!(*m, "rna" | "relu" | "satfinite"))
        {
            return self.unsupported();
        }
        // f16 results other than round-to-nearest are not implemented.
        if to.float() == Some(FloatTy::F16)
            && from.float() != Some(FloatTy::F16)
            && !matches!(round, CvtRound::Float(Rounding::Nearest))
        {
            return self.unsupported();
        }
        let [d, a] = self.operands::<2>()?;
        Ok(Op::Cvt {
            d: self.dst(d, *to)?,
            a: self.src(a, *from)?,
            to: *to,
            from: *from,
            round,
            ftz: mods.contains(&"ftz"),
            sat: mods.contains(&"sat"),
        })
    }
}
