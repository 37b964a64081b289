//! sccp: sparse conditional constant propagation (Wegman and Zadeck). Values
//! are assumed constant until shown otherwise, and only edges that can be
//! taken are followed, so a constant that decides a branch also removes the
//! other side: `if (n > 0)` inside `if (n == 4)` folds. Constants replace
//! their values; branches on constants become jumps; blocks no edge reaches
//! are left to simplifycfg.

use crate::collections::HashSet;
use crate::ir::fold;
use crate::ir::*;
use std::collections::VecDeque;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_function(m, "constants propagated", run_function)
}

/// The lattice: not yet known (optimistic), one constant, or varying.
#[derive(Clone, Debug, PartialEq)]
enum Lat {
    Unknown,
    Const(Value),
    Varying,
}

fn meet(a: &Lat, b: &Lat) -> Lat {
    match (a, b) {
        (Lat::Unknown, x) | (x, Lat::Unknown) => x.clone(),
        (Lat::Const(x), Lat::Const(y)) if x == y => Lat::Const(x.clone()),
        _ => Lat::Varying,
    }
}

struct Solver<'a> {
    f: &'a Function,
    lat: Vec<Lat>,
    executable_blocks: HashSet<BlockId>,
    executable_edges: HashSet<(BlockId, BlockId)>,
    block_work: VecDeque<BlockId>,
    inst_work: VecDeque<InstId>,
    /// Users of each instruction (in live blocks).
    users: Vec<Vec<InstId>>,
    block_of: Vec<Option<BlockId>>,
}

impl Solver<'_> {
    fn value(&self, v: &Value) -> Lat {
        match v {
            Value::Inst(i) => self.lat[i.0 as usize].clone(),
            Value::Arg(_) | Value::Global(..) => Lat::Varying,
            // An undef operand may be any value, and one that stayed
            // Unknown would let a phi take its other input's constant (an
            // `or (and undef, -65536), 7` is not 7): varying, as LLVM's
            // solver resolves the undefs left over. A phi skips its undef
            // inputs instead (`phi [undef], [c]` may be `c`).
            Value::Undef(_) => Lat::Varying,
            c => Lat::Const(c.clone()),
        }
    }

    fn set(&mut self, i: InstId, new: Lat) {
        let old = &self.lat[i.0 as usize];
        let merged = meet(old, &new);
        if merged != *old {
            self.lat[i.0 as usize] = merged;
            for &u in &self.users[i.0 as usize] {
                self.inst_work.push_back(u);
            }
        }
    }

    fn mark_edge(&mut self, from: BlockId, to: BlockId) {
        if !self.executable_edges.insert((from, to)) {
            return;
        }
        if self.executable_blocks.insert(to) {
            self.block_work.push_back(to);
        } else {
            // A new edge into a visited block: its phis see a new input.
            for &i in &self.f.block(to).insts {
                if matches!(self.f.inst(i).kind, InstKind::Phi { .. }) {
                    self.inst_work.push_back(i);
                }
            }
        }
    }

    fn visit(&mut self, id: InstId) {
        let f = self.f;
        let Some(b) = self.block_of[id.0 as usize] else {
            return;
        };
        if !self.executable_blocks.contains(&b) {
            return;
        }
        let inst = f.inst(id);
        let ty = inst.ty.clone();
        let result = match &inst.kind {
            InstKind::Phi { incoming } => {
                let mut acc = Lat::Unknown;
                for (v, from) in incoming {
                    if self.executable_edges.contains(&(*from, b)) && !matches!(v, Value::Undef(_))
                    {
                        acc = meet(&acc, &self.value(v));
                    }
                }
                acc
            }
            InstKind::Bin { op, lhs, rhs, .. } => match (self.value(lhs), self.value(rhs)) {
                (Lat::Const(a), Lat::Const(c)) => {
                    fold::binary(*op, &a, &c, &ty).map_or(Lat::Varying, Lat::Const)
                }
                (Lat::Varying, _) | (_, Lat::Varying) => Lat::Varying,
                _ => Lat::Unknown,
            },
            InstKind::ICmp { pred, lhs, rhs } => match (self.value(lhs), self.value(rhs)) {
                (Lat::Const(a), Lat::Const(c)) => fold::icmp(*pred, &a, &c, &f.value_type(lhs))
                    .map_or(Lat::Varying, |x| Lat::Const(Value::bool(x))),
                (Lat::Varying, _) | (_, Lat::Varying) => Lat::Varying,
                _ => Lat::Unknown,
            },
            InstKind::FCmp { pred, lhs, rhs } => match (self.value(lhs), self.value(rhs)) {
                (Lat::Const(a), Lat::Const(c)) => {
                    fold::fcmp(*pred, &a, &c).map_or(Lat::Varying, |x| Lat::Const(Value::bool(x)))
                }
                (Lat::Varying, _) | (_, Lat::Varying) => Lat::Varying,
                _ => Lat::Unknown,
            },
            InstKind::Cast { op, val } => match self.value(val) {
                Lat::Const(c) => {
                    fold::cast(*op, &c, &f.value_type(val), &ty).map_or(Lat::Varying, Lat::Const)
                }
                l => l,
            },
            InstKind::Select { cond, t, f: e } => match self.value(cond) {
                Lat::Const(c) => self.value(if c.as_int() != Some(0) { t } else { e }),
                Lat::Unknown => Lat::Unknown,
                // An undef arm is skipped as a phi's undef input is: the
                // select may be its other arm (`select c, 7, undef` is 7,
                // as LLVM's InstSimplify folds it and nvcc stores 7).
                Lat::Varying => match (t, e) {
                    (Value::Undef(_), x) | (x, Value::Undef(_)) => self.value(x),
                    _ => meet(&self.value(t), &self.value(e)),
                },
            },
            InstKind::CondBr { cond, t, f: e } => {
                match self.value(cond) {
                    Lat::Const(c) => {
                        let dest = if c.as_int() != Some(0) { *t } else { *e };
                        self.mark_edge(b, dest);
                    }
                    Lat::Varying => {
                        self.mark_edge(b, *t);
                        self.mark_edge(b, *e);
                    }
                    Lat::Unknown => {}
                }
                return;
            }
            InstKind::Switch {
                val,
                default,
                cases,
            } => {
                match self.value(val) {
                    Lat::Const(c) => {
                        let dest = match c.as_int() {
                            Some(c) => switch_target(*default, cases, c),
                            None => *default,
                        };
                        self.mark_edge(b, dest);
                    }
                    Lat::Varying => {
                        for s in f.inst(id).kind.successors() {
                            self.mark_edge(b, s);
                        }
                    }
                    Lat::Unknown => {}
                }
                return;
            }
            InstKind::Br { dest } => {
                self.mark_edge(b, *dest);
                return;
            }
            _ => {
                if ty != Type::Void {
                    Lat::Varying
                } else {
                    return;
                }
            }
        };
        self.set(id, result);
    }
}

fn run_function(f: &mut Function) -> bool {
    let n = f.insts.len();
    let mut users = vec![Vec::new(); n];
    let mut block_of = vec![None; n];
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of[i.0 as usize] = Some(b);
            f.inst(i).kind.for_each_operand(|op| {
                if let Value::Inst(d) = op {
                    users[d.0 as usize].push(i);
                }
            });
        }
    }
    let mut s = Solver {
        f,
        lat: vec![Lat::Unknown; n],
        executable_blocks: HashSet::default(),
        executable_edges: HashSet::default(),
        block_work: VecDeque::new(),
        inst_work: VecDeque::new(),
        users,
        block_of,
    };
    let entry = f.entry();
    s.executable_blocks.insert(entry);
    s.block_work.push_back(entry);
    loop {
        if let Some(i) = s.inst_work.pop_front() {
            s.visit(i);
        } else if let Some(b) = s.block_work.pop_front() {
            for &i in &f.block(b).insts {
                s.visit(i);
            }
        } else {
            break;
        }
    }
    let (lat, edges, live_blocks) = (s.lat, s.executable_edges, s.executable_blocks);
    // Rewrite: constants replace values; branches follow the executable edges.
    let mut changed = false;
    let mut replaced = Vec::new();
    for &b in &f.layout {
        if !live_blocks.contains(&b) {
            continue;
        }
        for &i in &f.block(b).insts {
            if let Lat::Const(c) = &lat[i.0 as usize] {
                if f.inst(i).ty != Type::Void && !f.inst(i).kind.has_side_effects() {
                    replaced.push((i, c.clone()));
                }
            }
        }
    }
    for (i, c) in &replaced {
        f.replace_all_uses(&Value::Inst(*i), c);
    }
    if !replaced.is_empty() {
        let dead: HashSet<InstId> = replaced.iter().map(|(i, _)| *i).collect();
        f.delete_insts(dead);
        changed = true;
    }
    for b in f.layout.clone() {
        if !live_blocks.contains(&b) {
            continue;
        }
        let Some(&term) = f.block(b).insts.last() else {
            continue;
        };
        if let InstKind::CondBr { t, f: e, .. } = f.inst(term).kind.clone() {
            let (te, fe) = (edges.contains(&(b, t)), edges.contains(&(b, e)));
            if te != fe {
                let (dest, other) = if te { (t, e) } else { (e, t) };
                if dest != other {
                    for i in f.block(other).insts.clone() {
                        if let InstKind::Phi { incoming } = &mut f.inst_mut(i).kind {
                            if let Some(p) = incoming.iter().position(|(_, from)| *from == b) {
                                incoming.remove(p);
                            }
                        }
                    }
                }
                f.inst_mut(term).kind = InstKind::Br { dest };
                changed = true;
            }
        }
        // A switch whose one executable edge is known goes there.
        if let InstKind::Switch { .. } = f.inst(term).kind {
            let succ = f.inst(term).kind.successors();
            let live: Vec<BlockId> = succ
                .iter()
                .copied()
                .filter(|s| edges.contains(&(b, *s)))
                .collect();
            if let Some(&dest) = live.first() {
                if live.iter().all(|s| *s == dest) && succ.iter().any(|s| *s != dest) {
                    f.replace_terminator_with_br(b, dest);
                    changed = true;
                }
            }
        }
    }
    changed
}
