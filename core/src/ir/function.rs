//! Functions: parameters, attributes, blocks in an arena with a layout,
//! and the name table that keeps every printed name unique.

use super::*;
use crate::collections::HashSet;

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub name: String,
    pub insts: Vec<InstId>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Param {
    pub name: String,
    pub ty: Type,
    /// `noalias`: a `__restrict__` pointer.
    pub noalias: bool,
    /// The pointee is only read (`const T *`): allows `ld.global.nc`.
    pub readonly: bool,
    /// A struct passed by value: the pointer points to the caller's copy of
    /// its bytes (`ptr byval([12 x i8]) align 4 %s`). The function only
    /// reads it; PTX passes the bytes in the `.param` space.
    pub byval: Option<ByVal>,
    /// Where a struct result goes: the caller's memory for the value
    /// (`ptr sret([12 x i8]) align 4 %agg.result`); PTX returns the bytes in
    /// a `.param` array (`func_retval0`).
    pub sret: Option<ByVal>,
}

/// The type and alignment of a by-value struct parameter (or struct result):
/// `byval(%struct.P) align 4`, `sret([12 x i8]) align 4`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByVal {
    pub ty: Type,
    pub align: u64,
}

impl ByVal {
    /// The bytes the `.param` space holds.
    pub fn size(&self) -> u64 {
        self.ty.size()
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct FnAttrs {
    /// A `__global__` function: a PTX `.entry`.
    pub kernel: bool,
    /// A template instance: any translation unit may define it, one
    /// definition is kept (`weak_odr`; a kernel is still a `.visible .entry`,
    /// as nvcc writes it outside `-rdc`).
    pub weak: bool,
    /// Internal linkage (`static`, an anonymous namespace): `define
    /// internal`; a kernel is an `.entry` with no `.visible`.
    pub internal: bool,
    /// `__noinline__`: never inlined.
    pub noinline: bool,
    /// `__forceinline__`: inlined even at -O0 (`always-inline`).
    pub alwaysinline: bool,
    /// `__launch_bounds__`: at most this many threads per block (`.maxntid`).
    pub maxntid: Option<u32>,
    /// `__launch_bounds__`: at least this many blocks per SM (`.minnctapersm`).
    pub minctasm: Option<u32>,
    /// `__launch_bounds__`: at most this many blocks per cluster (`.maxclusterrank`, sm_90+).
    pub maxclusterrank: Option<u32>,
}

/// Per-loop hints from the source (`#pragma unroll`), keyed by the loop's latch block.
#[derive(Clone, Debug, PartialEq)]
pub struct LoopHint {
    pub latch: BlockId,
    /// 0: unroll fully; 1: never; n: by n.
    pub unroll: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub ret: Type,
    pub params: Vec<Param>,
    pub attrs: FnAttrs,
    pub insts: Vec<Inst>,
    pub blocks: Vec<Block>,
    /// Block order; `layout[0]` is the entry. Blocks not listed are dead.
    pub layout: Vec<BlockId>,
    pub loop_hints: Vec<LoopHint>,
    /// Every name in use by parameters, live instructions and blocks (one
    /// namespace, as in LLVM's printer); kept by the methods that create and erase.
    names: HashSet<String>,
    /// For each base name that has numbered names: which suffixes may be
    /// free, so taking `add`, `add1`, … stays cheap however many exist.
    name_hints: NameHints,
}

/// `fresh_name`'s memo; not part of what a function is (always equal).
#[derive(Clone, Debug, Default)]
struct NameHints(crate::collections::HashMap<String, Suffixes>);

/// `base` numbered `n`: `add3`, or `i1.3` when the base ends in a digit.
fn numbered(base: &str, n: u32) -> String {
    if base.ends_with(|c: char| c.is_ascii_digit()) {
        format!("{base}.{n}")
    } else {
        format!("{base}{n}")
    }
}

/// A base's numbered names: every suffix below `next` is taken or in
/// `free` (freed since; perhaps taken again as another base's name, which
/// `take_name` checks).
#[derive(Clone, Debug, Default)]
struct Suffixes {
    next: u32,
    free: std::collections::BTreeSet<u32>,
}

impl PartialEq for NameHints {
    fn eq(&self, _: &NameHints) -> bool {
        true
    }
}

impl Function {
    /// Adds to `seen` the named struct types the function's signature and
    /// instructions name (see [`Type::named_structs`]), in order of use.
    pub fn named_structs<'a>(&'a self, seen: &mut Vec<&'a StructType>) {
        self.ret.named_structs(seen);
        for p in &self.params {
            p.ty.named_structs(seen);
            for b in [&p.byval, &p.sret].into_iter().flatten() {
                b.ty.named_structs(seen);
            }
        }
        for id in self.layout.iter().flat_map(|b| self.block(*b).insts.iter()) {
            let inst = self.inst(*id);
            match &inst.kind {
                InstKind::Alloca { ty, .. } => ty.named_structs(seen),
                InstKind::Gep { elem_ty, .. } => elem_ty.named_structs(seen),
                _ => {}
            }
            inst.ty.named_structs(seen);
        }
    }

    pub fn new(name: impl Into<String>, ret: Type, params: Vec<Param>) -> Function {
        let names = params.iter().map(|p| p.name.clone()).collect();
        Function {
            name: name.into(),
            ret,
            params,
            attrs: FnAttrs::default(),
            insts: Vec::new(),
            blocks: Vec::new(),
            layout: Vec::new(),
            loop_hints: Vec::new(),
            names,
            name_hints: NameHints::default(),
        }
    }

    pub fn is_declaration(&self) -> bool {
        self.layout.is_empty()
    }

    pub fn entry(&self) -> BlockId {
        self.layout[0]
    }

    pub fn inst(&self, id: InstId) -> &Inst {
        &self.insts[id.0 as usize]
    }

    pub fn inst_mut(&mut self, id: InstId) -> &mut Inst {
        &mut self.insts[id.0 as usize]
    }

    pub fn block(&self, id: BlockId) -> &Block {
        &self.blocks[id.0 as usize]
    }

    pub fn block_mut(&mut self, id: BlockId) -> &mut Block {
        &mut self.blocks[id.0 as usize]
    }

    /// A name based on `base` that is not used yet: `base`, `base1`, `base2`, …
    /// (LLVM's scheme; a dot before the number when `base` ends in a digit).
    pub fn fresh_name(&self, base: &str) -> String {
        let base = if base.is_empty() { "t" } else { base };
        if !self.names.contains(base) {
            return base.to_string();
        }
        self.first_free(base, 1).0
    }

    /// The first free numbered name of `base` from suffix `from` on, and its suffix.
    fn first_free(&self, base: &str, from: u32) -> (String, u32) {
        (from.max(1)..)
            .map(|n| (numbered(base, n), n))
            .find(|(name, _)| !self.names.contains(name.as_str()))
            .expect("unbounded")
    }

    /// Takes a fresh name based on `base` (what `fresh_name` gives) and
    /// marks it used.
    fn take_name(&mut self, base: &str) -> String {
        let base = if base.is_empty() { "t" } else { base };
        let name = if !self.names.contains(base) {
            base.to_string()
        } else {
            // The lowest freed suffix that is still free, else the first
            // free one from `next` on.
            let hints = self.name_hints.0.entry(base.to_string()).or_default();
            let freed = std::iter::from_fn(|| hints.free.pop_first())
                .map(|n| numbered(base, n))
                .find(|name| !self.names.contains(name.as_str()));
            match freed {
                Some(name) => name,
                None => {
                    let next = self.name_hints.0[base].next;
                    let (name, n) = self.first_free(base, next);
                    if let Some(h) = self.name_hints.0.get_mut(base) {
                        h.next = n + 1;
                    }
                    name
                }
            }
        };
        self.names.insert(name.clone());
        name
    }

    /// Frees a name; where it is a numbered name of a base with hints
    /// (`add12` of `add`, `i1.2` of `i1`), its suffix is free again.
    fn free_name(&mut self, name: &str) {
        if !self.names.remove(name) || self.name_hints.0.is_empty() {
            return;
        }
        let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            return; // a base itself: `take_name` tries it first
        }
        let (prefix, number) = name.split_at(name.len() - digits);
        let Ok(n) = number.parse::<u32>() else { return };
        if n == 0 || number.starts_with('0') {
            return; // no suffix is written so
        }
        let mut free = |base: &str| {
            if let Some(h) = self.name_hints.0.get_mut(base) {
                if n < h.next {
                    h.free.insert(n);
                }
            }
        };
        // `numbered`'s two forms: `prefix` is the base (`add` of `add12`,
        // `a.` of `a.1`), or the base with its dot (`i1` of `i1.2`).
        let digit_end = |s: &str| s.ends_with(|c: char| c.is_ascii_digit());
        if !digit_end(prefix) {
            free(prefix);
        }
        if let Some(base) = prefix.strip_suffix('.').filter(|b| digit_end(b)) {
            free(base);
        }
    }

    /// Renames an instruction (to a fresh name based on `base`), freeing its old name.
    pub fn rename_inst(&mut self, id: InstId, base: &str) {
        let old = std::mem::take(&mut self.insts[id.0 as usize].name);
        self.free_name(&old);
        let name = self.take_name(base);
        self.insts[id.0 as usize].name = name;
    }

    /// Marks an instruction dead: the caller has taken it out of its block.
    /// Its name becomes free for new values.
    pub fn erase_inst(&mut self, id: InstId) {
        let old = std::mem::take(&mut self.insts[id.0 as usize].name);
        if !old.is_empty() {
            self.free_name(&old);
        }
        let inst = &mut self.insts[id.0 as usize];
        inst.ty = Type::Void;
        inst.kind = InstKind::Unreachable;
    }

    /// Takes the instructions `dead` out of the live blocks and erases them
    /// (their uses are gone: the caller has replaced them).
    pub fn delete_insts(&mut self, dead: impl IntoIterator<Item = InstId>) {
        let dead: Vec<InstId> = dead.into_iter().collect();
        if dead.is_empty() {
            return;
        }
        let mut is_dead = vec![false; self.insts.len()];
        for i in &dead {
            is_dead[i.0 as usize] = true;
        }
        for &b in &self.layout {
            self.blocks[b.0 as usize]
                .insts
                .retain(|i| !is_dead[i.0 as usize]);
        }
        for i in dead {
            self.erase_inst(i);
        }
    }

    /// Takes a block out of the layout (the caller has fixed its edges) and frees its name
    /// and its instructions' names.
    pub fn remove_block(&mut self, b: BlockId) {
        if let Some(at) = self.layout.iter().position(|x| *x == b) {
            self.layout.remove(at);
        }
        self.forget_block(b);
    }

    /// [`Function::remove_block`] for many blocks at once (one pass over
    /// the layout).
    pub fn remove_blocks(&mut self, dead: &[BlockId]) {
        let mut is_dead = vec![false; self.blocks.len()];
        for b in dead {
            is_dead[b.0 as usize] = true;
        }
        self.layout.retain(|b| !is_dead[b.0 as usize]);
        for &b in dead {
            self.forget_block(b);
        }
    }

    /// Erases a block taken out of the layout: its instructions and name.
    fn forget_block(&mut self, b: BlockId) {
        for i in std::mem::take(&mut self.blocks[b.0 as usize].insts) {
            self.erase_inst(i);
        }
        let name = std::mem::take(&mut self.blocks[b.0 as usize].name);
        self.free_name(&name);
        self.loop_hints.retain(|h| h.latch != b);
    }

    pub fn add_block(&mut self, base: &str) -> BlockId {
        let name = self.take_name(base);
        let id = BlockId(self.blocks.len() as u32);
        self.blocks.push(Block {
            name,
            insts: Vec::new(),
        });
        self.layout.push(id);
        id
    }

    /// Creates an instruction (not yet placed in a block). A non-void result
    /// gets a fresh name from `base`.
    pub fn create_inst(
        &mut self,
        base: &str,
        ty: Type,
        kind: InstKind,
        loc: Option<DebugLoc>,
    ) -> InstId {
        let name = if ty == Type::Void {
            String::new()
        } else {
            self.take_name(base)
        };
        let id = InstId(self.insts.len() as u32);
        self.insts.push(Inst {
            name,
            ty,
            kind,
            loc,
        });
        id
    }

    /// The type of an operand.
    pub fn value_type(&self, v: &Value) -> Type {
        match v {
            Value::Inst(i) => self.inst(*i).ty.clone(),
            Value::Arg(a) => self
                .params
                .get(*a as usize)
                .map_or(Type::Void, |p| p.ty.clone()),
            Value::Int(t, _) | Value::Float(t, _) | Value::Undef(t) => t.clone(),
            Value::Null(space) | Value::Global(_, space) => Type::Ptr(*space),
        }
    }

    pub fn terminator(&self, b: BlockId) -> Option<&Inst> {
        self.block(b)
            .insts
            .last()
            .map(|i| self.inst(*i))
            .filter(|i| i.kind.is_terminator())
    }

    pub fn successors(&self, b: BlockId) -> Vec<BlockId> {
        self.terminator(b)
            .map(|t| t.kind.successors())
            .unwrap_or_default()
    }

    /// For each block, whether it lies on a cycle of the CFG (a path of one
    /// or more edges from it back to itself): Tarjan's strongly connected
    /// components, iteratively, in time linear in the blocks and edges.
    pub fn blocks_on_cycles(&self) -> Vec<bool> {
        let n = self.blocks.len();
        let succs: Vec<Vec<BlockId>> = (0..n).map(|b| self.successors(BlockId(b as u32))).collect();
        let mut index = vec![usize::MAX; n];
        let mut low = vec![0usize; n];
        let mut on_stack = vec![false; n];
        let mut comp: Vec<usize> = Vec::new();
        let mut out = vec![false; n];
        let mut next = 0;
        for root in 0..n {
            if index[root] != usize::MAX {
                continue;
            }
            let mut work = vec![(root, 0usize)];
            index[root] = next;
            low[root] = next;
            next += 1;
            comp.push(root);
            on_stack[root] = true;
            while let Some(&mut (v, ref mut i)) = work.last_mut() {
                if let Some(&s) = succs[v].get(*i) {
                    *i += 1;
                    let s = s.0 as usize;
                    if s == v {
                        out[v] = true;
                    }
                    if index[s] == usize::MAX {
                        index[s] = next;
                        low[s] = next;
                        next += 1;
                        comp.push(s);
                        on_stack[s] = true;
                        work.push((s, 0));
                    } else if on_stack[s] {
                        low[v] = low[v].min(index[s]);
                    }
                    continue;
                }
                work.pop();
                if let Some(&(p, _)) = work.last() {
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == index[v] {
                    let at = comp.iter().rposition(|&x| x == v).expect("on the stack");
                    let members = comp.split_off(at);
                    let cyclic = members.len() > 1;
                    for x in members {
                        on_stack[x] = false;
                        out[x] |= cyclic;
                    }
                }
            }
        }
        out
    }

    /// Predecessors of every block in layout, in layout order (duplicates kept
    /// for a conditional branch with both edges to one block).
    /// The predecessors of one block, as `predecessors()[b]` lists them
    /// (one walk of the terminators, no list per block).
    pub fn predecessors_of(&self, target: BlockId) -> Vec<BlockId> {
        let mut preds = Vec::new();
        for &b in &self.layout {
            if let Some(t) = self.terminator(b) {
                let mut i = 0;
                while let Some(s) = t.kind.successor(i) {
                    if s == target {
                        preds.push(b);
                    }
                    i += 1;
                }
            }
        }
        preds
    }

    pub fn predecessors(&self) -> Vec<Vec<BlockId>> {
        // Counted first, so each list is allocated once at its size.
        let mut count = vec![0usize; self.blocks.len()];
        for &b in &self.layout {
            if let Some(t) = self.terminator(b) {
                let mut i = 0;
                while let Some(s) = t.kind.successor(i) {
                    count[s.0 as usize] += 1;
                    i += 1;
                }
            }
        }
        let mut preds: Vec<Vec<BlockId>> = count.into_iter().map(Vec::with_capacity).collect();
        for &b in &self.layout {
            let Some(t) = self.terminator(b) else {
                continue;
            };
            let mut i = 0;
            while let Some(s) = t.kind.successor(i) {
                preds[s.0 as usize].push(b);
                i += 1;
            }
        }
        preds
    }

    /// Removes up to `n` of the entries from `pred` in the phis of `block`
    /// (one per edge `pred → block` that goes away).
    pub fn drop_phi_entries(&mut self, block: BlockId, pred: BlockId, n: usize) {
        for i in self.block(block).insts.clone() {
            if let InstKind::Phi { incoming } = &mut self.inst_mut(i).kind {
                for _ in 0..n {
                    match incoming.iter().position(|(_, b)| *b == pred) {
                        Some(pos) => {
                            incoming.remove(pos);
                        }
                        None => break,
                    }
                }
            }
        }
    }

    /// Replaces the terminator of `b` by `br label %dest` (`dest` one of its
    /// successors), dropping the phi entries of the edges that go.
    pub fn replace_terminator_with_br(&mut self, b: BlockId, dest: BlockId) {
        let Some(&term) = self.block(b).insts.last() else {
            return;
        };
        let mut succ = self.inst(term).kind.successors();
        if let Some(k) = succ.iter().position(|s| *s == dest) {
            succ.remove(k);
        }
        succ.sort();
        let mut k = 0;
        while k < succ.len() {
            let s = succ[k];
            let n = succ[k..].iter().take_while(|x| **x == s).count();
            self.drop_phi_entries(s, b, n);
            k += n;
        }
        self.inst_mut(term).kind = InstKind::Br { dest };
    }

    /// Replaces every use of `from` with `to` in live blocks.
    pub fn replace_all_uses(&mut self, from: &Value, to: &Value) {
        self.for_each_live_operand_mut(|op| {
            if op == from {
                *op = to.clone();
            }
        });
    }

    /// Replaces every use of each instruction in `map` with its value, in
    /// one walk of the live blocks: the batched form of a sequence of
    /// [`replace_all_uses`](Self::replace_all_uses) calls (a value that is
    /// itself replaced later follows its chain to the end).
    pub fn replace_uses_by_map(&mut self, map: &crate::collections::HashMap<InstId, Value>) {
        if map.is_empty() {
            return;
        }
        let resolve = |v: &Value| {
            let mut v = v.clone();
            // A chain is at most as long as the map (a cycle stops there).
            for _ in 0..map.len() {
                match v.as_inst().and_then(|i| map.get(&i)) {
                    Some(next) => v = next.clone(),
                    None => break,
                }
            }
            v
        };
        self.for_each_live_operand_mut(|op| {
            if op.as_inst().is_some_and(|i| map.contains_key(&i)) {
                *op = resolve(op);
            }
        });
    }

    /// Calls `f` on every operand of every instruction in live blocks (one
    /// walk for a whole map of replacements).
    pub fn for_each_live_operand_mut(&mut self, mut f: impl FnMut(&mut Value)) {
        for &b in &self.layout {
            for &i in &self.blocks[b.0 as usize].insts {
                self.insts[i.0 as usize].kind.for_each_operand_mut(&mut f);
            }
        }
    }

    /// How many times each instruction is used as an operand in live blocks.
    pub fn use_counts(&self) -> Vec<u32> {
        let mut counts = vec![0u32; self.insts.len()];
        for &b in &self.layout {
            for &i in &self.block(b).insts {
                self.inst(i).kind.for_each_operand(|op| {
                    if let Value::Inst(d) = op {
                        counts[d.0 as usize] += 1;
                    }
                });
            }
        }
        counts
    }

    /// Blocks reachable from the entry, in reverse post-order.
    pub fn reverse_postorder(&self) -> Vec<BlockId> {
        if self.layout.is_empty() {
            return Vec::new();
        }
        let mut seen = vec![false; self.blocks.len()];
        let mut post = Vec::new();
        let mut stack = vec![(self.entry(), 0usize)];
        seen[self.entry().0 as usize] = true;
        while let Some((b, i)) = stack.pop() {
            match self.terminator(b).and_then(|t| t.kind.successor(i)) {
                Some(s) => {
                    stack.push((b, i + 1));
                    if !seen[s.0 as usize] {
                        seen[s.0 as usize] = true;
                        stack.push((s, 0));
                    }
                }
                None => post.push(b),
            }
        }
        post.reverse();
        post
    }
}

impl Function {
    /// The alignment known of a pointer from what it is (LLVM's
    /// computeKnownBits of an address): an alloca's (or its local view's),
    /// a variable's (its alignment in `globals`), and an element of either
    /// at a constant offset or indexed at run time (`&counts[t]` of a
    /// 4-aligned `int counts[32]` is 4-aligned); 1 when nothing is known.
    pub fn known_align(
        &self,
        p: &Value,
        globals: &crate::collections::HashMap<String, u64>,
    ) -> u64 {
        align_of(self, globals, p, 0)
    }
}

fn align_of(
    f: &Function,
    globals: &crate::collections::HashMap<String, u64>,
    p: &Value,
    depth: u32,
) -> u64 {
    if depth > 8 {
        return 1;
    }
    match p {
        Value::Global(name, _) => globals.get(name).copied().unwrap_or(1),
        Value::Inst(i) => match &f.inst(*i).kind {
            InstKind::Alloca { align, .. } => *align,
            InstKind::Cast {
                op: CastOp::AddrSpaceCast,
                val,
            } => align_of(f, globals, val, depth + 1),
            InstKind::Gep {
                elem_ty,
                base,
                indices,
            } => {
                let stride = match indices.as_slice() {
                    [idx] if idx.as_int().is_none() => elem_ty.size() as i64,
                    _ => match gep_const_offset(elem_ty, indices) {
                        Some(off) => off,
                        None => return 1,
                    },
                };
                offset_align(align_of(f, globals, base, depth + 1), stride)
            }
            _ => 1,
        },
        _ => 1,
    }
}

/// The alignment of `p + off` for a `p` aligned to `align`.
pub fn offset_align(align: u64, off: i64) -> u64 {
    if off == 0 {
        align
    } else {
        align.min(1 << off.trailing_zeros().min(32))
    }
}
