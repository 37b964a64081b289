//! Calls of device functions (struct arguments and results through memory),
//! through pointers, and `printf` as `vprintf`.

use super::*;

impl Gen<'_> {
    /// A call of a device function. A struct argument is passed as the
    /// address of a copy (the callee copies it again into its own variable);
    /// a struct result comes back in a temporary whose address is the
    /// call's value.
    pub(super) fn call(&mut self, e: &ast::Expr) -> Value {
        if let ExprKind::CallPtr(callee, args) = &e.kind {
            // Through a pointer (sema allows no struct argument or result).
            let callee = self.rvalue(callee);
            let args: Vec<Value> = args.iter().map(|a| self.rvalue(a)).collect();
            self.set_loc(&e.span);
            return self.emit(
                "call",
                self.types.return_type(&e.ty),
                InstKind::CallIndirect { callee, args },
            );
        }
        let ExprKind::Call(name, args) = &e.kind else {
            return Value::Undef(Type::Void);
        };
        if name == "printf" && !args.is_empty() {
            return self.printf(args);
        }
        let result = e.ty.is_record().then(|| self.temp(&e.ty));
        let mut vals: Vec<Value> = result.iter().cloned().collect();
        for a in args {
            if a.ty.is_record() {
                // A copy of its own (clang's `agg.tmp`): the argument's
                // variable does not escape into the call.
                let src = self.agg(a);
                let t = self.temp(&a.ty);
                self.copy(t.clone(), src, &a.ty);
                vals.push(t);
            } else {
                vals.push(self.rvalue(a));
            }
        }
        self.set_loc(&e.span);
        // Sema named the callee by its symbol (the overload chosen).
        let callee = Callee::Function(name.clone());
        let v = self.emit(
            "call",
            self.types.return_type(&e.ty),
            InstKind::Call { callee, args: vals },
        );
        result.unwrap_or(v)
    }

    /// `printf(fmt, args…)` in device code is `vprintf(fmt, buffer)`, as
    /// nvcc lowers it: the (already promoted) arguments are stored in a local
    /// buffer, each at an offset aligned to its size.
    pub(super) fn printf(&mut self, args: &[ast::Expr]) -> Value {
        let fmt = self.rvalue(&args[0]);
        let mut layout = Vec::new();
        let mut size = 0u64;
        for a in &args[1..] {
            let bytes = a.ty.size().unwrap_or(8).clamp(1, 8);
            size = size.div_ceil(bytes) * bytes;
            layout.push((a, size));
            size += bytes;
        }
        let buf = if layout.is_empty() {
            Value::Null(addrspace::GENERIC)
        } else {
            let words = size.div_ceil(8);
            let buf = self.temp(&CType::Array(
                Box::new(CType::Int(ast::IntKind::LongLong)),
                words,
            ));
            for (a, off) in layout {
                let v = self.rvalue(a);
                let p = self.emit(
                    "printf.arg",
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Gep {
                        elem_ty: Type::I8,
                        base: buf.clone(),
                        indices: vec![Value::i64(off as i64)],
                    },
                );
                self.store(v, p, &a.ty);
            }
            buf
        };
        self.emit(
            "call",
            Type::I32,
            InstKind::Call {
                callee: Callee::Function("vprintf".into()),
                args: vec![fmt, buf],
            },
        )
    }
}
