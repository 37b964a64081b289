//! Places and memory: lvalues, struct addresses, members, loads and stores
//! (bit-fields too), and copies of structs.

use super::*;

impl Gen<'_> {
    /// The member of the struct of type `ty` at `base` that starts at byte
    /// `off`, as clang addresses it: `getelementptr inbounds %struct.P, ptr
    /// %p, i32 0, i32 K` (a union's members are at `base` itself).
    pub(super) fn member(&mut self, base: Value, ty: &CType, off: u64, name: &str) -> Value {
        // A base class subobject (unnamed): its bytes, as clang's
        // derived-to-base conversion (nothing at offset 0).
        if name.is_empty() {
            return self.byte_offset(base, off, "add.ptr");
        }
        let Some((elem_ty, k)) = self.types.field_at(ty, off) else {
            let ptr = self.byte_offset(base.clone(), off, name);
            self.note_member_align(&base, ty, off, &ptr);
            return ptr;
        };
        let ptr = self.emit(
            name,
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty,
                base: base.clone(),
                indices: vec![
                    Value::Int(Type::I32, 0),
                    Value::Int(Type::I32, i64::from(k)),
                ],
            },
        );
        self.note_member_align(&base, ty, off, &ptr);
        ptr
    }

    /// `base + off` bytes (`getelementptr inbounds i8`, LLVM's canonical
    /// form of a constant offset); `base` itself for 0.
    pub(super) fn byte_offset(&mut self, base: Value, off: u64, name: &str) -> Value {
        if off == 0 {
            return base;
        }
        self.emit(
            name,
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: Type::I8,
                base,
                indices: vec![Value::i64(off as i64)],
            },
        )
    }

    /// Copies a struct (or union) from `src` to `dst`, scalar by scalar
    /// (sroa can then split the copies of locals); a large one (an array
    /// member of many elements) in a loop over words instead.
    pub(super) fn copy(&mut self, dst: Value, src: Value, ty: &CType) {
        if ty.scalar_count() > 64 {
            return self.copy_loop(dst, src, ty);
        }
        let mut parts = Vec::new();
        ty.scalar_parts(0, &mut parts);
        let natural = ty.align().max(1);
        let align = self
            .known_align(&src, natural)
            .min(self.known_align(&dst, natural));
        // A packed record (or one at a packed record's member): its
        // members are only as aligned as their offsets say.
        let packed = align < natural
            || matches!(ty, CType::Record(r) if r.layout().is_some_and(|l| l.packed));
        if !packed && self.copy_whole(&dst, &src, ty, &parts, align) {
            return;
        }
        // Every member is read, then every member written (a copy's source
        // and destination never overlap partly), so isel can make vectors
        // of both.
        let mut loaded = Vec::new();
        for (off, t) in parts {
            // What the struct's alignment promises at this offset (16 at a
            // float4's .x): isel may then load the members as one vector.
            let known = if off == 0 {
                align
            } else {
                align.min(1 << off.trailing_zeros().min(63))
            };
            let from = self.byte_offset(src.clone(), off, "agg.src");
            let mt = self.types.mem_type(&t);
            if packed && known < t.align() {
                let v = self.load_pieces("agg.val", from, mt.clone(), known);
                loaded.push((off, v, known, Some(mt)));
                continue;
            }
            let v = self.emit(
                "agg.val",
                mt,
                InstKind::Load {
                    ptr: from,
                    align: known.max(t.align()),
                    volatile: false,
                },
            );
            loaded.push((off, v, known.max(t.align()), None));
        }
        for (off, v, align, pieces) in loaded {
            let to = self.byte_offset(dst.clone(), off, "agg.dst");
            if let Some(mt) = pieces {
                self.store_pieces(v, to, mt, align);
                continue;
            }
            self.emit(
                "",
                Type::Void,
                InstKind::Store {
                    val: v,
                    ptr: to,
                    align,
                    volatile: false,
                },
            );
        }
    }

    /// nvcc's copy of a small aligned aggregate of integers (`__half2`,
    /// `__nv_bfloat162`, `short2`, `char4`, a `struct __align__(4) { short
    /// a, b; }`): when the object is 2, 4, 8 or 16 bytes and aligned to its
    /// size, it moves as one `i16` or as 32-bit words (`ld.global.u32`, a
    /// `v2.u32`/`v4.u32` once the load/store vectorizer joins them), not
    /// member by member; sroa widens a local's integer pieces around the
    /// words (a member changed in a local copy is masked into its word).
    /// Whether it did.
    fn copy_whole(
        &mut self,
        dst: &Value,
        src: &Value,
        ty: &CType,
        parts: &[(u64, CType)],
        align: u64,
    ) -> bool {
        let Some(size) = ty.size() else { return false };
        // A local on either side is split by sroa, as LLVM's splits a
        // memcpy into and out of an alloca slice by slice (`uchar4 u =
        // c[i];` reads `u.w`: nvcc's `ld.global.v4.u8`); between two objects
        // in memory the copy is one integer move, as instcombine makes of a
        // small memcpy. The types our `cuda_fp16.h` gives word copies (as
        // NVIDIA's copy operators read and write an `unsigned int`) move as
        // words everywhere.
        let word_copied = matches!(ty, CType::Record(r)
            if crate::frontend::headers::fp16::WORD_COPIED.contains(&r.name.borrow().as_str()));
        if !word_copied && (self.is_local_object(dst) || self.is_local_object(src)) {
            return false;
        }
        if !matches!(size, 2 | 4 | 8 | 16)
            || align < size
            || parts.len() < 2
            || !parts.iter().all(|(_, t)| t.is_integer())
        {
            return false;
        }
        let (word, wty) = if size == 2 {
            (2, Type::I16)
        } else {
            (4, Type::I32)
        };
        let mut loaded = Vec::new();
        for k in 0..size / word {
            let from = self.byte_offset(src.clone(), k * word, "agg.src");
            let v = self.emit(
                "agg.val",
                wty.clone(),
                InstKind::Load {
                    ptr: from,
                    align: if k == 0 { align } else { word },
                    volatile: false,
                },
            );
            loaded.push(v);
        }
        for (k, v) in loaded.into_iter().enumerate() {
            let k = k as u64;
            let to = self.byte_offset(dst.clone(), k * word, "agg.dst");
            self.emit(
                "",
                Type::Void,
                InstKind::Store {
                    val: v,
                    ptr: to,
                    align: if k == 0 { align } else { word },
                    volatile: false,
                },
            );
        }
        true
    }

    /// Whether `ptr` points into a local object of this function (an
    /// `alloca`, or an offset from one).
    fn is_local_object(&self, ptr: &Value) -> bool {
        let mut v = ptr.clone();
        loop {
            let Value::Inst(id) = v else { return false };
            match &self.f.inst(id).kind {
                InstKind::Alloca { .. } => return true,
                InstKind::Gep { base, .. } => v = base.clone(),
                InstKind::Cast { val, .. } => v = val.clone(),
                _ => return false,
            }
        }
    }

    /// `for (i = 0; i < n; i++) dst[i] = src[i]` over words as wide as the
    /// struct's alignment (at most 8 bytes).
    pub(super) fn copy_loop(&mut self, dst: Value, src: Value, ty: &CType) {
        let (word, wty) = match ty.align() {
            1 => (1, Type::I8),
            2 => (2, Type::I16),
            4 => (4, Type::I32),
            _ => (8, Type::I64),
        };
        let n = ty.size().unwrap_or(0) / word;
        let pre = self.block();
        let cond_b = self.new_block("agg.copy.cond");
        let body_b = self.new_block("agg.copy.body");
        let end_b = self.new_block("agg.copy.end");
        self.br(cond_b);
        self.start(cond_b);
        let i = self.emit(
            "agg.i",
            Type::I64,
            InstKind::Phi {
                incoming: vec![(Value::i64(0), pre)],
            },
        );
        let more = self.emit(
            "agg.more",
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Ult,
                lhs: i.clone(),
                rhs: Value::i64(n as i64),
            },
        );
        self.cond_br(more, body_b, end_b);
        self.start(body_b);
        let from = self.emit(
            "agg.src",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: wty.clone(),
                base: src,
                indices: vec![i.clone()],
            },
        );
        let v = self.emit(
            "agg.val",
            wty.clone(),
            InstKind::Load {
                ptr: from,
                align: word,
                volatile: false,
            },
        );
        let to = self.emit(
            "agg.dst",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: wty,
                base: dst,
                indices: vec![i.clone()],
            },
        );
        self.emit(
            "",
            Type::Void,
            InstKind::Store {
                val: v,
                ptr: to,
                align: word,
                volatile: false,
            },
        );
        let next = self.emit(
            "agg.i.next",
            Type::I64,
            InstKind::Bin {
                op: BinOp::Add,
                lhs: i.clone(),
                rhs: Value::i64(1),
                flags: Flags {
                    nuw: true,
                    nsw: true,
                    ..Default::default()
                },
            },
        );
        let latch = self.block();
        self.br(cond_b);
        if let Value::Inst(phi) = i {
            if let InstKind::Phi { incoming } = &mut self.f.inst_mut(phi).kind {
                incoming.push((next, latch));
            }
        }
        self.start(end_b);
    }

    /// A fresh slot for a struct value (`agg.tmp`), in the entry block
    /// after the other allocas.
    pub(super) fn temp(&mut self, ty: &CType) -> Value {
        let entry = self.f.entry();
        let id = self.f.create_inst(
            "agg.tmp",
            Type::Ptr(addrspace::GENERIC),
            InstKind::Alloca {
                ty: self.types.mem_type(ty),
                align: ty.align(),
            },
            self.loc,
        );
        let at = self
            .f
            .block(entry)
            .insts
            .iter()
            .take_while(|&&i| matches!(self.f.inst(i).kind, InstKind::Alloca { .. }))
            .count();
        self.f.block_mut(entry).insts.insert(at, id);
        Value::Inst(id)
    }

    /// Stores the value of `e` (a scalar or a struct) at `ptr`.
    pub(super) fn store_expr(&mut self, e: &ast::Expr, ptr: Value) {
        if e.ty.is_record() {
            let src = self.agg(e);
            self.copy(ptr, src, &e.ty);
        } else {
            let v = self.rvalue(e);
            self.store(v, ptr, &e.ty);
        }
    }

    pub(super) fn store(&mut self, val: Value, ptr: Value, ty: &CType) {
        self.store_volatile(val, ptr, ty, false);
    }

    /// A store, `volatile` when the object written is.
    pub(super) fn store_volatile(&mut self, val: Value, ptr: Value, ty: &CType, volatile: bool) {
        let val = if *ty == CType::Bool {
            self.emit(
                "frombool",
                Type::I8,
                InstKind::Cast {
                    op: CastOp::ZExt,
                    val,
                },
            )
        } else {
            val
        };
        let align = self.known_align(&ptr, ty.align());
        if align < ty.align() && !volatile {
            let t = self.types.mem_type(ty);
            return self.store_pieces(val, ptr, t, align);
        }
        self.emit(
            "",
            Type::Void,
            InstKind::Store {
                val,
                ptr,
                align: ty.align(),
                volatile,
            },
        );
    }

    /// Whether the object the lvalue `e` designates is `volatile`: a
    /// variable declared so, or what a pointer to volatile points to (an
    /// element, a member of such an object).
    pub(super) fn is_volatile(&self, e: &ast::Expr) -> bool {
        match &e.kind {
            ExprKind::Var(id) => self.src.locals[*id].volatile,
            ExprKind::Global(id) => self.globals[*id].volatile,
            ExprKind::Unary(UnOp::Deref, p) | ExprKind::Index(p, _) => self.points_to_volatile(p),
            ExprKind::Field(object, ..) => object.lvalue && self.is_volatile(object),
            ExprKind::Comma(_, b) => self.is_volatile(b),
            _ => false,
        }
    }

    /// Whether the pointer `p` points to volatile objects: its type says so,
    /// or it is a volatile array that decayed.
    fn points_to_volatile(&self, p: &ast::Expr) -> bool {
        match (&p.ty, &p.kind) {
            (CType::Ptr { volatile: true, .. }, _) => true,
            (_, ExprKind::Cast { expr, .. }) if matches!(expr.ty, CType::Array(..)) => {
                expr.lvalue && self.is_volatile(expr)
            }
            _ => false,
        }
    }

    pub(super) fn load(&mut self, name: &str, ptr: Value, ty: &CType, volatile: bool) -> Value {
        let align = self.known_align(&ptr, ty.align());
        let v = if align < ty.align() && !volatile {
            let t = self.types.mem_type(ty);
            self.load_pieces(name, ptr, t, align)
        } else {
            self.emit(
                name,
                self.types.mem_type(ty),
                InstKind::Load {
                    ptr,
                    align: ty.align(),
                    volatile,
                },
            )
        };
        if *ty == CType::Bool {
            return self.emit(
                "tobool",
                Type::I1,
                InstKind::Cast {
                    op: CastOp::Trunc,
                    val: v,
                },
            );
        }
        v
    }

    /// Reads the object `e` designates (at `ptr`): a bit-field's bits are
    /// shifted down from its unit and sign- or zero-extended.
    pub(super) fn load_lvalue(&mut self, name: &str, e: &ast::Expr, ptr: Value) -> Value {
        let volatile = self.is_volatile(e);
        let Some((off, width)) = bitfield_of(e) else {
            return self.load(name, ptr, &e.ty, volatile);
        };
        let unit = self.load("bf.load", ptr, &e.ty, volatile);
        let ty = self.types.ir_type(&e.ty);
        let bits = ty.bits();
        if e.ty.is_signed() {
            let up = int_const(ty.clone(), i64::from(bits - off - width));
            let shl = self.bin("bf.shl", BinOp::Shl, unit, up);
            let down = int_const(ty, i64::from(bits - width));
            self.bin(name, BinOp::AShr, shl, down)
        } else {
            let down = int_const(ty.clone(), i64::from(off));
            let shr = self.bin("bf.lshr", BinOp::LShr, unit, down);
            let mask = int_const(ty, low_bits(width));
            self.bin(name, BinOp::And, shr, mask)
        }
    }

    /// Writes `val` to the object `e` designates (at `ptr`): a bit-field
    /// replaces its bits in its unit.
    pub(super) fn store_lvalue(&mut self, e: &ast::Expr, val: Value, ptr: Value) {
        let volatile = self.is_volatile(e);
        let Some((off, width)) = bitfield_of(e) else {
            self.store_volatile(val, ptr, &e.ty, volatile);
            return;
        };
        let unit = self.load("bf.load", ptr.clone(), &e.ty, volatile);
        let ty = self.types.ir_type(&e.ty);
        let field = low_bits(width);
        let v = self.bin("bf.value", BinOp::And, val, int_const(ty.clone(), field));
        let v = self.bin(
            "bf.shl",
            BinOp::Shl,
            v,
            int_const(ty.clone(), i64::from(off)),
        );
        let keep = !(field << off);
        let ty_of_unit = ty.clone();
        let cleared = self.bin("bf.clear", BinOp::And, unit, int_const(ty, keep));
        let new = self.emit(
            "bf.set",
            ty_of_unit,
            InstKind::Bin {
                op: BinOp::Or,
                lhs: cleared,
                rhs: v,
                flags: Flags::default(),
            },
        );
        self.store_volatile(new, ptr, &e.ty, volatile);
    }

    /// The address of an lvalue expression.
    pub(super) fn lvalue(&mut self, e: &ast::Expr) -> Value {
        match &e.kind {
            ExprKind::Var(id) => self.slots[*id].clone(),
            ExprKind::Global(id) => {
                // A variable in a specific space, used through a generic pointer
                // (memory-space-opt undoes the cast where it can).
                let g = &self.globals[*id];
                let space = storage_space(g.storage).unwrap_or(addrspace::GLOBAL);
                let (name, source) = (g.name.clone(), g.source_name.clone());
                self.emit(
                    &source,
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Cast {
                        op: CastOp::AddrSpaceCast,
                        val: Value::Global(name, space),
                    },
                )
            }
            ExprKind::Unary(UnOp::Deref, p) => self.rvalue(p),
            ExprKind::Index(p, i) => {
                let base = self.rvalue(p);
                let idx = self.rvalue(i);
                self.gep_index(base, idx, &i.ty, &e.ty, "arrayidx")
            }
            // A member of a struct that is an object or a temporary.
            ExprKind::Field(object, off, name) => {
                let base = self.agg(object);
                self.member(base, &object.ty, *off, name)
            }
            // A constructed object: the constructor's call, then its temporary.
            ExprKind::Comma(a, b) => {
                self.rvalue(a);
                self.lvalue(b)
            }
            // A class object's assignment: its left operand, once assigned.
            ExprKind::Assign(None, lhs, rhs) if e.ty.is_record() => {
                let src = self.agg(rhs);
                let dst = self.lvalue(lhs);
                self.set_loc(&e.span);
                self.copy(dst.clone(), src, &e.ty);
                dst
            }
            // Sema only marks the above as lvalues; anything else was reported.
            _ => Value::Undef(Type::Ptr(addrspace::GENERIC)),
        }
    }

    /// The address of a struct value: an object's own address, or a
    /// temporary (`agg.tmp`) holding a computed one.
    pub(super) fn agg(&mut self, e: &ast::Expr) -> Value {
        match &e.kind {
            _ if e.lvalue => self.lvalue(e),
            ExprKind::Field(..) => self.lvalue(e),
            ExprKind::Call(..) => self.call(e),
            ExprKind::RecordInit(members) => {
                let t = self.temp(&e.ty);
                for (off, m) in members {
                    let p = self.byte_offset(t.clone(), *off, "init");
                    self.store_expr(m, p);
                }
                t
            }
            ExprKind::Cast { expr, .. } => match expr.ty {
                // `uint3 t = threadIdx;`: the special registers.
                CType::Builtin(b) => {
                    let t = self.temp(&e.ty);
                    for (k, c) in ["x", "y", "z"].iter().enumerate() {
                        let v = self.special_reg(b, c);
                        let p = self.byte_offset(t.clone(), 4 * k as u64, c);
                        self.store(v, p, &CType::UINT);
                    }
                    t
                }
                _ => self.agg(expr),
            },
            ExprKind::Assign(None, lhs, rhs) => {
                let src = self.agg(rhs);
                let dst = self.lvalue(lhs);
                self.set_loc(&e.span);
                self.copy(dst.clone(), src, &e.ty);
                dst
            }
            ExprKind::Comma(a, b) => {
                self.rvalue(a);
                self.agg(b)
            }
            ExprKind::StmtExpr(stmts, last) => {
                for s in stmts {
                    self.stmt(s);
                }
                self.agg(last)
            }
            ExprKind::Cond(c, a, b) => {
                // Each arm copies its struct into one temporary, as clang
                // evaluates an aggregate conditional into its destination
                // (a phi of the arms' addresses would keep them in memory).
                let t = self.temp(&e.ty);
                let cv = self.condition(c);
                let t_b = self.new_block("cond.true");
                let f_b = self.new_block("cond.false");
                let end_b = self.new_block("cond.end");
                self.cond_br(cv, t_b, f_b);
                self.start(t_b);
                self.store_expr(a, t.clone());
                self.br(end_b);
                self.start(f_b);
                self.store_expr(b, t.clone());
                self.br(end_b);
                self.start(end_b);
                t
            }
            _ => Value::Undef(Type::Ptr(addrspace::GENERIC)),
        }
    }

    /// `base + idx` elements of `elem`, with the index widened to i64 as clang does.
    pub(super) fn gep_index(
        &mut self,
        base: Value,
        idx: Value,
        idx_ty: &CType,
        elem: &CType,
        name: &str,
    ) -> Value {
        let idx = self.widen_index(idx, idx_ty);
        self.emit(
            name,
            Type::Ptr(addrspace::GENERIC),
            InstKind::Gep {
                elem_ty: self.types.mem_type(elem),
                base,
                indices: vec![idx],
            },
        )
    }

    pub(super) fn widen_index(&mut self, idx: Value, idx_ty: &CType) -> Value {
        match (self.types.ir_type(idx_ty), idx) {
            (Type::I64, v) => v,
            (_, Value::Int(_, c)) => Value::i64(if idx_ty.is_signed() {
                c
            } else {
                c & 0xffff_ffff
            }),
            (_, v) => {
                let op = if idx_ty.is_signed() {
                    CastOp::SExt
                } else {
                    CastOp::ZExt
                };
                self.emit("idxprom", Type::I64, InstKind::Cast { op, val: v })
            }
        }
    }
}

/// The bits of a bit-field member expression: first bit and width.
pub(super) fn bitfield_of(e: &ast::Expr) -> Option<(u32, u32)> {
    match (&e.kind, e.ty.is_integer()) {
        (ExprKind::Field(object, _, name), true) => match &object.ty {
            CType::Record(r) => r.bitfield(name),
            _ => None,
        },
        _ => None,
    }
}

/// An integer with the low `n` bits set.
pub(super) fn low_bits(n: u32) -> i64 {
    if n >= 64 {
        -1
    } else {
        (1i64 << n) - 1
    }
}
