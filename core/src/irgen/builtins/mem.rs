//! `memcpy` and `memset`, expanded as NVPTX expands them.

use super::super::*;

impl Gen<'_> {
    /// `memcpy(d, s, n)` / `memset(d, c, n)` (`set`) byte by byte, as NVPTX
    /// expands them for pointers of unknown alignment (a copy of one word
    /// between aligned locals is the word): a constant `n` up to
    /// 128 bytes (its `max-aggr-copy-size`) unrolled — the loads first, then
    /// the stores — anything else a loop. Returns `d`.
    pub(super) fn mem_op(&mut self, set: bool, vals: &[Value]) -> Value {
        const UNROLL_MAX: i64 = 128;
        let (d, src, n) = (vals[0].clone(), vals[1].clone(), vals[2].clone());
        let name = if set { "memset" } else { "memcpy" };
        let byte = if set {
            self.emit(
                "memset.byte",
                Type::I8,
                InstKind::Cast {
                    op: CastOp::Trunc,
                    val: src.clone(),
                },
            )
        } else {
            src.clone()
        };
        let at = |g: &mut Self, base: &Value, i: Value, what: &str| {
            g.emit(
                &format!("{name}.{what}"),
                Type::Ptr(addrspace::GENERIC),
                InstKind::Gep {
                    elem_ty: Type::I8,
                    base: base.clone(),
                    indices: vec![i],
                },
            )
        };
        let load = |g: &mut Self, i: Value| {
            let p = at(g, &src, i, "src");
            g.emit(
                &format!("{name}.b"),
                Type::I8,
                InstKind::Load {
                    ptr: p,
                    align: 1,
                    volatile: false,
                },
            )
        };
        let store = |g: &mut Self, i: Value, val: Value| {
            let p = at(g, &d, i, "dst");
            g.emit(
                "",
                Type::Void,
                InstKind::Store {
                    val,
                    ptr: p,
                    align: 1,
                    volatile: false,
                },
            );
        };
        // A copy of 2, 4 or 8 bytes between places aligned for it (locals:
        // `memcpy(&bits, &x, 4)`) is one integer load and store, as LLVM's
        // instcombine makes it, so SROA sees through the type pun.
        let none = crate::collections::HashMap::default();
        if let (false, Some(count @ (2 | 4 | 8))) = (set, n.as_int()) {
            let align = self
                .f
                .known_align(&src, &none)
                .min(self.f.known_align(&d, &none));
            if align >= count as u64 {
                let ty = match count {
                    2 => Type::I16,
                    4 => Type::I32,
                    _ => Type::I64,
                };
                let v = self.emit(
                    &format!("{name}.v"),
                    ty,
                    InstKind::Load {
                        ptr: src.clone(),
                        align,
                        volatile: false,
                    },
                );
                self.emit(
                    "",
                    Type::Void,
                    InstKind::Store {
                        val: v,
                        ptr: d.clone(),
                        align,
                        volatile: false,
                    },
                );
                return d;
            }
        }
        if let Some(count) = n.as_int().filter(|c| (0..=UNROLL_MAX).contains(c)) {
            let bytes: Vec<Value> = (0..count)
                .map(|k| {
                    if set {
                        byte.clone()
                    } else {
                        load(self, Value::i64(k))
                    }
                })
                .collect();
            for (k, b) in bytes.into_iter().enumerate() {
                store(self, Value::i64(k as i64), b);
            }
            return d;
        }
        let before = self.block();
        let body = self.new_block(&format!("{name}.loop"));
        let end = self.new_block(&format!("{name}.end"));
        let empty = self.emit(
            &format!("{name}.empty"),
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Eq,
                lhs: n.clone(),
                rhs: Value::i64(0),
            },
        );
        self.cond_br(empty, end, body);
        self.start(body);
        let i = self.emit(
            &format!("{name}.i"),
            Type::I64,
            InstKind::Phi {
                incoming: vec![(Value::i64(0), before)],
            },
        );
        let b = if set { byte } else { load(self, i.clone()) };
        store(self, i.clone(), b);
        let next = self.emit(
            &format!("{name}.next"),
            Type::I64,
            InstKind::Bin {
                op: BinOp::Add,
                lhs: i.clone(),
                rhs: Value::i64(1),
                flags: Flags {
                    nuw: true,
                    ..Flags::default()
                },
            },
        );
        let more = self.emit(
            &format!("{name}.more"),
            Type::I1,
            InstKind::ICmp {
                pred: ICmp::Ult,
                lhs: next.clone(),
                rhs: n,
            },
        );
        let latch = self.block();
        self.cond_br(more, body, end);
        if let (Value::Inst(phi), Value::Inst(_)) = (&i, &next) {
            if let InstKind::Phi { incoming } = &mut self.f.inst_mut(*phi).kind {
                incoming.push((next.clone(), latch));
            }
        }
        self.start(end);
        d
    }
}
