//! Memory instructions decoded: `ld`/`st` (their state space, vector and
//! cache modifiers) and the atomics (`atom`, `red`).

use super::inst::{Cx, DResult};
use super::*;
use crate::model::half::{HalfInst, Reg as HalfReg};

impl Cx<'_, '_, '_, '_> {
    pub(super) fn space(mods: &[&str]) -> Mem {
        for m in mods {
            match *m {
                "global" => return Mem::Global,
                "const" => return Mem::Const,
                "shared" => return Mem::Shared,
                "local" => return Mem::Local,
                "param" => return Mem::Param,
                _ => {}
            }
        }
        Mem::Generic
    }

    pub(super) fn ld_st(&self, base: &str, mods: &[&str]) -> DResult {
        let space = Self::space(mods);
        let ty = self.ty(mods)?;
        if mods
            .iter()
            .any(|m| m.starts_with("shared::") || *m == "b128")
        {
            return self.unsupported();
        }
        let lanes = mods
            .iter()
            .find_map(|m| match *m {
                "v2" => Some(2),
                "v4" => Some(4),
                "v8" => Some(8),
                _ => None,
            })
            .unwrap_or(1);
        let [x, y] = self.operands::<2>()?;
        if base == "st" {
            let (addr, off, wrap32) = self.addr(x, space)?;
            let vals = match y {
                Operand::Vector(v) if v.len() == lanes => v
                    .iter()
                    .map(|o| self.vector_src(o, ty))
                    .collect::<Result<Vec<_>, _>>()?,
                _ if lanes == 1 => vec![self.src(y, ty)?],
                _ => return self.err(format!("'{}' stores {lanes} values", self.inst.opcode)),
            };
            return Ok(Op::St {
                vals,
                addr,
                off,
                wrap32,
                space,
                ty,
            });
        }
        let (addr, off, wrap32) = self.addr(y, space)?;
        let ds = match x {
            Operand::Vector(v) if v.len() == lanes => v
                .iter()
                .map(|o| self.vector_dst(o, ty))
                .collect::<Result<Vec<_>, _>>()?,
            _ if lanes == 1 => vec![Some(self.dst(x, ty)?)],
            _ => return self.err(format!("'{}' loads {lanes} values", self.inst.opcode)),
        };
        Ok(Op::Ld {
            ds,
            addr,
            off,
            wrap32,
            nc: base == "ld" && mods.contains(&"nc") && matches!(space, Mem::Global | Mem::Generic),
            space,
            ty,
        })
    }

    pub(super) fn atom(&self, base: &str, mods: &[&str]) -> DResult {
        let space = Self::space(mods);
        // A 16-bit float add: on the bits, through the half model.
        let half = match (mods.contains(&"add"), mods.last().copied()) {
            (true, Some(t @ ("f16" | "f16x2" | "bf16" | "bf16x2"))) => {
                HalfInst::parse(&format!("add.{t}"))
            }
            _ => None,
        };
        if let Some(h) = half {
            let HalfReg::Bits(bits) = h.dst() else {
                return self.unsupported();
            };
            let ty = Ty {
                kind: Kind::B,
                bits,
            };
            let ops = self.inst.operands.as_slice();
            let (d, rest) = match (base, ops.split_first()) {
                ("atom", Some((d, rest))) => (Some(self.dst(d, ty)?), rest),
                ("atom", None) => return self.err("atom needs a destination"),
                _ => (None, ops),
            };
            let [a, b] = rest else {
                return self.err(format!(
                    "'{}' has the wrong number of operands",
                    self.inst.opcode
                ));
            };
            let (addr, off, wrap32) = self.addr(a, space)?;
            return Ok(Op::Atom {
                d,
                op: AtomicOp::Xchg,
                addr,
                off,
                wrap32,
                space,
                ty,
                b: self.src(b, ty)?,
                cas: None,
                half,
            });
        }
        let ty = self.ty(mods)?;
        let has = |m: &str| mods.contains(&m);
        let signed = ty.signed();
        let op = if has("add") {
            if ty.float().is_some() {
                AtomicOp::FAdd
            } else {
                AtomicOp::Add
            }
        } else if has("min") {
            if signed {
                AtomicOp::Min
            } else {
                AtomicOp::UMin
            }
        } else if has("max") {
            if signed {
                AtomicOp::Max
            } else {
                AtomicOp::UMax
            }
        } else if has("exch") {
            AtomicOp::Xchg
        } else if has("and") {
            AtomicOp::And
        } else if has("or") {
            AtomicOp::Or
        } else if has("xor") {
            AtomicOp::Xor
        } else if has("inc") {
            AtomicOp::UIncWrap
        } else if has("dec") {
            AtomicOp::UDecWrap
        } else if has("cas") {
            AtomicOp::Xchg
        } else {
            return self.unsupported();
        };
        if ty.float().is_some() && op != AtomicOp::FAdd
            || ty.float() == Some(FloatTy::F16)
            || mods
                .iter()
                .any(|m| matches!(*m, "v2" | "v4" | "noftz" | "b128"))
        {
            return self.unsupported();
        }
        let ops = self.inst.operands.as_slice();
        let cas = has("cas");
        let (d, rest) = if base == "atom" {
            match ops.split_first() {
                Some((d, rest)) => (Some(self.dst(d, ty)?), rest),
                None => return self.err("atom needs a destination"),
            }
        } else {
            (None, ops)
        };
        let want = if cas { 3 } else { 2 };
        if rest.len() != want {
            return self.err(format!(
                "'{}' has the wrong number of operands",
                self.inst.opcode
            ));
        }
        let (addr, off, wrap32) = self.addr(&rest[0], space)?;
        Ok(Op::Atom {
            d,
            op,
            addr,
            off,
            wrap32,
            space,
            ty,
            b: self.src(&rest[1], ty)?,
            cas: if cas {
                Some(self.src(&rest[2], ty)?)
            } else {
                None
            },
            half: None,
        })
    }
}
