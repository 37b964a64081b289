//! The texture and surface built-ins (`__ptxlab_tex_*`, `__ptxlab_tld4_*`,
//! `__ptxlab_suld_*`, `__ptxlab_sust_*`) that the templates of our
//! `texture_indirect_functions.h` (`core/src/frontend/headers/texture.rs`)
//! call, and the texel types they take: what a fetch or surface access
//! reads or writes, from the type its `void *` argument points to.

use super::{o, Builtin, Lowering};
use crate::frontend::ast::{CType, IntKind};

/// What a texture or surface built-in does.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TexOp {
    /// `tex`: a fetch of four lanes at the shape's coordinates.
    Tex(Shape),
    /// `tld4.{r,g,b,a}.2d`: component 0 to 3 of the four texels a 2D
    /// bilinear fetch at the point would read.
    Gather(u8),
    /// `suld.b.{1,2,3}d` (`.a1d`, `.a2d` when layered: the layer is the
    /// first coordinate): the dimensions, whether layered, and the
    /// out-of-range behaviour.
    SurfRead(u8, bool, Boundary),
    /// `sust.b.{1,2,3}d`, `.a1d`, `.a2d`.
    SurfWrite(u8, bool, Boundary),
}

/// A texture fetch's geometry: its coordinates and what else it takes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// `tex1Dfetch`: an integer index into a linear texture.
    Fetch,
    D1,
    D2,
    D3,
    /// `tex1DLayered`: the layer, then x.
    Layered1,
    /// `tex2DLayered`: the layer, then x and y.
    Layered2,
    Cube,
    /// `tex{1,2,3}DLod`: the coordinates and a level of detail.
    Level(u8),
    /// `tex2DGrad`: the coordinates and the gradients dx, dy.
    Grad2,
}

impl Shape {
    /// The geometry in NVVM's intrinsic name (`llvm.nvvm.tex.unified.2d.level.v4f32.f32`).
    pub fn llvm_geometry(self) -> &'static str {
        match self {
            Shape::Fetch | Shape::D1 => "1d",
            Shape::D2 => "2d",
            Shape::D3 => "3d",
            Shape::Layered1 => "1d.array",
            Shape::Layered2 => "2d.array",
            Shape::Cube => "cube",
            Shape::Level(1) => "1d.level",
            Shape::Level(2) => "2d.level",
            Shape::Level(_) => "3d.level",
            Shape::Grad2 => "2d.grad",
        }
    }
}

/// A surface access's behaviour out of range: the instruction's last modifier.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Boundary {
    Trap,
    Clamp,
    Zero,
}

impl Boundary {
    pub fn name(self) -> &'static str {
        match self {
            Boundary::Trap => "trap",
            Boundary::Clamp => "clamp",
            Boundary::Zero => "zero",
        }
    }
}

/// What kind of number a texel's lanes hold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lanes {
    Float,
    Signed,
    Unsigned,
}

/// A texel type: a scalar or a vector (`float4`, `uchar2`) of 1, 2 or 4
/// lanes, each `bits` wide.
#[derive(Clone, Debug, PartialEq)]
pub struct Texel {
    pub kind: Lanes,
    pub bits: u32,
    pub lanes: u32,
    /// The C type of one lane.
    pub elem: CType,
}

/// The texel a type is, if it is one: a scalar integer or float, or a
/// CUDA vector type (members `x`, `y`, `z`, `w` of one such scalar) of 1,
/// 2 or 4 lanes. `bool`, pointers, 3-lane vectors and structs are not.
pub fn texel(t: &CType) -> Option<Texel> {
    let scalar = |t: &CType| -> Option<(Lanes, u32)> {
        match t {
            CType::Float => Some((Lanes::Float, 32)),
            CType::Double => Some((Lanes::Float, 64)),
            CType::Int(k) => {
                let kind = if k.signed() {
                    Lanes::Signed
                } else {
                    Lanes::Unsigned
                };
                // `long` is 64 bits on the device.
                let bits = if matches!(k, IntKind::Long | IntKind::ULong) {
                    64
                } else {
                    k.bits()
                };
                Some((kind, bits))
            }
            _ => None,
        }
    };
    if let Some((kind, bits)) = scalar(t) {
        return Some(Texel {
            kind,
            bits,
            lanes: 1,
            elem: t.clone(),
        });
    }
    let CType::Record(r) = t else { return None };
    let layout = r.layout()?;
    let n = layout.fields.len();
    let names = ["x", "y", "z", "w"];
    if !matches!(n, 1 | 2 | 4)
        || !r.name.borrow().ends_with(|c: char| c.is_ascii_digit())
        || layout
            .fields
            .iter()
            .enumerate()
            .any(|(k, f)| f.base || f.name != names[k] || f.ty != layout.fields[0].ty)
    {
        return None;
    }
    let elem = layout.fields[0].ty.clone();
    let (kind, bits) = scalar(&elem)?;
    Some(Texel {
        kind,
        bits,
        lanes: n as u32,
        elem,
    })
}

/// The type a cache-operator access (`__ldcs`, `__stwt`, …) moves: a
/// texel, or the 16-bit float types of `cuda_fp16.h`/`cuda_bf16.h`
/// (`__half`, `__nv_bfloat16`; pairs `__half2`, `__nv_bfloat162`), moved
/// as untyped bits (`true`: nvcc's `ld.global.cs.b16`, `st.global.wt.b32`)
/// in an unsigned integer of their width.
pub fn cache_texel(t: &CType) -> Option<(Texel, bool)> {
    if let Some(x) = texel(t) {
        return Some((x, false));
    }
    let CType::Record(r) = t else { return None };
    let (bits, elem) = match r.name.borrow().as_str() {
        "__half" | "__nv_bfloat16" => (16, CType::Int(IntKind::UShort)),
        "__half2" | "__nv_bfloat162" => (32, CType::Int(IntKind::UInt)),
        _ => return None,
    };
    Some((
        Texel {
            kind: Lanes::Unsigned,
            bits,
            lanes: 1,
            elem,
        },
        true,
    ))
}

/// Whether `op` can read or write texels of type `t`: a fetch, 8- to
/// 32-bit lanes; a surface, 8- to 64-bit lanes, and no four of 64 bits.
pub fn supports(op: TexOp, t: &CType) -> bool {
    let Some(x) = texel(t) else { return false };
    match op {
        TexOp::Tex(_) | TexOp::Gather(_) => x.bits <= 32,
        TexOp::SurfRead(..) | TexOp::SurfWrite(..) => x.bits < 64 || x.lanes <= 2,
    }
}

/// The function a built-in stands for in the CUDA API, for messages.
pub fn api_name(op: TexOp) -> String {
    match op {
        TexOp::Tex(s) => match s {
            Shape::Fetch => "tex1Dfetch".into(),
            Shape::D1 => "tex1D".into(),
            Shape::D2 => "tex2D".into(),
            Shape::D3 => "tex3D".into(),
            Shape::Layered1 => "tex1DLayered".into(),
            Shape::Layered2 => "tex2DLayered".into(),
            Shape::Cube => "texCubemap".into(),
            Shape::Level(d) => format!("tex{d}DLod"),
            Shape::Grad2 => "tex2DGrad".into(),
        },
        TexOp::Gather(_) => "tex2Dgather".into(),
        TexOp::SurfRead(d, l, _) => format!("surf{d}D{}read", if l { "Layered" } else { "" }),
        TexOp::SurfWrite(d, l, _) => format!("surf{d}D{}write", if l { "Layered" } else { "" }),
    }
}

macro_rules! tex_builtin {
    ($name:literal, [$($p:literal),*], $op:expr) => {
        Builtin {
            name: $name,
            overloads: &[o("v", &["*v", "y", $($p),*])],
            trailing_default: None,
            lowering: Lowering::Texture($op),
        }
    };
}

/// The fetches, the gathers, then surface reads and writes in every
/// dimension and boundary mode. Each takes the address of the result (of
/// the value written) as `void *`, the handle, then the coordinates.
pub const BUILTINS: &[Builtin] = &[
    tex_builtin!("__ptxlab_tex_fetch", ["i"], TexOp::Tex(Shape::Fetch)),
    tex_builtin!("__ptxlab_tex_1d", ["f"], TexOp::Tex(Shape::D1)),
    tex_builtin!("__ptxlab_tex_2d", ["f", "f"], TexOp::Tex(Shape::D2)),
    tex_builtin!("__ptxlab_tex_3d", ["f", "f", "f"], TexOp::Tex(Shape::D3)),
    tex_builtin!("__ptxlab_tex_a1d", ["f", "i"], TexOp::Tex(Shape::Layered1)),
    tex_builtin!(
        "__ptxlab_tex_a2d",
        ["f", "f", "i"],
        TexOp::Tex(Shape::Layered2)
    ),
    tex_builtin!(
        "__ptxlab_tex_cube",
        ["f", "f", "f"],
        TexOp::Tex(Shape::Cube)
    ),
    tex_builtin!(
        "__ptxlab_tex_1d_level",
        ["f", "f"],
        TexOp::Tex(Shape::Level(1))
    ),
    tex_builtin!(
        "__ptxlab_tex_2d_level",
        ["f", "f", "f"],
        TexOp::Tex(Shape::Level(2))
    ),
    tex_builtin!(
        "__ptxlab_tex_3d_level",
        ["f", "f", "f", "f"],
        TexOp::Tex(Shape::Level(3))
    ),
    tex_builtin!(
        "__ptxlab_tex_2d_grad",
        ["f", "f", "f", "f", "f", "f"],
        TexOp::Tex(Shape::Grad2)
    ),
    tex_builtin!("__ptxlab_tld4_r_2d", ["f", "f"], TexOp::Gather(0)),
    tex_builtin!("__ptxlab_tld4_g_2d", ["f", "f"], TexOp::Gather(1)),
    tex_builtin!("__ptxlab_tld4_b_2d", ["f", "f"], TexOp::Gather(2)),
    tex_builtin!("__ptxlab_tld4_a_2d", ["f", "f"], TexOp::Gather(3)),
    tex_builtin!(
        "__ptxlab_suld_1d_trap",
        ["i"],
        TexOp::SurfRead(1, false, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_suld_1d_clamp",
        ["i"],
        TexOp::SurfRead(1, false, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_suld_1d_zero",
        ["i"],
        TexOp::SurfRead(1, false, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_suld_2d_trap",
        ["i", "i"],
        TexOp::SurfRead(2, false, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_suld_2d_clamp",
        ["i", "i"],
        TexOp::SurfRead(2, false, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_suld_2d_zero",
        ["i", "i"],
        TexOp::SurfRead(2, false, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_suld_3d_trap",
        ["i", "i", "i"],
        TexOp::SurfRead(3, false, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_suld_3d_clamp",
        ["i", "i", "i"],
        TexOp::SurfRead(3, false, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_suld_3d_zero",
        ["i", "i", "i"],
        TexOp::SurfRead(3, false, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_sust_1d_trap",
        ["i"],
        TexOp::SurfWrite(1, false, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_sust_1d_clamp",
        ["i"],
        TexOp::SurfWrite(1, false, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_sust_1d_zero",
        ["i"],
        TexOp::SurfWrite(1, false, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_sust_2d_trap",
        ["i", "i"],
        TexOp::SurfWrite(2, false, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_sust_2d_clamp",
        ["i", "i"],
        TexOp::SurfWrite(2, false, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_sust_2d_zero",
        ["i", "i"],
        TexOp::SurfWrite(2, false, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_sust_3d_trap",
        ["i", "i", "i"],
        TexOp::SurfWrite(3, false, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_sust_3d_clamp",
        ["i", "i", "i"],
        TexOp::SurfWrite(3, false, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_sust_3d_zero",
        ["i", "i", "i"],
        TexOp::SurfWrite(3, false, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_suld_a1d_trap",
        ["i", "i"],
        TexOp::SurfRead(1, true, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_suld_a1d_clamp",
        ["i", "i"],
        TexOp::SurfRead(1, true, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_suld_a1d_zero",
        ["i", "i"],
        TexOp::SurfRead(1, true, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_suld_a2d_trap",
        ["i", "i", "i"],
        TexOp::SurfRead(2, true, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_suld_a2d_clamp",
        ["i", "i", "i"],
        TexOp::SurfRead(2, true, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_suld_a2d_zero",
        ["i", "i", "i"],
        TexOp::SurfRead(2, true, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_sust_a1d_trap",
        ["i", "i"],
        TexOp::SurfWrite(1, true, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_sust_a1d_clamp",
        ["i", "i"],
        TexOp::SurfWrite(1, true, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_sust_a1d_zero",
        ["i", "i"],
        TexOp::SurfWrite(1, true, Boundary::Zero)
    ),
    tex_builtin!(
        "__ptxlab_sust_a2d_trap",
        ["i", "i", "i"],
        TexOp::SurfWrite(2, true, Boundary::Trap)
    ),
    tex_builtin!(
        "__ptxlab_sust_a2d_clamp",
        ["i", "i", "i"],
        TexOp::SurfWrite(2, true, Boundary::Clamp)
    ),
    tex_builtin!(
        "__ptxlab_sust_a2d_zero",
        ["i", "i", "i"],
        TexOp::SurfWrite(2, true, Boundary::Zero)
    ),
];
