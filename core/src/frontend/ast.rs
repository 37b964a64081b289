//! The syntax tree. The parser builds it; sema fills in types (`Expr::ty`),
//! resolves names (`ExprKind::Var`) and makes implicit conversions explicit
//! (`ExprKind::Cast` with `implicit: true`), so irgen reads a typed tree.
//!
//! This file holds the translation unit and the declarations (functions,
//! variables, parameters, initializers); `types` the C and C++ types,
//! `expr` statements, expressions and constant evaluation; a record's
//! layout is `layout::Layout`. All are named `ast::…`.

use crate::diag::Span;
use std::cell::{Cell, RefCell};
use std::fmt;
use std::rc::Rc;

mod expr;
mod types;

pub use super::layout::{Field, Layout};
pub use expr::*;
pub use types::*;

/// What the source asked of the inliner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum InlineHint {
    #[default]
    Default,
    /// `__noinline__`
    Never,
    /// `__forceinline__`
    Always,
}

/// Where a function runs: `__global__`, `__device__`, host (no qualifier), or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExecSpace {
    Global,
    Device,
    Host,
    HostDevice,
}

impl ExecSpace {
    pub fn on_device(self) -> bool {
        !matches!(self, ExecSpace::Host)
    }
}

#[derive(Clone, Debug)]
pub struct TranslationUnit {
    /// Shared with the kept prelude state they came from (`frontend::prelude`):
    /// a compile copies a function only to change it (`Rc::make_mut`).
    pub functions: Vec<std::rc::Rc<FunctionDef>>,
    /// Variables at namespace scope, and function-local `__shared__` ones
    /// (added by sema with their mangled names).
    pub globals: Vec<GlobalVar>,
    /// Every enumerator: its value and enumeration type.
    pub enumerators: crate::collections::SharedMap<String, (i64, CType)>,
    /// CUDA's vector types by name (`float4`), for their `make_float4`.
    pub vector_types: crate::collections::HashMap<String, CType>,
    /// `constexpr` variables at namespace scope (qualified names) and their values.
    pub constants: crate::collections::SharedMap<String, (Scalar, CType)>,
    /// Namespaces, `using` directives and declarations, namespace aliases.
    pub lookup: super::lookup::Lookup,
    /// The templates, the instantiations asked for, and what sema needs to
    /// make more (parser → sema; sema instantiates functions).
    pub templates: super::template::Templates,
    /// How many of `functions` come from the prelude (the implicit
    /// `cuda_runtime.h`): sema checks their inline ones only when used.
    pub prelude_functions: usize,
    /// The symbols of the functions a kept state parsed.
    pub kept_symbols: KeptSymbols,
}

/// The mangled symbols and the signatures of the functions a kept state
/// parsed (the unit's first `count`; `frontend::prelude`): made by the
/// first compile's sema that needs them and shared by every copy of the
/// state (mangling the prelude's and headers' signatures was a quarter of
/// a warm compile, making their signatures again a tenth).
#[derive(Clone, Default)]
pub struct KeptSymbols {
    pub count: usize,
    pub(crate) memo: Rc<std::cell::OnceCell<super::sema::KeptNames>>,
}

impl std::fmt::Debug for KeptSymbols {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "KeptSymbols({})", self.count)
    }
}

/// Where a variable lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Storage {
    /// An ordinary local (stack) variable.
    Auto,
    /// `__shared__`: one copy per thread block.
    Shared,
    /// `__constant__`: read-only for kernels, set by the host.
    Constant,
    /// `__device__` (and `__managed__`): global memory.
    Device,
    /// A host variable: not visible in device code.
    Host,
}

impl Storage {
    pub fn keyword(self) -> &'static str {
        match self {
            Storage::Shared => "__shared__",
            Storage::Constant => "__constant__",
            Storage::Device => "__device__",
            Storage::Auto | Storage::Host => "",
        }
    }
}

/// An initializer: one expression or a braced list.
#[derive(Clone, Debug)]
pub enum Initializer {
    Expr(Expr),
    List(Vec<Initializer>, Span),
    /// A list item with designators: `.x = 1`, `[2] = 5`, `.a.b[1] = 0`.
    Designated(Vec<Designator>, Box<Initializer>, Span),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Designator {
    Field(String),
    Index(u64),
}

/// A variable with static storage duration.
#[derive(Clone, Debug)]
pub struct GlobalVar {
    /// The symbol (mangled for function-local `__shared__`).
    pub name: String,
    /// The name as written, for lookup.
    pub source_name: String,
    pub ty: CType,
    pub storage: Storage,
    pub init: Option<Initializer>,
    /// Filled by sema: the initializer flattened to its scalars, each with
    /// its byte offset and type, in memory order (padding left out).
    pub init_values: Vec<(u64, CType, Scalar)>,
    /// The scalars of `init_values` that are functions' addresses (their
    /// value there is 0): offset and symbol.
    pub init_functions: Vec<(u64, String)>,
    /// `extern` (`extern __shared__ float dyn[];`): storage defined elsewhere.
    pub external: bool,
    pub span: Span,
    /// `alignas(N)` (0: the type's alignment).
    pub align: u64,
    /// Declared `volatile` (an array: its elements).
    pub volatile: bool,
    /// A class's virtual function table (`_ZTV5Shape`): kept where a kept
    /// function names it; its destructors are made with it.
    pub vtable: Option<std::rc::Rc<VTable>>,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub name: String,
    pub ty: CType,
    pub restrict: bool,
    /// Declared `const` itself (`const float x`; not `const float *p`).
    pub konst: bool,
    pub span: Span,
    /// A default argument (`int n = 4`).
    pub default: Option<Expr>,
}

#[derive(Clone, Debug)]
pub struct FunctionDef {
    pub name: String,
    pub span: Span,
    pub ret: CType,
    pub params: Vec<Param>,
    pub variadic: bool,
    pub space: ExecSpace,
    pub extern_c: bool,
    /// `__noinline__` / `__forceinline__`.
    pub inline: InlineHint,
    /// `__launch_bounds__` arguments (empty when absent).
    pub launch_bounds: Vec<u32>,
    pub body: Option<Stmt>,
    /// Filled by sema: every local variable, parameters first.
    pub locals: Vec<Local>,
    /// The symbol of a template instance (set by sema, which names the
    /// instance `scale<float>` and mangles it from the template's signature).
    pub symbol: Option<String>,
    /// Declared `constexpr`: with no execution space it is a host function
    /// that device code may call only under `--expt-relaxed-constexpr`
    /// (which makes it `__host__ __device__`).
    pub constexpr: bool,
    /// Emitted only where called, as clang emits C++'s inline functions:
    /// declared `inline`, `static`, `__forceinline__` or `constexpr`, or
    /// defined in its class (template instances are made only when called).
    pub discardable: bool,
    /// Declared `static` at namespace scope: internal linkage (see
    /// [`FunctionDef::internal`]).
    pub is_static: bool,
    /// A constructor's member initializer list as written (`: Base(a),
    /// x(b), y{c}`); sema makes it, with the default member initializers
    /// and the bases' and members' default constructors, the start of the
    /// body, in declaration order.
    pub mem_inits: Vec<MemInit>,
}

impl FunctionDef {
    /// Internal linkage: declared `static` or in an anonymous namespace (and
    /// so their template instances). A kernel so is a PTX `.entry` with no
    /// `.visible`; LLVM's IR says `define internal`.
    pub fn internal(&self) -> bool {
        self.is_static || self.name.split("::").any(|p| p == "_GLOBAL__N_1")
    }
}

/// One item of a constructor's member initializer list.
#[derive(Clone, Debug)]
pub struct MemInit {
    /// A member by name, or a base class (or the class itself: a
    /// delegating constructor) by type.
    pub target: MemInitTarget,
    pub args: Vec<Expr>,
    /// `x{…}` rather than `x(…)`.
    pub braced: bool,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum MemInitTarget {
    Member(String),
    Class(CType),
}

/// A local variable (or parameter), numbered by sema.
#[derive(Clone, Debug)]
pub struct Local {
    pub name: String,
    pub ty: CType,
    pub span: Span,
    /// Declared `volatile` (an array: its elements): every access is a
    /// volatile load or store.
    pub volatile: bool,
}

#[derive(Clone, Debug)]
pub struct VarDecl {
    pub name: String,
    pub ty: CType,
    /// The initializer; sema rewrites a braced list of an array into `list`.
    pub init: Option<Expr>,
    /// A braced initializer after sema: every scalar of the object (or a
    /// whole struct member given by one expression) with its byte offset,
    /// in memory order; what the list leaves out is zero.
    pub list: Option<Vec<(u64, Expr)>>,
    /// The braced list as written (parser), consumed by sema.
    pub init_list: Option<Initializer>,
    /// After sema: what makes the object in place, after `init` and
    /// `list` (a constructor's call on it, its default member
    /// initializers' stores).
    pub construct: Vec<Expr>,
    pub storage: Storage,
    pub external: bool,
    /// Declared `const` (the object itself, not what it points to).
    pub konst: bool,
    pub span: Span,
    /// Set by sema: the index into `FunctionDef::locals` (or `TranslationUnit::globals`
    /// for a `__shared__` variable).
    pub local: usize,
    /// `alignas(N)` (0: the type's alignment); kept for `__shared__` ones.
    pub align: u64,
    /// Declared `volatile` (an array: its elements).
    pub volatile: bool,
}
