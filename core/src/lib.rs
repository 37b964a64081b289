//! ptxlab-core: a CUDA C → PTX compiler without LLVM.
//!
//! The pipeline, one module per stage, data flowing one way:
//! `frontend::compile_unit` → `irgen::lower` → `link::libdevice` → `opt::run`
//! → `codegen::select` … `codegen::emit`. [`compile`] runs it and returns a
//! [`Compilation`] holding every stage's snapshot.
//!
//! Architecture Invariant: the library does no I/O (files come through
//! [`FileProvider`]) and never panics on user input; it runs the same natively
//! and in wasm32.

pub mod bugs;
pub mod codegen;
pub mod collections;
pub mod compilation;
pub mod diag;
pub mod edit;
pub mod frontend;
pub mod ir;
pub mod irgen;
pub mod link;
pub mod opt;
pub mod options;
pub mod ptx;
pub mod target;
pub mod wmma;

mod driver;

pub use compilation::{
    Compilation, FunctionText, FunctionValues, Kernel, KernelParam, LineMapEntry, ParamKind, Stage,
    StageKind, Stats, ValueRegs,
};
pub use diag::{Diagnostic, Severity, Span};
pub use driver::{compile, compile_source, compile_to_ir, PassRun, Stepper};
pub use options::{Define, Options, PtxVersion, RewriteLimit, RewriteSite};

/// Where `#include`d files come from. The CLI reads the disk; the browser
/// holds a map of files; tests use either.
pub trait FileProvider {
    /// The text of the file at `path`, or `None` when there is no such file.
    fn read(&self, path: &str) -> Option<String>;
}

/// No files besides the main one (and the built-in headers).
pub struct NoFiles;

impl FileProvider for NoFiles {
    fn read(&self, _path: &str) -> Option<String> {
        None
    }
}

impl FileProvider for std::collections::BTreeMap<String, String> {
    fn read(&self, path: &str) -> Option<String> {
        self.get(path).cloned()
    }
}

/// The stack the compiler needs for the deepest input it accepts (nesting is
/// limited in the parser); the CLI runs the compiler on a thread of this size and
/// the web worker is linked with it.
pub const STACK_SIZE: usize = 16 << 20;

/// The version string shown in the UI and written into shared links.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
