//! The undefined-behaviour checks a run makes on the way (both front ends
//! call them through the same [`Checker`]): data races on shared memory
//! between barriers, data races on global memory (within a block between
//! barriers; across blocks any conflicting pair not both atomic, unless a
//! fence then an atomic in the first block and an atomic on the same word in
//! the second order them: the "last block" pattern), reads
//! of shared memory no thread of the block wrote and of local memory (a
//! thread's allocas or `.local` stack) the thread never wrote; and the
//! events the front ends and the scheduler report through
//! [`Checker::event`]: integer division by zero and `INT_MIN / -1`,
//! shuffles from lanes that take no part, warp masks that do not match the
//! lanes there, barriers not every thread of the block reaches. A finding
//! does not stop the run (each has a defined fallback: the H200's value, the
//! lane's own value, the barrier released); it goes into
//! [`Stats::undefined`](super::Stats::undefined).

use super::warp::WARP_SIZE;
use super::MAX_SHARED_BYTES;
use std::collections::HashMap;
use std::fmt;

/// What a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// Two threads of a block touch the same shared byte, one writing, with
    /// no barrier between them (and not both atomically).
    SharedRace,
    /// A read of shared memory that no thread of the block wrote.
    UninitializedShared,
    /// Two threads of the launch touch the same global byte, one writing:
    /// in one block with no barrier between them, in two blocks at all
    /// (and not both atomically).
    GlobalRace,
    /// A read of a thread's local memory (an alloca, the `.local` stack)
    /// that the thread never wrote.
    UninitializedLocal,
    /// An integer division or remainder by zero.
    DivisionByZero,
    /// A signed division or remainder of the most negative value by -1.
    DivisionOverflow,
    /// A shuffle reading a lane that takes no part in it (not in the mask,
    /// exited, waiting elsewhere, or not launched).
    InactiveLane,
    /// A warp-wide operation whose mask does not name the calling lane, or
    /// names a lane that waits elsewhere or with another mask.
    WarpMask,
    /// A barrier some live threads of the block wait at while other live
    /// threads wait at another one (or at the same one with another
    /// reduction, `__syncthreads_count` beside `__syncthreads`).
    BarrierDivergence,
    /// Not undefined behaviour, a warning: a barrier the block's live
    /// threads all reach after others have exited (an early `return`
    /// before `__syncthreads()`, or a loop's barrier passed a different
    /// number of times). Exited threads count as arrived, as on sm_70 and
    /// later and as compute-sanitizer's synccheck accepts; older GPUs hang.
    BarrierAfterExit,
}

impl FindingKind {
    pub fn describe(self) -> &'static str {
        match self {
            FindingKind::SharedRace => "data race on shared memory",
            FindingKind::UninitializedShared => "read of uninitialized shared memory",
            FindingKind::GlobalRace => "data race on global memory",
            FindingKind::UninitializedLocal => "read of uninitialized local memory",
            FindingKind::DivisionByZero => "integer division by zero",
            FindingKind::DivisionOverflow => "integer division overflow",
            FindingKind::InactiveLane => "shuffle from an inactive lane",
            FindingKind::WarpMask => "warp mask does not match the active threads",
            FindingKind::BarrierDivergence => "barrier divergence",
            FindingKind::BarrierAfterExit => "barrier after exited threads",
        }
    }

    /// Whether the finding is a warning (the run is well defined on the
    /// targets we compile for) rather than undefined behaviour.
    pub fn is_warning(self) -> bool {
        self == FindingKind::BarrierAfterExit
    }

    /// Whether the finding is about an access to memory (its `size`,
    /// `offset`, `region` and `access` mean something).
    pub fn is_memory(self) -> bool {
        matches!(
            self,
            FindingKind::SharedRace
                | FindingKind::GlobalRace
                | FindingKind::UninitializedShared
                | FindingKind::UninitializedLocal
        )
    }
}

/// How an access touches memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AccessKind {
    Read,
    Write,
    /// An atomic read-modify-write.
    Atomic,
}

impl AccessKind {
    fn verb(self) -> &'static str {
        match self {
            AccessKind::Read => "reads",
            AccessKind::Write => "writes",
            AccessKind::Atomic => "atomically updates",
        }
    }

    fn past(self) -> &'static str {
        match self {
            AccessKind::Read => "read",
            AccessKind::Write => "wrote",
            AccessKind::Atomic => "atomically updated",
        }
    }
}

/// One piece of undefined behaviour a run found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: FindingKind,
    /// The source line of the access that found it (IR: its debug line; PTX:
    /// the PTX line), when known.
    pub line: Option<u32>,
    pub block_idx: [u32; 3],
    pub thread_idx: [u32; 3],
    pub access: AccessKind,
    /// The bytes touched, and the offset of the first in its shared variable
    /// or global buffer.
    pub size: u64,
    pub offset: u64,
    /// The shared variable (IR: its index; PTX: 0, the block's one window),
    /// or for global memory the buffer (its [`BufferId`](super::BufferId) number).
    pub region: u32,
    /// For a race: the other thread, its access and its line (for a warp
    /// mask or a barrier: the lane or thread waiting elsewhere, and where).
    pub other: Option<Other>,
    /// For the kinds that are not accesses: what happened, in words
    /// (`divides 7 by zero`, `shuffles from lane 5, which has exited`).
    pub detail: String,
}

/// The other side of a race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Other {
    pub block_idx: [u32; 3],
    pub thread_idx: [u32; 3],
    pub access: AccessKind,
    pub line: Option<u32>,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [tx, ty, tz] = self.thread_idx;
        let [bx, by, bz] = self.block_idx;
        if !self.kind.is_memory() {
            write!(
                f,
                "{}: thread ({tx},{ty},{tz}) of block ({bx},{by},{bz}) {}",
                self.kind.describe(),
                self.detail
            )?;
            if let Some(o) = &self.other {
                let [ox, oy, oz] = o.thread_idx;
                write!(f, " (thread ({ox},{oy},{oz})")?;
                match o.line {
                    Some(l) => write!(f, " is at line {l})")?,
                    None => f.write_str(")")?,
                }
            }
            return Ok(());
        }
        let place = if self.kind == FindingKind::GlobalRace {
            format!("global buffer {}+{:#x}", self.region, self.offset)
        } else if self.kind == FindingKind::UninitializedLocal {
            format!("local variable {}+{:#x}", self.region, self.offset)
        } else if self.region == 0 {
            format!("shared+{:#x}", self.offset)
        } else {
            format!("shared variable {}+{:#x}", self.region, self.offset)
        };
        write!(
            f,
            "{}: thread ({tx},{ty},{tz}) of block ({bx},{by},{bz}) {} {} bytes at {place}",
            self.kind.describe(),
            self.access.verb(),
            self.size
        )?;
        match &self.other {
            Some(o) => {
                let [ox, oy, oz] = o.thread_idx;
                write!(f, " that thread ({ox},{oy},{oz})")?;
                if o.block_idx != self.block_idx {
                    let [x, y, z] = o.block_idx;
                    write!(f, " of block ({x},{y},{z})")?;
                }
                write!(f, " {}", o.access.past())?;
                if let Some(l) = o.line {
                    write!(f, " at line {l}")?;
                }
                if o.block_idx != self.block_idx {
                    f.write_str(" (blocks are not ordered)")
                } else {
                    f.write_str(" without a barrier between")
                }
            }
            None if self.kind == FindingKind::UninitializedLocal => {
                f.write_str(" that the thread never wrote")
            }
            None => f.write_str(" that no thread of the block wrote"),
        }
    }
}

/// Findings kept per kind (one per pair of sites); later ones are dropped.
pub const MAX_FINDINGS_PER_KIND: usize = 10;

/// A site: the function and op of an access.
type Site = (u32, u32);

/// The other side of a race: its block, thread (linear), access and site.
type RawOther = ([u32; 3], u32, AccessKind, Site);

const NONE: u32 = u32::MAX;

/// The global bytes of one buffer the checks follow (beyond, unchecked: the
/// shadow costs about 90 bytes a byte).
pub const MAX_GLOBAL_CHECKED: u64 = 1 << 20;

/// The shadow of one shared or global byte.
#[derive(Clone, Copy)]
struct Cell {
    /// The block serial (plus one) that last wrote it; 0: never.
    written: u32,
    writer: Access,
    readers: [Access; 2],
}

#[derive(Clone, Copy)]
struct Access {
    thread: u32,
    /// The block serial of the access.
    serial: u32,
    block_idx: [u32; 3],
    /// The barrier epoch of the access.
    epoch: u32,
    /// The warp's `__syncwarp` count at the access.
    wepoch: u32,
    site: Site,
    atomic: bool,
    /// The launch's access count at the access (orders accesses of two
    /// blocks against a release).
    time: u32,
    /// The thread's mbarrier clock at the access ([`MbarClocks`]).
    clock: u32,
}

const NO_ACCESS: Access = Access {
    thread: NONE,
    serial: 0,
    block_idx: [0; 3],
    epoch: NONE,
    wepoch: 0,
    site: (0, 0),
    atomic: false,
    time: 0,
    clock: 0,
};

/// A finding before its lines and thread indices are known.
#[derive(Clone)]
pub(crate) struct Raw {
    kind: FindingKind,
    site: Site,
    block_idx: [u32; 3],
    thread: u32,
    access: AccessKind,
    size: u64,
    offset: u64,
    region: u32,
    other: Option<RawOther>,
    detail: String,
}

/// The checks' state over a launch.
pub(crate) struct Checker {
    pub enabled: bool,
    block: [u32; 3],
    block_idx: [u32; 3],
    serial: u32,
    epoch: u32,
    warp_epochs: Vec<u32>,
    shadows: Vec<Vec<Cell>>,
    globals: Vec<Vec<Cell>>,
    raw: Vec<Raw>,
    /// Accesses checked so far in the launch.
    time: u32,
    /// Per thread of the block: whether it passed a device-wide fence.
    fenced: Vec<bool>,
    /// Per global word (buffer, offset) an atomic touched after a fence in
    /// its thread: the blocks (serial) released through it, and up to when.
    releases: HashMap<(u32, u64), Vec<(u32, u32)>>,
    /// The words this block updated atomically: it acquires their releases.
    acquired: Vec<(u32, u64)>,
    /// Per thread of the block, per local region (an alloca; the `.local`
    /// stack is region 0): which bytes the thread wrote.
    locals: Vec<Vec<Vec<bool>>>,
    /// The order mbarriers give between the threads that arrive and those
    /// whose wait sees the phase complete.
    mbar: MbarClocks,
}

/// Happens-before through mbarriers (a producer's `cp.async` and arrival,
/// a consumer's wait on the phase: `cuda::pipeline`, `cuda::barrier` of
/// part of a block), as vector clocks: each thread's clock advances at its
/// arrivals; an arrival adds what the thread has seen (itself up to its
/// clock) to the phase's, and a wait that sees the phase complete takes
/// the phase's in. An access is ordered before another thread's when that
/// thread has seen its thread's clock at the access. The vectors exist
/// only in blocks that arrive on an mbarrier.
#[derive(Default)]
struct MbarClocks {
    /// Per thread of the block: its clock (from 1).
    clock: Vec<u32>,
    /// Per thread: the clock of every thread it has seen (empty until an
    /// arrival).
    seen: Vec<Vec<u32>>,
    /// Per barrier (its address): what the arrivals of the current phase
    /// saw, and of the last completed phase of each parity.
    phases: HashMap<u64, [Vec<u32>; 3]>,
}

fn join(into: &mut Vec<u32>, from: &[u32]) {
    if into.len() < from.len() {
        into.resize(from.len(), 0);
    }
    for (a, b) in into.iter_mut().zip(from) {
        *a = (*a).max(*b);
    }
}

impl Checker {
    pub fn new(enabled: bool, block: [u32; 3]) -> Checker {
        let threads = block.iter().product::<u32>() as usize;
        Checker {
            enabled,
            block,
            block_idx: [0; 3],
            serial: 0,
            epoch: 0,
            warp_epochs: vec![0; threads.div_ceil(WARP_SIZE)],
            shadows: Vec::new(),
            globals: Vec::new(),
            raw: Vec::new(),
            time: 0,
            fenced: vec![false; threads],
            releases: HashMap::new(),
            acquired: Vec::new(),
            locals: vec![Vec::new(); if enabled { threads } else { 0 }],
            mbar: MbarClocks {
                clock: vec![1; if enabled { threads } else { 0 }],
                ..MbarClocks::default()
            },
        }
    }

    /// Thread `thread` (linear) starts: it has no local memory yet.
    pub fn start_thread(&mut self, thread: u32) {
        if let Some(l) = self.locals.get_mut(thread as usize) {
            l.clear();
        }
    }

    /// Thread `thread` creates local region `region` (an alloca) of `len`
    /// bytes, none written; regions after it are gone.
    pub fn local_alloc(&mut self, thread: u32, region: u32, len: u64) {
        if let Some(l) = self.locals.get_mut(thread as usize) {
            l.truncate(region as usize);
            l.resize(region as usize, Vec::new());
            l.push(vec![false; len as usize]);
        }
    }

    /// Thread `thread`'s local stack (region 0) is now `len` bytes: a call
    /// adds its frame, none of it written; a return drops it.
    pub fn local_resize(&mut self, thread: u32, len: u64) {
        if let Some(l) = self.locals.get_mut(thread as usize) {
            if l.is_empty() {
                l.push(Vec::new());
            }
            l[0].resize(len as usize, false);
        }
    }

    /// Thread `thread` (linear) accesses `size` bytes at `offset` of its
    /// local region `region` at `site`: a read of a byte it never wrote is
    /// a finding, or with `defer` only the answer `true` (the PTX emulator
    /// reports it when the value is used, not when it is only copied, with
    /// [`Checker::local_use`]).
    #[allow(clippy::too_many_arguments)]
    pub fn local(
        &mut self,
        region: u32,
        offset: u64,
        size: u64,
        thread: u32,
        site: Site,
        kind: AccessKind,
        defer: bool,
    ) -> bool {
        let Some(bytes) = self
            .locals
            .get_mut(thread as usize)
            .and_then(|l| l.get_mut(region as usize))
        else {
            return false;
        };
        let Some(end) = offset
            .checked_add(size)
            .filter(|e| *e <= bytes.len() as u64)
        else {
            return false;
        };
        let span = &mut bytes[offset as usize..end as usize];
        let unwritten = kind != AccessKind::Write && span.iter().any(|w| !w);
        if kind != AccessKind::Read {
            span.iter_mut().for_each(|w| *w = true);
        }
        if unwritten && !defer {
            self.local_use(region, offset, size, thread, site);
        }
        unwritten
    }

    /// A value thread `thread` read at `site` from `size` local bytes at
    /// `offset` of `region`, some of them never written, is used: a finding.
    pub fn local_use(&mut self, region: u32, offset: u64, size: u64, thread: u32, site: Site) {
        self.push(Raw {
            kind: FindingKind::UninitializedLocal,
            site,
            block_idx: self.block_idx,
            thread,
            access: AccessKind::Read,
            size,
            offset,
            region,
            other: None,
            detail: String::new(),
        });
    }

    /// Undefined behaviour that is not an access: `thread` (linear) at
    /// `site` did what `detail` says; `other` is the thread (linear) and
    /// site on the other side (a lane waiting elsewhere), if any.
    pub fn event(
        &mut self,
        kind: FindingKind,
        site: Site,
        thread: u32,
        detail: impl FnOnce() -> String,
        other: Option<(u32, Site)>,
    ) {
        if !self.enabled {
            return;
        }
        let other = other.map(|(t, s)| (self.block_idx, t, AccessKind::Read, s));
        if self.is_dup(kind, site, other) {
            return;
        }
        self.push(Raw {
            kind,
            site,
            block_idx: self.block_idx,
            thread,
            access: AccessKind::Read,
            size: 0,
            offset: 0,
            region: 0,
            other,
            detail: detail(),
        });
    }

    /// Whether a finding of `kind` at `site` against `other`'s site is
    /// already kept, or the kind has its fill.
    fn is_dup(&self, kind: FindingKind, site: Site, other: Option<RawOther>) -> bool {
        let mut same = self.raw.iter().filter(|f| f.kind == kind);
        let mut n = 0;
        same.any(|f| {
            n += 1;
            f.site == site && f.other.map(|o| o.3) == other.map(|o| o.3)
        }) || n >= MAX_FINDINGS_PER_KIND
    }

    /// Keeps `r` unless a finding of its kind at its sites is kept already.
    fn push(&mut self, r: Raw) {
        if !self.is_dup(r.kind, r.site, r.other) {
            self.raw.push(r);
        }
    }

    /// A new block begins: nothing of its shared memory is written.
    pub fn start_block(&mut self, block_idx: [u32; 3]) {
        self.block_idx = block_idx;
        self.serial += 1;
        self.epoch += 1;
        self.fenced.iter_mut().for_each(|f| *f = false);
        self.acquired.clear();
        self.mbar.clock.iter_mut().for_each(|c| *c = 1);
        self.mbar.seen.clear();
        self.mbar.phases.clear();
    }

    /// Thread `thread` (linear) arrived on the mbarrier at `bar`; `completes`:
    /// its arrival completed the phase (of number `phase`).
    pub fn mbarrier_arrive(&mut self, thread: u32, bar: u64, phase: u64, completes: bool) {
        let m = &mut self.mbar;
        let t = thread as usize;
        if !self.enabled || t >= m.clock.len() {
            return;
        }
        if m.seen.is_empty() {
            m.seen = vec![Vec::new(); m.clock.len()];
        }
        let mut mine = std::mem::take(&mut m.seen[t]);
        if mine.len() <= t {
            mine.resize(t + 1, 0);
        }
        mine[t] = m.clock[t];
        m.clock[t] += 1;
        let slots = m.phases.entry(bar).or_default();
        join(&mut slots[2], &mine);
        m.seen[t] = mine;
        if completes {
            slots[(phase & 1) as usize] = std::mem::take(&mut slots[2]);
        }
    }

    /// Thread `thread`'s wait on the mbarrier at `bar` saw the last phase of
    /// parity `parity` complete: the arrivals of that phase are ordered
    /// before what the thread does next.
    pub fn mbarrier_acquire(&mut self, thread: u32, bar: u64, parity: u64) {
        let m = &mut self.mbar;
        let t = thread as usize;
        if t >= m.seen.len() {
            return;
        }
        if let Some(slots) = m.phases.get(&bar) {
            join(&mut m.seen[t], &slots[(parity & 1) as usize]);
        }
    }

    /// Thread `thread` (linear) passed a fence (`__threadfence()`): its
    /// block's earlier accesses are released by its next atomic.
    pub fn fence(&mut self, thread: u32) {
        if let Some(f) = self.fenced.get_mut(thread as usize) {
            *f = true;
        }
    }

    /// The block passed a barrier.
    pub fn barrier(&mut self) {
        self.epoch += 1;
    }

    /// A phase of an mbarrier that expects `expected` arrivals completed:
    /// with every thread of the block arriving, it orders as a barrier.
    pub fn mbarrier_phase(&mut self, expected: u64) {
        if expected >= self.block.iter().map(|&d| u64::from(d)).product::<u64>() {
            self.barrier();
        }
    }

    /// The lanes of warp `warp` met at a `__syncwarp`.
    pub fn sync_warp(&mut self, warp: usize) {
        if let Some(e) = self.warp_epochs.get_mut(warp) {
            *e += 1;
        }
    }

    /// Thread `thread` (linear) accesses `size` bytes at `offset` of shared
    /// variable `region` at `site`.
    pub fn shared(
        &mut self,
        region: u32,
        offset: u64,
        size: u64,
        thread: u32,
        site: Site,
        kind: AccessKind,
    ) {
        self.record(false, region, offset, size, thread, site, kind);
    }

    /// Thread `thread` (linear) accesses `size` bytes at `offset` of global
    /// buffer `region` at `site`.
    pub fn global(
        &mut self,
        region: u32,
        offset: u64,
        size: u64,
        thread: u32,
        site: Site,
        kind: AccessKind,
    ) {
        self.record(true, region, offset, size, thread, site, kind);
    }

    #[allow(clippy::too_many_arguments)]
    fn record(
        &mut self,
        global: bool,
        region: u32,
        offset: u64,
        size: u64,
        thread: u32,
        site: Site,
        kind: AccessKind,
    ) {
        let Some(end) = offset.checked_add(size) else {
            return;
        };
        let limit = if global {
            MAX_GLOBAL_CHECKED
        } else {
            MAX_SHARED_BYTES
        };
        if !self.enabled || end > limit {
            return;
        }
        let r = region as usize;
        let shadows = if global {
            &mut self.globals
        } else {
            &mut self.shadows
        };
        if shadows.len() <= r {
            shadows.resize(r + 1, Vec::new());
        }
        let shadow = &mut shadows[r];
        if shadow.len() < end as usize {
            shadow.resize(
                end as usize,
                Cell {
                    written: 0,
                    writer: NO_ACCESS,
                    readers: [NO_ACCESS; 2],
                },
            );
        }
        self.time = self.time.wrapping_add(1);
        let time = self.time;
        if global && kind == AccessKind::Atomic {
            // Release (after a fence) and acquire through this word.
            let word = (region, offset);
            if self.fenced.get(thread as usize) == Some(&true) {
                let list = self.releases.entry(word).or_default();
                match list.last_mut() {
                    Some(last) if last.0 == self.serial => last.1 = time,
                    _ => list.push((self.serial, time)),
                }
            }
            if !self.acquired.contains(&word) {
                self.acquired.push(word);
            }
        }
        let warp = thread as usize / WARP_SIZE;
        let me = Access {
            thread,
            serial: self.serial,
            block_idx: self.block_idx,
            epoch: self.epoch,
            wepoch: self.warp_epochs.get(warp).copied().unwrap_or(0),
            site,
            atomic: kind == AccessKind::Atomic,
            time,
            clock: self.mbar.clock.get(thread as usize).copied().unwrap_or(0),
        };
        let (epoch, serial) = (self.epoch, self.serial);
        let warp_epochs = &self.warp_epochs;
        let (releases, acquired) = (&self.releases, &self.acquired);
        // Whether this thread saw `a` through an mbarrier phase.
        let seen = self.mbar.seen.get(thread as usize);
        let through_mbarrier = |a: &Access| {
            a.serial == serial
                && seen.is_some_and(|v| v.get(a.thread as usize).is_some_and(|&c| c >= a.clock))
        };
        // Whether this block acquired a release of `a`'s block made after `a`.
        let released = |a: &Access| {
            acquired.iter().any(|w| {
                releases.get(w).is_some_and(|list| {
                    list.binary_search_by_key(&a.serial, |r| r.0)
                        .is_ok_and(|i| list[i].1 >= a.time)
                })
            })
        };
        // Whether an earlier access by another thread is unordered with this one.
        // Global memory outlives a block: any access by another block is
        // unordered with this one unless released to this block.
        let unordered = |a: &Access| {
            a.thread != NONE
                && ((global && a.serial != serial && !released(a))
                    || (a.thread != thread
                        && a.epoch == epoch
                        && !(a.thread as usize / WARP_SIZE == warp
                            && warp_epochs.get(warp).copied().unwrap_or(0) != a.wepoch)
                        && !through_mbarrier(a)))
        };
        // A reader slot that may be forgotten: empty, this thread's, or
        // ordered before this access.
        let stale = |a: &Access| {
            a.thread == NONE
                || (a.serial == serial && (a.epoch != epoch || a.thread == thread))
                || (!global && a.epoch != epoch)
        };
        let race = if global {
            FindingKind::GlobalRace
        } else {
            FindingKind::SharedRace
        };
        let mut found: Option<(FindingKind, Option<RawOther>)> = None;
        for cell in &mut shadow[offset as usize..end as usize] {
            if found.is_none() {
                if !global && kind != AccessKind::Write && cell.written != serial {
                    found = Some((FindingKind::UninitializedShared, None));
                }
                if unordered(&cell.writer) && !(me.atomic && cell.writer.atomic) {
                    let k = if cell.writer.atomic {
                        AccessKind::Atomic
                    } else {
                        AccessKind::Write
                    };
                    let w = &cell.writer;
                    found = Some((race, Some((w.block_idx, w.thread, k, w.site))));
                } else if kind != AccessKind::Read {
                    if let Some(r) = cell.readers.iter().find(|r| unordered(r)) {
                        found = Some((
                            race,
                            Some((r.block_idx, r.thread, AccessKind::Read, r.site)),
                        ));
                    }
                }
            }
            if kind == AccessKind::Read {
                let [r0, r1] = &mut cell.readers;
                if stale(r0) {
                    *r0 = me;
                } else if stale(r1) {
                    *r1 = me;
                }
            } else {
                cell.written = serial;
                cell.writer = me;
            }
        }
        if let Some((fk, other)) = found {
            self.push(Raw {
                kind: fk,
                site,
                block_idx: self.block_idx,
                thread,
                access: kind,
                size,
                offset,
                region,
                other,
                detail: String::new(),
            });
        }
    }

    /// The findings, their sites turned into lines by `line`.
    pub fn findings(&self, line: &dyn Fn(Site) -> Option<u32>) -> Vec<Finding> {
        let tid = |linear: u32| {
            let [bx, by, _] = self.block;
            [linear % bx, linear / bx % by, linear / (bx * by)]
        };
        self.raw
            .iter()
            .map(|r| Finding {
                kind: r.kind,
                line: line(r.site),
                block_idx: r.block_idx,
                thread_idx: tid(r.thread),
                access: r.access,
                size: r.size,
                offset: r.offset,
                region: r.region,
                other: r.other.map(|(b, t, a, s)| Other {
                    block_idx: b,
                    thread_idx: tid(t),
                    access: a,
                    line: line(s),
                }),
                detail: r.detail.clone(),
            })
            .collect()
    }
}
