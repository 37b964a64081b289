//! A parsed PTX module decoded for one launch: each function's instructions
//! as [`Op`]s on numbered registers, with symbols turned into addresses,
//! labels into instruction indices, immediates into the bits of the type
//! that reads them, and the `.param` areas of calls laid out.
//!
//! Addresses (see `exec.rs` for their use): global and constant variables
//! are named buffers of the launch's [`Memory`], and an address into them
//! is the machine model's pointer encoding (`model::memory::Ptr`), the same
//! in the global (constant) space and as a generic address. Shared memory
//! is one window per block: the static `.shared` variables one after
//! another from offset 0, then the dynamic (`.extern .shared`) bytes; a
//! shared address is the offset (32 bits, as NVRTC's `mov.u32 %r, tile`
//! takes it), its generic form carries the shared space in its top bits.
//! Local and param memory are per-thread stacks that grow by a frame per
//! call: a function's `.local` variables (its `__local_depot`) and its
//! `.param` area (parameters, results, and the parameters of the calls it
//! makes), so a local or param symbol is an offset from the frame's base.
//!
//! Decoding fails only on bad PTX (an undeclared register, an unknown label
//! or symbol, operands that do not fit the opcode's form); an instruction
//! the emulator does not implement becomes [`Op::Unsupported`], an error if
//! a thread executes it.

use super::parse::{self, Function, Imm, InitItem, Inst, Operand, ParseError, Space, Stmt, Var};
use crate::model::float::FloatTy;
use crate::model::memory::{Memory, Ptr, CODE_SPACE};
use crate::model::rounding::{ApproxOp, Rounding};
mod decoder;
mod inst;
mod memops;
mod sync;

pub(crate) use crate::model::sched::{Sreg, WarpOp};
pub(crate) use crate::model::value::{mask, Reduce, Scalar, ShflMode};
use crate::model::InterpError;
use decoder::{code_addr, Decoder};
use ptxlab_core::collections::HashMap;
use ptxlab_core::ir::{addrspace, AtomicOp, FCmp, ICmp};

/// The most bytes of shared memory a block may have (the interpreter's
/// limit, an sm_90 block's).
pub(crate) use crate::model::MAX_SHARED_BYTES;
/// The most bytes one global or constant variable may have.
use crate::model::MAX_SYMBOL_BYTES;
/// The most bytes of `.local` or `.param` one function's frame may have.
const MAX_FRAME_BYTES: u64 = 1 << 24;
/// The most registers one function may declare.
const MAX_REGS: u64 = 1 << 22;

/// The kind of a PTX type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    B,
    U,
    S,
    F,
    Pred,
}

/// A PTX fundamental type: `.u32` is `(U, 32)`, `.pred` `(Pred, 1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ty {
    pub kind: Kind,
    pub bits: u32,
}

impl Ty {
    pub fn parse(s: &str) -> Option<Ty> {
        let s = s.strip_prefix('.').unwrap_or(s);
        if s == "pred" {
            return Some(Ty {
                kind: Kind::Pred,
                bits: 1,
            });
        }
        let (k, n) = s.split_at_checked(1)?;
        let kind = match k {
            "b" => Kind::B,
            "u" => Kind::U,
            "s" => Kind::S,
            "f" => Kind::F,
            _ => return None,
        };
        let bits: u32 = n.parse().ok()?;
        let ok = match kind {
            Kind::F => matches!(bits, 16 | 32 | 64),
            _ => matches!(bits, 8 | 16 | 32 | 64),
        };
        ok.then_some(Ty { kind, bits })
    }

    pub fn signed(self) -> bool {
        self.kind == Kind::S
    }

    pub fn float(self) -> Option<FloatTy> {
        match (self.kind, self.bits) {
            (Kind::F, 16) => Some(FloatTy::F16),
            (Kind::F, 32) => Some(FloatTy::F32),
            (Kind::F, 64) => Some(FloatTy::F64),
            _ => None,
        }
    }

    /// Bytes in memory.
    pub fn size(self) -> u64 {
        u64::from(self.bits.max(8) / 8)
    }

    fn scalar(self) -> Scalar {
        match (self.kind, self.bits) {
            (Kind::F, 16) => Scalar::F16,
            (Kind::F, 32) => Scalar::F32,
            (Kind::F, 64) => Scalar::F64,
            (_, 8) => Scalar::I8,
            (_, 16) => Scalar::I16,
            (_, 32) => Scalar::I32,
            (Kind::Pred, _) => Scalar::I1,
            _ => Scalar::I64,
        }
    }
}

/// The special register a PTX name reads.
fn special_register(name: &str) -> Option<Sreg> {
    let axis = |s: &str| ["x", "y", "z"].iter().position(|a| *a == s);
    if let Some((reg, ax)) = name.split_once('.') {
        let a = axis(ax)?;
        return Some(match reg {
            "%tid" => Sreg::Tid(a),
            "%ntid" => Sreg::Ntid(a),
            "%ctaid" => Sreg::Ctaid(a),
            "%nctaid" => Sreg::Nctaid(a),
            _ => return None,
        });
    }
    Some(match name {
        "%laneid" => Sreg::LaneId,
        "%warpid" => Sreg::WarpId,
        "%nwarpid" => Sreg::NWarpId,
        "%lanemask_eq" => Sreg::LaneMask(0),
        "%lanemask_le" => Sreg::LaneMask(1),
        "%lanemask_lt" => Sreg::LaneMask(2),
        "%lanemask_ge" => Sreg::LaneMask(3),
        "%lanemask_gt" => Sreg::LaneMask(4),
        "%clock" => Sreg::Clock,
        // The nanosecond timer (mbarrier waits' back-off reads it): the clock.
        "%clock64" | "%globaltimer" => Sreg::Clock64,
        // The driver's environment: a cooperative launch's grid workspace
        // (`grid.sync()` reads it from %envreg1/2); 0 on a launch that is
        // not cooperative, so the kernel's own check traps.
        n if n
            .strip_prefix("%envreg")
            .is_some_and(|k| k.parse::<u8>().is_ok_and(|k| k < 32)) =>
        {
            Sreg::EnvReg(n[7..].parse().unwrap_or(0))
        }
        "%smid" => Sreg::Const(0),
        "%nsmid" | "%gridid" => Sreg::Const(1),
        "WARP_SZ" => Sreg::Const(32),
        "%dynamic_smem_size" => Sreg::DynamicSmem,
        "%total_smem_size" => Sreg::TotalSmem,
        // Shared memory the driver reserves for itself (NVRTC's -G code
        // of cooperative groups reads its offset): placed just past the
        // block's own, so a program that touched it would be out of bounds.
        n if n.starts_with("%reserved_smem_offset_") => Sreg::TotalSmem,
        _ => return None,
    })
}

/// A value an instruction reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Src {
    Reg(u32),
    Imm(u64),
    Sreg(Sreg),
    /// A `.local` variable: its offset in the frame; `true` for its generic address.
    Local(u64, bool),
    /// A `.param` variable of the frame: its offset; `true` for its generic address.
    Param(u64, bool),
}

/// A register an instruction writes, and how: the result has `from` bits
/// (sign-extended when `signed`, else zero-extended) and the register
/// keeps `width` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Dst {
    pub reg: u32,
    pub from: u8,
    pub signed: bool,
    pub width: u8,
}

/// A memory space as an instruction names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mem {
    Generic,
    Global,
    Const,
    Shared,
    Local,
    Param,
}

impl Mem {
    pub fn name(self) -> &'static str {
        match self {
            Mem::Generic => "generic",
            Mem::Global => "global",
            Mem::Const => "const",
            Mem::Shared => "shared",
            Mem::Local => "local",
            Mem::Param => "param",
        }
    }

    /// The interpreter's address space number (for generic addresses).
    pub fn addrspace(self) -> u32 {
        match self {
            Mem::Generic => addrspace::GENERIC,
            Mem::Global => addrspace::GLOBAL,
            Mem::Const => addrspace::CONST,
            Mem::Shared => addrspace::SHARED,
            Mem::Local => addrspace::LOCAL,
            Mem::Param => addrspace::PARAM,
        }
    }
}

/// Integer (and predicate) operations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum IntOp {
    Add,
    Sub,
    AddSat,
    SubSat,
    MulLo,
    MulHi,
    MulWide,
    MadLo,
    MadHi,
    MadWide,
    Mul24Lo,
    Mul24Hi,
    Mad24Lo,
    Mad24Hi,
    Div,
    Rem,
    Abs,
    Neg,
    Min,
    Max,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    Not,
    CNot,
    Popc,
    Clz,
    Brev,
    Bfind {
        shiftamt: bool,
    },
    Bfe,
    Bfi,
    /// `bmsk.{clamp,wrap}.b32 d, a, b`: `b` one bits from bit `a` (both
    /// clamped to 32, or taken modulo 32).
    Bmsk {
        clamp: bool,
    },
    Prmt,
    /// `fns.b32 d, mask, base, offset`.
    Fns,
    /// `isspacep.<space> p, a`: whether generic address `a` points into
    /// the space (its operand `.u64`, its result a predicate).
    IsSpace(Mem),
    Shf {
        left: bool,
        clamp: bool,
    },
    Sad,
    /// `dp4a` / `dp2a.lo` / `dp2a.hi` (`two: Some(hi)`).
    Dot {
        two: Option<bool>,
        a_signed: bool,
        b_signed: bool,
    },
    /// `lop3.b32 d, a, b, c, lut`: bit i of `lut` is the result for the
    /// bits (a, b, c) = (i >> 2 & 1, i >> 1 & 1, i & 1).
    Lop3,
    /// A SIMD video instruction (`vabsdiff4.u32.u32.u32.add`, `vmax2.s32.s32.s32.sat`):
    /// per 16-bit (2 lanes) or 8-bit (4 lanes) lane of `a` and `b`.
    Video(Video),
}

/// A SIMD video instruction's lane operation and modifiers: lane values
/// sign-extended where `a`'s or `b`'s type is signed; `sat` clamps a lane
/// to the destination's signedness, `add` sums the lanes' results into `c`
/// (else lanes merge over `c`, all lanes written: no `.mask`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Video {
    pub op: VideoOp,
    pub lanes: u8,
    pub d_signed: bool,
    pub a_signed: bool,
    pub b_signed: bool,
    pub sat: bool,
    pub add: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum VideoOp {
    Add,
    Sub,
    Avrg,
    Absdiff,
    Min,
    Max,
}

/// Extended-precision arithmetic through the carry flag (`add.cc`,
/// `addc`, `sub.cc`, `subc`, `mad.lo.cc`, `madc.hi`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CarryOp {
    Add,
    Sub,
    MadLo,
    MadHi,
}

/// Float operations, each with the rounding its modifiers ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FloatOp {
    Add(Rounding),
    Sub(Rounding),
    Mul(Rounding),
    Fma(Rounding),
    Div(Rounding),
    Rcp(Rounding),
    Sqrt(Rounding),
    Approx(ApproxOp),
    Abs,
    Neg,
    Min,
    Max,
    Copysign,
}

/// `setp`'s comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cmp {
    Int(ICmp),
    Float(FCmp),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BoolOp {
    And,
    Or,
    Xor,
}

/// `cvt`'s rounding: none, a float rounding (`.rn`), or an integer one (`.rni`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum CvtRound {
    None,
    Float(Rounding),
    Int(Rounding),
}

/// A copy between the caller's and the callee's `.param` areas: offsets in
/// each frame and the size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ParamCopy {
    pub caller: u64,
    pub callee: u64,
    pub size: u64,
}

/// An operand of an [`Op::Async`]: a value, or an address `[base+off]` in a
/// space (wrapping at 32 bits for a 32-bit base register).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum AsyncArg {
    Val(Src),
    Addr(Src, i64, bool, Mem),
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Op {
    Mov {
        d: Dst,
        a: Src,
    },
    /// `mov.b64 %rd, {%r1, %r2}`: the parts, low first, of `bits` each.
    Pack {
        d: Dst,
        parts: Vec<Src>,
        bits: u32,
    },
    /// `mov.b64 {%r1, %r2}, %rd`.
    Unpack {
        ds: Vec<Option<Dst>>,
        a: Src,
        bits: u32,
    },
    Int {
        op: IntOp,
        d: Dst,
        s: [Src; 4],
        ty: Ty,
    },
    Float {
        op: FloatOp,
        d: Dst,
        s: [Src; 3],
        ty: FloatTy,
        ftz: bool,
        sat: bool,
    },
    Setp {
        cmp: Cmp,
        ty: Ty,
        ftz: bool,
        a: Src,
        b: Src,
        /// `.and`/`.or`/`.xor` with a predicate (negated when `true`).
        combine: Option<(BoolOp, Src, bool)>,
        p: Dst,
        q: Option<Dst>,
    },
    Selp {
        d: Dst,
        a: Src,
        b: Src,
        c: Src,
    },
    /// `cin`: adds (subtracts) the carry flag; `cout`: sets it.
    Carry {
        op: CarryOp,
        d: Dst,
        s: [Src; 3],
        ty: Ty,
        cin: bool,
        cout: bool,
    },
    Cvt {
        d: Dst,
        a: Src,
        to: Ty,
        from: Ty,
        round: CvtRound,
        ftz: bool,
        sat: bool,
    },
    /// `cvta.space` (to generic) or `cvta.to.space` (from generic).
    Cvta {
        d: Dst,
        a: Src,
        space: Mem,
        to: bool,
    },
    Ld {
        ds: Vec<Option<Dst>>,
        addr: Src,
        off: i64,
        /// The address wraps at 32 bits (a 32-bit base register).
        wrap32: bool,
        space: Mem,
        ty: Ty,
        /// `ld.global.nc`: through the read-only (non-coherent) cache, which
        /// the emulator models as global memory as it was when the launch
        /// started (a store of the kernel is not seen).
        nc: bool,
    },
    St {
        vals: Vec<Src>,
        addr: Src,
        off: i64,
        /// The address wraps at 32 bits (a 32-bit base register).
        wrap32: bool,
        space: Mem,
        ty: Ty,
    },
    Atom {
        d: Option<Dst>,
        op: AtomicOp,
        addr: Src,
        off: i64,
        /// The address wraps at 32 bits (a 32-bit base register).
        wrap32: bool,
        space: Mem,
        ty: Ty,
        b: Src,
        /// `atom.cas`: the new value (`b` is the compared one).
        cas: Option<Src>,
        /// `atom.add.noftz.f16x2` (and `.f16`, `.bf16`, `.bf16x2`): the add.
        half: Option<crate::model::half::HalfInst>,
    },
    /// An asynchronous copy or memory-barrier instruction
    /// (`model/asyncmem.rs`): its result and operands.
    Async {
        op: crate::model::asyncmem::AsyncOp,
        d: Option<Dst>,
        a: [AsyncArg; 3],
    },
    Bar {
        id: Src,
        reduce: Option<(Reduce, Dst, Src, bool)>,
    },
    /// `wmma.load`/`wmma.store` (one lane's accesses) and `wmma.mma`
    /// (warp-wide): the result registers, the registers read (a store's
    /// values; mma's A, B, C), the address and leading dimension.
    Wmma {
        w: ptxlab_core::wmma::Wmma,
        ds: Vec<Dst>,
        srcs: Vec<Src>,
        addr: Src,
        off: i64,
        wrap32: bool,
        ldm: Src,
        space: Mem,
    },
    Warp {
        op: WarpOp,
        d: Option<Dst>,
        /// shfl's in-range flag, match.all's all-equal flag.
        p: Option<Dst>,
        /// mask, value (or predicate), b, c.
        args: [Src; 4],
        /// The predicate argument is negated (`vote.sync.any.pred %p, !%q, …`).
        negate: bool,
    },
    Bra {
        target: u32,
    },
    Call {
        callee: u32,
        args: Vec<ParamCopy>,
        ret: Option<ParamCopy>,
    },
    /// A call through a function's address (`target`, a `code_addr`): the
    /// caller's `.param` arguments and result (offset, size), matched
    /// against the callee's parameters when it runs.
    CallIndirect {
        target: Src,
        args: Vec<(u64, u64)>,
        ret: Option<(u64, u64)>,
    },
    /// Device `malloc(size)` (an `.extern .func`): the caller's param
    /// offsets of the size and the result.
    Malloc {
        size: u64,
        ret: u64,
    },
    /// Device `free(ptr)`: the caller's param offset of the pointer.
    Free {
        ptr: u64,
    },
    /// `vprintf(fmt, buf)`: the caller's param offsets of its arguments and result.
    Printf {
        fmt: u64,
        buf: u64,
        ret: Option<u64>,
    },
    Ret,
    Exit,
    Trap,
    /// The end of a function that returns elsewhere: the compiler left a
    /// block with nothing in it for a path that cannot be taken
    /// (`__builtin_unreachable()`, a non-void function's missing return),
    /// so reaching it is undefined behaviour.
    FellOff,
    Nop,
    /// `membar`/`fence`: no effect on memory; the race checks count it.
    Fence,
    /// A 16-bit float instruction (`add.f16x2`, `cvt.rn.bf16.f32`, ...).
    Half {
        inst: crate::model::half::HalfInst,
        d: Dst,
        s: [Src; 3],
    },
    Unsupported(String),
}

/// One decoded function.
#[derive(Clone, Debug, Default)]
pub(crate) struct Func {
    pub name: String,
    pub defined: bool,
    pub code: Vec<Op>,
    /// Each op's guard: the predicate register and whether it is negated.
    pub guards: Vec<Option<(u32, bool)>>,
    /// Each op's PTX line and text, for messages.
    pub origin: Vec<(u32, String)>,
    pub nregs: u32,
    /// Bytes of `.local` variables in a frame.
    pub local_bytes: u64,
    /// Bytes of the `.param` area in a frame.
    pub param_bytes: u64,
    /// Where the parameters and the result live in the `.param` area, and
    /// their sizes.
    pub params: Vec<(u64, u64)>,
    pub ret: Option<(u64, u64)>,
}

/// A module decoded for a launch.
#[derive(Clone, Debug, Default)]
pub(crate) struct Program {
    pub funcs: Vec<Func>,
    /// Where the dynamic shared bytes start, after the static variables.
    pub dynamic_offset: u64,
}

fn perr(line: u32, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        message: message.into(),
    }
}

fn align_up(v: u64, a: u64) -> u64 {
    let a = a.max(1);
    v.div_ceil(a).saturating_mul(a)
}

/// A symbol of module scope.
#[derive(Clone, Copy, Debug)]
enum GlobalSym {
    /// A global or constant variable: its address.
    Var(u64),
    /// A shared variable: its offset in the window.
    Shared(u64),
    Func(u32),
}

/// A name declared in a function.
#[derive(Clone, Copy, Debug)]
enum LocalSym {
    Reg(u32, u8),
    /// `%r<55>`: the first register, the count, the width.
    Range(u32, u32, u8),
    Local(u64),
    Param(u64, u64),
    Shared(u64),
}

/// The bytes a variable takes.
fn var_size(v: &Var) -> Result<u64, ParseError> {
    let ty = Ty::parse(&v.ty).ok_or_else(|| {
        perr(
            v.line,
            format!("variables of type .{} are not supported", v.ty),
        )
    })?;
    let mut n = ty.size().saturating_mul(u64::from(v.vector));
    for d in &v.dims {
        n = n.saturating_mul(*d);
    }
    Ok(n)
}

fn var_align(v: &Var) -> u64 {
    let natural = Ty::parse(&v.ty).map_or(1, |t| t.size()) * u64::from(v.vector);
    v.align.unwrap_or(natural).max(1)
}

/// Decodes `module` for a launch, creating its global and constant variables
/// in `memory` (by name, once: a variable already there keeps its bytes).
pub(crate) fn decode(
    module: &parse::Module,
    memory: &mut Memory,
    dynamic_shared: u32,
) -> Result<Program, ParseError> {
    let (static_bytes, dynamic_offset) = shared_layout(module)?;
    if dynamic_offset + u64::from(dynamic_shared) > MAX_SHARED_BYTES {
        return Err(perr(
            1,
            format!(
                "the kernel uses {} bytes of shared memory, more than a block can have ({MAX_SHARED_BYTES})",
                dynamic_offset + u64::from(dynamic_shared)
            ),
        ));
    }
    let mut globals: HashMap<&str, GlobalSym> = HashMap::default();
    let mut shared_top = 0u64;
    let mut fresh: Vec<(&Var, u64)> = Vec::new();
    for v in &module.vars {
        if globals.contains_key(v.name.as_str()) {
            return Err(perr(v.line, format!("'{}' is declared twice", v.name)));
        }
        let sym = match v.space {
            Space::Shared if v.external || v.dims.contains(&0) => GlobalSym::Shared(dynamic_offset),
            Space::Shared => {
                let off = align_up(shared_top, var_align(v));
                shared_top = off.saturating_add(var_size(v)?);
                GlobalSym::Shared(off)
            }
            Space::Global | Space::Const => {
                let size = var_size(v)?;
                if v.dims.contains(&0) || size > MAX_SYMBOL_BYTES {
                    return Err(perr(
                        v.line,
                        format!("'{}' has no size the emulator can give it", v.name),
                    ));
                }
                let space = if v.space == Space::Const {
                    Mem::Const
                } else {
                    Mem::Global
                };
                let id = match memory.symbol(&v.name) {
                    Some(id) => id,
                    None => {
                        let id = memory.add_symbol(&v.name, vec![0; size as usize]);
                        fresh.push((v, id.0 as u64));
                        id
                    }
                };
                let ptr = Ptr {
                    space: space.addrspace(),
                    region: id.0,
                    offset: 0,
                };
                GlobalSym::Var(ptr.encode())
            }
            Space::Local | Space::Param => {
                return Err(perr(
                    v.line,
                    "local and param variables belong in a function",
                ))
            }
        };
        globals.insert(&v.name, sym);
    }
    let mut funcs: Vec<Func> = Vec::new();
    for (i, f) in module.functions.iter().enumerate() {
        match globals.get(f.name.as_str()) {
            Some(GlobalSym::Func(j)) => {
                // A declaration and its definition: one function.
                let j = *j as usize;
                if f.body.is_some() {
                    if module.functions[j].body.is_some() {
                        return Err(perr(f.line, format!("'{}' is defined twice", f.name)));
                    }
                    globals.insert(&f.name, GlobalSym::Func(i as u32));
                }
            }
            Some(_) => {
                return Err(perr(f.line, format!("'{}' is declared twice", f.name)));
            }
            None => {
                globals.insert(&f.name, GlobalSym::Func(i as u32));
            }
        }
        funcs.push(signature(f)?);
    }
    // Initializers of the variables created now (they may hold addresses).
    for (v, id) in fresh {
        let Some(items) = &v.init else { continue };
        let bytes = init_bytes(v, items, &globals)?;
        if let Some(buf) = memory.bytes_mut(crate::model::BufferId(id as u32)) {
            if bytes.len() > buf.len() {
                return Err(perr(
                    v.line,
                    format!("'{}' has more initializers than elements", v.name),
                ));
            }
            buf[..bytes.len()].copy_from_slice(&bytes);
        }
    }
    let mut dec = Decoder {
        globals: &globals,
        shared_top,
        dynamic_offset,
        funcs: &funcs,
    };
    let mut out = Vec::with_capacity(funcs.len());
    for (i, f) in module.functions.iter().enumerate() {
        let mut func = funcs[i].clone();
        if let Some(body) = &f.body {
            dec.body(f, body, &mut func)?;
        }
        out.push(func);
    }
    // Declarations take the code of their definition.
    for (i, f) in module.functions.iter().enumerate() {
        if f.body.is_none() {
            if let Some(GlobalSym::Func(j)) = globals.get(f.name.as_str()) {
                if *j as usize != i {
                    out[i] = out[*j as usize].clone();
                }
            }
        }
    }
    debug_assert_eq!(dec.shared_top, static_bytes);
    Ok(Program {
        funcs: out,
        dynamic_offset,
    })
}

/// The static shared variables' end, and where the dynamic ones start:
/// module variables first, then those of each function body, in order (the
/// order the decoder gives them their offsets).
fn shared_layout(module: &parse::Module) -> Result<(u64, u64), ParseError> {
    let mut top = 0u64;
    let mut align = 16u64;
    let body_vars = module
        .functions
        .iter()
        .filter_map(|f| f.body.as_ref())
        .flatten()
        .filter_map(|s| match s {
            Stmt::Var(v) => Some(v),
            _ => None,
        });
    for v in module.vars.iter().chain(body_vars) {
        if v.space != Space::Shared {
            continue;
        }
        if v.external || v.dims.contains(&0) {
            align = align.max(var_align(v));
        } else {
            top = align_up(top, var_align(v)).saturating_add(var_size(v)?);
        }
    }
    Ok((top, align_up(top, align)))
}

/// A function's `.param` layout from its header.
fn signature(f: &Function) -> Result<Func, ParseError> {
    let mut top = 0u64;
    let mut params = Vec::new();
    for p in &f.params {
        if p.reg {
            return Err(perr(p.line, ".reg parameters are not supported"));
        }
        let ty = Ty::parse(&p.ty).ok_or_else(|| {
            perr(
                p.line,
                format!("parameters of type .{} are not supported", p.ty),
            )
        })?;
        let size = ty.size().saturating_mul(p.count.unwrap_or(1));
        let off = align_up(top, p.align.unwrap_or(ty.size()));
        top = off.saturating_add(size);
        params.push((off, size));
    }
    let mut ret = None;
    match f.results.as_slice() {
        [] => {}
        [r] => {
            let ty = Ty::parse(&r.ty).ok_or_else(|| {
                perr(
                    r.line,
                    format!("results of type .{} are not supported", r.ty),
                )
            })?;
            let size = ty.size().saturating_mul(r.count.unwrap_or(1));
            let off = align_up(top, r.align.unwrap_or(ty.size()).max(8));
            top = off.saturating_add(size);
            ret = Some((off, size));
        }
        _ => {
            return Err(perr(
                f.line,
                "functions with several results are not supported",
            ))
        }
    }
    if top > MAX_FRAME_BYTES {
        return Err(perr(f.line, "the parameters are too large"));
    }
    Ok(Func {
        name: f.name.clone(),
        defined: f.body.is_some(),
        param_bytes: top,
        params,
        ret,
        ..Func::default()
    })
}

/// A variable's initial bytes.
fn init_bytes(
    v: &Var,
    items: &[InitItem],
    globals: &HashMap<&str, GlobalSym>,
) -> Result<Vec<u8>, ParseError> {
    let ty = Ty::parse(&v.ty).ok_or_else(|| {
        perr(
            v.line,
            format!("variables of type .{} are not supported", v.ty),
        )
    })?;
    let mut bytes = Vec::new();
    for item in items {
        let bits = match item {
            InitItem::Imm(imm) => imm_bits(*imm, ty).map_err(|m| perr(v.line, m))?,
            InitItem::Addr {
                sym,
                generic: _,
                offset,
            } => match globals.get(sym.as_str()) {
                Some(GlobalSym::Var(a)) => a.wrapping_add(*offset as u64),
                Some(GlobalSym::Func(k)) if *offset == 0 => code_addr(*k),
                Some(GlobalSym::Shared(o)) => Ptr {
                    space: addrspace::SHARED,
                    region: 0,
                    offset: o.wrapping_add(*offset as u64),
                }
                .encode(),
                _ => {
                    return Err(perr(
                        v.line,
                        format!("the initializer names '{sym}', which is no variable"),
                    ))
                }
            },
        };
        bytes.extend_from_slice(&bits.to_le_bytes()[..ty.size() as usize]);
    }
    Ok(bytes)
}

/// An immediate as the bits of type `ty`.
fn imm_bits(imm: Imm, ty: Ty) -> Result<u64, String> {
    Ok(match (ty.float(), imm) {
        (None, Imm::Int(v)) => v as u64 & mask(ty.bits),
        (None, Imm::F32(b)) if ty.bits == 32 => u64::from(b),
        (None, Imm::F64(b)) if ty.bits == 64 => b,
        (None, _) => return Err(format!("a float immediate for a .{} operand", ty_name(ty))),
        (Some(ft), Imm::Int(v)) => crate::model::float::from_f64(v as f64, ft),
        (Some(FloatTy::F32), Imm::F32(b)) => u64::from(b),
        (Some(FloatTy::F64), Imm::F64(b)) => b,
        (Some(ft), Imm::F32(b)) => crate::model::float::from_f64(f64::from(f32::from_bits(b)), ft),
        (Some(ft), Imm::F64(b)) => crate::model::float::from_f64(f64::from_bits(b), ft),
        (Some(ft), Imm::Float(x)) => crate::model::float::from_f64(x, ft),
    })
}

fn ty_name(ty: Ty) -> String {
    match ty.kind {
        Kind::B => format!("b{}", ty.bits),
        Kind::U => format!("u{}", ty.bits),
        Kind::S => format!("s{}", ty.bits),
        Kind::F => format!("f{}", ty.bits),
        Kind::Pred => "pred".into(),
    }
}

/// An error a launch reports before running (bad arguments, bad PTX).
pub(crate) fn launch_error(message: impl Into<String>) -> InterpError {
    InterpError::launch(message)
}

/// The scalar type an atomic on `ty` works with.
pub(crate) fn atomic_scalar(ty: Ty) -> Scalar {
    ty.scalar()
}
