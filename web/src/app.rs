//! The page: an options bar; three resizable panes (the source editor, the
//! pipeline with its pass list and the selected run's IR or diff, the PTX or
//! the Run panel); a status bar with the diagnostics. The app owns all state;
//! the editor (editor.rs) and the compiler's worker (worker_client.rs) report
//! to it through messages. The shareable part of the state is a [`State`], kept in
//! the URL fragment (share.rs).

use crate::diff::{self, Diff};
use crate::editor;
use crate::examples::{self, EXAMPLES};
use crate::highlight::Lang;
use crate::launch::{self, BisectResponse, Job, KernelInfo, LaunchOutcome, LaunchRequest, Runner};
use crate::pipeline::{self, Row};
use crate::protocol::{
    self, CompileRequest, CompileResponse, FromWorker, Scheduler, ToWorker, SOURCE_NAME,
};
use crate::ptx_docs;
use crate::share::{self, Layout, Pane, State, View};
use crate::views::{CodeView, DiffView};
use crate::worker_client::{WorkerClient, WorkerEvent};
use gloo_timers::callback::Timeout;
use ptxlab_core::{target, Compilation, StageKind};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

/// Wait this long after the last keystroke before compiling.
const DEBOUNCE_MS: u32 = 250;
/// A compile (or a launch, or a bisection's step) that takes longer is
/// stopped and the worker restarted.
pub const COMPILE_LIMIT_MS: u32 = 5_000;

/// Mounts the page on `#app` (or `<body>` when the page has none).
pub fn run() {
    console_error_panic_hook::set_once();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => {
            // The loading placeholder goes; Yew renders into an empty root.
            root.set_inner_html("");
            yew::Renderer::<App>::with_root(root).render()
        }
        None => yew::Renderer::<App>::new().render(),
    };
}

/// An option that is a switch.
#[derive(Clone, Copy, PartialEq)]
pub enum Flag {
    Ftz,
    PrecDiv,
    PrecSqrt,
    Fmad,
    Lineinfo,
}

/// What the pointer is over, for cross-highlighting.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Hover {
    None,
    Source(u32),
    Ptx(usize),
    Ir(usize),
}

enum Load {
    /// The compiler's wasm is downloading: bytes so far, of (0: unknown).
    Loading(f64, f64),
    Ready,
    Failed(String),
}

/// A field of the Run panel.
#[derive(Clone, Copy, PartialEq)]
pub enum LaunchField {
    Kernel,
    Grid,
    Block,
    Args,
    Shared,
}

/// What the Run panel shows below its settings.
enum RunShown {
    Launch(Box<LaunchOutcome>),
    Bisect(Box<BisectResponse>),
    /// The worker was stopped (time limit) or died during the job.
    Stopped(String),
}

#[derive(Clone, PartialEq)]
enum Notice {
    Info(String),
    Error(String),
}

pub enum Msg {
    Edit(String),
    /// Ctrl+Enter, or the debounce timer ran out: compile now.
    CompileNow,
    Worker(u32, WorkerEvent),
    CompileTimedOut(u64),
    LaunchTimedOut(u64),
    SetPane(Pane),
    LaunchEdit(LaunchField, String),
    /// Run (or bisect) the Run panel's launch.
    Launch(Job),
    Arch(String),
    OptLevel(u8),
    Flag(Flag, bool),
    DisablePass(String),
    Bisect(String),
    Example(String),
    SelectRun(usize),
    Step(isize),
    Function(String),
    Filter(String),
    HideUnchanged(bool),
    SetView(View),
    SetLayout(Layout),
    CompareA(usize),
    CompareB(usize),
    HoverSource(u32),
    HoverPtx(Option<usize>),
    HoverIr(Option<usize>),
    GoToLine(u32),
    Share,
    Copied(bool),
    DownloadPtx,
    DragStart(usize, f64),
    DragMove(f64),
    DragEnd,
    HashChanged,
}

/// A document or window event listener, kept alive with the page.
type Listener = (String, Closure<dyn Fn(web_sys::Event)>);

struct Drag {
    gutter: usize,
    x: f64,
    widths: [f64; 3],
    px: f64,
}

pub struct App {
    state: State,
    compilation: Option<Rc<Compilation>>,
    /// Per PTX line (0-based), the source line it came from (0: none).
    ptx_src: Rc<Vec<u32>>,
    ptx_text: AttrValue,
    /// The pass list's rows and the selected run's text or diff, derived
    /// from the state and the compilation by `refresh`.
    rows: Rc<Vec<Row>>,
    functions: Vec<String>,
    run_text: AttrValue,
    run_lang: Lang,
    run_diff: Option<Rc<Diff>>,
    /// Per line of `run_text`, its source line (empty: not known).
    run_src: Rc<Vec<u32>>,
    /// The IR stages' source lines for the compilation shown (`seq`).
    shown_seq: u64,
    /// The kernels of the newest compile that had any, for the Run panel.
    kernels: Rc<Vec<KernelInfo>>,
    runner: Runner,
    /// The Run panel's result and the compile (`shown_seq`) it was for.
    run_shown: Option<(RunShown, u64)>,
    /// Results the Run panel showed so far (tests wait on it).
    run_results: u32,
    /// `performance.now()` when the job in flight was sent; a result shown
    /// and not yet measured (request-to-render latency, `data-run-ms`).
    run_sent_at: f64,
    measure_run: bool,
    /// A bisection's progress: pass runs done, of, the last pass.
    bisect_progress: Option<(usize, usize, String)>,
    /// Launch once the next compile is shown (a link or an example opened
    /// with the Run panel showing).
    auto_launch: bool,
    /// Scroll the selected pass run into view after the next render.
    scroll_pending: bool,

    worker: Option<WorkerClient>,
    worker_gen: u32,
    load: Load,
    scheduler: Scheduler,
    debounce: Option<Timeout>,
    limit_timer: Option<Timeout>,
    /// `performance.now()` when the request in flight was sent.
    sent_at: f64,
    /// A result was shown and not yet measured: compile-to-render latency.
    measure_render: bool,
    latency_ms: Option<f64>,
    /// Results shown so far (tests read it from the status bar).
    shown: u32,
    first_ptx_ms: Option<f64>,
    notice: Option<Notice>,
    hover: Hover,

    editor: Option<editor::Mounted>,
    editor_ref: NodeRef,
    panes_ref: NodeRef,
    widths: [f64; 3],
    drag: Option<Drag>,
    share_link: Option<String>,
    /// The fragment last written, so our own writes are not read back.
    fragment: String,
    url_dirty: bool,
    /// `?bench=N`: compile the first source N times and show the timings.
    bench_runs: Option<u32>,
    bench: Option<Vec<u64>>,
    _listeners: Vec<Listener>,
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let bench = bench_params();
        let (mut state, notice) = match bench {
            Some((_, kernels)) => (
                State {
                    source: protocol::bench_source(kernels),
                    ..State::initial()
                },
                None,
            ),
            None => restore_from_url(),
        };
        if bench.is_none() && state.source.is_empty() {
            state = State::initial();
        }
        // A link with the Run panel showing reproduces its launch.
        let auto_launch = state.pane == Pane::Run && bench.is_none();
        let mut app = App {
            state,
            compilation: None,
            ptx_src: Rc::default(),
            ptx_text: AttrValue::default(),
            rows: Rc::default(),
            functions: Vec::new(),
            run_text: AttrValue::default(),
            run_lang: Lang::Ir,
            run_diff: None,
            run_src: Rc::default(),
            shown_seq: 0,
            kernels: Rc::default(),
            runner: Runner::default(),
            run_shown: None,
            run_results: 0,
            run_sent_at: 0.0,
            measure_run: false,
            bisect_progress: None,
            auto_launch,
            scroll_pending: false,
            worker: None,
            worker_gen: 0,
            load: Load::Loading(0.0, 0.0),
            scheduler: Scheduler::default(),
            debounce: None,
            limit_timer: None,
            sent_at: 0.0,
            measure_render: false,
            latency_ms: None,
            shown: 0,
            first_ptx_ms: None,
            notice,
            hover: Hover::None,
            editor: None,
            editor_ref: NodeRef::default(),
            panes_ref: NodeRef::default(),
            widths: [1.0, 1.9, 1.0],
            drag: None,
            share_link: None,
            fragment: current_fragment(),
            url_dirty: false,
            bench_runs: bench.map(|(runs, _)| runs),
            bench: None,
            _listeners: Vec::new(),
        };
        app.start_worker(ctx);
        app.compile_now(ctx);
        app._listeners = app.listen(ctx);
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Edit(source) => {
                self.state.source = source;
                self.state.example = None;
                let link = ctx.link().clone();
                // Replacing the timer cancels the previous one.
                self.debounce = Some(Timeout::new(DEBOUNCE_MS, move || {
                    link.send_message(Msg::CompileNow)
                }));
                // The editor already shows the text; only the status changes.
                true
            }
            Msg::CompileNow => {
                self.debounce = None;
                self.compile_now(ctx);
                self.url_dirty = true;
                true
            }
            Msg::Worker(generation, event) => {
                if generation != self.worker_gen {
                    // A worker we already stopped.
                    return false;
                }
                self.worker_event(ctx, event)
            }
            Msg::CompileTimedOut(seq) => {
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
            Msg::LaunchTimedOut(seq) => {
                let Some((_, job)) = self.runner.in_flight().filter(|(s, _)| *s == seq) else {
                    return false;
                };
                let what = match job {
                    Job::Launch => "The run",
                    Job::Bisect => "A launch of the bisection",
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
            Msg::SetPane(pane) => {
                self.state.pane = pane;
                self.url_dirty = true;
                true
            }
            Msg::LaunchEdit(field, value) => {
                let l = &mut self.state.launch;
                match field {
                    LaunchField::Kernel => l.kernel = value,
                    LaunchField::Grid => l.grid = value,
                    LaunchField::Block => l.block = value,
                    LaunchField::Args => l.args = value,
                    LaunchField::Shared => l.shared = value.trim().parse().unwrap_or(0),
                }
                self.url_dirty = true;
                true
            }
            Msg::Launch(job) => {
                if self.state.pane != Pane::Run {
                    self.state.pane = Pane::Run;
                    self.url_dirty = true;
                }
                self.ask_launch(ctx, job);
                true
            }
            Msg::Arch(arch) => self.set_option(ctx, |o| o.arch = arch),
            Msg::OptLevel(level) => self.set_option(ctx, |o| o.opt_level = level),
            Msg::Flag(flag, on) => self.set_option(ctx, |o| match flag {
                Flag::Ftz => o.ftz = on,
                Flag::PrecDiv => o.prec_div = on,
                Flag::PrecSqrt => o.prec_sqrt = on,
                Flag::Fmad => o.fmad = on,
                Flag::Lineinfo => o.lineinfo = on,
            }),
            Msg::DisablePass(name) => self.set_option(ctx, |o| {
                o.disabled_passes = if name.is_empty() { vec![] } else { vec![name] }
            }),
            Msg::Bisect(text) => {
                let limit = text.trim().parse::<usize>().ok();
                self.set_option(ctx, |o| o.opt_bisect_limit = limit)
            }
            Msg::Example(id) => {
                let Some(example) = examples::find(&id) else {
                    return false;
                };
                let options = ptxlab_core::Options {
                    ftz: example.ftz,
                    ..self.state.options.clone()
                };
                // A new source: a new run and function; the way of looking stays.
                self.state = State {
                    options,
                    pane: self.state.pane,
                    view: self.state.view,
                    layout: self.state.layout,
                    hide_unchanged: self.state.hide_unchanged,
                    filter: std::mem::take(&mut self.state.filter),
                    ..State::from_example(example)
                };
                if let Some(m) = &self.editor {
                    m.editor.set_doc(example.source);
                }
                self.notice = None;
                self.run_shown = None;
                self.auto_launch = self.state.pane == Pane::Run;
                self.compile_now(ctx);
                self.changed_view()
            }
            Msg::SelectRun(run) => {
                self.state.run = Some(run);
                self.changed_view()
            }
            Msg::Step(delta) => {
                let run = pipeline::step(&self.rows, Some(self.selected_run().unwrap_or(0)), delta);
                if run.is_none() || run == self.selected_run() {
                    return false;
                }
                self.state.run = run;
                self.changed_view();
                self.scroll_selected_into_view();
                true
            }
            Msg::Function(name) => {
                self.state.function = (!name.is_empty()).then_some(name);
                self.changed_view()
            }
            Msg::Filter(text) => {
                self.state.filter = text;
                self.changed_view()
            }
            Msg::HideUnchanged(on) => {
                self.state.hide_unchanged = on;
                self.changed_view()
            }
            Msg::SetView(view) => {
                self.state.view = view;
                if view == View::Compare && self.state.base.is_none() {
                    self.state.base = self.selected_run().map(|r| r.saturating_sub(1));
                }
                self.changed_view()
            }
            Msg::SetLayout(layout) => {
                self.state.layout = layout;
                self.changed_view()
            }
            Msg::CompareA(run) => {
                self.state.base = Some(run);
                self.changed_view()
            }
            Msg::CompareB(run) => {
                self.state.run = Some(run);
                self.changed_view()
            }
            Msg::HoverSource(line) => {
                let hover = if line == 0 {
                    Hover::None
                } else {
                    Hover::Source(line)
                };
                self.set_hover(hover)
            }
            Msg::HoverPtx(line) => self.set_hover(line.map_or(Hover::None, Hover::Ptx)),
            Msg::HoverIr(line) => self.set_hover(line.map_or(Hover::None, Hover::Ir)),
            Msg::GoToLine(line) => {
                if let Some(m) = &self.editor {
                    m.editor.go_to_line(line);
                }
                false
            }
            Msg::Share => {
                self.write_url();
                let link = page_url_without_fragment() + "#" + &self.fragment;
                self.share_link = Some(link.clone());
                let clipboard = web_sys::window().map(|w| w.navigator().clipboard());
                if let Some(clipboard) = clipboard {
                    let promise = clipboard.write_text(&link);
                    ctx.link().send_future(async move {
                        Msg::Copied(wasm_bindgen_futures::JsFuture::from(promise).await.is_ok())
                    });
                }
                true
            }
            Msg::Copied(ok) => {
                self.notice = Some(Notice::Info(if ok {
                    "Link copied: it opens this source, these options and this view.".into()
                } else {
                    "Copy the link from the box beside Share (the clipboard refused).".into()
                }));
                true
            }
            Msg::DownloadPtx => {
                if let Some(ptx) = self.compilation.as_ref().and_then(|c| c.ptx.as_ref()) {
                    download("kernel.ptx", ptx);
                }
                false
            }
            Msg::DragStart(gutter, x) => {
                let px = self
                    .panes_ref
                    .cast::<web_sys::Element>()
                    .map_or(1280.0, |e| e.client_width() as f64);
                self.drag = Some(Drag {
                    gutter,
                    x,
                    widths: self.widths,
                    px,
                });
                false
            }
            Msg::DragMove(x) => {
                let Some(d) = &self.drag else {
                    return false;
                };
                let total: f64 = d.widths.iter().sum();
                let min = 0.12 * total;
                let pair = d.widths[d.gutter] + d.widths[d.gutter + 1];
                let moved = (x - d.x) / d.px.max(1.0) * total;
                let left = (d.widths[d.gutter] + moved).clamp(min, pair - min);
                self.widths[d.gutter] = left;
                self.widths[d.gutter + 1] = pair - left;
                true
            }
            Msg::DragEnd => {
                self.drag = None;
                false
            }
            Msg::HashChanged => {
                let fragment = current_fragment();
                if fragment == self.fragment {
                    return false;
                }
                let (mut state, notice) = restore_from_url();
                if state.source.is_empty() {
                    state = State::initial();
                }
                self.fragment = fragment;
                self.state = state;
                self.notice = notice;
                self.run_shown = None;
                self.auto_launch = self.state.pane == Pane::Run;
                if let Some(m) = &self.editor {
                    m.editor.set_doc(&self.state.source);
                }
                self.compile_now(ctx);
                self.changed_view()
            }
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.mount_editor(ctx);
        }
        if std::mem::take(&mut self.measure_render) {
            self.latency_ms = Some(now_ms() - self.sent_at);
            if let Some(ms) = self.latency_ms {
                // The measurement itself must not cause another render.
                if let Some(app) =
                    gloo_document().and_then(|d| d.query_selector(".app").ok().flatten())
                {
                    let _ = app.set_attribute("data-latency-ms", &format!("{ms:.1}"));
                }
            }
        }
        if std::mem::take(&mut self.url_dirty) && self.bench_runs.is_none() {
            self.write_url();
        }
        if std::mem::take(&mut self.measure_run) {
            let ms = now_ms() - self.run_sent_at;
            if let Some(out) =
                gloo_document().and_then(|d| d.query_selector(".run-output").ok().flatten())
            {
                let _ = out.set_attribute("data-run-ms", &format!("{ms:.1}"));
            }
        }
        if std::mem::take(&mut self.scroll_pending) {
            self.scroll_selected_into_view();
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let columns = format!(
            "grid-template-columns: minmax(0, {}fr) 6px minmax(0, {}fr) 6px minmax(0, {}fr)",
            self.widths[0], self.widths[1], self.widths[2]
        );
        html! {
            <div class={classes!("app", self.drag.is_some().then_some("dragging"))}
                data-first-ptx-ms={self.first_ptx_ms.map(|ms| format!("{ms:.0}"))}>
                { self.view_linked_style() }
                { self.view_options(ctx) }
                <main class="panes" ref={self.panes_ref.clone()} style={columns}>
                    { self.view_source_pane(ctx) }
                    { self.view_gutter(ctx, 0) }
                    { self.view_pipeline_pane(ctx) }
                    { self.view_gutter(ctx, 1) }
                    { self.view_ptx_pane(ctx) }
                </main>
                { self.view_status(ctx) }
            </div>
        }
    }
}

impl App {
    // ---- the worker -------------------------------------------------------

    fn start_worker(&mut self, ctx: &Context<Self>) {
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
        if self.runner.in_flight().is_some() {
            self.run_shown = Some((RunShown::Stopped(why.clone()), self.shown_seq));
            self.run_results += 1;
        }
        self.bisect_progress = None;
        let compile_held = self.runner.abandon();
        self.notice = Some(Notice::Error(why));
        self.start_worker(ctx);
        if let Some(seq) = self.scheduler.abandon() {
            self.send(ctx, seq);
        } else if compile_held {
            self.compile_now(ctx);
        }
    }

    fn worker_event(&mut self, ctx: &Context<Self>, event: WorkerEvent) -> bool {
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
                if let Some((seq, _)) = self.runner.in_flight() {
                    self.arm_launch_limit(ctx, seq);
                }
            }
            FromWorker::Failed { message } => {
                self.scheduler.abandon();
                self.runner.abandon();
                self.bisect_progress = None;
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
                let Some(compile) = self.runner.finished(response.seq) else {
                    return false;
                };
                self.limit_timer = None;
                self.run_shown =
                    Some((RunShown::Launch(Box::new(response.outcome)), self.shown_seq));
                self.run_results += 1;
                self.measure_run = true;
                if compile {
                    self.compile_now(ctx);
                }
            }
            FromWorker::Bisecting(p) => {
                if self.runner.in_flight().map(|(s, _)| s) != Some(p.seq) {
                    return false;
                }
                self.bisect_progress = Some((p.done, p.total, p.pass));
                // The worker is alive: each step gets the full time limit.
                self.arm_launch_limit(ctx, p.seq);
            }
            FromWorker::Bisected(response) => {
                let Some(compile) = self.runner.finished(response.seq) else {
                    return false;
                };
                self.limit_timer = None;
                self.bisect_progress = None;
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
                self.run_shown = Some((RunShown::Bisect(response), self.shown_seq));
                self.run_results += 1;
                self.measure_run = true;
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
        if std::mem::take(&mut self.auto_launch) {
            self.runner.ask(Job::Launch, true);
        }
        if let Some((seq, job)) = self.runner.compiled() {
            self.send_job(ctx, seq, job);
        }
    }

    /// The Run panel's Run or bisect button.
    fn ask_launch(&mut self, ctx: &Context<Self>, job: Job) {
        // An edit still in its debounce is compiled first.
        if self.debounce.take().is_some() {
            self.compile_now(ctx);
        }
        let compiling = self.scheduler.busy() || self.compilation.is_none();
        if let Some(seq) = self.runner.ask(job, compiling) {
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
            .and_then(|c| launch::pass_runs_at(c, self.selected_run()));
        let request = LaunchRequest {
            seq,
            name: SOURCE_NAME.to_string(),
            source: self.state.source.clone(),
            options: self.state.options.clone(),
            settings,
            pass_runs,
        };
        let message = match job {
            Job::Launch => ToWorker::Launch(request),
            Job::Bisect => {
                self.bisect_progress = Some((0, 0, String::new()));
                ToWorker::Bisect(request)
            }
        };
        self.run_sent_at = now_ms();
        match &self.worker {
            Some(worker) => worker.send(&message),
            None => {
                self.runner.abandon();
                self.bisect_progress = None;
                return;
            }
        }
        if matches!(self.load, Load::Ready) {
            self.arm_launch_limit(ctx, seq);
        }
    }

    fn arm_launch_limit(&mut self, ctx: &Context<Self>, seq: u64) {
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
    fn compile_now(&mut self, ctx: &Context<Self>) {
        if self.runner.hold_compile() {
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

    fn show(&mut self, response: CompileResponse) {
        self.shown_seq = response.seq;
        let c = response.compilation;
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
            m.editor.set_diagnostics(&marks(&c));
        }
        self.bench = Some(response.run_micros);
        if !response.kernels.is_empty() || !c.has_errors() {
            self.kernels = Rc::new(response.kernels);
        }
        self.shown += 1;
        self.compilation = Some(Rc::new(c));
        self.measure_render = true;
        self.refresh();
    }

    // ---- state changes ----------------------------------------------------

    fn set_option(
        &mut self,
        ctx: &Context<Self>,
        change: impl FnOnce(&mut ptxlab_core::Options),
    ) -> bool {
        change(&mut self.state.options);
        self.compile_now(ctx);
        self.url_dirty = true;
        true
    }

    /// The view state changed: recompute what the pipeline pane shows.
    fn changed_view(&mut self) -> bool {
        self.refresh();
        self.url_dirty = true;
        true
    }

    fn selected_run(&self) -> Option<usize> {
        let c = self.compilation.as_ref()?;
        self.state
            .run
            .filter(|&r| r < c.stages.len())
            .or_else(|| pipeline::default_run(c))
    }

    fn function(&self) -> Option<&str> {
        self.state
            .function
            .as_deref()
            .filter(|f| self.functions.iter().any(|n| n == f))
    }

    /// Recomputes the pass list, the selected run's text and its diff.
    fn refresh(&mut self) {
        let Some(c) = self.compilation.clone() else {
            return;
        };
        self.functions = pipeline::functions(&c);
        let function = self.function().map(str::to_string);
        let function = function.as_deref();
        self.rows = Rc::new(pipeline::rows(
            &c,
            function,
            self.state.hide_unchanged,
            &self.state.filter,
        ));
        let Some(run) = self.selected_run() else {
            self.run_text = AttrValue::default();
            self.run_diff = None;
            return;
        };
        let stage = &c.stages[run];
        self.run_lang = if stage.kind == StageKind::Ir {
            Lang::Ir
        } else {
            Lang::Ptx
        };
        let text = pipeline::text(stage, function);
        self.run_src = match stage.kind {
            StageKind::Ptx => self.ptx_src.clone(),
            StageKind::Machine => Rc::default(),
            StageKind::Ir => Rc::new(crate::irmap::text_lines(stage, function)),
        };
        self.run_diff = match self.state.view {
            View::Ir => None,
            View::Diff => {
                let before = run
                    .checked_sub(1)
                    .map(|b| pipeline::text(&c.stages[b], function))
                    .unwrap_or_default();
                Some(Rc::new(diff::diff(&before, &text)))
            }
            View::Compare => {
                let base = self
                    .state
                    .base
                    .filter(|&b| b < c.stages.len())
                    .unwrap_or(run.saturating_sub(1));
                let before = pipeline::text(&c.stages[base], function);
                Some(Rc::new(diff::diff(&before, &text)))
            }
        };
        self.run_text = AttrValue::from(text);
    }

    fn set_hover(&mut self, hover: Hover) -> bool {
        if hover == self.hover {
            return false;
        }
        self.hover = hover;
        let linked = match hover {
            Hover::Ptx(_) | Hover::Ir(_) => self.linked_source_line(),
            _ => None,
        };
        if let Some(m) = &self.editor {
            m.editor.set_linked_lines(linked.into_iter().collect());
        }
        true
    }

    /// The source line everything linked to it is highlighted for.
    fn linked_source_line(&self) -> Option<u32> {
        match self.hover {
            Hover::Source(l) => Some(l),
            Hover::Ptx(i) => self.ptx_src.get(i).copied().filter(|&l| l > 0),
            Hover::Ir(i) if self.run_diff.is_none() => {
                self.run_src.get(i).copied().filter(|&l| l > 0)
            }
            Hover::Ir(_) | Hover::None => None,
        }
    }

    fn write_url(&mut self) {
        let fragment = share::encode(&self.state);
        if fragment == self.fragment {
            return;
        }
        if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
            let url = format!("#{fragment}");
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
        self.fragment = fragment;
    }

    fn scroll_selected_into_view(&self) {
        let item =
            gloo_document().and_then(|d| d.query_selector(".pass-item.selected").ok().flatten());
        if let Some(item) = item {
            let options = web_sys::ScrollIntoViewOptions::new();
            options.set_block(web_sys::ScrollLogicalPosition::Nearest);
            item.scroll_into_view_with_scroll_into_view_options(&options);
        }
    }

    fn mount_editor(&mut self, ctx: &Context<Self>) {
        let Some(parent) = self.editor_ref.cast::<web_sys::Element>() else {
            return;
        };
        let (edit, compile, hover) = (ctx.link().clone(), ctx.link().clone(), ctx.link().clone());
        match editor::create(
            &parent,
            &self.state.source,
            move |text| edit.send_message(Msg::Edit(text)),
            move || compile.send_message(Msg::CompileNow),
            move |line| hover.send_message(Msg::HoverSource(line)),
        ) {
            Ok(mounted) => {
                if let Some(c) = &self.compilation {
                    mounted.editor.set_diagnostics(&marks(c));
                }
                self.editor = Some(mounted);
            }
            Err(e) => {
                self.notice = Some(Notice::Error(format!("The editor did not load: {e}")));
                ctx.link().send_message(Msg::HoverSource(0));
            }
        }
    }

    /// Document-wide keys (j/k and arrows move through runs when no field has
    /// the focus; Ctrl+Shift+Enter runs the launch) and the URL fragment
    /// changing under us.
    fn listen(&self, ctx: &Context<Self>) -> Vec<Listener> {
        let Some(window) = web_sys::window() else {
            return Vec::new();
        };
        let keys = {
            let link = ctx.link().clone();
            Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
                let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
                    return;
                };
                // Ctrl+Shift+Enter runs the launch from anywhere, the editor included.
                if (e.ctrl_key() || e.meta_key()) && e.shift_key() && e.key() == "Enter" {
                    e.prevent_default();
                    link.send_message(Msg::Launch(Job::Launch));
                    return;
                }
                if e.ctrl_key() || e.meta_key() || e.alt_key() || typing_in(e.target()) {
                    return;
                }
                let delta = match e.key().as_str() {
                    "j" | "ArrowDown" => 1,
                    "k" | "ArrowUp" => -1,
                    _ => return,
                };
                e.prevent_default();
                link.send_message(Msg::Step(delta));
            })
        };
        let hash = {
            let link = ctx.link().clone();
            Closure::<dyn Fn(web_sys::Event)>::new(move |_| link.send_message(Msg::HashChanged))
        };
        let mut out = Vec::new();
        if let Some(doc) = window.document() {
            let _ = doc.add_event_listener_with_callback("keydown", keys.as_ref().unchecked_ref());
        }
        let _ =
            window.add_event_listener_with_callback("hashchange", hash.as_ref().unchecked_ref());
        out.push(("keydown".to_string(), keys));
        out.push(("hashchange".to_string(), hash));
        out
    }

    // ---- views ------------------------------------------------------------

    /// Highlights the lines of every pane that came from the linked source line.
    fn view_linked_style(&self) -> Html {
        let Some(line) = self.linked_source_line() else {
            return html! {};
        };
        let css = format!(".code-line[data-src=\"{line}\"] {{ background: var(--linked); }}");
        html! { <style>{ css }</style> }
    }

    fn view_options(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let o = &self.state.options;
        let on_arch = link.callback(|e: Event| Msg::Arch(select_value(&e)));
        let on_opt = link.callback(|e: Event| {
            Msg::OptLevel(
                select_value(&e)
                    .trim_start_matches("-O")
                    .parse()
                    .unwrap_or(3),
            )
        });
        let on_example = link.callback(|e: Event| Msg::Example(select_value(&e)));
        let on_disable = link.callback(|e: Event| Msg::DisablePass(select_value(&e)));
        let on_bisect = link.callback(|e: Event| {
            Msg::Bisect(e.target_unchecked_into::<HtmlInputElement>().value())
        });
        let flag = |flag: Flag, name: &'static str, on: bool, title: &'static str| {
            let onchange = link.callback(move |e: Event| {
                Msg::Flag(
                    flag,
                    e.target_unchecked_into::<HtmlInputElement>().checked(),
                )
            });
            html! {
                <label class="flag" {title}>
                    <input type="checkbox" checked={on} {onchange} data-testid={format!("flag{name}")} />
                    { name }
                </label>
            }
        };
        let disabled = o.disabled_passes.first().cloned().unwrap_or_default();
        let example = self.state.example.clone().unwrap_or_default();
        html! {
            <header class="bar">
                <h1 title={format!("ptxlab {}", ptxlab_core::VERSION)}>{ "ptxlab" }</h1>
                <label class="field">
                    <span>{ "example" }</span>
                    <select data-testid="examples-select" onchange={on_example}>
                        <option value="" selected={example.is_empty()} disabled=true>{ "your code" }</option>
                        { for EXAMPLES.iter().map(|e| html! {
                            <option value={e.id} selected={e.id == example} title={e.hint}>{ e.title }</option>
                        }) }
                    </select>
                </label>
                <label class="field">
                    <span>{ "-arch" }</span>
                    <select data-testid="arch-select" onchange={on_arch}>
                        { for target::names().into_iter().map(|name| html! {
                            <option value={name} selected={name == o.arch}>{ name }</option>
                        }) }
                    </select>
                </label>
                <label class="field">
                    <span class="sr-only">{ "optimization level" }</span>
                    <select data-testid="opt-select" onchange={on_opt}>
                        { for (0..=3u8).map(|level| html! {
                            <option value={format!("-O{level}")} selected={level == o.opt_level}>
                                { format!("-O{level}") }
                            </option>
                        }) }
                    </select>
                </label>
                { flag(Flag::Ftz, "-ftz", o.ftz, "flush f32 subnormals to zero (__nvvm_reflect(\"__CUDA_FTZ\") is 1)") }
                { flag(Flag::PrecDiv, "-prec-div", o.prec_div, "IEEE-rounded f32 division") }
                { flag(Flag::PrecSqrt, "-prec-sqrt", o.prec_sqrt, "IEEE-rounded f32 square root") }
                { flag(Flag::Fmad, "-fmad", o.fmad, "contract a*b+c into fma") }
                { flag(Flag::Lineinfo, "-lineinfo", o.lineinfo, ".loc lines in the PTX") }
                <label class="field" title="skip every run of this pass (--disable-pass)">
                    <span>{ "disable" }</span>
                    <select data-testid="disable-pass" onchange={on_disable}>
                        <option value="" selected={disabled.is_empty()}>{ "no pass" }</option>
                        { for self.pass_names(&disabled).into_iter().map(|(name, description)| html! {
                            <option value={name.clone()} selected={name == disabled} title={description}>{ name }</option>
                        }) }
                    </select>
                </label>
                <label class="field" title="run only the first N pass runs (-opt-bisect-limit=N); empty: all">
                    <span>{ "bisect" }</span>
                    <input type="number" min="0" class="bisect" data-testid="bisect-limit" placeholder="all"
                        value={o.opt_bisect_limit.map(|n| n.to_string()).unwrap_or_default()}
                        onchange={on_bisect} />
                </label>
                <span class="spacer"></span>
                { for self.share_link.as_ref().map(|l| html! {
                    <input class="share-link" data-testid="share-link" readonly=true value={l.clone()}
                        aria-label="link to this view" />
                }) }
                <button type="button" class="button" data-testid="share-button"
                    onclick={link.callback(|_| Msg::Share)}
                    title="copy a link that opens this source, these options and this view">{ "Share" }</button>
            </header>
        }
    }

    /// The passes the pipeline runs (from the last compile's stages; the pass
    /// table itself lives in the worker), and `disabled` if it is not one.
    fn pass_names(&self, disabled: &str) -> Vec<(String, String)> {
        let mut names: Vec<(String, String)> = Vec::new();
        for s in self.compilation.iter().flat_map(|c| c.stages.iter()) {
            let description = s.description.trim_start_matches("(skipped) ").to_string();
            if s.kind == StageKind::Ir && s.index > 1 && !names.iter().any(|(n, _)| *n == s.name) {
                names.push((s.name.clone(), description));
            }
        }
        if !disabled.is_empty() && !names.iter().any(|(n, _)| n == disabled) {
            names.push((disabled.to_string(), String::new()));
        }
        names.sort();
        names
    }

    fn view_gutter(&self, ctx: &Context<Self>, gutter: usize) -> Html {
        let link = ctx.link();
        let onpointerdown = link.callback(move |e: PointerEvent| {
            if let Some(el) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            Msg::DragStart(gutter, e.client_x() as f64)
        });
        let onpointermove = link.batch_callback(|e: PointerEvent| {
            (e.buttons() & 1 == 1).then(|| Msg::DragMove(e.client_x() as f64))
        });
        let onpointerup = link.callback(|_: PointerEvent| Msg::DragEnd);
        html! {
            <div class="gutter" role="separator" aria-orientation="vertical"
                data-testid={format!("gutter-{gutter}")}
                {onpointerdown} {onpointermove} {onpointerup}></div>
        }
    }

    fn view_source_pane(&self, _ctx: &Context<Self>) -> Html {
        html! {
            <section class="pane pane-source">
                <h2>{ "CUDA C " }<span class="file">{ SOURCE_NAME }</span>
                    <span class="hint">{ "Ctrl+Enter compiles now" }</span></h2>
                <div class="editor" data-testid="source-editor" ref={self.editor_ref.clone()}></div>
            </section>
        }
    }

    fn view_pipeline_pane(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let on_function = link.callback(|e: Event| Msg::Function(select_value(&e)));
        let on_filter = link.callback(|e: InputEvent| {
            Msg::Filter(e.target_unchecked_into::<HtmlInputElement>().value())
        });
        let on_hide = link.callback(|e: Event| {
            Msg::HideUnchanged(e.target_unchecked_into::<HtmlInputElement>().checked())
        });
        let function = self.function().unwrap_or_default().to_string();
        html! {
            <section class="pane pane-pipeline">
                <h2>{ "Pipeline" }
                    <span class="hint">{ "j/k or ↑/↓ move through runs" }</span></h2>
                <div class="pipeline-tools">
                    <select data-testid="function-select" onchange={on_function} aria-label="function">
                        <option value="" selected={function.is_empty()}>{ "all functions" }</option>
                        { for self.functions.iter().map(|f| html! {
                            <option value={f.clone()} selected={*f == function}>{ f }</option>
                        }) }
                    </select>
                    <input type="search" placeholder="filter passes" data-testid="pass-filter"
                        value={self.state.filter.clone()} oninput={on_filter} aria-label="filter passes" />
                    <label class="flag" title="collapse consecutive runs that changed nothing into one row">
                        <input type="checkbox" data-testid="hide-unchanged" checked={self.state.hide_unchanged} onchange={on_hide} />
                        { "hide unchanged" }
                    </label>
                </div>
                <div class="pipeline">
                    { self.view_pass_list(ctx) }
                    <div class="run-view">
                        { self.view_run_tools(ctx) }
                        { self.view_run(ctx) }
                    </div>
                </div>
            </section>
        }
    }

    fn view_pass_list(&self, ctx: &Context<Self>) -> Html {
        let selected = self.selected_run();
        let culprit = self.culprit();
        let c = self.compilation.as_ref();
        html! {
            <ol data-testid="pass-list" class="pass-list" tabindex="0" aria-label="pass runs">
                { for self.rows.iter().map(|row| {
                    let run = row.last;
                    let onclick = ctx.link().callback(move |_: MouseEvent| Msg::SelectRun(run));
                    let is_selected = selected.is_some_and(|s| row.contains(s));
                    let kind = c.and_then(|c| c.stages.get(row.first)).map_or("ir", |s| match s.kind {
                        StageKind::Ir => "ir",
                        StageKind::Machine => "machine",
                        StageKind::Ptx => "ptx",
                    });
                    let first_machine = kind == "machine"
                        && c.is_some_and(|c| row.first > 0 && c.stages[row.first - 1].kind == StageKind::Ir);
                    let skipped = row.description.starts_with("(skipped)");
                    let is_culprit = culprit.is_some_and(|s| row.contains(s));
                    html! {
                        <li data-testid="pass-item"
                            data-pass={row.label.clone()}
                            data-changed={row.changed.to_string()}
                            data-kind={kind}
                            data-run={row.first.to_string()}
                            data-culprit={is_culprit.then_some("true")}
                            class={classes!("pass-item",
                                is_culprit.then_some("culprit"),
                                is_selected.then_some("selected"),
                                (!row.changed).then_some("unchanged"),
                                (row.first < row.last).then_some("group"),
                                first_machine.then_some("first-machine"),
                                skipped.then_some("skipped"))}
                            title={row.description.clone()}>
                            <button type="button" {onclick} aria-pressed={is_selected.to_string()} tabindex="-1">
                                <span class="mark" aria-label={if row.changed { "changed" } else { "unchanged" }}>
                                    { if row.changed { "●" } else { "○" } }
                                </span>
                                <span class="index">{ row.first }</span>
                                <span class="name">{ &row.label }</span>
                                if is_culprit {
                                    <span class="culprit-mark" title="the first pass run after which the launch's result differs">{ "≠" }</span>
                                }
                                <span class="time">{ format_micros(row.micros) }</span>
                            </button>
                        </li>
                    }
                }) }
            </ol>
        }
    }

    fn view_run_tools(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let view = self.state.view;
        let tab = |v: View, label: &'static str, testid: &'static str| {
            let onclick = link.callback(move |_: MouseEvent| Msg::SetView(v));
            html! {
                <button type="button" class={classes!("tab", (view == v).then_some("active"))}
                    aria-pressed={(view == v).to_string()} data-testid={testid} {onclick}>{ label }</button>
            }
        };
        let layout = self.state.layout;
        let layout_button = |l: Layout, label: &'static str| {
            let onclick = link.callback(move |_: MouseEvent| Msg::SetLayout(l));
            html! {
                <button type="button" class={classes!("tab", (layout == l).then_some("active"))}
                    aria-pressed={(layout == l).to_string()} data-testid={format!("layout-{label}")} {onclick}>{ label }</button>
            }
        };
        let stages = self
            .compilation
            .as_ref()
            .map(|c| c.stages.as_slice())
            .unwrap_or(&[]);
        let run = self.selected_run();
        let run_select = |testid: &'static str, current: Option<usize>, msg: fn(usize) -> Msg| {
            let onchange =
                link.callback(move |e: Event| msg(select_value(&e).parse().unwrap_or(0)));
            html! {
                <select data-testid={testid} {onchange}>
                    { for stages.iter().enumerate().map(|(i, s)| html! {
                        <option value={i.to_string()} selected={current == Some(i)}>{ format!("{i} {}", s.name) }</option>
                    }) }
                </select>
            }
        };
        let summary = self.run_diff.as_ref().map(|d| {
            html! {
                <span class="diff-summary" data-testid="diff-summary">
                    <span class="added">{ format!("+{}", d.added) }</span>{ " " }
                    <span class="removed">{ format!("−{}", d.removed) }</span>
                </span>
            }
        });
        let description = run
            .and_then(|r| stages.get(r))
            .map(|s| format!("{}: {}", s.name, s.description))
            .unwrap_or_default();
        html! {
            <>
                <div class="run-tools">
                    { tab(View::Ir, "IR after", "view-ir") }
                    { tab(View::Diff, "diff vs previous", "view-diff") }
                    { tab(View::Compare, "compare A/B", "view-compare") }
                    if view != View::Ir {
                        <span class="sep"></span>
                        { layout_button(Layout::Unified, "unified") }
                        { layout_button(Layout::Split, "split") }
                    }
                    if view == View::Compare {
                        <span class="sep"></span>
                        <label class="field"><span>{ "A" }</span>
                            { run_select("compare-a", self.state.base.or(run.map(|r| r.saturating_sub(1))), Msg::CompareA) }</label>
                        <label class="field"><span>{ "B" }</span>
                            { run_select("compare-b", run, Msg::CompareB) }</label>
                    }
                    { for summary }
                </div>
                <div class="run-description" data-testid="run-description">{ description }</div>
            </>
        }
    }

    fn view_run(&self, ctx: &Context<Self>) -> Html {
        match &self.run_diff {
            Some(d) => html! {
                <DiffView diff={d.clone()} split={self.state.layout == Layout::Split} lang={self.run_lang} />
            },
            None => html! {
                <CodeView testid="ir-view" text={self.run_text.clone()} lang={self.run_lang}
                    src={self.run_src.clone()} docs=false
                    on_hover={ctx.link().callback(Msg::HoverIr)} />
            },
        }
    }

    fn view_ptx_pane(&self, ctx: &Context<Self>) -> Html {
        let pane = self.state.pane;
        let link = ctx.link();
        let tab = |p: Pane, label: &'static str, testid: &'static str, title: &'static str| {
            let onclick = link.callback(move |_: MouseEvent| Msg::SetPane(p));
            html! {
                <button type="button" class={classes!("tab", (pane == p).then_some("active"))}
                    aria-pressed={(pane == p).to_string()} data-testid={testid} {title} {onclick}>{ label }</button>
            }
        };
        let has_ptx = self.compilation.as_ref().is_some_and(|c| c.ptx.is_some());
        html! {
            <section class="pane pane-ptx">
                <h2>
                    { tab(Pane::Ptx, "PTX", "tab-ptx", "the PTX module") }
                    { tab(Pane::Run, "Run", "tab-run", "run a kernel in the IR interpreter") }
                    <span class="spacer"></span>
                    if pane == Pane::Ptx {
                        <button type="button" class="button small" data-testid="download-ptx" disabled={!has_ptx}
                            onclick={link.callback(|_| Msg::DownloadPtx)} title="download kernel.ptx">{ "Download" }</button>
                    } else {
                        <span class="hint">{ "Ctrl+Shift+Enter runs" }</span>
                    }
                </h2>
                { self.view_loading() }
                if pane == Pane::Ptx {
                    { self.view_ptx(ctx) }
                } else {
                    { self.view_run_panel(ctx) }
                }
            </section>
        }
    }

    fn view_ptx(&self, ctx: &Context<Self>) -> Html {
        let doc = match self.hover {
            Hover::Ptx(i) => self.ptx_text.lines().nth(i).and_then(ptx_docs::describe),
            _ => None,
        };
        html! {
            <>
                <CodeView testid="ptx-view" text={self.ptx_text.clone()} lang={Lang::Ptx}
                    src={self.ptx_src.clone()} docs=true
                    on_hover={ctx.link().callback(Msg::HoverPtx)} />
                <div class="ptx-doc" data-testid="ptx-doc">{ doc.unwrap_or_else(|| "Point at an instruction for what it does.".into()) }</div>
            </>
        }
    }

    /// The pass run the last bisection found, while it is for the
    /// compilation shown.
    fn culprit(&self) -> Option<usize> {
        match &self.run_shown {
            Some((RunShown::Bisect(b), seq)) if *seq == self.shown_seq => {
                b.change.as_ref().map(|c| c.stage)
            }
            _ => None,
        }
    }

    /// Where a launch runs now: the selected IR stage, or the optimized IR.
    fn launch_where(&self) -> String {
        let Some(c) = self.compilation.as_deref() else {
            return String::new();
        };
        let run = self.selected_run();
        match launch::pass_runs_at(c, run) {
            Some(0) => "Runs the IR after irgen and link (select a run in the pass list to run another).".to_string(),
            Some(n) => format!(
                "Runs the IR after pass run {n}, {} (select another run in the pass list to run that one).",
                c.stages.get(launch::stage_of_pass_run(n)).map_or("", |s| s.name.as_str())
            ),
            None => "Runs the optimized IR: the interpreter runs IR, not the backend's machine code.".to_string(),
        }
    }

    fn view_run_panel(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let l = &self.state.launch;
        let kernel = launch::chosen(&self.kernels, l);
        let on_field = |field: LaunchField| {
            link.callback(move |e: InputEvent| {
                Msg::LaunchEdit(field, e.target_unchecked_into::<HtmlInputElement>().value())
            })
        };
        let on_kernel =
            link.callback(|e: Event| Msg::LaunchEdit(LaunchField::Kernel, select_value(&e)));
        // Enter in a field runs.
        let on_enter = link.batch_callback(|e: KeyboardEvent| {
            (e.key() == "Enter" && !e.ctrl_key() && !e.shift_key() && !e.meta_key())
                .then_some(Msg::Launch(Job::Launch))
        });
        let busy = self.runner.busy();
        let suggestion = kernel.map(launch::suggest_args).unwrap_or_default();
        html! {
            <div class="run-panel" data-testid="run-panel">
                <div class="run-form">
                    <div class="run-row">
                        <label class="field"><span>{ "kernel" }</span>
                            <select data-testid="run-kernel" onchange={on_kernel}>
                                if self.kernels.is_empty() {
                                    <option value="" selected=true>{ "no kernel" }</option>
                                }
                                { for self.kernels.iter().map(|k| html! {
                                    <option value={k.name.clone()} selected={kernel.is_some_and(|c| c.name == k.name)}
                                        title={k.name.clone()}>{ &k.label }</option>
                                }) }
                            </select>
                        </label>
                        <label class="field" title="blocks in the grid: X, X,Y or X,Y,Z"><span>{ "grid" }</span>
                            <input class="dim" data-testid="run-grid" placeholder="1" spellcheck="false"
                                value={l.grid.clone()} oninput={on_field(LaunchField::Grid)} onkeydown={on_enter.clone()} /></label>
                        <label class="field" title="threads in a block: X, X,Y or X,Y,Z"><span>{ "block" }</span>
                            <input class="dim" data-testid="run-block" placeholder="1" spellcheck="false"
                                value={l.block.clone()} oninput={on_field(LaunchField::Block)} onkeydown={on_enter.clone()} /></label>
                        <label class="field" title="bytes of dynamic shared memory (extern __shared__)"><span>{ "shared" }</span>
                            <input class="dim" type="number" min="0" data-testid="run-shared" placeholder="0"
                                value={if l.shared > 0 { l.shared.to_string() } else { String::new() }}
                                oninput={on_field(LaunchField::Shared)} onkeydown={on_enter.clone()} /></label>
                    </div>
                    <label class="field run-args" title="ptxlab run's --args: scalars (1000, 2.0) and buffers TYPE[N]:INIT, TYPE one of i8 u8 i16 u16 i32 u32 i64 u64 f32 f64, INIT zeros, ones, iota, rand:SEED or [v,…]">
                        <span>{ "args" }</span>
                        <input data-testid="run-args" spellcheck="false" placeholder={suggestion}
                            value={l.args.clone()} oninput={on_field(LaunchField::Args)} onkeydown={on_enter} />
                    </label>
                    <div class="param-hints" data-testid="param-hints">
                        { for kernel.into_iter().flat_map(|k| k.params.iter()).map(|p| html! {
                            <code class="param" title={p.ty.clone()}>{ p.hint() }</code>
                        }) }
                        if kernel.is_some_and(|k| k.params.is_empty()) {
                            <span class="muted">{ "no parameters" }</span>
                        }
                    </div>
                    <div class="run-row">
                        <button type="button" class="button" data-testid="run-button" disabled={busy.is_some()}
                            title="run the launch in the IR interpreter (Ctrl+Shift+Enter)"
                            onclick={link.callback(|_| Msg::Launch(Job::Launch))}>{ "Run" }</button>
                        <button type="button" class="button secondary" data-testid="bisect-button" disabled={busy.is_some()}
                            title="run the launch after irgen and after every pass run, and mark the first pass run whose result differs"
                            onclick={link.callback(|_| Msg::Launch(Job::Bisect))}>{ "Find the first pass that changes the result" }</button>
                    </div>
                    <div class="run-where" data-testid="run-where">{ self.launch_where() }</div>
                </div>
                <div class="run-output" data-testid="run-output" data-results={self.run_results.to_string()}>
                    { self.view_run_progress() }
                    { self.view_run_shown(ctx) }
                </div>
            </div>
        }
    }

    fn view_run_progress(&self) -> Html {
        match (self.runner.busy(), &self.bisect_progress) {
            (Some(Job::Bisect), Some((done, total, pass))) => html! {
                <div class="run-progress" data-testid="run-progress">
                    <progress max={total.max(&1).to_string()} value={done.to_string()}></progress>
                    <span>{ if *total > 0 {
                        format!("bisecting: pass run {done} of {total} ({pass})")
                    } else {
                        "bisecting: compiling…".to_string()
                    } }</span>
                </div>
            },
            (Some(_), _) => html! {
                <div class="run-progress" data-testid="run-progress"><progress></progress><span>{ "running…" }</span></div>
            },
            (None, _) => html! {},
        }
    }

    fn view_run_shown(&self, ctx: &Context<Self>) -> Html {
        let Some((shown, seq)) = &self.run_shown else {
            return html! {
                <div class="run-empty">{ "Run the kernel to see its buffers after the launch, its printf output and what the interpreter counted." }</div>
            };
        };
        let stale = *seq != self.shown_seq;
        let stale_note = stale.then(|| html! {
            <div class="run-stale" data-testid="run-stale">{ "The source or options changed since: run again for the new code." }</div>
        });
        let body = match shown {
            RunShown::Stopped(why) => html! {
                <div class="run-error" data-testid="run-error"><strong>{ "stopped" }</strong>{ ": " }{ why }</div>
            },
            RunShown::Launch(o) => self.view_outcome(ctx, o),
            RunShown::Bisect(b) => {
                let summary = match &b.change {
                    Some(c) => html! {
                        <>
                            <div class="bisect-summary changed">
                                { format!("The result first changes after pass run {}, ", c.pass_run) }
                                <strong>{ &c.pass }</strong>
                                { format!(": {} element{} differ{}.", c.differing, if c.differing == 1 { "" } else { "s" }, if c.differing == 1 { "s" } else { "" }) }
                                { " Marked ≠ in the pass list, its diff shown. A correct pass keeps the result: either it miscompiles, or the kernel has undefined behaviour the pass may exploit (an uninitialized read, a data race, an out-of-range shift)." }
                            </div>
                            <ul class="bisect-differences" data-testid="bisect-differences">
                                { for c.differences.iter().map(|d| html! { <li>{ d }</li> }) }
                            </ul>
                            <div class="outcome-label">{ format!("After {}:", c.pass) }</div>
                            { self.view_outcome(ctx, &c.after) }
                        </>
                    },
                    None if b.baseline.error.is_some() && b.launches == 0 => html! {
                        <>
                            <div class="bisect-summary">{ "The launch could not run, so there is nothing to compare:" }</div>
                            { self.view_outcome(ctx, &b.baseline) }
                        </>
                    },
                    None => html! {
                        <>
                            <div class="bisect-summary same">
                                { format!("No pass changes the result: the launch gives the same result after irgen and link and after each of the {} pass runs.", b.total) }
                            </div>
                            { self.view_outcome(ctx, &b.baseline) }
                        </>
                    },
                };
                html! {
                    <div class="bisect-result" data-testid="bisect-result" data-changed={b.change.is_some().to_string()}>
                        { summary }
                        <div class="run-stats">{ format!("bisection: {} launches over {} pass runs in {}", b.launches, b.total, format_micros(b.micros)) }</div>
                    </div>
                }
            }
        };
        html! {
            <div class={classes!("run-result", stale.then_some("stale"))} data-testid="run-result" data-stale={stale.to_string()}>
                { for stale_note }
                { body }
            </div>
        }
    }

    fn view_outcome(&self, ctx: &Context<Self>, o: &LaunchOutcome) -> Html {
        let after = if o.pass_runs == 0 {
            "after irgen and link".to_string()
        } else {
            format!("after pass run {}, {}", o.pass_runs, o.after)
        };
        let stats = o.stats.as_ref().map(|s| {
            // A failed launch has no counts, only its time.
            let text = if o.error.is_some() {
                format!(
                    "{} {after} · stopped after {}",
                    o.kernel,
                    format_micros(s.micros)
                )
            } else {
                format!(
                    "{} {after} · {} threads in {} block{} · {} steps · {} barriers · {}",
                    o.kernel,
                    s.threads,
                    s.blocks,
                    if s.blocks == 1 { "" } else { "s" },
                    s.steps,
                    s.barriers,
                    format_micros(s.micros)
                )
            };
            html! { <div class="run-stats" data-testid="run-stats">{ text }</div> }
        });
        let error = o.error.as_ref().map(|e| {
            let at = e.at.as_ref().map(|a| {
                let line = a.line;
                let go = ctx.link().batch_callback(move |_: MouseEvent| line.map(Msg::GoToLine));
                let [tx, ty, tz] = a.thread;
                let [bx, by, bz] = a.block;
                html! {
                    <>
                        <div>{ "at " }<code data-testid="run-error-inst">{ &a.inst }</code></div>
                        <div>{ format!("in @{}", a.function) }
                            if let Some(l) = line {
                                { ", " }<button type="button" class="link" onclick={go} title="go to the line">{ format!("source line {l}") }</button>
                            }
                        </div>
                        <div data-testid="run-error-thread">{ format!("thread ({tx},{ty},{tz}) of block ({bx},{by},{bz})") }</div>
                    </>
                }
            });
            html! {
                <div class="run-error" data-testid="run-error">
                    <div><strong>{ &e.kind }</strong>{ ": " }{ &e.message }</div>
                    { for at }
                </div>
            }
        });
        html! {
            <div class="outcome">
                { for error }
                { for stats }
                { for o.buffers.iter().map(|b| html! {
                    <div class={classes!("buffer", (!b.written).then_some("unchanged"))} data-testid="buffer" data-name={b.name.clone()}>
                        <div class="buffer-head">
                            <strong>{ &b.name }</strong>
                            <span class="muted">{ format!(" {}[{}]", b.ty, b.len) }</span>
                            <span class={classes!("tag", b.written.then_some("written"))}>
                                { if b.written { "written" } else { "unchanged" } }</span>
                        </div>
                        <div class="values">
                            { for b.values.iter().enumerate().map(|(i, v)| html! {
                                <span class="el" title={format!("{}[{i}] = {v}", b.name)}>{ v }</span>
                            }) }
                            if b.len > b.values.len() {
                                <span class="more">{ format!("… {} more", b.len - b.values.len()) }</span>
                            }
                        </div>
                    </div>
                }) }
                if !o.output.is_empty() {
                    <div class="printf">
                        <div class="muted">{ "printf" }</div>
                        <pre data-testid="run-printf">{ &o.output }</pre>
                    </div>
                }
            </div>
        }
    }

    fn view_loading(&self) -> Html {
        match &self.load {
            Load::Loading(loaded, total) => {
                let label = if *total > 0.0 {
                    format!(
                        "loading the compiler… {:.0} of {:.0} KiB",
                        loaded / 1024.0,
                        total / 1024.0
                    )
                } else {
                    "loading the compiler…".to_string()
                };
                html! {
                    <div class="loading" data-testid="loading">
                        if *total > 0.0 {
                            <progress max={total.to_string()} value={loaded.to_string()}></progress>
                        } else {
                            <progress></progress>
                        }
                        <span>{ label }</span>
                    </div>
                }
            }
            Load::Failed(why) => html! {
                <div class="loading failed" data-testid="loading">{ format!("The compiler did not load: {why}") }</div>
            },
            Load::Ready => html! {},
        }
    }

    fn view_status(&self, ctx: &Context<Self>) -> Html {
        let c = self.compilation.as_deref();
        let (class, text) = match (&self.load, c) {
            (Load::Failed(_), _) => ("status error", "the compiler did not load".to_string()),
            (_, None) => ("status busy", "loading the compiler…".to_string()),
            (_, Some(c)) => status_line(c, &self.state.options),
        };
        let busy = self.scheduler.busy() || self.debounce.is_some();
        let notice = self.notice.as_ref().map(|n| match n {
            Notice::Info(t) => {
                html! { <span class="notice info" data-testid="notice">{ t }</span> }
            }
            Notice::Error(t) => {
                html! { <span class="notice error" data-testid="notice">{ t }</span> }
            }
        });
        let example_hint = self
            .state
            .example
            .as_deref()
            .and_then(examples::find)
            .map(|e| html! { <span class="example-hint">{ e.hint }</span> });
        html! {
            <footer class="status-bar">
                <div data-testid="status" class={class} data-busy={busy.to_string()}
                    data-shown={self.shown.to_string()}
                    data-latency-ms={self.latency_ms.map(|ms| format!("{ms:.1}"))}>
                    { for notice }
                    <span class="state">{ text }</span>
                    if busy { <span class="spinner" aria-label="compiling">{ " · compiling…" }</span> }
                    { for example_hint }
                </div>
                <ul data-testid="diagnostics" class="diagnostics">
                    { for c.into_iter().flat_map(|c| c.diagnostics.iter()).map(|d| {
                        let line = d.span.line;
                        let onclick = ctx.link().callback(move |_: MouseEvent| Msg::GoToLine(line));
                        html! {
                            <li class={d.severity.to_string()} {onclick} title="go to the line">{ d.to_string() }</li>
                        }
                    }) }
                </ul>
                { self.view_bench() }
            </footer>
        }
    }

    fn view_bench(&self) -> Html {
        let (Some(runs), Some(times)) = (self.bench_runs, &self.bench) else {
            return html! {};
        };
        // The first run pays for one-time set-up; report it apart.
        let warm = if times.len() > 1 {
            &times[1..]
        } else {
            &times[..]
        };
        let median = protocol::median(warm).unwrap_or(0.0) / 1000.0;
        let first = times.first().copied().unwrap_or(0) as f64 / 1000.0;
        let json = format!(
            r#"{{"runs":{runs},"first_ms":{first:.3},"median_ms":{median:.3},"micros":{times:?},"first_ptx_ms":{}}}"#,
            self.first_ptx_ms
                .map_or("null".to_string(), |ms| format!("{ms:.1}"))
        );
        html! { <pre data-testid="bench" class="bench">{ json }</pre> }
    }
}

/// The editor's underlines for a compilation's diagnostics in the source.
fn marks(c: &Compilation) -> Vec<editor::Mark> {
    c.diagnostics
        .iter()
        .filter(|d| d.span.file == SOURCE_NAME && d.span.line > 0)
        .map(|d| editor::Mark {
            line: d.span.line,
            column: d.span.column,
            len: d.span.len,
            severity: d.severity.to_string(),
            message: d.message.clone(),
        })
        .collect()
}

/// The state in the URL fragment, or the default example with a message
/// saying why the link could not be read.
fn restore_from_url() -> (State, Option<Notice>) {
    match share::decode(&current_fragment()) {
        Ok(None) => (State::initial(), None),
        Ok(Some(restored)) => {
            let notice = restored.other_version().then(|| {
                Notice::Info(format!(
                    "This link was made with ptxlab {}; this is {}: the output may differ.",
                    restored.version,
                    ptxlab_core::VERSION
                ))
            });
            (restored.state, notice)
        }
        Err(e) => (
            State::initial(),
            Some(Notice::Error(format!(
                "{e}. Showing the default example instead."
            ))),
        ),
    }
}

fn current_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

fn page_url_without_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

fn gloo_document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// Whether a key event goes to a field that takes text (or the editor).
fn typing_in(target: Option<web_sys::EventTarget>) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
        || el
            .closest("[contenteditable], .cm-editor")
            .ok()
            .flatten()
            .is_some()
}

/// Saves `text` as a file through a temporary link.
fn download(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(a) = gloo_document()
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// The status line: how many errors, or what was compiled and how fast.
fn status_line(c: &Compilation, o: &ptxlab_core::Options) -> (&'static str, String) {
    let (arch, opt_level) = (&o.arch, o.opt_level);
    // The diagnostics themselves are listed under the status line, in nvcc's form.
    match c.diagnostics.iter().filter(|d| d.is_error()).count() {
        0 => {}
        1 => return ("status error", format!("1 error · {arch} -O{opt_level}")),
        n => return ("status error", format!("{n} errors · {arch} -O{opt_level}")),
    }
    let kernels = match c.stats.kernels {
        1 => "1 kernel".to_string(),
        n => format!("{n} kernels"),
    };
    let text = format!(
        "compiled in {} · {kernels} · {} instructions · {} stages · {arch} -O{opt_level}",
        format_micros(c.stats.total_micros),
        c.stats.ptx_instructions,
        c.stages.len()
    );
    ("status ok", text)
}

pub fn format_micros(micros: u64) -> String {
    if micros >= 10_000 {
        format!("{:.0} ms", micros as f64 / 1000.0)
    } else {
        format!("{:.2} ms", micros as f64 / 1000.0)
    }
}

/// `?bench=RUNS[&kernels=K]`: time RUNS compiles of K saxpy kernels (default 1).
fn bench_params() -> Option<(u32, u32)> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    let runs = params.get("bench")?.parse().ok().filter(|&n| n > 0)?;
    let kernels = params
        .get("kernels")
        .and_then(|k| k.parse().ok())
        .unwrap_or(1);
    Some((runs, kernels))
}
