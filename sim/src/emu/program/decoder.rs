//! The decoding of a function's body: its declarations in scope, its
//! labels, and each instruction through [`inst`](super::inst).

use super::inst::Cx;
use super::*;

pub(super) struct Decoder<'a> {
    pub(super) globals: &'a HashMap<&'a str, GlobalSym>,
    /// The next static shared variable's offset.
    pub(super) shared_top: u64,
    pub(super) dynamic_offset: u64,
    pub(super) funcs: &'a [Func],
}

/// A function body being decoded.
pub(super) struct Body<'f> {
    pub(super) scopes: Vec<HashMap<String, LocalSym>>,
    pub(super) nregs: u64,
    pub(super) local_top: u64,
    pub(super) param_top: u64,
    pub(super) labels: HashMap<&'f str, u32>,
    /// Branches to patch: (op index, label, line).
    pub(super) fixups: Vec<(usize, &'f str, u32)>,
}

impl Body<'_> {
    pub(super) fn lookup(&self, name: &str) -> Option<LocalSym> {
        for s in self.scopes.iter().rev() {
            if let Some(x) = s.get(name) {
                return Some(*x);
            }
        }
        // `%r12` in a `%r<55>` range.
        let digits = name.bytes().rev().take_while(u8::is_ascii_digit).count();
        if digits == 0 || digits == name.len() {
            return None;
        }
        let (prefix, num) = name.split_at(name.len() - digits);
        if num.len() > 1 && num.starts_with('0') {
            return None;
        }
        let n: u32 = num.parse().ok()?;
        for s in self.scopes.iter().rev() {
            if let Some(LocalSym::Range(first, count, width)) = s.get(prefix) {
                if n < *count {
                    return Some(LocalSym::Reg(first + n, *width));
                }
            }
        }
        None
    }

    pub(super) fn declare(
        &mut self,
        name: &str,
        sym: LocalSym,
        line: u32,
    ) -> Result<(), ParseError> {
        let scope = self.scopes.last_mut().expect("a scope");
        if scope.insert(name.to_string(), sym).is_some() {
            return Err(perr(line, format!("'{name}' is declared twice")));
        }
        Ok(())
    }
}

/// How an operand is read: its type (for immediates and widths).
pub(super) fn reg_width(ty: &str) -> Option<u8> {
    Some(match ty {
        "pred" => 1,
        "b8" | "u8" | "s8" => 8,
        "b16" | "u16" | "s16" | "f16" | "bf16" => 16,
        "b32" | "u32" | "s32" | "f32" | "f16x2" | "bf16x2" => 32,
        "b64" | "u64" | "s64" | "f64" => 64,
        _ => return None,
    })
}

impl<'a> Decoder<'a> {
    pub(super) fn body<'f>(
        &mut self,
        f: &'f Function,
        stmts: &'f [Stmt],
        func: &mut Func,
    ) -> Result<(), ParseError> {
        let mut b = Body {
            scopes: vec![HashMap::default()],
            nregs: 0,
            local_top: 0,
            param_top: func.param_bytes,
            labels: HashMap::default(),
            fixups: Vec::new(),
        };
        for (p, (off, size)) in f.params.iter().zip(&func.params) {
            b.declare(&p.name, LocalSym::Param(*off, *size), p.line)?;
        }
        if let (Some(r), Some((off, size))) = (f.results.first(), func.ret) {
            b.declare(&r.name, LocalSym::Param(off, size), r.line)?;
        }
        // Labels first: branches may go forward.
        let mut pc = 0u32;
        for s in stmts {
            match s {
                Stmt::Inst(_) => pc += 1,
                Stmt::Label(name, line) if b.labels.insert(name, pc).is_some() => {
                    return Err(perr(*line, format!("the label '{name}' is defined twice")));
                }
                _ => {}
            }
        }
        for s in stmts {
            match s {
                Stmt::Open(_) => b.scopes.push(HashMap::default()),
                Stmt::Close(line) => {
                    if b.scopes.len() <= 1 {
                        return Err(perr(*line, "'}' without '{'"));
                    }
                    b.scopes.pop();
                }
                Stmt::Label(..) => {}
                Stmt::Reg(r) => {
                    if r.vector != 1 {
                        return Err(perr(r.line, "vector registers are not supported"));
                    }
                    let width = reg_width(&r.ty).ok_or_else(|| {
                        perr(
                            r.line,
                            format!("registers of type .{} are not supported", r.ty),
                        )
                    })?;
                    for (name, count) in &r.names {
                        let n = u64::from(count.unwrap_or(1));
                        if b.nregs + n > MAX_REGS {
                            return Err(perr(r.line, "too many registers"));
                        }
                        let first = b.nregs as u32;
                        b.nregs += n;
                        let sym = match count {
                            Some(c) => LocalSym::Range(first, *c, width),
                            None => LocalSym::Reg(first, width),
                        };
                        b.declare(name, sym, r.line)?;
                    }
                }
                Stmt::Var(v) => {
                    let size = var_size(v)?;
                    let sym = match v.space {
                        Space::Local => {
                            let off = align_up(b.local_top, var_align(v));
                            b.local_top = off.saturating_add(size);
                            LocalSym::Local(off)
                        }
                        Space::Param => {
                            let off = align_up(b.param_top, var_align(v));
                            b.param_top = off.saturating_add(size);
                            LocalSym::Param(off, size)
                        }
                        Space::Shared if v.external || v.dims.contains(&0) => {
                            LocalSym::Shared(self.dynamic_offset)
                        }
                        Space::Shared => {
                            let off = align_up(self.shared_top, var_align(v));
                            self.shared_top = off.saturating_add(size);
                            LocalSym::Shared(off)
                        }
                        Space::Global | Space::Const => {
                            return Err(perr(
                                v.line,
                                "global and const variables in a function are not supported",
                            ))
                        }
                    };
                    if b.local_top > MAX_FRAME_BYTES || b.param_top > MAX_FRAME_BYTES {
                        return Err(perr(v.line, "the function's frame is too large"));
                    }
                    b.declare(&v.name, sym, v.line)?;
                }
                Stmt::Inst(i) => {
                    let guard = match &i.guard {
                        Some((p, neg)) => match b.lookup(p) {
                            Some(LocalSym::Reg(r, 1)) => Some((r, *neg)),
                            _ => {
                                return Err(perr(
                                    i.line,
                                    format!("the guard '{p}' is not a predicate register"),
                                ))
                            }
                        },
                        None => None,
                    };
                    let op = self.inst(i, &mut b, func.code.len())?;
                    func.code.push(op);
                    func.guards.push(guard);
                    func.origin.push((i.line, i.text.clone()));
                }
            }
        }
        for (at, label, line) in std::mem::take(&mut b.fixups) {
            let Some(&target) = b.labels.get(label) else {
                return Err(perr(line, format!("no label '{label}' in {}", f.name)));
            };
            if let Op::Bra { target: t } = &mut func.code[at] {
                *t = target;
            }
        }
        // Falling off the end returns, unless the function returns
        // elsewhere: then the end is a block nvcc (and we) emit empty for an
        // unreachable path.
        let returns = func.code.iter().any(|o| matches!(o, Op::Ret | Op::Exit));
        func.code.push(if returns { Op::FellOff } else { Op::Ret });
        func.guards.push(None);
        func.origin
            .push((f.line, "(the end of the function)".into()));
        func.nregs = b.nregs as u32;
        func.local_bytes = align_up(b.local_top, 16);
        func.param_bytes = align_up(b.param_top, 16);
        Ok(())
    }

    /// The address (state space `space`) of the symbol `name`; `generic`
    /// asks for its generic address.
    pub(super) fn symbol(&self, b: &Body, name: &str, generic: bool) -> Option<Src> {
        if let Some(s) = b.lookup(name) {
            return match s {
                LocalSym::Reg(r, _) => Some(Src::Reg(r)),
                LocalSym::Range(..) => None,
                LocalSym::Local(off) => Some(Src::Local(off, generic)),
                LocalSym::Param(off, _) => Some(Src::Param(off, generic)),
                LocalSym::Shared(off) => Some(Src::Imm(shared_addr(off, generic))),
            };
        }
        match self.globals.get(name)? {
            GlobalSym::Var(a) => Some(Src::Imm(*a)),
            GlobalSym::Shared(off) => Some(Src::Imm(shared_addr(*off, generic))),
            GlobalSym::Func(k) => Some(Src::Imm(code_addr(*k))),
        }
    }

    pub(super) fn inst<'f>(
        &mut self,
        i: &'f Inst,
        b: &mut Body<'f>,
        at: usize,
    ) -> Result<Op, ParseError> {
        let mut parts = i.opcode.split('.');
        let base = parts.next().unwrap_or("");
        let mods: Vec<&str> = parts.collect();
        match base {
            "bra" => {
                let [Operand::Name(label)] = i.operands.as_slice() else {
                    return Err(perr(i.line, "bra takes one label"));
                };
                b.fixups.push((at, label, i.line));
                Ok(Op::Bra { target: 0 })
            }
            "ret" => Ok(Op::Ret),
            "exit" => Ok(Op::Exit),
            "trap" => Ok(Op::Trap),
            // Memory ordering: every access is visible at once in this model;
            // the race checks count fences (a release by the next atomic).
            "membar" | "fence" => Ok(Op::Fence),
            "prefetch" | "prefetchu" | "nanosleep" | "pmevent" => Ok(Op::Nop),
            "call" => self.call(i, b),
            _ => Cx {
                dec: self,
                b,
                inst: i,
            }
            .decode(base, &mods),
        }
    }

    pub(super) fn call(&self, i: &Inst, b: &Body) -> Result<Op, ParseError> {
        let line = i.line;
        let ops = &i.operands;
        // `call (retval0), %rd1, (param0), prototype_0;`: through an address.
        if let Some((rets, f, args)) = match ops.as_slice() {
            [Operand::List(r), Operand::Name(f), Operand::List(a), Operand::Name(_)] => {
                Some((&r[..], f, &a[..]))
            }
            [Operand::Name(f), Operand::List(a), Operand::Name(_)] => Some((&[][..], f, &a[..])),
            _ => None,
        } {
            let Some(target) = self.symbol(b, f, true) else {
                return Err(perr(line, format!("'{f}' is no register or function")));
            };
            let param = |name: &str| -> Result<(u64, u64), ParseError> {
                match b.lookup(name) {
                    Some(LocalSym::Param(off, size)) => Ok((off, size)),
                    _ => Err(perr(
                        line,
                        format!("'{name}' in a call is not a .param variable of the caller"),
                    )),
                }
            };
            let args = args.iter().map(|a| param(a)).collect::<Result<_, _>>()?;
            let ret = rets.first().map(|r| param(r)).transpose()?;
            return Ok(Op::CallIndirect { target, args, ret });
        }
        let (rets, callee, args): (&[String], &str, &[String]) = match ops.as_slice() {
            [Operand::List(r), Operand::Name(f), Operand::List(a)] => (r, f, a),
            [Operand::List(r), Operand::Name(f)] => (r, f, &[]),
            [Operand::Name(f), Operand::List(a)] => (&[], f, a),
            [Operand::Name(f)] => (&[], f, &[]),
            _ => {
                return Ok(Op::Unsupported(
                    "this form of call (an indirect call?) is not supported".into(),
                ))
            }
        };
        let Some(GlobalSym::Func(k)) = self.globals.get(callee) else {
            if b.lookup(callee).is_some() {
                return Ok(Op::Unsupported("indirect calls are not supported".into()));
            }
            return Err(perr(
                line,
                format!("call of '{callee}', which is no function"),
            ));
        };
        let target = &self.funcs[*k as usize];
        let param = |name: &str| -> Result<(u64, u64), ParseError> {
            match b.lookup(name) {
                Some(LocalSym::Param(off, size)) => Ok((off, size)),
                _ => Err(perr(
                    line,
                    format!("'{name}' in a call is not a .param variable of the caller"),
                )),
            }
        };
        if args.len() != target.params.len() {
            return Err(perr(
                line,
                format!(
                    "'{callee}' takes {} parameters, the call gives {}",
                    target.params.len(),
                    args.len()
                ),
            ));
        }
        if rets.len() != usize::from(target.ret.is_some()) {
            return Err(perr(
                line,
                format!("the call's results do not match '{callee}''s"),
            ));
        }
        let mut copies = Vec::new();
        for (a, (off, size)) in args.iter().zip(&target.params) {
            let (c, csize) = param(a)?;
            if csize < *size {
                return Err(perr(
                    line,
                    format!("'{a}' has {csize} bytes, the parameter {size}"),
                ));
            }
            copies.push(ParamCopy {
                caller: c,
                callee: *off,
                size: *size,
            });
        }
        if callee == "vprintf" && !target.defined {
            // vprintf(const char *format, void *args) -> int
            let sizes: Vec<u64> = copies.iter().map(|c| c.size).collect();
            let ret = match (rets.first(), target.ret) {
                (Some(r), Some((_, 4))) => match param(r)? {
                    (off, size) if size >= 4 => Some(off),
                    _ => {
                        return Err(perr(
                            line,
                            format!("'{r}' is too small for vprintf's result"),
                        ))
                    }
                },
                (None, _) => None,
                _ => return Err(perr(line, "vprintf returns a .b32")),
            };
            if sizes != [8, 8] {
                return Err(perr(line, "vprintf takes two .b64 parameters"));
            }
            return Ok(Op::Printf {
                fmt: copies[0].caller,
                buf: copies[1].caller,
                ret,
            });
        }
        if !target.defined && (callee == "malloc" || callee == "free") {
            // malloc(size_t) -> void *, free(void *): the device heap.
            let sizes: Vec<u64> = copies.iter().map(|c| c.size).collect();
            let ret = match (rets.first(), target.ret) {
                (Some(r), Some((_, 8))) => match param(r)? {
                    (off, size) if size >= 8 => Some(off),
                    _ => return Err(perr(line, format!("'{r}' is too small for a pointer"))),
                },
                (None, None) => None,
                _ => return Err(perr(line, format!("{callee}'s result does not match"))),
            };
            return match (callee == "malloc", ret) {
                (true, Some(ret)) if sizes == [8] => Ok(Op::Malloc {
                    size: copies[0].caller,
                    ret,
                }),
                (false, None) if sizes == [8] => Ok(Op::Free {
                    ptr: copies[0].caller,
                }),
                _ => Err(perr(line, format!("{callee} takes one .b64 parameter"))),
            };
        }
        if !target.defined {
            return Ok(Op::Unsupported(format!(
                "'{callee}' has no body (an external function)"
            )));
        }
        let ret = match (rets.first(), target.ret) {
            (Some(r), Some((off, size))) => {
                let (c, csize) = param(r)?;
                Some(ParamCopy {
                    caller: c,
                    callee: off,
                    size: size.min(csize),
                })
            }
            _ => None,
        };
        Ok(Op::Call {
            callee: *k,
            args: copies,
            ret,
        })
    }
}

/// A function's address (`mov.u64 %rd1, f;`, `{f, g}` in an initializer):
/// the interpreter's code space, the function's index as the region.
pub(super) fn code_addr(k: u32) -> u64 {
    Ptr {
        space: CODE_SPACE,
        region: k,
        offset: 0,
    }
    .encode()
}

/// A shared offset as a shared-space address, or as a generic one.
pub(super) fn shared_addr(off: u64, generic: bool) -> u64 {
    if generic {
        Ptr {
            space: addrspace::SHARED,
            region: 0,
            offset: off,
        }
        .encode()
    } else {
        off
    }
}
