//! Expressions: values, conditions, increments, logical and binary
//! operators, and conversions between C types.

use super::*;

impl Gen<'_> {
    /// `lhs op rhs`, integers of the type of `rhs` (or `lhs` when `rhs`
    /// is not a constant).
    pub(super) fn bin(&mut self, name: &str, op: BinOp, lhs: Value, rhs: Value) -> Value {
        let ty = match (&rhs, &lhs) {
            (Value::Int(t, _), _) | (_, Value::Int(t, _)) => t.clone(),
            _ => Type::I32,
        };
        self.emit(
            name,
            ty,
            InstKind::Bin {
                op,
                lhs,
                rhs,
                flags: Flags::default(),
            },
        )
    }

    /// An expression as an `i1` truth value.
    pub(super) fn condition(&mut self, e: &ast::Expr) -> Value {
        self.set_loc(&e.span);
        let v = self.rvalue(e);
        self.truth_value(v, &e.ty)
    }

    pub(super) fn truth_value(&mut self, v: Value, ty: &CType) -> Value {
        match ty {
            CType::Bool => v,
            CType::Float | CType::Double => {
                let zero = if *ty == CType::Float {
                    Value::f32(0.0)
                } else {
                    Value::f64(0.0)
                };
                self.emit(
                    "tobool",
                    Type::I1,
                    InstKind::FCmp {
                        pred: FCmp::Une,
                        lhs: v,
                        rhs: zero,
                    },
                )
            }
            CType::Ptr { .. } => self.emit(
                "tobool",
                Type::I1,
                InstKind::ICmp {
                    pred: ICmp::Ne,
                    lhs: v,
                    rhs: Value::Null(addrspace::GENERIC),
                },
            ),
            t => {
                let it = self.types.ir_type(t);
                self.emit(
                    "tobool",
                    Type::I1,
                    InstKind::ICmp {
                        pred: ICmp::Ne,
                        lhs: v,
                        rhs: Value::Int(it, 0),
                    },
                )
            }
        }
    }

    /// The value of an expression; for a struct, the address of its value.
    pub(super) fn rvalue(&mut self, e: &ast::Expr) -> Value {
        if e.ty.is_record() {
            return self.agg(e);
        }
        match &e.kind {
            ExprKind::IntLit(v) => match &e.ty {
                CType::Ptr { .. } => Value::Null(addrspace::GENERIC),
                t => int_const(self.types.ir_type(t), *v as i64),
            },
            ExprKind::FloatLit(v) => match e.ty {
                CType::Float => Value::f32(*v as f32),
                _ => Value::f64(*v),
            },
            ExprKind::BoolLit(b) => Value::bool(*b),
            ExprKind::StrLit(bytes) => self.string(bytes),
            ExprKind::Var(id) => {
                let name = self.src.locals[*id].name.clone();
                let ptr = self.slots[*id].clone();
                let volatile = self.is_volatile(e);
                self.load(&name, ptr, &e.ty, volatile)
            }
            ExprKind::SpecialReg(b, comp) => self.special_reg(*b, ["x", "y", "z"][*comp as usize]),
            ExprKind::Global(id) => {
                let name = self.globals[*id].source_name.clone();
                let ptr = self.lvalue(e);
                let volatile = self.is_volatile(e);
                self.load(&name, ptr, &e.ty, volatile)
            }
            ExprKind::Index(..) | ExprKind::Unary(UnOp::Deref, _) => {
                let ptr = self.lvalue(e);
                let name = if matches!(e.kind, ExprKind::Index(..)) {
                    "arrayval"
                } else {
                    "deref"
                };
                let volatile = self.is_volatile(e);
                self.load(name, ptr, &e.ty, volatile)
            }
            ExprKind::Unary(UnOp::AddrOf, inner) => self.lvalue(inner),
            ExprKind::Unary(
                op @ (UnOp::PreInc | UnOp::PreDec | UnOp::PostInc | UnOp::PostDec),
                inner,
            ) => {
                let ptr = self.lvalue(inner);
                let name = match &inner.kind {
                    ExprKind::Var(id) => self.src.locals[*id].name.clone(),
                    _ => "val".to_string(),
                };
                let old = self.load_lvalue(&name, inner, ptr.clone());
                let inc = matches!(op, UnOp::PreInc | UnOp::PostInc);
                let new = self.step(old.clone(), &inner.ty, inc);
                self.store_lvalue(inner, new.clone(), ptr);
                if matches!(op, UnOp::PreInc | UnOp::PreDec) {
                    new
                } else {
                    old
                }
            }
            ExprKind::Unary(UnOp::Not, inner) => {
                let v = self.rvalue(inner);
                let b = self.truth_value(v, &inner.ty);
                self.emit(
                    "lnot",
                    Type::I1,
                    InstKind::Bin {
                        op: BinOp::Xor,
                        lhs: b,
                        rhs: Value::bool(true),
                        flags: Flags::default(),
                    },
                )
            }
            ExprKind::Unary(UnOp::Plus, inner) => self.rvalue(inner),
            ExprKind::Unary(UnOp::Neg, inner) => {
                let v = self.rvalue(inner);
                let ty = self.types.ir_type(&e.ty);
                if ty.is_float() {
                    // `-0.25` is a constant, as clang's constant evaluator makes it.
                    match crate::ir::fold::fneg(&v) {
                        Some(c) => c,
                        None => self.emit("fneg", ty, InstKind::FNeg(v)),
                    }
                } else {
                    let flags = Flags {
                        nsw: e.ty.is_signed(),
                        ..Default::default()
                    };
                    self.emit(
                        "sub",
                        ty.clone(),
                        InstKind::Bin {
                            op: BinOp::Sub,
                            lhs: Value::Int(ty, 0),
                            rhs: v,
                            flags,
                        },
                    )
                }
            }
            ExprKind::Unary(UnOp::BitNot, inner) => {
                let v = self.rvalue(inner);
                let ty = self.types.ir_type(&e.ty);
                self.emit(
                    "not",
                    ty.clone(),
                    InstKind::Bin {
                        op: BinOp::Xor,
                        lhs: v,
                        rhs: Value::Int(ty, -1),
                        flags: Flags::default(),
                    },
                )
            }
            ExprKind::Binary(AstBin::LogAnd | AstBin::LogOr, ..) => self.logical(e),
            ExprKind::Binary(op, a, b) => {
                let av = self.rvalue(a);
                let bv = self.rvalue(b);
                self.set_loc(&e.span);
                self.binary(*op, av, &a.ty, bv, &b.ty)
            }
            ExprKind::Assign(op, lhs, rhs) => {
                let rv = self.rvalue(rhs);
                let ptr = self.lvalue(lhs);
                self.set_loc(&e.span);
                let val = match op {
                    None => rv,
                    Some(op) => {
                        let name = match &lhs.kind {
                            ExprKind::Var(id) => self.src.locals[*id].name.clone(),
                            _ => "val".to_string(),
                        };
                        let old = self.load_lvalue(&name, lhs, ptr.clone());
                        if lhs.ty.is_pointer() {
                            self.binary(*op, old, &lhs.ty, rv, &rhs.ty)
                        } else {
                            // Compute in the type of `lhs op rhs` (sema converted the right
                            // operand to it; a shift computes in the promoted left type),
                            // then convert back.
                            let comp = if matches!(op, AstBin::Shl | AstBin::Shr) {
                                crate::frontend::sema::promote(&lhs.ty)
                            } else {
                                rhs.ty.clone()
                            };
                            let wide = self.convert(old, &lhs.ty, &comp);
                            let r = self.binary(*op, wide, &comp, rv, &rhs.ty);
                            self.convert(r, &comp, &lhs.ty)
                        }
                    }
                };
                self.store_lvalue(lhs, val.clone(), ptr);
                val
            }
            ExprKind::Cond(c, a, b) => {
                let cv = self.condition(c);
                let t_b = self.new_block("cond.true");
                let f_b = self.new_block("cond.false");
                let end_b = self.new_block("cond.end");
                self.cond_br(cv, t_b, f_b);
                self.start(t_b);
                let av = self.rvalue(a);
                let a_end = self.block();
                self.br(end_b);
                self.start(f_b);
                let bv = self.rvalue(b);
                let b_end = self.block();
                self.br(end_b);
                self.start(end_b);
                if e.ty == CType::Void {
                    return Value::Undef(Type::Void);
                }
                self.emit(
                    "cond",
                    self.types.ir_type(&e.ty),
                    InstKind::Phi {
                        incoming: vec![(av, a_end), (bv, b_end)],
                    },
                )
            }
            ExprKind::Comma(a, b) => {
                self.rvalue(a);
                self.rvalue(b)
            }
            ExprKind::StmtExpr(stmts, last) => {
                for s in stmts {
                    self.stmt(s);
                }
                self.rvalue(last)
            }
            ExprKind::Call(..) | ExprKind::CallPtr(..) => self.call(e),
            // A function's address: `@f`, a generic pointer.
            ExprKind::FuncAddr(symbol) => Value::Global(symbol.clone(), addrspace::GENERIC),
            ExprKind::Field(_, _, name) => {
                let ptr = self.lvalue(e);
                self.load_lvalue(name, e, ptr)
            }
            ExprKind::BuiltinCall(index, _, args) => {
                let vals: Vec<Value> = args.iter().map(|a| self.rvalue(a)).collect();
                self.set_loc(&e.span);
                self.builtin(*index, args, vals, &e.ty)
            }
            ExprKind::Cast { expr, .. } => {
                if let CType::Array(..) = expr.ty {
                    // Array-to-pointer decay: the array's address is its first element's.
                    return self.lvalue(expr);
                }
                let v = self.rvalue(expr);
                self.convert(v, &expr.ty, &e.ty)
            }
            ExprKind::SizeofType(t) => {
                int_const(self.types.ir_type(&e.ty), t.size().unwrap_or(0) as i64)
            }
            ExprKind::Ident(_)
            | ExprKind::TemplateCall(..)
            | ExprKind::Builtin(_)
            | ExprKind::Member(..)
            | ExprKind::Arrow(..)
            | ExprKind::NamedCast(..)
            | ExprKind::Construct(..)
            | ExprKind::MemberCall(..)
            | ExprKind::Lambda(_)
            | ExprKind::InitItem(_)
            | ExprKind::RecordInit(_) => Value::Undef(self.types.ir_type(&e.ty)),
        }
    }

    /// `++`/`--` on a scalar of type `ty`.
    pub(super) fn step(&mut self, v: Value, ty: &CType, inc: bool) -> Value {
        let name = if inc { "inc" } else { "dec" };
        match ty {
            CType::Ptr { pointee, .. } => {
                let d = if inc { 1 } else { -1 };
                self.emit(
                    if inc { "incdec.ptr" } else { "decdec.ptr" },
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Gep {
                        elem_ty: self.types.mem_type(pointee),
                        base: v,
                        indices: vec![Value::i64(d)],
                    },
                )
            }
            CType::Float | CType::Double => {
                let one = if *ty == CType::Float {
                    Value::f32(1.0)
                } else {
                    Value::f64(1.0)
                };
                let op = if inc { BinOp::FAdd } else { BinOp::FSub };
                self.emit(
                    name,
                    self.types.ir_type(ty),
                    InstKind::Bin {
                        op,
                        lhs: v,
                        rhs: one,
                        flags: Flags::default(),
                    },
                )
            }
            CType::Bool => Value::bool(inc),
            t => {
                let it = self.types.ir_type(t);
                let op = if inc { BinOp::Add } else { BinOp::Sub };
                let flags = Flags {
                    nsw: t.is_signed(),
                    ..Default::default()
                };
                self.emit(
                    name,
                    it.clone(),
                    InstKind::Bin {
                        op,
                        lhs: v,
                        rhs: Value::Int(it, 1),
                        flags,
                    },
                )
            }
        }
    }

    pub(super) fn logical(&mut self, e: &ast::Expr) -> Value {
        let ExprKind::Binary(op, a, b) = &e.kind else {
            unreachable!("logical() is called on && and ||")
        };
        let is_and = *op == AstBin::LogAnd;
        let av = self.condition(a);
        let from = self.block();
        let rhs_b = self.new_block(if is_and { "land.rhs" } else { "lor.rhs" });
        let end_b = self.new_block(if is_and { "land.end" } else { "lor.end" });
        if is_and {
            self.cond_br(av, rhs_b, end_b);
        } else {
            self.cond_br(av, end_b, rhs_b);
        }
        self.start(rhs_b);
        let bv = self.condition(b);
        let rhs_end = self.block();
        self.br(end_b);
        self.start(end_b);
        let short = Value::bool(!is_and);
        self.emit(
            if is_and { "land" } else { "lor" },
            Type::I1,
            InstKind::Phi {
                incoming: vec![(short, from), (bv, rhs_end)],
            },
        )
    }

    pub(super) fn binary(
        &mut self,
        op: AstBin,
        a: Value,
        aty: &CType,
        b: Value,
        bty: &CType,
    ) -> Value {
        // Pointer arithmetic.
        if let CType::Ptr { pointee, .. } = aty {
            if bty.is_integer() {
                let idx = if op == AstBin::Sub {
                    let it = self.types.ir_type(bty);
                    self.emit(
                        "idx.neg",
                        it.clone(),
                        InstKind::Bin {
                            op: BinOp::Sub,
                            lhs: Value::Int(it, 0),
                            rhs: b,
                            flags: Flags::default(),
                        },
                    )
                } else {
                    b
                };
                return self.gep_index(a, idx, bty, pointee, "add.ptr");
            }
            if op == AstBin::Sub {
                let size = pointee.size().unwrap_or(1).max(1) as i64;
                let ai = self.emit(
                    "sub.ptr.lhs.cast",
                    Type::I64,
                    InstKind::Cast {
                        op: CastOp::PtrToInt,
                        val: a,
                    },
                );
                let bi = self.emit(
                    "sub.ptr.rhs.cast",
                    Type::I64,
                    InstKind::Cast {
                        op: CastOp::PtrToInt,
                        val: b,
                    },
                );
                let d = self.emit(
                    "sub.ptr.sub",
                    Type::I64,
                    InstKind::Bin {
                        op: BinOp::Sub,
                        lhs: ai,
                        rhs: bi,
                        flags: Flags::default(),
                    },
                );
                if size == 1 {
                    return d;
                }
                let flags = Flags {
                    exact: true,
                    ..Default::default()
                };
                return self.emit(
                    "sub.ptr.div",
                    Type::I64,
                    InstKind::Bin {
                        op: BinOp::SDiv,
                        lhs: d,
                        rhs: Value::i64(size),
                        flags,
                    },
                );
            }
            // Pointers compare as unsigned addresses.
            let pred = int_predicate(op, false);
            return self.emit(
                "cmp",
                Type::I1,
                InstKind::ICmp {
                    pred,
                    lhs: a,
                    rhs: b,
                },
            );
        }
        let ty = self.types.ir_type(aty);
        let signed = aty.is_signed();
        if aty.is_float() {
            if op.is_comparison() {
                let pred = match op {
                    AstBin::Lt => FCmp::Olt,
                    AstBin::Le => FCmp::Ole,
                    AstBin::Gt => FCmp::Ogt,
                    AstBin::Ge => FCmp::Oge,
                    AstBin::Eq => FCmp::Oeq,
                    _ => FCmp::Une,
                };
                return self.emit(
                    "cmp",
                    Type::I1,
                    InstKind::FCmp {
                        pred,
                        lhs: a,
                        rhs: b,
                    },
                );
            }
            let (bop, name) = match op {
                AstBin::Add => (BinOp::FAdd, "add"),
                AstBin::Sub => (BinOp::FSub, "sub"),
                AstBin::Mul => (BinOp::FMul, "mul"),
                AstBin::Div => (BinOp::FDiv, "div"),
                _ => (BinOp::FRem, "rem"),
            };
            // nvcc lets a*b+c become an fma when -fmad=true.
            let flags = Flags {
                contract: self.opts.fmad,
                ..Default::default()
            };
            return self.emit(
                name,
                ty,
                InstKind::Bin {
                    op: bop,
                    lhs: a,
                    rhs: b,
                    flags,
                },
            );
        }
        if op.is_comparison() {
            let pred = int_predicate(op, signed);
            return self.emit(
                "cmp",
                Type::I1,
                InstKind::ICmp {
                    pred,
                    lhs: a,
                    rhs: b,
                },
            );
        }
        let nsw = Flags {
            nsw: signed,
            ..Default::default()
        };
        let (bop, name, flags) = match op {
            AstBin::Add => (BinOp::Add, "add", nsw),
            AstBin::Sub => (BinOp::Sub, "sub", nsw),
            AstBin::Mul => (BinOp::Mul, "mul", nsw),
            AstBin::Div => (
                if signed { BinOp::SDiv } else { BinOp::UDiv },
                "div",
                Flags::default(),
            ),
            AstBin::Rem => (
                if signed { BinOp::SRem } else { BinOp::URem },
                "rem",
                Flags::default(),
            ),
            AstBin::Shl => (BinOp::Shl, "shl", Flags::default()),
            AstBin::Shr => (
                if signed { BinOp::AShr } else { BinOp::LShr },
                "shr",
                Flags::default(),
            ),
            AstBin::BitAnd => (BinOp::And, "and", Flags::default()),
            AstBin::BitOr => (BinOp::Or, "or", Flags::default()),
            _ => (BinOp::Xor, "xor", Flags::default()),
        };
        // A shift count has its own type; C shifts it to the left's width.
        let b = if matches!(op, AstBin::Shl | AstBin::Shr) {
            self.convert(b, bty, aty)
        } else {
            b
        };
        self.emit(
            name,
            ty,
            InstKind::Bin {
                op: bop,
                lhs: a,
                rhs: b,
                flags,
            },
        )
    }

    /// Converts a value between C scalar types.
    pub(super) fn convert(&mut self, v: Value, from: &CType, to: &CType) -> Value {
        if from == to || *to == CType::Void {
            return v;
        }
        if *to == CType::Bool {
            return self.truth_value(v, from);
        }
        let (ft, tt) = (self.types.ir_type(from), self.types.ir_type(to));
        let op = match (from, to) {
            (CType::Ptr { .. }, CType::Ptr { .. }) => return v,
            (CType::Bool, t) if t.is_integer() => CastOp::ZExt,
            (CType::Bool, t) if t.is_float() => CastOp::UIToFP,
            (f, t) if f.is_integer() && t.is_integer() => match ft.bits().cmp(&tt.bits()) {
                std::cmp::Ordering::Equal => return retype(v, tt),
                std::cmp::Ordering::Greater => CastOp::Trunc,
                std::cmp::Ordering::Less if f.is_signed() => CastOp::SExt,
                std::cmp::Ordering::Less => CastOp::ZExt,
            },
            (f, t) if f.is_integer() && t.is_float() => {
                if f.is_signed() {
                    CastOp::SIToFP
                } else {
                    CastOp::UIToFP
                }
            }
            (f, t) if f.is_float() && t.is_integer() => {
                if t.is_signed() {
                    CastOp::FPToSI
                } else {
                    CastOp::FPToUI
                }
            }
            (CType::Float, CType::Double) => CastOp::FPExt,
            (CType::Double, CType::Float) => CastOp::FPTrunc,
            (f, CType::Ptr { .. }) if f.is_integer() => {
                if let Value::Int(_, 0) = v {
                    return Value::Null(addrspace::GENERIC);
                }
                let wide = self.convert(v, from, &CType::Int(ast::IntKind::Long));
                return self.emit(
                    "conv",
                    tt,
                    InstKind::Cast {
                        op: CastOp::IntToPtr,
                        val: wide,
                    },
                );
            }
            (CType::Ptr { .. }, t) if t.is_integer() => {
                let i = self.emit(
                    "conv",
                    Type::I64,
                    InstKind::Cast {
                        op: CastOp::PtrToInt,
                        val: v,
                    },
                );
                return self.convert(i, &CType::Int(ast::IntKind::Long), to);
            }
            _ => return v,
        };
        if let Some(c) = crate::ir::fold::cast(op, &v, &ft, &tt) {
            return c;
        }
        self.emit("conv", tt, InstKind::Cast { op, val: v })
    }
}

/// The `icmp` predicate of a C comparison on integers (or pointers, unsigned).
pub(super) fn int_predicate(op: AstBin, signed: bool) -> ICmp {
    match (op, signed) {
        (AstBin::Lt, true) => ICmp::Slt,
        (AstBin::Lt, false) => ICmp::Ult,
        (AstBin::Le, true) => ICmp::Sle,
        (AstBin::Le, false) => ICmp::Ule,
        (AstBin::Gt, true) => ICmp::Sgt,
        (AstBin::Gt, false) => ICmp::Ugt,
        (AstBin::Ge, true) => ICmp::Sge,
        (AstBin::Ge, false) => ICmp::Uge,
        (AstBin::Eq, _) => ICmp::Eq,
        _ => ICmp::Ne,
    }
}

pub(super) fn retype(v: Value, ty: Type) -> Value {
    match v {
        Value::Int(_, c) => int_const(ty, c),
        v => v,
    }
}
