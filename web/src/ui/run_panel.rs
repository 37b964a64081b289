//! The Run panel: a launch's settings (kernel, grid, block, shared memory,
//! arguments), the Run and bisect buttons, and what came back: the buffers,
//! the printf output, the error and where it happened, or the bisection's
//! verdict. [`Runs`] is the panel's part of the app's state.

use super::dom::select_value;
use super::{format_micros, Shared};
use crate::launch::{self, BisectResponse, Job, KernelInfo, LaunchOutcome, LaunchSettings, Runner};
use crate::ptxrun::{FindingView, PtxResult};
use ptxlab_core::Compilation;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// A field of the Run panel.
#[derive(Clone, Copy, PartialEq)]
pub enum LaunchField {
    Kernel,
    Grid,
    Block,
    Args,
    Shared,
    /// The "also run our PTX" box (`true`/`false`).
    RunPtx,
    /// The "cooperative launch" box (`true`/`false`).
    Cooperative,
    /// The pasted PTX.
    Ptx,
}

impl LaunchField {
    /// Sets the field to what the user typed.
    pub fn set(self, l: &mut LaunchSettings, value: String) {
        match self {
            LaunchField::Kernel => l.kernel = value,
            LaunchField::Grid => l.grid = value,
            LaunchField::Block => l.block = value,
            LaunchField::Args => l.args = value,
            LaunchField::Shared => l.shared = value.trim().parse().unwrap_or(0),
            LaunchField::RunPtx => l.run_ptx = value == "true",
            LaunchField::Cooperative => l.cooperative = value == "true",
            LaunchField::Ptx => l.ptx = value,
        }
    }
}

/// What the Run panel shows below its settings.
pub enum RunShown {
    Launch(Box<LaunchOutcome>),
    Bisect(Box<BisectResponse>),
    /// The worker was stopped (time limit) or died during the job.
    Stopped(String),
}

/// The launches and bisections: the one in flight, and what the panel shows.
#[derive(Default)]
pub struct Runs {
    pub runner: Runner,
    /// The panel's result and the compile (the app's `shown_seq`) it was for.
    pub shown: Option<(Rc<RunShown>, u64)>,
    /// Results the Run panel showed so far (tests wait on it).
    pub results: u32,
    /// `performance.now()` when the job in flight was sent.
    pub sent_at: f64,
    /// A result was shown and not yet measured (request-to-render latency,
    /// the run output's `data-run-ms`).
    pub measure: bool,
    /// A bisection's progress: pass runs done, of, the last pass.
    pub progress: Option<(usize, usize, String)>,
    /// Launch once the next compile is shown (a link or an example opened
    /// with the Run panel showing).
    pub auto_launch: bool,
}

impl Runs {
    /// Shows a result, for the compile `seq`.
    pub fn show(&mut self, shown: RunShown, seq: u64) {
        self.shown = Some((Rc::new(shown), seq));
        self.results += 1;
    }

    /// The pass run the last bisection found, while it is for the
    /// compilation shown (`shown_seq`).
    pub fn culprit(&self, shown_seq: u64) -> Option<usize> {
        match &self.shown {
            Some((shown, seq)) if *seq == shown_seq => match &**shown {
                RunShown::Bisect(b) => b.change.as_ref().map(|c| c.stage),
                _ => None,
            },
            _ => None,
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct RunPanelProps {
    pub launch: LaunchSettings,
    /// The kernels of the newest compile that had any.
    pub kernels: Rc<Vec<KernelInfo>>,
    /// The job in flight.
    pub busy: Option<Job>,
    pub progress: Option<(usize, usize, String)>,
    pub shown: Option<Shared<RunShown>>,
    /// The result shown is for an older compile.
    pub stale: bool,
    pub results: u32,
    /// The compilation shown and its selected run: where a launch runs.
    pub compilation: Option<Shared<Compilation>>,
    pub selected: Option<usize>,
    pub on_edit: Callback<(LaunchField, String)>,
    pub on_launch: Callback<Job>,
    pub on_go_to_line: Callback<u32>,
    /// The Reduce action (`super::reduce_bar`), beside bisect.
    #[prop_or_default]
    pub reduce: Html,
}

/// Where a launch runs now: the selected IR stage, or the optimized IR.
fn launch_where(props: &RunPanelProps) -> String {
    let Some(c) = props.compilation.as_deref() else {
        return String::new();
    };
    let run = props.selected;
    match run.and_then(|r| c.pass_runs_at(r)) {
        Some(0) => "Runs the IR after irgen and link (select a run in the pass list to run another).".to_string(),
        Some(n) => format!(
            "Runs the IR after pass run {n}, {} (select another run in the pass list to run that one).",
            c.stages.get(Compilation::stage_of_pass_run(n)).map_or("", |s| s.name.as_str())
        ),
        None => "Runs the optimized IR: the interpreter runs IR, not the backend's machine code.".to_string(),
    }
}

#[function_component]
pub fn RunPanel(props: &RunPanelProps) -> Html {
    let l = &props.launch;
    let kernel = launch::chosen(&props.kernels, l);
    let on_field = |field: LaunchField| {
        props.on_edit.reform(move |e: InputEvent| {
            (field, e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_kernel = props
        .on_edit
        .reform(|e: Event| (LaunchField::Kernel, select_value(&e)));
    // Enter in a field runs.
    let on_enter = {
        let cb = props.on_launch.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Enter" && !e.ctrl_key() && !e.shift_key() && !e.meta_key() {
                cb.emit(Job::Launch)
            }
        })
    };
    let on_run_ptx = props.on_edit.reform(|e: Event| {
        let checked = e.target_unchecked_into::<HtmlInputElement>().checked();
        (LaunchField::RunPtx, checked.to_string())
    });
    let on_cooperative = props.on_edit.reform(|e: Event| {
        let checked = e.target_unchecked_into::<HtmlInputElement>().checked();
        (LaunchField::Cooperative, checked.to_string())
    });
    let on_ptx = props.on_edit.reform(|e: InputEvent| {
        let text = e
            .target_unchecked_into::<web_sys::HtmlTextAreaElement>()
            .value();
        (LaunchField::Ptx, text)
    });
    let busy = props.busy;
    let suggestion = kernel.map(launch::suggest_args).unwrap_or_default();
    html! {
        <div class="run-panel" data-testid="run-panel">
            <div class="run-form">
                <div class="run-row">
                    <label class="field"><span>{ "kernel" }</span>
                        <select data-testid="run-kernel" onchange={on_kernel}>
                            if props.kernels.is_empty() {
                                <option value="" selected=true>{ "no kernel" }</option>
                            }
                            { for props.kernels.iter().map(|k| html! {
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
                        onclick={props.on_launch.reform(|_| Job::Launch)}>{ "Run" }</button>
                    <button type="button" class="button secondary" data-testid="bisect-button" disabled={busy.is_some()}
                        title="run the launch after irgen and after every pass run, and mark the first pass run whose result differs"
                        onclick={props.on_launch.reform(|_| Job::Bisect)}>{ "Find the first pass that changes the result" }</button>
                </div>
                { props.reduce.clone() }
                <div class="run-where" data-testid="run-where">{ launch_where(props) }</div>
                <div class="run-row run-ptx">
                    <label class="check" title="run our final PTX in the PTX emulator with the same launch and compare its buffers with the IR's">
                        <input type="checkbox" data-testid="run-ptx-ours" checked={l.run_ptx} onchange={on_run_ptx} />
                        { " also run our final PTX" }
                    </label>
                    <label class="check" title="launch as cudaLaunchCooperativeKernel does: every block resident at once, so that grid.sync() can be met (a grid larger than the model's one SM holds fails to launch; the race checks are off)">
                        <input type="checkbox" data-testid="run-cooperative" checked={l.cooperative} onchange={on_cooperative} />
                        { " cooperative launch" }
                    </label>
                </div>
                <details class="run-ptx-paste" open={!l.ptx.is_empty()}>
                    <summary data-testid="run-ptx-tab">{ "PTX: run pasted PTX with the same launch" }</summary>
                    <textarea data-testid="run-ptx-paste" spellcheck="false" rows="6"
                        placeholder="Paste PTX (NVRTC's or nvcc's for this source): Run runs it in the emulator with the same launch and says whether its buffers match the IR's."
                        value={l.ptx.clone()} oninput={on_ptx} />
                </details>
            </div>
            <div class="run-output" data-testid="run-output" data-results={props.results.to_string()}>
                { run_progress(props) }
                { run_shown(props) }
            </div>
        </div>
    }
}

fn run_progress(props: &RunPanelProps) -> Html {
    match (props.busy, &props.progress) {
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

fn run_shown(props: &RunPanelProps) -> Html {
    let Some(shown) = &props.shown else {
        return html! {
            <div class="run-empty">{ "Run the kernel to see its buffers after the launch, its printf output and what the interpreter counted." }</div>
        };
    };
    let stale = props.stale;
    let stale_note = stale.then(|| html! {
        <div class="run-stale" data-testid="run-stale">{ "The source or options changed since: run again for the new code." }</div>
    });
    let go = &props.on_go_to_line;
    let body = match &**shown {
        RunShown::Stopped(why) => html! {
            <div class="run-error" data-testid="run-error"><strong>{ "stopped" }</strong>{ ": " }{ why }</div>
        },
        RunShown::Launch(o) => outcome(go, o),
        RunShown::Bisect(b) => {
            let undefined = (!b.undefined.is_empty()).then(|| html! {
                <div class="bisect-undefined" data-testid="bisect-undefined">
                    { format!("The kernel has undefined behaviour ({}): a pass may change what such a kernel computes.", b.undefined[0]) }
                </div>
            });
            let rewrite = b.change.as_ref().and_then(|c| c.rewrite.as_ref().map(|r| {
                let at = if r.line > 0 { format!(" at line {}", r.line) } else { String::new() };
                let line = r.line;
                html! {
                    <div class="bisect-rewrite" data-testid="bisect-rewrite">
                        <div>
                            <strong>{ &c.pass }</strong>
                            { format!(", rewrite {} of {}: {}", r.index, r.total, r.description) }
                            if line > 0 {
                                <a href="#" onclick={go.reform(move |e: MouseEvent| { e.prevent_default(); line })}>{ at }</a>
                            }
                        </div>
                        <pre class="bisect-rewrite-diff" data-testid="bisect-rewrite-diff">{ &r.diff }</pre>
                    </div>
                }
            }));
            let summary = match &b.change {
                Some(c) if c.backend => html! {
                    <>
                        <div class="bisect-summary changed">
                            { "Every IR run agrees, but our PTX in the emulator does not: a backend bug, in " }
                            <strong>{ &c.pass }</strong>
                            { format!(": {} element{} differ{}.", c.differing, if c.differing == 1 { "" } else { "s" }, if c.differing == 1 { "s" } else { "" }) }
                        </div>
                        { for rewrite }
                        <ul class="bisect-differences" data-testid="bisect-differences">
                            { for c.differences.iter().map(|d| html! { <li>{ d }</li> }) }
                        </ul>
                        <div class="outcome-label">{ "Our PTX in the emulator:" }</div>
                        { outcome(go, &c.after) }
                    </>
                },
                Some(c) => html! {
                    <>
                        <div class="bisect-summary changed">
                            { format!("The result first changes after pass run {}, ", c.pass_run) }
                            <strong>{ &c.pass }</strong>
                            { format!(": {} element{} differ{}.", c.differing, if c.differing == 1 { "" } else { "s" }, if c.differing == 1 { "s" } else { "" }) }
                            { " Marked ≠ in the pass list, its diff shown. A correct pass keeps the result: either it miscompiles, or the kernel has undefined behaviour the pass may exploit (an uninitialized read, a data race, an out-of-range shift)." }
                        </div>
                        { for rewrite }
                        <ul class="bisect-differences" data-testid="bisect-differences">
                            { for c.differences.iter().map(|d| html! { <li>{ d }</li> }) }
                        </ul>
                        <div class="outcome-label">{ format!("After {}:", c.pass) }</div>
                        { outcome(go, &c.after) }
                    </>
                },
                None if b.baseline.error.is_some() && b.launches == 0 => html! {
                    <>
                        <div class="bisect-summary">{ "The launch could not run, so there is nothing to compare:" }</div>
                        { outcome(go, &b.baseline) }
                    </>
                },
                None => html! {
                    <>
                        <div class="bisect-summary same">
                            { format!("No pass changes the result: the launch gives the same result after irgen and link and after each of the {} pass runs.", b.total) }
                        </div>
                        { outcome(go, &b.baseline) }
                    </>
                },
            };
            html! {
                <div class="bisect-result" data-testid="bisect-result" data-changed={b.change.is_some().to_string()}>
                    { for undefined }
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

/// A launch's result: its error and where, its counts, its buffers, its printf output.
fn outcome(go_to_line: &Callback<u32>, o: &LaunchOutcome) -> Html {
    let after = if o.after.ends_with("PTX") {
        format!("as {} in the emulator", o.after)
    } else if o.pass_runs == 0 {
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
            let go = {
                let cb = go_to_line.clone();
                Callback::from(move |_: MouseEvent| {
                    if let Some(line) = line {
                        cb.emit(line)
                    }
                })
            };
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
    let ran = o.error.is_none() && o.stats.is_some();
    html! {
        <div class="outcome">
            { for error }
            { for stats }
            if ran { { verdict(go_to_line, &o.findings) } }
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
            { for o.ptx.iter().map(|r| ptx_result(go_to_line, r)) }
        </div>
    }
}

/// The undefined behaviour a launch found, above its buffers: each
/// finding's kind, line (a link that highlights it in the source), threads
/// and address; or that there was none.
fn verdict(go_to_line: &Callback<u32>, findings: &[FindingView]) -> Html {
    if findings.is_empty() {
        return html! {
            <div class="run-verdict clean" data-testid="run-verdict" data-clean="true">
                { "no undefined behaviour found" }
            </div>
        };
    }
    let line_link = |line: Option<u32>, what: &str| {
        line.map(|l| {
            let cb = go_to_line.clone();
            html! {
                <button type="button" class="link" data-testid="verdict-line" title="show the line in the source"
                    onclick={Callback::from(move |_: MouseEvent| cb.emit(l))}>{ format!("{what}line {l}") }</button>
            }
        })
    };
    html! {
        <div class="run-verdict" data-testid="run-verdict" data-clean="false">
            <div><strong>{ "undefined behaviour" }</strong>
                { " — a pass may change what this kernel computes, and so may the GPU:" }</div>
            <ul>
                { for findings.iter().map(|f| {
                    let [tx, ty, tz] = f.thread;
                    let [bx, by, bz] = f.block;
                    html! {
                        <li data-testid="verdict-finding" data-kind={f.kind.clone()}
                            data-line={f.line.map(|l| l.to_string()).unwrap_or_default()} title={f.text.clone()}>
                            <strong>{ &f.kind }</strong>{ " " }
                            { for line_link(f.line, "") }
                            { format!(" · thread ({tx},{ty},{tz}) of block ({bx},{by},{bz})") }
                            if let Some(a) = &f.address { { format!(" · {a}") } }
                            if f.other_line.is_some() { { " · with " } { for line_link(f.other_line, "") } }
                            <div class="muted finding-text">{ &f.text }</div>
                        </li>
                    }
                }) }
            </ul>
        </div>
    }
}

/// A launch of PTX beside the IR's: whether its buffers match, and its result.
fn ptx_result(go_to_line: &Callback<u32>, r: &PtxResult) -> Html {
    let head = if r.outcome.error.is_some() {
        format!("{}: the launch did not complete", r.label)
    } else if r.matches {
        format!("{}: the same buffers as the IR", r.label)
    } else {
        format!(
            "{}: differs from the IR in {} element{}",
            r.label,
            r.differing,
            if r.differing == 1 { "" } else { "s" }
        )
    };
    html! {
        <div class={classes!("ptx-run", r.matches.then_some("matches"))} data-testid="run-ptx-result"
            data-label={r.label.clone()} data-matches={r.matches.to_string()}>
            <div class="ptx-run-head"><strong>{ head }</strong></div>
            if !r.differences.is_empty() {
                <ul class="bisect-differences">{ for r.differences.iter().map(|d| html! { <li>{ d }</li> }) }</ul>
            }
            { outcome(go_to_line, &r.outcome) }
        </div>
    }
}
