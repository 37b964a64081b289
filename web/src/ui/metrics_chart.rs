//! The metrics chart above the pass list: one point per pass run for the
//! chosen series (instructions by default; blocks, loads and stores by
//! address space, local bytes, registers by class after isel), the selected
//! run marked, each point's tooltip giving all of that run's metrics;
//! clicking a point selects its run. The data comes from `chart.rs`.

use super::dom::select_value;
use super::Shared;
use crate::chart;
use ptxlab_core::Compilation;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct MetricsChartProps {
    pub compilation: Option<Shared<Compilation>>,
    pub selected: Option<usize>,
    pub on_select: Callback<usize>,
}

#[function_component]
pub fn MetricsChart(props: &MetricsChartProps) -> Html {
    let key = use_state(|| chart::INSTRUCTIONS.to_string());
    let Some(c) = props.compilation.as_deref() else {
        return html! {};
    };
    let series = chart::series(c);
    // A series the new compilation lacks falls back to instructions.
    let key_now = if series.iter().any(|s| s.key == *key) {
        (*key).clone()
    } else {
        chart::INSTRUCTIONS.to_string()
    };
    let points = chart::points(c, &key_now);
    let per_run = chart::per_run(c);
    let on_series = {
        let key = key.clone();
        Callback::from(move |e: Event| key.set(select_value(&e)))
    };
    let line: Vec<String> = points
        .iter()
        .map(|p| format!("{:.2},{:.2}", p.x * 10.0, 100.0 - p.y))
        .collect();
    let selected_value = props
        .selected
        .and_then(|s| points.iter().find(|p| p.run == s))
        .map(|p| p.value.to_string())
        .unwrap_or_else(|| "–".into());
    let first_machine = c
        .stages
        .iter()
        .position(|s| s.kind != ptxlab_core::StageKind::Ir)
        .filter(|&i| i > 0);
    let span = c.stages.len().saturating_sub(1).max(1) as f64;
    // A point's column: the distance between two runs.
    let width = 96.0 / span;
    html! {
        <div class="metrics-chart" data-testid="metrics-chart" data-series={key_now.clone()}>
            <div class="metrics-head">
                <select data-testid="metrics-series" aria-label="metric" onchange={on_series}>
                    { for series.iter().map(|s| html! {
                        <option value={s.key.clone()} selected={s.key == key_now}>{ &s.label }</option>
                    }) }
                </select>
                <span class="metrics-value" data-testid="metrics-value">{ selected_value }</span>
            </div>
            <div class="metrics-plot">
                <svg viewBox="0 0 1000 100" preserveAspectRatio="none" aria-hidden="true">
                    if let Some(m) = first_machine {
                        <line class="metrics-isel" x1={format!("{:.1}", (2.0 + 96.0 * (m as f64 - 0.5) / span) * 10.0)}
                            x2={format!("{:.1}", (2.0 + 96.0 * (m as f64 - 0.5) / span) * 10.0)} y1="0" y2="100" />
                    }
                    <polyline points={line.join(" ")} />
                </svg>
                { for points.iter().map(|p| {
                    let run = p.run;
                    let onclick = props.on_select.reform(move |_: MouseEvent| run);
                    let name = &c.stages[run].name;
                    let all = per_run[run].map(chart::describe).unwrap_or_default();
                    let selected = props.selected == Some(run);
                    // The whole column is the button (points are a few pixels
                    // apart); the dot inside sits at the value.
                    html! {
                        <button type="button" class={classes!("metrics-point", selected.then_some("selected"))}
                            data-testid="metrics-point" data-run={run.to_string()} data-value={p.value.to_string()}
                            aria-pressed={selected.to_string()}
                            style={format!("left: {:.2}%; width: {width:.2}%", p.x)}
                            title={format!("{run} {name}: {} {}\n{all}", p.value, key_now)}
                            {onclick}>
                            <span class="dot" style={format!("bottom: {:.2}%", p.y)}></span>
                        </button>
                    }
                }) }
            </div>
        </div>
    }
}
