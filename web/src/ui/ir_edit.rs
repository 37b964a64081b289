//! Edit and continue, in the pipeline pane: the selected run's IR edited in
//! place. "Run the rest" makes it the options' `ir_edit` (core's `edit`
//! module): the compile takes the edited text as that run's result and runs
//! the rest of the pipeline on it to PTX, the Run panel's launches and
//! bisections run the edited pipeline, and a share link carries it with the
//! options. The edit's parse or verifier errors are listed with their line
//! and column; "Drop the edit" goes back to the compiler's own IR.

use super::pipeline_pane::PipelineEvent;
use ptxlab_core::edit::IrEdit;
use std::rc::Rc;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct IrEditProps {
    /// The selected stage and the pass runs that give its IR, when it is
    /// an editable run (link's or a pass run's IR).
    pub at: Option<(usize, usize)>,
    /// The run's text as shown (one function or all of them).
    pub text: AttrValue,
    /// The edit in force.
    pub edit: Option<IrEdit>,
    /// The edit's errors, `line L, column C: message`.
    pub errors: Rc<Vec<String>>,
    pub on_event: Callback<PipelineEvent>,
}

/// The edit errors of a compile's diagnostics, as the box lists them.
pub fn errors(c: &ptxlab_core::Compilation, edit: Option<&IrEdit>) -> Vec<String> {
    let Some(file) = edit.map(IrEdit::file) else {
        return Vec::new();
    };
    c.diagnostics
        .iter()
        .filter(|d| d.is_error() && d.span.file == file)
        .map(|d| {
            format!(
                "line {}, column {}: {}",
                d.span.line, d.span.column, d.message
            )
        })
        .collect()
}

#[function_component]
pub fn IrEditBox(props: &IrEditProps) -> Html {
    // The stage being edited and its text, while the box is open.
    let editing = use_state(|| None::<(usize, String)>);
    let event = &props.on_event;
    let drop = props.edit.as_ref().map(|e| {
        let onclick = event.reform(|_: MouseEvent| PipelineEvent::EditIr(None));
        html! {
            <span class="ir-edit-status" data-testid="ir-edit-status" data-run={e.run.to_string()}>
                { format!("IR after run {} edited", e.run) }
                <button type="button" data-testid="ir-edit-drop" {onclick}>{ "Drop the edit" }</button>
            </span>
        }
    });
    let errors = (!props.errors.is_empty()).then(|| {
        html! {
            <ul class="ir-edit-errors" data-testid="ir-edit-errors">
                { for props.errors.iter().map(|e| html! { <li data-testid="ir-edit-error">{ e }</li> }) }
            </ul>
        }
    });
    let Some((stage, run)) = props.at else {
        return html! { <div class="ir-edit">{ for drop }{ for errors }</div> };
    };
    let open = editing.as_ref().filter(|(s, _)| *s == stage);
    let body = match open {
        None => {
            let onclick = {
                let editing = editing.clone();
                // The edit in force when it is this run's, else the run's text.
                let text = match &props.edit {
                    Some(e) if e.run == run => e.ir.clone(),
                    _ => props.text.to_string(),
                };
                Callback::from(move |_: MouseEvent| editing.set(Some((stage, text.clone()))))
            };
            html! {
                <button type="button" data-testid="ir-edit" title="edit this run's IR and run the rest of the pipeline on it" {onclick}>
                    { "Edit IR" }
                </button>
            }
        }
        Some((_, text)) => {
            let oninput = {
                let editing = editing.clone();
                Callback::from(move |e: InputEvent| {
                    let value = e.target_unchecked_into::<HtmlTextAreaElement>().value();
                    editing.set(Some((stage, value)));
                })
            };
            let on_run = {
                let text = text.clone();
                event.reform(move |_: MouseEvent| {
                    PipelineEvent::EditIr(Some(IrEdit {
                        run,
                        ir: text.clone(),
                        file: String::new(),
                    }))
                })
            };
            let on_cancel = {
                let editing = editing.clone();
                Callback::from(move |_: MouseEvent| editing.set(None))
            };
            html! {
                <div class="ir-edit-open">
                    <textarea data-testid="ir-edit-text" class="ir-edit-text" spellcheck="false"
                        value={text.clone()} {oninput} aria-label={format!("IR after run {run}")} />
                    <div class="ir-edit-buttons">
                        <button type="button" data-testid="ir-run-rest" onclick={on_run}
                            title="parse this IR as the run's result and run the rest of the pipeline on it">
                            { "Run the rest" }
                        </button>
                        <button type="button" data-testid="ir-edit-cancel" onclick={on_cancel}>{ "Close" }</button>
                    </div>
                </div>
            }
        }
    };
    html! {
        <div class="ir-edit">{ body }{ for drop }{ for errors }</div>
    }
}
