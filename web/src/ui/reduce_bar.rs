//! The Run panel's Reduce action: the button beside bisect, the Undo that
//! brings the source before the last reduction back, and the reduction's
//! progress or verdict (`crate::reduce` runs in the worker).

use super::format_micros;
use crate::reduce::{ReduceProgress, ReduceResponse};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ReduceBarProps {
    /// A reduction is in flight.
    pub reducing: bool,
    /// Another job is in flight (the button waits).
    pub busy: bool,
    pub progress: Option<ReduceProgress>,
    /// The last reduction's answer.
    pub last: Option<Rc<ReduceResponse>>,
    /// Whether Undo has a source to bring back.
    pub can_undo: bool,
    pub on_reduce: Callback<()>,
    pub on_undo: Callback<()>,
}

#[function_component(ReduceBar)]
pub fn reduce_bar(props: &ReduceBarProps) -> Html {
    let status = if props.reducing {
        match &props.progress {
            Some(p) => format!(
                "reducing: {} lines, {} candidates tested, {} kept ({})",
                p.lines, p.tests, p.kept, p.pass
            ),
            None => "reducing: checking the property…".to_string(),
        }
    } else {
        match props.last.as_deref() {
            Some(ReduceResponse { error: Some(e), .. }) => format!("not reduced: {e}"),
            Some(r) => format!(
                "reduced {} → {} lines in {} candidates ({}), keeping: {}",
                r.lines_before,
                r.lines_after,
                r.tests,
                format_micros(r.micros),
                r.property
            ),
            None => String::new(),
        }
    };
    let done = !props.reducing && props.last.as_ref().is_some_and(|r| r.error.is_none());
    html! {
        <div class="run-row reduce-bar">
            <button type="button" class="button secondary" data-testid="reduce-button"
                disabled={props.busy || props.reducing}
                title="shrink the source and the launch while the pass run bisect finds (or the pasted PTX's difference) still changes the result"
                onclick={props.on_reduce.reform(|_| ())}>{ "Reduce" }</button>
            if props.can_undo {
                <button type="button" class="button secondary" data-testid="reduce-undo"
                    disabled={props.busy || props.reducing}
                    title="bring back the source and launch before the reduction"
                    onclick={props.on_undo.reform(|_| ())}>{ "Undo reduce" }</button>
            }
            if !status.is_empty() {
                <span class="reduce-status" data-testid="reduce-status"
                    data-state={if props.reducing { "running" } else if done { "done" } else { "failed" }}>
                    if props.reducing {
                        <progress></progress>{ " " }
                    }
                    { status }
                </span>
            }
        </div>
    }
}
