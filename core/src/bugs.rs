//! The miscompile lab: deliberately wrong rewrites in real passes, off by
//! default, each switched on by name (`--inject-bug NAME`,
//! [`Options::inject_bugs`], the page's options bar), so a learner can
//! watch bisection find the pass run and the one rewrite that breaks a
//! result. Each bug sits at one rewrite of its pass, behind [`Bug::on`];
//! the page's examples (`web/src/examples.rs`) have a launch that exposes
//! each one.

use crate::options::Options;

/// An injectable bug. The table [`BUGS`] names and describes each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bug {
    /// instcombine folds `0 - x` (a negation) to `x`: the sign is lost.
    InstcombineSign,
    /// licm hoists a load out of a loop that has a `__syncthreads()`,
    /// above the barrier that orders it after other threads' stores.
    LicmBarrier,
    /// Full unrolling feeds a value used after the loop from the
    /// next-to-last copy of the body instead of the last.
    UnrollPhi,
    /// dse deletes a store that a later load of the same block reads.
    DseDrop,
    /// gvn forwards a stored value to a load across another store to the
    /// same memory.
    GvnClobber,
    /// layout (backend) turns `@p bra next; bra other` into `@p bra other`
    /// (falling through to `next`) without negating the predicate: the two
    /// ways swap.
    LayoutInvert,
    /// isel marks a load `ld.global.nc` (the read-only cache) from a
    /// `__restrict__` kernel pointer that the kernel also stores through.
    IselNc,
}

/// One row of the lab: the bug, its name (`--inject-bug NAME`), the stage
/// that makes it, and what it does wrong, for learners.
pub struct BugInfo {
    pub bug: Bug,
    pub name: &'static str,
    pub stage: &'static str,
    pub description: &'static str,
}

/// Every injectable bug.
pub const BUGS: &[BugInfo] = &[
    BugInfo {
        bug: Bug::InstcombineSign,
        name: "instcombine-sign",
        stage: "instcombine",
        description: "instcombine folds a negation `0 - x` to `x`: the sign is lost",
    },
    BugInfo {
        bug: Bug::LicmBarrier,
        name: "licm-barrier",
        stage: "licm",
        description: "licm hoists a shared-memory load out of a loop above its __syncthreads()",
    },
    BugInfo {
        bug: Bug::UnrollPhi,
        name: "unroll-phi",
        stage: "loop-unroll",
        description:
            "full unrolling takes the value live after the loop from the next-to-last iteration",
    },
    BugInfo {
        bug: Bug::DseDrop,
        name: "dse-drop",
        stage: "dse",
        description: "dse deletes a store that a later load in the same block reads",
    },
    BugInfo {
        bug: Bug::GvnClobber,
        name: "gvn-clobber",
        stage: "gvn",
        description:
            "gvn forwards a stored value to a load across another store to the same address",
    },
    BugInfo {
        bug: Bug::LayoutInvert,
        name: "layout-invert",
        stage: "layout",
        description:
            "layout makes a branch fall through without negating its predicate: the two ways swap",
    },
    BugInfo {
        bug: Bug::IselNc,
        name: "isel-nc",
        stage: "isel",
        description:
            "isel loads through the read-only cache (ld.global.nc) from a buffer the kernel stores to",
    },
];

impl Bug {
    pub fn info(self) -> &'static BugInfo {
        BUGS.iter()
            .find(|b| b.bug == self)
            .expect("every bug has a row")
    }

    pub fn name(self) -> &'static str {
        self.info().name
    }

    /// The bug named `name` (`--inject-bug`).
    pub fn from_name(name: &str) -> Option<Bug> {
        BUGS.iter().find(|b| b.name == name).map(|b| b.bug)
    }

    /// Whether `opts` switches this bug on.
    pub fn on(self, opts: &Options) -> bool {
        !opts.inject_bugs.is_empty() && opts.inject_bugs.iter().any(|n| n == self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for b in BUGS {
            assert_eq!(Bug::from_name(b.name), Some(b.bug));
            assert_eq!(b.bug.name(), b.name);
            assert!(!b.bug.on(&Options::default()));
        }
        let opts = Options {
            inject_bugs: vec!["dse-drop".into()],
            ..Options::default()
        };
        assert!(Bug::DseDrop.on(&opts) && !Bug::GvnClobber.on(&opts));
        assert!(BUGS.len() >= 6);
    }
}
