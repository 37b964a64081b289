//! The Web Worker that runs the compiler, one request at a time.

use crate::codec::JsCodec;
use crate::protocol::{self, CompileRequest, CompileResponse};
use gloo_worker::{HandlerId, Registrable, Worker, WorkerScope};

pub struct CompileWorker;

impl Worker for CompileWorker {
    type Message = ();
    type Input = CompileRequest;
    type Output = CompileResponse;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        CompileWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: CompileRequest, id: HandlerId) {
        scope.respond(id, protocol::compile(&request));
    }
}

/// The worker binary's entry: answer the page's requests.
pub fn run() {
    console_error_panic_hook::set_once();
    CompileWorker::registrar().encoding::<JsCodec>().register();
}
