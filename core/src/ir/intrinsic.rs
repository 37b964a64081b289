//! Intrinsics as typed values: `Intrinsic` is what an IR call of `@llvm.*`
//! calls. Its name text (`llvm.sqrt.f32`, `llvm.nvvm.add.rz.ftz.f`,
//! `llvm.nvvm.shfl.sync.idx.i32`, …) exists only here: `Intrinsic::parse`
//! reads it (the IR parser, the built-in table's names when irgen makes the
//! call) and `Intrinsic::name` writes it (the IR printer); `parse(name())` is
//! the identity. Passes, isel and the interpreter match on the variants.
//! Two families carry a PTX spelling as their parameter: `Ptx` (the 16-bit
//! float instructions, `llvm.nvvm.ptx.add.f16x2`, decoded by the machine
//! model's `half.rs`) and `Texture` (the geometry and types of a fetch or
//! surface access, `llvm.nvvm.tex.unified.2d.v4f32.f32`).

use crate::ir::addrspace;
use std::fmt;

use crate::wmma::Wmma;

/// A float type of a generic intrinsic (`llvm.fma.f16`, `.f32`, `.f64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatTy {
    F16,
    F32,
    F64,
}

/// An integer width of a generic intrinsic (`llvm.ctpop.i32`, `.i64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntTy {
    I32,
    I64,
}

/// The generic float math intrinsics (`llvm.<fn>.<type>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FloatFn {
    Sqrt,
    Fabs,
    MinNum,
    MaxNum,
    Floor,
    Ceil,
    Trunc,
    Rint,
    Fma,
    CopySign,
}

/// The generic bit intrinsics (`llvm.<fn>.<width>`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BitFn {
    Ctpop,
    Ctlz,
    Cttz,
    BitReverse,
    /// `fshl(hi, lo, s)`: the high half of `hi:lo << s`.
    Fshl,
    /// `fshr(hi, lo, s)`: the low half of `hi:lo >> s`.
    Fshr,
}

/// PTX's rounding modes in NVVM's names (`rn`, `rz`, `rm`, `rp`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    Rn,
    Rz,
    Rm,
    Rp,
}

/// NVVM's correctly rounded float operations (`llvm.nvvm.add.rz.f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RoundOp {
    Add,
    /// Not NVVM's (clang's `__fsub_rn` is an add of the negation); ours, so
    /// that `__fsub_rz`/`__dsub_rn` are the `sub.rz.f32` nvcc writes.
    Sub,
    Mul,
    Fma,
    Div,
    Rcp,
    Sqrt,
}

/// NVVM's approximate float operations (`llvm.nvvm.sin.approx.ftz.f`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ApproxOp {
    Sin,
    Cos,
    Ex2,
    Lg2,
    Rsqrt,
    Rcp,
    Sqrt,
    Div,
    /// `tanh.approx.f32` (sm_75+; no `.ftz` form).
    Tanh,
}

/// A number type of NVVM's conversions (`f2i`, `ull2d`, `d2f`): f32, f64
/// and the four integers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NumTy {
    F,
    D,
    I,
    Ui,
    Ll,
    Ull,
}

impl NumTy {
    pub fn is_float(self) -> bool {
        matches!(self, NumTy::F | NumTy::D)
    }
    /// The width in bits.
    pub fn bits(self) -> u32 {
        match self {
            NumTy::F | NumTy::I | NumTy::Ui => 32,
            NumTy::D | NumTy::Ll | NumTy::Ull => 64,
        }
    }
    pub fn is_signed(self) -> bool {
        matches!(self, NumTy::I | NumTy::Ll)
    }
    /// PTX's type suffix (`.f32`, `.s64`, …).
    pub fn ptx(self) -> &'static str {
        match self {
            NumTy::F => ".f32",
            NumTy::D => ".f64",
            NumTy::I => ".s32",
            NumTy::Ui => ".u32",
            NumTy::Ll => ".s64",
            NumTy::Ull => ".u64",
        }
    }
}

/// A special register `llvm.nvvm.read.ptx.sreg.*` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sreg {
    /// `tid`, `ntid`, `ctaid`, `nctaid` and the axis (0 = x, 1 = y, 2 = z).
    Tid(u8),
    Ntid(u8),
    Ctaid(u8),
    Nctaid(u8),
    LaneId,
    WarpSize,
    Clock,
    Clock64,
    /// `envreg1`, `envreg2`, … (the driver's environment).
    EnvReg(u8),
}

/// The reductions of `llvm.nvvm.barrier0.{popc,and,or}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BarrierRed {
    Popc,
    And,
    Or,
}

/// `llvm.nvvm.vote.{ballot,any,all}.sync`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VoteOp {
    Ballot,
    Any,
    All,
}

/// `llvm.nvvm.redux.sync.<op>` (`umin`/`umax` unsigned).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduxOp {
    Add,
    Min,
    Max,
    UMin,
    UMax,
    And,
    Or,
    Xor,
}

/// `llvm.nvvm.shfl.sync.<mode>`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ShflMode {
    Idx,
    Up,
    Down,
    Bfly,
}

/// `llvm.nvvm.mbarrier.*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MbarrierOp {
    Init,
    Inval,
    Arrive,
    ArriveNoComplete,
    ArriveDrop,
    TestWait,
    TryWait,
    /// `mbarrier.test_wait.parity`/`try_wait.parity`: the wait for the
    /// phase of a parity (as `cuda::pipeline` waits), not of a token.
    TestWaitParity,
    TryWaitParity,
    PendingCount,
}

/// The texture and surface families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TexOp {
    /// `llvm.nvvm.tex.unified.<geometry>.v4<T>.<coord>`: a fetch.
    Tex,
    /// `llvm.nvvm.tld4.unified.<comp>.2d.v4<T>.f32`: a gather.
    Tld4,
    /// `llvm.nvvm.suld.<dim>.<T>.<mode>`: a surface read.
    Suld,
    /// `llvm.nvvm.sust.b.<dim>.<T>.<mode>`: a surface write.
    Sust,
}

/// Which bytes of `b` a `dp2a` multiplies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DotHalf {
    Lo,
    Hi,
}

/// An intrinsic an IR call calls.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Intrinsic {
    /// `llvm.trap`.
    Trap,
    /// `llvm.sqrt.f32`, `llvm.fma.f64`, …
    Float(FloatFn, FloatTy),
    /// `llvm.ctpop.i32`, `llvm.fshl.i32`, …
    Bits(BitFn, IntTy),
    /// `llvm.nvvm.mulhi.{i,ui,ll,ull}`.
    MulHi { signed: bool, wide: bool },
    /// `llvm.nvvm.mul24.{i,ui}`.
    Mul24 { signed: bool },
    /// `llvm.nvvm.sad.{i,ui}`.
    Sad { signed: bool },
    /// `llvm.nvvm.prmt`.
    Prmt,
    /// `llvm.nvvm.fns` (`__fns(mask, base, offset)`: the position of the
    /// offset-th set bit of mask from bit base, `fns.b32`).
    Fns,
    /// `llvm.nvvm.isspacep.{global,shared,const,local}` (`__isGlobal`, …):
    /// whether a generic pointer points into the space (an `i1`).
    IsSpace(u32),
    /// `llvm.nvvm.idp4a.<a>.<b>` (`dp4a`: four byte products added to a
    /// 32-bit value) and `llvm.nvvm.idp2a.{lo,hi}.<a>.<b>` (`dp2a`: two
    /// 16-bit × byte products, the low or high bytes of `b`); `<a>`/`<b>`
    /// `s` or `u`. (LLVM passes dp2a's half as an immediate `i1`; here it
    /// is part of the name, so every operand is an `i32`.)
    Dot {
        two: Option<DotHalf>,
        a_signed: bool,
        b_signed: bool,
    },
    /// `llvm.nvvm.<op>.<mode>[.ftz].{f,d}`.
    Rounded {
        op: RoundOp,
        mode: Rounding,
        ftz: bool,
        double: bool,
    },
    /// `llvm.nvvm.<op>.approx[.ftz].{f,d}`.
    Approx {
        op: ApproxOp,
        ftz: bool,
        double: bool,
    },
    /// `llvm.nvvm.saturate[.ftz].{f,d}`.
    Saturate { ftz: bool, double: bool },
    /// `llvm.nvvm.<from>2<to>.<mode>[.ftz]` (`f2i.rn`, `ull2d.rz`, `d2f.rp.ftz`).
    Convert {
        from: NumTy,
        to: NumTy,
        mode: Rounding,
        ftz: bool,
    },
    /// `llvm.nvvm.bitcast.f2i` (`to_int`) / `llvm.nvvm.bitcast.i2f`.
    Bitcast { to_int: bool },
    /// `llvm.nvvm.read.ptx.sreg.<register>`.
    Sreg(Sreg),
    /// `llvm.nvvm.barrier0`.
    Barrier0,
    /// `llvm.nvvm.barrier.sync`.
    BarrierSync,
    /// `llvm.nvvm.barrier0.{popc,and,or}`.
    BarrierRed(BarrierRed),
    /// `llvm.nvvm.bar.warp.sync`.
    BarWarpSync,
    /// `llvm.nvvm.activemask`.
    ActiveMask,
    /// `llvm.nvvm.vote.<op>.sync`.
    Vote(VoteOp),
    /// `llvm.nvvm.match.{any,all}.sync.{i32,i64}`.
    Match { all: bool, wide: bool },
    /// `llvm.nvvm.redux.sync.<op>`.
    Redux(ReduxOp),
    /// `llvm.nvvm.shfl.sync.<mode>.{i32,f32}`.
    Shfl { mode: ShflMode, float: bool },
    /// `llvm.nvvm.cp.async.{ca,cg}.shared.global.<size>.s`.
    CpAsync { cg: bool, size: u8 },
    /// `llvm.nvvm.cp.async.commit.group`.
    CpAsyncCommitGroup,
    /// `llvm.nvvm.cp.async.wait.group`.
    CpAsyncWaitGroup,
    /// `llvm.nvvm.cp.async.wait.all`.
    CpAsyncWaitAll,
    /// `llvm.nvvm.cp.async.mbarrier.arrive.noinc.shared`.
    CpAsyncMbarrierArrive,
    /// `llvm.nvvm.mbarrier.<op>`.
    Mbarrier(MbarrierOp),
    /// `llvm.nvvm.wmma.*` (the table of `crate::wmma`).
    Wmma(Wmma),
    /// `llvm.nvvm.ptx.<instruction>`: a 16-bit float instruction, carrying
    /// its PTX spelling (`add.f16x2`).
    Ptx(String),
    /// `llvm.nvvm.ld.global.<op>.<type>` / `llvm.nvvm.st.global.<op>.<type>`:
    /// a load or store with a cache operator (`__ldcs`, `__stwt`, …),
    /// carrying its PTX spelling (`ld.global.cs.v4.s32`).
    CacheAccess(String),
    /// A texture fetch or surface access and the rest of its name
    /// (`2d.v4f32.f32`).
    Texture(TexOp, String),
}

const ROUNDINGS: [(Rounding, &str); 4] = [
    (Rounding::Rn, "rn"),
    (Rounding::Rz, "rz"),
    (Rounding::Rm, "rm"),
    (Rounding::Rp, "rp"),
];
const FLOAT_FNS: [(FloatFn, &str); 10] = [
    (FloatFn::Sqrt, "sqrt"),
    (FloatFn::Fabs, "fabs"),
    (FloatFn::MinNum, "minnum"),
    (FloatFn::MaxNum, "maxnum"),
    (FloatFn::Floor, "floor"),
    (FloatFn::Ceil, "ceil"),
    (FloatFn::Trunc, "trunc"),
    (FloatFn::Rint, "rint"),
    (FloatFn::Fma, "fma"),
    (FloatFn::CopySign, "copysign"),
];
const BIT_FNS: [(BitFn, &str); 6] = [
    (BitFn::Ctpop, "ctpop"),
    (BitFn::Ctlz, "ctlz"),
    (BitFn::Cttz, "cttz"),
    (BitFn::BitReverse, "bitreverse"),
    (BitFn::Fshl, "fshl"),
    (BitFn::Fshr, "fshr"),
];
const ROUND_OPS: [(RoundOp, &str); 7] = [
    (RoundOp::Add, "add"),
    (RoundOp::Sub, "sub"),
    (RoundOp::Mul, "mul"),
    (RoundOp::Fma, "fma"),
    (RoundOp::Div, "div"),
    (RoundOp::Rcp, "rcp"),
    (RoundOp::Sqrt, "sqrt"),
];
const APPROX_OPS: [(ApproxOp, &str); 9] = [
    (ApproxOp::Sin, "sin"),
    (ApproxOp::Cos, "cos"),
    (ApproxOp::Ex2, "ex2"),
    (ApproxOp::Lg2, "lg2"),
    (ApproxOp::Rsqrt, "rsqrt"),
    (ApproxOp::Rcp, "rcp"),
    (ApproxOp::Sqrt, "sqrt"),
    (ApproxOp::Div, "div"),
    (ApproxOp::Tanh, "tanh"),
];
const NUM_TYS: [(NumTy, &str); 6] = [
    (NumTy::F, "f"),
    (NumTy::D, "d"),
    (NumTy::I, "i"),
    (NumTy::Ui, "ui"),
    (NumTy::Ll, "ll"),
    (NumTy::Ull, "ull"),
];
const REDUX_OPS: [(ReduxOp, &str); 8] = [
    (ReduxOp::Add, "add"),
    (ReduxOp::Min, "min"),
    (ReduxOp::Max, "max"),
    (ReduxOp::UMin, "umin"),
    (ReduxOp::UMax, "umax"),
    (ReduxOp::And, "and"),
    (ReduxOp::Or, "or"),
    (ReduxOp::Xor, "xor"),
];
const SHFL_MODES: [(ShflMode, &str); 4] = [
    (ShflMode::Idx, "idx"),
    (ShflMode::Up, "up"),
    (ShflMode::Down, "down"),
    (ShflMode::Bfly, "bfly"),
];
const MBARRIER_OPS: [(MbarrierOp, &str); 10] = [
    (MbarrierOp::Init, "init.shared"),
    (MbarrierOp::Inval, "inval.shared"),
    (MbarrierOp::Arrive, "arrive.shared"),
    (MbarrierOp::ArriveNoComplete, "arrive.noComplete.shared"),
    (MbarrierOp::ArriveDrop, "arrive.drop.shared"),
    (MbarrierOp::TestWait, "test.wait.shared"),
    (MbarrierOp::TryWait, "try.wait.shared"),
    (MbarrierOp::TestWaitParity, "test.wait.parity.shared"),
    (MbarrierOp::TryWaitParity, "try.wait.parity.shared"),
    (MbarrierOp::PendingCount, "pending.count"),
];
const TEX_OPS: [(TexOp, &str); 4] = [
    (TexOp::Tex, "llvm.nvvm.tex.unified."),
    (TexOp::Tld4, "llvm.nvvm.tld4.unified."),
    (TexOp::Suld, "llvm.nvvm.suld."),
    (TexOp::Sust, "llvm.nvvm.sust.b."),
];
const AXES: [&str; 3] = ["x", "y", "z"];

/// The spelling of `v` in a (value, spelling) table.
fn spell<T: PartialEq + Copy>(table: &[(T, &'static str)], v: T) -> &'static str {
    table.iter().find(|(t, _)| *t == v).map_or("", |(_, s)| *s)
}

/// The value spelled `s` in a (value, spelling) table.
fn read<T: Copy>(table: &[(T, &'static str)], s: &str) -> Option<T> {
    table.iter().find(|(_, n)| *n == s).map(|(t, _)| *t)
}

impl Rounding {
    /// NVVM's name (`rn`).
    pub fn name(self) -> &'static str {
        spell(&ROUNDINGS, self)
    }
}

impl FloatTy {
    fn name(self) -> &'static str {
        match self {
            FloatTy::F16 => "f16",
            FloatTy::F32 => "f32",
            FloatTy::F64 => "f64",
        }
    }
}

impl FloatFn {
    /// The arguments it takes.
    pub fn arity(self) -> usize {
        match self {
            FloatFn::Fma => 3,
            FloatFn::MinNum | FloatFn::MaxNum | FloatFn::CopySign => 2,
            _ => 1,
        }
    }
}

impl Sreg {
    /// The PTX register's name without `%` (`tid.x`, `clock64`).
    pub fn name(self) -> String {
        let axis = |r: &str, a: u8| format!("{r}.{}", AXES[usize::from(a)]);
        match self {
            Sreg::Tid(a) => axis("tid", a),
            Sreg::Ntid(a) => axis("ntid", a),
            Sreg::Ctaid(a) => axis("ctaid", a),
            Sreg::Nctaid(a) => axis("nctaid", a),
            Sreg::LaneId => "laneid".into(),
            Sreg::WarpSize => "warpsize".into(),
            Sreg::Clock => "clock".into(),
            Sreg::Clock64 => "clock64".into(),
            Sreg::EnvReg(n) => format!("envreg{n}"),
        }
    }

    fn parse(s: &str) -> Option<Sreg> {
        Some(match s {
            "laneid" => Sreg::LaneId,
            "warpsize" => Sreg::WarpSize,
            "clock" => Sreg::Clock,
            "clock64" => Sreg::Clock64,
            _ => {
                if let Some(n) = s.strip_prefix("envreg") {
                    let n: u8 = n.parse().ok()?;
                    return (n < 32 && format!("envreg{n}") == s).then_some(Sreg::EnvReg(n));
                }
                let (r, a) = s.split_once('.')?;
                let a = AXES.iter().position(|x| *x == a)? as u8;
                match r {
                    "tid" => Sreg::Tid(a),
                    "ntid" => Sreg::Ntid(a),
                    "ctaid" => Sreg::Ctaid(a),
                    "nctaid" => Sreg::Nctaid(a),
                    _ => return None,
                }
            }
        })
    }
}

/// `[.ftz].{f,d}` after an NVVM float operation.
fn ftz_float(parts: &[&str]) -> Option<(bool, bool)> {
    let double = |t: &str| match t {
        "f" => Some(false),
        "d" => Some(true),
        _ => None,
    };
    match parts {
        [t] => Some((false, double(t)?)),
        ["ftz", t] => Some((true, double(t)?)),
        _ => None,
    }
}

fn ftz_text(ftz: bool) -> &'static str {
    if ftz {
        ".ftz"
    } else {
        ""
    }
}

fn fd(double: bool) -> &'static str {
    if double {
        "d"
    } else {
        "f"
    }
}

impl Intrinsic {
    /// The intrinsic an IR name calls; `None` for anything else (a function,
    /// or an `llvm.*` name we do not know).
    pub fn parse(name: &str) -> Option<Intrinsic> {
        let rest = name.strip_prefix("llvm.")?;
        if rest == "trap" {
            return Some(Intrinsic::Trap);
        }
        let Some(nv) = rest.strip_prefix("nvvm.") else {
            let (base, ty) = rest.rsplit_once('.')?;
            if let Some(f) = read(&FLOAT_FNS, base) {
                let ty = match ty {
                    "f16" => FloatTy::F16,
                    "f32" => FloatTy::F32,
                    "f64" => FloatTy::F64,
                    _ => return None,
                };
                return Some(Intrinsic::Float(f, ty));
            }
            let ty = match ty {
                "i32" => IntTy::I32,
                "i64" => IntTy::I64,
                _ => return None,
            };
            return Some(Intrinsic::Bits(read(&BIT_FNS, base)?, ty));
        };
        if let Some(w) = Wmma::parse_intrinsic(name) {
            return Some(Intrinsic::Wmma(w));
        }
        if let Some(spelling) = nv.strip_prefix("ptx.") {
            return (!spelling.is_empty()).then(|| Intrinsic::Ptx(spelling.to_string()));
        }
        if let Some(rest) = nv
            .strip_prefix("ld.global.")
            .or_else(|| nv.strip_prefix("st.global."))
        {
            return (rest.split('.').count() >= 2).then(|| Intrinsic::CacheAccess(nv.to_string()));
        }
        if let Some((op, prefix)) = TEX_OPS.iter().find(|(_, p)| name.starts_with(p)) {
            let rest = &name[prefix.len()..];
            return (!rest.is_empty()).then(|| Intrinsic::Texture(*op, rest.to_string()));
        }
        if let Some(sreg) = nv.strip_prefix("read.ptx.sreg.") {
            return Sreg::parse(sreg).map(Intrinsic::Sreg);
        }
        if let Some(op) = nv.strip_prefix("redux.sync.") {
            return read(&REDUX_OPS, op).map(Intrinsic::Redux);
        }
        if let Some(m) = nv.strip_prefix("mbarrier.") {
            return read(&MBARRIER_OPS, m).map(Intrinsic::Mbarrier);
        }
        if let Some(d) = Self::parse_dot(nv) {
            return Some(d);
        }
        if let Some(s) = nv.strip_prefix("shfl.sync.") {
            let (mode, ty) = s.split_once('.')?;
            let float = match ty {
                "i32" => false,
                "f32" => true,
                _ => return None,
            };
            let mode = read(&SHFL_MODES, mode)?;
            return Some(Intrinsic::Shfl { mode, float });
        }
        let simple = match nv {
            "mulhi.i" => Some(Intrinsic::MulHi {
                signed: true,
                wide: false,
            }),
            "mulhi.ui" => Some(Intrinsic::MulHi {
                signed: false,
                wide: false,
            }),
            "mulhi.ll" => Some(Intrinsic::MulHi {
                signed: true,
                wide: true,
            }),
            "mulhi.ull" => Some(Intrinsic::MulHi {
                signed: false,
                wide: true,
            }),
            "mul24.i" => Some(Intrinsic::Mul24 { signed: true }),
            "mul24.ui" => Some(Intrinsic::Mul24 { signed: false }),
            "sad.i" => Some(Intrinsic::Sad { signed: true }),
            "sad.ui" => Some(Intrinsic::Sad { signed: false }),
            "prmt" => Some(Intrinsic::Prmt),
            "fns" => Some(Intrinsic::Fns),
            "isspacep.global" => Some(Intrinsic::IsSpace(addrspace::GLOBAL)),
            "isspacep.shared" => Some(Intrinsic::IsSpace(addrspace::SHARED)),
            "isspacep.const" => Some(Intrinsic::IsSpace(addrspace::CONST)),
            "isspacep.local" => Some(Intrinsic::IsSpace(addrspace::LOCAL)),
            "bitcast.f2i" => Some(Intrinsic::Bitcast { to_int: true }),
            "bitcast.i2f" => Some(Intrinsic::Bitcast { to_int: false }),
            "barrier0" => Some(Intrinsic::Barrier0),
            "barrier.sync" => Some(Intrinsic::BarrierSync),
            "barrier0.popc" => Some(Intrinsic::BarrierRed(BarrierRed::Popc)),
            "barrier0.and" => Some(Intrinsic::BarrierRed(BarrierRed::And)),
            "barrier0.or" => Some(Intrinsic::BarrierRed(BarrierRed::Or)),
            "bar.warp.sync" => Some(Intrinsic::BarWarpSync),
            "activemask" => Some(Intrinsic::ActiveMask),
            "vote.ballot.sync" => Some(Intrinsic::Vote(VoteOp::Ballot)),
            "vote.any.sync" => Some(Intrinsic::Vote(VoteOp::Any)),
            "vote.all.sync" => Some(Intrinsic::Vote(VoteOp::All)),
            "match.any.sync.i32" => Some(Intrinsic::Match {
                all: false,
                wide: false,
            }),
            "match.any.sync.i64" => Some(Intrinsic::Match {
                all: false,
                wide: true,
            }),
            "match.all.sync.i32" => Some(Intrinsic::Match {
                all: true,
                wide: false,
            }),
            "match.all.sync.i64" => Some(Intrinsic::Match {
                all: true,
                wide: true,
            }),
            "cp.async.commit.group" => Some(Intrinsic::CpAsyncCommitGroup),
            "cp.async.wait.group" => Some(Intrinsic::CpAsyncWaitGroup),
            "cp.async.wait.all" => Some(Intrinsic::CpAsyncWaitAll),
            "cp.async.mbarrier.arrive.noinc.shared" => Some(Intrinsic::CpAsyncMbarrierArrive),
            "cp.async.ca.shared.global.4.s" => Some(Intrinsic::CpAsync { cg: false, size: 4 }),
            "cp.async.ca.shared.global.8.s" => Some(Intrinsic::CpAsync { cg: false, size: 8 }),
            "cp.async.ca.shared.global.16.s" => Some(Intrinsic::CpAsync {
                cg: false,
                size: 16,
            }),
            "cp.async.cg.shared.global.16.s" => Some(Intrinsic::CpAsync { cg: true, size: 16 }),
            _ => None,
        };
        if simple.is_some() {
            return simple;
        }
        Self::parse_float(nv)
    }

    /// `idp4a.s.u`, `idp2a.hi.u.u`, … (`llvm.nvvm.` stripped).
    fn parse_dot(nv: &str) -> Option<Intrinsic> {
        let parts: Vec<&str> = nv.split('.').collect();
        let (two, a, b) = match parts.as_slice() {
            ["idp4a", a, b] => (None, a, b),
            ["idp2a", "lo", a, b] => (Some(DotHalf::Lo), a, b),
            ["idp2a", "hi", a, b] => (Some(DotHalf::Hi), a, b),
            _ => return None,
        };
        let signed = |t: &str| match t {
            "s" => Some(true),
            "u" => Some(false),
            _ => None,
        };
        Some(Intrinsic::Dot {
            two,
            a_signed: signed(a)?,
            b_signed: signed(b)?,
        })
    }

    /// NVVM's float operations and conversions (`llvm.nvvm.` stripped).
    fn parse_float(nv: &str) -> Option<Intrinsic> {
        let parts: Vec<&str> = nv.split('.').collect();
        match parts.as_slice() {
            ["saturate", t @ ..] => {
                let (ftz, double) = ftz_float(t)?;
                Some(Intrinsic::Saturate { ftz, double })
            }
            [op, "approx", t @ ..] => {
                let (ftz, double) = ftz_float(t)?;
                let op = read(&APPROX_OPS, op)?;
                Some(Intrinsic::Approx { op, ftz, double })
            }
            [op, mode, t @ ..] if read(&ROUND_OPS, op).is_some() => {
                let (ftz, double) = ftz_float(t)?;
                Some(Intrinsic::Rounded {
                    op: read(&ROUND_OPS, op)?,
                    mode: read(&ROUNDINGS, mode)?,
                    ftz,
                    double,
                })
            }
            [conv, mode, ftz @ ..] => {
                let ftz = match ftz {
                    [] => false,
                    ["ftz"] => true,
                    _ => return None,
                };
                let (from, to) = conv.split_once('2')?;
                let (from, to) = (read(&NUM_TYS, from)?, read(&NUM_TYS, to)?);
                // Floats to integers and back, and f64 to f32; `.ftz` only
                // where an f32 is involved.
                let valid = from.is_float() != to.is_float() || (from, to) == (NumTy::D, NumTy::F);
                (valid && (!ftz || from == NumTy::F || to == NumTy::F)).then_some(
                    Intrinsic::Convert {
                        from,
                        to,
                        mode: read(&ROUNDINGS, mode)?,
                        ftz,
                    },
                )
            }
            _ => None,
        }
    }

    /// Whether `name` is in the intrinsics' namespace (`llvm.*`): a call of
    /// such a name that `parse` does not know is an unknown intrinsic, never
    /// a function.
    pub fn reserved(name: &str) -> bool {
        name.starts_with("llvm.")
    }

    /// The IR name (`llvm.nvvm.add.rz.ftz.f`): `parse`'s inverse.
    pub fn name(&self) -> String {
        self.to_string()
    }

    /// Writes the IR name without building a string first (the printer's
    /// path): `llvm.`, then for NVVM's `nvvm.` and the rest.
    fn write_name(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = |signed: bool| if signed { "i" } else { "ui" };
        let rest = match self {
            Intrinsic::Trap => return out.write_str("llvm.trap"),
            Intrinsic::Float(f, t) => {
                return write!(out, "llvm.{}.{}", spell(&FLOAT_FNS, *f), t.name())
            }
            Intrinsic::Bits(f, t) => {
                let t = if *t == IntTy::I32 { "i32" } else { "i64" };
                return write!(out, "llvm.{}.{t}", spell(&BIT_FNS, *f));
            }
            Intrinsic::Wmma(w) => return out.write_str(&w.intrinsic()),
            Intrinsic::Texture(op, rest) => {
                return write!(out, "{}{rest}", spell(&TEX_OPS, *op));
            }
            _ => self,
        };
        out.write_str("llvm.nvvm.")?;
        match rest {
            Intrinsic::MulHi { signed, wide } => out.write_str(match (signed, wide) {
                (true, false) => "mulhi.i",
                (false, false) => "mulhi.ui",
                (true, true) => "mulhi.ll",
                (false, true) => "mulhi.ull",
            }),
            Intrinsic::Mul24 { signed } => write!(out, "mul24.{}", sign(*signed)),
            Intrinsic::Sad { signed } => write!(out, "sad.{}", sign(*signed)),
            Intrinsic::Prmt => out.write_str("prmt"),
            Intrinsic::Fns => out.write_str("fns"),
            Intrinsic::IsSpace(space) => write!(
                out,
                "isspacep.{}",
                match *space {
                    addrspace::GLOBAL => "global",
                    addrspace::SHARED => "shared",
                    addrspace::CONST => "const",
                    _ => "local",
                }
            ),
            Intrinsic::Dot {
                two,
                a_signed,
                b_signed,
            } => {
                let su = |s: bool| if s { "s" } else { "u" };
                match two {
                    None => out.write_str("idp4a")?,
                    Some(DotHalf::Lo) => out.write_str("idp2a.lo")?,
                    Some(DotHalf::Hi) => out.write_str("idp2a.hi")?,
                }
                write!(out, ".{}.{}", su(*a_signed), su(*b_signed))
            }
            Intrinsic::Rounded {
                op,
                mode,
                ftz,
                double,
            } => write!(
                out,
                "{}.{}{}.{}",
                spell(&ROUND_OPS, *op),
                mode.name(),
                ftz_text(*ftz),
                fd(*double)
            ),
            Intrinsic::Approx { op, ftz, double } => write!(
                out,
                "{}.approx{}.{}",
                spell(&APPROX_OPS, *op),
                ftz_text(*ftz),
                fd(*double)
            ),
            Intrinsic::Saturate { ftz, double } => {
                write!(out, "saturate{}.{}", ftz_text(*ftz), fd(*double))
            }
            Intrinsic::Convert {
                from,
                to,
                mode,
                ftz,
            } => write!(
                out,
                "{}2{}.{}{}",
                spell(&NUM_TYS, *from),
                spell(&NUM_TYS, *to),
                mode.name(),
                ftz_text(*ftz)
            ),
            Intrinsic::Bitcast { to_int } => out.write_str(if *to_int {
                "bitcast.f2i"
            } else {
                "bitcast.i2f"
            }),
            Intrinsic::Sreg(r) => write!(out, "read.ptx.sreg.{}", r.name()),
            Intrinsic::Barrier0 => out.write_str("barrier0"),
            Intrinsic::BarrierSync => out.write_str("barrier.sync"),
            Intrinsic::BarrierRed(r) => out.write_str(match r {
                BarrierRed::Popc => "barrier0.popc",
                BarrierRed::And => "barrier0.and",
                BarrierRed::Or => "barrier0.or",
            }),
            Intrinsic::BarWarpSync => out.write_str("bar.warp.sync"),
            Intrinsic::ActiveMask => out.write_str("activemask"),
            Intrinsic::Vote(v) => out.write_str(match v {
                VoteOp::Ballot => "vote.ballot.sync",
                VoteOp::Any => "vote.any.sync",
                VoteOp::All => "vote.all.sync",
            }),
            Intrinsic::Match { all, wide } => write!(
                out,
                "match.{}.sync.{}",
                if *all { "all" } else { "any" },
                if *wide { "i64" } else { "i32" }
            ),
            Intrinsic::Redux(op) => write!(out, "redux.sync.{}", spell(&REDUX_OPS, *op)),
            Intrinsic::Shfl { mode, float } => write!(
                out,
                "shfl.sync.{}.{}",
                spell(&SHFL_MODES, *mode),
                if *float { "f32" } else { "i32" }
            ),
            Intrinsic::CpAsync { cg, size } => write!(
                out,
                "cp.async.{}.shared.global.{size}.s",
                if *cg { "cg" } else { "ca" }
            ),
            Intrinsic::CpAsyncCommitGroup => out.write_str("cp.async.commit.group"),
            Intrinsic::CpAsyncWaitGroup => out.write_str("cp.async.wait.group"),
            Intrinsic::CpAsyncWaitAll => out.write_str("cp.async.wait.all"),
            Intrinsic::CpAsyncMbarrierArrive => {
                out.write_str("cp.async.mbarrier.arrive.noinc.shared")
            }
            Intrinsic::Mbarrier(op) => write!(out, "mbarrier.{}", spell(&MBARRIER_OPS, *op)),
            Intrinsic::Ptx(s) => write!(out, "ptx.{s}"),
            Intrinsic::CacheAccess(s) => out.write_str(s),
            // (Written above.)
            Intrinsic::Trap
            | Intrinsic::Float(..)
            | Intrinsic::Bits(..)
            | Intrinsic::Wmma(_)
            | Intrinsic::Texture(..) => Ok(()),
        }
    }

    /// Whether the call has no side effects: reads of special registers
    /// (not the clock, which changes as it is read), math, bit operations,
    /// the 16-bit float instructions, texture fetches (which read memory no
    /// kernel writes; surface accesses are not pure: a read may see a write).
    pub fn is_pure(&self) -> bool {
        match self {
            Intrinsic::Sreg(r) => !matches!(r, Sreg::Clock | Sreg::Clock64),
            Intrinsic::Bits(f, t) => *t == IntTy::I32 || !matches!(f, BitFn::Fshl | BitFn::Fshr),
            Intrinsic::MulHi { .. }
            | Intrinsic::Mul24 { .. }
            | Intrinsic::Sad { .. }
            | Intrinsic::Prmt
            | Intrinsic::Fns
            | Intrinsic::IsSpace(_)
            | Intrinsic::Dot { .. }
            | Intrinsic::Ptx(_)
            | Intrinsic::Float(..)
            | Intrinsic::Approx { .. }
            | Intrinsic::Saturate { .. }
            | Intrinsic::Convert { .. }
            | Intrinsic::Bitcast { .. } => true,
            // (`div.rn`… is not marked pure, as it never was.)
            Intrinsic::Rounded { op, .. } => *op != RoundOp::Div,
            Intrinsic::Texture(op, _) => matches!(op, TexOp::Tex | TexOp::Tld4),
            _ => false,
        }
    }

    /// Texture fetches and surface accesses: the calls whose result may be a
    /// vector of texels.
    pub fn is_texture(&self) -> bool {
        matches!(self, Intrinsic::Texture(..))
    }

    /// A barrier (`llvm.nvvm.barrier0`, `.barrier.sync`, `.barrier0.popc`, …).
    pub fn is_barrier(&self) -> bool {
        matches!(
            self,
            Intrinsic::Barrier0 | Intrinsic::BarrierSync | Intrinsic::BarrierRed(_)
        )
    }
}

impl fmt::Display for Intrinsic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_name(f)
    }
}

/// What a call calls: a function by name, or an intrinsic.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    Function(String),
    Intrinsic(Intrinsic),
}

impl Callee {
    /// The callee an IR name names: an intrinsic when `Intrinsic::parse`
    /// knows it, else a function (an unknown `llvm.*` name stays a function,
    /// which the verifier rejects and isel reports).
    pub fn named(name: &str) -> Callee {
        match Intrinsic::parse(name) {
            Some(i) => Callee::Intrinsic(i),
            None => Callee::Function(name.to_string()),
        }
    }

    /// The function's name, if it is one.
    pub fn function(&self) -> Option<&str> {
        match self {
            Callee::Function(n) => Some(n),
            Callee::Intrinsic(_) => None,
        }
    }

    pub fn intrinsic(&self) -> Option<&Intrinsic> {
        match self {
            Callee::Intrinsic(i) => Some(i),
            Callee::Function(_) => None,
        }
    }

    /// The name as the IR writes it (without `@`).
    pub fn name(&self) -> std::borrow::Cow<'_, str> {
        match self {
            Callee::Function(n) => n.as_str().into(),
            Callee::Intrinsic(i) => i.name().into(),
        }
    }

    /// Whether the call has no side effects (a pure intrinsic's).
    pub fn is_pure(&self) -> bool {
        self.intrinsic().is_some_and(Intrinsic::is_pure)
    }

    /// Whether this is a call of the function `name`.
    pub fn is_function(&self, name: &str) -> bool {
        self.function() == Some(name)
    }
}

impl From<Intrinsic> for Callee {
    fn from(i: Intrinsic) -> Callee {
        Callee::Intrinsic(i)
    }
}

impl fmt::Display for Callee {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Callee::Function(n) => f.write_str(n),
            Callee::Intrinsic(i) => i.write_name(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for name in [
            "llvm.trap",
            "llvm.sqrt.f32",
            "llvm.fma.f16",
            "llvm.copysign.f64",
            "llvm.ctpop.i64",
            "llvm.fshl.i32",
            "llvm.nvvm.mulhi.ull",
            "llvm.nvvm.mul24.i",
            "llvm.nvvm.sad.ui",
            "llvm.nvvm.prmt",
            "llvm.nvvm.add.rz.ftz.f",
            "llvm.nvvm.sqrt.rn.d",
            "llvm.nvvm.sin.approx.ftz.f",
            "llvm.nvvm.rcp.approx.ftz.d",
            "llvm.nvvm.saturate.f",
            "llvm.nvvm.f2i.rm.ftz",
            "llvm.nvvm.ull2d.rp",
            "llvm.nvvm.d2f.rn.ftz",
            "llvm.nvvm.bitcast.i2f",
            "llvm.nvvm.read.ptx.sreg.tid.x",
            "llvm.nvvm.read.ptx.sreg.nctaid.z",
            "llvm.nvvm.read.ptx.sreg.clock64",
            "llvm.nvvm.read.ptx.sreg.envreg2",
            "llvm.nvvm.barrier0.popc",
            "llvm.nvvm.vote.ballot.sync",
            "llvm.nvvm.match.all.sync.i64",
            "llvm.nvvm.redux.sync.umin",
            "llvm.nvvm.shfl.sync.bfly.f32",
            "llvm.nvvm.cp.async.cg.shared.global.16.s",
            "llvm.nvvm.cp.async.wait.group",
            "llvm.nvvm.mbarrier.arrive.noComplete.shared",
            "llvm.nvvm.mbarrier.pending.count",
            "llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p1",
            "llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32",
            "llvm.nvvm.ptx.add.f16x2",
            "llvm.nvvm.tex.unified.2d.v4f32.f32",
            "llvm.nvvm.sust.b.1d.v4i8.trap",
        ] {
            let i = Intrinsic::parse(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(i.name(), name);
        }
    }

    #[test]
    fn unknown_names_are_none() {
        for name in [
            "llvm.nvvm.add.rq.f",
            "llvm.nvvm.f2x.rn",
            "llvm.nvvm.barrier",
            "llvm.nvvm.redux.sync.",
            "llvm.sqrt.f8",
            "llvm.nvvm.read.ptx.sreg.tid.w",
            "llvm.nvvm.sin.approx.ftz.q",
            "llvm.nvvm.ptx.",
            "llvm.foo",
            "f",
        ] {
            assert_eq!(Intrinsic::parse(name), None, "{name}");
        }
        assert_eq!(
            Callee::named("llvm.foo"),
            Callee::Function("llvm.foo".into())
        );
    }

    /// Every intrinsic the built-in table names (templates expanded for
    /// each type and -ftz) is one `Intrinsic::parse` knows.
    #[test]
    fn the_builtin_table_names_known_intrinsics() {
        use crate::frontend::builtins::{all, Lowering};
        let mut n = 0;
        for b in all() {
            let (Lowering::Intrinsic(t) | Lowering::FunnelShift(t)) = b.lowering else {
                continue;
            };
            // (`__nvvm_reflect` is a function the library defines.)
            if !t.starts_with("llvm.") {
                continue;
            }
            for ty in ["f32", "f64"] {
                for ftz in ["", ".ftz"] {
                    for f in ["", "f"] {
                        let name = t.replace("{ftz}", ftz).replace("{f}", f).replace("{}", ty);
                        let i = Intrinsic::parse(&name);
                        assert!(i.is_some(), "{}: {name}", b.name);
                        assert_eq!(i.map(|i| i.name()).as_deref(), Some(name.as_str()));
                        n += 1;
                    }
                }
            }
        }
        assert!(n > 100);
    }

    #[test]
    fn purity() {
        let p = |n: &str| Intrinsic::parse(n).unwrap().is_pure();
        assert!(p("llvm.nvvm.read.ptx.sreg.tid.x"));
        assert!(!p("llvm.nvvm.read.ptx.sreg.clock"));
        assert!(p("llvm.nvvm.tex.unified.2d.v4f32.f32"));
        assert!(!p("llvm.nvvm.suld.2d.v4i8.trap"));
        assert!(!p("llvm.nvvm.barrier0"));
        assert!(p("llvm.fma.f32"));
    }
}
