//! Cache-operator loads and stores (`Lowering::CacheOp`, called by our
//! `cuda_runtime.h`'s `__ldcs`, `__stwt`, …): one call each whose name is
//! the instruction nvcc writes for the pointee's type —
//! `call <4 x i32> @llvm.nvvm.ld.global.cs.v4.s32(ptr %p)`,
//! `call void @llvm.nvvm.st.global.wt.f64(ptr %p, double %v)`. The pointer
//! stays generic, as the inline asm of NVIDIA's header gets it; `__half`,
//! `__nv_bfloat16` and their pairs move as bits (`ld.global.cs.b16`,
//! `st.global.wt.b32`, `__ldg` too: `ld.global.nc.b16`); only a
//! scalar `__ldg` (`ld.global.nc.u32`, a built-in in nvcc, not asm) takes a
//! global pointer, so isel writes `cvta.to.global` as nvcc does. The calls are
//! not pure: passes keep each one, in its place and order.

use super::super::*;
use crate::frontend::builtins::texture::{cache_texel, Lanes, Texel};

/// The instruction's type: `s32`, `v4.f32`, `u8`; a scalar `__ldg`'s
/// integers are `u` whatever their sign (`ld.global.nc.u32`); the 16-bit
/// float types are untyped bits (`b16`, `b32` for a pair).
fn ptx_type(t: &Texel, nc_scalar: bool, untyped: bool) -> String {
    let kind = match t.kind {
        _ if untyped => 'b',
        Lanes::Float => 'f',
        Lanes::Signed if !nc_scalar => 's',
        _ => 'u',
    };
    let v = if t.lanes > 1 {
        format!("v{}.", t.lanes)
    } else {
        String::new()
    };
    format!("{v}{kind}{}", t.bits)
}

impl Gen<'_> {
    pub(super) fn cache_op(
        &mut self,
        name: &'static str,
        args: &[ast::Expr],
        vals: Vec<Value>,
    ) -> Value {
        let store = name.starts_with("llvm.nvvm.st.");
        // The type the value's pointer pointed to before it became `void *`.
        let typed = &args[usize::from(!store)];
        let pointee = match &typed.kind {
            ast::ExprKind::Cast { expr, .. } => expr.ty.pointee().cloned(),
            _ => typed.ty.pointee().cloned(),
        };
        let (dst, src) = (vals[0].clone(), vals[1].clone());
        let Some((t, untyped)) = pointee.as_ref().and_then(cache_texel) else {
            return Value::Undef(Type::Void);
        };
        // A half moves as its bits: an unsigned integer of its width.
        let ct = if untyped {
            t.elem.clone()
        } else {
            pointee.unwrap_or(CType::Void)
        };
        let elem = self.types.ir_type(&t.elem);
        let vty = if t.lanes == 1 {
            elem.clone()
        } else {
            Type::Vector(t.lanes, Box::new(elem.clone()))
        };
        // nvcc's `__ldg` of a half is the header's asm on the generic pointer.
        let nc_scalar = name.ends_with(".nc") && t.lanes == 1 && !untyped;
        let callee = format!("{name}.{}", ptx_type(&t, nc_scalar, untyped));
        let lane_at = |g: &mut Self, base: &Value, k: u32| {
            g.byte_offset(
                base.clone(),
                u64::from(k) * u64::from(t.bits / 8),
                "lane.addr",
            )
        };
        if store {
            let v = if t.lanes == 1 {
                self.load("st.val", src, &ct, false)
            } else {
                let mut v = Value::Undef(vty.clone());
                for k in 0..t.lanes {
                    let at = lane_at(self, &src, k);
                    let x = self.load("st.lane", at, &t.elem, false);
                    v = self.emit(
                        "st.vec",
                        vty.clone(),
                        InstKind::InsertElement {
                            vec: v,
                            elt: x,
                            idx: Value::i32(k as i32),
                        },
                    );
                }
                v
            };
            self.emit(
                "",
                Type::Void,
                InstKind::Call {
                    callee: crate::ir::Callee::named(&callee),
                    args: vec![dst, v],
                },
            );
            return Value::Undef(Type::Void);
        }
        let src = if nc_scalar {
            self.emit(
                "",
                Type::Ptr(addrspace::GLOBAL),
                InstKind::Cast {
                    op: CastOp::AddrSpaceCast,
                    val: src,
                },
            )
        } else {
            src
        };
        let v = self.emit(
            "ld",
            vty,
            InstKind::Call {
                callee: crate::ir::Callee::named(&callee),
                args: vec![src],
            },
        );
        if t.lanes == 1 {
            self.store(v, dst, &ct);
        } else {
            for k in 0..t.lanes {
                let x = self.emit(
                    "ld.lane",
                    elem.clone(),
                    InstKind::ExtractElement {
                        vec: v.clone(),
                        idx: Value::i32(k as i32),
                    },
                );
                let at = lane_at(self, &dst, k);
                self.store(x, at, &t.elem);
            }
        }
        Value::Undef(Type::Void)
    }
}
