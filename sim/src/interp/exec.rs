//! Execution of a decoded IR program: a thread's ops ([`Front::run_thread`])
//! and what the scheduler (`model/sched.rs`) asks of them.

mod cast;
mod mem;

use super::program::{lane, Callee, Func, Op, Opnd, Program};
use crate::model::asyncmem::{self, AsyncCopies, AsyncMem, Outcome};
use crate::model::check::{AccessKind, Checker};
use crate::model::memory::{
    read_le, region_bytes, space_name, write_le, Memory, Ptr, CODE_SPACE, MAX_REGIONS,
};
use crate::model::printf::{append_output, MAX_OUTPUT, MAX_PRINTF_STRING};
use crate::model::sched::{self, Front, Lane, Sreg, State, WarpOp};
use crate::model::value::{
    atomic_value, division_ub, int_binary, int_compare, int_fn, mask, sext, Fault, Reduce, Scalar,
};
use crate::model::wmma;
use crate::model::{float, printf};
use crate::model::{Config, ErrorKind, InterpError, Launch, Location, Stats};
use cast::cast;
use mem::{read_bytes, read_string, InterpMem, PrintfArgs};
use ptxlab_core::ir::addrspace;
use ptxlab_core::wmma::Wmma;

/// A call in progress.
#[derive(Clone, Copy, Debug)]
struct Frame {
    func: u32,
    /// The frame's first register in the thread's register file.
    base: u32,
    /// The next op to run (for a caller: its call op).
    pc: u32,
    /// The caller's register (absolute) that receives the result.
    ret: Option<u32>,
    /// The thread's alloca regions when the call began; its own are freed on return.
    locals: u32,
}

struct Thread {
    lane: Lane,
    frames: Vec<Frame>,
    regs: Vec<u64>,
    /// One region per alloca executed (and not yet freed by a return).
    locals: Vec<Vec<u8>>,
    local_bytes: u64,
    /// The register (absolute) that receives the result of the warp op or
    /// barrier the thread waits at.
    pending_dst: Option<u32>,
    /// Its asynchronous copies not yet complete.
    copies: AsyncCopies,
}

impl Thread {
    fn new() -> Thread {
        Thread {
            lane: Lane::new(),
            frames: Vec::new(),
            regs: Vec::new(),
            locals: Vec::new(),
            local_bytes: 0,
            pending_dst: None,
            copies: AsyncCopies::default(),
        }
    }

    /// Starts the thread at the kernel's entry.
    fn start(&mut self, p: &Program, tid: [u32; 3], linear: u32) {
        self.lane.tid = tid;
        self.lane.linear = linear;
        self.frames.clear();
        self.frames.push(Frame {
            func: p.kernel,
            base: 0,
            pc: 0,
            ret: None,
            locals: 0,
        });
        self.regs.clear();
        self.regs
            .resize(p.funcs[p.kernel as usize].nregs as usize, 0);
        self.regs[..p.args.len()].copy_from_slice(&p.args);
        self.locals.clear();
        self.local_bytes = 0;
        self.copies.clear();
        self.lane.state = State::Running;
    }
}

struct Exec<'p, 'm> {
    p: &'p Program<'m>,
    mem: &'p mut Memory,
    cfg: &'p Config,
    launch: &'p Launch,
    block_idx: [u32; 3],
    steps: u64,
    /// Phi sources read before any destination is written.
    scratch: Vec<u64>,
    /// What `printf` wrote, in execution order, up to [`MAX_OUTPUT`].
    output: Vec<u8>,
    /// The block's shared-memory regions.
    shared: Vec<Vec<u8>>,
    check: Checker,
    /// The grid workspace of a cooperative launch (`%envreg1/2`), else 0.
    workspace: u64,
    /// Instructions a thread runs before it yields (`u64::MAX`: never).
    quantum: u64,
}

pub(crate) fn run(
    p: &Program,
    launch: &Launch,
    mem: &mut Memory,
    cfg: &Config,
) -> Result<Stats, InterpError> {
    let mut ex = Exec {
        p,
        mem,
        cfg,
        launch,
        block_idx: [0; 3],
        steps: 0,
        scratch: Vec::new(),
        output: Vec::new(),
        shared: p.shared.iter().map(|_| Vec::new()).collect(),
        check: Checker::new(cfg.check_undefined, launch.block),
        workspace: 0,
        quantum: u64::MAX,
    };
    sched::run(&mut ex, launch, cfg)
}

#[inline(always)]
fn get(regs: &[u64], base: usize, o: Opnd) -> u64 {
    match o {
        Opnd::Reg(r) => regs[base + r as usize],
        Opnd::Imm(v) => v,
    }
}

impl Front for Exec<'_, '_> {
    type Thread = Thread;
    type Block = ([u32; 3], Vec<Vec<u8>>);
    const WARP_OP: &'static str = "operation";
    const ACTIVEMASK_BY_SITE: bool = true;

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
        for (region, size) in self.shared.iter_mut().zip(&self.p.shared) {
            region.clear();
            region.resize(*size as usize, 0);
        }
    }

    fn save_block(&mut self) -> Self::Block {
        let empty = self.p.shared.iter().map(|_| Vec::new()).collect();
        (self.block_idx, std::mem::replace(&mut self.shared, empty))
    }

    fn restore_block(&mut self, (block_idx, shared): Self::Block) {
        self.block_idx = block_idx;
        self.shared = shared;
    }

    fn block_shared_bytes(&self) -> u64 {
        self.p.shared.iter().sum()
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
        t.start(self.p, tid, linear);
        self.check.start_thread(linear);
    }

    fn run_thread(&mut self, t: &mut Thread) -> Result<State, InterpError> {
        let mut shared = std::mem::take(&mut self.shared);
        let r = self.run_thread_in(t, &mut shared);
        self.shared = shared;
        r
    }

    fn warp_op(&self, func: u32, pc: u32) -> Option<WarpOp> {
        match self.p.funcs[func as usize].code.get(pc as usize) {
            Some(Op::Warp { op, .. }) => Some(*op),
            Some(Op::Wmma {
                w: Wmma::Mma { shape, types, .. },
                ..
            }) => Some(WarpOp::Mma(*shape, *types)),
            _ => None,
        }
    }

    fn barrier(&self, t: &Lane) -> Option<(u64, Option<Reduce>)> {
        let State::AtBarrier { func, pc } = t.state else {
            return None;
        };
        let reduce = match self.p.funcs[func as usize].code.get(pc as usize) {
            Some(Op::Barrier {
                reduce: Some((r, ..)),
            }) => Some(*r),
            _ => None,
        };
        Some(((u64::from(func) << 32) | u64::from(pc), reduce))
    }

    fn deliver(&self, t: &mut Thread, value: u64, _flag: Option<u64>) {
        if let Some(d) = t.pending_dst {
            t.regs[d as usize] = value;
        }
    }

    fn deliver_wide(&self, t: &mut Thread, values: &[u64]) {
        if let Some(d) = t.pending_dst {
            for (k, v) in values.iter().enumerate() {
                if let Some(r) = t.regs.get_mut(d as usize + k) {
                    *r = *v;
                }
            }
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
        self.locate(kind, message, tid, func, pc as usize)
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
        self.locate(
            ErrorKind::Unsupported,
            String::new(),
            [0; 3],
            func,
            pc as usize,
        )
        .at
        .and_then(|l| l.line)
    }
}

impl Exec<'_, '_> {
    /// An error at op `pc` of function `func`, in thread `tid` of the current block.
    fn locate(
        &self,
        kind: ErrorKind,
        message: String,
        tid: [u32; 3],
        func: u32,
        pc: usize,
    ) -> InterpError {
        let f = &self.p.module.functions[func as usize];
        let origin = self.p.funcs[func as usize]
            .origin
            .get(pc)
            .copied()
            .flatten();
        let (inst, line) = match origin {
            Some(id) => (
                ptxlab_core::ir::inst_text(f, id),
                f.inst(id).loc.map(|l| l.line).filter(|l| *l > 0),
            ),
            None => ("(no instruction)".to_string(), None),
        };
        InterpError::located(
            kind,
            message,
            Location {
                function: f.name.clone(),
                inst,
                line,
                block_idx: self.block_idx,
                thread_idx: tid,
            },
        )
    }

    /// Appends `printf` text to the launch's output, up to its limit.
    fn print(&mut self, text: &[u8]) {
        append_output(&mut self.output, text);
    }

    fn sreg(&self, t: &Thread, r: Sreg) -> u64 {
        if let Sreg::EnvReg(n) = r {
            return sched::envreg(n, self.workspace);
        }
        let shared = self.p.shared.iter().sum();
        sched::special(r, &t.lane, self.block_idx, self.launch, self.steps, shared)
    }

    /// Runs `t` until it reaches a barrier or exits.
    fn run_thread_in(
        &mut self,
        t: &mut Thread,
        shared: &mut [Vec<u8>],
    ) -> Result<State, InterpError> {
        let p = self.p;
        let Some(mut fr) = t.frames.last().copied() else {
            return Ok(State::Done);
        };
        let mut func: &Func = &p.funcs[fr.func as usize];
        let mut pc = fr.pc as usize;
        let mut base = fr.base as usize;
        macro_rules! fail {
            ($fault:expr) => {{
                let (kind, message): Fault = $fault;
                return Err(self.locate(kind, message, t.lane.tid, fr.func, pc));
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
            match op {
                Op::Int {
                    dst,
                    op,
                    a,
                    b,
                    bits,
                } => {
                    let x = get(&t.regs, base, *a);
                    let y = get(&t.regs, base, *b);
                    t.regs[base + *dst as usize] = tri!(int_binary(*op, x, y, *bits));
                    if let Some((kind, what)) = division_ub(*op, x, y, *bits) {
                        let site = (fr.func, pc as u32);
                        self.check.event(kind, site, t.lane.linear, || what, None);
                    }
                }
                Op::Float {
                    dst,
                    op,
                    a,
                    b,
                    ty,
                    ftz,
                } => {
                    let x = get(&t.regs, base, *a);
                    let y = get(&t.regs, base, *b);
                    t.regs[base + *dst as usize] = float::binary(*op, x, y, *ty, *ftz);
                }
                Op::FNeg { dst, a, ty, ftz } => {
                    t.regs[base + *dst as usize] = float::neg(get(&t.regs, base, *a), *ty, *ftz);
                }
                Op::ICmp {
                    dst,
                    pred,
                    a,
                    b,
                    bits,
                } => {
                    let x = get(&t.regs, base, *a);
                    let y = get(&t.regs, base, *b);
                    t.regs[base + *dst as usize] = u64::from(int_compare(*pred, x, y, *bits));
                }
                Op::FCmp {
                    dst,
                    pred,
                    a,
                    b,
                    ty,
                    ftz,
                } => {
                    let x = get(&t.regs, base, *a);
                    let y = get(&t.regs, base, *b);
                    t.regs[base + *dst as usize] =
                        u64::from(float::compare(*pred, x, y, *ty, *ftz));
                }
                Op::Select {
                    dst,
                    cond,
                    t: a,
                    f: b,
                } => {
                    let c = get(&t.regs, base, *cond) & 1 != 0;
                    let v = get(&t.regs, base, if c { *a } else { *b });
                    t.regs[base + *dst as usize] = v;
                }
                Op::Cast {
                    dst,
                    op,
                    a,
                    from,
                    to,
                    ftz,
                } => {
                    let x = get(&t.regs, base, *a);
                    t.regs[base + *dst as usize] = cast(*op, x, *from, *to, *ftz);
                }
                Op::Gep {
                    dst,
                    base: b,
                    disp,
                    terms,
                } => {
                    let mut addr = get(&t.regs, base, *b).wrapping_add(*disp);
                    for &(idx, scale, bits) in terms.iter() {
                        let i = sext(get(&t.regs, base, idx), bits) as u64;
                        addr = addr.wrapping_add(i.wrapping_mul(scale));
                    }
                    t.regs[base + *dst as usize] = addr;
                }
                Op::Load {
                    dst,
                    ptr,
                    ty,
                    lanes,
                    space,
                    align,
                } => {
                    let addr = get(&t.regs, base, *ptr);
                    let size = ty.size();
                    check_shared(
                        &mut self.check,
                        addr,
                        size * u64::from(*lanes),
                        t.lane.linear,
                        (fr.func, pc),
                        AccessKind::Read,
                    );
                    let bytes = tri!(access(
                        self.mem,
                        shared,
                        &mut t.locals,
                        addr,
                        size * u64::from(*lanes),
                        *align,
                        *space,
                        false
                    ));
                    for (k, lane) in bytes.chunks(size as usize).enumerate() {
                        let mut v = read_le(lane);
                        if *ty == Scalar::I1 {
                            v &= 1;
                        }
                        t.regs[base + *dst as usize + k] = v;
                    }
                }
                Op::Store {
                    val,
                    ptr,
                    ty,
                    lanes,
                    space,
                    align,
                } => {
                    let mut vals = [0u64; 4];
                    for (k, v) in vals.iter_mut().enumerate().take(*lanes as usize) {
                        *v = get(&t.regs, base, lane(*val, k as u32));
                    }
                    let addr = get(&t.regs, base, *ptr);
                    let size = ty.size();
                    check_shared(
                        &mut self.check,
                        addr,
                        size * u64::from(*lanes),
                        t.lane.linear,
                        (fr.func, pc),
                        AccessKind::Write,
                    );
                    let bytes = tri!(access(
                        self.mem,
                        shared,
                        &mut t.locals,
                        addr,
                        size * u64::from(*lanes),
                        *align,
                        *space,
                        true
                    ));
                    for (chunk, v) in bytes.chunks_mut(size as usize).zip(vals) {
                        write_le(chunk, v);
                    }
                }
                Op::Copy { dst, src } => {
                    t.regs[base + *dst as usize] = get(&t.regs, base, *src);
                }
                Op::Insert {
                    dst,
                    vec,
                    lanes,
                    k,
                    elt,
                } => {
                    let x = get(&t.regs, base, *elt);
                    for j in 0..*lanes {
                        let v = if j == *k {
                            x
                        } else {
                            get(&t.regs, base, lane(*vec, j))
                        };
                        t.regs[base + (*dst + j) as usize] = v;
                    }
                }
                Op::Alloca { dst, size } => {
                    let total = t.local_bytes.saturating_add(*size);
                    if total > self.cfg.max_local_bytes || t.locals.len() as u32 >= MAX_REGIONS {
                        fail!((
                            ErrorKind::StackOverflow,
                            format!(
                                "local memory exhausted: this alloca would make {total} bytes for the thread (limit {})",
                                self.cfg.max_local_bytes
                            )
                        ));
                    }
                    t.local_bytes = total;
                    t.locals.push(vec![0; *size as usize]);
                    let region = t.locals.len() as u32 - 1;
                    self.check.local_alloc(t.lane.linear, region, *size);
                    let ptr = Ptr {
                        space: addrspace::LOCAL,
                        region: t.locals.len() as u32 - 1,
                        offset: 0,
                    };
                    t.regs[base + *dst as usize] = ptr.encode();
                }
                Op::Sreg { dst, reg } => {
                    t.regs[base + *dst as usize] = self.sreg(t, *reg);
                }
                Op::Half { dst, inst, args } => {
                    let a = args.map(|o| get(&t.regs, base, o));
                    t.regs[base + *dst as usize] = inst.eval(a);
                }
                Op::Math {
                    dst,
                    f,
                    args,
                    ty,
                    ftz,
                } => {
                    let a = args.map(|o| get(&t.regs, base, o));
                    t.regs[base + *dst as usize] = f.apply(a, *ty, *ftz);
                }
                Op::Async { dst, op, args } => {
                    let a = args.map(|o| get(&t.regs, base, o));
                    let mut copies = std::mem::take(&mut t.copies);
                    let mut m = InterpMem {
                        mem: self.mem,
                        shared,
                        locals: &mut t.locals,
                        check: &mut self.check,
                        thread: t.lane.linear,
                        site: (fr.func, pc),
                    };
                    let r = asyncmem::exec(*op, a, &mut copies, &mut m);
                    t.copies = copies;
                    match tri!(r) {
                        Outcome::Done(v) => {
                            if let (Some(d), Some(v)) = (dst, v) {
                                t.regs[base + *d as usize] = v;
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
                Op::Barrier { reduce } => {
                    if let Some((_, dst, pred)) = reduce {
                        t.lane.pending[1] = get(&t.regs, base, *pred);
                        t.pending_dst = Some((base + *dst as usize) as u32);
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
                    dst,
                    args,
                    space,
                } => {
                    let vals: Vec<u64> = args.iter().map(|a| get(&t.regs, base, *a)).collect();
                    let lane_id = t.lane.linear % 32;
                    match *w {
                        Wmma::Load { frag, col, .. } | Wmma::Store { frag, col, .. } => {
                            let store = matches!(w, Wmma::Store { .. });
                            let addr = vals[0];
                            let ldm = vals[vals.len() - 1] & 0xffff_ffff;
                            let size = frag.elem.bytes();
                            let elems = if store {
                                wmma::unpack(frag, &vals[1..vals.len() - 1])
                            } else {
                                vec![0; frag.elements() as usize]
                            };
                            let mut got = Vec::new();
                            for (e, x) in elems.iter().enumerate() {
                                let a = addr.wrapping_add(wmma::element_offset(
                                    frag, col, lane_id, e as u32, ldm,
                                ));
                                let bytes = tri!(access(
                                    self.mem,
                                    shared,
                                    &mut t.locals,
                                    a,
                                    size,
                                    size,
                                    *space,
                                    store
                                ));
                                if store {
                                    write_le(bytes, *x);
                                } else {
                                    got.push(read_le(bytes));
                                }
                            }
                            if !store {
                                for (k, r) in wmma::pack(frag, &got).into_iter().enumerate() {
                                    t.regs[base + *dst as usize + k] = r;
                                }
                            }
                        }
                        Wmma::Mma { .. } => {
                            t.lane.pending = [u64::from(u32::MAX), 0, 0, 0];
                            t.lane.wide = vals;
                            t.pending_dst = Some((base + *dst as usize) as u32);
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
                Op::Warp { dst, args, .. } => {
                    t.lane.pending = args.map(|a| get(&t.regs, base, a));
                    t.pending_dst = dst.map(|d| (base + d as usize) as u32);
                    if let Some(top) = t.frames.last_mut() {
                        top.pc = pc as u32 + 1;
                    }
                    return Ok(State::AtWarp {
                        func: fr.func,
                        pc: pc as u32,
                    });
                }
                Op::Atomic {
                    dst,
                    op,
                    ptr,
                    val,
                    ty,
                    space,
                } => {
                    let v = get(&t.regs, base, *val);
                    let addr = get(&t.regs, base, *ptr);
                    let size = ty.size();
                    check_shared(
                        &mut self.check,
                        addr,
                        size,
                        t.lane.linear,
                        (fr.func, pc),
                        AccessKind::Atomic,
                    );
                    let bytes = tri!(access(
                        self.mem,
                        shared,
                        &mut t.locals,
                        addr,
                        size,
                        size,
                        *space,
                        true
                    ));
                    let old = read_le(bytes);
                    write_le(bytes, atomic_value(*op, old, v, *ty, self.cfg.options.ftz));
                    t.regs[base + *dst as usize] = old;
                }
                Op::CmpXchg {
                    dst,
                    ptr,
                    cmp,
                    new,
                    ty,
                    space,
                } => {
                    let expected = get(&t.regs, base, *cmp);
                    let new = get(&t.regs, base, *new);
                    let addr = get(&t.regs, base, *ptr);
                    let size = ty.size();
                    check_shared(
                        &mut self.check,
                        addr,
                        size,
                        t.lane.linear,
                        (fr.func, pc),
                        AccessKind::Atomic,
                    );
                    let bytes = tri!(access(
                        self.mem,
                        shared,
                        &mut t.locals,
                        addr,
                        size,
                        size,
                        *space,
                        true
                    ));
                    let old = read_le(bytes);
                    if old == expected {
                        write_le(bytes, new);
                    }
                    t.regs[base + *dst as usize] = old;
                }
                Op::Fence => self.check.fence(t.lane.linear),
                Op::IntFn { dst, f, args, bits } => {
                    let a = args.map(|o| get(&t.regs, base, o));
                    t.regs[base + *dst as usize] = int_fn(*f, a, *bits);
                }
                Op::Reflect { dst, query } => {
                    let addr = get(&t.regs, base, *query);
                    let query = tri!(read_string(self.mem, shared, &mut t.locals, addr));
                    let v = ptxlab_core::opt::reflect_value(&query, &self.cfg.options) as u64;
                    t.regs[base + *dst as usize] = v & mask(32);
                }
                Op::Printf { dst, fmt, buf } => {
                    let fmt = get(&t.regs, base, *fmt);
                    let buf = get(&t.regs, base, *buf);
                    if fmt == 0 {
                        // CUDA's printf returns -1 for a null format.
                        if let Some(d) = dst {
                            t.regs[base + *d as usize] = mask(32);
                        }
                        pc += 1;
                        continue;
                    }
                    let text =
                        tri!(
                            read_bytes(self.mem, shared, &mut t.locals, fmt, MAX_PRINTF_STRING)
                                .map_err(|(k, m)| (k, format!("printf's format: {m}")))
                        );
                    let mut args = PrintfArgs {
                        mem: self.mem,
                        shared,
                        locals: &mut t.locals,
                        buf,
                    };
                    let (out, n) = tri!(printf::format(
                        &text,
                        &mut args,
                        MAX_OUTPUT.saturating_sub(self.output.len())
                    )
                    .map_err(|m| (ErrorKind::OutOfBounds, m)));
                    self.print(&out);
                    if let Some(d) = dst {
                        t.regs[base + *d as usize] = u64::from(n);
                    }
                }
                Op::Malloc { dst, size } => {
                    let size = get(&t.regs, base, *size);
                    t.regs[base + *dst as usize] = self.mem.heap_alloc(size);
                }
                Op::Free { ptr } => {
                    let ptr = get(&t.regs, base, *ptr);
                    tri!(self.mem.heap_free(ptr));
                }
                Op::Clock { dst, bits } => {
                    t.regs[base + *dst as usize] = self.steps & mask(*bits);
                }
                Op::Br { edge } => {
                    let e = &func.edges[*edge as usize];
                    self.phi_moves(t, base, &e.moves);
                    pc = e.pc as usize;
                    continue;
                }
                Op::CondBr { cond, t: a, f: b } => {
                    let c = get(&t.regs, base, *cond) & 1 != 0;
                    let e = &func.edges[if c { *a } else { *b } as usize];
                    self.phi_moves(t, base, &e.moves);
                    pc = e.pc as usize;
                    continue;
                }
                Op::Switch {
                    val,
                    bits,
                    default,
                    cases,
                } => {
                    let v = get(&t.regs, base, *val) & mask(*bits);
                    let to = cases
                        .iter()
                        .find(|(c, _)| *c == v)
                        .map_or(*default, |(_, e)| *e);
                    let e = &func.edges[to as usize];
                    self.phi_moves(t, base, &e.moves);
                    pc = e.pc as usize;
                    continue;
                }
                Op::Call {
                    dst,
                    func: callee,
                    args,
                } => {
                    let callee = &match *callee {
                        Callee::Direct(f) => f,
                        Callee::Indirect(a) => {
                            let bits = get(&t.regs, base, a);
                            let ptr = Ptr::decode(bits);
                            let target = p.module.functions.get(ptr.region as usize).filter(|g| {
                                ptr.space == CODE_SPACE && ptr.offset == 0 && !g.is_declaration()
                            });
                            match target {
                                Some(g) if g.params.len() == args.len() => ptr.region,
                                Some(g) => fail!((
                                    ErrorKind::Unsupported,
                                    format!(
                                        "call through a pointer to @{} (of {} parameters) with {} arguments",
                                        g.name,
                                        g.params.len(),
                                        args.len()
                                    )
                                )),
                                None => fail!((
                                    ErrorKind::OutOfBounds,
                                    format!("call through {bits:#x}, which is no function's address")
                                )),
                            }
                        }
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
                    let target = &p.funcs[*callee as usize];
                    let new_base = t.regs.len();
                    t.regs.resize(new_base + target.nregs as usize, 0);
                    for (i, a) in args.iter().enumerate() {
                        t.regs[new_base + i] = get(&t.regs, base, *a);
                    }
                    if let Some(top) = t.frames.last_mut() {
                        top.pc = pc as u32;
                    }
                    fr = Frame {
                        func: *callee,
                        base: new_base as u32,
                        pc: 0,
                        ret: dst.map(|d| (base + d as usize) as u32),
                        locals: t.locals.len() as u32,
                    };
                    t.frames.push(fr);
                    func = target;
                    base = new_base;
                    pc = 0;
                    continue;
                }
                Op::Ret { val } => {
                    let v = val.map(|v| get(&t.regs, base, v));
                    t.frames.pop();
                    for r in t.locals.drain(fr.locals as usize..) {
                        t.local_bytes -= r.len() as u64;
                    }
                    let Some(caller) = t.frames.last().copied() else {
                        // Copies still in flight land when the thread exits.
                        let copies = t.copies.drain();
                        let mut m = InterpMem {
                            mem: self.mem,
                            shared,
                            locals: &mut t.locals,
                            check: &mut self.check,
                            thread: t.lane.linear,
                            site: (fr.func, pc),
                        };
                        for c in copies {
                            tri!(m.write_shared(c.dst, &c.bytes, true));
                        }
                        return Ok(State::Done);
                    };
                    t.regs.truncate(fr.base as usize);
                    if let (Some(r), Some(v)) = (fr.ret, v) {
                        t.regs[r as usize] = v;
                    }
                    fr = caller;
                    func = &p.funcs[fr.func as usize];
                    base = fr.base as usize;
                    pc = fr.pc as usize;
                }
                Op::Trap { kind, message } => fail!((*kind, message.to_string())),
            }
            pc += 1;
        }
    }

    fn phi_moves(&mut self, t: &mut Thread, base: usize, moves: &[(u32, Opnd)]) {
        match moves {
            [] => {}
            [(dst, src)] => t.regs[base + *dst as usize] = get(&t.regs, base, *src),
            _ => {
                self.scratch.clear();
                self.scratch
                    .extend(moves.iter().map(|(_, s)| get(&t.regs, base, *s)));
                for ((dst, _), v) in moves.iter().zip(&self.scratch) {
                    t.regs[base + *dst as usize] = *v;
                }
            }
        }
    }
}

/// Records an access of `size` bytes at `addr`, if it is shared or global
/// memory, with the undefined-behaviour checks.
fn check_shared(
    check: &mut Checker,
    addr: u64,
    size: u64,
    thread: u32,
    site: (u32, usize),
    how: AccessKind,
) {
    if check.enabled {
        let p = Ptr::decode(addr);
        let site = (site.0, site.1 as u32);
        match p.space {
            addrspace::SHARED => check.shared(p.region, p.offset, size, thread, site, how),
            addrspace::GLOBAL => check.global(p.region, p.offset, size, thread, site, how),
            addrspace::LOCAL => {
                check.local(p.region, p.offset, size, thread, site, how, false);
            }
            _ => {}
        }
    }
}

/// The bytes an access of `size` bytes at `addr` touches, after checking the
/// pointer, the space the instruction names, bounds and alignment.
#[allow(clippy::too_many_arguments)]
fn access<'a>(
    mem: &'a mut Memory,
    shared: &'a mut [Vec<u8>],
    locals: &'a mut [Vec<u8>],
    addr: u64,
    size: u64,
    align: u64,
    space: u32,
    write: bool,
) -> Result<&'a mut [u8], Fault> {
    let what = if write { "store" } else { "load" };
    let p = Ptr::decode(addr);
    if !matches!(
        p.space,
        addrspace::GLOBAL | addrspace::CONST | addrspace::SHARED | addrspace::LOCAL
    ) {
        return Err(if addr == 0 {
            (
                ErrorKind::NullPointer,
                format!("{what} through a null pointer"),
            )
        } else {
            (
                ErrorKind::OutOfBounds,
                format!("{what} at address {addr:#x}, which points into no memory"),
            )
        });
    }
    if space != addrspace::GENERIC && space != p.space {
        return Err((
            ErrorKind::WrongSpace,
            format!(
                "{what} through a {} pointer (addrspace({space})) that points into {} memory",
                space_name(space),
                space_name(p.space)
            ),
        ));
    }
    if write && p.space == addrspace::CONST {
        return Err((ErrorKind::WrongSpace, "store to constant memory".into()));
    }
    let region: Option<&mut Vec<u8>> = match p.space {
        addrspace::GLOBAL | addrspace::CONST => mem.bytes_mut(super::BufferId(p.region)),
        addrspace::SHARED => shared.get_mut(p.region as usize),
        addrspace::LOCAL => locals.get_mut(p.region as usize),
        _ => None,
    };
    let place = |region: u32| match p.space {
        addrspace::GLOBAL | addrspace::CONST => {
            format!("{} buffer {region}", space_name(p.space))
        }
        addrspace::SHARED => format!("shared variable {region}"),
        _ => format!("local variable {region}"),
    };
    region_bytes(
        region,
        what,
        &place,
        p.region,
        p.offset,
        size,
        align.max(size),
        true,
    )
}
