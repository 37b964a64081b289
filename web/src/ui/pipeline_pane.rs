//! The pipeline pane: the function and pass filters, the pass list (one row
//! per pass run, or per group of runs that changed nothing), and the
//! selected run's diff against the run before (when it changed something),
//! its IR, or its diff against another run; a stale mark while the source
//! has errors and the last good compilation is shown.
//! [`PipelineView`] is what the pane shows, derived from the compilation
//! and the shared state.

use super::code::{on_value_click, on_value_keys, CodeView, DiffView};
use super::dom::select_value;
use super::ir_edit::IrEditBox;
use super::metrics_chart::MetricsChart;
use super::{format_micros, Shared};
use crate::diff::{self, Diff};
use crate::highlight::Lang;
use crate::pipeline::{self, Row};
use crate::share::{Followed, Layout, State, View};
use crate::values::{self, History};
use ptxlab_core::compilation::RemarkKind;
use ptxlab_core::{Compilation, StageKind};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The pass list's rows and the selected run's text or diff, derived
/// from the state and the compilation by [`PipelineView::refresh`].
#[derive(Clone, PartialEq)]
pub struct PipelineView {
    pub rows: Rc<Vec<Row>>,
    pub functions: Vec<String>,
    pub run_text: AttrValue,
    pub run_lang: Lang,
    pub run_diff: Option<Rc<Diff>>,
    /// Per line of `run_text`, its source line (empty: not known).
    pub run_src: Rc<Vec<u32>>,
    /// The Changes view shows the IR of a run that changed nothing.
    pub unchanged_note: bool,
    /// The value followed and its history through the runs.
    pub followed: Option<(Followed, Rc<History>)>,
}

impl Default for PipelineView {
    fn default() -> Self {
        PipelineView {
            rows: Rc::default(),
            functions: Vec::new(),
            run_text: AttrValue::default(),
            run_lang: Lang::Ir,
            run_diff: None,
            run_src: Rc::default(),
            unchanged_note: false,
            followed: None,
        }
    }
}

/// The pass run shown: the one the state names, or the default one.
pub fn selected_run(c: Option<&Compilation>, state: &State) -> Option<usize> {
    let c = c?;
    state
        .run
        .filter(|&r| r < c.stages.len())
        .or_else(|| pipeline::default_run(c))
}

impl PipelineView {
    /// The function the state names, if the compilation has it.
    pub fn function<'a>(&self, wanted: Option<&'a str>) -> Option<&'a str> {
        wanted.filter(|f| self.functions.iter().any(|n| n == f))
    }

    /// Recomputes the pass list, the selected run's text and its diff.
    /// `ptx_src` maps the PTX's lines to source lines.
    pub fn refresh(&mut self, c: &Compilation, state: &State, ptx_src: &Rc<Vec<u32>>) {
        self.functions = pipeline::functions(c);
        let function = self.function(state.function.as_deref());
        let collapse = pipeline::Collapse {
            hide_unchanged: state.hide_unchanged,
            fold: state.fold,
        };
        self.rows = Rc::new(pipeline::rows(c, function, collapse, &state.filter));
        self.unchanged_note = false;
        self.followed = state.value.as_ref().map(|v| {
            let lang = if v.ptx { Lang::Ptx } else { Lang::Ir };
            let history = values::history(c, function, lang, &v.name);
            (v.clone(), Rc::new(history))
        });
        let Some(run) = selected_run(Some(c), state) else {
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
            StageKind::Ptx => ptx_src.clone(),
            StageKind::Machine => Rc::default(),
            StageKind::Ir => Rc::new(crate::irmap::text_lines(stage, function)),
        };
        let before = |run: usize| {
            run.checked_sub(1)
                .map(|b| pipeline::text(&c.stages[b], function))
                .unwrap_or_default()
        };
        self.run_diff = match state.view {
            View::Ir => None,
            // The first run, or the first of another kind (machine code
            // after IR), has nothing comparable before it: its text.
            View::Changes
                if run == 0
                    || c.stages[run - 1].kind != stage.kind
                    || !pipeline::changed(c, run, function) =>
            {
                self.unchanged_note = run > 0 && !pipeline::changed(c, run, function);
                None
            }
            View::Changes => Some(Rc::new(diff::diff(&before(run), &text))),
            View::Diff => Some(Rc::new(diff::diff(&before(run), &text))),
            View::Compare => {
                let base = state
                    .base
                    .filter(|&b| b < c.stages.len())
                    .unwrap_or(run.saturating_sub(1));
                let before = pipeline::text(&c.stages[base], function);
                Some(Rc::new(diff::diff(&before, &text)))
            }
        };
        self.run_text = AttrValue::from(text);
    }
}

/// What the user did in the pane; each changes the shared state.
#[derive(Clone)]
pub enum PipelineEvent {
    SelectRun(usize),
    Function(String),
    Filter(String),
    HideUnchanged(bool),
    Fold(bool),
    SetView(View),
    SetLayout(Layout),
    CompareA(usize),
    CompareB(usize),
    /// A remark's source line was clicked: highlight it (the app's, not
    /// the shared state's).
    ShowLine(u32),
    /// A value was clicked: follow it (or, if followed, stop).
    Follow(Followed),
    Unfollow,
    /// Edit and continue: this IR as its run's result (`None`: drop the edit).
    EditIr(Option<ptxlab_core::edit::IrEdit>),
}

impl PipelineEvent {
    /// Applies the event to the state; `selected` is the run shown before.
    pub fn apply(self, state: &mut State, selected: Option<usize>) {
        match self {
            PipelineEvent::SelectRun(run) => state.run = Some(run),
            PipelineEvent::Function(name) => state.function = (!name.is_empty()).then_some(name),
            PipelineEvent::Filter(text) => state.filter = text,
            PipelineEvent::HideUnchanged(on) => state.hide_unchanged = on,
            PipelineEvent::Fold(on) => state.fold = on,
            PipelineEvent::SetView(view) => {
                state.view = view;
                if view == View::Compare && state.base.is_none() {
                    state.base = selected.map(|r| r.saturating_sub(1));
                }
            }
            PipelineEvent::SetLayout(layout) => state.layout = layout,
            PipelineEvent::CompareA(run) => state.base = Some(run),
            PipelineEvent::CompareB(run) => state.run = Some(run),
            PipelineEvent::ShowLine(_) => {}
            // An empty name (Escape in the PTX pane) stops following.
            PipelineEvent::Follow(v) if v.name.is_empty() => state.value = None,
            PipelineEvent::Follow(v) => {
                state.value = (state.value.as_ref() != Some(&v)).then_some(v);
            }
            PipelineEvent::Unfollow => state.value = None,
            PipelineEvent::EditIr(edit) => state.options.ir_edit = edit,
        }
    }

    /// Whether the event changes what is compiled.
    pub fn recompiles(&self) -> bool {
        matches!(self, PipelineEvent::EditIr(_))
    }
}

#[derive(Properties, PartialEq)]
pub struct PipelinePaneProps {
    pub compilation: Option<Shared<Compilation>>,
    pub data: PipelineView,
    /// The function shown ("": all).
    pub function: AttrValue,
    pub filter: AttrValue,
    pub hide_unchanged: bool,
    pub fold: bool,
    /// The errors of the newest compile, while the pane shows the last
    /// good one (dimmed, marked stale).
    pub stale_errors: Option<usize>,
    pub view: View,
    pub layout: Layout,
    /// Compare's run A, when chosen.
    pub base: Option<usize>,
    pub selected: Option<usize>,
    /// The pass run the last bisection found.
    pub culprit: Option<usize>,
    /// The source line a remark's link highlights.
    pub shown_line: Option<u32>,
    pub on_event: Callback<PipelineEvent>,
    /// The IR line under the pointer (0-based).
    pub on_hover: Callback<Option<usize>>,
    /// The edit in force (edit and continue) and its errors.
    #[prop_or_default]
    pub ir_edit: Option<ptxlab_core::edit::IrEdit>,
    #[prop_or_default]
    pub ir_edit_errors: Rc<Vec<String>>,
}

#[function_component]
pub fn PipelinePane(props: &PipelinePaneProps) -> Html {
    let event = &props.on_event;
    let on_function = event.reform(|e: Event| PipelineEvent::Function(select_value(&e)));
    let on_filter = event.reform(|e: InputEvent| {
        PipelineEvent::Filter(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let on_hide = event.reform(|e: Event| {
        PipelineEvent::HideUnchanged(e.target_unchecked_into::<HtmlInputElement>().checked())
    });
    let on_fold = event.reform(|e: Event| {
        PipelineEvent::Fold(e.target_unchecked_into::<HtmlInputElement>().checked())
    });
    let ptx = props.data.run_lang == Lang::Ptx;
    let follow = event.reform(move |name: String| PipelineEvent::Follow(Followed { name, ptx }));
    let on_value = on_value_click(&follow);
    let on_keys = on_value_keys(
        &follow,
        &event.reform(|()| PipelineEvent::Unfollow),
        Some(history_step(props)),
    );
    let function = props.function.to_string();
    let stale = props.stale_errors.map(|n| {
        let errors = if n == 1 {
            "1 error".to_string()
        } else {
            format!("{n} errors")
        };
        html! {
            <span class="stale-mark" data-testid="stale-mark" data-errors={n.to_string()}
                title="the source does not compile: this is the last compilation that did">
                { format!("stale · {errors}") }
            </span>
        }
    });
    html! {
        <section class={classes!("pane", "pane-pipeline", props.stale_errors.is_some().then_some("stale"))}>
            <h2>{ "Pipeline" }
                { for stale }
                <span class="hint">{ "j/k or ↑/↓ move through runs" }</span></h2>
            <div class="pipeline-tools">
                <select data-testid="function-select" onchange={on_function} aria-label="function">
                    <option value="" selected={function.is_empty()}>{ "all functions" }</option>
                    { for props.data.functions.iter().map(|f| html! {
                        <option value={f.clone()} selected={*f == function}>{ f }</option>
                    }) }
                </select>
                <input type="search" placeholder="filter passes" data-testid="pass-filter"
                    value={props.filter.to_string()} oninput={on_filter} aria-label="filter passes" />
                <label class="flag" title="collapse consecutive runs that changed nothing into one row">
                    <input type="checkbox" data-testid="hide-unchanged" checked={props.hide_unchanged} onchange={on_hide} />
                    { "hide unchanged" }
                </label>
                <label class="flag" title="fold each run that changed nothing into the next run that changed something">
                    <input type="checkbox" data-testid="fold-unchanged" checked={props.fold} onchange={on_fold} />
                    { "fold into next change" }
                </label>
            </div>
            <div class="pipeline">
                <div class="pass-column">
                    <MetricsChart compilation={props.compilation.clone()} selected={props.selected}
                        on_select={event.reform(PipelineEvent::SelectRun)} />
                    { pass_list(props) }
                </div>
                <div class="run-view" onclick={on_value} onkeydown={on_keys}>
                    { run_tools(props) }
                    { ir_edit(props) }
                    { run(props) }
                </div>
            </div>
        </section>
    }
}

/// The edit box of the selected run, when its IR can be edited (link's
/// or a pass run's).
fn ir_edit(props: &PipelinePaneProps) -> Html {
    let at = props
        .compilation
        .as_deref()
        .zip(props.selected)
        .filter(|(c, s)| c.stages.get(*s).is_some_and(|st| st.name != "irgen"))
        .and_then(|(c, s)| Some((s, c.pass_runs_at(s)?)));
    html! {
        <IrEditBox {at} text={props.data.run_text.clone()} edit={props.ir_edit.clone()}
            errors={props.ir_edit_errors.clone()} on_event={props.on_event.clone()} />
    }
}

fn pass_list(props: &PipelinePaneProps) -> Html {
    let selected = props.selected;
    let culprit = props.culprit;
    let c = props.compilation.as_deref();
    html! {
        <ol data-testid="pass-list" class="pass-list" tabindex="0" aria-label="pass runs">
            { for props.data.rows.iter().map(|row| {
                let run = row.last;
                let onclick = props.on_event.reform(move |_: MouseEvent| PipelineEvent::SelectRun(run));
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
                let edited = c
                    .and_then(|c| c.stages.get(row.first..=row.last))
                    .is_some_and(|runs| runs.iter().any(|s| s.edited));
                let remarks: usize = c
                    .and_then(|c| c.stages.get(row.first..=row.last))
                    .map_or(0, |runs| runs.iter().map(|s| s.remarks.len()).sum());
                html! {
                    <li data-testid="pass-item"
                        data-pass={row.label.clone()}
                        data-changed={row.changed.to_string()}
                        data-kind={kind}
                        data-run={row.first.to_string()}
                        data-culprit={is_culprit.then_some("true")}
                        data-edited={edited.then_some("true")}
                        class={classes!("pass-item",
                            is_culprit.then_some("culprit"),
                            edited.then_some("edited"),
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
                            if edited {
                                <span class="edited-mark" title="this run's IR is your edit">{ "✎" }</span>
                            }
                            if is_culprit {
                                <span class="culprit-mark" title="the first pass run after which the launch's result differs">{ "≠" }</span>
                            }
                            <span class={classes!("remark-count", (remarks == 0).then_some("none"))}
                                data-testid="remark-count" data-count={remarks.to_string()}
                                title={format!("{remarks} remark{}: what the pass did here", if remarks == 1 { "" } else { "s" })}>
                                { if remarks > 0 { remarks.to_string() } else { String::new() } }
                            </span>
                            <span class="time">{ format_micros(row.micros) }</span>
                        </button>
                    </li>
                }
            }) }
        </ol>
    }
}

fn run_tools(props: &PipelinePaneProps) -> Html {
    let event = &props.on_event;
    let view = props.view;
    let tab = |v: View, label: &'static str, testid: &'static str| {
        let onclick = event.reform(move |_: MouseEvent| PipelineEvent::SetView(v));
        html! {
            <button type="button" class={classes!("tab", (view == v).then_some("active"))}
                aria-pressed={(view == v).to_string()} data-testid={testid} {onclick}>{ label }</button>
        }
    };
    let layout = props.layout;
    let layout_button = |l: Layout, label: &'static str| {
        let onclick = event.reform(move |_: MouseEvent| PipelineEvent::SetLayout(l));
        html! {
            <button type="button" class={classes!("tab", (layout == l).then_some("active"))}
                aria-pressed={(layout == l).to_string()} data-testid={format!("layout-{label}")} {onclick}>{ label }</button>
        }
    };
    let stages = props
        .compilation
        .as_ref()
        .map(|c| c.stages.as_slice())
        .unwrap_or(&[]);
    let run = props.selected;
    let run_select = |testid: &'static str,
                      current: Option<usize>,
                      msg: fn(usize) -> PipelineEvent| {
        let onchange = event.reform(move |e: Event| msg(select_value(&e).parse().unwrap_or(0)));
        html! {
            <select data-testid={testid} {onchange}>
                { for stages.iter().enumerate().map(|(i, s)| html! {
                    <option value={i.to_string()} selected={current == Some(i)}>{ format!("{i} {}", s.name) }</option>
                }) }
            </select>
        }
    };
    let summary = props.data.run_diff.as_ref().map(|d| {
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
                { tab(View::Changes, "changes", "view-changes") }
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
                        { run_select("compare-a", props.base.or(run.map(|r| r.saturating_sub(1))), PipelineEvent::CompareA) }</label>
                    <label class="field"><span>{ "B" }</span>
                        { run_select("compare-b", run, PipelineEvent::CompareB) }</label>
                }
                { for summary }
            </div>
            <div class="run-description" data-testid="run-description">{ description }</div>
            { value_history(props) }
            { remarks(props) }
        </>
    }
}

/// `]` / `[`: select the next / previous run of the followed value's
/// history after / before the selected one.
fn history_step(props: &PipelinePaneProps) -> Callback<isize> {
    let runs: Vec<usize> = props
        .data
        .followed
        .as_ref()
        .map(|(_, h)| h.events.iter().map(|e| e.run).collect())
        .unwrap_or_default();
    let selected = props.selected;
    let event = props.on_event.clone();
    Callback::from(move |step: isize| {
        let run = match (step > 0, selected) {
            (true, Some(s)) => runs.iter().find(|&&r| r > s),
            (true, None) => runs.first(),
            (false, Some(s)) => runs.iter().rev().find(|&&r| r < s),
            (false, None) => runs.last(),
        };
        if let Some(&r) = run {
            event.emit(PipelineEvent::SelectRun(r));
        }
    })
}

/// The followed value's strip: the runs that created, changed or deleted
/// it, each a button that selects the run.
fn value_history(props: &PipelinePaneProps) -> Html {
    let (Some((value, history)), Some(c)) = (&props.data.followed, props.compilation.as_deref())
    else {
        return html! {};
    };
    let family = if value.ptx { "machine or PTX" } else { "IR" };
    let runs = match history.present.len() {
        0 => format!("in no {family} run"),
        1 => "in 1 run".to_string(),
        n => format!("in {n} runs"),
    };
    let on_clear = props
        .on_event
        .reform(|_: MouseEvent| PipelineEvent::Unfollow);
    html! {
        <div class="value-history" data-testid="value-history" data-value={value.name.clone()}
            role="group" aria-label={format!("history of {}: ] and [ select the next and previous run, Escape stops following", value.name)}
            data-runs={history.present.len().to_string()}>
            <span class="value-name">{ "following " }<code>{ &value.name }</code></span>
            <span class="value-runs">{ runs }</span>
            { for history.events.iter().map(|e| {
                let run = e.run;
                let onclick = props.on_event.reform(move |_: MouseEvent| PipelineEvent::SelectRun(run));
                let here = props.selected == Some(run);
                let name = c.stages.get(run).map_or("", |s| s.name.as_str());
                html! {
                    <button type="button" class={classes!("value-event", e.change.as_str(), here.then_some("selected"))}
                        data-testid="value-event" data-run={run.to_string()} data-change={e.change.as_str()}
                        data-pass={name.to_string()} aria-pressed={here.to_string()}
                        title={format!("run {run}: {name} {} {}", e.change.as_str(), value.name)} {onclick}>
                        { format!("{} · {name}", e.change.as_str()) }
                    </button>
                }
            }) }
            <button type="button" class="value-clear" data-testid="value-clear" title="stop following" onclick={on_clear}>{ "×" }</button>
        </div>
    }
}

/// The remarks of the selected row's runs: what each pass did here, with
/// the source line where there is one (a link that highlights it).
fn remarks(props: &PipelinePaneProps) -> Html {
    let (Some(c), Some(run)) = (props.compilation.as_deref(), props.selected) else {
        return html! {};
    };
    let runs = props
        .data
        .rows
        .iter()
        .find(|r| r.contains(run))
        .map_or(run..=run, |r| r.first..=r.last);
    let group = runs.start() != runs.end();
    let items: Vec<Html> = c
        .stages
        .get(runs)
        .unwrap_or(&[])
        .iter()
        .flat_map(|s| s.remarks.iter().map(move |r| (s, r)))
        .map(|(stage, r)| {
            let kind = match r.kind {
                RemarkKind::Applied => "applied",
                RemarkKind::Missed => "missed",
            };
            let line = (r.line > 0).then_some(r.line);
            let link = line.map(|l| {
                let onclick = props
                    .on_event
                    .reform(move |_: MouseEvent| PipelineEvent::ShowLine(l));
                let shown = props.shown_line == Some(l);
                html! {
                    <button type="button" class={classes!("remark-line", shown.then_some("shown"))}
                        data-testid="remark-line" aria-pressed={shown.to_string()}
                        title="highlight this line in the source" {onclick}>{ format!("line {l}") }</button>
                }
            });
            html! {
                <li class={classes!("remark", kind)} data-testid="remark" data-kind={kind}
                    data-pass={stage.name.clone()} data-line={line.map(|l| l.to_string())}>
                    { for link }
                    if group { <span class="remark-pass">{ format!("[{}] ", stage.name) }</span> }
                    if r.kind == RemarkKind::Missed { <span class="remark-missed">{ "missed: " }</span> }
                    { &r.text }
                </li>
            }
        })
        .collect();
    if items.is_empty() {
        return html! {};
    }
    html! {
        <ul class="pass-remarks" data-testid="pass-remarks" aria-label="what the pass did here">
            { for items }
        </ul>
    }
}

fn run(props: &PipelinePaneProps) -> Html {
    let data = &props.data;
    match &data.run_diff {
        Some(d) => html! {
            <DiffView diff={d.clone()} split={props.layout == Layout::Split} lang={data.run_lang} />
        },
        None => html! {
            <>
                if data.unchanged_note {
                    <div class="unchanged-note" data-testid="unchanged-note">
                        { "This run changed nothing here: the IR after it is the same as before it." }
                    </div>
                }
                <CodeView testid="ir-view" text={data.run_text.clone()} lang={data.run_lang}
                    src={data.run_src.clone()} docs=false
                    on_hover={props.on_hover.clone()} />
            </>
        },
    }
}
