//! Peak heap of a piece of work, for the bench's memory figures: the
//! system allocator, counted while [`measure`] runs (otherwise one relaxed
//! load per call, so the timings beside it stay honest).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

pub struct Counting;

static ON: AtomicBool = AtomicBool::new(false);
static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

fn grew(by: usize) {
    let now = NOW.fetch_add(by, Relaxed) + by;
    PEAK.fetch_max(now, Relaxed);
}

/// Saturating: a block allocated before counting started may be freed.
fn shrank(by: usize) {
    let _ = NOW.fetch_update(Relaxed, Relaxed, |n| Some(n.saturating_sub(by)));
}

// SAFETY: every call is passed on to the system allocator unchanged.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        if ON.load(Relaxed) {
            grew(l.size());
        }
        unsafe { System.alloc(l) }
    }

    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        if ON.load(Relaxed) {
            shrank(l.size());
        }
        unsafe { System.dealloc(p, l) }
    }

    unsafe fn realloc(&self, p: *mut u8, l: Layout, size: usize) -> *mut u8 {
        if ON.load(Relaxed) {
            if size > l.size() {
                grew(size - l.size());
            } else {
                shrank(l.size() - size);
            }
        }
        unsafe { System.realloc(p, l, size) }
    }
}

/// Runs `f` (on one thread, nothing else allocating) and returns its result
/// and the most bytes it held allocated at once.
pub fn measure<R>(f: impl FnOnce() -> R) -> (R, usize) {
    NOW.store(0, Relaxed);
    PEAK.store(0, Relaxed);
    ON.store(true, Relaxed);
    let r = f();
    ON.store(false, Relaxed);
    (r, PEAK.load(Relaxed))
}
