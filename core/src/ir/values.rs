//! Operands: instruction and block ids, `Value`, and where a vector's lane
//! comes from.

use super::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u32);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BlockId(pub u32);

/// An operand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Inst(InstId),
    Arg(u32),
    /// An integer constant; `bits` holds the value sign-extended to 64 bits.
    Int(Type, i64),
    /// A float constant as the bits of an f64 (for every float type).
    Float(Type, u64),
    Undef(Type),
    /// The null pointer of an address space.
    Null(u32),
    /// The address of a module-level variable (`@name`), a pointer in its space.
    Global(String, u32),
}

impl Value {
    pub fn i32(v: i32) -> Value {
        Value::Int(Type::I32, i64::from(v))
    }

    pub fn i64(v: i64) -> Value {
        Value::Int(Type::I64, v)
    }

    pub fn bool(v: bool) -> Value {
        Value::Int(Type::I1, -i64::from(v))
    }

    pub fn f32(v: f32) -> Value {
        Value::Float(Type::F32, f64::from(v).to_bits())
    }

    pub fn f64(v: f64) -> Value {
        Value::Float(Type::F64, v.to_bits())
    }

    pub fn as_inst(&self) -> Option<InstId> {
        match self {
            Value::Inst(i) => Some(*i),
            _ => None,
        }
    }

    pub fn is_const(&self) -> bool {
        matches!(
            self,
            Value::Int(..)
                | Value::Float(..)
                | Value::Null(_)
                | Value::Undef(_)
                | Value::Global(..)
        )
    }

    /// The integer value of a constant, if it is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(_, v) => Some(*v),
            _ => None,
        }
    }
}

/// Where lane `k` of a vector value comes from, following insertelement
/// chains back (the one place that reads them: instcombine, isel).
#[derive(Clone, Debug, PartialEq)]
pub enum Lane {
    /// The scalar an insertelement put there (`undef` for a lane of an
    /// `undef` vector no insertelement set).
    Scalar(Value),
    /// Lane `k` of this vector, which is no insertelement (a load).
    Of(Value),
}

/// [`Lane`] `k` of `vec`, a vector value of `f`.
pub fn vector_lane(f: &Function, vec: &Value, k: u32) -> Lane {
    let mut v = vec;
    // A chain is at most every instruction long (in unreachable code it may be a cycle).
    for _ in 0..=f.insts.len() {
        match v {
            Value::Inst(i) => match &f.inst(*i).kind {
                InstKind::InsertElement { vec, elt, idx } => {
                    if idx.as_int() == Some(i64::from(k)) {
                        return Lane::Scalar(elt.clone());
                    }
                    v = vec;
                }
                _ => break,
            },
            Value::Undef(Type::Vector(_, e)) => return Lane::Scalar(Value::Undef((**e).clone())),
            _ => break,
        }
    }
    Lane::Of(v.clone())
}
