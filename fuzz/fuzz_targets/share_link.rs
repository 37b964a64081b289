//! The share-link decoder (the URL fragment is hostile input): it must
//! answer with a state or a `LinkError`, never panic or allocate past its
//! caps. The first byte picks the input's shape: the raw fragment text, or
//! the rest of the bytes taken as the JSON state and wrapped as a real link
//! is (deflate + base64url), so the fuzzer reaches the JSON reader and the
//! sanitizer. A state that decodes must survive encode → decode unchanged.
#![no_main]

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use libfuzzer_sys::fuzz_target;
use ptxlab_web::share::{decode, encode};

fuzz_target!(|data: &[u8]| {
    let Some((&shape, rest)) = data.split_first() else {
        return;
    };
    let fragment = if shape & 1 == 0 {
        String::from_utf8_lossy(rest).into_owned()
    } else {
        let deflated = miniz_oxide::deflate::compress_to_vec(rest, 1);
        format!("v=0&z={}", URL_SAFE_NO_PAD.encode(deflated))
    };
    if let Ok(Some(restored)) = decode(&fragment) {
        let again = decode(&encode(&restored.state))
            .expect("an encoded state decodes")
            .expect("an encoded state is a link");
        assert_eq!(again.state, restored.state, "encode/decode changed the state");
    }
});
