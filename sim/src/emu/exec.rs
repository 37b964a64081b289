//! Execution of a decoded PTX program: a thread's instructions
//! ([`Front::run_thread`]) and what the scheduler (`model/sched.rs`) asks of
//! them. Warps of 32 meet at `shfl.sync`, `vote.sync`, `match.sync`,
//! `bar.warp.sync` and `activemask`, the block at `bar.sync`/`bar.red`.

use super::program::AsyncArg;
use super::program::{
    atomic_scalar, mask, BoolOp, CarryOp, Cmp, CvtRound, Dst, FloatOp, Func, IntOp, Mem, Op,
    ParamCopy, Program, Reduce, Src, Sreg, Ty, WarpOp,
};
use crate::model::asyncmem::{self, AsyncCopies, AsyncMem, Outcome};
use crate::model::check::{AccessKind, Checker};
use crate::model::float::{self, FloatTy, MathFn};
use crate::model::memory::{read_le, region_bytes, write_le, Memory, Ptr, CODE_SPACE};
use crate::model::printf::{append_output, MAX_OUTPUT, MAX_PRINTF_STRING};
use crate::model::rounding::{self, RoundOp, Rounding};
use crate::model::sched::{self, Front, Lane, State};
use ops::{address, carry_op, compare, cvt, cvta, float_op, int_op, space_addr};
use std::collections::HashMap;

mod ops;
use crate::model::value::{
    atomic_value, division_ub, int_binary, int_compare, int_fn, sext, Fault, IntFn,
};
use crate::model::{printf, BufferId, Config, ErrorKind, InterpError, Launch, Location, Stats};
use ptxlab_core::ir::{addrspace, BinOp};

/// A call in progress.
#[derive(Clone, Copy, Debug)]
struct Frame {
    func: u32,
    /// The frame's first register in the thread's register file.
    base: u32,
    /// The next op to run (for a caller: its call).
    pc: u32,
    /// The frame's `.local` and `.param` areas in the thread's stacks.
    local: u64,
    param: u64,
    /// Where the result goes in the caller's `.param` area.
    ret: Option<ParamCopy>,
}

struct Thread {
    lane: Lane,
    frames: Vec<Frame>,
    regs: Vec<u64>,
    local: Vec<u8>,
    params: Vec<u8>,
    /// The registers (absolute) of the results of the warp instruction or
    /// barrier the thread waits at.
    pending_d: Option<Dst>,
    pending_p: Option<Dst>,
    /// The registers (absolute) of a waiting `wmma.mma`'s results.
    pending_wide: Vec<Dst>,
    /// The carry flag (`CC.CF`) of `add.cc` and friends.
    carry: bool,
    /// Its asynchronous copies not yet complete.
    copies: AsyncCopies,
    /// Registers (absolute) holding a value computed from local bytes the
    /// thread never wrote: reported where such a value is used as an
    /// address, a guard, or stored to memory other than local or param;
    /// arithmetic passes it on; a store to local memory only copies it (a
    /// struct copy, a bit-field update: not reported, the bytes count as
    /// written).
    poison: Vec<Poison>,
}

/// A register holding a value from unwritten local memory, and that read.
#[derive(Clone, Copy, Debug)]
struct Poison {
    reg: u32,
    site: (u32, u32),
    offset: u64,
    size: u64,
}

impl Thread {
    /// Register `reg` (absolute), noting in `tainted` a poisoned value.
    #[inline]
    fn read_reg(&self, reg: u32, tainted: &mut Option<Poison>) -> u64 {
        if !self.poison.is_empty() {
            if let Some(p) = self.poison.iter().find(|p| p.reg == reg) {
                *tainted = Some(*p);
            }
        }
        self.regs[reg as usize]
    }
}

/// A poisoned value used: the finding, at the read that gave it.
fn report_poison(check: &mut Checker, thread: u32, tainted: &mut Option<Poison>) {
    if let Some(p) = tainted.take() {
        check.local_use(0, p.offset, p.size, thread, p.site);
    }
}

impl Thread {
    fn new() -> Thread {
        Thread {
            lane: Lane::new(),
            frames: Vec::new(),
            regs: Vec::new(),
            local: Vec::new(),
            params: Vec::new(),
            pending_d: None,
            pending_p: None,
            pending_wide: Vec::new(),
            carry: false,
            copies: AsyncCopies::default(),
            poison: Vec::new(),
        }
    }

    fn start(&mut self, p: &Program, kernel: u32, params: &[u8], tid: [u32; 3], linear: u32) {
        let f = &p.funcs[kernel as usize];
        self.lane.tid = tid;
        self.lane.linear = linear;
        self.frames.clear();
        self.frames.push(Frame {
            func: kernel,
            base: 0,
            pc: 0,
            local: 0,
            param: 0,
            ret: None,
        });
        self.regs.clear();
        self.regs.resize(f.nregs as usize, 0);
        self.local.clear();
        self.local.resize(f.local_bytes as usize, 0);
        self.params.clear();
        self.params.extend_from_slice(params);
        self.params.resize(f.param_bytes as usize, 0);
        self.copies.clear();
        self.poison.clear();
        self.lane.state = State::Running;
    }
}

/// The bytes a frame of `f` takes: its registers (8 bytes each), `.local`
/// and `.param` areas. A thread's frames together are limited by
/// `Config::max_local_bytes`, so no launch can take memory without bound.
fn frame_bytes(f: &Func) -> u64 {
    u64::from(f.nregs) * 8 + f.local_bytes + f.param_bytes
}

fn footprint(t: &Thread) -> u64 {
    (t.regs.len() * 8 + t.local.len() + t.params.len()) as u64
}

/// A register written absolute (the frame's base added).
fn at(d: Dst, base: u32) -> Dst {
    Dst {
        reg: d.reg + base,
        ..d
    }
}

/// `v`, a result of `d.from` bits, as the register keeps it.
#[inline(always)]
fn put(regs: &mut [u64], d: Dst, v: u64) {
    let v = if d.signed {
        sext(v, u32::from(d.from)) as u64
    } else {
        v & mask(u32::from(d.from))
    };
    regs[d.reg as usize] = v & mask(u32::from(d.width));
}

struct Exec<'p> {
    p: &'p Program,
    kernel: u32,
    params: &'p [u8],
    mem: &'p mut Memory,
    cfg: &'p Config,
    launch: &'p Launch,
    block_idx: [u32; 3],
    steps: u64,
    output: Vec<u8>,
    shared: Vec<u8>,
    check: Checker,
    /// The non-coherent loads' view (`ld.global.nc`): each global buffer
    /// the launch writes, as it was when the launch started (saved at its
    /// first store; none is saved when the program has no `.nc` load). A
    /// kernel that stores to a buffer it reads through `.nc` reads stale
    /// data, as the read-only cache may give on a GPU (which PTX leaves
    /// undefined): this is the model that makes a wrong `.nc` show.
    at_launch: Option<HashMap<u32, Vec<u8>>>,
    /// The grid workspace of a cooperative launch (`%envreg1/2`), else 0.
    workspace: u64,
    /// Instructions a thread runs before it yields (`u64::MAX`: never).
    quantum: u64,
}

/// Runs the launch: every block of the grid.
pub(crate) fn run(
    p: &Program,
    kernel: u32,
    params: &[u8],
    launch: &Launch,
    mem: &mut Memory,
    cfg: &Config,
) -> Result<Stats, InterpError> {
    let kf = &p.funcs[kernel as usize];
    if frame_bytes(kf) > cfg.max_local_bytes {
        return Err(InterpError {
            kind: ErrorKind::StackOverflow,
            message: format!(
                "{} needs {} bytes of registers, local and param memory per thread (limit {})",
                kf.name,
                frame_bytes(kf),
                cfg.max_local_bytes
            ),
            at: None,
            output: String::new(),
        });
    }
    let mut ex = Exec {
        p,
        kernel,
        params,
        mem,
        cfg,
        launch,
        block_idx: [0; 3],
        steps: 0,
        output: Vec::new(),
        shared: Vec::new(),
        check: Checker::new(cfg.check_undefined, launch.block),
        at_launch: p
            .funcs
            .iter()
            .any(|f| f.code.iter().any(|o| matches!(o, Op::Ld { nc: true, .. })))
            .then(HashMap::default),
        workspace: 0,
        quantum: u64::MAX,
    };
    sched::run(&mut ex, launch, cfg)
}

/// The op a waiting thread waits at.
fn waiting_op(p: &Program, s: State) -> Option<&Op> {
    match s {
        State::AtBarrier { func, pc } | State::AtWarp { func, pc } => {
            p.funcs[func as usize].code.get(pc as usize)
        }
        _ => None,
    }
}

impl Front for Exec<'_> {
    type Thread = Thread;
    type Block = ([u32; 3], Vec<u8>);
    const WARP_OP: &'static str = "instruction";
    const ACTIVEMASK_BY_SITE: bool = false;

    fn new_thread(&self) -> Thread {
        Thread::new()
    }

    fn lane(t: &Thread) -> &Lane {
        &t.lane
    }

    fn lane_mut(t: &mut Thread) -> &mut Lane {
        &mut t.lane
    }

    fn start_block(&mut self, block_idx: [u32; 3]) {
        self.block_idx = block_idx;
        let shared_bytes = self.p.dynamic_offset + u64::from(self.launch.dynamic_shared);
        self.shared.clear();
        self.shared.resize(shared_bytes as usize, 0);
    }

    fn save_block(&mut self) -> Self::Block {
        (self.block_idx, std::mem::take(&mut self.shared))
    }

    fn restore_block(&mut self, (block_idx, shared): Self::Block) {
        self.block_idx = block_idx;
        self.shared = shared;
    }

    fn block_shared_bytes(&self) -> u64 {
        self.p.dynamic_offset + u64::from(self.launch.dynamic_shared)
    }

    fn alloc_workspace(&mut self, bytes: Vec<u8>) -> u64 {
        let id = self.mem.alloc_bytes(bytes);
        self.mem.watch(id);
        self.workspace = crate::model::memory::Ptr::global(id).encode();
        self.workspace
    }

    fn set_quantum(&mut self, quantum: u64) {
        self.quantum = quantum;
    }

    fn start_thread(&mut self, t: &mut Thread, tid: [u32; 3], linear: u32) {
        t.start(self.p, self.kernel, self.params, tid, linear);
        self.check.start_thread(linear);
        self.check.local_resize(linear, t.local.len() as u64);
    }

    fn run_thread(&mut self, t: &mut Thread) -> Result<State, InterpError> {
        self.run_thread(t)
    }

    fn warp_op(&self, func: u32, pc: u32) -> Option<WarpOp> {
        match waiting_op(self.p, State::AtWarp { func, pc }) {
            Some(Op::Warp { op, .. }) => Some(*op),
            Some(Op::Wmma {
                w: ptxlab_core::wmma::Wmma::Mma { shape, types, .. },
                ..
            }) => Some(WarpOp::Mma(*shape, *types)),
            _ => None,
        }
    }

    fn barrier(&self, t: &Lane) -> Option<(u64, Option<Reduce>)> {
        match waiting_op(self.p, t.state) {
            Some(Op::Bar { reduce, .. }) => Some((t.pending[0], reduce.map(|r| r.0))),
            _ => None,
        }
    }

    fn deliver_wide(&self, t: &mut Thread, values: &[u64]) {
        if !t.poison.is_empty() {
            let ds = &t.pending_wide;
            t.poison.retain(|p| !ds.iter().any(|d| d.reg == p.reg));
        }
        for (d, v) in t.pending_wide.iter().zip(values) {
            put(&mut t.regs, *d, *v);
        }
    }

    fn deliver(&self, t: &mut Thread, value: u64, flag: Option<u64>) {
        if !t.poison.is_empty() {
            let (d, p) = (t.pending_d.map(|d| d.reg), t.pending_p.map(|d| d.reg));
            t.poison.retain(|x| Some(x.reg) != d && Some(x.reg) != p);
        }
        if let Some(d) = t.pending_d {
            put(&mut t.regs, d, value);
        }
        if let (Some(p), Some(flag)) = (t.pending_p, flag) {
            put(&mut t.regs, p, flag);
        }
    }

    fn error_at(
        &self,
        kind: ErrorKind,
        message: String,
        tid: [u32; 3],
        func: u32,
        pc: u32,
    ) -> InterpError {
        self.locate(kind, message, tid, func, pc)
    }

    fn steps(&self) -> u64 {
        self.steps
    }

    fn output(&self) -> &[u8] {
        &self.output
    }

    fn checker(&mut self) -> &mut Checker {
        &mut self.check
    }

    fn memory(&mut self) -> &mut Memory {
        self.mem
    }

    fn line_of(&self, func: u32, pc: u32) -> Option<u32> {
        self.p.funcs[func as usize]
            .origin
            .get(pc as usize)
            .map(|o| o.0)
            .filter(|l| *l > 0)
    }
}

impl Exec<'_> {
    fn locate(
        &self,
        kind: ErrorKind,
        message: String,
        tid: [u32; 3],
        func: u32,
        pc: u32,
    ) -> InterpError {
        let f = &self.p.funcs[func as usize];
        let (line, inst) = f
            .origin
            .get(pc as usize)
            .cloned()
            .unwrap_or((0, "(no instruction)".into()));
        InterpError::located(
            kind,
            message,
            Location {
                function: f.name.clone(),
                inst,
                line: (line > 0).then_some(line),
                block_idx: self.block_idx,
                thread_idx: tid,
            },
        )
    }

    fn sreg(&self, t: &Thread, r: Sreg) -> u64 {
        if let Sreg::EnvReg(n) = r {
            return sched::envreg(n, self.workspace);
        }
        let shared = self.shared.len() as u64;
        sched::special(r, &t.lane, self.block_idx, self.launch, self.steps, shared)
    }

    /// Runs `t` until it reaches a barrier, a warp instruction or its end.
    fn run_thread(&mut self, t: &mut Thread) -> Result<State, InterpError> {
        let p = self.p;
        let Some(mut fr) = t.frames.last().copied() else {
            return Ok(State::Done);
        };
        let mut func: &Func = &p.funcs[fr.func as usize];
        let mut pc = fr.pc as usize;
        let mut base = fr.base;
        // A value read from unwritten local memory among this instruction's
        // sources: its results carry it.
        let mut tainted: Option<Poison>;
        macro_rules! fail {
            ($fault:expr) => {{
                let (kind, message): Fault = $fault;
                return Err(self.locate(kind, message, t.lane.tid, fr.func, pc as u32));
            }};
        }
        macro_rules! tri {
            ($e:expr) => {
                match $e {
                    Ok(v) => v,
                    Err(f) => fail!(f),
                }
            };
        }
        macro_rules! get {
            ($s:expr) => {
                match $s {
                    Src::Reg(r) => t.read_reg(base + r, &mut tainted),
                    Src::Imm(v) => v,
                    other => self.special(t, &fr, other),
                }
            };
        }
        macro_rules! set {
            ($d:expr, $v:expr) => {{
                let v = $v;
                let d = at($d, base);
                if !t.poison.is_empty() {
                    t.poison.retain(|p| p.reg != d.reg);
                }
                if let Some(p) = tainted {
                    t.poison.push(Poison { reg: d.reg, ..p });
                }
                put(&mut t.regs, d, v);
            }};
        }
        // A source whose value is used (an address): a poisoned one is reported.
        macro_rules! sink {
            ($s:expr) => {{
                let v = get!($s);
                report_poison(&mut self.check, t.lane.linear, &mut tainted);
                v
            }};
        }
        let until = self.steps.saturating_add(self.quantum);
        loop {
            if self.steps >= until {
                if let Some(top) = t.frames.last_mut() {
                    top.pc = pc as u32;
                }
                return Ok(State::Yielded);
            }
            tri!(sched::step(&mut self.steps, self.cfg));
            let Some(op) = func.code.get(pc) else {
                fail!((ErrorKind::Unsupported, "ran past the function's end".into()));
            };
            tainted = None;
            if let Some((g, neg)) = func.guards[pc] {
                if !t.poison.is_empty() {
                    t.read_reg(base + g, &mut tainted);
                    report_poison(&mut self.check, t.lane.linear, &mut tainted);
                }
                if (t.regs[(base + g) as usize] & 1 != 0) == neg {
                    pc += 1;
                    continue;
                }
            }
            match op {
                Op::Mov { d, a } => set!(*d, get!(*a)),
                Op::Pack { d, parts, bits } => {
                    let mut v = 0u64;
                    for (k, s) in parts.iter().enumerate() {
                        v |= (get!(*s) & mask(*bits)) << (k as u32 * bits);
                    }
                    set!(*d, v);
                }
                Op::Unpack { ds, a, bits } => {
                    let v = get!(*a);
                    for (k, d) in ds.iter().enumerate() {
                        if let Some(d) = d {
                            set!(*d, (v >> (k as u32 * bits)) & mask(*bits));
                        }
                    }
                }
                Op::Int { op, d, s, ty } => {
                    let v = [get!(s[0]), get!(s[1]), get!(s[2]), get!(s[3])];
                    set!(*d, tri!(int_op(*op, v, *ty)));
                    if matches!(op, IntOp::Div | IntOp::Rem) {
                        let bin = match (op, ty.signed()) {
                            (IntOp::Div, true) => BinOp::SDiv,
                            (IntOp::Div, false) => BinOp::UDiv,
                            (_, true) => BinOp::SRem,
                            _ => BinOp::URem,
                        };
                        let m = mask(ty.bits);
                        if let Some((kind, what)) = division_ub(bin, v[0] & m, v[1] & m, ty.bits) {
                            let site = (fr.func, pc as u32);
                            self.check.event(kind, site, t.lane.linear, || what, None);
                        }
                    }
                }
                Op::Float {
                    op,
                    d,
                    s,
                    ty,
                    ftz,
                    sat,
                } => {
                    let v = [get!(s[0]), get!(s[1]), get!(s[2])];
                    set!(*d, float_op(*op, v, *ty, *ftz, *sat));
                }
                Op::Setp {
                    cmp,
                    ty,
                    ftz,
                    a,
                    b,
                    combine,
                    p,
                    q,
                } => {
                    let (x, y) = (get!(*a), get!(*b));
                    let r = compare(*cmp, x, y, *ty, *ftz);
                    let (rp, rq) = match combine {
                        None => (r, !r),
                        Some((o, c, neg)) => {
                            let c = (get!(*c) & 1 != 0) != *neg;
                            let f = |v: bool| match o {
                                BoolOp::And => v && c,
                                BoolOp::Or => v || c,
                                BoolOp::Xor => v != c,
                            };
                            (f(r), f(!r))
                        }
                    };
                    set!(*p, u64::from(rp));
                    if let Some(q) = q {
                        set!(*q, u64::from(rq));
                    }
                }
                Op::Carry {
                    op,
                    d,
                    s,
                    ty,
                    cin,
                    cout,
                } => {
                    let v = [get!(s[0]), get!(s[1]), get!(s[2])];
                    let (r, c) = carry_op(*op, v, *ty, *cin && t.carry);
                    if *cout {
                        t.carry = c;
                    }
                    set!(*d, r);
                }
                Op::Half { inst, d, s } => {
                    let v = [get!(s[0]), get!(s[1]), get!(s[2])];
                    set!(*d, inst.eval(v));
                }
                Op::Selp { d, a, b, c } => {
                    let v = if get!(*c) & 1 != 0 {
                        get!(*a)
                    } else {
                        get!(*b)
                    };
                    set!(*d, v);
                }
                Op::Cvt {
                    d,
                    a,
                    to,
                    from,
                    round,
                    ftz,
                    sat,
                } => {
                    let v = get!(*a);
                    set!(*d, cvt(v, *to, *from, *round, *ftz, *sat));
                }
                Op::Cvta { d, a, space, to } => {
                    let v = get!(*a);
                    set!(*d, cvta(v, *space, *to));
                }
                Op::Ld {
                    ds,
                    addr,
                    off,
                    wrap32,
                    space,
                    ty,
                    nc,
                } => {
                    let a = address(sink!(*addr), *off, *wrap32);
                    let size = ty.size();
                    let n = ds.len() as u64;
                    let site = (fr.func, pc);
                    let uninit = self.check_shared(t, *space, a, size * n, site, AccessKind::Read);
                    let bytes = tri!(self.access(t, &fr, *space, a, size * n, false));
                    let mut vals = [0u64; 8];
                    for (k, chunk) in bytes.chunks(size as usize).enumerate().take(8) {
                        vals[k] = read_le(chunk);
                    }
                    if *nc {
                        if let Some(old) = self.at_launch_bytes(a, size * n) {
                            for (k, chunk) in old.chunks(size as usize).enumerate().take(8) {
                                vals[k] = read_le(chunk);
                            }
                        }
                    }
                    for (k, d) in ds.iter().enumerate() {
                        if let Some(d) = d {
                            set!(*d, vals[k]);
                        }
                    }
                    if let Some(offset) = uninit {
                        for d in ds.iter().flatten() {
                            t.poison.push(Poison {
                                reg: at(*d, base).reg,
                                site: (site.0, site.1 as u32),
                                offset,
                                size: size * n,
                            });
                        }
                    }
                }
                Op::St {
                    vals,
                    addr,
                    off,
                    wrap32,
                    space,
                    ty,
                } => {
                    let a = address(sink!(*addr), *off, *wrap32);
                    let size = ty.size();
                    let len = size * vals.len() as u64;
                    let mut v = [0u64; 8];
                    for (k, s) in vals.iter().enumerate().take(8) {
                        v[k] = get!(*s);
                    }
                    // A poisoned value stored to local or param memory is
                    // copied; anywhere else it is used.
                    let copied = match *space {
                        Mem::Local | Mem::Param => true,
                        Mem::Generic => {
                            let p = Ptr::decode(a);
                            matches!(p.space, addrspace::LOCAL | addrspace::PARAM)
                        }
                        _ => false,
                    };
                    if !copied {
                        report_poison(&mut self.check, t.lane.linear, &mut tainted);
                    }
                    self.check_shared(t, *space, a, len, (fr.func, pc), AccessKind::Write);
                    let bytes = tri!(self.access(t, &fr, *space, a, len, true));
                    for (chunk, x) in bytes.chunks_mut(size as usize).zip(v) {
                        write_le(chunk, x);
                    }
                }
                Op::Atom {
                    d,
                    op,
                    addr,
                    off,
                    wrap32,
                    space,
                    ty,
                    b,
                    cas,
                    half,
                } => {
                    let a = address(sink!(*addr), *off, *wrap32);
                    let v = sink!(*b) & mask(ty.bits);
                    let new = cas.as_ref().map(|c| get!(*c) & mask(ty.bits));
                    self.check_shared(t, *space, a, ty.size(), (fr.func, pc), AccessKind::Atomic);
                    let bytes = tri!(self.access(t, &fr, *space, a, ty.size(), true));
                    let old = read_le(bytes);
                    let r = match new {
                        _ if half.is_some() => half.map_or(old, |h| h.eval([old, v, 0])),
                        Some(n) => {
                            if old == v {
                                n
                            } else {
                                old
                            }
                        }
                        // PTX: atom.add.f32 flushes subnormal inputs and results.
                        None => atomic_value(*op, old, v, atomic_scalar(*ty), true),
                    };
                    write_le(bytes, r);
                    if let Some(d) = d {
                        set!(*d, old);
                    }
                }
                Op::Async { op, d, a } => {
                    let mut v = [0u64; 3];
                    for (k, arg) in a.iter().enumerate() {
                        v[k] = match *arg {
                            AsyncArg::Val(s) => get!(s),
                            AsyncArg::Addr(b, off, wrap, _) => address(get!(b), off, wrap),
                        };
                    }
                    let mut copies = std::mem::take(&mut t.copies);
                    let r = asyncmem::exec(
                        *op,
                        v,
                        &mut copies,
                        &mut EmuMem {
                            ex: self,
                            t,
                            fr: &fr,
                            site: (fr.func, pc),
                        },
                    );
                    t.copies = copies;
                    match tri!(r) {
                        Outcome::Done(x) => {
                            if let (Some(d), Some(x)) = (d, x) {
                                set!(*d, x);
                            }
                        }
                        Outcome::Blocked => {
                            if let Some(top) = t.frames.last_mut() {
                                top.pc = pc as u32;
                            }
                            return Ok(State::AtMbarrier {
                                func: fr.func,
                                pc: pc as u32,
                            });
                        }
                    }
                }
                Op::Bar { id, reduce } => {
                    t.lane.pending[0] = get!(*id);
                    t.pending_d = None;
                    if let Some((_, d, c, neg)) = reduce {
                        t.lane.pending[1] = u64::from((get!(*c) & 1 != 0) != *neg);
                        t.pending_d = Some(at(*d, base));
                    }
                    if let Some(top) = t.frames.last_mut() {
                        top.pc = pc as u32 + 1;
                    }
                    return Ok(State::AtBarrier {
                        func: fr.func,
                        pc: pc as u32,
                    });
                }
                Op::Wmma {
                    w,
                    ds,
                    srcs,
                    addr,
                    off,
                    wrap32,
                    ldm,
                    space,
                } => {
                    use crate::model::wmma;
                    use ptxlab_core::wmma::Wmma;
                    let vals: Vec<u64> = srcs.iter().map(|s| get!(*s)).collect();
                    match *w {
                        Wmma::Load { frag, col, .. } | Wmma::Store { frag, col, .. } => {
                            let store = matches!(w, Wmma::Store { .. });
                            let a0 = address(get!(*addr), *off, *wrap32);
                            let ldm = get!(*ldm) & 0xffff_ffff;
                            let lane_id = t.lane.linear % 32;
                            let size = frag.elem.bytes();
                            let elems = if store {
                                wmma::unpack(frag, &vals)
                            } else {
                                vec![0; frag.elements() as usize]
                            };
                            let mut got = Vec::new();
                            for (e, x) in elems.iter().enumerate() {
                                let o = wmma::element_offset(frag, col, lane_id, e as u32, ldm);
                                let a = address(a0, o as i64, *wrap32);
                                let kind = if store {
                                    AccessKind::Write
                                } else {
                                    AccessKind::Read
                                };
                                self.check_shared(t, *space, a, size, (fr.func, pc), kind);
                                let bytes = tri!(self.access(t, &fr, *space, a, size, store));
                                if store {
                                    write_le(bytes, *x);
                                } else {
                                    got.push(read_le(bytes));
                                }
                            }
                            if !store {
                                for (d, r) in ds.iter().zip(wmma::pack(frag, &got)) {
                                    set!(*d, r);
                                }
                            }
                        }
                        Wmma::Mma { .. } => {
                            t.lane.pending = [u64::from(u32::MAX), 0, 0, 0];
                            t.lane.wide = vals;
                            t.pending_wide = ds.iter().map(|d| at(*d, base)).collect();
                            if let Some(top) = t.frames.last_mut() {
                                top.pc = pc as u32 + 1;
                            }
                            return Ok(State::AtWarp {
                                func: fr.func,
                                pc: pc as u32,
                            });
                        }
                    }
                }
                Op::Warp {
                    d,
                    p: pd,
                    args,
                    negate,
                    ..
                } => {
                    let mut v = [get!(args[0]), get!(args[1]), get!(args[2]), get!(args[3])];
                    if *negate {
                        v[1] ^= 1;
                    }
                    t.lane.pending = v;
                    t.pending_d = d.map(|d| at(d, base));
                    t.pending_p = pd.map(|d| at(d, base));
                    if let Some(top) = t.frames.last_mut() {
                        top.pc = pc as u32 + 1;
                    }
                    return Ok(State::AtWarp {
                        func: fr.func,
                        pc: pc as u32,
                    });
                }
                Op::Bra { target } => {
                    pc = *target as usize;
                    continue;
                }
                Op::Call { .. } | Op::CallIndirect { .. } => {
                    let resolved: Vec<ParamCopy>;
                    let (callee, args, ret) = match op {
                        Op::Call { callee, args, ret } => (*callee, &args[..], *ret),
                        Op::CallIndirect {
                            target,
                            args: given,
                            ret: given_ret,
                        } => {
                            let bits = get!(*target);
                            let ptr = Ptr::decode(bits);
                            let k = ptr.region;
                            let callee = p.funcs.get(k as usize).filter(|f| {
                                ptr.space == CODE_SPACE && ptr.offset == 0 && f.defined
                            });
                            let Some(callee) = callee else {
                                fail!((
                                    ErrorKind::OutOfBounds,
                                    format!(
                                        "call through {bits:#x}, which is no function's address"
                                    )
                                ));
                            };
                            let fits = given.len() == callee.params.len()
                                && given.iter().zip(&callee.params).all(|(a, p)| a.1 >= p.1)
                                && given_ret.is_some() == callee.ret.is_some();
                            if !fits {
                                fail!((
                                    ErrorKind::Unsupported,
                                    format!(
                                        "call through a pointer to '{}' with another signature",
                                        callee.name
                                    )
                                ));
                            }
                            resolved = given
                                .iter()
                                .zip(&callee.params)
                                .map(|(a, p)| ParamCopy {
                                    caller: a.0,
                                    callee: p.0,
                                    size: p.1,
                                })
                                .collect();
                            let ret = given_ret.zip(callee.ret).map(|(r, c)| ParamCopy {
                                caller: r.0,
                                callee: c.0,
                                size: c.1.min(r.1),
                            });
                            (k, &resolved[..], ret)
                        }
                        _ => fail!((ErrorKind::Unsupported, "not a call".into())),
                    };
                    if t.frames.len() >= self.cfg.max_call_depth {
                        fail!((
                            ErrorKind::StackOverflow,
                            format!(
                                "call depth limit reached ({} nested calls)",
                                self.cfg.max_call_depth
                            )
                        ));
                    }
                    let target = &p.funcs[callee as usize];
                    let local = t.local.len() as u64;
                    let param = t.params.len() as u64;
                    let total = footprint(t) + frame_bytes(target);
                    if total > self.cfg.max_local_bytes {
                        fail!((
                            ErrorKind::StackOverflow,
                            format!(
                                "stack exhausted: the call would make {total} bytes of registers, local and param memory for the thread (limit {})",
                                self.cfg.max_local_bytes
                            )
                        ));
                    }
                    t.local.resize((local + target.local_bytes) as usize, 0);
                    self.check
                        .local_resize(t.lane.linear, local + target.local_bytes);
                    t.params.resize((param + target.param_bytes) as usize, 0);
                    for c in args {
                        let from = (fr.param + c.caller) as usize;
                        let to = (param + c.callee) as usize;
                        t.params.copy_within(from..from + c.size as usize, to);
                    }
                    let new_base = t.regs.len() as u32;
                    t.regs.resize(t.regs.len() + target.nregs as usize, 0);
                    if let Some(top) = t.frames.last_mut() {
                        top.pc = pc as u32 + 1;
                    }
                    fr = Frame {
                        func: callee,
                        base: new_base,
                        pc: 0,
                        local,
                        param,
                        ret,
                    };
                    t.frames.push(fr);
                    func = target;
                    base = new_base;
                    pc = 0;
                    continue;
                }
                Op::Ret => {
                    t.frames.pop();
                    let Some(caller) = t.frames.last().copied() else {
                        tri!(self.finish_copies(t, &fr, pc));
                        return Ok(State::Done);
                    };
                    if let Some(c) = fr.ret {
                        let from = (fr.param + c.callee) as usize;
                        let to = (caller.param + c.caller) as usize;
                        t.params.copy_within(from..from + c.size as usize, to);
                    }
                    t.regs.truncate(fr.base as usize);
                    t.local.truncate(fr.local as usize);
                    self.check.local_resize(t.lane.linear, fr.local);
                    t.params.truncate(fr.param as usize);
                    fr = caller;
                    func = &p.funcs[fr.func as usize];
                    base = fr.base;
                    pc = fr.pc as usize;
                    continue;
                }
                Op::Exit => {
                    tri!(self.finish_copies(t, &fr, pc));
                    t.frames.clear();
                    return Ok(State::Done);
                }
                Op::FellOff => fail!((
                    ErrorKind::Unreachable,
                    "reached the end of the function without `ret`: a path the compiler marked unreachable (`__builtin_unreachable()`, or a missing return) was taken".into()
                )),
                Op::Trap => fail!((
                    ErrorKind::Unreachable,
                    "trap: the thread aborted the kernel".into()
                )),
                Op::Nop => {}
                Op::Fence => self.check.fence(t.lane.linear),
                Op::Malloc { size, ret } => {
                    let pbase = fr.param as usize;
                    let s = pbase + *size as usize;
                    let size = read_le(&t.params[s..s + 8]);
                    let p = self.mem.heap_alloc(size);
                    let r = pbase + *ret as usize;
                    write_le(&mut t.params[r..r + 8], p);
                }
                Op::Free { ptr } => {
                    let s = fr.param as usize + *ptr as usize;
                    let p = read_le(&t.params[s..s + 8]);
                    tri!(self.mem.heap_free(p));
                }
                Op::Printf { fmt, buf, ret } => {
                    let pbase = fr.param as usize;
                    let read8 = |off: u64| -> u64 {
                        let s = pbase + off as usize;
                        read_le(&t.params[s..s + 8])
                    };
                    let (fmt_ptr, buf_ptr) = (read8(*fmt), read8(*buf));
                    let n = if fmt_ptr == 0 {
                        u64::from(u32::MAX)
                    } else {
                        let text = tri!(self
                            .read_string(t, &fr, fmt_ptr, MAX_PRINTF_STRING)
                            .map_err(|(k, m)| (k, format!("printf's format: {m}"))));
                        let limit = MAX_OUTPUT.saturating_sub(self.output.len());
                        let mut args = PrintfArgs {
                            ex: self,
                            t,
                            fr: &fr,
                            buf: buf_ptr,
                        };
                        let (out, n) = tri!(printf::format(&text, &mut args, limit)
                            .map_err(|m| (ErrorKind::OutOfBounds, m)));
                        append_output(&mut self.output, &out);
                        u64::from(n)
                    };
                    if let Some(r) = ret {
                        let s = pbase + *r as usize;
                        write_le(&mut t.params[s..s + 4], n);
                    }
                }
                Op::Unsupported(msg) => fail!((ErrorKind::Unsupported, msg.clone())),
            }
            pc += 1;
        }
    }

    /// A special register, or the address of a local or param variable.
    fn special(&self, t: &Thread, fr: &Frame, s: Src) -> u64 {
        match s {
            Src::Sreg(r) => self.sreg(t, r),
            Src::Local(off, generic) => space_addr(Mem::Local, fr.local + off, generic),
            Src::Param(off, generic) => space_addr(Mem::Param, fr.param + off, generic),
            Src::Reg(_) | Src::Imm(_) => 0,
        }
    }

    /// Records an access to shared or global memory (through `space`, at
    /// `addr`) with the undefined-behaviour checks.
    ///
    /// A read of local bytes the thread never wrote is not reported here:
    /// the offset of the read comes back, and the registers it fills are
    /// poisoned (reported when used).
    fn check_shared(
        &mut self,
        t: &Thread,
        space: Mem,
        addr: u64,
        size: u64,
        site: (u32, usize),
        how: AccessKind,
    ) -> Option<u64> {
        if !self.check.enabled {
            return None;
        }
        let site = (site.0, site.1 as u32);
        let me = t.lane.linear;
        let local = |check: &mut Checker, off: u64| {
            check
                .local(0, off, size, me, site, how, true)
                .then_some(off)
        };
        match space {
            Mem::Shared if addr < 1 << 32 => self.check.shared(0, addr, size, me, site, how),
            Mem::Local if addr < 1 << 32 => return local(&mut self.check, addr),
            Mem::Generic | Mem::Global => match Ptr::decode(addr) {
                p if p.space == addrspace::SHARED && p.region == 0 && space == Mem::Generic => {
                    self.check.shared(0, p.offset, size, me, site, how)
                }
                p if p.space == addrspace::LOCAL && p.region == 0 && space == Mem::Generic => {
                    return local(&mut self.check, p.offset)
                }
                p if p.space == addrspace::GLOBAL => {
                    self.check.global(p.region, p.offset, size, me, site, how)
                }
                _ => {}
            },
            _ => {}
        }
        None
    }

    /// The bytes `size` bytes at `addr` in `space` are, after checking the
    /// space, bounds and alignment.
    fn access<'a>(
        &'a mut self,
        t: &'a mut Thread,
        _fr: &Frame,
        space: Mem,
        addr: u64,
        size: u64,
        write: bool,
    ) -> Result<&'a mut [u8], Fault> {
        let what = if write { "store" } else { "load" };
        // The space the address points into, and the offset there.
        let (into, region, off) = match space {
            Mem::Generic => {
                if addr == 0 {
                    return Err((
                        ErrorKind::NullPointer,
                        format!("{what} through a null pointer"),
                    ));
                }
                let p = Ptr::decode(addr);
                match p.space {
                    addrspace::GLOBAL => (Mem::Global, p.region, p.offset),
                    addrspace::CONST => (Mem::Const, p.region, p.offset),
                    addrspace::SHARED if p.region == 0 => (Mem::Shared, 0, p.offset),
                    addrspace::LOCAL if p.region == 0 => (Mem::Local, 0, p.offset),
                    addrspace::PARAM if p.region == 0 => (Mem::Param, 0, p.offset),
                    _ => {
                        return Err((
                            ErrorKind::OutOfBounds,
                            format!("{what} at address {addr:#x}, which points into no memory"),
                        ))
                    }
                }
            }
            Mem::Global | Mem::Const => {
                let p = Ptr::decode(addr);
                if p.space != space.addrspace() {
                    let into = match p.space {
                        addrspace::GLOBAL => "global memory",
                        addrspace::CONST => "constant memory",
                        addrspace::SHARED => "shared memory (a generic address)",
                        addrspace::LOCAL => "local memory (a generic address)",
                        addrspace::PARAM => "param memory (a generic address)",
                        _ if addr == 0 => "nothing (a null pointer)",
                        _ => "no memory",
                    };
                    return Err((
                        ErrorKind::WrongSpace,
                        format!(
                            "{what}.{} at address {addr:#x}, which points into {into}",
                            space.name()
                        ),
                    ));
                }
                (space, p.region, p.offset)
            }
            Mem::Shared | Mem::Local | Mem::Param => {
                if addr >= 1 << 32 {
                    return Err((
                        ErrorKind::WrongSpace,
                        format!(
                            "{what}.{} at address {addr:#x}, which is no {} address (a generic address without cvta.to?)",
                            space.name(),
                            space.name()
                        ),
                    ));
                }
                (space, 0, addr)
            }
        };
        if write && into == Mem::Const {
            return Err((ErrorKind::WrongSpace, "store to constant memory".into()));
        }
        if write && into == Mem::Global {
            if let Some(saved) = &mut self.at_launch {
                if let std::collections::hash_map::Entry::Vacant(slot) = saved.entry(region) {
                    if let Some(b) = self.mem.bytes_mut(BufferId(region)) {
                        slot.insert(b.clone());
                    }
                }
            }
        }
        let place = |region: u32| match into {
            Mem::Global | Mem::Const => format!("{} buffer {region}", into.name()),
            _ => format!("{} memory", into.name()),
        };
        let bytes: Option<&mut Vec<u8>> = match into {
            Mem::Global | Mem::Const => self.mem.bytes_mut(BufferId(region)),
            Mem::Shared => Some(&mut self.shared),
            Mem::Local => Some(&mut t.local),
            _ => Some(&mut t.params),
        };
        region_bytes(
            bytes,
            what,
            &place,
            region,
            off,
            size,
            size.max(1),
            matches!(into, Mem::Global | Mem::Const),
        )
    }

    /// What a `.nc` load of `len` bytes at global (or generic) address
    /// `addr` reads when the launch has stored to its buffer: the bytes as
    /// they were at the launch's start. `None`: the live bytes (the buffer
    /// is unchanged; the access was checked already).
    fn at_launch_bytes(&self, addr: u64, len: u64) -> Option<&[u8]> {
        let p = Ptr::decode(addr);
        if p.space != addrspace::GLOBAL {
            return None;
        }
        let saved = self.at_launch.as_ref()?.get(&p.region)?;
        saved.get(p.offset as usize..(p.offset + len) as usize)
    }

    /// The copies still in flight when the thread exits land.
    fn finish_copies(&mut self, t: &mut Thread, fr: &Frame, pc: usize) -> Result<(), Fault> {
        let copies = t.copies.drain();
        let mut m = EmuMem {
            ex: self,
            t,
            fr,
            site: (fr.func, pc),
        };
        for c in copies {
            m.write_shared(c.dst, &c.bytes, true)?;
        }
        Ok(())
    }

    /// A NUL-terminated string (generic address) without its NUL.
    fn read_string(
        &mut self,
        t: &mut Thread,
        fr: &Frame,
        addr: u64,
        limit: u64,
    ) -> Result<Vec<u8>, Fault> {
        let mut out = Vec::new();
        for i in 0..limit {
            let b = self.access(t, fr, Mem::Generic, addr.wrapping_add(i), 1, false)?[0];
            if b == 0 {
                return Ok(out);
            }
            out.push(b);
        }
        Err((
            ErrorKind::OutOfBounds,
            format!("the string has no NUL in its first {limit} bytes"),
        ))
    }
}

/// `vprintf`'s argument buffer and strings, read through generic addresses.
struct PrintfArgs<'e, 'p, 't> {
    ex: &'e mut Exec<'p>,
    t: &'t mut Thread,
    fr: &'t Frame,
    buf: u64,
}

impl printf::Args for PrintfArgs<'_, '_, '_> {
    fn arg(&mut self, offset: u64, size: u64) -> Result<u64, String> {
        let addr = self.buf.wrapping_add(offset);
        // The buffer's fields are aligned to their size; read byte by byte
        // all the same, as the interpreter does.
        let mut v = 0u64;
        for k in 0..size {
            let b = self
                .ex
                .access(
                    self.t,
                    self.fr,
                    Mem::Generic,
                    addr.wrapping_add(k),
                    1,
                    false,
                )
                .map_err(|(_, m)| m)?[0];
            v |= u64::from(b) << (8 * k);
        }
        Ok(v)
    }

    fn string(&mut self, ptr: u64) -> Result<Vec<u8>, String> {
        self.ex
            .read_string(self.t, self.fr, ptr, MAX_PRINTF_STRING)
            .map_err(|(_, m)| m)
    }
}

/// The memory an asynchronous copy or mbarrier instruction of one thread
/// sees: a shared address is a window offset (below 2^32) or a generic one.
struct EmuMem<'a, 'p> {
    ex: &'a mut Exec<'p>,
    t: &'a mut Thread,
    fr: &'a Frame,
    site: (u32, usize),
}

/// A barrier's address as the race checks key it: its shared offset,
/// whether the instruction named it by a shared or a generic address.
fn shared_key(addr: u64) -> u64 {
    if addr < 1 << 32 {
        return addr;
    }
    let p = Ptr::decode(addr);
    if p.space == addrspace::SHARED {
        p.offset
    } else {
        addr
    }
}

fn shared_space(addr: u64) -> Mem {
    if addr < 1 << 32 {
        Mem::Shared
    } else {
        Mem::Generic
    }
}

impl AsyncMem for EmuMem<'_, '_> {
    fn read_global(&mut self, addr: u64, size: u64) -> Result<Vec<u8>, Fault> {
        Ok(self
            .ex
            .access(self.t, self.fr, Mem::Global, addr, size, false)?
            .to_vec())
    }

    fn read_shared(&mut self, addr: u64, size: u64) -> Result<Vec<u8>, Fault> {
        Ok(self
            .ex
            .access(self.t, self.fr, shared_space(addr), addr, size, false)?
            .to_vec())
    }

    fn write_shared(&mut self, addr: u64, bytes: &[u8], record: bool) -> Result<(), Fault> {
        let n = bytes.len() as u64;
        let space = shared_space(addr);
        if record {
            self.ex
                .check_shared(self.t, space, addr, n, self.site, AccessKind::Write);
        }
        self.ex
            .access(self.t, self.fr, space, addr, n, true)?
            .copy_from_slice(bytes);
        Ok(())
    }

    fn phase_completed(&mut self, expected: u64) {
        self.ex.check.mbarrier_phase(expected);
    }

    fn arrived(&mut self, bar: u64, phase: u64, completes: bool) {
        let me = self.t.lane.linear;
        self.ex
            .check
            .mbarrier_arrive(me, shared_key(bar), phase, completes);
    }

    fn acquired(&mut self, bar: u64, parity: u64) {
        let me = self.t.lane.linear;
        self.ex.check.mbarrier_acquire(me, shared_key(bar), parity);
    }
}
