//! C structs and unions as IR struct types, as clang names and lays them out:
//! `%struct.P = type { i32, float }`, a union as its most aligned (then
//! largest) member plus padding, explicit `[N x i8]` padding where the C
//! layout is not the IR's natural one (`__align__`, bit-field units).

use super::types::Types;
use crate::frontend::ast::{CType, Record};
use crate::ir::{StructType, Type};
use std::rc::Rc;

impl Types {
    /// The record's name in this module, given on first use.
    fn name_of(&self, r: &Rc<Record>) -> String {
        let mut names = self.record_names.borrow_mut();
        if let Some((_, n)) = names.iter().find(|(x, _)| Rc::ptr_eq(x, r)) {
            return n.clone();
        }
        let kind = if r.is_union { "union" } else { "struct" };
        let tag = r.name.borrow();
        // The IR's names are letters, digits, `_`, `.` and `$` (`N::S<float>`
        // is `N__S_float_`).
        let tag: String = if tag.is_empty() {
            "anon".into()
        } else {
            tag.chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || c == '_' || c == '$' {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        };
        let base = format!("{kind}.{tag}");
        let mut name = base.clone();
        let mut k = 0;
        while names.iter().any(|(_, n)| *n == name) {
            name = format!("{base}.{k}");
            k += 1;
        }
        names.push((r.clone(), name.clone()));
        name
    }

    /// The IR type of a struct or union: a named struct type, or its bytes
    /// `[N x i8]` when it is incomplete or its layout has no IR form.
    pub(super) fn record_type(&self, r: &Rc<Record>) -> Type {
        let bytes = |n: u64| Type::Array(n, Box::new(Type::I8));
        let Some(layout) = r.layout() else {
            return bytes(0);
        };
        let pad = |fields: &mut Vec<Type>, n: u64| {
            if n > 0 {
                fields.push(bytes(n));
            }
        };
        let mut fields = Vec::new();
        let mut end = 0u64;
        if r.is_union {
            // The first of the most aligned, then largest, members.
            let mut widest: Option<Type> = None;
            for t in layout.fields.iter().map(|f| self.mem_type(&f.ty)) {
                if t.size() > 0
                    && widest
                        .as_ref()
                        .is_none_or(|w| (t.align(), t.size()) > (w.align(), w.size()))
                {
                    widest = Some(t);
                }
            }
            if let Some(t) = widest {
                end = t.size();
                fields.push(t);
            }
        } else {
            for f in &layout.fields {
                // An empty base takes no room (clang leaves it out).
                if f.base
                    && matches!(&f.ty, CType::Record(b) if b.layout().is_some_and(|l| l.empty))
                {
                    continue;
                }
                let t = self.mem_type(&f.ty);
                // A member in a base's tail padding: no IR struct has it.
                if f.offset < end && f.bits.is_none() && t.size() > 0 {
                    return bytes(layout.size);
                }
                // A bit-field sharing the unit before it, or an empty member.
                if f.offset < end || (f.offset == end && t.size() == 0 && f.bits.is_none()) {
                    continue;
                }
                if f.offset % t.align() != 0 {
                    return bytes(layout.size);
                }
                if end.next_multiple_of(t.align()) != f.offset {
                    pad(&mut fields, f.offset - end);
                }
                end = f.offset + t.size();
                fields.push(t);
            }
        }
        let natural = StructType {
            name: None,
            fields: fields.clone(),
        };
        if natural.layout().1 != layout.size {
            pad(&mut fields, layout.size.saturating_sub(end));
        }
        let s = StructType {
            name: Some(self.name_of(r)),
            fields,
        };
        if s.layout().1 != layout.size {
            return bytes(layout.size);
        }
        Type::Struct(Box::new(s))
    }

    /// The field of a struct's IR type at byte `offset`, for a member's
    /// `getelementptr inbounds %struct.P, ptr %p, i32 0, i32 K`.
    pub(super) fn field_at(&self, ty: &CType, offset: u64) -> Option<(Type, u32)> {
        let CType::Record(r) = ty else { return None };
        if r.is_union {
            return None;
        }
        let t = self.record_type(r);
        let Type::Struct(s) = &t else { return None };
        let (offsets, _) = s.layout();
        // Padding never sits where a member starts.
        let k = offsets.iter().position(|o| *o == offset)?;
        Some((t.clone(), u32::try_from(k).ok()?))
    }
}

#[cfg(test)]
mod tests {
    use crate::ir::print_module;
    use crate::{compile_to_ir, NoFiles, Options};

    fn irgen(src: &str) -> String {
        let opts = Options {
            opt_level: 0,
            ..Options::default()
        };
        let m = compile_to_ir("t.cu", src, &NoFiles, &opts, Some(0))
            .unwrap_or_else(|d| panic!("{d:?}"));
        print_module(&m)
    }

    #[test]
    fn structs_unions_and_vectors_are_named_types_with_clangs_layout() {
        let ir = irgen(
            "struct P { int a; float b; };
             struct Q { char c; float4 v; double d; };
             union U { int i; double d; char s[12]; };
             typedef struct { short s; int x; } T;
             struct __align__(16) A { float f; };
             namespace N { struct P { char c; }; }
             __global__ void k(P *p, Q *q, U *u, T *t, A *a, N::P *n, float *out) {
               int i = threadIdx.x;
               out[i] = p[i].b + q[i].v.z + q[i].d + u[i].d + t[i].x + a[i].f + n[i].c;
             }",
        );
        for line in [
            "%struct.P = type { i32, float }",
            "%struct.float4 = type { float, float, float, float }",
            // float4 is 16-aligned in C, 4 in the IR: explicit padding.
            "%struct.Q = type { i8, [15 x i8], %struct.float4, double, [8 x i8] }",
            "%union.U = type { double, [8 x i8] }",
            "%struct.T = type { i16, i32 }",
            "%struct.A = type { float, [12 x i8] }",
            "%struct.N__P = type { i8 }",
            "%b = getelementptr inbounds %struct.P, ptr %arrayidx, i32 0, i32 1",
            "%v = getelementptr inbounds %struct.Q, ptr %arrayidx1, i32 0, i32 2",
            "%z = getelementptr inbounds %struct.float4, ptr %v, i32 0, i32 2",
            "%d = getelementptr inbounds %struct.Q, ptr %arrayidx2, i32 0, i32 3",
        ] {
            assert!(ir.contains(line), "no '{line}' in\n{ir}");
        }
        // A union's members are at its own address.
        assert!(!ir.contains("%union.U, ptr %arrayidx3, i32 0"), "{ir}");
    }

    #[test]
    fn classes_with_bases_are_laid_out_as_the_itanium_abi_says() {
        // The sizes are NVRTC's (static_assert fails the compile otherwise).
        let ir = irgen(
            "struct E {};
             struct Pad { double d; };
             struct Named { int id; };
             struct Multi : E, Pad, Named { int extra; };
             struct G : E { E e; int x; };
             struct NonPod { int a; char c = 0; };
             struct Reuse : NonPod { char d; };
             struct Pod { int a; char c; };
             struct NoReuse : Pod { char d; };
             static_assert(sizeof(Multi) == 16, \"multi\");
             static_assert(sizeof(G) == 8, \"conflict\");
             static_assert(sizeof(Reuse) == 8, \"tail padding reused\");
             static_assert(sizeof(NoReuse) == 12, \"POD tail padding kept\");
             __global__ void k(Multi *m, G *g, Reuse *r, NoReuse *n, int *out) {
               out[0] = m->id + m->extra + g->x + r->d + n->d;
             }",
        );
        for line in [
            // The empty base takes no room and is left out.
            "%struct.Multi = type { %struct.Pad, %struct.Named, i32 }",
            // The member `e` moves to offset 1 (an E is at 0 already).
            "%struct.G = type { [1 x i8], %struct.E, i32 }",
            "%struct.NoReuse = type { %struct.Pod, i8 }",
            // A member in a base's tail padding (offset 5): no struct type.
            "getelementptr inbounds i8, ptr %r1, i64 5",
            // A base's member through the base subobject (at offset 8).
            "%add.ptr = getelementptr inbounds i8, ptr %m1, i64 8",
            "%id = getelementptr inbounds %struct.Named, ptr %add.ptr, i32 0, i32 0",
        ] {
            assert!(ir.contains(line), "no '{line}' in\n{ir}");
        }
        assert!(!ir.contains("%struct.Reuse = type {"), "{ir}");
    }
}
