//! The test-case reducer (`ptxlab reduce`, the page's Reduce, difftest's
//! mismatches), C-Reduce's approach on CUDA source: passes of candidate
//! edits ([`edits`]: delete statements ddmin's way, top level and nested;
//! replace control statements by their bodies; simplify expressions;
//! remove parameters with their arguments; shrink integer constants) and
//! of the launch (grid, block, buffer lengths, scalar arguments), each
//! candidate kept when the [`Property`] still holds, repeated until no pass
//! changes anything. Deterministic: passes and candidates go in a fixed
//! order and nothing depends on time.
//!
//! Every property first asks that the candidate compiles and that its
//! launch on the IR before any pass runs without failing and without
//! undefined behaviour (C-Reduce's classic trap: reducing a miscompile into
//! a kernel a pass may legitimately change). Candidates are tested one per
//! [`Reducer::step`], so a caller reports progress between them.

pub mod edits;

use crate::bisect::{self, run_ir, run_ptx, Culprit, Fingerprint, LaunchSetup};
use crate::spec::{ArgSpec, BufferInit};
use ptxlab_core::ir::verify::verify_module;
use ptxlab_core::{opt, FileProvider, Options, Stepper};
use std::collections::HashMap;
use web_time::Instant;

/// A caller's own test of a candidate (`ptxas rejects`, difftest's
/// oracle): the source and launch, after the common checks.
pub type Test<'a> = Box<dyn FnMut(&str, &LaunchSetup) -> bool + 'a>;

/// What a reduced program must still show.
pub enum Property<'a> {
    /// Bisect's verdict: pass run `n` (1-based) changes the result: the
    /// launch before any pass and after run `n - 1` agree, after run `n`
    /// differs.
    PassRun(usize),
    /// The backend: every IR run agrees with the launch before any pass,
    /// our PTX in the emulator does not.
    Backend,
    /// The verifier fails after a run of this pass.
    Verifier(opt::Pass),
    /// Our PTX's result differs from this PTX's (for example nvcc's for the
    /// original source), while the launch before any pass still gives the
    /// original's result (so the given PTX still means the same).
    DiffersFromPtx(String),
    /// The caller's test.
    Custom(Test<'a>),
}

impl Property<'_> {
    /// Its name in words, for progress and reports.
    pub fn describe(&self, opts: &Options) -> String {
        match self {
            Property::PassRun(n) => {
                let name = opt::pipeline::passes(opts.opt_level)
                    .get(n.wrapping_sub(1))
                    .map_or("?", |p| p.name());
                format!("pass run {n} ({name}) changes the result")
            }
            Property::Backend => "our PTX's result differs from every IR run's".into(),
            Property::Verifier(p) => format!("the verifier fails after {}", p.name()),
            Property::DiffersFromPtx(_) => "the result differs from the given PTX's".into(),
            Property::Custom(_) => "the caller's test".into(),
        }
    }

    /// Bisect's verdict on the original (the pass run or the backend that
    /// changes its result) as a property; `Err` says why there is none.
    pub fn from_bisect(
        name: &str,
        source: &str,
        files: &dyn FileProvider,
        opts: &Options,
        setup: &LaunchSetup,
    ) -> Result<Property<'static>, String> {
        let b =
            bisect::bisect(name, source, files, opts, setup, true, |_, _, _| {}).map_err(|e| {
                match e {
                    bisect::BisectError::Compile(d) => d
                        .iter()
                        .find(|d| d.is_error())
                        .map_or("the source does not compile".into(), |d| d.to_string()),
                    bisect::BisectError::Setup(s) => s,
                }
            })?;
        if let Some(u) = b.undefined.first() {
            return Err(format!("the kernel has undefined behaviour ({u})"));
        }
        match b.culprit {
            Some(Culprit::PassRun { pass_run, .. }) => Ok(Property::PassRun(pass_run)),
            Some(Culprit::Backend { .. }) => Ok(Property::Backend),
            None => Err("no pass run or backend stage changes the result".into()),
        }
    }
}

/// A candidate: a source and its launch.
#[derive(Clone, Debug)]
pub struct Case {
    pub source: String,
    pub setup: LaunchSetup,
}

impl PartialEq for Case {
    fn eq(&self, other: &Case) -> bool {
        self.source == other.source && launch_key(&self.setup) == launch_key(&other.setup)
    }
}

/// Progress after a candidate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The pass whose candidate was tested.
    pub pass: &'static str,
    /// Candidates tested (cached repeats not counted), and kept.
    pub tests: usize,
    pub kept: usize,
    /// Lines with code, now.
    pub lines: usize,
    /// Rounds over every pass so far (1-based).
    pub round: usize,
}

/// The passes, in order.
const PASSES: &[&str] = &[
    "launch",
    "delete",
    "unwrap",
    "params",
    "simplify",
    "constants",
    "tidy",
];

/// Why a reduction cannot start.
#[derive(Debug)]
pub enum ReduceError {
    /// The original does not have the property (why).
    NotInteresting(String),
}

/// The reducer: the case so far, and where it is in its passes.
pub struct Reducer<'a> {
    name: String,
    files: &'a dyn FileProvider,
    opts: Options,
    property: Property<'a>,
    /// The original's launch result before any pass (`DiffersFromPtx`).
    reference: Option<Fingerprint>,
    /// The given PTX's result (`DiffersFromPtx`).
    ptx_print: Option<Fingerprint>,
    /// The most steps a candidate's launch may take (a few times the
    /// original's: a candidate that loops forever fails fast).
    max_steps: u64,
    pub case: Case,
    cache: HashMap<String, bool>,
    pass: usize,
    index: usize,
    candidates: Option<Vec<Case>>,
    round: usize,
    changed_in_round: bool,
    tests: usize,
    kept: usize,
    /// The most candidates tested, then it stops (`None`: no limit).
    pub max_tests: Option<usize>,
    /// Whether the launch shrinks too (off when the property's launch is
    /// fixed elsewhere, as difftest's is).
    pub shrink_launch: bool,
    start: Instant,
}

/// A finished reduction.
#[derive(Clone, Debug)]
pub struct Reduced {
    pub case: Case,
    pub tests: usize,
    pub kept: usize,
    pub rounds: usize,
    pub micros: u64,
    /// Code lines before and after.
    pub lines_before: usize,
    pub lines_after: usize,
}

impl<'a> Reducer<'a> {
    /// A reducer of `source` (the file `name`) under `opts` with the launch
    /// `setup`, keeping `property`; `Err` when the original lacks it.
    pub fn new(
        name: &str,
        source: &str,
        files: &'a dyn FileProvider,
        opts: &Options,
        setup: &LaunchSetup,
        property: Property<'a>,
    ) -> Result<Reducer<'a>, ReduceError> {
        let mut r = Reducer {
            name: name.to_string(),
            files,
            opts: opts.clone(),
            property,
            reference: None,
            ptx_print: None,
            max_steps: setup.config.max_steps,
            case: Case {
                source: source.to_string(),
                setup: setup.clone(),
            },
            cache: HashMap::new(),
            pass: 0,
            index: 0,
            candidates: None,
            round: 1,
            changed_in_round: false,
            tests: 0,
            kept: 0,
            max_tests: None,
            shrink_launch: true,
            start: Instant::now(),
        };
        // The original's launch: its result and how long it runs.
        let stepper = Stepper::new(name, source, files, opts).map_err(|d| {
            ReduceError::NotInteresting(
                d.iter()
                    .find(|d| d.is_error())
                    .map_or("the source does not compile".into(), |d| d.to_string()),
            )
        })?;
        let ran = run_ir(stepper.module(), setup).map_err(ReduceError::NotInteresting)?;
        match &ran.result {
            Err(e) => {
                return Err(ReduceError::NotInteresting(format!(
                    "the launch fails before any pass: {e}"
                )))
            }
            Ok(stats) => {
                r.max_steps = setup
                    .config
                    .max_steps
                    .min(stats.steps.saturating_mul(8).max(200_000));
            }
        }
        if let Some(u) = ran.undefined().first() {
            return Err(ReduceError::NotInteresting(format!(
                "the kernel has undefined behaviour ({u})"
            )));
        }
        r.reference = Some(ran.fingerprint());
        if let Property::DiffersFromPtx(ptx) = &r.property {
            let given = run_ptx(ptx, setup).map_err(|e| {
                ReduceError::NotInteresting(format!("the given PTX does not run: {e}"))
            })?;
            r.ptx_print = Some(given.fingerprint());
        }
        let original = r.case.clone();
        if !r.holds(&original) {
            let what = r.property.describe(&r.opts);
            return Err(ReduceError::NotInteresting(format!(
                "the original does not have the property ({what})"
            )));
        }
        Ok(r)
    }

    /// Whether `case` has the property (the common checks first).
    fn holds(&mut self, case: &Case) -> bool {
        let mut setup = case.setup.clone();
        setup.config.max_steps = self.max_steps;
        let Ok(mut s) = Stepper::new(&self.name, &case.source, self.files, &self.opts) else {
            return false;
        };
        // Falling off the end of a non-void function is undefined too (its
        // value is `undef`, which optimization may pick): never kept.
        if s.warnings()
            .iter()
            .any(|d| d.message.starts_with("missing return statement"))
        {
            return false;
        }
        let Ok(base) = run_ir(s.module(), &setup) else {
            return false;
        };
        if base.result.is_err() || !base.undefined().is_empty() {
            return false;
        }
        let base = base.fingerprint();
        let same = |s: &Stepper, base: &Fingerprint| {
            run_ir(s.module(), &setup).is_ok_and(|r| r.fingerprint().same(base))
        };
        match &mut self.property {
            Property::PassRun(n) => {
                let n = *n;
                if n == 0 || n > s.total() {
                    return false;
                }
                s.run_to(n - 1);
                if n > 1 && !same(&s, &base) {
                    return false;
                }
                match s.step() {
                    Some(run) if run.changed => !same(&s, &base),
                    _ => false,
                }
            }
            Property::Backend => {
                let total = s.total();
                s.run_to(total);
                if !same(&s, &base) {
                    return false;
                }
                let o = Options {
                    snapshots: false,
                    ..self.opts.clone()
                };
                let c = ptxlab_core::compile(&self.name, &case.source, self.files, &o);
                let Some(ptx) = c.ptx else {
                    return false;
                };
                run_ptx(&ptx, &setup).is_ok_and(|r| !r.fingerprint().same(&base))
            }
            Property::Verifier(pass) => {
                let pass = *pass;
                while let Some(run) = s.step() {
                    if run.pass == pass && !verify_module(s.module()).is_empty() {
                        return true;
                    }
                }
                false
            }
            Property::DiffersFromPtx(_) => {
                if !self.reference.as_ref().is_some_and(|r| r.same(&base)) {
                    return false;
                }
                let o = Options {
                    snapshots: false,
                    ..self.opts.clone()
                };
                let c = ptxlab_core::compile(&self.name, &case.source, self.files, &o);
                let Some(ptx) = c.ptx else {
                    return false;
                };
                let given = self.ptx_print.as_ref();
                run_ptx(&ptx, &setup).is_ok_and(|r| {
                    r.result.is_ok() && given.is_some_and(|g| !r.fingerprint().same(g))
                })
            }
            Property::Custom(test) => test(&case.source, &setup),
        }
    }

    /// The candidates of pass `p` from the current case.
    fn candidates(&self, p: &str) -> Vec<Case> {
        let with_source = |sources: Vec<String>| {
            sources
                .into_iter()
                .map(|source| Case {
                    source,
                    setup: self.case.setup.clone(),
                })
                .collect()
        };
        let text = &self.case.source;
        match p {
            "launch" if !self.shrink_launch => Vec::new(),
            "launch" => launch_candidates(&self.case.setup)
                .into_iter()
                .map(|setup| Case {
                    source: text.clone(),
                    setup,
                })
                .collect(),
            "delete" => with_source(edits::deletions(text)),
            "unwrap" => with_source(edits::unwraps(text)),
            "simplify" => with_source(edits::simplifications(text)),
            "constants" => with_source(edits::constants(text)),
            "params" => {
                let kernel = crate::spec::source_name(self.case.setup.kernel.trim()).to_string();
                edits::parameter_removals(text)
                    .into_iter()
                    .filter_map(|(f, k, source)| {
                        let mut setup = self.case.setup.clone();
                        if f == kernel && !self.shrink_launch {
                            return None;
                        }
                        if f == kernel {
                            if k >= setup.args.len() {
                                return None;
                            }
                            setup.args.remove(k);
                        }
                        Some(Case { source, setup })
                    })
                    .collect()
            }
            _ => with_source(vec![edits::tidy(text)]),
        }
    }

    /// Tests the next candidate; `None` when the reduction is done (no pass
    /// changed anything in a whole round, or the test limit is reached).
    pub fn step(&mut self) -> Option<Progress> {
        loop {
            if self.max_tests.is_some_and(|m| self.tests >= m) {
                return None;
            }
            let pass = PASSES[self.pass];
            if self.candidates.is_none() {
                self.candidates = Some(self.candidates(pass));
            }
            let list = self.candidates.as_ref().expect("made above");
            let Some(case) = list.get(self.index).cloned() else {
                // The pass is done; the next, or a new round.
                self.candidates = None;
                self.index = 0;
                self.pass += 1;
                if self.pass == PASSES.len() {
                    if !self.changed_in_round {
                        return None;
                    }
                    self.pass = 0;
                    self.round += 1;
                    self.changed_in_round = false;
                }
                continue;
            };
            if case == self.case {
                self.index += 1;
                continue;
            }
            let key = format!("{:?}\u{0}{}", launch_key(&case.setup), case.source);
            let good = match self.cache.get(&key) {
                Some(&g) => g,
                None => {
                    let g = self.holds(&case);
                    self.cache.insert(key, g);
                    self.tests += 1;
                    g
                }
            };
            if good {
                self.case = case;
                self.kept += 1;
                self.changed_in_round = true;
                // The candidates of the new case; the one now at this index
                // is next (C-Reduce's way: a deletion moved the rest up).
                self.candidates = None;
            } else {
                self.index += 1;
            }
            return Some(Progress {
                pass,
                tests: self.tests,
                kept: self.kept,
                lines: edits::line_count(&self.case.source),
                round: self.round,
            });
        }
    }

    /// The result so far.
    pub fn finish(self, lines_before: usize) -> Reduced {
        Reduced {
            lines_after: edits::line_count(&self.case.source),
            case: self.case,
            tests: self.tests,
            kept: self.kept,
            rounds: self.round,
            micros: self.start.elapsed().as_micros() as u64,
            lines_before,
        }
    }
}

fn launch_key(s: &LaunchSetup) -> String {
    format!("{:?}{:?}{}{:?}", s.grid, s.block, s.shared, s.args)
}

/// Smaller launches: each grid and block dimension to 1 and halved, each
/// buffer (and all together) halved, each integer scalar to 0, 1, halved.
fn launch_candidates(s: &LaunchSetup) -> Vec<LaunchSetup> {
    let mut out = Vec::new();
    let mut push = |f: &dyn Fn(&mut LaunchSetup)| {
        let mut c = s.clone();
        f(&mut c);
        out.push(c);
    };
    for d in 0..3 {
        if s.grid[d] > 1 {
            push(&|c| c.grid[d] = 1);
            push(&|c| c.grid[d] /= 2);
        }
        if s.block[d] > 1 {
            push(&|c| c.block[d] = 1);
            push(&|c| c.block[d] /= 2);
        }
    }
    let halve = |a: &mut ArgSpec| {
        if let ArgSpec::Buffer { len, init, .. } = a {
            if *len > 1 {
                *len /= 2;
                if let BufferInit::List(items) = init {
                    items.truncate(*len);
                }
            }
        }
    };
    push(&|c| c.args.iter_mut().for_each(halve));
    for k in 0..s.args.len() {
        match &s.args[k] {
            ArgSpec::Buffer { len, .. } if *len > 1 => push(&|c| halve(&mut c.args[k])),
            ArgSpec::Scalar(t) => {
                if let Ok(v) = t.trim().parse::<i64>() {
                    for w in [0, 1, v / 2] {
                        if w.unsigned_abs() < v.unsigned_abs() {
                            push(&|c| c.args[k] = ArgSpec::Scalar(w.to_string()));
                        }
                    }
                }
            }
            _ => {}
        }
    }
    out
}

/// A launch's arguments as `--args` writes them.
pub fn args_text(args: &[ArgSpec]) -> String {
    args.iter()
        .map(|a| match a {
            ArgSpec::Scalar(t) => t.clone(),
            ArgSpec::Buffer { ty, len, init } => {
                let init = match init {
                    BufferInit::Zeros => String::new(),
                    BufferInit::Ones => ":ones".into(),
                    BufferInit::Iota => ":iota".into(),
                    BufferInit::Rand(s) => format!(":rand:{s}"),
                    BufferInit::List(items) => format!(":[{}]", items.join(",")),
                };
                format!("{}[{len}]{init}", ty.name())
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// A dimension as `--grid`/`--block` write it (`4`, `4,2`, `4,2,2`).
pub fn dim_text(d: [u32; 3]) -> String {
    match d {
        [x, 1, 1] => x.to_string(),
        [x, y, 1] => format!("{x},{y}"),
        [x, y, z] => format!("{x},{y},{z}"),
    }
}

/// Reduces to the end, `progress` after each candidate.
pub fn reduce(mut reducer: Reducer, mut progress: impl FnMut(&Progress)) -> Reduced {
    let before = edits::line_count(&reducer.case.source);
    while let Some(p) = reducer.step() {
        progress(&p);
    }
    reducer.finish(before)
}
