//! The names in scope where the parser is: the typedefs, tags and
//! enumerators declared so far and what it knows of C++ names (`CxxScope`).
//! The parser keeps them as it goes; at the end of the file they are kept
//! with the templates (`Templates::scope`), the scope in which instances
//! that sema asks for are parsed.

use super::ast::{CType, Expr, FunctionDef, Scalar};
use super::lookup::Lookup;
use crate::collections::SharedMap;

/// The parser's names at the end of the file, which instances made by sema
/// see.
#[derive(Clone, Debug, Default)]
pub struct Scope {
    pub typedefs: SharedMap<String, CType>,
    pub tags: SharedMap<String, CType>,
    pub enumerators: SharedMap<String, (i64, CType)>,
    pub(crate) cxx: CxxScope,
}

/// What the parser knows of C++ names: the namespace being parsed, the
/// `using namespace` directives, `constexpr` values and functions (for
/// array sizes), and the member functions of the struct being parsed.
#[derive(Clone, Debug, Default)]
pub(crate) struct CxxScope {
    /// The enclosing namespaces (and structs), outermost first.
    pub(crate) ns: Vec<String>,
    /// Namespaces, `using` directives and declarations, namespace aliases.
    pub(crate) lookup: Lookup,
    /// `constexpr` variables with a constant initializer (qualified).
    pub(crate) constants: SharedMap<String, (Scalar, CType)>,
    /// `constexpr` (or `const`) integer arrays with a constant initializer
    /// list (qualified): their elements and the element type, so that
    /// `table[n - 1]` reads in a constant expression.
    pub(crate) constant_arrays: SharedMap<String, (Vec<i64>, CType)>,
    /// Local `const` integers recorded in `constants` while their block is
    /// parsed, with what each shadowed (restored when the block ends).
    pub(crate) block_constants: Vec<(String, Option<(Scalar, CType)>)>,
    /// `constexpr` functions whose body is one `return e;`: parameter
    /// names and the expression.
    pub(crate) constexpr_fns: SharedMap<String, (Vec<String>, Expr)>,
    /// Member functions parsed in struct bodies, added to the unit after
    /// the declaration.
    pub(crate) methods: Vec<FunctionDef>,
    /// The struct whose members are being parsed (its constructors' name).
    pub(crate) ctor_name: Option<String>,
    /// `--expt-relaxed-constexpr`: `constexpr` functions are `__host__
    /// __device__`.
    pub(crate) relaxed_constexpr: bool,
}
