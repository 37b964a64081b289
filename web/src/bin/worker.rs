//! Entry of the compiler's Web Worker (built with `wasm-bindgen --target no-modules`):
//! compiles only; the launches' wasm is the `runner` bin.

fn main() {
    #[cfg(target_arch = "wasm32")]
    ptxlab_web::worker::run();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("the ptxlab worker runs in a browser: try `cargo xtask serve`");
}
