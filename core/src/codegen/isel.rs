//! Instruction selection: IR → PTX instructions on virtual registers, one
//! register per SSA value, in cicc's register classes. Phis are left for
//! out-of-SSA (recorded in `PhiCopies`). A few patterns fuse what nvcc
//! fuses: `mul.wide.s32` for a sign-extended index, `mad.lo`, `fma.rn`
//! under -fmad=true, constant offsets folded into `[reg+off]` addresses.

use crate::collections::{HashMap, HashSet};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::options::Options;
use crate::ptx::*;

/// A phi to be resolved by out-of-SSA: its register and, per predecessor
/// machine block, the operand that flows in.
pub struct Phi {
    pub block: usize,
    pub dst: Reg,
    pub incoming: Vec<(usize, Operand)>,
}

pub struct Selected {
    pub func: MFunction,
    pub phis: Vec<Phi>,
}

pub fn reg_class(t: &Type) -> RegClass {
    match t {
        Type::I1 => RegClass::Pred,
        Type::I8 | Type::I16 | Type::Half => RegClass::B16,
        Type::I32 | Type::Ptr(addrspace::SHARED) => RegClass::B32,
        Type::F32 => RegClass::F32,
        Type::F64 => RegClass::F64,
        _ => RegClass::B64,
    }
}

/// The width of a value of type `t` in a register: its IR width, except
/// that a shared-memory pointer is 32 bits, as NVVM's data layout has it
/// (`p3:32:32:32`, on by default from sm_70): shared addresses are offsets
/// in a window of at most 228 KiB, so their arithmetic is 32-bit.
pub fn reg_bits(t: &Type) -> u32 {
    match t {
        Type::Ptr(addrspace::SHARED) => 32,
        t => t.bits(),
    }
}

/// The PTX type suffix for a value of IR type `t` used as `kind` (s: signed, u: unsigned, b: bits).
fn int_suffix(t: &Type, kind: char) -> String {
    let bits = match t {
        Type::I1 => return ".pred".into(),
        Type::I8 if kind == 'b' => 16,
        t => reg_bits(t),
    };
    format!(".{kind}{bits}")
}

fn float_suffix(t: &Type) -> &'static str {
    match t {
        Type::F64 => ".f64",
        Type::Half => ".f16",
        _ => ".f32",
    }
}

/// The memory access type of a load or store of `t`.
fn mem_suffix(t: &Type) -> &'static str {
    match t {
        Type::I1 | Type::I8 => ".u8",
        Type::I16 => ".u16",
        Type::I32 => ".u32",
        Type::I64 | Type::Ptr(_) => ".u64",
        Type::F32 => ".f32",
        Type::F64 => ".f64",
        Type::Half => ".b16",
        _ => ".b8",
    }
}

/// How a value of type `t` is passed to or returned from a `.func`: its
/// `.param` declaration type and the type of the `ld.param`/`st.param`
/// (NVVM declares 32-bit float parameters `.b32` and loads them `.f32`).
pub fn func_param_types(t: &Type) -> (&'static str, &'static str) {
    match t {
        Type::Ptr(addrspace::SHARED) => (".b32", ".u32"),
        Type::F32 => (".b32", ".f32"),
        Type::F64 => (".b64", ".f64"),
        Type::I64 | Type::Ptr(_) => (".b64", ".u64"),
        _ => (".b32", ".u32"),
    }
}

pub fn param_type(t: &Type) -> &'static str {
    match t {
        Type::I1 | Type::I8 => ".u8",
        Type::I16 => ".u16",
        Type::I32 | Type::Ptr(addrspace::SHARED) => ".u32",
        Type::F32 => ".f32",
        Type::F64 => ".f64",
        _ => ".u64",
    }
}

/// The PTX scope of an atomic: `.cta`, nothing (the GPU), `.sys`.
fn scope_suffix(s: SyncScope) -> &'static str {
    match s {
        SyncScope::Block => ".cta",
        SyncScope::Device => "",
        SyncScope::System => ".sys",
    }
}

fn space_name(space: u32) -> &'static str {
    match space {
        addrspace::GLOBAL => ".global",
        addrspace::SHARED => ".shared",
        addrspace::CONST => ".const",
        addrspace::LOCAL => ".local",
        addrspace::PARAM => ".param",
        _ => "",
    }
}

struct Sel<'a> {
    module: &'a Module,
    /// The `.param` symbol of each IR parameter (`func_retval0` for a
    /// struct result's pointer).
    param_names: Vec<String>,
    f: &'a Function,
    opts: &'a Options,
    m: MFunction,
    vals: HashMap<InstId, Operand>,
    args: Vec<Option<Reg>>,
    block_index: HashMap<BlockId, usize>,
    /// Instructions folded into their only user (not emitted themselves).
    folded: HashSet<InstId>,
    /// Constant-offset geps folded into the address of every load and store
    /// that uses them (`[%rd4+8]`; not emitted themselves).
    address_folded: HashSet<InstId>,
    /// The lane registers of each vector load.
    vec_regs: HashMap<InstId, Vec<Reg>>,
    /// Struct arguments built in a temporary only to be passed: the
    /// temporary's alloca → the values stored into it (offset, value); its
    /// stores go straight to the call's `.param` array instead.
    param_temps: HashMap<InstId, Vec<(i64, Value)>>,
    /// Struct results read straight from the call's `retval0`: the call →
    /// the loads of its result temporary (load, offset), defined in the
    /// callseq by `ld.param`.
    result_temps: HashMap<InstId, Vec<(InstId, i64)>>,
    /// Those temporaries, their stores, loads and addresses: nothing to emit.
    param_temp_parts: HashSet<InstId>,
    /// Allocas that get no slot in the local frame (the temporaries above).
    frameless: HashSet<InstId>,
    uses: Vec<u32>,
    /// Offsets of allocas in the local frame.
    frame_offsets: HashMap<InstId, u64>,
    /// `%SP`, the frame's generic address, when some use needs it.
    sp: Option<Operand>,
    /// Frame allocas whose generic address is used (not only their
    /// `addrspacecast` to the local space).
    generic_frame: HashSet<InstId>,
    /// Call sequences emitted so far (for `// callseq N`).
    calls: u32,
    /// The machine blocks a lowered switch added, per IR block (machine
    /// index): (added block, the block it branches to), for the phis.
    switch_edges: HashMap<usize, Vec<(usize, usize)>>,
    /// Scaled folded index extensions (`mul.wide`, or 32-bit for shared
    /// addresses): (extension, scale, address width) → register.
    wide_index: HashMap<(InstId, i64, u32), Reg>,
    cur: usize,
    loc: Option<DebugLoc>,
    diags: Vec<Diagnostic>,
}

/// Selects the instructions of `f`, a function of `module` (whose other
/// functions' signatures its calls follow).
pub fn select(
    module: &Module,
    f: &Function,
    index: usize,
    opts: &Options,
) -> Result<Selected, Vec<Diagnostic>> {
    let block_index: HashMap<BlockId, usize> =
        f.layout.iter().enumerate().map(|(n, b)| (*b, n)).collect();
    let blocks = f
        .layout
        .iter()
        .map(|b| MBlock {
            name: f.block(*b).name.clone(),
            insts: Vec::new(),
        })
        .collect();
    // A struct result's pointer is no PTX parameter: the result is
    // `func_retval0`, and the parameters are numbered without it.
    let sret = f.params.first().and_then(|p| p.sret.clone());
    let first = usize::from(sret.is_some());
    let param_names: Vec<String> = (0..f.params.len())
        .map(|n| match n.checked_sub(first) {
            Some(k) => format!("{}_param_{k}", f.name),
            None => "func_retval0".to_string(),
        })
        .collect();
    let params = f
        .params
        .iter()
        .enumerate()
        .skip(first)
        .map(|(n, p)| MParam {
            name: param_names[n].clone(),
            ty: if p.byval.is_some() {
                ".b8"
            } else if f.attrs.kernel {
                param_type(&p.ty)
            } else {
                func_param_types(&p.ty).0
            },
            bytes: p.byval.as_ref().map(|b| (b.align.max(1), b.size())),
        })
        .collect();
    let m = MFunction {
        name: f.name.clone(),
        kernel: f.attrs.kernel,
        weak: f.attrs.weak,
        params,
        blocks,
        order: (0..f.layout.len()).collect(),
        reg_count: Vec::new(),
        frame: None,
        index,
        directives: kernel_directives(f, opts),
        ret: (f.ret != Type::Void).then(|| func_param_types(&f.ret).0),
        ret_bytes: sret.map(|b| (b.align.max(1), b.size())),
    };
    let mut s = Sel {
        param_names,
        module,
        f,
        opts,
        m,
        vals: HashMap::default(),
        args: vec![None; f.params.len()],
        block_index,
        folded: HashSet::default(),
        address_folded: HashSet::default(),
        vec_regs: HashMap::default(),
        param_temps: HashMap::default(),
        result_temps: HashMap::default(),
        param_temp_parts: HashSet::default(),
        frameless: HashSet::default(),
        uses: f.use_counts(),
        frame_offsets: HashMap::default(),
        sp: None,
        generic_frame: HashSet::default(),
        calls: 0,
        wide_index: HashMap::default(),
        switch_edges: HashMap::default(),
        cur: 0,
        loc: None,
        diags: Vec::new(),
    };
    s.plan_param_temps();
    s.plan_folds();
    s.prologue();
    let mut phis = Vec::new();
    // Phi destinations first, so uses in any order find them.
    for (n, &b) in f.layout.iter().enumerate() {
        for &i in &f.block(b).insts {
            if let InstKind::Phi { .. } = f.inst(i).kind {
                let r = s.m.new_reg(reg_class(&f.inst(i).ty));
                s.vals.insert(i, Operand::Reg(r));
                phis.push((n, i, r));
            }
        }
    }
    for (n, &b) in f.layout.iter().enumerate() {
        s.cur = n;
        for &i in &f.block(b).insts {
            if !s.folded.contains(&i)
                && !s.address_folded.contains(&i)
                && !s.param_temp_parts.contains(&i)
            {
                s.inst(i);
            }
        }
    }
    let mut out_phis = Vec::new();
    for (n, i, r) in phis {
        let InstKind::Phi { incoming } = &f.inst(i).kind else {
            continue;
        };
        let mut inc: Vec<(usize, Operand)> = Vec::new();
        for (v, pb) in incoming {
            let Some(&p) = s.block_index.get(pb) else {
                continue;
            };
            s.cur = p;
            // Constants and arguments become operands here; the copy is placed by out-of-SSA.
            // What the operand needs computed (a predicate constant's setp, a
            // symbol's address) goes before the block's branches, not after.
            let before = s.m.blocks[p].insts.len();
            let op = s.operand(v);
            let blk = &mut s.m.blocks[p].insts;
            let mut at = before;
            while at > 0 && blk[at - 1].is_terminator() {
                at -= 1;
            }
            let made: Vec<Instr> = blk.drain(before..).collect();
            for (k, i) in made.into_iter().enumerate() {
                blk.insert(at + k, i);
            }
            match s.switch_edges.get(&p) {
                // A switch's edges leave from the blocks of its compares.
                Some(edges) => {
                    for &(from, to) in edges {
                        if to == n && !inc.iter().any(|(x, _)| *x == from) {
                            inc.push((from, op.clone()));
                        }
                    }
                }
                None => inc.push((p, op)),
            }
        }
        out_phis.push(Phi {
            block: n,
            dst: r,
            incoming: inc,
        });
    }
    if !s.diags.is_empty() {
        return Err(s.diags);
    }
    Ok(Selected {
        func: s.m,
        phis: out_phis,
    })
}

impl Sel<'_> {
    fn emit(&mut self, opcode: impl Into<String>, operands: Vec<Operand>) {
        let mut i = Instr::new(opcode, operands);
        i.loc = self.loc;
        self.m.blocks[self.cur].insts.push(i);
    }

    fn emit_guarded(&mut self, guard: (Reg, bool), opcode: &str, operands: Vec<Operand>) {
        let mut i = Instr::new(opcode, operands);
        i.guard = Some(guard);
        i.loc = self.loc;
        self.m.blocks[self.cur].insts.push(i);
    }

    fn unsupported(&mut self, what: &str) {
        let msg = format!("code generation for {what} is not supported yet");
        let mut span = crate::diag::Span {
            file: String::new(),
            line: 0,
            column: 0,
            len: 1,
        };
        if let Some(l) = self.loc {
            span.line = l.line;
            span.column = l.column;
        }
        if !self.diags.iter().any(|d| d.message == msg) {
            self.diags.push(Diagnostic::error(span, msg));
        }
    }

    /// Decides which instructions are computed inside their only user: a
    /// folded value must be defined in the user's block (a register it reads
    /// could be reassigned by a phi copy on a loop's back edge otherwise).
    fn plan_folds(&mut self) {
        let f = self.f;
        let mut block_of: HashMap<InstId, BlockId> = HashMap::default();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                block_of.insert(i, b);
            }
        }
        let single_local_use = |def: &Value, user: InstId, uses: &[u32]| -> Option<InstId> {
            let d = def.as_inst()?;
            (uses[d.0 as usize] == 1 && block_of.get(&d) == block_of.get(&user)).then_some(d)
        };
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                match &f.inst(i).kind {
                    // sext/zext i32 → i64 used only as gep indices in its block:
                    // mul.wide.s32 from the 32-bit value, once per scale.
                    InstKind::Gep { indices, .. } => {
                        for idx in indices {
                            let Some(d) = idx.as_inst() else { continue };
                            let is_ext = matches!(&f.inst(d).kind, InstKind::Cast { op: CastOp::SExt | CastOp::ZExt, val } if f.value_type(val) == Type::I32);
                            if is_ext
                                && block_of.get(&d) == block_of.get(&i)
                                && gep_index_uses(f, d, block_of[&d]) == self.uses[d.0 as usize]
                            {
                                self.folded.insert(d);
                            }
                        }
                    }
                    // a*b+c: fma (floats, when contraction is allowed) or mad.lo (integers).
                    InstKind::Bin {
                        op: op @ (BinOp::FAdd | BinOp::Add),
                        lhs,
                        rhs,
                        flags,
                    } => {
                        if *op == BinOp::FAdd && !(flags.contract && self.opts.fmad) {
                            continue;
                        }
                        for side in [lhs, rhs] {
                            if let Some(d) = single_local_use(side, i, &self.uses) {
                                let ok = match &f.inst(d).kind {
                                    InstKind::Bin {
                                        op: BinOp::FMul,
                                        flags,
                                        ..
                                    } => flags.contract && *op == BinOp::FAdd,
                                    InstKind::Bin { op: BinOp::Mul, .. } => {
                                        *op == BinOp::Add && f.inst(d).ty != Type::I1
                                    }
                                    _ => false,
                                };
                                if ok {
                                    self.folded.insert(d);
                                    break;
                                }
                            }
                        }
                    }
                    _ => {}
                }
            }
        }
        // Geps with constant offsets used only as load/store addresses
        // become `[reg+off]` in each of them (in any block: the base
        // dominates the gep, so its register holds it at every use; licm
        // hoists such geps out of loops, where their loads stay).
        let mut address_uses: HashMap<InstId, u32> = HashMap::default();
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                let ptr = match &f.inst(i).kind {
                    InstKind::Load { ptr, .. } => ptr,
                    InstKind::Store { ptr, val, .. } if val != ptr => ptr,
                    _ => continue,
                };
                if let Some(d) = ptr.as_inst() {
                    *address_uses.entry(d).or_default() += 1;
                }
            }
        }
        // A constant gep whose uses are all folded geps folds too (a member
        // of a member: `[%SP+20]`), so the analysis runs to a fixed point.
        let constant_gep = |d: InstId| match &f.inst(d).kind {
            InstKind::Gep { indices, .. } => indices.iter().all(|x| x.as_int().is_some()),
            _ => false,
        };
        let mut work: Vec<InstId> = address_uses.keys().copied().collect();
        work.sort();
        while let Some(d) = work.pop() {
            let n = address_uses.get(&d).copied().unwrap_or(0);
            if self.address_folded.contains(&d) || n != self.uses[d.0 as usize] || !constant_gep(d)
            {
                continue;
            }
            self.address_folded.insert(d);
            if let InstKind::Gep {
                base: Value::Inst(b),
                ..
            } = &f.inst(d).kind
            {
                *address_uses.entry(*b).or_default() += 1;
                work.push(*b);
            }
        }
        // The compare of a min/max/abs select, and abs's negation, live in
        // the select's instruction.
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                if self.min_max_abs(i).is_none() {
                    continue;
                }
                let InstKind::Select { cond, t, .. } = &f.inst(i).kind else {
                    continue;
                };
                for v in [cond, t] {
                    if let Some(d) = single_local_use(v, i, &self.uses) {
                        if matches!(
                            f.inst(d).kind,
                            InstKind::ICmp { .. } | InstKind::Bin { op: BinOp::Sub, .. }
                        ) {
                            self.folded.insert(d);
                        }
                    }
                }
            }
        }
        // Addresses in a by-value struct parameter are `[k_param_0+off]`
        // operands, never registers.
        for &b in &f.layout {
            for &i in &f.block(b).insts {
                if matches!(f.inst(i).kind, InstKind::Gep { .. })
                    && self.byval_address(&Value::Inst(i)).is_some()
                {
                    self.folded.insert(i);
                }
            }
        }
    }

    /// `select (icmp slt a, b), a, b` and its kin: `min.s32 a, b`, `max.u64`,
    /// or (`select (icmp slt x, 0), (sub 0, x), x`) `abs.s32 x`. The opcode
    /// and operands, when the select is one of these.
    fn min_max_abs(&self, id: InstId) -> Option<(String, Value, Option<Value>)> {
        let f = self.f;
        let InstKind::Select { cond, t, f: e } = &f.inst(id).kind else {
            return None;
        };
        let ty = f.inst(id).ty.clone();
        if !matches!(ty, Type::I16 | Type::I32 | Type::I64) {
            return None;
        }
        let InstKind::ICmp { pred, lhs, rhs } = &f.inst(cond.as_inst()?).kind else {
            return None;
        };
        let (kind, is_max) = match pred {
            ICmp::Slt | ICmp::Sle => ('s', false),
            ICmp::Sgt | ICmp::Sge => ('s', true),
            ICmp::Ult | ICmp::Ule => ('u', false),
            ICmp::Ugt | ICmp::Uge => ('u', true),
            _ => return None,
        };
        if lhs == t && rhs == e {
            let op = if is_max { "max" } else { "min" };
            return Some((
                format!("{op}{}", int_suffix(&ty, kind)),
                t.clone(),
                Some(e.clone()),
            ));
        }
        if lhs == e && rhs == t {
            let op = if is_max { "min" } else { "max" };
            return Some((
                format!("{op}{}", int_suffix(&ty, kind)),
                t.clone(),
                Some(e.clone()),
            ));
        }
        // abs: x < 0 ? 0 - x : x
        let negated = |v: &Value, x: &Value| {
            v.as_inst().is_some_and(|n| {
                matches!(&f.inst(n).kind, InstKind::Bin { op: BinOp::Sub, lhs: z, rhs: y, .. }
                    if z.as_int() == Some(0) && y == x)
            })
        };
        if *pred == ICmp::Slt && rhs.as_int() == Some(0) && lhs == e && negated(t, e) {
            return Some((format!("abs{}", int_suffix(&ty, 's')), e.clone(), None));
        }
        None
    }

    /// Finds struct temporaries that are only filled and passed by value to
    /// one call in the same block (irgen's `agg.tmp` of an argument): their
    /// stores become the call's `st.param`s, and they take no local memory,
    /// as NVRTC passes a struct from registers.
    fn plan_param_temps(&mut self) {
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
                for op in f.inst(i).kind.operands() {
                    if let Value::Inst(d) = op {
                        users.entry(*d).or_default().push(i);
                    }
                }
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
                        InstKind::Call { callee, args }
                            if p == a
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
    fn plan_result_temps(
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
                        InstKind::Call { callee, args }
                            if p == a
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

    /// Parameter loads and the stack frame, in the entry block.
    fn prologue(&mut self) {
        let f = self.f;
        // The local frame: every alloca left gets a slot.
        let mut size = 0u64;
        let mut align = 1u64;
        for &i in &f.block(f.entry()).insts {
            if self.frameless.contains(&i) {
                continue;
            }
            if let InstKind::Alloca { ty, align: a } = &f.inst(i).kind {
                let a = (*a).max(ty.align()).max(1);
                size = size.div_ceil(a) * a;
                self.frame_offsets.insert(i, size);
                size += ty.size().max(1);
                align = align.max(a);
            }
        }
        if !self.frame_offsets.is_empty() {
            let size = size.div_ceil(align) * align;
            self.m.frame = Some((align, size));
            let depot = self.m.depot_name();
            self.emit(
                "mov.u64",
                vec![Operand::Sym("%SPL".into()), Operand::Sym(depot)],
            );
            // A frame slot's generic address (`%SP`-based) is needed only where
            // it escapes as a generic pointer; its local address is `%SPL`-based.
            let mut generic_uses = false;
            for &b in &f.layout {
                for &i in &f.block(b).insts {
                    let inst = f.inst(i);
                    let to_local = matches!(
                        inst.kind,
                        InstKind::Cast {
                            op: CastOp::AddrSpaceCast,
                            ..
                        }
                    ) && inst.ty == Type::Ptr(addrspace::LOCAL);
                    if self.local_slot_to_generic(i).is_some() {
                        generic_uses = true;
                    }
                    for op in inst.kind.operands() {
                        if let Value::Inst(a) = op {
                            if self.frame_offsets.contains_key(a) && !to_local {
                                self.generic_frame.insert(*a);
                                generic_uses = true;
                            }
                        }
                    }
                }
            }
            if generic_uses {
                self.emit(
                    "cvta.local.u64",
                    vec![Operand::Sym("%SP".into()), Operand::Sym("%SPL".into())],
                );
                self.sp = Some(Operand::Sym("%SP".into()));
            }
        }
        for (n, p) in f.params.iter().enumerate() {
            let used = f
                .layout
                .iter()
                .flat_map(|b| f.block(*b).insts.iter())
                .any(|&i| {
                    f.inst(i)
                        .kind
                        .operands()
                        .iter()
                        .any(|v| **v == Value::Arg(n as u32))
                });
            // A struct by value is read in place: `ld.param [f_param_0+4]`;
            // a struct result is written in place: `st.param [func_retval0+4]`.
            if !used || p.byval.is_some() || p.sret.is_some() {
                continue;
            }
            let class = reg_class(&p.ty);
            let name = self.param_names[n].clone();
            if !f.attrs.kernel {
                // A `.func` parameter: 32 bits at least, read with its value type.
                let (_, ld) = func_param_types(&p.ty);
                let wide = if class == RegClass::Pred || class == RegClass::B16 {
                    RegClass::B32
                } else {
                    class
                };
                let r = self.m.new_reg(wide);
                self.emit(
                    format!("ld.param{ld}"),
                    vec![
                        Operand::Reg(r),
                        Operand::Addr(Box::new(Operand::Sym(name)), 0),
                    ],
                );
                let v = match class {
                    RegClass::Pred => {
                        let p = self.m.new_reg(RegClass::Pred);
                        self.emit(
                            "setp.ne.s32",
                            vec![Operand::Reg(p), Operand::Reg(r), Operand::Imm(0)],
                        );
                        p
                    }
                    RegClass::B16 => {
                        let h = self.m.new_reg(RegClass::B16);
                        self.emit("cvt.u16.u32", vec![Operand::Reg(h), Operand::Reg(r)]);
                        h
                    }
                    _ => r,
                };
                self.args[n] = Some(v);
                continue;
            }
            if class == RegClass::Pred {
                let b = self.m.new_reg(RegClass::B16);
                let r = self.m.new_reg(RegClass::Pred);
                self.emit(
                    "ld.param.u8",
                    vec![
                        Operand::Reg(b),
                        Operand::Addr(Box::new(Operand::Sym(name)), 0),
                    ],
                );
                self.emit(
                    "setp.ne.s16",
                    vec![Operand::Reg(r), Operand::Reg(b), Operand::Imm(0)],
                );
                self.args[n] = Some(r);
                continue;
            }
            let r = self.m.new_reg(class);
            let ty = param_type(&p.ty);
            self.emit(
                format!("ld.param{ty}"),
                vec![
                    Operand::Reg(r),
                    Operand::Addr(Box::new(Operand::Sym(name)), 0),
                ],
            );
            self.args[n] = Some(r);
        }
    }

    /// A value as an operand (constants as immediates).
    fn operand(&mut self, v: &Value) -> Operand {
        match v {
            Value::Inst(i) => match self.vals.get(i) {
                Some(op) => op.clone(),
                None => {
                    // Folded into this user: compute it here.
                    if self.folded.contains(i) {
                        self.folded.remove(i);
                        self.inst(*i);
                        self.vals.get(i).cloned().unwrap_or(Operand::Imm(0))
                    } else {
                        self.unsupported("a value used before its definition");
                        Operand::Imm(0)
                    }
                }
            },
            Value::Arg(a) => {
                if self
                    .f
                    .params
                    .get(*a as usize)
                    .is_some_and(|p| p.byval.is_some() || p.sret.is_some())
                {
                    self.unsupported(
                        "using a by-value struct parameter other than by loads of its members",
                    );
                }
                self.args
                    .get(*a as usize)
                    .copied()
                    .flatten()
                    .map_or(Operand::Imm(0), Operand::Reg)
            }
            Value::Int(Type::I1, c) => {
                // Predicates have no immediates: materialize.
                let r = self.m.new_reg(RegClass::Pred);
                self.emit(
                    "setp.ne.s32",
                    vec![
                        Operand::Reg(r),
                        Operand::Imm(i64::from(*c != 0)),
                        Operand::Imm(0),
                    ],
                );
                Operand::Reg(r)
            }
            Value::Int(_, c) => Operand::Imm(*c),
            // PTX's f16 instructions take no immediates: the bits go into a `%rs`.
            Value::Float(Type::Half, _) | Value::Undef(Type::Half) => {
                let bits = match v {
                    Value::Float(_, b) => crate::ir::fold::f64_to_f16(f64::from_bits(*b)),
                    _ => 0,
                };
                let r = self.m.new_reg(RegClass::B16);
                self.emit(
                    "mov.b16",
                    vec![Operand::Reg(r), Operand::Sym(format!("0x{bits:04X}"))],
                );
                Operand::Reg(r)
            }
            Value::Float(Type::F64, b) => Operand::F64(*b),
            Value::Float(_, b) => Operand::F32((f64::from_bits(*b) as f32).to_bits()),
            Value::Null(_) => Operand::Imm(0),
            // A variable's address in its own space (`mov.u64 %rd1, smem;`).
            Value::Global(name, _) => Operand::Sym(name.clone()),
            Value::Undef(t) => match t {
                Type::F32 => Operand::F32(0),
                Type::F64 => Operand::F64(0),
                Type::I1 => self.operand(&Value::bool(false)),
                _ => Operand::Imm(0),
            },
        }
    }

    /// A value in a register (immediates are moved into one).
    fn reg(&mut self, v: &Value) -> Reg {
        let op = self.operand(v);
        let t = self.f.value_type(v);
        self.in_reg(op, &t)
    }

    /// An operand of type `t` in a register (an immediate is moved into one).
    fn in_reg(&mut self, op: Operand, t: &Type) -> Reg {
        match op {
            Operand::Reg(r) => r,
            op => {
                let class = reg_class(t);
                let r = self.m.new_reg(class);
                let ty = match class {
                    RegClass::F32 => ".f32".to_string(),
                    RegClass::F64 => ".f64".to_string(),
                    _ => int_suffix(t, 'u').replace(".u8", ".u16"),
                };
                self.emit(format!("mov{ty}"), vec![Operand::Reg(r), op]);
                r
            }
        }
    }

    /// Lane `k` of a vector value: a vector load's register for it, or the
    /// element the last insertelement of the lane put there (a chain is
    /// followed back to its start, `undef`).
    fn lane(&mut self, vec: &Value, k: u32) -> Operand {
        match vector_lane(self.f, vec, k) {
            Lane::Scalar(v) => return self.operand(&v),
            Lane::Of(Value::Inst(i)) => {
                if let Some(r) = self.vec_regs.get(&i).and_then(|r| r.get(k as usize)) {
                    return Operand::Reg(*r);
                }
            }
            Lane::Of(_) => {}
        }
        self.unsupported("a vector value other than a load or an insertelement chain");
        Operand::Imm(0)
    }

    /// The state space a load or store at `ptr` names (`.param` for a
    /// by-value struct parameter's bytes).
    fn access_space(&self, ptr: &Value) -> u32 {
        match self.f.value_type(ptr) {
            _ if self.byval_address(ptr).is_some() => addrspace::PARAM,
            Type::Ptr(s) => s,
            _ => 0,
        }
    }

    fn def(&mut self, i: InstId) -> Reg {
        let r = self.m.new_reg(reg_class(&self.f.inst(i).ty));
        self.vals.insert(i, Operand::Reg(r));
        r
    }

    fn ftz(&self, t: &Type) -> &'static str {
        if self.opts.ftz && *t == Type::F32 {
            ".ftz"
        } else {
            ""
        }
    }

    /// Follows geps and casts from a pointer back to a kernel parameter.
    fn base_param(&self, v: &Value) -> Option<u32> {
        let mut v = v.clone();
        for _ in 0..64 {
            match v {
                Value::Arg(a) => return Some(a),
                Value::Inst(i) => match &self.f.inst(i).kind {
                    InstKind::Gep { base, .. } => v = base.clone(),
                    InstKind::Cast {
                        op: CastOp::AddrSpaceCast,
                        val,
                    } => v = val.clone(),
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// A pointer into a by-value struct parameter at a constant offset:
    /// the parameter's `.param` symbol and the offset.
    fn byval_address(&self, ptr: &Value) -> Option<(String, i64)> {
        let mut v = ptr.clone();
        let mut off = 0i64;
        for _ in 0..64 {
            match v {
                Value::Arg(a) => {
                    let p = self.f.params.get(a as usize)?;
                    p.byval.as_ref().or(p.sret.as_ref())?;
                    return Some((self.param_names[a as usize].clone(), off));
                }
                Value::Inst(i) => match &self.f.inst(i).kind {
                    InstKind::Gep {
                        elem_ty,
                        base,
                        indices,
                    } => {
                        off = off.checked_add(gep_const_offset(elem_ty, indices)?)?;
                        v = base.clone();
                    }
                    _ => return None,
                },
                _ => return None,
            }
        }
        None
    }

    /// For `addrspacecast ptr addrspace(5) %a.local to ptr` where `%a.local`
    /// is a frame slot's local address: the slot's offset.
    fn local_slot_to_generic(&self, id: InstId) -> Option<u64> {
        let inst = self.f.inst(id);
        let InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val,
        } = &inst.kind
        else {
            return None;
        };
        if inst.ty != Type::Ptr(addrspace::GENERIC) {
            return None;
        }
        let InstKind::Cast {
            op: CastOp::AddrSpaceCast,
            val: inner,
        } = &self.f.inst(val.as_inst()?).kind
        else {
            return None;
        };
        self.frame_offsets.get(&inner.as_inst()?).copied()
    }

    /// The address operand of a load or store: `[reg]` or `[reg+off]`.
    fn address(&mut self, ptr: &Value) -> Operand {
        if let Some((sym, off)) = self.byval_address(ptr) {
            return Operand::Addr(Box::new(Operand::Sym(sym)), off);
        }
        if let Value::Global(name, _) = ptr {
            return Operand::Addr(Box::new(Operand::Sym(name.clone())), 0);
        }
        if let Value::Inst(g) = ptr {
            if self.address_folded.contains(g) {
                if let InstKind::Gep {
                    elem_ty,
                    base,
                    indices,
                } = &self.f.inst(*g).kind
                {
                    let off = gep_const_offset(elem_ty, indices).unwrap_or(0);
                    if let Operand::Addr(b, o) = self.address(&base.clone()) {
                        return Operand::Addr(b, o + off);
                    }
                }
            }
            if self.folded.contains(g) {
                if let InstKind::Gep {
                    elem_ty,
                    base,
                    indices,
                } = self.f.inst(*g).kind.clone()
                {
                    self.folded.remove(g);
                    let off = gep_const_offset(&elem_ty, &indices).unwrap_or(0);
                    if let Value::Global(name, _) = &base {
                        return Operand::Addr(Box::new(Operand::Sym(name.clone())), off);
                    }
                    let b = self.reg(&base);
                    return Operand::Addr(Box::new(Operand::Reg(b)), off);
                }
            }
            if let Some(&off) = self.frame_offsets.get(g) {
                // A stack slot: addressed from the frame pointer.
                if let Some(sp) = self.sp.clone() {
                    return Operand::Addr(Box::new(sp), off as i64);
                }
            }
        }
        let r = self.reg(ptr);
        Operand::Addr(Box::new(Operand::Reg(r)), 0)
    }

    fn inst(&mut self, id: InstId) {
        let f = self.f;
        let inst = f.inst(id);
        if inst.loc.is_some() {
            self.loc = inst.loc;
        }
        let ty = inst.ty.clone();
        match &inst.kind {
            InstKind::Alloca { .. } => {
                // Only a slot whose generic address is used has one computed
                // here; its local address comes with its `addrspacecast`.
                if !self.generic_frame.contains(&id) {
                    return;
                }
                let off = self.frame_offsets.get(&id).copied().unwrap_or(0);
                let d = self.def(id);
                let sp = self.sp.clone().unwrap_or(Operand::Imm(0));
                self.emit(
                    "add.u64",
                    vec![Operand::Reg(d), sp, Operand::Imm(off as i64)],
                );
            }
            InstKind::Load { ptr, volatile, .. } => {
                let space = self.access_space(ptr);
                let nc = space == addrspace::GLOBAL
                    && !volatile
                    && f.attrs.kernel
                    && self
                        .base_param(ptr)
                        .and_then(|a| f.params.get(a as usize))
                        .is_some_and(|p| p.noalias && p.readonly);
                let addr = self.address(ptr);
                let vol = if *volatile { ".volatile" } else { "" };
                let (v, elem) = match ty.as_vector() {
                    Some((n, e)) => (format!(".v{n}"), e.clone()),
                    None => (String::new(), ty.clone()),
                };
                let op = format!(
                    "ld{}{}{}{v}{}",
                    vol,
                    space_name(space),
                    if nc { ".nc" } else { "" },
                    mem_suffix(&elem)
                );
                if let Some((n, _)) = ty.as_vector() {
                    // One register per lane: `{%f1, %f2, %f3, %f4}`.
                    let regs: Vec<Reg> = (0..n).map(|_| self.m.new_reg(reg_class(&elem))).collect();
                    let list = regs
                        .iter()
                        .map(Reg::to_string)
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.vec_regs.insert(id, regs);
                    self.emit(op, vec![Operand::Sym(format!("{{{list}}}")), addr]);
                } else if ty == Type::I1 {
                    let b = self.m.new_reg(RegClass::B16);
                    self.emit(op, vec![Operand::Reg(b), addr]);
                    let d = self.def(id);
                    self.emit(
                        "setp.ne.s16",
                        vec![Operand::Reg(d), Operand::Reg(b), Operand::Imm(0)],
                    );
                } else if reg_bits(&ty) != ty.bits() {
                    // A shared address in memory is 64 bits wide.
                    let w = self.m.new_reg(RegClass::B64);
                    self.emit(op, vec![Operand::Reg(w), addr]);
                    let d = self.def(id);
                    self.emit("cvt.u32.u64", vec![Operand::Reg(d), Operand::Reg(w)]);
                } else {
                    let d = self.def(id);
                    self.emit(op, vec![Operand::Reg(d), addr]);
                }
            }
            InstKind::Store {
                val, ptr, volatile, ..
            } => {
                let vt = f.value_type(val);
                let space = self.access_space(ptr);
                if let Some((n, e)) = vt.as_vector() {
                    // `{%f1, %f2, %f3, %f4}`: the lanes' registers.
                    let e = e.clone();
                    let regs: Vec<String> = (0..n)
                        .map(|k| {
                            let op = self.lane(val, k);
                            self.in_reg(op, &e).to_string()
                        })
                        .collect();
                    let addr = self.address(ptr);
                    let vol = if *volatile { ".volatile" } else { "" };
                    self.emit(
                        format!("st{vol}{}.v{n}{}", space_name(space), mem_suffix(&e)),
                        vec![addr, Operand::Sym(format!("{{{}}}", regs.join(", ")))],
                    );
                    return;
                }
                let v = if vt == Type::I1 {
                    let p = self.reg(val);
                    let b = self.m.new_reg(RegClass::B16);
                    self.emit(
                        "selp.u16",
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
                    self.emit("cvt.u64.u32", vec![Operand::Reg(w), Operand::Reg(r)]);
                    Operand::Reg(w)
                } else {
                    Operand::Reg(self.reg(val))
                };
                let addr = self.address(ptr);
                let vol = if *volatile { ".volatile" } else { "" };
                self.emit(
                    format!("st{}{}{}", vol, space_name(space), mem_suffix(&vt)),
                    vec![addr, v],
                );
            }
            // A lane is the register (or constant) that lane already is.
            InstKind::ExtractElement { vec, idx } => {
                let Some(k) = idx.as_int().and_then(|k| u32::try_from(k).ok()) else {
                    self.unsupported("extractelement of a lane that is not a constant");
                    return;
                };
                let op = self.lane(vec, k);
                self.vals.insert(id, op);
            }
            // Nothing to compute: a store (or extractelement) of the vector
            // reads each lane where it was defined.
            InstKind::InsertElement { .. } => {}
            InstKind::Gep {
                elem_ty,
                base,
                indices,
            } => self.gep(id, elem_ty, base, indices),
            InstKind::Bin {
                op,
                lhs,
                rhs,
                flags,
            } => self.binary(id, *op, lhs, rhs, flags),
            InstKind::FNeg(v) => {
                let a = self.operand(v);
                let d = self.def(id);
                let op = format!("neg{}{}", self.ftz(&ty), float_suffix(&ty));
                self.emit(op, vec![Operand::Reg(d), a]);
            }
            InstKind::ICmp { pred, lhs, rhs } => {
                let t = f.value_type(lhs);
                if t == Type::I1 {
                    let (a, b) = (self.reg(lhs), self.reg(rhs));
                    let d = self.def(id);
                    self.emit(
                        "xor.pred",
                        vec![Operand::Reg(d), Operand::Reg(a), Operand::Reg(b)],
                    );
                    if *pred == ICmp::Eq {
                        self.emit("not.pred", vec![Operand::Reg(d), Operand::Reg(d)]);
                    }
                    return;
                }
                let (cmp, kind) = match pred {
                    ICmp::Eq => ("eq", 's'),
                    ICmp::Ne => ("ne", 's'),
                    ICmp::Slt => ("lt", 's'),
                    ICmp::Sle => ("le", 's'),
                    ICmp::Sgt => ("gt", 's'),
                    ICmp::Sge => ("ge", 's'),
                    ICmp::Ult => ("lt", 'u'),
                    ICmp::Ule => ("le", 'u'),
                    ICmp::Ugt => ("gt", 'u'),
                    ICmp::Uge => ("ge", 'u'),
                };
                let a = Operand::Reg(self.reg(lhs));
                let b = self.operand(rhs);
                let d = self.def(id);
                let t = match t {
                    Type::Ptr(addrspace::SHARED) => Type::I32,
                    Type::Ptr(_) => Type::I64,
                    t => t,
                };
                let sfx = int_suffix(&t, kind).replace("8", "16");
                self.emit(format!("setp.{cmp}{sfx}"), vec![Operand::Reg(d), a, b]);
            }
            InstKind::FCmp { pred, lhs, rhs } => {
                let t = f.value_type(lhs);
                let cmp = match pred {
                    FCmp::Oeq => "eq",
                    FCmp::One => "ne",
                    FCmp::Olt => "lt",
                    FCmp::Ole => "le",
                    FCmp::Ogt => "gt",
                    FCmp::Oge => "ge",
                    FCmp::Ord => "num",
                    FCmp::Ueq => "equ",
                    FCmp::Une => "neu",
                    FCmp::Ult => "ltu",
                    FCmp::Ule => "leu",
                    FCmp::Ugt => "gtu",
                    FCmp::Uge => "geu",
                    FCmp::Uno => "nan",
                };
                let a = Operand::Reg(self.reg(lhs));
                let b = self.operand(rhs);
                let d = self.def(id);
                let op = format!("setp.{cmp}{}{}", self.ftz(&t), float_suffix(&t));
                self.emit(op, vec![Operand::Reg(d), a, b]);
            }
            InstKind::Select { cond, t, f: e } => {
                if let Some((op, a, b)) = self.min_max_abs(id) {
                    let a = Operand::Reg(self.reg(&a));
                    let mut ops = vec![a];
                    if let Some(b) = b {
                        ops.push(self.operand(&b));
                    }
                    let d = self.def(id);
                    ops.insert(0, Operand::Reg(d));
                    self.emit(op, ops);
                    return;
                }
                let c = self.reg(cond);
                if ty == Type::I1 {
                    let (a, b) = (self.reg(t), self.reg(e));
                    let d = self.def(id);
                    let (x, y) = (
                        self.m.new_reg(RegClass::Pred),
                        self.m.new_reg(RegClass::Pred),
                    );
                    self.emit(
                        "and.pred",
                        vec![Operand::Reg(x), Operand::Reg(c), Operand::Reg(a)],
                    );
                    self.emit("not.pred", vec![Operand::Reg(y), Operand::Reg(c)]);
                    self.emit(
                        "and.pred",
                        vec![Operand::Reg(y), Operand::Reg(y), Operand::Reg(b)],
                    );
                    self.emit(
                        "or.pred",
                        vec![Operand::Reg(d), Operand::Reg(x), Operand::Reg(y)],
                    );
                    return;
                }
                // selp takes registers and immediates, not a variable's address.
                let mut pick = |v: &Value| match self.operand(v) {
                    Operand::Sym(_) => Operand::Reg(self.reg(v)),
                    op => op,
                };
                let (a, b) = (pick(t), pick(e));
                let d = self.def(id);
                let sfx = reg_class(&ty).bits_type();
                self.emit(
                    format!("selp{sfx}"),
                    vec![Operand::Reg(d), a, b, Operand::Reg(c)],
                );
            }
            InstKind::Cast { op, val } => self.cast(id, *op, val),
            InstKind::Call { callee, args } => {
                if let Some(sreg) = callee.strip_prefix("llvm.nvvm.read.ptx.sreg.") {
                    let d = self.def(id);
                    let ty = if d.class == RegClass::B64 {
                        "mov.u64"
                    } else {
                        "mov.u32"
                    };
                    self.emit(ty, vec![Operand::Reg(d), Operand::Sym(format!("%{sreg}"))]);
                } else if callee.starts_with("llvm.") {
                    self.intrinsic(id, callee, args);
                } else {
                    self.call(id, Ok(callee), args);
                }
            }
            InstKind::CallIndirect { callee, args } => self.call(id, Err(callee), args),
            InstKind::AtomicRmw {
                op,
                ptr,
                val,
                scope,
            } => {
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
                let v = if *op == AtomicOp::Sub {
                    let r = self.reg(val);
                    let n = self.m.new_reg(r.class);
                    self.emit(
                        format!("neg.s{bits}"),
                        vec![Operand::Reg(n), Operand::Reg(r)],
                    );
                    Operand::Reg(n)
                } else {
                    self.operand(val)
                };
                let addr = self.address(ptr);
                // An atomic whose old value nobody reads is a reduction (`red`), as NVVM writes it.
                if self.uses[id.0 as usize] == 0 && name != "exch" {
                    let op = format!(
                        "red{}{}.{name}.{kind}{bits}",
                        space_name(space),
                        scope_suffix(*scope)
                    );
                    self.emit(op, vec![addr, v]);
                    return;
                }
                let d = self.def(id);
                let op = format!(
                    "atom{}{}.{name}.{kind}{bits}",
                    space_name(space),
                    scope_suffix(*scope)
                );
                self.emit(op, vec![Operand::Reg(d), addr, v]);
            }
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                scope,
            } => {
                let space = match f.value_type(ptr) {
                    Type::Ptr(s) => s,
                    _ => 0,
                };
                let bits = reg_bits(&f.value_type(cmp));
                let (c, n) = (self.reg(cmp), self.reg(new));
                let addr = self.address(ptr);
                let d = self.def(id);
                let op = format!(
                    "atom{}{}.cas.b{bits}",
                    space_name(space),
                    scope_suffix(*scope)
                );
                self.emit(
                    op,
                    vec![Operand::Reg(d), addr, Operand::Reg(c), Operand::Reg(n)],
                );
            }
            InstKind::Fence { scope } => {
                let op = match scope {
                    SyncScope::Block => "membar.cta",
                    SyncScope::Device => "membar.gl",
                    SyncScope::System => "membar.sys",
                };
                self.emit(op, vec![]);
            }
            InstKind::Phi { .. } => {}
            InstKind::Br { dest } => {
                let t = self.block_index[dest];
                self.emit("bra.uni", vec![Operand::Label(t)]);
            }
            InstKind::CondBr { cond, t, f: e } => {
                let c = self.reg(cond);
                let (t, e) = (self.block_index[t], self.block_index[e]);
                self.emit_guarded((c, false), "bra", vec![Operand::Label(t)]);
                self.emit("bra.uni", vec![Operand::Label(e)]);
            }
            InstKind::Switch {
                val,
                default,
                cases,
            } => self.switch(val, *default, cases),
            InstKind::Ret { val } => {
                if let Some(v) = val {
                    let t = f.value_type(v);
                    let r = self.param_reg(v);
                    let (_, st) = func_param_types(&t);
                    let st = if r.class == RegClass::B32 && t != Type::F32 {
                        ".b32"
                    } else {
                        st
                    };
                    self.emit(
                        format!("st.param{st}"),
                        vec![
                            Operand::Addr(Box::new(Operand::Sym("func_retval0".into())), 0),
                            Operand::Reg(r),
                        ],
                    );
                }
                self.emit("ret", vec![]);
            }
            InstKind::Unreachable => self.emit("trap", vec![]),
        }
    }

    /// A switch as NVVM lowers it (SelectionDAG's `visitSwitch`, without jump
    /// tables, which NVPTX does not use): adjacent case values with one
    /// destination form a range; more than three ranges split into a
    /// balanced binary search on the first value of the right half
    /// (`setp.gt.s32 %p, %r, pivot-1; @%p bra right`), and three or fewer
    /// are tested one after another, each compare in a block of its own.
    fn switch(&mut self, val: &Value, default: BlockId, cases: &[(i64, BlockId)]) {
        let t = self.f.value_type(val);
        let t = if t == Type::I1 { Type::I16 } else { t };
        let sfx = |kind: char| int_suffix(&t, kind).replace("8", "16");
        let x = if self.f.value_type(val) == Type::I1 {
            let p = self.reg(val);
            let r = self.m.new_reg(RegClass::B16);
            self.emit(
                "selp.u16",
                vec![
                    Operand::Reg(r),
                    Operand::Imm(1),
                    Operand::Imm(0),
                    Operand::Reg(p),
                ],
            );
            r
        } else {
            self.reg(val)
        };
        let bi = |s: &Self, b: BlockId| s.block_index[&b];
        let dflt = bi(self, default);
        // Clusters (lo, hi, destination), by signed value.
        let mut sorted: Vec<(i64, usize)> = cases
            .iter()
            .map(|(c, b)| (*c, bi(self, *b)))
            .filter(|(_, b)| *b != dflt)
            .collect();
        sorted.sort();
        let mut clusters: Vec<(i64, i64, usize)> = Vec::new();
        for (c, b) in sorted {
            match clusters.last_mut() {
                Some((_, hi, d)) if *d == b && hi.checked_add(1) == Some(c) => *hi = c,
                _ => clusters.push((c, c, b)),
            }
        }
        // Every case is equally likely: a cluster weighs its number of values.
        let weight = |c: &(i64, i64, usize)| c.1.abs_diff(c.0).saturating_add(1);
        let head = self.cur;
        let ir_block = head;
        let mut edges: Vec<(usize, usize)> = Vec::new();
        let mut new_blocks: Vec<usize> = Vec::new();
        let base_name = self.m.blocks[head].name.clone();
        let new_block = |s: &mut Self, new_blocks: &mut Vec<usize>| {
            let nb = s.m.blocks.len();
            s.m.blocks.push(MBlock {
                name: format!("{base_name}.sw{}", new_blocks.len() + 1),
                insts: Vec::new(),
            });
            new_blocks.push(nb);
            nb
        };
        let bits = t.bits();
        let (tmin, tmax) = if bits >= 64 {
            (i64::MIN, i64::MAX)
        } else {
            (-(1i64 << (bits - 1)), (1i64 << (bits - 1)) - 1)
        };
        // Work items: (machine block, first cluster, last cluster + 1, known lo, known hi);
        // a stack whose order lays the left side out first.
        let mut work = vec![(head, 0usize, clusters.len(), tmin, tmax)];
        // The new blocks in layout order: depth first, left before right.
        let mut placed: Vec<usize> = Vec::new();
        while let Some((mb, first, end, lo, hi)) = work.pop() {
            if mb != head {
                placed.push(mb);
            }
            self.cur = mb;
            let n = end - first;
            if n > 3 {
                // Balance the two sides, taking one cluster at a time from
                // each end, alternating when they are even (LLVM's pivot).
                let (mut last_left, mut first_right) = (first, end - 1);
                let (mut lw, mut rw) = (weight(&clusters[first]), weight(&clusters[end - 1]));
                let mut k = 0usize;
                while last_left + 1 < first_right {
                    if lw < rw || (lw == rw && k % 2 == 1) {
                        last_left += 1;
                        lw = lw.saturating_add(weight(&clusters[last_left]));
                    } else {
                        first_right -= 1;
                        rw = rw.saturating_add(weight(&clusters[first_right]));
                    }
                    k += 1;
                }
                let pivot = clusters[first_right].0;
                let left = new_block(self, &mut new_blocks);
                let right = new_block(self, &mut new_blocks);
                let p = self.m.new_reg(RegClass::Pred);
                self.emit(
                    format!("setp.gt{}", sfx('s')),
                    vec![Operand::Reg(p), Operand::Reg(x), Operand::Imm(pivot - 1)],
                );
                self.emit_guarded((p, false), "bra", vec![Operand::Label(right)]);
                self.emit("bra.uni", vec![Operand::Label(left)]);
                edges.push((mb, right));
                edges.push((mb, left));
                work.push((right, first_right, end, pivot, hi));
                work.push((left, first, first_right, lo, pivot - 1));
                continue;
            }
            let mut cur = mb;
            for (k, &(clo, chi, dest)) in clusters[first..end].iter().enumerate() {
                let last = k + 1 == n;
                self.cur = cur;
                if last && clo == lo && chi == hi {
                    // The known range is this cluster: no test left.
                    self.emit("bra.uni", vec![Operand::Label(dest)]);
                    edges.push((cur, dest));
                    break;
                }
                let p = self.m.new_reg(RegClass::Pred);
                if clo == chi {
                    self.emit(
                        format!("setp.eq{}", sfx('s')),
                        vec![Operand::Reg(p), Operand::Reg(x), Operand::Imm(clo)],
                    );
                } else {
                    // lo ≤ x ≤ hi as one unsigned compare: x - lo < hi - lo + 1.
                    let d = self.m.new_reg(x.class);
                    self.emit(
                        format!("add{}", sfx('s')),
                        vec![
                            Operand::Reg(d),
                            Operand::Reg(x),
                            Operand::Imm(clo.wrapping_neg()),
                        ],
                    );
                    self.emit(
                        format!("setp.lt{}", sfx('u')),
                        vec![
                            Operand::Reg(p),
                            Operand::Reg(d),
                            Operand::Imm(chi.wrapping_sub(clo).wrapping_add(1)),
                        ],
                    );
                }
                self.emit_guarded((p, false), "bra", vec![Operand::Label(dest)]);
                edges.push((cur, dest));
                let next = if last {
                    dflt
                } else {
                    let nb = new_block(self, &mut new_blocks);
                    placed.push(nb);
                    nb
                };
                self.emit("bra.uni", vec![Operand::Label(next)]);
                edges.push((cur, next));
                cur = next;
            }
            if n == 0 {
                self.emit("bra.uni", vec![Operand::Label(dflt)]);
                edges.push((mb, dflt));
            }
        }
        // The new blocks follow the switch's block.
        let pos = self
            .m
            .order
            .iter()
            .position(|b| *b == head)
            .map_or(self.m.order.len(), |p| p + 1);
        for (k, b) in placed.iter().enumerate() {
            self.m.order.insert(pos + k, *b);
        }
        // Only the edges that leave the switch's blocks matter to the phis.
        let mine: HashSet<usize> = new_blocks.iter().copied().chain([head]).collect();
        edges.retain(|(_, to)| !mine.contains(to));
        self.switch_edges.insert(ir_block, edges);
        self.cur = head;
    }

    /// An intrinsic call (`llvm.*`) as its PTX instructions.
    fn intrinsic(&mut self, id: InstId, callee: &str, args: &[Value]) {
        let reg = |s: &mut Self, k: usize| Operand::Reg(s.reg(&args[k]));
        match callee {
            "llvm.nvvm.barrier0" => self.emit("bar.sync", vec![Operand::Imm(0)]),
            "llvm.nvvm.barrier.sync" => {
                let id = self.operand(&args[0]);
                self.emit("barrier.sync", vec![id]);
            }
            "llvm.nvvm.barrier0.popc" | "llvm.nvvm.barrier0.and" | "llvm.nvvm.barrier0.or" => {
                let v = reg(self, 0);
                let p = self.m.new_reg(RegClass::Pred);
                self.emit("setp.ne.u32", vec![Operand::Reg(p), v, Operand::Imm(0)]);
                let d = self.def(id);
                if callee.ends_with("popc") {
                    self.emit(
                        "bar.red.popc.u32",
                        vec![Operand::Reg(d), Operand::Imm(0), Operand::Reg(p)],
                    );
                } else {
                    let q = self.m.new_reg(RegClass::Pred);
                    let op = if callee.ends_with("and") {
                        "bar.red.and.pred"
                    } else {
                        "bar.red.or.pred"
                    };
                    self.emit(op, vec![Operand::Reg(q), Operand::Imm(0), Operand::Reg(p)]);
                    self.emit(
                        "selp.u32",
                        vec![
                            Operand::Reg(d),
                            Operand::Imm(1),
                            Operand::Imm(0),
                            Operand::Reg(q),
                        ],
                    );
                }
            }
            "llvm.nvvm.bar.warp.sync" => {
                let m = self.operand(&args[0]);
                self.emit("bar.warp.sync", vec![m]);
            }
            "llvm.nvvm.match.any.sync.i32"
            | "llvm.nvvm.match.any.sync.i64"
            | "llvm.nvvm.match.all.sync.i32"
            | "llvm.nvvm.match.all.sync.i64" => {
                // `match.any.sync.b32 %r, value, mask` (sm_70+); all's
                // predicate is computed from its result by the IR's `icmp ne`.
                let m = self.operand(&args[0]);
                let v = reg(self, 1);
                let d = self.def(id);
                let kind = if callee.contains(".all.") {
                    "all"
                } else {
                    "any"
                };
                let bits = if callee.ends_with("i64") { 64 } else { 32 };
                self.emit(
                    format!("match.{kind}.sync.b{bits}"),
                    vec![Operand::Reg(d), v, m],
                );
            }
            "llvm.nvvm.activemask" => {
                let d = self.def(id);
                self.emit("activemask.b32", vec![Operand::Reg(d)]);
            }
            "llvm.nvvm.vote.ballot.sync"
            | "llvm.nvvm.vote.any.sync"
            | "llvm.nvvm.vote.all.sync" => {
                let m = self.operand(&args[0]);
                let p = reg(self, 1);
                let d = self.def(id);
                let op = match callee {
                    "llvm.nvvm.vote.ballot.sync" => "vote.sync.ballot.b32",
                    "llvm.nvvm.vote.any.sync" => "vote.sync.any.pred",
                    _ => "vote.sync.all.pred",
                };
                self.emit(op, vec![Operand::Reg(d), p, m]);
            }
            c if c.starts_with("llvm.nvvm.shfl.sync.") => {
                let mode = c
                    .trim_start_matches("llvm.nvvm.shfl.sync.")
                    .split('.')
                    .next()
                    .unwrap_or("idx")
                    .to_string();
                let m = self.operand(&args[0]);
                let v = reg(self, 1);
                let b = self.operand(&args[2]);
                let cc = self.operand(&args[3]);
                let d = self.def(id);
                self.emit(
                    format!("shfl.sync.{mode}.b32"),
                    vec![Operand::Reg(d), v, b, cc, m],
                );
            }
            "llvm.ctpop.i32" | "llvm.ctlz.i32" | "llvm.bitreverse.i32" | "llvm.bitreverse.i64" => {
                let a = reg(self, 0);
                let d = self.def(id);
                let op = match callee {
                    "llvm.ctpop.i32" => "popc.b32",
                    "llvm.ctlz.i32" => "clz.b32",
                    "llvm.bitreverse.i32" => "brev.b32",
                    _ => "brev.b64",
                };
                self.emit(op, vec![Operand::Reg(d), a]);
            }
            "llvm.ctpop.i64" | "llvm.ctlz.i64" => {
                // PTX counts into a 32-bit register; the intrinsic returns i64.
                let a = reg(self, 0);
                let t = self.m.new_reg(RegClass::B32);
                let op = if callee == "llvm.ctpop.i64" {
                    "popc.b64"
                } else {
                    "clz.b64"
                };
                self.emit(op, vec![Operand::Reg(t), a]);
                let d = self.def(id);
                self.emit("cvt.u64.u32", vec![Operand::Reg(d), Operand::Reg(t)]);
            }
            "llvm.cttz.i32" | "llvm.cttz.i64" => {
                // Trailing zeros = the position of the lowest set bit: reverse,
                // find the highest; the width for zero (bfind gives all ones there).
                let wide = callee.ends_with("64");
                let a = reg(self, 0);
                let r = self
                    .m
                    .new_reg(if wide { RegClass::B64 } else { RegClass::B32 });
                let t = self.m.new_reg(RegClass::B32);
                let (brev, bfind, bits) = if wide {
                    ("brev.b64", "bfind.shiftamt.u64", 64)
                } else {
                    ("brev.b32", "bfind.shiftamt.u32", 32)
                };
                self.emit(brev, vec![Operand::Reg(r), a]);
                self.emit(bfind, vec![Operand::Reg(t), Operand::Reg(r)]);
                if wide {
                    let m = self.m.new_reg(RegClass::B32);
                    self.emit(
                        "min.u32",
                        vec![Operand::Reg(m), Operand::Reg(t), Operand::Imm(bits)],
                    );
                    let d = self.def(id);
                    self.emit("cvt.u64.u32", vec![Operand::Reg(d), Operand::Reg(m)]);
                } else {
                    let d = self.def(id);
                    self.emit(
                        "min.u32",
                        vec![Operand::Reg(d), Operand::Reg(t), Operand::Imm(bits)],
                    );
                }
            }
            "llvm.nvvm.mulhi.i"
            | "llvm.nvvm.mulhi.ui"
            | "llvm.nvvm.mulhi.ll"
            | "llvm.nvvm.mulhi.ull"
            | "llvm.nvvm.mul24.i"
            | "llvm.nvvm.mul24.ui" => {
                let a = reg(self, 0);
                let b = self.operand(&args[1]);
                let d = self.def(id);
                let op = match callee {
                    "llvm.nvvm.mulhi.i" => "mul.hi.s32",
                    "llvm.nvvm.mulhi.ui" => "mul.hi.u32",
                    "llvm.nvvm.mulhi.ll" => "mul.hi.s64",
                    "llvm.nvvm.mulhi.ull" => "mul.hi.u64",
                    "llvm.nvvm.mul24.i" => "mul24.lo.s32",
                    _ => "mul24.lo.u32",
                };
                self.emit(op, vec![Operand::Reg(d), a, b]);
            }
            "llvm.nvvm.prmt" | "llvm.nvvm.sad.i" | "llvm.nvvm.sad.ui" => {
                let a = reg(self, 0);
                let b = reg(self, 1);
                let c = self.operand(&args[2]);
                let d = self.def(id);
                let op = match callee {
                    "llvm.nvvm.prmt" => "prmt.b32",
                    "llvm.nvvm.sad.i" => "sad.s32",
                    _ => "sad.u32",
                };
                self.emit(op, vec![Operand::Reg(d), a, b, c]);
            }
            "llvm.fshl.i32" | "llvm.fshr.i32" => {
                // fshl(hi, lo, s) is `shf.l.wrap lo, hi, s`.
                let hi = reg(self, 0);
                let lo = reg(self, 1);
                let s = self.operand(&args[2]);
                let d = self.def(id);
                let op = if callee == "llvm.fshl.i32" {
                    "shf.l.wrap.b32"
                } else {
                    "shf.r.wrap.b32"
                };
                self.emit(op, vec![Operand::Reg(d), lo, hi, s]);
            }
            "llvm.nvvm.bitcast.f2i" | "llvm.nvvm.bitcast.i2f" => {
                let a = reg(self, 0);
                let d = self.def(id);
                self.emit("mov.b32", vec![Operand::Reg(d), a]);
            }
            "llvm.fma.f32" | "llvm.fma.f64" => {
                let (a, b, c) = (reg(self, 0), self.operand(&args[1]), self.operand(&args[2]));
                let ty = self.f.inst(id).ty.clone();
                let d = self.def(id);
                self.emit(
                    format!("fma.rn{}{}", self.ftz(&ty), float_suffix(&ty)),
                    vec![Operand::Reg(d), a, b, c],
                );
            }
            "llvm.rint.f32" | "llvm.fabs.f32" => {
                let a = reg(self, 0);
                let ftz = self.ftz(&Type::F32);
                let d = self.def(id);
                let op = if callee == "llvm.rint.f32" {
                    format!("cvt.rni{ftz}.f32.f32")
                } else {
                    format!("abs{ftz}.f32")
                };
                self.emit(op, vec![Operand::Reg(d), a]);
            }
            c if c.starts_with("llvm.nvvm.ex2.approx.")
                || c.starts_with("llvm.nvvm.lg2.approx.") =>
            {
                let a = reg(self, 0);
                let d = self.def(id);
                let op = if c.contains("ex2") {
                    "ex2.approx"
                } else {
                    "lg2.approx"
                };
                let ftz = if c.contains(".ftz.") { ".ftz" } else { "" };
                self.emit(format!("{op}{ftz}.f32"), vec![Operand::Reg(d), a]);
            }
            c if self.float_math(id, c, args) => {}
            _ => self.unsupported(&format!("the intrinsic \"{callee}\"")),
        }
    }

    /// The math intrinsics PTX has an instruction for, spelled as NVRTC's
    /// PTX spells them: `llvm.sqrt.f32` (`sqrt.rn.f32`, or `sqrt.approx.f32`
    /// under -prec-sqrt=false), `llvm.floor.f64` (`cvt.rmi.f64.f64`),
    /// NVVM's `llvm.nvvm.add.rz.ftz.f` (`add.rz.ftz.f32`), … Generic
    /// (`llvm.*`) intrinsics take `.ftz` from -ftz, NVVM's from their name.
    /// False when `callee` is none of them.
    fn float_math(&mut self, id: InstId, callee: &str, args: &[Value]) -> bool {
        let ty = self.f.inst(id).ty.clone();
        let (opcode, arity) = if let Some(rest) = callee.strip_prefix("llvm.nvvm.") {
            if let Some(op) = conversion(rest) {
                (op, 1)
            } else {
                let mut parts: Vec<&str> = rest.split('.').collect();
                // `….f` / `….d`; `f2i.rn[.ftz]` converts to an integer instead.
                let (fs, int_dst) = match parts.last() {
                    Some(&"f") => (".f32", None),
                    Some(&"d") => (".f64", None),
                    _ => (
                        ".f32",
                        Some(if parts[0] == "f2ui" { ".u32" } else { ".s32" }),
                    ),
                };
                if int_dst.is_none() {
                    parts.pop();
                }
                let ftz = if parts.last() == Some(&"ftz") {
                    parts.pop();
                    ".ftz"
                } else {
                    ""
                };
                let rounding = |m: &str| match m {
                    "rn" => Some("rni"),
                    "rz" => Some("rzi"),
                    "rp" => Some("rpi"),
                    "rm" => Some("rmi"),
                    _ => None,
                };
                match (parts.as_slice(), int_dst) {
                    (["f2i" | "f2ui", m], Some(dst)) => match rounding(m) {
                        Some(r) => (format!("cvt.{r}{ftz}{dst}.f32"), 1),
                        None => return false,
                    },
                    ([op @ ("sqrt" | "rcp"), m @ ("rn" | "rz" | "rp" | "rm")], None) => {
                        (format!("{op}.{m}{ftz}{fs}"), 1)
                    }
                    ([op @ ("rsqrt" | "rcp"), "approx"], None) => {
                        (format!("{op}.approx{ftz}{fs}"), 1)
                    }
                    (["div", "approx"], None) => (format!("div.approx{ftz}{fs}"), 2),
                    (["sin", "approx"], None) => (format!("sin.approx{ftz}{fs}"), 1),
                    (["cos", "approx"], None) => (format!("cos.approx{ftz}{fs}"), 1),
                    (["saturate"], None) => (format!("cvt{ftz}.sat{fs}{fs}"), 1),
                    ([op @ ("add" | "mul" | "div"), m @ ("rn" | "rz" | "rp" | "rm")], None) => {
                        (format!("{op}.{m}{ftz}{fs}"), 2)
                    }
                    (["fma", m @ ("rn" | "rz" | "rp" | "rm")], None) => {
                        (format!("fma.{m}{ftz}{fs}"), 3)
                    }
                    _ => return false,
                }
            }
        } else {
            let Some((base, t)) = callee
                .strip_prefix("llvm.")
                .and_then(|r| r.rsplit_once('.'))
            else {
                return false;
            };
            // Half precision: only the fma (`fma.rn.f16`) so far.
            if !(matches!(t, "f32" | "f64") || t == "f16" && base == "fma") {
                return false;
            }
            let fs = float_suffix(&ty);
            let ftz = self.ftz(&ty);
            match base {
                "sqrt" if ty == Type::F32 && !self.opts.prec_sqrt => {
                    (format!("sqrt.approx{ftz}{fs}"), 1)
                }
                "sqrt" => (format!("sqrt.rn{ftz}{fs}"), 1),
                "fabs" => (format!("abs{ftz}{fs}"), 1),
                "minnum" => (format!("min{ftz}{fs}"), 2),
                "maxnum" => (format!("max{ftz}{fs}"), 2),
                "floor" => (format!("cvt.rmi{ftz}{fs}{fs}"), 1),
                "ceil" => (format!("cvt.rpi{ftz}{fs}{fs}"), 1),
                "trunc" => (format!("cvt.rzi{ftz}{fs}{fs}"), 1),
                "rint" | "nearbyint" => (format!("cvt.rni{ftz}{fs}{fs}"), 1),
                "fma" => (format!("fma.rn{ftz}{fs}"), 3),
                "copysign" => {
                    // PTX's copysign takes the sign first: copysign(mag, sign).
                    let sign = self.reg(&args[1]);
                    let mag = self.reg(&args[0]);
                    let d = self.def(id);
                    self.emit(
                        format!("copysign{fs}"),
                        vec![Operand::Reg(d), Operand::Reg(sign), Operand::Reg(mag)],
                    );
                    return true;
                }
                _ => return false,
            }
        };
        if args.len() != arity {
            return false;
        }
        let mut ops = vec![Operand::Reg(self.reg(&args[0]))];
        for a in &args[1..] {
            let op = self.operand(a);
            ops.push(op);
        }
        let d = self.def(id);
        ops.insert(0, Operand::Reg(d));
        self.emit(opcode, ops);
        true
    }

    /// A value in a register of at least 32 bits, as `.param` passing wants it.
    fn param_reg(&mut self, v: &Value) -> Reg {
        let r = self.reg(v);
        match r.class {
            RegClass::Pred => {
                let w = self.m.new_reg(RegClass::B32);
                self.emit(
                    "selp.u32",
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
                self.emit("cvt.u32.u16", vec![Operand::Reg(w), Operand::Reg(r)]);
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
    fn call(&mut self, id: InstId, callee: Result<&str, &Value>, args: &[Value]) {
        let n = self.calls;
        self.calls += 1;
        self.emit(format!("{{ // callseq {n}, 0"), vec![]);
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
            let st = if r.class == RegClass::B32 && t != Type::F32 {
                ".b32"
            } else {
                st
            };
            self.emit(format!(".param {decl} {name}"), vec![]);
            self.emit(
                format!("st.param{st}"),
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
            self.emit(format!(".param {decl} retval0"), vec![]);
            ops.push(Operand::Sym("(retval0)".into()));
        }
        if let Some(b) = &sret {
            self.emit(
                format!(".param .align {} .b8 retval0[{}]", b.align.max(1), b.size()),
                vec![],
            );
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
                self.emit(
                    format!(
                        "prototype_{n} : .callprototype {ret} ({})",
                        params.join(", ")
                    ),
                    vec![],
                );
                ops.push(Operand::Reg(r));
                proto.push(Operand::Sym(format!("prototype_{n}")));
            }
        }
        if !names.is_empty() || !proto.is_empty() {
            ops.push(Operand::Sym(format!("({})", names.join(", "))));
        }
        let indirect = !proto.is_empty();
        ops.extend(proto);
        self.emit(if indirect { "call" } else { "call.uni" }, ops);
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
                format!("ld.param{ld}"),
                vec![
                    Operand::Reg(w),
                    Operand::Addr(Box::new(Operand::Sym("retval0".into())), 0),
                ],
            );
            match class {
                RegClass::Pred => {
                    let d = self.def(id);
                    self.emit(
                        "setp.ne.s32",
                        vec![Operand::Reg(d), Operand::Reg(w), Operand::Imm(0)],
                    );
                }
                RegClass::B16 => {
                    let d = self.def(id);
                    self.emit("cvt.u16.u32", vec![Operand::Reg(d), Operand::Reg(w)]);
                }
                // The value is already in `w`: it is the result.
                _ => {
                    self.vals.insert(id, Operand::Reg(w));
                }
            }
        }
        self.emit(format!("}} // callseq {n}"), vec![]);
    }

    /// A struct result in `retval0`: straight into the registers of the
    /// loads that read it (`plan_result_temps`), else copied to the memory
    /// the call's `sret` pointer names.
    fn struct_result(&mut self, call: InstId, ptr: &Value, b: ByVal) {
        if let Some(loads) = self.result_temps.get(&call).cloned() {
            for (load, off) in loads {
                let t = self.f.inst(load).ty.clone();
                let d = self.def(load);
                self.emit(
                    format!("ld.param{}", mem_suffix(&t)),
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
                format!("ld.param.b{bits}"),
                vec![
                    Operand::Reg(r),
                    Operand::Addr(Box::new(Operand::Sym("retval0".into())), off as i64),
                ],
            );
            self.emit(
                format!("st.u{bits}"),
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
    fn byval_arg(&mut self, name: &str, ptr: &Value, b: ByVal) {
        self.emit(
            format!(".param .align {} .b8 {name}[{}]", b.align.max(1), b.size()),
            vec![],
        );
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
                    format!("st.param{sfx}"),
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
                format!("ld.u{bits}"),
                vec![
                    Operand::Reg(r),
                    Operand::Addr(base.clone(), base_off + off as i64),
                ],
            );
            self.emit(
                format!("st.param.b{bits}"),
                vec![
                    Operand::Addr(Box::new(Operand::Sym(name.to_string())), off as i64),
                    Operand::Reg(r),
                ],
            );
            off += w;
        }
    }

    fn gep(&mut self, id: InstId, elem_ty: &Type, base: &Value, indices: &[Value]) {
        let b = self.reg(base);
        // A shared-memory address is 32-bit (see `reg_bits`): its offsets
        // are added in 32 bits, 64-bit indices truncated, as NVPTX does.
        let (class, w) = match reg_class(&self.f.value_type(base)) {
            RegClass::B32 => (RegClass::B32, 32),
            _ => (RegClass::B64, 64),
        };
        if let Some(off) = gep_const_offset(elem_ty, indices) {
            let d = self.def(id);
            if off == 0 {
                self.emit(format!("mov.b{w}"), vec![Operand::Reg(d), Operand::Reg(b)]);
            } else {
                self.emit(
                    format!("add.s{w}"),
                    vec![Operand::Reg(d), Operand::Reg(b), Operand::Imm(off)],
                );
            }
            return;
        }
        let mut acc = b;
        // Verified geps always have steps.
        let steps = gep_steps(elem_ty, indices).map_or_else(Vec::new, |(s, _)| s);
        for (k, (idx, step)) in indices.iter().zip(steps).enumerate() {
            let scale = match step {
                GepStep::Scale(s) => s,
                GepStep::Field(off) => {
                    // A field number: its offset, whatever the index's value.
                    let d = if k + 1 == indices.len() {
                        self.def(id)
                    } else {
                        self.m.new_reg(class)
                    };
                    self.emit(
                        format!("add.s{w}"),
                        vec![Operand::Reg(d), Operand::Reg(acc), Operand::Imm(off)],
                    );
                    acc = d;
                    continue;
                }
            };
            let term = match idx {
                Value::Int(_, c) => Operand::Imm(c * scale),
                Value::Inst(i)
                    if self.folded.contains(i)
                        && matches!(self.f.inst(*i).kind, InstKind::Cast { .. }) =>
                {
                    // sext/zext i32 folded: multiply-wide from the 32-bit value
                    // (a plain multiply for a 32-bit address), shared by every
                    // gep of the block with the same scale.
                    if let Some(&t) = self.wide_index.get(&(*i, scale, w)) {
                        Operand::Reg(t)
                    } else {
                        let InstKind::Cast { op, val } = self.f.inst(*i).kind.clone() else {
                            unreachable!("matched above")
                        };
                        let r32 = self.reg(&val);
                        let t = if w == 32 {
                            self.scaled(r32, scale, 32)
                        } else if scale == 1 {
                            let t = self.m.new_reg(RegClass::B64);
                            let sign = if op == CastOp::SExt { "s" } else { "u" };
                            self.emit(
                                format!("cvt.{sign}64.{sign}32"),
                                vec![Operand::Reg(t), Operand::Reg(r32)],
                            );
                            t
                        } else {
                            let t = self.m.new_reg(RegClass::B64);
                            let sign = if op == CastOp::SExt { "s32" } else { "u32" };
                            self.emit(
                                format!("mul.wide.{sign}"),
                                vec![Operand::Reg(t), Operand::Reg(r32), Operand::Imm(scale)],
                            );
                            t
                        };
                        self.wide_index.insert((*i, scale, w), t);
                        Operand::Reg(t)
                    }
                }
                v => {
                    // A 32-bit address takes an extended 32-bit index as it is.
                    let narrow_src = match v {
                        Value::Inst(i) if w == 32 => match &self.f.inst(*i).kind {
                            InstKind::Cast {
                                op: CastOp::SExt | CastOp::ZExt,
                                val,
                            } if self.f.value_type(val) == Type::I32 => Some(val.clone()),
                            _ => None,
                        },
                        _ => None,
                    };
                    let mut r = self.reg(narrow_src.as_ref().unwrap_or(v));
                    if w == 32 && r.class == RegClass::B64 {
                        let t = self.m.new_reg(RegClass::B32);
                        self.emit("cvt.u32.u64", vec![Operand::Reg(t), Operand::Reg(r)]);
                        r = t;
                    }
                    Operand::Reg(self.scaled(r, scale, w))
                }
            };
            let last = k + 1 == indices.len();
            let d = if last {
                self.def(id)
            } else {
                self.m.new_reg(class)
            };
            self.emit(
                format!("add.s{w}"),
                vec![Operand::Reg(d), Operand::Reg(acc), term],
            );
            acc = d;
        }
    }

    /// `r * scale` in a `w`-bit register: `r` itself, a shift for a power of
    /// two, else a multiply.
    fn scaled(&mut self, r: Reg, scale: i64, w: u32) -> Reg {
        if scale == 1 {
            return r;
        }
        let t = self.m.new_reg(r.class);
        if scale > 0 && (scale & (scale - 1)) == 0 {
            self.emit(
                format!("shl.b{w}"),
                vec![
                    Operand::Reg(t),
                    Operand::Reg(r),
                    Operand::Imm(i64::from(scale.trailing_zeros())),
                ],
            );
        } else {
            self.emit(
                format!("mul.lo.s{w}"),
                vec![Operand::Reg(t), Operand::Reg(r), Operand::Imm(scale)],
            );
        }
        t
    }

    fn binary(&mut self, id: InstId, op: BinOp, lhs: &Value, rhs: &Value, flags: &Flags) {
        let ty = self.f.inst(id).ty.clone();
        // Fused forms: the folded multiply is read through its operands.
        if matches!(op, BinOp::FAdd | BinOp::Add) {
            for (mul_side, other) in [(lhs, rhs), (rhs, lhs)] {
                let Value::Inst(mi) = mul_side else { continue };
                if !self.folded.contains(mi) {
                    continue;
                }
                let InstKind::Bin { lhs: a, rhs: b, .. } = self.f.inst(*mi).kind.clone() else {
                    continue;
                };
                self.folded.remove(mi);
                let a = Operand::Reg(self.reg(&a));
                let b = self.operand(&b);
                let c = self.operand(other);
                let d = self.def(id);
                let opcode = if op == BinOp::FAdd {
                    format!("fma.rn{}{}", self.ftz(&ty), float_suffix(&ty))
                } else {
                    format!("mad.lo{}", int_suffix(&ty, 's'))
                };
                self.emit(opcode, vec![Operand::Reg(d), a, b, c]);
                return;
            }
        }
        if op == BinOp::FDiv && ty == Type::Half {
            // PTX has no f16 division: divide in f32 (one rounding to f32,
            // then to half, is the correctly rounded half quotient).
            let (a, b) = (self.reg(lhs), self.reg(rhs));
            let (fa, fb, q) = (
                self.m.new_reg(RegClass::F32),
                self.m.new_reg(RegClass::F32),
                self.m.new_reg(RegClass::F32),
            );
            self.emit("cvt.f32.f16", vec![Operand::Reg(fa), Operand::Reg(a)]);
            self.emit("cvt.f32.f16", vec![Operand::Reg(fb), Operand::Reg(b)]);
            self.emit(
                "div.rn.f32",
                vec![Operand::Reg(q), Operand::Reg(fa), Operand::Reg(fb)],
            );
            let d = self.def(id);
            self.emit("cvt.rn.f16.f32", vec![Operand::Reg(d), Operand::Reg(q)]);
            return;
        }
        if op.is_float() {
            let a = Operand::Reg(self.reg(lhs));
            let b = self.operand(rhs);
            let d = self.def(id);
            let ftz = self.ftz(&ty);
            let fs = float_suffix(&ty);
            // Without contraction nvcc writes `.rn`, which ptxas never fuses.
            let rn = if flags.contract && self.opts.fmad {
                ""
            } else {
                ".rn"
            };
            // x * 2 is x + x, exactly (NVPTX's DAG combine): an add is cheaper.
            let twice = matches!(rhs, Value::Float(_, v) if f64::from_bits(*v) == 2.0);
            let (op, b) = match op {
                BinOp::FMul if twice => (BinOp::FAdd, a.clone()),
                op => (op, b),
            };
            let opcode = match op {
                BinOp::FAdd => format!("add{rn}{ftz}{fs}"),
                BinOp::FSub => format!("sub{rn}{ftz}{fs}"),
                BinOp::FMul => format!("mul{rn}{ftz}{fs}"),
                BinOp::FDiv if ty == Type::F32 && !self.opts.prec_div => {
                    format!("div.full{ftz}{fs}")
                }
                BinOp::FDiv => format!("div.rn{ftz}{fs}"),
                _ => {
                    self.unsupported("floating-point remainder (fmodf)");
                    return;
                }
            };
            self.emit(opcode, vec![Operand::Reg(d), a, b]);
            return;
        }
        if ty == Type::I1 {
            let (a, b) = (self.reg(lhs), self.reg(rhs));
            let d = self.def(id);
            let name = match op {
                BinOp::And => "and.pred",
                BinOp::Or => "or.pred",
                BinOp::Xor => "xor.pred",
                _ => {
                    self.unsupported("arithmetic on i1");
                    return;
                }
            };
            self.emit(
                name,
                vec![Operand::Reg(d), Operand::Reg(a), Operand::Reg(b)],
            );
            return;
        }
        let a = Operand::Reg(self.reg(lhs));
        let b = self.operand(rhs);
        let d = self.def(id);
        let t = if ty == Type::I8 {
            Type::I16
        } else {
            ty.clone()
        };
        let opcode = match op {
            BinOp::Add => format!("add{}", int_suffix(&t, 's')),
            BinOp::Sub => format!("sub{}", int_suffix(&t, 's')),
            BinOp::Mul => format!("mul.lo{}", int_suffix(&t, 's')),
            BinOp::SDiv => format!("div{}", int_suffix(&t, 's')),
            BinOp::UDiv => format!("div{}", int_suffix(&t, 'u')),
            BinOp::SRem => format!("rem{}", int_suffix(&t, 's')),
            BinOp::URem => format!("rem{}", int_suffix(&t, 'u')),
            BinOp::Shl => format!("shl{}", int_suffix(&t, 'b')),
            BinOp::LShr => format!("shr{}", int_suffix(&t, 'u')),
            BinOp::AShr => format!("shr{}", int_suffix(&t, 's')),
            BinOp::And => format!("and{}", int_suffix(&t, 'b')),
            BinOp::Or => format!("or{}", int_suffix(&t, 'b')),
            BinOp::Xor => format!("xor{}", int_suffix(&t, 'b')),
            _ => unreachable!("float ops handled above"),
        };
        // Shift amounts are always 32-bit in PTX.
        let b = if matches!(op, BinOp::Shl | BinOp::LShr | BinOp::AShr) && t.bits() != 32 {
            match b {
                Operand::Reg(r) => {
                    let n = self.m.new_reg(RegClass::B32);
                    let from = if r.class == RegClass::B64 {
                        ".u64"
                    } else {
                        ".u16"
                    };
                    self.emit(
                        format!("cvt.u32{from}"),
                        vec![Operand::Reg(n), Operand::Reg(r)],
                    );
                    Operand::Reg(n)
                }
                other => other,
            }
        } else {
            b
        };
        self.emit(opcode, vec![Operand::Reg(d), a, b]);
    }

    fn cast(&mut self, id: InstId, op: CastOp, val: &Value) {
        let f = self.f;
        let to = f.inst(id).ty.clone();
        let from = f.value_type(val);
        let ftz_src = self.ftz(&from);
        let ftz_dst = self.ftz(&to);
        match op {
            CastOp::ZExt | CastOp::SExt if from == Type::I1 => {
                let p = self.reg(val);
                let d = self.def(id);
                let (one, sfx) = if op == CastOp::ZExt {
                    (1, 'u')
                } else {
                    (-1, 's')
                };
                let t = if to == Type::I8 {
                    Type::I16
                } else {
                    to.clone()
                };
                self.emit(
                    format!("selp{}", int_suffix(&t, sfx)),
                    vec![
                        Operand::Reg(d),
                        Operand::Imm(one),
                        Operand::Imm(0),
                        Operand::Reg(p),
                    ],
                );
            }
            CastOp::Trunc if to == Type::I1 => {
                let r = self.reg(val);
                let t = if from == Type::I8 {
                    Type::I16
                } else {
                    from.clone()
                };
                let tmp = self.m.new_reg(reg_class(&t));
                let d = self.def(id);
                self.emit(
                    format!("and{}", int_suffix(&t, 'b')),
                    vec![Operand::Reg(tmp), Operand::Reg(r), Operand::Imm(1)],
                );
                self.emit(
                    format!("setp.eq{}", int_suffix(&t, 'b')),
                    vec![Operand::Reg(d), Operand::Reg(tmp), Operand::Imm(1)],
                );
            }
            CastOp::ZExt | CastOp::SExt | CastOp::Trunc => {
                let r = self.reg(val);
                let d = self.def(id);
                let (kd, ks) = match op {
                    CastOp::SExt => ('s', 's'),
                    _ => ('u', 'u'),
                };
                let sfx_to = format!(".{kd}{}", to.bits());
                let sfx_from = format!(".{ks}{}", from.bits());
                if reg_class(&from) == reg_class(&to) {
                    // i8 ↔ i16 share a register class: sign- or zero-extend in place.
                    let opcode = if op == CastOp::SExt {
                        format!("cvt.s16.s{}", from.bits())
                    } else {
                        "and.b16".to_string()
                    };
                    if op == CastOp::SExt {
                        self.emit(opcode, vec![Operand::Reg(d), Operand::Reg(r)]);
                    } else {
                        self.emit(
                            opcode,
                            vec![
                                Operand::Reg(d),
                                Operand::Reg(r),
                                Operand::Imm((1 << from.bits().min(16)) - 1),
                            ],
                        );
                    }
                } else {
                    self.emit(
                        format!("cvt{sfx_to}{sfx_from}"),
                        vec![Operand::Reg(d), Operand::Reg(r)],
                    );
                }
            }
            CastOp::SIToFP | CastOp::UIToFP => {
                let r = self.reg(val);
                let d = self.def(id);
                let k = if op == CastOp::SIToFP { 's' } else { 'u' };
                let src = if from == Type::I1 {
                    // i1 → float: through an integer.
                    let t = self.m.new_reg(RegClass::B32);
                    self.emit(
                        "selp.u32",
                        vec![
                            Operand::Reg(t),
                            Operand::Imm(1),
                            Operand::Imm(0),
                            Operand::Reg(r),
                        ],
                    );
                    return self.emit(
                        format!("cvt.rn{}.u32", float_suffix(&to)),
                        vec![Operand::Reg(d), Operand::Reg(t)],
                    );
                } else {
                    format!(".{k}{}", from.bits())
                };
                // No .ftz: an integer has no denormal to flush (NVRTC's
                // `cvt.rn.f32.s32` under -ftz too).
                self.emit(
                    format!("cvt.rn{}{src}", float_suffix(&to)),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::FPToSI | CastOp::FPToUI => {
                let r = self.reg(val);
                let d = self.def(id);
                let k = if op == CastOp::FPToSI { 's' } else { 'u' };
                let t = if to == Type::I8 {
                    Type::I16
                } else {
                    to.clone()
                };
                self.emit(
                    format!("cvt.rzi{ftz_src}.{k}{}{}", t.bits(), float_suffix(&from)),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::FPExt => {
                let r = self.reg(val);
                let d = self.def(id);
                self.emit(
                    format!("cvt{ftz_src}{}{}", float_suffix(&to), float_suffix(&from)),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::FPTrunc => {
                let r = self.reg(val);
                let d = self.def(id);
                self.emit(
                    format!(
                        "cvt.rn{ftz_dst}{}{}",
                        float_suffix(&to),
                        float_suffix(&from)
                    ),
                    vec![Operand::Reg(d), Operand::Reg(r)],
                );
            }
            CastOp::PtrToInt | CastOp::IntToPtr | CastOp::BitCast => {
                let r = self.operand(val);
                let d = self.def(id);
                let sfx = match reg_class(&to) {
                    RegClass::B32 | RegClass::F32 => ".b32",
                    RegClass::B16 => ".b16",
                    _ => ".b64",
                };
                let (tb, fb) = (reg_bits(&to), reg_bits(&from));
                if tb != fb && !matches!(r, Operand::Imm(_)) {
                    // A 32-bit shared address to or from a 64-bit integer.
                    self.emit(format!("cvt.u{tb}.u{fb}"), vec![Operand::Reg(d), r]);
                } else {
                    self.emit(format!("mov{sfx}"), vec![Operand::Reg(d), r]);
                }
            }
            CastOp::AddrSpaceCast => {
                // A frame slot: `%SPL + off` in the local space, `%SP + off` as
                // a generic pointer (NVPTX folds the cvta into the frame register).
                let slot = match val.as_inst() {
                    Some(a) if to == Type::Ptr(addrspace::LOCAL) => self.frame_offsets.get(&a),
                    _ => None,
                };
                let slot = slot.copied().map(|off| (Operand::Sym("%SPL".into()), off));
                if let Some((base, off)) = slot.or_else(|| {
                    let off = self.local_slot_to_generic(id)?;
                    Some((self.sp.clone()?, off))
                }) {
                    let d = self.def(id);
                    self.emit(
                        "add.u64",
                        vec![Operand::Reg(d), base, Operand::Imm(off as i64)],
                    );
                    return;
                }
                let mut r = self.reg(val);
                let d = self.def(id);
                let (Type::Ptr(a), Type::Ptr(b)) = (&from, &to) else {
                    return;
                };
                // cvta is 64-bit: a 32-bit shared address is widened before
                // it and narrowed after it.
                if r.class == RegClass::B32 {
                    let t = self.m.new_reg(RegClass::B64);
                    self.emit("cvt.u64.u32", vec![Operand::Reg(t), Operand::Reg(r)]);
                    r = t;
                }
                let out = if d.class == RegClass::B32 {
                    self.m.new_reg(RegClass::B64)
                } else {
                    d
                };
                let opcode = if *a == addrspace::GENERIC {
                    format!("cvta.to{}.u64", space_name(*b))
                } else {
                    format!("cvta{}.u64", space_name(*a))
                };
                self.emit(opcode, vec![Operand::Reg(out), Operand::Reg(r)]);
                if out != d {
                    self.emit("cvt.u32.u64", vec![Operand::Reg(d), Operand::Reg(out)]);
                }
            }
        }
    }
}

/// Kernel directives from `__launch_bounds__`, in cicc's order (the digests'
/// "PTX Emission": `.maxntid`, `.minnctapersm`, then `.maxclusterrank` on sm_90+).
fn kernel_directives(f: &Function, opts: &Options) -> Vec<String> {
    let mut d = Vec::new();
    if !f.attrs.kernel {
        return d;
    }
    if let Some(n) = f.attrs.maxntid {
        d.push(format!(".maxntid {n}, 1, 1"));
    }
    if let Some(n) = f.attrs.minctasm {
        d.push(format!(".minnctapersm {n}"));
    }
    let sm90 = crate::target::find(&opts.arch).is_some_and(|t| t.sm >= 90);
    if let (Some(n), true) = (f.attrs.maxclusterrank, sm90) {
        d.push(format!(".maxclusterrank {n}"));
    }
    d
}

/// How many times `d` is used as a gep index in block `b`.
fn gep_index_uses(f: &Function, d: InstId, b: BlockId) -> u32 {
    let mut n = 0;
    for &i in &f.block(b).insts {
        let inst = f.inst(i);
        match &inst.kind {
            InstKind::Gep { base, indices, .. } => {
                if base.as_inst() == Some(d) {
                    return 0; // used as a pointer: not only an index
                }
                n += indices.iter().filter(|x| x.as_inst() == Some(d)).count() as u32;
            }
            k => {
                if k.operands().iter().any(|o| o.as_inst() == Some(d)) {
                    return 0;
                }
            }
        }
    }
    n
}

/// NVVM's conversion intrinsics (`llvm.nvvm.` stripped), `F2T.MODE[.ftz]`
/// with F and T among f, d (floats) and i, ui, ll, ull (integers), as the
/// PTX `cvt` NVRTC writes: `d2ll.rz` is `cvt.rzi.s64.f64` (a float to an
/// integer rounds to an integer: `rni`, …), `ll2d.rn` is `cvt.rn.f64.s64`,
/// `d2f.rp.ftz` is `cvt.rp.ftz.f32.f64`. `f2i`/`f2ui` included; `None` for
/// anything else.
fn conversion(rest: &str) -> Option<String> {
    let mut parts = rest.split('.');
    let conv = parts.next()?;
    let mode = parts.next()?;
    let ftz = match parts.next() {
        None => "",
        Some("ftz") => ".ftz",
        Some(_) => return None,
    };
    if parts.next().is_some() || !matches!(mode, "rn" | "rz" | "rp" | "rm") {
        return None;
    }
    let (from, to) = conv.split_once('2')?;
    let ty = |t: &str| match t {
        "f" => Some((".f32", true)),
        "d" => Some((".f64", true)),
        "i" => Some((".s32", false)),
        "ui" => Some((".u32", false)),
        "ll" => Some((".s64", false)),
        "ull" => Some((".u64", false)),
        _ => None,
    };
    let ((src, src_float), (dst, dst_float)) = (ty(from)?, ty(to)?);
    let rounding = match (src_float, dst_float) {
        // float to integer: round to an integral value
        (true, false) => format!("{mode}i"),
        (false, true) => mode.to_string(),
        // only d2f between floats
        (true, true) if from == "d" && to == "f" => mode.to_string(),
        _ => return None,
    };
    // .ftz is for f32 operands or results only
    if !ftz.is_empty() && src != ".f32" && dst != ".f32" {
        return None;
    }
    Some(format!("cvt.{rounding}{ftz}{dst}{src}"))
}
