//! C types as IR types. The names of a module's structs and unions
//! (`struct.anon`, `struct.anon.0`, … as clang numbers repeats) are the
//! state of `Types`: one per module lowered, shared by its functions.

use super::*;
use crate::frontend::ast::Record;
use std::cell::RefCell;
use std::rc::Rc;

/// A module's lowering of C types.
#[derive(Default)]
pub(super) struct Types {
    /// The name given to each record so far, each record once (see `records`).
    pub(super) record_names: RefCell<Vec<(Rc<Record>, String)>>,
}

/// The IR type of a C type as a value (bool is i1), its records named
/// afresh (a module's lowering numbers its own repeats).
pub fn ir_type(t: &CType) -> Type {
    Types::default().ir_type(t)
}

impl Types {
    /// The IR type of a C type as a value (bool is i1).
    pub(super) fn ir_type(&self, t: &CType) -> Type {
        match t {
            CType::Void => Type::Void,
            CType::Bool => Type::I1,
            CType::Int(k) => match k.bits() {
                8 => Type::I8,
                16 => Type::I16,
                32 => Type::I32,
                _ => Type::I64,
            },
            CType::Float => Type::F32,
            CType::Double => Type::F64,
            // A reference is the address of its object.
            CType::Ptr { .. } | CType::Ref { .. } => Type::Ptr(addrspace::GENERIC),
            CType::Array(e, n) => Type::Array(*n, Box::new(self.mem_type(e))),
            CType::Builtin(_) => Type::Array(3, Box::new(Type::I32)),
            CType::Enum(e) => self.ir_type(&CType::Int(e.underlying)),
            CType::Auto | CType::Decltype(_) | CType::Func(_) => Type::Void,
            CType::Record(r) => self.record_type(r),
        }
    }

    /// The IR type of a C type in memory (bool is a byte).
    pub(super) fn mem_type(&self, t: &CType) -> Type {
        match t {
            CType::Bool => Type::I8,
            t => self.ir_type(t),
        }
    }

    /// A function's IR return type (a struct is returned through `%agg.result`).
    pub(super) fn return_type(&self, t: &CType) -> Type {
        if t.is_record() {
            Type::Void
        } else {
            self.ir_type(t)
        }
    }

    /// A function's IR parameters. A struct returned by value comes back
    /// through a first, hidden pointer parameter (`%agg.result`, clang's name)
    /// to the caller's memory; a struct parameter is a pointer to the bytes of
    /// the caller's copy (`byval`).
    pub(super) fn params(&self, src: &ast::FunctionDef) -> Vec<Param> {
        let mut params = Vec::new();
        if src.ret.is_record() {
            params.push(Param {
                name: "agg.result".into(),
                ty: Type::Ptr(addrspace::GENERIC),
                noalias: false,
                readonly: false,
                byval: None,
                sret: Some(ByVal {
                    ty: self.mem_type(&src.ret),
                    align: src.ret.align(),
                }),
            });
        }
        for (i, p) in src.params.iter().enumerate() {
            let name = if p.name.is_empty() {
                format!("arg{i}")
            } else {
                p.name.clone()
            };
            let byval = p.ty.is_record().then(|| ByVal {
                ty: self.mem_type(&p.ty),
                align: p.ty.align(),
            });
            params.push(Param {
                name,
                ty: if byval.is_some() {
                    Type::Ptr(addrspace::GENERIC)
                } else {
                    self.ir_type(&p.ty)
                },
                noalias: p.restrict && p.ty.is_pointer(),
                readonly: matches!(&p.ty, CType::Ptr { konst: true, .. }),
                byval,
                sret: None,
            });
        }
        params
    }
}
