//! Entry of the worker's second wasm: the compiler with the IR interpreter,
//! the PTX emulator, bisection and reduction (`wasm-bindgen --target
//! no-modules --no-modules-global ptxlab_runner`, loaded by static/worker.js
//! after the first compile or on the first launch).

fn main() {
    #[cfg(target_arch = "wasm32")]
    ptxlab_web::worker::run_runner();
    #[cfg(not(target_arch = "wasm32"))]
    eprintln!("the ptxlab worker runs in a browser: try `cargo xtask serve`");
}
