//! The page: an options bar; three resizable panes (the source editor, the
//! pipeline with its pass list and the selected run's IR or diff, the PTX or
//! the Run panel); a status bar with the diagnostics. The parts are
//! components (ui/), which show what they are given and report what the user
//! did; the app owns the state and routes those reports: the shared,
//! shareable part of it is a [`State`], kept in the URL fragment (share.rs);
//! the rest is the compilation shown, the Run panel's jobs ([`Runs`]), the
//! worker's traffic (app/jobs.rs) and the layout. The editor (editor.rs) and
//! the compiler's worker (worker_client.rs) report to it through messages.

mod jobs;
mod reduce;

use crate::editor;
use crate::examples;
use crate::highlight::Lang;
use crate::launch::{Job, KernelInfo};
use crate::pipeline;
use crate::protocol::{self, Scheduler, SOURCE_NAME};
use crate::share::{self, Followed, Pane, State};
use crate::ui::dom::{self, Listener};
use crate::ui::file_tabs::{FileEvent, FileTabs};
use crate::ui::gutter::{Drag, Gutter};
use crate::ui::options_bar::{OptionChange, OptionsBar};
use crate::ui::pipeline_pane::{self, PipelineEvent, PipelinePane, PipelineView};
use crate::ui::ptx_pane::{Load, PtxPane, PtxView};
use crate::ui::run_panel::{LaunchField, RunPanel, Runs};
use crate::ui::status_bar::{Bench, Notice, StatusBar};
use crate::ui::Shared;
use crate::values;
use crate::worker_client::{WorkerClient, WorkerEvent};
use gloo_timers::callback::Timeout;
use ptxlab_core::Compilation;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
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

/// What the pointer is over, for cross-highlighting.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Hover {
    None,
    Source(u32),
    Ptx(usize),
    Ir(usize),
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
    Option(OptionChange),
    Example(String),
    Pipeline(PipelineEvent),
    Step(isize),
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
    File(FileEvent),
    /// Bring back the source before the last reduction.
    UndoReduce,
}

pub struct App {
    state: State,
    /// The compilation the panes show: the newest, or while the source
    /// has errors the last good one (`failed` then holds the newest).
    compilation: Option<Rc<Compilation>>,
    /// The newest compile when it had errors and an earlier one did not:
    /// its diagnostics are listed while the panes stay on `compilation`.
    failed: Option<Rc<Compilation>>,
    /// Per PTX line (0-based), the source line it came from (0: none).
    ptx_src: Rc<Vec<u32>>,
    ptx_text: AttrValue,
    /// What the pipeline pane shows, derived from the state and the
    /// compilation by `refresh`.
    pipeline: PipelineView,
    /// The compile (its `seq`) whose result is shown.
    shown_seq: u64,
    /// The kernels of the newest compile that had any, for the Run panel.
    kernels: Rc<Vec<KernelInfo>>,
    runs: Runs,
    reduce: reduce::ReduceUi,
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
    /// The source line a remark's link highlights (until clicked again).
    shown_line: Option<u32>,

    editor: Option<editor::Mounted>,
    /// The file the editor shows: `None` for kernel.cu, else one of `state.files`.
    active: Option<usize>,
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
    bench: Option<Rc<Vec<u64>>>,
    _listeners: Vec<Listener>,
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let bench = dom::bench_params();
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
            failed: None,
            ptx_src: Rc::default(),
            ptx_text: AttrValue::default(),
            pipeline: PipelineView::default(),
            shown_seq: 0,
            kernels: Rc::default(),
            runs: Runs {
                auto_launch,
                ..Runs::default()
            },
            reduce: reduce::ReduceUi::default(),
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
            shown_line: None,
            editor: None,
            active: None,
            editor_ref: NodeRef::default(),
            panes_ref: NodeRef::default(),
            widths: [1.0, 1.9, 1.0],
            drag: None,
            share_link: None,
            fragment: dom::current_fragment(),
            url_dirty: false,
            bench_runs: bench.map(|(runs, _)| runs),
            bench: None,
            _listeners: Vec::new(),
        };
        app.start_worker(ctx);
        app.compile_now(ctx);
        let link = ctx.link();
        app._listeners = dom::listen(
            link.callback(|()| Msg::Launch(Job::Launch)),
            link.callback(Msg::Step),
            link.callback(|()| Msg::HashChanged),
        );
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Edit(source) => {
                match self.active.and_then(|i| self.state.files.get_mut(i)) {
                    Some(file) => file.text = source,
                    None => self.state.source = source,
                }
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
            Msg::CompileTimedOut(seq) => self.compile_timed_out(ctx, seq),
            Msg::LaunchTimedOut(seq) => self.launch_timed_out(ctx, seq),
            Msg::SetPane(pane) => {
                self.state.pane = pane;
                self.url_dirty = true;
                true
            }
            Msg::LaunchEdit(field, value) => {
                field.set(&mut self.state.launch, value);
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
            Msg::Option(change) => {
                change.apply(&mut self.state.options);
                self.compile_now(ctx);
                self.url_dirty = true;
                true
            }
            Msg::Example(id) => self.open_example(ctx, &id),
            Msg::File(event) => self.file_event(ctx, event),
            Msg::Pipeline(PipelineEvent::ShowLine(line)) => self.show_line(line),
            Msg::Pipeline(event) => {
                let selected = self.selected_run();
                let recompile = event.recompiles();
                event.apply(&mut self.state, selected);
                if recompile {
                    self.compile_now(ctx);
                    self.url_dirty = true;
                }
                self.changed_view();
                // The followed value's source line may have changed.
                self.sync_editor_linked();
                true
            }
            Msg::Step(delta) => {
                let run = pipeline::step(
                    &self.pipeline.rows,
                    Some(self.selected_run().unwrap_or(0)),
                    delta,
                );
                if run.is_none() || run == self.selected_run() {
                    return false;
                }
                self.state.run = run;
                self.changed_view();
                self.scroll_selected_into_view();
                true
            }
            Msg::HoverSource(line) => {
                // Source lines link to the IR and PTX in kernel.cu only.
                let hover = if line == 0 || self.active.is_some() {
                    Hover::None
                } else {
                    Hover::Source(line)
                };
                self.set_hover(hover)
            }
            Msg::HoverPtx(line) => self.set_hover(line.map_or(Hover::None, Hover::Ptx)),
            Msg::HoverIr(line) => self.set_hover(line.map_or(Hover::None, Hover::Ir)),
            Msg::GoToLine(line) => {
                self.show_file(None);
                if let Some(m) = &self.editor {
                    m.editor.go_to_line(line);
                }
                false
            }
            Msg::Share => {
                self.write_url();
                let link = dom::page_url_without_fragment() + "#" + &self.fragment;
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
                    dom::download("kernel.ptx", ptx);
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
                d.widths_at(x, &mut self.widths);
                true
            }
            Msg::DragEnd => {
                self.drag = None;
                false
            }
            Msg::HashChanged => self.hash_changed(ctx),
            Msg::UndoReduce => self.undo_reduce(ctx),
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, first_render: bool) {
        if first_render {
            self.mount_editor(ctx);
        }
        if std::mem::take(&mut self.measure_render) {
            self.latency_ms = Some(dom::now_ms() - self.sent_at);
            if let Some(ms) = self.latency_ms {
                // The measurement itself must not cause another render.
                if let Some(app) =
                    dom::gloo_document().and_then(|d| d.query_selector(".app").ok().flatten())
                {
                    let _ = app.set_attribute("data-latency-ms", &format!("{ms:.1}"));
                }
            }
        }
        if std::mem::take(&mut self.url_dirty) && self.bench_runs.is_none() {
            self.write_url();
        }
        if std::mem::take(&mut self.runs.measure) {
            let ms = dom::now_ms() - self.runs.sent_at;
            if let Some(out) =
                dom::gloo_document().and_then(|d| d.query_selector(".run-output").ok().flatten())
            {
                let _ = out.set_attribute("data-run-ms", &format!("{ms:.1}"));
            }
        }
        if std::mem::take(&mut self.scroll_pending) {
            self.scroll_selected_into_view();
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let columns = format!(
            "grid-template-columns: minmax(0, {}fr) 6px minmax(0, {}fr) 6px minmax(0, {}fr)",
            self.widths[0], self.widths[1], self.widths[2]
        );
        let gutter = |gutter: usize| {
            html! {
                <Gutter {gutter}
                    on_start={link.callback(|(gutter, x)| Msg::DragStart(gutter, x))}
                    on_move={link.callback(Msg::DragMove)}
                    on_end={link.callback(|()| Msg::DragEnd)} />
            }
        };
        let compilation = self.compilation.clone().map(Shared);
        let selected = self.selected_run();
        html! {
            <div class={classes!("app", self.drag.is_some().then_some("dragging"))}
                data-first-ptx-ms={self.first_ptx_ms.map(|ms| format!("{ms:.0}"))}>
                { self.view_linked_style() }
                { self.view_value_style() }
                <OptionsBar options={self.state.options.clone()} example={self.state.example.clone()}
                    compilation={compilation.clone()} share_link={self.share_link.clone()}
                    on_option={link.callback(Msg::Option)}
                    on_example={link.callback(Msg::Example)}
                    on_share={link.callback(|()| Msg::Share)} />
                <main class={classes!("panes", self.failed.is_some().then_some("stale"))} ref={self.panes_ref.clone()} style={columns}>
                    <section class="pane pane-source">
                        <h2>{ "CUDA C " }
                            <FileTabs main={SOURCE_NAME} names={self.state.files.iter().map(|f| f.name.clone()).collect::<Vec<_>>()}
                                active={self.active} on_event={link.callback(Msg::File)} />
                            <span class="hint">{ "Ctrl+Enter compiles now" }</span></h2>
                        <div class="editor" data-testid="source-editor" ref={self.editor_ref.clone()}></div>
                    </section>
                    { gutter(0) }
                    <PipelinePane compilation={compilation.clone()} data={self.pipeline.clone()}
                        function={AttrValue::from(self.function().unwrap_or_default().to_string())}
                        filter={AttrValue::from(self.state.filter.clone())}
                        hide_unchanged={self.state.hide_unchanged} fold={self.state.fold}
                        stale_errors={self.stale_errors()}
                        view={self.state.view} layout={self.state.layout} base={self.state.base}
                        {selected} culprit={self.runs.culprit(self.shown_seq)}
                        shown_line={self.shown_line}
                        on_event={link.callback(Msg::Pipeline)}
                        on_hover={link.callback(Msg::HoverIr)}
                        ir_edit={self.state.options.ir_edit.clone()}
                        ir_edit_errors={Rc::new(self.failed.as_ref().or(self.compilation.as_ref())
                            .map(|c| crate::ui::ir_edit::errors(c, self.state.options.ir_edit.as_ref()))
                            .unwrap_or_default())} />
                    { gutter(1) }
                    <PtxPane pane={self.state.pane}
                        has_ptx={self.compilation.as_ref().is_some_and(|c| c.ptx.is_some())}
                        load={self.load.clone()}
                        on_pane={link.callback(Msg::SetPane)}
                        on_download={link.callback(|()| Msg::DownloadPtx)}>
                        if self.state.pane == Pane::Ptx {
                            <PtxView text={self.ptx_text.clone()} src={self.ptx_src.clone()}
                                hover={match self.hover { Hover::Ptx(i) => Some(i), _ => None }}
                                on_value={link.callback(|name| Msg::Pipeline(PipelineEvent::Follow(Followed { name, ptx: true })))}
                                on_hover={link.callback(Msg::HoverPtx)} />
                        } else {
                            <RunPanel launch={self.state.launch.clone()} kernels={self.kernels.clone()}
                                busy={self.runs.runner.busy()} progress={self.runs.progress.clone()}
                                shown={self.runs.shown.as_ref().map(|(s, _)| Shared(s.clone()))}
                                stale={self.runs.shown.as_ref().is_some_and(|(_, seq)| *seq != self.shown_seq)}
                                results={self.runs.results}
                                {compilation} {selected}
                                on_edit={link.callback(|(field, value)| Msg::LaunchEdit(field, value))}
                                on_launch={link.callback(Msg::Launch)}
                                reduce={self.view_reduce(ctx)}
                                on_go_to_line={link.callback(|l| Msg::Pipeline(PipelineEvent::ShowLine(l)))} />
                        }
                    </PtxPane>
                </main>
                <StatusBar compilation={self.failed.clone().or_else(|| self.compilation.clone()).map(Shared)}
                    failed={matches!(self.load, Load::Failed(_))}
                    options={self.state.options.clone()}
                    busy={self.scheduler.busy() || self.debounce.is_some()}
                    shown={self.shown} latency_ms={self.latency_ms}
                    notice={self.notice.clone()}
                    example={self.state.example.clone().map(AttrValue::from)}
                    bench={self.bench_runs.zip(self.bench.clone()).map(|(runs, times)| Bench {
                        runs,
                        times,
                        first_ptx_ms: self.first_ptx_ms,
                    })}
                    on_go_to_line={link.callback(Msg::GoToLine)} />
            </div>
        }
    }
}

impl App {
    // ---- state changes ----------------------------------------------------

    /// The examples menu: a new source, a new run and function; the way of
    /// looking stays.
    fn open_example(&mut self, ctx: &Context<Self>, id: &str) -> bool {
        let Some(example) = examples::find(id) else {
            return false;
        };
        let options = ptxlab_core::Options {
            ftz: example.ftz,
            // A miscompile-lab example switches its bug on (the others off).
            inject_bugs: examples::lab_bug(id)
                .map(String::from)
                .into_iter()
                .collect(),
            ..self.state.options.clone()
        };
        self.state = State {
            options,
            pane: self.state.pane,
            view: self.state.view,
            layout: self.state.layout,
            hide_unchanged: self.state.hide_unchanged,
            fold: self.state.fold,
            filter: std::mem::take(&mut self.state.filter),
            ..State::from_example(example)
        };
        self.active = None;
        if let Some(m) = &self.editor {
            m.editor.set_doc(example.source);
        }
        self.notice = None;
        self.shown_line = None;
        self.sync_editor_linked();
        self.runs.shown = None;
        self.runs.auto_launch = self.state.pane == Pane::Run;
        self.compile_now(ctx);
        self.changed_view()
    }

    /// The URL fragment changed under us (a link pasted, back): show what it holds.
    fn hash_changed(&mut self, ctx: &Context<Self>) -> bool {
        let fragment = dom::current_fragment();
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
        self.runs.shown = None;
        self.runs.auto_launch = self.state.pane == Pane::Run;
        self.active = None;
        if let Some(m) = &self.editor {
            m.editor.set_doc(&self.state.source);
        }
        self.compile_now(ctx);
        self.changed_view()
    }

    /// The view state changed: recompute what the pipeline pane shows.
    fn changed_view(&mut self) -> bool {
        self.refresh();
        self.url_dirty = true;
        true
    }

    /// The newest compile's error count while the panes show an older one.
    fn stale_errors(&self) -> Option<usize> {
        let failed = self.failed.as_ref()?;
        Some(failed.diagnostics.iter().filter(|d| d.is_error()).count())
    }

    fn selected_run(&self) -> Option<usize> {
        pipeline_pane::selected_run(self.compilation.as_deref(), &self.state)
    }

    fn function(&self) -> Option<&str> {
        self.pipeline.function(self.state.function.as_deref())
    }

    /// Recomputes the pass list, the selected run's text and its diff.
    fn refresh(&mut self) {
        let Some(c) = self.compilation.clone() else {
            return;
        };
        self.pipeline.refresh(&c, &self.state, &self.ptx_src);
    }

    fn set_hover(&mut self, hover: Hover) -> bool {
        if hover == self.hover {
            return false;
        }
        self.hover = hover;
        self.sync_editor_linked();
        true
    }

    /// A remark's source line: highlighted in every pane and scrolled to
    /// in the editor; the same line again clears it.
    fn show_line(&mut self, line: u32) -> bool {
        if self.shown_line == Some(line) {
            self.shown_line = None;
        } else {
            self.shown_line = Some(line);
            if let Some(m) = &self.editor {
                m.editor.go_to_line(line);
            }
        }
        self.sync_editor_linked();
        true
    }

    /// The file tabs: show, add, rename or delete a file.
    fn file_event(&mut self, ctx: &Context<Self>, event: FileEvent) -> bool {
        let files = &mut self.state.files;
        let problem = match &event {
            FileEvent::Select(index) => {
                self.show_file(*index);
                return true;
            }
            FileEvent::Add(name) if files.len() >= protocol::MAX_FILES => Some(format!(
                "A page holds at most {} files besides {SOURCE_NAME}.",
                protocol::MAX_FILES
            )),
            FileEvent::Add(name) => match protocol::bad_file_name(name, files) {
                Some(why) => Some(format!("\"{name}\": {why}.")),
                None => {
                    files.push(protocol::SourceFile {
                        name: name.clone(),
                        text: format!(
                            "// {name}: #include \"{name}\" in {SOURCE_NAME} to use it.\n"
                        ),
                    });
                    let last = files.len() - 1;
                    self.show_file(Some(last));
                    None
                }
            },
            FileEvent::Rename(i, name) => {
                let others: Vec<_> = files
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| j != i)
                    .map(|(_, f)| f.clone())
                    .collect();
                match (protocol::bad_file_name(name, &others), files.get_mut(*i)) {
                    (Some(why), _) => Some(format!("\"{name}\": {why}.")),
                    (None, Some(f)) => {
                        f.name = name.clone();
                        None
                    }
                    (None, None) => None,
                }
            }
            FileEvent::Delete(i) => {
                if *i < files.len() {
                    files.remove(*i);
                }
                self.show_file(None);
                None
            }
        };
        match problem {
            Some(message) => self.notice = Some(Notice::Error(message)),
            None => {
                self.notice = None;
                self.state.example = None;
                self.compile_now(ctx);
                self.url_dirty = true;
            }
        }
        true
    }

    /// Shows a file in the editor (`None`: kernel.cu), with its diagnostics.
    fn show_file(&mut self, index: Option<usize>) {
        let index = index.filter(|&i| i < self.state.files.len());
        if index == self.active {
            return;
        }
        self.active = index;
        if let Some(m) = &self.editor {
            let text = match index {
                Some(i) => &self.state.files[i].text,
                None => &self.state.source,
            };
            m.editor.set_doc(text);
            if let Some(c) = self.failed.as_ref().or(self.compilation.as_ref()) {
                m.editor.set_diagnostics(&marks(c, self.shown_file()));
            }
        }
        self.hover = Hover::None;
        self.sync_editor_linked();
    }

    /// The name of the file the editor shows.
    fn shown_file(&self) -> &str {
        match self.active.and_then(|i| self.state.files.get(i)) {
            Some(f) => &f.name,
            None => SOURCE_NAME,
        }
    }

    /// The editor's linked line: the one the pointer's IR or PTX line came
    /// from, else the one a remark shows.
    fn sync_editor_linked(&self) {
        if self.active.is_some() {
            if let Some(m) = &self.editor {
                m.editor.set_linked_lines(Vec::new());
            }
            return;
        }
        let linked = match self.hover {
            Hover::Ptx(_) | Hover::Ir(_) => self.linked_source_line(),
            _ => None,
        }
        .or(self.shown_line)
        .or_else(|| self.value_source_line());
        if let Some(m) = &self.editor {
            m.editor.set_linked_lines(linked.into_iter().collect());
        }
    }

    /// The source line everything linked to it is highlighted for.
    fn linked_source_line(&self) -> Option<u32> {
        let hovered = match self.hover {
            Hover::Source(l) => Some(l),
            Hover::Ptx(i) => self.ptx_src.get(i).copied().filter(|&l| l > 0),
            Hover::Ir(i) if self.pipeline.run_diff.is_none() => {
                self.pipeline.run_src.get(i).copied().filter(|&l| l > 0)
            }
            Hover::Ir(_) | Hover::None => None,
        };
        hovered
            .or(self.shown_line)
            .or_else(|| self.value_source_line())
    }

    /// The source line the followed value is defined at: from the PTX for
    /// a register, from the selected IR run for an IR value.
    fn value_source_line(&self) -> Option<u32> {
        let v = self.state.value.as_ref()?;
        let (lang, text, src) = if v.ptx {
            (Lang::Ptx, &self.ptx_text, &self.ptx_src)
        } else if self.pipeline.run_lang == Lang::Ir {
            (Lang::Ir, &self.pipeline.run_text, &self.pipeline.run_src)
        } else {
            return None;
        };
        let i = text
            .lines()
            .position(|l| values::defines(lang, l, &v.name))?;
        src.get(i).copied().filter(|&l| l > 0)
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
        let item = dom::gloo_document()
            .and_then(|d| d.query_selector(".pass-item.selected").ok().flatten());
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
                if let Some(c) = self.failed.as_ref().or(self.compilation.as_ref()) {
                    mounted.editor.set_diagnostics(&marks(c, SOURCE_NAME));
                }
                self.editor = Some(mounted);
            }
            Err(e) => {
                self.notice = Some(Notice::Error(format!("The editor did not load: {e}")));
                ctx.link().send_message(Msg::HoverSource(0));
            }
        }
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

    /// Highlights the followed value wherever a code or diff view shows it.
    fn view_value_style(&self) -> Html {
        let Some(v) = &self.state.value else {
            return html! {};
        };
        // Value names are word characters after `%`; anything else is escaped.
        let name: String = v
            .name
            .chars()
            .flat_map(|c| {
                let escape = !(c.is_ascii_alphanumeric() || matches!(c, '%' | '_' | '.' | '$'));
                escape.then_some('\\').into_iter().chain(std::iter::once(c))
            })
            .collect();
        let mut css = format!("[data-v=\"{name}\"] {{ background: var(--followed); outline: 1px solid var(--accent); border-radius: 2px; }}");
        // What the compiler says it became: an IR value's PTX registers and
        // the instructions defining them, or the IR values a register holds.
        if let Some(c) = self.compilation.as_deref() {
            css += &related_css(&values::related(c, self.function(), &v.name, v.ptx), v.ptx);
        }
        html! { <style>{ css }</style> }
    }
}

/// The style rules that mark what a followed value is related to: in the
/// PTX pane, the lines defining an IR value (`value-def`) and its registers
/// in its function; in the IR views, the values a followed register holds.
fn related_css(r: &values::Related, ptx: bool) -> String {
    const PTX: &str = "[data-testid=\"ptx-view\"]";
    let escape = |n: &str| -> String {
        n.chars()
            .flat_map(|c| {
                let escape = !(c.is_ascii_alphanumeric() || matches!(c, '%' | '_' | '.' | '$'));
                escape.then_some('\\').into_iter().chain(std::iter::once(c))
            })
            .collect()
    };
    let mut css = String::new();
    for l in &r.def_lines {
        css += &format!("{PTX} .code-line[data-line=\"{l}\"] {{ background: var(--followed); box-shadow: inset 3px 0 var(--accent); }}\n");
    }
    for (l, reg) in &r.reg_lines {
        css += &format!(
            "{PTX} .code-line[data-line=\"{l}\"] [data-v=\"{}\"] {{ outline: 1px dashed var(--accent); border-radius: 2px; }}\n",
            escape(reg)
        );
    }
    if ptx {
        for n in &r.names {
            css += &format!(
                "[data-testid=\"ir-view\"] [data-v=\"{n}\"], [data-testid=\"diff-view\"] [data-v=\"{n}\"] {{ outline: 1px dashed var(--accent); border-radius: 2px; }}\n",
                n = escape(n)
            );
        }
    }
    css
}

/// The editor's underlines for a compilation's diagnostics in `file`.
fn marks(c: &Compilation, file: &str) -> Vec<editor::Mark> {
    c.diagnostics
        .iter()
        .filter(|d| d.span.file == file && d.span.line > 0)
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
    match share::decode(&dom::current_fragment()) {
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
