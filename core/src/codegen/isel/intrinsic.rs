//! Intrinsic calls (`llvm.*`, `llvm.nvvm.*`) as PTX instructions: barriers,
//! warp votes and shuffles, bit counts, NVVM's integer helpers, and the float
//! math and conversions PTX has an instruction for.

use super::types::*;
use super::Sel;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// An intrinsic call (`llvm.*`) as its PTX instructions.
    pub(super) fn intrinsic(&mut self, id: InstId, callee: &str, args: &[Value]) {
        let reg = |s: &mut Self, k: usize| Operand::Reg(s.reg(&args[k]));
        if self.async_mem(id, callee, args) {
            return;
        }
        match callee {
            "llvm.nvvm.barrier0" => self.emit(Op::Bar, ".sync", vec![Operand::Imm(0)]),
            "llvm.trap" => self.emit(Op::Trap, "", vec![]),
            "llvm.nvvm.barrier.sync" => {
                let id = self.operand(&args[0]);
                self.emit(Op::Barrier, ".sync", vec![id]);
            }
            "llvm.nvvm.barrier0.popc" | "llvm.nvvm.barrier0.and" | "llvm.nvvm.barrier0.or" => {
                let v = reg(self, 0);
                let p = self.m.new_reg(RegClass::Pred);
                self.emit(
                    Op::Setp,
                    ".ne.u32",
                    vec![Operand::Reg(p), v, Operand::Imm(0)],
                );
                let d = self.def(id);
                if callee.ends_with("popc") {
                    self.emit(
                        Op::Bar,
                        ".red.popc.u32",
                        vec![Operand::Reg(d), Operand::Imm(0), Operand::Reg(p)],
                    );
                } else {
                    let q = self.m.new_reg(RegClass::Pred);
                    let op = if callee.ends_with("and") {
                        (Op::Bar, ".red.and.pred")
                    } else {
                        (Op::Bar, ".red.or.pred")
                    };
                    self.emit_opcode(op, vec![Operand::Reg(q), Operand::Imm(0), Operand::Reg(p)]);
                    self.emit(
                        Op::Selp,
                        ".u32",
                        vec![
                            Operand::Reg(d),
                            Operand::Imm(1),
                            Operand::Imm(0),
                            Operand::Reg(q),
                        ],
                    );
                }
            }
            "llvm.nvvm.bar.warp.sync" => {
                let m = self.operand(&args[0]);
                self.emit(Op::Bar, ".warp.sync", vec![m]);
            }
            "llvm.nvvm.match.any.sync.i32"
            | "llvm.nvvm.match.any.sync.i64"
            | "llvm.nvvm.match.all.sync.i32"
            | "llvm.nvvm.match.all.sync.i64" => {
                // `match.any.sync.b32 %r, value, mask` (sm_70+); all's
                // predicate is computed from its result by the IR's `icmp ne`.
                let m = self.operand(&args[0]);
                let v = reg(self, 1);
                let d = self.def(id);
                let kind = if callee.contains(".all.") {
                    "all"
                } else {
                    "any"
                };
                let bits = if callee.ends_with("i64") { 64 } else { 32 };
                self.emit(
                    Op::Match,
                    format!(".{kind}.sync.b{bits}"),
                    vec![Operand::Reg(d), v, m],
                );
            }
            _ if callee.starts_with("llvm.nvvm.redux.sync.") => {
                // `redux.sync.add.s32 %r, value, mask` (sm_80+): the IR's
                // `umin`/`umax` are `.min.u32`/`.max.u32`, and/or/xor `.b32`.
                let v = reg(self, 0);
                let m = reg(self, 1);
                let d = self.def(id);
                let op = &callee["llvm.nvvm.redux.sync.".len()..];
                let spelled = match op {
                    "umin" => "min.u32".to_string(),
                    "umax" => "max.u32".to_string(),
                    "and" | "or" | "xor" => format!("{op}.b32"),
                    _ => format!("{op}.s32"),
                };
                self.emit(
                    Op::Redux,
                    format!(".sync.{spelled}"),
                    vec![Operand::Reg(d), v, m],
                );
            }
            "llvm.nvvm.activemask" => {
                let d = self.def(id);
                self.emit(Op::Activemask, ".b32", vec![Operand::Reg(d)]);
            }
            "llvm.nvvm.vote.ballot.sync"
            | "llvm.nvvm.vote.any.sync"
            | "llvm.nvvm.vote.all.sync" => {
                let m = self.operand(&args[0]);
                let p = reg(self, 1);
                let d = self.def(id);
                let op = match callee {
                    "llvm.nvvm.vote.ballot.sync" => (Op::Vote, ".sync.ballot.b32"),
                    "llvm.nvvm.vote.any.sync" => (Op::Vote, ".sync.any.pred"),
                    _ => (Op::Vote, ".sync.all.pred"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), p, m]);
            }
            c if c.starts_with("llvm.nvvm.shfl.sync.") => {
                let mode = c
                    .trim_start_matches("llvm.nvvm.shfl.sync.")
                    .split('.')
                    .next()
                    .unwrap_or("idx")
                    .to_string();
                let m = self.operand(&args[0]);
                let v = reg(self, 1);
                let b = self.operand(&args[2]);
                let cc = self.operand(&args[3]);
                let d = self.def(id);
                self.emit(
                    Op::Shfl,
                    format!(".sync.{mode}.b32"),
                    vec![Operand::Reg(d), v, b, cc, m],
                );
            }
            "llvm.ctpop.i32" | "llvm.ctlz.i32" | "llvm.bitreverse.i32" | "llvm.bitreverse.i64" => {
                let a = reg(self, 0);
                let d = self.def(id);
                let op = match callee {
                    "llvm.ctpop.i32" => (Op::Popc, ".b32"),
                    "llvm.ctlz.i32" => (Op::Clz, ".b32"),
                    "llvm.bitreverse.i32" => (Op::Brev, ".b32"),
                    _ => (Op::Brev, ".b64"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a]);
            }
            "llvm.ctpop.i64" | "llvm.ctlz.i64" => {
                // PTX counts into a 32-bit register; the intrinsic returns i64.
                let a = reg(self, 0);
                let t = self.m.new_reg(RegClass::B32);
                let op = if callee == "llvm.ctpop.i64" {
                    (Op::Popc, ".b64")
                } else {
                    (Op::Clz, ".b64")
                };
                self.emit_opcode(op, vec![Operand::Reg(t), a]);
                let d = self.def(id);
                self.emit(Op::Cvt, ".u64.u32", vec![Operand::Reg(d), Operand::Reg(t)]);
            }
            "llvm.cttz.i32" | "llvm.cttz.i64" => {
                // Trailing zeros = the position of the lowest set bit: reverse,
                // find the highest; the width for zero (bfind gives all ones there).
                let wide = callee.ends_with("64");
                let a = reg(self, 0);
                let r = self
                    .m
                    .new_reg(if wide { RegClass::B64 } else { RegClass::B32 });
                let t = self.m.new_reg(RegClass::B32);
                let (brev, bfind, bits) = if wide {
                    ((Op::Brev, ".b64"), (Op::Bfind, ".shiftamt.u64"), 64)
                } else {
                    ((Op::Brev, ".b32"), (Op::Bfind, ".shiftamt.u32"), 32)
                };
                self.emit_opcode(brev, vec![Operand::Reg(r), a]);
                self.emit_opcode(bfind, vec![Operand::Reg(t), Operand::Reg(r)]);
                if wide {
                    let m = self.m.new_reg(RegClass::B32);
                    self.emit(
                        Op::Min,
                        ".u32",
                        vec![Operand::Reg(m), Operand::Reg(t), Operand::Imm(bits)],
                    );
                    let d = self.def(id);
                    self.emit(Op::Cvt, ".u64.u32", vec![Operand::Reg(d), Operand::Reg(m)]);
                } else {
                    let d = self.def(id);
                    self.emit(
                        Op::Min,
                        ".u32",
                        vec![Operand::Reg(d), Operand::Reg(t), Operand::Imm(bits)],
                    );
                }
            }
            "llvm.nvvm.mulhi.i"
            | "llvm.nvvm.mulhi.ui"
            | "llvm.nvvm.mulhi.ll"
            | "llvm.nvvm.mulhi.ull"
            | "llvm.nvvm.mul24.i"
            | "llvm.nvvm.mul24.ui" => {
                let a = reg(self, 0);
                let b = self.operand(&args[1]);
                let d = self.def(id);
                let op = match callee {
                    "llvm.nvvm.mulhi.i" => (Op::Mul, ".hi.s32"),
                    "llvm.nvvm.mulhi.ui" => (Op::Mul, ".hi.u32"),
                    "llvm.nvvm.mulhi.ll" => (Op::Mul, ".hi.s64"),
                    "llvm.nvvm.mulhi.ull" => (Op::Mul, ".hi.u64"),
                    "llvm.nvvm.mul24.i" => (Op::Mul24, ".lo.s32"),
                    _ => (Op::Mul24, ".lo.u32"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a, b]);
            }
            "llvm.nvvm.prmt" | "llvm.nvvm.sad.i" | "llvm.nvvm.sad.ui" => {
                let a = reg(self, 0);
                let b = reg(self, 1);
                let c = self.operand(&args[2]);
                let d = self.def(id);
                let op = match callee {
                    "llvm.nvvm.prmt" => (Op::Prmt, ".b32"),
                    "llvm.nvvm.sad.i" => (Op::Sad, ".s32"),
                    _ => (Op::Sad, ".u32"),
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a, b, c]);
            }
            "llvm.fshl.i32" | "llvm.fshr.i32" => {
                // fshl(hi, lo, s) is `shf.l.wrap lo, hi, s`.
                let hi = reg(self, 0);
                let lo = reg(self, 1);
                let s = self.operand(&args[2]);
                let d = self.def(id);
                let op = if callee == "llvm.fshl.i32" {
                    (Op::Shf, ".l.wrap.b32")
                } else {
                    (Op::Shf, ".r.wrap.b32")
                };
                self.emit_opcode(op, vec![Operand::Reg(d), lo, hi, s]);
            }
            "llvm.nvvm.bitcast.f2i" | "llvm.nvvm.bitcast.i2f" => {
                let a = reg(self, 0);
                let d = self.def(id);
                self.emit(Op::Mov, ".b32", vec![Operand::Reg(d), a]);
            }
            "llvm.fma.f32" | "llvm.fma.f64" => {
                let (a, b, c) = (reg(self, 0), self.operand(&args[1]), self.operand(&args[2]));
                let ty = self.f.inst(id).ty.clone();
                let d = self.def(id);
                self.emit(
                    Op::Fma,
                    format!(".rn{}{}", self.ftz(&ty), float_suffix(&ty)),
                    vec![Operand::Reg(d), a, b, c],
                );
            }
            "llvm.rint.f32" | "llvm.fabs.f32" => {
                let a = reg(self, 0);
                let ftz = self.ftz(&Type::F32);
                let d = self.def(id);
                let op = if callee == "llvm.rint.f32" {
                    (Op::Cvt, format!(".rni{ftz}.f32.f32"))
                } else {
                    (Op::Abs, format!("{ftz}.f32"))
                };
                self.emit_opcode(op, vec![Operand::Reg(d), a]);
            }
            c if c.starts_with("llvm.nvvm.ex2.approx.")
                || c.starts_with("llvm.nvvm.lg2.approx.") =>
            {
                let a = reg(self, 0);
                let d = self.def(id);
                let op = if c.contains("ex2") { Op::Ex2 } else { Op::Lg2 };
                let ftz = if c.contains(".ftz.") { ".ftz" } else { "" };
                self.emit(op, format!(".approx{ftz}.f32"), vec![Operand::Reg(d), a]);
            }
            c if self.float_math(id, c, args) => {}
            _ => self.unsupported(&format!("the intrinsic \"{callee}\"")),
        }
    }

    /// The math intrinsics PTX has an instruction for, spelled as NVRTC's
    /// PTX spells them: `llvm.sqrt.f32` (`sqrt.rn.f32`, or `sqrt.approx.f32`
    /// under -prec-sqrt=false), `llvm.floor.f64` (`cvt.rmi.f64.f64`),
    /// NVVM's `llvm.nvvm.add.rz.ftz.f` (`add.rz.ftz.f32`), … Generic
    /// (`llvm.*`) intrinsics take `.ftz` from -ftz, NVVM's from their name.
    /// False when `callee` is none of them.
    pub(super) fn float_math(&mut self, id: InstId, callee: &str, args: &[Value]) -> bool {
        let ty = self.f.inst(id).ty.clone();
        let (opcode, arity) = if let Some(rest) = callee.strip_prefix("llvm.nvvm.") {
            if let Some(modifiers) = conversion(rest) {
                ((Op::Cvt, modifiers), 1)
            } else {
                let mut parts: Vec<&str> = rest.split('.').collect();
                // `….f` / `….d`; `f2i.rn[.ftz]` converts to an integer instead.
                let (fs, int_dst) = match parts.last() {
                    Some(&"f") => (".f32", None),
                    Some(&"d") => (".f64", None),
                    _ => (
                        ".f32",
                        Some(if parts[0] == "f2ui" { ".u32" } else { ".s32" }),
                    ),
                };
                if int_dst.is_none() {
                    parts.pop();
                }
                let ftz = if parts.last() == Some(&"ftz") {
                    parts.pop();
                    ".ftz"
                } else {
                    ""
                };
                let rounding = |m: &str| match m {
                    "rn" => Some("rni"),
                    "rz" => Some("rzi"),
                    "rp" => Some("rpi"),
                    "rm" => Some("rmi"),
                    _ => None,
                };
                let r = |m: &str| format!(".{m}{ftz}{fs}");
                let approx = format!(".approx{ftz}{fs}");
                match (parts.as_slice(), int_dst) {
                    (["f2i" | "f2ui", m], Some(dst)) => match rounding(m) {
                        Some(r) => ((Op::Cvt, format!(".{r}{ftz}{dst}.f32")), 1),
                        None => return false,
                    },
                    (["sqrt", m @ ("rn" | "rz" | "rp" | "rm")], None) => ((Op::Sqrt, r(m)), 1),
                    (["rcp", m @ ("rn" | "rz" | "rp" | "rm")], None) => ((Op::Rcp, r(m)), 1),
                    (["rsqrt", "approx"], None) => ((Op::Rsqrt, approx), 1),
                    (["rcp", "approx"], None) => ((Op::Rcp, approx), 1),
                    (["sqrt", "approx"], None) => ((Op::Sqrt, approx), 1),
                    (["div", "approx"], None) => ((Op::Div, approx), 2),
                    (["sin", "approx"], None) => ((Op::Sin, approx), 1),
                    (["cos", "approx"], None) => ((Op::Cos, approx), 1),
                    (["saturate"], None) => ((Op::Cvt, format!("{ftz}.sat{fs}{fs}")), 1),
                    (["add", m @ ("rn" | "rz" | "rp" | "rm")], None) => ((Op::Add, r(m)), 2),
                    (["mul", m @ ("rn" | "rz" | "rp" | "rm")], None) => ((Op::Mul, r(m)), 2),
                    (["div", m @ ("rn" | "rz" | "rp" | "rm")], None) => ((Op::Div, r(m)), 2),
                    (["fma", m @ ("rn" | "rz" | "rp" | "rm")], None) => ((Op::Fma, r(m)), 3),
                    _ => return false,
                }
            }
        } else {
            let Some((base, t)) = callee
                .strip_prefix("llvm.")
                .and_then(|r| r.rsplit_once('.'))
            else {
                return false;
            };
            // Half precision: only the fma (`fma.rn.f16`) so far.
            if !(matches!(t, "f32" | "f64") || t == "f16" && base == "fma") {
                return false;
            }
            let fs = float_suffix(&ty);
            let ftz = self.ftz(&ty);
            match base {
                "sqrt" if ty == Type::F32 && !self.opts.prec_sqrt => {
                    ((Op::Sqrt, format!(".approx{ftz}{fs}")), 1)
                }
                "sqrt" => ((Op::Sqrt, format!(".rn{ftz}{fs}")), 1),
                "fabs" => ((Op::Abs, format!("{ftz}{fs}")), 1),
                "minnum" => ((Op::Min, format!("{ftz}{fs}")), 2),
                "maxnum" => ((Op::Max, format!("{ftz}{fs}")), 2),
                "floor" => ((Op::Cvt, format!(".rmi{ftz}{fs}{fs}")), 1),
                "ceil" => ((Op::Cvt, format!(".rpi{ftz}{fs}{fs}")), 1),
                "trunc" => ((Op::Cvt, format!(".rzi{ftz}{fs}{fs}")), 1),
                "rint" | "nearbyint" => ((Op::Cvt, format!(".rni{ftz}{fs}{fs}")), 1),
                "fma" => ((Op::Fma, format!(".rn{ftz}{fs}")), 3),
                "copysign" => {
                    // PTX's copysign takes the sign first: copysign(mag, sign).
                    let sign = self.reg(&args[1]);
                    let mag = self.reg(&args[0]);
                    let d = self.def(id);
                    self.emit(
                        Op::Copysign,
                        fs,
                        vec![Operand::Reg(d), Operand::Reg(sign), Operand::Reg(mag)],
                    );
                    return true;
                }
                _ => return false,
            }
        };
        if args.len() != arity {
            return false;
        }
        let mut ops = vec![Operand::Reg(self.reg(&args[0]))];
        for a in &args[1..] {
            let op = self.operand(a);
            ops.push(op);
        }
        let d = self.def(id);
        ops.insert(0, Operand::Reg(d));
        self.emit_opcode(opcode, ops);
        true
    }
}

/// NVVM's conversion intrinsics (`llvm.nvvm.` stripped), `F2T.MODE[.ftz]`
/// with F and T among f, d (floats) and i, ui, ll, ull (integers), as the
/// PTX `cvt` NVRTC writes: `d2ll.rz` is `cvt.rzi.s64.f64` (a float to an
/// integer rounds to an integer: `rni`, …), `ll2d.rn` is `cvt.rn.f64.s64`,
/// `d2f.rp.ftz` is `cvt.rp.ftz.f32.f64`: the `cvt`'s modifiers
/// (`.rzi.s64.f64`). `f2i`/`f2ui` included; `None` for anything else.
fn conversion(rest: &str) -> Option<String> {
    let mut parts = rest.split('.');
    let conv = parts.next()?;
    let mode = parts.next()?;
    let ftz = match parts.next() {
        None => "",
        Some("ftz") => ".ftz",
        Some(_) => return None,
    };
    if parts.next().is_some() || !matches!(mode, "rn" | "rz" | "rp" | "rm") {
        return None;
    }
    let (from, to) = conv.split_once('2')?;
    let ty = |t: &str| match t {
        "f" => Some((".f32", true)),
        "d" => Some((".f64", true)),
        "i" => Some((".s32", false)),
        "ui" => Some((".u32", false)),
        "ll" => Some((".s64", false)),
        "ull" => Some((".u64", false)),
        _ => None,
    };
    let ((src, src_float), (dst, dst_float)) = (ty(from)?, ty(to)?);
    let rounding = match (src_float, dst_float) {
        // float to integer: round to an integral value
        (true, false) => format!("{mode}i"),
        (false, true) => mode.to_string(),
        // only d2f between floats
        (true, true) if from == "d" && to == "f" => mode.to_string(),
        _ => return None,
    };
    // .ftz is for f32 operands or results only
    if !ftz.is_empty() && src != ".f32" && dst != ".f32" {
        return None;
    }
    Some(format!(".{rounding}{ftz}{dst}{src}"))
}
