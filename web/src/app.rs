//! The page: source editor, the stage list with the selected stage's text, the
//! PTX, and a status line. Every edit is compiled in the worker after a short
//! pause in typing; see [`Scheduler`] for which results are shown.

use crate::codec::JsCodec;
use crate::protocol::{self, CompileRequest, CompileResponse, Scheduler, SOURCE_NAME};
use crate::worker::CompileWorker;
use gloo_timers::callback::Timeout;
use gloo_worker::{Spawnable, WorkerBridge};
use ptxlab_core::{target, Compilation, Options, StageKind};
use web_sys::{HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// Wait this long after the last keystroke before compiling.
const DEBOUNCE_MS: u32 = 250;

/// wasm-bindgen's no-modules script for the worker; gloo-worker loads
/// `worker_bg.wasm` next to it.
const WORKER_SCRIPT: &str = "pkg/worker.js";

/// Mounts the page on `#app` (or `<body>` when the page has none).
pub fn run() {
    console_error_panic_hook::set_once();
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("app"));
    match root {
        Some(root) => yew::Renderer::<App>::with_root(root).render(),
        None => yew::Renderer::<App>::new().render(),
    };
}

pub enum Msg {
    Edit(String),
    Arch(String),
    OptLevel(u8),
    /// The debounce timer ran out: compile now.
    Compile,
    Compiled(Box<CompileResponse>),
    Select(usize),
}

pub struct App {
    source: String,
    arch: String,
    opt_level: u8,
    worker: WorkerBridge<CompileWorker>,
    debounce: Option<Timeout>,
    scheduler: Scheduler,
    shown: Option<CompileResponse>,
    /// Index of the stage whose text the IR pane shows.
    selected: Option<usize>,
    /// `?bench=N`: compile the first source N times and show the timings.
    bench_runs: Option<u32>,
    /// Milliseconds from navigation start to the first PTX on screen.
    first_ptx_ms: Option<f64>,
}

impl Component for App {
    type Message = Msg;
    type Properties = ();

    fn create(ctx: &Context<Self>) -> Self {
        let link = ctx.link().clone();
        let worker = CompileWorker::spawner()
            .callback(move |response| link.send_message(Msg::Compiled(Box::new(response))))
            .encoding::<JsCodec>()
            .spawn(WORKER_SCRIPT);
        let defaults = Options::default();
        let bench = bench_params();
        let source = match bench {
            Some((_, kernels)) if kernels > 1 => protocol::bench_source(kernels),
            _ => protocol::DEFAULT_SOURCE.to_string(),
        };
        let mut app = App {
            source,
            arch: defaults.arch,
            opt_level: defaults.opt_level,
            worker,
            debounce: None,
            scheduler: Scheduler::default(),
            shown: None,
            selected: None,
            bench_runs: bench.map(|(runs, _)| runs),
            first_ptx_ms: None,
        };
        // The bridge holds this until the worker has loaded.
        app.compile_now();
        app
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Edit(source) => {
                self.source = source;
                let link = ctx.link().clone();
                // Replacing the timer cancels the previous one.
                self.debounce = Some(Timeout::new(DEBOUNCE_MS, move || {
                    link.send_message(Msg::Compile)
                }));
                // The textarea already shows the text; nothing to redraw.
                false
            }
            Msg::Arch(arch) => {
                self.arch = arch;
                self.compile_now();
                true
            }
            Msg::OptLevel(level) => {
                self.opt_level = level;
                self.compile_now();
                true
            }
            Msg::Compile => {
                self.debounce = None;
                self.compile_now();
                true
            }
            Msg::Compiled(response) => {
                let arrival = self.scheduler.arrived(response.seq);
                if arrival.show {
                    self.show(*response);
                }
                if let Some(seq) = arrival.send {
                    self.send(seq);
                }
                true
            }
            Msg::Select(index) => {
                self.selected = Some(index);
                true
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let on_input = link.callback(|e: InputEvent| {
            Msg::Edit(e.target_unchecked_into::<HtmlTextAreaElement>().value())
        });
        let on_arch = link
            .callback(|e: Event| Msg::Arch(e.target_unchecked_into::<HtmlSelectElement>().value()));
        let on_opt = link.callback(|e: Event| {
            let value = e.target_unchecked_into::<HtmlSelectElement>().value();
            Msg::OptLevel(value.trim_start_matches("-O").parse().unwrap_or(3))
        });
        let compilation = self.shown.as_ref().map(|r| &r.compilation);
        let first_ptx = self.first_ptx_ms.map(|ms| format!("{ms:.0}"));

        html! {
            <div class="app" data-first-ptx-ms={first_ptx}>
                <header class="bar">
                    <h1>{ "ptxlab" }</h1>
                    <span class="tagline">{ "CUDA C → PTX, every pass in view" }</span>
                    <span class="spacer"></span>
                    <label>
                        { "arch " }
                        <select data-testid="arch-select" onchange={on_arch}>
                            { for target::names().into_iter().map(|name| html! {
                                <option value={name} selected={name == self.arch}>{ name }</option>
                            }) }
                        </select>
                    </label>
                    <label>
                        { "opt " }
                        <select data-testid="opt-select" onchange={on_opt}>
                            { for (0..=3u8).map(|level| html! {
                                <option value={format!("-O{level}")} selected={level == self.opt_level}>
                                    { format!("-O{level}") }
                                </option>
                            }) }
                        </select>
                    </label>
                    <span class="version">{ format!("v{}", ptxlab_core::VERSION) }</span>
                </header>
                <main class="panes">
                    <section class="pane pane-source">
                        <h2>{ "CUDA C " }<span class="file">{ SOURCE_NAME }</span></h2>
                        <textarea
                            data-testid="source-editor"
                            class="code editor"
                            spellcheck="false"
                            autocomplete="off"
                            aria-label="CUDA C source"
                            value={self.source.clone()}
                            oninput={on_input}
                        />
                    </section>
                    <section class="pane pane-stages">
                        <h2>{ "Stages" }</h2>
                        <div class="stages">
                            <ol data-testid="pass-list" class="pass-list">
                                { for compilation.into_iter().flat_map(|c| c.stages.iter()).enumerate()
                                    .map(|(i, stage)| self.view_stage(ctx, i, stage)) }
                            </ol>
                            <pre data-testid="ir-view" class="code ir">{ self.selected_text() }</pre>
                        </div>
                    </section>
                    <section class="pane pane-ptx">
                        <h2>{ "PTX" }</h2>
                        <pre data-testid="ptx-view" class="code ptx">{ ptx_text(compilation) }</pre>
                    </section>
                </main>
                <footer class="status-bar">
                    { self.view_status() }
                    <ul data-testid="diagnostics" class="diagnostics">
                        { for compilation.into_iter().flat_map(|c| c.diagnostics.iter()).map(|d| html! {
                            <li class={d.severity.to_string()}>{ d.to_string() }</li>
                        }) }
                    </ul>
                    { self.view_bench() }
                </footer>
            </div>
        }
    }
}

impl App {
    /// Asks the scheduler for a compile of the current source and options.
    fn compile_now(&mut self) {
        if let Some(seq) = self.scheduler.request() {
            self.send(seq);
        }
    }

    fn send(&mut self, seq: u64) {
        let options = Options {
            arch: self.arch.clone(),
            opt_level: self.opt_level,
            ..Options::default()
        };
        // Benchmark runs apply to the first compile only.
        let runs = self
            .bench_runs
            .filter(|_| self.shown.is_none())
            .unwrap_or(1);
        self.worker.send(CompileRequest {
            seq,
            name: SOURCE_NAME.to_string(),
            source: self.source.clone(),
            options,
            runs,
        });
    }

    fn show(&mut self, response: CompileResponse) {
        let stages = &response.compilation.stages;
        // Keep the selected stage across edits; otherwise show the final IR.
        if self.selected.is_none_or(|i| i >= stages.len()) {
            self.selected = stages
                .iter()
                .rposition(|s| s.kind == StageKind::Ir)
                .or(stages.len().checked_sub(1));
        }
        if self.first_ptx_ms.is_none() && response.compilation.ptx.is_some() {
            self.first_ptx_ms = web_sys::window()
                .and_then(|w| w.performance())
                .map(|p| p.now());
        }
        self.shown = Some(response);
    }

    fn selected_text(&self) -> String {
        let stages = self
            .shown
            .as_ref()
            .map(|r| r.compilation.stages.as_slice())
            .unwrap_or(&[]);
        self.selected
            .and_then(|i| stages.get(i))
            .map(|s| s.text())
            .unwrap_or_default()
    }

    fn view_stage(&self, ctx: &Context<Self>, index: usize, stage: &ptxlab_core::Stage) -> Html {
        let selected = self.selected == Some(index);
        let onclick = ctx.link().callback(move |_: MouseEvent| Msg::Select(index));
        let kind = match stage.kind {
            StageKind::Ir => "ir",
            StageKind::Machine => "machine",
            StageKind::Ptx => "ptx",
        };
        html! {
            <li
                data-testid="pass-item"
                data-pass={stage.name.clone()}
                data-changed={stage.changed.to_string()}
                data-kind={kind}
                class={classes!("pass-item", selected.then_some("selected"), (!stage.changed).then_some("unchanged"))}
                title={stage.description.clone()}
            >
                <button type="button" {onclick} aria-pressed={selected.to_string()}>
                    <span class="mark" title={if stage.changed { "changed the code" } else { "no change" }}>
                        { if stage.changed { "●" } else { "○" } }
                    </span>
                    <span class="name">{ &stage.name }</span>
                    <span class="time">{ format_micros(stage.micros) }</span>
                </button>
            </li>
        }
    }

    fn view_status(&self) -> Html {
        let (class, text) = match &self.shown {
            None => ("status busy", "loading the compiler…".to_string()),
            Some(response) => status_line(&response.compilation, &self.arch, self.opt_level),
        };
        let busy = self.scheduler.busy() || self.debounce.is_some();
        html! {
            <div data-testid="status" class={class} data-busy={busy.to_string()}>{ text }</div>
        }
    }

    fn view_bench(&self) -> Html {
        let (Some(runs), Some(response)) = (self.bench_runs, &self.shown) else {
            return html! {};
        };
        let times = &response.run_micros;
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

/// The PTX pane's text; a comment in PTX syntax when errors stopped the compile.
fn ptx_text(c: Option<&Compilation>) -> String {
    match c {
        None => String::new(),
        Some(c) => match &c.ptx {
            Some(ptx) => ptx.clone(),
            None if c.has_errors() => {
                "// no PTX: the source has errors (listed below)\n".to_string()
            }
            None => String::new(),
        },
    }
}

/// The status line: how many errors, or what was compiled and how fast.
fn status_line(c: &Compilation, arch: &str, opt_level: u8) -> (&'static str, String) {
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
        "compiled in {} · {kernels} · {} stages · {arch} -O{opt_level}",
        format_micros(c.stats.total_micros),
        c.stages.len()
    );
    ("status ok", text)
}

fn format_micros(micros: u64) -> String {
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
