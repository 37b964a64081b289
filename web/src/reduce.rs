//! The Run panel's Reduce (`ptxlab_sim::reduce`, as `ptxlab reduce`): the
//! worker shrinks the source and the launch while bisect's verdict on them
//! stays (the same pass run, or the backend, changes the result), or while
//! our PTX's result differs from the pasted PTX's; progress goes to the
//! page after candidates, and the answer is the reduced source and launch,
//! which the page puts in the editor (undoable). Browser-free, tested
//! natively.

use crate::launch::{LaunchRequest, LaunchSettings};
use ptxlab_sim::reduce::{self, args_text, dim_text, Property, ReduceError, Reducer};
use serde::{Deserialize, Serialize};

/// Candidates one Reduce tests at most (the page's bound on its time).
pub const MAX_TESTS: usize = 3000;

/// Worker → page, while reducing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReduceProgress {
    pub seq: u64,
    pub tests: usize,
    pub kept: usize,
    /// Code lines now.
    pub lines: usize,
    pub pass: String,
}

/// Worker → page: the reduced source and launch, or why not.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReduceResponse {
    pub seq: u64,
    /// The property kept, in words.
    pub property: String,
    /// `None` when the reduction could not start (`error` says why).
    pub source: Option<String>,
    pub settings: Option<LaunchSettings>,
    pub lines_before: usize,
    pub lines_after: usize,
    pub tests: usize,
    pub micros: u64,
    pub error: Option<String>,
}

/// What the worker does with a Reduce request; `progress` after each
/// candidate tested.
pub fn reduce(req: &LaunchRequest, mut progress: impl FnMut(ReduceProgress)) -> ReduceResponse {
    let mut response = ReduceResponse {
        seq: req.seq,
        property: String::new(),
        source: None,
        settings: None,
        lines_before: reduce::edits::line_count(&req.source),
        lines_after: 0,
        tests: 0,
        micros: 0,
        error: None,
    };
    let fail = |mut r: ReduceResponse, e: String| {
        r.error = Some(e);
        r
    };
    let setup = match crate::launch::checked_setup(req) {
        Ok(s) => s,
        Err(e) => return fail(response, e),
    };
    // The pasted PTX, when there is one and the launch runs it; else
    // bisect's verdict.
    let files = crate::protocol::file_map(&req.files);
    let property = if req.settings.ptx.trim().is_empty() {
        Property::from_bisect(&req.name, &req.source, &files, &req.options, &setup)
    } else {
        Ok(Property::DiffersFromPtx(req.settings.ptx.clone()))
    };
    let property = match property {
        Ok(p) => p,
        Err(e) => return fail(response, format!("nothing to keep: {e}")),
    };
    response.property = property.describe(&req.options);
    let mut r = match Reducer::new(
        &req.name,
        &req.source,
        &files,
        &req.options,
        &setup,
        property,
    ) {
        Ok(r) => r,
        Err(ReduceError::NotInteresting(why)) => return fail(response, why),
    };
    r.max_tests = Some(MAX_TESTS);
    let seq = req.seq;
    let out = reduce::reduce(r, |p| {
        progress(ReduceProgress {
            seq,
            tests: p.tests,
            kept: p.kept,
            lines: p.lines,
            pass: p.pass.to_string(),
        })
    });
    let s = &out.case.setup;
    response.settings = Some(LaunchSettings {
        grid: dim_text(s.grid),
        block: dim_text(s.block),
        args: args_text(&s.args),
        ..req.settings.clone()
    });
    response.source = Some(out.case.source);
    response.lines_after = out.lines_after;
    response.tests = out.tests;
    response.micros = out.micros;
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::examples;

    #[test]
    fn the_reduce_example_shrinks_and_keeps_its_bug() {
        let e = examples::EXAMPLES
            .iter()
            .find(|e| e.id == "lab-reduce")
            .expect("the example");
        let options = ptxlab_core::Options {
            inject_bugs: vec![examples::lab_bug(e.id).unwrap().to_string()],
            ..ptxlab_core::Options::default()
        };
        let req = LaunchRequest {
            seq: 7,
            name: "kernel.cu".into(),
            source: e.source.to_string(),
            files: Vec::new(),
            options,
            settings: LaunchSettings::from_example(e),
            pass_runs: None,
        };
        let mut seen = 0;
        let r = reduce(&req, |p| {
            assert_eq!(p.seq, 7);
            seen += 1;
        });
        assert_eq!(r.error, None);
        let source = r.source.unwrap();
        assert!(source.lines().count() <= 15, "{source}");
        assert!(seen > 10 && r.lines_before >= 50);
        assert!(
            r.property.contains("(instcombine) changes the result"),
            "{}",
            r.property
        );
        // Bisect on the reduced source and launch names instcombine still.
        let again = LaunchRequest {
            source,
            settings: r.settings.unwrap(),
            ..req
        };
        let b = crate::launch::bisect(&again, |_, _, _| {});
        assert_eq!(b.change.map(|c| c.pass), Some("instcombine".to_string()));
    }

    #[test]
    fn a_correct_kernel_has_nothing_to_reduce() {
        let e = examples::EXAMPLES.iter().find(|e| e.id == "saxpy").unwrap();
        let req = LaunchRequest {
            seq: 1,
            name: "kernel.cu".into(),
            source: e.source.to_string(),
            files: Vec::new(),
            options: ptxlab_core::Options::default(),
            settings: LaunchSettings::from_example(e),
            pass_runs: None,
        };
        let r = reduce(&req, |_| {});
        assert!(r.source.is_none());
        assert!(r.error.unwrap().contains("no pass run"));
    }
}
