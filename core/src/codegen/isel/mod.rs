//! Instruction selection: IR → PTX instructions on virtual registers, one
//! register per SSA value, in cicc's register classes. Phis are left for
//! out-of-SSA (returned as `Phi`s). A few patterns fuse what nvcc
//! fuses: `mul.wide.s32` for a sign-extended index, `mad.lo`, `fma.rn`
//! under -fmad=true, constant offsets folded into `[reg+off]` addresses.
//!
//! The selector's state and entry point are here; each concern is an `impl Sel`
//! of its own: `fold` (what is computed inside its user), `frame` (stack frame
//! and parameter loads), `operand`, `address`, `memory`, `arith`, `control`
//! (returns, switches), `call` (the `.param` ABI), `intrinsic`, `texture`
//! (texture fetches, surface reads and writes), `asm` (inline PTX); `types` holds
//! register classes and PTX type suffixes.

mod address;
mod arith;
mod asm;
mod asyncmem;
mod call;
mod control;
mod divconst;
mod fold;
mod frame;
mod intrinsic;
mod memory;
mod operand;
mod ptx16;
mod texture;
mod types;
mod wmma;

use types::*;
pub use types::{func_param_types, param_type, reg_bits, reg_class};

use crate::collections::{HashMap, HashSet};
use crate::diag::Diagnostic;
use crate::ir::*;
use crate::options::Options;
use crate::ptx::*;

/// A phi to be resolved by out-of-SSA: its register and, per predecessor
/// machine block, the operand that flows in.
#[derive(Clone)]
pub struct Phi {
    pub block: usize,
    pub dst: Reg,
    pub incoming: Vec<(usize, Operand)>,
}

pub struct Selected {
    pub func: MFunction,
    pub phis: Vec<Phi>,
    /// With snapshots: each named IR value (`%add`) and the virtual
    /// registers that hold it (an instruction folded into its users, as
    /// `%mul` into an `fma`, gets its users' registers).
    pub values: Vec<(String, Vec<Reg>)>,
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
    /// Every instruction computed inside its users (`folded` and
    /// `address_folded` as planned, before selection consumes them).
    fused: HashSet<InstId>,
    /// Narrow loads read only by an extension in their block: load →
    /// (extension, signed?). The load writes the extension's register
    /// (`ld.global.s8 %r17`, as LLVM's extending loads); the extension is
    /// folded.
    ext_loads: HashMap<InstId, (InstId, bool)>,
    /// Kernel parameters read only by an extension in the entry block:
    /// parameter → (extension, signed?). `ld.param.s32 %rd4` loads the
    /// parameter into the extension's register, as LLVM's extending load of
    /// a lowered parameter; the extension is folded.
    ext_args: HashMap<u32, (InstId, bool)>,
    /// Extensions of i32 gep indices computed in the gep's own block but
    /// also read elsewhere → those geps: each multiplies wide from the
    /// 32-bit value all the same (the DAG sees the extension node), the
    /// extension keeps its register for its other uses.
    local_wide: HashMap<InstId, HashSet<InstId>>,
    /// The extensions a load or a parameter's load computes (those of
    /// `ext_loads` and `ext_args`): their register is the load's.
    widened: HashSet<InstId>,
    /// A folded index extension of a 32-bit (shared) address whose value is
    /// a shift by a constant, itself folded: the shifted value and the
    /// shift, so the gep scales once (`shl.b32 %r, %x, 3` for (x << 1) * 4,
    /// as NVPTX's DAG combines the two).
    shifted_index: HashMap<InstId, (Value, i64)>,
    /// Constant-offset geps folded into the address of every load and store
    /// that uses them (`[%rd4+8]`; not emitted themselves).
    address_folded: HashSet<InstId>,
    /// The lane registers of each vector load; the output registers of an
    /// asm with several.
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
    /// The register holding a variable's address, per (name, machine
    /// block); a block reads the one of a block dominating it (NVPTX's
    /// MachineCSE merges the `mov.u32 %r, smem` along the dominator tree).
    global_regs: HashMap<(String, usize), Reg>,
    /// Each IR block's immediate dominator, by machine block index.
    idom: Vec<Option<usize>>,
    /// The register a 32-bit constant was moved into, per (value, machine
    /// block): `shfl.sync`'s operands.
    constant_regs: HashMap<(i64, usize), Reg>,
    /// Scaled folded index extensions (`mul.wide`, or 32-bit for shared
    /// addresses): (extension, scale, address width, machine block) →
    /// register. Per block: an extension folded into geps of several
    /// blocks is multiplied in each.
    wide_index: HashMap<(InstId, i64, u32, usize), Reg>,
    /// Scaled gep indices (`shl.b32 %r, %ty, 6`): (register, scale, address
    /// width, machine block) → register, so two arrays indexed alike in one
    /// block (`As[ty][tx]`, `Bs[ty][tx]`) share the shift, as nvcc's do.
    scaled_index: HashMap<(Reg, i64, u32, usize), Reg>,
    cur: usize,
    loc: Option<DebugLoc>,
    diags: Vec<Diagnostic>,
    /// The module's optional rewrites so far (`--rewrite-limit isel:N`):
    /// folds and `.nc` marks, counted over its functions in order.
    rewrites: usize,
    rewrite_limit: Option<usize>,
}

/// Selects the instructions of `f`, a function of `module` (whose other
/// functions' signatures its calls follow).
pub fn select(
    module: &Module,
    f: &Function,
    index: usize,
    opts: &Options,
    rewrites: &mut usize,
) -> Result<Selected, Vec<Diagnostic>> {
    let block_index: HashMap<BlockId, usize> =
        f.layout.iter().enumerate().map(|(n, b)| (*b, n)).collect();
    // Loop headers whose loop is not to be unrolled (hint 1 on its latch):
    // the latch's successor that dominates it.
    let mut nounroll = Vec::new();
    let dom = DomTree::new(f);
    // Each block's immediate dominator, as machine block indices (the
    // blocks a lowered switch adds come after these and have none).
    let idom: Vec<Option<usize>> = f
        .layout
        .iter()
        .map(|b| {
            dom.idom[b.0 as usize]
                .filter(|d| d != b)
                .and_then(|d| block_index.get(&d).copied())
        })
        .collect();
    if f.loop_hints.iter().any(|h| h.unroll == 1) {
        for h in f.loop_hints.iter().filter(|h| h.unroll == 1) {
            nounroll.extend(
                f.successors(h.latch)
                    .into_iter()
                    .filter(|s| dom.dominates(*s, h.latch)),
            );
        }
    }
    let blocks = f
        .layout
        .iter()
        .map(|b| MBlock {
            name: f.block(*b).name.clone(),
            insts: Vec::new(),
            nounroll: nounroll.contains(b),
            unreachable: false,
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
        internal: f.attrs.internal,
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
        fused: HashSet::default(),
        address_folded: HashSet::default(),
        ext_loads: HashMap::default(),
        ext_args: HashMap::default(),
        local_wide: HashMap::default(),
        widened: HashSet::default(),
        shifted_index: HashMap::default(),
        constant_regs: HashMap::default(),
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
        scaled_index: HashMap::default(),
        switch_edges: HashMap::default(),
        global_regs: HashMap::default(),
        idom,
        cur: 0,
        loc: None,
        diags: Vec::new(),
        rewrites: *rewrites,
        rewrite_limit: opts.rewrite_limit(crate::RewriteSite::Isel),
    };
    s.plan_param_temps();
    s.plan_folds();
    if opts.snapshots {
        s.fused = s.folded.union(&s.address_folded).copied().collect();
    }
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
    *rewrites = s.rewrites;
    if !s.diags.is_empty() {
        return Err(s.diags);
    }
    let values = if opts.snapshots {
        s.value_regs()
    } else {
        Vec::new()
    };
    Ok(Selected {
        func: s.m,
        phis: out_phis,
        values,
    })
}

impl Sel<'_> {
    /// Counts one optional rewrite (a fold, a `.nc` mark); whether the
    /// limit lets it be made (`--rewrite-limit isel:N`, bisection's last step).
    fn may_rewrite(&mut self) -> bool {
        self.rewrites += 1;
        self.rewrite_limit.is_none_or(|l| self.rewrites <= l)
    }

    /// Each named IR value and its registers, in function order: the
    /// parameters', then the instructions'. An instruction computed inside
    /// its users (folded into an `fma`, a gep into an address) takes the
    /// registers its users are given.
    fn value_regs(&self) -> Vec<(String, Vec<Reg>)> {
        let f = self.f;
        let mut out: Vec<(String, Vec<Reg>)> = f
            .params
            .iter()
            .zip(&self.args)
            .filter_map(|(p, r)| Some((format!("%{}", p.name), vec![(*r)?])))
            .filter(|(n, _)| n.len() > 1)
            .collect();
        let ids: Vec<InstId> = f
            .layout
            .iter()
            .flat_map(|b| f.block(*b).insts.iter().copied())
            .filter(|i| !f.inst(*i).name.is_empty())
            .collect();
        // The folded index extensions' `mul.wide`s by their index value, in
        // key order: the map's own order follows the hash, which differs
        // between 64-bit native and 32-bit wasm.
        let mut wide_of: HashMap<InstId, Vec<_>> = HashMap::default();
        for (k, r) in &self.wide_index {
            wide_of.entry(k.0).or_default().push((*k, *r));
        }
        for w in wide_of.values_mut() {
            w.sort_unstable_by_key(|(k, _)| *k);
        }
        let mut regs: HashMap<InstId, Vec<Reg>> = HashMap::default();
        for &i in &ids {
            let mut rs: Vec<Reg> = match self.vals.get(&i) {
                Some(Operand::Reg(r)) => vec![*r],
                _ => Vec::new(),
            };
            // A folded index extension: its `mul.wide` (one per scale).
            for (_, r) in wide_of.get(&i).into_iter().flatten() {
                if !rs.contains(r) {
                    rs.push(*r);
                }
            }
            if let Some(v) = self.vec_regs.get(&i) {
                for r in v {
                    if !rs.contains(r) {
                        rs.push(*r);
                    }
                }
            }
            if !rs.is_empty() {
                regs.insert(i, rs);
            }
        }
        // Folded values: their users' registers, through chains of folds
        // (a gep folded into the addresses of its loads).
        let own: HashSet<InstId> = regs.keys().copied().collect();
        for _ in 0..3 {
            let mut more: Vec<(InstId, Reg)> = Vec::new();
            for &u in &ids {
                let Some(rs) = regs.get(&u) else { continue };
                f.inst(u).kind.for_each_operand(|v| {
                    if let Some(d) = v.as_inst() {
                        if self.fused.contains(&d)
                            && !own.contains(&d)
                            && !f.inst(d).name.is_empty()
                        {
                            more.extend(rs.iter().map(|r| (d, *r)));
                        }
                    }
                });
            }
            let mut grew = false;
            for (d, r) in more {
                let e = regs.entry(d).or_default();
                if !e.contains(&r) {
                    e.push(r);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        for i in ids {
            if let Some(rs) = regs.remove(&i) {
                out.push((format!("%{}", f.inst(i).name), rs));
            }
        }
        out
    }

    /// Appends `i` to the current block, at the current source location.
    fn push(&mut self, mut i: Instr) {
        i.loc = self.loc;
        self.m.blocks[self.cur].insts.push(i);
    }

    /// Appends the instruction `op` with its `modifiers` (`.global.f32`).
    fn emit(&mut self, op: Op, modifiers: impl Into<String>, operands: Vec<Operand>) {
        self.push(Instr::new(op, modifiers, operands));
    }

    /// [`Sel::emit`] of an opcode chosen beforehand: `(Op::Ld, ".global.f32")`.
    fn emit_opcode(&mut self, (op, modifiers): (Op, impl Into<String>), operands: Vec<Operand>) {
        self.emit(op, modifiers, operands);
    }

    fn emit_guarded(
        &mut self,
        guard: (Reg, bool),
        op: Op,
        modifiers: &str,
        operands: Vec<Operand>,
    ) {
        let mut i = Instr::new(op, modifiers, operands);
        i.guard = Some(guard);
        self.push(i);
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

    /// Selects one IR instruction: the short cases here, the others in the
    /// module of their concern.
    fn inst(&mut self, id: InstId) {
        let f = self.f;
        let inst = f.inst(id);
        if inst.loc.is_some() {
            self.loc = inst.loc;
        }
        let ty = inst.ty.clone();
        match &inst.kind {
            InstKind::Alloca { .. } => self.alloca(id),
            InstKind::Load { ptr, volatile, .. } => self.load(id, ptr, *volatile),
            InstKind::Store {
                val, ptr, volatile, ..
            } => self.store(val, ptr, *volatile),
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
                let op = (Op::Neg, format!("{}{}", self.ftz(&ty), float_suffix(&ty)));
                self.emit_opcode(op, vec![Operand::Reg(d), a]);
            }
            InstKind::ICmp { pred, lhs, rhs } => self.icmp(id, *pred, lhs, rhs),
            InstKind::FCmp { pred, lhs, rhs } => self.fcmp(id, *pred, lhs, rhs),
            InstKind::Select { cond, t, f: e } => self.select_inst(id, cond, t, e),
            InstKind::Cast { op, val } => self.cast(id, *op, val),
            InstKind::Call { callee, args } => match callee {
                Callee::Intrinsic(Intrinsic::Sreg(sreg)) => {
                    let d = self.def(id);
                    let ty = if d.class == RegClass::B64 {
                        (Op::Mov, ".u64")
                    } else {
                        (Op::Mov, ".u32")
                    };
                    let r = Operand::Sym(format!("%{}", sreg.name()));
                    self.emit_opcode(ty, vec![Operand::Reg(d), r]);
                }
                Callee::Intrinsic(Intrinsic::Ptx(spelling)) => self.ptx16(id, spelling, args),
                // `ld.global.cs.v4.s32`: the opcode, then the rest as written.
                Callee::Intrinsic(Intrinsic::CacheAccess(spelling)) => match spelling.split_at(2) {
                    ("ld", rest) => self.cache_access(id, Op::Ld, rest, args),
                    (_, rest) => self.cache_access(id, Op::St, rest, args),
                },
                Callee::Intrinsic(Intrinsic::Texture(op, rest)) => {
                    self.texture(id, *op, rest, args)
                }
                Callee::Intrinsic(Intrinsic::Wmma(w)) => self.wmma(id, *w, args),
                Callee::Intrinsic(i) => self.intrinsic(id, i, args),
                Callee::Function(name) if Intrinsic::reserved(name) => {
                    self.unsupported(&format!("the intrinsic \"{name}\""))
                }
                Callee::Function(name) => self.call(id, Ok(name), args),
            },
            InstKind::CallIndirect { callee, args } => self.call(id, Err(callee), args),
            InstKind::AtomicRmw {
                op,
                ptr,
                val,
                scope,
            } => self.atomic_rmw(id, *op, ptr, val, *scope),
            InstKind::CmpXchg {
                ptr,
                cmp,
                new,
                scope,
            } => self.cmpxchg(id, ptr, cmp, new, *scope),
            InstKind::Fence { scope } => {
                let op = match scope {
                    SyncScope::Block => (Op::Membar, ".cta"),
                    SyncScope::Device => (Op::Membar, ".gl"),
                    SyncScope::System => (Op::Membar, ".sys"),
                };
                self.emit_opcode(op, vec![]);
            }
            InstKind::Phi { .. } => {}
            InstKind::Br { dest } => {
                let t = self.block_index[dest];
                self.emit(Op::Bra, ".uni", vec![Operand::Label(t)]);
            }
            InstKind::CondBr { cond, t, f: e } => {
                let c = self.reg(cond);
                let (t, e) = (self.block_index[t], self.block_index[e]);
                self.emit_guarded((c, false), Op::Bra, "", vec![Operand::Label(t)]);
                self.emit(Op::Bra, ".uni", vec![Operand::Label(e)]);
            }
            InstKind::Switch {
                val,
                default,
                cases,
            } => self.switch(val, *default, cases),
            InstKind::Ret { val } => self.ret(val.as_ref()),
            // nvcc writes nothing for a path that cannot be reached; the
            // block goes last (layout), so nothing falls into it.
            InstKind::Unreachable => self.m.blocks[self.cur].unreachable = true,
            InstKind::Asm(a) => self.inline_asm(id, a),
            InstKind::ExtractValue { agg, index } => self.asm_output(id, agg, *index),
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
    let sm90 = opts.target().is_ok_and(|t| t.sm >= 90);
    if let (Some(n), true) = (f.attrs.maxclusterrank, sm90) {
        d.push(format!(".maxclusterrank {n}"));
    }
    d
}
