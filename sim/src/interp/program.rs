//! A launch's module decoded for execution: each function's instructions as
//! [`Op`]s on numbered registers with types, constants, addresses and
//! intrinsics resolved once, and phis turned into moves on the edges that
//! reach them. Decoding never fails on a strange instruction: it becomes a
//! [`Op::Trap`] that reports the problem if a thread ever executes it.

mod call;

use crate::model::float::{FloatTy, MathFn};
use crate::model::memory::{Memory, Ptr, CODE_SPACE, MAX_REGIONS};
use crate::model::sched::{Sreg, WarpOp};
use crate::model::value::{mask, sext, IntFn, Reduce, Scalar};
use crate::model::{
    check_dims, ArgValue, Config, ErrorKind, InterpError, Launch, MAX_SHARED_BYTES,
    MAX_SYMBOL_BYTES,
};
use ptxlab_core::collections::HashMap;
use ptxlab_core::ir::{
    self, addrspace, gep_steps, AtomicOp, BinOp, BlockId, CastOp, FCmp, Function, GepStep, ICmp,
    Init, InstId, InstKind, Module, Type, Value,
};

/// The scalar type of an IR type.
impl Scalar {
    pub fn of(ty: &Type) -> Option<Scalar> {
        Some(match ty {
            Type::I1 => Scalar::I1,
            Type::I8 => Scalar::I8,
            Type::I16 => Scalar::I16,
            Type::I32 => Scalar::I32,
            Type::I64 => Scalar::I64,
            Type::Half => Scalar::F16,
            Type::F32 => Scalar::F32,
            Type::F64 => Scalar::F64,
            Type::Ptr(_) => Scalar::Ptr,
            Type::Void | Type::Array(..) | Type::Struct(_) | Type::Vector(..) => return None,
        })
    }
}

/// The function a call runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Callee {
    /// The function of this index in the module.
    Direct(u32),
    /// The function whose address the operand holds (`CODE_SPACE`).
    Indirect(Opnd),
}

/// An instruction's operand: a register of the frame or a constant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Opnd {
    Reg(u32),
    Imm(u64),
}

/// Lane `k` of a vector operand: a vector value lives in consecutive
/// registers, the first one its operand; a constant vector (`undef`) is
/// that constant in every lane.
pub(crate) fn lane(v: Opnd, k: u32) -> Opnd {
    match v {
        Opnd::Reg(r) => Opnd::Reg(r + k),
        imm => imm,
    }
}

/// How many registers a value of type `ty` takes (a vector one per lane).
fn reg_count(ty: &Type) -> u32 {
    ty.as_vector().map_or(1, |(n, _)| n)
}

/// One decoded instruction. `dst` is a register of the frame.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Op {
    Alloca {
        dst: u32,
        size: u64,
    },
    /// A load of `lanes` consecutive values of `ty` (1 for a scalar, 2 or
    /// 4 for a vector) into `dst`, `dst + 1`, ….
    Load {
        dst: u32,
        ptr: Opnd,
        ty: Scalar,
        lanes: u32,
        /// The pointer operand's address space (0: generic, any).
        space: u32,
        align: u64,
    },
    /// A store of `lanes` values: lane k of `val` (see [`lane`]).
    Store {
        val: Opnd,
        ptr: Opnd,
        ty: Scalar,
        lanes: u32,
        space: u32,
        align: u64,
    },
    /// `dst = src` (an extractelement: `src` is the lane's register).
    Copy {
        dst: u32,
        src: Opnd,
    },
    /// An insertelement: lanes `dst..dst + lanes` get `vec`'s, then lane `k` gets `elt`.
    Insert {
        dst: u32,
        vec: Opnd,
        lanes: u32,
        k: u32,
        elt: Opnd,
    },
    /// `base + disp + Σ sext(index) · scale`.
    Gep {
        dst: u32,
        base: Opnd,
        disp: u64,
        terms: Box<[(Opnd, u64, u32)]>,
    },
    Int {
        dst: u32,
        op: BinOp,
        a: Opnd,
        b: Opnd,
        bits: u32,
    },
    Float {
        dst: u32,
        op: BinOp,
        a: Opnd,
        b: Opnd,
        ty: FloatTy,
        ftz: bool,
    },
    FNeg {
        dst: u32,
        a: Opnd,
        ty: FloatTy,
        ftz: bool,
    },
    ICmp {
        dst: u32,
        pred: ICmp,
        a: Opnd,
        b: Opnd,
        bits: u32,
    },
    FCmp {
        dst: u32,
        pred: FCmp,
        a: Opnd,
        b: Opnd,
        ty: FloatTy,
        ftz: bool,
    },
    Select {
        dst: u32,
        cond: Opnd,
        t: Opnd,
        f: Opnd,
    },
    Cast {
        dst: u32,
        op: CastOp,
        a: Opnd,
        from: Scalar,
        to: Scalar,
        ftz: bool,
    },
    Sreg {
        dst: u32,
        reg: Sreg,
    },
    /// A 16-bit float instruction (`llvm.nvvm.ptx.add.f16x2`).
    Half {
        dst: u32,
        inst: crate::model::half::HalfInst,
        args: [Opnd; 3],
    },
    Math {
        dst: u32,
        f: MathFn,
        args: [Opnd; 3],
        ty: FloatTy,
        ftz: bool,
    },
    /// An asynchronous copy or memory-barrier operation (`model/asyncmem.rs`).
    Async {
        dst: Option<u32>,
        op: crate::model::asyncmem::AsyncOp,
        args: [Opnd; 3],
    },
    /// `__syncthreads()`, or with `reduce` `__syncthreads_count/and/or(pred)`.
    Barrier {
        reduce: Option<(Reduce, u32, Opnd)>,
    },
    /// A warp-wide operation on up to four operands (mask first).
    Warp {
        dst: Option<u32>,
        op: WarpOp,
        args: [Opnd; 4],
    },
    /// A warp matrix load, store or mma (`llvm.nvvm.wmma.*`): its
    /// arguments as the intrinsic takes them; `dst` the result's first
    /// register; `space` the address's.
    Wmma {
        w: ptxlab_core::wmma::Wmma,
        dst: u32,
        args: Box<[Opnd]>,
        space: u32,
    },
    Atomic {
        dst: u32,
        op: AtomicOp,
        ptr: Opnd,
        val: Opnd,
        ty: Scalar,
        space: u32,
    },
    CmpXchg {
        dst: u32,
        ptr: Opnd,
        cmp: Opnd,
        new: Opnd,
        ty: Scalar,
        space: u32,
    },
    /// A fence: one thread runs at a time, so its accesses are already
    /// ordered; the race checks count it (a release by the next atomic).
    Fence,
    IntFn {
        dst: u32,
        f: IntFn,
        args: [Opnd; 3],
        bits: u32,
    },
    /// `__nvvm_reflect(query)`: the query is read from memory (a string
    /// constant), the answer comes from the compile options.
    Reflect {
        dst: u32,
        query: Opnd,
    },
    /// `vprintf(fmt, buf)` (device `printf`): the formatted text is appended
    /// to the launch's output; the result is the number of arguments read.
    Printf {
        dst: Option<u32>,
        fmt: Opnd,
        buf: Opnd,
    },
    /// Device `malloc(size)`: a new buffer on the heap (null when full).
    Malloc {
        dst: u32,
        size: Opnd,
    },
    /// Device `free(ptr)`.
    Free {
        ptr: Opnd,
    },
    /// `clock`/`clock64`: the launch's instruction count so far (deterministic
    /// and increasing).
    Clock {
        dst: u32,
        bits: u32,
    },
    /// A call of a function defined in the module: `func` is its index, or
    /// for a call through a function's address, the operand holding it.
    Call {
        dst: Option<u32>,
        func: Callee,
        args: Box<[Opnd]>,
    },
    Br {
        edge: u32,
    },
    CondBr {
        cond: Opnd,
        t: u32,
        f: u32,
    },
    /// The edge of the case equal to `val` (case values masked to `bits`),
    /// else `default`.
    Switch {
        val: Opnd,
        bits: u32,
        default: u32,
        cases: Box<[(u64, u32)]>,
    },
    Ret {
        val: Option<Opnd>,
    },
    /// Reports an error when executed (`unreachable`, an unknown intrinsic).
    Trap {
        kind: ErrorKind,
        message: Box<str>,
    },
}

/// A control-flow edge: where it goes and the phi moves it makes (all
/// sources read before any destination is written).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Edge {
    pub pc: u32,
    pub moves: Box<[(u32, Opnd)]>,
}

/// A decoded function.
#[derive(Clone, Debug, Default)]
pub(crate) struct Func {
    pub nregs: u32,
    pub code: Vec<Op>,
    /// The IR instruction of each op, for messages (`None` for a trap the
    /// decoder added).
    pub origin: Vec<Option<InstId>>,
    pub edges: Vec<Edge>,
}

/// Everything a launch runs.
pub(crate) struct Program<'m> {
    pub module: &'m Module,
    /// Indexed like `module.functions`.
    pub funcs: Vec<Func>,
    pub kernel: u32,
    /// Register values of the kernel's parameters.
    pub args: Vec<u64>,
    /// Sizes of the shared-memory regions of a block.
    pub shared: Vec<u64>,
}

/// The size of a type, `None` when it overflows.
pub(crate) fn type_size(ty: &Type) -> Option<u64> {
    match ty {
        Type::Array(n, e) => n.checked_mul(type_size(e)?),
        Type::Struct(s) => {
            let end = s.fields.iter().try_fold(0u64, |n, f| {
                n.checked_next_multiple_of(f.align())?
                    .checked_add(type_size(f)?)
            })?;
            end.checked_next_multiple_of(s.align())
        }
        t => Some(t.size()),
    }
}

/// The scalar type of an aggregate's elements (the type itself for a scalar).
fn element_scalar(ty: &Type) -> Option<Scalar> {
    match ty {
        Type::Array(_, e) => element_scalar(e),
        t => Scalar::of(t),
    }
}

fn float_bits(ty: &Type, bits: u64) -> u64 {
    let v = f64::from_bits(bits);
    match ty {
        Type::Half => crate::model::float::from_f64(v, FloatTy::F16),
        Type::F32 => u64::from((v as f32).to_bits()),
        _ => bits,
    }
}

impl<'m> Program<'m> {
    pub fn new(
        module: &'m Module,
        kernel: &str,
        launch: &Launch,
        memory: &mut Memory,
        config: &Config,
    ) -> Result<Program<'m>, InterpError> {
        check_dims(launch)?;
        let Some(k) = module
            .functions
            .iter()
            .position(|f| f.name == kernel && !f.is_declaration())
        else {
            let kernels: Vec<&str> = module
                .functions
                .iter()
                .filter(|f| f.attrs.kernel)
                .map(|f| f.name.as_str())
                .collect();
            return Err(InterpError::launch(format!(
                "no kernel named '{kernel}' in the module (kernels: {})",
                if kernels.is_empty() {
                    "none".to_string()
                } else {
                    kernels.join(", ")
                }
            )));
        };
        let threads = launch.block.iter().map(|d| u64::from(*d)).product::<u64>();
        if let Some(max) = module.functions[k].attrs.maxntid {
            if threads > u64::from(max) {
                return Err(InterpError::launch(format!(
                    "@{kernel} has __launch_bounds__ of {max} threads per block; the launch has {threads} (a GPU refuses it)"
                )));
            }
        }
        let args = kernel_args(&module.functions[k], launch, memory)?;
        let (globals, shared) = place_globals(module, launch, memory)?;
        let names: HashMap<&str, u32> = module
            .functions
            .iter()
            .enumerate()
            .filter(|(_, f)| !f.is_declaration())
            .map(|(i, f)| (f.name.as_str(), i as u32))
            .collect();
        let cx = Decoder {
            module,
            globals: &globals,
            functions: &names,
            ftz: config.options.ftz,
        };
        let funcs = module.functions.iter().map(|f| cx.function(f)).collect();
        Ok(Program {
            module,
            funcs,
            kernel: k as u32,
            args,
            shared,
        })
    }
}

/// The kernel's parameter registers from the launch's arguments.
fn kernel_args(f: &Function, launch: &Launch, memory: &Memory) -> Result<Vec<u64>, InterpError> {
    if launch.args.len() != f.params.len() {
        return Err(InterpError::launch(format!(
            "@{} takes {} argument{}, the launch gives {}",
            f.name,
            f.params.len(),
            if f.params.len() == 1 { "" } else { "s" },
            launch.args.len()
        )));
    }
    let mut regs = Vec::new();
    for (i, (p, a)) in f.params.iter().zip(&launch.args).enumerate() {
        let bad = |what: &str| {
            InterpError::launch(format!(
                "argument {} (%{}) is {}: {what}",
                i + 1,
                p.name,
                p.ty
            ))
        };
        let v = match (&p.ty, a) {
            (Type::Ptr(_), ArgValue::Buffer(id)) => {
                if id.0 as usize >= memory.len() {
                    return Err(bad(&format!("buffer {} does not exist", id.0)));
                }
                Ptr::global(*id).encode()
            }
            (t, ArgValue::I32(_) | ArgValue::I64(_)) if t.is_int() => {
                let v = match a {
                    ArgValue::I32(v) => i64::from(*v),
                    ArgValue::I64(v) => *v,
                    _ => 0,
                };
                let bits = t.bits();
                // In range as a signed or as an unsigned number of the width.
                let fits = bits >= 64
                    || sext(v as u64 & mask(bits), bits) == v
                    || (v >= 0 && (v as u64) <= mask(bits));
                if !fits {
                    return Err(bad(&format!("{v} does not fit")));
                }
                v as u64 & mask(bits)
            }
            (Type::F32, ArgValue::F32(v)) => u64::from(v.to_bits()),
            (Type::F64, ArgValue::F64(v)) => v.to_bits(),
            (Type::F64, ArgValue::F32(v)) => f64::from(*v).to_bits(),
            (_, a) => return Err(bad(&format!("cannot pass {a:?}"))),
        };
        regs.push(v);
    }
    Ok(regs)
}

/// Gives every module variable its address: shared ones a region of each
/// block's shared memory (all `extern __shared__` ones the dynamic region),
/// global and constant ones a named buffer in `memory`, created and
/// initialized the first time.
fn place_globals(
    module: &Module,
    launch: &Launch,
    memory: &mut Memory,
) -> Result<(HashMap<String, u64>, Vec<u64>), InterpError> {
    let mut addrs = HashMap::default();
    let mut shared = Vec::new();
    let mut dynamic: Option<u32> = None;
    let mut fresh = Vec::new();
    for g in &module.globals {
        let too_big = || {
            InterpError::launch(format!(
                "@{} of type {} is too large for the interpreter",
                g.name, g.ty
            ))
        };
        let addr = match g.space {
            addrspace::SHARED => {
                let region = if g.external {
                    *dynamic.get_or_insert_with(|| {
                        shared.push(u64::from(launch.dynamic_shared));
                        shared.len() as u32 - 1
                    })
                } else {
                    shared.push(type_size(&g.ty).ok_or_else(too_big)?);
                    shared.len() as u32 - 1
                };
                Ptr {
                    space: addrspace::SHARED,
                    region,
                    offset: 0,
                }
            }
            addrspace::GLOBAL | addrspace::CONST | addrspace::GENERIC => {
                let id = match memory.symbol(&g.name) {
                    Some(id) => id,
                    None => {
                        let size = type_size(&g.ty)
                            .filter(|s| *s <= MAX_SYMBOL_BYTES)
                            .ok_or_else(too_big)?;
                        fresh.push(g);
                        memory.add_symbol(&g.name, vec![0; size as usize])
                    }
                };
                Ptr {
                    space: if g.space == addrspace::CONST {
                        addrspace::CONST
                    } else {
                        addrspace::GLOBAL
                    },
                    region: id.0,
                    offset: 0,
                }
            }
            s => {
                return Err(InterpError::launch(format!(
                    "@{} is in address space {s}, which holds no module variables",
                    g.name
                )))
            }
        };
        if addr.region >= MAX_REGIONS {
            return Err(InterpError::launch("too many buffers in memory"));
        }
        addrs.insert(g.name.clone(), addr.encode());
    }
    let total: u64 = shared.iter().sum();
    if total > MAX_SHARED_BYTES {
        return Err(InterpError::launch(format!(
            "the kernel uses {total} bytes of shared memory, more than a block can have ({MAX_SHARED_BYTES})"
        )));
    }
    // Functions' addresses, which variables and instructions may name.
    for (i, f) in module.functions.iter().enumerate() {
        if !f.is_declaration() {
            let addr = Ptr {
                space: CODE_SPACE,
                region: i as u32,
                offset: 0,
            };
            addrs.insert(f.name.clone(), addr.encode());
        }
    }
    // Initializers of variables created just now (they may hold addresses).
    for g in fresh {
        let Init::Values(values) = &g.init else {
            continue;
        };
        let Some(elem) = element_scalar(&g.ty) else {
            continue;
        };
        let mut bytes = Vec::new();
        for v in values {
            let bits = match v {
                Value::Int(t, x) => *x as u64 & mask(t.bits()),
                Value::Float(t, b) => float_bits(t, *b),
                Value::Global(name, _) => addrs.get(name).copied().unwrap_or(0),
                _ => 0,
            };
            bytes.extend_from_slice(&bits.to_le_bytes()[..elem.size() as usize]);
        }
        if let Some(id) = memory.symbol(&g.name) {
            if let Some(buf) = memory.bytes_mut(id) {
                let n = bytes.len().min(buf.len());
                buf[..n].copy_from_slice(&bytes[..n]);
            }
        }
    }
    Ok((addrs, shared))
}

struct Decoder<'a> {
    module: &'a Module,
    globals: &'a HashMap<String, u64>,
    functions: &'a HashMap<&'a str, u32>,
    ftz: bool,
}

/// Registers of one function: parameters first, then every value-producing
/// instruction in the layout.
struct Regs {
    of_inst: Vec<u32>,
    count: u32,
}

impl Decoder<'_> {
    fn function(&self, f: &Function) -> Func {
        if f.is_declaration() {
            return Func::default();
        }
        let mut regs = Regs {
            of_inst: vec![u32::MAX; f.insts.len()],
            count: f.params.len() as u32,
        };
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let ty = &f.inst(i).ty;
                if *ty != Type::Void {
                    regs.of_inst[i.0 as usize] = regs.count;
                    regs.count += reg_count(ty);
                }
            }
        }
        let mut out = Func {
            nregs: regs.count,
            ..Func::default()
        };
        let mut block_pc: HashMap<BlockId, u32> = HashMap::default();
        let mut phis: HashMap<BlockId, Vec<InstId>> = HashMap::default();
        // Edges as (from, to) until every block has its pc.
        let mut edges: Vec<(BlockId, BlockId)> = Vec::new();
        for &b in &f.layout {
            block_pc.insert(b, out.code.len() as u32);
            for &i in &f.block(b).insts {
                if let InstKind::Phi { .. } = f.inst(i).kind {
                    phis.entry(b).or_default().push(i);
                    continue;
                }
                let mut edge = |to: BlockId| {
                    edges.push((b, to));
                    edges.len() as u32 - 1
                };
                let op = match self.inst(f, &regs, i, &mut edge) {
                    Ok(op) => op,
                    Err((kind, message)) => Op::Trap {
                        kind,
                        message: message.into(),
                    },
                };
                out.code.push(op);
                out.origin.push(Some(i));
            }
            // A block that does not end in a terminator falls off its end.
            if !f
                .block(b)
                .insts
                .last()
                .is_some_and(|i| f.inst(*i).kind.is_terminator())
            {
                out.code.push(Op::Trap {
                    kind: ErrorKind::Unsupported,
                    message: format!("block %{} has no terminator", f.block(b).name).into(),
                });
                out.origin.push(None);
            }
        }
        let dead_pc = out.code.len() as u32;
        out.code.push(Op::Trap {
            kind: ErrorKind::Unsupported,
            message: "branch to a block that is not in the function's layout".into(),
        });
        out.origin.push(None);
        for (from, to) in edges {
            let moves = phis
                .get(&to)
                .map(|ps| {
                    ps.iter()
                        .map(|p| {
                            let src = match &f.inst(*p).kind {
                                InstKind::Phi { incoming } => incoming
                                    .iter()
                                    .find(|(_, b)| *b == from)
                                    .and_then(|(v, _)| self.opnd(f, &regs, v).ok()),
                                _ => None,
                            };
                            (regs.of_inst[p.0 as usize], src.unwrap_or(Opnd::Imm(0)))
                        })
                        .collect()
                })
                .unwrap_or_default();
            out.edges.push(Edge {
                pc: block_pc.get(&to).copied().unwrap_or(dead_pc),
                moves,
            });
        }
        out
    }

    fn opnd(&self, f: &Function, regs: &Regs, v: &Value) -> Result<Opnd, (ErrorKind, String)> {
        Ok(match v {
            Value::Inst(i) => match regs.of_inst.get(i.0 as usize) {
                Some(&r) if r != u32::MAX => Opnd::Reg(r),
                _ => {
                    return Err((
                        ErrorKind::Unsupported,
                        "an operand is an instruction outside the function's blocks".into(),
                    ))
                }
            },
            Value::Arg(a) if (*a as usize) < f.params.len() => Opnd::Reg(*a),
            Value::Arg(a) => {
                return Err((
                    ErrorKind::Unsupported,
                    format!("argument {a} does not exist"),
                ))
            }
            Value::Int(t, x) => Opnd::Imm(*x as u64 & mask(t.bits())),
            Value::Float(t, b) => Opnd::Imm(float_bits(t, *b)),
            Value::Undef(_) | Value::Null(_) => Opnd::Imm(0),
            Value::Global(name, _) => match self.globals.get(name) {
                Some(a) => Opnd::Imm(*a),
                None => {
                    return Err((
                        ErrorKind::Unsupported,
                        format!("@{name} is not a variable of the module"),
                    ))
                }
            },
        })
    }

    fn inst(
        &self,
        f: &Function,
        regs: &Regs,
        id: InstId,
        edge: &mut dyn FnMut(BlockId) -> u32,
    ) -> Result<Op, (ErrorKind, String)> {
        let inst = f.inst(id);
        let dst = regs.of_inst[id.0 as usize];
        let o = |v: &Value| self.opnd(f, regs, v);
        let scalar = |t: &Type| {
            Scalar::of(t).ok_or_else(|| {
                (
                    ErrorKind::Unsupported,
                    format!("values of type {t} are not supported"),
                )
            })
        };
        let space_of = |v: &Value| match f.value_type(v) {
            Type::Ptr(s) => s,
            _ => addrspace::GENERIC,
        };
        let float_ty = |t: &Type| {
            Scalar::of(t).and_then(Scalar::float).ok_or_else(|| {
                (
                    ErrorKind::Unsupported,
                    format!("a float operation on type {t}"),
                )
            })
        };
        let ftz_for = |ty: FloatTy| self.ftz && ty == FloatTy::F32;
        // What a load or store moves: a scalar, or a vector's lanes.
        let elements = |t: &Type| match t.as_vector() {
            Some((n, e)) if t.vector_ok() => Ok((scalar(e)?, n)),
            Some(_) => Err((
                ErrorKind::Unsupported,
                format!("values of type {t} are not supported"),
            )),
            None => Ok((scalar(t)?, 1)),
        };
        // A constant lane number of a vector of type `t`.
        let lane_of = |t: &Type, idx: &Value| {
            match (t.as_vector(), idx.as_int()) {
            (Some((n, _)), Some(k)) if (0..i64::from(n)).contains(&k) => Ok(k as u32),
            _ => Err((
                ErrorKind::Unsupported,
                format!("lane {idx:?} of a value of type {t}: a lane is a constant below the vector's length"),
            )),
        }
        };
        Ok(match &inst.kind {
            InstKind::Asm(_) | InstKind::ExtractValue { .. } => return Err((
                ErrorKind::Unsupported,
                "inline asm is not supported by the IR interpreter (run the PTX in the emulator)"
                    .into(),
            )),
            InstKind::Alloca { ty, .. } => Op::Alloca {
                dst,
                size: type_size(ty).unwrap_or(u64::MAX),
            },
            InstKind::Load { ptr, align, .. } => {
                let (ty, lanes) = elements(&inst.ty)?;
                Op::Load {
                    dst,
                    ptr: o(ptr)?,
                    ty,
                    lanes,
                    space: space_of(ptr),
                    align: *align,
                }
            }
            InstKind::Store {
                val, ptr, align, ..
            } => {
                let (ty, lanes) = elements(&f.value_type(val))?;
                Op::Store {
                    val: o(val)?,
                    ptr: o(ptr)?,
                    ty,
                    lanes,
                    space: space_of(ptr),
                    align: *align,
                }
            }
            InstKind::ExtractElement { vec, idx } => {
                let k = lane_of(&f.value_type(vec), idx)?;
                Op::Copy {
                    dst,
                    src: lane(o(vec)?, k),
                }
            }
            InstKind::InsertElement { vec, elt, idx } => {
                let vt = f.value_type(vec);
                let k = lane_of(&vt, idx)?;
                if vt != inst.ty {
                    return Err((
                        ErrorKind::Unsupported,
                        format!("insertelement into {vt} giving {}", inst.ty),
                    ));
                }
                Op::Insert {
                    dst,
                    vec: o(vec)?,
                    lanes: reg_count(&vt),
                    k,
                    elt: o(elt)?,
                }
            }
            InstKind::Gep {
                elem_ty,
                base,
                indices,
            } => {
                let Some((steps, _)) = gep_steps(elem_ty, indices) else {
                    return Err((
                        ErrorKind::Unsupported,
                        format!("getelementptr indexes into a scalar of {elem_ty}"),
                    ));
                };
                let mut disp = 0u64;
                let mut terms = Vec::new();
                for (step, idx) in steps.iter().zip(indices) {
                    let scale = match *step {
                        GepStep::Field(off) => {
                            disp = disp.wrapping_add(off as u64);
                            continue;
                        }
                        GepStep::Scale(s) => s as u64,
                    };
                    let bits = f.value_type(idx).bits();
                    match o(idx)? {
                        Opnd::Imm(c) => {
                            disp = disp.wrapping_add((sext(c, bits) as u64).wrapping_mul(scale))
                        }
                        r => terms.push((r, scale, bits)),
                    }
                }
                Op::Gep {
                    dst,
                    base: o(base)?,
                    disp,
                    terms: terms.into(),
                }
            }
            InstKind::Bin { op, lhs, rhs, .. } if op.is_float() => {
                let ty = float_ty(&inst.ty)?;
                Op::Float {
                    dst,
                    op: *op,
                    a: o(lhs)?,
                    b: o(rhs)?,
                    ty,
                    ftz: ftz_for(ty),
                }
            }
            InstKind::Bin { op, lhs, rhs, .. } => Op::Int {
                dst,
                op: *op,
                a: o(lhs)?,
                b: o(rhs)?,
                bits: scalar(&inst.ty)?.bits(),
            },
            InstKind::FNeg(v) => {
                let ty = float_ty(&inst.ty)?;
                Op::FNeg {
                    dst,
                    a: o(v)?,
                    ty,
                    ftz: ftz_for(ty),
                }
            }
            InstKind::ICmp { pred, lhs, rhs } => Op::ICmp {
                dst,
                pred: *pred,
                a: o(lhs)?,
                b: o(rhs)?,
                bits: scalar(&f.value_type(lhs))?.bits(),
            },
            InstKind::FCmp { pred, lhs, rhs } => {
                let ty = float_ty(&f.value_type(lhs))?;
                Op::FCmp {
                    dst,
                    pred: *pred,
                    a: o(lhs)?,
                    b: o(rhs)?,
                    ty,
                    ftz: ftz_for(ty),
                }
            }
            InstKind::Select { cond, t, f: e } => Op::Select {
                dst,
                cond: o(cond)?,
                t: o(t)?,
                f: o(e)?,
            },
            InstKind::Cast { op, val } => {
                let from = scalar(&f.value_type(val))?;
                let to = scalar(&inst.ty)?;
                Op::Cast {
                    dst,
                    op: *op,
                    a: o(val)?,
                    from,
                    to,
                    ftz: self.ftz && (from == Scalar::F32 || to == Scalar::F32),
                }
            }
            InstKind::Call { callee, args } => {
                let ops = args.iter().map(o).collect::<Result<Vec<_>, _>>()?;
                let dst = (inst.ty != Type::Void).then_some(dst);
                match callee {
                    // `ld.global.cs.v4.s32`, `st.global.wt.f64`: the access itself (the
                    // operator is a cache hint), at its natural alignment.
                    ir::Callee::Intrinsic(ir::Intrinsic::CacheAccess(s)) => {
                        match (s.starts_with("ld."), &args[..]) {
                            (true, [ptr]) => {
                                let (ty, lanes) = elements(&inst.ty)?;
                                Op::Load {
                                    dst: dst.unwrap_or(0),
                                    ptr: o(ptr)?,
                                    ty,
                                    lanes,
                                    space: space_of(ptr),
                                    align: type_size(&inst.ty).unwrap_or(1),
                                }
                            }
                            (false, [ptr, val]) => {
                                let vt = f.value_type(val);
                                let (ty, lanes) = elements(&vt)?;
                                Op::Store {
                                    val: o(val)?,
                                    ptr: o(ptr)?,
                                    ty,
                                    lanes,
                                    space: space_of(ptr),
                                    align: type_size(&vt).unwrap_or(1),
                                }
                            }
                            _ => {
                                return Err((
                                    ErrorKind::Unsupported,
                                    format!("@llvm.nvvm.{s} called with {} arguments", args.len()),
                                ))
                            }
                        }
                    }
                    ir::Callee::Intrinsic(i) => {
                        let space = args.first().map(space_of).unwrap_or(0);
                        self.intrinsic_call(i, ops, dst, space, ftz_for)?
                    }
                    ir::Callee::Function(name) => self.function_call(name, ops, dst)?,
                }
            }
            InstKind::CallIndirect { callee, args } => Op::Call {
                dst: (inst.ty != Type::Void).then_some(dst),
                func: Callee::Indirect(o(callee)?),
                args: args.iter().map(o).collect::<Result<Vec<_>, _>>()?.into(),
            },
            InstKind::Phi { .. } => {
                return Err((
                    ErrorKind::Unsupported,
                    "a phi after the block's start".into(),
                ))
            }
            InstKind::Br { dest } => Op::Br { edge: edge(*dest) },
            InstKind::CondBr { cond, t, f: e } => Op::CondBr {
                cond: o(cond)?,
                t: edge(*t),
                f: edge(*e),
            },
            InstKind::Switch {
                val,
                default,
                cases,
            } => {
                let bits = scalar(&f.value_type(val))?.bits();
                Op::Switch {
                    val: o(val)?,
                    bits,
                    default: edge(*default),
                    cases: cases
                        .iter()
                        .map(|(c, b)| (*c as u64 & mask(bits), edge(*b)))
                        .collect(),
                }
            }
            InstKind::Ret { val } => Op::Ret {
                val: val.as_ref().map(o).transpose()?,
            },
            InstKind::AtomicRmw { op, ptr, val, .. } => Op::Atomic {
                dst,
                op: *op,
                ptr: o(ptr)?,
                val: o(val)?,
                ty: scalar(&f.value_type(val))?,
                space: space_of(ptr),
            },
            InstKind::CmpXchg { ptr, cmp, new, .. } => Op::CmpXchg {
                dst,
                ptr: o(ptr)?,
                cmp: o(cmp)?,
                new: o(new)?,
                ty: scalar(&f.value_type(new))?,
                space: space_of(ptr),
            },
            InstKind::Fence { .. } => Op::Fence,
            InstKind::Unreachable => {
                return Err((ErrorKind::Unreachable, "executed 'unreachable'".into()))
            }
        })
    }
}
