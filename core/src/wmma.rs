//! Warp matrix operations (`nvcuda::wmma`, PTX's `wmma.*`): the one table of
//! the shapes and element types each target has, how many registers of which
//! class a fragment takes, and the two spellings of each operation — the
//! NVVM-style intrinsic in the IR (`llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p1`)
//! and the PTX instruction nvcc writes
//! (`wmma.load.a.sync.aligned.row.m16n16k16.global.f16`). The header
//! (`frontend/headers/wmma.rs`), irgen, isel and both executors read it.
//!
//! Fragment layout (which lane holds which element) is not documented for
//! wmma; ours, used alike by loads, stores and `mma`: a fragment of `E`
//! elements per lane over a `rows × cols` matrix gives lane `l` element
//! `e` the matrix element `(l·E + e) mod (rows·cols)` in row-major order
//! (f16 `a`/`b` fragments hold every element more than once, as on the
//! hardware). Registers pack elements low bits first.

/// A shape `mMnNkK`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    M16N16K16,
    M32N8K16,
    M8N32K16,
    M16N16K8,
    M8N8K4,
}

impl Shape {
    pub const ALL: [Shape; 5] = [
        Shape::M16N16K16,
        Shape::M32N8K16,
        Shape::M8N32K16,
        Shape::M16N16K8,
        Shape::M8N8K4,
    ];

    pub fn mnk(self) -> (u32, u32, u32) {
        match self {
            Shape::M16N16K16 => (16, 16, 16),
            Shape::M32N8K16 => (32, 8, 16),
            Shape::M8N32K16 => (8, 32, 16),
            Shape::M16N16K8 => (16, 16, 8),
            Shape::M8N8K4 => (8, 8, 4),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Shape::M16N16K16 => "m16n16k16",
            Shape::M32N8K16 => "m32n8k16",
            Shape::M8N32K16 => "m8n32k16",
            Shape::M16N16K8 => "m16n16k8",
            Shape::M8N8K4 => "m8n8k4",
        }
    }

    fn parse(s: &str) -> Option<Shape> {
        Shape::ALL.into_iter().find(|x| x.name() == s)
    }
}

/// Which matrix of `D = A·B + C` a fragment holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Use {
    A,
    B,
    C,
    D,
}

impl Use {
    fn name(self) -> &'static str {
        match self {
            Use::A => "a",
            Use::B => "b",
            Use::C => "c",
            Use::D => "d",
        }
    }
}

/// An element type, as PTX spells it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Elem {
    F16,
    F32,
    Bf16,
    Tf32,
    F64,
    S8,
    U8,
    S32,
}

impl Elem {
    const ALL: [Elem; 8] = [
        Elem::F16,
        Elem::F32,
        Elem::Bf16,
        Elem::Tf32,
        Elem::F64,
        Elem::S8,
        Elem::U8,
        Elem::S32,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Elem::F16 => "f16",
            Elem::F32 => "f32",
            Elem::Bf16 => "bf16",
            Elem::Tf32 => "tf32",
            Elem::F64 => "f64",
            Elem::S8 => "s8",
            Elem::U8 => "u8",
            Elem::S32 => "s32",
        }
    }

    fn parse(s: &str) -> Option<Elem> {
        Elem::ALL.into_iter().find(|x| x.name() == s)
    }

    /// Bits of one element in a register (tf32 is held as a 32-bit float).
    pub fn bits(self) -> u32 {
        match self {
            Elem::F16 | Elem::Bf16 => 16,
            Elem::F32 | Elem::Tf32 | Elem::S32 => 32,
            Elem::F64 => 64,
            Elem::S8 | Elem::U8 => 8,
        }
    }

    /// Bytes of one element in memory.
    pub fn bytes(self) -> u64 {
        u64::from(self.bits() / 8)
    }
}

/// The register class of a fragment's registers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RegKind {
    /// `.b32` (`%r`): packed 16- and 8-bit elements, tf32, s32.
    B32,
    /// `.f32` (`%f`).
    F32,
    /// `.f64` (`%fd`).
    F64,
}

impl RegKind {
    pub fn bits(self) -> u32 {
        match self {
            RegKind::F64 => 64,
            _ => 32,
        }
    }
}

/// One fragment kind: shape, matrix and element type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frag {
    pub shape: Shape,
    pub use_: Use,
    pub elem: Elem,
}

impl Frag {
    /// The matrix's rows and columns (`A` is M×K, `B` K×N, `C`/`D` M×N).
    pub fn dims(self) -> (u32, u32) {
        let (m, n, k) = self.shape.mnk();
        match self.use_ {
            Use::A => (m, k),
            Use::B => (k, n),
            Use::C | Use::D => (m, n),
        }
    }

    /// Elements each lane holds (the fragment's `num_elements`).
    pub fn elements(self) -> u32 {
        let (r, c) = self.dims();
        if self.elem == Elem::F16 && matches!(self.use_, Use::A | Use::B) {
            16
        } else {
            r * c / 32
        }
    }

    pub fn reg_kind(self) -> RegKind {
        match self.elem {
            Elem::F32 => RegKind::F32,
            Elem::F64 => RegKind::F64,
            _ => RegKind::B32,
        }
    }

    /// Registers per lane (`{%r1, …, %r8}` for an f16 `a` fragment).
    pub fn regs(self) -> u32 {
        (self.elements() * self.elem.bits()).div_ceil(self.reg_kind().bits())
    }

    /// The matrix element `(row, col)` that element `e` of lane `lane` holds.
    pub fn position(self, lane: u32, e: u32) -> (u32, u32) {
        let (r, c) = self.dims();
        let idx = (lane * self.elements() + e) % (r * c);
        (idx / c, idx % c)
    }

    /// Whether the fragment exists (with its element type) on `sm`.
    pub fn exists(self, sm: u32) -> bool {
        let s = self.shape;
        let ok_type = match (self.use_, self.elem) {
            (Use::A | Use::B, Elem::F16) | (Use::C | Use::D, Elem::F16 | Elem::F32) => {
                matches!(s, Shape::M16N16K16 | Shape::M32N8K16 | Shape::M8N32K16)
            }
            (Use::A | Use::B, Elem::S8 | Elem::U8) | (Use::C | Use::D, Elem::S32) => {
                matches!(s, Shape::M16N16K16 | Shape::M32N8K16 | Shape::M8N32K16)
            }
            (Use::A | Use::B, Elem::Bf16) => {
                matches!(s, Shape::M16N16K16 | Shape::M32N8K16 | Shape::M8N32K16)
            }
            (Use::A | Use::B, Elem::Tf32) => s == Shape::M16N16K8,
            (_, Elem::F64) => s == Shape::M8N8K4,
            _ => false,
        } || (s == Shape::M16N16K8
            && matches!(self.use_, Use::C | Use::D)
            && self.elem == Elem::F32);
        ok_type && sm >= self.min_sm()
    }

    /// The first target that has it.
    pub fn min_sm(self) -> u32 {
        match self.elem {
            Elem::S8 | Elem::U8 | Elem::S32 => 72,
            Elem::Bf16 | Elem::Tf32 | Elem::F64 => 80,
            Elem::F32 if self.shape == Shape::M16N16K8 => 80,
            _ => 70,
        }
    }
}

/// A memory layout: `.row` or `.col`.
pub fn layout_name(col: bool) -> &'static str {
    if col {
        "col"
    } else {
        "row"
    }
}

fn parse_layout(s: &str) -> Option<bool> {
    match s {
        "row" => Some(false),
        "col" => Some(true),
        _ => None,
    }
}

/// The state space of a load's or store's address: generic, `.global`, `.shared`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Space {
    Generic,
    Global,
    Shared,
}

impl Space {
    /// The IR address space.
    pub fn addrspace(self) -> u32 {
        match self {
            Space::Generic => 0,
            Space::Global => 1,
            Space::Shared => 3,
        }
    }

    pub fn from_addrspace(a: u32) -> Option<Space> {
        match a {
            0 => Some(Space::Generic),
            1 => Some(Space::Global),
            3 => Some(Space::Shared),
            _ => None,
        }
    }
}

/// `mma`'s element types: of `A`/`B`, `C` and `D`, and `.satfinite`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MmaTypes {
    pub ab: Elem,
    pub c: Elem,
    pub d: Elem,
    pub satf: bool,
}

impl MmaTypes {
    /// The type suffix nvcc writes: `.f32.f32` (d, c) for f16 inputs,
    /// `.f32.bf16.bf16.f32`, `.s32.s8.s8.s32.satfinite`, `.f64.f64.f64.f64.rn`.
    pub fn suffix(self) -> String {
        let mut s = if self.ab == Elem::F16 {
            format!(".{}.{}", self.d.name(), self.c.name())
        } else {
            format!(
                ".{}.{}.{}.{}",
                self.d.name(),
                self.ab.name(),
                self.ab.name(),
                self.c.name()
            )
        };
        if self.ab == Elem::F64 {
            s.push_str(".rn");
        }
        if self.satf {
            s.push_str(".satfinite");
        }
        s
    }

    /// Reads a suffix's parts ([`MmaTypes::suffix`] is the only spelling).
    fn parse(parts: &[&str]) -> Option<MmaTypes> {
        let satf = parts.last() == Some(&"satfinite");
        let names: Vec<&str> = parts
            .iter()
            .copied()
            .filter(|p| !matches!(*p, "satfinite" | "rn"))
            .collect();
        let e: Vec<Elem> = names
            .iter()
            .map(|p| Elem::parse(p))
            .collect::<Option<_>>()?;
        let t = match e[..] {
            [d, c] => MmaTypes {
                ab: Elem::F16,
                c,
                d,
                satf,
            },
            [d, a, b, c] if a == b => MmaTypes { ab: a, c, d, satf },
            _ => return None,
        };
        (t.suffix() == format!(".{}", parts.join("."))).then_some(t)
    }
}

/// One warp matrix operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wmma {
    /// `wmma.load.{a,b,c}`: the fragment, the memory layout (`true`: column
    /// major), the address's space.
    Load { frag: Frag, col: bool, space: Space },
    /// `wmma.store.d`.
    Store { frag: Frag, col: bool, space: Space },
    /// `wmma.mma`: shape, the layouts of `A` and `B`, the types.
    Mma {
        shape: Shape,
        a_col: bool,
        b_col: bool,
        types: MmaTypes,
    },
}

impl Wmma {
    pub fn frag_a(shape: Shape, ab: Elem) -> Frag {
        Frag {
            shape,
            use_: Use::A,
            elem: ab,
        }
    }

    /// The fragments an `mma` reads and writes: A, B, C, D.
    pub fn mma_frags(shape: Shape, t: MmaTypes) -> [Frag; 4] {
        let f = |use_, elem| Frag { shape, use_, elem };
        [
            f(Use::A, t.ab),
            f(Use::B, t.ab),
            f(Use::C, t.c),
            f(Use::D, t.d),
        ]
    }

    /// The IR intrinsic: `llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p1`,
    /// `llvm.nvvm.wmma.m16n16k16.store.d.col.stride.f32.p0`,
    /// `llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32`.
    pub fn intrinsic(self) -> String {
        match self {
            Wmma::Load { frag, col, space } | Wmma::Store { frag, col, space } => {
                let what = if matches!(self, Wmma::Load { .. }) {
                    "load"
                } else {
                    "store"
                };
                format!(
                    "llvm.nvvm.wmma.{}.{what}.{}.{}.stride.{}.p{}",
                    frag.shape.name(),
                    frag.use_.name(),
                    layout_name(col),
                    frag.elem.name(),
                    space.addrspace()
                )
            }
            Wmma::Mma {
                shape,
                a_col,
                b_col,
                types,
            } => format!(
                "llvm.nvvm.wmma.{}.mma.{}.{}{}",
                shape.name(),
                layout_name(a_col),
                layout_name(b_col),
                types.suffix()
            ),
        }
    }

    /// Reads an intrinsic's name ([`Wmma::intrinsic`]).
    pub fn parse_intrinsic(name: &str) -> Option<Wmma> {
        let rest = name.strip_prefix("llvm.nvvm.wmma.")?;
        let parts: Vec<&str> = rest.split('.').collect();
        let shape = Shape::parse(parts.first()?)?;
        let w = match parts[1..] {
            [op @ ("load" | "store"), u, lay, "stride", ty, sp] => {
                let use_ = match (op, u) {
                    ("load", "a") => Use::A,
                    ("load", "b") => Use::B,
                    ("load", "c") => Use::C,
                    ("store", "d") => Use::D,
                    _ => return None,
                };
                let frag = Frag {
                    shape,
                    use_,
                    elem: Elem::parse(ty)?,
                };
                let col = parse_layout(lay)?;
                let space = Space::from_addrspace(sp.strip_prefix('p')?.parse().ok()?)?;
                if op == "load" {
                    Wmma::Load { frag, col, space }
                } else {
                    Wmma::Store { frag, col, space }
                }
            }
            ["mma", al, bl, ref types @ ..] => Wmma::Mma {
                shape,
                a_col: parse_layout(al)?,
                b_col: parse_layout(bl)?,
                types: MmaTypes::parse(types)?,
            },
            _ => return None,
        };
        w.valid().then_some(w)
    }

    /// The PTX instruction's name, as nvcc writes it:
    /// `wmma.load.a.sync.aligned.row.m16n16k16.global.f16`,
    /// `wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32`.
    pub fn opcode(self) -> String {
        let space = |s: Space| match s {
            Space::Generic => "",
            Space::Global => ".global",
            Space::Shared => ".shared",
        };
        match self {
            Wmma::Load {
                frag,
                col,
                space: s,
            }
            | Wmma::Store {
                frag,
                col,
                space: s,
            } => {
                let what = if matches!(self, Wmma::Load { .. }) {
                    "load"
                } else {
                    "store"
                };
                format!(
                    "wmma.{what}.{}.sync.aligned.{}.{}{}.{}",
                    frag.use_.name(),
                    layout_name(col),
                    frag.shape.name(),
                    space(s),
                    frag.elem.name()
                )
            }
            Wmma::Mma {
                shape,
                a_col,
                b_col,
                types,
            } => format!(
                "wmma.mma.sync.aligned.{}.{}.{}{}",
                layout_name(a_col),
                layout_name(b_col),
                shape.name(),
                types.suffix()
            ),
        }
    }

    /// Reads a PTX instruction's name ([`Wmma::opcode`]; `.aligned` may be
    /// left out, as PTX allows).
    pub fn parse_opcode(opcode: &str) -> Option<Wmma> {
        let rest = opcode.strip_prefix("wmma.")?;
        let parts: Vec<&str> = rest.split('.').filter(|p| *p != "aligned").collect();
        let w = match parts[..] {
            [op @ ("load" | "store"), u, "sync", lay, shape, ref tail @ ..] => {
                let (space, ty) = match tail {
                    [ty] => (Space::Generic, *ty),
                    ["global", ty] => (Space::Global, *ty),
                    ["shared", ty] => (Space::Shared, *ty),
                    _ => return None,
                };
                let use_ = match (op, u) {
                    ("load", "a") => Use::A,
                    ("load", "b") => Use::B,
                    ("load", "c") => Use::C,
                    ("store", "d") => Use::D,
                    _ => return None,
                };
                let frag = Frag {
                    shape: Shape::parse(shape)?,
                    use_,
                    elem: Elem::parse(ty)?,
                };
                let col = parse_layout(lay)?;
                if op == "load" {
                    Wmma::Load { frag, col, space }
                } else {
                    Wmma::Store { frag, col, space }
                }
            }
            ["mma", "sync", al, bl, shape, ref types @ ..] => Wmma::Mma {
                shape: Shape::parse(shape)?,
                a_col: parse_layout(al)?,
                b_col: parse_layout(bl)?,
                types: MmaTypes::parse(types)?,
            },
            _ => return None,
        };
        w.valid().then_some(w)
    }

    /// Whether the operation exists on some target (its fragments do, and
    /// `mma`'s types go together).
    fn valid(self) -> bool {
        self.min_sm().is_some()
    }

    /// The first target that has the operation, `None` for none.
    pub fn min_sm(self) -> Option<u32> {
        let ok = |f: Frag| f.exists(100).then(|| f.min_sm());
        match self {
            Wmma::Load { frag, .. } => {
                (frag.use_ != Use::D).then_some(())?;
                ok(frag)
            }
            Wmma::Store { frag, .. } => ok(frag),
            Wmma::Mma { shape, types, .. } => {
                let [a, b, c, d] = Wmma::mma_frags(shape, types);
                let int = matches!(types.ab, Elem::S8 | Elem::U8);
                let pair = match types.ab {
                    Elem::F16 => true,
                    Elem::Bf16 | Elem::Tf32 => types.c == Elem::F32 && types.d == Elem::F32,
                    _ => types.c == types.d,
                };
                if !pair || (types.satf && !int) {
                    return None;
                }
                [a, b, c, d]
                    .into_iter()
                    .map(ok)
                    .collect::<Option<Vec<u32>>>()?
                    .into_iter()
                    .max()
            }
        }
    }

    /// `mma`'s types (the default for a load or store).
    pub fn types_of(self) -> MmaTypes {
        match self {
            Wmma::Mma { types, .. } => types,
            _ => MmaTypes {
                ab: Elem::F16,
                c: Elem::F32,
                d: Elem::F32,
                satf: false,
            },
        }
    }

    /// The registers of the fragments the instruction writes (a load's or
    /// `mma`'s `D`) and reads (a store's; `mma`'s A, B, C in order).
    pub fn reg_counts(self) -> (Vec<Frag>, Vec<Frag>) {
        match self {
            Wmma::Load { frag, .. } => (vec![frag], vec![]),
            Wmma::Store { frag, .. } => (vec![], vec![frag]),
            Wmma::Mma { shape, types, .. } => {
                let [a, b, c, d] = Wmma::mma_frags(shape, types);
                (vec![d], vec![a, b, c])
            }
        }
    }
}

impl Wmma {
    /// The operation as the integer constant the header passes to the
    /// `__ptxlab_wmma_*` built-ins (space generic): bits 0–1 the kind, 2–4
    /// the shape; a load or store's matrix (5–6), element (7–10) and
    /// layout (11); `mma`'s layouts (5, 6), types (7–10, 11–14, 15–18) and
    /// `.satfinite` (19).
    pub fn code(self) -> u32 {
        let shape = |s: Shape| Shape::ALL.iter().position(|x| *x == s).unwrap_or(0) as u32;
        let elem = |e: Elem| Elem::ALL.iter().position(|x| *x == e).unwrap_or(0) as u32;
        let use_ = |u: Use| u as u32;
        match self {
            Wmma::Load { frag, col, .. } | Wmma::Store { frag, col, .. } => {
                u32::from(matches!(self, Wmma::Store { .. }))
                    | shape(frag.shape) << 2
                    | use_(frag.use_) << 5
                    | elem(frag.elem) << 7
                    | u32::from(col) << 11
            }
            Wmma::Mma {
                shape: s,
                a_col,
                b_col,
                types,
            } => {
                2 | shape(s) << 2
                    | u32::from(a_col) << 5
                    | u32::from(b_col) << 6
                    | elem(types.ab) << 7
                    | elem(types.c) << 11
                    | elem(types.d) << 15
                    | u32::from(types.satf) << 19
            }
        }
    }

    /// The operation [`Wmma::code`] names, if it is one.
    pub fn from_code(c: u32) -> Option<Wmma> {
        let shape = *Shape::ALL.get(((c >> 2) & 7) as usize)?;
        let elem = |at: u32| Elem::ALL.get(((c >> at) & 15) as usize).copied();
        let w = match c & 3 {
            k @ (0 | 1) => {
                let use_ = [Use::A, Use::B, Use::C, Use::D][((c >> 5) & 3) as usize];
                let frag = Frag {
                    shape,
                    use_,
                    elem: elem(7)?,
                };
                let col = c & (1 << 11) != 0;
                let space = Space::Generic;
                if k == 0 {
                    Wmma::Load { frag, col, space }
                } else {
                    Wmma::Store { frag, col, space }
                }
            }
            2 => Wmma::Mma {
                shape,
                a_col: c & (1 << 5) != 0,
                b_col: c & (1 << 6) != 0,
                types: MmaTypes {
                    ab: elem(7)?,
                    c: elem(11)?,
                    d: elem(15)?,
                    satf: c & (1 << 19) != 0,
                },
            },
            _ => return None,
        };
        (w.valid() && w.code() == c).then_some(w)
    }
}

/// Every fragment kind of `sm`, for the header: (use, shape, element).
pub fn fragments(sm: u32) -> Vec<Frag> {
    let mut v = Vec::new();
    for shape in Shape::ALL {
        for use_ in [Use::A, Use::B, Use::C] {
            for elem in Elem::ALL {
                let f = Frag { shape, use_, elem };
                if f.exists(sm) {
                    v.push(f);
                }
            }
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_round_trip_and_match_nvcc() {
        let ld = Wmma::Load {
            frag: Frag {
                shape: Shape::M16N16K16,
                use_: Use::A,
                elem: Elem::F16,
            },
            col: false,
            space: Space::Global,
        };
        assert_eq!(
            ld.opcode(),
            "wmma.load.a.sync.aligned.row.m16n16k16.global.f16"
        );
        assert_eq!(Wmma::parse_opcode(&ld.opcode()), Some(ld));
        assert_eq!(Wmma::parse_intrinsic(&ld.intrinsic()), Some(ld));
        let generic = Wmma::Load {
            space: Space::Generic,
            frag: Frag {
                shape: Shape::M16N16K16,
                use_: Use::A,
                elem: Elem::F16,
            },
            col: true,
        };
        assert_eq!(Wmma::from_code(generic.code()), Some(generic));
        for (ab, c, d, satf, want) in [
            (Elem::F16, Elem::F32, Elem::F32, false, ".f32.f32"),
            (
                Elem::Bf16,
                Elem::F32,
                Elem::F32,
                false,
                ".f32.bf16.bf16.f32",
            ),
            (
                Elem::S8,
                Elem::S32,
                Elem::S32,
                true,
                ".s32.s8.s8.s32.satfinite",
            ),
            (
                Elem::F64,
                Elem::F64,
                Elem::F64,
                false,
                ".f64.f64.f64.f64.rn",
            ),
            (
                Elem::Tf32,
                Elem::F32,
                Elem::F32,
                false,
                ".f32.tf32.tf32.f32",
            ),
        ] {
            let shape = match ab {
                Elem::F64 => Shape::M8N8K4,
                Elem::Tf32 => Shape::M16N16K8,
                _ => Shape::M16N16K16,
            };
            let m = Wmma::Mma {
                shape,
                a_col: false,
                b_col: true,
                types: MmaTypes { ab, c, d, satf },
            };
            assert_eq!(m.opcode().split_once(shape.name()).unwrap().1, want);
            assert_eq!(Wmma::parse_opcode(&m.opcode()), Some(m), "{}", m.opcode());
            assert_eq!(Wmma::parse_intrinsic(&m.intrinsic()), Some(m));
            assert_eq!(Wmma::from_code(m.code()), Some(m));
        }
        // f16 with s32, tf32 on m16n16k16, satfinite on floats: none.
        assert_eq!(
            Wmma::parse_opcode("wmma.mma.sync.aligned.row.col.m16n16k16.f32.tf32.tf32.f32"),
            None
        );
        assert_eq!(
            Wmma::parse_opcode("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32.satfinite"),
            None
        );
    }

    #[test]
    fn register_counts_are_nvccs() {
        let f = |shape, use_, elem| Frag { shape, use_, elem }.regs();
        assert_eq!(f(Shape::M16N16K16, Use::A, Elem::F16), 8);
        assert_eq!(f(Shape::M16N16K16, Use::C, Elem::F16), 4);
        assert_eq!(f(Shape::M16N16K16, Use::C, Elem::F32), 8);
        assert_eq!(f(Shape::M16N16K16, Use::A, Elem::S8), 2);
        assert_eq!(f(Shape::M32N8K16, Use::A, Elem::U8), 4);
        assert_eq!(f(Shape::M32N8K16, Use::B, Elem::Bf16), 2);
        assert_eq!(f(Shape::M16N16K8, Use::A, Elem::Tf32), 4);
        assert_eq!(f(Shape::M8N8K4, Use::A, Elem::F64), 1);
        assert_eq!(f(Shape::M8N8K4, Use::C, Elem::F64), 2);
    }

    #[test]
    fn every_element_has_a_holder() {
        for frag in fragments(90) {
            let (r, c) = frag.dims();
            let mut seen = vec![false; (r * c) as usize];
            for lane in 0..32 {
                for e in 0..frag.elements() {
                    let (i, j) = frag.position(lane, e);
                    seen[(i * c + j) as usize] = true;
                }
            }
            assert!(seen.iter().all(|s| *s), "{frag:?}");
        }
    }
}
