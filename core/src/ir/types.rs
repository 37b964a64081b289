//! Types: scalars, pointers with an address space, vectors, arrays and
//! (named) structs, their sizes and layouts, and how a gep's indices
//! address bytes.

use super::*;
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Void,
    I1,
    I8,
    I16,
    I32,
    I64,
    Half,
    F32,
    F64,
    Ptr(u32),
    Array(u64, Box<Type>),
    /// `{ i32, float }`, or a named one, `%struct.P`, whose body the module
    /// defines (`%struct.P = type { … }`).
    Struct(Box<StructType>),
    /// `<4 x float>`: a small vector of scalars (see [`Type::vector_ok`]),
    /// LLVM's layout (size N·size(T), aligned to its size as NVPTX's data
    /// layout says for v2/v4). Only the load-store-vectorizer makes them:
    /// a vector is loaded or stored whole and read or built lane by lane
    /// (`extractelement`, `insertelement`).
    Vector(u32, Box<Type>),
}

/// A struct type: its fields, laid out as LLVM's NVPTX data layout does (each
/// field at its alignment, the size rounded up to the largest one).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StructType {
    /// `struct.P` for `%struct.P`; `None` for a literal `{ … }`.
    pub name: Option<String>,
    pub fields: Vec<Type>,
}

impl StructType {
    /// The byte offset of each field, and the struct's size.
    pub fn layout(&self) -> (Vec<u64>, u64) {
        let mut offsets = Vec::with_capacity(self.fields.len());
        let mut off = 0u64;
        for t in &self.fields {
            off = off.next_multiple_of(t.align());
            offsets.push(off);
            off = off.saturating_add(t.size());
        }
        (offsets, off.next_multiple_of(self.align()))
    }

    pub fn align(&self) -> u64 {
        self.fields.iter().map(Type::align).max().unwrap_or(1)
    }

    /// The body as LLVM writes it: `{ i32, float }`, `{}`.
    pub fn body_text(&self) -> String {
        if self.fields.is_empty() {
            return "{}".into();
        }
        let fields: Vec<String> = self.fields.iter().map(Type::to_string).collect();
        format!("{{ {} }}", fields.join(", "))
    }
}

impl Type {
    pub fn is_int(&self) -> bool {
        matches!(
            self,
            Type::I1 | Type::I8 | Type::I16 | Type::I32 | Type::I64
        )
    }

    pub fn is_float(&self) -> bool {
        matches!(self, Type::Half | Type::F32 | Type::F64)
    }

    pub fn is_ptr(&self) -> bool {
        matches!(self, Type::Ptr(_))
    }

    pub fn is_vector(&self) -> bool {
        matches!(self, Type::Vector(..))
    }

    /// A vector's lane count and element type.
    pub fn as_vector(&self) -> Option<(u32, &Type)> {
        match self {
            Type::Vector(n, e) => Some((*n, e)),
            _ => None,
        }
    }

    /// Whether a vector type is one our IR has: 2 or 4 lanes of an integer
    /// (not i1), half or float type, 128 bits at most (what one PTX
    /// `ld.v2`/`ld.v4` moves).
    pub fn vector_ok(&self) -> bool {
        match self {
            Type::Vector(n, e) => {
                matches!(n, 2 | 4)
                    && matches!(
                        **e,
                        Type::I8
                            | Type::I16
                            | Type::I32
                            | Type::I64
                            | Type::Half
                            | Type::F32
                            | Type::F64
                    )
                    && self.size() <= 16
            }
            _ => false,
        }
    }

    /// Whether a vector type is a warp matrix fragment's registers that
    /// [`Type::vector_ok`] does not cover (what `llvm.nvvm.wmma.*` loads
    /// and mma give): 8 lanes of i32 or float, one of i32, float or double.
    pub fn fragment_ok(&self) -> bool {
        match self {
            Type::Vector(8, e) => matches!(**e, Type::I32 | Type::F32),
            Type::Vector(1, e) => matches!(**e, Type::I32 | Type::F32 | Type::F64),
            _ => false,
        }
    }

    /// Width in bits of a scalar type (pointers are 64-bit).
    pub fn bits(&self) -> u32 {
        match self {
            Type::I1 => 1,
            Type::I8 => 8,
            Type::I16 | Type::Half => 16,
            Type::I32 | Type::F32 => 32,
            Type::I64 | Type::F64 | Type::Ptr(_) => 64,
            Type::Void | Type::Array(..) | Type::Struct(_) | Type::Vector(..) => 0,
        }
    }

    pub fn is_aggregate(&self) -> bool {
        matches!(self, Type::Array(..) | Type::Struct(_))
    }

    /// Adds to `seen` every named struct type inside this one not there yet,
    /// a struct after the structs of its fields (the order definitions print).
    pub fn named_structs<'a>(&'a self, seen: &mut Vec<&'a StructType>) {
        match self {
            Type::Array(_, e) => e.named_structs(seen),
            Type::Struct(s) => {
                for t in &s.fields {
                    t.named_structs(seen);
                }
                if s.name.is_some() && !seen.iter().any(|x| x.name == s.name) {
                    seen.push(s);
                }
            }
            _ => {}
        }
    }

    /// Allocation size in bytes.
    pub fn size(&self) -> u64 {
        match self {
            Type::Void => 0,
            Type::I1 | Type::I8 => 1,
            Type::Array(n, e) => n * e.size(),
            Type::Struct(s) => s.layout().1,
            Type::Vector(n, e) => u64::from(*n) * e.size(),
            t => u64::from(t.bits() / 8),
        }
    }

    pub fn align(&self) -> u64 {
        match self {
            Type::Array(_, e) => e.align(),
            Type::Struct(s) => s.align(),
            // LLVM's natural vector alignment: the size, rounded up to a power of two.
            Type::Vector(..) => self.size().max(1).next_power_of_two(),
            t => t.size().max(1),
        }
    }
}

/// What one index of `getelementptr elem_ty, p, i0, i1, …` adds to the address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GepStep {
    /// The index times this many bytes: the first index (whole `elem_ty`s)
    /// and an index into an array (its elements).
    Scale(i64),
    /// A struct field (the index is a constant): the field's byte offset.
    Field(i64),
}

/// The one place that knows how a gep's indices address bytes, for every
/// source element type: per index a [`GepStep`], and the type the last
/// index selects. `None` when an index goes into a scalar, or a struct index
/// is not a constant field number.
pub fn gep_steps(elem_ty: &Type, indices: &[Value]) -> Option<(Vec<GepStep>, Type)> {
    let mut ty = elem_ty;
    let mut steps = Vec::with_capacity(indices.len());
    for (k, idx) in indices.iter().enumerate() {
        if k == 0 {
            steps.push(GepStep::Scale(i64::try_from(ty.size()).ok()?));
            continue;
        }
        match ty {
            Type::Array(_, e) => {
                ty = e;
                steps.push(GepStep::Scale(i64::try_from(ty.size()).ok()?));
            }
            Type::Struct(s) => {
                let i = usize::try_from(idx.as_int()?).ok()?;
                ty = s.fields.get(i)?;
                let off = s.layout().0[i];
                steps.push(GepStep::Field(i64::try_from(off).ok()?));
            }
            _ => return None,
        }
    }
    Some((steps, ty.clone()))
}

/// The byte offset of a gep whose indices are all constants.
pub fn gep_const_offset(elem_ty: &Type, indices: &[Value]) -> Option<i64> {
    let (steps, _) = gep_steps(elem_ty, indices)?;
    let mut off = 0i64;
    for (step, idx) in steps.iter().zip(indices) {
        let d = match *step {
            GepStep::Scale(s) => idx.as_int()?.checked_mul(s)?,
            GepStep::Field(o) => o,
        };
        off = off.checked_add(d)?;
    }
    Some(off)
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Void => f.write_str("void"),
            Type::I1 => f.write_str("i1"),
            Type::I8 => f.write_str("i8"),
            Type::I16 => f.write_str("i16"),
            Type::I32 => f.write_str("i32"),
            Type::I64 => f.write_str("i64"),
            Type::Half => f.write_str("half"),
            Type::F32 => f.write_str("float"),
            Type::F64 => f.write_str("double"),
            Type::Ptr(0) => f.write_str("ptr"),
            Type::Ptr(n) => write!(f, "ptr addrspace({n})"),
            Type::Array(n, e) => write!(f, "[{n} x {e}]"),
            Type::Vector(n, e) => write!(f, "<{n} x {e}>"),
            Type::Struct(s) => match &s.name {
                Some(n) => write!(f, "%{n}"),
                None => f.write_str(&s.body_text()),
            },
        }
    }
}
