//! The call ABI through the `.param` space: call sequences (direct and through
//! a `.callprototype`), scalar and by-value struct arguments, struct results in
//! `retval0`, and the planning that passes a struct temporary's stores and loads
//! straight to the call's `.param` arrays.

use super::types::*;
use super::Sel;
use crate::collections::HashMap;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// Finds struct temporaries that are only filled and passed by value to
    /// one call in the same block (irgen's `agg.tmp` of an argument): their
    /// stores become the call's `st.param`s, and they take no local memory,
    /// as NVRTC passes a struct from registers.
    pub(super) fn plan_param_temps(&mut self) {
        let f = self.f;
        let mut block_of: HashMap<InstId, (BlockId, usize)> = HashMap::default();
        for &b in &f.layout {
            for (n, &i) in f.block(b).insts.iter().enumerate() {
                block_of.insert(i, (b, n));
            }
        }
        let mut users: HashMap<InstId, Vec<InstId>> = HashMap::default();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                f.inst(i).kind.for_each_operand(|op| {
                    if let Value::Inst(d) = op {
                        users.entry(*d).or_default().push(i);
                    }
                });
            }
        }
        'alloca: for &a in &f.block(f.entry()).insts {
            if !matches!(f.inst(a).kind, InstKind::Alloca { .. }) {
                continue;
            }
            // The one call that passes it by value.
            let mut call = None;
            let mut stores = Vec::new();
            let mut parts = vec![a];
            let mut work = vec![(a, 0i64)];
            while let Some((p, off)) = work.pop() {
                for &u in users.get(&p).map_or(&[][..], |v| v.as_slice()) {
                    match &f.inst(u).kind {
                        InstKind::Gep {
                            elem_ty,
                            base,
                            indices,
                        } if base.as_inst() == Some(p) => {
                            let Some(d) = gep_const_offset(elem_ty, indices) else {
                                continue 'alloca;
                            };
                            parts.push(u);
                            work.push((u, off + d));
                        }
                        InstKind::Store {
                            val,
                            ptr,
                            volatile: false,
                            ..
                        } if ptr.as_inst() == Some(p)
                            && val.as_inst() != Some(p)
                            && !f.value_type(val).is_vector() =>
                        {
                            stores.push((u, off, val.clone()));
                        }
                        InstKind::Call {
                            callee: Callee::Function(callee),
                            args,
                        } if p == a
                            && call.is_none()
                            && args.iter().filter(|x| x.as_inst() == Some(a)).count() == 1 =>
                        {
                            let k = args.iter().position(|x| x.as_inst() == Some(a));
                            let byval = k.and_then(|k| {
                                self.module
                                    .function(callee)
                                    .and_then(|g| g.params.get(k))
                                    .and_then(|q| q.byval.clone())
                            });
                            if byval.is_none() {
                                continue 'alloca;
                            }
                            call = Some(u);
                        }
                        _ => continue 'alloca,
                    }
                }
            }
            let Some(call) = call else { continue };
            let (cb, cn) = block_of[&call];
            // Every store in the call's block before it; no store of a
            // value computed after it (impossible) or in another block.
            if stores.iter().any(|(s, _, _)| {
                let (sb, sn) = block_of[s];
                sb != cb || sn > cn
            }) {
                continue;
            }
            let mut vals: Vec<(i64, Value)> = Vec::new();
            stores.sort_by_key(|(s, _, _)| block_of[s].1);
            for (s, off, v) in stores {
                vals.retain(|(o, _)| *o != off);
                vals.push((off, v));
                parts.push(s);
            }
            vals.sort_by_key(|(o, _)| *o);
            self.param_temp_parts.extend(parts);
            self.param_temps.insert(a, vals);
            self.frameless.insert(a);
        }
        self.plan_result_temps(&block_of, &users);
    }

    /// Finds the temporaries a struct result is returned into (a call's
    /// `sret` argument) that are only read, by loads after the call in its
    /// block: each load becomes an `ld.param [retval0+off]` in the callseq.
    pub(super) fn plan_result_temps(
        &mut self,
        block_of: &HashMap<InstId, (BlockId, usize)>,
        users: &HashMap<InstId, Vec<InstId>>,
    ) {
        let f = self.f;
        'alloca: for &a in &f.block(f.entry()).insts {
            if !matches!(f.inst(a).kind, InstKind::Alloca { .. }) {
                continue;
            }
            let mut call = None;
            let mut loads = Vec::new();
            let mut parts = vec![a];
            let mut work = vec![(a, 0i64)];
            while let Some((p, off)) = work.pop() {
                for &u in users.get(&p).map_or(&[][..], |v| v.as_slice()) {
                    match &f.inst(u).kind {
                        InstKind::Gep {
                            elem_ty,
                            base,
                            indices,
                        } if base.as_inst() == Some(p) => {
                            let Some(d) = gep_const_offset(elem_ty, indices) else {
                                continue 'alloca;
                            };
                            parts.push(u);
                            work.push((u, off + d));
                        }
                        InstKind::Load {
                            ptr,
                            volatile: false,
                            ..
                        } if ptr.as_inst() == Some(p) && !f.inst(u).ty.is_vector() => {
                            loads.push((u, off))
                        }
                        InstKind::Call {
                            callee: Callee::Function(callee),
                            args,
                        } if p == a
                            && call.is_none()
                            && args.first().and_then(|x| x.as_inst()) == Some(a)
                            && args.iter().filter(|x| x.as_inst() == Some(a)).count() == 1
                            && self
                                .module
                                .function(callee)
                                .and_then(|g| g.params.first())
                                .is_some_and(|q| q.sret.is_some()) =>
                        {
                            call = Some(u);
                        }
                        _ => continue 'alloca,
                    }
                }
            }
            let Some(call) = call else { continue };
            let (cb, cn) = block_of[&call];
            if loads.iter().any(|(l, _)| {
                let (lb, ln) = block_of[l];
                lb != cb || ln < cn
            }) {
                continue;
            }
            parts.extend(loads.iter().map(|(l, _)| *l));
            self.param_temp_parts.extend(parts);
            self.frameless.insert(a);
            self.result_temps.insert(call, loads);
        }
    }

    /// A value in a register of at least 32 bits, as `.param` passing wants it.
    pub(super) fn param_reg(&mut self, v: &Value) -> Reg {
        let r = self.reg(v);
        match r.class {
            RegClass::Pred => {
                let w = self.m.new_reg(RegClass::B32);
                self.emit(
                    Op::Selp,
                    ".u32",
                    vec![
                        Operand::Reg(w),
                        Operand::Imm(1),
                        Operand::Imm(0),
                        Operand::Reg(r),
                    ],
                );
                w
            }
            RegClass::B16 => {
                let w = self.m.new_reg(RegClass::B32);
                self.emit(Op::Cvt, ".u32.u16", vec![Operand::Reg(w), Operand::Reg(r)]);
                w
            }
            _ => r,
        }
    }

    /// A call through the `.param` space, as NVVM writes it:
    /// `{ .param .b32 param0; st.param.b32 [param0+0], %r1; … call.uni (retval0), f, (param0); ld.param … }`.
    /// A call sequence: `callee` is the function's name, or (`Err`) the value
    /// holding its address, called with a `.callprototype` of the call's
    /// types as NVPTX does (`prototype_N`, N the call sequence's number).
    pub(super) fn call(&mut self, id: InstId, callee: Result<&str, &Value>, args: &[Value]) {
        let n = self.calls;
        self.calls += 1;
        self.push(Instr::line(Op::Text, format!("{{ // callseq {n}, 0")));
        // NVPTX declares this scratch register in every call sequence.
        self.push(Instr::line(Op::Decl, ".reg .b32 temp_param_reg".into()));
        let target = callee.map_err(|v| self.reg(v));
        let callee = callee.unwrap_or("");
        // A struct result comes back in `retval0`, not through its pointer.
        let sret = self
            .module
            .function(callee)
            .and_then(|g| g.params.first())
            .and_then(|p| p.sret.clone());
        let first = usize::from(sret.is_some());
        let mut names = Vec::new();
        for (k, a) in args.iter().enumerate().skip(first) {
            let byval = self
                .module
                .function(callee)
                .and_then(|g| g.params.get(k))
                .and_then(|p| p.byval.clone());
            let name = format!("param{}", k - first);
            if let Some(b) = byval {
                self.byval_arg(&name, a, b);
                names.push(name);
                continue;
            }
            let t = self.f.value_type(a);
            let (decl, st) = func_param_types(&t);
            let r = self.param_reg(a);
            self.push(Instr::line(Op::Decl, format!(".param {decl} {name}")));
            self.emit(
                Op::St,
                format!(".param{st}"),
                vec![
                    Operand::Addr(Box::new(Operand::Sym(name.clone())), 0),
                    Operand::Reg(r),
                ],
            );
            names.push(name);
        }
        let ret = self.f.inst(id).ty.clone();
        let mut ops = Vec::new();
        if ret != Type::Void {
            let (decl, _) = func_param_types(&ret);
            self.push(Instr::line(Op::Decl, format!(".param {decl} retval0")));
            ops.push(Operand::Sym("(retval0)".into()));
        }
        if let Some(b) = &sret {
            self.push(Instr::line(
                Op::Decl,
                format!(".param .align {} .b8 retval0[{}]", b.align.max(1), b.size()),
            ));
            ops.push(Operand::Sym("(retval0)".into()));
        }
        let mut proto = Vec::new();
        match target {
            Ok(name) => ops.push(Operand::Sym(name.to_string())),
            Err(r) => {
                // NVPTX's spelling: `()_` for no result, `(.param .b32 _) _`.
                let ret = match &ret {
                    Type::Void => "()_".to_string(),
                    t => format!("(.param {} _) _", func_param_types(t).0),
                };
                let params: Vec<String> = args
                    .iter()
                    .map(|a| format!(".param {} _", func_param_types(&self.f.value_type(a)).0))
                    .collect();
                self.push(Instr::line(
                    Op::Decl,
                    format!(
                        "prototype_{n} : .callprototype {ret} ({})",
                        params.join(", ")
                    ),
                ));
                ops.push(Operand::Reg(r));
                proto.push(Operand::Sym(format!("prototype_{n}")));
            }
        }
        ops.push(Operand::Sym(format!("({})", names.join(", "))));
        let indirect = !proto.is_empty();
        ops.extend(proto);
        self.emit(Op::Call, if indirect { "" } else { ".uni" }, ops);
        if let Some(b) = sret {
            self.struct_result(id, &args[0], b);
        }
        if ret != Type::Void {
            let (_, ld) = func_param_types(&ret);
            let class = reg_class(&ret);
            let wide = if matches!(class, RegClass::Pred | RegClass::B16) {
                RegClass::B32
            } else {
                class
            };
            let w = self.m.new_reg(wide);
            self.emit(
                Op::Ld,
                format!(".param{ld}"),
                vec![
                    Operand::Reg(w),
                    Operand::Addr(Box::new(Operand::Sym("retval0".into())), 0),
                ],
            );
            match class {
                RegClass::Pred => {
                    let d = self.def(id);
                    self.emit(
                        Op::Setp,
                        ".ne.s32",
                        vec![Operand::Reg(d), Operand::Reg(w), Operand::Imm(0)],
                    );
                }
                RegClass::B16 => {
                    let d = self.def(id);
                    self.emit(Op::Cvt, ".u16.u32", vec![Operand::Reg(d), Operand::Reg(w)]);
                }
                // The value is already in `w`: it is the result.
                _ => {
                    self.vals.insert(id, Operand::Reg(w));
                }
            }
        }
        self.push(Instr::line(Op::Text, format!("}} // callseq {n}")));
    }

    /// A struct result in `retval0`: straight into the registers of the
    /// loads that read it (`plan_result_temps`), else copied to the memory
    /// the call's `sret` pointer names.
    pub(super) fn struct_result(&mut self, call: InstId, ptr: &Value, b: ByVal) {
        if let Some(loads) = self.result_temps.get(&call).cloned() {
            for (load, off) in loads {
                let t = self.f.inst(load).ty.clone();
                let d = self.def(load);
                self.emit(
                    Op::Ld,
                    format!(".param{}", mem_suffix(&t)),
                    vec![
                        Operand::Reg(d),
                        Operand::Addr(Box::new(Operand::Sym("retval0".into())), off),
                    ],
                );
            }
            return;
        }
        let Operand::Addr(base, base_off) = self.address(ptr) else {
            return;
        };
        let mut off = 0u64;
        while off < b.size() {
            let mut w = b.align.clamp(1, 8);
            while off + w > b.size() || !off.is_multiple_of(w) {
                w /= 2;
            }
            let (class, bits) = match w {
                1 => (RegClass::B16, 8),
                2 => (RegClass::B16, 16),
                4 => (RegClass::B32, 32),
                _ => (RegClass::B64, 64),
            };
            let r = self.m.new_reg(class);
            self.emit(
                Op::Ld,
                format!(".param.b{bits}"),
                vec![
                    Operand::Reg(r),
                    Operand::Addr(Box::new(Operand::Sym("retval0".into())), off as i64),
                ],
            );
            self.emit(
                Op::St,
                format!(".u{bits}"),
                vec![
                    Operand::Addr(base.clone(), base_off + off as i64),
                    Operand::Reg(r),
                ],
            );
            off += w;
        }
    }

    /// A struct argument: `.param .align A .b8 paramK[S]`, filled from the
    /// bytes `ptr` points to in the widest pieces its alignment allows.
    pub(super) fn byval_arg(&mut self, name: &str, ptr: &Value, b: ByVal) {
        self.push(Instr::line(
            Op::Decl,
            format!(".param .align {} .b8 {name}[{}]", b.align.max(1), b.size()),
        ));
        if let Some(vals) = ptr
            .as_inst()
            .and_then(|a| self.param_temps.get(&a))
            .cloned()
        {
            // Straight from the registers the temporary was filled from.
            for (off, v) in vals {
                let t = self.f.value_type(&v);
                let sfx = match t {
                    Type::F32 => ".f32",
                    Type::F64 => ".f64",
                    Type::I8 | Type::I1 => ".b8",
                    Type::I16 => ".b16",
                    Type::I32 => ".b32",
                    _ => ".b64",
                };
                let r = self.reg(&v);
                self.emit(
                    Op::St,
                    format!(".param{sfx}"),
                    vec![
                        Operand::Addr(Box::new(Operand::Sym(name.to_string())), off),
                        Operand::Reg(r),
                    ],
                );
            }
            return;
        }
        let Operand::Addr(base, base_off) = self.address(ptr) else {
            return;
        };
        let mut off = 0u64;
        while off < b.size() {
            let mut w = b.align.clamp(1, 8);
            while off + w > b.size() || !off.is_multiple_of(w) {
                w /= 2;
            }
            let (class, bits) = match w {
                1 => (RegClass::B16, 8),
                2 => (RegClass::B16, 16),
                4 => (RegClass::B32, 32),
                _ => (RegClass::B64, 64),
            };
            let r = self.m.new_reg(class);
            self.emit(
                Op::Ld,
                format!(".u{bits}"),
                vec![
                    Operand::Reg(r),
                    Operand::Addr(base.clone(), base_off + off as i64),
                ],
            );
            self.emit(
                Op::St,
                format!(".param.b{bits}"),
                vec![
                    Operand::Addr(Box::new(Operand::Sym(name.to_string())), off as i64),
                    Operand::Reg(r),
                ],
            );
            off += w;
        }
    }
}
