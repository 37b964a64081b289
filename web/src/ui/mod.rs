//! The page's parts as components, one file each: the options bar, the
//! source pane's file tabs, the
//! pipeline pane (with its metrics chart), the PTX pane and its Run panel, the status bar, the
//! gutters between the panes, and the code and diff views they hold. Each
//! takes what it shows as props and reports what the user did through
//! callbacks; the app (app.rs) owns the state and routes those reports.
//! The app makes their callbacks anew on each render, so each component
//! renders whenever the app does, as when they were one view (a field's
//! value is put back to the state's then). Helpers they share live here and
//! in [`dom`].

pub mod code;
pub mod dom;
pub mod file_tabs;
pub mod gutter;
pub mod ir_edit;
pub mod metrics_chart;
pub mod options_bar;
pub mod pipeline_pane;
pub mod ptx_pane;
pub mod reduce_bar;
pub mod run_panel;
pub mod status_bar;

use std::ops::Deref;
use std::rc::Rc;

/// A value a component shows, compared by identity rather than by value
/// (a compilation is large; a new compile gives a new one).
pub struct Shared<T>(pub Rc<T>);

impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(self.0.clone())
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

pub fn format_micros(micros: u64) -> String {
    if micros >= 10_000 {
        format!("{:.0} ms", micros as f64 / 1000.0)
    } else {
        format!("{:.2} ms", micros as f64 / 1000.0)
    }
}
