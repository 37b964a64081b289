//! The whole compiler (frontend → PTX) on arbitrary input: it must answer
//! with diagnostics or PTX. A panic anywhere (libFuzzer's hook aborts on it,
//! even inside `compile`'s catch_unwind), an "internal compiler error", or a
//! result with both errors and PTX is a finding.
//!
//! The first byte picks the options (optimization level, -ftz, fast math);
//! the rest is the source.
//!
//! Every input is compiled on one long-lived thread with the compiler's
//! 16 MiB stack, as the CLI and the browser's worker do: the prelude
//! (`cuda_runtime.h`) and the built-in headers' tokens are kept per thread,
//! so a thread per input would read them again for every input (a few
//! executions a second instead of hundreds).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxlab_core::{compile, Compilation, NoFiles, Options, Severity};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Mutex, OnceLock};

/// The compiler thread: sources and options in, compilations out.
struct Worker {
    jobs: Sender<(String, Options)>,
    results: Receiver<Compilation>,
}

fn worker() -> &'static Mutex<Worker> {
    static WORKER: OnceLock<Mutex<Worker>> = OnceLock::new();
    WORKER.get_or_init(|| {
        let (jobs, inbox) = channel::<(String, Options)>();
        let (outbox, results) = channel();
        std::thread::Builder::new()
            .stack_size(ptxlab_core::STACK_SIZE)
            .spawn(move || {
                for (src, opts) in inbox {
                    if outbox
                        .send(compile("fuzz.cu", &src, &NoFiles, &opts))
                        .is_err()
                    {
                        break;
                    }
                }
            })
            .expect("a thread");
        Mutex::new(Worker { jobs, results })
    })
}

fuzz_target!(|data: &[u8]| {
    let (knobs, text) = match data.split_first() {
        Some((k, rest)) => (*k, rest),
        None => (0, data),
    };
    let src = String::from_utf8_lossy(text).into_owned();
    let mut opts = Options {
        opt_level: knobs & 3,
        ..Options::default()
    };
    if knobs & 4 != 0 {
        opts.ftz = true;
        opts.prec_div = false;
        opts.prec_sqrt = false;
    }
    let c = {
        let w = worker().lock().expect("the worker");
        w.jobs.send((src, opts)).expect("the compiler thread");
        // A panic there aborts the process (libFuzzer's hook): no answer
        // is never waited for.
        w.results.recv().expect("the compiler thread")
    };
    if let Some(d) = c
        .diagnostics
        .iter()
        .find(|d| d.message.contains("internal compiler error"))
    {
        panic!("{}", d.message);
    }
    let errors = c.diagnostics.iter().any(|d| d.severity == Severity::Error);
    assert!(
        errors != c.ptx.is_some(),
        "errors and PTX must exclude each other"
    );
});
