//! A function body: its blocks and instructions, operands with forward
//! references, and the checks made when the function ends.

use super::*;

impl Parser {
    pub(super) fn body(&mut self, f: Function, open: &Token) -> PResult<Function> {
        let mut st = FnState {
            values: f
                .params
                .iter()
                .enumerate()
                .filter(|(_, p)| !p.name.is_empty())
                .map(|(i, p)| (p.name.clone(), (Value::Arg(i as u32), p.ty.clone())))
                .collect(),
            f,
            blocks: HashMap::default(),
            order: Vec::new(),
            forward: Vec::new(),
            cur: None,
        };
        loop {
            let t = self.peek().clone();
            match &t.tok {
                Tok::Punct('}') => {
                    self.bump();
                    break;
                }
                Tok::Eof => {
                    return Err(error_at(
                        &t,
                        format!(
                            "expected '}}' to close @{} (opened at line {})",
                            st.f.name, open.line
                        ),
                    ))
                }
                Tok::Word(w) if w == "define" || w == "declare" => {
                    return Err(error_at(
                        &t,
                        format!("expected '}}' to close @{} before '{w}'", st.f.name),
                    ))
                }
                Tok::Word(w) if self.peek_at(1).tok == Tok::Punct(':') => {
                    let w = w.clone();
                    self.bump();
                    self.bump();
                    self.label(&mut st, &w, &t)?;
                }
                _ => self.inst(&mut st)?,
            }
        }
        if st.order.is_empty() {
            return Err(error_at(
                open,
                format!("@{} has a body with no blocks", st.f.name),
            ));
        }
        finish_function(st)
    }

    fn label(&mut self, st: &mut FnState, name: &str, t: &Token) -> PResult<()> {
        if st.values.contains_key(name) {
            return Err(error_at(
                t,
                format!("'{name}' is already the name of a value"),
            ));
        }
        let id = match st.blocks.get_mut(name) {
            Some(b) if b.defined => {
                return Err(error_at(t, format!("redefinition of block '%{name}'")))
            }
            Some(b) => {
                b.defined = true;
                b.id
            }
            None => {
                let id = st.f.add_block(name);
                st.blocks.insert(
                    name.to_string(),
                    BlockInfo {
                        id,
                        defined: true,
                        first_use: t.clone(),
                    },
                );
                id
            }
        };
        st.order.push(id);
        st.cur = Some(id);
        Ok(())
    }

    /// `%name` naming a block, defined or not yet.
    fn block_ref(&mut self, st: &mut FnState) -> PResult<BlockId> {
        let t = self.bump();
        let name = match &t.tok {
            Tok::Local(n) if !n.is_empty() => n.clone(),
            _ => return Err(self.unexpected(&t, "a block ('%label')")),
        };
        if let Some(b) = st.blocks.get(&name) {
            return Ok(b.id);
        }
        if st.values.contains_key(&name) {
            return Err(error_at(&t, format!("'%{name}' is a value, not a block")));
        }
        let id = st.f.add_block(&name);
        st.blocks.insert(
            name,
            BlockInfo {
                id,
                defined: false,
                first_use: t,
            },
        );
        Ok(id)
    }

    /// An operand of type `ty`: a value's name or a constant.
    fn value(&mut self, st: &mut FnState, ty: &Type) -> PResult<Value> {
        let t = self.peek().clone();
        let Tok::Local(name) = &t.tok else {
            return self.constant(ty);
        };
        self.bump();
        if name.is_empty() {
            return Err(error_at(&t, "expected a name after '%'"));
        }
        match st.values.get(name) {
            Some((v, vty)) if vty == ty => Ok(v.clone()),
            Some((_, vty)) => Err(error_at(
                &t,
                format!("'%{name}' has type {vty}, expected {ty}"),
            )),
            None => {
                st.forward.push(ForwardRef {
                    name: name.clone(),
                    ty: ty.clone(),
                    at: t.clone(),
                });
                Ok(Value::Inst(InstId(FORWARD + st.forward.len() as u32 - 1)))
            }
        }
    }

    /// `TYPE value`; returns the type, the value and the type's token.
    fn typed(&mut self, st: &mut FnState) -> PResult<(Type, Value, Token)> {
        let (ty, t) = self.ty()?;
        let v = self.value(st, &ty)?;
        Ok((ty, v, t))
    }

    /// `TYPE value` where the type must be a pointer.
    fn pointer(&mut self, st: &mut FnState, what: &str) -> PResult<Value> {
        let (ty, t) = self.ty()?;
        if !ty.is_ptr() {
            return Err(error_at(&t, format!("{what} needs a pointer, found {ty}")));
        }
        self.value(st, &ty)
    }

    /// One instruction line: `[%name =] opcode operands [, !hint]`.
    fn inst(&mut self, st: &mut FnState) -> PResult<()> {
        let start = self.peek().clone();
        let name = match &start.tok {
            Tok::Local(n) => {
                if self.peek_at(1).tok != Tok::Punct('=') {
                    let next = self.peek_at(1).clone();
                    return Err(self.unexpected(&next, &format!("'=' after '%{n}'")));
                }
                if n.is_empty() {
                    return Err(error_at(&start, "expected a name after '%'"));
                }
                self.bump();
                self.bump();
                Some(n.clone())
            }
            _ => None,
        };
        let Some(cur) = st.cur else {
            return Err(error_at(
                &start,
                "expected a block label (like 'entry:') before the first instruction",
            ));
        };
        let op = self.bump();
        let Tok::Word(opcode) = &op.tok else {
            return Err(self.unexpected(&op, "an instruction"));
        };
        let (ty, kind) = self.inst_body(st, opcode, &op)?;
        let mut hint = None;
        let mut loc = None;
        while self.is_punct(',') && matches!(self.peek_at(1).tok, Tok::Meta(_)) {
            self.bump();
            let m = self.bump();
            if m.tok == Tok::Meta("dbg".into()) {
                if loc.is_some() {
                    return Err(error_at(&m, "a second !dbg location"));
                }
                loc = Some(self.location()?);
                continue;
            }
            if !kind.is_terminator() {
                return Err(error_at(&m, "a loop hint must follow a block's terminator"));
            }
            if hint.is_some() {
                return Err(error_at(&m, "a second loop hint"));
            }
            hint = Some(match &m.tok {
                Tok::Meta(h) if h == "llvm.loop.unroll.full" => 0,
                Tok::Meta(h) if h == "llvm.loop.unroll.count" => {
                    let t = self.peek().clone();
                    let n = self.number("an unroll count", u64::from(u32::MAX))?;
                    if n == 0 {
                        return Err(error_at(&t, "unroll count must be at least 1"));
                    }
                    n as u32
                }
                _ => {
                    return Err(error_at(
                        &m,
                        format!(
                        "unknown metadata {} (!dbg, !llvm.loop.unroll.full, !llvm.loop.unroll.count N)",
                        describe(&m.tok)
                    ),
                    ))
                }
            });
        }
        let next = self.peek().clone();
        if next.tok != Tok::Eof && next.line == self.last_line {
            return Err(self.unexpected(&next, "the end of the line"));
        }
        match (&name, ty == Type::Void) {
            (Some(n), true) => {
                return Err(error_at(
                    &start,
                    format!("'{opcode}' produces no value to name '%{n}'"),
                ))
            }
            (None, false) => {
                return Err(error_at(
                    &op,
                    format!("the result of '{opcode}' needs a name ('%name = {opcode} ...')"),
                ))
            }
            _ => {}
        }
        if let Some(n) = &name {
            if st.values.contains_key(n) {
                return Err(error_at(&start, format!("redefinition of '%{n}'")));
            }
            if st.blocks.contains_key(n) {
                return Err(error_at(
                    &start,
                    format!("'%{n}' is already the name of a block"),
                ));
            }
        }
        let direct_call = matches!(kind, InstKind::Call { .. });
        let id =
            st.f.create_inst(name.as_deref().unwrap_or(""), ty.clone(), kind, loc);
        if direct_call {
            if let Some(c) = self.calls.last_mut() {
                c.site = Some((st.f.name.clone(), id));
            }
        }
        if let Some(n) = name {
            st.values.insert(n, (Value::Inst(id), ty));
        }
        st.f.block_mut(cur).insts.push(id);
        if let Some(unroll) = hint {
            st.f.loop_hints.push(LoopHint { latch: cur, unroll });
        }
        Ok(())
    }

    /// After `!dbg`: `!DILocation(line: L, column: C)` (the column may be left out).
    fn location(&mut self) -> PResult<DebugLoc> {
        let t = self.bump();
        if t.tok != Tok::Meta("DILocation".into()) {
            return Err(self.unexpected(&t, "'!DILocation' after '!dbg'"));
        }
        self.expect_punct('(')?;
        self.expect_word("line")?;
        self.expect_punct(':')?;
        let line = self.number("a line number", u64::from(u32::MAX))? as u32;
        let mut column = 0;
        if self.is_punct(',') {
            self.bump();
            self.expect_word("column")?;
            self.expect_punct(':')?;
            column = self.number("a column number", u64::from(u32::MAX))? as u32;
        }
        self.expect_punct(')')?;
        Ok(DebugLoc { line, column })
    }

    /// The operands of `opcode`; returns the result type and the instruction.
    fn inst_body(
        &mut self,
        st: &mut FnState,
        opcode: &str,
        op: &Token,
    ) -> PResult<(Type, InstKind)> {
        if let Some(&op) = BinOp::ALL.iter().find(|b| b.name() == opcode) {
            return self.binary(st, op);
        }
        if let Some(&op) = CastOp::ALL.iter().find(|c| c.name() == opcode) {
            let (from, val, ft) = self.typed(st)?;
            self.expect_word("to")?;
            let (to, tt) = self.ty()?;
            check_cast(op, &from, &to, &ft, &tt)?;
            return Ok((to, InstKind::Cast { op, val }));
        }
        Ok(match opcode {
            "alloca" => {
                let (ty, _) = self.ty()?;
                let align = self.align(ty.align())?;
                (
                    Type::Ptr(addrspace::GENERIC),
                    InstKind::Alloca { ty, align },
                )
            }
            "load" => {
                let volatile = self.eat_word("volatile");
                let (ty, _) = self.ty()?;
                self.expect_punct(',')?;
                let ptr = self.pointer(st, "load")?;
                let align = self.align(ty.align())?;
                (
                    ty,
                    InstKind::Load {
                        ptr,
                        align,
                        volatile,
                    },
                )
            }
            "store" => {
                let volatile = self.eat_word("volatile");
                let (vty, val, _) = self.typed(st)?;
                self.expect_punct(',')?;
                let ptr = self.pointer(st, "store")?;
                let align = self.align(vty.align())?;
                (
                    Type::Void,
                    InstKind::Store {
                        val,
                        ptr,
                        align,
                        volatile,
                    },
                )
            }
            "getelementptr" => {
                self.expect_word("inbounds")?;
                let (elem_ty, _) = self.ty()?;
                self.expect_punct(',')?;
                let (bty, base, bt) = self.typed(st)?;
                if !bty.is_ptr() {
                    return Err(error_at(
                        &bt,
                        format!("getelementptr needs a pointer base, found {bty}"),
                    ));
                }
                let mut indices = Vec::new();
                while self.eat_punct(',') {
                    let (ity, i, it) = self.typed(st)?;
                    if !ity.is_int() {
                        return Err(error_at(
                            &it,
                            format!("getelementptr indices must be integers, found {ity}"),
                        ));
                    }
                    indices.push(i);
                }
                (
                    bty,
                    InstKind::Gep {
                        elem_ty,
                        base,
                        indices,
                    },
                )
            }
            "fneg" => {
                let (ty, v, t) = self.typed(st)?;
                if !ty.is_float() {
                    return Err(error_at(
                        &t,
                        format!("'fneg' needs a float type, found {ty}"),
                    ));
                }
                (ty, InstKind::FNeg(v))
            }
            "icmp" | "fcmp" => {
                let pt = self.bump();
                let pname = match &pt.tok {
                    Tok::Word(w) => w.as_str(),
                    _ => return Err(self.unexpected(&pt, &format!("an {opcode} predicate"))),
                };
                let pred = if opcode == "icmp" {
                    ICmp::ALL
                        .iter()
                        .find(|p| p.name() == pname)
                        .map(|p| Pred::I(*p))
                } else {
                    FCmp::ALL
                        .iter()
                        .find(|p| p.name() == pname)
                        .map(|p| Pred::F(*p))
                };
                let Some(pred) = pred else {
                    return Err(error_at(
                        &pt,
                        format!("unknown {opcode} predicate '{pname}'"),
                    ));
                };
                let (ty, lhs, t) = self.typed(st)?;
                let (ok, kind) = match pred {
                    Pred::I(_) => (ty.is_int() || ty.is_ptr(), "integers or pointers"),
                    Pred::F(_) => (ty.is_float(), "floats"),
                };
                if !ok {
                    return Err(error_at(
                        &t,
                        format!("'{opcode}' compares {kind}, found {ty}"),
                    ));
                }
                self.expect_punct(',')?;
                let rhs = self.value(st, &ty)?;
                let kind = match pred {
                    Pred::I(pred) => InstKind::ICmp { pred, lhs, rhs },
                    Pred::F(pred) => InstKind::FCmp { pred, lhs, rhs },
                };
                (Type::I1, kind)
            }
            "select" => {
                let (cty, cond, ct) = self.typed(st)?;
                if cty != Type::I1 {
                    return Err(error_at(
                        &ct,
                        format!("select's condition must be i1, found {cty}"),
                    ));
                }
                self.expect_punct(',')?;
                let (ty, t, _) = self.typed(st)?;
                self.expect_punct(',')?;
                let (fty, f, ft) = self.typed(st)?;
                if fty != ty {
                    return Err(error_at(
                        &ft,
                        format!("select's operands must have one type: {ty} and {fty}"),
                    ));
                }
                (ty, InstKind::Select { cond, t, f })
            }
            "call" => {
                let ret = self.ret_ty()?;
                if matches!(&self.peek().tok, Tok::Word(w) if w == "asm") {
                    return self.inline_asm(st, ret);
                }
                // `call float %fp(…)`: through a function's address.
                let indirect = if matches!(self.peek().tok, Tok::Local(_)) {
                    Some(self.value(st, &Type::Ptr(0))?)
                } else {
                    None
                };
                let ct = self.bump();
                let callee = match &ct.tok {
                    _ if indirect.is_some() => String::new(),
                    Tok::Global(n) if !n.is_empty() => n.clone(),
                    _ => return Err(self.unexpected(&ct, "a function name ('@name')")),
                };
                if indirect.is_none() {
                    self.expect_punct('(')?;
                } else if ct.tok != Tok::Punct('(') {
                    return Err(self.unexpected(&ct, "'('"));
                }
                let (mut args, mut tys) = (Vec::new(), Vec::new());
                if !self.eat_punct(')') {
                    loop {
                        let (ty, v, _) = self.typed(st)?;
                        args.push(v);
                        tys.push(ty);
                        if self.eat_punct(')') {
                            break;
                        }
                        self.expect_punct(',')?;
                    }
                }
                if let Some(callee) = indirect {
                    return Ok((ret, InstKind::CallIndirect { callee, args }));
                }
                let named = Callee::named(&callee);
                if Intrinsic::reserved(&callee) && named.intrinsic().is_none() {
                    return Err(error_at(&ct, format!("unknown intrinsic '@{callee}'")));
                }
                self.calls.push(CallSite {
                    callee,
                    ret: ret.clone(),
                    args: tys,
                    at: ct,
                    site: None,
                });
                (
                    ret,
                    InstKind::Call {
                        callee: named,
                        args,
                    },
                )
            }
            "extractvalue" => {
                let (aty, agg, at) = self.typed(st)?;
                self.expect_punct(',')?;
                let index = self.number("a field index", u64::from(u32::MAX))? as u32;
                let field = match &aty {
                    Type::Struct(s) => s.fields.get(index as usize).cloned(),
                    _ => None,
                };
                let Some(field) = field else {
                    return Err(error_at(
                        &at,
                        format!(
                            "extractvalue needs a literal struct with field {index}, found {aty}"
                        ),
                    ));
                };
                (field, InstKind::ExtractValue { agg, index })
            }
            "extractelement" => {
                let (vty, vec, vt) = self.typed(st)?;
                let Some((_, elem)) = vty.as_vector() else {
                    return Err(error_at(
                        &vt,
                        format!("extractelement needs a vector, found {vty}"),
                    ));
                };
                let elem = elem.clone();
                self.expect_punct(',')?;
                let idx = self.lane_index(st)?;
                (elem, InstKind::ExtractElement { vec, idx })
            }
            "insertelement" => {
                let (vty, vec, vt) = self.typed(st)?;
                let Some((_, elem)) = vty.as_vector() else {
                    return Err(error_at(
                        &vt,
                        format!("insertelement needs a vector, found {vty}"),
                    ));
                };
                let elem = elem.clone();
                self.expect_punct(',')?;
                let (ety, elt, et) = self.typed(st)?;
                if ety != elem {
                    return Err(error_at(
                        &et,
                        format!("insertelement into {vty} needs a {elem} element, found {ety}"),
                    ));
                }
                self.expect_punct(',')?;
                let idx = self.lane_index(st)?;
                (vty, InstKind::InsertElement { vec, elt, idx })
            }
            "phi" => {
                let (ty, _) = self.ty()?;
                let mut incoming = Vec::new();
                // A phi with no entries (in a block without predecessors) prints as `phi T`.
                if self.is_punct('[') {
                    loop {
                        self.expect_punct('[')?;
                        let v = self.value(st, &ty)?;
                        self.expect_punct(',')?;
                        let b = self.block_ref(st)?;
                        self.expect_punct(']')?;
                        incoming.push((v, b));
                        if !(self.is_punct(',') && self.peek_at(1).tok == Tok::Punct('[')) {
                            break;
                        }
                        self.bump();
                    }
                }
                (ty, InstKind::Phi { incoming })
            }
            "atomicrmw" => {
                let at = self.peek().clone();
                let op = match &at.tok {
                    Tok::Word(w) => AtomicOp::ALL.iter().find(|o| o.name() == w).copied(),
                    _ => None,
                };
                let Some(op) = op else {
                    return Err(match &at.tok {
                        Tok::Word(w) => error_at(&at, format!("unknown atomicrmw operation '{w}'")),
                        _ => self.unexpected(&at, "an atomicrmw operation"),
                    });
                };
                self.bump();
                let ptr = self.pointer(st, "atomicrmw")?;
                self.expect_punct(',')?;
                let (ty, val, t) = self.typed(st)?;
                let ok = match op {
                    AtomicOp::FAdd => ty.is_float(),
                    AtomicOp::Xchg => ty.is_int() || ty.is_float(),
                    _ => ty.is_int(),
                };
                if !ok {
                    return Err(error_at(
                        &t,
                        format!("'atomicrmw {}' on the wrong kind of type: {ty}", op.name()),
                    ));
                }
                let scope = self.sync_scope()?;
                self.expect_word("monotonic")?;
                (
                    ty,
                    InstKind::AtomicRmw {
                        op,
                        ptr,
                        val,
                        scope,
                    },
                )
            }
            "cmpxchg" => {
                let ptr = self.pointer(st, "cmpxchg")?;
                self.expect_punct(',')?;
                let (ty, cmp, t) = self.typed(st)?;
                if !ty.is_int() {
                    return Err(error_at(
                        &t,
                        format!("cmpxchg compares integers, found {ty}"),
                    ));
                }
                self.expect_punct(',')?;
                let (nty, new, nt) = self.typed(st)?;
                if nty != ty {
                    return Err(error_at(
                        &nt,
                        format!(
                            "cmpxchg's new value must have the compared type {ty}, found {nty}"
                        ),
                    ));
                }
                let scope = self.sync_scope()?;
                self.expect_word("monotonic")?;
                (
                    ty,
                    InstKind::CmpXchg {
                        ptr,
                        cmp,
                        new,
                        scope,
                    },
                )
            }
            "fence" => {
                let scope = self.sync_scope()?;
                self.expect_word("seq_cst")?;
                (Type::Void, InstKind::Fence { scope })
            }
            "br" => {
                if self.eat_word("label") {
                    let dest = self.block_ref(st)?;
                    (Type::Void, InstKind::Br { dest })
                } else {
                    let (cty, cond, ct) = self.typed(st)?;
                    if cty != Type::I1 {
                        return Err(error_at(
                            &ct,
                            format!("a branch condition must be i1, found {cty}"),
                        ));
                    }
                    self.expect_punct(',')?;
                    self.expect_word("label")?;
                    let t = self.block_ref(st)?;
                    self.expect_punct(',')?;
                    self.expect_word("label")?;
                    let f = self.block_ref(st)?;
                    (Type::Void, InstKind::CondBr { cond, t, f })
                }
            }
            "switch" => {
                let (ty, val, t) = self.typed(st)?;
                if !ty.is_int() {
                    return Err(error_at(
                        &t,
                        format!("a switch value must be an integer, found {ty}"),
                    ));
                }
                self.expect_punct(',')?;
                self.expect_word("label")?;
                let default = self.block_ref(st)?;
                self.expect_punct('[')?;
                let mut cases: Vec<(i64, BlockId)> = Vec::new();
                while !self.eat_punct(']') {
                    let (cty, ct) = self.ty()?;
                    if cty != ty {
                        return Err(error_at(
                            &ct,
                            format!("a case value must have the switch's type {ty}, found {cty}"),
                        ));
                    }
                    let vt = self.peek().clone();
                    let Value::Int(_, c) = self.constant(&ty)? else {
                        return Err(error_at(&vt, "a case value must be an integer constant"));
                    };
                    if cases.iter().any(|(x, _)| *x == c) {
                        return Err(error_at(&vt, format!("duplicate case value {c}")));
                    }
                    self.expect_punct(',')?;
                    self.expect_word("label")?;
                    cases.push((c, self.block_ref(st)?));
                }
                (
                    Type::Void,
                    InstKind::Switch {
                        val,
                        default,
                        cases,
                    },
                )
            }
            "ret" => {
                let t = self.peek().clone();
                let (ty, val) = if self.eat_word("void") {
                    (Type::Void, None)
                } else {
                    let (ty, v, _) = self.typed(st)?;
                    (ty, Some(v))
                };
                if ty != st.f.ret {
                    return Err(error_at(
                        &t,
                        format!("returns {ty} from a function returning {}", st.f.ret),
                    ));
                }
                (Type::Void, InstKind::Ret { val })
            }
            "unreachable" => (Type::Void, InstKind::Unreachable),
            _ => return Err(error_at(op, format!("unknown instruction '{opcode}'"))),
        })
    }

    /// The rest of `call TYPE asm [sideeffect] "template", "constraints"(args)`.
    fn inline_asm(&mut self, st: &mut FnState, ret: Type) -> PResult<(Type, InstKind)> {
        let at = self.expect_word("asm")?;
        let side_effects = self.eat_word("sideeffect");
        let mut strings = Vec::new();
        for k in 0..2 {
            if k == 1 {
                self.expect_punct(',')?;
            }
            let t = self.bump();
            let Tok::Str(s) = &t.tok else {
                return Err(self.unexpected(&t, "a string"));
            };
            strings.push(s.clone());
        }
        self.expect_punct('(')?;
        let mut args = Vec::new();
        if !self.eat_punct(')') {
            loop {
                args.push(self.typed(st)?.1);
                if self.eat_punct(')') {
                    break;
                }
                self.expect_punct(',')?;
            }
        }
        let constraints = strings.pop().unwrap_or_default();
        let template = strings.pop().unwrap_or_default();
        let a = InlineAsm {
            template,
            constraints,
            args,
            side_effects,
        };
        let inputs = a
            .constraints()
            .filter(|c| matches!(c, Constraint::Input(_) | Constraint::Tied(_)))
            .count();
        let results_ok = match a.outputs() {
            0 => ret == Type::Void,
            1 => ret != Type::Void && !matches!(ret, Type::Struct(_)),
            n => matches!(&ret, Type::Struct(s) if s.fields.len() == n),
        };
        if inputs != a.args.len() || !results_ok {
            return Err(error_at(
                &at,
                format!(
                    "the asm's constraints \"{}\" do not match its {} operands and {ret} result",
                    a.constraints,
                    a.args.len()
                ),
            ));
        }
        Ok((ret, InstKind::Asm(Box::new(a))))
    }

    /// A lane number: `i32 K` (any integer type, as LLVM allows).
    fn lane_index(&mut self, st: &mut FnState) -> PResult<Value> {
        let (ity, idx, it) = self.typed(st)?;
        if !ity.is_int() || ity == Type::I1 {
            return Err(error_at(
                &it,
                format!("a lane index must be an integer, found {ity}"),
            ));
        }
        Ok(idx)
    }

    /// `OP [flags] TYPE a, b`
    fn binary(&mut self, st: &mut FnState, op: BinOp) -> PResult<(Type, InstKind)> {
        let mut flags = Flags::default();
        loop {
            let flag = match &self.peek().tok {
                Tok::Word(w) if w == "nuw" => &mut flags.nuw,
                Tok::Word(w) if w == "nsw" => &mut flags.nsw,
                Tok::Word(w) if w == "exact" => &mut flags.exact,
                Tok::Word(w) if w == "contract" => &mut flags.contract,
                _ => break,
            };
            *flag = true;
            self.bump();
        }
        let (ty, lhs, t) = self.typed(st)?;
        let ok = if op.is_float() {
            ty.is_float()
        } else {
            ty.is_int()
        };
        if !ok {
            let kind = if op.is_float() {
                "a float"
            } else {
                "an integer"
            };
            return Err(error_at(
                &t,
                format!("'{}' needs {kind} type, found {ty}", op.name()),
            ));
        }
        self.expect_punct(',')?;
        let rhs = self.value(st, &ty)?;
        Ok((
            ty,
            InstKind::Bin {
                op,
                lhs,
                rhs,
                flags,
            },
        ))
    }
}

/// A float constant's bits, checked to be exact in `ty` (floats are held as
/// the bits of an f64 for every float type).
pub(super) fn check_float(t: &Token, ty: &Type, bits: u64) -> PResult<Value> {
    let v = f64::from_bits(bits);
    let exact = match ty {
        Type::F32 => v.is_nan() || f64::from(v as f32) == v,
        Type::Half => fits_half(v),
        _ => true,
    };
    if !exact {
        let text = match &t.tok {
            Tok::Float(s) | Tok::Hex(s) => s.clone(),
            _ => print::float_literal(bits),
        };
        return Err(error_at(
            t,
            format!("{text} is not exactly representable as {ty}"),
        ));
    }
    Ok(Value::Float(ty.clone(), bits))
}

/// Whether an f64 is a half-precision value (11 significant bits, exponent -14…15).
pub(super) fn fits_half(v: f64) -> bool {
    if v == 0.0 || !v.is_finite() {
        return true;
    }
    let a = v.abs();
    if a > 65504.0 || a < 2f64.powi(-24) {
        return false;
    }
    let exp = ((a.to_bits() >> 52) as i32 - 1023).max(-14);
    (a / 2f64.powi(exp - 10)).fract() == 0.0
}

/// The kinds of type a cast goes between.
fn check_cast(op: CastOp, from: &Type, to: &Type, ft: &Token, tt: &Token) -> PResult<()> {
    let int = |t: &Type| t.is_int();
    let float = |t: &Type| t.is_float();
    let ptr = |t: &Type| t.is_ptr();
    let scalar = |t: &Type| t.is_int() || t.is_float() || t.is_ptr();
    type Kind = fn(&Type) -> bool;
    let (src, dst, src_kind, dst_kind): (Kind, Kind, &str, &str) = match op {
        CastOp::Trunc | CastOp::ZExt | CastOp::SExt => (int, int, "an integer", "an integer"),
        CastOp::FPTrunc | CastOp::FPExt => (float, float, "a float", "a float"),
        CastOp::FPToUI | CastOp::FPToSI => (float, int, "a float", "an integer"),
        CastOp::UIToFP | CastOp::SIToFP => (int, float, "an integer", "a float"),
        CastOp::PtrToInt => (ptr, int, "a pointer", "an integer"),
        CastOp::IntToPtr => (int, ptr, "an integer", "a pointer"),
        CastOp::BitCast => (scalar, scalar, "a scalar", "a scalar"),
        CastOp::AddrSpaceCast => (ptr, ptr, "a pointer", "a pointer"),
    };
    if !src(from) {
        return Err(error_at(
            ft,
            format!("'{}' casts from {src_kind}, found {from}", op.name()),
        ));
    }
    if !dst(to) {
        return Err(error_at(
            tt,
            format!("'{}' casts to {dst_kind}, found {to}", op.name()),
        ));
    }
    Ok(())
}

/// Resolves forward references, checks every block named was defined, and
/// sets the layout to the order of the labels.
fn finish_function(mut st: FnState) -> PResult<Function> {
    let mut first_error: Option<ParseError> = None;
    let mut keep = |e: ParseError| {
        if first_error
            .as_ref()
            .is_none_or(|f| (e.line, e.column) < (f.line, f.column))
        {
            first_error = Some(e);
        }
    };
    for b in st.blocks.iter().filter(|(_, b)| !b.defined) {
        keep(error_at(
            &b.1.first_use,
            format!("use of undefined block '%{}'", b.0),
        ));
    }
    let mut resolved = Vec::with_capacity(st.forward.len());
    for r in &st.forward {
        match st.values.get(&r.name) {
            Some((v, ty)) if *ty == r.ty => resolved.push(v.clone()),
            Some((_, ty)) => keep(error_at(
                &r.at,
                format!("'%{}' has type {ty}, expected {}", r.name, r.ty),
            )),
            None => keep(error_at(
                &r.at,
                format!("use of undefined value '%{}'", r.name),
            )),
        }
    }
    if let Some(e) = first_error {
        return Err(e);
    }
    for inst in &mut st.f.insts {
        for op in inst.kind.operands_mut() {
            if let Value::Inst(InstId(n)) = op {
                if *n >= FORWARD {
                    *op = resolved[(*n - FORWARD) as usize].clone();
                }
            }
        }
    }
    st.f.layout = st.order;
    Ok(st.f)
}
