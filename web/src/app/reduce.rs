//! The app's side of Reduce: the progress shown, putting the reduced
//! source and launch in the editor and the Run panel (a new compile, and
//! the share link then holds them), and Undo.

use super::{App, Msg};
use crate::launch::{Job, LaunchSettings};
use crate::reduce::{ReduceProgress, ReduceResponse};
use crate::ui::reduce_bar::ReduceBar;
use std::rc::Rc;
use yew::prelude::*;

/// Reduce's part of the app's state.
#[derive(Default)]
pub struct ReduceUi {
    pub progress: Option<ReduceProgress>,
    pub last: Option<Rc<ReduceResponse>>,
    /// The source and launch before the last reduction (for Undo).
    pub undo: Option<(String, LaunchSettings)>,
}

impl App {
    /// A reduction's progress, while it is the job in flight.
    pub(super) fn reduce_progress(&mut self, ctx: &Context<Self>, p: ReduceProgress) -> bool {
        if self.runs.runner.in_flight().map(|(s, _)| s) != Some(p.seq) {
            return false;
        }
        // The worker is alive: each step gets the full time limit.
        self.arm_launch_limit(ctx, p.seq);
        self.reduce.progress = Some(p);
        true
    }

    /// A reduction's answer: its source and launch replace the page's.
    pub(super) fn reduced(&mut self, ctx: &Context<Self>, r: ReduceResponse) -> bool {
        if self.runs.runner.finished(r.seq).is_none() {
            return false;
        }
        self.limit_timer = None;
        self.reduce.progress = None;
        if let (Some(source), Some(settings)) = (&r.source, &r.settings) {
            let before = (self.state.source.clone(), self.state.launch.clone());
            self.reduce.undo = Some(before);
            self.replace_source(ctx, source.clone(), settings.clone());
        } else {
            // Nothing changed; a compile held while it ran goes now.
            self.compile_now(ctx);
        }
        self.reduce.last = Some(Rc::new(r));
        true
    }

    pub(super) fn undo_reduce(&mut self, ctx: &Context<Self>) -> bool {
        let Some((source, launch)) = self.reduce.undo.take() else {
            return false;
        };
        self.reduce.last = None;
        self.replace_source(ctx, source, launch);
        true
    }

    fn replace_source(&mut self, ctx: &Context<Self>, source: String, launch: LaunchSettings) {
        if let Some(m) = &self.editor {
            m.editor.set_doc(&source);
        }
        self.state.source = source;
        self.state.example = None;
        self.state.launch = launch;
        self.debounce = None;
        self.compile_now(ctx);
        self.url_dirty = true;
    }

    /// The Reduce button, Undo and the verdict, for the Run panel.
    pub(super) fn view_reduce(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let in_flight = self.runs.runner.in_flight().map(|(_, j)| j);
        html! {
            <ReduceBar reducing={in_flight == Some(Job::Reduce)}
                busy={in_flight.is_some_and(|j| j != Job::Reduce)}
                progress={self.reduce.progress.clone()}
                last={self.reduce.last.clone()}
                can_undo={self.reduce.undo.is_some()}
                on_reduce={link.callback(|()| Msg::Launch(Job::Reduce))}
                on_undo={link.callback(|()| Msg::UndoReduce)} />
        }
    }
}
