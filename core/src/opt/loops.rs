//! Natural loops, and the helpers the loop passes share.
//!
//! A back edge is an edge `latch → header` where the header dominates the
//! latch; the loop of a header is the header plus every block that reaches
//! one of its latches without passing through the header. Loops with the
//! same header are one loop. Cycles entered at more than one block
//! (irreducible control flow) have no back edge and are not loops here, so
//! no loop pass touches them.
//!
//! "Loop-simplify form" (LLVM's name): a loop has a *preheader* (the one
//! block outside the loop that branches to the header, and only there) and
//! *dedicated exits* (every block outside the loop that it branches to is
//! entered only from the loop). [`ensure_preheader`] and
//! [`ensure_dedicated_exits`] create them, with LLVM's block names
//! (`for.cond.preheader`, `for.end.loopexit`).
//!
//! [`SsaUpdater`] repairs SSA form after a pass gives one value several
//! definitions (a header value computed both in the preheader and in the
//! latch after loop-rotate; a body value in every copy after loop-unroll):
//! it finds the definition that reaches each use and places phis where
//! definitions meet.

use crate::collections::{HashMap, HashSet};
use crate::ir::fold;
use crate::ir::*;

/// One natural loop.
#[derive(Clone, Debug)]
pub struct Loop {
    pub header: BlockId,
    /// The loop's blocks, header first, then in reverse post-order.
    pub blocks: Vec<BlockId>,
    /// The blocks in the loop that branch to the header.
    pub latches: Vec<BlockId>,
    /// The innermost loop containing this one (an index into `LoopInfo::loops`).
    pub parent: Option<usize>,
    /// 1 for an outermost loop.
    pub depth: u32,
    member: Vec<bool>,
}

impl Loop {
    pub fn contains(&self, b: BlockId) -> bool {
        self.member.get(b.0 as usize).copied().unwrap_or(false)
    }

    /// The single latch, if there is one.
    pub fn latch(&self) -> Option<BlockId> {
        match self.latches.as_slice() {
            [l] => Some(*l),
            _ => None,
        }
    }

    /// Distinct predecessors of the header from outside the loop.
    pub fn outside_preds(&self, preds: &[Vec<BlockId>]) -> Vec<BlockId> {
        self.outside_preds_in(&preds[self.header.0 as usize])
    }

    /// [`Loop::outside_preds`] from the header's predecessors alone
    /// (`Function::predecessors_of`).
    pub fn outside_preds_in(&self, header_preds: &[BlockId]) -> Vec<BlockId> {
        distinct(header_preds.iter().copied().filter(|p| !self.contains(*p)))
    }

    /// The preheader: the only block outside the loop that enters it, when
    /// its terminator is an unconditional branch to the header.
    pub fn preheader(&self, f: &Function, preds: &[Vec<BlockId>]) -> Option<BlockId> {
        self.preheader_in(f, &preds[self.header.0 as usize])
    }

    /// [`Loop::preheader`] from the header's predecessors alone.
    pub fn preheader_in(&self, f: &Function, header_preds: &[BlockId]) -> Option<BlockId> {
        match self.outside_preds_in(header_preds).as_slice() {
            [p] => match f.terminator(*p).map(|t| &t.kind) {
                Some(InstKind::Br { dest }) if *dest == self.header => Some(*p),
                _ => None,
            },
            _ => None,
        }
    }

    /// Blocks in the loop that may leave it: those with a successor outside
    /// the loop, and those that return (or end in `unreachable`).
    pub fn exiting_blocks(&self, f: &Function) -> Vec<BlockId> {
        self.blocks
            .iter()
            .copied()
            .filter(|&b| {
                let succ = f.successors(b);
                succ.is_empty() || succ.iter().any(|s| !self.contains(*s))
            })
            .collect()
    }

    /// Blocks outside the loop that it branches to, in the order first seen.
    pub fn exit_blocks(&self, f: &Function) -> Vec<BlockId> {
        distinct(
            self.blocks
                .iter()
                .flat_map(|&b| f.successors(b))
                .filter(|s| !self.contains(*s)),
        )
    }
}

/// The loops of a function and how they nest.
pub struct LoopInfo {
    /// Outer loops before the loops they contain (by the header's reverse post-order).
    pub loops: Vec<Loop>,
}

impl LoopInfo {
    pub fn new(f: &Function, dom: &DomTree) -> LoopInfo {
        let preds = f.predecessors();
        let n = f.blocks.len();
        let mut loops: Vec<Loop> = Vec::new();
        for &h in &dom.rpo {
            let latches: Vec<BlockId> = distinct(
                preds[h.0 as usize]
                    .iter()
                    .copied()
                    .filter(|&p| dom.is_reachable(p) && dom.dominates(h, p)),
            );
            if latches.is_empty() {
                continue;
            }
            let mut member = vec![false; n];
            member[h.0 as usize] = true;
            let mut stack = latches.clone();
            while let Some(b) = stack.pop() {
                if member[b.0 as usize] {
                    continue;
                }
                member[b.0 as usize] = true;
                stack.extend(
                    preds[b.0 as usize]
                        .iter()
                        .copied()
                        .filter(|p| dom.is_reachable(*p)),
                );
            }
            let blocks = dom
                .rpo
                .iter()
                .copied()
                .filter(|b| member[b.0 as usize])
                .collect();
            loops.push(Loop {
                header: h,
                blocks,
                latches,
                parent: None,
                depth: 1,
                member,
            });
        }
        // The parent is the smallest other loop that holds the header.
        for i in 0..loops.len() {
            let parent = (0..loops.len())
                .filter(|&j| j != i && loops[j].contains(loops[i].header))
                .min_by_key(|&j| loops[j].blocks.len());
            loops[i].parent = parent;
        }
        for i in 0..loops.len() {
            let mut depth = 1;
            let mut p = loops[i].parent;
            while let Some(j) = p {
                depth += 1;
                p = loops[j].parent;
            }
            loops[i].depth = depth;
        }
        LoopInfo { loops }
    }

    /// Loop indices, inner loops before the loops that contain them.
    pub fn innermost_first(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.loops.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(self.loops[i].depth));
        order
    }

    /// The loop with this header.
    pub fn with_header(&self, h: BlockId) -> Option<&Loop> {
        self.loops.iter().find(|l| l.header == h)
    }
}

/// The values in order, each once.
pub fn distinct(it: impl IntoIterator<Item = BlockId>) -> Vec<BlockId> {
    let mut out: Vec<BlockId> = Vec::new();
    for b in it {
        if !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// Points every edge from `from` to `old` at `new` (the terminator only).
pub fn redirect_edge(f: &mut Function, from: BlockId, old: BlockId, new: BlockId) {
    let Some(&term) = f.block(from).insts.last() else {
        return;
    };
    for s in f.inst_mut(term).kind.successors_mut() {
        if *s == old {
            *s = new;
        }
    }
}

/// In the phis of `block`, entries from `old` come from `new` instead.
pub fn rename_incoming(f: &mut Function, block: BlockId, old: BlockId, new: BlockId) {
    for i in f.block(block).insts.clone() {
        if let InstKind::Phi { incoming } = &mut f.inst_mut(i).kind {
            for (_, from) in incoming.iter_mut() {
                if *from == old {
                    *from = new;
                }
            }
        }
    }
}

/// Places `i` at the end of `b`, before its terminator.
pub fn push_before_end(f: &mut Function, b: BlockId, i: InstId) {
    let at = f.block(b).insts.len().saturating_sub(1);
    f.block_mut(b).insts.insert(at, i);
}

/// A new instruction at the end of `b`, before its terminator: its value.
pub fn emit(f: &mut Function, b: BlockId, name: &str, ty: Type, kind: InstKind) -> Value {
    let i = f.create_inst(name, ty, kind, None);
    push_before_end(f, b, i);
    Value::Inst(i)
}

/// The phis at the top of a block.
pub fn phis(f: &Function, b: BlockId) -> Vec<InstId> {
    f.block(b)
        .insts
        .iter()
        .copied()
        .take_while(|&i| matches!(f.inst(i).kind, InstKind::Phi { .. }))
        .collect()
}

/// The value a phi takes from `pred`.
pub fn incoming_from(f: &Function, phi: InstId, pred: BlockId) -> Option<Value> {
    match &f.inst(phi).kind {
        InstKind::Phi { incoming } => incoming
            .iter()
            .find(|(_, b)| *b == pred)
            .map(|(v, _)| v.clone()),
        _ => None,
    }
}

/// Moves block `b` in the layout to just before `before`.
pub fn place_before(f: &mut Function, b: BlockId, before: BlockId) {
    f.layout.retain(|x| *x != b);
    let at = f
        .layout
        .iter()
        .position(|x| *x == before)
        .unwrap_or(f.layout.len());
    f.layout.insert(at, b);
}

/// LLVM's SplitBlockPredecessors: a new block `name` that `preds` branch to
/// instead of `block`, and that branches to `block`. The phis of `block`
/// take one entry from the new block: the value when `preds` agreed on one,
/// else a new phi in the new block, named with `phi_suffix` (`%x.ph`).
/// Placed just before `block`.
pub fn split_predecessors(
    f: &mut Function,
    block: BlockId,
    preds: &[BlockId],
    name: &str,
    phi_suffix: &str,
) -> BlockId {
    let preds = distinct(preds.iter().copied());
    let nb = f.add_block(name);
    place_before(f, nb, block);
    let loc = preds
        .first()
        .and_then(|p| f.terminator(*p))
        .and_then(|t| t.loc);
    for &p in &preds {
        redirect_edge(f, p, block, nb);
    }
    let mut new_phis = Vec::new();
    for phi in phis(f, block) {
        let InstKind::Phi { incoming } = f.inst(phi).kind.clone() else {
            continue;
        };
        let moved: Vec<(Value, BlockId)> = incoming
            .iter()
            .filter(|(_, b)| preds.contains(b))
            .cloned()
            .collect();
        if moved.is_empty() {
            continue;
        }
        let first = moved[0].0.clone();
        let value = if moved.iter().all(|(v, _)| *v == first) {
            first
        } else {
            let ty = f.inst(phi).ty.clone();
            let base = format!("{}{phi_suffix}", f.inst(phi).name);
            let loc = f.inst(phi).loc;
            let p = f.create_inst(&base, ty, InstKind::Phi { incoming: moved }, loc);
            new_phis.push(p);
            Value::Inst(p)
        };
        // The new entry takes the place of the first one it replaces.
        let mut out = Vec::new();
        for (v, b) in incoming {
            if !preds.contains(&b) {
                out.push((v, b));
            } else if !out.iter().any(|(_, x)| *x == nb) {
                out.push((value.clone(), nb));
            }
        }
        f.inst_mut(phi).kind = InstKind::Phi { incoming: out };
    }
    let br = f.create_inst("", Type::Void, InstKind::Br { dest: block }, loc);
    f.block_mut(nb).insts = new_phis;
    f.block_mut(nb).insts.push(br);
    nb
}

/// Gives the loop a preheader (`<header>.preheader`) if it has none; `None`
/// when it cannot have one (the header is the function's entry).
pub fn ensure_preheader(f: &mut Function, l: &Loop) -> Option<BlockId> {
    // The header's predecessors only: the whole map per loop made loop
    // passes quadratic in the loops of a function.
    let preds = f.predecessors_of(l.header);
    ensure_preheader_in(f, l, &preds)
}

/// [`ensure_preheader`] given the header's predecessors (`preds`).
pub fn ensure_preheader_in(f: &mut Function, l: &Loop, preds: &[BlockId]) -> Option<BlockId> {
    if let Some(p) = l.preheader_in(f, preds) {
        return Some(p);
    }
    let outside = l.outside_preds_in(preds);
    if outside.is_empty() || l.header == f.entry() {
        return None;
    }
    let name = format!("{}.preheader", f.block(l.header).name);
    Some(split_predecessors(f, l.header, &outside, &name, ".ph"))
}

/// Gives a loop with several latches a single one: a block
/// (`<header>.backedge`) they all branch to, which branches back, with
/// phis (`%x.be`) of the values they bring. The `#pragma unroll` hint moves
/// to it. `None` when the loop has no latch, or when a latch with a hint
/// also branches elsewhere (it may be another loop's latch too). The caller
/// recomputes the loop info.
pub fn ensure_single_latch(f: &mut Function, l: &Loop) -> Option<BlockId> {
    match l.latches.as_slice() {
        [] => return None,
        [one] => return Some(*one),
        _ => {}
    }
    let hinted: Vec<usize> = (0..f.loop_hints.len())
        .filter(|&k| l.latches.contains(&f.loop_hints[k].latch))
        .collect();
    for &k in &hinted {
        if distinct(f.successors(f.loop_hints[k].latch)) != [l.header] {
            return None;
        }
    }
    let name = format!("{}.backedge", f.block(l.header).name);
    let be = split_predecessors(f, l.header, &l.latches, &name, ".be");
    // The latches lead to the header: the new block goes after the last of them.
    f.layout.retain(|b| *b != be);
    let at = f
        .layout
        .iter()
        .rposition(|b| l.latches.contains(b))
        .map_or(f.layout.len(), |p| p + 1);
    f.layout.insert(at, be);
    let unroll = hinted.first().map(|&k| f.loop_hints[k].unroll);
    f.loop_hints.retain(|h| !l.latches.contains(&h.latch));
    if let Some(unroll) = unroll {
        f.loop_hints.push(LoopHint { latch: be, unroll });
    }
    Some(be)
}

/// Gives every exit block of the loop only predecessors in the loop, by
/// splitting the loop's edges into it (`<exit>.loopexit`). An exit that is
/// the header of an enclosing loop, entered by its back edge, is left as is
/// (splitting it would move that loop's latch); the result says whether
/// every exit is dedicated now. The caller recomputes the loop info.
pub fn ensure_dedicated_exits(f: &mut Function, l: &Loop) -> bool {
    let mut all = true;
    for e in l.exit_blocks(f) {
        let preds = f.predecessors();
        let (inside, outside): (Vec<BlockId>, Vec<BlockId>) =
            distinct(preds[e.0 as usize].iter().copied())
                .into_iter()
                .partition(|p| l.contains(*p));
        if outside.is_empty() {
            continue;
        }
        let dom = DomTree::new(f);
        if inside.iter().any(|&p| dom.dominates(e, p)) {
            all = false;
            continue;
        }
        let name = format!("{}.loopexit", f.block(e).name);
        split_predecessors(f, e, &inside, &name, ".ph");
    }
    all
}

/// The constant an instruction computes when its operands are constants.
pub fn fold_inst(f: &Function, kind: &InstKind, ty: &Type) -> Option<Value> {
    match kind {
        InstKind::Bin { op, lhs, rhs, .. } => fold::binary(*op, lhs, rhs, ty),
        InstKind::ICmp { pred, lhs, rhs } => {
            fold::icmp(*pred, lhs, rhs, &f.value_type(lhs)).map(Value::bool)
        }
        InstKind::FCmp { pred, lhs, rhs } => fold::fcmp(*pred, lhs, rhs).map(Value::bool),
        InstKind::Cast { op, val } => fold::cast(*op, val, &f.value_type(val), ty),
        InstKind::Select {
            cond: Value::Int(_, c),
            t,
            f: e,
        } => Some(if *c != 0 { t.clone() } else { e.clone() }),
        _ => None,
    }
}

/// Folds every instruction whose operands are (or become) constants, as
/// LLVM simplifies a loop's copies after unrolling: the first copy's
/// `add i32 0, 1` and the chains after it become constants, so later
/// passes (SROA) see constant indices. One sweep in reverse postorder,
/// then phis' operands from back edges; returns whether anything folded.
pub fn fold_constants(f: &mut Function) -> bool {
    let mut folded: HashMap<InstId, Value> = HashMap::default();
    let rewrite = |folded: &HashMap<InstId, Value>, kind: &mut InstKind| {
        for op in kind.operands_mut() {
            if let Value::Inst(i) = op {
                if let Some(v) = folded.get(i) {
                    *op = v.clone();
                }
            }
        }
    };
    for b in f.reverse_postorder() {
        for i in f.block(b).insts.clone() {
            let mut kind = f.inst(i).kind.clone();
            rewrite(&folded, &mut kind);
            let ty = f.inst(i).ty.clone();
            match fold_inst(f, &kind, &ty) {
                Some(c) => {
                    folded.insert(i, c);
                }
                None => f.inst_mut(i).kind = kind,
            }
        }
    }
    if folded.is_empty() {
        return false;
    }
    for b in f.layout.clone() {
        let insts = f.block(b).insts.clone();
        for &i in &insts {
            if !folded.contains_key(&i) {
                let mut kind = f.inst(i).kind.clone();
                rewrite(&folded, &mut kind);
                f.inst_mut(i).kind = kind;
            }
        }
        f.block_mut(b).insts.retain(|i| !folded.contains_key(i));
    }
    for &i in folded.keys() {
        f.erase_inst(i);
    }
    true
}

/// One use of a value: the block and instruction, and where in it.
pub struct UseSite {
    pub block: BlockId,
    pub inst: InstId,
    pub at: UseAt,
}

/// Where in its instruction a use is.
pub enum UseAt {
    /// A phi's entry (its index) and the block that entry comes from.
    Phi { entry: usize, from: BlockId },
    /// Another instruction's operands (their indices in `operands()`).
    Operands(Vec<usize>),
}

/// The uses of `value` in the function's blocks, except those `skip`
/// accepts (given the block, the using instruction and, for a phi, the
/// incoming block).
pub fn use_sites(
    f: &Function,
    value: InstId,
    skip: &dyn Fn(BlockId, InstId, Option<BlockId>) -> bool,
) -> Vec<UseSite> {
    use_sites_of(f, &[value], skip).pop().expect("one value")
}

/// [`use_sites`] of each of `values` (distinct), in one walk of the function.
pub fn use_sites_of(
    f: &Function,
    values: &[InstId],
    skip: &dyn Fn(BlockId, InstId, Option<BlockId>) -> bool,
) -> Vec<Vec<UseSite>> {
    let index: HashMap<InstId, usize> = values.iter().enumerate().map(|(k, &v)| (v, k)).collect();
    let which = |v: &Value| v.as_inst().and_then(|i| index.get(&i).copied());
    let mut sites: Vec<Vec<UseSite>> = values.iter().map(|_| Vec::new()).collect();
    let mut slots: Vec<(usize, Vec<usize>)> = Vec::new();
    for &block in &f.layout {
        for &inst in &f.block(block).insts {
            match &f.inst(inst).kind {
                InstKind::Phi { incoming } => {
                    for (entry, (v, from)) in incoming.iter().enumerate() {
                        if let Some(k) = which(v) {
                            if !skip(block, inst, Some(*from)) {
                                sites[k].push(UseSite {
                                    block,
                                    inst,
                                    at: UseAt::Phi { entry, from: *from },
                                });
                            }
                        }
                    }
                }
                kind => {
                    slots.clear();
                    // Operands in `operands()`' order, without its vector
                    // (this walk is one of the whole function per loop).
                    let mut slot = 0;
                    kind.for_each_operand(|op| {
                        if let Some(k) = which(op) {
                            match slots.iter_mut().find(|(k2, _)| *k2 == k) {
                                Some((_, s)) => s.push(slot),
                                None => slots.push((k, vec![slot])),
                            }
                        }
                        slot += 1;
                    });
                    for (k, s) in slots.drain(..) {
                        if !skip(block, inst, None) {
                            sites[k].push(UseSite {
                                block,
                                inst,
                                at: UseAt::Operands(s),
                            });
                        }
                    }
                }
            }
        }
    }
    sites
}

/// Reconstructs SSA form for one value that now has several definitions.
///
/// Tell it where the value is known ([`def_at_end`](Self::def_at_end): at
/// the end of a block; [`def_at_start`](Self::def_at_start): from the top of
/// a block, such as a phi the caller placed), then
/// [`rewrite_uses`](Self::rewrite_uses) makes each use read the definition
/// that reaches it. Where definitions meet it places phis named after the
/// value; phis that turn out to merge one value are removed again.
pub struct SsaUpdater {
    ty: Type,
    name: String,
    end: HashMap<BlockId, Value>,
    start: HashMap<BlockId, Value>,
    /// Phis this updater created, with their blocks.
    created: Vec<(BlockId, InstId)>,
    /// The instructions whose operands it rewrote: with the created phis,
    /// the only places a created phi can be used (it hands out values
    /// through [`rewrite_sites`](Self::rewrite_sites) only).
    written: Vec<InstId>,
    cfg: std::rc::Rc<SsaCfg>,
}

/// What an [`SsaUpdater`] reads of the control flow: each block's
/// predecessors, and which blocks the entry reaches (no value flows from the
/// others). Updaters of several values over an unchanged CFG share one.
#[derive(Default)]
pub struct SsaCfg {
    /// Each block's predecessors, as [`Function::predecessors`] lists them.
    pub preds: Vec<Vec<BlockId>>,
    /// Whether the entry reaches each block.
    pub reachable: Vec<bool>,
}

impl SsaCfg {
    pub fn new(f: &Function) -> std::rc::Rc<SsaCfg> {
        let mut reachable = vec![false; f.blocks.len()];
        for b in f.reverse_postorder() {
            reachable[b.0 as usize] = true;
        }
        std::rc::Rc::new(SsaCfg {
            preds: f.predecessors(),
            reachable,
        })
    }

    /// Brings the predecessor lists up to date after the blocks in
    /// `changed` (each with its successors before) changed their
    /// terminators (or were removed); blocks added since are reached. Work
    /// in the blocks involved (and one scan of the layout), not the function.
    pub fn update(&mut self, f: &Function, changed: &[(BlockId, Vec<BlockId>)]) {
        let n = f.blocks.len();
        self.preds.resize(n, Vec::new());
        self.reachable.resize(n, true);
        let sources: Vec<BlockId> = changed.iter().map(|(b, _)| *b).collect();
        let mut targets: Vec<BlockId> = Vec::new();
        let mut new_succs: Vec<(BlockId, Vec<BlockId>)> = Vec::new();
        for (b, old) in changed {
            // A removed block has no terminator, so no successors.
            let new = f.successors(*b);
            targets.extend(old.iter().chain(new.iter()).copied());
            new_succs.push((*b, new));
        }
        let targets = distinct(targets);
        for &t in &targets {
            let list = &mut self.preds[t.0 as usize];
            list.retain(|p| !sources.contains(p));
            for (b, new) in &new_succs {
                list.extend(new.iter().filter(|&&s| s == t).map(|_| *b));
            }
        }
        // Back in layout order (a block's edges to one target stay together).
        let mut involved: Vec<BlockId> = Vec::new();
        for &t in &targets {
            involved.extend(self.preds[t.0 as usize].iter().copied());
        }
        let involved = distinct(involved);
        let mut pos: HashMap<BlockId, usize> = HashMap::default();
        for (k, b) in f.layout.iter().enumerate() {
            if involved.contains(b) {
                pos.insert(*b, k);
                if pos.len() == involved.len() {
                    break;
                }
            }
        }
        for &t in &targets {
            self.preds[t.0 as usize].sort_by_key(|p| pos.get(p).copied().unwrap_or(usize::MAX));
        }
        debug_assert!(
            {
                let all = f.predecessors();
                f.layout
                    .iter()
                    .all(|b| all[b.0 as usize] == self.preds[b.0 as usize])
            },
            "predecessor lists out of date"
        );
    }
}

impl SsaUpdater {
    /// An updater for a value of type `ty`; new phis are named from `name`.
    pub fn new(f: &Function, ty: Type, name: &str) -> SsaUpdater {
        SsaUpdater::with_cfg(SsaCfg::new(f), ty, name)
    }

    /// An updater over `cfg`, which must be the function's current CFG.
    pub fn with_cfg(cfg: std::rc::Rc<SsaCfg>, ty: Type, name: &str) -> SsaUpdater {
        SsaUpdater {
            ty,
            name: name.to_string(),
            end: HashMap::default(),
            start: HashMap::default(),
            created: Vec::new(),
            written: Vec::new(),
            cfg,
        }
    }

    /// The value is `v` at the end of `b`.
    pub fn def_at_end(&mut self, b: BlockId, v: Value) {
        self.end.insert(b, v);
    }

    /// The value is `v` from the top of `b` (until a definition at its end).
    pub fn def_at_start(&mut self, b: BlockId, v: Value) {
        self.start.insert(b, v);
    }

    fn value_at_end(&mut self, f: &mut Function, b: BlockId) -> Value {
        match self.end.get(&b) {
            Some(v) => v.clone(),
            None if !self.cfg.reachable[b.0 as usize] => Value::Undef(self.ty.clone()),
            None => self.value_at_start(f, b),
        }
    }

    /// The value live on entry to `b`.
    fn value_at_start(&mut self, f: &mut Function, b: BlockId) -> Value {
        if let Some(v) = self.start.get(&b) {
            return v.clone();
        }
        // The blocks whose entry value is needed: back from `b` to the definitions.
        let mut region = Vec::new();
        let mut seen = HashSet::default();
        let mut stack = vec![b];
        while let Some(x) = stack.pop() {
            if self.start.contains_key(&x) || !seen.insert(x) {
                continue;
            }
            region.push(x);
            for p in distinct(self.cfg.preds[x.0 as usize].iter().copied()) {
                if !self.end.contains_key(&p) && self.cfg.reachable[p.0 as usize] {
                    stack.push(p);
                }
            }
        }
        // A block entered from several places gets a phi (none: undef) ...
        let mut new_phis = Vec::new();
        for &x in &region {
            let ps = distinct(self.cfg.preds[x.0 as usize].iter().copied());
            if ps.len() == 1 {
                continue;
            }
            let v = if ps.is_empty() {
                Value::Undef(self.ty.clone())
            } else {
                let phi = f.create_inst(
                    &self.name,
                    self.ty.clone(),
                    InstKind::Phi {
                        incoming: Vec::new(),
                    },
                    None,
                );
                f.block_mut(x).insts.insert(0, phi);
                self.created.push((x, phi));
                new_phis.push((x, phi));
                Value::Inst(phi)
            };
            self.start.insert(x, v);
        }
        // ... and a block with one predecessor has the value that ends it.
        for &x in &region {
            let mut path = Vec::new();
            let mut y = x;
            let v = loop {
                if let Some(v) = self.start.get(&y) {
                    break v.clone();
                }
                path.push(y);
                let p = self.cfg.preds[y.0 as usize][0];
                if let Some(v) = self.end.get(&p) {
                    break v.clone();
                }
                if !self.cfg.reachable[p.0 as usize] {
                    break Value::Undef(self.ty.clone());
                }
                // Only a cycle of unreachable blocks has no end.
                if path.len() > region.len() {
                    break Value::Undef(self.ty.clone());
                }
                y = p;
            };
            for y in path {
                self.start.insert(y, v.clone());
            }
        }
        for (x, phi) in new_phis {
            let incoming = distinct(self.cfg.preds[x.0 as usize].iter().copied())
                .into_iter()
                .map(|p| (self.value_at_end(f, p), p))
                .collect();
            f.inst_mut(phi).kind = InstKind::Phi { incoming };
        }
        self.start[&b].clone()
    }

    /// The phis this updater created (and kept).
    pub fn created_phis(&self) -> impl Iterator<Item = InstId> + '_ {
        self.created.iter().map(|(_, p)| *p)
    }

    /// Rewrites every use of `value` in live blocks, except those `skip`
    /// accepts (given the block, the using instruction and, for a phi, the
    /// incoming block), to the definition that reaches it. A use in a phi
    /// reads the value at the end of the incoming block; another use, the
    /// value at the top of its block (so no use may sit in a block that
    /// holds a definition itself).
    pub fn rewrite_uses(
        &mut self,
        f: &mut Function,
        value: InstId,
        skip: &dyn Fn(BlockId, InstId, Option<BlockId>) -> bool,
    ) {
        let sites = use_sites(f, value, &|b, i, from| {
            self.created.iter().any(|(_, p)| *p == i) || skip(b, i, from)
        });
        self.rewrite_sites(f, value, sites);
    }

    /// Rewrites the uses of `value` at `sites` (found by [`use_sites`],
    /// perhaps before other values' updaters ran: several updaters whose
    /// definitions are each other's values then each rewrite only the
    /// original uses, not the operands another one put there).
    pub fn rewrite_sites(&mut self, f: &mut Function, value: InstId, sites: Vec<UseSite>) {
        let target = Value::Inst(value);
        for UseSite { block, inst, at } in sites {
            self.written.push(inst);
            match at {
                UseAt::Phi { entry, from } => {
                    let v = self.value_at_end(f, from);
                    if let InstKind::Phi { incoming } = &mut f.inst_mut(inst).kind {
                        if incoming[entry].0 == target {
                            incoming[entry].0 = v;
                        }
                    }
                }
                UseAt::Operands(slots) => {
                    let v = self.value_at_start(f, block);
                    for (k, op) in f.inst_mut(inst).kind.operands_mut().into_iter().enumerate() {
                        if slots.contains(&k) && *op == target {
                            *op = v.clone();
                        }
                    }
                }
            }
        }
        self.remove_trivial_phis(f);
    }

    /// Deletes created phis whose entries are all one value (or the phi
    /// itself). Their uses are rewritten in one walk at the end (a phi's
    /// entries are read through the replacements made so far).
    fn remove_trivial_phis(&mut self, f: &mut Function) {
        let mut replaced: HashMap<InstId, Value> = HashMap::default();
        let resolve = |replaced: &HashMap<InstId, Value>, v: &Value| {
            let mut v = v.clone();
            for _ in 0..replaced.len() {
                match v.as_inst().and_then(|i| replaced.get(&i)) {
                    Some(next) => v = next.clone(),
                    None => break,
                }
            }
            v
        };
        loop {
            let mut changed = false;
            for k in 0..self.created.len() {
                let (b, phi) = self.created[k];
                if replaced.contains_key(&phi) {
                    continue;
                }
                let InstKind::Phi { incoming } = &f.inst(phi).kind else {
                    continue;
                };
                // Entries from unreachable blocks do not count.
                let me = Value::Inst(phi);
                let mut vals = incoming
                    .iter()
                    .filter(|(_, from)| self.cfg.reachable[from.0 as usize])
                    .map(|(v, _)| resolve(&replaced, v))
                    .filter(|v| *v != me);
                let first = vals.next();
                if !vals.all(|v| Some(&v) == first.as_ref()) {
                    continue;
                }
                let with = first.unwrap_or(Value::Undef(self.ty.clone()));
                for v in self.start.values_mut().chain(self.end.values_mut()) {
                    if *v == me {
                        *v = with.clone();
                    }
                }
                replaced.insert(phi, with);
                f.block_mut(b).insts.retain(|i| *i != phi);
                changed = true;
            }
            if !changed {
                break;
            }
        }
        if !replaced.is_empty() {
            // Not the whole function: a created phi is used only by the
            // instructions this updater wrote and by its other phis.
            let targets = self.written.iter().copied().chain(
                self.created
                    .iter()
                    .map(|(_, p)| *p)
                    .filter(|p| !replaced.contains_key(p)),
            );
            for i in targets.collect::<Vec<_>>() {
                f.inst_mut(i)
                    .kind
                    .for_each_operand_mut(&mut |op: &mut Value| {
                        if op.as_inst().is_some_and(|d| replaced.contains_key(&d)) {
                            *op = resolve(&replaced, op);
                        }
                    });
            }
            for &phi in replaced.keys() {
                f.erase_inst(phi);
            }
            self.created.retain(|(_, p)| !replaced.contains_key(p));
        }
        // Names of removed phis are free again: the survivors take the lowest.
        for &(_, phi) in &self.created {
            f.rename_inst(phi, &self.name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn func(text: &str) -> Function {
        parse_module(text).expect("parses").functions.remove(0)
    }

    const NEST: &str = "\
define void @f(i32 %n) {
entry:
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner ]
  %j.next = add i32 %j, 1
  %c = icmp slt i32 %j.next, %n
  br i1 %c, label %inner, label %outer.latch
outer.latch:
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %outer, label %exit
exit:
  ret void
}
";

    fn names(f: &Function, bs: &[BlockId]) -> Vec<String> {
        bs.iter().map(|b| f.block(*b).name.clone()).collect()
    }

    #[test]
    fn ssa_cfg_update_keeps_predecessors_in_layout_order() {
        let mut f = func(NEST);
        let mut cfg = SsaCfg {
            preds: f.predecessors(),
            reachable: vec![true; f.blocks.len()],
        };
        let id = |f: &Function, name: &str| {
            *f.layout
                .iter()
                .find(|b| f.block(**b).name == name)
                .expect("block")
        };
        let (outer, inner) = (id(&f, "outer"), id(&f, "inner"));
        let edges = vec![(outer, f.successors(outer))];
        let nb = split_predecessors(&mut f, inner, &[outer], "inner.ph", ".ph");
        let mut edges = edges;
        edges.push((nb, Vec::new()));
        cfg.update(&f, &edges);
        // The new block comes before the latch `inner` in the layout.
        assert_eq!(
            names(&f, &cfg.preds[inner.0 as usize]),
            ["inner.ph", "inner"]
        );
        assert_eq!(names(&f, &cfg.preds[nb.0 as usize]), ["outer"]);
        assert_eq!(cfg.reachable.len(), f.blocks.len());
        let all = f.predecessors();
        for &b in &f.layout {
            assert_eq!(cfg.preds[b.0 as usize], all[b.0 as usize]);
        }
    }

    #[test]
    fn finds_nested_loops() {
        let f = func(NEST);
        let li = LoopInfo::new(&f, &DomTree::new(&f));
        assert_eq!(li.loops.len(), 2);
        let (outer, inner) = (&li.loops[0], &li.loops[1]);
        assert_eq!(names(&f, &outer.blocks), ["outer", "inner", "outer.latch"]);
        assert_eq!(names(&f, &inner.blocks), ["inner"]);
        assert_eq!(names(&f, &inner.latches), ["inner"]);
        assert_eq!((outer.parent, inner.parent), (None, Some(0)));
        assert_eq!((outer.depth, inner.depth), (1, 2));
        assert_eq!(li.innermost_first(), [1, 0]);
        let preds = f.predecessors();
        assert_eq!(
            names(&f, &[outer.preheader(&f, &preds).unwrap()]),
            ["entry"]
        );
        // The inner loop's only outside predecessor ends in a branch to it: a preheader.
        assert_eq!(
            names(&f, &[inner.preheader(&f, &preds).unwrap()]),
            ["outer"]
        );
        assert_eq!(names(&f, &inner.exit_blocks(&f)), ["outer.latch"]);
        assert_eq!(names(&f, &outer.exiting_blocks(&f)), ["outer.latch"]);
    }

    #[test]
    fn irreducible_cycles_are_not_loops() {
        let f = func(
            "define void @f(i1 %c) {\nentry:\n  br i1 %c, label %a, label %b\na:\n  br label %b\nb:\n  br i1 %c, label %a, label %x\nx:\n  ret void\n}\n",
        );
        assert!(LoopInfo::new(&f, &DomTree::new(&f)).loops.is_empty());
    }

    #[test]
    fn preheader_and_dedicated_exits_are_created() {
        let mut f = func(
            "define i32 @f(i1 %c, i32 %n) {
entry:
  br i1 %c, label %loop, label %other
other:
  br i1 %c, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ 5, %other ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %d = icmp slt i32 %i.next, %n
  br i1 %d, label %loop, label %exit
exit:
  %r = phi i32 [ 7, %other ], [ %i.next, %loop ]
  ret i32 %r
}
",
        );
        let li = LoopInfo::new(&f, &DomTree::new(&f));
        let l = li.loops[0].clone();
        assert!(l.preheader(&f, &f.predecessors()).is_none());
        let p = ensure_preheader(&mut f, &l).unwrap();
        assert_eq!(f.block(p).name, "loop.preheader");
        assert!(ensure_dedicated_exits(&mut f, &l));
        assert!(
            verify::verify_function(&f).is_empty(),
            "{}",
            print_function(&f)
        );
        let text = print_function(&f);
        assert!(
            text.contains("%i.ph = phi i32 [ 0, %entry ], [ 5, %other ]"),
            "{text}"
        );
        assert!(
            text.contains("%i = phi i32 [ %i.ph, %loop.preheader ], [ %i.next, %loop ]"),
            "{text}"
        );
        assert!(text.contains("exit.loopexit:"), "{text}");
        assert!(
            text.contains("%r = phi i32 [ 7, %other ], [ %i.next, %exit.loopexit ]"),
            "{text}"
        );
        let li = LoopInfo::new(&f, &DomTree::new(&f));
        assert_eq!(li.loops[0].preheader(&f, &f.predecessors()), Some(p));
    }

    #[test]
    fn ssa_updater_places_phis_where_definitions_meet() {
        // %v is defined again in %b; its use in %join needs a phi of both.
        let mut f = func(
            "define i32 @f(i1 %c, i32 %x) {
entry:
  %v = add i32 %x, 1
  br i1 %c, label %a, label %b
a:
  br label %join
b:
  %w = add i32 %x, 2
  br label %join
join:
  %u = mul i32 %v, 3
  ret i32 %u
}
",
        );
        let v = f.insts.iter().position(|i| i.name == "v").unwrap();
        let w = f.insts.iter().position(|i| i.name == "w").unwrap();
        let (entry, b) = (f.layout[0], f.layout[2]);
        let mut up = SsaUpdater::new(&f, Type::I32, "v.merge");
        up.def_at_end(entry, Value::Inst(InstId(v as u32)));
        up.def_at_end(b, Value::Inst(InstId(w as u32)));
        up.rewrite_uses(&mut f, InstId(v as u32), &|blk, _, _| blk == entry);
        let text = print_function(&f);
        assert!(
            text.contains("%v.merge = phi i32 [ %v, %a ], [ %w, %b ]"),
            "{text}"
        );
        assert!(text.contains("%u = mul i32 %v.merge, 3"), "{text}");
        assert!(verify::verify_function(&f).is_empty(), "{text}");
    }
}
