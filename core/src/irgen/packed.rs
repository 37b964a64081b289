//! Members of GCC-packed records (`__attribute__((packed))`): their
//! addresses are aligned only as far as the record's alignment and the
//! member's offset say, so a scalar there is loaded and stored in pieces of
//! that alignment (bytes at a packed record's odd offsets) put together
//! with shifts, as nvcc splits its loads of packed fields.

use super::*;

impl Gen<'_> {
    /// Notes the alignment known of `ptr`, the member at `off` of an object
    /// of type `ty` at `base`, where it is less than C's (a packed record,
    /// or a member of an object that is itself under-aligned).
    pub(super) fn note_member_align(&mut self, base: &Value, ty: &CType, off: u64, ptr: &Value) {
        let packed = matches!(ty, CType::Record(r) if r.layout().is_some_and(|l| l.packed));
        let outer = self.unaligned.get(base).copied();
        if !packed && outer.is_none() {
            return;
        }
        let mut a = ty.align().max(1);
        if let Some(o) = outer {
            a = a.min(o);
        }
        if off > 0 {
            a = a.min(1 << off.trailing_zeros().min(63));
        }
        self.unaligned.insert(ptr.clone(), a);
    }

    /// The alignment an access at `ptr` may assume: C's `natural` unless
    /// `ptr` addresses a packed record's member.
    pub(super) fn known_align(&self, ptr: &Value, natural: u64) -> u64 {
        self.unaligned
            .get(ptr)
            .map_or(natural, |&a| a.min(natural))
            .max(1)
    }

    /// A load of a `t` at `ptr` aligned to `align` only (less than its
    /// size): pieces of `align` bytes, each zero-extended and shifted to its
    /// place (little-endian), then the bits as a `t`.
    pub(super) fn load_pieces(&mut self, name: &str, ptr: Value, t: Type, align: u64) -> Value {
        let size = t.size();
        let piece = int_of(align);
        let whole = int_of(size);
        let mut acc: Option<Value> = None;
        for k in 0..size / align {
            let at = self.byte_offset(ptr.clone(), k * align, "packed.ptr");
            let mut v = self.emit(
                "packed.ld",
                piece.clone(),
                InstKind::Load {
                    ptr: at,
                    align,
                    volatile: false,
                },
            );
            if piece != whole {
                v = self.emit(
                    "packed.ext",
                    whole.clone(),
                    InstKind::Cast {
                        op: CastOp::ZExt,
                        val: v,
                    },
                );
            }
            if k > 0 {
                v = self.packed_bin(BinOp::Shl, v, &whole, (k * align * 8) as i64);
            }
            acc = Some(match acc {
                None => v,
                Some(a) => self.emit(
                    "packed.or",
                    whole.clone(),
                    InstKind::Bin {
                        op: BinOp::Or,
                        lhs: a,
                        rhs: v,
                        flags: Flags::default(),
                    },
                ),
            });
        }
        let v = acc.unwrap_or(Value::Int(whole.clone(), 0));
        let op = match &t {
            Type::Ptr(_) => CastOp::IntToPtr,
            t if *t == whole => return v,
            _ => CastOp::BitCast,
        };
        self.emit(name, t, InstKind::Cast { op, val: v })
    }

    /// A store of `val`, a `t`, at `ptr` aligned to `align` only: its bits
    /// in pieces of `align` bytes, lowest first.
    pub(super) fn store_pieces(&mut self, val: Value, ptr: Value, t: Type, align: u64) {
        let size = t.size();
        let piece = int_of(align);
        let whole = int_of(size);
        let bits = match &t {
            Type::Ptr(_) => self.emit(
                "packed.bits",
                whole.clone(),
                InstKind::Cast {
                    op: CastOp::PtrToInt,
                    val,
                },
            ),
            t if *t == whole => val,
            _ => self.emit(
                "packed.bits",
                whole.clone(),
                InstKind::Cast {
                    op: CastOp::BitCast,
                    val,
                },
            ),
        };
        for k in 0..size / align {
            let mut v = bits.clone();
            if k > 0 {
                v = self.packed_bin(BinOp::LShr, v, &whole, (k * align * 8) as i64);
            }
            if piece != whole {
                v = self.emit(
                    "packed.trunc",
                    piece.clone(),
                    InstKind::Cast {
                        op: CastOp::Trunc,
                        val: v,
                    },
                );
            }
            let at = self.byte_offset(ptr.clone(), k * align, "packed.ptr");
            self.emit(
                "",
                Type::Void,
                InstKind::Store {
                    val: v,
                    ptr: at,
                    align,
                    volatile: false,
                },
            );
        }
    }

    fn packed_bin(&mut self, op: BinOp, v: Value, ty: &Type, by: i64) -> Value {
        self.emit(
            "packed.sh",
            ty.clone(),
            InstKind::Bin {
                op,
                lhs: v,
                rhs: Value::Int(ty.clone(), by),
                flags: Flags::default(),
            },
        )
    }
}

/// The integer type of `bytes` bytes.
fn int_of(bytes: u64) -> Type {
    match bytes {
        1 => Type::I8,
        2 => Type::I16,
        4 => Type::I32,
        _ => Type::I64,
    }
}
