//! Statements: declarations, control flow (loops with their unroll hints,
//! switch, goto) and returns.

use super::*;

impl Gen<'_> {
    pub(super) fn stmt(&mut self, s: &ast::Stmt) {
        self.set_loc(&s.span);
        match &s.kind {
            StmtKind::Compound(stmts) => {
                for s in stmts {
                    self.stmt(s);
                }
            }
            StmtKind::Decl(decls) => {
                for d in decls {
                    if d.storage == ast::Storage::Shared {
                        continue; // static storage: a module global
                    }
                    self.set_loc(&d.span);
                    if let Some(init) = &d.init {
                        let ptr = self.slots[d.local].clone();
                        if d.volatile && !init.ty.is_record() {
                            let v = self.rvalue(init);
                            self.store_volatile(v, ptr, &init.ty, true);
                        } else {
                            self.store_expr(init, ptr);
                        }
                    }
                    if let Some(elems) = &d.list {
                        // Each value goes to its offset in the object: an
                        // array of scalars by element index, else by bytes.
                        let base = self.slots[d.local].clone();
                        let elem = base_type(&d.ty).clone();
                        let size = elem.size().unwrap_or(1).max(1);
                        for (off, e) in elems {
                            let ptr = if matches!(d.ty, CType::Array(..)) && e.ty == elem {
                                self.emit(
                                    "arrayinit",
                                    Type::Ptr(addrspace::GENERIC),
                                    InstKind::Gep {
                                        elem_ty: self.types.mem_type(&elem),
                                        base: base.clone(),
                                        indices: vec![Value::i64((off / size) as i64)],
                                    },
                                )
                            } else {
                                self.byte_offset(base.clone(), *off, "init")
                            };
                            self.store_expr(e, ptr);
                        }
                    }
                    for e in &d.construct {
                        self.rvalue(e);
                    }
                }
            }
            StmtKind::Expr(e) => {
                self.rvalue(e);
            }
            StmtKind::Empty => {}
            StmtKind::Asm(a) => self.inline_asm(a),
            StmtKind::If(c, then, els) => {
                let then_b = self.new_block("if.then");
                let end_b = self.new_block("if.end");
                let else_b = if els.is_some() {
                    self.new_block("if.else")
                } else {
                    end_b
                };
                let cv = self.condition(c);
                self.cond_br(cv, then_b, else_b);
                self.start(then_b);
                self.stmt(then);
                self.br(end_b);
                if let Some(e) = els {
                    self.start(else_b);
                    self.stmt(e);
                    self.br(end_b);
                }
                self.start(end_b);
            }
            StmtKind::While(c, body, unroll) => {
                let cond_b = self.new_block("while.cond");
                let body_b = self.new_block("while.body");
                let end_b = self.new_block("while.end");
                self.br(cond_b);
                self.start(cond_b);
                let cv = self.condition(c);
                self.cond_br(cv, body_b, end_b);
                self.start(body_b);
                self.loops.push(LoopTargets {
                    brk: end_b,
                    cont: Some(cond_b),
                });
                self.stmt(body);
                self.loops.pop();
                let latch = self.cur;
                self.br(cond_b);
                self.hint(latch, *unroll);
                self.start(end_b);
            }
            StmtKind::DoWhile(body, c, unroll) => {
                let body_b = self.new_block("do.body");
                let cond_b = self.new_block("do.cond");
                let end_b = self.new_block("do.end");
                self.br(body_b);
                self.start(body_b);
                self.loops.push(LoopTargets {
                    brk: end_b,
                    cont: Some(cond_b),
                });
                self.stmt(body);
                self.loops.pop();
                self.br(cond_b);
                self.start(cond_b);
                let cv = self.condition(c);
                let latch = self.cur;
                self.cond_br(cv, body_b, end_b);
                self.hint(latch, *unroll);
                self.start(end_b);
            }
            StmtKind::For {
                init,
                cond,
                step,
                body,
                unroll,
            } => {
                if let Some(i) = init {
                    self.stmt(i);
                }
                let cond_b = self.new_block("for.cond");
                let body_b = self.new_block("for.body");
                let inc_b = self.new_block("for.inc");
                let end_b = self.new_block("for.end");
                self.br(cond_b);
                self.start(cond_b);
                match cond {
                    Some(c) => {
                        let cv = self.condition(c);
                        self.cond_br(cv, body_b, end_b);
                    }
                    None => self.br(body_b),
                }
                self.start(body_b);
                self.loops.push(LoopTargets {
                    brk: end_b,
                    cont: Some(inc_b),
                });
                self.stmt(body);
                self.loops.pop();
                self.br(inc_b);
                self.start(inc_b);
                if let Some(st) = step {
                    self.set_loc(&st.span);
                    self.rvalue(st);
                }
                let latch = self.cur;
                self.br(cond_b);
                self.hint(latch, *unroll);
                self.start(end_b);
            }
            StmtKind::Return(Some(e)) if e.ty.is_record() => {
                // Into the caller's memory, through `%agg.result`.
                self.store_expr(e, Value::Arg(0));
                self.emit("", Type::Void, InstKind::Ret { val: None });
            }
            StmtKind::Return(e) => {
                let val = e.as_ref().map(|e| self.rvalue(e));
                self.emit("", Type::Void, InstKind::Ret { val });
            }
            StmtKind::Break => {
                if let Some(t) = self.loops.last() {
                    let b = t.brk;
                    self.br(b);
                    self.cur = None;
                }
            }
            StmtKind::Continue => {
                if let Some(b) = self.loops.iter().rev().find_map(|t| t.cont) {
                    self.br(b);
                    self.cur = None;
                }
            }
            StmtKind::Switch(c, body) => self.switch(c, body),
            StmtKind::Case(_) | StmtKind::Default => {
                // The next block of the innermost switch, in label order.
                let Some(sw) = self.switches.last_mut() else {
                    return;
                };
                let Some(&b) = sw.blocks.get(sw.next) else {
                    return;
                };
                sw.next += 1;
                self.br(b);
                self.start(b);
            }
            StmtKind::Label(name) => {
                let b = self.label_block(name);
                self.br(b);
                self.start(b);
            }
            StmtKind::Goto(name) => {
                let b = self.label_block(name);
                self.br(b);
                self.cur = None;
            }
        }
    }

    /// The block a `goto` label names (clang names it after the label).
    pub(super) fn label_block(&mut self, name: &str) -> BlockId {
        if let Some(&b) = self.labels.get(name) {
            return b;
        }
        let b = self.new_block(name);
        self.labels.insert(name.to_string(), b);
        b
    }

    /// A switch as clang emits it: one `switch` on the value, to the case
    /// blocks (`sw.bb`, in label order, falling through to the next) and to
    /// `sw.default`, or past the switch to `sw.epilog`.
    pub(super) fn switch(&mut self, c: &ast::Expr, body: &ast::Stmt) {
        let mut labels = Vec::new();
        collect_case_labels(body, &mut labels);
        let v = self.rvalue(c);
        let ty = self.types.ir_type(&c.ty);
        let epilog = self.new_block("sw.epilog");
        let blocks: Vec<BlockId> = labels
            .iter()
            .map(|l| self.new_block(if l.is_some() { "sw.bb" } else { "sw.default" }))
            .collect();
        let default = labels
            .iter()
            .position(|l| l.is_none())
            .map_or(epilog, |k| blocks[k]);
        let mut cases: Vec<(i64, BlockId)> = Vec::new();
        for (l, b) in labels.iter().zip(&blocks) {
            let Some(value) = l else { continue };
            let value = int_const(ty.clone(), *value).as_int().unwrap_or(0);
            // A repeated value (diagnosed by sema) keeps its first block.
            if !cases.iter().any(|(x, _)| *x == value) {
                cases.push((value, *b));
            }
        }
        self.emit(
            "",
            Type::Void,
            InstKind::Switch {
                val: v,
                default,
                cases,
            },
        );
        self.switches.push(SwitchBlocks { blocks, next: 0 });
        self.loops.push(LoopTargets {
            brk: epilog,
            cont: None,
        });
        self.stmt(body);
        self.loops.pop();
        self.switches.pop();
        self.br(epilog);
        self.start(epilog);
    }

    pub(super) fn hint(&mut self, latch: Option<BlockId>, unroll: Option<ast::Unroll>) {
        if let (Some(latch), Some(u)) = (latch, unroll) {
            let unroll = match u {
                ast::Unroll::Full => 0,
                ast::Unroll::Count(n) => n.max(1),
            };
            self.f.loop_hints.push(LoopHint { latch, unroll });
        }
    }
}

/// The case labels of a switch body in order (`None`: `default`), not
/// looking into nested switches.
pub(super) fn collect_case_labels(s: &ast::Stmt, out: &mut Vec<Option<i64>>) {
    match &s.kind {
        StmtKind::Case(e) => out.push(Some(match e.kind {
            ExprKind::IntLit(v) => v as i64,
            _ => 0,
        })),
        StmtKind::Default => out.push(None),
        StmtKind::Compound(stmts) => {
            for s in stmts {
                collect_case_labels(s, out);
            }
        }
        StmtKind::If(_, a, b) => {
            collect_case_labels(a, out);
            if let Some(b) = b {
                collect_case_labels(b, out);
            }
        }
        StmtKind::While(_, body, _) | StmtKind::DoWhile(body, _, _) => {
            collect_case_labels(body, out)
        }
        StmtKind::For { init, body, .. } => {
            if let Some(i) = init {
                collect_case_labels(i, out);
            }
            collect_case_labels(body, out);
        }
        _ => {}
    }
}
