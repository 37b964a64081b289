//! The status bar: a notice, what was compiled and how fast (or how many
//! errors), the diagnostics in nvcc's form (a click goes to the line), and
//! with `?bench=N` the compile timings as JSON.

use super::{format_micros, Shared};
use crate::examples;
use crate::protocol;
use ptxlab_core::{Compilation, Options};
use std::rc::Rc;
use yew::prelude::*;

/// A message in the status bar.
#[derive(Clone, PartialEq)]
pub enum Notice {
    Info(String),
    Error(String),
}

/// `?bench=N`: the runs asked for, the compile times (µs) and when the
/// first PTX was shown.
#[derive(Clone, PartialEq)]
pub struct Bench {
    pub runs: u32,
    pub times: Rc<Vec<u64>>,
    pub first_ptx_ms: Option<f64>,
}

#[derive(Properties, PartialEq)]
pub struct StatusBarProps {
    pub compilation: Option<Shared<Compilation>>,
    /// The compiler did not load.
    pub failed: bool,
    /// The options now (the status line names -arch and -O).
    pub options: Options,
    /// A compile is in flight or waiting for the typing to stop.
    pub busy: bool,
    /// Results shown so far.
    pub shown: u32,
    /// The last compile-to-render latency.
    pub latency_ms: Option<f64>,
    pub notice: Option<Notice>,
    pub example: Option<AttrValue>,
    pub bench: Option<Bench>,
    pub on_go_to_line: Callback<u32>,
}

#[function_component]
pub fn StatusBar(props: &StatusBarProps) -> Html {
    let c = props.compilation.as_deref();
    let (class, text) = match (props.failed, c) {
        (true, _) => ("status error", "the compiler did not load".to_string()),
        (_, None) => ("status busy", "loading the compiler…".to_string()),
        (_, Some(c)) => status_line(c, &props.options),
    };
    let busy = props.busy;
    let notice = props.notice.as_ref().map(|n| match n {
        Notice::Info(t) => {
            html! { <span class="notice info" data-testid="notice">{ t }</span> }
        }
        Notice::Error(t) => {
            html! { <span class="notice error" data-testid="notice">{ t }</span> }
        }
    });
    let example_hint = props
        .example
        .as_deref()
        .and_then(examples::find)
        .map(|e| html! { <span class="example-hint">{ e.hint }</span> });
    html! {
        <footer class="status-bar">
            <div data-testid="status" class={class} data-busy={busy.to_string()}
                data-shown={props.shown.to_string()}
                data-latency-ms={props.latency_ms.map(|ms| format!("{ms:.1}"))}>
                { for notice }
                <span class="state">{ text }</span>
                if busy { <span class="spinner" aria-label="compiling">{ " · compiling…" }</span> }
                { for example_hint }
            </div>
            <ul data-testid="diagnostics" class="diagnostics">
                { for c.into_iter().flat_map(|c| c.diagnostics.iter()).map(|d| {
                    let line = d.span.line;
                    let onclick = props.on_go_to_line.reform(move |_: MouseEvent| line);
                    html! {
                        <li class={d.severity.to_string()} {onclick} title="go to the line">{ d.to_string() }</li>
                    }
                }) }
            </ul>
            { for props.bench.as_ref().map(bench) }
        </footer>
    }
}

fn bench(b: &Bench) -> Html {
    let (runs, times) = (b.runs, &b.times);
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
        b.first_ptx_ms
            .map_or("null".to_string(), |ms| format!("{ms:.1}"))
    );
    html! { <pre data-testid="bench" class="bench">{ json }</pre> }
}

/// The status line: how many errors, or what was compiled and how fast.
fn status_line(c: &Compilation, o: &Options) -> (&'static str, String) {
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
