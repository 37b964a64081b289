//! The options bar: the example, the compiler's options (-arch, -O, the
//! switches, --disable-pass, -opt-bisect-limit) and the Share button.

use super::dom::select_value;
use super::Shared;
use crate::examples::EXAMPLES;
use ptxlab_core::{target, Compilation, Options, StageKind};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// An option that is a switch.
#[derive(Clone, Copy, PartialEq)]
pub enum Flag {
    Ftz,
    PrecDiv,
    PrecSqrt,
    Fmad,
    Lineinfo,
}

/// A change to the compiler's options.
pub enum OptionChange {
    Arch(String),
    OptLevel(u8),
    Flag(Flag, bool),
    DisablePass(String),
    /// A bug of the miscompile lab to inject (empty: none).
    InjectBug(String),
    /// The bisect field's text.
    Bisect(String),
}

impl OptionChange {
    pub fn apply(self, o: &mut Options) {
        match self {
            OptionChange::Arch(arch) => o.arch = arch,
            OptionChange::OptLevel(level) => o.opt_level = level,
            OptionChange::Flag(flag, on) => match flag {
                Flag::Ftz => o.ftz = on,
                Flag::PrecDiv => o.prec_div = on,
                Flag::PrecSqrt => o.prec_sqrt = on,
                Flag::Fmad => o.fmad = on,
                Flag::Lineinfo => o.lineinfo = on,
            },
            OptionChange::DisablePass(name) => {
                o.disabled_passes = if name.is_empty() { vec![] } else { vec![name] }
            }
            OptionChange::InjectBug(name) => {
                o.inject_bugs = if name.is_empty() { vec![] } else { vec![name] }
            }
            OptionChange::Bisect(text) => o.opt_bisect_limit = text.trim().parse::<usize>().ok(),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct OptionsBarProps {
    pub options: Options,
    /// The example shown, if the source is one.
    pub example: Option<String>,
    /// The last compile, for the passes `disable` offers.
    pub compilation: Option<Shared<Compilation>>,
    /// The link Share made, shown beside the button.
    pub share_link: Option<String>,
    pub on_option: Callback<OptionChange>,
    /// An example's id was chosen.
    pub on_example: Callback<String>,
    pub on_share: Callback<()>,
}

#[function_component]
pub fn OptionsBar(props: &OptionsBarProps) -> Html {
    let o = &props.options;
    let option = &props.on_option;
    let on_arch = option.reform(|e: Event| OptionChange::Arch(select_value(&e)));
    let on_opt = option.reform(|e: Event| {
        OptionChange::OptLevel(
            select_value(&e)
                .trim_start_matches("-O")
                .parse()
                .unwrap_or(3),
        )
    });
    let on_example = props.on_example.reform(|e: Event| select_value(&e));
    let on_disable = option.reform(|e: Event| OptionChange::DisablePass(select_value(&e)));
    let on_bug = option.reform(|e: Event| OptionChange::InjectBug(select_value(&e)));
    let bug = o.inject_bugs.first().cloned().unwrap_or_default();
    let on_bisect = option.reform(|e: Event| {
        OptionChange::Bisect(e.target_unchecked_into::<HtmlInputElement>().value())
    });
    let flag = |flag: Flag, name: &'static str, on: bool, title: &'static str| {
        let onchange = option.reform(move |e: Event| {
            OptionChange::Flag(
                flag,
                e.target_unchecked_into::<HtmlInputElement>().checked(),
            )
        });
        html! {
            <label class="flag" {title}>
                <input type="checkbox" checked={on} {onchange} data-testid={format!("flag{name}")} />
                { name }
            </label>
        }
    };
    let disabled = o.disabled_passes.first().cloned().unwrap_or_default();
    let example = props.example.clone().unwrap_or_default();
    html! {
        <header class="bar">
            <h1 title={format!("ptxlab {}", ptxlab_core::VERSION)}>{ "ptxlab" }</h1>
            <label class="field">
                <span>{ "example" }</span>
                <select data-testid="examples-select" onchange={on_example}>
                    <option value="" selected={example.is_empty()} disabled=true>{ "your code" }</option>
                    { for EXAMPLES.iter().map(|e| html! {
                        <option value={e.id} selected={e.id == example} title={e.hint}>{ e.title }</option>
                    }) }
                </select>
            </label>
            <label class="field">
                <span>{ "-arch" }</span>
                <select data-testid="arch-select" onchange={on_arch}>
                    { for target::names().into_iter().map(|name| html! {
                        <option value={name} selected={name == o.arch}>{ name }</option>
                    }) }
                </select>
            </label>
            <label class="field">
                <span class="sr-only">{ "optimization level" }</span>
                <select data-testid="opt-select" onchange={on_opt}>
                    { for (0..=3u8).map(|level| html! {
                        <option value={format!("-O{level}")} selected={level == o.opt_level}>
                            { format!("-O{level}") }
                        </option>
                    }) }
                </select>
            </label>
            { flag(Flag::Ftz, "-ftz", o.ftz, "flush f32 subnormals to zero (__nvvm_reflect(\"__CUDA_FTZ\") is 1)") }
            { flag(Flag::PrecDiv, "-prec-div", o.prec_div, "IEEE-rounded f32 division") }
            { flag(Flag::PrecSqrt, "-prec-sqrt", o.prec_sqrt, "IEEE-rounded f32 square root") }
            { flag(Flag::Fmad, "-fmad", o.fmad, "contract a*b+c into fma") }
            { flag(Flag::Lineinfo, "-lineinfo", o.lineinfo, ".loc lines in the PTX") }
            <label class="field" title="skip every run of this pass (--disable-pass)">
                <span>{ "disable" }</span>
                <select data-testid="disable-pass" onchange={on_disable}>
                    <option value="" selected={disabled.is_empty()}>{ "no pass" }</option>
                    { for pass_names(props.compilation.as_deref(), &disabled).into_iter().map(|(name, description)| html! {
                        <option value={name.clone()} selected={name == disabled} title={description}>{ name }</option>
                    }) }
                </select>
            </label>
            <label class="field" title="the miscompile lab: switch on a deliberately wrong rewrite (--inject-bug)">
                <span>{ "inject bug" }</span>
                <select data-testid="inject-bug" onchange={on_bug}>
                    <option value="" selected={bug.is_empty()}>{ "none" }</option>
                    { for ptxlab_core::bugs::BUGS.iter().map(|b| html! {
                        <option value={b.name} selected={b.name == bug} title={b.description}>{ b.name }</option>
                    }) }
                </select>
            </label>
            <label class="field" title="run only the first N pass runs (-opt-bisect-limit=N); empty: all">
                <span>{ "bisect" }</span>
                <input type="number" min="0" class="bisect" data-testid="bisect-limit" placeholder="all"
                    value={o.opt_bisect_limit.map(|n| n.to_string()).unwrap_or_default()}
                    onchange={on_bisect} />
            </label>
            <span class="spacer"></span>
            { for props.share_link.as_ref().map(|l| html! {
                <input class="share-link" data-testid="share-link" readonly=true value={l.clone()}
                    aria-label="link to this view" />
            }) }
            <button type="button" class="button" data-testid="share-button"
                onclick={props.on_share.reform(|_| ())}
                title="copy a link that opens this source, these options and this view">{ "Share" }</button>
        </header>
    }
}

/// The passes the pipeline runs (from the last compile's stages; the pass
/// table itself lives in the worker), and `disabled` if it is not one.
fn pass_names(c: Option<&Compilation>, disabled: &str) -> Vec<(String, String)> {
    let mut names: Vec<(String, String)> = Vec::new();
    for s in c.iter().flat_map(|c| c.stages.iter()) {
        let description = s.description.trim_start_matches("(skipped) ").to_string();
        if s.kind == StageKind::Ir && s.index > 1 && !names.iter().any(|(n, _)| *n == s.name) {
            names.push((s.name.clone(), description));
        }
    }
    if !disabled.is_empty() && !names.iter().any(|(n, _)| n == disabled) {
        names.push((disabled.to_string(), String::new()));
    }
    names.sort();
    names
}
