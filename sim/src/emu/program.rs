//! A parsed PTX module decoded for one launch: each function's instructions
//! as [`Op`]s on numbered registers, with symbols turned into addresses,
//! labels into instruction indices, immediates into the bits of the type
//! that reads them, and the `.param` areas of calls laid out.
//!
//! Addresses (see `exec.rs` for their use): global and constant variables
//! are named buffers of the launch's [`Memory`], and an address into them
//! is the interpreter's pointer encoding (`interp::memory::Ptr`), the same
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
pub(crate) use crate::model::sched::WarpOp;
pub(crate) use crate::model::value::{mask, Reduce, Scalar, ShflMode};
use crate::model::{ErrorKind, InterpError};
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

/// A special register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Sreg {
    Tid(usize),
    Ntid(usize),
    Ctaid(usize),
    Nctaid(usize),
    LaneId,
    WarpId,
    NWarpId,
    /// `%lanemask_eq` … `%lanemask_gt`: 0 eq, 1 le, 2 lt, 3 ge, 4 gt.
    LaneMask(u8),
    Clock,
    Clock64,
    /// Constants of the model: `%smid` 0, `%nsmid` 1, `%gridid` 1, `WARP_SZ` 32.
    Const(u64),
    DynamicSmem,
    TotalSmem,
}

impl Sreg {
    fn parse(name: &str) -> Option<Sreg> {
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
            "%clock64" => Sreg::Clock64,
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
    Bfind { shiftamt: bool },
    Bfe,
    Bfi,
    Prmt,
    Shf { left: bool, clamp: bool },
    Sad,
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
    },
    Bar {
        id: Src,
        reduce: Option<(Reduce, Dst, Src, bool)>,
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
    /// `vprintf(fmt, buf)`: the caller's param offsets of its arguments and result.
    Printf {
        fmt: u64,
        buf: u64,
        ret: Option<u64>,
    },
    Ret,
    Exit,
    Trap,
    Nop,
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

struct Decoder<'a> {
    globals: &'a HashMap<&'a str, GlobalSym>,
    /// The next static shared variable's offset.
    shared_top: u64,
    dynamic_offset: u64,
    funcs: &'a [Func],
}

/// A function body being decoded.
struct Body<'f> {
    scopes: Vec<HashMap<String, LocalSym>>,
    nregs: u64,
    local_top: u64,
    param_top: u64,
    labels: HashMap<&'f str, u32>,
    /// Branches to patch: (op index, label, line).
    fixups: Vec<(usize, &'f str, u32)>,
}

impl Body<'_> {
    fn lookup(&self, name: &str) -> Option<LocalSym> {
        for s in self.scopes.iter().rev() {
            if let Some(x) = s.get(name) {
                return Some(*x);
            }
        }
        // `%r12` in a `%r<55>` range.
        let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits == name.len() {
            return None;
        }
        let (prefix, num) = name.split_at(name.len() - digits);
        if num.len() > 1 && num.starts_with('0') {
            return None;
        }
        let n: u32 = num.parse().ok()?;
        for s in self.scopes.iter().rev() {
            if let Some(LocalSym::Range(first, count, width)) = s.get(prefix) {
                if n < *count {
                    return Some(LocalSym::Reg(first + n, *width));
                }
            }
        }
        None
    }

    fn declare(&mut self, name: &str, sym: LocalSym, line: u32) -> Result<(), ParseError> {
        let scope = self.scopes.last_mut().expect("a scope");
        if scope.insert(name.to_string(), sym).is_some() {
            return Err(perr(line, format!("'{name}' is declared twice")));
        }
        Ok(())
    }
}

/// How an operand is read: its type (for immediates and widths).
fn reg_width(ty: &str) -> Option<u8> {
    Some(match ty {
        "pred" => 1,
        "b8" | "u8" | "s8" => 8,
        "b16" | "u16" | "s16" | "f16" | "bf16" => 16,
        "b32" | "u32" | "s32" | "f32" | "f16x2" | "bf16x2" => 32,
        "b64" | "u64" | "s64" | "f64" => 64,
        _ => return None,
    })
}

impl<'a> Decoder<'a> {
    fn body<'f>(
        &mut self,
        f: &'f Function,
        stmts: &'f [Stmt],
        func: &mut Func,
    ) -> Result<(), ParseError> {
        let mut b = Body {
            scopes: vec![HashMap::default()],
            nregs: 0,
            local_top: 0,
            param_top: func.param_bytes,
            labels: HashMap::default(),
            fixups: Vec::new(),
        };
        for (p, (off, size)) in f.params.iter().zip(&func.params) {
            b.declare(&p.name, LocalSym::Param(*off, *size), p.line)?;
        }
        if let (Some(r), Some((off, size))) = (f.results.first(), func.ret) {
            b.declare(&r.name, LocalSym::Param(off, size), r.line)?;
        }
        // Labels first: branches may go forward.
        let mut pc = 0u32;
        for s in stmts {
            match s {
                Stmt::Inst(_) => pc += 1,
                Stmt::Label(name, line) if b.labels.insert(name, pc).is_some() => {
                    return Err(perr(*line, format!("the label '{name}' is defined twice")));
                }
                _ => {}
            }
        }
        for s in stmts {
            match s {
                Stmt::Open(_) => b.scopes.push(HashMap::default()),
                Stmt::Close(line) => {
                    if b.scopes.len() <= 1 {
                        return Err(perr(*line, "'}' without '{'"));
                    }
                    b.scopes.pop();
                }
                Stmt::Label(..) => {}
                Stmt::Reg(r) => {
                    if r.vector != 1 {
                        return Err(perr(r.line, "vector registers are not supported"));
                    }
                    let width = reg_width(&r.ty).ok_or_else(|| {
                        perr(
                            r.line,
                            format!("registers of type .{} are not supported", r.ty),
                        )
                    })?;
                    for (name, count) in &r.names {
                        let n = u64::from(count.unwrap_or(1));
                        if b.nregs + n > MAX_REGS {
                            return Err(perr(r.line, "too many registers"));
                        }
                        let first = b.nregs as u32;
                        b.nregs += n;
                        let sym = match count {
                            Some(c) => LocalSym::Range(first, *c, width),
                            None => LocalSym::Reg(first, width),
                        };
                        b.declare(name, sym, r.line)?;
                    }
                }
                Stmt::Var(v) => {
                    let size = var_size(v)?;
                    let sym = match v.space {
                        Space::Local => {
                            let off = align_up(b.local_top, var_align(v));
                            b.local_top = off.saturating_add(size);
                            LocalSym::Local(off)
                        }
                        Space::Param => {
                            let off = align_up(b.param_top, var_align(v));
                            b.param_top = off.saturating_add(size);
                            LocalSym::Param(off, size)
                        }
                        Space::Shared if v.external || v.dims.contains(&0) => {
                            LocalSym::Shared(self.dynamic_offset)
                        }
                        Space::Shared => {
                            let off = align_up(self.shared_top, var_align(v));
                            self.shared_top = off.saturating_add(size);
                            LocalSym::Shared(off)
                        }
                        Space::Global | Space::Const => {
                            return Err(perr(
                                v.line,
                                "global and const variables in a function are not supported",
                            ))
                        }
                    };
                    if b.local_top > MAX_FRAME_BYTES || b.param_top > MAX_FRAME_BYTES {
                        return Err(perr(v.line, "the function's frame is too large"));
                    }
                    b.declare(&v.name, sym, v.line)?;
                }
                Stmt::Inst(i) => {
                    let guard = match &i.guard {
                        Some((p, neg)) => match b.lookup(p) {
                            Some(LocalSym::Reg(r, 1)) => Some((r, *neg)),
                            _ => {
                                return Err(perr(
                                    i.line,
                                    format!("the guard '{p}' is not a predicate register"),
                                ))
                            }
                        },
                        None => None,
                    };
                    let op = self.inst(i, &mut b, func.code.len())?;
                    func.code.push(op);
                    func.guards.push(guard);
                    func.origin.push((i.line, i.text.clone()));
                }
            }
        }
        for (at, label, line) in std::mem::take(&mut b.fixups) {
            let Some(&target) = b.labels.get(label) else {
                return Err(perr(line, format!("no label '{label}' in {}", f.name)));
            };
            if let Op::Bra { target: t } = &mut func.code[at] {
                *t = target;
            }
        }
        // Falling off the end returns.
        func.code.push(Op::Ret);
        func.guards.push(None);
        func.origin
            .push((f.line, "(the end of the function)".into()));
        func.nregs = b.nregs as u32;
        func.local_bytes = align_up(b.local_top, 16);
        func.param_bytes = align_up(b.param_top, 16);
        Ok(())
    }

    /// The address (state space `space`) of the symbol `name`; `generic`
    /// asks for its generic address.
    fn symbol(&self, b: &Body, name: &str, generic: bool) -> Option<Src> {
        if let Some(s) = b.lookup(name) {
            return match s {
                LocalSym::Reg(r, _) => Some(Src::Reg(r)),
                LocalSym::Range(..) => None,
                LocalSym::Local(off) => Some(Src::Local(off, generic)),
                LocalSym::Param(off, _) => Some(Src::Param(off, generic)),
                LocalSym::Shared(off) => Some(Src::Imm(shared_addr(off, generic))),
            };
        }
        match self.globals.get(name)? {
            GlobalSym::Var(a) => Some(Src::Imm(*a)),
            GlobalSym::Shared(off) => Some(Src::Imm(shared_addr(*off, generic))),
            GlobalSym::Func(k) => Some(Src::Imm(code_addr(*k))),
        }
    }

    fn inst<'f>(&mut self, i: &'f Inst, b: &mut Body<'f>, at: usize) -> Result<Op, ParseError> {
        let mut parts = i.opcode.split('.');
        let base = parts.next().unwrap_or("");
        let mods: Vec<&str> = parts.collect();
        match base {
            "bra" => {
                let [Operand::Name(label)] = i.operands.as_slice() else {
                    return Err(perr(i.line, "bra takes one label"));
                };
                b.fixups.push((at, label, i.line));
                Ok(Op::Bra { target: 0 })
            }
            "ret" => Ok(Op::Ret),
            "exit" => Ok(Op::Exit),
            "trap" => Ok(Op::Trap),
            // Memory ordering: every access is visible at once in this model.
            "membar" | "fence" | "prefetch" | "prefetchu" | "nanosleep" | "pmevent" => Ok(Op::Nop),
            "call" => self.call(i, b),
            _ => Cx {
                dec: self,
                b,
                inst: i,
            }
            .decode(base, &mods),
        }
    }

    fn call(&self, i: &Inst, b: &Body) -> Result<Op, ParseError> {
        let line = i.line;
        let ops = &i.operands;
        // `call (retval0), %rd1, (param0), prototype_0;`: through an address.
        if let Some((rets, f, args)) = match ops.as_slice() {
            [Operand::List(r), Operand::Name(f), Operand::List(a), Operand::Name(_)] => {
                Some((&r[..], f, &a[..]))
            }
            [Operand::Name(f), Operand::List(a), Operand::Name(_)] => Some((&[][..], f, &a[..])),
            _ => None,
        } {
            let Some(target) = self.symbol(b, f, true) else {
                return Err(perr(line, format!("'{f}' is no register or function")));
            };
            let param = |name: &str| -> Result<(u64, u64), ParseError> {
                match b.lookup(name) {
                    Some(LocalSym::Param(off, size)) => Ok((off, size)),
                    _ => Err(perr(
                        line,
                        format!("'{name}' in a call is not a .param variable of the caller"),
                    )),
                }
            };
            let args = args.iter().map(|a| param(a)).collect::<Result<_, _>>()?;
            let ret = rets.first().map(|r| param(r)).transpose()?;
            return Ok(Op::CallIndirect { target, args, ret });
        }
        let (rets, callee, args): (&[String], &str, &[String]) = match ops.as_slice() {
            [Operand::List(r), Operand::Name(f), Operand::List(a)] => (r, f, a),
            [Operand::List(r), Operand::Name(f)] => (r, f, &[]),
            [Operand::Name(f), Operand::List(a)] => (&[], f, a),
            [Operand::Name(f)] => (&[], f, &[]),
            _ => {
                return Ok(Op::Unsupported(
                    "this form of call (an indirect call?) is not supported".into(),
                ))
            }
        };
        let Some(GlobalSym::Func(k)) = self.globals.get(callee) else {
            if b.lookup(callee).is_some() {
                return Ok(Op::Unsupported("indirect calls are not supported".into()));
            }
            return Err(perr(
                line,
                format!("call of '{callee}', which is no function"),
            ));
        };
        let target = &self.funcs[*k as usize];
        let param = |name: &str| -> Result<(u64, u64), ParseError> {
            match b.lookup(name) {
                Some(LocalSym::Param(off, size)) => Ok((off, size)),
                _ => Err(perr(
                    line,
                    format!("'{name}' in a call is not a .param variable of the caller"),
                )),
            }
        };
        if args.len() != target.params.len() {
            return Err(perr(
                line,
                format!(
                    "'{callee}' takes {} parameters, the call gives {}",
                    target.params.len(),
                    args.len()
                ),
            ));
        }
        if rets.len() != usize::from(target.ret.is_some()) {
            return Err(perr(
                line,
                format!("the call's results do not match '{callee}''s"),
            ));
        }
        let mut copies = Vec::new();
        for (a, (off, size)) in args.iter().zip(&target.params) {
            let (c, csize) = param(a)?;
            if csize < *size {
                return Err(perr(
                    line,
                    format!("'{a}' has {csize} bytes, the parameter {size}"),
                ));
            }
            copies.push(ParamCopy {
                caller: c,
                callee: *off,
                size: *size,
            });
        }
        if callee == "vprintf" && !target.defined {
            // vprintf(const char *format, void *args) -> int
            let sizes: Vec<u64> = copies.iter().map(|c| c.size).collect();
            let ret = match (rets.first(), target.ret) {
                (Some(r), Some((_, 4))) => match param(r)? {
                    (off, size) if size >= 4 => Some(off),
                    _ => {
                        return Err(perr(
                            line,
                            format!("'{r}' is too small for vprintf's result"),
                        ))
                    }
                },
                (None, _) => None,
                _ => return Err(perr(line, "vprintf returns a .b32")),
            };
            if sizes != [8, 8] {
                return Err(perr(line, "vprintf takes two .b64 parameters"));
            }
            return Ok(Op::Printf {
                fmt: copies[0].caller,
                buf: copies[1].caller,
                ret,
            });
        }
        if !target.defined {
            return Ok(Op::Unsupported(format!(
                "'{callee}' has no body (an external function)"
            )));
        }
        let ret = match (rets.first(), target.ret) {
            (Some(r), Some((off, size))) => {
                let (c, csize) = param(r)?;
                Some(ParamCopy {
                    caller: c,
                    callee: off,
                    size: size.min(csize),
                })
            }
            _ => None,
        };
        Ok(Op::Call {
            callee: *k,
            args: copies,
            ret,
        })
    }
}

/// A function's address (`mov.u64 %rd1, f;`, `{f, g}` in an initializer):
/// the interpreter's code space, the function's index as the region.
fn code_addr(k: u32) -> u64 {
    Ptr {
        space: CODE_SPACE,
        region: k,
        offset: 0,
    }
    .encode()
}

/// A shared offset as a shared-space address, or as a generic one.
fn shared_addr(off: u64, generic: bool) -> u64 {
    if generic {
        Ptr {
            space: addrspace::SHARED,
            region: 0,
            offset: off,
        }
        .encode()
    } else {
        off
    }
}

/// One instruction's decoding context.
struct Cx<'d, 'a, 'b, 'f> {
    dec: &'d Decoder<'a>,
    b: &'b mut Body<'f>,
    inst: &'f Inst,
}

type DResult = Result<Op, ParseError>;

impl Cx<'_, '_, '_, '_> {
    fn err<T>(&self, message: impl Into<String>) -> Result<T, ParseError> {
        Err(perr(self.inst.line, message))
    }

    fn unsupported(&self) -> DResult {
        Ok(Op::Unsupported(format!(
            "'{}' is not supported by the emulator",
            self.inst.opcode
        )))
    }

    fn nops(&self, n: usize) -> Result<&[Operand], ParseError> {
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
    fn operands<const N: usize>(&self) -> Result<&[Operand; N], ParseError> {
        self.nops(N)?
            .try_into()
            .or_else(|_| self.err("wrong number of operands"))
    }

    /// A register written with a result of type `ty`.
    fn dst(&self, op: &Operand, ty: Ty) -> Result<Dst, ParseError> {
        let Operand::Name(name) = op else {
            return self.err(format!("expected a register to write, found {op:?}"));
        };
        self.dst_name(name, ty)
    }

    fn dst_name(&self, name: &str, ty: Ty) -> Result<Dst, ParseError> {
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
    fn src(&self, op: &Operand, ty: Ty) -> Result<Src, ParseError> {
        match op {
            Operand::Imm(imm) => imm_bits(*imm, ty).map(Src::Imm).or_else(|m| self.err(m)),
            Operand::Name(name) => {
                if let Some(s) = Sreg::parse(name) {
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
    fn pred_src(&self, op: &Operand) -> Result<(Src, bool), ParseError> {
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
    fn addr(&self, op: &Operand, space: Mem) -> Result<(Src, i64, bool), ParseError> {
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

    fn decode(&self, base: &str, mods: &[&str]) -> DResult {
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
            | "max" | "rcp" | "sqrt" | "rsqrt" | "sin" | "cos" | "ex2" | "lg2" | "copysign" => {
                let ty = self.ty(mods)?;
                if let Some(ft) = ty.float() {
                    self.float(base, mods, ty, ft)
                } else {
                    self.int(base, mods, ty)
                }
            }
            "addc" | "subc" | "madc" => self.carry(base, mods),
            "mul24" | "mad24" | "and" | "or" | "xor" | "not" | "cnot" | "shl" | "shr" | "popc"
            | "clz" | "brev" | "bfind" | "bfe" | "bfi" | "prmt" | "shf" | "sad" => {
                let ty = self.ty(mods)?;
                self.int(base, mods, ty)
            }
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
            _ => self.unsupported(),
        }
    }

    /// An element of a vector that is read: a register, an immediate, `_` (0).
    fn vector_src(&self, o: &Operand, ty: Ty) -> Result<Src, ParseError> {
        match o {
            Operand::Sink => Ok(Src::Imm(0)),
            _ => self.src(o, ty),
        }
    }

    /// An element of a vector that is written: a register, or `_` (dropped).
    fn vector_dst(&self, o: &Operand, ty: Ty) -> Result<Option<Dst>, ParseError> {
        match o {
            Operand::Sink => Ok(None),
            _ => self.dst(o, ty).map(Some),
        }
    }

    /// `d` or `d|p`.
    fn dst_pair(&self, op: &Operand, ty: Ty) -> Result<(Dst, Option<Dst>), ParseError> {
        let pred = Ty {
            kind: Kind::Pred,
            bits: 1,
        };
        match op {
            Operand::Pair(d, p) => Ok((self.dst_name(d, ty)?, Some(self.dst_name(p, pred)?))),
            _ => Ok((self.dst(op, ty)?, None)),
        }
    }

    /// The opcode's type: its last modifier.
    fn ty(&self, mods: &[&str]) -> Result<Ty, ParseError> {
        match mods.last().and_then(|m| Ty::parse(m)) {
            Some(t) => Ok(t),
            None => self.err(format!("'{}' has no type", self.inst.opcode)),
        }
    }

    fn rounding(mods: &[&str]) -> Option<Rounding> {
        mods.iter().find_map(|m| Rounding::parse(m))
    }

    fn float(&self, base: &str, mods: &[&str], ty: Ty, ft: FloatTy) -> DResult {
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

    fn int(&self, base: &str, mods: &[&str], ty: Ty) -> DResult {
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
            "prmt" if mods.len() > 1 => return self.unsupported(),
            "prmt" => IntOp::Prmt,
            "shf" => IntOp::Shf {
                left: has("l"),
                clamp: has("clamp"),
            },
            "sad" => IntOp::Sad,
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
            IntOp::Bfi => (ty, vec![ty, ty, u32t, u32t]),
            IntOp::Prmt | IntOp::Shf { .. } => (ty, vec![ty, ty, ty]),
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

    fn carry(&self, base: &str, mods: &[&str]) -> DResult {
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

    fn setp(&self, mods: &[&str]) -> DResult {
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

    fn cvt(&self, mods: &[&str]) -> DResult {
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

    fn space(mods: &[&str]) -> Mem {
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

    fn ld_st(&self, base: &str, mods: &[&str]) -> DResult {
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
            space,
            ty,
        })
    }

    fn atom(&self, base: &str, mods: &[&str]) -> DResult {
        let space = Self::space(mods);
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
        })
    }

    fn bar(&self, mods: &[&str]) -> DResult {
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
}

/// An error a launch reports before running (bad arguments, bad PTX).
pub(crate) fn launch_error(message: impl Into<String>) -> InterpError {
    InterpError {
        kind: ErrorKind::Launch,
        message: message.into(),
        at: None,
        output: String::new(),
    }
}

/// The scalar type an atomic on `ty` works with.
pub(crate) fn atomic_scalar(ty: Ty) -> Scalar {
    ty.scalar()
}
