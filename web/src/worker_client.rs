//! The page's handle on the compiler's Web Worker: starts it, sends
//! requests once it is ready, turns its messages and its death into
//! [`WorkerEvent`]s, and terminates it when dropped (a compile that runs too
//! long is stopped by dropping the client and starting a new one).

use crate::protocol::{CompileRequest, FromWorker};
use wasm_bindgen::prelude::*;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The worker's loader script, relative to the page.
const WORKER_SCRIPT: &str = "static/worker.js";

/// What the page hears from a worker.
pub enum WorkerEvent {
    Message(FromWorker),
    /// The worker died: a wasm trap (panic, out of memory) or a script error.
    Died(String),
}

pub struct WorkerClient {
    worker: Worker,
    ready: std::rc::Rc<std::cell::Cell<bool>>,
    /// The newest request sent before the worker was ready.
    pending: std::rc::Rc<std::cell::RefCell<Option<JsValue>>>,
    _on_message: Closure<dyn Fn(MessageEvent)>,
    _on_error: Closure<dyn Fn(ErrorEvent)>,
}

impl WorkerClient {
    pub fn spawn(on_event: impl Fn(WorkerEvent) + 'static) -> Result<WorkerClient, String> {
        let worker =
            Worker::new(WORKER_SCRIPT).map_err(|e| format!("cannot start the worker: {e:?}"))?;
        let on_event = std::rc::Rc::new(on_event);
        let ready = std::rc::Rc::new(std::cell::Cell::new(false));
        let pending: std::rc::Rc<std::cell::RefCell<Option<JsValue>>> = Default::default();
        let on_message = {
            let (on_event, ready, pending, worker) = (
                on_event.clone(),
                ready.clone(),
                pending.clone(),
                worker.clone(),
            );
            Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
                let message = match serde_wasm_bindgen::from_value::<FromWorker>(event.data()) {
                    Ok(m) => m,
                    Err(e) => {
                        on_event(WorkerEvent::Died(format!(
                            "unreadable message from the worker: {e}"
                        )));
                        return;
                    }
                };
                if matches!(message, FromWorker::Ready) {
                    ready.set(true);
                    if let Some(request) = pending.borrow_mut().take() {
                        let _ = worker.post_message(&request);
                    }
                }
                on_event(WorkerEvent::Message(message));
            })
        };
        let on_error = {
            let on_event = on_event.clone();
            Closure::<dyn Fn(ErrorEvent)>::new(move |event: ErrorEvent| {
                event.prevent_default();
                let message = event.message();
                on_event(WorkerEvent::Died(if message.is_empty() {
                    "the worker stopped with an error".to_string()
                } else {
                    message
                }));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerClient {
            worker,
            ready,
            pending,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    pub fn send(&self, request: &CompileRequest) {
        let Ok(value) = serde_wasm_bindgen::to_value(request) else {
            return;
        };
        if self.ready.get() {
            let _ = self.worker.post_message(&value);
        } else {
            *self.pending.borrow_mut() = Some(value);
        }
    }
}

impl Drop for WorkerClient {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
