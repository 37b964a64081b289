//! The PTX emulator's reader (the Run panel loads PTX pasted or edited by
//! the user) on arbitrary text: parsing and decoding every function must
//! answer with a module or a `ParseError`, never panic. For a module it
//! accepts, the kernel list and each kernel's parameters are read too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use ptxlab_sim::emu::PtxModule;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(m) = PtxModule::parse(text) {
        for k in m.kernels() {
            let params = m.kernel_params(k).expect("a listed kernel has parameters");
            for p in params {
                let _ = p.size();
            }
        }
    }
});
