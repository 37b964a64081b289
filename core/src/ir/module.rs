//! A module: its globals (with their initial contents) and functions.

use super::*;

/// A module-level variable (`__shared__`, `__constant__`, `__device__`).
#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub ty: Type,
    pub space: u32,
    pub align: u64,
    pub init: Init,
    /// Defined elsewhere: `extern __shared__ T x[];` (dynamic shared memory).
    pub external: bool,
}

/// A global's initial contents.
#[derive(Clone, Debug, PartialEq)]
pub enum Init {
    /// No initializer (shared memory, uninitialized device variables).
    Undef,
    /// `zeroinitializer`.
    Zero,
    /// The scalar elements in memory order (one for a scalar global).
    Values(Vec<Value>),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    /// The main source file's name, for `.file` lines.
    pub source_file: String,
    pub globals: Vec<Global>,
    pub functions: Vec<Function>,
}

impl Module {
    /// The function named `name` (a scan: a pass that looks up many
    /// builds [`Module::by_name`] once).
    pub fn function(&self, name: &str) -> Option<&Function> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// The functions by name.
    pub fn by_name(&self) -> crate::collections::HashMap<&str, &Function> {
        self.functions
            .iter()
            .map(|f| (f.name.as_str(), f))
            .collect()
    }
}
