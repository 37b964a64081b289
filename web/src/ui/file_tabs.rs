//! The source pane's file tabs: `kernel.cu` (the file compiled) and the
//! files it may `#include`, with buttons to add, rename and delete one.
//! Names are asked for with the browser's own prompt; the app checks them
//! (`protocol::bad_file_name`) and owns the files.

use yew::prelude::*;

/// What the user did with the tabs.
#[derive(Clone, Debug, PartialEq)]
pub enum FileEvent {
    /// Show this file in the editor (`None`: `kernel.cu`).
    Select(Option<usize>),
    /// Add a file of this name.
    Add(String),
    /// Rename the file to this name.
    Rename(usize, String),
    Delete(usize),
}

#[derive(Properties, PartialEq)]
pub struct FileTabsProps {
    /// The main file's name.
    pub main: AttrValue,
    /// The other files' names, in tab order.
    pub names: Vec<String>,
    /// The file shown (`None`: the main one).
    pub active: Option<usize>,
    pub on_event: Callback<FileEvent>,
}

/// Asks for a name; `None` when the user cancelled or gave none.
fn ask(message: &str, default: &str) -> Option<String> {
    let answer = web_sys::window()?
        .prompt_with_message_and_default(message, default)
        .ok()??;
    let answer = answer.trim().to_string();
    (!answer.is_empty()).then_some(answer)
}

#[function_component(FileTabs)]
pub fn file_tabs(p: &FileTabsProps) -> Html {
    let tab = |index: Option<usize>, name: &str| {
        let on_event = p.on_event.clone();
        let selected = p.active == index;
        html! {
            <button type="button" role="tab" aria-selected={selected.to_string()}
                class={classes!("file-tab", selected.then_some("selected"))}
                data-testid="file-tab" data-name={name.to_string()}
                onclick={Callback::from(move |_| on_event.emit(FileEvent::Select(index)))}>
                { name.to_string() }
            </button>
        }
    };
    let add = {
        let on_event = p.on_event.clone();
        let default = format!("util{}.cuh", p.names.len() + 1);
        Callback::from(move |_| {
            if let Some(name) = ask(
                "New file's name (kernel.cu can #include \"name\"):",
                &default,
            ) {
                on_event.emit(FileEvent::Add(name));
            }
        })
    };
    let actions = p
        .active
        .and_then(|i| p.names.get(i).map(|n| (i, n.clone())));
    html! {
        <span class="file-tabs" role="tablist" data-testid="file-tabs">
            { tab(None, &p.main) }
            { for p.names.iter().enumerate().map(|(i, n)| tab(Some(i), n)) }
            <button type="button" class="file-action" title="Add a file" data-testid="file-add"
                onclick={add}>{ "+" }</button>
            if let Some((i, name)) = actions {
                <button type="button" class="file-action" title="Rename this file"
                    data-testid="file-rename"
                    onclick={{
                        let on_event = p.on_event.clone();
                        Callback::from(move |_| {
                            if let Some(new) = ask("Rename the file to:", &name) {
                                on_event.emit(FileEvent::Rename(i, new));
                            }
                        })
                    }}>{ "✎" }</button>
                <button type="button" class="file-action" title="Delete this file"
                    data-testid="file-delete"
                    onclick={{
                        let on_event = p.on_event.clone();
                        Callback::from(move |_| on_event.emit(FileEvent::Delete(i)))
                    }}>{ "×" }</button>
            }
        </span>
    }
}
