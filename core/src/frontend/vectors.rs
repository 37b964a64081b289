//! CUDA's built-in vector types (`vector_types.h`): `float4`, `int2`,
//! `uchar4`, … — structs of one to four members `x y z w` with CUDA's
//! alignments (`float4` 16, `float2` 8, `float3` 4) — and `dim3`. Known
//! without any `#include`, as in NVRTC.

use super::ast::{CType, Field, IntKind, Layout, Record};
use std::rc::Rc;

/// Element type and the alignments of the 1-, 2-, 3- and 4-member types.
const FAMILIES: &[(&str, CType, [u64; 4])] = &[
    ("char", CType::Int(IntKind::SChar), [1, 2, 1, 4]),
    ("uchar", CType::Int(IntKind::UChar), [1, 2, 1, 4]),
    ("short", CType::Int(IntKind::Short), [2, 4, 2, 8]),
    ("ushort", CType::Int(IntKind::UShort), [2, 4, 2, 8]),
    ("int", CType::Int(IntKind::Int), [4, 8, 4, 16]),
    ("uint", CType::Int(IntKind::UInt), [4, 8, 4, 16]),
    ("long", CType::Int(IntKind::Long), [8, 16, 8, 16]),
    ("ulong", CType::Int(IntKind::ULong), [8, 16, 8, 16]),
    ("longlong", CType::Int(IntKind::LongLong), [8, 16, 8, 16]),
    ("ulonglong", CType::Int(IntKind::ULongLong), [8, 16, 8, 16]),
    ("float", CType::Float, [4, 8, 4, 16]),
    ("double", CType::Double, [8, 16, 8, 16]),
];

const MEMBERS: [&str; 4] = ["x", "y", "z", "w"];

/// A complete struct of `n` members of `elem`, aligned to `align`.
fn vector(name: &str, elem: &CType, n: usize, align: u64) -> CType {
    let size = elem.size().unwrap_or(1);
    let fields = MEMBERS[..n]
        .iter()
        .enumerate()
        .map(|(k, m)| Field {
            name: m.to_string(),
            ty: elem.clone(),
            offset: k as u64 * size,
            bits: None,
            base: false,
        })
        .collect();
    let record = Record::new(name, false);
    *record.layout.borrow_mut() = Some(Rc::new(Layout::plain(
        fields,
        (n as u64 * size).div_ceil(align) * align,
        align,
    )));
    CType::Record(Rc::new(record))
}

/// Every vector type and `dim3`, by name. Each call makes new types: one
/// translation unit uses one set.
pub fn vector_types() -> Vec<(String, CType)> {
    let mut out = Vec::new();
    for (stem, elem, aligns) in FAMILIES {
        for n in 1..=4 {
            let name = format!("{stem}{n}");
            out.push((name.clone(), vector(&name, elem, n, aligns[n - 1])));
        }
    }
    out.push(("dim3".into(), vector("dim3", &CType::UINT, 3, 4)));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn get(name: &str) -> CType {
        vector_types()
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, t)| t)
            .unwrap()
    }

    #[test]
    fn sizes_and_alignments_are_cudas() {
        for (name, size, align) in [
            ("float4", 16, 16),
            ("float3", 12, 4),
            ("float2", 8, 8),
            ("int4", 16, 16),
            ("char3", 3, 1),
            ("uchar4", 4, 4),
            ("short3", 6, 2),
            ("double2", 16, 16),
            ("double3", 24, 8),
            ("longlong2", 16, 16),
            ("dim3", 12, 4),
        ] {
            let t = get(name);
            assert_eq!((t.size(), t.align()), (Some(size), align), "{name}");
        }
        let CType::Record(r) = get("float4") else {
            panic!()
        };
        assert_eq!(r.member("w"), Some((12, CType::Float)));
        assert_eq!(r.member("v"), None);
    }
}
