//! Cooperative launches (`cudaLaunchCooperativeKernel`, [`Config::cooperative`]):
//! every block of the grid is resident at once, so that a grid-wide barrier
//! (`cooperative_groups::this_grid().sync()`, which spins on a counter in
//! the driver's grid workspace) can be met. The blocks take turns: each runs
//! as in an ordinary launch (`sched::run_block`) until it ends or one of its
//! threads has run its quantum of instructions ([`State::Yielded`]), then the
//! next block runs; a yielded thread goes on from where it stopped at its
//! block's next turn. The grid workspace is a global buffer whose address
//! `%envreg1/2` give. A grid larger than the model's GPU holds at once (one
//! SM, `%nsmid` 1, with CUDA's per-SM limits of the target: threads, blocks
//! and shared memory) fails to launch, as the CUDA call does. The checks for
//! undefined behaviour that does not stop a run are off: they follow one
//! block at a time.

use super::check::Checker;
use super::sched::{finish, run_block, Front, State};
use super::{Config, InterpError, Launch, Stats};

/// Instructions a thread runs before the next thread, or block, has its turn.
const QUANTUM: u64 = 2000;

/// What one SM of compute capability `sm` holds at once (CUDA's table of
/// compute capabilities): threads, blocks, and bytes of shared memory.
fn sm_limits(sm: u32) -> (u64, u64, u64) {
    const K: u64 = 1024;
    match sm {
        0..=75 => (1024, 16, 64 * K),
        80 | 87 => (2048, 32, 164 * K),
        86 | 88 => (1536, 16, 100 * K),
        89 => (1536, 24, 100 * K),
        120.. => (1536, 32, 100 * K),
        _ => (2048, 32, 228 * K),
    }
}

/// Whether `blocks` blocks of `threads` threads, each using `shared` bytes
/// of shared memory, fit the model's GPU at once on `arch`: else the
/// launch's error, saying which limit the grid passes.
fn check_co_resident(
    arch: &str,
    blocks: u64,
    threads: u64,
    shared: u64,
) -> Result<(), InterpError> {
    let sm = ptxlab_core::target::find(arch).map_or(80, |t| t.sm);
    let (max_threads, max_blocks, max_shared) = sm_limits(sm);
    let per_threads = max_threads / threads;
    let per_shared = max_shared.checked_div(shared).unwrap_or(u64::MAX);
    let fit = max_blocks.min(per_threads).min(per_shared);
    if blocks <= fit {
        return Ok(());
    }
    let why = if fit == max_blocks {
        format!("an SM of {arch} holds at most {max_blocks} blocks")
    } else if fit == per_threads {
        format!("an SM of {arch} holds {max_threads} threads, {per_threads} blocks of {threads}")
    } else {
        format!(
            "an SM of {arch} has {max_shared} bytes of shared memory, {per_shared} blocks of {shared}"
        )
    };
    Err(InterpError::launch(format!(
        "a cooperative launch of {blocks} blocks is too large: all blocks must be resident at once, and the model's GPU (one SM) holds {fit} ({why}); cudaLaunchCooperativeKernel would fail with cudaErrorCooperativeLaunchTooLarge"
    )))
}

/// One block between its turns.
struct Parked<F: Front> {
    threads: Vec<F::Thread>,
    state: F::Block,
}

/// Runs a cooperative launch: every block started, then turns until all end.
pub(crate) fn run<F: Front>(
    f: &mut F,
    launch: &Launch,
    cfg: &Config,
) -> Result<Stats, InterpError> {
    let [bx, by, bz] = launch.block;
    let nthreads = (bx * by * bz) as usize;
    let [gx, gy, gz] = launch.grid;
    let nblocks = u64::from(gx) * u64::from(gy) * u64::from(gz);
    check_co_resident(
        &cfg.options.arch,
        nblocks,
        nthreads as u64,
        f.block_shared_bytes(),
    )?;
    *f.checker() = Checker::new(false, launch.block);
    // The workspace as the driver lays it out: its size in bytes, then the
    // grid barrier's arrival counter.
    let mut ws = 16u32.to_le_bytes().to_vec();
    ws.resize(16, 0);
    let ws_id = super::memory::BufferId(super::memory::Ptr::decode(f.alloc_workspace(ws)).region);
    let mut blocks: Vec<Option<Parked<F>>> = Vec::with_capacity(nblocks as usize);
    for z in 0..gz {
        for y in 0..gy {
            for x in 0..gx {
                f.start_block([x, y, z]);
                let mut threads: Vec<F::Thread> = (0..nthreads).map(|_| f.new_thread()).collect();
                super::sched::start_threads(f, &mut threads, launch.block);
                let state = f.save_block();
                blocks.push(Some(Parked { threads, state }));
            }
        }
    }
    f.set_quantum(QUANTUM);
    let mut stats = Stats::default();
    let mut live = blocks.len();
    let mut stalled = 0;
    while live > 0 {
        let counter = arrivals(f, ws_id);
        // Whether every block that runs this round spends it on the grid
        // barrier's counter, which no block changes.
        let mut all_poll = true;
        let live_before = live;
        for slot in blocks.iter_mut() {
            let Some(mut b) = slot.take() else {
                continue;
            };
            f.memory().take_touches();
            f.restore_block(b.state);
            for t in b.threads.iter_mut() {
                let l = F::lane_mut(t);
                if l.state == State::Yielded {
                    l.state = State::Running;
                }
            }
            match run_block(f, &mut b.threads, &mut stats.barriers) {
                Ok(true) => {
                    live -= 1;
                    stats.blocks += 1;
                    stats.threads += nthreads as u64;
                }
                Ok(false) => {
                    all_poll &= f.memory().take_touches() > 0;
                    *slot = Some(Parked {
                        threads: b.threads,
                        state: f.save_block(),
                    })
                }
                Err(mut e) => {
                    e.output = String::from_utf8_lossy(f.output()).into_owned();
                    return Err(e);
                }
            }
        }
        stalled = if live == live_before && all_poll && arrivals(f, ws_id) == counter {
            stalled + 1
        } else {
            0
        };
        if stalled >= 2 {
            return Err(grid_deadlock(f, &blocks, launch.grid));
        }
    }
    finish(f, stats)
}

/// The grid barrier's arrival counter (the workspace's second word).
fn arrivals<F: Front>(f: &mut F, ws: super::memory::BufferId) -> u32 {
    let b = f.memory().bytes(ws);
    b.get(4..8)
        .map_or(0, |w| u32::from_le_bytes([w[0], w[1], w[2], w[3]]))
}

/// The error of a grid whose live blocks all wait at the grid barrier
/// (`grid.sync()`) for two rounds in which no block arrived: the blocks
/// that ended never reach it, so none can go on.
fn grid_deadlock<F: Front>(f: &F, blocks: &[Option<Parked<F>>], grid: [u32; 3]) -> InterpError {
    let index = |k: usize| {
        let k = k as u32;
        let (gx, gy) = (grid[0], grid[1]);
        let (x, y, z) = (k % gx, k / gx % gy, k / (gx * gy));
        if grid[1] == 1 && grid[2] == 1 {
            format!("{x}")
        } else {
            format!("({x},{y},{z})")
        }
    };
    let list = |waiting: bool| {
        let names: Vec<String> = blocks
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_some() == waiting)
            .map(|(k, _)| index(k))
            .collect();
        let shown = names.len().min(16);
        let more = names.len() - shown;
        let mut s = names[..shown].join(", ");
        if more > 0 {
            s += &format!(" and {more} more");
        }
        (names.len(), s)
    };
    let (n_wait, waiting) = list(true);
    let (n_done, done) = list(false);
    let ended = if n_done == 0 {
        String::new()
    } else {
        format!(
            "; {} {done} ended without reaching it",
            if n_done == 1 { "block" } else { "blocks" }
        )
    };
    let mut e = InterpError {
        kind: super::ErrorKind::DivergentBarrier,
        message: format!(
            "deadlock: {} {waiting} wait at the grid-wide barrier (grid.sync()), which cannot complete{ended}",
            if n_wait == 1 { "block" } else { "blocks" }
        ),
        at: None,
        output: String::new(),
    };
    e.output = String::from_utf8_lossy(f.output()).into_owned();
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn co_residency_follows_the_targets_sm() {
        assert!(check_co_resident("sm_80", 16, 128, 0).is_ok());
        assert!(check_co_resident("sm_80", 32, 64, 4096).is_ok());
        // 2048 threads an SM: 8 blocks of 256, 9 do not fit.
        assert!(check_co_resident("sm_80", 8, 256, 0).is_ok());
        let e = check_co_resident("sm_80", 9, 256, 0).unwrap_err();
        assert!(e.message.contains("holds 8"), "{}", e.message);
        // sm_75: 1024 threads.
        assert!(check_co_resident("sm_75", 5, 256, 0).is_err());
        // Blocks and shared memory.
        let e = check_co_resident("sm_90", 33, 32, 0).unwrap_err();
        assert!(e.message.contains("at most 32 blocks"), "{}", e.message);
        let e = check_co_resident("sm_80", 4, 32, 48 * 1024).unwrap_err();
        assert!(e.message.contains("shared memory"), "{}", e.message);
    }
}
