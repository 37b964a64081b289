//! PTX's 16-bit float instructions, bit-exactly: `.f16`, `.bf16` and their
//! packed `.f16x2`/`.bf16x2` forms (arithmetic with `.sat`/`.relu`/`.ftz`,
//! min/max with `.NaN`, `set`/`setp` comparisons, `ex2`/`tanh.approx`,
//! and every `cvt` to, from and between them in each rounding mode).
//!
//! One decoding ([`HalfInst::parse`], from the instruction's spelling) serves
//! both executors: the PTX emulator runs the instruction, the IR interpreter
//! the `llvm.nvvm.ptx.<instruction>` intrinsic that stands for it. Values are
//! bits: a half in the low 16 bits, a pair low lane first.
//!
//! Exactness: an operation is computed in f64 rounded to odd (the exact sum
//! of two f64 values is known through TwoSum; products of 16-bit floats are
//! exact), then rounded once to the 16-bit format in the requested mode —
//! correct since f64 has more than 2·11+2 bits.

use super::rounding::{ApproxOp, Rounding};
use ptxlab_core::ir::FCmp;

/// A 16-bit float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fmt {
    F16,
    BF16,
}

impl Fmt {
    /// (exponent bits, fraction bits).
    fn shape(self) -> (u32, u32) {
        match self {
            Fmt::F16 => (5, 10),
            Fmt::BF16 => (8, 7),
        }
    }

    /// The canonical NaN PTX writes.
    pub fn nan(self) -> u64 {
        0x7fff
    }

    pub fn one(self) -> u64 {
        match self {
            Fmt::F16 => 0x3c00,
            Fmt::BF16 => 0x3f80,
        }
    }

    /// The exact value of `h`'s bits.
    pub fn to_f64(self, h: u64) -> f64 {
        let (eb, fb) = self.shape();
        let h = h & 0xffff;
        let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
        let e = ((h >> fb) & ((1 << eb) - 1)) as i32;
        let f = (h & ((1 << fb) - 1)) as f64;
        let bias = (1 << (eb - 1)) - 1;
        let mag = if e == (1 << eb) - 1 {
            if f == 0.0 {
                f64::INFINITY
            } else {
                return f64::NAN;
            }
        } else if e == 0 {
            f * 2f64.powi(1 - bias - fb as i32)
        } else {
            (f + f64::from(1u32 << fb)) * 2f64.powi(e - bias - fb as i32)
        };
        sign * mag
    }

    /// `v` rounded to the format in `mode` (`v` is exact or rounded to odd).
    pub fn round(self, v: f64, mode: Rounding) -> u64 {
        if v.is_nan() {
            return self.nan();
        }
        let (eb, fb) = self.shape();
        let sign: u64 = if v.is_sign_negative() { 0x8000 } else { 0 };
        let a = v.abs();
        let bias = (1i32 << (eb - 1)) - 1;
        let max_exp = bias; // the largest finite exponent
        let inf = (((1u64 << eb) - 1) << fb) | sign;
        let max_finite = ((((1u64 << eb) - 2) << fb) | ((1 << fb) - 1)) | sign;
        let up = |neg: bool| match mode {
            Rounding::Zero => false,
            Rounding::Down => neg,
            Rounding::Up => !neg,
            Rounding::Nearest => true,
        };
        if a.is_infinite() {
            return inf;
        }
        if a == 0.0 {
            return sign;
        }
        // The quantum at a's binade (subnormals share the smallest one).
        let e = (a.log2().floor() as i32).max(1 - bias);
        let mut e = e;
        // log2 may be off by one near powers of two.
        if 2f64.powi(e) > a && e > 1 - bias {
            e -= 1;
        }
        if 2f64.powi(e + 1) <= a {
            e += 1;
        }
        let q = 2f64.powi(e - fb as i32);
        let scaled = a / q; // exact: a power-of-two scaling
        let lo = scaled.floor();
        let rem = scaled - lo;
        let neg = sign != 0;
        let n = if rem == 0.0 {
            lo
        } else if mode == Rounding::Nearest {
            if rem > 0.5 || (rem == 0.5 && lo % 2.0 == 1.0) {
                lo + 1.0
            } else {
                lo
            }
        } else if up(neg) {
            lo + 1.0
        } else {
            lo
        };
        let r = n * q;
        if r >= 2f64.powi(max_exp + 1) {
            // Overflow: infinity, or the largest finite toward zero.
            return if mode == Rounding::Nearest || up(neg) {
                inf
            } else {
                max_finite
            };
        }
        // Encode r (exact in the format).
        let n = n as u64;
        if e == 1 - bias && n < (1 << fb) {
            return sign | n;
        }
        let (mut e, mut n) = (e, n);
        if n >= (2 << fb) {
            n >>= 1;
            e += 1;
        }
        sign | (((e + bias) as u64) << fb) | (n - (1 << fb))
    }

    fn is_nan(self, h: u64) -> bool {
        self.to_f64(h).is_nan()
    }

    fn is_subnormal(self, h: u64) -> bool {
        let (_, fb) = self.shape();
        let h = h & 0x7fff;
        h != 0 && h < (1 << fb)
    }

    fn flush(self, h: u64, ftz: bool) -> u64 {
        if ftz && self.is_subnormal(h) {
            h & 0x8000
        } else {
            h
        }
    }
}

/// `x + y` rounded to odd in f64 (exact when representable).
fn sum_odd(x: f64, y: f64) -> f64 {
    let s = x + y;
    if !s.is_finite() {
        return s;
    }
    // TwoSum: the exact error of s.
    let bp = s - x;
    let ap = s - bp;
    let err = (x - ap) + (y - bp);
    odd(s, err)
}

/// `s` moved to the odd neighbour in the direction of `err` when inexact.
fn odd(s: f64, err: f64) -> f64 {
    if err == 0.0 || s.to_bits() & 1 == 1 {
        return s;
    }
    let toward_up = (err > 0.0) == (s > 0.0);
    let b = s.to_bits();
    f64::from_bits(if toward_up { b + 1 } else { b - 1 })
}

/// An f64 value as the 16-bit float in `fmt`'s rounding of it, through an
/// integer source of `bits` (signed or not): exactly, or rounded to odd.
fn int_to_f64_odd(v: u64, bits: u32, signed: bool) -> f64 {
    let (neg, mag) = if signed {
        let s = ((v << (64 - bits)) as i64) >> (64 - bits);
        (s < 0, s.unsigned_abs())
    } else {
        (false, if bits == 64 { v } else { v & ((1 << bits) - 1) })
    };
    let lz = mag.leading_zeros();
    let r = if 64 - lz <= 53 {
        mag as f64
    } else {
        let shift = 64 - lz - 53;
        let kept = mag >> shift;
        let sticky = mag & ((1 << shift) - 1) != 0;
        let kept = if sticky { kept | 1 } else { kept };
        kept as f64 * 2f64.powi(shift as i32)
    };
    if neg {
        -r
    } else {
        r
    }
}

/// A float type a `cvt` reads or writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CTy {
    Half(Fmt),
    /// Two halves (`.f16x2` from two f32: `cvt.rn.f16x2.f32 d, hi, lo`).
    Pair(Fmt),
    F32,
    F64,
    Int {
        bits: u32,
        signed: bool,
    },
}

impl CTy {
    fn parse(s: &str) -> Option<CTy> {
        Some(match s {
            "f16" => CTy::Half(Fmt::F16),
            "bf16" => CTy::Half(Fmt::BF16),
            "f16x2" => CTy::Pair(Fmt::F16),
            "bf16x2" => CTy::Pair(Fmt::BF16),
            "f32" => CTy::F32,
            "f64" => CTy::F64,
            _ => {
                let (k, n) = s.split_at_checked(1)?;
                let bits: u32 = n.parse().ok()?;
                if !matches!(bits, 8 | 16 | 32 | 64) {
                    return None;
                }
                match k {
                    "s" => CTy::Int { bits, signed: true },
                    "u" => CTy::Int {
                        bits,
                        signed: false,
                    },
                    _ => return None,
                }
            }
        })
    }

    /// Bits of a register holding it.
    pub fn bits(self) -> u32 {
        match self {
            CTy::Half(_) => 16,
            CTy::Pair(_) | CTy::F32 => 32,
            CTy::F64 => 64,
            CTy::Int { bits, .. } => bits,
        }
    }
}

/// The arithmetic an instruction does lane by lane.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Fma,
    Neg,
    Abs,
    Min,
    Max,
    Ex2,
    Tanh,
}

/// What a register operand or result of a [`HalfInst`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reg {
    /// A register of this many bits.
    Bits(u32),
    Pred,
}

/// One decoded 16-bit float instruction.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum HalfInst {
    Arith {
        op: Arith,
        fmt: Fmt,
        lanes: u32,
        ftz: bool,
        sat: bool,
        relu: bool,
        nan: bool,
    },
    /// `set.cmp.dtype.stype` (lane-wise; `.u32`/`.s32` give all ones) or,
    /// `dst` `None`, `setp.cmp.stype` (one lane) into a predicate.
    Cmp {
        cmp: FCmp,
        /// The source's format; `None` for f32.
        fmt: Option<Fmt>,
        lanes: u32,
        ftz: bool,
        dst: Option<CTy>,
    },
    Cvt {
        to: CTy,
        from: CTy,
        /// The rounding mode: to a float (`.rn`…) or to an integral
        /// value (`.rni`…, `int` true).
        mode: Rounding,
        int: bool,
        ftz: bool,
        sat: bool,
        relu: bool,
    },
    /// sm_89's 8-bit float conversions (`model/fp8.rs`).
    Fp8 {
        fmt: super::fp8::Fp8,
        dir: Fp8Dir,
        relu: bool,
    },
}

/// Which way an [`HalfInst::Fp8`] converts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Fp8Dir {
    /// `cvt.rn.satfinite.e4m3x2.f32 d, a, b`: `a` to the high code.
    FromF32,
    /// `cvt.rn.satfinite.e4m3x2.f16x2 d, a`: lane by lane.
    FromF16x2,
    /// `cvt.rn.f16x2.e4m3x2 d, a`: lane by lane.
    ToF16x2,
}

fn rounding(m: &str) -> Option<(Rounding, bool)> {
    Some(match m {
        "rn" => (Rounding::Nearest, false),
        "rz" => (Rounding::Zero, false),
        "rm" => (Rounding::Down, false),
        "rp" => (Rounding::Up, false),
        "rni" => (Rounding::Nearest, true),
        "rzi" => (Rounding::Zero, true),
        "rmi" => (Rounding::Down, true),
        "rpi" => (Rounding::Up, true),
        _ => return None,
    })
}

fn cmp(s: &str) -> Option<FCmp> {
    Some(match s {
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
        _ => return None,
    })
}

fn half_ty(s: &str) -> Option<(Fmt, u32)> {
    Some(match s {
        "f16" => (Fmt::F16, 1),
        "f16x2" => (Fmt::F16, 2),
        "bf16" => (Fmt::BF16, 1),
        "bf16x2" => (Fmt::BF16, 2),
        _ => return None,
    })
}

impl HalfInst {
    /// The instruction spelled `opcode` (`fma.rn.sat.f16x2`, `cvt.rz.bf16.f32`,
    /// `set.lt.u32.f16x2`), or `None` when it is no 16-bit float instruction
    /// this module knows.
    pub fn parse(opcode: &str) -> Option<HalfInst> {
        let parts: Vec<&str> = opcode.split('.').collect();
        let (&base, mods) = parts.split_first()?;
        let has = |m: &str| mods.contains(&m);
        match base {
            "add" | "sub" | "mul" | "fma" | "neg" | "abs" | "min" | "max" | "ex2" | "tanh" => {
                let (fmt, lanes) = half_ty(mods.last()?)?;
                let op = match base {
                    "add" => Arith::Add,
                    "sub" => Arith::Sub,
                    "mul" => Arith::Mul,
                    "fma" => Arith::Fma,
                    "neg" => Arith::Neg,
                    "abs" => Arith::Abs,
                    "min" => Arith::Min,
                    "max" => Arith::Max,
                    "ex2" => Arith::Ex2,
                    _ => Arith::Tanh,
                };
                for m in &mods[..mods.len() - 1] {
                    if !matches!(*m, "rn" | "ftz" | "sat" | "relu" | "NaN" | "approx") {
                        return None;
                    }
                }
                if matches!(op, Arith::Ex2 | Arith::Tanh) != has("approx") {
                    return None;
                }
                Some(HalfInst::Arith {
                    op,
                    fmt,
                    lanes,
                    ftz: has("ftz"),
                    sat: has("sat"),
                    relu: has("relu"),
                    nan: has("NaN"),
                })
            }
            "set" | "setp" => {
                if mods.iter().any(|m| matches!(*m, "and" | "or" | "xor")) {
                    return None;
                }
                let c = cmp(mods.first()?)?;
                // `set.lt.f32.f32` (cuda_bf16.h's comparisons before sm_90):
                // an f32 source, `fmt` None.
                let (fmt, lanes) = match *mods.last()? {
                    "f32" if base == "set" => (None, 1),
                    t => half_ty(t).map(|(f, l)| (Some(f), l))?,
                };
                let ftz = has("ftz");
                let dst = if base == "set" {
                    let d = mods.get(mods.len().checked_sub(2)?)?;
                    let d = match *d {
                        "u32" | "s32" => CTy::Int {
                            bits: 32,
                            signed: false,
                        },
                        "u16" | "s16" => CTy::Int {
                            bits: 16,
                            signed: false,
                        },
                        d => CTy::parse(d)
                            .filter(|t| matches!(t, CTy::Half(_) | CTy::Pair(_) | CTy::F32))?,
                    };
                    Some(d)
                } else {
                    if lanes != 1 {
                        return None;
                    }
                    None
                };
                Some(HalfInst::Cmp {
                    cmp: c,
                    fmt,
                    lanes,
                    ftz,
                    dst,
                })
            }
            "cvt" => {
                let n = mods.len();
                if n < 2 {
                    return None;
                }
                if let Some(i) = fp8(mods) {
                    return Some(i);
                }
                let to = CTy::parse(mods[n - 2])?;
                let from = CTy::parse(mods[n - 1])?;
                let mut mode = None;
                for m in &mods[..n - 2] {
                    if let Some(r) = rounding(m) {
                        mode = Some(r);
                    } else if !matches!(*m, "ftz" | "sat" | "relu") {
                        return None;
                    }
                }
                let involves = |t: CTy| matches!(t, CTy::Half(_) | CTy::Pair(_));
                if !involves(to) && !involves(from) {
                    return None;
                }
                if matches!(from, CTy::Pair(_)) || matches!(to, CTy::Pair(_)) && from != CTy::F32 {
                    return None;
                }
                let (mode, int) = mode.unwrap_or((Rounding::Nearest, false));
                Some(HalfInst::Cvt {
                    to,
                    from,
                    mode,
                    int,
                    ftz: has("ftz"),
                    sat: has("sat"),
                    relu: has("relu"),
                })
            }
            _ => None,
        }
    }

    /// The register the result goes to.
    pub fn dst(&self) -> Reg {
        match *self {
            HalfInst::Arith { lanes, .. } => Reg::Bits(16 * lanes),
            HalfInst::Cmp { dst: None, .. } => Reg::Pred,
            HalfInst::Cmp {
                dst: Some(d),
                lanes,
                ..
            } => match d {
                CTy::Int { .. } if lanes == 2 => Reg::Bits(32),
                CTy::Half(_) if lanes == 2 => Reg::Bits(32),
                d => Reg::Bits(d.bits()),
            },
            HalfInst::Cvt { to, .. } => Reg::Bits(to.bits()),
            HalfInst::Fp8 { dir, .. } => Reg::Bits(if dir == Fp8Dir::ToF16x2 { 32 } else { 16 }),
        }
    }

    /// The source registers' widths, in order.
    pub fn srcs(&self) -> Vec<u32> {
        match *self {
            HalfInst::Arith { op, lanes, .. } => {
                let n = match op {
                    Arith::Fma => 3,
                    Arith::Add | Arith::Sub | Arith::Mul | Arith::Min | Arith::Max => 2,
                    _ => 1,
                };
                vec![16 * lanes; n]
            }
            HalfInst::Cmp { fmt: None, .. } => vec![32; 2],
            HalfInst::Cmp { lanes, .. } => vec![16 * lanes; 2],
            HalfInst::Cvt { to, from, .. } => {
                if matches!(to, CTy::Pair(_)) {
                    vec![32, 32]
                } else {
                    vec![from.bits()]
                }
            }
            HalfInst::Fp8 { dir, .. } => match dir {
                Fp8Dir::FromF32 => vec![32, 32],
                Fp8Dir::FromF16x2 => vec![32],
                Fp8Dir::ToF16x2 => vec![16],
            },
        }
    }

    /// Whether the sources are floats (for reading immediates).
    pub fn src_is_float(&self) -> bool {
        match *self {
            HalfInst::Cvt { from, .. } => !matches!(from, CTy::Int { .. }),
            HalfInst::Fp8 { dir, .. } => dir == Fp8Dir::FromF32,
            _ => true,
        }
    }

    /// Runs the instruction on its sources' bits.
    pub fn eval(&self, s: [u64; 3]) -> u64 {
        match *self {
            HalfInst::Arith {
                op,
                fmt,
                lanes,
                ftz,
                sat,
                relu,
                nan,
            } => {
                let mut out = 0;
                for l in 0..lanes {
                    let lane = |v: u64| fmt.flush((v >> (16 * l)) & 0xffff, ftz);
                    let r = arith(op, fmt, [lane(s[0]), lane(s[1]), lane(s[2])], nan);
                    let r = post(fmt, r, ftz, sat, relu);
                    out |= r << (16 * l);
                }
                out
            }
            HalfInst::Cmp {
                cmp,
                fmt,
                lanes,
                ftz,
                dst,
            } => {
                let mut out = 0;
                for l in 0..lanes {
                    let lane = |v: u64| match fmt {
                        Some(f) => f.to_f64(f.flush((v >> (16 * l)) & 0xffff, ftz)),
                        None => {
                            let x = f32::from_bits(v as u32);
                            f64::from(if ftz && x.is_subnormal() {
                                0.0f32.copysign(x)
                            } else {
                                x
                            })
                        }
                    };
                    let t = compare(cmp, lane(s[0]), lane(s[1]));
                    let v = match dst {
                        None => u64::from(t),
                        Some(CTy::F32) => u64::from(if t { 1.0f32.to_bits() } else { 0 }),
                        Some(CTy::Half(f)) | Some(CTy::Pair(f)) => {
                            if t {
                                f.one()
                            } else {
                                0
                            }
                        }
                        Some(CTy::Int { bits, .. }) => {
                            let w = if lanes == 2 { 16 } else { bits };
                            if t {
                                u64::MAX >> (64 - w)
                            } else {
                                0
                            }
                        }
                        Some(_) => 0,
                    };
                    out |= v << (16 * l);
                }
                out
            }
            HalfInst::Cvt {
                to,
                from,
                mode,
                int,
                ftz,
                sat,
                relu,
            } => cvt(to, from, mode, int, ftz, sat, relu, s),
            HalfInst::Fp8 { fmt, dir, relu } => {
                let half = |v: u64| Fmt::F16.to_f64(v & 0xffff);
                let code = |v: f64| u64::from(fmt.encode(v, relu));
                match dir {
                    Fp8Dir::FromF32 => {
                        let f = |v: u64| f64::from(f32::from_bits(v as u32));
                        (code(f(s[0])) << 8) | code(f(s[1]))
                    }
                    Fp8Dir::FromF16x2 => (code(half(s[0] >> 16)) << 8) | code(half(s[0])),
                    Fp8Dir::ToF16x2 => {
                        let h = |c: u64| u64::from(fmt.to_half(c as u8));
                        (h((s[0] >> 8) & 0xff) << 16) | h(s[0] & 0xff)
                    }
                }
            }
        }
    }
}

/// `cvt`'s modifiers when they name an 8-bit float pair (`rn`, `satfinite`
/// and `relu` to one from `f32`/`f16x2`; `rn` from one to `f16x2`).
fn fp8(mods: &[&str]) -> Option<HalfInst> {
    use super::fp8::Fp8;
    let n = mods.len();
    let (to, from) = (mods[n - 2], mods[n - 1]);
    let flags = &mods[..n - 2];
    let has = |m: &str| flags.contains(&m);
    if let Some(fmt) = Fp8::parse(to) {
        let dir = match from {
            "f32" => Fp8Dir::FromF32,
            "f16x2" => Fp8Dir::FromF16x2,
            _ => return None,
        };
        let known = flags
            .iter()
            .all(|m| matches!(*m, "rn" | "satfinite" | "relu"));
        return (known && has("rn") && has("satfinite")).then_some(HalfInst::Fp8 {
            fmt,
            dir,
            relu: has("relu"),
        });
    }
    let fmt = Fp8::parse(from)?;
    (to == "f16x2" && flags == ["rn"]).then_some(HalfInst::Fp8 {
        fmt,
        dir: Fp8Dir::ToF16x2,
        relu: false,
    })
}

fn compare(pred: FCmp, x: f64, y: f64) -> bool {
    let uno = x.is_nan() || y.is_nan();
    match pred {
        FCmp::Oeq => !uno && x == y,
        FCmp::One => !uno && x != y,
        FCmp::Olt => !uno && x < y,
        FCmp::Ole => !uno && x <= y,
        FCmp::Ogt => !uno && x > y,
        FCmp::Oge => !uno && x >= y,
        FCmp::Ord => !uno,
        FCmp::Ueq => uno || x == y,
        FCmp::Une => uno || x != y,
        FCmp::Ult => uno || x < y,
        FCmp::Ule => uno || x <= y,
        FCmp::Ugt => uno || x > y,
        FCmp::Uge => uno || x >= y,
        FCmp::Uno => uno,
    }
}

/// `.sat` (clamp to [0, 1], NaN to +0), `.relu` (negatives to +0, NaN
/// canonical) and the result's flush under `.ftz`.
fn post(fmt: Fmt, r: u64, ftz: bool, sat: bool, relu: bool) -> u64 {
    let v = fmt.to_f64(r);
    let r = if sat {
        if v.is_nan() || v <= 0.0 {
            0
        } else if v >= 1.0 {
            fmt.one()
        } else {
            r
        }
    } else if relu {
        if v.is_nan() {
            fmt.nan()
        } else if v < 0.0 || r == 0x8000 {
            0
        } else {
            r
        }
    } else {
        r
    };
    fmt.flush(r, ftz)
}

fn arith(op: Arith, fmt: Fmt, a: [u64; 3], nan: bool) -> u64 {
    let [x, y, z] = a.map(|h| fmt.to_f64(h));
    let rn = |v: f64| fmt.round(v, Rounding::Nearest);
    match op {
        Arith::Add => rn(sum_odd(x, y)),
        Arith::Sub => rn(sum_odd(x, -y)),
        // Products of 11-bit significands are exact in f64.
        Arith::Mul => rn(x * y),
        Arith::Fma => rn(sum_odd(x * y, z)),
        Arith::Neg => a[0] ^ 0x8000,
        Arith::Abs => a[0] & 0x7fff,
        Arith::Min | Arith::Max => {
            let (xn, yn) = (fmt.is_nan(a[0]), fmt.is_nan(a[1]));
            if (xn || yn) && nan || xn && yn {
                return fmt.nan();
            }
            if xn {
                return a[1];
            }
            if yn {
                return a[0];
            }
            // -0 is below +0.
            let less = x < y || x == y && a[0] & 0x8000 != 0;
            if (op == Arith::Min) == less {
                a[0]
            } else {
                a[1]
            }
        }
        Arith::Ex2 => {
            if x.is_nan() {
                return fmt.nan();
            }
            let r = ApproxOp::Exp2.eval(x, 0.0, true) as f32;
            rn(f64::from(r))
        }
        Arith::Tanh => {
            if x.is_nan() {
                return fmt.nan();
            }
            rn(f64::from(x.tanh() as f32))
        }
    }
}

/// A float value's round to an integral value in `mode`.
fn round_integral(v: f64, mode: Rounding) -> f64 {
    match mode {
        Rounding::Nearest => v.round_ties_even(),
        Rounding::Zero => v.trunc(),
        Rounding::Down => v.floor(),
        Rounding::Up => v.ceil(),
    }
}

#[allow(clippy::too_many_arguments)]
fn cvt(
    to: CTy,
    from: CTy,
    mode: Rounding,
    int: bool,
    ftz: bool,
    sat: bool,
    relu: bool,
    s: [u64; 3],
) -> u64 {
    // The source's exact value (or, for wide integers, rounded to odd).
    let value = |bits: u64, ty: CTy| -> f64 {
        match ty {
            CTy::Half(f) => f.to_f64(f.flush(bits, ftz)),
            CTy::F32 => {
                let x = f32::from_bits(bits as u32);
                let x = if ftz && x.is_subnormal() {
                    0.0f32.copysign(x)
                } else {
                    x
                };
                f64::from(x)
            }
            CTy::F64 => f64::from_bits(bits),
            CTy::Int { bits: b, signed } => int_to_f64_odd(bits, b, signed),
            CTy::Pair(_) => 0.0,
        }
    };
    match to {
        CTy::Pair(f) => {
            let h = |v: u64| post(f, f.round(value(v, CTy::F32), mode), false, sat, relu);
            (h(s[0]) << 16) | h(s[1])
        }
        CTy::Half(f) => {
            let mut v = value(s[0], from);
            if int {
                v = round_integral(v, mode);
            }
            let r = if int {
                f.round(v, Rounding::Nearest)
            } else {
                f.round(v, mode)
            };
            post(f, r, ftz, sat, relu)
        }
        CTy::F32 => {
            let v = value(s[0], from);
            let v = if int { round_integral(v, mode) } else { v };
            let r = if v.is_nan() {
                f32::from_bits(0x7fff_ffff)
            } else {
                v as f32
            };
            let r = if sat {
                if r.is_nan() {
                    0.0
                } else {
                    r.clamp(0.0, 1.0)
                }
            } else {
                r
            };
            u64::from(r.to_bits())
        }
        CTy::F64 => {
            let v = value(s[0], from);
            let v = if int { round_integral(v, mode) } else { v };
            if v.is_nan() {
                0x7fff_ffff_ffff_ffff
            } else {
                v.to_bits()
            }
        }
        CTy::Int { bits, signed } => {
            let v = value(s[0], from);
            if v.is_nan() {
                return 0;
            }
            let v = round_integral(v, mode);
            let (lo, hi) = if signed {
                (
                    -(2f64.powi(bits as i32 - 1)),
                    2f64.powi(bits as i32 - 1) - 1.0,
                )
            } else {
                (0.0, 2f64.powi(bits as i32) - 1.0)
            };
            let v = v.clamp(lo, hi);
            let mask = if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
            if signed {
                (v as i64 as u64) & mask
            } else {
                (v as u64) & mask
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(op: &str, s: [u64; 3]) -> u64 {
        HalfInst::parse(op)
            .unwrap_or_else(|| panic!("{op}"))
            .eval(s)
    }

    #[test]
    fn rounding_to_half_and_bfloat16() {
        let f = Fmt::F16;
        assert_eq!(f.round(1.0, Rounding::Nearest), 0x3c00);
        assert_eq!(f.round(65504.0, Rounding::Nearest), 0x7bff);
        assert_eq!(f.round(65520.0, Rounding::Nearest), 0x7c00);
        assert_eq!(f.round(65520.0, Rounding::Zero), 0x7bff);
        assert_eq!(f.round(-1e9, Rounding::Up), 0xfbff);
        assert_eq!(f.round(2f64.powi(-24), Rounding::Nearest), 1);
        assert_eq!(f.round(2f64.powi(-25), Rounding::Nearest), 0);
        assert_eq!(f.round(2f64.powi(-25), Rounding::Up), 1);
        assert_eq!(f.round(1.0 + 2f64.powi(-11), Rounding::Nearest), 0x3c00);
        assert_eq!(f.round(1.0 + 2f64.powi(-11), Rounding::Up), 0x3c01);
        assert_eq!(f.round(-(1.0 + 2f64.powi(-11)), Rounding::Down), 0xbc01);
        assert_eq!(f.round(2.0 - 2f64.powi(-12), Rounding::Nearest), 0x4000);
        for h in 0..0x7c00u64 {
            assert_eq!(f.round(f.to_f64(h), Rounding::Zero), h);
            assert_eq!(f.round(-f.to_f64(h), Rounding::Nearest), h | 0x8000);
        }
        let b = Fmt::BF16;
        assert_eq!(b.round(1.0, Rounding::Nearest), 0x3f80);
        assert_eq!(b.round(f64::from(f32::MAX), Rounding::Nearest), 0x7f80);
        assert_eq!(b.round(f64::from(f32::MAX), Rounding::Zero), 0x7f7f);
        for h in (0..0x7f80u64).step_by(7) {
            assert_eq!(b.round(b.to_f64(h), Rounding::Nearest), h);
            // bfloat16 is the top half of an f32.
            assert_eq!(
                b.to_f64(h),
                f64::from(f32::from_bits((h as u32) << 16)),
                "{h:#x}"
            );
        }
    }

    #[test]
    fn fma_rounds_once() {
        // 7 × 37 = 259 lies midway between the bfloat16 values 258 and 260:
        // a tiny negative addend decides for 258, where rounding to f64
        // first (259) and then to bfloat16 (ties to even) would give 260.
        let b = Fmt::BF16;
        let r = |v: f64| b.round(v, Rounding::Nearest);
        let fma = |c: f64| b.to_f64(run("fma.rn.bf16", [r(7.0), r(37.0), r(c)]));
        assert_eq!(fma(-(2f64.powi(-100))), 258.0);
        assert_eq!(fma(0.0), 260.0);
        assert_eq!(fma(2f64.powi(-100)), 260.0);
        assert_eq!(b.to_f64(run("mul.rn.bf16", [r(7.0), r(37.0), 0])), 260.0);
        // sm_80's bfloat16 add: fma.rn.bf16 a, 1.0, b.
        assert_eq!(run("fma.rn.bf16", [r(1.5), 0x3f80, r(2.0)]), r(3.5));
    }

    #[test]
    fn packed_arithmetic_works_lane_by_lane() {
        let two = 0x4000u64;
        let one = 0x3c00u64;
        let x = (two << 16) | one; // (lo 1.0, hi 2.0)
        assert_eq!(run("add.f16x2", [x, x, 0]), (0x4400 << 16) | two);
        assert_eq!(run("mul.rn.f16x2", [x, x, 0]), (0x4400 << 16) | one);
        assert_eq!(run("fma.rn.f16x2", [x, x, x]), (0x4600 << 16) | two);
        assert_eq!(run("add.sat.f16x2", [x, x, 0]), (one << 16) | one);
        assert_eq!(run("neg.bf16x2", [0x3f80_3f80, 0, 0]), 0xbf80_bf80);
        assert_eq!(run("set.lt.u32.f16x2", [x, (one << 16) | two, 0]), 0xffff);
        assert_eq!(run("set.lt.f16x2.f16x2", [x, (one << 16) | two, 0]), 0x3c00);
        assert_eq!(run("setp.gt.f16", [two, one, 0]), 1);
        assert_eq!(run("min.f16", [0x7e00, one, 0]), one);
        assert_eq!(run("min.NaN.f16", [0x7e00, one, 0]), 0x7fff);
        assert_eq!(run("max.bf16", [0x8000, 0, 0]), 0);
    }

    #[test]
    fn conversions_round_in_every_mode() {
        let third = u64::from((1.0f32 / 3.0).to_bits());
        assert_eq!(run("cvt.rn.f16.f32", [third, 0, 0]), 0x3555);
        assert_eq!(run("cvt.rp.f16.f32", [third, 0, 0]), 0x3556);
        assert_eq!(run("cvt.rn.bf16.f32", [third, 0, 0]), 0x3eab);
        assert_eq!(run("cvt.rz.bf16.f32", [third, 0, 0]), 0x3eaa);
        let one = u64::from(1.0f32.to_bits());
        assert_eq!(run("cvt.rn.f16x2.f32", [one, third, 0]), 0x3c00_3555);
        assert_eq!(run("cvt.f32.bf16", [0x3f80, 0, 0]), one);
        assert_eq!(
            run("cvt.rzi.s32.f16", [0xc500, 0, 0]) as u32,
            (-5i32) as u32
        );
        assert_eq!(run("cvt.rmi.f16.f16", [0x3e00, 0, 0]), 0x3c00);
        assert_eq!(run("cvt.rn.f16.s32", [70000, 0, 0]), 0x7c00);
        assert_eq!(run("cvt.rz.f16.s32", [70000, 0, 0]), 0x7bff);
        assert_eq!(run("cvt.rn.f16.u64", [u64::MAX, 0, 0]), 0x7c00);
        assert_eq!(run("cvt.rn.bf16.s64", [(1u64 << 60) + 1, 0, 0]), 0x5d80);
        assert_eq!(run("cvt.rzi.u8.f16", [0x5cb0, 0, 0]), 0xff);
        assert!(HalfInst::parse("add.f32").is_none());
        let (one, two) = (u64::from(1.0f32.to_bits()), u64::from(2.0f32.to_bits()));
        assert_eq!(run("set.lt.f32.f32", [one, two, 0]), one);
        assert_eq!(run("set.ge.u32.f32", [one, two, 0]), 0);
        assert!(HalfInst::parse("cvt.rn.f32.s32").is_none());
        // sm_89's fp8 pairs: 1.0 and -448 (the high code from the first source).
        let e4 = HalfInst::parse("cvt.rn.satfinite.e4m3x2.f32").unwrap();
        assert_eq!(
            e4.eval([0x3f80_0000, (-448.0f32).to_bits() as u64, 0]),
            0x38fe
        );
        assert_eq!(run("cvt.rn.f16x2.e4m3x2", [0x38fe, 0, 0]), 0x3c00_df00);
        assert_eq!(
            run("cvt.rn.satfinite.e5m2x2.f16x2", [0x3c00_7c00, 0, 0]),
            0x3c7b
        );
        assert!(HalfInst::parse("cvt.rn.e4m3x2.f32").is_none());
    }
}
