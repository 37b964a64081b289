//! Warp matrix built-ins (`Lowering::Wmma`, called by `mma.h`): each is one
//! NVVM-style intrinsic call (`core/src/wmma.rs` spells it) whose fragment
//! registers travel through the fragment object in memory, register by
//! register, so sroa keeps them in registers:
//!
//! - a load: `%v = call <8 x i32> @llvm.nvvm.wmma.m16n16k16.load.a.row.stride.f16.p0(ptr %p, i32 %ldm)`,
//!   then each lane of `%v` stored to the fragment;
//! - a store: `call void @llvm.nvvm.wmma.m16n16k16.store.d.row.stride.f32.p0(ptr %p, float …, i32 %ldm)`
//!   with the fragment's registers loaded;
//! - `mma`: `%d = call <8 x float> @llvm.nvvm.wmma.m16n16k16.mma.row.col.f32.f32(i32 …, float …)`
//!   with A's, B's and C's registers, D's stored.
//!
//! The pointer is generic; memory-space-opt gives it its space (`.p1`).

use super::super::*;
use crate::wmma::{Frag, RegKind, Wmma};

/// The IR type and C type of a fragment's register.
fn reg_type(f: Frag) -> (Type, CType) {
    match f.reg_kind() {
        RegKind::B32 => (Type::I32, CType::UINT),
        RegKind::F32 => (Type::F32, CType::Float),
        RegKind::F64 => (Type::F64, CType::Double),
    }
}

impl Gen<'_> {
    pub(super) fn wmma(&mut self, vals: Vec<Value>) -> Value {
        let Some(w) = vals
            .last()
            .and_then(Value::as_int)
            .and_then(|c| Wmma::from_code(c as u32))
        else {
            return Value::Undef(Type::Void);
        };
        let callee: Callee = Intrinsic::Wmma(w).into();
        match w {
            Wmma::Load { frag, .. } => {
                let (t, _) = reg_type(frag);
                let n = frag.regs();
                let v = self.emit(
                    "wmma.ld",
                    Type::Vector(n, Box::new(t.clone())),
                    InstKind::Call {
                        callee,
                        args: vec![vals[1].clone(), vals[2].clone()],
                    },
                );
                self.wmma_put(frag, vals[0].clone(), v);
            }
            Wmma::Store { frag, .. } => {
                let mut args = vec![vals[0].clone()];
                args.extend(self.wmma_get(frag, vals[1].clone()));
                args.push(vals[2].clone());
                self.emit("", Type::Void, InstKind::Call { callee, args });
            }
            Wmma::Mma { shape, types, .. } => {
                let [a, b, c, d] = Wmma::mma_frags(shape, types);
                let mut args = self.wmma_get(a, vals[1].clone());
                args.extend(self.wmma_get(b, vals[2].clone()));
                args.extend(self.wmma_get(c, vals[3].clone()));
                let (t, _) = reg_type(d);
                let v = self.emit(
                    "wmma.d",
                    Type::Vector(d.regs(), Box::new(t)),
                    InstKind::Call { callee, args },
                );
                self.wmma_put(d, vals[0].clone(), v);
            }
        }
        Value::Undef(Type::Void)
    }

    /// Stores the lanes of `v` (a fragment's registers) to the fragment at `ptr`.
    fn wmma_put(&mut self, frag: Frag, ptr: Value, v: Value) {
        let (t, ct) = reg_type(frag);
        let size = u64::from(frag.reg_kind().bits() / 8);
        for k in 0..frag.regs() {
            let x = self.emit(
                "wmma.reg",
                t.clone(),
                InstKind::ExtractElement {
                    vec: v.clone(),
                    idx: Value::i32(k as i32),
                },
            );
            let at = self.byte_offset(ptr.clone(), u64::from(k) * size, "wmma.addr");
            self.store(x, at, &ct);
        }
    }

    /// The registers of the fragment at `ptr`.
    fn wmma_get(&mut self, frag: Frag, ptr: Value) -> Vec<Value> {
        let (_, ct) = reg_type(frag);
        let size = u64::from(frag.reg_kind().bits() / 8);
        (0..frag.regs())
            .map(|k| {
                let at = self.byte_offset(ptr.clone(), u64::from(k) * size, "wmma.addr");
                self.load("wmma.reg", at, &ct, false)
            })
            .collect()
    }
}
