//! The Web Worker that runs the compiler, one request at a time. The JS
//! loader (static/worker.js) downloads the wasm with progress and starts it;
//! `run` then answers the page's [`ToWorker`] requests with [`FromWorker`]s:
//! compiles, kernel launches in the IR interpreter, and bisections (which
//! report progress after every pass run, so the page sees them advance and
//! its watchdog knows the worker is alive).

use crate::launch;
use crate::protocol::{self, FromWorker, ToWorker};
use wasm_bindgen::prelude::*;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Least time between two progress reports of a bisection (the page's
/// watchdog restarts with each, so this must stay far below its 5 s).
const PROGRESS_MS: f64 = 100.0;

fn now_ms() -> f64 {
    js_sys::global()
        .unchecked_into::<DedicatedWorkerGlobalScope>()
        .performance()
        .map_or(0.0, |p| p.now())
}

fn post(scope: &DedicatedWorkerGlobalScope, message: &FromWorker) {
    // Our messages are plain data (strings, numbers, vectors): always encodable.
    if let Ok(value) = serde_wasm_bindgen::to_value(message) {
        let _ = scope.post_message(&value);
    }
}

/// The worker binary's entry: answer the page's requests.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // A panic aborts the wasm instance; tell the page why before it does, so
    // it can start a new worker. (An out-of-memory abort has no hook: the
    // page sees the worker's error event instead.)
    std::panic::set_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
        post(
            &scope,
            &FromWorker::Panicked {
                message: info.to_string(),
            },
        );
    }));
    let handler = {
        let scope = scope.clone();
        Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
            match protocol::read_to_worker(event.data()) {
                Ok(ToWorker::Compile(request)) => {
                    let message = FromWorker::Compiled(protocol::compile(&request));
                    post(&scope, &message);
                }
                Ok(ToWorker::Launch(request)) => {
                    post(
                        &scope,
                        &FromWorker::Launched(Box::new(launch::launch(&request))),
                    );
                }
                Ok(ToWorker::Bisect(request)) => {
                    let seq = request.seq;
                    // Progress at most every PROGRESS_MS: each one re-renders the page.
                    let mut last = now_ms();
                    let response = launch::bisect(&request, |done, total, pass| {
                        if now_ms() - last < PROGRESS_MS {
                            return;
                        }
                        last = now_ms();
                        let progress = launch::BisectProgress {
                            seq,
                            done,
                            total,
                            pass: pass.to_string(),
                        };
                        post(&scope, &FromWorker::Bisecting(progress));
                    });
                    post(&scope, &FromWorker::Bisected(Box::new(response)));
                }
                Ok(ToWorker::Reduce(request)) => {
                    // Progress at most every PROGRESS_MS, as a bisection's.
                    let mut last = now_ms();
                    let response = crate::reduce::reduce(&request, |p| {
                        if now_ms() - last >= PROGRESS_MS {
                            last = now_ms();
                            post(&scope, &FromWorker::Reducing(p));
                        }
                    });
                    post(&scope, &FromWorker::Reduced(Box::new(response)));
                }
                Ok(ToWorker::Panic) => panic!("a panic the page's test asked for"),
                Err(e) => post(
                    &scope,
                    &FromWorker::Panicked {
                        message: format!("the worker got a message it cannot read: {e}"),
                    },
                ),
            }
        })
    };
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    handler.forget();
    post(&scope, &FromWorker::Ready);
}
