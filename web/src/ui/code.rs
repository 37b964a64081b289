//! The code panes' components: highlighted text with line numbers and
//! source links ([`CodeView`]), and diffs ([`DiffView`]). Their props compare
//! by value, so a diff is not rendered again when the page is (a code view
//! is: its hover callback is new each time).

use crate::diff::{Diff, Line, Row, SideRow, Tag, CONTEXT};
use crate::highlight::{self, Class, Lang};
use crate::ptx_docs;
use crate::values;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct CodeProps {
    pub testid: AttrValue,
    pub text: AttrValue,
    pub lang: Lang,
    /// Per line (0-based), the source line it came from (0 or missing: none).
    pub src: Rc<Vec<u32>>,
    /// Describe each instruction in its tooltip (PTX).
    pub docs: bool,
    /// The line under the pointer (0-based), or `None` when it leaves.
    pub on_hover: Callback<Option<usize>>,
}

/// The value (a register span's `data-v`) a click landed on.
fn value_of(e: &MouseEvent) -> Option<String> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    el.closest("[data-v]").ok()??.get_attribute("data-v")
}

/// A click handler for a container of code or diff views: emits the value
/// clicked, if the click was on one.
pub fn on_value_click(cb: &Callback<String>) -> Callback<MouseEvent> {
    let cb = cb.clone();
    Callback::from(move |e: MouseEvent| {
        if let Some(v) = value_of(&e) {
            cb.emit(v)
        }
    })
}

/// The keys of a container of code or diff views (one tab stop each; the
/// values inside are focused by the keys, as a roving focus):
/// → / ← focus the next / previous value, Enter or Space follows the focused
/// one (or stops following it), n / p focus the next / previous use of the
/// focused value, Escape stops following, ] / [ select the next / previous
/// run of the followed value's history (`on_run`, where the view has one).
pub fn on_value_keys(
    follow: &Callback<String>,
    clear: &Callback<()>,
    on_run: Option<Callback<isize>>,
) -> Callback<KeyboardEvent> {
    let (follow, clear) = (follow.clone(), clear.clone());
    Callback::from(move |e: KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let Some(container) = e
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        else {
            return;
        };
        let focused = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("[data-v]").ok().flatten());
        let name = focused.as_ref().and_then(|el| el.get_attribute("data-v"));
        // Focus the value `step` places from the focused one among those the
        // selector picks (the first or last when none is focused).
        let move_focus = |selector: &str, step: isize| {
            let Ok(list) = container.query_selector_all(selector) else {
                return;
            };
            let els: Vec<web_sys::Element> = (0..list.length())
                .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
                .collect();
            if els.is_empty() {
                return;
            }
            let at = focused
                .as_ref()
                .and_then(|f| els.iter().position(|el| el == f));
            let next = match at {
                Some(i) => (i as isize + step).rem_euclid(els.len() as isize) as usize,
                None if step > 0 => 0,
                None => els.len() - 1,
            };
            if let Ok(el) = els[next].clone().dyn_into::<web_sys::HtmlElement>() {
                let _ = el.focus();
                el.scroll_into_view_with_bool(false);
            }
        };
        match e.key().as_str() {
            "ArrowRight" => move_focus("[data-v]", 1),
            "ArrowLeft" => move_focus("[data-v]", -1),
            "Enter" | " " => match name {
                Some(n) => follow.emit(n),
                None => return,
            },
            k @ ("n" | "p") => match name {
                Some(n) if values::followable(&n) => {
                    move_focus(&format!("[data-v=\"{n}\"]"), if k == "n" { 1 } else { -1 })
                }
                _ => return,
            },
            "Escape" => clear.emit(()),
            k @ ("]" | "[") => match &on_run {
                Some(cb) => cb.emit(if k == "]" { 1 } else { -1 }),
                None => return,
            },
            _ => return,
        }
        e.prevent_default();
    })
}

/// The 0-based line index of the `.code-line` an event happened in.
fn line_of(e: &MouseEvent) -> Option<usize> {
    let el = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    let line = el.closest(".code-line").ok()??;
    line.get_attribute("data-line")?.parse().ok()
}

#[function_component]
pub fn CodeView(props: &CodeProps) -> Html {
    let onmouseover = {
        let cb = props.on_hover.clone();
        Callback::from(move |e: MouseEvent| cb.emit(line_of(&e)))
    };
    let onmouseleave = {
        let cb = props.on_hover.clone();
        Callback::from(move |_: MouseEvent| cb.emit(None))
    };
    html! {
        <pre class="code" data-testid={props.testid.clone()} {onmouseover} {onmouseleave} tabindex="0"
            aria-label="code: → and ← move between values, Enter follows one, n and p step through its uses, Escape stops">
            { for props.text.lines().enumerate().map(|(i, text)| {
                let src = props.src.get(i).copied().filter(|&s| s > 0);
                let title = if props.docs { ptx_docs::describe(text) } else { None };
                html! {
                    <div class="code-line" data-line={i.to_string()}
                        data-src={src.map(|s| s.to_string())} {title}>
                        <span class="ln">{ i + 1 }</span>
                        { spans(props.lang, text) }
                    </div>
                }
            }) }
        </pre>
    }
}

fn spans(lang: Lang, text: &str) -> Html {
    html! {
        <code>
            { for highlight::line(lang, text).into_iter().map(|(class, s)| {
                if class.css().is_empty() {
                    html! { { s } }
                } else if class == Class::Reg && values::followable(s.trim_start_matches(['@', '!'])) {
                    // A value one can follow: `data-v` names it (a guard's `@%p1` is `%p1`).
                    let v = s.trim_start_matches(['@', '!']).to_string();
                    let label = format!("value {v}");
                    html! { <span class={class.css()} data-v={v} tabindex="-1" role="button" aria-label={label}>{ s }</span> }
                } else {
                    html! { <span class={class.css()}>{ s }</span> }
                }
            }) }
        </code>
    }
}

#[derive(Properties, PartialEq)]
pub struct DiffProps {
    pub diff: Rc<Diff>,
    pub split: bool,
    pub lang: Lang,
}

fn tag_class(tag: Tag) -> &'static str {
    match tag {
        Tag::Same => "same",
        Tag::Removed => "removed",
        Tag::Added => "added",
    }
}

fn number(n: Option<u32>) -> Html {
    html! { <span class="ln">{ n.map(|n| n.to_string()).unwrap_or_default() }</span> }
}

fn fold(n: usize) -> Html {
    html! {
        <div class="diff-line fold">{ format!("⋯ {n} unchanged line{}", if n == 1 { "" } else { "s" }) }</div>
    }
}

fn unified_line(lang: Lang, l: &Line) -> Html {
    let sign = match l.tag {
        Tag::Same => " ",
        Tag::Removed => "-",
        Tag::Added => "+",
    };
    html! {
        <div class={classes!("diff-line", tag_class(l.tag))}>
            { number(l.old) }{ number(l.new) }
            <span class="sign">{ sign }</span>
            { spans(lang, &l.text) }
        </div>
    }
}

fn half(lang: Lang, l: Option<&Line>) -> Html {
    match l {
        Some(l) => html! {
            <div class={classes!("diff-line", tag_class(l.tag))}>
                { number(l.old.or(l.new).filter(|_| l.tag != Tag::Added).or(l.new)) }
                { spans(lang, &l.text) }
            </div>
        },
        None => html! { <div class="diff-line empty"></div> },
    }
}

#[function_component]
pub fn DiffView(props: &DiffProps) -> Html {
    let d = &props.diff;
    let body = if d.is_empty() {
        html! { <div class="diff-empty">{ "No change: the two runs have the same text." }</div> }
    } else if props.split {
        html! {
            <div class="diff-split">
                { for d.side_by_side(CONTEXT).iter().map(|row| match row {
                    SideRow::Fold(n) => html! { <>{ fold(*n) }{ fold(*n) }</> },
                    SideRow::Pair(l, r) => {
                        // The left side shows old numbers, the right side new ones.
                        let left = l.as_ref();
                        let right = r.as_ref();
                        html! { <>{ half(props.lang, left) }{ half(props.lang, right) }</> }
                    }
                }) }
            </div>
        }
    } else {
        html! {
            <div class="diff-unified">
                { for d.unified(CONTEXT).iter().map(|row| match row {
                    Row::Fold(n) => fold(*n),
                    Row::Line(l) => unified_line(props.lang, l),
                }) }
            </div>
        }
    };
    html! {
        <div class="code diff" data-testid="diff-view" tabindex="0"
            aria-label="diff: → and ← move between values, Enter follows one, n and p step through its uses, Escape stops"
            data-added={d.added.to_string()} data-removed={d.removed.to_string()}>
            { body }
        </div>
    }
}
