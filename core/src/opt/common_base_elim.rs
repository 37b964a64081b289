//! common-base-elim (NVIDIA's Common Base Elimination, digest part 2 §T,
//! seed L16841): the same address computed in several blocks, none of which
//! dominates the others (`y[i]` stored in both arms of an if, or in three
//! cases of a switch), is computed once, at the end of the nearest block
//! that dominates them all, and every access reads that register. nvcc's
//! PTX then has one `add.s64 %rd1, …` before the branch and `st.global
//! [%rd1]` in each arm, where otherwise each arm multiplies and adds again.
//!
//! Addresses here are the variable part of a getelementptr (its constant
//! part is already its own gep after separate-const-offset-from-gep, and
//! becomes `[%rd1+4]` in the access), compared as expression trees: two
//! geps of one base whose indices extend (or add, shift…) the same values
//! are the same address though each arm extended its index itself. The
//! part of the tree defined where the common block already sees it is
//! shared; the rest is computed again there.
//!
//! As cicc's: function-wide, groups of two or more; the hoisted base lives
//! from the common dominator to its uses (cicc's rematerialization may
//! recompute it later where that is too long; ours does not). Never into a
//! loop that does not hold every use: that would compute it once per
//! iteration instead of once.

use crate::collections::{HashMap, HashSet};
use crate::ir::*;
use crate::opt::loops::{push_before_end, LoopInfo};

/// How deep under the gep an expression is compared (gep → extension → add
/// → …): deeper trees are different addresses.
const MAX_DEPTH: u32 = 4;

pub fn run(m: &mut Module, cx: &super::PassContext) -> bool {
    cx.each_defined(m, run_function)
}

/// Whether an instruction may be part of a compared address: pure,
/// unable to trap, cheap.
fn tree_node(k: &InstKind) -> bool {
    match k {
        InstKind::Gep { .. } | InstKind::Cast { .. } => true,
        InstKind::Bin { op, .. } => !matches!(
            op,
            BinOp::SDiv | BinOp::UDiv | BinOp::SRem | BinOp::URem | BinOp::FDiv | BinOp::FRem
        ),
        _ => false,
    }
}

/// The instruction with its operands blanked: equal for equal operations.
fn shape(k: &InstKind) -> InstKind {
    let mut k = k.clone();
    k.for_each_operand_mut(|o| *o = Value::Undef(Type::Void));
    k
}

struct Trees<'a> {
    f: &'a Function,
    hashes: HashMap<InstId, u64>,
}

impl Trees<'_> {
    fn hash(&mut self, v: &Value, depth: u32) -> u64 {
        use std::hash::{BuildHasher, Hash, Hasher};
        let mut h = rustc_hash::FxBuildHasher.build_hasher();
        match v {
            Value::Inst(i) if depth < MAX_DEPTH && tree_node(&self.f.inst(*i).kind) => {
                if let Some(&x) = self.hashes.get(i) {
                    return x;
                }
                let inst = self.f.inst(*i);
                inst.ty.hash(&mut h);
                shape(&inst.kind).hash(&mut h);
                for o in inst.kind.operands() {
                    self.hash(o, depth + 1).hash(&mut h);
                }
                let x = h.finish();
                self.hashes.insert(*i, x);
                x
            }
            v => {
                v.hash(&mut h);
                h.finish()
            }
        }
    }

    fn same(&self, a: &Value, b: &Value, depth: u32) -> bool {
        if a == b {
            return true;
        }
        let (Value::Inst(x), Value::Inst(y)) = (a, b) else {
            return false;
        };
        let (x, y) = (self.f.inst(*x), self.f.inst(*y));
        depth < MAX_DEPTH
            && tree_node(&x.kind)
            && x.ty == y.ty
            && shape(&x.kind) == shape(&y.kind)
            && x.kind
                .operands()
                .iter()
                .zip(y.kind.operands().iter())
                .all(|(p, q)| self.same(p, q, depth + 1))
    }
}

fn nearest_common_dominator(dom: &DomTree, mut a: BlockId, mut b: BlockId) -> BlockId {
    while a != b {
        while dom.rpo_position(a) > dom.rpo_position(b) {
            a = dom.idom[a.0 as usize].expect("reachable");
        }
        while dom.rpo_position(b) > dom.rpo_position(a) {
            b = dom.idom[b.0 as usize].expect("reachable");
        }
    }
    a
}

fn run_function(f: &mut Function, cx: &super::PassContext) -> bool {
    let dom = DomTree::new(f);
    let mut block_of: HashMap<InstId, BlockId> = HashMap::default();
    for &b in &f.layout {
        for &i in &f.block(b).insts {
            block_of.insert(i, b);
        }
    }
    // The geps with a variable index, grouped by their trees.
    let mut groups: Vec<Vec<InstId>> = Vec::new();
    {
        let mut trees = Trees {
            f,
            hashes: HashMap::default(),
        };
        let mut by_hash: HashMap<u64, Vec<usize>> = HashMap::default();
        for &b in f.layout.iter().filter(|&&b| dom.is_reachable(b)) {
            for &i in &f.block(b).insts {
                let InstKind::Gep { indices, .. } = &f.inst(i).kind else {
                    continue;
                };
                if indices.iter().all(|x| x.as_int().is_some()) {
                    continue;
                }
                let h = trees.hash(&Value::Inst(i), 0);
                let slot = by_hash.entry(h).or_default();
                match slot
                    .iter()
                    .find(|&&g| trees.same(&Value::Inst(groups[g][0]), &Value::Inst(i), 0))
                {
                    Some(&g) => groups[g].push(i),
                    None => {
                        slot.push(groups.len());
                        groups.push(vec![i]);
                    }
                }
            }
        }
    }
    let loops = LoopInfo::new(f, &dom);
    let mut changed = false;
    let mut replaced: HashMap<InstId, Value> = HashMap::default();
    for group in groups {
        let blocks: HashSet<BlockId> = group.iter().map(|i| block_of[i]).collect();
        if blocks.len() < 2 {
            continue;
        }
        let d = group
            .iter()
            .map(|i| block_of[i])
            .reduce(|a, b| nearest_common_dominator(&dom, a, b))
            .expect("two or more");
        // Never into a loop that does not hold every use.
        if loops
            .loops
            .iter()
            .any(|l| l.contains(d) && blocks.iter().any(|&b| !l.contains(b)))
        {
            continue;
        }
        // A member already in the common block is the shared one.
        let shared = if let Some(&keep) = group.iter().find(|i| block_of[i] == d) {
            Some(Value::Inst(keep))
        } else if available(f, &dom, &block_of, &Value::Inst(group[0]), d, 0) {
            None
        } else {
            continue;
        };
        if !cx.may_rewrite() {
            break;
        }
        let base = match shared {
            Some(v) => v,
            None => materialize(f, &dom, &mut block_of, &replaced, &Value::Inst(group[0]), d),
        };
        for &i in &group {
            if Value::Inst(i) != base {
                replaced.insert(i, base.clone());
            }
        }
        changed = true;
        let name = base
            .as_inst()
            .map_or_else(String::new, |i| f.inst(i).name.clone());
        cx.applied(
            super::remark::block_line(f, d),
            format_args!(
                "the address `%{name}` of {} blocks computed once in `{}`",
                blocks.len(),
                f.block(d).name
            ),
        );
    }
    if changed {
        f.replace_uses_by_map(&replaced);
        // The replaced geps and what only they computed.
        super::dce::run_function(f);
    }
    changed
}

/// Whether `v`'s tree can be computed at the end of `d`: each leaf defined
/// in a block dominating `d` (or `d` itself).
fn available(
    f: &Function,
    dom: &DomTree,
    block_of: &HashMap<InstId, BlockId>,
    v: &Value,
    d: BlockId,
    depth: u32,
) -> bool {
    let Value::Inst(i) = v else {
        return true;
    };
    if dom.dominates(block_of[i], d) {
        return true;
    }
    let k = &f.inst(*i).kind;
    depth < MAX_DEPTH
        && tree_node(k)
        && k.operands()
            .iter()
            .all(|o| available(f, dom, block_of, o, d, depth + 1))
}

/// `v`'s tree computed at the end of `d`, reusing what `d` already sees.
fn materialize(
    f: &mut Function,
    dom: &DomTree,
    block_of: &mut HashMap<InstId, BlockId>,
    replaced: &HashMap<InstId, Value>,
    v: &Value,
    d: BlockId,
) -> Value {
    let Value::Inst(i) = v else {
        return v.clone();
    };
    // An inner address already computed once for its own group.
    if let Some(r) = replaced.get(i) {
        return r.clone();
    }
    if dom.dominates(block_of[i], d) {
        return v.clone();
    }
    let inst = f.inst(*i).clone();
    let mut kind = inst.kind.clone();
    let operands: Vec<Value> = inst
        .kind
        .operands()
        .iter()
        .map(|o| materialize(f, dom, block_of, replaced, o, d))
        .collect();
    let mut it = operands.into_iter();
    kind.for_each_operand_mut(|o| *o = it.next().expect("same operands"));
    let name = inst.name.clone();
    let id = f.create_inst(&name, inst.ty.clone(), kind, inst.loc);
    push_before_end(f, d, id);
    block_of.insert(id, d);
    Value::Inst(id)
}
