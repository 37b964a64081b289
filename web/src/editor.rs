//! The Rust side of the source editor (web/js/editor.js, CodeMirror 6,
//! loaded by index.html as `window.ptxlabEditor`). The app owns the text and
//! everything shown on it; the editor reports edits, Ctrl+Enter and the line
//! under the pointer through the callbacks given to [`create`].

use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A mounted editor.
    pub type Editor;

    #[wasm_bindgen(catch, js_namespace = ptxlabEditor, js_name = create)]
    fn create_js(
        parent: &web_sys::Element,
        doc: &str,
        on_change: &js_sys::Function,
        on_compile: &js_sys::Function,
        on_hover_line: &js_sys::Function,
    ) -> Result<Editor, JsValue>;

    #[wasm_bindgen(method, js_name = setDoc)]
    pub fn set_doc(this: &Editor, text: &str);

    #[wasm_bindgen(method, js_name = setDiagnostics)]
    fn set_diagnostics_js(this: &Editor, list: JsValue);

    #[wasm_bindgen(method, js_name = setLinkedLines)]
    pub fn set_linked_lines(this: &Editor, lines: Vec<u32>);

    #[wasm_bindgen(method, js_name = goToLine)]
    pub fn go_to_line(this: &Editor, line: u32);
}

/// A diagnostic as the editor underlines it (1-based line and column).
#[derive(Serialize)]
pub struct Mark {
    pub line: u32,
    pub column: u32,
    pub len: u32,
    pub severity: String,
    pub message: String,
}

impl Editor {
    pub fn set_diagnostics(&self, marks: &[Mark]) {
        if let Ok(list) = serde_wasm_bindgen::to_value(marks) {
            self.set_diagnostics_js(list);
        }
    }
}

/// The editor and the callbacks it holds (they live as long as it does).
pub struct Mounted {
    pub editor: Editor,
    _on_change: Closure<dyn Fn(String)>,
    _on_compile: Closure<dyn Fn()>,
    _on_hover_line: Closure<dyn Fn(u32)>,
}

/// Mounts an editor in `parent`, or says why it could not (its script did not load).
pub fn create(
    parent: &web_sys::Element,
    doc: &str,
    on_change: impl Fn(String) + 'static,
    on_compile: impl Fn() + 'static,
    on_hover_line: impl Fn(u32) + 'static,
) -> Result<Mounted, String> {
    let on_change = Closure::<dyn Fn(String)>::new(on_change);
    let on_compile = Closure::<dyn Fn()>::new(on_compile);
    let on_hover_line = Closure::<dyn Fn(u32)>::new(on_hover_line);
    let editor = create_js(
        parent,
        doc,
        on_change.as_ref().unchecked_ref(),
        on_compile.as_ref().unchecked_ref(),
        on_hover_line.as_ref().unchecked_ref(),
    )
    .map_err(|e| {
        e.as_string()
            .or_else(|| js_sys::Error::from(e).message().as_string())
            .unwrap_or_else(|| "unknown error".into())
    })?;
    Ok(Mounted {
        editor,
        _on_change: on_change,
        _on_compile: on_compile,
        _on_hover_line: on_hover_line,
    })
}
