//! The IR: LLVM-like SSA in functions of basic blocks.
//!
//! Instructions live in a per-function arena (`InstId`), blocks in another
//! (`BlockId`); `Function::layout` gives the block order. Every value-producing
//! instruction has a name that passes keep, so printed snapshots diff cleanly.
//!
//! Architecture Invariant: printing is deterministic (same IR, same bytes).
//!
//! The modules: `types` (types, layouts, how a gep addresses bytes),
//! `values` (ids and operands), `ops` (the operators instructions carry),
//! `inst` (instruction kinds), `intrinsic` (the typed intrinsics a call calls), `function` (functions, blocks, the name
//! table), `module` (modules and globals), `asm` (inline PTX), `domtree`; `print` and `parse` the
//! text form, `verify` the invariants, `fold` constant folding. Everything is
//! re-exported here: paths are `crate::ir::X`.

mod asm;
mod domtree;
pub mod fold;
mod function;
mod inst;
pub mod intrinsic;
mod module;
mod ops;
mod parse;
mod print;
mod types;
mod values;
pub mod verify;

pub use asm::{escape_string, Constraint, InlineAsm};
pub use domtree::DomTree;
pub use function::{offset_align, Block, ByVal, FnAttrs, Function, LoopHint, Param};
pub use inst::{switch_target, DebugLoc, Inst, InstKind};
pub use intrinsic::{Callee, Intrinsic};
pub use module::{Global, Init, Module};
pub use ops::{AtomicOp, BinOp, CastOp, FCmp, Flags, ICmp, SyncScope};
pub use types::{gep_const_offset, gep_steps, GepStep, StructType, Type};
pub use values::{vector_lane, BlockId, InstId, Lane, Value};

pub use parse::{parse_function, parse_module, parse_signature, ParseError};
pub use print::inst_text;
pub use print::{function_text, location_text, module_text, print_function, print_module};

/// Address spaces, numbered as cicc/NVPTX number them.
pub mod addrspace {
    pub const GENERIC: u32 = 0;
    pub const GLOBAL: u32 = 1;
    pub const SHARED: u32 = 3;
    pub const CONST: u32 = 4;
    pub const LOCAL: u32 = 5;
    pub const PARAM: u32 = 101;
}
