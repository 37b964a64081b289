//! Loads, stores and atomics: `ld`/`st` with their state space, volatility and
//! `.nc`, vectors, i1 and 32-bit shared addresses in memory, `atom`/`red`/`atom.cas`.

use super::types::*;
use super::Sel;
use crate::ir::*;
use crate::ptx::*;

impl Sel<'_> {
    /// A load: `ld.global.nc` from a read-only kernel argument, a vector into
    /// one register per lane, an i1 through a `%rs`.
    pub(super) fn load(&mut self, id: InstId, ptr: &Value, volatile: bool) {
        let f = self.f;
        let ty = f.inst(id).ty.clone();
        let space = self.access_space(ptr);
        let nc = space == addrspace::GLOBAL
            && !volatile
            && f.attrs.kernel
            && self
                .base_param(ptr)
                .and_then(|a| f.params.get(a as usize))
                .is_some_and(|p| {
                    // The lab's isel-nc: any `__restrict__` pointer, written or not.
                    p.noalias && (p.readonly || crate::bugs::Bug::IselNc.on(self.opts))
                })
            && self.may_rewrite();
        let addr = self.address(ptr);
        let vol = if volatile { ".volatile" } else { "" };
        let (v, elem) = match ty.as_vector() {
            Some((n, e)) => (format!(".v{n}"), e.clone()),
            None => (String::new(), ty.clone()),
        };
        let extended = self.ext_loads.get(&id).copied();
        let suffix = match extended {
            Some((_, true)) => mem_suffix(&elem).replace(".u", ".s"),
            _ => mem_suffix(&elem).to_string(),
        };
        let op = (
            Op::Ld,
            format!(
                "{}{}{}{v}{suffix}",
                vol,
                space_name(space),
                if nc { ".nc" } else { "" },
            ),
        );
        if let Some((ext, _)) = extended {
            // Into the extension's register: `ld.global.s8 %r17, [p]`.
            let d = self.def(ext);
            self.emit_opcode(op, vec![Operand::Reg(d), addr]);
            return;
        }
        if let Some((n, _)) = ty.as_vector() {
            // One register per lane: `{%f1, %f2, %f3, %f4}`.
            let regs: Vec<Reg> = (0..n).map(|_| self.m.new_reg(reg_class(&elem))).collect();
            let list = regs.iter().map(|r| Operand::Reg(*r)).collect();
            self.vec_regs.insert(id, regs);
            self.emit_opcode(op, vec![Operand::List(list), addr]);
        } else if ty == Type::I1 {
            let b = self.m.new_reg(RegClass::B16);
            self.emit_opcode(op, vec![Operand::Reg(b), addr]);
            let d = self.def(id);
            self.emit(
                Op::Setp,
                ".ne.s16",
                vec![Operand::Reg(d), Operand::Reg(b), Operand::Imm(0)],
            );
        } else if reg_bits(&ty) != ty.bits() {
            // A shared address in memory is 64 bits wide.
            let w = self.m.new_reg(RegClass::B64);
            self.emit_opcode(op, vec![Operand::Reg(w), addr]);
            let d = self.def(id);
            self.emit(Op::Cvt, ".u32.u64", vec![Operand::Reg(d), Operand::Reg(w)]);
        } else {
            let d = self.def(id);
            self.emit_opcode(op, vec![Operand::Reg(d), addr]);
        }
    }

    /// A cache-operator access as nvcc's header writes it:
    /// `llvm.nvvm.ld.global.cs.v4.s32(p)` is `ld.global.cs.v4.s32 {%r1, …}, [p]`,
    /// `llvm.nvvm.st.global.wt.f64(p, v)` is `st.global.wt.f64 [p], v`.
    pub(super) fn cache_access(&mut self, id: InstId, op: Op, mods: &str, args: &[Value]) {
        let [ptr, rest @ ..] = args else {
            return self.unsupported(&format!("{}{mods} without an address", op.name()));
        };
        let mods = mods.to_string();
        if op == Op::Ld {
            let addr = self.address(ptr);
            let ty = self.f.inst(id).ty.clone();
            let dst = if let Some((n, e)) = ty.as_vector() {
                let regs: Vec<Reg> = (0..n).map(|_| self.m.new_reg(reg_class(e))).collect();
                self.vec_regs.insert(id, regs.clone());
                Operand::List(regs.into_iter().map(Operand::Reg).collect())
            } else {
                Operand::Reg(self.def(id))
            };
            self.emit(op, mods, vec![dst, addr]);
            return;
        }
        let [val] = rest else {
            return self.unsupported(&format!("{}{mods} without one value", op.name()));
        };
        let vt = self.f.value_type(val);
        let v = if let Some((n, e)) = vt.as_vector() {
            let e = e.clone();
            let regs = (0..n)
                .map(|k| {
                    let lane = self.lane(val, k);
                    Operand::Reg(self.in_reg(lane, &e))
                })
                .collect();
            Operand::List(regs)
        } else {
            Operand::Reg(self.reg(val))
        };
        let addr = self.address(ptr);
        self.emit(op, mods, vec![addr, v]);
    }

    /// A store (a vector's lanes as `{%f1, …}`, an i1 as a `%rs` 0 or 1).
    pub(super) fn store(&mut self, val: &Value, ptr: &Value, volatile: bool) {
        // A float constant is stored as its bits (`mov.u32 %r1, 1065353216;
        // st.global.u32`), as LLVM's DAG combiner and nvcc do.
        let bits;
        let val = match val {
            Value::Float(Type::F32, b) => {
                bits = Value::Int(
                    Type::I32,
                    i64::from((f64::from_bits(*b) as f32).to_bits() as i32),
                );
                &bits
            }
            Value::Float(Type::F64, b) => {
                bits = Value::Int(Type::I64, *b as i64);
                &bits
            }
            v => v,
        };
        let f = self.f;
        let vt = f.value_type(val);
        let space = self.access_space(ptr);
        if let Some((n, e)) = vt.as_vector() {
            // `{%f1, %f2, %f3, %f4}`: the lanes' registers.
            let e = e.clone();
            let regs: Vec<Operand> = (0..n)
                .map(|k| {
                    let op = self.lane(val, k);
                    Operand::Reg(self.in_reg(op, &e))
                })
                .collect();
            let addr = self.address(ptr);
            let vol = if volatile { ".volatile" } else { "" };
            self.emit(
                Op::St,
                format!("{vol}{}.v{n}{}", space_name(space), mem_suffix(&e)),
                vec![addr, Operand::List(regs)],
            );
            return;
        }
        let v = if vt == Type::I1 {
            let p = self.reg(val);
            let b = self.m.new_reg(RegClass::B16);
            self.emit(
                Op::Selp,
                ".u16",
                vec![
                    Operand::Reg(b),
                    Operand::Imm(1),
                    Operand::Imm(0),
                    Operand::Reg(p),
                ],
            );
            Operand::Reg(b)
        } else if reg_bits(&vt) != vt.bits() {
            // A shared address in memory is 64 bits wide.
            let r = self.reg(val);
            let w = self.m.new_reg(RegClass::B64);
            self.emit(Op::Cvt, ".u64.u32", vec![Operand::Reg(w), Operand::Reg(r)]);
            Operand::Reg(w)
        } else {
            Operand::Reg(self.reg(val))
        };
        let addr = self.address(ptr);
        let vol = if volatile { ".volatile" } else { "" };
        self.emit(
            Op::St,
            format!("{}{}{}", vol, space_name(space), mem_suffix(&vt)),
            vec![addr, v],
        );
    }

    /// An `atomicrmw`: `atom`, or `red` when its old value is unused.
    pub(super) fn atomic_rmw(
        &mut self,
        id: InstId,
        op: AtomicOp,
        ptr: &Value,
        val: &Value,
        scope: SyncScope,
    ) {
        let f = self.f;
        let space = match f.value_type(ptr) {
            Type::Ptr(s) => s,
            _ => 0,
        };
        let t = f.value_type(val);
        let bits = t.bits();
        let (name, kind) = match op {
            AtomicOp::Add => ("add", 'u'),
            AtomicOp::FAdd => ("add", 'f'),
            AtomicOp::Sub => ("add", 'u'),
            AtomicOp::Xchg => ("exch", 'b'),
            AtomicOp::And => ("and", 'b'),
            AtomicOp::Or => ("or", 'b'),
            AtomicOp::Xor => ("xor", 'b'),
            AtomicOp::Max => ("max", 's'),
            AtomicOp::Min => ("min", 's'),
            AtomicOp::UMax => ("max", 'u'),
            AtomicOp::UMin => ("min", 'u'),
            AtomicOp::UIncWrap => ("inc", 'u'),
            AtomicOp::UDecWrap => ("dec", 'u'),
        };
        let v = if op == AtomicOp::Sub {
            let r = self.reg(val);
            let n = self.m.new_reg(r.class);
            self.emit(
                Op::Neg,
                format!(".s{bits}"),
                vec![Operand::Reg(n), Operand::Reg(r)],
            );
            Operand::Reg(n)
        } else {
            self.operand(val)
        };
        let addr = self.address(ptr);
        // An atomic whose old value nobody reads stays `atom` with an unread
        // destination, as nvcc 13.5 writes it at every target (ptxas makes
        // it a RED in SASS); it never writes `red`.
        let d = self.def(id);
        let op = (
            Op::Atom,
            format!(
                "{}{}.{name}.{kind}{bits}",
                space_name(space),
                scope_suffix(scope)
            ),
        );
        self.emit_opcode(op, vec![Operand::Reg(d), addr, v]);
    }

    /// A `cmpxchg`: `atom.cas`.
    pub(super) fn cmpxchg(
        &mut self,
        id: InstId,
        ptr: &Value,
        cmp: &Value,
        new: &Value,
        scope: SyncScope,
    ) {
        let f = self.f;
        let space = match f.value_type(ptr) {
            Type::Ptr(s) => s,
            _ => 0,
        };
        let bits = reg_bits(&f.value_type(cmp));
        // Constants stay immediates (`atom.global.cas.b32 %r1, [%rd1], 1, 2;`), as nvcc writes them.
        let (c, n) = (self.operand(cmp), self.operand(new));
        let addr = self.address(ptr);
        let d = self.def(id);
        let op = (
            Op::Atom,
            format!("{}{}.cas.b{bits}", space_name(space), scope_suffix(scope)),
        );
        self.emit_opcode(op, vec![Operand::Reg(d), addr, c, n]);
    }
}
