//! The gutters between the three panes, and the drag that resizes the two
//! panes beside one.

use wasm_bindgen::JsCast;
use yew::prelude::*;

/// A gutter being dragged: where it started, and the widths then.
pub struct Drag {
    pub gutter: usize,
    pub x: f64,
    pub widths: [f64; 3],
    /// The panes' width in pixels.
    pub px: f64,
}

impl Drag {
    /// The panes' widths (fractions) with the pointer at `x`; each pane
    /// keeps at least 12% of the total.
    pub fn widths_at(&self, x: f64, widths: &mut [f64; 3]) {
        let d = self;
        let total: f64 = d.widths.iter().sum();
        let min = 0.12 * total;
        let pair = d.widths[d.gutter] + d.widths[d.gutter + 1];
        let moved = (x - d.x) / d.px.max(1.0) * total;
        let left = (d.widths[d.gutter] + moved).clamp(min, pair - min);
        widths[d.gutter] = left;
        widths[d.gutter + 1] = pair - left;
    }
}

#[derive(Properties, PartialEq)]
pub struct GutterProps {
    /// 0: between the source and the pipeline; 1: between the pipeline and the PTX.
    pub gutter: usize,
    /// The pointer went down at this x.
    pub on_start: Callback<(usize, f64)>,
    /// The pointer moved to this x with the button down.
    pub on_move: Callback<f64>,
    pub on_end: Callback<()>,
}

#[function_component]
pub fn Gutter(props: &GutterProps) -> Html {
    let gutter = props.gutter;
    let onpointerdown = {
        let cb = props.on_start.clone();
        Callback::from(move |e: PointerEvent| {
            if let Some(el) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            cb.emit((gutter, e.client_x() as f64))
        })
    };
    let onpointermove = {
        let cb = props.on_move.clone();
        Callback::from(move |e: PointerEvent| {
            if e.buttons() & 1 == 1 {
                cb.emit(e.client_x() as f64)
            }
        })
    };
    let onpointerup = props.on_end.reform(|_: PointerEvent| ());
    html! {
        <div class="gutter" role="separator" aria-orientation="vertical"
            data-testid={format!("gutter-{gutter}")}
            {onpointerdown} {onpointermove} {onpointerup}></div>
    }
}
