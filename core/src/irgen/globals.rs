//! Module-level variables and their initializers, and string literals as
//! constant globals.

use super::*;

/// A device variable as an IR global, its initializer as constants: one per
/// element for an array of scalars, else (structs) its bytes.
pub(super) fn lower_global(g: &ast::GlobalVar, types: &Types) -> Option<Global> {
    let space = storage_space(g.storage)?;
    let elem = base_type(&g.ty);
    let constant = |ty: &Type, v: &ast::Scalar| match ty {
        Type::F32 => Value::f32(v.as_f64() as f32),
        Type::F64 => Value::f64(v.as_f64()),
        t => int_const(t.clone(), v.as_i64()),
    };
    let init = if g.external || g.storage == ast::Storage::Shared {
        Init::Undef
    } else if g.init_values.iter().all(|(_, _, v)| v.as_f64() == 0.0) && g.init_functions.is_empty()
    {
        Init::Zero
    } else if !elem.is_record() {
        let ety = types.mem_type(elem);
        Init::Values(
            g.init_values
                .iter()
                .map(
                    |(off, _, v)| match g.init_functions.iter().find(|(o, _)| o == off) {
                        Some((_, f)) => Value::Global(f.clone(), addrspace::GENERIC),
                        None => constant(&ety, v),
                    },
                )
                .collect(),
        )
    } else {
        // A struct's bytes (the IR has no struct constants), little-endian.
        let size = g.ty.size().unwrap_or(0);
        let mut bytes = vec![0u8; usize::try_from(size).unwrap_or(0)];
        for (off, t, v) in &g.init_values {
            let le: Vec<u8> = match constant(&types.mem_type(t), v) {
                Value::Float(Type::F32, b) => (f64::from_bits(b) as f32).to_le_bytes().to_vec(),
                Value::Float(_, b) => b.to_le_bytes().to_vec(),
                Value::Int(ty, c) => c.to_le_bytes()[..ty.size() as usize].to_vec(),
                _ => Vec::new(),
            };
            for (k, b) in le.into_iter().enumerate() {
                if let Some(slot) = usize::try_from(*off)
                    .ok()
                    .and_then(|o| bytes.get_mut(o + k))
                {
                    *slot = b;
                }
            }
        }
        Init::Values(
            bytes
                .into_iter()
                .map(|b| Value::Int(Type::I8, i64::from(b as i8)))
                .collect(),
        )
    };
    let align = if g.external && g.storage == ast::Storage::Shared {
        16
    } else {
        g.ty.align().max(g.align).max(1)
    };
    // A struct variable is typed as the bytes of its initializer.
    fn bytes_type(t: &CType, types: &Types) -> Type {
        match t {
            CType::Array(e, n) => Type::Array(*n, Box::new(bytes_type(e, types))),
            CType::Record(_) => Type::Array(t.size().unwrap_or(0), Box::new(Type::I8)),
            t => types.mem_type(t),
        }
    }
    Some(Global {
        name: g.name.clone(),
        ty: bytes_type(&g.ty, types),
        space,
        align,
        init,
        external: g.external,
    })
}

/// The string literals the kept functions use, as constant byte arrays.
pub(super) fn add_string_literals(m: &mut Module, mut strings: Vec<(Vec<u8>, String)>) {
    let named: crate::collections::HashSet<String> = m
        .functions
        .iter()
        .flat_map(|f| {
            f.layout
                .iter()
                .flat_map(|b| f.block(*b).insts.iter())
                .flat_map(|i| f.inst(*i).kind.operands())
                .filter_map(|v| match v {
                    Value::Global(g, _) => Some(g.clone()),
                    _ => None,
                })
                .collect::<Vec<_>>()
        })
        .collect();
    strings.retain(|(_, name)| named.contains(name));
    for (data, name) in strings {
        let ty = Type::Array(data.len() as u64, Box::new(Type::I8));
        let init = Init::Values(
            data.iter()
                .map(|b| int_const(Type::I8, i64::from(*b)))
                .collect(),
        );
        m.globals.push(Global {
            name,
            ty,
            space: addrspace::GLOBAL,
            align: 1,
            init,
            external: false,
        });
    }
}

impl Gen<'_> {
    /// A string literal: a constant global (`$str`, `$str$1`, … as NVVM names
    /// them in PTX) holding the bytes and a NUL, used through a generic pointer.
    pub(super) fn string(&mut self, bytes: &[u8]) -> Value {
        let mut data = bytes.to_vec();
        data.push(0);
        let existing = self
            .strings
            .iter()
            .find(|(d, _)| *d == data)
            .map(|(_, n)| n.clone());
        let name = match existing {
            Some(n) => n,
            None => {
                let n = if self.strings.is_empty() {
                    "$str".to_string()
                } else {
                    format!("$str${}", self.strings.len())
                };
                self.strings.push((data, n.clone()));
                n
            }
        };
        self.emit(
            "str",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Cast {
                op: CastOp::AddrSpaceCast,
                val: Value::Global(name, addrspace::GLOBAL),
            },
        )
    }
}
