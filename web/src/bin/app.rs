//! Entry of the page (built with `wasm-bindgen --target web`, loaded by index.html).

fn main() {
    #[cfg(target_arch = "wasm32")]
    ptxlab_web::app::run();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("the ptxlab page runs in a browser: try `cargo xtask serve`");
}
