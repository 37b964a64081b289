//! How worker messages cross `postMessage`: as JS objects (structured clone),
//! through serde-wasm-bindgen. Self-describing, so serde attributes such as
//! `skip_serializing_if` in core's types keep working (bincode's would not).

use gloo_worker::Codec;
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::JsValue;

pub struct JsCodec;

impl Codec for JsCodec {
    fn encode<I: Serialize>(input: I) -> JsValue {
        // Our messages are plain data (strings, numbers, vectors): always encodable.
        serde_wasm_bindgen::to_value(&input).expect("worker message encodes")
    }

    fn decode<O: DeserializeOwned>(input: JsValue) -> O {
        // Both ends are built from this crate in one `cargo xtask dist`.
        serde_wasm_bindgen::from_value(input).expect("worker message decodes")
    }
}
