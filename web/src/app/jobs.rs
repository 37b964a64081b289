//! The app's traffic with the compiler's worker: compiles (one in flight,
//! the newest source waiting), the Run panel's launches and bisections,
//! their time limits, and restarting the worker when it hangs or dies.

use super::{marks, App, Msg, COMPILE_LIMIT_MS};
use crate::launch::{self, Job, LaunchRequest};
use crate::protocol::{CompileRequest, CompileResponse, FromWorker, ToWorker, SOURCE_NAME};
use crate::share::View;
use crate::ui::dom::now_ms;
use crate::ui::ptx_pane::Load;
use crate::ui::run_panel::RunShown;
use crate::ui::status_bar::Notice;
use crate::worker_client::{WorkerClient, WorkerEvent};
use gloo_timers::callback::Timeout;
use std::rc::Rc;
use yew::prelude::*;

impl App {
    pub(super) fn start_worker(&mut self, ctx: &Context<Self>) {
        self.worker_gen += 1;
        let generation = self.worker_gen;
        let link = ctx.link().clone();
        self.load = Load::Loading(0.0, 0.0);
        match WorkerClient::spawn(move |event| link.send_message(Msg::Worker(generation, event))) {
            Ok(worker) => self.worker = Some(worker),
            Err(e) => {
                self.worker = None;
                self.load = Load::Failed(e);
            }
        }
    }

    /// Stops the worker (a compile too long, a crash) and starts a new one; the
    /// page keeps its state, and a source edited meanwhile is compiled.
    fn restart_worker(&mut self, ctx: &Context<Self>, why: String) {
        self.limit_timer = None;
        // Dropping the client terminates the worker.
        self.worker = None;
        if self.runs.runner.in_flight().is_some() {
            self.runs
                .show(RunShown::Stopped(why.clone()), self.shown_seq);
        }
        self.runs.progress = None;
        let compile_held = self.runs.runner.abandon();
        self.notice = Some(Notice::Error(why));
        self.start_worker(ctx);
        if let Some(seq) = self.scheduler.abandon() {
            self.send(ctx, seq);
        } else if compile_held {
            self.compile_now(ctx);
        }
    }

    pub(super) fn compile_timed_out(&mut self, ctx: &Context<Self>, seq: u64) -> bool {
        if self.scheduler.in_flight() != Some(seq) {
            return false;
        }
        self.restart_worker(
            ctx,
            format!(
                "The compile took longer than {} s: stopped it and restarted the compiler. Edit the source to try again.",
                COMPILE_LIMIT_MS / 1000
            ),
        );
        true
    }

    pub(super) fn launch_timed_out(&mut self, ctx: &Context<Self>, seq: u64) -> bool {
        let Some((_, job)) = self.runs.runner.in_flight().filter(|(s, _)| *s == seq) else {
            return false;
        };
        let what = match job {
            Job::Launch => "The run",
            Job::Bisect => "A launch of the bisection",
            Job::Reduce => "A step of the reduction",
        };
        self.restart_worker(
            ctx,
            format!(
                "{what} took longer than {} s: stopped it and restarted the compiler.",
                COMPILE_LIMIT_MS / 1000
            ),
        );
        true
    }

    pub(super) fn worker_event(&mut self, ctx: &Context<Self>, event: WorkerEvent) -> bool {
        let message = match event {
            WorkerEvent::Died(why) => {
                self.restart_worker(
                    ctx,
                    format!("The compiler's worker died ({why}); restarted it. Edit the source to try again."),
                );
                return true;
            }
            WorkerEvent::Message(m) => m,
        };
        match message {
            FromWorker::Progress { loaded, total } => {
                self.load = Load::Loading(loaded, total);
            }
            FromWorker::Ready => {
                self.load = Load::Ready;
                if let Some(seq) = self.scheduler.in_flight() {
                    self.arm_limit(ctx, seq);
                }
                if let Some((seq, _)) = self.runs.runner.in_flight() {
                    self.arm_launch_limit(ctx, seq);
                }
            }
            FromWorker::Failed { message } => {
                self.scheduler.abandon();
                self.runs.runner.abandon();
                self.runs.progress = None;
                self.worker = None;
                self.load = Load::Failed(message);
            }
            FromWorker::Panicked { message } => {
                self.restart_worker(
                    ctx,
                    format!("The compiler crashed ({message}); restarted it. Edit the source to try again."),
                );
            }
            FromWorker::Compiled(response) => {
                self.limit_timer = None;
                let arrival = self.scheduler.arrived(response.seq);
                if arrival.show {
                    self.show(response);
                }
                if let Some(seq) = arrival.send {
                    self.send(ctx, seq);
                } else if !self.scheduler.busy() {
                    self.after_compiles(ctx);
                }
            }
            FromWorker::Launched(response) => {
                let Some(compile) = self.runs.runner.finished(response.seq) else {
                    return false;
                };
                self.limit_timer = None;
                self.runs
                    .show(RunShown::Launch(Box::new(response.outcome)), self.shown_seq);
                self.runs.measure = true;
                if compile {
                    self.compile_now(ctx);
                }
            }
            FromWorker::Bisecting(p) => {
                if self.runs.runner.in_flight().map(|(s, _)| s) != Some(p.seq) {
                    return false;
                }
                self.runs.progress = Some((p.done, p.total, p.pass));
                // The worker is alive: each step gets the full time limit.
                self.arm_launch_limit(ctx, p.seq);
            }
            FromWorker::Reducing(p) => return self.reduce_progress(ctx, p),
            FromWorker::Reduced(r) => return self.reduced(ctx, *r),
            FromWorker::Bisected(response) => {
                let Some(compile) = self.runs.runner.finished(response.seq) else {
                    return false;
                };
                self.limit_timer = None;
                self.runs.progress = None;
                if let Some(change) = &response.change {
                    // Show the pass run that changed the result, as a diff.
                    self.state.run = Some(change.stage);
                    self.state.view = View::Diff;
                    if !self.state.filter.is_empty()
                        && !change.pass.contains(self.state.filter.trim())
                    {
                        self.state.filter.clear();
                    }
                    self.scroll_pending = true;
                }
                self.runs.show(RunShown::Bisect(response), self.shown_seq);
                self.runs.measure = true;
                self.changed_view();
                if compile {
                    self.compile_now(ctx);
                }
            }
        }
        true
    }

    /// No compile is in flight any more: send the launch that waited for
    /// it, or the one a link or an example asked for.
    fn after_compiles(&mut self, ctx: &Context<Self>) {
        if std::mem::take(&mut self.runs.auto_launch) {
            self.runs.runner.ask(Job::Launch, true);
        }
        if let Some((seq, job)) = self.runs.runner.compiled() {
            self.send_job(ctx, seq, job);
        }
    }

    /// The Run panel's Run or bisect button.
    pub(super) fn ask_launch(&mut self, ctx: &Context<Self>, job: Job) {
        // An edit still in its debounce is compiled first.
        if self.debounce.take().is_some() {
            self.compile_now(ctx);
        }
        let compiling = self.scheduler.busy() || self.compilation.is_none();
        if let Some(seq) = self.runs.runner.ask(job, compiling) {
            self.send_job(ctx, seq, job);
        }
    }

    fn send_job(&mut self, ctx: &Context<Self>, seq: u64, job: Job) {
        let settings = launch::resolve(&self.state.launch, &self.kernels);
        if self.state.launch.args.trim().is_empty() && !settings.args.is_empty() {
            // The suggested arguments: shown, so the user can edit them.
            self.state.launch.args = settings.args.clone();
            self.url_dirty = true;
        }
        let pass_runs = self
            .compilation
            .as_deref()
            .and_then(|c| self.selected_run().and_then(|r| c.pass_runs_at(r)));
        let request = LaunchRequest {
            seq,
            name: SOURCE_NAME.to_string(),
            source: self.state.source.clone(),
            files: self.state.files.clone(),
            options: self.state.options.clone(),
            settings,
            pass_runs,
        };
        let message = match job {
            Job::Launch => ToWorker::Launch(request),
            Job::Bisect => {
                self.runs.progress = Some((0, 0, String::new()));
                ToWorker::Bisect(request)
            }
            Job::Reduce => {
                self.reduce.progress = None;
                ToWorker::Reduce(request)
            }
        };
        self.runs.sent_at = now_ms();
        match &self.worker {
            Some(worker) => worker.send(&message),
            None => {
                self.runs.runner.abandon();
                self.runs.progress = None;
                return;
            }
        }
        if matches!(self.load, Load::Ready) {
            self.arm_launch_limit(ctx, seq);
        }
    }

    pub(super) fn arm_launch_limit(&mut self, ctx: &Context<Self>, seq: u64) {
        if self.bench_runs.is_some() {
            return;
        }
        let link = ctx.link().clone();
        self.limit_timer = Some(Timeout::new(COMPILE_LIMIT_MS, move || {
            link.send_message(Msg::LaunchTimedOut(seq))
        }));
    }

    /// Asks the scheduler for a compile of the current source and options
    /// (after the launch in flight, if any).
    pub(super) fn compile_now(&mut self, ctx: &Context<Self>) {
        if self.runs.runner.hold_compile() {
            return;
        }
        if let Some(seq) = self.scheduler.request() {
            self.send(ctx, seq);
        }
    }

    fn send(&mut self, ctx: &Context<Self>, seq: u64) {
        // Benchmark runs apply to the first compile only.
        let runs = self
            .bench_runs
            .filter(|_| self.compilation.is_none())
            .unwrap_or(1);
        let request = ToWorker::Compile(CompileRequest {
            seq,
            name: SOURCE_NAME.to_string(),
            source: self.state.source.clone(),
            files: self.state.files.clone(),
            options: self.state.options.clone(),
            runs,
        });
        self.sent_at = now_ms();
        match &self.worker {
            Some(worker) => worker.send(&request),
            None => {
                self.scheduler.abandon();
                return;
            }
        }
        if matches!(self.load, Load::Ready) {
            self.arm_limit(ctx, seq);
        }
    }

    fn arm_limit(&mut self, ctx: &Context<Self>, seq: u64) {
        if self.bench_runs.is_some() {
            return;
        }
        let link = ctx.link().clone();
        self.limit_timer = Some(Timeout::new(COMPILE_LIMIT_MS, move || {
            link.send_message(Msg::CompileTimedOut(seq))
        }));
    }

    /// Shows a compile's result: the PTX and its source lines, the editor's
    /// marks, the kernels, and what the pipeline pane derives from it.
    /// A compile with errors after a good one keeps the good one shown
    /// (dimmed, marked stale) so the selection and the panes stay put.
    fn show(&mut self, response: CompileResponse) {
        let c = response.compilation;
        if c.has_errors() && self.compilation.as_ref().is_some_and(|g| !g.has_errors()) {
            if let Some(m) = &self.editor {
                m.editor.set_diagnostics(&marks(&c, self.shown_file()));
            }
            self.bench = Some(Rc::new(response.run_micros));
            self.shown += 1;
            self.failed = Some(Rc::new(c));
            self.measure_render = true;
            return;
        }
        self.failed = None;
        self.shown_seq = response.seq;
        if self.first_ptx_ms.is_none() && c.ptx.is_some() {
            self.first_ptx_ms = Some(now_ms());
        }
        let mut ptx_src = vec![0u32; c.ptx.as_deref().map_or(0, |p| p.lines().count())];
        for entry in &c.line_map {
            if entry.file == SOURCE_NAME {
                if let Some(slot) = ptx_src.get_mut(entry.ptx_line as usize - 1) {
                    *slot = entry.source_line;
                }
            }
        }
        self.ptx_src = Rc::new(ptx_src);
        self.ptx_text = match &c.ptx {
            Some(ptx) => AttrValue::from(ptx.clone()),
            None if c.has_errors() => "// no PTX: the source has errors (listed below)\n".into(),
            None => AttrValue::default(),
        };
        if let Some(m) = &self.editor {
            m.editor.set_diagnostics(&marks(&c, self.shown_file()));
        }
        self.bench = Some(Rc::new(response.run_micros));
        if !response.kernels.is_empty() || !c.has_errors() {
            self.kernels = Rc::new(response.kernels);
        }
        self.shown += 1;
        self.compilation = Some(Rc::new(c));
        self.measure_render = true;
        self.refresh();
    }
}
