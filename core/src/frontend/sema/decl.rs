//! Sema's variable declarations: a namespace-scope variable's initializer
//! (evaluated to constants), a block-scope declaration (typed, initialized,
//! constructed), a function-local `__shared__` variable (static storage,
//! named as nvcc names it).

use super::*;

impl<'a> Checker<'a> {
    /// Types a namespace-scope variable's initializer and evaluates it.
    pub(super) fn global_initializer(&mut self, g: &mut GlobalVar) {
        if g.storage != Storage::Host {
            return self.constant_initializer(g);
        }
        // A host variable's initializer may be host code (`std::string
        // name = "x";`, `int n = f();`): when it is not a constant, the
        // host runs it and it is none of the device's business.
        let before = self.diags.len();
        self.constant_initializer(g);
        if self.diags[before..].iter().any(|d| d.is_error()) {
            self.diags.truncate(before);
            g.init_values.clear();
            if g.ty == CType::Auto {
                g.ty = CType::INT;
            }
        }
    }

    /// A namespace-scope variable's constant initializer: its scalars'
    /// values by offset (`auto` takes the initializer's type).
    fn constant_initializer(&mut self, g: &mut GlobalVar) {
        let Some(init) = g.init.take() else { return };
        if g.ty == CType::Auto {
            if let Initializer::Expr(e) = &init {
                let e = self.expr(e.clone());
                g.ty = self.decay(e).ty;
            }
        }
        let ty = g.ty.clone();
        let (ty, exprs) = self.initializer_elements(init, &ty);
        g.ty = ty;
        for (off, e) in exprs {
            // A function's address: a pointer in an array of them (a struct
            // variable's bytes have no place for a symbol).
            if let ExprKind::FuncAddr(symbol) = &e.kind {
                if g.ty.is_record() || matches!(&g.ty, CType::Array(elem, _) if elem.is_record()) {
                    self.err(
                        &e.span,
                        "a function's address in the initializer of a struct variable is not supported yet",
                    );
                    return;
                }
                g.init_functions.push((off, symbol.clone()));
                g.init_values.push((off, e.ty.clone(), Scalar::Int(0)));
                continue;
            }
            match const_eval(&e) {
                Some(v) if e.ty.is_scalar() => g.init_values.push((off, e.ty.clone(), v)),
                _ => {
                    self.err(&e.span, "expression must have a constant value");
                    return;
                }
            }
        }
    }

    /// A function-local `__shared__` variable: static storage, named as nvcc
    /// names it (`_ZZ6reduceE5sdata`).
    fn declare_shared(&mut self, d: &mut VarDecl) {
        let encoding = match self.function_symbol.strip_prefix("_Z") {
            Some(e) => e.to_string(),
            None => format!("{}{}", self.function_symbol.len(), self.function_symbol),
        };
        // `extern __shared__` names the one dynamic shared array, unmangled.
        let symbol = if d.external {
            d.name.clone()
        } else {
            format!("_ZZ{encoding}E{}{}", d.name.len(), d.name)
        };
        let id = self.globals.len();
        self.globals.push(GlobalVar {
            name: symbol,
            source_name: d.name.clone(),
            ty: d.ty.clone(),
            storage: Storage::Shared,
            init: None,
            init_values: Vec::new(),
            init_functions: Vec::new(),
            external: d.external,
            span: d.span.clone(),
            align: d.align,
            volatile: d.volatile,
            vtable: None,
        });
        d.local = id;
        self.bind(&d.name.clone(), Binding::Global(id), &d.span.clone());
    }

    /// A block-scope declaration's variables: each declared, typed and
    /// initialized (a `__shared__` one has static storage).
    pub(super) fn local_declarations(&mut self, decls: &mut [VarDecl]) {
        for d in decls {
            if d.storage == Storage::Shared {
                if !self.space.on_device() {
                    self.err(
                        &d.span,
                        "a __shared__ variable is only allowed in device code",
                    );
                }
                self.declare_shared(d);
                continue;
            }
            if d.ty.is_deduced() && !is_placeholder(&d.ty) {
                d.ty = self.resolve_type(&d.ty, &d.span);
            }
            let how = self.cxx_declaration(d);
            let done = !matches!(how, classes::DeclInit::Plain);
            // An object of class type is declared before its
            // list: its default member initializers may read it.
            // C++: a variable is in scope from its declarator on, so its
            // own initializer may name it (`T (*p)[N] =
            // reinterpret_cast<decltype(p)>(q);`).
            let early = d.init_list.is_some()
                && (d.ty.is_record()
                    || matches!(&d.ty, CType::Array(e, n) if *n > 0 && self.needs_init(e, 0)))
                || !done
                    && d.init.is_some()
                    && !d.ty.is_deduced()
                    && !d.ty.is_ref()
                    && d.ty.size().is_some();
            if early {
                d.local = self.declare(&d.name, d.ty.clone(), &d.span);
                self.locals[d.local].volatile = d.volatile;
            }
            if let Some(list) = d.init_list.take() {
                if early {
                    self.init_target = Some(self.local_value(d.local, d.span.clone()));
                }
                let (ty, elems) = self.initializer_elements(list, &d.ty.clone());
                self.init_target = None;
                d.ty = ty;
                d.list = Some(elems);
            }
            if d.ty == CType::Void || d.ty.size().is_none() {
                self.err(
                    &d.span,
                    format!("incomplete type \"{}\" is not allowed", d.ty),
                );
            }
            if let Some(init) = if done { None } else { d.init.take() } {
                d.init = Some(match d.ty.clone() {
                    CType::Ref { pointee, konst } => {
                        let init = self.expr(init);
                        self.bind_ref(init, &pointee, konst, "initialize an entity")
                    }
                    ty => {
                        let init = self.rvalue_for(init, &ty);
                        self.assign_convert(init, &ty, "initialize an entity")
                    }
                });
            }
            if !early {
                d.local = self.declare(&d.name, d.ty.clone(), &d.span);
                self.locals[d.local].volatile = d.volatile;
            }
            let object = self.local_value(d.local, d.span.clone());
            d.construct = match how {
                classes::DeclInit::InPlace(args, braced) => {
                    self.init_object(object, args, braced, &d.span)
                }
                classes::DeclInit::Default => self.default_init(object, &d.span, 0),
                _ => Vec::new(),
            };
            if d.konst {
                self.const_locals.insert(d.local);
            }
        }
    }
}
