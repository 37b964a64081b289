//! The right-hand pane: its PTX and Run tabs, the compiler's loading
//! progress, and the PTX view with the pointed-at instruction's description.
//! The Run tab's body is the Run panel (run_panel.rs).

use super::code::{on_value_click, on_value_keys, CodeView};
use crate::highlight::Lang;
use crate::ptx_docs;
use crate::share::Pane;
use std::rc::Rc;
use yew::prelude::*;

/// The compiler's worker: loading, ready, or failed to load.
#[derive(Clone, PartialEq)]
pub enum Load {
    /// The compiler's wasm is downloading: bytes so far, of (0: unknown).
    Loading(f64, f64),
    Ready,
    Failed(String),
}

#[derive(Properties, PartialEq)]
pub struct PtxPaneProps {
    pub pane: Pane,
    /// Whether there is PTX to download.
    pub has_ptx: bool,
    pub load: Load,
    pub on_pane: Callback<Pane>,
    pub on_download: Callback<()>,
    /// The tab's body: the PTX view or the Run panel.
    pub children: Html,
}

#[function_component]
pub fn PtxPane(props: &PtxPaneProps) -> Html {
    let pane = props.pane;
    let tab = |p: Pane, label: &'static str, testid: &'static str, title: &'static str| {
        let onclick = props.on_pane.reform(move |_: MouseEvent| p);
        html! {
            <button type="button" class={classes!("tab", (pane == p).then_some("active"))}
                aria-pressed={(pane == p).to_string()} data-testid={testid} {title} {onclick}>{ label }</button>
        }
    };
    html! {
        <section class="pane pane-ptx">
            <h2>
                { tab(Pane::Ptx, "PTX", "tab-ptx", "the PTX module") }
                { tab(Pane::Run, "Run", "tab-run", "run a kernel in the IR interpreter") }
                <span class="spacer"></span>
                if pane == Pane::Ptx {
                    <button type="button" class="button small" data-testid="download-ptx" disabled={!props.has_ptx}
                        onclick={props.on_download.reform(|_| ())} title="download kernel.ptx">{ "Download" }</button>
                } else {
                    <span class="hint">{ "Ctrl+Shift+Enter runs" }</span>
                }
            </h2>
            { loading(&props.load) }
            { props.children.clone() }
        </section>
    }
}

fn loading(load: &Load) -> Html {
    match load {
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

#[derive(Properties, PartialEq)]
pub struct PtxViewProps {
    pub text: AttrValue,
    /// Per PTX line (0-based), the source line it came from (0: none).
    pub src: Rc<Vec<u32>>,
    /// The PTX line under the pointer.
    pub hover: Option<usize>,
    pub on_hover: Callback<Option<usize>>,
    /// A register was clicked: follow it.
    pub on_value: Callback<String>,
}

#[function_component]
pub fn PtxView(props: &PtxViewProps) -> Html {
    let doc = props
        .hover
        .and_then(|i| props.text.lines().nth(i).and_then(ptx_docs::describe));
    html! {
        <div class="ptx-body" onclick={on_value_click(&props.on_value)}
            onkeydown={on_value_keys(&props.on_value, &props.on_value.reform(|()| String::new()), None)}>
            <CodeView testid="ptx-view" text={props.text.clone()} lang={Lang::Ptx}
                src={props.src.clone()} docs=true
                on_hover={props.on_hover.clone()} />
            <div class="ptx-doc" data-testid="ptx-doc">{ doc.unwrap_or_else(|| "Point at an instruction for what it does.".into()) }</div>
        </div>
    }
}
