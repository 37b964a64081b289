//! ptxlab in the browser. The page (`app`) and the compiler (`worker`) are two
//! wasm binaries that talk only through the messages in [`protocol`]; the page
//! never runs the compiler, so typing never waits for a compile.

pub mod chart;
pub mod diff;
pub mod examples;
pub mod highlight;
pub mod irmap;
pub mod launch;
pub mod pipeline;
pub mod protocol;
pub mod ptx_docs;
pub mod ptxrun;
pub mod reduce;
pub mod share;
pub mod values;

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod editor;
#[cfg(target_arch = "wasm32")]
pub mod ui;
#[cfg(target_arch = "wasm32")]
pub mod worker;
#[cfg(target_arch = "wasm32")]
pub mod worker_client;

// The allocator is chosen per build; see the `wee_alloc` feature in Cargo.toml.
#[cfg(all(target_arch = "wasm32", feature = "wee_alloc"))]
#[global_allocator]
static ALLOC: wee_alloc::WeeAlloc = wee_alloc::WeeAlloc::INIT;
