//! The scheduler both front ends share: a launch's blocks one after
//! another, a block's threads as resumable state machines (the front end's
//! [`Front::run_thread`]) that each run until a barrier, a warp-wide
//! operation or their end; then the lanes of a warp meet at their warp-wide
//! operation (`shfl`, vote, `match`, `activemask`, `__syncwarp`) and the
//! threads of a block at their barrier (with `__syncthreads_count/and/or`'s
//! reduction), or the launch fails as divergent. Because a thread runs alone
//! between these meeting points, results and atomics' order do not depend
//! on scheduling.

use super::check::{Checker, FindingKind};
use super::value::Fault;
use super::value::{Reduce, ShflMode};
use super::warp::{shuffle_source, WARP_SIZE};
use super::{Config, ErrorKind, InterpError, Launch, Stats};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum State {
    Running,
    /// Waiting at the barrier op `pc` of function `func`.
    AtBarrier {
        func: u32,
        pc: u32,
    },
    /// Waiting at the warp-wide op `pc` of function `func` for the other lanes.
    AtWarp {
        func: u32,
        pc: u32,
    },
    /// Waiting at the mbarrier test `pc` of function `func` for its phase to
    /// complete (`asyncmem.rs`): the thread runs the test again later.
    AtMbarrier {
        func: u32,
        pc: u32,
    },
    /// Stopped after its quantum of instructions in a cooperative launch
    /// (`coop.rs`): runs on from where it stopped when its block's turn
    /// comes again.
    Yielded,
    Done,
}

/// A warp-wide operation: the lanes named in its mask (or, for
/// `activemask`, the lanes that reach it together) meet, then each gets its
/// result (and `shfl`, `match.all` a flag).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum WarpOp {
    Sync,
    ActiveMask,
    Shfl(ShflMode),
    VoteAll,
    VoteAny,
    VoteUni,
    Ballot,
    MatchAny,
    MatchAll,
    /// `redux.sync` (sm_80): every lane gets the 32-bit reduction of the
    /// members' values.
    Redux(ReduxOp),
    /// `wmma.mma` (of this shape and these types): the whole warp meets;
    /// each lane gives its A, B and C registers in `Lane::wide`.
    Mma(ptxlab_core::wmma::Shape, ptxlab_core::wmma::MmaTypes),
}

/// The operation of `redux.sync`: its PTX spelling is `.add.s32`,
/// `.min.u32`, `.and.b32`, … ([`ReduxOp::parse`] reads the two modifiers).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ReduxOp {
    Add,
    Min,
    UMin,
    Max,
    UMax,
    And,
    Or,
    Xor,
}

impl ReduxOp {
    /// The operation of `redux.sync.<op>.<type>` (`add`/`min`/`max` with
    /// `s32` or `u32`, `and`/`or`/`xor` with `b32`).
    pub(crate) fn parse(op: &str, ty: &str) -> Option<ReduxOp> {
        Some(match (op, ty) {
            ("add", "s32" | "u32") => ReduxOp::Add,
            ("min", "s32") => ReduxOp::Min,
            ("min", "u32") => ReduxOp::UMin,
            ("max", "s32") => ReduxOp::Max,
            ("max", "u32") => ReduxOp::UMax,
            ("and", "b32") => ReduxOp::And,
            ("or", "b32") => ReduxOp::Or,
            ("xor", "b32") => ReduxOp::Xor,
            _ => return None,
        })
    }

    /// Two members' values combined.
    fn apply(self, a: u32, b: u32) -> u32 {
        match self {
            ReduxOp::Add => a.wrapping_add(b),
            ReduxOp::Min => (a as i32).min(b as i32) as u32,
            ReduxOp::UMin => a.min(b),
            ReduxOp::Max => (a as i32).max(b as i32) as u32,
            ReduxOp::UMax => a.max(b),
            ReduxOp::And => a & b,
            ReduxOp::Or => a | b,
            ReduxOp::Xor => a ^ b,
        }
    }
}

/// A special register (`%tid.x`, `%laneid`, `%clock` …), as both instruction
/// sets read them.
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
    /// `%envreg<n>`: the driver's environment; 1 and 2 hold a cooperative
    /// launch's grid workspace (high and low half), [`envreg`].
    EnvReg(u8),
}

/// `%envreg<n>` in a launch whose grid workspace is at `workspace` (0 when
/// the launch is not cooperative: `grid.sync()` then traps).
pub(crate) fn envreg(n: u8, workspace: u64) -> u64 {
    match n {
        1 => workspace >> 32,
        2 => workspace & 0xffff_ffff,
        _ => 0,
    }
}

/// The value of a special register in thread `t` of block `block_idx`,
/// `steps` instructions into the launch (the clock), the block having
/// `shared_bytes` of shared memory.
pub(crate) fn special(
    r: Sreg,
    t: &Lane,
    block_idx: [u32; 3],
    launch: &Launch,
    steps: u64,
    shared_bytes: u64,
) -> u64 {
    let lane = t.linear % WARP_SIZE as u32;
    let threads = launch.block.iter().product::<u32>();
    match r {
        Sreg::Tid(a) => u64::from(t.tid[a]),
        Sreg::Ntid(a) => u64::from(launch.block[a]),
        Sreg::Ctaid(a) => u64::from(block_idx[a]),
        Sreg::Nctaid(a) => u64::from(launch.grid[a]),
        Sreg::LaneId => u64::from(lane),
        Sreg::WarpId => u64::from(t.linear / WARP_SIZE as u32),
        Sreg::NWarpId => u64::from(threads.div_ceil(WARP_SIZE as u32)),
        Sreg::LaneMask(k) => {
            let eq = 1u64 << lane;
            let m = match k {
                0 => eq,
                1 => (eq << 1) - 1,
                2 => eq - 1,
                3 => !(eq - 1),
                _ => !((eq << 1) - 1),
            };
            m & 0xffff_ffff
        }
        Sreg::Clock => steps & 0xffff_ffff,
        Sreg::Clock64 => steps,
        Sreg::Const(v) => v,
        Sreg::DynamicSmem => u64::from(launch.dynamic_shared),
        Sreg::TotalSmem => shared_bytes,
        // The fronts read it with their workspace ([`envreg`]).
        Sreg::EnvReg(_) => 0,
    }
}

/// What the scheduler sees of a thread.
#[derive(Clone, Debug)]
pub(crate) struct Lane {
    pub tid: [u32; 3],
    /// `tid` linearized, x fastest.
    pub linear: u32,
    pub state: State,
    /// The operands of the warp op or barrier the thread waits at: the mask
    /// (or the barrier's id), the value or predicate, and a shuffle's `b` and `c`.
    pub pending: [u64; 4],
    /// The registers a lane gives a warp-wide `mma`.
    pub wide: Vec<u64>,
}

impl Lane {
    pub fn new() -> Lane {
        Lane {
            tid: [0; 3],
            linear: 0,
            state: State::Done,
            pending: [0; 4],
            wide: Vec::new(),
        }
    }

    /// Where the thread waits: its function and op.
    fn site(&self) -> (u32, u32) {
        match self.state {
            State::AtBarrier { func, pc }
            | State::AtWarp { func, pc }
            | State::AtMbarrier { func, pc } => (func, pc),
            _ => (0, 0),
        }
    }
}

/// A front end: its threads, how one runs, and what its ops are.
pub(crate) trait Front {
    type Thread;
    /// How errors name a warp-wide op ("operation", "instruction").
    const WARP_OP: &'static str;
    /// Whether `activemask` gathers the lanes at the same op only (else at
    /// any `activemask`).
    const ACTIVEMASK_BY_SITE: bool;

    /// What a block keeps while another block runs (a cooperative launch:
    /// its index and shared memory).
    type Block;

    fn new_thread(&self) -> Self::Thread;
    fn lane(t: &Self::Thread) -> &Lane;
    fn lane_mut(t: &mut Self::Thread) -> &mut Lane;
    /// Sets up block `block_idx` (its shared memory).
    fn start_block(&mut self, block_idx: [u32; 3]);
    /// The current block's state, taken out (a cooperative launch switches
    /// blocks).
    fn save_block(&mut self) -> Self::Block;
    /// Makes `b` the current block again.
    fn restore_block(&mut self, b: Self::Block);
    /// Bytes of shared memory a block uses (static and dynamic).
    fn block_shared_bytes(&self) -> u64;
    /// Creates the grid workspace of a cooperative launch (a global buffer
    /// that `%envreg1/2` then point to) and returns its address.
    fn alloc_workspace(&mut self, bytes: Vec<u8>) -> u64;
    /// From now on, `run_thread` stops a thread after `quantum` instructions
    /// ([`State::Yielded`]); `u64::MAX` never does.
    fn set_quantum(&mut self, quantum: u64);
    /// Starts `t` at the kernel's entry.
    fn start_thread(&mut self, t: &mut Self::Thread, tid: [u32; 3], linear: u32);
    /// Runs `t` until it reaches a barrier, a warp-wide op or its end (or
    /// its quantum is spent).
    fn run_thread(&mut self, t: &mut Self::Thread) -> Result<State, InterpError>;
    /// The warp-wide op at op `pc` of function `func`, if it is one.
    fn warp_op(&self, func: u32, pc: u32) -> Option<WarpOp>;
    /// The barrier a thread waits at: what must be the same in every thread
    /// of the block, and its reduction (the predicate is `pending[1]`).
    fn barrier(&self, t: &Lane) -> Option<(u64, Option<Reduce>)>;
    /// Writes a warp op's or barrier's result (and flag) into the registers
    /// the waiting op names.
    fn deliver(&self, t: &mut Self::Thread, value: u64, flag: Option<u64>);
    /// Writes an `mma`'s result registers into the registers the waiting op names.
    fn deliver_wide(&self, t: &mut Self::Thread, values: &[u64]);
    /// An error at op `pc` of function `func`, in thread `tid` of the current block.
    fn error_at(
        &self,
        kind: ErrorKind,
        message: String,
        tid: [u32; 3],
        func: u32,
        pc: u32,
    ) -> InterpError;
    /// Instructions executed so far.
    fn steps(&self) -> u64;
    /// What `printf` wrote so far.
    fn output(&self) -> &[u8];
    /// The undefined-behaviour checks.
    fn checker(&mut self) -> &mut Checker;
    /// Global memory.
    fn memory(&mut self) -> &mut super::memory::Memory;
    /// The source line of op `pc` of function `func`, when known.
    fn line_of(&self, func: u32, pc: u32) -> Option<u32>;
}

/// Counts one instruction of a launch; past `Config::max_steps` the launch
/// stops.
pub(crate) fn step(steps: &mut u64, cfg: &Config) -> Result<(), Fault> {
    *steps += 1;
    if *steps > cfg.max_steps {
        return Err((
            ErrorKind::StepLimit,
            format!(
                "step limit reached: {} instructions executed (a loop that does not end?)",
                cfg.max_steps
            ),
        ));
    }
    Ok(())
}

/// Starts the block's threads in order of their linear index (x fastest).
pub(crate) fn start_threads<F: Front>(
    f: &mut F,
    threads: &mut [F::Thread],
    [bx, by, bz]: [u32; 3],
) {
    let mut n = 0;
    for tz in 0..bz {
        for ty in 0..by {
            for tx in 0..bx {
                f.start_thread(&mut threads[n], [tx, ty, tz], n as u32);
                n += 1;
            }
        }
    }
}

/// Runs the launch: every block of the grid.
pub(crate) fn run<F: Front>(
    f: &mut F,
    launch: &Launch,
    cfg: &Config,
) -> Result<Stats, InterpError> {
    if cfg.cooperative {
        return super::coop::run(f, launch, cfg);
    }
    let [bx, by, bz] = launch.block;
    let nthreads = (bx * by * bz) as usize;
    let mut threads: Vec<F::Thread> = (0..nthreads).map(|_| f.new_thread()).collect();
    let mut stats = Stats::default();
    let [gx, gy, gz] = launch.grid;
    for z in 0..gz {
        for y in 0..gy {
            for x in 0..gx {
                f.start_block([x, y, z]);
                f.checker().start_block([x, y, z]);
                start_threads(f, &mut threads, launch.block);
                match run_block(f, &mut threads, &mut stats.barriers) {
                    Ok(_) => {}
                    Err(mut e) => {
                        e.output = String::from_utf8_lossy(f.output()).into_owned();
                        return Err(e);
                    }
                }
                stats.blocks += 1;
                stats.threads += nthreads as u64;
            }
        }
    }
    finish(f, stats)
}

/// The launch's statistics completed: steps, output and findings.
pub(crate) fn finish<F: Front>(f: &mut F, mut stats: Stats) -> Result<Stats, InterpError> {
    stats.steps = f.steps();
    stats.output = String::from_utf8_lossy(f.output()).into_owned();
    let checker = std::mem::replace(f.checker(), Checker::new(false, [1; 3]));
    (stats.warnings, stats.undefined) = checker
        .findings(&|(func, pc)| f.line_of(func, pc))
        .into_iter()
        .partition(|u| u.kind.is_warning());
    Ok(stats)
}

/// Runs one block to its end, counting the barriers it passes into
/// `barriers`; returns `false` instead when a thread spent its quantum
/// (a cooperative launch: the block goes on at its next turn).
pub(crate) fn run_block<F: Front>(
    f: &mut F,
    threads: &mut [F::Thread],
    barriers: &mut u64,
) -> Result<bool, InterpError> {
    loop {
        for warp in threads.chunks_mut(WARP_SIZE) {
            settle_warp(f, warp)?;
        }
        if threads.iter().any(|t| F::lane(t).state == State::Yielded) {
            return Ok(false);
        }
        if resume_mbarrier_waits(f, threads)? {
            continue;
        }
        // Every thread has exited or waits at a barrier: all live ones at
        // the same one, else the barrier diverges (a finding; each waiting
        // thread is released from its barrier). Exited threads count as
        // arrived (a warning).
        let Some(first) = threads.iter().map(F::lane).find(|t| t.state != State::Done) else {
            return Ok(true);
        };
        let want = f.barrier(first);
        let first_site = first.site();
        let first_linear = first.linear;
        let elsewhere = threads
            .iter()
            .map(F::lane)
            .find(|t| t.state != State::Done && f.barrier(t) != want)
            .map(|t| (t.linear, t.tid, t.site()));
        let exited = threads
            .iter()
            .map(F::lane)
            .find(|t| t.state == State::Done)
            .map(|t| t.tid);
        if let Some((linear, [x, y, z], site)) = elsewhere {
            f.checker().event(
                FindingKind::BarrierDivergence,
                first_site,
                first_linear,
                || format!("waits at a barrier that thread ({x},{y},{z}) does not reach: it waits at another"),
                Some((linear, site)),
            );
        } else if let Some([x, y, z]) = exited {
            // Exited threads count as arrived (sm_70+): a warning.
            f.checker().event(
                FindingKind::BarrierAfterExit,
                first_site,
                first_linear,
                || format!("waits at a barrier that thread ({x},{y},{z}) does not reach: it has exited (exited threads count as arrived on sm_70 and later)"),
                None,
            );
        }
        *barriers += 1;
        f.checker().barrier();
        // `__syncthreads_count/and/or`: each thread gets the predicate
        // combined over the threads at its barrier.
        let keys: Vec<Option<(u64, Option<Reduce>)>> = threads
            .iter()
            .map(|t| {
                let t = F::lane(t);
                (t.state != State::Done).then(|| f.barrier(t)).flatten()
            })
            .collect();
        for k in 0..threads.len() {
            let Some((_, Some(r))) = keys[k] else {
                continue;
            };
            let (n, set) = (0..threads.len())
                .filter(|&j| keys[j] == keys[k])
                .fold((0u64, 0u64), |(n, set), j| {
                    (n + 1, set + (F::lane(&threads[j]).pending[1] & 1))
                });
            let v = match r {
                Reduce::Popc => set,
                Reduce::And => u64::from(set == n),
                Reduce::Or => u64::from(set > 0),
            };
            f.deliver(&mut threads[k], v, None);
        }
        for t in threads.iter_mut() {
            let t = F::lane_mut(t);
            if t.state != State::Done {
                t.state = State::Running;
            }
        }
    }
}

/// Runs a warp's lanes until each has exited or waits at a block barrier,
/// performing the warp-wide operations they meet at on the way.
fn settle_warp<F: Front>(f: &mut F, warp: &mut [F::Thread]) -> Result<(), InterpError> {
    loop {
        for t in warp.iter_mut() {
            if F::lane(t).state == State::Running {
                let s = f.run_thread(t)?;
                F::lane_mut(t).state = s;
            }
        }
        let waiting = |t: &F::Thread| matches!(F::lane(t).state, State::AtWarp { .. });
        let Some(first) = warp.iter().position(waiting) else {
            return Ok(());
        };
        // A lane whose operation can complete goes first (lanes in a branch
        // meet at their `activemask` while the others wait at a full-mask
        // vote after it); else the first, whose error says what is wrong.
        let Some(lead) = (first..warp.len())
            .find(|&l| waiting(&warp[l]) && ready(f, warp, l))
            .or_else(|| {
                // A lane of the mask waiting for an mbarrier, or out of
                // its quantum, may yet come.
                let mask = F::lane(&warp[first]).pending[0] as u32;
                let later = warp.iter().enumerate().any(|(k, t)| {
                    mask & (1 << k) != 0
                        && matches!(F::lane(t).state, State::AtMbarrier { .. } | State::Yielded)
                });
                (!later).then_some(first)
            })
        else {
            return Ok(());
        };
        let sync = match F::lane(&warp[lead]).state {
            State::AtWarp { func, pc } => f.warp_op(func, pc) == Some(WarpOp::Sync),
            _ => false,
        };
        warp_op(f, warp, lead)?;
        if sync {
            f.checker()
                .sync_warp(F::lane(&warp[0]).linear as usize / WARP_SIZE);
        }
    }
}

/// The warp op lane `lead` waits at: the lanes that take part (those of its
/// mask that have not exited, which must wait at the same kind of op with
/// the same mask) get their results and go on.
fn warp_op<F: Front>(f: &mut F, warp: &mut [F::Thread], lead: usize) -> Result<(), InterpError> {
    let mask_of = |t: &Lane| t.pending[0] as u32;
    let n = warp.len();
    let lanes_of: Vec<&Lane> = warp.iter().map(F::lane).collect();
    let lead_lane = lanes_of[lead];
    let (func, pc) = lead_lane.site();
    let ops: Vec<Option<WarpOp>> = lanes_of
        .iter()
        .map(|t| match t.state {
            State::AtWarp { func, pc } => f.warp_op(func, pc),
            _ => None,
        })
        .collect();
    let Some(op) = ops[lead] else {
        return Ok(());
    };
    let noun = F::WARP_OP;
    let mut members = 0u32;
    if op == WarpOp::ActiveMask {
        for (lane, t) in lanes_of.iter().enumerate() {
            let together = if F::ACTIVEMASK_BY_SITE {
                t.state == lead_lane.state
            } else {
                ops[lane] == Some(op)
            };
            if together {
                members |= 1 << lane;
            }
        }
    } else {
        let mask = lead_lane.pending[0] as u32;
        let site = (func, pc);
        if mask & (1 << lead) == 0 {
            f.checker().event(
                FindingKind::WarpMask,
                site,
                lead_lane.linear,
                || format!("is lane {lead} of a warp-wide {noun} whose mask {mask:#010x} does not name it"),
                None,
            );
        }
        // The lead takes part; of the others, those of its mask waiting at
        // the same kind of op with the same mask. A lane of the mask that
        // waits elsewhere is a finding, and left out.
        members |= 1 << lead;
        for (lane, t) in lanes_of.iter().enumerate() {
            if lane == lead || mask & (1 << lane) == 0 || t.state == State::Done {
                continue;
            }
            if ops[lane] != Some(op) || t.pending[0] as u32 != mask {
                let (f2, p2) = t.site();
                let same = ops[lane] == Some(op);
                f.checker().event(
                    FindingKind::WarpMask,
                    site,
                    lead_lane.linear,
                    || {
                        format!(
                            "waits at a warp-wide {noun} with the mask {mask:#010x}, but lane {lane}, named in it, {}",
                            if same {
                                "waits at one with another mask".to_string()
                            } else if matches!(t.state, State::AtBarrier { .. }) {
                                "waits at a block barrier".to_string()
                            } else {
                                "waits elsewhere".to_string()
                            }
                        )
                    },
                    Some((t.linear, (f2, p2))),
                );
                continue;
            }
            members |= 1 << lane;
        }
    }
    let lanes = || (0..n).filter(move |l| members & (1 << l) != 0);
    let val = |l: usize| lanes_of[l].pending[1];
    let pred = |l: usize| lanes_of[l].pending[1] & 1 != 0;
    let mut results = [(0u64, 0u64); WARP_SIZE];
    let all = |v: u64, f: u64| [(v, f); WARP_SIZE];
    match op {
        WarpOp::Sync => {}
        WarpOp::ActiveMask => results = all(u64::from(members), 0),
        WarpOp::Ballot => {
            let b = lanes().filter(|l| pred(*l)).fold(0u64, |m, l| m | (1 << l));
            results = all(b, 0);
        }
        WarpOp::VoteAny => results = all(u64::from(lanes().any(pred)), 0),
        WarpOp::VoteAll => results = all(u64::from(lanes().all(pred)), 0),
        WarpOp::VoteUni => {
            let p0 = pred(lead);
            results = all(u64::from(lanes().all(|l| pred(l) == p0)), 0);
        }
        WarpOp::MatchAny => {
            for l in lanes() {
                let v = val(l);
                let m = lanes()
                    .filter(|k| val(*k) == v)
                    .fold(0u64, |m, k| m | (1 << k));
                results[l] = (m, 0);
            }
        }
        WarpOp::MatchAll => {
            let v = val(lead);
            let same = lanes().all(|k| val(k) == v);
            results = all(if same { u64::from(members) } else { 0 }, u64::from(same));
        }
        WarpOp::Redux(r) => {
            let v = lanes()
                .map(|l| val(l) as u32)
                .reduce(|a, b| r.apply(a, b))
                .unwrap_or(0);
            results = all(u64::from(v), 0);
        }
        WarpOp::Mma(..) => {}
        WarpOp::Shfl(mode) => {
            for l in lanes() {
                let [_, _, b, c] = lanes_of[l].pending;
                let (src, ok) = shuffle_source(mode, l as u32, b as u32, c as u32);
                let src = src as usize;
                if members & (1 << src) == 0 {
                    // Undefined: the lane gets its own value.
                    let why = match lanes_of.get(src).map(|t| t.state) {
                        None => "which was not launched",
                        Some(State::Done) => "which has exited",
                        Some(_) if mask_of(lanes_of[l]) & (1 << src) == 0 => {
                            "which is not in the mask"
                        }
                        Some(_) => "which waits elsewhere",
                    };
                    f.checker().event(
                        FindingKind::InactiveLane,
                        (func, pc),
                        lanes_of[l].linear,
                        || format!("is lane {l} and shuffles from lane {src}, {why}"),
                        None,
                    );
                    results[l] = (val(l), 0);
                    continue;
                }
                results[l] = (val(src), u64::from(ok));
            }
        }
    }
    if let WarpOp::Mma(shape, types) = op {
        if members != u32::MAX {
            return Err(f.error_at(
                ErrorKind::DivergentWarp,
                format!("wmma.mma needs the whole warp; the lanes {members:#010x} take part"),
                lead_lane.tid,
                func,
                pc,
            ));
        }
        let inputs: Vec<Vec<u64>> = lanes_of.iter().map(|t| t.wide.clone()).collect();
        let out = super::wmma::mma(shape, types, &inputs);
        for (l, v) in out.iter().enumerate() {
            let t = &mut warp[l];
            f.deliver_wide(t, v);
            F::lane_mut(t).state = State::Running;
        }
        return Ok(());
    }
    for l in lanes() {
        let t = &mut warp[l];
        f.deliver(t, results[l].0, Some(results[l].1));
        F::lane_mut(t).state = State::Running;
    }
    Ok(())
}

/// Threads waiting at an mbarrier test run it again (returns whether any
/// waits), after the others moved; if none can move, the launch fails.
fn resume_mbarrier_waits<F: Front>(
    f: &mut F,
    threads: &mut [F::Thread],
) -> Result<bool, InterpError> {
    let waiting: Vec<usize> = (0..threads.len())
        .filter(|&k| matches!(F::lane(&threads[k]).state, State::AtMbarrier { .. }))
        .collect();
    let Some(&first) = waiting.first() else {
        return Ok(false);
    };
    let before = f.steps();
    let sites: Vec<State> = waiting
        .iter()
        .map(|&k| F::lane(&threads[k]).state)
        .collect();
    for &k in &waiting {
        let t = &mut threads[k];
        F::lane_mut(t).state = State::Running;
        let s = f.run_thread(t)?;
        F::lane_mut(t).state = s;
    }
    // Each ran only its test again and waits where it did: nothing can change.
    let stuck = f.steps() - before == waiting.len() as u64
        && waiting
            .iter()
            .zip(&sites)
            .all(|(&k, s)| F::lane(&threads[k]).state == *s);
    if stuck {
        let lane = F::lane(&threads[first]);
        let (func, pc) = lane.site();
        let at_barrier = threads
            .iter()
            .filter(|t| matches!(F::lane(t).state, State::AtBarrier { .. }))
            .count();
        let done = threads
            .iter()
            .filter(|t| F::lane(t).state == State::Done)
            .count();
        return Err(f.error_at(
            ErrorKind::DivergentBarrier,
            format!(
                "deadlock: {} threads wait for an mbarrier phase that cannot complete ({at_barrier} wait at a block barrier, {done} have exited)",
                waiting.len()
            ),
            lane.tid,
            func,
            pc,
        ));
    }
    Ok(true)
}

/// Whether the warp op lane `lead` waits at can complete now: an
/// `activemask`, or every lane of its mask that has not exited waits at
/// the same op with the same mask.
fn ready<F: Front>(f: &F, warp: &[F::Thread], lead: usize) -> bool {
    let l = F::lane(&warp[lead]);
    let State::AtWarp { func, pc } = l.state else {
        return false;
    };
    let Some(op) = f.warp_op(func, pc) else {
        return false;
    };
    if op == WarpOp::ActiveMask {
        return true;
    }
    let mask = l.pending[0] as u32;
    warp.iter().enumerate().all(|(k, t)| {
        let t = F::lane(t);
        mask & (1 << k) == 0
            || t.state == State::Done
            || (matches!(t.state, State::AtWarp { func: f2, pc: p2 } if f.warp_op(f2, p2) == Some(op))
                && t.pending[0] as u32 == mask)
    })
}
