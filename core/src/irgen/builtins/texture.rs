//! Texture fetches and surface accesses (`Lowering::Texture`): one NVVM
//! intrinsic call each, named as LLVM's NVPTX backend names them, with the
//! texel's lanes stored to (or loaded from) the object the built-in's first
//! argument points to.
//!
//! - a fetch: `call <4 x float> @llvm.nvvm.tex.unified.2d.v4f32.f32(i64 %tex,
//!   float %x, float %y)` (`v4s32`/`v4u32` for integer texels, `.s32`
//!   coordinates for `tex1Dfetch`; LLVM returns a struct of four, ours is a
//!   vector read lane by lane); integer lanes narrower than 32 bits are
//!   truncated, as nvcc does. A gather is `llvm.nvvm.tld4.unified.{r,g,b,a}.2d`.
//!   Fetches read memory no kernel writes: pure (`Intrinsic::is_pure`).
//! - a surface read: `call <4 x i8> @llvm.nvvm.suld.2d.v4i8.trap(i64 %surf,
//!   i32 %x, i32 %y)` (a scalar for one lane; float lanes are read as
//!   integers of their width and bitcast); a write:
//!   `call void @llvm.nvvm.sust.b.2d.i32.trap(i64 %surf, i32 %x, i32 %y, i32 %v)`.
//!   Both keep their place (a write is a side effect; a read may see one).

use super::super::*;
use crate::frontend::builtins::texture::{texel, Lanes, Shape, TexOp, Texel};
use crate::ir::intrinsic::TexOp as ITex;

/// The IR type of a surface lane of `bits` bits.
fn int_type(bits: u32) -> Type {
    match bits {
        8 => Type::I8,
        16 => Type::I16,
        64 => Type::I64,
        _ => Type::I32,
    }
}

/// `i32`, `v2i32`, `v4i8`: a surface access's lanes in NVVM's name.
fn surface_suffix(t: &Texel) -> String {
    if t.lanes == 1 {
        format!("i{}", t.bits)
    } else {
        format!("v{}i{}", t.lanes, t.bits)
    }
}

impl Gen<'_> {
    pub(super) fn texture(&mut self, op: TexOp, args: &[ast::Expr], vals: Vec<Value>) -> Value {
        // The type the first argument pointed to before it became `void *`
        // (sema allows only texels).
        let pointee = match &args[0].kind {
            ast::ExprKind::Cast { expr, .. } => expr.ty.pointee().cloned(),
            _ => args[0].ty.pointee().cloned(),
        };
        let Some(t) = pointee.as_ref().and_then(texel) else {
            return Value::Undef(Type::Void);
        };
        let ptr = vals[0].clone();
        let handle = vals[1].clone();
        let coords = &vals[2..];
        match op {
            TexOp::Tex(shape) => {
                let mut a = vec![handle];
                match shape {
                    // The layer comes first: `{%r1, %f1, %f2, %f2}`.
                    Shape::Layered1 | Shape::Layered2 => {
                        a.push(coords[coords.len() - 1].clone());
                        a.extend_from_slice(&coords[..coords.len() - 1]);
                    }
                    _ => a.extend_from_slice(coords),
                }
                let coord = if shape == Shape::Fetch { "s32" } else { "f32" };
                let rest = format!("{}.v4{}.{coord}", shape.llvm_geometry(), fetch_lanes(&t));
                self.fetch(Intrinsic::Texture(ITex::Tex, rest), a, &t, ptr)
            }
            TexOp::Gather(c) => {
                let comp = ["r", "g", "b", "a"][usize::from(c & 3)];
                let rest = format!("{comp}.2d.v4{}.f32", fetch_lanes(&t));
                let mut a = vec![handle];
                a.extend_from_slice(coords);
                self.fetch(Intrinsic::Texture(ITex::Tld4, rest), a, &t, ptr)
            }
            TexOp::SurfRead(d, l, b) => {
                let lane = int_type(t.bits);
                let ty = if t.lanes == 1 {
                    lane.clone()
                } else {
                    Type::Vector(t.lanes, Box::new(lane.clone()))
                };
                let array = if l { ".array" } else { "" };
                let name = Intrinsic::Texture(
                    ITex::Suld,
                    format!("{d}d{array}.{}.{}", surface_suffix(&t), b.name()),
                );
                let mut a = vec![handle];
                a.extend_from_slice(coords);
                let v = self.emit(
                    "suld",
                    ty,
                    InstKind::Call {
                        callee: name.into(),
                        args: a,
                    },
                );
                for k in 0..t.lanes {
                    let x = if t.lanes == 1 {
                        v.clone()
                    } else {
                        self.emit(
                            "suld.lane",
                            lane.clone(),
                            InstKind::ExtractElement {
                                vec: v.clone(),
                                idx: Value::i32(k as i32),
                            },
                        )
                    };
                    let x = if t.kind == Lanes::Float {
                        let ft = self.types.ir_type(&t.elem);
                        self.emit(
                            "suld.f",
                            ft,
                            InstKind::Cast {
                                op: CastOp::BitCast,
                                val: x,
                            },
                        )
                    } else {
                        x
                    };
                    self.store_lane(x, &ptr, &t, k);
                }
                Value::Undef(Type::Void)
            }
            TexOp::SurfWrite(d, l, b) => {
                let array = if l { ".array" } else { "" };
                let name = Intrinsic::Texture(
                    ITex::Sust,
                    format!("{d}d{array}.{}.{}", surface_suffix(&t), b.name()),
                );
                let mut a = vec![handle];
                a.extend_from_slice(coords);
                for k in 0..t.lanes {
                    let at = self.byte_offset(
                        ptr.clone(),
                        u64::from(k) * u64::from(t.bits / 8),
                        "sust.lane.addr",
                    );
                    let x = self.load("sust.lane", at, &t.elem, false);
                    let x = if t.kind == Lanes::Float {
                        self.emit(
                            "sust.bits",
                            int_type(t.bits),
                            InstKind::Cast {
                                op: CastOp::BitCast,
                                val: x,
                            },
                        )
                    } else {
                        x
                    };
                    a.push(x);
                }
                self.emit(
                    "",
                    Type::Void,
                    InstKind::Call {
                        callee: name.into(),
                        args: a,
                    },
                );
                Value::Undef(Type::Void)
            }
        }
    }

    /// A fetch's call and its lanes stored to `ptr`: float lanes as they
    /// are, integer ones truncated to the texel's width.
    fn fetch(&mut self, name: Intrinsic, args: Vec<Value>, t: &Texel, ptr: Value) -> Value {
        let lane = if t.kind == Lanes::Float {
            Type::F32
        } else {
            Type::I32
        };
        let v = self.emit(
            "tex",
            Type::Vector(4, Box::new(lane.clone())),
            InstKind::Call {
                callee: name.into(),
                args,
            },
        );
        for k in 0..t.lanes {
            let x = self.emit(
                "tex.lane",
                lane.clone(),
                InstKind::ExtractElement {
                    vec: v.clone(),
                    idx: Value::i32(k as i32),
                },
            );
            let x = if t.bits < 32 {
                self.emit(
                    "tex.conv",
                    int_type(t.bits),
                    InstKind::Cast {
                        op: CastOp::Trunc,
                        val: x,
                    },
                )
            } else {
                x
            };
            self.store_lane(x, &ptr, t, k);
        }
        Value::Undef(Type::Void)
    }

    /// Stores lane `k` of a texel at `ptr`.
    fn store_lane(&mut self, x: Value, ptr: &Value, t: &Texel, k: u32) {
        let at = self.byte_offset(
            ptr.clone(),
            u64::from(k) * u64::from(t.bits / 8),
            "tex.lane.addr",
        );
        self.store(x, at, &t.elem);
    }
}

/// `f32`, `s32` or `u32`: a fetch's lanes in NVVM's name.
fn fetch_lanes(t: &Texel) -> &'static str {
    match t.kind {
        Lanes::Float => "f32",
        Lanes::Signed => "s32",
        Lanes::Unsigned => "u32",
    }
}
