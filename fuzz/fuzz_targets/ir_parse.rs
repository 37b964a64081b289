//! The IR text parser (the filetests' reader and the explorer's "edit this
//! run" box) on arbitrary text: it must answer with a module or a
//! `ParseError`, never panic. A module it accepts is verified (the verifier
//! must not panic either), and when it verifies, printing it and reading the
//! print back must give the same text (the round trip the filetests rely on).
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxlab_core::ir::{parse_module, print_module, verify};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(m) = parse_module(text) else {
        return;
    };
    if !verify::verify_module(&m).is_empty() {
        return;
    }
    let printed = print_module(&m);
    let again = parse_module(&printed)
        .unwrap_or_else(|e| panic!("the printed module does not parse: {e}\n{printed}"));
    assert_eq!(printed, print_module(&again), "print/parse is not a fixpoint");
});
