//! The backend: IR → PTX. `isel` selects PTX instructions on virtual
//! registers, `out_of_ssa` turns phis into copies, `layout` orders blocks
//! and removes branches to the next block, `emit` writes the module text.
//! Each step is a snapshot in `Compilation`.

pub mod coalesce;
pub mod emit;
pub mod isel;
pub mod layout;
pub mod out_of_ssa;
