//! Synchronizing instructions decoded: asynchronous copies and mbarriers
//! (`cp.async.*`, `mbarrier.*`), barriers (`bar`, `barrier`) and the warp
//! matrix operations (`wmma.*`).

use super::inst::{Cx, DResult};
use super::*;

impl Cx<'_, '_, '_, '_> {
    /// `cp.async.*` and `mbarrier.*` (`model/asyncmem.rs`).
    pub(super) fn async_op(&self, base: &str, mods: &[&str]) -> DResult {
        use crate::model::asyncmem::AsyncOp;
        let ops = self.inst.operands.as_slice();
        let Some(op) = AsyncOp::from_ptx(base, mods, ops.len()) else {
            return self.unsupported();
        };
        let u32t = Ty {
            kind: Kind::U,
            bits: 32,
        };
        let b64 = Ty {
            kind: Kind::B,
            bits: 64,
        };
        // mbarrier's and a copy's destination: shared, or generic without `.shared`.
        let shared = if mods.iter().any(|m| m.starts_with("shared")) {
            Mem::Shared
        } else {
            Mem::Generic
        };
        let addr = |o: &Operand, space: Mem| -> Result<AsyncArg, ParseError> {
            let (b, off, wrap) = self.addr(o, space)?;
            Ok(AsyncArg::Addr(b, off, wrap, space))
        };
        let val = |o: &Operand, ty: Ty| -> Result<AsyncArg, ParseError> {
            Ok(AsyncArg::Val(self.src(o, ty)?))
        };
        let none = AsyncArg::Val(Src::Imm(0));
        let (op, d, a) = match op {
            AsyncOp::Copy(_) => {
                // dst, src, size{, src-size}
                if !(3..=4).contains(&ops.len()) {
                    return self.err(
                        "cp.async takes a destination, a source, a size and maybe a source size",
                    );
                }
                let Operand::Imm(size) = &ops[2] else {
                    return self.err("cp.async's size must be a constant");
                };
                let size =
                    u32::try_from(imm_bits(*size, u32t).or_else(|m| self.err(m))?).unwrap_or(0);
                let src_size = match ops.get(3) {
                    Some(o) => val(o, u32t)?,
                    None => AsyncArg::Val(Src::Imm(u64::from(size))),
                };
                (
                    AsyncOp::Copy(size),
                    None,
                    [
                        addr(&ops[0], Mem::Shared)?,
                        addr(&ops[1], Mem::Global)?,
                        src_size,
                    ],
                )
            }
            AsyncOp::Commit | AsyncOp::WaitAll => {
                self.operands::<0>()?;
                (op, None, [none; 3])
            }
            AsyncOp::WaitGroup => {
                let [n] = self.operands::<1>()?;
                (op, None, [val(n, u32t)?, none, none])
            }
            AsyncOp::CopyArrive(_) | AsyncOp::Inval => {
                let [bar] = self.operands::<1>()?;
                (op, None, [addr(bar, shared)?, none, none])
            }
            AsyncOp::Init => {
                let [bar, n] = self.operands::<2>()?;
                (op, None, [addr(bar, shared)?, val(n, u32t)?, none])
            }
            AsyncOp::Arrive(_) => {
                let [d, bar] = self.operands::<2>()?;
                (
                    op,
                    Some(self.dst(d, b64)?),
                    [addr(bar, shared)?, none, none],
                )
            }
            AsyncOp::ArriveCount => {
                let [d, bar, n] = self.operands::<3>()?;
                (
                    op,
                    Some(self.dst(d, b64)?),
                    [addr(bar, shared)?, val(n, u32t)?, none],
                )
            }
            AsyncOp::Wait | AsyncOp::WaitParity => {
                // `mbarrier.try_wait` may carry a time limit: ignored.
                if !(3..=4).contains(&ops.len()) {
                    return self.err(
                        "mbarrier.test_wait takes a predicate, a barrier and a token (or a parity)",
                    );
                }
                let pred = Ty {
                    kind: Kind::Pred,
                    bits: 1,
                };
                let third = if op == AsyncOp::Wait { b64 } else { u32t };
                (
                    op,
                    Some(self.dst(&ops[0], pred)?),
                    [addr(&ops[1], shared)?, val(&ops[2], third)?, none],
                )
            }
            AsyncOp::PendingCount => {
                let [d, token] = self.operands::<2>()?;
                (op, Some(self.dst(d, u32t)?), [val(token, b64)?, none, none])
            }
        };
        Ok(Op::Async { op, d, a })
    }

    pub(super) fn bar(&self, mods: &[&str]) -> DResult {
        let u32t = Ty {
            kind: Kind::U,
            bits: 32,
        };
        let ops = self.inst.operands.as_slice();
        match mods.first().copied() {
            Some("sync") if mods.get(1) != Some(&"aligned") || mods.len() <= 2 => {}
            Some("warp") => {
                if mods.get(1) != Some(&"sync") {
                    return self.unsupported();
                }
                let [m] = self.operands::<1>()?;
                return Ok(Op::Warp {
                    op: WarpOp::Sync,
                    d: None,
                    p: None,
                    args: [self.src(m, u32t)?, Src::Imm(0), Src::Imm(0), Src::Imm(0)],
                    negate: false,
                });
            }
            Some("red") => {
                let reduce = match mods.get(1).copied() {
                    Some("popc") => Reduce::Popc,
                    Some("and") => Reduce::And,
                    Some("or") => Reduce::Or,
                    _ => return self.err("bar.red needs popc, and or or"),
                };
                let ty = self.ty(mods)?;
                // d, a{, b}, {!}c
                if !(3..=4).contains(&ops.len()) {
                    return self.err("bar.red takes 3 or 4 operands");
                }
                if ops.len() == 4 {
                    return self.unsupported();
                }
                let d = self.dst(&ops[0], ty)?;
                let (c, neg) = self.pred_src(&ops[ops.len() - 1])?;
                return Ok(Op::Bar {
                    id: self.src(&ops[1], u32t)?,
                    reduce: Some((reduce, d, c, neg)),
                });
            }
            _ => return self.unsupported(),
        }
        match ops {
            [id] => Ok(Op::Bar {
                id: self.src(id, u32t)?,
                reduce: None,
            }),
            // A thread count: the emulator takes every thread of the block.
            [id, _] => Ok(Op::Bar {
                id: self.src(id, u32t)?,
                reduce: None,
            }),
            _ => self.err("bar.sync takes a barrier and an optional thread count"),
        }
    }

    /// `wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {…}, [%rd1], %r1;`,
    /// `wmma.store.d… [%rd1], {…}, %r1;`, `wmma.mma… {d}, {a}, {b}, {c};`.
    pub(super) fn wmma(&self) -> DResult {
        use ptxlab_core::wmma::{RegKind, Wmma};
        let Some(w) = Wmma::parse_opcode(&self.inst.opcode) else {
            return self.unsupported();
        };
        let ty = |f: ptxlab_core::wmma::Frag| Ty {
            kind: if f.reg_kind() == RegKind::B32 {
                Kind::B
            } else {
                Kind::F
            },
            bits: f.reg_kind().bits(),
        };
        let (writes, reads) = w.reg_counts();
        fn list<'o>(cx: &Cx, o: &'o Operand, n: u32) -> Result<&'o Vec<Operand>, ParseError> {
            match o {
                Operand::Vector(v) if v.len() == n as usize => Ok(v),
                _ => cx.err(format!("'{}' needs {{…}} of {n} registers", cx.inst.opcode)),
            }
        }
        let b32 = Ty {
            kind: Kind::B,
            bits: 32,
        };
        let mut ds = Vec::new();
        let mut srcs = Vec::new();
        let (mut addr, mut off, mut wrap32, mut ldm) = (Src::Imm(0), 0, false, Src::Imm(0));
        let space = match w {
            Wmma::Load { space, .. } | Wmma::Store { space, .. } => match space {
                ptxlab_core::wmma::Space::Global => Mem::Global,
                ptxlab_core::wmma::Space::Shared => Mem::Shared,
                ptxlab_core::wmma::Space::Generic => Mem::Generic,
            },
            Wmma::Mma { .. } => Mem::Generic,
        };
        match w {
            Wmma::Load { frag, .. } => {
                let [d, a, l] = self.operands::<3>()?;
                for o in list(self, d, frag.regs())? {
                    ds.push(self.dst(o, ty(frag))?);
                }
                (addr, off, wrap32) = self.addr(a, space)?;
                ldm = self.src(l, b32)?;
            }
            Wmma::Store { frag, .. } => {
                let [a, v, l] = self.operands::<3>()?;
                (addr, off, wrap32) = self.addr(a, space)?;
                for o in list(self, v, frag.regs())? {
                    srcs.push(self.src(o, ty(frag))?);
                }
                ldm = self.src(l, b32)?;
            }
            Wmma::Mma { .. } => {
                let [d, a, b, c] = self.operands::<4>()?;
                for o in list(self, d, writes[0].regs())? {
                    ds.push(self.dst(o, ty(writes[0]))?);
                }
                for (o, f) in [a, b, c].into_iter().zip(reads) {
                    for x in list(self, o, f.regs())? {
                        srcs.push(self.src(x, ty(f))?);
                    }
                }
            }
        }
        Ok(Op::Wmma {
            w,
            ds,
            srcs,
            addr,
            off,
            wrap32,
            ldm,
            space,
        })
    }
}
