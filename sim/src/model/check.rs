//! The undefined-behaviour checks a run makes on the way (both front ends
//! call them through the same [`Checker`]): data races on shared memory
//! between barriers, and reads of shared memory no thread of the block
//! wrote. A finding does not stop the run; it goes into
//! [`Stats::undefined`](super::Stats::undefined).

use super::warp::WARP_SIZE;
use super::MAX_SHARED_BYTES;
use std::fmt;

/// What a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FindingKind {
    /// Two threads of a block touch the same shared byte, one writing, with
    /// no barrier between them (and not both atomically).
    SharedRace,
    /// A read of shared memory that no thread of the block wrote.
    UninitializedShared,
}

impl FindingKind {
    pub fn describe(self) -> &'static str {
        match self {
            FindingKind::SharedRace => "data race on shared memory",
            FindingKind::UninitializedShared => "read of uninitialized shared memory",
        }
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
    /// The bytes touched, and the offset of the first in its shared variable.
    pub size: u64,
    pub offset: u64,
    /// The shared variable (IR: its index; PTX: 0, the block's one window).
    pub region: u32,
    /// For a race: the other thread, its access and its line.
    pub other: Option<Other>,
}

/// The other side of a race.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Other {
    pub thread_idx: [u32; 3],
    pub access: AccessKind,
    pub line: Option<u32>,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [tx, ty, tz] = self.thread_idx;
        let [bx, by, bz] = self.block_idx;
        let place = if self.region == 0 {
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
                write!(f, " that thread ({ox},{oy},{oz}) {}", o.access.past())?;
                if let Some(l) = o.line {
                    write!(f, " at line {l}")?;
                }
                f.write_str(" without a barrier between")
            }
            None => f.write_str(" that no thread of the block wrote"),
        }
    }
}

/// Findings kept per kind (one per pair of sites); later ones are dropped.
pub const MAX_FINDINGS_PER_KIND: usize = 10;

/// A site: the function and op of an access.
type Site = (u32, u32);

/// The other side of a race: its thread (linear), access and site.
type RawOther = (u32, AccessKind, Site);

const NONE: u32 = u32::MAX;

/// The shadow of one shared byte.
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
    /// The barrier epoch of the access.
    epoch: u32,
    /// The warp's `__syncwarp` count at the access.
    wepoch: u32,
    site: Site,
    atomic: bool,
}

const NO_ACCESS: Access = Access {
    thread: NONE,
    epoch: NONE,
    wepoch: 0,
    site: (0, 0),
    atomic: false,
};

/// A finding before its lines and thread indices are known.
#[derive(Clone, Copy)]
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
    raw: Vec<Raw>,
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
            raw: Vec::new(),
        }
    }

    /// A new block begins: nothing of its shared memory is written.
    pub fn start_block(&mut self, block_idx: [u32; 3]) {
        self.block_idx = block_idx;
        self.serial += 1;
        self.epoch += 1;
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
        let Some(end) = offset.checked_add(size) else {
            return;
        };
        if !self.enabled || end > MAX_SHARED_BYTES {
            return;
        }
        let r = region as usize;
        if self.shadows.len() <= r {
            self.shadows.resize(r + 1, Vec::new());
        }
        let shadow = &mut self.shadows[r];
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
        let warp = thread as usize / WARP_SIZE;
        let me = Access {
            thread,
            epoch: self.epoch,
            wepoch: self.warp_epochs.get(warp).copied().unwrap_or(0),
            site,
            atomic: kind == AccessKind::Atomic,
        };
        let (epoch, serial) = (self.epoch, self.serial);
        let warp_epochs = &self.warp_epochs;
        // Whether an earlier access by another thread is unordered with this one.
        let unordered = |a: &Access| {
            a.thread != NONE
                && a.thread != thread
                && a.epoch == epoch
                && !(a.thread as usize / WARP_SIZE == warp
                    && warp_epochs.get(warp).copied().unwrap_or(0) != a.wepoch)
        };
        let mut found: Option<(FindingKind, Option<RawOther>)> = None;
        for cell in &mut shadow[offset as usize..end as usize] {
            if found.is_none() {
                if kind != AccessKind::Write && cell.written != serial {
                    found = Some((FindingKind::UninitializedShared, None));
                }
                if unordered(&cell.writer) && !(me.atomic && cell.writer.atomic) {
                    let k = if cell.writer.atomic {
                        AccessKind::Atomic
                    } else {
                        AccessKind::Write
                    };
                    found = Some((
                        FindingKind::SharedRace,
                        Some((cell.writer.thread, k, cell.writer.site)),
                    ));
                } else if kind != AccessKind::Read {
                    if let Some(r) = cell.readers.iter().find(|r| unordered(r)) {
                        found = Some((
                            FindingKind::SharedRace,
                            Some((r.thread, AccessKind::Read, r.site)),
                        ));
                    }
                }
            }
            if kind == AccessKind::Read {
                let [r0, r1] = &mut cell.readers;
                if r0.epoch != epoch || r0.thread == thread {
                    *r0 = me;
                } else if r1.epoch != epoch || r1.thread == thread {
                    *r1 = me;
                }
            } else {
                cell.written = serial;
                cell.writer = me;
            }
        }
        if let Some((fk, other)) = found {
            let same = |f: &&Raw| f.kind == fk;
            let dup = self
                .raw
                .iter()
                .filter(same)
                .any(|f| f.site == site && f.other.map(|o| o.2) == other.map(|o| o.2));
            if !dup && self.raw.iter().filter(same).count() < MAX_FINDINGS_PER_KIND {
                self.raw.push(Raw {
                    kind: fk,
                    site,
                    block_idx: self.block_idx,
                    thread,
                    access: kind,
                    size,
                    offset,
                    region,
                    other,
                });
            }
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
                other: r.other.map(|(t, a, s)| Other {
                    thread_idx: tid(t),
                    access: a,
                    line: line(s),
                }),
            })
            .collect()
    }
}
