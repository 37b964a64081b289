//! The page's handle on the compiler's Web Worker: starts it, sends
//! requests once it is ready, turns its messages and its death into
//! [`WorkerEvent`]s, and terminates it when dropped (a compile that runs too
//! long is stopped by dropping the client and starting a new one).

use crate::protocol::{self, FromWorker, Payload, ToWorker};
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
    /// Adopts the worker index.html started early, or starts one.
    pub fn spawn(on_event: impl Fn(WorkerEvent) + 'static) -> Result<WorkerClient, String> {
        let (worker, said) = match take_early_worker() {
            Some(early) => early,
            None => (
                Worker::new(WORKER_SCRIPT)
                    .map_err(|e| format!("cannot start the worker: {e:?}"))?,
                js_sys::Array::new(),
            ),
        };
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
                let message = match protocol::read_from_worker(event.data()) {
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
        // What the early worker said before we listened, in order.
        for event in said.iter() {
            match event.dyn_into::<ErrorEvent>() {
                Ok(error) => on_error
                    .as_ref()
                    .unchecked_ref::<js_sys::Function>()
                    .call1(&JsValue::NULL, &error),
                Err(message) => on_message
                    .as_ref()
                    .unchecked_ref::<js_sys::Function>()
                    .call1(&JsValue::NULL, &message),
            }
            .ok();
        }
        Ok(WorkerClient {
            worker,
            ready,
            pending,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Sends a request; one sent before the worker is ready waits for it
    /// (only the newest such request: the page sends one at a time).
    pub fn send(&self, request: &ToWorker) {
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

/// A message between the page and the worker, read by its `kind` first
/// (`protocol::read_from_worker`, and `read_to_worker` in worker.rs).
impl Payload for JsValue {
    type Error = serde_wasm_bindgen::Error;

    fn kind(&self) -> Option<String> {
        js_sys::Reflect::get(self, &JsValue::from_str("kind"))
            .ok()?
            .as_string()
    }

    fn decode<T: serde::de::DeserializeOwned>(self) -> Result<T, Self::Error> {
        serde_wasm_bindgen::from_value(self)
    }
}

/// `window.ptxlabEarlyWorker` (once): the worker and the events it sent so far.
fn take_early_worker() -> Option<(Worker, js_sys::Array)> {
    let window = web_sys::window()?;
    let key = JsValue::from_str("ptxlabEarlyWorker");
    let early = js_sys::Reflect::get(&window, &key).ok()?;
    if early.is_undefined() || early.is_null() {
        return None;
    }
    let _ = js_sys::Reflect::set(&window, &key, &JsValue::UNDEFINED);
    let worker = js_sys::Reflect::get(&early, &"worker".into())
        .ok()?
        .dyn_into::<Worker>()
        .ok()?;
    let said = js_sys::Reflect::get(&early, &"said".into())
        .ok()
        .and_then(|s| s.dyn_into::<js_sys::Array>().ok())
        .unwrap_or_default();
    Some((worker, said))
}

impl Drop for WorkerClient {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}
