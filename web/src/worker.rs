//! The Web Worker that runs the compiler, one request at a time, as two wasm
//! binaries in one worker. [`run`] (the `worker` bin) answers compiles only:
//! it links no interpreter, emulator, bisection or reduction, so the first
//! PTX waits for less. [`run_runner`] (the `runner` bin) answers every
//! request: kernel launches in the IR interpreter, bisections (which report
//! progress after every pass run, so the page sees them advance and its
//! watchdog knows the worker is alive) and reductions. The JS loader
//! (static/worker.js) starts the first with its download's progress, loads
//! the second after the first compile (or when a launch comes first) and
//! sends each request to the one that answers it; the page sees one worker.

use crate::launch;
use crate::protocol::{self, CompileRequest, FromWorker, Payload, ToWorker};
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

/// A panic aborts the wasm instance; tell the page why before it does, so
/// it can start a new worker. (An out-of-memory abort has no hook: the page
/// sees the worker's error event instead.)
fn report_panics() {
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
}

/// Makes `handler` the scope's `onmessage` for as long as the worker lives.
fn listen(scope: &DedicatedWorkerGlobalScope, handler: impl Fn(MessageEvent) + 'static) {
    let handler = Closure::<dyn Fn(MessageEvent)>::new(handler);
    scope.set_onmessage(Some(handler.as_ref().unchecked_ref()));
    handler.forget();
}

/// The `worker` binary's entry: answer compiles (and the hidden `panic`
/// request), say the compiler is ready, then compile the page's likely first
/// request ahead ([`protocol::Ahead`]) while the page loads. Reads only those
/// two kinds, so the launch code stays out of this binary.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    report_panics();
    let ahead: std::rc::Rc<std::cell::RefCell<Option<protocol::Ahead>>> = Default::default();
    listen(&scope, {
        let (scope, ahead) = (scope.clone(), ahead.clone());
        move |event: MessageEvent| {
            let data = event.data();
            match data.kind().as_deref() {
                Some("compile") => match data.decode::<CompileRequest>() {
                    Ok(request) => {
                        let response = protocol::Ahead::take(&mut ahead.borrow_mut(), &request)
                            .unwrap_or_else(|| protocol::compile(&request));
                        post(&scope, &FromWorker::Compiled(response));
                    }
                    Err(e) => unreadable(&scope, e),
                },
                Some("panic") => panic!("a panic the page's test asked for"),
                other => unreadable(
                    &scope,
                    format!(
                        "a request of kind '{}' (the compiler's wasm answers compiles only)",
                        other.unwrap_or("")
                    ),
                ),
            }
        }
    });
    post(&scope, &FromWorker::Ready);
    // Requests that come meanwhile wait in the worker's queue.
    *ahead.borrow_mut() = Some(protocol::Ahead::compile(protocol::first_request()));
}

fn unreadable(scope: &DedicatedWorkerGlobalScope, e: impl std::fmt::Display) {
    post(
        scope,
        &FromWorker::Panicked {
            message: format!("the worker got a message it cannot read: {e}"),
        },
    );
}

/// The `runner` binary's entry: answer every request. The loader starts it
/// beside the compiler's wasm, which said `ready` already.
pub fn run_runner() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    report_panics();
    listen(&scope, {
        let scope = scope.clone();
        move |event: MessageEvent| {
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
                Err(e) => unreadable(&scope, e),
            }
        }
    });
}
