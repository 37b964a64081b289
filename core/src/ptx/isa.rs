//! PTX ISA versions: which version an instruction form first appeared in,
//! and the version a module is written with (`-ptx-version`).
//!
//! Only forms newer than PTX ISA 6.3 are listed: 6.3 is the oldest version
//! any target we compile for accepts (sm_75's), so everything older is
//! always available. The versions are the PTX ISA release notes' (our own
//! table of them; a form is matched by its name and a modifier).

use super::{Instr, MFunction, Op};

/// A PTX ISA version, `(major, minor)`.
pub type Isa = (u32, u32);

/// Forms newer than 6.3: (instruction name, a modifier it carries or `""`
/// for any, the version it needs). The first row that matches decides.
const FORMS: &[(&str, &str, Isa)] = &[
    // Warp reductions, asynchronous copies and barriers (sm_80's).
    ("redux", "", (7, 0)),
    ("cp", ".async", (7, 0)),
    ("mbarrier", ".try_wait", (7, 8)),
    ("mbarrier", "", (7, 0)),
    ("ldmatrix", "", (6, 5)),
    ("stmatrix", "", (7, 8)),
    ("griddepcontrol", "", (7, 8)),
    ("elect", "", (8, 0)),
    ("fence", ".proxy", (7, 5)),
    // Cache hints and eviction priorities.
    ("ld", ".L2::", (7, 4)),
    ("ld", ".L1::", (7, 4)),
    ("st", ".L2::", (7, 4)),
    ("st", ".L1::", (7, 4)),
    // bfloat16 and the newer float forms.
    ("cvt", ".e4m3", (7, 8)),
    ("cvt", ".e5m2", (7, 8)),
    ("cvt", ".f32.bf16", (7, 8)),
    ("cvt", ".bf16", (7, 0)),
    ("cvt", ".tf32", (7, 0)),
    ("cvt", ".relu", (7, 0)),
    ("add", ".bf16", (7, 8)),
    ("sub", ".bf16", (7, 8)),
    ("mul", ".bf16", (7, 8)),
    ("fma", ".bf16", (7, 0)),
    ("fma", ".relu", (7, 0)),
    ("neg", ".bf16", (7, 0)),
    ("abs", ".bf16", (7, 0)),
    ("neg", ".f16", (6, 5)),
    ("abs", ".f16", (6, 5)),
    ("min", ".xorsign", (7, 2)),
    ("max", ".xorsign", (7, 2)),
    ("min", ".NaN", (7, 0)),
    ("max", ".NaN", (7, 0)),
    ("min", ".bf16", (7, 0)),
    ("max", ".bf16", (7, 0)),
    ("min", ".f16", (7, 0)),
    ("max", ".f16", (7, 0)),
    ("ex2", ".bf16", (7, 8)),
    ("ex2", ".f16", (7, 0)),
    ("tanh", "", (7, 0)),
    // `set` of halves giving an integer or float (`set.gt.u32.f16`).
    ("set", ".bf16", (7, 8)),
    ("set", ".f16", (6, 5)),
    ("atom", ".bf16", (7, 8)),
    ("red", ".bf16", (7, 8)),
];

/// The version an instruction needs when it is newer than 6.3, and its
/// text for a message (`min.NaN.f32`).
pub fn required(i: &Instr) -> Option<(Isa, String)> {
    if matches!(i.op, Op::Text | Op::Decl) {
        return None;
    }
    let name = i.op.name();
    FORMS
        .iter()
        .find(|(n, m, _)| *n == name && i.modifiers.contains(m))
        .map(|&(_, _, isa)| (isa, format!("{name}{}", i.modifiers)))
}

/// The newest version any instruction of the functions needs, with the
/// instruction that needs it and its source line (0: unknown).
pub fn newest_required(funcs: &[MFunction]) -> Option<(Isa, String, u32)> {
    funcs
        .iter()
        .flat_map(|f| f.blocks.iter().flat_map(|b| b.insts.iter()))
        .filter_map(|i| required(i).map(|(isa, what)| (isa, what, i.loc.map_or(0, |l| l.line))))
        .max_by_key(|(isa, _, _)| *isa)
}

/// `X.Y` as PTX writes it.
pub fn text(isa: Isa) -> String {
    format!("{}.{}", isa.0, isa.1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn newer_forms_need_their_version_and_old_ones_none() {
        let need = |op, m: &str| required(&Instr::new(op, m, vec![])).map(|(v, _)| v);
        assert_eq!(need(Op::Min, ".NaN.f32"), Some((7, 0)));
        assert_eq!(need(Op::Min, ".xorsign.abs.f32"), Some((7, 2)));
        assert_eq!(need(Op::Cvt, ".rn.bf16.f32"), Some((7, 0)));
        assert_eq!(need(Op::Cvt, ".f32.bf16"), Some((7, 8)));
        assert_eq!(need(Op::Ld, ".global.nc.f32"), None);
        assert_eq!(need(Op::Shfl, ".sync.down.b32"), None);
        assert_eq!(need(Op::Atom, ".global.sys.exch.b32"), None);
    }
}
