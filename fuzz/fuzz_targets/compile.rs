//! The whole compiler (frontend → PTX) on arbitrary input: it must answer
//! with diagnostics or PTX. A panic anywhere (libFuzzer's hook aborts on it,
//! even inside `compile`'s catch_unwind), an "internal compiler error", or a
//! result with both errors and PTX is a finding.
//!
//! The first byte picks the options (optimization level, -ftz, fast math);
//! the rest is the source.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxlab_core::{compile, NoFiles, Options, Severity};

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
    // The compiler is given a 16 MiB stack in the CLI and the browser.
    let c = std::thread::Builder::new()
        .stack_size(ptxlab_core::STACK_SIZE)
        .spawn(move || compile("fuzz.cu", &src, &NoFiles, &opts))
        .expect("a thread")
        .join()
        .expect("the compiler thread");
    if let Some(d) = c
        .diagnostics
        .iter()
        .find(|d| d.message.contains("internal compiler error"))
    {
        panic!("{}", d.message);
    }
    let errors = c.diagnostics.iter().any(|d| d.severity == Severity::Error);
    assert!(errors != c.ptx.is_some(), "errors and PTX must exclude each other");
});
