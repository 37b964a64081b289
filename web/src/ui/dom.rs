//! Small pieces of browser glue the page uses: the URL, the clock, a
//! download, the document-wide key and fragment listeners.

use wasm_bindgen::prelude::*;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// A document or window event listener, kept alive with the page.
pub type Listener = (String, Closure<dyn Fn(web_sys::Event)>);

pub fn current_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|h| h.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

pub fn page_url_without_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

pub fn gloo_document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

pub fn select_value(e: &Event) -> String {
    e.target_unchecked_into::<HtmlSelectElement>().value()
}

/// Whether a key event goes to a field that takes text (or the editor).
fn typing_in(target: Option<web_sys::EventTarget>) -> bool {
    let Some(el) = target.and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
        return false;
    };
    matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
        || el
            .closest("[contenteditable], .cm-editor")
            .ok()
            .flatten()
            .is_some()
}

/// Document-wide keys (j/k and arrows move through runs when no field has
/// the focus: `on_step`; Ctrl+Shift+Enter runs the launch: `on_launch`) and
/// the URL fragment changing under us (`on_hash`).
pub fn listen(
    on_launch: Callback<()>,
    on_step: Callback<isize>,
    on_hash: Callback<()>,
) -> Vec<Listener> {
    let Some(window) = web_sys::window() else {
        return Vec::new();
    };
    let keys = Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
        let Some(e) = e.dyn_ref::<web_sys::KeyboardEvent>() else {
            return;
        };
        // Ctrl+Shift+Enter runs the launch from anywhere, the editor included.
        if (e.ctrl_key() || e.meta_key()) && e.shift_key() && e.key() == "Enter" {
            e.prevent_default();
            on_launch.emit(());
            return;
        }
        if e.ctrl_key() || e.meta_key() || e.alt_key() || typing_in(e.target()) {
            return;
        }
        let delta = match e.key().as_str() {
            "j" | "ArrowDown" => 1,
            "k" | "ArrowUp" => -1,
            _ => return,
        };
        e.prevent_default();
        on_step.emit(delta);
    });
    let hash = Closure::<dyn Fn(web_sys::Event)>::new(move |_| on_hash.emit(()));
    let mut out = Vec::new();
    if let Some(doc) = window.document() {
        let _ = doc.add_event_listener_with_callback("keydown", keys.as_ref().unchecked_ref());
    }
    let _ = window.add_event_listener_with_callback("hashchange", hash.as_ref().unchecked_ref());
    out.push(("keydown".to_string(), keys));
    out.push(("hashchange".to_string(), hash));
    out
}

/// Saves `text` as a file through a temporary link.
pub fn download(name: &str, text: &str) {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain");
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return;
    };
    if let Some(a) = gloo_document()
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    let _ = web_sys::Url::revoke_object_url(&url);
}

/// `?bench=RUNS[&kernels=K]`: time RUNS compiles of K saxpy kernels (default 1).
pub fn bench_params() -> Option<(u32, u32)> {
    let search = web_sys::window()?.location().search().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(&search).ok()?;
    let runs = params.get("bench")?.parse().ok().filter(|&n| n > 0)?;
    let kernels = params
        .get("kernels")
        .and_then(|k| k.parse().ok())
        .unwrap_or(1);
    Some((runs, kernels))
}
