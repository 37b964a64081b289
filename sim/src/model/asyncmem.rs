//! Asynchronous copies (`cp.async`) and memory barriers (`mbarrier`), as
//! both front ends run them.
//!
//! A copy reads its source when it is issued and writes its destination
//! only when a `cp.async.wait_group`/`wait_all` of its thread completes its
//! group (or when the thread exits): a program that reads the destination
//! before waiting sees the old bytes, as it may on a GPU, rather than
//! silently passing.
//!
//! An mbarrier is the 8 bytes of shared memory it lives in, holding our own
//! encoding of its state: the arrivals still pending in the current phase
//! (bits 0-20), the arrivals each phase expects (bits 21-41) and the phase's
//! number (bits 42-63). `mbarrier.arrive` returns a token that holds the
//! phase it arrived in; `test_wait`/`try_wait` with that token succeed once
//! the phase has completed. A thread whose wait cannot succeed yet stops
//! ([`super::sched::State::AtMbarrier`]) and tries again after the others
//! ran; when no thread can move, the launch fails as a deadlock. More
//! arrivals than a phase expects, or an arrival on a barrier never
//! initialized, fail at once.

use super::value::Fault;
use super::ErrorKind;

/// One issued copy: where its bytes go, and the group it belongs to.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PendingCopy {
    /// The destination (an encoded shared pointer).
    pub dst: u64,
    /// The bytes read at issue (zeros past the source size).
    pub bytes: Vec<u8>,
    group: u32,
}

/// A thread's copies not yet complete.
#[derive(Clone, Debug, Default)]
pub(crate) struct AsyncCopies {
    pending: Vec<PendingCopy>,
    /// `cp.async.commit_group`s so far: the group of the next copy.
    committed: u32,
}

/// The most copies one thread may have in flight.
const MAX_PENDING: usize = 1 << 16;

impl AsyncCopies {
    pub fn clear(&mut self) {
        self.pending.clear();
        self.committed = 0;
    }

    /// `cp.async`: a copy of `bytes` to `dst`, in the open group.
    pub fn issue(&mut self, dst: u64, bytes: Vec<u8>) -> Result<(), Fault> {
        if self.pending.len() >= MAX_PENDING {
            return Err((
                ErrorKind::Unsupported,
                format!("more than {MAX_PENDING} asynchronous copies in flight in one thread (no cp.async.wait_group?)"),
            ));
        }
        self.pending.push(PendingCopy {
            dst,
            bytes,
            group: self.committed,
        });
        Ok(())
    }

    /// `cp.async.commit_group`: the open group is closed.
    pub fn commit(&mut self) {
        self.committed = self.committed.wrapping_add(1);
    }

    /// `cp.async.wait_group n`: the copies of every committed group but the
    /// newest `n` complete; they are returned, oldest first, to be written.
    pub fn wait(&mut self, n: u32) -> Vec<PendingCopy> {
        let limit = self.committed.saturating_sub(n);
        let (done, rest) = std::mem::take(&mut self.pending)
            .into_iter()
            .partition(|c| c.group < limit);
        self.pending = rest;
        done
    }

    /// Every copy, committed or not (the thread's exit).
    pub fn drain(&mut self) -> Vec<PendingCopy> {
        self.committed = 0;
        std::mem::take(&mut self.pending)
    }
}

const COUNT_BITS: u32 = 21;
const COUNT_MASK: u64 = (1 << COUNT_BITS) - 1;
const PHASE_SHIFT: u32 = 2 * COUNT_BITS;
/// The largest count `mbarrier.init` takes (2^20 - 1).
const MAX_COUNT: u64 = (1 << 20) - 1;

fn pending(s: u64) -> u64 {
    s & COUNT_MASK
}

fn expected(s: u64) -> u64 {
    (s >> COUNT_BITS) & COUNT_MASK
}

fn phase(s: u64) -> u64 {
    s >> PHASE_SHIFT
}

fn state(pending: u64, expected: u64, phase: u64) -> u64 {
    (phase << PHASE_SHIFT) | (expected << COUNT_BITS) | pending
}

/// `mbarrier.init [bar], count`: the new state.
pub(crate) fn init(count: u64) -> Result<u64, Fault> {
    if count == 0 || count > MAX_COUNT {
        return Err((
            ErrorKind::Unsupported,
            format!("mbarrier.init with a count of {count} (it must be 1 to {MAX_COUNT})"),
        ));
    }
    Ok(state(count, count, 0))
}

/// How a thread arrives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arrive {
    /// `mbarrier.arrive`: `count` arrivals (1 unless `.noComplete`/a count).
    Plain,
    /// `mbarrier.arrive_drop`: this arrival, and one fewer expected in every
    /// later phase.
    Drop,
}

/// An arrival of `count` on the barrier in state `s`: the new state and the
/// token (the phase arrived in, and the arrivals then still pending).
pub(crate) fn arrive(s: u64, count: u64, how: Arrive) -> Result<(u64, u64), Fault> {
    let (p, e, ph) = (pending(s), expected(s), phase(s));
    if e == 0 {
        return Err((
            ErrorKind::Unsupported,
            "mbarrier arrival on a barrier that was never initialized (mbarrier.init) or was invalidated".into(),
        ));
    }
    if count > p {
        return Err((
            ErrorKind::DivergentBarrier,
            format!("mbarrier arrival of {count} when the phase has {p} arrivals left of {e} (more threads arrive than the barrier was initialized for)"),
        ));
    }
    let e = if how == Arrive::Drop { e - 1 } else { e };
    let left = p - count;
    let token = state(left, 0, ph);
    let next = if left == 0 {
        state(e, e, (ph + 1) & ((1 << (64 - PHASE_SHIFT)) - 1))
    } else {
        state(left, e, ph)
    };
    Ok((next, token))
}

/// `mbarrier.test_wait`/`try_wait`: whether the phase the token arrived in
/// has completed.
pub(crate) fn phase_done(s: u64, token: u64) -> bool {
    phase(s) != phase(token)
}

/// `mbarrier.test_wait.parity`/`try_wait.parity`: whether the phase of
/// this parity has completed (the current phase, or the one before it, has
/// that parity: it completed when the current one has the other).
pub(crate) fn parity_done(s: u64, parity: u64) -> bool {
    phase(s) & 1 != parity & 1
}

/// `mbarrier.pending_count` of a token.
pub(crate) fn pending_count(token: u64) -> u64 {
    pending(token)
}

/// An asynchronous-copy or memory-barrier instruction, as both front ends
/// decode it; its operands, in order, are listed with each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AsyncOp {
    /// `cp.async.{ca,cg}.shared.global` of this many bytes: destination,
    /// source, source size.
    Copy(u32),
    /// `cp.async.commit_group`.
    Commit,
    /// `cp.async.wait_group`: the count.
    WaitGroup,
    /// `cp.async.wait_all`.
    WaitAll,
    /// `cp.async.mbarrier.arrive{.noinc}`: the barrier.
    ///
    /// `true`: `.noinc`, the copies' completion is one of the phase's
    /// expected arrivals; `false`: the pending count is raised by one first,
    /// so that the completion only holds the phase until the copies land.
    CopyArrive(bool),
    /// `mbarrier.init`: the barrier, the count.
    Init,
    /// `mbarrier.inval`: the barrier.
    Inval,
    /// `mbarrier.arrive`/`arrive_drop` (result: the token): the barrier.
    Arrive(Arrive),
    /// `mbarrier.arrive.noComplete` (result: the token): the barrier, the count.
    ArriveCount,
    /// `mbarrier.test_wait`/`try_wait` (result: 1): the barrier, the token.
    Wait,
    /// `mbarrier.test_wait.parity`/`try_wait.parity` (result: 1): the
    /// barrier, the phase's parity.
    WaitParity,
    /// `mbarrier.pending_count` (result): the token.
    PendingCount,
}

impl AsyncOp {
    /// The op of a PTX instruction (`cp` or `mbarrier` and its modifiers),
    /// with the number of operands it takes.
    pub fn from_ptx(base: &str, mods: &[&str], operands: usize) -> Option<AsyncOp> {
        let has = |m: &str| mods.contains(&m);
        match base {
            "cp" if has("async") => Some(if has("commit_group") {
                AsyncOp::Commit
            } else if has("wait_group") {
                AsyncOp::WaitGroup
            } else if has("wait_all") {
                AsyncOp::WaitAll
            } else if has("mbarrier") {
                AsyncOp::CopyArrive(has("noinc"))
            } else {
                // The size is an operand: decoded by the front end.
                AsyncOp::Copy(0)
            }),
            "mbarrier" => Some(if has("init") {
                AsyncOp::Init
            } else if has("inval") {
                AsyncOp::Inval
            } else if has("arrive_drop") {
                AsyncOp::Arrive(Arrive::Drop)
            } else if has("arrive") && operands == 3 {
                AsyncOp::ArriveCount
            } else if has("arrive") {
                AsyncOp::Arrive(Arrive::Plain)
            } else if (has("test_wait") || has("try_wait")) && has("parity") {
                AsyncOp::WaitParity
            } else if has("test_wait") || has("try_wait") {
                AsyncOp::Wait
            } else if has("pending_count") {
                AsyncOp::PendingCount
            } else {
                return None;
            }),
            _ => None,
        }
    }
}

/// The memory a front end gives these instructions: shared addresses as
/// the instruction names them, and the global source of a copy.
pub(crate) trait AsyncMem {
    fn read_global(&mut self, addr: u64, size: u64) -> Result<Vec<u8>, Fault>;
    fn read_shared(&mut self, addr: u64, size: u64) -> Result<Vec<u8>, Fault>;
    /// Writes a copy's bytes (`record`: as an access the race checks see)
    /// or a barrier's state (not one: its updates are atomic).
    fn write_shared(&mut self, addr: u64, bytes: &[u8], record: bool) -> Result<(), Fault>;
    /// A phase of a barrier expecting `expected` arrivals completed.
    fn phase_completed(&mut self, expected: u64);
    /// The thread arrived on the barrier at `bar` in phase `phase`
    /// (`completes`: its arrival completed it), for the race checks.
    fn arrived(&mut self, bar: u64, phase: u64, completes: bool);
    /// The thread's wait on the barrier at `bar` saw the last phase of
    /// parity `parity` complete, for the race checks.
    fn acquired(&mut self, bar: u64, parity: u64);
}

/// What an instruction did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Done, with its result if it has one.
    Done(Option<u64>),
    /// A wait whose phase has not completed: the thread stops here and
    /// runs the instruction again later.
    Blocked,
}

/// Writes copies that completed.
fn complete(copies: Vec<PendingCopy>, m: &mut impl AsyncMem) -> Result<(), Fault> {
    for c in copies {
        m.write_shared(c.dst, &c.bytes, true)?;
    }
    Ok(())
}

/// The barrier's state at `bar`, through `f`, written back.
fn update<T>(
    m: &mut impl AsyncMem,
    bar: u64,
    f: impl FnOnce(u64) -> Result<(u64, T), Fault>,
) -> Result<T, Fault> {
    let old = super::memory::read_le(&m.read_shared(bar, 8)?);
    let (s, r) = f(old)?;
    let mut b = [0u8; 8];
    super::memory::write_le(&mut b, s);
    m.write_shared(bar, &b, false)?;
    if expected(old) != 0 && phase(s) != phase(old) {
        m.phase_completed(expected(old));
    }
    Ok(r)
}

/// An arrival of `count` on the barrier at `bar`: its token.
fn arrive_at(m: &mut impl AsyncMem, bar: u64, count: u64, how: Arrive) -> Result<u64, Fault> {
    let (old, token) = update(m, bar, |s| {
        let (next, token) = arrive(s, count, how)?;
        Ok((next, (s, token)))
    })?;
    m.arrived(bar, phase(old), pending(token) == 0);
    Ok(token)
}

/// Runs `op` with operands `a` in a thread whose copies are `copies`.
pub(crate) fn exec(
    op: AsyncOp,
    a: [u64; 3],
    copies: &mut AsyncCopies,
    m: &mut impl AsyncMem,
) -> Result<Outcome, Fault> {
    let done = |v: Option<u64>| Ok(Outcome::Done(v));
    match op {
        AsyncOp::Copy(size) => {
            let (size, src_size) = (u64::from(size), a[2]);
            if !matches!(size, 4 | 8 | 16) || src_size > size {
                return Err((
                    ErrorKind::Unsupported,
                    format!("cp.async of {size} bytes with a source size of {src_size} (4, 8 or 16 bytes, and a source size at most that)"),
                ));
            }
            if !a[0].is_multiple_of(size) || !a[1].is_multiple_of(size) {
                return Err((
                    ErrorKind::Misaligned,
                    format!("cp.async of {size} bytes between addresses {:#x} and {:#x}, not both aligned to {size}", a[0], a[1]),
                ));
            }
            let mut bytes = if src_size == size {
                m.read_global(a[1], size)?
            } else {
                // A partial source: byte by byte (its size need not align).
                let mut b = Vec::new();
                for k in 0..src_size {
                    b.extend(m.read_global(a[1] + k, 1)?);
                }
                b
            };
            bytes.resize(size as usize, 0);
            copies.issue(a[0], bytes)?;
            done(None)
        }
        AsyncOp::Commit => {
            copies.commit();
            done(None)
        }
        AsyncOp::WaitGroup => {
            complete(copies.wait(a[0].min(u64::from(u32::MAX)) as u32), m)?;
            done(None)
        }
        AsyncOp::WaitAll => {
            copies.commit();
            complete(copies.wait(0), m)?;
            done(None)
        }
        AsyncOp::CopyArrive(noinc) => {
            // The copies land now (before any later wait can see the phase
            // complete); without `.noinc` the raise and the arrival cancel.
            complete(copies.drain(), m)?;
            if noinc {
                arrive_at(m, a[0], 1, Arrive::Plain)?;
            }
            done(None)
        }
        AsyncOp::Init => {
            let s = init(a[1])?;
            update(m, a[0], |_| Ok((s, ())))?;
            done(None)
        }
        AsyncOp::Inval => {
            update(m, a[0], |_| Ok((0, ())))?;
            done(None)
        }
        AsyncOp::Arrive(how) => done(Some(arrive_at(m, a[0], 1, how)?)),
        AsyncOp::ArriveCount => done(Some(arrive_at(m, a[0], a[1], Arrive::Plain)?)),
        AsyncOp::Wait | AsyncOp::WaitParity => {
            let s = super::memory::read_le(&m.read_shared(a[0], 8)?);
            if expected(s) == 0 {
                return Err((
                    ErrorKind::Unsupported,
                    "mbarrier wait on a barrier that was never initialized (mbarrier.init) or was invalidated".into(),
                ));
            }
            let (done_, parity) = if op == AsyncOp::Wait {
                (phase_done(s, a[1]), phase(a[1]))
            } else {
                (parity_done(s, a[1]), a[1])
            };
            if done_ {
                m.acquired(a[0], parity);
                done(Some(1))
            } else {
                Ok(Outcome::Blocked)
            }
        }
        AsyncOp::PendingCount => done(Some(pending_count(a[0]))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phase_completes_when_every_expected_thread_arrived() {
        let s = init(2).unwrap();
        let (s, t0) = arrive(s, 1, Arrive::Plain).unwrap();
        assert!(!phase_done(s, t0));
        assert_eq!(pending_count(t0), 1);
        let (s, t1) = arrive(s, 1, Arrive::Plain).unwrap();
        assert!(phase_done(s, t0) && phase_done(s, t1));
        // The next phase expects two again; a drop makes later phases expect one.
        let (s, _) = arrive(s, 1, Arrive::Drop).unwrap();
        let (s, t) = arrive(s, 1, Arrive::Plain).unwrap();
        assert!(phase_done(s, t));
        let (s, t) = arrive(s, 1, Arrive::Plain).unwrap();
        assert!(phase_done(s, t));
        assert!(arrive(0, 1, Arrive::Plain).is_err());
        assert!(arrive(init(1).unwrap(), 2, Arrive::Plain).is_err());
        assert!(init(0).is_err());
    }

    #[test]
    fn wait_group_completes_all_but_the_newest_groups() {
        let mut c = AsyncCopies::default();
        c.issue(1, vec![1]).unwrap();
        c.commit();
        c.issue(2, vec![2]).unwrap();
        c.commit();
        c.issue(3, vec![3]).unwrap();
        assert_eq!(c.wait(1).iter().map(|p| p.dst).collect::<Vec<_>>(), [1]);
        assert!(c.wait(1).is_empty());
        assert_eq!(c.wait(0).iter().map(|p| p.dst).collect::<Vec<_>>(), [2]);
        assert_eq!(c.drain().iter().map(|p| p.dst).collect::<Vec<_>>(), [3]);
    }
}
